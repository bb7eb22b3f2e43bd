"""The break between hands, a part of `GameScene`.

The rules' phase "between" (`GameScene.at_break`) is a hand that is over with the next one
waiting; its one legal move deals the next. The computers wait until a human said "next
hand" (`acknowledge`); a human dealer deals by saying it; computers alone go on after the
scene's `break_pause` seconds.

What a break shows is the standings (game/ui/table/standings.py): the faces, the places and
what the deal changed; the full score sheet is one key away (NEXT: Tab, the pad's RB, the
legend's entry, or a click on the standings), and back.
"""
from __future__ import annotations

from game.standings import standings
from game.ui import input as inp
from game.ui.portraits import seat_face
from game.ui.table.standings import Standings


class BetweenHands:
    def __init__(self, scene):
        self.scene = scene
        self.began = 0.0 if scene.at_break() else None   # when the break began (scene time)
        self.seen = False        # a human has said "next hand"
        self.sheet = False       # the full score sheet shows instead of the standings

    def played(self, was_break: bool) -> None:
        """After a move: a break that has just begun is not seen yet, its standings first."""
        if self.scene.at_break() and not was_break:
            self.began, self.seen, self.sheet = self.scene.time, False, False

    def handle(self, action, area) -> bool:
        """During a break: NEXT, or a click in `area` (where the standings or the sheet lie),
        turns between the two; True where the action was that."""
        scene = self.scene
        if not scene.at_break() or scene.state.is_over():
            return False
        clicked = action.name == inp.PRESS and action.pos is not None and area.collidepoint(action.pos) \
            and not any(rect.collidepoint(action.pos) for rect in scene.layout().buttons.values())  # (Next deal)
        if action.name != inp.NEXT and not clicked:
            return False
        self.sheet = not self.sheet
        scene.app.sound.play("click")
        return True

    def standings(self, title: str, changes, totals, number, headings, note: str = "",
                  higher_is_better: bool = True) -> Standings:
        """The break's standings: the seats by `totals` after the deal that brought `changes`,
        with their names and faces; `number` writes a score as the game does."""
        scene, seats = self.scene, range(len(totals))
        return Standings(title, standings(changes, totals, higher_is_better), [scene.seat_name(seat) for seat in seats],
                         [seat_face(scene, seat) for seat in seats], scene.human_seats, number, headings, note,
                         higher_is_better)

    def legend(self) -> list:
        """The legend's entry for the other view of the break."""
        return [(inp.NEXT, "standings.legend." + ("standings" if self.sheet else "sheet"))]

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
