"""4 Koningen (Four Kings): the solo patience, as assets/rules/vier_koningen.*.md decides.

Pure Python: no pygame, nothing from ai/. One seat. The whole game is one `State`; a turn is
played as separate moves, strictly in the page's order:

1. `ChooseHand(cards)`   take the round's hand size of controlled cards in hand
   (`ReturnHand()` puts them back before the draw: the only undo of this step);
2. `Draw()`              draw two cards (one when only one card can be drawn);
3. `Cover(target, cards)` lay 1..max hand cards (one suit) on drawn card 0 or 1
   (`Uncover(target)` takes them back before judging: the only undo of this step);
4. `Judge()`             judge both drawn cards; the turn ends.
`GiveUp()` ends the game (lost) at any time.

The state keeps the verdict of the last judged turn (`verdict`, one `Judgement` per drawn
card with its arithmetic), the game number (`seed`) and a move log. A view (`view(0)`) keeps
the composition of every face-down pile (a card counter knows it) but never its order, nor
the random generator, nor the game number.
"""
from __future__ import annotations

import itertools
import random
import sys
from dataclasses import dataclass
from typing import NamedTuple

from game.base import Announced, CardMoved, IllegalMove, Scored, check_move, check_type, copied_rng
from game.cards import SUIT_SYMBOL, SUITS, Card, is_card
from game.options import Option, resolve
from game.save_check import SaveReader, cards, check_rebuilt, one_of, read_view, rng, whole

GAME = "vier_koningen"
HAND_SIZE = {1: 5, 2: 3, 3: 3}
MAX_COVER = {1: 3, 2: 2, 3: 2}
ROUND_TOP = {1: 6, 2: 10, 3: 13}           # the highest rank in play in each round
ROUND_CARDS = {1: 24, 2: 40, 3: 52}        # the cards in play in each round
PILE_RANKS = {1: (4, 5, 6), 2: (7, 8, 9, 10), 3: (11, 12, 13)}
START_RANKS = (1, 2, 3)
TURN_LIMIT_ARENA = 1000

OPTIONS = [
    Option("peek_lost", False, (False, True), label="vier_koningen.opt.peek_lost",
           labels=("vier_koningen.opt.peek_lost.off", "vier_koningen.opt.peek_lost.on"),
           help="vier_koningen.opt.peek_lost.help", apart="peek"),
]


def _sort_key(card: Card):
    return (SUITS.index(card.suit), card.rank)


def sort_cards(cards) -> list:
    """Cards in display order: by suit (spades, hearts, clubs, diamonds), then by value."""
    return sorted(cards, key=_sort_key)


# ---------------------------------------------------------------------------------- moves
def _cards_tuple(cards):
    """The cards in display order ('QS' and (12, 'S') read as Card(12, 'S')); anything that
    is no set of cards is kept as given, and play() refuses it with IllegalMove."""
    try:
        return tuple(sort_cards(Card.parse(c) if isinstance(c, str) else Card(*c) for c in cards))
    except (TypeError, ValueError, AttributeError):
        return cards


def _check_cards(cards) -> None:
    """A move's cards must be a tuple of real cards (play() looks them up in sets)."""
    if type(cards) is not tuple or not all(is_card(card) for card in cards):
        raise _illegal(f"not a set of cards: {cards!r}"[:80], "unknown_move")


def _show(cards) -> str:
    return " ".join(str(card) for card in cards)


def _codes(cards) -> str:
    return " ".join(card.code for card in cards)


@dataclass(frozen=True, slots=True)
class ChooseHand:
    """Step 1: take these controlled cards in hand (exactly the hand size)."""
    cards: tuple

    def __post_init__(self):
        object.__setattr__(self, "cards", _cards_tuple(self.cards))

    @classmethod
    def in_order(cls, cards: tuple) -> "ChooseHand":
        """The move of `cards` already in display order (legal_moves makes hundreds: not
        parsed and sorted again)."""
        move = object.__new__(cls)
        object.__setattr__(move, "cards", cards)
        return move

    def __str__(self):
        return f"hand {_show(self.cards)}"

    @property
    def code(self):
        return f"hand {_codes(self.cards)}"


@dataclass(frozen=True, slots=True)
class ReturnHand:
    """Put the chosen hand back before drawing (nothing new has been seen)."""

    def __str__(self):
        return "change hand"

    code = "return"


@dataclass(frozen=True, slots=True)
class Draw:
    """Step 2: draw the two cards."""

    def __str__(self):
        return "draw"

    code = "draw"


@dataclass(frozen=True, slots=True)
class Cover:
    """Step 3: lay these hand cards on drawn card `target` (0 or 1)."""
    target: int
    cards: tuple

    def __post_init__(self):
        object.__setattr__(self, "cards", _cards_tuple(self.cards))

    def __str__(self):
        return f"cover {self.target + 1} with {_show(self.cards)}"

    @property
    def code(self):
        return f"cover {self.target + 1} {_codes(self.cards)}"


@dataclass(frozen=True, slots=True)
class Uncover:
    """Take the cards laid on drawn card `target` back in hand (before judging)."""
    target: int

    def __str__(self):
        return f"uncover {self.target + 1}"

    @property
    def code(self):
        return f"uncover {self.target + 1}"


@dataclass(frozen=True, slots=True)
class Judge:
    """Step 4: judge the drawn cards; the turn ends."""

    def __str__(self):
        return "judge"

    code = "judge"


@dataclass(frozen=True, slots=True)
class GiveUp:
    """End the game now; it counts as lost."""

    def __str__(self):
        return "give up"

    code = "give_up"


_SIMPLE_MOVES = {"return": ReturnHand(), "draw": Draw(), "judge": Judge(), "give_up": GiveUp()}
MOVE_TYPES = (ChooseHand, ReturnHand, Draw, Cover, Uncover, Judge, GiveUp)


def parse_move(code: str):
    """The move whose `code` is `code`: 'hand QS 10H ...', 'cover 1 QS', 'uncover 2', 'draw'..."""
    if not isinstance(code, str):
        raise ValueError(f"a 4 Koningen move is text, not {type(code).__name__}")
    words = code.split()
    if len(words) == 1 and words[0] in _SIMPLE_MOVES:
        return _SIMPLE_MOVES[words[0]]
    if len(words) >= 2 and words[0] == "hand":
        return ChooseHand(tuple(Card.parse(word) for word in words[1:]))
    if len(words) >= 3 and words[0] == "cover" and words[1] in ("1", "2"):
        return Cover(int(words[1]) - 1, tuple(Card.parse(word) for word in words[2:]))
    if len(words) == 2 and words[0] == "uncover" and words[1] in ("1", "2"):
        return Uncover(int(words[1]) - 1)
    raise ValueError(f"not a 4 Koningen move: {code!r}")


# ----------------------------------------------------------------------------- judgement
class Judgement(NamedTuple):
    """How one drawn card was judged: what the scene shows with its arithmetic."""
    drawn: Card
    laid: tuple
    same_suit: bool
    total: int
    needed: int
    won: bool

    @property
    def arithmetic(self) -> str:
        """'♥ 3+2 ≥ 5' (same suit) or '♠ 9 < 3×4' (another suit: three times the value)."""
        symbol = SUIT_SYMBOL[self.laid[0].suit]
        terms = "+".join(str(card.rank) for card in self.laid)
        relation = "\u2265" if self.won else "<"
        need = str(self.drawn.rank) if self.same_suit else f"3\u00d7{self.drawn.rank}"
        return f"{symbol} {terms} {relation} {need}"

    def to_dict(self) -> dict:
        return {"drawn": self.drawn.code, "laid": [card.code for card in self.laid],
                "same_suit": self.same_suit, "total": self.total, "needed": self.needed,
                "won": self.won}

    @classmethod
    def from_dict(cls, data: dict) -> "Judgement":
        return cls(Card.parse(data["drawn"]), tuple(Card.parse(c) for c in data["laid"]),
                   bool(data["same_suit"]), int(data["total"]), int(data["needed"]),
                   bool(data["won"]))


def judge(drawn: Card, laid) -> Judgement:
    """The page's step 4 for one drawn card and the cards laid on it (one suit)."""
    laid = tuple(laid)
    same = laid[0].suit == drawn.suit
    total = sum(card.rank for card in laid)
    needed = drawn.rank if same else 3 * drawn.rank
    return Judgement(drawn, laid, same, total, needed, total >= needed)


def _illegal(message: str, key: str, **params):
    return IllegalMove(message, f"vier_koningen.err.{key}", **params)


# --------------------------------------------------------------------------------- state
class State:
    """The whole game of 4 Koningen (one seat)."""

    players = 1

    def __init__(self):
        self.seed = None
        self.options = resolve(OPTIONS, None)
        self.rng = random.Random(0)
        self.round = 1
        self.phase = "hand"            # hand -> draw -> cover -> hand ...; "over" at the end
        self.controlled: list = []     # face up, the player's cards (display order)
        self.hand: list = []           # chosen hand cards not laid on a drawn card
        self.drawn: list = []          # the drawn cards of this turn (face up)
        self.covers: list = []         # per drawn card: the tuple of cards laid on it
        self.piles: list = [[], [], []]  # draw piles I, II, III; the top card is the last
        self.lost: list = []           # the lost pile (face down)
        self.turn = 1                  # the number of the turn being played (all rounds)
        self.turn_limit = None         # the arena's 1,000 turns; None in a real game
        self.result = None             # None, "won", "lost", "gave_up", "turn_limit"
        self.end_round = None          # the round in which the game ended
        self.verdict: tuple = ()       # the Judgements of the last judged turn
        self.verdict_turn = 0          # the turn that verdict belongs to
        self.reshuffles = 0            # how often the lost pile became the draw pile
        self.last_reshuffle = None     # None, "draw" (mid-draw) or "turn_end", this turn
        self.round_turns = {1: 0, 2: 0, 3: 0}  # judged turns per round
        self.log: list = []            # every move played, in order
        self.events: list = []         # what the last move did (game.base events)
        self.hidden = False            # True in a view: piles hold composition, not order

    # ------------------------------------------------------------------ the surface
    def to_move(self):
        return None if self.phase == "over" else 0

    def is_over(self) -> bool:
        return self.phase == "over"

    def winners(self) -> tuple:
        return (0,) if self.result == "won" else ()

    def scores(self) -> list:
        return [1 if self.result == "won" else 0]

    def arena_stats(self) -> dict:
        lost = self.result in ("lost", "gave_up", "turn_limit")
        stats = {"turns": sum(self.round_turns.values())}
        for number in (1, 2, 3):
            stats[f"lost_in_round_{number}"] = 1 if lost and self.end_round == number else 0
        stats["turn_limit"] = 1 if self.result == "turn_limit" else 0
        return stats

    # ------------------------------------------------------------------ what to show
    @property
    def draw_pile(self) -> list:
        """The active draw pile (its order is meaningless in a view)."""
        return self.piles[self.round - 1]

    def hand_size(self) -> int:
        """How many cards the hand holds this turn (all controlled cards when fewer)."""
        return min(HAND_SIZE[self.round], len(self.controlled) + len(self.hand)
                   + sum(len(c) for c in self.covers))

    def max_cover(self) -> int:
        return MAX_COVER[self.round]

    def cards_to_draw(self) -> int:
        """How many cards this turn draws: 2, or 1 when only one card is left anywhere."""
        return min(2, len(self.draw_pile) + len(self.lost))

    def round_cards(self) -> int:
        return ROUND_CARDS[self.round]

    def kings_controlled(self) -> int:
        return sum(1 for card in self.controlled if card.rank == 13)

    def lost_pile_visible(self) -> bool:
        """The scene shows the lost pile's content only with the peek option."""
        return bool(self.options.get("peek_lost"))

    def undo_move(self):
        """The move that takes back the last step without revealing anything, else None.

        Before the draw the hand can be put back; before judging the latest cover can be
        taken back. A draw or a judgement is never undone."""
        if self.phase == "draw":
            return ReturnHand()
        if self.phase == "cover":
            for move in reversed(self.log):
                if isinstance(move, Cover):
                    if self.covers[move.target]:
                        return Uncover(move.target)
                    break
                if not isinstance(move, Uncover):
                    break
            for target in range(len(self.covers) - 1, -1, -1):
                if self.covers[target]:
                    return Uncover(target)
        return None

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list:
        if self.phase == "over":
            return []
        if self.phase == "hand":
            size = self.hand_size()
            moves = [ChooseHand.in_order(combo) for combo in itertools.combinations(sort_cards(self.controlled), size)]
        elif self.phase == "draw":
            moves = [Draw(), ReturnHand()]
        else:
            moves = []
            for target in range(len(self.drawn)):
                if self.covers[target]:
                    moves.append(Uncover(target))
                    continue
                others = sum(1 for t in range(len(self.drawn)) if t != target and not self.covers[t])
                room = min(MAX_COVER[self.round], len(self.hand) - others)
                for suit in SUITS:
                    same = [card for card in self.hand if card.suit == suit]
                    for count in range(1, min(room, len(same)) + 1):
                        for combo in itertools.combinations(same, count):
                            moves.append(Cover(target, combo))
            if all(self.covers):
                moves.append(Judge())
        moves.append(GiveUp())
        return moves

    def play(self, move) -> None:
        check_move(move, MOVE_TYPES, "4 Koningen", "vier_koningen.err.unknown_move")
        if self.phase == "over":
            raise _illegal("the game is over", "game_over")
        handler = {ChooseHand: self._choose_hand, ReturnHand: self._return_hand, Draw: self._draw,
                   Cover: self._cover, Uncover: self._uncover, Judge: self._judge,
                   GiveUp: self._give_up}.get(type(move))
        if handler is None:
            raise _illegal(f"not a move of this game: {move!r}", "unknown_move")
        self.events = []
        handler(move)   # every handler checks everything before it changes anything
        self.log.append(move)

    def reveals(self, move) -> bool:
        """Drawing turns up unknown cards; nothing else shows what was hidden."""
        return isinstance(move, Draw)

    def zones(self) -> dict:
        """Where every card is (the piles' order is hidden in a view)."""
        zones = {"controlled": self.controlled, "hand": self.hand, "lost": self.lost}
        for number, pile in enumerate(self.piles, 1):
            zones[f"pile:{number}"] = pile
        for target, card in enumerate(self.drawn):
            zones[f"drawn:{target}"] = [card]
            zones[f"cover:{target}"] = list(self.covers[target])
        return zones

    def _moved(self, cards, source: str, target: str) -> None:
        self.events.extend(CardMoved(card, source, target, 0) for card in cards)

    def _phase(self, *phases):
        if self.phase not in phases:
            names = {"hand": "choose the hand", "draw": "draw", "cover": "cover the drawn cards"}
            raise _illegal(f"not now: first {names[self.phase]}", f"phase_{self.phase}")

    def _choose_hand(self, move: ChooseHand):
        self._phase("hand")
        size = self.hand_size()
        cards = move.cards
        _check_cards(cards)
        if len(set(cards)) != len(cards):
            raise _illegal("a card is chosen twice", "duplicate")
        if len(cards) != size:
            raise _illegal(f"the hand must hold {size} cards", "hand_size", size=size)
        controlled = set(self.controlled)
        for card in cards:
            if card not in controlled:
                raise _illegal(f"{card} is not among your cards", "not_controlled", card=str(card))
        chosen = set(cards)
        self.controlled = [card for card in self.controlled if card not in chosen]
        self.hand = list(cards)
        self.phase = "draw"
        self._moved(cards, "controlled", "hand")

    def _return_hand(self, move):
        self._phase("draw")
        self._moved(self.hand, "hand", "controlled")
        self.controlled = sort_cards(self.controlled + self.hand)
        self.hand = []
        self.phase = "hand"

    def _draw(self, move):
        self._phase("draw")
        count = self.cards_to_draw()
        pile = self.draw_pile
        self.last_reshuffle = None
        drawn = []
        for _ in range(count):
            if not pile:  # the page: the lost pile is shuffled into a new draw pile mid-draw
                self._reshuffle("draw")
                pile = self.draw_pile
            drawn.append(pile.pop())
            self.events.append(CardMoved(drawn[-1], f"pile:{self.round}", f"drawn:{len(drawn) - 1}", 0))
        self.drawn = drawn
        self.covers = [() for _ in drawn]
        self.phase = "cover"

    def _reshuffle(self, when: str):
        pile = self.lost
        self.lost = []
        if self.hidden:
            pile = sort_cards(pile)
        else:
            self.rng.shuffle(pile)
        self.piles[self.round - 1] = pile
        self.reshuffles += 1
        self.last_reshuffle = when
        self.events.append(Announced(0, "reshuffle", len(pile)))
        self.events.extend(CardMoved(card, "lost", f"pile:{self.round}", 0, face_up=False) for card in pile)

    def _cover(self, move: Cover):
        self._phase("cover")
        target, cards = move.target, move.cards
        check_type(target, int, "a drawn card's number", "vier_koningen.err.no_target")
        if not 0 <= target < len(self.drawn):
            raise _illegal(f"there is no drawn card {target + 1}", "no_target")
        _check_cards(cards)
        if self.covers[target]:
            raise _illegal("that drawn card is already covered: take its cards back first", "covered")
        if not cards:
            raise _illegal("lay at least one card", "empty_cover")
        if len(set(cards)) != len(cards):
            raise _illegal("a card is laid twice", "duplicate")
        limit = MAX_COVER[self.round]
        if len(cards) > limit:
            raise _illegal(f"at most {limit} cards on a drawn card in this round", "too_many", max=limit)
        hand = set(self.hand)
        for card in cards:
            if card not in hand:
                raise _illegal(f"{card} is not in your hand", "not_in_hand", card=str(card))
        if len({card.suit for card in cards}) > 1:
            raise _illegal("cards laid together must be of one suit", "mixed_suits")
        others = sum(1 for t in range(len(self.drawn)) if t != target and not self.covers[t])
        if len(self.hand) - len(cards) < others:
            raise _illegal("keep a card for the other drawn card", "keep_one")
        chosen = set(cards)
        self.hand = [card for card in self.hand if card not in chosen]
        self.covers[target] = cards
        self._moved(cards, "hand", f"cover:{target}")

    def _uncover(self, move: Uncover):
        self._phase("cover")
        target = move.target
        check_type(target, int, "a drawn card's number", "vier_koningen.err.no_target")
        if not 0 <= target < len(self.drawn):
            raise _illegal(f"there is no drawn card {target + 1}", "no_target")
        if not self.covers[target]:
            raise _illegal("nothing lies on that drawn card", "not_covered")
        self._moved(self.covers[target], f"cover:{target}", "hand")
        self.hand = sort_cards(self.hand + list(self.covers[target]))
        self.covers[target] = ()

    def _judge(self, move):
        self._phase("cover")
        if not all(self.covers):
            raise _illegal("lay at least one card on each drawn card", "uncovered")
        verdict = tuple(judge(drawn, laid) for drawn, laid in zip(self.drawn, self.covers))
        back = list(self.hand)
        self._moved(self.hand, "hand", "controlled")
        for target, item in enumerate(verdict):
            goal = "controlled" if item.won else "lost"
            self._moved([item.drawn], f"drawn:{target}", goal)
            self._moved(item.laid, f"cover:{target}", goal)
            if item.won:
                back.append(item.drawn)
                back.extend(item.laid)
            else:
                self.lost.extend(item.laid)
                self.lost.append(item.drawn)
        self.controlled = sort_cards(self.controlled + back)
        self.hand, self.drawn, self.covers = [], [], []
        self.verdict = verdict
        self.verdict_turn = self.turn
        self.round_turns[self.round] += 1
        self._end_turn()

    def _end_turn(self):
        """Steps 7 and the checks between turns, as the page decides them."""
        if self.round == 3:
            if self.kings_controlled() == 4:
                return self._finish("won")
        elif not self.draw_pile and not self.lost:   # all the round's cards are controlled
            self.round += 1
            self.turn += 1
            return self._start_turn()
        if not self.draw_pile and self.lost:
            self._reshuffle("turn_end")
        self.turn += 1
        self._start_turn()

    def _start_turn(self):
        self.phase = "hand"
        if self.turn_limit is not None and self.turn > self.turn_limit:
            return self._finish("turn_limit")
        if len(self.controlled) < self.cards_to_draw():
            return self._finish("lost")

    def _finish(self, result: str):
        self.result = result
        self.end_round = self.round
        self.phase = "over"
        self.events.append(Scored((1 if result == "won" else 0,), result))

    def _give_up(self, move):
        self.events.append(Announced(0, "give_up"))
        self._finish("gave_up")

    # ------------------------------------------------------------------ copies and views
    def copy(self) -> "State":
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        new.options = dict(self.options)
        new.rng = copied_rng(self.rng)
        new.controlled = list(self.controlled)
        new.hand = list(self.hand)
        new.drawn = list(self.drawn)
        new.covers = list(self.covers)
        new.piles = [list(pile) for pile in self.piles]
        new.lost = list(self.lost)
        new.round_turns = dict(self.round_turns)
        new.log = list(self.log)
        return new

    def view(self, seat: int = 0) -> "State":
        """What the player may know: the composition of every face-down pile (every card in
        it was seen face up, or is a known stack), never its order; no game number, no
        random generator."""
        new = self.copy()
        new.piles = [sort_cards(pile) for pile in self.piles]
        new.lost = sort_cards(self.lost)
        new.rng = random.Random(0)
        new.seed = None
        new.hidden = True
        return new

    def sample(self, seat: int, rng: random.Random) -> "State":
        """A full state consistent with view(seat): every face-down pile shuffled with rng."""
        new = self.copy()
        for pile in new.piles:
            rng.shuffle(pile)
        rng.shuffle(new.lost)
        new.rng = random.Random(rng.getrandbits(64))
        new.hidden = False
        return new

    # ------------------------------------------------------------------ save games
    def to_dict(self) -> dict:
        version, internal, gauss = self.rng.getstate()
        codes = lambda cards: [card.code for card in cards]  # noqa: E731
        return {
            "game": GAME, "version": 1, "seed": self.seed, "options": dict(self.options),
            "round": self.round, "phase": self.phase, "controlled": codes(self.controlled),
            "hand": codes(self.hand), "drawn": codes(self.drawn),
            "covers": [codes(cover) for cover in self.covers],
            "piles": [codes(pile) for pile in self.piles], "lost": codes(self.lost),
            "turn": self.turn, "turn_limit": self.turn_limit, "result": self.result,
            "end_round": self.end_round, "verdict": [item.to_dict() for item in self.verdict],
            "verdict_turn": self.verdict_turn, "reshuffles": self.reshuffles,
            "last_reshuffle": self.last_reshuffle,
            "round_turns": [self.round_turns[n] for n in (1, 2, 3)],
            "log": [move.code for move in self.log], "hidden": self.hidden,
            "rng": [version, list(internal), gauss],
        }

    def __repr__(self):
        return (f"<4 Koningen round {self.round} turn {self.turn} {self.phase}: "
                f"{len(self.controlled)} controlled, draw {len(self.draw_pile)}, lost {len(self.lost)}>")


def _old_code(data: dict) -> str:
    """A move as the first saves wrote it ({"move": "cover", "target": 0, "cards": [...]})."""
    words = [data["move"]] + ([str(int(data["target"]) + 1)] if "target" in data else [])
    return " ".join(words + list(data.get("cards", ())))


def from_dict(data: dict) -> State:
    """A saved game, read back only if it is exactly the game its number, options and moves
    make (ValueError otherwise: a damaged or impossible save). A view (no game number, the
    piles' order unknown) cannot be replayed: it is read field by field, every card once."""
    read = SaveReader(data, "4 Koningen", GAME)
    options = read.options(OPTIONS)
    log = read.moves("log", lambda move: parse_move(_old_code(move) if isinstance(move, dict) else move))
    turn_limit = read.integer("turn_limit", 1, 10 ** 9, allow_none=True)
    if read.field("seed") is None:
        return read_view(read, sys.modules[__name__], 1, options, {"log": log, "turn_limit": turn_limit}, VIEW_FIELDS)
    seed = read.seed()

    def rebuild():
        state = new_game(seed, 1, options)
        state.turn_limit = turn_limit
        for move in log:
            state.play(move)
        state.events = []
        return state

    state = read.replay(rebuild)
    old_log = any(isinstance(move, dict) for move in data["log"])   # the first saves' move format
    check_rebuilt(read, state.to_dict(), {**data, "log": [move.code for move in log]} if old_log else None)
    return state


def _hidden(read, name: str, state) -> bool:
    if not read.flag(name):
        read.fail("a save without a game number must be a view")
    return True


def _result(read, name: str, state):
    result = read.choice(name, (None, "won", "lost", "gave_up", "turn_limit"))
    if (state.phase == "over") != (result is not None):
        read.fail("the game's result and its phase disagree")
    return result


def _drawn(read, name: str, state) -> list:
    drawn = cards(Card.parse)(read, name, state)
    if len(drawn) > 2:
        read.fail("more than two drawn cards")
    return drawn


def _verdict(read, name: str, state) -> tuple:
    try:
        return tuple(Judgement.from_dict(item) for item in read.items(name))
    except (KeyError, TypeError, ValueError, AttributeError):
        read.fail("its verdict cannot be read")


def _round_turns(read, name: str, state) -> dict:
    turns = read.items(name, 3)
    if len(turns) != 3 or not all(type(n) is int and n >= 0 for n in turns):
        read.fail("'round_turns' must be three counts")
    return dict(zip((1, 2, 3), turns))


VIEW_FIELDS = {     # what a view holds besides its options and log, in reading order (game/save_check.py)
    "hidden": _hidden, "rng": rng, "round": whole(1, 3), "phase": one_of("hand", "draw", "cover", "over"),
    "turn": whole(1, 10 ** 9), "verdict_turn": lambda read, name, state: read.integer(name, 0, state.turn),
    "reshuffles": whole(0, 10 ** 9), "result": _result,
    "end_round": lambda read, name, state: read.integer(name, 1, 3, allow_none=True),
    "last_reshuffle": one_of(None, "draw", "turn_end"),
    "controlled": cards(Card.parse), "hand": cards(Card.parse), "drawn": _drawn,
    "covers": lambda read, name, state: [tuple(cover) for cover in cards(
        Card.parse, nested=True, count=lambda state: len(state.drawn))(read, name, state)],
    "piles": cards(Card.parse, nested=True, count=lambda state: 3), "lost": cards(Card.parse),
    "verdict": _verdict, "round_turns": _round_turns,
}


def new_game(seed: int, players: int = 1, options: dict | None = None) -> State:
    """A new game number `seed`: the three draw piles shuffled from that number alone."""
    if players != 1:
        raise ValueError("4 Koningen is a solo game: players must be 1")
    state = State()
    state.seed = seed
    state.options = resolve(OPTIONS, options)
    state.rng = random.Random(seed)
    state.controlled = sort_cards(Card(rank, suit) for suit in SUITS for rank in START_RANKS)
    for number in (1, 2, 3):
        pile = [Card(rank, suit) for suit in SUITS for rank in PILE_RANKS[number]]
        state.rng.shuffle(pile)
        state.piles[number - 1] = pile
    return state


def arena_game(seed: int, players: int = 1) -> State:
    """One game with the default options; 1,000 turns without winning count as lost."""
    state = new_game(seed, players, {})
    state.turn_limit = TURN_LIMIT_ARENA
    return state
