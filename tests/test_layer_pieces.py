"""A table's layer repainted in part shows the same pixels as one painted whole.

A `PieceLayer` (game/ui/table/draw.py) draws again only the region of the pieces that changed.
Each game whose table is one (every card game) is played here by random legal moves with time passing (cards
in flight, tricks on show, hands dealt), and after every frame the layer the scene keeps is
compared pixel for pixel with the same pieces painted whole on a fresh layer: a piece whose
key leaves out what its pixels depend on, or whose rect is too small for its region, shows
here as a difference.
"""
import random

import pygame
import pytest

from game import registry
from game.play import start_game
from game.ui.table.draw import Piece, PieceLayer
from test_draw_is_pure import SilentWorker

STEP = 1 / 120
MOVES = 90


def layers_of(scene) -> list:
    return [value for value in vars(scene).values() if isinstance(value, PieceLayer)]


def whole(layer: PieceLayer, compose) -> bytes:
    fresh = PieceLayer()
    return pygame.image.tobytes(fresh.get(layer.surface.get_size(), "whole", compose), "RGB")


def layers_checked(scene, composes: dict) -> int:
    """Each layer the scene drew this frame against the same pieces painted whole."""
    checked = 0
    for layer in layers_of(scene):
        compose = composes.get(id(layer))
        if compose is not None and layer.surface is not None:
            assert pygame.image.tobytes(layer.surface, "RGB") == whole(layer, compose), \
                f"{scene.game}: the layer repainted in part differs from the layer painted whole"
            checked += 1
    return checked


def watch(monkeypatch) -> dict:
    """The last compose each layer was given, by the layer's id."""
    composes = {}
    real = PieceLayer.get

    def get(layer, size, key, compose):
        composes[id(layer)] = compose
        return real(layer, size, key, compose)
    monkeypatch.setattr(PieceLayer, "get", get)
    return composes


GAMES = ["kings_corners", "vier_koningen", "kingen", "keezen"]    # (Quarto's table is one picture: its board)


@pytest.mark.parametrize("game", GAMES)
def test_a_layer_repainted_in_part_equals_one_painted_whole(make_app, monkeypatch, game):
    composes = watch(monkeypatch)
    app = make_app(size=(960, 540))
    app._worker = SilentWorker()
    players = max(registry.game(game).seats)
    rng, surface = random.Random(game), pygame.Surface((960, 540))
    checked = parts = 0
    for seed in range(1, 20):       # games until enough frames are checked (4 Koningen's end soon)
        start_game(app, game, {"players": players, "seats": ["human"] + ["hard"] * (players - 1), "options": {}}, seed)
        scene = app.top
        assert layers_of(scene), f"{game}: its table is not drawn in pieces"
        for _ in range(MOVES):
            if scene.state.is_over() or checked >= 60 and parts + sum(layer.parts for layer in layers_of(scene)) >= 10:
                break
            scene.apply(rng.choice(sorted(scene.state.legal_moves(), key=str)))
            for _ in range(rng.choice((0, 1, 3, 12))):      # at once, in flight, landed
                for _ in range(4):
                    scene.update(STEP)
                scene.draw(surface, 0.0)
                checked += layers_checked(scene, composes)
        parts += sum(layer.parts for layer in layers_of(scene))
        if checked >= 60 and parts >= 10:
            break
    assert checked >= 60
    assert parts >= 10, "the layers were seldom repainted in part"


def test_the_check_catches_a_piece_whose_key_leaves_out_its_colour():
    colour = {"now": (200, 0, 0)}

    def compose():
        pieces = [Piece(pygame.Rect(10, 10, 20, 20), "square", lambda surface: surface.fill(colour["now"])),
                  Piece(pygame.Rect(50, 10, 20, 20), ("other", 1), lambda surface: surface.fill((0, 0, 200)))]
        return background, "felt", pieces
    background = pygame.Surface((100, 50))
    layer = PieceLayer()
    layer.get((100, 50), 1, compose)
    colour["now"] = (0, 200, 0)         # the key "square" does not say so
    layer.get((100, 50), 2, compose)
    assert pygame.image.tobytes(layer.surface, "RGB") != whole(layer, compose)


def test_only_the_region_of_a_changed_piece_is_painted_again():
    painted = []

    def piece(name, x, key):
        return Piece(pygame.Rect(x, 0, 10, 10), key, lambda surface: painted.append(name))

    def compose(keys):
        return lambda: (background, "felt", [piece(name, x, key) for name, x, key in keys])
    background = pygame.Surface((200, 20))
    layer = PieceLayer()
    layer.get((200, 20), 1, compose([("a", 0, 1), ("b", 50, 1), ("c", 55, 1)]))
    painted.clear()
    layer.get((200, 20), 2, compose([("a", 0, 1), ("b", 50, 2), ("c", 55, 1)]))
    assert painted == ["b", "c"] and layer.parts == 1     # c lies over b's region
    painted.clear()
    layer.get((200, 20), 3, compose([("a", 0, 1), ("c", 55, 1), ("b", 50, 2)]))     # the same pieces, another order
    assert painted == ["a", "c", "b"] and layer.wholes == 2


def test_the_legend_bar_from_its_picture_equals_one_painted_anew(make_app, game="kingen"):
    """The legend bar is drawn once per change and blitted: after random input (the focus
    moved, a device changed, a notice, a menu) each frame equals one whose bar is painted
    anew; a key that leaves out what the bar shows shows here as a difference."""
    from game.app import open_scene
    from test_screens import random_action
    app = make_app(size=(1280, 720))
    app.quit = lambda: None
    open_scene(app, f"game:{game}", 3)
    rng = random.Random(game)
    redrawn = 0
    for step in range(240):
        if not app.scenes:
            open_scene(app, "title", 3)
        app.send(random_action(rng, app.size))
        app.tick(1 / 60)
        if step % 4 == 0:
            app.draw(1.0)
            blitted = pygame.image.tobytes(app.screen, "RGB")
            redrawn += app._legend is not None
            app._legend = None
            app.draw(1.0)
            assert pygame.image.tobytes(app.screen, "RGB") == blitted, f"step {step}: the legend bar differs"
    assert redrawn > 20
