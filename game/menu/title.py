"""The title screen: the playable games, Continue, Settings, Statistics, Quit."""
from __future__ import annotations

from game import registry
from game.menu.base import MenuScene, MessageOverlay
from game.ui import theme
from game.ui.i18n import t
from game.ui.text import blit_text
from game.ui.widgets import Button


class TitleScene(MenuScene):
    name = "title"
    row = 92

    def __init__(self, app):
        super().__init__(app)
        self.saved = None
        self._told_problems = False

    def enter(self):
        from game.ui.game_scene import saved_game_summary
        self.saved = saved_game_summary(self.app.store)
        super().enter()
        if self.app.store.problems and not self._told_problems:
            self._told_problems = True
            self.app.push(MessageOverlay(self.app, t("problem.title"), problem_lines(self.app.store.problems)))

    def resume(self):
        from game.ui.game_scene import saved_game_summary
        self.saved = saved_game_summary(self.app.store)
        super().resume()

    def build(self):
        from game.menu.settings import SettingsScene
        from game.menu.setup import SetupScene
        from game.menu.stats import StatsScene
        from game.ui.game_scene import continue_game

        widgets = []
        if self.saved:
            widgets.append(Button(t("menu.continue"), lambda: continue_game(self.app), subtitle=self.saved))
        for info in registry.playable_games():
            widgets.append(Button(t(info.title), lambda info=info: self.app.push(SetupScene(self.app, info.name)),
                                  subtitle=t(f"{info.title}.tagline")))
        widgets.append(Button(t("menu.settings"), lambda: self.app.push(SettingsScene(self.app))))
        widgets.append(Button(t("menu.statistics"), lambda: self.app.push(StatsScene(self.app))))
        widgets.append(Button(t("menu.quit"), self.app.quit))
        return widgets

    def title(self):
        return "Spelavond"

    def subtitle(self):
        return t("menu.tagline")

    def back(self):
        pass  # the title screen is the bottom of the stack: Quit is an explicit choice

    def legend(self):
        from game.ui import input as inp
        return [(inp.UP, "legend.move"), (inp.CONFIRM, "legend.choose")]


def problem_lines(problems: list[dict]) -> list[str]:
    lines = []
    for problem in problems:
        if problem["moved_to"]:
            lines.append(t("problem.damaged", file=problem["file"], moved_to=problem["moved_to"]))
        else:
            lines.append(t("problem.unreadable", file=problem["file"]))
    lines.append(t("problem.defaults"))
    return lines
