"""What the five lesson tests (tests/test_lesson_*.py) share: the checks of a lesson's words,
an app whose computers and cards move at once, leaving a lesson and Continuing it, reading
where a lesson played through the app has got to, and its last steps.

pytest does not rewrite the asserts of this module, so each says what it found."""
import functools
import json
from pathlib import Path

import pygame

from game.lesson import Reply, Teach
from game.ui.i18n import t
from posting import click, key, pad, reopen, run_until

A = pygame.CONTROLLER_BUTTON_A
WORDS = Path(__file__).resolve().parent.parent / "assets" / "i18n"


def words(game: str, language: str) -> dict:
    """The words file of `game`'s lesson in `language`."""
    return json.loads((WORDS / language / f"{game}_lesson.json").read_text(encoding="utf-8"))


def check_words(lesson, game: str):
    """Both languages say every word the lesson uses (each step's words, what it says after
    the move and to a wrong one, the end), and nothing else."""
    keys = {lesson.end} | {getattr(step, name) for step in lesson.steps for name in ("key", "after", "wrong")
                           if getattr(step, name, "")}
    for language in ("en", "nl"):
        found = set(words(game, language))
        assert keys == found, (language, "not said:", sorted(keys - found), "not used:", sorted(found - keys))


def lesson_app(make_app, data_dir, size=(1920, 1080), animated=False):
    """An app on `data_dir` whose computers play at once and, unless `animated`, whose cards
    and pieces move at once."""
    app = make_app(data_dir=data_dir, size=size)
    app.store.settings["computer_pace"] = "instant"
    if not animated:
        app.store.settings["animation_speed"] = "instant"
    return app


def resume(app, make_app, data_dir, **options):
    """Leave the lesson (the app closes) and Continue it in a new app made as lesson_app()
    makes it with `options`: its game scene."""
    return reopen(app, functools.partial(lesson_app, make_app, **options), data_dir)


def notice(app) -> str:
    """The last notice the app showed ('' before any)."""
    return app.notices[-1][0] if app.notices else ""


def codes(scene) -> list[str]:
    """The codes of the moves the scene's game record holds."""
    return [move if isinstance(move, str) else move.code for move in scene.record.moves]


def lesson_codes(lesson, upto: int) -> list[str]:
    """The codes of the moves among the lesson's first `upto` steps."""
    return [step.code for step in lesson.steps[:upto] if isinstance(step, (Teach, Reply))]


def settle(app, scene, done):
    """Tick until the lesson has `done` steps behind it and nothing flies."""
    assert run_until(app, lambda: scene.coach.done == done and not scene.motion.busy(), frames=900), \
        (scene.coach.done, done)


def at_the_end(scene, lesson):
    """Every step of the lesson is behind it and its last words are said."""
    assert scene.coach.finished() and t(lesson.end) in scene.coach.text(), (scene.coach.done, scene.coach.text())


def last_words(app, scene, lesson):
    """The lesson's last three steps, words only, read on by a click on them, Enter and the
    gamepad's A in turn; then its end."""
    click(scene.coach.panel_rect.center)
    app.tick(1 / 60)
    key(pygame.K_RETURN)
    app.tick(1 / 60)
    pad(A)
    app.tick(1 / 60)
    at_the_end(scene, lesson)


def hand_over(app, scene, lesson, wait=0):
    """At the lesson's end the game waits for the player: in `wait` frames nobody plays a
    move. Then Confirm hands the game over: the coach is gone and the record notes the whole
    lesson."""
    moves = len(scene.record.moves)
    for _ in range(wait):
        app.tick(1 / 60)
    assert len(scene.record.moves) == moves, ("played before the hand-over:", scene.record.moves[moves:])
    key(pygame.K_RETURN)
    app.tick(1 / 60)
    assert scene.coach is None and scene.record.notes["lesson"] == len(lesson.steps), \
        (scene.coach, scene.record.notes.get("lesson"), len(lesson.steps))
