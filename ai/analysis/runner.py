"""The analysis of a record in worker processes, one per core, streamed to the review.

`Runner(record_data, seats, work, seed)` starts the processes at once; process k of n judges
the moves whose turn among the judged ones is k modulo n, so both halves of a game arrive
together and the first judgements come within a few positions' work. `poll()` returns the
judgements that have come in (never waits), `progress()` says how far it is, `cancel()` ends
the processes at once. A process that dies is reported (`failed`), the judgements it sent
stay. Without processes (a locked-down system, or when asked) the same work runs in one
thread, which stops at the next judgement when cancelled.
"""
from __future__ import annotations

import multiprocessing
import os
import queue
import threading
import traceback

from ai.analysis import Judgement, analyse, judged_plies
from game import record as records

PROCESSES = min(2, os.cpu_count() or 1)


def _judge_share(data: dict, seats, work: float, seed: int, share: int, shares: int, out, stop=None) -> None:
    """In a worker: the judgements of this share of the record's judged moves, then "done"
    (a thread stops early when `stop` is set)."""
    if stop is None:
        from ai.worker import _end_with_parent
        _end_with_parent()
    try:
        record = records.from_dict(data)
        for judgement in analyse(record, seats, work, seed, share=(share, shares)):
            if stop is not None and stop.is_set():
                return
            out.put(("judgement", tuple(judgement)))
        out.put(("done", share))
    except Exception:
        out.put(("error", traceback.format_exc(limit=4)))


class Runner:
    def __init__(self, data: dict, seats=None, work: float = 1.0, seed: int = 0,
                 processes: int = PROCESSES, use_process: bool = True):
        self.total = len(judged_plies(records.from_dict(data), seats))
        self.judgements: dict[int, Judgement] = {}
        self.failed = ""
        self._done = 0
        self._shares = max(1, processes)
        self._workers = []
        self._stop = threading.Event()
        try:
            if not use_process:
                raise RuntimeError("a thread, as asked")
            context = multiprocessing.get_context("spawn")
            self._out = context.Queue()
            for share in range(self._shares):
                worker = context.Process(target=_judge_share, name="spelavond-analysis", daemon=True,
                                         args=(data, seats, work, seed, share, self._shares, self._out))
                worker.start()
                self._workers.append(worker)
        except (OSError, RuntimeError):     # no processes here: one thread does it all
            self.cancel()                   # the processes that did start
            self._stop.clear()              # (cancel set it: the thread would stop at once)
            self._shares, self._out = 1, queue.Queue()
            threading.Thread(target=_judge_share, args=(data, seats, work, seed, 0, 1, self._out, self._stop),
                             name="spelavond-analysis", daemon=True).start()

    def poll(self) -> list[Judgement]:
        """The judgements that came in since the last poll, in the order they came."""
        new = []
        # looked at before the queue is read: a process that had ended by then had sent all it
        # ever sent (what it sent last may come in while the queue is being read)
        ended = bool(self._workers) and not any(worker.is_alive() for worker in self._workers)
        while True:
            try:
                kind, body = self._out.get_nowait()
            except (queue.Empty, OSError, ValueError, EOFError):
                break
            if kind == "judgement":
                judgement = Judgement(*body)
                self.judgements[judgement.ply] = judgement
                new.append(judgement)
            elif kind == "done":
                self._done += 1
            else:
                self.failed = body
        if not self.finished() and ended:
            self.failed = self.failed or "the analysis stopped"
        return new

    def progress(self) -> float:
        """From 0 to 1."""
        return 1.0 if not self.total else min(1.0, len(self.judgements) / self.total)

    def finished(self) -> bool:
        return self._done >= self._shares or bool(self.failed)

    def cancel(self) -> None:
        self._stop.set()
        for worker in self._workers:
            if worker.is_alive():
                worker.terminate()
                worker.join(timeout=1)
                if worker.is_alive():
                    worker.kill()
        self._workers = []
