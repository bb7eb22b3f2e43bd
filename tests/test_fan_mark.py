"""The ring around a side seat's hand (`fan_mark`) must be the ring `mark` draws: it is put
together from a shorter ring, so that a hand of each new length needs no ring image of its own."""
import random

import pygame
import pytest

from game.app import open_scene
from game.play import start_game
from game.ui.table.draw import fan_mark, mark

SIZES = [((1920, 1080), False), ((960, 540), False), ((1920, 1080), True)]


def new_app(make_app, size=(1920, 1080), couch=False, players=4, seed=1):
    app = make_app(size=size, couch=couch)
    app.store.settings["computer_pace"] = "fast"
    app.store.settings["animation_speed"] = "fast"
    open_scene(app, "title", None)
    start_game(app, "kings_corners", {"players": players, "seats": ["random"] * players, "options": {}}, seed)
    return app, app.top


@pytest.mark.parametrize("size, couch", SIZES)
def test_a_side_hands_ring_is_the_ring_mark_draws(make_app, size, couch):
    """`fan_mark` puts the seat-to-move's ring together from a shorter one: every pixel as
    `mark` draws it, for the side hands of every length, over a busy background and inside
    a clip (which it leaves as it was)."""
    app, scene = new_app(make_app, size, couch)
    app.tick(1 / 60)
    layout, u = scene.layout(), scene.layout().u
    width = next(rects[0].w for seat, rects in layout.seat_cards.items() if layout.positions[seat] == "left")
    longest = int(app.size[1] * 0.7)
    room = (width + 340, longest + 80)      # (the wide ring below fits too)
    busy = pygame.image.frombytes(random.Random(5).randbytes(room[0] * room[1] * 3), room, "RGB").convert()
    tall = 0
    for height in range(layout.ch // 3, longest, 7):   # (a step prime to the straight piece: every remainder)
        rect = pygame.Rect(40, 40, width, height)
        for clip in (None, rect.inflate(-8, -height // 2).move(5, 0)):
            drawn, made = busy.copy(), busy.copy()
            for surface in (drawn, made):
                surface.set_clip(clip)
            mark(drawn, rect, "turn", u)
            fan_mark(made, rect, "turn", u)
            assert made.get_clip() == drawn.get_clip()
            assert pygame.image.tobytes(made, "RGB") == pygame.image.tobytes(drawn, "RGB"), (height, clip)
        tall += height > 3 * rect.w
    assert tall > 10
    wide = pygame.Rect(40, 40, 300, layout.ch // 2)
    drawn, made = busy.copy(), busy.copy()
    mark(drawn, wide, "turn", u)
    fan_mark(made, wide, "turn", u)
    assert pygame.image.tobytes(made, "RGB") == pygame.image.tobytes(drawn, "RGB")
