"""The 4 Koningen helper: a card-counting one-turn expectimax player.

What it knows is what a strong player remembers: every card that went to the lost pile, so
the composition of the draw pile (never its order; it reads only the view). Each turn:

- **hand**: a hand is valued by its expectation over every possible pair of drawn cards
  (the mid-draw reshuffle and the one-card turn included), each pair allocated optimally.
  With additive card values the optimum per pair has a closed form (both won / one won and
  the cheapest card that can stay free given up / none won, with the same-suit conflicts
  checked exactly), summed over all pairs in O(cards) per hand; tests check it against the
  brute force. Candidate hands: per suit, every subset of the controlled cards gets its
  separable share of that expectation; the Pareto front (share, cheapest card) per suit and
  size is combined over the suits, the best combinations are valued exactly, and single-card
  swaps climb from the best few.
- **cover**: exact search over every legal allocation of the hand to the drawn cards
  (keeping what already lies on a drawn card when that is as good). What a cover decides is
  only which drawn cards are won and which hand cards are lost (`outcomes`); hard breaks the
  ties between equally good results by looking one turn further: the value of the best hand
  at the start of the next turn (`after_turn`), so it gives up the card the next draw will
  miss least. The hand has no such look-ahead, and round 3 none at all.
- **values**: round 1 counts cards: every card under control is worth one, with no tie-break
  by rank or by what a card can still win. Rounds 2 and 3 weigh cards by rank and by what
  they can still win: a card without which its suit can no longer beat the strongest card of
  that suit still to be won is worth two, and the last cards of a suit are worth more.

Levels: hard (the above); normal (a lighter search, no look-ahead, and in 40% of its turns it
takes one of the better hands at random instead of the best: meant as an advanced human);
easy (the same slips, and one turn in ten a beginner's habit: its strongest cards, whatever
their suits). All levels count cards (`Knowledge(view, counting=False)` is a player who
cannot tell the draw pile from the lost pile).

Measure: whole games with `python -m ai.arena vier_koningen --a hard --games 10000 --seed 1`
(win rate, time per move); one round at a time, and two settings compared on the same seeds,
with `python -m ai.vier_koningen_bench --round 1 --save ... --against ...`. What the runs
gave, and how the levels were chosen: docs/benchmark-notes.md.
"""
from __future__ import annotations

import itertools
import random
from bisect import bisect_right
from functools import lru_cache

from ai import Reason
from game.cards import SUITS, Card
from game.vier_koningen import rules as R

HAND = R.HAND_SIZE
MAXC = R.MAX_COVER


# ------------------------------------------------------------------------- card helpers
def cid(card: Card) -> int:
    return SUITS.index(card.suit) * 13 + card.rank - 1


def card_of(i: int) -> Card:
    return Card(i % 13 + 1, SUITS[i // 13])


RANK = [i % 13 + 1 for i in range(52)]
SUIT = [i // 13 for i in range(52)]
_NEG_RANK = [-r for r in RANK]
RANK_DESC = _NEG_RANK.__getitem__


@lru_cache(maxsize=None)
def top_sum(ranks: tuple, m: int) -> int:
    """The largest sum of at most m of these ranks (sorted high to low)."""
    return sum(ranks[:m])


@lru_cache(maxsize=200000)
def can_both(ranks: tuple, m: int, n1: int, n2: int) -> bool:
    """Two disjoint sets of at most m of these ranks, reaching n1 and n2."""
    k = len(ranks)
    idx = range(k)
    for a in range(1, min(m, k) + 1):
        for s1 in itertools.combinations(idx, a):
            if sum(ranks[i] for i in s1) < n1:
                continue
            rest = [ranks[i] for i in idx if i not in s1]
            if sum(rest[:m]) >= n2:
                return True
    return False


# ------------------------------------------------------------------------ what is known
class Knowledge:
    """The view turned into card ids: what a card-counting player knows."""

    def __init__(self, view, counting: bool = True):
        self.round = view.round
        self.phase = view.phase
        self.h = HAND[view.round]
        self.m = MAXC[view.round]
        self.controlled = [cid(c) for c in view.controlled]
        self.hand = [cid(c) for c in view.hand]
        self.drawn = [cid(c) for c in view.drawn]
        self.covers = [[cid(c) for c in cover] for cover in view.covers]
        self.draw = [cid(c) for c in view.draw_pile]
        self.lost = [cid(c) for c in view.lost]
        if not counting:
            # a player who does not count: it sees which cards are not on the table, but
            # not which of them lie in the draw pile and which in the lost pile
            self.draw = sorted(self.draw + self.lost)
            self.lost = []
        self.unwon = self.draw + self.lost       # every card still to be won this round

    def pairs(self):
        """[(probability, d1, d2 or None)] for the next draw, or None for the uniform case."""
        n = len(self.draw)
        if n >= 2:
            return None
        if n == 1 and self.lost:
            p = 1.0 / len(self.lost)
            return [(p, self.draw[0], x) for x in self.lost]
        if n == 1:
            return [(1.0, self.draw[0], None)]
        # an empty draw pile with a lost pile (only in a hand-made state): all from the lost pile
        lost = self.lost
        if len(lost) >= 2:
            k = len(lost) * (len(lost) - 1) / 2
            return [(1.0 / k, a, b) for a, b in itertools.combinations(lost, 2)]
        return [(1.0, lost[0], None)] if lost else []


# ------------------------------------------------------------------------- card values
class Values:
    """What each card is worth under control (versus on the lost pile): w[cid]."""

    def __init__(self, know: Knowledge, style: str = "hard", params: dict | None = None):
        self.params = p = dict(DEFAULT_PARAMS)
        if params:
            p.update(params)
        w = [0.0] * 52
        rnd = know.round
        self.risk = p["r1_risk"] if rnd == 1 else p["risk"]
        if style == "count" or rnd == 1 and style == "hard":
            for i in range(52):
                w[i] = 1.0 + p["r1_rank"] * RANK[i]
        else:
            # later rounds: a card is worth 1 plus what it adds to beating the strongest
            # card of its suit that is still to be won
            base = p["base"]
            slope = p["rank"]
            for i in range(52):
                w[i] = base + slope * RANK[i]
            if style == "hard" and p["crit"]:
                m = know.m
                by_suit = [[] for _ in range(4)]
                for i in know.controlled + know.hand + [c for cov in know.covers for c in cov]:
                    by_suit[SUIT[i]].append(i)
                need = [0] * 4
                for i in know.unwon:
                    need[SUIT[i]] = max(need[SUIT[i]], RANK[i])
                for s in range(4):
                    cards = sorted(by_suit[s], key=lambda i: -RANK[i])
                    ranks = tuple(RANK[i] for i in cards)
                    if not need[s] or not ranks:
                        continue
                    for j, i in enumerate(cards):
                        rest = ranks[:j] + ranks[j + 1:]
                        if top_sum(rest, m) < need[s]:      # without it the suit cannot
                            w[i] += p["crit"]               # beat its strongest card
                    if len(cards) <= p["few"]:
                        for i in cards:
                            w[i] += p["last"]
        self.w = w


ROUND_WON = 100.0   # the look-ahead's value of a round won (and minus it: the game lost)

DEFAULT_PARAMS = {"r1_rank": 0.0, "r1_risk": 0.0, "risk": 0.0, "base": 1.0, "rank": 0.05, "crit": 1.0, "few": 2, "last": 0.5}


# ------------------------------------------------------------------------- evaluation
class Evaluator:
    """Expected value of a hand over the next draw, each pair allocated optimally."""

    def __init__(self, know: Knowledge, values: Values):
        self.know = know
        self.w = values.w
        self.m = know.m
        self.pairs = know.pairs()
        draw = know.draw
        self.n = len(draw)
        # draw cards per suit, sorted by rank, with prefix sums of their values
        self.suit_ranks = [[] for _ in range(4)]
        for i in sorted(draw, key=lambda i: RANK[i]):
            self.suit_ranks[SUIT[i]].append(i)
        self.prefix = []
        for s in range(4):
            acc = [0.0]
            for i in self.suit_ranks[s]:
                acc.append(acc[-1] + self.w[i])
            self.prefix.append(acc)
        self.rank_lists = [[RANK[i] for i in self.suit_ranks[s]] for s in range(4)]
        ctrl = know.controlled
        self.sigma = min((self.w[i] for i in ctrl), default=1.0)
        self.triple_share = 0.5
        self.risk = values.risk     # an extra weight on losing every drawn card

    def _profile(self, hand):
        """What both valuations need of a hand: its ranks per suit (high first), its power
        per suit (the best sum of at most m cards), its card values cheapest first, the power
        without each of its three cheapest cards (which can then be given up), and the value
        given up when none of those three can be spared."""
        w = self.w
        m = self.m
        by_suit = [[], [], [], []]
        for i in sorted(hand, key=RANK_DESC):
            by_suit[SUIT[i]].append(RANK[i])
        by_suit = [tuple(r) for r in by_suit]
        best = [top_sum(r, m) for r in by_suit]
        cheap = sorted(hand, key=w.__getitem__)
        wc = [w[c] for c in cheap]
        without = []
        for c in cheap[:3]:
            sc = SUIT[c]
            rest = list(by_suit[sc])
            rest.remove(RANK[c])
            b = list(best)
            b[sc] = top_sum(tuple(rest), m)
            without.append(b)
        fallback = wc[3] if len(wc) > 3 else wc[-1]
        return by_suit, best, wc, without, fallback

    def value(self, hand) -> float:
        """Expected value of holding `hand` (card ids) for the next draw."""
        if self.pairs is not None or len(hand) < self.know.h or len(hand) < 3:
            return self._value_by_pairs(hand)
        w = self.w
        m = self.m
        by_suit, best, wc, without, fallback = self._profile(hand)
        # thresholds per suit: the highest rank of that suit the hand wins, in full and
        # without each of its three cheapest cards (which can then be given up)
        powers = [best] + without
        thresholds = []
        for b in powers:
            row = []
            for t in range(4):
                off = 0
                for u in range(4):
                    if u != t and b[u] > off:
                        off = b[u]
                bt = b[t]
                row.append(bt if bt > off // 3 else off // 3)
            thresholds.append(row)
        total_w = 0.0          # sum of values of winnable drawn cards
        total_ws = 0.0         # sum of (value - sacrifice) of winnable drawn cards
        n_win = 0
        single = None          # drawn cards only one suit of the hand can win
        rank_lists = self.rank_lists
        for t in range(4):
            ranks = rank_lists[t]
            if not ranks:
                continue
            k = bisect_right(ranks, thresholds[0][t])
            if not k:
                continue
            n_win += k
            pre = self.prefix[t]
            total_w += pre[k]
            cuts = []
            prev = 0
            for j in (1, 2, 3):
                if j >= len(thresholds):
                    break
                ki = bisect_right(ranks, thresholds[j][t], 0, k)
                if ki > prev:
                    total_ws += (pre[ki] - pre[prev]) - (ki - prev) * wc[j - 1]
                    prev = ki
                cuts.append(ki)
            if prev < k:
                total_ws += (pre[k] - pre[prev]) - (k - prev) * fallback
            cards = self.suit_ranks[t]
            bt = best[t]
            offmax = 0
            for u in range(4):
                if u != t and best[u] > offmax:
                    offmax = best[u]
            for j in range(k):
                r = ranks[j]
                if 3 * r > offmax:
                    src = t                      # only its own suit can win it
                else:
                    src = t if r <= bt else -1
                    for u in range(4):
                        if u != t and best[u] >= 3 * r:
                            if src >= 0:
                                src = -2
                                break
                            src = u
                    if src < 0:
                        continue
                # the sacrifice when it is won and the other card is not
                sac = fallback
                for q, ki in enumerate(cuts):
                    if j < ki:
                        sac = wc[q]
                        break
                if single is None:
                    single = [[], [], [], []]
                single[src].append((r if src == t else 3 * r, w[cards[j]], sac))
        n_lose = self.n - n_win
        total = total_ws * n_lose + (n_win - 1) * total_w if n_win else 0.0
        if n_lose >= 2:
            total -= n_lose * (n_lose - 1) / 2 * (wc[0] + wc[1] + self.risk)
        # conflicts: both winnable alone, not together (both need the same suit)
        if n_win >= 2 and single is not None:
            for src in range(4):
                group = single[src]
                if len(group) < 2:
                    continue
                ranks = by_suit[src]
                for a in range(len(group)):
                    n1, w1, s1 = group[a]
                    for b in range(a + 1, len(group)):
                        n2, w2, s2 = group[b]
                        if not can_both(ranks, m, n1, n2):
                            # the better of winning one (a cheap card is then given up)
                            v1, v2 = w1 - s1, w2 - s2
                            total -= w1 + w2 - (v1 if v1 > v2 else v2)
        return total / (self.n * (self.n - 1) / 2)

    # -- any list of pairs (the mid-draw reshuffle, a one-card turn): per pair, closed form
    def _value_by_pairs(self, hand) -> float:
        pairs = self.pairs
        if pairs is None:
            draw = self.know.draw
            k = len(draw) * (len(draw) - 1) / 2
            pairs = [(1.0 / k, a, b) for a, b in itertools.combinations(draw, 2)]
        if len(hand) < 3:
            total = 0.0
            for p, d1, d2 in pairs:
                drawn = [d1] if d2 is None else [d1, d2]
                total += p * best_allocation(hand, drawn, self.m, self.w)[0]
            return total
        w = self.w
        m = self.m
        by_suit, best, wc, powers, fallback = self._profile(hand)
        info = {}

        def about(d):
            """(winnable, need for its sole source or 0, that source or -1, sacrifice)."""
            r, t = RANK[d], SUIT[d]
            srcs = [u for u in range(4) if best[u] >= (r if u == t else 3 * r)]
            if not srcs:
                return (False, 0, -1, 0.0)
            sac = fallback
            for q, b in enumerate(powers):
                if any(b[u] >= (r if u == t else 3 * r) for u in range(4)):
                    sac = wc[q]
                    break
            if len(srcs) == 1:
                u = srcs[0]
                return (True, r if u == t else 3 * r, u, sac)
            return (True, 0, -1, sac)

        total = 0.0
        both_lost = wc[0] + wc[1]
        for p, d1, d2 in pairs:
            a = info.get(d1)
            if a is None:
                a = info[d1] = about(d1)
            if d2 is None:
                total += p * (w[d1] if a[0] else -wc[0] - self.risk)
                continue
            b = info.get(d2)
            if b is None:
                b = info[d2] = about(d2)
            if a[0] and b[0]:
                if a[2] >= 0 and a[2] == b[2] and not can_both(by_suit[a[2]], m, a[1], b[1]):
                    v1, v2 = w[d1] - a[3], w[d2] - b[3]
                    total += p * (v1 if v1 > v2 else v2)
                else:
                    total += p * (w[d1] + w[d2])
            elif a[0]:
                total += p * (w[d1] - a[3])
            elif b[0]:
                total += p * (w[d2] - b[3])
            else:
                total -= p * (both_lost + self.risk)
        return total


def cover_options(hand, m):
    """Every legal set of cards to lay on one drawn card: one suit, 1..m cards."""
    by_suit = [[] for _ in range(4)]
    for i in hand:
        by_suit[SUIT[i]].append(i)
    options = []
    for cards in by_suit:
        for k in range(1, min(m, len(cards)) + 1):
            options.extend(itertools.combinations(cards, k))
    return options


def wins(d, laid) -> bool:
    total = 0
    for i in laid:
        total += RANK[i]
    return total >= (RANK[d] if SUIT[laid[0]] == SUIT[d] else 3 * RANK[d])


def best_allocation(hand, drawn, m, w):
    """(value, [cards per drawn card]): the exact best legal allocation of the hand."""
    options = cover_options(hand, m)
    best = None
    if len(drawn) == 1:
        d = drawn[0]
        for opt in options:
            v = w[d] if wins(d, opt) else -sum(w[i] for i in opt)
            key = (v, -len(opt))
            if best is None or key > best[0]:
                best = (key, [opt])
        return best[0][0], best[1]
    d1, d2 = drawn
    scored1 = []
    scored2 = []
    for opt in options:
        cost = sum(w[i] for i in opt)
        scored1.append((w[d1] if wins(d1, opt) else -cost, opt, frozenset(opt)))
        scored2.append((w[d2] if wins(d2, opt) else -cost, opt, frozenset(opt)))
    scored1.sort(key=lambda x: -x[0])
    scored2.sort(key=lambda x: -x[0])
    for v1, o1, f1 in scored1:
        if best is not None and v1 + scored2[0][0] < best[0][0] - 1e-12:
            break
        for v2, o2, f2 in scored2:
            v = v1 + v2
            if best is not None and v < best[0][0] - 1e-12:
                break
            if f1 & f2:
                continue
            key = (v, -len(o1) - len(o2))
            if best is None or key > best[0]:
                best = (key, [o1, o2])
            break
    return best[0][0], best[1]


def outcomes(hand, drawn, m, w, fixed=None):
    """Every different result of covering: {(won drawn cards, lost hand cards): (value, plan)}.

    Cards laid on a won card come back, so what a cover changes is only which drawn cards
    are won and which hand cards go to the lost pile; one plan is kept per result. `fixed`
    (cards already laid per drawn card, () where none) keeps those covers in every plan."""
    options = cover_options(hand, m)
    found = {}
    fixed = fixed or [()] * len(drawn)
    choices = [[cov] if cov else options for cov in fixed]

    def add(plan):
        won, lost, value = [], [], 0.0
        for d, laid in zip(drawn, plan):
            if wins(d, laid):
                won.append(d)
                value += w[d]
            else:
                lost.extend(laid)
                value -= sum(w[i] for i in laid)
        key = (tuple(won), tuple(sorted(lost)))
        if key not in found:
            found[key] = (value, plan)

    if len(drawn) == 1:
        for opt in choices[0]:
            add([opt])
    else:
        for o1 in choices[0]:
            s1 = set(o1)
            for o2 in choices[1]:
                if s1.isdisjoint(o2):
                    add([o1, o2])
    return found


def after_turn(know: Knowledge, won, lost_cards) -> Knowledge:
    """What the player will know at the start of the next turn, the round's cards being
    judged as `won` (drawn cards won) and `lost_cards` (hand cards given up)."""
    new = Knowledge.__new__(Knowledge)
    new.__dict__.update(know.__dict__)
    lost_set = set(lost_cards)
    back = [i for i in know.hand + [c for cov in know.covers for c in cov] if i not in lost_set]
    new.controlled = know.controlled + back + list(won)
    new.hand, new.drawn, new.covers = [], [], []
    new.phase = "hand"
    new.lost = know.lost + list(lost_cards) + [d for d in know.drawn if d not in won]
    new.draw = list(know.draw)
    if not new.draw and new.lost:
        new.draw, new.lost = sorted(new.lost), []
    new.unwon = new.draw + new.lost
    return new


# ------------------------------------------------------------------------- hand search
def _suit_candidates(ev: Evaluator, s, cards, k, w, keep):
    """The k-subsets of one suit's controlled cards worth trying.

    Each subset gets its separable share of the expectation (the drawn cards it can win,
    counted over every pair, less the same-suit pairs it cannot win together); the
    candidates are the Pareto front of (share high, cheapest card cheap), best shares first."""
    m = ev.m
    n1 = ev.n - 1
    own = ev.rank_lists[s]
    own_pre = ev.prefix[s]
    own_cards = ev.suit_ranks[s]
    others = [t for t in range(4) if t != s and ev.rank_lists[t]]
    sigma = ev.sigma
    scored = []
    seen = {}
    for combo in itertools.combinations(cards, k):
        ranks = tuple(sorted((RANK[i] for i in combo), reverse=True))
        cheapest = min(w[i] for i in combo)
        key = ranks
        gain = seen.get(key)
        if gain is None:
            best = top_sum(ranks, m)
            kk = bisect_right(own, best)
            gain = n1 * own_pre[kk]
            third = best // 3
            if third:
                for t in others:
                    gain += ev.triple_share * n1 * ev.prefix[t][bisect_right(ev.rank_lists[t], third)]
            if kk >= 2:
                if k == 1:
                    for a in range(kk):
                        for b in range(a + 1, kk):
                            gain -= min(w[own_cards[a]], w[own_cards[b]]) + sigma
                else:
                    for a in range(kk):
                        ra = own[a]
                        for b in range(a + 1, kk):
                            if not can_both(ranks, m, ra, own[b]):
                                gain -= min(w[own_cards[a]], w[own_cards[b]]) + sigma
            seen[key] = gain
        scored.append((gain, -cheapest, combo))
    scored.sort(key=lambda x: (-x[0], x[1]))
    front = []
    low = None
    for gain, neg_cheap, combo in scored:
        if low is None or -neg_cheap < low - 1e-12:
            front.append((gain, combo))
            low = -neg_cheap
            if len(front) >= keep:
                break
    return front


def candidate_hands(know: Knowledge, ev: Evaluator, w, keep=3, top=40):
    """The hands worth an exact evaluation, best separable score first."""
    ctrl = know.controlled
    h = min(know.h, len(ctrl))
    by_suit = [[i for i in ctrl if SUIT[i] == s] for s in range(4)]
    per = []
    for s in range(4):
        opts = {0: [(0.0, ())]}
        for k in range(1, min(h, len(by_suit[s])) + 1):
            opts[k] = _suit_candidates(ev, s, by_suit[s], k, w, keep)
        per.append(opts)
    scored = []
    for k0 in range(h + 1):
        if k0 not in per[0]:
            continue
        for k1 in range(h - k0 + 1):
            if k1 not in per[1]:
                continue
            for k2 in range(h - k0 - k1 + 1):
                k3 = h - k0 - k1 - k2
                if k2 not in per[2] or k3 not in per[3]:
                    continue
                for ga, a in per[0][k0]:
                    for gb, b in per[1][k1]:
                        gab = ga + gb
                        for gc, c in per[2][k2]:
                            gabc = gab + gc
                            for gd, d in per[3][k3]:
                                scored.append((gabc + gd, a + b + c + d))
    scored.sort(key=lambda x: -x[0])
    return [hand for g, hand in scored[:top]]


def search_hand(know: Knowledge, ev: Evaluator, w, keep=4, top=40, climb=3, budget=10**9):
    """(value, hand): the best candidate hands, then single-card swaps while they gain
    (at most `budget` hands valued in all)."""
    ctrl = know.controlled
    memo = {}

    def value(hand):
        key = tuple(sorted(hand))
        v = memo.get(key)
        if v is None:
            v = memo[key] = ev.value(key)
        return v

    scored = sorted(((value(hand), tuple(sorted(hand))) for hand in candidate_hands(know, ev, w, keep, top)),
                    key=lambda x: -x[0])
    best = scored[0]
    starts = []
    for _, hand in scored:
        if hand not in starts:
            starts.append(hand)
        if len(starts) >= climb:
            break
    for hand in starts:
        current = (memo[hand], hand)
        while True:
            improved = None
            inside = set(current[1])
            outside = [i for i in ctrl if i not in inside]
            if len(memo) >= budget:
                break
            for out in current[1]:
                rest = [i for i in current[1] if i != out]
                for new in outside:
                    cand = tuple(sorted(rest + [new]))
                    v = value(cand)
                    if v > current[0] + 1e-12 and (improved is None or v > improved[0]):
                        improved = (v, cand)
            if improved is None:
                break
            current = improved
        if current[0] > best[0] + 1e-12:
            best = current
    return best


# ------------------------------------------------------------------------- the player
LEVELS = {
    # counting: remembers the lost pile; style: card values; search: (profiles kept per
    # suit, hands valued exactly, hill-climbs); slip: chance of taking a lesser hand among
    # the best few; beginner: chance of simply taking the strongest cards; lookahead: covers
    # are judged by the next turn too, among results at most this much worse now (None: off)
    "hard": {"counting": True, "style": "hard", "search": (4, 40, 3), "slip": 0.0, "beginner": 0.0,
             "lookahead": 0.0},
    "normal": {"counting": True, "style": "hard", "search": (3, 20, 1), "slip": 0.40, "beginner": 0.0,
               "lookahead": None},
    "easy": {"counting": True, "style": "hard", "search": (3, 20, 1), "slip": 0.40, "beginner": 0.1,
             "lookahead": None},
}


class Player:
    level = "hard"

    def __init__(self, level="hard", seed=None, params=None):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.rng = random.Random(seed)
        setup = dict(LEVELS[level])
        params = dict(params or {})
        for key in list(params):
            if key in setup:
                setup[key] = params.pop(key)
        self.params = params
        self.counting = setup["counting"]
        self.style = setup["style"]
        self.keep, self.top, self.climb = setup["search"]
        self.slip = setup["slip"]
        self.beginner = setup["beginner"]
        self.lookahead = setup["lookahead"]

    # the arena and the scene's Autoplay
    def choose(self, view):
        return self.hint(view)[0]

    def hint(self, view):
        know = Knowledge(view, counting=self.counting)
        if view.phase == "hand":
            return self._hand(view, know)
        if view.phase == "draw":
            return R.Draw(), Reason("There is nothing else to do yet.", "vier_koningen.why.draw")
        if view.phase == "cover":
            return self._cover(view, know)
        raise ValueError("the game is over")

    def _values(self, know):
        return Values(know, self.style, self.params)

    def _hand(self, view, know):
        values = self._values(know)
        ctrl = know.controlled
        h = min(know.h, len(ctrl))
        if h == len(ctrl):
            move = R.ChooseHand(tuple(card_of(i) for i in ctrl))
            return move, Reason("These are all the cards you have.", "vier_koningen.why.all_cards")
        if self.beginner and self.rng.random() < self.beginner:
            # a beginner's habit: the strongest cards, whatever their suits
            order = sorted(ctrl, key=lambda i: (-RANK[i], self.rng.random()))
            move = R.ChooseHand(tuple(card_of(i) for i in order[:h]))
            return move, Reason("These are your strongest cards.", "vier_koningen.why.hand_easy")
        ev = Evaluator(know, values)
        if know.round == 1:
            best = search_hand(know, ev, values.w, self.keep, self.top, self.climb)
        elif know.round == 2:  # a smaller hand from more cards: fewer hands valued
            best = search_hand(know, ev, values.w, self.keep, self.top, min(self.climb, 2), budget=220)
        else:                  # round 3 starts with 40 cards against 12: a lighter search
            best = search_hand(know, ev, values.w, min(self.keep, 3), min(self.top, 12), 1, budget=60)
        if self.slip and self.rng.random() < self.slip:
            hands = candidate_hands(know, ev, values.w, self.keep, max(2, self.top // 4))
            hand = tuple(sorted(self.rng.choice(hands)))
            best = (ev.value(hand), hand)
        hand = best[1]
        move = R.ChooseHand(tuple(card_of(i) for i in hand))
        return move, Reason(f"Best expectation over every pair of drawn cards ({best[0]:+.2f}).",
                            "vier_koningen.why.hand", value=round(best[0], 2))

    def _best_result(self, know, results, cache):
        """(score, plan) of the best cover result: its value now and, among the results
        nearly as good now, the value of the next turn."""
        top = max(v for v, plan in results.values())
        best = None
        for key, (v, plan) in results.items():
            if v < top - self.lookahead - 1e-9:
                continue
            after = after_turn(know, *key)
            state = (tuple(sorted(after.controlled)), tuple(sorted(after.draw)), tuple(sorted(after.lost)))
            later = cache.get(state)
            if later is None:
                later = cache[state] = self._next_turn(after)
            if best is None or v + later > best[0] + 1e-9:
                best = (v + later, plan)
        return best

    def _next_turn(self, know) -> float:
        """The value of the best hand at the start of the next turn (`after_turn`)."""
        if not know.draw and not know.lost:
            return ROUND_WON
        if len(know.controlled) < min(2, len(know.draw) + len(know.lost)):
            return -ROUND_WON
        values = self._values(know)
        ev = Evaluator(know, values)
        if len(know.controlled) <= know.h:
            return ev.value(tuple(sorted(know.controlled)))
        return search_hand(know, ev, values.w, 3, 12, 1, budget=60)[0]

    def _cover(self, view, know):
        values = self._values(know)
        w = values.w
        hand = sorted(know.hand + [c for cov in know.covers for c in cov])
        fixed = [tuple(sorted(cov)) for cov in know.covers]
        cache = {}

        def best_of(results):
            if not results:
                return None
            # round 3: no look-ahead (it would only cost time; docs/benchmark-notes.md)
            if self.lookahead is None or know.round == 3:
                return max(results.values(), key=lambda result: result[0])
            return self._best_result(know, results, cache)

        value, plan = best_of(outcomes(hand, know.drawn, know.m, w))
        if any(fixed):
            # keep what lies where the best can still be reached with it
            kept = best_of(outcomes(hand, know.drawn, know.m, w, fixed))
            if kept is not None and kept[0] >= value - 1e-9:
                plan = kept[1]
            else:
                for t, cov in enumerate(fixed):
                    if cov and cov != tuple(sorted(plan[t])):
                        return R.Uncover(t), Reason("There is a better cover.",
                                                    "vier_koningen.why.uncover")
        for t, cov in enumerate(fixed):
            if not cov:
                laid = plan[t]
                d = know.drawn[t]
                move = R.Cover(t, tuple(card_of(i) for i in laid))
                if wins(d, laid):
                    return move, Reason("This wins the card.", "vier_koningen.why.win",
                                        card=str(card_of(d)))
                return move, Reason("That card cannot be won: you will miss this one least.",
                                    "vier_koningen.why.sacrifice", card=str(card_of(d)))
        return R.Judge(), Reason("Every drawn card is covered.", "vier_koningen.why.judge")


def make(level: str, seed=None):
    return Player(level, seed)
