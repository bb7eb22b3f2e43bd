"""Reading a save that a disk, an editor or a hostile folder may have changed.

Pure Python, for the rules modules' `from_dict`. A `SaveReader` hands out each field only
when it has the type and range the rules expect, and otherwise raises `ValueError` with one
clear message ("damaged Quarto save: 'turn' must be 0 or 1, not 5"). The fields a reader
cannot judge alone (is this position reachable, are all the cards there, once?) are judged
by `check_rebuilt`: the rules rebuild the state from the save's seed, options and moves, and
the rebuilt state must be exactly the saved one.

A game's `from_dict` is `read_game`: a whole game is replayed from its seed, options and moves
and checked that way; a view (no seed: the hidden cards are not there to replay) is read
field by field from the game's table of fields (`read_view`: each field's name and kind,
`seat`, `flag`, `whole(low, high)`, `one_of(...)`, `cards(parse)`, `scores`, `plain`),
then every card or piece must be there once, as in a new game of the same setup. So a game
writes its fields, not a reader.
"""
from __future__ import annotations

import json
import random
from collections import Counter

from game import registry
from game.base import MAX_SEED, IllegalMove

MAX_MOVES = 1_000_000     # a move log longer than this is damage, not a long evening


class SaveReader:
    def __init__(self, data, title: str, game: str):
        self.title = title
        if not isinstance(data, dict):
            self.fail(f"expected an object, not {type(data).__name__}")
        self.data = data
        if data.get("game", game) != game:
            self.fail(f"it is a save of another game ({str(data.get('game'))[:40]!r})")

    def fail(self, message: str):
        raise ValueError(f"damaged {self.title} save: {message}")

    def field(self, key: str):
        if key not in self.data:
            self.fail(f"{key!r} is missing")
        return self.data[key]

    def integer(self, key: str, low: int, high: int, allow_none: bool = False):
        value = self.field(key)
        if value is None and allow_none:
            return None
        if type(value) is not int or not low <= value <= high:
            self.fail(f"{key!r} must be a whole number from {low} to {high}, not {_short(value)}")
        return value

    def flag(self, key: str) -> bool:
        value = self.field(key)
        if type(value) is not bool:
            self.fail(f"{key!r} must be true or false, not {_short(value)}")
        return value

    def choice(self, key: str, choices):
        value = self.field(key)
        if not any(type(value) is type(choice) and value == choice for choice in choices):
            self.fail(f"{key!r} must be one of {', '.join(map(repr, choices))}, not {_short(value)}")
        return value

    def items(self, key: str, limit: int = MAX_MOVES) -> list:
        value = self.field(key)
        if not isinstance(value, list) or len(value) > limit:
            self.fail(f"{key!r} must be a list of at most {limit} entries")
        return value

    def seed(self, key: str = "seed") -> int:
        return self.integer(key, 0, MAX_SEED)

    def options(self, options: list, key: str = "options") -> dict:
        """Every option's saved value (an option the save does not name has its default)."""
        given = self.field(key)
        if not isinstance(given, dict):
            self.fail(f"{key!r} must be an object")
        known = {option.key: option for option in options}
        for name, value in given.items():
            option = known.get(name)
            if option is None:
                self.fail(f"there is no option {name[:40]!r}")
            if not any(type(value) is type(choice) and value == choice for choice in option.choices):
                self.fail(f"option {name!r} cannot be {_short(value)}")
        return {option.key: given.get(option.key, option.default) for option in options}

    def moves(self, key: str, parse) -> list:
        """The move log: each entry read back by the rules' own parser."""
        moves = []
        for index, code in enumerate(self.items(key)):
            try:
                moves.append(parse(code))
            except (ValueError, TypeError, KeyError, AttributeError):
                self.fail(f"move {index + 1} of {key!r} cannot be read: {_short(code)}")
        return moves

    def replay(self, build):
        """`build()` replays the save's moves; a move the rules refuse means damage."""
        try:
            return build()
        except IllegalMove as error:
            self.fail(f"its moves cannot be replayed ({error})")


def set_rng_state(rng: random.Random, saved, reader: SaveReader) -> None:
    """Restore a saved `random.Random` state ([version, 625 ints, gauss])."""
    try:
        version, internal, gauss = saved
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError):
        reader.fail("the random generator's state is damaged")


def check_rebuilt(reader: SaveReader, rebuilt: dict, saved: dict | None = None) -> None:
    """The state rebuilt from the save's moves must be exactly the saved state (or `saved`,
    the save with an older format brought up to date): this is what proves the position
    possible (every card and piece there once, the turn, the phase, the scores, the random
    generator)."""
    difference = first_difference(reader.data if saved is None else saved, rebuilt)
    if difference:
        reader.fail(f"the position does not follow from its moves ({difference})")


def first_difference(saved, rebuilt, where: str = "") -> str:
    """Where two JSON values first differ, in words ('' when they are equal; 1, 1.0 and true
    are three different values here)."""
    if not where:
        try:   # the common case, equal, at the JSON encoder's speed
            if json.dumps(saved, sort_keys=True) == json.dumps(rebuilt, sort_keys=True):
                return ""
        except (TypeError, ValueError):
            pass
    if isinstance(saved, dict) and isinstance(rebuilt, dict):
        for key in list(rebuilt) + [key for key in saved if key not in rebuilt]:
            if key not in saved:
                return f"{where}{key} is missing"
            if key not in rebuilt:
                return f"{where}{str(key)[:40]} is unknown"
            found = first_difference(saved[key], rebuilt[key], f"{where}{key}.")
            if found:
                return found
        return ""
    if isinstance(saved, list) and isinstance(rebuilt, list) and len(saved) == len(rebuilt):
        for index, (a, b) in enumerate(zip(saved, rebuilt)):
            found = first_difference(a, b, f"{where}{index}.")
            if found:
                return found
        return ""
    if type(saved) is type(rebuilt) and saved == rebuilt:
        return ""
    return f"{where.rstrip('.') or 'the save'} is {_short(saved)}, the moves give {_short(rebuilt)}"


def read_game(data, title: str, rules, moves: str, view_fields: dict | None = None):
    """A rules module's `from_dict`: the save of a whole game (its seed, players, options and
    the list of move codes under `moves`) replayed through `rules` and checked with
    `check_rebuilt`; a view (seed None) read by `read_view` from `view_fields`."""
    game = rules.__name__.split(".")[1]        # game.<name>.rules
    read = SaveReader(data, title, game)
    count = read.choice("players", registry.game(game).seats)
    options = read.options(rules.OPTIONS)
    played = read.moves(moves, rules.parse_move)
    if read.field("seed") is None and view_fields is not None:
        return read_view(read, rules, count, options, {moves: played}, view_fields)
    seed = read.seed()

    def rebuild():
        state = rules.new_game(seed, count, options)
        for move in played:
            state.play(move)
        state.events = []
        return state

    state = read.replay(rebuild)
    check_rebuilt(read, state.to_dict())
    return state


def read_view(read: SaveReader, rules, players: int, options: dict, known: dict, fields: dict):
    """A seat's view read field by field: a blank `rules.State` with `players`, `options`,
    no seed and the `known` fields, then each of `fields` in order (its name -> its kind, a
    function of the reader, the name and the state read so far). Every card or piece must
    then be where `zones()` says exactly once, the unknown ones (None) filling up to what a
    new game of this setup holds."""
    state = rules.State.__new__(rules.State)
    state.players, state.options, state.seed, state.events = players, options, None, []
    for name, value in known.items():
        setattr(state, name, value)
    for name, kind in fields.items():
        setattr(state, name, kind(read, name, state))
    try:
        held = [thing for things in state.zones().values() for thing in things]
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        read.fail("its cards or pieces cannot be placed")
    whole = Counter(thing for things in rules.new_game(0, players, options).zones().values() for thing in things)
    seen = Counter(thing for thing in held if thing is not None)
    if any(count > 1 for count in seen.values()) or seen - whole or len(held) != sum(whole.values()):
        read.fail("a card or piece is missing or there twice")
    return state


# The kinds of a view's fields (see read_view).

def seat(read: SaveReader, name: str, state):
    return read.integer(name, 0, state.players - 1)


def flag(read: SaveReader, name: str, state):
    return read.flag(name)


def whole(low: int, high: int):
    """A whole number from `low` to `high`."""
    return lambda read, name, state: read.integer(name, low, high)


def one_of(*choices):
    return lambda read, name, state: read.choice(name, choices)


def cards(parse, nested: bool = False, count=None):
    """A list of cards (or pieces), each read by `parse` from its code (a `parse` that reads
    None as None lets a card be unknown); `nested`: a list of such lists, `count(state)` of
    them."""
    def one(read, name, codes):
        if not isinstance(codes, list):
            read.fail(f"{name!r} must be a list of cards")
        try:
            return [parse(code) for code in codes]
        except (TypeError, ValueError, AttributeError):
            read.fail(f"{name!r} holds something that is no card")

    def kind(read, name, state):
        value = read.field(name)
        if not nested:
            return one(read, name, value)
        if not isinstance(value, list) or count is not None and len(value) != count(state):
            read.fail(f"{name!r} must be a list of {count(state) if count else 'some'} lists of cards")
        return [one(read, name, item) for item in value]
    return kind


def scores(limit: int):
    """A whole number for each seat, none beyond `limit` either way."""
    def kind(read, name, state):
        value = read.items(name, state.players)
        if len(value) != state.players or not all(type(number) is int and abs(number) <= limit for number in value):
            read.fail(f"{name!r} must be {state.players} whole numbers of at most {limit}")
        return list(value)
    return kind


def plain(read: SaveReader, name: str, state):
    """Plain JSON kept as it is (a score sheet, a log), read within the save's own limits."""
    return json.loads(json.dumps(read.items(name)))


def rng(read: SaveReader, name: str, state):
    generator = random.Random()
    set_rng_state(generator, read.field(name), read)
    return generator


def _short(value) -> str:
    text = repr(value[:40] if isinstance(value, (str, list)) else value)
    return text if len(text) <= 40 else text[:37] + "..."
