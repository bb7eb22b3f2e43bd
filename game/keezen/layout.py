"""Where Keezen's things lie on the screen: the board in the middle, turned so that the
viewer's colour sits at the bottom; the status line above it (in couch mode at the head of the
left column); the move log in the left column; the plates beside the board; the hand and the
buttons at the bottom right; the played cards in the centre of the cross.

A `Layout` is rects and sizes made from the window's metrics (`app.u`, `app.space_u`,
`app.content_rect()`) and the few facts of the state it needs; it draws nothing and changes
nothing, and the scene caches it. `spot` names a place on the board as a target key, and
`Layout.spot_rect` finds it.
"""
from __future__ import annotations

import pygame

from game.keezen.board import Board
from game.keezen.rules import HOME, NEST
from game.ui import cards as cardui
from game.ui import theme
from game.ui.table.layout import TableLayout
from game.ui.table.panels import stack_buttons, status_height
from game.ui.table.seats import hand_fan, plate_size, seat_sides

LOG_ROWS = 8      # rows of the move log (a long line takes two)
# couch mode: the side columns' widths in body-text heights, the left one for the status line
# (two lines) and the move log (a 7 in three parts that hits twice on three rows), the right one
# for the plates and the hand
COUCH_COLUMNS = (11.2, 10.2)


def spot(colour: int, square: int) -> tuple:
    """A place on the board as a target key: track squares are shared, nests and homes a colour's."""
    return ("spot", colour if square == NEST or square >= HOME else None, square)


class Layout(TableLayout):
    """The places of a frame, seen from `bottom` (the viewer's seat and colour), with
    `hand_cards` the viewer's hand as drawn (None for a back) and `buttons` the names of the
    buttons shown."""

    def __init__(self, app, state, bottom: int, hand_cards: list, buttons: list):
        self.u = u = app.u
        area = app.content_rect()
        m = int(14 * app.space_u)
        status_h = status_height(u)
        beside = app.couch_scale > 1
        if beside:
            # couch mode: the status line heads the left column (as Quarto's heads its
            # column), so the board takes the whole height
            left_w, right_w = (int(ems * theme.BODY * u) for ems in COUCH_COLUMNS)
            side = min(area.h - 2 * m, area.w - left_w - right_w - 4 * m)
            self.board_rect = pygame.Rect(area.x + left_w + 2 * m, 0, side, side)
            self.board_rect.centery = area.centery
        else:
            # the status line across the top, the board under it in the middle
            top = area.y + int(10 * u) + status_h + m // 2
            side = min(area.bottom - m - top, int(area.w * 0.54))
            self.board_rect = pygame.Rect(0, top, side, side)
            self.board_rect.centerx = area.centerx
        self.bottom = bottom
        self.board = board = Board(self.board_rect, bottom)     # seat c plays colour c
        left = pygame.Rect(area.x + m, area.y + m, self.board_rect.left - area.x - 2 * m, area.h - 2 * m)
        right = pygame.Rect(self.board_rect.right + m, area.y + m, area.right - self.board_rect.right - 2 * m,
                            area.h - 2 * m)
        if beside:
            self.status = pygame.Rect(left.x, area.y + int(10 * u), left.w, status_h)
            left = pygame.Rect(left.x, self.status.bottom + m, left.w, left.bottom - self.status.bottom - m)
        else:
            self.status = pygame.Rect(self.board_rect.x, area.y + int(10 * u), side, status_h)
        self.info = (left.x, left.y)
        self.log = pygame.Rect(left.x, left.y + int(theme.TINY * 1.6 * u), left.w, int(theme.TINY * 1.3 * u * LOG_ROWS))
        pw, ph = min(int(440 * u), left.w, right.w), plate_size(u, area)[1]
        # the hand at the bottom right (larger in couch mode), the buttons above it
        self.cw = cw = max(24, min(int(right.w / 3.4), int(area.h / 8 * app.couch_scale)))
        ch = cardui.card_size(cw)[1]
        self.lift = int(ch * 0.2)
        self.hand_area = pygame.Rect(right.x, right.bottom - ch, right.w, ch)
        self.hand_cards = hand_cards
        self.hand = hand_fan(len(hand_cards), self.hand_area, cw)
        buttons_w = min(right.w, int(340 * u))
        self.buttons = stack_buttons(right.right, self.hand_area.top - self.lift - m, buttons_w, u, buttons,
                                     small=("hint", "undo"))
        most = stack_buttons(right.right, self.hand_area.top - self.lift - m, buttons_w, u, ["give", "hint"], ("hint",))
        bw = max(12, int(34 * u))     # the others' cards, as small backs under their plates
        # the seat on the right sits at the board's middle, or higher so its cards stay clear of the buttons
        right_y = min(self.board_rect.centery,
                      min(rect.top for rect in most.values()) - m - cardui.card_size(bw)[1] - int(8 * u) - ph // 2)
        sides = seat_sides(state.players, bottom)
        self.plates = {}
        for seat, where in sides.items():
            plate = pygame.Rect(0, 0, pw, ph)
            if where == "bottom":
                plate.bottomleft = (left.x, left.bottom)
            elif where == "left":
                plate.midleft = (left.x, max(self.board_rect.centery, self.log.bottom + m + ph // 2))
            elif where == "top":
                plate.topright = (right.right, right.y)
            else:
                plate.midright = (right.right, right_y)
            self.plates[seat] = plate
        self.backs = {seat: [pygame.Rect(plate.x + int(14 * u) + i * int(bw * 0.6), plate.bottom + int(8 * u),
                                         *cardui.card_size(bw)) for i in range(len(state.hands[seat]))]
                      for seat, plate in self.plates.items()}
        # the played cards in the centre of the cross, each a little right and down of the one before
        self.played_w = card_w = max(20, int(board.unit * 1.9))
        shown, step = state.played[-4:], int(board.unit * 0.18)
        size = cardui.card_size(card_w)
        pile = pygame.Rect(0, 0, size[0] + step * (len(shown) - 1), size[1] + step * (len(shown) - 1))
        pile.center = self.board_rect.center
        self.played = [pygame.Rect((pile.x + i * step, pile.y + i * step), size) for i in range(len(shown))]
        self.pawns = [board.spot(index >> 2, state.pawns[index], index & 3, board.pawn_radius) for index in range(16)]

    def spot_rect(self, key) -> pygame.Rect:
        _, colour, square = key
        if square == NEST:
            return self.board.nest_rect(colour)
        return self.board.spot(colour or 0, square)
