""""Why?" after a computer's move: its best moves from its own search, or its judgement of
that moment asked again from its seat's view; never what that seat could not see."""
from game.app import open_scene
from game.ui import input as inp
from game.ui.i18n import t


def play_until_a_computer_moved(app, scene, searched: bool, limit: int = 3000) -> bool:
    for _ in range(limit):
        app.tick(1 / 60)
        last = scene.computers.last
        if last is not None and bool(last[2]) == searched:
            return True
    return False


def test_a_searching_computer_shows_its_best_moves(make_app):
    app = make_app()
    app.store.settings["computer_pace"] = "fast"
    open_scene(app, "game:kingen", 3, seats=["human", "normal", "normal", "normal"])
    scene = app.top
    assert play_until_a_computer_moved(app, scene, searched=True)
    seat, move, candidates, view = scene.computers.last
    assert "legend.why" in [key for _, key in scene.legend()]
    assert candidates[0][1] >= candidates[-1][1] or candidates[0][2] >= candidates[-1][2]
    assert view.viewer == seat and view.to_dict() == scene.computers.last[3].to_dict()
    scene.handle(inp.Action(inp.WHY, inp.GAMEPAD))
    text = app.notices[-1][0]
    assert scene.seat_name(seat) in text and scene.move_name(view, move) in text
    assert all(scene.move_name(view, candidate[0]) in text for candidate in candidates)


def test_a_player_without_such_a_search_gives_its_judgement(make_app):
    app = make_app()
    app.store.settings["computer_pace"] = "fast"
    open_scene(app, "game:kings_corners", 3, seats=["human", "easy"])
    scene = app.top
    assert play_until_a_computer_moved(app, scene, searched=False)
    seat = scene.computers.last[0]
    scene.handle(inp.Action(inp.WHY, inp.KEYBOARD))
    assert scene.computers.asked == "why"
    for _ in range(600):
        app.tick(1 / 60)
        if app.notices and scene.seat_name(seat) in app.notices[-1][0]:
            break
    else:
        raise AssertionError(f"no judgement came: {app.notices}")


    # told about that person, never as an order to the player
    said = app.notices[-1][0]
    assert not said.startswith(t("hint.prefix", move="", reason="")[:4]) and "your turn" not in said, said


def test_no_why_before_any_computer_move(make_app):
    app = make_app()
    open_scene(app, "game:quarto", 3, seats=["human", "hard"])
    scene = app.top
    assert scene.computers.last is None
    assert "legend.why" not in [key for _, key in scene.legend()]
    scene.handle(inp.Action(inp.WHY, inp.KEYBOARD))
    assert scene.computers.asked is None


def test_why_names_a_keezen_move_in_words_not_in_its_code(make_app):
    """Keezen's computers search: "Why?" lists its best moves in words, where its pawns stand
    said from the board's landmarks, never the notation ('Q b34+12')."""
    from game.keezen.words import move_words
    app = make_app()
    app.store.settings["computer_pace"] = "fast"
    open_scene(app, "game:keezen", 5, seats=["normal"] * 4)        # (nobody waits for a human)
    scene = app.top
    for _ in range(40):
        assert play_until_a_computer_moved(app, scene, searched=True)
        seat, move, candidates, view = scene.computers.last
        if type(move).__name__ in ("Walk", "Swap", "Enter"):
            break
        scene.computers.last = None
    else:
        raise AssertionError("no computer moved a pawn")
    scene.handle(inp.Action(inp.WHY, inp.KEYBOARD))
    text = app.notices[-1][0]
    assert move_words(view, move) in text and move.code not in text
    assert all(move_words(view, entry[0]) in text and entry[0].code not in text for entry in candidates)


def test_an_expert_choosing_otherwise_is_said_so_and_shown_on_the_table(make_app):
    """"Why?" after a computer that does not search asks an expert's judgement of that moment:
    where the expert would have chosen another move, the words say whose choice each was (not
    the expert's reason told as the computer's own), and the table rings the move played and
    lifts the expert's; the next move takes them away."""
    from ai.worker import Answer
    from game.ui import text as kit_text
    app = make_app(size=(960, 540))
    open_scene(app, "game:quarto", 3, seats=["easy", "human"])
    scene = app.top
    seat, view = 0, scene.state.view(0)       # the computer's first move (played here: no waiting for it)
    move = view.legal_moves()[5]
    assert scene.apply(move)
    scene.computers.last = (seat, move, (), view)
    other = next(candidate for candidate in view.legal_moves() if candidate != move)
    scene.computers._receive("why", Answer(0, other, ""), scene.state.to_move())
    assert app.notices[-1][0] == t("why.expert", name=scene.seat_name(seat), move=scene.move_name(view, move),
                                   better=scene.move_name(view, other))
    with kit_text.recording() as drawn:
        app.tick(1 / 60)
    said = [entry[1] for entry in drawn if entry[0] is app.screen]
    assert t("review.played") in said and t("review.better") in said
    scene.apply(next(iter(scene.state.legal_moves())))      # the player moves on: the marks go
    with kit_text.recording() as drawn:
        app.tick(1 / 60)
    assert t("review.better") not in [entry[1] for entry in drawn if entry[0] is app.screen]
    scene.computers._receive("why", Answer(0, move, ""), scene.state.to_move())     # the expert agrees
    assert scene.computers.better is None


def test_the_experts_card_in_a_hidden_hand_is_not_marked_but_where_it_would_go_is(make_app):
    """After "why?" the expert's card may lie in the computer's hand, face down: it is neither
    shown nor pointed at (its place in a sorted hand tells of that hand), but the pile it would
    go onto is ringed in gold (before, the card's back was lifted and ringed there)."""
    from ai.worker import Answer
    from game.ui import theme
    from game.ui.table.better import face_down
    app = make_app(size=(960, 540))
    open_scene(app, "game:kings_corners", 11, seats=["easy", "human"])     # the computer begins, with a choice
    scene = app.top
    moves = [move for move in scene.state.legal_moves() if type(move).__name__ == "PlayCard"]
    assert scene.state.to_move() == 0
    move, other = next((a, b) for a in moves for b in moves if a.place != b.place and a.card != b.card)
    view = scene.state.view(0)
    assert scene.apply(move)
    hidden = next(sprite.rect for sprite in scene.sprites() if sprite.key == other.card)
    assert face_down(next(sprite.look for sprite in scene.sprites() if sprite.key == other.card))
    goes = scene.layout().top(other.place)
    scene.computers.last = (0, move, (), view)
    scene.computers._receive("why", Answer(0, other, ""), scene.state.to_move())
    app.tick(1 / 60)

    def gold_around(rect) -> bool:
        # its lower edge (the word "better" lies over the upper)
        return any(tuple(app.screen.get_at((x, y)))[:3] == theme.ACCENT for y in range(rect.bottom - 2, rect.bottom + 4)
                   for x in range(rect.x + 4, rect.right - 4))

    assert not gold_around(hidden.move(0, -(hidden.h // 6))), "the hidden card is not lifted and ringed"
    assert gold_around(goes), "the pile it would go onto is ringed"
