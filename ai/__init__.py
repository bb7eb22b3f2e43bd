"""Computer players.

`make_bot(game, level, seed)` is the one way a scene, the worker process and the arena get
a computer player. A bot has `choose(state) -> move`, where `state` is what its seat may
see (`state.view(seat)`), never the full state. A bot may also offer
`hint(state) -> (move, reason)`. Per-game knowledge lives in `ai/<game>.py`, which
provides `make(level, seed)`; the generic searches live in `negamax.py`, `greedy.py` and
`mcts.py`.
"""
from __future__ import annotations

import importlib
import random

LEVELS = ("easy", "normal", "hard", "random")


class Reason(str):
    """A hint's reason: plain English as the string, with an i18n key and its parameters
    so the scene can say it in the player's language. Pickles as a str with attributes, so
    it crosses the worker process unchanged."""

    def __new__(cls, text: str, key: str = "", **params):
        reason = super().__new__(cls, text)
        reason.key = key
        reason.params = params
        return reason


class RandomBot:
    """Uniform among the legal moves: the baseline every game has."""

    level = "random"

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, state):
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move to choose from")
        return self.rng.choice(list(moves))

    def hint(self, state):
        return self.choose(state), "random"


def make_bot(game: str, level: str, seed=None):
    """A computer player for `game` ("quarto", "kings_corners", ...) at `level`."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    if level == "random":
        return RandomBot(seed)
    try:
        knowledge = importlib.import_module(f"ai.{game}")
    except ModuleNotFoundError as error:
        if error.name != f"ai.{game}":
            raise
        raise ValueError(f"no computer player for game {game!r} yet") from None
    return knowledge.make(level, seed)
