"""Playing cards drawn by code: all 52 faces, a back, empty pile slots and highlights.

Nothing is loaded from image files. Shapes (card outline, suit symbols, court figures, the
back pattern) are drawn as polygons and circles at several times the final size and
smooth-scaled down, which gives clean antialiased edges at any width from about 30 px (a
small window) to 300 px (4K couch mode). Text (the rank in the corners) is rendered by the
bundled font at the size it is shown, so it stays crisp.

API (all widths in pixels; a card is `CARD_RATIO` times as high as it is wide):

    CARD_RATIO = 1.4
    card_size(width) -> (w, h)
    corner_radius(width) -> int
    colour_of(suit, four_colour=False) -> (r, g, b)
    face(card, width, four_colour=False) -> Surface        # exactly card_size(width)
    back(width, colour="blue") -> Surface                  # "blue", "red" or an (r, g, b)
    slot(width, label="", color=(255, 255, 255)) -> Surface  # empty pile place
    shadow(width) -> (Surface, (dx, dy))                   # soft drop shadow and its offset
    draw_card(surface, card_or_None, rect_or_topleft, width=None, face_up=True,
              four_colour=False, shadow=True, back_colour="blue") -> Rect
              # card None draws a back; width None takes the rect's width
    draw_slot(surface, rect_or_topleft, width=None, label="") -> Rect
    outline(surface, rect, color, thickness=None, gap=None) -> Rect
              # rounded highlight just outside a card rect (selection, legal target);
              # color may have an alpha component
    fan_positions(count, area, card_width, step=None, direction="right",
                  align="center") -> list[Rect]
              # a fanned hand or a column: overlap shrinks so that every card fits in area
    card_at(rects, pos) -> int | None                       # topmost card under the mouse
    turned_back(width, colour="blue") -> Surface            # a back lying sideways
    tinted_face(card, width, four_colour, tint) -> Surface  # a dimmed face
    strip_face(card, width, side, strip, four_colour) -> Surface  # upright index on a covered edge
    blit_card_image(surface, image, rect, width, turned=False)    # a prepared image with shadow
    suit_ink(suit, four_colour) -> (r, g, b)                # a suit's colour on dark panels
    card_lines(cards, size, width) / draw_card_line(surface, line, size, midtop, four_colour)
    pip(suit, size, colour, flip=False) -> Surface          # a suit symbol, size px square
    clear_cache()

Layout: a large ("jumbo") corner index, relatively larger on small cards, then the pips in
the traditional pattern (lower half upside down), the ace with one big symbol, J Q K as
framed double-ended figures (king: tall crown, white beard, sword; queen: long hair, tiara,
flower; jack: feathered cap, halberd) in the suit's colour with gold. Below 36 px wide there
is no room for two columns of pips beside the index, so number cards show one suit symbol
in the middle and are read by their index.

Every surface returned is cached (an LRU bounded by memory, so resizing the window does not
leak): treat them as read-only and blit them. Generating a new width costs about a
millisecond or two per card; a cached card is a single blit.

The four-colour deck (hearts red, diamonds blue, clubs green, spades black) is a parameter
everywhere a face is drawn: it helps telling suits apart on a TV from the sofa.
"""
from __future__ import annotations

import functools
import math
from collections import OrderedDict

import pygame

from game.cards import SUITS, Card
from game.ui import text as _text

CARD_RATIO = 1.4
MIN_FIGURE = 8          # the narrowest court frame (px) that gets a figure

# Colours -----------------------------------------------------------------------------------
PAPER = (252, 251, 247)
EDGE = (118, 118, 112)
RED = (206, 22, 36)
BLACK = (24, 24, 30)
BLUE = (22, 86, 206)
GREEN = (14, 128, 52)
GOLD = (232, 184, 52)
GOLD_DARK = (168, 122, 24)
SKIN = (248, 218, 186)
INK = (38, 34, 36)
CREAM = (252, 247, 232)
WHITE = (255, 255, 255)
BACKS = {"blue": (28, 52, 122), "red": (138, 26, 38)}

_TWO_COLOUR = {"S": BLACK, "H": RED, "C": BLACK, "D": RED}
_FOUR_COLOUR = {"S": BLACK, "H": RED, "C": GREEN, "D": BLUE}


@functools.lru_cache(maxsize=256)
def card_size(width) -> tuple[int, int]:
    """(width, height) in whole pixels of a card `width` pixels wide."""
    w = max(1, int(round(width)))
    return w, int(round(w * CARD_RATIO))


def table_card_width(window, grow: float = 1.0) -> int:
    """The width of the cards on a card table in a window of size `window`: an eleventh of its
    shorter side, times `grow` (couch mode's enlargement, `App.couch_scale`)."""
    return max(24, int(min(window) / 11 * grow))


def corner_radius(width) -> int:
    return max(2, int(round(width * 0.065)))


def colour_of(suit: str, four_colour: bool = False) -> tuple[int, int, int]:
    """The ink of a suit: red/near-black, or the four-colour deck's red/blue/green/black."""
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit]


# A small LRU cache bounded by the pixels it holds ------------------------------------------
class _SurfaceCache:
    def __init__(self, max_bytes: int = 160 * 1024 * 1024, max_items: int = 2048):
        self.max_bytes = max_bytes
        self.max_items = max_items
        self._items: OrderedDict = OrderedDict()
        self._bytes = 0

    @staticmethod
    def _size(value) -> int:
        surfaces = value if isinstance(value, tuple) else (value,)
        return sum(s.get_width() * s.get_height() * 4 for s in surfaces
                   if isinstance(s, pygame.Surface))

    def get(self, key, make):
        try:
            value = self._items[key]
        except KeyError:
            value = make()
            self._items[key] = value
            self._bytes += self._size(value)
            while self._items and (self._bytes > self.max_bytes or len(self._items) > self.max_items):
                _, old = self._items.popitem(last=False)
                self._bytes -= self._size(old)
            return value
        self._items.move_to_end(key)
        return value

    def clear(self):
        self._items.clear()
        self._bytes = 0

    def __len__(self):
        return len(self._items)


_cache = _SurfaceCache()


def made(key) -> bool:
    """Whether the cache holds `key` (an image made and not yet dropped)."""
    return key in _cache._items


def clear_cache() -> None:
    """Forget every generated surface (for example after changing the display mode)."""
    _cache.clear()


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format when there is one (faster blits)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return surface.convert_alpha()
        except pygame.error:
            pass
    return surface


def _ss_for(pixels: float) -> int:
    """Supersampling factor: more for small drawings, at least 2."""
    return max(2, min(8, int(math.ceil(360.0 / max(1.0, pixels)))))


def _downscale(big: pygame.Surface, size) -> pygame.Surface:
    return pygame.transform.smoothscale(big, (max(1, int(size[0])), max(1, int(size[1]))))


def _canvas(size, colour=(0, 0, 0)) -> pygame.Surface:
    """A transparent surface whose clear pixels already carry `colour` (no dark fringes
    when smooth-scaled)."""
    surf = pygame.Surface((max(1, int(size[0])), max(1, int(size[1]))), pygame.SRCALPHA)
    surf.fill((*colour[:3], 0))
    return surf


# Suit symbols as vector shapes ---------------------------------------------------------------
def _heart_curve(n: int = 72):
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return [((x - x0) / (x1 - x0), (y - y0) / (y1 - y0)) for x, y in pts]


_HEART = _heart_curve()


def _stem(top_y: float, half_top: float, half_base: float, n: int = 10):
    """A flared stem under a spade or club: concave sides from (0.5±half_top, top_y) to the
    base (0.5±half_base, 1)."""
    left, right = [], []
    for i in range(n + 1):
        t = i / n
        y = top_y + (1 - top_y) * t
        half = half_top + (half_base - half_top) * (t ** 2.2)
        left.append((0.5 - half, y))
        right.append((0.5 + half, y))
    return left + right[::-1]


def _suit_polys(suit: str):
    """Shapes of a suit symbol in a unit box (x right, y down): list of ("poly", points) and
    ("circle", (cx, cy, r))."""
    if suit == "H":
        return [("poly", [(0.02 + 0.96 * x, 0.04 + 0.92 * y) for x, y in _HEART])]
    if suit == "D":
        pts = []
        n = 12
        corners = [(0.5, 0.0), (0.88, 0.5), (0.5, 1.0), (0.12, 0.5)]
        for k in range(4):
            (ax, ay), (bx, by) = corners[k], corners[(k + 1) % 4]
            for i in range(n):
                t = i / n
                x, y = ax + (bx - ax) * t, ay + (by - ay) * t
                bow = 0.045 * math.sin(math.pi * t)  # concave sides
                cx, cy = x - 0.5, y - 0.5
                d = math.hypot(cx, cy) or 1
                pts.append((x - cx / d * bow, y - cy / d * bow))
        return [("poly", pts)]
    if suit == "S":
        body = [(0.03 + 0.94 * x, 0.80 - 0.80 * y) for x, y in _HEART]
        return [("poly", body), ("poly", _stem(0.55, 0.045, 0.2))]
    if suit == "C":
        r = 0.235
        return [("circle", (0.5, 0.25, r)), ("circle", (0.5 - 0.255, 0.6, r)),
                ("circle", (0.5 + 0.255, 0.6, r)),
                ("poly", [(0.5, 0.3), (0.32, 0.62), (0.68, 0.62)]),
                ("poly", _stem(0.52, 0.05, 0.2))]
    raise ValueError(f"no suit {suit!r}")


def _draw_suit(surf: pygame.Surface, suit: str, box, colour, flip: bool = False) -> None:
    """Draw a suit symbol filling `box` = (x, y, w, h) on a (large) surface."""
    x0, y0, bw, bh = box

    def tx(px, py):
        if flip:
            px, py = 1 - px, 1 - py
        return (x0 + px * bw, y0 + py * bh)

    for kind, data in _suit_polys(suit):
        if kind == "poly":
            pygame.draw.polygon(surf, colour, [tx(*p) for p in data])
        else:
            cx, cy, r = data
            pygame.draw.circle(surf, colour, tx(cx, cy), r * (bw + bh) / 2)


def pip(suit: str, size: int, colour, flip: bool = False) -> pygame.Surface:
    """A suit symbol `size` pixels square, antialiased (cached)."""
    size = max(2, int(size))
    colour = tuple(colour[:3])
    key = ("pip", suit, size, colour, flip)

    def make():
        ss = max(4, _ss_for(size))
        big = _canvas((size * ss, size * ss), colour)
        _draw_suit(big, suit, (0, 0, size * ss, size * ss), colour, flip)
        return _downscale(big, (size, size))

    return _cache.get(key, make)


def _pip_width(suit: str) -> float:
    return 0.76 if suit == "D" else 1.0


# Card base ---------------------------------------------------------------------------------
def _rounded(big, rect, colour, radius):
    pygame.draw.rect(big, colour, rect, border_radius=int(radius))


def _base(width: int) -> pygame.Surface:
    w, h = card_size(width)

    def make():
        ss = _ss_for(w)
        big = _canvas((w * ss, h * ss), EDGE)
        r = corner_radius(w) * ss
        border = max(1.0, w * 0.012) * ss
        _rounded(big, pygame.Rect(0, 0, w * ss, h * ss), EDGE, r)
        inner = pygame.Rect(0, 0, w * ss, h * ss).inflate(-2 * border, -2 * border)
        _rounded(big, inner, PAPER, max(1, r - border))
        return _downscale(big, (w, h))

    return _cache.get(("base", w), make)


def shadow(width) -> tuple[pygame.Surface, tuple[int, int]]:
    """A soft drop shadow for a card `width` wide, and the offset at which to blit it
    relative to the card's top-left (it is larger than the card)."""
    w, h = card_size(width)

    def make():
        blur = max(1, int(round(w * 0.035)))
        pad = blur * 3
        size = (w + 2 * pad, h + 2 * pad)
        # the blur's cost grows with the cube of the width (a large card took 30-150 ms, a
        # hitch the first time it was drawn): blur at most ~200 px wide, then scale up
        shrink = max(1, w // 100)
        surf = _canvas((size[0] // shrink, size[1] // shrink))
        _rounded(surf, pygame.Rect(pad // shrink, pad // shrink, w // shrink, h // shrink), (0, 0, 0, 120),
                 corner_radius(w) // shrink)
        try:
            surf = pygame.transform.gaussian_blur(surf, max(1, blur // shrink))
        except (AttributeError, ValueError, pygame.error):
            small = pygame.transform.smoothscale(surf, (max(1, surf.get_width() // 4),
                                                        max(1, surf.get_height() // 4)))
            surf = pygame.transform.smoothscale(small, surf.get_size())
        if shrink > 1:
            surf = pygame.transform.smoothscale(surf, size)
        dy = max(1, int(round(w * 0.025)))
        dx = max(0, int(round(w * 0.008)))
        return _ready(surf), (dx - pad, dy - pad)

    surf, off = _cache.get(("shadow", w), make)
    return surf, off


_shadow_image = shadow  # draw_card has a parameter named shadow


def _blit_shadow(surface: pygame.Surface, rect: pygame.Rect, w: int) -> None:
    """Blit only the parts of the shadow the card will not cover (its opaque middle, inset
    by the corner radius, hides the rest): about half the pixels of a full blit."""
    shade, (dx, dy) = _shadow_image(w)
    sw, sh = shade.get_size()
    r = corner_radius(w)
    # the card's opaque inner rect, in the shadow's coordinates
    inner = pygame.Rect(-dx + r, -dy + r, rect.w - 2 * r, rect.h - 2 * r)
    if inner.w <= 0 or inner.h <= 0:
        surface.blit(shade, (rect.x + dx, rect.y + dy))
        return
    ox, oy = rect.x + dx, rect.y + dy
    for area in ((0, 0, sw, inner.top), (0, inner.bottom, sw, sh - inner.bottom),
                 (0, inner.top, inner.left, inner.h),
                 (inner.right, inner.top, sw - inner.right, inner.h)):
        if area[2] > 0 and area[3] > 0:
            surface.blit(shade, (ox + area[0], oy + area[1]), area)


# Layout of a face at a given width --------------------------------------------------------
class _Layout:
    """Where the index, the pips and the court frame go on a card `w` pixels wide.

    The corner index is large ("jumbo") so that a fanned hand reads at a glance; it is
    relatively larger on small cards. The pip columns move inward so that no pip touches the
    index, and the pips shrink if they would touch each other.
    """

    def __init__(self, w: int):
        h = card_size(w)[1]
        self.w, self.h = w, h
        if w <= 40:  # tiny cards: the index is nearly all one can read
            k = 0.28 + 0.04 * max(0, min(1, (40 - w) / 10))
        else:
            k = 0.2 if w >= 120 else 0.28 - 0.08 * (w - 40) / 80
        fs = max(7, int(round(w * k)))
        self.font_px = fs
        self.cap = max(5, int(round(fs * 0.75)))
        ks = 0.85 if w <= 40 else (0.7 if w >= 90 else 0.85 - 0.15 * (w - 40) / 50)
        self.suit_px = max(5, int(round(fs * ks)))
        left = max(1.0, w * 0.045)
        self.cx = left + 0.45 * fs
        self.top = max(1, int(round(w * 0.05)))
        self.suit_top = self.top + self.cap + max(1, int(round(fs * 0.2)))
        self.right = left + 0.92 * fs
        self.bottom = self.suit_top + self.suit_px
        # pips
        self.row_top, self.row_bottom = h * 0.175, h * 0.825
        half_gap = (self.row_bottom - self.row_top) / 6
        p = w * 0.2
        for _ in range(30):
            col = max(w * 0.3, self.right + w * 0.025 + p / 2)
            d = w / 2 - col
            fits = p <= math.hypot(d, half_gap) / 1.1 and p <= 2 * half_gap * 0.92
            if fits or p < 3:
                break
            p *= 0.96
        self.pip = max(5, int(round(p)))  # below 5 px a pip is only a smudge
        self.cols = (col, w / 2, w - col)
        # the ace's big symbol must clear the index across or above it
        clear_x = 2 * (w / 2 - self.right - w * 0.03)
        clear_y = 2 * (h / 2 - self.bottom - w * 0.03)
        self.ace_max = max(clear_x, clear_y, w * 0.4)
        self.ace = int(round(min(w * 0.46, self.ace_max)))
        # Tiny cards (about 35 px and less): the index leaves no room for two columns of
        # pips, so number cards show one suit symbol in the middle, as the ace does.
        self.compact = w < 36 or (w - 2 * col) < self.pip
        # court frame and the notches left for the indices; a card too narrow for a figure
        # (a few pixels, in a window shrunk far below its minimum) shows its suit symbol
        m = max(1, int(round(w * 0.06)))
        self.frame = pygame.Rect(m, m, max(0, w - 2 * m), max(0, h - 2 * m))
        self.figure = self.frame.w >= MIN_FIGURE
        self.notch = (int(round(self.right + w * 0.03)) - m,
                      int(round(self.bottom + w * 0.035)) - m)


def _layout(w: int) -> _Layout:
    return _cache.get(("layout", w), lambda: _Layout(w))


# Index (rank + suit in the corners) ----------------------------------------------------------
def _rank_image(label: str, font_px: int, colour) -> pygame.Surface:
    """The rank cropped to its glyphs, starting at the cap height (so every rank shares a
    baseline), "10" squeezed to the width of the other ranks."""
    key = ("rank", label, font_px, colour)

    def make():
        f = _text.font(font_px, True)
        cap_top = f.render("K", True, colour).get_bounding_rect().y
        img = f.render(label, True, colour)
        box = img.get_bounding_rect()
        box = pygame.Rect(box.x, cap_top, max(1, box.w), max(1, img.get_height() - cap_top))
        img = img.subsurface(box.clip(img.get_rect())).copy()
        if len(label) > 1:
            target = max(1, int(round(img.get_width() * 0.72)))
            img = pygame.transform.smoothscale(img, (target, img.get_height()))
        return img

    return _cache.get(key, make)


def _draw_index(card_surf: pygame.Surface, card: Card, colour, lay: _Layout) -> None:
    w, h = lay.w, lay.h
    rank_img = _rank_image(card.label, lay.font_px, colour)
    rr = rank_img.get_rect(midtop=(round(lay.cx), lay.top))
    suit_img = pip(card.suit, lay.suit_px, colour)
    sr = suit_img.get_rect(midtop=(round(lay.cx), lay.suit_top))
    card_surf.blit(rank_img, rr)
    card_surf.blit(suit_img, sr)
    # bottom-right, turned half a turn
    card_surf.blit(pygame.transform.rotate(rank_img, 180),
                   (w - rr.right, h - rr.bottom))
    card_surf.blit(pip(card.suit, lay.suit_px, colour, flip=True),
                   (w - sr.right, h - sr.bottom))


# Number cards ----------------------------------------------------------------------------
# Pip positions (column, row): columns 0 (left), 1 (centre), 2 (right); rows as fractions of
# the pip area from top (0) to bottom (1). Pips below the middle are upside down.
_L, _C, _R = 0, 1, 2
_PIPS = {
    2: [(_C, 0), (_C, 1)],
    3: [(_C, 0), (_C, 0.5), (_C, 1)],
    4: [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    5: [(_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)],
    6: [(_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    7: [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    8: [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)],
    9: [(_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5), (_L, 2 / 3), (_R, 2 / 3),
        (_L, 1), (_R, 1)],
    10: [(_L, 0), (_R, 0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3), (_L, 2 / 3), (_R, 2 / 3),
         (_C, 5 / 6), (_L, 1), (_R, 1)],
}


def _draw_pips(card_surf, card: Card, colour, lay: _Layout) -> None:
    for col, row in _PIPS[card.rank]:
        x = lay.cols[col]
        y = lay.row_top + (lay.row_bottom - lay.row_top) * row
        img = pip(card.suit, lay.pip, colour, row > 0.5 + 1e-9)
        card_surf.blit(img, img.get_rect(center=(round(x), round(y))))


def _draw_ace(card_surf, card: Card, colour, lay: _Layout) -> None:
    size = int(round(min(lay.ace * (1.25 if card.suit == "S" else 1.0), lay.ace_max)))
    img = pip(card.suit, size, colour)
    card_surf.blit(img, img.get_rect(center=(lay.w // 2, lay.h // 2)))


# Court cards -----------------------------------------------------------------------------
def _ink_of(suit: str, four_colour: bool):
    main = colour_of(suit, four_colour)
    return (44, 48, 62) if main == BLACK else main  # a softer ink for large areas


_CURVES: dict = {}   # (points, n) -> the curve: the court figures ask for the same few curves


def _curve(points, n=8):
    """A smooth line through control points (Catmull-Rom), kept: a court face reuses its
    figure's curves instead of computing them again (a third of its drawing time)."""
    key = (tuple(points), n)
    known = _CURVES.get(key)
    if known is not None:
        return known
    out = []
    pts = [points[0]] + list(points) + [points[-1]]
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for k in range(n):
            t = k / n
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * ((2 * p1[j]) + (-p0[j] + p2[j]) * t
                                    + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                                    + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3)
                             for j in range(2)))
    out.append(points[-1])
    _CURVES[key] = out
    return out


def _draw_figure(big: pygame.Surface, rank: int, suit: str, main, box):
    """The top half of a double-ended court figure. `box` = (x, y, w, h) on a large surface;
    its bottom edge is the middle of the card. Figure units: the box height is 1, x = 0.5 is
    the centre line, so shapes keep their proportions whatever the box's shape."""
    bx, by, bw, bh = box
    unit = bh
    lw = max(1, int(round(unit * 0.014)))

    def P(x, y):
        return (bx + bw / 2 + (x - 0.5) * unit, by + y * unit)

    def poly(points, colour, outline=True):
        pts = [P(*p) for p in points]
        pygame.draw.polygon(big, colour, pts)
        if outline:
            pygame.draw.polygon(big, INK, pts, lw)

    def ellipse(x0, y0, x1, y1, colour, outline=True):
        a, b = P(x0, y0), P(x1, y1)
        r = pygame.Rect(round(a[0]), round(a[1]), round(b[0] - a[0]), round(b[1] - a[1]))
        pygame.draw.ellipse(big, colour, r)
        if outline:
            pygame.draw.ellipse(big, INK, r, lw)

    def circle(x, y, rad, colour, outline=True):
        c = P(x, y)
        pygame.draw.circle(big, colour, c, rad * unit)
        if outline:
            pygame.draw.circle(big, INK, c, rad * unit, lw)

    def line(a, b, colour, width):
        pygame.draw.line(big, colour, P(*a), P(*b), max(1, int(round(width * unit))))

    hair = {13: (238, 238, 234), 12: (122, 80, 42), 11: (98, 64, 36)}[rank]

    # Props behind the figure, on its left (the viewer's right); a hand holds each
    steel = (214, 218, 226)
    if rank == 13:  # a sword, point up
        poly([(0.875, 1.0), (0.875, 0.36), (0.9, 0.28), (0.925, 0.36), (0.925, 1.0)], steel)
        poly([(0.8, 0.7), (1.0, 0.7), (1.0, 0.74), (0.8, 0.74)], GOLD)
    elif rank == 12:  # a flower
        line((0.9, 1.0), (0.9, 0.42), (92, 104, 58), 0.018)  # olive: not a suit colour
        poly([(0.9, 0.6), (1.0, 0.52), (0.91, 0.65)], (112, 128, 72))
        for a in range(5):
            ang = a * 2 * math.pi / 5 - math.pi / 2
            circle(0.9 + 0.05 * math.cos(ang), 0.38 + 0.05 * math.sin(ang), 0.035, main)
        circle(0.9, 0.38, 0.024, GOLD)
    else:  # a halberd
        poly([(0.89, 1.0), (0.89, 0.34), (0.91, 0.34), (0.91, 1.0)], (120, 80, 40))
        poly([(0.9, 0.24), (0.935, 0.33), (0.9, 0.37), (0.865, 0.33)], steel)
        poly([(0.9, 0.37), (1.02, 0.33), (1.0, 0.49), (0.9, 0.44)], steel)

    # The queen's long hair falls behind the shoulders
    if rank == 12:
        poly(_curve([(0.5, 0.15), (0.3, 0.25), (0.26, 0.52), (0.22, 0.74), (0.5, 0.72),
                     (0.78, 0.74), (0.74, 0.52), (0.7, 0.25), (0.5, 0.15)]), hair)

    # Shoulders and robe
    poly(_curve([(-0.06, 1.0), (-0.05, 0.8), (0.02, 0.69), (0.18, 0.62), (0.4, 0.59),
                 (0.6, 0.59), (0.82, 0.62), (0.98, 0.69), (1.05, 0.8), (1.06, 1.0)]), main)
    for sgn in (-1, 1):  # arms' edges
        pts = [(0.5 + sgn * x, y) for x, y in ((0.33, 0.7), (0.31, 0.85), (0.3, 1.0))]
        pygame.draw.lines(big, INK, False, [P(*p) for p in pts], lw)
    poly([(0.435, 0.6), (0.565, 0.6), (0.63, 1.0), (0.37, 1.0)], GOLD)  # front band
    for x, y in ((0.08, 0.78), (0.92, 0.78), (0.1, 0.92), (0.9, 0.92), (0.22, 0.72),
                 (0.78, 0.72)):
        circle(x, y, 0.016, GOLD, outline=False)
    s = 0.11
    x, y = P(0.5 - s * _pip_width(suit) / 2, 0.84 - s / 2)
    _draw_suit(big, suit, (x, y, s * unit * _pip_width(suit), s * unit), main)
    # the hand on the prop, with a gold cuff
    ellipse(0.855, 0.75, 0.945, 0.85, SKIN)

    # Collar
    if rank == 13:  # ermine
        poly(_curve([(0.1, 0.72), (0.32, 0.6), (0.5, 0.67), (0.68, 0.6), (0.9, 0.72),
                     (0.68, 0.78), (0.5, 0.74), (0.32, 0.78), (0.1, 0.72)], 6), CREAM)
        for x, y in ((0.22, 0.71), (0.35, 0.69), (0.65, 0.69), (0.78, 0.71)):
            circle(x, y, 0.014, INK, outline=False)
    elif rank == 12:  # ruff
        for i in range(7):
            circle(0.32 + i * 0.06, 0.63 + 0.02 * abs(i - 3) / 3, 0.047, CREAM)
    else:
        poly([(0.33, 0.6), (0.5, 0.76), (0.43, 0.6)], CREAM)
        poly([(0.67, 0.6), (0.5, 0.76), (0.57, 0.6)], CREAM)

    # Neck, head, face
    poly([(0.45, 0.48), (0.55, 0.48), (0.555, 0.61), (0.445, 0.61)], SKIN)
    ellipse(0.365, 0.235, 0.635, 0.545, SKIN)
    for ex in (0.445, 0.555):
        circle(ex, 0.39, 0.014, INK, outline=False)
    line((0.47, 0.48), (0.53, 0.48), INK, 0.011)

    if rank == 13:
        # beard and moustache; a tall crown with three points
        poly(_curve([(0.365, 0.4), (0.38, 0.54), (0.5, 0.67), (0.62, 0.54), (0.635, 0.4),
                     (0.57, 0.46), (0.5, 0.45), (0.43, 0.46), (0.365, 0.4)], 6), hair)
        line((0.46, 0.495), (0.54, 0.495), INK, 0.011)
        poly([(0.335, 0.27), (0.325, 0.04), (0.415, 0.13), (0.5, -0.02), (0.585, 0.13),
              (0.675, 0.04), (0.665, 0.27)], GOLD)
        for x, y in ((0.325, 0.04), (0.5, -0.02), (0.675, 0.04)):
            circle(x, y, 0.025, CREAM)
        poly([(0.335, 0.21), (0.665, 0.21), (0.665, 0.275), (0.335, 0.275)], GOLD_DARK)
        circle(0.5, 0.155, 0.03, main)
    elif rank == 12:
        # hair over the forehead and a light tiara with round tips
        poly(_curve([(0.365, 0.4), (0.375, 0.26), (0.5, 0.21), (0.625, 0.26), (0.635, 0.4),
                     (0.57, 0.29), (0.5, 0.28), (0.43, 0.29), (0.365, 0.4)], 6), hair)
        poly([(0.38, 0.24), (0.62, 0.24), (0.6, 0.18), (0.4, 0.18)], GOLD)
        for i, x in enumerate((0.4, 0.45, 0.5, 0.55, 0.6)):
            circle(x, 0.14 - (0.035 if i == 2 else 0.0), 0.025, GOLD)
        circle(0.5, 0.21, 0.018, main, outline=False)
    else:
        # short hair and a cap worn at an angle, with a long feather
        poly(_curve([(0.365, 0.44), (0.36, 0.29), (0.5, 0.25), (0.64, 0.29), (0.635, 0.44),
                     (0.6, 0.32), (0.4, 0.32), (0.365, 0.44)], 6), hair)
        poly(_curve([(0.58, 0.19), (0.68, 0.09), (0.8, 0.02), (0.9, 0.0), (0.84, 0.07),
                     (0.72, 0.16), (0.63, 0.23)], 6), GOLD)
        poly(_curve([(0.3, 0.29), (0.33, 0.18), (0.5, 0.12), (0.68, 0.15), (0.73, 0.25),
                     (0.5, 0.285), (0.3, 0.29)], 6), main)
        poly([(0.31, 0.265), (0.71, 0.24), (0.72, 0.285), (0.31, 0.315)], GOLD)


def _court_art(rank: int, suit: str, lay: _Layout, four_colour: bool) -> pygame.Surface:
    """The framed, double-ended picture of a court card (the size of lay.frame), with the
    two corners left free for the indices."""
    main = _ink_of(suit, four_colour)
    fw, fh = lay.frame.size
    # three times the size is smooth enough for the figures' lines (compared side by side at
    # 49 and 98 px) and a third of the work of four to eight: a court face at 98 px takes
    # about 1.1 ms instead of 3.2, so the face drawn ahead of need no longer makes a slow frame
    ss = min(3, _ss_for(fw))
    W, H = fw * ss, fh * ss
    lw = max(ss, int(round(lay.w * 0.018 * ss)))
    # one drawing surface a size, drawn over whole each time (making one took a court face
    # 0.3 to 0.4 ms of its 2.5 in couch mode)
    big = _cache.get(("court scratch", W, H), lambda: pygame.Surface((W, H)))
    big.fill(CREAM)
    half = H // 2
    _draw_figure(big, rank, suit, main, (0, lw, W, half - lw))
    # a suit symbol in the free top-right corner of the frame
    s = min(W * 0.17, H * 0.12)
    sw = s * _pip_width(suit)
    _draw_suit(big, suit, (W - lw * 2.2 - sw, lw * 2.2, sw, s), main)
    big.blit(pygame.transform.flip(big.subsurface((0, 0, W, half)), True, True), (0, H - half))   # turned half a turn
    pygame.draw.line(big, main, (0, H // 2), (W, H // 2), max(1, lw // 2))
    big.blit(_court_frame(lay, ss, lw, main), (0, 0))
    return _downscale(big, (fw, fh))


def _court_frame(lay: _Layout, ss: int, lw: int, main) -> pygame.Surface:
    """A court picture's frame at `ss` times its size: paper outside, a line in the suit's
    colour, clear inside; the same for every court card of a colour and width (kept)."""
    W, H = lay.frame.w * ss, lay.frame.h * ss
    nx, ny = lay.notch[0] * ss, lay.notch[1] * ss

    def make():
        over = pygame.Surface((W, H), pygame.SRCALPHA)
        over.fill((*PAPER, 255))
        outer = [(nx, 0), (W, 0), (W, H - ny), (W - nx, H - ny), (W - nx, H), (0, H), (0, ny),
                 (nx, ny)]
        inner = [(nx + lw, lw), (W - lw, lw), (W - lw, H - ny - lw), (W - nx - lw, H - ny - lw),
                 (W - nx - lw, H - lw), (lw, H - lw), (lw, ny + lw), (nx + lw, ny + lw)]
        pygame.draw.polygon(over, (*main, 255), outer)
        pygame.draw.polygon(over, (0, 0, 0, 0), inner)
        return over

    return _cache.get(("court frame", W, H, nx, ny, lw, tuple(main)), make)


def _draw_court(card_surf, card: Card, lay: _Layout, four_colour: bool) -> None:
    card_surf.blit(_court_art(card.rank, card.suit, lay, four_colour), lay.frame)


# Faces, backs, slots ------------------------------------------------------------------------
SHOWN_WIDTHS: set = set()   # (width, four colours) of every face asked for: the face warmer draws the rest ahead


def face(card: Card, width, four_colour: bool = False) -> pygame.Surface:
    """The face of `card`, exactly card_size(width) (cached)."""
    w, h = card_size(width)
    card = Card(int(card[0]), str(card[1]))
    key = ("face", card, w, bool(four_colour))
    SHOWN_WIDTHS.add((w, bool(four_colour)))

    def make():
        colour = colour_of(card.suit, four_colour)
        lay = _layout(w)
        surf = _base(w).copy()
        if card.rank == 1 or (card.rank <= 10 and lay.compact) or (card.rank > 10 and not lay.figure):
            _draw_ace(surf, card, colour, lay)
        elif card.rank <= 10:
            _draw_pips(surf, card, colour, lay)
        else:
            _draw_court(surf, card, lay, four_colour)
        _draw_index(surf, card, colour, lay)
        return _ready(surf)

    return _cache.get(key, make)


def prepare(width, four_colour: bool = False) -> None:
    """What every face at `width` shares, made now: the blank card and the corners' ranks and
    suits (about 4.5 ms; the first face made at a width took 2 ms with them, the next 0.2 to 1)."""
    w = card_size(width)[0]
    lay = _layout(w)
    _base(w)
    for suit in SUITS:
        colour = colour_of(suit, four_colour)
        pip(suit, lay.suit_px, colour)
        pip(suit, lay.suit_px, colour, flip=True)
        for rank in range(1, 14):
            _rank_image(Card(rank, suit).label, lay.font_px, colour)


def back(width, colour="blue") -> pygame.Surface:
    """The back of a card: a diamond lattice in dark blue (or "red", or any (r, g, b))."""
    w, h = card_size(width)
    base_colour = BACKS.get(colour, colour) if isinstance(colour, str) else tuple(colour[:3])
    key = ("back", w, base_colour)

    def make():
        ss = _ss_for(w)
        W, H = w * ss, h * ss
        big = _canvas((W, H), EDGE)
        r = corner_radius(w) * ss
        border = max(1.0, w * 0.012) * ss
        _rounded(big, pygame.Rect(0, 0, W, H), EDGE, r)
        _rounded(big, pygame.Rect(0, 0, W, H).inflate(-2 * border, -2 * border), PAPER,
                 max(1, r - border))
        margin = int(round(w * 0.07 * ss))
        field = pygame.Rect(margin, margin, W - 2 * margin, H - 2 * margin)
        pattern = pygame.Surface(field.size)
        pattern.fill(base_colour)
        light = tuple(min(255, int(c + (255 - c) * 0.3)) for c in base_colour)
        lighter = tuple(min(255, int(c + (255 - c) * 0.5)) for c in base_colour)
        # diagonal lattice, the cell scales with the card
        cell = max(4 * ss, field.w / 6.0)
        line = max(1, int(round(cell * 0.1)))
        span = field.w + field.h
        k = -span
        while k < span:
            pygame.draw.line(pattern, light, (k, 0), (k + field.h, field.h), line)
            pygame.draw.line(pattern, light, (k + field.h, 0), (k, field.h), line)
            k += cell
        # small dots in the middle of each diamond
        j = 0
        y = -cell / 2
        while y < field.h + cell:
            x = (cell / 2 if j % 2 else 0) - cell / 2
            while x < field.w + cell:
                pygame.draw.circle(pattern, lighter, (x, y + cell / 2), max(1, cell * 0.09))
                x += cell
            y += cell / 2
            j += 1
        # a medallion in the centre
        cx, cy = field.w / 2, field.h / 2
        mr = field.w * 0.26
        pygame.draw.circle(pattern, base_colour, (cx, cy), mr * 1.12)
        pygame.draw.circle(pattern, lighter, (cx, cy), mr * 1.12, max(1, int(mr * 0.07)))
        pygame.draw.circle(pattern, light, (cx, cy), mr * 0.86, max(1, int(mr * 0.04)))
        s = mr * 0.4  # the four suits in a cross
        for suit, (dx, dy) in zip("SHCD", ((0, -1), (1, 0), (0, 1), (-1, 0))):
            px, py = cx + dx * mr * 0.42, cy + dy * mr * 0.42
            sw = s * _pip_width(suit)
            _draw_suit(pattern, suit, (px - sw / 2, py - s / 2, sw, s), lighter)
        frame = pygame.Surface(field.size, pygame.SRCALPHA)
        frame.fill((0, 0, 0, 0))
        rr = max(1, int(r * 0.55))
        pygame.draw.rect(frame, (255, 255, 255, 255), frame.get_rect(), border_radius=rr)
        pattern = pattern.convert_alpha() if pygame.display.get_surface() else pattern
        masked = pygame.Surface(field.size, pygame.SRCALPHA)
        masked.fill((*base_colour, 0))
        masked.blit(pattern, (0, 0))
        masked.blit(frame, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(masked, field)
        pygame.draw.rect(big, lighter, field.inflate(-2 * line * 2, -2 * line * 2),
                         max(1, line), border_radius=rr)
        return _ready(_downscale(big, (w, h)))

    return _cache.get(key, make)


def slot(width, label: str = "", color=(255, 255, 255)) -> pygame.Surface:
    """An empty pile place: a faint rounded outline with an optional centred label
    (for example "K" or a suit symbol)."""
    w, h = card_size(width)
    color = tuple(color[:3])
    key = ("slot", w, label, color)

    def make():
        ss = _ss_for(w)
        W, H = w * ss, h * ss
        big = _canvas((W, H), color)
        r = corner_radius(w) * ss
        lw = max(ss, int(round(w * 0.025 * ss)))
        pygame.draw.rect(big, (0, 0, 0, 40), pygame.Rect(0, 0, W, H), border_radius=r)
        fill = _canvas((W, H), color)
        pygame.draw.rect(fill, (*color, 120), pygame.Rect(0, 0, W, H), lw, border_radius=r)
        big.blit(fill, (0, 0))
        surf = _downscale(big, (w, h))
        if label:
            img = _text.render(label, max(7, int(w * 0.36)), (*color,), True).copy()
            img.set_alpha(130)
            surf.blit(img, img.get_rect(center=(w // 2, h // 2)))
        return _ready(surf)

    return _cache.get(key, make)


def turned_back(width, colour="blue") -> pygame.Surface:
    """A card back lying sideways (the hands of the players on the left and right)."""
    w = card_size(width)[0]
    return _cache.get(("turned", w, colour), lambda: pygame.transform.rotate(back(w, colour), 90))


def turned_face(card: Card, width, four_colour: bool = False) -> pygame.Surface:
    """A card's face lying sideways, its corner's index at the top (a hand on the left or the
    right shown face up: a review with all hands open)."""
    w = card_size(width)[0]
    return _cache.get(("turned_face", card, w, bool(four_colour)),
                      lambda: pygame.transform.rotate(face(card, w, four_colour), -90))


def _shape_mask(face_image: pygame.Surface) -> pygame.Surface:
    """White with the card's alpha: BLEND_RGBA_MIN with it trims an image to the card's shape."""
    def make():
        mask = face_image.copy()
        mask.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
        return mask
    return _cache.get(("mask", face_image.get_size()), make)


def strip_face(card: Card, width, side: str, strip: int, four_colour: bool = False) -> pygame.Surface:
    """A face whose `side` edge ("bottom" or "right", `strip` pixels) shows the upright
    top-left index: the covered cards of a pile fanned up or to the left stay readable
    (a real card would show its upside-down index there, and a 6 would read as a 9)."""
    w = card_size(width)[0]
    key = ("strip", card, w, side, int(strip), bool(four_colour))

    def make():
        plain = face(card, w, four_colour)
        fw, fh = plain.get_size()
        image = plain.copy()
        border = max(1, int(round(w * 0.012))) + 1
        if side == "bottom":
            cut = max(1, min(int(strip), fh // 2))
            image.blit(plain.subsurface((0, 0, fw, cut)), (0, fh - cut))
            image.blit(plain.subsurface((0, fh - border, fw, border)), (0, fh - border))
        else:
            cut = max(1, min(int(strip), fw // 2))
            image.blit(plain.subsurface((0, 0, cut, fh)), (fw - cut, 0))
            image.blit(plain.subsurface((fw - border, 0, border, fh)), (fw - border, 0))
        image.blit(_shape_mask(plain), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return image

    return _cache.get(key, make)


def blit_card_image(surface: pygame.Surface, image: pygame.Surface, rect, width, turned: bool = False) -> None:
    """A prepared card image (a strip face, a turned back) with the card's shadow under it."""
    w = card_size(width)[0]
    if turned:
        shade, (dx, dy) = _shadow_image(w)
        shade = _cache.get(("turned_shadow", shade.get_size()), lambda: pygame.transform.rotate(shade, 90))
        surface.blit(shade, (rect[0] + dx, rect[1] + dy))
    else:
        _blit_shadow(surface, pygame.Rect(rect[0], rect[1], w, card_size(w)[1]), w)
    surface.blit(image, (rect[0], rect[1]))


def tinted_face(card: Card, width, four_colour: bool = False, tint=(118, 138, 126)) -> pygame.Surface:
    """A face dimmed by `tint` (a card that is the player's but not in its place)."""
    w = card_size(width)[0]

    def make():
        image = face(card, w, four_colour).copy()
        image.fill(tint, special_flags=pygame.BLEND_RGB_MULT)
        return image
    return _cache.get(("tinted", card, w, bool(four_colour), tuple(tint)), make)


# Suits as text on the dark panels (score sheets, logs): the card inks are too dark there.
LIGHT_INKS = {"S": (238, 238, 232), "H": (255, 120, 108), "C": (238, 238, 232), "D": (255, 120, 108)}
LIGHT_INKS_FOUR = {"S": (238, 238, 232), "H": (255, 120, 108), "C": (120, 220, 140), "D": (130, 180, 255)}


def suit_ink(suit: str, four_colour: bool = False) -> tuple[int, int, int]:
    """A suit's colour readable on a dark panel (the four-colour deck when chosen)."""
    return (LIGHT_INKS_FOUR if four_colour else LIGHT_INKS)[suit]


def card_lines(cards, size: int, width: int, max_lines: int = 3) -> list[list]:
    """Cards as text lines (each a list of cards) that fit `width` pixels at `size`; at most
    `max_lines`, the last cut with an ellipsis."""
    cards = list(cards)
    if not cards:
        return [[]]
    space = _text.render(" ", size).get_width()
    lines, line, used = [], [], 0
    for card in cards:
        w = _text.render(str(card), size, (255, 255, 255), True).get_width()
        if line and used + space + w > width:
            lines.append(line)
            line, used = [], 0
        used += (space if line else 0) + w
        line.append(card)
    lines.append(line)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1][:-1] + ["\u2026"]
    return lines


def draw_card_line(surface: pygame.Surface, line, size: int, midtop, four_colour: bool = False,
                   empty_colour=(170, 178, 190)) -> None:
    """Cards as text in their suits' light inks, centred at `midtop`; a dash for none."""
    if not line:
        _text.blit_text(surface, "\u2014", size, empty_colour, midtop, "midtop")
        return
    images = [_text.render(item, size, LIGHT_INKS["S"], True) if isinstance(item, str)
              else _text.render(str(item), size, suit_ink(item.suit, four_colour), True) for item in line]
    space = _text.render(" ", size).get_width()
    x = midtop[0] - (sum(image.get_width() for image in images) + space * (len(images) - 1)) / 2
    covered = pygame.Rect(round(x), midtop[1], 0, 0)
    for image in images:
        covered.union_ip(surface.blit(image, (round(x), midtop[1])))
        x += image.get_width() + space
    _text.note_text(surface, " ".join(str(item) for item in line), covered)


def _as_rect(rect_or_topleft, width) -> tuple[pygame.Rect, int]:
    if isinstance(rect_or_topleft, pygame.Rect) or (
            hasattr(rect_or_topleft, "__len__") and len(rect_or_topleft) == 4):
        r = pygame.Rect(rect_or_topleft)
        w = int(round(width)) if width else r.w
        return pygame.Rect(r.topleft, card_size(w)), w
    if not width:
        raise ValueError("draw_card needs a width when given only a position")
    w = int(round(width))
    return pygame.Rect((round(rect_or_topleft[0]), round(rect_or_topleft[1])), card_size(w)), w


def draw_card(surface: pygame.Surface, card, rect_or_topleft, width=None, face_up: bool = True,
              four_colour: bool = False, shadow: bool = True, back_colour="blue") -> pygame.Rect:
    """Draw a card (face or back; `card` None draws a back) at a rect or top-left position,
    with a soft shadow. Returns the card's rect."""
    rect, w = _as_rect(rect_or_topleft, width)
    if shadow:
        _blit_shadow(surface, rect, w)
    if card is None or not face_up:
        surface.blit(back(w, back_colour), rect)
    else:
        surface.blit(face(card, w, four_colour), rect)
    return rect


def draw_slot(surface: pygame.Surface, rect_or_topleft, width=None, label: str = "",
              color=(255, 255, 255)) -> pygame.Rect:
    """Draw an empty pile place; returns its rect."""
    rect, w = _as_rect(rect_or_topleft, width)
    surface.blit(slot(w, label, color), rect)
    return rect


def outline(surface: pygame.Surface, rect, color, thickness=None, gap=None) -> pygame.Rect:
    """A rounded, antialiased ring just outside `rect` (a card's rect), for the selected card
    or a legal target. `color` may carry alpha. Returns the area drawn."""
    rect = pygame.Rect(rect)
    t = max(2, int(round(thickness if thickness is not None else rect.w * 0.045)))
    g = max(0, int(round(gap if gap is not None else max(1, rect.w * 0.015))))
    color = tuple(color)
    key = ("outline", rect.w, rect.h, color, t, g)

    def make():
        ow, oh = rect.w + 2 * (t + g), rect.h + 2 * (t + g)
        ss = _ss_for(min(ow, 200))
        W, H = ow * ss, oh * ss
        big = _canvas((W, H), color)
        r = (corner_radius(rect.w) + g + t) * ss
        rgb, a = color[:3], (color[3] if len(color) > 3 else 255)
        ring = _canvas((W, H), rgb)
        pygame.draw.rect(ring, (*rgb, 255), pygame.Rect(0, 0, W, H), t * ss, border_radius=r)
        big.blit(ring, (0, 0))
        surf = _downscale(big, (ow, oh))
        if a < 255:
            surf.fill((255, 255, 255, a), special_flags=pygame.BLEND_RGBA_MULT)
        return _ready(surf)

    img = _cache.get(key, make)
    return surface.blit(img, (rect.x - t - g, rect.y - t - g))


# Layout -----------------------------------------------------------------------------------
def fan_positions(count: int, area, card_width, step=None, direction: str = "right",
                  align: str = "center") -> list[pygame.Rect]:
    """Rects for `count` overlapping cards laid out in `area`, in drawing order (draw them in
    this order so the last is on top).

    direction "right" fans a hand from left to right (the preferred step shows the index and
    part of the face: 0.55 card widths), "down" stacks a column (0.28 card heights). The
    overlap grows when the cards would not fit, so every card stays inside `area` (unless a
    single card is larger than the area). `align` places the fan inside the area: "center",
    "start" (left/top) or "end" (right/bottom); across the fan the cards are centred.
    """
    area = pygame.Rect(area)
    w, h = card_size(card_width)
    if count <= 0:
        return []
    horizontal = direction in ("right", "horizontal")
    length, across = (w, h) if horizontal else (h, w)
    room = area.w if horizontal else area.h
    if step is None:
        step = w * 0.55 if horizontal else h * 0.28
    if count > 1:
        step = max(0.0, min(float(step), (room - length) / (count - 1)))
    else:
        step = 0.0
    total = length + step * (count - 1)
    if align == "start":
        start = 0.0
    elif align == "end":
        start = room - total
    else:
        start = (room - total) / 2
    start = max(0.0, start)
    rects = []
    for i in range(count):
        along = int(math.floor(start + i * step + 1e-6))
        if horizontal:
            x = area.x + along
            y = area.y + max(0, (area.h - h) // 2)
        else:
            x = area.x + max(0, (area.w - w) // 2)
            y = area.y + along
        rects.append(pygame.Rect(x, y, w, h))
    return rects


def card_at(rects, pos):
    """Index of the topmost rect (the last drawn) containing `pos`, or None."""
    for i in range(len(rects) - 1, -1, -1):
        if pygame.Rect(rects[i]).collidepoint(pos):
            return i
    return None
