"""Posting real pygame input events, as a player's devices would, for the scene tests."""
import time
from collections import deque

import pygame

from game.ui import input as inp

ARROWS = {inp.UP: pygame.K_UP, inp.DOWN: pygame.K_DOWN, inp.LEFT: pygame.K_LEFT, inp.RIGHT: pygame.K_RIGHT}
DPAD = {inp.UP: pygame.CONTROLLER_BUTTON_DPAD_UP, inp.DOWN: pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        inp.LEFT: pygame.CONTROLLER_BUTTON_DPAD_LEFT, inp.RIGHT: pygame.CONTROLLER_BUTTON_DPAD_RIGHT}


def point(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def click(pos):
    point(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def drag(start, end):
    point(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def key(k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def pad(button):
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button))


DRAW_EVERY = 4     # run_until draws one frame in this many, and the one where it stops


def run_until(app, condition, frames=4000, seconds=600.0):
    """Tick the app (1/60 s a frame) until condition() holds; False if it never did within
    `frames` frames. A frame in which a computer player is still thinking is not counted: how
    many frames its answer takes depends on the machine's speed, so only `seconds` of wall
    time cap those (a safety net). Drawing is most of a frame's cost and a pure function of
    the state (tests/test_draw_is_pure.py): the frames on the way are drawn one in
    DRAW_EVERY, the frame where it holds always."""
    draw, counted, number = app.draw, 0, 0
    end = time.monotonic() + seconds
    try:
        while counted < frames and time.monotonic() < end:
            app.draw = draw if number % DRAW_EVERY == 0 else (lambda alpha: None)
            app.tick(1 / 60)
            if condition():
                if number % DRAW_EVERY:
                    draw(app.step.alpha)
                return True
            number += 1
            counted += not getattr(app._worker, "thinking", False)
        return False
    finally:
        del app.draw          # (the instance's own: the class's again)


def keys_to(scene, goal):
    """The directions that bring the scene's focus cursor to `goal` (breadth first over the
    scene's own cursor rule `scene.neighbour`, so an unreachable target fails the test)."""
    layout = scene.layout()
    start = scene.focus
    seen = {start: []}
    queue = deque([start])
    while queue:
        current = queue.popleft()
        if current == goal:
            return seen[current]
        for direction in (inp.UP, inp.DOWN, inp.LEFT, inp.RIGHT):
            nxt = scene.controls.neighbour(current, direction, layout)
            if nxt is not None and nxt not in seen:
                seen[nxt] = seen[current] + [direction]
                queue.append(nxt)
    raise AssertionError(f"the focus cursor cannot reach {goal} from {start}")


def move_focus(app, scene, goal, gamepad=False):
    """Arrow keys (or the d-pad), one at a time (the path is planned again after each: a
    focused card of the hand is lifted, which moves it a little), until the cursor is on `goal`."""
    for _ in range(40):
        if scene.focus == goal:
            return
        direction = keys_to(scene, goal)[0]
        if gamepad:
            pad(DPAD[direction])
        else:
            key(ARROWS[direction])
        app.tick(1 / 60)
    raise AssertionError(f"the focus cursor did not reach {goal}")


def reopen(app, make_app, data_dir):
    """Close `app` and start again on the same data folder, pressing Continue on the title
    screen; the resumed game scene."""
    from game.app import open_scene
    from game.play import continue_game
    app.close()
    again = make_app(data_dir=data_dir)
    open_scene(again, "title", None)
    continue_game(again)
    assert again.top.name == "game"
    return again.top
