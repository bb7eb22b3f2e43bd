"""Starting a game and continuing the saved one.

Sits above the table kit and beside the games' scenes: it finds a game's rules and scene
through the registry and puts the scene on the app's stack, above the title screen (which
the app provides, so nothing here imports the menus).
"""
from __future__ import annotations

import importlib
import random
import sys

import pygame

from game import record as records
from game import registry
from game.lesson import lesson_of
from game.ui.coach import Coach
from game.ui.i18n import t


def new_seed() -> int:
    """A game number players can read out and share."""
    return random.SystemRandom().randrange(1, 1_000_000)


def scene_class(info: registry.GameInfo):
    return importlib.import_module(info.scene_module).SCENE


def phone_setup(setup: dict) -> tuple[dict, list[int]]:
    """The setup with its seats "on a phone" as the human seats they are, and those seats
    (marked "phone" in the seats by the setup screen, or listed under "phones" by a game
    played again)."""
    seats = list(setup["seats"])
    phones = {seat for seat, kind in enumerate(seats) if kind == "phone"}
    phones.update(seat for seat in setup.get("phones", ()) if type(seat) is int and 0 <= seat < len(seats))
    phones = sorted(seat for seat in phones if seat < setup["players"])
    return dict(setup, seats=["human" if kind == "phone" else kind for kind in seats]), phones


def start_game(app, game: str, setup: dict, seed: int | None = None) -> None:
    """A new game of `setup` (players, seats, options), numbered `seed` or a random number;
    seats on a phone are noted in the record (the scene starts their server)."""
    info = registry.game(game)
    setup, phones = phone_setup(setup)
    record = records.Record.new(game, setup, new_seed() if seed is None else seed)
    if phones:
        record.notes["phones"] = ",".join(map(str, phones))
    state = info.rules().new_game(record.seed, record.players, dict(record.options))
    app.to_title()
    open_table(app, scene_class(info)(app, record, state))


def open_table(app, scene) -> None:
    """Put a game's scene on the stack with its first frame drawn aside: its felt, its
    table's layer and the faces it shows are made as the game opens (30 to 80 ms at
    1920x1080), so no frame on screen makes them (and a scene that cannot draw fails here);
    the faces its table shows later are made in the frames after (`Motion.warm_all`)."""
    app.push(scene)
    scene.settle()
    scene.draw(pygame.Surface(app.size), 0.0)
    scene.motion.warm_all()


def start_lesson(app, game: str) -> None:
    """The game's guided first game from its first step (see game/lesson.py)."""
    lesson = lesson_of(game)
    record = records.Record.new(game, lesson.setup, lesson.seed)
    record.notes["lesson"] = 0
    state = registry.game(game).rules().new_game(record.seed, record.players, dict(record.options))
    scene = scene_class(registry.game(game))(app, record, state)
    coach_lesson(scene, 0)
    app.to_title()
    open_table(app, scene)


def coach_lesson(scene, done) -> None:
    """A resumed or new lesson's coach, at step `done` (None: an ordinary game; a lesson
    played to its end goes on as an ordinary game)."""
    lesson = lesson_of(scene.game)
    if type(done) is int and lesson is not None and 0 <= done < len(lesson.steps):
        scene.coach = Coach(scene, lesson, done)


def saved_game_summary(store) -> str | None:
    data = store.load_game()   # the envelope is checked there (the seed an int in range)
    if data is None:
        return None
    if data["game"] not in registry.GAMES or not registry.GAMES[data["game"]].playable():
        store.report_bad_game()
        return None
    if records.earlier_version(data):      # never offered: it cannot be continued
        store.report_bad_game("earlier_version")
        return None
    return t("menu.continue_what", game=t(registry.GAMES[data["game"]].title), seed=data["seed"])


def continue_game(app) -> None:
    """Resume the saved game exactly: its record replayed through the rules. A record that
    cannot be replayed, or whose scene cannot be built or its first frame drawn, is set aside
    and reported once, and the title screen goes on."""
    data = app.store.load_game()
    if data is None:
        if not any(problem["file"] == "current_game.json" for problem in app.store.problems[app.problems_told:]):
            app.notify(t("notice.no_saved_game"))     # (one set aside just now is told why instead)
        if app.top:
            app.top.resume()
        return
    try:
        record = records.from_save(data)
        state = record.replay()       # (a deal played again from a review ends with that deal)
        app.to_title()
        scene = scene_class(registry.game(record.game))(app, record, state)
        coach_lesson(scene, record.notes.get("lesson"))
        app.push(scene)
        app.top.update(0.0)
        app.top.draw(pygame.Surface(app.size), 0.0)   # a first frame drawn aside (as `open_table`), inside the guard
        scene.motion.warm_all()                         # and every card face its table shows
    except Exception as error:  # any damage in the file: keep it aside, tell the player, go on
        print(f"spelavond: the saved game could not be resumed: {error!r}"[:500], file=sys.stderr)
        app.to_title()
        earlier = isinstance(error, records.EarlierVersion)
        app.store.report_bad_game("earlier_version" if earlier else "")
        app.notify(t("problem.save_earlier_version" if earlier else "problem.save_unusable"), 8)
        app.top.resume()
