"""The checks of a game position, written once: the rules contract test
(tests/test_rules_contract.py) and the fuzzer (tests/fuzz.py) both call them.

Each check raises `Broken` (an AssertionError) with a short message, the particulars in
parentheses, so they work under pytest and in the fuzzer's own runs alike.

- `check_start(state)`: what a new game holds, every card or piece once (`whole`).
- `check_moves(rules, state, whole)`: the cheap checks, for every position: the end and the
  turn, the legal moves (none twice, each hashable, readable and read back from its code), and
  the conservation of cards and pieces: `zones()` holds exactly `whole`.
- `check_position(...)`: those, then the rest of the contract: the GameState surface, legal
  moves play on copies, the moves to refuse are refused without a change, views and their
  samples, the save round trip.
- `check_play(state, move)`: play a move, then check its events (and that a copy plays it
  the same way).
"""
from __future__ import annotations

import dataclasses
import itertools
import json
import pickle
from collections import Counter

from game.base import EVENT_TYPES, CardMoved, GameState, IllegalMove, PieceMoved


class Broken(AssertionError):
    """An invariant that did not hold."""


def check(condition, message: str) -> None:
    if not condition:
        raise Broken(message)


def saved(state) -> str:
    return json.dumps(state.to_dict(), sort_keys=True, allow_nan=False)


def identity(move) -> list:
    """The fields that make a move what it is (not a cache such as Kingen's card index)."""
    return [item for item in dataclasses.fields(move) if item.compare]


def typed(value):
    """A key that tells 1, 1.0 and True apart (moves compare equal across those)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple(typed(getattr(value, f.name)) for f in identity(value))
    if isinstance(value, tuple):
        return (type(value).__name__,) + tuple(typed(item) for item in value)
    try:
        hash(value)
    except TypeError:
        return (type(value).__name__, repr(value))
    return (type(value).__name__, value)


# ---------------------------------------------------------------------------- cards and pieces

def holdings(state) -> Counter:
    """Every card or piece in the state's zones(), counted (a thing held twice counts 2)."""
    return Counter(itertools.chain.from_iterable(state.zones().values()))


def check_start(state) -> Counter:
    """What a new game holds, each card or piece once: the whole that every later position
    and every sample must hold."""
    whole = holdings(state)
    doubled = [thing for thing, count in whole.items() if count > 1 or thing is None]
    check(not doubled, f"a new game holds a card or piece twice, or an unknown one ({doubled})")
    return whole


def check_holdings(state, whole: Counter, what: str = "the state") -> None:
    """Nothing appeared or disappeared: `state` holds exactly `whole`."""
    held = holdings(state)
    if dict(held) != whole:      # (a dict's comparison: Counter's own walks every key in Python)
        missing, extra = list((whole - held).elements()), list((held - whole).elements())
        raise Broken(f"{what} lost or doubled a card or piece (missing {missing}, extra {extra})")


# ---------------------------------------------------------------------------- positions

def check_moves(rules, state, whole: Counter, codes: int | None = None) -> list:
    """The cheap checks of a position (see the module docstring); the first `codes` legal
    moves are read back from their codes (all by default). Returns the legal moves."""
    players = state.players
    moves = list(state.legal_moves())
    if state.is_over():
        check(moves == [] and state.to_move() is None, "a finished game still has moves or a player to move")
        check(len(state.scores()) == players, "scores() has the wrong length")
        check(set(state.winners()) <= set(range(players)), f"winners() out of range ({state.winners()})")
    else:
        check(state.phase != "over", "the phase is 'over' before the end")
        check(moves, "a game in progress without legal moves")
        check(state.to_move() in range(players), f"to_move() is out of range ({state.to_move()!r})")
        check(state.winners() == (), "winners before the end")
    check(len(set(moves)) == len(moves), "a legal move is listed twice")
    for move in moves[:codes]:
        hash(move)
        str(move)
        if typed(rules.parse_move(move.code)) != typed(move):
            raise Broken(f"parse_move does not read back ({move.code!r})")
    check_holdings(state, whole)
    return moves


def check_position(rules, state, rng, whole: Counter, refuse=(), seats=(), tries: int = 1,
                   codes: int | None = None, save: bool = True) -> list:
    """Every check of a position: `check_moves` (with `codes`), then `tries` legal moves each
    played on its own copy; the (kind, move) pairs of `refuse` refused with IllegalMove and no
    change; the view of each of `seats` and samples of it; the save round trip (if `save`).
    Returns the legal moves."""
    check(isinstance(state, GameState), "the state lacks part of the GameState surface")
    moves = check_moves(rules, state, whole, codes)
    before = saved(state)
    tried = moves if len(moves) <= tries else rng.sample(moves, tries)
    for move in tried:
        state.copy().play(move)
    check_refused(state, refuse)
    for seat in seats:
        check_view(rules, state, seat, moves, rng, whole)
    # once for all of the above: the save text of a long match takes a while to write
    if saved(state) != before or state.legal_moves() != moves:
        raise Broken(f"a move played on a copy, a refused move, a view or a sample changed the state "
                     f"(played {tried}, refused {[move for _, move in refuse]!r})")
    if save:
        back = rules.from_dict(json.loads(before))
        check(saved(back) == before, "from_dict(to_dict()) is not the same state")
        check(back.to_move() == state.to_move(), "to_move() differs after a round trip")
        check(back.legal_moves() == moves, "legal moves differ after a round trip")
    return moves


def check_refused(state, refuse) -> None:
    """Each (kind, move) of `refuse` raises IllegalMove."""
    for kind, move in refuse:
        try:
            state.play(move)
        except IllegalMove:
            continue
        except Exception as error:
            raise Broken(f"a {kind} move raised {type(error).__name__}, not IllegalMove ({move!r})") from error
        raise Broken(f"the {kind} move {move!r} was accepted")


def check_view(rules, state, seat: int, moves: list, rng, whole: Counter) -> None:
    """What `seat` sees: the view survives pickle, shows whose turn it is, and does not
    depend on what is hidden: samples of the view and of the state look the same to `seat`,
    and hold every card once. The player to move sees their own legal moves, and their view
    survives to_dict and from_dict."""
    view = state.view(seat)
    seen = saved(view)
    check(view.to_move() == state.to_move(), "the view has another player to move")
    if seat == state.to_move():   # from_dict replays every move so far: once per position
        check(set(view.legal_moves()) == set(moves), "the player to move does not see their own legal moves")
        check(saved(rules.from_dict(json.loads(seen))) == seen, "a view does not survive its round trip")
    for source in (view, state):
        guess = source.sample(seat, rng)
        check(guess.to_move() == state.to_move(), "a sample has another player to move")
        check(saved(guess.view(seat)) == seen, "the view shows something hidden, or a sample disagrees with it")
        check_holdings(guess, whole, "a sample")
    check(saved(pickle.loads(pickle.dumps(view))) == seen, "sampling changed the view, or it does not survive pickle")


def check_play(state, move, twin: bool = True) -> None:
    """Play `move`; its events are plain events, each card or piece that moved is where its
    last event put it, and (if `twin`) the events pickle and a copy playing the same move gets
    the same state."""
    copy = state.copy() if twin else None
    state.play(move)
    events = state.events
    check(isinstance(events, list), "events is not a list")
    final = {}   # where each card or piece that moved ended up
    for event in events:
        if not isinstance(event, EVENT_TYPES):
            raise Broken(f"not an event ({event!r})")
        thing = event.card if type(event) is CardMoved else event.piece if type(event) is PieceMoved else None
        if thing is not None:
            final[thing] = event.target
    if twin:
        pickle.dumps(events)
    zones = state.zones()
    for thing, target in final.items():
        if thing not in zones.get(target, ()):
            raise Broken(f"a card or piece is not where its event put it ({thing} in {target})")
    if copy is not None:
        copy.play(move)
        check(saved(copy) == saved(state), f"a move played on a copy gives another state ({move})")
