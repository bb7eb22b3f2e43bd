"""The title screen: the playable games, Continue, Settings, Statistics, Quit.

Continue names the saved game in a player's words, from its record replayed ("Kingen, deal
4 of 10 against Anna, Bert and Carla"; `game_in_words`), and falls back to the game's number
when the record cannot be replayed (Continue itself then says what is wrong)."""
from __future__ import annotations

import functools
import math

import pygame

from game import characters, registry
from game import record as records
from game.base import partner
from game.ui.menu import MenuScene, MessageOverlay
from game.ui.i18n import t
from game.ui.widgets import Button


class TitleScene(MenuScene):
    name = "title"
    corner_key = None    # the first screen: nothing to go back to
    corner_key = None    # the first screen: nothing to go back to
    row = 92

    def __init__(self, app):
        super().__init__(app)
        self.saved = None

    def enter(self):
        self.saved = self._saved()
        super().enter()
        self._tell_problems()

    def resume(self):
        self.saved = self._saved()
        super().resume()
        self._tell_problems()

    def _saved(self) -> str | None:
        """Continue's second line: the saved game in words, or None without one."""
        from game.play import saved_game_summary
        summary = saved_game_summary(self.app.store)   # checks the save, sets a damaged one aside
        if summary is None:
            return None
        try:
            record = records.from_save(self.app.store.load_game())
            return game_in_words(record, record.replay())
        except Exception:  # any damage: the number says which game; Continue reports the damage
            return summary

    def _tell_problems(self):
        """Say what was set aside (files found damaged at start or on Continue), until the
        player has closed the message."""
        untold = self.app.store.problems[self.app.problems_told:]
        if untold and not any(isinstance(scene, ProblemsOverlay) for scene in self.app.scenes):
            self.app.push(ProblemsOverlay(self.app, untold))

    def build(self):
        from game.menu.settings import SettingsScene
        from game.menu.setup import SetupScene
        from game.menu.stats import StatsScene
        from game.play import continue_game

        widgets = []
        if self.saved:
            widgets.append(Button(t("menu.continue"), lambda: continue_game(self.app), subtitle=self.saved))
        for info in registry.playable_games():
            widgets.append(Button(t(info.title), lambda info=info: self.app.push(SetupScene(self.app, info.name)),
                                  subtitle=t(f"{info.title}.tagline")))
        others = [Button(t("menu.settings"), lambda: self.app.push(SettingsScene(self.app))),
                  Button(t("menu.statistics"), lambda: self.app.push(StatsScene(self.app))),
                  Button(t("menu.quit"), self.app.quit)]
        for button in others:
            button.height_factor = 0.72    # one line of text: lower than a game's two
        return widgets + others

    def title(self):
        return "Spelavond"

    def draw(self, surface, alpha):
        super().draw(surface, alpha)
        area = self.app.content_rect()
        side = (area.w - self.list.area.w) / 2 - 30 * self.app.u   # the room right of the menu
        width = int(min(150 * self.app.u, side / 3.2))
        if width >= 60:
            fan = kings_fan(width, self.app.store.settings["four_colour"])
            surface.blit(fan, fan.get_rect(bottomright=(area.right - 20 * self.app.u, area.bottom - 10 * self.app.u)))

    def subtitle(self):
        return t("menu.tagline")

    def back(self):
        pass  # the title screen is the bottom of the stack: Quit is an explicit choice

    def legend(self):
        from game.ui import input as inp
        return [(inp.UP, "legend.move"), (inp.CONFIRM, "legend.choose")]


def where_in_game(game: str, state) -> str:
    """How far the game is, in its own words: "Kingen, deal 4 of 10", "4 Koningen, round 2"."""
    if game == "quarto":
        return t("character.where.quarto_match", n=state.game_no + 1, of=state.games) if state.games > 1 \
            else t("character.where.quarto")
    if game == "kings_corners":
        if state.options["match_length"] == "hands":
            return t("character.where.kings_corners_of", n=state.hand_no, of=state.options["hands"])
        return t("character.where.kings_corners", n=state.hand_no)
    if game == "vier_koningen":
        return t("character.where.vier_koningen", n=state.round)
    if game == "kingen":
        return t(f"character.where.{state.kind}", n=state.deal_no, of=state.last_deal)
    if game == "keezen":
        return t("character.where.keezen")
    return t(registry.game(game).title)


def game_in_words(record, state) -> str:
    """The saved game as Continue names it: where it stands and who plays, seen from the
    first human's seat ("Keezen with partner Bert against Anna and Carla"); with no human,
    who plays; a guided first game as such."""
    game = record.game
    if "lesson" in record.notes:
        return t("character.where.lesson", game=t(registry.game(game).title))
    where = where_in_game(game, state)
    if game == "vier_koningen":       # a game of patience: nobody to name
        return where
    names = characters.seat_names(record.seed, record.seats, False)
    humans = [seat for seat, kind in enumerate(record.seats) if kind == "human"]
    if game == "keezen":
        if len(humans) > 1:            # the table names several humans by their colour
            from game.keezen.words import colour_name
            names = [colour_name(seat) if seat in humans else name for seat, name in enumerate(names)]
        me = humans[0] if humans else 0
        others = [names[seat] for seat in range(record.players) if seat not in (me, partner(me))]
        if not humans:
            return t("character.continue.keezen_watch", where=where, team=characters.join_names([names[0], names[2]]),
                     names=characters.join_names(others))
        return t("character.continue.keezen", where=where, partner=names[partner(me)],
                 names=characters.join_names(others))
    if not humans:
        return t("character.continue.watch", where=where, names=characters.join_names(names))
    return t("character.continue.against", where=where,
             names=characters.join_names([name for seat, name in enumerate(names) if seat != humans[0]]))


@functools.lru_cache(maxsize=4)
def kings_fan(width: int, four_colour: bool) -> pygame.Surface:
    """The four kings fanned out: the title screen's ornament (cached per size)."""
    from game.cards import Card
    from game.ui import cards
    height = cards.card_size(width)[1]
    canvas = pygame.Surface((int(width * 3.2), int(height * 1.7)), pygame.SRCALPHA)
    pivot = (canvas.get_width() / 2, canvas.get_height() * 0.98)  # the cards turn about a point below them
    radius = height * 0.95
    for index, suit in enumerate("SHCD"):
        angle = 27 - index * 18
        image = pygame.transform.rotozoom(cards.face(Card(13, suit), width, four_colour), angle, 1.0)
        centre = (pivot[0] - math.sin(math.radians(angle)) * radius, pivot[1] - math.cos(math.radians(angle)) * radius)
        canvas.blit(image, image.get_rect(center=centre))
    return canvas


class ProblemsOverlay(MessageOverlay):
    name = "problems"

    def __init__(self, app, problems: list[dict]):
        super().__init__(app, t("problem.title"), problem_lines(problems), [(t("button.ok"), self.back)])
        self.count = len(problems)

    def back(self):
        self.app.problems_told += self.count
        self.app.pop()


def problem_lines(problems: list[dict]) -> list[str]:
    lines = []
    for problem in problems:
        if problem.get("writing"):
            lines.append(t("problem.unwritten", file=problem["file"]))
        elif problem["moved_to"]:
            lines.append(t("problem.damaged", file=problem["file"], moved_to=problem["moved_to"]))
        else:
            lines.append(t("problem.unreadable", file=problem["file"]))
    if not all(problem.get("writing") for problem in problems):
        lines.append(t("problem.defaults"))
    return lines
