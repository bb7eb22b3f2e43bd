"""Kings Corners: the rules of assets/rules/kings_corners.*.md as plain Python.

A match is several hands; a hand is dealt, played turn by turn, and scored. One `State`
holds the whole match (the AI can reason about it too).

The table: eight places, always in this order (`PLACES`): the four side places N, E, S, W
(indices 0-3) around the stock and the four corners NE, SE, SW, NW (indices 4-7). Each
place holds a pile, a list of cards bottom first (`state.piles[place][-1]` is the top).

Moves (small frozen dataclasses, hashable and picklable):
- `PlayCard(card, place)`: a card from hand onto a pile (one rank lower, opposite colour;
  nothing on an ace), a king into an empty corner, or any card onto an empty side place.
- `MovePile(source, target)`: a whole pile onto another pile (its bottom card one rank lower
  than the target's top and of the opposite colour), or a pile with a king at the bottom from
  a side place into an empty corner.
- `EndTurn()`: end the turn; the player draws one card (two with "draw two"; none when the
  stock is out, and none with "draw first", where the draw happens automatically at the
  start of each turn).
- `Deal()`: between hands, deal the next hand (played by the next dealer).

Decisions this module makes where the rule page leaves room (also in the rules help):
- Deadlock: the hand ends when the stock is empty and every player in turn has passed once
  in a row; a pass is a turn in which the player neither moved nor drew a card.
- A king's pile moves only from a side place into an empty corner (corner to corner would
  change nothing); a pile never moves onto an empty side place (only a card from hand may).
- Kings first (variant): at the start of your turn (after the draw with "draw first"), if
  you hold a king and a corner is empty, your next moves must be kings from your hand. While
  you hold a king and a corner is empty, any other move, or ending the turn, costs 3 penalty
  points (3 chips into the pot with chips scoring), at most once per turn. The move is still
  made: the rule is a penalty, not a prohibition. `kings_first_due()` tells when it applies.
  (With a king in hand a corner is always empty — there are only four kings — and corners
  never empty again, so "the first opportunity" is always the start of the turn.)
- Chips and pot: a turn in which the player drew and played no card from hand costs a chip.
  A hand ending in deadlock has no winner: the pot stays for the next hand. A chips match
  ends after the chosen number of hands, or when a player has lost the target in chips.
- A hand ending in deadlock scores every hand as usual (nobody wins it).
- Ties at the end of a match: every player with the best total wins.

`arena_game(seed, players)` is one hand with the standard scoring and no variants;
`scores()` is then each seat's penalty points for that hand (lower is better).
"""
from __future__ import annotations

import random
import sys
from dataclasses import dataclass

from game.base import CardMoved, HandDealt, Scored, check_move, copied_rng, hide_cards, illegal, quick_pickle
from game.cards import Card, full_deck, is_card
from game.options import Option
from game.save_check import cards, flag, one_of, plain, read_game, rng, scores, seat, whole

GAME = "kings_corners"
PLACES = ("N", "E", "S", "W", "NE", "SE", "SW", "NW")
N, E, S, W, NE, SE, SW, NW = range(8)
SIDES = (N, E, S, W)
CORNERS = (NE, SE, SW, NW)
HAND_SIZE = 7
KING = 13
ACE = 1
KINGS_FIRST_PENALTY = 3
LOG_SIZE = 60

SCORINGS = ("standard", "chips", "card_values", "fifty_ten_five")
MATCH_LENGTHS = ("target", "hands")
TARGETS = (10, 15, 20, 25, 30, 40, 50, 75, 100, 150, 200, 250, 300, 500)
HAND_COUNTS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20)

PLAY, BETWEEN, OVER = "play", "between", "over"
MAX_HANDS = 100_000          # bounds for reading a saved view
MAX_POINTS = 10 ** 9


def _key(name: str) -> str:
    return f"{GAME}.{name}"


def _flag(key: str) -> Option:
    return Option(key, False, (False, True), label=_key(f"opt.{key}"),
                  labels=(_key(f"opt.{key}.off"), _key(f"opt.{key}.on")), help=_key(f"opt.{key}.help"))


OPTIONS: list[Option] = [
    Option("scoring", "standard", SCORINGS, label=_key("opt.scoring"),
           labels=tuple(_key(f"opt.scoring.{name}") for name in SCORINGS), help=_key("opt.scoring.help")),
    Option("match_length", "target", MATCH_LENGTHS, label=_key("opt.match_length"),
           labels=tuple(_key(f"opt.match_length.{name}") for name in MATCH_LENGTHS),
           help=_key("opt.match_length.help")),
    Option("target", 25, TARGETS, label=_key("opt.target"), visible_if=("match_length", "target"),
           help=_key("opt.target.help")),
    Option("hands", 4, HAND_COUNTS, label=_key("opt.hands"), visible_if=("match_length", "hands"),
           help=_key("opt.hands.help")),
    _flag("kings_first"),
    _flag("draw_first"),
    _flag("draw_two"),
]


def resolve_options(given: dict | None) -> dict:
    from game.options import resolve
    return resolve(OPTIONS, given)


# ----------------------------------------------------------------------------- cards

def fits(card: Card, top: Card) -> bool:
    """May `card` go on `top`: one rank lower and of the opposite colour (never on an ace)."""
    return card.rank == top.rank - 1 and card.red != top.red


def card_points(card: Card, scoring: str = "standard") -> int:
    """What a card left in hand costs: penalty points, or chips with chips scoring."""
    rank = card.rank
    if scoring == "card_values":
        return 25 if rank == ACE else 10 if rank >= 11 else rank
    if scoring == "fifty_ten_five":
        return 50 if rank == ACE else 10 if rank >= 10 else 5
    return 10 if rank == KING else 1  # standard and chips


def _code(card: Card | None):
    return None if card is None else card.code


def _card(code) -> Card | None:
    return None if code is None else Card.parse(code)


# ----------------------------------------------------------------------------- moves

@quick_pickle
@dataclass(frozen=True, slots=True)
class PlayCard:
    card: Card
    place: int

    def __str__(self) -> str:
        return f"play {self.card} on {PLACES[self.place]}"

    @property
    def code(self) -> str:
        return f"play {self.card.code} {PLACES[self.place]}"


@quick_pickle
@dataclass(frozen=True, slots=True)
class MovePile:
    source: int
    target: int

    def __str__(self) -> str:
        return f"move pile {PLACES[self.source]} onto {PLACES[self.target]}"

    @property
    def code(self) -> str:
        return f"move {PLACES[self.source]} {PLACES[self.target]}"


@quick_pickle
@dataclass(frozen=True, slots=True)
class EndTurn:
    def __str__(self) -> str:
        return "end turn"

    @property
    def code(self) -> str:
        return "end"


@quick_pickle
@dataclass(frozen=True, slots=True)
class Deal:
    def __str__(self) -> str:
        return "deal the next hand"

    @property
    def code(self) -> str:
        return "deal"


def _place(name: str) -> int:
    name = name.strip().upper()
    if name not in PLACES:
        raise ValueError(f"not a place: {name!r} (places: {' '.join(PLACES)})")
    return PLACES.index(name)


MOVE_TYPES = (PlayCard, MovePile, EndTurn, Deal)


def parse_move(text: str):
    """Read a move back from its `code`: 'play QS N', 'move N E', 'end', 'deal'."""
    if not isinstance(text, str):
        raise ValueError(f"a Kings Corners move is text, not {type(text).__name__}")
    parts = text.split()
    if not parts:
        raise ValueError("empty move")
    word = parts[0].lower()
    if word == "play" and len(parts) == 3:
        return PlayCard(Card.parse(parts[1]), _place(parts[2]))
    if word == "move" and len(parts) == 3:
        return MovePile(_place(parts[1]), _place(parts[2]))
    if word == "end" and len(parts) == 1:
        return EndTurn()
    if word == "deal" and len(parts) == 1:
        return Deal()
    raise ValueError(f"not a Kings Corners move: {text!r}")


# ----------------------------------------------------------------------------- state

class State:
    """The whole match: options, running totals, the hand in play and its history."""

    __slots__ = ("players", "options", "seed", "rng", "viewer", "phase", "hand_no", "first_dealer",
                 "dealer", "turn", "hands", "piles", "stock", "played", "moved", "drew", "kings_paid",
                 "passes", "penalties", "totals", "chips", "pot", "hand_chips", "sheet", "log",
                 "history", "turns", "events", "last_hand")

    # ---- the contract

    def to_move(self):
        if self.phase == OVER:
            return None
        if self.phase == BETWEEN:
            return (self.dealer + 1) % self.players  # the next dealer deals
        return self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def hand_over(self) -> bool:
        """True between hands (the score sheet is shown; the next move is `Deal()`)."""
        return self.phase != PLAY

    def legal_moves(self) -> list:
        if self.phase == OVER:
            return []
        if self.phase == BETWEEN:
            return [Deal()]
        moves: list = []
        piles = self.piles
        tops = [pile[-1] if pile else None for pile in piles]
        seen = set()
        for card in self.hands[self.turn]:
            if card is None or card in seen:
                continue
            seen.add(card)
            for place in range(8):
                top = tops[place]
                if top is None:
                    if place < 4 or card.rank == KING:
                        moves.append(PlayCard(card, place))
                elif fits(card, top):
                    moves.append(PlayCard(card, place))
        for source in range(8):
            pile = piles[source]
            if not pile:
                continue
            bottom = pile[0]
            for target in range(8):
                if target == source:
                    continue
                top = tops[target]
                if top is None:
                    if target >= 4 and source < 4 and bottom.rank == KING:
                        moves.append(MovePile(source, target))
                elif fits(bottom, top):
                    moves.append(MovePile(source, target))
        moves.append(EndTurn())
        return moves

    def reveals(self, move) -> bool:
        """A deal shows new hands; ending a turn draws from the stock (this turn's player, or
        with "draw first" the next one) and hands the table to players whose moves show
        cards from their hidden hands."""
        return isinstance(move, (Deal, EndTurn))

    def zones(self) -> dict:
        """Where every card is: "hand:SEAT", "pile:PLACE" and "stock" (unknown cards are None)."""
        zones = {f"hand:{seat}": hand for seat, hand in enumerate(self.hands)}
        zones.update((f"pile:{PLACES[place]}", pile) for place, pile in enumerate(self.piles))
        zones["stock"] = self.stock
        return zones

    def play(self, move) -> None:
        self._check(move)
        self.history.append(move)
        self.events = []
        if isinstance(move, Deal):
            self.dealer = (self.dealer + 1) % self.players
            self.hand_no += 1
            self._start_hand()
            return
        seat = self.turn
        if self.kings_first_due() and not (isinstance(move, PlayCard) and move.card.rank == KING):
            self._charge_kings_first(seat)
        if isinstance(move, PlayCard):
            self.hands[seat].remove(move.card)
            self.piles[move.place].append(move.card)
            self.events.append(CardMoved(move.card, f"hand:{seat}", f"pile:{PLACES[move.place]}", seat))
            self.played = self.moved = True
            self._log("play", seat, card=move.card.code, place=PLACES[move.place])
            if not self.hands[seat]:
                self._finish_hand(seat)
        elif isinstance(move, MovePile):
            pile = self.piles[move.source]
            self.piles[move.target].extend(pile)
            self.piles[move.source] = []
            source, target = f"pile:{PLACES[move.source]}", f"pile:{PLACES[move.target]}"
            self.events.extend(CardMoved(card, source, target, seat) for card in pile)
            self.moved = True
            self._log("pile", seat, source=PLACES[move.source], target=PLACES[move.target],
                      count=len(pile), bottom=pile[0].code)
        else:
            self._end_turn(seat)

    def copy(self) -> "State":
        new = State.__new__(State)
        new.players = self.players
        new.options = self.options  # never mutated
        new.seed = self.seed
        new.rng = copied_rng(self.rng)
        new.viewer = self.viewer
        new.phase = self.phase
        new.hand_no = self.hand_no
        new.first_dealer = self.first_dealer
        new.dealer = self.dealer
        new.turn = self.turn
        new.hands = [list(hand) for hand in self.hands]
        new.piles = [list(pile) for pile in self.piles]
        new.stock = list(self.stock)
        new.played = self.played
        new.moved = self.moved
        new.drew = self.drew
        new.kings_paid = self.kings_paid
        new.passes = self.passes
        new.penalties = list(self.penalties)
        new.totals = list(self.totals)
        new.chips = list(self.chips)
        new.pot = self.pot
        new.hand_chips = list(self.hand_chips)
        new.sheet = list(self.sheet)  # entries are never mutated once written
        new.log = list(self.log)
        new.history = list(self.history)
        new.turns = self.turns
        new.events = self.events  # never mutated: play() starts a new list
        new.last_hand = self.last_hand
        return new

    def scores(self) -> list:
        """Running totals: penalty points (lower is better), or chip balances with chips."""
        return list(self.chips if self.scoring == "chips" else self.totals)

    def winners(self) -> tuple:
        """At the end of the match: the fewest penalty points (the most chips) win."""
        if self.phase != OVER:
            return ()
        scores = self.scores()
        best = max(scores) if self.scoring == "chips" else min(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    def view(self, seat: int) -> "State":
        """What `seat` may see: other hands become unknown cards (None), so do the stock,
        the seed and the random generator; the counts stay."""
        new = self.copy()
        new.viewer = seat
        new.seed = None
        new.rng = random.Random(seat)
        new.hands = [list(hand) if index == seat else [None] * len(hand)
                     for index, hand in enumerate(self.hands)]
        new.stock = [None] * len(self.stock)
        mine = f"hand:{seat}"
        new.events = hide_cards(self.events, lambda event: event.source != "stock"
                                or not event.target.startswith("hand:") or event.target == mine)
        return new

    def sample(self, seat: int, rng: random.Random) -> "State":
        """A full state consistent with `view(seat)`: the unseen cards (other hands, the
        stock, any unknown card of this seat) dealt at random with `rng`."""
        new = self.copy()
        new.viewer = None
        new.seed = None
        new.rng = random.Random(rng.getrandbits(64))
        known = {card for pile in self.piles for card in pile}
        known.update(card for card in self.hands[seat] if card is not None)
        unseen = [card for card in full_deck() if card not in known]
        rng.shuffle(unseen)
        for index, hand in enumerate(self.hands):
            if index == seat:
                new.hands[index] = [card if card is not None else unseen.pop() for card in hand]
            else:
                new.hands[index] = [unseen.pop() for _ in hand]
        new.stock = [unseen.pop() for _ in self.stock]
        if unseen:
            raise ValueError("inconsistent state: cards missing from hands, piles and stock")
        return new

    # ---- display and helpers for the scene and the AI

    @property
    def scoring(self) -> str:
        return self.options["scoring"]

    def tops(self) -> list:
        return [pile[-1] if pile else None for pile in self.piles]

    def hand_counts(self) -> list:
        return [len(hand) for hand in self.hands]

    def stock_count(self) -> int:
        return len(self.stock)

    def kings_first_due(self) -> bool:
        """Kings first is on, the player to move holds a king, a corner is empty and the
        penalty has not been paid this turn: any move but a king from hand costs 3."""
        if not self.options["kings_first"] or self.phase != PLAY or self.kings_paid:
            return False
        if not any(card is not None and card.rank == KING for card in self.hands[self.turn]):
            return False
        return any(not self.piles[place] for place in CORNERS)

    def hand_points(self, seat: int) -> int:
        """What the cards now in `seat`'s hand would cost (plus this hand's penalties)."""
        hand = self.hands[seat]
        if any(card is None for card in hand):
            raise ValueError("hidden hand")
        return sum(card_points(card, self.scoring) for card in hand) + self.penalties[seat]

    def card_targets(self, card: Card) -> list[int]:
        """The places where `card` from hand may go now (for highlighting)."""
        return [move.place for move in self.legal_moves() if isinstance(move, PlayCard) and move.card == card]

    def pile_targets(self, source: int) -> list[int]:
        """The places where the pile at `source` may be moved now (for highlighting)."""
        return [move.target for move in self.legal_moves() if isinstance(move, MovePile) and move.source == source]

    def arena_stats(self) -> dict:
        last = self.sheet[-1] if self.sheet else {}
        return {"deadlock": 1.0 if last.get("winner", 0) is None else 0.0, "turns": float(self.turns)}

    # ---- checks

    def _check(self, move) -> None:
        check_move(move, MOVE_TYPES, "Kings Corners", _key("err.unknown_move"))
        if self.phase == OVER:
            illegal("the match is over", _key("err.over"))
        if self.phase == BETWEEN:
            if not isinstance(move, Deal):
                illegal("the hand is over: the next move is to deal", _key("err.deal_next"))
            return
        if isinstance(move, Deal):
            illegal("a hand is being played: it cannot be dealt now", _key("err.no_deal"))
        if isinstance(move, PlayCard):
            self._check_card(move)
        elif isinstance(move, MovePile):
            self._check_pile(move)

    def _check_place(self, place) -> None:
        if type(place) is not int or not 0 <= place < 8:
            illegal(f"there is no place {place!r}", _key("err.no_place"), place=str(place))

    def _check_card(self, move: PlayCard) -> None:
        card = move.card
        self._check_place(move.place)
        if not is_card(card):
            illegal(f"not a card: {card!r}"[:80], _key("err.not_in_hand"), card=str(card)[:20])
        if card not in self.hands[self.turn]:
            illegal(f"{card} is not in your hand", _key("err.not_in_hand"), card=str(card))
        place = PLACES[move.place]
        top = self.piles[move.place][-1] if self.piles[move.place] else None
        if top is None:
            if move.place >= 4 and card.rank != KING:
                illegal(f"only a king may go into the empty corner {place}",
                        _key("err.corner_king"), card=str(card), place=place)
            return
        if top.rank == ACE:
            illegal(f"nothing may be played on an ace ({top} on {place})",
                    _key("err.ace"), card=str(card), top=str(top), place=place)
        if card.rank != top.rank - 1:
            illegal(f"{card} is not one rank lower than {top} on {place}",
                    _key("err.rank"), card=str(card), top=str(top), place=place)
        if card.red == top.red:
            illegal(f"{card} is the same colour as {top} on {place}: colours must alternate",
                    _key("err.colour"), card=str(card), top=str(top), place=place)

    def _check_pile(self, move: MovePile) -> None:
        self._check_place(move.source)
        self._check_place(move.target)
        source, target = PLACES[move.source], PLACES[move.target]
        pile = self.piles[move.source]
        if not pile:
            illegal(f"there is no pile on {source}", _key("err.no_pile"), place=source)
        if move.source == move.target:
            illegal("a pile cannot be moved onto itself", _key("err.same_place"), place=source)
        bottom = pile[0]
        goal = self.piles[move.target]
        if not goal:
            if move.target < 4:
                illegal(f"a pile cannot be moved to the empty side place {target}: only a card "
                        f"from hand may go there", _key("err.pile_to_side"), place=target)
            if bottom.rank != KING:
                illegal(f"only a pile with a king at the bottom may go into the empty corner {target}",
                        _key("err.pile_to_corner"), place=target, bottom=str(bottom))
            if move.source >= 4:
                illegal(f"the king's pile on {source} is already in a corner",
                        _key("err.corner_to_corner"), place=source)
            return
        top = goal[-1]
        if not fits(bottom, top):
            illegal(f"the pile on {source} (bottom card {bottom}) does not fit on {top} on {target}: "
                    f"its bottom card must be one rank lower and of the opposite colour",
                    _key("err.pile_fit"), source=source, target=target, bottom=str(bottom), top=str(top))

    # ---- the course of a hand

    def _log(self, kind: str, seat, **data) -> None:
        entry = {"kind": kind, "seat": seat, **data}
        self.log.append(entry)
        if len(self.log) > LOG_SIZE:
            del self.log[: len(self.log) - LOG_SIZE]

    def _pay_chips(self, seat: int, amount: int, reason: str) -> None:
        self.chips[seat] -= amount
        self.hand_chips[seat] -= amount
        self.pot += amount
        self.events.append(Scored(tuple(-amount if index == seat else 0 for index in range(self.players)), reason))

    def _charge_kings_first(self, seat: int) -> None:
        self.kings_paid = True
        if self.scoring == "chips":
            self._pay_chips(seat, KINGS_FIRST_PENALTY, "kings_first")
        else:
            self.penalties[seat] += KINGS_FIRST_PENALTY
            self.events.append(Scored(tuple(KINGS_FIRST_PENALTY if index == seat else 0
                                            for index in range(self.players)), "kings_first"))
        self._log("kings_first", seat, amount=KINGS_FIRST_PENALTY)

    def _draw(self, seat: int) -> int:
        count = min(2 if self.options["draw_two"] else 1, len(self.stock))
        for _ in range(count):
            card = self.stock.pop()
            self.hands[seat].append(card)
            self.events.append(CardMoved(card, "stock", f"hand:{seat}", seat, face_up=False))
        self.drew += count
        return count

    def _begin_turn(self) -> None:
        self.played = self.moved = self.kings_paid = False
        self.drew = 0
        self.turns += 1
        if self.options["draw_first"]:
            count = self._draw(self.turn)
            if count:
                self._log("draw", self.turn, count=count)

    def _end_turn(self, seat: int) -> None:
        count = 0 if self.options["draw_first"] else self._draw(seat)
        if count:
            self._log("draw", seat, count=count)
        elif not self.moved and not self.drew:
            self._log("pass", seat)
        else:
            self._log("end", seat)
        if self.scoring == "chips" and self.drew and not self.played:
            self._pay_chips(seat, 1, "no_play")
            self._log("chip", seat, amount=1)
        if self.moved or self.drew:
            self.passes = 0
        else:
            self.passes += 1
        if self.passes >= self.players:
            self._finish_hand(None)
            return
        self.turn = (seat + 1) % self.players
        self._begin_turn()

    def _start_hand(self) -> None:
        deck = full_deck()
        self.rng.shuffle(deck)
        players = self.players
        first = (self.dealer + 1) % players
        self.hands = [[] for _ in range(players)]
        for index in range(HAND_SIZE * players):
            self.hands[(first + index) % players].append(deck.pop())
        self.piles = [[] for _ in range(8)]
        for place in SIDES:
            self.piles[place].append(deck.pop())
        self.stock = deck  # the top of the stock is the end of the list
        self.events.append(HandDealt(self.dealer, tuple(len(hand) for hand in self.hands)))
        self.events.extend(CardMoved(self.piles[place][0], "stock", f"pile:{PLACES[place]}") for place in SIDES)
        self.phase = PLAY
        self.passes = 0
        self.penalties = [0] * players
        self.hand_chips = [0] * players
        self._log("deal", self.dealer, hand=self.hand_no)
        if self.scoring == "chips":
            for seat in range(players):
                self._pay_chips(seat, 1, "ante")
        self.turn = first
        self._begin_turn()

    def _finish_hand(self, winner) -> None:
        scoring = self.scoring
        left = [[card.code if card is not None else None for card in hand] for hand in self.hands]
        known = all(card is not None for hand in self.hands for card in hand)
        points = [sum(card_points(card, scoring) for card in hand) if known else None for hand in self.hands]
        entry = {"hand": self.hand_no, "dealer": self.dealer, "winner": winner, "left": left,
                 "penalties": list(self.penalties)}
        if scoring == "chips":
            pot_won = 0
            if winner is not None and known:
                pot_won = self.pot
                self.chips[winner] += self.pot
                self.hand_chips[winner] += self.pot
                self.pot = 0
                for seat in range(self.players):
                    if seat != winner:
                        self.chips[seat] -= points[seat]
                        self.hand_chips[seat] -= points[seat]
                        self.chips[winner] += points[seat]
                        self.hand_chips[winner] += points[seat]
            entry.update(points=points, chips=list(self.hand_chips), pot_won=pot_won, pot=self.pot,
                         totals=list(self.chips))
        else:
            hand_points = [None if value is None else value + self.penalties[seat]
                           for seat, value in enumerate(points)]
            if known:
                for seat in range(self.players):
                    self.totals[seat] += hand_points[seat]
            entry.update(points=hand_points, totals=list(self.totals))
        self.sheet.append(entry)
        self.events.append(Scored(tuple(entry["chips"] if scoring == "chips" else entry["points"]), "hand"))
        if winner is None:
            self._log("deadlock", None)
        else:
            self._log("out", winner)
        self.phase = OVER if self._match_done() else BETWEEN
        if self.phase == OVER:
            self._log("match_over", None, winners=list(self.winners()))

    def single_deal(self) -> "State":
        """A copy in which the match ends with this hand: the hand played again as a game of
        its own (from a review), its cards, dealer and totals as they were."""
        new = self.copy()
        new.last_hand = self.hand_no
        return new

    def _match_done(self) -> bool:
        if self.last_hand is not None and self.hand_no >= self.last_hand:
            return True
        options = self.options
        if options["match_length"] == "hands":
            return self.hand_no >= options["hands"]
        target = options["target"]
        if self.scoring == "chips":
            return any(balance <= -target for balance in self.chips)
        return any(total >= target for total in self.totals)

    # ---- save games

    def to_dict(self) -> dict:
        version, internal, gauss = self.rng.getstate()
        return {
            "game": GAME, "version": 1, "players": self.players, "options": dict(self.options),
            "seed": self.seed, "rng": [version, list(internal), gauss], "viewer": self.viewer,
            "phase": self.phase, "hand_no": self.hand_no, "first_dealer": self.first_dealer,
            "dealer": self.dealer, "turn": self.turn,
            "hands": [[_code(card) for card in hand] for hand in self.hands],
            "piles": [[card.code for card in pile] for pile in self.piles],
            "stock": [_code(card) for card in self.stock],
            "played": self.played, "moved": self.moved, "drew": self.drew, "kings_paid": self.kings_paid,
            "passes": self.passes, "penalties": list(self.penalties), "totals": list(self.totals),
            "chips": list(self.chips), "pot": self.pot, "hand_chips": list(self.hand_chips),
            "sheet": [_plain(entry) for entry in self.sheet], "log": [dict(entry) for entry in self.log],
            "history": [move.code for move in self.history], "turns": self.turns,
            # (only where a hand is played alone: older saves and views have no such field)
            **({"last_hand": self.last_hand} if self.last_hand is not None else {}),
        }


def _plain(entry: dict) -> dict:
    return {key: [list(item) if isinstance(item, list) else item for item in value]
            if isinstance(value, list) else value for key, value in entry.items()}


def from_dict(data: dict) -> State:
    """A saved match, read back only if it is exactly the match its seed, seats, options and
    moves make (ValueError otherwise: a damaged or impossible save). A view (no seed, the
    other hands unknown) cannot be replayed: it is read field by field, every card once."""
    last = data.get("last_hand") if isinstance(data, dict) else None
    if last is not None:       # a hand played alone: the rest of the save is the match it comes from
        data = {key: value for key, value in data.items() if key != "last_hand"}
    state = read_game(data, "Kings Corners", sys.modules[__name__], "history", VIEW_FIELDS)
    if last is not None and (type(last) is not int or not state.hand_no <= last <= MAX_HANDS):
        raise ValueError(f"damaged Kings Corners save: it ends with hand {last!r}")
    state.last_hand = last         # (a view is read field by field: it has none before this)
    return state


def _hands(read, name: str, state) -> list:
    hands = cards(_card, nested=True, count=lambda state: state.players)(read, name, state)
    if any(card is None for card in hands[state.viewer]):
        read.fail("the viewer's own hand is unknown")
    return hands


VIEW_FIELDS = {     # what a view holds besides its players, options and history (game/save_check.py)
    "rng": rng, "viewer": seat, "phase": one_of(PLAY, BETWEEN, OVER), "hand_no": whole(1, MAX_HANDS),
    "first_dealer": seat, "dealer": seat, "turn": seat, "drew": whole(0, 2),
    "played": flag, "moved": flag, "kings_paid": flag, "pot": whole(0, MAX_POINTS),
    "passes": lambda read, name, state: read.integer(name, 0, state.players),
    "turns": lambda read, name, state: read.integer(name, 0, len(state.history) + 1),   # the turn under way counts
    "hands": _hands, "piles": cards(Card.parse, nested=True, count=lambda state: len(PLACES)), "stock": cards(_card),
    "penalties": scores(MAX_POINTS), "totals": scores(MAX_POINTS), "chips": scores(MAX_POINTS),
    "hand_chips": scores(MAX_POINTS), "sheet": plain, "log": plain,
}


def new_game(seed: int, players: int, options: dict | None = None) -> State:
    """A match of Kings Corners for 2 to 4 seats; the first dealer is drawn from the seed."""
    if players not in (2, 3, 4):
        raise ValueError(f"Kings Corners is played by 2, 3 or 4 players, not {players}")
    state = State.__new__(State)
    state.players = players
    state.options = resolve_options(options)
    state.seed = seed
    state.rng = random.Random(seed)
    state.viewer = None
    state.hand_no = 1
    state.first_dealer = state.dealer = state.rng.randrange(players)
    state.totals = [0] * players
    state.chips = [0] * players
    state.pot = 0
    state.sheet = []
    state.log = []
    state.history = []
    state.turns = 0
    state.events = []
    state.drew = 0
    state.played = state.moved = state.kings_paid = False
    state.last_hand = None         # the match ends by its options (`single_deal`: with a given hand)
    state._start_hand()
    return state


def arena_game(seed: int, players: int) -> State:
    """One hand with the standard scoring and no variants: `scores()` is each seat's
    penalty points for that hand (lower is better); the winner is the seat that went out
    (after a deadlock: the fewest points)."""
    return new_game(seed, players, {"scoring": "standard", "match_length": "hands", "hands": 1})

