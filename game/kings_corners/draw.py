"""Kings Corners' table drawn: the felt and the info panel, the empty places and the stock,
the seats' plates, the marks over the piles, what the mouse drags, and the score sheet's
looks.

On piles fanned up or to the left the covered cards show their upright index (the sprites'
look "strip", `cards.strip_face`: a 6 never reads as a 9).

Each function draws what it is given (the layout, the state, the words) and changes nothing.
"""
from __future__ import annotations

import pygame

from game.kings_corners import words
from game.kings_corners.rules import CORNERS, PLAY
from game.kings_corners.words import K, place_name
from game.ui import cards as cardui
from game.ui import theme
from game.ui.i18n import t
from game.ui.table.draw import Piece, draw_lines, draw_stack, mark, marks, shadow_reach
from game.ui.table.draw import felt as table_felt
from game.ui.table.panels import Sheet
from game.ui.table.seats import plate_pieces, warm_turn_rings


def info_lines(texts) -> list:
    """The info panel's lines as drawn (`words.info_texts`): the hand larger, the pot in gold."""
    hand, target, tags, pot = texts
    return ([(hand, theme.SMALL, theme.TEXT, True)] + ([(target, theme.TINY, theme.TEXT_DIM, False)] if target else [])
            + [(tags, theme.TINY, theme.TEXT_DIM, False)] + ([(pot, theme.TINY, theme.ACCENT, True)] if pot else []))


def score_sheet(fields: dict) -> Sheet:
    """The kit's score sheet from `words.sheet`: a penalty paid, the cell (text, "bad"), in red."""
    extras = [(label, [(cell[0], theme.BAD) if isinstance(cell, tuple) else cell for cell in cells])
              for label, cells in fields["extras"]]
    return Sheet(**{**fields, "extras": extras})


def felt(size, layout) -> pygame.Surface:
    """The felt with the table between the seats."""
    u = layout.u
    return table_felt(size, layout.middle.inflate(int(20 * u), int(12 * u)), int(60 * u))


def info(layout, texts) -> Piece:
    """The info panel (`words.info_texts`)."""
    return Piece(layout.info.inflate(int(8 * layout.u), int(8 * layout.u)), texts,
                 lambda surface: draw_lines(surface, layout.info, info_lines(texts), layout.u))


def places(layout, state, away) -> list[Piece]:
    """The empty places by name (a corner waits for a K) and the stock. A place whose whole
    pile is `away` (flying or dragged) shows empty."""
    u, found = layout.u, []
    for place in range(8):
        if not state.piles[place] or state.piles[place][0] in away:
            label = place_label(place)
            found.append(Piece(layout.bases[place].inflate(int(4 * u), int(4 * u)), ("slot", label),
                               lambda surface, rect=layout.bases[place], label=label: cardui.draw_slot(surface, rect,
                                                                                                        label=label)))
    count, reach = len(state.stock), shadow_reach(layout.stock.w) + int(12 * u)
    found.append(Piece(layout.stock.inflate(2 * reach, 2 * reach), ("stock", count),
                       lambda surface: draw_stack(surface, layout.stock, count, u, t(K + "stock.empty"))))
    return found


def place_label(place: int) -> str:
    """What an empty place says: a corner waits for a K, a side place has its name."""
    return "K" if place in CORNERS else place_name(place)


def warm_pictures(layout) -> None:
    """Every empty place with its label: a side pile moved onto another leaves its place
    empty, and the frame that first showed one made it (2.3 ms). The turn's ring around a
    hand of every length up to 20 (a longer one is as wide: its fan is full)."""
    for place, rect in enumerate(layout.bases):
        cardui.slot(rect.w, place_label(place))
    warm_turn_rings(layout.seats_for, len(layout.plates), layout.u, 20)


def plates(layout, state, names, levels, faces=lambda seat: None) -> list[Piece]:
    """Every seat's plate (portrait, name, level, cards and score, the dealer's D), the seat to
    move lit and its face-down cards ringed; `faces(seat)` is a computer seat's character."""
    found = []
    for seat in layout.positions:
        found += plate_pieces(layout.plates[seat], layout.u, names(seat), levels(seat), words.plate_detail(state, seat),
                              state.phase == PLAY and state.turn == seat,
                              t(K + "dealer_mark") if seat == state.dealer else "", faces(seat), layout.seat_cards.get(seat))
    return found


def pile_marks(surface, layout, time: float, legal, hint_from, hint_to, chosen, dragged, focused) -> None:
    """Over each place: lit where the chosen card or pile may go (`legal`), the hinted move's
    source and target, the chosen pile (not while `dragged`), the cursor."""
    u = layout.u
    for place in range(8):
        top = layout.bases[place] if place == dragged else layout.top(place)
        marks(surface, top, u, time, legal=place in legal, hint=hint_to == place)
        marks(surface, layout.zones[place], u, hint=hint_from == ("pile", place) and hint_to != place,
              selected=chosen == place and place != dragged, focus=focused == ("place", place))


def dragged(surface, layout, drag, over, legal, four: bool) -> None:
    """The cards the mouse drags, lifted a little; the place they would drop on (`over`, None
    where they came from or off the table) marked legal or refused."""
    if over is not None:
        mark(surface, layout.top(over), "legal" if over in legal else "refused", layout.u)
    for card, rect in zip(drag.things, drag.rects_now()):
        cardui.draw_card(surface, card, rect.move(0, -int(4 * layout.u)), four_colour=four)
