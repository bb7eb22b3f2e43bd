"""Kings Corners' guided first game (game/kings_corners/lesson.py): checked through the rules,
its pointers checked against the cards they name, then played to its end through the real
app loop by posted events (keyboard, mouse clicks and drags, gamepad), with wrong moves
refused with the step's reason, a break and Continue in the middle, and the hand-over to an
ordinary game counted in no statistics."""
import pygame

from game.app import open_scene
from game.kings_corners import rules
from game.kings_corners.lesson import LESSON
from game.kings_corners.rules import EndTurn, MovePile, PlayCard
from game.kings_corners.words import hand_order
from game.lesson import Reply, Say, Teach, check
from game.ui.i18n import t
from lessons import A, check_words, codes, hand_over, last_words, lesson_app, lesson_codes, notice, resume, settle
from posting import click, drag, key, move_focus, pad, run_until

N, E, S, NE = rules.N, rules.E, rules.S, rules.NE


def test_every_scripted_move_is_legal_where_it_comes():
    check(LESSON, rules)


def test_every_word_of_the_lesson_is_said_in_both_languages():
    check_words(LESSON, "kings_corners")


def replay():
    """(step, the state before it) for every move of the lesson."""
    state = rules.new_game(LESSON.seed, LESSON.setup["players"], dict(LESSON.setup["options"]))
    for step in LESSON.steps:
        if isinstance(step, (Teach, Reply)):
            yield step, state.copy()
            state.play(rules.parse_move(step.code))


def test_the_end_words_say_how_to_stop():
    """Esc pauses, it does not leave: a lesson's last words name the pause menu's way out."""
    from game.ui.i18n import language, set_language
    before = language()
    try:
        for language in ("en", "nl"):
            set_language(language)
            assert t("pause.quit") in t("lesson.play_on"), language
    finally:
        set_language(before)


def test_each_step_points_at_the_card_and_the_places_of_its_move():
    for step, state in replay():
        if not isinstance(step, Teach):
            continue
        move = rules.parse_move(step.code)
        if isinstance(move, PlayCard):
            index = hand_order(state.hands[0]).index(move.card)
            assert step.point == [("hand", index), ("place", move.place)], step.code
        elif isinstance(move, MovePile):
            assert step.point == [("place", move.source), ("place", move.target)], step.code
        else:
            assert step.point == ("button", "end")


def test_the_deal_teaches_each_kind_of_move_and_ends_with_you_out():
    """You begin; the first turn plays down, lays a king in a corner, moves a pile onto it and
    fills the emptied side place, in that order; your turns end only when nothing more fits;
    you go out, and the computer's cards left are its points."""
    steps = list(replay())
    assert steps[0][1].to_move() == 0
    kinds = []
    for step, state in steps:              # your first turn
        move = rules.parse_move(step.code)
        if isinstance(move, EndTurn):
            break
        if isinstance(move, MovePile):
            kinds.append("pile")
        elif move.place in rules.CORNERS and not state.piles[move.place]:
            kinds.append("king")
        else:
            kinds.append("down" if state.piles[move.place] else "fill")
    assert kinds[:4] == ["down", "king", "pile", "fill"]
    for step, state in steps:              # you end a turn only when nothing more fits
        move = rules.parse_move(step.code)
        if isinstance(step, Teach) and isinstance(move, EndTurn):
            assert [m for m in state.legal_moves() if not isinstance(m, EndTurn)] == [], "a turn ended early"
    last, state = steps[-1]
    state.play(rules.parse_move(last.code))
    entry = state.sheet[-1]
    assert entry["winner"] == 0 and entry["points"] == [0, len(state.hands[1])] == [0, 7]
    assert state.phase == "between"


# ----------------------------------------------------------------------------- through the app

def card_point(scene, card):
    """A point on the visible part of a card of the hand (the fan overlaps to the right)."""
    layout = scene.layout()
    rect = scene.hand_rects(layout)[layout.hand_cards.index(rules.Card.parse(card))]
    return rect.x + max(3, layout.cw // 10), rect.y + int(rect.h * 0.75)


def place_point(scene, place):
    return scene.layout().zones[place].center


def hand_key(scene, card):
    return ("hand", scene.layout().hand_cards.index(rules.Card.parse(card)))


def by_keys(app, scene, source, target, gamepad=False):
    """Choose `source`, then `target`, with the cursor: arrow keys and Enter, or the d-pad and A."""
    for goal in (source, target):
        move_focus(app, scene, goal, gamepad=gamepad)
        pad(A) if gamepad else key(pygame.K_RETURN)
        app.tick(1 / 60)


def by_clicks(app, scene, source, target):
    click(source)
    app.tick(1 / 60)
    click(target)
    app.tick(1 / 60)


def played(scene, upto):
    assert codes(scene) == lesson_codes(LESSON, upto) and scene.coach.done == upto, \
        (codes(scene), scene.coach.done)


def test_the_lesson_played_to_its_end_by_keyboard_mouse_and_gamepad(make_app, tmp_path):
    app = lesson_app(make_app, tmp_path)
    open_scene(app, "learn:kings_corners", None)
    scene = app.top
    assert scene.coach.done == 0 and isinstance(scene.coach.step, Say)
    assert not scene.undo.possible()                                 # a lesson goes one way

    key(pygame.K_RETURN)                                            # 0, words: the keyboard goes on
    app.tick(1 / 60)
    assert scene.coach.done == 1
    by_clicks(app, scene, card_point(scene, "JD"), place_point(scene, S))   # a move while words wait
    assert notice(app) == t("lesson.not_now", step=t("lesson.read_on"))
    played(scene, 1)
    pad(A)                                                          # 1, words: the gamepad goes on
    app.tick(1 / 60)

    drag(card_point(scene, "JD"), place_point(scene, N))           # 2, the J♦ on the Q♥: refused
    app.tick(1 / 60)
    assert notice(app) == t("kings_corners.lesson.down.wrong")
    played(scene, 2)
    key(pygame.K_h)                                                 # H says the step again
    app.tick(1 / 60)
    assert notice(app) == scene.coach.text() and t("kings_corners.lesson.down") in notice(app)
    by_keys(app, scene, hand_key(scene, "JD"), ("place", S))        # the J♦ on the Q♣ (keyboard)
    played(scene, 3)

    by_clicks(app, scene, card_point(scene, "KD"), place_point(scene, NE))  # 3, the king (mouse clicks)
    played(scene, 4)
    by_keys(app, scene, ("place", S), ("place", NE), gamepad=True)  # 4, the pile onto it (gamepad)
    played(scene, 5)
    assert scene.state.piles[NE] == [rules.Card.parse(code) for code in ("KD", "QC", "JD")]

    by_clicks(app, scene, card_point(scene, "3H"), place_point(scene, S))   # 5, the 3♥ fits, but not now
    assert notice(app) == t("kings_corners.lesson.fill.wrong") and scene.selected is None
    played(scene, 5)
    drag(card_point(scene, "8H"), place_point(scene, S))           # the 8♥ dragged there (mouse)
    app.tick(1 / 60)
    played(scene, 6)
    by_keys(app, scene, hand_key(scene, "10S"), ("place", NE))      # 6, keyboard
    by_keys(app, scene, hand_key(scene, "7S"), ("place", S), gamepad=True)  # 7, gamepad
    played(scene, 8)
    click(scene.layout().buttons["end"].center)                    # 8, end the turn: the button
    app.tick(1 / 60)
    settle(app, scene, 12)                                          # 9-11, the computer's scripted turn
    played(scene, 12)
    assert t("kings_corners.lesson.reply") in scene.coach.text()

    position = scene.state.to_dict()                                # leave, and Continue
    scene = resume(app, make_app, tmp_path)
    app = scene.app
    assert scene.coach is not None
    played(scene, 12)
    assert scene.state.to_dict() == position
    app.tick(1 / 60)

    by_keys(app, scene, hand_key(scene, "9S"), ("place", E), gamepad=True)  # 12, the new 9♠ (gamepad)
    played(scene, 13)
    drag(place_point(scene, S), place_point(scene, E))             # 13, the pile of four (mouse drag)
    app.tick(1 / 60)
    played(scene, 14)
    assert len(scene.state.piles[E]) == 5 and not scene.state.piles[S]
    by_keys(app, scene, hand_key(scene, "2S"), ("place", S))        # 14, the 2♠ first: refused
    assert notice(app) == t("kings_corners.lesson.refill.wrong")
    played(scene, 14)
    by_keys(app, scene, hand_key(scene, "3H"), ("place", S))        # the 3♥ (keyboard)
    by_clicks(app, scene, card_point(scene, "2S"), place_point(scene, S))   # 15, the last card (mouse)
    played(scene, 16)
    assert scene.state.hand_over() and scene.state.sheet[-1]["winner"] == 0
    assert scene.state.totals == [0, 7]

    settle(app, scene, 16)
    last_words(app, scene, LESSON)                                  # 16-18, words: a click, Enter and A
    hand_over(app, scene, LESSON, wait=60)                          # nothing is dealt; Confirm hands over
    assert scene.state.hand_no == 1
    key(pygame.K_RETURN)                                            # you deal hand 2, as in any game
    app.tick(1 / 60)
    assert scene.state.hand_no == 2 and scene.state.phase == rules.PLAY

    for _ in range(200):                                            # hand 2, played by the mouse
        assert run_until(app, lambda: scene.humans_turn or scene.state.is_over(), frames=900)
        if scene.state.is_over():
            break
        state = scene.state
        move = next((m for m in state.legal_moves() if isinstance(m, PlayCard)), None)
        turn = state.turns
        if move is None:
            click(scene.layout().buttons["end"].center)
            app.tick(1 / 60)
            assert scene.state.turns > turn or scene.state.hand_over()
            continue
        by_clicks(app, scene, card_point(scene, move.card.code), place_point(scene, move.place))
        assert scene.state.history[-1] == move
    assert scene.state.is_over() and scene.state.hand_no == 2
    assert run_until(app, lambda: app.top.name == "result", frames=400)
    assert all(row.get("played", 0) == 0 for row in app.store.stats.values())   # counted nowhere
