"""Kings Corners' guided first game (see game/lesson.py): you and one computer, game 2499.

The computer deals, so you begin. The side piles are Q♥ (N), 5♠ (E), Q♣ (S) and 3♠ (W);
your hand is 10♠ 7♠ 2♠ 8♥ 3♥ K♦ J♦.

- Your first turn teaches the four kinds of move, in order: the J♦ down on the Q♣ (one lower,
  the other colour); the K♦ into the top right corner (NE); the whole pile Q♣ J♦ moved onto
  that king (its bottom card fits); any card onto the emptied side place, the 8♥, chosen so
  that the 7♠ fits on it. The 10♠ goes on the king's pile and the 7♠ on the 8♥; the 2♠ and
  the 3♥ fit nowhere, so you end your turn and draw: the 9♠.
- The computer plays its 6♦ on your 7♠, moves its 5♠ from E onto it and draws, leaving E
  empty (it plays at the "easy" level, which overlooks moves).
- Your second turn: the new 9♠ onto the empty E, the whole pile of four (8♥ 7♠ 6♦ 5♠) onto
  it, the 3♥ onto the emptied S and the 2♠ on it: your hand is empty and you win the hand.
- Words only at the end, over the score sheet: the computer pays a point for each of its
  seven cards (a king would cost 10), points add up over the hands, and what the options
  'Draw first' and 'Kings first' change. Hand 2 of the match is the player's own.

A search over deals found this one: the four moves come in the order taught in the first
turn, every turn of yours plays all it can (nothing is held back that fits), and you go out
on your second turn with the card you drew.
"""
from __future__ import annotations

from game.kings_corners.rules import PLACES
from game.lesson import Lesson, Reply, Say, Teach

L = "kings_corners.lesson."
END = ("button", "end")


def hand(index: int) -> tuple:
    """The card at `index` of your hand as shown (♠ ♥ ♣ ♦, high to low)."""
    return ("hand", index)


def place(name: str) -> tuple:
    """A side place or corner by its code (N E S W NE SE SW NW)."""
    return ("place", PLACES.index(name))


LESSON = Lesson(
    setup={"players": 2, "seats": ["human", "easy"], "options": {"match_length": "hands", "hands": 2}},
    seed=2499,
    steps=(
        Say(L + "welcome"),
        Say(L + "table"),
        # your first turn: hand 10♠ 7♠ 2♠ 8♥ 3♥ K♦ J♦
        Teach("play JD S", L + "down", [hand(6), place("S")], after=L + "down.after", wrong=L + "down.wrong"),
        Teach("play KD NE", L + "king", [hand(5), place("NE")], after=L + "king.after", wrong=L + "king.wrong"),
        Teach("move S NE", L + "pile", [place("S"), place("NE")], after=L + "pile.after", wrong=L + "pile.wrong"),
        Teach("play 8H S", L + "fill", [hand(3), place("S")], wrong=L + "fill.wrong"),
        Teach("play 10S NE", L + "corner", [hand(0), place("NE")], wrong=L + "corner.wrong"),
        Teach("play 7S S", L + "seven", [hand(0), place("S")], after=L + "seven.after", wrong=L + "seven.wrong"),
        Teach("end", L + "draw", END, after=L + "draw.after", wrong=L + "draw.wrong"),
        # the computer's turn
        Reply("play 6D S"),
        Reply("move E S"),
        Reply("end", after=L + "reply"),
        # your second turn: hand 9♠ 2♠ 3♥
        Teach("play 9S E", L + "new_card", [hand(0), place("E")], wrong=L + "new_card.wrong"),
        Teach("move S E", L + "big_pile", [place("S"), place("E")], after=L + "big_pile.after",
              wrong=L + "big_pile.wrong"),
        Teach("play 3H S", L + "refill", [hand(1), place("S")], wrong=L + "refill.wrong"),
        Teach("play 2S S", L + "out", [hand(0), place("S")], after=L + "out.after", wrong=L + "out.wrong"),
        # words only, over the score sheet
        Say(L + "score"),
        Say(L + "match"),
        Say(L + "options"),
    ),
    end=L + "end",
)
