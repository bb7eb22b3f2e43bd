"""Keyboard, mouse and controller events become the same actions."""
import pygame
import pytest

from game.ui import input as inp


@pytest.fixture
def mapper():
    pygame.display.init()
    return inp.InputMapper()


def names(actions):
    return [a.name for a in actions]


def test_keyboard(mapper):
    def key(k):
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)

    assert names(mapper.translate(key(pygame.K_UP))) == [inp.UP]
    assert names(mapper.translate(key(pygame.K_RETURN))) == [inp.CONFIRM]
    assert names(mapper.translate(key(pygame.K_ESCAPE))) == [inp.MENU]
    assert names(mapper.translate(key(pygame.K_BACKSPACE))) == [inp.BACK]
    assert names(mapper.translate(key(pygame.K_h))) == [inp.ACTION1]
    assert mapper.translate(key(pygame.K_F1)) == []
    assert mapper.last_device == inp.KEYBOARD


def test_mouse(mapper):
    motion = mapper.translate(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 20), rel=(1, 1), buttons=(0, 0, 0)))
    assert motion == [inp.Action(inp.POINT, inp.MOUSE, pos=(10, 20))]
    assert mapper.last_device == inp.MOUSE


def test_a_window_opening_under_the_pointer_keeps_the_keyboard_legend(mapper):
    """SDL tells where the pointer is as a window opens under it (seen under X11: a motion
    with no movement): the legend keeps the keys (couch mode's first screen said 'click')."""
    unmoved = mapper.translate(pygame.event.Event(pygame.MOUSEMOTION, pos=(960, 540), rel=(0, 0), buttons=(0, 0, 0)))
    assert unmoved == [inp.Action(inp.POINT, inp.MOUSE, pos=(960, 540))]
    assert mapper.last_device == inp.KEYBOARD and mapper.legend_name(inp.CONFIRM) == "Enter"
    mapper.translate(pygame.event.Event(pygame.MOUSEMOTION, pos=(962, 540), rel=(2, 0), buttons=(0, 0, 0)))
    assert mapper.last_device == inp.MOUSE
    press = mapper.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1))
    assert press == [inp.Action(inp.PRESS, inp.MOUSE, pos=(5, 6))]
    assert names(mapper.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=3))) == [inp.BACK]
    assert names(mapper.translate(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 6), button=1))) == [inp.RELEASE]


def test_controller_buttons(mapper):
    def button(b):
        return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=b)

    assert names(mapper.translate(button(pygame.CONTROLLER_BUTTON_A))) == [inp.CONFIRM]
    assert mapper.last_device == inp.GAMEPAD
    assert names(mapper.translate(button(pygame.CONTROLLER_BUTTON_B))) == [inp.BACK]
    assert names(mapper.translate(button(pygame.CONTROLLER_BUTTON_START))) == [inp.MENU]
    assert names(mapper.translate(button(pygame.CONTROLLER_BUTTON_DPAD_LEFT))) == [inp.LEFT]
    assert names(mapper.translate(button(pygame.CONTROLLER_BUTTON_X))) == [inp.ACTION1]
    assert mapper.legend_name(inp.CONFIRM) == "A"


def test_stick_moves_once_then_repeats_while_held(mapper):
    def axis(a, v):
        return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=a, value=v)

    assert names(mapper.translate(axis(pygame.CONTROLLER_AXIS_LEFTY, 30000))) == [inp.DOWN]
    assert mapper.translate(axis(pygame.CONTROLLER_AXIS_LEFTY, 31000)) == []  # still held: no new press
    assert mapper.update(0.1) == []                                          # within the repeat delay
    repeated = [a for _ in range(60) for a in mapper.update(0.01)]
    assert repeated and all(a.name == inp.DOWN for a in repeated)
    assert mapper.translate(axis(pygame.CONTROLLER_AXIS_LEFTY, 0)) == []
    assert mapper.update(1.0) == []                                          # released: no repeat
    assert names(mapper.translate(axis(pygame.CONTROLLER_AXIS_LEFTX, -30000))) == [inp.LEFT]


def test_unplugging_an_unknown_controller_is_harmless(mapper):
    assert mapper.translate(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=42)) == []
    assert mapper.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=7)) == []
    assert mapper.controllers == {}


def test_joystick_events_are_ignored(mapper):
    assert mapper.translate(pygame.event.Event(pygame.JOYBUTTONDOWN, joy=0, instance_id=0, button=0)) == []


def test_legend_follows_last_device(mapper):
    mapper.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    assert mapper.legend_name(inp.CONFIRM) == "Enter"
    mapper.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_A))
    assert mapper.legend_name(inp.MENU) == "Start"
