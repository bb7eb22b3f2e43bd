"""Where 4 Koningen's things lie on the screen: the status and message lines, the grid of
controlled cards, the hand and the two drawn cards along the bottom, the side panel (the
game and the round, the draw piles, the lost pile, the buttons).

Pure geometry: a `Layout` is made from the window's metrics, the round and the buttons shown;
it draws nothing and changes nothing. The scene caches it (`GameScene.cached_layout`).
"""
from __future__ import annotations

import pygame

from game.cards import SUITS, Card
from game.ui import cards as gfx
from game.ui import theme
from game.ui.table.layout import TableLayout
from game.ui.text import SHRINK, font
from game.vier_koningen import rules
from game.vier_koningen.words import say

COUCH_OVERLAP = 0.2              # couch mode: how much of a grid card the next row may cover


class Layout(TableLayout):
    """Every rectangle and size of one frame in `round_no`; `buttons` are the keys of the
    buttons shown (the side panel's column)."""
    # the grid's part in play (its row labels and the round's columns), the round's hint line,
    # the hand: never covered
    kept = ("grid", "message", "hand_box")

    def __init__(self, app, round_no: int, buttons: list):
        self.u = u = app.u
        space, area = app.space_u, app.content_rect()
        m = int(22 * space)
        # the side panel's text is as large as its height allows (`su`), in couch mode too: its
        # width follows the air (`space`), and what couch mode would add goes to the cards
        side_w = int(min(max(400 * space, area.w * 0.23), 520 * space))
        self.side = pygame.Rect(area.right - m - side_w, area.y + m, side_w, area.h - 2 * m)
        left = pygame.Rect(area.x + m, area.y + m, self.side.x - 2 * m - area.x, area.h - 2 * m)
        self.status = pygame.Rect(left.x, left.y, left.w, int(56 * u))
        self.message = pygame.Rect(left.x, self.status.bottom + int(6 * space), left.w, int(38 * u))
        self.lay_table(app, round_no, left)
        # the controlled cards between the message line and the table; no room left (a large
        # UI scale on a low window) gives an empty grid, never a negative one
        top = self.message.bottom + int(8 * space)
        self.lay_grid(app, pygame.Rect(left.x, top, left.w, max(0, self.hand_box.y - top - int(10 * space))))
        self.lay_spare(app, round_no)
        self.lay_side(app, buttons)

    def lay_table(self, app, round_no: int, left: pygame.Rect) -> None:
        """The hand, drawn card 1 and drawn card 2 along the bottom of `left`, sized for round 1
        (the widest) so they never move; a drawn card's box is at least as wide as its heading."""
        u, space = app.u, app.space_u
        pad, gap = int(14 * space), int(26 * space)
        fan = 1 + 0.42 * 3                       # a drawn card and three cards laid on it
        heading_w = drawn_heading_width(u) + 28 * u     # (its text is written 14u in)
        tw = int(min(128 * u, (left.w - 6 * pad - 2 * gap) / (5 * 1.1 + 2 * fan)))
        if tw * fan + 2 * pad < heading_w:       # the hand gives way to the headings
            tw = int(min(tw, (left.w - 2 * pad - 2 * gap - 2 * heading_w) / (5 * 1.1)))
        self.tw = tw = max(1, tw)                # a narrow window with large headings: tiny cards, never negative ones
        th = gfx.card_size(tw)[1]
        label_h = int(44 * u)
        text_h = int(max(theme.SMALL * 1.3 + theme.BODY * 1.25, theme.TINY * 1.25 * 3) * u) + int(8 * space)
        table_h = label_h + int(th * 1.16) + text_h + pad
        hand_n = rules.HAND_SIZE[round_no]
        hand_w = int(hand_n * tw + (hand_n - 1) * 0.1 * tw) + 2 * pad
        drawn_w = int(max(tw * fan + 2 * pad, heading_w))
        x = left.x + max(0, (left.w - hand_w - 2 * drawn_w - 2 * gap) // 2)
        self.hand_box = hand_box = pygame.Rect(x, left.bottom - table_h, hand_w, table_h)
        card_y = hand_box.y + label_h
        self.drawn_boxes = [pygame.Rect(hand_box.right + gap + i * (drawn_w + gap), hand_box.y, drawn_w, table_h)
                            for i in range(2)]
        self.drawn = [pygame.Rect(box.x + pad, card_y, tw, th) for box in self.drawn_boxes]
        self.hand_slots = [pygame.Rect(hand_box.x + pad + int(i * tw * 1.1), card_y, tw, th) for i in range(hand_n)]
        self.covers = [[pygame.Rect(card.x + int(0.42 * tw * (j + 1)), card.y + int(0.16 * th), tw, th)
                        for j in range(rules.MAX_COVER[round_no])] for card in self.drawn]
        self.text_y = card_y + int(th * 1.16) + int(8 * space)

    def lay_grid(self, app, grid: pygame.Rect) -> None:
        """Four rows of controlled cards in `grid`, one column per value (the layout never jumps).

        In couch mode the larger text has taken the air between the rows: there the rows may
        overlap by COUCH_OVERLAP of a card (hiding only its repeated lower index, like a
        patience's tableau), so that the cards stay at least as large as outside couch mode."""
        self.grid = grid
        label_w, row_h = int(46 * app.u), grid.h / 4
        by_height = (row_h - 8 * app.space_u) / gfx.CARD_RATIO
        if app.couch_scale > 1:
            by_height = max(by_height, grid.h / gfx.CARD_RATIO / (1 + 3 * (1 - COUCH_OVERLAP)))
        self.gw = gw = max(1, int(min(by_height, (grid.w - label_w) / (13 * 1.07))))
        gh, step = gfx.card_size(gw)[1], gw * 1.07
        gx = grid.x + max(0, (grid.w - label_w - int(step * 12) - gw) // 2)
        row_step = max(0.0, min(row_h, (grid.h - gh) / 3))
        top = grid.y + (grid.h - gh - 3 * row_step) / 2
        self.cells, self.suit_rows = {}, []
        for row, suit in enumerate(SUITS):
            y = int(top + row * row_step)
            self.suit_rows.append((suit, pygame.Rect(gx, y, label_w, gh)))
            for rank in range(1, 14):
                self.cells[Card(rank, suit)] = pygame.Rect(int(gx + label_w + (rank - 1) * step), y, gw, gh)
        # an empty place is no higher than a row (overlapping rows: a little smaller than a card)
        self.slot_w = max(1, min(gw, int((row_step - 6 * app.space_u) / gfx.CARD_RATIO)))

    def lay_spare(self, app, round_no: int) -> None:
        """The grid in play is its row labels and the columns up to the round's highest rank; the
        columns after them hold only empty places this round, and are spare: a lesson's words
        go there (round 1: 7 to K), as do the drawn cards' boxes (the last turn's, while a hand
        is chosen). The grid's part in play is what is `kept`."""
        area, top = self.grid, rules.ROUND_TOP[round_no]
        if not self.cells:
            return
        last = max(self.cells[Card(rank, suit)].right for rank in range(1, top + 1) for suit in SUITS)
        self.grid = pygame.Rect(area.x, area.y, last - area.x, area.h)
        gap = int(12 * app.space_u)
        beyond = pygame.Rect(last + gap, area.y, area.right - last - gap, area.h)
        self.spare = tuple(rect for rect in (beyond, self.drawn_boxes[0].union(self.drawn_boxes[1])) if rect.w > 0)

    def lay_side(self, app, buttons: list) -> None:
        """The side panel, top to bottom; its unit `su` shrinks when a large UI scale would
        make it overflow. The buttons (`buttons` their keys) become (key, rect) pairs at its foot."""
        u, space = app.u, app.space_u
        self.inner = inner = self.side.inflate(-int(40 * space), -int(36 * space))
        pile_h = 84 * gfx.CARD_RATIO     # a pile's card at su 1
        rows = (("game", theme.SMALL * 1.4), ("round", theme.HEADING * 1.3), ("progress", theme.SMALL * 1.45),
                ("bar", 26), ("kings", theme.TINY * 1.5 + 14), ("piles", theme.SMALL * 1.5), ("pile", pile_h + 8),
                ("roman", theme.SMALL * 1.2), ("count", theme.TINY * 1.4 + 26), ("lost", theme.SMALL * 1.5),
                ("lost_pile", pile_h + 24))
        self.su = su = min(u, inner.h / (sum(height for _, height in rows) + max(1, len(buttons)) * 66))
        self.side_y, y = {}, inner.y
        for name, height in rows:
            self.side_y[name] = y
            y += height * su
        pw = int(min(84 * su, inner.w / 3 / 1.5))
        ph = gfx.card_size(pw)[1]
        self.piles = [pygame.Rect(int(inner.x + inner.w / 3 * i + (inner.w / 3 - pw) / 2), int(self.side_y["pile"]),
                                  pw, ph) for i in range(3)]
        self.lost = lost = pygame.Rect(inner.x + int(8 * su), int(self.side_y["lost_pile"]), pw, ph)
        self.peek = pygame.Rect(lost.right + int(24 * su), lost.y - int(4 * su),
                                inner.right - lost.right - int(24 * su), ph + int(8 * su))
        self.bar = pygame.Rect(inner.x, int(self.side_y["bar"]), inner.w, max(4, int(16 * su)))
        button_h, button_gap = int(56 * su), int(10 * su)
        top = max(inner.bottom - len(buttons) * (button_h + button_gap) + button_gap, self.peek.bottom + int(16 * su))
        self.buttons = [(key, pygame.Rect(inner.x, top + i * (button_h + button_gap), inner.w, button_h))
                        for i, key in enumerate(buttons)]


def drawn_heading_width(u: float) -> int:
    """The width the drawn cards' headings need at their smallest size."""
    size = int(theme.SMALL * u * SHRINK)
    texts = [say(f"table.{key}", n=2, card="10\u2666") for key in ("drawn", "drawn_card", "last_turn")]
    return max(font(size, True).size(text)[0] for text in texts) + 2   # (rounding of the margins)
