"""Every page a phone seat shows, photographed in headless Chromium (the distribution's
package) at two phone sizes and in each language, into a folder with an index page:

    python tools/phone_pages.py [--out phone-pages] [--games kingen,keezen] [--languages en,nl]

For each phone game (game/phones/views.py) a real game runs headless with seat 0 on a phone
and computers in the others; the page is photographed asking the player's name, at the
seat's turn with its cards lit, with a card's choices open (where a move has choices after
its card), with a hint said, while another seat plays, and with the connection lost. Each
picture is named game-state-language-WxH.png. Chromium must be installed (`apt-get install
chromium`); nothing is shown on screen.
"""
from __future__ import annotations

import argparse
import html
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SPELAVOND_PHONE_HOST", "127.0.0.1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SIZES = ((360, 640), (390, 844))
STATES = ("name", "turn", "choices", "hint", "waiting", "offline")
LIT = "document.querySelectorAll('#hand button.lit, #buttons button.lit').length"


def open_game(game: str, language: str, seed: int):
    from game import registry
    from game.app import App, LaunchOptions, open_scene
    from game.play import start_game
    from game.ui.i18n import set_language
    app = App(LaunchOptions(headless=True, size=(960, 540), no_worker=False,
                            data_dir=tempfile.mkdtemp(prefix="spelavond-phone-pages-")))
    app.store.settings["computer_pace"] = "fast"
    app.store.settings["animation_speed"] = "instant"
    app.store.settings["language"] = language
    set_language(language)
    open_scene(app, "title", None)
    players = max(registry.game(game).seats)
    start_game(app, game, {"players": players, "seats": ["phone"] + ["random"] * (players - 1), "options": {}}, seed)
    return app, app.top


def photograph(browser, out: Path, name: str) -> list[str]:
    """The page at every size; the file names written."""
    written = []
    for width, height in SIZES:
        browser.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=2,
                     mobile=True)
        time.sleep(0.2)
        path = out / f"{name}-{width}x{height}.png"
        browser.screenshot(path)
        written.append(path.name)
    return written


def pages_of(game: str, language: str, out: Path, seed: int = 5) -> dict:
    """{state: [file names]} of one game's phone page in one language."""
    from tests.browser import Browser
    from tests.robot_phones import wait_for as wait
    app, scene = open_game(game, language, seed)
    shots: dict = {}
    browser = Browser(Path(tempfile.mkdtemp(prefix="spelavond-chromium-")), scene.phones.urls()[0], SIZES[-1])
    try:
        def shoot(state):
            shots[state] = photograph(browser, out, f"{game}-{state}-{language}")

        def mine() -> bool:
            return scene.state.to_move() == 0 and not scene.motion.busy() and (browser.evaluate(LIT) or 0) > 0
        if wait(app, lambda: browser.evaluate("!document.getElementById('naming').hidden")):
            shoot("name")
            browser.evaluate("document.getElementById('name-input').value = 'Marieke';"
                             "document.getElementById('name-ok').click()")
        if wait(app, lambda: scene.state.to_move() != 0 and not scene.state.is_over(), 60):
            shoot("waiting")
        if wait(app, mine, 60):
            shoot("turn")
            browser.evaluate("[...document.querySelectorAll('#buttons button')].pop().click()")     # Hint
            if wait(app, lambda: browser.evaluate("!document.getElementById('toast').hidden"), 30):
                shoot("hint")
        for _ in range(8):      # a turn whose move has choices after its card
            if not wait(app, mine, 60):
                break
            version = scene.version
            browser.evaluate("document.querySelector('#hand button.lit, #buttons button.lit').click()")
            wait(app, lambda: False, 0.3)
            if browser.evaluate("!document.getElementById('choices').hidden"):
                shoot("choices")
                browser.evaluate("document.querySelector('#options button').click()")
                break
            wait(app, lambda before=version: scene.version > before, 10)
        scene.phones.server.stop()
        if wait(app, lambda: browser.evaluate("document.body.classList.contains('offline')"), 20):
            shoot("offline")
    finally:
        browser.close()
        app.close()
    return shots


def index_page(out: Path, found: dict) -> Path:
    """An HTML contact sheet: a section a game, a row a state, a picture a language and size."""
    parts = ["<!doctype html><meta charset='utf-8'><title>Spelavond phone pages</title>",
             "<style>body{font:14px sans-serif;background:#182028;color:#eee}img{height:320px;margin:4px}"
             "figure{display:inline-block;margin:6px}</style>"]
    for game, by_language in found.items():
        parts.append(f"<h2>{html.escape(game)}</h2>")
        for state in STATES:
            pictures = [(language, name) for language, shots in by_language.items() for name in shots.get(state, [])]
            if not pictures:
                continue
            parts.append(f"<h3>{state}</h3>")
            parts += [f"<figure><img src='{html.escape(name)}'><figcaption>{html.escape(name)}</figcaption></figure>"
                      for language, name in pictures]
    path = out / "index.html"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


def main(argv=None) -> int:
    from game.phones.views import GAMES
    from game.ui.i18n import LANGUAGES
    from tests.browser import BROWSER
    parser = argparse.ArgumentParser(prog="python tools/phone_pages.py", description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="phone-pages")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--languages", default=",".join(LANGUAGES))
    args = parser.parse_args(argv)
    if BROWSER is None:
        print("Chromium is not installed: apt-get install chromium", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    found = {}
    for game in args.games.split(","):
        found[game] = {language: pages_of(game, language, out) for language in args.languages.split(",")}
    count = sum(len(names) for by_language in found.values() for shots in by_language.values()
                for names in shots.values())
    print(f"{index_page(out, found)}: {count} pictures")
    missing = [(game, language, state) for game, by_language in found.items() for language, shots in by_language.items()
               for state in STATES if not shots.get(state)]
    for game, language, state in missing:     # (a page that never came is a failure, not fewer pictures)
        why = "no move with choices after its card in 8 turns" if state == "choices" else "the page never came"
        print(f"{game} {language}: no '{state}' picture: {why}", file=sys.stderr)
    return 1 if any(state != "choices" for _, _, state in missing) else 0


if __name__ == "__main__":
    raise SystemExit(main())
