"""Render every card face, the backs and the helpers on green felt into PNG sheets, to look at.

    python tools/card_sheet.py                      # widths 40, 90, 220 -> card-sheets/cards_<w>.png
    python tools/card_sheet.py --widths 30 60 --four-colour --out sheets
    python tools/card_sheet.py --timing             # also print render times per width

Runs headless (SDL dummy video driver); nothing is shown on screen.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.cards import SUITS, Card  # noqa: E402
from game.ui import cards as ui_cards  # noqa: E402

FELT = (22, 96, 54)


def felt(surface: pygame.Surface) -> None:
    surface.fill(FELT)
    # a faint vignette so it reads as a table
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    for i in range(12):
        pygame.draw.rect(shade, (0, 0, 0, 6), shade.get_rect().inflate(-i * w // 24, -i * h // 24),
                         max(1, w // 48))
    surface.blit(shade, (0, 0))


def sheet(width: int, four_colour: bool = False) -> pygame.Surface:
    w, h = ui_cards.card_size(width)
    gap = max(6, w // 6)
    cols = 13
    rows = 4 + 2  # four suits, a row of backs/slots/outline and a fanned hand
    sw = gap + cols * (w + gap)
    sh = gap + rows * (h + gap)
    surf = pygame.Surface((sw, sh))
    felt(surf)
    for r, suit in enumerate(SUITS):
        for c in range(13):
            ui_cards.draw_card(surf, Card(c + 1, suit), (gap + c * (w + gap), gap + r * (h + gap)),
                               w, four_colour=four_colour)
    y = gap + 4 * (h + gap)
    ui_cards.draw_card(surf, None, (gap, y), w)
    ui_cards.draw_card(surf, None, (gap + (w + gap), y), w, back_colour="red")
    ui_cards.draw_slot(surf, (gap + 2 * (w + gap), y), w)
    ui_cards.draw_slot(surf, (gap + 3 * (w + gap), y), w, label="K")
    sel = ui_cards.draw_card(surf, Card(12, "H"), (gap + 4 * (w + gap), y), w,
                             four_colour=four_colour)
    ui_cards.outline(surf, sel, (255, 214, 64))
    tgt = ui_cards.draw_slot(surf, (gap + 5 * (w + gap), y), w)
    ui_cards.outline(surf, tgt, (120, 230, 255, 170))
    # a column (as a tableau pile) in the rest of the row
    col_area = pygame.Rect(gap + 6 * (w + gap), y, w, h + gap + h)
    for rect, card in zip(ui_cards.fan_positions(5, col_area, w, direction="down"),
                          [Card(13, "S"), Card(12, "H"), Card(11, "C"), Card(10, "D"),
                           Card(9, "S")]):
        ui_cards.draw_card(surf, card, rect, four_colour=four_colour)
    # a fanned hand
    area = pygame.Rect(gap + 7 * (w + gap), y + h + gap, 6 * (w + gap) - gap, h)
    hand = [Card(1, "S"), Card(13, "H"), Card(12, "H"), Card(11, "D"), Card(10, "C"),
            Card(7, "C"), Card(5, "D"), Card(3, "S"), Card(2, "H"), Card(8, "D"),
            Card(12, "S"), Card(4, "C")]
    for rect, card in zip(ui_cards.fan_positions(len(hand), area, w), hand):
        ui_cards.draw_card(surf, card, rect, four_colour=four_colour)
    area2 = pygame.Rect(gap, y + h + gap, 6 * (w + gap) - gap, h)
    for rect in ui_cards.fan_positions(8, area2, w, align="start"):
        ui_cards.draw_card(surf, None, rect)
    return surf


def timing(width: int, repeats: int = 5) -> tuple[float, float, float]:
    """(ms for the first card at a new width incl. shared parts, ms per card for all 53 at a
    fresh width, µs per cached draw_card with its shadow on a 1920x1080 frame). Each is the
    best of `repeats` runs, so that other processes on the machine disturb it less."""
    firsts, per_cards, blits = [], [], []
    target = pygame.Surface((1920, 1080))
    for _ in range(repeats):
        ui_cards.clear_cache()
        t0 = time.perf_counter()
        ui_cards.face(Card(5, "H"), width)
        firsts.append((time.perf_counter() - t0) * 1000)
        ui_cards.clear_cache()
        t0 = time.perf_counter()
        for suit in SUITS:
            for rank in range(1, 14):
                ui_cards.face(Card(rank, suit), width)
        ui_cards.back(width)
        per_cards.append((time.perf_counter() - t0) * 1000 / 53)
        for _ in range(3):  # a frame of 60 cached cards, drawn a few times
            t0 = time.perf_counter()
            for i in range(60):
                ui_cards.draw_card(target, Card(i % 13 + 1, SUITS[i % 4]),
                                   (i * 25 % 1700, i * 7 % 800), width)
            blits.append((time.perf_counter() - t0) * 1e6 / 60)
    return min(firsts), min(per_cards), min(blits)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--widths", type=int, nargs="+", default=[40, 90, 220])
    parser.add_argument("--out", default="card-sheets")
    parser.add_argument("--four-colour", action="store_true")
    parser.add_argument("--timing", action="store_true")
    args = parser.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1920, 1080))  # cards convert to the display's pixel format
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for width in args.widths:
        name = out / f"cards_{width}{'_4c' if args.four_colour else ''}.png"
        pygame.image.save(sheet(width, args.four_colour), str(name))
        print(name)
    if args.timing:
        print("width  first-card ms  ms/card (53 fresh)  µs per cached draw (with shadow)")
        for width in args.widths:
            first, per_card, blit = timing(width)
            print(f"{width:5d}  {first:12.2f}  {per_card:18.2f}  {blit:10.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
