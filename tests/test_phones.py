"""Phone seats: whole games of Kingen, Keezen and Kings Corners with two to four seats played
from phones (aiohttp WebSocket clients against the game's real server on the loopback
address) next to computer seats, every message to every seat checked against the full state
for cards hidden from that seat; a phone that goes away mid-trick and comes back; hostile
messages refused with the game unharmed; the server gone with the game."""
from __future__ import annotations

import asyncio
import json
import os
import random
import threading
import time
import urllib.error
import urllib.request

import pytest

from game.cards import SUIT_SYMBOL
from game.play import start_game
from posting import run_until

aiohttp = pytest.importorskip("aiohttp")
os.environ["SPELAVOND_PHONE_HOST"] = "127.0.0.1"


class Phones:
    """WebSocket clients for some seats, in a thread of their own: every message is kept;
    `auto` plays a legal move (drawn from `rng`) on each turn and says "next hand" when asked."""

    def __init__(self, urls: dict, seed: int = 1, auto: bool = True):
        self.urls, self.auto = dict(urls), auto
        self.rng = random.Random(seed)
        self.received = {seat: [] for seat in urls}     # seat -> [message dict]
        self.sockets = {}
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.session = self.call(self._session())
        self.tasks = {}
        for seat in urls:
            self.join(seat)

    def call(self, coroutine, timeout=10):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    async def _session(self):
        return aiohttp.ClientSession()

    def join(self, seat: int, url: str | None = None) -> None:
        ws = self.call(self.session.ws_connect((url or self.urls[seat]) + "/ws"))
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
            if self.auto and data["type"] == "state":
                if data["turn"] and data["moves"]:
                    move = self.rng.choice(data["moves"])
                    await ws.send_str(json.dumps({"type": "move", "code": move["code"], "version": data["version"]}))
                elif data["next"]:
                    await ws.send_str(json.dumps({"type": "next"}))

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
        self.call(self.session.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


def new_game(make_app, game, seats, options, seed, pace="instant"):
    app = make_app(size=(960, 540))
    app.store.settings["computer_pace"] = pace
    app.store.settings["animation_speed"] = "instant" if pace == "instant" else "fast"
    from game.app import open_scene
    open_scene(app, "title", None)
    start_game(app, game, {"players": len(seats), "seats": list(seats), "options": options}, seed)
    scene = app.top
    return app, scene


def keep_states(scene) -> dict:
    """The full state at every version a message was made at (the test's own record, to
    check the messages against)."""
    states = {}
    publish = scene.phones.publish

    def recording():
        states[scene.version] = scene.state.copy()
        publish()

    scene.phones.publish = recording
    return states


# -- what a seat may not see -----------------------------------------------------------------
def hidden_cards(game, state, seat) -> list:
    """Every card the full state holds where `seat` cannot see it."""
    others = [other for other in range(state.players) if other != seat]
    if game == "kingen":
        return [card for other in others for card in state.hand_cards(other)]
    if game == "kings_corners":
        return [card for other in others for card in state.hands[other]] + list(state.stock)
    hidden = [card for other in others for card in state.hands[other]] + list(state.deck)
    hidden += [card for other, card in enumerate(state.giving) if other != seat and card is not None]
    return hidden


def own_hand(game, state, seat) -> list:
    if game == "kingen":
        return state.hand_cards(seat)
    return list(state.hands[seat])


def texts(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item)


def cards_in(message) -> list:
    shown = [(card["rank"], card["suit"]) for card in message["hand"]]
    shown += [(card["rank"], card["suit"]) for row in message["table"] for card in row["cards"]]
    return shown


def check_no_leak(game, message, state, seat) -> None:
    hidden = hidden_cards(game, state, seat)
    shown = cards_in(message)
    # the lines that speak of this position (the info lines say the game's rules, which name
    # cards such as the ♥K whoever holds them)
    words = " ".join(texts([message[field] for field in ("status", "score", "log", "moves", "table", "away")]))
    for card in hidden:
        assert (card.label, SUIT_SYMBOL[card.suit]) not in shown, f"{card} hidden from seat {seat} was sent to it"
        for written in (str(card), SUIT_SYMBOL[card.suit] + card.label, card.code):
            assert written not in words.split() and f" {written}" not in f" {words}", \
                f"{card} hidden from seat {seat} is named in its message: {words[:200]}"
    mine = sorted((card.label, SUIT_SYMBOL[card.suit]) for card in own_hand(game, state, seat))
    assert sorted((card["rank"], card["suit"]) for card in message["hand"]) == mine


def check_every_message(game, phones, states) -> int:
    count = 0
    for seat in phones.received:
        for message in phones.states(seat):
            check_no_leak(game, message, states[message["version"]], seat)
            count += 1
    return count


def play_to_the_end(app, scene, limit=120.0) -> None:
    deadline = time.monotonic() + limit
    while not scene.state.is_over():
        assert time.monotonic() < deadline, "the game did not end"
        app.tick(1 / 60)
        time.sleep(0.0005)     # the phones' thread answers meanwhile


GAMES = [
    ("kings_corners", ("human", "random", "human"), {"match_length": "hands", "hands": 1}, 5, [0, 2]),
    ("kingen", ("human", "human", "random", "human"), {}, 3, [0, 1, 3]),
    ("keezen", ("human", "random", "human", "random"), {"time_limit": True}, 2, [0, 2]),
    ("kings_corners", ("human", "human", "human", "human"), {"match_length": "hands", "hands": 1}, 8, [0, 1, 2, 3]),
]


@pytest.mark.parametrize("game,seats,options,seed,phones", GAMES, ids=[f"{g[0]}-{len(g[4])}" for g in GAMES])
def test_a_whole_game_from_phones_next_to_computers(make_app, game, seats, options, seed, phones):
    seats = ["phone" if seat in phones else kind for seat, kind in enumerate(seats)]
    app, scene = new_game(make_app, game, seats, options, seed)
    assert scene.phones is not None and scene.phones.seats == tuple(phones)
    assert scene.record.notes["phones"] == ",".join(map(str, phones))
    assert scene.face_up_seat() is None, "a phone's hand never shows on the TV"
    states = keep_states(scene)
    scene.phones.server.rate = scene.phones.server.burst = 10_000   # robots tap faster than people
    clients = Phones(scene.phones.urls(), seed)
    try:
        assert run_until(app, lambda: all(phones_of := [clients.states(seat) for seat in phones]) and phones_of, 600)
        play_to_the_end(app, scene)
        app.tick(1 / 60)
        time.sleep(0.3)
        app.tick(1 / 60)
        checked = check_every_message(game, clients, states)
        assert checked > 20
        assert scene.phones.played > 5 and scene.phones.refused["illegal"] == 0
        for seat in phones:
            last = clients.states(seat)[-1]
            assert last["over"] and not last["turn"]
        replay = scene.record.replay()
        assert replay.to_dict() == scene.state.to_dict(), "the record replays to the same end"
        assert scene.face_up_seat() is None
    finally:
        clients.close()
    url = scene.phones.urls()[phones[0]]
    app.to_title()                 # closing the game ends the server
    with pytest.raises((urllib.error.URLError, ConnectionError, OSError)):
        urllib.request.urlopen(url, timeout=2)
