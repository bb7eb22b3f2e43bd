"""4 Koningen through its scene: whole turns by posted mouse, keyboard and gamepad events."""
import pygame
import pytest

import ai.vier_koningen  # noqa: F401  (the helper the autoplay and hint tests need: a broken import fails)
from game.cards import Card
from game.play import start_game
from game.ui.i18n import t
from game.vier_koningen import rules
from posting import click, drag, key, pad, reopen, run_until

SOLO = {"players": 1, "seats": ["human"], "options": {}}


def start(make_app, seed, options=None, size=(1920, 1080), animation="instant", **app_options):
    app = make_app(size=size, **app_options)
    app.store.settings["computer_pace"] = "instant"
    app.store.settings["animation_speed"] = animation
    setup = dict(SOLO, options=dict(options or {}))
    start_game(app, "vier_koningen", setup, seed)
    return app, app.top


def button(scene, name):
    return dict(scene.layout().buttons)[name]


def hand_rect(scene, card):
    layout = scene.layout()
    return layout.hand_slots[scene.hand_cards().index(card)]


def reach_cover(scene, hand):
    """Straight to the cover step with this hand (the rules' moves through the scene)."""
    assert scene.apply(rules.ChooseHand(tuple(Card.parse(c) for c in hand.split())))
    assert scene.apply(rules.Draw())
    assert scene.state.phase == "cover"


# -- a whole game by mouse, keyboard and drags ----------------------------------------------
def plain_move(state):
    """A plain player (independent of the helper in ai/): the strongest cards in hand; on
    each drawn card in turn the smallest winning cover, else the cheapest card."""
    if state.phase == "hand":
        ranked = sorted(state.controlled, key=lambda card: (-card.rank, card.suit))
        return rules.ChooseHand(tuple(ranked[:state.hand_size()]))
    if state.phase == "draw":
        return rules.Draw()
    covers = [move for move in state.legal_moves() if isinstance(move, rules.Cover)]
    if not covers:
        return rules.Judge()
    target = min(move.target for move in covers)

    def cost(move):
        verdict = rules.judge(state.drawn[target], move.cards)
        return (not verdict.won, len(move.cards), sum(card.rank for card in move.cards), str(move))
    return min((move for move in covers if move.target == target), key=cost)


def input_for(app, scene, move, turn):
    """Post the events a player would make for `move`; alternate mouse and keyboard by turn."""
    mouse = turn % 2 == 0
    layout = scene.layout()
    if isinstance(move, rules.ChooseHand):
        for card in move.cards:
            if card not in scene.selection:
                click(layout.cells[card].center)
        if mouse:
            app.tick(1 / 60)
            click(button(scene, "take").center)
        else:
            key(pygame.K_TAB)
    elif isinstance(move, rules.Draw):
        if mouse:
            click(layout.piles[scene.state.round - 1].center)
        else:
            key(pygame.K_TAB)
    elif isinstance(move, rules.Cover):
        target = layout.drawn[move.target].center
        if turn % 3 == 1:       # drag the cards: select all but one, drag the last onto the drawn card
            for card in move.cards[:-1]:
                click(hand_rect(scene, card).center)
            drag(hand_rect(scene, move.cards[-1]).center, target)
        else:
            for card in move.cards:
                click(hand_rect(scene, card).center)
            click(target)
    elif isinstance(move, rules.Uncover):
        click(layout.drawn[move.target].center)
    elif isinstance(move, rules.Judge):
        if mouse:
            click(button(scene, "judge").center)
        else:
            key(pygame.K_TAB)
    else:
        raise AssertionError(f"unexpected move {move}")


@pytest.mark.parametrize("seed,size", [(3, (1920, 1080)), (11, (960, 540))])
def test_a_whole_game_played_by_posted_events(make_app, seed, size):
    app, scene = start(make_app, seed, size=size, animation="fast")
    for _ in range(130):   # over thirty turns of four steps (a whole game when it ends sooner)
        if scene.state.is_over():
            break
        move = plain_move(scene.state.view(0))
        before = len(scene.state.log)
        input_for(app, scene, move, scene.state.turn)
        app.tick(1 / 60)
        assert len(scene.state.log) == before + 1, f"the input for {move} made no move"
        assert scene.state.log[-1] == move
    assert scene.state.turn > 25 or scene.state.is_over()
    if scene.state.is_over():
        assert run_until(app, lambda: app.top.name == "result", frames=600)
        key = "vier_koningen"
        assert app.store.stats_for(key)["played"] == 1
        assert app.store.load_game() is None


def test_keyboard_alone_plays_a_turn(make_app):
    app, scene = start(make_app, 5)
    assert scene.focus == ("grid", Card(1, "S"))
    for direction in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, None):
        key(pygame.K_RETURN)
        if direction:
            key(direction)
    app.tick(1 / 60)
    assert scene.selection and len(scene.selection) == 5
    assert scene.focus == ("button", "take")
    key(pygame.K_RETURN)                       # take the hand
    app.tick(1 / 60)
    assert scene.state.phase == "draw" and scene.focus == ("button", "draw")
    key(pygame.K_RETURN)                       # draw
    app.tick(1 / 60)
    assert scene.state.phase == "cover"
    for _ in range(2):
        assert scene.focus[0] == "hand"
        key(pygame.K_RETURN)                   # select the focused hand card
        app.tick(1 / 60)
        open_targets = [i for i, cover in enumerate(scene.state.covers) if not cover]
        for _ in range(6):                     # walk right to an uncovered drawn card
            if scene.focus[0] == "drawn" and scene.focus[1] in open_targets:
                break
            key(pygame.K_RIGHT)
            app.tick(1 / 60)
        key(pygame.K_RETURN)
        app.tick(1 / 60)
    assert all(scene.state.covers)
    assert scene.focus == ("button", "judge")
    key(pygame.K_RETURN)
    app.tick(1 / 60)
    assert scene.state.verdict_turn == 1 and len(scene.state.verdict) == 2
    assert scene.state.phase in ("hand", "over")


def test_gamepad_alone_chooses_a_hand_and_draws(make_app):
    app, scene = start(make_app, 8)
    moves = [pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
             pygame.CONTROLLER_BUTTON_DPAD_DOWN, pygame.CONTROLLER_BUTTON_DPAD_LEFT]
    for direction in moves + [None]:
        pad(pygame.CONTROLLER_BUTTON_A)
        if direction is not None:
            pad(direction)
    pad(pygame.CONTROLLER_BUTTON_B)            # back: the selection is cleared
    app.tick(1 / 60)
    assert scene.selection == [] and scene.state.phase == "hand"
    for direction in moves + [None]:
        pad(pygame.CONTROLLER_BUTTON_A)
        if direction is not None:
            pad(direction)
    pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)   # the next step: take the hand
    pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)   # and draw
    app.tick(1 / 60)
    assert scene.state.phase == "cover" and len(scene.state.drawn) == 2


# -- illegal covers ----------------------------------------------------------------------------
def test_an_illegal_cover_is_refused_and_explained(make_app):
    app, scene = start(make_app, 21)
    reach_cover(scene, "AS 2S AH 2H 3H")
    saved = scene.state.to_dict()
    click(hand_rect(scene, Card.parse("AS")).center)
    click(hand_rect(scene, Card.parse("AH")).center)   # two suits together
    app.tick(1 / 60)
    layout = scene.layout()
    targets = {t.key: t for t in scene.targets(layout)}
    for index in (0, 1):
        assert not scene.is_legal_target(targets[("drawn", index)])
        legal, why = scene.cover_check(index)
        assert not legal and why
    notices = len(app.notices)
    click(layout.drawn[0].center)
    app.tick(1 / 60)
    assert scene.state.to_dict() == saved, "an illegal cover changed the game"
    assert len(app.notices) > notices
    # four of the five cards on one drawn card leaves one for the other: legal; all five is not
    key(pygame.K_BACKSPACE)
    app.tick(1 / 60)
    assert scene.selection == []
    for code in ("AH", "2H", "3H"):
        click(hand_rect(scene, Card.parse(code)).center)
    app.tick(1 / 60)
    assert scene.is_legal_target(targets[("drawn", 0)])
    assert scene.cover_check(0)[0]
    click(layout.drawn[0].center)
    app.tick(1 / 60)
    assert scene.state.covers[0] == tuple(rules.sort_cards(Card.parse(c) for c in ("AH", "2H", "3H")))
    # the two spades left: both on the second drawn card is legal; but not on the covered first
    for code in ("AS", "2S"):
        click(hand_rect(scene, Card.parse(code)).center)
    app.tick(1 / 60)
    assert not scene.cover_check(0)[0]
    assert scene.cover_check(1)[0]


def test_too_many_cards_on_one_drawn_card_in_round_two(make_app):
    app, scene = start(make_app, 4)
    state = scene.state
    state.round = 2
    state.controlled = rules.sort_cards(Card(rank, suit) for suit in "SHCD" for rank in range(1, 7))
    state.piles[0] = []
    scene.selection = []
    reach_cover(scene, "AS 2S 3S")
    for code in ("AS", "2S", "3S"):
        click(hand_rect(scene, Card.parse(code)).center)
    app.tick(1 / 60)
    legal, why = scene.cover_check(0)
    assert not legal and why
    saved = scene.state.to_dict()
    click(scene.layout().drawn[0].center)
    app.tick(1 / 60)
    assert scene.state.to_dict() == saved


# -- undo --------------------------------------------------------------------------------------
def test_undo_takes_back_only_the_hand_and_the_covers(make_app):
    app, scene = start(make_app, 13)
    assert not scene.undo.possible()                      # nothing to take back while choosing
    hand = "AS 2S 3S AH 2H"
    assert scene.apply(rules.ChooseHand(tuple(Card.parse(c) for c in hand.split())))
    assert scene.undo.possible()
    key(pygame.K_u)                                  # put the hand back
    app.tick(1 / 60)
    assert scene.state.phase == "hand"
    assert set(scene.selection) == {Card.parse(c) for c in hand.split()}, "the old hand stays chosen"
    key(pygame.K_TAB)                                # take it again
    key(pygame.K_TAB)                                # and draw
    app.tick(1 / 60)
    assert scene.state.phase == "cover"
    drawn = list(scene.state.drawn)
    saved = scene.state.to_dict()
    assert not scene.undo.possible()
    key(pygame.K_u)                                  # a draw is never undone
    app.tick(1 / 60)
    assert scene.state.to_dict() == saved
    assert scene.apply(rules.Cover(0, (Card.parse("AS"), Card.parse("2S"))))
    assert scene.undo.possible()
    pad(pygame.CONTROLLER_BUTTON_Y)                  # undo on the gamepad: the cards come back
    app.tick(1 / 60)
    assert scene.state.covers[0] == () and scene.state.drawn == drawn
    assert set(scene.selection) == {Card.parse("AS"), Card.parse("2S")}
    assert scene.apply(rules.Cover(0, (Card.parse("AS"),)))
    assert scene.apply(rules.Cover(1, (Card.parse("AH"), Card.parse("2H"))))
    assert isinstance(scene.state.undo_move(), rules.Uncover)
    key(pygame.K_TAB)                                # judge
    app.tick(1 / 60)
    assert scene.state.verdict_turn == 1
    saved = scene.state.to_dict()
    assert not scene.undo.possible()
    key(pygame.K_u)                                  # a judgement is never undone
    app.tick(1 / 60)
    assert scene.state.to_dict() == saved
    for before, move in zip(scene.state.log, scene.state.log[1:]):   # each take-back undid the move before it
        if isinstance(move, rules.ReturnHand):
            assert isinstance(before, rules.ChooseHand)
        if isinstance(move, rules.Uncover):
            assert isinstance(before, rules.Cover) and before.target == move.target
    assert sum(isinstance(move, rules.ReturnHand) for move in scene.state.log) == 1
    assert sum(isinstance(move, rules.Uncover) for move in scene.state.log) == 1


# -- autoplay ----------------------------------------------------------------------------------
def test_autoplay_plays_until_any_input(make_app):
    app, scene = start(make_app, 17)
    key(pygame.K_PAGEUP)                             # autoplay on
    app.tick(1 / 60)
    assert scene.autoplay and not scene.is_human(0)
    assert run_until(app, lambda: len(scene.state.log) >= 12 or scene.state.is_over(), frames=6000)
    assert scene.state.result in (None, "won", "lost"), "the helper never gives up"
    key(pygame.K_LEFT)                               # any input stops it
    app.tick(1 / 60)
    assert not scene.autoplay and scene.is_human(0)
    played = len(scene.state.log)
    for _ in range(240):
        app.tick(1 / 60)
    assert len(scene.state.log) == played, "the helper went on after the input"
    assert scene.record.notes.get("helper_played")
    # a click on the Autoplay button starts it again; a click anywhere stops it
    if not scene.state.is_over():
        click(button(scene, "autoplay").center)
        app.tick(1 / 60)
        assert scene.autoplay
        click((5, 5))
        app.tick(1 / 60)
        assert not scene.autoplay


def test_hint_highlights_the_suggestion(make_app):
    app, scene = start(make_app, 2)
    key(pygame.K_h)
    assert run_until(app, lambda: scene.computers.hint is not None, frames=600)
    move = scene.computers.hint[0]
    assert isinstance(move, rules.ChooseHand)
    cards, _ = scene.hinted()
    assert cards == set(move.cards)
    assert scene.hint_text and scene.message_text()[0] == scene.hint_text


def test_autoplay_stops_and_says_so_when_the_helper_fails(make_app, monkeypatch):
    import ai
    real = ai.make_bot

    def broken(game, level, seed=None):
        if game == "vier_koningen":
            raise ValueError("no helper here")
        return real(game, level, seed)
    monkeypatch.setattr(ai, "make_bot", broken)
    app, scene = start(make_app, 18)
    key(pygame.K_PAGEUP)
    assert run_until(app, lambda: not scene.autoplay, frames=600)
    assert scene.state.log == [] and not scene.state.is_over()
    assert app.notices
    notices = len(app.notices)
    key(pygame.K_h)                                  # no hint either: said, and nothing left waiting
    # (the failed answer may come within the frame that asks: the thinking line need not show)
    assert run_until(app, lambda: not scene.computers.asked and len(app.notices) > notices, frames=600)
    assert scene.computers.hint is None and scene.hint_text == ""
    assert app.notices[-1][0] == t("hint.none")


# -- statistics and the end ----------------------------------------------------------------------
def give_up_through_the_pause_menu(app, scene, mouse=False):
    if mouse:
        click(button(scene, "menu").center)
    else:
        key(pygame.K_ESCAPE)
    app.tick(1 / 60)
    assert app.top.name == "pause"
    widgets = app.top.list.widgets
    index = next(i for i, w in enumerate(widgets) if "Give up" in str(getattr(w, "text", "")))
    app.top.layout()
    click(widgets[index].rect.center)
    app.tick(1 / 60)
    assert scene.state.result == "gave_up"
    assert run_until(app, lambda: app.top.name == "result", frames=600)


def test_peeking_games_are_counted_apart(make_app):
    app, scene = start(make_app, 31, options={"peek_lost": True})
    assert scene.keeping.stats_key() == "vier_koningen_peek"
    give_up_through_the_pause_menu(app, scene)
    assert app.store.stats_for("vier_koningen_peek")["played"] == 1
    assert app.store.stats_for("vier_koningen_peek")["lost"] == 1
    assert app.store.stats_for("vier_koningen")["played"] == 0
    assert any("4242" not in line for line in scene.result_lines())
    app2, plain = start(make_app, 32)
    assert plain.keeping.stats_key() == "vier_koningen"
    give_up_through_the_pause_menu(app2, plain, mouse=True)
    assert app2.store.stats_for("vier_koningen")["played"] == 1


def test_games_the_helper_played_are_not_counted(make_app):
    app, scene = start(make_app, 33)
    key(pygame.K_PAGEUP)
    assert run_until(app, lambda: len(scene.state.log) >= 1, frames=3000)
    key(pygame.K_LEFT)
    app.tick(1 / 60)
    give_up_through_the_pause_menu(app, scene)
    assert app.store.stats_for("vier_koningen")["played"] == 0


def test_the_last_kings_won_end_the_game_with_its_best_score(make_app):
    app, scene = start(make_app, 7, animation="fast")
    state = scene.state              # round 3, everything controlled but K♠ and Q♥, which are drawn next
    missing = {Card.parse("KS"), Card.parse("QH")}
    state.round = 3
    state.controlled = rules.sort_cards(Card(rank, suit) for suit in "SHCD" for rank in range(1, 14)
                                        if Card(rank, suit) not in missing)
    state.piles = [[], [], [Card.parse("KS"), Card.parse("QH")]]
    state.round_turns = {1: 30, 2: 20, 3: 6}
    app.tick(1 / 60)
    layout = scene.layout()
    for code in ("AS", "QS", "KH"):
        click(layout.cells[Card.parse(code)].center)
    key(pygame.K_TAB)
    key(pygame.K_TAB)
    app.tick(1 / 60)
    assert scene.state.drawn == [Card.parse("QH"), Card.parse("KS")]
    for code in ("AS", "QS"):
        click(hand_rect(scene, Card.parse(code)).center)
    click(scene.layout().drawn[1].center)
    app.tick(1 / 60)
    drag(hand_rect(scene, Card.parse("KH")).center, scene.layout().drawn[0].center)
    app.tick(1 / 60)
    assert all(scene.state.covers)
    click(button(scene, "judge").center)
    app.tick(1 / 60)
    assert scene.state.result == "won"
    assert [item.arithmetic for item in scene.state.verdict] == ["\u2665 13 \u2265 12", "\u2660 1+12 \u2265 13"]
    row = app.store.stats_for("vier_koningen")
    assert row["won"] == 1 and row["best_score"] == 57 == scene.turns()
    assert app.top.name == "game", "the result waits for the last cards to land"
    assert run_until(app, lambda: app.top.name == "result", frames=600)
    assert any("57" in line for line in scene.result_lines())
    assert [name for name, _ in scene.buttons()] == ["new", "menu"]


def test_resume_after_closing(make_app, tmp_path):
    app, scene = start(make_app, 41, options={"peek_lost": True}, data_dir=tmp_path)
    reach_cover(scene, "AS 2S 3S AH 2H")
    assert scene.apply(rules.Cover(0, (Card.parse("AS"), Card.parse("2S"))))
    saved = scene.state.to_dict()
    again = reopen(app, make_app, tmp_path)
    assert again.state.to_dict() == saved
    assert again.seed == 41
    again.app.tick(1 / 60)
    assert again.undo.possible()                      # the cover can still be taken back


# -- couch mode --------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1920, 1080), (960, 540)])
def test_couch_mode_cards_are_at_least_as_large_as_outside_it(make_app, tmp_path, size):
    """Couch mode's larger text takes room from the air, not from the cards: the grid's and
    the table's cards are no smaller than outside couch mode, and the grid still fits."""
    widths = {}
    for couch in (False, True):
        app, scene = start(make_app, 5, size=size, couch=couch, data_dir=tmp_path / f"couch{couch}")
        app.tick(1 / 60)
        layout = scene.layout()
        widths[couch] = (layout.gw, layout.tw)
        cells = list(layout.cells.values())
        assert all(layout.message.bottom <= rect.top and rect.bottom <= layout.hand_box.y for rect in cells), \
            "the grid runs into the message line or the table"
    assert widths[True][0] >= widths[False][0], f"couch grid cards {widths[True][0]} px < {widths[False][0]} px"
    assert widths[True][1] >= widths[False][1], f"couch table cards {widths[True][1]} px < {widths[False][1]} px"


def test_a_narrow_window_with_the_largest_dutch_interface_draws_the_drawn_cards(make_app, tmp_path):
    """Found by the fuzzer: couch mode, UI scale 1.75 and the Dutch headings of the drawn
    cards on a 960x900 window gave the table's cards a negative width ('Cannot scale to
    negative size') once a card was drawn."""
    from game.store import UI_SCALES
    from game.ui.i18n import set_language
    set_language("nl")
    try:
        app, scene = start(make_app, 5, size=(960, 900), couch=True, data_dir=tmp_path)
        app.store.settings["ui_scale"] = max(UI_SCALES)
        reach_cover(scene, "AS 2S 3S AH 2H")
        for _ in range(3):
            app.tick(1 / 60)
        assert scene.layout().tw >= 1
    finally:
        set_language("en")


# -- translations ----------------------------------------------------------------------------------
def test_every_scene_string_exists_in_english_and_dutch_with_the_same_placeholders():
    import json
    import re
    import string
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    tables = {lang: json.loads((root / "assets" / "i18n" / lang / "vier_koningen_scene.json").read_text("utf-8"))
              for lang in ("en", "nl")}
    assert set(tables["en"]) == set(tables["nl"])

    def fields(text):
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}
    for name, text in tables["en"].items():
        assert fields(text) == fields(tables["nl"][name]), name
        assert tables["nl"][name].strip(), name
    source = "".join(path.read_text("utf-8") for path in sorted((root / "game" / "vier_koningen").glob("*.py")))
    used = set(re.findall(r'\b(?:say|key)\("([a-z_.]+)"', source))     # the scene's, its words' and drawing's
    used |= {f"table.{name}" for name in ("drawn", "drawn_card", "last_turn")}    # the layout's headings
    dynamic = {f"button.{name}" for name in ("take", "draw", "change", "takeback", "judge", "hint", "autoplay",
                                             "stop", "new", "menu")}
    dynamic |= {f"move.{name}" for name in ("draw", "judge", "returnhand", "giveup")}
    dynamic |= {f"legend.{name}" for name in ("take", "draw", "judge")}
    for name in used | dynamic:
        assert f"vier_koningen_scene.{name}" in tables["en"], name


def test_no_computer_answer_nor_fallback_gives_up(make_app):
    """Giving up is the player's own choice: a computer seat's GiveUp answer is refused, and the
    fallback after a failing worker never draws it."""
    from game.play import start_game
    app = make_app()
    start_game(app, "vier_koningen", {"players": 1, "seats": ["hard"], "options": {}}, 5)
    scene = app.top
    assert rules.GiveUp() in scene.state.legal_moves()
    assert not scene.computers.accepts(rules.GiveUp())
    for count in range(40):          # the fallback at forty points of the record
        scene.record.moves[:] = ["x"] * count
        move = scene.computers.failed()
        assert move in scene.state.legal_moves() and not isinstance(move, rules.GiveUp)
