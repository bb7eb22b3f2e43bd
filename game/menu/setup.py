"""Setting up a game: seats (human or computer and its level), the variants, a game number."""
from __future__ import annotations

from game import registry
from game.base import partner, team_of
from game.lesson import lesson_of
from game.options import resolve
from game.phones.views import GAMES as PHONE_GAMES
from game.record import SEAT_KINDS
from game.ui.i18n import has, t
from game.ui.menu import MenuScene, MessageOverlay
from game.ui.widgets import Button, Choice, SeedField


def option_label(game: str, option) -> str:
    return t(option.label or f"{game}.opt.{option.key}")


def choice_label(game: str, option, value) -> str:
    if option.labels:
        return t(option.labels[option.choices.index(value)])
    key = f"{game}.opt.{option.key}.{value}"
    if has(key):
        return t(key)
    if isinstance(value, bool):
        return t("option.on") if value else t("option.off")
    return str(value)


def seat_label(kind: str) -> str:
    if kind == "phone":
        return t("phones.seat_kind")
    return t("seat.human") if kind == "human" else t("seat.computer", level=t(f"level.{kind}"))


def seat_kinds(info) -> list[str]:
    """Who may sit at a seat of this game: a human, a computer of a level, a human on a phone."""
    return list(SEAT_KINDS) + (["phone"] if info.name in PHONE_GAMES else [])


def default_setup(info) -> dict:
    players = max(info.seats)
    kinds = ["human"] + ["normal"] * (players - 1)
    return {"players": players, "seats": kinds, "options": {}}


def clean_setup(info, saved: dict) -> dict:
    """The remembered setup, each part checked; anything odd falls back to the default."""
    setup = default_setup(info)
    players = saved.get("players")
    if players in info.seats:
        setup["players"] = players
    seats = saved.get("seats")
    if isinstance(seats, list) and all(kind in seat_kinds(info) for kind in seats):
        setup["seats"] = (seats + ["normal"] * 4)[: max(info.seats)]
    else:
        setup["seats"] = (setup["seats"] + ["normal"] * 4)[: max(info.seats)]
    setup["options"] = resolve(info.rules().OPTIONS, saved.get("options") if isinstance(saved.get("options"), dict) else {})
    return setup


class SetupScene(MenuScene):
    name = "setup"
    row = 70
    gap = 10
    width = 1100
    pinned = 1           # Start stays in sight below the options

    def __init__(self, app, game: str):
        super().__init__(app)
        self.info = registry.game(game)
        self.rules = self.info.rules()
        self.setup = clean_setup(self.info, app.store.last_setup(game))
        self.seed = ""

    def enter(self):
        super().enter()
        if self.app.store.last_setup(self.info.name):
            self.list.focus = len(self.list.widgets) - 1   # a returning player starts with one press
        self.offer_lesson()

    def offer_lesson(self) -> None:
        """On the first start of a game that has a guided first game, offer it once."""
        game, settings = self.info.name, self.app.store.settings
        if lesson_of(game) is None or game in settings["lessons_offered"] or self.app.store.last_setup(game):
            return
        settings["lessons_offered"] = settings["lessons_offered"] + [game]
        self.app.store.save_settings()
        self.app.push(MessageOverlay(self.app, t("lesson.offer_title", game=t(self.info.title)),
                                     [t("lesson.offer_text")],
                                     [(t("lesson.offer_yes"), self.learn),
                                      (t("lesson.offer_no"), self.app.pop)]))

    def title(self):
        return t(self.info.title)

    def handle(self, action):
        from game.menu.title import open_rules
        if not open_rules(self.app, action, self.info.name):
            super().handle(action)

    def legend(self):
        from game.ui import input as inp
        return super().legend() + [(inp.ACTION1, "legend.rules")]

    def subtitle(self):
        return t("setup.subtitle")

    def build(self):
        widgets = []
        info = self.info
        if len(info.seats) > 1:
            widgets.append(Choice(t("setup.players"), list(info.seats), self.setup["players"],
                                  lambda value: self._set("players", value)))
        if max(info.seats) > 1:
            for seat in range(self.setup["players"]):
                widgets.append(Choice(self._seat_name(seat), seat_kinds(info), self.setup["seats"][seat],
                                      lambda value, seat=seat: self._set_seat(seat, value), seat_label))
        for option in self.rules.OPTIONS:
            if option.visible_if:
                other, wanted = option.visible_if
                if self.setup["options"].get(other) != wanted:
                    continue
            choice = Choice(option_label(info.name, option), list(option.choices), self.setup["options"][option.key],
                            lambda value, key=option.key: self._set_option(key, value),
                            lambda value, option=option: choice_label(info.name, option, value))
            choice.help = option.help
            widgets.append(choice)
        widgets.append(SeedField(t("setup.seed"), self.seed, self._set_seed, t("setup.seed_random")))
        if lesson_of(info.name) is not None:
            widgets.append(Button(t("lesson.button"), self.learn))
        widgets.append(Button(t("setup.start"), self.start))
        return widgets

    def _seat_name(self, seat: int) -> str:
        name = self._plain_seat_name(seat)
        if not self.info.teams:
            return name
        # partners sit opposite: seats 1 and 3 play seats 2 and 4
        players = self.setup["players"]
        return t("setup.seat_team", seat=name, team=team_of(seat) + 1,
                 partner=self._plain_seat_name(partner(seat, players)))

    def _plain_seat_name(self, seat: int) -> str:
        key = f"{self.info.name}.seat.{seat}"
        return t(key) if has(key) else t("seat.number", n=seat + 1)

    def _set(self, key, value):
        self.setup[key] = value
        self.rebuild()

    def _set_seat(self, seat, kind):
        self.setup["seats"][seat] = kind

    def _set_option(self, key, value):
        self.setup["options"][key] = value
        if any(option.visible_if and option.visible_if[0] == key for option in self.rules.OPTIONS):
            self.rebuild()

    def _set_seed(self, text):
        self.seed = text

    def learn(self):
        from game.play import start_lesson
        start_lesson(self.app, self.info.name)

    def start(self):
        from game.play import start_game
        self.app.store.remember_setup(self.info.name, self.setup)
        start_game(self.app, self.info.name, self.setup, int(self.seed) if self.seed else None)
