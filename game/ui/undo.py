"""Undo, a part of `GameScene`: back to the human's last decision point.

One policy, which the game configures on its scene class: `undo_while_computer_moves`
(False: only on the human's own turn) and `undo_own_last_only` (only your last move, while
nobody else has played or taken a trick since). Whatever the game, undo never goes back past
a move that revealed something (`state.reveals(move)`) nor past the end of a hand, and with
hidden hands only the seat in view takes back its own move. A game whose rules take a step
back themselves (`state.undo_move()`, 4 Koningen) plays that move instead of keeping
snapshots.
"""
from __future__ import annotations

from typing import NamedTuple

from game.base import TrickWon
from game.ui.i18n import has, t


class Snapshot(NamedTuple):
    """Where undo goes back to: the state, and how many moves the record held then."""
    state: object
    moves: int


class Undo:
    def __init__(self, scene):
        self.scene = scene
        self.stack: list[Snapshot] = []

    def rules_take_back(self) -> bool:
        return hasattr(self.scene.state, "undo_move")

    def before(self, revealing: bool) -> Snapshot | None:
        """Before a move is played: the snapshot to keep if it is played (None: none)."""
        scene = self.scene
        if not scene.is_human(scene.state.to_move()) or self.rules_take_back() or revealing:
            return None
        return Snapshot(scene.state.copy(), len(scene.record.moves))

    def played(self, mover, revealing: bool, before: Snapshot | None) -> None:
        """After a move: keep its snapshot, or forget what may no longer be taken back."""
        scene = self.scene
        others_showed = not scene.is_human(mover) or any(type(event) is TrickWon for event in scene.state.events)
        if revealing or scene.at_break() or scene.undo_own_last_only and others_showed:
            self.stack.clear()    # undo never shows what was hidden, and a hand's end shows all
        elif before is not None:
            if scene.undo_own_last_only:
                self.stack.clear()
            self.stack.append(before)

    def possible(self) -> bool:
        scene = self.scene
        if scene.coach is not None:
            return False          # a lesson's steps go one way: its coach could not follow back
        if self.rules_take_back():
            return scene.humans_turn and scene.state.undo_move() is not None
        return (bool(self.stack) and bool(scene.human_seats) and not scene.state.is_over()
                and (scene.undo_while_computer_moves or scene.can_play())
                # with hidden hands only the seat in view takes back, and only its own move
                and (not scene.hides_hands or self.stack[-1].state.to_move() == scene.face_up_seat()))

    def take_back(self) -> None:
        """Back to the human's last decision point (taking back the computer's replies), or
        the rules' own step back; refused with a reason where the game gives one."""
        scene = self.scene
        if not self.possible():
            key = f"{scene.game}_scene.say.no_undo"
            if scene.humans_turn and has(key):
                scene.refuse(t(key))
            else:
                scene.app.sound.play("error")
            return
        if self.rules_take_back():
            scene.apply(scene.state.undo_move())
            return
        snapshot = self.stack.pop()
        scene.go_back(snapshot.state, snapshot.moves)
