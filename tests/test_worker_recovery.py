"""The computer player can never hang the game: a dead or silent worker is replaced and asked
again, a second failure becomes an error answer (the scene plays a simple move and says so),
and the worker ends when the game's process is gone."""
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from ai.worker import BotWorker
from game import registry
from game.play import start_game
from posting import run_until
from processes import children_of, end, needs_proc, running, wait_until_gone

ROOT = Path(__file__).resolve().parent.parent
needs_kill = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


def quarto_state(seed=3):
    return registry.game("quarto").rules().new_game(seed, 2, {})


def answers_the_next_question(worker) -> bool:
    """After a failure the worker is fresh: an ordinary question gets a legal move."""
    worker.silence_limit = 60
    state = quarto_state()
    worker.ask("quarto", "random", 2, state)
    answer = worker.wait(timeout=60)
    return answer is not None and answer.move in state.legal_moves()


class DiesWhenRead:
    """A question that ends the worker process the moment it reads it."""

    def __reduce__(self):
        return os._exit, (3,)


class HangsWhenRead:
    """A question the worker process reads for ten minutes: it falls silent."""

    def __reduce__(self):
        return time.sleep, (600,)


@needs_kill
def test_a_killed_worker_is_replaced_and_the_answer_arrives():
    worker = BotWorker()
    try:
        state = quarto_state()
        first = worker.pid
        worker.ask("quarto", "hard", 1, state.view(state.to_move()))
        os.kill(first, signal.SIGKILL)  # mid-question: the hard level thinks for most of a second
        answer = worker.wait(timeout=60)
        assert answer is not None and not answer.error, answer and answer.error
        assert answer.move in state.legal_moves()
        assert worker.pid != first and not running(first)
    finally:
        worker.close()


def test_a_worker_that_dies_again_gives_an_error_answer_and_goes_on():
    worker = BotWorker()
    try:
        first = worker.pid
        ticket = worker.ask("quarto", "random", 1, DiesWhenRead())
        answer = worker.wait(timeout=60)
        assert answer is not None and answer.ticket == ticket
        assert "stopped twice" in answer.error
        assert not worker.thinking and worker.pid != first
        assert answers_the_next_question(worker)
    finally:
        worker.close()


def test_a_silent_worker_is_given_up_on_after_the_silence_limit():
    worker = BotWorker(silence_limit=1.5)
    try:
        worker.ask("quarto", "random", 1, HangsWhenRead())
        assert worker.poll() is None and worker.thinking
        answer = worker.wait(timeout=60)
        assert answer is not None and "gave no answer twice" in answer.error
        assert answers_the_next_question(worker)
    finally:
        worker.close()


def test_a_silent_thread_worker_is_given_up_on_too():
    """Without processes (a locked-down system) the worker thinks in a thread; a hung thread
    cannot be ended, but the game gets its error answer and a fresh thread all the same."""
    released = threading.Event()

    class Stuck:
        def to_dict(self):
            return {}

        def legal_moves(self):
            released.wait(30)
            return []

    worker = BotWorker(use_process=False, silence_limit=0.3)
    try:
        worker.ask("quarto", "random", 1, Stuck())
        answer = worker.wait(timeout=30)
        assert answer is not None and "gave no answer twice" in answer.error
        assert answers_the_next_question(worker)
    finally:
        released.set()
        worker.close()


def test_an_answer_that_waited_past_the_silence_limit_is_taken():
    """A game paused for long polls late: the answer waiting there counts, the worker is no
    hung one."""
    worker = BotWorker(use_process=False, silence_limit=0.2)
    try:
        state = quarto_state()
        worker.ask("quarto", "random", 1, state)
        for _ in range(3000):              # the answer is waiting (a safety cap of 30 s)
            if not worker._replies.empty():
                break
            time.sleep(0.01)
        time.sleep(0.3)                    # then the game looks only after the silence limit
        answer = worker.poll()
        assert answer is not None and not answer.error and answer.move in state.legal_moves()
    finally:
        worker.close()


@needs_kill
def test_the_game_plays_on_and_says_so_when_the_worker_keeps_dying(make_app):
    app = make_app(worker=True)
    app.store.settings["computer_pace"] = "instant"
    start_game(app, "quarto", {"players": 2, "seats": ["hard", "human"], "options": {}}, 4)
    scene = app.top
    assert scene.state.to_move() == 0 and not scene.humans_turn
    app.tick(1 / 60)                       # the scene asks the computer seat's question
    assert scene.computers.asked == "move"
    first = app.worker.pid
    os.kill(first, signal.SIGKILL)
    assert run_until(app, lambda: app.worker.pid != first, frames=2000), "the dead worker was not replaced"
    os.kill(app.worker.pid, signal.SIGKILL)  # the fresh worker dies too, long before it could answer
    assert run_until(app, lambda: scene.humans_turn, frames=2000), "the computer seat never moved"
    assert len(scene.state.log) == 1       # a simple legal move was played
    assert any(f"{scene.seat_name(0)} got stuck" in text for text, _ in app.notices)


@needs_kill
@needs_proc
def test_the_worker_ends_when_the_game_is_killed():
    """kill -9 of the game's process ends its worker (busy or not) and so the resource tracker."""
    script = (
        "import sys, time\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from ai.worker import BotWorker\n"
        "class Nap:\n"
        "    def __reduce__(self):\n"
        "        return time.sleep, (600,)\n"
        "worker = BotWorker()\n"
        "worker.ask('quarto', 'random', 1, Nap())\n"
        "print(worker.pid, flush=True)\n"
        "time.sleep(600)\n")
    game = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    started = []
    try:
        worker_pid = int(game.stdout.readline())
        started = children_of(game.pid)
        assert worker_pid in started and len(started) >= 2  # the worker and multiprocessing's resource tracker
        game.send_signal(signal.SIGKILL)
        game.wait(timeout=10)
        assert wait_until_gone(started) == []
    finally:
        game.kill()
        game.wait(timeout=10)
        game.stdout.close()
        end(started)
