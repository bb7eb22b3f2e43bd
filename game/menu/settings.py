"""Settings: language, fullscreen, couch mode, UI scale, sound, animation and computer pace, forced
moves, the player's own face."""
from __future__ import annotations

from game.characters import OWN_BY_KEY
from game.store import SPEEDS, UI_SCALES
from game.ui.i18n import LANGUAGES, set_language, t
from game.ui.menu import MenuScene
from game.ui.portraits import initial, portrait
from game.ui.widgets import Choice, Slider


def on_off(value: bool) -> str:
    return t("option.on") if value else t("option.off")


class SettingsScene(MenuScene):
    name = "settings"
    title_key = "menu.settings"
    row = 74
    gap = 10
    width = 1000

    def build(self):
        s = self.app.store.settings
        return [
            Choice(t("settings.language"), list(LANGUAGES), s["language"], self._language, lambda v: LANGUAGES[v]),
            Choice(t("settings.fullscreen"), [False, True], self.app.fullscreen, self._fullscreen, on_off),
            Choice(t("settings.couch"), [False, True], s["couch"], self._couch, on_off),
            Choice(t("settings.ui_scale"), list(UI_SCALES), s["ui_scale"], lambda v: self._set("ui_scale", v),
                   lambda v: f"{int(round(v * 100))}%"),
            Slider(t("settings.volume"), s["volume"], self._volume),
            # named by what it turns on, so "off" is never a double negative
            Choice(t("settings.sound"), [False, True], not s["muted"], lambda on: self._mute(not on), on_off),
            Choice(t("settings.animation_speed"), list(SPEEDS), s["animation_speed"],
                   lambda v: self._set("animation_speed", v), lambda v: t(f"speed.{v}")),
            Choice(t("settings.computer_pace"), list(SPEEDS), s["computer_pace"],
                   lambda v: self._set("computer_pace", v), lambda v: t(f"speed.{v}")),
            Choice(t("settings.four_colour"), [False, True], s["four_colour"],
                   lambda v: self._set("four_colour", v), on_off),
            self._forced(s),
            Choice(t("settings.face"), ["", *OWN_BY_KEY], s["face"], lambda v: self._set("face", v),
                   lambda v: t(f"face.{v or 'initial'}"), self._face),
        ]

    def _face(self, key: str, size: int):
        """The player's face as the end screen and a break show it: their own, or the initial."""
        return portrait(OWN_BY_KEY[key], size) if key else initial(t("seat.you"), size)

    def _forced(self, s) -> Choice:
        choice = Choice(t("settings.play_forced"), [False, True], s["play_forced"],
                        lambda v: self._set("play_forced", v), on_off)
        choice.help = "settings.play_forced.help"
        return choice

    def _set(self, key, value):
        self.app.store.settings[key] = value
        self.app.store.save_settings()

    def _language(self, value):
        self._set("language", value)
        set_language(value)
        self.rebuild()

    def _fullscreen(self, value):
        self.app.set_fullscreen(value)

    def _couch(self, value):
        self._set("couch", value)
        self.app.set_fullscreen(value or self.app.store.settings["fullscreen"])

    def _volume(self, value):
        self._set("volume", value)
        self.app.apply_sound_settings()
        self.app.sound.play("card")

    def _mute(self, value):
        self._set("muted", value)
        self.app.apply_sound_settings()
