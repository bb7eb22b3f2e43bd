"""Kingen and Dubbelkingen on screen: four seats around the trick, the game and its duties.

The kit seats the others around `bottom_seat()`: left, across and right, each with a
face-down hand; the bottom hand is sorted by suit in alternating colours and its legal cards
are lit. The trick lies in the middle, each card on the side of the seat that played it, the
leader's marked. Beside the trick each seat keeps what it has taken: a small stack of its
tricks and the penalty cards among them face up. The top band says the deal, the game and
its duties in a line, trump, whose turn, and what happened (the log).

Playing: click a card (or move the cursor onto it and confirm). An illegal card is refused
with the obligation it breaks. PREV (PgUp / LB, the button) shows the last trick, NEXT
(Tab / RB, the button) the score sheet; ACTION1 asks for a hint (a card, or the dealer's
trump or game), ACTION2 takes back your own card while nobody has played after it.

A finished trick stays where it was played for a moment (at the computer pace) and then
flies to its winner. A finished deal stays on the table with the standings over it, the score
sheet one key away (the rules' `between` phase, the base's break: game/ui/between_hands.py)
until a human says "next deal" and the next dealer deals.
"""
from __future__ import annotations

import pygame

from game.base import TrickWon
from game.kingen import draw, rules, words
from game.kingen.layout import LOG_LINES, Layout
from game.kingen.rules import CHOOSE_GAME, CHOOSE_TRUMP, PLAY, ChooseGame, ChooseTrump, PlayCard
from game.kingen.words import PENALTY, K
from game.ui import input as inp
from game.ui.game_scene import GameScene
from game.ui.i18n import language, t
from game.ui.table.animator import Sprite
from game.ui.table.draw import Piece, PieceLayer, mark
from game.ui.table.panels import ScoreSheet, Sheet, choice_rects, draw_button, draw_choice, draw_log
from game.ui.table.seats import draw_hand, lifted, warm_turn_rings
from game.ui.table.standings import Standings, draw_standings
from game.ui.table.targets import Target, Targets

SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}      # black, red, black, red


def hand_order(cards) -> list:
    """The hand as shown: by suit (♠ ♥ ♣ ♦, colours alternating), ace down to two."""
    return sorted(cards, key=lambda card: (SUIT_ORDER[card.suit], -(14 if card.rank == 1 else card.rank)))


def is_penalty(game: int | None, card) -> bool:
    return bool(PENALTY.get(game, 0) & rules.BIT[rules.ID[card]])


class KingenScene(GameScene):
    game = "kingen"
    hides_hands = True
    undo_own_last_only = True     # your own card, while nobody has played after it
    hint_key = K + "say.hint"     # its reasons name the move

    def __init__(self, app, record, state):
        super().__init__(app, record, state)
        self.showing = None              # (leader, cards, winner, until): a finished trick on show
        self.panel = None                # "last" (the last trick) or "sheet" over the table
        self.choice_said = None          # the notice of a computer dealer's choice, news of its deal only
        self._layer = PieceLayer()
        self._sheet = ScoreSheet()

    # -- what the table shows ---------------------------------------------------------------
    def bottom_cards(self) -> list:
        """The bottom seat's cards in the order shown, face up or not."""
        return hand_order(self.state.hand_cards(self.bottom_seat()))

    def bottom_hand(self) -> list:
        """The bottom hand as drawn: its cards when it may be seen, else None for each."""
        hand = self.bottom_cards()
        return hand if self.bottom_seat() in self.open_hands() else [None] * len(hand)

    def choosing(self) -> bool:
        return self.can_play() and self.state.phase in (CHOOSE_GAME, CHOOSE_TRUMP)

    def playing(self) -> bool:
        return self.can_play() and self.state.phase == PLAY

    def choices(self) -> list:
        return self.state.legal_moves() if self.choosing() else []

    def per_row(self):
        """Games two to a row (their names are long), the four suits in one."""
        return 2 if self.state.phase == CHOOSE_GAME else None

    def trick_shown(self):
        """The finished trick still on show, (leader, cards, winner, until), or None."""
        showing = self.showing
        return showing if showing is not None and self.time < showing[3] else None

    def layout(self) -> Layout:
        buttons = self.button_names()
        return self.cached_layout(lambda _: Layout(self.app, self.state, self.bottom_seat(), self.bottom_hand(),
                                                   buttons), self.version, self.at_break(), tuple(buttons))

    def sprites(self, layout=None) -> list:
        layout = layout or self.layout()
        state, found, shown = self.state, [], self.trick_shown()
        for seat, rects in layout.seat_cards.items():
            look = "back" if layout.sides[seat] == "top" else "turned"
            hand = state.hand_cards(seat)
            if seat in self.open_hands():      # a review showing every hand
                look, hand = ("face" if look == "back" else "turned_face"), hand_order(hand)
            found += [Sprite(card, rect, look) for card, rect in zip(hand, rects)]
        look = "face" if layout.bottom in self.open_hands() else "back"
        found += [Sprite(card, rect, look, live=True) for card, rect in zip(self.bottom_cards(), layout.hand)]
        for seat, card in state.trick_cards():
            found.append(Sprite(card, layout.spots[seat], "face"))
        if shown is not None:
            leader, cards, _, _ = shown
            found += [Sprite(rules.CARD[card], layout.spots[(leader + i) % 4], "face") for i, card in enumerate(cards)]
        stacked, penalties = self.taken()
        found += [Sprite(card, layout.stacks[seat], "back") for card, seat in stacked.items()]
        for seat, cards in penalties.items():
            found += [Sprite(card, rect, "face") for card, rect in zip(cards, layout.penalty_rects(seat, len(cards)))]
        return found

    def tricks_taken(self) -> list:
        """The deal's tricks (leader, cards, winner) the seats have taken: the trick on show not yet."""
        return self.state.tricks[:-1] if self.trick_shown() is not None else self.state.tricks

    def taken(self):
        """What the seats have taken: ({card: seat} of the cards in the stacks of tricks,
        {seat: [penalty cards]})."""
        stacked, penalties = {}, {seat: [] for seat in range(4)}
        for _, cards, winner in self.tricks_taken():
            for card in cards:
                if is_penalty(self.state.g, rules.CARD[card]):
                    penalties[winner].append(rules.CARD[card])
                else:
                    stacked[rules.CARD[card]] = winner
        return stacked, penalties

    # -- buttons and targets -----------------------------------------------------------------
    def button_names(self) -> list[str]:
        if self.state.is_over():
            return ["result"] if self.finish.shown else []
        if self.at_break():
            return ["next"] if self.human_seats else []
        names = ["last", "scores"]
        if self.can_play():
            names += ["hint"] + (["undo"] if self.undo.possible() else [])
        elif self.undo.possible():
            names += ["undo"]
        return names

    def targets(self, layout: Layout) -> Targets:
        found = [Target(("button", name), rect) for name, rect in layout.buttons.items()]
        if self.panel is None and self.choosing():
            _, rects = choice_rects(layout.chooser, len(self.choices()), layout.u, self.per_row())
            found += [Target(("choice", index), rect, row="choice") for index, rect in enumerate(rects)]
        elif self.panel is None and self.face_up_seat() == layout.bottom and layout.hand_cards and not self.at_break():
            found += [Target(("hand", index), rect, row="hand") for index, rect in enumerate(self.hand_rects(layout))]
        return Targets(found)

    def hand_rects(self, layout: Layout) -> list:
        return lifted(layout.hand, layout.lift, self.focus if self.playing() else None)

    def legal_cards(self) -> set:
        return {move.card for move in self.state.legal_moves()} if self.playing() else set()

    def default_focus(self, layout: Layout):
        if self.choosing():
            return ("choice", 0)
        legal = self.legal_cards()
        for index, card in enumerate(layout.hand_cards):
            if card in legal:
                return ("hand", index)
        if layout.hand_cards and not self.at_break():
            return ("hand", len(layout.hand_cards) // 2)
        return ("button", next(iter(layout.buttons))) if layout.buttons else None

    # -- input ------------------------------------------------------------------------------
    def handle_game(self, action):
        name = action.name
        if self.state.is_over():
            self.finish.reopen(action, self.app.content_rect())     # a click anywhere
            return
        if self.at_break():
            if self.between.handle(action, self.layout().sheet):
                return
            if name == inp.CONFIRM or name == inp.PRESS and any(
                    rect.collidepoint(action.pos) for rect in self.layout().buttons.values()):
                self.between.acknowledge()
            return
        if self.panel is not None and name in (inp.CONFIRM, inp.BACK, inp.PRESS):
            self.toggle(self.panel)
            return
        if name == inp.PREV:
            self.toggle("last")
            return
        if name == inp.NEXT:
            self.toggle("sheet")
            return
        self.controls.handle(action)

    def toggle(self, panel: str) -> None:
        if panel == "last" and self.panel != "last" and self.state.last_trick() is None:
            self.refuse(t(K + "say.no_last_trick"))
            return
        self.panel = None if self.panel == panel else panel
        self.app.sound.play("click")

    def activate(self, key, by_mouse: bool = False):
        if key is None:
            return
        kind, value = key
        if kind == "button":
            if value in ("last", "scores"):
                self.toggle("last" if value == "last" else "sheet")
            else:
                self.press(value)
            return
        if not self.can_play():
            if not (self.humans_turn and self.face_up_seat() is None):   # else the hand-over comes first
                self.refuse(t(K + "say.wait"))
            return
        if kind == "choice":
            choices = self.choices()
            if value < len(choices):
                self.apply(choices[value])
                self.focus = None
            return
        if self.state.phase != PLAY:
            self.refuse(t(K + "say.choose_first"))
            return
        card = self.layout().hand_cards[value]
        if self.apply(PlayCard(card)):
            count = len(self.layout().hand_cards)
            self.focus = ("hand", min(value, count - 1)) if count else None

    # -- moves --------------------------------------------------------------------------------
    def after_move(self, seat, move):
        self.panel = None
        if move == rules.NEXT_DEAL:
            self.showing = self.focus = None
        tricks = self.state.tricks
        if tricks and any(isinstance(event, TrickWon) for event in self.state.events):
            seconds = self.trick_seconds()
            self.showing = (*tricks[-1], self.time + seconds)     # where it was played, a moment
            self.motion.hold(seconds)     # the table waits while it shows
        if isinstance(move, (ChooseGame, ChooseTrump)) and not self.is_human(seat):
            self.choice_said = self.log.describe(self.state, seat, move)[0]
            self.app.notify(self.choice_said, 4)
        elif self.state.phase in (rules.BETWEEN, rules.OVER):    # the deal is over: its choice is old news
            self.app.notices = [notice for notice in self.app.notices if notice[0] != self.choice_said]
        super().after_move(seat, move)

    def trick_seconds(self) -> float:
        """How long a finished trick stays where it was played: at the computer pace."""
        pace = self.app.pace()
        return 0.0 if pace <= 0 else max(1.0, pace * 1.6)

    def forget_choice(self) -> None:
        self.showing = self.panel = None

    def hinted(self):
        return self.computers.hinted if self.can_play() else None

    def tidy(self, layout):
        super().tidy(layout)
        self.showing = self.trick_shown()     # a trick whose time on show is up is gone
        for name in ("next", "result"):       # between deals and at the end: the way on
            if name in layout.buttons:
                self.focus = ("button", name)

    # -- the log, the texts (game/kingen/words.py) ---------------------------------------------
    def status_text(self) -> str:
        seat, shown = self.state.to_move(), self.trick_shown()
        return words.status(self.state, self.seat_name, self.said, taker=shown and shown[2],
                            human=self.is_human(seat) or not self.thinks(),
                            in_view=self.face_up_seat() == seat, alone=len(self.human_seats) == 1)

    def score_sheet(self) -> Sheet:
        return Sheet(**words.sheet(self.state, self.seat_name, self.between.waiting(), self.said))

    def standings(self) -> Standings:
        """The break's standings: the deal just played and what it brought each seat."""
        state, entry = self.state, self.state.sheet[-1]
        game = words.game_name(entry["game"]) + (" " + words.SUIT_SYMBOL[entry["trump"]] if entry["trump"] else "")
        return self.between.standings(t("standings.deal", n=entry["deal"], of=state.last_deal, game=game),
                                      entry["points"], state.scores(), lambda n: f"{n:+d}",
                                      (t("standings.this_deal"), t(K + "sheet.total")),
                                      t(K + "sheet.press_next") if self.between.waiting() else "")

    # -- statistics and the result ------------------------------------------------------------
    def stat_score(self):
        humans = self.human_seats
        return (self.state.totals[humans[0]], True) if len(humans) == 1 else None

    def result_lines(self):
        return words.result_lines(self.state, self.seat_name)

    # -- drawing ------------------------------------------------------------------------------
    def face_widths(self, layout) -> tuple:
        return (layout.cw, layout.tw, layout.sw)

    def warm_pictures(self, layout) -> None:
        """The turn's rings, and the ring of the card that takes a trick on show (2.4 ms in the
        frame that showed the first trick)."""
        warm_turn_rings(layout.seats_for, 4, layout.u, 13)     # (a hand holds 13 cards at most)
        mark(pygame.Surface((1, 1)), layout.spots[0], "hint", layout.u)

    def draw(self, surface, alpha):
        layout, shown = self.layout(), self.trick_shown()
        moving = self.motion.moving()
        key = (self.app.size, layout.u, self.four(), language(), self.version, layout.bottom, self.open_hands(),
               shown is not None, frozenset(moving), self.phone_plates())
        surface.blit(self._layer.get(self.app.size, key, lambda: self.table_pieces(layout, moving)), (0, 0))
        focused = self.focus if self.can_play() or self.at_break() or self.state.is_over() else None
        self.status_line.draw(surface, layout.status, self.shown_status(), layout.u, self.can_play() and not self.words_held())
        hinted, legal = self.hinted(), self.legal_cards()
        played = hinted.card if isinstance(hinted, PlayCard) else None
        draw_hand(surface, layout.hand_cards, self.hand_rects(layout), layout.u, self.four(),
                  frame=layout.hand if legal else None, keys=self.bottom_cards(),
                  away=moving, marks_of=lambda index, card: dict(lit=card in legal, hint=played is not None and
                                                                 played == card, focus=focused == ("hand", index)))
        for name, rect in layout.buttons.items():
            draw_button(surface, rect, t(K + "button." + name), layout.u, primary=name in ("next", "result"),
                        focused=focused == ("button", name), hinted=name == "last" and self.panel == "last")
        self.motion.draw_flying(surface)
        if shown is not None:
            mark(surface, layout.spots[shown[2]], "hint", layout.u)   # the card that takes it
        if self.motion.busy() and (self.at_break() or self.state.is_over() and not self.finish.shown):
            return      # the last cards of a deal land before the sheet covers them
        if self.panel is None and self.choosing():
            choices = self.choices()
            title = t(K + ("choose.game" if self.state.phase == CHOOSE_GAME else "choose.trump"))
            index = focused[1] if focused and focused[0] == "choice" else None
            draw_choice(surface, layout.chooser, layout.u, title, [words.move_text(move) for move in choices], index,
                        choices.index(hinted) if hinted in choices else None, self.per_row())
        if layout.quota is not None and self.panel is None:         # (laid out while a game is chosen)
            draw.quotas(surface, layout, words.quota_texts(self.state, self.seat_name), self.state.dealer)
        if self.panel == "last":
            trick = self.state.last_trick()
            title = words.last_trick_title(trick, self.seat_name, self.said)
            draw.last_trick(surface, layout, trick, title, self.four())
        if self.at_break() and not self.between.sheet:
            draw_standings(surface, layout.sheet, layout.u, self.standings())
        elif self.panel == "sheet" or self.at_break() or self.state.is_over():
            self._sheet.draw(surface, layout.sheet, layout.u, (language(), self.version, self.between.seen,
                                                               self.state.is_over()), self.score_sheet, self.four())

    def table_pieces(self, layout, away):
        """The felt, and as pieces (see `PieceLayer`) the info, the log, the seats, the trick
        and what each seat has taken: what changes only with a move. `away` are the cards in
        flight (drawn on top)."""
        state, shown, u = self.state, self.trick_shown(), layout.u
        felt = draw.felt(self.app.size, layout)
        pieces = [draw.info(layout, words.info_texts(state)),
                  Piece(layout.log.inflate(int(8 * u), int(8 * u)), tuple(self.log.lines),
                        lambda surface: draw_log(surface, layout.log, self.log.lines, u, LOG_LINES))]
        pieces += draw.trick_stacks(layout, self.tricks_taken())
        stacked, _ = self.taken()
        pieces += self.motion.resting_pieces(self.sprites(layout), away | stacked.keys())
        leader = state.leader if state.trick else (shown[0] if shown else None)
        if leader is not None and not (state.trick and rules.CARD[state.trick[0]] in away):   # once the card has landed
            pieces.append(draw.led_piece(layout, leader))
        choosing = state.phase in (CHOOSE_GAME, CHOOSE_TRUMP)
        acting = state.to_move() if choosing or state.phase == PLAY and shown is None else None
        pieces += draw.plates(layout, state, self.seat_name, self.seat_level, acting, self.seat_character)
        return felt, (id(felt), u, self.four(), language()), pieces

    # -- legend -------------------------------------------------------------------------------
    def game_legend(self):
        if self.state.is_over():
            return ([(inp.CONFIRM, K + "legend.result")] if self.finish.shown else []) + [(inp.MENU, "legend.pause")]
        if self.at_break():
            return [(inp.CONFIRM, K + "legend.next_deal"), *self.between.legend(), (inp.MENU, "legend.pause")]
        extra = [(inp.PREV, K + "legend.last_trick"), (inp.NEXT, K + "legend.scores")]
        if not self.can_play():
            undo = [(inp.ACTION2, "legend.undo")] if self.undo.possible() else []
            return undo + extra + [(inp.MENU, "legend.pause")]
        return self.turn_legend(choose=K + "legend.play" if self.playing() else "legend.choose", extra=extra)


SCENE = KingenScene
