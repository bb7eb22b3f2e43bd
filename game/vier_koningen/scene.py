"""4 Koningen on screen: the solo patience of conquering the four kings.

Left: the controlled cards in four rows (spades, hearts, clubs, diamonds), one column per
value, so a missing card shows as an empty place; below them the hand and the two drawn
cards with the cards laid on each and, once judged, the verdict with its arithmetic
("♥ 3+2 ≥ 5", "♠ 9 < 3×4"). Right: the game number, the round and its progress, the three
draw piles (the active one marked), the lost pile (its content only with the peek option)
and the buttons.

A turn: toggle controlled cards into the hand and take it, draw, select hand cards and lay
them on a drawn card (the legal targets light up; an illegal cover says why next to the
drawn card), judge. Mouse (click, or drag a hand card onto a drawn card), keyboard and
gamepad (a focus cursor; confirm selects, back cancels, Tab/RB the next step). Undo offers
exactly the rules' two take-backs that reveal nothing: putting the hand back before the
draw and taking cards off a drawn card before judging. Autoplay lets the helper play on
(seat 0 becomes a hard computer seat) until any input.
"""
from __future__ import annotations

import math
import sys

import pygame

from game.base import IllegalMove
from game.cards import SUIT_SYMBOL, SUITS, Card
from game.ui import cards as gfx
from game.ui import input as inp
from game.ui import theme
from game.ui.game_scene import GameScene, ResultOverlay
from game.ui.i18n import has, t
from game.ui.text import blit_text, fit, font, render, wrap
from game.ui.widgets import nearest
from game.vier_koningen import rules

PEEK_STATS_KEY = "vier_koningen_peek"
ROMAN = ("I", "II", "III")
SELECTED = (255, 255, 255)
FUTURE = (92, 140, 112)          # the place of a card of a later round: faint
GHOST_TINT = (118, 138, 126)    # a card that is the player's but not in its place: dimmed
AUTOPLAY_LEVEL = "hard"
# suit colours for text on the dark panels (the card inks are too dark there)
SUIT_TEXT = {"S": (232, 232, 236), "H": (255, 122, 118), "C": (232, 232, 236), "D": (255, 122, 118)}
SUIT_TEXT_FOUR = {"S": (232, 232, 236), "H": (255, 122, 118), "C": (120, 214, 140), "D": (128, 176, 255)}
# passive input that does not stop autoplay (a mouse that merely moves)
PASSIVE = (inp.POINT, inp.RELEASE, inp.SCROLL, inp.TEXT)


def _k(key: str) -> str:
    return f"vier_koningen_scene.{key}"


def _say(key: str, **params) -> str:
    return t(_k(key), **params)


def cards_text(cards) -> str:
    return " ".join(str(card) for card in cards)


def reason_text(reason) -> str:
    """A helper's reason or a rules error in the player's language (English as fallback)."""
    key = getattr(reason, "key", "")
    if key and has(key):
        return t(key, **(getattr(reason, "params", None) or {}))
    return str(reason)


def _lerp(a: float, b: float, p: float) -> float:
    return a + (b - a) * p


def _ease(p: float) -> float:
    p = max(0.0, min(1.0, p))
    return p * p * (3 - 2 * p)


class Target:
    __slots__ = ("kind", "value", "rect")

    def __init__(self, kind: str, value, rect: pygame.Rect):
        self.kind, self.value, self.rect = kind, value, pygame.Rect(rect)

    @property
    def id(self):
        return (self.kind, self.value)


class Flight:
    """A card on its way: from `src` to a card place (`dest` = the card) or a pile."""
    __slots__ = ("card", "src", "dest", "start", "duration", "flip", "face_down_end")

    def __init__(self, card, src, dest, start, duration, flip=False, face_down_end=False):
        self.card, self.src, self.dest = card, pygame.Rect(src), dest
        self.start, self.duration, self.flip, self.face_down_end = start, duration, flip, face_down_end


class VierKoningenScene(GameScene):
    game = "vier_koningen"

    def __init__(self, app, setup, state, seed):
        setup = dict(setup)
        if not state.log:
            setup.pop("helper_played", None)   # a new game: nothing was played by the helper yet
        super().__init__(app, setup, state, seed)
        self.selection: list = []      # hand phase: the chosen hand; cover phase: cards to lay
        self.focus = None
        self.autoplay = False
        self.card_flights: list[Flight] = []
        self.card_drag = None               # a hand card being dragged onto a drawn card
        self.result_at = None          # when the result overlay is due
        self.hint_text = ""
        self.banner = None
        self._backdrop_cache = None
        self._grid_cache = None
        self._sizes = None              # (grid card width, table card width, four colours) last drawn
        self._warm_key = None
        self._warm_queue = []
        self._warmed_at = -1
        self._drawn_frames = 0
        self._check_cache = {}
        self._ghosts = {}
        self._auto_select()

    def enter(self):
        self._focus_default()

    # -- seats: autoplay turns the one seat into a computer seat ---------------------------
    def set_autoplay(self, on: bool) -> None:
        if on == self.autoplay:
            return
        if on and (self.state.is_over() or not self.is_human(0)):
            return
        self.autoplay = on
        self.card_drag = None
        if on:
            self.selection = []
            self.hint = None
            self.hint_text = ""
            self.seats = [AUTOPLAY_LEVEL]
        else:
            self.seats = list(self.setup["seats"])[: self.state.players]
            self._auto_select()
        if self.asked:
            self.app.worker.cancel()
        self.asked, self.pending, self.turn_time = None, None, 0.0
        self.app.sound.play("click")
        self._focus_default()

    def outcome(self):
        if not self.state.is_over():
            return None
        return "won" if self.state.result == "won" else "lost"

    def stats_key(self) -> str:
        return PEEK_STATS_KEY if self.state.lost_pile_visible() else self.game

    def turns(self) -> int:
        return sum(self.state.round_turns.values())

    def stat_score(self):
        """Fewest turns to a win (lower is better); a loss sets no best score."""
        return (self.turns(), False) if self.state.result == "won" else None

    # -- rules helpers ----------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.state.phase

    def player_turn(self) -> bool:
        return self.humans_turn and not self.autoplay

    def hand_cards(self) -> list:
        if self.phase == "hand":
            return rules.sort_cards(self.selection)
        return list(self.state.hand)

    def owned(self) -> int:
        state = self.state
        return len(state.controlled) + len(state.hand) + sum(len(cover) for cover in state.covers)

    def _auto_select(self) -> None:
        """When the hand must hold every controlled card, it is chosen already."""
        state = self.state
        if state.phase == "hand" and not self.autoplay and state.controlled \
                and state.hand_size() >= len(state.controlled):
            self.selection = list(state.controlled)

    def cover_check(self, target: int):
        """(legal, text) for laying the current selection on drawn card `target`."""
        key = (tuple(self.selection), len(self.state.log), target)
        if key not in self._check_cache:
            if len(self._check_cache) > 64:
                self._check_cache.clear()
            trial = self.state.copy()
            try:
                trial.play(rules.Cover(target, tuple(self.selection)))
            except IllegalMove as error:
                self._check_cache[key] = (False, reason_text(error))
            else:
                verdict = rules.judge(self.state.drawn[target], tuple(self.selection))
                self._check_cache[key] = (True, verdict)
        return self._check_cache[key]

    def primary(self):
        """(button key, enabled) for the next step of the turn."""
        phase = self.phase
        if phase == "hand":
            return "take", len(self.selection) == self.state.hand_size()
        if phase == "draw":
            return "draw", True
        if phase == "cover":
            return "judge", all(self.state.covers)
        return None, False

    def buttons(self) -> list[tuple[str, bool]]:
        """(key, enabled) of the buttons that make sense now."""
        if self.state.is_over():
            return [("new", True), ("menu", True)]
        if self.autoplay:
            return [("stop", True)]
        if not self.humans_turn:
            return [("menu", True)]
        key, enabled = self.primary()
        items = [(key, enabled)]
        undo = self.state.undo_move()
        if self.phase == "draw":
            items.append(("change", True))
        elif self.phase == "cover":
            items.append(("takeback", undo is not None))
        items += [("hint", True), ("autoplay", True), ("menu", True)]
        return items

    def button_label(self, key: str) -> str:
        if key == "take":
            return _say("button.take", k=len(self.selection), n=self.state.hand_size())
        if key == "draw":
            return _say("button.draw", n=self.state.cards_to_draw())
        return _say(f"button.{key}")

    # -- layout ----------------------------------------------------------------------------
    def layout(self) -> dict:
        u = self.app.u
        area = self.app.content_rect()
        state = self.state
        m = int(22 * u)
        side_w = int(min(max(400 * u, area.w * 0.23), 520 * u))
        side = pygame.Rect(area.right - m - side_w, area.y + m, side_w, area.h - 2 * m)
        left = pygame.Rect(area.x + m, area.y + m, side.x - 2 * m - area.x, area.h - 2 * m)
        status = pygame.Rect(left.x, left.y, left.w, int(56 * u))
        message = pygame.Rect(left.x, status.bottom + int(6 * u), left.w, int(38 * u))
        # the table: hand, drawn card 1, drawn card 2 (sized for round 1, the widest)
        pad, gap = int(14 * u), int(26 * u)
        tw = int(min(128 * u, (left.w - 6 * pad - 2 * gap) / (5 * 1.1 + 2 * (1 + 0.42 * 3))))
        th = gfx.card_size(tw)[1]
        label_h = int(44 * u)
        text_h = int(max(theme.SMALL * 1.3 + theme.BODY * 1.25, theme.TINY * 1.25 * 3) * u) + int(8 * u)
        table_h = label_h + int(th * 1.16) + text_h + pad
        table_y = left.bottom - table_h
        hand_n = rules.HAND_SIZE[state.round]
        maxc = rules.MAX_COVER[state.round]
        hand_w = int(hand_n * tw + (hand_n - 1) * 0.1 * tw) + 2 * pad
        drawn_w = int(tw * (1 + 0.42 * 3)) + 2 * pad   # as wide in every round: room for the arithmetic
        total = hand_w + 2 * drawn_w + 2 * gap
        x = left.x + max(0, (left.w - total) // 2)
        hand_box = pygame.Rect(x, table_y, hand_w, table_h)
        card_y = table_y + label_h
        hand_slots = [pygame.Rect(hand_box.x + pad + int(i * tw * 1.1), card_y, tw, th) for i in range(hand_n)]
        drawn_boxes, drawn, covers = [], [], []
        x = hand_box.right + gap
        for _ in range(2):
            box = pygame.Rect(x, table_y, drawn_w, table_h)
            card = pygame.Rect(box.x + pad, card_y, tw, th)
            drawn_boxes.append(box)
            drawn.append(card)
            covers.append([pygame.Rect(card.x + int(0.42 * tw * (j + 1)), card.y + int(0.16 * th), tw, th)
                           for j in range(maxc)])
            x = box.right + gap
        # the controlled cards: four rows, one column per value of the round
        grid = pygame.Rect(left.x, message.bottom + int(12 * u), left.w, table_y - message.bottom - int(26 * u))
        columns = 13   # every value, always: the layout never jumps and shows the road to the kings
        label_w = int(46 * u)
        row_h = grid.h / 4
        gw = int(min((row_h - 10 * u) / gfx.CARD_RATIO, (grid.w - label_w) / (columns * 1.07)))
        gh = gfx.card_size(gw)[1]
        step = gw * 1.07
        grid_w = label_w + int(step * (columns - 1)) + gw
        gx = grid.x + max(0, (grid.w - grid_w) // 2)
        cells, suit_rows = {}, []
        for row, suit in enumerate(SUITS):
            y = int(grid.y + row * row_h + (row_h - gh) / 2)
            suit_rows.append((suit, pygame.Rect(gx, y, label_w, gh)))
            for rank in range(1, columns + 1):
                cells[Card(rank, suit)] = pygame.Rect(int(gx + label_w + (rank - 1) * step), y, gw, gh)
        # the side panel, top to bottom; shrunk (su) when a large UI scale would overflow it
        inner = side.inflate(-int(40 * u), -int(36 * u))
        items = self.buttons()
        needed = (theme.SMALL * 1.4 + theme.HEADING * 1.3 + theme.SMALL * 1.45 + 26 + theme.TINY * 1.5 + 14
                  + theme.SMALL * 1.5 + 84 * gfx.CARD_RATIO + 8 + theme.SMALL * 1.2 + theme.TINY * 1.4 + 26
                  + theme.SMALL * 1.5 + 84 * gfx.CARD_RATIO + 24 + max(1, len(items)) * 66)
        su = min(u, inner.h / needed)
        pw = int(min(84 * su, inner.w / 3 / 1.5))
        ph = gfx.card_size(pw)[1]
        y = inner.y
        side_y = {"game": y}
        y += theme.SMALL * 1.4 * su
        side_y["round"] = y
        y += theme.HEADING * 1.3 * su
        side_y["progress"] = y
        y += theme.SMALL * 1.45 * su
        bar = pygame.Rect(inner.x, int(y), inner.w, max(4, int(16 * su)))
        y += 26 * su
        side_y["kings"] = y
        y += (theme.TINY * 1.5 + 14) * su
        side_y["piles"] = y
        y += theme.SMALL * 1.5 * su
        column_w = inner.w / 3
        piles = [pygame.Rect(int(inner.x + column_w * i + (column_w - pw) / 2), int(y), pw, ph) for i in range(3)]
        y += ph + 8 * su
        side_y["roman"] = y
        y += theme.SMALL * 1.2 * su
        side_y["count"] = y
        y += (theme.TINY * 1.4 + 26) * su
        side_y["lost"] = y
        y += theme.SMALL * 1.5 * su
        lost = pygame.Rect(inner.x + int(8 * su), int(y), pw, ph)
        peek = pygame.Rect(lost.right + int(24 * su), lost.y - int(4 * su), inner.right - lost.right - int(24 * su),
                           ph + int(8 * su))
        button_h, button_gap = int(56 * su), int(10 * su)
        top = inner.bottom - len(items) * (button_h + button_gap) + button_gap
        top = max(top, peek.bottom + int(16 * su))
        button_rects = [(key, pygame.Rect(inner.x, top + i * (button_h + button_gap), inner.w, button_h))
                        for i, (key, _) in enumerate(items)]
        return {"area": area, "left": left, "side": side, "inner": inner, "status": status, "message": message,
                "tw": tw, "hand_box": hand_box, "hand_slots": hand_slots, "drawn_boxes": drawn_boxes,
                "drawn": drawn, "covers": covers, "grid": grid, "gw": gw, "cells": cells, "suit_rows": suit_rows,
                "su": su, "side_y": side_y, "bar": bar, "piles": piles, "lost": lost, "peek": peek,
                "buttons": button_rects, "label_h": label_h, "text_y": card_y + int(th * 1.16) + int(8 * u)}

    def card_positions(self, layout) -> dict:
        """Where every face-up card of the table lies now: card -> rect."""
        state = self.state
        positions = {}
        chosen = set(self.selection) if state.phase == "hand" else set()
        for card in state.controlled:
            if card not in chosen and card in layout["cells"]:
                positions[card] = layout["cells"][card]
        for card, rect in zip(self.hand_cards(), layout["hand_slots"]):
            positions[card] = rect
        for index, card in enumerate(state.drawn[:2]):
            positions[card] = layout["drawn"][index]
            for card_on, rect in zip(state.covers[index], layout["covers"][index]):
                positions[card_on] = rect
        return positions

    def targets(self, layout) -> list[Target]:
        found = []
        if self.player_turn():
            phase = self.phase
            if phase == "hand":
                owned = set(self.state.controlled)
                found += [Target("grid", card, rect) for card, rect in layout["cells"].items() if card in owned]
            for card, rect in zip(self.hand_cards(), layout["hand_slots"]):
                found.append(Target("hand", card, rect))
            if phase == "cover":
                for index in range(len(self.state.drawn[:2])):
                    rect = layout["drawn"][index].union(layout["covers"][index][-1])
                    found.append(Target("drawn", index, rect))
            if phase == "draw":
                found.append(Target("pile", self.state.round - 1, layout["piles"][self.state.round - 1]))
        found += [Target("button", key, rect) for key, rect in layout["buttons"]]
        return found

    def is_legal_target(self, target: Target) -> bool:
        if not self.player_turn():
            return False
        if target.kind == "drawn":
            return bool(self.selection) and self.cover_check(target.value)[0]
        if target.kind == "pile":
            return self.phase == "draw"
        return False

    # -- input -------------------------------------------------------------------------------
    def handle(self, action):
        if self.autoplay and action.name not in PASSIVE:
            self.set_autoplay(False)          # any input stops the helper
            if action.name != inp.MENU:
                return
        super().handle(action)

    def handle_game(self, action):
        name = action.name
        if self.autoplay:
            return
        layout = self.layout()
        targets = self.targets(layout)
        if name in inp.DIRECTIONS:
            current = self._focused(targets)
            if current is None:
                self._focus_default()
                return
            others = [target for target in targets if target.id != current.id]
            index = nearest(current.rect, [target.rect for target in others], name)
            if index is not None:
                self.focus = others[index].id
                self.app.sound.play("click")
            return
        if name == inp.POINT:
            if self.card_drag is not None:
                self._drag_to(action.pos)
                return
            hit = self._target_at(targets, action.pos)
            if hit:
                self.focus = hit.id
            return
        if name == inp.PRESS:
            hit = self._target_at(targets, action.pos)
            if hit is None:
                return
            self.focus = hit.id
            if hit.kind == "hand" and self.phase == "cover" and self.player_turn():
                was_selected = hit.value in self.selection
                if not was_selected:
                    self._choose(hit)
                self.card_drag = {"card": hit.value, "start": action.pos, "pos": action.pos, "moving": False,
                             "was_selected": was_selected}
                return
            self._choose(hit)
            return
        if name == inp.RELEASE:
            self._drop(targets, action.pos)
            return
        if name == inp.CONFIRM:
            current = self._focused(targets)
            if current is not None:
                self._choose(current)
            else:
                self._focus_default()
            return
        if name == inp.BACK:
            self.card_drag = None
            if self.selection and not (self.phase == "hand" and self.state.hand_size() >= len(self.state.controlled)):
                self._move_cards(self._clear_selection)
                self.app.sound.play("click")
                if self.focus == ("button", "take"):
                    self._focus_default()
            return
        if name == inp.ACTION1:
            self.ask_hint()
            return
        if name == inp.ACTION2:
            self.undo()
            return
        if name == inp.NEXT:
            self._step()
            return
        if name == inp.PREV:
            self.set_autoplay(True)

    def _clear_selection(self):
        self.selection = []

    def _drag_to(self, pos):
        drag = self.card_drag
        drag["pos"] = pos
        if not drag["moving"]:
            dx, dy = pos[0] - drag["start"][0], pos[1] - drag["start"][1]
            drag["moving"] = math.hypot(dx, dy) > 12 * self.app.u

    def _drop(self, targets, pos):
        drag, self.card_drag = self.card_drag, None
        if drag is None or self.phase != "cover" or drag["card"] not in self.state.hand:
            return
        if drag["moving"]:
            hit = self._target_at([target for target in targets if target.kind == "drawn"], pos)
            if hit is not None:
                if drag["card"] not in self.selection:
                    self.selection.append(drag["card"])
                self._choose(hit)
        elif drag["was_selected"] and drag["card"] in self.selection:
            self.selection.remove(drag["card"])     # a plain click on a selected card puts it back
            self.app.sound.play("click")

    def _focused(self, targets):
        return next((target for target in targets if target.id == self.focus), None)

    @staticmethod
    def _target_at(targets, pos):
        for target in reversed(targets):
            if target.rect.collidepoint(pos):
                return target
        return None

    def _refuse(self, text: str) -> None:
        self.app.sound.play("error")
        self.app.notify(text)

    def _choose(self, target: Target) -> None:
        if target.kind == "button":
            self._press_button(target.value)
            return
        if not self.player_turn():
            return
        phase = self.phase
        if target.kind == "grid":
            card = target.value
            if card in self.selection:
                self._move_cards(lambda: self.selection.remove(card))
                self.app.sound.play("click")
            elif len(self.selection) >= self.state.hand_size():
                self._refuse(_say("say.hand_full", n=self.state.hand_size()))
            else:
                self._move_cards(lambda: self.selection.append(card))
                self.app.sound.play("click")
                if len(self.selection) == self.state.hand_size():
                    self.focus = ("button", "take")
            return
        if target.kind == "hand":
            card = target.value
            if phase == "hand":
                if self.state.hand_size() >= len(self.state.controlled):
                    self._refuse(_say("say.all_cards"))
                    return
                self._move_cards(lambda: self.selection.remove(card))
                self.app.sound.play("click")
                self.focus = ("grid", card)
            elif phase == "draw":
                self._refuse(_say("say.draw_first"))
            elif phase == "cover":
                if card in self.selection:
                    self.selection.remove(card)
                else:
                    self.selection.append(card)
                self.app.sound.play("click")
            return
        if target.kind == "drawn":
            index = target.value
            if self.selection:
                if self.apply(rules.Cover(index, tuple(self.selection))):
                    self.selection = []
                    self._focus_default()
            elif self.state.covers[index]:
                self.apply(rules.Uncover(index))
            else:
                self._refuse(_say("say.select_first"))
            return
        if target.kind == "pile" and phase == "draw":
            self.apply(rules.Draw())

    def _press_button(self, key: str) -> None:
        if key == "new":
            self.app.new_game(self.game, self.setup)
        elif key == "menu":
            self.handle(inp.Action(inp.MENU, inp.MOUSE))     # the pause menu: give up, rules, quit
        elif key == "stop":
            self.set_autoplay(False)
        elif key == "autoplay":
            self.set_autoplay(True)
        elif key == "hint":
            self.ask_hint()
        elif key in ("change", "takeback"):
            self.undo()
        else:
            self._step()

    def _step(self) -> None:
        """The next step of the turn: take the hand, draw, or judge."""
        if not self.player_turn():
            return
        phase = self.phase
        if phase == "hand":
            size = self.state.hand_size()
            if len(self.selection) != size:
                self._refuse(_say("say.choose_more", k=size - len(self.selection)))
                return
            self.apply(rules.ChooseHand(tuple(self.selection)))
        elif phase == "draw":
            self.apply(rules.Draw())
        elif phase == "cover":
            if not all(self.state.covers):
                self._refuse(_say("say.cover_all"))
                return
            self.apply(rules.Judge())

    # -- moves, undo, hints -----------------------------------------------------------------------
    def apply(self, move, play=None) -> bool:
        layout = self.layout()
        before = self.card_positions(layout)
        old = {"round": self.state.round, "hand": list(self.state.hand), "covers": list(self.state.covers)}
        if not self.is_human(self.state.to_move()):
            self.setup["helper_played"] = True      # saved with the move: such a game is not counted
        if not super().apply(move, play):
            return False
        self._after(move, old)
        self._animate(before, move)
        return True

    def after_move(self, seat, move) -> None:
        """Sounds are played in _after (the base's card sound would double them)."""
        self.undo_stack.clear()   # undo here is the rules' own take-back, never a snapshot
        if self.asked == "hint":
            self.app.worker.cancel()
            self.asked = None
        self.hint_text = ""
        self._check_cache.clear()

    def _after(self, move, old) -> None:
        state = self.state
        sound = "card"
        if isinstance(move, rules.ReturnHand):
            self.selection = list(old["hand"])
            sound = "click"
        elif isinstance(move, rules.Uncover):
            self.selection = list(old["covers"][move.target])
            sound = "click"
        else:
            self.selection = []
        if isinstance(move, rules.Draw) and state.last_reshuffle == "draw":
            self.show_banner(_say("say.reshuffled"))
            sound = "shuffle"
        if isinstance(move, rules.Judge) and not state.is_over():
            if state.round > old["round"]:
                self.show_banner(_say("say.new_round", n=state.round, pile=ROMAN[state.round - 1],
                                      hand=rules.HAND_SIZE[state.round], max=rules.MAX_COVER[state.round]), 6)
                sound = "win"
            elif state.last_reshuffle == "turn_end":
                self.show_banner(_say("say.reshuffled"))
                sound = "shuffle"
        self._auto_select()
        if not state.is_over():
            self.app.sound.play(sound)
        self._focus_default()

    def show_banner(self, text: str, seconds: float = 4.0) -> None:
        """News of the game (a reshuffle, a new round) on the message line under the status."""
        self.banner = (text, self.time + seconds)

    def can_undo(self) -> bool:
        return self.player_turn() and self.state.undo_move() is not None

    def undo(self) -> None:
        """Only the rules' take-backs that reveal nothing: the hand before the draw, the
        cards on a drawn card before judging. A draw or a judgement is never undone."""
        move = self.state.undo_move() if self.player_turn() else None
        if move is None:
            if self.player_turn():
                self._refuse(_say("say.no_undo"))
            return
        self.apply(move)

    def ask_hint(self) -> None:
        if not self.player_turn():
            return
        self.hint_text = _say("say.thinking")
        super().ask_hint()

    def on_hint(self, move, reason) -> None:
        self.hint_text = _say("say.hint", move=self.move_text(move), reason=reason_text(reason))
        self.focus = self._hint_focus(move) or self.focus

    def _hint_focus(self, move):
        if isinstance(move, rules.Cover):
            return ("drawn", move.target) if set(move.cards) <= set(self.selection) else ("hand", move.cards[0])
        if isinstance(move, rules.Uncover):
            return ("drawn", move.target)
        if isinstance(move, rules.Draw):
            return ("button", "draw")
        if isinstance(move, rules.Judge):
            return ("button", "judge")
        if isinstance(move, rules.ChooseHand):
            if set(move.cards) == set(self.selection):
                return ("button", "take")
            missing = [card for card in move.cards if card not in self.selection]
            return ("grid", missing[0]) if missing else None
        return None

    def hinted(self):
        """(cards, targets) the hint points at, to highlight."""
        if not self.hint:
            return set(), set()
        move = self.hint[0]
        cards = set(getattr(move, "cards", ()) or ())
        targets = set()
        if isinstance(move, (rules.Cover, rules.Uncover)):
            targets.add(("drawn", move.target))
        elif isinstance(move, rules.Draw):
            targets.add(("button", "draw"))
        elif isinstance(move, rules.Judge):
            targets.add(("button", "judge"))
        elif isinstance(move, rules.ChooseHand) and set(move.cards) == set(self.selection):
            targets.add(("button", "take"))
        return cards, targets

    def move_text(self, move) -> str:
        if isinstance(move, rules.ChooseHand):
            return _say("move.hand", cards=cards_text(move.cards))
        if isinstance(move, rules.Cover):
            return _say("move.cover", cards=cards_text(move.cards), card=str(self.state.drawn[move.target]))
        if isinstance(move, rules.Uncover):
            return _say("move.uncover", card=str(self.state.drawn[move.target]))
        return _say(f"move.{type(move).__name__.lower()}")

    def _receive(self, kind, answer, seat) -> None:
        """The base checks `move in legal_moves()`, which lists every possible hand (tens of
        thousands in round 1) on the loop's thread, and falls back to any legal move, giving
        up included. Here a move is tried on a copy; when the helper fails, autoplay stops
        and says so, and a computer seat makes a plain move."""
        if kind != "move":
            super()._receive(kind, answer, seat)
            if self.hint is None:
                self.hint_text = ""         # no hint came: the "thinking" line goes
            return
        move = answer.move
        if not answer.error and move is not None and not isinstance(move, rules.GiveUp):
            trial = self.state.copy()
            try:
                trial.play(move)
            except IllegalMove:
                pass
            else:
                self.pending = move
                return
        if answer.error:
            print(f"spelavond: the 4 Koningen helper failed:\n{answer.error}", file=sys.stderr)
        if self.autoplay:
            self.set_autoplay(False)
            self._refuse(_say("say.helper_failed"))
            return
        self.pending = self._plain_move()

    def _plain_move(self):
        """A move that keeps the game going when the helper has none (never giving up)."""
        state = self.state
        if state.phase == "hand":
            return rules.ChooseHand(tuple(state.controlled[: state.hand_size()]))
        if state.phase == "draw":
            return rules.Draw()
        covers = [move for move in state.legal_moves() if isinstance(move, rules.Cover)]
        return covers[0] if covers else rules.Judge()

    # -- animation ---------------------------------------------------------------------------
    def _move_cards(self, change) -> None:
        """Run a selection change with the cards it moves flying to their new places."""
        before = self.card_positions(self.layout())
        change()
        self._animate(before, None)

    def _animate(self, before: dict, move) -> None:
        duration = self.app.pace("animation")
        if duration <= 0:
            self.card_flights = []
            return
        layout = self.layout()
        after = self.card_positions(layout)
        hold = duration * 2.5 if isinstance(move, rules.Judge) else 0.0
        now = self.time
        # a card already on its way starts its new flight from where it is now
        current = {}
        for flight in self.card_flights:
            if now < flight.start + flight.duration and flight.dest[0] == "card" and flight.dest[1] in before:
                p = _ease((now - flight.start) / max(1e-6, flight.duration))
                dest = before[flight.dest[1]]
                current[flight.card] = pygame.Rect(int(_lerp(flight.src.x, dest.x, p)), int(_lerp(flight.src.y, dest.y, p)),
                                                   int(_lerp(flight.src.w, dest.w, p)), int(_lerp(flight.src.h, dest.h, p)))
        before = {**before, **current}
        flying = set()
        lost = set(self.state.lost)
        draw_pile = set(self.state.draw_pile)
        pile_index = self.state.round - 1
        fresh = []
        for card, rect in after.items():
            if card in before:
                if before[card] != rect and card not in flying:
                    fresh.append(Flight(card, before[card], ("card", card), now + hold, duration))
            elif isinstance(move, rules.Draw):
                delay = 0.12 * duration * len([f for f in fresh if f.flip])
                fresh.append(Flight(card, layout["piles"][pile_index], ("card", card), now + delay, duration, flip=True))
        for card, rect in before.items():
            if card in after or card in flying:
                continue
            if card in lost:
                fresh.append(Flight(card, rect, ("lost",), now + hold, duration, face_down_end=True))
            elif card in draw_pile:
                fresh.append(Flight(card, rect, ("pile", pile_index), now + hold, duration, face_down_end=True))
        moved = {flight.card for flight in fresh}
        self.card_flights = [f for f in self.card_flights if now < f.start + f.duration and f.card not in moved] + fresh

    def _warm_faces(self) -> None:
        """Draw one card face a frame ahead of need (the table's and the grid's sizes), so a
        card first shown at a size does not stall that frame."""
        sizes = self._sizes
        if sizes is None:
            return
        if self._warm_key != sizes:
            self._warm_key = sizes
            gw, tw, four = sizes
            deck = [Card(rank, suit) for rank in range(13, 0, -1) for suit in SUITS]
            self._warm_queue = [(card, width) for width in (gw, tw) for card in deck]
        if self._warm_queue and not self.animating() and self._warmed_at != self._drawn_frames:
            self._warmed_at = self._drawn_frames          # at most one face a frame, even when catching up
            card, width = self._warm_queue.pop()
            gfx.face(card, width, self._sizes[2])

    def animating(self) -> bool:
        return any(self.time < flight.start + flight.duration for flight in self.card_flights)

    def computer_may_move(self) -> bool:
        return not self.animating()

    # -- the end -----------------------------------------------------------------------------------
    def counts_for_statistics(self) -> bool:
        return not self.setup.get("helper_played")  # games the helper played are not counted

    def game_over(self) -> None:
        """The result shows once the last cards have landed (peeking is counted apart)."""
        self.autoplay = False
        self.seats = list(self.setup["seats"])[: self.state.players]
        self.selection = []
        self.result_at = self.time + 0.6 + self.app.pace("animation") * 4

    def update(self, dt):
        super().update(dt)
        self._warm_faces()
        now = self.time
        if self.card_flights and not self.animating():
            self.card_flights = []
        if self.result_at is not None and now >= self.result_at and not self.animating():
            self.result_at = None
            self.app.push(ResultOverlay(self.app, self))

    def result_title(self) -> str:
        result = self.state.result
        if result == "won":
            return _say("result.won")
        if result == "gave_up":
            return _say("result.gave_up")
        return _say("result.lost")

    def result_lines(self) -> list[str]:
        state = self.state
        turns = self.turns()
        if state.result == "won":
            lines = [_say("result.won_line", turns=turns)]
        elif state.result == "gave_up":
            lines = [_say("result.gave_up_line", round=state.end_round or state.round, turns=turns)]
        else:
            lines = [_say("result.lost_line", round=state.end_round or state.round, turns=turns)]
        lines.append(_say("result.game_number", seed=self.seed))
        if self.setup.get("helper_played"):
            lines.append(_say("result.helper"))
        elif state.lost_pile_visible():
            lines.append(_say("result.peek"))
        return lines

    def pause_extras(self) -> list:
        if self.state.is_over():
            return []
        return [(_say("button.give_up"), self._give_up)]

    def _give_up(self) -> None:
        self.app.pop()                          # the pause menu
        self.set_autoplay(False)
        self.apply(rules.GiveUp())

    # -- focus -------------------------------------------------------------------------------
    def _focus_default(self) -> None:
        layout = self.layout()
        targets = self.targets(layout)
        ids = {target.id for target in targets}
        phase = self.phase
        wanted = []
        if self.state.is_over():
            wanted = [("button", "new")]
        elif self.autoplay:
            wanted = [("button", "stop")]
        elif phase == "hand":
            if len(self.selection) == self.state.hand_size():
                wanted = [("button", "take")]
            else:
                wanted = [("grid", card) for card in self.state.controlled if card not in self.selection]
        elif phase == "draw":
            wanted = [("button", "draw")]
        elif phase == "cover":
            if all(self.state.covers):
                wanted = [("button", "judge")]
            else:
                wanted = [("hand", card) for card in self.state.hand]
        for item in wanted:
            if item in ids:
                self.focus = item
                return
        if self.focus not in ids and targets:
            self.focus = targets[0].id

    # -- drawing -----------------------------------------------------------------------------------
    def status_text(self) -> str:
        state = self.state
        if state.is_over():
            if state.result == "won":
                return _say("status.won", turns=self.turns())
            if state.result == "gave_up":
                return _say("status.gave_up")
            return _say("status.lost", turns=self.turns())
        if self.autoplay:
            return _say("status.autoplay")
        if not self.humans_turn:
            return _say("status.computer")
        phase = self.phase
        if phase == "hand":
            size = state.hand_size()
            if len(self.selection) == size:
                return _say("status.hand_ready", n=size)
            return _say("status.hand", n=size, k=len(self.selection))
        if phase == "draw":
            return _say("status.draw", pile=ROMAN[state.round - 1], n=state.cards_to_draw())
        if all(state.covers):
            return _say("status.judge")
        if self.selection:
            return _say("status.target")
        return _say("status.cover", max=state.max_cover())

    def message_text(self):
        if self.hint_text:
            return self.hint_text, theme.GOOD
        if self.banner and self.time < self.banner[1]:
            return self.banner[0], theme.ACCENT
        state = self.state
        return _say("message.round", n=state.round, hand=rules.HAND_SIZE[state.round],
                    max=rules.MAX_COVER[state.round]), theme.TEXT_DIM

    def draw(self, surface, alpha):
        layout = self.layout()
        self._sizes = (layout["gw"], layout["tw"], bool(self.app.store.settings["four_colour"]))
        self._drawn_frames += 1
        surface.blit(self._backdrop(layout), (0, 0))
        targets = self.targets(layout)
        if self._focused(targets) is None and targets:
            self._focus_default()
        focused = self._focused(targets) if self.player_turn() or self.state.is_over() or self.autoplay else None
        flying = self._flight_cards()
        hint_cards, hint_targets = self.hinted()
        self._draw_status(surface, layout)
        self._draw_grid(surface, layout, focused, flying, hint_cards)
        self._draw_table(surface, layout, focused, flying, hint_cards, hint_targets)
        self._draw_side(surface, layout, focused, hint_targets)
        self._draw_flights(surface, layout)
        self._draw_drag(surface, layout)

    def _backdrop(self, layout) -> pygame.Surface:
        """The felt, the panels and the suit signs: drawn once per window size and round."""
        four = bool(self.app.store.settings["four_colour"])
        key = (self.app.size, layout["gw"], layout["tw"], self.state.round, four,
               tuple(layout["hand_box"]), tuple(layout["side"]))
        if self._backdrop_cache is None or self._backdrop_cache[0] != key:
            u = self.app.u
            image = pygame.Surface(self.app.size).convert()
            image.fill(theme.FELT_DARK)
            self._panel(image, layout["status"], theme.PANEL, 14)
            self._panel(image, layout["side"], theme.PANEL, 18)
            for box in [layout["hand_box"]] + layout["drawn_boxes"]:
                self._panel(image, box, theme.FELT, 16)
            colours = SUIT_TEXT_FOUR if four else SUIT_TEXT
            for suit, rect in layout["suit_rows"]:
                blit_text(image, SUIT_SYMBOL[suit], int(theme.HEADING * u), colours[suit], rect.center, "center")
            self._backdrop_cache = (key, image)
        return self._backdrop_cache[1]

    def _flight_cards(self) -> set:
        return {flight.card for flight in self.card_flights if self.time < flight.start + flight.duration}

    def _panel(self, surface, rect, colour=theme.PANEL, radius=16):
        pygame.draw.rect(surface, colour, rect, border_radius=int(radius * self.app.u))

    def _ghost(self, card, width) -> pygame.Surface:
        four = bool(self.app.store.settings["four_colour"])
        key = (card, width, four)
        image = self._ghosts.get(key)
        if image is None:
            if len(self._ghosts) > 160:
                self._ghosts.clear()
            image = gfx.face(card, width, four).copy()
            image.fill(GHOST_TINT, special_flags=pygame.BLEND_RGB_MULT)
            self._ghosts[key] = image
        return image

    def _card(self, surface, card, rect, face_up=True):
        gfx.draw_card(surface, card, rect, face_up=face_up, four_colour=bool(self.app.store.settings["four_colour"]))

    def _mark(self, surface, rect, colour, u, thick=5):
        gfx.outline(surface, rect, colour, thickness=max(2, int(thick * u)), gap=max(1, int(3 * u)))

    def _draw_status(self, surface, layout):
        u = self.app.u
        box = layout["status"]
        self._fitted(surface, self.status_text(), (int(theme.BODY * u), int(theme.SMALL * u)), box.w - int(40 * u),
                     theme.TEXT, box.center, bold=True, anchor="center")
        message, colour = self.message_text()
        line = layout["message"]
        size = int(theme.SMALL * u)
        self._fitted(surface, message, (size, int(theme.TINY * u)), line.w - int(20 * u), colour, line.center,
                     anchor="center")

    def _draw_grid(self, surface, layout, focused, flying, hint_cards):
        """The controlled cards: one cached layer (redrawn when a card moves), marks on top."""
        u = self.app.u
        state = self.state
        surface.blit(self._grid_layer(layout, flying), layout["grid"])
        for card, rect in layout["cells"].items():
            if card in hint_cards and state.phase == "hand":
                self._mark(surface, rect, theme.GOOD, u)
            if card in self.selection and state.phase == "hand":
                self._mark(surface, rect, SELECTED, u, 3)
            if focused is not None and focused.id == ("grid", card):
                self._mark(surface, rect, theme.ACCENT, u, 6)

    def _grid_layer(self, layout, flying) -> pygame.Surface:
        state = self.state
        gw = layout["gw"]
        four = bool(self.app.store.settings["four_colour"])
        controlled = frozenset(state.controlled)
        away = set(self.selection) if state.phase == "hand" else set()
        away |= set(state.hand) | {card for cover in state.covers for card in cover}
        area = layout["grid"]
        key = (tuple(area), gw, state.round, four, controlled, frozenset(away), frozenset(flying & controlled),
               id(self._backdrop(layout)))
        if self._grid_cache is not None and self._grid_cache[0] == key:
            return self._grid_cache[1]
        layer = pygame.Surface(area.size).convert()
        layer.blit(self._backdrop(layout), (0, 0), area)
        for card, cell in layout["cells"].items():
            rect = cell.move(-area.x, -area.y)
            if card in controlled and card not in away:
                if card in flying:
                    gfx.draw_slot(layer, rect)
                else:
                    self._card(layer, card, rect)
            elif card in away:
                layer.blit(self._ghost(card, gw), rect)
            else:
                in_play = card.rank <= rules.ROUND_TOP[state.round]
                gfx.draw_slot(layer, rect, label=card.label, color=(255, 255, 255) if in_play else FUTURE)
        self._grid_cache = (key, layer)
        return layer

    def _draw_table(self, surface, layout, focused, flying, hint_cards, hint_targets):
        u = self.app.u
        state = self.state
        phase = state.phase
        label_size = int(theme.SMALL * u)
        # the hand: its title and what the selection adds up to below the cards
        box = layout["hand_box"]
        size = state.hand_size() if not state.is_over() else 0
        hand = self.hand_cards()
        title = _say("table.hand_choose", k=len(hand), n=size) if phase == "hand" else _say("table.hand", k=len(hand))
        x, y, width = box.x + 14 * u, layout["text_y"], box.w - 28 * u
        blit_text(surface, fit(title, label_size, width, bold=True), label_size, theme.TEXT, (x, y), "topleft",
                  bold=True)
        if phase == "cover" and self.selection:
            suits = {card.suit for card in self.selection}
            if len(suits) == 1:
                chosen = rules.sort_cards(self.selection)
                text = _say("table.selected", suit=SUIT_SYMBOL[chosen[0].suit],
                            terms="+".join(str(card.rank) for card in chosen), total=sum(c.rank for c in chosen))
                colour = theme.TEXT
                body = int(theme.BODY * u)
                blit_text(surface, fit(text, body, width, bold=True), body, colour, (x, y + label_size * 1.3),
                          "topleft", bold=True)
            else:
                self._wrapped(surface, _say("table.mixed"), label_size, theme.BAD, x, y + label_size * 1.3, width, 2)
        for index, rect in enumerate(layout["hand_slots"]):
            if index >= len(hand):
                if index < size:
                    gfx.draw_slot(surface, rect)
                continue
            card = hand[index]
            shown = rect
            if phase == "cover" and card in self.selection:
                shown = rect.move(0, -int(22 * u))
            if card not in flying and not (self.card_drag and self.card_drag["moving"] and card in self._drag_cards()):
                self._card(surface, card, shown)
            if card in self.selection and phase == "cover":
                self._mark(surface, shown, SELECTED, u, 4)
            if card in hint_cards and phase in ("cover", "hand"):
                self._mark(surface, shown, theme.GOOD, u)
            if focused is not None and focused.id == ("hand", card):
                self._mark(surface, shown, theme.ACCENT, u, 6)
        # the drawn cards
        if phase == "cover":
            for index, card in enumerate(state.drawn[:2]):
                self._draw_drawn(surface, layout, index, card, state.covers[index], focused, flying,
                                 ("drawn", index) in hint_targets)
            if len(state.drawn) == 1:   # the last card of the round's cards: a one-card turn
                box = layout["drawn_boxes"][1]
                self._wrapped(surface, _say("table.one_card"), label_size, theme.TEXT_DIM, box.x + 14 * u,
                              box.y + 14 * u, box.w - 28 * u, 4)
        else:
            verdict = state.verdict if state.verdict else ()
            for index in range(2):
                box = layout["drawn_boxes"][index]
                if index < len(verdict):
                    self._draw_verdict(surface, layout, index, verdict[index], flying)
                else:
                    blit_text(surface, _say("table.drawn", n=index + 1), label_size, theme.TEXT_DIM,
                              (box.x + 14 * u, box.y + 6 * u), "topleft", bold=True)
                    gfx.draw_slot(surface, layout["drawn"][index], label="?")

    def _draw_drawn(self, surface, layout, index, card, laid, focused, flying, hinted):
        u = self.app.u
        box = layout["drawn_boxes"][index]
        blit_text(surface, _say("table.drawn_card", n=index + 1, card=str(card)), int(theme.SMALL * u), theme.TEXT,
                  (box.x + 14 * u, box.y + 6 * u), "topleft", bold=True)
        rect = layout["drawn"][index]
        target = Target("drawn", index, rect.union(layout["covers"][index][-1]))
        legal = self.is_legal_target(target)
        if card not in flying:
            self._card(surface, card, rect)
        for card_on, place in zip(laid, layout["covers"][index]):
            if card_on not in flying:
                self._card(surface, card_on, place)
        whole = rect.union(layout["covers"][index][max(0, len(laid) - 1)]) if laid else rect
        if legal:
            self._mark(surface, whole, theme.LEGAL, u, 5)
        if hinted:
            self._mark(surface, whole.inflate(int(8 * u), int(8 * u)), theme.GOOD, u, 4)
        if focused is not None and focused.id == ("drawn", index):
            self._mark(surface, whole.inflate(int(16 * u), int(16 * u)), theme.ACCENT, u, 6)
        # what lies on it, or what the selection would do, or why it cannot
        x, y, width = box.x + 14 * u, layout["text_y"], box.w - 28 * u
        small, body, tiny = int(theme.SMALL * u), int(theme.BODY * u), int(theme.TINY * u)
        if laid:
            verdict = rules.judge(card, laid)
            blit_text(surface, fit(_say("table.laid"), small, width), small, theme.TEXT_DIM, (x, y), "topleft")
            self._fitted(surface, verdict.arithmetic, (body, small, tiny), width, theme.TEXT, (x, y + small * 1.3),
                         bold=True)
        elif self.selection and self.player_turn():
            ok, result = self.cover_check(index)
            if ok:
                key = "table.would_win" if result.won else "table.would_lose"
                colour = theme.GOOD if result.won else theme.BAD
                blit_text(surface, fit(_say(key), small, width), small, colour, (x, y), "topleft")
                self._fitted(surface, result.arithmetic, (body, small, tiny), width, colour, (x, y + small * 1.3),
                             bold=True)
            else:
                self._wrapped(surface, result, tiny, theme.BAD, x, y, width, 3)
        else:
            need = _say("table.need", suit=SUIT_SYMBOL[card.suit], n=card.rank, triple=3 * card.rank)
            self._wrapped(surface, need, tiny, theme.TEXT_DIM, x, y, width, 3)

    def _wrapped(self, surface, text, size, colour, x, y, width, lines):
        for i, line in enumerate(wrap(text, size, int(width))[:lines]):
            blit_text(surface, fit(line, size, int(width)), size, colour, (x, y + i * size * 1.25), "topleft")

    def _draw_verdict(self, surface, layout, index, item, flying):
        u = self.app.u
        box = layout["drawn_boxes"][index]
        blit_text(surface, _say("table.last_turn", n=index + 1), int(theme.SMALL * u), theme.TEXT_DIM,
                  (box.x + 14 * u, box.y + 6 * u), "topleft", bold=True)
        tw = layout["tw"]
        rect = layout["drawn"][index]
        cards = [(item.drawn, rect)] + list(zip(item.laid, layout["covers"][index]))
        for card, place in cards:
            if card not in flying:
                surface.blit(self._ghost(card, tw), place)
        x, y, width = box.x + 14 * u, layout["text_y"], box.w - 28 * u
        small, body = int(theme.SMALL * u), int(theme.BODY * u)
        colour = theme.GOOD if item.won else theme.BAD
        word = _say("table.won" if item.won else "table.lost", card=str(item.drawn))
        blit_text(surface, fit(word, small, width, bold=True), small, colour, (x, y), "topleft", bold=True)
        self._fitted(surface, item.arithmetic, (body, small, int(theme.TINY * u)), width, colour, (x, y + small * 1.3),
                     bold=True)

    def _draw_side(self, surface, layout, focused, hint_targets):
        u = self.app.u
        su = layout["su"]
        state = self.state
        side, inner, ys = layout["side"], layout["inner"], layout["side_y"]
        small, tiny, body = int(theme.SMALL * su), int(theme.TINY * su), int(theme.BODY * su)
        # game number and turn, the round
        blit_text(surface, _say("side.game", seed=self.seed), small, theme.TEXT_DIM, (inner.x, ys["game"]), "topleft")
        turn = _say("side.turns", n=self.turns()) if state.is_over() else _say("side.turn", n=state.turn)
        blit_text(surface, turn, small, theme.TEXT_DIM, (inner.right, ys["game"]), "topright")
        heading = int(theme.HEADING * su)
        blit_text(surface, fit(_say("side.round", n=state.round), heading, inner.w, bold=True), heading, theme.TEXT,
                  (inner.x, ys["round"]), "topleft", bold=True)
        # progress: the round's cards under control (hand and table included), and the kings
        owned, total = self.owned(), state.round_cards()
        count = blit_text(surface, _say("side.progress_count", k=owned, n=total), small, theme.TEXT,
                          (inner.right, ys["progress"]), "topright", bold=True)
        self._fitted(surface, _say("side.progress"), (small, tiny), count.x - inner.x - int(12 * su), theme.TEXT_DIM,
                     (inner.x, ys["progress"]))
        bar = layout["bar"]
        pygame.draw.rect(surface, theme.BACKGROUND, bar, border_radius=bar.h // 2)
        filled = bar.copy()
        filled.w = int(bar.w * min(1.0, owned / max(1, total)))
        if filled.w > 0:
            pygame.draw.rect(surface, theme.GOOD, filled, border_radius=bar.h // 2)
        kings = sum(1 for card in list(state.controlled) + list(state.hand) if card.rank == 13)
        kings += sum(1 for cover in state.covers for card in cover if card.rank == 13)
        blit_text(surface, fit(_say("side.kings", k=kings), tiny, inner.w), tiny, theme.TEXT_DIM,
                  (inner.x, ys["kings"]), "topleft")
        # the draw piles, the active one on a gold ground
        piles = layout["piles"]
        blit_text(surface, _say("side.piles"), small, theme.TEXT_DIM, (inner.x, ys["piles"]), "topleft")
        active = state.round - 1
        for index, rect in enumerate(piles):
            count = len(state.piles[index])
            if index == active and not state.is_over():
                ground = pygame.Rect(rect.x - int(14 * su), rect.y - int(10 * su), rect.w + int(28 * su),
                                     int(ys["count"] + tiny * 1.3 + 8 * su - rect.y + 10 * su))
                pygame.draw.rect(surface, theme.ACCENT_DARK, ground, border_radius=int(12 * su))
            self._draw_pile(surface, rect, count, ROMAN[index], "blue")
            if count:
                self._badge(surface, rect, count, su)
            if index == active and self.player_turn() and state.phase == "draw":
                self._mark(surface, rect, theme.LEGAL, u, 5)
                if focused is not None and focused.id == ("pile", index):
                    self._mark(surface, rect.inflate(int(12 * u), int(12 * u)), theme.ACCENT, u, 6)
            colour = theme.TEXT if index == active else theme.TEXT_DIM
            blit_text(surface, ROMAN[index], small, colour, (rect.centerx, ys["roman"]), "midtop", bold=True)
            ranks = rules.PILE_RANKS[index + 1]
            span = f"{Card(ranks[0], 'S').label}\u2013{Card(ranks[-1], 'S').label}"
            blit_text(surface, span, tiny, colour, (rect.centerx, ys["count"]), "midtop")
        # the lost pile (face down; its content only with the peek option)
        lost = layout["lost"]
        blit_text(surface, _say("side.lost", n=len(state.lost)), small, theme.TEXT_DIM, (inner.x, ys["lost"]), "topleft")
        self._draw_pile(surface, lost, len(state.lost), "", "red")
        if state.lost:
            self._badge(surface, lost, len(state.lost), su)
        self._draw_peek(surface, layout)
        # buttons
        for (key, rect), (_, enabled) in zip(layout["buttons"], self.buttons()):
            is_focused = focused is not None and focused.id == ("button", key)
            primary = key in ("take", "draw", "judge", "new", "stop")
            colour = theme.ACCENT_DARK if primary and enabled else (theme.PANEL_LIGHT if is_focused else theme.BACKGROUND)
            pygame.draw.rect(surface, colour, rect, border_radius=int(12 * su))
            if ("button", key) in hint_targets:
                pygame.draw.rect(surface, theme.GOOD, rect.inflate(int(8 * u), int(8 * u)), max(2, int(4 * u)),
                                 border_radius=int(14 * su))
            if is_focused:
                pygame.draw.rect(surface, theme.ACCENT, rect, max(2, int(4 * u)), border_radius=int(12 * su))
            label = fit(self.button_label(key), small, rect.w - int(20 * su), bold=primary)
            blit_text(surface, label, small, theme.TEXT if enabled else theme.TEXT_DIM, rect.center, "center",
                      bold=primary)

    def _badge(self, surface, rect, count, su):
        """A pile's count on a dark round label in the middle of its back."""
        number = render(str(count), int(theme.BODY * su), theme.TEXT, True)
        badge = number.get_rect(center=rect.center).inflate(int(16 * su), int(4 * su))
        badge.w = max(badge.w, badge.h)
        badge.center = rect.center
        pygame.draw.rect(surface, theme.BACKGROUND, badge, border_radius=badge.h // 2)
        surface.blit(number, number.get_rect(center=badge.center))

    def _fitted(self, surface, text, sizes, width, colour, pos, bold=False, anchor="topleft"):
        """One line at the first of `sizes` it fits in, else cut at the last."""
        for size in sizes:
            if font(size, bold).size(text)[0] <= width:
                return blit_text(surface, text, size, colour, pos, anchor, bold=bold)
        return blit_text(surface, fit(text, sizes[-1], width, bold), sizes[-1], colour, pos, anchor, bold=bold)

    def _draw_pile(self, surface, rect, count, label, colour):
        u = self.app.u
        if count <= 0:
            gfx.draw_slot(surface, rect, label=label)
            return
        layers = min(3, 1 + (count - 1) // 5)
        for layer in range(layers - 1, -1, -1):
            offset = int(3 * u) * layer
            gfx.draw_card(surface, None, rect.move(-offset, -offset), back_colour=colour, shadow=layer == layers - 1)

    def _draw_peek(self, surface, layout):
        u = layout["su"]
        state = self.state
        box = layout["peek"]
        tiny = int(theme.TINY * u)
        if not state.lost_pile_visible():
            self._wrapped(surface, _say("side.peek_off"), tiny, theme.TEXT_DIM, box.x, box.y + 4 * u, box.w, 4)
            return
        pygame.draw.rect(surface, theme.BACKGROUND, box, border_radius=int(10 * u))
        four = bool(self.app.store.settings["four_colour"])
        colours = SUIT_TEXT_FOUR if four else SUIT_TEXT
        if not state.lost:
            blit_text(surface, _say("side.peek_empty"), tiny, theme.TEXT_DIM, box.center, "center")
            return
        line_h = box.h / 4
        for row, suit in enumerate(SUITS):
            ranks = sorted(card.rank for card in state.lost if card.suit == suit)
            text = SUIT_SYMBOL[suit] + "  " + (" ".join(Card(rank, suit).label for rank in ranks) if ranks else "\u2013")
            y = box.y + line_h * (row + 0.5)
            blit_text(surface, fit(text, tiny, box.w - int(20 * u), bold=True), tiny, colours[suit],
                      (box.x + 12 * u, y), "midleft", bold=True)

    def _dest_rect(self, flight, layout, positions):
        kind = flight.dest[0]
        if kind == "card":
            return positions.get(flight.dest[1])
        if kind == "lost":
            return layout["lost"]
        return layout["piles"][flight.dest[1]]

    def _draw_flights(self, surface, layout):
        if not self.card_flights:
            return
        positions = self.card_positions(layout)
        four = bool(self.app.store.settings["four_colour"])
        for flight in self.card_flights:
            end = flight.start + flight.duration
            if self.time >= end:
                continue
            dest = self._dest_rect(flight, layout, positions)
            if dest is None:
                continue
            p = _ease((self.time - flight.start) / max(1e-6, flight.duration))
            x = _lerp(flight.src.x, dest.x, p)
            y = _lerp(flight.src.y, dest.y, p)
            w = max(4, int(_lerp(flight.src.w, dest.w, p)))
            h = gfx.card_size(w)[1]
            face_up = True
            squash = 1.0
            if flight.flip:
                squash = abs(math.cos(math.pi * p))
                face_up = p >= 0.5
            elif flight.face_down_end and p > 0.75:
                face_up = False
            base_w = int(round(max(flight.src.w, dest.w)))
            image = gfx.face(flight.card, base_w, four) if face_up else gfx.back(base_w, "red" if flight.dest[0] == "lost" else "blue")
            shown_w = max(2, int(w * squash))
            image = pygame.transform.smoothscale(image, (shown_w, h))
            surface.blit(image, (int(x + (w - shown_w) / 2), int(y)))

    def _drag_cards(self) -> list:
        if not self.card_drag:
            return []
        cards = [card for card in self.selection if card in self.state.hand]
        if self.card_drag["card"] not in cards and self.card_drag["card"] in self.state.hand:
            cards.append(self.card_drag["card"])
        return cards

    def _draw_drag(self, surface, layout):
        if not self.card_drag or not self.card_drag["moving"] or self.phase != "cover":
            return
        tw = layout["tw"]
        x, y = self.card_drag["pos"]
        for index, card in enumerate(self._drag_cards()):
            self._card(surface, card, pygame.Rect(int(x - tw / 2 + index * tw * 0.3), int(y - tw * 0.7), tw, tw))

    def legend(self):
        if self.autoplay:
            return [(inp.CONFIRM, _k("legend.stop")), (inp.MENU, "legend.pause")]
        if self.state.is_over() or not self.humans_turn:
            return [(inp.UP, "legend.move"), (inp.CONFIRM, "legend.choose"), (inp.MENU, "legend.pause")]
        items = [(inp.UP, "legend.move"), (inp.CONFIRM, "legend.select")]
        if self.selection and not (self.phase == "hand" and self.state.hand_size() >= len(self.state.controlled)):
            items.append((inp.BACK, "legend.cancel"))
        key, _ = self.primary()
        if key:
            items.append((inp.NEXT, _k(f"legend.{key}")))
        items.append((inp.ACTION1, "legend.hint"))
        if self.can_undo():
            items.append((inp.ACTION2, "legend.undo"))
        items += [(inp.PREV, _k("legend.autoplay")), (inp.MENU, "legend.pause")]
        return items


SCENE = VierKoningenScene
