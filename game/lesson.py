"""A guided first game: a prepared deal and the steps of its lesson, as plain data.

Each game's `game/<name>/lesson.py` holds `LESSON`: the setup and seed of a deal chosen for
what it teaches, and its steps in order:

- `Say(key)`: words only; the player goes on with Confirm (or a click on the words);
- `Teach(code, key, point, after, wrong)`: the human plays exactly the move `code`; the
  words `key` say what and why, `point` is the key of the table's target to point at (see
  game/ui/table/targets.py; a list for several), `after` says what happened once it is
  played, and `wrong` (optional) why another move is not this step's;
- `Free(key, after)`: any legal move of the human's (a step of practice);
- `Reply(code, after)`: a computer's move, scripted because the lesson needs it (moves the
  script does not give are searched as in any game).

Since the deal is a seed and every move a code, a lesson replays exactly: a game record
with the note `lesson` (how many steps are done), saved and resumed like any game and
counted in no statistics. `python main.py --scene learn:GAME` opens it.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Say:
    key: str


@dataclass(frozen=True)
class Teach:
    code: str
    key: str
    point: object = None
    after: str = ""
    wrong: str = ""


@dataclass(frozen=True)
class Free:
    key: str
    after: str = ""


@dataclass(frozen=True)
class Reply:
    code: str
    after: str = ""


@dataclass(frozen=True)
class Lesson:
    setup: dict                     # players, seats (the human first), options
    seed: int
    steps: tuple
    end: str                        # the last words, before the player plays on or leaves
    params: dict = field(default_factory=dict)   # values the lesson's words name (a card, a square)


def lesson_of(game: str) -> Lesson | None:
    """The game's lesson, or None for a game that has none yet."""
    try:
        module = importlib.import_module(f"game.{game}.lesson")
    except ModuleNotFoundError:
        return None
    return module.LESSON


def check(lesson: Lesson, rules) -> None:
    """Raise ValueError unless every scripted move of `lesson` is legal where it comes, the
    human's at the human's turns and a reply at a computer's: a lesson is played through
    the rules before it is shown (and by the tests)."""
    state = rules.new_game(lesson.seed, lesson.setup["players"], dict(lesson.setup["options"]))
    humans = {seat for seat, kind in enumerate(lesson.setup["seats"]) if kind == "human"}
    for number, step in enumerate(lesson.steps, 1):
        if isinstance(step, (Say, Free)):
            continue
        move = rules.parse_move(step.code)
        mover = state.to_move()
        if (mover in humans) != isinstance(step, Teach):
            raise ValueError(f"step {number} ({step.code}): it is seat {mover}'s turn")
        if move not in state.legal_moves():
            raise ValueError(f"step {number} ({step.code}) is not legal there")
        state.play(move)
