"""Kings Corners computer players: legal play from views in every variant, the kings-first
rule kept, sequences found, stuck cards and table gifts judged, hints, and a small strength check
(strength and speed proper are benchmarks: python -m ai.arena kings_corners ...)."""
from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest

from ai import kings_corners as K
from ai import make_bot
from ai.greedy import best_sequence, greedy_plan
from game.cards import Card, cards, full_deck
from game.kings_corners import rules as R
from game.kings_corners.rules import NE, NW, SE, SW, E, EndTurn, MovePile, N, PlayCard, S, W
from game.kings_corners.words import reason_params
from game.ui.i18n import with_odds

C = Card.parse
ASSETS = Path(__file__).resolve().parent.parent / "assets" / "i18n"


def table(hand, piles, players=4, stock_size=10, options=None, seat=0):
    """Seat `seat` to move with `hand`; the other cards dealt to the other seats and the stock."""
    state = R.new_game(1, players, options)
    state.piles = [[] for _ in range(8)]
    for place, text in piles.items():
        state.piles[place] = cards(text)
    mine = cards(hand)
    used = set(mine) | {card for pile in state.piles for card in pile}
    rest = [card for card in full_deck() if card not in used]
    random.Random(5).shuffle(rest)
    state.stock = rest[:stock_size]
    rest = rest[stock_size:]
    state.hands = [[] for _ in range(players)]
    state.hands[seat] = mine
    others = [index for index in range(players) if index != seat]
    for index, card in enumerate(rest):
        state.hands[others[index % len(others)]].append(card)
    state.turn = seat
    state.played = state.moved = state.kings_paid = False
    state.drew = state.passes = 0
    return state


def play_turn(state, bot):
    """Let `bot` play the turn of the seat to move; the moves it made."""
    seat = state.to_move()
    made = []
    while not state.is_over() and state.to_move() == seat and not state.hand_over():
        move = bot.choose(state.view(seat))
        assert move in state.legal_moves()
        state.play(move)
        made.append(move)
        if isinstance(move, EndTurn):
            break
    return made


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_play_whole_matches_from_their_views_in_every_variant(level):
    rng = random.Random(level)
    for game in range(3):
        options = {"scoring": rng.choice(R.SCORINGS), "kings_first": rng.random() < 0.5,
                   "draw_first": rng.random() < 0.5, "draw_two": rng.random() < 0.5,
                   "match_length": "hands", "hands": 2}
        players = 2 + game
        state = R.new_game(100 + game, players, options)
        bots = [make_bot("kings_corners", level, seed=seat) for seat in range(players)]
        steps = 0
        while not state.is_over():
            seat = state.to_move()
            move = bots[seat].choose(state.view(seat))
            assert move in state.legal_moves(), (level, options, move)
            state.play(move)
            steps += 1
            assert steps < 5000
        assert state.winners()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_bot_pays_the_kings_first_penalty(level):
    for seed in range(3):
        state = R.new_game(seed, 4, {"kings_first": True, "match_length": "hands", "hands": 2,
                                     "draw_first": seed == 1})
        bots = [make_bot("kings_corners", level, seed=seat) for seat in range(4)]
        kings_played = 0
        while not state.is_over():
            seat = state.to_move()
            move = bots[seat].choose(state.view(seat))
            kings_played += isinstance(move, PlayCard) and move.card.rank == 13
            state.play(move)
        assert all(entry["penalties"] == [0, 0, 0, 0] for entry in state.sheet)
        assert kings_played > 0


def test_a_random_player_does_pay_the_kings_first_penalty():
    # the check above can fail: the rule is charged when a player does not play the king first
    state = R.new_game(0, 4, {"kings_first": True, "match_length": "hands", "hands": 2})
    bot = make_bot("kings_corners", "random", seed=1)
    while not state.is_over():
        state.play(bot.choose(state.view(state.to_move())))
    assert any(any(entry["penalties"]) for entry in state.sheet)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_king_goes_into_an_empty_corner_first(level):
    state = table("KD 2C", {N: "9S", E: "5D", S: "JS", W: "7C"})
    made = play_turn(state, make_bot("kings_corners", level, seed=3))
    assert made[0].card == C("KD") and made[0].place in (NE, SE, SW, NW)


HARD_POSITION = ("6S 3H JD", {N: "2S AH", E: "5S 4D 3S", S: "10H 9C 8H 7S 6H 5C", W: "10S 9D 8S",
                              NE: "KS QH JC 10D", SE: "KH QC", SW: "KC"})


def test_hard_finds_a_sequence_through_freed_places_to_go_out():
    # J♦ on Q♣, the pile W onto J♦, 3♥ into the freed W, the pile N (2♠ A♥) onto 3♥, 6♠ into N
    hand, piles = HARD_POSITION
    state = table(hand, piles)
    made = play_turn(state, make_bot("kings_corners", "hard", seed=1))
    assert state.hand_over() and state.sheet[-1]["winner"] == 0
    assert any(isinstance(move, MovePile) for move in made)


def test_normal_greedy_plays_what_it_sees_one_move_at_a_time():
    # 10♦ or 4♥ into the empty E; only the 4♥ lets the pile N (3♣ 2♦ A♣) follow it, which frees
    # N for the 10♦. Greedy play sheds a card at once and stops; the turn search goes out.
    piles = {N: "3C 2D AC", S: "5H 4C", W: "6C 5D 4S", NE: "KC QH JC 10H 9C 8H 7S 6D",
             SE: "KD QS JH 10S 9D", SW: "KH"}
    state = table("10D 4H", piles)
    made = play_turn(state, make_bot("kings_corners", "normal", seed=1))
    assert made == [PlayCard(C("10D"), E), EndTurn()]
    state = table("10D 4H", piles)
    made = play_turn(state, make_bot("kings_corners", "hard", seed=1))
    assert made == [PlayCard(C("4H"), E), MovePile(N, E), PlayCard(C("10D"), N)]
    assert state.sheet[-1]["winner"] == 0


def test_the_card_that_is_hardest_to_free_goes_to_the_empty_side_place():
    # Neither card fits a top. 2♠ waits for a red three (both unseen); 4♥ for a black five, and
    # 5♠ is covered by 4♦: only the 5♣ can still free it. So the 4♥ goes to the empty N.
    # (Without this knowledge the two dumps look alike and the first card, 2♠, went.)
    piles = {E: "5S 4D", S: "QC", W: "9S"}
    for level in ("normal", "hard"):
        state = table("2S 4H", piles)
        made = play_turn(state, make_bot("kings_corners", level, seed=1))
        assert made == [PlayCard(C("4H"), N), EndTurn()], level
    # and the other way round: 6♦ is covered, so now 5♠ (waiting for a red six) is the harder one
    state = table("4H 5S", {E: "7C 6D 5C", S: "QC", W: "9S"})
    made = play_turn(state, make_bot("kings_corners", "normal", seed=1))
    assert made[0] == PlayCard(C("5S"), N)


def test_stuck_cards_count_the_ways_they_can_still_be_freed():
    def hand_board(hand, piles):
        state = table(hand, piles)
        view = state.view(0)
        return K.position_of(view, 0), K.Context(view, 0)

    # 4♥ waits for a black five: 5♠ is covered, 5♣ unseen -> one way: 1 / (1 + 1)
    (hand, board), context = hand_board("4H", {E: "5S 4D", S: "QC"})
    assert K._stuck(hand, board, context.unseen) == pytest.approx(1 / 2)
    # a top that takes the 5♣ (a red six) doubles that way: whoever holds it can play it now
    (hand, board), context = hand_board("4H", {E: "5S 4D", S: "6H"})
    assert K._stuck(hand, board, context.unseen) == pytest.approx(1 / 3)
    # the 5♣ in my own hand counts 1.5; a card that fits a top and a king are never stuck
    (hand, board), context = hand_board("4H 5C KS 3C", {E: "5S 4D", S: "QC"})
    five = 1 / (1 + 2 * 1)  # 5♣ waits for a red six: both unseen (6♦, 6♥)
    assert K._stuck(hand, board, context.unseen) == pytest.approx(1 / (1 + 1.5) + five)


def test_hard_judges_what_its_table_offers_the_next_players():
    # The same hand (2♣ fits nowhere) and table but for one top: 9♠ takes both red eights, which
    # are unseen; 8♥ on it takes only the 7♣ (the 7♠ lies on S). Hard prefers leaving the 8♥,
    # and this gift counts three times as much when another player is down to two cards.
    # Normal judges both alike.
    def values(others):
        state = table("2C", {N: "9S", E: "4S", S: "7S", W: "JD"})
        for seat in (1, 2, 3):
            state.hands[seat] = state.hands[seat][:others]
        view = state.view(0)
        context = K.Context(view, 0)
        hand, board = K.position_of(view, 0)
        covered = ((board[0][0], K.CARD_ID[C("8H")]),) + board[1:]
        return (K.final_value((hand, covered), context) - K.final_value((hand, board), context),
                K.simple_value((hand, covered), context) - K.simple_value((hand, board), context))

    far_hard, far_normal = values(7)
    near_hard, near_normal = values(2)
    mean_cost = (48 + 4 * 10) / 52
    assert far_hard == pytest.approx(K.GIFT_WEIGHT * mean_cost)
    assert near_hard == pytest.approx(3 * far_hard)
    assert far_normal == near_normal == 0


def test_easy_overlooks_moves_that_normal_makes():
    rng = random.Random(4)
    missed = 0
    normal_missed = 0
    for seed in range(25):
        state = R.new_game(seed, 4, {})
        _ = [state.play(rng.choice(state.legal_moves())) for _ in range(rng.randrange(0, 12))
             if not state.hand_over()]
        if state.hand_over():
            continue
        view = state.view(state.to_move())
        seat = view.to_move()
        easy = K.plan_turn(view, seat, "easy", random.Random(seed))
        normal = K.plan_turn(view, seat, "normal", random.Random(seed))
        missed += len(easy) < len(normal)
        normal_missed += len(normal) < len(easy)
    assert missed >= 3
    assert normal_missed <= missed // 2


def test_bots_are_deterministic_for_a_seed_and_picklable():
    def run(seed):
        state = R.new_game(21, 3, {"match_length": "hands", "hands": 1})
        bots = [make_bot("kings_corners", "hard", seed=seed) for _ in range(3)]
        while not state.is_over():
            state.play(bots[state.to_move()].choose(state.view(state.to_move())))
        return state.to_dict()

    assert run(1) == run(1)
    bot = make_bot("kings_corners", "normal", seed=2)
    view = R.new_game(3, 4, {}).view(0)
    assert pickle.loads(pickle.dumps(view)).to_dict() == view.to_dict()
    assert pickle.loads(pickle.dumps(bot)).level == "normal"


def test_hints_are_legal_with_a_reason_in_both_languages():
    tables = {language: json.loads((ASSETS / language / "kings_corners.json").read_text(encoding="utf-8"))
              for language in ("en", "nl")}
    state = R.new_game(6, 4, {"kings_first": True, "match_length": "hands", "hands": 2})
    bot = make_bot("kings_corners", "normal", seed=1)
    helper = make_bot("kings_corners", "easy", seed=2)
    keys = set()
    for _ in range(150):
        if state.is_over():
            break
        view = state.view(state.to_move())
        move, reason = helper.hint(view)
        assert move in state.legal_moves()
        assert str(reason) and reason.key in tables["en"] and reason.key in tables["nl"]
        for language in ("en", "nl"):       # with the parameters as the game says them
            tables[language][reason.key].format(**reason_params(with_odds(reason.params)))
        keys.add(reason.key)
        assert pickle.loads(pickle.dumps(reason)).key == reason.key
        state.play(bot.choose(view))
    assert len(keys) >= 4


def test_normal_beats_random_clearly():
    wins = 0
    hands = 24
    for seed in range(hands):
        state = R.arena_game(seed, 4)
        bots = [make_bot("kings_corners", "normal" if seat % 2 == 0 else "random", seed=seat)
                for seat in range(4)]
        while not state.is_over():
            seat = state.to_move()
            state.play(bots[seat].choose(state.view(seat)))
        wins += state.winners() in ((0,), (2,))
    assert wins >= 0.75 * hands


def test_the_generic_greedy_and_search_on_a_toy_game():
    # positions are numbers; moves add 1, 2 or 3; a position is worth its distance from 7
    moves = lambda pos: [1, 2, 3] if pos < 10 else []  # noqa: E731
    apply = lambda pos, move: pos + move  # noqa: E731
    value = lambda pos: -abs(7 - pos)  # noqa: E731
    assert sum(greedy_plan(0, moves, apply, value)) == 7
    path, best, visited = best_sequence(0, moves, apply, value, key=lambda pos: pos, max_nodes=100)
    assert sum(path) == 7 and best == 0 and visited <= 100
    # a deceptive value: only the search finds the far peak
    peak = lambda pos: 10 if pos == 9 else (-pos if pos < 9 else -20)  # noqa: E731
    assert greedy_plan(0, moves, apply, peak) == []
    path, best, _ = best_sequence(0, moves, apply, peak, key=lambda pos: pos, max_nodes=100)
    assert sum(path) == 9 and best == 10


def test_a_turn_is_planned_once_and_then_followed(monkeypatch):
    calls = []
    original = K.plan_turn

    def counting(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(K, "plan_turn", counting)
    hand, piles = HARD_POSITION
    state = table(hand, piles)
    made = play_turn(state, make_bot("kings_corners", "hard", seed=1))
    assert len(made) >= 5 and len(calls) == 1
