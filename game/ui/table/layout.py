"""What every game's layout names besides its own places.

Each game's `game/<name>/layout.py` has a `Layout(TableLayout)`: the rects of its table made
from the window's metrics alone (and what the frame shows: the buttons, the viewer's hand).
Besides its own places, a layout names the parts the shared pieces look at, so that a lesson's
words (game/ui/coach.py) keep clear of them; a table without such a part leaves it empty.
"""
from __future__ import annotations

from types import MappingProxyType

import pygame

NONE = MappingProxyType({})


class TableLayout:
    status: pygame.Rect | None = None     # the status line
    plates = NONE                         # {seat: its name plate}
    backs = NONE                          # {seat: the rects of its cards drawn face down}
    log: pygame.Rect | None = None        # the move log
    board_rect: pygame.Rect | None = None  # a board in the middle of the table
