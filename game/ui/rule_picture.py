"""A picture on a game's rules page: a small position drawn by the game's own drawing code.

Each game's `game/<name>/rule_pictures.py` holds `PICTURES`, a dict from the name a rule page
places (`![picture](name)`) to a `Picture`; the rules screen draws each once per size and
language and keeps it (game/menu/rules_help.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from game.ui import theme

BASE_WIDTH = 600        # a picture's own unit is its width over this


@dataclass(frozen=True)
class Picture:
    aspect: float                  # width over height
    paint: Callable                # paint(surface, u, four_colour): fills the whole surface
    check: Callable                # check(): raises AssertionError when the position breaks the rules


def render(picture: Picture, width: int, four_colour: bool = False) -> pygame.Surface:
    """The picture `width` pixels wide, on rounded corners with a thin gold edge."""
    height = max(1, round(width / picture.aspect))
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    u = width / BASE_WIDTH
    picture.paint(surface, u, four_colour)
    radius = max(4, int(16 * u))
    mask = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(surface, theme.ACCENT_DARK, surface.get_rect(), max(2, int(3 * u)), border_radius=radius)
    return surface
