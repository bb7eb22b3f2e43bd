"""Keezen's guided first game (see game/lesson.py).

The player is blue (seat 0) against three easy computers, in game number 613 with the
default options (no card exchange, no time limit): the rules taught are an ordinary game's.
Every move until the last point is scripted, the computers' too; 24 moves of the player's,
about six minutes. In the first hand only blue holds aces: the others lay their hands away
and the player brings two pawns out and walks them. Then, in this order:

- green's pawn enters on its start square just ahead of blue's: the queen cannot pass it, so
  the king brings a pawn out instead (the start square blocks);
- green walks on, to exactly twelve squares ahead: the queen hits it;
- the 4 backward from blue's start square lands just before blue's home; the ace steps a
  pawn off red's start square (a red king would hit it there: red enters the turn after);
- the 5 takes that pawn into its home by exact count (the queen would go too far);
- a 7 split: the home pawn two squares deeper, then a pawn five steps into the home (no pawn
  may jump over another in the home); another split later;
- the jack swaps blue's pawn with red's in front of blue's home;
- a 7 takes the last pawn home and its two steps left over walk a pawn of yellow's; from then
  on blue plays yellow's pawns (the king brings one out, the 10 takes one home);
- with no card that can move a yellow pawn, the hand is laid away. The game goes on from there.

The line was found by a search over deals and every seat's moves: the points come in this
order, the computers never hit blue's or yellow's pawns nor their own, their jacks move their
own pawn forward, and no move the player is taught passes over a way into the home. Home comes
right after the 4 that leads there, before the 7 and the jack: in the order the issue lists
them the player would have been kept from a legal way home for several turns.

A step's `point` is a list of lists, the stages of one move: the card, then each pawn and
where it goes (a 7's parts from the last to the first, as all the pawns that can start it
light up together). The coach points at the last stage on the table now, so the arrow
follows the player's choices.
"""
from game.lesson import Lesson, Reply, Say, Teach

K = "keezen.lesson."


def track(square: int) -> tuple:
    """A square of the track as the scene's target key (game/keezen/layout.py `spot`)."""
    return ("spot", None, square)


def nest(colour: int) -> tuple:
    return ("spot", colour, -1)


def home(colour: int, number: int) -> tuple:
    """Home square H1..H4 of `colour`."""
    return ("spot", colour, 63 + number)


def stages(card: int, *places) -> list:
    """The pointer's stages of one move: the card (its place in the hand as drawn, sorted low
    to high with the ace last), then each place chosen."""
    return [[("hand", card)]] + [[place] for place in places]


LESSON = Lesson(
    setup={"players": 4, "seats": ["human", "easy", "easy", "easy"],
           "options": {"exchange": False, "time_limit": False}},
    seed=613,
    steps=(
        # deck 1, hand 1 (5 cards each): nobody but you holds an ace or a king
        Say(K + "welcome"),
        Say(K + "turn"),
        Reply("away"),
        Reply("away"),
        Reply("away", after=K + "nobody_out"),
        Teach("A enter b", K + "enter", point=stages(3, nest(0), track(0))),
        Teach("Q b0+12", K + "walk", point=stages(2, track(0), track(12)), wrong=K + "walk.wrong"),
        Teach("A enter b", K + "second", point=stages(2, nest(0), track(0)), wrong=K + "second.wrong"),
        Teach("8 b0+8", K + "free_start", point=stages(1, track(0), track(8)), wrong=K + "free_start.wrong"),
        Teach("2 b12+2", K + "last_card", point=stages(0, track(12), track(14)), after=K + "new_hand",
              wrong=K + "last_card.wrong"),
        # deck 1, hand 2 (4 cards each)
        Reply("K enter g", after=K + "green_enters"),
        Reply("away"),
        Reply("A enter r"),
        Teach("K enter b", K + "block", point=stages(2, nest(0), track(0)), wrong=K + "block.wrong"),
        Reply("T g16+10"),
        Reply("J r48 b8", after=K + "red_swaps"),
        Teach("Q b14+12", K + "hit", point=stages(1, track(14), track(26)), after=K + "hit.after",
              wrong=K + "hit.wrong"),
        Reply("away"),
        Reply("8 r8+8"),
        Teach("4 b0-4", K + "four", point=stages(0, track(0), track(60)), after=K + "four.after",
              wrong=K + "four.wrong"),
        Reply("8 r16+8"),
        Teach("A b48+1", K + "escape", point=stages(0, track(48), track(49)), wrong=K + "escape.wrong"),
        # deck 1, hand 3 (4 cards each)
        Reply("away"),
        Reply("away"),
        Reply("K enter r", after=K + "red_enters"),
        Teach("5 b60+5", K + "home", point=stages(1, track(60), home(0, 2)), after=K + "home.after",
              wrong=K + "home.wrong"),
        Reply("T r24+10"),
        Teach("K enter b", K + "third", point=stages(2, nest(0), track(0)), wrong=K + "third.wrong"),
        Reply("T r34+10"),
        Teach("Q b49+12", K + "queen", point=stages(1, track(49), track(61)), wrong=K + "queen.wrong"),
        Reply("2 r48+2"),
        Teach("2 b0+2", K + "two", point=stages(0, track(0), track(2)), wrong=K + "two.wrong"),
        # deck 2, hand 1 (5 cards each)
        Reply("away"),
        Reply("J r50 b2", after=K + "red_swaps_again"),
        Teach("7 bh2+2 b61+5", K + "split", point=stages(1, track(61), home(0, 3), home(0, 2), home(0, 4)),
              after=K + "split.after", wrong=K + "split.wrong"),
        Reply("K enter g"),
        Reply("6 r44+6"),
        Teach("Q b50+12", K + "closer", point=stages(3, track(50), track(62)), wrong=K + "closer.wrong"),
        Reply("9 g16+9"),
        Reply("A enter r"),
        Teach("7 b26+5 b62+2", K + "split_again", point=stages(1, track(62), home(0, 1), track(26), track(31)),
              wrong=K + "split_again.wrong"),
        Reply("9 g25+9"),
        Reply("4 r48-4"),
        Teach("9 b31+9", K + "nine", point=stages(1, track(31), track(40)), wrong=K + "nine.wrong"),
        Reply("5 g34+5"),
        Reply("A enter r"),
        Teach("3 b40+3", K + "three", point=stages(0, track(40), track(43))),
        Reply("2 g39+2"),
        # deck 2, hand 2 (4 cards each)
        Reply("K enter y"),
        Reply("Q r48+12"),
        Teach("J b43 r60", K + "jack", point=stages(2, track(43), track(60)), after=K + "jack.after",
              wrong=K + "jack.wrong"),
        Reply("K enter g"),
        Reply("J y32 r2"),
        Reply("T r32+10"),
        Teach("7 bh1+1 b60+4 y2+2", K + "rest",
              point=stages(0, track(2), track(4), track(60), home(0, 1), home(0, 1), home(0, 2)),
              after=K + "rest.after"),
        Reply("2 g16+2"),
        Reply("Q y4+12"),
        Reply("2 r44+2"),
        Teach("K enter y", K + "partner", point=stages(1, nest(2), track(32)), wrong=K + "partner.wrong"),
        Reply("3 g41+3"),
        Reply("3 y32+3"),
        Reply("away"),
        Teach("8 y16+8", K + "partner_on", point=stages(0, track(16), track(24)), wrong=K + "partner_on.wrong"),
        Reply("3 g44+3"),
        # deck 2, hand 3 (4 cards each)
        Reply("4 y35-4"),
        Reply("6 r43+6"),
        Teach("T y24+10", K + "partner_home", point=stages(2, track(24), home(2, 3)),
              wrong=K + "partner_home.wrong"),
        Reply("4 g18-4"),
        Reply("A y31+1"),
        Reply("2 r46+2"),
        Teach("away", K + "lay_away", point=("button", "lay_away")),
    ),
    end=K + "end",
)
