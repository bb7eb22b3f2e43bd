"""Quarto on screen: the board, the pieces beside it, the piece in hand, and whose turn it is.

Pieces are drawn in a three-quarter view so all four attributes read at a glance, also for
colour-blind players: light or dark by brightness (cream against near-black), round or
square by outline, tall or short by height, hollow by a dark hole in the top.
The player picks a square, then the piece to give (select-then-target with the kit's cursor,
or clicks with the mouse); the legal targets light up. Every piece is a sprite: the animator
carries it from the pool to the hand and from the hand to its square.
"""
from __future__ import annotations

import functools
import math

import pygame

from game.quarto import rules
from game.quarto import words
from game.quarto.layout import hole, lay_out
from game.ui import input as inp
from game.ui import theme
from game.ui.game_scene import GameScene
from game.ui.i18n import language, t
from game.ui.table.animator import Sprite
from game.ui.table.draw import CachedLayer
from game.ui.table.panels import draw_button
from game.ui.table.targets import Target, Targets
from game.ui.text import blit_in, blit_text, fit

WOOD = (122, 84, 50)
WOOD_DARK = (86, 58, 34)
SLOT = (64, 42, 24)
LIGHT = {"top": (246, 232, 204), "side": (218, 196, 160), "edge": (128, 100, 66), "hole": (160, 128, 92)}
DARK = {"top": (92, 66, 52), "side": (60, 40, 30), "edge": (22, 14, 10), "hole": (24, 14, 10)}
GAME_OVER_PAUSE = 1.6   # seconds the finished board shows before the result or next game


@functools.lru_cache(maxsize=256)
def piece_image(piece: int, size: int) -> pygame.Surface:
    """A piece drawn into a size x size square, standing on its bottom edge (cached)."""
    scale = 3  # drawn large and smoothly scaled down: antialiased edges
    s = size * scale
    image = pygame.Surface((s, s), pygame.SRCALPHA)
    colours = DARK if piece & rules.DARK else LIGHT
    square = bool(piece & rules.SQUARE)
    tall = bool(piece & rules.TALL)
    hollow = bool(piece & rules.HOLLOW)
    width = s * 0.62
    cap = width * 0.36                      # the top face seen from above at an angle
    body = s * (0.62 if tall else 0.26)     # visible height of the side
    left = (s - width) / 2
    bottom = s * 0.96
    top = bottom - body - cap
    edge = max(2, int(s * 0.018))
    if square:
        side = pygame.Rect(left, top + cap / 2, width, body + cap / 2)
        pygame.draw.rect(image, colours["side"], side)
        pygame.draw.rect(image, colours["edge"], side, edge)
        cap_rect = pygame.Rect(left, top, width, cap)
        pygame.draw.rect(image, colours["top"], cap_rect)
        pygame.draw.rect(image, colours["edge"], cap_rect, edge)
        if hollow:
            hole = cap_rect.inflate(-width * 0.42, -cap * 0.42)
            pygame.draw.rect(image, colours["hole"], hole)
            pygame.draw.rect(image, colours["edge"], hole, edge)
    else:
        base = pygame.Rect(left, bottom - cap, width, cap)
        pygame.draw.ellipse(image, colours["side"], base)
        pygame.draw.ellipse(image, colours["edge"], base, edge)
        side = pygame.Rect(left, top + cap / 2, width, body)
        pygame.draw.rect(image, colours["side"], side)
        pygame.draw.line(image, colours["edge"], side.topleft, side.bottomleft, edge)
        pygame.draw.line(image, colours["edge"], (side.right - 1, side.top), (side.right - 1, side.bottom), edge)
        cap_rect = pygame.Rect(left, top, width, cap)
        pygame.draw.ellipse(image, colours["top"], cap_rect)
        pygame.draw.ellipse(image, colours["edge"], cap_rect, edge)
        if hollow:
            hole = cap_rect.inflate(-width * 0.42, -cap * 0.42)
            pygame.draw.ellipse(image, colours["hole"], hole)
            pygame.draw.ellipse(image, colours["edge"], hole, edge)
    return pygame.transform.smoothscale(image, (size, size))


class QuartoScene(GameScene):
    game = "quarto"
    break_pause = GAME_OVER_PAUSE     # computers alone: the finished board shows this long

    def __init__(self, app, record, state):
        super().__init__(app, record, state)
        self.chosen_square = None        # a placement waiting for the piece to give
        self.focus = ("square", 5)
        self.clock_left = None
        self.clock_turn = None
        self._table = CachedLayer()      # the felt, the board and the empty places

    def enter(self):
        self._focus_for_phase()

    # -- rules helpers --------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.state.phase

    def legal(self):
        return self.state.legal_moves() if self.humans_turn else []

    def square_moves(self, square):
        return [m for m in self.legal() if isinstance(m, rules.Place) and m.square == square]

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
    def layout(self) -> dict:
        buttons = tuple(key for key, _ in self.button_moves())
        facts = (self.state.games > 1, len(words.rules_in_play(self.state)))
        return self.cached_layout(lambda _: lay_out(self.app, buttons, *facts),
                                  self.app.couch_scale, language(), buttons, *facts)

    def sprites(self, layout=None) -> list:
        """Every piece where the state puts it: in the pool, in hand (or on the square chosen
        for it), on the board. A sprite's rect is the square its picture is drawn in."""
        layout = layout or self.layout()
        found = []
        for piece in self.state.available():
            cell = layout["pool"][piece]
            found.append(Sprite(piece, pygame.Rect(0, 0, int(cell.h * 1.1), int(cell.h * 1.1)), "piece"))
            found[-1].rect.midbottom = cell.midbottom
        board = list(self.state.board)
        if self.chosen_square is not None and self.state.hand is not None:
            board[self.chosen_square] = self.state.hand
        elif self.state.hand is not None:
            found.append(Sprite(self.state.hand, layout["piece_box"].copy(), "piece"))
        for square, piece in enumerate(board):
            if piece is not None:
                rect = layout["squares"][square]
                image = pygame.Rect(0, 0, int(rect.w * 0.94), int(rect.w * 0.94))
                image.midbottom = (rect.centerx, rect.bottom - rect.h * 0.12)
                found.append(Sprite(piece, image, "piece"))
        return found

    def targets(self, layout) -> Targets:
        found = [Target(("square", i), rect) for i, rect in enumerate(layout["squares"])]
        available = set(self.state.available())
        found += [Target(("piece", p), rect) for p, rect in enumerate(layout["pool"]) if p in available]
        found += [Target(("button", i), rect) for i, rect in enumerate(layout["buttons"])]
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
        if self.handle_table(action):
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
            if what == "hint":
                self.computers.ask_hint()
            elif what == "undo":
                self.undo.take_back()
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

    def on_hint(self, move, reason):
        self.app.notify(t("quarto.say.hint", move=words.move_text(move), reason=reason), 6)

    # -- the result ---------------------------------------------------------------------------
    def result_lines(self):
        return words.result_lines(self.state, self.seat_name)

    def result_area(self):
        """Beside the board: the winning line stays in sight, lit."""
        layout = self.layout()
        area = self.app.content_rect()
        left = layout["board"].right + int(16 * self.app.u)     # clear of the board's shadow
        return pygame.Rect(left, area.y, area.right - left, area.h)

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface, alpha):
        layout = self.layout()
        key = (self.app.u, self.app.couch_scale, language())
        surface.blit(self._table.get(self.app.size, key, lambda layer: self._paint_table(layer, layout)), (0, 0))
        self.draw_status(surface, words.status(self.state, self.seat_name, self.said, self.is_human(self.state.to_move()),
                                             self.chosen_square), layout["status"])
        focused = self.focus if self.humans_turn else None
        hint_square, hint_piece = self._hint_parts()
        self._draw_board(surface, layout, hint_square)
        self._draw_pool(surface, layout, hint_piece)
        if self.state.hand is not None and self.chosen_square is None:     # the shadow of the piece in hand
            box = layout["piece_box"]
            pygame.draw.ellipse(surface, SLOT, box.inflate(-box.w * 0.1, -box.h * 0.6).move(0, box.h * 0.3))
        self.motion.draw_resting(surface, self.sprites(layout), self.motion.moving())
        self.motion.draw_flying(surface)
        u = self.app.u
        if focused is not None and focused[0] == "square":     # the cursor over the pieces
            rect = layout["squares"][focused[1]]
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(-rect.w * 0.02, -rect.h * 0.02), max(3, int(5 * u)),
                             border_radius=int(rect.w * 0.2))
        elif focused is not None and focused[0] == "piece":
            pygame.draw.rect(surface, theme.ACCENT, layout["pool"][focused[1]], max(3, int(5 * u)),
                             border_radius=int(10 * u))
        self._draw_hand(surface, layout)
        for index, ((key, _), rect) in enumerate(zip(self.button_moves(), layout["buttons"])):
            draw_button(surface, rect, t(key), self.app.u, primary=key in ("quarto.button.call", "quarto.button.claim"),
                        focused=focused == ("button", index))
        self._draw_info(surface, layout)

    def draw_thing(self, surface, piece, rect, look, size=None) -> None:
        """A piece: at its place, or scaled on its way between two sizes."""
        image = piece_image(piece, (size or rect.size)[0])
        surface.blit(image if size is None else pygame.transform.smoothscale(image, rect.size), rect)

    def _pulse(self) -> float:
        return 0.5 + 0.5 * math.sin(self.time * 5)

    def _hint_parts(self):
        move = self.computers.hinted
        if isinstance(move, rules.Give):
            return None, move.piece
        if isinstance(move, rules.Place):
            return move.square, move.give
        return None, None

    def _paint_table(self, layer, layout):
        """What never moves: felt, the wooden board, its holes and names, the empty places."""
        u = self.app.u
        layer.fill(theme.FELT_DARK)
        board = layout["board"]
        radius = int(board.w * 0.08)
        pygame.draw.rect(layer, WOOD_DARK, board.move(int(6 * u), int(8 * u)), border_radius=radius)
        pygame.draw.rect(layer, WOOD, board, border_radius=radius)
        pygame.draw.rect(layer, WOOD_DARK, board, max(2, int(4 * u)), border_radius=radius)
        for rect in layout["squares"]:
            pygame.draw.ellipse(layer, SLOT, hole(rect))
        for column in range(4):
            rect = layout["squares"][column]
            blit_text(layer, "abcd"[column], theme.TINY * u, theme.TEXT_DIM, (rect.centerx, board.y + 4 * u), "midtop")
        for row in range(4):
            rect = layout["squares"][row * 4]
            blit_text(layer, str(row + 1), theme.TINY * u, theme.TEXT_DIM, (board.x + 10 * u, rect.centery), "midleft")
        pygame.draw.rect(layer, theme.PANEL, layout["hand"], border_radius=int(18 * u))
        pool = layout["pool"]
        blit_text(layer, t("quarto.pool"), theme.SMALL * u, theme.TEXT_DIM, (pool[0].x, pool[0].y - 8 * u), "bottomleft")
        for rect in pool:
            pygame.draw.rect(layer, theme.FELT, rect.inflate(-4 * u, -4 * u), border_radius=int(10 * u))

    def _draw_board(self, surface, layout, hint_square):
        """The marks of the board under its pieces: the winning line, legal squares, the hint."""
        u = self.app.u
        win = set(self.state.winning_squares()) if self.state.game_over() else set()
        for square, rect in enumerate(layout["squares"]):
            slot = hole(rect)
            if square in win:
                glow = theme.ACCENT if self._pulse() > 0.3 else theme.ACCENT_DARK
                pygame.draw.ellipse(surface, glow, slot.inflate(int(10 * u), int(10 * u)), max(3, int(7 * u)))
            if self.is_legal_target(("square", square)):
                pygame.draw.ellipse(surface, theme.LEGAL, slot, max(2, int(3 * u)))
            if hint_square == square:
                pygame.draw.ellipse(surface, theme.GOOD, slot.inflate(int(6 * u), int(6 * u)), max(3, int(6 * u)))

    def _draw_hand(self, surface, layout):
        u = self.app.u
        box, piece_box = layout["hand"], layout["piece_box"]
        piece = self.state.hand
        mover = self.state.to_move()
        x = piece_box.right + 24 * u
        right = box.right - 24 * u
        if self.clock_left is not None:
            colour = theme.BAD if self.clock_left < 10 else theme.TEXT
            clock = blit_text(surface, f"{int(math.ceil(self.clock_left))} s", theme.HEADING * u, colour,
                              (right, box.centery), "midright", bold=True, box=box)
            right = clock.x - 16 * u
        # a line saying what the piece is for, and the piece in words below it (on two lines if need be)
        head = pygame.Rect(x, box.y + 20 * u, right - x, theme.SMALL * 1.8 * u)
        named = pygame.Rect(x, head.bottom + 6 * u, right - x, box.bottom - head.bottom - 16 * u)
        if piece is not None and self.chosen_square is None:
            blit_in(surface, t("quarto.hand.to_place", name=self.seat_name(mover) if mover is not None else ""),
                    theme.SMALL * u, theme.TEXT_DIM, head, "left")
            blit_in(surface, words.piece_words(piece), theme.BODY * u, theme.TEXT, named, "left", "top", bold=True)
        elif self.humans_turn and (self.phase == "give" or self.chosen_square is not None):
            # the piece under the focus cursor, previewed with its attributes in words
            blit_in(surface, t("quarto.hand.pick"), theme.SMALL * u, theme.TEXT_DIM, head, "left")
            if self.focus[0] == "piece" and self.focus[1] in self.state.available():
                surface.blit(piece_image(self.focus[1], piece_box.w), piece_box)
                blit_in(surface, words.piece_words(self.focus[1]), theme.BODY * u, theme.TEXT, named, "left", "top", bold=True)
        else:
            blit_in(surface, t("quarto.hand.empty"), theme.BODY * u, theme.TEXT_DIM,
                    pygame.Rect(x, box.y, right - x, box.h), "left")

    def _draw_pool(self, surface, layout, hint_piece):
        """The marks of the pool under its pieces: legal pieces, the hint."""
        u = self.app.u
        available = set(self.state.available())
        for piece, rect in enumerate(layout["pool"]):
            if piece not in available:
                continue
            if self.is_legal_target(("piece", piece)):
                pygame.draw.rect(surface, theme.LEGAL, rect.inflate(-4 * u, -4 * u), max(2, int(3 * u)), border_radius=int(10 * u))
            if hint_piece == piece:
                pygame.draw.rect(surface, theme.GOOD, rect.inflate(-2 * u, -2 * u), max(3, int(5 * u)), border_radius=int(10 * u))

    def _draw_info(self, surface, layout):
        """Match score and rules in play on the left, the game's moves on the right."""
        u = self.app.u
        left, moves = layout["facts"], layout["moves"]
        y = left.y
        score = words.match_score(self.state, self.seat_name, self.seat_level)
        for index, line in enumerate(score):      # the game's number, then the scores
            blit_text(surface, line, theme.SMALL * u, theme.TEXT if index else theme.TEXT_DIM, (left.x, y), "topleft",
                      bold=bool(index))
            y += theme.SMALL * (1.35 if index else 1.4) * u
        if score:
            y += theme.SMALL * 0.4 * u
        for line in words.rules_in_play(self.state):
            blit_text(surface, line, theme.SMALL * u, theme.TEXT_DIM, (left.x, y), "topleft")
            y += theme.SMALL * 1.35 * u
        y = moves.y
        blit_text(surface, t("quarto.info.moves"), theme.SMALL * u, theme.TEXT_DIM, (moves.x, y), "topleft")
        y += theme.SMALL * 1.4 * u
        log = list(zip(words.log_lines(self.state, self.seat_name), self.state.game_log()))
        line_height = theme.TINY * 1.35 * u
        room = max(1, int((moves.bottom - y) // line_height))
        icon = int(line_height * 1.1)
        for text, move in log[-room:]:
            text = fit(text, int(theme.TINY * u), moves.w - icon - int(8 * u))
            rect = blit_text(surface, text, theme.TINY * u, theme.TEXT, (moves.x, y), "topleft")
            given = move.piece if isinstance(move, rules.Give) else getattr(move, "give", None)
            if given is not None:
                surface.blit(piece_image(given, icon), (rect.right + 6 * u, rect.centery - icon * 0.6))
            y += line_height

    def legend(self):
        return self.turn_legend(cancel=self.chosen_square is not None)


SCENE = QuartoScene
