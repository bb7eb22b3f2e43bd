"""The people at the table: a small cast of Dutch and Flemish characters who play the
computer seats, each with a face described as data (drawn by game/ui/portraits.py).

Pure Python (no pygame). A game's cast comes from its seed (`table_cast`), so a saved game,
its replay and its review show the same people; every seat of a table has a character of its
own, and a computer seat is called by that character's first name. The names read the same
in Dutch and English and are common in the Netherlands and in Flanders alike.

A seat's level is said in words a person knows (`level_words`: beginner, club player,
expert), from the keys in assets/i18n/<language>/characters.json.
"""
from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from game.ui.i18n import t


@dataclass(frozen=True)
class Character:
    """One member of the cast and the face the portrait draws: a shape of face and of hair,
    what they wear on the head or face, and the colours of it all."""
    key: str            # stable id (also the i18n key of the name: character.<key>)
    name: str           # the first name, the same in every language
    face: str           # "round", "oval", "square", "long", "heart", "wide"
    hair: str           # "bun", "bob", "curls", "short", "bald", "ponytail", "spiky", "long"
    skin: tuple
    hair_colour: tuple
    shirt: tuple
    backdrop: tuple     # the disc behind the head
    glasses: str = ""   # "", "round", "square"
    beard: str = ""     # "", "full", "moustache"
    hat: str = ""       # "", "cap", "beret"
    earrings: bool = False


CAST = (
    Character("anna", "Anna", "oval", "bun", (241, 200, 170), (150, 84, 40), (196, 60, 84), (92, 150, 210),
              glasses="round", earrings=True),
    Character("bert", "Bert", "square", "bald", (226, 176, 140), (120, 118, 112), (46, 110, 170), (224, 170, 70),
              beard="full"),
    Character("carla", "Carla", "heart", "curls", (150, 98, 66), (36, 28, 26), (236, 164, 40), (120, 190, 150)),
    Character("daan", "Daan", "long", "spiky", (246, 214, 186), (196, 150, 84), (60, 150, 90), (200, 110, 150),
              glasses="square"),
    Character("els", "Els", "round", "bob", (232, 186, 150), (190, 60, 36), (110, 80, 170), (230, 214, 120)),
    Character("fien", "Fien", "heart", "ponytail", (196, 138, 100), (70, 44, 30), (40, 160, 170), (240, 140, 110),
              hat="beret"),
    Character("joris", "Joris", "wide", "short", (110, 72, 52), (24, 20, 20), (220, 120, 40), (130, 170, 230),
              beard="moustache"),
    Character("wim", "Wim", "round", "short", (238, 196, 164), (200, 200, 196), (90, 96, 110), (170, 210, 120),
              glasses="round", hat="cap"),
)
BY_KEY = {character.key: character for character in CAST}
# the faces a player may choose for themselves (Settings), none of them one of the cast's
OWN_FACES = (
    Character("short", "", "oval", "short", (224, 172, 130), (60, 40, 30), (70, 120, 200), (150, 200, 230)),
    Character("curls", "", "round", "curls", (120, 80, 56), (30, 24, 22), (200, 80, 60), (240, 200, 120),
              glasses="round"),
    Character("long", "", "oval", "long", (244, 206, 176), (220, 180, 100), (120, 70, 160), (140, 210, 170)),
    Character("beard", "", "square", "short", (210, 160, 120), (90, 60, 40), (60, 130, 80), (230, 150, 120),
              beard="full", hat="cap"),
    Character("ponytail", "", "heart", "ponytail", (180, 120, 86), (110, 60, 30), (40, 140, 160), (250, 210, 150),
              earrings=True),
    Character("moustache", "", "wide", "bald", (236, 190, 160), (160, 150, 140), (150, 60, 70), (170, 190, 240),
              glasses="square", beard="moustache"),
)
OWN_BY_KEY = {character.key: character for character in OWN_FACES}

LEVELS = ("easy", "normal", "hard", "random")


@functools.lru_cache(maxsize=64)
def table_cast(seed: int, players: int) -> tuple[Character, ...]:
    """A character for every seat of a game, from its seed: the same people for the same
    game number, no one twice at a table. (Kept: a table names its seats many times a frame.)"""
    if not 0 < players <= len(CAST):
        raise ValueError(f"a table of {players} seats cannot be cast from {len(CAST)} characters")
    return tuple(random.Random(f"spelavond-cast-{seed}").sample(CAST, players))


def level_words(kind: str) -> str:
    """A computer seat's level as a person says it ("club player"); '' for a human."""
    return t(f"level.{kind}") if kind in LEVELS else ""


def name_of(character: Character) -> str:
    """A character's first name (the same in both languages, kept with the words all the same)."""
    key = f"character.{character.key}"
    name = t(key)
    return character.name if name == key else name


def cast_named(seats: list, lesson: bool = False, own: list[str] | None = None) -> bool:
    """Whether the table's computers are the cast's characters: at a table of more than one
    seat, in a guided first game only where its words name several computers by name (Kingen's
    lesson), not where they say "the computer" or the game's own names (Keezen's colours)."""
    computers = sum(kind != "human" for kind in seats)
    return len(seats) > 1 and (not lesson or (own is None and computers > 1))


def seat_names(seed: int, seats: list, lesson: bool = False, own: list[str] | None = None) -> list[str]:
    """Every seat's name as the table says it, from the game's seed and its seat kinds: "You"
    for the only human, a computer by its character's name (`cast_named`). A seat without a
    person's name (one of several humans; the one computer of a guided first game, whose words
    say "the computer", or the helper playing a game of one seat) has the game's `own` name
    for that seat where it has one (Keezen's colours), else "Player N" or "Computer"."""
    humans = [seat for seat, kind in enumerate(seats) if kind == "human"]
    cast = table_cast(seed, len(seats))
    by_cast = cast_named(seats, lesson, own)
    names = []
    for seat, kind in enumerate(seats):
        if kind == "human" and len(humans) == 1:
            name = t("seat.you")
        elif kind != "human" and by_cast:
            name = name_of(cast[seat])
        elif own is not None:
            name = own[seat]
        elif kind == "human":
            name = t("seat.number", n=seat + 1)
        else:
            name = t("seat.computer_plain") if len(seats) - len(humans) == 1 else t("seat.computer_number", n=seat + 1)
        names.append(name)
    return names


def join_names(names: list[str]) -> str:
    """'Anna', 'Anna and Bert', 'Anna, Bert and Carla' in the language of the moment."""
    if len(names) <= 1:
        return "".join(names)
    return t("character.list", first=", ".join(names[:-1]), last=names[-1])
