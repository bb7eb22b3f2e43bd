"""Seats around the viewer: who sits where, their name plates, their face-down hands, and the
viewer's own fanned hand.

The viewer sits at the bottom; the others follow in turn order clockwise: the next player on
the left, then across, then on the right (`seat_sides`). `arrange_seats` places a plate and a
face-down hand for each of them around a table area and leaves the middle to the game.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import cards as cardui
from game.ui import theme
from game.ui.portraits import portrait
from game.ui.table.draw import Piece, draw_card_sprite, fan_mark, mark, mark_reach, marks, panel
from game.ui.text import blit_text, render

SIDES = {1: (), 2: ("top",), 3: ("left", "right"), 4: ("left", "top", "right")}


def seat_sides(players: int, bottom: int) -> dict[int, str]:
    """seat -> "bottom", "left", "top" or "right", seen from `bottom`."""
    sides = {bottom: "bottom"}
    for step, side in enumerate(SIDES[players], start=1):
        sides[(bottom + step) % players] = side
    return sides


def plate_size(u: float, area: pygame.Rect) -> tuple[int, int]:
    return (int(min(330 * u, area.w * 0.18)),
            int(theme.SMALL * u * 1.25 + theme.TINY * u * 1.25 + 20 * u))


PLATE_TEXT = 185   # the text room a plate keeps beside its portrait (a longer detail shrinks by the kit's rule)


def portrait_size(rect: pygame.Rect, u: float) -> int:
    """The side of a plate's portrait: the plate's height less its margins, smaller on a
    narrow plate (couch mode's) so that its text keeps `PLATE_TEXT`, but never below half of
    that. It depends on the plate's size only, so the plates of a table show equal faces."""
    full = rect.h - int(18 * u)
    return max(12, full // 2, min(full, rect.w - 2 * int(14 * u) - int(10 * u) - int(PLATE_TEXT * u)))


def plate_text_width(rect: pygame.Rect, u: float, face: bool, badge: bool) -> int:
    """The room a plate gives its name and detail line: beside a portrait (`face`), else
    left of the dealer's disc (`badge`), which goes onto a portrait when there is one."""
    pad, radius = int(14 * u), int(17 * u)
    if face:
        return rect.w - 2 * pad - portrait_size(rect, u) - int(10 * u)
    return rect.w - 2 * pad - (2 * radius + int(8 * u) if badge else 0)


@dataclass
class SeatPlace:
    side: str
    plate: pygame.Rect
    cards: list = field(default_factory=list)    # the face-down hand, drawing order
    anchor: pygame.Rect | None = None            # a card-sized place at the seat


@dataclass
class SeatsLayout:
    places: dict            # seat -> SeatPlace
    middle: pygame.Rect     # the table between the seats
    hand_area: pygame.Rect  # the viewer's hand


def arrange_seats(area: pygame.Rect, top: int, hand_row: pygame.Rect, right_reserve: int, players: int,
                  bottom: int, counts, u: float, card_width: int, back_width: int) -> SeatsLayout:
    """Plates and face-down hands around `area` below `top`; the viewer's plate at the left of
    `hand_row` and the hand between it and `right_reserve` pixels kept free on the right
    (the buttons). `counts[seat]` is how many cards each hand shows."""
    m = int(14 * u)
    pw, ph = plate_size(u, area)
    bw = back_width
    bh = cardui.card_size(bw)[1]
    cw, ch = cardui.card_size(card_width)
    sides = seat_sides(players, bottom)
    side_w = max(pw, bh + int(20 * u))
    has_sides = "left" in sides.values()
    middle = pygame.Rect(area.x + m + (side_w + int(24 * u) if has_sides else 0), 0, 0, 0)
    middle.width = area.right - m - (side_w + int(24 * u) if has_sides else 0) - middle.x
    middle.top = top + max(bh, ph) + int(14 * u) if "top" in sides.values() else top + int(8 * u)
    middle.height = hand_row.top - int(ch * 0.2) - int(8 * u) - middle.top
    cx, cy = area.centerx, middle.centery
    places = {}
    for seat, side in sides.items():
        count = counts[seat]
        anchor = pygame.Rect(0, 0, cw, ch)
        if side == "bottom":
            plate = pygame.Rect(0, 0, pw, ph)
            plate.midleft = (area.x + m, hand_row.centery)
            places[seat] = SeatPlace(side, plate, [], anchor)
            continue
        if side == "top":
            fan = pygame.Rect(0, top, min(int(area.w * 0.34), bw + int(bw * 0.3) * 19), bh)
            fan.centerx = cx + pw // 2
            rects = cardui.fan_positions(count, fan, bw, step=bw * 0.3)
            plate = pygame.Rect(0, 0, pw, ph)
            plate.midright = ((rects[0].left if rects else fan.centerx) - int(14 * u), fan.centery)
            anchor.midtop = (fan.centerx, top - ch // 3)
        else:
            x0 = area.x + m if side == "left" else area.right - m - side_w
            room = max(bw, middle.h - ph - int(20 * u))
            step = bw * 0.34
            if count > 1:
                step = max(2.0, min(step, (room - bw) / (count - 1)))
            y0 = cy + ph // 2 - (bw + step * max(0, count - 1)) / 2
            x = x0 + (side_w - bh) // 2
            rects = [pygame.Rect(x, round(y0 + i * step), bh, bw) for i in range(count)]
            plate = pygame.Rect(0, 0, pw, ph)
            plate.midbottom = (x0 + side_w // 2, round(y0) - int(10 * u))
            anchor.center = (x0 + side_w // 2, cy)
        places[seat] = SeatPlace(side, plate, rects, anchor)
    left = places[bottom].plate.right + int(24 * u)
    right = area.right - m - right_reserve - int(24 * u)
    hand_area = pygame.Rect(left, hand_row.y, max(cw, right - left), ch)
    places[bottom].anchor.center = hand_area.center
    return SeatsLayout(places, middle, hand_area)


class PhoneLevel(str):
    """A plate's level words for a human seat played from a phone ("on a phone", "phone
    away"): `draw_plate` draws a phone beside the name, red while the phone is away."""

    def __new__(cls, words: str, away: bool = False):
        level = super().__new__(cls, words)
        level.away = away
        return level


def phone_glyph(surface: pygame.Surface, rect: pygame.Rect, colour: tuple, u: float) -> None:
    """A phone drawn in `rect`: a rounded body and the dot of its button (no font has one for sure)."""
    line = max(1, int(2 * u))
    pygame.draw.rect(surface, colour, rect, line, border_radius=max(2, rect.w // 4))
    radius = max(1, rect.w // 7)
    pygame.draw.circle(surface, colour, (rect.centerx, rect.bottom - line - radius - max(1, int(2 * u))), radius)


def phone_size(u: float) -> tuple[int, int]:
    """The phone glyph's width and height beside a plate's name."""
    height = max(8, int(theme.SMALL * u * 0.85))
    return max(5, int(height * 0.58)), height


def plate_pieces(rect: pygame.Rect, u: float, name: str, level: str, detail: str, active: bool, badge: str = "",
                 face=None, hand: list | None = None, **look) -> list:
    """A seat's plate (`draw_plate`, with its `look`: team, ring, ring_below) as pieces of a
    table's `PieceLayer`, and when `active` the ring around its face-down `hand` (rects),
    put together for the hand's length (`fan_mark`)."""
    said = (u, name, level, detail, active, badge)
    found = [Piece(rect.inflate(int(16 * u), int(16 * u)), (said, face, tuple(sorted(look.items()))),
                   lambda surface: draw_plate(surface, rect, *said, face=face, **look))]
    if hand and active:
        ring = hand[0].unionall(hand)
        reach = mark_reach("turn", u) + 2
        found.append(Piece(ring.inflate(2 * reach, 2 * reach), "turn", lambda surface: fan_mark(surface, ring, "turn", u)))
    return found


def warm_turn_rings(seats_for, players: int, u: float, most: int) -> None:
    """The ring `plate_pieces` draws around a seat's face-down hand, made ahead for every
    hand of 1 to `most` cards (`seats_for(counts)`: the table's `arrange_seats` for those
    counts): a ring fits its hand's length, and the frame a seat's turn came in made it
    (0.6 to 2.4 ms at 1080p). Drawn onto a pixel, which keeps nothing but the ring's image."""
    scratch = pygame.Surface((1, 1))
    for count in range(1, most + 1):
        for place in seats_for([count] * players).places.values():
            if place.cards:
                fan_mark(scratch, place.cards[0].unionall(place.cards), "turn", u)


def draw_plate(surface: pygame.Surface, rect: pygame.Rect, u: float, name: str, level: str, detail: str,
               active: bool, badge: str = "", team: tuple | None = None, face=None, ring: tuple | None = None,
               ring_below: tuple | None = None) -> None:
    """A seat's plate: name and level, a line of detail (cards, points), lit when it is the
    seat's turn; `badge` a letter in a gold disc (the dealer), `team` a colour stripe.

    `face`, a character (game/characters.py), puts its portrait left of the name, ringed in
    `ring` (a seat's colour) where given, its lower half in `ring_below` where given (the
    partner's colour: partners wear the same two colours); the badge then sits on the
    portrait's corner, so the name keeps the room for its level beside it. A `PhoneLevel` puts
    a phone between the name and its words."""
    if active:
        pygame.draw.rect(surface, theme.ACCENT_DARK, rect.inflate(int(10 * u), int(10 * u)), border_radius=int(18 * u))
    panel(surface, rect, u, theme.PANEL_LIGHT if active else theme.PANEL, theme.ACCENT if active else None)
    if team is not None:
        stripe = pygame.Rect(rect.x, rect.y + int(10 * u), max(3, int(6 * u)), rect.h - int(20 * u))
        pygame.draw.rect(surface, team, stripe, border_radius=stripe.w // 2)
    pad, radius = int(14 * u), int(17 * u)
    left = rect.x + pad
    inner = plate_text_width(rect, u, face is not None, bool(badge))
    if face is not None:
        size = portrait_size(rect, u)
        centre = (left + size // 2, rect.centery)
        surface.blit(portrait(face, size), (left, rect.centery - size // 2))
        width = max(2, int((5 if ring else 3) * u))
        colour = ring or (theme.ACCENT if active else theme.TEXT_DIM)
        pygame.draw.circle(surface, colour, centre, size // 2 + width // 2, width)
        if ring_below is not None:
            pygame.draw.circle(surface, ring_below, centre, size // 2 + width // 2, width,
                               draw_bottom_left=True, draw_bottom_right=True)
        left += size + int(10 * u)
        if badge:   # on the portrait's lower right, clear of the name's line
            _badge(surface, badge, (centre[0] + int(size * 0.36), centre[1] + int(size * 0.3)), int(13 * u), u)
            badge = ""
    alone = not level and not detail     # the name alone (a human where the table counts nothing): in the middle
    phone = isinstance(level, PhoneLevel)
    glyph = pygame.Rect((0, 0), phone_size(u)) if phone else pygame.Rect(0, 0, 0, 0)
    gap = int(10 * u)
    name_rect = blit_text(surface, name, theme.SMALL * u, theme.TEXT,
                          (left, rect.centery) if alone else (left, rect.y + int(10 * u)),
                          "midleft" if alone else "topleft", bold=True,
                          width=inner - (glyph.w + gap if phone else 0), box=rect)
    after = name_rect.right
    if phone:       # beside the name, its words after it
        glyph.midleft = (name_rect.right + gap, name_rect.centery)
        phone_glyph(surface, glyph, theme.BAD if level.away else theme.ACCENT, u)
        after = glyph.right
    room = left + inner - after - gap
    size = next((size for size in (theme.TINY * u, theme.TINY * u * 0.85, theme.TINY * u * 0.7)
                 if level and render(level, int(size)).get_width() <= room), None)
    if size is not None:     # beside the name, a little smaller where it must
        blit_text(surface, level, size, theme.BAD if phone and level.away else theme.TEXT_DIM,
                  (after + gap, name_rect.bottom - int(3 * u)), "bottomleft")
    detail_size = theme.TINY * u
    if size is None and level:     # else before the detail, where that line has room (a phone's a little smaller)
        sizes = (detail_size, detail_size * 0.85, detail_size * 0.75) if phone else (detail_size,)
        fit = next((size for size in sizes if render(f"{level} \u00b7 {detail}", int(size)).get_width() <= inner), None)
        if fit is not None:
            detail, detail_size = (f"{level} \u00b7 {detail}" if detail else level), fit
    if detail:
        blit_text(surface, detail, detail_size, theme.TEXT if active else theme.TEXT_DIM,
                  (left, name_rect.bottom + int(6 * u)), "topleft", width=inner, box=rect)
    if badge:
        _badge(surface, badge, (rect.right - pad - radius, rect.centery), radius, u)


def _badge(surface: pygame.Surface, letter: str, centre: tuple, radius: int, u: float) -> None:
    """A letter in a gold disc (the dealer's D)."""
    pygame.draw.circle(surface, theme.ACCENT, centre, radius)
    pygame.draw.circle(surface, theme.ACCENT_DARK, centre, radius, max(1, int(2 * u)))
    blit_text(surface, letter, min(theme.TINY * u, radius * 1.5), theme.BACKGROUND, centre, "center", bold=True)


HAND_STEP = 0.75   # the viewer's hand: three quarters of each card show where there is room


def hand_fan(count: int, area: pygame.Rect, card_width: int) -> list[pygame.Rect]:
    """The viewer's hand fanned across `area`: most of each face showing where there is room
    (a hand is read and clicked card by card), closer together where there is not."""
    return cardui.fan_positions(count, area, card_width, step=card_width * HAND_STEP)


def lifted(rects, lift: int, focus=None, chosen: int | None = None) -> list[pygame.Rect]:
    """The viewer's hand as drawn: the card at index `chosen` raised by `lift`, the one under
    the cursor (`focus` ("hand", index)) by half of it."""
    return [rect.move(0, -(lift if index == chosen else lift // 2 if focus == ("hand", index) else 0))
            for index, rect in enumerate(rects)]


def draw_hand(surface: pygame.Surface, cards, rects, u: float, four_colour: bool = False, *, frame=None, keys=None,
              away=(), marks_of=None, on_top=(), new=(), new_label: str = "", empty: str = "", area=None) -> None:
    """The viewer's hand: each card face up (None: a back) at its rect (`rects`, as lifted).

    `frame`: the hand's resting rects, framed in gold (the viewer may play; None: no frame).
    `keys[i]` names card i for the animator (by default the card itself): those in `away`
    (in flight, dragged) are drawn elsewhere. `marks_of(index, card)` gives a card's marks
    (kind -> shown, drawn in order, see `draw.marks`); `on_top` marks, (index, kind), go over
    the whole hand. A card in `new` (just drawn) has a gold dot, the first of them `new_label`
    beside it. An empty hand says `empty` in the middle of `area`.
    """
    if frame:
        box = frame[0].unionall(frame).inflate(int(16 * u), int(12 * u))
        pygame.draw.rect(surface, theme.ACCENT_DARK, box.move(0, int(4 * u)), max(2, int(3 * u)),
                         border_radius=int(14 * u))
    labelled = False
    for index, (card, rect) in enumerate(zip(cards, rects)):
        if (card if keys is None else keys[index]) in away:
            continue
        draw_card_sprite(surface, card, rect, "face" if card is not None else "back", four_colour)
        if card is not None and card in new:   # one label: over several cards drawn at once the dots say it
            new_card_dot(surface, rect, u, "" if labelled else new_label)
            labelled = True
        if marks_of is not None:
            marks(surface, rect, u, **marks_of(index, card))
    for index, kind in on_top:
        mark(surface, rects[index], kind, u)
    if not cards and empty:
        blit_text(surface, empty, theme.SMALL * u, theme.TEXT_DIM, area.center, "center")


def new_card_dot(surface: pygame.Surface, rect: pygame.Rect, u: float, label: str = "") -> None:
    """A gold dot over a card just drawn, with a word beside the first of them."""
    radius = max(3, int(7 * u))
    centre = (rect.x + int(rect.w * 0.16), rect.y - radius - int(5 * u))
    pygame.draw.circle(surface, theme.ACCENT, centre, radius)
    if label:
        blit_text(surface, label, theme.TINY * u, theme.ACCENT, (centre[0] - radius - int(6 * u), centre[1]),
                  "midright", bold=True)
