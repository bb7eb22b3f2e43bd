"""The pause overlay (Esc / Start): resume, rules, settings, restart, quit to menu."""
from __future__ import annotations

from game.ui.i18n import t
from game.ui.menu import MessageOverlay, Overlay
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
        scene = self.game_scene()
        if scene is not None:
            widgets.append(Button(t("pause.restart"), self.ask_restart))
            if scene.record.moves:
                widgets.append(Button(t("pause.review"), lambda: self.app.review(scene.record.to_dict())))
        widgets += [Button(label, action) for label, action in self.extra]
        widgets.append(Button(t("pause.quit"), self.app.to_title))
        return widgets

    def game_scene(self):
        """The game this menu pauses (the playing scene below it), if any."""
        from game.ui.game_scene import GameScene
        return next((scene for scene in reversed(self.app.scenes) if isinstance(scene, GameScene)), None)

    def ask_restart(self):
        from game.play import start_lesson
        scene = self.game_scene()
        if scene.in_lesson():      # a lesson starts again from its first words, never as an ordinary game
            restart = lambda: start_lesson(self.app, scene.game)   # noqa: E731
        else:
            restart = lambda: self.app.new_game(scene.game, scene.setup, scene.seed)   # noqa: E731
        self.app.push(MessageOverlay(self.app, t("pause.restart_title"), [t("pause.restart_text", seed=scene.seed)],
                                     [(t("pause.restart"), restart), (t("button.cancel"), self.app.pop)],
                                     cancel_first=True))
