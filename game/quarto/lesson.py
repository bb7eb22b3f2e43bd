"""Quarto's guided first game (see game/lesson.py).

A match of two games; with seed 1 the lot lets the player (seat 0) give first. In the first
game the player gives a piece, then places and gives three times: three dark pieces on a4,
b4 and c4, and only light pieces for the computer. The computer's light pieces make three
in row 3 (a3, b3, c3): now a dark piece wins on d4 and a light one on d3, so every piece it
can give wins. It gives a light one, and the player finishes row 3 on d3: four pieces that
share one attribute (colour only), three of them placed by the computer. Words then say what
the 'Call Quarto!' option changes (a missed line is claimed by the opponent) and what the
beginner and 2x2-square variants change; the second game of the match is the player's own.

The deal was found by a search over such games: each line shares one attribute only (row 4
dark, row 3 light), no piece given before the computer's last one could win at once (the
lesson shows no careless give), and what the words speak of lies in rows 3 and 4 and the
left columns, where the words' panel at the top does not cover it. The first piece to give
is the one the cursor starts on.
"""
from game.lesson import Lesson, Reply, Say, Teach


def square(name: str) -> tuple:
    """The scene's target key of a square: ("square", 0..15), a1 the top left."""
    return ("square", "abcd".index(name[0]) + 4 * (int(name[1]) - 1))


def piece(code: str) -> tuple:
    """The scene's target key of a piece beside the board, by its hex digit."""
    return ("piece", int(code, 16))


K = "quarto.lesson."

LESSON = Lesson(
    setup={"players": 2, "seats": ["human", "easy"], "options": {"games": 2}},
    seed=1,
    steps=(
        Say(K + "welcome"),
        Say(K + "goal"),
        Teach("give 0", K + "give", point=piece("0"), after=K + "give.after", wrong=K + "give.wrong"),
        Reply("b1 give f", after=K + "reply1"),
        Teach("a4 give 6", K + "place", point=[square("a4"), piece("6")], after=K + "place.after",
              wrong=K + "place.wrong"),
        Reply("b3 give 9", after=K + "reply2"),
        Teach("b4 give a", K + "build", point=[square("b4"), piece("a")], after=K + "build.after",
              wrong=K + "build.wrong"),
        Reply("c3 give 1", after=K + "reply3"),
        Teach("c4 give c", K + "safe", point=[square("c4"), piece("c")], after=K + "safe.after",
              wrong=K + "safe.wrong"),
        Reply("a3 give 2", after=K + "reply4"),
        Say(K + "trapped"),
        Teach("d3", K + "win", point=square("d3"), after=K + "win.after", wrong=K + "win.wrong"),
        Say(K + "call"),
        Say(K + "beginners"),
        Say(K + "squares"),
    ),
    end=K + "end",
)
