"""4 Koningen judged: the chance to win the game after each choice (0 to 1).

A choice is judged against the helper's own (`ai.vier_koningen`): the hard helper's move,
a few more of its best candidates (`EXTRA`: the hands and the covers it values next best)
and the move played; the moves of a turn are too many to value all (a hand is any subset
of the cards). Each is valued over the same `SAMPLES` orders of the unseen draw pile and
lost pile (`view.sample`: their make-up is known, never their order), each played on by
a fast helper (`policy`: the normal helper's search without its slips, and without the hard
helper's look-ahead, keeping the covers already laid) until the game is decided (won 1,
lost 0; giving up is 0 without a playout) or a turn starts calm:

- **calm** (`calm`): every card still to be won this round but at most three can be won on
  its own by the cards owned (its suit's best cards reaching its rank, or another suit's
  three times it), and at least `MIN_OWNED` cards are owned (controlled, in hand or laid).
  A calm turn counts the chance the same policy won from calm turns of that round
  (`CALM`, measured by `measure`): 99.3% in round 1, 99.9% in round 2, every game in
  round 3. Turns that are not calm lose far more (in round 1 6%, in round 2 11%), and are
  played on.

So the chance is exact for the policy where a game is in danger, and its round's average
where it is not: a choice that keeps the game calm is as good as the helper's (the game
forgives much), one that puts it in danger is judged by how often the policy still wins.
Playing on to the very end (some 60 turns) cost 1.6 s of process time for a hand of round 2
on average and up to 4 s; calm turns cut a decision to some 0.1 s on average, and at most
about 0.5 s where the game is in danger (`HANDS` caps the samples' playouts there).

Every candidate meets the same orders (common random numbers), and a state reached twice
from the start of a turn (two hands that win and lose the same cards) is played on once.
The verdict (`SCALE`): a loss of 0.02 of the chance to win is an inaccuracy, 0.05 a
mistake, 0.15 a blunder (the helper wins about 99% of its games: a few hundredths of that
chance is a real difference), unless within two standard errors of the sampled values.

`deal_outlook(record)` says after the game whether the hard helper wins this very deal
(the game number fixes the piles and the random order of every reshuffle) and how often the
normal helper, with its slips, does: some 1 s for hard's game and 0.4 s for each of normal's.
"""
from __future__ import annotations

import random
from typing import NamedTuple

from ai.analysis import Scale, Values
from ai.vier_koningen import Evaluator, Knowledge, Player, candidate_hands, card_of, outcomes, search_hand, top_sum
from ai.vier_koningen import Values as CardValues
from game.vier_koningen import rules as R

SCALE = Scale("chance", inaccuracy=0.02, mistake=0.05, blunder=0.15)
SAMPLES = 64         # orders of the unseen piles per decision, times `work`
MIN_SAMPLES = 16     # at least this many, times `work`, whatever the playouts cost
# the policy's hands chosen per decision, times `work`: no more samples begin once they are
# spent (a hand costs the policy about 1.6 ms in round 1, 4 ms in round 2 and 6 ms in
# round 3, so each is some 0.5 s; a calm game needs none, and most decisions far less)
HANDS = {1: 300, 2: 120, 3: 80}
EXTRA = 2            # the helper's next best hands or covers valued besides its choice
MIN_OWNED = {1: 8, 2: 16, 3: 24}     # a calm turn owns at least this many cards
UNWINNABLE = 3       # and at most this many cards still to win that it cannot win alone
# the share of calm turns of each round from which the policy won its game: `measure` over
# games 0-399 and 1000-1399 (8,391 calm turns in round 1, 21,199 in round 2, 12,975 in 3;
# from the 2,052 other turns of round 1 it won 94.0%, from the 1,278 of round 2 89.0%)
CALM = {1: 0.9928, 2: 0.9987, 3: 1.0}
TURNS = 400          # a playout stops here (never reached: a game lasts some 60 turns)


def values(view, seat: int, rng: random.Random, work: float, played=None) -> Values | None:
    if view.is_over():
        return None
    candidates = _candidates(view, view.legal_moves(), played)
    played_on = [move for move in candidates if not isinstance(move, R.GiveUp)]
    found = _Playouts(work).values(view, seat, played_on, rng)
    values_, errors = dict(found.values), dict(found.errors)
    if len(played_on) < len(candidates):
        values_[R.GiveUp()], errors[R.GiveUp()] = 0.0, 0.0
    return Values(values_, errors, False)


class _Playouts:
    """The candidates' chances over the same orders of the unseen piles (as
    `ai.analysis.sampled`, with a budget of the policy's hands). A value's error is that of
    its difference from the best candidate's value, sample by sample (0 for the best):
    common random numbers make it far smaller than the values' own errors, which
    `sampled` reports to be on the safe side, and it is the noise a verdict must allow for
    (`ai.analysis.judged` adds the played move's and the best's in quadrature)."""

    def __init__(self, work: float):
        self.samples = max(2, int(round(SAMPLES * work)))
        self.least = max(2, int(round(MIN_SAMPLES * work)))
        self.work = work
        self.seen: dict = {}

    def values(self, view, seat, moves, rng) -> Values:
        results = {move: [] for move in moves}
        self.spent = 0
        hands = HANDS[view.round] * self.work
        for number in range(self.samples):
            if number >= self.least and self.spent >= hands:
                break
            deal = view.sample(seat, rng)
            for move in moves:
                state = deal.copy()
                state.play(move)
                results[move].append(self.play_on(state))
        values = {move: sum(found) / len(found) for move, found in results.items()}
        best = max(values, key=values.get)
        errors = {}
        for move, found in results.items():
            # the standard error of the difference from the best over the same samples
            # (the best's own is 0): what decides whether a loss is more than noise
            gaps = [a - b for a, b in zip(found, results[best])]
            mean = sum(gaps) / len(gaps)
            variance = sum((gap - mean) ** 2 for gap in gaps) / max(1, len(gaps) - 1)
            errors[move] = (variance / len(gaps)) ** 0.5
        return Values(values, errors, False)

    def play_on(self, state) -> float:
        result, hands = play_on(state, self.seen)
        self.spent += hands
        return result


# --- the candidates ----------------------------------------------------------------------------

def _candidates(view, legal, played) -> list:
    """The hard helper's move, its next best hands or covers, and the move played."""
    chosen = [Player("hard").choose(view)]
    if view.phase == "hand":
        chosen += _hands(view)
    elif view.phase == "cover":
        chosen += _covers(view)
    if played is not None:
        chosen.append(played)
    out = []
    for move in chosen:
        if move in legal and move not in out:
            out.append(move)
    return out


def _hands(view) -> list:
    know = Knowledge(view)
    if len(know.controlled) <= know.h:
        return []
    worth = CardValues(know, "hard")
    ev = Evaluator(know, worth)
    scored = sorted({tuple(sorted(hand)) for hand in candidate_hands(know, ev, worth.w, 3, 12)},
                    key=lambda hand: (-ev.value(hand), hand))
    return [R.ChooseHand(tuple(card_of(i) for i in hand)) for hand in scored[:EXTRA + 1]]


def _covers(view) -> list:
    know = Knowledge(view)
    plans = _cover_results(know)
    out = []
    for _, plan in plans[:EXTRA + 1]:
        out.append(_next_cover(know, plan))
    return out


def _cover_results(know) -> list:
    """[(value, plan)] of every result of covering, best first, keeping what lies laid."""
    w = CardValues(know, "hard").w
    hand = sorted(know.hand + [c for cover in know.covers for c in cover])
    fixed = [tuple(sorted(cover)) for cover in know.covers]
    found = outcomes(hand, know.drawn, know.m, w, fixed if any(fixed) else None)
    return sorted(found.values(), key=lambda result: -result[0])


def _next_cover(know, plan):
    for target, cover in enumerate(know.covers):
        if not cover:
            return R.Cover(target, tuple(card_of(i) for i in plan[target]))
    return R.Judge()


# --- the playout ---------------------------------------------------------------------------------

def policy(state):
    """The playouts' move: the normal helper's hand search, the best cover result now
    (keeping the covers laid), draw and judge. It reads only what a view shows (the piles'
    make-up, which `Knowledge` takes without their order). The round 3 search in round 2
    would cost a little less and lose more: from calm turns of round 2, 0.36% of the games
    (`measure`, the same 800 games) against 0.13%."""
    if state.phase == "draw":
        return R.Draw()
    know = Knowledge(state)
    if state.phase == "hand":
        ctrl = know.controlled
        if len(ctrl) <= know.h:
            return R.ChooseHand(tuple(card_of(i) for i in ctrl))
        worth = CardValues(know, "hard")
        ev = Evaluator(know, worth)
        if know.round == 1:
            best = search_hand(know, ev, worth.w, 3, 20, 1)
        elif know.round == 2:
            best = search_hand(know, ev, worth.w, 3, 20, 1, budget=220)
        else:
            best = search_hand(know, ev, worth.w, 3, 12, 1, budget=60)
        return R.ChooseHand(tuple(card_of(i) for i in best[1]))
    return _next_cover(know, _cover_results(know)[0][1])


def owned(state) -> int:
    return len(state.controlled) + len(state.hand) + sum(len(cover) for cover in state.covers)


def unwinnable(state) -> int:
    """How many cards still to be won this round the cards owned cannot win on their own."""
    m = R.MAX_COVER[state.round]
    ranks = {}
    for card in state.controlled + state.hand + [c for cover in state.covers for c in cover]:
        ranks.setdefault(card.suit, []).append(card.rank)
    power = {suit: top_sum(tuple(sorted(r, reverse=True)), m) for suit, r in ranks.items()}
    count = 0
    for card in state.draw_pile + state.lost:
        if power.get(card.suit, 0) >= card.rank:
            continue
        if any(p >= 3 * card.rank for suit, p in power.items() if suit != card.suit):
            continue
        count += 1
    return count


def calm(state) -> bool:
    """A turn's start from which the policy almost always wins (see the docstring)."""
    return owned(state) >= MIN_OWNED[state.round] and unwinnable(state) <= UNWINNABLE


def play_on(state, seen: dict | None = None) -> tuple:
    """(the chance to win from `state`, the hands the policy chose): `state` (a full state)
    played on by `policy` until the game ends (1 or 0) or a turn starts calm (`CALM`).
    `seen` keeps the result of each turn's start played on from, so that a state reached
    again is played on once."""
    keys = []
    hands = 0
    result = 0.0            # a game not decided in TURNS turns (never seen) counts lost
    for _ in range(TURNS * 6):
        if state.is_over():
            result = 1.0 if state.result == "won" else 0.0
            break
        if state.phase == "hand":
            if calm(state):
                result = CALM[state.round]
                break
            if seen is not None:
                key = (tuple(state.controlled), tuple(map(tuple, state.piles)), tuple(state.lost),
                       state.rng.getstate())
                if key in seen:
                    result = seen[key]
                    break
                keys.append(key)
            hands += 1
        state.play(policy(state))
    for key in keys:
        seen[key] = result
    return result, hands


# --- measurements and the deal's outlook -------------------------------------------------------

def measure(seeds) -> dict:
    """{round: {"calm": (turns, share won), "other": (turns, share won)}}: the turns' starts
    of whole games played by `policy` from the game numbers `seeds`, and the share of them
    from which the game was won (`CALM`)."""
    counts: dict = {}
    for seed in seeds:
        state = R.new_game(seed)
        turns = []
        for _ in range(TURNS * 6):
            if state.is_over():
                break
            if state.phase == "hand":
                turns.append((state.round, "calm" if calm(state) else "other"))
            state.play(policy(state))
        won = state.result == "won"
        for key in turns:
            total = counts.setdefault(key, [0, 0])
            total[0] += 1
            total[1] += won
    out: dict = {}
    for (number, kind), (turns, won) in sorted(counts.items()):
        out.setdefault(number, {})[kind] = (turns, won / turns)
    return out


class Outlook(NamedTuple):
    hard_wins: bool      # the hard helper, playing this deal from the start, wins it
    chance: float        # the share of `plays` games of the normal helper (its slips drawn
    plays: int           # from different seeds) that win this deal


def deal_outlook(record, plays: int = 8) -> Outlook:
    """Whether and how likely the deal of a 4 Koningen record could be won: the game number
    fixes the three piles and every reshuffle, so the helper's play of it is one game."""
    def won_by(player) -> bool:
        state = record.replay(0)
        for _ in range(TURNS * 6):
            if state.is_over():
                break
            state.play(player.choose(state.view(0)))
        return state.result == "won"

    hard = won_by(Player("hard"))
    wins = sum(won_by(Player("normal", seed=k)) for k in range(plays))
    return Outlook(hard, wins / plays if plays else 0.0, plays)
