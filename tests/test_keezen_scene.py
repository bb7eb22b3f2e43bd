"""Keezen through the scene: posted keys, gamepad buttons and clicks against computer seats."""
import random

import pygame
import pytest

from game import record
from game.keezen import rules, words
from game.keezen.rules import NEST, Give, LayAway, Walk
from game.play import continue_game, start_game
from game.ui import input as inp
from posting import click, key, keys_to, pad, run_until

KEYS = {inp.UP: pygame.K_UP, inp.DOWN: pygame.K_DOWN, inp.LEFT: pygame.K_LEFT, inp.RIGHT: pygame.K_RIGHT,
        "confirm": pygame.K_RETURN, "back": pygame.K_BACKSPACE, "next": pygame.K_TAB}
PAD = {inp.UP: pygame.CONTROLLER_BUTTON_DPAD_UP, inp.DOWN: pygame.CONTROLLER_BUTTON_DPAD_DOWN,
       inp.LEFT: pygame.CONTROLLER_BUTTON_DPAD_LEFT, inp.RIGHT: pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
       "confirm": pygame.CONTROLLER_BUTTON_A, "back": pygame.CONTROLLER_BUTTON_B,
       "next": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER}


def press(device, name):
    if device == "pad":
        pad(PAD[name])
    else:
        key(KEYS[name])


def new_app(make_app, seats, options=None, seed=1, size=(960, 540), state=None, animation="instant", **launch):
    app = make_app(size=size, **launch)
    app.store.settings["computer_pace"] = "instant"
    app.store.settings["animation_speed"] = animation
    from game.app import open_scene
    open_scene(app, "title", None)
    setup = {"players": 4, "seats": list(seats), "options": options or {}}
    start_game(app, "keezen", setup, seed)
    scene = app.top
    if state is not None:
        scene.state = state
        scene.version += 1
    return app, scene


# ----------------------------------------------------------------------------- the cursor

def move_focus(app, scene, goal, device):
    for _ in range(60):
        if scene.focus == goal:
            return
        press(device, keys_to(scene, goal)[0])
        app.tick(1 / 60)
    raise AssertionError(f"the cursor did not reach {goal}")


def choose(app, scene, goal, device):
    """Bring the cursor to `goal` and confirm it (or click it with the mouse)."""
    if device == "mouse":
        rect = scene.targets(scene.layout()).get(goal).rect
        click(rect.center)
    else:
        move_focus(app, scene, goal, device)
        press(device, "confirm")
    app.tick(1 / 60)


def card_key(scene, rank):
    return ("hand", next(index for index, card in enumerate(scene.layout().hand_cards) if card.rank == rank))


def steps_of(scene, move):
    """The (pawn, end) choices of `move` in the order the scene offers them."""
    return next(steps for steps, option in scene.options() if option == move)


def play_by(app, scene, move, device):
    """Play `move` through the scene's chain of choices with `device`."""
    if isinstance(move, LayAway):
        assert "lay_away" in scene.layout().buttons
        if device == "mouse":
            click(scene.layout().buttons["lay_away"].center)
        else:
            press(device, "next")
        app.tick(1 / 60)
        return
    moves = len(scene.record.moves)
    choose(app, scene, card_key(scene, move.card), device)
    if isinstance(move, Give):
        assert scene.card == move.card
        press("keys" if device == "mouse" else device, "next")
        app.tick(1 / 60)
        return
    if len(scene.record.moves) > moves:
        return              # the card's one move was played at once
    assert scene.card == move.card, f"{device} did not choose the card of {move}"
    for pawn, end, _ in steps_of(scene, move):
        choose(app, scene, pawn, device)
        if len(scene.record.moves) > moves:
            return          # the pawn's one move was played at once
        assert scene.pawn == pawn
        choose(app, scene, end, device)


def play_game(app, scene, rng, devices=("keys", "pad", "mouse"), turns=2000):
    count = 0
    for _ in range(turns):
        state = scene.state
        if state.is_over():
            return count
        if not scene.can_play():
            assert run_until(app, lambda: scene.can_play() or scene.state.is_over(), 3000)
            continue
        move = rng.choice(state.legal_moves())
        before = state.turns, sum(map(len, state.hands)), len(state.played)
        play_by(app, scene, move, devices[count % len(devices)])
        after = scene.state
        assert (after.turns, sum(map(len, after.hands)), len(after.played)) != before, f"{move} was not played"
        count += 1
    raise AssertionError("the game did not end")


# ----------------------------------------------------------------------------- the tests

def test_a_whole_game_by_keys_gamepad_and_mouse(make_app):
    app, scene = new_app(make_app, ["human", "random", "random", "random"], seed=5)
    played = play_game(app, scene, random.Random(5))
    assert played >= 20
    assert scene.state.is_over() and len(scene.state.winners()) == 2
    assert run_until(app, lambda: app.top.name == "result", 600)
    assert app.store.load_game() is None      # a finished game is not resumed
    # back at the table to look at it, Confirm or a click on the result button brings it back
    key(pygame.K_BACKSPACE)
    assert run_until(app, lambda: app.top is scene, 30)
    key(pygame.K_RETURN)
    assert run_until(app, lambda: app.top.name == "result", 30)
    key(pygame.K_BACKSPACE)
    assert run_until(app, lambda: app.top is scene, 30)
    click(scene.layout().buttons["result"].center)
    assert run_until(app, lambda: app.top.name == "result", 30)


def seven_position(exchange=False):
    # blue has pawns on 3 and 10: a 7 split 3 + 4 is possible (hitting green on 14)
    return rules.from_notation("3,10,n,n/14,n,n,n/n,n,n,n/n,n,n,n 7,2,3,5,6/8,8,9,9,10/2,3,4,5,10/6,6,8,9,10 b r -", seed=2)


def test_seven_split_part_by_part_with_the_steps_left(make_app):
    app, scene = new_app(make_app, ["human", "random", "random", "random"], state=seven_position())
    app.tick(1 / 60)
    assert scene.can_play()
    choose(app, scene, card_key(scene, 7), "keys")
    choose(app, scene, ("spot", None, 10), "keys")
    assert scene.pawn == ("spot", None, 10)
    assert ("spot", None, 13) in scene.lit() and ("spot", None, 17) in scene.lit()
    choose(app, scene, ("spot", None, 13), "keys")       # 3 steps: 4 left for the other pawn
    assert scene.steps_left() == 4 and scene.state.turns == 0
    assert "4" in scene.status_text()
    press("keys", "back")                                 # back takes the part back
    app.tick(1 / 60)
    assert scene.steps == [] and scene.card == 7
    choose(app, scene, ("spot", None, 3), "pad")          # now the other order: the pawn on 3 first
    choose(app, scene, ("spot", None, 7), "pad")
    assert scene.steps_left() == 3
    choose(app, scene, ("spot", None, 10), "pad")       # its one way on, 3 steps to 13: played at once
    state = scene.state
    assert state.turns == 1 and sorted(state.pawn_squares(0)) == [NEST, NEST, 7, 13]
    assert "3" in scene.log.lines[-1] and "4" in scene.log.lines[-1]


def test_jack_swaps_your_pawn_with_the_other_one(make_app):
    state = rules.from_notation("5,n,n,n/20,n,n,n/n,n,n,n/n,n,n,n J,2,3,5,6/8,8,9,9,10/2,3,4,5,10/6,6,8,9,10 b r -", seed=3)
    app, scene = new_app(make_app, ["human", "random", "random", "random"], state=state)
    app.store.settings["play_forced"] = False     # every stage of the chain (tests/test_fewer_clicks.py: at once)
    app.tick(1 / 60)
    choose(app, scene, card_key(scene, rules.JACK), "pad")
    assert ("spot", None, 5) in scene.lit()
    choose(app, scene, ("spot", None, 5), "pad")
    assert scene.lit() == {("spot", None, 20)}
    choose(app, scene, ("spot", None, 20), "mouse")
    assert scene.state.pawn_squares(0)[0] == 20 and scene.state.pawn_squares(1)[0] == 5
    # the square in words: Green's pawn stood 4 squares past Green's start (issue 24)
    assert words.where(1, 20) in scene.log.lines[-1] and "20" not in scene.log.lines[-1]


def test_no_playable_card_is_said_and_laid_away_after_confirmation(make_app):
    state = rules.from_notation("n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n 2,3,5,6,9/8,8,9,9,10/2,3,4,5,10/6,6,8,9,10 b r -", seed=4)
    app, scene = new_app(make_app, ["human", "random", "random", "random"], state=state)
    app.tick(1 / 60)
    assert scene.only_lay_away()
    assert scene.status_text() == scene_text("status.lay_away")
    assert "lay_away" in scene.layout().buttons
    choose(app, scene, card_key(scene, 5), "keys")        # a card: refused with the reason
    assert scene.card is None and app.notices
    assert scene.state.turns == 0 and len(scene.state.hands[0]) == 5
    move_focus(app, scene, ("button", "lay_away"), "keys")
    press("keys", "confirm")
    app.tick(1 / 60)
    # the lay-away was the game's first move (the computers may have played after it in that tick)
    assert scene.state.hands[0] == [] and type(rules.parse_move(scene.record.moves[0])) is LayAway


def scene_text(name):
    from game.ui.i18n import t
    return t("keezen.scene." + name)


def test_exchange_gives_a_card_and_saves_and_resumes_exactly(make_app):
    app, scene = new_app(make_app, ["human", "random", "random", "random"], options={"exchange": True}, seed=7)
    assert run_until(app, lambda: scene.can_play())
    assert scene.state.phase == rules.EXCHANGE
    rank = scene.layout().hand_cards[0].rank
    play_by(app, scene, Give(rank), "pad")
    assert scene.state.giving[0] is not None or scene.state.phase == rules.PLAY
    rng = random.Random(7)
    for _ in range(6):        # a few real moves; every one is saved
        assert run_until(app, lambda: scene.can_play() or scene.state.is_over(), 3000)
        play_by(app, scene, rng.choice(scene.state.legal_moves()), "keys")
    saved = record.from_dict(app.store.load_game()).replay().to_dict()
    assert saved == scene.state.to_dict()
    from game.app import open_scene
    open_scene(app, "title", None)
    continue_game(app)
    resumed = app.top
    assert resumed is not scene and resumed.state.to_dict() == saved
    assert resumed.state.to_notation() == scene.state.to_notation()


def test_undo_takes_back_the_turn_but_never_a_deal(make_app):
    state = rules.from_notation("5,n,n,n/20,n,n,n/n,n,n,n/n,n,n,n 2,3,6,8,9/8,8,9,9,10/2,3,4,5,10/6,6,8,9,10 b r -", seed=5)
    app, scene = new_app(make_app, ["human", "random", "random", "random"], state=state)
    app.tick(1 / 60)
    before = scene.state.to_dict()
    play_by(app, scene, Walk(3, ((0, 5, 3),)), "pad")
    assert scene.state.pawn_squares(0)[0] == 8
    assert run_until(app, lambda: scene.can_play())       # the computers have answered
    assert scene.state.turns == 4
    pad(pygame.CONTROLLER_BUTTON_Y)                          # undo: back to before the human's move
    app.tick(1 / 60)
    assert scene.state.to_dict() == before
    # the last card of a hand deals the next one: undo stops there
    rng, dealt = random.Random(5), False
    while not dealt:
        assert run_until(app, lambda: scene.can_play() or scene.state.is_over(), 3000)
        move = rng.choice(scene.state.legal_moves())
        dealt = scene.state.reveals(move)
        play_by(app, scene, move, "keys")
    assert scene.undo.stack == [] and not scene.undo.possible()


def test_pawns_walk_square_by_square_and_a_hit_pawn_flies_home_after(make_app):
    # blue's 9 from 5 walks to 14 and hits green there
    state = rules.from_notation("5,n,n,n/14,n,n,n/n,n,n,n/n,n,n,n 9,2,3,6,8/8,8,9,9,10/2,3,4,5,10/6,6,8,9,10 b r -", seed=6)
    app, scene = new_app(make_app, ["human", "random", "random", "random"], state=state, animation="normal")
    app.tick(1 / 60)
    play_by(app, scene, Walk(9, ((0, 5, 9),)), "keys")
    walker, victim = scene.motion.animator.flights[("pawn", 0)], scene.motion.animator.flights[("pawn", 4)]
    board = scene.layout().board
    assert [rect.center for rect in walker.path[1:]] == [board.square(0, square) for square in range(6, 15)]
    assert victim.path[-1].center == board.square(1, NEST, 0)
    assert all(rect.center == board.square(1, 14) for rect in victim.path[1:-1])   # it waits for the walker
    assert len(victim.path) > len(walker.path) - 1
    assert words.where(1, 14) in scene.log.lines[-1] and scene_text("log.hits").split()[0] in scene.log.lines[-1]


def test_hot_seat_shows_the_hand_over_screen(make_app):
    app, scene = new_app(make_app, ["human", "random", "human", "random"], seed=6)
    app.tick(1 / 60)
    assert run_until(app, lambda: app.top.name == "hand_over", 2000)
    assert scene.face_up_seat() is None
    key(pygame.K_RETURN)
    app.tick(1 / 60)
    assert scene.face_up_seat() == scene.state.to_move()


@pytest.mark.parametrize("size,couch", [((1920, 1080), False), ((960, 540), False), ((1920, 1080), True)])
@pytest.mark.parametrize("language", ["en", "nl"])
def test_every_text_fits(make_app, size, couch, language):
    """Status lines, plates, buttons and the log's longest lines fit without being cut, in
    both languages, at 960x540, 1920x1080 and in couch mode."""
    from game.ui import theme
    from game.ui.i18n import keys, set_language, t
    from game.ui.table.panels import StatusLine
    from game.ui.text import render, wrap
    app, scene = new_app(make_app, ["human", "random", "human", "random"], size=size, couch=couch)
    set_language(language)
    try:
        layout, u = scene.layout(), app.u
        longest_name = max((t("seat.you"),) + tuple(
            t(f"keezen.colour.{name}") for name in rules.COLOUR_NAMES), key=len)
        params = dict(name=longest_name, colour=longest_name, a=longest_name, b=longest_name, n=7, card="Q",
                      parts="", hit="", square="h4", deck=9, hand=3)
        status = StatusLine()
        for name in sorted(key for key in keys(language) if key.startswith("keezen.scene.status.")):
            text = t(name, **params)
            size_, lines = status.lines(text, layout.status.w - int(40 * u), u)
            assert " ".join(lines) == text, f"{name} is cut: {lines}"
        for plate in layout.plates.values():
            for detail in (t("keezen.scene.plate.partner"), t("keezen.scene.plate.opponent"), longest_name):
                text = f"{detail} \u00b7 " + t("keezen.scene.plate.home", n=8)
                assert render(text, int(theme.TINY * u)).get_width() <= plate.w - int(28 * u), text
        button_w = min(layout.hand_area.w, int(340 * u)) - int(16 * u)
        for name in ("lay_away", "give", "result"):
            text = t("keezen.scene.button." + name, card=max((words.card_word(rank) for rank in range(1, 14)), key=len))
            assert render(text, int(theme.SMALL * u), bold=True).get_width() <= button_w, text
        for count in (2, 3):     # a 7 in two parts hitting once, in three parts hitting twice
            hits = ", " + ", ".join([t("keezen.scene.log.hits", colour=longest_name, square="63")] * (count - 1))
            parts = t("keezen.scene.log.and").join(t("keezen.scene.log.steps", n=n) for n in (3, 2, 2)[:count])
            text = t("keezen.scene.log.walk", name=longest_name, card="7", parts=parts, hit=hits)
            assert len(wrap(text, int(theme.TINY * u), layout.log.w)) <= count, text
    finally:
        set_language("en")
