"""Keezen: the NK Keezen tournament rules (assets/rules/keezen.*.md) as plain Python.

Seats in clockwise order 0..3 play blue, green, yellow and red; partners sit opposite, so
blue + yellow (seats 0 and 2) play against green + red (seats 1 and 3), as
`game.base.partner` and `game.base.team_of` say. A colour is its seat's number.

The board, as numbers (the notation of the rule page uses the same ones):
- a square is an int: `NEST` (-1) for a nest, 0..63 for the track (clockwise; colour c's
  start square is 16·c), and 64..67 for H1..H4 of the pawn's own home;
- `state.pawns` holds the 16 pawns, colour c's at indices 4c..4c+3; a pawn keeps its index
  for the whole game (the scene animates pawn by pawn);
- counting from its start square a pawn reaches H1 after 64 steps; going forward it never
  passes its own start square (from the square before it, the next step is H1).

Moves (frozen dataclasses with slots; `str()` is readable, `code` is the save code):
- `Enter(card, colour)`: ace or king, a pawn of `colour` from its nest onto its start square;
- `Walk(card, parts)`: every card that moves pawns along the board: `parts` is a tuple of
  `(colour, square, steps)`, the pawn of `colour` standing on `square` walks `steps`
  (negative for the 4). A 7 has one to three parts, played in their order: one or two of the
  player's own pawns, and the rest with one pawn of the partner when the player's last pawn
  reached home with steps left;
- `Swap(colour, square, other_colour, other_square)`: the jack;
- `LayAway()`: no card can be played, the hand goes face up to the middle;
- `Give(card)`: with the exchange option, the card given face down to the partner.
A move names the card by its rank (suits play no role): the first card of that rank in the
hand is played. Pawns are named by their colour and square, so two pawns of one colour in a
nest are never two moves. `legal_moves()` lists every different outcome once: a 7 whose two
parts may be played in either order with the same result is listed in one order only
(`normalize(move)` finds the listed move that does the same as a given one, for a scene that
lets the player pick the parts in any order).

Decisions this module makes where the rule page leaves room:
- A player who has finished plays with the partner's pawns; a 7 of such a player whose
  (partner's) last pawn gets home with steps left has nobody to give the rest to, so that 7
  cannot be played that way (all seven steps must always be made).
- The rest of a 7 goes to one pawn of the partner (the rule page: "a pawn of your partner").
- The two parts of a 7 move different pawns (the same pawn twice would be a hit on the way).
- The game ends the moment a team has all eight pawns home; the rest of the hand is not played.
- Exchange option: the seats choose the card to give in turn, starting left of the dealer;
  the cards change hands when all four have chosen (nobody sees the partner's card before
  choosing their own).
- Tournament time limit (option): the NK round of at most 45 minutes is counted in turns, a
  card played or a hand laid away each being one turn (the exchange is not a turn). At a
  tournament table a turn takes about 15 seconds (choosing the card, counting the squares one
  by one, the shuffling and dealing of every deck shared out), so 45 minutes are
  `TURN_LIMIT` = 180 turns; then the team with more pawns home wins (equal: a draw, no
  winners). A whole game between the computer players takes about 250 turns (measured: mean
  243 turns over 100 games of normal against easy), so, as at the NK, many games are decided
  by the count: the limit is meant to bite.
- `scores()` is, per seat, the number of pawns its team has home (0..8).

`from_notation(text, seed, options)` reads the one-line position of the rule page (the cards
get suits in the order spades, hearts, clubs, diamonds; the rest of the deck is shuffled with
`seed`). It never starts in the middle of an exchange; `to_notation()` of a position in the
exchange writes the chosen cards back in their givers' hands.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.base import (
    Announced,
    CardMoved,
    HandDealt,
    PawnMoved,
    PawnSentHome,
    check_move,
    check_type,
    copied_rng,
    hide_cards,
    illegal,
    partner,
)
from game.cards import Card, full_deck
from game.options import Option

GAME = "keezen"
PLAYERS = 4
COLOURS = "bgyr"                      # notation letters, in seat order
COLOUR_NAMES = ("blue", "green", "yellow", "red")
NEST = -1
TRACK = 64
HOME = 64                             # H1; H4 is HOME + 3
LAST_HOME = HOME + 3
START = (0, 16, 32, 48)
HAND_SIZES = (5, 4, 4)                # the three hands of one deck
TURN_LIMIT = 180                      # the 45-minute tournament limit, in turns (see above)
PLAY, EXCHANGE, OVER = "play", "exchange", "over"
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
SEVEN, FOUR = 7, 4
RANK_LETTER = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", **{rank: str(rank) for rank in range(2, 10)}}
LETTER_RANK = {letter: rank for rank, letter in RANK_LETTER.items()}
STEPS = {ACE: 1, 2: 2, 3: 3, FOUR: -4, 5: 5, 6: 6, SEVEN: 7, 8: 8, 9: 9, 10: 10, QUEEN: 12}
FULL_DECK = tuple(full_deck())
DECK_SET = frozenset(FULL_DECK)

# why a walk is impossible (the walking helpers return these instead of a square)
BLOCKED, OVERSHOOT, HOME_TAKEN = -10, -11, -12


def _key(name: str) -> str:
    return f"{GAME}.{name}"


def _flag(key: str) -> Option:
    return Option(key, False, (False, True), label=_key(f"opt.{key}"),
                  labels=(_key(f"opt.{key}.off"), _key(f"opt.{key}.on")), help=_key(f"opt.{key}.help"))


OPTIONS: list[Option] = [_flag("exchange"), _flag("time_limit")]


def resolve_options(given: dict | None) -> dict:
    from game.options import resolve
    return resolve(OPTIONS, given)


def square_name(square: int) -> str:
    """'n', '0'..'63' or 'h1'..'h4' (the rule page's notation)."""
    if square == NEST:
        return "n"
    if HOME <= square <= LAST_HOME:
        return f"h{square - HOME + 1}"
    return str(square)


def parse_square(text: str) -> int:
    text = text.strip().lower()
    if text == "n":
        return NEST
    if len(text) == 2 and text[0] == "h" and text[1] in "1234":
        return HOME + int(text[1]) - 1
    if text.isdigit() and 0 <= int(text) < TRACK:
        return int(text)
    raise ValueError(f"not a square: {text!r} (n, 0-63 or h1-h4)")


def parse_rank(text: str) -> int:
    text = text.strip().upper()
    if text == "10":
        return 10
    if text not in LETTER_RANK:
        raise ValueError(f"not a card: {text!r} (A, 2-9, T, J, Q, K)")
    return LETTER_RANK[text]


def _colour(letter: str) -> int:
    letter = letter.strip().lower()
    if len(letter) != 1 or letter not in COLOURS:
        raise ValueError(f"not a colour: {letter!r} (b, g, y or r)")
    return COLOURS.index(letter)


# ----------------------------------------------------------------------------- moves

@dataclass(frozen=True, slots=True)
class Enter:
    card: int      # ACE or KING
    colour: int    # the colour of the pawn that enters (the partner's once you have finished)

    def __str__(self) -> str:
        return f"{RANK_LETTER[self.card]}: enter {COLOURS[self.colour]}"

    @property
    def code(self) -> str:
        return f"{RANK_LETTER[self.card]} enter {COLOURS[self.colour]}"


def _part_text(part, sep: str) -> str:
    colour, square, steps = part
    return f"{COLOURS[colour]}{sep}{square_name(square)}{steps:+d}"


@dataclass(frozen=True, slots=True)
class Walk:
    card: int
    parts: tuple   # ((colour, square, steps), ...), played in this order

    def __str__(self) -> str:
        return f"{RANK_LETTER[self.card]}: " + ", ".join(_part_text(part, " ") for part in self.parts)

    @property
    def code(self) -> str:
        return f"{RANK_LETTER[self.card]} " + " ".join(_part_text(part, "") for part in self.parts)


@dataclass(frozen=True, slots=True)
class Swap:
    colour: int
    square: int
    other_colour: int
    other_square: int

    card = JACK

    def __str__(self) -> str:
        return (f"J: swap {COLOURS[self.colour]} {self.square} with "
                f"{COLOURS[self.other_colour]} {self.other_square}")

    @property
    def code(self) -> str:
        return f"J {COLOURS[self.colour]}{self.square} {COLOURS[self.other_colour]}{self.other_square}"


@dataclass(frozen=True, slots=True)
class LayAway:
    card = None

    def __str__(self) -> str:
        return "lay the hand away"

    @property
    def code(self) -> str:
        return "away"


@dataclass(frozen=True, slots=True)
class Give:
    card: int

    def __str__(self) -> str:
        return f"give {RANK_LETTER[self.card]} to your partner"

    @property
    def code(self) -> str:
        return f"give {RANK_LETTER[self.card]}"


MOVE_TYPES = (Enter, Walk, Swap, LayAway, Give)
LAY_AWAY = LayAway()


def _pawn_ref(text: str) -> tuple:
    """'b34' or 'gh2' -> (colour, square)."""
    if len(text) < 2:
        raise ValueError(f"not a pawn: {text!r}")
    return _colour(text[0]), parse_square(text[1:])


def parse_move(text: str):
    """Read a move back from its `code`: 'K enter b', 'Q b3+12', '7 b34+5 bh1+2', 'J b3 r40',
    'away', 'give 7'."""
    if not isinstance(text, str):
        raise ValueError(f"not a move code: {text!r}")
    words = text.split()
    if not words:
        raise ValueError("empty move")
    if words == ["away"]:
        return LAY_AWAY
    if words[0] == "give" and len(words) == 2:
        return Give(parse_rank(words[1]))
    card = parse_rank(words[0])
    if len(words) == 3 and words[1] == "enter":
        return Enter(card, _colour(words[2]))
    if card == JACK and len(words) == 3:
        colour, square = _pawn_ref(words[1])
        other_colour, other_square = _pawn_ref(words[2])
        if not (0 <= square < TRACK and 0 <= other_square < TRACK):   # its code names track squares only
            raise ValueError(f"a jack swaps two pawns on the track: {text!r}")
        return Swap(colour, square, other_colour, other_square)
    if len(words) >= 2:
        parts = []
        for word in words[1:]:
            sign = max(word.rfind("+"), word.rfind("-"))
            if sign < 2 or not word[sign + 1:].isdigit():
                raise ValueError(f"not a pawn's steps: {word!r} (like b34+5)")
            colour, square = _pawn_ref(word[:sign])
            parts.append((colour, square, int(word[sign:])))
        return Walk(card, tuple(parts))
    raise ValueError(f"not a Keezen move: {text!r}")


# ----------------------------------------------------------------------------- walking

def _blocked(board) -> tuple:
    """The start squares held by a pawn of their own colour: nobody passes or hits them."""
    return tuple(square for square in START if board[square] >= 0 and board[square] >> 2 == square >> 4)


def _forward(pawns, colour: int, square: int, steps: int, blocked) -> int:
    """Where the pawn of `colour` on `square` (track or home) ends after `steps` forward, or
    BLOCKED / OVERSHOOT / HOME_TAKEN. Hits are not checked here (a walk may end on a pawn)."""
    if square >= HOME:
        end = square + steps
        if end > LAST_HOME:
            return OVERSHOOT
        mine = pawns[colour << 2:(colour << 2) + 4]
        for place in range(square + 1, end + 1):
            if place in mine:
                return HOME_TAKEN
        return end
    start = colour << 4
    relative = (square - start) & 63
    end = relative + steps
    if blocked:
        limit = end if end < TRACK else TRACK - 1
        for place in blocked:
            if relative < ((place - start) & 63) <= limit:
                return BLOCKED
    if end < TRACK:
        return (start + end) & 63
    end -= TRACK
    if end > 3:
        return OVERSHOOT
    mine = pawns[colour << 2:(colour << 2) + 4]
    for place in range(HOME, HOME + end + 1):
        if place in mine:
            return HOME_TAKEN
    return HOME + end


def _backward(square: int, steps: int, blocked) -> int:
    """Where a pawn on the track ends after `steps` backward, or BLOCKED."""
    for back in range(1, steps + 1):
        if (square - back) & 63 in blocked:
            return BLOCKED
    return (square - steps) & 63


def _path(colour: int, square: int, steps: int) -> tuple:
    """Every square a walk steps on, the last one where it stops (the walk is legal)."""
    if steps < 0:
        return tuple((square - back) & 63 for back in range(1, 1 - steps))
    if square >= HOME:
        return tuple(range(square + 1, square + steps + 1))
    start = colour << 4
    relative = (square - start) & 63
    return tuple((start + place) & 63 if place < TRACK else HOME + place - TRACK
                 for place in range(relative + 1, relative + steps + 1))


def walk_path(colour: int, square: int, steps: int) -> tuple:
    """The squares a legal walk of a pawn of `colour` from `square` steps on, the last one
    where it stops (the scene walks pawns along it and lights up where they end)."""
    return _path(colour, square, steps)


def _place(pawns, board, index: int, target: int) -> int:
    """Put pawn `index` on `target`; a pawn already there (on the track) goes to its nest.
    Returns the pawn hit, or -1."""
    old = pawns[index]
    if 0 <= old < TRACK:
        board[old] = -1
    victim = -1
    if 0 <= target < TRACK:
        victim = board[target]
        if victim >= 0:
            pawns[victim] = NEST
        board[target] = index
    pawns[index] = target
    return victim


def _finished(pawns, colour: int) -> bool:
    base = colour << 2
    return pawns[base] >= HOME and pawns[base + 1] >= HOME and pawns[base + 2] >= HOME and pawns[base + 3] >= HOME


def _in_order(pawns, colour: int) -> list:
    """The pawn indices of `colour` by square (nest, track, home): moves are listed in an
    order that depends on the position only, not on which pawn is which."""
    base = colour << 2
    return sorted(range(base, base + 4), key=pawns.__getitem__)


def _pawn_on(pawns, board, colour: int, square: int) -> int:
    """The index of the pawn of `colour` on `square` (track or its home), or -1."""
    if 0 <= square < TRACK:
        index = board[square]
        return index if index >= 0 and index >> 2 == colour else -1
    if HOME <= square <= LAST_HOME:
        base = colour << 2
        for index in range(base, base + 4):
            if pawns[index] == square:
                return index
    return -1


def _sevens(pawns, board, colour: int) -> list:
    """Every different 7 for a player moving `colour`'s pawns: one pawn 7 steps, or two pawns
    (every split, both orders where the order matters), each followed by the rest with a
    partner's pawn when `colour`'s last pawn gets home with steps left.

    The common case is quick: when no pawn of `colour` can reach or move in its home, the two
    parts of a split change each other's walk only by hitting (a pawn's own walks never pass
    its own start square, so no part adds or removes a blocker for the other); both orders are
    then the same move unless one part ends where the other pawn stands or ends."""
    base = colour << 2
    movable = sorted((index for index in range(base, base + 4) if pawns[index] > NEST), key=pawns.__getitem__)
    start = colour << 4
    if not movable or pawns[movable[-1]] >= HOME or any(((pawns[index] - start) & 63) > 56 for index in movable):
        return _sevens_anywhere(pawns, board, colour)
    blocked = _blocked(board)
    reach = [[_forward(pawns, colour, pawns[index], steps, blocked) for steps in range(8)] for index in movable]
    moves = [Walk(SEVEN, ((colour, pawns[index], 7),)) for number, index in enumerate(movable)
             if reach[number][7] >= 0]
    for number, first in enumerate(movable):
        square, targets = pawns[first], reach[number]
        for later in range(number + 1, len(movable)):
            other, other_targets = pawns[movable[later]], reach[later]
            for steps in range(6, 0, -1):
                target, other_target = targets[steps], other_targets[7 - steps]
                if target < 0 or other_target < 0:
                    continue
                one, two = (colour, square, steps), (colour, other, 7 - steps)
                if target != other and other_target != square and target != other_target:
                    moves.append(Walk(SEVEN, (one, two)))
                    continue
                if target != other:        # the first may go first unless it hits the second
                    moves.append(Walk(SEVEN, (one, two)))
                if other_target != square:
                    moves.append(Walk(SEVEN, (two, one)))
    return moves


def _sevens_anywhere(pawns, board, colour: int) -> list:
    """`_sevens` in any position: every split played out, the moves with the same outcome
    listed once (in the order first found)."""
    found: dict = {}
    base = colour << 2
    rest_colour = colour ^ 2
    blocked = _blocked(board)
    movable = sorted((index for index in range(base, base + 4) if NEST < pawns[index] < LAST_HOME),
                     key=pawns.__getitem__)
    for first in movable:
        square = pawns[first]
        for steps in range(7, 0, -1):
            target = _forward(pawns, colour, square, steps, blocked)
            if target < 0:
                continue
            part = (colour, square, steps)
            if steps == 7:
                after = list(pawns)
                victim = board[target] if target < TRACK else -1
                after[first] = target
                if victim >= 0:
                    after[victim] = NEST
                found.setdefault(tuple(after), (part,))
                continue
            after, after_board = list(pawns), list(board)
            _place(after, after_board, first, target)
            left = 7 - steps
            if _finished(after, colour):
                _rest(found, after, after_board, rest_colour, left, (part,))
                continue
            after_blocked = _blocked(after_board)
            outside = sum(1 for place in after[base:base + 4] if place < HOME)
            for second in movable:
                other = after[second]
                if second == first or not NEST < other < LAST_HOME:
                    continue
                # fewer steps than the rest only when this is the last pawn out, going home
                lone = outside == 1 and other < HOME
                for more in range(left, 0, -1) if lone else (left,):
                    end = _forward(after, colour, other, more, after_blocked)
                    if end < 0:
                        continue
                    parts = (part, (colour, other, more))
                    if more == left:
                        final = list(after)
                        victim = after_board[end] if end < TRACK else -1
                        final[second] = end
                        if victim >= 0:
                            final[victim] = NEST
                        found.setdefault(tuple(final), parts)
                    else:
                        final, final_board = list(after), list(after_board)
                        _place(final, final_board, second, end)
                        if _finished(final, colour):
                            _rest(found, final, final_board, rest_colour, left - more, parts)
    return [Walk(SEVEN, parts) for parts in found.values()]


def _rest(found: dict, pawns, board, colour: int, steps: int, parts: tuple) -> None:
    """The rest of a 7 with one pawn of `colour` (the partner's)."""
    blocked = _blocked(board)
    for index in _in_order(pawns, colour):
        square = pawns[index]
        if not NEST < square < LAST_HOME:
            continue
        end = _forward(pawns, colour, square, steps, blocked)
        if end < 0:
            continue
        final = list(pawns)
        victim = board[end] if end < TRACK else -1
        final[index] = end
        if victim >= 0:
            final[victim] = NEST
        found.setdefault(tuple(final), parts + ((colour, square, steps),))


# ----------------------------------------------------------------------------- state

class State:
    """One game of Keezen: the pawns, the cards of the current deck, whose turn it is."""

    __slots__ = ("players", "options", "seed", "rng", "viewer", "phase", "dealer", "deck_no", "hand_no",
                 "turn", "turns", "pawns", "board", "hands", "deck", "played", "giving", "chosen", "gave",
                 "events", "_moves")

    # ---- the contract

    def to_move(self):
        return None if self.phase == OVER else self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self) -> list:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return list(moves)

    def play(self, move) -> None:
        # The type and the fields first: equal is not enough (Give(True) == Give(1), and a
        # look-alike's __eq__ may claim to equal every move).
        check_move(move, MOVE_TYPES, "Keezen", _key("err.bad_move"))
        self._check_fields(move)
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        if move not in moves:
            self._refuse(move)
        self._moves = None
        self.events = events = []
        seat = self.turn
        if type(move) is Give:
            self._give(seat, move.card)
            return
        hand = self.hands[seat]
        if type(move) is LayAway:
            events.append(Announced(seat, "lay_away", len(hand)))
            for card in hand:
                events.append(CardMoved(card, f"hand:{seat}", "discard", seat))
            self.played.extend(hand)
            hand.clear()
        else:
            card = self._take(hand, move.card)
            self.played.append(card)
            events.append(CardMoved(card, f"hand:{seat}", "discard", seat))
            if self._act(seat, move) and self._team_home(seat & 1) == 8:
                self.phase = OVER
        self.turns += 1
        if self.phase == OVER:
            events.append(Announced(seat, "won", (seat & 1, (seat & 1) + 2)))
            return
        if self.options["time_limit"] and self.turns >= TURN_LIMIT:
            self.phase = OVER
            events.append(Announced(None, "time_up", self.winners()))
            return
        self._next_turn()

    def reveals(self, move) -> bool:
        """A move that ends a hand deals the next one; the last card chosen for the exchange
        makes the exchanged cards arrive."""
        trial = self.copy()
        trial.play(move)
        return any(type(event) is HandDealt or (type(event) is Announced and event.what == "exchange")
                   for event in trial.events)

    def copy(self) -> "State":
        new = self._clone()
        new.rng = copied_rng(self.rng)
        return new

    def _clone(self) -> "State":
        """Everything but the random generator (the caller gives the copy its own)."""
        new = State.__new__(State)
        new.players = PLAYERS
        new.options = self.options  # never mutated
        new.seed = self.seed
        new.viewer = self.viewer
        new.phase = self.phase
        new.dealer = self.dealer
        new.deck_no = self.deck_no
        new.hand_no = self.hand_no
        new.turn = self.turn
        new.turns = self.turns
        new.pawns = self.pawns[:]
        new.board = self.board[:]
        hands = self.hands
        new.hands = [hands[0][:], hands[1][:], hands[2][:], hands[3][:]]
        new.deck = self.deck[:]
        new.played = self.played[:]
        new.giving = self.giving[:]
        new.chosen = self.chosen[:]
        new.gave = self.gave[:]
        new.events = self.events  # never mutated: play() starts a new list
        new._moves = self._moves  # never mutated either
        return new

    def scores(self) -> list:
        """Per seat: the number of pawns its team has home (0..8)."""
        homes = (self._team_home(0), self._team_home(1))
        return [homes[seat & 1] for seat in range(PLAYERS)]

    def winners(self) -> tuple:
        if self.phase != OVER:
            return ()
        blue_yellow, green_red = self._team_home(0), self._team_home(1)
        if blue_yellow == green_red:
            return ()
        return (0, 2) if blue_yellow > green_red else (1, 3)

    def view(self, seat: int) -> "State":
        """What `seat` sees: its own hand, the played cards, the pawns; other hands, the deck,
        the others' chosen exchange cards and the seed are hidden (None)."""
        new = self._clone()
        new.viewer = seat
        new.seed = None
        new.rng = random.Random(seat)
        new.hands = [list(hand) if index == seat else [None] * len(hand) for index, hand in enumerate(self.hands)]
        new.deck = [None] * len(self.deck)
        new.giving = [card if index == seat else None for index, card in enumerate(self.giving)]
        new.gave = [card if index == seat else None for index, card in enumerate(self.gave)]
        mine = (f"hand:{seat}", f"giving:{seat}")
        new.events = hide_cards(self.events, lambda event: "discard" in (event.source, event.target)
                                or event.source in mine or event.target in mine)
        new._moves = self._moves if self.turn == seat else None
        return new

    def sample(self, seat: int, rng: random.Random) -> "State":
        """A full state consistent with `view(seat)`: the unseen cards dealt at random. The
        card `seat` gave its partner this hand stays in the partner's hand until played."""
        new = self._clone()
        new.viewer = None
        new.seed = None
        new.rng = random.Random(rng.getrandbits(64))
        known = set(self.played)
        known.update(card for card in self.hands[seat] if card is not None)
        if self.giving[seat] is not None:
            known.add(self.giving[seat])
        mate = partner(seat)
        gift = self.gave[seat]
        if gift is not None and gift in known:
            gift = None  # played already: nothing more to place
        if gift is not None:
            known.add(gift)
        unseen = [card for card in FULL_DECK if card not in known]
        rng.shuffle(unseen)
        for index, hand in enumerate(self.hands):
            if index == seat:
                new.hands[index] = [card if card is not None else unseen.pop() for card in hand]
            elif index == mate and gift is not None:
                fresh = [unseen.pop() for _ in range(len(hand) - 1)]
                fresh.insert(rng.randrange(len(hand)), gift)
                new.hands[index] = fresh
            else:
                new.hands[index] = [unseen.pop() for _ in hand]
        for index in range(PLAYERS):
            if index != seat and self.chosen[index]:
                new.giving[index] = unseen.pop()
        new.deck = [unseen.pop() for _ in self.deck]
        if unseen:
            raise ValueError("inconsistent state: cards missing from the hands, the deck and the played cards")
        new._moves = self._moves if self.turn == seat else None
        return new

    def to_dict(self) -> dict:
        version, internal, gauss = self.rng.getstate()
        return {
            "game": GAME, "version": 1, "players": PLAYERS, "options": dict(self.options),
            "seed": self.seed, "rng": [version, list(internal), gauss], "viewer": self.viewer,
            "phase": self.phase, "dealer": self.dealer, "deck_no": self.deck_no, "hand_no": self.hand_no,
            "turn": self.turn, "turns": self.turns, "pawns": list(self.pawns),
            "hands": [[_code(card) for card in hand] for hand in self.hands],
            "deck": [_code(card) for card in self.deck], "played": [card.code for card in self.played],
            "giving": [_code(card) for card in self.giving], "chosen": list(self.chosen),
            "gave": [_code(card) for card in self.gave],
        }

    # ---- for the scene and the AI

    def mover_colour(self, seat: int | None = None) -> int:
        """The colour whose pawns `seat` (default: the seat to move) moves: its own, or its
        partner's once all four of its own are home."""
        seat = self.turn if seat is None else seat
        return partner(seat) if _finished(self.pawns, seat) else seat

    def finished(self, colour: int) -> bool:
        return _finished(self.pawns, colour)

    def home_count(self, colour: int) -> int:
        return sum(1 for square in self.pawns[colour * 4:colour * 4 + 4] if square >= HOME)

    def pawn_squares(self, colour: int) -> list:
        return list(self.pawns[colour * 4:colour * 4 + 4])

    def hand_counts(self) -> list:
        return [len(hand) for hand in self.hands]

    def zones(self) -> dict:
        """Where the known cards are: 'hand:s', 'giving:s' (the card a seat chose for the exchange,
        until all four have chosen), 'discard' (the played cards) and 'deck'."""
        zones = {f"hand:{seat}": [card for card in hand if card is not None] for seat, hand in enumerate(self.hands)}
        zones.update({f"giving:{seat}": [card] if card is not None else [] for seat, card in enumerate(self.giving)})
        zones["discard"] = list(self.played)
        zones["deck"] = [card for card in self.deck if card is not None]
        return zones

    def arena_stats(self) -> dict:
        return {"turns": self.turns}

    def normalize(self, move):
        """The listed legal move that does the same as `move` (a 7 whose parts come in another
        order), or `move` itself."""
        moves = self.legal_moves()
        if move in moves or type(move) is not Walk or move.card != SEVEN:
            return move
        outcome = self._outcome(move)
        if outcome is None:
            return move
        for candidate in moves:
            if type(candidate) is Walk and candidate.card == SEVEN and self._outcome(candidate) == outcome:
                return candidate
        return move

    def to_notation(self) -> str:
        """The one-line position of the rule page."""
        groups = []
        for colour in range(PLAYERS):
            squares = sorted(self.pawns[colour * 4:colour * 4 + 4])
            groups.append(",".join(square_name(square) for square in squares))
        hands = []
        for seat, hand in enumerate(self.hands):
            cards = [card for card in hand]
            if self.giving[seat] is not None:
                cards.append(self.giving[seat])
            if any(card is None for card in cards):
                raise ValueError("a view hides cards: its position cannot be written down")
            hands.append(",".join(RANK_LETTER[card.rank] for card in cards) or "-")
        played = ",".join(RANK_LETTER[card.rank] for card in self.played) or "-"
        fields = ["/".join(groups), "/".join(hands), COLOURS[self.turn], COLOURS[self.dealer], played]
        if self.options["exchange"]:
            fields.append("exchange")
        return " ".join(fields)

    # ---- inside a turn

    def _generate(self) -> list:
        if self.phase == OVER:
            return []
        hand = self.hands[self.turn]
        if self.phase == EXCHANGE:
            return [Give(rank) for rank in sorted({card.rank for card in hand if card is not None})]
        pawns, board = self.pawns, self.board
        colour = self.mover_colour()
        base = colour << 2
        blocked = _blocked(board)
        order = range(base, base + 4)
        moves = []
        try:
            ranks = sorted({card.rank for card in hand})
        except AttributeError:  # a view asked for another seat's moves: only the known cards
            ranks = sorted({card.rank for card in hand if card is not None})
        for rank in ranks:
            if rank == ACE or rank == KING:
                start = START[colour]
                occupant = board[start]
                if NEST in pawns[base:base + 4] and not (occupant >= 0 and occupant >> 2 == colour):
                    moves.append(Enter(rank, colour))
                if rank == KING:
                    continue
            if rank == JACK:
                for index in order:
                    square = pawns[index]
                    if not 0 <= square < TRACK:
                        continue
                    for other in range(16):
                        there = pawns[other]
                        if other >> 2 != colour and 0 <= there < TRACK and there != START[other >> 2]:
                            moves.append(Swap(colour, square, other >> 2, there))
            elif rank == SEVEN:
                moves.extend(_sevens(pawns, board, colour))
            elif rank == FOUR:
                for index in order:
                    square = pawns[index]
                    if 0 <= square < TRACK and _backward(square, 4, blocked) >= 0:
                        moves.append(Walk(FOUR, ((colour, square, -4),)))
            else:
                steps = STEPS[rank]
                for index in order:
                    square = pawns[index]
                    if NEST < square < LAST_HOME and _forward(pawns, colour, square, steps, blocked) >= 0:
                        moves.append(Walk(rank, ((colour, square, steps),)))
        return moves or [LAY_AWAY]

    @staticmethod
    def _take(hand: list, rank: int) -> Card:
        for position, card in enumerate(hand):
            if card is not None and card.rank == rank:
                return hand.pop(position)
        raise AssertionError("a legal move's card is in the hand")

    def _act(self, seat: int, move) -> bool:
        """Move the pawns; True when a pawn walked into its home."""
        pawns, board, events = self.pawns, self.board, self.events
        kind = type(move)
        if kind is Enter:
            start = START[move.colour]
            base = move.colour << 2
            index = pawns.index(NEST, base, base + 4)
            victim = _place(pawns, board, index, start)
            events.append(PawnMoved(move.colour, index & 3, (start,), seat))
            if victim >= 0:
                events.append(PawnSentHome(victim >> 2, victim & 3, start, seat))
        elif kind is Swap:
            mine = board[move.square]
            theirs = board[move.other_square]
            board[move.square], board[move.other_square] = theirs, mine
            pawns[mine], pawns[theirs] = move.other_square, move.square
            events.append(PawnMoved(move.colour, mine & 3, (move.other_square,), seat))
            events.append(PawnMoved(move.other_colour, theirs & 3, (move.square,), seat))
        else:
            homed = set()
            for colour, square, steps in move.parts:
                index = _pawn_on(pawns, board, colour, square)
                path = _path(colour, square, steps)
                victim = _place(pawns, board, index, path[-1])
                events.append(PawnMoved(colour, index & 3, path, seat))
                if victim >= 0:
                    events.append(PawnSentHome(victim >> 2, victim & 3, path[-1], seat))
                if path[-1] >= HOME > square:
                    homed.add(colour)
            for colour in sorted(homed):
                if _finished(pawns, colour):
                    events.append(Announced(colour, "finished"))
            return bool(homed)
        return False

    def _outcome(self, move):
        """The pawns after a 7 (or None when a part cannot be played), for `normalize`."""
        pawns, board = list(self.pawns), list(self.board)
        for part in move.parts:
            if not (isinstance(part, tuple) and len(part) == 3 and all(type(value) is int for value in part)):
                return None
            colour, square, steps = part
            if not 0 <= colour < PLAYERS or steps < 1:
                return None
            index = _pawn_on(pawns, board, colour, square)
            if index < 0:
                return None
            target = _forward(pawns, colour, square, steps, _blocked(board))
            if target < 0:
                return None
            _place(pawns, board, index, target)
        return tuple(pawns)

    def _team_home(self, team: int) -> int:
        pawns = self.pawns
        return sum(1 for index in range(16) if (index >> 2) & 1 == team and pawns[index] >= HOME)

    def _next_turn(self) -> None:
        hands = self.hands
        for step in range(1, PLAYERS + 1):
            seat = (self.turn + step) % PLAYERS
            if hands[seat]:
                self.turn = seat
                return
        self._next_hand()

    def _next_hand(self) -> None:
        if self.hand_no < len(HAND_SIZES) - 1:
            self.hand_no += 1
        else:
            self.events.extend(CardMoved(card, "discard", "deck", None, face_up=False) for card in self.played)
            self.played = []
            self.deck_no += 1
            self.dealer = (self.dealer + 1) % PLAYERS
            self.hand_no = 0
            self.deck = list(FULL_DECK)
            self.rng.shuffle(self.deck)
        self._deal()

    def _deal(self) -> None:
        count = HAND_SIZES[self.hand_no]
        first = (self.dealer + 1) % PLAYERS
        deck, hands = self.deck, self.hands
        events = self.events
        events.append(HandDealt(self.dealer, (count,) * PLAYERS))
        for number in range(count * PLAYERS):
            seat = (first + number) % PLAYERS
            card = deck.pop()
            hands[seat].append(card)
            events.append(CardMoved(card, "deck", f"hand:{seat}", seat, face_up=False))
        self.turn = first
        self.gave = [None] * PLAYERS
        if self.options["exchange"]:
            self.phase = EXCHANGE
            self.chosen = [False] * PLAYERS

    def _give(self, seat: int, rank: int) -> None:
        self.giving[seat] = self._take(self.hands[seat], rank)
        self.events.append(CardMoved(self.giving[seat], f"hand:{seat}", f"giving:{seat}", seat, face_up=False))
        self.chosen[seat] = True
        self.events.append(Announced(seat, "give"))
        if not all(self.chosen):
            self.turn = (seat + 1) % PLAYERS
            return
        for giver in range(PLAYERS):
            card = self.giving[giver]
            self.hands[partner(giver)].append(card)
            self.events.append(CardMoved(card, f"giving:{giver}", f"hand:{partner(giver)}", giver, face_up=False))
        self.gave = self.giving
        self.giving = [None] * PLAYERS
        self.chosen = [False] * PLAYERS
        self.events.append(Announced(None, "exchange"))
        self.phase = PLAY
        self.turn = (self.dealer + 1) % PLAYERS

    # ---- why a move is refused

    def _refuse(self, move):
        """Raise IllegalMove with the first reason `move` is not legal here."""
        if type(move) not in MOVE_TYPES:
            illegal(f"not a Keezen move: {move!r}", _key("err.bad_move"))
        self._check_fields(move)
        if self.phase == OVER:
            illegal("the game is over", _key("err.over"))
        seat = self.turn
        hand = [card.rank for card in self.hands[seat] if card is not None]
        if self.phase == EXCHANGE:
            if type(move) is not Give:
                illegal("first choose the card to give to your partner", _key("err.exchange_first"))
            if move.card not in hand:
                illegal(f"there is no {RANK_LETTER[move.card]} in your hand", _key("err.not_in_hand"),
                        card=RANK_LETTER[move.card])
        if type(move) is Give:
            illegal("cards are exchanged only before a hand is played", _key("err.no_exchange"))
        if type(move) is LayAway:
            illegal("you can play a card, so you must: the hand cannot be laid away", _key("err.must_play"))
        card = RANK_LETTER[move.card]
        if move.card not in hand:
            illegal(f"there is no {card} in your hand", _key("err.not_in_hand"), card=card)
        colour = self.mover_colour()
        mover = COLOUR_NAMES[colour]
        pawns, board = self.pawns, self.board
        if type(move) is Enter:
            if move.card not in (ACE, KING):
                illegal(f"only an ace or a king puts a pawn on the board, not a {card}", _key("err.enter_card"),
                        card=card)
            if move.colour != colour:
                illegal(f"you move the {mover} pawns", _key("err.wrong_colour"), colour=mover)
            if NEST not in pawns[colour * 4:colour * 4 + 4]:
                illegal(f"{mover} has no pawn left in the nest", _key("err.nest_empty"), colour=mover)
            illegal(f"a {mover} pawn stands on its start square: you may not hit your own pawn there",
                    _key("err.own_on_start"), colour=mover)
        if type(move) is Swap:
            if move.colour != colour:
                illegal(f"you move the {mover} pawns", _key("err.wrong_colour"), colour=mover)
            if not 0 <= move.square < TRACK or _pawn_on(pawns, board, colour, move.square) < 0:
                illegal(f"there is no {mover} pawn on the track at {square_name(move.square)}",
                        _key("err.no_pawn"), colour=mover, square=square_name(move.square))
            other = COLOUR_NAMES[move.other_colour]
            if move.other_colour == colour:
                illegal("swap with a pawn of another player", _key("err.swap_own"))
            if not 0 <= move.other_square < TRACK or _pawn_on(pawns, board, move.other_colour, move.other_square) < 0:
                illegal(f"there is no {other} pawn on the track at {square_name(move.other_square)}",
                        _key("err.no_pawn"), colour=other, square=square_name(move.other_square))
            illegal(f"the {other} pawn stands on its own start square: it cannot be swapped",
                    _key("err.swap_start"), colour=other)
        if move.card in (KING, JACK):
            illegal(f"a {card} does not walk", _key("err.card_action"), card=card)
        self._refuse_walk(move, colour)
        same = self.normalize(move)
        if same != move:
            illegal(f"{move} does the same as {same}: play that", _key("err.same_as"), move=str(move), same=str(same))
        illegal(f"{move} is not a legal move here", _key("err.not_legal"), move=str(move))

    def _check_fields(self, move) -> None:
        bad = _key("err.bad_move")
        if type(move) is LayAway:
            return
        check_type(move.card, int, "the card", bad)
        if move.card not in RANK_LETTER:
            illegal(f"not a card: {move.card}", bad)
        if type(move) is Enter:
            check_type(move.colour, int, "the colour", bad)
            if not 0 <= move.colour < PLAYERS:
                illegal(f"not a colour: {move.colour}", bad)
        elif type(move) is Swap:
            for value in (move.colour, move.square, move.other_colour, move.other_square):
                check_type(value, int, "a swap's colour or square", bad)
            if not (0 <= move.colour < PLAYERS and 0 <= move.other_colour < PLAYERS):
                illegal("not a colour", bad)
        elif type(move) is Walk:
            check_type(move.parts, tuple, "the parts", bad)
            if not move.parts:
                illegal("a walk needs a pawn and its steps", bad)
            for part in move.parts:
                if not (type(part) is tuple and len(part) == 3):
                    illegal(f"a part is (colour, square, steps), not {part!r}", bad)
                for value in part:
                    check_type(value, int, "a part's colour, square or steps", bad)
                if not 0 <= part[0] < PLAYERS:
                    illegal(f"not a colour: {part[0]}", bad)

    def _refuse_walk(self, move, colour: int) -> None:
        card = RANK_LETTER[move.card]
        mover = COLOUR_NAMES[colour]
        parts = move.parts
        if move.card != SEVEN:
            if len(parts) != 1:
                illegal(f"a {card} moves one pawn", _key("err.one_pawn"), card=card)
            if parts[0][2] != STEPS[move.card]:
                illegal(f"a {card} moves {STEPS[move.card]} steps", _key("err.steps"), card=card,
                        steps=STEPS[move.card])
        else:
            if sum(part[2] for part in parts) != 7 or any(part[2] < 1 for part in parts):
                illegal("a 7 moves exactly seven steps forward, all of them", _key("err.seven_steps"))
            own = [part for part in parts if part[0] == colour]
            if len(parts) > 3 or len(own) > 2 or len({part[1] for part in own}) < len(own):
                illegal("a 7 is split over at most two different pawns of yours", _key("err.seven_pawns"))
        pawns, board = list(self.pawns), list(self.board)
        walked = []
        for number, (part_colour, square, steps) in enumerate(parts):
            name = COLOUR_NAMES[part_colour]
            if part_colour != colour:
                rest_ok = (move.card == SEVEN and number > 0 and part_colour == colour ^ 2
                           and number == len(parts) - 1 and _finished(pawns, colour))
                if not rest_ok:
                    if move.card == SEVEN and part_colour == colour ^ 2:
                        illegal("the rest of a 7 goes to your partner's pawn only when your last pawn has "
                                "just reached home", _key("err.seven_rest"))
                    illegal(f"you move the {mover} pawns", _key("err.wrong_colour"), colour=mover)
            index = _pawn_on(pawns, board, part_colour, square)
            if index < 0:
                illegal(f"there is no {name} pawn at {square_name(square)}", _key("err.no_pawn"),
                        colour=name, square=square_name(square))
            if index in walked:
                illegal(f"the pawn now on {square_name(square)} has already walked in this 7: a 7 is split over "
                        f"two different pawns", _key("err.seven_pawns"))
            walked.append(index)
            blocked = _blocked(board)
            if steps < 0:
                if square >= HOME:
                    illegal("a pawn in the home cannot go back", _key("err.home_back"))
                target = _backward(square, -steps, blocked)
            else:
                target = _forward(pawns, part_colour, square, steps, blocked)
            if target == BLOCKED:
                illegal("a pawn on its own start square blocks the way", _key("err.blocked"))
            if target == OVERSHOOT:
                illegal(f"{steps} steps would go past the end of the home: a pawn enters its home by exact count",
                        _key("err.overshoot"), steps=steps)
            if target == HOME_TAKEN:
                illegal("a pawn may not step over or onto a pawn in its home", _key("err.home_jump"))
            _place(pawns, board, index, target)


def _code(card):
    return None if card is None else card.code


# ----------------------------------------------------------------------------- making states

def _empty_state(options: dict) -> State:
    state = State.__new__(State)
    state.players = PLAYERS
    state.options = options
    state.seed = None
    state.rng = random.Random()
    state.viewer = None
    state.phase = PLAY
    state.dealer = 0
    state.deck_no = 0
    state.hand_no = 0
    state.turn = 1
    state.turns = 0
    state.pawns = [NEST] * 16
    state.board = [-1] * TRACK
    state.hands = [[] for _ in range(PLAYERS)]
    state.deck = []
    state.played = []
    state.giving = [None] * PLAYERS
    state.chosen = [False] * PLAYERS
    state.gave = [None] * PLAYERS
    state.events = []
    state._moves = None
    return state


def new_game(seed: int, players: int = PLAYERS, options: dict | None = None) -> State:
    """A game of Keezen for four seats; blue deals the first deck."""
    if players != PLAYERS:
        raise ValueError(f"Keezen is played by 4 players, not {players}")
    state = _empty_state(resolve_options(options))
    state.seed = seed
    state.rng = random.Random(seed)
    state.deck = list(FULL_DECK)
    state.rng.shuffle(state.deck)
    state._deal()
    state.events = []
    return state


def arena_game(seed: int, players: int = PLAYERS) -> State:
    """A game with the NK rules and no options: the first team with eight pawns home wins."""
    return new_game(seed, players, {})


def _board_of(pawns) -> list:
    board = [-1] * TRACK
    for index, square in enumerate(pawns):
        if 0 <= square < TRACK:
            board[square] = index
    return board


def turn_follows(sizes, turn: int, dealer: int, dealt: int) -> bool:
    """Whether `turn` can be the seat to move while the hands hold `sizes` cards, `dealt`
    cards each having been dealt: the seat after the dealer leads, and the turn goes round
    clockwise, one card a turn, past the hands that are empty (played out or laid away).
    So the seats still holding cards that come before the seat to move in this round have
    played one card more than it, those after it as many; an empty hand after it needs a
    turn of its own before (it laid away in an earlier round)."""
    if not sizes[turn]:
        return False
    first = (dealer + 1) % PLAYERS
    place = (turn - first) % PLAYERS
    played = dealt - sizes[turn]
    for seat, size in enumerate(sizes):
        before = (seat - first) % PLAYERS < place
        if size and dealt - size != played + before or not size and not before and not played:
            return False
    return True


def from_notation(text: str, seed: int | None = None, options: dict | None = None) -> State:
    """The position of a notation line (see the rule page); the cards not in a hand and not
    played are shuffled with `seed` into the rest of the deck. `options` sets what the line
    does not say (the time limit)."""
    if not isinstance(text, str):
        raise ValueError(f"a position is a line of text, not {type(text).__name__}")
    fields = text.split()
    if len(fields) not in (5, 6):
        raise ValueError("a position has 5 fields (pawns hands to-move dealer played) and optional flags")
    flags = fields[5:]
    if flags and flags != ["exchange"]:
        raise ValueError(f"unknown option flag: {flags[0]!r} (known: exchange)")
    chosen = dict(options or {})
    chosen["exchange"] = bool(flags)
    state = _empty_state(resolve_options(chosen))
    state.seed = seed
    state.rng = random.Random(seed)
    groups = fields[0].split("/")
    if len(groups) != PLAYERS:
        raise ValueError("the pawns field has four groups separated by '/'")
    for colour, group in enumerate(groups):
        squares = [parse_square(word) for word in group.split(",")]
        if len(squares) != 4:
            raise ValueError(f"{COLOUR_NAMES[colour]} needs four pawns, not {len(squares)}")
        state.pawns[colour * 4:colour * 4 + 4] = squares
    hand_fields = fields[1].split("/")
    if len(hand_fields) != PLAYERS:
        raise ValueError("the hands field has four hands separated by '/'")
    ranks = [[] if field == "-" else [parse_rank(word) for word in field.split(",")] for field in hand_fields]
    played = [] if fields[4] == "-" else [parse_rank(word) for word in fields[4].split(",")]
    suits = {rank: list("DCHS") for rank in range(1, 14)}  # popped from the end: S, H, C, D

    def card(rank):
        if not suits[rank]:
            raise ValueError(f"more than four cards of rank {RANK_LETTER[rank]}")
        return Card(rank, suits[rank].pop())

    state.hands = [[card(rank) for rank in hand] for hand in ranks]
    state.played = [card(rank) for rank in played]
    state.turn = _colour(fields[2])
    state.dealer = _colour(fields[3])
    dealt = sum(len(hand) for hand in state.hands) + len(state.played)
    totals = [sum(PLAYERS * size for size in HAND_SIZES[:number + 1]) for number in range(len(HAND_SIZES))]
    if dealt not in totals:
        raise ValueError(f"{dealt} cards in hands and played: a deck has dealt 20, 36 or 52")
    state.hand_no = totals.index(dealt)
    state.deck = [card for card in FULL_DECK if card not in set(state.played)
                  and all(card not in hand for hand in state.hands)]
    state.rng.shuffle(state.deck)
    state.board = _board_of(state.pawns)
    if any(state._team_home(team) == 8 for team in (0, 1)):
        state.phase = OVER
    _validate(state)
    sizes = [len(hand) for hand in state.hands]
    if state.phase == OVER:   # the seat named made the winning move: one card more before it
        sizes[state.turn] += 1
    if sizes[state.turn] > HAND_SIZES[state.hand_no] or not turn_follows(
            sizes, state.turn, state.dealer, HAND_SIZES[state.hand_no]):
        raise ValueError(f"{COLOUR_NAMES[state.turn]} cannot be to move when {COLOUR_NAMES[state.dealer]} dealt "
                         f"and the hands hold {'/'.join(map(str, [len(hand) for hand in state.hands]))} cards")
    return state


# ----------------------------------------------------------------------------- save games

def _parse_card(code, allow_none: bool):
    if code is None:
        if not allow_none:
            raise ValueError("an unknown card where every card is known")
        return None
    if not isinstance(code, str):
        raise ValueError(f"not a card code: {code!r}")
    return Card.parse(code)


def _int(value, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"damaged Keezen save: {what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def from_dict(data: dict) -> State:
    """Rebuild a saved state; anything damaged or impossible raises ValueError."""
    try:
        return _from_dict(data)
    except (KeyError, TypeError, AttributeError, IndexError) as error:
        raise ValueError(f"damaged Keezen save: {error!r}") from None


def _from_dict(data: dict) -> State:
    if not isinstance(data, dict) or data.get("game") != GAME:
        raise ValueError("not a Keezen save")
    if data.get("version") != 1:
        raise ValueError(f"unknown Keezen save version {data.get('version')!r}")
    if data["players"] != PLAYERS or type(data["players"]) is not int:
        raise ValueError("damaged Keezen save: Keezen has four seats")
    given = data["options"]
    if not isinstance(given, dict):
        raise ValueError("damaged Keezen save: options")
    options = resolve_options(given)
    for option in OPTIONS:
        if given.get(option.key, option.default) is not options[option.key]:
            raise ValueError(f"damaged Keezen save: option {option.key} = {given.get(option.key)!r}")
    state = _empty_state(options)
    seed = data["seed"]
    if seed is not None and type(seed) is not int:
        raise ValueError("damaged Keezen save: the seed")
    state.seed = seed
    version, internal, gauss = data["rng"]
    try:
        state.rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError):
        raise ValueError("damaged Keezen save: the random generator") from None
    viewer = data["viewer"]
    if viewer is not None:
        _int(viewer, "the viewer", 0, PLAYERS - 1)
    state.viewer = viewer
    if data["phase"] not in (PLAY, EXCHANGE, OVER):
        raise ValueError(f"damaged Keezen save: phase {data['phase']!r}")
    state.phase = data["phase"]
    state.dealer = _int(data["dealer"], "the dealer", 0, PLAYERS - 1)
    state.deck_no = _int(data["deck_no"], "the deck number", 0, 10**9)
    state.hand_no = _int(data["hand_no"], "the hand number", 0, len(HAND_SIZES) - 1)
    state.turn = _int(data["turn"], "the seat to move", 0, PLAYERS - 1)
    state.turns = _int(data["turns"], "the number of turns", 0, 10**9)
    pawns = data["pawns"]
    if not isinstance(pawns, list) or len(pawns) != 16:
        raise ValueError("damaged Keezen save: there are 16 pawns")
    state.pawns = [_int(square, "a pawn's square", NEST, LAST_HOME) for square in pawns]
    state.board = _board_of(state.pawns)
    hidden = viewer is not None
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != PLAYERS or not all(isinstance(hand, list) for hand in hands):
        raise ValueError("damaged Keezen save: four hands")
    state.hands = [[_parse_card(code, hidden and seat != viewer) for code in hand] for seat, hand in enumerate(hands)]
    if not isinstance(data["deck"], list) or not isinstance(data["played"], list):
        raise ValueError("damaged Keezen save: the deck and the played cards are lists")
    state.deck = [_parse_card(code, hidden) for code in data["deck"]]
    state.played = [_parse_card(code, False) for code in data["played"]]
    for name in ("giving", "chosen", "gave"):
        if not isinstance(data[name], list) or len(data[name]) != PLAYERS:
            raise ValueError(f"damaged Keezen save: {name}")
    state.giving = [_parse_card(code, True) for code in data["giving"]]
    state.gave = [_parse_card(code, True) for code in data["gave"]]
    if not all(type(flag) is bool for flag in data["chosen"]):
        raise ValueError("damaged Keezen save: chosen")
    state.chosen = list(data["chosen"])
    _validate(state)
    dealt = HAND_SIZES[state.hand_no]
    if state.turns > state.deck_no * 52 + sum(PLAYERS * size for size in HAND_SIZES[:state.hand_no + 1]):
        raise ValueError("damaged Keezen save: more turns than cards were dealt")
    sizes = [len(hand) for hand in state.hands]
    if state.phase == PLAY and not turn_follows(sizes, state.turn, state.dealer, dealt):
        raise ValueError(f"damaged Keezen save: {COLOUR_NAMES[state.turn]} cannot be to move when "
                         f"{COLOUR_NAMES[state.dealer]} dealt and the hands hold {'/'.join(map(str, sizes))} cards")
    return state


def _validate(state: State) -> None:
    """Everything a position must satisfy, for saves and notation lines."""
    pawns = state.pawns
    track = [square for square in pawns if 0 <= square < TRACK]
    if len(set(track)) != len(track):
        raise ValueError("two pawns on one track square")
    for colour in range(PLAYERS):
        home = [square for square in pawns[colour * 4:colour * 4 + 4] if square >= HOME]
        if len(set(home)) != len(home):
            raise ValueError(f"two {COLOUR_NAMES[colour]} pawns on one home square")
    # the cards: 52, each once, in the hands, the deck, the played cards and the exchange
    pending = [card for seat, card in enumerate(state.giving) if state.chosen[seat]]
    if any(card is not None for seat, card in enumerate(state.giving) if not state.chosen[seat]):
        raise ValueError("a card given for the exchange by a seat that has not chosen")
    cards = [card for hand in state.hands for card in hand] + state.deck + state.played + pending
    known = [card for card in cards if card is not None]
    if len(cards) != 52:
        raise ValueError(f"{len(cards)} cards instead of 52")
    if len(set(known)) != len(known) or not set(known) <= DECK_SET:
        raise ValueError("a card appears twice")
    # the deal: how far the current deck is dealt
    dealt = sum(PLAYERS * size for size in HAND_SIZES[:state.hand_no + 1])
    if len(state.deck) != 52 - dealt:
        raise ValueError(f"hand {state.hand_no + 1} of a deck leaves {52 - dealt} cards in the deck, "
                         f"not {len(state.deck)}")
    size = HAND_SIZES[state.hand_no]
    for seat, hand in enumerate(state.hands):
        if len(hand) + state.chosen[seat] > size:
            raise ValueError(f"seat {seat} holds more cards than hand {state.hand_no + 1} deals")
    done = [team for team in (0, 1) if state._team_home(team) == 8]
    if len(done) > 1:
        raise ValueError("both teams have all their pawns home")
    limit_reached = state.options["time_limit"] and state.turns >= TURN_LIMIT
    if state.phase == OVER:
        if not done and not limit_reached:
            raise ValueError("the game is marked over but nobody has won and the time is not up")
        return
    if done or limit_reached:
        raise ValueError("the game is over but not marked so")
    if state.phase == EXCHANGE:
        if not state.options["exchange"]:
            raise ValueError("an exchange without the exchange option")
        if any(len(hand) + state.chosen[seat] != size for seat, hand in enumerate(state.hands)):
            raise ValueError("a hand was played before the exchange")
        order = [(state.dealer + 1 + step) % PLAYERS for step in range(PLAYERS)]
        done_count = sum(state.chosen)
        if done_count == PLAYERS or [state.chosen[seat] for seat in order] != [True] * done_count + [False] * (
                PLAYERS - done_count) or state.turn != order[done_count]:
            raise ValueError("the exchange is not at the seat whose turn it is")
        return
    if any(state.chosen) or any(card is not None for card in state.giving):
        raise ValueError("an exchange card pending outside the exchange")
    if not state.hands[state.turn]:
        raise ValueError("the seat to move has no cards")
    for seat, card in enumerate(state.gave):
        if card is not None and state.viewer is None and card not in state.played \
                and card not in state.hands[partner(seat)]:
            raise ValueError("an exchanged card is neither played nor in the partner's hand")
