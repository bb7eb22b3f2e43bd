"""Kingen and Dubbelkingen rules: every obligation of every game, the early ends, the match and
its quotas, the deal after gather-and-cut, the notation, views and samples, saves, and random
matches (hypothesis) that always account for 52 cards and add up to 0."""
from __future__ import annotations

import ast
import itertools
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.base import Announced, CardMoved, HandDealt, IllegalMove, Scored, TrickWon
from game.kingen import rules as R
from game.kingen.rules import ChooseGame, ChooseTrump, PlayCard

ROOT = Path(__file__).resolve().parent.parent


def codes(text: str) -> list:
    return [R.parse_card(code) for code in text.split(",")] if text and text != "-" else []


def expected_sum(game: str, gone: int, done: int) -> int:
    return {"fewest_tricks": -done, "no_hearts": -(gone & R.HEART_MASK).bit_count(),
            "no_kings_jacks": -(gone & R.KJ_MASK).bit_count(), "no_queens": -2 * (gone & R.QUEEN_MASK).bit_count(),
            "no_king_of_hearts": -5 if gone & R.KH_BIT else 0,
            "no_7th_and_last": (-2 if done >= 7 else 0) + (-3 if done == 13 else 0), "trump": done}[game]


def pos(game: str, hands: list, trick: str = "-", leader: int = 0, trump: str = "-", nolose: bool = False):
    """A position late in a deal: the four hands as written, the other cards taken earlier
    (their points all on seat 0)."""
    held = [card for hand in hands for card in codes(hand)] + codes(trick)
    gone = R.ALL & ~R.mask_of(held)
    done = (52 - len(held)) // 4
    points = [expected_sum(game, gone, done), 0, 0, 0]
    text = f"{game} {trump} {leader} {'/'.join(hands)} {trick} {','.join(map(str, points))}"
    return R.from_notation(text + (" nolose" if nolose else ""))


def legal(state) -> set:
    return {str(move) for move in state.legal_moves()}


def refused(state, code: str, key: str, message: str = ""):
    """Playing `code` raises IllegalMove with this key (and message) and changes nothing."""
    before = state.to_dict()
    with pytest.raises(IllegalMove) as caught:
        state.play(R.parse_move(code))
    assert caught.value.key == f"kingen.err.{key}"
    if message:
        assert str(caught.value) == message
    assert state.to_dict() == before
    return caught.value


def play_all(state, text: str) -> None:
    for code in text.split(","):
        state.play(R.parse_move(code))


# ----------------------------------------------------------------------------- cards and moves

def test_cards_codes_and_moves():
    assert len(R.CARD) == 52 and len(set(R.CARD)) == 52
    assert R.CODE[R.parse_card("TH")] == "TH" and R.parse_card("10H") == R.parse_card("TH")
    assert R.CARD[R.parse_card("AS")].rank == 1 and R.parse_card("AS") > R.parse_card("KS")  # ace high
    move = R.parse_move("QS")
    assert str(move) == move.code == "QS" and move.card.code == "QS"
    assert str(R.parse_move("TD")) == "TD"
    assert R.parse_move("trump:H") == ChooseTrump("H") and str(ChooseTrump("H")) == "trump:H"
    assert R.parse_move("game:no_queens") == ChooseGame("no_queens") and ChooseGame("no_queens").code == "game:no_queens"
    for move in (R.parse_move("2C"), R.parse_move("trump:S"), R.parse_move("game:trump")):
        assert R.parse_move(move.code) == move and hash(move) == hash(R.parse_move(move.code))
    for bad in ("", "1S", "QX", "trump:X", "game:poker", "trump:", "QSS"):
        with pytest.raises(ValueError):
            R.parse_move(bad)


# ----------------------------------------------------------------------------- obligations

def test_follow_suit_in_every_game():
    hands = ["AC,AD", "2S,KH,3D", "9C,9D,QH", "8C,8D,8H"]
    for game in R.GAMES:
        state = pos(game, hands, "5S", leader=0, trump="C" if game == "trump" else "-")
        assert state.to_move() == 1
        assert legal(state) == {"2S"}
        refused(state, "KH", "follow", "you must follow \u2660")
        refused(state, "4S", "not_in_hand", "\u26604 is not in your hand")


def test_no_hearts_lead_and_discard():
    others = ["5C,6C,7C", "8C,9C,TC", "JC,QC,KC"]
    state = pos("no_hearts", ["2H,3H,4C"] + others)
    assert legal(state) == {"4C"}
    refused(state, "2H", "lead_heart", "you may not lead a heart while you hold another suit")
    assert legal(pos("no_hearts", ["2H,3H,4H"] + others)) == {"2H", "3H", "4H"}
    # cannot follow clubs: a heart must go
    hands = ["2H,9S,TD", "AS,KS,QS", "AD,KD,QD", "6C,7C"]
    state = pos("no_hearts", hands, "5C", leader=3)
    assert legal(state) == {"2H"}
    refused(state, "9S", "discard_heart", "you cannot follow \u2663: you must discard a heart")
    state = pos("no_hearts", ["8S,9S,TD", "AS,KS,QS", "AD,KD,2H", "6C,7C"], "5C", leader=3)
    assert legal(state) == {"8S", "9S", "TD"}


def test_no_kings_jacks_discard_and_the_losing_card():
    rest = ["AS,KS,QS", "AH,QH,3H", "6C,7C"]
    state = pos("no_kings_jacks", ["KD,JS,2D"] + rest, "5C", leader=3)
    assert legal(state) == {"KD", "JS"}
    refused(state, "2D", "discard_kj", "you cannot follow \u2663: you must discard a king or a jack")
    rest = ["AS,KS,QS", "AH,QH,3H", "6D,7D"]
    state = pos("no_kings_jacks", ["KD,JD,5D"] + rest, "AD", leader=3)
    assert legal(state) == {"KD", "JD"}
    error = refused(state, "5D", "lose_card", "the \u2666A is already in the trick: you must play the \u2666K or the \u2666J")
    assert error.params == {"high": "\u2666A", "cards": "\u2666K/\u2666J"}
    state = pos("no_kings_jacks", ["KD,JD,5D"] + rest, "QD", leader=3)
    assert legal(state) == {"JD"}  # the king would take the trick: no obligation for it
    refused(state, "KD", "lose_card", "the \u2666Q is already in the trick: you must play the \u2666J")
    assert legal(pos("no_kings_jacks", ["KD,JD,5D"] + rest, "TD", leader=3)) == {"KD", "JD", "5D"}
    # judged against the highest card already in the trick, whoever played it
    state = pos("no_kings_jacks", ["KD,JD,5D", "AS,KS,QS", "AH,QH", "6D,7D"], "QD,AD", leader=2)
    assert legal(state) == {"KD", "JD"}
    # the option "play the card that would not take the trick" switched off
    assert legal(pos("no_kings_jacks", ["KD,JD,5D"] + rest, "AD", leader=3, nolose=True)) == {"KD", "JD", "5D"}


def test_no_queens_discard_and_the_losing_queen():
    rest = ["AS,KS,JS", "AH,JH,3H", "6D,7D"]
    state = pos("no_queens", ["QD,3D,4S"] + rest, "KD", leader=3)
    assert legal(state) == {"QD"}
    refused(state, "3D", "lose_card", "the \u2666K is already in the trick: you must play the \u2666Q")
    assert legal(pos("no_queens", ["QD,3D,4S"] + rest, "JD", leader=3)) == {"QD", "3D"}
    assert legal(pos("no_queens", ["QD,3D,4S"] + rest, "KD", leader=3, nolose=True)) == {"QD", "3D"}
    state = pos("no_queens", ["QD,3D,4S", "AS,KS,JS", "AH,JH,3H", "6C,7C"], "5C", leader=3)
    assert legal(state) == {"QD"}
    refused(state, "4S", "discard_queen", "you cannot follow \u2663: you must discard a queen")


def test_no_king_of_hearts_obligations():
    others = ["5C,6C,7C", "8C,9C,TC", "JC,QC,AC"]
    state = pos("no_king_of_hearts", ["KH,2H,3C"] + others)
    assert legal(state) == {"3C"}
    refused(state, "2H", "lead_heart_kh", "in No king of hearts you may lead a heart only when you hold nothing else")
    assert legal(pos("no_king_of_hearts", ["KH,2H,3H"] + others)) == {"KH", "2H", "3H"}
    state = pos("no_king_of_hearts", ["KH,2H,3D", "AS,KS,QS", "AD,KD,QD", "6C,7C"], "5C", leader=3)
    assert legal(state) == {"KH"}
    refused(state, "3D", "discard_kh", "you cannot follow \u2663: you must play the \u2665K")
    hands = ["KH,2H,3D", "AS,KS,QS", "AD,KD,QD", "6H,7H"]
    state = pos("no_king_of_hearts", hands, "AH", leader=3)
    assert legal(state) == {"KH"}
    refused(state, "2H", "king_under_ace", "the \u2665A is already in the trick: you must play the \u2665K")
    assert legal(pos("no_king_of_hearts", hands, "5H", leader=3)) == {"KH", "2H"}


def test_trump_obligations():
    # the source's example: clubs are trump, the heart trick is taken by the club five
    state = pos("trump", ["2C,9C,AD", "AS,KS,QS", "JD,KD,QD", "6D,7D"], "5H", leader=3, trump="C")
    assert legal(state) == {"2C", "9C"}
    refused(state, "AD", "trump", "you cannot follow \u2665: you must trump")
    state = pos("trump", ["TC,3C,AD", "AS,KS,QS", "6D,7D", "8D,9D"], "8H,5C", leader=2, trump="C")
    assert legal(state) == {"TC"}
    refused(state, "3C", "overtrump", "the trick is trumped with the \u26635: you must over-trump")
    refused(state, "AD", "overtrump")
    state = pos("trump", ["3C,2C,AD", "AS,KS,QS", "6D,7D", "8D,9D"], "8H,5C", leader=2, trump="C")
    assert legal(state) == {"3C", "2C", "AD"}  # no higher trump: any card
    state = pos("trump", ["2H,KH,9C", "AS,KS,QS", "6D,7D,8D", "8S,9S"], "5H", leader=3, trump="C")
    assert legal(state) == {"2H", "KH"}  # following suit: no need to win
    state = pos("trump", ["2H,KD,9S", "AS,KS,QS", "6D,7D,8D", "8C,9C"], "5C", leader=3, trump="C")
    assert legal(state) == {"2H", "KD", "9S"}  # trump led and none held: any card
    state = pos("trump", ["2H,KD,9S", "AS,KS,QS", "6D,7D,8D", "8C,9C,TC"], trump="C")
    assert legal(state) == {"2H", "KD", "9S"}
    state.play(R.parse_move("KD"))
    state.play(R.parse_move("AS"))       # cannot follow, holds no trump
    state.play(R.parse_move("6D"))
    state.play(R.parse_move("8C"))       # trumps, takes the trick
    assert state.tricks[-1][2] == 3 and state.points == [10, 0, 0, 1] and state.leader == 3


def test_the_rule_pages_example_and_notation_round_trips():
    text = "fewest_tricks - 1 2C/-/KS/7C AS -4,-2,-6,0"
    state = R.from_notation(text)
    assert state.to_notation() == text
    assert state.to_move() == 2 and legal(state) == {"KS"} and state.done == 12
    refused(state, "7C", "not_in_hand")
    play_all(state, "KS,7C,2C")
    assert state.is_over() and state.points == [-4, -3, -6, 0] and state.scores() == [-4, -3, -6, 0]
    assert state.winners() == (3,) and state.end_reason == "all_tricks"
    # hands may be written in any order; to_notation sorts them by suit then rank
    messy = "trump H 0 AS,2C,KH/3D,4D,5D/6S,7S,8S/9C,TC,JC - 6,4,0,30"
    with pytest.raises(ValueError):
        R.from_notation(messy)  # 40 does not add up to 10 tricks
    state = R.from_notation("trump H 0 AS,2C,KH/3D,4D,5D/6S,7S,8S/9C,TC,JC - 6,4,0,0")
    assert state.to_notation() == "trump H 0 2C,KH,AS/3D,4D,5D/6S,7S,8S/9C,TC,JC - 6,4,0,0"
    for line in ("no_queens - 3 2C,QD,AS/3C,4H,5H/5S,6S,7S/7D,8D KD 0,-2,0,-4 nolose",
                 "no_7th_and_last - 2 AH/2H/3H/4H - -2,0,0,0", "no_king_of_hearts - 0 2C,KH/3C,4C/5C,6C/7C,8C - 0,0,0,0"):
        state = R.from_notation(line)
        assert state.to_notation() == line
        assert R.from_dict(state.to_dict()).to_notation() == line


def test_notation_refuses_impossible_positions():
    good = "fewest_tricks - 1 2C/-/KS/7C AS -4,-2,-6,0"
    for bad in ("fewest_tricks - 1 2C/-/KS/7C AS -4,-2,-6",            # three points
                "fewest_tricks - 1 2C/-/KS/7C AS -4,-2,-6,1",          # do not add up
                "fewest_tricks - 1 2C/-/KS/KS AS -4,-2,-6,0",          # a card twice
                "fewest_tricks - 1 2C/3C/KS/7C AS -4,-2,-6,0",         # seat 1 holds one card too many
                "fewest_tricks H 1 2C/-/KS/7C AS -4,-2,-6,0",          # trump in a negative game
                "trump - 1 2C/-/KS/7C AS 4,2,6,0",                     # a trump game without trump
                "fewest_tricks - 4 2C/-/KS/7C AS -4,-2,-6,0",          # no seat 4
                "fewest_tricks - 1 2C/-/KS/7C 1S -4,-2,-6,0",          # not a card
                "poker - 1 2C/-/KS/7C AS -4,-2,-6,0",
                "fewest_tricks - 1 2C/-/KS/7C AS -4,-2,-6,0 shuffle",
                "no_hearts - 0 2C/3C/4C/5C - -12,0,0,0",               # all hearts taken ... and 0 left: 13 needed
                "no_king_of_hearts - 1 2C/-/3C/4C 5C 0,0,0,0",         # the king of hearts was taken: over
                "no_hearts - 0 2S,2H/3C,4C/3D,4D/5D,6D AS 0,0,0,-11",  # seat 0 led, then holds a card too many
                good.replace("AS", "AS,3S")):
        with pytest.raises(ValueError):
            R.from_notation(bad)
    # a lead that broke an obligation is refused too: a heart led while holding a club
    with pytest.raises(ValueError):
        R.from_notation("no_hearts - 0 2C/3C,4C/3D,4D/5D,6D 2H 0,0,0,-11")


# ----------------------------------------------------------------------------- early ends and points

def test_no_hearts_ends_when_the_last_heart_is_taken():
    state = pos("no_hearts", ["2C,3C,4C", "AH,5D,6D", "7C,8C,9C", "TC,JC,QC"])
    assert state.left == 1
    play_all(state, "2C,AH,7C,TC")
    assert state.is_over() and state.end_reason == "hearts" and state.done == 11
    assert state.points == [-12, 0, 0, -1]
    assert [state.hand_size(seat) for seat in range(4)] == [2, 2, 2, 2]
    assert [type(event) for event in state.events] == [CardMoved, TrickWon] + [CardMoved] * 4 + [Announced, Scored, Announced]
    assert state.events[6] == Announced(None, "deal_end", "hearts")
    assert [event.target for event in state.events[2:6]] == ["taken:3"] * 4


@pytest.mark.parametrize("game, hands, cards, reason, points", [
    ("no_kings_jacks", ["KS,2C,3C", "4S,5C,6C", "7S,8C,9C", "TS,TC,QC"], "KS,4S,7S,TS", "kings_jacks", -8),
    ("no_queens", ["QS,2C,3C", "4S,5C,6C", "7S,8C,9C", "TS,TC,KC"], "QS,4S,7S,TS", "queens", -8),
    ("no_king_of_hearts", ["2C,KH,3C", "AC,5C,6C", "7S,8S,9S", "TS,TD,QD"], "2C,AC,7S,TS", None, 0),
])
def test_early_ends(game, hands, cards, reason, points):
    state = pos(game, hands)
    play_all(state, cards)
    if reason is None:  # the king of hearts is still out: the deal goes on
        assert not state.is_over() and state.points[1] == 0
        return
    assert state.is_over() and state.end_reason == reason and state.points[0] == points


def test_the_king_of_hearts_ends_the_deal_with_its_trick():
    state = pos("no_king_of_hearts", ["KH,2H,3D", "AS,KS,QS", "AD,KD,QD", "6H,7H"], "AH", leader=3)
    play_all(state, "KH,AS,AD")
    assert state.is_over() and state.end_reason == "king_of_hearts" and state.points == [0, 0, 0, -5]
    assert state.hand_size(0) == 2


def test_no_7th_and_last_trick_points():
    state = R.from_notation("no_7th_and_last - 2 AH/2H/3H/4H - -2,0,0,0")
    play_all(state, "3H,4H,AH,2H")
    assert state.points == [-5, 0, 0, 0] and state.is_over()
    hands = ["AS,2C,3C,4C,5C,6C,7C", "2S,8C,9C,TC,JC,QC,KC", "3S,2D,3D,4D,5D,6D,7D", "4S,8D,9D,TD,JD,QD,KD"]
    state = R.from_notation(f"no_7th_and_last - 0 {'/'.join(hands)} - 0,0,0,0")
    play_all(state, "AS,2S,3S,4S")
    assert state.done == 7 and state.points == [-2, 0, 0, 0]
    play_all(state, "2C,8C,2D,8D")   # the 8th trick costs nothing
    assert state.points == [-2, -1 + 1, 0, 0]


# ----------------------------------------------------------------------------- the match

def random_match(seed: int, options: dict, chooser=None):
    """A whole match with random legal moves; `chooser(state)` may pick the dealer's choices."""
    rng = random.Random(seed)
    state = R.new_game(seed, 4, options)
    while not state.is_over():
        moves = state.legal_moves()
        move = chooser(state) if chooser and state.phase == R.CHOOSE_GAME else rng.choice(moves)
        state.play(move)
    return state


def test_kingen_match_order_dealers_and_trump_choices():
    state = random_match(3, {})
    games = [entry["game"] for entry in state.sheet]
    assert games == list(R.GAMES[:6]) + ["trump"] * 4
    dealers = [entry["dealer"] for entry in state.sheet]
    assert dealers == [(state.first_dealer + index) % 4 for index in range(10)]
    assert sorted(dealers[6:]) == [0, 1, 2, 3]  # each player names trump once
    assert all(entry["trump"] in "CDHS" for entry in state.sheet[6:])
    assert sum(state.totals) == 0 and len(state.sheet) == 10 and state.winners()


def test_trump_is_named_by_the_dealer_after_the_deal():
    state = R.new_game(5, 4, deal="trump")
    assert state.phase == R.CHOOSE_TRUMP and state.to_move() == state.dealer
    assert legal(state) == {"trump:C", "trump:D", "trump:H", "trump:S"}
    refused(state, R.CODE[R.ids_of(state.hands[state.dealer])[0]], "choose_trump_first")
    state.play(ChooseTrump("S"))
    assert state.events == [Announced(state.dealer, "trump", "S")]
    assert state.trump_suit == "S" and state.phase == R.PLAY and state.to_move() == (state.dealer + 1) % 4
    refused(state, "trump:H", "no_choice")


def test_dubbelkingen_quotas():
    def first_open(state):
        return state.legal_moves()[0]
    state = random_match(11, {"match": "dubbelkingen"}, first_open)
    assert len(state.sheet) == 20 and sum(state.totals) == 0
    for seat in range(4):
        mine = state.chosen[seat]
        assert sum(mine[game] for game in R.NEGATIVE) == 3 and mine[R.TRUMP] == 2
    for game in R.NEGATIVE:
        assert sum(state.chosen[seat][game] for seat in range(4)) == 2
        assert sum(1 for entry in state.sheet if entry["game"] == R.GAMES[game]) == 2
    assert sum(1 for entry in state.sheet if entry["game"] == "trump") == 8


def test_dubbelkingen_refuses_choices_beyond_the_quotas():
    seen = set()
    for seed in range(20):
        state = R.new_game(seed, 4, {"match": "dubbelkingen"})
        rng = random.Random(seed)
        while not state.is_over():
            if state.phase == R.CHOOSE_GAME:
                mine = state.chosen[state.dealer]
                open_games = {R.GAMES[game] for game in state.open_games(state.dealer)}
                assert legal(state) == {f"game:{name}" for name in open_games}
                for name in set(R.GAMES) - open_games:
                    if name == "trump":
                        refused(state, "game:trump", "quota_trump")
                        seen.add("trump")
                    elif sum(mine[game] for game in R.NEGATIVE) >= 3:
                        refused(state, f"game:{name}", "quota_negative")
                        seen.add("negative")
                    else:
                        assert sum(chosen[R.GAMES.index(name)] for chosen in state.chosen) == 2
                        refused(state, f"game:{name}", "game_taken")
                        seen.add("taken")
            state.play(rng.choice(state.legal_moves()))
        if seen == {"trump", "negative", "taken"}:
            break
    assert seen == {"trump", "negative", "taken"}
    refused(state, "game:trump", "over")


def test_dealer_chooses_trump_in_dubbelkingen_after_the_game():
    state = R.new_game(4, 4, {"match": "dubbelkingen"})
    assert state.phase == R.CHOOSE_GAME and state.game is None and state.to_move() == state.dealer
    refused(state, "trump:H", "choose_game_first")
    state.play(ChooseGame("trump"))
    assert state.phase == R.CHOOSE_TRUMP and state.chosen[state.dealer][R.TRUMP] == 1
    state.play(ChooseTrump("D"))
    assert state.game == "trump" and state.trump_suit == "D" and state.phase == R.PLAY


def deal_445(deck: list, dealer: int) -> list:
    hands = [set() for _ in range(4)]
    position = 0
    for packet in (4, 4, 5):
        for step in range(1, 5):
            hands[(dealer + step) % 4].update(deck[position:position + packet])
            position += packet
    return hands


def test_first_deal_is_shuffled_and_dealt_4_4_5():
    seed = 77
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    deck = list(range(52))
    rng.shuffle(deck)
    state = R.new_game(seed)
    assert state.dealer == dealer == state.first_dealer
    assert [set(R.ids_of(hand)) for hand in state.hands] == deal_445(deck, dealer)
    assert state.to_move() == (dealer + 1) % 4 and state.game == "fewest_tricks"


def test_next_deal_gathers_the_tricks_cuts_once_and_deals_4_4_5():
    state = R.new_game(8)
    rng = random.Random(8)
    while not (state.done == 12 and len(state.trick) == 3):
        state.play(rng.choice(state.legal_moves()))
    last = state.legal_moves()[0]
    assert not state.reveals(last)          # the deal ends: everything stays on the table
    pile = [card for _, cards, _ in state.tricks for card in cards] + state.trick + [last.index]
    dealer = state.dealer
    state.play(last)
    kinds = [type(event) for event in state.events]
    assert kinds == [CardMoved, TrickWon] + [CardMoved] * 4 + [Announced, Scored]
    assert state.phase == R.BETWEEN and state.to_move() == (dealer + 1) % 4 and len(state.tricks) == 13
    assert state.legal_moves() == [R.NEXT_DEAL] and state.reveals(R.NEXT_DEAL)
    with pytest.raises(IllegalMove, match="the next dealer deals"):
        state.copy().play(R.PLAY_MOVE[0])
    with pytest.raises(IllegalMove, match="view cannot deal"):
        state.view(0).play(R.NEXT_DEAL)
    state.play(R.parse_move("deal"))
    kinds = [type(event) for event in state.events]
    assert kinds == [CardMoved] * 52 + [HandDealt] + [CardMoved] * 52 + [Announced]
    assert state.events[52] == HandDealt((dealer + 1) % 4, (13, 13, 13, 13))
    gathered = [R.card_id(event.card) for event in state.events[:52]]
    assert gathered == pile and all(event.target == "deck" for event in state.events[:52])
    assert state.view(0).events[53:] != state.events[53:]   # the others' new cards are hidden
    assert all(event.card is None for event in state.view(0).events[53:105] if event.target != "hand:0")
    assert state.deal_no == 2 and state.dealer == (dealer + 1) % 4 and state.game == "no_hearts"
    cut = state.cut
    assert 1 <= cut <= 51
    deck = pile[cut:] + pile[:cut]
    assert [set(R.ids_of(hand)) for hand in state.hands] == deal_445(deck, state.dealer)
    assert state.to_move() == (state.dealer + 1) % 4 and state.tricks == () and state.points == [0] * 4


def test_an_early_end_gathers_the_hands_after_the_tricks():
    for seed in range(40):  # a match whose No hearts deal (the second) ends early
        state = R.new_game(seed)
        rng = random.Random(seed)
        while state.deal_no < 3:
            move = rng.choice(state.legal_moves())
            if state.phase == R.PLAY:     # the position before the last card of the deal, and that card
                before, last = state.copy(), move.index
            state.play(move)
        if state.sheet[1]["end"] == "hearts":
            break
    else:
        pytest.fail("no early end found")
    pile = [card for _, cards, _ in before.tricks for card in cards] + before.trick + [last]
    left = [hand & ~R.BIT[last] for hand in before.hands]
    for step in range(1, 5):
        pile += R.ids_of(left[(before.dealer + step) % 4])
    assert len(set(pile)) == 52 and any(left)
    deck = pile[state.cut:] + pile[:state.cut]
    assert [set(R.ids_of(hand)) for hand in state.hands] == deal_445(deck, state.dealer)


def test_shuffle_every_deal_option():
    state = R.new_game(8, 4, {"shuffle_every_deal": True})
    rng = random.Random(8)
    while state.deal_no == 1:
        state.play(rng.choice(state.legal_moves()))
    assert state.cut is None and all(hand.bit_count() == 13 for hand in state.hands)


# ----------------------------------------------------------------------------- views, samples, saves

def test_view_hides_the_other_hands_and_keeps_the_record():
    state = R.new_game(9)
    rng = random.Random(9)
    for _ in range(23):
        state.play(rng.choice(state.legal_moves()))
    seat = state.to_move()
    view = state.view(seat)
    assert view.hands[seat] == state.hands[seat]
    assert all(view.hands[other] is None for other in range(4) if other != seat)
    assert view.tricks == state.tricks and view.trick == state.trick and view.excluded == state.excluded
    assert view.rng_state is None and view.seed is None
    assert [view.hand_size(other) for other in range(4)] == [hand.bit_count() for hand in state.hands]
    assert view.hand_cards((seat + 1) % 4) == [None] * view.hand_size((seat + 1) % 4)
    assert legal(view) == legal(state)
    data = view.to_dict()
    assert R.from_dict(data).to_dict() == data
    with pytest.raises(ValueError):
        state.view((seat + 1) % 4).legal_moves()


def test_what_the_play_proves_a_seat_cannot_hold():
    # no hearts: seat 0 cannot follow clubs and does not discard a heart: no clubs, no hearts
    state = pos("no_hearts", ["8S,9S,TD", "AS,KS,QS", "AD,KD,2H", "6C,7C"], "5C", leader=3)
    state.play(R.parse_move("9S"))
    assert state.excluded[0] == R.SUIT_MASK[R.CLUBS] | R.HEART_MASK
    assert state.voids(0) == "CH"
    # trump: a seat that does not over-trump holds no higher trump; one that does not trump, none
    state = pos("trump", ["3C,2C,AD", "AS,KS,QS", "6D,7D", "8D,9D"], "8H,5C", leader=2, trump="C")
    state.play(R.parse_move("AD"))
    assert state.excluded[0] == R.SUIT_MASK[R.HEARTS] | R.ABOVE[R.parse_card("5C")]
    state = pos("trump", ["2H,KD,9S", "AS,KS,QS", "6D,7D,8D", "8C,9C,TC"], trump="C")
    play_all(state, "KD,AS")
    assert state.excluded[1] == R.SUIT_MASK[R.DIAMONDS] | R.SUIT_MASK[R.CLUBS]
    # the losing card: seat 0 follows with the 5 under the ace: it holds neither K nor J of diamonds
    state = pos("no_kings_jacks", ["9D,5D,2S", "KD,JD,QS", "AH,QH,3H", "6D,7D"], "AD", leader=3)
    state.play(R.parse_move("5D"))
    assert state.excluded[0] == R.BIT[R.parse_card("KD")] | R.BIT[R.parse_card("JD")]
    assert {card.code for card in state.cannot_hold(0)} == {"KD", "JD"}
    # no king of hearts: a heart led means only hearts are held; a heart under the ace, no king
    state = pos("no_king_of_hearts", ["2H,3H,4H", "5H,6H,AH", "8C,9C,TC", "JC,QC,KH"])
    play_all(state, "2H,AH")
    assert state.excluded[0] == R.NOT_HEARTS
    state.play(R.parse_move("8C"))
    assert state.excluded[2] & R.KH_BIT


def sampled_hands_are_possible(state, seat, rng, count=20) -> None:
    view = state.view(seat)
    for _ in range(count):
        sample = view.sample(seat, rng)
        assert sample.hands[seat] == state.hands[seat]
        for other in range(4):
            assert sample.hands[other].bit_count() == state.hands[other].bit_count()
            assert not sample.hands[other] & sample.excluded[other]
        assert sum(hand.bit_count() for hand in sample.hands) + sample.played_mask().bit_count() == 52
        # the deal played again from these hands keeps every obligation (from_dict checks it)
        R.from_dict(sample.to_dict())


def test_samples_never_contradict_a_void_or_an_obligation():
    rng = random.Random(3)
    checked = 0
    for seed in range(12):
        state = R.new_game(seed, 4, deal=R.GAMES[seed % 7])
        while not state.is_over():
            if state.phase == R.PLAY and state.done >= 3:
                sampled_hands_are_possible(state, state.to_move(), rng, 5)
                checked += 1
            state.play(rng.choice(state.legal_moves()))
    assert checked > 100


def test_sample_with_tight_constraints_is_exact():
    # seat 0 sees: seat 1 holds no clubs, seat 2 no diamonds, seat 3 no spades (all shown out)
    state = pos("fewest_tricks", ["2H,3H,4H", "AS,KS,QS", "AC,KC,QC", "AD,KD,QD"])
    for seat, suit in ((1, R.CLUBS), (2, R.DIAMONDS), (3, R.SPADES)):
        state.excluded[seat] |= R.SUIT_MASK[suit]
    rng = random.Random(1)
    seen = set()
    for _ in range(200):
        sample = state.view(0).sample(0, rng)
        for seat in (1, 2, 3):
            assert not sample.hands[seat] & state.excluded[seat]
        seen.add(tuple(sample.hands))
    assert len(seen) > 2  # more than one way remains, and all of them are found


def test_samples_are_uniform_over_the_consistent_deals():
    state = pos("fewest_tricks", ["2H,3H", "AS,QC", "AC,QS", "AD,QD"])
    state.excluded[1] |= R.SUIT_MASK[R.DIAMONDS]
    state.excluded[2] |= R.SUIT_MASK[R.SPADES]
    state.excluded[3] |= R.BIT[R.parse_card("AC")]
    unseen = R.ids_of(R.ALL & ~state.played_mask() & ~state.hands[0])
    exact, deals = {}, 0
    for order in itertools.permutations(unseen):
        hands = {1: order[0:2], 2: order[2:4], 3: order[4:6]}
        if any(R.BIT[card] & state.excluded[seat] for seat, cards in hands.items() for card in cards):
            continue
        deals += 1
        for seat, cards in hands.items():
            for card in cards:
                exact[seat, card] = exact.get((seat, card), 0) + 1
    view, rng, count = state.view(0), random.Random(2), 4000
    seen = {}
    for _ in range(count):
        sample = view.sample(0, rng)
        for seat in (1, 2, 3):
            for card in R.ids_of(sample.hands[seat]):
                seen[seat, card] = seen.get((seat, card), 0) + 1
    assert set(seen) == set(exact)
    for key, ways in exact.items():
        assert abs(seen[key] / count - ways / deals) < 0.04, (key, seen[key] / count, ways / deals)


def test_sample_refuses_an_impossible_view():
    state = pos("fewest_tricks", ["2H,3H,4H", "AS,KS,QS", "AC,KC,QC", "AD,KD,QD"])
    for seat in (1, 2, 3):
        state.excluded[seat] |= R.SUIT_MASK[R.SPADES]
    with pytest.raises(ValueError):
        state.view(0).sample(0, random.Random(1))


def test_save_round_trip_and_damaged_saves():
    state = R.new_game(12, 4, {"match": "dubbelkingen"})
    rng = random.Random(12)
    for _ in range(130):
        state.play(rng.choice(state.legal_moves()))
    data = json.loads(json.dumps(state.to_dict()))
    copy = R.from_dict(data)
    assert copy.to_dict() == state.to_dict()
    assert copy.excluded == state.excluded and copy.chosen == state.chosen
    # the copy plays on exactly as the original
    for _ in range(80):
        move = rng.choice(state.legal_moves())
        state.play(move)
        copy.play(move)
    assert copy.to_dict() == state.to_dict()

    def damaged(change):
        broken = json.loads(json.dumps(data))
        change(broken)
        with pytest.raises(ValueError):
            R.from_dict(broken)

    damaged(lambda d: d["hands"][0].pop())                                   # a card lost
    damaged(lambda d: d["hands"][1].append(d["hands"][0][0]))                # a card twice
    damaged(lambda d: d.update(phase="dance"))
    damaged(lambda d: d.update(dealer=(d["dealer"] + 1) % 4))
    damaged(lambda d: d["points"].__setitem__(0, d["points"][0] - 1))
    damaged(lambda d: d["totals"].__setitem__(0, d["totals"][0] + 1))
    damaged(lambda d: d["sheet"][0]["points"].__setitem__(0, 99))
    damaged(lambda d: d.update(leader=(d["leader"] + 1) % 4))
    damaged(lambda d: d["tricks"][0].__setitem__(2, (d["tricks"][0][2] + 1) % 4))
    damaged(lambda d: d.update(rng="nonsense"))
    damaged(lambda d: d.update(deal_no="3"))
    damaged(lambda d: d.update(kind="poker"))
    damaged(lambda d: d["hands"].__setitem__(2, None))
    damaged(lambda d: d["sheet"].pop())
    damaged(lambda d: d.update(game="quarto"))
    # a recorded card that broke an obligation: swap two cards between tricks
    def swap(d):
        first, second = d["tricks"][0][1], d["tricks"][1][1]
        first[1], second[1] = second[1], first[1]
    damaged(swap)


def test_any_damage_to_a_save_is_a_value_error_or_still_consistent():
    rng = random.Random(3)
    junk = [None, 0, -1, 99, "x", [], {}, [1, 2], "QS", True, 1.5]
    def places_in(value, path=()):
        for key, item in (value.items() if isinstance(value, dict) else enumerate(value)):
            yield path + (key,)
            if isinstance(item, (dict, list)):
                yield from places_in(item, path + (key,))

    for trial in range(150):
        state = R.new_game(trial, 4, {"match": rng.choice(["kingen", "dubbelkingen"])})
        for _ in range(rng.randrange(300)):
            if state.is_over():
                break
            state.play(rng.choice(state.legal_moves()))
        if rng.random() < 0.3:
            state = state.view(rng.randrange(4))
        data = json.loads(json.dumps(state.to_dict()))
        path = rng.choice(list(places_in(data)))
        holder = data
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = rng.choice(junk)
        try:
            loaded = R.from_dict(data)
        except ValueError:
            continue
        # what was accepted is a consistent state: its cards and points add up, it plays on
        assert R.from_dict(loaded.to_dict()).to_dict() == loaded.to_dict()


def test_illegal_moves_change_nothing():
    rng = random.Random(5)
    state = R.new_game(5, 4, {"match": "dubbelkingen"})
    attempts = 0
    while not state.is_over():
        if state.phase == R.PLAY:
            hand = state.hands[state.turn]
            for card in R.ids_of(R.ALL & ~state.legal_cards())[:6]:
                before = state.to_dict()
                with pytest.raises(IllegalMove) as caught:
                    state.play(R.PLAY_MOVE[card])
                assert caught.value.key.startswith("kingen.err.") and str(caught.value)
                assert (caught.value.key == "kingen.err.not_in_hand") == (not hand & R.BIT[card])
                assert state.to_dict() == before
                attempts += 1
        state.play(rng.choice(state.legal_moves()))
    for junk in (None, "QS", 7, PlayCard("QS"), ChooseTrump("X"), ChooseGame("poker")):
        with pytest.raises(IllegalMove):
            state.play(junk)
    assert attempts > 500


def test_reveals_only_the_card_that_deals_anew():
    state = R.new_game(6)
    rng = random.Random(6)
    revealed = 0
    while not state.is_over():
        move = rng.choice(state.legal_moves())
        deal = state.deal_no
        if state.reveals(move):
            revealed += 1
        expected = state.reveals(move)
        state.play(move)
        assert expected == (state.deal_no != deal)
    assert revealed == 9  # ten deals: nine new deals are seen


def refusal_keys() -> set:
    """The second argument of every `_refuse(message, key, ...)` call in the rules."""
    tree = ast.parse((ROOT / "game" / "kingen" / "rules.py").read_text(encoding="utf-8"))
    return {node.args[1].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_refuse"}


def test_every_error_key_is_translated():
    tables = {language: json.loads((ROOT / "assets" / "i18n" / language / "kingen.json").read_text("utf-8"))
              for language in ("en", "nl")}
    assert tables["en"].keys() == tables["nl"].keys()
    keys = refusal_keys()
    assert {"follow", "discard_heart", "lose_card", "overtrump", "quota_trump"} <= keys
    for key in keys:
        english, dutch = tables["en"][f"kingen.err.{key}"], tables["nl"][f"kingen.err.{key}"]
        assert set(re.findall(r"{(\w+)}", english)) == set(re.findall(r"{(\w+)}", dutch))
    for name in R.GAMES:
        assert f"kingen.game.{name}" in tables["nl"] and f"kingen.rule.{name}" in tables["nl"]
    for option in R.OPTIONS:
        assert option.label in tables["en"] and option.help in tables["nl"]


# ----------------------------------------------------------------------------- random matches

DEAL_TOTAL = dict(zip(R.GAMES, R.GAME_TOTAL))


def accounted(state) -> bool:
    masks = [hand for hand in state.hands] + [state.played_mask()]
    return sum(mask.bit_count() for mask in masks) == 52 and (masks[0] | masks[1] | masks[2] | masks[3] | masks[4]) == R.ALL


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), match=st.sampled_from(("kingen", "dubbelkingen")), lose_rule=st.booleans(),
       shuffle=st.booleans())
def test_random_matches_account_for_every_card_and_add_up(seed, match, lose_rule, shuffle):
    state = R.new_game(seed, 4, {"match": match, "lose_rule": lose_rule, "shuffle_every_deal": shuffle})
    rng = random.Random(seed)
    while not state.is_over():
        assert accounted(state)
        state.play(rng.choice(state.legal_moves()))
        for event in state.events:
            if type(event) is Scored:
                assert sum(event.points) == DEAL_TOTAL[event.reason]
    assert accounted(state)
    assert len(state.sheet) == R.DEALS[match] and sum(state.totals) == 0
    for entry in state.sheet:
        points = entry["points"]
        assert sum(points) == DEAL_TOTAL[entry["game"]]
        if entry["game"] == "trump":
            assert all(value >= 0 for value in points)
        else:
            assert all(value <= 0 for value in points)
        if entry["game"] == "no_queens":
            assert all(value % 2 == 0 for value in points)
        if entry["game"] in ("no_king_of_hearts", "no_7th_and_last"):
            assert sorted(points)[1:] == [0, 0, 0] or entry["game"] == "no_7th_and_last"
    assert state.winners() and R.from_dict(state.to_dict()).to_dict() == state.to_dict()
