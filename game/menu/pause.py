"""The pause overlay (Esc / Start): resume, rules, settings, quit to menu."""
from __future__ import annotations

from game.ui.menu import Overlay
from game.ui.i18n import t
from game.ui.widgets import Button


class PauseOverlay(Overlay):
    name = "pause"
    title_key = "pause.title"

    def __init__(self, app, game: str, extra: list | None = None):
        super().__init__(app)
        self.game = game
        self.extra = extra or []   # (label, callback) a game adds, such as "give up"

    def build(self):
        from game.menu.rules_help import RulesOverlay
        from game.menu.settings import SettingsScene

        widgets = [Button(t("pause.resume"), self.app.pop),
                   Button(t("pause.rules"), lambda: self.app.push(RulesOverlay(self.app, self.game))),
                   Button(t("menu.settings"), lambda: self.app.push(SettingsScene(self.app)))]
        widgets += [Button(label, action) for label, action in self.extra]
        widgets.append(Button(t("pause.quit"), self.app.to_title))
        return widgets
