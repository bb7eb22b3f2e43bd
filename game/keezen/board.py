"""The Keezen board's geometry and drawing: the cross, its 64 squares, the nests and homes.

Coordinates are grid units around the board's centre (x right, y down); the board spans
`EXTENT` units each way. The track runs clockwise around a plus of arms 4 units wide and 8
long: square 64 - 1 lies on the tip of the bottom arm, the start square 0 one step clockwise
of it, and the home H1..H4 runs from the tip up the arm towards the centre, so a pawn steps
from the square before its start straight into its home. The nest lies beside the start in
the empty corner. Colour c's quarter is the bottom quarter turned c quarters clockwise;
`Board` turns the whole so that the viewer's colour sits at the bottom.

Colours differ in hue and in a shape drawn on every pawn, nest and start square (circle,
triangle, square, diamond), so colour-blind players tell them apart too.
"""
from __future__ import annotations

import math

import pygame

from game.keezen.rules import HOME, NEST, START, TRACK, Enter, Swap, Walk, walk_path

EXTENT = 9.2
# blue, green, yellow, red: also far apart in lightness (green dark, yellow light)
COLOURS = ((52, 116, 235), (28, 150, 80), (240, 200, 36), (222, 58, 52))
DARK = ((20, 50, 120), (10, 70, 36), (130, 100, 10), (110, 24, 20))
SHAPES = ("circle", "triangle", "square", "diamond")
# the bottom quarter's outline from the tip's centre, clockwise: corners of the plus
OUTLINE = ((0, 8), (-2, 8), (-2, 2), (-8, 2), (-8, 0))


def _quarter_track() -> list:
    """The 16 squares from the bottom tip clockwise: square 63's place first, then 0..14."""
    points, (x, y) = [(0.0, 8.0)], OUTLINE[0]
    for nx, ny in OUTLINE[1:]:
        while (x, y) != (nx, ny):
            x += (nx > x) - (nx < x)
            y += (ny > y) - (ny < y)
            points.append((float(x), float(y)))
    return points[:16]


QUARTER = _quarter_track()
HOME_SPOTS = [(0.0, 7.0 - i) for i in range(4)]
NEST_SPOTS = [(-4.0, 6.0), (-5.0, 6.0), (-4.0, 7.0), (-5.0, 7.0)]


def turn(point, quarters: int):
    x, y = point
    for _ in range(quarters % 4):
        x, y = -y, x        # a quarter clockwise on screen
    return x, y


def track_point(square: int):
    """Where track square `square` lies before the board is turned for the viewer."""
    colour, offset = divmod((square + 1) % TRACK, 16)
    return turn(QUARTER[offset], colour)


class Board:
    """The board drawn in `rect` (a square) with colour `bottom` at the bottom."""

    def __init__(self, rect: pygame.Rect, bottom: int):
        self.rect, self.bottom = rect, bottom
        self.unit = rect.w / (2 * EXTENT)
        self.square_radius = max(3, int(self.unit * 0.34))
        self.pawn_radius = max(3, int(self.unit * 0.4))

    def point(self, grid) -> tuple[int, int]:
        x, y = turn(grid, -self.bottom)
        return round(self.rect.centerx + x * self.unit), round(self.rect.centery + y * self.unit)

    def square(self, colour: int, square: int, pawn: int = 0) -> tuple[int, int]:
        """The centre of `square` for a pawn of `colour` (homes and nests are the colour's own;
        in the nest each pawn has its place)."""
        if square == NEST:
            return self.point(turn(NEST_SPOTS[pawn], colour))
        if square >= HOME:
            return self.point(turn(HOME_SPOTS[square - HOME], colour))
        return self.point(track_point(square))

    def spot(self, colour: int, square: int, pawn: int = 0, radius: int | None = None) -> pygame.Rect:
        r = radius or self.square_radius
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = self.square(colour, square, pawn)
        return rect

    def move_paths(self, move, pawns) -> list:
        """Where `move` takes pawns, played with the pawns at `pawns` (a state's): each pawn's
        way as the centres of the squares it passes, from where it stands (a 7 split has a way
        per part, a jack's swap one each way, a card laid away or given none)."""
        if isinstance(move, Walk):
            return [[self.square(colour, square)] + [self.square(colour, step) for step in walk_path(colour, square, steps)]
                    for colour, square, steps in move.parts]
        if isinstance(move, Enter):
            nest = [index & 3 for index in range(4 * move.colour, 4 * move.colour + 4) if pawns[index] == NEST]
            return [[self.square(move.colour, NEST, nest[0]), self.square(move.colour, START[move.colour])]] if nest else []
        if isinstance(move, Swap):
            one, other = self.square(move.colour, move.square), self.square(move.other_colour, move.other_square)
            return [[one, other], [other, one]]
        return []

    def nest_rect(self, colour: int) -> pygame.Rect:
        spots = [self.spot(colour, NEST, pawn) for pawn in range(4)]
        return spots[0].unionall(spots).inflate(int(self.unit * 0.5), int(self.unit * 0.5))

    def arm_tip(self, colour: int) -> tuple[int, int]:
        return self.point(turn((0, EXTENT), colour))

    # -- drawing ------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface) -> None:
        """The wooden cross on its plate (a soft shadow under it, a lit upper edge), the track,
        the start squares, homes and nests."""
        u = self.unit
        wood, edge = (196, 150, 96), (120, 82, 46)
        plate = self.rect.inflate(-int(u * 0.2), -int(u * 0.2))
        drop_shadow(surface, plate.move(int(u * 0.15), int(u * 0.3)), int(u * 1.2), max(2, int(u * 0.35)))
        pygame.draw.rect(surface, (92, 62, 36), plate, border_radius=int(u * 1.2))
        pygame.draw.rect(surface, (120, 86, 54), plate, max(1, int(u * 0.08)), border_radius=int(u * 1.2))
        bars = []
        for quarters in range(2):   # the plus: two bars
            w, h = (2 * 2.8 * u, 2 * 8.8 * u) if quarters == 0 else (2 * 8.8 * u, 2 * 2.8 * u)
            bar = pygame.Rect(0, 0, round(w), round(h))
            bar.center = self.rect.center
            bars.append(bar)
        bevel = max(1, int(u * 0.1))
        for bar in bars:            # the cross raised off the plate: its shade, its dark edge
            pygame.draw.rect(surface, (66, 44, 24), bar.move(bevel, 2 * bevel).inflate(int(u * 0.3), int(u * 0.3)),
                             border_radius=int(u * 0.9))
        for bar in bars:
            pygame.draw.rect(surface, edge, bar.inflate(int(u * 0.2), int(u * 0.2)), border_radius=int(u * 0.8))
        for bar in bars:            # lit from above: a light upper edge
            pygame.draw.rect(surface, (226, 188, 134), bar.move(-bevel // 2, -bevel), border_radius=int(u * 0.7))
        for bar in bars:
            pygame.draw.rect(surface, wood, bar.inflate(-bevel, -bevel).move(0, bevel // 2), border_radius=int(u * 0.7))
        centre = pygame.Rect(0, 0, round(5.6 * u), round(5.6 * u))
        centre.center = self.rect.center
        pygame.draw.rect(surface, wood, centre)
        # the track as a groove joining the squares
        points = [self.point(track_point(square)) for square in range(TRACK)]
        pygame.draw.lines(surface, edge, True, points, max(2, int(u * 0.12)))
        for colour in range(4):
            light, dark = COLOURS[colour], DARK[colour]
            home = [self.square(colour, HOME + i) for i in range(4)]
            pygame.draw.line(surface, dark, self.square(colour, (START[colour] - 1) % TRACK), home[-1], max(2, int(u * 0.16)))
            nest = self.nest_rect(colour)
            pygame.draw.rect(surface, dark, nest, border_radius=int(u * 0.5))
            pygame.draw.rect(surface, light, nest, max(2, int(u * 0.1)), border_radius=int(u * 0.5))
            for pawn in range(4):
                hole(surface, self.square(colour, NEST, pawn), self.square_radius, (60, 40, 24))
            for point in home:
                hole(surface, point, self.square_radius, light, ring=dark)
        for square in range(TRACK):
            if square not in START:
                hole(surface, points[square], self.square_radius, (238, 226, 200), ring=edge)
        for colour in range(4):      # over the track: the arrow reaches towards the next square
            self.paint_start(surface, colour, points[START[colour]])

    def paint_start(self, surface: pygame.Surface, colour: int, centre) -> None:
        """A start square: a flat tile, square where every pawn is round, pale in its colour,
        its shape drawn hollow, an arrow on its edge the way the pawns go (a pawn on it
        covers the middle and leaves the tile's corners in view)."""
        u, dark = self.unit, DARK[colour]
        tint = tuple(round(c + (255 - c) * 0.55) for c in COLOURS[colour])
        half = round(u * 0.52)
        tile = pygame.Rect(0, 0, 2 * half, 2 * half)
        tile.center = centre
        pygame.draw.rect(surface, tint, tile, border_radius=max(1, half // 4))
        pygame.draw.rect(surface, dark, tile, max(2, int(u * 0.09)), border_radius=max(1, half // 4))
        shape(surface, SHAPES[colour], centre, self.square_radius * 0.62, dark, width=max(2, int(u * 0.07)))
        # the way on: the next square of the track, clockwise
        ahead = self.point(track_point(START[colour] + 1))
        dx, dy = ahead[0] - centre[0], ahead[1] - centre[1]
        length = math.hypot(dx, dy) or 1
        dx, dy = dx / length, dy / length
        tip = (centre[0] + dx * half * 1.32, centre[1] + dy * half * 1.32)
        base = (centre[0] + dx * half * 0.98, centre[1] + dy * half * 0.98)
        wing = half * 0.42
        pygame.draw.polygon(surface, dark, [tip, (base[0] - dy * wing, base[1] + dx * wing),
                                            (base[0] + dy * wing, base[1] - dx * wing)])

    def draw_pawn(self, surface: pygame.Surface, colour: int, rect: pygame.Rect) -> None:
        """A pawn: a raised disc of its colour with a shadow, a rim, a highlight and its shape."""
        image = pawn_image(colour, rect.w // 2)
        surface.blit(image, image.get_rect(center=rect.center).move(0, 0))


_pawns: dict = {}


def pawn_image(colour: int, r: int) -> pygame.Surface:
    """A pawn of radius `r` on a transparent square (2r plus room for its shadow), drawn at
    four times the size and scaled down, so its edges are smooth; made once per colour and
    size. Its centre is the image's centre."""
    key = (colour, r)
    image = _pawns.get(key)
    if image is not None:
        return image
    ss = 4
    R = r * ss
    pad = max(2, r // 3) * ss
    size = 2 * (R + pad)
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    shadow_at = (c + R // 7, c + R // 4)
    pygame.draw.circle(big, (0, 0, 0, 70), shadow_at, R + R // 8)
    pygame.draw.circle(big, (0, 0, 0, 120), shadow_at, R)
    pygame.draw.circle(big, DARK[colour], (c, c), R)
    body = COLOURS[colour]
    pygame.draw.circle(big, body, (c, c), R - max(ss, R // 6))
    lit = tuple(round(v + (255 - v) * 0.45) for v in body)
    pygame.draw.circle(big, lit, (c - R // 4, c - R // 4), R // 3)    # the highlight, top left
    pygame.draw.circle(big, body, (c - R // 6, c - R // 6), R // 3)
    shape(big, SHAPES[colour], (c, c), R * 0.5, (255, 255, 255) if colour != 2 else DARK[colour])
    image = pygame.transform.smoothscale(big, (size // ss, size // ss))
    if pygame.display.get_surface() is not None:
        image = image.convert_alpha()
    if len(_pawns) > 64:
        _pawns.clear()
    _pawns[key] = image
    return image


def drop_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, blur: int) -> None:
    """A soft shadow of a rounded `rect` darkening what lies under it (painted into a cached
    layer: it costs a few milliseconds)."""
    shrink = 4
    pad = blur * 2
    area = rect.inflate(2 * pad, 2 * pad)
    small = pygame.Surface((area.w // shrink + 1, area.h // shrink + 1))
    small.fill((0, 0, 0))
    pygame.draw.rect(small, (40, 40, 36), pygame.Rect(pad // shrink, pad // shrink, rect.w // shrink, rect.h // shrink),
                     border_radius=max(1, radius // shrink))
    try:
        small = pygame.transform.gaussian_blur(small, max(1, blur // shrink))
    except (AttributeError, ValueError, pygame.error):
        small = pygame.transform.smoothscale(pygame.transform.smoothscale(small, (small.get_width() // 3 + 1,
                                                                                 small.get_height() // 3 + 1)),
                                             small.get_size())
    surface.blit(pygame.transform.smoothscale(small, area.size), area, special_flags=pygame.BLEND_RGB_SUB)


def hole(surface, centre, radius, fill, ring=None) -> None:
    if ring is not None:
        pygame.draw.circle(surface, ring, centre, radius + max(1, radius // 6))
    pygame.draw.circle(surface, fill, centre, radius)


def shape(surface, kind: str, centre, size: float, colour, width: int = 0) -> None:
    """A colour's shape, `size` the radius of the circle around it; hollow with a `width`."""
    cx, cy = centre
    if kind == "circle":
        pygame.draw.circle(surface, colour, centre, max(2, int(size * 0.8)), width)
        return
    if kind == "square":
        s = size * 0.75
        pygame.draw.rect(surface, colour, pygame.Rect(round(cx - s), round(cy - s), round(2 * s), round(2 * s)), width)
        return
    corners = 3 if kind == "triangle" else 4
    points = [(cx + size * math.sin(2 * math.pi * i / corners), cy - size * math.cos(2 * math.pi * i / corners))
              for i in range(corners)]
    pygame.draw.polygon(surface, colour, points, width)
    if not width:
        pygame.draw.aalines(surface, colour, True, points)


def mark_spot(surface, rect: pygame.Rect, colour, width: int, fill: int = 0) -> None:
    """A ring around a square or pawn (lit, focused, chosen); `fill` > 0 also tints the inside
    with that opacity, so a lit square shows from across the room."""
    r = rect.w // 2 + width + 1
    if fill:
        glow = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        pygame.draw.circle(glow, (*colour, fill), (r, r), r)
        surface.blit(glow, (rect.centerx - r, rect.centery - r))
    pygame.draw.circle(surface, colour, rect.center, r, width)
