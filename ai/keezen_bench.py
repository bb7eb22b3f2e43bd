"""How well Keezen's judgement of a position (`ai.keezen.evaluate`) predicts the winner: a
benchmark for its constants, not a test (the games take minutes).

    python -m ai.keezen_bench judge --level normal --games 100 --seed 5000

plays `--games` games with the level in all four seats (rule: the rule of thumb without slips),
keeps every sixth position with the game's winner, and prints the log loss (lower is better;
a coin scores 0.693) of `evaluate`'s winning chance for each `HOME_WORTH` and `SCALE` of a
grid, the constants in use marked with `*`. What runs of it gave, and how the constants in
use were chosen (by games, not by this fit): docs/benchmark-notes.md.
"""
from __future__ import annotations

import argparse
import math
import random

from ai import keezen as K
from game.keezen import rules as R

HOME_WORTHS = (10, 30, 60, 100, 160)
SCALES = (40, 80, 120, 160, 240, 360, 500)
EVERY = 6  # keep every sixth position: neighbouring positions say almost the same


def positions(level: str, games: int, seed: int) -> list:
    """(position, 1.0 if blue + yellow won else 0.0) from `games` games; drawn games are left out."""
    kept = []
    for game in range(seed, seed + games):
        state = R.arena_game(game, R.PLAYERS)
        rng = random.Random(game)
        bots = None if level == "rule" else [K.KeezenBot(level, game * 10 + seat) for seat in range(R.PLAYERS)]
        seen = []
        turn = 0
        while not state.is_over():
            if turn % EVERY == 0:
                seen.append(state.copy())
            seat = state.to_move()
            if bots is None:
                move = K.best_by_rule(state, state.legal_moves(), rng)
            else:
                move = bots[seat].choose(state.view(seat))
            state.play(move)
            turn += 1
        winners = state.winners()
        if winners:
            kept.extend((position, 1.0 if winners[0] == 0 else 0.0) for position in seen)
    return kept


def log_loss(samples: list, home_worth: float, scale: float) -> float:
    """The mean log loss of the winning chance `evaluate` would give with these constants."""
    worth = K.progress_table(home_value=home_worth)
    total = 0.0
    for position, won in samples:
        chance = min(max(K.winning_chance(K.team_values(position, worth), scale), 1e-9), 1.0 - 1e-9)
        total -= math.log(chance if won else 1.0 - chance)
    return total / len(samples)


def judge(level: str, games: int, seed: int) -> dict:
    samples = positions(level, games, seed)
    grid = {(worth, scale): log_loss(samples, worth, scale) for worth in HOME_WORTHS for scale in SCALES}
    return {"positions": len(samples), "grid": grid}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.keezen_bench", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("judge", help="how well evaluate predicts the winner")
    command.add_argument("--level", default="normal", choices=("rule", "easy", "normal", "hard"))
    command.add_argument("--games", type=int, default=100)
    command.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args(argv)
    result = judge(args.level, args.games, args.seed)
    print(f"{result['positions']} positions of {args.games} games of {args.level} players; "
          f"log loss (a coin: 0.693), * the constants in use")
    print("HOME_WORTH \\ SCALE " + " ".join(f"{scale:>7}" for scale in SCALES))
    for worth in HOME_WORTHS:
        cells = []
        for scale in SCALES:
            mark = "*" if (worth, scale) == (K.HOME_WORTH, K.SCALE) else " "
            cells.append(f"{result['grid'][worth, scale]:6.3f}{mark}")
        print(f"{worth:>18} " + " ".join(cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
