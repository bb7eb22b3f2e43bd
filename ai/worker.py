"""The computer-player worker: a separate process that thinks while the window stays smooth.

A pure-Python search in a thread holds the GIL and drops frames; a process does not. The
app starts one worker at launch (before it is needed). A scene asks for a move with
`ask(game, level, seed, view)` and polls `poll()` every frame; `cancel()` drops an
answer nobody wants any more (a scene closed, an undo) and, when the worker is busy with
it, restarts the process so the next question is not kept waiting. The messages are plain
picklable rules objects, so the packaged build works after
`multiprocessing.freeze_support()`.

The worker can never hang the game: `poll()` notices a worker process that died (at once)
or stays silent (after `silence_limit`, far beyond any level's thinking time), starts a
fresh one and asks again; when that one fails too, `poll()` returns an Answer with `error`
set, and the scene plays a simple legal move instead. The worker process ends itself when
the game's process is gone, even after a `kill -9`, so nothing is left running.
"""
from __future__ import annotations

import json
import multiprocessing
import os
import queue
import random
import signal
import threading
import time
import traceback
from dataclasses import dataclass

# Seconds without an answer before a worker counts as hung: far beyond any level's thinking
# time and a fresh process's start (the figures: docs/benchmark-notes.md).
SILENCE_LIMIT = 20.0


@dataclass
class Answer:
    ticket: int
    move: object = None
    reason: str = ""
    error: str = ""
    candidates: tuple = ()   # a search's best moves: (move, percent of the results, times tried)


def top_candidates(result, count: int = 3) -> tuple:
    """The best moves of a search (`ai.mcts.SearchResult`) with their results, for "Why?"."""
    tried = [entry for entry in result.moves if entry.visits]
    return tuple((entry.move, round(100 * entry.mean), entry.visits) for entry in tried[:count])


def _answer(bots: dict, request: tuple) -> Answer:
    from ai import make_bot

    ticket, kind, game, level, seed, state = request
    try:
        key = (game, level, seed)
        if key not in bots:
            bots[key] = make_bot(game, level, seed)
        bot = bots[key]
        if isinstance(getattr(bot, "rng", None), random.Random):
            # its draws follow from the question, not from the questions asked before it (a
            # "Why?" or a hint asked of the same player): a game played again plays the same
            bot.rng.seed(f"{seed}:{json.dumps(state.to_dict(), sort_keys=True)}")
        if kind == "hint" and hasattr(bot, "hint"):
            move, reason = bot.hint(state)
            return Answer(ticket, move, reason)
        before = getattr(bot, "last", None)
        move = bot.choose(state)
        searched = getattr(bot, "last", None)     # a search made for this move (not an earlier one)
        candidates = top_candidates(searched) if searched is not None and searched is not before else ()
        return Answer(ticket, move, candidates=candidates)
    except Exception:  # the app must go on: the scene decides what to do without an answer
        return Answer(ticket, error=traceback.format_exc(limit=4))


def _end_with_parent() -> None:
    """In the worker process: exit as soon as the game's process is gone (even by kill -9),
    rather than wait for questions forever and keep multiprocessing's resource tracker alive."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()   # returns when the parent's end of the start-up pipe closes: it died
        os._exit(0)     # at once, even in the middle of a search

    threading.Thread(target=watch, name="spelavond-ai-parent", daemon=True).start()


def _serve(requests, replies, in_process: bool = False) -> None:
    if in_process:
        _end_with_parent()
        # Ctrl+C in a terminal reaches the whole process group: the game quits on it and
        # ends this process itself, without a KeyboardInterrupt traceback from here.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    bots: dict = {}
    while True:
        request = requests.get()
        if request is None:
            return
        replies.put(_answer(bots, request))


class BotWorker:
    def __init__(self, use_process: bool = True, silence_limit: float | None = None):
        self._ticket = 0
        self._busy_with = None     # the ticket of the question in progress
        self._question = None      # that question, to ask again after a restart
        self._asked_at = 0.0
        self._asked_again = False  # the question was sent to a fresh worker already
        self._use_process = use_process
        self.silence_limit = SILENCE_LIMIT if silence_limit is None else silence_limit
        self._start()

    def _start(self) -> None:
        if self._use_process:
            try:
                context = multiprocessing.get_context("spawn")
                self._requests = context.Queue()
                self._replies = context.Queue()
                self._runner = context.Process(target=_serve, args=(self._requests, self._replies, True),
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

    def _stop(self) -> None:
        """End the worker: a process is ended at once, a thread after its current question."""
        try:
            if not self._use_process:
                self._requests.put(None)
                return
            if self._runner.is_alive():
                self._runner.terminate()
                self._runner.join(timeout=1)
                if self._runner.is_alive():
                    self._runner.kill()
                    self._runner.join(timeout=1)
            for channel in (self._requests, self._replies):
                channel.cancel_join_thread()  # what is still unsent goes nowhere: never wait for it at exit
                channel.close()
        except (OSError, ValueError, AttributeError):
            pass

    def _restart(self) -> None:
        self._stop()
        self._start()

    @property
    def uses_process(self) -> bool:
        return self._use_process

    @property
    def pid(self) -> int | None:
        """The worker process's id (None when thinking in a thread)."""
        return self._runner.pid if self._use_process else None

    def ask(self, game: str, level: str, seed, state, kind: str = "choose") -> int:
        """Send a question; the answer comes through poll(). Earlier questions are dropped."""
        self.cancel()
        self._ticket += 1
        self._busy_with = self._ticket
        self._question = (self._ticket, kind, game, level, seed, state)
        self._asked_again = False
        self._send()
        return self._ticket

    def _send(self) -> None:
        self._asked_at = time.monotonic()
        self._requests.put(self._question)

    def poll(self, wait: float = 0.0) -> Answer | None:
        """The answer to the latest question, once it is there (waiting up to `wait` seconds);
        stale answers are skipped. A dead or silent worker is replaced and asked again; when
        that fails too, the answer is an error (the caller plays a simple move instead)."""
        while self._busy_with is not None:
            # Only read from a live worker: one killed mid-write would leave half a message.
            if not self._runner.is_alive():
                return self._recover()
            try:
                answer = self._replies.get(timeout=wait) if wait > 0 else self._replies.get_nowait()
            except queue.Empty:  # silent only when nothing came: a game paused for long finds its answer waiting
                return self._recover() if time.monotonic() - self._asked_at > self.silence_limit else None
            if answer.ticket == self._busy_with:
                self._busy_with = self._question = None
                return answer
        return None

    def _recover(self) -> Answer | None:
        trouble = "gave no answer" if self._runner.is_alive() else "stopped"
        self._restart()
        if not self._asked_again:
            self._asked_again = True
            self._send()
            return None
        ticket, self._busy_with, self._question = self._busy_with, None, None
        return Answer(ticket, error=f"the computer-player worker {trouble} twice on this question "
                                    f"(silence limit {self.silence_limit:g} s)")

    @property
    def thinking(self) -> bool:
        return self._busy_with is not None

    def cancel(self) -> None:
        """Forget the question in progress; a process busy with it is replaced."""
        if self._busy_with is None:
            return
        self._busy_with = self._question = None
        if self._use_process:
            self._restart()

    def wait(self, timeout: float | None = None) -> Answer | None:
        """Block for the latest answer (tests and the arena; never the game loop)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self._busy_with is not None:
            left = 0.1 if deadline is None else min(0.1, deadline - time.monotonic())
            if left <= 0:
                return None
            answer = self.poll(wait=left)
            if answer is not None:
                return answer
        return None

    def close(self) -> None:
        self._busy_with = self._question = None
        self._stop()
