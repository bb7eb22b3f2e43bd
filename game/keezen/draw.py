"""Keezen's table drawn from what it is given; it reads and changes nothing.

`table_pieces` paints what changes only with a move (the felt and the board, the move log, the
played cards, the pawns at rest, the plates), which the scene keeps in a cached layer;
`draw_choices` marks the choice being made over it each frame (the lit pawns and squares, a
7's chosen parts, the hint's pawns, the cursor).
"""
from __future__ import annotations

import pygame

from game.base import partner
from game.keezen import words
from game.keezen.board import COLOURS, mark_spot
from game.keezen.layout import LOG_ROWS, spot
from game.keezen.rules import NEST, Enter, Swap, Walk
from game.ui import cards as cardui
from game.ui import theme
from game.ui.table.draw import Piece, draw_card_sprite, mark, pulse, shadow_reach
from game.ui.table.draw import felt as table_felt
from game.ui.table.panels import draw_log
from game.ui.table.seats import plate_pieces
from game.ui.text import blit_text, fit, render


def table_pieces(layout, state, move_log, names, levels, four: bool, away, faces=lambda seat: None) -> list:
    """The table under the choices as pieces (see `PieceLayer`) over the felt and the board:
    `names(seat)` and `levels(seat)` head the plates, and a computer seat's character
    (`faces(seat)`) shows its portrait ringed in the seat's colour; what is in `away` flies,
    and the animator draws it."""
    u, board = layout.u, layout.board
    lines = tuple(move_log)
    pieces = [Piece(layout.log.inflate(int(8 * u), int(8 * u)), lines,
                    lambda surface: draw_log(surface, layout.log, lines, u, LOG_ROWS, "topleft", wrapped=3))]
    for card, rect in zip(state.played[-4:], layout.played):
        if card not in away:
            reach = shadow_reach(rect.w)
            pieces.append(Piece(rect.inflate(2 * reach, 2 * reach), ("played", card),
                                lambda surface, card=card, rect=rect: draw_card_sprite(surface, card, rect, "face", four)))
    for index, rect in enumerate(layout.pawns):
        if ("pawn", index) not in away:
            pieces.append(Piece(rect.inflate(rect.w, rect.h), ("pawn", index >> 2),
                                lambda surface, index=index, rect=rect: board.draw_pawn(surface, index >> 2, rect)))
    turn = state.to_move()
    for seat, plate in layout.plates.items():
        pieces += plate_pieces(plate, u, names(seat), levels(seat), words.plate_detail(state, seat, layout.bottom, names),
                               seat == turn, face=faces(seat), team=COLOURS[seat], ring=COLOURS[seat],
                               ring_below=COLOURS[partner(seat)])
        if seat != layout.bottom:
            for rect in layout.backs[seat]:
                reach = shadow_reach(rect.w)
                pieces.append(Piece(rect.inflate(2 * reach, 2 * reach), "back", lambda surface, rect=rect: cardui.blit_card_image(
                    surface, cardui.back(rect.w), rect, rect.w)))
        icon = pygame.Rect(0, 0, int(26 * u), int(26 * u))
        icon.center = (plate.x, plate.centery)
        pieces.append(Piece(icon.inflate(icon.w, icon.h), ("icon", seat),
                            lambda surface, seat=seat, icon=icon: board.draw_pawn(surface, seat, icon)))
    info = fit(words.table_info(state), int(theme.TINY * u), layout.log.w)
    box = render(info, int(theme.TINY * u), theme.ACCENT).get_rect(topleft=layout.info)
    pieces.append(Piece(box.inflate(8, 8), ("info", info),
                        lambda surface: blit_text(surface, info, theme.TINY * u, theme.ACCENT, layout.info, "topleft")))
    return pieces


def felt(layer, board) -> None:
    """The felt and the board: they change only with the window and the viewer."""
    layer.blit(table_felt(layer.get_size()), (0, 0))
    board.paint(layer)


def draw_choices(surface, layout, state, choice, hinted, focused, time: float) -> None:
    """The marks over the board: `choice` is (lit, steps, pawn) while the player chooses where
    a card goes (the spots that may be chosen, a 7's parts chosen so far, the pawn chosen),
    else None; `hinted` the hinted move, `focused` the cursor's target."""
    u, width = layout.u, max(2, int(4 * layout.u))
    board = layout.board
    if choice is not None:
        lit, steps, chosen = choice
        for key in lit:
            rect = layout.spot_rect(key)
            if key[2] == NEST:
                mark(surface, rect, "legal", u, time)
            else:
                mark_spot(surface, rect, theme.LEGAL, width + 1, fill=int(90 + 60 * pulse(time)))
        for pawn, end, n in steps:
            end_rect = layout.spot_rect(end)
            mark_spot(surface, layout.spot_rect(pawn), theme.TEXT, width)
            mark_spot(surface, end_rect, theme.GOOD, width, fill=200)
            colour = pawn[1] if pawn[1] is not None else state.board[pawn[2]] >> 2
            board.draw_pawn(surface, colour, end_rect.inflate(-board.square_radius // 2, -board.square_radius // 2))
            badge = pygame.Rect(0, 0, board.square_radius * 2, board.square_radius * 2)
            badge.center = end_rect.topright
            pygame.draw.circle(surface, theme.GOOD, badge.center, badge.w // 2)
            blit_text(surface, str(n), theme.TINY * u, theme.BACKGROUND, badge.center, "center", bold=True)
        if chosen is not None:
            mark_spot(surface, layout.spot_rect(chosen), theme.TEXT, width + 2)
    if type(hinted) in (Enter, Walk, Swap):       # the hint's pawns, ringed in green
        pawns = [(hinted.colour, NEST)] if type(hinted) is Enter else [(hinted.colour, hinted.square)] \
            if type(hinted) is Swap else [(colour, square) for colour, square, _ in hinted.parts]
        for colour, square in pawns:
            mark_spot(surface, layout.spot_rect(spot(colour, square)), theme.GOOD, width + 1)
    if focused and focused[0] == "spot":
        rect = layout.spot_rect(focused)
        if focused[2] == NEST:
            mark(surface, rect, "focus", u)
        else:
            mark_spot(surface, rect.inflate(width * 2, width * 2), theme.ACCENT, width)


OPEN_SCALE = 1.5      # a hand shown face up is drawn larger than its backs: its indices must read


def draw_open_hand(surface, layout, cards, seat: int, four: bool) -> None:
    """A review showing every hand: `seat`'s cards face up over its backs under its plate."""
    backs = layout.backs[seat]
    if not backs:
        return
    width = int(backs[0].w * OPEN_SCALE)
    step = (backs[1].x - backs[0].x) * OPEN_SCALE if len(backs) > 1 else 0
    for index, card in enumerate(cards[:len(backs)]):
        rect = pygame.Rect((round(backs[0].x + index * step), backs[0].y), cardui.card_size(width))
        cardui.blit_card_image(surface, cardui.face(card, width, four), rect, width)
