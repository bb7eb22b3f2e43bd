"""The phones target of the fuzzer (`python -m tests.fuzz phones --seconds N`): a running
game with two seats played from robot phones, attacked by one case after another on the
loopback address only.

A case is one of `PATTERNS`, drawn from (seed, index):
- messages over a seat's own WebSocket (a hostile phone holds the seat's address): every
  message type with a field of the wrong type, missing, extra, nested or huge; random JSON;
  text that is no JSON; a move for another position, for another seat, of another game, or
  after the game is over; binary frames; frames over the size limit; floods;
- connections: half-open (the start of a request, then nothing), slow (a byte at a time),
  many opened and dropped at once, malformed requests, a WebSocket that never reads.
After each case the game must still play (a move is applied, by a phone where the phones'
turn comes, or the game ends and a new one begins), its record must replay to the position on
the table, and its save must hold its moves. The report counts the cases, the crashes and the
tracebacks written (0, 0, 0). Every wait is bounded in frames and seconds, and every peer is
on a loopback address (127.0.0.x).
"""
from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import random
import socket
import time

import aiohttp

from tests.checks import check
from tests.robot_phones import ClientLoop, Phones

GAMES = ("kingen", "keezen", "kings_corners")
FRAME = 1 / 60
PLAY_FRAMES = 1500           # frames a game has to apply a move after a case
PLAY_SECONDS = 20.0          # and the same bound in seconds of wall time


class Attacker(ClientLoop):
    """A hostile client with a seat's address: WebSockets of its own."""

    def socket(self, url: str):
        return self.call(self.session.ws_connect(url.rstrip("/") + "/ws", max_msg_size=0))

    def send_all(self, ws, items) -> None:
        async def go():
            for item in items:
                if ws.closed:
                    return
                try:
                    await (ws.send_bytes(item) if isinstance(item, bytes) else ws.send_str(item))
                except (ConnectionError, RuntimeError):
                    return
        self.call(go(), timeout=20.0)

    def close(self, ws) -> None:
        try:
            self.call(ws.close())
        except Exception:    # closed by the server already
            pass


# -- hostile messages ---------------------------------------------------------------------
def junk(rng: random.Random, depth: int = 0):
    """A random JSON value: every type, sometimes nested or long."""
    kind = rng.randrange(9 if depth < 4 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([0, -1, 1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63)])
    if kind == 3:
        return rng.choice([0.5, -0.0, 1e308])
    if kind == 4:
        return rng.choice(["", "nl", "en", "xx", "\u0000", "\u202e", "AS", "x" * rng.randrange(1, 3000)])
    if kind == 5:
        return rng.choice(["move", "hint", "next", "lang", "name", "hello", "bye", "state"])
    if kind == 6:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["type", "code", "version", "lang", "name", "seat", "x"]): junk(rng, depth + 1)
            for _ in range(rng.randrange(4))}


def bent_message(rng: random.Random, good: dict) -> str:
    """A good message of some type with one thing wrong: a field's type or size, a field
    missing or extra, or the whole of it nested or replaced."""
    message = dict(good)
    fields = [name for name in message if name != "type"]
    way = rng.randrange(5)
    if way == 0 and fields:
        message[rng.choice(fields)] = junk(rng)
    elif way == 1 and fields:
        del message[rng.choice(fields)]
    elif way == 2:
        message[rng.choice(["seat", "extra", "__proto__", "version", "lang"])] = junk(rng)
    elif way == 3:
        message = {"type": junk(rng), **{name: message[name] for name in fields}}
    else:
        return json.dumps(junk(rng))
    return json.dumps(message)


def good_messages(phones: Phones, seat: int) -> list[dict]:
    states = phones.states(seat)
    state = states[-1] if states else {"version": 0, "moves": []}
    move = state["moves"][0]["code"] if state["moves"] else "AS"
    return [{"type": "move", "code": move, "version": state["version"]}, {"type": "hint"}, {"type": "next"},
            {"type": "lang", "lang": "nl"}, {"type": "name", "name": "Robot"}]


def case_messages(run, rng: random.Random) -> None:
    seat = rng.choice(run.seats)
    goods = good_messages(run.phones, seat)
    items = [bent_message(rng, rng.choice(goods)) for _ in range(rng.randrange(5, 40))]
    run.on_seat(seat, items)


def case_wrong_moves(run, rng: random.Random) -> None:
    """Moves for another position, another seat's moves, moves of another game, old moves."""
    seat = rng.choice(run.seats)
    other = next(s for s in run.seats if s != seat)
    state = (run.phones.states(seat) or [{"version": 0, "moves": []}])[-1]
    theirs = (run.phones.states(other) or [{"moves": []}])[-1]["moves"]
    codes = [move["code"] for move in theirs] + run.old_codes + ["give f", "pass", "zz", "7H-3", "A" * 80]
    items = [json.dumps({"type": "move", "code": rng.choice(codes),
                         "version": rng.choice([state["version"], state["version"] + 1, max(0, state["version"] - 1)])})
             for _ in range(rng.randrange(3, 20))]
    run.on_seat(seat, items)


def case_frames(run, rng: random.Random) -> None:
    """Binary frames, text that is no JSON, JSON nested deeper than Python recurses, a frame
    over the size limit (which closes that connection)."""
    seat = rng.choice(run.seats)
    items = [rng.choice([bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))), "{not json", "",
                         "[" * 1000 + "]" * 1000, '{"type":' * 200 + "1" + "}" * 200, "\x00\x01",
                         "x" * rng.choice([2049, 10_000, 100_000])])
             for _ in range(rng.randrange(1, 10))]
    run.on_seat(seat, items)


def case_flood(run, rng: random.Random) -> None:
    seat = rng.choice(run.seats)
    run.on_seat(seat, [json.dumps({"type": "hint"})] * rng.randrange(30, 300))


def case_pages(run, rng: random.Random) -> None:
    """More pages on a seat than a phone opens, then all dropped."""
    seat = rng.choice(run.seats)
    opened = []
    for _ in range(rng.randrange(2, 8)):
        try:
            opened.append(run.attacker.socket(run.urls[seat]))
        except (aiohttp.ClientError, asyncio.TimeoutError):
            pass
    run.tick(10)
    for ws in opened:
        run.attacker.close(ws)


# -- hostile connections --------------------------------------------------------------------
def raw(run, source: str = "127.0.0.2"):
    peer = socket.socket()
    peer.settimeout(5)
    peer.bind((source, 0))
    peer.connect(("127.0.0.1", run.port))
    run.raw.append(peer)
    return peer


def case_half_open(run, rng: random.Random) -> None:
    """From one address, or from several that together pass the cap on all connections."""
    sources = [f"127.0.0.{last}" for last in range(2, 2 + rng.choice((1, 8)))]
    for _ in range(rng.randrange(10, 120)):
        try:
            raw(run, rng.choice(sources)).sendall(b"GET /p/" + run.token(rng).encode() + b"/ HTTP/1.1\r\nHost: x\r\n")
        except OSError:
            run.refused_connects += 1


def case_slow(run, rng: random.Random) -> None:
    """A request a byte at a time (a second or so of it)."""
    peer = raw(run)
    request = b"GET /p/" + run.token(rng).encode() + b"/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    try:
        for byte in request[: rng.randrange(4, len(request))]:
            peer.sendall(bytes([byte]))
            run.tick(1)
            time.sleep(0.01)
    except OSError:
        pass


def case_many(run, rng: random.Random) -> None:
    for _ in range(rng.randrange(20, 200)):
        try:
            peer = socket.create_connection(("127.0.0.1", run.port), timeout=5)
            peer.close()
        except OSError:
            run.refused_connects += 1


def case_bad_requests(run, rng: random.Random) -> None:
    requests = [b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n\r\n", b"\x16\x03\x01\x00\x05hello",
                b"POST /p/x/ws HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n", b"GET / HTTP/1.1\r\nX: " + b"y" * 9000,
                b"GET /p/" + run.token(rng).encode() + b"/ws HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                bytes(rng.randrange(256) for _ in range(200))]
    for _ in range(rng.randrange(3, 20)):
        try:
            peer = raw(run)
            peer.sendall(rng.choice(requests))
            peer.shutdown(socket.SHUT_WR)
        except OSError:
            pass


def case_deaf(run, rng: random.Random) -> None:
    """A WebSocket that never reads what the game sends it."""
    seat = rng.choice(run.seats)
    token = run.urls[seat].rstrip("/").rsplit("/", 1)[1]
    peer = raw(run)
    try:
        peer.sendall(f"GET /p/{token}/ws HTTP/1.1\r\nHost: 127.0.0.1:{run.port}\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        peer.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    except OSError:
        pass


PATTERNS = {"messages": case_messages, "wrong moves": case_wrong_moves, "frames": case_frames,
            "flood": case_flood, "pages": case_pages, "half-open": case_half_open, "slow": case_slow,
            "many": case_many, "bad requests": case_bad_requests, "deaf": case_deaf}


# -- the run ------------------------------------------------------------------------------
class PhoneRun:
    """One game with phone seats at a time, its robot phones, and an attacker."""

    def __init__(self, data_dir: str, game: str, seed: int):
        from game.app import App, LaunchOptions, open_scene
        from game.play import start_game
        from tests.fuzz import FuzzWorker
        self.app = App(LaunchOptions(headless=True, size=(960, 540), no_worker=True, data_dir=data_dir))
        self.app._worker = FuzzWorker(random.Random(seed))
        settings = self.app.store.settings
        settings["computer_pace"] = "instant"
        settings["animation_speed"] = "instant"
        open_scene(self.app, "title", None)
        seats = ["phone", "random", "phone", "random"] if game != "kings_corners" else ["phone", "random", "phone"]
        start_game(self.app, game, {"players": len(seats), "seats": seats, "options": {}}, seed)
        self.scene = self.app.top
        self.game = game
        server = self.scene.phones.server
        server.rate = server.burst = 10_000      # the robots tap faster than people
        self.seats = list(self.scene.phones.seats)
        self.urls = self.scene.phones.urls()
        self.port = server.port
        self.phones = Phones(self.urls, seed)
        self.attacker = Attacker()
        self.sockets: dict = {}
        self.raw: list = []
        self.old_codes: list = []
        self.refused_connects = 0

    def token(self, rng: random.Random) -> str:
        real = self.urls[rng.choice(self.seats)].rstrip("/").rsplit("/", 1)[1]
        return rng.choice([real, real[:-1], "A" * len(real), ""])

    def tick(self, frames: int) -> None:
        for _ in range(frames):
            self.app.tick(FRAME)

    def on_seat(self, seat: int, items: list) -> None:
        """Send from an attacker's page on the seat (opened again when the server closed it)."""
        ws = self.sockets.get(seat)
        if ws is None or ws.closed:
            try:
                ws = self.sockets[seat] = self.attacker.socket(self.urls[seat])
            except (aiohttp.ClientError, asyncio.TimeoutError):
                return          # refused at the door (too many pages, the server at its cap)
        self.attacker.send_all(ws, items)
        self.tick(4)

    def still_plays(self) -> None:
        """Ticks until a robot phone has played a move on its seat (or the game ends); checks
        the record and the save."""
        scene = self.scene
        played = scene.phones.played
        deadline = time.monotonic() + PLAY_SECONDS
        for _ in range(PLAY_FRAMES):
            self.app.tick(FRAME)
            if scene.state.is_over() or scene.phones.played > played or time.monotonic() > deadline:
                break
            time.sleep(0.001)
        check(self.app.top is scene or scene.state.is_over(), f"the game left the table: {self.app.top.name} on top")
        check(scene.phones.played > played or scene.state.is_over(),
              f"no phone played its seat within {PLAY_FRAMES} frames after the case")
        check(scene.record.replay().to_dict() == scene.state.to_dict(), "the record does not replay to the table")
        self.app.store.flush()
        saved = self.app.store.load_game()
        check(scene.state.is_over() or (saved is not None and saved.get("moves") == scene.record.moves),
              "the save does not hold the game's moves")
        self.old_codes = (self.old_codes + scene.record.moves[-5:])[-40:]

    def close(self) -> None:
        for ws in self.sockets.values():
            self.attacker.close(ws)
        for peer in self.raw:
            peer.close()
        self.phones.close()
        self.attacker.stop()
        self.app.close()


def fuzz_phones(seconds: float, seed: int, limit: int | None = None, only: int | None = None):
    """Cases against running games: a new game every 8 cases, when one ends and after a
    failure; `--only I` plays case I on a new game of its kind (the network's timing is not
    replayed, only what is sent)."""
    import tempfile

    from tests import fuzz
    from tests.fuzz import Report, run_units, unit_rng
    os.environ.setdefault("SPELAVOND_PHONE_HOST", "127.0.0.1")
    report = Report("phones", seed, "cases", progress=fuzz.PROGRESS)
    for name in PATTERNS:
        report.notes[f"{name}"] = 0
    report.notes["crashes"] = report.notes["tracebacks"] = 0
    folder = tempfile.mkdtemp(prefix="spelavond-fuzz-phones-")
    current: dict = {}
    said = io.StringIO()

    def one(index, rng):
        game_index = index // 8            # a game lives for 8 cases (--only I starts its own)
        run = current.get("run")
        if run is None or current.get("game") != game_index or run.scene.state.is_over():
            if run is not None:
                run.close()
            game_rng = unit_rng(seed, 10_000 + game_index)
            run = current["run"] = PhoneRun(folder, GAMES[game_index % len(GAMES)], game_rng.randrange(1000))
            current["game"] = game_index
            run.tick(30)
        names = sorted(PATTERNS)
        name = names[index] if index < len(names) else rng.choice(names)     # each pattern at least once
        report.note(name)
        try:
            PATTERNS[name](run, rng)
            run.tick(rng.randrange(1, 30))
            run.still_plays()
        except Exception:
            report.note("crashes")
            current["run"] = None          # the next case starts on a new game
            with contextlib.suppress(Exception):
                run.close()
            raise
        finally:
            report.notes["tracebacks"] = said.getvalue().count("Traceback")

    try:
        with contextlib.redirect_stderr(said):
            run_units(report, seconds, limit, only, one)
    finally:
        if current.get("run") is not None:
            with contextlib.redirect_stderr(said):
                current["run"].close()
        report.notes["tracebacks"] = said.getvalue().count("Traceback")
        report.notes["lines said"] = len(said.getvalue().splitlines())
    if report.notes["tracebacks"]:
        report.fail(-1, AssertionError("a traceback was written:\n" + said.getvalue()[-3000:]))
    return report
