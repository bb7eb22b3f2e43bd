"""Keezen judged: the team's chance to win after each choice of card and pawns.

A move is judged by the deals of the unseen cards consistent with what the seat had seen
(`view.sample`), each played on for a round by the computer's playout policy
(`ai.keezen.playout`) and then judged by the computer's judgement of a position
(`ai.keezen.evaluate`: the teams' pawns' worth and what is at risk), the same deals for every
move.
"""
from __future__ import annotations

import random

from ai.analysis import Scale, Values, sampled
from ai.keezen import evaluate, playout

SCALE = Scale("chance", inaccuracy=0.03, mistake=0.06, blunder=0.12)
DEALS = 96           # sampled deals per position, times `work`
# moves played on after the judged move before the position is judged: the three others' and
# the mover's own next one. Eight (two rounds) made a deal's result about twice as noisy, and
# verdicts then hung on the analysis' seed (docs/benchmark-notes.md, issue 33)
DEPTH = 4


def values(view, seat: int, rng: random.Random, work: float, played=None, moves=None) -> Values | None:
    deals = max(6, int(DEALS * work))

    def finish(state, playout_rng):
        for _ in range(DEPTH):
            if state.is_over():
                return 1.0 if seat in state.winners() else 0.0
            state.play(playout(state, playout_rng))
        return evaluate(state)[seat]

    return sampled(view, seat, moves or view.legal_moves(), rng, deals, finish)
