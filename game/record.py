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
4 Koningen kept their moves, so they become ordinary records; Kingen and Keezen kept a
picture only, so their record starts from that picture (`start`) and holds the moves played
after it. Such a picture is trusted as far as `from_dict` checks it, which is less than a
replay; it exists only for games begun before records.

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
PICTURE_CONSTANTS = {"kingen": ("kind", "fixed_game", "last_deal", "first_dealer")}   # what a whole match never changes
MOVE_KEYS = {"quarto": "log", "kings_corners": "history", "vier_koningen": "log"}   # the state's move list


@dataclass
class Record:
    game: str
    players: int
    seats: list
    options: dict
    seed: int
    moves: list = field(default_factory=list)     # move codes, in order
    notes: dict = field(default_factory=dict)     # choices outside the rules: plain names to bool, int or short text
    start: dict | None = None                     # a format-1 picture to start from (Kingen, Keezen)

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
        if self.start is not None:
            data["start"] = self.start
        return data

    def replay(self, upto: int | None = None):
        """The state after the first `upto` moves (all by default), rebuilt by the rules."""
        rules = registry.game(self.game).rules()
        read = SaveReader(self.to_dict(), _title(self.game), self.game)
        moves = read.moves("moves", rules.parse_move)[:upto]

        def build():
            state = rules.new_game(self.seed, self.players, dict(self.options)) if self.start is None \
                else _from_picture(rules, self.start, read)
            for number, move in enumerate(moves, 1):
                try:
                    state.play(move)
                except ValueError as error:
                    read.fail(f"move {number} ({str(move.code)[:40]}) cannot be played ({error})")
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
    read = SaveReader(data, _title(game), game)
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
    start = data.get("start")
    if start is not None and (game not in ("kingen", "keezen") or not isinstance(start, dict)):
        read.fail("only a Kingen or Keezen save of the first format starts from a picture")
    return Record(game, players, list(seats), options, seed, list(moves), dict(notes), start)


def from_save(data) -> Record:
    """The record of a saved game in progress: a record, or a save of the first format."""
    if isinstance(data, dict) and data.get("version") == 1 and "state" in data:
        return _from_first_format(data)
    return from_dict(data)


def _from_first_format(data: dict) -> Record:
    """A save of the first format, read by the rules' own reader of that format (the picture
    must be the whole game of its number and follow from its moves, where it kept them)."""
    game = data.get("game")
    if not isinstance(game, str) or game not in registry.GAMES:
        raise ValueError(f"damaged save: unknown game {str(game)[:40]!r}")
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
    if game in MOVE_KEYS:     # these kept every move: an ordinary record
        return from_dict({**fields, "moves": [move.code for move in getattr(state, MOVE_KEYS[game])]})
    return from_dict({**fields, "moves": [], "start": picture})


def _from_picture(rules, picture: dict, read: SaveReader):
    """The picture a Kingen or Keezen save of the first format started from (checked the
    same way when the save was first read)."""
    state = rules.from_dict(picture)
    if state.seed != read.data["seed"] or state.viewer is not None or dict(state.options) != read.data["options"]:
        read.fail("the saved position is not the whole game of this number and options")
    fresh = rules.new_game(state.seed, state.players, dict(state.options)).to_dict()
    for key in PICTURE_CONSTANTS.get(read.data["game"], ()):
        if picture.get(key) != fresh[key]:
            read.fail(f"{key!r} is not what a game of this number has")
    return state


def _title(game: str) -> str:
    """The game's name in the messages of a damaged save ("damaged Kings Corners save: ...")."""
    return {"vier_koningen": "4 Koningen"}.get(game, game.replace("_", " ").title())


def _plain_note(value) -> bool:
    if type(value) is bool:
        return True
    if type(value) is int:
        return abs(value) <= MAX_MOVES
    return type(value) is str and len(value) <= 40 and value.isprintable()
