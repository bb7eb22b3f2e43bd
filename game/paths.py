"""Where the bundled assets are: beside the code, or inside a PyInstaller bundle."""
from __future__ import annotations

import sys
from pathlib import Path


def app_root() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)  # PyInstaller unpacks the one-file build here
    return Path(bundle) if bundle else Path(__file__).resolve().parent.parent


def asset(*parts: str) -> Path:
    return app_root().joinpath("assets", *parts)
