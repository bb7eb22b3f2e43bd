"""Quarto, as assets/rules/quarto.*.md describes it: pure Python, no pygame, no ai/.

Pieces
------
A piece is an int 0..15; each bit is one attribute (the scene draws from this):

    bit 0 (1)  colour  dark (1)   / light (0)
    bit 1 (2)  shape   square (1) / round (0)
    bit 2 (4)  height  tall (1)   / short (0)
    bit 3 (8)  top     hollow (1) / solid (0)

Squares are 0..15 in row-major order from the top left; their names are a column letter
and a row number counted from the top: a1 b1 c1 d1 / a2 ... / ... d4.

Moves
-----
- `Give(piece)`: the first move of a game, give only.
- `Place(square, give, call)`: place the piece in hand on `square` and give `give` to the
  opponent. `give` is None when the placement wins (automatic mode), when it fills the
  board, or when the player calls "Quarto!" (`call=True`, call mode only).
- `Claim()`: call mode, before placing: claim the line the opponent made and missed.
- `Pass()`: call mode, after the opponent filled the board without calling: let any line go
  (the game is drawn unless claimed).
- `NextGame()`: in a match, start the next game (first player alternates).

Options: `attributes` (bit mask of the attributes that count: 15 = all four, the beginner
variant uses 1, 2 or 3 of them), `squares` (advanced: the nine 2x2 blocks count too),
`call` ("auto" or "call": the Quarto! call rule), `clock` (one minute per move; the scene
runs the clock and, when it runs out, plays a random move drawn from the game number, an
ordinary move of the record), `games` (match length).

For the scene: `phase` ('give', 'place', 'pass', 'between', 'match_over'), `board`,
`hand`, `turn`, `available()`, `winning_line()` / `winning_squares()` / `win_groups`,
`dead` (call mode: groups missed by both), `claimable()`, `log` / `game_log()` /
`results` / `scores()` / `game_no` / `games`, `clock_seconds()`. `timeouts` and the
state's rng are read only from saves of the first format, where the clock drew its move
from that rng.

Notation (`to_notation()` / `from_notation()`): 16 characters for the squares in row-major
order, `.` or the piece's hex digit, a space, the hex digit of the piece in hand or `-`,
and optional flags after another space: `a<hex>` attribute mask (when not f), `s` squares,
`c` call mode, `t` clock, `m<hex>` the square of the last uncalled placement (call mode:
its lines may still be claimed). Example: `0..3....a....... 5`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.base import Announced, PieceMoved, Scored, check_move, check_type, copied_rng, illegal
from game.options import Option
from game.save_check import SaveReader, check_rebuilt, set_rng_state

# --- pieces and board geometry ------------------------------------------------------------

DARK, SQUARE, TALL, HOLLOW = 1, 2, 4, 8
ATTRIBUTES = ("colour", "shape", "height", "top")           # bit order
ATTRIBUTE_VALUES = (("light", "dark"), ("round", "square"), ("short", "tall"), ("solid", "hollow"))
ALL_PIECES = tuple(range(16))
MOVE_SECONDS = 60                                           # the clock option: one minute per move

SQUARE_NAMES = tuple(f"{'abcd'[s % 4]}{s // 4 + 1}" for s in range(16))

ROWS = tuple(tuple(range(4 * r, 4 * r + 4)) for r in range(4))
COLUMNS = tuple(tuple(range(c, 16, 4)) for c in range(4))
DIAGONALS = ((0, 5, 10, 15), (3, 6, 9, 12))
BLOCKS = tuple((4 * r + c, 4 * r + c + 1, 4 * r + c + 4, 4 * r + c + 5) for r in range(3) for c in range(3))
LINES = ROWS + COLUMNS + DIAGONALS
GROUPS = LINES + BLOCKS                                     # group index g: 0..9 lines, 10..18 blocks
GROUP_KINDS = ("row",) * 4 + ("column",) * 4 + ("diagonal",) * 2 + ("square",) * 9


def groups_in_play(squares: bool) -> tuple[int, ...]:
    """Indices into GROUPS of the winning groups: the 10 lines, plus the 9 blocks if asked."""
    return tuple(range(19 if squares else 10))


def piece_attributes(piece: int) -> dict:
    """{'colour': 'dark', 'shape': 'round', ...} for display."""
    return {name: ATTRIBUTE_VALUES[bit][(piece >> bit) & 1] for bit, name in enumerate(ATTRIBUTES)}


def piece_name(piece: int) -> str:
    """'tall dark square hollow' (English, for logs and tests)."""
    a = piece_attributes(piece)
    return f"{a['height']} {a['colour']} {a['shape']} {a['top']}"


def shared(pieces, mask: int = 15) -> int:
    """The attribute bits (within mask) on which all the pieces agree."""
    ones = zeros = 15
    for piece in pieces:
        ones &= piece
        zeros &= ~piece
    return (ones | zeros) & mask


# --- options ------------------------------------------------------------------------------

ATTRIBUTE_SETS = (15, 1, 2, 4, 8, 3, 5, 9, 6, 10, 12, 7, 11, 13, 14)
GAME_COUNTS = (1, 2, 3, 4, 5, 6, 8, 10)

OPTIONS = [
    Option("attributes", 15, ATTRIBUTE_SETS, "quarto.opt.attributes",
           tuple(f"quarto.opt.attributes.{mask}" for mask in ATTRIBUTE_SETS),
           help="quarto.opt.attributes.help"),
    Option("squares", False, (False, True), "quarto.opt.squares",
           ("quarto.opt.squares.off", "quarto.opt.squares.on"), help="quarto.opt.squares.help"),
    Option("call", "auto", ("auto", "call"), "quarto.opt.call",
           ("quarto.opt.call.auto", "quarto.opt.call.call"), help="quarto.opt.call.help"),
    Option("clock", False, (False, True), "quarto.opt.clock",
           ("quarto.opt.clock.off", "quarto.opt.clock.on"), help="quarto.opt.clock.help"),
    Option("games", 1, GAME_COUNTS, "quarto.opt.games", help="quarto.opt.games.help"),
]


def resolve_options(given: dict | None) -> dict:
    from game.options import resolve
    return resolve(OPTIONS, given)


# --- moves --------------------------------------------------------------------------------

def _hex(piece) -> str:
    return "-" if piece is None else format(piece, "x")


@dataclass(frozen=True, slots=True)
class Give:
    """The first move of a game: give a piece, place nothing."""
    piece: int

    def __str__(self):
        return f"give {_hex(self.piece)}"

    code = property(__str__)  # the save code is the readable text


@dataclass(frozen=True, slots=True)
class Place:
    """Place the piece in hand on `square`, then give `give` (None: give nothing)."""
    square: int
    give: int | None = None
    call: bool = False

    def __str__(self):
        text = SQUARE_NAMES[self.square] if isinstance(self.square, int) and 0 <= self.square < 16 else str(self.square)
        if self.give is not None:
            text += f" give {_hex(self.give)}"
        if self.call:
            text += " Quarto!"
        return text

    code = property(__str__)  # the save code is the readable text


@dataclass(frozen=True, slots=True)
class _Said:
    """A move without parts: its text (and save code) is the class's TEXT."""
    TEXT = ""

    def __str__(self):
        return self.TEXT

    code = property(__str__)  # the save code is the readable text


@dataclass(frozen=True, slots=True)
class Claim(_Said):
    """Call mode: claim the line the opponent made but did not call (before placing)."""
    TEXT = "claim Quarto!"


@dataclass(frozen=True, slots=True)
class Pass(_Said):
    """Call mode: the opponent filled the board without calling; let it go."""
    TEXT = "pass"


@dataclass(frozen=True, slots=True)
class NextGame(_Said):
    """Start the next game of the match."""
    TEXT = "next game"


MOVE_TYPES = (Give, Place, Claim, Pass, NextGame)


def parse_move(text: str):
    """The move whose str() is `text`."""
    if not isinstance(text, str):
        raise ValueError(f"a Quarto move is text, not {type(text).__name__}")
    words = text.strip().split()
    try:
        if words == ["claim", "Quarto!"]:
            return Claim()
        if words == ["pass"]:
            return Pass()
        if words == ["next", "game"]:
            return NextGame()
        if len(words) == 2 and words[0] == "give":
            return Give(int(words[1], 16))
        square = SQUARE_NAMES.index(words[0])
        give = None
        call = False
        rest = words[1:]
        if rest[:1] == ["give"]:
            give = int(rest[1], 16)
            rest = rest[2:]
        if rest == ["Quarto!"]:
            call = True
            rest = []
        if not rest:
            return Place(square, give, call)
    except (ValueError, IndexError):
        pass
    raise ValueError(f"not a Quarto move: {text!r}")


# --- the state ----------------------------------------------------------------------------

def _winning(pieces, mask: int) -> bool:
    return bool(shared(pieces, mask))


class State:
    """A Quarto match (one or more games) in progress."""

    players = 2

    # -- construction -----------------------------------------------------------------------
    def __init__(self, seed: int = 0, options: dict | None = None, first: int | None = None):
        self.seed = seed
        self.options = resolve_options(options)
        self.rng = random.Random(seed)
        self.match_first = self.rng.randrange(2) if first is None else first
        self.games = self.options["games"]
        self.results: list = []          # per finished game: the winning seat or None (draw)
        self.log: list = []              # every move of the match, in order
        self.timeouts: list = []         # indices into log of the moves the clock made
        self.game_starts: list = [0]     # index into log where each game began
        self.start = None                # a position in notation when not the empty board
        self.events: list = []           # what the last move did (game.base events)
        self._new_game(self.match_first)

    def _new_game(self, first: int) -> None:
        self.first = first               # the seat that gives first in this game
        self.board: list = [None] * 16
        self.hand = None                 # the piece the player to move must place
        self.turn = first
        self.pending = None              # call mode: square of the last uncalled placement
        self.dead: tuple = ()            # call mode: groups made and missed by both
        self.game_done = False
        self.winner = None
        self.win_groups: tuple = ()
        self.claimed = False             # the game was won by claiming a missed line

    @property
    def mask(self) -> int:
        return self.options["attributes"]

    @property
    def call_mode(self) -> bool:
        return self.options["call"] == "call"

    @property
    def groups(self) -> tuple[int, ...]:
        return groups_in_play(self.options["squares"])

    # -- questions ---------------------------------------------------------------------------
    @property
    def game_no(self) -> int:
        """0-based index of the current game in the match."""
        return len(self.game_starts) - 1

    def is_over(self) -> bool:
        return self.game_done and len(self.results) >= self.games

    def game_over(self) -> bool:
        return self.game_done

    def to_move(self):
        if self.is_over():
            return None
        if self.game_done:
            return 1 - self.first       # the seat that will give first in the next game
        return self.turn

    @property
    def phase(self) -> str:
        """'give' (the opening), 'place', 'pass' (call mode, the board filled without a call),
        'between' (a game of the match is over, a next game follows) or 'match_over'."""
        if self.is_over():
            return "match_over"
        if self.game_done:
            return "between"
        if self.hand is None:
            return "pass" if self.pending is not None else "give"
        return "place"

    def available(self) -> list[int]:
        """Pieces beside the board, not counting the one in hand."""
        used = set(p for p in self.board if p is not None)
        if self.hand is not None:
            used.add(self.hand)
        return [p for p in ALL_PIECES if p not in used]

    def empty_squares(self) -> list[int]:
        return [s for s in range(16) if self.board[s] is None]

    def _wins_at(self, square: int, piece: int) -> tuple:
        """Groups (indices) that placing piece on the empty square completes with a shared attribute."""
        mask = self.mask
        found = []
        for g in self.groups:
            squares = GROUPS[g]
            if square not in squares:
                continue
            pieces = [piece if s == square else self.board[s] for s in squares]
            if None not in pieces and _winning(pieces, mask):
                found.append(g)
        return tuple(found)

    def complete_winning_groups(self) -> tuple:
        """Every full group on the board that shares a counted attribute."""
        mask = self.mask
        found = []
        for g in self.groups:
            pieces = [self.board[s] for s in GROUPS[g]]
            if None not in pieces and _winning(pieces, mask):
                found.append(g)
        return tuple(found)

    def claimable(self) -> tuple:
        """Call mode: the groups the opponent completed and did not call (claimable now)."""
        if self.game_done or self.pending is None:
            return ()
        mask = self.mask
        found = []
        for g in self.groups:
            squares = GROUPS[g]
            if self.pending in squares:
                pieces = [self.board[s] for s in squares]
                if None not in pieces and _winning(pieces, mask):
                    found.append(g)
        return tuple(found)

    def winning_line(self):
        """The squares of the (first) winning group, or None: for the scene's highlight."""
        return GROUPS[self.win_groups[0]] if self.win_groups else None

    def winning_squares(self) -> tuple:
        """All squares of all winning groups (a placement can complete several)."""
        return tuple(sorted({s for g in self.win_groups for s in GROUPS[g]}))

    def game_log(self) -> list:
        """The moves of the current game."""
        return self.log[self.game_starts[-1]:]

    def scores(self) -> list:
        """Games won per seat in the match (a draw scores nothing)."""
        return [sum(1 for r in self.results if r == seat) for seat in range(2)]

    def draws(self) -> int:
        return sum(1 for r in self.results if r is None)

    def winners(self) -> tuple:
        if not self.is_over():
            return ()
        a, b = self.scores()
        return (0,) if a > b else (1,) if b > a else ()

    def clock_seconds(self):
        """Seconds per move when the clock option is on, else None."""
        return MOVE_SECONDS if self.options["clock"] else None

    def arena_stats(self) -> dict:
        return {"pieces_placed": sum(1 for p in self.board if p is not None),
                "draw_games": self.draws()}

    # -- moves -------------------------------------------------------------------------------
    def legal_moves(self) -> list:
        phase = self.phase
        if phase == "match_over":
            return []
        if phase == "between":
            return [NextGame()]
        if phase == "give":
            return [Give(p) for p in ALL_PIECES]
        claim = [Claim()] if self.claimable() else []
        if phase == "pass":
            return [Pass()] + claim
        moves = claim
        gives = self.available()
        empties = self.empty_squares()
        last = len(empties) == 1
        call = self.call_mode
        for s in empties:
            wins = self._wins_at(s, self.hand)
            if wins and not call:
                moves.append(Place(s))
                continue
            if wins:
                moves.append(Place(s, None, True))
            if last:
                moves.append(Place(s))
            else:
                moves.extend(Place(s, q) for q in gives)
        return moves

    def _illegal(self, message, key, **params):
        illegal(message, f"quarto.err.{key}", **params)

    def _check(self, move) -> tuple:
        """Raise IllegalMove unless move is legal now; returns what play needs to know."""
        check_move(move, MOVE_TYPES, "Quarto", "quarto.err.unknown_move")
        phase = self.phase
        if phase == "match_over":
            self._illegal("the match is over", "match_over")
        if isinstance(move, NextGame):
            if phase != "between":
                self._illegal("the game is not over yet", "not_over")
            return ()
        if phase == "between":
            self._illegal("this game is over: start the next game", "game_over")
        if isinstance(move, Give):
            if phase != "give":
                self._illegal("only the first move of a game is a give without placing", "must_place")
            self._check_piece(move.piece)
            return ()
        if isinstance(move, Claim):
            if not self.call_mode:
                self._illegal("claiming a Quarto only exists in the call-Quarto mode", "no_call_mode")
            if not self.claimable():
                self._illegal("there is no missed line to claim", "no_claim")
            return ()
        if isinstance(move, Pass):
            if phase != "pass":
                self._illegal("there is nothing to pass on now", "no_pass")
            return ()
        if not isinstance(move, Place):
            self._illegal(f"not a Quarto move: {move!r}", "unknown_move")
        if phase == "give":
            self._illegal("the first move only gives a piece", "must_give")
        if phase == "pass":
            self._illegal("the board is full: claim Quarto! or pass", "must_claim_or_pass")
        s = move.square
        check_type(s, int, "a square", "quarto.err.bad_square")
        if not 0 <= s < 16:
            self._illegal(f"there is no square {s}", "bad_square", square=str(s))
        if move.give is not None:
            self._check_piece(move.give)
        check_type(move.call, bool, "the Quarto! call", "quarto.err.unknown_move")
        name = SQUARE_NAMES[s]
        if self.board[s] is not None:
            self._illegal(f"square {name} is taken", "occupied", square=name)
        wins = self._wins_at(s, self.hand)
        last = self.board.count(None) == 1
        if move.call:
            if not self.call_mode:
                self._illegal("Quarto! is called only in the call-Quarto mode; wins count at once",
                              "no_call_mode")
            if not wins:
                self._illegal(f"no line of four sharing an attribute through {name}: no Quarto!",
                              "no_line", square=name)
            if move.give is not None:
                self._illegal("a player who calls Quarto! gives no piece", "call_gives_nothing")
            return wins
        if wins and not self.call_mode:
            if move.give is not None:
                self._illegal(f"placing on {name} wins: no piece is given", "win_gives_nothing",
                              square=name)
            return wins
        if last:
            if move.give is not None:
                self._illegal("the board is full: no piece is given", "full_gives_nothing")
            return wins
        if move.give is None:
            self._illegal("choose a piece to give", "must_give_piece")
        if move.give not in self.available():
            self._illegal(f"piece {_hex(move.give)} is not available to give", "piece_unavailable",
                          piece=_hex(move.give))
        return wins

    def _check_piece(self, piece) -> None:
        """A piece is an int 0..15 (not True, not 1.0: those would be saved wrongly)."""
        check_type(piece, int, "a piece", "quarto.err.no_piece")
        if not 0 <= piece < 16:
            self._illegal(f"there is no piece {piece}", "no_piece", piece=str(piece))

    def play(self, move) -> None:
        """Apply a legal move; an illegal one raises IllegalMove and changes nothing."""
        wins = self._check(move)
        self.log.append(move)
        seat = self.turn
        self.events = events = []
        if isinstance(move, NextGame):
            self.game_starts.append(len(self.log))
            self._new_game(1 - self.first)
            events.append(Announced(None, "next_game", self.game_no))
        elif isinstance(move, Give):
            self._give(move.piece)
        elif isinstance(move, Claim):
            events.append(Announced(seat, "claim"))
            self._end(seat, self.claimable(), claimed=True)
        elif isinstance(move, Pass):
            events.append(Announced(seat, "pass"))
            self._lose_missed()
            self._end(None, ())
        else:
            self._lose_missed()
            events.append(PieceMoved(self.hand, f"hand:{seat}", f"square:{SQUARE_NAMES[move.square]}", seat))
            self.board[move.square] = self.hand
            self.hand = None
            full = None not in self.board
            if move.call:
                events.append(Announced(seat, "quarto"))
            if wins and (move.call or not self.call_mode):
                self._end(seat, wins)
            elif self.call_mode:
                self.pending = move.square
                self._give(move.give)
            elif full:
                self._end(None, ())
            else:
                self._give(move.give)

    def _give(self, piece) -> None:
        """The player to move hands `piece` (None: nothing, the board is full) to the other."""
        self.turn = 1 - self.turn
        self.hand = piece
        if piece is not None:
            self.events.append(PieceMoved(piece, "pool", f"hand:{self.turn}", 1 - self.turn))

    def reveals(self, move) -> bool:
        """Quarto hides nothing."""
        return False

    def zones(self) -> dict:
        """Where each piece is: the pool beside the board, the hand of the player to place,
        or a square."""
        zones = {"pool": self.available()}
        if self.hand is not None:
            zones[f"hand:{self.turn}"] = [self.hand]
        for square, piece in enumerate(self.board):
            if piece is not None:
                zones[f"square:{SQUARE_NAMES[square]}"] = [piece]
        return zones

    def _lose_missed(self) -> None:
        """The lines made in the opponent's turn and not called no longer count."""
        missed = self.claimable()
        if missed:
            self.dead = tuple(sorted(set(self.dead) | set(missed)))
        self.pending = None

    def _end(self, winner, groups, claimed=False) -> None:
        self.game_done = True
        self.winner = winner
        self.win_groups = tuple(groups)
        self.claimed = claimed
        self.pending = None
        self.results.append(winner)
        self.events.append(Scored(tuple(int(seat == winner) for seat in range(2)), "game"))

    def random_move(self):
        """A random legal move drawn with the state's own rng (changes the rng only)."""
        return self.rng.choice(self.legal_moves())


    # -- copies, views, saves ---------------------------------------------------------------
    def copy(self) -> "State":
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.rng = copied_rng(self.rng)
        other.results = list(self.results)
        other.log = list(self.log)
        other.timeouts = list(self.timeouts)
        other.game_starts = list(self.game_starts)
        other.board = list(self.board)
        return other

    def view(self, seat: int) -> "State":
        """Quarto hides nothing: a copy."""
        return self.copy()

    def sample(self, seat: int, rng=None) -> "State":
        return self.copy()

    _FIELDS = ("seed", "match_first", "games", "results", "timeouts", "game_starts", "first",
               "board", "hand", "turn", "pending", "game_done", "winner", "claimed", "start")

    def to_dict(self) -> dict:
        data = {name: getattr(self, name) for name in self._FIELDS}
        data = {k: (list(v) if isinstance(v, list) else v) for k, v in data.items()}
        data["version"] = 1
        data["game"] = "quarto"
        data["options"] = dict(self.options)
        data["dead"] = list(self.dead)
        data["win_groups"] = list(self.win_groups)
        data["log"] = [str(m) for m in self.log]
        version, internal, gauss = self.rng.getstate()
        data["rng"] = [version, list(internal), gauss]
        return data

    # -- notation ----------------------------------------------------------------------------
    def to_notation(self) -> str:
        text = "".join("." if p is None else _hex(p) for p in self.board) + " " + _hex(self.hand)
        flags = ""
        if self.mask != 15:
            flags += "a" + _hex(self.mask)
        if self.options["squares"]:
            flags += "s"
        if self.call_mode:
            flags += "c"
        if self.options["clock"]:
            flags += "t"
        if self.pending is not None:
            flags += "m" + _hex(self.pending)
        return text + (" " + flags if flags else "")

    def __repr__(self):
        return f"<quarto {self.to_notation()} to move {self.to_move()}>"


def _replayed(seed, options, start, moves, timeouts, first=None) -> State:
    """The match replayed from its seed (or its starting position) through `moves`; moves the
    clock made are replayed through the same rng, so the state equals the one the game had."""
    if start is None:
        state = State(seed, options)
        if state.match_first != first and first is not None:   # a match whose first player was set
            state = State(seed, options, first=first)
    else:
        state = from_notation(start[0], start[1], seed)
    timeouts = set(timeouts)
    for index, move in enumerate(moves):
        if index in timeouts and state.random_move() == move:
            state.timeouts.append(len(state.log))
        state.play(move)
    return state


def from_dict(data: dict) -> State:
    """A saved match, read back only if it is exactly the match its seed, options and moves
    make (ValueError otherwise: a damaged or impossible save)."""
    read = SaveReader(data, "Quarto", "quarto")
    seed = read.seed()
    options = read.options(OPTIONS)
    start = data.get("start")
    if start is not None and not (isinstance(start, list) and len(start) == 2 and isinstance(start[0], str)
                                  and len(start[0]) <= 40 and start[1] in (0, 1) and type(start[1]) is int):
        read.fail("'start' must be a position in notation and the seat to move")
    log = read.moves("log", parse_move)
    timeouts = read.items("timeouts")
    if not all(type(index) is int and 0 <= index < len(log) for index in timeouts):
        read.fail("'timeouts' must name moves of the log")
    first = read.integer("match_first", 0, 1)
    state = read.replay(lambda: _replayed(seed, options, start, log, timeouts, first))
    set_rng_state(state.rng, read.field("rng"), read)   # random_move() may have drawn from it since
    check_rebuilt(read, state.to_dict())
    state.events = []
    return state


def _bad_notation(text, why):
    illegal(f"not a Quarto position ({why}): {text!r}", "quarto.err.notation", why=why)


def from_notation(text: str, seat: int = 0, seed: int = 0) -> State:
    """A one-game State from a position in notation; `seat` is the seat to move (for a
    finished game: the seat that did not make the last placement)."""
    if not isinstance(text, str):
        _bad_notation(text, "a position is a line of text")
    parts = text.split()
    if len(parts) not in (2, 3) or len(parts[0]) != 16 or len(parts[1]) != 1:
        _bad_notation(text, "expected 16 squares, a space and the piece in hand")
    board = []
    for char in parts[0]:
        if char == ".":
            board.append(None)
        elif char in "0123456789abcdefABCDEF":
            board.append(int(char, 16))
        else:
            _bad_notation(text, f"bad square character {char!r}")
    hand_char = parts[1]
    if hand_char == "-":
        hand = None
    elif hand_char in "0123456789abcdefABCDEF":
        hand = int(hand_char, 16)
    else:
        _bad_notation(text, f"bad piece in hand {hand_char!r}")
    options = {"attributes": 15, "squares": False, "call": "auto", "clock": False, "games": 1}
    pending = None
    flags = parts[2] if len(parts) == 3 else ""
    i = 0
    while i < len(flags):
        flag = flags[i]
        if flag in "am":
            if i + 1 >= len(flags) or flags[i + 1] not in "0123456789abcdefABCDEF":
                _bad_notation(text, f"flag {flag} needs a hex digit")
            value = int(flags[i + 1], 16)
            if flag == "a":
                if value == 0:
                    _bad_notation(text, "no attribute counts")
                options["attributes"] = value
            else:
                pending = value
            i += 2
            continue
        if flag == "s":
            options["squares"] = True
        elif flag == "c":
            options["call"] = "call"
        elif flag == "t":
            options["clock"] = True
        else:
            _bad_notation(text, f"unknown flag {flag!r}")
        i += 1
    placed = [p for p in board if p is not None]
    if len(set(placed + ([hand] if hand is not None else []))) != len(placed) + (hand is not None):
        _bad_notation(text, "a piece appears twice")
    if seat not in (0, 1):
        raise ValueError("seat must be 0 or 1")
    state = State(seed, options, first=0)
    state.start = [text.strip(), seat]
    state.board = board
    state.hand = hand
    n = len(placed)
    state.first = seat if n % 2 == 0 else 1 - seat
    state.match_first = state.first
    state.turn = seat
    if pending is not None:
        if options["call"] != "call":
            _bad_notation(text, "a missed placement only exists in call mode")
        if board[pending] is None:
            _bad_notation(text, "the missed placement's square is empty")
        state.pending = pending
    complete = state.complete_winning_groups()
    claimable = state.claimable()
    full = n == 16
    if hand is None and n == 0:
        if pending is not None:
            _bad_notation(text, "nothing was placed")
        return state
    if hand is not None:
        if full:
            _bad_notation(text, "a piece in hand but the board is full")
        if complete and options["call"] != "call":
            _bad_notation(text, "a line is complete: the game is over")
        state.dead = tuple(g for g in complete if g not in claimable)
        return state
    # no piece in hand, pieces on the board: the game is over, or call mode's last claim window
    if pending is not None:
        if not full:
            _bad_notation(text, "no piece in hand on an unfinished board")
        state.dead = tuple(g for g in complete if g not in claimable)
        return state
    if options["call"] == "call" or not complete:
        if not full and not complete:
            _bad_notation(text, "no piece in hand on an unfinished board")
    state.game_done = True
    if complete and options["call"] != "call":
        state.winner = 1 - seat
        state.win_groups = complete
    elif complete:
        # call mode without a missed placement: the last complete group was called
        state.winner = 1 - seat
        state.win_groups = complete
    state.results = [state.winner]
    return state


# --- entry points -------------------------------------------------------------------------

def new_game(seed: int, players: int = 2, options: dict | None = None) -> State:
    """A match of options['games'] games; the first player of game 1 is drawn by lot."""
    if players != 2:
        raise ValueError("Quarto is played by two players")
    return State(seed, options)


def arena_game(seed: int, players: int = 2) -> State:
    """One game with the default options in which seat 0 gives first: the arena swaps the
    bots' seats every game, so the first player alternates strictly."""
    return State(seed, {}, first=0)
