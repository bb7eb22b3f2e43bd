"""Kings Corners rules: the examples of the rule page, every scoring and rule variant worked
out by hand, hidden information, save games, and random matches."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.base import IllegalMove
from game.cards import Card, cards, full_deck
from game.kings_corners import rules as R
from game.kings_corners.rules import (
    NE,
    NW,
    SE,
    SW,
    Deal,
    E,
    EndTurn,
    MovePile,
    N,
    PlayCard,
    S,
    W,
    card_points,
    parse_move,
)
from game.options import resolve

C = Card.parse


def table(hands, piles=(), stock=None, turn=0, options=None, dealer=None):
    """A hand in play set up by hand: `hands` per seat, `piles` as a dict place -> cards
    (bottom first); the stock holds the rest of the deck (or `stock`, top last)."""
    state = R.new_game(1, len(hands), options)
    state.hands = [cards(hand) for hand in hands]
    state.piles = [[] for _ in range(8)]
    for place, text in dict(piles).items():
        state.piles[place] = cards(text)
    used = {card for hand in state.hands for card in hand} | {card for pile in state.piles for card in pile}
    if stock is None:
        state.stock = [card for card in full_deck() if card not in used]
    else:
        state.stock = cards(stock)
    state.turn = turn
    state.dealer = (turn - 1) % len(hands) if dealer is None else dealer
    state.played = state.moved = state.kings_paid = False
    state.drew = state.passes = 0
    state.penalties = [0] * len(hands)
    state.hand_chips = [0] * len(hands)
    state.chips = [0] * len(hands)
    state.pot = 0
    return state


def all_cards(state):
    return ([card for hand in state.hands for card in hand] + [card for pile in state.piles for card in pile]
            + list(state.stock))


def assert_rejected(state, move, key):
    before = state.to_dict()
    with pytest.raises(IllegalMove) as error:
        state.play(move)
    assert error.value.key == f"kings_corners.err.{key}"
    assert str(error.value)  # a clear English message
    assert state.to_dict() == before, "an illegal move must change nothing"
    assert move not in state.legal_moves()


# ----------------------------------------------------------------------------- the deal

@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal(players):
    state = R.new_game(42, players, {})
    assert all(len(hand) == 7 for hand in state.hands)
    assert [len(pile) for pile in state.piles] == [1, 1, 1, 1, 0, 0, 0, 0]
    assert state.stock_count() == 52 - 7 * players - 4
    assert sorted(all_cards(state)) == sorted(full_deck())
    assert state.to_move() == (state.dealer + 1) % players
    assert state.hand_no == 1 and state.sheet == []


def test_first_dealer_comes_from_the_seed_and_the_deal_passes_left():
    dealers = {R.new_game(seed, 4, {}).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert R.new_game(7, 4, {}).to_dict() == R.new_game(7, 4, {}).to_dict()
    state = R.new_game(7, 3, {"match_length": "hands", "hands": 3})
    first = state.dealer
    state.hands[state.turn] = [C("5H")]
    state.piles[N] = [C("6S")]
    state.play(PlayCard(C("5H"), N))
    assert state.hand_over() and not state.is_over()
    assert state.to_move() == (first + 1) % 3  # the next dealer deals
    assert state.legal_moves() == [Deal()]
    state.play(Deal())
    assert state.dealer == (first + 1) % 3 and state.hand_no == 2
    assert state.to_move() == (first + 2) % 3
    assert all(len(hand) == 7 for hand in state.hands)


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_seats(players):
    with pytest.raises(ValueError):
        R.new_game(1, players, {})


# ----------------------------------------------------------------------------- the moves

def test_card_on_a_pile_one_lower_and_the_other_colour():
    state = table(["10H 10S 9D QH", "2C"], {N: "JS"})
    moves = state.legal_moves()
    assert PlayCard(C("10H"), N) in moves          # a red ten on a black jack
    assert PlayCard(C("10S"), N) not in moves
    assert_rejected(state, PlayCard(C("10S"), N), "colour")
    assert_rejected(state, PlayCard(C("9D"), N), "rank")
    assert_rejected(state, PlayCard(C("QH"), N), "rank")
    state.play(PlayCard(C("10H"), N))
    assert state.piles[N] == cards("JS 10H")
    assert state.hands[0] == cards("10S 9D QH")
    assert state.to_move() == 0  # any number of moves in a turn
    assert state.log[-1] == {"kind": "play", "seat": 0, "card": "10H", "place": "N"}


def test_nothing_on_an_ace():
    state = table(["KS 2H 3C", "2C"], {N: "3D 2S AH", E: "2D"})
    assert not any(isinstance(move, PlayCard) and move.place == N for move in state.legal_moves())
    assert_rejected(state, PlayCard(C("2H"), N), "ace")
    # a pile whose top is an ace is closed to piles as well
    assert_rejected(state, MovePile(E, N), "pile_fit")


def test_king_into_an_empty_corner_then_built_down():
    state = table(["KH QS QD JH JS 2C", "2D"], {N: "8C"})
    moves = state.legal_moves()
    assert all(PlayCard(C("KH"), corner) in moves for corner in (NE, SE, SW, NW))
    assert_rejected(state, PlayCard(C("QS"), NE), "corner_king")
    state.play(PlayCard(C("KH"), SE))
    state.play(PlayCard(C("QS"), SE))       # a queen of the opposite colour
    assert_rejected(state, PlayCard(C("JS"), SE), "colour")
    state.play(PlayCard(C("JH"), SE))       # then a jack of the king's colour
    assert state.piles[SE] == cards("KH QS JH")


def test_whole_pile_onto_a_pile_the_page_example():
    # red 4 - black 3 onto black 7 - red 6 - black 5
    state = table(["2C 9D", "3S"], {N: "4H 3S", E: "7C 6D 5S", S: "9H", W: "10S"})
    assert MovePile(N, E) in state.legal_moves()
    state.play(MovePile(N, E))
    assert state.piles[E] == cards("7C 6D 5S 4H 3S")
    assert state.piles[N] == []
    assert state.log[-1]["kind"] == "pile" and state.log[-1]["count"] == 2
    # the bottom card must fit the top: a red 9 onto a black 10, not the other way round
    assert MovePile(S, W) in state.legal_moves()
    assert_rejected(state, MovePile(W, S), "pile_fit")
    assert_rejected(state, MovePile(S, S), "same_place")
    assert_rejected(state, MovePile(N, S), "no_pile")


def test_any_card_onto_an_empty_side_place_but_no_pile():
    state = table(["2C 9D KD", "3S"], {N: "4H", E: "5S", S: "QC", W: "JD"})
    state.play(MovePile(N, E))
    moves = state.legal_moves()
    assert PlayCard(C("9D"), N) in moves and PlayCard(C("2C"), N) in moves and PlayCard(C("KD"), N) in moves
    assert_rejected(state, MovePile(W, N), "pile_to_side")  # only a card from hand goes there
    state.play(PlayCard(C("9D"), N))
    assert state.piles[N] == [C("9D")]


def test_a_kings_pile_moves_into_an_empty_corner():
    state = table(["5C 9D", "3S"], {N: "KS QH", E: "5S", S: "QC", W: "JD"})
    moves = state.legal_moves()
    assert MovePile(N, NE) in moves and MovePile(N, NW) in moves
    assert_rejected(state, MovePile(E, NE), "pile_to_corner")  # no king at the bottom
    state.play(MovePile(N, SW))
    assert state.piles[SW] == cards("KS QH") and state.piles[N] == []
    assert_rejected(state, MovePile(SW, NE), "corner_to_corner")
    state.play(PlayCard(C("5C"), N))  # the player profits: the freed side place takes any card
    assert state.piles[N] == [C("5C")]


def test_a_pile_onto_a_corner_pile():
    state = table(["5C", "3S"], {NE: "KD QS", N: "JH 10C"})
    state.play(MovePile(N, NE))
    assert state.piles[NE] == cards("KD QS JH 10C")


def test_playing_the_last_card_wins_the_hand_at_once():
    state = table(["5H", "KS 2C 3C"], {N: "6S"}, options={"match_length": "hands", "hands": 1})
    state.play(PlayCard(C("5H"), N))
    assert state.is_over()
    entry = state.sheet[-1]
    assert entry["winner"] == 0 and entry["points"] == [0, 12]
    assert state.scores() == [0, 12] and state.winners() == (0,)
    assert state.to_move() is None and state.legal_moves() == []
    assert_rejected(state, EndTurn(), "over")


def test_unknown_moves_and_places_are_rejected():
    state = table(["5H", "2C"], {N: "6S"})
    assert_rejected(state, "draw", "unknown_move")
    assert_rejected(state, PlayCard(C("5H"), 9), "no_place")
    assert_rejected(state, PlayCard(C("2C"), N), "not_in_hand")  # another player's card
    assert_rejected(state, Deal(), "no_deal")


# ----------------------------------------------------------------------------- drawing and turns

def test_ending_the_turn_draws_one_card():
    state = table(["5H 2C", "3C", "4C"], {N: "9S"}, stock="7D 8D")
    state.play(EndTurn())
    assert state.hands[0] == cards("5H 2C 8D") and state.stock == [C("7D")]
    assert state.to_move() == 1  # clockwise: to the left
    assert state.log[-1] == {"kind": "draw", "seat": 0, "count": 1}


def test_draw_two():
    state = table(["5H", "3C"], {N: "9S"}, stock="6D 7D 8D", options={"draw_two": True})
    state.play(EndTurn())
    assert state.hands[0] == cards("5H 8D 7D") and state.stock == [C("6D")]
    state.play(EndTurn())
    assert state.hands[1] == cards("3C 6D") and state.stock == []  # as many as are left


def test_draw_first():
    state = table(["5H", "3C"], {N: "9S"}, stock="6D 7D 8D", options={"draw_first": True})
    state.drew = 1         # (this turn began with its draw)
    state.play(EndTurn())  # the turn ends without drawing ...
    assert state.hands[0] == cards("5H")
    assert state.hands[1] == cards("3C 8D")  # ... and the next player draws first
    assert state.drew == 1 and state.to_move() == 1
    assert [entry["kind"] for entry in state.log[-2:]] == ["end", "draw"]
    fresh = R.new_game(5, 4, {"draw_first": True})
    assert len(fresh.hands[fresh.to_move()]) == 8  # the very first turn begins with a draw too


def test_draw_first_with_draw_two():
    state = table(["5H", "3C"], {N: "9S"}, stock="6D 7D 8D", options={"draw_first": True, "draw_two": True})
    state.play(EndTurn())
    assert state.hands[1] == cards("3C 8D 7D")


def test_when_the_stock_is_out_play_goes_on_without_drawing():
    state = table(["5H 2C", "3C 4C"], {N: "6S"}, stock="")
    state.play(EndTurn())
    assert state.hands[0] == cards("5H 2C") and state.to_move() == 1
    assert state.log[-1] == {"kind": "pass", "seat": 0}


def test_deadlock_ends_the_hand_when_everyone_passed_in_a_row():
    state = table(["5H 2C", "3C 4C", "KD"], {N: "6S", E: "AH", S: "AD", W: "AC", NE: "KS", SE: "KH",
                                              SW: "KC"}, stock="",
                  options={"match_length": "hands", "hands": 1})
    state.play(EndTurn())             # seat 0 passes, though it could play the 5♥
    state.play(EndTurn())             # seat 1 passes
    state.play(PlayCard(C("KD"), NW))  # seat 2 plays: wins the hand
    assert state.sheet[-1]["winner"] == 2
    state = table(["5H 2C", "3C 4C", "KD 9S"], {N: "6S", E: "AH", S: "AD", W: "AC", NE: "KS", SE: "KH",
                                                 SW: "KC"}, stock="",
                  options={"match_length": "hands", "hands": 1})
    state.play(EndTurn())
    state.play(EndTurn())
    state.play(PlayCard(C("KD"), NW))  # a move: the count of passes starts again
    state.play(EndTurn())
    assert state.passes == 0
    state.play(EndTurn())
    state.play(EndTurn())
    assert not state.is_over() and state.passes == 2
    state.play(EndTurn())
    assert state.passes == 3
    assert state.is_over()
    entry = state.sheet[-1]
    assert entry["winner"] is None and entry["points"] == [2, 2, 1]
    assert state.log[-2]["kind"] == "deadlock"
    assert state.winners() == (2,)


def test_a_pass_needs_an_empty_stock():
    state = table(["5H", "3C"], {N: "AS", E: "AH", S: "AD", W: "AC"}, stock="2D")
    state.play(EndTurn())  # draws the last card: not a pass
    assert state.passes == 0
    state.play(EndTurn())
    assert state.passes == 1 and not state.hand_over()
    state.play(EndTurn())
    assert state.hand_over() and state.sheet[-1]["winner"] is None
    assert state.sheet[-1]["points"] == [2, 1]


# ----------------------------------------------------------------------------- scoring

def test_card_points_in_each_scoring():
    values = {code: [card_points(C(code), scoring) for scoring in ("standard", "chips", "card_values",
                                                                       "fifty_ten_five")]
              for code in ("KS", "QH", "JD", "10C", "9S", "2H", "AS")}
    assert values == {"KS": [10, 10, 10, 10], "QH": [1, 1, 10, 10], "JD": [1, 1, 10, 10],
                      "10C": [1, 1, 10, 10], "9S": [1, 1, 9, 5], "2H": [1, 1, 2, 5], "AS": [1, 1, 25, 50]}


def _finish_with(state, winner_card, place):
    state.play(PlayCard(C(winner_card), place))
    return state.sheet[-1]


def test_standard_scoring_match_to_a_target():
    state = table(["5H", "KS 2C 3C", "AD QH"], {N: "6S"}, options={"target": 25})
    state.totals = [20, 10, 23]
    entry = _finish_with(state, "5H", N)
    assert entry["points"] == [0, 12, 2]
    assert entry["totals"] == [20, 22, 25]
    assert state.is_over()  # 25 reached
    assert state.scores() == [20, 22, 25]
    assert state.winners() == (0,)  # the fewest penalty points


def test_standard_scoring_goes_on_below_the_target():
    state = table(["5H", "KS 2C 3C"], {N: "6S"}, options={"target": 50})
    entry = _finish_with(state, "5H", N)
    assert entry["totals"] == [0, 12] and not state.is_over() and state.hand_over()
    assert state.winners() == ()


def test_ties_share_the_win():
    state = table(["5H", "2C", "3C"], {N: "6S"}, options={"target": 10})
    state.totals = [12, 0, 0]
    _finish_with(state, "5H", N)
    assert state.is_over() and state.winners() == (1, 2)


def test_card_values_with_a_target():
    state = table(["5H", "AS KD 9C", "2C JH"], {N: "6S"}, options={"scoring": "card_values", "target": 100})
    state.totals = [0, 60, 20]
    entry = _finish_with(state, "5H", N)
    assert entry["points"] == [0, 25 + 10 + 9, 2 + 10]
    assert entry["totals"] == [0, 104, 32]
    assert state.is_over() and state.winners() == (0,)


def test_card_values_over_a_fixed_number_of_hands():
    options = {"scoring": "card_values", "match_length": "hands", "hands": 2, "target": 10}
    state = table(["5H", "AS", "10C"], {N: "6S"}, options=options)
    entry = _finish_with(state, "5H", N)
    assert entry["totals"] == [0, 25, 10]
    assert not state.is_over()  # the target does not count: two hands are played
    state.play(Deal())
    state.hands = [cards("QC"), cards("2C 3C"), cards("4H")]
    state.piles[N] = [C("KD")]
    state.turn = 0
    state.play(PlayCard(C("QC"), N))
    assert state.sheet[-1]["points"] == [0, 5, 4]
    assert state.is_over() and state.scores() == [0, 30, 14] and state.winners() == (0,)


def test_fifty_ten_five():
    state = table(["5H", "AS 10D", "9C 2C QH"], {N: "6S"}, options={"scoring": "fifty_ten_five", "target": 250})
    entry = _finish_with(state, "5H", N)
    assert entry["points"] == [0, 60, 20]


def test_chips_and_pot():
    state = R.new_game(3, 3, {"scoring": "chips", "match_length": "hands", "hands": 2})
    assert state.pot == 3 and state.chips == [-1, -1, -1]  # everyone antes one chip
    state = table(["5H 9C", "KS 2C", "3D"], {N: "6S", E: "AH"}, stock="7D 8D 9D",
                  options={"scoring": "chips", "match_length": "hands", "hands": 2})
    state.chips, state.pot, state.hand_chips = [-1, -1, -1], 3, [-1, -1, -1]
    state.play(PlayCard(C("5H"), N))
    state.play(EndTurn())            # played a card: no chip
    assert state.chips == [-1, -1, -1]
    state.play(EndTurn())            # only drew: one more chip
    assert state.chips == [-1, -2, -1] and state.pot == 4
    assert state.log[-1] == {"kind": "chip", "seat": 1, "amount": 1}
    state.hands[2] = cards("4S")
    state.play(PlayCard(C("4S"), N))  # seat 2 goes out: the pot, and chips for the cards left
    entry = state.sheet[-1]
    # seat 0 holds 9C 9D (2 chips); seat 1 holds KS 2C 8D (10 + 1 + 1)
    assert state.hands[0] == cards("9C 9D") and state.hands[1] == cards("KS 2C 8D")
    assert entry["pot_won"] == 4 and entry["pot"] == 0
    assert state.chips == [-3, -14, -1 + 4 + 2 + 12]
    assert entry["chips"] == [-3, -14, 17]
    assert sum(state.chips) + state.pot == 0
    assert state.scores() == state.chips


def test_chips_deadlock_keeps_the_pot_and_a_chips_match_to_a_target():
    state = table(["5H", "3C"], {N: "AS", E: "AH", S: "AD", W: "AC"}, stock="",
                  options={"scoring": "chips", "target": 10})
    state.pot = 6
    state.chips = [-5, -9]
    state.play(EndTurn())
    state.play(EndTurn())
    entry = state.sheet[-1]
    assert entry["winner"] is None and state.pot == 6 and entry["pot_won"] == 0
    assert not state.is_over()  # nobody has lost 10 chips yet
    state.play(Deal())
    assert state.pot == 8 and state.chips == [-6, -10]
    state.hands = [cards("5H"), cards("3C")]
    state.piles[N] = [C("6S")]
    state.turn = 0
    state.play(PlayCard(C("5H"), N))
    assert state.chips == [-6 + 8 + 1, -11]
    assert state.is_over() and state.winners() == (0,)  # the most chips win


# ----------------------------------------------------------------------------- kings first

KF = {"kings_first": True}


def test_kings_first_penalty_when_another_move_comes_first():
    state = table(["KH 5H 9C", "2C"], {N: "6S"}, options=KF)
    assert state.kings_first_due()
    state.play(PlayCard(C("5H"), N))
    assert state.penalties == [3, 0] and not state.kings_first_due()
    assert state.log[-2] == {"kind": "kings_first", "seat": 0, "amount": 3}
    state.play(EndTurn())             # charged at most once per turn
    assert state.penalties == [3, 0]


def test_kings_first_no_penalty_when_the_king_goes_first():
    state = table(["KH KD 5H 9C", "2C"], {N: "6S", NE: "KS", SE: "KC"}, options=KF)
    state.play(PlayCard(C("KH"), SW))
    state.play(PlayCard(C("KD"), NW))
    assert not state.kings_first_due()
    state.play(PlayCard(C("5H"), N))
    state.play(EndTurn())
    assert state.penalties == [0, 0]


def test_kings_first_ending_the_turn_costs_too_and_counts_in_the_score():
    state = table(["KH 9C", "5H"], {N: "6S"}, stock="2D", options=dict(KF, match_length="hands", hands=1))
    state.play(EndTurn())
    assert state.penalties == [3, 0]
    state.play(PlayCard(C("5H"), N))
    entry = state.sheet[-1]
    assert entry["penalties"] == [3, 0]
    assert entry["points"] == [10 + 1 + 1 + 3, 0]  # KH 9C and the 2D drawn, plus the penalty


def test_kings_first_only_with_a_king_in_hand():
    # (with a king in hand a corner is always empty: there are only four kings)
    state = table(["5H 9C", "2C"], {N: "6S"}, options=KF)
    assert not state.kings_first_due()  # no king in hand
    state = table(["KH 9C", "2C"], {N: "6S", NE: "KS", SE: "KC", SW: "KD"}, options=KF)
    assert state.kings_first_due()      # a king in hand and the NW corner empty
    # without the variant nothing is charged
    state = table(["KH 5H", "2C"], {N: "6S"})
    state.play(PlayCard(C("5H"), N))
    state.play(EndTurn())
    assert state.penalties == [0, 0]


def test_kings_first_with_chips_costs_three_chips():
    state = table(["KH 5H", "2C"], {N: "6S"}, options=dict(KF, scoring="chips"))
    state.play(PlayCard(C("5H"), N))
    assert state.chips == [-3, 0] and state.pot == 3 and state.penalties == [0, 0]


def test_kings_first_with_draw_first_counts_the_drawn_king():
    state = table(["5H", "2C"], {N: "6S"}, stock="3D KD", options=dict(KF, draw_first=True))
    state.play(EndTurn())
    assert state.hands[1] == cards("2C KD") and state.kings_first_due()
    state.play(PlayCard(C("KD"), NE))
    assert not state.kings_first_due() and state.penalties == [0, 0]


# ----------------------------------------------------------------------------- hidden information

def test_view_hides_other_hands_and_the_stock_order():
    state = R.new_game(11, 4, {})
    seat = state.to_move()
    for viewer in range(4):
        view = state.view(viewer)
        for index, hand in enumerate(view.hands):
            if index == viewer:
                assert hand == state.hands[index]
            else:
                assert hand == [None] * len(state.hands[index])
        assert view.stock == [None] * state.stock_count()
        assert view.piles == state.piles
        assert view.seed is None and view.rng.getstate() != state.rng.getstate()
        text = json.dumps(view.to_dict())
        for index, hand in enumerate(state.hands):
            if index != viewer:
                assert all(f'"{card.code}"' not in text for card in hand)
        assert all(f'"{card.code}"' not in text for card in state.stock)
    view = state.view(seat)
    assert view.legal_moves() == state.legal_moves()
    assert view.hand_counts() == state.hand_counts()


def test_view_still_plays_its_own_moves():
    state = table(["5H 9C", "2C"], {N: "6S"}, stock="3D 4D")
    view = state.view(0)
    view.play(PlayCard(C("5H"), N))
    view.play(EndTurn())
    assert view.hands[0] == [C("9C"), None]  # the drawn card is unknown in a view
    assert view.to_move() == 1


def test_sample_is_consistent_with_the_view():
    state = R.new_game(12, 3, {})
    state.play(state.legal_moves()[0])
    seat = state.to_move()
    view = state.view(seat)
    for index in range(5):
        sample = view.sample(seat, random.Random(index))
        assert sample.hands[seat] == state.hands[seat]
        assert sample.piles == state.piles
        assert sample.hand_counts() == state.hand_counts()
        assert sample.stock_count() == state.stock_count()
        assert sorted(all_cards(sample)) == sorted(full_deck())
        assert sample.legal_moves() == state.legal_moves()
    samples = {tuple(view.sample(seat, random.Random(index)).stock) for index in range(5)}
    assert len(samples) > 1


# ----------------------------------------------------------------------------- save games

def _play_randomly(state, rng, moves):
    for _ in range(moves):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_moves()))


def test_to_dict_round_trips_exactly_and_replays_the_same():
    options = {"scoring": "chips", "kings_first": True, "draw_two": True, "match_length": "hands", "hands": 3}
    state = R.new_game(5, 4, options)
    _play_randomly(state, random.Random(1), 120)
    data = json.loads(json.dumps(state.to_dict()))
    copy = R.from_dict(data)
    assert copy.to_dict() == state.to_dict()
    assert copy.history == state.history
    one, two = random.Random(2), random.Random(2)
    _play_randomly(state, one, 400)
    _play_randomly(copy, two, 400)
    assert copy.to_dict() == state.to_dict()
    view = state.view(2)
    assert R.from_dict(json.loads(json.dumps(view.to_dict()))).to_dict() == view.to_dict()


def test_replay_from_the_seed():
    state = R.new_game(8, 3, {"match_length": "hands", "hands": 2})
    _play_randomly(state, random.Random(3), 200)
    again = R.new_game(8, 3, {"match_length": "hands", "hands": 2})
    for move in state.history:
        again.play(move)
    assert again.to_dict() == state.to_dict()


def test_moves_read_back_and_read_well():
    for move in (PlayCard(C("QS"), NE), MovePile(W, E), EndTurn(), Deal()):
        assert parse_move(move.code) == move
        assert hash(move) == hash(parse_move(move.code))
    assert str(PlayCard(C("10H"), N)) == "play 10\u2665 on N"
    assert str(MovePile(N, E)) == "move pile N onto E"
    assert EndTurn() != Deal()
    with pytest.raises(ValueError):
        parse_move("fly QS N")


def test_copy_is_independent():
    state = R.new_game(9, 2, {})
    copy = state.copy()
    copy.play(copy.legal_moves()[0])
    copy.play(EndTurn())
    assert copy.to_dict() != state.to_dict()
    assert state.to_dict() == R.new_game(9, 2, {}).to_dict()


# ----------------------------------------------------------------------------- the arena and options

def test_arena_game_is_one_hand_with_penalty_points():
    state = R.arena_game(3, 4)
    assert state.options["scoring"] == "standard" and not state.options["kings_first"]
    rng = random.Random(0)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    assert len(state.sheet) == 1
    assert state.scores() == state.sheet[0]["points"]
    assert state.winners() == tuple(seat for seat, score in enumerate(state.scores())
                                    if score == min(state.scores()))
    assert set(state.arena_stats()) == {"deadlock", "turns"}


def test_options_cover_the_rule_page():
    keys = {option.key for option in R.OPTIONS}
    assert keys == {"scoring", "match_length", "target", "hands", "kings_first", "draw_first", "draw_two"}
    defaults = resolve(R.OPTIONS, {})
    assert defaults["scoring"] == "standard" and defaults["target"] == 25
    assert {25, 50, 100, 250} <= set(next(o for o in R.OPTIONS if o.key == "target").choices)
    assert set(next(o for o in R.OPTIONS if o.key == "scoring").choices) == {
        "standard", "chips", "card_values", "fifty_ten_five"}
    state = R.new_game(1, 2, {"scoring": "nonsense", "target": 7})
    assert state.options["scoring"] == "standard" and state.options["target"] == 25


# ----------------------------------------------------------------------------- random matches

OPTION_SETS = st.fixed_dictionaries({
    "scoring": st.sampled_from(R.SCORINGS),
    "match_length": st.sampled_from(R.MATCH_LENGTHS),
    "target": st.sampled_from((10, 25)),
    "hands": st.sampled_from((1, 2, 3)),
    "kings_first": st.booleans(),
    "draw_first": st.booleans(),
    "draw_two": st.booleans(),
})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from((2, 3, 4)), options=OPTION_SETS,
       choices=st.randoms(use_true_random=False))
def test_random_matches_keep_every_card_and_end(seed, players, options, choices):
    state = R.new_game(seed, players, options)
    steps = 0
    while not state.is_over():
        assert sorted(all_cards(state)) == sorted(full_deck())
        moves = state.legal_moves()
        assert moves and len(set(moves)) == len(moves)
        # prefer plays a little, so that hands also end by going out
        plays = [move for move in moves if not isinstance(move, EndTurn)]
        move = choices.choice(plays) if plays and choices.random() < 0.7 else choices.choice(moves)
        state.play(move)
        steps += 1
        assert steps < 20000
        if steps % 150 == 0:
            assert R.from_dict(json.loads(json.dumps(state.to_dict()))).to_dict() == state.to_dict()
            seat = state.to_move()
            if seat is not None:
                view = state.view(seat)
                assert all(card is None for index, hand in enumerate(view.hands) if index != seat for card in hand)
    assert sorted(all_cards(state)) == sorted(full_deck())
    sheet = state.sheet
    if state.scoring == "chips":
        assert sum(state.chips) + state.pot == 0
    else:
        assert [sum(entry["points"][seat] for entry in sheet) for seat in range(players)] == state.totals
        for entry in sheet:
            assert entry["points"][entry["winner"]] == entry["penalties"][entry["winner"]] \
                if entry["winner"] is not None else True
    assert state.winners()


# ----------------------------------------------------------------------------- texts

def test_every_option_and_error_has_english_and_dutch_text():
    import re
    from pathlib import Path

    root = Path(R.__file__).resolve().parent.parent.parent
    tables = {language: json.loads((root / "assets" / "i18n" / language / "kings_corners.json")
                                   .read_text(encoding="utf-8")) for language in ("en", "nl")}
    assert tables["en"].keys() == tables["nl"].keys()
    needed = set()
    for option in R.OPTIONS:
        needed.update({option.label, option.help, *option.labels})
    source = Path(R.__file__).read_text(encoding="utf-8")
    errors = {f"kings_corners.{name}" for name in re.findall(r'_key\("(err\.[a-z_]+)"\)', source)}
    assert len(errors) >= 15
    needed |= errors
    missing = {key for key in needed if key not in tables["en"]}
    assert not missing
    for language in ("en", "nl"):
        page = (root / "assets" / "rules" / f"kings_corners.{language}.md").read_text(encoding="utf-8")
        assert page.startswith("# Kings Corners")
        assert "Source:" not in page and "Decision" not in page
