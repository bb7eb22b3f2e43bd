"""Build the packaged program with PyInstaller: `python tools/build_exe.py`.

PyInstaller does not cross-compile, so each platform builds on its own machine (the release
workflow, .github/workflows/release.yml, runs this script on a Windows, a macOS and a Linux
runner). What differs between the platforms is data, in `PLATFORMS`:

- Windows: one folder, `dist/spelavond/spelavond.exe` beside its `_internal` folder, windowed
  (no console window opens), zipped as `spelavond-windows.zip`. Not one file: a one-file
  program unpacks all of Python and SDL into a temporary folder at every start, which makes
  it start slower (see Linux below), and an unsigned program that writes DLLs into a
  temporary folder and runs them is what virus scanners flag more readily.
- macOS: an application bundle, `dist/Spelavond.app` (windowed; a bundle is one folder by
  nature, and PyInstaller discourages one-file .app bundles), zipped with `ditto -c -k
  --keepParent`, which keeps the bundle's symbolic links and metadata, as
  `spelavond-macos.zip`.
- Linux: one folder too, `dist/spelavond/spelavond`, a console program (a Linux program has
  no console window to hide), packed with its executable bits as `spelavond-linux.tar.gz`.
  Measured here: the one-file build took a median 1.06 s from start to exit for one headless
  frame against 0.38 s for the one-folder build (2.6 times as long, run in turn 15 times
  each); the difference is the unpacking, time a player waits at every start.

Icons are drawn by the project (`tools/make_icon.py`): .ico for Windows, .icns for macOS; a
Linux program carries no icon of its own (the window sets `assets/icon/spelavond.png`).

The assets travel inside the build; the games and computer players are imported by name at
run time, so every module of `game` and `ai` is named as a hidden import (PyInstaller's
--collect-submodules imports the package in a subprocess that does not see this folder).
User files live in the user's folders (platformdirs), never beside the program. `main.py`
calls `multiprocessing.freeze_support()` first thing, so the computer-player worker starts
in the packaged program too.

    python tools/build_exe.py                  # build for this machine
    python tools/build_exe.py --archive        # then pack it for the release
    python tools/build_exe.py --start-path     # print the program to start (relative path)
    python tools/build_exe.py --platform windows --print-command   # PyInstaller's arguments
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Platform:
    name: str             # PyInstaller's --name: the program's (and the .app's) name
    icon: str             # the icon file, relative to the project
    onefile: bool         # one file, or one folder (with an `_internal` folder beside the program)
    windowed: bool        # no console window; on macOS this makes the .app bundle
    start: str            # the program to start after the build, relative to the project
    packed: str           # what goes into the release archive, relative to the project
    archive: str          # the release archive's file name, written into dist/
    packer: str           # how: "tar.gz" (keeps executable bits), "zip", or "ditto" (macOS's zip,
                          # which keeps a bundle's symbolic links and metadata)
    bundle_id: str = ""   # macOS: the bundle identifier (reverse-DNS)
    embed_icon: bool = True  # whether PyInstaller puts the icon into the program


PLATFORMS = {
    "linux": Platform(name="spelavond", icon="assets/icon/spelavond.png", onefile=False, windowed=False,
                      start="dist/spelavond/spelavond", packed="dist/spelavond",
                      archive="spelavond-linux.tar.gz", packer="tar.gz", embed_icon=False),
    "windows": Platform(name="spelavond", icon="assets/icon/spelavond.ico", onefile=False, windowed=True,
                        start="dist/spelavond/spelavond.exe", packed="dist/spelavond",
                        archive="spelavond-windows.zip", packer="zip"),
    "macos": Platform(name="Spelavond", icon="assets/icon/spelavond.icns", onefile=False, windowed=True,
                      start="dist/Spelavond.app/Contents/MacOS/Spelavond", packed="dist/Spelavond.app",
                      archive="spelavond-macos.zip", packer="ditto", bundle_id="io.github.spelavond"),
}


def this_platform() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


def our_modules() -> list[str]:
    """Every module of the game and the computer players (imported by name at run time)."""
    names = []
    for package in ("game", "ai"):
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def pyinstaller_arguments(platform: str) -> list[str]:
    """PyInstaller's command line for `platform` ("linux", "windows" or "macos")."""
    spec = PLATFORMS[platform]
    separator = ";" if platform == "windows" else ":"  # --add-data's separator is os.pathsep there
    arguments = [
        str(ROOT / "main.py"),
        "--name", spec.name,
        "--onefile" if spec.onefile else "--onedir",
        "--windowed" if spec.windowed else "--console",
        "--noconfirm",
        "--clean",
        "--log-level", "WARN",
        "--distpath", str(ROOT / "dist"),
        "--workpath", str(ROOT / "build"),
        "--specpath", str(ROOT / "build"),
        "--add-data", f"{ROOT / 'assets'}{separator}assets",
        "--paths", str(ROOT),
    ]
    if spec.embed_icon:
        arguments += ["--icon", str(ROOT / spec.icon)]
    if spec.bundle_id:
        arguments += ["--osx-bundle-identifier", spec.bundle_id]
    return arguments + [argument for name in our_modules() for argument in ("--hidden-import", name)]


def build(platform: str) -> None:
    import PyInstaller.__main__

    PyInstaller.__main__.run(pyinstaller_arguments(platform))
    started = ROOT / PLATFORMS[platform].start
    if not started.is_file():
        raise SystemExit(f"build_exe: PyInstaller made no {PLATFORMS[platform].start}")


def pack(platform: str) -> Path:
    """The release archive of the build, in dist/: the program folder or file at its top."""
    spec = PLATFORMS[platform]
    packed, archive = ROOT / spec.packed, ROOT / "dist" / spec.archive
    archive.unlink(missing_ok=True)
    if spec.packer == "tar.gz":
        with tarfile.open(archive, "w:gz") as tar:
            tar.add(packed, arcname=packed.name)
    elif spec.packer == "ditto":
        subprocess.run(["ditto", "-c", "-k", "--keepParent", str(packed), str(archive)], check=True)
    else:
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
            for path in sorted([packed, *packed.rglob("*")]):
                zipped.write(path, path.relative_to(packed.parent).as_posix())
    return archive


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Build the packaged program with PyInstaller.")
    parser.add_argument("--platform", choices=sorted(PLATFORMS), default=this_platform(),
                        help="the platform whose settings to use (default: this machine's)")
    parser.add_argument("--print-command", action="store_true",
                        help="print PyInstaller's arguments, one a line, and build nothing")
    parser.add_argument("--start-path", action="store_true",
                        help="print the program to start after the build (relative to the project)")
    parser.add_argument("--archive", action="store_true",
                        help="after the build, write the release archive into dist/ and print its path")
    parser.add_argument("--no-build", action="store_true", help="with --archive: pack the existing build")
    args = parser.parse_args(argv)
    if args.print_command:
        print("\n".join(pyinstaller_arguments(args.platform)))
        return 0
    if args.start_path:
        print(PLATFORMS[args.platform].start)
        return 0
    if args.platform != this_platform():
        parser.error(f"PyInstaller builds for the machine it runs on ({this_platform()}), not {args.platform}")
    if not args.no_build:
        build(args.platform)
    if args.archive:
        print(pack(args.platform).relative_to(ROOT).as_posix())
    return 0


if __name__ == "__main__":
    sys.exit(main())
