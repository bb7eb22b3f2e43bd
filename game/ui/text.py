"""Text with the bundled font, rendered at the size it is shown (never scaled afterwards)."""
from __future__ import annotations

import functools

import pygame

from game.paths import asset

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
MAX_CHARS = 400   # one line never needs more; a longer one (damaged data) is cut, never a huge surface


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


def blit_text(surface: pygame.Surface, text: str, size: int, color, pos, anchor: str = "topleft",
              bold: bool = False) -> pygame.Rect:
    """Draw one line anchored at pos (any pygame.Rect anchor name); return where it went."""
    image = render(text, int(size), tuple(color), bold)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
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
    return text.rstrip() + "\u2026"


def blit_fitted(surface: pygame.Surface, text: str, sizes, width: int, color, pos, anchor: str = "topleft",
                bold: bool = False) -> pygame.Rect:
    """One line at the first of `sizes` it fits `width` in, else cut at the last size."""
    for size in sizes:
        if font(size, bold).size(text)[0] <= width:
            return blit_text(surface, text, size, color, pos, anchor, bold)
    return blit_text(surface, fit(text, sizes[-1], width, bold), sizes[-1], color, pos, anchor, bold)


def blit_wrapped(surface: pygame.Surface, text: str, size: int, color, x, y, width, lines: int) -> None:
    """At most `lines` lines of text wrapped to `width`, from (x, y) down."""
    for index, line in enumerate(wrap(text, size, int(width))[:lines]):
        blit_text(surface, fit(line, size, int(width)), size, color, (x, y + index * size * 1.25))
