"""The end of a game, a part of `GameScene` (`scene.finish`).

When the last move has landed and the finished table has been seen a moment, the end screen
(game/ui/endings.py) comes over it, once; after a look at the table, Confirm, Next or the
table's result button brings it back. The part says what that screen says: its title (the
game's own words for a win or a loss where it has them), the seats' places and scores (the
game's `ending` in its words, else the seats ranked by score), whose best it names, and the
label of the button back to the table.
"""
from __future__ import annotations

import pygame

from game import standings
from game.ui import input as inp
from game.ui.game_overlays import ResultOverlay
from game.ui.i18n import has, t


class Finish:
    def __init__(self, scene):
        self.scene = scene
        self.over_at = None       # when the game ended (scene time): the end screen follows
        self.shown = False        # the end screen has come
        self.celebrated = False   # it has celebrated the winner (once a game)
        self._played = (None, None)

    def game_over(self) -> None:
        """The game has ended (statistics are already counted): no helper plays on, and the end
        screen follows once the last move has been seen."""
        scene = self.scene
        scene.set_autoplay(False)
        self.over_at = scene.time

    def pause(self) -> float:
        """How long the finished table shows before the end screen: a moment and four steps at
        the player's animation pace."""
        return 0.6 + 4 * self.scene.app.pace("animation")

    def step(self) -> None:
        """Each update: the end screen, once its time has come."""
        scene = self.scene
        if self.over_at is not None and not self.shown and not scene.motion.busy() \
                and scene.time - self.over_at >= self.pause():
            self.shown = True
            self.show()

    def show(self) -> None:
        self.scene.app.push(ResultOverlay(self.scene.app, self.scene))

    def reopen(self, action: inp.Action, button: pygame.Rect | None) -> None:
        """After the game: Confirm, Next or a click on the result button shows the end screen again."""
        pressed = action.name == inp.PRESS and button is not None and button.collidepoint(action.pos)
        if self.shown and (action.name in (inp.CONFIRM, inp.NEXT) or pressed):
            self.show()

    def title(self) -> str:
        """'You won!' (`<game>_scene.result.won` where the game says it its own way), or with
        several humans, or none, who won."""
        scene = self.scene
        outcome = scene.keeping.outcome()
        if outcome is None:
            winners = scene.state.winners()
            if winners:
                return t("result.winner", name=scene.seat_name(winners[0]))
            outcome = "draw"
        own = f"{scene.game}_scene.result.{outcome}"      # the game's own word (Quarto's remise)
        return t(own) if has(own) else t(f"result.{outcome}")

    def look_label(self) -> str:
        """The end screen's button back to the finished table: the game's own words for what the
        table then shows (`<game>.scene.result.look`, Kings Corners' score sheet), else "Look"."""
        key = f"{self.scene.game}.scene.result.look"
        return t(key) if has(key) else t("result.look")

    def ending_seat(self) -> int:
        """Whose best the end screen says: the one human, else the (first) winner."""
        humans, winners = self.scene.human_seats, self.scene.state.winners()
        if len(humans) == 1:
            return humans[0]
        return winners[0] if winners else (humans[0] if humans else 0)

    def played_moves(self) -> standings.Played:
        """Every move of the game with what it did (game/standings.py), replayed once when read."""
        record = self.scene.record
        if self._played[0] != len(record.moves):
            self._played = (len(record.moves), standings.Played(record))
        return self._played[1]

    def ending(self) -> standings.Ending:
        """The end screen's words: the game's `ending` in its words, else the seats ranked by
        their scores."""
        scene = self.scene
        if hasattr(scene.words, "ending"):
            return scene.words.ending(scene.state, self.played_moves(), self.ending_seat(), scene.seat_name, scene.said)
        scores, winners = scene.state.scores(), scene.state.winners()
        return standings.Ending([], standings.ranked_rows(scores, scene.seat_name, lambda seat: [str(scores[seat])],
                                                          winners), notes=None)
