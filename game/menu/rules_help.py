"""The rules of a game, rendered from its rule page in the current language."""
from __future__ import annotations

import re

import pygame

from game.ui.scene import Scene
from game.paths import asset
from game.lesson import lesson_of
from game.ui import input as inp
from game.ui import theme
from game.ui.i18n import language, t
from game.ui.text import blit_text, font, wrap


def rule_text(game: str, lang: str) -> str:
    for code in (lang, "en"):
        path = asset("rules", f"{game}.{code}.md")
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            continue
    return ""


def _plain(text: str) -> str:
    """Markdown emphasis and code marks dropped: the page is read, not parsed."""
    return re.sub(r"(\*\*|__|`)", "", text).replace("*", "")


def layout_lines(markdown: str, width: int, u: float) -> list[tuple[str, int, bool, int]]:
    """The page as (text, size, bold, indent) lines wrapped to `width` pixels."""
    lines = []
    table: list[list[str]] = []

    def flush_table():
        if not table:
            return
        widths = [max(len(row[i]) if i < len(row) else 0 for row in table) for i in range(len(table[0]))]
        for number, row in enumerate(table):
            text = "   ".join(cell.ljust(widths[i]) for i, cell in enumerate(row))
            for part in wrap(text.rstrip(), int(theme.SMALL * u), width - int(40 * u), bold=number == 0):
                lines.append((part, theme.SMALL, number == 0, int(20 * u)))
        lines.append(("", theme.SMALL, False, 0))
        table.clear()

    for raw in markdown.splitlines():
        line = raw.rstrip()
        if line.startswith("|"):
            cells = [_plain(cell.strip()) for cell in line.strip("|").split("|")]
            if not all(set(cell) <= set("-: ") for cell in cells):
                table.append(cells)
            continue
        flush_table()
        if not line.strip():
            lines.append(("", theme.SMALL, False, 0))
            continue
        heading = re.match(r"^(#+)\s+(.*)", line)
        if heading:
            size = theme.HEADING if len(heading.group(1)) == 1 else theme.BODY
            for part in wrap(_plain(heading.group(2)), int(size * u), width):
                lines.append((part, size, True, 0))
            continue
        bullet = re.match(r"^(\s*)([-*]|\d+\.)\s+(.*)", line)
        if bullet:
            indent = int((30 + 12 * len(bullet.group(1))) * u)
            marker = ("\u2022" if bullet.group(2) in "-*" else bullet.group(2)) + "  "
            hanging = font(int(theme.SMALL * u)).size(marker)[0]  # continuation lines align with the text
            parts = wrap(_plain(bullet.group(3)), int(theme.SMALL * u), width - indent - hanging)
            for number, part in enumerate(parts):
                lines.append((marker + part if number == 0 else part, theme.SMALL, False,
                              indent if number == 0 else indent + hanging))
            continue
        for part in wrap(_plain(line.strip()), int(theme.SMALL * u), width):
            lines.append((part, theme.SMALL, False, 0))
    flush_table()
    return lines


class RulesOverlay(Scene):
    overlay = True
    name = "rules"

    def __init__(self, app, game: str):
        super().__init__(app)
        self.game = game
        self.scroll = 0.0
        self._cache_key = None
        self._lines = []

    def _page(self, width: int):
        key = (language(), width, round(self.app.u, 3))
        if key != self._cache_key:
            self._cache_key = key
            self._lines = layout_lines(rule_text(self.game, language()) or t("rules.missing"), width, self.app.u)
        return self._lines

    def _page_image(self, width: int) -> pygame.Surface:
        """The whole page rendered once (per language, width and UI scale); scrolling blits a part."""
        lines = self._page(width)
        if getattr(self, "_image_for", None) is not lines:
            u = self.app.u
            image = pygame.Surface((width, max(1, int(self._content_height(lines)) + 1)), pygame.SRCALPHA)
            y = 0.0
            for text, size, bold, indent in lines:
                if text:
                    colour = theme.ACCENT if bold and size >= theme.BODY else theme.TEXT
                    blit_text(image, text, size * u, colour, (indent, y), "topleft", bold=bold)
                y += size * 1.45 * u
            self._image, self._image_for = image, lines
        return self._image

    def _panel(self) -> pygame.Rect:
        u = self.app.u
        area = self.app.content_rect()
        width = min(int(1300 * u), area.w - int(60 * u))
        return pygame.Rect(area.centerx - width // 2, area.y + int(30 * u), width, area.h - int(60 * u))

    def _content_height(self, lines) -> float:
        return sum(size * 1.45 * self.app.u for _, size, _, _ in lines)

    def handle(self, action):
        u = self.app.u
        step = theme.SMALL * 1.45 * u
        panel = self._panel()
        lines = self._page(panel.w - int(80 * u))
        limit = max(0.0, self._content_height(lines) - (panel.h - 80 * u))
        if action.name in (inp.BACK, inp.MENU, inp.CONFIRM):
            self.app.pop()
            return
        if action.name == inp.ACTION1 and lesson_of(self.game) is not None:
            from game.play import start_lesson
            start_lesson(self.app, self.game)       # learn it at the table instead
            return
        if action.name == inp.DOWN:
            self.scroll += step * 3
        elif action.name == inp.UP:
            self.scroll -= step * 3
        elif action.name in (inp.NEXT, inp.RIGHT):
            self.scroll += panel.h * 0.8
        elif action.name in (inp.PREV, inp.LEFT):
            self.scroll -= panel.h * 0.8
        elif action.name == inp.SCROLL:
            self.scroll -= action.amount * step * 3
        self.scroll = max(0.0, min(limit, self.scroll))

    def draw(self, surface, alpha):
        u = self.app.u
        panel = self._panel()
        pygame.draw.rect(surface, theme.BACKGROUND, panel, border_radius=int(20 * u))
        pygame.draw.rect(surface, theme.ACCENT_DARK, panel, max(1, int(3 * u)), border_radius=int(20 * u))
        inner = panel.inflate(-int(80 * u), -int(60 * u))
        surface.blit(self._page_image(inner.w), inner.topleft, pygame.Rect(0, int(self.scroll), inner.w, inner.h))
        lines = self._page(inner.w)
        total = self._content_height(lines)
        if total > inner.h:
            track = pygame.Rect(panel.right - int(24 * u), inner.y, max(3, int(8 * u)), inner.h)
            pygame.draw.rect(surface, theme.PANEL, track, border_radius=int(4 * u))
            thumb = track.copy()
            thumb.h = max(int(30 * u), int(track.h * inner.h / total))
            thumb.y = track.y + int((track.h - thumb.h) * self.scroll / max(1.0, total - inner.h))
            pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=int(4 * u))

    def legend(self):
        learn = [(inp.ACTION1, "lesson.button")] if lesson_of(self.game) is not None else []
        return [(inp.UP, "legend.scroll"), (inp.NEXT, "legend.page")] + learn + [(inp.BACK, "legend.close")]
