"""4 Koningen rules: the page worked through on fixed deals, properties over random games."""
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.base import IllegalMove
from game.cards import Card, cards
from game.vier_koningen import rules as R


def C(text):
    return tuple(cards(text))


def staged(round_no, controlled, draw, lost="", piles=None):
    """A state at the start of a turn: `draw` is the active pile listed top card first."""
    state = R.new_game(1)
    state.round = round_no
    state.controlled = R.sort_cards(cards(controlled))
    state.piles = [list(p) for p in state.piles] if piles is None else piles
    for number in range(1, round_no):
        state.piles[number - 1] = []
    state.piles[round_no - 1] = list(reversed(cards(draw)))
    state.lost = cards(lost)
    return state


def play_all(state, *moves):
    for move in moves:
        state.play(move)
    return state


def round_cards(round_no):
    return Counter(Card(r, s) for s in "SHCD" for r in range(1, R.ROUND_TOP[round_no] + 1))


def everything(state):
    """Every card of the round, wherever it is: controlled + hand + table + draw + lost."""
    found = Counter(state.controlled) + Counter(state.hand) + Counter(state.drawn)
    for cover in state.covers:
        found += Counter(cover)
    found += Counter(state.draw_pile) + Counter(state.lost)
    return found


# ---------------------------------------------------------------------------- set-up
def test_setup_follows_the_page():
    state = R.new_game(42)
    assert state.players == 1 and state.to_move() == 0 and state.phase == "hand"
    assert Counter(state.controlled) == Counter(Card(r, s) for s in "SHCD" for r in (1, 2, 3))
    assert sorted(c.rank for c in state.piles[0]) == sorted([4, 5, 6] * 4)
    assert sorted(c.rank for c in state.piles[1]) == sorted([7, 8, 9, 10] * 4)
    assert sorted(c.rank for c in state.piles[2]) == sorted([11, 12, 13] * 4)
    assert state.lost == [] and state.round == 1 and state.hand_size() == 5
    assert state.max_cover() == 3 and state.seed == 42


def test_game_number_replays_the_same_deal():
    a, b, c = R.new_game(7), R.new_game(7), R.new_game(8)
    assert a.piles == b.piles
    assert a.piles != c.piles


def test_hand_sizes_and_cover_limits_per_round():
    assert [R.HAND_SIZE[n] for n in (1, 2, 3)] == [5, 3, 3]
    assert [R.MAX_COVER[n] for n in (1, 2, 3)] == [3, 2, 2]
    state = R.new_game(3)
    with pytest.raises(IllegalMove) as error:
        state.play(R.ChooseHand(C("AS 2S 3S 2H")))
    assert error.value.key == "vier_koningen.err.hand_size" and error.value.params == {"size": 5}
    two = staged(2, "AS 2S 3S 4S 5S 6S AH 2H 3H", "7S 8H")
    assert two.hand_size() == 3 and two.max_cover() == 2
    with pytest.raises(IllegalMove):
        two.play(R.ChooseHand(C("4S 5S 6S AH 2H")))
    play_all(two, R.ChooseHand(C("4S 5S 6S")), R.Draw())
    with pytest.raises(IllegalMove) as error:
        two.play(R.Cover(0, C("4S 5S 6S")))
    assert error.value.key == "vier_koningen.err.too_many"


# ---------------------------------------------------------------------------- judging
def test_win_by_suit_and_loss_by_suit():
    state = staged(1, "AS 2S 3S AH 2H 3H AC 2C 3C AD 2D 3D", "5H 4S 6C", lost="")
    play_all(state, R.ChooseHand(C("2H 3H AS 2C 3C")), R.Draw())
    assert state.drawn == [Card(5, "H"), Card(4, "S")]
    play_all(state, R.Cover(0, C("3H 2H")), R.Cover(1, C("AS")), R.Judge())
    first, second = state.verdict
    assert first.won and first.same_suit and first.total == 5 and first.needed == 5
    assert first.arithmetic == "\u2665 2+3 \u2265 5"
    assert not second.won and second.same_suit and second.needed == 4
    assert second.arithmetic == "\u2660 1 < 4"
    assert Card(5, "H") in state.controlled and Card(2, "H") in state.controlled
    assert Counter(state.lost) == Counter(C("4S AS"))
    assert Card(1, "S") not in state.controlled
    assert Card(2, "C") in state.controlled  # unlaid hand cards go back
    assert len(state.controlled) == 12 - 1 + 1


def test_win_and_loss_by_the_triple_rule():
    state = staged(1, "AS 2S 3S AH 2H 3H AC 2C 3C 4D 5D 6D", "4S 5H")
    play_all(state, R.ChooseHand(C("4D 5D 6D 3S 3H")), R.Draw())
    play_all(state, R.Cover(0, C("4D 5D 6D")), R.Cover(1, C("3S")), R.Judge())
    won, lost = state.verdict
    assert won.won and not won.same_suit and won.total == 15 and won.needed == 12
    assert won.arithmetic == "\u2666 4+5+6 \u2265 3\u00d74"
    assert not lost.won and not lost.same_suit and lost.needed == 15
    assert lost.arithmetic == "\u2660 3 < 3\u00d75"
    # another suit needs three times the value: 9 on a 4 of another suit is not enough
    nine = R.judge(Card(4, "D"), C("9S"))
    assert not nine.won and nine.arithmetic == "\u2660 9 < 3\u00d74"
    assert R.judge(Card(4, "D"), C("QS")).won


def test_illegal_covers_are_rejected_and_change_nothing():
    state = staged(1, "AS 2S 3S AH 2H 3H AC 2C 3C AD 2D 3D", "5H 4S")
    play_all(state, R.ChooseHand(C("AS 2S 3S AH 2H")), R.Draw())
    before = state.to_dict()
    bad = [(R.Cover(0, C("AS 2H")), "mixed_suits"), (R.Cover(0, C("3C")), "not_in_hand"),
           (R.Cover(2, C("AS")), "no_target"), (R.Cover(0, ()), "empty_cover"),
           (R.Judge(), "uncovered"), (R.Uncover(0), "not_covered"), (R.Draw(), "phase_cover"),
           (R.ChooseHand(C("AS 2S 3S AH 2H")), "phase_cover")]
    for move, key in bad:
        with pytest.raises(IllegalMove) as error:
            state.play(move)
        assert error.value.key == f"vier_koningen.err.{key}", move
        assert state.to_dict() == before
    state.play(R.Cover(0, C("AS 2S 3S")))
    with pytest.raises(IllegalMove) as error:
        state.play(R.Cover(0, C("AH")))
    assert error.value.key == "vier_koningen.err.covered"
    # four cards is too many in round 1 (the hand holds only two more here anyway)
    state.play(R.Uncover(0))
    with pytest.raises(IllegalMove) as error:
        state.play(R.Cover(0, (Card(1, "S"), Card(2, "S"), Card(3, "S"), Card(1, "H"))))
    assert error.value.key in ("vier_koningen.err.too_many", "vier_koningen.err.mixed_suits")


def test_a_card_must_stay_for_the_other_drawn_card():
    state = staged(1, "AS 2S", "4H 5H", lost="3S 3H 3C 3D AH 2H AC 2C AD 2D")
    play_all(state, R.ChooseHand(C("AS 2S")), R.Draw())
    with pytest.raises(IllegalMove) as error:
        state.play(R.Cover(0, C("AS 2S")))
    assert error.value.key == "vier_koningen.err.keep_one"
    assert all(len(m.cards) == 1 for m in state.legal_moves() if isinstance(m, R.Cover))


def test_illegal_hands_are_rejected():
    state = R.new_game(5)
    before = state.to_dict()
    for move, key in [(R.ChooseHand(C("AS 2S 3S AH 4H")), "not_controlled"),
                      (R.ChooseHand(C("AS AS 3S AH 2H")), "duplicate"),
                      (R.Draw(), "phase_hand"), (R.Cover(0, C("AS")), "phase_hand"),
                      (R.ReturnHand(), "phase_hand"), ("draw", "unknown_move")]:
        with pytest.raises(IllegalMove) as error:
            state.play(move)
        assert error.value.key == f"vier_koningen.err.{key}"
        assert state.to_dict() == before


# ---------------------------------------------------------------------------- undo
def test_undo_only_where_nothing_new_is_seen():
    state = R.new_game(11)
    assert state.undo_move() is None
    hand = C("AS 2S 3S AH 2H")
    state.play(R.ChooseHand(hand))
    assert state.undo_move() == R.ReturnHand() and len(state.controlled) == 7
    state.play(state.undo_move())
    assert len(state.controlled) == 12 and state.phase == "hand"
    play_all(state, R.ChooseHand(hand), R.Draw())
    assert state.undo_move() is None           # a draw is never taken back
    assert R.ReturnHand() not in state.legal_moves()
    state.play(R.Cover(1, C("AH")))
    assert state.undo_move() == R.Uncover(1)
    state.play(R.Uncover(1))
    assert sorted(state.hand) == sorted(hand) and state.covers == [(), ()]
    play_all(state, R.Cover(0, C("AS")), R.Cover(1, C("2H")), R.Judge())
    assert state.undo_move() is None           # nor a judgement


# ---------------------------------------------------------------------------- piles
def test_reshuffle_at_the_end_of_the_turn_includes_this_turns_losses():
    state = staged(1, "AS 2S 3S AH 2H 3H AC 2C 3C AD 2D 3D", "6S 6H", lost="4S 5S 4H 5H 4C 5C 6C 4D 5D 6D")
    play_all(state, R.ChooseHand(C("AS 2S 3S AH 2H")), R.Draw())
    play_all(state, R.Cover(0, C("AS")), R.Cover(1, C("AH")), R.Judge())
    assert state.lost == [] and state.last_reshuffle == "turn_end" and state.reshuffles == 1
    assert Counter(state.draw_pile) == Counter(C("4S 5S 4H 5H 4C 5C 6C 4D 5D 6D 6S AS 6H AH"))
    assert everything(state) == round_cards(1)


def test_mid_draw_reshuffle_when_one_card_is_left():
    state = staged(1, "AS 2S 3S AH 2H 3H AC 2C 3C AD 2D 3D", "6S", lost="4S 5S 4H")
    play_all(state, R.ChooseHand(C("AS 2S 3S AH 2H")), R.Draw())
    assert state.drawn[0] == Card(6, "S") and state.drawn[1] in C("4S 5S 4H")
    assert state.last_reshuffle == "draw" and state.lost == [] and len(state.draw_pile) == 2


def test_one_card_turn_when_nothing_else_can_be_drawn():
    everything_else = "AS 2S 3S 4S 5S 6S AH 2H 3H 4H 5H 6H AC 2C 3C 4C 5C 6C AD 2D 3D 4D 5D"
    state = staged(1, everything_else, "6D")
    assert state.cards_to_draw() == 1
    play_all(state, R.ChooseHand(C("4D 5D 2D AD 3D")), R.Draw())
    assert state.drawn == [Card(6, "D")] and state.covers == [()]
    play_all(state, R.Cover(0, C("5D AD")), R.Judge())
    assert state.round == 2 and state.phase == "hand"


def test_round_transitions_and_winning_the_kings():
    all_but = "AS 2S 3S 4S 5S 6S AH 2H 3H 4H 5H 6H AC 2C 3C 4C 5C 6C AD 2D 3D 4D"
    state = staged(1, all_but, "5D 6D")
    play_all(state, R.ChooseHand(C("3D 4D 4C 5C 6C")), R.Draw(),
             R.Cover(0, C("4C 5C 6C")), R.Cover(1, C("4D 3D")), R.Judge())
    assert [item.arithmetic for item in state.verdict] == ["\u2663 4+5+6 \u2265 3\u00d75", "\u2666 3+4 \u2265 6"]
    assert state.round == 2 and state.lost == [] and len(state.draw_pile) == 16
    assert len(state.controlled) == 24 and state.hand_size() == 3 and state.max_cover() == 2
    assert everything(state) == round_cards(2)
    # round 3: the game is won the moment the fourth king is controlled
    tens = " ".join(Card(r, s).code for s in "SHCD" for r in range(1, 11))
    three = staged(3, tens + " KS KH KC", "KD JS", lost="")
    three.piles[2] = cards("QS QH") + three.piles[2]  # cards left: only the kings matter
    play_all(three, R.ChooseHand(C("10D 3D AS")), R.Draw(), R.Cover(0, C("10D 3D")), R.Cover(1, C("AS")),
             R.Judge())
    assert three.is_over() and three.result == "won" and three.winners() == (0,)
    assert three.scores() == [1] and three.arena_stats()["lost_in_round_3"] == 0


def test_losing_with_fewer_than_two_cards():
    state = staged(1, "AS 2S 3S", "6H 6D", lost="4S 5S")
    play_all(state, R.ChooseHand(C("AS 2S 3S")), R.Draw(), R.Cover(0, C("AS")), R.Cover(1, C("2S")),
             R.Judge())
    assert state.is_over() and state.result == "lost" and state.winners() == ()
    assert state.to_move() is None and state.legal_moves() == []
    assert state.arena_stats()["lost_in_round_1"] == 1 and state.scores() == [0]
    with pytest.raises(IllegalMove):
        state.play(R.Draw())


def test_all_controlled_cards_form_the_hand_when_fewer_than_its_size():
    state = staged(1, "AS 3S 3H", "4S 4H", lost="5S")
    assert state.hand_size() == 3
    with pytest.raises(IllegalMove):
        state.play(R.ChooseHand(C("AS 3S")))
    state.play(R.ChooseHand(C("AS 3S 3H")))


def test_give_up_and_the_arena_turn_limit():
    state = R.new_game(2)
    state.play(R.GiveUp())
    assert state.is_over() and state.result == "gave_up" and state.winners() == ()
    arena = R.arena_game(2, 1)
    assert arena.turn_limit == 1000 and arena.options == {"peek_lost": False}
    arena.turn_limit = 2
    rng = random.Random(1)
    while not arena.is_over():
        arena.play(random_move(arena, rng))
    assert arena.result in ("turn_limit", "lost")
    if arena.result == "turn_limit":
        assert sum(arena.round_turns.values()) == 2 and arena.arena_stats()["turn_limit"] == 1
    with pytest.raises(ValueError):
        R.new_game(1, 2)


# ---------------------------------------------------------------------------- views
def test_view_hides_the_order_of_every_face_down_pile():
    a = R.new_game(9)
    b = a.copy()
    for pile in b.piles:
        random.Random(3).shuffle(pile)
    assert a.piles != b.piles
    va, vb = a.view(0), b.view(0)
    assert va.to_dict() == vb.to_dict()
    assert va.seed is None and va.rng.getstate() != a.rng.getstate()
    assert Counter(va.draw_pile) == Counter(a.draw_pile)     # the composition is known
    play_all(a, R.ChooseHand(a.controlled[:5]), R.Draw())
    play_all(a, R.Cover(0, (a.hand[0],)))
    play_all(a, R.Cover(1, (a.hand[0],)), R.Judge())
    assert Counter(a.view(0).lost) == Counter(a.lost)
    assert a.view(0).lost_pile_visible() is False
    assert R.new_game(9, 1, {"peek_lost": True}).view(0).lost_pile_visible() is True


def test_sample_shuffles_the_unknown_order_and_plays_on():
    state = R.new_game(21)
    view = state.view(0)
    orders = {tuple(view.sample(0, random.Random(n)).draw_pile) for n in range(8)}
    assert len(orders) > 1
    full = view.sample(0, random.Random(1))
    assert Counter(full.draw_pile) == Counter(state.draw_pile) and not full.hidden
    rng = random.Random(4)
    while not full.is_over():
        full.play(random_move(full, rng))
    # the view itself accepts the player's own moves
    view.play(R.ChooseHand(view.controlled[:5]))
    view.play(R.Draw())
    assert len(view.drawn) == 2


# ---------------------------------------------------------------------------- random games
def random_move(state, rng):
    """A random legal move, sampled without listing every possible hand."""
    if state.phase == "hand":
        return R.ChooseHand(tuple(rng.sample(state.controlled, state.hand_size())))
    moves = [m for m in state.legal_moves() if not isinstance(m, R.GiveUp)]
    if state.phase == "cover" and rng.random() < 0.7:
        forward = [m for m in moves if isinstance(m, (R.Cover, R.Judge))]
        moves = forward or moves
    if state.phase == "draw" and rng.random() < 0.8:
        return R.Draw()
    return rng.choice(moves)


def test_legal_moves_are_all_accepted():
    state = staged(1, "AS 2S 3S AH 2H 3H AC", "5H 4S", lost="")
    moves = state.legal_moves()
    assert len([m for m in moves if isinstance(m, R.ChooseHand)]) == 21
    play_all(state, R.ChooseHand(C("AS 2S 3S AH 2H")), R.Draw())
    for move in state.legal_moves():
        copy = state.copy()
        copy.play(move)
    assert str(R.Cover(0, C("2H AH"))) == "cover 1 with A\u2665 2\u2665"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), moves=st.integers(0, 10**6))
def test_cards_are_conserved_and_games_end(seed, moves):
    expected = {n: set(round_cards(n)) for n in (1, 2, 3)}
    rng = random.Random(moves)
    state = R.arena_game(seed, 1)
    state.turn_limit = 300
    for game in range(20):  # twenty random games per example: over a thousand in all
        if game:
            state = R.arena_game(rng.randrange(10**9), 1)
            state.turn_limit = 300
        steps = 0
        while not state.is_over():
            state.play(random_move(state, rng))
            steps += 1
            found = state.controlled + state.hand + state.drawn + state.draw_pile + state.lost
            for cover in state.covers:
                found = found + list(cover)
            assert len(found) == R.ROUND_CARDS[state.round] and set(found) == expected[state.round]
            assert len(state.hand) + sum(map(len, state.covers)) <= R.HAND_SIZE[state.round]
        assert state.result in ("lost", "won", "turn_limit")
        assert steps < 20000


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), stop=st.integers(0, 200))
def test_save_games_round_trip_and_replay_identically(seed, stop):
    rng = random.Random(seed)
    state = R.new_game(seed, 1, {"peek_lost": bool(seed % 2)})
    for _ in range(stop):
        if state.is_over():
            break
        state.play(random_move(state, rng))
    data = state.to_dict()
    text = json.dumps(data)
    again = R.from_dict(json.loads(text))
    assert again.to_dict() == data
    view = state.view(0)
    assert R.from_dict(view.to_dict()).to_dict() == view.to_dict()
    # both continue identically: the generator's state is saved too
    rng_a, rng_b = random.Random(stop), random.Random(stop)
    for _ in range(40):
        if state.is_over():
            break
        move = random_move(state, rng_a)
        assert move == random_move(again, rng_b)
        state.play(move)
        again.play(move)
    assert again.to_dict() == state.to_dict()
