"""The screens over a game's table: the hand-over between human players, and the result.

(Both parts of the playing scene `GameScene`, game/ui/game_scene.py.)
"""
from __future__ import annotations

from game.ui import input as inp
from game.ui import theme
from game.ui.i18n import t
from game.ui.menu import Overlay
from game.ui.scene import Scene
from game.ui.text import blit_text
from game.ui.widgets import Button


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
        area = self.app.content_rect()
        blit_text(surface, t("handover.pass", name=self.game_scene.seat_name(self.seat)), theme.HEADING * u,
                  theme.TEXT, (area.centerx, area.centery - 30 * u), "midbottom", bold=True)
        blit_text(surface, t("handover.ready", name=self.game_scene.seat_name(self.seat)), theme.BODY * u,
                  theme.TEXT_DIM, (area.centerx, area.centery + 30 * u), "midtop")

    def legend(self):
        return [(inp.CONFIRM, "legend.ready"), (inp.MENU, "legend.pause")]


class ResultOverlay(Overlay):
    name = "result"

    def __init__(self, app, game_scene):
        super().__init__(app)
        self.game_scene = game_scene
        self.shade = game_scene.result_area() == app.content_rect()   # beside the table, the table stays lit

    def title(self):
        return self.game_scene.result_title()

    def panel_area(self):
        return self.game_scene.result_area()

    def draw(self, surface, alpha):
        if not self.shade:      # beside the table: the side is cleared, the table stays as it is
            surface.fill(theme.FELT_DARK, self.panel_area())
        super().draw(surface, alpha)

    def build(self):
        scene = self.game_scene
        widgets = self.text_rows(scene.result_lines(), theme.BODY)
        widgets.append(Button(t("result.again"), lambda: self.app.new_game(scene.game, scene.setup)))
        kept = scene.keeping.kept or scene.record.to_dict()
        widgets.append(Button(t("result.review"), lambda: self.app.review(kept, scene.keeping.record_name)))
        widgets.append(Button(scene.look_label(), self.app.pop))
        widgets.append(Button(t("pause.quit"), self.app.to_title))
        return widgets

    def enter(self):
        super().enter()
        self.list.focus = next(i for i, w in enumerate(self.list.widgets) if w.focusable)

    def back(self):
        self.app.pop()
