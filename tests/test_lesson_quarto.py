"""Quarto's guided first game (game/quarto/lesson.py): checked through the rules, then played
to its end through the real app loop by posted events (keyboard, mouse and gamepad), with a
wrong move refused at a words-only step, at a give and at a place-and-give, a break and
Continue in the middle, and the hand-over to an ordinary game counted in no statistics."""
import random

import pygame

from game.app import open_scene
from game.lesson import Reply, Say, Teach, check
from game.quarto import rules
from game.quarto.lesson import LESSON
from game.ui.i18n import t
from lessons import A, check_words, codes, hand_over, last_words, lesson_app, lesson_codes, notice, resume, settle
from posting import click, key, move_focus, pad, run_until


def test_every_scripted_move_is_legal_where_it_comes():
    check(LESSON, rules)


def test_every_word_of_the_lesson_is_said_in_both_languages():
    check_words(LESSON, "quarto")


def completes_a_line(state, piece) -> bool:
    """Whether `piece` placed on some empty square completes a group sharing an attribute."""
    return any(square in group and all(state.board[other] is not None for other in group if other != square)
               and rules.shared([piece if other == square else state.board[other] for other in group], state.mask)
               for square in state.empty_squares() for group in (rules.GROUPS[g] for g in state.groups))


def test_the_deal_teaches_a_line_and_a_forced_give():
    """The player gives first, every give before the computer's last is safe, the last one
    is forced (every piece left wins), and the line of four shares one attribute."""
    state = rules.new_game(LESSON.seed, 2, dict(LESSON.setup["options"]))
    moves = [rules.parse_move(step.code) for step in LESSON.steps if isinstance(step, (Teach, Reply))]
    assert state.to_move() == 0 and isinstance(moves[0], rules.Give)
    for move in moves[:-1]:
        state.play(move)
        winning = [p for p in state.available() + [state.hand] if completes_a_line(state, p)]
        last_give = move is moves[-2]
        assert (state.hand in winning) == last_give
        if last_give:
            assert sorted(winning) == sorted(state.available() + [state.hand])
    state.play(moves[-1])
    assert state.winner == 0 and state.phase == "between"
    assert rules.shared([state.board[s] for s in state.winning_line()]) == rules.DARK   # colour only


def test_the_lesson_played_to_its_end_by_keyboard_mouse_and_gamepad(make_app, tmp_path):
    app = lesson_app(make_app, tmp_path, animated=True)   # its give is seen before the reply
    open_scene(app, "learn:quarto", None)
    scene = app.top
    layout = scene.layout()
    assert scene.coach.done == 0 and isinstance(scene.coach.step, Say)

    key(pygame.K_RETURN)                                    # 0, words: the keyboard goes on
    app.tick(1 / 60)
    assert scene.coach.done == 1
    click(layout.pool[0].center)                         # a piece given while words wait
    app.tick(1 / 60)
    assert notice(app) == t("lesson.not_now", step=t("lesson.read_on"))
    assert scene.coach.done == 1 and not scene.state.log
    pad(A)                                                  # 1, words: the gamepad goes on
    app.tick(1 / 60)
    assert scene.coach.done == 2

    click(layout.pool[1].center)                         # 2, give: the wrong piece (mouse)
    app.tick(1 / 60)
    assert notice(app) == t("quarto.lesson.give.wrong")
    assert scene.coach.done == 2 and not scene.state.log
    move_focus(app, scene, ("piece", 0))                    # the taught piece (keyboard)
    key(pygame.K_RETURN)
    app.tick(1 / 60)
    assert codes(scene) == ["give 0"]
    settle(app, scene, 4)                                   # 3, the computer's scripted reply

    click(layout.squares[12].center)                     # 4, a4 then the piece 6 (mouse)
    app.tick(1 / 60)
    assert scene.chosen_square == 12
    click(layout.pool[6].center)
    app.tick(1 / 60)
    assert codes(scene)[-1] == "a4 give 6"
    settle(app, scene, 6)

    move_focus(app, scene, ("square", 13), gamepad=True)    # 6, b4 then the piece a (gamepad)
    pad(A)
    app.tick(1 / 60)
    move_focus(app, scene, ("piece", 10), gamepad=True)
    pad(A)
    app.tick(1 / 60)
    assert codes(scene)[-1] == "b4 give a"
    settle(app, scene, 8)

    move_focus(app, scene, ("square", 14))                  # 8, c4 and a dark piece: refused
    key(pygame.K_RETURN)
    move_focus(app, scene, ("piece", 3))
    key(pygame.K_RETURN)
    app.tick(1 / 60)
    assert notice(app) == t("quarto.lesson.safe.wrong")
    assert scene.coach.done == 8 and codes(scene) == lesson_codes(LESSON, 8)
    assert scene.chosen_square is None                      # the move starts again
    move_focus(app, scene, ("square", 14))                  # c4 and the light piece (keyboard)
    key(pygame.K_RETURN)
    move_focus(app, scene, ("piece", 12))
    key(pygame.K_RETURN)
    app.tick(1 / 60)
    assert codes(scene)[-1] == "c4 give c"
    settle(app, scene, 10)

    position = scene.state.to_notation()                    # leave, and Continue
    scene = resume(app, make_app, tmp_path, animated=True)
    app = scene.app
    assert scene.coach is not None and scene.coach.done == 10
    assert scene.state.to_notation() == position and codes(scene) == lesson_codes(LESSON, 10)
    app.tick(1 / 60)
    layout = scene.layout()

    pad(A)                                                  # 10, words (gamepad)
    app.tick(1 / 60)
    click(layout.squares[11].center)                     # 11, d3 wins (mouse)
    app.tick(1 / 60)
    assert scene.state.winner == 0 and scene.state.phase == "between"
    assert codes(scene) == lesson_codes(LESSON, len(LESSON.steps))
    settle(app, scene, 12)
    last_words(app, scene, LESSON)                          # 12-14, words: a click, Enter and A

    hand_over(app, scene, LESSON, wait=120)                 # the computer waits; Confirm hands over
    assert scene.state.game_no == 0

    key(pygame.K_TAB)                                       # the next game of the match, as in any
    app.tick(1 / 60)
    rng = random.Random(2)
    for _ in range(20):                                     # game 2, played to its end by the mouse
        assert run_until(app, lambda: scene.humans_turn or scene.state.is_over(), frames=900)
        if scene.state.is_over():
            break
        move = rng.choice([m for m in scene.state.legal_moves() if not getattr(m, "call", False)])
        layout = scene.layout()
        if isinstance(move, rules.Give):
            click(layout.pool[move.piece].center)
        else:
            click(layout.squares[move.square].center)
            if move.give is not None:
                click(layout.pool[move.give].center)
        app.tick(1 / 60)
    assert scene.state.is_over() and scene.state.game_no == 1
    assert run_until(app, lambda: app.top.name == "result", frames=400)
    assert all(row.get("played", 0) == 0 for row in app.store.stats.values())   # counted nowhere


def test_restart_in_a_lesson_starts_the_lesson_again(make_app, tmp_path):
    """Restart in the pause menu of a lesson begins the lesson again (it made an ordinary game
    against another opponent)."""
    from game.menu.pause import PauseOverlay
    app = lesson_app(make_app, tmp_path)
    open_scene(app, "learn:quarto", 1)
    scene = app.top
    key(pygame.K_RETURN)          # past the first words
    assert run_until(app, lambda: scene.coach.done >= 1, 60)
    app.pause("quarto")
    app.top.ask_restart()
    app.top.buttons[0][1]()       # Restart, confirmed
    restarted = next(s for s in reversed(app.scenes) if not isinstance(s, PauseOverlay))
    assert restarted is not scene and restarted.coach is not None and restarted.coach.done == 0
    assert restarted.in_lesson() and restarted.seed == LESSON.seed and restarted.setup["seats"] == LESSON.setup["seats"]
