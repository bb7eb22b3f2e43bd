"""A better move shown on a game's table beside the one played: in the review (a move that
lost something) and after "why?" (where an expert would have chosen another move).

The played card (Quarto's square and the piece it gave) is ringed in `colour` with the word
"played"; the better one lifted and ringed in gold with "better", where the player sees it: a
card lying face down (in a computer's hand, after "why?") is neither shown nor pointed at (its
place in a sorted hand tells of that hand; the words name it), but the place it would go to is
ringed (Kings Corners' piles); on a board of pawns
(Keezen) each move's way for its pawns is drawn from where they stood before it, the played
one broad, the better one narrower over it.
"""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.i18n import t
from game.ui.table.draw import arrow, bow
from game.ui.table.layout import note_floating
from game.ui.text import blit_text, render


def tag(surface, words: str, size: int, colour, pos, anchor: str, u: float) -> pygame.Rect:
    """A word on the table on a dark plate of its own, readable over the cards; its plate."""
    rect = tag_rect(surface, words, size, pos, anchor, u)
    pygame.draw.rect(surface, theme.BACKGROUND, rect, border_radius=int(6 * u))
    blit_text(surface, words, size, colour, rect.inflate(-int(12 * u), -int(4 * u)).topleft, bold=True)
    note_floating(f"tag {words}", rect)
    return rect


def tag_place(surface, words: str, size: int, rect: pygame.Rect, gap: int, sides: tuple, avoid: list, u: float):
    """Where `words` label `rect`: (pos, anchor) on the first of `sides` (above, below, left,
    right) where its plate covers none of `avoid` (the table's own words, the other marks and
    their words), else on the first."""
    places = {"above": ((rect.centerx, rect.y - gap), "midbottom"), "below": ((rect.centerx, rect.bottom + gap), "midtop"),
              "left": ((rect.x - gap, rect.centery), "midright"), "right": ((rect.right + gap, rect.centery), "midleft")}
    for side in sides:
        if tag_rect(surface, words, size, *places[side], u).collidelist(avoid) < 0:
            return places[side]
    return places[sides[0]]


def tag_rect(surface, words: str, size: int, pos, anchor: str, u: float) -> pygame.Rect:
    """Where `tag` puts its plate."""
    rect = render(words, size, theme.TEXT, True).get_rect(**{anchor: pos}).clamp(surface.get_rect())
    return rect.inflate(int(12 * u), int(4 * u))


def face_down(look) -> bool:
    """A card sprite's look that hides its face (see `draw_card_sprite`)."""
    return look in ("back", "turned") or (isinstance(look, tuple) and look[0] == "back")


def move_rects(table, move) -> tuple[list, list]:
    """Where a move's card (or Quarto's square and the piece it gives) is on the table, as
    the player sees it, and where a card of it lying face down would go (the top of the pile
    at its `place` where the layout has piles), instead of that card."""
    layout, found, places = table.layout(), [], []
    sprites = {sprite.key: sprite for sprite in table.sprites(layout)}
    for name in ("card", "give", "piece"):
        sprite = sprites.get(getattr(move, name, None))
        if sprite is not None and not face_down(sprite.look):
            found.append(sprite.rect)
        elif sprite is not None and isinstance(getattr(move, "place", None), int) and hasattr(layout, "top"):
            places.append(layout.top(move.place))
    square = getattr(move, "square", None)
    if isinstance(square, int) and hasattr(layout, "squares"):
        found.append(layout.squares[square])
    return found, places


def mark_better(surface, table, played, best, colour, before) -> None:
    """`played` ringed in `colour` and `best` lifted in gold on `table`'s drawing `surface`
    (of the table's size), each with its word; `before`: the state before the move (where a
    board's pawns stood)."""
    u = table.app.u
    width, small = max(2, int(4 * u)), int(theme.SMALL * u)
    was, better = move_rects(table, played)[0], move_rects(table, best)
    words = table.layout().word_rects()

    def ring(rect):      # where a mark's ring around `rect` lies
        return rect.inflate(2 * width, 2 * width)

    def lift(rect):      # a card or piece is lifted, unless its ring would then cross the table's words
        lifted = rect.move(0, -rect.h // 6)
        return rect if ring(lifted).collidelist(words) >= 0 else lifted
    lifts = [(rect, lift(rect) if rect in better[0] else rect)     # (a place it goes to is not lifted)
             for rect in better[0] + better[1] if rect not in was]               # (what both share is not marked)
    for rect, lifted in lifts:
        surface.blit(surface.subsurface(rect.clip(surface.get_rect())).copy(), lifted)
        pygame.draw.rect(surface, theme.ACCENT, ring(lifted), width, border_radius=int(8 * u))
    for rect in was:
        pygame.draw.rect(surface, colour, ring(rect), width, border_radius=int(8 * u))
    # each word where it covers neither the table's own words nor another mark or its word:
    # "better" above its card, "played" below its own, else on another side
    marks = [(lifted, "review.better", theme.ACCENT, ("above", "below", "left", "right")) for _, lifted in lifts] + \
        [(rect, "review.played", colour, ("below", "above", "left", "right")) for rect in was]
    avoid = words + [ring(rect) for rect, *_ in marks]
    for rect, key, shade, sides in marks:
        others = [other for other in avoid if other != ring(rect)]
        avoid.append(tag(surface, t(key), small, shade, *tag_place(surface, t(key), small, rect, width, sides, others, u), u))
    board = getattr(table.layout(), "board", None)
    if not hasattr(board, "move_paths"):
        return
    for move, shade, key, thick in ((played, colour, "review.played", 2.0), (best, theme.ACCENT, "review.better", 1.0)):
        paths = board.move_paths(move, before.pawns)
        for points in paths:
            arrow(surface, points if len(points) > 2 else bow(points[0], points[1], 0.2), shade,
                  max(3, int(5 * thick * u)), max(8, int(18 * u)))
        if paths:
            end = paths[0][-1]
            tag(surface, t(key), small, shade, (end[0], end[1] - board.pawn_radius - width), "midbottom", u)
