"""The break between hands, a part of `GameScene`.

The rules' phase "between" (`GameScene.at_break`) is a hand that is over with the next one
waiting; its one legal move deals the next. The computers wait until a human said "next
hand" (`acknowledge`); a human dealer deals by saying it; computers alone go on after the
scene's `break_pause` seconds.
"""
from __future__ import annotations


class BetweenHands:
    def __init__(self, scene):
        self.scene = scene
        self.began = 0.0 if scene.at_break() else None   # when the break began (scene time)
        self.seen = False        # a human has said "next hand"

    def played(self, was_break: bool) -> None:
        """After a move: a break that has just begun is not seen yet."""
        if self.scene.at_break() and not was_break:
            self.began, self.seen = self.scene.time, False

    def acknowledge(self) -> None:
        """A human says "next hand": a human dealer deals, else the computer may go on."""
        scene = self.scene
        if not scene.at_break() or scene.state.is_over():
            return
        scene.motion.animator.land()       # what is still in the air or on show gives way to the next hand
        scene.motion.release()
        dealer = scene.state.to_move()
        if scene.is_human(dealer):
            if scene.hides_hands and len(scene.human_seats) > 1 and dealer != scene.shown_seat:
                return  # the hand-over screen comes first
            scene.apply(scene.state.legal_moves()[0])   # the deal: the one move of a break
        else:
            self.seen = True
            scene.app.sound.play("click")

    def waiting(self) -> bool:
        """A human still has to say "next hand"."""
        return self.scene.at_break() and bool(self.scene.human_seats) and not self.seen

    def computers_go(self) -> bool:
        """During the break: whether the computer dealer may deal now."""
        scene = self.scene
        if not scene.human_seats:
            return scene.time - (self.began or 0.0) >= scene.break_pause
        return self.seen
