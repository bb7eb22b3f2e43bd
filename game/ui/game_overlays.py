"""The screens over a game's table: the hand-over between human players, and the result (the
end screen, game/ui/endings.py).

(Both parts of the playing scene `GameScene`, game/ui/game_scene.py.)
"""
from __future__ import annotations

from game.ui import input as inp
from game.ui import theme
from game.ui.endings import EndScreen
from game.ui.i18n import t
from game.ui.scene import Scene
from game.ui.table.layout import note_floating
from game.ui.text import blit_text


class HandOverOverlay(Scene):
    """Covers the table so the next human player's hand is not seen by the previous one."""

    overlay = True
    shade = False    # it covers the whole table itself
    name = "hand_over"

    def __init__(self, app, game_scene, seat: int):
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
        note_floating("hand-over", surface.get_rect())
        area = self.app.content_rect()
        blit_text(surface, t("handover.pass", name=self.game_scene.seat_name(self.seat)), theme.HEADING * u,
                  theme.TEXT, (area.centerx, area.centery - 30 * u), "midbottom", bold=True)
        blit_text(surface, t("handover.ready", name=self.game_scene.seat_name(self.seat)), theme.BODY * u,
                  theme.TEXT_DIM, (area.centerx, area.centery + 30 * u), "midtop")

    def legend(self):
        return [(inp.CONFIRM, "legend.ready"), (inp.MENU, "legend.pause")]


# the result is the end screen of game/ui/endings.py
ResultOverlay = EndScreen
