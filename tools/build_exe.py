"""Build the packaged executable: `python tools/build_exe.py` -> dist/spelavond(.exe).

One file with the assets inside; the games and computer players are imported by name at
run time, so every module of `game` and `ai` is named as a hidden import (PyInstaller's
--collect-submodules imports the package in a subprocess that does not see this folder). User files live in
the user's folders (platformdirs), never beside the executable.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def our_modules() -> list[str]:
    """Every module of the game and the computer players (imported by name at run time)."""
    names = []
    for package in ("game", "ai"):
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def main() -> int:
    import PyInstaller.__main__

    separator = os.pathsep  # PyInstaller's --add-data uses ';' on Windows and ':' elsewhere
    PyInstaller.__main__.run([
        str(ROOT / "main.py"),
        "--name", "spelavond",
        "--onefile",
        "--windowed" if sys.platform in ("win32", "darwin") else "--console",
        "--noconfirm",
        "--clean",
        "--log-level", "WARN",
        "--distpath", str(ROOT / "dist"),
        "--workpath", str(ROOT / "build"),
        "--specpath", str(ROOT / "build"),
        "--add-data", f"{ROOT / 'assets'}{separator}assets",
        "--paths", str(ROOT),
        *[argument for name in our_modules() for argument in ("--hidden-import", name)],
    ])
    return 0


if __name__ == "__main__":
    sys.exit(main())
