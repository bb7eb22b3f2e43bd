"""4 Koningen's table drawn from a `Frame`, what one frame shows: the felt, the panels and
the grid of controlled cards (one cached layer, repainted only when a move changes it), the
status and message lines, the marks, the hand and the two drawn cards with what lies on them
and what it adds up to (or why a selection may not go there), and the side panel: the game
number, the round's progress, the draw piles, the lost pile and the buttons.

It only reads: the scene's `draw()` builds the frame and calls these in order; the cards at
rest and in flight are the animator's.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import pygame

from game.cards import SUIT_SYMBOL, SUITS
from game.ui import cards as gfx
from game.ui import theme
from game.ui.table.draw import Piece, draw_stack, marks, panel, shadow_reach
from game.ui.table.panels import draw_button
from game.ui.text import blit_fitted, blit_text, blit_wrapped, fit
from game.vier_koningen import rules
from game.vier_koningen.layout import Layout
from game.vier_koningen.words import ROMAN, lost_row, pile_span, say, selected_sum

FUTURE = (92, 140, 112)          # the place of a card of a later round: faint
PRIMARY = ("take", "draw", "judge", "new", "stop")     # the buttons of the turn's next step


@dataclass(frozen=True)
class Frame:
    """What one frame of the table shows, read from the state and the scene's choices."""
    layout: Layout
    state: object
    u: float
    four: bool             # cards in four colours
    time: float
    hand: list             # the hand as shown (in the hand step: the cards chosen for it)
    selection: list        # the cards chosen (for the hand, or to lay on a drawn card)
    mine: list             # the round's cards under control, wherever they lie
    turns: int
    seed: int
    focused: object        # the cursor's target, None while the player may not act
    away: set              # cards not at their places (in flight, dragged)
    hint_cards: set
    hint_targets: set
    checks: dict           # drawn card index: what laying the selection there would do (see scene.cover_check)
    legal: set             # the targets the selection may go to: lit up
    buttons: list          # (key, label, enabled)
    sprites: list


def grid_facts(state, selection, mine, flying) -> tuple:
    """What the grid shows: (the controlled cards, those chosen for the hand, those in play
    elsewhere (in the hand, on a drawn card), the controlled ones in flight)."""
    controlled = frozenset(state.controlled)
    chosen = frozenset(selection) if state.phase == "hand" else frozenset()
    return controlled, chosen, chosen | frozenset(mine) - controlled, frozenset(flying) & controlled


def table_pieces(layout, u: float, four: bool, round_no: int, controlled, chosen, away, flying) -> tuple:
    """The felt, and as pieces (see `PieceLayer`) the panels, the suit signs and the grid: what
    changes only with a move or a card chosen for the hand (the marks are drawn on top)."""
    pieces = [Piece(layout.status.inflate(4, 4), "status", lambda image: panel(image, layout.status, u)),
              Piece(layout.side.inflate(4, 4), "side", lambda image: panel(image, layout.side, u, radius=18))]
    for box in [layout.hand_box] + layout.drawn_boxes:
        pieces.append(Piece(box.inflate(4, 4), "box", lambda image, box=box: panel(image, box, u, theme.FELT, radius=16)))
    for suit, rect in layout.suit_rows:
        pieces.append(Piece(rect.inflate(rect.w, rect.h), ("suit", suit), lambda image, suit=suit, rect=rect: blit_text(
            image, SUIT_SYMBOL[suit], int(theme.HEADING * u), gfx.suit_ink(suit, four), rect.center, "center")))
    faces, slot_w = [], layout.slot_w     # the empty places first: a card of the row above lies on them
    for card, rect in layout.cells.items():
        place = pygame.Rect((rect.x + (rect.w - slot_w) // 2, rect.y), gfx.card_size(slot_w))
        if card in flying and card not in away:
            pieces.append(Piece(place.inflate(4, 4), "slot", lambda image, place=place: gfx.draw_slot(image, place.topleft,
                                                                                                      slot_w)))
        elif card in controlled or card in away:   # a chosen card bright (marked on top), else dim
            faces.append((card, rect))
        else:
            colour = (255, 255, 255) if card.rank <= rules.ROUND_TOP[round_no] else FUTURE
            pieces.append(Piece(place.inflate(4, 4), ("slot", card, colour), lambda image, place=place, card=card, colour=colour:
                                gfx.draw_slot(image, place.topleft, slot_w, label=card.label, color=colour)))
    for card, rect in faces:
        dim = card in away and card not in chosen
        reach = shadow_reach(rect.w)
        pieces.append(Piece(rect.inflate(2 * reach, 2 * reach), ("face", card, dim),
                            lambda image, card=card, rect=rect, dim=dim: card_face(image, card, rect, four, dim=dim)))
    return pieces


def warm_pictures(layout, four: bool) -> list:
    """The grid's empty places of every card in both looks (in play, later) and the lost
    pile's red back: a new round draws them first (made then, they took a frame over 16.7 ms).
    Returned, to be made in the frames after the opening (`FaceWarmer.later`: a hundred of them
    made the opening itself slow): every card dimmed, in the grid (while it flies) and in the
    side panel (a past turn), which the frame that first dims a card made."""
    for card in layout.cells:
        for colour in ((255, 255, 255), FUTURE):
            gfx.slot(layout.slot_w, card.label, colour)
    gfx.slot(layout.slot_w)
    gfx.back(layout.lost.w, "red")
    return [functools.partial(gfx.tinted_face, card, width, four)
            for width in (layout.gw, layout.tw) for card in layout.cells]


def card_face(surface, card, rect, four: bool, dim: bool = False) -> None:
    """A card face; `dim` greys it (in play elsewhere, or a verdict already past)."""
    if dim:
        surface.blit(gfx.tinted_face(card, rect.w, four), rect)
    else:
        gfx.draw_card(surface, card, rect, four_colour=four)


def lines(surface, frame: Frame, status: str, message: str, colour) -> None:
    """The status line (what to do) and the message line under it."""
    u, box, line = frame.u, frame.layout.status, frame.layout.message
    blit_fitted(surface, status, (int(theme.BODY * u), int(theme.SMALL * u)), box.w - int(40 * u), theme.TEXT,
                box.center, "center", bold=True)
    blit_fitted(surface, message, (int(theme.SMALL * u), int(theme.TINY * u)), line.w - int(20 * u), colour,
                line.center, "center")


def grid_marks(surface, frame: Frame) -> None:
    choosing = frame.state.phase == "hand"
    for card, rect in frame.layout.cells.items():
        marks(surface, rect, frame.u, hint=choosing and card in frame.hint_cards,
              selected=choosing and card in frame.selection, focus=frame.focused == ("grid", card))


def table(surface, frame: Frame) -> None:
    """The hand's box (its heading, what a selection adds up to, its empty places, the marks
    on its cards) and the two drawn cards' boxes, over the cards at rest."""
    state, layout, phase = frame.state, frame.layout, frame.state.phase
    size = state.hand_size() if not state.is_over() else 0
    hand, box = frame.hand, layout.hand_box
    title = say("table.hand_choose", k=len(hand), n=size) if phase == "hand" else say("table.hand", k=len(hand))
    suits = {card.suit for card in frame.selection}
    if phase == "cover" and len(suits) == 1:
        under(surface, frame, box, title, theme.TEXT, True, selected_sum(frame.selection))
    else:
        under(surface, frame, box, title, theme.TEXT, True)
        if phase == "cover" and suits:
            under(surface, frame, box, say("table.mixed"), theme.BAD, line=1)
    for rect in layout.hand_slots[len(hand):size]:
        gfx.draw_slot(surface, rect)
    places = {sprite.key: sprite.rect for sprite in frame.sprites}
    for card in hand:
        marks(surface, places[card], frame.u, selected=phase == "cover" and card in frame.selection,
              hint=phase in ("cover", "hand") and card in frame.hint_cards, focus=frame.focused == ("hand", card))
    verdict = state.verdict or ()
    for index, box in enumerate(layout.drawn_boxes):
        if index < len(state.drawn):     # (also as they lay when the game was given up)
            drawn_card(surface, frame, index)
        elif phase == "cover":      # the last card of the round's cards: a one-card turn
            under(surface, frame, box, say("table.one_card"), theme.TEXT_DIM, top=True)
        elif index < len(verdict):
            item = verdict[index]
            heading(surface, frame, box, say("table.last_turn", n=index + 1), theme.TEXT_DIM)
            places = [layout.drawn[index]] + layout.covers[index]
            for card, place in zip((item.drawn,) + tuple(item.laid), places):
                if card not in frame.away:
                    card_face(surface, card, place, frame.four, dim=True)
            under(surface, frame, box, say("table.won" if item.won else "table.lost", card=str(item.drawn)),
                  theme.GOOD if item.won else theme.BAD, True, item.arithmetic)
        else:
            heading(surface, frame, box, say("table.drawn", n=index + 1), theme.TEXT_DIM)
            gfx.draw_slot(surface, layout.drawn[index], label="?")


def drawn_card(surface, frame: Frame, index: int) -> None:
    """A drawn card in the cover step, what lies on it, and what lies on it adds up to, or
    what the selection would do, or why it cannot."""
    layout = frame.layout
    card, laid, box = frame.state.drawn[index], frame.state.covers[index], layout.drawn_boxes[index]
    heading(surface, frame, box, say("table.drawn_card", n=index + 1, card=str(card)), theme.TEXT)
    rect = layout.drawn[index]
    whole = rect.union(layout.covers[index][max(0, len(laid) - 1)]) if laid else rect
    marks(surface, whole, frame.u, frame.time, legal=("drawn", index) in frame.legal,
          hint=("drawn", index) in frame.hint_targets, focus=frame.focused == ("drawn", index))
    if laid:
        under(surface, frame, box, say("table.laid"), theme.TEXT_DIM, False, rules.judge(card, laid).arithmetic,
              theme.TEXT)
    elif index in frame.checks:
        ok, result = frame.checks[index]
        if ok:
            colour = theme.GOOD if result.won else theme.BAD
            under(surface, frame, box, say("table.would_win" if result.won else "table.would_lose"), colour, False,
                  result.arithmetic)
        else:
            under(surface, frame, box, result, theme.BAD)
    else:
        under(surface, frame, box, say("table.need", suit=SUIT_SYMBOL[card.suit], n=card.rank, triple=3 * card.rank),
              theme.TEXT_DIM)


def heading(surface, frame: Frame, box, text, colour) -> None:
    u = frame.u
    blit_text(surface, text, int(theme.SMALL * u), colour, (box.x + 14 * u, box.y + 6 * u), "topleft", bold=True,
              width=box.w - 28 * u, box=box)


def under(surface, frame: Frame, box, text, colour, bold=False, arithmetic=None, ink=None, line=0, top=False) -> None:
    """Text under a box's cards (`top`: from the top of the box): one line and the
    arithmetic under it, or without arithmetic up to three wrapped lines (from `line`)."""
    u = frame.u
    small, body, tiny = int(theme.SMALL * u), int(theme.BODY * u), int(theme.TINY * u)
    x, y = box.x + 14 * u, (box.y + 14 * u) if top else frame.layout.text_y + line * small * 1.3
    width = box.w - 28 * u
    if arithmetic is not None or bold:
        blit_fitted(surface, text, (small, tiny), width, colour, (x, y), bold=bold)
        if arithmetic is not None:
            blit_fitted(surface, arithmetic, (body, small, tiny), width, ink or colour, (x, y + small * 1.3), bold=True)
    elif line:
        blit_wrapped(surface, text, small, colour, x, y, width, 2)
    else:
        blit_wrapped(surface, text, small if top else tiny, colour, x, y, width, 4 if top else 3)


def side(surface, frame: Frame) -> None:
    """The side panel, top to bottom: the game number and the turn, the round and its
    progress, the draw piles (the active one on a gold ground), the lost pile, the buttons."""
    state, layout = frame.state, frame.layout
    su, inner, ys = layout.su, layout.inner, layout.side_y
    small, tiny, large = int(theme.SMALL * su), int(theme.TINY * su), int(theme.HEADING * su)
    turn = say("side.turns", n=frame.turns) if state.is_over() else say("side.turn", n=state.turn)
    turn_rect = blit_text(surface, turn, small, theme.TEXT_DIM, (inner.right, ys["game"]), "topright", box=inner)
    blit_text(surface, say("side.game", seed=frame.seed), small, theme.TEXT_DIM, (inner.x, ys["game"]), "topleft",
              width=turn_rect.x - inner.x - 12 * su, box=inner)
    blit_text(surface, say("side.round", n=state.round), large, theme.TEXT, (inner.x, ys["round"]), "topleft",
              bold=True, width=inner.w)
    # progress: the round's cards under control (hand and table included), and the kings
    owned, total = len(frame.mine), state.round_cards()
    count = blit_text(surface, say("side.progress_count", k=owned, n=total), small, theme.TEXT,
                      (inner.right, ys["progress"]), "topright", bold=True)
    blit_fitted(surface, say("side.progress"), (small, tiny), count.x - inner.x - int(12 * su), theme.TEXT_DIM,
                (inner.x, ys["progress"]))
    bar = layout.bar
    pygame.draw.rect(surface, theme.BACKGROUND, bar, border_radius=bar.h // 2)
    if owned:
        filled = pygame.Rect(bar.x, bar.y, int(bar.w * min(1.0, owned / max(1, total))), bar.h)
        pygame.draw.rect(surface, theme.GOOD, filled, border_radius=bar.h // 2)
    blit_text(surface, fit(say("side.kings", k=sum(card.rank == 13 for card in frame.mine)), tiny, inner.w), tiny,
              theme.TEXT_DIM, (inner.x, ys["kings"]), "topleft")
    blit_text(surface, say("side.piles"), small, theme.TEXT_DIM, (inner.x, ys["piles"]), "topleft", width=inner.w,
              box=inner)
    active = state.round - 1
    for index, rect in enumerate(layout.piles):
        if index == active and not state.is_over():
            ground = pygame.Rect(rect.x - int(14 * su), rect.y - int(10 * su), rect.w + int(28 * su),
                                 int(ys["count"] + tiny * 1.3 + 8 * su - rect.y + 10 * su))
            pygame.draw.rect(surface, theme.ACCENT_DARK, ground, border_radius=int(12 * su))
        draw_stack(surface, rect, len(state.piles[index]), su, ROMAN[index], badge=bool(state.piles[index]))
        legal = ("pile", index) in frame.legal
        marks(surface, rect, frame.u, frame.time, legal=legal, focus=legal and frame.focused == ("pile", index))
        colour = theme.TEXT if index == active else theme.TEXT_DIM
        blit_text(surface, ROMAN[index], small, colour, (rect.centerx, ys["roman"]), "midtop", bold=True)
        blit_text(surface, pile_span(index), tiny, colour, (rect.centerx, ys["count"]), "midtop")
    # the lost pile (face down; its content only with the peek option)
    blit_text(surface, say("side.lost", n=len(state.lost)), small, theme.TEXT_DIM, (inner.x, ys["lost"]),
              "topleft", width=inner.w, box=inner)
    draw_stack(surface, layout.lost, len(state.lost), su, back_colour="red", badge=bool(state.lost))
    peek(surface, frame)
    for (key, rect), (_, label, enabled) in zip(layout.buttons, frame.buttons):
        draw_button(surface, rect, label, su, primary=key in PRIMARY, focused=frame.focused == ("button", key),
                    enabled=enabled, hinted=("button", key) in frame.hint_targets, ground=theme.BACKGROUND)


def peek(surface, frame: Frame) -> None:
    """Beside the lost pile: its cards by suit with the peek option, else why they are hidden."""
    su, state, box = frame.layout.su, frame.state, frame.layout.peek
    tiny = int(theme.TINY * su)
    if not state.lost_pile_visible():
        blit_wrapped(surface, say("side.peek_off"), tiny, theme.TEXT_DIM, box.x, box.y + 4 * su, box.w, 4)
        return
    pygame.draw.rect(surface, theme.BACKGROUND, box, border_radius=int(10 * su))
    if not state.lost:
        blit_text(surface, say("side.peek_empty"), tiny, theme.TEXT_DIM, box.center, "center")
        return
    for row, suit in enumerate(SUITS):
        blit_text(surface, fit(lost_row(state.lost, suit), tiny, box.w - int(20 * su), bold=True), tiny,
                  gfx.suit_ink(suit, frame.four), (box.x + 12 * su, box.y + box.h / 4 * (row + 0.5)), "midleft",
                  bold=True)
