"""Quitting always quits (issue 26): SIGTERM and SIGINT end the game as closing its window
does, and a file the store cannot write is told at once, whatever the screen."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from processes import children_of, end, wait_until_gone

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("name, sdl_handlers", [("SIGTERM", True), ("SIGTERM", False), ("SIGINT", True)],
                         ids=["SIGTERM", "SIGTERM-without-SDL-handlers", "SIGINT"])
def test_a_signal_ends_a_running_game_with_its_last_save_written(tmp_path, name, sdl_handlers):
    """SDL turns SIGTERM into a quit event, but only where it installs its handlers; SIGINT
    ended the game with a KeyboardInterrupt traceback."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({
        "computer_pace": "instant",
        "last_setup": {"kingen": {"players": 4, "seats": ["random"] * 4, "options": {"match": "dubbelkingen"}}}}))
    process = subprocess.Popen([sys.executable, "main.py", "--headless", "--frames", "100000", "--scene", "game:kingen",
                                "--seed", "3", "--data-dir", str(data)], cwd=ROOT, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                                    "SDL_NO_SIGNAL_HANDLERS": "0" if sdl_handlers else "1"})
    save = data / "current_game.json"
    started = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not save.exists() and process.poll() is None:
            time.sleep(0.05)
        assert save.exists(), "the game never saved"
        time.sleep(0.5)                                   # a few moves more, the worker thinking
        started = children_of(process.pid) if sys.platform.startswith("linux") else []
        process.send_signal(getattr(signal, name))
        _, errors = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    leftovers = wait_until_gone(started)
    end(leftovers)
    assert process.returncode == 0, errors
    assert "Traceback" not in errors
    assert leftovers == [], "the computer-player worker outlived the game"
    assert not list(data.glob(".*.tmp")), "a write was cut short"
    from game.app import App, LaunchOptions, open_scene
    from game.play import continue_game
    app = App(LaunchOptions(headless=True, size=(960, 540), no_worker=True, data_dir=str(data)))
    try:
        open_scene(app, "title", None)
        continue_game(app)
        assert app.top.name == "game" and app.store.problems == []
    finally:
        app.close()


def test_a_file_that_cannot_be_written_is_told_at_once(make_app):
    app = make_app()
    app.to_title()
    app.tick(1 / 60)
    app.store.settings["last_setup"]["quarto"] = {"name": "\ud800"}   # no JSON file can hold it
    assert app.store.save_settings() is False
    app.tick(1 / 60)
    from game.ui.i18n import t
    assert len(app.notices) == 1 and t("problem.what.settings") in app.notices[0][0]   # "your settings"
    app.tick(1 / 60)
    assert len(app.notices) == 1                          # told once
    from game.menu.title import problem_lines
    lines = problem_lines(app.store.problems)
    assert lines == app.notices[0][:1]      # no "the usual settings are used": none were
    del app.store.settings["last_setup"]["quarto"]
