"""Card drawing: sizes, distinct faces, colours, caching, layout helpers (headless)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cards import Card, full_deck  # noqa: E402
from game.ui import cards as ui  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield


def _colours(surface):
    """Set of opaque-ish RGB colours in a surface (sampled every pixel)."""
    w, h = surface.get_size()
    out = []
    for y in range(h):
        for x in range(w):
            c = surface.get_at((x, y))
            if c.a > 200:
                out.append((c.r, c.g, c.b))
    return out


def is_red(c):
    r, g, b = c
    return r > 150 and g < 90 and b < 90


def is_blue(c):
    r, g, b = c
    return b > 150 and r < 80 and g < 130


def is_green(c):
    r, g, b = c
    return g > 100 and r < 60 and b < 100


@pytest.mark.parametrize("width", [30, 40, 63, 90, 151, 220, 300])
def test_every_card_has_the_right_size(width):
    size = ui.card_size(width)
    assert size == (width, round(width * ui.CARD_RATIO))
    for card in full_deck():
        assert ui.face(card, width).get_size() == size
        assert ui.face(card, width, four_colour=True).get_size() == size
    assert ui.back(width).get_size() == size
    assert ui.back(width, "red").get_size() == size
    assert ui.slot(width, "K").get_size() == size


@pytest.mark.parametrize("width", [30, 40, 90])
def test_no_two_faces_are_identical(width):
    images = {pygame.image.tobytes(ui.face(card, width), "RGBA") for card in full_deck()}
    assert len(images) == 52


def test_corners_are_rounded_and_transparent():
    img = ui.face(Card(5, "S"), 90)
    assert img.get_at((0, 0)).a == 0
    assert img.get_at((89, 125)).a == 0
    assert img.get_at((45, 63)).a == 255


@pytest.mark.parametrize("rank", [1, 2, 7, 10, 11, 12, 13])
def test_red_suits_are_red_and_black_suits_are_not(rank):
    for suit in "HD":
        pixels = _colours(ui.face(Card(rank, suit), 60))
        assert sum(map(is_red, pixels)) > 20, (rank, suit)
    for suit in "SC":
        pixels = _colours(ui.face(Card(rank, suit), 60))
        assert not any(map(is_red, pixels)), (rank, suit)


@pytest.mark.parametrize("rank", [1, 5, 9, 12])
def test_four_colour_deck(rank):
    diamonds = _colours(ui.face(Card(rank, "D"), 60, four_colour=True))
    assert sum(map(is_blue, diamonds)) > 20 and not any(map(is_red, diamonds))
    clubs = _colours(ui.face(Card(rank, "C"), 60, four_colour=True))
    assert sum(map(is_green, clubs)) > 20 and not any(map(is_red, clubs))
    hearts = _colours(ui.face(Card(rank, "H"), 60, four_colour=True))
    assert sum(map(is_red, hearts)) > 20
    spades = _colours(ui.face(Card(rank, "S"), 60, four_colour=True))
    assert not any(map(is_red, spades)) and not any(map(is_blue, spades))
    # and the two-colour deck has none of them
    assert not any(map(is_blue, _colours(ui.face(Card(rank, "D"), 60))))
    assert not any(map(is_green, _colours(ui.face(Card(rank, "C"), 60))))


def test_caching_returns_the_same_surface():
    card = Card(12, "H")
    assert ui.face(card, 77) is ui.face(card, 77)
    assert ui.face(card, 77) is not ui.face(card, 77, four_colour=True)
    assert ui.back(77) is ui.back(77)
    assert ui.slot(77, "A") is ui.slot(77, "A")
    assert ui.face(Card.parse("QH"), 77) is ui.face(card, 77)


def test_a_court_face_is_the_same_whatever_was_drawn_before_it(monkeypatch):
    """Court faces share a drawing surface and their frame a width (kept, not made a face);
    a face made after the others of every suit is the face made first."""
    monkeypatch.setattr(ui, "_cache", ui._SurfaceCache())
    first = pygame.image.tobytes(ui.face(Card(11, "S"), 98), "RGBA")
    for card in (Card(13, "H"), Card(12, "D"), Card(12, "S")):
        ui.face(card, 98)
    del ui._cache._items[("face", Card(11, "S"), 98, False)]
    assert pygame.image.tobytes(ui.face(Card(11, "S"), 98), "RGBA") == first


def test_cache_is_bounded():
    budget = 3 * 100 * 140 * 4
    cache = ui._SurfaceCache(max_bytes=budget)
    made = []

    def make(w):
        made.append(w)
        return pygame.Surface(ui.card_size(w))

    for w in range(100, 120):
        cache.get(w, lambda w=w: make(w))
        cache.get(100, lambda: make(100))  # kept alive by use
    assert cache._bytes <= budget
    assert 1 <= len(cache) <= 3
    assert made.count(100) == 1  # the one in use was never evicted
    made.clear()
    cache.get(101, lambda: make(101))
    assert made == [101]  # an old one was evicted and is made again


def test_draw_card_and_helpers_draw_something():
    screen = pygame.Surface((400, 300))
    screen.fill((20, 90, 50))
    r = ui.draw_card(screen, Card(1, "S"), (10, 10), 80)
    assert r == pygame.Rect(10, 10, 80, 112)
    assert screen.get_at((50, 66))[:3] != (20, 90, 50)
    r2 = ui.draw_card(screen, None, pygame.Rect(120, 10, 80, 112))
    assert r2.size == (80, 112)
    assert screen.get_at((160, 66))[:3] != (20, 90, 50)
    ui.outline(screen, r, (255, 220, 0))
    assert screen.get_at((r.right + 2, r.centery))[:3] != (20, 90, 50)
    ui.draw_slot(screen, (220, 10), 80, "K")
    assert screen.get_at((225, 60))[:3] != (20, 90, 50)
    with pytest.raises(ValueError):
        ui.draw_card(screen, Card(2, "H"), (0, 0))


@pytest.mark.parametrize("count", [1, 2, 5, 13, 26, 52])
@pytest.mark.parametrize("area_w", [120, 400, 1200])
def test_fan_positions_fit_and_keep_order(count, area_w):
    area = pygame.Rect(30, 40, area_w, 150)
    rects = ui.fan_positions(count, area, 80)
    assert len(rects) == count
    for r in rects:
        assert area.contains(r), (r, area)
        assert r.size == ui.card_size(80)
    xs = [r.x for r in rects]
    assert xs == sorted(xs)
    if area_w >= 400 and count <= 5:
        assert len(set(xs)) == count  # room enough: no card hides another


def test_fan_positions_down_and_alignment():
    area = pygame.Rect(0, 0, 100, 500)
    rects = ui.fan_positions(12, area, 80, direction="down")
    assert all(area.contains(r) for r in rects)
    ys = [r.y for r in rects]
    assert ys == sorted(ys) and len(set(ys)) == 12
    start = ui.fan_positions(3, pygame.Rect(0, 0, 1000, 200), 80, align="start")
    end = ui.fan_positions(3, pygame.Rect(0, 0, 1000, 200), 80, align="end")
    assert start[0].left == 0 and end[-1].right == 1000
    assert ui.fan_positions(0, area, 80) == []


def test_card_at_picks_the_topmost():
    rects = ui.fan_positions(5, pygame.Rect(0, 0, 500, 200), 100)
    assert ui.card_at(rects, rects[2].center) == 2
    assert ui.card_at(rects, (rects[1].x + 1, rects[1].centery)) == 1
    assert ui.card_at(rects, (rects[1].right - 1, rects[1].centery)) == 2
    assert ui.card_at(rects, (-5, -5)) is None


def test_colour_of():
    assert ui.colour_of("H") == ui.colour_of("D") == ui.RED
    assert ui.colour_of("S") == ui.colour_of("C") == ui.BLACK
    assert ui.colour_of("D", four_colour=True) == ui.BLUE
    assert ui.colour_of("C", four_colour=True) == ui.GREEN


@pytest.mark.parametrize("width", [1, 2, 3, 5, 9, 10, 14])
def test_every_card_draws_at_a_few_pixels_wide(width):
    """Issue 13: court cards pre-drawn for a window far below its minimum raised
    'Invalid resolution for Surface' (1 px) and 'Surfaces must not be locked during blit' (2 px)."""
    for rank in range(1, 14):
        for suit in "SHCD":
            assert ui.face(Card(rank, suit), width, four_colour=suit == "C").get_size() == ui.card_size(width)
    assert ui.back(width).get_size() == ui.card_size(width)
    assert ui.slot(width, "K").get_size() == ui.card_size(width)
