"""Phone seats: whole games of Kingen, Keezen and Kings Corners with two to four seats played
from phones (aiohttp WebSocket clients against the game's real server on the loopback
address) next to computer seats, every message to every seat checked against the full state
for cards hidden from that seat; a phone that goes away mid-trick and comes back; hostile
messages refused with the game unharmed; the server gone with the game."""
from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request

import pygame
import pytest

from game import registry
from game.cards import SUIT_SYMBOL
from game.phones import views as phone_views
from game.play import start_game
from tests.robot_phones import Phones, wait_for

aiohttp = pytest.importorskip("aiohttp")
os.environ["SPELAVOND_PHONE_HOST"] = "127.0.0.1"


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
    """Every card the full state holds where `seat` cannot see it: in a zone of the state
    (`zones()`, the contract every game keeps) but not in that zone of the seat's view."""
    seen = state.view(seat).zones()
    return [card for name, cards in state.zones().items() for card in cards
            if card is not None and card not in seen.get(name, ())]


def own_hand(game, state, seat) -> list:
    """The seat's hand: its zone `hand:SEAT` (what every card game's `zones()` names it)."""
    zones = state.zones()
    assert f"hand:{seat}" in zones, f"{game}'s zones() has no 'hand:{seat}' for a phone to show"
    return list(zones[f"hand:{seat}"])


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


GAMES = [   # the phone games (game/phones/views.py), with options that keep a whole game short
    ("kings_corners", ("human", "random", "human"), {"match_length": "hands", "hands": 1}, 5, [0, 2]),
    ("kingen", ("human", "human", "random", "human"), {}, 3, [0, 1, 3]),
    ("keezen", ("human", "random", "human", "random"), {"time_limit": True}, 2, [0, 2]),
    ("kings_corners", ("human", "human", "human", "human"), {"match_length": "hands", "hands": 1}, 8, [0, 1, 2, 3]),
    ("keezen", ("human", "human", "human", "human"), {"exchange": True, "time_limit": True}, 4, [0, 1, 2, 3]),
]

def largest_table(game: str) -> int:
    return max(registry.game(game).seats)


# a phone game added since: its largest table, humans on phones at the even seats, its default options
GAMES += [(game, tuple("random" if seat % 2 else "human" for seat in range(largest_table(game))), {}, 1,
           list(range(0, largest_table(game), 2))) for game in phone_views.GAMES if game not in {g[0] for g in GAMES}]


@pytest.mark.parametrize("game,seats,options,seed,phones", GAMES,
                         ids=[f"{g[0]}-{len(g[4])}" + ("-exchange" if g[2].get("exchange") else "") for g in GAMES])
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
        # (the phones' thread needs real time to read: frames alone went by too fast on a loaded machine)
        assert wait_for(app, lambda: all(phones_of := [clients.states(seat) for seat in phones]) and phones_of, 30)
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


def kingen_with_phones(make_app, seed=4, fast=False):
    app, scene = new_game(make_app, "kingen", ["phone", "random", "phone", "random"], {}, seed)
    if fast:      # robots tap faster than people (each connection's bound is set when it opens)
        scene.phones.server.rate = scene.phones.server.burst = 10_000
    clients = Phones(scene.phones.urls(), seed, auto=False)
    assert wait_for(app, lambda: clients.states(0) and clients.states(2))
    return app, scene, clients


def test_hostile_messages_are_refused_and_change_nothing(make_app):
    app, scene, clients = kingen_with_phones(make_app)
    server = scene.phones.server
    tried = 0
    try:
        assert wait_for(app, lambda: scene.state.to_move() in (0, 2) and not scene.motion.busy())
        mover = scene.state.to_move()
        other = 2 - mover
        assert wait_for(app, lambda: clients.states(mover)[-1]["version"] == scene.version)
        before, version, moves = scene.state.to_dict(), scene.version, len(scene.record.moves)
        message = clients.states(mover)[-1]
        legal = message["moves"][0]["code"]
        hand = {card["key"] for card in message["hand"]}
        stranger = next(code for code in ("AS", "KH", "2C", "7D", "QS", "3H") if code not in hand)
        hostile = [
            (other, "{not json"), (other, "[1, 2, 3]"), (other, json.dumps({"type": "steal"})),
            (other, json.dumps({"type": "move", "code": legal, "version": version})),          # another seat's move
            (mover, json.dumps({"type": "move", "code": "zz top", "version": version})),       # no move of the game
            (mover, json.dumps({"type": "move", "code": ["AS"], "version": version})),         # not a code
            (mover, json.dumps({"type": "move", "code": legal, "version": version + 1})),      # not this position
            (mover, json.dumps({"type": "move", "code": stranger, "version": version})),       # not in the hand
            (mover, json.dumps({"type": "lang", "lang": "xx"})),
            (mover, json.dumps({"type": "lang", "lang": {}})), (other, json.dumps({"type": "lang", "lang": ["nl"]})),
            (other, json.dumps({"type": "next"})),                                              # no break now
        ]
        for seat, text in hostile:
            clients.send(seat, text)
            tried += 1
        assert wait_for(app, lambda: sum(m["type"] == "refused" for s in (0, 2) for m in clients.received[s]) >= len(hostile))
        assert scene.state.to_dict() == before and scene.version == version and len(scene.record.moves) == moves
        refusals = [m["why"] for s in (0, 2) for m in clients.received[s] if m["type"] == "refused"]
        for why in ("garbage", "not_your_turn", "bad_move", "stale", "illegal", "not_now"):
            assert why in refusals, why
        # said in words: the game's own, or (refused at the door) the page's words for the reason
        assert all(m.get("text") or message["words"].get("refused_" + m["why"])
                   for s in (0, 2) for m in clients.received[s] if m["type"] == "refused")
        # the right move still plays; sent again it is a replay of an earlier position
        clients.send(mover, {"type": "move", "code": legal, "version": version})
        assert wait_for(app, lambda: scene.version > version)
        assert scene.record.moves[moves] == legal
        refused = len([m for m in clients.received[mover] if m["type"] == "refused"])
        clients.send(mover, {"type": "move", "code": legal, "version": version})
        tried += 1
        assert wait_for(app, lambda: len([m for m in clients.received[mover] if m["type"] == "refused"]) > refused)
        assert [m for m in clients.received[mover] if m["type"] == "refused"][-1]["why"] in ("stale", "not_your_turn")
        # a flood: refused past the rate, then the connection is closed
        after = scene.state.to_dict()
        for _ in range(400):
            try:
                clients.send(other, {"type": "hint"})
            except aiohttp.ClientConnectionResetError:
                break                      # cut off
            tried += 1
        assert wait_for(app, lambda: server.refused["flood"] >= 200)
        assert wait_for(app, lambda: server.connected(other) == 0), "a phone that floods is cut off"
        # a frame over the size limit closes its connection
        clients.send(mover, "x" * 10_000)
        tried += 1
        assert wait_for(app, lambda: server.connected(mover) == 0)
        assert server.refused["size"] >= 1
        # a wrong token gets nothing, not even a page
        base, token = scene.phones.urls()[0].rstrip("/").rsplit("/", 1)
        for url in (base + "/" + "A" * len(token), base + "/", base + "/" + token[:-1], base + "/" + token + "x/app.js"):
            with pytest.raises(urllib.error.HTTPError) as refused_page:
                urllib.request.urlopen(url, timeout=3)
            assert refused_page.value.code == 404 and refused_page.value.read() == b""
            tried += 1
        with pytest.raises(aiohttp.WSServerHandshakeError):
            clients.join(0, base + "/" + "B" * len(token))
        tried += 1
        with pytest.raises(aiohttp.WSServerHandshakeError):     # the right token, from another site's page
            clients.call(clients.session.ws_connect(base + "/" + token + "/ws", origin="http://evil.example"))
        tried += 1
        assert server.refused["origin"] == 1
        # more pages on one seat than a phone needs: the extra ones are refused
        extra = []
        for _ in range(6):
            try:
                extra.append(clients.call(clients.session.ws_connect(base + "/" + token + "/ws")))
            except aiohttp.WSServerHandshakeError:
                tried += 1
        assert len(extra) == 4 and server.refused["pages"] == 2
        for ws in extra:
            clients.call(ws.close())
        assert server.refused["token"] >= 5
        assert scene.state.to_dict() == after or scene.version > version
        # the game goes on unharmed: the phones come back and play it to its end
        scene.phones.server.rate = scene.phones.server.burst = 10_000
        clients.join(0)
        clients.join(2)
        clients.go()
        played = len(scene.record.moves)
        assert wait_for(app, lambda: len(scene.record.moves) >= played + 30, 60)
        assert scene.record.replay().to_dict() == scene.state.to_dict()
    finally:
        clients.close()
    print(f"hostile messages tried: {tried}; refused at the door: {dict(server.refused)}; "
          f"by the game: {dict(scene.phones.refused)}")


def test_a_phone_that_goes_away_mid_trick_comes_back_to_the_same_table(make_app):
    app, scene, clients = kingen_with_phones(make_app, seed=6, fast=True)
    try:
        # play on until seat 0 is to play into a trick that has begun
        clients.hold = lambda seat, message: seat == 0 and message["turn"] and len(message["table"][0]["cards"]) >= 1
        clients.go()
        assert wait_for(app, lambda: scene.state.to_move() == 0 and len(scene.state.trick) >= 1
                        and scene.state.phase == "play", 60)
        clients.auto = False
        clients.hold = lambda seat, message: False
        clients.leave(0)
        assert wait_for(app, lambda: scene.phones.away(0))
        version = scene.version
        for _ in range(60):
            app.tick(1 / 60)
        assert scene.version == version, "the table waits for the phone"
        surface = __import__("pygame").Surface(app.size)
        scene.phones.show_codes = False
        scene.draw(surface, 0.0)          # the away line is drawn (and drawing changes nothing)
        assert scene.version == version
        assert any(scene.seat_name(0) in m["away"] for m in clients.states(2)), "the other phone is told"
        # back: it sees the trick as it stands, with its own turn
        count = len(clients.states(0))
        clients.join(0)
        assert wait_for(app, lambda: len(clients.states(0)) > count)
        back = clients.states(0)[-1]
        assert clients.states(0)[count]["away"] == [], "the first message back does not call the phone away"
        assert back["turn"] and back["version"] == scene.version
        assert len(back["table"][0]["cards"]) == len(scene.state.trick)
        check_no_leak("kingen", back, scene.state, 0)
        clients.send(0, {"type": "move", "code": back["moves"][0]["code"], "version": back["version"]})
        assert wait_for(app, lambda: scene.version > version)
        # away again, and the TV's player lets the computer play it meanwhile
        clients.leave(0)
        assert wait_for(app, lambda: scene.phones.away(0))
        scene.phones.stand_in = True
        seen = {id(entry) for entry in scene.log.entries}
        clients.go()
        assert wait_for(app, lambda: any(entry[0] == 0 and id(entry) not in seen for entry in scene.log.entries), 60), \
            "a computer plays the seat while its phone is away"
        assert scene.seats[0] != "human" and scene.record.notes.get("helper_played") is True
        clients.join(0)
        assert wait_for(app, lambda: scene.seats[0] == "human")
    finally:
        clients.close()


def test_a_hint_on_the_phone_names_a_legal_move_in_its_language(make_app):
    app, scene, clients = kingen_with_phones(make_app, seed=9)
    try:
        assert wait_for(app, lambda: scene.state.to_move() in (0, 2) and not scene.motion.busy(), 60)
        seat = scene.state.to_move()
        clients.send(seat, {"type": "lang", "lang": "nl"})
        assert wait_for(app, lambda: clients.states(seat)[-1]["lang"] == "nl")
        assert clients.states(seat)[-1]["words"]["hint"] == "Tip"
        assert clients.states(2 - seat)[-1]["lang"] == "en", "one phone's language is its own"
        version = scene.version
        clients.send(seat, {"type": "hint"})
        assert wait_for(app, lambda: any(m["type"] == "hint" for m in clients.received[seat]), 60)
        hint = [m for m in clients.received[seat] if m["type"] == "hint"][-1]
        assert hint["code"] in [move["code"] for move in clients.states(seat)[-1]["moves"]]
        assert hint["text"].startswith("Tip: ")
        assert scene.version == version and scene.state.to_move() == seat, "a hint plays nothing"
        assert scene.app.notices == [] or all("Tip" not in text and "Hint" not in text for text, _ in scene.app.notices), \
            "the TV does not show a phone's hint"
    finally:
        clients.close()


def test_the_setup_seats_a_phone_and_a_new_game_makes_new_tokens(make_app):
    from game import registry
    from game.app import open_scene
    from game.menu.setup import SetupScene, seat_kinds
    app = make_app(size=(960, 540))
    open_scene(app, "title", None)
    assert "phone" in seat_kinds(registry.game("kingen")) and "phone" not in seat_kinds(registry.game("quarto"))
    setup = SetupScene(app, "kings_corners")
    app.push(setup)
    app.tick(1 / 60)
    setup._set_seat(1, "phone")
    setup.start()
    scene = app.top
    assert scene.phones.seats == (1,) and scene.record.seats[1] == "human" and scene.record.notes["phones"] == "1"
    assert app.store.last_setup("kings_corners")["seats"][1] == "phone"       # remembered for next time
    first = scene.phones.urls()[1]
    assert urllib.request.urlopen(first, timeout=3).status == 200
    scene.press("new")                       # the same setup again: its phone seat stays a phone seat
    again = app.top
    assert again is not scene and again.phones.seats == (1,)
    assert again.phones.urls()[1] != first, "a new game makes new tokens"
    with pytest.raises((urllib.error.URLError, ConnectionError, OSError)):
        urllib.request.urlopen(first, timeout=2)             # the old game's server is gone
    assert urllib.request.urlopen(again.phones.urls()[1], timeout=3).status == 200


def test_a_server_that_cannot_listen_is_said_and_the_game_goes_on(make_app, monkeypatch):
    monkeypatch.setenv("SPELAVOND_PHONE_HOST", "203.0.113.7")     # an address this computer does not have
    app, scene = new_game(make_app, "kingen", ["phone", "random", "random", "random"], {}, 2)
    assert scene.phones is None and scene.face_up_seat() == 0, "the seat is played on this screen"
    assert any("could not start" in text for text, _ in app.notices)
    assert wait_for(app, lambda: scene.can_play(), 30)


@pytest.mark.parametrize("config", ["960x540", "1920x1080", "couch"])
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_codes_and_the_away_line_fit_on_the_tv(make_app, language, config):
    """The TV's phone panels by the text-fit test's rule: no string outside its box, cut or
    over another (the panels are layers of their own over the table)."""
    from game.ui import text as kit_text
    from game.ui.i18n import set_language
    from test_text_fit import CONFIGS, problems_in
    size, couch = CONFIGS[config]
    found = []
    largest = [(game, ["human"] * largest_table(game), list(range(largest_table(game))), True)
               for game in phone_views.GAMES]       # every phone seat's code at once, on every phone game
    for game, seats, phones, codes in largest + [("kingen", ["human", "random", "random", "random"], [0], True),
                                                 ("kingen", ["human", "random", "random", "random"], [0], False)]:
        app = make_app(size=size, couch=couch)
        app.store.settings["language"] = language
        set_language(language)
        from game.app import open_scene
        open_scene(app, "title", None)
        start_game(app, game, {"players": len(seats), "seats": ["phone" if seat in phones else kind
                                                                 for seat, kind in enumerate(seats)],
                               "options": {}}, 3)
        scene = app.top
        scene.phones.show_codes = codes
        scene.phones.stand_in = not codes
        with kit_text.recording() as records:
            app.tick(1 / 60)
        panel_texts = [record for record in records if record[0].get_size() != size]
        assert panel_texts, "the panel's words were drawn"
        found += [f"{game} {'codes' if codes else 'away'}: {problem}"
                  for problem in problems_in(records, pygame.Rect((0, 0), size))]
        app.to_title()
    assert not found, "\n".join(found)


def test_a_saved_phone_game_continues_with_its_phone_seats_and_new_tokens(make_app):
    from game.play import continue_game
    app, scene = new_game(make_app, "kingen", ["phone", "random", "random", "random"], {}, 7)
    scene.phones.server.rate = scene.phones.server.burst = 10_000
    clients = Phones(scene.phones.urls(), 7)
    try:
        assert wait_for(app, lambda: scene.phones.played >= 2, 60)
    finally:
        clients.close()
    moves, old = list(scene.record.moves), scene.phones.urls()[0]
    continue_game(app)
    resumed = app.top
    assert resumed is not scene and resumed.phones.seats == (0,) and resumed.record.moves[:len(moves)] == moves
    assert resumed.phones.urls()[0] != old and resumed.face_up_seat() is None
    with pytest.raises((urllib.error.URLError, ConnectionError, OSError)):
        urllib.request.urlopen(old, timeout=2)
    again = Phones(resumed.phones.urls(), 8)
    try:
        assert wait_for(app, lambda: again.states(0) and again.states(0)[-1]["version"] == resumed.version)
        check_no_leak("kingen", again.states(0)[-1], resumed.state, 0)
    finally:
        again.close()


def test_the_review_of_a_phone_game_starts_no_server(make_app):
    app, scene = new_game(make_app, "kings_corners", ["phone", "random"], {"match_length": "hands", "hands": 1}, 5)
    scene.phones.server.rate = scene.phones.server.burst = 10_000      # (each connection's bound is set when it opens)
    clients = Phones(scene.phones.urls(), 5)
    try:
        play_to_the_end(app, scene)
    finally:
        clients.close()
    record = scene.record.to_dict()
    assert record["notes"]["phones"] == "0"
    app.review(record)
    review = app.top
    table = review.ensure_table()
    assert table.phones is None
    review.show(3)
    app.tick(1 / 60)


@pytest.mark.parametrize("config", ["960x540", "1920x1080", "couch"])
@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_phone_seat_plate_shows_a_phone_and_whether_it_is_away(make_app, language, config, monkeypatch):
    """On the TV a phone seat's plate shows a phone drawn beside the name (gold, red while the
    phone is away) and "on a phone" / "phone away" where a computer's level goes; the words
    fit by the text-fit test's rule, and they follow the phone without repainting by hand."""
    from game.ui import text as kit_text
    from game.ui import theme
    from game.ui.i18n import set_language, t
    from game.ui.table import seats as kit_seats
    from test_text_fit import CONFIGS, problems_in
    size, couch = CONFIGS[config]
    glyphs = []
    real_glyph = kit_seats.phone_glyph
    monkeypatch.setattr(kit_seats, "phone_glyph", lambda surface, rect, colour, u: (
        glyphs.append((surface, pygame.Rect(rect), colour)), real_glyph(surface, rect, colour, u))[1])
    found = []
    for game in phone_views.GAMES:
        seats = ["human"] + ["random"] * (largest_table(game) - 1)
        app = make_app(size=size, couch=couch)
        app.store.settings["language"] = language
        set_language(language)
        from game.app import open_scene
        open_scene(app, "title", None)
        start_game(app, game, {"players": len(seats), "seats": ["phone", *seats[1:]], "options": {}}, 3)
        scene = app.top
        scene.phones.show_codes = False
        plate = scene.layout().plates[0]
        connected = {0: 0}
        monkeypatch.setattr(scene.phones.server, "connected", lambda seat, connected=connected: connected.get(seat, 0))
        for away, words, colour in ((True, t("phones.plate.away"), theme.BAD),
                                    (False, t("phones.plate.on_phone"), theme.ACCENT)):
            connected[0] = 0 if away else 1
            glyphs.clear()
            with kit_text.recording() as records:
                app.tick(1 / 60)
            drawn = [(text, rect) for _, text, rect, *_ in records if plate.contains(rect)]
            texts = [text for text, _ in drawn]
            assert any(words in text for text in texts), (game, away, texts)
            assert not any(t("phones.plate.on_phone" if away else "phones.plate.away") in text for text in texts)
            assert scene.seat_name(0) in texts
            lines = [r[1] for r in records]
            assert (t("phones.tv.away_waiting_you") in lines) == away, "the only human is told 'your phone'"
            assert not any(t("phones.plate.on_phone") in text for text, rect in
                           [(r[1], r[2]) for r in records] if not plate.contains(rect)), "on the phone seat's plate only"
            mine = [(surface, rect, c) for surface, rect, c in glyphs if plate.contains(rect)]
            assert len(mine) == 1 and mine[0][2] == colour, (game, away, glyphs)
            layer, glyph, _ = mine[0]
            name = next(rect for text, rect in drawn if text == scene.seat_name(0))
            assert glyph.left >= name.right and all(not glyph.colliderect(rect) for _, rect in drawn), \
                "the phone beside the name, over no words"
            assert any(layer.get_at(point)[:3] == colour for point in
                       [(x, y) for x in range(glyph.left, glyph.right) for y in range(glyph.top, glyph.bottom)]), \
                "the phone is drawn"
            found += [f"{game} {language} {config} away={away}: {problem}"
                      for problem in problems_in(records, pygame.Rect((0, 0), size))]
        # as long a name as a phone may give: whole on its plate, beside the phone (the words
        # "on a phone" give way to it where the plate has no room; the phone stays, red while away)
        scene.phones.names[0] = "Wilhelmina M"
        glyphs.clear()
        with kit_text.recording() as records:
            app.tick(1 / 60)
        assert "Wilhelmina M" in [text for _, text, rect, *_ in records if plate.contains(rect)]
        assert [colour for _, rect, colour in glyphs if plate.contains(rect)] == [theme.ACCENT]
        found += [f"{game} {language} {config} a long name: {problem}"
                  for problem in problems_in(records, pygame.Rect((0, 0), size))]
        app.to_title()
    assert not found, "\n".join(found)


def test_a_name_typed_on_the_phone_is_the_seat_s_name_on_the_tv_and_in_the_log(make_app):
    app, scene, clients = kingen_with_phones(make_app, seed=3, fast=True)
    try:
        before = scene.seat_name(0)
        assert before != "Anna"
        for wrong in ({"type": "name", "name": ["Anna"]}, {"type": "name", "name": "x" * 13},
                      {"type": "name", "name": "Anna", "seat": 2}):
            clients.send(0, wrong)
        assert wait_for(app, lambda: sum(m["type"] == "refused" for m in clients.received[0]) >= 3)
        assert scene.seat_name(0) == before
        clients.send(0, {"type": "name", "name": "Anna\u0007 \n Vos"})
        assert wait_for(app, lambda: scene.seat_name(0) == "Anna Vos")
        assert scene.seat_name(2) != "Anna Vos"
        assert wait_for(app, lambda: clients.states(2) and "Anna Vos" in " ".join(clients.states(2)[-1]["info"]))
        clients.go()
        assert wait_for(app, lambda: any("Anna Vos" in line for line in scene.log.lines), 60), "the log names her"
        clients.send(0, {"type": "name", "name": ""})         # cleared: the table's own name again
        assert wait_for(app, lambda: scene.seat_name(0) == before)
    finally:
        clients.close()


@pytest.mark.parametrize("nonsense", [42, "move", object(), "AS"])
def test_a_hint_the_computer_player_got_wrong_is_refused_and_the_game_goes_on(make_app, nonsense):
    """A computer-player process that answers a phone's hint with something that is no legal
    move (as a broken one might): the phone is told there is no hint, and nothing breaks."""
    from ai.worker import Answer
    app, scene, clients = kingen_with_phones(make_app, seed=9)

    class Wrong:
        uses_process, thinking = False, False

        def ask(self, *args, **kwargs):
            return 1

        def poll(self):
            return Answer(1, move=nonsense, reason="nonsense")

        def cancel(self):
            pass

        def close(self):
            pass
    try:
        assert wait_for(app, lambda: scene.state.to_move() in (0, 2) and not scene.motion.busy())
        mover = scene.state.to_move()
        app._worker = Wrong()
        clients.send(mover, {"type": "hint"})
        assert wait_for(app, lambda: any(m["type"] == "refused" and m["why"] == "no_hint"
                                         for m in clients.received[mover]))
        assert not any(m["type"] == "hint" for m in clients.received[mover])
    finally:
        clients.close()


def test_a_hint_on_the_phone_names_its_places_in_words(make_app):
    """A hint's reason that names a square (Keezen's '34') is said on the phone as on the TV,
    through the game's words for places: no square numbers or codes on the phone."""
    from ai import Reason
    from ai.worker import Answer
    from game.keezen import words as keezen_words
    from game.ui.i18n import explain
    app, scene = new_game(make_app, "keezen", ["phone", "random", "random", "random"], {}, 11)
    clients = Phones(scene.phones.urls(), 11, auto=False)
    reason = Reason("Hit the opponent's pawn on 34", "keezen.hint.hit", percent=60, square="34")

    class Worker:
        uses_process, thinking = False, False

        def ask(self, *args, **kwargs):
            return 1

        def poll(self):
            return Answer(1, move=scene.state.legal_moves()[0], reason=reason)

        def cancel(self):
            pass

        def close(self):
            pass
    try:
        assert wait_for(app, lambda: scene.state.to_move() == 0 and clients.states(0)
                        and clients.states(0)[-1]["turn"], 60)
        app._worker = Worker()
        clients.send(0, {"type": "hint"})
        assert wait_for(app, lambda: any(m["type"] == "hint" for m in clients.received[0]))
        said = next(m["text"] for m in clients.received[0] if m["type"] == "hint")
        assert explain(reason, keezen_words.reason_params) in said
        assert "34" not in said, said
    finally:
        clients.close()
