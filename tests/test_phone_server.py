"""The phone server against a hostile phone and a hostile network: every field of every
message checked for its type and range, JSON nested too deep, malformed requests, half-open
and slow connections, too many connections from one address or from all; each refused in a
counted line without a traceback, and the seats' own phones still served. The last test runs
a real game in a process allowed 256 open files (macOS's default) under 300 half-open
connections and checks that it goes on playing and saving."""
from __future__ import annotations

import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.phones import server as phone_server
from game.phones.server import FIELDS, PhoneServer, valid
from tests.robot_phones import ClientLoop

aiohttp = pytest.importorskip("aiohttp")
ROOT = Path(__file__).resolve().parents[1]

# Values of every JSON type, and of the shapes that once ended the game (`{"lang": {}}`).
WRONG = [None, True, False, 0, -1, 1.5, 2 ** 60, "", "x" * 5000, [], ["nl"], {}, {"a": 1}]


def test_every_field_of_every_message_is_checked_for_its_type_and_range():
    good = {"move": {"type": "move", "code": "AS", "version": 3}, "hint": {"type": "hint"},
            "next": {"type": "next"}, "lang": {"type": "lang", "lang": "nl"},
            "name": {"type": "name", "name": "Anna"}}
    assert set(good) == set(FIELDS)
    for kind, message in good.items():
        assert valid(message), kind
        assert not valid({**message, "extra": 1}), kind
        for field in FIELDS[kind]:
            assert not valid({key: value for key, value in message.items() if key != field}), (kind, field)
            for wrong in WRONG:
                if type(wrong) is type(message[field]) and wrong not in ("", "x" * 5000, -1, 2 ** 60):
                    continue
                if kind == "name" and wrong == "":      # a name may be cleared
                    continue
                assert not valid({**message, field: wrong}), (kind, field, wrong)
    for wrong in WRONG + [{"type": kind} for kind in ("hello", "bye", "state", "refused")]:
        assert not valid(wrong)
        assert not valid({"type": wrong})


class Served:
    """A phone server for two seats on the loopback address, with a thread that empties its
    inbox as the game would, and a client loop of the test's own."""

    def __init__(self, **bounds):
        self.server = PhoneServer((0, 2), host="127.0.0.1")
        for name, value in bounds.items():
            setattr(self.server, name, value)
        self.server.start()
        self.taken = queue.Queue()
        self.running = True
        self.thread = threading.Thread(target=self._drain, daemon=True)
        self.thread.start()
        self.client = ClientLoop()
        self.session = self.client.session

    def _drain(self):
        while self.running:
            try:
                self.taken.put(self.server.inbox.get(timeout=0.05))
            except queue.Empty:
                pass

    def call(self, coroutine, timeout=15):
        return self.client.call(coroutine, timeout)

    def base(self, seat=0) -> str:
        return self.server.url(seat).rstrip("/")

    def socket(self, seat=0):
        return self.call(self.session.ws_connect(self.base(seat) + "/ws"))

    def arrivals(self, count: int, timeout=5.0) -> list:
        """The next `count` messages the game would take from the inbox."""
        taken = []
        deadline = time.monotonic() + timeout
        while len(taken) < count and time.monotonic() < deadline:
            try:
                taken.append(self.taken.get(timeout=0.1)[2])
            except queue.Empty:
                pass
        return taken

    def exchange(self, ws, text: str, timeout=5.0):
        """Send a text and return the first message the server sends back."""
        async def go():
            await ws.send_str(text)
            message = await ws.receive(timeout)
            return json.loads(message.data) if message.type == aiohttp.WSMsgType.TEXT else message.type
        return self.call(go())

    def close(self):
        self.client.stop()
        self.server.stop()
        self.running = False
        self.thread.join(5)


@pytest.fixture
def served():
    made = []

    def make(**bounds):
        made.append(Served(**bounds))
        return made[-1]
    yield make
    for one in made:
        one.close()


def test_a_wrong_field_or_json_nested_too_deep_is_refused_and_the_socket_stays(served, capfd):
    one = served(rate=10_000, burst=10_000)      # a robot, faster than a thumb
    ws = one.socket()
    hostile = ([json.dumps({"type": "lang", "lang": wrong}) for wrong in ({}, [], ["nl"], 5, None)]
               + [json.dumps({"type": "move", "code": code, "version": 1}) for code in (["AS"], {}, 7, "")]
               + [json.dumps({"type": "move", "code": "AS", "version": version}) for version in (True, 1.0, -1, "1")]
               + [json.dumps({"type": kind}) for kind in ({}, [], ["move"], "hello", "bye")]
               + [json.dumps({"type": "name", "name": ["x"]}), json.dumps({"type": "hint", "more": 1}),
                  "[" * 1000 + "]" * 1000, '{"type":' * 200 + "1" + "}" * 200, "null", "1e999", "\x00"])
    for text in hostile:
        assert one.exchange(ws, text) == {"type": "refused", "why": "garbage"}, text[:60]
    assert one.server.refused["garbage"] == len(hostile)
    one.call(ws.send_str(json.dumps({"type": "hint"})))
    # nothing of it reached the game: only the phone's arrival, then the one good message
    assert one.arrivals(2) == [{"type": "hello"}, {"type": "hint"}]
    assert "Traceback" not in capfd.readouterr().err


def test_bad_requests_are_counted_lines_without_a_traceback_and_every_reply_has_the_headers(served, capfd):
    one = served()
    host, port = "127.0.0.1", one.server.port
    bad = [b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",                  # an over-long address
           b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n",     # an over-long header
           b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % n for n in range(100)) + b"\r\n",  # too many
           b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 40,           # TLS to a plain port
           b"GET / HTTP/9.9\r\n\r\n", b"\r\n\r\n\r\n"]
    for _ in range(12):
        for request in bad:
            with socket.create_connection((host, port), timeout=5) as peer:
                peer.sendall(request)
                peer.shutdown(socket.SHUT_WR)       # all it says: the server answers or closes now
                peer.settimeout(5)
                try:
                    while peer.recv(65536):
                        pass
                except OSError:
                    pass
    err = capfd.readouterr().err
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if "phone server" in line]
    assert 1 <= len(lines) <= 12, lines       # one a kind of trouble, again at 10 and 100
    assert sum(one.server.troubles.values()) >= 12 * 4
    # a plain GET of the socket's address, refused by aiohttp itself, carries the headers too
    for url in (one.base() + "/ws", one.base() + "/", one.base(), one.base() + "/app.js",
                f"http://{host}:{port}/nothing"):
        async def get(url=url):
            async with one.session.get(url, allow_redirects=False) as response:
                return response.status, response.headers
        status, headers = one.call(get())
        assert status in (200, 302, 400, 404), url
        for name, value in phone_server.HEADERS.items():
            assert headers.get(name) == value, (url, name)
        assert headers.get("Server") == "Spelavond", url


def half_open(port: int, count: int, source: str = "127.0.0.2") -> list:
    """`count` connections that send the start of a request and nothing more."""
    peers = []
    try:
        for _ in range(count):
            peer = socket.socket()
            peers.append(peer)
            peer.bind((source, 0))
            peer.connect(("127.0.0.1", port))
            try:
                peer.sendall(b"GET / HTTP/1.1\r\n")
            except OSError:        # the server closed it already: refused, or crowded out by a newer one
                pass
    except BaseException:
        for peer in peers:
            peer.close()
        raise
    return peers


def closed_by_server(peer, timeout=5.0) -> bool:
    peer.settimeout(timeout)
    try:
        return peer.recv(1) == b""
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


def test_half_open_connections_are_bounded_and_closed_and_the_phones_still_play(served):
    one = served(request_time=4.0)
    server = one.server
    ours = [one.socket(0), one.socket(2)]         # the seats' phones, in before the flood
    assert one.arrivals(2) == [{"type": "hello"}] * 2
    attackers = half_open(server.port, 200)
    deadline = time.monotonic() + 5
    while server.refused["connections"] < 200 - server.per_address and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(server.open) <= server.peer_cap
    assert server.by_address["127.0.0.2"] == server.per_address
    assert server.refused["connections"] == 200 - server.per_address
    # a phone from another address still gets in and plays while the flood holds its share
    late = one.socket(0)
    one.call(late.send_str(json.dumps({"type": "next"})))
    assert one.arrivals(2) == [{"type": "hello"}, {"type": "next"}]
    # the half-open ones are closed once their time is up; the WebSockets stay
    assert all(closed_by_server(peer) for peer in attackers)
    deadline = time.monotonic() + 5
    while server.by_address.get("127.0.0.2") and time.monotonic() < deadline:
        time.sleep(0.02)
    assert "127.0.0.2" not in server.by_address and server.refused["slow"] == server.per_address
    assert server.connected(0) == 2 and server.connected(2) == 1
    for ws in ours + [late]:
        assert not ws.closed
        one.call(ws.close())
    for peer in attackers:
        peer.close()


def test_all_addresses_together_cannot_pass_the_cap_nor_keep_a_phone_out(served):
    one = served(request_time=30.0, per_address=1000, peer_cap=40)
    attackers = []
    for source in ("127.0.0.2", "127.0.0.3", "127.0.0.4"):
        attackers += half_open(one.server.port, 30, source)
    deadline = time.monotonic() + 5
    while one.server.refused["crowded out"] < 50 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(one.server.open) == 40 and one.server.refused["crowded out"] == 50
    assert sum(closed_by_server(peer, 0.5) for peer in attackers[:50]) == 50     # the oldest made room
    # every place is held by a half-open connection: a phone still gets in, and plays
    ws = one.socket(0)
    one.call(ws.send_str(json.dumps({"type": "next"})))
    assert one.arrivals(2) == [{"type": "hello"}, {"type": "next"}]
    assert len(one.server.open) == 40 and not one.server.refused["connections"]
    one.call(ws.close())
    for peer in attackers:
        peer.close()
    deadline = time.monotonic() + 5
    while one.server.open and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not one.server.open and not one.server.by_address
    ws = one.socket(2)                 # the places are free again
    assert not ws.closed


def test_the_cap_leaves_the_game_its_files():
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
        assert phone_server.peer_cap() == (256 - phone_server.GAME_FILES) // 2
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
        assert phone_server.peer_cap() == phone_server.PEERS
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="limits a child's open files with setrlimit")
def test_a_game_with_256_files_plays_and_saves_on_under_300_half_open_connections(tmp_path):
    """The issue's case: under `prlimit --nofile=256:256`, 300 connections that send `GET /`
    and nothing more stopped the saves, filled stderr with tracebacks and ended the game."""
    import resource

    from tests.robot_phones import Phones

    def limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    env = dict(os.environ, SPELAVOND_PHONE_HOST="127.0.0.1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    # the computers at once: the headless frames run flat out, as many as the game's waits take
    (tmp_path / "settings.json").write_text(json.dumps({"computer_pace": "instant", "animation_speed": "instant"}))
    game = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--headless", "--frames", "100000000", "--data-dir", str(tmp_path),
         "--scene", "game:kingen", "--seats", "human,random,human,random", "--phones", "0,2", "--seed", "5"],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=limit)
    clients = attackers = None
    try:
        urls = {}
        while len(urls) < 2:
            line = game.stdout.readline()
            assert line, game.stderr.read()
            found = re.match(r"seat (\d): (\S+)", line)
            if found:
                urls[int(found[1])] = found[2]
        port = int(urls[0].split(":")[2].split("/")[0])
        # from many addresses, each within its share: only the cap on all connections holds them
        attackers = [peer for last in range(2, 17) for peer in half_open(port, 20, f"127.0.0.{last}")]
        clients = Phones(urls, seed=5)
        save = tmp_path / "current_game.json"

        def moves_saved() -> int:
            try:
                return len(json.loads(save.read_text())["moves"])
            except (OSError, ValueError, KeyError):
                return 0
        deadline = time.monotonic() + 90
        while moves_saved() < 30 and time.monotonic() < deadline and game.poll() is None:
            time.sleep(0.2)
        assert game.poll() is None, game.stderr.read()
        assert moves_saved() >= 30, "the saves stopped"
        game.send_signal(signal.SIGTERM)
        assert game.wait(30) == 0
        err = game.stderr.read()
        assert "Traceback" not in err, err[-3000:]
        assert len(err.splitlines()) <= 20, err[-3000:]
    finally:
        if clients is not None:
            clients.close()
        for peer in attackers or ():
            peer.close()
        if game.poll() is None:
            game.kill()
            game.wait(10)
        game.stdout.close()
        game.stderr.close()


def test_a_slice_of_the_phones_fuzzer_leaves_the_game_playing():
    """Each hostile pattern once and a few more, against running games: no crash, no
    traceback, and after every case a robot phone plays its seat and the save holds the game."""
    from tests.fuzz_phones import PATTERNS, fuzz_phones
    report = fuzz_phones(seconds=float("inf"), seed=13, limit=len(PATTERNS) + 2)
    assert report.runs == len(PATTERNS) + 2
    assert report.failure_count == 0, "\n".join(report.failures[:3])
    assert all(report.notes[name] >= 1 for name in PATTERNS), report.notes
    assert report.notes["crashes"] == 0 and report.notes["tracebacks"] == 0


def test_the_phones_fuzzer_sees_a_seat_that_no_longer_plays(monkeypatch):
    """The fuzzer's check can fail: a game that refuses every phone's move is caught."""
    from game.phones.seats import PhoneSeats
    from tests.fuzz_phones import fuzz_phones
    monkeypatch.setattr(PhoneSeats, "move", lambda self, seat, connection, code, version:
                        self.refuse(seat, connection, "not_now"))
    monkeypatch.setattr("tests.fuzz_phones.PLAY_FRAMES", 300)
    report = fuzz_phones(seconds=float("inf"), seed=13, limit=1)
    assert report.failure_count == 1 and "no phone played its seat" in report.failures[0]
