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
from game.ui import theme
from game.ui.i18n import t
from game.ui.menu import MenuScene, MessageOverlay
from game.ui.widgets import Button


class TitleScene(MenuScene):
    name = "title"
    corner_key = None    # the first screen: nothing to go back to
    row = 92

    def __init__(self, app):
        super().__init__(app)
        self.games = {}
        self.saved = None
        self.saved_faces = []     # the characters Continue names, their portraits on the button

    def enter(self):
        self.saved = self._saved()
        super().enter()
        self._tell_problems()

    def resume(self):
        self.saved = self._saved()
        super().resume()
        self._tell_problems()

    def _saved(self) -> str | None:
        """Continue's second line: the saved game in words, or None without one (and the
        faces of the people it names, `saved_faces`)."""
        from game.play import saved_game_summary
        self.saved_faces = []
        summary = saved_game_summary(self.app.store)   # checks the save, sets a damaged one aside
        if summary is None:
            return None
        try:
            record = records.from_save(self.app.store.load_game())
            words = game_in_words(record, record.replay())
        except Exception:  # any damage: the number says which game; Continue reports the damage
            return summary
        self.saved_faces = named_faces(record)
        return words

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
            widgets.append(ContinueButton(t("menu.continue"), lambda: continue_game(self.app), self.saved,
                                          self.saved_faces))
        self.games = {}           # a game's button: the game (H / X opens its rules)
        for info in registry.playable_games():
            button = Button(t(info.title), lambda info=info: self.app.push(SetupScene(self.app, info.name)),
                            subtitle=t(f"{info.title}.tagline"))
            self.games[id(button)] = info.name
            widgets.append(button)
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

    def handle(self, action):
        game = self.games.get(id(self.list.focused))
        if not open_rules(self.app, action, game):
            super().handle(action)

    def legend(self):
        from game.ui import input as inp
        rules = [(inp.ACTION1, "legend.rules")] if self.games.get(id(self.list.focused)) else []
        return [(inp.UP, "legend.move"), (inp.CONFIRM, "legend.choose")] + rules


def open_rules(app, action, game: str | None) -> bool:
    """H / X (a legend chip to click) on the title or a setup screen opens that game's rules
    page; whether it did."""
    from game.menu.rules_help import RulesOverlay
    from game.ui import input as inp
    if action.name != inp.ACTION1 or game is None:
        return False
    app.sound.play("click")
    app.push(RulesOverlay(app, game))
    return True


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


def named_faces(record) -> list:
    """The characters at the saved game's computer seats, in the order `game_in_words` names
    them (Keezen's partner first); none in a guided first game or in 4 Koningen."""
    if "lesson" in record.notes or record.game == "vier_koningen":
        return []
    cast = characters.table_cast(record.seed, record.players)
    humans = [seat for seat, kind in enumerate(record.seats) if kind == "human"]
    order = list(range(record.players))
    if record.game == "keezen" and humans:
        me = humans[0]
        order = [partner(me)] + [seat for seat in order if seat not in (me, partner(me))]
    return [cast[seat] for seat in order if record.seats[seat] != "human"]


class ContinueButton(Button):
    """Continue with the saved game in words and, at its right, the faces of the people in it."""

    def __init__(self, text, on_press, subtitle, faces):
        super().__init__(text, on_press, subtitle=subtitle)
        self.faces = faces

    def draw(self, surface, focused, u):
        if not self.faces:
            super().draw(surface, focused, u)
            return
        from game.ui.portraits import portrait
        from game.ui.text import blit_text, font
        self._box(surface, focused, u)
        size = int(self.rect.h * 0.66)
        step = int(size * 0.78)          # the faces overlap a little, like people side by side
        faces_w = step * (len(self.faces) - 1) + size
        x = self.rect.right - int(20 * u) - faces_w
        for index, character in enumerate(self.faces):
            surface.blit(portrait(character, size), (x + index * step, self.rect.centery - size // 2))
        room = x - int(16 * u) - self.rect.x - int(24 * u)
        top = self.rect.centery - (font(int(theme.BODY * u), True).get_height() + int(4 * u)
                                   + font(int(theme.TINY * u)).get_height()) / 2
        title = blit_text(surface, self.text, theme.BODY * u, theme.TEXT, (self.rect.x + 24 * u, top), "topleft",
                          bold=True, width=room, box=self.rect)
        blit_text(surface, self.subtitle, theme.TINY * u, theme.TEXT_DIM, (self.rect.x + 24 * u, title.bottom + 4 * u),
                  "topleft", width=room, box=self.rect)


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
    """Each problem the store reported, said as what it means for the player and what still
    works; never a file's name, which a player does not know."""
    lines = []
    for problem in problems:
        part = kept_part(problem["file"])
        what = t("problem.what." + part)
        if problem.get("writing"):
            lines.append(t("problem.unwritten", what=what))
        elif problem.get("why") == "earlier_version":
            lines.append(t("problem.earlier_version"))
        else:
            said = t("problem.folder") if part == "folder" else \
                t("problem.damaged" if problem["moved_to"] else "problem.unreadable", what=what)
            lines.append(said + " " + t("problem.then." + part))
    return lines


def kept_part(file: str) -> str:
    """What the player keeps in a file or folder the store names: settings, statistics, the
    current game, the finished games (a record, or their folder), or the store's folder."""
    name = file.replace("\\", "/").rsplit("/", 1)[-1]
    if name in ("settings.json", "statistics.json", "current_game.json"):
        return name.removesuffix(".json")
    return "records" if name.endswith(".json") or name == "records" else "folder"
