"""Text with the bundled font, rendered at the size it is shown (never scaled afterwards).

One rule makes every label fit its box (`fit_lines`, drawn by `blit_in`): the text at its
size on one line, or wrapped onto as many lines as the box holds; else the same a step
smaller, down to `SHRINK` of its size; else cut with an ellipsis at that smallest size. A one-line label given only a
width (`blit_text(..., width=)`) follows the same rule with room for one line.

Every string drawn goes through `blit_text` or `note_text`, which tell an installed recorder
(`recording()`, used by the text-fit test) what was drawn where and inside which box.
"""
from __future__ import annotations

import contextlib
import functools

import pygame

from game.paths import asset

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
MAX_CHARS = 400   # one line never needs more; a longer one (damaged data) is cut, never a huge surface
SHRINK = 0.75          # a label may shrink to this part of its size before it wraps or is cut
LINE = 1.2             # line height, in font sizes

_recorder: list | None = None   # (surface, text, rect, box, clip, cut) per drawn string, while recording
_cut: set = set()               # strings `fit` had to cut (the recorder reports them)


@contextlib.contextmanager
def recording():
    """Collect every string drawn inside the block (the text-fit test)."""
    global _recorder
    before, _recorder = _recorder, []
    try:
        yield _recorder
    finally:
        _recorder = before


def recording_now() -> bool:
    """Whether a recorder listens: a cached picture is then drawn again, so that its strings
    are told too."""
    return _recorder is not None


def note_text(surface: pygame.Surface, text: str, rect: pygame.Rect, box: pygame.Rect | None = None) -> None:
    """Tell the recorder (if any) that `text` was drawn at `rect`, meant to stay inside `box`."""
    if _recorder is not None and text.strip():
        _recorder.append((surface, text, pygame.Rect(rect), pygame.Rect(box) if box is not None else None,
                          surface.get_clip(), text in _cut))


@functools.lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled font at a pixel size (cached per size)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset("fonts", BOLD if bold else REGULAR)), max(6, int(size)))


@functools.lru_cache(maxsize=1024)
def render(text: str, size: int, color=(240, 240, 240), bold: bool = False) -> pygame.Surface:
    """A rendered line of text (cached: menus redraw the same labels every frame)."""
    if len(text) > MAX_CHARS:
        text = text[:MAX_CHARS] + "\u2026"
    return font(size, bold).render(text, True, color)


def text_rect(text: str, size: int, pos, anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    """Where `blit_text` puts one line (without `width`), drawing nothing."""
    return _placed(render(text, int(size), bold=bold), pos, anchor)


def _placed(image: pygame.Surface, pos, anchor: str) -> pygame.Rect:
    """Where a line's `image` goes with its `anchor` at `pos` (rounded, as every line is)."""
    return image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})


def blit_text(surface: pygame.Surface, text: str, size: int, color, pos, anchor: str = "topleft",
              bold: bool = False, width: int | None = None, box: pygame.Rect | None = None) -> pygame.Rect:
    """Draw one line anchored at pos (any pygame.Rect anchor name); return where it went.
    With `width`, the line shrinks or is cut to fit it (the kit's rule); `box` is where it
    must stay (told to the recorder)."""
    if width is not None:
        size, lines = fit_lines(text, size, width, None, bold)
        text = lines[0]
    image = render(text, int(size), tuple(color), bold)
    rect = _placed(image, pos, anchor)
    surface.blit(image, rect)
    note_text(surface, text, rect, box)
    return rect


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit `width` pixels at `size`."""
    face = font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if face.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """The text, cut with an ellipsis where it would be wider than `width` pixels."""
    face = font(size, bold)
    if face.size(text)[0] <= width:
        return text
    while text and face.size(text + "\u2026")[0] > width:
        text = text[:-1]
    if len(_cut) > 4096:
        _cut.clear()
    _cut.add(text.rstrip() + "\u2026")
    return text.rstrip() + "\u2026"


def fits(text: str, size: int, width: float, bold: bool = False) -> bool:
    return font(int(size), bold).size(text)[0] <= width


def fit_lines(text: str, size: float, width: float, height: float | None = None,
              bold: bool = False) -> tuple[int, list[str]]:
    """The kit's one rule for fitting a label: (size, lines) for `text` in a box `width` wide
    and `height` high (None: room for one line). At its own size on one line, else wrapped
    onto the lines the box holds; else the same a step smaller, down to SHRINK of the size;
    else at that smallest size, the last line that fits cut with an ellipsis."""
    size = int(size)
    smallest = max(6, int(size * SHRINK))
    sizes = list(range(size, smallest - 1, -max(1, size // 16)))
    if not sizes or sizes[-1] != smallest:      # (none: a size below the smallest)
        sizes.append(smallest)
    for candidate in sizes:
        if "\n" not in text and fits(text, candidate, width, bold):
            return candidate, [text]
        if height is not None:
            lines = wrap(text, candidate, int(width), bold)
            if lines_height(len(lines), candidate, bold) <= height and \
                    all(fits(line, candidate, width, bold) for line in lines):
                return candidate, lines
    room = 1
    while height is not None and lines_height(room + 1, smallest, bold) <= height:
        room += 1
    lines = wrap(text, smallest, int(width), bold)
    if len(lines) > room:
        lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
    return smallest, [fit(line, smallest, int(width), bold) for line in lines]


def lines_height(count: int, size: int, bold: bool = False) -> float:
    """How high `count` lines at `size` stand, top of the first to bottom of the last."""
    return font(size, bold).get_height() + int(size * LINE) * (count - 1)


def blit_in(surface: pygame.Surface, text: str, size: float, color, box: pygame.Rect, align: str = "center",
            valign: str = "center", bold: bool = False) -> pygame.Rect:
    """Draw `text` inside `box` by the kit's rule (`fit_lines`), aligned left, center or
    right and top, center or bottom; return the rect the lines cover."""
    box = pygame.Rect(box)
    size, lines = fit_lines(text, size, box.w, box.h, bold)
    line_h = int(size * LINE)
    total = lines_height(len(lines), size, bold)
    y = {"top": box.y, "center": box.centery - total / 2, "bottom": box.bottom - total}[valign]
    x = {"left": box.x, "center": box.centerx, "right": box.right}[align]
    anchor = {"left": "topleft", "center": "midtop", "right": "topright"}[align]
    covered = None
    for index, line in enumerate(lines):
        rect = blit_text(surface, line, size, color, (x, y + index * line_h), anchor, bold, box=box)
        covered = rect if covered is None else covered.union(rect)
    return covered


def blit_fitted(surface: pygame.Surface, text: str, sizes, width: int, color, pos, anchor: str = "topleft",
                bold: bool = False) -> pygame.Rect:
    """One line at the first of `sizes` it fits `width` in, else by the kit's rule at the last."""
    for size in sizes:
        if fits(text, size, width, bold):
            return blit_text(surface, text, size, color, pos, anchor, bold)
    return blit_text(surface, text, sizes[-1], color, pos, anchor, bold, width=width)


def blit_wrapped(surface: pygame.Surface, text: str, size: int, color, x, y, width, lines: int) -> pygame.Rect:
    """At most `lines` lines of text fitted to `width` by the kit's rule, from (x, y) down."""
    return blit_in(surface, text, size, color, pygame.Rect(x, y, width, size * LINE * lines), "left", "top")
