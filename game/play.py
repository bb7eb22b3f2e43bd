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

from game import registry
from game.ui.i18n import t


def new_seed() -> int:
    """A game number players can read out and share."""
    return random.SystemRandom().randrange(1, 1_000_000)


def scene_class(info: registry.GameInfo):
    return importlib.import_module(info.scene_module).SCENE


def start_game(app, game: str, setup: dict, seed: int | None = None) -> None:
    info = registry.game(game)
    seed = new_seed() if seed is None else seed
    setup = {key: value for key, value in setup.items() if key != "helper_played"}   # a fresh game
    state = info.rules().new_game(seed, setup["players"], dict(setup["options"]))
    scene = scene_class(info)
    app.to_title()
    app.push(scene(app, setup, state, seed))


def saved_game_summary(store) -> str | None:
    data = store.load_game()   # the envelope is checked there (the seed an int in range)
    if data is None:
        return None
    if data["game"] not in registry.GAMES or not registry.GAMES[data["game"]].playable():
        store.report_bad_game()
        return None
    return t("menu.continue_what", game=t(registry.GAMES[data["game"]].title), seed=data["seed"])


def continue_game(app) -> None:
    """Resume the saved game exactly. A save the rules reject, or one whose scene cannot be
    built or its first frame drawn, is set aside and reported once, and the title screen
    goes on."""
    data = app.store.load_game()
    if data is None:
        app.notify(t("notice.no_saved_game"))
        if app.top:
            app.top.resume()
        return
    try:
        info = registry.game(data["game"])
        state = info.rules().from_dict(data["state"])
        if getattr(state, "seed", data["seed"]) != data["seed"]:   # a view, or two saves spliced together
            raise ValueError("the game number does not match the saved game")
        setup = data["setup"]
        seats = setup["seats"]
        if not isinstance(seats, list) or len(seats) < state.players:
            raise ValueError("seats missing")
        scene = scene_class(info)
        app.to_title()
        app.push(scene(app, setup, state, data["seed"]))
        app.top.update(0.0)
        app.top.draw(pygame.Surface(app.size), 0.0)   # a first frame drawn aside, inside the guard
    except Exception as error:  # any damage in the file: keep it aside, tell the player, go on
        print(f"spelavond: the saved game could not be resumed: {error!r}"[:500], file=sys.stderr)
        app.to_title()
        app.store.report_bad_game()
        app.notify(t("problem.save_unusable"), 6)
        app.top.resume()
