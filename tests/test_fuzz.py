"""A short seeded slice of every fuzz target (tests/fuzz.py); the long runs are for people."""
import math
import os
import subprocess
import sys
from types import SimpleNamespace

import pytest

from tests import fuzz

# games per rules target, each cut off after STOP moves, every check on every position: a few
# seconds a target (the rules contract, tests/test_rules_contract.py, plays every option set to
# the end with the cheap checks on every position). The work is counted, never timed: a slow
# machine runs the same games, only later.
GAMES = {"quarto": 4, "kings_corners": 1}
STOP = 300
NO_CLOCK = math.inf


def failures(report) -> str:
    return "\n".join(report.failures[:3])


@pytest.mark.parametrize("game", fuzz.game_targets())
def test_random_games_keep_every_invariant(game):
    report = fuzz.fuzz_game(game, seconds=NO_CLOCK, seed=13, limit=GAMES.get(game, 2), stop_after=STOP)
    assert report.runs == GAMES.get(game, 2) and report.steps > 0
    assert report.failure_count == 0, failures(report)


def test_random_input_on_every_screen_crashes_nothing():
    screens = len(fuzz.screen_names())
    report = fuzz.fuzz_ui(seconds=NO_CLOCK, seed=13, sessions=screens, events_per_session=35)   # one a screen
    assert report.runs >= screens * 35
    assert report.failure_count == 0, failures(report)


def test_each_ui_session_starts_on_an_empty_folder_of_its_own(monkeypatch):
    """What a ui session finds on disk does not depend on the sessions before it (the folder
    was shared, so --only could not replay a session)."""
    starts = []
    start_app = fuzz.start_app

    def starting(folder, rng, screen):
        starts.append((folder, sorted(os.listdir(folder))))
        return start_app(folder, rng, screen)

    monkeypatch.setattr(fuzz, "start_app", starting)
    fuzz.fuzz_ui(seconds=NO_CLOCK, seed=13, limit=4 * 30, events_per_session=30)
    firsts = {}
    for folder, files in starts:
        firsts.setdefault(folder, files)
    assert len(firsts) >= 4 and all(files == [] for files in firsts.values()), starts


def test_hostile_data_folders_start_report_and_go_on():
    report = fuzz.fuzz_saves(seconds=NO_CLOCK, seed=13, limit=40, big=False)
    assert report.runs == 40
    assert report.failure_count == 0, failures(report)
    for kind in fuzz.TEXT_CLASSES[:1] + fuzz.SAVE_CLASSES:     # each class of issue 26 was tried
        assert report.notes[f"{kind} tried"] >= 1 and report.notes[f"{kind} crashes"] == 0, kind


def test_the_fuzzer_finds_a_broken_invariant(monkeypatch):
    """The checks can fail: a rules module that accepts a move of the wrong type is caught."""
    rules = fuzz.registry.game("quarto").rules()
    original = rules.State.play

    def lenient(self, move):
        if isinstance(move, rules.Give) and move.piece == 1.0 and type(move.piece) is float:
            self.hand, self.turn = move.piece, 1 - self.turn      # accepted: a float piece
            return
        original(self, move)

    monkeypatch.setattr(rules.State, "play", lenient)
    monkeypatch.setattr(fuzz, "BAD_VALUES", (1.0,))
    report = fuzz.fuzz_game("quarto", seconds=NO_CLOCK, seed=1, limit=5)
    assert report.failure_count > 0
    assert any("was accepted" in kind for kind in report.kinds)


def test_the_fuzzer_finds_a_lost_piece(monkeypatch):
    """The conservation check runs in the fuzzer: a piece that leaves zones() mid-game is caught."""
    rules = fuzz.registry.game("quarto").rules()
    original = rules.State.zones

    def losing(self):
        zones = original(self)
        if any(piece is not None for piece in self.board):
            zones["pool"] = zones["pool"][1:]      # a piece beside the board is gone
        return zones

    monkeypatch.setattr(rules.State, "zones", losing)
    report = fuzz.fuzz_game("quarto", seconds=NO_CLOCK, seed=1, limit=1)
    assert report.failure_count == 1
    assert any("lost or doubled" in kind for kind in report.kinds), report.kinds


def moves_of_games(monkeypatch, **run) -> list:
    """The move codes each game of a Quarto fuzz run draws (its moves from elsewhere too)."""
    games: list = []
    chosen, play = fuzz.pick, fuzz.play_one_game

    def noting(game, moves, rng):
        move = chosen(game, moves, rng)
        games[-1].append(move.code)
        return move

    def playing(*args, **kwargs):
        games.append([])
        return play(*args, **kwargs)

    monkeypatch.setattr(fuzz, "pick", noting)
    monkeypatch.setattr(fuzz, "play_one_game", playing)
    fuzz.fuzz_game("quarto", seconds=NO_CLOCK, seed=6, stop_after=30, **run)
    monkeypatch.undo()
    return games


def test_only_replays_the_game_of_a_full_run(monkeypatch):
    """`--only I` plays the very game a longer run played at index I (a pool of moves kept
    across games made it depend on the games before it)."""
    games = moves_of_games(monkeypatch, limit=4)
    assert len(games) == 4 and all(games)
    for index in (1, 3):
        assert moves_of_games(monkeypatch, only=index) == [games[index]], index


def test_the_clock_ends_a_game_and_the_line_says_so(monkeypatch):
    """--seconds holds inside a game: the game running when the time is up ends at once, and
    the line names it and how to play it out; a rerun with --only plays it to its end."""
    ticks = iter(range(10 ** 6))
    monkeypatch.setattr(fuzz, "time", SimpleNamespace(perf_counter=lambda: float(next(ticks))))  # a second a look
    report = fuzz.fuzz_game("kings_corners", seconds=40, seed=3, thorough=0.0)
    index, moves = report.cut
    assert report.runs == index + 1 and 0 < moves <= report.steps < 40
    assert f"game {index} cut by the clock after {moves} moves; --only {index} plays it out" in report.line()
    whole = fuzz.fuzz_game("kings_corners", seconds=40, seed=3, thorough=0.0, only=index)
    assert whole.cut == () and whole.steps > moves and "cut" not in whole.line()


def test_long_matches_give_every_check_to_a_shrinking_share():
    assert fuzz.full_share(1.0, 0) == fuzz.full_share(1.0, fuzz.FULL_CHECKS) == 1.0
    assert fuzz.full_share(0.05, 10) == 0.05
    assert fuzz.full_share(1.0, 10 * fuzz.FULL_CHECKS) == pytest.approx(0.01)
    expected = sum(fuzz.full_share(1.0, count) for count in range(13_000))
    assert 1.9 * fuzz.FULL_CHECKS < expected < 2 * fuzz.FULL_CHECKS


# In a fresh process: the moves of a seeded fuzz game of each game and the choices of seeded
# computer players at each level but the slowest, as codes.
REPLAY = """
from ai import make_bot
from game import registry
from tests import fuzz

chosen = fuzz.pick

def noting(game, moves, rng):
    move = chosen(game, moves, rng)
    print(game, move.code)
    return move

fuzz.pick = noting
for game in fuzz.game_targets():
    fuzz.play_one_game(game, fuzz.unit_rng(5, 1), 8, stop_after=12)
    info = registry.game(game)
    state = info.rules().new_game(21, info.seats[-1], {})
    for level, count in (("easy", 8), ("normal", 3), ("hard", 1)):    # (one game: each level plays on from the last)
        bots = [make_bot(game, level, 40 + seat) for seat in range(state.players)]
        for _ in range(count):
            if state.is_over():
                break
            move = bots[state.to_move()].choose(state.view(state.to_move()))
            print(game, level, move.code)
            state.play(move)
"""


def test_a_seeded_game_and_computer_players_replay_in_another_process():
    """What a seed plays does not depend on the process: two processes with other string hash
    seeds (so other orders of a set of strings or cards) play the same moves."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    runs = [subprocess.Popen([sys.executable, "-c", REPLAY], cwd=root, text=True, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env={**os.environ, "PYTHONHASHSEED": str(seed)})
            for seed in (1, 2)]
    (first, error), (second, _) = (run.communicate(timeout=300) for run in runs)
    assert all(run.returncode == 0 for run in runs), error
    assert len(first.splitlines()) > 5 * 12
    assert first == second


def test_a_game_whose_scores_stand_still_is_stuck(monkeypatch):
    """A game that plays on without its scores changing is reported as stuck."""
    monkeypatch.setattr(fuzz, "STUCK_MOVES", 6)
    report = fuzz.fuzz_game("quarto", seconds=NO_CLOCK, seed=1, limit=1, thorough=0.0)
    assert report.failure_count == 1
    assert "the scores stay [0, 0] for 6 moves: stuck" in report.failures[0]
