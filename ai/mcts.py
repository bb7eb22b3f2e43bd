"""Information-set Monte Carlo tree search for games with hidden cards (Kingen, Keezen).

Single-observer ISMCTS (Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 2012). The search sees only what the searching seat sees (its `view`)
and grows one tree over that seat's information set:

- every iteration starts from a new determinization, `view.sample(seat, rng)`: a full state
  consistent with the view (other hands and the deck order drawn at random). The search
  never reads anything else of the view than `legal_moves()`, `to_move()` and `sample()`;
- selection: at a node whose moves legal in this determinization all have children, pick the
  child with the best UCB1 value, `mean + c * sqrt(ln(available) / visits)`, where
  `available` counts the iterations in which that child's move was legal at this node (not
  the parent's visits: a move that is seldom possible is not over-explored);
- expansion: otherwise add one untried legal move, drawn at random, and go down into it;
- playout: from there to the end of the game by a policy (uniform random by default; a game
  may pass `playout(state, rng) -> move`), or for at most `depth` moves after which
  `evaluate(state)` judges the state;
- backpropagation: each node on the path adds the reward of the seat that made the move
  into it, so every node's statistics are from its mover's point of view. Opponents'
  (and partners') moves are searched the same way, each seat playing for itself; chance
  (dealing, drawing) and hidden cards come only from the determinization.

Rewards: `reward(state)` maps a finished state to a list of rewards per seat in [0, 1]. The
default, `winner_rewards`, gives 1 to each seat in `winners()` and 0 to the others (0.5 to
every seat when there is no winner). Kingen will map its scores into [0, 1], Keezen will
give the team's win to both partners.

Budget: `iterations` and/or `seconds` of process time (`time.process_time`), whichever runs
out first; at least one iteration is always made. The random source is the `random.Random`
passed in, so the same seed and the same number of iterations give the same search.

Use:
    result = search(view, rng=random.Random(7), iterations=800)
    result.move                     # the most-visited move at the root
    result.moves                    # MoveStats(move, visits, mean, available), most visited first
    result.iterations, result.seconds

or wrap `MCTSBot(iterations=..., seconds=..., playout=..., reward=..., seed=...)` in a game's
`ai/<game>.py`: it has `choose(view)` and `hint(view) -> (move, ai.Reason)`, and keeps its
last `SearchResult` in `.last` so a game can phrase its own reason ("won 62% of 800
simulated deals").
"""
from __future__ import annotations

import math
import random
import time
from typing import Callable, NamedTuple

from ai import Reason

EXPLORATION = 0.7  # UCB1's c for rewards in [0, 1] (the value Cowling et al. use)


def winner_rewards(state) -> list:
    """1 for each seat in `winners()`, 0 for the others; 0.5 for every seat on a draw."""
    winners = state.winners()
    if not winners:
        return [0.5] * state.players
    rewards = [0.0] * state.players
    for seat in winners:
        rewards[seat] = 1.0
    return rewards


def random_playout(state, rng: random.Random):
    """The default playout policy: a legal move drawn uniformly."""
    return rng.choice(state.legal_moves())


class Node:
    """One node of the tree: the move that led here, the seat that made it, and that seat's
    statistics (`total` reward over `visits`; `available`: iterations in which the move was
    legal at the parent)."""

    __slots__ = ("move", "seat", "parent", "children", "visits", "available", "total")

    def __init__(self, move, seat, parent):
        self.move = move
        self.seat = seat
        self.parent = parent
        self.children: dict = {}
        self.visits = 0
        self.available = 1
        self.total = 0.0


class MoveStats(NamedTuple):
    move: object
    visits: int       # iterations that went through this root move
    mean: float       # the mover's mean reward over those iterations, in [0, 1]
    available: int    # iterations in which the move was legal (all of them at the root)


class SearchResult(NamedTuple):
    move: object          # the most-visited root move
    moves: tuple          # MoveStats for every legal root move, most visited first
    iterations: int       # iterations made (0: only one legal move, nothing to search)
    seconds: float        # process time spent

    def stats(self, move) -> MoveStats:
        for entry in self.moves:
            if entry.move == move:
                return entry
        raise KeyError(move)


def search(view, seat: int | None = None, *, rng: random.Random, iterations: int | None = 1000,
           seconds: float | None = None, playout: Callable | None = None, evaluate: Callable | None = None,
           depth: int | None = None, reward: Callable | None = None,
           exploration: float = EXPLORATION) -> SearchResult:
    """Search the move to make in `view` for the seat to move, as `seat` (default: the seat
    to move) sees it; `view.sample(seat, rng)` gives each iteration's determinization.

    `playout(state, rng) -> move` plays the playouts (default: uniform random). With
    `evaluate(state) -> rewards per seat`, a playout stops after `depth` moves (default 0:
    the new leaf is judged at once) and `evaluate` judges the state reached unless the game
    is over there; `reward(state) -> rewards per seat` judges a finished game (default
    `winner_rewards`). Rewards should lie in [0, 1]."""
    if iterations is None and seconds is None:
        raise ValueError("give a budget: iterations and/or seconds")
    if iterations is not None and iterations < 1:
        raise ValueError("iterations must be at least 1")
    if depth is not None and evaluate is None:
        raise ValueError("a playout depth needs an evaluate(state) function")
    if evaluate is not None and depth is None:
        depth = 0
    if seat is None:
        seat = view.to_move()
    root_moves = list(view.legal_moves())
    if not root_moves:
        raise ValueError("no legal move to search")
    if len(root_moves) == 1:
        return SearchResult(root_moves[0], (MoveStats(root_moves[0], 0, 0.0, 0),), 0, 0.0)
    policy = playout or random_playout
    judge = reward or winner_rewards
    limit = iterations if iterations is not None else math.inf
    clock = time.process_time
    started = clock()
    deadline = started + seconds if seconds is not None else math.inf
    log, sqrt = math.log, math.sqrt
    root = Node(None, None, None)
    done = 0
    while True:
        state = view.sample(seat, rng)
        node = root
        # selection and expansion
        while not state.is_over():
            moves = state.legal_moves()
            children = node.children
            untried = []
            for move in moves:
                child = children.get(move)
                if child is None:
                    untried.append(move)
                else:
                    child.available += 1
            if untried:
                move = untried[0] if len(untried) == 1 else rng.choice(untried)
                child = children[move] = Node(move, state.to_move(), node)
                state.play(move)
                node = child
                break
            best, best_value = None, -math.inf
            for move in moves:
                child = children[move]
                visits = child.visits
                value = child.total / visits + exploration * sqrt(log(child.available) / visits)
                if value > best_value:
                    best, best_value = child, value
            state.play(best.move)
            node = best
        # playout
        if depth is None:
            while not state.is_over():
                state.play(policy(state, rng))
            rewards = judge(state)
        else:
            for _ in range(depth):
                if state.is_over():
                    break
                state.play(policy(state, rng))
            rewards = judge(state) if state.is_over() else evaluate(state)
        # backpropagation: each node scores the reward of the seat that moved into it
        while node is not root:
            node.visits += 1
            node.total += rewards[node.seat]
            node = node.parent
        root.visits += 1
        done += 1
        if done >= limit or clock() >= deadline:
            break
    spent = clock() - started
    stats = []
    for move in root_moves:
        child = root.children.get(move)
        if child is None or not child.visits:
            stats.append(MoveStats(move, 0, 0.0, 0 if child is None else child.available))
        else:
            stats.append(MoveStats(move, child.visits, child.total / child.visits, child.available))
    stats.sort(key=lambda entry: (-entry.visits, -entry.mean))  # stable: ties keep the legal order
    return SearchResult(stats[0].move, tuple(stats), done, spent)


def describe(result: SearchResult) -> Reason:
    """A one-line reason for the searched move: its mean result over the simulated games."""
    best = result.moves[0]
    if not result.iterations:
        return Reason(f"{best.move} is the only legal move", "mcts.only", move=str(best.move))
    percent = round(100 * best.mean)
    return Reason(f"{best.move}: {percent}% average result over {best.visits} of {result.iterations} "
                  f"simulated games", "mcts.best", move=str(best.move), percent=percent,
                  visits=best.visits, iterations=result.iterations)


class MCTSBot:
    """A computer player by ISMCTS, for a game's `ai/<game>.py` to configure and wrap.

    `seat_of(view)` says which seat the bot plays in a view (default: the seat to move);
    the other arguments are `search`'s. `seed` seeds the bot's own `random.Random`, so a game
    replayed from the same seeds gets the same moves (with an iteration budget; a time
    budget depends on the machine)."""

    def __init__(self, *, seat_of: Callable | None = None, iterations: int | None = 1000,
                 seconds: float | None = None, playout: Callable | None = None,
                 evaluate: Callable | None = None, depth: int | None = None,
                 reward: Callable | None = None, exploration: float = EXPLORATION, seed=None):
        if iterations is None and seconds is None:
            raise ValueError("give a budget: iterations and/or seconds")
        self.seat_of = seat_of
        self.iterations = iterations
        self.seconds = seconds
        self.playout = playout
        self.evaluate = evaluate
        self.depth = depth
        self.reward = reward
        self.exploration = exploration
        self.rng = random.Random(seed)
        self.last: SearchResult | None = None

    def search(self, view) -> SearchResult:
        seat = self.seat_of(view) if self.seat_of is not None else view.to_move()
        self.last = search(view, seat, rng=self.rng, iterations=self.iterations, seconds=self.seconds,
                           playout=self.playout, evaluate=self.evaluate, depth=self.depth,
                           reward=self.reward, exploration=self.exploration)
        return self.last

    def choose(self, view):
        return self.search(view).move

    def hint(self, view):
        result = self.search(view)
        return result.move, describe(result)
