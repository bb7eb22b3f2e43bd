"""4 Koningen's guided first game (see game/lesson.py): the whole of round 1, up to round 2.

Game number 60. The first draw is the rules page's own example, 5♥ (won with ♥ 2+3), and a
card the hand cannot win, 6♦: the player lays the cheapest card on it, the A♥, and both go
to the lost pile. Missing that A♥ pays off in turn 4: two hearts are drawn, 4♥ and 6♥, and
the hearts left win only one of them, so the 4♥ is won with another suit at three times its
value (♠ 1+5+6 = 12). Turns 2, 3, 5 and 6 win everything, the cards won earlier (4♦, 6♠)
playing like any other. Then draw pile I is empty and the lost pile (A♥, 6♦) is the new
draw pile; turn 7's hand is the one the helper suggests (H) for those two cards, both are
won back, and round 2 begins with its hand of 3, where the player plays on alone.

The seed was found by a search over game numbers for such a line: the first draw's two
suits differ, one is won by two cards of its suit and the other lost with an ace; the first
cover with another suit comes where the drawn card's own suit cannot win it; nothing is
lost after the first turn, so that round 1 takes the fewest turns (seven: the twelve cards
of pile I and the two lost ones); and the helper's hand in the last turn wins both. The
hands' other cards (those laid on nothing) are a spread over the suits.
"""
from game.cards import Card
from game.lesson import Lesson, Say, Teach

K = "vier_koningen.lesson."
PILE = ("pile", 0)                 # draw pile I, the active one in round 1
JUDGE = ("button", "judge")
TAKE = ("button", "take")


def grid(cards: str) -> list:
    """The scene's target keys of these controlled cards ("AH 2H"), then Take in hand: the
    hand to take."""
    return [("grid", Card.parse(code)) for code in cards.split()] + [TAKE]


def laying(cards: str, drawn: int) -> list:
    """The target keys of these hand cards and of drawn card `drawn` (0 or 1) they go on."""
    return [("hand", Card.parse(code)) for code in cards.split()] + [("drawn", drawn)]


def hand(cards: str, key: str) -> Teach:
    return Teach("hand " + cards, K + key, point=grid(cards), wrong=K + "hand.wrong")


def draw(key: str = "draw", after: str = "") -> Teach:
    return Teach("draw", K + key, point=PILE, after=after and K + after)


def cover(drawn: int, cards: str, key: str, after: str = "") -> Teach:
    return Teach(f"cover {drawn + 1} {cards}", K + key, point=laying(cards, drawn),
                 after=after and K + after, wrong=K + key + ".wrong")


def judge(after: str, key: str = "judge") -> Teach:
    return Teach("judge", K + key, point=JUDGE, after=K + after)


LESSON = Lesson(
    setup={"players": 1, "seats": ["human"], "options": {}},
    seed=60,
    steps=(
        Say(K + "welcome"),
        Say(K + "grid"),
        # turn 1: draws 5♥ and 6♦
        hand("2S 3S AH 2H 3H", "hand1"),
        draw("draw1"),
        cover(0, "2H 3H", "same_suit", after="same_suit.after"),
        cover(1, "AH", "give_up"),
        judge("judge1.after", key="judge1"),
        Say(K + "lost"),
        # turn 2: 4♦ and 6♠
        hand("AS 2S 3S AD 3D", "hand2"),
        draw(),
        cover(0, "AD 3D", "cover2a"),
        cover(1, "AS 2S 3S", "three_cards"),
        judge("judge2.after"),
        # turn 3: 5♦ and 5♠
        hand("6S 5H 3C AD 4D", "hand3"),
        draw(),
        cover(0, "AD 4D", "won_cards"),
        cover(1, "6S", "one_card"),
        judge("judge3.after"),
        # turn 4: 4♥ and 6♥
        hand("AS 5S 6S 2H 5H", "hand4"),
        draw(after="two_hearts"),
        cover(1, "2H 5H", "cover4a"),
        cover(0, "AS 5S 6S", "three_times"),
        judge("judge4.after"),
        # turn 5: 6♣ and 4♠
        hand("5S 6H AC 2C 3C", "hand5"),
        draw(),
        cover(0, "AC 2C 3C", "cover5a"),
        cover(1, "5S", "cover5b"),
        judge("judge5.after"),
        # turn 6: 5♣ and 4♣; then the lost pile is the draw pile
        hand("6S 6H AC 3C 6C", "hand6"),
        draw(),
        cover(0, "6C", "cover6a"),
        cover(1, "AC 3C", "cover6b"),
        judge("judge6.after"),
        Say(K + "hint"),
        # turn 7: A♥ and 6♦ again, with the helper's hand
        hand("3S 2H 3C AD 5D", "hand7"),
        draw(),
        cover(0, "2H", "cover7a"),
        cover(1, "AD 5D", "cover7b"),
        judge("judge7.after"),
        Say(K + "round2"),
    ),
    end=K + "end",
)
