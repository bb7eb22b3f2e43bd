"""Keyboard, mouse and gamepads mapped to the same few actions.

Scenes never look at raw events: they get `Action`s. Directions, confirm, back and menu
drive the focus cursor on every screen; pointer actions (point, press, release, scroll)
carry a position for mouse play (a drag is a press, points while held, then a release);
`action1`/`action2` are game actions (hint, undo, Quarto!, end turn: each scene says in its
legend what they do). Gamepads use pygame-ce's SDL game-controller API only (CONTROLLER
events, never JOY as well), with hot-plug and any number of controllers at once. The device
used last decides which button names the legend shows.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.i18n import t

UP, DOWN, LEFT, RIGHT = "up", "down", "left", "right"
CONFIRM, BACK, MENU = "confirm", "back", "menu"
ACTION1, ACTION2, PREV, NEXT = "action1", "action2", "prev", "next"
FIRST, LAST = "first", "last"    # Home and End (a review's first and last move)
WHY = "why"                      # why did the computer play that
POINT, PRESS, RELEASE, SCROLL, TEXT = "point", "press", "release", "scroll", "text"
DIRECTIONS = (UP, DOWN, LEFT, RIGHT)
KEYBOARD, MOUSE, GAMEPAD = "keyboard", "mouse", "gamepad"


@dataclass(frozen=True)
class Action:
    name: str
    device: str
    pos: tuple | None = None      # pointer position in window pixels
    amount: int = 0               # scroll steps (positive = up)
    text: str = ""                # typed characters (seed field)


KEYS = {
    pygame.K_UP: UP, pygame.K_w: UP, pygame.K_DOWN: DOWN, pygame.K_s: DOWN,
    pygame.K_LEFT: LEFT, pygame.K_a: LEFT, pygame.K_RIGHT: RIGHT, pygame.K_d: RIGHT,
    pygame.K_RETURN: CONFIRM, pygame.K_KP_ENTER: CONFIRM, pygame.K_SPACE: CONFIRM,
    pygame.K_BACKSPACE: BACK, pygame.K_ESCAPE: MENU,
    pygame.K_h: ACTION1, pygame.K_u: ACTION2, pygame.K_z: ACTION2,
    pygame.K_TAB: NEXT, pygame.K_PAGEUP: PREV, pygame.K_PAGEDOWN: NEXT,
    pygame.K_HOME: FIRST, pygame.K_END: LAST, pygame.K_y: WHY,
}

BUTTONS = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN: DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT: RIGHT,
    pygame.CONTROLLER_BUTTON_A: CONFIRM, pygame.CONTROLLER_BUTTON_B: BACK,
    pygame.CONTROLLER_BUTTON_START: MENU, pygame.CONTROLLER_BUTTON_BACK: WHY,
    pygame.CONTROLLER_BUTTON_X: ACTION1, pygame.CONTROLLER_BUTTON_Y: ACTION2,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: PREV, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: NEXT,
}

# What the legend calls each action on each device (UP and LEFT stand for their axis).
LEGEND_NAMES = {
    KEYBOARD: {UP: "\u2191\u2193", DOWN: "\u2193", LEFT: "\u2190\u2192", RIGHT: "\u2192", CONFIRM: "Enter",
               BACK: "\u232b", MENU: "Esc", ACTION1: "H", ACTION2: "U", PREV: "PgUp", NEXT: "Tab",
               FIRST: "Home", LAST: "End", WHY: "Y"},
    GAMEPAD: {UP: "\u2191\u2193", DOWN: "\u2193", LEFT: "\u2190\u2192", RIGHT: "\u2192", CONFIRM: "A",
              BACK: "B", MENU: "Start", ACTION1: "X", ACTION2: "Y", PREV: "LB", NEXT: "RB",
              WHY: "Back"},
}
MOUSE_NAMES = {CONFIRM: "input.click", BACK: "input.right_click"}  # i18n keys

STICK_DEADZONE = 0.5 * 32767
REPEAT_DELAY, REPEAT_INTERVAL = 0.35, 0.09


class InputMapper:
    """Turns pygame events into actions; remembers the device used last."""

    def __init__(self):
        self.last_device = KEYBOARD
        self.controllers: dict[int, object] = {}   # instance id -> Controller
        self._stick: dict[tuple, str | None] = {}  # (instance id, axis pair) -> held direction
        self._held: str | None = None              # a stick direction that repeats
        self._held_time = 0.0
        self._controller_module = None
        try:
            from pygame._sdl2 import controller
            controller.init()
            self._controller_module = controller
        except (ImportError, pygame.error):
            self._controller_module = None  # no game-controller support: keyboard and mouse still work

    # -- gamepads -------------------------------------------------------------------------
    def _add_controller(self, device_index: int) -> None:
        module = self._controller_module
        if module is None:
            return
        try:
            pad = module.Controller(device_index)
            instance = pad.as_joystick().get_instance_id()
        except (pygame.error, IndexError, ValueError):
            return  # a device that vanished between the event and this call
        self.controllers[instance] = pad

    def _remove_controller(self, instance_id: int) -> None:
        pad = self.controllers.pop(instance_id, None)
        self._stick = {key: value for key, value in self._stick.items() if key[0] != instance_id}
        self._held = None
        if pad is not None:
            try:
                pad.quit()
            except pygame.error:
                pass

    def _stick_action(self, event) -> list[Action]:
        instance = getattr(event, "instance_id", -1)
        if event.axis in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            horizontal = event.axis == pygame.CONTROLLER_AXIS_LEFTX
            direction = None
            if event.value <= -STICK_DEADZONE:
                direction = LEFT if horizontal else UP
            elif event.value >= STICK_DEADZONE:
                direction = RIGHT if horizontal else DOWN
            key = (instance, horizontal)
            before = self._stick.get(key)
            self._stick[key] = direction
            if direction and direction != before:
                self._held, self._held_time = direction, -REPEAT_DELAY
                return [Action(direction, GAMEPAD)]
            if direction is None and before is not None and self._held == before:
                self._held = None
        return []

    def update(self, dt: float) -> list[Action]:
        """Repeat a held stick direction, as keyboard repeat does for keys."""
        if self._held is None:
            return []
        self._held_time += dt
        if self._held_time >= REPEAT_INTERVAL:
            self._held_time = 0.0
            return [Action(self._held, GAMEPAD)]
        return []

    # -- events ---------------------------------------------------------------------------
    def translate(self, event) -> list[Action]:
        kind = event.type
        if kind == pygame.KEYDOWN:
            name = KEYS.get(event.key)
            actions = []
            if name:
                self.last_device = KEYBOARD
                actions.append(Action(name, KEYBOARD))
            return actions
        if kind == pygame.TEXTINPUT:
            return [Action(TEXT, KEYBOARD, text=event.text)]
        if kind == pygame.MOUSEMOTION:
            if any(getattr(event, "rel", (1, 1))):   # (a window opening under the pointer tells where it is, unmoved)
                self.last_device = MOUSE
            return [Action(POINT, MOUSE, pos=tuple(event.pos))]
        if kind == pygame.MOUSEBUTTONDOWN:
            self.last_device = MOUSE
            if event.button == 1:
                return [Action(PRESS, MOUSE, pos=tuple(event.pos))]
            if event.button == 3:
                return [Action(BACK, MOUSE, pos=tuple(event.pos))]
            return []
        if kind == pygame.MOUSEBUTTONUP:
            if event.button == 1:
                return [Action(RELEASE, MOUSE, pos=tuple(event.pos))]
            return []
        if kind == pygame.MOUSEWHEEL:
            self.last_device = MOUSE
            return [Action(SCROLL, MOUSE, pos=tuple(pygame.mouse.get_pos()), amount=int(event.y))]
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._add_controller(getattr(event, "device_index", getattr(event, "which", 0)))
            return []
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            self._remove_controller(getattr(event, "instance_id", getattr(event, "which", -1)))
            return []
        if kind == pygame.CONTROLLERBUTTONDOWN:
            name = BUTTONS.get(event.button)
            if name:
                self.last_device = GAMEPAD
                return [Action(name, GAMEPAD)]
            return []
        if kind == pygame.CONTROLLERAXISMOTION:
            actions = self._stick_action(event)
            if actions:
                self.last_device = GAMEPAD
            return actions
        return []

    def legend_name(self, action: str) -> str:
        if self.last_device == MOUSE and action in MOUSE_NAMES:
            return t(MOUSE_NAMES[action])
        names = LEGEND_NAMES[GAMEPAD if self.last_device == GAMEPAD else KEYBOARD]
        return names.get(action, action)
