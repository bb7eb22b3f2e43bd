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

four normal seats play each deal; wherever the seat to move has a choice, A and B (a level, optionally
with fields `:iterations:exploration:pool:miss:exact:tie:club:close:explore:model:joint:cards:trees:count`
`:others:read:table:floor:swaps`, e.g. `hard:5000:0.2`) each pick a card from that seat's view with the same seed, and where they
differ both cards are judged on the true deal: the seat's mean points after the card over 200
policy playouts. It prints per type A-B per decision (95% interval) and times decisions per seat
per deal. The judge sees
every hand, so this is a proxy. `--cards 4` judges only the decisions of seats holding at most four cards
(the last tricks); there the judge's playouts fit badly (docs/benchmark-notes.md).

Anchor: the expert against a published general method on the same deals. Each deal of each
game type is played once for every measured player, which takes the one seat the deal index
names (0-3 in turn) against three rule-based players (`ai.kingen_anchor.RuleBot`); the anchor
(`anchor`) is OpenSpiel's ISMCTS with 1,000 simulations a card and heuristic rollouts
(`ai/kingen_openspiel.py`). Trump is named by the rule-based players' rule whoever deals, so the
card play alone differs. It needs the `bench` extra (`python -m pip install -e .[bench]`):

    python -m ai.kingen_bench anchor --deals 24 --seed 1 --players hard,anchor,normal [--jobs 2]
        [--json out.json] [--reuse earlier.json]

prints per type each player's mean points a deal in that seat, the first player minus the
anchor (paired per deal, 95% interval) and each player's process time per card (median, over
the cards where the seat had a choice); then the means over the types. `--reuse` takes the
deals earlier runs with the same seed measured from their JSON instead of playing them again
(every player replays exactly; a type all of whose players are reused keeps all their deals),
so a new version of the expert is measured against the anchor's saved figures, runs of separate
types are put in one table, and a run stopped midway (`--json` is written after every deal)
resumes where it stopped; `--jobs` spreads the deals over processes, with the same result;
`--per-deal` lists the deals where the first player and the anchor scored differently (the
worst first, with the seed and seat to replay one by).

Ceiling: what seeing every card would give on the anchor's deals. The seat sees every hand and
foresees the three rule-based players' cards, and plays its best (`ai.kingen_exact.best_against`,
an exact search for one player). No player who sees only its own hand can score more on average:

    python -m ai.kingen_bench ceiling --deals 24 --seed 1 [--jobs 2] [--json out.json]

prints per type the mean points a deal at best (95% interval); about 80 s of process time for
24 deals of each type.

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
import statistics
import sys
import time
from multiprocessing import Pool

from ai import kingen as K
from ai.arena import make_bot, one_seat
from ai.kingen_anchor import RuleBot, trump_choice
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
    """A player from
    "level[:iterations[:exploration[:pool[:miss[:exact[:tie[:club[:close[:explore[:model[:joint[:cards[:trees[:count[:others[:read[:table[:floor[:swaps]]]]]]]]]]]]]]]]]]]"
    (an empty field: the level's own; pool 0: no inference; exact 0: no exact last tricks; tie 0:
    the search's card always; club 1 (0): a club table's habits in the playouts of every game (of
    none); close: the gap within which the two best cards are played on the same deals, 0 off;
    explore: the playouts' share of random cards; model 1 (0): the last tricks from `MODEL_CARDS`
    on counted with the others as a club table plays them in every game (in none; the other games:
    max^n from `exact`); joint 1 (0): that count chooses the seat's later cards once for the deals
    it cannot tell apart, in every game (in none); cards: the count against the club from this many
    cards in hand on (`MODEL_CARDS`); trees: the searches a card's iterations are split over
    (`ensemble`, 1 one); count 1 (0): the playouts lead by the cards out in every negative game (in
    none); others 1 (0): the search's tree plays the others by the playout policy, branching on the
    seat's own cards only, in every game (in none); read 1 (0): the reading of the play takes the
    club's habits in every game (in none; empty: where the playouts take them); table 1 (0): the
    playouts (and the tree, with others) play the others by the club's habits and the seat by the
    plain policy, in every game (in none); floor: the reading's weights softened to keep at least
    this many deals' worth of the pool (`tempered`, 0 off); swaps 1 (0): the reading of the play by
    swaps (`read_by_swaps`) in every game (in none: by the pool))."""
    level, *budget = spec.split(":")
    fields = [None if not field else float(field) for field in budget] + [None] * 19
    (iterations, exploration, pool, miss, exact, tie, club, close, explore, model, joint, cards, trees, count, others,
     read, table, floor, swaps) = fields[:19]

    def games(on):       # a field that names every game (1) or none (0)
        return None if on is None else tuple(range(len(R.GAMES))) if on else ()
    return K.KingenBot(level, seed, iterations=None if iterations is None else int(iterations),
                       exploration=exploration, pool=None if pool is None else int(pool), miss=miss,
                       exact=None if exact is None else int(exact), tie=tie, club=games(club), close=close,
                       explore=explore, model=games(model), joint=games(joint),
                       model_cards=None if cards is None else int(cards), trees=None if trees is None else int(trees),
                       count=games(count), others=games(others), read=games(read),
                       table=games(table), floor=floor, swaps=games(swaps))


def card_value(state, seat: int, card: int, playouts: int, rng: random.Random) -> float:
    """`seat`'s mean points after playing `card` in the true deal, played out by the policy."""
    total = 0.0
    for _ in range(playouts):
        trial = state.single_deal()
        trial.play_fast(card)
        K.play_out(trial, rng.random)
        total += trial.points[seat]
    return total / playouts - state.points[seat]


def decisions(a: str, b: str, deals: int, seed: int, games: list, playouts: int = 200, cards: int = 13) -> dict:
    """A and B judged on the decisions of seats holding at most `cards` cards."""
    result = {"a": a, "b": b, "deals": deals, "seed": seed, "cards": cards, "types": {}}
    judge = random.Random(seed)
    for game in games:
        differences = []
        for index in range(deals):
            state = R.arena_deal(seed + index, game)
            seats = [K.make("normal", seed=(seed + index) * 10 + seat) for seat in range(4)]
            while not state.is_over():
                seat = state.to_move()
                view = state.view(seat)
                if state.phase == R.PLAY and len(view.legal_moves()) > 1 and state.hands[seat].bit_count() <= cards:
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


def anchor_player(spec: str, seed: int, simulations: int):
    if spec == "anchor":
        from ai.kingen_openspiel import AnchorBot
        return AnchorBot(seed, simulations)
    return player(spec, seed)


def anchor_deal(task) -> dict:
    """One deal (game, deal seed, seat) for every measured player: its points and its process
    time for each card it had a choice of."""
    game, deal_seed, seat, specs, simulations = task
    result = {}
    clock = time.process_time
    for spec in specs:
        state = R.arena_deal(deal_seed, game)
        bots = [RuleBot() for _ in range(4)]
        bots[seat] = anchor_player(spec, deal_seed * 10 + seat, simulations)
        times = []
        while not state.is_over():
            mover = state.to_move()
            if state.phase == R.CHOOSE_TRUMP:     # the same trump for every player measured
                state.play(R.TRUMP_MOVES[trump_choice(state.hands[state.dealer])])
                continue
            view = state.view(mover)
            started = clock()
            move = bots[mover].choose(view)
            if mover == seat and len(view.legal_moves()) > 1:
                times.append(clock() - started)
            state.play(move)
        result[spec] = (state.totals[seat], times)
    return result


def ceiling_deal(task) -> int:
    """The seat's points at best on one of the anchor's deals, seeing every hand (`ceiling`)."""
    from ai.kingen_exact import best_against
    game, deal_seed, seat = task
    state = R.arena_deal(deal_seed, game)
    while state.phase == R.CHOOSE_TRUMP:     # trump as the anchor's deals name it
        state.play(R.TRUMP_MOVES[trump_choice(state.hands[state.dealer])])
    return best_against(state, seat, RuleBot().card)


def ceiling(deals: int, seed: int, games: list, jobs: int = 1) -> dict:
    """Per type the seat's points at best on each deal (`ceiling_deal`), deal i as the anchor's."""
    result = {"deals": deals, "seed": seed, "types": {}}
    pool = Pool(jobs) if jobs > 1 else None
    for game in games:
        tasks = [(game, seed + index, index % 4) for index in range(deals)]
        points = list(pool.imap(ceiling_deal, tasks) if pool else map(ceiling_deal, tasks))
        mean, half = interval(points)
        result["types"][game] = {"points": points, "mean": round(mean, 3), "half": round(half, 3)}
        print(f"{game:<18}{deals:>6}{mean:>+9.2f}  [{mean - half:+.2f}, {mean + half:+.2f}]", flush=True)
    if pool:
        pool.close()
    result["mean"] = round(sum(row["mean"] for row in result["types"].values()) / len(games), 3)
    return result


def interval(samples: list) -> tuple:
    """Mean and the half-width of its 95% interval."""
    mean = sum(samples) / len(samples)
    spread = math.sqrt(sum((value - mean) ** 2 for value in samples) / max(1, len(samples) - 1))
    return mean, 1.96 * spread / math.sqrt(len(samples))


def anchor(players: list, deals: int, seed: int, games: list, simulations: int = 1000, jobs: int = 1,
           reuse: list | None = None, save: str | None = None) -> dict:
    """The anchor benchmark (see the module's docstring); `reuse` holds earlier runs' results:
    a player's deals measured before are not played again (a run stopped midway resumes where
    it stopped), and a type all of whose players were measured on more deals keeps them all;
    `save` a JSON file written after every deal."""
    earlier = {}
    for run in reuse or []:
        if run["seed"] == seed and run["simulations"] == simulations:
            for game, row in run["types"].items():
                known = earlier.setdefault(game, {})
                for spec in run["players"]:     # the run with the most deals of a player
                    if spec in row and len(row[spec]["points"]) > len(known.get(spec, {"points": ()})["points"]):
                        known[spec] = row[spec]
    first = players[0]
    result = {"players": players, "deals": deals, "seed": seed, "simulations": simulations, "types": {}}
    pool = Pool(jobs) if jobs > 1 else None
    for game in games:
        old = earlier.get(game, {})
        measured = {spec: (list(old[spec]["points"]), list(old[spec]["ms"])) if spec in old else ([], [])
                    for spec in players}
        size = max(deals, min(len(points) for points, _ in measured.values()))
        tasks = [(game, seed + index, index % 4, [spec for spec in players if len(measured[spec][0]) <= index],
                  simulations) for index in range(size)]
        tasks = [task for task in tasks if task[3]]
        for played in pool.imap(anchor_deal, tasks) if pool else map(anchor_deal, tasks):
            for spec, (points, times) in played.items():
                measured[spec][0].append(points)
                measured[spec][1].append([round(1000 * spent, 1) for spent in times])
            if save:    # after every deal: a long run stopped midway keeps what it measured
                result["types"][game] = anchor_table(measured, players)
                with open(save, "w") as file:
                    json.dump(result, file)
        row = result["types"][game] = anchor_table({spec: (points[:size], times[:size])
                                                    for spec, (points, times) in measured.items()}, players)
        print(anchor_row(game, row, players), flush=True)
        if save:
            with open(save, "w") as file:
                json.dump(result, file)
    if pool:
        pool.close()
    rows = list(result["types"].values())
    result["means"] = {spec: round(sum(row[spec]["mean"] for row in rows) / len(rows), 3) for spec in players}
    if "anchor" in players and first != "anchor":
        # the mean over the types of the paired differences; its variance from each type's own
        differences = [[a - b for a, b in zip(row[first]["points"], row["anchor"]["points"])] for row in rows]
        mean = sum(sum(each) / len(each) for each in differences) / len(rows)
        half = math.sqrt(sum((interval(each)[1] / 1.96) ** 2 for each in differences)) / len(rows) * 1.96
        result["difference"] = round(mean, 3)
        result["difference_95"] = [round(mean - half, 3), round(mean + half, 3)]
    return result


def anchor_table(measured: dict, players: list) -> dict:
    """One type's row: per player its points and card times a deal, its mean and median; the
    first player minus the anchor over the deals both played, with its 95% interval."""
    row = {}
    for spec in players:
        points, times = measured[spec]
        row[spec] = {"points": points, "ms": times, "mean": round(sum(points) / max(1, len(points)), 3),
                     "median_ms": round(statistics.median([ms for deal in times for ms in deal] or [0.0]), 1)}
    first = players[0]
    if "anchor" in row and first != "anchor" and row[first]["points"] and row["anchor"]["points"]:
        mean, half = interval([a - b for a, b in zip(row[first]["points"], row["anchor"]["points"])])
        row["difference"] = round(mean, 3)
        row["difference_95"] = [round(mean - half, 3), round(mean + half, 3)]
    return row


def deal_differences(result: dict) -> list:
    """The deals where the first player and the anchor scored differently, the widest first:
    (game, deal index, deal seed, seat, the first's points, the anchor's), for replaying a few
    of them (deal i is `arena_deal(seed + i, game)` with the measured player in seat i mod 4)."""
    first = result["players"][0]
    found = []
    for game, row in result["types"].items():
        for index, (mine, anchor) in enumerate(zip(row[first]["points"], row["anchor"]["points"])):
            if mine != anchor:
                found.append((game, index, result["seed"] + index, index % 4, mine, anchor))
    return sorted(found, key=lambda deal: deal[4] - deal[5])


def anchor_row(game: str, row: dict, players: list) -> str:
    text = f"{game:<18}{len(row[players[0]]['points']):>6}" + "".join(f"{row[spec]['mean']:>9.3f}" for spec in players)
    if "difference" in row:
        low, high = row["difference_95"]
        text += f"{row['difference']:>+8.3f} [{low:+.3f}, {high:+.3f}]"
    return text + "  " + ", ".join(f"{spec} {row[spec]['median_ms']:.0f} ms" for spec in players)


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
    spec = "level[:iterations[:exploration[:pool[:miss[:exact[:tie[:club[:close]]]]]]]]"
    cards.add_argument("--a", default="hard", help=spec)
    cards.add_argument("--b", default="normal", help=spec)
    cards.add_argument("--cards", type=int, default=13, help="only the decisions of a seat with at most this many "
                       "cards in hand (the last tricks)")
    cards.add_argument("--deals", type=int, default=20, help="deals per game type")
    cards.add_argument("--seed", type=int, default=1)
    cards.add_argument("--types", default=",".join(R.GAMES))
    cards.add_argument("--json", default=None, help="also write the result to this file")
    versus = commands.add_parser("anchor")
    versus.add_argument("--players", default="hard,anchor,normal",
                        help="comma-separated: anchor (OpenSpiel's ISMCTS) or level[:iterations[:exploration"
                             "[:pool[:miss[:exact[:tie[:club[:close]]]]]]]]; the first is compared with the anchor")
    versus.add_argument("--deals", type=int, default=24, help="deals per game type")
    versus.add_argument("--seed", type=int, default=1)
    versus.add_argument("--types", default=",".join(R.GAMES))
    versus.add_argument("--simulations", type=int, default=1000, help="the anchor's simulations a card")
    versus.add_argument("--jobs", type=int, default=1, help="processes to spread the deals over")
    versus.add_argument("--reuse", default=None,
                        help="earlier runs' JSON files, comma-separated: their players are not played again")
    versus.add_argument("--per-deal", action="store_true",
                        help="also list the deals where the first player and the anchor scored differently")
    versus.add_argument("--json", default=None, help="also write the result to this file")
    best = commands.add_parser("ceiling")
    best.add_argument("--deals", type=int, default=24, help="deals per game type")
    best.add_argument("--seed", type=int, default=1)
    best.add_argument("--types", default=",".join(R.GAMES))
    best.add_argument("--jobs", type=int, default=1, help="processes to spread the deals over")
    best.add_argument("--json", default=None, help="also write the result to this file")
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
    if args.command == "anchor":
        players = args.players.split(",")
        for spec in players:
            if spec != "anchor" and spec.split(":")[0] not in K.LEVELS:
                parser.error(f"unknown player {spec!r}; anchor or a level: {', '.join(K.LEVELS)}")
        if "anchor" in players:
            from ai.kingen_openspiel import openspiel
            try:
                openspiel()
            except ImportError as error:
                parser.error(str(error))
        reuse = []
        for name in args.reuse.split(",") if args.reuse else []:
            with open(name) as file:
                reuse.append(json.load(file))
        print(f"{', '.join(players)}, each in one seat against three rule-based players, {args.deals} deals per "
              f"type, seed {args.seed}, the anchor {args.simulations} simulations a card")
        print(f"{'type':<18}{'deals':>6}" + "".join(f" {spec[:8]:>8}" for spec in players)
              + (f"  {players[0]}-anchor, 95% interval" if "anchor" in players[1:] else "")
              + "  process time a card (median)")
        result = anchor(players, args.deals, args.seed, games, args.simulations, args.jobs, reuse, args.json)
        print("mean over the types:" + "".join(f" {spec} {result['means'][spec]:.3f}" for spec in players))
        if "difference" in result:
            low, high = result["difference_95"]
            print(f"{players[0]} minus the anchor: {result['difference']:+.3f} points a deal [{low:+.3f}, {high:+.3f}]")
            if args.per_deal:
                print(f"deals where {players[0]} and the anchor differ, the worst for {players[0]} first:")
                for game, index, deal_seed, seat, mine, other in deal_differences(result):
                    print(f"  {game:<18} deal {index:>3} (seed {deal_seed}, seat {seat}): {mine:+d} against {other:+d}")
    elif args.command == "ceiling":
        print(f"the seat's points at best, seeing every hand, against three rule-based players: {args.deals} deals "
              f"per type, seed {args.seed}")
        print(f"{'type':<18}{'deals':>6}{'a deal':>9}  95% interval")
        result = ceiling(args.deals, args.seed, games, args.jobs)
        print(f"mean over the types: {result['mean']:+.3f} points a deal")
    elif args.command == "decisions":
        for spec in (args.a, args.b):
            if spec.split(":")[0] not in K.LEVELS:
                parser.error(f"unknown level in {spec!r}; levels: {', '.join(K.LEVELS)}")
        print(f"{args.a} against {args.b}, judged card by card, {args.deals} deals per type, seed {args.seed}")
        print(f"{'type':<18}{'cards':>6}{'differ':>7}{'A-B a card':>11}  95% interval        a seat  a deal")
        result = decisions(args.a, args.b, args.deals, args.seed, games, cards=args.cards)
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
