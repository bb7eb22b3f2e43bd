"""Kings Corners judged: the expected penalty points of the hand (or the chips won) for each
choice of the turn.

A choice is judged by the deals of the unseen cards consistent with what the seat had seen
(`view.sample`: the other hands and the stock), each played on to the end of the hand by the
normal computer player in every seat, each seeing only its own view; the same deals for
every choice.
"""
from __future__ import annotations

import random

from ai.analysis import Scale, Values, sampled
from ai.kings_corners import KingsCornersBot

SCALE = Scale("points", inaccuracy=1.0, mistake=3.0, blunder=6.0)
DEALS = 12           # sampled deals per position, times `work`
MOVES = 2000         # a hand played on stops here (a deadlock ends far sooner)


def values(view, seat: int, rng: random.Random, work: float, played=None, moves=None) -> Values | None:
    if view.hand_over():
        return None      # between hands: the deal decides nothing
    deals = max(4, int(DEALS * work))
    hand = view.hand_no

    def finish(state, playout_rng):
        bots = [KingsCornersBot("normal", playout_rng.getrandbits(32)) for _ in range(state.players)]
        for _ in range(MOVES):
            if state.hand_over() or state.hand_no != hand:
                break
            mover = state.to_move()
            state.play(bots[mover].choose(state.view(mover)))
        entry = state.sheet[-1]
        if "chips" in entry:
            return entry["chips"][seat]
        return -(entry["points"][seat] or 0)

    return sampled(view, seat, moves or view.legal_moves(), rng, deals, finish)
