"""Headless pygame for every test: no display, no sound device, a private data folder."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
# Compiled modules are cached (Python's default), also where the environment turns that off
# (PYTHONDONTWRITEBYTECODE): else each worker, and each of the many processes the tests start
# (computer players, phones, command lines), compiles every module it imports again.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
# A data folder of this process's own: each pytest-xdist worker gets another (a folder set by
# the process that started the workers would be shared by all of them), and a player's real
# SPELAVOND_HOME is never written by a test.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
os.environ["SPELAVOND_HOME"] = tempfile.mkdtemp(prefix=f"spelavond-test-{WORKER}-")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def no_disk_sync(request, monkeypatch):
    """A test's data folder is a temporary one: the store's writes do not wait for the disk to
    sync (4 to 10 ms a write on the machines measured), except in tests/test_store.py, which
    checks that they do."""
    if request.path.name != "test_store.py":
        from game import store
        monkeypatch.setattr(store, "_fsync", lambda fd: None)
        monkeypatch.setattr(store, "_fsync_folder", lambda folder: None)


@pytest.fixture(autouse=True)
def patient_workers(monkeypatch):
    """A computer player's worker counts as hung after 120 s of silence in the tests, not the
    game's 20 s: a test's verdict must not hang on the machine's speed, and a test process
    starved of CPU (a loaded machine, `nice`) took over 20 s of wall time for a hint that
    takes 2 s alone. The tests of the limit itself give theirs (tests/test_worker_recovery.py)."""
    from ai import worker
    monkeypatch.setattr(worker, "SILENCE_LIMIT", 120.0)


@pytest.fixture
def make_app(tmp_path):
    """Build a headless App with its own data folder; closed after the test."""
    from game.app import App, LaunchOptions

    apps = []

    def build(size=(1920, 1080), worker=False, data_dir=None, **options):
        app = App(LaunchOptions(headless=True, size=size, no_worker=not worker,
                                data_dir=str(data_dir or tmp_path), **options))
        apps.append(app)
        return app

    yield build
    for app in apps:
        app.close()
