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
  `type` and exactly the fields of that type (`FIELDS`), each of its type and within its
  range; at most `RATE` a second on average (bursts of `BURST`), and at most `PAGES`
  pages are open on a seat at once; anything else is refused (counted in `refused`) and,
  from a phone that keeps flooding, the connection is closed;
- what a peer can hold is bounded (`Door`): `PEERS` connections at once, `PER_ADDRESS` from
  one address, each given `REQUEST_TIME` to become a seat's WebSocket (a page and its files
  load well within it) before it is closed, and the oldest of those not yet a WebSocket closed
  first when a new one finds every place taken; short request lines and headers; so the game's
  own files (saves, fonts, sounds) never wait for a file descriptor a peer holds;
- a bad request of any kind is counted and said in one line, the first time and at each
  power of ten (`Said`), never as a traceback: no peer can fill the terminal or the disk.

Measure it with `python -m tests.fuzz phones --seconds 60` (hostile messages and connection
patterns against a running game) and `python -m game.phones.bench` (a tap's round trip).
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import queue
import secrets
import socket
import sys
import threading
import time
from collections import Counter

from game.paths import asset
from game.record import MAX_CODE

MAX_MESSAGE = 2048          # bytes of one message from a phone (a move code is under 80)
RATE, BURST = 8.0, 24       # messages a second on average, and at once
FLOOD_CLOSE = 200           # refused for speed this many times on one connection: it is closed
INBOX_LIMIT = 256           # messages waiting for the game loop; more are refused
PAGES = 4                   # pages open on one seat at once (a phone and a reload or two)
PEERS = 64                  # connections open at once: four phones need about 16 (a WebSocket each
                            # and a browser's few for the page); far below any file limit (see peer_cap)
PER_ADDRESS = 24            # from one address: one device cannot take every place
REQUEST_TIME = 10.0         # seconds a connection has to become a WebSocket (a page loads in < 1 s)
GAME_FILES = 128            # file descriptors kept for the game itself (fonts, sounds, saves, its worker)
LINE_LIMIT = 2048           # bytes of a request line or one header (the seat's address is ~60)
HEADER_COUNT = 40           # headers in one request (a phone's browser sends about 15)
SEND_BACKLOG = 256 * 1024   # bytes waiting for a phone that does not read: then it is cut off
# The messages a phone may send: each type's fields (a message holds these and `type`, nothing
# else), each with its type and its range. The page's own words come from the game.
MAX_NAME = 12               # characters of a player's name: what a plate shows whole in couch mode
FIELDS = {
    "move": {"code": (str, 1, MAX_CODE), "version": (int, 0, 2 ** 53)},
    "hint": {},
    "next": {},
    "lang": {"lang": (str, 1, 8)},
    "name": {"name": (str, 0, MAX_NAME)},
}
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


def valid(message) -> bool:
    """A phone's message of a known type with exactly that type's fields, each of its type
    (a bool is no number, a list no text) and in its range."""
    if type(message) is not dict or type(message.get("type")) is not str:
        return False
    fields = FIELDS.get(message["type"])
    if fields is None or set(message) != {"type", *fields}:
        return False
    for name, (kind, least, most) in fields.items():
        value = message[name]
        if type(value) is not kind:
            return False
        size = len(value) if kind is str else value
        if not least <= size <= most:
            return False
    return True


def peer_cap() -> int:
    """The connections the server may hold: `PEERS`, fewer where the process may open few
    files (macOS starts programs with 256), so that `GAME_FILES` stay the game's own."""
    try:
        import resource
    except ImportError:        # Windows: no such per-process limit on sockets
        return PEERS
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return PEERS
    return max(4, min(PEERS, (soft - GAME_FILES) // 2))


class Said:
    """Trouble from outside said in one line, without a traceback, the first time a kind of it
    happens and at each power of ten after (1, 10, 100...), and counted in `counts`: however
    much a peer sends, the terminal gets a few lines."""

    def __init__(self, counts: Counter):
        self.counts = counts

    def __call__(self, kind: str, detail: str = "") -> None:
        self.counts[kind] += 1
        count = self.counts[kind]
        if str(count).rstrip("0") == "1":     # 1, 10, 100, ...
            print(f"spelavond: phone server: {kind} ({count} so far){': ' + detail if detail else ''}",
                  file=sys.stderr)


class SaidHandler(logging.Handler):
    """aiohttp's and the loop's complaints about a peer (a malformed request, a connection
    reset) as counted lines: aiohttp logs a bad request with its traceback otherwise."""

    def __init__(self, say: Said):
        super().__init__(logging.DEBUG)
        self.say = say

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno < logging.WARNING and not record.exc_info:    # (a stray TLS hello comes as debug)
            return
        error = record.exc_info[1] if record.exc_info else None
        kind = "bad request" if error is None else f"bad request ({type(error).__name__})"
        self.say(kind, str(error or record.getMessage())[:160])


class Door(asyncio.Protocol):
    """One connection, let in by the server's bounds or closed at once; past `REQUEST_TIME`
    it is closed unless it became a seat's WebSocket. What comes through goes to aiohttp's own
    handler (`inner`)."""

    def __init__(self, server: "PhoneServer", inner: asyncio.Protocol):
        self.server, self.inner = server, inner
        self.transport = None
        self.address = None
        self.timer = None

    def connection_made(self, transport) -> None:
        server = self.server
        peer = transport.get_extra_info("peername")
        address = peer[0] if peer else "?"
        if server.by_address[address] >= server.per_address or not server.room():
            server.refused["connections"] += 1
            self.inner = None
            transport.abort()
            return
        self.transport, self.address = transport, address
        server.open[transport] = None
        server.by_address[address] += 1
        self.timer = asyncio.get_running_loop().call_later(server.request_time, self.expire)
        self.inner.connection_made(transport)

    def expire(self) -> None:
        self.timer = None
        if self.transport not in self.server.upgraded:
            self.server.refused["slow"] += 1
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self):
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def connection_lost(self, error) -> None:
        if self.inner is None:
            return
        server = self.server
        if self.timer is not None:
            self.timer.cancel()
        server.open.pop(self.transport, None)
        server.upgraded.discard(self.transport)
        server.by_address[self.address] -= 1
        if server.by_address[self.address] <= 0:
            del server.by_address[self.address]
        self.inner.connection_lost(error)


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
        self.troubles: Counter = Counter()         # bad requests and connection errors, by kind
        self.say = Said(self.troubles)
        self.peer_cap, self.per_address, self.request_time = peer_cap(), PER_ADDRESS, REQUEST_TIME
        self.open: dict = {}                       # the transports of the connections let in, oldest first
        self.upgraded: set = set()                 # those of them that are a seat's WebSocket
        self.by_address: Counter = Counter()
        self._sockets: dict[int, dict] = {seat: {} for seat in seats}   # seat -> {connection: (socket, transport)}
        self._next_id = 0
        self._pages = {name: page_file(name) for name in ("index.html", *PAGE_FILES)}   # read once: no file per request
        self._loop = None
        self._runner = None
        self._listener = None
        self._thread = None
        self._ready = threading.Event()
        self._error = None

    def room(self) -> bool:
        """Whether one more connection may come in: below the cap, or by closing the oldest
        that is not yet a WebSocket. Half-open connections from many addresses could hold
        every place for their `REQUEST_TIME` otherwise, and the seats' phones could not get in;
        a phone's own request becomes a WebSocket within a moment of connecting."""
        if len(self.open) < self.peer_cap:
            return True
        oldest = next((transport for transport in self.open if transport not in self.upgraded), None)
        if oldest is None:
            return False
        del self.open[oldest]           # its Door's connection_lost settles the rest
        self.refused["crowded out"] += 1
        oldest.abort()
        return True

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
        loop.set_exception_handler(self._loop_trouble)
        said = logging.getLogger("spelavond.phones.http")
        said.setLevel(logging.DEBUG)
        said.propagate = False
        said.handlers[:] = [SaidHandler(self.say)]
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.on_response_prepare.append(self._headers)
        app.router.add_get("/p/{token}/", self._page)
        app.router.add_get("/p/{token}", self._page)
        app.router.add_get("/p/{token}/ws", self._socket)
        app.router.add_get("/p/{token}/{name}", self._file)
        app.router.add_route("*", "/{anything:.*}", self._elsewhere)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, logger=said,
                                     max_line_size=LINE_LIMIT, max_field_size=LINE_LIMIT,
                                     max_headers=HEADER_COUNT, keepalive_timeout=REQUEST_TIME,
                                     lingering_time=1.0)
        try:
            loop.run_until_complete(self._runner.setup())
            self._listener = loop.run_until_complete(loop.create_server(
                lambda: Door(self, self._runner.server()), self.host, self.port, reuse_address=True))
            self.port = self._listener.sockets[0].getsockname()[1]
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

    def _loop_trouble(self, loop, context: dict) -> None:
        """An error on the server's loop (a peer gone mid-send, out of file descriptors on
        accepting): one counted line, and the server goes on."""
        error = context.get("exception")
        kind = type(error).__name__ if error is not None else "loop"
        self.say(f"connection trouble ({kind})", str(error or context.get("message", ""))[:160])

    @staticmethod
    async def _headers(request, response) -> None:
        """Every reply, a refusal of aiohttp's own included, carries the security headers and
        names no library or version."""
        response.headers.update(HEADERS)
        response.headers["Server"] = "Spelavond"

    async def _shutdown(self) -> None:
        self._listener.close()
        for sockets in self._sockets.values():
            for ws, _ in list(sockets.values()):
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
        return web.Response(status=404)

    async def _elsewhere(self, request):
        """Any other address or method: nothing, not even a word of what it is."""
        self.refused["token"] += 1
        return self._nothing()

    async def _page(self, request):
        from aiohttp import web
        if self._seat(request) is None:
            return self._nothing()
        if not request.path.endswith("/"):     # its files are named relative to the folder
            raise web.HTTPFound(request.path + "/")
        return web.Response(body=self._pages["index.html"], content_type="text/html", charset="utf-8")

    async def _file(self, request):
        from aiohttp import web
        name = request.match_info["name"]
        if self._seat(request) is None or name not in PAGE_FILES:
            return self._nothing()
        return web.Response(body=self._pages[name], content_type=PAGE_FILES[name], charset="utf-8")

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
        self.upgraded.add(request.transport)
        self._next_id += 1
        connection = self._next_id
        self._sockets[seat][connection] = (ws, request.transport)
        # the part sees the phone come back and sends it the state made with it there (the
        # newest one sent before would list this phone as away)
        self.inbox.put((seat, connection, {"type": "hello"}))
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
            except (ValueError, RecursionError):     # not JSON, or nested deeper than Python recurses
                message = None
            if not valid(message):
                why = "garbage"
            elif self.inbox.qsize() >= INBOX_LIMIT:
                why = "flood"
        if why is not None:
            self.refused[why] += 1
            self._reply(seat, connection, json.dumps({"type": "refused", "why": why}))
            return
        self.inbox.put((seat, connection, message))

    def _publish(self, seat: int, text: str) -> None:
        for ws, transport in list(self._sockets.get(seat, {}).values()):
            asyncio.ensure_future(self._send(ws, transport, text))

    def _reply(self, seat: int, connection: int, text: str) -> None:
        open_socket = self._sockets.get(seat, {}).get(connection)
        if open_socket is not None:
            asyncio.ensure_future(self._send(*open_socket, text))

    @staticmethod
    async def _send(ws, transport, text: str) -> None:
        if transport is not None and transport.get_write_buffer_size() > SEND_BACKLOG:
            transport.abort()         # a phone that reads nothing: cut off, it reconnects if it lives
            return
        try:
            await ws.send_str(text)
        except (ConnectionError, RuntimeError):   # the phone went away meanwhile
            pass
