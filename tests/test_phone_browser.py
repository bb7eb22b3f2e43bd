"""A phone seat's page in a real browser: headless Chromium (the distribution's package) opens
the address the game gives seat 0, a card is played by a click on it, and the page is
photographed at a phone's size (390x844) in English and in Dutch. Skipped where Chromium is
not installed. The pictures go to SPELAVOND_SHOTS (a folder) when it is set."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from test_phones import new_game, wait_for
from tests.browser import BROWSER, Browser

pytestmark = pytest.mark.skipif(
    BROWSER is None, reason="Chromium is not installed (.ci/run installs the system's package where it runs as root)")


def test_a_card_is_played_by_a_click_in_a_real_browser(make_app, tmp_path):
    shots = Path(os.environ.get("SPELAVOND_SHOTS") or tmp_path)
    app, scene = new_game(make_app, "kingen", ["phone", "random", "random", "random"], {}, 5)
    assert wait_for(app, lambda: scene.state.to_move() == 0 and not scene.motion.busy(), 60)
    browser = Browser(tmp_path / "profile", scene.phones.urls()[0])
    try:
        lit = "document.querySelectorAll('#hand button.lit').length"
        shown = wait_for(app, lambda: (browser.evaluate(lit) or 0) > 0, 30)
        probe = "String(typeof socket !== 'undefined' && socket && socket.readyState) + ' ' + document.body.innerText"
        assert shown, f"the page shows the hand, lit: {browser.evaluate(probe)}"
        assert browser.evaluate("document.getElementById('status').className") == "turn"
        assert wait_for(app, lambda: not scene.phones.show_codes)     # the TV's codes go once the phone joined
        browser.screenshot(shots / "phone-kingen-en.png")
        box = browser.evaluate("(() => { const b = document.querySelector('#hand button.lit');"
                               " const r = b.getBoundingClientRect(); b.scrollIntoView();"
                               " const s = b.getBoundingClientRect();"
                               " return [s.x + s.width / 2, s.y + s.height / 2, b.dataset.key]; })()")
        version, moves = scene.version, len(scene.record.moves)
        browser.click(box[0], box[1])
        assert wait_for(app, lambda: scene.version > version, 20), "the click played the card"
        assert scene.record.moves[moves] == scene.info.rules().parse_move(box[2]).code
        assert scene.log.entries[-1][0] == 0 or any(entry[0] == 0 for entry in scene.log.entries[-4:])
        # Dutch, then Flemish, then English again: the player's choice on the phone, the button
        # naming the language it changes to
        button = "document.getElementById('lang').textContent"
        assert browser.evaluate(button) == "Nederlands"
        browser.evaluate("document.getElementById('lang').click()")
        assert wait_for(app, lambda: browser.evaluate("document.documentElement.lang") == "nl", 20)
        assert wait_for(app, lambda: scene.state.to_move() == 0 and (browser.evaluate(lit) or 0) > 0, 60)
        assert browser.evaluate(button) == "Nederlands (België)"
        browser.screenshot(shots / "phone-kingen-nl.png")
        browser.evaluate("document.getElementById('lang').click()")
        assert wait_for(app, lambda: browser.evaluate("document.documentElement.lang") == "nl-BE", 20)
        assert browser.evaluate(button) == "English"
        browser.screenshot(shots / "phone-kingen-nl-BE.png")
        browser.evaluate("document.getElementById('lang').click()")
        assert wait_for(app, lambda: browser.evaluate("document.documentElement.lang") == "en", 20)
        assert (shots / "phone-kingen-en.png").stat().st_size > 10_000
    finally:
        browser.close()


def test_a_keezen_move_is_made_card_then_pawn_then_target(make_app, tmp_path):
    """Keezen on the phone: a card, then each choice after it (a pawn, where it goes; a 7
    part by part) by clicks, until the move is played; the page with its choices shown is
    photographed."""
    shots = Path(os.environ.get("SPELAVOND_SHOTS") or tmp_path)
    app, scene = new_game(make_app, "keezen", ["phone", "random", "random", "random"], {}, 11)
    browser = Browser(tmp_path / "profile", scene.phones.urls()[0])
    try:
        lit = "document.querySelectorAll('#hand button.lit').length"
        pick = ("(() => { const b = document.querySelector('#options button') ||"
                " document.querySelector('#hand button.lit') || document.querySelector('#buttons button.lit');"
                " if (!b) return null; b.scrollIntoView({block: 'center'}); const r = b.getBoundingClientRect();"
                " return [r.x + r.width / 2, r.y + r.height / 2, b.textContent]; })()")
        buttons = "document.querySelectorAll('#buttons button.lit').length"
        staged = False
        for _ in range(12):      # turns until one asks for a choice after the card
            assert wait_for(app, lambda: scene.state.to_move() == 0 and not scene.motion.busy()
                            and (browser.evaluate(lit) or browser.evaluate(buttons)), 60)
            version = scene.version
            for _step in range(8):
                if scene.version > version:
                    break
                box = browser.evaluate(pick)
                assert box is not None, "something to click"
                browser.click(box[0], box[1])
                for _ in range(20):
                    app.tick(1 / 60)
                if browser.evaluate("!document.getElementById('choices').hidden") and not staged:
                    staged = True
                    browser.screenshot(shots / "phone-keezen-choices-en.png")
            assert wait_for(app, lambda version=version: scene.version > version, 10), "the clicks played a move"
            assert scene.log.entries[-1][0] == 0 or any(entry[0] == 0 for entry in scene.log.entries[-3:])
            if staged:
                break
        assert staged, "a move with choices after its card came up"
    finally:
        browser.close()


def rect(browser, selector: str):
    """The element's box on the page (x, y, width, height), or None where it is not shown."""
    return browser.evaluate(f"(() => {{ const e = document.querySelector({selector!r}); if (!e || e.hidden ||"
                            " !e.getClientRects().length) return null; const r = e.getBoundingClientRect();"
                            " return [r.x + scrollX, r.y + scrollY, r.width, r.height]; })()")


def overlaps(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_on_a_small_phone_the_name_the_trick_the_hint_and_a_lost_connection(make_app, tmp_path):
    """At 360x640: the page asks the player's name once and the TV's plate and log use it; the
    trick is above the hand, on screen without scrolling; a hint's message lies over no card;
    with the connection lost nothing is lit, the hand is dimmed, and a tap is answered with a
    word instead of being lost."""
    shots = Path(os.environ.get("SPELAVOND_SHOTS") or tmp_path)
    app, scene = new_game(make_app, "kingen", ["phone", "random", "random", "random"], {}, 5)
    assert wait_for(app, lambda: scene.state.to_move() == 0 and not scene.motion.busy(), 60)
    browser = Browser(tmp_path / "profile", scene.phones.urls()[0], size=(360, 640))
    try:
        assert wait_for(app, lambda: browser.evaluate("!document.getElementById('naming').hidden"), 30)
        browser.screenshot(shots / "phone-small-name-en.png")
        browser.evaluate("document.getElementById('name-input').value = '  Marieke\\t  Wit  ';"
                         "document.getElementById('name-ok').click()")
        assert wait_for(app, lambda: scene.seat_name(0) == "Marieke Wit", 20)
        assert browser.evaluate("localStorage.getItem('spelavond-name')") == "Marieke Wit"
        assert wait_for(app, lambda: browser.evaluate("document.getElementById('name').textContent")
                        .startswith("Marieke Wit"), 20)
        trick, hand = rect(browser, "#table"), rect(browser, "#hand")
        assert trick[1] + trick[3] <= hand[1] and trick[1] + trick[3] <= 640, "the trick above the hand, on screen"
        lit = "document.querySelectorAll('#hand button.lit').length"
        assert wait_for(app, lambda: (browser.evaluate(lit) or 0) > 0, 30)
        browser.evaluate("[...document.querySelectorAll('#buttons button')].pop().click()")     # Hint
        assert wait_for(app, lambda: rect(browser, "#toast") is not None, 60), "the hint is said"
        toast = rect(browser, "#toast")
        cards = browser.evaluate("[...document.querySelectorAll('#hand button')].map(b => {"
                                 " const r = b.getBoundingClientRect(); return [r.x + scrollX, r.y + scrollY,"
                                 " r.width, r.height]; })")
        assert cards and not any(overlaps(toast, card) for card in cards), "the hint lies over no card"
        browser.screenshot(shots / "phone-small-hint-en.png")
        # the connection goes: the page says so, lights nothing, and a tap gets a word
        scene.phones.server.stop()
        assert wait_for(app, lambda: browser.evaluate("document.body.classList.contains('offline')"), 20)
        assert browser.evaluate(lit) == 0
        assert browser.evaluate("document.querySelectorAll('#buttons button').length") == 0
        browser.evaluate("document.querySelector('#hand button').click()")
        words = scene.phones.message(0)["words"]
        assert wait_for(app, lambda: browser.evaluate("document.getElementById('toast').textContent")
                        == words["offline"], 10)
        browser.screenshot(shots / "phone-small-offline-en.png")
    finally:
        browser.close()
