"""Text always fits: every screen and dialog, in both languages, at 960x540, at 1920x1080 and
in couch mode, draws no string outside its box or the window, and no string over another.

The UI kit tells a recorder (`game.ui.text.recording`) every string it draws, where, and the
box it must stay in; this test renders each screen while recording and checks the records.
New games join by themselves: the screens come from the registry's playable games. With
SPELAVOND_SHOTS set to a folder, each screen checked is also saved there as a picture
(`<language>-<config>-<screen>.png`), to look at.
"""
from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

from game import registry
from game.lesson import lesson_of
from game.ui import text as kit_text
from game.ui import theme
from game.ui.i18n import set_language

LANGUAGES = ("en", "nl")
CONFIGS = {"960x540": ((960, 540), False), "1920x1080": ((1920, 1080), False), "couch": ((1920, 1080), True)}
LONG_HINT = {      # as long as the longest reasons the computer players give (Kingen's)
    "en": "No kings and jacks: -12.4 points on average over 400 simulated deals with this hand, 3.1 against an "
          "average game",
    "nl": "Geen heren en boeren: gemiddeld -12,4 punten over 400 gesimuleerde spellen met deze hand, 3,1 "
          "tegenover een gemiddeld spel"}
SLACK = 1        # pixels of rounding allowed at a box's edge


def screen_names() -> list[str]:
    names = ["title", "settings", "stats", "damaged", "recent"]
    for info in registry.playable_games():
        game = info.name
        names += [f"setup:{game}", f"game:{game}", f"play:{game}", f"notice:{game}", f"pause:{game}",
                  f"rules:{game}", f"result:{game}", f"sheet:{game}", f"review:{game}"]
        if lesson_of(game) is not None:
            names.append(f"learn:{game}")
    return names


def _play_until(scene, done, limit: int, seed: int = 5) -> bool:
    """Play random legal moves in the scene's game until `done()`; whether it came."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done():
            return True
        if scene.state.is_over():
            return False
        # Quarto's placements without "give" end its games sooner; a "give" move is played where nothing else is legal
        moves = [move for move in scene.state.legal_moves() if "give" not in move.code]
        scene.state.play(rng.choice(moves or list(scene.state.legal_moves())))
        scene.version += 1       # (played behind the scene's back: told as a move tells it)
    return done()


def open_screen(app, name: str) -> bool:
    """Put the screen `name` on top; False when the game has no such screen (no breaks)."""
    from game.app import open_scene
    kind, _, game = name.partition(":")
    if kind == "stats":          # rows with numbers in every column
        from game.menu.stats import stat_rows
        for key, _, _ in stat_rows():
            for outcome in ("won", "won", "lost", "drawn"):
                app.store.record_result(key, outcome, 123456)
    if kind == "damaged":
        from game.menu.title import problem_lines
        from game.ui.i18n import t
        from game.ui.menu import MessageOverlay
        open_scene(app, "title", 1)
        problems = [{"file": "settings.json", "moved_to": "settings.json.damaged-20261124-150501"},
                    {"file": "statistics.json", "moved_to": ""}]
        app.push(MessageOverlay(app, t("problem.title"), problem_lines(problems)))
    elif kind == "notice":         # a long hint and a refusal, while the status line says what to do
        from game.ui.i18n import t
        open_scene(app, f"game:{game}", 1)
        app.notify(t("notice.computer_failed", name=app.top.seat_name(0)))
        app.notify(t("hint.prefix", move="a1", reason=LONG_HINT[app.store.settings["language"]]))
    elif kind in ("result", "sheet", "play"):
        if kind == "sheet" and any(option.key == "games" for option in registry.game(game).rules().OPTIONS):
            # a match of three games, so the break between two games shows (Quarto's summary)
            app.store.settings["last_setup"][game] = {"options": {"games": 3}}
        open_scene(app, f"game:{game}", 1)
        scene = app.top
        if kind == "play":          # the middle of a game: a few moves played
            count = [0]
            _play_until(scene, lambda: count.__setitem__(0, count[0] + 1) or count[0] > 9, 20)
        elif kind == "result":
            assert _play_until(scene, scene.state.is_over, 100000)
        elif not _play_until(scene, lambda: scene.at_break() and not scene.state.is_over(), 3000):
            return False
        scene.motion.sync()
        for _ in range(2):
            app.tick(1 / 60)
        if kind == "result":
            scene.finish.show()
    else:
        open_scene(app, name, 7)
    return True


def overlaps(a: pygame.Rect, b: pygame.Rect) -> bool:
    """Whether two strings overlap or run together: a font's line box has some air above
    and below its letters, which may touch the next line's; side by side they need a gap
    of about a space."""
    return a.inflate(a.h // 8, -(a.h // 4)).colliderect(b.inflate(b.h // 8, -(b.h // 4)))


def problems_in(records, window: pygame.Rect) -> list[str]:
    found = []
    shown = []
    for surface, text, rect, box, clip, cut in records:
        visible = rect.clip(clip)
        if visible.w == 0 or visible.h == 0:
            continue          # scrolled out of its list
        if visible.w < rect.w:
            found.append(f"{text!r} at {tuple(rect)} cut by the edge of {tuple(clip)}")
        on_screen = surface.get_size() == window.size
        limit = surface.get_rect() if box is None else box
        if not limit.inflate(2 * SLACK, 2 * SLACK).contains(visible):  # (a list scrolls: its rows are clipped)
            found.append(f"{text!r} at {tuple(visible)} outside its box {tuple(limit)}")
        if cut:
            found.append(f"{text!r} at {tuple(visible)} cut short")
        if on_screen and not window.contains(visible):
            found.append(f"{text!r} at {tuple(visible)} outside the window")
        for other_surface, other_text, other in shown:
            if other_surface is surface and overlaps(visible, other):
                found.append(f"{text!r} at {tuple(visible)} over {other_text!r} at {tuple(other)}")
        shown.append((surface, text, visible))
    return found


def check_screen(make_app, language: str, config: str, name: str) -> tuple[int, list[str]] | None:
    size, couch = CONFIGS[config]
    app = make_app(size=size, couch=couch)
    app.store.settings["language"] = language
    set_language(language)
    if not open_screen(app, name):
        return None
    # Two frames: the first paints what is cached (static layers, the score sheet), the
    # second what is drawn each frame. A surface painted in both counts as the second paints
    # it (a progress figure may have moved on in between).
    frames = []
    app._under_key = None   # draw the scenes under an overlay again, while recording
    for _ in range(2):
        with kit_text.recording() as records:
            app.tick(1 / 60)
        frames.append(records)
    last = {id(record[0]): index for index, records in enumerate(frames) for record in records}
    kept = [record for index, records in enumerate(frames) for record in records
            if last[id(record[0])] == index]
    found = problems_in(kept, pygame.Rect((0, 0), size))
    pictures = getattr(app.top, "picture_rects", None)      # a rules page: no string over its pictures
    if pictures is not None:
        surface, rects = pictures()
        found += [f"{text!r} at {tuple(rect)} over a picture at {tuple(picture)}"
                  for drawn, text, rect, *_ in kept if drawn is surface for picture in rects if rect.colliderect(picture)]
    if os.environ.get("SPELAVOND_SHOTS"):
        shots = Path(os.environ["SPELAVOND_SHOTS"])
        shots.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(shots / f"{language}-{config}-{name.replace(':', '-')}.png"))
    return len(kept), found


COUNTS: dict = {}


@pytest.mark.parametrize("config", list(CONFIGS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_string_fits(make_app, language, config):
    failures = []
    for name in screen_names():
        checked = check_screen(make_app, language, config, name)
        if checked is None:
            continue
        count, found = checked
        assert count > 0, f"{name}: no text recorded"
        COUNTS[(language, config, name)] = count
        failures += [f"{name}: {problem}" for problem in found]
    screens = [key for key in COUNTS if key[:2] == (language, config)]
    print(f"text fit ({language}, {config}): {len(screens)} screens, "
          f"{sum(COUNTS[key] for key in screens)} strings checked")
    assert not failures, f"{len(failures)} problems ({language}, {config}):\n" + "\n".join(failures)


@pytest.mark.parametrize("config", list(CONFIGS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_long_notice_stays_readable(make_app, language, config):
    """A long hint wraps onto more lines (growing upwards from the legend bar) rather than
    shrinking below the kit's smallest size for small text."""
    size, couch = CONFIGS[config]
    app = make_app(size=size, couch=couch)
    app.store.settings["language"] = language
    set_language(language)
    open_screen(app, "title")
    from game.ui.i18n import t
    hint = t("hint.prefix", move="a1", reason=LONG_HINT[language])
    app.notify(hint)
    with kit_text.recording() as records:
        app.tick(1 / 60)
    lines = [(text, rect) for _, text, rect, *_ in records if text in hint]
    assert " ".join(text for text, _ in lines) == hint, "the whole notice shows"
    smallest = kit_text.font(int(theme.SMALL * app.u * kit_text.SHRINK)).get_height()
    assert min(rect.h for _, rect in lines) >= smallest
