"""Menus and results that explain: the pause menu restarts the game, statistics can be reset."""
import random

import pygame
import pytest

from game import registry
from game.ui import input as inp


def choose(app, label: str) -> None:
    """Focus the button with `label` on the top screen and press confirm."""
    widgets = app.top.list.widgets
    app.top.list.focus = next(i for i, w in enumerate(widgets) if getattr(w, "text", None) == label)
    app.top.handle(inp.Action(inp.CONFIRM, inp.KEYBOARD))


@pytest.mark.parametrize("game", [info.name for info in registry.playable_games()])
def test_pause_menu_restarts_the_same_game(make_app, game):
    from game.app import open_scene
    from game.ui.i18n import t
    app = make_app(size=(1280, 720))
    open_scene(app, f"game:{game}", 11)
    scene = app.top
    rng = random.Random(1)
    for _ in range(3):
        if not scene.state.is_over():
            scene.apply(rng.choice(list(scene.state.legal_moves())))
    played = scene.state.to_dict()
    scene.handle(inp.Action(inp.MENU, inp.KEYBOARD))
    choose(app, t("pause.restart"))
    assert app.top.name != "pause", "a restart asks first"
    choose(app, t("pause.restart"))
    fresh = app.top
    assert fresh is not scene and fresh.game == game and fresh.seed == 11
    assert fresh.state.to_dict() == registry.game(game).rules().new_game(
        11, fresh.setup["players"], dict(fresh.setup["options"])).to_dict() != played


def test_statistics_reset_after_a_confirmation(make_app):
    from game.app import open_scene
    from game.ui.i18n import t
    app = make_app(size=(1280, 720))
    app.store.record_result("quarto", "won")
    open_scene(app, "stats", 1)
    choose(app, t("stats.reset"))
    choose(app, t("button.cancel"))
    assert app.store.stats_for("quarto")["played"] == 1
    choose(app, t("stats.reset"))
    choose(app, t("stats.reset_confirm"))
    assert app.top.name == "stats" and app.store.stats_for("quarto")["played"] == 0


def test_quarto_result_names_the_winning_line_and_what_it_shares(make_app):
    from game.app import open_scene
    from game.quarto import rules
    from game.ui.i18n import t
    app = make_app(size=(1280, 720))
    for seed in range(1, 40):
        open_scene(app, "game:quarto", seed)
        scene = app.top
        rng = random.Random(seed)
        while not scene.state.is_over():
            scene.state.play(rng.choice(list(scene.state.legal_moves())))
        if scene.state.winning_line():
            break
    line = scene.state.winning_line()
    words = scene.result_lines()[0]
    assert all(rules.SQUARE_NAMES[square] in words for square in line)
    pieces = [scene.state.board[square] for square in line]
    shared = [name for bit, name in enumerate(rules.ATTRIBUTES) if rules.shared(pieces) >> bit & 1]
    assert shared and all(t(f"quarto.attr.{rules.piece_attributes(pieces[0])[name]}") in words for name in shared)
    # the result stands beside the board, which stays lit
    scene.finish.show()
    assert not app.top.shade and not app.top.panel_area().colliderect(scene.layout().board)


@pytest.mark.parametrize("couch", [False, True])
@pytest.mark.parametrize("game", [info.name for info in registry.playable_games()])
def test_setup_keeps_start_in_sight_and_a_returning_player_starts_with_one_press(make_app, game, couch):
    from game.app import open_scene
    from game.lesson import lesson_of
    from game.menu.setup import clean_setup
    from game.ui.i18n import t
    from game.ui.menu import MessageOverlay
    app = make_app(size=(960, 540), couch=couch)
    open_scene(app, f"setup:{game}", 1)
    app.tick(1 / 60)
    if lesson_of(game) is not None:      # a game's first start offers its guided first game, once
        offer = app.top
        assert isinstance(offer, MessageOverlay) and t(registry.game(game).title) in offer.title()
        offer.list.focus = len(offer.list.widgets) - 1           # "Just play"
        offer.handle(inp.Action(inp.CONFIRM, inp.KEYBOARD))
    setup = app.top
    start = setup.list.widgets[-1]
    assert start.text == t("setup.start") and pygame.Rect((0, 0), app.size).contains(start.rect)
    for _ in range(len(setup.list.widgets)):        # scrolling through the options never hides it
        setup.handle(inp.Action(inp.DOWN, inp.KEYBOARD))
        app.tick(1 / 60)
        assert app.screen.get_rect().contains(start.rect) and not start.rect.colliderect(setup.list.area)
    app.store.remember_setup(game, clean_setup(registry.game(game), {}))
    open_scene(app, f"setup:{game}", 1)
    app.top.handle(inp.Action(inp.CONFIRM, inp.KEYBOARD))
    assert app.top.name == "game" and app.top.game == game


def test_a_list_taller_than_its_area_shows_that_it_scrolls():
    from game.ui import theme
    from game.ui.widgets import Button, FocusList
    surface = pygame.Surface((400, 400))

    def accent_pixels(widgets):
        surface.fill((0, 0, 0))
        focus_list = FocusList(widgets)
        focus_list.layout(pygame.Rect(20, 20, 300, 300), 50, 10)
        focus_list.draw(surface, 0.5)
        strip = [surface.get_at((x, y))[:3] for x in range(320, 400) for y in range(0, 400)]
        return sum(1 for colour in strip if colour == theme.ACCENT)

    assert accent_pixels([Button(str(n), lambda: None) for n in range(3)]) == 0
    assert accent_pixels([Button(str(n), lambda: None) for n in range(12)]) > 50    # a scroll bar and an arrow


def test_every_rows_help_stands_whole_under_the_menu(make_app):
    """The help of each row of a game's setup and of the settings (Kingen's matches explain
    Dubbelkingen in two lines), in every language, at 960x540, 1920x1080 and in couch mode:
    whole in the box under the list, never cut with an ellipsis."""
    from game.app import open_scene
    from game.ui import theme
    from game.ui.i18n import LANGUAGES, language, set_language, t
    from game.ui.text import fit_lines
    app, before, cut = make_app(size=(960, 540)), language(), []
    try:
        for size, couch in (((960, 540), False), ((1920, 1080), False), ((1920, 1080), True)):
            app.store.settings["couch"] = couch
            if app.size != size:
                app._use_window(pygame.display.set_mode(size, pygame.RESIZABLE))
            for speaking in LANGUAGES:
                set_language(speaking)
                for screen in ["settings"] + [f"setup:{info.name}" for info in registry.playable_games()]:
                    open_scene(app, screen, 1)
                    box = app.top.help_box()
                    for widget in app.top.list.widgets:
                        text = t(widget.help) if getattr(widget, "help", "") else ""
                        if text and " ".join(fit_lines(text, theme.SMALL * app.u, box.w, box.h)[1]) != text:
                            cut.append(f"{screen} {speaking} {size} {'couch' if couch else ''}: {text[:50]}")
    finally:
        set_language(before)
    assert not cut, "\n".join(cut)
