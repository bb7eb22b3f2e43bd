"""How long the review's analysis takes: `python -m ai.analysis.bench [--games G,...] [--seed S]`.

For each game a record is made by random play from `--seed` (the first seat human, the others
random, as `game.record.random_record`), played to its end, and analysed as the review does:
`Runner` with its worker processes (one per core, at most two) at the default work. It prints,
in wall-clock seconds, when the first judgement came in (the first screen of analysis), when
the last did (the whole game), how many moves were judged and the median time a judgement took
of one process. For Kingen it also analyses the record cut after the first deal (a whole deal).

The judges count their budgets in work, so the verdicts are the same on any machine; only the
times here depend on the machine and on what else runs on it (run it on a quiet one).
"""
from __future__ import annotations

import argparse
import statistics
import time

from ai.analysis import judge_module
from ai.analysis.runner import PROCESSES, Runner
from game import record as records
from game import registry

GAMES = tuple(name for name in registry.GAMES if judge_module(name) is not None)   # the games with a judge


def timed(record) -> dict:
    """Analyse `record` as the review does; the times (s) of its first and last judgement."""
    start = time.perf_counter()
    runner = Runner(record.to_dict())
    arrivals = []
    try:
        while not runner.finished():
            arrivals += [time.perf_counter() - start for _ in runner.poll()]
            time.sleep(0.005)
        arrivals += [time.perf_counter() - start for _ in runner.poll()]
        if runner.failed:
            raise SystemExit(f"the analysis failed: {runner.failed}")
    finally:
        runner.cancel()
    gaps = [later - earlier for earlier, later in zip(arrivals, arrivals[1:])]
    return {"judged": len(arrivals), "first": arrivals[0] if arrivals else float("nan"),
            "all": arrivals[-1] if arrivals else float("nan"),
            "each": PROCESSES * statistics.median(gaps) if gaps else float("nan")}


def first_deal(record):
    """The record cut where Kingen's second deal begins (its moves up to the first "deal")."""
    cut = records.Record(record.game, record.players, list(record.seats), dict(record.options), record.seed)
    for code in record.moves:
        cut.moves.append(code)
        if code == "deal":
            break
    return cut


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{PROCESSES} worker processes; wall-clock seconds")
    print(f"{'game':<24}{'moves':>7}{'judged':>8}{'first':>8}{'whole':>9}{'each':>7}")
    for game in args.games.split(","):
        record = records.random_record(game, args.seed, moves=100_000)
        rows = [(game, record)]
        if game == "kingen":
            rows.append(("kingen, first deal", first_deal(record)))
        for name, chosen in rows:
            found = timed(chosen)
            print(f"{name:<24}{len(chosen.moves):>7}{found['judged']:>8}{found['first']:>8.2f}"
                  f"{found['all']:>9.1f}{found['each']:>7.2f}", flush=True)


if __name__ == "__main__":
    main()
