"""What can be chosen on a table, and the one cursor, mouse and drag-and-drop over it.

A scene lists its `Target`s each frame (cards of the hand, piles, squares, pawns, buttons):
a key that names the thing (`("hand", 3)`, `("place", 0)`, `("button", "end")`) and the rect
it occupies. `Controls` turns the player's actions into calls on the scene:

- directions move the focus cursor to the nearest target that way (`widgets.nearest`); the
  targets of one `row` (a fanned hand) are stepped through one by one left and right, and
  up and down leave the row (a lifted card must not step onto its neighbour);
- the mouse focuses what it points at; a click (press and release without moving) is the
  same as confirm on that target;
- a press on a target the scene lets go (`scene.drag_start`) becomes a drag once the mouse
  moves: the things follow the mouse, and on release `scene.drop` gets the drop target under
  the mouse, else the one the grabbed thing covers most (a quarter of it at least), else None.

The scene implements `targets(layout)`, `default_focus(layout)` (where the cursor goes when
its target is gone), `activate(key, by_mouse)`, and for dragging `drag_start(key) -> Drag |
None` and `drop(drag, key)`. The Menu button in the legend bar's corner is a target of every
table (`MENU_KEY`), unless the scene shows a Menu button of its own.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.ui import input as inp
from game.ui.i18n import t
from game.ui.widgets import nearest

MENU_KEY = ("button", "menu")   # the table's Menu button (the app's corner button, or a game's own)


@dataclass(slots=True)
class Target:
    key: tuple
    rect: pygame.Rect
    row: str | None = None      # targets of one row (a hand): left/right step along it
    drop: bool = False          # things may be dropped here
    focusable: bool = True      # False: the mouse finds it, the cursor does not (a stock)


@dataclass(slots=True)
class Drag:
    """Things following the mouse: `item` says what (the scene's own value), `rects` where
    they lay when grabbed; they keep their offsets from the pointer."""
    item: object
    things: list
    rects: list
    grab: tuple
    pos: tuple = (0, 0)
    card_width: int = 0
    offsets: list = field(default_factory=list)

    def __post_init__(self):
        self.pos = self.grab
        self.offsets = [(rect.x - self.grab[0], rect.y - self.grab[1]) for rect in self.rects]

    def rects_now(self) -> list[pygame.Rect]:
        x, y = self.pos
        return [pygame.Rect(x + dx, y + dy, rect.w, rect.h) for (dx, dy), rect in zip(self.offsets, self.rects)]


class Targets:
    """One frame's targets, in drawing order (the last drawn is on top)."""

    def __init__(self, targets: list[Target]):
        self.all = targets
        self.by_key = {target.key: target for target in targets}

    def __iter__(self):
        return (target for target in self.all if target.focusable)

    def get(self, key) -> Target | None:
        return self.by_key.get(key)

    def at(self, pos) -> Target | None:
        """The topmost target under `pos`."""
        for target in reversed(self.all):
            if target.rect.collidepoint(pos):
                return target
        return None

    def neighbour(self, key, direction: str):
        """The key the cursor moves to from `key` in `direction` (None at an edge)."""
        current = self.by_key.get(key)
        if current is None:
            return None
        others = [target for target in self if target.key != key]
        if current.row is not None:
            row = [target for target in self if target.row == current.row]
            if direction in (inp.LEFT, inp.RIGHT):
                index = row.index(current) + (1 if direction == inp.RIGHT else -1)
                if 0 <= index < len(row):
                    return row[index].key
            else:
                others = [target for target in others if target.row != current.row]
        index = nearest(current.rect, [target.rect for target in others], direction)
        return others[index].key if index is not None else None

    def drop_at(self, pos, grabbed: pygame.Rect | None, margin: int = 0):
        """The drop target under the pointer (`margin` wider), else the one `grabbed` covers
        most, if it covers a quarter of it."""
        drops = [target for target in self.all if target.drop]
        for target in drops:
            if target.rect.inflate(margin, margin).collidepoint(pos):
                return target.key
        if grabbed is None:
            return None
        best, best_area = None, 0
        for target in drops:
            clip = target.rect.clip(grabbed)
            if clip.w * clip.h > best_area:
                best, best_area = target.key, clip.w * clip.h
        return best if best_area >= grabbed.w * grabbed.h * 0.25 else None


class Controls:
    """The focus cursor, the mouse and drag-and-drop of one scene (see the module docstring)."""

    def __init__(self, scene):
        self.scene = scene
        self.focus = None       # the key under the cursor
        self.hover = None       # the key under the mouse (also a target the cursor skips)
        self.press = None       # (key, pos): a press that becomes a click or a drag
        self.drag: Drag | None = None

    def targets(self, layout) -> Targets:
        """The scene's targets and the Menu button in the corner of the legend bar, which the
        cursor reaches like any button (a click on it is the app's: it sends Menu)."""
        targets = self.scene.targets(layout)
        if targets.get(MENU_KEY) is not None:
            return targets           # the scene shows a Menu button of its own
        return Targets(targets.all + [Target(MENU_KEY, self.scene.app.corner_rect(t("button.menu")))])

    def neighbour(self, key, direction: str, layout=None):
        """The target the focus cursor moves to from `key` in `direction` (None at an edge)."""
        return self.targets(layout or self.scene.layout()).neighbour(key, direction)

    def keep_focus(self, layout, targets=None) -> None:
        """The cursor goes to the scene's `default_focus` when its target is gone (from the
        table's targets, or from `targets`)."""
        self.ensure_focus(targets if targets is not None else self.targets(layout),
                          lambda: self.scene.default_focus(layout))

    def threshold(self) -> float:
        return max(4.0, 8 * self.scene.app.u)

    def cancel(self) -> None:
        self.press = self.drag = None

    def ensure_focus(self, targets: Targets, default) -> None:
        """Put the cursor on `default` (a key, or a function giving one) when its target is gone."""
        current = targets.get(self.focus)
        if current is None or not current.focusable:
            self.focus = default() if callable(default) else default

    def move_focus(self, targets: Targets, direction: str, default) -> None:
        if targets.get(self.focus) is None:
            self.ensure_focus(targets, default)
            return
        key = targets.neighbour(self.focus, direction)
        if key is not None:
            self.focus = key
            self.scene.app.sound.play("click")

    def handle(self, action: inp.Action) -> bool:
        """Directions, confirm and the mouse over this frame's targets; False for an action the
        scene handles itself."""
        layout = self.scene.layout()
        targets = self.targets(layout)

        def default():
            return self.scene.default_focus(layout)
        name = action.name
        if name in inp.DIRECTIONS:
            self.move_focus(targets, name, default)
        elif name == inp.CONFIRM:
            current = targets.get(self.focus)
            if current is None:
                self.ensure_focus(targets, default)
            else:
                self.scene.activate(current.key, False)
        elif name == inp.POINT:
            self._point(action.pos, targets)
        elif name == inp.PRESS:
            self._press(action.pos, targets)
        elif name == inp.RELEASE:
            self._release(action.pos, targets)
        else:
            return False
        return True

    def _far(self, start, pos) -> bool:
        return math.hypot(pos[0] - start[0], pos[1] - start[1]) >= self.threshold()

    def _point(self, pos, targets):
        if self.press and not self.drag and self._far(self.press[1], pos):
            self.drag = self.scene.drag_start(self.press[0], self.press[1])
            if self.drag is None:
                self.press = None
        if self.drag:
            self.drag.pos = pos
            return
        hit = targets.at(pos)
        self.hover = hit.key if hit else None
        if hit is not None and hit.focusable:
            self.focus = hit.key

    def _press(self, pos, targets):
        hit = targets.at(pos)
        if hit is None:
            self.scene.activate(None, True)
            return
        if hit.focusable:
            self.focus = hit.key
        if self.scene.can_drag(hit.key):
            self.press = (hit.key, pos)   # a click or a drag: the release will tell
            return
        self.scene.activate(hit.key, True)

    def _release(self, pos, targets):
        press, drag = self.press, self.drag
        self.press = self.drag = None
        if drag is None and press is not None:
            if not self._far(press[1], pos):
                self.scene.activate(press[0], True)
                return
            drag = self.scene.drag_start(press[0], press[1])   # a drag with no motion in between
        if drag is not None:
            drag.pos = pos
            rects = drag.rects_now()
            self.scene.drop(drag, targets.drop_at(pos, rects[0] if rects else None, drag.card_width // 5))
