"""Analysis of a game record, move by move, judged on what the mover could know then.

For each move of the chosen seats, the game's judge (`ai/analysis/<game>.py`) values every
legal move from `state.view(seat)` only, never with hindsight of hidden cards; the move
played is compared with the best, and the value lost gets a verdict by the game's scale:

    good        the loss is below the scale's `inaccuracy`, or within two standard errors
                of the estimate (noise of a sampled value is not a mistake: `close`, said
                "about as good")
    inaccuracy  at least `inaccuracy`
    mistake     at least `mistake`
    blunder     at least `blunder`

Values are for the mover, higher is better, in the scale's unit: "outcome" (Quarto: 1 a win,
0 a draw, -1 a loss, exact where the solver reaches), "points" (the expected points of the
deal, a penalty counted negative) or "chance" (the chance to win, 0 to 1). A judge counts its
budget in work (`work` multiplies it), and its randomness comes from `seed`, so an analysis
replays exactly.

A verdict must not hang on that randomness. A sampling judge values every candidate on the
same deals (common random numbers) and hands back each deal's result (`Values.samples`), so
a loss is judged by the standard error of its difference, deal by deal, which is far smaller
than the values' own. Where that error still leaves the loss within reach of a verdict's
threshold, the move played and the best are judged again on new deals, merged with the
first (`ROUNDS` times the deals at most; a move is weighed against another on the deals both
met); a difference that stays inside the noise is `close` ("about as good"), not a verdict.
Measure: `python -m ai.analysis.stability` (verdicts under three analysis seeds).

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
ROUNDS = 16          # a move too close to call is judged against the best on up to this many times the deals


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
    samples: dict | None = None  # move -> its result on each sampled deal, the same deals in order


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
    # the loss stays inside the estimate's noise: the move is about as good as the best
    close: bool = False

    def to_dict(self) -> dict:
        return self._asdict()


def judge_module(game: str):
    """The game's judge: `SCALE` and `values(view, seat, rng, work, played) -> Values | None`
    (None: nothing to judge, such as a deal); a sampling judge also takes `moves`, the
    candidates to value (default: every legal move). A game whose moves are too many to value all
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


def best_of(values: Values, move):
    """The best move (`move` itself where it is as good), the loss of `move` and its standard
    error. Where the judge kept its samples, a candidate is weighed against `move` deal by
    deal on the deals both met (after a second look not every candidate met every deal), and
    the error is that of those differences; else by their values, the two values' errors
    added (the safe side)."""
    samples = values.samples or {}
    if move in samples and len(samples[move]) > 1:
        gaps = {candidate: _paired(samples[move], found) for candidate, found in samples.items() if candidate != move}
        gaps = {candidate: found for candidate, found in gaps.items() if found}
        best = max(gaps, key=lambda candidate: sum(gaps[candidate]) / len(gaps[candidate]), default=move)
        mean = sum(gaps[best]) / len(gaps[best]) if best != move else 0.0
        if mean <= 0:
            return move, 0.0, 0.0
        found = gaps[best]
        variance = sum((gap - mean) ** 2 for gap in found) / max(1, len(found) - 1)
        return best, mean, (variance / len(found)) ** 0.5
    best = max(values.values, key=lambda candidate: values.values[candidate])
    played = values.values[move]
    if played >= values.values[best]:
        best = move
    loss = max(0.0, values.values[best] - played)
    return best, loss, (values.errors.get(move, 0.0) ** 2 + values.errors.get(best, 0.0) ** 2) ** 0.5


def _paired(mine: list, other: list) -> list:
    """Another move's result less this move's on each deal both were played on (None: a deal
    that move was not played on)."""
    return [b - a for a, b in zip(mine, other) if a is not None and b is not None]


def judged(values: Values, move, scale: Scale, ply: int, seat: int) -> Judgement:
    """The verdict on `move` among `values` (the best's value is the played one's plus the
    loss: both measured on the same deals)."""
    best, loss, error = best_of(values, move)
    plies = values.plies or {}
    close = 0 < loss <= 2 * error
    value = values.values[move]
    return Judgement(ply, seat, move.code, best.code, value, value + loss if best != move else value, loss,
                     verdict(loss, error, scale), values.exact, plies.get(move), plies.get(best), close)


def unsure(values: Values, move, scale: Scale) -> bool:
    """More deals could change the verdict: a verdict's threshold lies within two standard
    errors of the loss (a loss inside the noise but clear of every threshold is good either
    way: more deals would not change that)."""
    if not values.samples or values.exact:
        return False
    _, loss, error = best_of(values, move)
    return any(abs(loss - edge) < 2 * error for edge in (scale.inaccuracy, scale.mistake, scale.blunder))


def merged(first: Values, second: Values) -> Values:
    """Two judgements of a position on different deals as one over all their deals, each
    move's results in the order of the deals (None on a deal a move was not played on: a
    second look plays only some)."""
    deals = [len(next(iter(found.samples.values()))) for found in (first, second)]
    samples = {move: [found.samples.get(move) or [None] * count for found, count in zip((first, second), deals)]
               for move in {**first.samples, **second.samples}}
    samples = {move: parts[0] + parts[1] for move, parts in samples.items()}
    played = {move: [value for value in found if value is not None] for move, found in samples.items()}
    values = {move: sum(found) / len(found) for move, found in played.items()}
    return Values(values, {move: _error(found) for move, found in played.items()}, False, None, samples)


def _error(results: list) -> float:
    mean = sum(results) / len(results)
    variance = sum((value - mean) ** 2 for value in results) / max(1, len(results) - 1)
    return (variance / len(results)) ** 0.5


def judge_position(judge, view, seat: int, move, rng: random.Random, work: float, ply: int):
    """The judgement of `move` from `view`: while the verdict is too close to call, the move
    and the best are judged again on new deals (at most `ROUNDS` times in all); None where
    the judge has none."""
    values = judge.values(view, seat, rng, work, move)
    if values is None or move not in values.values:
        return None
    for _ in range(ROUNDS - 1):
        if not unsure(values, move, judge.SCALE):
            break
        best = best_of(values, move)[0]
        values = merged(values, judge.values(view, seat, rng, work, move, moves=[move, best]))
    return judged(values, move, judge.SCALE, ply, seat)


def human_seats(record: Record) -> list[int]:
    return [seat for seat, kind in enumerate(record.seats) if kind == "human"]


def judged_plies(record: Record, seats=None) -> list[int]:
    """The numbers of the moves an analysis judges: those of `seats` (default: the humans';
    all seats when nobody was human) that had a choice, in the record's game (a deal played
    again begins at its deal)."""
    rules = registry.game(record.game).rules()
    chosen = _chosen(record, seats)
    first = record.deal_start() or 0        # (a deal played again: the match's moves before it are not its own)
    state, plies = record.replay(first), []
    for ply, code in enumerate(record.moves[first:], first + 1):
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
    first = record.deal_start() or 0
    state = record.replay(first)
    turn = 0
    for ply, code in enumerate(record.moves[first:], first + 1):
        move = rules.parse_move(code)
        seat = state.to_move()
        if seat in chosen and len(state.legal_moves()) > 1:
            if turn % share[1] == share[0]:
                rng = random.Random(seed * 1_000_003 + ply)
                found = judge_position(judge, state.view(seat), seat, move, rng, work, ply)
                if found is not None:
                    yield found
            turn += 1
        state.play(move)


def losers(state) -> set | None:
    """The seats that lost the finished game `state` (every seat after a draw, none where a
    game alone was won); None while it goes on."""
    if not state.is_over():
        return None
    winners = set(state.winners())
    if not winners and state.players > 1:
        return set(range(state.players))
    return set(range(state.players)) - winners


def decisive(judgements: list[Judgement], lost: set | None) -> Judgement | None:
    """Where the game was decided: the move that turned it for the side that lost (the seats
    in `lost`; None while the game goes on: nothing is decided yet). Where results are solved
    (Quarto's end), the last of that side's moves that let a better result go: a slip before
    it, however big, the other side gave back. Else the one of that side's moves that lost
    most. None where no such move lost anything worth a verdict: a game the player won is
    decided by the opponent's move, found only where the opponent's moves were judged."""
    if lost is None:
        return None
    found = sorted((j for j in judgements if j.verdict != "good" and j.seat in lost), key=lambda j: j.ply)
    solved = [j for j in found if j.exact]
    if solved:
        return solved[-1]
    return max(found, key=lambda j: j.loss, default=None)


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
    values = {move: sum(results) / len(results) for move, results in totals.items()}
    # each value's own error; a verdict uses the smaller one of a difference (`best_of`)
    return Values(values, {move: _error(results) for move, results in totals.items()}, False, None, totals)
