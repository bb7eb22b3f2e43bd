"""Kingen's last tricks counted exactly: the expert's play when few cards are left.

With a few tricks left every card's place is all but known, and a small exact search beats
sampling playouts. For each of a number of deals drawn as the expert's search draws them (the
unseen cards consistent with the play, weighted by the reading of the play), the rest of the
deal is solved exactly, and the card with the best mean over the deals is played (Perfect
Information Monte Carlo, as Ginsberg's GIB counts bridge's end).

The exact search is max^n (Luckhardt and Irani, 1986): every seat plays for its own points of
the deal, as the four players of Kingen do; a seat choosing among cards of equal value for
itself takes the first (the lowest). Alpha-beta would need two sides, and a coalition of the
other three against the expert is not how they play. Cards that play alike are one move
(`ai.kingen.distinct_cards`), positions met again by another order of the same cards are looked
up (a transposition table), and a deal's end (all its penalty cards taken) ends the search
there. The rules are the judge: legal cards come from `rules.legal_mask`, the taker from
`rules.trick_winner` and a trick's points from the rules' own scoring.
"""
from __future__ import annotations

from ai.kingen import PENALTY, SearchDeal, distinct_cards, no_chance, policy_card
from game.kingen import rules as R

NOTHING = (0, 0, 0, 0)


class Solver:
    """The exact values of one full deal (every hand known) from its position on: each seat's
    points still to come with every seat playing for its own."""

    __slots__ = ("deal", "game", "trump", "lose_rule", "penalty", "memo", "nodes")

    def __init__(self, deal):
        self.deal = deal                 # a full State in play: its scoring is the rules' own
        self.game, self.trump, self.lose_rule = deal.g, deal.trump, deal.lose_rule
        self.penalty = PENALTY[deal.g]
        self.memo: dict = {}
        self.nodes = 0

    def root_values(self) -> dict:
        """For each card of the seat to move that plays differently: every seat's points to
        come after it."""
        deal = self.deal
        return self.children(tuple(deal.hands), tuple(deal.trick), deal.turn, deal.done, deal.left)

    def children(self, hands: tuple, trick: tuple, turn: int, done: int, left: int) -> dict:
        hand = hands[turn]
        legal = R.legal_mask(hand, trick, self.game, self.trump, self.lose_rule)
        out = R.ALL ^ (hands[0] | hands[1] | hands[2] | hands[3])
        for card in trick:               # cards on the table still count in this trick
            out ^= 1 << card
        found = {}
        for card in R.ids_of(distinct_cards(legal, hand | out, self.penalty)):
            after = list(hands)
            after[turn] = hand ^ 1 << card
            after = tuple(after)
            played = trick + (card,)
            if len(played) < 4:
                found[card] = self.value(after, played, (turn + 1) & 3, done, left)
                continue
            winner = (turn + 1 + R.trick_winner(played, self.trump)) & 3   # the leader is turn + 1
            points, units = self.deal._trick_points(played, done + 1)
            rest = NOTHING if done + 1 == R.TRICKS or left - units == 0 else self.value(after, (), winner, done + 1,
                                                                                         left - units)
            if points:
                rest = list(rest)
                rest[winner] += points
                rest = tuple(rest)
            found[card] = rest
        return found

    def value(self, hands: tuple, trick: tuple, turn: int, done: int, left: int) -> tuple:
        key = (hands, trick, turn)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.penalty and not self.penalty & (hands[0] | hands[1] | hands[2] | hands[3] | R.mask_of(trick)):
            best = NOTHING               # no penalty card left to take
        else:
            best = None
            for rest in self.children(hands, trick, turn, done, left).values():
                if best is None or rest[turn] > best[turn]:
                    best = rest
        self.memo[key] = best
        return best


def against_policy(deal, club: bool = False) -> dict:
    """For each card of the seat to move that plays differently: every seat's points to come
    when the others play the policy's card (a sensible human's, without its random cards) and
    the seat its best card from there on. The others as the table plays, not as max^n's players
    who see every hand."""
    seat = deal.turn
    before = deal.points

    def best(state):
        while state.phase == R.PLAY and state.turn != seat:
            state.play_fast(policy_card(state, no_chance, 0.0, club))
        if state.phase != R.PLAY:
            return state.points
        found = None
        for move in SearchDeal(state).legal_moves():
            after = state.copy()
            after.play_fast(move.index)
            points = best(after)
            if found is None or points[seat] > found[seat]:
                found = points
        return found

    values = {}
    for move in SearchDeal(deal).legal_moves():
        after = deal.copy()
        after.play_fast(move.index)
        values[move.index] = [end - start for end, start in zip(best(after), before)]
    return values


def jointly_against_policy(deals: list, club: bool = False) -> dict:
    """For each card of the seat to move: its points to come on each of `deals` (full deals of
    one view), when the others play the policy's card and the seat plays each later card once
    for all the deals it cannot tell apart by then (the same cards seen), the card with the best
    sum over them. `against_policy` lets the seat choose its later cards deal by deal, seeing
    every hand: it counts on plays it could not find at the table (strategy fusion)."""
    seat = deals[0].turn

    def others(state) -> tuple:
        """The others' cards up to the seat's next turn: what the seat sees of them."""
        seen = []
        while state.phase == R.PLAY and state.turn != seat:
            card = policy_card(state, no_chance, 0.0, club)
            state.play_fast(card)
            seen.append(card)
        return state.phase, tuple(seen)

    def after(states: list, move) -> list:
        """The seat's points at the end of each state after `move`, its later cards chosen as above."""
        states = [state.copy() for state in states]
        for state in states:
            state.play_fast(move.index)
        groups: dict = {}
        for position, state in enumerate(states):
            groups.setdefault(others(state), []).append(position)
        ends = [state.points[seat] for state in states]
        for (phase, _), members in groups.items():
            if phase != R.PLAY:
                continue
            group = [states[position] for position in members]
            found = None
            for choice in SearchDeal(group[0]).legal_moves():
                points = after(group, choice)
                if found is None or sum(points) > sum(found):
                    found = points
            for position, points in zip(members, found):
                ends[position] = points
        return ends

    return {move.index: [end - deal.points[seat] for end, deal in zip(after(deals, move), deals)]
            for move in SearchDeal(deals[0]).legal_moves()}


def best_against(state, seat: int, card_of, memo: dict | None = None) -> int:
    """The most points `seat` can end the deal with when it sees every hand and foresees each
    other seat's card, `card_of(state)` (a table that plays by fixed rules): a search for one
    player, exact, positions met again looked up. What the seat's play could reach at best,
    against the benchmark's rule-based players (`python -m ai.kingen_bench ceiling`). It plays
    the others' cards on `state`: pass a copy to keep it."""
    memo = {} if memo is None else memo
    while state.phase == R.PLAY and state.turn != seat:
        state.play_fast(card_of(state))
    if state.phase != R.PLAY:
        return state.points[seat]
    key = (tuple(state.hands), tuple(state.trick))  # the rest of the deal follows from these
    known = memo.get(key)
    if known is None:
        for move in SearchDeal(state).legal_moves():
            after = state.copy()
            after.play_fast(move.index)
            points = best_against(after, seat, card_of, memo)
            if known is None or points > known:
                known = points
        memo[key] = known
    return known

