"""A screen that is a titled list of widgets (the pattern of every menu), and the overlay
that draws such a list over the scene below (pause, result, messages)."""
from __future__ import annotations

import functools
import math

import pygame

from game.ui import input as inp
from game.ui import theme
from game.ui.i18n import t
from game.ui.scene import Scene
from game.ui.text import blit_in, blit_text, fit_lines, lines_height
from game.ui.widgets import FocusList

COMPACT = 0.75     # a menu's rows may get this much lower to fit the screen
HELP_LINES = 2     # the lines a row's help may take under the list (Kingen's matches take two)
ROW_TEXT = 1.4     # ... or to this many times the text's size, if lower (couch mode's larger rows; one line)


@functools.lru_cache(maxsize=4)
def _backdrop(size: tuple[int, int]) -> pygame.Surface:
    """Felt lit from the middle: a soft radial fall-off drawn once per window size."""
    w, h = size
    small = pygame.Surface((64, 36))
    for y in range(36):
        for x in range(64):
            d = min(1.0, math.hypot((x - 31.5) / 36, (y - 17.5) / 22))
            mix = d * d
            small.set_at((x, y), [round(a + (b - a) * mix) for a, b in zip(theme.FELT, theme.FELT_DARK)])
    return pygame.transform.smoothscale(small, (w, h))


@functools.lru_cache(maxsize=64)
def help_lines(helps: tuple, size: int, room: int) -> int:
    """The lines the longest of `helps` takes at `size` in `room` wide, up to HELP_LINES."""
    return max([len(fit_lines(text, size, room, lines_height(HELP_LINES, size))[1]) for text in helps] + [1])


def draw_backdrop(surface: pygame.Surface, u: float, time: float = 0.0) -> None:
    """The menus' backdrop: the table's felt."""
    surface.blit(_backdrop(surface.get_size()), (0, 0))


class MenuScene(Scene):
    title_key = ""
    width = 900          # list width at 1080p, scaled by the unit
    row = 84             # row height at 1080p
    gap = 14
    pinned = 0           # the last widgets that stay at the bottom while the rest scrolls
    corner_key = "button.back"   # the corner button's label (None: no corner button)

    def __init__(self, app):
        super().__init__(app)
        self.list = FocusList([])
        self.time = 0.0

    def build(self) -> list:
        """The widgets, in order. Rebuilt on enter and when the language changes."""
        return []

    def enter(self) -> None:
        self.rebuild()

    def resume(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        focus = self.list.focus
        self.list = FocusList(self.build(), self.pinned)
        if focus < len(self.list.widgets) and self.list.widgets[focus].focusable:
            self.list.focus = focus

    def title(self) -> str:
        return t(self.title_key)

    def subtitle(self) -> str:
        return ""

    def back(self) -> None:
        self.app.pop()

    def layout(self) -> None:
        # the air below the list and between its rows is `space_u`'s: in couch mode the larger
        # rows take it, so a list that fits the screen does not scroll
        u, air = self.app.u, self.app.space_u
        area = self.app.content_rect()
        top = area.y + int(222 * u)
        width = min(int(self.width * u), area.w - int(60 * u))
        below = int(70 * air) + self.help_box().h - int(lines_height(1, int(theme.SMALL * u)))   # (its lines past one)
        rect = pygame.Rect(0, top, width, area.bottom - top - below)
        rect.centerx = area.centerx
        gap = int(self.gap * air)
        self.list.layout(rect, self.fitted_row(rect.h, int(self.row * u), gap), gap)

    def help_box(self) -> pygame.Rect:
        """Where the focused row's help stands, under the list: as many lines as the longest
        help of its rows needs at this size, up to HELP_LINES (so the list does not move as
        the focus does)."""
        u, area = self.app.u, self.app.content_rect()
        size, room = int(theme.SMALL * u), area.w - int(60 * u)
        helps = tuple(t(widget.help) for widget in self.list.widgets if getattr(widget, "help", ""))
        box = pygame.Rect(0, 0, room, int(lines_height(help_lines(helps, size, room), size)))
        box.midbottom = (area.centerx, area.bottom - int(24 * self.app.space_u))
        return box

    def fitted_row(self, height: int, row: int, gap: int) -> int:
        """The row height: lower (down to COMPACT of it) when that makes the whole list fit;
        a list that does not fit even so keeps its rows, scrolls and shows it. The rows that
        stay at the bottom (`pinned`) have a gap of their own above them."""
        factors = sum(widget.height_factor for widget in self.list.widgets)
        if not factors:
            return row
        gaps = gap * (len(self.list.widgets) - 1 + (1 if self.list.pinned else 0))
        room = (height - gaps) / factors
        two_lines = any(getattr(widget, "subtitle", None) for widget in self.list.widgets)
        lowest = row * COMPACT if two_lines else min(row * COMPACT, theme.BODY * self.app.u * ROW_TEXT)
        return int(room) if lowest <= room < row else row

    def corner_button(self):
        return (t(self.corner_key), inp.BACK, self.list.away) if self.corner_key else None

    def _corner(self, action: inp.Action) -> bool:
        """The cursor and the mouse over the corner button: down from the last row onto it,
        down again to the first row, up back to the last; False for anything else."""
        if not self.corner_key:
            return False
        focusable = [i for i, widget in enumerate(self.list.widgets) if widget.focusable]
        name, lst = action.name, self.list
        if name == inp.POINT:
            lst.away = self.app.corner_rect(t(self.corner_key)).collidepoint(action.pos) or (
                lst.away and lst.widget_at(action.pos) is None)
            return lst.away
        if lst.away:
            if name == inp.PRESS:
                lst.away = False     # a click on a row goes there
                return False
            if name == inp.CONFIRM:
                self.app.sound.play("click")
                self.back()
            elif name in (inp.UP, inp.DOWN):
                lst.away = False
                if name == inp.DOWN and focusable:
                    lst.focus = focusable[0]
                    lst.scroll = 0
                self.app.sound.play("click")
            return name in (inp.CONFIRM, inp.UP, inp.DOWN, inp.LEFT, inp.RIGHT)
        last, first = (focusable[-1], focusable[0]) if focusable else (lst.focus, lst.focus)
        if (name == inp.DOWN and lst.focus == last) or (name == inp.UP and lst.focus == first):
            lst.away = True          # (between the last row and the first, as the list wraps)
            if name == inp.UP and focusable:
                lst.focus = last
            self.app.sound.play("click")
            return True
        return False

    def handle(self, action: inp.Action) -> None:
        if action.name in (inp.BACK, inp.MENU) and not self._field_eats_back(action):
            self.app.sound.play("click")
            self.back()
            return
        self.layout()
        if self._corner(action):
            return
        result = self.list.handle(action)
        if result:
            self.app.sound.play("click")

    def _field_eats_back(self, action) -> bool:
        """Backspace on a text field with text in it erases a character instead of going back."""
        widget = self.list.focused
        return (action.name == inp.BACK and action.device == inp.KEYBOARD and widget is not None
                and widget.takes_text and bool(widget.value))

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        u = self.app.u
        draw_backdrop(surface, u, self.time)
        area = self.app.content_rect()
        room = area.w - int(60 * u)
        blit_text(surface, self.title(), theme.TITLE * u, theme.TEXT, (area.centerx, area.y + 70 * u), "midtop", bold=True,
                  width=room)
        subtitle = self.subtitle()
        if subtitle:
            blit_text(surface, subtitle, theme.SMALL * u, theme.TEXT_DIM, (area.centerx, area.y + 168 * u), "midtop",
                      width=room)
        self.layout()
        self.list.draw(surface, u)
        focused = self.list.focused
        if focused is not None and getattr(focused, "help", ""):
            blit_in(surface, t(focused.help), theme.SMALL * u, theme.TEXT_DIM, self.help_box(), "center", "bottom")

    def legend(self):
        return [(inp.UP, "legend.move"), (inp.CONFIRM, "legend.choose"), (inp.BACK, "legend.back")]


class Overlay(MenuScene):
    """A menu drawn over the scene below it, on a shaded panel."""

    overlay = True
    width = 760
    corner_key = None    # its own buttons close it

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        u = self.app.u
        self.layout()
        area = self.list.area
        panel = pygame.Rect(area.x - int(40 * u), area.y - int(130 * u), area.w + int(80 * u), area.h + int(170 * u))
        pygame.draw.rect(surface, theme.BACKGROUND, panel, border_radius=int(20 * u))
        pygame.draw.rect(surface, theme.ACCENT_DARK, panel, max(1, int(3 * u)), border_radius=int(20 * u))
        title = pygame.Rect(panel.x + int(24 * u), panel.y + int(20 * u), panel.w - int(48 * u), area.y - panel.y - int(30 * u))
        blit_in(surface, self.title(), theme.HEADING * u, theme.TEXT, title, bold=True)
        self.list.draw(surface, u)

    def panel_area(self) -> pygame.Rect:
        """Where the panel is centred: the screen above the legend (a result may choose a side)."""
        return self.app.content_rect()

    def list_width(self) -> int:
        return min(int(self.width * self.app.u), self.panel_area().w - int(120 * self.app.u))

    def text_rows(self, texts: list[str], size: int = theme.SMALL, colour=theme.TEXT) -> list:
        """A label per paragraph, as high as its lines wrapped to the panel's width."""
        from game.ui.text import lines_height, wrap
        from game.ui.widgets import Label
        u, width = self.app.u, self.list_width()
        labels = []
        for text in texts:
            label = Label(text, size, colour)
            lines = len(wrap(text, int(size * u), width))
            label.height_factor = max(label.height_factor, (lines_height(lines, int(size * u)) + 6 * u) / (self.row * u))
            labels.append(label)
        return labels

    def layout(self) -> None:
        u = self.app.u
        area = self.panel_area()
        height = sum(int(self.row * u * w.height_factor) + int(self.gap * u) for w in self.list.widgets)
        height = min(height, area.h - int(260 * u))
        rect = pygame.Rect(0, 0, self.list_width(), height)
        rect.center = (area.centerx, area.centery + int(50 * u))
        self.list.layout(rect, self.fitted_row(rect.h, int(self.row * u), int(self.gap * u)), int(self.gap * u))


class MessageOverlay(Overlay):
    """Plain words and one or more buttons (a damaged file, a confirmation). A confirmation of
    something that cannot be undone passes `cancel_first`: the cursor starts on the last
    button (Cancel), so two presses of Enter never wipe anything."""

    def __init__(self, app, title: str, lines: list[str], buttons: list[tuple[str, object]] | None = None,
                 cancel_first: bool = False):
        super().__init__(app)
        self._title, self.lines = title, lines
        self.buttons = buttons or [(t("button.ok"), app.pop)]
        self.cancel_first = cancel_first

    def title(self):
        return self._title

    def build(self):
        from game.ui.widgets import Button
        return self.text_rows(self.lines) + [Button(text, action) for text, action in self.buttons]

    def enter(self):
        super().enter()
        focusable = [i for i, w in enumerate(self.list.widgets) if w.focusable]
        self.list.focus = focusable[-1] if self.cancel_first else focusable[0]
