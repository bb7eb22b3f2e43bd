"""The table's felt and Keezen's board are painted once per window size, not per move or
frame (counted, not timed), and the pieces of depth drawn on them stay what they promise."""
import pygame

from game.keezen import board as keezen_board
from game.play import start_game
from game.ui.table import draw as table_draw
from posting import run_until


def test_felt_is_painted_once_per_size_and_table(monkeypatch):
    monkeypatch.setattr(table_draw, "_felts", {})      # none painted by an earlier test
    before = table_draw.felt_builds
    first = table_draw.felt((640, 360), pygame.Rect(100, 60, 400, 200), 20)
    again = table_draw.felt((640, 360), pygame.Rect(100, 60, 400, 200), 20)
    assert again is first and table_draw.felt_builds == before + 1
    other = table_draw.felt((800, 450))
    assert other.get_size() == (800, 450) and table_draw.felt_builds == before + 2
    assert table_draw.felt((800, 450)) is other and table_draw.felt_builds == before + 2


def test_felt_is_darker_at_the_edges_and_lit_on_the_table():
    size, table = (960, 540), pygame.Rect(240, 120, 480, 300)
    image = table_draw.felt(size, table, 30)

    def brightness(x0, y0, x1, y1):      # the mean over a patch, so the noise averages out
        patch = [image.get_at((x, y)) for x in range(x0, x1) for y in range(y0, y1)]
        return sum(c.r + c.g + c.b for c in patch) / len(patch)
    corner, beside, middle = brightness(0, 0, 30, 30), brightness(150, 250, 180, 280), brightness(465, 255, 495, 285)
    assert corner < beside < middle
    # the noise is the same at every start: a fixed seed
    assert table_draw._paint_felt(size, table, 30).get_at((5, 5)) == table_draw._paint_felt(size, table, 30).get_at((5, 5))


def play_frames(make_app, game, seats, frames, size=(960, 540)):
    app = make_app(size=size)
    app.store.settings["computer_pace"] = "instant"
    app.store.settings["animation_speed"] = "instant"
    from game.app import open_scene
    open_scene(app, "title", None)
    start_game(app, game, {"players": len(seats), "seats": list(seats), "options": {}}, 3)
    scene = app.top
    turns = scene.state.turns if hasattr(scene.state, "turns") else None
    run_until(app, lambda: False, frames)
    return app, scene, turns


def test_kingen_paints_its_felt_once_while_a_game_is_played(make_app, monkeypatch):
    monkeypatch.setattr(table_draw, "_felts", {})      # none painted by an earlier test
    before = table_draw.felt_builds
    app, scene, _ = play_frames(make_app, "kingen", ["random"] * 4, 400)
    assert scene.version > 5                 # cards were played: the table's layer was repainted
    assert table_draw.felt_builds == before + 1


def test_keezen_paints_its_board_once_per_size(make_app, monkeypatch):
    painted = []
    real = keezen_board.Board.paint
    monkeypatch.setattr(keezen_board.Board, "paint", lambda self, surface: (painted.append(self.rect), real(self, surface)))
    app, scene, turns = play_frames(make_app, "keezen", ["random"] * 4, 400)
    assert scene.state.turns > turns + 5     # pawns moved and cards were played
    assert len(painted) == 1
