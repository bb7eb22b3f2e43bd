"""Buttons, choices, sliders and a seed field, with one focus cursor for every device.

Each widget knows its rect (laid out by its screen), draws itself focused or not, and reacts
to confirm (`activate`) and left/right (`adjust`). `FocusList` moves the focus cursor
up and down its widgets, follows the mouse, and scrolls when the list is taller than its
area. `nearest()` is the spatial rule game boards use to move a cursor in a direction.
"""
from __future__ import annotations

from typing import Callable

import pygame

from game.ui import input as inp
from game.ui import theme
from game.ui.text import blit_in, blit_text, font


def _call(value):
    return value() if callable(value) else value


def _label(surface, label, colour, rect: pygame.Rect, right: float, u: float) -> None:
    """A row's name, left in `rect` up to `right` (where its value begins), fitted by the kit's rule."""
    room = pygame.Rect(rect.x + int(24 * u), rect.y, max(1, int(right) - rect.x - int(24 * u)), rect.h)
    blit_in(surface, _call(label), theme.BODY * u, colour, room, "left")


class Widget:
    focusable = True
    takes_text = False   # typed text goes here, and Backspace erases it (instead of going back)
    height_factor = 1.0  # its row height relative to the list's row height
    help = ""            # i18n key of a one-line explanation shown while focused

    def __init__(self):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True

    def activate(self) -> bool:
        return False

    def adjust(self, step: int) -> bool:
        return False

    def type_text(self, text: str) -> bool:
        return False

    def erase(self) -> bool:
        return False

    def click(self, pos) -> bool:
        """A mouse press inside the widget: by default the same as confirm."""
        return self.activate()

    def draw(self, surface: pygame.Surface, focused: bool, u: float) -> None:
        raise NotImplementedError

    def _box(self, surface, focused, u):
        radius = max(4, int(12 * u))
        colour = theme.PANEL_LIGHT if focused else theme.PANEL
        pygame.draw.rect(surface, colour, self.rect, border_radius=radius)
        if focused:
            pygame.draw.rect(surface, theme.ACCENT, self.rect, max(2, int(4 * u)), border_radius=radius)


class Label(Widget):
    focusable = False
    height_factor = 0.6  # rows of text are lower than buttons

    def __init__(self, text, size=theme.BODY, colour=theme.TEXT_DIM):
        super().__init__()
        self.text, self.size, self.colour = text, size, colour

    def draw(self, surface, focused, u):
        blit_in(surface, _call(self.text), self.size * u, self.colour, self.rect, "left")


class Button(Widget):
    def __init__(self, text, on_press: Callable[[], None], subtitle=None):
        super().__init__()
        self.text, self.on_press, self.subtitle = text, on_press, subtitle

    def activate(self):
        if not self.enabled:
            return False
        self.on_press()
        return True

    def draw(self, surface, focused, u):
        self._box(surface, focused, u)
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        room = self.rect.w - int(48 * u)
        if self.subtitle:   # the two lines centred together in the row
            top = self.rect.centery - (font(int(theme.BODY * u), True).get_height() + int(4 * u)
                                       + font(int(theme.TINY * u)).get_height()) / 2
            title = blit_text(surface, _call(self.text), theme.BODY * u, colour, (self.rect.x + 24 * u, top),
                              "topleft", bold=True, width=room, box=self.rect)
            blit_text(surface, _call(self.subtitle), theme.TINY * u, theme.TEXT_DIM,
                      (self.rect.x + 24 * u, title.bottom + 4 * u), "topleft", width=room, box=self.rect)
        else:
            blit_text(surface, _call(self.text), theme.BODY * u, colour, self.rect.center, "center", bold=focused,
                      width=room, box=self.rect)


class Choice(Widget):
    """A named value cycled with left/right (or confirm, or a click on its arrows)."""

    def __init__(self, label, values: list, value, on_change: Callable[[object], None],
                 value_label: Callable[[object], str] = str, icon=None):
        super().__init__()
        self.label, self.values, self.on_change, self.value_label = label, list(values), on_change, value_label
        self.icon = icon      # value, size -> a picture left of the value's words (a face), or None
        self.value = value if value in self.values else self.values[0]

    def adjust(self, step):
        if not self.enabled or len(self.values) < 2:
            return False
        index = (self.values.index(self.value) + step) % len(self.values)
        self.value = self.values[index]
        self.on_change(self.value)
        return True

    def activate(self):
        return self.adjust(1)

    def click(self, pos):
        """The left arrow steps back; anywhere else steps forward."""
        back_arrow = getattr(self, "_back_arrow", None)
        return self.adjust(-1 if back_arrow and pos[0] <= back_arrow.right + 4 and pos[0] >= back_arrow.left - 12 else 1)

    def draw(self, surface, focused, u):
        self._box(surface, focused, u)
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        value = self.value_label(self.value)
        right = self.rect.right - 24 * u
        arrow_colour = theme.ACCENT if focused else theme.TEXT_DIM
        arrow = blit_text(surface, "\u25b6", theme.SMALL * u, arrow_colour, (right, self.rect.centery), "midright", box=self.rect)
        # the value takes what it needs of the right part, on two lines if it must
        back_w = arrow.w + int(28 * u)
        room = pygame.Rect(self.rect.x + int(self.rect.w * 0.4), self.rect.y + int(4 * u), 0, self.rect.h - int(8 * u))
        room.w = arrow.left - int(14 * u) - back_w - room.x
        text = blit_in(surface, value, theme.BODY * u, colour, room, "right", bold=True)
        left = text.left
        if self.icon is not None:
            image = self.icon(self.value, int(self.rect.h * 0.72))
            left = surface.blit(image, image.get_rect(midright=(left - int(12 * u), self.rect.centery))).left
        self._back_arrow = blit_text(surface, "\u25c0", theme.SMALL * u, arrow_colour, (left - 14 * u, self.rect.centery),
                                     "midright", box=self.rect)
        _label(surface, self.label, colour, self.rect, self._back_arrow.left - 16 * u, u)


class Slider(Choice):
    """A value from 0 to 1 in tenths, shown as a bar."""

    def __init__(self, label, value: float, on_change):
        steps = [round(i / 10, 1) for i in range(11)]
        super().__init__(label, steps, min(steps, key=lambda s: abs(s - value)), on_change)

    def adjust(self, step):
        index = max(0, min(len(self.values) - 1, self.values.index(self.value) + step))
        if self.values[index] == self.value:
            return False
        self.value = self.values[index]
        self.on_change(self.value)
        return True

    def activate(self):
        return False

    def click(self, pos):
        bar = self._bar(1.0)
        fraction = (pos[0] - bar.x) / max(1, bar.w)
        if -0.1 <= fraction <= 1.1:
            target = round(max(0.0, min(1.0, fraction)), 1)
            if target != self.value:
                self.value = target
                self.on_change(target)
            return True
        return False

    def _bar(self, u):
        width = self.rect.w * 0.38
        return pygame.Rect(self.rect.right - width - 24 * u, self.rect.centery - 8 * u, width, 16 * u)

    def draw(self, surface, focused, u):
        self._box(surface, focused, u)
        bar = self._bar(u)
        pygame.draw.rect(surface, theme.BACKGROUND, bar, border_radius=int(8 * u))
        filled = bar.copy()
        filled.w = int(bar.w * self.value)
        pygame.draw.rect(surface, theme.ACCENT if focused else theme.TEXT_DIM, filled, border_radius=int(8 * u))
        percent = blit_text(surface, f"{int(self.value * 100)}%", theme.SMALL * u, theme.TEXT, (bar.left - 16 * u, bar.centery),
                            "midright", box=self.rect)
        _label(surface, self.label, theme.TEXT, self.rect, percent.left - 16 * u, u)


class SeedField(Widget):
    """A game number: typed digits, or left/right to step it; empty means random."""

    MAX_DIGITS = 9
    takes_text = True

    def __init__(self, label, value: str, on_change, empty_text):
        super().__init__()
        self.label, self.on_change, self.empty_text = label, on_change, empty_text
        self.value = value if value.isdigit() else ""

    def _set(self, value: str):
        self.value = value
        self.on_change(value)
        return True

    def type_text(self, text):
        digits = "".join(ch for ch in text if ch.isdigit())
        if not digits:
            return False
        return self._set((self.value + digits)[: self.MAX_DIGITS].lstrip("0") or "0")

    def erase(self):
        if not self.value:
            return False
        return self._set(self.value[:-1])

    def adjust(self, step):
        number = int(self.value) if self.value else 0
        number = max(0, number + step)
        return self._set("" if number == 0 and step < 0 and not self.value else str(number))

    def activate(self):
        return self._set("")

    def draw(self, surface, focused, u):
        self._box(surface, focused, u)
        shown = self.value or _call(self.empty_text)
        colour = theme.TEXT if self.value else theme.TEXT_DIM
        text = blit_text(surface, shown, theme.BODY * u, colour, (self.rect.right - 24 * u, self.rect.centery), "midright",
                         bold=bool(self.value), width=self.rect.w * 0.45, box=self.rect)
        _label(surface, self.label, theme.TEXT, self.rect, text.left - 16 * u, u)
        if focused and (pygame.time.get_ticks() // 500) % 2 == 0:
            pygame.draw.line(surface, theme.ACCENT, (text.right + 3, text.top), (text.right + 3, text.bottom), max(1, int(2 * u)))


class FocusList:
    """A vertical list of widgets with a focus cursor, mouse hover and scrolling."""

    def __init__(self, widgets: list[Widget], pinned: int = 0):
        self.widgets = widgets
        self.pinned = pinned      # the last `pinned` widgets stay at the bottom, never scrolled away
        self.focus = next((i for i, w in enumerate(widgets) if w.focusable), 0)
        self.area = pygame.Rect(0, 0, 0, 0)       # the part that scrolls
        self.scroll = 0
        self.row_height = 0
        self.away = False         # the cursor is on the screen's corner button, outside the list

    @property
    def focused(self) -> Widget | None:
        return self.widgets[self.focus] if self.widgets and not self.away else None

    @property
    def scrolling(self) -> list[Widget]:
        return self.widgets[:len(self.widgets) - self.pinned]

    def layout(self, area: pygame.Rect, row_height: int, gap: int) -> None:
        self.row_height = row_height
        bottom = area.bottom
        for widget in reversed(self.widgets[len(self.scrolling):]):
            height = int(row_height * widget.height_factor)
            widget.rect = pygame.Rect(area.x, bottom - height, area.w, height)
            bottom -= height + gap
        self.area = pygame.Rect(area.x, area.y, area.w, bottom - area.y - (gap if self.pinned else 0))
        y = area.y - self.scroll
        for widget in self.scrolling:
            height = int(row_height * widget.height_factor)
            widget.rect = pygame.Rect(area.x, y, area.w, height)
            y += height + gap
        self._keep_visible()

    def _content_height(self) -> int:
        if not self.scrolling:
            return 0
        return self.scrolling[-1].rect.bottom + self.scroll - self.area.y

    def _keep_visible(self) -> None:
        widget = self.focused
        if widget is None or self.area.h <= 0 or self.focus >= len(self.scrolling):
            return
        shift = 0
        if widget.rect.bottom > self.area.bottom:
            shift = widget.rect.bottom - self.area.bottom
        elif widget.rect.top < self.area.top:
            shift = widget.rect.top - self.area.top
        if shift:
            self.scroll = max(0, self.scroll + shift)
            for w in self.scrolling:
                w.rect.y -= shift

    def move(self, step: int) -> bool:
        index = self.focus
        for _ in range(len(self.widgets)):
            index = (index + step) % len(self.widgets)
            if self.widgets[index].focusable:
                break
        changed = index != self.focus
        self.focus = index
        self._keep_visible()
        return changed

    def widget_at(self, pos) -> int | None:
        for index, widget in enumerate(self.widgets):
            shown = self.area.collidepoint(pos) or index >= len(self.scrolling)
            if shown and widget.focusable and widget.rect.collidepoint(pos):
                return index
        return None

    def handle(self, action: inp.Action) -> str | None:
        """React to an action; return what happened ('move', 'activate', 'adjust') or None."""
        name = action.name
        if name in (inp.UP, inp.DOWN):
            return "move" if self.move(-1 if name == inp.UP else 1) else None
        widget = self.focused
        if widget is None:
            return None
        if name in (inp.LEFT, inp.RIGHT):
            return "adjust" if widget.adjust(-1 if name == inp.LEFT else 1) else None
        if name == inp.CONFIRM:
            return "activate" if widget.activate() else None
        if name == inp.TEXT:
            return "adjust" if widget.type_text(action.text) else None
        if name == inp.BACK and widget.takes_text and action.device == inp.KEYBOARD and widget.value:
            return "adjust" if widget.erase() else None
        if name == inp.POINT:
            index = self.widget_at(action.pos)
            if index is not None and index != self.focus:
                self.focus = index
                return "move"
            return None
        if name == inp.PRESS:
            index = self.widget_at(action.pos)
            if index is None:
                return None
            self.focus = index
            return "activate" if self.widgets[index].click(action.pos) else None
        if name == inp.SCROLL and self.area.collidepoint(action.pos):
            limit = max(0, self._content_height() - self.area.h)
            before = self.scroll
            self.scroll = max(0, min(limit, self.scroll - action.amount * self.row_height))
            for w in self.scrolling:
                w.rect.y -= self.scroll - before
            return None
        return None

    def draw(self, surface: pygame.Surface, u: float) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.area.inflate(int(16 * u), int(16 * u)))
        for index, widget in enumerate(self.scrolling):
            if widget.rect.bottom >= self.area.top - 8 and widget.rect.top <= self.area.bottom + 8:
                widget.draw(surface, index == self.focus and not self.away, u)
        surface.set_clip(clip)
        for index in range(len(self.scrolling), len(self.widgets)):
            self.widgets[index].draw(surface, index == self.focus and not self.away, u)
        self._draw_scroll_marks(surface, u)

    def scrolls(self) -> bool:
        """Whether the list is taller than its area (it scrolls, and says so)."""
        return self._content_height() > self.area.h + 1

    def _draw_scroll_marks(self, surface: pygame.Surface, u: float) -> None:
        """A scroll bar beside the list and an arrow where rows are hidden above or below."""
        if not self.scrolls():
            return
        total = self._content_height()
        size = max(4, int(12 * u))
        x = self.area.right + int(24 * u)
        track = pygame.Rect(0, self.area.y + 2 * size, max(3, int(8 * u)), self.area.h - 4 * size)
        track.centerx = x
        pygame.draw.rect(surface, theme.PANEL, track, border_radius=track.w // 2)
        thumb = track.copy()
        thumb.h = max(int(30 * u), int(track.h * self.area.h / total))
        thumb.y = track.y + int((track.h - thumb.h) * self.scroll / max(1, total - self.area.h))
        pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=track.w // 2)
        more_above, more_below = self.scroll > 0, self.scroll < total - self.area.h - 1
        top, bottom = self.area.y + size // 2, self.area.bottom - size // 2
        pygame.draw.polygon(surface, theme.ACCENT if more_above else theme.PANEL,
                            [(x - size, top + size), (x + size, top + size), (x, top)])
        pygame.draw.polygon(surface, theme.ACCENT if more_below else theme.PANEL,
                            [(x - size, bottom - size), (x + size, bottom - size), (x, bottom)])


def nearest(current: pygame.Rect, candidates: list[pygame.Rect], direction: str) -> int | None:
    """Index of the candidate rect that best continues from `current` in `direction`.

    Prefers targets straight ahead: distance along the direction plus twice the sideways
    offset. Used by game boards for their focus cursor.
    """
    cx, cy = current.center
    best, best_cost = None, None
    for index, rect in enumerate(candidates):
        dx, dy = rect.centerx - cx, rect.centery - cy
        ahead, side = {"right": (dx, dy), "left": (-dx, dy), "down": (dy, dx), "up": (-dy, dx)}[direction]
        if ahead <= 0:
            continue
        cost = ahead + 2 * abs(side)
        if best_cost is None or cost < best_cost:
            best, best_cost = index, cost
    return best
