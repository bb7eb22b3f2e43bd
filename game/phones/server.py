"""The phones' web server: a seat's page and its WebSocket, on the home network.

The page (assets/phone/: index.html, style.css, app.js; no external files) is served from
the program's own assets. It runs an aiohttp application on an asyncio loop in a thread of its own, so the game loop
never waits on the network. It knows nothing of games: the playing scene's part
(game/phones/seats.py) publishes each seat's newest message (JSON text made from
`view(seat)`) and takes what the phones said from `inbox` on the loop's thread.

Safe by construction:
- it runs only while a game with a phone seat runs, on one address (the home network's, see
  `home_address`) and a port the OS picks, shown on the TV;
- each seat's address carries a long random token (`secrets`); a token opens exactly that
  seat, and anything without a valid token gets an empty 404, as does a WebSocket opened by
  a page of another origin;
- a phone's message is at most `MAX_MESSAGE` bytes of JSON text, an object with a known
  `type`; at most `RATE` a second on average (bursts of `BURST`), and at most `PAGES`
  pages are open on a seat at once; anything else is refused (counted in `refused`) and,
  from a phone that keeps flooding, the connection is closed.
"""
from __future__ import annotations

import asyncio
import json
import os
import queue
import secrets
import socket
import threading
import time
from collections import Counter

from game.paths import asset

MAX_MESSAGE = 2048          # bytes of one message from a phone (a move code is under 80)
RATE, BURST = 8.0, 24       # messages a second on average, and at once
FLOOD_CLOSE = 200           # refused for speed this many times on one connection: it is closed
INBOX_LIMIT = 256           # messages waiting for the game loop; more are refused
PAGES = 4                   # pages open on one seat at once (a phone and a reload or two)
KINDS = ("move", "hint", "next", "lang", "hello")
PAGE_FILES = {"app.js": "application/javascript", "style.css": "text/css"}
HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff",
           "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
                                      "frame-ancestors 'none'"}


def home_address() -> str:
    """The address of this computer on the home network: the interface the default route
    leaves by (no packet is sent), or SPELAVOND_PHONE_HOST where it is set (tests use the
    loopback address); the loopback address when there is no network."""
    chosen = os.environ.get("SPELAVOND_PHONE_HOST", "").strip()
    if chosen:
        return chosen
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def page_file(name: str) -> bytes:
    """A file of the phone page (assets/phone/), carried by the installed and packaged programs."""
    return asset("phone", name).read_bytes()


class Bucket:
    """A token bucket: `rate` messages a second, `burst` at once."""

    def __init__(self, rate: float = RATE, burst: int = BURST):
        self.rate, self.burst = rate, burst
        self.tokens, self.when = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class PhoneServer:
    """The server of one game's phone seats; `start()` it, `stop()` it when the game closes."""

    def __init__(self, seats, host: str | None = None, port: int = 0):
        self.host = host or home_address()
        self.port = port
        self.rate, self.burst = RATE, BURST      # a phone's messages a second (a test's robot may go faster)
        self.tokens = {secrets.token_urlsafe(24): seat for seat in seats}   # 192 random bits a seat
        self.inbox: queue.Queue = queue.Queue()    # (seat, connection, message) for the loop's thread
        self.refused: Counter = Counter()          # refused at the door, by reason
        self._latest: dict[int, str] = {}          # seat -> its newest state message
        self._sockets: dict[int, dict] = {seat: {} for seat in seats}   # seat -> {connection: socket}
        self._next_id = 0
        self._loop = None
        self._runner = None
        self._thread = None
        self._ready = threading.Event()
        self._error = None

    # -- the loop's side ---------------------------------------------------------------------
    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="phone-server", daemon=True)
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None or not self._ready.is_set():
            raise OSError(f"the phone server could not start on {self.host}: {self._error or 'timed out'}")

    def url(self, seat: int) -> str:
        token = next(token for token, owner in self.tokens.items() if owner == seat)
        return f"http://{self.host}:{self.port}/p/{token}/"     # the page's files are beside it

    def connected(self, seat: int) -> int:
        """How many pages have the seat open now."""
        return len(self._sockets.get(seat, ()))

    def publish(self, seat: int, text: str) -> None:
        """The seat's newest state (JSON text): sent to its open pages and to any that opens."""
        self._call(self._publish, seat, text)

    def reply(self, seat: int, connection: int, text: str) -> None:
        """A message to one page of a seat (a refusal, a hint)."""
        self._call(self._reply, seat, connection, text)

    def stop(self) -> None:
        if self._loop is None or self._thread is None:
            return
        try:
            asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(5)
        except Exception:   # already stopping, or a socket that would not close: the thread goes anyway
            pass
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        self._loop = None

    def _call(self, function, *args) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(function, *args)
            except RuntimeError:     # the loop closed in between: the game is closing
                pass

    # -- the server's thread -----------------------------------------------------------------
    def _run(self) -> None:
        from aiohttp import web

        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.router.add_get("/p/{token}/", self._page)
        app.router.add_get("/p/{token}", self._page)
        app.router.add_get("/p/{token}/ws", self._socket)
        app.router.add_get("/p/{token}/{name}", self._file)
        app.router.add_route("*", "/{anything:.*}", self._elsewhere)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        try:
            loop.run_until_complete(self._runner.setup())
            site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
            loop.run_until_complete(site.start())
            self.port = site._server.sockets[0].getsockname()[1]
        except Exception as error:     # the address is not this computer's, the port is taken
            self._error = error
            self._ready.set()
            loop.close()
            return
        self._loop = loop
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.close()

    async def _shutdown(self) -> None:
        for sockets in self._sockets.values():
            for ws in list(sockets.values()):
                await ws.close()
        await self._runner.cleanup()

    def _seat(self, request):
        """The seat the request's token opens, or None (compared in constant time)."""
        given = request.match_info.get("token", "")
        for token, seat in self.tokens.items():
            if secrets.compare_digest(given.encode(), token.encode()):
                return seat
        self.refused["token"] += 1
        return None

    def _nothing(self):
        from aiohttp import web
        return web.Response(status=404, headers=HEADERS)

    async def _elsewhere(self, request):
        """Any other address or method: nothing, not even a word of what it is."""
        self.refused["token"] += 1
        return self._nothing()

    async def _page(self, request):
        from aiohttp import web
        if self._seat(request) is None:
            return self._nothing()
        if not request.path.endswith("/"):     # its files are named relative to the folder
            raise web.HTTPFound(request.path + "/", headers=HEADERS)
        return web.Response(body=page_file("index.html"), content_type="text/html", charset="utf-8",
                            headers=HEADERS)

    async def _file(self, request):
        from aiohttp import web
        name = request.match_info["name"]
        if self._seat(request) is None or name not in PAGE_FILES:
            return self._nothing()
        return web.Response(body=page_file(name), content_type=PAGE_FILES[name], charset="utf-8", headers=HEADERS)

    async def _socket(self, request):
        from aiohttp import WSMsgType, web
        seat = self._seat(request)
        if seat is None:
            return self._nothing()
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            self.refused["origin"] += 1      # a page from elsewhere, even one that learned the token
            return self._nothing()
        if len(self._sockets[seat]) >= PAGES:
            self.refused["pages"] += 1
            return self._nothing()
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=15, compress=False)
        await ws.prepare(request)
        self._next_id += 1
        connection = self._next_id
        self._sockets[seat][connection] = ws
        self.inbox.put((seat, connection, {"type": "hello"}))   # the part sees the phone come back
        if seat in self._latest:
            await ws.send_str(self._latest[seat])
        bucket, flooded, told = Bucket(self.rate, self.burst), 0, False
        try:
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    if not bucket.take():
                        flooded += 1          # over the whole connection: a slow flood is cut off too
                        self.refused["flood"] += 1
                        if not told:          # said once a burst, not answered one by one
                            told = True
                            await ws.send_str(json.dumps({"type": "refused", "why": "flood"}))
                        if flooded >= FLOOD_CLOSE:
                            break
                        continue
                    told = False
                    self._take(seat, connection, message.data, ws)
                elif message.type == WSMsgType.BINARY:
                    self.refused["binary"] += 1
                    await ws.send_str(json.dumps({"type": "refused", "why": "garbage"}))
                else:      # an error: a frame over the size limit (1009) closes the connection
                    self.refused["size" if getattr(ws.exception(), "code", None) == 1009 else "error"] += 1
                    break
        finally:
            self._sockets[seat].pop(connection, None)
            self.inbox.put((seat, connection, {"type": "bye"}))
        return ws

    def _take(self, seat: int, connection: int, text: str, ws) -> None:
        """A phone's message, checked at the door, into the inbox for the game loop."""
        why = None
        if len(text.encode()) > MAX_MESSAGE:
            why = "size"
        else:
            try:
                message = json.loads(text)
            except ValueError:
                message = None
            if not isinstance(message, dict) or message.get("type") not in KINDS or message["type"] == "hello":
                why = "garbage"
            elif self.inbox.qsize() >= INBOX_LIMIT:
                why = "flood"
        if why is not None:
            self.refused[why] += 1
            asyncio.ensure_future(ws.send_str(json.dumps({"type": "refused", "why": why})))
            return
        self.inbox.put((seat, connection, message))

    def _publish(self, seat: int, text: str) -> None:
        self._latest[seat] = text
        for ws in list(self._sockets.get(seat, {}).values()):
            asyncio.ensure_future(self._send(ws, text))

    def _reply(self, seat: int, connection: int, text: str) -> None:
        ws = self._sockets.get(seat, {}).get(connection)
        if ws is not None:
            asyncio.ensure_future(self._send(ws, text))

    @staticmethod
    async def _send(ws, text: str) -> None:
        try:
            await ws.send_str(text)
        except (ConnectionError, RuntimeError):   # the phone went away meanwhile
            pass
