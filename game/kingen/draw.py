"""Kingen's table drawn: the felt and the info panel, the stacks of tricks each seat has
taken, "led" beside the leader's card, the seats' plates, the last trick over the table and
the quotas beside the dealer's choice table.

Each function draws what it is given (the layout, the state, the words) and changes nothing.
"""
from __future__ import annotations

import pygame

from game.kingen import words
from game.kingen.words import K
from game.ui import cards as cardui
from game.ui import theme
from game.ui.i18n import t
from game.ui.table.draw import draw_lines, draw_stack, fan_mark, mark, panel
from game.ui.table.draw import felt as table_felt
from game.ui.table.seats import draw_plate
from game.ui.text import blit_text, fit


def measure(rect, lines, u: float, most: int) -> int:
    """The y below `lines` written from the top of `rect` (drawn nowhere)."""
    return draw_lines(pygame.Surface((1, 1)), rect, lines, u, most=most)


def felt(surface, layout, info: tuple[str, str, str]) -> None:
    """The felt with the table in its middle, and the info panel: the match and its deal, the
    game and its trump, the rule line (`words.info_texts`)."""
    u = layout.u
    surface.blit(table_felt(surface.get_size(), layout.middle.inflate(int(20 * u), int(12 * u)), int(60 * u)), (0, 0))
    match, game, rule = info
    lines = [(match, theme.TINY, theme.TEXT_DIM, False), (game, theme.SMALL, theme.ACCENT, True),
             (rule, theme.TINY, theme.TEXT, False)]
    box = layout.info.copy()
    box.h = measure(layout.info, lines, u, 4) - box.y
    panel(surface, box.inflate(int(16 * u), int(12 * u)), u)
    draw_lines(surface, layout.info, lines, u, most=4)


def trick_stacks(surface, layout, tricks) -> None:
    """Each seat's stack of the `tricks` (leader, cards, winner) it has taken, with its count."""
    u = layout.u
    for seat, stack in layout.stacks.items():
        count = sum(1 for _, _, winner in tricks if winner == seat)
        if count:
            draw_stack(surface, stack, count, u, badge=False)
            blit_text(surface, str(count), theme.TINY * u, theme.TEXT, stack.center, "center", bold=True)


def led(surface, layout, seat: int) -> None:
    """"led" beside the leader's card in the trick, on the side away from the others, clear
    of the ring that marks the card taking the trick."""
    u, rect, side = layout.u, layout.spots[seat], layout.sides[seat]
    gap = int(14 * u)
    place = {"bottom": ("midtop", (rect.centerx, rect.bottom + gap // 2)),
             "top": ("midbottom", (rect.centerx, rect.top - gap // 2)),
             "left": ("midright", (rect.left - gap, rect.centery)),
             "right": ("midleft", (rect.right + gap, rect.centery))}[side]
    blit_text(surface, t(K + "led"), theme.TINY * u, theme.ACCENT, place[1], place[0], bold=True)


def plates(surface, layout, state, names, levels, acting, faces=lambda seat: None) -> None:
    """The four plates (portrait, name, level, points, the dealer's disc), the seat `acting`
    lit and its face-down cards ringed; `faces(seat)` is a computer seat's character."""
    u = layout.u
    for seat in range(4):
        draw_plate(surface, layout.plates[seat], u, names(seat), levels(seat), words.plate_detail(state, seat),
                   seat == acting, t(K + "dealer_mark") if seat == state.dealer else "", face=faces(seat))
        rects = layout.seat_cards.get(seat)
        if rects and seat == acting:
            fan_mark(surface, rects[0].unionall(rects), "turn", u)     # (a side hand of each length: no ring of its own)


def last_trick(surface, layout, trick, title: str, four: bool) -> None:
    """The last trick (leader, cards, winner) where it was played, on a panel over the table."""
    u = layout.u
    leader, cards, winner = trick
    box = layout.trick_zone.inflate(int(layout.tw * 1.4), int(layout.th * 0.4 + theme.SMALL * u * 3))
    panel(surface, box, u, theme.BACKGROUND, theme.ACCENT_DARK)
    blit_text(surface, fit(title, int(theme.SMALL * u), box.w - int(20 * u), True), theme.SMALL * u, theme.TEXT,
              (box.centerx, box.y + int(8 * u)), "midtop", bold=True)
    for position, card in enumerate(cards):
        cardui.draw_card(surface, card, layout.spots[(leader + position) % 4], four_colour=four)
    mark(surface, layout.spots[winner], "hint", u)
    led(surface, layout, leader)
    blit_text(surface, t(K + "last.close"), theme.TINY * u, theme.TEXT_DIM, (box.centerx, box.bottom - int(8 * u)),
              "midbottom")


def quotas(surface, layout, texts: tuple[str, list, list], dealer: int) -> None:
    """Every player's choices so far (triangles: negative games, circles: trump), the
    dealer's lit, and how often each negative game has been chosen (`words.quota_texts`)."""
    u = layout.u
    title, seats, games = texts
    area = layout.quota.inflate(-int(16 * u), -int(16 * u))
    lines = [(title, theme.SMALL, theme.TEXT, True)]
    lines += [(text, theme.TINY, theme.ACCENT if seat == dealer else theme.TEXT, seat == dealer)
              for seat, text in enumerate(seats)]
    lines += [(text, theme.TINY, theme.TEXT_DIM, False) for text in games]
    box = pygame.Rect(area.x, area.y, area.w, 0)
    box.h = measure(area, lines, u, 1) - area.y + int(16 * u)
    box.centery = area.centery
    panel(surface, box.inflate(int(12 * u), 0), u, theme.BACKGROUND, theme.ACCENT_DARK)
    draw_lines(surface, box.inflate(-int(12 * u), -int(16 * u)), lines, u, most=1)
