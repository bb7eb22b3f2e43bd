"""Benchmarks of the Quarto computer player (not tests: they time things).

    python -m ai.quarto_bench                      # exact-solve time by empty squares
    python -m ai.quarto_bench --empties 9-12 --positions 20 --seed 1
    python -m ai.quarto_bench --no-loss 30 --empties 11   # hard keeps every draw and win
    python -m ai.quarto_bench --symmetry           # do symmetric transposition keys pay?
    python -m ai.quarto_bench --not-losing         # only hard's first stage: a move that does not lose

Positions come from random play in which nobody hands over a piece that wins at once (when
a safe piece exists) and the player to move cannot win at once: the positions a game
reaches. Each position is solved by a fresh solver (an empty transposition table), as the
hard level's exact search does it; `--cap` seconds stops a solve that runs away (counted).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from ai import quarto as Q
from ai.negamax import SearchTimeout
from game.quarto import rules as R


def random_position(rng: random.Random, empties: int, options: dict | None = None):
    """A rules State with `empties` empty squares and a piece in hand that wins nowhere."""
    while True:
        state = R.new_game(rng.randrange(10 ** 9), 2, options or {})
        state.play(R.Give(rng.randrange(16)))
        geo = Q.geometry_of(state)
        ok = True
        while state.board.count(None) > empties:
            pos = geo.position(state.board, state.hand)
            sets = [(s, safe) for s, safe in geo.safe_sets(pos) if not geo.wins_at(pos, s)]
            safe_moves = [(s, q) for s, safe in sets for q in Q.BITS[safe]]
            if not safe_moves:
                ok = False
                break
            s, q = rng.choice(safe_moves)
            state.play(R.Place(s, q))
        if not ok or state.game_done:
            continue
        pos = geo.position(state.board, state.hand)
        if not geo.winning_squares(pos):
            return state


def solve_times(empties: int, positions: int, seed: int, cap: float, options=None,
                window=(-1, 1)) -> dict:
    """Fresh-solver times over random positions; window (-1, 0) times the hard level's first
    stage (a move proven not to lose) instead of the full value."""
    rng = random.Random(seed * 1000 + empties)
    times, cpu, nodes, values, capped = [], [], [], [], 0
    for _ in range(positions):
        state = random_position(rng, empties, options)
        geo = Q.geometry_of(state)
        solver = Q.Exact(geo)
        started = time.perf_counter()
        cpu_started = time.process_time()
        try:
            value, _ = solver.search(geo.position(state.board, state.hand), *window, started + cap)
            values.append(value)
        except SearchTimeout:
            capped += 1
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
        nodes.append(solver.nodes)
    return {"empties": empties, "positions": positions, "median_s": statistics.median(times),
            "max_s": max(times), "median_cpu_s": statistics.median(cpu), "max_cpu_s": max(cpu), "median_nodes": statistics.median(nodes), "capped": capped,
            "within_1s": sum(1 for t in times if t <= 1.0), "values": values}


def no_loss(games: int, seed: int, empties: int = 9) -> dict:
    """Hard plays positions against a perfect opponent (the exact solver without a time
    limit). It must never lose a position whose value is a draw or a win; a won position
    it only draws (it could not prove the win within its budget) is counted apart."""
    rng = random.Random(seed)
    result_counts = {"kept": 0, "won_but_drawn": 0, "lost": 0}
    by_value = {1: 0, 0: 0, -1: 0}
    for index in range(games):
        state = random_position(rng, empties)
        geo = Q.geometry_of(state)
        value, _ = Q.Exact(geo).solve(geo.position(state.board, state.hand))
        by_value[value] += 1
        if value < 0:
            continue
        hard = Q.QuartoBot("hard", seed=index)
        perfect = Q.QuartoBot("hard", seed=index + 1)
        perfect.exact_max = 16
        perfect.exact_nodes = 10**12
        perfect.CAP_SECONDS = 600.0
        me = state.turn
        start = state.to_notation()
        while not state.game_done:
            bot = hard if state.turn == me else perfect
            state.play(bot.choose(state.view(state.turn)))
        result = 1 if state.winner == me else -1 if state.winner is not None else 0
        if result >= value:
            result_counts["kept"] += 1
        elif result == 0:
            result_counts["won_but_drawn"] += 1
        else:
            result_counts["lost"] += 1
            print(f"  lost a position of value {value}: {start}", file=sys.stderr)
    return {"positions": games, "empties": empties, "values": by_value, **result_counts}


def symmetry(positions: int, seed: int, empties: int = 10) -> dict:
    """How much symmetric transpositions would merge in a real search tree, and their cost."""
    rng = random.Random(seed)
    raw = merged = 0
    spent = 0.0
    calls = 0
    for _ in range(positions):
        state = random_position(rng, empties)
        geo = Q.geometry_of(state)
        solver = Q.Exact(geo)
        solver.solve(geo.position(state.board, state.hand))
        keys = list(solver.tt)
        classes = set()
        sample = keys if len(keys) <= 300 else random.Random(1).sample(keys, 300)
        for key in sample:
            p = key & 15
            board_key = key >> 4
            board = [None] * 16
            for s in range(16):
                v = (board_key >> (5 * s)) & 31
                board[s] = v - 1 if v else None
            started = time.perf_counter()
            classes.add(Q.canonical_key(geo, board, p))
            spent += time.perf_counter() - started
            calls += 1
        raw += len(sample)
        merged += len(classes)
    # the opening: how many root moves the position's own symmetries leave
    geo = Q.geometry(False, 15)
    board = [None] * 16
    board[0] = 0
    pos = geo.position(board, 1)
    moves = [(s, q) for s, safe in geo.safe_sets(pos) for q in Q.BITS[safe]]
    distinct = Q.distinct_moves(geo, board, 1, moves)
    return {"tree_positions": raw, "symmetry_classes": merged,
            "saving": round(1 - merged / max(raw, 1), 4),
            "canonical_key_us": round(1e6 * spent / max(calls, 1), 1),
            "second_move_root_moves": len(moves), "second_move_distinct": len(distinct)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.quarto_bench", description=__doc__.split("\n")[0])
    parser.add_argument("--empties", default="8-11", help="a number or a range such as 8-12")
    parser.add_argument("--positions", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cap", type=float, default=20.0, help="seconds before a solve is stopped")
    parser.add_argument("--squares", action="store_true", help="the advanced 2x2 variant")
    parser.add_argument("--no-loss", type=int, default=0, metavar="N", help="play N solvable positions")
    parser.add_argument("--symmetry", action="store_true")
    parser.add_argument("--not-losing", action="store_true",
                        help="time only the proof of a move that does not lose (hard's first stage)")
    args = parser.parse_args(argv)
    if args.symmetry:
        print(symmetry(max(1, args.positions // 3), args.seed))
        return 0
    low, _, high = args.empties.partition("-")
    if args.no_loss:
        print(no_loss(args.no_loss, args.seed, int(low)))
        return 0
    options = {"squares": True} if args.squares else {}
    for empties in range(int(low), int(high or low) + 1):
        window = (-1, 0) if args.not_losing else (-1, 1)
        row = solve_times(empties, args.positions, args.seed, args.cap, options, window)
        print(f"{empties:>2} empty: median {row['median_s']:.3f} s, max {row['max_s']:.3f} s "
              f"(cpu median {row['median_cpu_s']:.3f} s, max {row['max_cpu_s']:.3f} s), "
              f"median nodes {row['median_nodes']:.0f}, within 1 s {row['within_1s']}/{row['positions']}, "
              f"capped {row['capped']}, values {row['values']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
