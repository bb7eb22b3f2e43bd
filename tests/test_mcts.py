"""The shared information-set MCTS (ai/mcts.py), on toy games defined here."""
from __future__ import annotations

import random

import pytest

from ai import Reason
from ai.mcts import MCTSBot, describe, search, winner_rewards

# ----------------------------------------------------------------------------- toy games

class Nim:
    """Perfect information: take 1-3 stones; who takes the last stone wins. The view is the
    state itself (nothing hidden), so sample() is a copy."""

    def __init__(self, stones: int, players: int = 2, turn: int = 0):
        self.stones, self.players, self.turn = stones, players, turn
        self.last = None

    def to_move(self):
        return None if self.stones == 0 else self.turn

    def legal_moves(self):
        return [take for take in (1, 2, 3) if take <= self.stones]

    def play(self, take):
        if take not in self.legal_moves():
            raise ValueError(take)
        self.stones -= take
        self.last = self.turn
        self.turn = (self.turn + 1) % self.players

    def copy(self):
        new = Nim(self.stones, self.players, self.turn)
        new.last = self.last
        return new

    def is_over(self):
        return self.stones == 0

    def winners(self):
        return (self.last,) if self.stones == 0 else ()

    def scores(self):
        return [1 if self.stones == 0 and seat == self.last else 0 for seat in range(self.players)]

    def view(self, seat):
        return self.copy()

    def sample(self, seat, rng):
        return self.copy()


SAFE = "safe"


class Guess:
    """Two seats. Seat 1 holds one hidden card out of 0..3; some cards are known to be out
    (`excluded`, seen by seat 0). Seat 0 either guesses the card (reward 1 if right, else 0)
    or plays safe (reward 0.6). Then the game is over. Seat 1 never moves."""

    players = 2

    def __init__(self, card: int, excluded=()):
        self.card = card
        self.excluded = tuple(excluded)
        self.choice = None

    def to_move(self):
        return None if self.choice is not None else 0

    def legal_moves(self):
        return [] if self.choice is not None else [SAFE, 0, 1, 2, 3]

    def play(self, move):
        self.choice = move

    def copy(self):
        new = Guess(self.card, self.excluded)
        new.choice = self.choice
        return new

    def is_over(self):
        return self.choice is not None

    def winners(self):
        return (0,) if self.choice == self.card else (1,)

    def scores(self):
        return self.rewards()

    def rewards(self):
        if self.choice == SAFE:
            return [0.6, 0.4]
        return [1.0, 0.0] if self.choice == self.card else [0.0, 1.0]

    def view(self, seat):
        return GuessView(self, seat)


class GuessView:
    """Seat 0's view of a Guess: reading the hidden card raises; `sample` deals it from the
    cards not known to be out, and counts the calls."""

    players = 2

    def __init__(self, real: Guess, seat: int):
        self._excluded = real.excluded
        self._choice = real.choice
        self._seat = seat
        self.samples = 0

    @property
    def card(self):
        raise AssertionError("the search read the hidden card")

    def to_move(self):
        return None if self._choice is not None else 0

    def legal_moves(self):
        return [] if self._choice is not None else [SAFE, 0, 1, 2, 3]

    def is_over(self):
        return self._choice is not None

    def copy(self):
        raise AssertionError("the search should sample the view, not copy it")

    def play(self, move):
        raise AssertionError("the search should play on a determinization, not on the view")

    def sample(self, seat, rng):
        assert seat == self._seat
        self.samples += 1
        state = Guess(rng.choice([card for card in range(4) if card not in self._excluded]), self._excluded)
        state.choice = self._choice
        return state


class Kingmaker:
    """Three seats move once each, in order: seat 0 picks A, B or C; seat 1 picks x or y;
    seat 2 picks p or q. Seats 0 and 1 get the rewards in TABLE; seat 2 gets 1 for q and 0
    for p, and q costs seats 0 and 1 0.1 each. Played for themselves, seat 1 and seat 2
    make C worth 0.8 to seat 0 (A 0, B 0.4): the right move is C. A search that let seat 1
    play for seat 0 would take A (1.0); one that let seat 1 play against seat 0 (paranoid)
    would take B (0.5 at worst against C's 0.1)."""

    TABLE = {("A", "x"): (1.0, 0.0), ("A", "y"): (0.0, 1.0),
             ("B", "x"): (0.5, 0.5), ("B", "y"): (0.5, 0.4),
             ("C", "x"): (0.9, 0.6), ("C", "y"): (0.1, 0.5)}
    players = 3

    def __init__(self):
        self.moves = []

    def to_move(self):
        return None if len(self.moves) == 3 else len(self.moves)

    def legal_moves(self):
        return [["A", "B", "C"], ["x", "y"], ["p", "q"], []][len(self.moves)]

    def play(self, move):
        assert move in self.legal_moves()
        self.moves.append(move)

    def copy(self):
        new = type(self)()
        new.moves = list(self.moves)
        return new

    def is_over(self):
        return len(self.moves) == 3

    def rewards(self):
        first, second = self.TABLE[tuple(self.moves[:2])]
        if self.moves[2] == "q":
            return [first - 0.1, second - 0.1, 1.0]
        return [first, second, 0.0]

    def winners(self):
        rewards = self.rewards()
        return (max(range(3), key=rewards.__getitem__),)

    def view(self, seat):
        return self.copy()

    def sample(self, seat, rng):
        return self.copy()


class Relay(Kingmaker):
    """Four seats in two teams, (0, 2) and (1, 3), each moving once in order 0, 1, 2, 3.
    Seat 0 picks "lead" or "hold"; after "lead" partner seat 2 can "finish" (team 0-2 wins)
    or "pass" (team 1-3 wins), after "hold" team 1-3 wins whatever seat 2 does, unless seat 1
    "blunders" (team 0-2 wins). Seat 3's move changes nothing. With the team's win as the
    reward seat 2 finishes, so "lead" is right; a search that let seat 1 help seat 0 would
    count on the blunder and find "hold" as good."""

    players = 4

    def to_move(self):
        return None if len(self.moves) == 4 else len(self.moves)

    def legal_moves(self):
        return [["hold", "lead"], ["blunder", "careful"], ["pass", "finish"], ["wait", "rest"], []][len(self.moves)]

    def is_over(self):
        return len(self.moves) == 4

    def winners(self):
        first, second, third = self.moves[:3]
        if first == "lead":
            return (0, 2) if third == "finish" else (1, 3)
        return (0, 2) if second == "blunder" else (1, 3)


# ----------------------------------------------------------------------------- (1) perfect information

@pytest.mark.parametrize("stones, take", [(5, 1), (6, 2), (7, 3), (10, 2)])
def test_finds_the_forced_win_at_nim(stones, take):
    result = search(Nim(stones), rng=random.Random(1), iterations=3000)
    assert result.move == take
    assert result.moves[0].mean > max(entry.mean for entry in result.moves[1:])


def test_a_lost_nim_position_looks_lost_and_a_won_one_won():
    lost = search(Nim(8), rng=random.Random(2), iterations=3000)
    won = search(Nim(9), rng=random.Random(2), iterations=3000)
    assert won.move == 1
    assert won.moves[0].mean > 0.8
    assert max(entry.mean for entry in lost.moves) < 0.4


# ----------------------------------------------------------------------------- (2) hidden information

def test_guess_uses_only_the_view_and_plays_safe_when_the_card_is_unknown():
    real = Guess(card=2)
    view = real.view(0)
    result = search(view, 0, rng=random.Random(3), iterations=2000, reward=Guess.rewards)
    # a search that peeked at the real card would guess 2 (reward 1 > 0.6)
    assert result.move == SAFE
    assert view.samples == 2000  # one determinization per iteration, all from the view
    assert result.stats(2).mean < 0.5  # right only when the sampled card happened to be 2
    assert result.stats(SAFE).mean == pytest.approx(0.6)


def test_guess_takes_what_the_view_knows():
    real = Guess(card=3, excluded=(0, 1, 2))
    result = search(real.view(0), 0, rng=random.Random(4), iterations=500, reward=Guess.rewards)
    assert result.move == 3
    half = Guess(card=1, excluded=(0, 2))  # two candidates left: guessing is worth 0.5 < 0.6
    assert search(half.view(0), 0, rng=random.Random(4), iterations=2000, reward=Guess.rewards).move == SAFE


def test_guess_default_reward_is_from_winners():
    # with winners() as the reward, safe is a loss (seat 1 "wins"), so any guess beats it
    result = search(Guess(card=0).view(0), 0, rng=random.Random(5), iterations=1000)
    assert result.move != SAFE
    assert result.stats(SAFE).mean == 0.0


# ----------------------------------------------------------------------------- (3) each seat for itself

def test_every_seat_plays_for_itself():
    state = Kingmaker()
    result = search(state, rng=random.Random(6), iterations=4000, reward=Kingmaker.rewards)
    assert result.move == "C"
    assert result.stats("C").mean > result.stats("B").mean > result.stats("A").mean


def test_opponent_nodes_take_the_opponents_reward():
    state = Kingmaker()
    state.play("A")  # seat 1 to move: y gives it 1.0, x gives it nothing
    result = search(state, rng=random.Random(7), iterations=1000, reward=Kingmaker.rewards)
    assert result.move == "y"
    assert result.stats("y").mean > 0.8  # seat 1's own reward, not seat 0's


def test_partners_help_each_other_with_a_team_reward():
    result = search(Relay(), rng=random.Random(8), iterations=3000)
    assert result.move == "lead"
    assert result.stats("lead").mean > 0.8 > 0.2 > result.stats("hold").mean


def test_winner_rewards():
    nim = Nim(1)
    nim.play(1)
    assert winner_rewards(nim) == [1.0, 0.0]
    relay = Relay()
    for move in ("lead", "careful", "finish", "wait"):
        relay.play(move)
    assert winner_rewards(relay) == [1.0, 0.0, 1.0, 0.0]

    class Draw(Nim):
        def winners(self):
            return ()
    assert winner_rewards(Draw(0, players=3)) == [0.5, 0.5, 0.5]


# ----------------------------------------------------------------------------- (4) determinism

def test_same_seed_same_search():
    first = search(Guess(card=1).view(0), 0, rng=random.Random(9), iterations=300, reward=Guess.rewards)
    second = search(Guess(card=1).view(0), 0, rng=random.Random(9), iterations=300, reward=Guess.rewards)
    assert first.move == second.move
    assert first.moves == second.moves
    other = search(Guess(card=1).view(0), 0, rng=random.Random(10), iterations=300, reward=Guess.rewards)
    assert other.moves != first.moves  # the seed does drive the search


def test_bot_with_the_same_seed_plays_the_same_game():
    def game(seed):
        state, moves = Nim(11), []
        bots = [MCTSBot(iterations=200, seed=seed), MCTSBot(iterations=200, seed=seed + 1)]
        while not state.is_over():
            move = bots[state.to_move()].choose(state.view(state.to_move()))
            moves.append(move)
            state.play(move)
        return moves
    assert game(3) == game(3)


# ----------------------------------------------------------------------------- (5) budget

def test_iterations_budget_is_exact():
    view = Guess(card=0).view(0)
    result = search(view, 0, rng=random.Random(11), iterations=137)
    assert result.iterations == 137
    assert view.samples == 137
    assert sum(entry.visits for entry in result.moves) == 137
    # every root move is legal in every determinization: available from the iteration that
    # added it (the first five iterations each add one) to the end
    assert sorted(entry.available for entry in result.moves) == [133, 134, 135, 136, 137]


def test_time_budget_stops_the_search():
    view = Guess(card=0).view(0)
    result = search(view, 0, rng=random.Random(12), iterations=None, seconds=0.0)
    assert result.iterations == 1 == view.samples  # at least one iteration, then the clock says stop
    result = search(Nim(20), rng=random.Random(12), iterations=50, seconds=60.0)
    assert result.iterations == 50  # whichever comes first


def test_budget_is_required_and_sane():
    with pytest.raises(ValueError):
        search(Nim(5), rng=random.Random(1), iterations=None)
    with pytest.raises(ValueError):
        search(Nim(5), rng=random.Random(1), iterations=0)
    with pytest.raises(ValueError):
        search(Nim(5), rng=random.Random(1), depth=3)  # a depth without evaluate
    with pytest.raises(ValueError):
        MCTSBot(iterations=None)
    done = Nim(1)
    done.play(1)
    with pytest.raises(ValueError):
        search(done, rng=random.Random(1), iterations=10)


def test_a_single_legal_move_is_not_searched():
    view = Guess(card=0).view(0)
    view.legal_moves = lambda: [SAFE]
    result = search(view, 0, rng=random.Random(13), iterations=100)
    assert result.move == SAFE and result.iterations == 0 and view.samples == 0
    assert describe(result).key == "mcts.only"


# ----------------------------------------------------------------------------- hooks

def test_playout_policy_and_evaluate_hooks_are_used():
    calls = {"playout": 0, "evaluate": 0}

    def greedy(state, rng):  # take everything you can: wins from 1-3 stones
        calls["playout"] += 1
        return max(state.legal_moves())

    result = search(Nim(7), rng=random.Random(14), iterations=500, playout=greedy)
    assert calls["playout"] > 0 and result.move == 3

    def evaluate(state):  # the exact value of a Nim position for the seat to move
        calls["evaluate"] += 1
        mover = state.to_move()
        rewards = [0.0, 0.0]
        rewards[mover if state.stones % 4 else 1 - mover] = 1.0
        return rewards

    result = search(Nim(30), rng=random.Random(15), iterations=300, evaluate=evaluate)
    assert result.move == 2  # leave 28
    assert calls["evaluate"] > 0
    before = calls["playout"]
    search(Nim(30), rng=random.Random(15), iterations=50, evaluate=evaluate, depth=2, playout=greedy)
    assert calls["playout"] > before


def test_bot_choose_and_hint():
    bot = MCTSBot(iterations=2000, seed=16, reward=Kingmaker.rewards)
    move, reason = bot.hint(Kingmaker())
    assert move == "C" and bot.last.move == "C"
    assert isinstance(reason, Reason) and reason.key == "mcts.best"
    assert reason.params["iterations"] == 2000 and "C" in str(reason)
    assert MCTSBot(iterations=300, seed=16, seat_of=lambda view: 0).choose(Nim(6)) == 2


# ----------------------------------------------------------------------------- a real game

def test_kings_corners_smoke():
    from game.kings_corners.rules import arena_game

    state = arena_game(5, 4)
    bot = MCTSBot(iterations=20, seed=17)
    for _ in range(12):
        if state.is_over():
            break
        seat = state.to_move()
        view = state.view(seat)
        move = bot.choose(view)
        assert move in state.legal_moves()
        state.play(move)


# ----------------------------------------------------------------------------- availability counts

class Rare(Kingmaker):
    """Seat 0 picks "stop" (0.5 each) or "go"; after "go" seat 1 picks "plain" (0.7 for
    seat 1) or, only when it holds the rare card, "rare" (0.3 for seat 1). Seat 0 cannot see
    seat 1's card: the view deals the rare card in one determinization out of `every`."""

    players = 2

    def __init__(self, rare=False):
        super().__init__()
        self.rare = rare

    def to_move(self):
        return None if self.is_over() else len(self.moves)

    def legal_moves(self):
        if self.is_over():
            return []
        if not self.moves:
            return ["stop", "go"]
        return ["plain", "rare"] if self.rare else ["plain"]

    def copy(self):
        new = Rare(self.rare)
        new.moves = list(self.moves)
        return new

    def is_over(self):
        return self.moves[:1] == ["stop"] or len(self.moves) == 2

    def rewards(self):
        if self.moves == ["stop"]:
            return [0.5, 0.5]
        return [0.6, 0.7] if self.moves[1] == "plain" else [0.6, 0.3]


class RareView:
    players = 2

    def __init__(self, every):
        self.every, self.samples = every, 0

    def to_move(self):
        return 0

    def legal_moves(self):
        return ["stop", "go"]

    def sample(self, seat, rng):
        self.samples += 1
        return Rare(rare=self.samples % self.every == 0)


def test_exploration_counts_availability_not_parent_visits(monkeypatch):
    import ai.mcts as mcts

    nodes = []

    class Recorded(mcts.Node):
        __slots__ = ()

        def __init__(self, move, seat, parent):
            super().__init__(move, seat, parent)
            nodes.append(self)

    monkeypatch.setattr(mcts, "Node", Recorded)
    search(RareView(every=100), 0, rng=random.Random(18), iterations=3000, reward=Rare.rewards)
    go = next(node for node in nodes if node.move == "go")
    rare = next(node for node in nodes if node.move == "rare")
    plain = next(node for node in nodes if node.move == "plain")
    assert rare.seat == plain.seat == 1 and go.seat == 0
    assert plain.available == go.visits - 1  # legal every time below "go" (from the 2nd visit)
    assert 20 <= rare.available <= 30  # legal in one determinization out of 100
    # worse for its mover, "rare" is tried about 2.3 ln(available) ~ 7 times; counting the
    # parent's visits (~2900) instead would try it ~18 times
    assert rare.visits <= 10
