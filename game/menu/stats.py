"""Statistics per game: played, won, lost, drawn, win percentage, best score, streaks; and a
way to forget them all."""
from __future__ import annotations

import pygame

from game import registry
from game.options import stat_keys
from game.ui import input as inp
from game.ui import theme
from game.ui.i18n import has, t
from game.ui.menu import MenuScene, MessageOverlay, draw_backdrop
from game.ui.text import blit_in, blit_text
from game.ui.widgets import Button

COLUMNS = ("played", "won", "lost", "drawn", "win_rate", "best_score", "streak", "best_streak")


def stat_rows() -> list[tuple[str, str, bool]]:
    """(statistics key, i18n title, solo?) for every game with rules, plus each game's extra rows."""
    rows = []
    for info in registry.GAMES.values():
        if not info.playable():
            continue
        solo = max(info.seats) == 1
        rows.append((info.name, info.title, solo))
        for extra in stat_keys(info.name, info.rules().OPTIONS)[1:]:
            rows.append((extra, extra, solo))
    return rows


def cell_text(row: dict, column: str, solo: bool) -> str:
    """What a column shows for a row: a dash where there is nothing (no draws in a solo game)."""
    if column == "win_rate":
        return f"{round(100 * row['won'] / row['played'])}%" if row.get("played") else "\u2013"
    value = row.get(column)
    if value is None or (column == "drawn" and solo):
        return "\u2013"
    return f"{value:g}" if isinstance(value, float) else str(value)


class StatsScene(MenuScene):
    name = "stats"
    title_key = "menu.statistics"
    row = 76

    def build(self):
        from game.menu.recent import RecentGamesScene
        return [Button(t("stats.recent"), lambda: self.app.push(RecentGamesScene(self.app))),
                Button(t("stats.reset"), self.ask_reset)]

    def ask_reset(self):
        def reset():
            self.app.store.reset_stats()
            self.app.pop()
        self.app.push(MessageOverlay(self.app, t("stats.reset_title"), [t("stats.reset_text")],
                                     [(t("stats.reset_confirm"), reset), (t("button.cancel"), self.app.pop)],
                                     cancel_first=True))

    def layout(self):
        u = self.app.u
        area = self.app.content_rect()
        count = len(self.list.widgets)
        rect = pygame.Rect(0, 0, min(int(560 * u), area.w - int(60 * u)),
                           int(self.row * u) * count + int(self.gap * u) * (count - 1))
        rect.midbottom = (area.centerx, area.bottom - int(24 * u))
        self.list.layout(rect, int(self.row * u), int(self.gap * u))

    def draw(self, surface, alpha):
        u = self.app.u
        draw_backdrop(surface, u)
        area = self.app.content_rect()
        blit_text(surface, self.title(), theme.TITLE * u, theme.TEXT, (area.centerx, area.y + 70 * u), "midtop", bold=True,
                  width=area.w - int(60 * u))
        self.layout()
        rows = stat_rows()
        width = min(int(1600 * u), area.w - int(60 * u))
        left = area.centerx - width // 2
        name_width = width * 0.28
        column_width = (width - name_width) / len(COLUMNS)
        gap = int(10 * u)
        y = area.y + 200 * u
        head_h = theme.SMALL * u * 2.5            # room for a heading on two lines
        for index, column in enumerate(COLUMNS):
            cell = pygame.Rect(left + name_width + column_width * index + gap // 2, y, column_width - gap, head_h)
            blit_in(surface, t(f"stats.{column}"), theme.SMALL * u, theme.TEXT_DIM, cell, "center", "bottom")
        y += head_h + 10 * u
        pygame.draw.line(surface, theme.TEXT_DIM, (left, y), (left + width, y), max(1, int(2 * u)))
        played = any(self.app.store.stats_for(key)["played"] for key, _, _ in rows)
        if not played:
            blit_text(surface, t("stats.none"), theme.BODY * u, theme.TEXT_DIM, (area.centerx, y + 40 * u), "midtop",
                      width=width)
        bottom = self.list.area.y - theme.TINY * 2.2 * u
        row_h = theme.BODY * 1.5 * u
        y += 14 * u
        for key, title, solo in rows if played else ():
            if y + row_h > bottom:
                break
            row = self.app.store.stats_for(key)
            name = pygame.Rect(left, y, name_width - gap, row_h)
            blit_in(surface, t(title) if has(title) else title, theme.BODY * u, theme.TEXT, name, "left", "top", bold=True)
            for index, column in enumerate(COLUMNS):
                cell = pygame.Rect(left + name_width + column_width * index + gap // 2, y, column_width - gap, row_h)
                blit_in(surface, cell_text(row, column, solo), theme.BODY * u, theme.TEXT, cell, "center", "top")
            y += row_h
        blit_text(surface, t("stats.streak_note"), theme.TINY * u, theme.TEXT_DIM,
                  (area.centerx, self.list.area.y - 12 * u), "midbottom", width=area.w - int(60 * u))
        self.list.draw(surface, u)

    def legend(self):
        return [(inp.CONFIRM, "legend.choose"), (inp.BACK, "legend.back")]
