"""What every game's scene shares: seats, computer turns, hints, undo, saving, the end.

A game's scene subclasses `GameScene` and draws its table and turns the player's input into
moves with `self.apply(move)`. The base runs the computer seats through the worker process
(at the pace the player chose), asks it for hints, keeps undo snapshots, saves the game
after every move (so quitting or a crash loses nothing), shows a hand-over screen between
human players when hands are hidden, records the statistics once, and offers a new game at
the end. Each `game/<name>/scene.py` exposes its class as `SCENE`.
"""
from __future__ import annotations

import random
import sys

import pygame

from game import registry
from game.base import IllegalMove
from game.ui import input as inp
from game.ui import theme
from game.ui.i18n import has, t
from game.ui.menu import Overlay
from game.ui.scene import Scene
from game.ui.text import blit_text
from game.ui.widgets import Button

SAVE_VERSION = 1


class GameScene(Scene):
    game = ""               # registry name, set by each subclass
    hides_hands = False     # hidden hands: show a hand-over screen between human players
    name = "game"

    def __init__(self, app, setup: dict, state, seed: int):
        super().__init__(app)
        self.setup, self.state, self.seed = setup, state, seed
        self.info = registry.game(self.game)
        self.seats = list(setup["seats"])[: state.players]
        self.asked = None             # "move" or "hint" while the worker is thinking
        self.asked_at = 0.0
        self.pending = None           # a computer move held back until the pace allows it
        self.turn_time = 0.0          # seconds since the current computer decision began
        self.hint = None              # (move, reason) for the human to move
        self.undo_stack: list = []    # state copies at the human's decision points
        self.stats_recorded = False
        self.shown_seat = self.viewer()
        self.time = 0.0

    # -- seats ----------------------------------------------------------------------------
    def is_human(self, seat) -> bool:
        return seat is not None and self.seats[seat] == "human"

    @property
    def human_seats(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == "human"]

    def viewer(self) -> int:
        """Whose eyes the table is drawn through: the human to move, or the one human."""
        humans = self.human_seats
        to_move = self.state.to_move()
        if to_move in humans:
            return to_move
        if len(humans) > 1:
            return getattr(self, "shown_seat", humans[0])
        return humans[0] if humans else 0

    def seat_name(self, seat: int) -> str:
        """'You', 'Player 2', 'Computer' or 'Computer 3' (a game may name its seats)."""
        key = f"{self.game}.seat.{seat}"
        if has(key):
            return t(key)
        if self.is_human(seat):
            return t("seat.you") if len(self.human_seats) == 1 else t("seat.number", n=seat + 1)
        computers = [s for s in range(len(self.seats)) if not self.is_human(s)]
        return t("seat.computer_plain") if len(computers) == 1 else t("seat.computer_number", n=seat + 1)

    def seat_level(self, seat: int) -> str:
        """'hard' for a computer seat, '' for a human."""
        return "" if self.is_human(seat) else t(f"level.{self.seats[seat]}")

    @property
    def humans_turn(self) -> bool:
        return not self.state.is_over() and self.is_human(self.state.to_move())

    # -- moves ----------------------------------------------------------------------------
    def apply(self, move, play=None) -> bool:
        """Play a move for whoever is to move; an illegal one is refused and explained.

        `play` replaces `state.play(move)` for a rules call that chooses the move itself (a
        clock running out); it returns the move it made.
        """
        mover = self.state.to_move()
        before = self.state.copy() if self.is_human(mover) else None
        try:
            if play is None:
                self.state.play(move)
            else:
                move = play()
        except IllegalMove as error:
            self.app.sound.play("error")
            self.app.notify(t(error.key, **error.params) if error.key and has(error.key) else str(error))
            return False
        if before is not None:
            self.undo_stack.append(before)
        self.hint = None
        self.after_move(mover, move)
        self.save()
        if self.state.is_over():
            self.record_statistics()
            self.game_over()
        return True

    def after_move(self, seat, move) -> None:
        """A game's hook: sound, animation, log."""
        self.app.sound.play("card")

    def can_undo(self) -> bool:
        return bool(self.undo_stack) and len(self.human_seats) >= 1 and not self.state.is_over()

    def undo(self) -> None:
        """Back to the human's last decision point (taking back the computer's replies)."""
        if not self.can_undo():
            self.app.sound.play("error")
            return
        self.app.worker.cancel()
        self.asked, self.pending, self.hint = None, None, None
        self.state = self.undo_stack.pop()
        self.after_undo()
        self.save()

    def after_undo(self) -> None: ...

    # -- computer seats and hints ---------------------------------------------------------
    def computer_may_move(self) -> bool:
        """A game can hold the computer back (an animation still running, a result shown)."""
        return True

    def ask_hint(self) -> None:
        seat = self.state.to_move()
        if not self.humans_turn:
            return
        level = self.setup.get("hint_level", "hard")
        self.app.worker.ask(self.game, level, self.seed * 10 + seat, self.state.view(seat), kind="hint")
        self.asked = "hint"

    def update(self, dt: float) -> None:
        self.time += dt
        if self.state.is_over():
            return
        seat = self.state.to_move()
        self._check_hand_over(seat)
        if self.asked:
            answer = self.app.worker.poll()
            if answer is not None:
                kind, self.asked = self.asked, None
                self._receive(kind, answer, seat)
        if self.is_human(seat) or not self.computer_may_move():
            return
        self.turn_time += dt
        if self.pending is not None:
            if self.turn_time >= self.app.pace():
                move, self.pending = self.pending, None
                self.turn_time = 0.0
                self.apply(move)
            return
        if self.asked is None:
            self.app.worker.ask(self.game, self.seats[seat], self.seed * 10 + seat, self.state.view(seat))
            self.asked = "move"

    def _receive(self, kind, answer, seat) -> None:
        if answer.error:
            print(f"spelavond: computer player failed:\n{answer.error}", file=sys.stderr)
        if kind == "hint":
            if answer.error or answer.move is None:
                self.app.notify(t("hint.none"))
            else:
                self.hint = (answer.move, answer.reason)
                self.on_hint(answer.move, answer.reason)
            return
        self.pending = answer.move if not answer.error and self.playable(answer.move) else self.fallback_move()

    def playable(self, move) -> bool:
        """Whether the rules accept the move now (tried on a copy: some games have huge move lists)."""
        trial = self.state.copy()
        try:
            trial.play(move)
        except (IllegalMove, TypeError, ValueError):
            return False
        return True

    def fallback_move(self):
        """A computer player failed or answered nonsense: a random legal move, so the game never stalls."""
        moves = self.state.legal_moves()
        return random.Random(self.seed + len(moves)).choice(list(moves)) if moves else None

    def on_hint(self, move, reason) -> None:
        """A game's hook: highlight the hinted move."""
        self.app.notify(t("hint.prefix", move=str(move), reason=reason), 5)

    # -- hand-over between human players --------------------------------------------------
    def _check_hand_over(self, seat) -> None:
        if not self.hides_hands or len(self.human_seats) < 2 or not self.is_human(seat):
            return
        if seat != self.shown_seat and not any(isinstance(s, HandOverOverlay) for s in self.app.scenes):
            self.app.push(HandOverOverlay(self.app, self, seat))

    # -- saving and the end ---------------------------------------------------------------
    def save(self) -> None:
        if self.state.is_over():
            self.app.store.clear_game()
            return
        self.app.store.save_game({"version": SAVE_VERSION, "game": self.game, "setup": self.setup,
                                  "seed": self.seed, "state": self.state.to_dict()})

    def stats_key(self) -> str:
        return self.game

    def stat_score(self):
        """(score, higher_is_better) for the best-score column, or None."""
        return None

    def outcome(self) -> str | None:
        """'won', 'lost' or 'drawn' for the human side; None when humans played each other."""
        humans = set(self.human_seats)
        if not humans:
            return None
        winners = set(self.state.winners())
        if winners and humans <= winners:
            return "won"
        if humans & winners:
            return None
        if not winners and self.state.players > 1:
            return "drawn"
        return "lost"

    def counts_for_statistics(self) -> bool:
        """A game's hook: False for a game that should not count (one the helper played)."""
        return True

    def record_statistics(self) -> None:
        """Count the finished game once (a resumed finished game is not counted again)."""
        if self.stats_recorded:
            return
        self.stats_recorded = True
        outcome = self.outcome()
        if outcome and self.counts_for_statistics():
            score = self.stat_score()
            if score is None:
                self.app.store.record_result(self.stats_key(), outcome)
            else:
                self.app.store.record_result(self.stats_key(), outcome, score[0], score[1])
        self.app.sound.play("win" if outcome == "won" else "card")

    def game_over(self) -> None:
        """The game has ended (statistics are already counted): show the result. A game may
        override this to let the last move be seen first, calling it later."""
        self.app.push(ResultOverlay(self.app, self))

    def result_title(self) -> str:
        outcome = self.outcome()
        if outcome is None:
            winners = self.state.winners()
            return t("result.winner", name=self.seat_name(winners[0])) if winners else t("result.draw")
        return t(f"result.{outcome}")

    def result_lines(self) -> list[str]:
        return []

    # -- input ----------------------------------------------------------------------------
    def pause_extras(self) -> list:
        return []

    def handle(self, action: inp.Action) -> None:
        if action.name == inp.MENU:
            self.app.pause(self.game, self.pause_extras())
            return
        self.handle_game(action)

    def handle_game(self, action: inp.Action) -> None: ...

    def legend(self):
        return [(inp.MENU, "legend.pause")]

    def exit(self) -> None:
        if self.asked:
            self.app.worker.cancel()
            self.asked = None

    # -- drawing helpers ------------------------------------------------------------------
    def static_layer(self, key, paint) -> pygame.Surface:
        """A window-sized surface painted once per window size, UI scale and `key`.

        The table's unchanging parts (felt, board, empty places) go here, so a frame is one
        blit of them plus what moves.
        """
        full_key = (self.app.size, self.app.u, key)
        if getattr(self, "_static_layer_key", None) != full_key:
            layer = pygame.Surface(self.app.size)
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
            paint(layer)
            self._static_layer, self._static_layer_key = layer, full_key
        return self._static_layer

    def draw_status(self, surface: pygame.Surface, text: str, rect: pygame.Rect | None = None) -> None:
        """One line telling whose turn it is and what to do, on a panel at the top."""
        u = self.app.u
        area = rect or self.app.content_rect()
        image_rect = blit_text(surface, text, theme.BODY * u, theme.TEXT, (-1000, -1000))
        box = image_rect.inflate(int(48 * u), int(20 * u))
        box.midtop = (area.centerx, area.y + int(14 * u))
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=int(14 * u))
        blit_text(surface, text, theme.BODY * u, theme.TEXT, box.center, "center")


class HandOverOverlay(Scene):
    """Covers the table so the next human player's hand is not seen by the previous one."""

    overlay = True
    shade = False    # it covers the whole table itself
    name = "hand_over"

    def __init__(self, app, game_scene: GameScene, seat: int):
        super().__init__(app)
        self.game_scene, self.seat = game_scene, seat

    def handle(self, action):
        if action.name in (inp.CONFIRM, inp.PRESS):
            self.game_scene.shown_seat = self.seat
            self.app.pop()
        elif action.name == inp.MENU:
            self.game_scene.handle(action)

    def draw(self, surface, alpha):
        u = self.app.u
        surface.fill(theme.BACKGROUND)
        area = self.app.content_rect()
        blit_text(surface, t("handover.pass", name=self.game_scene.seat_name(self.seat)), theme.HEADING * u,
                  theme.TEXT, (area.centerx, area.centery - 30 * u), "midbottom", bold=True)
        blit_text(surface, t("handover.ready", name=self.game_scene.seat_name(self.seat)), theme.BODY * u,
                  theme.TEXT_DIM, (area.centerx, area.centery + 30 * u), "midtop")

    def legend(self):
        return [(inp.CONFIRM, "legend.ready"), (inp.MENU, "legend.pause")]


class ResultOverlay(Overlay):
    name = "result"

    def __init__(self, app, game_scene: GameScene):
        super().__init__(app)
        self.game_scene = game_scene

    def title(self):
        return self.game_scene.result_title()

    def build(self):
        from game.ui.widgets import Label
        scene = self.game_scene
        widgets = [Label(line, theme.BODY, theme.TEXT) for line in scene.result_lines()]
        widgets.append(Button(t("result.again"), lambda: self.app.new_game(scene.game, scene.setup)))
        widgets.append(Button(t("result.look"), self.app.pop))
        widgets.append(Button(t("pause.quit"), self.app.to_title))
        return widgets

    def enter(self):
        super().enter()
        self.list.focus = next(i for i, w in enumerate(self.list.widgets) if w.focusable)

    def back(self):
        self.app.pop()
