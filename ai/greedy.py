"""Greedy play for games where a turn is a series of moves ended by a closing move.

Generic: the game supplies four small functions on a *position* (any value, often a light
summary of the rules state made for speed):
- `moves(position)`: the candidate moves (without the turn-ending move);
- `apply(position, move)`: the position after the move (a new value; the old one unchanged);
- `evaluate(position)`: a number, higher is better for the player on turn;
- `key(position)` (search only): a hashable summary, so that positions reached by
  different orders of the same moves are looked at once.

`greedy_plan` is one-ply greedy play: take the move whose resulting position evaluates best,
as long as it beats the position before it, then stop (the caller ends the turn). With `rng`
and `miss` a weaker player overlooks each candidate move with that probability.

`best_sequence` looks at whole sequences within the turn: a depth-first search over the
positions reachable this turn (each one a possible place to stop), visiting at most
`max_nodes` positions, the greedy line first so that a cut-off search is never worse than
greedy play. It returns the moves leading to the best position found.
"""
from __future__ import annotations

import random
import time
from typing import Callable, Hashable


def greedy_step(position, moves: Callable, apply: Callable, evaluate: Callable, *,
                rng: random.Random | None = None, miss: float = 0.0, margin: float = 1e-9):
    """The best move by one-ply evaluation and its resulting position and value, or
    (None, position, value) when no move improves on the position."""
    best_move, best_position = None, position
    base = best_value = evaluate(position)
    for move in moves(position):
        if rng is not None and miss and rng.random() < miss:
            continue
        after = apply(position, move)
        value = evaluate(after)
        if value > best_value:
            best_move, best_position, best_value = move, after, value
    if best_move is None or best_value <= base + margin:
        return None, position, base
    return best_move, best_position, best_value


def greedy_plan(position, moves: Callable, apply: Callable, evaluate: Callable, *,
                rng: random.Random | None = None, miss: float = 0.0, limit: int = 200) -> list:
    """Greedy moves from `position` until none improves (at most `limit`)."""
    plan = []
    for _ in range(limit):
        move, position, _value = greedy_step(position, moves, apply, evaluate, rng=rng, miss=miss)
        if move is None:
            break
        plan.append(move)
    return plan


def best_sequence(position, moves: Callable, apply: Callable, evaluate: Callable, key: Callable, *,
                  max_nodes: int = 2000, order: Callable | None = None,
                  deadline: float | None = None) -> tuple[list, float, int]:
    """The sequence of moves (possibly empty) reaching the best-evaluated position this
    turn, its value and the number of positions visited.

    Depth-first; the children of a position are tried best first by `order(after)` (by
    `evaluate` when no order is given), so the first line followed is the greedy one and a
    search cut off by `max_nodes` or by `deadline` (a `time.process_time()` value: a safety
    cap only, the node budget decides) is never worse than greedy play. A position reached again by another
    order of moves is skipped."""
    rank = order if order is not None else evaluate
    seen: set[Hashable] = {key(position)}
    best_path: list = []
    best_value = evaluate(position)
    visited = 1

    def children(pos) -> list:
        found = []
        for move in moves(pos):
            after = apply(pos, move)
            signature = key(after)
            if signature in seen:
                continue
            seen.add(signature)
            found.append((rank(after), move, after))
        found.sort(key=lambda item: item[0])  # best last: popped first
        return found

    stack = [(children(position), [])]  # (children not yet tried, path to their parent)
    while stack:
        pending, path = stack[-1]
        if not pending:
            stack.pop()
            continue
        _rank, move, after = pending.pop()
        visited += 1
        new_path = path + [move]
        value = evaluate(after)
        if value > best_value:
            best_value, best_path = value, new_path
        if visited >= max_nodes or (deadline is not None and visited % 32 == 0 and time.process_time() > deadline):
            break
        stack.append((children(after), new_path))
    return best_path, best_value, visited

