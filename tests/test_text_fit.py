"""Text always fits: every screen and dialog, in both languages, at 960x540, at 1920x1080 and
in couch mode, draws no string outside its box or the window, and no string over another.

The UI kit tells a recorder (`game.ui.text.recording`) every string it draws, where, and the
box it must stay in; `recorded` draws a screen while recording and `problems_in` judges the
records. The screens are the catalogue's (game/catalogue.py): tests/test_catalogue.py builds
each once per language, draws it at each size it reads it at and holds it to this rule with
its other checks, every screen in one language a size and the screens a player meets most (the menus, a game's
start, play, longest hint, pause, end, break, review and a lesson's first words) in English
and Dutch at every size.
"""
from __future__ import annotations

import random

import pygame
import pytest

from game import registry
from game.catalogue import long_hint
from game.ui import text as kit_text
from game.ui import theme
from game.ui.i18n import set_language
from test_player_words import notice_lines

LANGUAGES = ("en", "nl")
CONFIGS = {"960x540": ((960, 540), False), "1920x1080": ((1920, 1080), False), "couch": ((1920, 1080), True)}
SLACK = 1        # pixels of rounding allowed at a box's edge


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
        app.notify(long_hint())
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


def recorded(app) -> list:
    """The strings of the screen on top, drawn in two frames: the first paints what is cached
    (static layers, the score sheet), the second what is drawn each frame. A surface painted in
    both counts as the second paints it (a progress figure may have moved on in between)."""
    frames = []
    app._under_key = None   # draw the scenes under an overlay again, while recording
    for _ in range(2):
        with kit_text.recording() as records:
            app.tick(1 / 60)
        frames.append(records)
    last = {id(record[0]): index for index, records in enumerate(frames) for record in records}
    return [record for index, records in enumerate(frames) for record in records if last[id(record[0])] == index]


def picture_problems(app, kept) -> list[str]:
    """A rules page: no string over its pictures."""
    pictures = getattr(app.top, "picture_rects", None)
    if pictures is None:
        return []
    surface, rects = pictures()
    return [f"{text!r} at {tuple(rect)} over a picture at {tuple(picture)}"
            for drawn, text, rect, *_ in kept if drawn is surface for picture in rects if rect.colliderect(picture)]


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
    app.top.list.focus = len(app.top.list.widgets) - 1    # Quit: no legend chip 'H' (a game's rules), a part of 'Hint'
    hint = long_hint()
    app.notify(hint)
    with kit_text.recording() as records:
        app.tick(1 / 60)
    lines = notice_lines(records, hint)      # (the legend's "kiezen" is also in the Dutch hint)
    assert " ".join(text for text, _ in lines) == hint, "the whole notice shows"
    smallest = kit_text.font(int(theme.SMALL * app.u * kit_text.SHRINK)).get_height()
    assert min(rect.h for _, rect in lines) >= smallest
