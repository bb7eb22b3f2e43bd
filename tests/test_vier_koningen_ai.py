"""4 Koningen helper: exact cover search, exact hand expectation, no peeking, hints."""
import itertools
import pickle
import random

import pytest

from ai import make_bot
from ai import vier_koningen as A
from game.cards import Card, cards
from game.vier_koningen import rules as R


def ids(text):
    return [A.cid(card) for card in cards(text)]


def staged(round_no, controlled, draw, lost=""):
    state = R.new_game(1)
    state.round = round_no
    state.controlled = R.sort_cards(cards(controlled))
    for number in range(1, round_no):
        state.piles[number - 1] = []
    state.piles[round_no - 1] = list(reversed(cards(draw)))
    state.lost = cards(lost)
    return state


def brute_allocation(hand, drawn, m, w):
    """Every way to lay the hand on the drawn cards, the obvious way."""
    best = None
    options = A.cover_options(hand, m)
    for combo in itertools.product(options, repeat=len(drawn)):
        used = [i for opt in combo for i in opt]
        if len(used) != len(set(used)):
            continue
        value = sum(w[d] if A.wins(d, opt) else -sum(w[i] for i in opt) for d, opt in zip(drawn, combo))
        best = value if best is None else max(best, value)
    return best


def game_states(count, seed=3, phase="hand"):
    """Positions met in real games played by the hard helper."""
    rng = random.Random(seed)
    found = []
    game = 100 * seed
    while len(found) < count:
        game += 1
        state = R.arena_game(game, 1)
        bot = A.Player("hard", game)
        while not state.is_over() and len(found) < count:
            if state.phase == phase and rng.random() < 0.25:
                found.append(state.copy())
            state.play(bot.choose(state.view(0)))
    return found


# ---------------------------------------------------------------------------- covering
def test_cover_search_finds_the_only_winning_allocation():
    # 5♥ needs 3♥+2♥; 4♠ needs 3♠+A♠ (or 3♠+2♣ cannot mix): only one way wins both
    hand = ids("3H 2H AS 3S 2C")
    value, plan = A.best_allocation(hand, ids("5H 4S"), 3, [1.0] * 52)
    assert value == 2.0
    assert sorted(plan[0]) == sorted(ids("3H 2H")) and sorted(plan[1]) == sorted(ids("AS 3S"))
    # the triple rule: 6+5+4 of clubs beat a 5 of diamonds (15 >= 15), nothing else does
    value, plan = A.best_allocation(ids("6C 5C 4C AD 2S"), ids("5D 2S"), 3, [1.0] * 52)
    assert value == 2.0 and sorted(plan[0]) == sorted(ids("6C 5C 4C"))


def test_cover_search_gives_up_the_cheapest_card_when_nothing_wins():
    w = [1.0 + 0.1 * A.RANK[i] for i in range(52)]
    value, plan = A.best_allocation(ids("10S 9S AH"), ids("KD QD"), 2, w)
    assert len(plan[0]) == len(plan[1]) == 1
    assert A.card_of(plan[0][0]).rank + A.card_of(plan[1][0]).rank == 1 + 9   # A♥ and 9♠ go


def random_cover_positions(seed, count):
    """(hand, drawn, cover limit, card values): random positions of the cover step."""
    rng = random.Random(seed)
    deck = list(range(52))
    for _ in range(count):
        m = rng.choice([2, 3])
        hand = rng.sample(deck, 5 if m == 3 else 3)
        drawn = rng.sample([i for i in deck if i not in hand], rng.choice([1, 2, 2, 2]))
        yield hand, drawn, m, [rng.uniform(0.5, 2.0) for _ in range(52)]


def test_cover_search_is_exact_on_random_positions():
    for hand, drawn, m, w in random_cover_positions(11, 300):
        value, plan = A.best_allocation(hand, drawn, m, w)
        assert value == pytest.approx(brute_allocation(hand, drawn, m, w))
        laid = [i for opt in plan for i in opt]
        assert len(laid) == len(set(laid)) and set(laid) <= set(hand)
        assert all(1 <= len(opt) <= m and len({A.SUIT[i] for i in opt}) == 1 for opt in plan)


def test_cover_results_hold_the_best_allocation_and_only_legal_plans():
    for hand, drawn, m, w in random_cover_positions(12, 200):
        results = A.outcomes(hand, drawn, m, w)
        assert max(v for v, plan in results.values()) == pytest.approx(A.best_allocation(hand, drawn, m, w)[0])
        for (won, lost), (_, plan) in results.items():
            assert [d for d, opt in zip(drawn, plan) if A.wins(d, opt)] == list(won)
            assert sorted(i for d, opt in zip(drawn, plan) if not A.wins(d, opt) for i in opt) == list(lost)


def test_look_ahead_gives_up_the_card_the_next_turn_needs_least():
    # 5♠ is won with 3♠+2♠; 6♦ cannot be won, so one of 3♥, 2♥, A♣ goes. Only hearts are
    # left to draw: without 3♥ or 2♥ the next turn wins less, so A♣ is the one to give up.
    state = staged(1, "AS 2S 3S 2H 3H AC AH 4C", "5S 6D 4H 5H 6H", lost="")
    state.play(R.ChooseHand(tuple(cards("3S 2S 3H 2H AC"))))
    state.play(R.Draw())
    assert sorted(state.drawn) == sorted(cards("5S 6D"))
    target = state.drawn.index(Card.parse("6D"))
    player = A.Player("hard", 1)
    laid = {}
    while state.phase == "cover":
        move = player.choose(state.view(0))
        if isinstance(move, R.Cover):
            laid[move.target] = move.cards
        state.play(move)
    assert laid[target] == tuple(cards("AC"))
    # without the look-ahead every single card is as cheap, and the plain search gives up a heart
    plain = A.Player("hard", 1, params={"lookahead": None})
    again = staged(1, "AS 2S 3S 2H 3H AC AH 4C", "5S 6D 4H 5H 6H", lost="")
    again.play(R.ChooseHand(tuple(cards("3S 2S 3H 2H AC"))))
    again.play(R.Draw())
    given = []
    while again.phase == "cover":
        move = plain.choose(again.view(0))
        if isinstance(move, R.Cover) and move.target == target:
            given = move.cards
        again.play(move)
    assert given != tuple(cards("AC"))


def test_the_state_after_a_turn_keeps_every_card_of_the_round():
    for state in game_states(30, seed=5, phase="cover"):
        know = A.Knowledge(state.view(0))
        hand = know.hand
        results = A.outcomes(hand, know.drawn, know.m, [1.0] * 52)
        for won, lost in results:
            after = A.after_turn(know, won, lost)
            every = after.controlled + after.draw + after.lost
            assert len(every) == len(set(every)) == R.ROUND_CARDS[state.round]
            assert set(lost) <= set(after.draw + after.lost) and set(won) <= set(after.controlled)


# ---------------------------------------------------------------------------- hand values
def test_closed_form_expectation_equals_every_pair_allocated_exactly():
    rng = random.Random(2)
    checked = 0
    for state in game_states(25):
        know = A.Knowledge(state.view(0))
        values = A.Values(know)
        ev = A.Evaluator(know, values)
        size = min(know.h, len(know.controlled))
        if size < know.h or len(know.draw) < 2:
            continue
        combos = list(itertools.combinations(know.controlled, size))
        draw = know.draw
        pairs = list(itertools.combinations(draw, 2))
        for hand in rng.sample(combos, min(6, len(combos))):
            exact = sum(A.best_allocation(hand, [a, b], know.m, values.w)[0] for a, b in pairs) / len(pairs)
            assert ev.value(hand) == pytest.approx(exact, abs=1e-9)
            checked += 1
    assert checked >= 40


def test_mid_draw_reshuffle_expectation_is_exact():
    state = staged(1, "AS 2S 3S AH 2H 3H AC 2C 3C AD 2D 3D", "6S", lost="4S 5H 4C 6D AD")
    state.controlled.remove(Card(1, "D"))
    know = A.Knowledge(state.view(0))
    values = A.Values(know)
    ev = A.Evaluator(know, values)
    assert ev.pairs is not None and len(ev.pairs) == 5
    for hand in itertools.islice(itertools.combinations(know.controlled, 5), 0, 400, 7):
        exact = sum(p * A.best_allocation(hand, [a, b], know.m, values.w)[0] for p, a, b in ev.pairs)
        assert ev.value(hand) == pytest.approx(exact, abs=1e-9)


def test_hand_search_finds_the_suit_that_is_left_to_win():
    # round 2, only hearts left to draw: the hand must be able to win a 10♥ and a 9♥
    state = staged(2, "AS 2S 3S 4S 5S 6S AH 2H 3H 4H 5H 6H AC 2C 3C 4C 5C 6C AD 2D 3D 4D 5D 6D 10C",
                   "10H 9H")
    bot = A.Player("hard", 1)
    move, reason = bot.hint(state.view(0))
    hand = move.cards
    hearts = sorted(c.rank for c in hand if c.suit == "H")
    assert len(hearts) >= 2 and sum(hearts[-2:]) >= 10, hand
    assert reason.key == "vier_koningen.why.hand"


def test_hand_search_is_close_to_every_hand_tried():
    """The candidate search against trying every possible hand, on real positions."""
    gaps = []
    for state in game_states(12, seed=5):
        know = A.Knowledge(state.view(0))
        values = A.Values(know)
        ev = A.Evaluator(know, values)
        size = min(know.h, len(know.controlled))
        combos = list(itertools.combinations(know.controlled, size))
        if size < know.h or len(combos) > 1500:
            continue
        best = max(ev.value(hand) for hand in combos)
        found, hand = A.search_hand(know, ev, values.w)
        assert found == pytest.approx(ev.value(hand))
        gaps.append(best - found)
    assert gaps and min(gaps) >= -1e-9
    assert sum(gaps) / len(gaps) < 0.05


# ---------------------------------------------------------------------------- fair play
def test_the_helper_never_sees_the_draw_order():
    state = R.new_game(77)
    other = state.copy()
    random.Random(5).shuffle(other.piles[0])
    assert other.piles[0] != state.piles[0]
    for level in ("easy", "normal", "hard"):
        assert make_bot("vier_koningen", level, 3).choose(state.view(0)) == \
            make_bot("vier_koningen", level, 3).choose(other.view(0))


def test_counting_player_knows_the_lost_pile_and_a_beginner_does_not():
    state = staged(1, "AS 2S 3S AH 2H 3H AC 2C 3C AD", "4S 5S 6S", lost="2D 3D 4H 5H 6H 4C 5C 6C 4D 5D 6D")
    counting = A.Knowledge(state.view(0), counting=True)
    assert sorted(counting.unwon) == sorted(A.cid(c) for c in state.draw_pile + state.lost)
    naive = A.Knowledge(state.view(0), counting=False)   # it cannot tell draw from lost
    assert naive.draw == sorted(counting.unwon) and not naive.lost
    assert A.Evaluator(naive, A.Values(naive)).n == 14
    assert A.Evaluator(counting, A.Values(counting)).n == 3


# ---------------------------------------------------------------------------- playing
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_legal_moves_to_the_end(level):
    state = R.arena_game(4, 1)
    bot = make_bot("vier_koningen", level, 40)
    steps = 0
    while not state.is_over() and steps < 3000:
        view = state.view(0)
        move = bot.choose(view)
        if state.phase != "hand":
            assert move in state.legal_moves()
        state.play(move)
        steps += 1
    assert state.is_over() or steps == 3000


def test_hints_name_a_move_and_a_reason_for_every_step():
    state = R.new_game(8)
    bot = make_bot("vier_koningen", "hard", 1)
    seen = set()
    for _ in range(12):
        move, reason = bot.hint(state.view(0))
        assert str(reason) and reason.key.startswith("vier_koningen.why.")
        again = pickle.loads(pickle.dumps(reason))
        assert again == reason and again.key == reason.key and again.params == reason.params
        seen.add(type(move))
        state.play(move)
    assert {R.ChooseHand, R.Draw, R.Cover, R.Judge} <= seen


def test_hint_takes_back_a_worse_cover():
    state = staged(1, "AS 2S 3S AH 2H 3H AC 2C 3C AD 2D 3D", "5H 4S 6C")
    state.play(R.ChooseHand(tuple(cards("3H 2H AS 3S 2C"))))
    state.play(R.Draw())
    state.play(R.Cover(0, tuple(cards("3S"))))       # wastes the spade needed for 4♠
    move, reason = A.Player("hard", 1).hint(state.view(0))
    assert move == R.Uncover(0) and reason.key == "vier_koningen.why.uncover"
    state.play(move)
    bot = A.Player("hard", 1)
    while state.phase == "cover":
        state.play(bot.choose(state.view(0)))
    assert all(item.won for item in state.verdict)


def test_the_round_bench_starts_each_round_as_a_real_game_reaches_it():
    from ai.vier_koningen_bench import play_round, round_start

    for number, controlled, pile in ((2, 24, range(7, 11)), (3, 40, range(11, 14))):
        state = round_start(4, number)
        assert state.round == number and len(state.controlled) == controlled
        assert sorted({card.rank for card in state.draw_pile}) == list(pile) and not state.lost
        assert state.draw_pile == R.arena_game(4).piles[number - 1]   # the game's own shuffle
    seed, lost, turns, *_ = play_round((4, 3, "hard", {}))
    assert seed == 4 and not lost and turns > 0
