"""Fewer clicks, no traps (issue 24): a forced move in one action, the Menu and Back buttons,
a computer's card face up as it flies and what follows it waiting until it lands.

Everything goes through posted pygame events, as a player's devices send them; the press
counts of a forced Keezen entry are counted from the events posted and printed (pytest -s).
"""
import pygame
import pytest

import posting
from game import registry
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

GAMES = [info.name for info in registry.playable_games()]


def game_app(make_app, game, size=(1920, 1080), couch=False):
    app = make_app(size=size)
    app.store.settings.update(computer_pace="slow", animation_speed="instant", couch=couch)
    open_scene(app, "title", None)
    from game.menu.setup import clean_setup
    start_game(app, game, clean_setup(registry.game(game), {}), 3)
    app.tick(1 / 60)
    return app, app.top


@pytest.mark.parametrize("game", GAMES)
def test_every_table_has_a_menu_button_that_a_click_opens(make_app, game):
    app, scene = game_app(make_app, game)
    key = ("button", "menu")
    target = scene.controls.targets(scene.layout()).get(key)
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
    rect = scene.controls.targets(scene.layout()).get(("button", "menu")).rect
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


# ----------------------------------------------------------------------------- a computer's card in the air

def watch_computer_cards(app, scene, plays=3, frames=6000, until=None):
    """Step frames until computers have played `plays` cards from their hands; for each, while
    it flies: it shows its face from the first frame, and the status line still says what it
    said before the move (its next turn or deal end waits), until it has landed. Returns the
    checks made (frames in flight)."""
    from game.base import CardMoved
    shown_at_move = []       # the line just before each move (read there: within one frame a
    real_apply = scene.apply  # flight can land and the next computer move come)
    scene.apply = lambda move: (shown_at_move.append(scene.shown_status()), real_apply(move))[1]
    seen, checked, version = 0, 0, scene.version
    for _ in range(frames):
        app.tick(1 / 60)
        if scene.version != version:
            version, before = scene.version, shown_at_move[-1]
            mover = scene.log.entries[-1][0]
            cards = [e.card for e in scene.state.events
                     if type(e) is CardMoved and e.source.startswith("hand:") and e.face_up]
            if cards and mover is not None and not scene.is_human(mover) and scene.motion.animator.busy(scene.time):
                seen += 1
                after = scene.status_text()
                for card in cards:
                    assert scene.motion.animator.flights[card].look == "face", "the card left the hand face down"
                while scene.motion.animator.busy(scene.time):
                    assert scene.words_held() and scene.shown_status() == before
                    assert after == before or scene.shown_status() != after
                    for key, _, look, _ in scene.motion.animator.in_flight(scene.time):
                        if key in cards and scene.motion.animator.goals[key][1] == "face":
                            assert look == "face"     # (one going on to a stack turns half-way)
                    if checked % 40 == 0:        # drawn a few times a flight (a frame costs)
                        app.draw(1.0)
                    checked += 1
                    scene.update(1 / 120)        # (no input, no computer move: the flight goes on)
                assert scene.shown_status() == scene.status_text()
                if (until is None and seen >= plays) or (until is not None and until()):
                    del scene.apply
                    return checked
    raise AssertionError(f"only {seen} computer cards seen")


@pytest.mark.parametrize("game", ["kingen", "kings_corners"])
def test_a_computer_card_flies_face_up_and_the_next_turn_waits(make_app, game, monkeypatch):
    from game.kingen import draw as kingen_draw
    from game.menu.setup import clean_setup
    app = make_app(size=(1280, 720))
    app.store.settings.update(computer_pace="instant", animation_speed="slow")
    open_scene(app, "title", None)
    setup = clean_setup(registry.game(game), {})
    setup["seats"] = ["normal"] * len(setup["seats"])       # computers alone: their cards only
    start_game(app, game, setup, 11)
    scene = app.top
    drawn = []
    real_led = kingen_draw.led
    monkeypatch.setattr(kingen_draw, "led", lambda surface, layout, leader: (drawn.append(leader),
                                                                            real_led(surface, layout, leader)))
    if game == "kingen":      # the first card of a trick: "led" waits until it has landed
        assert run_to_lead(app, scene)
        drawn.clear()
        while scene.motion.animator.busy(scene.time):
            scene._layer = type(scene._layer)()     # paint the table afresh each frame
            app.draw(1.0)
            scene.update(1 / 120)
        assert not [leader for leader in drawn if leader == scene.state.leader and scene.state.trick]
    assert watch_computer_cards(app, scene) > 3
    # the deal's last card: its end is said once the card has landed
    assert watch_computer_cards(app, scene, frames=20000, until=scene.at_break) > 0
    assert scene.at_break() and not scene.words_held()


def run_to_lead(app, scene, frames=6000):
    """Frames until a computer has just led a trick and its card is in the air."""
    for _ in range(frames):
        app.tick(1 / 60)
        state = scene.state
        if len(getattr(state, "trick", [])) == 1 and scene.motion.animator.busy(scene.time):
            return True
    return False


# ----------------------------------------------------------------------------- setup lists that fit

@pytest.mark.parametrize("game,size,couch", [
    ("keezen", (1920, 1080), True), ("keezen", (960, 540), True), ("keezen", (960, 540), False),
    ("kingen", (960, 540), False), ("kingen", (1920, 1080), False),
    ("quarto", (960, 540), False), ("quarto", (1920, 1080), False), ("vier_koningen", (960, 540), True)])
def test_a_setup_list_that_fits_the_screen_does_not_scroll(make_app, game, size, couch):
    app = make_app(size=size)
    app.store.settings.update(couch=couch, lessons_offered=[game])
    open_scene(app, f"setup:{game}", None)
    app.tick(1 / 60)
    scene = app.top
    assert not scene.list.scrolls()
    widgets = scene.list.widgets
    assert all(scene.list.area.contains(w.rect) for w in widgets[:len(widgets) - scene.pinned])
    assert widgets[-1].rect.bottom <= app.content_rect().bottom
    for upper, lower in zip(widgets, widgets[1:]):
        assert upper.rect.bottom <= lower.rect.top          # nothing on top of anything
    from game.ui import theme
    assert scene.list.row_height >= theme.BODY * app.u * 1.4 - 1   # the text still has room


@pytest.mark.parametrize("forced", [True, False])
def test_a_kings_corners_card_with_one_place_goes_there_at_once(make_app, forced):
    from game.kings_corners.rules import PlayCard
    from game.menu.setup import clean_setup
    for seed in range(1, 40):
        app = make_app(size=(1280, 720))
        app.store.settings.update(computer_pace="instant", animation_speed="instant", play_forced=forced)
        open_scene(app, "title", None)
        start_game(app, "kings_corners", clean_setup(registry.game("kings_corners"), {"players": 2}), seed)
        scene = app.top
        assert posting.run_until(app, lambda scene=scene: scene.can_play())
        layout = scene.layout()
        only = [(i, card) for i, card in enumerate(layout.hand_cards) if len(scene.state.card_targets(card)) == 1]
        if only:
            break
    index, card = only[0]
    place = scene.state.card_targets(card)[0]
    played = len(scene.state.history)
    presses = Presses(app, scene, "mouse")
    presses.choose(("hand", index))
    if forced:
        assert len(scene.state.history) > played and scene.state.history[played] == PlayCard(card, place)
    else:
        assert len(scene.state.history) == played and scene.selected == ("card", card)
        presses.choose(("place", place))
        assert scene.state.history[played] == PlayCard(card, place)
    assert presses.count == (1 if forced else 2)


def test_a_review_has_a_back_button(make_app):
    app = make_app(size=(960, 540))
    open_scene(app, "review:kingen", 2)
    app.tick(1 / 60)
    assert app.top.name == "review"
    posting.click(app.corner_rect(app.top.corner_button()[0]).center)
    app.tick(1 / 60)
    assert app.top.name == "title"


def test_a_seven_is_played_at_once_only_when_its_whole_split_has_one_way(make_app):
    # one pawn out: the 7 can only walk it seven squares
    app, scene = keezen_app(make_app, "3,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n 7,2,4,5,6/8,8,9,9,10/2,3,4,5,10/6,6,8,9,10 b r -")
    sevens = {m for m in scene.state.legal_moves() if getattr(m, "card", None) == 7}
    assert len(sevens) == 1
    Presses(app, scene, "mouse").choose(hand_key(scene, 7))
    assert keezen_rules.parse_move(scene.record.moves[0]) == sevens.pop()
    # two pawns out: the 7 may be split, so choosing it asks for the first pawn
    app, scene = keezen_app(make_app, "3,10,n,n/n,n,n,n/n,n,n,n/n,n,n,n 7,2,4,5,6/8,8,9,9,10/2,3,4,5,10/6,6,8,9,10 b r -")
    Presses(app, scene, "mouse").choose(hand_key(scene, 7))
    assert not scene.record.moves and scene.card == 7 and len(scene.lit()) == 2


@pytest.mark.parametrize("game", ["quarto", "vier_koningen"])
def test_quarto_and_4_koningen_say_the_next_turn_once_the_move_has_landed(make_app, game, monkeypatch):
    """Quarto's computers (a piece placed or handed over) and 4 Koningen's autoplay (cards
    taken, drawn, laid): while what a move set flying is in the air, the status line drawn
    still says what it said before the move; once it has landed, the new words."""
    from game.menu.setup import clean_setup
    from game.vier_koningen import draw as vk_draw
    app = make_app(size=(1280, 720))
    app.store.settings.update(computer_pace="instant", animation_speed="fast")
    open_scene(app, "title", None)
    setup = clean_setup(registry.game(game), {})
    setup["seats"] = ["normal"] * len(setup["seats"])
    start_game(app, game, setup, 9)       # (4 Koningen's line changes after 164 moves: game 7's after 272)
    scene = app.top
    if game == "vier_koningen":
        scene.set_autoplay(True)       # the helper plays the solo seat
    drawn = []
    if game == "quarto":
        real = scene.draw_status
        monkeypatch.setattr(scene, "draw_status", lambda surface, text, *rest, **kw: (drawn.append(text),
                                                                                     real(surface, text, *rest, **kw))[1])
    else:
        real = vk_draw.lines
        monkeypatch.setattr(vk_draw, "lines", lambda surface, frame, text, *rest: (drawn.append(text),
                                                                                  real(surface, frame, text, *rest))[1])
    flights = changed = checked = 0
    need = 3 if game == "quarto" else 1      # 4 Koningen's line changes with the round's stage, not each card
    version = scene.version
    before = scene.shown_status()
    for _ in range(20000):
        app.tick(1 / 60)
        if scene.version != version:
            version = scene.version
            if scene.motion.animator.busy(scene.time):
                flights += 1
                after = scene.status_text()
                changed += after != before
                while scene.motion.animator.busy(scene.time):
                    assert scene.words_held() and scene.shown_status() == before
                    if checked % (4 if after != before else 40) == 0:     # drawn a few times a flight (a frame costs)
                        drawn.clear()
                        app.draw(1.0)
                        assert drawn == [before], (before, after)
                    checked += 1
                    scene.update(1 / 30)        # (no input, no computer move: the flight goes on)
                drawn.clear()
                app.draw(1.0)
                assert drawn == [scene.status_text()]
                if flights >= 6 and changed >= need:
                    break
        if app.top is not scene:
            break                          # the game is over: its end is on screen
        before = scene.shown_status()      # (drawn as such: checked while each flight is in the air)
    assert flights >= 6 and changed >= need and checked > flights, (flights, changed, checked)
