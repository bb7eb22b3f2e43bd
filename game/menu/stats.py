"""Statistics per game: played, won, lost, drawn, best score, streaks."""
from __future__ import annotations

import pygame

from game import registry
from game.ui.menu import MenuScene, draw_backdrop
from game.ui import input as inp
from game.ui import theme
from game.ui.i18n import has, t
from game.ui.text import blit_text

COLUMNS = ("played", "won", "lost", "drawn", "best_score", "streak", "best_streak")


def stat_rows() -> list[tuple[str, str]]:
    """(statistics key, i18n title) for every game with rules, plus each game's extra rows."""
    rows = []
    for info in registry.GAMES.values():
        if not info.playable():
            continue
        rows.append((info.name, info.title))
        for extra in getattr(info.rules(), "EXTRA_STAT_KEYS", ()):
            rows.append((extra, extra))
    return rows


class StatsScene(MenuScene):
    name = "stats"
    title_key = "menu.statistics"

    def draw(self, surface, alpha):
        u = self.app.u
        draw_backdrop(surface, u)
        area = self.app.content_rect()
        blit_text(surface, self.title(), theme.TITLE * u, theme.TEXT, (area.centerx, area.y + 70 * u), "midtop", bold=True)
        rows = stat_rows()
        width = min(int(1500 * u), area.w - int(60 * u))
        left = area.centerx - width // 2
        name_width = width * 0.34
        column_width = (width - name_width) / len(COLUMNS)
        y = area.y + 220 * u
        for index, column in enumerate(COLUMNS):
            blit_text(surface, t(f"stats.{column}"), theme.SMALL * u, theme.TEXT_DIM,
                      (left + name_width + column_width * (index + 0.5), y), "midbottom")
        y += 12 * u
        pygame.draw.line(surface, theme.TEXT_DIM, (left, y), (left + width, y), max(1, int(2 * u)))
        if not rows:
            blit_text(surface, t("stats.none"), theme.BODY * u, theme.TEXT_DIM, (area.centerx, y + 60 * u), "midtop")
        for key, title in rows:
            y += 16 * u
            row = self.app.store.stats_for(key)
            blit_text(surface, t(title) if has(title) else title, theme.BODY * u, theme.TEXT, (left, y), "topleft", bold=True)
            for index, column in enumerate(COLUMNS):
                value = row.get(column)
                text = "\u2013" if value is None else (f"{value:g}" if isinstance(value, float) else str(value))
                blit_text(surface, text, theme.BODY * u, theme.TEXT,
                          (left + name_width + column_width * (index + 0.5), y), "midtop")
            y += theme.BODY * 1.5 * u
        streak_note = t("stats.streak_note")
        blit_text(surface, streak_note, theme.TINY * u, theme.TEXT_DIM, (area.centerx, area.bottom - 30 * u), "midbottom")

    def handle(self, action):
        if action.name in (inp.BACK, inp.MENU, inp.CONFIRM, inp.PRESS):
            self.app.sound.play("click")
            self.back()

    def legend(self):
        return [(inp.BACK, "legend.back")]
