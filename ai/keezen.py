"""Keezen computer players: information-set MCTS (`ai.mcts`) with a sensible playout policy
and a judgement of positions.

Every player reads only its seat's view: its own hand, the played cards and the board. The
search deals the unseen cards at random for each iteration (`view.sample`), so a computer
partner never knows its partner's hand either. Both partners of a team get the team's result
as their reward (`winners()` names both seats of the winning team), so a player helps its
partner as readily as itself.

- `move_value(state, move)`: the rule of thumb: progress of the pawns moved (the 4 just past
  the own start square counts as the short way home), a pawn entered, a pawn brought home,
  an opponent hit (an own or partner's pawn hit counts against), a jack judged by what both
  pawns gain, less a small price for spending the flexible cards (4, 7, jack, ace, king).
- `playout(state, rng)`: the best move by that value, a random one in `SLIP` of the turns.
- `evaluate(state)`: each team's pawns' worth less the worth at risk (opponent pawns
  within reach of a card behind a pawn, or four squares ahead of it, a pawn on an opponent's
  start square that can still enter), turned into a winning chance for each team. A pawn's
  worth is its progress, and a pawn home is worth `HOME_WORTH` more than one just before its
  home. The chance is as wide as `SCALE` says.

Levels: easy plays the rule of thumb and slips (a random move) in a quarter of its turns;
normal searches `NORMAL_ITERATIONS` iterations; hard searches up to `HARD_ITERATIONS` (fewer
when there are few moves to choose from: at most `HARD_PER_MOVE` a legal move), at once when
only one move is legal. Normal and hard share one model (playouts and judgement) and differ
only in budget. Budgets are iterations, so a seed replays exactly; the process-time cap is a
safety net only.

Measure: strength and each level's time per move with
`python -m ai.arena keezen --a hard --b normal --games 50 --seed 1`; how well the judgement
predicts the winner, for each `HOME_WORTH` and `SCALE`, with `python -m ai.keezen_bench judge`.
What the runs gave, and how the budgets and constants were chosen: docs/benchmark-notes.md.
"""
from __future__ import annotations

import math
import random

from ai import LEVELS, Reason
from ai.mcts import search
from game.keezen import rules as R
from game.keezen.rules import HOME, NEST, START, Enter, Give, LayAway, Swap

# ----------------------------------------------------------------------------- weights
# how HOME_WORTH, SCALE, EXPLORATION and the budgets were chosen: docs/benchmark-notes.md

ENTER_VALUE = 8        # a pawn on the board is worth this much more than one in the nest
HOME_VALUE = 10        # and a pawn home this much more than one just before its home
ENTER_GAIN = 14        # the rule of thumb's extra for entering a pawn
HOME_GAIN = 10         # and for walking one into the home
LEAVE_START = 2        # leaving the own start square gives up its shelter
HIT_OWN = 1.5          # hitting an own or partner's pawn weighs this much more than hitting an opponent
KEEP = {4: 4.0, 7: 6.0, 11: 3.0, 1: 2.0, 13: 2.0}   # the price of spending a flexible card
SLIP = 0.1             # playouts: share of random moves
EASY_SLIP = 0.25       # the easy player's slips
RISK = 0.8             # evaluate: how much of the progress at risk counts as lost
RULE_RISK = 0.8        # the rule of thumb (easy): the same for the pawn it moves; playouts skip it
HOME_WORTH = 60        # evaluate: a pawn home is worth this much more than one just before its home
SCALE = 120.0          # evaluate: value difference that makes a team 73% favourite
EXPLORATION = 0.3      # the searches' UCB constant, for rewards as narrow as `evaluate`'s

NORMAL_ITERATIONS = 150
HARD_ITERATIONS = 4000
HARD_PER_MOVE = 400    # hard: at most this many iterations per legal move at the root
SECONDS_CAP = 5.0      # process-time safety net per move
DEPTH = 8              # playout moves before `evaluate` judges the position



def progress_table(enter_value: float = ENTER_VALUE, home_value: float = HOME_VALUE) -> list:
    """[colour][square + 1]: how far a pawn on `square` has come (a pawn in the nest 0)."""
    return [[0] + [enter_value + ((square - 16 * colour) & 63) for square in range(64)]
            + [enter_value + 64 + home_value + step for step in range(4)] for colour in range(4)]


PROGRESS = progress_table()                          # the rule of thumb's
WORTH = progress_table(home_value=HOME_WORTH)          # evaluate's

# chance that an opponent pawn `distance` squares behind can hit: a card of that value
# (ace 1 .. 10, queen 12) or a 7 split (up to 7); the 4 from four squares ahead
THREAT = [0.0] * 13
for _distance in (1, 2, 3, 5, 6, 7, 8, 9, 10, 12):
    THREAT[_distance] = 0.2
for _distance in range(1, 8):
    THREAT[_distance] += 0.1
BACK_THREAT = 0.2
ENTER_THREAT = 0.35


def target_of(colour: int, square: int, steps: int) -> int:
    """Where a legal walk of `steps` ends (no checks: the move is legal)."""
    if steps < 0:
        return (square + steps) & 63
    if square >= HOME:
        return square + steps
    relative = ((square - 16 * colour) & 63) + steps
    return (16 * colour + relative) & 63 if relative < 64 else HOME + relative - 64


# ----------------------------------------------------------------------------- the rule of thumb

def move_value(state, move, blocked=None, risk: float = RULE_RISK) -> float:
    """How good `move` looks at a glance (see the module docstring); higher is better.
    `blocked`: the blocked start squares when the caller knows them; `risk`: the weight of the
    moved pawn's danger before and after (0: not looked at)."""
    kind = type(move)
    if kind is LayAway or kind is Give:
        return 0.0
    pawns, board = state.pawns, state.board
    team = state.turn & 1
    if blocked is None:
        blocked = R._blocked(board)
    value = -KEEP.get(move.card, 0.0)
    if kind is Enter:
        value += ENTER_GAIN + ENTER_VALUE
        victim = board[START[move.colour]]
        if victim >= 0:
            value += _hit(pawns, victim, team)
        return value
    if kind is Swap:
        mine, theirs = move.colour, move.other_colour
        before, after = PROGRESS[mine][move.square + 1], PROGRESS[mine][move.other_square + 1]
        value += after - before
        change = PROGRESS[theirs][move.square + 1] - PROGRESS[theirs][move.other_square + 1]
        value += change if theirs & 1 == team else -change
        if risk:
            value += risk * (danger(pawns, board, mine, move.square, blocked) * before
                                     - danger(pawns, board, mine, move.other_square, blocked) * after)
        return value
    for colour, square, steps in move.parts:
        target = target_of(colour, square, steps)
        before, after = PROGRESS[colour][square + 1], PROGRESS[colour][target + 1]
        value += after - before
        if target < HOME:
            victim = board[target]
            if victim >= 0 and pawns[victim] != square:
                value += _hit(pawns, victim, team)
        elif square < HOME:
            value += HOME_GAIN
        if square == START[colour]:
            value -= LEAVE_START
        if risk and square < HOME:
            value += risk * (danger(pawns, board, colour, square, blocked) * before
                                     - danger(pawns, board, colour, target, blocked) * after)
    return value


def _hit(pawns, victim: int, team: int) -> float:
    colour = victim >> 2
    lost = PROGRESS[colour][pawns[victim] + 1]
    return -HIT_OWN * lost if colour & 1 == team else lost


def best_by_rule(state, moves, rng: random.Random, risk: float = RULE_RISK):
    """The move the rule of thumb likes best (ties broken at random)."""
    best, best_value = [], -math.inf
    blocked = R._blocked(state.board)
    for move in moves:
        value = move_value(state, move, blocked, risk)
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return best[0] if len(best) == 1 else rng.choice(best)


def playout(state, rng: random.Random):
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if rng.random() < SLIP:
        return rng.choice(moves)
    return best_by_rule(state, moves, rng, risk=0.0)


# ----------------------------------------------------------------------------- judging a position

def danger(pawns, board, colour: int, square: int, blocked) -> float:
    """The chance (roughly, at most 1) that an opponent hits a pawn of `colour` on `square`:
    opponent pawns up to 12 squares behind it that would not turn into their home first (no
    blocked start square between), one four squares ahead (the 4), and an opponent's start
    square while that opponent has a pawn to enter."""
    if not 0 <= square < 64 or square == START[colour]:
        return 0.0
    team = colour & 1
    threat = 0.0
    for distance in range(1, 13):
        place = (square - distance) & 63
        other = board[place]
        if other >= 0:
            other_colour = other >> 2
            if other_colour & 1 != team and ((place - 16 * other_colour) & 63) + distance < 64:
                threat += THREAT[distance]
            if place in blocked:
                break
    ahead = board[(square + 4) & 63]
    if ahead >= 0 and (ahead >> 2) & 1 != team and not any((square + step) & 63 in blocked for step in range(1, 4)):
        threat += BACK_THREAT
    if square & 15 == 0:
        owner = square >> 4
        if owner & 1 != team and NEST in pawns[4 * owner:4 * owner + 4]:
            threat += ENTER_THREAT
    return threat if threat < 1.0 else 1.0


def team_values(state, worth=WORTH) -> list:
    """Per team (0: blue + yellow, 1: green + red): its pawns' worth less what is at risk.
    `worth`: another table like `WORTH` to judge by (the benchmark of the constants)."""
    pawns, board = state.pawns, state.board
    blocked = R._blocked(board)
    values = [0.0, 0.0]
    for index in range(16):
        square = pawns[index]
        colour = index >> 2
        value = worth[colour][square + 1]
        if 0 <= square < 64:
            value -= RISK * danger(pawns, board, colour, square, blocked) * value
        values[colour & 1] += value
    return values


def winning_chance(values, scale: float = SCALE) -> float:
    """Blue + yellow's chance to win by `team_values`."""
    blue_yellow, green_red = values
    return 1.0 / (1.0 + math.exp((green_red - blue_yellow) / scale))


def evaluate(state) -> list:
    """Rewards per seat in [0, 1]: each team's chance to win, judged by `team_values`."""
    chance = winning_chance(team_values(state))
    return [chance, 1.0 - chance, chance, 1.0 - chance]


# ----------------------------------------------------------------------------- the players

class KeezenBot:
    """`choose(view)` for a seat's view; `hint(view)` adds a reason. Keeps the last search in
    `.last` (the arena reports iterations per second from it)."""

    def __init__(self, level: str = "normal", seed=None, *, iterations: int | None = None,
                 depth: int | None = DEPTH, seconds: float = SECONDS_CAP):
        if level not in LEVELS or level == "random":
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.rng = random.Random(seed)
        self.iterations = iterations if iterations is not None else (
            HARD_ITERATIONS if level == "hard" else NORMAL_ITERATIONS)
        self.depth = depth
        self.seconds = seconds
        self.last = None

    def choose(self, view):
        moves = view.legal_moves()
        if not moves:
            raise ValueError("the game is over: no move to choose")
        if len(moves) == 1:
            return moves[0]
        if self.level == "easy":
            if self.rng.random() < EASY_SLIP:
                return self.rng.choice(moves)
            return best_by_rule(view, moves, self.rng)
        return self.search(view, moves).move

    def search(self, view, moves=None):
        moves = view.legal_moves() if moves is None else moves
        iterations = self.iterations
        if self.level == "hard":
            iterations = min(iterations, HARD_PER_MOVE * len(moves))
        self.last = search(view, view.to_move(), rng=self.rng, iterations=iterations, seconds=self.seconds,
                           playout=playout, evaluate=evaluate if self.depth is not None else None,
                           depth=self.depth, exploration=EXPLORATION)
        return self.last

    def hint(self, view):
        """The hard player's move and why, in a short line."""
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0], explain(view, moves[0])
        helper = KeezenBot("hard", self.rng.getrandbits(64))
        result = helper.search(view, moves)
        return result.move, explain(view, result.move, round(100 * result.moves[0].mean))


HINTS = {
    "give": "Give your partner the {card}",
    "enter_hit": "Put a new pawn on the board and hit the pawn on your start square",
    "enter": "Put a new pawn on the board",
    "swap": "Swap: your pawn jumps {steps} squares ahead",
    "swap_back": "Swap: it sets the other pawn back",
    "hit": "Hit the opponent's pawn on {square}",
    "home": "Bring a pawn home",
    "back_home": "Go back four past your start square: your home is close",
    "seven": "Split the 7 over two pawns",
    "forward": "Move a pawn ahead",
}


def explain(view, move, percent: int | None = None) -> Reason:
    """Why `move` (English, with an i18n key): the only move there is, or what the move does
    for the team and how often the team won the simulated games after it."""
    if type(move) is LayAway:
        return Reason("No card can be played: lay the hand away", "keezen.hint.lay_away")
    if percent is None:
        return Reason(f"{move} is the only move you can make", "keezen.hint.only", move=str(move))
    code, params = _what(view, move)
    text = HINTS[code].format(**params) + f" (your team won {percent}% of the simulated games)"
    return Reason(text, f"keezen.hint.{code}", percent=percent, **params)


def _what(view, move):
    """What a move does, as a hint code and its parameters."""
    kind = type(move)
    if kind is Give:
        return "give", {"card": R.RANK_LETTER[move.card]}
    pawns, board = view.pawns, view.board
    team = view.turn & 1
    if kind is Enter:
        victim = board[START[move.colour]]
        return ("enter_hit" if victim >= 0 and (victim >> 2) & 1 != team else "enter"), {}
    if kind is Swap:
        gain = PROGRESS[move.colour][move.other_square + 1] - PROGRESS[move.colour][move.square + 1]
        return ("swap", {"steps": gain}) if gain > 0 else ("swap_back", {})
    for colour, square, steps in move.parts:
        target = target_of(colour, square, steps)
        victim = board[target] if target < HOME else -1
        if victim >= 0 and (victim >> 2) & 1 != team and pawns[victim] != square:
            return "hit", {"square": target}
    if any(target_of(*part) >= HOME > part[1] for part in move.parts):
        return "home", {}
    if move.card == 4 and ((move.parts[0][1] - 16 * move.parts[0][0]) & 63) < 4:
        return "back_home", {}
    if move.card == 7 and len(move.parts) > 1:
        return "seven", {}
    return "forward", {}


def make(level: str, seed=None):
    return KeezenBot(level, seed)
