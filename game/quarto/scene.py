"""Quarto on screen: the board, the pieces beside it, the piece in hand, and whose turn it is
(the status line, and the lit one of the two players' plates).

The player picks a square, then the piece to give (select-then-target with the kit's cursor,
or clicks with the mouse); the legal targets light up. Every piece is a sprite: the animator
carries it from the pool to the hand and from the hand to its square. Where things lie is
game/quarto/layout.py, what is said game/quarto/words.py, how things look game/quarto/draw.py.
"""
from __future__ import annotations

import pygame

from game.quarto import rules, words
from game.quarto.draw import (
    draw_board_marks,
    draw_cursor,
    draw_hand,
    draw_info,
    draw_plates,
    draw_pool_marks,
    draw_shadow,
    paint_table,
    piece_image,
)
from game.quarto.layout import Layout
from game.ui import input as inp
from game.ui.game_scene import GameScene
from game.ui.i18n import language, t
from game.ui.table.animator import Sprite
from game.ui.table.draw import CachedLayer, pulse
from game.ui.table.panels import draw_button
from game.ui.table.targets import Target, Targets

GAME_OVER_PAUSE = 1.6   # seconds the finished board shows before the result or next game


class QuartoScene(GameScene):
    game = "quarto"
    break_pause = GAME_OVER_PAUSE     # computers alone: the finished board shows this long
    hint_key = "quarto.say.hint"     # its reasons follow the move's name

    def __init__(self, app, record, state):
        super().__init__(app, record, state)
        self.chosen_square = None        # a placement waiting for the piece to give
        self.focus = ("square", 5)
        self.clock_left = None
        self.clock_turn = None
        self._table = CachedLayer()      # the felt, the board and the empty places
        self._moves = (None, [])         # ((state version, the human's turn), the legal moves then)

    # -- rules helpers --------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.state.phase

    def square_moves(self, square):
        """The human's legal moves that place on `square` (none while the computer moves)."""
        key = (self.version, self.humans_turn)
        if self._moves[0] != key:       # (a frame asks for each square: the rules answer once a move)
            self._moves = (key, self.state.legal_moves() if self.humans_turn else [])
        return [m for m in self._moves[1] if isinstance(m, rules.Place) and m.square == square]

    def finishing_move(self, square):
        """The move that places on `square` and gives nothing (a win in auto mode, the last square)."""
        for move in self.square_moves(square):
            if move.give is None and not move.call:
                return move
        return None

    def button_moves(self) -> list[tuple[str, object]]:
        """(label key, move or action) for the buttons that make sense now."""
        buttons = []
        phase = self.phase
        if phase == "between" and self.human_seats:
            buttons.append(("quarto.button.next", "next"))
        if self.humans_turn:
            if self.state.call_mode and phase in ("place", "pass"):
                # Quarto! is always offered in call mode: showing it only when a missed line
                # exists would point the line out. A call without a line is refused.
                if self.chosen_square is not None:
                    buttons.append(("quarto.button.call", rules.Place(self.chosen_square, None, True)))
                else:
                    buttons.append(("quarto.button.claim", rules.Claim()))
            if phase == "pass":
                buttons.append(("quarto.button.pass", rules.Pass()))
            if phase in ("place", "give", "pass"):
                buttons.append(("quarto.button.hint", "hint"))
        if self.undo.possible() and self.humans_turn:
            buttons.append(("quarto.button.undo", "undo"))
        return buttons

    # -- the table ------------------------------------------------------------------------
    def layout(self) -> Layout:
        buttons = tuple(key for key, _ in self.button_moves())
        facts = (self.state.games > 1, len(words.rules_in_play(self.state)))
        return self.cached_layout(lambda _: Layout(self.app, buttons, *facts),
                                  self.app.couch_scale, language(), buttons, *facts)

    def sprites(self, layout=None) -> list:
        """Every piece where the state puts it: in the pool, in hand (or on the square chosen
        for it), on the board. A sprite's rect is the square its picture is drawn in."""
        layout = layout or self.layout()
        found = []
        for piece in self.state.available():
            cell = layout.pool[piece]
            found.append(Sprite(piece, pygame.Rect(0, 0, int(cell.h * 1.1), int(cell.h * 1.1)), "piece"))
            found[-1].rect.midbottom = cell.midbottom
        board = list(self.state.board)
        if self.chosen_square is not None and self.state.hand is not None:
            board[self.chosen_square] = self.state.hand
        elif self.state.hand is not None:
            found.append(Sprite(self.state.hand, layout.piece_box.copy(), "piece"))
        for square, piece in enumerate(board):
            if piece is not None:
                rect = layout.squares[square]
                image = pygame.Rect(0, 0, int(rect.w * 0.94), int(rect.w * 0.94))
                image.midbottom = (rect.centerx, rect.bottom - rect.h * 0.12)
                found.append(Sprite(piece, image, "piece"))
        return found

    def targets(self, layout) -> Targets:
        found = [Target(("square", i), rect) for i, rect in enumerate(layout.squares)]
        available = set(self.state.available())
        found += [Target(("piece", p), rect) for p, rect in enumerate(layout.pool) if p in available]
        found += [Target(("button", i), rect) for i, rect in enumerate(layout.buttons)]
        return Targets(found)

    def is_legal_target(self, key) -> bool:
        if not self.humans_turn:
            return False
        kind, value = key
        phase = self.phase
        if kind == "button":
            return True
        if kind == "square":
            return phase == "place" and self.chosen_square is None and bool(self.square_moves(value))
        if phase == "give":
            return True
        return phase == "place" and self.chosen_square is not None and any(
            m.give == value for m in self.square_moves(self.chosen_square))

    # -- input ----------------------------------------------------------------------------
    def handle_game(self, action):
        name = action.name
        if self.state.is_over():
            self.finish.reopen(action, None)      # after a look at the board: Confirm brings the result back
            return
        if self.controls.handle(action):
            return
        if name == inp.BACK:
            if self.chosen_square is not None:
                self.focus = ("square", self.chosen_square)
                self.chosen_square = None
                self.app.sound.play("click")
        elif name == inp.NEXT:
            self.between.acknowledge()

    def default_focus(self, layout):
        """The first target where a move may go, else the first target."""
        targets = list(self.targets(layout))
        legal = [target for target in targets if target.key[0] != "button" and self.is_legal_target(target.key)]
        return (legal or targets)[0].key

    def activate(self, key, by_mouse: bool = False):
        if key is None:
            return
        kind, value = key
        if kind == "button" and self.phase == "between":
            self.between.acknowledge()
            return
        if not self.humans_turn:
            self.app.sound.play("error")
            return
        phase = self.phase
        if kind == "button":
            buttons = self.button_moves()
            what = buttons[value][1] if value < len(buttons) else None
            if isinstance(what, str):
                self.press(what)          # hint, undo: the base's buttons
            elif what is not None:
                self.apply(what)
        elif kind == "piece":
            if phase == "give":
                self.apply(rules.Give(value))
            elif phase == "place" and self.chosen_square is not None:
                self.apply(rules.Place(self.chosen_square, value))
            else:
                self.refuse(t("quarto.say.place_first"))
        elif phase != "place":
            self.refuse(t("quarto.say.give_first" if phase == "give" else "quarto.say.use_buttons"))
        elif value != self.chosen_square:
            self.chosen_square = None    # choosing another square changes the placement
            if self.state.board[value] is not None:
                self.refuse(t("quarto.say.taken"))
                return
            finishing = self.finishing_move(value)
            if finishing is not None:
                self.apply(finishing)
                return
            self.chosen_square = value
            self.app.sound.play("piece")
            available = self.state.available()
            if available:
                self.focus = ("piece", available[0])

    # -- turn flow ------------------------------------------------------------------------
    def after_move(self, seat, move):
        self.chosen_square = None
        if self.state.game_over() and not self.state.is_over():
            self.app.sound.play("win" if self.state.winner is not None else "card")
        else:
            super().after_move(seat, move)
        self._focus_for_phase()

    def forget_choice(self) -> None:
        self.chosen_square = None
        self._focus_for_phase()

    def _focus_for_phase(self):
        phase = self.phase
        if phase == "give" or (phase == "place" and self.chosen_square is not None):
            available = self.state.available()
            if available and (self.focus[0] != "piece" or self.focus[1] not in available):
                self.focus = ("piece", available[0])
        elif phase == "place":
            empty = self.state.empty_squares()
            if empty and (self.focus[0] != "square" or self.focus[1] not in empty):
                self.focus = ("square", empty[0])

    def update(self, dt):
        super().update(dt)
        seconds = self.state.clock_seconds()
        if not seconds or not self.humans_turn or self.phase not in ("place", "give", "pass"):
            self.clock_left = None
            return
        turn = len(self.state.log)
        if self.clock_turn != turn or self.clock_left is None:   # a new turn, or back to one by undo
            self.clock_turn, self.clock_left = turn, float(seconds)
        self.clock_left -= dt
        if self.clock_left <= 0:
            self.clock_left = None
            self.app.notify(t("quarto.say.time_up"), 4)
            self.apply(self.computers.simple_move())        # the clock plays a random move for the player

    # -- the result ---------------------------------------------------------------------------
    def result_lines(self):
        return words.result_lines(self.state, self.seat_name)

    def result_area(self):
        """Beside the board: the winning line stays in sight, lit."""
        layout = self.layout()
        area = self.app.content_rect()
        left = layout.board.right + int(16 * self.app.u)     # clear of the board's shadow
        return pygame.Rect(left, area.y, area.right - left, area.h)

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface, alpha):
        layout, u, state = self.layout(), self.app.u, self.state
        key = (u, self.app.couch_scale, language())
        surface.blit(self._table.get(self.app.size, key, lambda layer: paint_table(layer, layout, u)), (0, 0))
        self.draw_status(surface, self.shown_status(), layout.status)   # the next turn waits for the flight
        draw_plates(surface, layout, u, [self.plate(seat) for seat in range(2)])
        hint_square, hint_piece = self._hint_parts()
        win = state.winning_squares() if state.game_over() else ()
        legal = {square for square in range(16) if self.is_legal_target(("square", square))}
        draw_board_marks(surface, layout.squares, u, win, legal, hint_square, lit=pulse(self.time) > 0.3)
        available = state.available()
        legal = {piece for piece in available if self.is_legal_target(("piece", piece))}
        draw_pool_marks(surface, layout, u, available, legal, hint_piece)
        if state.hand is not None and self.chosen_square is None:
            draw_shadow(surface, layout)
        self.motion.draw_resting(surface, self.sprites(layout), self.motion.moving())
        self.motion.draw_flying(surface)
        focused = self.focus if self.humans_turn else None
        if focused is not None:
            draw_cursor(surface, layout, u, focused)
        draw_hand(surface, layout, u, self.clock_left, *self.in_hand())
        for index, ((key, _), rect) in enumerate(zip(self.button_moves(), layout.buttons)):
            draw_button(surface, rect, t(key), u, primary=key in ("quarto.button.call", "quarto.button.claim"),
                        focused=focused == ("button", index))
        score = words.match_score(state, self.seat_name, self.seat_level)[:1]     # the games won are on the plates
        draw_info(surface, layout, u, score, words.rules_in_play(state),
                  list(zip(words.log_lines(state, self.seat_name), state.game_log())))

    def status_text(self) -> str:
        state = self.state
        return words.status(state, self.seat_name, self.said, self.is_human(state.to_move()), self.chosen_square,
                            self.thinks())

    def plate(self, seat: int) -> tuple:
        """A seat's plate: (name, level, detail, lit, character). In a match its detail is the
        games it won; in a single game a computer's level takes that line, under its name."""
        state = self.state
        level = self.seat_level(seat)
        if state.games > 1:
            detail = t("quarto.plate.won", n=state.scores()[seat])
        else:
            level, detail = "", level
        lit = self.phase in ("give", "place", "pass") and state.to_move() == seat
        return self.seat_name(seat), level, detail, lit, self.seat_character(seat)

    def in_hand(self) -> tuple:
        """What the hand shows: (a heading, the piece named under it, whether its picture is
        drawn there), or nothing. The piece to place has its sprite there; while the player
        chooses the piece to give, the one under the cursor is previewed; between the games of
        a match, how the last one went."""
        piece, mover = self.state.hand, self.state.to_move()
        if self.phase == "between":       # a game of the match is over: how it went
            return words.game_summary(self.state, self.seat_name, self.said), None, False
        if piece is not None and self.chosen_square is None:
            if mover is None:
                return "", piece, False
            return self.said("quarto.hand.to_place", mover, name=self.seat_name(mover)), piece, False
        if self.humans_turn and (self.phase == "give" or self.chosen_square is not None):
            focus = self.focus[1] if self.focus[0] == "piece" and self.focus[1] in self.state.available() else None
            return t("quarto.hand.pick"), focus, True
        return ()

    def draw_thing(self, surface, piece, rect, look, size=None) -> None:
        """A piece: at its place, or scaled on its way between two sizes."""
        image = piece_image(piece, (size or rect.size)[0])
        surface.blit(image if size is None else pygame.transform.smoothscale(image, rect.size), rect)

    def _hint_parts(self):
        """(square, piece) of the hinted move, each None where it names none."""
        move = self.computers.hinted
        if isinstance(move, rules.Give):
            return None, move.piece
        if isinstance(move, rules.Place):
            return move.square, move.give
        return None, None

    def game_legend(self):
        if self.state.is_over():
            return ([(inp.CONFIRM, "endings.legend.result")] if self.finish.shown else []) + [(inp.MENU, "legend.pause")]
        return self.turn_legend(cancel=self.chosen_square is not None)


SCENE = QuartoScene
