"""Kingen's guided first game (see game/lesson.py): two deals of Dubbelkingen, game 30563.

Dubbelkingen, because there the dealer chooses the game: the lesson reaches a negative game
and a trump deal in the first two deals (in Kingen trump comes only in deal 7). Seat 4 deals
first and chooses No king of hearts, a deal that ends as soon as the king of hearts is taken;
then you deal and choose trump. (The words name the computers as the table does, from the
cast: {seat1} to {seat3}.)

- Deal 1, No king of hearts: you lead your only club (to be rid of clubs), follow suit with a
  low diamond, and when clubs are led again you must discard the ♥K (the game's duty): the
  trick costs seat 4 five points and ends the deal. The score sheet shows it; you deal.
- Deal 2, trump: you choose Trump and name spades; you follow suit, trump a diamond when you
  have none, lead a heart that seat 2 must trump, and over-trump seat 4's trump.
- Words only at the end: Kingen's fixed order of the games, Dubbelkingen's dealer's choice and
  its quotas. The deal goes on as an ordinary game.

The computers' cards are the ones a sensible player plays (the playout policy of ai/kingen.py);
after the lesson they play at the "easy" level.
"""
from __future__ import annotations

from game.lesson import Lesson, Reply, Say, Teach

L = "kingen.lesson."
NEXT = ("button", "next")


def hand(index: int):
    """The card at `index` of your hand as shown (♠ ♥ ♣ ♦, high to low)."""
    return ("hand", index)


def choice(index: int):
    return ("choice", index)


LESSON = Lesson(
    setup={"players": 4, "seats": ["human", "easy", "easy", "easy"], "options": {"match": "dubbelkingen"}},
    seed=30563,
    steps=(
        Say(L + "welcome"),
        Say(L + "dealer_chooses"),
        # deal 1: seat 4 deals and chooses No king of hearts; you lead
        Reply("game:no_king_of_hearts"),
        Say(L + "chose_kh"),
        Teach("8C", L + "lead", hand(9), wrong=L + "lead.wrong"),
        Reply("7C"), Reply("5C"), Reply("KC"), Reply("3D", after=L + "club_trick"),
        Teach("5D", L + "follow", hand(11), wrong=L + "follow.wrong"),
        Reply("4D"), Reply("9D"), Reply("3C"), Reply("9C", after=L + "diamond_trick"),
        Teach("KH", L + "discard", hand(4), wrong=L + "discard.wrong"),
        Reply("6C", after=L + "kh_taken"),
        # between the deals: the score sheet; you deal
        Teach("deal", L + "sheet", NEXT),
        # deal 2: you choose trump and name spades
        Teach("game:trump", L + "choose", choice(6), wrong=L + "choose.wrong"),
        Teach("trump:S", L + "name", choice(3), wrong=L + "name.wrong"),
        Reply("AH"), Reply("5H"), Reply("2H", after=L + "named"),
        Teach("3H", L + "follow_trump", hand(8), wrong=L + "follow_trump.wrong"),
        Reply("2D"), Reply("KD"), Reply("AD", after=L + "heart_trick"),
        Teach("2S", L + "trump", hand(4), after=L + "trumped", wrong=L + "trump.wrong"),
        Teach("8H", L + "lead_heart", hand(6), wrong=L + "lead_heart.wrong"),
        Reply("3S"), Reply("KH"), Reply("4H"), Reply("3D"), Reply("QD"), Reply("6S", after=L + "they_trumped"),
        Teach("7S", L + "overtrump", hand(2), after=L + "overtrumped", wrong=L + "overtrump.wrong"),
        # words only: the two matches
        Say(L + "kingen_order"),
        Say(L + "dubbel_choice"),
    ),
    end=L + "end",
)
