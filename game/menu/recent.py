"""Recent games: the kept records of finished games, newest first (date, game, opponents,
result); choosing one opens its review."""
from __future__ import annotations

from datetime import datetime

from game import characters, registry
from game.record import SEAT_KINDS
from game.ui import theme
from game.ui.i18n import t
from game.ui.menu import MenuScene
from game.ui.widgets import Button, Label


def record_line(data: dict) -> str:
    """'25 Nov 16:40 · Kingen · against Anna, Bert and Carla · won', in the player's language
    (the computers by their characters, chosen by the game's number; by their levels where the
    number is damaged). A damaged file's fields say what they can: choosing it tells what is
    wrong (`App.review`)."""
    game = data.get("game")
    title = t(registry.game(game).title) if isinstance(game, str) and game in registry.GAMES else str(game)[:40]
    try:
        when = datetime.fromisoformat(str(data.get("ended"))).astimezone()
        date = t("recent.date", day=when.day, month=t(f"recent.month.{when.month}"), time=when.strftime("%H:%M"))
    except (ValueError, OverflowError):
        date = "\u2013"
    seats = data.get("seats")
    seats = [kind for kind in seats if isinstance(kind, str) and kind in SEAT_KINDS] if isinstance(seats, list) else []
    seed, notes = data.get("seed"), data.get("notes")
    if type(seed) is int and 0 < len(seats) <= len(characters.CAST):
        lesson = isinstance(notes, dict) and "lesson" in notes
        names = [name for name, kind in zip(characters.seat_names(seed, seats, lesson), seats) if kind != "human"]
        opponents = characters.join_names(names)
    else:
        opponents = ", ".join(t(f"level.{kind}") for kind in seats if kind != "human")
    opponents = t("recent.against", names=opponents) if opponents else t("recent.no_computers")
    summary = data.get("summary")
    outcome = summary.get("outcome") if isinstance(summary, dict) else None
    result = t(f"result.{outcome}") if outcome in ("won", "lost", "drawn") else t("recent.finished")
    return " \u00b7 ".join((date, title, opponents, result))


class RecentGamesScene(MenuScene):
    name = "recent"
    title_key = "recent.title"
    width = 1400
    row = 72

    def build(self):
        store = self.app.store
        widgets = []
        for name in reversed(store.record_names()):
            data = store.load_record(name)
            if isinstance(data, dict):
                widgets.append(Button(record_line(data), lambda name=name, data=data: self.app.review(data, name)))
        return widgets or [Label(t("recent.none"), theme.SMALL)]

    def subtitle(self) -> str:
        return t("recent.subtitle")
