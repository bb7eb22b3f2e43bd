"""Keezen on screen: the cross-shaped board (game/keezen/board.py), the hand, the played cards.

The board fills the middle, turned so that the viewer's colour sits at the bottom; the left
column holds the status and the move log, the plates of the seats sit beside the board (a
stripe and a pawn of their colour; the partner's plate says "partner"), the hand and the
buttons at the bottom right. The played cards lie in the centre of the cross, the last on top.
Where each lies is game/keezen/layout.py, what the table says game/keezen/words.py, and the
drawing of the board and of the choice being made game/keezen/draw.py.

Choosing a move is a chain of choices over `options()`, every way to play the chosen card
as (pawn, end) steps: pick a card, and the pawns it can move light up; pick a pawn, and its
end squares light up; pick one. A 7 goes part by part (the first pawn and where it stops,
then the second pawn) with the steps left in the status line; a jack is your pawn, then the
other pawn; an ace or king enters from the lit nest. The cursor (keyboard, gamepad) moves
over the hand, the lit pawns and squares and the buttons. With no playable card the button
"Lay hand away" asks for the confirmation; with the exchange option a chosen card is given
by the "Give" button.

Pawns are sprites keyed by their index; a PawnMoved's path makes them walk square by square,
and a hit pawn waits for the walker before it flies back to its nest.
"""
from __future__ import annotations

from game.base import PawnMoved, PawnSentHome
from game.keezen import rules, words
from game.keezen.draw import draw_choices, draw_open_hand, felt, table_pieces
from game.keezen.layout import Layout, spot
from game.keezen.rules import EXCHANGE, NEST, PLAY, START, Enter, Give, Swap, Walk
from game.keezen.words import K
from game.ui import input as inp
from game.ui.game_scene import GameScene
from game.ui.i18n import language, t
from game.ui.table.animator import Sprite
from game.ui.table.draw import CachedLayer, PieceLayer
from game.ui.table.panels import draw_button
from game.ui.table.seats import draw_hand, lifted
from game.ui.table.targets import Target, Targets

RANK_ORDER = {1: 14}     # the hand sorted low to high, the ace last (it is the strongest card)


class KeezenScene(GameScene):
    game = "keezen"
    hides_hands = True
    undo_while_computer_moves = False
    hint_key = K + "say.hint"     # its reasons name the move

    def __init__(self, app, record, state):
        super().__init__(app, record, state)
        self.card = None        # the rank chosen
        self.card_at = None     # where in the hand (two cards of a rank: the one picked lifts)
        self.steps: list = []   # the (pawn, end, steps) chosen so far (a 7 has several)
        self.pawn = None        # the pawn chosen, its end still to choose
        self._layer = PieceLayer()
        self._felt = CachedLayer()   # felt and board: they change only with the window and viewer
        self._options = (None, [])   # (state, version, card) -> options()

    # -- seats ------------------------------------------------------------------------------
    def bottom_hand(self) -> list:
        """The bottom seat's hand as drawn: cards when face up, None for each back."""
        seat = self.bottom_seat()
        if seat not in self.open_hands():
            return [None] * len(self.state.hands[seat])
        return self.hand_of(seat)

    def hand_of(self, seat: int) -> list:
        """`seat`'s hand in the order shown, low to high."""
        return sorted(self.state.hands[seat], key=lambda card: (RANK_ORDER.get(card.rank, card.rank), card.suit))

    def only_lay_away(self) -> bool:
        return self.can_play() and self.state.legal_moves() == [rules.LAY_AWAY]

    def step(self) -> str | None:
        """The turn's step done by its button or Next: "lay_away" with no playable card, "give"
        with the exchange's card chosen; None when there is none."""
        if self.only_lay_away():
            return "lay_away"
        return "give" if self.state.phase == EXCHANGE and self.card and self.can_play() else None

    def take_step(self) -> None:
        self.try_move(rules.LAY_AWAY if self.step() == "lay_away" else Give(self.card))

    # -- the chain of choices -----------------------------------------------------------------
    def options(self) -> list:
        """Every way to play the chosen card: ([(pawn, end, steps), ...], move). A 7's two
        parts come in either order when both orders do the same. Kept until the next move."""
        state, found = self.state, []
        if self.card is None or state.phase != PLAY:
            return found
        key = (id(state), self.version, self.card)
        if self._options[0] == key:
            return self._options[1]
        self._options = (key, found)
        for move in state.legal_moves():
            if getattr(move, "card", None) != self.card:
                continue
            if type(move) is Enter:
                found.append(([(spot(move.colour, NEST), spot(move.colour, START[move.colour]), 0)], move))
            elif type(move) is Swap:
                found.append(([(spot(move.colour, move.square), spot(move.other_colour, move.other_square), 0)], move))
            elif type(move) is Walk:
                orders = [move.parts]
                if len(move.parts) == 2:
                    turned = Walk(move.card, move.parts[::-1])
                    if state.normalize(turned) == move:
                        orders.append(turned.parts)
                for parts in orders:
                    found.append(([(spot(c, s), spot(c, rules.walk_path(c, s, n)[-1]), n) for c, s, n in parts],
                                  Walk(move.card, parts)))
        return found

    def open_options(self) -> list:
        chosen = [(pawn, end) for pawn, end, _ in self.steps]
        return [(steps, move) for steps, move in self.options()
                if [(pawn, end) for pawn, end, _ in steps[:len(chosen)]] == chosen and len(steps) > len(chosen)]

    def lit(self) -> set:
        """The pawns that may be chosen now, or the chosen pawn's ends."""
        depth = len(self.steps)
        if self.pawn is None:
            return {steps[depth][0] for steps, _ in self.open_options()}
        return {steps[depth][1] for steps, _ in self.open_options() if steps[depth][0] == self.pawn}

    def steps_left(self) -> int:
        return words.steps_left(self.steps)

    def choose(self, key, by_mouse: bool) -> None:
        depth = len(self.steps)
        if self.pawn is not None and key in self.lit():
            options = [(steps, move) for steps, move in self.open_options()
                       if steps[depth][:2] == (self.pawn, key)]
            self.steps.append(options[0][0][depth])
            self.pawn = None
            done = [move for steps, move in options if len(steps) == len(self.steps)]
            if done:
                self.try_move(self.state.normalize(done[0]))
                return
            self.app.sound.play("click")
        elif key == self.pawn:
            self.pawn = None
            self.app.sound.play("click")
        elif key in {steps[depth][0] for steps, _ in self.open_options()}:
            self.pawn = key
            if self.play_if_forced([move for steps, move in self.open_options() if steps[depth][0] == key]):
                return
            self.app.sound.play("click")
        else:
            self.refuse(t(K + "say.not_here"))
            return
        if not by_mouse:
            self.focus_lit()

    def focus_lit(self) -> None:
        """The cursor to the topmost of the lit spots (the leftmost of a row), if any."""
        lit = self.lit()
        if lit:
            self.focus = min(lit, key=lambda spot_key: self.layout().spot_rect(spot_key).center[::-1])

    def cancel(self) -> None:
        if self.pawn is not None:
            self.pawn = None
        elif self.steps:
            self.steps.pop()
        elif self.card is not None:
            self.card = None
        else:
            return
        self.app.sound.play("click")

    def try_move(self, move) -> bool:
        self.forget_choice()
        return self.apply(move)

    def select_card(self, index: int, by_mouse: bool) -> None:
        card = self.layout().hand_cards[index]
        self.card_at = index
        if self.state.phase == EXCHANGE:
            self.card = None if self.card == card.rank else card.rank
            self.app.sound.play("click")
            return
        chosen = self.card
        self.forget_choice()
        if chosen == card.rank:
            self.app.sound.play("click")
            return
        self.card = card.rank
        if self.only_lay_away():
            self.card = None
            self.refuse(t(K + "say.none_playable"))
        elif not self.options():
            self.card = None
            self.refuse(t(K + "say.card_nowhere", card=words.card_word(card.rank)))
        elif not self.play_if_forced([move for _, move in self.options()]):
            self.app.sound.play("click")
            if not by_mouse:
                self.focus_lit()

    def play_if_forced(self, moves) -> bool:
        """The choice so far has one way to go on (`moves`, in any order of a 7's parts): with
        the player's setting, play it now instead of asking for its pawn and square."""
        found = {self.state.normalize(move) for move in moves}
        if len(found) != 1 or not self.plays_forced():
            return False
        return self.try_move(found.pop())

    # -- layout, targets, input ----------------------------------------------------------------
    def layout(self) -> Layout:
        return self.cached_layout(lambda scene: Layout(scene.app, scene.state, scene.bottom_seat(), scene.bottom_hand(),
                                                       scene.button_names()), self.version, tuple(self.button_names()))

    def button_names(self) -> list:
        if self.state.is_over():
            return ["result"] if self.finish.shown else []
        if not self.can_play():
            return []
        step = self.step()
        return ([step] if step else []) + ["hint"] + (["undo"] if self.undo.possible() else [])

    def hand_rects(self, layout) -> list:
        playing = self.can_play()
        chosen = self.card_at if playing and self.card is not None else None
        return lifted(layout.hand, layout.lift, self.focus if playing else None, chosen)

    def targets(self, layout) -> Targets:
        found = []
        if self.can_play():
            found += [Target(("hand", index), rect, row="hand") for index, rect in enumerate(self.hand_rects(layout))]
            lit = self.lit()
            if self.pawn is not None:
                lit.add(self.pawn)
            found += [Target(key, layout.spot_rect(key).inflate(layout.board.square_radius,
                                                                layout.board.square_radius)) for key in sorted(lit, key=str)]
        found += [Target(("button", name), rect) for name, rect in layout.buttons.items()]
        return Targets(found)

    def tidy(self, layout) -> None:
        super().tidy(layout)
        if self.card is not None and not self.can_play():
            self.forget_choice()      # the turn has gone: nothing stays chosen

    def default_focus(self, layout):
        if self.only_lay_away():
            return ("button", "lay_away")
        if layout.hand_cards and self.can_play():
            return ("hand", len(layout.hand_cards) // 2)
        return ("button", next(iter(layout.buttons))) if layout.buttons else None

    def handle_game(self, action) -> None:
        if self.state.is_over():
            self.finish.reopen(action, self.layout().buttons.get("result"))
            return
        if self.controls.handle(action):
            return
        if action.name == inp.BACK:
            self.cancel()
        elif action.name == inp.NEXT and self.step():
            self.take_step()

    def activate(self, key, by_mouse: bool = False) -> None:
        if key is None:
            if self.card is not None:
                self.cancel()
            return
        if key[0] == "button":
            if key[1] == self.step():
                self.take_step()
            else:
                self.press(key[1])
            return
        if not self.can_play():
            return
        if key[0] == "hand":
            self.select_card(key[1], by_mouse)
        elif key[0] == "spot" and self.card is not None:
            self.choose(key, by_mouse)

    # -- after a move ---------------------------------------------------------------------------
    def after_move(self, seat, move) -> None:
        self.forget_choice()
        layout = self.layout()
        board, walked = layout.board, 1
        for event in self.state.events:
            if type(event) is PawnMoved and len(event.path) > 1:
                walked = max(walked, len(event.path))
                self.motion.animator.route(("pawn", event.colour * 4 + event.pawn),
                                    [board.spot(event.colour, square, 0, board.pawn_radius) for square in event.path[:-1]])
            elif type(event) is PawnSentHome:
                here = board.spot(event.colour, event.square, 0, board.pawn_radius)
                self.motion.animator.route(("pawn", event.colour * 4 + event.pawn), [here] * walked)
        for card, rect in zip(self.state.played[-4:], layout.played):
            if card not in self.motion.animator.goals:    # from the player's plate, already at its size on the pile
                start = rect.copy()
                start.center = layout.plates[seat].center
                self.motion.animator.come_from(card, start, "face")
        super().after_move(seat, move)      # the sound of its events

    def forget_choice(self) -> None:
        self.card, self.steps, self.pawn = None, [], None

    # -- the animator ---------------------------------------------------------------------------
    def sprites(self, layout=None) -> list:
        layout = layout or self.layout()
        found = [Sprite(("pawn", index), rect, index >> 2) for index, rect in enumerate(layout.pawns)]
        found += [Sprite(card, rect, "face") for card, rect in zip(self.state.played[-4:], layout.played)]
        return found

    # -- texts ----------------------------------------------------------------------------------
    def status_text(self) -> str:
        return words.status(self.state, self.seat_name, self.is_human(self.state.to_move()) or not self.thinks(),
                            self.can_play(),
                            self.card, self.pawn, self.steps)

    def result_lines(self) -> list:
        return words.result_lines(self.state)

    # -- drawing --------------------------------------------------------------------------------
    def face_widths(self, layout) -> tuple:
        return (layout.cw, layout.played_w)

    def draw(self, surface, alpha) -> None:
        layout, state = self.layout(), self.state
        moving = self.motion.moving()
        key = (self.app.size, layout.u, language(), self.version, layout.bottom, self.face_up_seat(), frozenset(moving),
               self.phone_plates())
        surface.blit(self._layer.get(self.app.size, key, lambda: self.table_pieces(layout, moving)), (0, 0))
        for seat in self.open_hands():      # a review showing every hand: the others' cards face up
            if seat != layout.bottom:
                draw_open_hand(surface, layout, self.hand_of(seat), seat, self.four())
        playing = self.can_play()
        focused = self.focus if playing or state.is_over() else None
        self.status_line.draw(surface, layout.status, self.shown_status(), layout.u, playing and not self.words_held())
        choosing = playing and self.card is not None
        hint = self.computers.hinted if playing and self.card is None else None
        draw_choices(surface, layout, state, (self.lit(), self.steps, self.pawn) if choosing else None, hint, focused,
                     self.time)
        hinted = next((index for index, card in enumerate(layout.hand_cards)
                       if card is not None and card.rank == getattr(hint, "card", None)), None)
        draw_hand(surface, layout.hand_cards, self.hand_rects(layout), layout.u, self.four(),
                  frame=layout.hand if playing else None, on_top=() if hinted is None else [(hinted, "hint")],
                  marks_of=lambda index, card: dict(selected=self.card is not None and index == self.card_at and playing,
                                                    focus=focused == ("hand", index)),
                  empty="" if state.is_over() else t(K + "hand.empty"), area=layout.hand_area)
        for name, rect in layout.buttons.items():
            draw_button(surface, rect, t(K + "button." + name, card=words.card_word(self.card) if self.card else ""), layout.u,
                        primary=name in ("lay_away", "give", "result"), focused=focused == ("button", name))
        self.motion.draw_flying(surface)

    def table_pieces(self, layout, moving):
        """The felt and the board, and the table's pieces over them (game/keezen/draw.py)."""
        board = layout.board
        felt_key = (tuple(board.rect), board.bottom)
        background = self._felt.get(self.app.size, felt_key, lambda layer: felt(layer, board))
        pieces = table_pieces(layout, self.state, self.log.lines, self.seat_name, self.seat_level, self.four(), moving,
                                   self.seat_character)
        return background, (felt_key, layout.u, self.four(), language()), pieces

    def draw_thing(self, surface, key, rect, look, size=None) -> None:
        if type(key) is tuple:     # ("pawn", index); a card is a NamedTuple
            self.layout().board.draw_pawn(surface, look, rect)
        else:
            super().draw_thing(surface, key, rect, look, size)

    def game_legend(self):
        if not self.can_play():       # (nor after the game)
            return super().game_legend()
        step = self.step()
        return self.turn_legend(cancel=self.card is not None, step=K + "legend." + step if step else "")


SCENE = KeezenScene
