"""Demonstration: one ISMCTS seat (ai.mcts, uniform random playouts, win/loss reward)
against three `normal` Kings Corners bots, hand after hand. Not a product level.

    python -m tools.mcts_kc_demo --hands 200 --iterations 100 [--seed 1] [--workers 2]
                                 [--reward win|points] [--control LEVEL]

The MCTS seat moves round the table from hand to hand (hand i: seat i % 4). With
--control LEVEL the same hands are played with that level in the MCTS seat instead, for
comparison. Prints the MCTS seat's win rate (a fair share is 25%), its mean penalty points,
and the search speed. `--reward points` scores a finished hand by its penalty points
(1 - points / 50, at least 0: going out is 1) instead of win (1) or loss (0).
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import time

from ai import make_bot
from ai.mcts import MCTSBot
from game.kings_corners.rules import arena_game

PLAYERS = 4


def points_rewards(state) -> list:
    """A hand's penalty points as rewards in [0, 1]: 0 points (went out) is 1."""
    return [max(0.0, 1.0 - points / 50) for points in state.scores()]


def play_hand(job):
    seed, iterations, control, reward = job
    state = arena_game(seed, PLAYERS)
    seat_under_test = seed % PLAYERS
    bots = [make_bot("kings_corners", "normal", seed=seed * 10 + seat) for seat in range(PLAYERS)]
    mcts = None
    if control:
        bots[seat_under_test] = make_bot("kings_corners", control, seed=seed * 10 + seat_under_test)
    else:
        judge = points_rewards if reward == "points" else None
        mcts = bots[seat_under_test] = MCTSBot(iterations=iterations, seed=seed, reward=judge)
    searched = seconds = decisions = 0
    while not state.is_over():
        seat = state.to_move()
        view = state.view(seat)
        move = bots[seat].choose(view)
        if seat == seat_under_test and mcts is not None:
            decisions += 1
            searched += mcts.last.iterations
            seconds += mcts.last.seconds
        if move not in state.legal_moves():
            raise AssertionError(f"illegal move {move} by seat {seat}")
        state.play(move)
    won = seat_under_test in state.winners()
    return won, state.scores()[seat_under_test], decisions, searched, seconds


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.mcts_kc_demo")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--reward", choices=("win", "points"), default="win")
    parser.add_argument("--control", default=None, help="a level to seat instead of MCTS (easy, normal, hard, random)")
    args = parser.parse_args(argv)
    jobs = [(args.seed + index, args.iterations, args.control, args.reward) for index in range(args.hands)]
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(play_hand, jobs, chunksize=4)
    wall = time.perf_counter() - started
    wins = sum(result[0] for result in results)
    rate = wins / len(results)
    margin = 1.96 * math.sqrt(rate * (1 - rate) / len(results))
    points = sum(result[1] for result in results) / len(results)
    who = args.control or f"mcts({args.iterations}, {args.reward})"
    print(f"{who} vs 3 normal, {len(results)} hands from seed {args.seed}: "
          f"won {wins} ({rate:.3f} [{max(0, rate - margin):.3f}, {min(1, rate + margin):.3f}]), "
          f"mean penalty points {points:.2f}, wall {wall:.0f} s")
    decisions = sum(result[2] for result in results)
    searched = sum(result[3] for result in results)
    seconds = sum(result[4] for result in results)
    if decisions:
        print(f"searched decisions {decisions} ({decisions / len(results):.1f} per hand, single-move ones not "
              f"searched), {searched / max(seconds, 1e-9):.0f} iterations per second of process time")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
