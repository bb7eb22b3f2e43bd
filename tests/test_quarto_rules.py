"""Quarto rules: the examples of the rule page, notation, illegal moves, random games."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.base import IllegalMove
from game.quarto import rules as R
from game.quarto.rules import Claim, Give, NextGame, Pass, Place

DRAWN_BOARD = "cf781a36054e29db"        # 16 pieces, no line shares an attribute
DRAWN_WITH_SQUARES = "69e5180f47c2ab3d"  # ... and no 2x2 block either


def pos(text, seat=0):
    return R.from_notation(text, seat)


def play_sequence(state, squares, pieces):
    """Give pieces[0], then place pieces[i] on squares[i] giving pieces[i + 1]."""
    state.play(Give(pieces[0]))
    for i, s in enumerate(squares):
        give = pieces[i + 1] if i + 1 < len(pieces) else None
        state.play(Place(s, give))
    return state


# --- pieces and geometry ----------------------------------------------------------------------

def test_pieces_are_four_bits():
    assert R.piece_attributes(0) == {"colour": "light", "shape": "round", "height": "short", "top": "solid"}
    assert R.piece_attributes(15) == {"colour": "dark", "shape": "square", "height": "tall", "top": "hollow"}
    assert R.piece_name(R.DARK | R.TALL) == "tall dark round solid"
    assert len(set(R.piece_name(p) for p in R.ALL_PIECES)) == 16


def test_ten_lines_and_nine_blocks():
    assert len(R.LINES) == 10 and len(R.BLOCKS) == 9
    assert R.BLOCKS[0] == (0, 1, 4, 5) and R.BLOCKS[-1] == (10, 11, 14, 15)
    assert R.groups_in_play(False) == tuple(range(10))
    assert len(R.groups_in_play(True)) == 19


# --- winning: each line type and each attribute -----------------------------------------------

@pytest.mark.parametrize("group", range(10))
def test_each_line_wins(group):
    squares = R.GROUPS[group]
    pieces = [1, 3, 5, 7]                      # all dark
    board = ["."] * 16
    for s, p in zip(squares[:3], pieces[:3]):
        board[s] = format(p, "x")
    state = pos("".join(board) + " 7")
    assert Place(squares[3]) in state.legal_moves()
    state.play(Place(squares[3]))
    assert state.is_over() and state.winners() == (0,)
    assert state.winning_line() == squares
    assert group in state.win_groups
    assert R.GROUP_KINDS[group] in ("row", "column", "diagonal")


@pytest.mark.parametrize("bit", range(4))
@pytest.mark.parametrize("value", (0, 1))
def test_each_attribute_value_wins(bit, value):
    # four pieces sharing only this attribute value (the others mixed)
    pieces = [p for p in R.ALL_PIECES if (p >> bit & 1) == value]
    line = None
    for a in pieces:
        for b in pieces:
            for c in pieces:
                for d in pieces:
                    group = (a, b, c, d)
                    if len(set(group)) == 4 and R.shared(group) == 1 << bit:
                        line = group
                        break
                if line:
                    break
            if line:
                break
        if line:
            break
    board = "".join(format(p, "x") for p in line[:3]) + "." * 13
    state = pos(board + " " + format(line[3], "x"))
    state.play(Place(3))
    assert state.winners() == (0,)
    # a piece of the other value on that square does not win
    other = next(p for p in R.ALL_PIECES if p not in line[:3] and (p >> bit & 1) != value
                 and not R.shared(line[:3] + (p,)))
    rest = next(p for p in R.ALL_PIECES if p not in line[:3] and p != other)
    state = pos(board + " " + format(other, "x"))
    state.play(Place(3, rest))
    assert not state.game_over()


def test_winner_need_not_have_placed_the_other_three():
    state = R.new_game(1, 2, {})
    first = state.to_move()
    # both players place pieces in row 1; the fourth completes four short pieces (bit 2 = 0)
    play_sequence(state, [0, 1, 2], [0, 1, 2, 3])
    assert not state.game_over()
    mover = state.to_move()
    state.play(Place(3))
    assert state.game_over() and state.winners() == (mover,)
    assert state.scores()[mover] == 1
    assert first in (0, 1)


def test_first_move_only_gives_and_winning_move_gives_nothing():
    state = R.arena_game(7, 2)
    moves = state.legal_moves()
    assert moves == [Give(p) for p in range(16)]
    state = pos("012............. 3")
    moves = state.legal_moves()
    assert Place(3) in moves and not any(m.square == 3 and m.give is not None for m in moves)
    assert Place(4, 5) in moves and Place(4) not in moves


def test_draw_when_the_board_fills_without_a_line():
    state = R.arena_game(3, 2)
    pieces = [int(c, 16) for c in DRAWN_BOARD]
    play_sequence(state, list(range(16)), pieces)
    assert state.is_over() and state.winners() == () and state.results == [None]
    assert state.winning_line() is None
    assert state.scores() == [0, 0]


# --- variants ------------------------------------------------------------------------------------

def test_squares_variant_counts_the_nine_blocks():
    block = R.BLOCKS[4]                         # (5, 6, 9, 10): the centre block
    board = ["."] * 16
    for s, p in zip(block[:3], (8, 9, 10)):     # hollow pieces
        board[s] = format(p, "x")
    text = "".join(board) + " b"
    plain = pos(text)
    plain.play(Place(block[3], 0))
    assert not plain.game_over()
    advanced = pos(text + " s")
    assert advanced.options["squares"]
    advanced.play(Place(block[3]))
    assert advanced.winners() == (0,) and advanced.winning_line() == block
    assert R.GROUP_KINDS[advanced.win_groups[0]] == "square"


def test_squares_variant_draw_board():
    state = R.new_game(3, 2, {"squares": True})
    play_sequence(state, list(range(16)), [int(c, 16) for c in DRAWN_WITH_SQUARES])
    assert state.is_over() and state.winners() == ()
    # the lines-only draw board is not a draw once the blocks count
    lines_draw = [int(c, 16) for c in DRAWN_BOARD]
    assert any(R.shared([lines_draw[s] for s in block]) for block in R.BLOCKS)
    finished = R.from_notation(DRAWN_BOARD + " - s", 1)
    assert finished.winners() == (0,) and R.GROUP_KINDS[finished.win_groups[0]] == "square"


@pytest.mark.parametrize("mask,wins", [(15, True), (4, True), (1, False), (3, False), (11, False), (5, True)])
def test_beginner_attribute_subsets(mask, wins):
    # 0, 1, 2 and 3 share 'short' (bit 2 = 0) and 'solid' (bit 3 = 0)... use tall: 4, 5, 6, 7
    # share tall only (colour and shape mixed, top solid too): make top mixed with 12
    line = (4, 5, 14)                       # tall; top mixed (14 hollow)
    text = "45e............. 7" + ("" if mask == 15 else f" a{mask:x}")
    assert R.shared(line + (7,), 15) == 4   # only 'tall' is shared
    state = pos(text)
    assert state.options["attributes"] == mask
    if wins:
        state.play(Place(3))
        assert state.winners() == (0,)
    else:
        assert Place(3) not in state.legal_moves()
        state.play(Place(3, 0))
        assert not state.game_over()


def test_options_resolve_and_combine():
    state = R.new_game(1, 2, {"attributes": 3, "squares": True, "call": "call", "clock": True, "games": 4})
    assert state.options == {"attributes": 3, "squares": True, "call": "call", "clock": True, "games": 4}
    assert state.clock_seconds() == 60
    damaged = R.new_game(1, 2, {"attributes": 0, "squares": 1, "call": "shout", "games": 7})
    assert damaged.options == {o.key: o.default for o in R.OPTIONS}
    assert R.arena_game(1, 2).options == {o.key: o.default for o in R.OPTIONS}
    assert R.arena_game(1, 2).clock_seconds() is None


# --- the Quarto! call -----------------------------------------------------------------------------

def test_call_rule_1_calling_wins():
    state = pos("123............. 5 c")
    assert Place(3, None, True) in state.legal_moves()
    assert Place(3) not in state.legal_moves()           # must call to win (or give)
    assert Place(3, 0) in state.legal_moves()            # not seeing the line is allowed
    state.play(Place(3, None, True))
    assert state.winners() == (0,) and not state.claimed


def test_call_rule_2_opponent_claims_a_missed_line():
    state = pos("123............. 5 c")
    state.play(Place(3, 0))                             # made the line, did not call
    assert state.to_move() == 1 and state.hand == 0
    assert Claim() in state.legal_moves()
    assert state.claimable() == (0,)
    state.play(Claim())
    assert state.winners() == (1,) and state.claimed and state.winning_line() == (0, 1, 2, 3)


def test_call_rule_3_missed_by_both_no_longer_counts():
    state = pos("123............. 5 c")
    state.play(Place(3, 0))
    state.play(Place(15, 6))                            # the opponent places instead of claiming
    assert not state.game_over()
    assert state.dead == (0,)
    assert Claim() not in state.legal_moves()
    with pytest.raises(IllegalMove) as error:
        state.play(Claim())
    assert error.value.key == "quarto.err.no_claim"
    # the line is gone for good, but a new line still wins
    assert "m" in state.to_notation().split()[2]
    again = R.from_notation(state.to_notation(), state.turn)
    assert again.dead == (0,) and again.to_notation() == state.to_notation()


def test_false_call_is_rejected_and_auto_mode_has_no_call():
    state = pos("123............. 5 c")
    before = state.to_dict()
    with pytest.raises(IllegalMove) as error:
        state.play(Place(8, None, True))
    assert error.value.key == "quarto.err.no_line" and "no Quarto" in str(error.value)
    assert state.to_dict() == before
    auto = pos("123............. 5")
    with pytest.raises(IllegalMove) as error:
        auto.play(Place(3, None, True))
    assert error.value.key == "quarto.err.no_call_mode"


def test_call_mode_last_placement_gives_a_claim_window():
    # a full board but one square, the last piece in hand completes row 4 uncalled
    pieces = [int(c, 16) for c in DRAWN_BOARD]
    board = "".join(format(p, "x") for p in pieces[:15]) + "."
    state = pos(board + " " + format(pieces[15], "x") + " c")
    state.play(Place(15))
    assert state.phase == "pass" and state.legal_moves() == [Pass()]
    state.play(Pass())
    assert state.is_over() and state.winners() == ()


def test_call_mode_claim_after_the_last_placement():
    state = pos("0123456789ab.def c c")
    wins = state._wins_at(12, 12)
    assert wins
    state.play(Place(12))                               # last square, no call
    assert set(state.legal_moves()) == {Pass(), Claim()}
    state.play(Claim())
    assert state.winners() == (1,)


# --- match, clock, copies ------------------------------------------------------------------------

def test_match_alternates_the_first_player_and_keeps_score():
    firsts = {R.new_game(seed, 2, {}).to_move() for seed in range(20)}
    assert firsts == {0, 1}                             # drawn by lot from the seed
    state = R.new_game(11, 2, {"games": 3})
    starters = []
    for game in range(3):
        starters.append(state.first)
        play_sequence(state, [0, 1, 2, 3], [0, 1, 2, 3])  # row 1: four short solid pieces
        assert state.game_over()
        if game < 2:
            assert not state.is_over() and state.legal_moves() == [NextGame()]
            with pytest.raises(IllegalMove):
                state.play(Place(5, 1))
            state.play(NextGame())
    assert starters[0] != starters[1] and starters[1] != starters[2]
    assert state.is_over() and state.to_move() is None and state.legal_moves() == []
    assert sum(state.scores()) == 3
    assert len(state.results) == 3 and state.game_no == 2
    a, b = state.scores()
    assert state.winners() == ((0,) if a > b else (1,))


def test_a_first_format_save_with_clock_moves_reads_back_exactly():
    """Saves of the first format drew a timed-out move from the state's rng and listed it in
    `timeouts`; the reader replays those draws, so the state (its rng too) is the saved one."""
    a = R.new_game(5, 2, {"clock": True})
    for _ in range(6):
        legal = a.legal_moves()
        move = a.random_move()
        assert move in legal
        a.timeouts.append(len(a.log))
        a.play(move)
    assert a.timeouts == list(range(6))
    assert R.from_dict(json.loads(json.dumps(a.to_dict()))).to_dict() == a.to_dict()


def test_copy_and_view_are_independent():
    state = R.arena_game(2, 2)
    state.play(Give(4))
    view = state.view(state.to_move())
    view.play(Place(0, 5))
    assert state.board[0] is None and state.hand == 4
    assert state.sample(0, None).to_notation() == state.to_notation()


# --- notation ----------------------------------------------------------------------------------

def test_notation_example_round_trip():
    text = "0..3....a....... 5"
    state = pos(text)
    assert state.board[0] == 0 and state.board[3] == 3 and state.board[8] == 10 and state.hand == 5
    assert state.to_notation() == text
    assert R.arena_game(1, 2).to_notation() == "................ -"
    assert pos("................ - a3sct").to_notation() == "................ - a3sct"


@pytest.mark.parametrize("bad", ["", "0..3 5", "0..3....a....... 55", "0..3....a....... x",
                                 "0..3....g....... 5", "00.3....a....... 5", "0..3....a....... 0",
                                 "0..3....a....... 5 z", "0..3....a....... 5 a0",
                                 "01.3............ -", "0123............ 5", "0..3....a....... 5 m0"])
def test_bad_notation_is_rejected(bad):
    with pytest.raises(IllegalMove) as error:
        R.from_notation(bad)
    assert error.value.key == "quarto.err.notation"


def test_move_strings_round_trip():
    for move in [Give(10), Place(0, 15), Place(15), Place(5, None, True), Claim(), Pass(), NextGame()]:
        assert R.parse_move(str(move)) == move
    assert str(Place(5, 10)) == "b2 give a"
    with pytest.raises(ValueError):
        R.parse_move("e5")


# --- illegal moves ----------------------------------------------------------------------------

@pytest.mark.parametrize("text,move,key", [
    ("................ -", Place(0, 1), "must_give"),
    ("................ -", Give(16), "no_piece"),
    ("0............... 1", Give(2), "must_place"),
    ("0............... 1", Place(0, 2), "occupied"),
    ("0............... 1", Place(16, 2), "bad_square"),
    ("0............... 1", Place(5, 0), "piece_unavailable"),
    ("0............... 1", Place(5, 1), "piece_unavailable"),
    ("0............... 1", Place(5), "must_give_piece"),
    ("012............. 3", Place(3, 4), "win_gives_nothing"),
    ("0............... 1", Claim(), "no_call_mode"),
    ("0............... 1", Pass(), "no_pass"),
    ("0............... 1", NextGame(), "not_over"),
    ("0............... 1", "a1", "unknown_move"),
    ("0123............ - ", Place(5, 4), "game_over"),
])
def test_illegal_moves_change_nothing(text, move, key):
    state = R.from_notation(text.strip())
    before = json.dumps(state.to_dict())
    with pytest.raises(IllegalMove) as error:
        state.play(move)
    assert error.value.key in (f"quarto.err.{key}", "quarto.err.match_over")
    if key != "game_over":
        assert error.value.key == f"quarto.err.{key}"
    assert str(error.value)
    assert json.dumps(state.to_dict()) == before


def test_full_board_gives_nothing():
    pieces = [int(c, 16) for c in DRAWN_BOARD]
    board = "".join(format(p, "x") for p in pieces[:15]) + "."
    state = pos(board + " " + format(pieces[15], "x"))
    with pytest.raises(IllegalMove) as error:
        state.play(Place(15, 0))
    assert error.value.key == "quarto.err.full_gives_nothing"
    state.play(Place(15))
    assert state.is_over() and state.winners() == ()


# --- random games (hypothesis) -----------------------------------------------------------------

options_strategy = st.fixed_dictionaries({
    "attributes": st.sampled_from(R.ATTRIBUTE_SETS),
    "squares": st.booleans(),
    "call": st.sampled_from(("auto", "call")),
    "clock": st.booleans(),
    "games": st.sampled_from((1, 2, 3)),
})


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), options=options_strategy, data=st.data())
def test_random_matches_end_correctly(seed, options, data):
    state = R.new_game(seed, 2, options)
    steps = 0
    while not state.is_over():
        legal = state.legal_moves()
        assert legal and len(set(legal)) == len(legal)
        move = legal[data.draw(st.integers(0, len(legal) - 1))] if steps % 7 == 0 else state.random_move()
        seat = state.to_move()
        state.play(move)
        steps += 1
        assert steps < 400
        # nothing lost or duplicated
        placed = [p for p in state.board if p is not None]
        held = [state.hand] if state.hand is not None else []
        assert len(set(placed + held)) == len(placed) + len(held)
        if state.game_over() and isinstance(move, (Place, Claim)):
            if state.winner is not None:
                assert state.winner == seat
                for g in state.win_groups:
                    assert R.shared([state.board[s] for s in R.GROUPS[g]], state.mask)
                    assert g in state.groups
            else:
                assert None not in state.board
        if state.game_over() and state.winner is None:
            assert None not in state.board
            live = [g for g in state.complete_winning_groups() if g not in state.dead]
            assert not live
        if not state.game_done and options["call"] == "auto":
            assert not state.complete_winning_groups()
        if steps % 5 == 0:
            data_json = json.loads(json.dumps(state.to_dict()))
            again = R.from_dict(data_json)
            assert again.to_dict() == state.to_dict()
            assert again.legal_moves() == state.legal_moves()
        if not state.game_done:
            text = state.to_notation()
            assert R.from_notation(text, state.turn).to_notation() == text
    assert len(state.results) == options["games"]
    assert sum(state.scores()) + state.draws() == options["games"]
    starts = [state.log[i] for i in state.game_starts]
    assert all(isinstance(m, Give) for m in starts)
