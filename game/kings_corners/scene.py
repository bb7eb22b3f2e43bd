"""Kings Corners on screen: the cross of piles around the stock, the hands, whose turn it is.

The stock lies in the middle, the side places N, E, S, W around it and the corners NE, SE,
SW, NW diagonally (N is always at the top, so place names mean the same for every player).
Piles fan outward from the stock just so far that every index shows; on piles fanned up or
to the left the covered cards show their upright index (`cards.strip_face`: a 6 never reads
as a 9). The kit seats the others around `bottom_seat()` and shows the bottom hand face up
only for `face_up_seat()`.

Playing: drag a card from the hand onto a place, or a whole pile onto another; or click (or
confirm with the cursor) a card or a pile, then its target: the legal targets light up.
Back cancels. End turn / draw: the button, NEXT (Tab / RB) or a click on the stock; ACTION1
asks for a hint, ACTION2 undoes (the base stops undo at a move that reveals a card).

Every card is a sprite keyed by itself, so the animator flies played cards from the hand or
the other seat's fan, drawn cards from the stock and piles from place to place. What changes
only with a move (felt, piles, stock, seats, info, log) is one cached layer; the hand, the
marks, the buttons and the flights are drawn over it each frame. Between hands the score
sheet shows, and the base holds the computers until a human says "Next hand".
"""
from __future__ import annotations

from collections import Counter

import pygame

from game.base import CardMoved, Scored
from game.cards import Card
from game.kings_corners import rules
from game.kings_corners.layout import FAN, LOG_LINES, Layout
from game.kings_corners.rules import CORNERS, PLACES, S, Deal, EndTurn, MovePile, PlayCard
from game.ui import cards as cardui
from game.ui import input as inp
from game.ui import theme
from game.ui.game_scene import GameScene
from game.ui.i18n import explain, language, t
from game.ui.table.animator import Sprite
from game.ui.table.draw import CachedLayer, draw_lines, draw_stack, mark, marks
from game.ui.table.panels import ScoreSheet, Sheet, draw_button, draw_log
from game.ui.table.seats import draw_hand, draw_plate, lifted
from game.ui.table.targets import Drag, Target, Targets

K = "kings_corners.scene."           # the prefix of this scene's i18n keys
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}   # black, red, black, red: neighbours differ in colour
NEW_CARD_SECONDS = 2.5   # a card just drawn is marked this long


def hand_order(hand) -> list:
    """The hand as shown: by suit (♠ ♥ ♣ ♦, colours alternating), king down to ace."""
    return sorted(hand, key=lambda card: (SUIT_ORDER[card.suit], -card.rank))


def place_name(place: int) -> str:
    return t(K + "place." + PLACES[place])


class KingsCornersScene(GameScene):
    game = "kings_corners"
    hides_hands = True      # only matters with two or more humans: the hand-over screen
    undo_while_computer_moves = False

    def __init__(self, app, record, state):
        super().__init__(app, record, state)
        self.selected = None         # ("card", Card) | ("pile", place)
        self.new_cards: dict = {}    # card -> time it was drawn
        self.move_log.append(self.said(K + "log.deal", state.dealer, name=self.seat_name(state.dealer), n=state.hand_no))
        self._layer = CachedLayer()
        self._sheet = ScoreSheet()

    # -- seats and what may be seen -------------------------------------------------------
    def bottom_hand(self) -> list:
        """The bottom seat's hand as drawn: cards when face up, None for each back."""
        hand = hand_order(self.state.hands[self.bottom_seat()])
        return hand if self.face_up_seat() == self.bottom_seat() else [None] * len(hand)

    def can_play(self) -> bool:
        return self.state.phase == rules.PLAY and super().can_play()

    def layout(self) -> Layout:
        return self.cached_layout(lambda _: Layout.fitted(self.app, self.state, self.bottom_seat(), self.bottom_hand(),
                                                          self.button_names()), self.version, tuple(self.button_names()))

    def frame_key(self):
        return super().frame_key() + (self.face_up_seat(), self.state.hand_no)

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
            found += [Sprite(card, rect, look) for card, rect in zip(state.hands[seat], rects)]
        hand = hand_order(state.hands[layout.bottom])
        found += [Sprite(card, rect, "face" if layout.open_hand else "back", live=True)
                  for card, rect in zip(hand, layout.hand)]
        return found

    # -- buttons --------------------------------------------------------------------------
    def end_key(self) -> str:
        """What ending the turn does now: draw one, draw two, or just end (draw first, empty stock)."""
        state = self.state
        if state.options["draw_first"] or not state.stock:
            return "end"
        return "draw_two" if state.options["draw_two"] and len(state.stock) >= 2 else "draw"

    def button_names(self) -> list[str]:
        state = self.state
        if state.is_over():
            return ["result"] if self.result_shown else []
        if state.hand_over():
            return ["next"] if self.human_seats else []
        if not self.can_play():
            return []
        return ["end", "hint"] + (["undo"] if self.undo.possible() else [])

    def button_label(self, name: str) -> str:
        return t(K + "button." + (self.end_key() if name == "end" else name))

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
        selected = self.selected_card()
        chosen = layout.hand_cards.index(selected) if selected is not None and selected in layout.hand_cards else None
        return lifted(layout.hand, layout.lift, self.focus if self.can_play() else None, chosen)

    def selected_card(self):
        return self.selected[1] if self.selected and self.selected[0] == "card" else None

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

    def default_focus(self, layout: Layout):
        if layout.open_hand:
            return ("hand", len(layout.hand_cards) // 2)
        return ("button", next(iter(layout.buttons))) if layout.buttons else ("place", S)

    # -- input ----------------------------------------------------------------------------
    def handle_game(self, action):
        name, state = action.name, self.state
        if state.is_over():
            self.reopen_result(action, self.layout().buttons.get("result"))
            return
        if state.hand_over() and name in (inp.CONFIRM, inp.NEXT):
            self.between.acknowledge()
            return
        if self.handle_table(action):
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
        kind, value = drag.item
        self.selected = None
        for card, rect in zip(drag.things, drag.rects_now()):
            self.motion.animator.jump(card, rect)     # from here the cards fly on, or back
        if key is None or key == ("place", value):
            return  # dropped beside the table, or where it came from: nothing happens
        self.try_move(PlayCard(value, key[1]) if kind == "card" else MovePile(value, key[1]))

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
            if self.end_key() != "end":
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
        what, value = self.selected
        if what == "pile" and value == place:
            self.cancel()
            return
        self.try_move(PlayCard(value, place) if what == "card" else MovePile(value, place))

    def select(self, item, layout, by_mouse: bool) -> None:
        self.selected = item
        self.app.sound.play("click")
        legal = self.legal_targets()
        if not legal:
            kind, value = item
            text = str(value) if kind == "card" else place_name(value)
            self.app.notify(t(K + ("say.card_nowhere" if kind == "card" else "say.pile_nowhere"), card=text, place=text))
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
        done = self.apply(move)
        if done:
            self.selected = None
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
    def unit(self) -> str:
        return t(K + ("unit.chips" if self.state.scoring == "chips" else "unit.points"))

    def after_move(self, seat, move):
        state = self.state
        self.forget_choice()
        stock = self.layout().stock
        for event in state.events:
            if type(event) is CardMoved and event.source == "stock" and event.target.startswith("hand:"):
                self.motion.animator.come_from(event.card, stock, "back")
                if event.target == f"hand:{self.face_up_seat()}":
                    self.new_cards[event.card] = self.time
            if type(event) is Scored and event.reason == "kings_first":
                payer = next(index for index, points in enumerate(event.points) if points)
                self.app.notify(self.said(K + "say.kings_first_paid", payer, name=self.seat_name(payer),
                                          n=abs(event.points[payer]), unit=self.unit()), 4)
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

    def describe(self, seat, move) -> list[str]:
        """The move log's lines for a move, from the move and its events."""
        state, say, events = self.state, self.said, self.state.events
        name = self.seat_name(seat)
        lines = [say(K + "log.kings_first", seat, name=name, n=max(map(abs, event.points)), unit=self.unit())
                 for event in events if type(event) is Scored and event.reason == "kings_first"]
        draws = Counter(event.seat for event in events
                        if type(event) is CardMoved and event.source == "stock" and event.target.startswith("hand:"))
        if isinstance(move, Deal):
            lines.append(say(K + "log.deal", state.dealer, name=self.seat_name(state.dealer), n=state.hand_no))
        elif isinstance(move, PlayCard):
            lines.append(say(K + "log.play", seat, name=name, card=str(move.card), place=place_name(move.place)))
        elif isinstance(move, MovePile):
            lines.append(say(K + "log.pile", seat, name=name, source=place_name(move.source),
                             target=place_name(move.target), count=len(events)))
        elif isinstance(move, EndTurn):
            lines.append(self.draw_line(seat, draws.pop(seat)) if draws[seat] else
                         say(K + ("log.pass" if state.passes else "log.end"), seat, name=name))
            if any(type(event) is Scored and event.reason == "no_play" for event in events):
                lines.append(say(K + "log.chip", seat, name=name))
        lines += [self.draw_line(drawer, count) for drawer, count in draws.items() if count]  # "draw first"
        if state.hand_over():
            winner = state.sheet[-1].get("winner")
            lines.append(t(K + "log.deadlock") if winner is None else
                         say(K + "log.out", winner, name=self.seat_name(winner)))
            if state.is_over():
                lines.append(t(K + "log.match_over"))
        return lines

    def draw_line(self, seat, count: int) -> str:
        return self.said(K + ("log.draw" if count == 1 else "log.draw_n"), seat, name=self.seat_name(seat), n=count)

    def update(self, dt):
        super().update(dt)
        if self.new_cards:
            self.new_cards = {card: at for card, at in self.new_cards.items() if self.time - at < NEW_CARD_SECONDS}

    def on_hint(self, move, reason):
        def named(params):
            return {name: place_name(PLACES.index(value)) if name in ("place", "source", "target")
                    and value in PLACES else value for name, value in params.items()}
        self.app.notify(t(K + "say.hint", reason=explain(reason, named)), 6)

    # -- statistics and the result ----------------------------------------------------------
    def stat_score(self):
        """The human's total, lower is better (penalty scorings); None with chips, whose
        balances are not comparable with penalty points in one best-score column."""
        humans = self.human_seats
        if not humans or self.state.scoring == "chips":
            return None
        return self.state.totals[humans[0]], False

    look_key = K + "result.sheet"     # the table shows the score sheet once the game is over

    def result_lines(self):
        state = self.state
        chips = state.scoring == "chips"
        scores = state.scores()
        def standing(seat):
            return -scores[seat] if chips else scores[seat]
        order = sorted(range(state.players), key=lambda seat: (standing(seat), seat))
        lines = [t(K + ("result.rule_chips" if chips else "result.rule"))]
        for seat in order:     # players with the same score share a place
            rank = 1 + sum(1 for other in order if standing(other) < standing(seat))
            lines.append(t(K + ("result.line_chips" if chips else "result.line"), rank=rank, name=self.seat_name(seat),
                           n=f"{scores[seat]:+d}" if chips else scores[seat]))
        return lines + [t(K + "result.hands", n=len(state.sheet))]

    # -- texts ------------------------------------------------------------------------------
    def status_text(self) -> str:
        state = self.state
        if state.is_over():
            winners = state.winners()
            if len(winners) == 1:
                return t(K + "status.match_over", name=self.seat_name(winners[0]))
            return t(K + "status.match_shared", names=", ".join(self.seat_name(seat) for seat in winners))
        if state.hand_over():
            entry = state.sheet[-1]
            winner, hand = entry.get("winner"), entry.get("hand", state.hand_no)
            if winner is None:
                return t(K + "status.deadlock", n=hand)
            if winner in self.human_seats and len(self.human_seats) == 1:
                return t(K + "status.you_out", n=hand)
            return t(K + "status.out", name=self.seat_name(winner), n=hand)
        name = self.seat_name(state.turn)
        if not self.is_human(state.turn):
            return t(K + "status.computer", name=name)
        if not self.can_play():
            return t(K + "status.waiting", name=name)
        who = t(K + "status.you") if len(self.human_seats) == 1 else t(K + "status.named", name=name)
        if self.selected:
            kind, value = self.selected
            legal = self.legal_targets()
            if kind == "card":
                return t(K + ("status.card" if legal else "status.card_nowhere"), card=str(value))
            return t(K + ("status.pile" if legal else "status.pile_nowhere"), place=place_name(value))
        if state.kings_first_due():
            return t(K + "status.kings_first", who=who, n=rules.KINGS_FIRST_PENALTY, unit=self.unit())
        if state.options["draw_first"] and state.drew:
            return t(K + "status.turn_drawn", who=who, n=state.drew)
        return t(K + "status.turn_" + self.end_key(), who=who)

    def info_lines(self) -> list:
        state, options = self.state, self.state.options
        if options["match_length"] == "hands":
            lines = [(t(K + "info.hand_of", n=state.hand_no, of=options["hands"]), theme.SMALL, theme.TEXT, True)]
        else:
            lines = [(t(K + "info.hand", n=state.hand_no), theme.SMALL, theme.TEXT, True),
                     (t(K + ("info.chips_target" if state.scoring == "chips" else "info.target"), n=options["target"]),
                      theme.TINY, theme.TEXT_DIM, False)]
        tags = [t(K + "tag." + state.scoring)] + [t(K + "tag." + flag) for flag in ("kings_first", "draw_first",
                                                                                    "draw_two") if options[flag]]
        lines.append((" \u00b7 ".join(tags), theme.TINY, theme.TEXT_DIM, False))
        if state.scoring == "chips":
            lines.append((t(K + "info.pot", n=state.pot), theme.TINY, theme.ACCENT, True))
        return lines

    def plate_detail(self, seat: int) -> str:
        state = self.state
        count = len(state.hands[seat])
        cards = t(K + ("plate.card" if count == 1 else "plate.cards"), n=count)
        if state.scoring == "chips":
            return f"{cards} \u00b7 " + t(K + "plate.chips", n=f"{state.chips[seat]:+d}")
        return f"{cards} \u00b7 " + t(K + ("plate.point" if state.totals[seat] == 1 else "plate.points"),
                                      n=state.totals[seat])

    def score_sheet(self) -> Sheet:
        """The score sheet: a column per seat, a row per hand, the totals, this hand's cards left."""
        state = self.state
        chips, entry, players = state.scoring == "chips", state.sheet[-1] if state.sheet else None, state.players
        if state.is_over():
            title = self.status_text()
        elif entry is None:
            title = ""
        elif entry.get("winner") is None:
            title = t(K + "sheet.deadlock", n=entry["hand"])
        else:
            title = self.said(K + "sheet.won", entry["winner"], name=self.seat_name(entry["winner"]), n=entry["hand"])
        rows = []
        for row in state.sheet:
            values = (row.get("chips") if chips else row.get("points")) or []
            cells = ["?" if seat >= len(values) or values[seat] is None else
                     (f"{values[seat]:+d}" if chips else str(values[seat])) for seat in range(players)]
            rows.append((t(K + "sheet.hand", n=row["hand"]), cells, row.get("winner"), row is entry))
        scores = state.scores()
        best = (max(scores) if chips else min(scores)) if scores else None
        total = (t(K + ("sheet.balance" if chips else "sheet.total")),
                 [f"{score:+d}" if chips else str(score) for score in scores],
                 {seat for seat in range(players) if scores[seat] == best})
        extras = []
        if entry is not None:
            left = entry.get("left", [])
            extras.append((t(K + "sheet.left"), [hand_order([Card.parse(code) for code in left[seat] if code])
                                                 if seat < len(left) else [] for seat in range(players)]))
            penalties = entry.get("penalties") or []
            if any(penalties):
                extras.append((t(K + "sheet.kings_first"), [(f"+{value}", theme.BAD) if value else "\u2014"
                                                            for value in penalties]))
            if chips:
                extras.append((t(K + "sheet.pot", n=entry.get("pot", state.pot), won=entry.get("pot_won", 0)), []))
        return Sheet(title, [self.seat_name(seat) for seat in range(players)], rows, total, extras, self.sheet_note(),
                     lambda n: t(K + "sheet.earlier", n=n))

    def sheet_note(self) -> str:
        state = self.state
        if state.is_over():
            return ""
        dealer = state.to_move()
        name = self.seat_name(dealer)
        if self.between.waiting() and not self.is_human(dealer):
            return t(K + "sheet.press_next", name=name)
        if self.is_human(dealer):
            return self.said(K + "sheet.human_deals", dealer, name=name)
        return t(K + "sheet.dealing", name=name)

    # -- drawing ----------------------------------------------------------------------------
    def face_widths(self, layout) -> tuple:
        return (layout.cw,)

    def draw(self, surface, alpha):
        layout = self.layout()
        self.motion.warm(layout)
        moving = self.motion.moving()
        drag = self.controls.drag
        dragged = set(drag.things) if drag else set()
        key = (self.app.size, layout.u, self.four(), language(), self.version, layout.bottom, self.face_up_seat(),
               frozenset(moving | dragged))
        surface.blit(self._layer.get(self.app.size, key, lambda layer: self.paint_table(layer, layout,
                                                                                         moving | dragged)), (0, 0))
        targets = self.targets(layout)
        focused = self.focus if self.can_play() or self.state.hand_over() else None
        self.status_line.draw(surface, layout.status, self.status_text(), layout.u, self.can_play())
        hint_from, hint_to, hint_end = self.hint_parts()
        self.draw_marks(surface, layout, focused, hint_from, hint_to)
        state, selected = self.state, self.selected_card()
        draw_hand(surface, layout.hand_cards, self.hand_rects(layout), layout.u, self.four(),
                  frame=layout.hand if state.phase == rules.PLAY and state.turn == layout.bottom else None,
                  keys=hand_order(state.hands[layout.bottom]), away=moving | dragged,
                  marks_of=lambda index, card: {} if card is None else dict(
                      selected=card == selected, hint=hint_from == ("card", card), focus=focused == ("hand", index)),
                  new=self.new_cards, new_label=t(K + "new"),
                  empty=t(K + "hand.empty") if state.phase == rules.PLAY else "", area=layout.hand_area)
        for name, rect in layout.buttons.items():
            draw_button(surface, rect, self.button_label(name), layout.u, primary=name in ("end", "next", "result"),
                        focused=focused == ("button", name), hinted=hint_end and name == "end")
        self.motion.draw_flying(surface)
        if drag:
            self.draw_drag(surface, layout, drag, targets)
        if self.state.hand_over() and not self.motion.busy():
            self._sheet.draw(surface, layout.sheet, layout.u, (language(), self.version, self.between.seen,
                                                               self.state.is_over()), self.score_sheet, self.four())

    def hint_parts(self):
        """(source, target place, end turn?) of the hinted move, for highlighting."""
        move = self.computers.hinted if self.can_play() else None
        if isinstance(move, PlayCard):
            return ("card", move.card), move.place, False
        if isinstance(move, MovePile):
            return ("pile", move.source), move.target, False
        return None, None, isinstance(move, EndTurn)

    def paint_table(self, surface, layout, away):
        """The felt, the info, the log, the piles, the stock and the seats: what changes only
        with a move. `away` are the cards flying or dragged (drawn on top instead)."""
        u, state = layout.u, self.state
        surface.fill(theme.FELT_DARK)
        table = pygame.Rect(layout.cross_left - int(10 * u), layout.cross_top - int(6 * u),
                            layout.cross_right - layout.cross_left + int(20 * u),
                            layout.cross_bottom - layout.cross_top + int(12 * u))
        pygame.draw.rect(surface, theme.FELT, table, border_radius=int(60 * u))
        draw_lines(surface, layout.info, self.info_lines(), u)
        draw_log(surface, layout.log, self.move_log, u, LOG_LINES)
        for place in range(8):
            if not state.piles[place] or state.piles[place][0] in away:   # empty, or the whole pile away
                cardui.draw_slot(surface, layout.bases[place], label="K" if place in CORNERS else place_name(place))
        draw_stack(surface, layout.stock, len(state.stock), u, t(K + "stock.empty"))
        self.motion.draw_resting(surface, self.sprites(layout), away)
        for seat, side in layout.positions.items():
            active = state.phase == rules.PLAY and state.turn == seat
            draw_plate(surface, layout.plates[seat], u, self.seat_name(seat), self.seat_level(seat),
                       self.plate_detail(seat), active, t(K + "dealer_mark") if seat == state.dealer else "")
            rects = layout.seat_cards.get(seat)
            if rects and active:
                mark(surface, rects[0].unionall(rects), "turn", u)

    def draw_marks(self, surface, layout, focused, hint_from, hint_to):
        """Marks over the piles: legal targets, the hint, the selected pile, the cursor."""
        u = layout.u
        if self.controls.hover == ("stock",) and self.can_play() and self.end_key() != "end" and not self.drag:
            mark(surface, layout.stock, "focus", u)
        legal = self.legal_targets()
        selected_pile = self.selected[1] if self.selected and self.selected[0] == "pile" else None
        dragged_pile = selected_pile if self.drag else None
        for place in range(8):
            top = layout.bases[place] if place == dragged_pile else layout.top(place)
            marks(surface, top, u, self.time, legal=place in legal, hint=hint_to == place)
            marks(surface, layout.zones[place], u, hint=hint_from == ("pile", place) and hint_to != place,
                  selected=selected_pile == place and place != dragged_pile, focus=focused == ("place", place))

    def draw_drag(self, surface, layout, drag, targets):
        rects = drag.rects_now()
        key = targets.drop_at(drag.pos, rects[0], layout.cw // 5)
        if key is not None and key != ("place", drag.item[1]):
            mark(surface, layout.top(key[1]), "legal" if key[1] in self.legal_targets() else "refused", layout.u)
        for card, rect in zip(drag.things, rects):
            cardui.draw_card(surface, card, rect.move(0, -int(4 * layout.u)), four_colour=self.four())

    # -- legend -----------------------------------------------------------------------------
    def legend(self):
        state = self.state
        if state.is_over():
            return ([(inp.CONFIRM, K + "legend.result")] if self.result_shown else []) + [(inp.MENU, "legend.pause")]
        if state.hand_over():
            return [(inp.CONFIRM, K + "legend.next_hand"), (inp.MENU, "legend.pause")]
        if not self.can_play():
            return [(inp.MENU, "legend.pause")]
        return self.turn_legend(cancel=bool(self.selected), step=K + "legend." + self.end_key())


SCENE = KingsCornersScene
