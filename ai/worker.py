"""The computer-player worker: a separate process that thinks while the window stays smooth.

A pure-Python search in a thread holds the GIL and drops frames; a process does not. The
app starts one worker at launch (before it is needed). A scene asks for a move with
`ask(game, level, seed, view)` and polls `poll()` every frame; `cancel()` drops an
answer nobody wants any more (a scene closed, an undo) and, when the worker is busy with
it, restarts the process so the next question is not kept waiting. The messages are plain
picklable rules objects, so the packaged build works after
`multiprocessing.freeze_support()`.
"""
from __future__ import annotations

import multiprocessing
import queue
import threading
import traceback
from dataclasses import dataclass


@dataclass
class Answer:
    ticket: int
    move: object = None
    reason: str = ""
    error: str = ""


def _answer(bots: dict, request: tuple) -> Answer:
    from ai import make_bot

    ticket, kind, game, level, seed, state = request
    try:
        key = (game, level, seed)
        if key not in bots:
            bots[key] = make_bot(game, level, seed)
        bot = bots[key]
        if kind == "hint" and hasattr(bot, "hint"):
            move, reason = bot.hint(state)
            return Answer(ticket, move, reason)
        return Answer(ticket, bot.choose(state))
    except Exception:  # the app must go on: the scene decides what to do without an answer
        return Answer(ticket, error=traceback.format_exc(limit=4))


def _serve(requests, replies) -> None:
    bots: dict = {}
    while True:
        request = requests.get()
        if request is None:
            return
        replies.put(_answer(bots, request))


class BotWorker:
    def __init__(self, use_process: bool = True):
        self._ticket = 0
        self._busy_with = None
        self._use_process = use_process
        self._start()

    def _start(self) -> None:
        if self._use_process:
            try:
                context = multiprocessing.get_context("spawn")
                self._requests = context.Queue()
                self._replies = context.Queue()
                self._runner = context.Process(target=_serve, args=(self._requests, self._replies),
                                               name="spelavond-ai", daemon=True)
                self._runner.start()
                return
            except (OSError, RuntimeError):
                self._use_process = False  # no processes here (a locked-down system): think in a thread
        self._requests = queue.Queue()
        self._replies = queue.Queue()
        self._runner = threading.Thread(target=_serve, args=(self._requests, self._replies),
                                        name="spelavond-ai", daemon=True)
        self._runner.start()

    @property
    def uses_process(self) -> bool:
        return self._use_process

    def ask(self, game: str, level: str, seed, state, kind: str = "choose") -> int:
        """Send a question; the answer comes through poll(). Earlier questions are dropped."""
        self.cancel()
        self._ticket += 1
        self._busy_with = self._ticket
        self._requests.put((self._ticket, kind, game, level, seed, state))
        return self._ticket

    def poll(self) -> Answer | None:
        """The answer to the latest question, once it is there; stale answers are skipped."""
        while True:
            try:
                answer = self._replies.get_nowait()
            except queue.Empty:
                return None
            if answer.ticket == self._busy_with:
                self._busy_with = None
                return answer

    @property
    def thinking(self) -> bool:
        return self._busy_with is not None

    def cancel(self) -> None:
        """Forget the question in progress; a process busy with it is replaced."""
        if self._busy_with is None:
            return
        self._busy_with = None
        if self._use_process and self._runner.is_alive():
            self._runner.terminate()
            self._runner.join(timeout=1)
            self._start()

    def wait(self, timeout: float | None = None) -> Answer | None:
        """Block for the latest answer (tests and the arena; never the game loop)."""
        while self._busy_with is not None:
            try:
                answer = self._replies.get(timeout=timeout)
            except queue.Empty:
                return None
            if answer.ticket == self._busy_with:
                self._busy_with = None
                return answer
        return None

    def close(self) -> None:
        try:
            if self._use_process:
                if self._runner.is_alive():
                    self._runner.terminate()
                    self._runner.join(timeout=1)
            else:
                self._requests.put(None)
        except (OSError, ValueError, AttributeError):
            pass
