"""The end of a deal and of a match (issue 24): places with ties, what the player did best
from a played record in every game, the end screen reached and left by one press by keyboard,
mouse and gamepad, its fanfare sounding once, its celebration ending, and the Kingen score
sheet at the end of a deal with its columns labelled and what each seat took."""
from __future__ import annotations

import random

import pygame
import pytest

from game import registry
from game.base import PawnSentHome
from game.record import Record
from game.standings import places, played
from game.ui import input as inp
from game.ui.endings import Celebration, EndScreen
from game.ui.i18n import set_language, t


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


# ----------------------------------------------------------------------------- places

def test_places_share_a_place_on_a_tie_and_skip_after_it():
    assert places([5, 9, 5, 2], higher_is_better=False) == [2, 4, 2, 1]
    assert places([3, 3, 1, 0]) == [1, 1, 3, 4]
    assert places([-4, 8, 8, 8]) == [4, 1, 1, 1]
    assert places([0, 0]) == [1, 1]
    assert places([7]) == [1]


# ----------------------------------------------------------------------------- the best line

def played_game(game: str, seed: int, players: int | None = None):
    """A whole game of random legal moves through the rules: its record, its end state and
    every move's events, as the moves were played (not replayed)."""
    info = registry.game(game)
    players = players or max(info.seats)
    rules = info.rules()
    record = Record(game, players, ["human"] + ["random"] * (players - 1), {}, seed)
    state = rules.new_game(seed, players, {})
    rng, seen = random.Random(seed), []
    while not state.is_over():
        move = rng.choice(state.legal_moves())
        seat = state.to_move()
        state.play(move)
        record.add(move)
        seen.append((seat, list(state.events)))
    return record, state, seen


def names(seat):
    return f"Seat {seat + 1}"


def said(key, seat, **params):
    """As the scene says it where seat 0 is the one human: 'You ...'."""
    return t(key + "_you" if seat == 0 else key, **params)


def ending(game, state, record, seat=0):
    words = __import__(f"game.{game}.words", fromlist=["ending"])
    return words.ending(state, played(record), seat, names, said)


def test_replaying_the_record_gives_every_move_its_events():
    record, state, seen = played_game("keezen", 11)
    again = played(record)
    assert [(seat, events) for seat, _, events in again] == seen
    assert played(Record("keezen", 4, ["human"] * 4, {}, 11, moves=["nonsense"])) == []


def test_kingen_best_deal_is_the_players_highest_deal():
    record, state, _ = played_game("kingen", 3)
    best = max(state.sheet, key=lambda entry: (entry["points"][0], -entry["deal"]))
    line = ending("kingen", state, record).best
    assert line == t("endings.kingen.best_you", game=t("kingen.game." + best["game"]), n=best["points"][0])
    assert line.startswith("Your best deal: ")
    rows = ending("kingen", state, record).rows
    assert all(row[0] == places(state.totals)[int(row[1][-1]) - 1] for row in rows)
    assert [row[0] for row in rows] == sorted(row[0] for row in rows)
    assert {int(row[1][-1]) - 1 for row in rows if row[3]} == set(state.winners())


def test_keezen_best_counts_the_opponents_pawns_hit():
    for seed in range(1, 40):
        record, state, seen = played_game("keezen", seed)
        hits = {seat: sum(1 for _, events in seen for event in events if type(event) is PawnSentHome
                          and event.by == seat and (event.colour & 1) != (seat & 1)) for seat in range(4)}
        if hits[0] and hits[1]:
            break
    assert hits[0] and hits[1], "a game where both sides hit"
    result = ending("keezen", state, record)
    assert result.best == t("endings.keezen.hits_you", n=hits[0])
    assert ending("keezen", state, record, seat=1).best == t("endings.keezen.hits", name=names(1), n=hits[1])
    winners = state.winners()
    if winners:
        from game.keezen.words import colour_name, colour_word
        # the first a name, the second small: "Blue and yellow win"
        assert result.winner_line == t("endings.keezen.team_won", a=colour_name(winners[0]), b=colour_word(winners[1]))
        assert tuple(winners) in ((0, 2), (1, 3)) and result.winner_line.split()[-2].islower()
    assert {row[2][0] for row in result.rows} <= {str(n) for n in range(5)}       # pawns home per seat
    assert sum(row[0] == 1 for row in result.rows) == (2 if winners else 4)


def test_kings_corners_best_is_the_hands_the_player_went_out():
    for seed in range(1, 60):
        record, state, _ = played_game("kings_corners", seed)
        out = sum(1 for entry in state.sheet if entry["winner"] == 0)
        if out >= 2:
            break
    assert out >= 2
    result = ending("kings_corners", state, record)
    assert result.best == f"You went out {out} times"
    assert [row[0] for row in result.rows] == sorted(places(state.totals, higher_is_better=False))
    assert result.rows[0][3] and result.rows[0][0] == 1            # the fewest points win


def test_quarto_best_is_the_win_in_so_many_of_ones_own_turns():
    """A win or a game held out is counted in the player's own turns, not both players'
    moves; holding out is said under the table, not in the praise line."""
    from game.quarto.words import turns
    for seed in range(1, 80):
        record, state, _ = played_game("quarto", seed)
        if state.winners():
            break
    winner = state.winners()[0]
    pieces = sum(1 for square in state.board if square is not None)
    moves = len(state.game_log())          # as the move log numbers them: the first gift, then each piece placed
    assert moves == pieces + 1
    own = {seat: sum(1 for ply in range(moves) if (ply % 2 == 0) == (seat == state.first)) for seat in (0, 1)}
    assert own[0] + own[1] == moves and own[winner] == turns(state, 0, winner, moves)
    result = ending("quarto", state, record, seat=winner)
    assert result.best == said("endings.quarto.won_in", winner, name=names(winner), n=own[winner])
    lost = ending("quarto", state, record, seat=1 - winner)
    assert lost.best == "" and lost.notes[0] == said("endings.quarto.held_out", 1 - winner,
                                                      name=names(1 - winner), n=own[1 - winner])
    assert [row[0] for row in result.rows] == [1, 2]


def test_vier_koningen_best_is_the_kings_conquered():
    record, state, _ = played_game("vier_koningen", 4)
    kings = state.kings_controlled()
    result = ending("vier_koningen", state, record)
    assert result.rows[0][2] == [f"{kings} of 4"]
    assert result.best == ("" if kings in (0, 4) else t("endings.vier_koningen.kings", n=kings))


# ----------------------------------------------------------------------------- the screen

class Sounds:
    """The sound's test double: what was played, in order."""

    def __init__(self):
        self.played = []

    def play(self, name, volume=1.0):
        self.played.append(name)

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def finished(make_app, game="quarto", size=(1280, 720), at_once=False, **settings):
    """An app whose game of random moves has just ended through the scene: the end screen
    comes after the table has shown the last move. `at_once`: every seat's moves drawn by
    the test and played in a row, no frame between (a Keezen game is thousands of them)."""
    from game.app import open_scene
    app = make_app(size=size)
    app.sound = Sounds()
    app.store.settings.update(settings)
    players = max(registry.game(game).seats)
    app.store.settings["last_setup"][game] = {"players": players, "seats": ["human"] + ["random"] * (players - 1)}
    open_scene(app, f"game:{game}", 7)
    scene, rng = app.top, random.Random(7)
    if at_once:
        with scene.moves_in_a_row():
            while not scene.state.is_over():
                scene.apply(rng.choice(scene.state.legal_moves()))
    while not scene.state.is_over():
        if scene.humans_turn:
            scene.apply(rng.choice(scene.state.legal_moves()))
        app.tick(1 / 30)
    for _ in range(400):
        if isinstance(app.top, EndScreen):
            break
        app.tick(1 / 30)
    assert isinstance(app.top, EndScreen)
    return app, scene


@pytest.mark.parametrize("device", [inp.KEYBOARD, inp.GAMEPAD, inp.MOUSE])
def test_the_end_screen_is_left_by_one_press(make_app, device):
    app, scene = finished(make_app)
    screen = app.top
    if device == inp.MOUSE:
        action = inp.Action(inp.PRESS, inp.MOUSE, pos=screen.layout()["buttons"][0].center)
    else:
        action = inp.Action(inp.CONFIRM, device)
    app.top.handle(action)
    app.tick(1 / 60)
    assert app.top is not screen and app.top is not scene
    assert app.top.name == "game" and not app.top.state.is_over(), "one press plays again"


def test_back_looks_at_the_table_and_the_buttons_are_all_there(make_app):
    app, scene = finished(make_app)
    labels = [label for label, _ in app.top.buttons]
    assert labels == [t("result.again"), t("result.review"), scene.finish.look_label(), t("pause.quit")]
    app.top.handle(inp.Action(inp.RIGHT, inp.KEYBOARD))
    assert app.top.focus == 1
    app.top.handle(inp.Action(inp.BACK, inp.GAMEPAD))
    assert app.top is scene
    scene.handle(inp.Action(inp.CONFIRM, inp.KEYBOARD))
    assert isinstance(app.top, EndScreen)
    app.top.press(1)                                      # Review this game
    app.tick(1 / 60)
    assert app.top.name == "review"


def test_the_fanfare_sounds_once(make_app):
    app, scene = finished(make_app)
    assert 0 in scene.state.winners(), "the human (seat 0) won this game"
    assert app.sound.played.count("fanfare") == 1
    app.top.handle(inp.Action(inp.BACK, inp.KEYBOARD))
    scene.handle(inp.Action(inp.CONFIRM, inp.KEYBOARD))     # the result again: no second fanfare
    assert isinstance(app.top, EndScreen)
    assert app.sound.played.count("fanfare") == 1
    assert app.top.celebration.done, "shown again, it stands still"


def fanfares(app, scene, humans) -> int:
    """The fanfares the end screen of `scene`'s finished game sounds when it first opens with
    `humans` the seats humans sat at (the others computers); the confetti falls with it only."""
    scene.setup["seats"] = ["human" if seat in humans else "random" for seat in range(scene.state.players)]
    scene.finish.celebrated = False
    app.sound.played.clear()
    screen = EndScreen(app, scene)
    count = app.sound.played.count("fanfare")
    assert screen.celebration.done == (count == 0), "no confetti over a human's loss"
    return count


@pytest.mark.parametrize("game", ["quarto", "keezen"])
def test_the_fanfare_sounds_only_when_a_human_won_or_computers_played_alone(make_app, game):
    # the game played out at once (a Keezen game is thousands of frames of flights), the end
    # screens below opened with the animations as players have them
    app, scene = finished(make_app, game, at_once=True, animation_speed="instant", computer_pace="instant")
    app.store.settings.update(animation_speed="normal", computer_pace="normal")
    winners = set(scene.state.winners())
    assert winners, "this game has a winner"
    losers = [seat for seat in range(scene.state.players) if seat not in winners]
    assert fanfares(app, scene, [min(winners)]) == 1
    assert fanfares(app, scene, losers[:1]) == 0, "the human lost: no fanfare"
    assert fanfares(app, scene, losers) == 0
    assert fanfares(app, scene, [losers[0], min(winners)]) == 1, "one of the humans won"
    assert fanfares(app, scene, []) == 1, "computers alone: the fanfare as before"
    if game == "keezen":      # the human's partner brought the last pawn home: their team won
        assert fanfares(app, scene, [max(winners)]) == 1
    assert "win" not in app.sound.played and "error" not in app.sound.played


def test_the_celebration_ends_and_then_nothing_moves(make_app):
    app, scene = finished(make_app)
    screen = app.top
    assert screen.animating
    frames = []
    for _ in range(int(Celebration.SECONDS * 60) + 2):
        app.tick(1 / 60)
        frames.append(pygame.image.tobytes(app.screen, "RGB"))
    assert not screen.animating
    assert frames[0] != frames[30], "the confetti falls"
    app.tick(1 / 60)
    assert pygame.image.tobytes(app.screen, "RGB") == frames[-1], "no frame of animation after its end"


def test_instant_animation_celebrates_without_motion(make_app):
    app, scene = finished(make_app, animation_speed="instant")
    assert not app.top.animating
    assert app.sound.played.count("fanfare") == 1


def test_the_end_screen_of_every_game_shows_places_and_the_best_line(make_app):
    from test_text_fit import open_screen
    for info in registry.playable_games():
        app = make_app(size=(1920, 1080))
        assert open_screen(app, f"result:{info.name}")
        app.tick(1 / 60)
        screen = app.top
        assert isinstance(screen, EndScreen)
        rows = screen.ending.rows
        assert rows and all(isinstance(row[1], str) and row[1] for row in rows)
        if info.name != "vier_koningen":
            assert [row[0] for row in rows] == sorted(row[0] for row in rows) and rows[0][0] == 1
            assert sum(row[3] for row in rows) == len(scene_winners(screen))


def scene_winners(screen):
    return screen.game_scene.state.winners()


# ----------------------------------------------------------------------------- the end of a deal

def test_kingen_sheet_at_the_end_of_a_deal_labels_its_columns_and_says_who_took_what(make_app):
    from game.ui.table.panels import Sheet
    from test_text_fit import open_screen
    app = make_app()
    assert open_screen(app, "sheet:kingen")
    scene = app.top
    sheet = scene.score_sheet()
    assert isinstance(sheet, Sheet)
    assert sheet.subheading == "deal (total)"
    label, cells = sheet.extras[0]
    assert label == f"Taken in deal {scene.state.deal_no}"
    state = scene.state
    if state.game in ("fewest_tricks", "trump"):
        counts = [sum(1 for _, _, winner in state.tricks if winner == seat) for seat in range(4)]
        assert cells == [t("endings.kingen.tricks", n=n) for n in counts]
        assert sum(counts) == 13 or state.end_reason
    else:
        assert len(cells) == 4


def test_the_moves_are_replayed_only_when_read():
    from game.standings import Played
    record, _, seen = played_game("quarto", 2)
    lazy = Played(record)
    assert lazy._moves is None
    assert [(seat, events) for seat, _, events in lazy] == seen and len(lazy) == len(seen)
    assert lazy[0][0] == seen[0][0]


def test_between_the_games_of_a_quarto_match_the_hand_says_how_the_game_went():
    from game.quarto import rules, words
    state = rules.new_game(5, 2, {"games": 3})
    rng = random.Random(5)
    while state.phase != "between":
        state.play(rng.choice(state.legal_moves()))
    line = words.game_summary(state, names, said)
    moves = len(state.game_log())
    if state.winner is None:
        assert line == t("endings.quarto.game_drawn", game=1)
    else:
        n = words.turns(state, 0, state.winner, moves)        # the winner's own turns
        assert n == (moves + 1) // 2 if state.winner == state.match_first else moves // 2
        assert line == said("endings.quarto.game_won", state.winner, game=1, name=names(state.winner), n=n)
    assert line.startswith("Game 1: ")


def test_a_rising_crown_stays_in_its_row_and_a_human_row_has_a_face(make_app):
    """The winner's crown comes up out of its own row (it rose past the losers' rows below),
    and a human's row shows an initial where a computer's shows its portrait (it was empty)."""
    from game.ui.endings import rising
    from game.ui.portraits import initial
    row, spot = pygame.Rect(100, 200, 600, 60), pygame.Rect(120, 210, 40, 40)
    assert rising(spot, row, 0.0) == spot
    assert rising(spot, row, 1.0).top == row.bottom          # hidden below the row at the start
    assert all(row.top <= rising(spot, row, r / 10).top <= row.bottom for r in range(11))
    app, scene = finished(make_app)
    screen = app.top
    humans = [index for index, face in enumerate(screen.faces) if face is None]
    assert humans, "the finished game has a human's row"
    mark = initial("Anna", 40)
    assert mark.get_at((20, 20)).a == 255 and mark.get_at((1, 1)).a == 0     # a disc
    before = pygame.Surface((200, 200), pygame.SRCALPHA)
    EndScreen.draw_face(before, screen.ending.rows[humans[0]][1], pygame.Rect(10, 10, 60, 60), False, 1.0)
    assert before.get_at((40, 40)).a == 255, "the human's row has a face"
