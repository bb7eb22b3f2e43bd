"""Kingen's guided first game (game/kingen/lesson.py): checked through the rules, then played
to its end through the real app loop by posted events (keyboard, mouse and gamepad), with
wrong moves refused at a words-only step and at card steps (a card another rule allows too),
a break and Continue in the middle, and the hand-over to an ordinary game counted in no
statistics."""
import random

import pygame

from game import characters
from game.app import open_scene
from game.kingen import rules
from game.kingen.lesson import LESSON
from game.lesson import Reply, Say, Teach, check
from game.ui.i18n import t
from lessons import A, at_the_end, check_words, hand_over, lesson_app, lesson_codes, notice, resume
from posting import click, key, move_focus, pad, run_until

SIZE = (960, 540)


def test_every_scripted_move_is_legal_where_it_comes():
    check(LESSON, rules)


def test_every_word_of_the_lesson_is_said_in_both_languages():
    check_words(LESSON, "kingen")


def test_the_deals_teach_what_the_words_say():
    """Deal 1 is No king of hearts: the ♥K is your only card when clubs come, seat 4 takes
    it and the deal ends there; in deal 2 you deal, choose trump and name spades, must trump a
    diamond and then must over-trump seat 4's ♠6."""
    state = rules.new_game(LESSON.seed, 4, dict(LESSON.setup["options"]))
    assert state.dealer == 3 and state.phase == rules.CHOOSE_GAME
    forced = {}
    for step in LESSON.steps:
        if not isinstance(step, (Teach, Reply)):
            continue
        if isinstance(step, Teach) and state.phase == rules.PLAY:
            forced[step.code] = sorted(move.code for move in state.legal_moves())
        state.play(rules.parse_move(step.code))
        if step.code == "6C":
            assert state.phase == rules.BETWEEN and state.end_reason == "king_of_hearts"
            assert state.sheet[-1]["points"] == [0, 0, 0, -5]
    assert forced["KH"] == ["KH"]                                    # the duty: nothing else may go
    assert forced["2S"] == ["2S", "4S", "7S", "AS", "KS"]           # no diamonds: a trump, any
    assert forced["7S"] == ["7S", "AS", "KS"]                       # trumped with the ♠6: higher ones
    assert state.game == "trump" and state.trump_suit == "S" and state.points == [2, 2, 0, 0]


def ready(scene, done) -> bool:
    """The lesson has `done` steps behind it, nothing flies, and the step can be taken."""
    coach = scene.coach
    return coach.done == done and not scene.motion.busy() and (
        isinstance(coach.step, Say) or coach.finished() or scene.can_play() or scene.at_break())


def wait_for(app, scene, done):
    assert run_until(app, lambda: ready(scene, done), frames=900), (scene.coach.done, done)
    app.tick(1 / 60)


def card_at(scene, code):
    """The target key of a card of your hand as shown now."""
    return ("hand", scene.layout().hand_cards.index(rules.CARD[rules.parse_card(code)]))


def click_card(app, scene, code):
    rect = scene.targets(scene.layout()).get(card_at(scene, code)).rect
    click((rect.x + 4, rect.y + rect.h // 2))       # the strip the next card leaves in view
    app.tick(1 / 60)


def by_keys(app, scene, goal, gamepad=False):
    move_focus(app, scene, goal, gamepad)
    pad(A) if gamepad else key(pygame.K_RETURN)
    app.tick(1 / 60)


def step_is(scene, done, code):
    """The lesson is at step `done`, which teaches `code`; it points at that card or choice,
    and its words hide neither it nor a seat's plate."""
    coach, layout = scene.coach, scene.layout()
    step = coach.step
    assert coach.done == done and step.code == code, (coach.done, step)
    if scene.choosing():
        assert scene.choices()[step.point[1]].code == code
    elif code != "deal":
        assert step.point == card_at(scene, code)
    target = scene.targets(layout).get(step.point).rect
    assert not coach.panel_rect.colliderect(target)
    assert coach.panel_rect.collidelist(list(layout.plates.values())) < 0


def test_the_lesson_played_to_its_end_by_keyboard_mouse_and_gamepad(make_app, tmp_path):
    app = lesson_app(make_app, tmp_path, SIZE)
    open_scene(app, "learn:kingen", None)
    scene = app.top
    assert scene.coach.done == 0 and scene.record.notes["lesson"] == 0
    assert scene.state.kind == "dubbelkingen" and scene.state.dealer == 3

    wait_for(app, scene, 0)
    key(pygame.K_RETURN)                                    # 0, words: the keyboard goes on
    app.tick(1 / 60)
    wait_for(app, scene, 1)
    pad(A)                                                  # 1, words: the gamepad goes on
    wait_for(app, scene, 3)                                 # 2, seat 4 chooses (scripted)
    assert scene.state.game == "no_king_of_hearts"
    click_card(app, scene, "8C")                            # a card while words wait: read first
    assert notice(app) == t("lesson.not_now", step=t("lesson.read_on")) and scene.coach.done == 3
    click(scene.coach.panel_rect.center)                    # 3, words: a click on them
    wait_for(app, scene, 4)

    step_is(scene, 4, "8C")                                 # 4, lead the ♣8
    click_card(app, scene, "AS")                            # the ♠A may be led, but not now
    assert notice(app) == t("kingen.lesson.lead.wrong")
    assert scene.coach.done == 4 and scene.record.moves == lesson_codes(LESSON, 4)
    by_keys(app, scene, card_at(scene, "8C"))               # keyboard
    assert scene.record.moves[len(lesson_codes(LESSON, 4))] == "8C"
    wait_for(app, scene, 9)                                 # 5-8, the club trick, a diamond led

    step_is(scene, 9, "5D")                                 # 9, follow suit (mouse)
    assert scene.coach.words("kingen.lesson.club_trick") in scene.coach.text()
    # the words name the computers as their plates do, from the cast ("Anna's ♣K"), not by number
    taker = characters.name_of(characters.table_cast(scene.seed, 4)[3])
    assert scene.seat_name(3) == taker and f"{taker}'s \u2663K" in scene.coach.text()
    click_card(app, scene, "5D")
    wait_for(app, scene, 14)

    step_is(scene, 14, "KH")                                # 14, clubs led: the ♥K must go
    by_keys(app, scene, card_at(scene, "AS"), gamepad=True)  # the ♠A by gamepad: refused
    assert notice(app) == t("kingen.lesson.discard.wrong") and scene.coach.done == 14
    by_keys(app, scene, card_at(scene, "KH"), gamepad=True)
    wait_for(app, scene, 16)                                # 15, seat 4 takes the ♥K

    step_is(scene, 16, "deal")                              # 16, the score sheet: you deal
    assert scene.at_break() and scene.state.end_reason == "king_of_hearts"
    assert scene.state.sheet[-1]["points"] == [0, 0, 0, -5] and scene.state.totals == [0, 0, 0, -5]
    assert scene.coach.words("kingen.lesson.kh_taken") in scene.coach.text()
    click(scene.layout().buttons["next"].center)            # Next deal (mouse)
    wait_for(app, scene, 17)
    assert scene.state.deal_no == 2 and scene.state.dealer == 0 and scene.choosing()

    saved = scene.state.to_dict()                           # leave, and Continue
    scene = resume(app, make_app, tmp_path, size=SIZE)
    app = scene.app
    assert scene.coach is not None and scene.coach.done == 17
    assert scene.state.to_dict() == saved and scene.record.moves == lesson_codes(LESSON, 17)
    wait_for(app, scene, 17)

    step_is(scene, 17, "game:trump")                        # 17, the dealer chooses (gamepad)
    by_keys(app, scene, ("choice", 0), gamepad=True)        # Fewest tricks: refused
    assert notice(app) == t("kingen.lesson.choose.wrong") and scene.state.game is None
    by_keys(app, scene, ("choice", 6), gamepad=True)
    wait_for(app, scene, 18)
    step_is(scene, 18, "trump:S")                           # 18, name spades (keyboard)
    by_keys(app, scene, ("choice", 3))
    assert scene.state.trump_suit == "S"
    wait_for(app, scene, 22)

    step_is(scene, 22, "3H")                                # 22, follow suit in trump (mouse)
    click_card(app, scene, "3H")
    wait_for(app, scene, 26)

    step_is(scene, 26, "2S")                                # 26, no diamonds: trump (keyboard)
    by_keys(app, scene, card_at(scene, "TH"))               # a heart: the rules say trump
    assert notice(app) == t("kingen.lesson.trump.wrong") and scene.coach.done == 26
    by_keys(app, scene, card_at(scene, "2S"))
    wait_for(app, scene, 27)
    step_is(scene, 27, "8H")                                # 27, lead the ♥8 (gamepad)
    assert t("kingen.lesson.trumped") in scene.coach.text()
    by_keys(app, scene, card_at(scene, "8H"), gamepad=True)
    wait_for(app, scene, 34)

    step_is(scene, 34, "7S")                                # 34, over-trump the ♠6 (mouse)
    click_card(app, scene, "AS")                            # the ♠A over-trumps too: not this one
    assert notice(app) == t("kingen.lesson.overtrump.wrong") and scene.coach.done == 34
    click_card(app, scene, "7S")
    assert scene.record.moves == lesson_codes(LESSON, len(LESSON.steps))
    wait_for(app, scene, 35)
    assert scene.state.points == [2, 2, 0, 0]

    key(pygame.K_RETURN)                                    # 35, words (keyboard)
    wait_for(app, scene, 36)
    pad(A)                                                  # 36, words (gamepad)
    wait_for(app, scene, 37)
    at_the_end(scene, LESSON)
    assert scene.state.to_move() == 0 and scene.record.moves == lesson_codes(LESSON, len(LESSON.steps))
    hand_over(app, scene, LESSON, wait=60)                  # you lead: nobody plays for you; Confirm
    click_card(app, scene, "2C")                            # any card now: an ordinary game
    assert scene.record.moves[-1] == "2C"

    rng = random.Random(5)                                  # the match to its end, every seat's
    while not scene.state.is_over():                        # moves through the scene (quicker
        assert scene.apply(rng.choice(scene.state.legal_moves()))   # than the computers think)
    assert len(scene.state.sheet) == 20 and "lesson" in scene.record.notes
    assert scene.keeping.counted and scene.keeping.kept is not None     # the end was kept, and ...
    assert run_until(app, lambda: app.top.name == "result", frames=400)
    assert all(row.get("played", 0) == 0 for row in app.store.stats.values())   # counted nowhere
