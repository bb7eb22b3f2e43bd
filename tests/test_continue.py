"""Continue (the title screen's button and `main.py --continue`) on good, damaged and
impossible saves: the game starts, sets a bad save aside once, says so, and goes on."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import record, registry

ROOT = Path(__file__).resolve().parent.parent


def save_of(game: str, seed: int = 5, moves: int = 3, **changes) -> dict:
    """The save file of a real game `moves` moves in, with `changes` made to its state."""
    info = registry.game(game)
    players = max(info.seats)
    state = info.rules().new_game(seed, players, {})
    for _ in range(moves):
        state.play(state.legal_moves()[0])
    data = state.to_dict()
    data.update(changes)
    seats = ["human"] + ["random"] * (players - 1)
    return {"version": 1, "game": game, "setup": {"players": players, "seats": seats, "options": {}},
            "seed": seed, "state": data}


def write_save(folder: Path, data) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "current_game.json").write_text(json.dumps(data), encoding="utf-8")


def start(make_app, folder, resume=True, size=(960, 540)):
    from game.app import open_scene
    app = make_app(size=size, data_dir=folder)
    open_scene(app, None, None, resume)
    for _ in range(3):
        app.tick(1 / 60)
    return app


@pytest.mark.parametrize("game", list(record.MOVE_KEYS))   # the first format's saves that kept their moves
def test_continue_resumes_the_saved_game(make_app, tmp_path, game):
    data = save_of(game)
    write_save(tmp_path, data)
    app = start(make_app, tmp_path)
    assert app.top.name == "game" and app.top.game == game
    assert app.top.seed == data["seed"]
    assert app.store.problems == []


def test_continue_without_a_saved_game_says_so(make_app, tmp_path):
    app = start(make_app, tmp_path)
    assert app.top.name == "title"
    assert any("no saved game" in text for text, _ in app.notices)


def test_a_huge_seed_string_neither_crashes_the_title_screen_nor_is_offered(make_app, tmp_path):
    """Issue 13: a 3 MB "seed" string gave a pygame.error on the title screen (10 MB a
    segmentation fault), on every start."""
    write_save(tmp_path, {**save_of("quarto"), "seed": "9" * 3_000_000})
    app = start(make_app, tmp_path, size=(1920, 1080))     # Continue pressed
    assert app.scenes[0].name == "title" and not app.scenes[0].saved
    assert [scene.name for scene in app.scenes] == ["title", "problems"]
    assert (tmp_path / "current_game.json.bad").exists()


IMPOSSIBLE = {
    "seed abc": lambda: {**save_of("quarto"), "seed": "abc"},
    "quarto turn 5": lambda: save_of("quarto", turn=5),
    "quarto win_groups 999": lambda: save_of("quarto", win_groups=[999], game_done=True),
    "kings corners turn 9": lambda: save_of("kings_corners", turn=9),
    "kings corners 6 players": lambda: save_of("kings_corners", players=6),
    "kings corners between": lambda: save_of("kings_corners", phase="between"),
    "4 koningen round 0": lambda: save_of("vier_koningen", round=0),
    "4 koningen round 4": lambda: save_of("vier_koningen", round=4),
}


@pytest.mark.parametrize("case", list(IMPOSSIBLE))
def test_an_impossible_save_is_set_aside_once_and_the_game_goes_on(make_app, tmp_path, case):
    """Issue 13: these crashed the game scene on Continue, on every start."""
    write_save(tmp_path, IMPOSSIBLE[case]())
    app = start(make_app, tmp_path)
    assert app.scenes[0].name == "title" and all(scene.name != "game" for scene in app.scenes)
    assert not (tmp_path / "current_game.json").exists()
    assert (tmp_path / "current_game.json.bad").exists()
    assert any(problem["file"] == "current_game.json" for problem in app.store.problems)
    assert app.top.name == "problems"          # the title screen says what it set aside
    app.top.back()                             # OK
    assert app.top.name == "title"
    again = start(make_app, tmp_path)          # once: the next start is quiet
    assert again.store.problems == [] and again.top.name == "title"


def test_a_scene_that_fails_to_build_is_guarded_like_loading(make_app, tmp_path, monkeypatch):
    from game.quarto.scene import QuartoScene

    def broken(self):
        raise RuntimeError("the table cannot be laid")

    monkeypatch.setattr(QuartoScene, "enter", broken)
    write_save(tmp_path, save_of("quarto"))
    app = start(make_app, tmp_path)
    assert [scene.name for scene in app.scenes] == ["title", "problems"]
    assert (tmp_path / "current_game.json.bad").exists()
    assert any("could not be resumed" in text for text, _ in app.notices)


def test_the_problems_are_told_until_the_player_has_read_them(make_app, tmp_path):
    (tmp_path / "settings.json").write_text("{not json")
    write_save(tmp_path, save_of("quarto"))
    app = start(make_app, tmp_path)            # the game opens on top of the message
    assert app.top.name == "game"
    assert "problems" in [scene.name for scene in app.scenes]
    from game.menu.title import TitleScene
    app.reset_to(TitleScene(app))              # quit to the menu: the message is still there
    assert app.top.name == "problems"
    app.top.back()
    app.reset_to(TitleScene(app))
    assert app.top.name == "title"             # read once is enough


def run_main(*args):
    import os
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})


def test_main_continue_on_a_damaged_save_starts_and_sets_it_aside(tmp_path):
    write_save(tmp_path, save_of("kings_corners", turn=9))
    (tmp_path / "settings.json").write_text("[" * 990 + "]" * 990)   # issue 13: exit code 1 on every start
    result = run_main("--headless", "--frames", "5", "--continue", "--data-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "current_game.json.bad").exists() and (tmp_path / "settings.json.bad").exists()
    result = run_main("--headless", "--frames", "5", "--continue", "--data-dir", str(tmp_path))
    assert result.returncode == 0 and result.stderr == ""


def test_main_continue_usage_errors_are_clear():
    result = run_main("--continue", "--scene", "title")
    assert result.returncode == 2 and "cannot be combined with --scene" in result.stderr
    result = run_main("--continue", "--seed", "4")
    assert result.returncode == 2 and "leave out --seed" in result.stderr
    result = run_main("--headless", "--frames", "2", "--seed", "-4")
    assert result.returncode == 2 and "--seed must be a game number" in result.stderr
