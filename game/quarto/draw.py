"""Quarto drawn: the pieces, the table that never moves (the wooden board, its holes and the
names of its rows and columns, the places of the pool), the marks on the board and the pool,
the cursor, the players' plates, the hand and the information beside the board.

Pieces are drawn in a three-quarter view so all four attributes read at a glance, also for
colour-blind players: light or dark by brightness (cream against near-black), round or
square by outline, tall or short by height, hollow by a dark hole in the top.
Each function draws what it is given and changes nothing else.
"""
from __future__ import annotations

import functools
import math

import pygame

from game.quarto import rules
from game.quarto.layout import board_names, hole
from game.quarto.words import piece_words
from game.ui import theme
from game.ui.i18n import t
from game.ui.table.draw import felt as table_felt
from game.ui.table.seats import draw_plate
from game.ui.text import blit_in, blit_text, fit

WOOD = (122, 84, 50)
WOOD_DARK = (86, 58, 34)
SLOT = (64, 42, 24)
LIGHT = {"top": (246, 232, 204), "side": (218, 196, 160), "edge": (128, 100, 66), "hole": (160, 128, 92)}
DARK = {"top": (92, 66, 52), "side": (60, 40, 30), "edge": (22, 14, 10), "hole": (24, 14, 10)}


@functools.lru_cache(maxsize=256)
def piece_image(piece: int, size: int) -> pygame.Surface:
    """A piece drawn into a size x size square, standing on its bottom edge (cached)."""
    scale = 3  # drawn large and smoothly scaled down: antialiased edges
    s = size * scale
    image = pygame.Surface((s, s), pygame.SRCALPHA)
    colours = DARK if piece & rules.DARK else LIGHT
    square = bool(piece & rules.SQUARE)
    outline = pygame.draw.rect if square else pygame.draw.ellipse     # of the top and its hole
    width = s * 0.62
    cap = width * 0.36                      # the top face seen from above at an angle
    body = s * (0.62 if piece & rules.TALL else 0.26)     # visible height of the side
    left = (s - width) / 2
    bottom = s * 0.96
    top = bottom - body - cap
    edge = max(2, int(s * 0.018))
    if square:
        side = pygame.Rect(left, top + cap / 2, width, body + cap / 2)
        pygame.draw.rect(image, colours["side"], side)
        pygame.draw.rect(image, colours["edge"], side, edge)
    else:
        base = pygame.Rect(left, bottom - cap, width, cap)
        pygame.draw.ellipse(image, colours["side"], base)
        pygame.draw.ellipse(image, colours["edge"], base, edge)
        side = pygame.Rect(left, top + cap / 2, width, body)
        pygame.draw.rect(image, colours["side"], side)
        pygame.draw.line(image, colours["edge"], side.topleft, side.bottomleft, edge)
        pygame.draw.line(image, colours["edge"], (side.right - 1, side.top), (side.right - 1, side.bottom), edge)
    cap_rect = pygame.Rect(left, top, width, cap)
    outline(image, colours["top"], cap_rect)
    outline(image, colours["edge"], cap_rect, edge)
    if piece & rules.HOLLOW:
        hollow = cap_rect.inflate(-width * 0.42, -cap * 0.42)
        outline(image, colours["hole"], hollow)
        outline(image, colours["edge"], hollow, edge)
    return pygame.transform.smoothscale(image, (size, size))


def paint_table(layer, layout, u) -> None:
    """What never moves: felt, the wooden board, its holes and names, the empty places."""
    layer.blit(table_felt(layer.get_size()), (0, 0))
    paint_board(layer, layout.board, layout.squares, u)
    pygame.draw.rect(layer, theme.PANEL, layout.hand, border_radius=int(18 * u))
    pool = layout.pool
    blit_text(layer, t("quarto.pool"), theme.SMALL * u, theme.TEXT_DIM, *layout.pool_heading())
    for rect in pool:
        pygame.draw.rect(layer, theme.FELT, rect.inflate(-4 * u, -4 * u), border_radius=int(10 * u))


def paint_board(layer, board, squares, u) -> None:
    """The wooden board, its holes and the names of its rows and columns (also a rule page's picture)."""
    radius = int(board.w * 0.08)
    pygame.draw.rect(layer, WOOD_DARK, board.move(int(6 * u), int(8 * u)), border_radius=radius)
    pygame.draw.rect(layer, WOOD, board, border_radius=radius)
    pygame.draw.rect(layer, WOOD_DARK, board, max(2, int(4 * u)), border_radius=radius)
    for rect in squares:
        pygame.draw.ellipse(layer, SLOT, hole(rect))
    for text, pos, anchor in board_names(board, squares, u):
        blit_text(layer, text, theme.TINY * u, theme.TEXT_DIM, pos, anchor)


def draw_board_marks(surface, squares, u, win, legal, hint, lit: bool) -> None:
    """The marks of the board's `squares` under its pieces: the squares of the winning line
    (`lit`: in the bright beat of their pulse), the legal squares, the hinted square."""
    for square, rect in enumerate(squares):
        slot = hole(rect)
        if square in win:
            glow = theme.ACCENT if lit else theme.ACCENT_DARK
            pygame.draw.ellipse(surface, glow, slot.inflate(int(10 * u), int(10 * u)), max(3, int(7 * u)))
        if square in legal:
            pygame.draw.ellipse(surface, theme.LEGAL, slot, max(2, int(3 * u)))
        if square == hint:
            pygame.draw.ellipse(surface, theme.GOOD, slot.inflate(int(6 * u), int(6 * u)), max(3, int(6 * u)))


def draw_pool_marks(surface, layout, u, available, legal, hint) -> None:
    """The marks of the pool under its pieces: the legal pieces, the hinted piece."""
    for piece, rect in enumerate(layout.pool):
        if piece not in available:
            continue
        if piece in legal:
            pygame.draw.rect(surface, theme.LEGAL, rect.inflate(-4 * u, -4 * u), max(2, int(3 * u)), border_radius=int(10 * u))
        if piece == hint:
            pygame.draw.rect(surface, theme.GOOD, rect.inflate(-2 * u, -2 * u), max(3, int(5 * u)), border_radius=int(10 * u))


def draw_shadow(surface, layout) -> None:
    """The shadow of the piece in hand."""
    box = layout.piece_box
    pygame.draw.ellipse(surface, SLOT, box.inflate(-box.w * 0.1, -box.h * 0.6).move(0, box.h * 0.3))


def draw_cursor(surface, layout, u, focused) -> None:
    """The focus cursor over a square or a piece of the pool (drawn over the pieces)."""
    kind, place = focused
    if kind == "square":
        rect = layout.squares[place]
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(-rect.w * 0.02, -rect.h * 0.02), max(3, int(5 * u)),
                         border_radius=int(rect.w * 0.2))
    elif kind == "piece":
        pygame.draw.rect(surface, theme.ACCENT, layout.pool[place], max(3, int(5 * u)), border_radius=int(10 * u))


def draw_plates(surface, layout, u, plates) -> None:
    """The two players' plates under the status line: `plates` holds (name, level, detail,
    whether it is the seat's turn, its character or None) for seat 0 and seat 1."""
    for rect, (name, level, detail, active, face) in zip(layout.plates.values(), plates):
        draw_plate(surface, rect, u, name, level, detail, active, face=face)


def draw_hand(surface, layout, u, clock_left, heading=None, piece=None, picture=False) -> None:
    """The hand: a `heading` saying what the piece is for and the `piece` in words below it
    (its `picture` too, where no sprite stands: a preview), or that the hand is empty; the
    seconds left on the clock at its right."""
    box, piece_box = layout.hand, layout.piece_box
    x = piece_box.right + 24 * u
    right = box.right - 24 * u
    if clock_left is not None:
        colour = theme.BAD if clock_left < 10 else theme.TEXT
        clock = blit_text(surface, f"{int(math.ceil(clock_left))} s", theme.HEADING * u, colour,
                          (right, box.centery), "midright", bold=True, box=box)
        right = clock.x - 16 * u
    if heading is None:
        blit_in(surface, t("quarto.hand.empty"), theme.BODY * u, theme.TEXT_DIM,
                pygame.Rect(x, box.y, right - x, box.h), "left")
        return
    head = pygame.Rect(x, box.y + 20 * u, right - x, theme.SMALL * 1.8 * u)
    blit_in(surface, heading, theme.SMALL * u, theme.TEXT_DIM, head, "left")
    if piece is None:
        return
    if picture:
        surface.blit(piece_image(piece, piece_box.w), piece_box)
    named = pygame.Rect(x, head.bottom + 6 * u, right - x, box.bottom - head.bottom - 16 * u)   # on two lines if need be
    blit_in(surface, piece_words(piece), theme.BODY * u, theme.TEXT, named, "left", "top", bold=True)


def draw_info(surface, layout, u, score, rules_in_play, log) -> None:
    """The match `score` (its first line the game's number) and the `rules_in_play` on the
    left, the game's moves on the right: `log` is (line, move) pairs, the last that fit shown,
    each with the piece it gave as an icon."""
    left, moves = layout.facts, layout.moves
    y = left.y
    for index, line in enumerate(score):
        blit_text(surface, line, theme.SMALL * u, theme.TEXT if index else theme.TEXT_DIM, (left.x, y), "topleft",
                  bold=bool(index), width=left.w)      # a long name shrinks before it meets the moves
        y += theme.SMALL * (1.35 if index else 1.4) * u
    if score:
        y += theme.SMALL * 0.4 * u
    for line in rules_in_play:
        blit_text(surface, line, theme.SMALL * u, theme.TEXT_DIM, (left.x, y), "topleft", width=left.w)
        y += theme.SMALL * 1.35 * u
    y = moves.y
    blit_text(surface, t("quarto.info.moves"), theme.SMALL * u, theme.TEXT_DIM, (moves.x, y), "topleft")
    y += theme.SMALL * 1.4 * u
    line_height = theme.TINY * 1.35 * u
    room = max(1, int((moves.bottom - y) // line_height))
    icon = int(line_height * 1.1)
    for text, move in log[-room:]:
        text = fit(text, int(theme.TINY * u), moves.w - icon - int(8 * u))
        rect = blit_text(surface, text, theme.TINY * u, theme.TEXT, (moves.x, y), "topleft")
        given = move.piece if isinstance(move, rules.Give) else getattr(move, "give", None)
        if given is not None:
            surface.blit(piece_image(given, icon), (rect.right + 6 * u, rect.centery - icon * 0.6))
        y += line_height
