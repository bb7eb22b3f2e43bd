"""Every screen of the catalogue (game/catalogue.py) judged whole, on its layout and its words
(rects and strings, not pixels), at 960x540, 1920x1080 and in couch mode:

(a) nothing floating (a lesson's words, a notice, a score sheet) covers what the layout
    protects (the plates, the human's hand, the board or grid with its coordinates, the rule
    box) nor the thing the lesson's pointer points at;
(b) the status line tells the truth: it names a seat as thinking only while the computer
    thinks for that seat (never in a review, a break, a lesson's words or a pause), and its
    grammar is right for "You";
(c) a lesson's pointer leads to a legal step: each lesson is walked by clicking wherever its
    pointer points, and no click is refused or leads nowhere;
(d) text fits (the text-fit test's rule) on every screen.

Each screen is built once per language and read at each size it is checked at, the window
resized between (as a player resizes it: the layout follows the window): every screen at one
size a language (FIRST), the screens a player meets most (OFTEN) at every size in English and
Dutch, as the text-fit rule asks (tests/test_text_fit.py). A screen with no Flemish words of
its own (no key of assets/i18n/nl-BE asked, not the language's name, not a rules page of its
own) reads in Flemish word for word as in Dutch: it is read once for both. A test takes a part
of the catalogue (the menus, a game's screens, a game's lesson), so the suite's workers
share the parts out and none builds a screen another builds. What the checks find that is
not fixed yet is listed in KNOWN (patterns of screen and fault); a new fault fails the test,
a listed one that is gone is said as a warning (take it off the list). Each check is shown
able to fail below.
"""
from __future__ import annotations

import re
import warnings

import pygame
import pytest

from game import catalogue
from game.menu.review import ReviewScene
from game.menu.rules_help import RulesOverlay, rule_text
from game.ui import input as inp
from game.ui import text as kit_text
from game.ui.endings import EndScreen
from game.ui.game_scene import GameScene
from game.ui.i18n import LANGUAGES, _load, keys_asked, set_language
from game.ui.i18n import language as current_language
from game.ui.table.layout import note_floating, watching_floating
from test_text_fit import LANGUAGES as TEXT_FIT_LANGUAGES
from test_text_fit import overlaps, picture_problems, problems_in, recorded

FIRST = {"960x540": "nl", "1920x1080": "en", "couch": "nl-BE"}     # the language each size reads every screen in
# the screens read in English and Dutch at every size besides (the text-fit rule's)
OFTEN = r"menus/.*|\w+/(start|play|long-notice|pause|end-lost|break|review-last|lesson-00)"
FLEMISH = "nl-BE"
FLEMISH_KEYS = {key for key, text in _load(FLEMISH).items() if _load("nl").get(key) != text}


def parts() -> dict[str, list]:
    """The catalogue in parts, a test each: the menus, each game's screens, each game's lesson."""
    found: dict[str, list] = {}
    for screen in catalogue.SCREENS:
        found.setdefault(screen.group + ("-lesson" if screen.lesson is not None else ""), []).append(screen)
    return found


PARTS = parts()


def thinking_patterns() -> list[re.Pattern]:
    """The status line's sentences that say a seat is thinking or playing, as patterns with
    the name in a group (from every language's words)."""
    found = []
    for language in LANGUAGES:
        for key, text in _load(language).items():
            if re.search(r"status\.(thinking|computer\w*|autoplay)$", key) and "{name}" in text:
                found.append(re.compile(re.escape(text).replace(re.escape("{name}"), "(?P<name>.+)") + "$"))
    return found


THINKING = thinking_patterns()
BAD_GRAMMAR = re.compile(r"\b(You is|You has|You was|You plays|You takes|Jij is|Jij heeft|Je is)\b")


def table_of(app):
    """The game scene the screen shows (a review's table too) and whether it is live."""
    for scene in reversed(app.scenes):
        if isinstance(scene, ReviewScene):
            return scene.ensure_table(), False
        if isinstance(scene, GameScene):
            return scene, True
    return None, False


def thinks(scene) -> bool:
    """Whether the computer is deciding for the seat to move, now."""
    state = scene.state
    return not state.is_over() and not scene.at_break() and not scene.is_human(state.to_move()) \
        and scene.computers.may_move() and scene.app.top is scene


def status_problems(app) -> list[str]:
    scene, live = table_of(app)
    if scene is None:
        return []
    words = scene.shown_status()
    found = []
    if BAD_GRAMMAR.search(words):
        found.append(f"status grammar: {words!r}")
    for pattern in THINKING:
        match = pattern.match(words)
        if match is None:
            continue
        seat = scene.state.to_move()
        if not live or not thinks(scene) or seat is None or match.group("name") != scene.seat_name(seat):
            found.append(f"status says someone thinks: {words!r}")
        break
    return found


def cover_problems(app, floating) -> list[str]:
    """What the floating panels drawn (`floating`: (what, rect)) cover of the table's protected
    rects and of what the lesson's pointer points at; an end screen (over the whole table) of
    the status line, which says how the game ended; the review's bar of its table's, as shown
    scaled above it; what a hand-over leaves in sight of the hand it hides."""
    scene, live = table_of(app)
    if scene is None:
        return []
    if not live:
        review = app.top
        if not isinstance(review, ReviewScene) or review.table_shown is None:
            return []
        shown, size = review.table_shown, scene.app.size
        scale = shown.w / size[0]
        kept = {what: pygame.Rect(shown.x + rect.x * scale, shown.y + rect.y * scale, rect.w * scale, rect.h * scale)
                for what, rect in scene.layout().protected().items()}
        return sorted({f"{name} over {what}" for name, rect in floating if name == "review bar"
                       for what, other in kept.items() if rect.colliderect(other)})
    if type(app.top).__name__ == "HandOverOverlay":
        hand = scene.layout().protected().get("hand")
        hidden = [rect for what, rect in floating if what == "hand-over"]
        return [] if hand is None or any(rect.contains(hand) for rect in hidden) else ["hand-over leaves the hand in sight"]
    if isinstance(app.top, EndScreen):
        status = scene.layout().status
        return sorted({"end screen over the status line" for what, rect in floating
                       if what == "end screen" and status is not None and rect.colliderect(status)})
    if app.top is not scene:
        return []
    kept = dict(scene.layout().protected())
    if scene.coach is not None:
        for number, rect in enumerate(scene.coach._target_rects()):
            kept[f"the pointed-at thing {number + 1}"] = rect
    return sorted({f"{name} over {what}" for name, rect in floating if not name.startswith("tag ")   # (`tag_problems`)
                   for what, other in kept.items() if rect.colliderect(other)})


def tag_problems(floating, records) -> list[str]:
    """The words a better move is marked with (`tag`s: floating, each on its plate) over any
    other string of the surface they are drawn on: the table's own words (a heading, a board's
    names), another mark's words."""
    found = set()
    for what, plate in floating:
        if not what.startswith("tag "):
            continue
        words = what[4:]
        own = [record for record in records if record[1] == words and plate.contains(record[2])]
        sizes = {record[0].get_size() for record in own}
        for surface, text, rect, _, clip, _ in records:
            visible = rect.clip(clip)
            if surface.get_size() in sizes and visible.w and visible.h and not plate.contains(visible) \
                    and overlaps(plate, visible):
                found.add(f"{words!r} tag over {text!r}")
    return sorted(found)


def text_problems(app, records) -> list[str]:
    if not records:
        return ["no text recorded"]
    problems = problems_in(records, pygame.Rect((0, 0), app.size)) + picture_problems(app, records)
    return sorted({re.sub(r" (at )?\(-?\d+, -?\d+, -?\d+, -?\d+\)", "", problem) for problem in problems})  # no pixels


def sizes_of(screen, language: str) -> list[str]:
    """The sizes `screen` is read at in `language`."""
    often = re.fullmatch(OFTEN, screen.key) and language in TEXT_FIT_LANGUAGES
    return [config for config, first in FIRST.items() if first == language or often]


def read_at(app, config: str) -> None:
    """The window made the size of `config`, in couch mode (its gamepad's legend) or not."""
    size, couch = catalogue.CONFIGS[config]
    app.store.settings["couch"] = couch
    app.input.last_device = inp.GAMEPAD if couch else inp.KEYBOARD
    if app.size != size:
        app._use_window(pygame.display.set_mode(size, pygame.RESIZABLE))


def reads_flemish(app, asked, records) -> bool:
    """Whether the screen on top says something otherwise in Flemish than in Dutch: a word of
    its own (`asked`: the keys it read), the language's name, a rules page of its own."""
    return bool(asked & FLEMISH_KEYS) or any(LANGUAGES["nl"] in record[1] for record in records) \
        or isinstance(app.top, RulesOverlay) and rule_text(app.top.game, FLEMISH) != rule_text(app.top.game, "nl")


def read_screen(app, key: str, config: str, found: set) -> list:
    """The screen on top drawn at the size of `config` (two frames: `recorded`), its faults
    added to `found` as 'screen: fault' lines; the strings it drew."""
    read_at(app, config)
    with watching_floating() as floating:
        records = recorded(app)
    found.update(f"{key}: {problem}" for problem in
                 status_problems(app) + cover_problems(app, floating) + tag_problems(floating, records)
                 + text_problems(app, records))
    return records


def judge(make_app, language: str, screens=None, sizes=None) -> set[str]:
    """Every screen built once in `language` and drawn (two frames: `recorded`) at each of
    its sizes (`sizes_of`, or `sizes`): the faults found, as 'screen: fault' lines. In Dutch,
    a screen without Flemish words is read at the couch size for Flemish too; the others are
    built again in Flemish for it."""
    app = make_app(size=(960, 540))
    app.store.settings.update(computer_pace="instant", animation_speed="instant")
    found, flemish = set(), []
    before = current_language()
    try:
        for speaking, built in [(language, screens or catalogue.SCREENS), (FLEMISH, flemish)][:2 if language == "nl" else 1]:
            app.store.settings["language"] = speaking
            set_language(speaking)
            builder = catalogue.Builder(app)
            for screen in built:
                read = sizes or sizes_of(screen, speaking)
                with keys_asked() as asked:
                    read_at(app, read[0])       # (built at the first size it is read at)
                    builder.build(screen)
                    for config in read:
                        records = read_screen(app, screen.key, config, found)
                if speaking == "nl" and sizes is None:
                    if reads_flemish(app, asked, records):
                        flemish.append(screen)
                    elif "couch" not in read:
                        read_screen(app, screen.key, "couch", found)
            for walk in builder.walks:
                for step, words in walk.refusals:
                    found.add(f"{walk.game}/lesson-{step:02d}: pointer refused: {words[:60]!r}")
                for step, what in walk.stuck:
                    found.add(f"{walk.game}/lesson-{step:02d}: pointer: {what}")
    finally:
        set_language(before)     # the next test finds the language it left
    return found


# Faults found and not fixed yet (patterns over 'screen: fault', at whatever size it is read),
# each said in the report of the issue that leaves it: none now.
# (Found once every screen was read from its first frame on, and gone: Kings Corners' cut log
# lines with 5d2791b; the suit labels and plate lines seen cut by their layer's clip do not
# show on this tree; Quarto's review's 'better' over 'played': its 'played' goes above the
# piece where the two would meet; the longest hint over the hand: it lies as high as the
# room under the hand, smaller.)
KNOWN: list[str] = []


@pytest.mark.parametrize("part", list(PARTS))
def test_every_screen_is_right(make_app, part):
    screens = PARTS[part]
    # (both languages in one test: what a screen's making finds once, a game number that
    # reaches it or its analysis, serves the other language too)
    found = judge(make_app, "en", screens) | judge(make_app, "nl", screens)
    # the listed faults of this part's screens (a pattern's part before ': ' names its screens)
    known = [pattern for pattern in KNOWN
             if any(re.fullmatch(pattern.split(": ")[0], screen.key) for screen in screens)]
    new = sorted(line for line in found if not any(re.fullmatch(pattern, line) for pattern in known))
    gone = [pattern for pattern in known if not any(re.fullmatch(pattern, line) for line in found)]
    if gone:
        warnings.warn(f"{len(gone)} listed faults are gone (take them off KNOWN):\n" + "\n".join(gone), stacklevel=1)
    assert not new, f"{len(new)} new faults:\n" + "\n".join(new)


# -- each check able to fail: a layout, a status line, a pointer broken on purpose ------------
def screens(*keys) -> list:
    return [screen for screen in catalogue.SCREENS if screen.key in keys]


def test_the_cover_check_sees_lesson_words_over_a_plate(make_app, monkeypatch):
    from game.ui.coach import Coach
    monkeypatch.setattr(Coach, "_place", lambda self, text, area, size, u, target: self.scene.layout().plates[0].copy())
    found = judge(make_app, "en", screens("quarto/lesson-02"), ["1920x1080"])
    assert "quarto/lesson-02: lesson words over plate 0" in found, found


def test_the_cover_check_sees_a_notice_over_the_hand(make_app, monkeypatch):
    from game.app import App
    notice_box = App.notice_box

    def over_the_hand(self, bar, end):
        placed = notice_box(self, bar, end)
        return placed and (self.top.layout().protected()["hand"].copy(), *placed[1:])
    monkeypatch.setattr(App, "notice_box", over_the_hand)
    found = judge(make_app, "en", screens("kingen/refused"), ["1920x1080"])
    assert "kingen/refused: notice over hand" in found, found


def test_the_cover_check_sees_the_review_bar_over_its_table(make_app, monkeypatch):
    areas = ReviewScene.areas
    monkeypatch.setattr(ReviewScene, "areas", lambda self: (areas(self)[0].union(areas(self)[1]), areas(self)[1]))
    found = judge(make_app, "en", screens("kingen/review-middle"), ["960x540"])
    assert "kingen/review-middle: review bar over hand" in found, found


def test_the_cover_check_sees_a_hand_over_that_leaves_the_hand_in_sight(make_app, monkeypatch):
    monkeypatch.setattr("game.ui.game_overlays.note_floating",       # a hand-over over the top half only
                        lambda what, rect: note_floating(what, rect.clip(rect.x, rect.y, rect.w, rect.h // 2)))
    found = judge(make_app, "en", screens("kingen/hand-over"), ["960x540"])
    assert "kingen/hand-over: hand-over leaves the hand in sight" in found, found


def test_the_tag_check_sees_the_better_mark_over_the_pool_heading(make_app, monkeypatch):
    from game.ui.table import better
    place = better.tag_place      # the marks' words placed blind: "better" above its piece, whatever is there
    monkeypatch.setattr(better, "tag_place", lambda surface, words, size, rect, gap, sides, avoid, u:
                        place(surface, words, size, rect, gap, sides, [], u))
    found = judge(make_app, "en", screens("quarto/review-better"), ["960x540"])
    assert "quarto/review-better: 'better' tag over 'Pieces beside the board'" in found, found


def test_the_status_check_sees_a_seat_thinking_in_a_review(make_app, monkeypatch):
    monkeypatch.setattr(GameScene, "shown_status", lambda self: self.status_text())   # the review's own words ignored
    monkeypatch.setattr(GameScene, "thinks", lambda self: True)      # the words of a computer deciding
    found = judge(make_app, "en", screens("keezen/review-middle"), ["960x540"])
    assert any(line.startswith("keezen/review-middle: status says someone thinks") for line in found), found


def test_the_status_check_sees_bad_grammar(make_app, monkeypatch):
    from game.ui.i18n import t
    monkeypatch.setattr(GameScene, "shown_status", lambda self: t("kingen.scene.status.computer", name="You"))
    found = judge(make_app, "en", screens("kingen/start"), ["960x540"])
    assert "kingen/start: status grammar: 'You is playing…'" in found, found


def test_the_pointer_check_sees_a_pointer_that_leads_nowhere(make_app, monkeypatch):
    import dataclasses

    from game.lesson import Teach, lesson_of
    lesson = lesson_of("quarto")
    steps = list(lesson.steps)
    first = next(index for index, step in enumerate(steps) if isinstance(step, Teach))
    steps[first] = dataclasses.replace(steps[first], point=("square", 15))     # not where the step's move goes
    monkeypatch.setattr("game.quarto.lesson.LESSON", dataclasses.replace(lesson, steps=tuple(steps)))
    walked = catalogue.lesson_steps("quarto")
    upto = next(index for index, screen in enumerate(walked) if screen.lesson > first)
    found = judge(make_app, "en", walked[:upto + 1], ["960x540"])      # the walk goes past the step
    assert any(line.startswith(f"quarto/lesson-{first:02d}: pointer") for line in found), found


def test_the_text_check_sees_a_string_outside_its_box(make_app, monkeypatch):
    from game.ui.table.panels import StatusLine
    draw = StatusLine.draw

    def overflowing(self, surface, rect, text, u, lit=False):
        drawn = draw(self, surface, rect, text, u, lit)
        kit_text.note_text(surface, text, rect.move(rect.w, 0), rect)      # drawn beside its box
        return drawn
    monkeypatch.setattr(StatusLine, "draw", overflowing)
    found = judge(make_app, "en", screens("quarto/start"), ["960x540"])
    assert any(line.startswith("quarto/start: ") and "outside its box" in line for line in found), found


def test_each_screen_is_read_at_its_sizes_and_in_flemish_where_it_says_something_otherwise(make_app, monkeypatch):
    read, record = [], recorded

    def noting(app):
        read.append((type(app.top).__name__, app.size, app.store.settings["couch"], app.store.settings["language"]))
        return record(app)
    monkeypatch.setattr("test_catalogue.recorded", noting)
    judge(make_app, "nl", screens("quarto/hint", "menus/rules-kingen"))
    dutch, big, couch = ((960, 540), False, "nl"), ((1920, 1080), False, "nl"), ((1920, 1080), True, "nl")
    assert read == [("RulesOverlay", *dutch), ("RulesOverlay", *big), ("RulesOverlay", *couch),   # met often
                    ("QuartoScene", *dutch), ("QuartoScene", *couch),        # no Flemish words: read once for both
                    ("RulesOverlay", (1920, 1080), True, "nl-BE")]           # Kingen's Flemish page
