"""Game options as data: what a setup screen offers and a rules module accepts.

Pure Python. Each rules module lists its `OPTIONS`; the setup screen draws them, the
store remembers the player's last choices, and `resolve()` fills in defaults and rejects
values a damaged settings file might hold.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Option:
    key: str
    default: object
    choices: tuple = ()          # the allowed values, in the order the setup screen cycles them
    label: str = ""              # i18n key of the option's name; the key itself when empty
    labels: tuple = ()           # i18n keys per choice; str(choice) when empty
    visible_if: tuple = ()       # (other_key, value): shown only when that option has that value
    help: str = ""               # i18n key of a one-line explanation
    apart: str = ""              # games played with it on are counted apart, as GAME_<apart>

    def __post_init__(self):
        if self.default not in self.choices:
            raise ValueError(f"option {self.key}: default {self.default!r} not among its choices")

    def choice_label(self, value) -> str:
        if self.labels:
            return self.labels[self.choices.index(value)]
        return str(value)


def stat_keys(game: str, options: list[Option]) -> list[str]:
    """The statistics rows of a game: its own, and one for each option counted apart."""
    return [game] + [f"{game}_{option.apart}" for option in options if option.apart]


def stat_key(game: str, options: list[Option], values: dict) -> str:
    """The statistics row a game of these option values counts in."""
    apart = [option.apart for option in options if option.apart and values.get(option.key)]
    return "_".join([game] + apart)


def resolve(options: list[Option], given: dict | None) -> dict:
    """Every option's value: the given one where it is allowed, else the default."""
    given = given or {}
    result = {}
    for option in options:
        value = given.get(option.key, option.default)
        if isinstance(value, list):
            value = tuple(value)
        allowed = any(value == choice and type(value) is type(choice) for choice in option.choices)
        result[option.key] = value if allowed else option.default  # True == 1, but is not 1 here
    return result
