"""Build the packaged executable: `python tools/build_exe.py` -> dist/spelavond(.exe).

One file with the assets inside; the games and computer players are imported by name at
run time, so every submodule of `game` and `ai` is collected explicitly. User files live in
the user's folders (platformdirs), never beside the executable.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
        "--collect-submodules", "game",
        "--collect-submodules", "ai",
        "--paths", str(ROOT),
    ])
    return 0


if __name__ == "__main__":
    sys.exit(main())
