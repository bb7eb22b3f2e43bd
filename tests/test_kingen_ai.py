"""Kingen computer players: legal play from views at every level, no peeking at hidden hands,
the playout policy's habits, the dealer's choices, hints in both languages, seeds that replay,
and the arena's single deals (strength and speed are benchmarks: python -m ai.kingen_bench)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ai import Reason, make_bot
from ai import kingen as K
from ai.arena import one_seat, run
from ai.mcts import MoveStats, SearchResult, search
from game.kingen import rules as R
from game.ui.i18n import with_odds

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def small_budgets(monkeypatch):
    """The searches' code paths with budgets small enough for unit tests."""
    monkeypatch.setitem(K.ITERATIONS, "normal", 40)
    monkeypatch.setitem(K.ITERATIONS, "hard", 80)
    monkeypatch.setitem(K.POOL, "hard", 40)
    monkeypatch.setattr(K, "EXACT_DEALS", 8)
    monkeypatch.setitem(K.CHOICE_DEALS, "normal", 8)
    monkeypatch.setitem(K.CHOICE_DEALS, "hard", 10)
    monkeypatch.setattr(K, "HINT_DEALS", 20)
    monkeypatch.setattr(K, "SWAP_STEPS", 200)
    monkeypatch.setattr(K, "SWAP_DEALS", 50)
    monkeypatch.setattr(K, "SWAP_START", 8)


def pos(text: str):
    return R.from_notation(text)


def policy(state, seed: int = 1) -> str:
    return R.CODE[K.policy_card(state, random.Random(seed).random, explore=0.0)]


class Hidden:
    """A hidden hand that fails any test of its contents: a bot that reads it is caught."""

    def _peek(self, *args, **kwargs):
        raise AssertionError("a computer player looked at a hidden hand")

    __and__ = __rand__ = __or__ = __ror__ = __xor__ = __rxor__ = __invert__ = __bool__ = __index__ = _peek
    __int__ = __eq__ = __ne__ = __lt__ = __gt__ = __hash__ = __iter__ = __len__ = __getattr__ = _peek
    __rshift__ = __lshift__ = __sub__ = __add__ = _peek


def poisoned_view(state, seat: int):
    view = state.view(seat)
    view.hands = [hand if index == seat else Hidden() for index, hand in enumerate(view.hands)]
    return view


# ----------------------------------------------------------------------------- the policy

def test_policy_ducks_under_with_its_highest_losing_card():
    # fewest tricks, the king of spades is high: the queen goes under it, not the ace or the two
    state = pos("fewest_tricks - 3 2S,QS,AS/AC,AD,2C/3C,3D,3H/4C,4D KS -1,0,0,-9")
    assert policy(state) == "QS"
    # nothing ducks and three have played: out with the highest card, taken anyway
    state = pos("fewest_tricks - 1 AS,QS,KD/3C,4C/3D,4D/3H,4H 2S,5S,6S -1,0,0,-9")
    assert policy(state) == "AS"


def test_policy_dumps_penalty_cards_and_keeps_them_out_of_its_own_tricks():
    # No queens, void in clubs: the queen goes (the obligation); then the highest card
    state = pos("no_queens - 3 QS,AH,2D/2C,3S,4S/3C,3H,4H/5C,6C 7C 0,0,0,-6")
    assert policy(state) == "QS"
    state = pos("fewest_tricks - 3 AH,2D,KS/2C,3S,4S/3C,3H,4H/5C,6C 7C -10,0,0,0")
    assert policy(state) in ("AH",)
    # the trick is its own anyway (last to play, only higher spades): not the queen into it
    state = pos("no_queens - 1 AS,QS,3D/6C,5C/6D,5D/6H,5H 2S,3S,4S 0,0,0,-6")
    assert policy(state) == "AS"


def test_policy_wins_cheaply_in_trump():
    # clubs trump, last to play and void in hearts: the lowest club that takes it
    state = pos("trump C 1 4C,8C,AD/5H,6D/5D,6S/7S,8S 9H,2C,3S 10,0,0,0")
    assert policy(state) == "4C"
    # following suit, last to play: the cheapest card that wins
    state = pos("trump C 1 TH,KH,2D/4H,6D/3H,6S/2H,8S 9H,5H,7H 10,0,0,0")
    assert policy(state) == "TH"
    # it cannot win: its lowest side card, not a trump
    state = pos("trump C 1 2C,3D,9S/4H,6D/5D,6S/2H,8S 9H,AC,7H 10,0,0,0")
    assert policy(state) == "3D"


def plain_and(text: str, **variant) -> tuple:
    """The plain policy's card and a variant's (`club`, `count`) in one position."""
    state = pos(text)
    return policy(state), R.CODE[K.policy_card(state, random.Random(1).random, explore=0.0, **variant)]


def test_club_policy_leads_and_throws_from_its_short_suits_and_draws_trumps():
    def both(text):
        return plain_and(text, club=True)
    # leading: the lowest card of the shortest suit (to get void), not the lowest rank
    assert both("fewest_tricks - 0 2C,3C,4C,5D/6C,7C,8C,9C/2D,3D,4D,6D/2H,3H,4H,5H - -9,0,0,0") == ("2C", "5D")
    # void in the suit led, no penalty card: the highest card of the shortest suit
    assert both("fewest_tricks - 0 2S,4S,5S/KC,AD,QD,JD/2D,3D,4D,6D/2H,3H,4H,5H 3S -9,0,0,0") == ("AD", "KC")
    # trump, leading with three trumps of the seven left: draw them, the highest first
    assert both("trump C 0 KC,9C,5C,2D,3S/4C,AC,7D,8D,9D/7C,6S,7S,8S,9S/8C,8H,9H,TH,JH - 8,0,0,0") == ("2D", "KC")
    # trump, second to play: the king does not go on the trick while the ace is out
    assert both("trump C 0 7S/KD,2D/AD,2H/3H,4H 4D 11,0,0,0") == ("KD", "2D")


def test_counted_lead_leads_where_someone_must_go_over_it():
    def both(text):
        return plain_and(text, count=True)
    # the three of clubs takes the trick for sure (nobody else holds a club): the nine of diamonds
    assert both("fewest_tricks - 0 3C,4H,9D/2H,TD,5S/6H,JD,6S/7S,8S,9S - -10,0,0,0") == ("3C", "9D")
    # two clubs out below the four: the five of hearts (none below it), the lower of the safe two
    assert both("fewest_tricks - 0 4C,5H,9D/2C,6H,TD/3C,7H,JD/7S,8S,9S - -10,0,0,0") == ("4C", "5H")


def test_the_search_split_over_trees_keeps_its_budget_and_replays(small_budgets):
    state = R.arena_deal(3, "fewest_tricks")
    view = state.view(state.turn)
    cards = []
    for _ in range(2):
        bot = K.KingenBot("hard", 5, trees=4)
        cards.append(bot.choose(view))
        assert bot.last.iterations == 80 and sum(entry.visits for entry in bot.last.moves) == 80
        assert bot.last.moves[0].visits == max(entry.visits for entry in bot.last.moves)
    assert cards[0] == cards[1]


def test_a_tree_with_the_others_modelled_branches_on_the_seats_own_cards_only():
    state = R.arena_deal(3, "no_queens")
    seat = state.turn
    root = K.ModelledRoot(K.SearchDeal(state.view(seat).single_deal()), random.Random(2).random, False, K.EXPLORE)
    deal = root.sample(seat, random.Random(3))
    assert len(deal.legal_moves()) > 1           # the seat's own cards: every one that plays differently
    deal.play(deal.legal_moves()[0])
    while deal.state.turn != seat:               # the others: the policy's one card
        moves = deal.legal_moves()
        assert len(moves) == 1 and deal.state.legal_cards() & R.BIT[moves[0].index]
        deal.play(moves[0])


def test_the_expert_plays_the_others_as_a_club_table_and_itself_plainly(small_budgets, monkeypatch):
    """Where its level says (`TABLE`), the expert's playouts (and tree) play the others by the
    club's habits and its own seat by the plain policy; elsewhere every seat plays the plain
    policy, or in Trump (`CLUB`) the club's habits."""
    policy_card = K.policy_card
    seen, searching = set(), []

    def watched(state, random_, explore=K.EXPLORE, club=False, count=False):
        seen.add((state.turn == searching[-1], club))       # (the searching seat's card, club habits)
        return policy_card(state, random_, explore, club, count)
    monkeypatch.setattr(K, "policy_card", watched)
    assert K.FEWEST in K.TABLE["hard"] and K.NO_7_13 not in K.TABLE["hard"]
    for game in R.GAMES:
        state = R.arena_deal(3, game)
        if state.phase == R.CHOOSE_TRUMP:
            state.play(R.TRUMP_MOVES[0])
        searching.append(state.turn)
        seen.clear()
        make_bot("kingen", "hard", seed=5).choose(state.view(state.turn))
        index = R.GAMES.index(game)
        club = index in K.CLUB["hard"]
        expected = {(True, False), (False, True)} if index in K.TABLE["hard"] else {(True, club), (False, club)}
        assert seen == expected, game


def test_playouts_finish_the_deal_with_legal_cards():
    rng = random.Random(4)
    for seed in range(14):
        state = R.new_game(seed, 4, deal=R.GAMES[seed % 7])
        if state.phase == R.CHOOSE_TRUMP:
            state.play(R.TRUMP_MOVES[seed % 4])
        while state.phase == R.PLAY:
            card = K.policy_card(state, rng.random)
            assert state.legal_cards() & R.BIT[card]
            state.play(R.PLAY_MOVE[card])   # the checked path: it would refuse an illegal card
        assert state.is_over()
        rewards = K.deal_rewards(state)
        assert all(0.0 <= value <= 1.0 for value in rewards)


# ----------------------------------------------------------------------------- the levels

def positions():
    """Views to decide in: each game type mid-deal, a trump choice and a Dubbelkingen choice."""
    found = []
    for seed in range(7):
        state = R.new_game(seed, 4, deal=R.GAMES[seed])
        rng = random.Random(seed)
        if state.phase == R.CHOOSE_TRUMP:
            found.append(state.copy())
            state.play(rng.choice(state.legal_moves()))
        while not state.is_over() and (state.done < 3 + seed % 4 or len(state.legal_moves()) < 2):
            state.play(rng.choice(state.legal_moves()))
        if not state.is_over():
            found.append(state)
    found.append(R.new_game(3, 4, {"match": "dubbelkingen"}))
    return found


@pytest.mark.parametrize("level", K.LEVELS)
def test_every_level_plays_legally_and_never_peeks(level, small_budgets):
    phases = set()
    for state in positions():
        seat = state.to_move()
        bot = make_bot("kingen", level, seed=5)
        move = bot.choose(poisoned_view(state, seat))
        assert move in state.legal_moves()
        move, reason = bot.hint(poisoned_view(state, seat))
        assert move in state.legal_moves() and isinstance(reason, Reason) and reason.key.startswith("kingen.hint.")
        phases.add(state.phase)
    assert phases == {R.PLAY, R.CHOOSE_TRUMP, R.CHOOSE_GAME}


def test_a_whole_match_of_bots_ends_with_totals_zero(small_budgets):
    state = R.new_game(2, 4)
    bots = [make_bot("kingen", level, seed) for seed, level in enumerate(("easy", "normal", "hard", "easy"))]
    while not state.is_over():
        seat = state.to_move()
        state.play(bots[seat].choose(state.view(seat)))
    assert sum(state.totals) == 0 and len(state.sheet) == 10


def test_a_seed_replays_exactly(small_budgets):
    for state in positions()[:4]:
        seat = state.to_move()
        first = [make_bot("kingen", "normal", seed=9).choose(state.view(seat)) for _ in range(2)]
        assert first[0] == first[1]


def test_the_searches_budget_is_work_not_time(small_budgets, monkeypatch):
    """A time budget cuts a search where the machine's load (or the game's drawing, when the
    worker thinks in a thread) says: a seed would not replay."""
    budgets = []
    monkeypatch.setattr(K, "search", lambda *args, **kwargs: budgets.append(kwargs) or search(*args, **kwargs))
    state = R.arena_deal(3, "no_hearts")
    for level in ("normal", "hard"):
        make_bot("kingen", level, seed=1).choose(state.view(state.to_move()))
    assert len(budgets) == 2 and all(kwargs["iterations"] and kwargs.get("seconds") is None for kwargs in budgets)


def test_the_search_scores_the_deal_in_points_of_the_mover(small_budgets):
    state = pos("no_queens - 1 AS,QS,3D/6C,5C/6D,5D/6H,5H 2S,3S,4S 0,0,0,-6")
    bot = make_bot("kingen", "normal", seed=1)
    assert bot.choose(state.view(0)) == R.parse_move("AS")   # the queen would cost 2 more
    assert bot.last.moves[0].mean > bot.last.moves[-1].mean


def test_trump_is_the_long_strong_suit(small_budgets):
    state = R.new_game(1, 4, deal="trump")
    dealer = state.dealer
    # give the dealer seven spades from the top and the rest low cards
    mine = R.mask_of(R.parse_card(code) for code in "AS KS QS JS TS 9S 8S 2C 3C 2D 3D 2H 3H".split())
    rest = [card for card in range(52) if not mine >> card & 1]
    random.Random(1).shuffle(rest)
    state.hands = [0] * 4
    state.hands[dealer] = mine
    for index, seat in enumerate(seat for seat in range(4) if seat != dealer):
        state.hands[seat] = R.mask_of(rest[13 * index:13 * index + 13])
    move, reason = make_bot("kingen", "normal", seed=1).hint(state.view(dealer))
    assert move == R.ChooseTrump("S")
    assert reason.key == "kingen.hint.trump" and reason.params["suit"] == "\u2660"


def test_a_dealer_with_one_game_left_takes_it():
    state = R.new_game(3, 4, {"match": "dubbelkingen"})
    chosen = [list(row) for row in state.chosen]
    chosen[state.dealer][R.NO_HEARTS] = 3    # all three negative games already chosen
    state.chosen = tuple(tuple(row) for row in chosen)
    assert state.open_games(state.dealer) == [R.TRUMP]
    move, reason = make_bot("kingen", "hard", seed=1).hint(state.view(state.dealer))
    assert move == R.ChooseGame("trump") and reason.key == "kingen.hint.game_only"


def test_hints_are_translated_with_the_same_parameters(small_budgets):
    tables = {language: json.loads((ROOT / "assets" / "i18n" / language / "kingen.json").read_text("utf-8"))
              for language in ("en", "nl")}
    keys = {f"kingen.hint.card.{name}" for name in R.GAMES[1:6]} | {"kingen.hint.card_tricks", "kingen.hint.trump",
                                                                   "kingen.hint.game_only", "kingen.hint.only"}
    keys |= {f"kingen.hint.game.{name}" for name in R.GAMES}
    seen = set()
    for state in positions():
        bot = make_bot("kingen", "normal", seed=2)
        _, reason = bot.hint(state.view(state.to_move()))
        seen.add(reason.key)
        for language in ("en", "nl"):
            text = tables[language][reason.key]
            assert text.format(**with_odds(reason.params))   # every placeholder is given
    assert seen <= keys and len(seen) >= 5
    for key in keys:
        assert key in tables["en"] and key in tables["nl"]
    state = pos("no_hearts - 3 2H,9S,TD/AS,KS,QS/AD,KD,QD/6C,7C 5C 0,0,0,-12")
    _, reason = make_bot("kingen", "easy", seed=1).hint(state.view(0))
    assert reason.key == "kingen.hint.only" and reason.params == {"card": "\u26652"}


# ----------------------------------------------------------------------------- the arena

def test_the_arena_plays_single_deals_with_one_seat_rotating(small_budgets):
    assert [one_seat(index, 4) for index in range(4)] == [[0, 1, 1, 1], [1, 0, 1, 1], [1, 1, 0, 1], [1, 1, 1, 0]]
    result = run("kingen", "normal", "easy", 4, 7, one=True, deal="no_queens")
    assert result["deal"] == "no_queens" and result["one"]
    normal, easy = result["bots"]
    # every deal gives -8 in all: one normal seat and three easy seats share it
    assert normal["points_per_deal"] + 3 * easy["points_per_deal"] == pytest.approx(-8, abs=1e-3)
    assert set(normal["ms_per_move"]) == {"mean", "max"}
    whole = run("kingen", "easy", "easy", 1, 3)
    assert all("points_per_deal" in bot for bot in whole["bots"])
    assert sum(bot["mean_points"] for bot in whole["bots"]) == pytest.approx(0, abs=1e-3)
    double = run("kingen", "easy", "random", 1, 3, options={"match": "dubbelkingen"})
    easy, anyone = double["bots"]
    assert easy["points_per_deal"] == pytest.approx(easy["mean_points"] / 20, abs=1e-3)


def test_decision_bench_judges_only_cards_that_differ():
    from ai import kingen_bench
    bot = kingen_bench.player("hard:300:0.2", 1)
    assert (bot.level, bot.iterations, bot.exploration) == ("hard", 300, 0.2)
    same = kingen_bench.decisions("normal:20", "normal:20", deals=1, seed=3, games=["no_queens"], playouts=5)
    row = same["types"]["no_queens"]
    assert row["decisions"] > 0 and row["differ"] == 0 and row["per_decision"] == 0
    other = kingen_bench.decisions("easy", "normal:20", deals=1, seed=3, games=["no_queens"], playouts=5)
    assert other["types"]["no_queens"]["differ"] > 0


def test_a_card_hint_in_fewest_tricks_says_the_tricks_still_to_take(small_budgets):
    state = positions()[0]
    assert state.g == R.FEWEST
    move, reason = make_bot("kingen", "normal", seed=2).hint(state.view(state.to_move()))
    assert reason.key == "kingen.hint.card_tricks"
    assert 0 <= float(reason.params["tricks"]) <= 13 - state.done


# ----------------------------------------------------------------------------- the anchor benchmark's pieces

def rule_bot_positions():
    """Every position of one deal of each type played by four rule-based players."""
    from ai.kingen_anchor import RuleBot
    found = []
    for game in R.GAMES:
        state = R.arena_deal(11, game)
        bot = RuleBot()
        while not state.is_over():
            seat = state.to_move()
            found.append(state.copy())
            state.play(bot.choose(state.view(seat)))    # play() refuses an illegal card
    return found


def test_the_anchors_resampler_never_gives_a_seat_a_card_it_cannot_hold():
    from ai.kingen_anchor import resample
    rng = random.Random(4)
    checked = 0
    for state in rule_bot_positions():
        if state.phase != R.PLAY:
            continue
        seat = state.to_move()
        view = state.view(seat)
        for _ in range(5):
            sample = resample(view, seat, rng)
            assert sample.hands[seat] == state.hands[seat]
            for other in range(4):
                assert sample.hands[other].bit_count() == state.hands[other].bit_count()
                # what the true deal's play proves the seat does not hold
                assert not sample.hands[other] & state.excluded[other], (R.to_notation(state), other)
            checked += bool(any(state.excluded[other] & ~state.played_mask() for other in range(4) if other != seat))
    assert checked > 100     # many positions where the play had proved something


def test_the_bench_plays_every_player_on_the_same_deal_in_the_same_seat():
    from ai import kingen_bench
    one = kingen_bench.anchor_deal(("no_queens", 5, 2, ["easy", "normal:20"], 10))
    again = kingen_bench.anchor_deal(("no_queens", 5, 2, ["normal:20"], 10))
    assert one["normal:20"][0] == again["normal:20"][0]       # the deal replays: same cards, same opponents
    assert set(one) == {"easy", "normal:20"} and all(len(times) >= 5 for _, times in one.values())


def test_the_bench_reuses_an_earlier_runs_players_without_playing_them():
    from ai import kingen_bench
    first = kingen_bench.anchor(["easy", "normal:10"], deals=2, seed=4, games=["no_hearts"])
    again = kingen_bench.anchor(["easy"], deals=1, seed=4, games=["no_hearts"], reuse=[first])
    assert again["types"]["no_hearts"]["easy"]["points"] == first["types"]["no_hearts"]["easy"]["points"]
    other_seed = kingen_bench.anchor(["easy"], deals=1, seed=5, games=["no_hearts"], reuse=[first])
    assert len(other_seed["types"]["no_hearts"]["easy"]["points"]) == 1      # played: another seed's deals

def test_the_bench_resumes_a_run_stopped_midway(monkeypatch):
    from ai import kingen_bench
    first = kingen_bench.anchor(["easy", "normal:10"], deals=2, seed=4, games=["no_hearts"])
    stopped = kingen_bench.anchor(["normal:10"], deals=1, seed=4, games=["no_hearts"])
    played = []
    deal = kingen_bench.anchor_deal
    monkeypatch.setattr(kingen_bench, "anchor_deal", lambda task: played.append(task[1:4]) or deal(task))
    resumed = kingen_bench.anchor(["normal:10"], deals=2, seed=4, games=["no_hearts"], reuse=[stopped])
    assert played == [(5, 1, ["normal:10"])]        # only the deal the stopped run had not played
    assert resumed["types"]["no_hearts"]["normal:10"]["points"] == first["types"]["no_hearts"]["normal:10"]["points"]


def test_the_bench_lists_the_deals_where_the_expert_and_the_anchor_differ_worst_first():
    from ai import kingen_bench
    result = {"players": ["hard", "anchor"], "seed": 10, "types": {
        "trump": {"hard": {"points": [3, 1, 2]}, "anchor": {"points": [3, 2, 0]}},
        "no_hearts": {"hard": {"points": [-4, 0]}, "anchor": {"points": [0, 0]}}}}
    assert kingen_bench.deal_differences(result) == [("no_hearts", 0, 10, 0, -4, 0), ("trump", 1, 11, 1, 1, 2),
                                                     ("trump", 2, 12, 2, 2, 0)]


def test_where_the_search_cannot_tell_two_cards_apart_the_tie_rule_throws_as_a_human_does():
    # No hearts, void in clubs: the king of hearts goes, not the three, unless the search finds
    # the three clearly better (the rule is off in the levels: TIE 0, measured)
    view = pos("no_hearts - 3 3H,KH,2D/2C,3S,4S/3C,5H,4H/5C,6C 7C 0,0,0,-9").view(0)
    low, high, diamond = (R.PLAY_MOVE[R.parse_card(code)] for code in ("3H", "KH", "2D"))

    def searched(means: dict):
        stats = tuple(MoveStats(move, 1000, mean, 3000) for move, mean in means.items())
        return SearchResult(stats[0].move, stats, 3000, 0.0)

    close = searched({low: 0.917, high: 0.914, diamond: 0.5})
    assert K.human_tie(view, close, 0.01, random.Random(1).random) == high
    assert K.human_tie(view, close, 0.0, random.Random(1).random) == low
    clear = searched({low: 0.917, high: 0.89, diamond: 0.5})
    assert K.human_tie(view, clear, 0.01, random.Random(1).random) == low


def test_two_cards_the_search_finds_close_are_played_on_the_same_deals_and_the_better_goes():
    # Fewest tricks, two cards left: the two of clubs leads and loses both tricks, the ace of
    # spades (no spade is out) takes both; a search that found them close may have the ace first
    view = pos("fewest_tricks - 0 2C,AS/3C,4C/5C,6C/7C,8C - -11,0,0,0").view(0)
    low, ace = R.PLAY_MOVE[R.parse_card("2C")], R.PLAY_MOVE[R.parse_card("AS")]
    close = SearchResult(ace, (MoveStats(ace, 1500, 0.50, 3000), MoveStats(low, 1500, 0.49, 3000)), 3000, 0.0)
    root = K.SearchDeal(view.single_deal())
    assert K.settle_close(root, 0, close, 0.02, 4, random.Random(1)) == low
    assert K.settle_close(root, 0, close, 0.005, 4, random.Random(1)) == ace    # beyond the gap: the search's


# ----------------------------------------------------------------------------- hard's inference

def test_the_play_makes_the_true_deal_likelier_than_other_deals_consistent_with_it():
    """Seats that play the policy's cards: the deal they hold is weighted above the deals the
    view allows on average (a weight that ignored the play, or read the hands wrong, is not)."""
    rng = random.Random(2)
    above = 0
    positions_seen = 0
    for game in R.GAMES:
        state = R.arena_deal(21, game)
        if state.phase == R.CHOOSE_TRUMP:
            state.play(R.TRUMP_MOVES[0])
        while not state.is_over() and state.done < 8:
            state.play(R.PLAY_MOVE[K.policy_card(state.view(state.to_move()), rng.random, explore=0.0)])
        if state.is_over():
            continue
        seat = state.to_move()
        view = state.view(seat)
        record = K.deal_record(view)
        true = K.play_likelihood(state, seat, record, 0.5, rng.random)
        others = [K.play_likelihood(view.sample(seat, rng), seat, record, 0.5, rng.random) for _ in range(60)]
        positions_seen += 1
        above += true > sum(others) / len(others)
    assert positions_seen >= 5 and above >= positions_seen - 1


def test_the_reading_by_swaps_keeps_to_the_view_and_finds_the_club_players_hands():
    """Three seats that play by the club's habits: every deal of the chain keeps what the view
    fixes (the seat's hand, the hands' sizes, what a seat proved it cannot hold) and gives a hidden
    card's true owner a larger share than deals drawn at random do."""
    def share(deals, hidden):
        return sum(deal.hands[owner] >> card & 1 for deal in deals for card, owner in hidden) / len(deals)
    better = seen = 0
    for game in R.GAMES:
        state = R.arena_deal(31, game)
        if state.phase == R.CHOOSE_TRUMP:
            state.play(R.TRUMP_MOVES[0])
        while not state.is_over() and state.done < 6:
            state.play_fast(K.policy_card(state, K.no_chance, explore=0.0, club=True))
        if state.is_over():
            continue
        seat = state.to_move()
        view = state.view(seat)
        chain = K.read_by_swaps(view, random.Random(1), 600, deals=60).pool
        drawn = [view.single_deal().sample(seat, random.Random(index)) for index in range(60)]
        hidden = [(card, other) for other in range(4) if other != seat for card in R.ids_of(state.hands[other])]
        for deal in chain:
            assert deal.hands[seat] == state.hands[seat]
            for other in range(4):
                assert deal.hands[other].bit_count() == state.hands[other].bit_count()
                assert not deal.hands[other] & view.excluded[other]
        seen += 1
        better += share(chain, hidden) > share(drawn, hidden) + 0.05 * len(hidden)
    assert seen >= 5 and better >= seen - 1


def test_a_card_on_the_table_between_two_of_a_hand_keeps_them_apart():
    # the six of spades leads: the five ducks under it, the seven takes the trick
    state = pos("fewest_tricks - 1 5S,7S,2D/6C,5C/6D,5D/6H,5H 6S,3S,4S 0,0,0,-10")
    for deal in (state, state.view(0)):
        assert {R.CODE[move.index] for move in K.SearchDeal(deal).legal_moves()} == {"5S", "7S"}
    # taken in an earlier trick, the six no longer parts them
    state = pos("fewest_tricks - 0 5S,7S,2D/6C,5C,4C/6D,5D,4D/6H,5H,4H - 0,0,0,-10")
    assert {R.CODE[move.index] for move in K.SearchDeal(state).legal_moves()} == {"2D", "5S"}


def test_cards_alike_for_the_inference():
    filled = R.mask_of([R.parse_card("5S")])                    # between 4S and 6S only a played card
    assert K.alike(R.parse_card("4S"), R.parse_card("6S"), filled, 0)
    assert not K.alike(R.parse_card("4S"), R.parse_card("7S"), filled, 0)
    assert not K.alike(R.parse_card("QS"), R.parse_card("KS"), R.ALL, R.QUEEN_MASK)


def test_hard_with_inference_replays_a_seed_exactly(monkeypatch):
    monkeypatch.setitem(K.ITERATIONS, "hard", 120)
    monkeypatch.setitem(K.POOL, "hard", 40)
    monkeypatch.setattr(K, "EXACT_DEALS", 8)
    monkeypatch.setattr(K, "SWAP_STEPS", 300)
    monkeypatch.setattr(K, "SWAP_START", 8)
    found = 0
    for state in rule_bot_positions()[20::9]:
        if state.phase != R.PLAY or state.done < 2:
            continue
        view = state.view(state.to_move())
        root = K.search_root(view, random.Random(1), 40, K.MISS)
        found += isinstance(root, K.InferredDeal)
        choices = [K.make("hard", seed=3).choose(view) for _ in range(2)]
        assert choices[0] == choices[1] and choices[0] in state.legal_moves()
    assert found >= 3


def test_a_hint_asked_again_of_the_games_worker_gives_the_same_words(small_budgets):
    """The game's worker keeps one bot a seat and level (and loses them when it restarts): a
    hint, or a "why?" about a computer's move, asked of a bot that answered other questions
    before says what a new bot says."""
    from ai.worker import _answer
    state = R.arena_deal(8, "fewest_tricks")
    rng = random.Random(1)
    for _ in range(9):
        state.play(R.PLAY_MOVE[K.policy_card(state, rng.random)])
    earlier = state.view(state.to_move())
    state.play(state.legal_moves()[0])
    view = state.view(state.to_move())
    used = {}
    _answer(used, (1, "hint", "kingen", "hard", 31, earlier))
    again = _answer(used, (2, "hint", "kingen", "hard", 31, view))
    fresh = _answer({}, (3, "hint", "kingen", "hard", 31, view))
    assert not again.error and again.reason.params == fresh.reason.params and again.move == fresh.move


# ----------------------------------------------------------------------------- the exact last tricks

def last_tricks(seed: int, index: int, game: str, rng, tricks: int):
    """Deal `seed` of `game` (trump the suit `index % 4`), played by the policy until `tricks`
    tricks are left: a position for the exact counts."""
    state = R.arena_deal(seed, game)
    if state.phase == R.CHOOSE_TRUMP:
        state.play(R.TRUMP_MOVES[index % 4])
    while state.phase == R.PLAY and 13 - state.done > tricks:
        state.play_fast(K.policy_card(state, rng.random))
    return state


def test_the_exact_last_tricks_score_as_the_rules_do():
    """Each deal's best line by the solver, played through the rules (which refuse an illegal
    card), takes the points the solver said, for every seat; a line's own card ends it."""
    from ai.kingen_exact import Solver
    rng = random.Random(3)
    for index, game in enumerate(R.GAMES):
        state = last_tricks(100 + index, index, game, rng, 3 + index % 2)
        solver = Solver(state)
        expected = max(solver.root_values().values(), key=lambda values: values[state.turn])
        before = state.points[:]
        while state.phase == R.PLAY:
            choices = solver.children(tuple(state.hands), tuple(state.trick), state.turn, state.done, state.left)
            state.play(R.PLAY_MOVE[max(choices, key=lambda card: choices[card][state.turn])])
        assert tuple(after - was for after, was in zip(state.points, before)) == expected, game


def test_the_expert_counts_the_last_tricks():
    # No queens, three cards each: the ace of spades takes the trick, the queen would cost two
    state = pos("no_queens - 1 AS,QS,3D/6C,5C/6D,5D/6H,5H 2S,3S,4S 0,0,0,-6")
    bot = make_bot("kingen", "hard", seed=1)
    assert bot.choose(state.view(0)) == R.parse_move("AS") and bot.last.iterations == K.EXACT_DEALS
    assert [entry.move for entry in bot.last.moves] == [R.parse_move("AS"), R.parse_move("QS")]
    assert bot.last.moves[0].mean > bot.last.moves[1].mean
    # the hint says what the exact count found, deal by deal
    move, reason = bot.hint(state.view(0))
    assert move == R.parse_move("AS") and reason.key == "kingen.hint.card.no_queens"
    assert reason.params["deals"] == K.EXACT_DEALS and reason.params["points"] == K._number(
        sum(bot.exact_gains[move]) / K.EXACT_DEALS)


def test_the_last_tricks_against_the_policy_score_as_the_policy_plays_them():
    """The last tricks with the others playing the policy's cards (`against_policy`): the seat's
    best line, played through the rules with the others playing those cards, takes the points
    it said; and the values are not max^n's (whose others see every hand)."""
    from ai.kingen_exact import Solver, against_policy
    rng = random.Random(3)
    differ = 0
    for index, game in enumerate(R.GAMES):
        for club in (False, True):
            state = last_tricks(100 + index, index, game, rng, 4)
            seat = state.turn
            values = against_policy(state, club)
            differ += values != Solver(state).root_values()
            expected = max(values.values(), key=lambda points: points[seat])[seat]
            before = state.points[seat]
            while state.phase == R.PLAY:
                if state.turn == seat:
                    choices = against_policy(state, club)
                    card = max(choices, key=lambda card: choices[card][seat])
                else:
                    card = K.policy_card(state, K.no_chance, 0.0, club)
                state.play(R.PLAY_MOVE[card])
            assert state.points[seat] - before == expected, (game, club)
    assert differ


def test_the_ceiling_is_the_seats_best_against_a_table_it_foresees():
    """`best_against` (looked-up positions) finds what `against_policy` (every line searched)
    finds, and no less than the seat playing by the rule-based players' own rules takes."""
    from ai.kingen_anchor import RuleBot
    from ai.kingen_exact import against_policy, best_against

    def club(position):
        return K.policy_card(position, K.no_chance, 0.0, True)
    rng = random.Random(5)
    for index, game in enumerate(R.GAMES):
        state = last_tricks(300 + index, index, game, rng, 5)
        seat = state.turn
        best = best_against(state.copy(), seat, club)
        assert best == state.points[seat] + max(points[seat] for points in against_policy(state, club=True).values())
        rules = RuleBot()
        by_rule = state.copy()
        while by_rule.phase == R.PLAY:
            by_rule.play_fast(rules.card(by_rule))
        assert best_against(state.copy(), seat, rules.card) >= by_rule.points[seat], game


def test_club_policy_avoids_the_trick_before_the_last_in_no_7th_and_last():
    # the twelfth trick: its taker leads the last, so the club ducks where the policy throws high
    state = pos("no_7th_and_last - 0 2H/3S,9S/2C,3C/4D,5D 5S -2,0,0,0")
    assert policy(state) == "9S" and R.CODE[K.policy_card(state, random.Random(1).random, 0.0, True)] == "3S"
    # the eleventh: high cards out, as the policy
    state = pos("no_7th_and_last - 0 2H,3H/3S,9S,TS/2C,3C,4C/4D,5D,6D 5S -2,0,0,0")
    assert R.CODE[K.policy_card(state, random.Random(1).random, 0.0, True)] == "TS"


def test_the_expert_counts_the_last_seven_cards_against_a_club_table_in_two_games(small_budgets):
    """From seven cards on, No 7th and last's and No hearts' cards are counted on solved deals
    (the others as a club table plays them); the other games search there and count from four
    cards on."""
    rng = random.Random(2)
    for game, counted in (("no_7th_and_last", True), ("no_hearts", True), ("no_queens", False)):
        state = R.arena_deal(7, game)
        while state.phase == R.PLAY and (state.hands[state.turn].bit_count() > K.MODEL_CARDS
                                         or len(K.SearchDeal(state.view(state.turn).single_deal()).legal_moves()) < 2):
            state.play_fast(K.policy_card(state, rng.random))
        bot = make_bot("kingen", "hard", seed=1)
        bot.choose(state.view(state.turn))
        assert (bot.last.iterations == K.EXACT_DEALS) == counted, game


def test_the_joint_count_plays_one_card_for_the_deals_the_seat_cannot_tell_apart():
    """`jointly_against_policy`: on one deal it is `against_policy`; on several, the seat plays
    one later card for the deals alike so far, so no card is worth more than when it chooses
    deal by deal, seeing every hand, and here one is worth less."""
    from ai.kingen_exact import against_policy, jointly_against_policy
    rng = random.Random(309)
    state = R.arena_deal(309, "no_kings_jacks")
    while state.hands[state.turn].bit_count() > 5:
        state.play_fast(K.policy_card(state, rng.random))
    seat = state.turn
    alone = against_policy(state, True)
    assert jointly_against_policy([state], True) == {card: [points[seat]] for card, points in alone.items()}
    root = K.SearchDeal(state.view(seat).single_deal())
    deals = [root.sample(seat, rng).state for _ in range(8)]
    joint = jointly_against_policy(deals, True)
    apart = {card: sum(against_policy(deal, True)[card][seat] for deal in deals) for card in joint}
    assert all(sum(gains) <= apart[card] for card, gains in joint.items())
    assert [R.CODE[card] for card, gains in joint.items() if sum(gains) < apart[card]] == ["QS"]


def test_the_reading_of_the_play_can_take_the_club_habits_without_the_playouts(small_budgets, monkeypatch):
    from ai.kingen_bench import player
    read = []
    real = K.search_root
    monkeypatch.setattr(K, "search_root", lambda *args: read.append(args[4]) or real(*args))
    state = R.arena_deal(5, "fewest_tricks")     # a game whose reading is by the pool
    while len(K.SearchDeal(state.view(state.turn).single_deal()).legal_moves()) < 2:
        state.play_fast(K.policy_card(state, random.Random(1).random))
    for spec in ("hard", "hard" + ":" * 16 + "1"):
        bot = player(spec, 1)
        bot.choose(state.view(state.turn))
        assert bot.club == (R.TRUMP,)             # the playouts as before
    assert read == [False, True]


def test_the_expert_reads_the_play_by_swaps_where_its_level_says(small_budgets, monkeypatch):
    from ai.kingen_bench import player
    read = []
    swaps, pool = K.read_by_swaps, K.search_root
    monkeypatch.setattr(K, "read_by_swaps", lambda *args: read.append("swaps") or swaps(*args))
    monkeypatch.setattr(K, "search_root", lambda *args: read.append("pool") or pool(*args))
    for game in R.GAMES:
        state = R.arena_deal(5, game)
        if state.phase == R.CHOOSE_TRUMP:
            state.play(R.TRUMP_MOVES[0])
        while len(K.SearchDeal(state.view(state.turn).single_deal()).legal_moves()) < 2 or state.done < 2:
            state.play_fast(K.policy_card(state, random.Random(1).random))
        for spec in ("hard", "hard" + ":" * 19 + "0", "hard" + ":" * 19 + "1"):
            player(spec, 1).choose(state.view(state.turn))
    expected = []
    for game in range(len(R.GAMES)):
        expected += ["swaps" if game in K.SWAPS["hard"] else "pool", "pool", "swaps"]
    assert read == expected


def test_a_sharp_reading_is_softened_to_keep_enough_of_its_pool():
    def effective(weights):
        return sum(weights) ** 2 / sum(weight * weight for weight in weights)
    sharp = [1.0] * 3 + [0.2 ** 6] * 397                # three deals carry it: about 3 deals' worth
    soft = K.tempered(sharp, 50)
    assert effective(sharp) < 4 and 49.9 <= effective(soft) < 52
    assert soft[0] == max(soft) and soft[3] < soft[0]     # the order stays: the likelier deals first
    assert K.tempered([1.0, 0.5, 0.25], 2) == [1.0, 0.5, 0.25]   # already enough: as it was


def test_a_level_can_read_the_play_in_one_game_sharply_by_the_club_habits(small_budgets, monkeypatch):
    from ai.kingen_bench import player
    monkeypatch.setattr(K, "SHARP_POOL", 50)
    monkeypatch.setitem(K.SWAPS, "hard", ())      # the pool's reading, which the sharp one sharpens
    monkeypatch.setitem(K.SHARP, "hard", (R.NO_KJ,))
    seen = []
    real = K.search_root
    monkeypatch.setattr(K, "search_root", lambda *args: seen.append(args[2:5]) or real(*args))
    for game in ("no_kings_jacks", "no_queens"):
        state = R.arena_deal(5, game)
        while len(K.SearchDeal(state.view(state.turn).single_deal()).legal_moves()) < 2:
            state.play_fast(K.policy_card(state, random.Random(1).random))
        for spec in ("hard", "hard:::40"):      # a benchmark's own reading: as it says
            player(spec, 1).choose(state.view(state.turn))
    assert seen == [(50, 0.2, True), (40, K.MISS, False), (K.POOL["hard"], K.MISS, False), (40, K.MISS, False)]
