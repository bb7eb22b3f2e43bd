"""A short seeded slice of every fuzz target (tests/fuzz.py); the long runs are for people."""
import math

import pytest

from tests import fuzz

# games per rules target, each cut off after STOP moves: a few seconds a target. The work is
# counted, never timed: a slow machine runs the same games, only later.
GAMES = {"quarto": 8, "kings_corners": 2, "vier_koningen": 4}
STOP = 300
NO_CLOCK = math.inf


def failures(report) -> str:
    return "\n".join(report.failures[:3])


@pytest.mark.parametrize("game", fuzz.game_targets())
def test_random_games_keep_every_invariant(game):
    report = fuzz.fuzz_game(game, seconds=NO_CLOCK, seed=13, limit=GAMES.get(game, 3), stop_after=STOP)
    assert report.runs == GAMES.get(game, 3) and report.steps > 0
    assert report.failure_count == 0, failures(report)


def test_random_input_on_every_screen_crashes_nothing():
    screens = len(fuzz.screen_names())
    report = fuzz.fuzz_ui(seconds=NO_CLOCK, seed=13, limit=screens * 45, events_per_session=60)
    assert report.runs >= screens * 45
    assert report.failure_count == 0, failures(report)


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
