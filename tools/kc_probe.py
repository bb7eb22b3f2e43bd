"""Kings Corners: where a level's penalty points come from, and its ratio to random over many seeds.

    python -m tools.kc_probe [--a normal] [--b random] [--games 1000] [--seeds 1 1001 2001] [--detail] [--sheds]

Plays the same hands as `python -m ai.arena kings_corners --players 4` (seats A B A B, the
first seat alternating, game seed = seed + index, bot seeds as the arena) and prints for each
seed the mean penalty points per hand of A and B and their ratio A/B, then the mean and the
standard deviation of the ratio over the seeds (one 1000-hand seed varies by about 0.009, so a
difference between two bots needs many seeds to show).
--detail: for each seed, the cards held by the seats that lose (by who won the hand).
--sheds: how often A's plan for a turn sheds fewer cards than the most this turn allows
(an exhaustive search of the turn, as the hard level's search but unbounded).
"""
from __future__ import annotations

import argparse
import collections
import math
import random

from ai import kings_corners as kc
from ai import make_bot
from ai.arena import seat_bots
from game.kings_corners.rules import arena_game, card_points


def most_shed(view, seat: int, limit: int = 3000) -> int:
    """The fewest cards the seat can hold at the end of this turn (search cut at `limit`)."""
    context = kc.Context(view, seat)
    start = kc.position_of(view, seat)
    seen = {kc.position_key(start)}
    stack = [start]
    fewest = len(start[0])
    while stack and len(seen) < limit:
        position = stack.pop()
        for move in kc.candidate_moves(position, context):
            after = kc.apply_move(position, move)
            key = kc.position_key(after)
            if key in seen:
                continue
            seen.add(key)
            fewest = min(fewest, len(after[0]))
            if after[0]:
                stack.append(after)
    return fewest


def run_seed(names, seed: int, games: int, detail: bool, sheds: bool):
    points = collections.Counter()
    held = collections.Counter()
    shed = collections.Counter()
    rng = random.Random(seed)
    for index in range(games):
        game_seed = seed + index
        seating = seat_bots(index, 4, [0, 1])
        bots = [make_bot("kings_corners", names[bot], seed=game_seed * 10 + seat) for seat, bot in enumerate(seating)]
        state = arena_game(game_seed, 4)
        planned = None
        while not state.is_over():
            seat = state.to_move()
            view = state.view(seat)
            if sheds and seating[seat] == 0 and not state.hand_over() and planned != (state.turns, seat) \
                    and names[0] in kc.LEVELS:
                planned = (state.turns, seat)
                position = kc.position_of(view, seat)
                for move in kc.plan_turn(view, seat, names[0], rng):
                    position = kc.apply_move(position, move)
                missed = len(position[0]) - most_shed(view, seat)
                shed["turns"] += 1
                shed["missed turns"] += missed > 0
                shed["missed cards"] += missed
            state.play(bots[seat].choose(view))
        winners = state.winners()
        winner = names[seating[winners[0]]] if winners else "deadlock"
        for seat in range(4):
            level = names[seating[seat]]
            hand = [card for card in state.hands[seat] if card is not None]
            points[level] += sum(card_points(card) for card in hand)
            if seat not in winners:
                key = f"{level} lost to {winner}"
                held[key, "n"] += 1
                held[key, "cards"] += len(hand)
                held[key, "kings"] += sum(1 for card in hand if card.rank == 13)
                held[key, "points"] += sum(card_points(card) for card in hand)
    a, b = points[names[0]] / games / 2, points[names[1]] / games / 2
    print(f"seed {seed:>6}: {names[0]} {a:.3f}  {names[1]} {b:.3f}  ratio {a / b:.4f}")
    if detail:
        for key in sorted({key for key, _ in held}):
            n = held[key, "n"]
            print(f"    {key:<26} n={n:5d}  cards {held[key, 'cards'] / n:5.2f}  kings {held[key, 'kings'] / n:5.3f}"
                  f"  points {held[key, 'points'] / n:5.2f}  per hand {held[key, 'points'] / games / 2:6.3f}")
    if sheds:
        print(f"    {names[0]} turns {shed['turns']}: fewer cards shed than possible in {shed['missed turns']}"
              f" ({shed['missed cards']} cards)")
    return a / b


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--a", default="normal")
    parser.add_argument("--b", default="random")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 1001, 2001])
    parser.add_argument("--detail", action="store_true")
    parser.add_argument("--sheds", action="store_true")
    args = parser.parse_args()
    names = [args.a, args.b]
    ratios = [run_seed(names, seed, args.games, args.detail, args.sheds) for seed in args.seeds]
    mean = sum(ratios) / len(ratios)
    spread = math.sqrt(sum((r - mean) ** 2 for r in ratios) / (len(ratios) - 1)) if len(ratios) > 1 else 0.0
    print(f"ratio {names[0]}/{names[1]} over {len(ratios)} seeds: mean {mean:.4f}  sd {spread:.4f}"
          f"  max {max(ratios):.4f}")


if __name__ == "__main__":
    main()
