"""Where the bundled assets are: beside the `game` package, or inside a PyInstaller bundle.

From the source folder `assets/` is beside `game/`; installed from the wheel (pip, pipx) it
is package data of `spelavond`, again beside `game/` in `site-packages/spelavond/` (see
setup.py). So the assets are found through the package's own location, never through the
current folder. pygame opens fonts and sounds by file name, so the files must be real files:
pip always unpacks a wheel, and the one-file executable unpacks itself to `sys._MEIPASS`.
"""
from __future__ import annotations

import sys
from pathlib import Path


def app_root() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)  # PyInstaller unpacks the one-file build here
    return Path(bundle) if bundle else Path(__file__).resolve().parent.parent


def asset(*parts: str) -> Path:
    return app_root().joinpath("assets", *parts)
