"""Benchmarks of the Quarto computer player (not tests: they time things).

    python -m ai.quarto_bench                        # exact solves, 8 to 11 empty squares
    python -m ai.quarto_bench --empties 11-13 --positions 15 --seed 7 --repeat 3
    python -m ai.quarto_bench --empties 11-12 --against 77e0510    # another version, same positions
    python -m ai.quarto_bench --game 13 --games 8    # each position of a game: one table or fresh ones
    python -m ai.quarto_bench --hard 13              # the hard level's move where it goes exact
    python -m ai.quarto_bench --not-losing           # only hard's first stage: a move that does not lose
    python -m ai.quarto_bench --no-loss 30 --empties 11   # hard keeps every draw and win
    python -m ai.quarto_bench --review --empties 10-12   # the review's judgement of a move
    python -m ai.quarto_bench --squares --attributes 7   # another rule set (2x2 squares, three attributes)
    python -m ai.quarto_bench --symmetry             # do symmetric transposition keys pay?

How it measures. Positions come from random play in which nobody hands over a piece that
wins at once (when a safe piece exists) and the player to move cannot win at once: the
positions a game reaches (`random_position`; `--empties E --seed S` gives the same positions
in every version of the solver). Each position is solved to the end by a fresh solver (an
empty table) `--repeat` times; its time is the median of those runs in process time
(time.process_time: the machine has two cores and other work on them, so wall time says
little, and even process time varies by some 15% from run to run: compare versions in one
run). A row gives the median and the largest time over the positions, the median node count
(the same in every run: the solver is deterministic) and the values found.

`--against REV` loads ai/quarto.py as it was at git revision REV (`git show`) into a
temporary module, outside the tree, and solves the same positions with it too, the two
versions taking turns in every repeat; their values must agree.

`--game E` plays `--games` random games on from E empty squares and solves every position
of each to the end twice: with a fresh solver per position, and with one solver whose
transposition table is carried from each position to the next (as a review of the game
would); it reports per game the first position, the rest, and the whole.

`--review` times the review's judgement of one move (what the review's worker does for each
move it judges: the exact solver within the judge's node budget, else the estimate) and says
how many judgements were exact and how many solver nodes the judge spent.

`--hard E` times the hard level's whole move (QuartoBot.think: its exact stage and the
heuristic answer it prepares first) on positions with E empty squares.

A solve must finish: no node budget is given, and `--cap` (process seconds a solve,
default 300) is only a safety net. A solve cut short, or two versions or two ways of solving
that disagree on a value, stop the run with a message and exit status 2, so that no figure
ever times a partial search.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from ai import quarto as Q
from ai.negamax import SearchTimeout
from game.quarto import rules as R

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Incomplete(Exception):
    """A measurement that would time the wrong thing: a solve cut short, or values that differ."""


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


def load_version(rev: str):
    """ai/quarto.py as it was at git revision `rev`, imported from a temporary file."""
    try:
        text = subprocess.run(["git", "show", f"{rev}:ai/quarto.py"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        raise Incomplete(f"cannot read ai/quarto.py at {rev!r}: {error}") from error
    handle, path = tempfile.mkstemp(prefix="quarto_at_", suffix=".py")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write(text)
    spec = importlib.util.spec_from_file_location(f"quarto_at_{rev}".replace("~", "_").replace("^", "_"), path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    os.unlink(path)
    return module


def solve_once(module, state, window=(-1, 1), cap: float = 300.0, solver=None):
    """(value, nodes, process seconds) of one complete search of `state` by `module`'s
    solver (a fresh one unless `solver` is given); Incomplete if it is cut short."""
    geo = module.geometry_of(state)
    pos = geo.position(state.board, state.hand)
    if solver is None:
        solver = module.Exact(geo)
    started = time.process_time()
    try:
        value, _ = solver.search(pos, *window, deadline=started + cap)
    except SearchTimeout:
        raise Incomplete(f"a solve was cut short by the --cap safety net ({cap:g} process seconds) "
                         f"at {state.to_notation()!r}: its time would not be a solve's") from None
    spent = time.process_time() - started
    if value not in (-1, 0, 1):
        raise Incomplete(f"the solver returned {value!r} at {state.to_notation()!r}")
    return value, solver.nodes, spent


def solve_times(empties: int, positions: int, seed: int, cap: float = 300.0, options=None,
                window=(-1, 1), repeat: int = 1, versions=None) -> dict:
    """Per version (name -> module; this tree's ai.quarto alone by default): the process time
    of complete solves by fresh solvers of the same positions, median of `repeat` runs each;
    window (-1, 0) times the hard level's first stage (a move proven not to lose)."""
    versions = versions or {"this tree": Q}
    rng = random.Random(seed * 1000 + empties)
    states = [random_position(rng, empties, options) for _ in range(positions)]
    runs = {name: {"times": [], "nodes": [], "values": []} for name in versions}
    for state in states:
        found = {name: [] for name in versions}
        for _ in range(repeat):
            for name, module in versions.items():
                found[name].append(solve_once(module, state, window, cap))
        values = {name: {run[0] for run in got} for name, got in found.items()}
        if len(set().union(*values.values())) > 1:
            raise Incomplete(f"the versions disagree at {state.to_notation()!r}: {values}")
        for name, got in found.items():
            runs[name]["times"].append(statistics.median(run[2] for run in got))
            runs[name]["nodes"].append(got[0][1])
            runs[name]["values"].append(got[0][0])
    rows = {}
    for name, run in runs.items():
        times = run["times"]
        rows[name] = {"empties": empties, "positions": positions, "median_s": statistics.median(times),
                      "max_s": max(times), "median_nodes": statistics.median(run["nodes"]),
                      "within_1s": sum(1 for t in times if t <= 1.0), "times": times,
                      "values": run["values"]}
    return rows


def game_positions(rng: random.Random, empties: int, options=None) -> list:
    """The positions of one game played on at random (no winning piece handed over while a
    safe one exists) from `empties` empty squares: every position in which the player to
    move must search (no win at once, pieces left to give)."""
    state = random_position(rng, empties, options)
    geo = Q.geometry_of(state)
    out = []
    while not state.game_done:
        pos = geo.position(state.board, state.hand)
        if geo.winning_squares(pos) or not pos[1]:
            break
        out.append(state.copy())
        sets = geo.safe_sets(pos)
        moves = [(s, q) for s, safe in sets for q in Q.BITS[safe]]
        if not moves:
            break           # every give wins for the opponent: the game is decided
        s, q = rng.choice(moves)
        state.play(R.Place(s, q))
    return out


def game_times(empties: int, games: int, seed: int, cap: float = 300.0, options=None) -> dict:
    """Every position of `games` games from `empties` empty squares solved to the end, by a
    fresh solver each and by one solver carried through the game (its table kept)."""
    rng = random.Random(seed * 1000 + empties)
    rows = {"fresh": [], "carried": []}
    for _ in range(games):
        states = game_positions(rng, empties, options)
        fresh = [solve_once(Q, state, cap=cap) for state in states]
        geo = Q.geometry_of(states[0])
        kept = Q.Exact(geo)
        carried = [solve_once(Q, state, cap=cap, solver=kept) for state in states]
        for state, a, b in zip(states, fresh, carried):
            if a[0] != b[0]:
                raise Incomplete(f"a carried table changed a value at {state.to_notation()!r}")
        for name, runs in (("fresh", fresh), ("carried", carried)):
            rows[name].append({"first": runs[0][2], "rest": sum(r[2] for r in runs[1:]),
                               "whole": sum(r[2] for r in runs), "positions": len(runs)})
    return rows


def hard_times(empties: int, positions: int, seed: int, options=None) -> dict:
    """The hard level's whole move (QuartoBot.think) on positions with `empties` empty squares:
    process time, whether its answer was exact, and its exact stage's nodes."""
    rng = random.Random(seed * 1000 + empties)
    times, exact, values = [], 0, []
    for index in range(positions):
        state = random_position(rng, empties, options)
        bot = Q.QuartoBot("hard", seed=index)
        geo = Q.geometry_of(state)
        started = time.process_time()
        bot.think(geo, geo.position(state.board, state.hand), state)
        times.append(time.process_time() - started)
        exact += bool(bot.last_info.get("exact"))
        values.append(bot.last_info.get("value"))
    return {"empties": empties, "positions": positions, "median_s": statistics.median(times),
            "max_s": max(times), "exact": exact, "values": values}


def review_times(empties: int, positions: int, seed: int, options=None, work: float = 1.0) -> dict:
    """The review's judgement of one move (ai.analysis.quarto, as the review's worker makes
    it, at `work`) on positions with `empties` empty squares, the move played drawn among those
    that hand over no winning piece: process time, how many were exact, the solver's nodes."""
    from ai.analysis import quarto as AQ

    rng = random.Random(seed * 1000 + empties)
    states = [random_position(rng, empties, options) for _ in range(positions)]
    times, spent, exact = [], [], 0
    for index, state in enumerate(states):
        pick = random.Random(seed * 1000 + index)
        geo = Q.geometry_of(state)
        pos = geo.position(state.board, state.hand)
        safe = [(s, q) for s, ok in geo.safe_sets(pos) for q in Q.BITS[ok]]
        legal = state.legal_moves()
        played = R.Place(*pick.choice(safe)) if safe else pick.choice(legal)
        view = state.view(state.turn)
        started = time.process_time()
        judge = AQ._Judge(view, legal, work)
        values = judge.values(played)
        times.append(time.process_time() - started)
        spent.append(judge.spent)
        exact += bool(values.exact)
    return {"empties": empties, "positions": positions, "median_s": statistics.median(times),
            "max_s": max(times), "exact": exact, "median_nodes": statistics.median(spent),
            "max_nodes": max(spent)}


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
            "second_move_root_moves": len(moves), "second_move_distinct": len(distinct),
            "own_symmetry_of_200": own_symmetry(200, seed)}


def own_symmetry(positions: int, seed: int) -> dict:
    """Per number of empty squares (12, 11, 10): how many of `positions` positions have a
    symmetry of their own (board and hand), the only case where symmetric moves at the root
    could be searched once."""
    found = {}
    for empties in (12, 11, 10):
        rng = random.Random(seed * 1000 + empties)
        states = [random_position(rng, empties) for _ in range(positions)]
        found[empties] = sum(1 for state in states
                             if len(Q.stabilizer(Q.geometry_of(state), state.board, state.hand)) > 1)
    return found


def _values(values) -> str:
    names = {1: "won", 0: "drawn", -1: "lost"}
    return ", ".join(f"{values.count(v)} {names[v]}" for v in (1, 0, -1) if values.count(v))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.quarto_bench", description=__doc__.split("\n")[0])
    parser.add_argument("--empties", default="8-11", help="a number or a range such as 8-12")
    parser.add_argument("--positions", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1, help="solves of each position (the median counts)")
    parser.add_argument("--cap", type=float, default=300.0,
                        help="process seconds after which a solve is stopped, failing the run")
    parser.add_argument("--against", metavar="REV", help="also time ai/quarto.py as at this git revision")
    parser.add_argument("--squares", action="store_true", help="the advanced 2x2 variant")
    parser.add_argument("--attributes", type=int, default=15, metavar="MASK",
                        help="the attributes that count, as a bit mask (15: all four)")
    parser.add_argument("--game", type=int, metavar="E", help="solve every position of games from E empty squares")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--hard", type=int, metavar="E", help="time the hard level's move at E empty squares")
    parser.add_argument("--review", action="store_true",
                        help="time the review's judgement of a move (ai.analysis.quarto) instead")
    parser.add_argument("--no-loss", type=int, default=0, metavar="N", help="play N solvable positions")
    parser.add_argument("--symmetry", action="store_true")
    parser.add_argument("--not-losing", action="store_true",
                        help="time only the proof of a move that does not lose (hard's first stage)")
    args = parser.parse_args(argv)
    options = {"squares": True} if args.squares else {}
    if args.attributes != 15:
        if not 0 < args.attributes < 16:
            print("quarto_bench: --attributes is a mask of the four attributes, 1 to 15", file=sys.stderr)
            return 2
        options["attributes"] = args.attributes
    try:
        return _run(args, options)
    except Incomplete as error:
        print(f"quarto_bench: FAILED, nothing measured: {error}", file=sys.stderr)
        return 2


def _run(args, options) -> int:
    if args.symmetry:
        print(symmetry(max(1, args.positions // 3), args.seed))
        return 0
    low, _, high = args.empties.partition("-")
    if args.no_loss:
        print(no_loss(args.no_loss, args.seed, int(low)))
        return 0
    if args.hard is not None:
        row = hard_times(args.hard, args.positions, args.seed, options)
        print(f"hard at {args.hard} empty squares, {row['positions']} positions, seed {args.seed}: "
              f"median {row['median_s']:.3f} s, max {row['max_s']:.3f} s (process time a move); "
              f"exact {row['exact']}/{row['positions']}", flush=True)
        return 0
    if args.game is not None:
        rows = game_times(args.game, args.games, args.seed, args.cap, options)
        print(f"games from {args.game} empty squares, {args.games} games, seed {args.seed}, "
              f"process time of complete solves of every position:")
        for name, runs in rows.items():
            print(f"  {name:>8}: first position median {statistics.median(r['first'] for r in runs):.3f} s, "
                  f"the rest median {statistics.median(r['rest'] for r in runs):.3f} s, "
                  f"whole game median {statistics.median(r['whole'] for r in runs):.3f} s, "
                  f"max {max(r['whole'] for r in runs):.3f} s", flush=True)
        return 0
    if args.review:
        for empties in range(int(low), int(high or low) + 1):
            row = review_times(empties, args.positions, args.seed, options)
            print(f"{empties:>2} empty, {args.positions} positions, seed {args.seed}, the review's judgement "
                  f"of a move: median {row['median_s']:.3f} s, max {row['max_s']:.3f} s (process time); "
                  f"exact {row['exact']}/{row['positions']}; solver nodes median {row['median_nodes']:.0f}, "
                  f"max {row['max_nodes']}", flush=True)
        return 0
    versions = {"this tree": Q}
    if args.against:
        versions[args.against] = load_version(args.against)
    window = (-1, 0) if args.not_losing else (-1, 1)
    what = "a move that does not lose" if args.not_losing else "complete solves"
    for empties in range(int(low), int(high or low) + 1):
        rows = solve_times(empties, args.positions, args.seed, args.cap, options, window,
                           args.repeat, versions)
        print(f"{empties:>2} empty, {args.positions} positions, seed {args.seed}, {what}, process time "
              f"(median of {args.repeat} run{'s' if args.repeat > 1 else ''} a position):", flush=True)
        base = rows["this tree"]
        for name, row in rows.items():
            ratio = "" if name == "this tree" else f"  ({row['median_s'] / base['median_s']:.1f}x this tree's median)"
            print(f"  {name:>10}: median {row['median_s']:.3f} s, max {row['max_s']:.3f} s, "
                  f"median nodes {row['median_nodes']:.0f}, within 1 s {row['within_1s']}/{row['positions']}, "
                  f"values: {_values(row['values'])}{ratio}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
