"""The rules of a game, rendered from its rule page in the current language, with pictures.

A line `![picture](name)` on a rule page places the game's picture `name`
(game/<game>/rule_pictures.py) beside the paragraph above it where the page is wide enough,
else under it across the page; its caption is the i18n key `rule_pictures.<game>.<name>`.
Each picture is drawn once per size and language and kept.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field

import pygame

from game.lesson import lesson_of
from game.paths import asset
from game.ui import input as inp
from game.ui import theme
from game.ui.i18n import BASE, language, t
from game.ui.rule_picture import render as render_picture
from game.ui.scene import Scene
from game.ui.text import blit_text, font, recording_now, wrap

MARKER = re.compile(r"^!\[picture\]\((\w+)\)\s*$")
LINE = 1.45              # a line's height over its text size
CAPTION = 1.3


def rule_text(game: str, lang: str) -> str:
    for code in (lang, BASE.get(lang, lang), "en"):   # Flemish reads the Dutch page

        path = asset("rules", f"{game}.{code}.md")
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            continue
    return ""


def pictures_of(game: str) -> dict:
    """The game's rule pictures by name (none for a game without them)."""
    name = f"game.{game}.rule_pictures"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if not error.name or not (name + ".").startswith(error.name + "."):
            raise        # the module is there but something it needs is not
        return {}
    return module.PICTURES


def markers(markdown: str) -> list[str]:
    """The names of the pictures a page places, in order."""
    return [found.group(1) for found in map(MARKER.match, markdown.splitlines()) if found]


_pictures: dict = {}


def picture_key(game: str, name: str, width: int, four: bool) -> tuple:
    """What a rule picture is kept by: its game, name, width, the language and card colours."""
    return game, name, width, language(), four


def picture_made(game: str, name: str, width: int, four: bool) -> bool:
    return picture_key(game, name, width, four) in _pictures


def picture_image(game: str, name: str, width: int, four: bool) -> pygame.Surface:
    """A rule picture drawn once per game, name, width, language and card colours, then kept."""
    key = picture_key(game, name, width, four)
    if key not in _pictures:
        if len(_pictures) >= 32:        # a few pages, both languages: a few MB each at 4K
            _pictures.clear()
        _pictures[key] = render_picture(pictures_of(game)[name], width, four)
    return _pictures[key]


@dataclass
class Page:
    """A rule page laid out: lines of (text, size, bold, colour, position, anchor) in pixels,
    pictures as (name, rect), and its whole height."""
    lines: list = field(default_factory=list)
    pictures: list = field(default_factory=list)
    height: float = 0.0


def _chunks(markdown: str) -> list:
    """The page cut into ("text", lines) (a paragraph, a list, a table, a heading or an empty
    line) and ("picture", name)."""
    chunks: list = []
    for raw in markdown.splitlines():
        line = raw.rstrip()
        found = MARKER.match(line.strip())
        if found:
            chunks.append(("picture", found.group(1)))
        elif not line.strip() or line.startswith("#"):
            chunks.append(("text", [line]))
        elif chunks and chunks[-1][0] == "text" and chunks[-1][1][-1].strip() and not chunks[-1][1][-1].startswith("#") \
                and chunks[-1][1][-1].startswith("|") == line.startswith("|"):     # a table is a part of its own
            chunks[-1][1].append(line)
        else:
            chunks.append(("text", [line]))
    return chunks


def layout_page(game: str, markdown: str, width: int, u: float, view_height: int) -> Page:
    """The page for a column `width` pixels wide in a view `view_height` high: a picture beside
    the paragraph above its marker where both fit, else under it, as wide as the view allows."""
    page, y = Page(), 0.0
    known = pictures_of(game)
    chunks = [chunk for chunk in _chunks(markdown) if chunk[0] == "text" or chunk[1] in known]
    gap = int(40 * u)
    side_width = int(min(width * 0.42, 640 * u))
    side = side_width >= 360 and width - side_width - gap >= 520 * u
    caption_size = theme.TINY

    def text_lines(lines, column, top) -> float:
        if not any(line.strip() for line in lines):     # an empty line: air between the parts
            return top + theme.SMALL * LINE * u
        if all(line.startswith("|") for line in lines):
            return table_lines(lines, column, top)
        for text, size, bold, indent in layout_lines("\n".join(lines), column, u):
            if text:
                colour = theme.ACCENT if bold and size >= theme.BODY else theme.TEXT
                page.lines.append((text, size, bold, colour, (indent, top), "topleft"))
            top += size * LINE * u
        return top

    def table_lines(lines, column, top) -> float:
        """A table as columns: each column as wide as its widest cell where the page allows,
        else the last one takes what is left and long cells wrap."""
        rows = [[_plain(cell.strip()) for cell in line.strip().strip("|").split("|")] for line in lines]
        rows = [row for row in rows if not all(set(cell) <= set("-: ") for cell in row)]
        count, size = max(len(row) for row in rows), int(theme.SMALL * u)
        rows = [row + [""] * (count - len(row)) for row in rows]
        indent, space = int(20 * u), int(28 * u)
        room = column - indent - space * (count - 1)
        widths = [max(font(size, number == 0).size(row[i])[0] for number, row in enumerate(rows)) + 1
                  for i in range(count)]
        if sum(widths) > room:
            widths[:-1] = [min(width, int(room * 0.55 / max(1, count - 1))) for width in widths[:-1]]
            widths[-1] = room - sum(widths[:-1])
        for number, row in enumerate(rows):
            x, height = indent, 1
            for cell, width in zip(row, widths):
                parts = wrap(cell, size, width, bold=number == 0)
                for index, part in enumerate(parts):
                    page.lines.append((part, theme.SMALL, number == 0, theme.TEXT,
                                       (x, top + index * theme.SMALL * LINE * u), "topleft"))
                height = max(height, len(parts))
                x += width + space
            top += (height + 0.25) * theme.SMALL * LINE * u
        return top

    def picture(name, x, top, picture_width) -> float:
        aspect = known[name].aspect
        w = int(min(picture_width, view_height * (0.62 if side else 0.72) * aspect))
        rect = pygame.Rect(int(x + (picture_width - w) / 2), int(top), w, round(w / aspect))
        page.pictures.append((name, rect))
        top = rect.bottom + 10 * u
        caption_width = max(w, int(min(picture_width, width * 0.8)))
        for part in wrap(t(f"rule_pictures.{game}.{name}"), int(caption_size * u), caption_width):
            page.lines.append((part, caption_size, False, theme.TEXT_DIM, (rect.centerx, top), "midtop"))
            top += caption_size * CAPTION * u
        return top + 24 * u

    index = 0
    while index < len(chunks):
        kind, body = chunks[index]
        names = []
        while index + 1 + len(names) < len(chunks) and chunks[index + 1 + len(names)][0] == "picture":
            names.append(chunks[index + 1 + len(names)][1])
        if kind == "picture":          # a picture with no paragraph above it
            y = picture(body, 0, y, width)
        elif names and side:
            bottom = y
            for name in names:
                bottom = picture(name, width - side_width, bottom, side_width)
            y = max(text_lines(body, width - side_width - gap, y), bottom)
        else:
            y = text_lines(body, width, y)
            for name in names:
                y = picture(name, 0, y + 10 * u, width)
        index += 1 + len(names)
    page.height = y
    return page


def _plain(text: str) -> str:
    """Markdown emphasis and code marks dropped: the page is read, not parsed."""
    return re.sub(r"(\*\*|__|`)", "", text).replace("*", "")


def layout_lines(markdown: str, width: int, u: float) -> list[tuple[str, int, bool, int]]:
    """Headings, paragraphs and lists (tables: `layout_page`) as (text, size, bold, indent)
    lines wrapped to `width` pixels."""
    lines = []
    for raw in markdown.splitlines():
        line = raw.rstrip()
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
    return lines


class RulesOverlay(Scene):
    overlay = True
    name = "rules"

    def __init__(self, app, game: str):
        super().__init__(app)
        self.game = game
        self.scroll = 0.0
        self._cache_key = None
        self._page_data = Page()
        self._image = None
        self._image_for = (None, 0)    # (the page, its row at the image's top)

    def _page(self, width: int, height: int) -> Page:
        key = (language(), width, height, round(self.app.u, 3))
        if key != self._cache_key:
            self._cache_key = key
            text = rule_text(self.game, language()) or t("rules.missing")
            self._page_data = layout_page(self.game, text, width, self.app.u, height)
        return self._page_data

    def _page_image(self, inner: pygame.Rect) -> tuple[pygame.Surface, int]:
        """(an image of the page's text, the row of the page at its top): the lines in view,
        drawn again when the page scrolls, so a page opens without drawing its whole text
        (all of Keezen's, on an image as tall as the page, took 35 ms at 1920x1080). While a
        recorder listens, the whole page, so every line of it is told."""
        page = self._page(inner.w, inner.h)
        whole = recording_now()
        top = 0 if whole else int(self.scroll)
        size = (inner.w, max(1, int(page.height) + 1) if whole else inner.h)
        if self._image is None or self._image.get_size() != size:
            self._image, self._image_for = pygame.Surface(size, pygame.SRCALPHA), (None, 0)
        if self._image_for != (page, top) or whole:
            u = self.app.u
            self._image.fill((0, 0, 0, 0))
            bottom = top + size[1]
            for text, points, bold, colour, (x, y), anchor in page.lines:
                y = round(y)       # (rounded before the shift: a line lies on the same pixels at every scroll)
                if y < bottom and y + 2 * points * u > top:
                    blit_text(self._image, text, points * u, colour, (round(x), y - top), anchor, bold=bold)
            self._image_for = (page, top)
        return self._image, top

    def ahead(self) -> None:
        """One picture of the page not made yet, in a frame with time to spare: the first
        frame makes only those in view (all of them took Keezen's 5 to 120 ms at 1920x1080),
        and the page stands still while the rest are made, so a scroll to one finds it made."""
        if self.app.spare() <= 0:
            return
        inner = self._inner()
        for name, rect in self._page(inner.w, inner.h).pictures:
            if not picture_made(self.game, name, rect.w, self._four()):
                picture_image(self.game, name, rect.w, self._four())
                return

    def _four(self) -> bool:
        return bool(self.app.store.settings.get("four_colour", False))

    def picture_rects(self) -> tuple:
        """(the page's image as last drawn, where its pictures lie on it): the text-fit test
        checks that no string lies over a picture."""
        inner = self._inner()
        if self._image is None:
            self._page_image(inner)
        top = self._image_for[1]
        return self._image, [rect.move(0, -top) for _, rect in self._page(inner.w, inner.h).pictures]

    def _panel(self) -> pygame.Rect:
        u = self.app.u
        area = self.app.content_rect()
        width = min(int(1300 * u), area.w - int(60 * u))
        return pygame.Rect(area.centerx - width // 2, area.y + int(30 * u), width, area.h - int(60 * u))

    def _inner(self) -> pygame.Rect:
        return self._panel().inflate(-int(80 * self.app.u), -int(60 * self.app.u))

    def handle(self, action):
        u = self.app.u
        step = theme.SMALL * LINE * u
        panel, inner = self._panel(), self._inner()
        limit = max(0.0, self._page(inner.w, inner.h).height - inner.h)
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
        panel, inner = self._panel(), self._inner()
        pygame.draw.rect(surface, theme.BACKGROUND, panel, border_radius=int(20 * u))
        pygame.draw.rect(surface, theme.ACCENT_DARK, panel, max(1, int(3 * u)), border_radius=int(20 * u))
        image, top = self._page_image(inner)
        surface.blit(image, inner.topleft, pygame.Rect(0, int(self.scroll) - top, inner.w, inner.h))
        page = self._page(inner.w, inner.h)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip))
        for name, rect in page.pictures:
            place = rect.move(inner.x, inner.y - int(self.scroll))
            if place.colliderect(inner):
                surface.blit(picture_image(self.game, name, rect.w, self._four()), place)
        surface.set_clip(clip)
        total = page.height
        if total > inner.h:
            track = pygame.Rect(panel.right - int(24 * u), inner.y, max(3, int(8 * u)), inner.h)
            pygame.draw.rect(surface, theme.PANEL, track, border_radius=int(4 * u))
            thumb = track.copy()
            thumb.h = max(int(30 * u), int(track.h * inner.h / total))
            thumb.y = track.y + int((track.h - thumb.h) * self.scroll / max(1.0, total - inner.h))
            pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=int(4 * u))

    def corner_button(self):
        return t("button.back"), inp.BACK, False     # the mouse's way back (a click on the page scrolls nothing)

    def legend(self):
        learn = [(inp.ACTION1, "lesson.button")] if lesson_of(self.game) is not None else []
        return [(inp.UP, "legend.scroll"), (inp.NEXT, "legend.page")] + learn + [(inp.BACK, "legend.close")]
