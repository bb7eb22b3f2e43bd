"""Quarto judged: the outcome of the game for the mover (1 a win, 0 a draw, -1 a loss) after
each move, exact where the solver is exact, the hard search's estimate before that.

Quarto hides nothing, so the view is the position. A placement is both halves of a move:
the square, and the piece given to the opponent; their value is the value of the position
the opponent then faces (or a win, a loss or a draw at once).

- **Exact** (at most `ai.quarto.exact_reach` empty squares: 11, or 12 with the 2x2 squares,
  where the median complete solve takes about a second; within `EXACT_NODES` solver nodes
  times `work`): the solver of `ai.quarto` (`Exact`, as `QuartoBot.think` uses it) values the
  position and the move played; `exact` is true. `python -m ai.quarto_bench --review` times
  it.
- **Estimate** (earlier, or when the solver runs out of nodes): the hard player's heuristic
  search (`Heuristic` with `ai.negamax`, depth `HEURISTIC_DEPTH`, `HEURISTIC_NODES` times
  `work`) values the position and the move played at the depth its iterative deepening
  finished. A forced win or loss the search proves counts 1 or -1 (those are exact); a score
  it cannot prove counts between -`ESTIMATE` and `ESTIMATE` (the mobility of the player to
  move: never as much as a proven result).
- The opening give: every piece is as good as another on the empty board (complementing
  attributes maps any piece onto any other), valued 0 (unknown, not solved).
- Call mode: a "Quarto!" that can be claimed is a win (1); placing on a winning square
  without calling hands the opponent the claim (-1); passing on a full board is a draw (0).

The best move reported is the nearest move as good as the best, so that it says which half
was wrong: the claim when one was missed, else the same square with another piece (the piece
was the mistake), else the same piece on another square (the square was), else the
solver's or the search's own move. In an estimate "as good" is near enough to be judged good
itself while leaving the move played the same verdict. A win is a win however long it takes
for the verdict; the judgement says how long besides (`plies`): where the move played or the
best wins or loses (a value of 1 or -1: solved, proven or known at once), a search of its own
(`_Distance`) counts the moves of both players to the end with best play, the winner taking
the shortest win and the loser the longest resistance, within `DISTANCE_NODES` times `work`
(none when that runs out). The value lost decides the verdict (`SCALE`):

    blunder     a loss of 0.75 or more: every change of the exact outcome (a won game drawn
                or lost, a drawn game lost: 1 or 2), and in an estimate walking into a loss
                the search proves, or passing by a win it proves (at least 1 - 0.15)
    mistake     0.35: no Quarto move gets it. An exact loss is a whole outcome, and an
                unproven score moves at most 0.3: the search's mobility is no proof, so it
                never calls a move worse than an inaccuracy
    inaccuracy  0.1: only in an estimate, a position the search scores 20 or more worse

The budgets count nodes, never time, so an analysis gives the same verdicts on any machine.
"""
from __future__ import annotations

import random

from ai.analysis import Scale, Values, verdict
from ai.negamax import WIN, Negamax, SearchTimeout
from ai.quarto import BITS, POP, Exact, Heuristic, exact_reach, geometry_of
from game.quarto import rules as R

SCALE = Scale("outcome", inaccuracy=0.1, mistake=0.35, blunder=0.75)
EXACT_NODES = 200_000        # solver nodes per position, times `work` (the review's judgement at
                             # the reach took at most 84,600 nodes at 11 empty squares, 2026-11-28;
                             # a complete solve at 12 empty squares under the lines alone
                             # took 200,000 to 918,000: beyond it, so the judge does not try)
HEURISTIC_DEPTH = 3          # the hard player's depth
HEURISTIC_NODES = 8_000      # search nodes per position, times `work`: from 16 to 13 empty
                             # squares the hard player's 28,000 finish depth 2 and no more, and
                             # so do these, in a third of the time (some 0.5 s)
DISTANCE_NODES = 20_000      # positions the distance search expands per move judged, times
                             # `work` (python -m ai.analysis.bench: docs/benchmark-notes.md)
ESTIMATE = 0.15              # an unproven score counts at most this much either way
SCORE_SCALE = 200            # a score 20 better (safe replies, sooner or later) counts 0.1
PROVEN = WIN - 100           # a heuristic score at least this large is a forced result
BOUND = WIN + 1000           # beyond every score: a full window


def values(view, seat: int, rng: random.Random, work: float, played=None) -> Values | None:
    """The value of the move `played` and of the nearest move as good as the best; without
    `played`, the best move's value only (the position's value)."""
    phase = view.phase
    if phase in ("between", "match_over"):
        return None      # the next game: nothing to choose
    legal = view.legal_moves()
    if phase == "give":
        return Values({move: 0.0 for move in legal}, {}, False)
    if phase == "pass":
        found = {move: (1.0 if isinstance(move, R.Claim) else 0.0) for move in legal}
        return Values(found, {}, True)
    judge = _Judge(view, legal, work)
    found = judge.values(played)
    return found._replace(plies=judge.distances(found))


def outcome(score: float) -> float:
    """A heuristic search score on the outcome scale: a proven result is 1 or -1, an unproven
    one at most `ESTIMATE` either way."""
    if score >= PROVEN:
        return 1.0
    if score <= -PROVEN:
        return -1.0
    return max(-ESTIMATE, min(ESTIMATE, score / SCORE_SCALE)) + 0.0


class _Solver:
    """The exact solver within one node budget for the whole position."""

    exact = True

    def __init__(self, geo, nodes: int):
        self.solver = Exact(geo)
        self.left = nodes

    def _search(self, pos, alpha, beta):
        if self.left <= 0:
            raise SearchTimeout
        self.solver.nodes = 0       # an answer known at once counts no nodes
        try:
            return self.solver.search(pos, alpha, beta, self.left)
        finally:
            self.left -= max(1, self.solver.nodes)

    def root(self, pos):
        """(value, (square, give) or None) for the player to move."""
        return self._search(pos, -1, 1)

    def child(self, pos) -> float:
        """The value of a position for its player to move (the opponent's)."""
        return float(self._search(pos, -1, 1)[0])

    def reaches(self, pos, value: float) -> bool:
        """Does handing over this position give the mover at least `value`?"""
        if value <= -1:
            return True
        got = self._search(pos, -int(value), -int(value) + 1)[0]
        return got <= -value


class _Estimate:
    """The hard player's heuristic search: scores, compared at the depth the root reached."""

    exact = False

    def __init__(self, geo, nodes: int):
        self.search = Negamax(Heuristic(geo))
        self.nodes = nodes
        self.depth = 1

    def root(self, pos):
        result = self.search.best_move(pos, HEURISTIC_DEPTH, self.nodes)
        self.depth = max(1, result.depth)
        return result.value, result.move

    def child(self, pos) -> float:
        return self.search.search(pos, self.depth - 1, -BOUND, BOUND)

    def reaches(self, pos, score: float) -> bool:
        return -self.search.search(pos, self.depth - 1, -score, -score + 1) >= score

    def limit(self, nodes: int) -> None:
        """Searches from now on stop (SearchTimeout) after `nodes` more nodes."""
        self.search.max_nodes = self.search.nodes + nodes


class _Judge:
    def __init__(self, view, legal, work: float):
        self.view = view
        self.legal = legal
        self.work = work
        self.call = view.call_mode
        self.geo = geometry_of(view)
        self.pos = self.geo.position(view.board, view.hand)
        self.empties = POP[self.pos[2]]

    # -- the rules' moves and the internal positions -------------------------------------------
    def at_once(self, move):
        """The value of a move whose result is known without a search, else None."""
        if isinstance(move, R.Claim):
            return 1.0
        if isinstance(move, (R.Pass, R.Give, R.NextGame)):
            return None
        if self.geo.wins_at(self.pos, move.square):
            # call mode: a line made and not called is the opponent's to claim
            return 1.0 if move.call or not self.call else -1.0
        if self.empties == 1:
            return 0.0
        return None

    def child(self, move):
        return self.geo.child(self.pos, move.square, move.give)

    def rules_move(self, internal):
        """The rules' move of the searches' (square, give)."""
        if internal is None:
            return None
        s, q = internal
        if self.geo.wins_at(self.pos, s):
            return R.Place(s, None, True) if self.call else R.Place(s)
        if self.empties == 1 or q is None:
            return R.Place(s)
        return R.Place(s, q)

    def nearest(self, played):
        """The moves to try as the best, nearest to `played` first (see the docstring)."""
        if R.Claim() in self.legal:
            yield R.Claim()
        if not isinstance(played, R.Place):
            return
        same_square = [m for m in self.legal if isinstance(m, R.Place) and m.square == played.square]
        same_piece = [m for m in self.legal if isinstance(m, R.Place) and m.give == played.give
                      and m.give is not None]
        for move in same_square + same_piece:
            if move != played:
                yield move

    def distances(self, found: Values) -> dict:
        """The moves to the end (`Judgement.plies`) of each won or lost move in `found`, those
        the search finished within its budget (one budget for them all)."""
        search = _Distance(self.geo, max(1, int(DISTANCE_NODES * self.work)))
        plies = {}
        for move, value in found.values.items():
            if abs(value) != 1:
                continue
            if self.at_once(move) is not None:
                # a line made (or claimed) now ends the game; one not called, the opponent's claim
                plies[move] = 1 if value == 1 else 2
                continue
            try:
                found = search.plies(self.child(move), value == -1)
            except SearchTimeout:
                break
            if found is not None:
                plies[move] = 1 + found
        return plies

    # -- values -----------------------------------------------------------------------------
    def values(self, played) -> Values:
        wins = [s for s in BITS[self.pos[2]] if self.geo.wins_at(self.pos, s)]
        self.spent = 0      # the solver's nodes (python -m ai.quarto_bench --review counts them)
        if self.empties <= exact_reach(self.geo):
            solver = _Solver(self.geo, int(EXACT_NODES * self.work))
            try:
                return self.judged(solver, played, wins)
            except SearchTimeout:
                pass        # beyond the solver's reach within its budget: the estimate
            finally:
                self.spent = int(EXACT_NODES * self.work) - solver.left
        return self.judged(_Estimate(self.geo, max(1, int(HEURISTIC_NODES * self.work))), played, wins)

    def judged(self, search, played, wins) -> Values:
        exact = search.exact
        to_value = float if exact else outcome
        if R.Claim() in self.legal:
            best, target = R.Claim(), None
        elif wins:
            best, target = self.rules_move((wins[0], None)), None
        else:
            score, internal = search.root(self.pos)
            best, target = self.rules_move(internal), score
            if not exact and score >= PROVEN:
                target = PROVEN          # a slower forced win is as good
        best_value = 1.0 if target is None else to_value(target)
        if best is None:
            # the solver names no move (every move loses, or none can win any more)
            best = next((move for move in self.legal
                         if self.near_value(search, move, best_value, target, best_value) is not None), played)
        if played is None or played == best:
            return Values({best: best_value}, {}, exact or abs(best_value) == 1)
        value = self.at_once(played)
        if value is None:
            score = search.child(self.child(played))
            value = (float(-score) if exact else outcome(-score)) + 0.0    # never -0.0
        if value >= best_value:
            return Values({played: value}, {}, exact or abs(value) == 1)
        # the nearest move as good as the best; the searches' own move when none is
        if not exact:
            search.limit(search.nodes)     # as many nodes again at most
        try:
            for move in self.nearest(played):
                near = self.near_value(search, move, best_value, target, value)
                if near is not None:
                    best, best_value = move, near
                    break
        except SearchTimeout:
            pass
        # the best first: `judged` takes the first of equal values
        proven = exact or (abs(best_value) == 1 and abs(value) == 1)
        return Values({best: best_value, played: value}, {}, proven)

    def near_value(self, search, move, best_value, target, value):
        """The value of `move` when it can stand for the best, else None: exactly as good
        (the solver's values, or a result known at once), or (an estimate) near enough to be
        judged good itself and giving the move played (`value`) the same verdict. `target`:
        the best's score; None when the best is known at once."""
        known = self.at_once(move)
        if known is None:
            if target is None:
                return None
            if search.exact:
                return best_value if search.reaches(self.child(move), target) else None
            known = outcome(-search.child(self.child(move)))
        if search.exact or target is None:
            return known if known >= best_value else None
        if best_value - known >= SCALE.inaccuracy:
            return None
        same = verdict(max(0.0, known - value), 0.0, SCALE) == verdict(best_value - value, 0.0, SCALE)
        return known if same else None


class _Distance:
    """How many moves a won or lost position lasts with best play: iterative deepening of
    "can the player to move force a win with one of its next k placements", over the
    placements that hand over no piece winning at once (any other loses at once). The budget
    counts the positions expanded, so a seed replays."""

    def __init__(self, geo, nodes: int):
        self.geo = geo
        self.left = nodes
        self.known: dict = {}      # (board key, piece in hand, k, who wins) -> bool

    def plies(self, pos, won: bool) -> int | None:
        """The moves of both players from `pos` to the winning one, the player to move having
        won (`won`) or lost the position: the winner's fastest win against the longest
        resistance; None when no win is forced (not a won or lost position after all: no
        distance rather than a wrong one). Raises SearchTimeout when the budget runs out."""
        test = self.wins_within if won else self.loses_within
        for k in range(1, (POP[pos[2]] + 1) // 2 + 1):     # the winner's placements left
            if test(pos, k):
                return 2 * k - 1 if won else 2 * k
        return None

    def expand(self, pos):
        """The positions after each placement of `pos` that gives a piece winning nowhere."""
        self.left -= 1
        if self.left < 0:
            raise SearchTimeout
        geo = self.geo
        for s, safe in sorted(geo.safe_sets(pos), key=lambda item: POP[item[1]]):
            for q in BITS[safe]:
                yield geo.child(pos, s, q)

    def wins_within(self, pos, k: int) -> bool:
        """Does the player to move win with one of its next `k` placements, whatever the
        opponent plays?"""
        p, avail, empt, _, winat, key = pos
        if any(winat[s] >> p & 1 for s in BITS[empt]):
            return True
        if k == 1 or not avail:
            return False        # no line now, or the last piece placed: a draw
        entry = (key, p, k, True)
        if entry not in self.known:
            self.known[entry] = any(self.loses_within(child, k - 1) for child in self.expand(pos))
        return self.known[entry]

    def loses_within(self, pos, k: int) -> bool:
        """Does the opponent win with one of its next `k` placements, whatever the player to
        move plays? (Giving a piece that wins somewhere loses at once: only the other gives
        can last longer.)"""
        p, avail, empt, _, winat, key = pos
        if any(winat[s] >> p & 1 for s in BITS[empt]) or not avail:
            return False        # a line now, or the last piece placed without one: a draw
        if k == 1:
            # the opponent wins at its next placement only if no give is safe
            return not any(safe for _, safe in self.geo.safe_sets(pos))
        entry = (key, p, k, False)
        if entry not in self.known:
            self.known[entry] = all(self.wins_within(child, k) for child in self.expand(pos))
        return self.known[entry]
