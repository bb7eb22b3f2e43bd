"""A game record: how every game is saved, kept, replayed and reviewed.

Pure Python (no pygame). A record is the game, its seats (human or a computer level), its
options, its seed and its moves as codes (`move.code`), plus `notes`: what the players
chose outside the rules (a human let the computer play for them, the deal they have seen).
Loading a record replays its moves through the rules, and that replay is the validation: a
position is never trusted from a file. Anything a record cannot be (a field of the wrong
type, a seat level that does not exist, a move the rules refuse) is one `ValueError`
saying what is wrong ("damaged Kingen save: move 31 cannot be played (...)").

Saves written before records (format 1: a picture of the state) are read by `from_save`
through the rules' own reader of that format (`from_dict`). Quarto, Kings Corners and
4 Koningen kept their moves, so they become ordinary records and resume. Kingen and Keezen
kept a picture only, which no replay can prove (a picture can hold cards moved between hands
or a score sheet no play makes), so such a save is refused with `EarlierVersion`, and so is
a record that an earlier version started from such a picture (`start`): set aside, never
resumed.

Measure: `python -m game.record_bench` replays the longest records of every game.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from game import registry
from game.save_check import MAX_MOVES, SaveReader

FORMAT = 2
SEAT_KINDS = ("human", "easy", "normal", "hard", "random")
MAX_CODE = 80            # characters of one move code; longer is damage
MAX_NOTES = 16
NOTE_NAME = re.compile(r"[a-z_]{1,40}")
CODE_TEXT = re.compile(r"[\x20-\x7e]{1,%d}" % MAX_CODE)   # printable ASCII: what every move code is
MOVE_KEYS = {"quarto": "log", "kings_corners": "history", "vier_koningen": "log"}   # the state's move list


class EarlierVersion(ValueError):
    """A save of a game no replay can prove: an earlier version's picture of a Kingen or
    Keezen position. The player is told so, not that the file was damaged."""

    def __init__(self, game: str):
        super().__init__(f"{_title(game)} saved by an earlier version of Spelavond; this game cannot be continued")


@dataclass
class Record:
    game: str
    players: int
    seats: list
    options: dict
    seed: int
    moves: list = field(default_factory=list)     # move codes, in order
    notes: dict = field(default_factory=dict)     # choices outside the rules: plain names to bool, int or short text

    @classmethod
    def new(cls, game: str, setup: dict, seed: int) -> "Record":
        """The record of a game about to begin (`setup`: players, seats, options)."""
        return cls(game, setup["players"], list(setup["seats"])[: setup["players"]], dict(setup["options"]), seed)

    @property
    def setup(self) -> dict:
        """The players, seats and options, as the setup screen and "Play again" use them."""
        return {"players": self.players, "seats": list(self.seats), "options": dict(self.options)}

    def add(self, move) -> None:
        self.moves.append(move.code)

    def to_dict(self) -> dict:
        data = {"format": FORMAT, "game": self.game, "players": self.players, "seats": list(self.seats),
                "options": dict(self.options), "seed": self.seed, "moves": list(self.moves),
                "notes": dict(self.notes)}
        return data

    def deal_start(self) -> int | None:
        """Where the game begins in a deal played again from a review (the note `deal_from`:
        the moves before it are the match's that led to that deal, and the match ends with
        it); None for a whole game."""
        start = self.notes.get("deal_from")
        return start if type(start) is int else None

    def replay(self, upto: int | None = None):
        """The state after the first `upto` moves (all by default), rebuilt by the rules."""
        rules = registry.game(self.game).rules()
        read = SaveReader(self.to_dict(), _title(self.game), self.game)
        moves = read.moves("moves", rules.parse_move)[:upto]
        start = self.deal_start()
        if start is not None and not (0 <= start <= len(self.moves) and hasattr(rules.State, "single_deal")):
            read.fail("'deal_from' must be a move number of the record, in a game of deals")

        def build():
            state = rules.new_game(self.seed, self.players, dict(self.options))
            for number, move in enumerate(moves, 1):
                if number - 1 == start:
                    state = state.single_deal()     # the match ends with the deal played again
                try:
                    state.play(move)
                except ValueError as error:
                    read.fail(f"move {number} ({str(move.code)[:40]}) cannot be played ({error})")
            if len(moves) == start:
                state = state.single_deal()
            state.events = []
            return state

        return read.replay(build)


def random_record(game: str, seed: int, moves: int = 600) -> Record:
    """A record of legal moves drawn at random from `seed` (at most `moves`), the first seat
    human and the others random: a game to look at where none was kept."""
    info = registry.game(game)
    players = max(info.seats)
    record = Record(game, players, ["human"] + ["random"] * (players - 1), {}, seed)
    state = info.rules().new_game(seed, players, {})
    rng = random.Random(seed)
    while len(record.moves) < moves and not state.is_over():
        # giving up (4 Koningen) would end the game at once: only a human chooses it
        move = rng.choice([move for move in state.legal_moves() if type(move).__name__ != "GiveUp"])
        state.play(move)
        record.add(move)
    return record


def from_dict(data) -> Record:
    """A record read from a file, every field checked; its moves are checked by `replay`."""
    if not isinstance(data, dict):
        raise ValueError("damaged save: expected an object")
    game = data.get("game")
    if not isinstance(game, str) or game not in registry.GAMES:
        raise ValueError(f"damaged save: unknown game {str(game)[:40]!r}")
    info = registry.game(game)
    if "start" in data and game not in MOVE_KEYS:    # begun from a first-format picture
        raise EarlierVersion(game)
    read = SaveReader(data, _title(game), game)
    if "start" in data:
        read.fail("only a game saved by an earlier version started from a picture")
    if read.field("format") != FORMAT:
        read.fail(f"format {str(data.get('format'))[:20]} is not {FORMAT}")
    players = read.choice("players", info.seats)
    seats = read.items("seats", limit=players)
    if len(seats) != players or not all(type(kind) is str and kind in SEAT_KINDS for kind in seats):
        read.fail(f"'seats' must name {players} seats, each one of {', '.join(SEAT_KINDS)}")
    options = read.options(info.rules().OPTIONS)
    seed = read.seed()
    moves = read.items("moves", MAX_MOVES)
    if not all(type(code) is str and CODE_TEXT.fullmatch(code) for code in moves):
        read.fail("every move must be a short code of printable characters")
    notes = read.field("notes")
    if not isinstance(notes, dict) or len(notes) > MAX_NOTES or not all(
            type(name) is str and NOTE_NAME.fullmatch(name) and _plain_note(value) for name, value in notes.items()):
        read.fail("'notes' must be a few names with a yes/no, a number or a short text")
    return Record(game, players, list(seats), options, seed, list(moves), dict(notes))


def earlier_version(data) -> bool:
    """A save that no replay can prove (see `EarlierVersion`), told by its shape alone."""
    if not isinstance(data, dict) or data.get("game") not in registry.GAMES or data["game"] in MOVE_KEYS:
        return False
    return (data.get("version") == 1 and "state" in data) or "start" in data


def from_save(data) -> Record:
    """The record of a saved game in progress: a record, or a save of the first format."""
    if isinstance(data, dict) and data.get("version") == 1 and "state" in data:
        return _from_first_format(data)
    return from_dict(data)


def _from_first_format(data: dict) -> Record:
    """A save of the first format, read by the rules' own reader of that format (the picture
    must be the whole game of its number and follow from its moves)."""
    game = data.get("game")
    if not isinstance(game, str) or game not in registry.GAMES:
        raise ValueError(f"damaged save: unknown game {str(game)[:40]!r}")
    if game not in MOVE_KEYS:         # a picture alone: nothing to replay
        raise EarlierVersion(game)
    setup, picture = data.get("setup"), data.get("state")
    if not isinstance(setup, dict) or not isinstance(picture, dict):
        raise ValueError("damaged save: its setup or its state is not an object")
    state = registry.game(game).rules().from_dict(picture)
    if getattr(state, "seed", None) != data.get("seed") or getattr(state, "viewer", None) is not None:
        raise ValueError("damaged save: the saved position is not the whole game of its number")
    players, seats, chosen = setup.get("players"), setup.get("seats"), setup.get("options")
    if state.players != players or not isinstance(chosen, dict) or any(
            key not in state.options or state.options[key] != value for key, value in chosen.items()):
        raise ValueError("damaged save: the position was played by other players or with other options")
    if not isinstance(seats, list) or len(seats) > max(registry.game(game).seats):
        raise ValueError("damaged save: its seats are not the seats of this game")
    fields = {"format": FORMAT, "game": game, "players": players, "options": dict(state.options),
              "seats": seats[:players], "seed": data.get("seed"),
              "notes": {"helper_played": True} if setup.get("helper_played") is True else {}}
    return from_dict({**fields, "moves": [move.code for move in getattr(state, MOVE_KEYS[game])]})


def _title(game: str) -> str:
    """The game's name in the messages of a damaged save ("damaged Kings Corners save: ...")."""
    return {"vier_koningen": "4 Koningen"}.get(game, game.replace("_", " ").title())


def _plain_note(value) -> bool:
    if type(value) is bool:
        return True
    if type(value) is int:
        return abs(value) <= MAX_MOVES
    return type(value) is str and len(value) <= 40 and value.isprintable()
