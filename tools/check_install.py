"""Check the installed program as a player gets it: `python tools/check_install.py`.

Builds the wheel, checks what it holds (one top-level name, `spelavond`; every module of
`game` and `ai`; every asset), installs it into a fresh virtual environment and starts the
installed `spelavond` command headless from another folder, with its own data folder and
two computer seats, so the computer-player worker must start from the installed package
too. Exits non-zero with the reason on the first thing that is wrong. Used by CI.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSET_FOLDERS = ("fonts", "i18n", "icon", "phone", "rules", "sounds")   # assets/screenshots is for the README only


def fail(message: str) -> None:
    print(f"check_install: {message}", file=sys.stderr)
    sys.exit(1)


def run(command: list, **options) -> subprocess.CompletedProcess:
    result = subprocess.run([str(part) for part in command], capture_output=True, text=True, **options)
    if result.returncode != 0:
        fail(f"{' '.join(map(str, command))} exited {result.returncode}\n{result.stdout}\n{result.stderr}")
    return result


def build_wheel(folder: Path) -> Path:
    run([sys.executable, "-m", "pip", "wheel", ROOT, "--no-deps", "--quiet", "--wheel-dir", folder])
    wheels = list(folder.glob("spelavond-*.whl"))
    if len(wheels) != 1:
        fail(f"expected one wheel in {folder}, found {wheels}")
    return wheels[0]


def expected_files() -> set[str]:
    """What the wheel must hold, named as installed (under spelavond/)."""
    names = {"spelavond/main.py"}
    for package in ("game", "ai"):
        names |= {f"spelavond/{path.relative_to(ROOT).as_posix()}" for path in (ROOT / package).rglob("*.py")}
    for folder in ASSET_FOLDERS:
        names |= {f"spelavond/{path.relative_to(ROOT).as_posix()}"
                  for path in (ROOT / "assets" / folder).rglob("*") if path.is_file()}
    return names


def check_contents(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        names = [name for name in archive.namelist() if not name.endswith("/")]
    top_level = {name.split("/")[0] for name in names if ".dist-info/" not in name}
    if top_level != {"spelavond"}:
        fail(f"the wheel installs these top-level names: {sorted(top_level)}; only 'spelavond' is ours")
    ours = {name for name in names if ".dist-info/" not in name}
    missing, extra = expected_files() - ours, ours - expected_files()
    if missing:
        fail(f"the wheel lacks {len(missing)} files, such as {sorted(missing)[:5]}")
    if extra:  # setuptools keeps old copies in build/lib: a module deleted here would live on
        fail(f"the wheel holds files the source does not have (remove the build/ folder): {sorted(extra)[:5]}")
    return names


def install(wheel: Path, folder: Path) -> Path:
    venv.create(folder, with_pip=True)
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    run([python, "-m", "pip", "install", "--quiet", wheel])
    command = folder / ("Scripts/spelavond.exe" if os.name == "nt" else "bin/spelavond")
    if not command.exists():
        fail(f"the install made no {command}")
    return command


def start(command: Path, work: Path) -> float:
    """Start the installed program from an unrelated folder, computer against computer."""
    home, elsewhere = work / "home", work / "elsewhere"
    home.mkdir()
    elsewhere.mkdir()
    (home / "settings.json").write_text(json.dumps({
        "computer_pace": "instant",
        "last_setup": {"quarto": {"players": 2, "seats": ["random", "random"], "options": {"games": 10}}}}))
    shot = work / "installed.png"
    env = {**os.environ, "SPELAVOND_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("PYTHONPATH", None)  # nothing from the source folder may help
    began = time.perf_counter()
    run([command, "--headless", "--frames", "600", "--scene", "game:quarto", "--screenshot", shot],
        cwd=elsewhere, env=env, timeout=300)
    seconds = time.perf_counter() - began
    if not shot.exists() or shot.stat().st_size < 10_000:
        fail("the installed program wrote no screenshot")
    saved = home / "current_game.json"
    moves = json.loads(saved.read_text())["moves"] if saved.exists() else []
    if len(moves) < 2:
        fail(f"the computer seats made {len(moves)} moves: the worker did not answer from the installed package")
    return seconds


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="spelavond-install-") as folder:
        work = Path(folder)
        wheel = build_wheel(work / "wheel")
        names = check_contents(wheel)
        command = install(wheel, work / "venv")
        seconds = start(command, work)
        print(f"wheel {wheel.name}: {wheel.stat().st_size / 1024:.0f} KiB, {len(names)} files, "
              f"one top-level name (spelavond); installed into a fresh venv and started from another "
              f"folder ({seconds:.1f} s, computer seats answered)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
