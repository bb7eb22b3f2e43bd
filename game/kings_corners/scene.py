"""Kings Corners on screen: the cross of piles around the stock, the hands, whose turn it is.

Where things lie is game/kings_corners/layout.py, what is said game/kings_corners/words.py,
how the table's parts look game/kings_corners/draw.py. The kit seats the others around
`bottom_seat()` and shows a hand face up only for the seats of `open_hands()`.

Playing: drag a card from the hand onto a place, or a whole pile onto another; or click (or
confirm with the cursor) a card or a pile, then its target: the legal targets light up.
Back cancels. End turn / draw: the button, NEXT (Tab / RB) or a click on the stock; ACTION1
asks for a hint, ACTION2 undoes (the base stops undo at a move that reveals a card).

Every card is a sprite keyed by itself, so the animator flies played cards from the hand or
the other seat's fan, drawn cards from the stock and piles from place to place. What changes
only with a move (felt, piles, stock, seats, info, log) is one cached layer; the hand, the
marks, the buttons and the flights are drawn over it each frame. Between hands the standings
show, the score sheet one key away (game/ui/between_hands.py), and the base holds the
computers until a human says "Next hand".
"""
from __future__ import annotations

import pygame

from game.kings_corners import draw, rules, words
from game.kings_corners.layout import FAN, LOG_LINES, Layout
from game.kings_corners.rules import Deal, EndTurn, MovePile, PlayCard, S
from game.kings_corners.words import K, end_key, hand_order
from game.ui import input as inp
from game.ui.game_scene import GameScene
from game.ui.i18n import language, t
from game.ui.table.animator import Sprite
from game.ui.table.draw import Piece, PieceLayer, mark
from game.ui.table.panels import ScoreSheet, Sheet, draw_button, draw_log
from game.ui.table.seats import draw_hand, lifted
from game.ui.table.standings import Standings, draw_standings
from game.ui.table.targets import Drag, Target, Targets

NEW_CARD_SECONDS = 2.5   # a card just drawn is marked this long


def move_onto(chosen, place: int):
    """The move that lays the chosen card or pile, ("card", card) or ("pile", place), on `place`."""
    kind, value = chosen
    return PlayCard(value, place) if kind == "card" else MovePile(value, place)


class KingsCornersScene(GameScene):
    game = "kings_corners"
    hides_hands = True      # only matters with two or more humans: the hand-over screen
    undo_while_computer_moves = False
    hint_key = K + "say.hint"     # its reasons name the move

    def __init__(self, app, record, state):
        super().__init__(app, record, state)
        self.selected = None         # ("card", Card) | ("pile", place)
        self.new_cards: dict = {}    # card -> time it was drawn
        self._layer = PieceLayer()
        self._sheet = ScoreSheet()

    # -- seats and what may be seen -------------------------------------------------------
    def bottom_hand(self) -> list:
        """The bottom seat's hand as drawn: cards when face up, None for each back."""
        hand = hand_order(self.state.hands[self.bottom_seat()])
        return hand if self.bottom_seat() in self.open_hands() else [None] * len(hand)

    def layout(self) -> Layout:
        return self.cached_layout(lambda _: Layout.fitted(self.app, self.state, self.bottom_seat(), self.bottom_hand(),
                                                          self.button_names()), self.version, tuple(self.button_names()))

    def sprites(self, layout=None) -> list:
        """Every card on the table where the state puts it (the stock is a stack, not cards)."""
        layout = layout or self.layout()
        state, found = self.state, []
        for place, pile in enumerate(state.piles):
            fx, fy = FAN[place]
            covered = ("strip", "right" if fx < 0 else "bottom", int(layout.steps[place])) if fx < 0 or fy < 0 else "face"
            for index, (card, rect) in enumerate(zip(pile, layout.piles[place])):
                found.append(Sprite(card, rect, covered if index < len(pile) - 1 else "face"))
        for seat, rects in layout.seat_cards.items():
            look = "back" if layout.positions[seat] == "top" else "turned"
            hand = state.hands[seat]
            if seat in self.open_hands():      # a review showing every hand
                look, hand = ("face" if look == "back" else "turned_face"), hand_order(hand)
            found += [Sprite(card, rect, look) for card, rect in zip(hand, rects)]
        hand = hand_order(state.hands[layout.bottom])
        found += [Sprite(card, rect, "face" if layout.open_hand else "back", live=True)
                  for card, rect in zip(hand, layout.hand)]
        return found

    # -- buttons --------------------------------------------------------------------------
    def button_names(self) -> list[str]:
        state = self.state
        if state.is_over():
            return ["result"] if self.finish.shown else []
        if state.hand_over():
            return ["next"] if self.human_seats else []
        if not self.can_play():
            return []
        return ["end", "hint"] + (["undo"] if self.undo.possible() else [])

    def button_label(self, name: str) -> str:
        return t(K + "button." + (end_key(self.state) if name == "end" else name))

    # -- targets ----------------------------------------------------------------------------
    def targets(self, layout: Layout) -> Targets:
        found = [Target(("place", place), layout.zones[place], drop=True) for place in range(8)]
        found.append(Target(("stock",), layout.stock, focusable=False))
        found += [Target(("button", name), rect) for name, rect in layout.buttons.items()]
        if layout.open_hand:
            found += [Target(("hand", index), rect, row="hand") for index, rect in enumerate(self.hand_rects(layout))]
        return Targets(found)

    def hand_rects(self, layout: Layout) -> list[pygame.Rect]:
        """The hand's rects as drawn (the focused card lifted a little, the selected more)."""
        card = self.chosen("card")
        index = layout.hand_cards.index(card) if card is not None and card in layout.hand_cards else None
        return lifted(layout.hand, layout.lift, self.focus if self.can_play() else None, index)

    def chosen(self, kind: str):
        """The card or the place of the pile chosen, if one of `kind` is."""
        return self.selected[1] if self.selected and self.selected[0] == kind else None

    def is_chosen(self, key) -> bool:
        kind, value = key
        if kind == "hand":
            cards = self.layout().hand_cards
            return value < len(cards) and self.selected == ("card", cards[value])
        return kind == "place" and self.selected == ("pile", value)

    def legal_targets(self) -> set:
        """The places where the selected card or pile may go now."""
        if not self.selected or not self.can_play():
            return set()
        kind, value = self.selected
        return set(self.state.card_targets(value) if kind == "card" else self.state.pile_targets(value))

    def tidy(self, layout: Layout) -> None:
        super().tidy(layout)
        if self.state.hand_over():
            for name in ("next", "result"):       # between hands and at the end: the way on
                if name in layout.buttons:
                    self.focus = ("button", name)
        if self.selected and not self.can_play():
            self.forget_choice()      # the turn has gone: nothing stays chosen
        if self.new_cards:            # a card new in the hand is marked a while
            self.new_cards = {card: at for card, at in self.new_cards.items() if self.time - at < NEW_CARD_SECONDS}

    def default_focus(self, layout: Layout):
        if layout.open_hand:
            return ("hand", len(layout.hand_cards) // 2)
        return ("button", next(iter(layout.buttons))) if layout.buttons else ("place", S)

    # -- input ----------------------------------------------------------------------------
    def handle_game(self, action):
        name, state = action.name, self.state
        if state.is_over():
            self.finish.reopen(action, self.layout().buttons.get("result"))
            return
        if state.hand_over() and self.between.handle(action, self.layout().sheet):
            return
        if state.hand_over() and name == inp.CONFIRM:
            self.between.acknowledge()
            return
        if self.controls.handle(action):
            return
        if name == inp.BACK:
            self.cancel()
        elif name == inp.NEXT:
            self.end_turn()

    def can_drag(self, key) -> bool:
        return self.can_play() and (key[0] == "hand" or (key[0] == "place" and bool(self.state.piles[key[1]])))

    def drag_start(self, key, pos) -> Drag | None:
        """Lift the pressed card or pile so it follows the mouse."""
        if not self.can_drag(key):
            return None
        layout = self.layout()
        if key[0] == "hand":
            card = layout.hand_cards[key[1]]
            item, cards, rects = ("card", card), [card], [self.hand_rects(layout)[key[1]]]
        else:
            item, cards, rects = ("pile", key[1]), list(self.state.piles[key[1]]), list(layout.piles[key[1]])
        self.selected = item
        return Drag(item, cards, rects, pos, card_width=layout.cw)

    def drop(self, drag: Drag, key) -> None:
        self.selected = None
        for card, rect in zip(drag.things, drag.rects_now()):
            self.motion.animator.jump(card, rect)     # from here the cards fly on, or back
        if key is None or key == ("place", drag.item[1]):
            return  # dropped beside the table, or where it came from: nothing happens
        self.try_move(move_onto(drag.item, key[1]))

    def activate(self, key, by_mouse: bool = False):
        """Confirm / click on a target: select, play, end the turn or press a button. After a
        selection by keyboard or gamepad the cursor jumps to the first legal target."""
        if key is None:
            self.cancel(quiet=True)
            return
        if self.state.hand_over():
            if key == ("button", "next"):
                self.between.acknowledge()
            return
        kind = key[0]
        if kind == "button":
            if key[1] == "end":
                self.end_turn()
            else:
                self.press(key[1])
            return
        if not self.can_play():
            if self.humans_turn and self.face_up_seat() is None:
                return  # the hand-over screen is about to appear
            self.refuse(t(K + "say.wait"))
            return
        if kind == "stock":
            if end_key(self.state) != "end":
                self.end_turn()
            return
        layout = self.layout()
        if kind == "hand":
            card = layout.hand_cards[key[1]]
            if self.selected == ("card", card):
                self.cancel()
                return
            self.select(("card", card), layout, by_mouse)
            return
        place = key[1]
        if self.selected is None:
            if self.state.piles[place]:
                self.select(("pile", place), layout, by_mouse)
            else:
                self.refuse(t(K + "say.select_first"))
            return
        if self.selected == ("pile", place):
            self.cancel()
            return
        self.try_move(move_onto(self.selected, place))

    def select(self, item, layout, by_mouse: bool) -> None:
        self.selected = item
        legal = self.legal_targets()
        if item[0] == "card" and len(legal) == 1 and self.plays_forced():
            self.try_move(move_onto(item, next(iter(legal))))    # its one place: played at once
            return
        self.app.sound.play("click")
        if not legal:
            self.app.notify(words.nowhere(self.state, item))
        elif not by_mouse:
            self.focus = ("place", min(legal, key=lambda p: (-layout.bases[p].bottom, p)))

    def cancel(self, quiet: bool = False):
        if self.selected or self.controls.drag:
            self.selected = None
            self.controls.cancel()
            if not quiet:
                self.app.sound.play("click")

    def try_move(self, move) -> bool:
        hand = hand_order(self.state.hands[self.state.to_move()])
        index = hand.index(move.card) if isinstance(move, PlayCard) and move.card in hand else None
        done = self.apply(move)      # (a move played forgets the choice: `after_move`)
        if done:
            count = len(self.state.hands[self.state.to_move()]) if self.can_play() else 0
            if index is not None and count:
                self.focus = ("hand", min(index, count - 1))
        return done

    def end_turn(self):
        if not self.can_play():
            if not self.state.hand_over() and self.humans_turn and self.face_up_seat() is not None:
                self.app.sound.play("error")
            return
        self.selected = None
        self.apply(EndTurn())

    # -- after a move: the log, the cards drawn, what it cost ---------------------------------
    def after_move(self, seat, move):
        state = self.state
        self.forget_choice()
        stock = self.layout().stock
        for event in state.events:
            if words.from_stock(event):
                self.motion.animator.come_from(event.card, stock, "back")
                if event.target == f"hand:{self.face_up_seat()}":
                    self.new_cards[event.card] = self.time
            if words.kings_first(event):
                self.app.notify(words.kings_first_paid(state, event, self.seat_name, self.said), 4)
        if isinstance(move, Deal):
            self.new_cards.clear()
            self.focus = None
        if state.hand_over() and not state.is_over():
            winner = state.sheet[-1].get("winner")
            self.app.sound.play("win" if winner is not None and winner in self.human_seats else "card")
        else:
            super().after_move(seat, move)

    def forget_choice(self) -> None:
        self.selected = None

    # -- statistics and the result ----------------------------------------------------------
    def stat_score(self):
        """The human's total, lower is better (penalty scorings); None with chips, whose
        balances are not comparable with penalty points in one best-score column."""
        humans = self.human_seats
        if not humans or self.state.scoring == "chips":
            return None
        return self.state.totals[humans[0]], False

    def result_lines(self):
        return words.result_lines(self.state, self.seat_name)

    # -- texts (game/kings_corners/words.py) ---------------------------------------------------
    def sole_human(self) -> int | None:
        """The only human's seat, called 'you' (None with no humans or several)."""
        return self.human_seats[0] if len(self.human_seats) == 1 else None

    def status_text(self) -> str:
        return words.status(self.state, self.seat_name, self.sole_human(), self.is_human(self.state.turn) or not self.thinks(),
                            self.can_play(),
                            self.selected, bool(self.legal_targets()))

    def score_sheet(self) -> Sheet:
        dealer = self.state.to_move()
        note = words.sheet_note(self.state, self.seat_name, self.said, self.is_human(dealer), self.between.waiting())
        return draw.score_sheet(words.sheet(self.state, self.seat_name, self.said, note))

    def standings(self) -> Standings:
        """The break's standings: what the hand just played brought each seat."""
        state, dealer = self.state, self.state.to_move()
        chips, entry = state.scoring == "chips", state.sheet[-1]
        fields = words.sheet(state, self.seat_name, self.said, "")
        return self.between.standings(fields["title"], entry["chips" if chips else "points"], state.scores(),
                                      (lambda n: f"{n:+d}") if chips else str,
                                      (t("standings.this_hand"), t(K + ("sheet.balance" if chips else "sheet.total"))),
                                      words.sheet_note(state, self.seat_name, self.said, self.is_human(dealer),
                                                       self.between.waiting()), chips)

    # -- drawing ----------------------------------------------------------------------------
    def face_widths(self, layout) -> tuple:
        return (layout.cw,)

    def warm_pictures(self, layout) -> None:
        draw.warm_pictures(layout)

    def draw(self, surface, alpha):
        layout, state = self.layout(), self.state
        drag = self.controls.drag
        away = self.motion.moving() | (set(drag.things) if drag else set())     # drawn on top of the table
        key = (self.app.size, layout.u, self.four(), language(), self.version, layout.bottom, self.open_hands(),
               frozenset(away), self.phone_plates())
        surface.blit(self._layer.get(self.app.size, key, lambda: self.table_pieces(layout, away)), (0, 0))
        focused = self.focus if self.can_play() or state.hand_over() else None
        self.status_line.draw(surface, layout.status, self.shown_status(), layout.u, self.can_play() and not self.words_held())
        hint_from, hint_to, hint_end = self.hint_parts()
        if self.controls.hover == ("stock",) and self.can_play() and end_key(state) != "end" and not drag:
            mark(surface, layout.stock, "focus", layout.u)      # a click on the stock draws
        legal, chosen_pile = self.legal_targets(), self.chosen("pile")
        draw.pile_marks(surface, layout, self.time, legal, hint_from, hint_to, chosen_pile,
                        chosen_pile if drag else None, focused)
        selected = self.chosen("card")
        draw_hand(surface, layout.hand_cards, self.hand_rects(layout), layout.u, self.four(),
                  frame=layout.hand if state.phase == rules.PLAY and state.turn == layout.bottom else None,
                  keys=hand_order(state.hands[layout.bottom]), away=away,
                  marks_of=lambda index, card: {} if card is None else dict(
                      selected=card == selected, hint=hint_from == ("card", card), focus=focused == ("hand", index)),
                  new=self.new_cards, new_label=t(K + "new"),
                  empty=t(K + "hand.empty") if state.phase == rules.PLAY else "", area=layout.hand_area)
        for name, rect in layout.buttons.items():
            draw_button(surface, rect, self.button_label(name), layout.u, primary=name in ("end", "next", "result"),
                        focused=focused == ("button", name), hinted=hint_end and name == "end")
        self.motion.draw_flying(surface)
        if drag:
            over = self.targets(layout).drop_at(drag.pos, drag.rects_now()[0], layout.cw // 5)
            place = None if over in (None, ("place", drag.item[1])) else over[1]     # not back where it was
            draw.dragged(surface, layout, drag, place, legal, self.four())
        if self.at_break() and not self.between.sheet and not self.motion.busy():
            draw_standings(surface, layout.sheet, layout.u, self.standings())
        elif state.hand_over() and not self.motion.busy():
            self._sheet.draw(surface, layout.sheet, layout.u, (language(), self.version, self.between.seen,
                                                               state.is_over()), self.score_sheet, self.four())

    def hint_parts(self):
        """(source, target place, end turn?) of the hinted move, for highlighting."""
        move = self.computers.hinted if self.can_play() else None
        if isinstance(move, PlayCard):
            return ("card", move.card), move.place, False
        if isinstance(move, MovePile):
            return ("pile", move.source), move.target, False
        return None, None, isinstance(move, EndTurn)

    def table_pieces(self, layout, away):
        """The felt, the info, the log, the piles, the stock and the seats: what changes only
        with a move (see `PieceLayer`). `away` are the cards flying or dragged (drawn on top
        instead)."""
        u = layout.u
        felt = draw.felt(self.app.size, layout)
        pieces = [draw.info(layout, words.info_texts(self.state)),
                  Piece(layout.log.inflate(int(8 * u), int(8 * u)), tuple(self.log.lines),
                        lambda surface: draw_log(surface, layout.log, self.log.lines, u, LOG_LINES, wrapped=2))]
        pieces += draw.places(layout, self.state, away)
        pieces += self.motion.resting_pieces(self.sprites(layout), away)
        pieces += draw.plates(layout, self.state, self.seat_name, self.seat_level, self.seat_character)
        return felt, (id(felt), u, self.four(), language()), pieces

    # -- legend -----------------------------------------------------------------------------
    def game_legend(self):
        state = self.state
        if state.is_over():
            return ([(inp.CONFIRM, K + "legend.result")] if self.finish.shown else []) + [(inp.MENU, "legend.pause")]
        if state.hand_over():
            return [(inp.CONFIRM, K + "legend.next_hand"), *self.between.legend(), (inp.MENU, "legend.pause")]
        if not self.can_play():
            return [(inp.MENU, "legend.pause")]
        return self.turn_legend(cancel=bool(self.selected), step=K + "legend." + end_key(self.state))


SCENE = KingsCornersScene
