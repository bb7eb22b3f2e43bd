"""The computer seats of a playing scene, a part of `GameScene`.

They ask the worker process for a seat's move (and for the human's hint), each seat seeing
only `state.view(seat)`, and play the answer at the pace the player chose, not while things
fly on the table nor during a break nobody has acknowledged. When the worker fails, or its
move has become impossible, a computer seat plays a plain legal move drawn from the game's
seed (`simple_move`), so a game never stalls and a replay plays the same.
"""
from __future__ import annotations

import random
import sys

from game.base import IllegalMove
from game.ui.i18n import explain, t
from game.words import searched


class ComputerSeats:
    def __init__(self, scene):
        self.scene = scene
        self.asked = None        # "move", "hint" (or "stale": a hint no longer wanted) while the worker thinks
        self.pending = None      # a computer move held back until the pace allows it
        self.turn_time = 0.0     # seconds since the current computer decision began
        self.hint = None         # (move, reason) for the human to move
        self.asked_view = None   # what the seat asked about saw (a "Why?" asks about it again)
        self.candidates = ()     # the pending move's search: its best moves and their results
        self.last = None         # (seat, move, candidates, view) of the last computer move, for "Why?"
        self.due = False         # the pending move's time has come: played once this frame is drawn (`play_due`)
        self.better = None       # (move played, an expert's move, view) after "Why?", shown on the table till a move

    @property
    def hinted(self):
        """The hinted move, or None."""
        return self.hint[0] if self.hint else None

    def stop(self) -> None:
        """The position changed under them (an undo, autoplay on or off, leaving): forget
        what was asked, held back and hinted."""
        if self.asked:
            self.scene.app.worker.cancel()
        self.asked, self.pending, self.turn_time, self.hint, self.due = None, None, 0.0, None, False
        self.last = self.better = None

    def moved(self) -> None:
        """A move was played: a hint, given or on its way, or a better move shown, was for the
        position before it."""
        self.hint = self.better = None
        if self.asked == "hint":
            self.asked = "stale"

    def ask_hint(self) -> None:
        scene = self.scene
        if scene.coach is not None:        # in a lesson the hint is the step's own words
            scene.app.notify(scene.coach.text(), 6)
            return
        if not scene.can_play():
            return
        seat = scene.state.to_move()
        scene.app.worker.ask(scene.game, "hard", scene.seed * 10 + seat, scene.state.view(seat), kind="hint")
        self.asked = "hint"

    def may_move(self) -> bool:
        """Not while things fly, nor while a lesson's words wait to be read, nor between hands
        until a human said "next hand" (computers alone rest the scene's `break_pause`)."""
        scene = self.scene
        if scene.motion.busy() or scene.coach is not None and scene.coach.waits():
            return False
        return scene.between.computers_go() if scene.at_break() else True

    def step(self, dt: float) -> None:
        """Each update: take the worker's answer, then play or ask for the seat to move."""
        scene = self.scene
        if self.due:          # played at the end of the frame
            return
        seat = scene.state.to_move()
        if self.asked:
            answer = scene.app.worker.poll()
            if answer is not None:
                kind, self.asked = self.asked, None
                self._receive(kind, answer, seat)
        if scene.is_human(seat) or not self.may_move():
            return
        self.turn_time += dt
        if self.pending is not None:
            self.due = self.turn_time >= scene.app.pace()
            if not scene.app.ticking:     # a scene driven by its updates alone (a test): no frame's end comes
                self.play_due()
            return
        scripted = scene.coach.scripted() if scene.coach is not None else None
        if scripted is not None:      # a lesson's reply: no need to think
            self.pending, self.candidates, self.asked_view = scripted, (), None
            return
        if self.asked is None:
            self.asked_view = scene.state.view(seat)
            scene.app.worker.ask(scene.game, scene.seats[seat], scene.seed * 10 + seat, self.asked_view)
            self.asked = "move"

    def play_due(self) -> None:
        """The pending move whose time has come, played. After the frame that found it due is
        drawn (`GameScene.ahead`): the move's own work and the drawing of what it changes then
        fall in two frames instead of one."""
        if not self.due:
            return
        scene = self.scene
        seat = scene.state.to_move()
        move, self.pending, self.due = self.pending, None, False
        self.turn_time = 0.0
        view, candidates = self.asked_view, self.candidates
        if scene.apply(move):
            self.last = (seat, move, candidates, view)

    def _receive(self, kind, answer, seat) -> None:
        scene = self.scene
        if answer.error:
            print(f"spelavond: computer player failed:\n{answer.error}", file=sys.stderr)
            if kind == "move" and not scene.autoplay:  # the player reads why this move is a plain one
                scene.app.notify(t("notice.computer_failed", name=scene.seat_name(seat)), 6)
        if kind == "stale":
            return
        if kind == "hint":
            if answer.error or answer.move is None or trial(scene.state, answer.move) is not None:
                scene.app.notify(t("hint.none"))
            else:
                self.hint = (answer.move, answer.reason)
                scene.on_hint(answer.move, answer.reason)
            return
        if kind == "why":
            if not answer.error and answer.move is not None and self.last is not None:
                seat, move, _, view = self.last
                name = scene.seat_name(seat)
                if answer.move == move:
                    # told about that person (the game's words name the reason's places: `reason_params`)
                    scene.app.notify(explain(answer.reason, getattr(scene.words, "reason_params", None), about=name), 8)
                else:       # the expert's judgement chose another move: said so, and shown on the table
                    self.better = (move, answer.move, view)
                    scene.app.notify(t("why.expert", name=name, move=scene.move_name(view, move),
                                       better=scene.move_name(view, answer.move)), 10)
            return
        move = answer.move
        self.candidates = answer.candidates
        if answer.error or move is None or not self.accepts(move):
            move, self.candidates = self.failed(), ()
        self.pending = move

    def why(self) -> None:
        """"Why?" after a computer's move: its best moves from its own search with how they
        did, or, for a player that does not search that way, an expert's judgement of that
        position (from that seat's view only: nothing hidden from it is told), told about that
        person where the expert plays the same move, else the expert's move named and shown on
        the table beside the one played (`better`)."""
        scene = self.scene
        if self.last is None or self.asked:
            scene.app.sound.play("error")
            return
        seat, move, candidates, view = self.last
        name = scene.seat_name(seat)
        if candidates:
            scene.app.notify(searched(name, scene.move_name(view, move),
                                      [scene.move_name(view, entry[0]) for entry in candidates]), 10)
        elif view is not None:
            scene.app.worker.ask(scene.game, "hard", scene.seed * 10 + seat, view, kind="hint")
            self.asked = "why"
        else:
            scene.app.notify(t("why.scripted", name=name), 6)

    def accepts(self, move) -> bool:
        return type(move) not in self.scene.never_automatic and trial(self.scene.state, move) is None

    def failed(self):
        """The computer player failed, or its move has become impossible: the move to play
        instead (None: none now). Autoplay stops and says so; a computer seat plays a plain
        move, so the game never stalls."""
        scene = self.scene
        if scene.autoplay:
            scene.set_autoplay(False)
            scene.app.sound.play("error")
            scene.app.notify(t("autoplay.failed"))
            return None
        return self.simple_move()

    def simple_move(self):
        """A legal move drawn from the game number and the move count: the same on a replay."""
        scene = self.scene
        moves = [move for move in scene.state.legal_moves() if type(move) not in scene.never_automatic]
        return random.Random(scene.seed * 1_000_003 + len(scene.record.moves)).choice(moves) if moves else None


def trial(state, move) -> str | None:
    """None when the rules accept `move` in `state` now, else why not; tried on a copy (some
    games have huge move lists)."""
    try:
        state.copy().play(move)
    except (IllegalMove, TypeError, ValueError) as error:
        return explain(error)
    return None
