"""Kings Corners' rule pictures: the cross of piles around the stock, in game 2499 (the
guided first game's deal) after a few of its first moves.

Each picture is the deal's seed, the moves played before it (all through the rules) and the
move it points at, which must be legal there. The empty places, the stock, the cards and the
marks are the table's own drawing (game/kings_corners/draw.py, the table kit); the arrow is
the kit's.
"""
from __future__ import annotations

import pygame

from game.kings_corners import rules
from game.kings_corners.draw import places
from game.kings_corners.layout import FAN, GRID
from game.ui import cards as cardui
from game.ui import theme
from game.ui.rule_picture import Picture
from game.ui.table.draw import arrow, bow, draw_card_sprite, draw_pieces, mark

SEED, PLAYERS, OPTIONS = 2499, 2, {"match_length": "hands", "hands": 2}
# name: (the moves played before, the move shown)
POSITIONS = {
    # the deal: N Q♥, E 5♠, S Q♣, W 3♠; the J♦ went on the Q♣ (one lower, the other colour)
    "cross": (("play JD S",), "play JD S"),
    # the K♦ went into the empty corner NE; the whole pile Q♣ J♦ moves onto it
    "king_corner": (("play JD S", "play KD NE"), "move S NE"),
}


def position(name: str):
    """(the state the picture shows, the move it points at: for "cross" the last one played)."""
    before, code = POSITIONS[name]
    state = rules.new_game(SEED, PLAYERS, dict(OPTIONS))
    moves = [rules.parse_move(text) for text in before]
    for move in moves[:-1] if name == "cross" else moves:
        state.play(move)
    return state, rules.parse_move(code)


def check(name: str) -> None:
    state, move = position(name)
    assert move in state.legal_moves(), f"{move} is legal"
    after = state.copy()
    after.play(move)
    if name == "cross":
        assert all(len(after.piles[place]) == 1 for place in rules.SIDES if place != rules.S)
        assert not any(after.piles[place] for place in rules.CORNERS), "the corners start empty"
    else:
        assert after.piles[rules.NE][0].rank == rules.KING and not after.piles[rules.S], "S is free for any card"


def paint(name: str):
    def draw(surface, u: float, four: bool) -> None:
        state, move = position(name)
        if name == "cross":
            state.play(move)
        w, h = surface.get_size()
        surface.fill(theme.FELT_DARK)
        pygame.draw.rect(surface, theme.FELT, surface.get_rect().inflate(-int(20 * u), -int(20 * u)),
                         border_radius=int(40 * u))
        ratio = cardui.card_size(100)[1] / 100
        cw = int(min(w * 0.9 / 4.32, h * 0.9 / 3.84 / ratio))     # the cross and its piles' fans
        ch = cardui.card_size(cw)[1]
        dx, dy = cw + int(cw * 0.32), ch + int(ch * 0.12)      # as the table lays the cross out (layout.py)
        cx, cy = w // 2, h // 2 - int(ch * 0.1)      # S's pile fans downwards
        bases = [pygame.Rect(0, 0, cw, ch) for _ in range(8)]
        for place, rect in enumerate(bases):
            rect.center = (cx + GRID[place][0] * dx, cy + GRID[place][1] * dy)
        stock = pygame.Rect(0, 0, cw, ch)
        stock.center = (cx, cy)
        draw_pieces(surface, places(type("Cross", (), {"u": u, "bases": bases, "stock": stock}), state, set()))
        tops = {}
        for place, pile in enumerate(state.piles):
            fx, fy = FAN[place]
            step = cw * 0.34 if fx else ch * 0.3
            look = ("strip", "right" if fx < 0 else "bottom", int(step)) if fx < 0 or fy < 0 else "face"
            for index, card in enumerate(pile):
                rect = bases[place].move(round(fx * step * index), round(fy * step * index))
                draw_card_sprite(surface, card, rect, look if index < len(pile) - 1 else "face", four)
                tops[place] = rect
        width, head = max(3, int(8 * u)), max(10, int(24 * u))
        if name == "cross":
            mark(surface, tops[move.place], "hint", u * 1.4)
        else:
            source = bases[move.source].union(tops[move.source])
            mark(surface, source, "selected", u * 1.4)
            mark(surface, tops[move.target], "legal", u * 1.4)
            start = pygame.Vector2(source.midright) + (int(10 * u), 0)
            end = pygame.Vector2(tops[move.target].midright) + (int(14 * u), 0)
            arrow(surface, bow(start, end, -0.55), theme.ACCENT, width, head)
    return draw


PICTURES = {name: Picture(0.92, paint(name), lambda name=name: check(name)) for name in POSITIONS}
