"""The end of a match, drawn: the places (1st to 4th, ties sharing one), each seat's name (a
computer's with its portrait, as on its plate at the table) and totals, what the player did
best, the game's own lines, and the buttons "New game", "Review this game", the look back at
the table and "Quit to menu" in a row. The winners wear a crown. Where a human won (or
computers played alone) the win is celebrated once, when the screen first opens: the fanfare
sounds, the crown rises and confetti falls for `Celebration.SECONDS`, then everything stands
still; with the animation speed "instant" (the setting that asks for no motion) it stands
still at once.

The words come from the game's `ending` (game/<name>/words.py) through the scene's `finish`
part; the confetti and the crown are drawn once into small surfaces and only blitted per frame.
"""
from __future__ import annotations

import functools
import math
import random

import pygame

from game.ui import input as inp
from game.ui import theme
from game.ui.i18n import has, t
from game.ui.portraits import initial, portrait, seat_face
from game.ui.scene import Scene
from game.ui.table.draw import panel
from game.ui.table.layout import note_floating
from game.ui.table.panels import draw_button
from game.ui.text import blit_in

CONFETTI_COLOURS = ((246, 196, 70), (236, 96, 84), (110, 210, 120), (120, 200, 255), (238, 238, 232),
                    (200, 120, 230))
TURNS = 8           # the angles a piece of confetti is drawn at


def place_text(place) -> str:
    """'1st' .. '4th' ('1e' .. '4e'); '' for no place (a game played alone and lost)."""
    if place is None:
        return ""
    key = f"endings.place.{place}"
    return t(key) if has(key) else str(place)


@functools.lru_cache(maxsize=8)
def confetti_pieces(size: int) -> tuple:
    """Every colour at every angle, a small rectangle `size` pixels long: drawn once."""
    pieces = []
    for colour in CONFETTI_COLOURS:
        flat = pygame.Surface((size, max(2, size // 2)), pygame.SRCALPHA)
        flat.fill(colour)
        pieces.append(tuple(pygame.transform.rotate(flat, turn * 180 / TURNS) for turn in range(TURNS)))
    return tuple(pieces)


@functools.lru_cache(maxsize=8)
def crown(size: int) -> pygame.Surface:
    """A gold crown `size` pixels wide, with three points and a band."""
    w, h = size, int(size * 0.8)
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    band = h * 0.78
    points = [(0, band), (w * 0.04, h * 0.22), (w * 0.3, h * 0.52), (w * 0.5, h * 0.08), (w * 0.7, h * 0.52),
              (w * 0.96, h * 0.22), (w, band)]
    pygame.draw.polygon(image, theme.ACCENT, points)
    pygame.draw.rect(image, theme.ACCENT, pygame.Rect(0, int(band) - 1, w, h - int(band) + 1),
                     border_radius=max(1, size // 12))
    pygame.draw.polygon(image, theme.ACCENT_DARK, points, max(1, size // 16))
    for x in (0.04, 0.5, 0.96):
        pygame.draw.circle(image, theme.TEXT, (int(w * x), int(h * (0.22 if x != 0.5 else 0.08))), max(2, size // 12))
    pygame.draw.circle(image, theme.BAD, (w // 2, int(h * 0.86)), max(2, size // 10))
    return image


def rising(spot: pygame.Rect, row: pygame.Rect, rise: float) -> pygame.Rect:
    """Where a winner's crown stands while it rises (`rise` 1 at the start, 0 at its place):
    from just below its own row up to its place; it is drawn clipped to the row, so it comes
    up out of the row and never passes over the rows below."""
    return spot.move(0, round(rise * (row.bottom - spot.top)))


@functools.lru_cache(maxsize=8)
def glow(size: tuple) -> pygame.Surface:
    """A soft gold light behind a winning row: drawn once per size."""
    w, h = size
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    for step in range(6):
        inset = step * max(1, h // 14)
        pygame.draw.rect(image, (*theme.ACCENT, 14 + step * 6), pygame.Rect(inset, inset // 2, w - 2 * inset,
                                                                          h - inset), border_radius=h // 2)
    return image


class Celebration:
    """The winner's moment: for SECONDS the confetti falls over `area` and the crown rises;
    then `done`, and drawing shows only what stays (the crown in its place)."""

    SECONDS = 1.8
    PIECES = 70

    def __init__(self, still: bool, seed: int = 24):
        self.time = self.SECONDS if still else 0.0
        rng = random.Random(seed)
        # (x 0..1, start height below the top, speed in areas/second, sway, spin, colour)
        self.pieces = [(rng.random(), rng.uniform(0.05, 0.6), rng.uniform(0.55, 1.0), rng.uniform(0.01, 0.04),
                        rng.uniform(4, 10), rng.randrange(len(CONFETTI_COLOURS))) for _ in range(self.PIECES)]

    @property
    def done(self) -> bool:
        return self.time >= self.SECONDS

    def update(self, dt: float) -> None:
        self.time = min(self.SECONDS, self.time + dt)

    def rise(self) -> float:
        """How far the crown still has to rise: 1 at the start, 0 from the end on."""
        progress = min(1.0, self.time / (self.SECONDS * 0.6))
        return (1 - progress) ** 3

    def draw_confetti(self, surface: pygame.Surface, area: pygame.Rect, u: float) -> None:
        if self.done:
            return
        pieces = confetti_pieces(max(6, int(16 * u)))
        fall = area.h * 1.3
        clip = surface.get_clip()
        surface.set_clip(area)
        for x, start, speed, sway, spin, colour in self.pieces:
            y = area.y + (self.time * speed) * fall - start * area.h
            if y < area.y - 20 * u or y > area.bottom:
                continue
            px = area.x + (x + sway * math.sin(self.time * spin)) * area.w
            surface.blit(pieces[colour][int(self.time * spin) % TURNS], (int(px), int(y)))
        surface.set_clip(clip)


class EndScreen(Scene):
    """The end of the match, over the finished table (beside it where the game keeps what
    explains the result in sight: Quarto's winning line)."""

    overlay = True
    name = "result"

    def __init__(self, app, game_scene):
        super().__init__(app)
        self.game_scene = game_scene
        self.shade = game_scene.result_area() == app.content_rect()   # beside the table, the table stays lit
        self.ending = game_scene.finish.ending()
        self.lines = self.ending.notes if self.ending.notes is not None else game_scene.result_lines()
        # each row's face beside the name (None: the name's initial)
        self.faces = [seat_face(game_scene, row[4]) if len(row) > 4 and row[4] is not None else None
                      for row in self.ending.rows]
        first = not game_scene.finish.celebrated
        cheered = first and self.fanfare()     # confetti and the fanfare for a human's win (or a demo), once
        self.celebration = Celebration(not cheered or app.store.settings["animation_speed"] == "instant")
        if first:
            game_scene.finish.celebrated = True
        if cheered:
            app.sound.play("fanfare")
        kept = game_scene.keeping.kept or game_scene.record.to_dict()
        scene = game_scene
        self.buttons = [(t("result.again"), lambda: app.new_game(scene.game, scene.setup)),
                        (t("result.review"), lambda: app.review(kept, scene.keeping.record_name)),
                        (scene.finish.look_label(), app.pop),
                        (t("pause.quit"), app.to_title)]
        self.focus = 0              # Confirm plays again: leaving is one press
        self._layout = None

    def winning_rows(self) -> list[int]:
        return [index for index, row in enumerate(self.ending.rows) if row[3]]

    def fanfare(self) -> bool:
        """Whether the fanfare sounds: a human at this table won or shares the win (in Keezen
        with the partner), or computers alone played (a demo). A human who lost hears no
        fanfare: there is no sound of losing, and the last move has sounded already."""
        rows = [self.ending.rows[index] for index in self.winning_rows()]
        if not rows:
            return False
        humans = set(self.game_scene.human_seats)
        if not humans:
            return True
        winners = {row[4] for row in rows if len(row) > 4 and row[4] is not None} \
            or set(self.game_scene.state.winners())
        return bool(humans & winners)

    # -- input ------------------------------------------------------------------------------
    def handle(self, action: inp.Action) -> None:
        name = action.name
        if name in (inp.BACK, inp.MENU):
            self.app.sound.play("click")
            self.app.pop()
            return
        layout = self.layout()
        if name in inp.DIRECTIONS:
            columns = layout["columns"]
            step = {inp.LEFT: -1, inp.RIGHT: 1, inp.UP: -columns, inp.DOWN: columns}[name]
            target = self.focus + step
            if 0 <= target < len(self.buttons):
                self.focus = target
                self.app.sound.play("click")
        elif name == inp.CONFIRM:
            self.press(self.focus)
        elif name in (inp.POINT, inp.PRESS) and action.pos is not None:
            for index, rect in enumerate(layout["buttons"]):
                if rect.collidepoint(action.pos):
                    self.focus = index
                    if name == inp.PRESS:
                        self.press(index)
                    break

    def press(self, index: int) -> None:
        self.app.sound.play("click")
        self.buttons[index][1]()

    def update(self, dt: float) -> None:
        self.celebration.update(dt)

    @property
    def animating(self) -> bool:
        return not self.celebration.done

    def legend(self):
        return [(inp.LEFT, "legend.move"), (inp.CONFIRM, "legend.choose"), (inp.BACK, "legend.back")]

    # -- layout -------------------------------------------------------------------------------
    def panel_area(self) -> pygame.Rect:
        """The screen's panel (inside the game's `result_area`)."""
        return self.layout()["box"]

    def layout(self) -> dict:
        """Every rect of the screen, for this window and scale (made again when they change)."""
        key = (self.app.size, self.app.u)
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, self._make_layout())
        return self._layout[1]

    def _make_layout(self) -> dict:
        area, u = self.game_scene.result_area(), self.app.u
        status = self.game_scene.layout().status
        if status is not None and status.colliderect(self._fitted(area)[0]):
            # the status line says how the game ended: the panel goes under it, smaller if it must
            top = status.bottom + int(8 * u)
            area = pygame.Rect(area.x, top, area.w, area.bottom - top)
        box, parts, columns, k = self._fitted(area)
        return self._lay_out(box, parts, columns, k)

    def _fitted(self, area: pygame.Rect) -> tuple:
        """The panel's box centred in `area`, its parts' heights lowered until they fit, the
        buttons' columns and the scale `k` it took."""
        u = self.app.u
        width = min(int(1180 * u), area.w - int(40 * u))
        columns = 4 if width >= int(4 * 265 * u) else 2     # else two rows of two
        ending = self.ending

        faces = any(face is not None for face in self.faces)

        def heights(k):
            row = int(theme.BODY * (1.9 if faces else 1.55) * u * k)     # a face wants a little more height
            parts = [("title", int(theme.HEADING * 1.45 * u * k))]
            if ending.winner_line:
                parts.append(("winner", int(theme.BODY * 1.5 * u * k)))
            if ending.headings:
                parts.append(("headings", int(theme.TINY * 1.6 * u * k)))
            parts += [(("row", index), row) for index in range(len(ending.rows))]
            if ending.best:
                parts.append(("best", int(theme.BODY * 1.7 * u * k)))
            parts += [(("note", index), int(theme.SMALL * 1.45 * u * k)) for index in range(len(self.lines))]
            button_rows = (len(self.buttons) + columns - 1) // columns
            parts.append(("buttons", button_rows * int(66 * u * k) + (button_rows - 1) * int(12 * u * k)))
            return parts

        pad, gap = int(34 * u), int(10 * u)
        k = 1.0
        for _ in range(8):          # lower everything a little at a time until it fits
            parts = heights(k)
            total = sum(h for _, h in parts) + gap * (len(parts) - 1) + 2 * pad
            if total <= area.h - int(16 * u) or k <= 0.6:
                break
            k -= 0.06
        box = pygame.Rect(0, 0, width, min(total, area.h - int(8 * u)))
        box.center = area.center
        return box, parts, columns, k

    def _lay_out(self, box: pygame.Rect, parts: list, columns: int, k: float) -> dict:
        u, ending = self.app.u, self.ending
        pad, gap, faces = int(34 * u), int(10 * u), any(face is not None for face in self.faces)
        rects, y = {}, box.y + pad
        inner = box.inflate(-2 * pad, 0)
        for name, h in parts:
            rects[name] = pygame.Rect(inner.x, y, inner.w, h)
            y += h + gap
        # the table's columns: the place, the crown, the name, then the game's cells
        place_w, crown_w = int(110 * u * k), int(64 * u * k)
        cells = len(ending.headings) or max((len(row[2]) for row in ending.rows), default=0)
        cell_w = min(int(230 * u * k), (inner.w - place_w - crown_w) // (cells + 2)) if cells else 0
        name_w = inner.w - place_w - crown_w - cells * cell_w
        # a portrait as high as the row, less some air, at the name's left (every row's name
        # starts after it, so the names line up)
        face = int(rects[("row", 0)].h * 0.86) if faces and ending.rows else 0
        table = dict(place=(0, place_w), crown=(place_w, crown_w), name=(place_w + crown_w, name_w), face=face,
                     cells=[(place_w + crown_w + name_w + index * cell_w, cell_w) for index in range(cells)])
        buttons, area_b = [], rects["buttons"]
        per_row = columns
        bw = (area_b.w - (per_row - 1) * int(12 * u * k)) // per_row
        bh = int(66 * u * k)
        for index in range(len(self.buttons)):
            row, column = divmod(index, per_row)
            buttons.append(pygame.Rect(area_b.x + column * (bw + int(12 * u * k)),
                                       area_b.y + row * (bh + int(12 * u * k)), bw, bh))
        return dict(box=box, rects=rects, table=table, buttons=buttons, columns=columns, k=k)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        u, layout = self.app.u, self.layout()
        box, rects, table, k = layout["box"], layout["rects"], layout["table"], layout["k"]
        if not self.shade:      # beside the table: the side is cleared, the table stays as it is
            surface.fill(theme.FELT_DARK, self.game_scene.result_area())
        panel(surface, box, u, theme.BACKGROUND, theme.ACCENT_DARK, radius=20)
        note_floating("end screen", box)
        ending = self.ending
        blit_in(surface, self.game_scene.finish.title(), theme.HEADING * u * k, theme.TEXT, rects["title"], bold=True)
        if ending.winner_line:
            blit_in(surface, ending.winner_line, theme.BODY * u * k, theme.ACCENT, rects["winner"], bold=True)
        if ending.headings:
            for (x, w), heading in zip(table["cells"], ending.headings):
                row = rects["headings"]
                blit_in(surface, heading, theme.TINY * u * k, theme.TEXT_DIM,
                        pygame.Rect(row.x + x, row.y, w, row.h), "center", "bottom")
        crown_image = crown(max(8, int(table["crown"][1] * 0.72)))
        rise = self.celebration.rise()
        for index, (place, name, cells, won, *_) in enumerate(ending.rows):
            row = rects[("row", index)]
            if won:
                surface.blit(glow(row.size), row.topleft)
            colour = theme.ACCENT if won else theme.TEXT
            size = theme.BODY * u * k
            x, w = table["place"]
            blit_in(surface, place_text(place), size, colour, pygame.Rect(row.x + x, row.y, w, row.h), "left",
                    bold=won)
            x, w = table["name"]
            if table["face"]:
                self.draw_face(surface, self.faces[index] or name, pygame.Rect(row.x + x, row.y, table["face"], row.h),
                               won, u)
                shift = table["face"] + int(14 * u * k)
                x, w = x + shift, w - shift
            blit_in(surface, name, size, colour, pygame.Rect(row.x + x, row.y, w - int(8 * u), row.h), "left",
                    bold=won)
            for (x, w), cell in zip(table["cells"], cells):
                blit_in(surface, cell, size, colour, pygame.Rect(row.x + x, row.y, w, row.h), "center", bold=won)
            if won:
                x, w = table["crown"]
                spot = rising(crown_image.get_rect(center=(row.x + x + w // 2, row.centery)), row, rise)
                clip = surface.get_clip()
                surface.set_clip(row.clip(clip))
                surface.blit(crown_image, spot)
                surface.set_clip(clip)
        if ending.best:
            blit_in(surface, ending.best, theme.BODY * u * k, theme.GOOD, rects["best"], bold=True)
        for index, line in enumerate(self.lines):
            blit_in(surface, line, theme.SMALL * u * k, theme.TEXT_DIM, rects[("note", index)])
        for index, (rect, (label, _)) in enumerate(zip(layout["buttons"], self.buttons)):
            draw_button(surface, rect, label, u * k, primary=index == 0, focused=index == self.focus)
        self.celebration.draw_confetti(surface, self.game_scene.result_area(), u)

    @staticmethod
    def draw_face(surface: pygame.Surface, who, place: pygame.Rect, won: bool, u: float) -> None:
        """A row's portrait (`who` a character), or a human's initial (`who` their name),
        centred in `place` (as wide as it is), ringed in gold for a winner."""
        size = place.w
        spot = pygame.Rect(place.x, place.centery - size // 2, size, size)
        surface.blit(initial(who, size) if isinstance(who, str) else portrait(who, size), spot)
        ring = max(2, int(3 * u))
        pygame.draw.circle(surface, theme.ACCENT if won else theme.TEXT_DIM, spot.center, size // 2 + ring // 2, ring)
