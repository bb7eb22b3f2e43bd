"""What every rules module shares: the illegal-move error.

Pure Python. A rules state rejects an illegal move from any caller (the scene, a bot, a
damaged save) with `IllegalMove` and changes nothing. The error carries an i18n key and
its parameters so a scene can say why in the player's language; `str(error)` is plain
English for logs and tests.
"""
from __future__ import annotations


class IllegalMove(ValueError):
    def __init__(self, message: str, key: str = "", **params):
        super().__init__(message)
        self.key = key
        self.params = params
