"""The break between deals as a payoff: the seats by their places, each with its face, what
this deal brought it (the deal's best in green, its worst in red), the places it rose or fell,
its total and how far it is from the lead; the full score sheet is one key away
(game/ui/between_hands.py). Laid out in the area the score sheet takes, so it covers nothing
the sheet leaves in sight; lower rows and smaller text where the area is low (the note goes
first: the legend and the Next button say it too).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.standings import Standing
from game.ui import theme
from game.ui.endings import EndScreen, place_text
from game.ui.i18n import t
from game.ui.table.draw import panel
from game.ui.table.layout import note_floating
from game.ui.text import blit_in

UP, DOWN = "\u25b2", "\u25bc"


@dataclass
class Standings:
    """What the break shows, as data (`standings` of game/standings.py and the words)."""
    title: str
    rows: list[Standing]            # best first
    names: list[str]                # per seat
    faces: list                     # per seat: a character (its portrait), or None (the name's initial)
    humans: tuple                   # the seats of humans at the table: their rows stand out
    number: object                  # int -> text: a change or a total as the game writes it ("+4", "17")
    headings: tuple[str, str]       # over the change and the total ("This deal", "Total")
    note: str = ""                  # what happens next
    higher_is_better: bool = True   # False: the fewest points lead (Kings Corners)


def gap_text(row: Standing) -> str:
    if row.behind:
        return t("standings.behind", n=row.behind)
    return t("standings.leads", n=row.ahead) if row.ahead else t("standings.level")


def fitted(area: pygame.Rect, u: float, rows: int, note: bool) -> tuple[pygame.Rect, float, bool]:
    """The panel's box centred in `area`, the scale `k` of its rows and text and whether the
    note shows: everything at full size where it fits, else the note left out, then smaller."""
    def height(k: float, with_note: bool) -> int:
        return int((20 + 16) * u + theme.BODY * u * k * (1.5 + 1.9 * rows) + theme.TINY * u * k * 1.4
                   + (theme.TINY * u * 1.8 if with_note else 0))
    tries = [(True, k / 100) for k in range(100, 81, -6)] if note else []
    tries += [(False, k / 100) for k in range(100, 59, -6)]
    for with_note, k in tries:
        if height(k, with_note) <= area.h:
            break
    box = pygame.Rect(0, 0, min(area.w, int(960 * u)), min(area.h, height(k, with_note)))
    box.center = area.center
    return box, k, with_note


def draw_standings(surface: pygame.Surface, area: pygame.Rect, u: float, shown: Standings) -> pygame.Rect:
    """The standings centred in `area`; returns the panel's rect (a click there shows the sheet)."""
    box, k, with_note = fitted(area, u, len(shown.rows), bool(shown.note))
    note_floating("standings", box)
    panel(surface, box.move(int(6 * u), int(8 * u)), u, (8, 40, 24))
    panel(surface, box, u, theme.BACKGROUND, theme.ACCENT_DARK)
    pad, body, tiny = int(24 * u), theme.BODY * u * k, theme.TINY * u * k
    inner = box.inflate(-2 * pad, 0)
    y = box.y + int(20 * u)
    blit_in(surface, shown.title, body, theme.TEXT, pygame.Rect(inner.x, y, inner.w, int(body * 1.4)), bold=True)
    y += int(body * 1.5)
    # the columns: place, face, name, places moved, this deal, total, the distance to the lead
    widths = [int(w * u * k) for w in (78, 0, 0, 58, 150, 130, 190)]
    row_h = int(body * 1.9)
    widths[1] = int(row_h * 0.86) + int(12 * u * k)
    widths[2] = inner.w - sum(widths)
    xs = [inner.x + sum(widths[:index]) for index in range(len(widths))]

    def cell(column: int, top: int, height: int) -> pygame.Rect:
        return pygame.Rect(xs[column], top, widths[column] - int(6 * u * k), height)

    head_h = int(tiny * 1.4)
    for column, heading in zip((4, 5), shown.headings):
        blit_in(surface, heading, tiny, theme.TEXT_DIM, cell(column, y, head_h), valign="bottom")
    y += head_h
    changes = [row.change for row in shown.rows if row.change is not None]
    best, worst = (max(changes), min(changes)) if changes and min(changes) != max(changes) else (None, None)
    if not shown.higher_is_better:
        best, worst = worst, best
    for row in shown.rows:
        line = pygame.Rect(inner.x - int(10 * u), y, inner.w + int(20 * u), row_h)
        if row.seat in shown.humans:
            pygame.draw.rect(surface, theme.PANEL, line, border_radius=int(10 * u))
        lead = row.behind == 0
        ink = theme.ACCENT if lead else theme.TEXT
        blit_in(surface, place_text(row.place), body, ink, cell(0, y, row_h), "left", bold=lead)
        face = pygame.Rect(xs[1], y, widths[1] - int(12 * u * k), row_h)
        EndScreen.draw_face(surface, shown.faces[row.seat] or shown.names[row.seat], face, lead, u)
        blit_in(surface, shown.names[row.seat], body, ink, cell(2, y, row_h), "left", bold=lead)
        if row.moved:
            blit_in(surface, f"{UP if row.moved > 0 else DOWN}{abs(row.moved)}", tiny,
                    theme.GOOD if row.moved > 0 else theme.BAD, cell(3, y, row_h))
        if row.change is not None:
            colour = theme.GOOD if row.change == best else theme.BAD if row.change == worst else theme.TEXT
            blit_in(surface, shown.number(row.change), body, colour, cell(4, y, row_h))
        blit_in(surface, shown.number(row.total), body, ink, cell(5, y, row_h), bold=True)
        blit_in(surface, gap_text(row), tiny, theme.TEXT_DIM, cell(6, y, row_h), "left")
        y += row_h
    if with_note:
        blit_in(surface, shown.note, theme.TINY * u, theme.ACCENT,
                pygame.Rect(inner.x, box.bottom - int(16 * u) - int(theme.TINY * u * 1.5), inner.w,
                            int(theme.TINY * u * 1.5)))
    return box
