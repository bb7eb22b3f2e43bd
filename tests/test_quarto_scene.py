"""A whole Quarto game through the scene, driven by posted mouse and keyboard events."""
import random

import pygame
import pytest

from game.play import start_game
from game.quarto import rules
from posting import click, key, reopen, run_until


def human_clicks(scene, rng):
    """Click a legal square, then a legal piece to give (or the finishing square)."""
    layout = scene.layout()
    legal = scene.state.legal_moves()
    phase = scene.state.phase
    if phase == "give":
        move = rng.choice(legal)
        click(layout.pool[move.piece].center)
        return
    move = rng.choice([m for m in legal if isinstance(m, rules.Place) and not m.call])
    click(layout.squares[move.square].center)
    if move.give is not None:
        click(layout.pool[move.give].center)


@pytest.mark.parametrize("seed", [1, 2])
def test_mouse_plays_a_whole_game_against_the_computer(make_app, seed):
    app = make_app(size=(1280, 720))
    app.store.settings["computer_pace"] = "instant"
    setup = {"players": 2, "seats": ["human", "random"], "options": {}}
    start_game(app, "quarto", setup, seed)
    scene = app.top
    rng = random.Random(seed)
    for _ in range(40):
        if scene.state.is_over():
            break
        if scene.humans_turn:
            moves_before = len(scene.state.log)
            human_clicks(scene, rng)
            app.tick(1 / 60)
            assert len(scene.state.log) == moves_before + 1, "the clicks did not make a move"
        else:
            assert run_until(app, lambda: scene.humans_turn or scene.state.is_over())
    assert scene.state.is_over()
    assert run_until(app, lambda: app.top.name == "result", frames=400)
    assert app.store.stats_for("quarto")["played"] == 1
    assert app.store.load_game() is None  # a finished game is no longer offered to continue


def test_keyboard_gives_then_places(make_app):
    app = make_app()
    app.store.settings["computer_pace"] = "instant"
    start_game(app, "quarto", {"players": 2, "seats": ["human", "human"], "options": {}}, 5)
    scene = app.top
    first = scene.state.to_move()
    assert scene.state.phase == "give"
    key(pygame.K_RETURN)                 # the focus starts on a piece: give it
    app.tick(1 / 60)
    assert scene.state.phase == "place" and scene.state.to_move() == 1 - first
    key(pygame.K_LEFT)                   # from the pool towards the board
    for _ in range(4):
        key(pygame.K_LEFT)
    key(pygame.K_RETURN)                 # a square
    app.tick(1 / 60)
    assert scene.chosen_square is not None
    key(pygame.K_RETURN)                 # the focus moved to a piece: give it
    app.tick(1 / 60)
    assert sum(p is not None for p in scene.state.board) == 1
    assert scene.state.to_move() == first


def test_undo_takes_back_the_move_and_the_reply(make_app):
    app = make_app()
    app.store.settings["computer_pace"] = "instant"
    start_game(app, "quarto", {"players": 2, "seats": ["human", "random"], "options": {}}, 11)
    scene = app.top
    assert run_until(app, lambda: scene.humans_turn)
    before = scene.state.to_notation()
    human_clicks(scene, random.Random(3))
    assert run_until(app, lambda: scene.humans_turn and scene.state.to_notation() != before)
    key(pygame.K_u)
    app.tick(1 / 60)
    assert scene.state.to_notation() == before


def test_resume_after_quitting_restores_the_position(make_app, tmp_path):
    app = make_app(data_dir=tmp_path)
    app.store.settings["computer_pace"] = "instant"
    start_game(app, "quarto", {"players": 2, "seats": ["human", "random"], "options": {"squares": True}}, 21)
    scene = app.top
    assert run_until(app, lambda: scene.humans_turn)
    human_clicks(scene, random.Random(1))
    assert run_until(app, lambda: scene.humans_turn)
    position = scene.state.to_notation()
    assert reopen(app, make_app, tmp_path).state.to_notation() == position


def test_call_mode_always_offers_quarto_so_the_button_gives_nothing_away(make_app):
    app = make_app()
    start_game(app, "quarto", {"players": 2, "seats": ["human", "human"], "options": {"call": "call"}}, 8)
    scene = app.top
    scene.apply(rules.Give(0))
    assert scene.state.claimable() == ()
    labels = [key for key, _ in scene.button_moves()]
    assert "quarto.button.claim" in labels           # no missed line, yet the button is there
    notation_before = scene.state.to_notation()
    scene.apply(rules.Claim())                        # a call without a line is refused, nothing changes
    assert scene.state.to_notation() == notation_before


def test_between_games_the_human_starts_the_next_one(make_app):
    app = make_app()
    app.store.settings["computer_pace"] = "instant"
    start_game(app, "quarto", {"players": 2, "seats": ["human", "random"], "options": {"games": 3}}, 13)
    scene = app.top
    rng = random.Random(4)
    while scene.state.phase != "between":
        if scene.humans_turn:
            scene.apply(rng.choice(scene.state.legal_moves()))
        else:
            assert run_until(app, lambda: scene.humans_turn or scene.state.phase == "between")
    for _ in range(300):
        app.tick(1 / 60)
    assert scene.state.phase == "between" and scene.state.game_no == 0   # the computer waits
    key(pygame.K_TAB)
    app.tick(1 / 60)
    assert scene.state.game_no == 1


def test_undo_while_the_computer_is_to_move_keeps_the_clock_running(make_app):
    """Issue 13: with the clock on, move and press Undo (U) while the computer is to move;
    the next frame raised TypeError in _run_clock (clock_left None) and the program exited."""
    app = make_app()
    app.store.settings["computer_pace"] = "slow"      # the computer has not answered yet
    start_game(app, "quarto", {"players": 2, "seats": ["human", "random"], "options": {"clock": True}}, 4)
    scene = app.top
    assert run_until(app, lambda: scene.humans_turn, frames=600)
    app.tick(1 / 60)
    assert scene.clock_left is not None
    scene.apply(scene.state.legal_moves()[0])
    app.tick(1 / 60)                                   # the computer's turn: no clock shown
    assert not scene.humans_turn and scene.clock_left is None
    scene.undo.take_back()                                       # (the kit now offers U only on a human's turn)
    app.tick(1 / 60)
    app.tick(1 / 60)
    assert scene.humans_turn
    assert scene.clock_left is not None and scene.clock_left > rules.MOVE_SECONDS - 1   # a fresh minute
