"""Fuzzing: random games, random input and hostile data folders, each checked as it runs.

    python -m tests.fuzz TARGET [--seconds S] [--seed N] [--limit K] [--only I] [--thorough F]

TARGET is a game with rules (every game in game/registry.py whose rules module exists, so a
new game joins by landing its rules), `ui`, `saves`, `phones`, or `all`. Each target prints one line:
what it ran (games and moves, input events, or data folders), the seconds, the seed, and the
failures, then the kinds of failure and the first ones in full; the exit code is 1 when
anything failed. A progress line comes every minute. Every unit of work gets its own random
generator from (seed, index), so `--only INDEX` reruns exactly the game, session or folder a
failure names: a game depends on nothing but (seed, index), not on the games before it nor
on the process (tests/test_fuzz.py replays one under two string-hash seeds). `--limit` stops
after that many games, events or folders; `--thorough 0.05` gives every check to 5% of the
positions only (the rest get the cheap ones), for long runs. `--seconds` is kept inside a
game too: the game running when the time is up ends there, and the line says so (the clock
only ends the run; what is checked up to then does not depend on the machine's speed).
tests/test_fuzz.py runs a short seeded slice of each target; long runs are for people.

- A game target plays random games under random option sets (every option of the module's
  OPTIONS, a random number of seats) and checks every position with the contract test's
  checks (tests/checks.py): the legal moves are all playable (on a copy), moves from
  elsewhere (of another random game of the kind, and from earlier in this one), moves with
  fields of a wrong type and look-alikes (objects whose __eq__ claims to equal every move,
  subclasses of the move classes) raise IllegalMove and change nothing,
  `to_dict` survives JSON and `from_dict` rebuilds the same state, a copy is independent,
  the view and a sample agree with the state, the events say where cards and pieces went,
  and every card or piece is in the game's `zones()`, once. `parse_move` and
  `from_notation` must refuse anything but text with ValueError. Those checks write and
  read back every move so far, so their cost grows with the match: past FULL_CHECKS moves
  a game gives them to a shrinking share of its positions (every position still gets the
  cheap ones, the last one all of them), about 2 * FULL_CHECKS positions in all however
  long it runs (a random Kings Corners match to 500 chips can run past 13,000 moves).
- `ui` sends random real pygame events to a headless App on every screen: keys, mouse,
  wheel, text, gamepad buttons and sticks, gamepad hot-plug with bogus ids, real window
  resizes down to 1x1, long and zero frames, and QUIT (after which the next start reads what
  the last one saved; each session starts on an empty data folder of its own). The computer
  players answer at once, sometimes with nonsense.
- `saves` starts the App on hostile data folders (deep nesting, huge strings, wrong types,
  impossible positions of every game, non-UTF-8 bytes, empty files, folders where files
  belong, leftovers of a killed write), presses Continue, and requires it to start, to
  report what it set aside, to go on, and to say nothing the second time. Text that could
  poison what the game writes back (a lone surrogate, a control character, a text past the
  length limit, nesting past the depth limit, in settings, statistics or the save) must be
  set aside at the door; the line counts each of these classes: tried, set aside, crashes.
- `phones` (tests/fuzz_phones.py) attacks running games with phone seats over the loopback
  address: hostile messages over a seat's own WebSocket and hostile connection patterns,
  and requires after each case that a robot phone still plays its seat, the record replays
  and the save holds the moves; the line counts cases, crashes and tracebacks.
"""
from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import itertools
import json
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game import registry  # noqa: E402
from game.base import IllegalMove  # noqa: E402
from game.cards import Card  # noqa: E402
from tests import checks  # noqa: E402
from tests.checks import Broken, check, identity, typed  # noqa: E402

# A game is stuck when its scores() stay the same for STUCK_MOVES moves (the longest such
# stretch in 750 random games of the five games was 154 moves), or when it runs past MAX_MOVES:
# random two-player Kings Corners matches to 500 chips ran a median of 100,716 moves and 3 of
# 12 past 200,000 (the longest 401,220; each hand moves the chips, so they do end).
MAX_MOVES = 2_000_000
STUCK_MOVES = 20_000
FINISH_MOVES = 200_000    # a game played out for the result screen (ui) stops here
FULL_CHECKS = 500         # every check at every position up to this many moves, then at a share (FULL_CHECKS/n)^2
ELSEWHERE = 300           # moves of another random game played to draw each game's moves from elsewhere
ROUND_TRIPS = 64          # a save round trip at every position up to this many moves, then fewer
SHOWN_FAILURES = 5        # failures printed in full per target
PROGRESS = 0.0            # seconds between progress lines; the command line sets 60
KEPT_FAILURES = 50


@dataclass
class Report:
    target: str
    seed: int
    unit: str                        # "games", "events" or "data folders"
    runs: int = 0
    steps: int = 0                   # moves played (games)
    seconds: float = 0.0
    failures: list = field(default_factory=list)
    failure_count: int = 0
    kinds: dict = field(default_factory=dict)   # "TypeError at game/x.py:12" -> count
    command: str = ""                            # the target as typed (when the label says more)
    notes: dict = field(default_factory=dict)    # extra counts for the line ("resumed": 12)
    progress: float = 0.0                        # seconds between progress lines (0: none)
    cut: tuple = ()                              # (index, moves) of a game the clock ended
    _shown: float = 0.0

    def tick(self, started: float) -> None:
        """A progress line now and then (long runs), so a run cut short still says what it did."""
        now = time.perf_counter()
        if self.progress and now - max(self._shown, started) >= self.progress:
            self._shown = now
            self.seconds = now - started
            print("  ... " + self.line(), flush=True)

    def fail(self, index: int, error: BaseException, where: str = "") -> None:
        """Count a failure; keep the first few in full, with the command that reruns it."""
        self.failure_count += 1
        inner = error.__cause__ or error
        frames = traceback.extract_tb(inner.__traceback__)
        place = f"{os.path.relpath(frames[-1].filename, ROOT)}:{frames[-1].lineno}" if frames else "?"
        kind = f"{type(inner).__name__} at {place}"
        if isinstance(inner, Broken):   # the invariant, without the particulars
            kind = f"Broken: {str(inner).split(' (')[0][:60]}"
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        command = f"python -m tests.fuzz {self.command or self.target} --seed {self.seed} --only {index}"
        if self.progress:       # a long run says each failure at once, with the command that reruns it
            print(f"  !!! {kind}: {command}", flush=True)
        if len(self.failures) < KEPT_FAILURES:
            text = "".join(traceback.format_exception(type(inner), inner, inner.__traceback__, limit=-6))
            self.failures.append(f"[{command}] {where}{' ' if where else ''}{error}\n{text}")

    def line(self) -> str:
        moves = f", {self.steps} moves" if self.steps else ""
        notes = "".join(f", {count} {name}" for name, count in self.notes.items())
        cut = ""
        if self.cut:   # the run's last game, ended by the clock: how to play it out
            index, count = self.cut
            cut = f" (game {index} cut by the clock after {count} moves; --only {index} plays it out)"
        return (f"{self.target}: {self.runs} {self.unit}{cut}{moves}{notes}, {self.seconds:.1f} s, "
                f"seed {self.seed}, {self.failure_count} failures")

    def note(self, name: str) -> None:
        self.notes[name] = self.notes.get(name, 0) + 1


def unit_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"{seed}:{index}")


def run_units(report: Report, seconds: float, limit: int | None, only: int | None, one) -> Report:
    """Call one(index, rng) for index 0, 1, ... until the time or the count runs out."""
    start = time.perf_counter()
    indices = [only] if only is not None else itertools.count()
    for index in indices:
        if only is None and (time.perf_counter() - start >= seconds or (limit is not None and report.runs >= limit)):
            break
        try:
            one(index, unit_rng(report.seed, index))
        except Exception as error:
            report.fail(index, error)
        report.runs += 1
        report.tick(start)
    report.seconds = time.perf_counter() - start
    return report


def game_targets() -> list[str]:
    return [info.name for info in registry.GAMES.values() if info.has_rules()]


# ================================================================================ rules

def is_listed(move, moves: list) -> bool:
    """Whether `move` is one of the legal moves, field types included (Give(1.0) == Give(1),
    but only Give(1) is legal)."""
    key = typed(move)
    return any(type(m) is type(move) and m == move and typed(m) == key for m in moves)


def random_options(rules, rng: random.Random) -> dict:
    return {option.key: rng.choice(option.choices) for option in rules.OPTIONS}


BAD_VALUES = (None, True, False, 1.0, 0.5, -1, 16, 99, 10 ** 30, "", "X", "a1", "QS", [], (), {}, [0],
              (1, "S"), (0, "X"), frozenset({1}), float("nan"), Card(0, "X"), Card(5, "S"), Card(13, "H"),
              Card("A", "S"), Card(5, None), (Card(5, "S"), Card(5, "S")), (Card(99, "S"),), ("QS", 7), object())


NOT_TEXT = (None, 3, 1.5, True, b"end", ["end"], ("end",), {"end": 1}, object())


# Look-alikes (issue 26): objects that claim to equal every move, so `move in legal_moves()`
# holds for them; play() must look at the type first.
def _equal_to_all(self, other):
    return True


def _hash_zero(self):
    return 0


class Liar:
    __eq__, __hash__ = _equal_to_all, _hash_zero


class LyingClass(type):
    __eq__, __hash__ = _equal_to_all, _hash_zero


class LiarOfLyingClass(metaclass=LyingClass):
    """Even its class claims to be every class (`type(move) in MOVE_TYPES` holds)."""
    __eq__, __hash__ = _equal_to_all, _hash_zero


class LyingInt(int):
    __eq__, __hash__ = _equal_to_all, _hash_zero


class LyingStr(str):
    __eq__, __hash__ = _equal_to_all, _hash_zero


class LyingTuple(tuple):
    __eq__, __hash__ = _equal_to_all, _hash_zero


def lying_copy(move):
    """The same move as an instance of a subclass whose __eq__ claims to equal anything."""
    cls = type(move)
    liar = type(f"Lying{cls.__name__}", (cls,), {"__eq__": _equal_to_all, "__hash__": _hash_zero, "__slots__": ()})
    copy = object.__new__(liar)
    for item in dataclasses.fields(move):
        object.__setattr__(copy, item.name, getattr(move, item.name))
    return copy


def wrong_typed(value) -> list:
    """Values equal to `value` (or standing for it) of another type than the rules store."""
    kind = type(value)
    if kind is bool:
        return [int(value)]
    if kind is int:
        return [float(value), LyingInt(value)] + ([bool(value)] if value in (0, 1) else [])
    if kind is str:
        return [LyingStr(value)]
    if isinstance(value, tuple):
        return [tuple(value) if kind is not tuple else list(value), LyingTuple(value)]
    return []


def look_alikes(moves: list, rng: random.Random, count: int = 3) -> list:
    """Hostile stand-ins for some of the legal moves (none may be played): objects equal to
    everything, a lying subclass copy of each, and each field swapped for an equal value of
    another type (past the constructor, as unpickling would)."""
    found = [Liar(), LiarOfLyingClass()]
    for move in rng.sample(moves, min(count, len(moves))):
        found.append(lying_copy(move))
        for item in dataclasses.fields(move):
            for value in wrong_typed(getattr(move, item.name)):
                odd = object.__new__(type(move))
                for other in dataclasses.fields(move):
                    object.__setattr__(odd, other.name, value if other is item else getattr(move, other.name))
                found.append(odd)
    return found


def text_readers(rules) -> list:
    return [getattr(rules, name) for name in ("parse_move", "from_notation") if hasattr(rules, name)]


# what the rules targets tried of each class (the report's line gives them per target)
TRIED: Counter = Counter()


def bent_moves(moves: list, pool: list, rng: random.Random, count: int) -> list:
    """Moves that should be refused: garbage, moves of other positions, and legal moves with
    one field swapped for a value of a wrong type or range (built as any caller could)."""
    found = [rng.choice((None, 0, "end", (), Card(1, "S"), object()))]
    found += rng.sample(pool, min(len(pool), count // 2))
    shaped = [m for m in moves if dataclasses.is_dataclass(m) and identity(m)]
    for _ in range(count):
        if not shaped:
            break
        move = rng.choice(shaped)
        name = rng.choice(identity(move)).name
        bad = rng.choice(BAD_VALUES)
        if rng.random() < 0.5:   # through the constructor, as code would
            try:
                found.append(dataclasses.replace(move, **{name: bad}))
            except IllegalMove:
                pass             # refusing it at construction is as good
            continue
        odd = object.__new__(type(move))   # past the constructor, as unpickling would
        for item in dataclasses.fields(move):
            object.__setattr__(odd, item.name, bad if item.name == name else getattr(move, item.name))
        if hasattr(odd, "__post_init__"):  # what it derives from its fields (Kingen's card index)
            try:
                odd.__post_init__()
            except IllegalMove:
                continue
        found.append(odd)
    return found


def check_position(rules, state, rng: random.Random, whole, pool: list, sample: int,
                   thorough: bool = True) -> list:
    """The shared checks of one position (tests/checks.py; the cheap ones only unless
    `thorough`), with this fuzzer's bent and look-alike moves to refuse, the view of the
    player to move, and non-text given to the text readers; returns the legal moves."""
    if not thorough:
        return checks.check_moves(rules, state, whole, codes=8)
    moves = list(state.legal_moves())
    refuse = [("illegal", move) for move in bent_moves(moves, pool, rng, 6) if not is_listed(move, moves)]
    refuse += [("look-alike", move) for move in look_alikes(moves, rng, 1)]
    TRIED.update(kind for kind, _ in refuse)
    # the save round trip replays every move so far (from_dict): at most about 64 log(n)
    # times in a game of n moves, so that long matches stay affordable
    moves_so_far = len(getattr(state, "history", None) or getattr(state, "log", None) or ())
    save = moves_so_far <= ROUND_TRIPS or rng.random() < ROUND_TRIPS / moves_so_far
    seats = [] if state.to_move() is None else [state.to_move()]
    moves = checks.check_position(rules, state, rng, whole, refuse, seats, sample, codes=8, save=save)
    # a move or a position is read from text only
    for reader in text_readers(rules):
        value = rng.choice(NOT_TEXT)
        TRIED["non-text"] += 1
        try:
            reader(value)
        except ValueError:
            continue
        except Exception as error:
            raise Broken(f"{reader.__name__} of a non-text raised {type(error).__name__}, not ValueError "
                         f"({value!r})") from error
        raise Broken(f"{reader.__name__} read a non-text ({value!r})")
    return moves


# Moves a random player would make too often: giving up ends a game of 4 Koningen at once,
# and ending the turn at every chance makes a Kings Corners match nearly endless.
RARE_MOVES = {"vier_koningen": ("GiveUp", 0.01), "kings_corners": ("EndTurn", 0.3)}


def pick(game: str, moves: list, rng: random.Random):
    name, share = RARE_MOVES.get(game, ("", 1.0))
    common = [move for move in moves if type(move).__name__ != name]
    return rng.choice(common if common and rng.random() >= share else moves)


def moves_elsewhere(game: str, rng: random.Random) -> list:
    """Some moves of another random game of `game` (its own options and seats), for a game to
    refuse. Each game draws them with its own generator, so that `--only` replays it exactly:
    a pool kept across games made a game depend on the games played before it."""
    info = registry.game(game)
    rules = info.rules()
    options = random_options(rules, rng)
    state = rules.new_game(rng.randrange(1_000_000_000), rng.choice(info.seats), options)
    found = []
    for _ in range(ELSEWHERE):
        moves = state.legal_moves()
        if not moves:
            break
        move = pick(game, moves, rng)
        if rng.random() < 0.1:
            found.append(move)
        state.play(move)
    return found


def full_share(thorough: float, count: int) -> float:
    """The share of positions that get every check, `count` moves into a game: `thorough` up
    to FULL_CHECKS moves, then falling as (FULL_CHECKS / count)^2, so that a game gets about
    2 * FULL_CHECKS fully checked positions however long it runs: their cost grows with the
    moves so far, so a long match pays less for them per move the longer it runs."""
    return thorough * min(1.0, (FULL_CHECKS / count) ** 2) if count else thorough


def play_one_game(game: str, rng: random.Random, sample: int, thorough: float = 1.0,
                  stop_after: int | None = None, played=None) -> bool:
    """A random game under random options, checked as it goes; `stop_after` moves ends the
    game early (the CI slice). `played(moves)` is called after every move; when it returns
    True (the clock), the game ends there. Returns whether it ended so."""
    info = registry.game(game)
    rules = info.rules()
    options = random_options(rules, rng)
    players = rng.choice(info.seats)
    game_seed = rng.randrange(1_000_000_000)
    state = rules.new_game(game_seed, players, dict(options))
    where = f"{game} seed {game_seed}, {players} players, options {options}"
    pool = moves_elsewhere(game, rng)
    count = changed = 0                   # moves, and moves when the scores last changed
    scores = state.scores()
    try:
        whole = checks.check_start(state)
        while True:
            full = rng.random() < full_share(thorough, count) or state.is_over()
            moves = check_position(rules, state, rng, whole, pool, sample, full)
            if not moves or count == stop_after:
                return False
            check(count < MAX_MOVES, "the game does not end")
            check(count - changed < STUCK_MOVES, f"the scores stay {scores} for {STUCK_MOVES} moves: stuck")
            move = pick(game, moves, rng)
            if rng.random() < 0.02:
                pool.append(move)
                del pool[:-200]
            checks.check_play(state, move, twin=full)
            count += 1
            if state.scores() != scores:
                scores, changed = state.scores(), count
            if played is not None and played(count):
                return True
    except Exception as error:
        raise Broken(f"{where}, move {count}: {type(error).__name__}: {error}") from error


def fuzz_game(game: str, seconds: float, seed: int, limit: int | None = None, only: int | None = None,
              sample: int = 24, thorough: float = 1.0, stop_after: int | None = None) -> Report:
    """Random games; `thorough` is the share of positions that get every check (fewer past
    FULL_CHECKS moves into a game: full_share), the rest get the cheap ones: the move lists,
    the cards or pieces, the events of the move played."""
    report = Report(game if thorough == 1 else f"{game} (every check on {thorough:.0%} of positions)",
                    seed, "games", progress=PROGRESS)
    report.command = game
    tried = Counter(TRIED)
    start = time.perf_counter()
    playing = [0]                         # the moves of the game being played

    def played(count: int) -> bool:
        report.steps += 1
        playing[0] = count
        report.tick(start)                # a progress line in a long match too
        return only is None and time.perf_counter() - start >= seconds

    def one(index, rng):
        if play_one_game(game, rng, sample, thorough, stop_after, played):
            report.cut = (index, playing[0])

    run_units(report, seconds, limit, only, one)
    for kind in ("look-alike", "non-text"):   # per class: tried, and the failures among them
        report.notes[f"{kind}s tried"] = TRIED[kind] - tried[kind]
        report.notes[f"{kind} failures"] = sum(count for name, count in report.kinds.items() if kind in name)
    return report


# ================================================================================== ui

class FuzzWorker:
    """Stands in for the computer-player process: answers at once, now and then with an
    error, an illegal move or nothing at all, as a broken bot might."""

    def __init__(self, rng: random.Random):
        from ai.worker import Answer
        self.Answer, self.rng = Answer, rng
        self.uses_process = False
        self._ticket = 0
        self._question = None

    def ask(self, game, level, seed, state, kind="choose"):
        self._ticket += 1
        self._question = (self._ticket, state, kind)
        return self._ticket

    def poll(self):
        if self._question is None or self.rng.random() < 0.2:
            return None
        ticket, state, kind = self._question
        self._question = None
        roll = self.rng.random()
        if roll < 0.03:
            return self.Answer(ticket, error="a computer player failed (fuzz)")
        if roll < 0.06:
            return self.Answer(ticket, move=self.rng.choice((None, 42, "move", object())), reason="nonsense")
        moves = list(state.legal_moves())
        return self.Answer(ticket, move=self.rng.choice(moves) if moves else None, reason="fuzz")

    @property
    def thinking(self):
        return self._question is not None

    def cancel(self):
        self._question = None

    def wait(self, timeout=None):
        return self.poll()

    def close(self):
        self._question = None


def screen_names() -> list[str]:
    from game.lesson import lesson_of
    names = ["title", "settings", "stats", "recent"]
    for info in registry.playable_games():
        names += [f"{kind}:{info.name}" for kind in ("setup", "game", "pause", "rules", "result", "review")]
        if lesson_of(info.name) is not None:
            names.append(f"learn:{info.name}")
    return names


SIZES = ((1, 1), (2, 2), (2, 500), (10, 300), (300, 10), (1, 900), (900, 1), (320, 240), (640, 360),
         (959, 539), (960, 540), (1280, 720), (1920, 1080))


def start_app(data_dir: str, rng: random.Random, screen: str):
    import pygame

    from game.app import App, LaunchOptions, open_scene

    app = App(LaunchOptions(headless=True, size=(1280, 720), no_worker=True, data_dir=data_dir))
    app._worker = FuzzWorker(rng)
    from game.store import UI_SCALES
    settings = app.store.settings
    settings["animation_speed"] = rng.choice(("instant", "fast", "normal"))
    settings["computer_pace"] = rng.choice(("instant", "fast"))
    settings["ui_scale"] = rng.choice(UI_SCALES)        # large type on a small window too
    settings["couch"] = rng.random() < 0.3
    settings["four_colour"] = rng.random() < 0.3
    settings["language"] = rng.choice(("en", "nl"))
    from game.ui.i18n import set_language
    set_language(settings["language"])
    kind, _, game = screen.partition(":")
    if game:   # any table: humans and computers in any seats (a hand-over between humans), any options
        settings["last_setup"][game] = random_setup(game, rng)
    if kind == "result":
        finish_a_game(app, game, rng)
    else:
        open_scene(app, screen, rng.randrange(1000))
    if rng.random() < 0.3:
        resize(app, rng.choice(SIZES))
    pygame.event.clear()
    return app


def random_setup(game: str, rng: random.Random) -> dict:
    from game.menu.setup import clean_setup, seat_kinds
    info = registry.game(game)
    players = rng.choice(info.seats)
    seats = [rng.choice(seat_kinds(info)) for _ in range(players)]    # a human on a phone too, where a game has them
    return clean_setup(info, {"players": players, "seats": seats, "options": random_options(info.rules(), rng)})


def finish_a_game(app, game: str, rng: random.Random) -> None:
    """A game of random moves played to its end, so the result dialog shows."""
    from game.app import open_scene
    from game.menu.setup import clean_setup
    from game.play import start_game

    open_scene(app, "title", None)
    setup = clean_setup(registry.game(game), app.store.last_setup(game))
    start_game(app, game, setup, rng.randrange(1000))
    scene = app.top
    # the game is played out on a copy and all but its last move on the scene's state at once:
    # through the scene every move would be saved and kept for undo, which makes a long match
    # (Kings Corners to 500 points: tens of thousands of moves) take quadratic time
    trial, moves = scene.state.copy(), []
    while not trial.is_over() and len(moves) < FINISH_MOVES:
        moves.append(rng.choice(trial.legal_moves()))
        trial.play(moves[-1])
    for move in moves[:-1]:
        scene.state.play(move)
    scene.version += 1
    if moves:
        scene.apply(moves[-1])
    for _ in range(600):       # (the table's last seconds pass without frames: the fuzz is for the result)
        if app.top is not scene:
            break
        scene.update(1 / 30)


def resize(app, size) -> None:
    """A real window resize, as a window manager that ignores the minimum size does it."""
    import pygame
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))


def random_event(app, rng: random.Random):
    import pygame

    from game.ui import input as inp

    w, h = app.size
    pos = (rng.randrange(-5, w + 5), rng.randrange(-5, h + 5))
    roll = rng.random()
    if roll < 0.30:
        key = rng.choice(list(inp.KEYS) + [pygame.K_F11, pygame.K_q, pygame.K_1, pygame.K_DELETE])
        return pygame.event.Event(rng.choice((pygame.KEYDOWN, pygame.KEYDOWN, pygame.KEYUP)), key=key, mod=0,
                                  unicode="", scancode=0)
    if roll < 0.45:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(rng.random() < 0.3, 0, 0))
    if roll < 0.65:
        return pygame.event.Event(rng.choice((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)), pos=pos,
                                  button=rng.choice((1, 1, 1, 2, 3, 4, 5)))
    if roll < 0.68:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 2)), flipped=False)
    if roll < 0.72:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(("1", "7", "x", "42", "\u00e9", "9" * 30)))
    if roll < 0.84:
        return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=rng.choice((0, 1, -1, 99)),
                                  button=rng.randrange(-1, 22))
    if roll < 0.90:
        return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=rng.choice((0, 7)),
                                  axis=rng.randrange(-1, 7), value=rng.choice((-32768, -20000, 0, 20000, 32767)))
    if roll < 0.93:
        bogus = rng.choice((0, 1, 5, -1, 255, 2 ** 31 - 1))
        if rng.random() < 0.5:
            return pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=bogus, which=bogus)
        return pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=bogus, which=bogus)
    if roll < 0.99:
        return "resize"
    if roll < 0.997:
        return "wait"
    return pygame.event.Event(pygame.QUIT)


def fuzz_ui(seconds: float, seed: int, limit: int | None = None, only: int | None = None,
            events_per_session: int = 400, sessions: int | None = None) -> Report:
    """Sessions of random events, each starting on the next screen in turn; `limit` counts
    events, `sessions` sessions."""
    import pygame

    report = Report("ui", seed, "events", progress=PROGRESS)
    names = screen_names()
    start = time.perf_counter()

    def session(index, rng):
        screen = names[index % len(names)]
        app = None
        step = 0
        # a data folder of its own: what a session finds there does not depend on the
        # sessions before it, so --only replays it
        folder = tempfile.mkdtemp(prefix="spelavond-fuzz-ui-")
        try:
            app = start_app(folder, rng, screen)
            app.quit_requested = False
            while step < events_per_session:
                for _ in range(rng.choice((1, 1, 2, 4))):
                    event = random_event(app, rng)
                    if event == "resize":
                        size = rng.choice(SIZES) if rng.random() < 0.7 else (rng.randrange(1, 2000),
                                                                             rng.randrange(1, 1200))
                        resize(app, size)
                    elif event == "wait":   # up to 70 s pass (the loop advances at most 1/15 s a frame)
                        for _ in range(rng.randrange(1, 700)):
                            if app.top is not None:
                                app.top.update(0.1)
                    else:
                        pygame.event.post(event)
                    step += 1
                    report.runs += 1
                app.tick(rng.choice((1 / 60, 1 / 60, 1 / 30, 0.0, 0.25, 2.0)))
                if not app.running or not app.scenes:   # QUIT or the Quit button: close, start again
                    app.close()
                    app = start_app(folder, rng, "title")
                if only is None and time.perf_counter() - start >= seconds:
                    break
        except Exception as error:
            report.fail(index, error, f"screen {screen}, event {step}, window {app.size if app else '?'}:")
        finally:
            if app is not None:
                try:
                    app.close()
                except Exception as error:
                    report.fail(index, error, "closing the app:")
            shutil.rmtree(folder, ignore_errors=True)

    indices = [only] if only is not None else itertools.count() if sessions is None else range(sessions)
    for index in indices:
        if only is None and (time.perf_counter() - start >= seconds or (limit is not None and report.runs >= limit)):
            break
        session(index, unit_rng(seed, index))
        report.tick(start)
    report.seconds = time.perf_counter() - start
    return report


# ================================================================================ saves

FILES = ("settings.json", "statistics.json", "current_game.json")


def nested(depth: int, rng: random.Random) -> str:
    if rng.random() < 0.5:
        return "[" * depth + "1" + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


def huge_string(rng: random.Random, big: bool) -> str:
    return rng.choice("x9\u00e9") * (rng.choice((3, 10)) * 1_000_000 if big else rng.choice((10_000, 300_000)))


def hostile_value(rng: random.Random, big: bool):
    """A JSON value of a wrong type or size."""
    return rng.choice((
        lambda: None, lambda: True, lambda: -1, lambda: 10 ** 4000, lambda: 1e308, lambda: 0.5, lambda: "abc",
        lambda: huge_string(rng, big), lambda: [], lambda: {}, lambda: [None] * 1000,
        lambda: json.loads(nested(25, rng)), lambda: {"x": [1, "2", None]}, lambda: ["QS", "QS", "ZZ"],
        lambda: list(range(100_000)), lambda: -10 ** 18,
    ))()


def real_game(rng: random.Random, game: str | None = None):
    """(setup, seed, state, record) of a real game of a random playable game, some random
    moves in, with the record the game would save."""
    from game.menu.setup import clean_setup
    from game.record import Record
    info = registry.game(game) if game else rng.choice(registry.playable_games())
    rules = info.rules()
    setup = clean_setup(info, {"players": rng.choice(info.seats), "options": random_options(rules, rng)})
    seed = rng.randrange(1_000_000)
    state = rules.new_game(seed, setup["players"], dict(setup["options"]))
    kept = Record.new(info.name, setup, seed)
    for _ in range(rng.randrange(60)):
        moves = state.legal_moves()
        if not moves or state.is_over():
            break
        move = rng.choice(moves)
        state.play(move)
        kept.add(move)
    return setup, seed, state, kept


def real_save(rng: random.Random) -> dict:
    """A save of a real game: a game record as the game writes it, or (one in three) a save
    of the first format, a picture of the state, as players who update still have."""
    setup, seed, state, kept = real_game(rng)
    if rng.random() < 0.67:
        return kept.to_dict()
    return {"version": 1, "game": kept.game, "setup": setup, "seed": seed, "state": state.to_dict()}


def bend(data, rng: random.Random, big: bool):
    """One value somewhere inside `data` replaced (or removed, or a list entry doubled)."""
    data = json.loads(json.dumps(data))
    parent, key = None, None
    node = data
    for _ in range(rng.randrange(1, 5)):
        if isinstance(node, dict) and node:
            parent, key = node, rng.choice(list(node))
        elif isinstance(node, list) and node:
            parent, key = node, rng.randrange(len(node))
        else:
            break
        node = parent[key]
    if parent is None:
        return hostile_value(rng, big)
    roll = rng.random()
    if roll < 0.15 and isinstance(parent, dict):
        del parent[key]
    elif roll < 0.35 and isinstance(parent, list):
        parent.append(parent[key])   # a card or piece twice
    elif roll < 0.55 and isinstance(node, int) and not isinstance(node, bool):
        parent[key] = node + rng.choice((-1, 1, 5, -100, 1000))
    else:
        parent[key] = hostile_value(rng, big)
    return data


def swapped_save(rng: random.Random) -> dict:
    """A real save of the first format with one card moved between two places (still well
    formed, impossible)."""
    setup, seed, picture, kept = real_game(rng)
    data = {"version": 1, "game": kept.game, "setup": setup, "seed": seed, "state": picture.to_dict()}
    state = data["state"]
    lists = [(k, v) for k, v in state.items() if isinstance(v, list) and v and all(isinstance(x, (str, list)) for x in v)]
    if lists:
        key, value = rng.choice(lists)
        flat = (value if all(isinstance(x, str) for x in value)
                else rng.choice([x for x in value if isinstance(x, list)] or [value]))
        if flat and isinstance(flat[0], str):
            flat.append(rng.choice(flat))
    return data


KNOWN_CASES = (
    # the crashes of issue 13, each as a folder
    ("settings.json", lambda rng, big: nested(990, rng)),
    ("statistics.json", lambda rng, big: nested(990, rng)),
    ("current_game.json", lambda rng, big: nested(990, rng)),
    ("current_game.json", lambda rng, big: json.dumps({**real_save(rng), "seed": huge_string(rng, big)})),
    ("current_game.json", lambda rng, big: json.dumps({**real_save(rng), "seed": "abc"})),
)


# Text that could poison what the game writes back (issue 26: a lone surrogate killed the save
# thread and broke every exit), in settings, statistics or the save; the door sets it aside.
TEXT_CLASSES = ("surrogate", "control", "huge", "deep")
ISSUE_26 = (("surrogate", "current_game.json"), ("surrogate", "settings.json"), ("surrogate", "statistics.json"))
TEXT_SHARE = 0.35         # of the random folders, this share holds one text case


def poison(kind: str, name: str, rng: random.Random):
    """A JSON value of the class: a lone surrogate, a control character, a text past the
    door's length for the file, or lists nested past its depth."""
    from game.store import MAX_DEPTH, SAVE_TEXT_CHARS, SMALL_TEXT_CHARS
    if kind == "surrogate":
        return rng.choice(("\ud800", "ab\udfffc", "\udc00" * 3, "quarto\ud83d"))
    if kind == "control":
        return rng.choice(("\x00", "quarto\x07", "a\x1b[31mb", "\x85", "tab\there", "new\nline", "\x7f"))
    if kind == "huge":
        limit = SAVE_TEXT_CHARS if name == "current_game.json" else SMALL_TEXT_CHARS
        return rng.choice("x\u00e9") * (limit + rng.choice((1, 1000, 200_000)))
    return json.loads(nested(rng.randrange(MAX_DEPTH + 1, 400), rng))


def text_case(folder: Path, rng: random.Random, kind: str, name: str) -> None:
    """Write `name` as the game writes it, with one text of the class somewhere a name, a
    level, an option or a key goes (a key only where the class can be one), where nothing but
    the door's check of the text would refuse it."""
    value = poison(kind, name, rng)
    as_key = isinstance(value, str) and rng.random() < 0.4
    if name == "settings.json":
        data = {"language": "nl", "volume": 0.2, "last_setup": {g: {"players": 2, "seats": ["human", "hard"],
                                                                    "options": {}} for g in registry.GAMES}}
        setup = data["last_setup"][rng.choice(list(registry.GAMES))]
        place = data["last_setup"] if as_key else rng.choice((setup, setup["options"], setup["seats"]))
    elif name == "statistics.json":
        data = {g: {"played": 3, "won": 1, "lost": 2, "drawn": 0, "best_score": 4} for g in registry.GAMES}
        place = data if as_key else data[rng.choice(list(data))]
    else:
        data = real_save(rng)
        setup = data.setdefault("setup", {"players": 2, "seats": ["human", "hard"], "options": {}})
        place = setup if as_key or rng.random() < 0.5 else setup.get("seats") or [None]
    if isinstance(place, list):
        place[rng.randrange(len(place))] = value
    elif as_key:
        place[value] = {"players": 1} if name != "current_game.json" else 1
    else:
        place[rng.choice(["name", *place])] = value
    (folder / name).write_text(json.dumps(data), encoding="ascii")   # escapes: valid JSON, plain ASCII


def hostile_folder(folder: Path, rng: random.Random, big: bool, index: int) -> list[str]:
    """Fill `folder` with one or more hostile files; returns the names it made bad."""
    bad = []
    if index < len(KNOWN_CASES):
        name, make = KNOWN_CASES[index]
        (folder / name).write_text(make(rng, big), encoding="utf-8")
        return [name]
    for name in rng.sample(FILES, rng.choice((1, 1, 2, 3))):
        path = folder / name
        kind = rng.randrange(14)
        if kind == 12 and hasattr(os, "mkfifo"):
            os.mkfifo(path)                          # reading a pipe would wait for ever
        elif kind == 12 or kind == 13:
            path.symlink_to(folder / "nowhere" / name)   # a link to nothing
        elif kind == 0:
            path.write_text(nested(rng.choice((40, 990, 5000, 100_000)), rng), encoding="utf-8")
        elif kind == 1:
            path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400))))
        elif kind == 2:
            path.write_bytes(b"")
        elif kind == 3:
            path.mkdir()
            (path / "inside.json").write_text("{}", encoding="utf-8")
        elif kind == 4:
            path.write_bytes(b'{"language": "nl", "x": "\xff\xfe\xc3\x28"}')
        elif kind == 5:
            path.write_text(json.dumps(hostile_value(rng, big)), encoding="utf-8")
        elif kind == 6:
            path.write_text(json.dumps(real_save(rng))[: rng.randrange(1, 200)], encoding="utf-8")  # cut short
        elif name == "current_game.json" and kind in (7, 8, 9):
            data = bend(real_save(rng), rng, big) if kind != 9 else swapped_save(rng)
            path.write_text(json.dumps(data), encoding="utf-8")
        elif name == "settings.json":
            data = {"language": "nl", "volume": 0.2, "last_setup": {g: {"players": 2, "seats": ["human", "hard"]}
                                                                    for g in registry.GAMES}}
            path.write_text(json.dumps(bend(data, rng, big)), encoding="utf-8")
        elif name == "statistics.json":
            data = {g: {"played": 3, "won": 1, "lost": 2, "drawn": 0, "best_score": 4} for g in registry.GAMES}
            path.write_text(json.dumps(bend(data, rng, big)), encoding="utf-8")
        else:
            path.write_text(json.dumps(bend(real_save(rng), rng, big)), encoding="utf-8")
        bad.append(name)
    if rng.random() < 0.3:   # leftovers of a write killed half-way
        (folder / f".current_game.json.{rng.randrange(10 ** 6)}.tmp").write_text('{"game": "qua', encoding="utf-8")
    return bad


@dataclass
class Start:
    problems: list          # what the store reported (files set aside)
    notices: list           # what the app said after Continue
    offered: bool           # the title screen offered Continue
    top: str                # the screen on top after Continue
    state: object = None    # the resumed game's state


def start_and_continue(folder: Path, rng: random.Random) -> Start:
    """Start headless on `folder`, a few frames on the title screen, press Continue if it is
    offered, a few frames more."""
    from game.app import App, LaunchOptions, open_scene
    from game.play import continue_game
    from game.ui.game_scene import GameScene

    app = App(LaunchOptions(headless=True, size=rng.choice(((1280, 720), (960, 540))), no_worker=True,
                            data_dir=str(folder)))
    app._worker = FuzzWorker(rng)
    try:
        open_scene(app, "title", None)
        for _ in range(3):
            app.tick(1 / 60)
        offered = bool(app.scenes[0].saved)
        notices = []
        if offered:
            continue_game(app)
            notices = [text for text, _ in app.notices]
            for _ in range(5):
                app.tick(1 / 60)
        scene = next((s for s in reversed(app.scenes) if isinstance(s, GameScene)), None)
        return Start(list(app.store.problems), notices, offered, app.top.name, scene and scene.state.copy())
    finally:
        app.close()


# Saves that are well formed and impossible (issue 26): a seat's view with the seed kept, a
# damaged setup, cards moved between hands, a seat to move shifted, points no game gives; as
# records (format 2: setups and edited moves) and as pictures of the first format.
SAVE_CLASSES = ("view", "setup", "edited hands", "shifted turn", "impossible score", "edited moves")
SAVE_SHARE = 0.35         # of the other random folders, this share holds one such save
BAD_SETUPS = ({"seats": ["human", "grandmaster", "hard", "hard"]}, {"seats": [["hard"]] * 4},
              {"seats": ["hard"] * 1000}, {"players": 7}, {"players": None}, {"options": []},
              {"options": None}, {"seats": ["x" * 1_000_000] * 4}, {"seed": -1})
PICTURE_GAMES = ("kingen", "keezen", "kings_corners")   # the first format kept their hands as a picture
# Known and left: a first-format picture of Kingen or Keezen with cards swapped between hands is
# resumed (it kept no moves to replay; the reader checks every card is there once). Only games
# begun before game records can be such a file; the fuzzer counts them as "resumed".


def impossible_save(kind: str, rng: random.Random) -> dict:
    games = {"edited moves": None, "impossible score": ("kingen", "kings_corners")}.get(kind, PICTURE_GAMES)
    setup, seed, state, kept = real_game(rng, games and rng.choice(games))
    picture = {"version": 1, "game": kept.game, "setup": setup, "seed": seed, "state": state.to_dict()}
    if kind == "view":
        seat = rng.randrange(state.players)
        picture["state"] = {**state.view(seat).to_dict(), "seed": seed}
        return picture
    if kind == "setup":
        data = kept.to_dict() if rng.random() < 0.5 else picture
        change = rng.choice(BAD_SETUPS)
        (data if "format" in data or "seed" in change else data["setup"]).update(change)
        return data
    if kind == "edited moves":
        data = kept.to_dict()
        moves = data["moves"]
        if moves:
            where = rng.randrange(len(moves))
            roll = rng.random()
            if roll < 0.4:
                moves[where] = rng.choice(moves)          # another move of the game in its place
            elif roll < 0.7:
                del moves[where]                           # a move left out
            else:
                moves.insert(where, moves[where])          # a move twice
        return data
    board = picture["state"]
    if kind == "edited hands":
        hands = [hand for hand in board.get("hands", []) if isinstance(hand, list) and hand]
        if len(hands) >= 2:
            first, second = rng.sample(hands, 2)
            i, j = rng.randrange(len(first)), rng.randrange(len(second))
            first[i], second[j] = second[j], first[i]
    elif kind == "shifted turn":
        key = "turn" if "turn" in board else "leader"
        if type(board.get(key)) is int:
            board[key] = (board[key] + rng.randrange(1, state.players)) % state.players
    else:
        for key in ("points", "totals", "penalties"):
            if isinstance(board.get(key), list) and board[key]:
                board[key][rng.randrange(len(board[key]))] += rng.choice((1, -1, 7, 100))
                break
    return picture


def fuzz_saves(seconds: float, seed: int, limit: int | None = None, only: int | None = None,
               big: bool = True) -> Report:
    report = Report("saves", seed, "data folders", progress=PROGRESS)
    for kind in TEXT_CLASSES + SAVE_CLASSES:   # each class on the line, zero or not
        for what in ("tried", "set aside", "crashes") + (("resumed",) if kind in SAVE_CLASSES else ()):
            report.notes[f"{kind} {what}"] = 0

    def one(index, rng):
        folder = Path(tempfile.mkdtemp(prefix="spelavond-fuzz-saves-"))
        text = impossible = None
        try:
            known = index - len(KNOWN_CASES)
            if 0 <= known < len(ISSUE_26):
                text = ISSUE_26[known]
            elif 0 <= known - len(ISSUE_26) < len(SAVE_CLASSES):
                impossible = SAVE_CLASSES[known - len(ISSUE_26)]   # each class at least once
            elif known >= len(ISSUE_26) and rng.random() < TEXT_SHARE:
                text = (rng.choice(TEXT_CLASSES), rng.choice(FILES))
            elif known >= len(ISSUE_26) and rng.random() < SAVE_SHARE:
                impossible = rng.choice(SAVE_CLASSES)
            if text:
                report.note(f"{text[0]} tried")
                text_case(folder, rng, *text)
                bad = [text[1]]
            elif impossible:
                report.note(f"{impossible} tried")
                (folder / "current_game.json").write_text(json.dumps(impossible_save(impossible, rng)), encoding="utf-8")
                bad = []
            else:
                bad = hostile_folder(folder, rng, big, index)
            first = start_and_continue(folder, rng)
            check(first.top in ("title", "problems", "game"), f"the game did not go on: {first.top} on top")
            check(not list(folder.glob(".*.tmp")), "a leftover temp file was not cleaned")
            reported = {problem["file"] for problem in first.problems}
            report.note("resumed" if first.state is not None else "set aside" if first.problems else "left alone")
            if impossible:   # set aside with a word, or resumed at a position its checks pass below
                check(first.state is not None or "current_game.json" in reported,
                      f"a {impossible} save was neither resumed nor set aside: {first.problems}")
                report.note(f"{impossible} {'resumed' if first.state is not None else 'set aside'}")
            for name in bad:
                path = folder / name
                check(not path.exists() or path.is_file(), f"{name} is still a folder")
                if not path.exists():
                    check(name in reported, f"{name} was set aside without a word: {first.problems}")
            if first.state is not None:   # a save that was resumed must hold a possible position
                game = registry.game(json.loads((folder / "current_game.json").read_text())["game"]).name \
                    if (folder / "current_game.json").exists() else None
                if game:
                    rules = registry.game(game).rules()
                    # what a game of this size holds (no option changes the cards or pieces)
                    whole = checks.check_start(rules.new_game(0, first.state.players, {}))
                    check_position(rules, first.state, rng, whole, [], 8)
            check(not any(problem.get("writing") for problem in first.problems),
                  f"a file could not be written: {first.problems}")
            if text:
                name = text[1]
                check({"file": name, "moved_to": name + ".bad"} in first.problems,
                      f"{text[0]} text in {name} was not set aside: {first.problems}")
                report.note(f"{text[0]} set aside")
            second = start_and_continue(folder, rng)
            check(second.problems == [], f"problems reported again on the next start: {second.problems}")
            check(not second.offered or second.top == "game",
                  f"the save offered on the next start does not resume: {second.notices}")
        except Exception:
            if text or impossible:
                report.note(f"{text[0] if text else impossible} crashes")
            raise
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    return run_units(report, seconds, limit, only, one)


# ================================================================================= main

def run_target(target: str, seconds: float, seed: int, limit: int | None = None, only: int | None = None,
               big: bool = True, thorough: float = 1.0) -> Report:
    if target == "ui":
        return fuzz_ui(seconds, seed, limit, only)
    if target == "saves":
        return fuzz_saves(seconds, seed, limit, only, big)
    if target == "phones":
        from tests.fuzz_phones import fuzz_phones
        return fuzz_phones(seconds, seed, limit, only)
    if target in game_targets():
        return fuzz_game(target, seconds, seed, limit, only, thorough=thorough)
    raise ValueError(f"unknown target {target!r}: choose from "
                     f"{', '.join(game_targets() + ['ui', 'saves', 'phones', 'all'])}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("target", help=f"{' | '.join(game_targets())} | ui | saves | phones | all")
    parser.add_argument("--seconds", type=float, default=30.0, help="time per target (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=int, help="stop after this many games, events or folders")
    parser.add_argument("--only", type=int, help="rerun the one game, session or folder with this index")
    parser.add_argument("--thorough", type=float, default=1.0,
                        help="games: the share of positions that get every check (default 1: all)")
    args = parser.parse_args(argv)
    global PROGRESS
    PROGRESS = 60.0
    targets = game_targets() + ["ui", "saves", "phones"] if args.target == "all" else [args.target]
    failed = 0
    for target in targets:
        try:
            with contextlib.redirect_stderr(io.StringIO()):   # the game's own notes (a bot failed, a save set aside)
                report = run_target(target, args.seconds, args.seed, args.limit, args.only,
                                    thorough=args.thorough)
        except ValueError as error:
            parser.error(str(error))
        print(report.line(), flush=True)
        for kind, count in sorted(report.kinds.items(), key=lambda item: -item[1]):
            print(f"  {count} x {kind}", flush=True)
        for text in report.failures[:SHOWN_FAILURES]:
            print("  " + text.replace("\n", "\n  "), flush=True)
        failed += report.failure_count
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
