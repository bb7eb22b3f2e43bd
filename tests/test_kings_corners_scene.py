"""Kings Corners through the scene: posted mouse drags, clicks and keys against random computers."""
import random

import pygame
import pytest

from game.kings_corners import rules, words
from game.kings_corners.rules import EndTurn, PlayCard
from game.play import start_game
from posting import click, drag, key, keys_to, move_focus, reopen, run_until


def new_app(make_app, seats, options=None, seed=1, size=(1280, 720), animation="instant", **kw):
    app = make_app(size=size, **kw)
    app.store.settings["computer_pace"] = "instant"
    app.store.settings["animation_speed"] = animation
    from game.app import open_scene
    open_scene(app, "title", None)
    start_game(app, "kings_corners", {"players": len(seats), "seats": list(seats), "options": options or {}}, seed)
    return app, app.top


# ----------------------------------------------------------------------------- where things are

def card_point(scene, card):
    """A point on the visible part of a card in the hand (the fan overlaps to the right)."""
    layout = scene.layout()
    index = layout.hand_cards.index(card)
    rect = scene.hand_rects(layout)[index]
    return rect.x + max(3, layout.cw // 10), rect.y + int(rect.h * 0.75)


def place_point(scene, place):
    return scene.layout().zones[place].center


def source_point(scene, move):
    return card_point(scene, move.card) if isinstance(move, PlayCard) else place_point(scene, move.source)


def target_place(move):
    return move.place if isinstance(move, PlayCard) else move.target


def focus_key(scene, move, which):
    if which == "source":
        if isinstance(move, PlayCard):
            return ("hand", scene.layout().hand_cards.index(move.card))
        return ("place", move.source)
    return ("place", target_place(move))


# ----------------------------------------------------------------------------- playing moves

def play_by(app, scene, move, method):
    if method == "drag":
        drag(source_point(scene, move), place_point(scene, target_place(move)))
        app.tick(1 / 60)
    elif method == "click":
        played = len(scene.state.history)
        click(source_point(scene, move))
        app.tick(1 / 60)
        if len(scene.state.history) > played:
            return           # a card with one place is played at once
        assert scene.selected is not None, "a click did not select"
        click(place_point(scene, target_place(move)))
        app.tick(1 / 60)
    else:
        app.tick(1 / 60)
        move_focus(app, scene, focus_key(scene, move, "source"))
        played = len(scene.state.history)
        key(pygame.K_RETURN)
        app.tick(1 / 60)
        if len(scene.state.history) > played:
            return           # a card with one place is played at once
        assert scene.selected is not None, "confirm did not select"
        assert target_place(move) in scene.legal_targets()
        move_focus(app, scene, focus_key(scene, move, "target"))
        key(pygame.K_RETURN)
        app.tick(1 / 60)


def end_turn_by(app, scene, method):
    layout = scene.layout()
    if method == "drag":      # the mouse: the button
        click(layout.buttons["end"].center)
    elif method == "click" and words.end_key(scene.state) != "end":
        click(layout.stock.center)   # a click on the stock draws
    else:
        key(pygame.K_TAB)
    app.tick(1 / 60)


def play_a_hand(app, scene, rng, methods=("drag", "click", "keys"), moves_per_turn=2, turns=400):
    count = 0
    for _ in range(turns):
        if scene.state.hand_over():
            return count
        if not scene.humans_turn:
            assert run_until(app, lambda: scene.humans_turn or scene.state.hand_over())
            continue
        for _ in range(moves_per_turn):
            legal = [m for m in scene.state.legal_moves() if not isinstance(m, EndTurn)]
            if not legal or scene.state.hand_over():
                break
            move = rng.choice(legal)
            method = methods[count % len(methods)]
            before = len(scene.state.history)
            play_by(app, scene, move, method)
            assert len(scene.state.history) == before + 1, f"{method} did not play {move}"
            assert scene.state.history[-1] == move
            count += 1
        if scene.state.hand_over():
            return count
        turn = scene.state.turns
        end_turn_by(app, scene, methods[count % len(methods)])
        assert scene.state.turns > turn or scene.state.hand_over(), "the turn did not end"
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("players,seed,animation", [(4, 3, "fast"), (2, 8, "instant"), (3, 5, "instant")])
def test_a_whole_hand_by_drag_click_and_keys(make_app, players, seed, animation):
    app, scene = new_app(make_app, ["human"] + ["random"] * (players - 1), seed=seed, animation=animation)
    played = play_a_hand(app, scene, random.Random(seed))
    assert played >= 3
    state = scene.state
    assert state.hand_over() and not state.is_over()
    app.tick(1 / 60)
    assert "next" in scene.layout().buttons          # the score sheet offers the next hand
    assert state.hand_no == 1
    key(pygame.K_RETURN)
    assert run_until(app, lambda: scene.state.hand_no == 2 and not scene.state.hand_over(), 600)
    assert len(scene.state.sheet) == 1


def test_illegal_drop_is_refused_without_change(make_app):
    app, scene = new_app(make_app, ["human", "random", "random"], seed=4)
    assert run_until(app, lambda: scene.humans_turn)
    state = scene.state
    legal = set(state.legal_moves())
    wrong = next(PlayCard(card, place) for card in state.hands[state.to_move()] for place in range(8)
                 if PlayCard(card, place) not in legal and state.piles[place])
    before = state.to_dict()
    drag(card_point(scene, wrong.card), place_point(scene, wrong.place))
    app.tick(1 / 60)
    assert scene.state.to_dict() == before
    assert app.notices, "the refusal is explained"
    assert scene.drag is None and scene.selected is None
    # the same by click: the card stays selected so another target can be tried
    click(card_point(scene, wrong.card))
    app.tick(1 / 60)
    click(place_point(scene, wrong.place))
    app.tick(1 / 60)
    assert scene.state.to_dict() == before
    assert scene.selected == ("card", wrong.card)
    key(pygame.K_BACKSPACE)
    app.tick(1 / 60)
    assert scene.selected is None


def test_hot_seat_hands_over_and_never_shows_the_next_hand(make_app):
    app, scene = new_app(make_app, ["human", "human"], seed=6)
    first = scene.state.to_move()
    app.tick(1 / 60)
    assert app.top.name == "hand_over"      # even the first player gets the screen handed over
    assert scene.face_up_seat() is None
    key(pygame.K_RETURN)
    app.tick(1 / 60)
    assert scene.face_up_seat() == first
    assert all(card is not None for card in scene.bottom_hand())
    key(pygame.K_TAB)           # end the turn (draw)
    app.tick(1 / 60)
    assert scene.state.to_move() == 1 - first
    assert app.top.name == "hand_over"
    assert scene.face_up_seat() is None
    assert all(card is None for card in scene.bottom_hand())
    key(pygame.K_RETURN)
    app.tick(1 / 60)
    assert app.top is scene
    assert scene.face_up_seat() == 1 - first
    assert scene.bottom_seat() == 1 - first
    assert sorted(c for c in scene.bottom_hand()) == sorted(scene.state.hands[1 - first])


def test_undo_within_the_turn_but_not_across_the_draw(make_app):
    for seed in range(1, 40):
        app, scene = new_app(make_app, ["human", "random"], seed=seed)
        run_until(app, lambda scene=scene: scene.humans_turn)
        plays = [m for m in scene.state.legal_moves() if isinstance(m, PlayCard)]
        if plays:
            break
    before = scene.state.to_dict()
    play_by(app, scene, plays[0], "click")
    assert scene.state.to_dict() != before and scene.undo.possible()
    key(pygame.K_u)
    app.tick(1 / 60)
    assert scene.state.to_dict() == before
    play_by(app, scene, plays[0], "drag")
    key(pygame.K_TAB)
    app.tick(1 / 60)
    assert not scene.undo.possible(), "no undo after the draw"
    assert run_until(app, lambda: scene.humans_turn or scene.state.hand_over())
    assert not scene.undo.possible()


def test_computer_moves_fly_and_hold_the_next_move(make_app):
    app, scene = new_app(make_app, ["human", "random", "random", "random"], seed=12, animation="slow")
    assert run_until(app, lambda: scene.humans_turn)
    key(pygame.K_TAB)
    assert run_until(app, lambda: bool(scene.motion.flights), 600)
    assert not scene.computers.may_move()
    flight = scene.motion.flights[0]
    assert run_until(app, lambda: flight not in scene.motion.flights, 600)
    assert run_until(app, lambda: scene.humans_turn or scene.state.hand_over(), 6000)


def test_resume_after_close(make_app, tmp_path):
    app, scene = new_app(make_app, ["human", "normal", "normal"], seed=15, data_dir=tmp_path)
    assert run_until(app, lambda: scene.humans_turn)
    move = next((m for m in scene.state.legal_moves() if not isinstance(m, EndTurn)), None)
    if move is not None:
        play_by(app, scene, move, "drag")
    saved = scene.state.to_dict()
    again = reopen(app, make_app, tmp_path)
    assert again.state.to_dict() == saved
    again.app.tick(1 / 60)


@pytest.mark.parametrize("size,couch", [((1920, 1080), False), ((960, 540), False), ((1920, 1080), True)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_table_fits_the_window(make_app, size, couch, players):
    app, scene = new_app(make_app, ["human"] + ["normal"] * (players - 1), seed=players, size=size, couch=couch)
    run_until(app, lambda: scene.humans_turn)
    app.tick(1 / 60)
    layout = scene.layout()
    screen = pygame.Rect((0, 0), size)
    content = app.content_rect()
    rects = list(layout.plates.values()) + list(layout.buttons.values()) + layout.bases + [layout.stock]
    rects += layout.hand + [rect for cards in layout.seat_cards.values() for rect in cards]
    for rect in rects:
        assert content.contains(rect), f"{rect} leaves the table {content}"
    assert screen.contains(layout.status)
    table = layout.bases[0].unionall(layout.bases)
    for seat, plate in layout.plates.items():
        assert not plate.colliderect(table), f"seat {seat}'s name plate covers the cross"
        for other, rect in layout.plates.items():
            assert other == seat or not plate.colliderect(rect)
    for cards in layout.seat_cards.values():
        for rect in cards:
            assert not rect.colliderect(table)
    assert len(layout.positions) == players
    # the longest pile still fits: thirteen cards on every place
    for place in range(8):
        pile, step = layout.pile_rects(place, 13)
        assert step >= 3
        assert content.contains(pile[0].unionall(pile)), f"a long pile on {rules.PLACES[place]} leaves the table"


def test_kings_first_is_said_in_the_status(make_app):
    for seed in range(1, 60):
        state = rules.new_game(seed, 2, {"kings_first": True})
        if state.to_move() == 0 and any(card.rank == 13 for card in state.hands[0]):
            break
    app, scene = new_app(make_app, ["human", "random"], options={"kings_first": True}, seed=seed)
    app.tick(1 / 60)
    assert scene.state.kings_first_due()
    assert "king" in scene.status_text().lower()
    key(pygame.K_TAB)           # ending the turn with the king in hand costs the penalty
    app.tick(1 / 60)
    assert scene.state.penalties[0] == rules.KINGS_FIRST_PENALTY
    assert any(str(rules.KINGS_FIRST_PENALTY) in text for text, _ in app.notices)


def test_a_one_hand_match_ends_with_the_result_and_statistics(make_app):
    app, scene = new_app(make_app, ["human", "random"], options={"match_length": "hands", "hands": 1}, seed=2)
    play_a_hand(app, scene, random.Random(2), methods=("drag",), moves_per_turn=3)
    assert scene.state.is_over()
    assert run_until(app, lambda: app.top.name == "result", 600)
    lines = scene.result_lines()
    # why (fewest points wins), the players ranked, the hands played
    assert len(lines) == 4 and lines[1].startswith("1. ") and all(":" in line for line in lines[1:3])
    totals = scene.state.scores()
    assert lines[1].startswith("1. " + scene.seat_name(min(range(2), key=lambda seat: (totals[seat], seat))))
    stats = app.store.stats_for("kings_corners")
    assert stats["played"] == 1
    assert stats["best_score"] == scene.state.totals[0]


def test_every_scene_string_is_in_both_languages():
    import json
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    tables = {lang: json.loads((root / "assets" / "i18n" / lang / "kings_corners_scene.json").read_text("utf-8"))
              for lang in ("en", "nl")}
    assert set(tables["en"]) == set(tables["nl"])
    source = "".join(path.read_text("utf-8") for path in (root / "game" / "kings_corners").glob("*.py"))
    used = {key for key in re.findall(r'K \+ "([a-z_.]+)"', source) if not key.endswith((".", "_"))}
    used |= {f"{prefix}{end}" for prefix in ("button.", "legend.") for end in ("draw", "draw_two", "end")}
    used |= {f"status.turn_{end}" for end in ("draw", "draw_two", "end")}
    used |= {f"place.{name}" for name in rules.PLACES}
    missing = {key for key in used if "kings_corners.scene." + key not in tables["en"]}
    assert not missing, missing


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_focus_cursor_reaches_everything_from_everywhere(make_app, players):
    app, scene = new_app(make_app, ["human"] + ["random"] * (players - 1), seed=20 + players, size=(960, 540))
    rng = random.Random(players)
    for _ in range(3):      # some piles and a few cards more in hand
        assert run_until(app, lambda: scene.humans_turn or scene.state.hand_over())
        if scene.state.hand_over():
            break
        moves = [m for m in scene.state.legal_moves() if not isinstance(m, EndTurn)]
        if moves:
            play_by(app, scene, rng.choice(moves), "drag")
        key(pygame.K_TAB)
        app.tick(1 / 60)
    assert run_until(app, lambda: scene.humans_turn or scene.state.hand_over())
    layout = scene.layout()
    keys = [target.key for target in scene.targets(layout)]
    assert ("button", "end") in keys or scene.state.hand_over()
    for start in keys:
        scene.focus = start
        for goal in keys:
            keys_to(scene, goal)   # raises when the cursor cannot get there


def test_a_hint_that_arrives_after_a_move_is_not_shown(make_app):
    for seed in range(1, 40):      # a position where the human can play a card and stay to move
        app, scene = new_app(make_app, ["human", "random"], seed=seed)
        assert run_until(app, lambda scene=scene: scene.humans_turn)
        plays = [m for m in scene.state.legal_moves() if isinstance(m, PlayCard)]
        if plays and len(scene.state.hands[scene.state.to_move()]) > 1:
            break
    scene.computers.ask_hint()
    assert scene.computers.asked == "hint"
    assert scene.apply(plays[0])
    assert run_until(app, lambda: scene.computers.asked is None, 600)
    assert scene.computers.hint is None, "the hint for the old position was shown"


def test_kings_first_in_chips_is_told_apart_from_the_turns_chip(make_app):
    options = {"kings_first": True, "scoring": "chips"}
    for seed in range(1, 60):
        state = rules.new_game(seed, 2, options)
        if state.to_move() == 0 and any(card.rank == 13 for card in state.hands[0]):
            break
    app, scene = new_app(make_app, ["human", "random"], options=options, seed=seed)
    app.tick(1 / 60)
    chips = scene.state.chips[0]
    key(pygame.K_TAB)           # ending the turn with the king in hand costs three chips
    app.tick(1 / 60)
    assert scene.state.chips[0] <= chips - rules.KINGS_FIRST_PENALTY
    said = [line for line in scene.log.lines if str(rules.KINGS_FIRST_PENALTY) in line]
    assert said and any(str(rules.KINGS_FIRST_PENALTY) in text for text, _ in app.notices)


def test_a_new_hand_is_dealt_face_down_from_the_middle(make_app):
    """The last hand's cross lay face up: the deal must not show which of those cards goes into
    which hidden hand, so every card flies face down from the middle, the viewer's own turning
    over half-way."""
    app, scene = new_app(make_app, ["human", "easy", "easy"], seed=4, animation="normal")
    rng = random.Random(2)
    while not scene.at_break():
        scene.apply(rng.choice(scene.state.legal_moves()))
    scene.apply(scene.state.legal_moves()[0])          # the deal of hand 2
    assert scene.state.hand_no == 2
    middle = app.content_rect().center
    starts = {flight.key: flight.path[0].center for flight in scene.motion.flights}
    assert len(starts) >= 21 and set(starts.values()) == {middle}       # seven cards to each of three hands, and the cross
    hidden = {sprite.key for sprite in scene.sprites() if sprite.look in ("back", "turned")}
    assert len(hidden) == 14
    shown, dealt = set(), scene.version
    while scene.motion.flights and scene.version == dealt:     # until the deal lands (or a computer plays on)
        shown |= {key for key, _, look, _ in scene.motion.animator.in_flight(scene.time) if look not in ("back", "turned")}
        assert scene.motion.held(), "nobody plays a card that is still on its way"
        scene.update(1 / 60)
    assert not scene.motion.flights, "the deal landed before anyone played"
    assert not shown & hidden, "a card going into a hidden hand showed its face"
    assert shown, "the viewer's own cards turn over on the way"
