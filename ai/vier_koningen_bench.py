"""One round of 4 Koningen at a time, for tuning the helper cheaply.

Every game reaches round 2 and round 3 in the same position (all the earlier rounds' cards
controlled, the round's own stack shuffled), so each round can be measured on its own:

    python -m ai.vier_koningen_bench --round 1 --games 2000 --seed 1 [--level hard]
        [--params '{"r1_rank": 0.01}'] [--jobs 2] [--save losses.json] [--against other.json]

It prints the round's loss rate with a 95% interval and the mean and largest time a
decision took; `--save` keeps the seeds it lost, and `--against` compares with such a file
on the same seeds (games lost by only one of the two), which is far more sensitive than two
loss rates side by side.
"""
from __future__ import annotations

import argparse
import json
import math
import time
from multiprocessing import Pool

from ai.vier_koningen import Player
from game.cards import SUITS, Card
from game.vier_koningen import rules as R


def round_start(seed: int, number: int) -> R.State:
    """Game `seed` as it would stand at the start of round `number`."""
    state = R.arena_game(seed)
    if number > 1:
        ranks = range(1, 7) if number == 2 else range(1, 11)
        state.controlled = R.sort_cards(Card(rank, suit) for suit in SUITS for rank in ranks)
        for pile in range(number - 1):
            state.piles[pile] = []
        state.round = number
    return state


def play_round(job) -> tuple:
    """(seed, lost, turns, decision seconds total, largest decision seconds)."""
    seed, number, level, params = job
    state = round_start(seed, number)
    player = Player(level, seed=seed, params=params)
    turns, total, largest = 0, 0.0, 0.0
    while not state.is_over() and state.round == number:
        started = time.process_time()
        move = player.choose(state.view(0))
        spent = time.process_time() - started
        total += spent
        largest = max(largest, spent)
        turns += isinstance(move, R.Judge)
        state.play(move)
    lost = state.is_over() and state.result != "won"
    return seed, lost, turns, total, largest


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--round", type=int, choices=(1, 2, 3), default=1)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--params", default="{}", help="JSON: Values parameters or level settings")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--save", help="write the seeds lost (JSON)")
    parser.add_argument("--against", help="a --save file of another run on the same seeds")
    args = parser.parse_args(argv)
    params = json.loads(args.params)
    jobs = [(args.seed + i, args.round, args.level, params) for i in range(args.games)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = pool.map(play_round, jobs, chunksize=8)
    else:
        results = [play_round(job) for job in jobs]
    lost = sorted(seed for seed, was_lost, *_ in results if was_lost)
    n = len(results)
    p = len(lost) / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    decisions = sum(turns for _, _, turns, _, _ in results)
    seconds = sum(total for *_, total, _ in results)
    print(f"round {args.round}, {args.level} {params}: lost {len(lost)} of {n} = {p:.4f} "
          f"[{max(0.0, p - half):.4f}, {p + half:.4f}]; mean turns {decisions / n:.1f}; "
          f"cpu per turn {1000 * seconds / max(1, decisions):.1f} ms, "
          f"largest decision {1000 * max(r[4] for r in results):.1f} ms")
    if args.save:
        with open(args.save, "w") as file:
            json.dump({"round": args.round, "seeds": [j[0] for j in jobs], "lost": lost}, file)
    if args.against:
        with open(args.against) as file:
            other = json.load(file)
        mine, theirs = set(lost), set(other["lost"]) & {j[0] for j in jobs}
        print(f"lost only here {len(mine - theirs)}, only there {len(theirs - mine)}, both {len(mine & theirs)}")


if __name__ == "__main__":
    main()
