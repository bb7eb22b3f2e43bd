"""Every screen renders headless, is not blank, and survives random input: 500 actions a
screen here, a slice sized by count; the long run is `python -m tests.fuzz ui`."""
import random

import pygame
import pytest

from game import registry
from game.lesson import lesson_of
from game.ui import input as inp


def screen_names():
    names = ["title", "settings", "stats", "recent"]
    for info in registry.playable_games():
        names += [f"setup:{info.name}", f"game:{info.name}", f"pause:{info.name}", f"rules:{info.name}",
                  f"review:{info.name}"] + ([f"learn:{info.name}"] if lesson_of(info.name) else [])
    return names


@pytest.fixture
def no_analysis(monkeypatch):
    """A review opened without its analysis running beside it: the analysis is the review
    tests' business (tests/test_review.py); here it would only take the CPU from the screen
    under test, about 0.6 s a review."""
    from game.menu.review import ReviewScene
    monkeypatch.setattr(ReviewScene, "enter", lambda self: None)


def distinct_colours(surface: pygame.Surface) -> int:
    pixels = pygame.image.tobytes(pygame.transform.scale(surface, (160, 90)), "RGBA")
    return len({pixels[at:at + 4] for at in range(0, len(pixels), 4)})


@pytest.mark.parametrize("name", screen_names())
@pytest.mark.parametrize("size", [(1920, 1080), (960, 540)])
def test_screen_renders_and_is_not_blank(make_app, name, size):
    from game.app import open_scene
    app = make_app(size=size)
    open_scene(app, name, 7)
    for _ in range(5):
        app.tick(1 / 60)
    assert app.screen.get_size() == size
    assert distinct_colours(app.screen) > 20, f"{name} looks blank"


def random_action(rng: random.Random, size) -> inp.Action:
    name = rng.choice([inp.UP, inp.DOWN, inp.LEFT, inp.RIGHT, inp.CONFIRM, inp.CONFIRM, inp.BACK,
                       inp.ACTION1, inp.ACTION2, inp.NEXT, inp.PREV, inp.POINT, inp.PRESS, inp.RELEASE,
                       inp.SCROLL, inp.TEXT, inp.MENU])
    device = rng.choice([inp.KEYBOARD, inp.MOUSE, inp.GAMEPAD])
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    return inp.Action(name, device, pos=pos, amount=rng.choice([-1, 1]), text=rng.choice(["1", "x", "42"]))


@pytest.mark.parametrize("name", screen_names())
def test_random_input_raises_nothing(make_app, no_analysis, name):
    from game.app import open_scene
    app = make_app(size=(1280, 720))
    app.quit = lambda: None  # "Quit" must not end the test run early
    open_scene(app, name, 3)
    rng = random.Random(name)
    for step in range(300):      # (the ui fuzzer's slice sends raw events to every screen too: tests/test_fuzz.py)
        if not app.scenes:
            open_scene(app, "title", 3)
        app.send(random_action(rng, app.size))
        if step % 10 == 0:       # a frame drawn after every ten inputs (the frames cost the most)
            app.tick(1 / 60)
    app.tick(1 / 60)


def test_posted_events_drive_the_menus(make_app):
    """Real pygame events through the whole pipeline: keyboard opens Settings and changes a value."""
    from game.app import open_scene
    app = make_app()
    open_scene(app, "title", 1)
    settings_index = next(i for i, w in enumerate(app.top.list.widgets)
                          if "Settings" in str(w.text) or "Instellingen" in str(w.text))
    for _ in range(settings_index):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.tick(1 / 60)
    assert app.top.name == "settings"
    volume_before = app.store.settings["volume"]
    for _ in range(4):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0))
    app.tick(1 / 60)
    assert app.store.settings["volume"] == pytest.approx(volume_before - 0.1)
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_B))
    app.tick(1 / 60)
    assert app.top.name == "title"


def test_mouse_click_opens_statistics(make_app):
    from game.app import open_scene
    app = make_app()
    open_scene(app, "title", 1)
    app.tick(1 / 60)
    target = next(w for w in app.top.list.widgets if "Statist" in str(w.text))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target.rect.center, button=1))
    app.tick(1 / 60)
    assert app.top.name == "stats"


def test_damaged_settings_are_reported_on_the_title_screen(make_app, tmp_path):
    (tmp_path / "settings.json").write_text("garbage", encoding="utf-8")
    from game.app import open_scene
    app = make_app(data_dir=tmp_path)
    open_scene(app, "title", 1)
    app.tick(1 / 60)
    from game.menu.title import problem_lines
    said = " ".join(str(getattr(w, "text", "")) for w in app.top.list.widgets)
    assert app.top.overlay and problem_lines([{"file": "settings.json", "moved_to": "settings.json.bad"}])[0] in said
    assert (tmp_path / "settings.json.bad").exists()


def test_clicking_the_legend_does_what_it_says(make_app):
    """A mouse-only player reaches the pause menu through the legend's Esc entry."""
    from game.app import open_scene
    app = make_app()
    open_scene(app, "game:quarto", 2)
    app.tick(1 / 60)
    rect = next(rect for rect, action in app.legend_chips if action == "menu")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.tick(1 / 60)
    assert app.top.name == "pause"


def test_the_setup_screen_shows_the_teams_of_a_team_game(make_app, monkeypatch):
    """Partners sit opposite: with teams, each seat says its team and its partner."""
    import dataclasses

    from game.menu.setup import SetupScene
    from game.ui.widgets import Choice
    app = make_app()
    app.store.settings["last_setup"]["kings_corners"] = {"players": 4, "seats": ["human"] + ["normal"] * 3}

    def seat_labels():
        scene = SetupScene(app, "kings_corners")
        return [w.label for w in scene.build() if isinstance(w, Choice) and w.values[0] == "human"]
    assert not any("team" in label for label in seat_labels())
    monkeypatch.setitem(registry.GAMES, "kings_corners",
                        dataclasses.replace(registry.GAMES["kings_corners"], teams=True))
    assert seat_labels() == ["Player 1 \u00b7 team 1 with Player 3", "Player 2 \u00b7 team 2 with Player 4",
                             "Player 3 \u00b7 team 1 with Player 1", "Player 4 \u00b7 team 2 with Player 2"]


def resize(app, size, event=True):
    """A real resize, as a window manager that ignores the minimum size makes it (the
    window's surface changes at once; its event may come later)."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    if event:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    else:
        pygame.event.clear()


@pytest.mark.parametrize("name", screen_names())
def test_every_screen_survives_a_window_below_the_minimum(make_app, no_analysis, name):
    """Issue 13: the 4 Koningen screen raised 'Invalid resolution for Surface' at 1x1 and
    10x300 (and Kings Corners' score sheet, the 4 Koningen grid at 1653x358). The screen is
    opened once and taken from 1280x720 to each window in turn."""
    from game.app import open_scene
    app = make_app(size=(1280, 720))
    open_scene(app, name, 5)
    app.tick(1 / 60)
    for size, event in [((1, 1), True), ((10, 300), True), ((1653, 358), True), ((1, 900), False)]:
        resize(app, size, event)
        for _ in range(60 if name == "game:vier_koningen" else 4):   # it draws a card face a frame ahead
            app.tick(1 / 60)
        assert pygame.display.get_surface().get_size() == size
        resize(app, (1280, 720))
        app.tick(1 / 60)


def test_a_window_below_the_minimum_shows_the_whole_screen_and_takes_clicks(make_app):
    from game.app import open_scene
    app = make_app(size=(1280, 720))
    open_scene(app, "title", 1)
    resize(app, (640, 300))
    app.tick(1 / 60)
    assert app.window.get_size() == (640, 300) and app.size == (960, 540)
    assert distinct_colours(app.window) > 20
    target = next(w for w in app.top.list.widgets if "Statist" in str(w.text))
    x, y = target.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x * 640 // 960, y * 300 // 540), button=1))
    app.tick(1 / 60)
    assert app.top.name == "stats"


def test_a_key_handled_in_the_frame_the_window_shrank_sees_the_canvas(make_app):
    """Found by the fuzzer: a key handled before the resize's event (the window's surface
    shrinks as the events are fetched) laid the settings out in a 2x2 window and raised
    IndexError in fitting its help; a key that opened a game drew its first frame at 1x1."""
    from game.app import open_scene
    app = make_app(size=(1280, 720))
    open_scene(app, "settings", 1)
    app.tick(1 / 60)
    resize(app, (2, 2), event=False)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    app.tick(1 / 60)
    assert app.size == (960, 540) and app.top.name == "settings"


@pytest.mark.parametrize("game", [info.name for info in registry.playable_games()])
def test_the_result_screen_survives_a_resize_before_its_event(make_app, game):
    """Found by the fuzzer: the window's surface shrinks at once, its event comes later;
    Kings Corners' score sheet raised 'Invalid resolution for Surface' at 1x900."""
    from tests.fuzz import finish_a_game
    app = make_app(size=(1280, 720))
    finish_a_game(app, game, random.Random(3))
    assert app.top.name == "result"
    resize(app, (1, 900), event=False)
    for _ in range(40):                       # long frames: every card has landed, the score sheet shows
        app.tick(0.25)
    assert app.size == (960, 900)


@pytest.mark.parametrize("name", screen_names())
def test_every_screen_draws_with_the_largest_interface_on_a_low_window(make_app, no_analysis, name):
    """Found by the fuzzer: couch mode with UI scale 1.5 on a 1682x540 window left the
    4 Koningen grid a negative height ('Invalid resolution for Surface'). Each screen is
    opened on a 960x540 window, then widened to 1682x540."""
    from game.app import open_scene
    from game.store import UI_SCALES
    app = make_app(size=(960, 540))
    app.store.settings["couch"] = True
    app.store.settings["ui_scale"] = max(UI_SCALES)
    open_scene(app, name, 5)
    for size in ((960, 540), (1682, 540)):
        resize(app, size)
        for _ in range(3):
            app.tick(1 / 60)
        assert app.window.get_size() == size


def test_f11_toggles_fullscreen_once_per_press(make_app, monkeypatch):
    """A held F11 repeats its key-down; the window flips once per press, not three times a second."""
    app = make_app()
    flips = []
    monkeypatch.setattr(app, "toggle_fullscreen", lambda: flips.append(1))
    for kind in (pygame.KEYDOWN, pygame.KEYDOWN, pygame.KEYDOWN, pygame.KEYUP, pygame.KEYDOWN, pygame.KEYUP):
        app.dispatch(pygame.event.Event(kind, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    assert len(flips) == 2


def test_two_presses_of_enter_never_wipe_the_statistics(make_app):
    """A destructive confirmation starts on Cancel: Enter on "Reset statistics", then Enter
    again, leaves them as they were."""
    from game.app import open_scene
    app = make_app()
    app.store.record_result("quarto", "won")
    before = app.store.stats_for("quarto")
    open_scene(app, "stats", 1)
    stats = app.top
    stats.list.focus = len(stats.list.widgets) - 1        # "Reset statistics", the last button
    for _ in range(2):
        app.top.handle(inp.Action(inp.CONFIRM, inp.KEYBOARD))
    assert app.top is stats, "the confirmation is still open or something else came up"
    assert app.store.stats_for("quarto") == before and before["won"] == 1


def test_the_move_log_follows_a_change_of_language(make_app):
    """The log is said from the moves when it is read: switching to Dutch mid-game turns the
    lines already there into Dutch, not only the new ones."""
    from game.app import open_scene
    from game.ui.i18n import set_language
    app = make_app()
    app.store.settings["computer_pace"] = "instant"
    open_scene(app, "game:kingen", 3, seats=["easy"] * 4)
    scene = app.top
    for _ in range(3000):
        app.tick(1 / 60)
        if len(scene.log.entries) > 6:
            break
    set_language("en")
    english = list(scene.log.lines)
    set_language("nl")
    try:
        dutch = list(scene.log.lines)
    finally:
        set_language("en")
    assert len(english) == len(dutch) > 6
    assert all(a != b for a, b in zip(english[1:], dutch[1:])), list(zip(english, dutch))
    assert any(" speelt " in line for line in dutch) and any(" plays " in line for line in english)


def test_the_rules_open_from_the_title_and_the_setup_screens(make_app):
    """H / X (its chip in the legend to click) opens a game's rules page from the game's button
    on the title screen and from its setup screen; Back returns there."""
    from game.app import open_scene
    from game.menu.rules_help import RulesOverlay
    from game.menu.setup import SetupScene
    app = make_app(size=(1280, 720))
    open_scene(app, "title", 1)
    title = app.top
    title.list.focus = len(title.list.widgets) - 1          # Quit: no rules to open
    assert (inp.ACTION1, "legend.rules") not in title.legend()
    app.send(inp.Action(inp.ACTION1, inp.KEYBOARD))
    assert app.top is title
    for info in registry.playable_games():
        title.list.focus = next(index for index, widget in enumerate(title.list.widgets)
                                if title.games.get(id(widget)) == info.name)
        assert (inp.ACTION1, "legend.rules") in title.legend()
        app.send(inp.Action(inp.ACTION1, inp.KEYBOARD))
        assert isinstance(app.top, RulesOverlay) and app.top.game == info.name
        app.send(inp.Action(inp.BACK, inp.KEYBOARD))
        assert app.top is title
        app.push(SetupScene(app, info.name))
        while not isinstance(app.top, SetupScene):        # the offer of a first lesson, once
            app.pop()
        setup = app.top
        assert (inp.ACTION1, "legend.rules") in setup.legend()
        app.send(inp.Action(inp.ACTION1, inp.KEYBOARD))
        assert isinstance(app.top, RulesOverlay) and app.top.game == info.name
        app.send(inp.Action(inp.BACK, inp.KEYBOARD))
        assert app.top is setup
        app.pop()
