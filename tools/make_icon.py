"""Draw the program's icon: `python tools/make_icon.py` writes assets/icon/ (`--out DIR`: elsewhere).

A card with a red heart and a Quarto piece on the felt of the card tables, drawn by code like
everything else in the game (the heart is the cards' own pip, the piece the Quarto screen's
own drawing, the colours the theme's). Every size is drawn on its own, several times larger
and smoothly scaled down, so it is sharp from 16 to 1024 pixels; below 48 pixels the thin
gold rim is left out, as it would only blur the edge.

    assets/icon/spelavond.png    256 px: the window's icon, and the Linux program's
    assets/icon/spelavond.ico    Windows: 16 to 256 px, each image PNG data (Vista and later)
    assets/icon/spelavond.icns   macOS: 16 to 1024 px, PNG data in the icp4/icp5/ic07..ic14 types

ICO and ICNS both take PNG images as they are, so neither needs an image library beyond
pygame. The files are committed, so a build does not need this script; tests/test_release.py
checks they are what it draws.
"""
from __future__ import annotations

import argparse
import io
import math
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.quarto import rules as quarto  # noqa: E402
from game.quarto.scene import piece_image  # noqa: E402
from game.ui import cards, theme  # noqa: E402

FOLDER = ROOT / "assets" / "icon"
PNG_SIZE = 256
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS types that hold PNG data, and their pixel sizes (the @2x types repeat a size)
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("ic11", 32), ("ic12", 64), ("ic07", 128), ("ic13", 256),
              ("ic08", 256), ("ic14", 512), ("ic09", 512), ("ic10", 1024))
PIECE = quarto.DARK | quarto.TALL | quarto.HOLLOW   # dark, round, tall and hollow: Quarto at a glance


def draw(size: int) -> pygame.Surface:
    """The icon, `size` pixels square, with a transparent outside."""
    ss = max(2, min(8, math.ceil(512 / size)))   # draw this many times larger, then scale down
    big = size * ss
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    canvas.fill((*theme.FELT_DARK, 0))
    margin = round(big * (0.06 if size >= 128 else 0.02))
    tile = pygame.Rect(margin, margin, big - 2 * margin, big - 2 * margin)
    radius = round(tile.w * 0.2)
    pygame.draw.rect(canvas, theme.FELT_DARK, tile, border_radius=radius)
    pygame.draw.rect(canvas, theme.FELT, tile.inflate(-tile.w * 0.07, -tile.w * 0.07),
                     border_radius=round(radius * 0.85))
    if size >= 48:
        pygame.draw.rect(canvas, theme.ACCENT_DARK, tile.inflate(-tile.w * 0.035, -tile.w * 0.035),
                         max(1, round(tile.w * 0.012)), border_radius=round(radius * 0.92))

    # the card, leaning a little to the left
    card_w = round(tile.w * 0.5)
    card = pygame.Surface(cards.card_size(card_w), pygame.SRCALPHA)
    card.fill((*cards.EDGE, 0))
    card_rect = card.get_rect()
    corner = round(card_w * 0.1)
    pygame.draw.rect(card, cards.EDGE, card_rect, border_radius=corner)
    pygame.draw.rect(card, cards.PAPER, card_rect.inflate(-card_w * 0.05, -card_w * 0.05), border_radius=corner)
    heart = cards.pip("H", round(card_w * 0.66), cards.RED)
    card.blit(heart, heart.get_rect(center=card_rect.center))
    card = pygame.transform.rotozoom(card, 9, 1)
    canvas.blit(card, card.get_rect(center=(tile.x + tile.w * 0.41, tile.y + tile.h * 0.45)))

    # the piece, standing in front of the card's lower right corner
    piece = piece_image(PIECE, round(tile.w * 0.56))
    canvas.blit(piece, piece.get_rect(bottomright=(tile.x + tile.w * 0.97, tile.y + tile.h * 0.93)))
    return pygame.transform.smoothscale(canvas, (size, size))


def png(surface: pygame.Surface) -> bytes:
    data = io.BytesIO()
    pygame.image.save(surface, data, "icon.png")
    return data.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    """An ICO file of PNG images: a directory entry each (a width of 0 means 256)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = [], []
    for size, data in sorted(images.items()):
        entries.append(struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def icns(images: dict[int, bytes]) -> bytes:
    """An ICNS file: 'icns' and the file's length, then per type its code, length and PNG data."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(images[size])) + images[size]
                    for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def icon_files() -> dict[str, bytes]:
    """The three files, by name, as this script draws them."""
    sizes = sorted({PNG_SIZE, *ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    images = {size: png(draw(size)) for size in sizes}
    return {"spelavond.png": images[PNG_SIZE],
            "spelavond.ico": ico({size: images[size] for size in ICO_SIZES}),
            "spelavond.icns": icns(images)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=FOLDER, help="the folder to write into")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    for name, data in icon_files().items():
        (out / name).write_bytes(data)
        print(f"{name}: {len(data) / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
