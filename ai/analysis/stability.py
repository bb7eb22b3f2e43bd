"""Do the review's verdicts hang on the analysis' randomness?

    python -m ai.analysis.stability [--games kingen,keezen] [--records 1,2,3] [--seeds 0,1,2]
                                    [--work 1] [--processes 2]

Each record is a whole game made by random play (`game.record.random_record` from each of
`--records`: the first seat human, so its moves are judged, as the review judges them), and
is analysed once under each analysis seed of `--seeds`. For every judged move it compares the
verdicts: "same" where every seed gives the same one (an "about as good" counts as good),
"jumps" where one seed says good and another mistake or worse. It also counts the CPU seconds
(process time: a loaded machine does not change it) a whole game's analysis took in one process
(its mean over the seeds; the review's two processes share it), the first judgement and the
slowest one took (the most over the seeds), and how many times a position was judged on more
deals because it was too close to call. The target: at least 97% the same and no jumps.
"""
from __future__ import annotations

import argparse
import time
from multiprocessing import get_context

from game import record as records


def judge(task) -> tuple:
    """In a worker: the verdicts of one record under one seed, and the CPU seconds they took."""
    from ai import analysis
    game, number, seed, work = task
    record = records.random_record(game, number, moves=100_000)
    rounds = []
    original = analysis.merged

    def counted(first, second):
        rounds.append(1)
        return original(first, second)

    analysis.merged = counted       # counts the positions judged on more deals
    verdicts, times = {}, []
    start = time.process_time()
    for judgement in analysis.analyse(record, None, work, seed):
        verdicts[judgement.ply] = judgement.verdict
        times.append(time.process_time() - start - sum(times))
    analysis.merged = original
    return task, verdicts, times, len(rounds)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="kingen,keezen")
    parser.add_argument("--records", default="1,2,3", help="the random records' numbers")
    parser.add_argument("--seeds", default="0,1,2", help="the analysis seeds compared")
    parser.add_argument("--work", type=float, default=1.0)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args(argv)
    seeds = [int(seed) for seed in args.seeds.split(",")]
    tasks = [(game, int(number), seed, args.work) for game in args.games.split(",")
             for number in args.records.split(",") for seed in seeds]
    with get_context("spawn").Pool(args.processes) as pool:
        done = pool.map(judge, tasks)
    found = {task: (verdicts, cpu, more) for task, verdicts, cpu, more in done}
    print(f"{'game':<8}{'record':>7}{'judged':>8}{'same':>7}{'jumps':>7}{'cpu s':>8}{'first':>7}{'slowest':>9}"
          f"{'more deals':>12}")
    totals = [0, 0, 0]
    for game in args.games.split(","):
        for number in args.records.split(","):
            runs = [found[(game, int(number), seed, args.work)] for seed in seeds]
            plies = sorted(runs[0][0])
            same = sum(len({run[0][ply] for run in runs}) == 1 for ply in plies)
            jumps = sum({"good"} <= {run[0][ply] for run in runs} and
                        bool({"mistake", "blunder"} & {run[0][ply] for run in runs}) for ply in plies)
            cpu = sum(sum(run[1]) for run in runs) / len(runs)
            first = max(run[1][0] for run in runs if run[1])
            slowest = max(max(run[1]) for run in runs if run[1])
            more = sum(run[2] for run in runs) / len(runs)
            print(f"{game:<8}{number:>7}{len(plies):>8}{same:>7}{jumps:>7}{cpu:>8.1f}{first:>7.2f}{slowest:>9.2f}"
                  f"{more:>12.0f}", flush=True)
            totals = [totals[0] + len(plies), totals[1] + same, totals[2] + jumps]
    print(f"all: {totals[1]} of {totals[0]} verdicts the same under seeds {args.seeds} "
          f"({100 * totals[1] / max(1, totals[0]):.1f}%), {totals[2]} from good to mistake or worse")


if __name__ == "__main__":
    main()
