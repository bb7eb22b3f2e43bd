"""Settings, statistics and the game in progress, on disk in the user's data folder.

JSON only (never pickle), written atomically (temp file + rename) so a crash mid-write
cannot damage a file. A damaged or unreadable file is moved aside as `<name>.bad`, the
problem is remembered in `problems` (plain words the title screen shows) and defaults are
used: the program always starts.
"""
from __future__ import annotations

import json
import os
import tempfile
import threading
from pathlib import Path

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
    "language": lambda v: v in ("", "nl", "en"),
    "fullscreen": lambda v: isinstance(v, bool),
    "couch": lambda v: isinstance(v, bool),
    "ui_scale": lambda v: v in UI_SCALES,
    "volume": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1,
    "muted": lambda v: isinstance(v, bool),
    "animation_speed": lambda v: v in SPEEDS,
    "computer_pace": lambda v: v in SPEEDS,
    "four_colour": lambda v: isinstance(v, bool),
    "window": lambda v: isinstance(v, list) and len(v) == 2 and all(isinstance(n, int) and 100 <= n <= 16384 for n in v),
    "last_setup": lambda v: isinstance(v, dict),
}

STAT_FIELDS = ("played", "won", "lost", "drawn", "streak", "best_streak")


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
        self.settings = self._load_settings()
        self.stats = self._load_stats()
        self._saves = threading.Condition()
        self._waiting_save: str | None = None
        self._writing = False
        self._writer: threading.Thread | None = None

    # -- files ----------------------------------------------------------------------------
    def path(self, name: str) -> Path:
        return self.folder / name

    def _read(self, name: str, expected_type=dict):
        """The file's JSON, None when absent; a damaged file is moved aside and reported."""
        path = self.path(name)
        if not path.exists():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, expected_type):
                raise ValueError("unexpected content")
            return data
        except (OSError, ValueError, UnicodeDecodeError):
            self._set_aside(name)
            return None

    def _set_aside(self, name: str) -> None:
        path = self.path(name)
        bad = path.with_name(path.name + ".bad")
        try:
            os.replace(path, bad)
            self.problems.append({"file": path.name, "moved_to": bad.name})
        except OSError:
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
        for key, row in data.items():
            if isinstance(row, dict):
                clean = {field: row[field] for field in STAT_FIELDS
                         if isinstance(row.get(field), int) and not isinstance(row.get(field), bool)}
                if isinstance(row.get("best_score"), (int, float)) and not isinstance(row.get("best_score"), bool):
                    clean["best_score"] = row["best_score"]
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
        data = self._read("current_game.json")
        if data is None or not isinstance(data.get("game"), str) or not isinstance(data.get("state"), dict):
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
        while True:
            with self._saves:
                while self._waiting_save is None:
                    self._saves.wait()
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

    def clear_game(self) -> None:
        self.flush()
        try:
            self.path("current_game.json").unlink()
        except OSError:
            pass

    def report_bad_game(self) -> None:
        """A saved game whose content the rules reject: set it aside like a damaged file."""
        self.flush()
        if self.path("current_game.json").exists():
            self._set_aside("current_game.json")
