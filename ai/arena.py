"""Bot-versus-bot matches from the command line.

    python -m ai.arena GAME --a BOT --b BOT --games N --seed S [--players P] [--json]
        [--one] [--deal TYPE] [--options JSON]

Bots are levels (easy, normal, hard, random). They take the seats in turn (A B A B in a
four-seat game) and the first seat alternates from game to game, so neither side always
starts; a solo game takes --a alone. With --one, A takes a single seat and B all the others;
A's seat moves on by one every game and the same deal is played once with A in each seat
(game i is seed S + i // P), so the cards favour nobody. Each game is the rules module's
`arena_game(seed, players)`; with --options it is `new_game(seed, players, options)`, and
with --deal TYPE a single deal of that type, `arena_deal(seed, TYPE)` (Kingen: one of its
seven games). Every bot sees only its seat's `view`. A rules state may add figures of its own
through `arena_stats()` (a dict of numbers), which are averaged per bot; a state with
`deals_played()` also gets each bot's mean points per deal. Each bot's time per move is
reported (mean and max) besides the overall one.
A bot that searches keeps its last search result in `.last` (with `iterations` and
`seconds`, as `ai.mcts` gives it): the arena then reports the search iterations per second of
process time.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time

from ai import LEVELS, make_bot
from game import registry


def seat_bots(game_index: int, players: int, names: list[str]) -> list[str]:
    """Which bot sits in each seat: A B A B, shifted by one every other game."""
    if len(names) == 1:
        return [names[0]] * players
    shift = game_index % 2
    return [names[(seat + shift) % 2] for seat in range(players)]


def one_seat(game_index: int, players: int) -> list[int]:
    """--one: bot A (0) in seat game_index mod players, bot B (1) in the others."""
    return [0 if seat == game_index % players else 1 for seat in range(players)]


def new_state(rules, seed: int, players: int, deal: str | None = None, options: dict | None = None):
    if deal is not None:
        if not hasattr(rules, "arena_deal"):
            raise ValueError("this game has no single deals (--deal)")
        return rules.arena_deal(seed, deal)
    if options is not None:
        return rules.new_game(seed, players, options)
    return rules.arena_game(seed, players)


def play_game(info, seed: int, players: int, bots: list, timings: list[float], deal: str | None = None,
              options: dict | None = None, seat_timings: list | None = None, searches: list | None = None):
    """Play one game; `searches` collects (iterations, seconds) of every search a bot made."""
    state = new_state(info.rules(), seed, players, deal, options)
    while not state.is_over():
        seat = state.to_move()
        bot = bots[seat]
        before = getattr(bot, "last", None)
        started = time.perf_counter()
        move = bot.choose(state.view(seat))
        spent = time.perf_counter() - started
        timings.append(spent)
        if seat_timings is not None:
            seat_timings[seat].append(spent)
        after = getattr(bot, "last", None)
        if searches is not None and after is not None and after is not before and hasattr(after, "iterations"):
            searches.append((after.iterations, after.seconds))
        state.play(move)
    return state


def run(game: str, a: str, b: str | None, games: int, seed: int, players: int | None = None, one: bool = False,
        deal: str | None = None, options: dict | None = None) -> dict:
    info = registry.game(game)
    if players is None:
        players = max(info.seats)
    if players not in info.seats:
        raise ValueError(f"{game} is played by {', '.join(map(str, info.seats))} players, not {players}")
    names = [a] if players == 1 or b is None else [a, b]
    if players > 1 and len(names) == 1:
        names.append(a)
    labels = names if len(set(names)) == len(names) else [f"{name} ({tag})" for name, tag in zip(names, "AB")]
    if one and len(names) != 2:
        raise ValueError("--one needs two bots and more than one seat")
    totals = {label: {"name": label, "wins": 0, "draws": 0, "losses": 0, "points": 0.0, "per_deal": 0.0,
                      "seats": 0, "extra": {}, "times": []} for label in labels}
    timings: list[float] = []
    searches: list = []
    for index in range(games):
        game_seed = seed + index // players if one else seed + index
        seating = one_seat(index, players) if one else seat_bots(index, players, list(range(len(names))))
        bots = [make_bot(game, names[bot], seed=(seed + index) * 10 + seat) for seat, bot in enumerate(seating)]
        seat_timings: list = [[] for _ in range(players)]
        state = play_game(info, game_seed, players, bots, timings, deal, options, seat_timings, searches)
        winners = set(state.winners())
        scores = state.scores()
        deals = state.deals_played() if hasattr(state, "deals_played") else None
        extra = state.arena_stats() if hasattr(state, "arena_stats") else {}
        for bot_index, label in enumerate(labels):
            seats = [seat for seat, bot in enumerate(seating) if bot == bot_index]
            row = totals[label]
            mine = winners & set(seats)
            others = winners - set(seats)
            if mine and not others:
                row["wins"] += 1
            elif mine or (not winners and players > 1):
                row["draws"] += 1  # a solo game that is not won is lost
            else:
                row["losses"] += 1
            row["points"] += sum(scores[seat] for seat in seats) / len(seats)
            if deals:
                row["per_deal"] += sum(scores[seat] for seat in seats) / len(seats) / deals
            row["times"].extend(spent for seat in seats for spent in seat_timings[seat])
            row["seats"] += 1
            for key, value in extra.items():
                row["extra"][key] = row["extra"].get(key, 0) + value
    result_bots = []
    for row in totals.values():
        entry = {"name": row["name"], "wins": row["wins"], "draws": row["draws"],
                 "losses": row["losses"], "mean_points": round(row["points"] / max(games, 1), 4)}
        wins = row["wins"] / max(games, 1)
        margin = 1.96 * math.sqrt(wins * (1 - wins) / games) if games else 0.0
        entry["win_rate"] = round(wins, 4)
        entry["win_rate_95"] = [round(max(0.0, wins - margin), 4), round(min(1.0, wins + margin), 4)]
        if deal is not None or hasattr(state, "deals_played"):
            entry["points_per_deal"] = round(row["per_deal"] / max(games, 1), 4)
        times = row["times"]
        entry["ms_per_move"] = {"mean": round(1000 * sum(times) / len(times), 3) if times else 0.0,
                                "max": round(1000 * max(times), 3) if times else 0.0}
        for key, value in row["extra"].items():
            entry[key] = round(value / max(games, 1), 4)
        result_bots.append(entry)
    mean_ms = 1000 * sum(timings) / len(timings) if timings else 0.0
    max_ms = 1000 * max(timings) if timings else 0.0
    result = {"game": game, "games": games, "seed": seed, "players": players, "bots": result_bots,
              "ms_per_move": {"mean": round(mean_ms, 3), "max": round(max_ms, 3)}}
    if one:
        result["one"] = True
    if deal is not None:
        result["deal"] = deal
    if options is not None:
        result["options"] = options
    if searches:
        iterations = sum(entry[0] for entry in searches)
        seconds = sum(entry[1] for entry in searches)
        result["search"] = {"searches": len(searches), "iterations": iterations,
                            "iterations_per_second": round(iterations / seconds, 1) if seconds else None}
    return result


def table(result: dict) -> str:
    lines = [f"{result['game']}: {result['games']} games, {result['players']} seats, seed {result['seed']}"]
    if result.get("deal"):
        lines[0] += f", single deals of {result['deal']}"
    if result.get("one"):
        lines[0] += ", A in one seat (rotating)"
    extra_keys = sorted({key for bot in result["bots"] for key in bot}
                        - {"name", "wins", "draws", "losses", "mean_points", "win_rate", "win_rate_95", "ms_per_move"})
    header = f"{'bot':<14}{'wins':>7}{'draws':>7}{'losses':>8}{'mean pts':>10}  {'win rate (95%)':<22}"
    header += "".join(f"{key:>14}" for key in extra_keys)
    lines.append(header)
    for bot in result["bots"]:
        low, high = bot["win_rate_95"]
        line = (f"{bot['name']:<14}{bot['wins']:>7}{bot['draws']:>7}{bot['losses']:>8}"
                f"{bot['mean_points']:>10.3f}  {bot['win_rate']:.3f} [{low:.3f}, {high:.3f}]".ljust(14 + 7 + 7 + 8 + 10 + 24))
        line += "".join(f"{bot.get(key, 0):>14.3f}" for key in extra_keys)
        lines.append(line)
    ms = result["ms_per_move"]
    lines.append(f"time per move: mean {ms['mean']:.2f} ms, max {ms['max']:.2f} ms")
    if len(result["bots"]) > 1:
        lines.extend(f"  {bot['name']}: mean {bot['ms_per_move']['mean']:.2f} ms, max {bot['ms_per_move']['max']:.2f} ms"
                     for bot in result["bots"])
    if "search" in result:
        search = result["search"]
        rate = search["iterations_per_second"]
        lines.append(f"search: {search['searches']} searches, {search['iterations']} iterations, "
                     f"{rate if rate is not None else '-'} iterations per second")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.arena", description="Bot-versus-bot matches.")
    parser.add_argument("game", choices=sorted(registry.GAMES))
    parser.add_argument("--a", default="normal", choices=LEVELS, help="bot A's level")
    parser.add_argument("--b", default=None, choices=LEVELS, help="bot B's level (not for a solo game)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None, help="number of seats (default: the most the game allows)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--one", action="store_true",
                        help="A in one seat (moving on every game, each deal once with A in every seat), B in the others")
    parser.add_argument("--deal", default=None, help="single deals of this type (a game with several deal types)")
    parser.add_argument("--options", default=None, help="JSON options for new_game instead of the arena's game")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        options = json.loads(args.options) if args.options else None
    except ValueError:
        parser.error("--options must be a JSON object")
    if options is not None and not isinstance(options, dict):
        parser.error("--options must be a JSON object")
    try:
        result = run(args.game, args.a, args.b, args.games, args.seed, args.players, args.one, args.deal, options)
    except ValueError as error:
        print(f"arena: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result) if args.json else table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
