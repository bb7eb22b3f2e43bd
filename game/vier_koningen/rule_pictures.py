"""4 Koningen's rule pictures: drawn cards with the cards laid on them, and their judgement.

Each picture is one or more covers (the drawn card, the cards laid on it) in the first round;
the verdict and its arithmetic are the rules' own (`rules.judge`), and `check` also holds
each cover to the rules of laying (one suit, at most the round's number of cards). The
cards, the arithmetic and the verdict's words are the table's (game/vier_koningen/draw.py,
words.py).
"""
from __future__ import annotations

import pygame

from game.cards import Card
from game.ui import cards as cardui
from game.ui import theme
from game.ui.rule_picture import Picture
from game.ui.text import blit_text, fit
from game.vier_koningen import rules
from game.vier_koningen.draw import card_face
from game.vier_koningen.words import say

ROUND = 1
# name: ((the drawn card, the cards laid on it, whether it is won), ...)
POSITIONS = {
    "same_suit": (("5H", ("3H", "2H"), True),),
    "three_times": (("4D", ("9S",), False), ("4D", ("6S", "5S", "4S"), True)),
}


def covers(name: str) -> list:
    """The covers of a picture with the rules' judgement of each."""
    return [rules.judge(Card.parse(drawn), [Card.parse(code) for code in laid]) for drawn, laid, _ in POSITIONS[name]]


def check(name: str) -> None:
    for judgement, (_, _, won) in zip(covers(name), POSITIONS[name]):
        laid = judgement.laid
        assert judgement.won == won, f"{judgement.arithmetic}: the verdict the caption says"
        assert 1 <= len(laid) <= rules.MAX_COVER[ROUND] and len(set(laid)) == len(laid)
        assert len({card.suit for card in laid}) == 1, "cards laid together are of one suit"
        assert judgement.drawn not in laid and judgement.drawn.rank <= rules.ROUND_TOP[ROUND]
        assert judgement.same_suit == (name == "same_suit"), "the rule the picture is about"


def paint(name: str):
    def draw(surface, u: float, four: bool) -> None:
        w, h = surface.get_size()
        surface.fill(theme.FELT_DARK)
        judged = covers(name)
        box_w = w // len(judged)
        small, body = int(min(box_w * 0.07, theme.SMALL * u)), int(min(box_w * 0.085, theme.BODY * u))
        room = h - int(48 * u) - int(h * 0.06) - (small + body) * 1.4
        tw = int(min(box_w / 2.6, room / 1.16 / 1.4))
        th = cardui.card_size(tw)[1]
        for index, judgement in enumerate(judged):
            box = pygame.Rect(index * box_w, 0, box_w, h).inflate(-int(24 * u), -int(24 * u))
            pygame.draw.rect(surface, theme.FELT, box, border_radius=int(16 * u))
            width = int(tw * (1 + 0.42 * len(judgement.laid)))
            card = pygame.Rect(box.centerx - width // 2, box.y + int(h * 0.06), tw, th)
            card_face(surface, judgement.drawn, card, four)
            for j, laid in enumerate(judgement.laid):     # as the table lays them (layout.py)
                card_face(surface, laid, pygame.Rect(card.x + int(0.42 * tw * (j + 1)), card.y + int(0.16 * th), tw,
                                                     th), four)
            colour = theme.GOOD if judgement.won else theme.BAD
            words = say("table.won" if judgement.won else "table.lost", card=str(judgement.drawn))
            y = card.y + int(1.16 * th) + int(16 * u)
            blit_text(surface, fit(words, small, box.w - int(20 * u), True), small, colour, (box.centerx, y), "midtop",
                      bold=True)
            blit_text(surface, fit(judgement.arithmetic, body, box.w - int(20 * u), True), body, colour,
                      (box.centerx, y + small * 1.3), "midtop", bold=True)
    return draw


PICTURES = {name: Picture(1.1 if len(POSITIONS[name]) == 1 else 2.0, paint(name), lambda name=name: check(name))
            for name in POSITIONS}
