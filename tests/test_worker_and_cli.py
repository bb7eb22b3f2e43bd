"""The computer-player worker process, make_bot, the arena and the command line."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ai import LEVELS, RandomBot, make_bot
from ai.worker import BotWorker
from game import registry
from processes import children_of, end, wait_until_gone

ROOT = Path(__file__).resolve().parent.parent


def quarto_state(seed=3):
    return registry.game("quarto").rules().new_game(seed, 2, {})


def test_worker_process_answers_with_a_legal_move():
    worker = BotWorker(use_process=True)
    try:
        assert worker.uses_process
        state = quarto_state()
        worker.ask("quarto", "random", 1, state.view(state.to_move()))
        answer = worker.wait(timeout=60)
        assert answer is not None and not answer.error
        assert answer.move in state.legal_moves()
    finally:
        worker.close()


def test_cancel_drops_the_answer_and_the_worker_goes_on():
    worker = BotWorker(use_process=True)
    try:
        state = quarto_state()
        worker.ask("quarto", "random", 1, state)
        worker.cancel()
        assert not worker.thinking
        assert worker.poll() is None
        worker.ask("quarto", "random", 2, state, kind="hint")
        answer = worker.wait(timeout=60)
        assert answer.move in state.legal_moves()
    finally:
        worker.close()


def test_worker_reports_a_failing_bot_instead_of_dying():
    worker = BotWorker(use_process=False)
    try:
        worker.ask("quarto", "no-such-level", 1, quarto_state())
        answer = worker.wait(timeout=30)
        assert answer.error and "no-such-level" in answer.error
        worker.ask("quarto", "random", 1, quarto_state())
        assert worker.wait(timeout=30).move is not None
    finally:
        worker.close()


@pytest.mark.parametrize("game", ["quarto", "vier_koningen"])     # (players that draw at random)
def test_a_why_asked_of_a_player_does_not_change_its_next_moves(game):
    """A computer's moves are the same whether or not a "Why?" (a hint asked of the same
    player) came between them, so a game played again plays the same: each position of a
    random game answered by a worker that was asked a hint first, and by one that was not."""
    import random

    from ai.worker import _answer
    rules = registry.game(game).rules()
    state, rng, plain, asked = rules.new_game(3, min(registry.game(game).seats), {}), random.Random(game), {}, {}
    for number in range(24):
        if state.is_over():
            break
        view, question = state.view(state.to_move()), ("choose", game, "easy", 7)
        _answer(asked, (0, "hint", game, "easy", 7, view))
        move = _answer(plain, (1, *question, view)).move
        assert _answer(asked, (1, *question, view)).move == move, (game, number)
        state.play(move if rng.random() < 0.5 else rng.choice(state.legal_moves()))


def test_make_bot_levels_and_errors():
    assert isinstance(make_bot("quarto", "random", 1), RandomBot)
    with pytest.raises(ValueError, match="unknown level"):
        make_bot("quarto", "brilliant")
    with pytest.raises(ValueError):
        make_bot("no_such_game", "normal")
    assert LEVELS == ("easy", "normal", "hard", "random")


def test_arena_json_has_the_promised_shape():
    out = subprocess.run([sys.executable, "-m", "ai.arena", "quarto", "--a", "random", "--b", "random",
                          "--games", "6", "--seed", "5", "--json"], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["game"] == "quarto" and result["games"] == 6 and result["seed"] == 5
    assert [bot["name"] for bot in result["bots"]] == ["random (A)", "random (B)"]
    for bot in result["bots"]:
        assert bot["wins"] + bot["draws"] + bot["losses"] == 6
    a, b = result["bots"]
    assert a["wins"] == b["losses"] and a["draws"] == b["draws"]
    assert set(result["ms_per_move"]) == {"mean", "max"}


def test_arena_seats_alternate():
    from ai.arena import seat_bots
    assert seat_bots(0, 4, [0, 1]) == [0, 1, 0, 1]
    assert seat_bots(1, 4, [0, 1]) == [1, 0, 1, 0]
    assert seat_bots(3, 2, [0, 1]) == [1, 0]
    assert seat_bots(0, 1, [0]) == [0]


def run_main(*args):
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})


def test_wrong_flags_get_a_clear_message():
    result = run_main("--frames", "0", "--headless")
    assert result.returncode == 2 and "--frames must be at least 1" in result.stderr
    result = run_main("--size", "big")
    assert result.returncode == 2 and "1280x720" in result.stderr
    result = run_main("--headless", "--frames", "2", "--scene", "nowhere")
    assert result.returncode == 2 and "unknown scene" in result.stderr
    result = run_main("--headless", "--frames", "2", "--scene", "game:kingen", "--seats", "hard,expert")
    assert result.returncode == 2 and "'expert' is not a seat" in result.stderr
    result = run_main("--headless", "--frames", "2", "--scene", "game:kingen", "--seats", "hard,hard")
    assert result.returncode == 2 and "kingen is played by 4 seats, not 2" in result.stderr
    result = run_main("--headless", "--frames", "2", "--seats", "hard")
    assert result.returncode == 2 and "use it with --scene game:GAME" in result.stderr


def test_computers_alone_play_and_save_a_game_for_the_seats_given(tmp_path):
    """A demo: `--seats` seats computers only; the game is played and saved as usual."""
    data = tmp_path / "data"
    result = run_main("--headless", "--frames", "400", "--scene", "game:kings_corners", "--seats", "easy,random,hard",
                      "--seed", "3", "--data-dir", str(data))
    assert result.returncode == 0, result.stderr
    saved = json.loads((data / "current_game.json").read_text())
    assert saved["seats"] == ["easy", "random", "hard"] and saved["players"] == 3 and saved["seed"] == 3
    assert saved["moves"], "no computer moved"


@pytest.mark.skipif(not sys.platform.startswith("linux") or Path("/dev/dri").exists(),
                    reason="needs a Linux machine without any screen, where SDL falls back to drawing off screen")
def test_no_display_is_said_in_plain_words(tmp_path):
    """Without a display SDL quietly opens an invisible window; the game must say so and stop."""
    import os
    env = {name: value for name, value in os.environ.items()
           if name not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "XDG_RUNTIME_DIR")}
    result = subprocess.run([sys.executable, "main.py", "--frames", "30", "--data-dir", str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    # the game's own message, and nothing of SDL's (its "XDG_RUNTIME_DIR" line) before it
    assert len(lines) == 1 and lines[0].startswith("spelavond: no display was found") and "--headless" in lines[0], lines


def test_a_screenshot_that_cannot_be_written_is_one_line(tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    result = run_main("--headless", "--frames", "2", "--screenshot", str(blocker / "shot.png"),
                      "--data-dir", str(tmp_path / "data"))
    assert result.returncode == 3
    lines = [line for line in result.stderr.strip().splitlines() if not line.startswith("pygame-ce ")]
    assert len(lines) == 1 and lines[0].startswith("spelavond: cannot write the screenshot"), result.stderr


def test_headless_screenshot_and_quiet_start(tmp_path):
    shot = tmp_path / "title.png"
    result = run_main("--headless", "--frames", "5", "--scene", "title", "--screenshot", str(shot),
                      "--data-dir", str(tmp_path / "data"))
    assert result.returncode == 0, result.stderr
    assert shot.exists() and shot.stat().st_size > 10_000
    assert result.stderr == ""  # no ALSA noise, no warnings: a player sees nothing odd


def test_couch_mode_is_larger_and_shows_gamepad_buttons(make_app):
    normal = make_app()
    couch = make_app(couch=True)
    assert couch.u > normal.u
    assert couch.input.legend_name("confirm") == "A"


def test_killing_the_process_loses_nothing(tmp_path):
    """A game in progress is on disk after every move: kill -9 mid-game, then Continue resumes it."""
    import os
    import signal
    import time

    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({
        "computer_pace": "instant",
        "last_setup": {"quarto": {"players": 2, "seats": ["random", "random"], "options": {"games": 10}}}}))
    process = subprocess.Popen([sys.executable, "main.py", "--headless", "--frames", "1000000", "--scene", "game:quarto",
                                "--seed", "9", "--data-dir", str(data)], cwd=ROOT,
                               env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    save = data / "current_game.json"
    deadline = time.time() + 60
    while time.time() < deadline and not (save.exists() and len(json.loads(save.read_text())["moves"]) >= 6):
        time.sleep(0.2)
    started = children_of(process.pid) if sys.platform.startswith("linux") else []
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    leftovers = wait_until_gone(started)
    end(leftovers)
    assert leftovers == [], "the computer-player worker outlived the killed game"
    saved = json.loads(save.read_text())
    assert len(saved["moves"]) >= 6
    from game.app import App, LaunchOptions, open_scene
    from game.play import continue_game
    app = App(LaunchOptions(headless=True, size=(960, 540), no_worker=True, data_dir=str(data)))
    assert not list(data.glob(".*.tmp")), "a write the kill cut short left its temp file"
    try:
        open_scene(app, "title", None)
        continue_game(app)
        assert app.top.name == "game"
        assert [m.code for m in app.top.state.log] == saved["moves"]
    finally:
        app.close()
