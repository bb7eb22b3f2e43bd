"""How long loading a game record takes: the longest records of every game, replayed.

    python -m game.record_bench [--repeat 7] [--seed 1] [--json]

For each game it plays the longest kind of game there is with random legal moves (a 10-deal
Kingen match, a 20-deal Dubbelkingen match, a Kings Corners match of four, a Quarto match of
ten games, a Keezen game) or, in 4 Koningen, where random moves lose at once, with the easy
helper; then it times `record.from_dict(...).replay()`, which
is what Continue and a review do: the reading of every field and the replay of every move.
It prints the moves and the median and slowest of `--repeat` replays per record.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from ai import make_bot
from game import record, registry
from game.record import Record

LONGEST = {   # game: (players, options)
    "kingen": (4, {"match": "kingen"}),
    "dubbelkingen": (4, {"match": "dubbelkingen"}),
    "kings_corners": (4, {}),
    "quarto": (2, {"games": 10}),
    "keezen": (4, {}),
    "vier_koningen": (1, {}),
}


def longest_record(name: str, seed: int) -> dict:
    game = "kingen" if name == "dubbelkingen" else name
    players, options = LONGEST[name]
    rules = registry.game(game).rules()
    kept = Record.new(game, {"players": players, "seats": ["random"] * players, "options": options}, seed)
    kept.options = {option.key: options.get(option.key, option.default) for option in rules.OPTIONS}
    state = rules.new_game(seed, players, dict(kept.options))
    rng = random.Random(seed)
    helper = make_bot(game, "easy", seed) if game == "vier_koningen" else None
    while not state.is_over():
        move = helper.choose(state.view(0)) if helper else rng.choice(state.legal_moves())
        state.play(move)
        kept.add(move)
    return kept.to_dict()


def measure(name: str, seed: int, repeat: int) -> dict:
    data = json.loads(json.dumps(longest_record(name, seed)))
    seconds = []
    for _ in range(repeat):
        began = time.perf_counter()
        record.from_dict(data).replay()
        seconds.append(time.perf_counter() - began)
    return {"game": name, "moves": len(data["moves"]), "median_ms": round(statistics.median(seconds) * 1000, 1),
            "slowest_ms": round(max(seconds) * 1000, 1)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = [measure(name, args.seed, args.repeat) for name in LONGEST]
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for row in rows:
            print(f"{row['game']:>14}: {row['moves']:5d} moves, replayed in {row['median_ms']:7.1f} ms "
                  f"(median of {args.repeat}; slowest {row['slowest_ms']} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
