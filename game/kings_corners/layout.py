"""Where Kings Corners' things lie on the screen: the top band (info, status, log), the seats
around the table, the cross of piles around the stock, the viewer's hand, the buttons and
the score sheet.

The stock lies in the middle, the side places N, E, S, W around it and the corners NE, SE,
SW, NW diagonally (N is always at the top). Piles fan outward from the stock just so far that
every index shows.

Pure geometry: a `Layout` is made from the window's metrics, the state's hand and pile sizes,
the seat at the bottom, the hand shown there and the buttons shown; it draws nothing and
changes nothing. The scene caches it (`GameScene.cached_layout`).
"""
from __future__ import annotations

import pygame

from game.kings_corners.rules import NE, NW, SE, SW, E, N, S, W
from game.ui import cards as cardui
from game.ui.table.layout import TableLayout
from game.ui.table.panels import stack_buttons, top_band
from game.ui.table.seats import arrange_seats, hand_fan

LOG_LINES = 5
# where each place lies from the stock, in steps of a card and a gap
GRID = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0), NE: (1, -1), SE: (1, 1), SW: (-1, 1), NW: (-1, -1)}
# which way each place's pile fans: the side places outward, the corners sideways
FAN = {N: (0, -1), S: (0, 1), W: (-1, 0), E: (1, 0), NE: (1, 0), SE: (1, 0), SW: (-1, 0), NW: (-1, 0)}


class Layout(TableLayout):
    """Every rectangle of one frame for cards `cw` wide. `hand_cards` is the bottom hand as
    shown (None for a card face down), `buttons` the names of the buttons shown."""

    _fitted_width: dict = {}       # (window, seats) -> the card width fitted there

    @classmethod
    def fitted(cls, app, state, bottom: int, hand_cards: list, buttons: list[str]) -> "Layout":
        """The layout with the largest cards (couch mode enlarges them) whose cross still fits
        between the seats with room to fan its piles."""
        normal = cardui.table_card_width(app.size)
        cw = cardui.table_card_width(app.size, app.couch_scale)
        # the width found depends on the window and the seats only, not on the cards: found
        # once, not again after every move (up to a dozen layouts in couch mode)
        key = (tuple(app.content_rect()), app.u, normal, cw, state.players, bottom)
        if key in cls._fitted_width:
            return cls(app, state, bottom, hand_cards, buttons, cls._fitted_width[key])
        while True:
            layout = cls(app, state, bottom, hand_cards, buttons, cw)
            if cw <= normal or layout.cross_fits():
                if len(cls._fitted_width) > 64:       # (a window dragged through many sizes)
                    cls._fitted_width.clear()
                cls._fitted_width[key] = cw
                return layout
            cw = max(normal, cw - max(1, cw // 40))

    def __init__(self, app, state, bottom: int, hand_cards: list, buttons: list[str], cw: int):
        self.u = u = app.u
        area = app.content_rect()
        self.cw = cw
        self.ch = ch = cardui.card_size(cw)[1]
        back_width = max(18, int(cw * 0.56))          # the other seats' face-down cards
        m = int(14 * u)
        self.lift = int(ch * 0.2)
        # top band: match info on the left, the status line in the middle, the log on the right
        side_panel = int(min(400 * u, area.w * 0.22))
        self.info, self.status, self.log = top_band(area, u, side_panel, int(150 * u), LOG_LINES)
        # the seats around the table, the hand at the bottom, the buttons at the bottom right
        self.bottom = bottom
        hand_bottom = area.bottom - m
        hand_row = pygame.Rect(area.x, hand_bottom - ch, area.w, ch)
        button_w = int(min(320 * u, area.w * 0.18))
        def seats_for(counts):      # (also asked for other hands' lengths: draw.warm_pictures)
            return arrange_seats(area, self.status.bottom + int(10 * u), hand_row, button_w, state.players,
                                 bottom, counts, u, cw, back_width)
        self.seats_for = seats_for
        seats = seats_for([len(hand) for hand in state.hands])
        self.positions = {seat: place.side for seat, place in seats.places.items()}
        self.plates = {seat: place.plate for seat, place in seats.places.items()}
        self.seat_cards = {seat: place.cards for seat, place in seats.places.items() if place.side != "bottom"}
        self.middle = middle = seats.middle          # the table between the seats
        cx, cy = area.centerx, middle.centery
        dx, dy = cw + int(cw * 0.32), ch + int(ch * 0.12)
        self.bases = [pygame.Rect(0, 0, cw, ch) for _ in range(8)]
        for place, rect in enumerate(self.bases):
            rect.center = (cx + GRID[place][0] * dx, cy + GRID[place][1] * dy)
        self.stock = pygame.Rect(0, 0, cw, ch)
        self.stock.center = (cx, cy)
        self.piles, self.steps = zip(*(self.pile_rects(place, len(state.piles[place])) for place in range(8)))
        self.zones = [self.bases[place].unionall(self.piles[place]) for place in range(8)]
        self.buttons = stack_buttons(area.right - m, hand_bottom, button_w, u, buttons, small=("hint", "undo"))
        self.hand_area = seats.hand_area
        self.hand_cards = hand_cards
        self.hand = hand_fan(len(hand_cards), self.hand_area, cw)
        self.open_hand = bool(hand_cards) and hand_cards[0] is not None   # face up, with cards to choose
        self.sheet = pygame.Rect(0, 0, min(int(1060 * u), middle.w), min(int(640 * u), middle.h))
        self.sheet.center = (cx, cy)

    def cross_fits(self) -> bool:
        """Whether the cross leaves a fifth of a card's height above and below it for its piles."""
        cross = self.bases[0].unionall(self.bases)
        return cross.top - self.middle.top >= self.ch * 0.2 and self.middle.bottom - cross.bottom >= self.ch * 0.2

    def pile_rects(self, place: int, count: int):
        """The rects of a pile of `count` cards at `place`, bottom card first, and the step."""
        base = self.bases[place]
        if count <= 1:
            return [base.copy()] * count, 0
        fx, fy = FAN[place]
        if fx:
            preferred = self.cw * 0.34
            room = base.left - self.middle.left if fx < 0 else self.middle.right - base.right
        else:
            preferred = self.ch * 0.3
            room = base.top - self.middle.top if fy < 0 else self.middle.bottom - base.bottom
        step = max(3.0, min(preferred, room / (count - 1)))
        return [base.move(round(fx * step * i), round(fy * step * i)) for i in range(count)], step

    def top(self, place: int) -> pygame.Rect:
        """The top card of the pile at `place`, or the empty place."""
        return self.piles[place][-1] if self.piles[place] else self.bases[place]
