"""Kingen and Dubbelkingen judged: the expected points of the deal for each choice.

A card is judged by the deals of the unseen cards consistent with what the seat had seen
(`view.sample`: the played cards and what the seats' duties proved they cannot hold), each
played on by the computer's playout policy (`ai.kingen.policy_card`), the same deals for
every card. The dealer's choice of game and of trump is judged the same way; a game of trump
counts with the suit that does best for this hand over the same deals. A Dubbelkingen dealer
plays every game some time (the quotas), so a game chosen is worth its points with this hand
minus what it gives an average hand (`ai.kingen.AVERAGE_HAND`, as the computer dealer weighs
it): by its points alone trump would always beat a negative game.
"""
from __future__ import annotations

import random

from ai.analysis import Scale, Values, sampled
from ai.kingen import AVERAGE_HAND, play_out
from game.kingen import rules as R

SCALE = Scale("points", inaccuracy=0.5, mistake=1.0, blunder=2.0)
DEALS = 160          # sampled deals per position, times `work`


def values(view, seat: int, rng: random.Random, work: float, played=None, moves=None) -> Values | None:
    if view.phase not in (R.PLAY, R.CHOOSE_GAME, R.CHOOSE_TRUMP):
        return None      # the deal between deals decides nothing
    deals = max(8, int(DEALS * work))
    base = view.single_deal()

    def finish(state, playout_rng):
        play_out(state, playout_rng.random)
        return state.points[seat]

    moves = moves or view.legal_moves()
    trump_game = R.GAME_MOVES[R.TRUMP]
    if trump_game not in moves:
        found = sampled(base, seat, moves, rng, deals, finish)
    else:
        seed = rng.randrange(1 << 30)       # the games and the suits meet the same deals
        others = sampled(base, seat, [move for move in moves if move != trump_game], random.Random(seed), deals,
                         finish)
        after = base.copy()
        after.play(trump_game)
        suits = sampled(after, seat, list(R.TRUMP_MOVES), random.Random(seed), deals, finish)
        best = max(suits.values, key=suits.values.get)
        found = Values({**others.values, trump_game: suits.values[best]},
                       {**others.errors, trump_game: suits.errors[best]}, False, None,
                       {**others.samples, trump_game: suits.samples[best]})
    if view.phase != R.CHOOSE_GAME:
        return found
    given = {move: AVERAGE_HAND[R.GAMES.index(move.game)] for move in found.values}
    return Values({move: value - given[move] for move, value in found.values.items()}, found.errors, False, None,
                  {move: [value - given[move] for value in results] for move, results in found.samples.items()})
