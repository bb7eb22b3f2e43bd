"""Quarto's rule pictures: the board just after a winning placement, the winning group lit.

Each picture is a position in the rules' notation (the piece in hand is the one placed), the
square it is placed on, and what that placement completes; `check` plays it through the rules.
The board, the pieces and the marks are the table's own drawing (game/quarto/draw.py).
"""
from __future__ import annotations

import pygame

from game.quarto import rules
from game.quarto.draw import draw_board_marks, paint_board, piece_image
from game.ui import theme
from game.ui.rule_picture import Picture

# name: (the position, the square the piece in hand goes to, what the group shares)
POSITIONS = {
    # a2 b2 c2 tall (4: light round, 7: dark square solid, e: light square hollow); the dark
    # round hollow tall d on d2 makes four tall pieces in a row: they share nothing else
    "line": ("0..b47e....9.2.. d", "d2", rules.TALL),
    # advanced: b3 c3 b4 dark (1, 3, 5); the dark f on c4 completes a 2x2 square of dark pieces
    "square": ("8......c.13..5.6 f s", "c4", rules.DARK),
}


def position(name: str):
    """(the state before the placement, the placement)."""
    text, square, _ = POSITIONS[name]
    return rules.from_notation(text), rules.Place(rules.SQUARE_NAMES.index(square), None)


def check(name: str) -> None:
    state, move = position(name)
    assert move in state.legal_moves(), f"{move} may be played"
    after = state.copy()
    after.play(move)
    group = after.winning_squares()
    assert after.is_over() and group, "the placement wins"
    pieces = [after.board[square] for square in group]
    assert rules.shared(pieces) == POSITIONS[name][2], "the group shares exactly the trait the caption names"
    if name == "square":
        assert sorted(group) in [sorted(block) for block in rules.BLOCKS]
        plain = rules.from_notation(POSITIONS[name][0].removesuffix(" s"))
        placed = [other for other in plain.legal_moves() if other.square == move.square]
        assert placed and move not in placed, "without the variant the game goes on: a piece must be given"
        plain.play(placed[0])
        assert not plain.is_over()
    else:
        assert sorted(group) in [sorted(line) for line in rules.LINES]


def paint(name: str):
    def draw(surface, u: float, four: bool) -> None:
        state, move = position(name)
        state.play(move)
        w, h = surface.get_size()
        surface.fill(theme.FELT_DARK)
        size = int(min(w, h) * 0.94)
        board = pygame.Rect(0, 0, size, size)
        board.center = (w // 2, h // 2)
        cell = size * 0.86 / 4      # as the table lays it out (game/quarto/layout.py)
        inset = (size - cell * 4) / 2
        squares = [pygame.Rect(board.x + inset + (i % 4) * cell, board.y + inset + (i // 4) * cell, cell, cell)
                   for i in range(16)]
        paint_board(surface, board, squares, u * 1.6)
        draw_board_marks(surface, squares, u, state.winning_squares(), (), move.square, lit=True)
        for square, piece in enumerate(state.board):
            if piece is not None:
                rect = squares[square]
                image = pygame.Rect(0, 0, int(rect.w * 0.94), int(rect.w * 0.94))
                image.midbottom = (rect.centerx, rect.bottom - rect.h * 0.12)
                surface.blit(piece_image(piece, image.w), image)
    return draw


PICTURES = {name: Picture(1.0, paint(name), lambda name=name: check(name)) for name in POSITIONS}
