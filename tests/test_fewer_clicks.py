"""Fewer clicks, no traps (issue 24): a forced move in one action, the Menu and Back buttons,
a computer's card face up as it flies and what follows it waiting until it lands.

Everything goes through posted pygame events, as a player's devices send them; the press
counts of a forced Keezen entry are counted from the events posted and printed (pytest -s).
"""
import pygame
import pytest

import posting
from game.app import open_scene
from game.keezen import rules as keezen_rules
from game.play import start_game
from game.ui import input as inp

CONFIRM = {"keys": pygame.K_RETURN, "pad": pygame.CONTROLLER_BUTTON_A}


class Presses:
    """Posts a player's presses and counts them: a click, a key or a pad button is one (a
    mouse motion that only points is not)."""

    def __init__(self, app, scene, device):
        self.app, self.scene, self.device, self.count = app, scene, device, 0

    def tick(self):
        self.app.tick(1 / 60)

    def choose(self, goal):
        """Bring the cursor to `goal` and confirm it, or click it."""
        if self.device == "mouse":
            posting.click(self.scene.targets(self.scene.layout()).get(goal).rect.center)
            self.count += 1
        else:
            for _ in range(40):
                if self.scene.focus == goal:
                    break
                direction = posting.keys_to(self.scene, goal)[0]
                if self.device == "pad":
                    posting.pad(posting.DPAD[direction])
                else:
                    posting.key(posting.ARROWS[direction])
                self.count += 1
                self.tick()
            assert self.scene.focus == goal
            if self.device == "pad":
                posting.pad(CONFIRM["pad"])
            else:
                posting.key(CONFIRM["keys"])
            self.count += 1
        self.tick()


def keezen_app(make_app, notation, forced=True, size=(1920, 1080), seed=1):
    app = make_app(size=size)
    app.store.settings.update(computer_pace="instant", animation_speed="instant", play_forced=forced)
    open_scene(app, "title", None)
    start_game(app, "keezen", {"players": 4, "seats": ["human", "random", "random", "random"], "options": {}}, seed)
    scene = app.top
    scene.state = keezen_rules.from_notation(notation, seed=seed)
    scene.version += 1
    app.tick(1 / 60)
    assert scene.can_play()
    return app, scene


# blue's four pawns in the nest, a king and four cards that cannot move: the entry is forced
FORCED_ENTRY = "n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n K,2,3,5,6/8,8,9,9,10/2,3,4,5,10/6,6,8,9,10 b r -"


def hand_key(scene, rank):
    return ("hand", next(i for i, card in enumerate(scene.layout().hand_cards) if card.rank == rank))


def entry_presses(make_app, device, forced):
    """The presses from the start of the turn until the forced entry is played."""
    app, scene = keezen_app(make_app, FORCED_ENTRY, forced)
    presses = Presses(app, scene, device)
    presses.choose(hand_key(scene, keezen_rules.KING))
    while not scene.record.moves:
        lit = sorted(scene.lit(), key=str)
        assert lit, "the chain of choices stopped before the move"
        presses.choose(lit[0])
    assert keezen_rules.parse_move(scene.record.moves[0]) == keezen_rules.Enter(keezen_rules.KING, 0)
    return presses.count


@pytest.mark.parametrize("device", ["mouse", "keys", "pad"])
def test_a_forced_keezen_entry_takes_one_choice(make_app, device):
    before = entry_presses(make_app, device, forced=False)
    after = entry_presses(make_app, device, forced=True)
    print(f"\nforced Keezen entry by {device}: {before} presses with the setting off, {after} with it on")
    assert after == before - 2          # the pawn in the nest and its start square are no longer asked
    assert after == (1 if device == "mouse" else 3)     # the king is two steps right of the middle card


def test_the_setting_is_on_the_settings_screen_and_turns_it_off(make_app, tmp_path):
    app = make_app()
    open_scene(app, "settings", None)
    app.tick(1 / 60)
    from game.ui.i18n import t
    row = next(w for w in app.top.list.widgets if w.label == t("settings.play_forced"))
    assert app.store.settings["play_forced"] is True
    app.top.list.focus = app.top.list.widgets.index(row)
    posting.key(pygame.K_LEFT)
    app.tick(1 / 60)
    assert app.store.settings["play_forced"] is False
    assert entry_presses(make_app, "mouse", forced=False) == 3


# ----------------------------------------------------------------------------- Menu and Back

GAMES = ["keezen", "kings_corners", "kingen", "vier_koningen", "quarto"]


def game_app(make_app, game, size=(1920, 1080), couch=False):
    app = make_app(size=size)
    app.store.settings.update(computer_pace="slow", animation_speed="instant", couch=couch)
    open_scene(app, "title", None)
    from game import registry
    from game.menu.setup import clean_setup
    start_game(app, game, clean_setup(registry.game(game), {}), 3)
    app.tick(1 / 60)
    return app, app.top


@pytest.mark.parametrize("game", GAMES)
def test_every_table_has_a_menu_button_that_a_click_opens(make_app, game):
    app, scene = game_app(make_app, game)
    key = ("button", "menu")
    target = scene.table_targets(scene.layout()).get(key)
    assert target is not None, "no Menu button"
    posting.click(target.rect.center)
    app.tick(1 / 60)
    assert app.top.name == "pause"
    posting.key(pygame.K_ESCAPE)          # back at the table, then by the cursor alone
    app.tick(1 / 60)
    assert app.top is scene
    posting.move_focus(app, scene, key)
    posting.pad(pygame.CONTROLLER_BUTTON_A)
    app.tick(1 / 60)
    assert app.top.name == "pause"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size,couch", [((960, 540), False), ((1920, 1080), False), ((1920, 1080), True)])
def test_the_menu_button_covers_nothing_of_the_table(make_app, game, size, couch):
    app, scene = game_app(make_app, game, size, couch)
    rect = scene.table_targets(scene.layout()).get(("button", "menu")).rect
    if scene.corner_button() is not None:         # the corner of the legend bar, below the table
        assert rect.top >= app.content_rect().bottom and rect.right <= app.size[0]
    others = [t for t in scene.targets(scene.layout()).all if t.key != ("button", "menu")]
    assert not [t.key for t in others if t.rect.colliderect(rect)]


@pytest.mark.parametrize("screen", ["settings", "stats", "recent", "setup:keezen"])
def test_screens_have_a_back_button_by_mouse_and_cursor(make_app, screen):
    app = make_app()
    open_scene(app, "title", None)
    open_scene(app, screen, None)
    while app.top.name != screen.split(":")[0]:
        app.pop()              # (a first start offers the guided first game)
    app.tick(1 / 60)
    label, action, focused = app.top.corner_button()
    assert action == inp.BACK and not focused
    rect = app.corner_rect(label)
    assert rect.top >= app.content_rect().bottom
    posting.click(rect.center)
    app.tick(1 / 60)
    assert app.top.name == "title"
    open_scene(app, screen, None)
    app.tick(1 / 60)
    scene = app.top
    focusable = [w for w in scene.list.widgets if w.focusable]
    if focusable:
        scene.list.focus = scene.list.widgets.index(focusable[-1])
    posting.key(pygame.K_DOWN)          # down from the last row (or with no rows): the Back button
    app.tick(1 / 60)
    assert scene.corner_button()[2] and scene.list.focused is None
    posting.key(pygame.K_RETURN)
    app.tick(1 / 60)
    assert app.top.name == "title"


def test_the_rules_page_has_a_back_button(make_app):
    app = make_app(size=(960, 540))
    open_scene(app, "setup:kingen", None)
    while app.top.name != "setup":
        app.pop()
    open_scene_under = app.top
    from game.menu.rules_help import RulesOverlay
    app.push(RulesOverlay(app, "kingen"))
    app.tick(1 / 60)
    posting.click(app.corner_rect(app.top.corner_button()[0]).center)
    app.tick(1 / 60)
    assert app.top is open_scene_under
