"""Robot phones for tests and the fuzzer: WebSocket clients of a game's phone seats, each
keeping every message it gets and (with `auto`) playing a random legal move on its turn."""
from __future__ import annotations

import asyncio
import json
import random
import threading
import time

import aiohttp

SAFETY = 120.0       # seconds wait_for waits at least: a safety net, never the test's verdict


def wait_for(app, condition, limit=20.0) -> bool:
    """Frames of the app until `condition()` holds (True) or the time is up (False), a moment
    between frames for the phones' threads to answer. The time is `limit` seconds, or SAFETY
    where that is longer: on a loaded machine a computer's hint took more than the 20 to 60 s
    the tests give (their figures for a quiet one)."""
    deadline = time.monotonic() + max(limit, SAFETY)
    while time.monotonic() < deadline:
        app.tick(1 / 60)
        if condition():
            return True
        time.sleep(0.002)
    return False


class ClientLoop:
    """An aiohttp client session on an event loop in a thread of its own; `call` runs a
    coroutine there and waits for it; `stop` closes both."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.session = self.call(self._session())

    async def _session(self):
        return aiohttp.ClientSession()

    def call(self, coroutine, timeout=10.0):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stop(self) -> None:
        self.call(self.session.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


class Phones(ClientLoop):
    """WebSocket clients for some seats, in a thread of their own: every message is kept;
    `auto` plays a legal move (drawn from `rng`) on each turn and says "next hand" when asked."""

    def __init__(self, urls: dict, seed: int = 1, auto: bool = True):
        super().__init__()
        self.urls, self.auto = dict(urls), auto
        self.hold = lambda seat, message: False     # a message the robot does not answer
        self.rng = random.Random(seed)
        self.received = {seat: [] for seat in urls}     # seat -> [message dict]
        self.sockets = {}
        self.tasks = {}
        for seat in urls:
            self.join(seat)

    def join(self, seat: int, url: str | None = None) -> None:
        ws = self.call(self.session.ws_connect((url or self.urls[seat]).rstrip("/") + "/ws"))
        self.sockets[seat] = ws
        self.tasks[seat] = asyncio.run_coroutine_threadsafe(self._read(seat, ws), self.loop)

    def leave(self, seat: int) -> None:
        self.call(self.sockets.pop(seat).close())

    async def _read(self, seat, ws):
        async for message in ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(message.data)
            self.received[seat].append(data)
            await self._answer(seat, ws, data)

    async def _answer(self, seat, ws, data):
        if self.auto and data["type"] == "state" and not self.hold(seat, data):
            if data["turn"] and data["moves"]:
                move = self.rng.choice(data["moves"])
                await ws.send_str(json.dumps({"type": "move", "code": move["code"], "version": data["version"]}))
            elif data["next"]:
                await ws.send_str(json.dumps({"type": "next"}))

    def go(self) -> None:
        """Play from now on, answering each phone's newest state too."""
        self.auto = True
        for seat, ws in list(self.sockets.items()):
            if self.states(seat):
                self.call(self._answer(seat, ws, self.states(seat)[-1]))

    def send(self, seat: int, data) -> None:
        text = data if isinstance(data, str) else json.dumps(data)
        self.call(self.sockets[seat].send_str(text))

    def states(self, seat: int) -> list:
        return [message for message in self.received[seat] if message["type"] == "state"]

    def close(self) -> None:
        for seat in list(self.sockets):
            try:
                self.leave(seat)
            except Exception:
                pass
        self.stop()
