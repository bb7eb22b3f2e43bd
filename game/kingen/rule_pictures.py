"""Kingen's rule pictures: a trick under way and your hand, the cards you may play lit.

Each picture is a position in the rules' notation (game, trump, leader, hands, the trick so
far); you are seat 0, at the bottom, to play the last card. Which cards are lit is the
rules' own answer (`legal_moves()`), and `check` says it is the one the caption names. The
cards, the marks and "led" are the table's own drawing.
"""
from __future__ import annotations

import pygame

from game.cards import SUIT_SYMBOL
from game.kingen import rules
from game.kingen.draw import led
from game.ui import cards as cardui
from game.ui import theme
from game.ui.i18n import t
from game.ui.rule_picture import Picture
from game.ui.table.draw import mark
from game.ui.text import blit_text, fit

# name: (the position, the cards you may play: all of them are the rule the caption names)
POSITIONS = {
    # spades led: you must follow suit
    "follow_suit": ("fewest_tricks - 1 TS,2S,AH,KD,5C/3H,9D,6C,JC/7H,4D,TC,AC/5H,2D,KC,8C 8S,QS,4S -3,-2,-1,-2",
                    ("TS", "2S")),
    # no kings and jacks, hearts led, you have none: discard a king or a jack
    "discard_king": ("no_kings_jacks - 1 KS,JC,7S,4D,2C/8D,6S,TC,3C/2D,5S,AC,9C/TD,8S,6C,4C 9H,3H,QH -2,-1,-2,-1",
                     ("KS", "JC")),
    # trump spades, diamonds led and trumped with the 6: over-trump if you can
    "overtrump": ("trump S 1 9S,4S,AH,QC,3C/7H,2C,JH,5D/3D,TH,8C,6H/4H,9C,KC,2H 9D,KD,6S 3,2,2,1", ("9S",)),
}
SIDES = {1: "left", 2: "top", 3: "right", 0: "bottom"}


def position(name: str):
    return rules.from_notation(POSITIONS[name][0])


def legal_codes(state) -> set:
    return {move.code for move in state.legal_moves()}


def check(name: str) -> None:
    state = position(name)
    assert state.to_move() == 0 and len(state.trick) == 3, "you play the last card of the trick"
    assert legal_codes(state) == set(POSITIONS[name][1]), "exactly the cards the caption names may be played"
    assert len(legal_codes(state)) < len(rules.ids_of(state.hands[0])), "some cards are refused"


def paint(name: str):
    def draw(surface, u: float, four: bool) -> None:
        state = position(name)
        w, h = surface.get_size()
        surface.fill(theme.FELT_DARK)
        pygame.draw.rect(surface, theme.FELT, surface.get_rect().inflate(-int(24 * u), -int(24 * u)),
                         border_radius=int(40 * u))
        cw = int(w * 0.14)
        ch = cardui.card_size(cw)[1]
        size = int(theme.SMALL * u)
        cx, cy = w // 2, int(36 * u + size * 1.3 + ch * 1.05)
        spots = {}
        for seat, (dx, dy) in {1: (-1.25, 0), 2: (0, -0.5), 3: (1.25, 0), 0: (0, 0.5)}.items():
            spots[seat] = pygame.Rect(0, 0, cw, ch)
            spots[seat].center = (round(cx + dx * cw), round(cy + dy * ch))
        table = type("Table", (), {"u": u, "spots": spots, "sides": SIDES})
        cardui.draw_slot(surface, spots[0])
        for position_, card in enumerate(state.trick):
            cardui.draw_card(surface, rules.CARD[card], spots[(state.leader + position_) % 4], four_colour=four)
        led(surface, table, state.leader)
        # the game and its trump, as the table's info panel names them
        title = t(f"kingen.game.{state.game}")
        if state.trump_suit:
            title += " " + SUIT_SYMBOL[state.trump_suit]
        blit_text(surface, fit(title, size, w - int(60 * u), True), size, theme.ACCENT, (w // 2, int(26 * u)),
                  "midtop", bold=True)
        # your hand: the cards you may play lit, the others dimmed
        legal = legal_codes(state)
        hand = [(rules.CARD[card], rules.CODE[card] in legal) for card in rules.ids_of(state.hands[0])]
        step = int(cw * 1.06)
        x = cx - (step * (len(hand) - 1) + cw) // 2
        y = h - ch - int(30 * u)
        for card, lit in hand:
            rect = pygame.Rect(x, y, cw, ch)
            if lit:
                cardui.draw_card(surface, card, rect, four_colour=four)
                mark(surface, rect, "lit", u * 1.4)
            else:
                surface.blit(cardui.tinted_face(card, cw, four), rect)
            x += step
    return draw


PICTURES = {name: Picture(1.25, paint(name), lambda name=name: check(name)) for name in POSITIONS}
