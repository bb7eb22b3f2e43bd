"""The end of a match as plain data, for the end screen (game/ui/endings.py): the places
(ties share one), the standings each game's words make (`ending` in game/<name>/words.py),
and every move of a finished game with what it did, replayed from its record.

Pure Python (no pygame), so a review or a phone page could show the same.
"""
from __future__ import annotations

from dataclasses import dataclass, field


def places(scores, higher_is_better: bool = True) -> list[int]:
    """Each seat's place, 1 for the best: seats with the same score share a place, and the
    next place skips as many as shared it (scores 5, 9, 5, 2 with the fewest best: 2, 4, 2, 1)."""
    def better(a, b):
        return a > b if higher_is_better else a < b
    return [1 + sum(1 for other in scores if better(other, score)) for score in scores]


@dataclass
class Ending:
    """What the end screen shows besides its title and buttons."""
    headings: list                  # the columns after place and name ("Total", "Pawns home")
    rows: list                      # (place or None, name, cells, won, seat), best first (seat: its portrait)
    best: str = ""                  # what the player (or the winner) did best, in one line
    notes: list | None = field(default_factory=list)   # the lines under the table (None: the scene's result lines)
    winner_line: str = ""           # who won, when the title does not say it (a team)


def ranked_rows(scores, names, cells, winners, higher_is_better: bool = True) -> list:
    """The rows of seats ranked by `scores`: (place, name, cells(seat), won, seat), best first
    and in seat order within a place."""
    place = places(scores, higher_is_better)
    order = sorted(range(len(scores)), key=lambda seat: (place[seat], seat))
    return [(place[seat], names(seat), cells(seat), seat in winners, seat) for seat in order]


def played(record) -> list[tuple]:
    """(seat, move, events) of every move of `record`, replayed by the rules; [] for a
    record that cannot be replayed (what it did is then not known)."""
    from game import registry
    rules = registry.game(record.game).rules()
    try:
        state = record.replay(0)
        moves = []
        for code in record.moves:
            move = rules.parse_move(code)
            seat = state.to_move()
            state.play(move)
            moves.append((seat, move, list(state.events)))
    except (ValueError, TypeError, KeyError, AttributeError):
        return []
    return moves


class Played:
    """`played(record)`, replayed only when first read: most games' endings need only the
    state, and a long match has tens of thousands of moves."""

    def __init__(self, record):
        self.record, self._moves = record, None

    def moves(self) -> list:
        if self._moves is None:
            self._moves = played(self.record)
        return self._moves

    def __iter__(self):
        return iter(self.moves())

    def __len__(self) -> int:
        return len(self.moves())

    def __getitem__(self, index):
        return self.moves()[index]


@dataclass(frozen=True)
class Standing:
    """A seat's place after a deal, for the break between deals (game/ui/table/standings.py)."""
    seat: int
    place: int              # 1 for the best; seats level share a place
    change: int | None      # what this deal brought (None: not known)
    total: int
    behind: int             # how far behind the leader (0 for a leader)
    ahead: int              # the one leader's lead over the next (0 for everyone else)
    moved: int              # places gained in this deal (negative: places lost)


def standings(changes, totals, higher_is_better: bool = True) -> list[Standing]:
    """The seats after a deal, best first (in seat order within a place): each seat's place,
    what the deal (`changes`, a number or None per seat) did to its place, and its distance
    to the leader; `totals` are the scores after the deal. Where all were level before it
    (the first deal), nobody moved."""
    sign = 1 if higher_is_better else -1
    before = [total - (change or 0) for total, change in zip(totals, changes)]
    now = places(totals, higher_is_better)
    then = now if len(set(before)) == 1 else places(before, higher_is_better)
    ranked = sorted(sign * total for total in totals)
    best, second = ranked[-1], ranked[-2] if len(ranked) > 1 else ranked[-1]
    rows = [Standing(seat, now[seat], changes[seat], totals[seat], best - sign * totals[seat],
                     best - second if sign * totals[seat] == best else 0, then[seat] - now[seat])
            for seat in range(len(totals))]
    return sorted(rows, key=lambda row: (row.place, row.seat))
