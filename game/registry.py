"""The five games: names, seat counts and where their code lives.

Pure Python. A game shows on the title screen only once its scene exists
(`playable()`), so the menu never offers a placeholder; the arena needs only the rules.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    name: str          # folder name under game/ and ai/
    title: str         # i18n key of the game's title
    seats: tuple       # allowed numbers of seats
    teams: bool = False

    @property
    def rules_module(self) -> str:
        return f"game.{self.name}.rules"

    @property
    def scene_module(self) -> str:
        return f"game.{self.name}.scene"

    def rules(self):
        return importlib.import_module(self.rules_module)

    def has_rules(self) -> bool:
        return _exists(self.rules_module)

    def playable(self) -> bool:
        return self.has_rules() and _exists(self.scene_module)


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # the game's package itself is not there yet
        return False


GAMES = {
    info.name: info
    for info in (
        GameInfo("quarto", "game.quarto", (2,)),
        GameInfo("kings_corners", "game.kings_corners", (2, 3, 4)),
        GameInfo("vier_koningen", "game.vier_koningen", (1,)),
        GameInfo("kingen", "game.kingen", (4,)),
        GameInfo("keezen", "game.keezen", (4,), teams=True),
    )
}


def game(name: str) -> GameInfo:
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAMES)}") from None


def playable_games() -> list[GameInfo]:
    return [info for info in GAMES.values() if info.playable()]
