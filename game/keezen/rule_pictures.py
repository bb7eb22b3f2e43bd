"""Keezen's rule pictures: a part of the board with a few pawns and the move a card makes.

Each picture is a position in the rule page's notation (read by `rules.from_notation`), the
move it shows (a move code, legal there, or for the blocked start square one that is not),
and the part of the board it shows (grid units, see board.py). The pawns and the board are
the table's own drawing (`Board`); the paths are the kit's arrows.
"""
from __future__ import annotations

import pygame

from game.keezen import rules
from game.keezen.board import EXTENT, Board, mark_spot
from game.keezen.rules import HOME, NEST, walk_path
from game.ui import theme
from game.ui.rule_picture import Picture
from game.ui.table.draw import arrow, bow, cross
from game.ui.text import blit_text

HANDS = "7,4,J,5,2/2,3,6,9,A/5,6,8,Q,K/9,T,Q,K,A b r -"    # blue to move, red dealt the first hand

# name: (pawns blue/green/yellow/red, the move shown, the view: centre x, y and width, height)
POSITIONS = {
    "seven_split": ("n,n,3,10/n,n,n,n/n,n,n,n/n,n,n,n", "7 b3+3 b10+4", (-3.8, 4.0, 10.8, 9.6)),
    "four_back": ("n,n,n,1/n,n,n,n/n,n,n,n/n,n,n,n", "4 b1-4", (0.0, 5.6, 9.0, 7.4)),
    "jack_swap": ("n,n,n,12/n,n,n,20/n,n,n,n/n,n,n,n", "J b12 g20", (-5.0, 0.2, 9.0, 7.4)),
    "blocked_start": ("n,n,n,13/n,n,n,16/n,n,n,n/n,n,n,n", "5 b13+5", (-5.0, 0.2, 9.0, 7.4)),
    "hit": ("n,n,n,18/n,n,n,23/n,n,n,n/n,n,n,n", "5 b18+5", (-5.0, -2.6, 9.0, 7.4)),
}
REST = 5          # four_back: a 5 then takes the pawn into its home (61 -> H3), no lap


def position(name: str):
    """(the state, the move shown) of a picture."""
    pawns, code, _ = POSITIONS[name]
    return rules.from_notation(f"{pawns} {HANDS}", seed=1), rules.parse_move(code)


def check(name: str) -> None:
    state, move = position(name)
    legal = state.legal_moves()
    if name == "blocked_start":
        assert move not in legal, "a pawn on its own start square blocks the walk"
        free = rules.from_notation(f"{POSITIONS[name][0].replace('16', 'n')} {HANDS}", seed=1)
        assert move in free.legal_moves(), "without the pawn on its start square the walk is legal"
        return
    assert state.normalize(move) in legal, f"{move} is legal"
    after = state.copy()
    after.play(move)
    if name == "hit":
        assert after.pawns[4:8].count(NEST) == 4, "the pawn hit goes back to its nest"
    if name == "four_back":
        assert after.pawns[3] == (1 - 4) % rules.TRACK
        assert walk_path(0, after.pawns[3], REST)[-1] == HOME + 2, "then into the home without a lap"
    if name == "jack_swap":
        assert after.pawns[3] == 20 and after.pawns[7] == 12


def _board(surface, view) -> Board:
    """The board drawn so that the part `view` (centre and size in grid units) fills `surface`."""
    w, h = surface.get_size()
    cx, cy, vw, vh = view
    unit = min(w / vw, h / vh)
    size = round(2 * EXTENT * unit)
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (round(w / 2 - cx * unit), round(h / 2 - cy * unit))
    surface.fill(theme.FELT_DARK)
    board = Board(rect, 0)
    board.paint(surface)
    return board


def _pawns(surface, board, pawns) -> None:
    """Every pawn where the table puts it (game/keezen/layout.py): in the nest each at its place."""
    for index, square in enumerate(pawns):
        board.draw_pawn(surface, index >> 2, board.spot(index >> 2, square, index & 3, board.pawn_radius))


def _path(board, colour: int, square: int, squares) -> list:
    return [board.square(colour, square)] + [board.square(colour, step) for step in squares]


def _trim(points, start: float, end: float) -> list:
    """The path without its first `start` and last `end` pixels (from under a pawn, to its edge)."""
    points = [pygame.Vector2(point) for point in points]
    # (in a window too small to draw in, two points may fall on one pixel: nothing to trim)
    if start and len(points) > 1 and points[0] != points[1]:
        points[0] += (points[1] - points[0]).normalize() * min(start, points[0].distance_to(points[1]) * 0.8)
    if end and len(points) > 1 and points[-1] != points[-2]:
        points[-1] -= (points[-1] - points[-2]).normalize() * min(end, points[-1].distance_to(points[-2]) * 0.8)
    return points


def _badge(surface, board, point, text: str, colour, u: float) -> None:
    radius = max(6, int(board.square_radius * 1.1))
    centre = (point[0] + radius, point[1] - radius)
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, theme.BACKGROUND, centre, radius, max(1, int(2 * u)))
    blit_text(surface, text, int(radius * 1.5), theme.BACKGROUND, centre, "center", bold=True)


def paint(name: str):
    def draw(surface, u: float, four: bool) -> None:
        state, move = position(name)
        board = _board(surface, POSITIONS[name][2])
        width, head = max(3, int(7 * u)), max(8, int(20 * u))
        _pawns(surface, board, state.pawns)
        if name == "jack_swap":
            one, other = board.square(0, move.square), board.square(1, move.other_square)
            gap = board.pawn_radius * 1.2
            arrow(surface, _trim(bow(one, other, 0.25), gap, gap), theme.ACCENT, width, head)
            arrow(surface, _trim(bow(other, one, 0.25), gap, gap), theme.ACCENT, width, head)
            for colour, square in ((0, move.square), (1, move.other_square)):
                mark_spot(surface, board.spot(colour, square, 0, board.pawn_radius), theme.ACCENT, max(2, int(4 * u)))
            return
        for colour, square, steps in move.parts:
            path = _path(board, colour, square, walk_path(colour, square, steps))
            if name == "blocked_start":
                stop = path.index(board.square(1, rules.START[1]))
                arrow(surface, _trim(path[:stop], board.pawn_radius, 0), theme.BAD, width, head)
                between = (pygame.Vector2(path[stop - 1]) + pygame.Vector2(path[stop])) / 2
                cross(surface, between, board.unit * 0.42, theme.BAD, width)
                continue
            hits = path[-1] in [board.square(i >> 2, sq) for i, sq in enumerate(state.pawns) if sq >= 0]
            if name == "four_back":       # above the squares: the way on into the home runs below them
                path = path[:1] + [(x, y - board.unit * 0.3) for x, y in path[1:]]
            arrow(surface, _trim(path, board.pawn_radius, board.pawn_radius if hits else 0), theme.ACCENT, width, head)
            mark_spot(surface, board.spot(colour, square, 0, board.pawn_radius), theme.TEXT, max(2, int(4 * u)))
            if name == "seven_split":
                _badge(surface, board, path[-1], str(abs(steps)), theme.GOOD, u)
        if name == "hit":
            target = move.parts[0][1] + move.parts[0][2]
            pawn = state.pawns.index(target, 4, 8)        # green's pawn there, back to its own place in the nest
            hit = board.square(1, target)
            nest = board.spot(1, NEST, pawn & 3, board.pawn_radius)
            arrow(surface, _trim(bow(hit, nest.center, -0.2), board.pawn_radius, board.pawn_radius * 1.4), theme.BAD,
                  max(2, width * 2 // 3), head)
            mark_spot(surface, nest, theme.BAD, max(2, int(4 * u)))
        if name == "four_back":
            end = (1 + move.parts[0][2]) % rules.TRACK
            ghost = pygame.Surface(surface.get_size(), pygame.SRCALPHA)     # where the 4 puts the pawn
            board.draw_pawn(ghost, 0, board.spot(0, end, 0, board.pawn_radius))
            ghost.set_alpha(140)
            surface.blit(ghost, (0, 0))
            later = [(x, y + board.unit * 0.35) for x, y in _path(board, 0, end, walk_path(0, end, REST))]
            arrow(surface, _trim(later, board.pawn_radius, 0), theme.GOOD, max(2, width * 2 // 3), head)
    return draw


PICTURES = {name: Picture(view[2] / view[3], paint(name), lambda name=name: check(name))
            for name, (_, _, view) in POSITIONS.items()}
