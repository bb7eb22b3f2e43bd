"""Kings Corners' seat plates come from the table kit's `PlateCache`: drawn once, then blitted
while they stay as they are. The table's layer must hold exactly the pixels of drawing every
plate anew, the text recorder must hear the same strings, and a plate must draw nothing
outside the region the cache copies. The ring around a side hand (`fan_mark`) must be the
ring `mark` draws."""
import random

import pygame
import pytest

from game.app import open_scene
from game.characters import CAST
from game.kings_corners import draw as kc_draw
from game.play import start_game
from game.ui import text as kit_text
from game.ui.table import seats
from game.ui.table.draw import fan_mark, mark
from game.ui.table.seats import PhoneLevel, draw_plate, plate_region

SIZES = [((1920, 1080), False), ((960, 540), False), ((1920, 1080), True)]


class Direct:
    """Stands in for the cache: every plate drawn anew, as before the cache."""

    def draw(self, surface, background, under, rect, u, *words, **looks):
        draw_plate(surface, rect, u, *words, **looks)


def new_app(make_app, size=(1920, 1080), couch=False, players=4, seed=1):
    app = make_app(size=size, couch=couch)
    app.store.settings["computer_pace"] = "fast"
    app.store.settings["animation_speed"] = "fast"
    open_scene(app, "title", None)
    start_game(app, "kings_corners", {"players": players, "seats": ["random"] * players, "options": {}}, seed)
    return app, app.top


def paint(scene, surface, monkeypatch=None) -> tuple[bytes, list]:
    """The table's layer on `surface` (its plates from that surface's cache), or with
    `monkeypatch` every plate drawn anew; and the strings the recorder heard."""
    layout, moving = scene.layout(), scene.motion.moving()
    with kit_text.recording() as records:
        if monkeypatch is None:
            scene.paint_table(surface, layout, moving)
        else:
            with monkeypatch.context() as patch:
                patch.setattr(kc_draw, "plate_cache", lambda surface: Direct())
                scene.paint_table(surface, layout, moving)
    return pygame.image.tobytes(surface, "RGB"), [(text, tuple(rect), None if box is None else tuple(box)) for _, text, rect, box, *_ in records]


@pytest.mark.parametrize("size, couch", SIZES)
def test_the_cached_plates_paint_the_same_pixels_and_strings_as_drawing_them(make_app, monkeypatch, size, couch):
    app, scene = new_app(make_app, size, couch)
    kept = pygame.Surface(app.size).convert()          # a layer that lives on, as the scene's does
    cache = seats.plate_cache(kept)
    compared = blitted = 0
    for frame in range(4000):
        app.tick(1 / 60)
        if frame % 23 == 0 or scene.motion.moving():
            before = cache.builds
            cached = paint(scene, kept)
            blitted += len(scene.layout().plates) - (cache.builds - before)
            assert cached == paint(scene, pygame.Surface(app.size).convert(), monkeypatch), \
                f"frame {frame}: a cached plate differs from drawing it"
            compared += 1
        if compared >= 40 and blitted >= 60:
            break
    assert compared >= 40 and blitted >= 60, (compared, blitted)


@pytest.mark.parametrize("size, couch", SIZES)
def test_a_plate_is_drawn_once_while_it_stays(make_app, size, couch):
    app, scene = new_app(make_app, size, couch)
    app.tick(1 / 60)
    layout = scene.layout()
    surface = pygame.Surface(app.size).convert()
    cache = seats.plate_cache(surface)
    scene.paint_table(surface, layout, set())
    assert cache.builds == len(layout.plates) == 4, "every plate lies on the felt alone: each one kept"
    for _ in range(5):
        scene.paint_table(surface, layout, set())
    assert cache.builds == 4
    scene.version += 1           # a move: the seat to move lit, another's count: only those drawn again
    scene.state.play(next(iter(scene.state.legal_moves())))
    layout = scene.layout()
    scene.paint_table(surface, layout, set())
    assert 4 < cache.builds < 8
    scene.paint_table(pygame.Surface(app.size).convert(), layout, set())
    assert cache.builds < 8, "another surface has plates of its own"


def test_a_plate_over_something_else_is_drawn_anew(make_app):
    app, scene = new_app(make_app)
    app.tick(1 / 60)
    layout, u = scene.layout(), scene.layout().u
    surface = pygame.Surface(app.size).convert()
    felt = kc_draw.felt_image(surface, layout)
    surface.blit(felt, (0, 0))
    cache, rect = seats.PlateCache(), layout.plates[0]
    for _ in range(3):
        cache.draw(surface, felt, [rect.move(0, rect.h)], rect, u, "Anna", "expert", "5 cards", False)
    assert cache.builds == 0, "a rect drawn under it before: nothing kept"
    for _ in range(3):
        cache.draw(surface, felt, [], rect, u, "Anna", "expert", "5 cards", False)
    assert cache.builds == 1
    cache.draw(surface, felt, [], rect, u, "Anna", "expert", "4 cards", False)
    cache.draw(surface, felt, [], rect, u, "Anna", "expert", "4 cards", True)
    cache.draw(surface, felt, [], rect, u, "Anna", PhoneLevel("expert", away=True), "4 cards", True)
    assert cache.builds == 4, "a word, the light or a phone: drawn anew"
    cache.draw(surface, felt.copy(), [], rect, u, "Anna", PhoneLevel("expert", away=True), "4 cards", True)
    assert cache.builds == 5, "another felt under it"


@pytest.mark.parametrize("size, couch", SIZES)
def test_a_plate_draws_only_inside_its_region(make_app, size, couch):
    """What the cache copies holds all of a plate: long names and words (English and Dutch),
    a phone, the dealer's disc, a face and its rings, a team stripe, lit or not."""
    app = make_app(size=size, couch=couch)
    u = app.u
    rect = pygame.Rect(0, 0, *seats.plate_size(u, app.content_rect()))
    rect.center = (app.size[0] // 2, app.size[1] // 2)
    sentinel = (1, 2, 3)
    blank = pygame.Surface(app.size).convert()
    blank.fill(sentinel)
    plates = [("Computer 4", "expert", "13 cards · 25 points", {}),
              ("Alexandrina Wilhelmina", "gevorderde speler", "12 kaarten · 125 punten", {"badge": "D"}),
              ("Player 3", PhoneLevel("phone away", away=True), "1 card · -5 chips", {"badge": "G"}),
              ("Speler 1", PhoneLevel("op een telefoon"), "", {}),
              ("You", "", "", {}),
              ("Beatrix", "beginner", "7 cards", {"face": CAST[3], "ring": (200, 40, 40), "ring_below": (40, 40, 200),
                                                   "badge": "D", "team": (40, 200, 40)})]
    for name, level, detail, looks in plates:
        for active in (False, True):
            surface = blank.copy()
            draw_plate(surface, rect, u, name, level, detail, active, **looks)
            assert surface.get_at(rect.center)[:3] != sentinel
            surface.fill(sentinel, plate_region(rect, u))
            assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(blank, "RGB"), \
                f"{name!r} (lit: {active}) drew outside its region"


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
    for height in range(layout.ch // 3, longest, 3):
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
