"""The review of a game (game/menu/review.py) and Recent games (game/menu/recent.py), driven
by posted keyboard and gamepad events through the app's own loop: the table shown is the
record's replay at every move, hidden hands stay hidden, the analysis streams in and is kept
with the record, "Play on from here" and "Play this deal again", and damaged record files."""
import functools
import json
import random
import threading

import pygame
import pytest

from ai.analysis import analyse, judge_module, judged_plies, losers
from game import record as records
from game import registry
from game.app import open_scene
from game.menu.recent import record_line
from game.menu.review import ReviewScene
from game.play import scene_class
from game.record import random_record
from game.ui import input as inp
from game.ui import theme
from game.ui.i18n import t
from game.ui.table.better import move_rects
from posting import key, pad, run_until

GAMES = [info.name for info in registry.playable_games()]
SEEDS = {"quarto": 3, "vier_koningen": 5}   # a random game with the shape each test wants; any other game: 2
MOVES = 3000        # a random game ends within this (docs/adding-a-game.md)
STEPS = 60          # moves stepped one by one from the first (a short game: all of them)
HUMAN = 1           # the reviewing seat: not seat 0, so that a table drawn from seat 0 shows
ENDED = "2025-11-25T16:40:00+00:00"


def tick(app, frames: int = 1) -> None:
    for _ in range(frames):
        app.tick(1 / 60)


def press(app, k) -> None:
    key(k)
    tick(app)


def button(app, b) -> None:
    pad(b)
    tick(app)


def review_at(make_app, record, analysis: dict, ply: int):
    """The review of `record` with `analysis` at 960x540, shown at move `ply`."""
    app = make_app(size=(960, 540))
    open_scene(app, "title", None)
    app.review({**record.to_dict(), "analysis": analysis})
    scene = app.top
    scene.show(ply)
    tick(app)
    return scene


def reviewed(game: str, seed: int):
    """A record of random moves (`random_record`) with the human at seat HUMAN (4 Koningen has
    one seat), the others random; and the human's seat."""
    record = random_record(game, seed, MOVES)
    human = min(HUMAN, record.players - 1)
    record.seats = ["random"] * record.players
    record.seats[human] = "human"
    return record, human


def made_up_analysis(record, human: int) -> dict:
    """An analysis as it is kept with a record, its verdicts made up (every fourth judged move
    of the human a mistake): what the review does with them is what counts here, not how
    they were found (tests/test_analysis.py)."""
    moves = []
    for number, ply in enumerate(judged_plies(record, [human])):
        verdict = "mistake" if number % 4 == 1 else "good"
        loss = 1.5 if verdict == "mistake" else 0.0
        moves.append({"ply": ply, "seat": human, "move": record.moves[ply - 1], "best": record.moves[ply - 1],
                      "value": -loss, "best_value": 0.0, "loss": loss, "verdict": verdict, "exact": False})
    return {"moves": moves}


class Shown:
    """Checks the review's table against the record's own replay at the move shown (each
    replay made once)."""

    def __init__(self, scene, record, human: int):
        self.scene, self.record, self.human = scene, record, human
        self.replays = {}
        self.seen = set()

    def check(self, ply: int) -> None:
        scene = self.scene
        assert scene.ply == ply
        if ply not in self.replays:
            self.replays[ply] = self.record.replay(ply).to_dict()
        table = scene.table
        assert table.state.to_dict() == self.replays[ply], f"move {ply}: the table is not the record's replay"
        assert table.record.moves == self.record.moves[:ply]
        # hidden hands: only the reviewing seat's may be face up, and the table is seen from it
        assert table.face_up_seat() in (self.human, None), f"move {ply}: seat {table.face_up_seat()}'s hand face up"
        assert table.bottom_seat() == self.human
        self.seen.add(ply)


@pytest.mark.parametrize("game", GAMES)
def test_a_review_stepped_to_its_end_and_back_by_keyboard_and_gamepad(make_app, game):
    """A whole game of random moves, every move of its first STEPS shown one by one, then the
    last ones; the table is the record's replay wherever it stops, seen from the human's seat."""
    record, human = reviewed(game, SEEDS.get(game, 2))
    total = len(record.moves)
    assert record.replay().is_over(), "a whole game"
    data = record.to_dict()
    mistakes = []
    if judge_module(game) is not None:     # (a game without a judge yet shows no verdicts)
        data["analysis"] = made_up_analysis(record, human)
        mistakes = [move["ply"] for move in data["analysis"]["moves"] if move["verdict"] != "good"]
        assert len(mistakes) >= 2
    app = make_app(size=(960, 540))
    open_scene(app, "title", None)
    app.review(data)
    scene = app.top
    assert scene.name == "review" and scene.runner is None      # analysed: nothing runs
    tick(app)
    shown = Shown(scene, record, human)
    shown.check(total)                                           # it opens on the last move

    # the keyboard: Home, then move by move, End, back a few, Home; the mistakes
    press(app, pygame.K_HOME)
    shown.check(0)
    press(app, pygame.K_LEFT)
    shown.check(0)
    steps = min(STEPS, total)
    for ply in range(1, steps + 1):
        press(app, pygame.K_RIGHT)
        shown.check(ply)
    press(app, pygame.K_END)
    shown.check(total)
    assert scene.table.state.is_over()
    press(app, pygame.K_RIGHT)
    shown.check(total)
    for ply in range(total - 1, total - 4, -1):
        press(app, pygame.K_LEFT)
        shown.check(ply)
    press(app, pygame.K_HOME)
    shown.check(0)
    if mistakes:
        press(app, pygame.K_TAB)
        shown.check(mistakes[0])
        press(app, pygame.K_PAGEDOWN)
        shown.check(mistakes[1])
        press(app, pygame.K_PAGEUP)
        shown.check(mistakes[0])
        press(app, pygame.K_PAGEUP)                 # none before the first: it stays
        shown.check(mistakes[0])
    else:
        press(app, pygame.K_TAB)
        shown.check(0)

    # the gamepad: the d-pad's down and up the next and previous deal (hand, round) and past
    # the last the end, in a game without deals the ends; left and right a move; the
    # shoulders the previous and the next mistake
    to_end(app, shown, pygame.CONTROLLER_BUTTON_DPAD_DOWN, total)
    for ply in range(total - 1, total - 3, -1):
        button(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
        shown.check(ply)
    to_end(app, shown, pygame.CONTROLLER_BUTTON_DPAD_UP, 0)
    for ply in range(1, 4):
        button(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        shown.check(ply)
    if mistakes:
        after = [ply for ply in mistakes if ply > 3]
        button(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
        shown.check(after[0])
        button(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
        shown.check(after[1])
        button(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
        shown.check(after[0])
    to_end(app, shown, pygame.CONTROLLER_BUTTON_DPAD_DOWN, total)
    assert set(range(steps + 1)) | set(range(total - 3, total + 1)) <= shown.seen
    button(app, pygame.CONTROLLER_BUTTON_B)
    assert app.top.name == "title"


def to_end(app, shown, pad_button, end: int) -> None:
    """The d-pad's up or down pressed until the review shows move `end`: each press one deal
    (hand, round) on, to its first move, in as many presses as the game has them."""
    scene = app.top
    starts = scene.parts + [len(scene.record.moves)]
    for _ in range(len(scene.parts) + 1):
        before = scene.ply
        button(app, pad_button)
        shown.check(scene.ply)
        assert scene.ply in starts and scene.ply != before or before == end
        if scene.ply == end:
            return
    raise AssertionError(f"move {end} not reached by deals: at {scene.ply}")


# -- the analysis arrives, and is kept with the record ---------------------------------------------

def kept(app, record, outcome: str = "won", **extra) -> str:
    """Keep a finished game's record as the game does (its end, its summary); its file's name."""
    name = app.store.keep_record({**record.to_dict(), "ended": ENDED, "summary": {"outcome": outcome}, **extra})
    assert name is not None
    return name


def test_the_analysis_streams_into_a_review_of_a_kept_record_and_stays_in_its_file(make_app, monkeypatch):
    """Opened from Recent games, the review starts the analysis (a thread in the tests' app);
    what it judged shows while the rest is being judged; the whole is written into the
    record's file, and the next review of it computes nothing."""
    record = random_record("kings_corners", 7, moves=6)      # three judged moves, cheap ones
    plies = judged_plies(record)
    assert len(plies) >= 3
    judge = judge_module("kings_corners")
    original = judge.values
    second, go_on = threading.Event(), threading.Event()
    calls = []

    def held(view, seat, rng, work, played=None, moves=None):
        if moves is not None:          # more deals for a close call: part of the same judgement
            return original(view, seat, rng, work, played, moves)
        calls.append(seat)
        if len(calls) == 2:            # the first judgement has been sent: hold the second
            second.set()
            assert go_on.wait(600)
        return original(view, seat, rng, work, played)

    monkeypatch.setattr(judge, "values", held)
    app = make_app(size=(960, 540))
    name = kept(app, record)
    open_scene(app, "recent", None)
    before = set(threading.enumerate())
    press(app, pygame.K_RETURN)
    scene = app.top
    assert scene.name == "review" and scene.file_name == name and scene.runner is not None
    [thread] = [thread for thread in threading.enumerate() if thread not in before and thread.name == "spelavond-analysis"]
    try:
        while not second.wait(0.05):
            assert thread.is_alive(), "the analysis stopped before its second judgement"
        tick(app, 2)
        assert list(scene.judgements) == [plies[0]] and scene.runner is not None
        assert 0 < scene.runner.progress() < 1
        assert "analysis" not in app.store.load_record(name)
    finally:
        go_on.set()
    thread.join(600)
    assert not thread.is_alive()
    tick(app, 2)
    assert scene.runner is None
    expected = [judgement.to_dict() for judgement in analyse(record)]
    assert sorted(scene.judgements) == plies == [judgement["ply"] for judgement in expected]
    stored = app.store.load_record(name)
    assert stored["analysis"] == {"moves": expected}
    assert records.from_dict(stored).moves == record.moves          # still a record
    # back to the list and in again: the analysis is read from the file, nothing runs
    press(app, pygame.K_BACKSPACE)
    assert app.top.name == "recent"
    calls.clear()
    press(app, pygame.K_RETURN)
    again = app.top
    assert again.name == "review" and again.runner is None
    assert [again.judgements[ply] for ply in sorted(again.judgements)] == expected
    tick(app, 5)
    assert calls == []


def test_a_review_of_a_game_in_progress_keeps_its_analysis_nowhere(make_app):
    """From the pause menu: the game so far; its analysis is not written into any file."""
    from game.play import start_game
    app = make_app(size=(960, 540))
    start_game(app, "keezen", {"players": 4, "seats": ["human", "random", "random", "random"], "options": {}}, 9)
    game = app.top
    rules = registry.game("keezen").rules()
    for code in random_record("keezen", 9, moves=12).moves:
        game.state.play(rules.parse_move(code))
        game.record.moves.append(code)
    press(app, pygame.K_ESCAPE)
    pause = app.top
    labels = [str(widget.text) for widget in pause.list.widgets if widget.focusable]
    for _ in range(labels.index(t("pause.review"))):
        press(app, pygame.K_DOWN)
    before = set(threading.enumerate())
    press(app, pygame.K_RETURN)
    scene = app.top
    assert scene.name == "review" and scene.file_name is None and scene.record.moves == game.record.moves
    assert scene.ply == 12 and scene.table.state.to_dict() == game.state.to_dict()
    for thread in threading.enumerate():
        if thread not in before and thread.name == "spelavond-analysis":
            thread.join(600)
    tick(app, 2)
    assert scene.runner is None and len(scene.data["analysis"]["moves"]) == len(judged_plies(scene.record)) > 0
    assert app.store.record_names() == []
    press(app, pygame.K_BACKSPACE)
    assert app.top is pause


# -- play on from here, play this deal again -------------------------------------------------------

def choose(app, scene, label: str) -> None:
    """Down to the menu's button `label`, then Enter."""
    labels = [str(widget.text) for widget in scene.list.widgets if widget.focusable]
    for _ in range(labels.index(label) - labels.index(str(scene.list.widgets[scene.list.focus].text))):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)


def test_play_on_from_here_starts_the_position_on_screen_and_counts_nowhere(make_app, monkeypatch):
    """Quarto: from the move before the last, the human plays the last move again; the game
    ends, no statistic counts it, and its result opens its review."""
    record = random_record("quarto", 11)
    total = len(record.moves)
    last_mover = record.replay(total - 1).to_move()
    record.seats = ["random", "random"]
    record.seats[last_mover] = "human"
    app = make_app(size=(960, 540))
    open_scene(app, "title", None)
    app.review({**record.to_dict(), "analysis": {"moves": []}})
    press(app, pygame.K_LEFT)
    assert app.top.ply == total - 1
    press(app, pygame.K_h)
    game = app.top
    assert game.name == "game" and [scene.name for scene in app.scenes] == ["title", "game"]
    assert game.state.to_dict() == record.replay(total - 1).to_dict()
    assert game.record.moves == record.moves[:-1] and game.record.notes == {"played_on": True}
    assert game.seed == record.seed and game.setup["seats"] == record.seats
    assert game.apply(registry.game("quarto").rules().parse_move(record.moves[-1]))
    assert game.state.is_over()
    assert run_until(app, lambda: app.top.name == "result", frames=600)
    assert app.store.stats == {}, "a game played on from a review is counted in no statistics"
    assert game.keeping.counted
    # the result's "Review this game": the record as kept, with its file (no analysis here:
    # what runs in a review is the other tests' matter)
    from game.menu import review
    monkeypatch.setattr(review, "judge_module", lambda name: None)
    end = app.top              # the end screen: a click on its "Review this game"
    where = end.layout()["buttons"][[label for label, _ in end.buttons].index(t("result.review"))].center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=where))
    tick(app)
    scene = app.top
    assert scene.name == "review" and scene.file_name == game.keeping.record_name
    assert app.store.record_names() == [scene.file_name]
    assert scene.record.moves == record.moves and scene.record.notes == {"played_on": True}


def test_play_this_deal_again_starts_the_same_seed_and_seats(make_app):
    rules = registry.game("kingen").rules()
    options = {"match": "dubbelkingen"}
    first = rules.new_game(7, 4, options).legal_moves()[0]
    record = records.Record("kingen", 4, ["hard", "human", "normal", "easy"], options, 7, [first.code])
    app = make_app(size=(960, 540))
    open_scene(app, "title", None)
    app.review({**record.to_dict(), "analysis": {"moves": []}})
    button(app, pygame.CONTROLLER_BUTTON_Y)
    game = app.top
    assert game.name == "game" and [scene.name for scene in app.scenes] == ["title", "game"]
    assert game.seed == 7 and game.setup["seats"] == record.seats and game.record.moves == []
    # the first deal as a game of its own: its cards, dealer and duties, the match ending with it
    assert game.state.to_dict() == rules.new_game(7, 4, options).single_deal().to_dict()
    assert game.state.last_deal == 1 < rules.new_game(7, 4, options).last_deal
    assert game.record.notes == {"played_on": True, "deal_from": 0} and game.state.options["match"] == "dubbelkingen"


def drawn_words(app) -> list[str]:
    from game.ui import text as kit_text
    tick(app)
    with kit_text.recording() as drawn:
        tick(app)
    return [entry[1] for entry in drawn if entry[0] is app.screen]


def click(app, pos) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=pos))
    tick(app)


def test_a_kingen_review_goes_to_a_deal_and_plays_that_deal_again(make_app):
    """Deal by deal with the arrows, to deal 7 by a click on its number under the graph, the
    graph's axis and legend drawn; "Play this deal again" there plays deal 7 alone: its
    cards, dealer and duties, and the match ends with it."""
    record, human = reviewed("kingen", 2)
    app = make_app(size=(960, 540))
    open_scene(app, "title", None)
    app.review({**record.to_dict(), "analysis": made_up_analysis(record, human)})
    scene = app.top
    states = [record.replay(ply) for ply in scene.parts]
    assert [state.deal_no for state in states] == list(range(1, 11)), "a deal begins at each mark"
    assert all(record.replay(ply - 1).deal_no == number for number, ply in enumerate(scene.parts[1:], 1))
    press(app, pygame.K_HOME)
    for number in range(1, 6):
        press(app, pygame.K_DOWN)
        assert scene.ply == scene.parts[number] and scene.table.state.deal_no == number + 1
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_UP)                   # back to the start of this deal, then the one before
    assert scene.ply == scene.parts[5]
    press(app, pygame.K_UP)
    assert scene.ply == scene.parts[4]
    words = drawn_words(app)
    assert t("review.axis.points") in words and t("review.graph.yours") in words
    assert any(t("review.part.deal", n=5) in line for line in words) and t("review.again.deal") in words
    # every deal's number in order, but for one that would lie over the number before it (deals
    # 5 and 6 are 13 moves apart here, on a graph 254 pixels wide at 960x540)
    numbers = [int(line) for line in words if line.isdigit() and line != "0"]
    assert numbers == sorted(numbers) and {1, 7, 10} <= set(numbers) and len(numbers) >= 9
    deal_7 = [rect for ply, rect in scene.graph_targets if ply == scene.parts[6]]
    click(app, deal_7[0].center)
    assert scene.ply == scene.parts[6] and scene.table.state.deal_no == 7
    numbers = [rect for ply, rect in scene.graph_targets if ply in scene.parts]
    mistake, mark = next((ply, rect) for ply, rect in scene.graph_targets      # a mark: to its move
                         if ply in scene.mistakes() and ply > scene.parts[6] and rect.collidelist(numbers) < 0)
    click(app, mark.center)
    assert scene.ply == mistake
    press(app, pygame.K_u)
    game = app.top
    start = scene.parts[6]
    assert game.name == "game" and game.record.moves == record.moves[:start]
    assert game.record.notes == {"played_on": True, "deal_from": start}
    assert game.state.to_dict() == record.replay(start).single_deal().to_dict()
    assert game.state.dealer == record.replay(start).dealer
    state = game.state.copy()       # played on, the match ends with this deal
    rng = __import__("random").Random(1)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    assert state.deal_no == 7


def test_a_kings_corners_review_plays_that_hand_again(make_app):
    """Kings Corners' button says "this hand", and plays the hand on screen alone: its cards,
    dealer and totals, the match ending with it; a game continued from its save does too."""
    record, human = reviewed("kings_corners", 2)
    app = make_app(size=(960, 540))
    open_scene(app, "title", None)
    app.review({**record.to_dict(), "analysis": made_up_analysis(record, human)})
    scene = app.top
    assert len(scene.parts) >= 3, "a match of three hands or more"
    assert t("review.again.hand") in drawn_words(app) and t("review.again") not in drawn_words(app)
    press(app, pygame.K_HOME)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)          # inside hand 2
    start = scene.parts[1]
    press(app, pygame.K_u)
    game = app.top
    assert game.name == "game" and game.record.moves == record.moves[:start]
    assert game.record.notes == {"played_on": True, "deal_from": start}
    match = record.replay(start)
    assert game.state.to_dict() == match.single_deal().to_dict() and game.state.dealer == match.dealer
    state = game.state.copy()           # played on, the match ends with this hand
    rng = __import__("random").Random(1)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    assert state.hand_no == 2 and not match.is_over()
    # what a computer seat is sent (its view, through its file form) ends there too
    view = game.state.view(0)
    assert registry.game("kings_corners").rules().from_dict(view.to_dict()).last_hand == 2


@pytest.mark.parametrize("game, field", [("kingen", "deal_no"), ("kings_corners", "hand_no")])
def test_a_deal_played_again_is_a_game_of_its_own_in_its_record_and_review(game, field):
    """A deal played again from a review (deal 2, played out at random) is a game of its own:
    its record replays to the game over, as its play did, so an analysis knows how it ended
    and judges that deal's moves only; its review shows that deal alone (before, the match went
    on after it and the review and the analysis began at the match's first move)."""
    rules, rng = registry.game(game).rules(), random.Random(3)
    state = rules.new_game(5, 4, {})
    moves = []
    while getattr(state, field) < 2:
        moves.append(rng.choice(state.legal_moves()))
        state.play(moves[-1])
    start = len(moves)
    state = state.single_deal()
    while not state.is_over():
        moves.append(rng.choice(state.legal_moves()))
        state.play(moves[-1])
    record = records.Record(game, 4, ["human"] + ["random"] * 3, {}, 5, [move.code for move in moves],
                            {"played_on": True, "deal_from": start})
    assert record.replay().to_dict() == state.to_dict() and losers(record.replay()) is not None
    assert not records.Record(game, 4, record.seats, {}, 5, record.moves).replay().is_over()   # the whole match
    plies = judged_plies(record)
    assert plies and min(plies) > start, "the match's moves before the deal are not judged"
    scene = ReviewScene(None, record.to_dict())       # (its states alone: no window needed)
    assert scene.states[-1].is_over() and scene.finished
    assert scene.states[-1].to_dict() == state.to_dict()
    assert scene.parts == [start] and scene.ply == len(moves)
    assert scene.log_upto(start + 1)[0][2].to_dict() == record.replay(start).to_dict()     # the log's opening


def test_a_game_without_deals_plays_the_game_again(make_app):
    """Quarto has no deals: its button says "this game", the arrows go to its ends."""
    record = random_record("quarto", 11)
    record.seats = ["human", "random"]
    app = make_app(size=(960, 540))
    open_scene(app, "title", None)
    app.review({**record.to_dict(), "analysis": {"moves": []}})
    scene = app.top
    assert scene.parts == [0]
    words = drawn_words(app)
    assert t("review.again") in words and t("review.again.deal") not in words
    assert t("review.axis.outcome") in words and t("review.axis.won") in words
    press(app, pygame.K_UP)
    assert scene.ply == 0
    press(app, pygame.K_DOWN)
    assert scene.ply == len(record.moves)


# -- Recent games ------------------------------------------------------------------------------------

def lines_of(scene) -> list[str]:
    return [str(widget.text) for widget in scene.list.widgets if widget.focusable]


def test_recent_games_lists_the_kept_records_newest_first_and_opens_one(make_app):
    app = make_app(size=(960, 540))
    games = [("kingen", "lost"), ("quarto", "won"), ("keezen", "drawn")]
    names = [kept(app, random_record(game, 3, moves=10), outcome, analysis={"moves": []}) for game, outcome in games]
    assert app.store.record_names() == names          # kept in the order the games ended
    open_scene(app, "stats", None)
    choose(app, app.top, t("stats.recent"))
    scene = app.top
    assert scene.name == "recent"
    lines = lines_of(scene)
    assert lines == [record_line(app.store.load_record(name)) for name in reversed(names)]
    for line, (game, outcome) in zip(lines, reversed(games)):
        assert t(registry.game(game).title) in line and t(f"result.{outcome}") in line
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    review = app.top
    assert review.name == "review" and review.file_name == names[1] and review.record.game == "quarto"
    button(app, pygame.CONTROLLER_BUTTON_B)
    assert app.top is scene
    button(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    button(app, pygame.CONTROLLER_BUTTON_A)
    assert app.top.name == "review" and app.top.file_name == names[0]


def test_a_damaged_record_file_is_said_and_the_list_goes_on(make_app):
    app = make_app(size=(960, 540))
    good = random_record("kingen", 3, moves=10)
    name = kept(app, good, analysis={"moves": []})
    folder = app.store.path("records")
    (folder / "20990101-000000-000000-kingen.json").write_text("{ not json", encoding="utf-8")
    unplayable = {**good.to_dict(), "moves": good.moves[:3] + ["AH"] * 2, "ended": ENDED}
    (folder / "20990101-000001-000000-kingen.json").write_text(json.dumps(unplayable), encoding="utf-8")
    odd = {"game": ["kingen"], "seats": 4, "summary": [1], "ended": "0001-01-01T00:00:00+05:00"}
    (folder / "20990101-000002-000000-kingen.json").write_text(json.dumps(odd), encoding="utf-8")
    open_scene(app, "recent", None)
    scene = app.top
    assert scene.name == "recent"
    # the file that is not JSON is set aside and reported (the title screen lists it)
    assert {"file": "20990101-000000-000000-kingen.json", "moved_to": "20990101-000000-000000-kingen.json.bad"} \
        in app.store.problems
    lines = lines_of(scene)
    assert len(lines) == 3 and lines[2] == record_line(app.store.load_record(name))
    # the damaged ones are listed; choosing one says what is wrong, and the list stays
    for _, words in ((0, "damaged save"), (1, "cannot be played")):
        press(app, pygame.K_RETURN)
        assert app.top is scene, "a damaged record must not open"
        assert words in app.notices[-1][0]
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert app.top.name == "review" and app.top.file_name == name
    tick(app, 3)


# -- all hands after the game --------------------------------------------------------------------

HIDDEN = [game for game in GAMES if scene_class(registry.game(game)).hides_hands]   # what all hands shows


def hand_of(state, seat: int) -> list:
    return list(state.hand_cards(seat)) if hasattr(state, "hand_cards") else list(state.hands[seat])


def hidden_from(state, seat: int) -> set:
    """The cards in the other seats' hands that are nowhere in `seat`'s sight (not in its own
    hand, not on Keezen's pile of played cards)."""
    public = set(hand_of(state, seat)) | (set(state.played) if type(state).__module__ == "game.keezen.rules" else set())
    return {card for other in range(state.players) if other != seat for card in hand_of(state, other)} - public


@pytest.fixture
def faces_drawn(monkeypatch):
    """Every card face drawn from now on (the kit draws each through `cards.face`, a strip
    and a tinted one too, or `cards.turned_face`); nothing warmed ahead of need."""
    from game.cards import Card
    from game.ui import cards as cardui
    from game.ui.table.draw import FaceWarmer, PieceLayer
    drawn = []

    def recording(original):
        def draw(card, width, four_colour=False):
            drawn.append(Card(int(card[0]), str(card[1])))
            return original(card, width, four_colour)
        return draw

    for name in ("face", "turned_face"):       # (a turned face is kept turned: it asks no face again)
        monkeypatch.setattr(cardui, name, recording(getattr(cardui, name)))
    monkeypatch.setattr(FaceWarmer, "step", lambda *args, **kwargs: None)
    monkeypatch.setattr(PieceLayer, "WHOLE", 0.0)     # a table's layer painted whole at each change: every face drawn
    return drawn


def drawn_after(app, drawn, act) -> set:
    """The faces drawn by the frames that `act` (an input and its frame) and two more draw."""
    drawn.clear()
    act()
    tick(app, 2)
    return set(drawn)


def some_hidden_ply(record, human: int, after: int = 0) -> int:
    """A move after `after` where the other seats hold cards the human cannot see."""
    for ply in range(max(after, len(record.moves) // 3), len(record.moves)):
        if len(hidden_from(record.replay(ply), human)) >= 3:
            return ply
    raise AssertionError("no position with hidden cards")


@pytest.mark.parametrize("game", HIDDEN)
def test_all_hands_show_after_the_game_only_when_asked(make_app, faces_drawn, game):
    """A finished game's review hides the other hands (no card of theirs is drawn face up)
    until 'Show all hands' (Enter, the pad's A, a click on its button); then every hand is
    drawn face up at every move, until it is asked again."""
    record, human = reviewed(game, SEEDS.get(game, 2))
    assert record.replay().is_over()
    app = make_app(size=(960, 540))
    open_scene(app, "title", None)
    app.review({**record.to_dict(), "analysis": {"moves": []}})
    scene = app.top
    ply = some_hidden_ply(record, human)
    hidden = hidden_from(record.replay(ply), human)
    assert not drawn_after(app, faces_drawn, lambda: scene.show(ply)) & hidden, \
        "a hidden card drawn face up before it was asked"
    assert faces_drawn, "the check sees nothing drawn"
    assert "hands" in scene.toggles() and (inp.CONFIRM, "review.legend.hands") in scene.legend()

    shown = drawn_after(app, faces_drawn, lambda: press(app, pygame.K_RETURN))     # the keyboard: Enter
    assert scene.all_hands and scene.table.open_hands() == tuple(range(record.players))
    assert hidden <= shown, "not every hand is shown face up"
    shown = drawn_after(app, faces_drawn, lambda: press(app, pygame.K_RIGHT))      # at the next move too
    assert hidden_from(record.replay(ply + 1), human) <= shown
    press(app, pygame.K_LEFT)
    shown = drawn_after(app, faces_drawn, lambda: button(app, pygame.CONTROLLER_BUTTON_A))   # the pad's A hides them
    assert not scene.all_hands and scene.table.open_hands() == (human,)
    assert not shown & hidden

    def click():                                         # the mouse: its button
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, button=1, pos=scene.buttons["hands"].center))
        tick(app)
    shown = drawn_after(app, faces_drawn, click)
    assert scene.all_hands and hidden <= shown


@pytest.mark.parametrize("game", HIDDEN)
def test_a_game_in_progress_offers_no_look_at_the_other_hands(make_app, faces_drawn, game):
    """'Review the game so far' (a record not yet over): no 'Show all hands', no computers'
    verdicts (a computer's best move names its cards); Enter and Y change nothing."""
    record, human = reviewed(game, SEEDS.get(game, 2))
    ply = some_hidden_ply(record, human)
    record.moves = record.moves[:ply]
    assert not record.replay().is_over()
    app = make_app(size=(960, 540))
    open_scene(app, "title", None)
    app.review({**record.to_dict(), "analysis": {"moves": []}})
    scene = app.top
    assert scene.toggles() == [] and "hands" not in scene.buttons
    keys = [key for _, key in scene.legend()]
    assert "review.legend.hands" not in keys and "review.legend.computers" not in keys
    hidden = hidden_from(record.replay(ply), human)

    def asked():
        tick(app)
        for k in (pygame.K_RETURN, pygame.K_y):
            press(app, k)
        button(app, pygame.CONTROLLER_BUTTON_A)
    shown = drawn_after(app, faces_drawn, asked)
    assert faces_drawn and not shown & hidden
    assert not scene.all_hands and not scene.judge_computers and scene.table.open_hands() == (human,)


# -- the computers' moves judged on request ------------------------------------------------------

def test_the_computers_moves_are_judged_on_request_and_kept_apart(make_app, monkeypatch):
    """'Judge the computers too' (Y): their moves are judged (streamed, the same way), kept in
    the record's file apart from the humans' analysis, marked as mistakes to step through,
    and read from the file the next time."""
    record, human = reviewed("kings_corners", SEEDS.get("kings_corners", 2))
    judge = judge_module("kings_corners")
    seen = []

    def quick(view, seat, rng, work, played=None):      # a judge of its own: what counts is the review
        from ai.analysis import Values
        seen.append(seat)
        moves = view.legal_moves()
        return Values({move: -float(index % 4) for index, move in enumerate(moves)}, {}, False)

    monkeypatch.setattr(judge, "values", quick)
    app = make_app(size=(960, 540))
    name = kept(app, record, analysis={"moves": [judgement.to_dict() for judgement in analyse(record)]})
    seen.clear()
    open_scene(app, "recent", None)
    press(app, pygame.K_RETURN)
    scene = app.top
    assert scene.name == "review" and scene.runner is None and "computers" in scene.toggles()
    computers = [seat for seat in range(record.players) if seat != human]
    assert scene.computer_seats == computers
    humans_mistakes = scene.mistakes()
    press(app, pygame.K_y)
    assert scene.judge_computers
    assert run_until(app, lambda: scene.computer_runner is None and "analysis_computers" in scene.data, frames=6000)
    expected = [judgement.to_dict() for judgement in analyse(record, computers)]
    assert expected and set(seen) == set(computers)
    stored = app.store.load_record(name)
    assert stored["analysis_computers"] == {"moves": expected}
    assert stored["analysis"]["moves"] == [judgement.to_dict() for judgement in analyse(record)]   # untouched
    theirs = [move["ply"] for move in expected if move["verdict"] != "good"]
    assert theirs and set(scene.mistakes()) == set(humans_mistakes) | set(theirs)
    press(app, pygame.K_HOME)
    press(app, pygame.K_TAB)
    assert scene.ply == min(scene.mistakes())
    first = min(theirs)
    scene.show(first)
    tick(app)
    assert scene.judgement(first)["seat"] in computers
    button(app, pygame.CONTROLLER_BUTTON_BACK)           # the pad's Back: hidden again
    assert not scene.judge_computers and scene.judgement(first) is None and scene.mistakes() == humans_mistakes
    # the next review reads them from the file
    press(app, pygame.K_BACKSPACE)
    seen.clear()
    press(app, pygame.K_RETURN)
    again = app.top
    assert again.computer_judgements == {move["ply"]: move for move in expected}
    press(app, pygame.K_y)
    tick(app, 5)
    assert again.computer_runner is None and seen == []


@pytest.mark.parametrize("game", [game for game in HIDDEN if judge_module(game) is not None])   # (a judge is optional)
def test_a_computers_move_is_judged_on_its_own_view(game, monkeypatch):
    """The analysis of all seats gives each judge the mover's view only: the other hands (and
    the stock) unknown, exactly `state.view(seat)`."""
    record, human = reviewed(game, SEEDS.get(game, 2))
    judge = judge_module(game)
    given = []
    monkeypatch.setattr(judge, "values", lambda view, seat, rng, work, played=None: given.append((view, seat)))
    computers = [seat for seat in range(record.players) if seat != human]
    rules = registry.game(game).rules()
    plies = judged_plies(record, computers)[:40]
    record.moves = record.moves[:plies[-1]]
    list(analyse(record, computers))
    assert len(given) == len(plies)
    state = record.replay(0)
    for ply, code in enumerate(record.moves, 1):
        if ply in plies:
            view, seat = given[plies.index(ply)]
            assert seat == state.to_move() in computers
            assert view.to_dict() == state.view(seat).to_dict() != state.to_dict()
            for other in range(state.players):
                if other != seat:
                    assert not set(hand_of(state, other)) & set(c for c in hand_of(view, other) if c is not None), \
                        f"move {ply}: seat {seat}'s judge sees seat {other}'s cards"
        state.play(rules.parse_move(code))


# -- Quarto's distances to the end ----------------------------------------------------------------

@pytest.fixture
def english_after():
    from game.ui.i18n import set_language
    yield set_language
    set_language("en")


def quarto_record() -> records.Record:
    """A Quarto game in which a winning piece is handed over (move 5), then the line made with it."""
    return records.Record("quarto", 2, ["human", "human"], {}, 3,
                          ["give 0", "a1 give 1", "b1 give 2", "c1 give c", "a4 give 3", "d1"])


@functools.lru_cache(maxsize=None)
def quarto_analysis() -> tuple:
    """quarto_record()'s analysis at a quarter of the budget, computed once for the tests
    that read it (in both languages; its judgements are immutable)."""
    return tuple(analyse(quarto_record(), work=0.25))


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_quarto_review_says_in_how_many_moves_a_game_is_won_or_lost(make_app, monkeypatch, english_after, language):
    """The verdict line says how soon a won or lost game ends where the analysis counted it:
    the words drawn at each move, from the record's real analysis (a winning piece handed over,
    then the line made with it) and from kept judgements with longer distances; a judgement
    kept before distances were counted says the verdict alone."""
    from game.menu import review
    record = quarto_record()
    moves = [judgement.to_dict() for judgement in quarto_analysis()]
    by_ply = {move["ply"]: move for move in moves}
    assert (by_ply[5]["plies"], by_ply[6]["plies"]) == (2, 1)
    assert not by_ply[5]["exact"], "the better move's result is estimated: said as an estimate"
    # kept judgements with longer distances (what the review does with them is what counts
    # here; ai/analysis/quarto.py's tests check the distances themselves)
    by_ply[3] = {**by_ply[3], "value": -1.0, "best_value": 1.0, "loss": 2.0, "verdict": "blunder",
                 "plies": 4, "best_plies": 3}
    by_ply[4] = {**by_ply[4], "value": 1.0, "best_value": 1.0, "loss": 0.0, "verdict": "good", "plies": 5}
    by_ply[2] = {key: value for key, value in by_ply[2].items() if key not in ("plies", "best_plies")}
    by_ply[2].update(value=-1.0, best_value=-1.0, loss=0.0, verdict="good")
    data = {**record.to_dict(), "analysis": {"moves": [by_ply[ply] for ply in sorted(by_ply)]}}
    drawn = []
    original = review.blit_in

    def recording(surface, text, *args, **kwargs):
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(review, "blit_in", recording)
    app = make_app(size=(960, 540))
    app.store.settings["language"] = language
    english_after(language)
    open_scene(app, "title", None)
    app.review(data)
    scene = app.top
    tick(app)

    def words(ply):
        scene.show(ply)
        drawn.clear()
        tick(app)
        return drawn[:]

    good, blunder = t("review.verdict.good"), t("review.verdict.blunder")
    assert t("review.wins_now", verdict=good) in words(6)
    assert t("review.wins_in", verdict=good, n=3) in words(4)
    better = t("review.instead", verdict=blunder, best=scene.named(3, by_ply[3]["best"]),
               loss=t("review.loss.win_in", n=2))
    assert better in words(3)
    assert t("review.instead", verdict=blunder, best=scene.named(5, by_ply[5]["best"]),
             loss=t("review.loss.outcome_estimate")) in words(5)       # the better move's end not counted
    assert good in words(2)         # kept before distances: the verdict alone
    if language == "en":       # counted in the mover's own turns, the move never called "it"
        assert "A good move: a win at once" in words(6)
        assert "A good move: a win in 3 turns" in words(4)
        assert better.endswith("(that one wins in 2 turns)")
        # a move named as a person says it, not in the log's form ('b1, gives …')
        assert better.startswith(f"A blunder: placing it on {by_ply[3]['best'].split()[0]} and giving ")
        assert any(line.endswith(": placing it on b1 and giving light · square · short · solid") for line in words(3))
    else:
        assert "Een goede zet: meteen winst" in words(6)
        assert better.endswith("(die wint in 2 beurten)")
        assert better.startswith(f"Een blunder: op {by_ply[3]['best'].split()[0]} zetten en ")
        assert " geven was beter " in better
    by_ply[2]["plies"] = 2
    scene.judgements[2] = by_ply[2]
    assert t("review.loses_next", verdict=good) in words(2)


@pytest.mark.parametrize("config", ["960x540", "1920x1080", "couch"])
@pytest.mark.parametrize("language", ["en", "nl"])
def test_quarto_distance_lines_fit(make_app, english_after, language, config):
    """The verdict lines with a distance (the longest: a better move named and how soon it
    would have won, the decisive move's line) fit their room at every size, in both languages."""
    from game.ui import text as kit_text
    from test_text_fit import CONFIGS, problems_in
    record = quarto_record()
    moves = []
    for ply, code in enumerate(record.moves, 1):
        moves.append({"ply": ply, "seat": (ply - 1) % 2, "move": code, "best": code, "value": -1.0,
                      "best_value": -1.0, "loss": 0.0, "verdict": "good", "exact": True, "plies": 2 * ply})
    moves[2].update(best="b1 give 5", best_value=1.0, loss=2.0, verdict="blunder", best_plies=13)
    size, couch = CONFIGS[config]
    app = make_app(size=size, couch=couch)
    app.store.settings["language"] = language
    english_after(language)
    open_scene(app, "title", None)
    app.review({**record.to_dict(), "analysis": {"moves": moves}})
    scene = app.top
    for ply in (2, 3, 4):
        scene.show(ply)
        tick(app)
        with kit_text.recording() as drawn:
            tick(app)
        found = problems_in([entry for entry in drawn if entry[0] is app.screen], pygame.Rect((0, 0), size))
        assert not found, (ply, found)
        if ply == 3:      # its verdict (the other moves: the line saying the game was decided there, room allowing)
            assert any(t("review.loss.win_in", n=7) in entry[1] for entry in drawn if entry[0] is app.screen)


def test_keezens_better_move_is_the_pawns_way_on_the_board(make_app, monkeypatch):
    """At a Keezen move that lost something, the board shows the way the played move took its
    pawn and the way the better one would have, each from where the pawn stood before it."""
    from game.menu import review
    from game.ui import text as kit_text
    from game.ui.table import better
    record, human = reviewed("keezen", 2)
    data = made_up_analysis(record, human)
    rules = registry.game("keezen").rules()
    mistake, played, other = next(
        (move, played, other) for move in data["moves"] if move["verdict"] != "good"
        for played in [rules.parse_move(move["move"])] if isinstance(played, rules.Walk)
        for other in record.replay(move["ply"] - 1).legal_moves() if isinstance(other, rules.Walk)
        and other.parts[0][:2] != played.parts[0][:2])
    mistake["best"] = other.code
    drawn_ways = []
    monkeypatch.setattr(better, "arrow", lambda surface, points, colour, *rest: drawn_ways.append((points, colour)))
    scene = review_at(make_app, record, data, mistake["ply"])
    scene._picture, drawn_ways[:] = None, []
    with kit_text.recording() as drawn:
        picture = scene.table_picture(0.0)
    assert t("review.played") in [entry[1] for entry in drawn if entry[0] is picture]
    board = scene.table.layout().board
    starts = {colour: points[0] for points, colour in drawn_ways}
    assert starts == {review.VERDICT_COLOURS["mistake"]: board.square(*played.parts[0][:2]),
                      theme.ACCENT: board.square(*other.parts[0][:2])}
    ends = [points[-1] for points, colour in drawn_ways if colour == theme.ACCENT]
    assert ends == [board.square(other.parts[0][0], rules.walk_path(*other.parts[0])[-1])]


@pytest.mark.parametrize("game", ["kingen", "quarto"])
def test_the_better_move_is_shown_on_the_table_beside_the_one_played(make_app, game):
    """At a move that lost something, the table marks what was played and lifts and marks
    what was better (Kingen: the card still in hand; Quarto: the piece that should have been
    given); at a good move, nothing."""
    from game.ui import text as kit_text
    record, human = reviewed(game, SEEDS.get(game, 2))
    data = made_up_analysis(record, human)
    rules = registry.game(game).rules()
    mistake = next(move for move in data["moves"] if move["verdict"] != "good" and
                   rules.parse_move(move["move"]).__class__.__name__ in ("PlayCard", "Place") and
                   len(record.replay(move["ply"] - 1).legal_moves()) > 1)
    before = record.replay(mistake["ply"] - 1)
    played = rules.parse_move(mistake["move"])
    other = next(move for move in before.legal_moves() if type(move) is type(played) and
                 getattr(move, "card", getattr(move, "give", None)) != getattr(played, "card", getattr(played, "give", 0)))
    mistake["best"] = other.code
    scene = review_at(make_app, record, data, mistake["ply"])
    scene._picture = None          # drawn again here, where its words are recorded
    with kit_text.recording() as drawn:
        picture = scene.table_picture(0.0)
    said = [entry[1] for entry in drawn if entry[0] is picture]
    assert t("review.played") in said and t("review.better") in said
    better = [rect for rect in move_rects(scene.table, other)[0] if rect not in move_rects(scene.table, played)[0]]
    assert better, "the better card (piece) is on the table"
    # lifted, unless its ring would cross the table's words (Quarto's pool heading over its first row)
    lifted = better[0].move(0, -better[0].h // 6)
    if lifted.inflate(8, 8).collidelist(scene.table.layout().word_rects()) >= 0:
        lifted = better[0]
    ring = [picture.get_at((x, lifted.y - 1)) for x in range(lifted.x + 6, lifted.right - 6)]
    assert any(tuple(colour)[:3] == theme.ACCENT for colour in ring), "a gold ring over the lifted card"
    good = next(move["ply"] for move in data["moves"] if move["verdict"] == "good")
    scene.show(good)
    scene._picture = None
    with kit_text.recording() as drawn:
        picture = scene.table_picture(0.0)
    assert t("review.better") not in [entry[1] for entry in drawn if entry[0] is picture]
