"""Kings Corners on screen: the cross of piles around the stock, the hands, whose turn it is.

The table: the stock in the middle; the four side piles N, E, S, W around it and the four
corners NE, SE, SW, NW diagonally (the cross is fixed: N is always at the top, so the place
names in the log and the hints mean the same for every player). Piles fan outward from the
stock (N up, S down, W and the west corners to the left, E and the east corners to the
right), overlapping just so that every card's corner index shows. On the piles fanned up or
to the left a real card would show its upside-down index; there the visible strip of each
covered card shows the upright index instead, so a 6 is never read as a 9.

The seat drawn at the bottom is `viewer()` (the human to move, or the only human); the
other seats sit around the table in turn order, clockwise: the next player on the left,
then across, then on the right. Their hands are drawn face down with their card counts; a
hand is drawn face up only for the seat whose eyes the table is drawn through (with two or
more humans `hides_hands` makes the base show the hand-over screen between their turns,
and a hand not yet handed over stays face down).

Playing, with any device:
- mouse: drag a card from the hand onto a pile, an empty corner or an empty side place;
  drag a whole pile (press anywhere on it) onto another pile or an empty corner; or click
  a card or a pile to select it and click where it should go. Right-click cancels.
- keyboard / gamepad: the focus cursor moves over the hand, the places and the buttons;
  confirm selects a card or a pile, the legal targets light up (theme.LEGAL), confirm on a
  target plays, back cancels.
- End turn / Draw: the button, or NEXT (Tab / RB), or a click on the stock. ACTION2 (U / Y)
  stays "undo" as in the other games. Undo is offered only for the moves of the current
  turn before its draw: the undo history is dropped whenever a turn ends (a draw would
  otherwise let a player see a card and take it back) and when a hand ends (all hands are
  shown on the score sheet). With "draw first" the draw happens before the first move of
  the turn, so undoing within the turn reveals nothing either.
- Hint: ACTION1 (H / X) or the button: the hinted card or pile and its target light up
  (theme.GOOD) and the reason is shown.

Computer moves (applied one at a time by the base at `app.pace()`) fly from the seat to the
pile in `app.pace("animation")` seconds; `computer_may_move()` holds the next one until the
flight has landed. The score sheet is shown between hands (the computer waits until a human
has pressed "Next hand") and at the end of the match, before the result overlay.

Frame cost: everything that changes only with a move (felt, piles, stock, the other seats,
the match info, the log) is drawn into one window-sized surface when `_table_key()` changes
and blitted whole each frame; the hand, the outlines, the buttons, flights and the dragged
cards are drawn on top every frame. The score sheet is cached the same way.
"""
from __future__ import annotations

import math
from collections import Counter, OrderedDict

import pygame

from game.cards import Card
from game.kings_corners import rules
from game.kings_corners.rules import (CORNERS, E, N, NE, NW, PLACES, S, SE, SW, W, Deal, EndTurn,
                                      MovePile, PlayCard)
from game.ui import cards as cardui
from game.ui import input as inp
from game.ui import theme
from game.ui.game_scene import GameScene, ResultOverlay
from game.ui.i18n import has, language, t
from game.ui.text import blit_text, fit, render, wrap
from game.ui.widgets import nearest

K = "kings_corners.scene."           # the prefix of this scene's i18n keys
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}   # black, red, black, red: neighbours differ in colour
GRID = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0), NE: (1, -1), SE: (1, 1), SW: (-1, 1), NW: (-1, -1)}
FAN = {N: (0, -1), S: (0, 1), W: (-1, 0), E: (1, 0), NE: (1, 0), SE: (1, 0), SW: (-1, 0), NW: (-1, 0)}
END_PAUSE = 1.6          # seconds the finished table shows before the result
SHEET_AUTO = 4.0         # a table of computers only: the score sheet shows this long
NEW_CARD_SECONDS = 2.5   # a card just drawn is marked this long
LOG_LINES = 5


def hand_order(hand) -> list:
    """The hand as shown: by suit (♠ ♥ ♣ ♦, colours alternating), king down to ace."""
    return sorted(hand, key=lambda card: (SUIT_ORDER[card.suit], -card.rank))


def place_name(place: int) -> str:
    return t(K + "place." + PLACES[place])


def card_text(code_or_card) -> str:
    card = code_or_card if isinstance(code_or_card, Card) else Card.parse(code_or_card)
    return str(card)


# ----------------------------------------------------------------------------- card images

_strips: OrderedDict = OrderedDict()
_masks: dict = {}
_turned: OrderedDict = OrderedDict()


def _shape_mask(face: pygame.Surface) -> pygame.Surface:
    """White with the card's alpha: BLEND_RGBA_MIN with it trims an image to the card's shape."""
    key = face.get_size()
    mask = _masks.get(key)
    if mask is None:
        mask = face.copy()
        mask.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
        _masks[key] = mask
    return mask


def strip_face(card: Card, width: int, side: str, strip: int, four_colour: bool) -> pygame.Surface:
    """A face whose `side` edge ("bottom" or "right", `strip` pixels) shows the upright
    top-left index: the covered cards of a pile fanned up or to the left stay readable."""
    key = (card, width, side, strip, four_colour)
    image = _strips.get(key)
    if image is not None:
        _strips.move_to_end(key)
        return image
    face = cardui.face(card, width, four_colour)
    fw, fh = face.get_size()
    image = face.copy()
    border = max(1, int(round(width * 0.012))) + 1
    if side == "bottom":
        strip = max(1, min(strip, fh // 2))
        image.blit(face.subsurface((0, 0, fw, strip)), (0, fh - strip))
        image.blit(face.subsurface((0, fh - border, fw, border)), (0, fh - border))
    else:
        strip = max(1, min(strip, fw // 2))
        image.blit(face.subsurface((0, 0, strip, fh)), (fw - strip, 0))
        image.blit(face.subsurface((fw - border, 0, border, fh)), (fw - border, 0))
    image.blit(_shape_mask(face), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    _strips[key] = image
    while len(_strips) > 400:
        _strips.popitem(last=False)
    return image


def turned_back(width: int) -> pygame.Surface:
    """A card back lying sideways (the hands of the players on the left and right)."""
    image = _turned.get(width)
    if image is None:
        image = pygame.transform.rotate(cardui.back(width), 90)
        _turned[width] = image
        while len(_turned) > 16:
            _turned.popitem(last=False)
    return image


def blit_card_image(surface, image: pygame.Surface, rect: pygame.Rect, width: int, turned: bool = False) -> None:
    shade, (dx, dy) = cardui.shadow(width)
    if turned:
        key = ("shadow", width)
        turned_shade = _turned.get(key)
        if turned_shade is None:
            turned_shade = _turned[key] = pygame.transform.rotate(shade, 90)
        shade = turned_shade
    surface.blit(shade, (rect.x + dx, rect.y + dy))
    surface.blit(image, rect)


CLEAR = (255, 0, 255)   # the colour key of the cached score sheet (never drawn)
LIGHT_INKS = {"S": theme.TEXT, "H": (255, 120, 108), "C": theme.TEXT, "D": (255, 120, 108)}
LIGHT_INKS_FOUR = {"S": theme.TEXT, "H": (255, 120, 108), "C": (120, 220, 140), "D": (130, 180, 255)}


def suit_ink(suit: str, four_colour: bool):
    """A suit's colour readable on the dark panels (the four-colour deck when chosen)."""
    return (LIGHT_INKS_FOUR if four_colour else LIGHT_INKS)[suit]


def lerp_rect(a: pygame.Rect, b: pygame.Rect, p: float) -> pygame.Rect:
    return pygame.Rect(round(a.x + (b.x - a.x) * p), round(a.y + (b.y - a.y) * p), a.w, a.h)


# ----------------------------------------------------------------------------- layout

class Layout:
    """Every rectangle of one frame, computed from the window size and the state."""

    def __init__(self, scene: "KingsCornersScene"):
        app, state = scene.app, scene.state
        u = app.u
        self.u = u
        area = app.content_rect()
        self.area = area
        w, h = app.size
        self.cw = cw = max(24, int(min(w, h) / 11))
        self.ch = ch = cardui.card_size(cw)[1]
        self.bw = bw = max(18, int(cw * 0.56))          # the other seats' face-down cards
        self.bh = bh = cardui.card_size(bw)[1]
        m = int(14 * u)
        self.m = m
        cx = area.centerx
        # top band: status line in the middle, match info on the left, the log on the right
        side_panel = int(min(400 * u, area.w * 0.22))
        self.info = pygame.Rect(area.x + m, area.y + m, side_panel, int(150 * u))
        self.log = pygame.Rect(area.right - m - side_panel, area.y + m, side_panel,
                               int(40 * u + LOG_LINES * theme.TINY * 1.3 * u))
        status_h = int(theme.SMALL * 1.2 * u * 2 + 22 * u)   # room for two lines
        self.status = pygame.Rect(self.info.right + m, area.y + int(12 * u), self.log.left - self.info.right - 2 * m,
                                  status_h)
        # seats around the table
        bottom = scene.bottom_seat()
        players = state.players
        self.bottom = bottom
        self.positions = {}
        order = {2: ("top",), 3: ("left", "right"), 4: ("left", "top", "right")}[players]
        for k, pos in enumerate(order, start=1):
            self.positions[(bottom + k) % players] = pos
        self.positions[bottom] = "bottom"
        plate_w = int(min(330 * u, area.w * 0.18))
        self.plate_w = plate_w
        self.plate_h = plate_h = int(theme.SMALL * u * 1.25 + theme.TINY * u * 1.25 + 20 * u)
        top_row = self.status.bottom + int(10 * u)
        has_top = "top" in self.positions.values()
        cross_top = top_row + max(bh, plate_h) + int(14 * u) if has_top else self.status.bottom + int(18 * u)
        # bottom band: your plate, your hand, the buttons
        self.lift = int(ch * 0.2)
        hand_bottom = area.bottom - m
        self.hand_row = pygame.Rect(area.x, hand_bottom - ch, area.w, ch)
        cross_bottom = self.hand_row.top - self.lift - int(8 * u)
        side_w = max(plate_w, bh + int(20 * u))
        has_sides = "left" in self.positions.values()
        self.cross_left = area.x + m + (side_w + int(24 * u) if has_sides else 0)
        self.cross_right = area.right - m - (side_w + int(24 * u) if has_sides else 0)
        self.cross_top, self.cross_bottom = cross_top, cross_bottom
        cy = (cross_top + cross_bottom) // 2
        self.cx, self.cy = cx, cy
        dx = cw + int(cw * 0.32)
        dy = ch + int(ch * 0.12)
        self.bases = []
        for place in range(8):
            gx, gy = GRID[place]
            rect = pygame.Rect(0, 0, cw, ch)
            rect.center = (cx + gx * dx, cy + gy * dy)
            self.bases.append(rect)
        self.stock = pygame.Rect(0, 0, cw, ch)
        self.stock.center = (cx, cy)
        hidden = scene.hidden_on_piles()
        self.piles = []
        self.steps = []
        for place in range(8):
            rects, step = self.pile_rects(place, len(state.piles[place]))
            self.piles.append(rects)
            self.steps.append(step)
        self.zones = []
        for place in range(8):
            shown = self.piles[place][: len(self.piles[place]) - hidden.get(place, 0)]
            zone = self.bases[place].unionall(shown) if shown else self.bases[place].copy()
            self.zones.append(zone)
        # the other seats
        self.seat_cards = {}
        self.plates = {}
        self.anchors = {}
        for seat, pos in self.positions.items():
            if pos == "bottom":
                continue
            count = scene.shown_count(seat)
            if pos == "top":
                fan_w = min(int(area.w * 0.34), bw + int(bw * 0.3) * 19)
                fan_area = pygame.Rect(0, top_row, fan_w, bh)
                fan_area.centerx = cx + plate_w // 2
                rects = cardui.fan_positions(count, fan_area, bw, step=bw * 0.3)
                left = rects[0].left if rects else fan_area.centerx
                plate = pygame.Rect(0, 0, plate_w, plate_h)
                plate.midright = (left - int(14 * u), fan_area.centery)
                anchor = pygame.Rect(0, 0, cw, ch)
                anchor.midtop = (fan_area.centerx, top_row - ch // 3)
            else:
                zone_x = area.x + m if pos == "left" else area.right - m - side_w
                room = max(bw, cross_bottom - cross_top - plate_h - int(20 * u))
                step = bw * 0.34
                if count > 1:
                    step = max(2.0, min(step, (room - bw) / (count - 1)))
                total = bw + step * max(0, count - 1)
                y0 = cy + plate_h // 2 - total / 2
                x = zone_x + (side_w - bh) // 2
                rects = [pygame.Rect(x, round(y0 + i * step), bh, bw) for i in range(count)]
                plate = pygame.Rect(0, 0, plate_w, plate_h)
                plate.midbottom = (zone_x + side_w // 2, round(y0) - int(10 * u))
                anchor = pygame.Rect(0, 0, cw, ch)
                anchor.center = (zone_x + side_w // 2, cy)
            self.seat_cards[seat] = rects
            self.plates[seat] = plate
            self.anchors[seat] = anchor
        # buttons (bottom right), your plate (bottom left), your hand between them
        button_w = int(min(320 * u, area.w * 0.18))
        button_h = int(58 * u)
        gap = int(10 * u)
        self.buttons = {}
        x = area.right - m - button_w
        names = scene.button_names()
        y = hand_bottom - button_h
        small = [name for name in names if name in ("hint", "undo")]
        big = [name for name in names if name not in ("hint", "undo")]
        if small:
            width = (button_w - gap * (len(small) - 1)) // len(small)
            for index, name in enumerate(small):
                self.buttons[name] = pygame.Rect(x + index * (width + gap), y, width, button_h)
            y -= button_h + gap
        for name in big:
            self.buttons[name] = pygame.Rect(x, y, button_w, button_h)
            y -= button_h + gap
        plate = pygame.Rect(0, 0, plate_w, plate_h)
        plate.midleft = (area.x + m, self.hand_row.centery)
        self.plates[bottom] = plate
        hand_left = plate.right + int(24 * u)
        hand_right = x - int(24 * u)
        self.hand_area = pygame.Rect(hand_left, self.hand_row.y, max(cw, hand_right - hand_left), ch)
        self.hand_cards = scene.bottom_hand()
        self.hand = cardui.fan_positions(len(self.hand_cards), self.hand_area, cw)
        anchor = pygame.Rect(0, 0, cw, ch)
        anchor.center = self.hand_area.center
        self.anchors[bottom] = anchor
        # the score sheet over the cross
        sheet_w = min(int(1060 * u), self.cross_right - self.cross_left)
        sheet_h = min(int(640 * u), cross_bottom - cross_top)
        self.sheet = pygame.Rect(0, 0, sheet_w, sheet_h)
        self.sheet.center = (cx, cy)

    def pile_rects(self, place: int, count: int):
        """The rects of a pile of `count` cards at `place`, bottom card first, and the step."""
        base = self.bases[place]
        if count <= 0:
            return [], 0
        if count == 1:
            return [base.copy()], 0
        fx, fy = FAN[place]
        if fx:
            preferred = self.cw * 0.34
            room = base.left - self.cross_left if fx < 0 else self.cross_right - base.right
        else:
            preferred = self.ch * 0.3
            room = base.top - self.cross_top if fy < 0 else self.cross_bottom - base.bottom
        step = max(3.0, min(preferred, room / (count - 1)))
        return [base.move(round(fx * step * i), round(fy * step * i)) for i in range(count)], step


class Flight:
    """Cards flying from one place to another (a move being shown)."""

    __slots__ = ("cards", "start", "end", "t0", "duration", "face_up", "hide")

    def __init__(self, cards, start, end, t0, duration, face_up, hide):
        self.cards, self.start, self.end = cards, start, end
        self.t0, self.duration, self.face_up, self.hide = t0, duration, face_up, hide


class Target:
    __slots__ = ("key", "rect")

    def __init__(self, key, rect):
        self.key, self.rect = key, rect


# ----------------------------------------------------------------------------- the scene

class KingsCornersScene(GameScene):
    game = "kings_corners"
    hides_hands = True      # only matters with two or more humans: the hand-over screen

    def __init__(self, app, setup, state, seed):
        super().__init__(app, setup, state, seed)
        self.focus = None            # ("hand", index) | ("place", p) | ("button", name)
        self.selected = None         # ("card", Card) | ("pile", place)
        self.press = None            # a mouse press that may become a drag or a click
        self.drag = None             # the card or pile following the mouse
        self.mouse = None
        self.stock_hover = False     # the mouse is over the stock (a click there draws)
        self.flights: list[Flight] = []
        self.new_cards: dict = {}    # card -> time it was drawn
        self.move_start = None       # where the cards of the next move start (a drag, the hand)
        self.sheet_ack = 0           # the hand whose score sheet a human has dismissed
        self.hand_end_time = 0.0
        self.over_at = None
        self.result_shown = False
        self._status_cache = None
        self._table_layer = None           # (key, surface): the table drawn once per change
        self._sheet_image = None     # (key, surface): the score sheet likewise
        self.version = 0             # bumped with every change of the state
        if len(self.human_seats) > 1:
            # two or more humans: nobody's hand shows until the hand-over screen was confirmed
            # (also when a saved game is resumed: whoever opens it may not be the one to move)
            self.shown_seat = None
        self._snapshot()

    # -- seats and what may be seen -------------------------------------------------------
    def bottom_seat(self) -> int:
        seat = self.viewer()
        return self.human_seats[0] if seat is None else seat

    def face_up_seat(self):
        """The one seat whose hand may be drawn face up now, or None."""
        humans = self.human_seats
        if not humans:
            return None
        seat = self.viewer()
        if not self.is_human(seat):
            return None
        if len(humans) > 1 and seat != self.shown_seat:
            return None  # the hand-over screen has not been confirmed yet
        return seat

    def bottom_hand(self) -> list:
        """The bottom seat's hand as drawn: cards when face up, None for each back."""
        seat = self.bottom_seat()
        hand = self.state.hands[seat]
        if self.face_up_seat() == seat:
            return hand_order(hand)
        return [None] * len(hand)

    def can_play(self) -> bool:
        """The human to move may act now (it is their turn and their hand is in view)."""
        return (self.state.phase == rules.PLAY and self.humans_turn
                and self.face_up_seat() == self.state.to_move())

    def shown_count(self, seat: int) -> int:
        count = len(self.state.hands[seat])
        for flight in self.flights:
            if flight.hide[0] == "hand" and flight.hide[1] == seat:
                count -= len(flight.cards)
        return max(0, count)

    def hidden_on_piles(self) -> dict:
        hidden: dict = {}
        for flight in self.flights:
            if flight.hide[0] == "pile":
                hidden[flight.hide[1]] = hidden.get(flight.hide[1], 0) + len(flight.cards)
        return hidden

    def hidden_hand_cards(self) -> set:
        cards = set()
        for flight in self.flights:
            if flight.hide[0] == "hand":
                cards.update(card for card in flight.cards if card is not None)
        return cards

    def layout(self) -> Layout:
        return Layout(self)

    # -- buttons --------------------------------------------------------------------------
    def end_key(self) -> str:
        """What ending the turn does now: draw one, draw two, or just end (draw first, empty stock)."""
        state = self.state
        if state.options["draw_first"] or not state.stock:
            return "end"
        if state.options["draw_two"] and len(state.stock) >= 2:
            return "draw_two"
        return "draw"

    def button_names(self) -> list[str]:
        state = self.state
        if state.is_over():
            return ["result"] if self.result_shown else []
        if state.hand_over():
            return ["next"] if self.human_seats else []
        if not self.can_play():
            return []
        names = ["end", "hint"]
        if self.can_undo():
            names.append("undo")
        return names

    def button_label(self, name: str) -> str:
        if name == "end":
            return t(K + "button." + self.end_key())
        return t(K + "button." + name)

    # -- focus targets --------------------------------------------------------------------
    def targets(self, layout: Layout) -> list[Target]:
        found = []
        if self.face_up_seat() == layout.bottom and layout.hand_cards:
            for index, rect in enumerate(self.hand_rects(layout)):
                found.append(Target(("hand", index), rect))
        for place in range(8):
            found.append(Target(("place", place), layout.zones[place]))
        for name, rect in layout.buttons.items():
            found.append(Target(("button", name), rect))
        return found

    def hand_rects(self, layout: Layout) -> list[pygame.Rect]:
        """The hand's rects as drawn (the focused card lifted a little, the selected more)."""
        rects = []
        selected = self.selected_card()
        for index, (card, rect) in enumerate(zip(layout.hand_cards, layout.hand)):
            lift = 0
            if card is not None and card == selected:
                lift = layout.lift
            elif self.focus == ("hand", index) and self.can_play():
                lift = layout.lift // 2
            rects.append(rect.move(0, -lift))
        return rects

    def selected_card(self):
        return self.selected[1] if self.selected and self.selected[0] == "card" else None

    def legal_targets(self) -> set:
        """The places where the selected card or pile may go now."""
        if not self.selected or not self.can_play():
            return set()
        kind, value = self.selected
        if kind == "card":
            return set(self.state.card_targets(value))
        return set(self.state.pile_targets(value))

    def _valid_focus(self, targets) -> Target | None:
        return next((target for target in targets if target.key == self.focus), None)

    def _default_focus(self, layout: Layout) -> None:
        if self.face_up_seat() == layout.bottom and layout.hand_cards:
            self.focus = ("hand", len(layout.hand_cards) // 2)
        elif layout.buttons:
            self.focus = ("button", next(iter(layout.buttons)))
        else:
            self.focus = ("place", S)

    def neighbour(self, key, direction: str, layout: Layout | None = None):
        """The target the focus cursor moves to from `key` in `direction` (None at an edge)."""
        layout = layout or self.layout()
        targets = self.targets(layout)
        current = next((target for target in targets if target.key == key), None)
        if current is None:
            return None
        others = [target for target in targets if target.key != key]
        if current.key[0] == "hand":
            if direction in (inp.LEFT, inp.RIGHT):
                # along the hand, card by card (the fan overlaps, so centres are close together)
                index = current.key[1] + (1 if direction == inp.RIGHT else -1)
                if 0 <= index < len(layout.hand_cards):
                    return ("hand", index)
            else:
                # up and down leave the hand (a lifted card must not step onto its neighbour)
                others = [target for target in others if target.key[0] != "hand"]
        index = nearest(current.rect, [target.rect for target in others], direction)
        return others[index].key if index is not None else None

    # -- input ----------------------------------------------------------------------------
    def handle_game(self, action):
        name = action.name
        state = self.state
        if state.is_over():
            if name in (inp.CONFIRM, inp.NEXT) and self.result_shown:
                self.app.push(ResultOverlay(self.app, self))
            elif name == inp.PRESS and self.result_shown:
                layout = self.layout()
                rect = layout.buttons.get("result")
                if rect and rect.collidepoint(action.pos):
                    self.app.push(ResultOverlay(self.app, self))
            return
        layout = self.layout()
        targets = self.targets(layout)
        if name in inp.DIRECTIONS:
            if self._valid_focus(targets) is None:
                self._default_focus(layout)
                return
            key = self.neighbour(self.focus, name, layout)
            if key is not None:
                self.focus = key
                self.app.sound.play("click")
            return
        if name == inp.POINT:
            self._point(action.pos, layout, targets)
            return
        if name == inp.PRESS:
            self._press(action.pos, layout, targets)
            return
        if name == inp.RELEASE:
            self._release(action.pos, layout)
            return
        if name == inp.CONFIRM:
            if state.hand_over():
                self.next_hand()
                return
            current = self._valid_focus(targets)
            if current is None:
                self._default_focus(layout)
                return
            self.activate(current.key, layout)
            return
        if name == inp.BACK:
            self.cancel()
            return
        if name == inp.NEXT:
            if state.hand_over():
                self.next_hand()
            else:
                self.end_turn()
            return
        if name == inp.ACTION1:
            if self.can_play():
                self.ask_hint()
            return
        if name == inp.ACTION2:
            if self.can_play() and self.can_undo():
                self.undo()
            elif self.humans_turn:
                self.app.sound.play("error")

    def _target_at(self, layout: Layout, targets, pos):
        """What is under the mouse: the topmost hand card, a button, a pile, the stock."""
        if self.face_up_seat() == layout.bottom:
            index = cardui.card_at(self.hand_rects(layout), pos)
            if index is not None:
                return ("hand", index)
        for name, rect in layout.buttons.items():
            if rect.collidepoint(pos):
                return ("button", name)
        for place in range(8):
            if layout.zones[place].collidepoint(pos):
                return ("place", place)
        if layout.stock.collidepoint(pos):
            return ("stock",)
        return None

    def _point(self, pos, layout, targets):
        self.mouse = pos
        if self.press and not self.drag:
            px, py = self.press["pos"]
            if math.hypot(pos[0] - px, pos[1] - py) >= max(4, 8 * layout.u):
                self._start_drag(self.press, layout)
        if self.drag:
            self.drag["pos"] = pos
            return
        hit = self._target_at(layout, targets, pos)
        self.stock_hover = hit == ("stock",)
        if hit is not None and hit[0] != "stock":
            self.focus = hit

    def _press(self, pos, layout, targets):
        self.mouse = pos
        if self.state.hand_over():
            rect = layout.buttons.get("next")
            if rect and rect.collidepoint(pos):
                self.next_hand()
            return
        hit = self._target_at(layout, targets, pos)
        if hit is None:
            self.cancel(quiet=True)
            return
        if hit[0] != "stock":
            self.focus = hit
        draggable = hit[0] == "hand" or (hit[0] == "place" and self.state.piles[hit[1]])
        if draggable and self.can_play():
            self.press = {"key": hit, "pos": pos}
            return
        self.activate(hit, layout, by_mouse=True)

    def _release(self, pos, layout):
        press, drag = self.press, self.drag
        self.press = self.drag = None
        if drag is None and press is not None:
            px, py = press["pos"]
            if math.hypot(pos[0] - px, pos[1] - py) >= max(4, 8 * layout.u):
                drag = self._start_drag(press, layout)   # a drag with no motion in between
                self.drag = None
            else:
                self.activate(press["key"], layout, by_mouse=True)
                return
        if drag is not None:
            drag["pos"] = pos
            self._drop(drag, layout)

    def _start_drag(self, press, layout):
        """Lift the pressed card or pile so it follows the mouse."""
        key = press["key"]
        if not self.can_play():
            self.press = None
            return None
        if key[0] == "hand":
            index = key[1]
            if index >= len(layout.hand_cards):
                return None
            card = layout.hand_cards[index]
            rects = [self.hand_rects(layout)[index]]
            item = ("card", card)
            cards = [card]
        else:
            place = key[1]
            cards = list(self.state.piles[place])
            if not cards:
                return None
            rects = layout.piles[place]
            item = ("pile", place)
        px, py = press["pos"]
        self.drag = {"item": item, "cards": cards, "offsets": [(r.x - px, r.y - py) for r in rects],
                     "pos": press["pos"], "cw": layout.cw}
        self.selected = item
        return self.drag

    def drag_rects(self, drag) -> list[pygame.Rect]:
        x, y = drag["pos"]
        size = cardui.card_size(drag["cw"])
        return [pygame.Rect(x + dx, y + dy, *size) for dx, dy in drag["offsets"]]

    def drop_place(self, layout: Layout, pos, rects) -> int | None:
        """The place under the mouse, else the one the dragged card covers most."""
        for place in range(8):
            if layout.zones[place].inflate(layout.cw // 5, layout.cw // 5).collidepoint(pos):
                return place
        if not rects:
            return None
        grabbed = rects[0]
        best, best_area = None, 0
        for place in range(8):
            clip = layout.zones[place].clip(grabbed)
            area = clip.w * clip.h
            if area > best_area:
                best, best_area = place, area
        if best is not None and best_area >= grabbed.w * grabbed.h * 0.25:
            return best
        return None

    def _drop(self, drag, layout):
        kind, value = drag["item"]
        rects = self.drag_rects(drag)
        place = self.drop_place(layout, drag["pos"], rects[:1] if kind == "card" else rects)
        self.selected = None
        if place is None or (kind == "pile" and place == value):
            return  # dropped beside the table: the card goes back, nothing happens
        if kind == "card":
            move = PlayCard(value, place)
        else:
            move = MovePile(value, place)
        self.try_move(move, start=rects)

    def activate(self, key, layout: Layout | None = None, by_mouse: bool = False):
        """Confirm / click on a target: select, play, end the turn or press a button. After a
        selection by keyboard or gamepad the focus cursor jumps to the first legal target."""
        layout = layout or self.layout()
        if self.state.hand_over():
            if key == ("button", "next"):
                self.next_hand()
            return
        kind = key[0]
        if kind == "button":
            name = key[1]
            if name == "end":
                self.end_turn()
            elif name == "hint":
                if self.can_play():
                    self.ask_hint()
            elif name == "undo":
                if self.can_play() and self.can_undo():
                    self.undo()
            return
        if not self.can_play():
            if self.humans_turn and self.face_up_seat() is None:
                return  # the hand-over screen is about to appear
            self.app.sound.play("error")
            if not self.state.hand_over():
                self.app.notify(t(K + "say.wait"))
            return
        if kind == "stock":
            if self.end_key() != "end":
                self.end_turn()
            return
        if kind == "hand":
            index = key[1]
            if index >= len(layout.hand_cards):
                return
            card = layout.hand_cards[index]
            if self.selected == ("card", card):
                self.cancel()
                return
            self.selected = ("card", card)
            self.app.sound.play("click")
            self._focus_target(layout, by_mouse)
            return
        place = key[1]
        if self.selected is None:
            if self.state.piles[place]:
                self.selected = ("pile", place)
                self.app.sound.play("click")
                self._focus_target(layout, by_mouse)
            else:
                self.app.sound.play("error")
                self.app.notify(t(K + "say.select_first"))
            return
        what, value = self.selected
        if what == "pile" and value == place:
            self.cancel()
            return
        move = PlayCard(value, place) if what == "card" else MovePile(value, place)
        start = None
        if what == "card":
            index = layout.hand_cards.index(value) if value in layout.hand_cards else None
            if index is not None:
                start = [self.hand_rects(layout)[index]]
        else:
            start = layout.piles[value]
        self.try_move(move, start=start)

    def _focus_target(self, layout, by_mouse: bool = False):
        """After a selection, move the focus cursor to the first legal target (if any)."""
        legal = self.legal_targets()
        if not legal:
            kind, value = self.selected
            text = card_text(value) if kind == "card" else place_name(value)
            key = "say.card_nowhere" if kind == "card" else "say.pile_nowhere"
            self.app.notify(t(K + key, card=text, place=text))
            return
        if not by_mouse:
            self.focus = ("place", min(legal, key=lambda p: (-layout.bases[p].bottom, p)))

    def cancel(self, quiet: bool = False):
        if self.selected or self.drag:
            self.selected = None
            self.drag = self.press = None
            if not quiet:
                self.app.sound.play("click")

    def try_move(self, move, start=None) -> bool:
        hand_index = None
        if isinstance(move, PlayCard):
            hand = hand_order(self.state.hands[self.state.to_move()])
            hand_index = hand.index(move.card) if move.card in hand else None
        self.move_start = start
        done = self.apply(move)
        self.move_start = None
        if done:
            self.selected = None
            if hand_index is not None and self.can_play():
                count = len(self.state.hands[self.state.to_move()])
                if count:
                    self.focus = ("hand", min(hand_index, count - 1))
        return done

    def end_turn(self):
        if not self.can_play():
            if not self.state.hand_over() and self.humans_turn and self.face_up_seat() is not None:
                self.app.sound.play("error")
            return
        self.selected = None
        self.apply(EndTurn())

    def next_hand(self):
        state = self.state
        if not state.hand_over() or state.is_over():
            return
        if self.flights:
            self._land_flights()
        dealer = state.to_move()
        if self.is_human(dealer):
            if len(self.human_seats) > 1 and dealer != self.shown_seat:
                return  # the hand-over screen comes first
            self.apply(Deal())
        else:
            self.sheet_ack = state.hand_no
            self.app.sound.play("click")

    # -- turn flow ------------------------------------------------------------------------
    def _snapshot(self):
        state = self.state
        self._hands_before = [list(hand) for hand in state.hands]
        self._piles_before = [len(pile) for pile in state.piles]
        self._last_entry = state.log[-1] if state.log else None

    def _new_log_entries(self) -> list:
        """The log entries written since the last snapshot (found by identity: the log is cut
        to its last entries as it grows)."""
        log = self.state.log
        for index in range(len(log) - 1, -1, -1):
            if log[index] is self._last_entry:
                return log[index + 1:]
        return log[-4:] if self._last_entry is not None else list(log)

    def _land_flights(self):
        self.flights = []

    def after_move(self, seat, move):
        state = self.state
        self.version += 1
        self._land_flights()
        self.drag = self.press = None
        self.selected = None
        self.hint = None
        layout = self.layout()
        duration = self.app.pace("animation")
        if isinstance(move, Deal):
            self.app.sound.play("shuffle")
            self.undo_stack.clear()
            self.new_cards.clear()
            self.focus = None
            self._snapshot()
            return
        start = self.move_start
        if isinstance(move, PlayCard):
            self.app.sound.play("card")
            if duration > 0:
                if not start:
                    start = [layout.anchors.get(seat, layout.stock)]
                end = ("pile", move.place, 1)
                face_up = True
                self.flights.append(Flight([move.card], [pygame.Rect(r) for r in start[-1:]], end,
                                           self.time, duration, face_up, end))
        elif isinstance(move, MovePile):
            self.app.sound.play("card")
            count = self._piles_before[move.source]
            if duration > 0 and count:
                cards = state.piles[move.target][-count:]
                if not start or len(start) != count:
                    start = layout.pile_rects(move.source, count)[0]
                end = ("pile", move.target, count)
                self.flights.append(Flight(cards, [pygame.Rect(r) for r in start], end, self.time,
                                           duration * 1.15, True, end))
        elif isinstance(move, EndTurn):
            self.app.sound.play("click")
            self.undo_stack.clear()   # the turn is over: no undo across a draw
        # cards drawn (at the end of this turn, or at the start of the next with "draw first")
        for index, hand in enumerate(state.hands):
            old = self._hands_before[index] if index < len(self._hands_before) else []
            if len(hand) <= len(old):
                continue
            kept = Counter(old)
            drawn = []
            for card in hand:
                if kept[card]:
                    kept[card] -= 1
                else:
                    drawn.append(card)
            if not drawn:
                continue
            if index == self.face_up_seat():
                for card in drawn:
                    self.new_cards[card] = self.time
            if duration > 0:
                visible = index == self.face_up_seat()
                cards = drawn if visible else [None] * len(drawn)
                end = ("hand", index, tuple(cards))
                flight = Flight(cards if visible else [None] * len(drawn),
                                [layout.stock.copy() for _ in drawn], end, self.time, duration, False,
                                ("hand", index))
                self.flights.append(flight)
        # kings first: say so when it cost the player something
        for entry in self._new_log_entries():
            if entry.get("kind") == "kings_first" and isinstance(entry.get("seat"), int):
                payer = entry["seat"]
                unit = t(K + ("unit.chips" if state.scoring == "chips" else "unit.points"))
                self.app.notify(self.said("say.kings_first_paid", payer, name=self.seat_name(payer),
                                          n=entry.get("amount", rules.KINGS_FIRST_PENALTY), unit=unit), 4)
        if state.hand_over():
            self.hand_end_time = self.time
            self.undo_stack.clear()   # every hand is shown on the score sheet now
            winner = state.sheet[-1].get("winner") if state.sheet else None
            if not state.is_over():
                self.app.sound.play("win" if winner is not None and self.is_human(winner) else "card")
        self._snapshot()

    def after_undo(self):
        self.version += 1
        self.flights = []
        self.selected = None
        self.drag = self.press = None
        self._snapshot()

    def computer_may_move(self):
        if self.flights:
            return False
        state = self.state
        if state.hand_over():
            if not self.human_seats:
                return self.time - self.hand_end_time >= SHEET_AUTO
            return self.sheet_ack == state.hand_no
        return True

    def game_over(self):
        self.over_at = self.time   # the result follows once the last card has landed

    def update(self, dt):
        super().update(dt)
        now = self.time
        if self.flights:
            self.flights = [flight for flight in self.flights if now < flight.t0 + flight.duration]
        if self.new_cards:
            self.new_cards = {card: at for card, at in self.new_cards.items() if now - at < NEW_CARD_SECONDS}
        if (self.over_at is not None and not self.result_shown and not self.flights
                and now - self.over_at >= END_PAUSE):
            self.result_shown = True
            super().game_over()

    def on_hint(self, move, reason):
        text = str(reason)
        key = getattr(reason, "key", "")
        if key and has(key):
            params = dict(getattr(reason, "params", {}) or {})
            for name in ("place", "source", "target"):
                if params.get(name) in PLACES:
                    params[name] = place_name(PLACES.index(params[name]))
            text = t(key, **params)
        self.app.notify(t(K + "say.hint", reason=text), 6)

    # -- statistics and the result ----------------------------------------------------------
    def stat_score(self):
        """The human's total, lower is better (penalty scorings); None with chips, whose
        balances are not comparable with penalty points in one best-score column."""
        humans = self.human_seats
        if not humans or self.state.scoring == "chips":
            return None
        return self.state.totals[humans[0]], False

    def result_lines(self):
        state = self.state
        chips = state.scoring == "chips"
        scores = state.scores()
        order = sorted(range(state.players), key=lambda seat: (-scores[seat] if chips else scores[seat], seat))
        lines = []
        for seat in order:
            lines.append(t(K + ("result.line_chips" if chips else "result.line"), name=self.seat_name(seat),
                           n=f"{scores[seat]:+d}" if chips else scores[seat]))
        lines.append(t(K + "result.hands", n=len(state.sheet)))
        return lines

    # -- texts ------------------------------------------------------------------------------
    def said(self, key: str, seat, **params) -> str:
        """`t(K + key)`, in the second person ("you draw") when `seat` is the only human."""
        if isinstance(seat, int) and self.is_human(seat) and len(self.human_seats) == 1 and has(K + key + "_you"):
            key += "_you"
        return t(K + key, **params)

    def log_text(self, entry) -> str | None:
        """One line of the move log, or None for an entry not worth a line."""
        kind = entry.get("kind")
        seat = entry.get("seat")
        name = self.seat_name(seat) if isinstance(seat, int) and seat < self.state.players else ""
        say = self.said
        if kind == "play":
            return say("log.play", seat, name=name, card=card_text(entry["card"]),
                       place=place_name(PLACES.index(entry["place"])))
        if kind == "pile":
            return say("log.pile", seat, name=name, source=place_name(PLACES.index(entry["source"])),
                       target=place_name(PLACES.index(entry["target"])), count=entry.get("count", 1))
        if kind == "draw":
            count = entry.get("count", 1)
            return say("log.draw" if count == 1 else "log.draw_n", seat, name=name, n=count)
        if kind == "kings_first":
            unit = t(K + ("unit.chips" if self.state.scoring == "chips" else "unit.points"))
            return say("log.kings_first", seat, name=name, n=entry.get("amount", rules.KINGS_FIRST_PENALTY), unit=unit)
        if kind == "deal":
            return say("log.deal", seat, name=name, n=entry.get("hand", 1))
        if kind in ("pass", "end", "chip", "out"):
            return say("log." + kind, seat, name=name)
        if kind in ("deadlock", "match_over"):
            return t(K + "log." + kind)
        return None

    def status_text(self) -> str:
        state = self.state
        if state.is_over():
            winners = state.winners()
            if len(winners) == 1:
                return t(K + "status.match_over", name=self.seat_name(winners[0]))
            return t(K + "status.match_shared", names=", ".join(self.seat_name(seat) for seat in winners))
        if state.hand_over():
            entry = state.sheet[-1]
            winner = entry.get("winner")
            if winner is None:
                return t(K + "status.deadlock", n=entry.get("hand", state.hand_no))
            if self.is_human(winner) and len(self.human_seats) == 1:
                return t(K + "status.you_out", n=entry.get("hand", state.hand_no))
            return t(K + "status.out", name=self.seat_name(winner), n=entry.get("hand", state.hand_no))
        seat = state.turn
        name = self.seat_name(seat)
        if not self.is_human(seat):
            return t(K + "status.computer", name=name)
        if not self.can_play():
            return t(K + "status.waiting", name=name)
        who = t(K + "status.you") if len(self.human_seats) == 1 else t(K + "status.named", name=name)
        if self.selected:
            kind, value = self.selected
            legal = self.legal_targets()
            if kind == "card":
                return t(K + ("status.card" if legal else "status.card_nowhere"), card=card_text(value))
            return t(K + ("status.pile" if legal else "status.pile_nowhere"), place=place_name(value))
        if state.kings_first_due():
            unit = t(K + ("unit.chips" if state.scoring == "chips" else "unit.points"))
            return t(K + "status.kings_first", who=who, n=rules.KINGS_FIRST_PENALTY, unit=unit)
        if state.options["draw_first"] and state.drew:
            return t(K + "status.turn_drawn", who=who, n=state.drew)
        return t(K + "status.turn_" + self.end_key(), who=who)

    # -- drawing ----------------------------------------------------------------------------
    def _table_key(self, layout):
        """Everything the cached table layer shows: it is redrawn only when this changes."""
        dragged = self.drag["item"][1] if self.drag and self.drag["item"][0] == "pile" else None
        hidden = tuple(sorted(self.hidden_on_piles().items()))
        counts = tuple(self.shown_count(seat) for seat in range(self.state.players))
        return (self.app.size, layout.u, bool(self.app.store.settings["four_colour"]), language(), self.version,
                layout.bottom, hidden, counts, dragged)

    def _draw_layer(self, surface, layout):
        """The table, the piles, the stock, the seats, the match info and the log: all that
        changes only with a move, drawn into one surface that each frame blits whole."""
        key = self._table_key(layout)
        if self._table_layer is None or self._table_layer[0] != key:
            image = self._table_layer[1] if self._table_layer else None
            if image is not None and image.get_size() != surface.get_size():
                image = None
            if image is None:
                image = pygame.Surface(surface.get_size())
                if pygame.display.get_surface() is not None:
                    image = image.convert()
            self._draw_table(image, layout)
            self._draw_info(image, layout)
            self._draw_log(image, layout)
            self._draw_piles(image, layout)
            self._draw_seats(image, layout)
            self._table_layer = (key, image)
        surface.blit(self._table_layer[1], (0, 0))

    def draw(self, surface, alpha):
        layout = self.layout()
        self._draw_layer(surface, layout)
        targets = self.targets(layout)
        if self.can_play() and self._valid_focus(targets) is None:
            self._default_focus(layout)
        if self.state.hand_over():
            for name in ("next", "result"):
                if name in layout.buttons:
                    self.focus = ("button", name)
        focused = self.focus if self.can_play() or self.state.hand_over() else None
        if self.selected and not self.can_play():
            self.selected = None
        self._draw_status(surface, layout)
        legal = self.legal_targets()
        hint_from, hint_to, hint_end = self._hint_parts()
        self._draw_marks(surface, layout, focused, legal, hint_from, hint_to)
        self._draw_hand(surface, layout, focused, hint_from)
        self._draw_buttons(surface, layout, focused, hint_end)
        self._draw_flights(surface, layout)
        self._draw_drag(surface, layout, legal)
        if self.state.hand_over() and not self.flights:
            self._draw_sheet_cached(surface, layout)

    def _pulse(self) -> float:
        return 0.5 + 0.5 * math.sin(self.time * 5)

    def _hint_parts(self):
        """(source, target place, end turn?) of the hinted move, for highlighting."""
        if not self.hint or not self.can_play():
            return None, None, False
        move = self.hint[0]
        if isinstance(move, PlayCard):
            return ("card", move.card), move.place, False
        if isinstance(move, MovePile):
            return ("pile", move.source), move.target, False
        if isinstance(move, EndTurn):
            return None, None, True
        return None, None, False

    def _draw_table(self, surface, layout):
        u = layout.u
        surface.fill(theme.FELT_DARK)
        table = pygame.Rect(layout.cross_left - int(10 * u), layout.cross_top - int(6 * u),
                            layout.cross_right - layout.cross_left + int(20 * u),
                            layout.cross_bottom - layout.cross_top + int(12 * u))
        pygame.draw.rect(surface, theme.FELT, table, border_radius=int(60 * u))

    def _panel(self, surface, rect, u, colour=theme.PANEL, border=None, width=0):
        pygame.draw.rect(surface, colour, rect, border_radius=int(14 * u))
        if border is not None:
            pygame.draw.rect(surface, border, rect, max(2, int(width * u)), border_radius=int(14 * u))

    def status_lines(self, text: str, room: int, u: float):
        """The status in one line at body size, else one or two lines at the small size."""
        key = (text, room, u)
        if self._status_cache and self._status_cache[0] == key:
            return self._status_cache[1]
        size = int(theme.BODY * u)
        if render(text, size).get_width() <= room:
            lines = [text]
        else:
            size = int(theme.SMALL * u)
            lines = wrap(text, size, room)
            if len(lines) > 2:
                lines = [lines[0], fit(" ".join(lines[1:]), size, room)]
        self._status_cache = (key, (size, lines))
        return size, lines

    def _draw_status(self, surface, layout):
        u = layout.u
        room = layout.status.w - int(40 * u)
        size, lines = self.status_lines(self.status_text(), room, u)
        images = [render(line, size, theme.TEXT) for line in lines]
        width = max(image.get_width() for image in images)
        line_h = int(size * 1.2)
        box = pygame.Rect(0, 0, width + int(44 * u), line_h * len(lines) + int(16 * u))
        box.midtop = (layout.status.centerx, layout.status.y)
        highlight = self.can_play()
        self._panel(surface, box, u, theme.PANEL, theme.ACCENT if highlight else None, 3)
        y = box.y + int(8 * u)
        for image in images:
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += line_h

    def _draw_info(self, surface, layout):
        u = layout.u
        state = self.state
        x, y = layout.info.x, layout.info.y
        width = layout.info.w
        options = state.options
        lines = [(t(K + "info.hand", n=state.hand_no), theme.SMALL, theme.TEXT, True)]
        if options["match_length"] == "hands":
            lines[0] = (t(K + "info.hand_of", n=state.hand_no, of=options["hands"]), theme.SMALL, theme.TEXT, True)
        elif state.scoring == "chips":
            lines.append((t(K + "info.chips_target", n=options["target"]), theme.TINY, theme.TEXT_DIM, False))
        else:
            lines.append((t(K + "info.target", n=options["target"]), theme.TINY, theme.TEXT_DIM, False))
        tags = [t(K + "tag." + state.scoring)]
        for flag in ("kings_first", "draw_first", "draw_two"):
            if options[flag]:
                tags.append(t(K + "tag." + flag))
        lines.append((" · ".join(tags), theme.TINY, theme.TEXT_DIM, False))
        if state.scoring == "chips":
            lines.append((t(K + "info.pot", n=state.pot), theme.TINY, theme.ACCENT, True))
        for text, size, colour, bold in lines:
            for line in wrap(text, int(size * u), width, bold)[:2]:
                rect = blit_text(surface, fit(line, int(size * u), width, bold), size * u, colour, (x, y), "topleft",
                                 bold=bold)
                y = rect.bottom + int(2 * u)
            y += int(3 * u)

    def _draw_log(self, surface, layout):
        u = layout.u
        box = layout.log
        lines = []
        for entry in reversed(self.state.log):
            text = self.log_text(entry)
            if text:
                lines.append(text)
            if len(lines) >= LOG_LINES:
                break
        lines.reverse()
        if not lines:
            return
        height = int(theme.TINY * 1.3 * u)
        top = box.y
        right = box.right
        for index, text in enumerate(lines):
            text = fit(text, int(theme.TINY * u), box.w)
            colour = theme.TEXT if index == len(lines) - 1 else theme.TEXT_DIM
            blit_text(surface, text, theme.TINY * u, colour, (right, top + index * height), "topright")

    def _draw_piles(self, surface, layout):
        u = layout.u
        four = bool(self.app.store.settings["four_colour"])
        hidden = self.hidden_on_piles()
        dragged_pile = self.drag["item"][1] if self.drag and self.drag["item"][0] == "pile" else None
        cw = layout.cw
        for place in range(8):
            pile = self.state.piles[place]
            rects = layout.piles[place]
            shown = len(pile) - hidden.get(place, 0)
            base = layout.bases[place]
            if shown <= 0 or place == dragged_pile:
                label = "K" if place in CORNERS else place_name(place)
                cardui.draw_slot(surface, base, label=label)
            else:
                fx, fy = FAN[place]
                strip = int(layout.steps[place])
                for index in range(shown):
                    card = pile[index]
                    rect = rects[index]
                    if index < shown - 1 and (fx < 0 or fy < 0):
                        image = strip_face(card, cw, "right" if fx < 0 else "bottom", strip, four)
                        blit_card_image(surface, image, rect, cw)
                    else:
                        cardui.draw_card(surface, card, rect, four_colour=four)
        self._draw_stock(surface, layout)

    def _draw_marks(self, surface, layout, focused, legal, hint_from, hint_to):
        """Outlines over the piles: legal targets, the hint, the selected pile, the focus."""
        u = layout.u
        if self.stock_hover and self.can_play() and self.end_key() != "end" and not self.drag:
            cardui.outline(surface, layout.stock, theme.ACCENT, thickness=max(3, int(5 * u)), gap=max(3, int(6 * u)))
        hidden = self.hidden_on_piles()
        selected_pile = self.selected[1] if self.selected and self.selected[0] == "pile" else None
        dragged_pile = self.drag["item"][1] if self.drag and self.drag["item"][0] == "pile" else None
        for place in range(8):
            rects = layout.piles[place]
            shown = len(self.state.piles[place]) - hidden.get(place, 0)
            base = layout.bases[place]
            zone = layout.zones[place]
            top_rect = rects[shown - 1] if shown > 0 and place != dragged_pile else base
            if place in legal:
                glow = theme.LEGAL if self._pulse() > 0.25 else (80, 150, 210)
                cardui.outline(surface, top_rect, glow, thickness=max(3, int(6 * u)))
            if hint_to == place or (hint_from and hint_from[0] == "pile" and hint_from[1] == place):
                cardui.outline(surface, zone if hint_to != place else top_rect, theme.GOOD,
                               thickness=max(3, int(5 * u)), gap=max(2, int(6 * u)))
            if selected_pile == place and place != dragged_pile:
                cardui.outline(surface, zone, theme.TEXT, thickness=max(3, int(5 * u)))
            if focused == ("place", place):
                cardui.outline(surface, zone, theme.ACCENT, thickness=max(3, int(5 * u)), gap=max(3, int(9 * u)))

    def _draw_stock(self, surface, layout):
        """The stock, with its count."""
        u = layout.u
        stock = layout.stock
        count = len(self.state.stock)
        if count:
            for layer in range(min(3, (count + 5) // 6) - 1, -1, -1):
                offset = int(layer * 3 * u)
                cardui.draw_card(surface, None, stock.move(-offset, -offset), face_up=False)
        else:
            cardui.draw_slot(surface, stock)
        label = str(count) if count else t(K + "stock.empty")
        image = render(label, int(theme.SMALL * u), theme.TEXT, True)
        badge = image.get_rect().inflate(int(20 * u), int(8 * u))
        badge.center = (stock.centerx, stock.centery)
        pygame.draw.rect(surface, theme.BACKGROUND, badge, border_radius=badge.h // 2)
        pygame.draw.rect(surface, theme.TEXT_DIM, badge, max(1, int(2 * u)), border_radius=badge.h // 2)
        surface.blit(image, image.get_rect(center=badge.center))

    def _draw_plate(self, surface, layout, seat):
        u = layout.u
        plate = layout.plates[seat]
        state = self.state
        active = state.phase == rules.PLAY and state.turn == seat
        if active:
            glow = plate.inflate(int(10 * u), int(10 * u))
            pygame.draw.rect(surface, theme.ACCENT_DARK, glow, border_radius=int(18 * u))
        self._panel(surface, plate, u, theme.PANEL_LIGHT if active else theme.PANEL,
                    theme.ACCENT if active else None, 3)
        pad = int(14 * u)
        radius = int(17 * u)
        dealer = seat == state.dealer
        inner = plate.w - 2 * pad - (2 * radius + int(8 * u) if dealer else 0)
        right = plate.x + pad + inner
        name = self.seat_name(seat)
        level = self.seat_level(seat)
        y = plate.y + int(10 * u)
        name_rect = blit_text(surface, fit(name, int(theme.SMALL * u), inner, True), theme.SMALL * u, theme.TEXT,
                              (plate.x + pad, y), "topleft", bold=True)
        if level:
            room = right - name_rect.right - int(10 * u)
            if render(level, int(theme.TINY * u)).get_width() <= room:
                blit_text(surface, level, theme.TINY * u, theme.TEXT_DIM,
                          (name_rect.right + int(10 * u), name_rect.bottom - int(3 * u)), "bottomleft")
        count = len(state.hands[seat])
        cards = t(K + ("plate.card" if count == 1 else "plate.cards"), n=count)
        if state.scoring == "chips":
            score = t(K + "plate.chips", n=f"{state.chips[seat]:+d}")
        else:
            score = t(K + ("plate.point" if state.totals[seat] == 1 else "plate.points"), n=state.totals[seat])
        blit_text(surface, fit(f"{cards} · {score}", int(theme.TINY * u), inner), theme.TINY * u,
                  theme.TEXT if active else theme.TEXT_DIM, (plate.x + pad, name_rect.bottom + int(6 * u)), "topleft")
        if dealer:
            centre = (plate.right - pad - radius, plate.centery)
            pygame.draw.circle(surface, theme.ACCENT, centre, radius)
            pygame.draw.circle(surface, theme.ACCENT_DARK, centre, radius, max(1, int(2 * u)))
            blit_text(surface, t(K + "dealer_mark"), theme.TINY * u, theme.BACKGROUND, centre, "center", bold=True)

    def _draw_seats(self, surface, layout):
        u = layout.u
        for seat, pos in layout.positions.items():
            self._draw_plate(surface, layout, seat)
            if pos == "bottom":
                continue
            rects = layout.seat_cards[seat]
            if pos == "top":
                image = cardui.back(layout.bw)
                for rect in rects:
                    blit_card_image(surface, image, rect, layout.bw)
            else:
                image = turned_back(layout.bw)
                for rect in rects:
                    blit_card_image(surface, image, rect, layout.bw, turned=True)
            if rects and self.state.phase == rules.PLAY and self.state.turn == seat:
                area = rects[0].unionall(rects)
                cardui.outline(surface, area, theme.ACCENT, thickness=max(2, int(4 * u)), gap=max(2, int(6 * u)))

    def _draw_hand(self, surface, layout, focused, hint_from):
        u = layout.u
        four = bool(self.app.store.settings["four_colour"])
        rects = self.hand_rects(layout)
        hidden = self.hidden_hand_cards()
        dragged = self.drag["item"][1] if self.drag and self.drag["item"][0] == "card" else None
        selected = self.selected_card()
        active = self.state.phase == rules.PLAY and self.state.turn == layout.bottom
        labelled = False
        if rects and active:
            area = layout.hand[0].unionall(layout.hand).inflate(int(16 * u), int(12 * u))
            area.h += 0
            pygame.draw.rect(surface, theme.ACCENT_DARK, area.move(0, int(4 * u)), max(2, int(3 * u)),
                             border_radius=int(14 * u))
        for index, (card, rect) in enumerate(zip(layout.hand_cards, rects)):
            if card is not None and (card in hidden or card == dragged):
                continue
            if card is None:
                cardui.draw_card(surface, None, rect, face_up=False)
                continue
            cardui.draw_card(surface, card, rect, four_colour=four)
            if card in self.new_cards:
                radius = max(3, int(7 * u))
                centre = (rect.x + int(layout.cw * 0.16), rect.y - radius - int(5 * u))
                pygame.draw.circle(surface, theme.ACCENT, centre, radius)
                if not labelled:   # one "new" label: over several cards drawn at once the dots say it
                    labelled = True
                    blit_text(surface, t(K + "new"), theme.TINY * u, theme.ACCENT,
                              (centre[0] - radius - int(6 * u), centre[1]), "midright", bold=True)
            if card == selected:
                cardui.outline(surface, rect, theme.TEXT, thickness=max(3, int(5 * u)))
            if hint_from == ("card", card):
                cardui.outline(surface, rect, theme.GOOD, thickness=max(3, int(5 * u)), gap=max(2, int(6 * u)))
            if focused == ("hand", index):
                cardui.outline(surface, rect, theme.ACCENT, thickness=max(3, int(5 * u)), gap=max(3, int(9 * u)))
        if not layout.hand_cards and self.state.phase == rules.PLAY:
            blit_text(surface, t(K + "hand.empty"), theme.SMALL * u, theme.TEXT_DIM, layout.hand_area.center, "center")

    def _draw_buttons(self, surface, layout, focused, hint_end):
        u = layout.u
        for name, rect in layout.buttons.items():
            is_focused = focused == ("button", name)
            primary = name in ("end", "next", "result")
            colour = theme.ACCENT_DARK if primary else theme.PANEL
            if is_focused:
                colour = theme.PANEL_LIGHT if not primary else (176, 132, 30)
            pygame.draw.rect(surface, colour, rect, border_radius=int(12 * u))
            if hint_end and name == "end":
                pygame.draw.rect(surface, theme.GOOD, rect.inflate(int(10 * u), int(10 * u)), max(3, int(4 * u)),
                                 border_radius=int(16 * u))
            if is_focused:
                pygame.draw.rect(surface, theme.ACCENT, rect, max(2, int(4 * u)), border_radius=int(12 * u))
            label = fit(self.button_label(name), int(theme.SMALL * u), rect.w - int(16 * u), primary)
            blit_text(surface, label, theme.SMALL * u, theme.TEXT, rect.center, "center", bold=primary)

    def _flight_end(self, layout, flight) -> list[pygame.Rect]:
        kind = flight.end[0]
        if kind == "pile":
            _, place, count = flight.end
            return layout.piles[place][-count:] if layout.piles[place] else [layout.bases[place]] * count
        seat = flight.end[1]
        if seat == layout.bottom and flight.cards and flight.cards[0] is not None:
            ends = []
            for card in flight.cards:
                if card in layout.hand_cards:
                    ends.append(layout.hand[layout.hand_cards.index(card)])
                else:
                    ends.append(layout.anchors[seat])
            return ends
        return [layout.anchors.get(seat, layout.stock)] * len(flight.cards)

    def _draw_flights(self, surface, layout):
        four = bool(self.app.store.settings["four_colour"])
        cw = layout.cw
        for flight in self.flights:
            p = max(0.0, min(1.0, (self.time - flight.t0) / max(1e-6, flight.duration)))
            eased = 1 - (1 - p) ** 3
            ends = self._flight_end(layout, flight)
            for index, card in enumerate(flight.cards):
                start = flight.start[min(index, len(flight.start) - 1)]
                end = ends[min(index, len(ends) - 1)]
                rect = lerp_rect(start, end, eased)
                rect.y -= int(math.sin(p * math.pi) * layout.ch * 0.15)
                if card is None:
                    cardui.draw_card(surface, None, rect, width=cw, face_up=False)
                elif flight.face_up or p > 0.5:
                    cardui.draw_card(surface, card, rect, width=cw, four_colour=four)
                else:
                    cardui.draw_card(surface, None, rect, width=cw, face_up=False)

    def _draw_drag(self, surface, layout, legal):
        if not self.drag:
            return
        four = bool(self.app.store.settings["four_colour"])
        rects = self.drag_rects(self.drag)
        kind, value = self.drag["item"]
        place = self.drop_place(layout, self.drag["pos"], rects[:1] if kind == "card" else rects)
        if place is not None and not (kind == "pile" and place == value):
            rects_at = layout.piles[place]
            top = rects_at[-1] if rects_at else layout.bases[place]
            colour = theme.LEGAL if place in legal else theme.BAD
            cardui.outline(surface, top, colour, thickness=max(3, int(7 * layout.u)))
        for card, rect in zip(self.drag["cards"], rects):
            cardui.draw_card(surface, card, rect.move(0, -int(4 * layout.u)), four_colour=four)

    def _draw_sheet_cached(self, surface, layout):
        area = layout.sheet
        key = (area.size, layout.u, bool(self.app.store.settings["four_colour"]), language(), self.version,
               self.sheet_ack, self.state.is_over())
        if self._sheet_image is None or self._sheet_image[0] != key:
            margin = int(12 * layout.u)
            image = pygame.Surface((area.w + margin, area.h + margin))
            image.fill(CLEAR)
            image.set_colorkey(CLEAR, pygame.RLEACCEL)   # opaque with a colour key: a fast blit
            self._draw_sheet(image, layout, pygame.Rect(0, 0, area.w, area.h))
            self._sheet_image = (key, image)
        surface.blit(self._sheet_image[1], area.topleft)

    def _draw_sheet(self, surface, layout, area):
        """The score sheet: a column per seat, a row per hand, the totals; this hand's cards left."""
        u = layout.u
        state = self.state
        chips = state.scoring == "chips"
        entry = state.sheet[-1] if state.sheet else None
        players = state.players
        small, tiny, body = theme.SMALL * u, theme.TINY * u, theme.BODY * u
        pad = int(26 * u)
        width = area.w
        label_w = int(width * 0.2)
        col_w = (width - 2 * pad - label_w) / players
        row_h = int(tiny * 1.45)
        left_lines = []
        if entry is not None:
            for seat in range(players):
                codes = entry.get("left", [])[seat] if seat < len(entry.get("left", [])) else []
                left_lines.append(self._card_lines([Card.parse(code) for code in codes if code], int(tiny),
                                                   int(col_w - 10 * u)))
        left_h = max((len(lines) for lines in left_lines), default=1) * int(tiny * 1.3) + int(8 * u)
        penalties = (entry.get("penalties") or []) if entry else []
        extra_rows = (1 if any(penalties) else 0) + (1 if chips and entry else 0)
        fixed = (int(20 * u) + int(body * 1.45) + int(small * 1.35) + int(8 * u) + int(12 * u) + int(small * 1.5)
                 + left_h + extra_rows * int(tiny * 1.5) + (int(tiny * 1.8) if self._sheet_note() else 0)
                 + int(16 * u))
        rows_wanted = len(state.sheet)
        room = max(1, (area.h - fixed) // row_h)
        rows = min(rows_wanted, room)
        box = pygame.Rect(0, 0, width, min(area.h, fixed + rows * row_h))
        box.center = area.center
        self._panel(surface, box.move(int(6 * u), int(8 * u)), u, (8, 40, 24))
        self._panel(surface, box, u, theme.BACKGROUND, theme.ACCENT_DARK, 3)
        y = box.y + int(20 * u)
        if state.is_over():
            title = self.status_text()
        elif entry is None:
            title = ""
        elif entry.get("winner") is None:
            title = t(K + "sheet.deadlock", n=entry["hand"])
        else:
            title = self.said("sheet.won", entry["winner"], name=self.seat_name(entry["winner"]), n=entry["hand"])
        blit_text(surface, fit(title, int(body), box.w - 2 * pad, True), body, theme.TEXT, (box.centerx, y),
                  "midtop", bold=True)
        y += int(body * 1.45)

        def col_x(seat):
            return box.x + pad + label_w + col_w * (seat + 0.5)

        for seat in range(players):
            name = fit(self.seat_name(seat), int(small), int(col_w - 8 * u), True)
            blit_text(surface, name, small, theme.TEXT, (col_x(seat), y), "midtop", bold=True)
        y += int(small * 1.35)
        pygame.draw.line(surface, theme.TEXT_DIM, (box.x + pad, y), (box.right - pad, y), max(1, int(2 * u)))
        y += int(8 * u)
        shown = state.sheet[len(state.sheet) - rows:]
        if rows < rows_wanted:
            shown = shown[1:]
            blit_text(surface, t(K + "sheet.earlier", n=rows_wanted - len(shown)), tiny, theme.TEXT_DIM,
                      (box.x + pad, y), "topleft")
            y += row_h
        for row in shown:
            current = row is entry
            colour = theme.TEXT if current else theme.TEXT_DIM
            blit_text(surface, t(K + "sheet.hand", n=row["hand"]), tiny, colour, (box.x + pad, y), "topleft",
                      bold=current)
            values = row.get("chips") if chips else row.get("points")
            for seat in range(players):
                value = values[seat] if values and seat < len(values) else None
                text = "?" if value is None else (f"{value:+d}" if chips else str(value))
                won = row.get("winner") == seat
                if won:
                    text = "\u2605 " + text
                blit_text(surface, text, tiny, theme.GOOD if won else colour, (col_x(seat), y), "midtop", bold=current)
            y += row_h
        pygame.draw.line(surface, theme.TEXT_DIM, (box.x + pad, y + int(2 * u)), (box.right - pad, y + int(2 * u)),
                         max(1, int(2 * u)))
        y += int(12 * u)
        blit_text(surface, t(K + ("sheet.balance" if chips else "sheet.total")), small, theme.TEXT, (box.x + pad, y),
                  "topleft", bold=True)
        scores = state.scores()
        best = (max(scores) if chips else min(scores)) if scores else None
        for seat in range(players):
            text = f"{scores[seat]:+d}" if chips else str(scores[seat])
            blit_text(surface, text, small, theme.ACCENT if scores[seat] == best else theme.TEXT,
                      (col_x(seat), y), "midtop", bold=True)
        y += int(small * 1.5)
        if entry is not None:
            blit_text(surface, fit(t(K + "sheet.left"), int(tiny), label_w - int(8 * u)), tiny, theme.TEXT_DIM,
                      (box.x + pad, y), "topleft")
            for seat, lines in enumerate(left_lines):
                for index, line in enumerate(lines):
                    self._blit_card_line(surface, line, int(tiny), (col_x(seat), y + index * int(tiny * 1.3)))
            y += left_h
            if any(penalties):
                blit_text(surface, fit(t(K + "sheet.kings_first"), int(tiny), label_w - int(8 * u)), tiny,
                          theme.TEXT_DIM, (box.x + pad, y), "topleft")
                for seat in range(players):
                    value = penalties[seat] if seat < len(penalties) else 0
                    blit_text(surface, f"+{value}" if value else "\u2014", tiny, theme.BAD if value else theme.TEXT_DIM,
                              (col_x(seat), y), "midtop")
                y += int(tiny * 1.5)
            if chips:
                blit_text(surface, t(K + "sheet.pot", n=entry.get("pot", state.pot), won=entry.get("pot_won", 0)),
                          tiny, theme.TEXT_DIM, (box.x + pad, y), "topleft")
                y += int(tiny * 1.5)
        note = self._sheet_note()
        if note:
            blit_text(surface, fit(note, int(tiny), box.w - 2 * pad), tiny, theme.ACCENT,
                      (box.centerx, box.bottom - int(14 * u)), "midbottom")

    def _card_lines(self, hand, size: int, width: int) -> list:
        """Cards as text lines (each a list of cards) fitting `width`; at most three lines."""
        if not hand:
            return [[]]
        space = render(" ", size).get_width()
        lines, line, used = [], [], 0
        for card in hand_order(hand):
            w = render(str(card), size, theme.TEXT, True).get_width()
            if line and used + space + w > width:
                lines.append(line)
                line, used = [], 0
            used += (space if line else 0) + w
            line.append(card)
        lines.append(line)
        if len(lines) > 3:
            lines = lines[:3]
            lines[2] = lines[2][:-1] + ["\u2026"]
        return lines

    def _blit_card_line(self, surface, line, size: int, midtop) -> None:
        """Cards in their suit's colour (light inks for the dark sheet), centred at `midtop`."""
        if not line:
            blit_text(surface, "\u2014", size, theme.TEXT_DIM, midtop, "midtop")
            return
        four = bool(self.app.store.settings["four_colour"])
        images = []
        for card in line:
            if isinstance(card, str):
                images.append(render(card, size, theme.TEXT, True))
                continue
            images.append(render(str(card), size, suit_ink(card.suit, four), True))
        space = render(" ", size).get_width()
        total = sum(image.get_width() for image in images) + space * (len(images) - 1)
        x = midtop[0] - total / 2
        for image in images:
            surface.blit(image, (round(x), midtop[1]))
            x += image.get_width() + space

    def _sheet_note(self) -> str:
        state = self.state
        if state.is_over():
            return ""
        dealer = state.to_move()
        name = self.seat_name(dealer)
        if self.human_seats and self.sheet_ack != state.hand_no and not self.is_human(dealer):
            return t(K + "sheet.press_next", name=name)
        if self.is_human(dealer):
            return self.said("sheet.human_deals", dealer, name=name)
        return t(K + "sheet.dealing", name=name)

    # -- legend -----------------------------------------------------------------------------
    def legend(self):
        state = self.state
        if state.is_over():
            items = [(inp.CONFIRM, K + "legend.result")] if self.result_shown else []
            return items + [(inp.MENU, "legend.pause")]
        if state.hand_over():
            return [(inp.CONFIRM, K + "legend.next_hand"), (inp.MENU, "legend.pause")]
        if not self.can_play():
            return [(inp.MENU, "legend.pause")]
        items = [(inp.UP, "legend.move"), (inp.CONFIRM, "legend.choose")]
        if self.selected:
            items.append((inp.BACK, "legend.cancel"))
        items.append((inp.NEXT, K + "legend." + self.end_key()))
        items.append((inp.ACTION1, "legend.hint"))
        if self.can_undo():
            items.append((inp.ACTION2, "legend.undo"))
        items.append((inp.MENU, "legend.pause"))
        return items


SCENE = KingsCornersScene
