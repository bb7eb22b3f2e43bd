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
from game.ui.table.draw import Piece, draw_lines, draw_stack, mark, panel, shadow_reach
from game.ui.table.draw import felt as table_felt
from game.ui.table.seats import plate_pieces
from game.ui.text import blit_text, fit, render


def measure(rect, lines, u: float, most: int) -> int:
    """The y below `lines` written from the top of `rect` (drawn nowhere)."""
    return draw_lines(pygame.Surface((1, 1)), rect, lines, u, most=most)


def felt(size, layout) -> pygame.Surface:
    """The felt with the table in its middle."""
    u = layout.u
    return table_felt(size, layout.middle.inflate(int(20 * u), int(12 * u)), int(60 * u))


def info_lines(info: tuple[str, str, str]) -> list:
    match, game, rule = info
    return [(match, theme.TINY, theme.TEXT_DIM, False), (game, theme.SMALL, theme.ACCENT, True),
            (rule, theme.TINY, theme.TEXT, False)]


def info_box(layout, info: tuple[str, str, str]) -> pygame.Rect:
    """The info panel's box (its lines' height, with the panel's margin)."""
    u, box = layout.u, layout.info.copy()
    box.h = measure(layout.info, info_lines(info), u, 4) - box.y
    return box.inflate(int(16 * u), int(12 * u))


def info(layout, info: tuple[str, str, str]) -> Piece:
    """The info panel: the match and its deal, the game and its trump, the rule line
    (`words.info_texts`)."""
    u, box = layout.u, info_box(layout, info)

    def paint(surface):
        panel(surface, box, u)
        draw_lines(surface, layout.info, info_lines(info), u, most=4)
    return Piece(box.inflate(4, 4), ("info", info), paint)


def trick_stacks(layout, tricks) -> list[Piece]:
    """Each seat's stack of the `tricks` (leader, cards, winner) it has taken, with its count."""
    u, found = layout.u, []
    for seat, stack in layout.stacks.items():
        count = sum(1 for _, _, winner in tricks if winner == seat)
        if count:
            reach = shadow_reach(stack.w) + int(12 * u)

            def paint(surface, stack=stack, count=count):
                draw_stack(surface, stack, count, u, badge=False)
                blit_text(surface, str(count), theme.TINY * u, theme.TEXT, stack.center, "center", bold=True)
            found.append(Piece(stack.inflate(2 * reach, 2 * reach), ("stack", count), paint))
    return found


def led_place(layout, seat: int) -> tuple[str, tuple]:
    """Where "led" stands beside the leader's card in the trick: (anchor, point), on the side
    away from the others, clear of the ring that marks the card taking the trick."""
    u, rect, side = layout.u, layout.spots[seat], layout.sides[seat]
    gap = int(14 * u)
    return {"bottom": ("midtop", (rect.centerx, rect.bottom + gap // 2)),
            "top": ("midbottom", (rect.centerx, rect.top - gap // 2)),
            "left": ("midright", (rect.left - gap, rect.centery)),
            "right": ("midleft", (rect.right + gap, rect.centery))}[side]


def led(surface, layout, seat: int) -> None:
    """"led" beside the leader's card in the trick (`led_place`)."""
    anchor, point = led_place(layout, seat)
    blit_text(surface, t(K + "led"), theme.TINY * layout.u, theme.ACCENT, point, anchor, bold=True)


def led_piece(layout, seat: int) -> Piece:
    anchor, point = led_place(layout, seat)
    rect = render(t(K + "led"), int(theme.TINY * layout.u), theme.ACCENT, True).get_rect(**{anchor: point})
    return Piece(rect.inflate(8, 8), ("led", seat), lambda surface: led(surface, layout, seat))


def plates(layout, state, names, levels, acting, faces=lambda seat: None) -> list[Piece]:
    """The four plates (portrait, name, level, points, the dealer's disc), the seat `acting`
    lit and its face-down cards ringed; `faces(seat)` is a computer seat's character."""
    found = []
    for seat in range(4):
        found += plate_pieces(layout.plates[seat], layout.u, names(seat), levels(seat), words.plate_detail(state, seat),
                              seat == acting, t(K + "dealer_mark") if seat == state.dealer else "", faces(seat),
                              layout.seat_cards.get(seat))
    return found


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
