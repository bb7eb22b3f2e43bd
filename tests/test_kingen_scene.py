"""Kingen and Dubbelkingen through the scene: posted keys, gamepad buttons and clicks against
random computers at the instant pace (a whole match takes seconds)."""
import json
import random
import re
from pathlib import Path

import pygame
import pytest

from game import record
from game.kingen import rules, words
from game.kingen.rules import PLAY, ChooseGame, PlayCard
from game.play import continue_game, start_game
from game.ui.i18n import t
from game.ui.table.seats import plate_text_width
from game.ui.text import SHRINK
from posting import click, key, move_focus, pad, run_until

A = pygame.CONTROLLER_BUTTON_A


def new_app(make_app, seats=("human", "random", "random", "random"), match="kingen", seed=1, size=(960, 540),
            pace="instant", hint_level="hard", **kw):
    app = make_app(size=size, **kw)
    app.store.settings["computer_pace"] = pace
    app.store.settings["animation_speed"] = "instant" if pace == "instant" else "fast"
    from game.app import open_scene
    open_scene(app, "title", None)
    start_game(app, "kingen", {"players": 4, "seats": list(seats), "options": {"match": match},
                               "hint_level": hint_level}, seed)
    return app, app.top


def first_dealer(match, wanted=0):
    return next(seed for seed in range(1, 100) if rules.new_game(seed, 4, {"match": match}).dealer == wanted)


def ready(scene):
    return scene.can_play() or scene.at_break() or scene.state.is_over()


def confirm(gamepad):
    pad(A) if gamepad else key(pygame.K_RETURN)


def play_move(app, scene, move, gamepad):
    """The cursor onto the move (a card of the hand, a choice) and confirm, by keys or pad."""
    app.tick(1 / 60)
    layout = scene.layout()
    if isinstance(move, PlayCard):
        goal = ("hand", layout.hand_cards.index(move.card))
    else:
        goal = ("choice", scene.choices().index(move))
    move_focus(app, scene, goal, gamepad)
    confirm(gamepad)
    app.tick(1 / 60)


def play_match(app, scene, rng, limit=3000):
    """Play the human's seat by keys and gamepad in turn until the match ends."""
    moves = 0
    for _ in range(limit):
        if scene.state.is_over():
            return moves
        assert run_until(app, lambda: ready(scene), 600), "the table got stuck"
        if scene.state.is_over():
            return moves
        gamepad = moves % 2 == 1
        if scene.at_break():
            deal = scene.state.deal_no
            assert scene.state.phase == rules.BETWEEN and scene.state.end_reason, "the finished deal stays on the table"
            assert "next" in scene.layout().buttons and scene.score_sheet().rows[-1][0].startswith(f"{deal}.")
            recorded = len(scene.record.moves)
            confirm(gamepad)
            assert run_until(app, lambda: not scene.at_break(), 600), "the next deal was not dealt"
            # the deal is the next move recorded (a computer may have played after it in that frame)
            assert scene.state.deal_no == deal + 1 and scene.record.moves[recorded] == "deal"
            continue
        before = scene.state.to_dict()
        move = rng.choice(scene.state.legal_moves())
        play_move(app, scene, move, gamepad)
        assert scene.state.to_dict() != before, f"{move} was not played"
        moves += 1
    raise AssertionError("the match did not end")


def test_a_whole_kingen_match_by_keys_and_gamepad(make_app):
    app, scene = new_app(make_app, seed=3)
    played = play_match(app, scene, random.Random(3))
    state = scene.state
    assert state.is_over() and len(state.sheet) == 10
    assert [entry["game"] for entry in state.sheet] == [rules.GAMES[game] for game in rules.KINGEN_SCHEDULE]
    assert sum(state.totals) == 0
    assert played >= 40        # at least a card in every deal's trick of the human, by keys and pad
    assert run_until(app, lambda: app.top.name == "result", 600)
    lines = scene.result_lines()
    assert len(lines) == 4 and lines[0].startswith(scene.seat_name(state.winners()[0]))
    assert app.store.stats_for("kingen")["played"] == 1


def test_dubbelkingen_choice_by_gamepad_and_the_choice_table(make_app):
    app, scene = new_app(make_app, match="dubbelkingen", seed=first_dealer("dubbelkingen"))
    app.tick(1 / 60)
    assert scene.choosing() and scene.state.phase == rules.CHOOSE_GAME
    assert len(scene.choices()) == 7
    assert words.quota_text(scene.state, 0) == "\u25b3\u25b3\u25b3 \u25cb\u25cb"
    play_move(app, scene, ChooseGame("no_queens"), gamepad=True)
    assert scene.state.game == "no_queens"
    assert scene.state.chosen[0][rules.NO_QUEENS] == 1
    assert words.quota_text(scene.state, 0) == "\u25b2\u25b3\u25b3 \u25cb\u25cb"
    assert "queen" in words.rule_line(scene.state).lower()
    # on to this seat's next deal (the fifth): the choice again, by keys, from what is left
    rng = random.Random(5)
    while scene.state.deal_no < 5 or not scene.choosing():
        assert run_until(app, lambda: ready(scene), 600)
        if scene.at_break():
            key(pygame.K_RETURN)
            app.tick(1 / 60)
        elif scene.can_play():
            scene.apply(rng.choice(scene.state.legal_moves()))
    state = scene.state
    assert state.dealer == 0
    assert all(sum(state.chosen[seat]) == 1 for seat in range(4)), "every dealer has chosen once"
    open_games = [move.game for move in scene.choices()]
    assert open_games == [rules.GAMES[game] for game in state.open_games(0)]
    play_move(app, scene, ChooseGame("trump"), gamepad=False)
    assert scene.state.phase == rules.CHOOSE_TRUMP and scene.state.chosen[0][rules.TRUMP] == 1


def test_trump_is_named_by_the_human_dealer_with_a_hint(make_app):
    seed = next(seed for seed in range(1, 200) if (rules.new_game(seed, 4).dealer + 6) % 4 == 0)
    app, scene = new_app(make_app, seed=seed, worker=False)
    rng = random.Random(1)
    while scene.state.phase != rules.CHOOSE_TRUMP:      # through the six negative deals
        assert run_until(app, lambda: ready(scene), 600)
        if scene.at_break():
            key(pygame.K_RETURN)
            app.tick(1 / 60)
        elif scene.state.phase == PLAY:
            scene.apply(rng.choice(scene.state.legal_moves()))
    assert scene.state.dealer == 0 and scene.choosing()
    assert [words.move_text(move) for move in scene.choices()][0].endswith(t("kingen.scene.suit.C"))
    scene.computers.ask_hint()
    assert run_until(app, lambda: scene.computers.hint is not None, 600)
    hinted = scene.computers.hint[0]
    assert isinstance(hinted, rules.ChooseTrump) and "trump" in app.notices[-1][0]
    play_move(app, scene, hinted, gamepad=False)
    assert scene.state.trump_suit == hinted.suit


def test_a_hint_for_a_card_lights_it_and_says_why(make_app):
    app, scene = new_app(make_app, seed=11, hint_level="normal")
    while not (scene.state.phase == PLAY and len(scene.state.legal_moves()) > 1):
        assert run_until(app, lambda: ready(scene), 600)
        if scene.can_play() and len(scene.state.legal_moves()) == 1:
            scene.apply(scene.state.legal_moves()[0])
    key(pygame.K_h)
    app.tick(1 / 60)
    assert scene.computers.asked == "hint"
    assert run_until(app, lambda: scene.computers.hint is not None, 1200)
    move, reason = scene.computers.hint
    assert move in scene.state.legal_moves() and scene.hinted() == move
    said = app.notices[-1][0]       # a number a player can use, never the search's own count
    assert rules.card_text(move.index) in said and f"{reason.params['deals']} " not in said and "simulated" not in said
    assert "legend.undo" not in [name for _, name in scene.legend()]


def illegal_position(make_app):
    """A table where the human must follow and holds a card of another suit."""
    for seed in range(1, 80):
        app, scene = new_app(make_app, seed=seed)
        assert run_until(app, lambda scene=scene: ready(scene), 600)
        state = scene.state
        if state.phase != PLAY or not state.trick:
            continue
        legal = {move.card for move in state.legal_moves()}
        wrong = [card for card in state.hand_cards(0) if card not in legal]
        if wrong:
            return app, scene, wrong[0]
    raise AssertionError("no position with an illegal card")


def test_an_illegal_card_is_refused_with_its_reason(make_app):
    app, scene, card = illegal_position(make_app)
    before = scene.state.to_dict()
    layout = scene.layout()
    rect = scene.hand_rects(layout)[layout.hand_cards.index(card)]
    click((rect.x + 4, rect.y + rect.h // 2))
    app.tick(1 / 60)
    assert scene.state.to_dict() == before
    led = scene.state.trick_cards()[0][1]
    reason = app.notices[-1][0]
    assert reason in {t("kingen.err.follow", suit=rules.SUIT_SYMBOL[led.suit])}, reason
    assert led.suit != card.suit


def test_the_last_trick_can_be_seen_at_any_time(make_app):
    app, scene = new_app(make_app, seed=4)
    assert run_until(app, lambda: ready(scene), 600)
    key(pygame.K_PAGEUP)                # no trick yet: said so
    app.tick(1 / 60)
    assert scene.panel is None and app.notices[-1][0] == t("kingen.scene.say.no_last_trick")
    rng = random.Random(4)
    while not scene.state.tricks:
        scene.apply(rng.choice(scene.state.legal_moves()))
        assert run_until(app, lambda: ready(scene), 600)
    pad(pygame.CONTROLLER_BUTTON_LEFTSHOULDER)      # LB shows it
    app.tick(1 / 60)
    assert scene.panel == "last"
    leader, cards, winner = scene.state.last_trick()
    assert len(cards) == 4 and winner == rules.State.last_trick(scene.state)[2]
    key(pygame.K_BACKSPACE)
    app.tick(1 / 60)
    assert scene.panel is None
    click(scene.layout().buttons["last"].center)   # and the button
    app.tick(1 / 60)
    assert scene.panel == "last"
    key(pygame.K_TAB)                               # the score sheet instead
    app.tick(1 / 60)
    assert scene.panel == "sheet"
    key(pygame.K_TAB)
    app.tick(1 / 60)
    assert scene.panel is None


def test_undo_takes_back_only_your_own_card_before_anyone_else_plays(make_app):
    app, scene = new_app(make_app, seed=6, pace="slow")
    rng = random.Random(6)
    for _ in range(60):     # a position where the human's card does not finish the trick
        assert run_until(app, lambda: ready(scene), 3000)
        state = scene.state
        if state.phase == PLAY and len(state.trick) < 3:
            break
        scene.apply(rng.choice(state.legal_moves()))
    before = scene.state.to_dict()
    move = scene.state.legal_moves()[0]
    play_move(app, scene, move, gamepad=False)
    assert scene.state.to_dict() != before and scene.undo.possible()
    key(pygame.K_u)                     # while the next seat is still thinking
    app.tick(1 / 60)
    assert scene.state.to_dict() == before
    play_move(app, scene, move, gamepad=True)
    count = bin(scene.state.played_mask()).count("1")
    assert run_until(app, lambda: bin(scene.state.played_mask()).count("1") > count or scene.at_break(), 3000)
    assert run_until(app, lambda: ready(scene), 3000)
    assert not scene.undo.possible(), "undo would take back a card another seat showed"
    key(pygame.K_u)
    app.tick(1 / 60)
    assert scene.state.to_move() == 0 or scene.at_break()


def test_undo_never_takes_back_the_card_that_finishes_a_trick(make_app):
    app, scene = new_app(make_app, seed=8, pace="slow")
    rng = random.Random(8)
    for _ in range(200):
        assert run_until(app, lambda: ready(scene), 3000)
        state = scene.state
        if state.phase == PLAY and len(state.trick) == 3 and not state.reveals(state.legal_moves()[0]):
            break
        scene.apply(rng.choice(state.legal_moves()))
    assert run_until(app, lambda: not scene.motion.busy(), 600)
    scene.apply(scene.state.legal_moves()[0])
    assert not scene.undo.possible()
    assert scene.showing is not None and not scene.computers.may_move()   # the trick stays readable
    leader, cards, winner, _ = scene.showing
    app.tick(1 / 60)
    assert scene.seat_name(winner) in scene.status_text() or "You" in scene.status_text()
    assert run_until(app, lambda: scene.showing is None, 600)
    layout = scene.layout()
    trick = {rules.CARD[card] for card in cards}
    flying = [flight for flight in scene.motion.flights if flight.key in trick]
    assert len(flying) == 4
    assert all(layout.stacks[winner].colliderect(flight.path[-1]) or
               layout.penalty_area[winner].inflate(layout.sw, 0).colliderect(flight.path[-1])
               for flight in flying), "the trick flies to its winner"


def test_save_after_every_card_and_resume_mid_deal(make_app, tmp_path):
    app, scene = new_app(make_app, seed=9, data_dir=tmp_path)
    rng = random.Random(9)
    for _ in range(3):
        assert run_until(app, lambda: ready(scene), 600)
        play_move(app, scene, rng.choice(scene.state.legal_moves()), gamepad=False)
        assert record.from_dict(app.store.load_game()).replay().to_dict() == scene.state.to_dict()
    assert run_until(app, lambda: ready(scene), 600)
    saved = scene.state.to_dict()
    app.close()
    again = make_app(data_dir=tmp_path, size=(960, 540))
    from game.app import open_scene
    open_scene(again, "title", None)
    continue_game(again)
    assert again.top.name == "game" and again.top.state.to_dict() == saved
    again.tick(1 / 60)
    assert again.top.can_play()


def test_hot_seat_hands_over(make_app):
    app, scene = new_app(make_app, seats=("human", "human", "random", "random"), seed=2)
    assert run_until(app, lambda: app.top.name == "hand_over" or scene.state.is_over(), 600)
    seat = scene.state.to_move()
    assert scene.face_up_seat() is None and all(card is None for card in scene.bottom_hand())
    key(pygame.K_RETURN)
    app.tick(1 / 60)
    assert scene.face_up_seat() == seat and scene.bottom_seat() == seat
    play_move(app, scene, scene.state.legal_moves()[0], gamepad=False)
    assert run_until(app, lambda: app.top.name == "hand_over", 600)
    assert scene.face_up_seat() != scene.state.to_move()


@pytest.mark.parametrize("size,couch", [((960, 540), False), ((960, 540), True), ((1920, 1080), False),
                                        ((1920, 1080), True)])
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_table_fits_the_window(make_app, size, couch, language):
    from game.ui.i18n import set_language
    app, scene = new_app(make_app, match="dubbelkingen", seed=first_dealer("dubbelkingen"), size=size)
    app.store.settings["couch"] = couch
    set_language(language)
    try:
        app.tick(1 / 60)
        layout = scene.layout()
        content = app.content_rect()
        rects = list(layout.plates.values()) + list(layout.buttons.values()) + layout.hand
        rects += list(layout.spots.values()) + list(layout.stacks.values()) + [layout.status]
        rects += [rect for cards in layout.seat_cards.values() for rect in cards]
        for rect in rects:
            assert content.contains(rect), f"{rect} leaves the table {content}"
        for plate in layout.plates.values():
            assert not plate.colliderect(layout.trick_zone)
        from game.ui.table.panels import choice_rects
        box, _ = choice_rects(layout.chooser, 7, layout.u, 2)
        assert content.contains(box) and not box.colliderect(layout.quota)
    finally:
        set_language("en")


def test_every_scene_string_is_in_both_languages():
    root = Path(__file__).resolve().parent.parent
    tables = {lang: json.loads((root / "assets" / "i18n" / lang / "kingen_scene.json").read_text("utf-8"))
              for lang in ("en", "nl")}
    assert set(tables["en"]) == set(tables["nl"])
    source = "".join((root / "game" / "kingen" / name).read_text("utf-8")
                     for name in ("scene.py", "words.py", "draw.py"))
    used = {key for key in re.findall(r'K \+ "([a-z_.]+)"', source) if not key.endswith((".", "_"))}
    used |= {f"suit.{suit}" for suit in "SHCD"} | {f"short.{game}" for game in rules.GAMES}
    used |= {f"rule.{game}" for game in rules.GAMES} | {f"button.{name}" for name in
                                                        ("next", "result", "last", "scores", "hint", "undo")}
    used |= {f"info.match.{kind}" for kind in rules.KINDS}
    missing = {key for key in used if "kingen.scene." + key not in tables["en"]}
    assert not missing, missing


@pytest.mark.parametrize("size,couch", [((960, 540), False), ((960, 540), True), ((1920, 1080), True)])
@pytest.mark.parametrize("language", ["en", "nl"])
def test_every_string_fits_its_place(make_app, size, couch, language):
    """The longest texts each place can get, measured against the room it has (nothing is
    cut with an ellipsis): buttons, the dealer's choices, plates, the log, the choice table,
    the sheet's rows, the rule lines (at most four lines in the info panel)."""
    from game.ui import theme
    from game.ui.i18n import set_language
    from game.ui.table.panels import choice_rects
    from game.ui.text import render, wrap
    app, scene = new_app(make_app, match="dubbelkingen", seed=first_dealer("dubbelkingen"), size=size)
    app.store.settings["couch"] = couch
    set_language(language)
    try:
        app.tick(1 / 60)
        layout, u = scene.layout(), app.u

        def width(text, size, bold=False):
            return render(text, int(size * u), theme.TEXT, bold).get_width()

        button_w = next(iter(layout.buttons.values())).w
        for name in ("next", "result", "last", "scores"):
            assert width(t(f"kingen.scene.button.{name}"), theme.SMALL, True) <= button_w - 16 * u, name
        for per_row, labels, area in ((None, [words.move_text(rules.ChooseTrump(s)) for s in "CDHS"], layout.middle),
                                      (2, [t(f"kingen.scene.short.{game}") for game in rules.GAMES], layout.chooser)):
            _, rects = choice_rects(area, len(labels), u, per_row)
            for label, rect in zip(labels, rects):
                assert width(label, theme.SMALL) <= rect.w - 16 * u, label
        # a plate's text: beside the dealer's disc at its size; beside a portrait the kit's rule
        # may shrink it (to SHRINK of its size), never cut it
        detail = t("kingen.scene.plate.detail", points="-26", total="-104")
        plate, beside_face = (plate_text_width(layout.plates[0], u, face, badge=True) for face in (False, True))
        assert width(detail, theme.TINY) <= plate
        assert width(detail, theme.TINY * SHRINK) <= beside_face
        assert width(scene.seat_name(1), theme.SMALL, True) <= beside_face
        names = [scene.seat_name(seat) for seat in range(4)]
        longest = [scene.said(f"kingen.scene.log.{key}", seat, name=name, n=20, card="\u266510",
                              suit="\u2666", game=t("kingen.game.no_7th_and_last"))
                   for key in ("deal", "play", "takes", "trump") for seat, name in enumerate(names)]
        for line in longest:
            assert width(line, theme.TINY) <= layout.log.w, line
        quota = layout.quota.w - 16 * u
        for game in rules.NEGATIVE:
            assert width(t("kingen.scene.quota.game", game=t(f"kingen.scene.short.{rules.GAMES[game]}"), n=2),
                         theme.TINY) <= quota
        assert width(f"{names[1]}: \u25b2\u25b2\u25b2 \u25cf\u25cf", theme.TINY, True) <= quota
        # the kit's sheet: the rows' labels, as wide as the longest up to 30% of it, then a column per seat
        rows = [t("kingen.scene.sheet.deal", n=20, game=t(f"kingen.scene.short.{game}")) + (" \u2665" if game == "trump"
                else "") for game in rules.GAMES]
        widest = max(width(row, theme.TINY, True) for row in rows)
        assert widest + 14 * u <= layout.sheet.w * 0.3, max(rows, key=lambda row: width(row, theme.TINY, True))
        column = (layout.sheet.w - 2 * 26 * u - max(layout.sheet.w * 0.2, widest + 14 * u)) / 4
        assert width("-13 (-104)", theme.TINY, True) <= column - 8 * u
        for game in rules.GAMES:
            for lose in ("", ".lose"):
                key = f"kingen.scene.rule.{game}{lose}"
                if lose and not t(key) != key:
                    continue
                assert len(wrap(t(key), int(theme.TINY * u), layout.info.w)) <= 4, key
    finally:
        set_language("en")


def test_the_last_trick_of_the_match_stays_on_show_before_the_end_screen(make_app):
    app, scene = new_app(make_app, pace="normal")
    rng = random.Random(7)
    while not scene.state.is_over():
        scene.apply(rng.choice(scene.state.legal_moves()))
    assert scene.trick_shown() is not None and scene.trick_shown()[1] == scene.state.tricks[-1][1]
    assert app.top is scene                        # the end screen waits until the trick has been seen


def test_a_computer_dealers_choice_is_not_told_after_its_deal(make_app):
    """The notice "Wim chooses No hearts" is news of its deal: once the deal is over (the score
    sheet, the end screen, the next dealer's choice) it is no longer on screen."""
    app, scene = new_app(make_app, match="dubbelkingen", seed=first_dealer("dubbelkingen", 1))
    rng = random.Random(3)
    scene.apply(rng.choice(scene.state.legal_moves()))          # the computer dealer chooses the game
    said = scene.choice_said
    assert said and said in [notice[0] for notice in app.notices]
    while scene.state.phase != rules.BETWEEN:
        scene.apply(rng.choice(scene.state.legal_moves()))
    assert said not in [notice[0] for notice in app.notices]
