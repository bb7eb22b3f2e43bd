"""Generic alpha-beta negamax with a transposition table, iterative deepening and a work budget.

The game knowledge comes from an adapter object with three methods:

- `key(pos)`: a hashable key of the position (may be canonical under symmetries);
- `expand(pos)`: either `(value, None)` for a position whose value is known without
  searching (a win, a loss, a draw; from the point of view of the player to move), or
  `(None, children)` with `children` a list of `(move, child_position)` in the order to try;
- `evaluate(pos)`: a static estimate for the player to move, strictly between -WIN and WIN.

Values are from the point of view of the player to move (negamax). A terminal value of
`WIN` or `-WIN` may be adjusted by the adapter for distance; the search only compares.

`Negamax(game).best_move(pos, max_depth, max_nodes, deadline)` deepens one ply at a time
until `max_depth`, `max_nodes` positions searched, the deadline or a proven result, and
returns the result of the deepest iteration that finished (the first iteration always
finishes: depth 1 is not interrupted). The node budget decides, so a position gets the
same answer on a busy machine; the deadline (a `time.process_time()` value) is only a
safety cap. Exact, game-specific searches that need every microsecond
(the Quarto endgame solver) live next to their game; this module is the reusable engine.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

WIN = 10_000

EXACT, LOWER, UPPER = 0, 1, 2


class SearchTimeout(Exception):
    """Raised inside a search when its node budget is spent or its deadline has passed."""


@dataclass
class Result:
    move: object = None
    value: float = 0
    depth: int = 0
    nodes: int = 0
    proven: bool = False             # the value is exact (a forced result within the horizon)
    scores: dict = field(default_factory=dict)  # root move -> value from the deepest finished depth


class Negamax:
    def __init__(self, game, tt_limit: int = 500_000, check_every: int = 256):
        self.game = game
        self.tt: dict = {}
        self.tt_limit = tt_limit
        self.check_every = check_every
        self.nodes = 0
        self.max_nodes = None
        self.deadline = None

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes % self.check_every == 0 and self.out_of_budget():
            raise SearchTimeout

    def out_of_budget(self) -> bool:
        return (self.max_nodes is not None and self.nodes >= self.max_nodes
                or self.deadline is not None and time.process_time() > self.deadline)

    def search(self, pos, depth: int, alpha: float, beta: float) -> float:
        """The negamax value of pos searched `depth` plies deep within (alpha, beta)."""
        self._tick()
        game = self.game
        key = game.key(pos)
        entry = self.tt.get(key)
        best_first = None
        if entry is not None:
            e_depth, e_flag, e_value, best_first = entry
            if e_depth >= depth:
                if e_flag == EXACT:
                    return e_value
                if e_flag == LOWER and e_value >= beta:
                    return e_value
                if e_flag == UPPER and e_value <= alpha:
                    return e_value
        value, children = game.expand(pos)
        if children is None:
            self.tt[key] = (1 << 30, EXACT, value, None)   # known at any depth
            return value
        if depth <= 0:
            return game.evaluate(pos)
        if best_first is not None:
            for i, (move, _) in enumerate(children):
                if move == best_first:
                    if i:
                        children.insert(0, children.pop(i))
                    break
        alpha0 = alpha
        best = -WIN - 1
        best_move = None
        for move, child in children:
            v = -self.search(child, depth - 1, -beta, -alpha)
            if v > best:
                best = v
                best_move = move
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        if len(self.tt) >= self.tt_limit:
            self.tt.clear()
        self.tt[key] = (depth, flag, best, best_move)
        return best

    def root(self, pos, depth: int, keep_scores: bool = False) -> Result:
        """One full-window iteration at the root; scores of every root move when asked
        (a move is scored exactly only where it is the best so far: others are bounds)."""
        game = self.game
        value, children = game.expand(pos)
        if children is None:
            return Result(None, value, depth, self.nodes, True)
        key = game.key(pos)
        entry = self.tt.get(key)
        if entry is not None and entry[3] is not None:
            for i, (move, _) in enumerate(children):
                if move == entry[3]:
                    children.insert(0, children.pop(i))
                    break
        alpha, beta = -WIN - 1, WIN + 1
        best, best_move = -WIN - 1, children[0][0]
        scores = {}
        for move, child in children:
            if keep_scores:
                v = -self.search(child, depth - 1, -beta, WIN + 1)
            else:
                v = -self.search(child, depth - 1, -beta, -alpha)
            scores[move] = v
            if v > best:
                best, best_move = v, move
                alpha = max(alpha, v)
                if best >= WIN - 100 and not keep_scores:
                    break
        self.tt[key] = (depth, EXACT, best, best_move)
        proven = abs(best) >= WIN - 100
        return Result(best_move, best, depth, self.nodes, proven, scores)

    def best_move(self, pos, max_depth: int = 64, max_nodes: int | None = None,
                  deadline: float | None = None, keep_scores: bool = False) -> Result:
        """Iterative deepening until max_depth, the node budget, the deadline or a proven
        win/loss."""
        self.nodes = 0
        result = None
        for depth in range(1, max_depth + 1):
            if depth > 1:
                self.max_nodes, self.deadline = max_nodes, deadline
            try:
                result = self.root(pos, depth, keep_scores)
            except SearchTimeout:
                break
            finally:
                self.max_nodes = self.deadline = None
            self.max_nodes, self.deadline = max_nodes, deadline
            spent = self.out_of_budget()
            self.max_nodes = self.deadline = None
            if result.proven or spent:
                break
        result.nodes = self.nodes
        return result
