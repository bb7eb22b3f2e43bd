"""Panels around the table: the status line, the move log, the buttons, the score sheet and a
choice panel (trump, a game type). Each is laid out into a rect the scene gives and drawn
from plain data, so every game's panels look and read alike."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import cards as cardui
from game.ui import theme
from game.ui.table.draw import panel
from game.ui.table.layout import note_floating
from game.ui.text import blit_in, blit_text, fit, font, note_text, render, wrap

# ----------------------------------------------------------------------------- status line

class StatusLine:
    """Whose turn it is and what to do: one line at body size, else two at the small size,
    on a panel centred at the top of its rect (lit while the player may act)."""

    def __init__(self):
        self._cache = None

    def lines(self, text: str, room: int, u: float) -> tuple[int, list[str]]:
        key = (text, room, u)
        if self._cache is None or self._cache[0] != key:
            size = int(theme.BODY * u)
            if render(text, size).get_width() <= room:
                lines = [text]
            else:
                size = int(theme.SMALL * u)
                lines = wrap(text, size, room)
                if len(lines) > 2:
                    lines = [lines[0], fit(" ".join(lines[1:]), size, room)]
            self._cache = (key, (size, lines))
        return self._cache[1]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, text: str, u: float, lit: bool = False) -> pygame.Rect:
        size, lines = self.lines(text, rect.w - int(40 * u), u)
        images = [render(line, size, theme.TEXT) for line in lines]
        line_h = int(size * 1.2)
        box = pygame.Rect(0, 0, max(image.get_width() for image in images) + int(44 * u),
                          line_h * len(lines) + int(16 * u))
        box.midtop = (rect.centerx, rect.y)
        panel(surface, box, u, theme.PANEL, theme.ACCENT if lit else None)
        y = box.y + int(8 * u)
        for line, image in zip(lines, images):
            rect = image.get_rect(midtop=(box.centerx, y))
            surface.blit(image, rect)
            note_text(surface, line, rect, box)
            y += line_h
        return box


# ----------------------------------------------------------------------------- move log

def draw_log(surface: pygame.Surface, rect: pygame.Rect, lines: list[str], u: float, rows: int,
             anchor: str = "topright", wrapped: int = 1) -> None:
    """The move log: the newest `lines` that fit in `rows` rows from the top of `rect`, the
    oldest first and the newest bright, against the `anchor` side ("topright" or "topleft").
    A line takes one row cut to the width, or with `wrapped` up to that many rows (its last
    row cut)."""
    size, height = int(theme.TINY * u), int(theme.TINY * 1.3 * u)
    shown: list = []
    for age, text in enumerate(reversed(lines)):
        if wrapped > 1:
            parts = wrap(text, size, rect.w)
            parts = parts[:wrapped - 1] + ([fit(" ".join(parts[wrapped - 1:]), size, rect.w)]
                                           if len(parts) >= wrapped else [])
        else:
            parts = [fit(text, size, rect.w)]
        if len(shown) + len(parts) > rows:
            break
        shown = [(part, theme.TEXT if age == 0 else theme.TEXT_DIM) for part in parts] + shown
    x = rect.right if anchor == "topright" else rect.x
    for row, (text, colour) in enumerate(shown):
        blit_text(surface, text, theme.TINY * u, colour, (x, rect.y + row * height), anchor)


def log_height(u: float, count: int) -> int:
    return int(40 * u + count * theme.TINY * 1.3 * u)


def status_height(u: float) -> int:
    """Room for the status line's two lines of small text."""
    return int(theme.SMALL * 1.2 * u * 2 + 22 * u)


def top_band(area: pygame.Rect, u: float, side_width: int, info_height: int, log_lines: int):
    """The band across the top of a card table: (info, status, log) rectangles, the match
    information at the left, the status line in the middle and the move log at the right."""
    m = int(14 * u)
    info = pygame.Rect(area.x + m, area.y + m, side_width, info_height)
    log = pygame.Rect(area.right - m - side_width, area.y + m, side_width, log_height(u, log_lines))
    status = pygame.Rect(info.right + m, area.y + int(12 * u), log.left - info.right - 2 * m, status_height(u))
    return info, status, log


# ----------------------------------------------------------------------------- buttons

def stack_buttons(right: int, bottom: int, width: int, u: float, names: list[str], small=()) -> dict:
    """Buttons in a column growing upwards from (`right`, `bottom`); the `small` ones share the
    bottom row. name -> rect."""
    height, gap = int(58 * u), int(10 * u)
    rects, x, y = {}, right - width, bottom - height
    row = [name for name in names if name in small]
    if row:
        each = (width - gap * (len(row) - 1)) // len(row)
        for index, name in enumerate(row):
            rects[name] = pygame.Rect(x + index * (each + gap), y, each, height)
        y -= height + gap
    for name in names:
        if name not in small:
            rects[name] = pygame.Rect(x, y, width, height)
            y -= height + gap
    return rects


def draw_button(surface: pygame.Surface, rect: pygame.Rect, label: str, u: float, primary: bool = False,
                focused: bool = False, enabled: bool = True, hinted: bool = False, ground=theme.PANEL) -> None:
    """A button; `ground` is its colour when it is not the primary one (darker on a panel)."""
    colour = theme.ACCENT_DARK if primary and enabled else ground
    if focused:
        colour = (176, 132, 30) if primary and enabled else theme.PANEL_LIGHT
    pygame.draw.rect(surface, colour, rect, border_radius=int(12 * u))
    if hinted:
        pygame.draw.rect(surface, theme.GOOD, rect.inflate(int(10 * u), int(10 * u)), max(3, int(4 * u)),
                         border_radius=int(16 * u))
    if focused:
        pygame.draw.rect(surface, theme.ACCENT, rect, max(2, int(4 * u)), border_radius=int(12 * u))
    blit_in(surface, label, theme.SMALL * u, theme.TEXT if enabled else theme.TEXT_DIM,
            rect.inflate(-int(16 * u), -int(8 * u)), bold=primary)


# ----------------------------------------------------------------------------- score sheet

@dataclass
class Sheet:
    """A score sheet as data. Cells are text, (text, colour), or a list of cards (written in
    their suits' colours)."""
    title: str
    columns: list                   # one heading per seat
    rows: list                      # (label, cells, starred column or None, current row?)
    total: tuple                    # (label, cells, best columns)
    extras: list = field(default_factory=list)   # (label, cells) below the totals; no cells: a note
    note: str = ""
    earlier: object = str           # n -> the line standing for n rows left out ("3 earlier hands")
    subheading: str = ""            # under every column's heading: what its cells say ("deal (total)")


CLEAR = (255, 0, 255)    # the colour key of a cached sheet (never drawn)


class ScoreSheet:
    """Draws a `Sheet` centred in an area, cached until its key changes: a column per seat, a
    row per hand or deal (the earliest left out when they do not fit), the totals, extras."""

    def __init__(self):
        self._image = None

    def draw(self, surface: pygame.Surface, area: pygame.Rect, u: float, key, sheet, four_colour: bool = False):
        """`sheet` is a Sheet or a function making one (called only when `key` changed)."""
        key = (area.size, u, four_colour, key)
        if self._image is None or self._image[0] != key:
            margin = int(12 * u)
            image = pygame.Surface((area.w + margin, area.h + margin))
            image.fill(CLEAR)
            image.set_colorkey(CLEAR, pygame.RLEACCEL)   # opaque with a colour key
            painted = self._paint(image, pygame.Rect(0, 0, area.w, area.h), u, sheet() if callable(sheet) else sheet,
                                  four_colour)
            # shown without RLE: encoding it took the first blit 2 to 18 ms at 1920x1080 (painted with
            # it, its text is blended by SDL's blitter, whose pixels the sheet has always shown)
            image.set_colorkey(CLEAR)
            self._image = (key, image, painted)     # (not get_bounding_rect(): 5 ms at 1920x1080)
        surface.blit(self._image[1], area.topleft)
        note_floating("score sheet", self._image[2].move(area.topleft))

    def _paint(self, surface, area, u, sheet: Sheet, four) -> pygame.Rect:
        """The sheet in `area`; returns the rect it painted (its panel and the panel's shadow)."""
        small, tiny, body = theme.SMALL * u, theme.TINY * u, theme.BODY * u
        pad = int(26 * u)
        # the rows' labels column: a fifth of the sheet, or as wide as its longest label up to 30%
        widest = max((font(int(tiny), True).size(label)[0] for label, *_ in sheet.rows), default=0)
        label_w = max(int(area.w * 0.2), min(int(area.w * 0.3), widest + int(14 * u)))
        col_w = (area.w - 2 * pad - label_w) / max(1, len(sheet.columns))
        row_h = int(tiny * 1.45)
        line_h = int(tiny * 1.3)
        extra_h = []
        for _, cells in sheet.extras:
            lines = max((len(cardui.card_lines(cell, int(tiny), int(col_w - 10 * u))) if isinstance(cell, list) else 1
                         for cell in cells), default=1)
            extra_h.append(lines * line_h + int(8 * u) if any(isinstance(c, list) for c in cells) else int(tiny * 1.5))
        sub_h = int(tiny * 1.3) if sheet.subheading else 0
        fixed = (int(20 * u) + int(body * 1.45) + int(small * 1.35) + sub_h + int(8 * u) + int(12 * u)
                 + int(small * 1.5) + sum(extra_h) + int(16 * u))
        note_h = int(tiny * 1.8) if sheet.note else 0
        if (area.h - fixed - note_h) // row_h < min(len(sheet.rows), 3):
            note_h = 0        # short of room (couch mode): the note, what the Next button says too, gives way to rows
        fixed += note_h
        rows = min(len(sheet.rows), max(1, (area.h - fixed) // row_h))
        box = pygame.Rect(0, 0, area.w, min(area.h, fixed + rows * row_h))
        box.center = area.center
        shadow = box.move(int(6 * u), int(8 * u))
        panel(surface, shadow, u, (8, 40, 24))
        panel(surface, box, u, theme.BACKGROUND, theme.ACCENT_DARK)
        y = box.y + int(20 * u)
        blit_text(surface, fit(sheet.title, int(body), box.w - 2 * pad, True), body, theme.TEXT, (box.centerx, y),
                  "midtop", bold=True)
        y += int(body * 1.45)

        def col_x(column):
            return box.x + pad + label_w + col_w * (column + 0.5)

        for column, heading in enumerate(sheet.columns):
            blit_text(surface, heading, small, theme.TEXT, (col_x(column), y), "midtop", bold=True,
                      width=int(col_w - 8 * u))      # a long name shrinks before it is cut
        y += int(small * 1.35)
        if sheet.subheading:
            for column in range(len(sheet.columns)):
                blit_text(surface, sheet.subheading, tiny, theme.TEXT_DIM, (col_x(column), y), "midtop",
                          width=int(col_w - 8 * u))
            y += sub_h
        pygame.draw.line(surface, theme.TEXT_DIM, (box.x + pad, y), (box.right - pad, y), max(1, int(2 * u)))
        y += int(8 * u)
        shown = sheet.rows[len(sheet.rows) - rows:]
        if rows < len(sheet.rows):
            shown = shown[1:]
            blit_text(surface, sheet.earlier(len(sheet.rows) - len(shown)), tiny, theme.TEXT_DIM,
                      (box.x + pad, y), "topleft")
            y += row_h
        for label, cells, starred, current in shown:
            colour = theme.TEXT if current else theme.TEXT_DIM
            blit_text(surface, label, tiny, colour, (box.x + pad, y), "topleft", bold=current)
            for column, cell in enumerate(cells):
                text = ("\u2605 " + cell) if column == starred else cell
                blit_text(surface, text, tiny, theme.GOOD if column == starred else colour, (col_x(column), y),
                          "midtop", bold=current)
            y += row_h
        pygame.draw.line(surface, theme.TEXT_DIM, (box.x + pad, y + int(2 * u)), (box.right - pad, y + int(2 * u)),
                         max(1, int(2 * u)))
        y += int(12 * u)
        label, cells, best = sheet.total
        blit_text(surface, label, small, theme.TEXT, (box.x + pad, y), "topleft", bold=True)
        for column, cell in enumerate(cells):
            blit_text(surface, cell, small, theme.ACCENT if column in best else theme.TEXT, (col_x(column), y), "midtop",
                      bold=True)
        y += int(small * 1.5)
        for (label, cells), height in zip(sheet.extras, extra_h):
            room = label_w - int(8 * u) if cells else box.w - 2 * pad     # a line without cells spans the sheet
            blit_text(surface, label, tiny, theme.TEXT_DIM, (box.x + pad, y), "topleft", width=room)
            for column, cell in enumerate(cells):
                if isinstance(cell, list):
                    for index, line in enumerate(cardui.card_lines(cell, int(tiny), int(col_w - 10 * u))):
                        cardui.draw_card_line(surface, line, int(tiny), (col_x(column), y + index * line_h), four)
                else:
                    text, ink = cell if isinstance(cell, tuple) else (cell, theme.TEXT_DIM)
                    blit_text(surface, text, tiny, ink, (col_x(column), y), "midtop")
            y += height
        if note_h:
            blit_text(surface, fit(sheet.note, int(tiny), box.w - 2 * pad), tiny, theme.ACCENT,
                      (box.centerx, box.bottom - int(14 * u)), "midbottom")
        return box.union(shadow)


# ----------------------------------------------------------------------------- choice panel

def choice_rects(area: pygame.Rect, count: int, u: float,
                 per_row: int | None = None) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The panel and its option buttons (in a row, or two rows when many; `per_row` buttons a
    row when given), centred in `area`."""
    per_row = per_row or (count if count <= 5 else (count + 1) // 2)
    rows = (count + per_row - 1) // per_row
    width, height, gap = int(min(230 * u, (area.w - 80 * u) / max(1, per_row))), int(64 * u), int(14 * u)
    box = pygame.Rect(0, 0, per_row * (width + gap) - gap + int(60 * u),
                      int(theme.BODY * u * 1.6) + rows * (height + gap) + int(40 * u))
    box.center = area.center
    options = []
    for index in range(count):
        row, column = divmod(index, per_row)
        in_row = min(per_row, count - row * per_row)
        left = box.centerx - (in_row * (width + gap) - gap) // 2
        options.append(pygame.Rect(left + column * (width + gap), box.y + int(theme.BODY * u * 1.6) + int(20 * u)
                                   + row * (height + gap), width, height))
    return box, options


def draw_choice(surface: pygame.Surface, area: pygame.Rect, u: float, title: str, labels: list[str],
                focused: int | None = None, hinted: int | None = None, per_row: int | None = None) -> list[pygame.Rect]:
    """A question with its answers as buttons (trump, a game type); returns the buttons'
    rects (the scene makes them targets)."""
    box, options = choice_rects(area, len(labels), u, per_row)
    panel(surface, box, u, theme.BACKGROUND, theme.ACCENT_DARK, radius=18)
    blit_text(surface, fit(title, int(theme.BODY * u), box.w - int(40 * u), True), theme.BODY * u, theme.TEXT,
              (box.centerx, box.y + int(18 * u)), "midtop", bold=True)
    for index, (rect, label) in enumerate(zip(options, labels)):
        draw_button(surface, rect, label, u, primary=False, focused=index == focused, hinted=index == hinted)
    return options
