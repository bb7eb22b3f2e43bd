"""Kingen strength and speed benchmarks (not tests: they take minutes to hours).

Strength: one level in one seat against three seats of another, over single deals of every
game type (`python -m ai.arena kingen --one --deal TYPE` for each of the seven), each deal
played four times with the level in each seat:

    python -m ai.kingen_bench strength --a hard --b normal --deals 200 --seed 1 [--json out.json]

prints per type the mean points per deal of A's seat and of B's seats, their difference with a
95% interval (paired per deal: the four seatings of one deal form one sample), and each level's
process time per move (mean/max); then the mean over the seven types.

Decisions: two players judged card by card instead of by whole deals, cheaper for the same
precision (for trying a change to a level):

    python -m ai.kingen_bench decisions --a hard --b normal:80 --deals 20 [--types ...]

four normal seats play each deal; wherever the seat to move has a choice, A and B (a level,
optionally `:iterations` and `:exploration`, e.g. `hard:5000:0.2`) each pick a card from that
seat's view with the same seed, and where they differ both cards are judged on the true deal:
the seat's mean points after the card over 200 policy playouts. It prints per type A-B per
decision (95% interval) and times decisions per seat per deal. The judge sees every hand, so
this is a proxy.

Speed: iterations per second of hard's search from mid-deal positions (and a profile):

    python -m ai.kingen_bench speed [--positions 28] [--profile]

What runs of these gave (the proxy against whole deals among them): docs/benchmark-notes.md.
"""
from __future__ import annotations

import argparse
import cProfile
import json
import math
import pstats
import random
import sys
import time

from ai import kingen as K
from ai.arena import make_bot, one_seat
from game.kingen import rules as R


def play_deal(seed: int, game: str, bots: list, seat_times: list):
    """One deal; each bot's process time per move into seat_times (the machine may be busy:
    process time is what the move cost, whatever else runs)."""
    state = R.arena_deal(seed, game)
    clock = time.process_time
    while not state.is_over():
        seat = state.to_move()
        started = clock()
        move = bots[seat].choose(state.view(seat))
        seat_times[seat].append(clock() - started)
        state.play(move)
    return state


def strength(a: str, b: str, deals: int, seed: int, games: list) -> dict:
    result = {"a": a, "b": b, "deals": deals, "seed": seed, "types": {}}
    for game in games:
        differences = {}     # per deal seed: A's points minus the mean of B's seats, summed over seatings
        a_points, b_points = [], []
        times = {a: [], b: []}
        for index in range(deals):
            deal_seed = seed + index // 4
            seating = one_seat(index, 4)
            bots = [make_bot("kingen", (a, b)[bot], seed=(seed + index) * 10 + seat) for seat, bot in enumerate(seating)]
            seat_times: list = [[] for _ in range(4)]
            state = play_deal(deal_seed, game, bots, seat_times)
            mine = index % 4
            others = [seat for seat in range(4) if seat != mine]
            a_score = state.totals[mine]
            b_score = sum(state.totals[seat] for seat in others) / 3
            a_points.append(a_score)
            b_points.append(b_score)
            differences[deal_seed] = differences.get(deal_seed, 0.0) + (a_score - b_score) / 4
            times[a].extend(seat_times[mine])
            times[b].extend(spent for seat in others for spent in seat_times[seat])
        samples = list(differences.values())
        mean = sum(samples) / len(samples)
        spread = math.sqrt(sum((value - mean) ** 2 for value in samples) / max(1, len(samples) - 1))
        half = 1.96 * spread / math.sqrt(len(samples))
        result["types"][game] = {
            "a_per_deal": round(sum(a_points) / deals, 3), "b_per_deal": round(sum(b_points) / deals, 3),
            "difference": round(mean, 3), "difference_95": [round(mean - half, 3), round(mean + half, 3)],
            "per_deal": [round(value, 4) for value in samples],   # for paired comparisons of two runs
            "ms_per_move": {level: {"mean": round(1000 * sum(spent) / max(1, len(spent)), 1),
                                    "max": round(1000 * max(spent, default=0.0), 1)} for level, spent in times.items()},
        }
        print(table_row(game, result["types"][game], a, b), flush=True)
    rows = result["types"].values()
    result["mean_difference"] = round(sum(row["difference"] for row in rows) / len(result["types"]), 3)
    return result


def player(spec: str, seed: int) -> K.KingenBot:
    """A player from "level[:iterations[:exploration]]"."""
    level, *budget = spec.split(":")
    iterations = int(budget[0]) if budget and budget[0] else None
    exploration = float(budget[1]) if len(budget) > 1 else None
    return K.KingenBot(level, seed, iterations=iterations, exploration=exploration)


def card_value(state, seat: int, card: int, playouts: int, rng: random.Random) -> float:
    """`seat`'s mean points after playing `card` in the true deal, played out by the policy."""
    total = 0.0
    for _ in range(playouts):
        trial = state.single_deal()
        trial.play_fast(card)
        K.play_out(trial, rng.random)
        total += trial.points[seat]
    return total / playouts - state.points[seat]


def decisions(a: str, b: str, deals: int, seed: int, games: list, playouts: int = 200) -> dict:
    result = {"a": a, "b": b, "deals": deals, "seed": seed, "types": {}}
    judge = random.Random(seed)
    for game in games:
        differences = []
        for index in range(deals):
            state = R.arena_deal(seed + index, game)
            seats = [K.make("normal", seed=(seed + index) * 10 + seat) for seat in range(4)]
            while not state.is_over():
                seat = state.to_move()
                view = state.view(seat)
                if state.phase == R.PLAY and len(view.legal_moves()) > 1:
                    position_seed = (seed + index) * 1000 + len(state.trick) + 4 * state.done
                    card_a = player(a, position_seed).choose(view).index
                    card_b = player(b, position_seed).choose(view).index
                    differences.append(0.0 if card_a == card_b else
                                       card_value(state, seat, card_a, playouts, judge)
                                       - card_value(state, seat, card_b, playouts, judge))
                state.play(seats[seat].choose(view))
        count = len(differences)
        mean = sum(differences) / count
        spread = math.sqrt(sum((value - mean) ** 2 for value in differences) / max(1, count - 1))
        half = 1.96 * spread / math.sqrt(count)
        per_seat = count / deals / 4
        result["types"][game] = {"decisions": count, "differ": sum(1 for value in differences if value),
                                 "per_decision": round(mean, 4), "per_decision_95": [round(mean - half, 4),
                                                                                     round(mean + half, 4)],
                                 "decisions_per_seat": round(per_seat, 2), "per_deal": round(mean * per_seat, 3)}
        row = result["types"][game]
        print(f"{game:<18}{count:>6}{row['differ']:>7}{mean:>+9.4f} [{mean - half:+.4f}, {mean + half:+.4f}]"
              f"{per_seat:>6.1f}{row['per_deal']:>+8.3f}", flush=True)
    rows = result["types"].values()
    result["mean_per_deal"] = round(sum(row["per_deal"] for row in rows) / len(result["types"]), 3)
    return result


def table_row(game: str, row: dict, a: str, b: str) -> str:
    low, high = row["difference_95"]
    times = row["ms_per_move"]
    return (f"{game:<18}{row['a_per_deal']:>8.3f}{row['b_per_deal']:>8.3f}{row['difference']:>8.3f} "
            f"[{low:6.3f}, {high:6.3f}]   {a} {times[a]['mean']:.0f}/{times[a]['max']:.0f} ms, "
            f"{b} {times[b]['mean']:.0f}/{times[b]['max']:.0f} ms")


def mid_deal_views(count: int, seed: int = 1) -> list:
    """Views of the seat to move after 4 to 8 tricks of random play, the seven games in turn."""
    views = []
    index = 0
    while len(views) < count:
        state = R.new_game(seed + index, 4, deal=R.GAMES[index % 7])
        rng = random.Random(seed + index)
        stop = 4 + index % 5
        index += 1
        if state.phase == R.CHOOSE_TRUMP:
            state.play(rng.choice(state.legal_moves()))
        while not state.is_over() and state.done < stop:
            state.play(rng.choice(state.legal_moves()))
        if not state.is_over() and len(state.legal_moves()) > 1:
            views.append(state.view(state.to_move()))
    return views


def speed(positions: int, profile: bool) -> dict:
    """Hard's search from mid-deal positions, timed without a profiler; then, when asked, the
    same searches again under cProfile (which slows them down several times) for where the
    time goes."""
    views = mid_deal_views(positions)
    rates = []
    iterations = 0
    seconds = 0.0
    for view in views:
        bot = K.make("hard", 1)
        started = time.process_time()
        bot.choose(view)
        spent = time.process_time() - started
        iterations += bot.last.iterations
        seconds += spent
        rates.append(bot.last.iterations / spent)
    result = {"positions": len(views), "iterations": iterations, "seconds": round(seconds, 2),
              "per_second": round(iterations / seconds), "slowest": round(min(rates)), "fastest": round(max(rates))}
    print(f"hard: {iterations} iterations in {seconds:.2f} s of process time over {len(views)} mid-deal positions: "
          f"{iterations / seconds:.0f} iterations a second (per position {min(rates):.0f} to {max(rates):.0f})")
    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for view in views:
            K.make("hard", 1).choose(view)
        profiler.disable()
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(16)
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.kingen_bench", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    match = commands.add_parser("strength")
    match.add_argument("--a", default="hard", choices=K.LEVELS)
    match.add_argument("--b", default="normal", choices=K.LEVELS)
    match.add_argument("--deals", type=int, default=200, help="deals per game type (a multiple of 4)")
    match.add_argument("--seed", type=int, default=1)
    match.add_argument("--types", default=",".join(R.GAMES))
    match.add_argument("--json", default=None, help="also write the result to this file")
    cards = commands.add_parser("decisions")
    cards.add_argument("--a", default="hard", help="level[:iterations[:exploration]]")
    cards.add_argument("--b", default="normal", help="level[:iterations[:exploration]]")
    cards.add_argument("--deals", type=int, default=20, help="deals per game type")
    cards.add_argument("--seed", type=int, default=1)
    cards.add_argument("--types", default=",".join(R.GAMES))
    cards.add_argument("--json", default=None, help="also write the result to this file")
    fast = commands.add_parser("speed")
    fast.add_argument("--positions", type=int, default=28)
    fast.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "speed":
        speed(args.positions, args.profile)
        return 0
    games = args.types.split(",")
    for game in games:
        if game not in R.GAMES:
            parser.error(f"unknown game type {game!r}")
    if args.command == "decisions":
        for spec in (args.a, args.b):
            if spec.split(":")[0] not in K.LEVELS:
                parser.error(f"unknown level in {spec!r}; levels: {', '.join(K.LEVELS)}")
        print(f"{args.a} against {args.b}, judged card by card, {args.deals} deals per type, seed {args.seed}")
        print(f"{'type':<18}{'cards':>6}{'differ':>7}{'A-B a card':>11}  95% interval        a seat  a deal")
        result = decisions(args.a, args.b, args.deals, args.seed, games)
        print(f"mean over the types: {result['mean_per_deal']:+.3f} points a deal")
    else:
        print(f"{args.a} in one seat against three {args.b}, {args.deals} deals per type, seed {args.seed}")
        print(f"{'type':<18}{'A/deal':>8}{'B/deal':>8}{'A-B':>8}  95% interval        time per move mean/max")
        result = strength(args.a, args.b, args.deals, args.seed, games)
        print(f"mean difference over the types: {result['mean_difference']:.3f} points a deal")
    if args.json:
        with open(args.json, "w") as file:
            json.dump(result, file, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
