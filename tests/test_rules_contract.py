"""The rules contract of game/base.py, checked over every game in the registry that has rules.

A new game joins by existing: its rules module is found through the registry. Each option
set (the defaults, then every value of every option on its own) gets a random playout to the
end; along the way every contract promise is checked on a sample of positions, and the cheap
ones (the moves, every card or piece in `zones()` once, the events) on every position. The
checks are in tests/checks.py, which the fuzzer (tests/fuzz.py) shares.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game import registry
from tests import checks
from tests.fuzz import NOT_TEXT, look_alikes  # objects equal to every move, wrong-typed fields (issue 26)

GAMES = [info for info in registry.GAMES.values() if info.has_rules()]
MAX_MOVES = 50_000        # a random playout of a whole match ends well within this
GARBAGE = (None, "garbage", 42, 1.5, ("play", 1), object())


def option_sets(rules) -> list[dict]:
    """The defaults, then each value of each option with the others at their defaults, and
    with the option it depends on set so that it counts (Kings Corners' number of hands is
    played in a match of hands, not left out of one played to a target)."""
    sets = [{}]
    for option in rules.OPTIONS:
        depends = dict([option.visible_if]) if option.visible_if else {}
        sets.extend({**depends, option.key: value} for value in option.choices if value != option.default)
    return sets


def cases() -> list:
    """The defaults at every table size; each other option set at one size, in turn."""
    return [pytest.param(info.name, players, options, id=f"{info.name}-{players}p-{number}")
            for info in GAMES
            for number, options in enumerate(option_sets(info.rules()))
            for players in (info.seats if number == 0 else info.seats[number % len(info.seats):][:1])]


def check_position(rules, state, other, rng, whole) -> list:
    """Every promise of the contract that holds in any position (tests/checks.py), with
    garbage, moves of another position and look-alikes to refuse, and every seat's view."""
    moves = state.legal_moves()
    foreign = [move for move in other.legal_moves() if move not in moves][:3]
    refuse = ([("garbage", move) for move in GARBAGE] + [("foreign", move) for move in foreign]
              + [("look-alike", move) for move in look_alikes(moves, rng)])
    return checks.check_position(rules, state, rng, whole, refuse, range(state.players))


@pytest.mark.parametrize("game,players,options", cases())
def test_contract(game, players, options):
    rules = registry.game(game).rules()
    rng = random.Random(f"{game}{players}{sorted(options.items())}")
    state = rules.new_game(rng.randrange(10**6), players, options)
    other = rules.new_game(rng.randrange(10**6), players, options)
    look = random.Random(rng.random())   # the checks' own draws: they do not change the game played
    whole = checks.check_start(state)
    for number in range(MAX_MOVES):
        if state.is_over():
            break
        # every early position in full, then ever fewer (2/n: a few each time a long match doubles)
        full = number < 30 or rng.random() < 2 / number
        if full:
            moves = check_position(rules, state, other, look, whole)
        else:
            moves = checks.check_moves(rules, state, whole, codes=0)   # codes: at the sampled positions
        checks.check_play(state, rng.choice(moves), twin=full)
        if not other.is_over():   # the contract: a game in progress has moves
            other.play(rng.choice(other.legal_moves()))
    assert state.is_over(), f"{game} did not end in {MAX_MOVES} random moves"
    check_position(rules, state, other, look, whole)


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


@pytest.mark.parametrize("game", [info.name for info in GAMES])
def test_a_card_or_piece_lost_or_doubled_is_caught(game, monkeypatch):
    """The conservation check can fail: zones() that lose a card or piece, or show one twice,
    are reported, at the start and in any position."""
    info = registry.game(game)
    rules = info.rules()
    state = rules.new_game(1, info.seats[0], {})
    whole = checks.check_start(state)
    zones = state.zones()
    name, zone = next((name, list(zone)) for name, zone in zones.items() if zone)
    for broken in ({**zones, name: zone[1:]}, {**zones, name: zone + zone[:1]}):
        monkeypatch.setattr(type(state), "zones", lambda self, broken=broken: broken)
        with pytest.raises(checks.Broken, match="lost or doubled"):
            checks.check_moves(rules, state, whole)
    with pytest.raises(checks.Broken, match="twice"):
        checks.check_start(state)
