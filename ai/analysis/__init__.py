"""Analysis of a game record, move by move, judged on what the mover could know then.

For each move of the chosen seats, the game's judge (`ai/analysis/<game>.py`) values every
legal move from `state.view(seat)` only, never with hindsight of hidden cards; the move
played is compared with the best, and the value lost gets a verdict by the game's scale:

    good        the loss is below the scale's `inaccuracy`, or within two standard errors
                of the estimate (noise of a sampled value is not a mistake)
    inaccuracy  at least `inaccuracy`
    mistake     at least `mistake`
    blunder     at least `blunder`

Values are for the mover, higher is better, in the scale's unit: "outcome" (Quarto: 1 a win,
0 a draw, -1 a loss, exact where the solver reaches), "points" (the expected points of the
deal, a penalty counted negative) or "chance" (the chance to win, 0 to 1). A judge counts its
budget in work (`work` multiplies it), and its randomness comes from `seed`, so an analysis
replays exactly.

    python -m ai.analysis RECORD.json [--json] [--seats all] [--work N] [--analysis-seed S]
    python -m ai.analysis --game quarto --seed N [--option NAME=VALUE ...] --moves "CODE; CODE"

`--help` documents the JSON fields. Measure: `time python -m ai.analysis RECORD.json` on the
records kept in the data folder's `records/`.
"""
from __future__ import annotations

import importlib
import random
from typing import Callable, Iterator, NamedTuple

from game import registry
from game.record import Record

VERDICTS = ("good", "inaccuracy", "mistake", "blunder")


class Scale(NamedTuple):
    """How a game's values read: their unit and the losses that make a verdict."""
    unit: str            # "outcome", "points" or "chance"
    inaccuracy: float
    mistake: float
    blunder: float


class Values(NamedTuple):
    """A judge's answer for one position: each legal move's value for the mover."""
    values: dict         # move -> value (higher is better for the mover)
    errors: dict         # move -> standard error of the value (0.0 where exact)
    exact: bool          # every value is exact (a solved position)
    plies: dict | None = None   # move -> `Judgement.plies` where the judge knows it (Quarto)


class Judgement(NamedTuple):
    ply: int             # the move's number in the record, from 1
    seat: int
    move: str            # the code of the move played
    best: str            # the code of the best move (the move played when it is as good)
    value: float         # the value of the move played, for the mover
    best_value: float
    loss: float          # best_value - value, never below 0
    verdict: str         # one of VERDICTS
    exact: bool
    # a won or lost game's distance to its end with best play (the winner the shortest win,
    # the loser the longest resistance): the moves of both players from the move judged
    # (itself the first) to the one that wins, of the move played and of the best; None
    # where unknown (a draw, an estimate, a judge that does not count it, or kept before)
    plies: int | None = None
    best_plies: int | None = None

    def to_dict(self) -> dict:
        return self._asdict()


def judge_module(game: str):
    """The game's judge: `SCALE` and `values(view, seat, rng, work, played) -> Values | None`
    (None: nothing to judge, such as a deal). A game whose moves are too many to value all
    (4 Koningen's hands) may value the move `played` against its own best candidates.
    None for a game without a judge yet."""
    try:
        return importlib.import_module(f"ai.analysis.{game}")
    except ModuleNotFoundError:
        return None


def verdict(loss: float, error: float, scale: Scale) -> str:
    if loss <= 2 * error:
        return "good"
    for name, threshold in (("blunder", scale.blunder), ("mistake", scale.mistake),
                            ("inaccuracy", scale.inaccuracy)):
        if loss >= threshold:
            return name
    return "good"


def judged(values: Values, move, scale: Scale, ply: int, seat: int) -> Judgement:
    """The verdict on `move` among `values`."""
    best = max(values.values, key=lambda candidate: values.values[candidate])
    played = values.values[move]
    if played >= values.values[best]:
        best = move
    loss = max(0.0, values.values[best] - played)
    error = (values.errors.get(move, 0.0) ** 2 + values.errors.get(best, 0.0) ** 2) ** 0.5
    plies = values.plies or {}
    return Judgement(ply, seat, move.code, best.code, played, values.values[best], loss,
                     verdict(loss, error, scale), values.exact, plies.get(move), plies.get(best))


def human_seats(record: Record) -> list[int]:
    return [seat for seat, kind in enumerate(record.seats) if kind == "human"]


def judged_plies(record: Record, seats=None) -> list[int]:
    """The numbers of the moves an analysis judges: those of `seats` (default: the humans';
    all seats when nobody was human) that had a choice."""
    rules = registry.game(record.game).rules()
    chosen = _chosen(record, seats)
    state, plies = record.replay(0), []
    for ply, code in enumerate(record.moves, 1):
        if state.to_move() in chosen and len(state.legal_moves()) > 1:
            plies.append(ply)
        state.play(rules.parse_move(code))
    return plies


def _chosen(record: Record, seats) -> set:
    return set(seats if seats is not None else human_seats(record) or range(record.players))


def analyse(record: Record, seats=None, work: float = 1.0, seed: int = 0,
            share: tuple = (0, 1)) -> Iterator[Judgement]:
    """The judgements of the record's moves by `seats` (see `judged_plies`), in order, one as
    soon as it is known; with `share` (k, n) only every n-th of them from the k-th (a worker's
    part). A judgement depends on the seed and the move's number only, so the parts of two
    workers are those of one."""
    judge = judge_module(record.game)
    rules = registry.game(record.game).rules()
    chosen = _chosen(record, seats)
    state = record.replay(0)
    turn = 0
    for ply, code in enumerate(record.moves, 1):
        move = rules.parse_move(code)
        seat = state.to_move()
        if seat in chosen and len(state.legal_moves()) > 1:
            if turn % share[1] == share[0]:
                rng = random.Random(seed * 1_000_003 + ply)
                values = judge.values(state.view(seat), seat, rng, work, move)
                if values is not None and move in values.values:
                    yield judged(values, move, judge.SCALE, ply, seat)
            turn += 1
        state.play(move)


def decisive(judgements: list[Judgement]) -> Judgement | None:
    """Where the game was decided: the move that lost the most (None: no move lost anything
    worth a verdict)."""
    worst = max((j for j in judgements if j.verdict != "good"), key=lambda j: j.loss, default=None)
    return worst


def sampled(view, seat: int, moves: list, rng: random.Random, samples: int,
            finish: Callable) -> Values:
    """Each move's mean over `samples` deals of the unseen cards consistent with the view
    (`view.sample`): `finish(state, rng) -> value for seat` plays the deal on from the state
    after the move. Every move meets the same deals and the same playout randomness (common
    random numbers), so the differences between moves are sharper than their values."""
    totals = {move: [] for move in moves}
    for _ in range(samples):
        deal = view.sample(seat, rng)
        playout_seed = rng.randrange(1 << 30)
        for move in moves:
            state = deal.copy()
            state.play(move)
            totals[move].append(finish(state, random.Random(playout_seed)))
    values, errors = {}, {}
    for move, results in totals.items():
        mean = sum(results) / len(results)
        values[move] = mean
        # the error of a difference with common random numbers is smaller; this is the safe side
        variance = sum((value - mean) ** 2 for value in results) / max(1, len(results) - 1)
        errors[move] = (variance / len(results)) ** 0.5
    return Values(values, errors, False)
