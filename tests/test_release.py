"""The release builds: the workflow (.github/workflows/release.yml), the platform table of
tools/build_exe.py, and the icon drawn by tools/make_icon.py. Windows and macOS builds run only
on GitHub's runners; what can be checked here is that the three are described completely and
consistently, and that the Linux job builds and starts the program as .ci/run does."""
from __future__ import annotations

import io
import re
import struct
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_exe  # noqa: E402
import make_icon  # noqa: E402

WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
ICON_FORMAT = {"linux": ".png", "windows": ".ico", "macos": ".icns"}
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


# -- the workflow (its schema and actionlint: tests/test_workflow.py) -----------------------
def matrix() -> dict[str, dict[str, str]]:
    """The build job's matrix entries, by platform (read from the text: no YAML library here)."""
    entries, current = {}, None
    for line in WORKFLOW.read_text(encoding="utf-8").splitlines():
        started = re.match(r"\s+- platform: (\w+)$", line)
        if started:
            current = entries.setdefault(started.group(1), {})
        elif current is not None and (pair := re.match(r"\s{12}(\w+): (.+)$", line)):
            current[pair.group(1)] = pair.group(2)
        elif current is not None and not line.lstrip().startswith("#"):
            current = None
    return entries


def build_job_commands(platform: str) -> list[str]:
    """Every line of the build job's `run:` scripts, as the platform's runner runs them."""
    text = WORKFLOW.read_text(encoding="utf-8")
    job = text[text.index("\n  build:"):text.index("\n  release:")]
    commands, block = [], None
    for line in job.splitlines():
        indent = len(line) - len(line.lstrip())
        if block is not None and (indent > block or not line.strip()):
            commands.append(line.strip())
            continue
        block = None
        run = re.match(r"\s+(?:- )?run: (.*)$", line)
        if run:
            if run.group(1) == "|":
                block = indent
            else:
                commands.append(run.group(1).strip())
    values = matrix()[platform]
    return [re.sub(r"\$\{\{ matrix\.(\w+) \}\}", lambda m: values[m.group(1)], command)
            for command in commands if command and not command.startswith("#")]


def ci_build_commands() -> list[str]:
    """The lines of .ci/run that build the packaged program and start it."""
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    first = lines.index('python -m pip install -q -e ".[build]"')
    return [line for line in lines[first:] if line and not line.startswith(("#", "echo"))]


def same_start(command: str) -> str:
    """A start command with its screenshot file left out (CI and the workflow each pick one)."""
    return re.sub(r'--screenshot ("[^"]*"|\S+)', "--screenshot FILE", command)


def test_the_linux_job_builds_and_starts_the_program_as_ci_does():
    ci = [same_start(command) for command in ci_build_commands()]
    linux = [same_start(command) for command in build_job_commands("linux")]
    assert len(ci) == 3, ci  # install, build, start
    assert [command for command in linux if command in ci] == ci


def test_the_workflow_builds_every_platform_of_the_table():
    entries = matrix()
    assert set(entries) == set(build_exe.PLATFORMS)
    for name, spec in build_exe.PLATFORMS.items():
        assert entries[name]["start"] == f"./{spec.start}", name
        assert entries[name]["archive"] == spec.archive, name
        starts = [command for command in build_job_commands(name) if "--headless" in command]
        assert starts and all(f"./{spec.start} --headless --frames 120 --screenshot" in command
                              for command in starts), starts
    text = WORKFLOW.read_text(encoding="utf-8")
    assert re.search(r'tags: \["v\*"\]', text)
    assert 'python-version: "3.11"' in text
    assert "SDL_VIDEODRIVER: dummy" in text and "SDL_AUDIODRIVER: dummy" in text
    assert 'SPELAVOND_HOME="$(mktemp -d)"' in text
    # a windowed build prints nothing: the start is judged by its exit status and its screenshot
    assert 'test -s "$shot"' in text
    assert "ubuntu" in entries["linux"]["os"] and "windows" in entries["windows"]["os"]
    assert "macos" in entries["macos"]["os"]


# -- the platform table and PyInstaller's arguments -------------------------------------------
def test_the_platform_table_describes_each_platform():
    assert set(build_exe.PLATFORMS) == {"linux", "windows", "macos"}
    for name, spec in build_exe.PLATFORMS.items():
        assert spec.name and spec.start.startswith("dist/") and spec.packed.startswith("dist/")
        icon = ROOT / spec.icon
        assert icon.parent == ROOT / "assets" / "icon" and icon.suffix == ICON_FORMAT[name], spec.icon
        assert icon.is_file(), spec.icon
        assert spec.archive.startswith(f"spelavond-{name}.")
        assert spec.start == spec.packed or spec.start.startswith(spec.packed + "/")
    linux, windows, macos = (build_exe.PLATFORMS[name] for name in ("linux", "windows", "macos"))
    assert not linux.windowed and not linux.embed_icon and linux.archive.endswith(".tar.gz")
    assert windows.windowed and windows.start.endswith(".exe") and windows.archive.endswith(".zip")
    assert macos.windowed and macos.packed.endswith(".app") and macos.archive.endswith(".zip")
    assert (linux.packer, windows.packer, macos.packer) == ("tar.gz", "zip", "ditto")
    assert macos.start == f"{macos.packed}/Contents/MacOS/{macos.name}"
    assert re.fullmatch(r"[a-z]+(\.[a-z0-9-]+)+", macos.bundle_id), macos.bundle_id
    assert not linux.bundle_id and not windows.bundle_id


def option(arguments: list[str], name: str) -> str | None:
    return arguments[arguments.index(name) + 1] if name in arguments else None


@pytest.mark.parametrize("platform", ["linux", "windows", "macos"])
def test_pyinstaller_gets_the_platforms_flags(platform):
    spec = build_exe.PLATFORMS[platform]
    arguments = build_exe.pyinstaller_arguments(platform)
    assert arguments[0] == str(ROOT / "main.py")
    assert option(arguments, "--name") == spec.name
    assert ("--onefile" in arguments) == spec.onefile and ("--onedir" in arguments) != spec.onefile
    assert ("--windowed" in arguments) == spec.windowed and ("--console" in arguments) != spec.windowed
    assert option(arguments, "--icon") == (str(ROOT / spec.icon) if spec.embed_icon else None)
    assert option(arguments, "--osx-bundle-identifier") == (spec.bundle_id or None)
    separator = ";" if platform == "windows" else ":"
    assert option(arguments, "--add-data") == f"{ROOT / 'assets'}{separator}assets"
    hidden = {arguments[i + 1] for i, argument in enumerate(arguments) if argument == "--hidden-import"}
    assert {"game.quarto.scene", "ai.worker", "game.ui"} <= hidden


def test_the_script_prints_the_command_and_the_program_to_start(capsys):
    assert build_exe.main(["--platform", "windows", "--print-command"]) == 0
    assert capsys.readouterr().out.splitlines() == build_exe.pyinstaller_arguments("windows")
    assert build_exe.main(["--platform", "macos", "--start-path"]) == 0
    assert capsys.readouterr().out.strip() == build_exe.PLATFORMS["macos"].start


def test_the_script_refuses_to_build_for_another_platform(capsys):
    other = next(name for name in build_exe.PLATFORMS if name != build_exe.this_platform())
    with pytest.raises(SystemExit):
        build_exe.main(["--platform", other])
    assert "not " + other in capsys.readouterr().err


def test_main_calls_freeze_support_first():
    """The worker process of a packaged build starts main.py again: freeze_support() must run
    before anything else in main()."""
    source = (ROOT / "main.py").read_text(encoding="utf-8")
    body = source[source.index("def main("):].splitlines()[1:]
    assert body[0].strip() == "multiprocessing.freeze_support()"


# -- the icon ---------------------------------------------------------------------------------
def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def ico_images(data: bytes) -> dict[int, bytes]:
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    images = {}
    for number in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * number:22 + 16 * number])
        assert offset + length <= len(data) and (planes, bits) == (1, 32)
        image = data[offset:offset + length]
        assert png_size(image) == (width or 256, height or 256)
        images[width or 256] = image
    return images


def icns_images(data: bytes) -> dict[str, bytes]:
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    images, at = {}, 8
    while at < len(data):
        kind, length = data[at:at + 4].decode("ascii"), struct.unpack(">I", data[at + 4:at + 8])[0]
        assert length > 8 and at + length <= len(data)
        images[kind] = data[at + 8:at + length]
        at += length
    assert at == len(data)
    return images


def test_the_icon_files_are_valid():
    folder = ROOT / "assets" / "icon"
    image = pygame.image.load(str(folder / "spelavond.png"))
    assert image.get_size() == (make_icon.PNG_SIZE,) * 2 and image.get_flags() & pygame.SRCALPHA
    ico = ico_images((folder / "spelavond.ico").read_bytes())
    assert sorted(ico) == sorted(make_icon.ICO_SIZES) and {16, 32, 48, 256} <= set(ico)
    icns = icns_images((folder / "spelavond.icns").read_bytes())
    assert {kind: png_size(data) for kind, data in icns.items()} == {
        kind: (size, size) for kind, size in make_icon.ICNS_TYPES}
    assert {"ic07", "ic08", "ic09", "ic10"} <= set(icns)


def difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """The mean difference of two images of one size, 0 to 255 a channel."""
    over, under = a.copy(), b.copy()
    over.blit(b, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    under.blit(a, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    over.blit(under, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return max(pygame.transform.average_color(over, consider_alpha=False))


def icon_images(folder: Path) -> dict[tuple, bytes]:
    """Every image of the three icon files in `folder`, by file and size or type."""
    images = {("png", 0): (folder / "spelavond.png").read_bytes()}
    images |= {("ico", size): data for size, data in ico_images((folder / "spelavond.ico").read_bytes()).items()}
    images |= {("icns", kind): data for kind, data in icns_images((folder / "spelavond.icns").read_bytes()).items()}
    return images


def test_the_committed_icon_is_what_make_icon_draws(tmp_path):
    """Regenerated, every image is the same picture (bytes may differ with the PNG library's
    version, so the pixels are compared); after changing the drawing, run tools/make_icon.py."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "make_icon.py"), "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    drawn, committed = icon_images(tmp_path), icon_images(ROOT / "assets" / "icon")
    assert drawn.keys() == committed.keys()
    for key, data in drawn.items():
        new, old = (pygame.image.load(io.BytesIO(image), "icon.png") for image in (data, committed[key]))
        assert new.get_size() == old.get_size(), key
        assert difference(new, old) < 1.0, f"{key}: the icon changed; run python tools/make_icon.py"
