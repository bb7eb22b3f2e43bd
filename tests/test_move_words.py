""""Why?", the review and the move log say every game's moves in words, Kings Corners' and Keezen's
(game/kings_corners/words.py, game/keezen/words.py `move_words`): every legal move of many
random positions, in both languages, without the notation's codes; Keezen's squares are said
from the board's landmarks, never by their internal numbers (issue 24)."""
import importlib
import random
import re

import pytest

from game import registry
from game.base import PawnSentHome
from game.keezen import rules as KR
from game.keezen import words as keezen_words
from game.kings_corners import words as corners_words
from game.ui import i18n
from game.ui.i18n import t

GAMES_PLAYED = 12     # random games walked per game and language
KEY = re.compile(r"[a-z_]+(\.[a-z_0-9]+)+")   # what t() shows for a key missing from the language
EVERY = 7             # the legal moves of every so many positions are said


@pytest.fixture(params=["en", "nl"])
def language(request):
    before = i18n.language()
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(before)


def positions(game: str, players: int, games: int = GAMES_PLAYED):
    """Every EVERY-th position of `games` random games, with the move played from it."""
    rules = registry.game(game).rules()
    for seed in range(games):
        rng = random.Random(seed)
        state = rules.new_game(seed, players, {})
        turn = 0
        while not state.is_over() and turn < 2000:
            moves = state.legal_moves()
            move = rng.choice(moves)
            yield state, moves, move, turn % EVERY == 0
            state.play(move)
            turn += 1


@pytest.mark.parametrize("game", list(registry.GAMES))
def test_every_game_says_its_moves_in_words(language, game):
    """Every game's words.py says each move in words (`move_words`), each of them found in
    the language's files (a missing one would show as its key)."""
    words = importlib.import_module(f"game.{game}.words")
    assert hasattr(words, "move_words"), f"{game}: game/{game}/words.py has no move_words"
    for state, moves, played, say_all in positions(game, max(registry.game(game).seats), games=2):
        for move in (moves if say_all else [played]):
            text = words.move_words(state, move)
            assert text and "{" not in text and not KEY.fullmatch(text), f"{game}: {move.code!r} said as {text!r}"


def numbers(text: str) -> list[int]:
    return [int(found) for found in re.findall(r"\d+", text)]


def test_keezen_squares_are_said_from_the_boards_landmarks(language):
    names = {colour: keezen_words.colour_word(colour) for colour in range(len(KR.COLOUR_NAMES))}
    where = keezen_words.where
    assert names[1] in where(0, 16) and where(0, 16) == t("keezen.scene.where.start", colour=names[1])
    assert where(3, 18) == t("keezen.scene.where.past", n=2, colour=names[1])
    assert where(0, 24) == t("keezen.scene.where.past", n=8, colour=names[1])
    assert where(0, 25) == t("keezen.scene.where.before", n=7, colour=names[2])
    assert where(0, 63) == t("keezen.scene.where.before.one", colour=names[0])     # one square, not "1 squares"
    assert where(0, 63) != t("keezen.scene.where.before", n=2, colour=names[0]).replace("2", "1")
    assert where(0, 1) == t("keezen.scene.where.past.one", colour=names[0])
    assert where(2, KR.HOME + 1) == t("keezen.scene.where.home", colour=names[2])
    assert where(3, KR.NEST) == t("keezen.scene.where.nest", colour=names[3])
    # every track square is said with at most 8 squares to a start square
    for square in range(KR.TRACK):
        said = where(0, square)
        assert numbers(said) == ([] if square % 16 == 0 else [min(square % 16, 16 - square % 16)]), said


def test_every_keezen_move_in_words_without_square_numbers(language):
    seen = set()
    for state, moves, played, say_all in positions("keezen", 4):
        for move in (moves if say_all else [played]):
            text = keezen_words.move_words(state, move)
            assert text and text != move.code and "{" not in text, (move, text)
            allowed = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12}        # counts of steps and cards, squares to a start
            if type(move) is KR.Walk:
                allowed |= {abs(steps) for _, _, steps in move.parts}
            assert set(numbers(text)) <= allowed, (move, text)
            for square in ([move.square, move.other_square] if type(move) is KR.Swap else
                           [square for _, square, _ in move.parts] if type(move) is KR.Walk else []):
                assert keezen_words.where(0, square) in text or square >= KR.HOME, (move, text)
            seen.add(type(move).__name__)
    assert {"Enter", "Walk", "Swap", "LayAway"} <= seen


def test_the_keezen_log_says_hits_and_swaps_in_words(language):
    said = {"hits": 0, "swaps": 0}

    def names(seat):
        return keezen_words.colour_name(seat)

    def speak(key, seat, **params):
        return t(key, **params)

    for state, _, move, _ in positions("keezen", 4, games=6):
        after = state.copy()
        after.play(move)
        lines = keezen_words.describe(after, state.to_move(), move, names, speak)
        for event in after.events:
            if type(event) is PawnSentHome and type(move) is not KR.Swap:
                assert any(keezen_words.where(event.colour, event.square) in line for line in lines), lines
                said["hits"] += 1
        if type(move) is KR.Swap:
            assert keezen_words.where(move.other_colour, move.other_square) in lines[0]
            said["swaps"] += 1
        for line in lines:
            assert all(number <= 12 for number in numbers(line)), line
    assert said["hits"] and said["swaps"]


def test_a_keezen_hint_and_a_refusal_name_their_square_in_words(language):
    from ai.keezen import explain
    from game.base import IllegalMove
    reason = explain(None, KR.LAY_AWAY)     # (no square: said as it was)
    assert i18n.explain(reason, keezen_words.reason_params) == t("keezen.hint.lay_away")
    params = keezen_words.reason_params({"square": 34, "percent": 61})
    assert params["square"] == keezen_words.where(0, 34) and "34" not in params["square"]
    state = registry.game("keezen").rules().new_game(3, 4, {})
    try:
        state.play(KR.Swap(state.to_move(), 40, (state.to_move() + 1) % 4, 5))
    except IllegalMove as error:
        text = i18n.explain(error, keezen_words.reason_params)
    else:
        raise AssertionError("a swap with no pawns on the board was accepted")
    assert "40" not in text and keezen_words.where(0, 40) in text, text


def test_keezen_counts_agree_with_their_nouns(language):
    for key in ("keezen.scene.status.seven_next", "keezen.scene.status.seven_end", "keezen.scene.result.turns",
                "keezen.scene.info.turns", "keezen.scene.where.past", "keezen.scene.where.before",
                "keezen.scene.move.steps"):
        one, two = t(key, n=1, colour="X", pawn="p"), t(key, n=2, colour="X", pawn="p")
        assert one != two.replace("2", "1"), f"{key}: '{one}' says its count as a plural"


def test_every_kings_corners_move_in_words(language):
    corner_codes = {t(f"kings_corners.scene.place.{code}") for code in ("NE", "SE", "SW", "NW")}
    seen = set()
    for state, moves, played, say_all in positions("kings_corners", 3):
        for move in (moves if say_all else [played]):
            text = corners_words.move_words(state, move)
            assert text and text != move.code and "{" not in text, (move, text)
            assert not set(re.findall(r"[A-Z]+", text)) & corner_codes, (move, text)   # corners by where they lie
            card = getattr(move, "card", None)
            if card is not None:
                assert str(card) in text
            target = getattr(move, "place", getattr(move, "target", None))
            if target is not None and state.piles[target]:
                assert str(state.piles[target][-1]) in text, (move, text)      # what it goes onto
            seen.add(type(move).__name__)
    assert {"PlayCard", "MovePile", "EndTurn", "Deal"} <= seen


def test_kings_corners_hints_name_the_corners_by_where_they_lie(language):
    """The table labels a corner only 'K': a hint or a judgement says 'the top right corner',
    never the code 'NE'."""
    from ai.kings_corners import explain
    corner_codes = {t(f"kings_corners.scene.place.{code}") for code in ("NE", "SE", "SW", "NW")}
    said = set()
    for state, moves, _, say_all in positions("kings_corners", 3, games=4):
        if not say_all or state.hand_over():
            continue
        view = state.view(state.to_move())
        for move in moves:
            reason = explain(view, move)
            text = i18n.explain(reason, corners_words.reason_params)
            assert text and "{" not in text and not set(re.findall(r"[A-Z]+", text)) & corner_codes, text
            if any(value in ("NE", "SE", "SW", "NW") for value in getattr(reason, "params", {}).values()):
                said.add(reason.key)
    assert {"kings_corners.hint.king_corner", "kings_corners.hint.play"} <= said
