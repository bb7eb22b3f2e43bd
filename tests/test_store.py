"""Settings, statistics and saves on disk: round trips, atomic writes, damaged files."""
import json
import os

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
