"""The anchor benchmark's own pieces, free of OpenSpiel: the rule-based opponents and the
resampling of the hidden cards that OpenSpiel's ISMCTS is given (`ai/kingen_openspiel.py`
wraps a deal for it; `python -m ai.kingen_bench anchor` runs it).

`RuleBot` plays as a sensible human at a club table would, by a handful of plain rules and no
look-ahead, written apart from the project's own levels so that the expert is measured against
players it was not tuned on:

- Negative games: lead the lowest card of the shortest suit that is not a penalty card (to get
  void early); following, play the highest card that stays under the trick's highest card,
  else, when last to play, the highest card (the trick is taken anyway), else the lowest; when
  void, throw a penalty card if any (the highest), else the highest card of the shortest suit.
  In No 7th and last only the 7th and 13th tricks are avoided (and the one before each, where a
  human starts counting); on the other tricks high cards go out first.
- Trump: lead side aces, then the highest trump while holding at least half of the trumps
  still out, else the lowest card of the longest side suit; following, take the trick with the
  cheapest card that wins when last to play, with the highest card when it is the highest still
  out, else play low; when void, trump with the lowest trump that wins, else throw the lowest
  card of the shortest side suit. As dealer it names the suit with the most points (ace 4,
  king 3, queen 2, jack 1, and one for every card).

Ties between suits go to the lower suit: the bot has no randomness, so a deal replays exactly.
"""
from __future__ import annotations

import random

from game.kingen import rules as R
from game.kingen.rules import (
    ABOVE,
    BELOW,
    FEWEST,
    HEART_MASK,
    KH_BIT,
    KJ_MASK,
    NO_7_13,
    NO_HEARTS,
    NO_KH,
    NO_KJ,
    NO_QUEENS,
    QUEEN_MASK,
    SUIT_MASK,
    TRUMP,
    TRUMP_MOVES,
    legal_mask,
)

PENALTY = {FEWEST: 0, NO_HEARTS: HEART_MASK, NO_KJ: KJ_MASK, NO_QUEENS: QUEEN_MASK, NO_KH: KH_BIT, NO_7_13: 0}
ACES = sum(1 << (suit * 13 + 12) for suit in range(4))
HONOURS = (1, 2, 3, 4)     # jack, queen, king, ace: their points when naming trump


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _suits_by_length(hand: int, mask: int, longest: bool = False) -> list:
    """The suits with cards in `mask`, shortest in `hand` first (longest first if asked)."""
    suits = [suit for suit in range(4) if mask & SUIT_MASK[suit]]
    return sorted(suits, key=lambda suit: (hand & SUIT_MASK[suit]).bit_count() * (-1 if longest else 1))


def trump_choice(hand: int) -> int:
    """The suit a plain player names: length plus honours."""
    def worth(suit):
        cards = hand & SUIT_MASK[suit]
        return cards.bit_count() + sum(HONOURS[rank - 9] for rank in range(9, 13) if cards >> (suit * 13 + rank) & 1)
    return max(range(4), key=lambda suit: (worth(suit), -suit))


class RuleBot:
    """A sensible human's Kingen, rule by rule (see the module's docstring)."""

    level = "rules"

    def __init__(self, seed=None):
        self.seed = seed     # unused: the rules decide everything; kept for make_bot's signature

    def choose(self, view):
        if view.phase == R.CHOOSE_TRUMP:
            return TRUMP_MOVES[trump_choice(view.hands[view.dealer])]
        if view.phase != R.PLAY:
            raise ValueError(f"the rule-based player plays single deals only, not the phase {view.phase!r}")
        return R.PLAY_MOVE[self.card(view)]

    def card(self, view) -> int:
        hand = view.hands[view.turn]
        legal = legal_mask(hand, view.trick, view.g, view.trump, view.lose_rule)
        if not legal & (legal - 1):
            return _high(legal)
        if view.g == TRUMP:
            return self._trump(view, hand, legal)
        return self._negative(view, hand, legal)

    def _negative(self, view, hand: int, legal: int) -> int:
        trick = view.trick
        penalty = PENALTY[view.g]
        number = view.done + 1
        careful = view.g != NO_7_13 or number in (6, 7, 12, 13)
        if not trick:
            if not careful:
                return _high(legal & SUIT_MASK[_suits_by_length(hand, legal)[0]])
            safe = legal & ~penalty or legal
            return _low(safe & SUIT_MASK[_suits_by_length(hand, safe)[0]])
        led = trick[0] // 13
        follow = legal & SUIT_MASK[led]
        if follow:
            if not careful:
                return _high(follow)
            top = R.highest(trick, led)
            under = follow & BELOW[top]
            if under:
                return _high(under)
            if len(trick) == 3:
                return _high(follow & ~penalty or follow)
            return _low(follow)
        dump = legal & penalty
        if dump:
            return _high(dump)
        return _high(legal & SUIT_MASK[_suits_by_length(hand, legal)[0]])

    def _trump(self, view, hand: int, legal: int) -> int:
        trick = view.trick
        trumps = SUIT_MASK[view.trump]
        out = R.ALL & ~view.played_mask() & ~hand        # the cards the others still hold
        if not trick:
            aces = legal & ACES & ~trumps
            if aces:
                return _high(aces)
            mine = legal & trumps
            if mine and mine.bit_count() * 2 >= (out & trumps).bit_count() and out & trumps:
                return _high(mine)
            side = legal & ~trumps or legal
            return _low(side & SUIT_MASK[_suits_by_length(hand, side, longest=True)[0]])
        led = trick[0] // 13
        best = trick[0]                                   # the card that takes the trick so far
        for card in trick[1:]:
            if card // 13 == best // 13 and card > best or card // 13 == view.trump != best // 13:
                best = card
        follow = legal & SUIT_MASK[led]
        if follow:
            if best // 13 == led:
                beat = follow & ABOVE[best]
                if beat:
                    if len(trick) == 3:
                        return _low(beat)
                    top = _high(beat)
                    if not out & ABOVE[top]:
                        return top
            return _low(follow)
        ruff = legal & trumps
        if ruff:
            if best // 13 == view.trump:
                ruff &= ABOVE[best]
            if ruff:
                return _low(ruff)
        side = legal & ~trumps or legal
        return _low(side & SUIT_MASK[_suits_by_length(hand, side)[0]])


def resample(view, seat: int, rng: random.Random):
    """A full deal consistent with what `seat` has seen: its own hand, the cards played, and
    for each other seat neither a suit it failed to follow nor a card an obligation it did not
    meet proves it cannot hold (the rules' `State.sample`, every such deal equally likely)."""
    return view.sample(seat, rng)
