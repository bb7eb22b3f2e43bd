"""Colours and sizes shared by every screen, so the games look like one product."""
from __future__ import annotations

FELT = (22, 92, 58)
FELT_DARK = (14, 64, 40)
BACKGROUND = (24, 30, 40)
PANEL = (34, 42, 56)
PANEL_LIGHT = (52, 62, 80)
TEXT = (238, 238, 232)
TEXT_DIM = (170, 178, 190)
ACCENT = (246, 196, 70)       # the focus cursor and highlights: gold, visible on felt and panels
ACCENT_DARK = (150, 112, 20)
GOOD = (110, 210, 120)
BAD = (236, 96, 84)
LEGAL = (120, 200, 255)       # legal targets
OVERLAY_SHADE = (0, 0, 0, 150)

# Font sizes in pixels at 1080p and UI scale 1; multiplied by the app's unit.
TITLE = 84
HEADING = 48
BODY = 34
SMALL = 28
TINY = 24
