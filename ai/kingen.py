"""Kingen computer players: a sensible human's card play, ISMCTS on top of it, and dealer's
choices by simulation.

Every level sees only its seat's view. What the view keeps (every card played and what the
obligations prove a seat cannot hold, `State.excluded`) is what `State.sample` deals the unseen
cards by, so the searches read the table as an expert does: a seat that did not discard a heart
in No hearts holds none, one that did not over-trump holds no higher trump.

- The playout policy (`policy_card`) plays like a sensible human, not at random: in the negative
  games it ducks under the highest card of the trick with its highest card that still loses,
  takes a trick it cannot avoid with its highest card (not a penalty card), and dumps penalty
  cards (else its highest card) when it cannot follow; in No 7th and last it dumps high cards
  except on the 7th and last tricks; in trump it cashes aces, wins as cheaply as it can when last
  to play, trumps with its lowest winning trump and throws its lowest side card otherwise. One
  move in ten is random, so the playouts do not all run down one line. A variant with a club
  table's habits (`club`; hard's in Trump, `CLUB`) leads and throws from its shortest suit,
  draws trumps while it holds half of those out and plays a high card second or third only when
  nothing out beats it.
- Card play: single-observer ISMCTS (`ai.mcts.search`) over this deal (the search's horizon),
  each iteration on a new sample of the unseen cards; the leaf is played out by the policy; the
  reward is each seat's points of the deal scaled to [0, 1] (the worst and best the game allows).
  Cards that play alike (nothing but played cards or the player's own between them, both penalty
  cards or neither) are one move (`distinct_cards`): fewer branches, and a choice among alike
  cards needs no search at all.
- Reading the play (`search_root`; hard: a pool of 400 deals, about 0.05 s a card): the
  search's deals are drawn from a pool of sampled deals, each weighted
  by how likely the others' cards so far were had they played the policy's card (`MISS` for
  any other card): a seat that ducked or threw a high card probably holds this and not that.
  A sharper reading by the club's habits (`SHARP`: `MISS` 0.2 over 1000 deals, about 0.13 s a
  card) is off: it gained in No kings or jacks on two sets of deals and not on two others
  (docs/benchmark-notes.md). Where hard reads by swaps (`read_by_swaps`, `SWAPS`; 0.03 to 0.27 s
  a card), a chain walks among the deals the club's habits explain instead of weighting
  independent ones.
- Dealer's choices by simulation over sampled deals (the dealer's own hand fixed, the other
  hands sampled): trump is the suit with the most tricks for the dealer on average. In
  Dubbelkingen every dealer deals three negative games and two trumps in any case, and every
  negative game is played twice, so a choice only decides which of its games this hand plays;
  the rest it will play with hands it has not seen yet. So a game is worth its mean points with
  this hand minus what it is worth to a dealer with an average hand (`AVERAGE_HAND`), and the
  dealer takes the open game (`State.open_games`, the quotas) with the largest gain.

Levels: easy plays the policy with human slips (one card in five at random among the legal
ones, and a dealer's choice from 12 simulated deals); normal searches 80 iterations (choices:
120 deals); hard 3500 iterations with a narrower exploration (choices: 400 deals), and from four
cards in hand on 40 deals each solved exactly (`exact_choice`); in No 7th and last and No
hearts from seven cards on, with the others playing as a club table does, not as max^n's
players who see every hand (`MODEL`; measured in docs/benchmark-notes.md, the other games did
not gain); in every game but No 7th and last its search models the others as a club table
plays (`TABLE`, `OTHERS`): its tree branches on its own cards only, the others' cards in the
tree and in the playouts are the club habits', and its own cards in the playouts the plain
policy's; and in those games but Fewest tricks (`READ_BY_CLUB`) it reads the play by swaps
(`SWAPS`: the deals the club's habits explain; No 7th and last and Fewest tricks did not gain).
The human's card where the
search's means lie within `TIE` (`human_tie`) is off: it did not help (docs/benchmark-notes.md).
Where the search's two best means lie within `CLOSE` (off: no gain on fresh deals), both cards
are played on the same deals (`settle_close`).
Budgets are work, never time: a seed replays exactly, whatever else the process or the machine
does (the game's worker thinks in a thread of the game's process where it cannot start one, and
process time then counts the drawing too). Each decision's randomness comes from the bot's seed
and the position alone (`KingenBot._decide`).

Measure: the levels' strength with `python -m ai.kingen_bench strength --a hard --b normal`
(and `--a normal --b easy`), a change to a level card by card with
`python -m ai.kingen_bench decisions`, the expert against OpenSpiel's ISMCTS with
`python -m ai.kingen_bench anchor` (the bench extra), the search's speed with
`python -m ai.kingen_bench speed [--profile]`. What the runs gave, and how the budgets were
chosen: docs/benchmark-notes.md.
"""
from __future__ import annotations

import math
import random
from bisect import bisect_right
from itertools import accumulate

from ai import Reason
from ai.mcts import MoveStats, SearchResult, search
from game.cards import SUIT_SYMBOL
from game.kingen import rules as R
from game.kingen.rules import (
    ABOVE,
    BELOW,
    CHOOSE_GAME,
    CHOOSE_TRUMP,
    FEWEST,
    GAME_MOVES,
    GAME_TOTAL,
    GAMES,
    HEART_MASK,
    KH_BIT,
    KJ_MASK,
    NO_7_13,
    NO_HEARTS,
    NO_KH,
    NO_KJ,
    NO_QUEENS,
    PLAY,
    QUEEN_MASK,
    SUIT_LETTERS,
    SUIT_MASK,
    TRUMP,
    TRUMP_MOVES,
    legal_mask,
)

LEVELS = ("easy", "normal", "hard")
ITERATIONS = {"normal": 80, "hard": 3500}   # hard: at most 1 s a card (docs/benchmark-notes.md)
EXPLORATION = {"normal": 0.7, "hard": 0.35}    # UCB1's c; hard's large budget can afford to focus
POOL = {"normal": 0, "hard": 400}   # deals sampled and weighted by the others' play (`search_root`)
MISS = 0.5        # the weight of a card the policy would not have played (inference)
SHARP = {}        # the games whose reading takes the club's habits, with SHARP_MISS over SHARP_POOL deals (off)
SHARP_POOL, SHARP_MISS = 1000, 0.2
EXACT = {"normal": 0, "hard": 4}   # from this many cards in hand on, each sampled deal is solved exactly
EXACT_DEALS = 40  # the deals solved for a card (`exact_choice`)
MODEL = {"hard": (NO_HEARTS, NO_7_13)}   # the games whose last tricks count the others as a club table plays them
MODEL_CARDS = 7   # ... from this many cards in hand on (`ai.kingen_exact.against_policy`)
JOINT = {}        # the games whose count chooses the seat's later cards once for the deals alike (off)
TREES = {}        # the searches a card is split over (`ensemble`; off: one)
COUNT = {}        # the games whose playouts lead by the cards out (`_counted_lead`; off)
READ_BY_CLUB = (NO_HEARTS, NO_KJ, NO_QUEENS, NO_KH, TRUMP)   # hard: the club's habits read and searched
OTHERS = {"hard": (FEWEST,) + READ_BY_CLUB}   # the games whose search tree plays the others by the policy (`ModelledDeal`)
TABLE = {"hard": (FEWEST,) + READ_BY_CLUB}    # ... whose playouts (and tree, with OTHERS) play the others by the club habits
CLUB = {"hard": (TRUMP,)}   # the games whose playouts and reading of the play take the club habits
CLOSE = {"hard": 0.0}   # the search's two best means this close: both played on the same deals (`settle_close`)
CLOSE_PAIRS = 300
FLOOR = 0         # the pool's weights softened to keep at least this many deals' worth (`tempered`; off: 0)
SWAPS = {"hard": READ_BY_CLUB}   # the games whose reading is by swaps (`read_by_swaps`), else by the pool
SWAP_STEPS = 3000  # the chain's steps
SWAP_DEALS = 300  # the deals the chain keeps for the search
SWAP_MISS = 0.05  # the weight of each card the club's habits would not have played
SWAP_START = 40   # the chain starts from the best of this many sampled deals
TIE = 0.0         # a search's means this close: the human's card (`human_tie`); off: 0.01 did not help
CHOICE_DEALS = {"easy": 12, "normal": 120, "hard": 400}
HINT_DEALS = 300
SLIP = 0.2        # easy: the share of its cards played at random
EXPLORE = 0.1     # the playout policy's share of random cards

CAREFUL = (6, 7, 12, 13)   # the tricks a club table avoids taking in No 7th and last
# penalty cards per game (the ones that cost points when taken)
PENALTY = (0, HEART_MASK, KJ_MASK, QUEEN_MASK, KH_BIT, 0, 0)
ACES = sum(1 << (suit * 13 + 12) for suit in range(4))
# the worst and best points a seat can make in a deal of each game, for rewards in [0, 1]
LOWEST = tuple(min(total, 0) for total in GAME_TOTAL)
SPAN = tuple(abs(total) for total in GAME_TOTAL)
# a game's mean points for the dealer with an average hand, as the choice simulates it (the best
# suit for trump), measured by `average_hand(hands=200, deals=150, seed=1)`; the run:
# docs/benchmark-notes.md
AVERAGE_HAND = (-2.91, -2.90, -1.82, -1.81, -1.20, -1.19, 4.55)


def deal_rewards(state) -> list:
    """Each seat's points of this deal, scaled to [0, 1]."""
    game = state.g
    low, span = LOWEST[game], SPAN[game]
    return [(points - low) / span for points in state.points]


# ----------------------------------------------------------------------------- the playout policy

def _lowest_rank(mask: int, random_) -> int:
    """The card of lowest rank in the mask (ties: a random suit)."""
    best, best_rank = -1, 99
    for suit in range(4):
        cards = mask & SUIT_MASK[suit]
        if cards:
            card = (cards & -cards).bit_length() - 1
            rank = card - 13 * suit
            if rank < best_rank or rank == best_rank and random_() < 0.5:
                best, best_rank = card, rank
    return best


def _highest_rank(mask: int, random_) -> int:
    best, best_rank = -1, -1
    for suit in range(4):
        cards = mask & SUIT_MASK[suit]
        if cards:
            card = cards.bit_length() - 1
            rank = card - 13 * suit
            if rank > best_rank or rank == best_rank and random_() < 0.5:
                best, best_rank = card, rank
    return best


def _counted_lead(state, cards: int, random_) -> int:
    """Of `cards`, the lead least likely to take the trick: the lowest card of a suit the others
    still hold with the fewest of their cards below it (none below: someone must go over it; a
    suit nobody else holds takes the trick for sure); ties: the lower rank, then the lower suit.
    The cards out are the ones neither played nor in the hand, as at the table."""
    hands = state.hands
    out = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[state.turn]
    best, best_key = -1, None
    for suit in range(4):
        mine = cards & SUIT_MASK[suit]
        theirs = out & SUIT_MASK[suit]
        if mine and theirs:
            card = (mine & -mine).bit_length() - 1
            key = ((theirs & BELOW[card]).bit_count(), card - 13 * suit)
            if best_key is None or key < best_key:
                best, best_key = card, key
    return best if best >= 0 else _lowest_rank(cards, random_)


def _negative_card(state, legal: int, random_, careful: tuple = (7, 13), count: bool = False) -> int:
    """`careful`: the tricks No 7th and last avoids taking; `count`: lead by the cards out
    (`_counted_lead`), not the lowest rank."""
    trick = state.trick
    game = state.g
    penalty = PENALTY[game]
    avoid = game != NO_7_13 or state.done + 1 in careful
    if not trick:
        if not avoid:
            return _highest_rank(legal, random_)
        safe = legal & ~penalty or legal
        return _counted_lead(state, safe, random_) if count else _lowest_rank(safe, random_)
    led = trick[0] // 13
    if legal & SUIT_MASK[led]:
        if not avoid:
            return legal.bit_length() - 1
        high = -1
        for card in trick:
            if card > high and card // 13 == led:
                high = card
        duck = legal & BELOW[high]
        if duck:
            return duck.bit_length() - 1        # the highest card that still loses
        safe = legal & ~penalty or legal
        if len(trick) == 3:
            return safe.bit_length() - 1        # taken anyway: out with the highest
        return (safe & -safe).bit_length() - 1  # someone after may still go over it
    dump = legal & penalty
    if dump:
        return _highest_rank(dump, random_)
    return _highest_rank(legal, random_)


def _trump_card(state, legal: int, random_) -> int:
    trick = state.trick
    trump = state.trump
    trumps = SUIT_MASK[trump]
    if not trick:
        aces = legal & ACES
        if aces:
            return _lowest_rank(aces, random_) if not aces & ~trumps else _highest_rank(aces & ~trumps, random_)
        return _lowest_rank(legal & ~trumps or legal, random_)
    led = trick[0] // 13
    win = trick[0]
    for card in trick:
        if card // 13 == win // 13:
            if card > win:
                win = card
        elif card // 13 == trump:
            win = card
    last = len(trick) == 3
    if legal & SUIT_MASK[led]:
        if win // 13 == led:
            beat = legal & ABOVE[win]
            if beat:
                return (beat & -beat).bit_length() - 1 if last else beat.bit_length() - 1
        return (legal & -legal).bit_length() - 1
    ruff = legal & trumps
    if ruff:
        if win // 13 == trump:
            ruff &= ABOVE[win]
        if ruff:
            return (ruff & -ruff).bit_length() - 1  # the cheapest trump that takes it
    return _lowest_rank(legal & ~trumps or legal, random_)


def _suit_of(hand: int, mask: int, longest: bool = False) -> int:
    """The mask of the suit with cards in `mask` that is shortest in `hand` (longest if asked;
    ties: the lower suit)."""
    best, best_count = 0, 99
    for suit in range(4):
        if mask & SUIT_MASK[suit]:
            count = (hand & SUIT_MASK[suit]).bit_count()
            if (-count if longest else count) < best_count:
                best, best_count = SUIT_MASK[suit], -count if longest else count
    return best


def _club_negative(state, legal: int, random_) -> int:
    """As `_negative_card`, but a lead or a throw comes from the shortest suit: at a club table
    one gets void early, to throw penalty cards later; No 7th and last also avoids the tricks
    before the 7th and the last (their taker leads the next)."""
    trick = state.trick
    if trick and legal & SUIT_MASK[trick[0] // 13]:
        return _negative_card(state, legal, random_, CAREFUL)
    hand = state.hands[state.turn]
    if not trick:
        if state.g == NO_7_13 and state.done + 1 not in CAREFUL:
            return (legal & _suit_of(hand, legal)).bit_length() - 1
        safe = legal & ~PENALTY[state.g] or legal
        low = safe & _suit_of(hand, safe)
        return (low & -low).bit_length() - 1
    dump = legal & PENALTY[state.g]
    if dump:
        return _highest_rank(dump, random_)
    return (legal & _suit_of(hand, legal)).bit_length() - 1


def _club_trump(state, legal: int, random_) -> int:
    """As `_trump_card`, but with the trumps drawn while the seat holds at least half of those
    still out, a side lead from the longest suit, a high card played second or third only when
    no card still out beats it, and a throw from the shortest side suit."""
    trick = state.trick
    trumps = SUIT_MASK[state.trump]
    hands = state.hands
    hand = hands[state.turn]
    out = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand      # a full deal: the cards still out
    if not trick:
        aces = legal & ACES & ~trumps
        if aces:
            return _highest_rank(aces, random_)
        mine = legal & trumps
        if mine and out & trumps and 2 * mine.bit_count() >= (out & trumps).bit_count():
            return mine.bit_length() - 1
        side = legal & ~trumps or legal
        low = side & _suit_of(hand, side, longest=True)
        return (low & -low).bit_length() - 1
    led = trick[0] // 13
    win = trick[0]                    # the card that takes the trick so far
    for card in trick:
        if card // 13 == win // 13 and card > win or card // 13 == state.trump != win // 13:
            win = card
    follow = legal & SUIT_MASK[led]
    if follow:
        if len(trick) == 3:
            return _trump_card(state, legal, random_)      # last: as cheaply as it wins
        beat = follow & ABOVE[win] if win // 13 == led else 0
        if beat and not out & ABOVE[beat.bit_length() - 1]:
            return beat.bit_length() - 1                  # no card still out beats it
        return (follow & -follow).bit_length() - 1
    ruff = legal & trumps
    if ruff and win // 13 == state.trump:
        ruff &= ABOVE[win]
    if ruff:
        return (ruff & -ruff).bit_length() - 1            # the cheapest trump that takes it
    side = legal & ~trumps or legal
    low = side & _suit_of(hand, side)
    return (low & -low).bit_length() - 1


def policy_card(state, random_, explore: float = EXPLORE, club: bool = False, count: bool = False) -> int:
    """The playout policy's card (an id) for the seat to move; `club`: a club table's leads
    and throws (`_club_negative`, `_club_trump`; a full deal only: it counts the cards out);
    `count` (not with `club`): a negative game's leads by the cards out (`_counted_lead`)."""
    legal = legal_mask(state.hands[state.turn], state.trick, state.g, state.trump, state.lose_rule)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    if random_() < explore:
        cards = R.ids_of(legal)
        return cards[int(random_() * len(cards))]
    if state.g == TRUMP:
        return (_club_trump if club else _trump_card)(state, legal, random_)
    if club:
        return _club_negative(state, legal, random_)
    return _negative_card(state, legal, random_, count=count)


def distinct_cards(legal: int, filled: int, penalty: int) -> int:
    """The cards of `legal` that play differently. Two cards of a suit between which there is
    nothing but cards taken in earlier tricks or in the same hand (`filled`; a card in the trick
    on the table is not: one of the two may beat it), both penalty cards or neither, take and
    lose the same tricks: of each such group only the lowest stays."""
    kept = 0
    rest = legal
    while rest:
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        kind = bool(low & penalty)
        below = card - 1
        bottom = card - card % 13
        while below >= bottom and filled >> below & 1:
            if legal >> below & 1 and bool(1 << below & penalty) == kind:
                break  # a lower card that plays alike
            below -= 1
        else:
            kept |= low
    return kept


class SearchDeal:
    """The deal as the search plays it: cards without checks or records (the rules' own play
    checks and records everything, which a determinization does not need), and among cards
    that play alike only the lowest (fewer branches, the same choices)."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state

    def to_move(self):
        return self.state.turn

    def is_over(self) -> bool:
        return self.state.phase != PLAY

    def legal_moves(self) -> list:
        state = self.state
        hands = state.hands
        hand = hands[state.turn]
        legal = legal_mask(hand, state.trick, state.g, state.trump, state.lose_rule)
        if state.viewer is not None:  # the root: a view, the other hands unknown
            out = state.played_mask()
        else:
            out = R.ALL ^ (hands[0] | hands[1] | hands[2] | hands[3])
        for card in state.trick:      # cards on the table still count in this trick
            out ^= 1 << card
        return R.moves_of(distinct_cards(legal, hand | out, PENALTY[state.g]))

    def play(self, move) -> None:
        self.state.play_fast(move.index)

    def sample(self, seat: int, rng: random.Random) -> "SearchDeal":
        return SearchDeal(self.state.sample(seat, rng))


class ModelledDeal(SearchDeal):
    """A deal of a search whose tree branches on its own seat's cards only: the others play
    the playout policy's card (with its random share), in the tree as in the playouts, as a
    table of sensible players does, instead of each searching its best reply."""

    __slots__ = ("seat", "random", "club", "explore")

    def __init__(self, state, seat: int, random_, club: bool, explore: float):
        super().__init__(state)
        self.seat, self.random, self.club, self.explore = seat, random_, club, explore

    def legal_moves(self) -> list:
        state = self.state
        if state.turn == self.seat:
            return super().legal_moves()
        return [R.PLAY_MOVE[policy_card(state, self.random, self.explore, self.club)]]


class ModelledRoot:
    """The root of a search with the others modelled (`ModelledDeal`): its cards and deals are
    `root`'s."""

    def __init__(self, root: SearchDeal, random_, club: bool, explore: float):
        self.root, self.random, self.club, self.explore = root, random_, club, explore

    def to_move(self):
        return self.root.to_move()

    def legal_moves(self) -> list:
        return self.root.legal_moves()

    def sample(self, seat: int, rng: random.Random) -> ModelledDeal:
        return ModelledDeal(self.root.sample(seat, rng).state, seat, self.random, self.club, self.explore)


def alike(a: int, b: int, filled: int, penalty: int) -> bool:
    """True when cards a and b take and lose the same tricks: one suit, nothing between them
    but `filled` (the hand's own cards and cards taken in earlier tricks), both penalty cards
    or neither."""
    if a // 13 != b // 13 or bool(1 << a & penalty) != bool(1 << b & penalty):
        return False
    low, high = min(a, b), max(a, b)
    return not BELOW[high] & ABOVE[low] & ~filled


def deal_record(view) -> list | None:
    """Every card played in this deal, in order: (seat, the trick before it, card, tricks done
    before it); None for a position without a record (read from notation)."""
    if view.gone:
        return None
    record = []
    for number, (leader, cards, _) in enumerate(view.tricks + ((view.leader, tuple(view.trick), None),)):
        for position, card in enumerate(cards):
            record.append(((leader + position) & 3, cards[:position], card, number))
    return record


def policy_misses(sample, dealt: list, record: list, owners, random_, club: bool = False) -> int:
    """How many of the cards `owners` played in `record` (those that had an alternative) the
    policy would not have played, nor one alike, had the hands been `dealt` (every seat's hand
    before the deal's first card); `club`: by the club's habits."""
    hands = dealt[:]
    scratch = sample.copy()
    scratch.hands = hands
    game, trump, lose_rule = sample.g, sample.trump, sample.lose_rule
    penalty = PENALTY[game]
    missed = 0
    out = 0
    for owner, before, card, number in record:
        hand = hands[owner]
        if owner in owners:
            legal = legal_mask(hand, before, game, trump, lose_rule)
            if legal & (legal - 1):
                scratch.turn, scratch.trick, scratch.done = owner, list(before), number
                guess = policy_card(scratch, random_, explore=0.0, club=club)
                if guess != card and not alike(guess, card, hand | out, penalty):
                    missed += 1
        hands[owner] = hand ^ 1 << card
        if len(before) == 3:            # the trick is complete: its cards count no more
            out |= R.mask_of(before) | 1 << card
    return missed


def play_likelihood(sample, seat: int, record: list, miss: float, random_, club: bool = False) -> float:
    """How likely the others' cards so far were in `sample` (a full deal consistent with
    `seat`'s view), if each plays the policy's card (or one alike) and any other with `miss`
    as its relative weight: the product over their cards that had an alternative."""
    dealt = sample.hands[:]
    for owner, _, card, _ in record:
        dealt[owner] |= 1 << card           # the hands as they were dealt
    others = [other for other in range(4) if other != seat]
    return miss ** policy_misses(sample, dealt, record, others, random_, club)


class InferredDeal(SearchDeal):
    """The root of hard's search: each iteration's deal drawn from a pool of sampled deals,
    each as likely as the others' play so far makes it (`play_likelihood`)."""

    __slots__ = ("pool", "cumulative")

    def __init__(self, state, pool: list, weights: list):
        super().__init__(state)
        self.pool = pool
        self.cumulative = list(accumulate(weights))

    def sample(self, seat: int, rng: random.Random) -> SearchDeal:
        cumulative = self.cumulative
        return SearchDeal(self.pool[bisect_right(cumulative, rng.random() * cumulative[-1])].copy())


def tempered(weights: list, floor: float) -> list:
    """The weights raised to the largest power in [0, 1] that leaves an effective pool of at
    least `floor` deals ((sum w)^2 / sum w^2): a sharp reading of a pool too small for it rests
    on a handful of deals and is sure of the wrong ones."""
    def effective(values):
        return sum(values) ** 2 / sum(value * value for value in values)
    if effective(weights) >= floor:
        return weights
    logs = [math.log(weight) for weight in weights]
    top = max(logs)
    low, high = 0.0, 1.0
    for _ in range(20):
        power = (low + high) / 2
        if effective([math.exp(power * (value - top)) for value in logs]) >= floor:
            low = power
        else:
            high = power
    return [math.exp(low * (value - top)) for value in logs]


def search_root(view, rng: random.Random, pool: int, miss: float, club: bool = False, floor: float = 0) -> SearchDeal:
    """The search's root: with `pool` deals weighted by the play so far when the play tells
    anything about the others' hands (`floor`: softened by `tempered`), else plain sampling."""
    root = view.single_deal()
    record = deal_record(view) if pool else None
    if not record:
        return SearchDeal(root)
    seat = view.to_move()
    deals = [root.sample(seat, rng) for _ in range(pool)]
    weights = [play_likelihood(deal, seat, record, miss, rng.random, club) for deal in deals]
    if max(weights) == min(weights):
        return SearchDeal(root)
    return InferredDeal(root, deals, tempered(weights, floor) if floor else weights)


def no_chance() -> float:
    """A random source that never draws: a policy's card without its random share, ties to the
    lower suit (as a table that plays by rule does)."""
    return 0.5


def read_by_swaps(view, rng: random.Random, steps: int, deals: int = SWAP_DEALS, miss: float = SWAP_MISS,
                  start: int = SWAP_START) -> SearchDeal:
    """The search's root with its deals drawn by swaps (Metropolis): from the best of `start`
    sampled deals, two of the others trade a card the view allows each to hold, and the trade
    stands with probability `miss` to the power of the cards it leaves the club's habits no
    longer explaining (always if none); every `steps // deals` steps the deal is kept. A pool of
    independent deals weighted by the play (`search_root`) rests on a handful of them once the
    reading is sharp; the chain walks among the deals the play explains."""
    root = view.single_deal()
    record = deal_record(view)
    if not record:
        return SearchDeal(root)
    seat = view.to_move()
    others = [other for other in range(4) if other != seat]
    played = [0] * 4
    for owner, _, card, _ in record:
        played[owner] |= 1 << card
    excluded = view.excluded
    known = {}

    def missed(sample, owner: int, hands: list) -> int:
        key = (owner, hands[owner])
        if key not in known:            # an owner's misses depend on its own hand alone
            dealt = [hands[each] | played[each] for each in range(4)]
            known[key] = policy_misses(sample, dealt, record, (owner,), no_chance, club=True)
        return known[key]

    best = None
    for _ in range(start):
        sample = root.sample(seat, rng)
        count = sum(missed(sample, other, sample.hands) for other in others)
        if best is None or count < best[0]:
            best = count, sample
    current = best[1]
    hands = current.hands
    every = max(1, steps // deals)
    pool = []
    for step in range(steps):
        a, b = rng.sample(others, 2)
        if not hands[a] or not hands[b]:
            continue
        mine, theirs = R.ids_of(hands[a]), R.ids_of(hands[b])
        x, y = mine[int(rng.random() * len(mine))], theirs[int(rng.random() * len(theirs))]
        if excluded[b] >> x & 1 or excluded[a] >> y & 1:
            continue
        before = missed(current, a, hands) + missed(current, b, hands)
        trade = 1 << x | 1 << y
        hands[a] ^= trade
        hands[b] ^= trade
        after = missed(current, a, hands) + missed(current, b, hands)
        if after > before and rng.random() >= miss ** (after - before):
            hands[a] ^= trade           # the trade does not stand
            hands[b] ^= trade
        if step % every == every - 1:
            pool.append(current.copy())
    if not pool:
        return SearchDeal(root)
    return InferredDeal(root, pool, [1.0] * len(pool))


def exact_choice(root: SearchDeal, view, moves: list, deals: int, rng: random.Random, model: bool = False,
                 joint: bool = False):
    """The card with the best mean over `deals` deals drawn from `root` as the search draws
    them, each solved exactly to its end (`ai.kingen_exact`): as a search's result (each card's
    mean reward in [0, 1] over the deals), so a "why?" reads it as it reads a search's, and each
    card's points to come deal by deal (for a hint's words). `model`: the others play as a club
    table does (`against_policy`), not as max^n's players who see every hand; `joint` (with
    `model`): the seat's later cards are chosen once for the deals it cannot tell apart
    (`jointly_against_policy`), not deal by deal."""
    from ai.kingen_exact import Solver, against_policy, jointly_against_policy  # they build on this module

    seat = view.to_move()
    low, span = LOWEST[view.g], SPAN[view.g]
    drawn = [root.sample(seat, rng).state for _ in range(deals)]
    if model and joint:
        values = jointly_against_policy(drawn, club=True)
        gains = {move: values[move.index] for move in moves}
    else:
        gains = {move: [] for move in moves}
        for deal in drawn:
            values = against_policy(deal, club=True) if model else Solver(deal).root_values()
            for move in moves:
                gains[move].append(values[move.index][seat])
    before = view.points[seat]
    stats = sorted((MoveStats(move, deals, (before + sum(gains[move]) / deals - low) / span, deals) for move in moves),
                   key=lambda entry: -entry.mean)     # stable: equal means keep the lower card first
    return SearchResult(stats[0].move, tuple(stats), deals, 0.0), gains


def human_tie(view, result: SearchResult, tie: float, random_):
    """The search's card, or the playout policy's (a sensible human's) where its mean is within
    `tie` of the search's: there the search cannot tell the two apart, and a human's rule (throw
    the highest heart when void, not the lowest) sees what the playouts, which follow the same
    rule later, barely do."""
    best = result.moves[0]
    if not tie:
        return best.move
    card = policy_card(view, random_, explore=0.0)
    filled = view.hands[view.to_move()] | view.played_mask()
    for on_table in view.trick:         # cards on the table still count in this trick
        filled ^= 1 << on_table
    penalty = PENALTY[view.g]
    for entry in result.moves:
        if entry.move.index == card or alike(card, entry.move.index, filled, penalty):
            return entry.move if entry.visits and entry.mean >= best.mean - tie else best.move
    return best.move


def settle_close(root: SearchDeal, seat: int, result: SearchResult, gap: float, pairs: int, rng: random.Random,
                 club: bool = False):
    """The search's card, or its runner-up where their means lie within `gap`: there the
    search's noise decides (each iteration draws its own deal), so both cards are played on
    the same `pairs` deals, each pair's playouts from one seed, and the one with the better
    mean goes (common random numbers: the deal's luck cancels out of the difference)."""
    best, second = result.moves[0], result.moves[1]
    if not second.visits or abs(best.mean - second.mean) > gap:
        return best.move
    difference = 0.0
    for _ in range(pairs):
        deal = root.sample(seat, rng).state
        seed = rng.getrandbits(32)
        for move, sign in ((second.move, 1.0), (best.move, -1.0)):
            state = deal.copy()
            state.play_fast(move.index)
            play_out(state, random.Random(seed).random, club)
            difference += sign * deal_rewards(state)[seat]
    return second.move if difference > 0 else best.move


def play_out(state, random_, club: bool = False, explore: float = EXPLORE, count: bool = False) -> None:
    """Play the deal to its end by the policy (the state's match must end with this deal)."""
    while state.phase == PLAY:
        state.play_fast(policy_card(state, random_, explore, club, count))


def ensemble(root: SearchDeal, seat: int, rng: random.Random, iterations: int, trees: int, evaluate,
             exploration: float) -> SearchResult:
    """`trees` searches of `iterations // trees` each, their root visits and rewards summed (the
    most visited card goes): each tree's early choice of which cards to follow up rests on its
    own first deals, so several smaller trees spread that luck over more of them."""
    moves = root.legal_moves()
    visits = dict.fromkeys(moves, 0)
    totals = dict.fromkeys(moves, 0.0)
    for _ in range(trees):
        result = search(root, seat, rng=rng, iterations=iterations // trees, evaluate=evaluate, depth=0,
                        reward=lambda deal: deal_rewards(deal.state), exploration=exploration)
        for entry in result.moves:
            visits[entry.move] += entry.visits
            totals[entry.move] += entry.mean * entry.visits
    done = trees * (iterations // trees)
    stats = sorted((MoveStats(move, visits[move], totals[move] / visits[move] if visits[move] else 0.0, done)
                    for move in moves), key=lambda entry: (-entry.visits, -entry.mean))
    return SearchResult(stats[0].move, tuple(stats), done, 0.0)


# ----------------------------------------------------------------------------- dealer's choices

def _simulate_choices(view, seat: int, games: list, deals: int, rng: random.Random):
    """Mean points of `seat` (the dealer) per open game over `deals` sampled deals (the same
    samples for every game); for trump also per suit. Returns (means per game, means per suit)."""
    base = view.single_deal()
    random_ = rng.random
    totals = {game: 0.0 for game in games}
    suits = [0.0] * 4
    for _ in range(deals):
        sample = base.sample(seat, rng)
        for game in games:
            state = sample.copy()
            if state.phase == CHOOSE_GAME:
                state.play(GAME_MOVES[game])
            if game == TRUMP:
                for suit in range(4):
                    trial = state.copy()
                    trial.play(TRUMP_MOVES[suit])
                    play_out(trial, random_)
                    suits[suit] += trial.points[seat]
            else:
                play_out(state, random_)
                totals[game] += state.points[seat]
    means = {game: totals[game] / deals for game in games if game != TRUMP}
    suit_means = [total / deals for total in suits]
    if TRUMP in games:
        means[TRUMP] = max(suit_means)
    return means, suit_means


def _suit_name(suit: int) -> str:
    return SUIT_SYMBOL[SUIT_LETTERS[suit]]


def _number(value: float) -> str:
    return f"{value:+.1f}".replace("-", "\u2212")


def choose_trump(view, deals: int, rng: random.Random):
    seat = view.dealer
    _, means = _simulate_choices(view, seat, [TRUMP], deals, rng)
    best = max(range(4), key=lambda suit: means[suit])
    others = ", ".join(f"{_suit_name(suit)} {means[suit]:.1f}" for suit in sorted(range(4), key=lambda s: -means[s])
                       if suit != best)
    reason = Reason(f"{_suit_name(best)} as trump: {means[best]:.1f} tricks on average over {deals} simulated deals "
                    f"({others})", "kingen.hint.trump", suit=_suit_name(best), tricks=f"{means[best]:.1f}",
                    deals=deals, others=others)
    return TRUMP_MOVES[best], reason


def choose_game(view, deals: int, rng: random.Random):
    seat = view.dealer
    games = view.open_games(seat)
    if len(games) == 1:
        game = games[0]
        return GAME_MOVES[game], Reason(f"{GAMES[game]} is the only game left to you", "kingen.hint.game_only")
    means, _ = _simulate_choices(view, seat, games, deals, rng)
    gain = {game: means[game] - AVERAGE_HAND[game] for game in games}
    best = max(games, key=lambda game: gain[game])
    reason = Reason(f"{GAMES[best]}: {_number(means[best])} points on average over {deals} simulated deals with "
                    f"this hand, {_number(gain[best])} against an average hand (the best gain of the games open "
                    f"to you)", f"kingen.hint.game.{GAMES[best]}", points=_number(means[best]), deals=deals,
                    gain=_number(gain[best]))
    return GAME_MOVES[best], reason


def average_hand(hands: int = 200, deals: int = 150, seed: int = 1) -> list:
    """What each game is worth to a dealer with a random hand, as `choose_game` measures it
    (the constants in AVERAGE_HAND; about a minute):
    python -c "from ai.kingen import average_hand; print(average_hand())"."""
    rng = random.Random(seed)
    sums = [0.0] * len(GAMES)
    for _ in range(hands):
        state = R.new_game(rng.getrandbits(32), 4, {"match": "dubbelkingen"})
        means, _ = _simulate_choices(state.view(state.dealer), state.dealer, list(range(len(GAMES))), deals, rng)
        for game, value in means.items():
            sums[game] += value
    return [round(total / hands, 2) for total in sums]


# ----------------------------------------------------------------------------- hints

TAKEN = {NO_HEARTS: "heart", NO_KJ: "king or jack", NO_QUEENS: "queen", NO_KH: "king of hearts",
         NO_7_13: "7th or last trick"}


def explain_card(view, move, deals: int, rng: random.Random, gains: list | None = None) -> Reason:
    """How the card fares over sampled deals, each played out by the policy after it, or by
    the points it gained deal by deal (`gains`: the exact last tricks)."""
    seat = view.to_move()
    game = view.g
    if gains is None:
        base = view.single_deal()
        random_ = rng.random
        before = view.points[seat]
        gains = []
        for _ in range(deals):
            state = base.sample(seat, rng)
            state.play_fast(move.index)
            play_out(state, random_)
            gains.append(state.points[seat] - before)
    deals = len(gains)
    clean = gains.count(0)
    mean = sum(gains) / deals
    card = R.card_text(move.index)
    if game in (TRUMP, FEWEST):     # a trick is a point (Fewest tricks: minus one): say the tricks
        tricks = f"{abs(mean):.1f}"
        return Reason(f"{card}: {tricks} more tricks on average over {deals} simulated deals",
                      "kingen.hint.card_tricks", card=card, tricks=tricks, deals=deals)
    percent = round(100 * clean / deals)
    return Reason(f"{card}: took no {TAKEN[game]} in {percent}% of {deals} simulated deals "
                  f"({_number(mean)} points on average)",
                  f"kingen.hint.card.{GAMES[game]}", card=card, percent=percent, deals=deals, points=_number(mean))


# ----------------------------------------------------------------------------- the players

class KingenBot:
    """A level's player; `iterations` and `exploration` replace the level's search budget and
    UCB1 constant (for benchmarks that compare budgets)."""

    def __init__(self, level: str = "normal", seed=None, *, iterations: int | None = None,
                 exploration: float | None = None, pool: int | None = None, miss: float | None = None,
                 exact: int | None = None, tie: float | None = None, club: tuple | None = None,
                 close: float | None = None, explore: float | None = None, model: tuple | None = None,
                 joint: tuple | None = None, model_cards: int | None = None, trees: int | None = None,
                 count: tuple | None = None, others: tuple | None = None, read: tuple | None = None,
                 table: tuple | None = None, floor: float | None = None, swaps: tuple | None = None):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.level = level
        self.seed = random.getrandbits(64) if seed is None else seed
        self.rng = random.Random(seed)     # this decision's (`_decide` seeds it from the position)
        self.iterations = iterations or ITERATIONS.get(level)
        self.exploration = exploration or EXPLORATION.get(level)
        self.pool = POOL.get(level, 0) if pool is None else pool
        self.miss = MISS if miss is None else miss
        self.exact = EXACT.get(level, 0) if exact is None else exact
        self.tie = TIE if tie is None else tie
        self.club = CLUB.get(level, ()) if club is None else club
        self.close = CLOSE.get(level, 0.0) if close is None else close
        self.explore = EXPLORE if explore is None else explore    # the playouts' share of random cards
        self.model = MODEL.get(level, ()) if model is None else model
        self.joint = JOINT.get(level, ()) if joint is None else joint
        self.model_cards = MODEL_CARDS if model_cards is None else model_cards
        self.trees = TREES.get(level, 1) if trees is None else trees
        self.count = COUNT.get(level, ()) if count is None else count
        self.others = OTHERS.get(level, ()) if others is None else others
        self.table = TABLE.get(level, ()) if table is None else table
        self.read = self.club if read is None else read   # the games whose reading of the play takes the club habits
        # the sharp reading where the level has it, unless a benchmark sets the reading itself
        self.sharp = SHARP.get(level, ()) if pool is None and miss is None and read is None else ()
        self.floor = FLOOR if floor is None else floor
        self.swaps = SWAPS.get(level, ()) if swaps is None else swaps
        self.last = None   # the last search's result (normal, hard)
        self.exact_gains = None   # the last exact choice's points to come, card by card and deal by deal

    def choose(self, view):
        return self._decide(view)[0]

    def hint(self, view):
        move, reason = self._decide(view)
        if reason is None and type(move) is R.PlayCard:
            gains = self.exact_gains.get(move) if self.exact_gains else None
            reason = explain_card(view, move, HINT_DEALS, self.rng, gains)
        return move, reason

    def _decide(self, view):
        """(move, reason or None: a card's reason is simulated only when a hint asks)."""
        # The randomness of a decision comes from the seed and the position alone, not from the
        # bot's earlier questions: the game's worker keeps one bot a seat and level, and loses
        # them all when it restarts, so a hint or a "why?" asked again must not read its history.
        self.rng.seed(f"{self.seed}:{view.deal_no}:{view.phase}:{view.turn}:{view.tricks}:{view.trick}:{view.gone}")
        self.exact_gains = None
        phase = view.phase
        level = self.level
        if phase == R.BETWEEN:              # nothing to decide: the next dealer deals
            return R.NEXT_DEAL, None
        if phase == CHOOSE_TRUMP:
            return choose_trump(view, CHOICE_DEALS[level], self.rng)
        if phase == CHOOSE_GAME:
            return choose_game(view, CHOICE_DEALS[level], self.rng)
        moves = view.legal_moves()
        if not moves:
            raise ValueError("no legal move to choose from")
        if len(moves) == 1:
            card = R.card_text(moves[0].index)
            return moves[0], Reason(f"{card} is the only card you may play", "kingen.hint.only", card=card)
        if level == "easy":
            random_ = self.rng.random
            if random_() < SLIP:
                return moves[int(random_() * len(moves))], None
            return R.PLAY_MOVE[policy_card(view, random_, explore=0.0)], None
        random_ = self.rng.random
        root = SearchDeal(view.single_deal())
        distinct = root.legal_moves()
        if len(distinct) == 1:
            return distinct[0], None
        club = view.g in self.club
        sharp = view.g in self.sharp
        if view.g in self.swaps:
            root = read_by_swaps(view, self.rng, SWAP_STEPS, SWAP_DEALS, SWAP_MISS, SWAP_START)
        else:
            root = search_root(view, self.rng, SHARP_POOL if sharp else self.pool, SHARP_MISS if sharp else self.miss,
                               sharp or view.g in self.read, self.floor)
        modelled = view.g in self.model
        if view.hands[view.to_move()].bit_count() <= (self.model_cards if modelled else self.exact):
            self.last, self.exact_gains = exact_choice(root, view, distinct, EXACT_DEALS, self.rng, modelled,
                                                       view.g in self.joint)
            return self.last.move, None

        count = view.g in self.count
        table = view.g in self.table      # the others as a club table plays, the seat by the plain policy
        seat = view.to_move()

        def evaluate(deal):
            state = deal.state
            if table:
                while state.phase == PLAY:
                    state.play_fast(policy_card(state, random_, self.explore, state.turn != seat, count))
            else:
                play_out(state, random_, club, self.explore, count)
            return deal_rewards(state)

        tree = ModelledRoot(root, random_, club or table, self.explore) if view.g in self.others else root
        if self.trees > 1:
            self.last = ensemble(tree, view.to_move(), self.rng, self.iterations, self.trees, evaluate,
                                 self.exploration)
        else:
            self.last = search(tree, view.to_move(), rng=self.rng, iterations=self.iterations,
                               evaluate=evaluate, depth=0, reward=lambda deal: deal_rewards(deal.state),
                               exploration=self.exploration)
        if self.close:
            return settle_close(root, view.to_move(), self.last, self.close, CLOSE_PAIRS, self.rng, club), None
        return human_tie(view, self.last, self.tie, random_), None


def make(level: str, seed=None) -> KingenBot:
    return KingenBot(level, seed)
