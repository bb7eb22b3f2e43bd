"""Keezen's guided first game (game/keezen/lesson.py): checked through the rules, its points
found in the order it teaches them, then played to its end through the real app loop by
posted events (mouse, keyboard and gamepad in turn), the pointer on each part of a move as
it is chosen, a wrong move refused with the lesson's reason, a break and Continue in the
middle, and the hand-over to an ordinary game played to its end and counted in no
statistics."""
import random

import pygame

from game.app import open_scene
from game.base import PawnSentHome
from game.keezen import rules
from game.keezen.layout import spot
from game.keezen.lesson import LESSON
from game.keezen.rules import HOME, NEST, START, Enter, LayAway, Swap, Walk
from game.lesson import Reply, Say, Teach, check
from game.ui import input as inp
from game.ui.i18n import t
from lessons import at_the_end, check_words, hand_over, lesson_app, lesson_codes, resume
from posting import click, key, keys_to, pad, run_until

SIZE = (960, 540)
KEYS = {inp.UP: pygame.K_UP, inp.DOWN: pygame.K_DOWN, inp.LEFT: pygame.K_LEFT, inp.RIGHT: pygame.K_RIGHT,
        "confirm": pygame.K_RETURN, "next": pygame.K_TAB}
PAD = {inp.UP: pygame.CONTROLLER_BUTTON_DPAD_UP, inp.DOWN: pygame.CONTROLLER_BUTTON_DPAD_DOWN,
       inp.LEFT: pygame.CONTROLLER_BUTTON_DPAD_LEFT, inp.RIGHT: pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
       "confirm": pygame.CONTROLLER_BUTTON_A, "next": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER}


def test_every_scripted_move_is_legal_where_it_comes():
    check(LESSON, rules)


def test_every_word_of_the_lesson_is_said_in_both_languages():
    check_words(LESSON, "keezen")


def taught(state, move) -> set:
    """What the player's `move` in `state` shows (played on a copy)."""
    after = state.copy()
    after.play(move)
    queens = [m for m in state.legal_moves() if getattr(m, "card", None) == 12]
    holds_queen = 12 in [card.rank for card in state.hands[0]]
    points = set()
    if type(move) is Enter:
        points.add("enter" if move.colour == 0 else "partner")
    if type(move) is Swap:
        points.add("jack")
    if type(move) is LayAway:
        points.add("lay away")
    if any(type(event) is PawnSentHome and event.colour in (1, 3) for event in after.events):
        points.add("hit")
    if holds_queen and not queens and state.board[16] >= 0 and state.board[16] >> 2 == 1:
        points.add("the start square blocks")          # green's pawn on its start: the queen has no way
    if type(move) is Walk:
        ends = [rules.walk_path(colour, square, steps)[-1] for colour, square, steps in move.parts]
        if move.card == 4 and move.parts[0][1] == 0 and ends[0] >= 60:
            points.add("4 back past the start")
        if move.card == 7 and [part[0] for part in move.parts[:2]] == [0, 0]:
            points.add("7 split")
        if move.card == 7 and move.parts[-1][0] == 2 and after.finished(0):
            points.add("the rest for the partner")
        for (colour, square, _), end in zip(move.parts, ends):
            if colour == 0 and square < HOME <= end and holds_queen \
                    and not any(queen.parts[0][1] == square for queen in queens):
                points.add("home by exact count")      # where the queen would walk that pawn too far
    return points


def test_the_deal_teaches_the_points_in_order_and_the_computers_spare_blue_and_yellow():
    state = rules.new_game(LESSON.seed, 4, dict(LESSON.setup["options"]))
    order = []
    for step in LESSON.steps:
        if isinstance(step, Say):
            continue
        move = rules.parse_move(step.code)
        if isinstance(step, Teach):
            order += sorted(point for point in taught(state, move) if point not in order)
            state.play(move)
        else:
            state.play(move)
            assert not any(type(event) is PawnSentHome and event.colour in (0, 2) for event in state.events), step
    assert order == ["enter", "the start square blocks", "hit", "4 back past the start", "home by exact count",
                     "7 split", "jack", "the rest for the partner", "partner", "lay away"]
    assert isinstance(LESSON.steps[-1], Teach) and LESSON.steps[-1].code == "away"
    assert LESSON.setup["options"] == {"exchange": False, "time_limit": False}   # an ordinary game's rules


# ----------------------------------------------------------------------------- through the app

def press(device, name):
    if device == "pad":
        pad(PAD[name])
    else:
        key(KEYS[name])


def choose(app, scene, goal, device):
    """The cursor to `goal` and confirm (or a click on it)."""
    if device == "mouse":
        click(scene.targets(scene.layout()).get(goal).rect.center)
    else:
        for _ in range(60):
            if scene.focus == goal:
                break
            press(device, keys_to(scene, goal)[0])
            app.tick(1 / 60)
        assert scene.focus == goal, f"the cursor did not reach {goal}"
        press(device, "confirm")
    app.tick(1 / 60)


def places(scene, move) -> list:
    """The targets chosen one after another to play `move`: the card, then each pawn and
    where it goes (a 7 part by part, in the order of its code)."""
    if type(move) is LayAway:
        return [("button", "lay_away")]
    card = ("hand", next(index for index, c in enumerate(scene.layout().hand_cards) if c.rank == move.card))
    if type(move) is Enter:
        return [card, spot(move.colour, NEST), spot(move.colour, START[move.colour])]
    if type(move) is Swap:
        return [card, spot(move.colour, move.square), spot(move.other_colour, move.other_square)]
    return [card] + [place for colour, square, steps in move.parts
                     for place in (spot(colour, square), spot(colour, rules.walk_path(colour, square, steps)[-1]))]


def pointed(scene):
    return scene.coach._target_rects()


def play_step(app, scene, device):
    """The step's taught move, part by part, the pointer on each part before it is chosen."""
    step, count = scene.coach.step, len(scene.record.moves)
    move = rules.parse_move(step.code)
    for goal in places(scene, move):
        assert pointed(scene) == [scene.targets(scene.layout()).get(goal).rect], (step.code, goal)
        if goal == ("button", "lay_away") and device != "mouse":
            press(device, "next")                  # the turn's step: Tab or the right shoulder
            app.tick(1 / 60)
        else:
            choose(app, scene, goal, device)
    assert scene.record.moves[count:count + 1] == [step.code]


def wait_for_turn(app, scene):
    """Until the lesson waits for the player (a move or words) and nothing flies."""
    assert run_until(app, lambda: not isinstance(scene.coach.step, Reply) and not scene.motion.busy(), frames=900), \
        scene.coach.done


def test_the_lesson_played_to_its_end_by_mouse_keyboard_and_gamepad(make_app, tmp_path):
    app = lesson_app(make_app, tmp_path, SIZE)
    open_scene(app, "learn:keezen", None)
    scene = app.top
    assert scene.coach.done == 0 and isinstance(scene.coach.step, Say)
    key(pygame.K_RETURN)                                       # words: the keyboard goes on
    app.tick(1 / 60)
    assert scene.coach.done == 1 and not scene.record.moves    # the computers wait for the words
    click(scene.coach.panel_rect.center)                       # words: a click on them
    app.tick(1 / 60)
    assert scene.coach.done >= 2

    devices = ("mouse", "keys", "pad")
    played = 0
    while not scene.coach.finished():
        wait_for_turn(app, scene)
        step = scene.coach.step
        if step.key == "keezen.lesson.four":                   # a 4 for the wrong pawn: refused
            before = list(scene.record.moves)
            for goal in [("hand", 0), ("spot", None, 26), ("spot", None, 22)]:
                choose(app, scene, goal, "mouse")
            assert app.notices[-1][0] == t("keezen.lesson.four.wrong")
            assert scene.record.moves == before and scene.coach.step is step
            assert scene.card is None                          # the move starts again from its card
        play_step(app, scene, devices[played % 3])
        played += 1
        if step.key == "keezen.lesson.escape":                 # a break, and Continue
            wait_for_turn(app, scene)
            done, position = scene.coach.done, scene.state.to_notation()
            scene = resume(app, make_app, tmp_path, size=SIZE)
            app = scene.app
            assert scene.coach is not None
            assert scene.coach.done == done and scene.state.to_notation() == position
            assert scene.record.moves == lesson_codes(LESSON, done)
    assert played == sum(isinstance(step, Teach) for step in LESSON.steps)
    at_the_end(scene, LESSON)

    hand_over(app, scene, LESSON)                              # Confirm hands the game over

    rng = random.Random(7)
    for turn in range(400):                                    # an ordinary game, to its end
        assert run_until(app, lambda: scene.can_play() or scene.state.is_over(), frames=3000)
        if scene.state.is_over():
            break
        move = rng.choice(scene.state.legal_moves())
        count = len(scene.record.moves)
        for goal in places(scene, move):
            if len(scene.record.moves) > count:
                break                  # its one way on was played at once (the setting's default)
            if goal[0] == "button":
                click(scene.layout().buttons["lay_away"].center)
                app.tick(1 / 60)
            else:
                choose(app, scene, goal, devices[turn % 3])
        assert scene.record.moves[count:count + 1] == [move.code]
    assert scene.state.is_over()
    assert run_until(app, lambda: app.top.name == "result", frames=600)
    assert all(row.get("played", 0) == 0 for row in app.store.stats.values())   # counted nowhere
