"""Which processes a test's process started, and whether they still run (Linux: /proc)."""
import os
import sys
import time
from pathlib import Path

import pytest

needs_proc = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc to find child processes")


def running(pid: int) -> bool:
    """Alive and not a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] not in ("Z", "X")


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def wait_until_gone(pids, seconds: float = 20.0) -> list[int]:
    """The pids still running after `seconds` (empty: all ended)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        left = [pid for pid in pids if running(pid)]
        if not left:
            return []
        time.sleep(0.05)
    return [pid for pid in pids if running(pid)]


def end(pids) -> None:
    """Clean up after a failed check, so a broken test leaves nothing running."""
    for pid in pids:
        try:
            os.kill(pid, 9)
        except OSError:
            pass
