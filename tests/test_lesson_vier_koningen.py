"""4 Koningen's guided first game (game/vier_koningen/lesson.py): checked through the rules,
its deal checked for what it teaches, then played to its end through the real app loop by
posted events (mouse, keyboard and gamepad turn by turn, a drag among them), with wrong moves
refused at a words-only step, a hand, an undo and two covers, a break and Continue in the
middle, and the hand-over to an ordinary game counted in no statistics."""
import itertools

import pygame

from game.app import open_scene
from game.cards import Card
from game.lesson import Say, Teach, check
from game.ui.i18n import t
from game.vier_koningen import rules
from game.vier_koningen.lesson import LESSON
from lessons import A, at_the_end, check_words, codes, hand_over, lesson_app, notice, resume, settle, words
from posting import click, drag, key, move_focus, pad, run_until

RB = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
TAUGHT = [step for step in LESSON.steps if isinstance(step, Teach)]


def test_every_scripted_move_is_legal_where_it_comes():
    check(LESSON, rules)


def test_every_word_of_the_lesson_is_said_in_both_languages():
    check_words(LESSON, "vier_koningen")


def test_each_step_names_the_cards_it_teaches():
    """The words of a hand or a cover name its cards (and the drawn card), in both languages."""
    state = rules.new_game(LESSON.seed, 1, {})
    for step in TAUGHT:
        move = rules.parse_move(step.code)
        named = [str(card) for card in getattr(move, "cards", ())]
        if isinstance(move, rules.Cover):
            named.append(str(state.drawn[move.target]))
        for language in ("en", "nl"):
            text = words("vier_koningen", language)[step.key]
            assert all(card in text for card in named), (language, step.key, named)
        state.play(move)


def turns():
    """Each turn of the lesson: (the state at its start, its drawn cards, its covers)."""
    state = rules.new_game(LESSON.seed, 1, {})
    found, moves = [], [rules.parse_move(step.code) for step in TAUGHT]
    while moves:
        start = state.copy()
        for move in moves[:5]:
            state.play(move)
        covers = {move.target: move.cards for move in moves[:5] if isinstance(move, rules.Cover)}
        found.append((start, list(state.verdict), covers))
        moves = moves[5:]
    return found, state


def test_the_deal_teaches_a_loss_three_times_the_value_and_the_next_round():
    played, end = turns()
    assert len(played) == 7 and end.round == 2 and end.phase == "hand" and end.hand_size() == 3
    first = played[0][1]                       # the rules page's example: ♥ 2+3 on the 5♥; the 6♦ lost
    assert [(item.drawn, item.won, item.same_suit) for item in first] == \
        [(Card(5, "H"), True, True), (Card(6, "D"), False, False)]
    for _, verdict, _ in played[1:]:  # after that, everything is won
        assert all(item.won for item in verdict)
    start, verdict, covers = played[3]         # turn 4: 4♥ and 6♥, and the A♥ is gone
    assert [item.drawn for item in verdict] == [Card(4, "H"), Card(6, "H")]
    hearts = [card for card in start.controlled if card.suit == "H"]
    both = [(a, b) for n in (1, 2, 3) for m in (1, 2, 3) if n + m <= 5
            for a in itertools.combinations(hearts, n) for b in itertools.combinations(hearts, m)
            if not set(a) & set(b) and sum(c.rank for c in a) >= 4 and sum(c.rank for c in b) >= 6]
    assert not both                            # so the 4♥ is won with spades: 1+5+6 = 3×4
    assert not verdict[0].same_suit and verdict[0].won and verdict[0].total == 12
    assert all(item.same_suit for start, verdict, covers in played[:3] for item in verdict if item.won)
    last = played[6]                           # turn 7 wins back what turn 1 lost
    assert sorted(item.drawn for item in last[1]) == sorted([Card(1, "H"), Card(6, "D")])


def test_the_last_turns_hand_is_the_one_the_helper_suggests():
    import ai.vier_koningen
    played, end = turns()
    hand = next(step for step in TAUGHT if step.key.endswith("hand7"))
    move, reason = ai.vier_koningen.make("hard", LESSON.seed * 10).hint(played[6][0].view(0))
    assert move.code == hand.code


# -- through the app ---------------------------------------------------------------------------
def button(scene, name):
    return dict(scene.layout().buttons)[name]


def hand_rect(scene, card):
    return scene.layout().hand_slots[scene.hand_cards().index(card)]


def go_on(app, scene, device):
    """Past a words-only step: Enter, the gamepad's A or a click on the words."""
    done = scene.coach.done
    assert isinstance(scene.coach.step, Say)
    if device == "mouse":
        click(scene.coach.panel_rect.center)
    elif device == "pad":
        pad(A)
    else:
        key(pygame.K_RETURN)
    app.tick(1 / 60)
    settle(app, scene, done + 1)


def choose(app, scene, target, device):
    """Confirm on a target: a click, or the cursor brought there and Enter or A."""
    if device == "mouse":
        rect = scene.targets(scene.layout()).get(target).rect
        click(rect.center)
    else:
        move_focus(app, scene, target, gamepad=device == "pad")
        pad(A) if device == "pad" else key(pygame.K_RETURN)
    app.tick(1 / 60)


def next_step(app, scene, name, device):
    """The turn's next step (take the hand, draw, judge): its button, Tab or RB."""
    if device == "mouse":
        click(button(scene, name).center)
    else:
        pad(RB) if device == "pad" else key(pygame.K_TAB)
    app.tick(1 / 60)


def play_step(app, scene, device, dragging=False):
    """The taught move of the step now, by `device`."""
    step = scene.coach.step
    done = scene.coach.done
    move = rules.parse_move(step.code)
    if isinstance(move, rules.ChooseHand):
        for card in move.cards:
            choose(app, scene, ("grid", card), device)
        next_step(app, scene, "take", device)
    elif isinstance(move, rules.Draw):
        if device == "mouse":
            choose(app, scene, ("pile", 0), device)
        else:
            next_step(app, scene, "draw", device)
    elif isinstance(move, rules.Cover):
        if dragging:
            for card in move.cards[:-1]:
                click(hand_rect(scene, card).center)
                app.tick(1 / 60)
            drag(hand_rect(scene, move.cards[-1]).center, scene.layout().drawn[move.target].center)
            app.tick(1 / 60)
        else:
            for card in move.cards:
                choose(app, scene, ("hand", card), device)
            choose(app, scene, ("drawn", move.target), device)
    else:
        next_step(app, scene, "judge", device)
    assert codes(scene)[-1] == step.code, step
    settle(app, scene, done + 1)


def refused(app, scene, reason=None):
    """The last input was refused with `reason` (None: with some reason): no move, the same step."""
    done, moves, notices = scene.coach.done, len(scene.record.moves), len(app.notices)
    app.tick(1 / 60)
    assert notice(app) == reason if reason else len(app.notices) > notices
    assert scene.coach.done == done and len(scene.record.moves) == moves


def test_the_lesson_played_to_its_end_by_mouse_keyboard_and_gamepad(make_app, tmp_path):
    app = lesson_app(make_app, tmp_path)
    open_scene(app, "learn:vier_koningen", None)
    scene = app.top
    assert scene.coach.done == 0 and scene.record.notes["lesson"] == 0

    for code in ("AS", "2S", "3S", "2H", "3H"):              # a hand taken while words wait: refused
        choose(app, scene, ("grid", Card.parse(code)), "mouse")
    next_step(app, scene, "take", "mouse")
    refused(app, scene, t("lesson.not_now", step=t("lesson.read_on")))
    assert scene.state.phase == "hand" and scene.selection == []
    go_on(app, scene, "keyboard")                           # 0, 1: words
    go_on(app, scene, "pad")

    for code in ("AS", "2S", "3S", "2H", "3H"):              # 2: a hand the lesson does not teach
        choose(app, scene, ("grid", Card.parse(code)), "mouse")
    next_step(app, scene, "take", "mouse")
    refused(app, scene, t("vier_koningen.lesson.hand.wrong"))
    assert scene.state.phase == "hand"
    play_step(app, scene, "mouse")                          # turn 1 by the mouse: the hand
    key(pygame.K_u)                                         # 3: undo (put the hand back) is not this step
    refused(app, scene)
    assert scene.state.phase == "draw"
    play_step(app, scene, "mouse")                          # draw: 5♥ and 6♦
    choose(app, scene, ("hand", Card.parse("AH")), "mouse")  # 4: the A♥ on the 5♥ loses it
    choose(app, scene, ("drawn", 0), "mouse")
    refused(app, scene, t("vier_koningen.lesson.same_suit.wrong"))
    play_step(app, scene, "mouse")                          # 2♥ 3♥ on the 5♥
    choose(app, scene, ("hand", Card.parse("2S")), "mouse")  # 5: the 2♠ is not the cheapest
    choose(app, scene, ("drawn", 1), "mouse")
    refused(app, scene, t("vier_koningen.lesson.give_up.wrong"))
    play_step(app, scene, "mouse")                          # the A♥ on the 6♦
    play_step(app, scene, "mouse")                          # judge
    assert {Card.parse("6D"), Card.parse("AH")} == set(scene.state.lost)
    go_on(app, scene, "mouse")                              # 7: the lost pile, a click on the words

    for device in ("keyboard", "pad"):                      # turns 2 and 3
        for _ in range(5):
            play_step(app, scene, device)
    for number in range(5):                                 # turn 4 by the mouse, a drag on the 4♥
        play_step(app, scene, "mouse", dragging=number == 3)
    assert scene.state.verdict[0].total == 12 and scene.state.verdict[0].won

    done, saved = scene.coach.done, scene.state.to_dict()   # leave, and Continue
    scene = resume(app, make_app, tmp_path)
    app = scene.app
    assert scene.coach is not None and scene.coach.done == done
    assert scene.state.to_dict() == saved
    assert codes(scene) == [step.code for step in TAUGHT[:20]]
    app.tick(1 / 60)

    for device in ("keyboard", "pad"):                      # turns 5 and 6
        for _ in range(5):
            play_step(app, scene, device)
    assert scene.state.reshuffles == 1                      # the lost pile is the draw pile
    go_on(app, scene, "pad")                                # the helper's hint, in words
    for _ in range(5):                                      # turn 7, both lost cards won back
        play_step(app, scene, "keyboard")
    assert scene.state.round == 2 and len(scene.state.controlled) == 24
    go_on(app, scene, "keyboard")                           # round 2
    at_the_end(scene, LESSON)

    hand_over(app, scene, LESSON)                           # Confirm hands the game over
    for code in ("3S", "6S", "AC"):                         # any hand now: an ordinary game
        choose(app, scene, ("grid", Card.parse(code)), "mouse")
    next_step(app, scene, "take", "mouse")
    assert codes(scene)[-1] == "hand 3S 6S AC"

    key(pygame.K_ESCAPE)                                    # give up from the pause menu
    app.tick(1 / 60)
    assert app.top.name == "pause"
    widgets = app.top.list.widgets
    give_up = next(w for w in widgets if str(getattr(w, "text", "")) == t("vier_koningen_scene.button.give_up"))
    app.top.layout()
    click(give_up.rect.center)
    app.tick(1 / 60)
    assert scene.state.result == "gave_up"
    assert run_until(app, lambda: app.top.name == "result", frames=600)
    assert all(row.get("played", 0) == 0 for row in app.store.stats.values())   # counted nowhere
