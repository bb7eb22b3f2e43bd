"""The rules contract of game/base.py, checked over every game in the registry that has rules.

A new game joins by existing: its rules module is found through the registry. Each option
set (the defaults, then every value of every option on its own) gets a random playout to the
end; along the way every contract promise is checked on a sample of positions.
"""
from __future__ import annotations

import json
import pickle
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game import registry
from game.base import EVENT_TYPES, CardMoved, GameState, IllegalMove, PieceMoved
from tests.fuzz import NOT_TEXT, look_alikes   # objects equal to every move, wrong-typed fields (issue 26)

GAMES = [info for info in registry.GAMES.values() if info.has_rules()]
MAX_MOVES = 50_000        # a random playout of a whole match ends well within this
GARBAGE = (None, "garbage", 42, 1.5, ("play", 1), object())


def option_sets(rules) -> list[dict]:
    """The defaults, then each value of each option with the others at their defaults."""
    sets = [{}]
    for option in rules.OPTIONS:
        sets.extend({option.key: value} for value in option.choices if value != option.default)
    return sets


def cases() -> list:
    """The defaults at every table size; each other option set at one size, in turn."""
    return [pytest.param(info.name, players, options, id=f"{info.name}-{players}p-{number}")
            for info in GAMES
            for number, options in enumerate(option_sets(info.rules()))
            for players in (info.seats if number == 0 else info.seats[number % len(info.seats):][:1])]


def saved(state) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def check_position(rules, state, other, rng) -> None:
    """Every promise of the contract that holds in any position."""
    assert isinstance(state, GameState)
    before = saved(state)
    # to_dict survives JSON and from_dict exactly
    assert saved(rules.from_dict(json.loads(before))) == before
    moves = state.legal_moves()
    # move save codes round-trip
    for move in moves:
        assert rules.parse_move(move.code) == move, move
        hash(move)
    # garbage, and moves of another position, are refused without a change
    foreign = [move for move in other.legal_moves() if move not in moves]
    for move in list(GARBAGE) + foreign[:3] + look_alikes(moves, rng):
        with pytest.raises(IllegalMove):
            state.play(move)
        assert saved(state) == before
        assert state.legal_moves() == moves
    # copy() is independent
    if moves:
        twin = state.copy()
        twin.play(rng.choice(moves))
        assert saved(state) == before
    # views pickle, samples agree with the view, and the view does not depend on what is hidden
    for seat in range(state.players):
        view = state.view(seat)
        seen = saved(view)
        assert saved(pickle.loads(pickle.dumps(view))) == seen
        for _ in range(2):
            assert saved(view.sample(seat, rng).view(seat)) == seen
            assert saved(state.sample(seat, rng).view(seat)) == seen, "the view shows something hidden"
        assert saved(view) == seen and saved(state) == before


def check_events(state, events) -> None:
    for event in events:
        assert isinstance(event, EVENT_TYPES), event
        pickle.dumps(event)
    if not hasattr(state, "zones"):
        return
    zones = state.zones()
    final = {}
    for event in events:  # where each card or piece that moved ended up
        if type(event) in (CardMoved, PieceMoved):
            thing = event.card if type(event) is CardMoved else event.piece
            if thing is not None:
                final[thing] = event.target
    for thing, target in final.items():
        assert thing in zones.get(target, ()), f"{thing} should be in {target} after {events}"


@pytest.mark.parametrize("game,players,options", cases())
def test_contract(game, players, options):
    rules = registry.game(game).rules()
    rng = random.Random(f"{game}{players}{sorted(options.items())}")
    state = rules.new_game(rng.randrange(10**6), players, options)
    other = rules.new_game(rng.randrange(10**6), players, options)
    for number in range(MAX_MOVES):
        if state.is_over():
            break
        assert state.phase != "over"
        if number < 30 or rng.random() < 5 / number:  # every early position, then ever fewer
            check_position(rules, state, other, rng)
        moves = state.legal_moves()
        assert moves and state.to_move() in range(players)
        move = rng.choice(moves)
        state.play(move)
        check_events(state, state.events)
        if other.legal_moves() and not other.is_over():
            other.play(rng.choice(other.legal_moves()))
    assert state.is_over(), f"{game} did not end in {MAX_MOVES} random moves"
    assert state.to_move() is None and state.legal_moves() == []
    assert len(state.scores()) == players
    assert all(seat in range(players) for seat in state.winners())
    check_position(rules, state, other, rng)


@pytest.mark.parametrize("game", [info.name for info in GAMES])
def test_moves_and_positions_are_read_from_text_only(game):
    """parse_move(3) and from_notation(None) raised AttributeError (issue 26): a ValueError."""
    rules = registry.game(game).rules()
    readers = [rules.parse_move] + ([rules.from_notation] if hasattr(rules, "from_notation") else [])
    for reader in readers:
        for value in NOT_TEXT:
            with pytest.raises(ValueError):
                reader(value)


def code_alphabet(rules, seats) -> tuple[str, list[str]]:
    """The characters and the words of the move codes of a few random playouts."""
    codes = set()
    rng = random.Random(7)
    for seed in range(4):
        state = rules.new_game(seed, seats[seed % len(seats)], {})
        for _ in range(400):
            if state.is_over():
                break
            moves = state.legal_moves()
            codes.update(move.code for move in moves)
            state.play(rng.choice(moves))
    words = sorted({word for code in codes for word in code.split()})
    return "".join(sorted(set("".join(codes)) | set(" +-:0123456789"))), words


def check_round_trip(rules, text) -> None:
    try:
        move = rules.parse_move(text)
    except ValueError:
        return
    code = move.code
    assert isinstance(code, str)
    again = rules.parse_move(code)
    assert again == move and type(again) is type(move), (text, code)
    assert again.code == code, (text, code)


@pytest.mark.parametrize("game", [info.name for info in GAMES])
def test_every_move_read_from_text_round_trips(game):
    """Keezen read "J bn y43" as a swap whose code "J b-1 y43" did not read back (issue 26)."""
    info = registry.game(game)
    rules = info.rules()
    alphabet, words = code_alphabet(rules, info.seats)
    texts = st.one_of(st.text(alphabet, max_size=24),
                      st.lists(st.one_of(st.sampled_from(words), st.text(alphabet, min_size=1, max_size=5)),
                               min_size=1, max_size=5).map(" ".join))

    @settings(max_examples=400, deadline=None, database=None)
    @given(texts)
    @example("J bn y43")
    @example("J bh1 r40")
    def round_trip(text):
        check_round_trip(rules, text)

    round_trip()
