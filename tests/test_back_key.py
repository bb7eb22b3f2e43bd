"""Backspace, shown in the legends as "back", goes back from every menu row, and erases a
digit only in the game-number field while it holds digits."""
import pygame
import pytest

from game import registry


def press_backspace(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0))
    app.tick(1 / 60)


def menu_screens() -> list[str]:
    names = ["settings", "stats"]
    for info in registry.playable_games():
        names += [f"setup:{info.name}", f"pause:{info.name}", f"rules:{info.name}"]
    return names


@pytest.mark.parametrize("name", menu_screens())
def test_backspace_goes_back_from_every_row(make_app, name):
    from game.app import open_scene
    app = make_app(size=(1280, 720))
    open_scene(app, name, 3)
    app.tick(1 / 60)
    screen = app.top
    rows = [i for i, w in enumerate(screen.list.widgets) if w.focusable] if hasattr(screen, "list") else [None]
    for row in rows:
        open_scene(app, name, 3)
        app.tick(1 / 60)
        screen, below = app.top, app.scenes[-2]
        if row is not None:
            screen.list.focus = row
            if screen.list.widgets[row].takes_text:
                screen.list.widgets[row].type_text("42")
                press_backspace(app)
                assert app.top is screen and screen.list.widgets[row].value == "4", "Backspace erases a digit"
                press_backspace(app)      # the field is empty now: the next one goes back
        press_backspace(app)
        assert app.top is below, f"Backspace on {name}, row {row}, did not go back"


def test_backspace_on_the_title_and_in_a_game_stays(make_app):
    from game.app import open_scene
    app = make_app(size=(1280, 720))
    open_scene(app, "title", 3)
    title = app.top
    press_backspace(app)
    assert app.top is title, "the title screen is left only by Quit"
    for info in registry.playable_games():
        open_scene(app, f"game:{info.name}", 3)
        game = app.top
        press_backspace(app)
        assert app.top is game, f"Backspace in {info.name} cancels a choice, it does not leave the game"
