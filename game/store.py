"""Settings, statistics and the game in progress, on disk in the user's data folder.

JSON only (never pickle), written atomically (temp file + rename) so a crash mid-write
cannot damage a file; the temp files a killed write leaves behind are removed at start.
Everything read is bounded and checked before use (file size, nesting depth, every value's
type and range), because the folder may hold anything: a damaged, unreadable, oversized or
hostile file (or a folder where a file belongs) is moved aside once as `<name>.bad`, the
problem is remembered in `problems` (plain words the title screen shows) and defaults are
used: the program always starts.
"""
from __future__ import annotations

import json
import os
import tempfile
import threading
from pathlib import Path

from game.base import MAX_SEED

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
    "window": [1280, 720],
    "last_setup": {},
}
UI_SCALES = (0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75)
SPEEDS = ("slow", "normal", "fast", "instant")

# Each setting's check: a value that fails it (a hand-edited or damaged file) falls back.
_VALID = {
    "language": lambda v: isinstance(v, str) and v in ("", "nl", "en"),
    "fullscreen": lambda v: isinstance(v, bool),
    "couch": lambda v: isinstance(v, bool),
    "ui_scale": lambda v: _number(v) and v in UI_SCALES,
    "volume": lambda v: _number(v) and 0 <= v <= 1,
    "muted": lambda v: isinstance(v, bool),
    "animation_speed": lambda v: isinstance(v, str) and v in SPEEDS,
    "computer_pace": lambda v: isinstance(v, str) and v in SPEEDS,
    "four_colour": lambda v: isinstance(v, bool),
    "window": lambda v: isinstance(v, list) and len(v) == 2 and all(isinstance(n, int) and 100 <= n <= 16384 for n in v),
    "last_setup": lambda v: isinstance(v, dict),
}

STAT_FIELDS = ("played", "won", "lost", "drawn", "streak", "best_streak")
STAT_LIMIT = 10 ** 9          # no count or score is larger: anything beyond is damage
STAT_KEYS_MAX = 64            # statistics rows kept (a few per game)
KEY_CHARS_MAX = 64            # characters of a statistics key or a game name

FILES = ("settings.json", "statistics.json", "current_game.json")
SMALL_FILE_BYTES = 1 << 20    # settings and statistics are a few KB
SAVE_FILE_BYTES = 16 << 20    # a long Kings Corners match saves some hundreds of KB
MAX_DEPTH = 32                # our files nest a few levels; deeper is damage (and recursion)


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _count(value) -> bool:
    return type(value) is int and 0 <= value <= STAT_LIMIT


def _depth(data) -> int:
    """How deeply lists and objects nest in parsed JSON (without recursion)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                break
            stack.extend((item, depth + 1) for item in (value.values() if isinstance(value, dict) else value))
    return deepest


def parse_json(raw: bytes):
    """JSON from a file's bytes, or ValueError: bad UTF-8, bad JSON, or nested too deeply."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deeply") from None
    if _depth(data) > MAX_DEPTH:
        raise ValueError("nested too deeply")
    return data


def valid_save(data) -> bool:
    """The saved game's envelope: what the title screen shows and Continue needs before the
    rules check the position itself."""
    return (isinstance(data, dict) and isinstance(data.get("game"), str) and len(data["game"]) <= KEY_CHARS_MAX
            and isinstance(data.get("state"), dict) and isinstance(data.get("setup"), dict)
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
        self._waiting_save: str | None = None
        self._writing = False
        self._writer: threading.Thread | None = None

    # -- files ----------------------------------------------------------------------------
    def path(self, name: str) -> Path:
        return self.folder / name

    def _remove_leftovers(self) -> None:
        """Temp files of writes that never finished (the process was killed mid-save)."""
        if not self.writable:
            return
        for name in FILES:
            for leftover in self.folder.glob(f".{name}.*.tmp"):
                try:
                    leftover.unlink()
                except OSError:
                    pass

    def _read(self, name: str, limit: int = SMALL_FILE_BYTES):
        """The file's JSON object, None when absent; a damaged file is moved aside and reported."""
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
            data = parse_json(raw)
            if not isinstance(data, dict):
                raise ValueError("unexpected content")
            return data
        except (OSError, ValueError):   # UnicodeDecodeError and JSONDecodeError are ValueErrors
            self._set_aside(name)
            return None

    def _set_aside(self, name: str) -> None:
        """Move a bad file (or a folder in its place) to the first free `<name>.bad[N]`,
        never over an earlier one, so it is reported once and nothing is lost."""
        path = self.path(name)
        for number in range(1, 100):
            bad = path.with_name(path.name + (".bad" if number == 1 else f".bad{number}"))
            if os.path.lexists(bad):
                continue
            try:
                os.replace(path, bad)
            except OSError:
                break
            self.problems.append({"file": path.name, "moved_to": bad.name})
            return
        self.problems.append({"file": path.name, "moved_to": ""})

    def _write(self, name: str, data) -> bool:
        try:
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        except (TypeError, ValueError):
            return False
        return self._write_text(name, text)

    def _write_text(self, name: str, text: str) -> bool:
        """Atomic write: a temp file in the same folder, then rename over the old file."""
        if not self.writable:
            return False
        try:
            handle, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.folder)
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temp, self.path(name))
            return True
        except OSError:
            try:
                os.unlink(temp)
            except (OSError, UnboundLocalError):
                pass
            return False

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

    # -- the game in progress -------------------------------------------------------------
    def load_game(self) -> dict | None:
        self.flush()
        data = self._read("current_game.json", SAVE_FILE_BYTES)
        if data is None:
            return None
        if not valid_save(data):
            self._set_aside("current_game.json")
            return None
        return data

    def save_game(self, data: dict) -> None:
        """Save the game in progress without holding up the frame.

        The data is serialized now (so later moves cannot change it) and written, with
        fsync, by a writer thread; a newer save replaces one still waiting. `flush()`
        waits for the writer (on quit and in tests).
        """
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        with self._saves:
            self._waiting_save = text
            self._saves.notify()
            if self._writer is None:
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
                text, self._waiting_save = self._waiting_save, None
                self._writing = True
            self._write_text("current_game.json", text)
            with self._saves:
                self._writing = False
                self._saves.notify_all()

    def flush(self) -> None:
        with self._saves:
            while self._waiting_save is not None or self._writing:
                self._saves.wait(timeout=5)

    def close(self) -> None:
        """Write what waits, then let the writer thread end (a new save starts another)."""
        self.flush()
        with self._saves:
            writer, self._writer = self._writer, None
            self._saves.notify_all()
        if writer is not None:
            writer.join(timeout=5)

    def clear_game(self) -> None:
        self.flush()
        try:
            self.path("current_game.json").unlink()
        except OSError:
            pass

    def report_bad_game(self) -> None:
        """A saved game whose content the rules reject: set it aside like a damaged file."""
        self.flush()
        if os.path.lexists(self.path("current_game.json")):
            self._set_aside("current_game.json")
