"""Where Kingen's things lie on the screen: the top band (info, status, log), the four seats
around the trick, what each seat has taken beside it, the viewer's hand, the buttons, the
score sheet and, while a game is chosen, the choice table and the quotas beside it.

Pure geometry: a `Layout` is made from the window's metrics, the seat at the bottom, the hand
shown there, the hands' sizes, the phase and the buttons shown; it draws nothing and changes
nothing. The scene caches it (`GameScene.cached_layout`).
"""
from __future__ import annotations

import pygame

from game.kingen.rules import CHOOSE_GAME
from game.ui import cards as cardui
from game.ui import theme
from game.ui.table.layout import TableLayout
from game.ui.table.panels import stack_buttons, top_band
from game.ui.table.seats import arrange_seats, hand_fan

LOG_LINES = 5
# where each seat's card lies in the trick, in card widths and heights from the table's centre
TRICK_SPOT = {"bottom": (0, 0.42), "top": (0, -0.42), "left": (-1.05, 0), "right": (1.05, 0)}
# the trick's cards, where the table has room: this much wider than the hand's (no more than
# couch mode enlarges the cards, so that no card is smaller in couch mode than outside it)
TRICK_GROW = 1.3


class Layout(TableLayout):
    """Every rectangle of one frame. `hand_cards` is the bottom hand as shown (None for a card
    face down), `buttons` the names of the buttons shown."""
    kept = ("info",)     # the rule box: never covered

    def __init__(self, app, state, bottom: int, hand_cards: list, buttons: list[str]):
        self.u = u = app.u
        self.area = area = app.content_rect()
        self.cw = cw = cardui.table_card_width(app.size, app.couch_scale)
        self.ch = ch = cardui.card_size(cw)[1]
        self.bw = max(18, int(cw * 0.5))
        self.sw = max(16, int(cw * 0.5))            # the small cards of what a seat has taken
        self.sh = cardui.card_size(self.sw)[1]
        self.m = m = int(14 * u)
        self.lift = int(ch * 0.2)
        side_panel = int(min(430 * u, area.w * 0.25))
        self.info, self.status, self.log = top_band(area, u, side_panel, int(120 * u), LOG_LINES)
        self.bottom = bottom
        hand_bottom = area.bottom - m
        self.hand_row = pygame.Rect(area.x, hand_bottom - ch, area.w, ch)
        button_w = int(min(300 * u, area.w * 0.17))
        def seats_for(counts):      # (also asked for other hands' lengths: scene.warm_pictures)
            return arrange_seats(area, max(self.status.bottom, self.info.bottom) + int(6 * u), self.hand_row,
                                 button_w, 4, bottom, counts, u, cw, self.bw)
        self.seats_for = seats_for
        seats = seats_for([len(state.hand_cards(seat)) for seat in range(4)])
        self.sides = {seat: place.side for seat, place in seats.places.items()}
        self.plates = {seat: place.plate for seat, place in seats.places.items()}
        self.seat_cards = {seat: place.cards for seat, place in seats.places.items() if place.side != "bottom"}
        self.middle = middle = seats.middle
        self.tw = self.trick_card_width()          # the trick's cards, larger: what everyone looks at
        self.th = cardui.card_size(self.tw)[1]
        self.spots = self.trick_spots()
        self.trick_zone = self.spots[0].unionall(list(self.spots.values()))
        self.stacks, self.penalty_area = self.taken_places()
        self.buttons = stack_buttons(area.right - m, hand_bottom, button_w, u, buttons, small=("hint", "undo"))
        self.hand_area = seats.hand_area
        self.hand_cards = hand_cards
        self.hand = hand_fan(len(hand_cards), self.hand_area, cw)
        self.sheet = self.sheet_area()
        if state.phase == CHOOSE_GAME:        # the choice table beside the games
            self.chooser = pygame.Rect(middle.x, middle.y, int(middle.w * 0.6), middle.h)
            self.quota = pygame.Rect(self.chooser.right, middle.y, middle.right - self.chooser.right, middle.h)
        else:
            self.chooser, self.quota = middle, None

    def sheet_area(self) -> pygame.Rect:
        """The score sheet's room: between the side plates, from under the top one down to the
        hand (to the foot of the table once the hand is played out), covering none of them (a
        long sheet shows its last deals, the earlier ones counted)."""
        m, by_side = self.m, {side: self.plates[seat] for seat, side in self.sides.items()}
        left, right, top = by_side["left"].right + m, by_side["right"].x - m, by_side["top"].bottom + m
        bottom = max(self.middle.bottom, self.hand_row.top - self.lift - m) if self.hand_cards else self.area.bottom - m
        sheet = pygame.Rect(0, top, min(int(1100 * self.u), right - left), bottom - top)
        sheet.centerx = (left + right) // 2
        return sheet

    def trick_card_width(self) -> int:
        """The trick's card width: TRICK_GROW times the hand's, less where the table's middle
        is too low for the trick (1.84 card heights and the "led" label) or too narrow for it
        and what the seats have taken on both sides of it."""
        middle, m = self.middle, self.m
        high = (1 + 2 * TRICK_SPOT["bottom"][1]) * cardui.CARD_RATIO
        wide = 1 + 2 * TRICK_SPOT["right"][0]
        label = int(theme.TINY * self.u * 1.3)     # "led" above the top card or below the bottom one
        room = min((middle.h - 2 * m - 2 * label) / high, middle.w * 0.46 / wide)
        return max(self.cw, int(min(self.cw * TRICK_GROW, room)))

    def trick_spots(self) -> dict:
        """Each seat's card in the trick, on its own side of the table's centre."""
        cx, cy = self.middle.center
        spots = {}
        for seat, side in self.sides.items():
            dx, dy = TRICK_SPOT[side]
            spots[seat] = pygame.Rect(0, 0, self.tw, self.th)
            spots[seat].center = (cx + round(dx * self.tw), cy + round(dy * self.th))
        return spots

    def taken_places(self) -> tuple[dict, dict]:
        """What each seat has taken: a stack of its tricks, its penalty cards fanned beside it."""
        middle, m, cw, ch, sw, u = self.middle, self.m, self.tw, self.th, self.sw, self.u
        cx, cy = middle.center
        stacks, penalty_area = {}, {}
        room = int(min(middle.w * 0.5 - cw * 1.6 - m, sw * 5.5))   # clear of the trick beside it
        for seat, side in self.sides.items():
            stack = pygame.Rect(0, 0, sw, self.sh)
            if side == "bottom":
                stack.bottomleft = (cx + int(cw * 0.75), middle.bottom - m)
            elif side == "top":
                stack.topright = (cx - int(cw * 0.75) - room + sw, middle.top + m)
            elif side == "left":
                stack.topleft = (middle.left + m, cy + int(ch * 0.1))
            else:
                stack.bottomleft = (middle.right - m - room, cy - int(ch * 0.1))
            stacks[seat] = stack
            penalty_area[seat] = pygame.Rect(stack.right + int(8 * u), stack.y, room - sw - int(8 * u), self.sh)
        return stacks, penalty_area

    def penalty_rects(self, seat: int, count: int) -> list:
        return cardui.fan_positions(count, self.penalty_area[seat], self.sw, step=self.sw * 0.5, align="start")
