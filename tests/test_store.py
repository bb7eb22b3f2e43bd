"""Settings, statistics and saves on disk: round trips, atomic writes, damaged files."""
import json
import os
import threading
import time

import pytest

from game.store import SETTINGS_DEFAULTS, Store


def test_settings_round_trip(tmp_path):
    store = Store(tmp_path)
    store.settings["language"] = "nl"
    store.settings["volume"] = 0.3
    store.settings["ui_scale"] = 1.3
    assert store.save_settings()
    again = Store(tmp_path)
    assert again.settings["language"] == "nl"
    assert again.settings["volume"] == 0.3
    assert again.settings["ui_scale"] == 1.3
    assert again.problems == []


def test_damaged_settings_are_set_aside(tmp_path):
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    store = Store(tmp_path)
    assert store.settings == SETTINGS_DEFAULTS
    assert (tmp_path / "settings.json.bad").read_text(encoding="utf-8") == "{not json"
    assert store.problems == [{"file": "settings.json", "moved_to": "settings.json.bad"}]


def test_wrong_values_fall_back_one_by_one(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps(
        {"volume": 7, "language": "nl", "ui_scale": "huge", "fullscreen": "yes", "window": [5, 5]}), encoding="utf-8")
    store = Store(tmp_path)
    assert store.settings["language"] == "nl"
    assert store.settings["volume"] == SETTINGS_DEFAULTS["volume"]
    assert store.settings["ui_scale"] == SETTINGS_DEFAULTS["ui_scale"]
    assert store.settings["fullscreen"] is False
    assert store.settings["window"] == SETTINGS_DEFAULTS["window"]


def test_json_that_is_not_an_object_is_damaged(tmp_path):
    (tmp_path / "statistics.json").write_text("[1, 2, 3]", encoding="utf-8")
    store = Store(tmp_path)
    assert store.stats == {}
    assert (tmp_path / "statistics.json.bad").exists()


def test_statistics_count_results_and_streaks(tmp_path):
    store = Store(tmp_path)
    store.record_result("quarto", "won", 3)
    store.record_result("quarto", "won", 5)
    store.record_result("quarto", "lost")
    store.record_result("quarto", "drawn")
    store.record_result("kings_corners", "won", 4, higher_is_better=False)
    store.record_result("kings_corners", "won", 2, higher_is_better=False)
    again = Store(tmp_path)
    row = again.stats_for("quarto")
    assert (row["played"], row["won"], row["lost"], row["drawn"]) == (4, 2, 1, 1)
    assert row["streak"] == 0 and row["best_streak"] == 2 and row["best_score"] == 5
    assert again.stats_for("kings_corners")["best_score"] == 2


def test_saved_game_round_trip_and_clear(tmp_path):
    store = Store(tmp_path)
    data = {"game": "quarto", "setup": {"players": 2}, "state": {"board": [None] * 16}, "seed": 4}
    for move in range(30):                       # saves come faster than the disk: the newest wins
        data["state"]["moves"] = move
        store.save_game(data)
    data["state"]["moves"] = "changed after saving"  # the save holds what was passed at the time
    store.flush()
    saved = Store(tmp_path).load_game()
    assert saved["state"]["moves"] == 29 and saved["game"] == "quarto"
    store.clear_game()
    assert Store(tmp_path).load_game() is None


def test_closing_writes_the_last_save_and_ends_the_writer_thread(tmp_path):
    store = Store(tmp_path)
    data = {"game": "quarto", "setup": {"players": 2}, "state": {"board": [None] * 16}, "seed": 1}
    store.save_game(data)
    writer = store._writer
    store.close()
    assert Store(tmp_path).load_game()["seed"] == 1
    assert not writer.is_alive()
    store.save_game(dict(data, seed=2))                  # a save after closing still lands
    writer = store._writer
    store.close()
    assert Store(tmp_path).load_game()["seed"] == 2
    assert not writer.is_alive()


def test_damaged_save_is_kept_aside(tmp_path):
    (tmp_path / "current_game.json").write_bytes(b"\x00\xff garbage")
    store = Store(tmp_path)
    assert store.load_game() is None
    assert (tmp_path / "current_game.json.bad").exists()
    assert store.problems[-1]["file"] == "current_game.json"


def test_atomic_write_leaves_no_temp_files(tmp_path):
    store = Store(tmp_path)
    for volume in (0.1, 0.2, 0.3):
        store.settings["volume"] = volume
        store.save_settings()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_unwritable_folder_still_starts(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = Store(blocker / "sub")  # a folder cannot be made inside a file
    assert store.settings == SETTINGS_DEFAULTS
    assert store.save_settings() is False
    assert store.problems


@pytest.mark.parametrize("name", ["settings.json", "statistics.json", "current_game.json"])
@pytest.mark.parametrize("depth", [40, 990, 100_000])
def test_deeply_nested_json_is_set_aside(tmp_path, name, depth):
    """Issue 13: about 990 levels made RecursionError escape Store._read on every start."""
    (tmp_path / name).write_text("[" * depth + "]" * depth, encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_game() is None
    assert store.problems == [{"file": name, "moved_to": name + ".bad"}]
    assert Store(tmp_path).problems == []      # once: the next start is quiet


@pytest.mark.parametrize("content", [b"", b"\xff\xfe\x00garbage", b'{"language": "\xc3\x28"}', b"null", b"[]"])
def test_empty_and_undecodable_files_are_set_aside(tmp_path, content):
    (tmp_path / "settings.json").write_bytes(content)
    store = Store(tmp_path)
    assert store.settings == SETTINGS_DEFAULTS
    assert store.problems == [{"file": "settings.json", "moved_to": "settings.json.bad"}]


@pytest.mark.parametrize("name", ["settings.json", "statistics.json", "current_game.json"])
def test_a_folder_where_a_file_belongs_is_set_aside(tmp_path, name):
    (tmp_path / name).mkdir()
    (tmp_path / name / "inside").write_text("x")
    store = Store(tmp_path)
    assert store.load_game() is None
    assert store.problems == [{"file": name, "moved_to": name + ".bad"}]
    assert (tmp_path / (name + ".bad") / "inside").exists()   # nothing is lost
    assert store.save_settings()


def test_an_earlier_bad_file_is_never_overwritten(tmp_path):
    (tmp_path / "settings.json.bad").write_text("the first damaged file")
    (tmp_path / "settings.json").write_text("the second")
    store = Store(tmp_path)
    assert store.problems == [{"file": "settings.json", "moved_to": "settings.json.bad2"}]
    assert (tmp_path / "settings.json.bad").read_text() == "the first damaged file"


def test_oversized_files_are_set_aside(tmp_path):
    (tmp_path / "settings.json").write_text('{"language": "' + "x" * (2 << 20) + '"}', encoding="utf-8")
    assert Store(tmp_path).problems == [{"file": "settings.json", "moved_to": "settings.json.bad"}]


def test_leftovers_of_a_killed_save_are_cleaned_at_start(tmp_path):
    """Issue 13: kill -9 during a save left .current_game.json.*.tmp behind."""
    for name in (".current_game.json.abc123.tmp", ".settings.json.x.tmp", ".statistics.json.y.tmp"):
        (tmp_path / name).write_text('{"game": "qua')
    (tmp_path / "notes.tmp").write_text("not ours")
    store = Store(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.tmp"]
    assert store.problems == []


@pytest.mark.parametrize("seed", ["abc", "3 MB", -1, 2 ** 70, 1.5, True, None])
def test_a_save_whose_seed_is_not_a_game_number_is_set_aside(tmp_path, seed):
    seed = "7" * 3_000_000 if seed == "3 MB" else seed
    data = {"version": 1, "game": "quarto", "setup": {"players": 2}, "state": {}, "seed": seed}
    (tmp_path / "current_game.json").write_text(json.dumps(data))
    store = Store(tmp_path)
    assert store.load_game() is None
    assert store.problems == [{"file": "current_game.json", "moved_to": "current_game.json.bad"}]


def test_statistics_beyond_any_real_count_are_dropped(tmp_path):
    rows = {"quarto": {"played": 10 ** 4000, "won": -1, "lost": 2, "best_score": 1e308, "streak": True},
            "x" * 500: {"played": 1}}
    (tmp_path / "statistics.json").write_text(json.dumps(rows))
    store = Store(tmp_path)
    assert store.stats == {"quarto": {"lost": 2}}
    assert store.problems == []


def test_a_pipe_where_a_file_belongs_does_not_hang_the_start(tmp_path):
    os.mkfifo(tmp_path / "settings.json")      # reading it would wait for a writer for ever
    store = Store(tmp_path)
    assert store.problems == [{"file": "settings.json", "moved_to": "settings.json.bad"}]


# -- issue 26: the writer never dies, flush() never hangs, text is checked at the door ------

GOOD_SAVE = {"game": "quarto", "setup": {"players": 2}, "state": {}, "seed": 1}


def flushed_within(store, seconds=20.0) -> bool:
    """store.flush() from another thread, so a flush that waits for ever fails the test."""
    result = []
    thread = threading.Thread(target=lambda: result.append(store.flush()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "flush() is still waiting"
    return result[0]


def temp_files(folder) -> list[str]:
    return sorted(path.name for path in folder.glob(".*.tmp"))


@pytest.mark.parametrize("poison", ["\ud800", float("nan"), object()], ids=["surrogate", "nan", "object"])
def test_a_save_that_cannot_be_written_is_reported_and_the_writer_goes_on(tmp_path, poison):
    """A lone surrogate killed the save thread (UnicodeEncodeError), and flush() then waited
    for ever on quit; NaN was written as JSON has no such word; an object raised in the frame."""
    store = Store(tmp_path)
    store.save_game(GOOD_SAVE)
    assert flushed_within(store)
    store.save_game(dict(GOOD_SAVE, setup={"players": 2, "name": poison}, seed=2))
    store.save_game(dict(GOOD_SAVE, state={"x": [poison]}, seed=3))
    flushed_within(store)
    assert store.problems == [{"file": "current_game.json", "moved_to": "", "writing": True}]   # once
    assert Store(tmp_path).load_game()["seed"] == 1          # the last good save is kept
    store.save_game(dict(GOOD_SAVE, seed=4))                 # and the next good one lands
    assert flushed_within(store)
    assert Store(tmp_path).load_game()["seed"] == 4
    assert temp_files(tmp_path) == []
    store.close()


def test_settings_and_statistics_that_cannot_be_written_are_reported_not_raised(tmp_path):
    """A lone surrogate in settings gave a traceback and exit status 1 at every exit, and one
    in a statistics key a crash when a game ended; each left an empty temp file."""
    store = Store(tmp_path)
    assert store.save_settings()
    store.settings["last_setup"]["quarto"] = {"name": "\ud800"}
    assert store.save_settings() is False
    assert store.save_settings() is False
    store.record_result("\ud800", "won")
    store.record_result("\ud800", "won")
    assert store.problems == [{"file": "settings.json", "moved_to": "", "writing": True},
                              {"file": "statistics.json", "moved_to": "", "writing": True}]
    assert temp_files(tmp_path) == []
    assert Store(tmp_path).problems == []                    # what is on disk is still whole
    del store.settings["last_setup"]["quarto"]
    assert store.save_settings()                             # writing works again: a later
    store.settings["last_setup"]["quarto"] = {"name": "\ud800"}   # failure is told again
    assert not store.save_settings() and len(store.problems) == 3


ESCAPED_SURROGATE = '"\\ud800"'          # valid JSON and plain ASCII on disk
DOOR_CASES = {
    "settings-surrogate": ("settings.json", '{"last_setup": {"quarto": {"name": %s}}}' % ESCAPED_SURROGATE),
    "settings-surrogate-key": ("settings.json", '{"last_setup": {%s: {}}}' % ESCAPED_SURROGATE),
    "settings-control": ("settings.json", '{"last_setup": {"quarto\\u0007": {}}}'),
    "settings-huge": ("settings.json", '{"last_setup": {"quarto": {"seats": ["%s"]}}}' % ("x" * 5000)),
    "settings-nan": ("settings.json", '{"volume": NaN}'),
    "statistics-surrogate-key": ("statistics.json", '{%s: {"played": 1}}' % ESCAPED_SURROGATE),
    "statistics-control-key": ("statistics.json", '{"quarto\\u0000": {"played": 1}}'),
    "statistics-c1-key": ("statistics.json", '{"quarto\\u0085": {"played": 1}}'),
    "statistics-infinity": ("statistics.json", '{"quarto": {"best_score": -Infinity}}'),
    "save-surrogate": ("current_game.json", json.dumps(dict(GOOD_SAVE, setup={"players": 2, "seats": ["\ud800"]}))),
    "save-control": ("current_game.json", json.dumps(dict(GOOD_SAVE, game="quarto\n"))),
    "save-huge": ("current_game.json", json.dumps(dict(GOOD_SAVE, setup={"players": 2, "name": "x" * 70_000}))),
}


@pytest.mark.parametrize("case", DOOR_CASES)
def test_text_that_could_poison_a_write_is_set_aside_at_the_door(tmp_path, case):
    name, text = DOOR_CASES[case]
    (tmp_path / name).write_text(text, encoding="ascii")
    store = Store(tmp_path)
    assert store.load_game() is None
    assert store.problems == [{"file": name, "moved_to": name + ".bad"}]
    assert (tmp_path / (name + ".bad")).read_text(encoding="ascii") == text
    assert store.save_settings()
    store.record_result("quarto", "won")
    store.save_game(GOOD_SAVE)
    assert flushed_within(store)
    assert len(store.problems) == 1 and temp_files(tmp_path) == []
    store.close()


def test_flush_gives_up_on_a_dead_writer_and_on_a_hung_disk(tmp_path, monkeypatch):
    store = Store(tmp_path)
    dead = threading.Thread(target=lambda: None)
    dead.start()
    dead.join()
    store._writer, store._waiting_save = dead, b"{}"     # a save handed to a writer that died
    assert flushed_within(store, 5) is False
    assert store.problems[-1] == {"file": "current_game.json", "moved_to": "", "writing": True}
    release = threading.Event()
    monkeypatch.setattr(store, "_write_bytes", lambda name, raw: release.wait(30))
    store.save_game(GOOD_SAVE)
    started = time.monotonic()
    assert store.flush(timeout=0.3) is False              # the disk hangs: quitting does not
    assert time.monotonic() - started < 5
    release.set()
    assert store.flush()
    store.close()


@pytest.mark.skipif(os.name == "nt", reason="a folder cannot be opened to fsync it on Windows")
def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    """A power cut after the rename could lose it while the folder's entry was not synced."""
    import stat
    synced = []
    real_fsync = os.fsync

    def fsync(fd):
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            synced.append(json.loads((tmp_path / "settings.json").read_text())["volume"])
        real_fsync(fd)
    monkeypatch.setattr(os, "fsync", fsync)
    store = Store(tmp_path)
    store.settings["volume"] = 0.25
    assert store.save_settings()
    assert synced == [0.25]                    # the folder, once, after the new file was in place
