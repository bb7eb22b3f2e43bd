"""Settings, statistics and the game in progress, on disk in the user's data folder.

JSON only (never pickle), written atomically (temp file + rename) so a crash mid-write
cannot damage a file; the temp files a killed write leaves behind are removed at start.
Everything read is bounded and checked at the door before use (file size, nesting depth, the
length and characters of every text, every value's type and range), because the folder may
hold anything: a damaged, unreadable, oversized or hostile file (or a folder where a file
belongs) is moved aside once as `<name>.bad`, the problem is remembered in `problems` (plain
words the title screen shows) and defaults are used: the program always starts.

What is written is strict JSON in UTF-8 or nothing: data that has no such form (a lone
surrogate, NaN) is not written, and that failure, like a full or read-only disk, is reported
once in `problems` (with "writing": True) while the game goes on. The save writer thread
cannot die of it, and `flush()` never waits for ever.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
import threading
import time
from pathlib import Path

try:
    import fcntl
except ImportError:   # Windows
    fcntl = None

from game.base import MAX_SEED
from game.characters import OWN_BY_KEY
from game.ui.i18n import LANGUAGES

SETTINGS_DEFAULTS = {
    "language": "",            # "" = from the system locale on first start
    "fullscreen": False,
    "couch": False,
    "ui_scale": 1.0,
    "volume": 0.7,
    "muted": False,
    "animation_speed": "normal",
    "computer_pace": "normal",
    "four_colour": False,
    "play_forced": True,       # a choice with one way to go on plays it (issue 24)
    "window": [1280, 720],
    "last_setup": {},
    "lessons_offered": [],     # games whose guided first game was offered on their first start
    "face": "",                # the player's own face (characters.OWN_FACES); "" = their initial
}
UI_SCALES = (0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75)
SPEEDS = ("slow", "normal", "fast", "instant")

# Each setting's check: a value that fails it (a hand-edited or damaged file) falls back.
_VALID = {
    "language": lambda v: isinstance(v, str) and (v == "" or v in LANGUAGES),
    "fullscreen": lambda v: isinstance(v, bool),
    "couch": lambda v: isinstance(v, bool),
    "ui_scale": lambda v: _number(v) and v in UI_SCALES,
    "volume": lambda v: _number(v) and 0 <= v <= 1,
    "muted": lambda v: isinstance(v, bool),
    "animation_speed": lambda v: isinstance(v, str) and v in SPEEDS,
    "computer_pace": lambda v: isinstance(v, str) and v in SPEEDS,
    "four_colour": lambda v: isinstance(v, bool),
    "play_forced": lambda v: isinstance(v, bool),
    "window": lambda v: isinstance(v, list) and len(v) == 2 and all(isinstance(n, int) and 100 <= n <= 16384 for n in v),
    "last_setup": lambda v: isinstance(v, dict),
    "face": lambda v: isinstance(v, str) and (v == "" or v in OWN_BY_KEY),
    "lessons_offered": lambda v: isinstance(v, list) and len(v) <= 16 and all(isinstance(g, str) and len(g) <= 40 for g in v),
}

STAT_FIELDS = ("played", "won", "lost", "drawn", "streak", "best_streak")
STAT_LIMIT = 10 ** 9          # no count or score is larger: anything beyond is damage
STAT_KEYS_MAX = 64            # statistics rows kept (a few per game)
KEY_CHARS_MAX = 64            # characters of a statistics key or a game name

FILES = ("settings.json", "statistics.json", "current_game.json")
RECORDS = "records"           # the finished games' records, a file each, named by when the game ended
RECORDS_KEPT = 100
SMALL_FILE_BYTES = 1 << 20    # settings and statistics are a few KB
SAVE_FILE_BYTES = 16 << 20    # a long Kings Corners match saves some hundreds of KB
MAX_DEPTH = 32                # our files nest a few levels; deeper is damage (and recursion)
SMALL_TEXT_CHARS = 1024       # a text in settings or statistics: a name, a level, an option's value
SAVE_TEXT_CHARS = 1 << 16     # a text in the saved game (its longest is a few dozen characters)
# No file of ours holds a control character, and a lone surrogate (valid JSON as an escape)
# cannot be written back as UTF-8: either is damage, wherever it stands (keys included).
FORBIDDEN_CHARS = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
FLUSH_SECONDS = 10.0          # flush() gives up on a write that takes longer (a hung disk)


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _count(value) -> bool:
    return type(value) is int and 0 <= value <= STAT_LIMIT


def _check_door(data, max_chars: int) -> None:
    """ValueError unless parsed JSON nests at most MAX_DEPTH deep and each of its texts (keys
    too) has at most max_chars characters and none of FORBIDDEN_CHARS (without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if len(value) > max_chars:
                raise ValueError("a text too long")
            if FORBIDDEN_CHARS.search(value):
                raise ValueError("a control character or a lone surrogate")
        elif isinstance(value, (list, dict)):
            if depth > MAX_DEPTH:
                raise ValueError("nested too deeply")
            if isinstance(value, dict):
                stack.extend((key, depth) for key in value)
                value = value.values()
            stack.extend((item, depth + 1) for item in value)


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def parse_json(raw: bytes, max_chars: int = SAVE_TEXT_CHARS):
    """JSON from a file's bytes, checked at the door, or ValueError: bad UTF-8, bad JSON, NaN
    or infinity, nested too deeply, a text too long or holding a forbidden character."""
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    _check_door(data, max_chars)
    return data


def encode(data) -> bytes:
    """What is written for data: strict JSON in UTF-8, or ValueError (a lone surrogate, NaN,
    a value JSON has no form for, a cycle)."""
    try:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    except (TypeError, ValueError, RecursionError) as error:   # UnicodeEncodeError is a ValueError
        raise ValueError(f"cannot be written as JSON: {error}") from None


def _fsync(fd: int) -> None:
    """What was written through fd, on the disk: fsync, or on macOS F_FULLFSYNC (its fsync
    leaves the data in the drive's cache; SQLite's fullfsync does the same)."""
    if getattr(fcntl, "F_FULLFSYNC", None) is not None:
        try:
            fcntl.fcntl(fd, fcntl.F_FULLFSYNC)
            return
        except OSError:   # a file system without it
            pass
    os.fsync(fd)


def _fsync_folder(folder: Path) -> None:
    """After a rename, the folder's new entry on the disk too (POSIX). Windows cannot open a
    folder this way (and SQLite skips it there as well)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:   # a file system that cannot sync a folder
        pass
    finally:
        os.close(fd)


def valid_save(data) -> bool:
    """The saved game's envelope: what the title screen shows and Continue needs before the
    rules check the position itself."""
    return (isinstance(data, dict) and isinstance(data.get("game"), str) and len(data["game"]) <= KEY_CHARS_MAX
            and type(data.get("seed")) is int and 0 <= data["seed"] <= MAX_SEED)


def default_folder() -> Path:
    override = os.environ.get("SPELAVOND_HOME")
    if override:
        return Path(override)
    from platformdirs import user_data_dir
    return Path(user_data_dir("Spelavond", appauthor=False))


class Store:
    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder else default_folder()
        self.problems: list[dict] = []   # {"file": name, "moved_to": name}: shown to the player
        self._unwritten: set[str] = set()   # files whose last write failed (reported once)
        self.writable = True
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            self.writable = False
            self.problems.append({"file": str(self.folder), "moved_to": ""})
        self._remove_leftovers()
        self.settings = self._load_settings()
        self.stats = self._load_stats()
        self._saves = threading.Condition()
        self._waiting_save: bytes | None = None
        self._writing = False
        self._writer: threading.Thread | None = None

    # -- files ----------------------------------------------------------------------------
    def path(self, name: str) -> Path:
        return self.folder / name

    def _remove_leftovers(self) -> None:
        """Temp files of writes that never finished (the process was killed mid-save)."""
        if not self.writable:
            return
        ours = [path for name in FILES for path in self.folder.glob(f".{name}.*.tmp")]
        for leftover in ours + list(self.path(RECORDS).glob(".*.tmp")):
            try:
                leftover.unlink()
            except OSError:
                pass

    def _read(self, name: str, limit: int = SMALL_FILE_BYTES, max_chars: int = SMALL_TEXT_CHARS):
        """The file's JSON object, None when absent; a damaged file (or one that fails the
        door's check of its texts) is moved aside and reported."""
        path = self.path(name)
        if not os.path.lexists(path):
            return None
        try:
            if not path.is_file():   # a folder, a pipe (reading one would wait for ever), a dangling link
                raise ValueError("not a file")
            with open(path, "rb") as file:
                raw = file.read(limit + 1)
            if len(raw) > limit:
                raise ValueError("too large")
            data = parse_json(raw, max_chars)
            if not isinstance(data, dict):
                raise ValueError("unexpected content")
            return data
        except (OSError, ValueError):   # UnicodeDecodeError and JSONDecodeError are ValueErrors
            self._set_aside(name)
            return None

    def _set_aside(self, name: str, why: str = "") -> None:
        """Move a bad file (or a folder in its place) to the first free `<name>.bad[N]`,
        never over an earlier one, so it is reported once (with `why`, where it is not
        damage: "earlier_version") and nothing is lost."""
        path = self.path(name)
        for number in range(1, 100):
            bad = path.with_name(path.name + (".bad" if number == 1 else f".bad{number}"))
            if os.path.lexists(bad):
                continue
            try:
                os.replace(path, bad)
            except OSError:
                break
            self.problems.append({"file": path.name, "moved_to": bad.name, **({"why": why} if why else {})})
            return
        self.problems.append({"file": path.name, "moved_to": ""})

    def _report_unwritten(self, name: str) -> None:
        """A write that failed: told once (until a write of that file succeeds again)."""
        if name not in self._unwritten:
            self._unwritten.add(name)
            self.problems.append({"file": name, "moved_to": "", "writing": True})

    def _write(self, name: str, data) -> bool:
        try:
            raw = encode(data)
        except ValueError:
            self._report_unwritten(name)
            return False
        return self._write_bytes(name, raw)

    def _write_bytes(self, name: str, raw: bytes) -> bool:
        """Atomic and durable write: a temp file in the same folder, synced, renamed over the
        old file, the folder synced; no temp file is left, whatever fails."""
        if not self.writable:
            return False
        temp = None
        target = self.path(name)
        try:
            handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            with os.fdopen(handle, "wb") as file:
                file.write(raw)
                file.flush()
                _fsync(file.fileno())
            os.replace(temp, target)
            temp = None
            _fsync_folder(target.parent)
        except OSError:
            self._report_unwritten(name)
            return False
        finally:
            if temp is not None:
                try:
                    os.unlink(temp)
                except OSError:
                    pass
        self._unwritten.discard(name)
        return True

    # -- settings -------------------------------------------------------------------------
    def _load_settings(self) -> dict:
        data = self._read("settings.json") or {}
        settings = json.loads(json.dumps(SETTINGS_DEFAULTS))
        for key, check in _VALID.items():
            if key in data and check(data[key]):
                settings[key] = data[key]
        return settings

    def save_settings(self) -> bool:
        return self._write("settings.json", self.settings)

    def last_setup(self, game: str) -> dict:
        setup = self.settings["last_setup"].get(game)
        return setup if isinstance(setup, dict) else {}

    def remember_setup(self, game: str, setup: dict) -> None:
        self.settings["last_setup"][game] = setup
        self.save_settings()

    # -- statistics -----------------------------------------------------------------------
    def _load_stats(self) -> dict:
        data = self._read("statistics.json") or {}
        stats = {}
        for key, row in list(data.items())[:STAT_KEYS_MAX]:
            if isinstance(row, dict) and len(key) <= KEY_CHARS_MAX:
                clean = {field: row[field] for field in STAT_FIELDS if _count(row.get(field))}
                best = row.get("best_score")
                if _number(best) and abs(best) <= STAT_LIMIT:   # NaN and infinity fail this too
                    clean["best_score"] = best
                stats[key] = clean
        return stats

    def stats_for(self, key: str) -> dict:
        row = {field: 0 for field in STAT_FIELDS}
        row.update(self.stats.get(key, {}))
        return row

    def record_result(self, key: str, outcome: str, score=None, higher_is_better: bool = True) -> None:
        """Count a finished game: outcome is 'won', 'lost' or 'drawn' from the human's side."""
        if outcome not in ("won", "lost", "drawn"):
            raise ValueError(f"unknown outcome {outcome!r}")
        row = self.stats_for(key)
        row["played"] += 1
        row[outcome] += 1
        row["streak"] = row["streak"] + 1 if outcome == "won" else 0
        row["best_streak"] = max(row["best_streak"], row["streak"])
        if score is not None:
            best = row.get("best_score")
            if best is None or (score > best if higher_is_better else score < best):
                row["best_score"] = score
        self.stats[key] = row
        self._write("statistics.json", self.stats)

    def reset_stats(self) -> None:
        """Forget every game counted (the player asked for it)."""
        self.stats = {}
        self._write("statistics.json", self.stats)

    # -- the finished games ----------------------------------------------------------------
    def keep_record(self, data: dict) -> str | None:
        """Keep a finished game's record, written at once and atomically; only the newest
        RECORDS_KEPT stay. Its file's name, or None when it could not be written."""
        folder = self.path(RECORDS)
        try:
            folder.mkdir(exist_ok=True)
        except OSError:
            self._report_unwritten(RECORDS)
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        numbers = [int(name.split("-")[2]) for name in self.record_names()
                   if name.startswith(stamp + "-") and name.split("-")[2].isdigit()]
        name = f"{stamp}-{max(numbers, default=-1) + 1:06d}-{data['game']}.json"   # sorts in the order the games ended
        written = self._write(f"{RECORDS}/{name}", data)
        for old in self.record_names()[:-RECORDS_KEPT]:
            try:
                (folder / old).unlink()
            except OSError:
                pass
        return name if written else None

    def update_record(self, name: str, data: dict) -> bool:
        """Write a kept record again (its analysis added), atomically; only one that is kept."""
        return name in self.record_names() and self._write(f"{RECORDS}/{name}", data)

    def record_names(self) -> list[str]:
        """The kept records' file names, oldest first."""
        try:
            return sorted(path.name for path in self.path(RECORDS).glob("*.json") if path.is_file())
        except OSError:
            return []

    def load_record(self, name: str) -> dict | None:
        """A kept record's data (its moves are checked when it is replayed); a damaged file is
        set aside like any other."""
        if name not in self.record_names():
            return None
        return self._read(f"{RECORDS}/{name}", SAVE_FILE_BYTES, SAVE_TEXT_CHARS)

    # -- the game in progress -------------------------------------------------------------
    def load_game(self) -> dict | None:
        self.flush()
        data = self._read("current_game.json", SAVE_FILE_BYTES, SAVE_TEXT_CHARS)
        if data is None:
            return None
        if not valid_save(data):
            self._set_aside("current_game.json")
            return None
        return data

    def save_game(self, data: dict) -> None:
        """Save the game in progress without holding up the frame.

        The data is encoded now (so later moves cannot change it) and written, with fsync,
        by a writer thread; a newer save replaces one still waiting. Data that cannot be
        written is reported instead. `flush()` waits for the writer (on quit and in tests).
        """
        try:
            raw = encode(data)
        except ValueError:
            self._report_unwritten("current_game.json")
            return
        with self._saves:
            self._waiting_save = raw
            self._saves.notify()
            if self._writer is None or not self._writer.is_alive():
                self._writer = threading.Thread(target=self._write_saves, name="spelavond-save", daemon=True)
                self._writer.start()

    def _write_saves(self) -> None:
        me = threading.current_thread()
        while True:
            with self._saves:
                while self._waiting_save is None and self._writer is me:
                    self._saves.wait()
                if self._writer is not me:     # closed (close() wrote what waited first)
                    return
                raw, self._waiting_save = self._waiting_save, None
                self._writing = True
            try:
                self._write_bytes("current_game.json", raw)
            except Exception:   # never die of a write: report it and wait for the next save
                self._report_unwritten("current_game.json")
            finally:
                with self._saves:
                    self._writing = False
                    self._saves.notify_all()

    def flush(self, timeout: float = FLUSH_SECONDS) -> bool:
        """Wait until the saves handed over are written (True), but not for ever: a writer
        thread that died, or a write still going after `timeout` seconds (a hung disk), is
        reported and given up (False)."""
        deadline = time.monotonic() + timeout
        with self._saves:
            while self._waiting_save is not None or self._writing:
                writer = self._writer
                if writer is None or not writer.is_alive():
                    self._waiting_save, self._writing, self._writer = None, False, None
                    self._report_unwritten("current_game.json")
                    return False
                left = deadline - time.monotonic()
                if left <= 0:
                    self._report_unwritten("current_game.json")
                    return False
                self._saves.wait(timeout=min(left, 0.1))
        return True

    def close(self) -> None:
        """Write what waits, then let the writer thread end (a new save starts another)."""
        flushed = self.flush()
        with self._saves:
            writer, self._writer = self._writer, None
            self._saves.notify_all()
        if writer is not None:
            writer.join(timeout=5 if flushed else 0.5)

    def clear_game(self) -> None:
        self.flush()
        try:
            self.path("current_game.json").unlink()
        except OSError:
            pass

    def report_bad_game(self, why: str = "") -> None:
        """A saved game whose content the rules reject: set it aside like a damaged file (`why`:
        "earlier_version" for a game an earlier version saved that cannot be continued)."""
        self.flush()
        if os.path.lexists(self.path("current_game.json")):
            self._set_aside("current_game.json", why)
