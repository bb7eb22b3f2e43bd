"""The rules contract every game follows, written once; pure Python (no pygame, no ai/).

A rules module `game/<name>/rules.py` provides:

- `OPTIONS` (a list of `game.options.Option`), `new_game(seed, players, options) -> State`,
  `from_dict(data) -> State` (raises `ValueError` with a clear message on anything it cannot
  trust: a damaged or impossible save), `parse_move(code) -> move` (the inverse of
  `move.code`; raises `ValueError`), and `arena_game(seed, players)` for bot matches.

Its `State` has the members of `GameState` below, with one spelling for each. The scene, the
AI, the arena, the worker and the contract test (`tests/test_rules_contract.py`) see only
this surface.

Moves are small immutable, hashable, picklable values. `str(move)` is readable English for
logs and tests ("play Q♠ on N"); `move.code` is the one save code ("play QS N"), and
`parse_move(move.code) == move`.

`play(move)` checks everything before it changes anything: an illegal move from any caller
(garbage, a move of another position, a field of the wrong type) raises `IllegalMove` (made
by `illegal()`) and leaves the state exactly as it was. After a legal move, `state.events`
is the short list of plain events (below) saying what the move did; the scene, the log, the
sounds and the animations read these instead of comparing states.

Hidden information: `view(seat)` is a State with everything `seat` may not see removed
(other hands and the deck order become unknown cards, `None`), the events included (see
`hide_cards`). `sample(seat, rng)` fills the unknown cards in at random, consistently with
everything the view knows. `reveals(move)` tells whether a move shows something that was
hidden (a draw, a new deal): undo never goes back past such a move. A game whose rules take
a step back themselves offers `undo_move()` (the move that does, or None): the scene's undo
plays it instead of keeping snapshots (4 Koningen).
"""
from __future__ import annotations

import dataclasses
import random
from typing import Any, Iterable, NamedTuple, Protocol, runtime_checkable

MAX_SEED = 2 ** 63 - 1   # a game number (seed) is an int 0..MAX_SEED; saves holding another are damaged


class IllegalMove(ValueError):
    """A move the rules refuse. Carries an i18n key and its parameters so a scene can say why
    in the player's language; `str(error)` is plain English for logs and tests."""

    def __init__(self, message: str, key: str = "", **params):
        super().__init__(message)
        self.key = key
        self.params = params


def illegal(message: str, key: str = "", **params):
    """Refuse a move: the one way a rules module raises `IllegalMove`."""
    raise IllegalMove(message, key, **params)


def check_move(move, types: tuple, game: str, key: str = "err.bad_move") -> None:
    """Refuse anything that is not exactly one of the game's move classes, before anything
    compares it: an object whose __eq__ claims to equal every move (a subclass of a move
    class too) would otherwise pass `move in legal_moves()`. Compared by identity, so not
    even a class whose metaclass lies in __eq__ gets through."""
    kind = type(move)
    if not any(kind is known for known in types):
        illegal(f"not a {game} move", key)   # no repr(): a hostile object's could raise


def check_type(value, kind, what: str, key: str = "err.bad_move") -> None:
    """Refuse a move whose field is not exactly of this type: bool is not an int here, and
    no subclass is taken (its __eq__ or __hash__ could lie)."""
    if type(value) is not kind:
        illegal(f"{what} must be {getattr(kind, '__name__', kind)}, not {type(value).__name__}", key)


def copied_rng(rng: random.Random) -> random.Random:
    """A generator in the same state as `rng` (a state's copy; bots copy states by the
    thousand, and a generator seeded from the system costs twice one seeded with 0)."""
    new = random.Random(0)
    new.setstate(rng.getstate())
    return new


def quick_pickle(cls):
    """Class decorator for a frozen dataclass with slots (a move): pickled as a call with its
    fields, not through dataclasses' own state, which asks fields() for every object. A long
    match's history of thousands of moves goes to the computer players' process with each
    view, so this is most of what sending it costs."""
    names = tuple(item.name for item in dataclasses.fields(cls) if item.init)

    def __reduce__(self):
        return cls, tuple(getattr(self, name) for name in names)
    cls.__reduce__ = __reduce__
    return cls


# ---------------------------------------------------------------------------- teams

def partner(seat: int, players: int = 4) -> int:
    """The seat opposite (Keezen: partners sit across the table)."""
    return (seat + players // 2) % players


def team_of(seat: int) -> int:
    """Team 0 is seats 0 and 2, team 1 seats 1 and 3."""
    return seat % 2


# ---------------------------------------------------------------------------- events
# Places are short strings: a zone name, or "zone:index" for one of several
# ("hand:2", "pile:N", "trick", "stock", "taken:1", "square:a3", "nest:0", "home:1").

def place(zone: str, index=None) -> str:
    return zone if index is None else f"{zone}:{index}"


class CardMoved(NamedTuple):
    """A card went from one place to another. `card` is None where it stays hidden from the
    reader of a view (a card drawn into another player's hand)."""
    card: Any
    source: str
    target: str
    seat: int | None = None
    face_up: bool = True


class PieceMoved(NamedTuple):
    """A board piece (Quarto) moved: from the pool to a hand, from a hand to a square."""
    piece: int
    source: str
    target: str
    seat: int | None = None


class PawnMoved(NamedTuple):
    """A pawn walked along `path` (every square it passed, the last is where it stopped)."""
    colour: int
    pawn: int
    path: tuple
    seat: int | None = None


class PawnSentHome(NamedTuple):
    """A pawn was hit (or swapped off) from `square` back to its nest."""
    colour: int
    pawn: int
    square: Any
    by: int | None = None


class TrickWon(NamedTuple):
    """A trick was completed and taken by `seat`."""
    seat: int
    cards: tuple
    number: int = 0


class Scored(NamedTuple):
    """Points per seat (a deal's result, a penalty); `reason` is a short word for the log."""
    points: tuple
    reason: str = ""


class HandDealt(NamedTuple):
    """A new hand or deal: who dealt and how many cards each seat received."""
    dealer: int | None
    counts: tuple


class Announced(NamedTuple):
    """A declaration that is not a card or pawn move: trump named, a game chosen, a hand
    laid away, "Quarto!" called. `what` is a short word, `value` plain data."""
    seat: int | None
    what: str
    value: Any = None


EVENT_TYPES = (CardMoved, PieceMoved, PawnMoved, PawnSentHome, TrickWon, Scored, HandDealt, Announced)


def hide_cards(events: Iterable, can_see) -> list:
    """The events as a view's reader sees them: the card of every `CardMoved` for which
    `can_see(event)` is false becomes None (the move itself stays visible)."""
    return [event._replace(card=None)
            if type(event) is CardMoved and event.card is not None and not can_see(event) else event
            for event in events]


# ---------------------------------------------------------------------------- the surface

@runtime_checkable
class GameState(Protocol):
    """What every game's `State` offers (see the module docstring)."""

    players: int          # number of seats
    phase: str            # where the game stands ("play", "between", "over", ...); "over" at the end
    events: list          # the events of the last `play()` (empty after construction/loading)

    def to_move(self) -> int | None:
        """The seat that must act now; None when the game is over."""

    def legal_moves(self) -> list:
        """Every legal move now (empty when the game is over)."""

    def play(self, move) -> None:
        """Apply a legal move, recording `events`; an illegal one raises `IllegalMove` and
        changes nothing."""

    def reveals(self, move) -> bool:
        """Whether playing `move` now shows information that was hidden (a draw, a deal)."""

    def copy(self) -> "GameState":
        """An independent copy (cheap: searches copy thousands a second)."""

    def is_over(self) -> bool: ...

    def scores(self) -> list:
        """Points per seat (the game says whether higher or lower is better)."""

    def winners(self) -> tuple:
        """The winning seats once the game is over; () before, or when nobody won."""

    def view(self, seat: int) -> "GameState":
        """What `seat` may see: hidden cards are None; picklable (it crosses to the worker)."""

    def sample(self, seat: int, rng) -> "GameState":
        """A full state consistent with `view(seat)` (a determinization for the search)."""

    def zones(self) -> dict:
        """Where every card or piece is: zone name -> the things in it (a view's unknown cards
        as None, so that game/save_check.py `read_view` can count them; Keezen leaves them
        out, having its own reader). Every thing of the game is in exactly one zone, and a
        `CardMoved` or `PieceMoved` event's target is the zone its thing is in after the move;
        the contract test and the fuzzers check both on every position."""

    def to_dict(self) -> dict:
        """Plain JSON data; the module's `from_dict` rebuilds exactly this state."""
