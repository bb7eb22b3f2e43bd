"""The base of every screen: the app keeps a stack of scenes; overlays draw over the one below."""
from __future__ import annotations

import pygame

from game.ui import input as inp


class Scene:
    """One screen. Overlays draw on top of the scene below them."""

    overlay = False
    shade = True     # an overlay darkens what lies beneath it
    name = "scene"

    def __init__(self, app):
        self.app = app

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def resume(self) -> None:
        """Called when the scene above this one was popped."""

    def handle(self, action: inp.Action) -> None: ...
    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface, alpha: float) -> None: ...

    def ahead(self) -> None:
        """After drawing: work done ahead of need within `app.spare()` (a picture the screen
        will show soon), so the frame that first shows it does not make it."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """What the scene's parts draw over its own drawing (a lesson's words)."""

    def legend(self) -> list[tuple[str, str]]:
        """(action, i18n key) pairs for the button legend at the bottom."""
        return []

    def kept_clear(self) -> list:
        """The rects a notice must not cover (a table's plates and hand), none by default."""
        return []

    def corner_button(self) -> tuple | None:
        """The way back shown as a button at the right end of the legend bar: (label, the
        action a click sends, whether the cursor is on it), or None (see `App.corner_rect`)."""
        return None
