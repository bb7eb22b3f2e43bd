"""Kingen and Dubbelkingen: the rules of assets/rules/kingen.*.md as plain Python.

One `State` holds the whole match (10 deals of Kingen, 20 of Dubbelkingen, or a single deal
for the arena and the position notation); the AI can reason about all of it.

Cards are small integers inside (`id = suit * 13 + rank index`, suits C D H S, ranks 2 .. A),
so that a hand is a 52-bit mask: the computer players copy and play thousands of positions a
second. The surface speaks `game.cards.Card` (`CARD[id]`, `card_id(card)`), and a card's code
is the notation's (`QS`, `TH`).

Moves (frozen dataclasses): `PlayCard(card)` (str and code: `QS`), `ChooseTrump(suit)`
(`trump:H`) and `ChooseGame(game)` (`game:no_queens`). The dealer's choices are made after the
deal, with the dealer's hand in view; in Dubbelkingen the dealer first chooses the game, then
(for trump) the suit.

Decisions this module makes where the rule page leaves room (also in the rules help):
- A deal that ends early leaves cards in the hands. They are gathered after the tricks, hand by
  hand from the left of the dealer, each hand in suit and rank order; then the pile is cut
  (the top 1 to 51 cards go to the bottom) and dealt 4-4-5 from the left of the dealer.
- The Dubbelkingen quotas are counted per dealer: three negative games and two trumps each,
  every negative game at most twice in the match. A player may choose the same negative game
  twice. Nobody can get stuck: the negative quotas left always equal the negative deals left.
- What a seat's view keeps is this deal's record: every card played, by whom, in which trick,
  and what that proves (`excluded`: per seat, the cards it cannot hold). Earlier deals keep
  only their scores; a player is not expected to remember the order of the gathered pile.
"""
from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import product
from math import comb

from game.base import Announced, CardMoved, HandDealt, Scored, TrickWon, check_move, hide_cards, illegal
from game.cards import SUIT_SYMBOL, Card, is_card
from game.options import Option, resolve

GAME = "kingen"
SEATS = 4
HAND_SIZE = 13
TRICKS = 13

# ----------------------------------------------------------------------------- cards

SUIT_LETTERS = "CDHS"
RANK_LETTERS = "23456789TJQKA"
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
JACK, QUEEN, KING, ACE = 9, 10, 11, 12  # rank indices

CARD = tuple(Card(1 if rank == ACE else rank + 2, SUIT_LETTERS[suit]) for suit in range(4) for rank in range(13))
ID = {card: index for index, card in enumerate(CARD)}
CODE = tuple(RANK_LETTERS[index % 13] + SUIT_LETTERS[index // 13] for index in range(52))
_CODE_ID = {code: index for index, code in enumerate(CODE)}
BIT = tuple(1 << index for index in range(52))
ALL = (1 << 52) - 1
SUIT_MASK = tuple(0x1FFF << (13 * suit) for suit in range(4))
HEART_MASK = SUIT_MASK[HEARTS]
NOT_HEARTS = ALL ^ HEART_MASK
KING_OF_HEARTS = HEARTS * 13 + KING
ACE_OF_HEARTS = HEARTS * 13 + ACE
KH_BIT = BIT[KING_OF_HEARTS]
QUEEN_MASK = sum(BIT[suit * 13 + QUEEN] for suit in range(4))
KJ_MASK = sum(BIT[suit * 13 + rank] for suit in range(4) for rank in (KING, JACK))
# the cards of the same suit below / above a card
BELOW = tuple(((1 << index) - 1) & SUIT_MASK[index // 13] for index in range(52))
ABOVE = tuple(SUIT_MASK[index // 13] & ~((1 << (index + 1)) - 1) for index in range(52))


def card_id(card: Card) -> int:
    return ID[card]


def card_text(index: int) -> str:
    """A card as the table names it in a message: suit symbol then rank, "♦K", "♥10"."""
    card = CARD[index]
    return SUIT_SYMBOL[card.suit] + card.label


def parse_card(text: str) -> int:
    """A card id from its code ("QS", "TH", "10H", "Q♠")."""
    code = _CODE_ID.get(text)
    if code is not None:
        return code
    return ID[Card.parse(text)]


_SUIT_IDS = [[None] * 8192 for _ in range(4)]


def ids_of(mask: int) -> list:
    """The card ids in a mask, lowest first (suit by suit)."""
    out = []
    for suit in range(4):
        pattern = (mask >> (13 * suit)) & 0x1FFF
        if pattern:
            found = _SUIT_IDS[suit][pattern]
            if found is None:
                found = _SUIT_IDS[suit][pattern] = tuple(suit * 13 + rank for rank in range(13) if pattern >> rank & 1)
            out.extend(found)
    return out


def cards_of(mask: int) -> list:
    return [CARD[index] for index in ids_of(mask)]


def mask_of(indices) -> int:
    mask = 0
    for index in indices:
        mask |= BIT[index]
    return mask


# ----------------------------------------------------------------------------- the seven games

GAMES = ("fewest_tricks", "no_hearts", "no_kings_jacks", "no_queens", "no_king_of_hearts", "no_7th_and_last",
         "trump")
FEWEST, NO_HEARTS, NO_KJ, NO_QUEENS, NO_KH, NO_7_13, TRUMP = range(7)
NEGATIVE = (FEWEST, NO_HEARTS, NO_KJ, NO_QUEENS, NO_KH, NO_7_13)
GAME_TOTAL = (-13, -13, -8, -8, -5, -5, 13)   # the points of a complete deal, all seats together
# penalty units a deal starts with when it may end early once they are all taken (-1: never)
UNITS = (-1, 13, 8, 4, 1, -1, -1)
END_REASON = (None, "hearts", "kings_jacks", "queens", "king_of_hearts", None, None)
KINGEN_SCHEDULE = NEGATIVE + (TRUMP,) * 4
KINDS = ("kingen", "dubbelkingen", "deal")
DEALS = {"kingen": 10, "dubbelkingen": 20, "deal": 1}
NEGATIVE_QUOTA, TRUMP_QUOTA, GAME_LIMIT = 3, 2, 2

CHOOSE_GAME, CHOOSE_TRUMP, PLAY, BETWEEN, OVER = "choose_game", "choose_trump", "play", "between", "over"
PHASES = (CHOOSE_GAME, CHOOSE_TRUMP, PLAY, BETWEEN, OVER)


def legal_mask(hand: int, trick: list, game: int, trump, lose_rule: bool) -> int:
    """The cards of `hand` that may be played to `trick` (the cards so far, leader's first)."""
    if not trick:
        if game == NO_HEARTS or game == NO_KH:
            others = hand & NOT_HEARTS
            if others:
                return others
        return hand
    led = trick[0] // 13
    follow = hand & SUIT_MASK[led]
    if follow:
        if game == NO_KJ or game == NO_QUEENS:
            if lose_rule:
                high = -1
                for card in trick:
                    if card > high and card // 13 == led:
                        high = card
                losing = follow & (KJ_MASK if game == NO_KJ else QUEEN_MASK) & BELOW[high]
                if losing:
                    return losing
        elif game == NO_KH:
            if follow & KH_BIT and ACE_OF_HEARTS in trick:
                return KH_BIT
        return follow
    if game == NO_HEARTS:
        must = hand & HEART_MASK
    elif game == NO_KJ:
        must = hand & KJ_MASK
    elif game == NO_QUEENS:
        must = hand & QUEEN_MASK
    elif game == NO_KH:
        must = hand & KH_BIT
    elif game == TRUMP:
        must = hand & SUIT_MASK[trump]
        if must:
            top = -1
            for card in trick:
                if card // 13 == trump and card > top:
                    top = card
            if top >= 0:
                must &= ABOVE[top]
    else:
        return hand
    return must or hand


def trick_winner(trick, trump) -> int:
    """The position (0-3) in the trick of the card that takes it."""
    best = 0
    top = trick[0]
    for position in (1, 2, 3):
        card = trick[position]
        if card // 13 == top // 13:
            if card > top:
                best, top = position, card
        elif card // 13 == trump:
            best, top = position, card
    return best


def highest(trick, suit: int) -> int:
    """The highest card of `suit` in the trick, -1 when there is none."""
    top = -1
    for card in trick:
        if card // 13 == suit and card > top:
            top = card
    return top


def _check_points(game: int, gone: int, done: int, points: list) -> None:
    """The points of a deal in progress fit the cards already taken (notation, saves)."""
    if game == TRUMP:
        if any(value < 0 or value > done for value in points) or sum(points) != done:
            raise ValueError(f"the points {points} do not fit {done} tricks of trump")
        return
    if any(value > 0 for value in points):
        raise ValueError(f"a negative game cannot give positive points: {points}")
    expected = {FEWEST: -done, NO_HEARTS: -(gone & HEART_MASK).bit_count(), NO_KJ: -(gone & KJ_MASK).bit_count(),
                NO_QUEENS: -2 * (gone & QUEEN_MASK).bit_count(), NO_KH: -5 if gone & KH_BIT else 0,
                NO_7_13: (-2 if done >= 7 else 0) + (-3 if done == 13 else 0)}[game]
    if sum(points) != expected:
        raise ValueError(f"the points {points} do not fit the cards taken in {GAMES[game]} (they add up to {expected})")
    allowed = {NO_QUEENS: lambda value: value % 2 == 0, NO_KH: lambda value: value in (0, -5),
               NO_7_13: lambda value: value in (0, -2, -3, -5), FEWEST: lambda value: value >= -done}.get(game)
    if allowed and not all(allowed(value) for value in points):
        raise ValueError(f"the points {points} are impossible in {GAMES[game]}")


# ----------------------------------------------------------------------------- moves

@dataclass(frozen=True, slots=True)
class PlayCard:
    card: Card
    index: int = field(default=-1, compare=False, repr=False)

    def __post_init__(self):
        if self.index < 0:
            object.__setattr__(self, "index", ID.get(self.card, -1) if isinstance(self.card, Card) else -1)

    def __hash__(self) -> int:  # the searches look moves up in dicts all the time
        return self.index

    def __str__(self) -> str:
        return self.code

    @property
    def code(self) -> str:
        return CODE[self.index] if self.index >= 0 else str(self.card)


@dataclass(frozen=True, slots=True)
class ChooseTrump:
    suit: str   # "C", "D", "H" or "S"

    def __str__(self) -> str:
        return self.code

    @property
    def code(self) -> str:
        return f"trump:{self.suit}"


@dataclass(frozen=True, slots=True)
class ChooseGame:
    game: str   # one of GAMES

    def __str__(self) -> str:
        return self.code

    @property
    def code(self) -> str:
        return f"game:{self.game}"


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Between deals: the next dealer deals (the finished deal stays on the table until then)."""

    def __str__(self) -> str:
        return self.code

    @property
    def code(self) -> str:
        return "deal"


MOVE_TYPES = (PlayCard, ChooseTrump, ChooseGame, NextDeal)
PLAY_MOVE = tuple(PlayCard(CARD[index], index) for index in range(52))
TRUMP_MOVES = tuple(ChooseTrump(letter) for letter in SUIT_LETTERS)
GAME_MOVES = tuple(ChooseGame(name) for name in GAMES)
NEXT_DEAL = NextDeal()


def moves_of(mask: int) -> list:
    """The card moves for the cards in a mask."""
    return [PLAY_MOVE[card] for card in ids_of(mask)]


def parse_move(text: str):
    """Read a move back from its code: `QS`, `TH`, `trump:H`, `game:no_queens`, `deal`."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError("empty move")
    text = text.strip()
    if text == "deal":
        return NEXT_DEAL
    if text.startswith("trump:"):
        suit = text[6:].upper()
        if len(suit) != 1 or suit not in SUIT_LETTERS:
            raise ValueError(f"not a trump suit: {text!r}")
        return TRUMP_MOVES[SUIT_LETTERS.index(suit)]
    if text.startswith("game:"):
        name = text[5:]
        if name not in GAMES:
            raise ValueError(f"not a Kingen game: {text!r}")
        return GAME_MOVES[GAMES.index(name)]
    try:
        return PLAY_MOVE[parse_card(text)]
    except (KeyError, ValueError):
        raise ValueError(f"not a Kingen move: {text!r}") from None


# ----------------------------------------------------------------------------- options

def _key(name: str) -> str:
    return f"{GAME}.{name}"


def _flag(key: str, default: bool) -> Option:
    return Option(key, default, (False, True), label=_key(f"opt.{key}"),
                  labels=(_key(f"opt.{key}.off"), _key(f"opt.{key}.on")), help=_key(f"opt.{key}.help"))


OPTIONS: list[Option] = [
    Option("match", "kingen", ("kingen", "dubbelkingen"), label=_key("opt.match"),
           labels=(_key("opt.match.kingen"), _key("opt.match.dubbelkingen")), help=_key("opt.match.help")),
    _flag("lose_rule", True),
    _flag("shuffle_every_deal", False),
]


def resolve_options(given: dict | None) -> dict:
    return resolve(OPTIONS, given)


def _refuse(message: str, key: str, **params):
    illegal(message, _key(f"err.{key}"), **params)


# ----------------------------------------------------------------------------- state

class State:
    """The whole match: options, the score sheet, and the deal in play with its record.

    The deal: `game` (a name of GAMES, None while a Dubbelkingen dealer chooses) with `g` its
    index, `trump` (suit index or None), `hands` (per seat a 52-bit mask; None for a hand a
    view hides), `trick` (the current trick's card ids, leader's first), `tricks` (this deal's
    completed tricks: (leader, cards, winner)), `gone` (cards taken in tricks that have no
    record: a position read from notation), `done` (tricks completed), `points` (this deal's
    points so far), `excluded` (per seat: the cards its play proves it cannot hold)."""

    __slots__ = ("players", "options", "kind", "fixed_game", "last_deal", "lose_rule", "seed", "rng_state",
                 "viewer", "phase", "deal_no", "first_dealer", "dealer", "g", "trump", "leader", "turn", "hands",
                 "trick", "tricks", "gone", "done", "points", "left", "totals", "sheet", "chosen", "excluded",
                 "end_reason", "cut", "events", "_cache")

    # ---- the contract

    def to_move(self):
        phase = self.phase
        if phase == PLAY:
            return self.turn
        if phase == OVER:
            return None
        if phase == BETWEEN:
            return (self.dealer + 1) % SEATS    # the next dealer deals
        return self.dealer

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self) -> list:
        phase = self.phase
        if phase == PLAY:
            hand = self.hands[self.turn]
            if hand is None:
                raise ValueError(f"seat {self.turn}'s hand is hidden in this view")
            return moves_of(legal_mask(hand, self.trick, self.g, self.trump, self.lose_rule))
        if phase == CHOOSE_TRUMP:
            return list(TRUMP_MOVES)
        if phase == CHOOSE_GAME:
            return [GAME_MOVES[game] for game in self.open_games(self.dealer)]
        if phase == BETWEEN:
            return [NEXT_DEAL]
        return []

    def legal_cards(self) -> int:
        """The mask of the cards the seat to move may play (0 outside play)."""
        if self.phase != PLAY:
            return 0
        return legal_mask(self.hands[self.turn], self.trick, self.g, self.trump, self.lose_rule)

    def play(self, move) -> None:
        check_move(move, MOVE_TYPES, "Kingen", _key("err.unknown_move"))
        kind = type(move)
        if kind is PlayCard:
            card = self._check_card(move)
            seat = self.turn
            self._cache = None
            self._learn(seat, card)
            events = [CardMoved(CARD[card], f"hand:{seat}", "trick", seat)]
            self.events = events
            self._put(card, events)
        elif kind is ChooseTrump:
            self._check_phase(CHOOSE_TRUMP)
            if type(move.suit) is not str or len(move.suit) != 1 or move.suit not in SUIT_LETTERS:
                _refuse(f"there is no suit {move.suit!r}", "bad_suit", suit=str(move.suit))
            self._cache = None
            self.trump = SUIT_LETTERS.index(move.suit)
            self.phase = PLAY
            self.turn = self.leader
            self.events = [Announced(self.dealer, "trump", move.suit)]
        elif kind is ChooseGame:
            self._check_phase(CHOOSE_GAME)
            game = self._check_game_choice(move.game)
            self._cache = None
            seats = list(self.chosen)
            mine = list(seats[self.dealer])
            mine[game] += 1
            seats[self.dealer] = tuple(mine)
            self.chosen = tuple(seats)
            self._set_game(game)
            self.events = [Announced(self.dealer, "game", GAMES[game])]
        elif kind is NextDeal:
            self._check_phase(BETWEEN)
            if any(hand is None for hand in self.hands):
                _refuse("a seat's view cannot deal the next hand", "view_deals")
            self._cache = None
            events = []
            self._next_deal(events)
            self.events = events
        else:
            _refuse(f"not a Kingen move: {move!r}", "unknown_move", move=str(move))

    def play_fast(self, card: int) -> None:
        """Play card id `card`, known to be legal, recording nothing: the searches' playouts."""
        self._cache = None
        self._put(card, None)

    def reveals(self, move) -> bool:
        """True for dealing the next deal: new hands are seen."""
        return type(move) is NextDeal and self.phase == BETWEEN

    def copy(self) -> "State":
        new = State.__new__(State)
        new.players = self.players
        new.options = self.options       # never mutated
        new.kind = self.kind
        new.fixed_game = self.fixed_game
        new.last_deal = self.last_deal
        new.lose_rule = self.lose_rule
        new.seed = self.seed
        new.rng_state = self.rng_state   # immutable (a tuple or an int)
        new.viewer = self.viewer
        new.phase = self.phase
        new.deal_no = self.deal_no
        new.first_dealer = self.first_dealer
        new.dealer = self.dealer
        new.g = self.g
        new.trump = self.trump
        new.leader = self.leader
        new.turn = self.turn
        new.hands = self.hands[:]
        new.trick = self.trick[:]
        new.tricks = self.tricks         # a tuple
        new.gone = self.gone
        new.done = self.done
        new.points = self.points[:]
        new.left = self.left
        new.totals = self.totals[:]
        new.sheet = self.sheet           # a tuple of entries never changed once written
        new.chosen = self.chosen         # a tuple of tuples
        new.excluded = self.excluded[:]
        new.end_reason = self.end_reason
        new.cut = self.cut
        new.events = self.events[:]
        new._cache = None
        return new

    def scores(self) -> list:
        """The match totals so far (the deal in play counts once it is complete)."""
        return list(self.totals)

    def winners(self) -> tuple:
        if self.phase != OVER:
            return ()
        best = max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    def view(self, seat: int) -> "State":
        """What `seat` may see: the other hands are hidden (None), so are the seed and the
        random generator; the whole record of this deal and what it proves stay."""
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise ValueError(f"there is no seat {seat!r}")
        new = self.copy()
        new.viewer = seat
        new.seed = None
        new.rng_state = None
        new.hands = [hand if index == seat else None for index, hand in enumerate(self.hands)]
        hidden = {f"hand:{index}" for index in range(SEATS) if index != seat}
        new.events = hide_cards(self.events, lambda event: event.target == "trick" or
                                event.source not in hidden and event.target not in hidden)
        return new

    def zones(self) -> dict:
        """Where every card is: "hand:SEAT" (None where hidden), "trick", and "taken:SEAT" (the
        tricks each seat took in this deal); cards taken before a position read from notation
        are in no zone."""
        zones = {f"hand:{seat}": self.hand_cards(seat) for seat in range(SEATS)}
        zones["trick"] = [CARD[card] for card in self.trick]
        for seat in range(SEATS):
            zones[f"taken:{seat}"] = []
        for _, cards, winner in self.tricks:
            zones[f"taken:{winner}"].extend(CARD[card] for card in cards)
        return zones

    def sample(self, seat: int, rng: random.Random) -> "State":
        """A full state consistent with `view(seat)`: the cards `seat` has not seen dealt to
        the other seats in the numbers they hold, never a card a seat's play proves it cannot
        hold, every such deal equally likely."""
        cache = self._cache
        if cache is None or cache[0] != seat:
            cache = self._cache = (seat, self._sampling_plan(seat))
        forced, pairs, spread, others, cumulative, splits = cache[1]
        new = self.copy()
        new.viewer = None
        new.seed = None
        new.rng_state = rng.getrandbits(64)
        hands = new.hands
        for other, mask in forced:
            hands[other] = mask
        pair_counts, spread_counts = splits[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
        shuffle = rng.shuffle
        for (a, b, cards), to_a in zip(pairs, pair_counts):
            cards = list(cards)
            shuffle(cards)
            mask = 0
            for card in cards[:to_a]:
                mask |= BIT[card]
            hands[others[a]] |= mask
            mask = 0
            for card in cards[to_a:]:
                mask |= BIT[card]
            hands[others[b]] |= mask
        if spread:
            cards = list(spread)
            shuffle(cards)
            start = 0
            for position in range(3):
                stop = start + spread_counts[position]
                mask = 0
                for card in cards[start:stop]:
                    mask |= BIT[card]
                hands[others[position]] |= mask
                start = stop
        return new

    def to_dict(self) -> dict:
        rng = self.rng_state
        if isinstance(rng, tuple):
            rng = [rng[0], list(rng[1]), rng[2]]
        return {
            "game": GAME, "version": 1, "players": self.players, "options": dict(self.options),
            "kind": self.kind, "fixed_game": None if self.fixed_game is None else GAMES[self.fixed_game],
            "last_deal": self.last_deal, "seed": self.seed, "rng": rng, "viewer": self.viewer,
            "phase": self.phase, "deal_no": self.deal_no, "first_dealer": self.first_dealer, "dealer": self.dealer,
            "deal_game": self.game, "trump": self.trump_suit, "leader": self.leader,
            "hands": [None if hand is None else [CODE[card] for card in ids_of(hand)] for hand in self.hands],
            "trick": [CODE[card] for card in self.trick],
            "tricks": [[leader, [CODE[card] for card in cards], winner] for leader, cards, winner in self.tricks],
            "gone": [CODE[card] for card in ids_of(self.gone)], "points": list(self.points),
            "totals": list(self.totals), "sheet": [_plain(entry) for entry in self.sheet],
            "end_reason": self.end_reason, "cut": self.cut,
        }

    # ---- what the scene and the AI read

    @property
    def game(self):
        """The game of this deal (a name of GAMES), None while the dealer chooses it."""
        return None if self.g is None else GAMES[self.g]

    @property
    def trump_suit(self):
        """The trump suit's letter ("H"), None outside trump or before it is named."""
        return None if self.trump is None else SUIT_LETTERS[self.trump]

    def hand_size(self, seat: int) -> int:
        played_now = (seat - self.leader) % SEATS < len(self.trick)
        return HAND_SIZE - self.done - played_now

    def hand_cards(self, seat: int) -> list:
        """The seat's cards (game.cards.Card), by suit C D H S and rank; None where hidden."""
        hand = self.hands[seat]
        if hand is None:
            return [None] * self.hand_size(seat)
        return cards_of(hand)

    def trick_cards(self) -> list:
        """The current trick as (seat, Card) pairs, leader first."""
        return [((self.leader + position) % SEATS, CARD[card]) for position, card in enumerate(self.trick)]

    def last_trick(self):
        """The last completed trick of this deal: (leader, [Card], winner), or None."""
        if not self.tricks:
            return None
        leader, cards, winner = self.tricks[-1]
        return leader, [CARD[card] for card in cards], winner

    def cannot_hold(self, seat: int) -> list:
        """The cards still in play that the record proves `seat` does not hold."""
        mask = self.excluded[seat] & ~self.played_mask()
        if self.viewer is not None:
            mask &= ~self.hands[self.viewer]
        return cards_of(mask)

    def voids(self, seat: int) -> str:
        """The suits (letters) `seat` has shown it holds none of."""
        return "".join(SUIT_LETTERS[suit] for suit in range(4)
                       if self.excluded[seat] & SUIT_MASK[suit] == SUIT_MASK[suit])

    def played_mask(self) -> int:
        """Every card out of the hands: taken in tricks and in the current trick."""
        mask = self.gone
        for _, cards, _ in self.tricks:
            for card in cards:
                mask |= BIT[card]
        for card in self.trick:
            mask |= BIT[card]
        return mask

    def unseen_by(self, seat: int) -> int:
        """The cards `seat` has not seen: the other hands."""
        return ALL & ~self.played_mask() & ~(self.hands[seat] or 0)

    def open_games(self, seat: int) -> list:
        """The games (indices) `seat` may still choose as dealer in Dubbelkingen."""
        mine = self.chosen[seat]
        negative_left = NEGATIVE_QUOTA - sum(mine[game] for game in NEGATIVE)
        games = []
        for game in NEGATIVE:
            if negative_left > 0 and sum(chosen[game] for chosen in self.chosen) < GAME_LIMIT:
                games.append(game)
        if mine[TRUMP] < TRUMP_QUOTA:
            games.append(TRUMP)
        return games

    def deals_played(self) -> int:
        return len(self.sheet)

    def single_deal(self) -> "State":
        """A copy in which the match ends with this deal: the searches' horizon."""
        new = self.copy()
        new.last_deal = self.deal_no
        return new

    def deal_points(self) -> list:
        return list(self.points)

    # ---- checks and explanations

    def _check_phase(self, wanted: str) -> None:
        phase = self.phase
        if phase == wanted:
            return
        if phase == OVER:
            _refuse("the match is over", "over")
        if phase == BETWEEN:
            _refuse("this deal is over: the next dealer deals", "deal_next")
        if wanted == BETWEEN:
            _refuse("the deal is not over yet", "not_over")
        if phase == CHOOSE_GAME:
            _refuse("the dealer must choose the game first", "choose_game_first")
        if phase == CHOOSE_TRUMP:
            _refuse("the dealer must name trump first", "choose_trump_first")
        _refuse("there is nothing to choose now: play a card", "no_choice")

    def _check_game_choice(self, name) -> int:
        if type(name) is not str or name not in GAMES:
            _refuse(f"there is no game {name!r}", "bad_game", game=str(name))
        game = GAMES.index(name)
        if game in self.open_games(self.dealer):
            return game
        mine = self.chosen[self.dealer]
        if game == TRUMP:
            _refuse("you have already chosen trump twice", "quota_trump")
        if sum(mine[other] for other in NEGATIVE) >= NEGATIVE_QUOTA:
            _refuse("you have already chosen your three negative games", "quota_negative")
        _refuse(f"{name} has already been chosen twice in this match", "game_taken", game=name)

    def _check_card(self, move: PlayCard) -> int:
        self._check_phase(PLAY)
        card = move.index
        if type(card) is not int or not 0 <= card < 52 or not is_card(move.card) or CARD[card] != move.card:
            _refuse(f"not a card: {move.card!r}", "not_a_card", card=str(move.card))
        hand = self.hands[self.turn]
        if hand is None:
            _refuse(f"seat {self.turn}'s hand is hidden in this view", "hidden")
        bit = BIT[card]
        if not hand & bit:
            _refuse(f"{card_text(card)} is not in your hand", "not_in_hand", card=card_text(card))
        if not legal_mask(hand, self.trick, self.g, self.trump, self.lose_rule) & bit:
            self._explain(hand, card)
        return card

    def _explain(self, hand: int, card: int) -> None:
        """Refuse an illegal card with the obligation it breaks."""
        trick, game, shown = self.trick, self.g, card_text(card)
        if not trick:
            if game == NO_HEARTS:
                _refuse("you may not lead a heart while you hold another suit", "lead_heart", card=shown)
            _refuse("in No king of hearts you may lead a heart only when you hold nothing else",
                    "lead_heart_kh", card=shown)
        led = trick[0] // 13
        suit = SUIT_SYMBOL[SUIT_LETTERS[led]]
        follow = hand & SUIT_MASK[led]
        if follow:
            if card // 13 != led:
                _refuse(f"you must follow {suit}", "follow", suit=suit)
            must = legal_mask(hand, trick, game, self.trump, self.lose_rule)
            if game == NO_KH:
                _refuse(f"the {card_text(ACE_OF_HEARTS)} is already in the trick: you must play the "
                        f"{card_text(KING_OF_HEARTS)}", "king_under_ace", high=card_text(ACE_OF_HEARTS),
                        cards=card_text(KING_OF_HEARTS))
            high = card_text(highest(trick, led))
            options = [card_text(other) for other in reversed(ids_of(must))]
            _refuse(f"the {high} is already in the trick: you must play the {' or the '.join(options)}",
                    "lose_card", high=high, cards="/".join(options))
        if game == NO_HEARTS:
            _refuse(f"you cannot follow {suit}: you must discard a heart", "discard_heart", suit=suit)
        if game == NO_KJ:
            _refuse(f"you cannot follow {suit}: you must discard a king or a jack", "discard_kj", suit=suit)
        if game == NO_QUEENS:
            _refuse(f"you cannot follow {suit}: you must discard a queen", "discard_queen", suit=suit)
        if game == NO_KH:
            _refuse(f"you cannot follow {suit}: you must play the {card_text(KING_OF_HEARTS)}", "discard_kh",
                    suit=suit, card=card_text(KING_OF_HEARTS))
        top = highest(trick, self.trump)
        if top < 0:
            _refuse(f"you cannot follow {suit}: you must trump", "trump", suit=suit)
        _refuse(f"the trick is trumped with the {card_text(top)}: you must over-trump", "overtrump",
                card=card_text(top))

    # ---- the course of a deal

    def _put(self, card: int, events) -> None:
        seat = self.turn
        self.hands[seat] ^= BIT[card]
        trick = self.trick
        trick.append(card)
        if len(trick) < 4:
            self.turn = (seat + 1) & 3
            return
        self._finish_trick(events)

    def _trick_points(self, trick, number: int):
        """(points for the winner, penalty units taken) of a complete trick."""
        game = self.g
        if game == FEWEST:
            return -1, 0
        if game == TRUMP:
            return 1, 0
        if game == NO_7_13:
            return (-2 if number == 7 else -3 if number == TRICKS else 0), 0
        mask = BIT[trick[0]] | BIT[trick[1]] | BIT[trick[2]] | BIT[trick[3]]
        if game == NO_HEARTS:
            count = (mask & HEART_MASK).bit_count()
            return -count, count
        if game == NO_KJ:
            count = (mask & KJ_MASK).bit_count()
            return -count, count
        if game == NO_QUEENS:
            count = (mask & QUEEN_MASK).bit_count()
            return -2 * count, count
        if mask & KH_BIT:
            return -5, 1
        return 0, 0

    def _finish_trick(self, events) -> None:
        trick = self.trick
        leader = self.leader
        winner = (leader + trick_winner(trick, self.trump)) & 3
        self.done += 1
        points, units = self._trick_points(trick, self.done)
        if points:
            self.points[winner] += points
        if units:
            self.left -= units
        cards = tuple(trick)
        self.tricks += ((leader, cards, winner),)
        self.trick = []
        self.leader = self.turn = winner
        if events is not None:
            events.append(TrickWon(winner, tuple(CARD[card] for card in cards), self.done))
            taken = f"taken:{winner}"
            events.extend(CardMoved(CARD[card], "trick", taken, winner) for card in cards)
        if self.done == TRICKS or self.left == 0:
            self._end_deal(events)

    def _end_deal(self, events) -> None:
        game = self.g
        reason = "all_tricks" if self.done == TRICKS else END_REASON[game]
        self.end_reason = reason
        points = self.points
        totals = self.totals
        for seat in range(SEATS):
            totals[seat] += points[seat]
        self.sheet += ({"deal": self.deal_no, "dealer": self.dealer, "game": GAMES[game], "trump": self.trump_suit,
                        "points": list(points), "totals": list(totals), "end": reason},)
        if events is not None:
            events.append(Announced(None, "deal_end", reason))
            events.append(Scored(tuple(points), GAMES[game]))
        if self.deal_no >= self.last_deal:
            self.phase = OVER
            if events is not None:
                events.append(Announced(None, "match_over", self.winners()))
            return
        self.phase = BETWEEN      # the finished deal stays on the table until the next dealer deals

    def _random(self) -> random.Random:
        state = self.rng_state
        if state is None:
            raise ValueError("a view has no random generator: it cannot deal")
        rng = random.Random(state) if isinstance(state, int) else random.Random()
        if not isinstance(state, int):
            rng.setstate(state)
        return rng

    def _next_deal(self, events) -> None:
        if any(hand is None for hand in self.hands):
            raise ValueError("a view cannot deal the next hand")
        rng = self._random()
        # gathered in the order the tricks were taken, then what the hands kept (an early end)
        pile = [card for _, cards, _ in self.tricks for card in cards]
        places = {card: f"taken:{winner}" for _, cards, winner in self.tricks for card in cards}
        for step in range(1, SEATS + 1):
            seat = (self.dealer + step) % SEATS
            kept = ids_of(self.hands[seat])
            pile.extend(kept)
            places.update((card, f"hand:{seat}") for card in kept)
        if events is not None:
            events.extend(CardMoved(CARD[card], places[card], "deck", None, False) for card in pile)
        if self.options["shuffle_every_deal"]:
            deck = list(range(52))
            rng.shuffle(deck)
            self.cut = None
        else:
            cut = rng.randrange(1, 52)
            deck = pile[cut:] + pile[:cut]
            self.cut = cut
        self.rng_state = rng.getstate()
        self.deal_no += 1
        self.dealer = (self.dealer + 1) % SEATS
        self._start_deal(deck, events)

    def _start_deal(self, deck: list, events) -> None:
        """Deal `deck` (top first) 4-4-5 from the left of the dealer and set the deal up."""
        dealer = self.dealer
        if events is not None:
            events.append(HandDealt(dealer, (HAND_SIZE,) * SEATS))
        hands = [0] * SEATS
        position = 0
        for packet in (4, 4, 5):
            for step in range(1, SEATS + 1):
                seat = (dealer + step) % SEATS
                for card in deck[position:position + packet]:
                    hands[seat] |= BIT[card]
                    if events is not None:
                        events.append(CardMoved(CARD[card], "deck", f"hand:{seat}", seat, False))
                position += packet
        self.hands = hands
        self.trick = []
        self.tricks = ()
        self.gone = 0
        self.done = 0
        self.points = [0] * SEATS
        self.excluded = [0] * SEATS
        self.leader = self.turn = (dealer + 1) % SEATS
        self.trump = None
        self.end_reason = None
        self._cache = None
        if self.kind == "dubbelkingen":
            self.g = None
            self.left = -1
            self.phase = CHOOSE_GAME
            return
        game = KINGEN_SCHEDULE[self.deal_no - 1] if self.kind == "kingen" else self.fixed_game
        if events is not None:
            events.append(Announced(None, "game", GAMES[game]))
        self._set_game(game)

    def _set_game(self, game: int) -> None:
        self.g = game
        self.left = UNITS[game]
        self.phase = CHOOSE_TRUMP if game == TRUMP else PLAY

    def _learn(self, seat: int, card: int) -> None:
        """What playing `card` now proves `seat` cannot hold (the obligations it did not meet)."""
        trick, game = self.trick, self.g
        suit = card // 13
        if not trick:
            if (game == NO_HEARTS or game == NO_KH) and suit == HEARTS:
                self.excluded[seat] |= NOT_HEARTS  # a heart led: nothing else in hand
            return
        led = trick[0] // 13
        bit = BIT[card]
        if suit != led:
            add = SUIT_MASK[led]
            if game == NO_HEARTS:
                if suit != HEARTS:
                    add |= HEART_MASK
            elif game == NO_KJ:
                if not bit & KJ_MASK:
                    add |= KJ_MASK
            elif game == NO_QUEENS:
                if not bit & QUEEN_MASK:
                    add |= QUEEN_MASK
            elif game == NO_KH:
                if card != KING_OF_HEARTS:
                    add |= KH_BIT
            elif game == TRUMP and led != self.trump:
                trump = self.trump
                top = highest(trick, trump)
                if top < 0:
                    if suit != trump:
                        add |= SUIT_MASK[trump]          # did not trump: holds none
                elif not (suit == trump and card > top):
                    add |= ABOVE[top]                    # did not over-trump: holds none higher
            self.excluded[seat] |= add
            return
        if game == NO_KJ or game == NO_QUEENS:
            if self.lose_rule:
                losing = (KJ_MASK if game == NO_KJ else QUEEN_MASK) & BELOW[highest(trick, led)]
                if not bit & losing:
                    self.excluded[seat] |= losing
        elif game == NO_KH and led == HEARTS and card != KING_OF_HEARTS and ACE_OF_HEARTS in trick:
            self.excluded[seat] |= KH_BIT

    def _sampling_plan(self, seat: int):
        """How the unseen cards may be spread (cached while the state does not change). The
        cards fall in classes by the seats that may hold them: a card only one seat may hold
        goes there; the split of each class two seats may hold, and then of the cards any of
        the three may hold, is drawn with the number of deals it allows as its weight, so that
        every consistent deal is equally likely."""
        hand = self.hands[seat]
        if hand is None:
            raise ValueError(f"seat {seat}'s hand is hidden: it cannot be sampled from")
        others = [other for other in range(SEATS) if other != seat]
        unseen = ALL & ~self.played_mask() & ~hand
        caps = [self.hand_size(other) for other in others]
        if unseen.bit_count() != sum(caps):
            raise ValueError("inconsistent state: the unseen cards do not fill the other hands")
        classes = {}
        for card in ids_of(unseen):
            allowed = 0
            for position, other in enumerate(others):
                if not self.excluded[other] >> card & 1:
                    allowed |= 1 << position
            if not allowed:
                raise ValueError(f"inconsistent state: nobody can hold {CODE[card]}")
            classes.setdefault(allowed, []).append(card)
        forced = []
        for position in range(3):
            cards = classes.get(1 << position, [])
            forced.append((others[position], mask_of(cards)))
            caps[position] -= len(cards)
        pairs = [(a, b, tuple(classes[(1 << a) | (1 << b)])) for a, b in ((0, 1), (0, 2), (1, 2))
                 if (1 << a) | (1 << b) in classes]
        spread = tuple(classes.get(7, ()))
        cumulative, splits, total = [], [], 0
        for pair_counts in product(*(range(len(cards) + 1) for _, _, cards in pairs)):
            left = caps[:]
            weight = 1
            for (a, b, cards), to_a in zip(pairs, pair_counts):
                left[a] -= to_a
                left[b] -= len(cards) - to_a
                weight *= comb(len(cards), to_a)
            if min(left) < 0:
                continue
            # what is left of the three hands is the share of the cards any of them may hold
            weight *= comb(len(spread), left[0]) * comb(len(spread) - left[0], left[1])
            total += weight
            cumulative.append(total)
            splits.append((pair_counts, tuple(left)))
        if not total:
            raise ValueError("inconsistent state: the unseen cards cannot be dealt as the play requires")
        return tuple(forced), pairs, spread, others, cumulative, splits


def _plain(entry: dict) -> dict:
    return {key: list(value) if isinstance(value, (list, tuple)) else value for key, value in entry.items()}


# ----------------------------------------------------------------------------- new games

def _blank(options: dict, kind: str, fixed_game, seed) -> State:
    state = State.__new__(State)
    state.players = SEATS
    state.options = options
    state.kind = kind
    state.fixed_game = fixed_game
    state.last_deal = DEALS[kind]
    state.lose_rule = options["lose_rule"]
    state.seed = seed
    state.rng_state = None
    state.viewer = None
    state.phase = PLAY
    state.deal_no = 1
    state.first_dealer = state.dealer = 0
    state.g = None
    state.trump = None
    state.leader = state.turn = 0
    state.hands = [0] * SEATS
    state.trick = []
    state.tricks = ()
    state.gone = 0
    state.done = 0
    state.points = [0] * SEATS
    state.left = -1
    state.totals = [0] * SEATS
    state.sheet = ()
    state.chosen = ((0,) * len(GAMES),) * SEATS
    state.excluded = [0] * SEATS
    state.end_reason = None
    state.cut = None
    state.events = []
    state._cache = None
    return state


def new_game(seed: int, players: int = SEATS, options: dict | None = None, deal: str | None = None) -> State:
    """A match of Kingen (option "match": kingen or dubbelkingen) for four seats; the first
    dealer is drawn from the seed and the first deal is from a shuffled deck. With `deal` (a
    name of GAMES) the match is that single deal (the arena's single deals)."""
    if players != SEATS:
        raise ValueError(f"Kingen is played by 4 players, not {players}")
    options = resolve_options(options)
    if deal is not None and deal not in GAMES:
        raise ValueError(f"there is no game {deal!r}; games: {', '.join(GAMES)}")
    kind = "deal" if deal is not None else options["match"]
    state = _blank(options, kind, None if deal is None else GAMES.index(deal), seed)
    rng = random.Random(seed)
    state.first_dealer = state.dealer = rng.randrange(SEATS)
    deck = list(range(52))
    rng.shuffle(deck)
    state.rng_state = rng.getstate()
    state._start_deal(deck, None)
    return state


def arena_game(seed: int, players: int = SEATS) -> State:
    """A whole Kingen match with the default options."""
    return new_game(seed, players)


def arena_deal(seed: int, game: str, match: str = "kingen") -> State:
    """A single deal of `game` (its dealer drawn from the seed, the deck shuffled)."""
    return new_game(seed, SEATS, {"match": match}, deal=game)


def replay(seed: int, options: dict | None, moves) -> State:
    """The match replayed from its seed through `moves`."""
    state = new_game(seed, SEATS, options)
    for move in moves:
        state.play(move)
    return state


# ----------------------------------------------------------------------------- notation

def to_notation(state: State) -> str:
    """The deal in play as one line (see the rule page): game, trump, leader, hands, trick,
    points and the option flag `nolose`."""
    if state.phase in (CHOOSE_GAME, CHOOSE_TRUMP):
        raise ValueError("the notation describes a deal being played: the dealer has not chosen yet")
    if any(hand is None for hand in state.hands):
        raise ValueError("a view hides hands: the notation needs all four")
    hands = "/".join(",".join(CODE[card] for card in ids_of(hand)) or "-" for hand in state.hands)
    trick = ",".join(CODE[card] for card in state.trick) or "-"
    text = (f"{state.game} {state.trump_suit or '-'} {state.leader} {hands} {trick} "
            f"{','.join(str(value) for value in state.points)}")
    return text if state.lose_rule else text + " nolose"


def _notation_cards(text: str, what: str) -> list:
    if text == "-":
        return []
    cards = []
    for part in text.split(","):
        code = _CODE_ID.get(part)
        if code is None:
            raise ValueError(f"not a card in {what}: {part!r} (a rank 2-9 T J Q K A and a suit C D H S)")
        cards.append(code)
    return cards


def from_notation(text: str) -> State:
    """A state whose match is the one deal the line describes (no history: nothing is known
    of earlier tricks; the points so far are kept). Raises ValueError on anything impossible."""
    if not isinstance(text, str):
        raise ValueError("the notation is a line of text")
    fields = text.strip().split(" ")
    if len(fields) not in (6, 7):
        raise ValueError("the notation has six fields (game trump leader hands trick points) and an optional flag")
    game_name, trump_text, leader_text, hands_text, trick_text, points_text = fields[:6]
    flags = fields[6:]
    if flags and flags != ["nolose"]:
        raise ValueError(f"unknown option flag {flags[0]!r} (the only flag is nolose)")
    if game_name not in GAMES:
        raise ValueError(f"unknown game {game_name!r}; games: {', '.join(GAMES)}")
    game = GAMES.index(game_name)
    if game == TRUMP:
        if len(trump_text) != 1 or trump_text not in SUIT_LETTERS:
            raise ValueError(f"a trump deal needs its trump suit C, D, H or S, not {trump_text!r}")
        trump = SUIT_LETTERS.index(trump_text)
    elif trump_text != "-":
        raise ValueError(f"{game_name} has no trump: write -, not {trump_text!r}")
    else:
        trump = None
    if leader_text not in ("0", "1", "2", "3"):
        raise ValueError(f"the leader is a seat 0-3, not {leader_text!r}")
    leader = int(leader_text)
    hand_texts = hands_text.split("/")
    if len(hand_texts) != SEATS:
        raise ValueError("four hands, separated by /")
    hands = [_notation_cards(part, f"hand {seat}") for seat, part in enumerate(hand_texts)]
    trick = _notation_cards(trick_text, "the trick")
    if len(trick) > 3:
        raise ValueError("a trick in progress holds at most three cards")
    try:
        points = [int(part) for part in points_text.split(",")]
    except ValueError:
        raise ValueError(f"the points are four whole numbers separated by commas, not {points_text!r}") from None
    if len(points) != SEATS:
        raise ValueError("four points, separated by commas")
    everything = [card for hand in hands for card in hand] + trick
    if len(set(everything)) != len(everything):
        raise ValueError("a card appears twice")
    held = sum(len(hand) for hand in hands) + len(trick)
    if (52 - held) % SEATS:
        raise ValueError("the cards left do not make whole tricks")
    done = (52 - held) // SEATS
    options = resolve_options({"lose_rule": not flags})
    state = _blank(options, "deal", game, None)
    state.g, state.trump, state.left = game, trump, UNITS[game]
    state.dealer = state.first_dealer = (leader + 3) % SEATS  # not in the notation; any seat will do
    state.gone = ALL & ~mask_of(everything)
    state.done = done
    state.leader = leader
    for seat, hand in enumerate(hands):
        expected = HAND_SIZE - done - ((seat - leader) % SEATS < len(trick))
        if len(hand) != expected:
            raise ValueError(f"seat {seat} must hold {expected} cards here, not {len(hand)}")
    if state.left > 0:
        state.left -= _units(game, state.gone)
    _check_points(game, state.gone, done, points)
    if game == NO_KH and state.gone & KH_BIT and trick:
        raise ValueError("the deal ended with the trick that held the king of hearts")
    if state.left == 0 and trick:
        raise ValueError("all penalty cards are taken: the deal has ended")
    # the current trick is played again from the hands before it, so that its obligations hold
    state.hands = [mask_of(hand) for hand in hands]
    for position, card in enumerate(trick):
        state.hands[(leader + position) % SEATS] |= BIT[card]
    state.turn = leader
    state.points = points
    for card in trick:
        hand = state.hands[state.turn]
        if not legal_mask(hand, state.trick, game, trump, state.lose_rule) & BIT[card]:
            raise ValueError(f"{CODE[card]} breaks an obligation of {game_name}")
        state._learn(state.turn, card)
        state.hands[state.turn] = hand ^ BIT[card]
        state.trick.append(card)
        state.turn = (state.turn + 1) % SEATS
    state.rng_state = 0
    if done == TRICKS or state.left == 0:
        state.phase = OVER
        state.end_reason = "all_tricks" if done == TRICKS else END_REASON[game]
        state.totals = list(points)
        state.sheet = ({"deal": 1, "dealer": state.dealer, "game": game_name, "trump": state.trump_suit,
                        "points": list(points), "totals": list(points), "end": state.end_reason},)
    return state


def _units(game: int, taken: int) -> int:
    return {NO_HEARTS: (taken & HEART_MASK).bit_count(), NO_KJ: (taken & KJ_MASK).bit_count(),
            NO_QUEENS: (taken & QUEEN_MASK).bit_count(), NO_KH: 1 if taken & KH_BIT else 0}.get(game, 0)


State.to_notation = to_notation


# ----------------------------------------------------------------------------- save games

def _need(data: dict, key: str, kind, allow_none: bool = False):
    if key not in data:
        raise ValueError(f"damaged Kingen save: {key!r} is missing")
    value = data[key]
    if value is None and allow_none:
        return None
    if type(value) is bool and kind is not bool or not isinstance(value, kind):
        raise ValueError(f"damaged Kingen save: {key!r} must be {getattr(kind, '__name__', kind)}")
    return value


def _seat(value, what: str) -> int:
    if type(value) is not int or not 0 <= value < SEATS:
        raise ValueError(f"damaged Kingen save: {what} must be a seat 0-3, not {value!r}")
    return value


def _card_list(codes, what: str) -> list:
    if not isinstance(codes, list):
        raise ValueError(f"damaged Kingen save: {what} must be a list of cards")
    cards = []
    for code in codes:
        if not isinstance(code, str) or code not in _CODE_ID:
            raise ValueError(f"damaged Kingen save: {code!r} in {what} is not a card")
        cards.append(_CODE_ID[code])
    return cards


def _numbers(value, what: str, size: int = SEATS) -> list:
    if not isinstance(value, list) or len(value) != size or any(type(item) is not int for item in value):
        raise ValueError(f"damaged Kingen save: {what} must be {size} whole numbers")
    return list(value)


def from_dict(data: dict) -> State:
    """Rebuild a state from `to_dict()` data; the deal's record is played again card by card,
    so anything impossible (a lost or doubled card, a broken obligation, points or a sheet
    that do not add up, a turn out of order) raises ValueError."""
    if not isinstance(data, dict):
        raise ValueError("damaged Kingen save: not an object")
    if data.get("game") != GAME:
        raise ValueError(f"not a Kingen save: {data.get('game')!r}")
    if data.get("version") != 1:
        raise ValueError(f"unknown Kingen save version {data.get('version')!r}")
    if data.get("players") != SEATS:
        raise ValueError("damaged Kingen save: Kingen has four seats")
    given = _need(data, "options", dict)
    options = resolve_options(given)
    if options != {key: given.get(key) for key in options}:
        raise ValueError(f"damaged Kingen save: bad options {given!r}")
    kind = _need(data, "kind", str)
    if kind not in KINDS:
        raise ValueError(f"damaged Kingen save: unknown match kind {kind!r}")
    if kind != "deal" and kind != options["match"]:
        raise ValueError("damaged Kingen save: the match kind differs from the option")
    fixed_name = _need(data, "fixed_game", str, allow_none=True)
    if (fixed_name is None) != (kind != "deal") or fixed_name is not None and fixed_name not in GAMES:
        raise ValueError(f"damaged Kingen save: bad fixed game {fixed_name!r}")
    state = _blank(options, kind, None if fixed_name is None else GAMES.index(fixed_name), data.get("seed"))
    seed = data.get("seed")
    if seed is not None and type(seed) is not int:
        raise ValueError("damaged Kingen save: the seed must be a whole number")
    viewer = data.get("viewer")
    if viewer is not None:
        _seat(viewer, "the viewer")
    state.viewer = viewer
    rng = data.get("rng")
    if rng is None:
        if viewer is None:
            raise ValueError("damaged Kingen save: the random generator is missing")
    elif type(rng) is int:
        state.rng_state = rng
    else:
        try:
            version, internal, gauss = rng
            candidate = (version, tuple(internal), gauss)
            random.Random().setstate(candidate)
        except (TypeError, ValueError, OverflowError):
            raise ValueError("damaged Kingen save: the random generator's state is damaged") from None
        state.rng_state = candidate
    phase = _need(data, "phase", str)
    if phase not in PHASES:
        raise ValueError(f"damaged Kingen save: unknown phase {phase!r}")
    deal_no = _need(data, "deal_no", int)
    last_deal = _need(data, "last_deal", int)
    if not 1 <= deal_no <= last_deal <= DEALS[kind]:
        raise ValueError(f"damaged Kingen save: deal {deal_no} of {last_deal} in a match of {DEALS[kind]}")
    state.deal_no, state.last_deal = deal_no, last_deal
    state.first_dealer = _seat(data.get("first_dealer"), "the first dealer")
    state.dealer = _seat(data.get("dealer"), "the dealer")
    gone = _card_list(_need(data, "gone", list), "the cards gone")
    if gone and kind != "deal":
        raise ValueError("damaged Kingen save: only a single deal read from notation has cards without a record")
    if not gone and state.dealer != (state.first_dealer + deal_no - 1) % SEATS:
        raise ValueError("damaged Kingen save: the deal does not pass to the left")
    # the game and trump of this deal
    game_name = _need(data, "deal_game", str, allow_none=True)
    if game_name is not None and game_name not in GAMES:
        raise ValueError(f"damaged Kingen save: unknown game {game_name!r}")
    game = None if game_name is None else GAMES.index(game_name)
    if kind == "kingen" and game != KINGEN_SCHEDULE[deal_no - 1] or kind == "deal" and game != state.fixed_game:
        raise ValueError(f"damaged Kingen save: deal {deal_no} cannot be {game_name}")
    if (game is None) != (phase == CHOOSE_GAME):
        raise ValueError("damaged Kingen save: the game is chosen exactly when the dealer has chosen it")
    trump_text = _need(data, "trump", str, allow_none=True)
    if trump_text is not None and (trump_text not in SUIT_LETTERS or len(trump_text) != 1):
        raise ValueError(f"damaged Kingen save: bad trump {trump_text!r}")
    if (trump_text is not None) != (game == TRUMP and phase != CHOOSE_TRUMP):
        raise ValueError("damaged Kingen save: trump is named exactly in a trump deal after the dealer's choice")
    if phase == CHOOSE_TRUMP and game != TRUMP:
        raise ValueError("damaged Kingen save: trump is chosen only in a trump deal")
    state.trump = None if trump_text is None else SUIT_LETTERS.index(trump_text)
    # the cards
    raw_hands = _need(data, "hands", list)
    if len(raw_hands) != SEATS:
        raise ValueError("damaged Kingen save: four hands")
    hands = []
    for seat, raw in enumerate(raw_hands):
        if raw is None:
            if viewer is None or seat == viewer:
                raise ValueError(f"damaged Kingen save: hand {seat} is missing")
            hands.append(None)
        else:
            if viewer is not None and seat != viewer:
                raise ValueError(f"damaged Kingen save: a view of seat {viewer} shows hand {seat}")
            hands.append(_card_list(raw, f"hand {seat}"))
    trick = _card_list(_need(data, "trick", list), "the trick")
    raw_tricks = _need(data, "tricks", list)
    tricks = []
    for entry in raw_tricks:
        if not isinstance(entry, list) or len(entry) != 3:
            raise ValueError("damaged Kingen save: a trick is [leader, cards, winner]")
        cards = _card_list(entry[1], "a trick")
        if len(cards) != SEATS:
            raise ValueError("damaged Kingen save: a trick has four cards")
        tricks.append((_seat(entry[0], "a trick's leader"), cards, _seat(entry[2], "a trick's winner")))
    if gone and tricks:
        raise ValueError("damaged Kingen save: a position from notation has no trick record")
    everything = [card for hand in hands if hand is not None for card in hand] + trick + gone
    everything += [card for _, cards, _ in tricks for card in cards]
    if len(set(everything)) != len(everything):
        raise ValueError("damaged Kingen save: a card appears twice")
    if viewer is None and len(everything) != 52:
        raise ValueError(f"damaged Kingen save: {52 - len(everything)} cards are missing")
    if len(trick) > 3 or phase != PLAY and trick:
        raise ValueError("damaged Kingen save: a trick in progress holds at most three cards, only in play")
    if phase in (CHOOSE_GAME, CHOOSE_TRUMP) and (tricks or gone):
        raise ValueError("damaged Kingen save: cards were played before the dealer chose")
    points = _numbers(data.get("points"), "the points")
    state.totals = _numbers(data.get("totals"), "the totals")
    _check_sheet(state, data.get("sheet"), phase, game)
    # play the deal again from its start
    done = len(tricks) + len(gone) // SEATS
    if len(gone) % SEATS:
        raise ValueError("damaged Kingen save: the cards gone do not make whole tricks")
    leader = _seat(data.get("leader"), "the leader")
    start = [None if hand is None else mask_of(hand) for hand in hands]
    played = [(lead, cards) for lead, cards, _ in tricks]
    if trick:
        played.append((leader, trick))
    for lead, cards in played:
        for position, card in enumerate(cards):
            seat = (lead + position) % SEATS
            if start[seat] is not None:
                start[seat] |= BIT[card]
    state.g = game
    state.left = UNITS[game] if game is not None else -1
    state.gone = mask_of(gone)
    state.done = len(gone) // SEATS
    if gone:
        if state.left > 0:
            state.left -= _units(game, state.gone)
        state.leader = leader
        _check_points(game, state.gone, done, points)
        state.points = list(points)
    else:
        state.leader = (state.dealer + 1) % SEATS
    for seat in range(SEATS):
        if start[seat] is not None and start[seat].bit_count() != HAND_SIZE - state.done:
            raise ValueError(f"damaged Kingen save: seat {seat} did not start this deal with {HAND_SIZE} cards")
    state.hands = start
    state.turn = state.leader
    state.phase = PLAY
    totals = state.totals
    state.totals = [0] * SEATS
    sheet = state.sheet
    state.sheet = ()
    state.last_deal = deal_no  # the deal ends the replay, whatever follows it
    if phase in (PLAY, BETWEEN, OVER):
        for index, (lead, cards) in enumerate(played):
            if state.phase == OVER:
                raise ValueError("damaged Kingen save: cards were played after the deal ended")
            if lead != state.leader:
                raise ValueError("damaged Kingen save: a trick was led out of turn")
            for card in cards:
                hand = state.hands[state.turn]
                if hand is not None and not legal_mask(hand, state.trick, game, state.trump,
                                                       state.lose_rule) & BIT[card]:
                    raise ValueError(f"damaged Kingen save: {CODE[card]} broke an obligation of {game_name}")
                state._learn(state.turn, card)
                if hand is not None:
                    state.hands[state.turn] = hand ^ BIT[card]
                state.trick.append(card)
                if len(state.trick) < SEATS:
                    state.turn = (state.turn + 1) % SEATS
                else:
                    state._finish_trick(None)
            if index < len(tricks) and state.tricks[-1][2] != tricks[index][2]:
                raise ValueError("damaged Kingen save: a trick's winner is wrong")
    if state.points != points:
        raise ValueError(f"damaged Kingen save: the points {points} do not follow from the tricks")
    ended = state.phase == OVER or bool(gone) and not state.trick and (state.done == TRICKS or state.left == 0)
    if ended != (phase in (BETWEEN, OVER)):
        raise ValueError("damaged Kingen save: the deal ends exactly when its last trick does")
    if (phase == OVER) != (ended and deal_no == last_deal):
        raise ValueError("damaged Kingen save: the match ends exactly when its last deal does")
    if state.leader != leader:
        raise ValueError("damaged Kingen save: the leader does not follow from the tricks")
    state.phase = phase
    state.sheet = sheet
    state.totals = totals
    state.last_deal = last_deal
    end_reason = data.get("end_reason")
    if end_reason != (sheet[-1]["end"] if ended else None):
        raise ValueError("damaged Kingen save: the reason the deal ended is wrong")
    state.end_reason = end_reason
    cut = data.get("cut")
    if cut is not None and (type(cut) is not int or not 1 <= cut <= 51):
        raise ValueError("damaged Kingen save: the cut is a place 1-51")
    state.cut = cut
    for seat in range(SEATS):
        if state.hands[seat] is not None and state.hands[seat] & state.excluded[seat]:
            raise ValueError(f"damaged Kingen save: seat {seat} holds a card its play proved it has not")
    if viewer is None and state.rng_state is None:
        raise ValueError("damaged Kingen save: the random generator is missing")
    state.events = []
    return state


def _check_sheet(state: State, raw, phase: str, game) -> None:
    """The score sheet: one entry per finished deal, dealers in turn, games as the match
    allows, points that add up per game and totals that add up over the match; in
    Dubbelkingen the choices (with this deal's) within the quotas."""
    if not isinstance(raw, list):
        raise ValueError("damaged Kingen save: the sheet must be a list")
    finished = state.deal_no if phase in (BETWEEN, OVER) else state.deal_no - 1
    if len(raw) != finished:
        raise ValueError(f"damaged Kingen save: the sheet must have {finished} deals, not {len(raw)}")
    totals = [0] * SEATS
    chosen = [[0] * len(GAMES) for _ in range(SEATS)]
    sheet = []
    for number, entry in enumerate(raw, start=1):
        if not isinstance(entry, dict) or set(entry) != {"deal", "dealer", "game", "trump", "points", "totals", "end"}:
            raise ValueError(f"damaged Kingen save: sheet entry {number} is damaged")
        name = entry["game"]
        if name not in GAMES or entry["deal"] != number:
            raise ValueError(f"damaged Kingen save: sheet entry {number} is damaged")
        entry_game = GAMES.index(name)
        dealer = _seat(entry["dealer"], "a dealer on the sheet")
        if dealer != (state.first_dealer + number - 1) % SEATS:
            raise ValueError(f"damaged Kingen save: deal {number} was dealt out of turn")
        if state.kind == "kingen" and entry_game != KINGEN_SCHEDULE[number - 1] \
                or state.kind == "deal" and entry_game != state.fixed_game:
            raise ValueError(f"damaged Kingen save: deal {number} cannot be {name}")
        if (entry["trump"] is None) != (entry_game != TRUMP) or entry["trump"] not in (None, *SUIT_LETTERS):
            raise ValueError(f"damaged Kingen save: the trump of deal {number} is wrong")
        points = _numbers(entry["points"], f"the points of deal {number}")
        if sum(points) != GAME_TOTAL[entry_game]:
            raise ValueError(f"damaged Kingen save: deal {number} ({name}) must give {GAME_TOTAL[entry_game]} "
                             f"points in all, not {sum(points)}")
        if entry["end"] not in ("all_tricks", END_REASON[entry_game]):
            raise ValueError(f"damaged Kingen save: deal {number} cannot end with {entry['end']!r}")
        for seat in range(SEATS):
            totals[seat] += points[seat]
        if _numbers(entry["totals"], f"the totals after deal {number}") != totals:
            raise ValueError(f"damaged Kingen save: the totals after deal {number} do not add up")
        chosen[dealer][entry_game] += 1
        sheet.append(_plain(entry))
    if totals != state.totals:
        raise ValueError("damaged Kingen save: the totals do not add up")
    if state.kind == "dubbelkingen":
        if game is not None and phase not in (BETWEEN, OVER):
            chosen[state.dealer][game] += 1
        for seat in range(SEATS):
            if sum(chosen[seat][other] for other in NEGATIVE) > NEGATIVE_QUOTA or chosen[seat][TRUMP] > TRUMP_QUOTA:
                raise ValueError(f"damaged Kingen save: seat {seat} chose more games than the quotas allow")
        for other in NEGATIVE:
            if sum(chosen[seat][other] for seat in range(SEATS)) > GAME_LIMIT:
                raise ValueError(f"damaged Kingen save: {GAMES[other]} was chosen more than twice")
        state.chosen = tuple(tuple(row) for row in chosen)
    state.sheet = tuple(sheet)
