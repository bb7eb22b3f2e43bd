"""Every face of the cast on one contact sheet, at the size a seat's plate shows it at
960x540, at 1920x1080 and in couch mode (read from a real table's layout), and large, on the
felt, to judge as a player would: does a beard read as a beard at plate size?

    python tools/face_sheet.py [--out faces.png]

Runs headless (SDL dummy video driver); nothing is shown on screen.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.characters import CAST, name_of  # noqa: E402
from game.ui import theme  # noqa: E402
from game.ui.portraits import portrait  # noqa: E402
from game.ui.text import blit_in  # noqa: E402

CONFIGS = {"960x540": ((960, 540), False), "1920x1080": ((1920, 1080), False), "couch": ((1920, 1080), True)}
LARGE = 160


def plate_sizes() -> dict:
    """The portrait's side on a Kingen table's plates in each configuration."""
    import tempfile

    from game.app import App, LaunchOptions, open_scene
    from game.ui.table.seats import portrait_size
    sizes = {}
    for name, (size, couch) in CONFIGS.items():
        app = App(LaunchOptions(headless=True, size=size, couch=couch, no_worker=True,
                                data_dir=tempfile.mkdtemp(prefix="spelavond-faces-")))
        try:
            app.store.settings["last_setup"]["kingen"] = {"players": 4, "seats": ["human"] + ["hard"] * 3}
            open_scene(app, "game:kingen", 1)
            plate = app.top.layout().plates[1]
            sizes[name] = portrait_size(plate, app.u)
        finally:
            app.close()
    return sizes


def sheet(sizes: dict) -> pygame.Surface:
    gap, label, cell = 24, 28, 170          # a column at least `cell` wide, for its heading
    columns = list(sizes.values()) + [LARGE]
    width = gap + sum(max(side, cell) + gap for side in columns) + 120
    row = max(columns) + gap
    surface = pygame.Surface((width, label + gap + row * len(CAST)))
    surface.fill(theme.FELT)
    x = 120 + gap
    for heading, side in zip(list(sizes) + ["large"], columns):
        blit_in(surface, f"{heading} ({side} px)", 16, theme.TEXT, pygame.Rect(x, gap // 2, max(side, cell), label))
        x += max(side, cell) + gap
    for index, character in enumerate(CAST):
        top = label + gap + index * row
        blit_in(surface, name_of(character), 20, theme.TEXT, pygame.Rect(gap, top, 100, LARGE))
        x = 120 + gap
        for side in columns:
            surface.blit(portrait(character, side), (x + (max(side, cell) - side) // 2, top + (LARGE - side) // 2))
            x += max(side, cell) + gap
    return surface


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/face_sheet.py", description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="faces.png")
    args = parser.parse_args(argv)
    pygame.init()
    sizes = plate_sizes()
    pygame.image.save(sheet(sizes), args.out)
    print(f"{args.out}: {len(CAST)} faces at {', '.join(f'{name} {side} px' for name, side in sizes.items())}"
          f" and {LARGE} px")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
