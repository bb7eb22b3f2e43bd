"""The table's drawing pieces: marks around things, panels, the felt, the cached layer, card
sprites."""
from __future__ import annotations

import functools
import math
import random
import statistics
import time
from typing import Callable, NamedTuple

import pygame

from game.cards import SUITS, Card
from game.ui import cards as cardui
from game.ui import theme
from game.ui.text import blit_text, fit, recording_now, render, wrap

# What a mark means, its colour, thickness and gap (at 1080p, scaled by the unit).
MARKS = {
    "focus": (theme.ACCENT, 5, 9),       # the cursor
    "selected": (theme.TEXT, 5, 0),      # chosen, waiting for a target
    "hint": (theme.GOOD, 5, 6),          # what the hint suggests
    "legal": (theme.LEGAL, 6, 0),        # where the chosen thing may go
    "lit": (theme.LEGAL, 3, 2),          # a card that may be played now
    "refused": (theme.BAD, 7, 0),        # where a dragged thing may not go
    "turn": (theme.ACCENT, 4, 6),        # the hand of the seat to move
}
LEGAL_DIM = (80, 150, 210)


def pulse(time: float) -> float:
    return 0.5 + 0.5 * math.sin(time * 5)


def mark(surface: pygame.Surface, rect, kind: str, u: float, time: float | None = None) -> None:
    """A rounded ring around a card-shaped `rect` saying `kind` (see MARKS); a legal target
    pulses when given the time."""
    colour, thickness, gap = MARKS[kind]
    if kind == "legal" and time is not None and pulse(time) <= 0.25:
        colour = LEGAL_DIM
    cardui.outline(surface, rect, colour, thickness=max(3 if thickness > 3 else 2, int(thickness * u)),
                   gap=max(gap // 3, int(gap * u)) if gap else None)


def mark_reach(kind: str, u: float) -> int:
    """How far past its rect a mark of `kind` drawn by `mark` reaches (its ring and gap)."""
    _, thickness, gap = MARKS[kind]
    return max(3 if thickness > 3 else 2, int(thickness * u)) + (max(gap // 3, int(gap * u)) if gap else 0)


def fan_mark(surface: pygame.Surface, rect, kind: str, u: float, time: float | None = None) -> None:
    """The same ring as `mark` around a rect taller than wide (a side seat's fanned hand), put
    together from the ring of a shorter rect of the same width: its rounded ends, and its
    straight middle as often as the length needs. So a hand of each new length needs no ring
    of its own (making one takes most of a millisecond at 1080p). A wider rect: `mark`."""
    rect = pygame.Rect(rect)
    reach = mark_reach(kind, u)
    ends = cardui.corner_radius(rect.w) + reach + 1       # rows of the ring that curve (and one more)
    short = 2 * ends + int(32 * u)                         # the rect whose ring is used
    if rect.h <= short + 2 * reach:
        mark(surface, rect, kind, u, time)
        return
    clip = surface.get_clip()
    top, bottom = rect.y - reach, rect.bottom + reach      # the ring's rows
    straight = short + 2 * reach - 2 * ends               # the straight rows of the short ring
    pieces = [(rect.y, top, top + ends), (rect.bottom - short, bottom - ends, bottom)]
    y = top + ends
    while y < bottom - ends:       # each piece: the short ring's straight rows laid from y on
        pieces.append((y - ends + reach, y, min(y + straight, bottom - ends)))
        y += straight
    try:
        for at, first, last in pieces:
            surface.set_clip(clip.clip(pygame.Rect(rect.x - reach, first, rect.w + 2 * reach, last - first)))
            mark(surface, pygame.Rect(rect.x, at, rect.w, short), kind, u, time)
    finally:
        surface.set_clip(clip)


def marks(surface: pygame.Surface, rect, u: float, time: float | None = None, **shown: bool) -> None:
    """The marks whose keyword is true, in the order given (the last on top): for example
    `marks(surface, rect, u, hint=card in hinted, focus=focused == key)`."""
    for kind, on in shown.items():
        if on:
            mark(surface, rect, kind, u, time)


def arrow(surface: pygame.Surface, points, colour, width: int, head: int, edge=(24, 20, 16)) -> None:
    """An arrow along `points` (two or more: a move's path square by square), its head at the
    last one, on a dark edge so that it reads on wood, felt and cards alike."""
    points = [pygame.Vector2(point) for point in points]
    if len(points) < 2 or points[-1] == points[-2]:
        return
    direction = (points[-1] - points[-2]).normalize()
    side = pygame.Vector2(-direction.y, direction.x)
    tip = points[-1]
    base = tip - direction * head
    shaft = points[:-1] + [base + direction * 2]
    wing = [tip, base + side * head * 0.6, base - side * head * 0.6]
    rim = max(1, width // 3)
    for ink, thick in ((edge, width + 2 * rim), (colour, width)):
        pygame.draw.lines(surface, ink, False, shaft, thick)
        for point in shaft[1:-1]:      # round joints: a bent path shows no notches
            pygame.draw.circle(surface, ink, point, thick / 2)
        pygame.draw.circle(surface, ink, shaft[0], thick / 2)
        if ink is edge:
            centre = sum(wing, pygame.Vector2()) / 3
            pygame.draw.polygon(surface, ink, [centre + (point - centre) * 1.0 + (point - centre).normalize() * rim * 2
                                               for point in wing])
        else:
            pygame.draw.polygon(surface, ink, wing)


def bow(start, end, bend: float, steps: int = 16) -> list:
    """Points on a bow from `start` to `end` (an arrow around what lies between), bent to its
    left by `bend` of its length."""
    a, b = pygame.Vector2(start), pygame.Vector2(end)
    across = b - a
    control = (a + b) / 2 + pygame.Vector2(across.y, -across.x) * bend
    return [a * (1 - t) ** 2 + control * 2 * t * (1 - t) + b * t * t for t in (i / steps for i in range(steps + 1))]


def cross(surface: pygame.Surface, centre, size: float, colour, width: int, edge=(24, 20, 16)) -> None:
    """A cross over what may not be done (a blocked walk), on a dark edge."""
    x, y = centre
    for ink, thick in ((edge, width + 2 * max(1, width // 3)), (colour, width)):
        pygame.draw.line(surface, ink, (x - size, y - size), (x + size, y + size), thick)
        pygame.draw.line(surface, ink, (x - size, y + size), (x + size, y - size), thick)


def panel(surface: pygame.Surface, rect, u: float, colour=theme.PANEL, border=None, width: int = 3,
          radius: int = 14) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=int(radius * u))
    if border is not None:
        pygame.draw.rect(surface, border, rect, max(2, int(width * u)), border_radius=int(radius * u))


# The felt: darker towards the window's edges, lit in the middle, a fine noise for its cloth.
FELT_EDGE = (5, 41, 25)          # the corners, in the vignette's shade (the noise adds 2.5 on average)
FELT_LIGHT = (15, 73, 45)        # the middle of the window, under the light
TABLE_LIFT = (8, 26, 16)         # the table between the seats: this much lighter
FELT_SEED = 24                   # the cloth's noise is the same at every start
NOISE_TILE = 128
_felts: dict = {}
_noise: list = []                # the noise tile, made once
felt_builds = 0                  # felts painted (a test counts them: one a window size)


def _noise_tile() -> pygame.Surface:
    """A tile of fine grey noise, 0 to 5 a pixel, made once with a fixed seed."""
    if not _noise:
        levels = bytes(value % 6 for value in range(256))
        grey = random.Random(FELT_SEED).randbytes(NOISE_TILE * NOISE_TILE).translate(levels)
        rgb = bytearray(3 * len(grey))
        rgb[0::3] = rgb[1::3] = rgb[2::3] = grey
        _noise.append(pygame.image.frombytes(bytes(rgb), (NOISE_TILE, NOISE_TILE), "RGB"))
    return _noise[0]


def felt(size, table=None, radius: int = 0) -> pygame.Surface:
    """The felt of a window of `size`, with the table `table` (a rect, rounded by `radius`)
    lit a little more: painted once per size and table, then one blit a repaint. Treat it
    as read-only."""
    global felt_builds
    key = (tuple(size), tuple(table) if table is not None else None, int(radius))
    image = _felts.get(key)
    if image is None:
        if len(_felts) >= 4:      # the sizes of a window resized to and fro: the old ones go
            _felts.clear()
        image = _felts[key] = _paint_felt(key[0], table, int(radius))
        felt_builds += 1
    return image


def _glow(size, edge, centre) -> pygame.Surface:
    """`centre` in the middle of `size` fading to `edge` at the corners: a few dozen pixels
    computed, smooth-scaled up (a gradient has no detail to lose)."""
    gw, gh = 24, 14
    grid = window_surface((gw, gh))      # what is scaled from it has the window's format: no conversion after
    for y in range(gh):
        for x in range(gw):
            dx, dy = (x + 0.5) / gw * 2 - 1, (y + 0.5) / gh * 2 - 1
            light = max(0.0, 1 - (dx * dx + dy * dy) / 2) ** 1.5
            grid.set_at((x, y), [round(a + (b - a) * light) for a, b in zip(edge, centre)])
    return pygame.transform.smoothscale(grid, (max(1, size[0]), max(1, size[1])))


def _paint_felt(size, table, radius: int) -> pygame.Surface:
    w, h = max(1, size[0]), max(1, size[1])
    image = _glow((w, h), FELT_EDGE, FELT_LIGHT)          # the vignette, a soft light in the middle
    if table is not None:
        table = pygame.Rect(table)
        rim = max(1, min(w, h) // 400)
        # a soft shadow under the table's edge, only around it: the table drawn small and
        # smooth-scaled up, which softens its edge over `shrink` pixels
        spread = max(8, min(w, h) // 40)
        shrink = max(1, spread // 2)
        area = table.inflate(2 * spread, 2 * spread).move(0, 3 * rim)
        shade = pygame.Surface((area.w // shrink + 1, area.h // shrink + 1))
        shade.fill((0, 0, 0))
        pygame.draw.rect(shade, (10, 22, 16), (spread // shrink, spread // shrink, table.w // shrink, table.h // shrink),
                         border_radius=max(1, radius // shrink))
        image.blit(pygame.transform.smoothscale(shade, area.size), area, special_flags=pygame.BLEND_RGB_SUB)
        # the table itself, lit from above its middle, its corners cut round
        top = pygame.Surface(table.size, pygame.SRCALPHA)
        top.blit(_glow(table.size, tuple(a + b for a, b in zip(FELT_EDGE, TABLE_LIFT)),
                       tuple(a + b for a, b in zip(FELT_LIGHT, TABLE_LIFT))), (0, 0))
        shape = pygame.Surface(table.size, pygame.SRCALPHA)
        pygame.draw.rect(shape, (255, 255, 255, 255), shape.get_rect(), border_radius=radius)
        top.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        image.blit(top, table)
        pygame.draw.rect(image, (6, 36, 22), table, rim, border_radius=radius)
        pygame.draw.rect(image, (34, 110, 72), table.inflate(-2 * rim, -2 * rim), rim,
                         border_radius=max(0, radius - rim))
    noise = _noise_tile()
    for y in range(0, h, NOISE_TILE):
        for x in range(0, w, NOISE_TILE):
            image.blit(noise, (x, y), special_flags=pygame.BLEND_RGB_ADD)
    return image


def window_surface(size) -> pygame.Surface:
    """A surface of `size` in the window's pixel format (where a window is open): blitted to it
    without a conversion each frame."""
    window = pygame.display.get_surface()      # (made in its format: a convert() copied it, 9 ms at 1080p)
    return pygame.Surface(size, 0, window) if window is not None else pygame.Surface(size)


class CachedLayer:
    """A window-sized surface repainted only when its key changes: what moves only with a
    move (felt, piles, the other seats) is one blit a frame."""

    def __init__(self):
        self.key = None
        self.surface: pygame.Surface | None = None

    def get(self, size, key, paint) -> pygame.Surface:
        if self.surface is None or self.surface.get_size() != tuple(size):
            self.surface, self.key = window_surface(size), None
        if key != self.key or recording_now():
            paint(self.surface)
            self.key = key
        return self.surface


class Piece(NamedTuple):
    """One thing of a `PieceLayer`: `draw(surface)` draws it, clipped to `rect`; `key` is all
    its pixels depend on besides the rect."""
    rect: pygame.Rect
    key: object
    draw: Callable


def draw_pieces(surface: pygame.Surface, pieces) -> None:
    """The pieces in order, each clipped to its rect (within the surface's clip)."""
    clip = surface.get_clip()
    try:
        for piece in pieces:
            inside = clip.clip(piece.rect)
            if inside.w and inside.h:
                surface.set_clip(inside)
                piece.draw(surface)
    finally:
        surface.set_clip(clip)


class PieceLayer:
    """A window-sized surface of pieces drawn in order over a background, made again when its
    key changes, and then only where pieces changed: the region of every piece that went,
    came or moved is restored from the background and the pieces over it drawn again in their
    order. Each piece is drawn clipped to its rect, whether the whole layer or a region is
    drawn, so both give the same pixels. A move changes a few pieces of a table of dozens:
    its repaint costs a few of them instead of the whole window."""

    WHOLE = 0.4     # a change over more of the window than this is drawn whole (one blit is cheaper)

    def __init__(self):
        self.surface: pygame.Surface | None = None
        self.key = None
        self.background_key = None
        self.drawn: list = []       # (rect, key) of each piece, in order, as the surface shows them
        self.wholes = self.parts = 0    # repaints, whole and in part (counted by the tests)

    def get(self, size, key, compose) -> pygame.Surface:
        """The layer for `key`; with another key, `compose()` gives (background, its key, the
        pieces) and the layer is brought up to them."""
        if self.surface is None or self.surface.get_size() != tuple(size):
            self.surface, self.key, self.background_key = window_surface(size), None, None
        recording = recording_now()       # (a recorder is told every string: the layer is drawn whole)
        if key == self.key and not recording:
            return self.surface
        background, background_key, pieces = compose()
        drawn = [(tuple(piece.rect), piece.key) for piece in pieces]
        regions = self.changed(drawn) if background_key == self.background_key and not recording else None
        if regions is None:
            self.surface.blit(background, (0, 0))
            self._draw(pieces, self.surface.get_rect())
            self.wholes += 1
        else:
            for region in regions:
                self.surface.blit(background, region, region)
                self._draw([piece for piece in pieces if piece.rect.colliderect(region)], region)
            self.parts += bool(regions)
        self.key, self.background_key, self.drawn = key, background_key, drawn
        return self.surface

    def _draw(self, pieces, region: pygame.Rect) -> None:
        self.surface.set_clip(region)
        draw_pieces(self.surface, pieces)
        self.surface.set_clip(None)

    def changed(self, drawn: list) -> list | None:
        """The regions to draw again for pieces `drawn` instead of those on the layer, merged
        where they touch; None where the whole layer is cheaper, or where the pieces that stay
        changed their order."""
        before, after = set(self.drawn), set(drawn)
        if [piece for piece in self.drawn if piece in after] != [piece for piece in drawn if piece in before]:
            return None
        regions: list = []
        for rect, _ in [piece for piece in self.drawn if piece not in after] + [piece for piece in drawn if piece not in before]:
            region = pygame.Rect(rect)
            touching = region.collidelistall(regions)
            while touching:       # merge with every region it touches, and what the merge then touches
                region = region.unionall([regions[index] for index in touching])
                regions = [other for index, other in enumerate(regions) if index not in touching]
                touching = region.collidelistall(regions)
            regions.append(region)
        width, height = self.surface.get_size()
        regions = [region.clip(self.surface.get_rect()) for region in regions]
        if sum(region.w * region.h for region in regions) > self.WHOLE * width * height:
            return None
        return [region for region in regions if region.w and region.h]


@functools.lru_cache(maxsize=64)
def shadow_reach(width: int) -> int:
    """How far past a card `width` wide (either way up) its shadow may reach."""
    shade, (dx, dy) = cardui.shadow(width)
    return max(abs(dx), abs(dy), shade.get_width() - cardui.card_size(width)[0] + abs(dx),
               shade.get_height() - cardui.card_size(width)[1] + abs(dy)) + 2


def draw_card_sprite(surface: pygame.Surface, card, rect: pygame.Rect, look, four_colour: bool = False,
                     size=None) -> None:
    """A card as the table shows it: `look` is "face", "back", ("back", colour) (a red back:
    a face-down pile of its own), "turned" (a back lying sideways), "turned_face" (a face
    lying sideways) or ("strip", side, pixels)
    (see cards.strip_face). With `size` (a card on its way between two sizes) the image is
    made at that size and scaled to the rect."""
    if rect.w <= 0 or rect.h <= 0:
        return
    w, h = size or rect.size
    turned = look in ("turned", "turned_face")
    width = h if turned else w
    if look == "turned":
        image = cardui.turned_back(width)
    elif look == "turned_face":
        image = cardui.turned_face(card, width, four_colour) if card is not None else cardui.turned_back(width)
    elif isinstance(look, tuple) and look[0] == "back":
        image = cardui.back(width, look[1])
    elif isinstance(look, tuple):
        image = cardui.strip_face(card, width, look[1], look[2], four_colour)
    else:
        image = cardui.face(card, width, four_colour) if look == "face" and card is not None else cardui.back(width)
    if image.get_size() != rect.size:
        image = pygame.transform.smoothscale(image, rect.size)
    cardui.blit_card_image(surface, image, rect, width, turned=turned)   # the shadow of its own size


def draw_stack(surface: pygame.Surface, rect: pygame.Rect, count: int, u: float, empty_label: str = "",
               back_colour="blue", badge: bool = True) -> None:
    """A face-down pile (a stock, a draw pile): up to three backs, thicker with more cards,
    its count on a round label; an empty place with `empty_label` when there are none."""
    if count <= 0:
        cardui.draw_slot(surface, rect, label="" if badge else empty_label)
    layers = min(3, (count + 5) // 6)
    for layer in range(layers - 1, -1, -1):
        offset = int(layer * 3 * u)      # one shadow, under the lowest card
        cardui.draw_card(surface, None, rect.move(-offset, -offset), back_colour=back_colour, shadow=layer == layers - 1)
    if badge and (count or empty_label):
        image = render(str(count) if count else empty_label, int(theme.SMALL * u), theme.TEXT, True)
        box = image.get_rect().inflate(int(20 * u), int(8 * u))
        box.w = max(box.w, box.h)
        box.center = rect.center
        pygame.draw.rect(surface, theme.BACKGROUND, box, border_radius=box.h // 2)
        pygame.draw.rect(surface, theme.TEXT_DIM, box, max(1, int(2 * u)), border_radius=box.h // 2)
        blit_text(surface, str(count) if count else empty_label, theme.SMALL * u, theme.TEXT, box.center, "center",
                  bold=True, box=box)


def draw_lines(surface: pygame.Surface, rect: pygame.Rect, lines, u: float, most: int = 2) -> int:
    """Lines of (text, size, colour, bold) from the top of `rect`, each wrapped to at most
    `most` lines; returns the y below them."""
    y = rect.y
    for text, size, colour, bold in lines:
        for line in wrap(text, int(size * u), rect.w, bold)[:most]:
            y = blit_text(surface, fit(line, int(size * u), rect.w, bold), size * u, colour, (rect.x, y), "topleft",
                          bold=bold).bottom + int(2 * u)
        y += int(3 * u)
    return y


class FaceWarmer:
    """Draws card faces ahead of need at the sizes a table shows: as the table opens, every
    face at its widths is queued (`all`), and each frame after draws as many of them as the
    CPU time it has to spare allows (all at once, they made a table's opening 64 to 127 ms
    longer at 1920x1080); then, of every width a face was first asked at since (a hand or
    pile that got narrower), so a card first shown at a size does not stall its frame."""

    def __init__(self):
        self.sizes = None
        self.queue: list = []
        self.opening: list = []     # (card, width) of the faces `all` queued, made first
        self.known = set(cardui.SHOWN_WIDTHS)   # widths asked for before this table: drawn then
        self.costs = {False: [0.0005], True: [0.0015]}   # CPU seconds of the last faces drawn, by court card or not
        # (first guesses a little over a face's cost: a guess over what a frame spares made no face at all)
        self.pictures: list = []    # other pictures the table shows later, as functions: made after the faces

    def all(self, widths, four_colour: bool) -> None:
        """A card's shadow, back, blank and corner letters at each of `widths` now (9 to 14 ms
        a width, more than a frame spares; those of the cards on show are made already), and
        every face there in the frames after (`step`): the cheap ones first (pips and aces,
        0.1 to 1 ms), then the court cards' (1 to 2.5 ms), each the narrower widths first (they
        cost less, and Keezen's first turns show its pile's, the narrower)."""
        for width in widths:
            cardui.shadow(width)
            cardui.back(width)
            cardui.prepare(width, four_colour)
        self.opening = sorted(((card, width) for width in widths for card in DECK),
                              key=lambda face: (face[0].rank > 10, face[1]), reverse=True)    # (taken from the end)
        self.known |= set(cardui.SHOWN_WIDTHS) | {(cardui.card_size(width)[0], bool(four_colour)) for width in widths}
        self.pictures = []

    def later(self, makes) -> None:
        """Other pictures a table shows later (4 Koningen's dimmed cards), made after the faces
        `all` queued, in the time the frames after have to spare."""
        self.pictures = list(makes)[::-1] + self.pictures       # (taken from the end)

    def step(self, widths, four_colour: bool, spare) -> None:
        """What `spare()` (seconds) leaves room for: first what `all` queued, then faces of the
        `widths` the table shows and of every width a face was asked at since the table opened;
        the pictures handed on by `later` once the opening's faces are made."""
        four_colour = bool(four_colour)
        sizes = (tuple(widths), four_colour, len(cardui.SHOWN_WIDTHS))
        if self.sizes != sizes:
            self.sizes = sizes
            new = sorted(width for width, four in cardui.SHOWN_WIDTHS - self.known if four == four_colour)
            self.queue = [(card, width) for width in new + list(widths) for card in DECK
                          if not cardui.made(("face", card, cardui.card_size(width)[0], four_colour))]
        while self.opening or self.queue:
            faces = self.opening or self.queue
            court = faces[-1][0].rank > 10
            if spare() <= statistics.median(self.costs[court]):    # (not the most: one dear face would stop it for good)
                break
            card, width = faces.pop()
            started = time.thread_time()
            cardui.face(card, width, four_colour)
            self.costs[court] = self.costs[court][-4:] + [time.thread_time() - started]
        while self.pictures and not self.opening and spare() > statistics.median(self.costs[True]):
            self.pictures.pop()()      # (a picture costs about a court card's face)


DECK = [Card(rank, suit) for rank in range(13, 0, -1) for suit in SUITS]
