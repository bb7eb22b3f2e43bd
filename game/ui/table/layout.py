"""What every game's layout names besides its own places.

Each game's `game/<name>/layout.py` has a `Layout(TableLayout)`: the rects of its table made
from the window's metrics alone (and what the frame shows: the buttons, the viewer's hand).
Besides its own places, a layout names the parts the shared pieces look at, so that a lesson's
words (game/ui/coach.py) keep clear of them; a table without such a part leaves it empty.
`protected()` names what nothing floating (a lesson's words, a notice) may cover: the plates,
the human's hand and what the game lists in `kept` (a board with its coordinates, a rule box);
the screen catalogue's check (tests/test_catalogue.py) holds every screen to it.
"""
from __future__ import annotations

import contextlib
from types import MappingProxyType

import pygame

NONE = MappingProxyType({})
_floating: list | None = None     # (what, rect) of each floating panel drawn, while watching


@contextlib.contextmanager
def watching_floating():
    """Collect every floating panel drawn inside the block (a lesson's words, a notice, a score
    sheet), for the screen catalogue's check that they cover nothing `protected`."""
    global _floating
    before, _floating = _floating, []
    try:
        yield _floating
    finally:
        _floating = before


def note_floating(what: str, rect: pygame.Rect) -> None:
    if _floating is not None and rect.w and rect.h:
        _floating.append((what, pygame.Rect(rect)))


class TableLayout:
    status: pygame.Rect | None = None     # the status line
    plates = NONE                         # {seat: its name plate}
    backs = NONE                          # {seat: the rects of its cards drawn face down}
    log: pygame.Rect | None = None        # the move log
    board_rect: pygame.Rect | None = None  # a board in the middle of the table
    hand: list = []                       # the rects of the human's cards at the bottom
    kept: tuple = ()                      # the names of the game's own rects nothing may cover
    spare: tuple = ()                     # places where nothing of this round lies: a lesson's words go there first

    def word_rects(self) -> list:
        """The table's own words that a mark's words may not cover (a heading, a board's names
        of its rows): none unless the game's layout names them."""
        return []

    def protected(self) -> dict:
        """{what: its rect} of everything on the table that must stay in sight."""
        found = {f"plate {seat}": rect for seat, rect in self.plates.items()}
        if isinstance(self.hand, list) and self.hand:      # (Quarto's hand is the piece to place)
            found["hand"] = self.hand[0].unionall(self.hand[1:])
        for name in self.kept:
            rect = getattr(self, name, None)
            if rect is not None:
                found[name] = rect
        return found
