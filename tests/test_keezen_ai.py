"""Keezen computer players: legal moves from views at every level, partners that never see a
hidden card, the team's reward, the rule of thumb on small positions, hints in both languages.
Strength and speed are benchmarks: python -m ai.arena keezen --a hard --b normal ..."""
from __future__ import annotations

import json
import math
import random
from collections import Counter
from pathlib import Path

import pytest

from ai import keezen as K
from ai import make_bot
from game.keezen import rules as R
from game.keezen.rules import LAY_AWAY, Enter, Walk, from_notation
from game.ui.i18n import with_odds

ASSETS = Path(__file__).resolve().parent.parent / "assets" / "i18n"


def position(pawns: str, hand: str, to_move: str = "b"):
    """`to_move` holds `hand` and leads this round (the seat before it dealt), the other three
    hold as many cards (a seat to move that can be), and the played cards fill the first hand."""
    size = len(hand.split(","))
    others = [",".join(cards.split(",")[:size]) for cards in ("2,3,5,6,8", "9,T,Q,K,A", "2,3,5,6,8")]
    hands, seat = [], "bgyr".index(to_move)
    for index in range(4):
        hands.append(hand if index == seat else others.pop())
    held = Counter(rank for text in hands for rank in text.split(","))
    filler = [rank for rank in "9TQJ8765432AK" for _ in range(4 - held[rank])][:20 - sum(held.values())]
    dealer = "bgyr"[(seat - 1) % 4]
    return from_notation(f"{pawns} {'/'.join(hands)} {to_move} {dealer} {','.join(filler) or '-'}", seed=1)


class Hidden:
    """A card the reader may not see: touching it in any way fails the test."""

    __slots__ = ()

    def __getattribute__(self, name):
        raise AssertionError(f"a computer player looked at a hidden card ({name})")

    def __eq__(self, other):
        raise AssertionError("a computer player compared a hidden card")

    def __hash__(self):
        raise AssertionError("a computer player hashed a hidden card")

    def __bool__(self):
        raise AssertionError("a computer player tested a hidden card")


def poisoned_view(state, seat):
    view = state.view(seat)
    view.hands = [hand if index == seat else [Hidden() for _ in hand] for index, hand in enumerate(view.hands)]
    view.deck = [Hidden() for _ in view.deck]
    return view


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_partners_never_see_the_hidden_cards(level):
    state = R.new_game(3, 4, {"exchange": True})
    bots = [K.KeezenBot(level, seat, iterations=30) for seat in range(4)]
    for _ in range(40):
        seat = state.to_move()
        move = bots[seat].choose(poisoned_view(state, seat))
        assert move in state.legal_moves()
        state.play(move)


def test_every_level_plays_legal_moves_from_views_to_the_end_of_a_game():
    state = R.new_game(12)
    bots = [make_bot("keezen", level, seed) for seed, level in enumerate(["easy", "random", "easy", "random"])]
    normal = K.KeezenBot("normal", 5, iterations=20)
    number = 0
    while not state.is_over():
        seat = state.to_move()
        bot = normal if number % 17 == 0 else bots[seat]
        move = bot.choose(state.view(seat))
        assert move in state.legal_moves()
        state.play(move)
        number += 1
    assert len(state.winners()) == 2


def test_a_seed_replays_the_same_search():
    state = from_notation("n,n,10,30/n,n,n,20/n,n,n,n/n,n,n,40 7,A,4,9/2,3,5,6/8,T,Q,K/9,T,Q,2 b r K,K,Q,2", seed=2)
    view = state.view(0)
    first = K.KeezenBot("normal", 7, iterations=60).choose(view)
    assert all(K.KeezenBot("normal", 7, iterations=60).choose(view) == first for _ in range(2))


def test_only_one_legal_move_is_played_without_searching():
    state = position("n,n,n,0/n,n,n,16/n,n,n,n/n,n,n,n", "K,K,J")
    bot = make_bot("keezen", "hard", 1)
    assert bot.choose(state.view(0)) == LAY_AWAY and bot.last is None


def test_both_partners_get_the_teams_result():
    state = position("h1,h2,n,40/n,n,n,n/h1,50,n,n/n,n,n,5", "2,3")
    rewards = K.evaluate(state)
    assert rewards[0] == rewards[2] and rewards[1] == rewards[3]
    assert rewards[0] + rewards[1] == pytest.approx(1.0) and rewards[0] > 0.5


def test_the_judgement_counts_progress_and_risk():
    calm = position("n,n,n,30/n,n,n,n/n,n,n,n/n,n,n,n", "2")
    threatened = position("n,n,n,30/n,n,n,25/n,n,n,n/n,n,n,n", "2")
    assert K.team_values(calm)[0] > K.team_values(threatened)[0]
    further = position("n,n,n,40/n,n,n,n/n,n,n,n/n,n,n,n", "2")
    assert K.team_values(further)[0] > K.team_values(calm)[0]
    home = position("n,n,n,h1/n,n,n,n/n,n,n,n/n,n,n,n", "2")
    assert K.team_values(home)[0] > K.team_values(position("n,n,n,63/n,n,n,n/n,n,n,n/n,n,n,n", "2"))[0]


def test_a_pawn_home_outweighs_half_a_lap_on_the_track():
    # over whole games a pawn home predicts the winner better than its steps (ai.keezen_bench judge)
    one_home = position("n,n,0,h1/n,n,n,n/n,n,n,n/n,n,n,n", "2")
    both_out = position("n,n,40,63/n,n,n,n/n,n,n,n/n,n,n,n", "2")
    assert K.team_values(one_home)[0] > K.team_values(both_out)[0]


def test_the_rule_of_thumb_hits_opponents_not_the_partner():
    state = position("n,n,n,10/n,n,n,15/n,n,n,18/n,n,n,n", "5,8")
    rng = random.Random(1)
    assert K.best_by_rule(state, state.legal_moves(), rng) == Walk(5, ((0, 10, 5),))
    state = position("n,n,n,10/n,n,n,n/n,n,n,15/n,n,n,n", "5,3")
    assert K.best_by_rule(state, state.legal_moves(), rng) == Walk(3, ((0, 10, 3),))


def test_the_rule_of_thumb_enters_and_takes_the_short_way_home():
    state = position("n,n,n,30/n,n,n,n/n,n,n,n/n,n,n,n", "K,2")
    assert K.best_by_rule(state, state.legal_moves(), random.Random(1)) == Enter(13, 0)
    state = position("n,n,n,2/n,n,n,n/n,n,n,n/n,n,n,n", "4,3")
    assert K.best_by_rule(state, state.legal_moves(), random.Random(1)) == Walk(4, ((0, 2, -4),))


def test_hints_give_a_legal_move_and_a_reason_in_both_languages():
    tables = {language: json.loads((ASSETS / language / "keezen.json").read_text(encoding="utf-8"))
              for language in ("en", "nl")}
    for code in list(K.HINTS) + ["only", "lay_away"]:
        for table in tables.values():
            assert f"keezen.hint.{code}" in table
    state = position("n,n,n,10/n,n,n,15/n,n,n,n/n,n,n,n", "5,8,K")
    bot = K.KeezenBot("normal", 3)
    move, reason = bot.hint(state.view(0))
    assert move in state.legal_moves() and reason.key.startswith("keezen.hint.") and "%" in reason
    for table in tables.values():
        assert table[reason.key].format(**with_odds(reason.params))
    only = position("n,n,n,0/n,n,n,16/n,n,n,n/n,n,n,n", "K,K,J")
    move, reason = bot.hint(only.view(0))
    assert move == LAY_AWAY and reason.key == "keezen.hint.lay_away"


def test_the_arena_reports_turns_and_search_iterations(monkeypatch):
    from ai import arena
    monkeypatch.setattr(K, "NORMAL_ITERATIONS", 4)
    result = arena.run("keezen", "normal", "easy", 2, 5)
    normal, easy = result["bots"]
    assert normal["wins"] + easy["wins"] + normal["draws"] == 2 and normal["turns"] > 50
    assert result["search"]["iterations"] > 0 and result["search"]["iterations_per_second"] > 0
    assert "iterations per second" in arena.table(result)
    assert normal["ms_per_move"]["max"] >= normal["ms_per_move"]["mean"] > 0
    assert "search" not in arena.run("keezen", "easy", "random", 1, 5)


def test_the_judgement_bench_scores_the_grid():
    from ai import keezen_bench
    result = keezen_bench.judge("rule", games=2, seed=3)
    assert result["positions"] > 10
    losses = result["grid"]
    assert set(losses) == {(worth, scale) for worth in keezen_bench.HOME_WORTHS for scale in keezen_bench.SCALES}
    # a surer chance is punished harder when it is wrong: the spread of losses shrinks with the scale
    assert all(loss > 0 for loss in losses.values())
    sure, wide = losses[10, 40], losses[10, 500]
    assert abs(sure - math.log(2)) > abs(wide - math.log(2))
