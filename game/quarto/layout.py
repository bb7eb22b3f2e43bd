"""Where Quarto's things lie on the screen: the board on the left, as high as the window
allows, and beside it a column of the status line, the two players' plates side by side (a
computer's with its portrait), the hand (the piece to place), the pool of the pieces still
to give, the buttons and the information (the match's game and the rules in play on the
left, the game's moves on the right).

Pure geometry: a `Layout` is made from the window's metrics, the buttons shown and how much
information there is; it draws nothing and changes nothing. The scene caches it
(`GameScene.cached_layout`).
"""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.i18n import t
from game.ui.table.layout import TableLayout
from game.ui.table.seats import plate_size
from game.ui.text import text_rect


class Layout(TableLayout):
    """Every rectangle of one frame: `buttons` are the label keys of the buttons shown, `match`
    whether a match of several games is played (the game's number shows), `rules_shown` how many
    lines name the rules in play."""
    kept = ("board", "hand")     # the board with its coordinates, the piece to place: never covered

    def __init__(self, app, buttons: list[str], match: bool, rules_shown: int):
        self.u = u = app.u
        self.su = su = app.space_u
        area = app.content_rect()
        margin = int(36 * su)
        top = area.y + margin
        # the board takes the whole height; the status line heads the column beside it
        size = int(min(area.h - 2 * margin, area.w * 0.47))
        self.board = board = pygame.Rect(area.x + margin, top, size, size)
        column = pygame.Rect(board.right + margin * 2, top, area.right - board.right - margin * 3,
                             area.bottom - top - margin)
        self.status = pygame.Rect(column.x, column.y, column.w, status_height(u))
        # the plates under the status line, the halo of the lit one (5u a side) clear of all
        halo, gap = int(5 * u), int(24 * u)
        plate_w = (column.w - 2 * halo - gap) // 2
        plate_h = plate_size(u, area)[1]
        plates_top = self.status.bottom + max(int(12 * su), halo + 2)
        self.plates = {0: pygame.Rect(column.x + halo, plates_top, plate_w, plate_h),      # seat: its plate
                       1: pygame.Rect(column.right - halo - plate_w, plates_top, plate_w, plate_h)}
        right_top = plates_top + plate_h + halo + int(12 * su)
        right = pygame.Rect(column.x, right_top, column.w, column.bottom - right_top)
        cell = size * 0.86 / 4
        inset = (size - cell * 4) / 2
        self.squares = [pygame.Rect(board.x + inset + (i % 4) * cell, board.y + inset + (i // 4) * cell, cell, cell)
                        for i in range(16)]
        # The hand: its heading and the piece's words need 150u; beyond that it takes a share
        # of the column (its piece is drawn as high as the hand), up to what couch mode's larger
        # text leaves it (195 at 1080p), so that no piece is smaller there than outside it.
        self.hand = hand = pygame.Rect(right.x, right.y, right.w,
                                       int(min(230 * u, max(150 * u, min(right.h * 0.28, 195 * su)))))
        self.piece_box = pygame.Rect(hand.x + 16 * su, hand.y + 10 * su, hand.h - 20 * su, hand.h - 20 * su)
        pool_top = hand.bottom + int(46 * u)
        height = int(64 * u)
        below = int(18 * su) + height + int(24 * su) + info_height(u, match, rules_shown)
        self.pool, pool_high = self.pool_places(app.couch_scale, right, pool_top, below)
        buttons_top = pool_top + pool_high * 2.1 + int(18 * su)
        self.buttons = self.button_row(buttons, right, buttons_top, height)
        info = pygame.Rect(right.x, buttons_top + height + int(24 * su), right.w,
                           right.bottom - buttons_top - height - int(24 * su))
        self.log, self.board_rect = info, board      # a lesson's words go over the match's facts and moves
        self.facts = pygame.Rect(info.x, info.y, int(info.w * 0.42), info.h)
        self.moves = pygame.Rect(self.facts.right + int(20 * u), info.y, info.right - self.facts.right - int(20 * u),
                                 info.h)

    def pool_heading(self) -> tuple:
        """Where the pool's heading stands: (pos, anchor), just above its first place."""
        return (self.pool[0].x, self.pool[0].y - 8 * self.u), "bottomleft"

    def word_rects(self) -> list:
        """The board's names of its columns and rows, and the pool's heading."""
        return [text_rect(text, theme.TINY * self.u, *place) for text, *place in board_names(self.board, self.squares, self.u)] \
            + [text_rect(t("quarto.pool"), theme.SMALL * self.u, *self.pool_heading())]

    def pool_places(self, couch_scale: float, right: pygame.Rect, pool_top: int, below: float) -> tuple[list, float]:
        """The sixteen places of the pieces still to give, two rows of eight under the hand in
        the column `right`, with `below` left for the buttons and the information; and their
        height."""
        # two rows of eight: no wider than the column, no higher than leaves the buttons and the
        # information below their room, and no larger than couch mode's room allows them (100 at 1080p)
        pool_cell = max(8.0, min(right.w / 8, (right.h - self.hand.h) * 0.2, (right.bottom - pool_top - below) / 2.1,
                                 100 * self.su))
        # In couch mode the pieces grow as the text does: eight to a row leave no more width,
        # so the cells grow upwards (the pieces are narrower than their picture) into the room
        # the information below does not need.
        room = (right.bottom - pool_top - below) / 2.1
        pool_high = max(pool_cell, min(pool_cell * couch_scale, room))
        pool_wide = right.w / 8            # the places span the column (a piece stands in the middle of one)
        return [pygame.Rect(right.x + (p % 8) * pool_wide, pool_top + (p // 8) * pool_high * 1.05, pool_wide,
                            pool_high) for p in range(16)], pool_high

    def button_row(self, keys: list[str], right: pygame.Rect, top: float, height: int) -> list:
        """The buttons labelled `keys` side by side from the column's left, as many as fit."""
        u, rects, x = self.u, [], right.x
        for key in keys:
            width = max(int(150 * u), int(theme.SMALL * u * 0.62 * len(t(key))) + int(44 * u))
            if x + width > right.right:
                break
            rects.append(pygame.Rect(x, top, width, height))
            x += width + int(14 * u)
        return rects


def board_names(board: pygame.Rect, squares: list, u: float) -> list:
    """The names of the board's columns (a to d, along its top) and rows (1 to 4, down its
    left): (text, pos, anchor)."""
    return [("abcd"[column], (squares[column].centerx, board.y + 4 * u), "midtop") for column in range(4)] + \
        [(str(row + 1), (board.x + 10 * u, squares[row * 4].centery), "midleft") for row in range(4)]


def hole(square: pygame.Rect) -> pygame.Rect:
    """The hole of a square of the board, where its piece stands."""
    return square.inflate(-square.w * 0.12, -square.h * 0.12)


def status_height(u: float) -> int:
    """The height of the status line (two lines of small text on its panel, or one of body text)."""
    return int(max(theme.BODY * 1.2, theme.SMALL * 2.4) * u + 16 * u)


def info_height(u: float, match: bool, rules_shown: int) -> float:
    """How high the information under the buttons must be: the match's game (its score is on
    the plates) and the rules in play, and at least the heading of the moves and the last one."""
    score = theme.SMALL * (1.4 + 0.4) * u if match else 0
    return max(score + rules_shown * theme.SMALL * 1.35 * u,
               theme.SMALL * 1.4 * u + theme.TINY * 1.35 * u)
