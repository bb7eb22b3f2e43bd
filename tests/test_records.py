"""Game records (game/record.py): every game saved as its moves and replayed through the
rules; saves of the first format resume where they kept their moves, and are set aside with
their reason where they kept a picture only; anything a record cannot be is set aside."""
import json
import random
from pathlib import Path

import pytest

from game import record, registry
from game.record import Record

DATA = Path(__file__).resolve().parent / "data" / "saves_v1"
GAMES = [info.name for info in registry.GAMES.values()]
# The games saved before records (format 2) existed: only they have saves of the first format,
# one each in tests/data/saves_v1; a game added since has none and needs none.
FIRST_FORMAT = ["quarto", "kings_corners", "vier_koningen", "kingen", "keezen"]
RESUMED = [game for game in FIRST_FORMAT if game in record.MOVE_KEYS]         # they kept their moves
PICTURE_ONLY = [game for game in FIRST_FORMAT if game not in record.MOVE_KEYS]   # Kingen and Keezen


def played(game: str, seed: int, limit: int = 4000):
    """A whole game of random legal moves, with its record kept beside it as a scene keeps it."""
    info = registry.game(game)
    rules = info.rules()
    players = max(info.seats)
    setup = {"players": players, "seats": ["random"] * players,
             "options": {option.key: option.default for option in rules.OPTIONS}}
    kept = Record.new(game, setup, seed)
    state = rules.new_game(seed, players, dict(kept.options))
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over():
            break
        move = rng.choice(state.legal_moves())
        state.play(move)
        kept.add(move)
    return kept, state


@pytest.mark.parametrize("game", GAMES)
def test_a_record_replays_to_the_live_games_final_state(game):
    kept, live = played(game, seed=11)
    # a random Keezen game can outlast the limit; any other game must end within it (docs/adding-a-game.md)
    assert live.is_over() or game == "keezen", f"a random game of {game} did not end within 4000 moves"
    read = record.from_dict(json.loads(json.dumps(kept.to_dict())))
    assert read == kept
    assert read.replay().to_dict() == live.to_dict()
    halfway = len(kept.moves) // 2
    assert read.replay(halfway).to_dict() == played_upto(game, 11, halfway).to_dict()


def played_upto(game, seed, count):
    kept, _ = played(game, seed)
    rules = registry.game(game).rules()
    state = rules.new_game(seed, kept.players, dict(kept.options))
    for code in kept.moves[:count]:
        state.play(rules.parse_move(code))
    return state


@pytest.mark.parametrize("game", RESUMED)
def test_a_save_of_the_first_format_resumes_where_it_was(game):
    data = json.loads((DATA / f"{game}.json").read_text())
    picture = registry.game(game).rules().from_dict(data["state"])
    read = record.from_save(data)
    assert read.seed == data["seed"] and read.seats == data["setup"]["seats"][: data["setup"]["players"]]
    assert read.replay().to_dict() == picture.to_dict()
    again = record.from_dict(json.loads(json.dumps(read.to_dict())))   # saved again, as a record
    assert again.replay().to_dict() == picture.to_dict()
    assert not record.earlier_version(data)


@pytest.mark.parametrize("game", RESUMED)
def test_a_resumed_save_of_the_first_format_plays_on_in_its_scene(make_app, tmp_path, game):
    from game.app import open_scene
    (tmp_path / "current_game.json").write_text((DATA / f"{game}.json").read_text())
    app = make_app(size=(960, 540), data_dir=tmp_path)
    open_scene(app, None, None, resume=True)
    app.tick(1 / 60)
    assert app.top.name == "game" and app.top.game == game, app.notices
    scene = app.top
    move = scene.state.legal_moves()[0]
    assert scene.apply(move)
    app.store.flush()
    saved = json.loads((tmp_path / "current_game.json").read_text())
    assert saved["format"] == record.FORMAT and saved["moves"][-1] == move.code
    assert record.from_dict(saved).replay().to_dict() == scene.state.to_dict()


def a_record(**changes) -> dict:
    kept, _ = played("kings_corners", seed=3, limit=12)
    return {**kept.to_dict(), **changes}


DAMAGED = {
    "unknown level": {"seats": ["human", "grandmaster", "hard", "hard"]},
    "nested level": {"seats": ["human", ["hard"], "hard", "hard"]},
    "1000 seats": {"seats": ["hard"] * 1000},
    "7 players": {"players": 7},
    "players missing": {"players": None},
    "options a list": {"options": []},
    "unknown option": {"options": {"colour": "red"}},
    "megabyte string": {"seats": ["x" * 1_000_000] * 4},
    "seed a string": {"seed": "12"},
    "moves not a list": {"moves": "play"},
    "a move of garbage": {"moves": ["fly to the moon"]},
    "a move the rules refuse": {"moves": ["pass", "pass", "pass", "pass", "pass"]},
    "a lone surrogate": {"moves": ["\ud800"]},
    "notes nested": {"notes": {"deal_seen": {"a": 1}}},
    "notes odd name": {"notes": {"Deal Seen!": 1}},
    "another format": {"format": 3},
    "another game": {"game": "chess"},
    "a picture in Kings Corners": {"start": {"seed": 3}},
}


@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_damaged_record_is_one_clear_error(case):
    data = a_record(**DAMAGED[case])
    if data.get("players") is None:
        del data["players"]
    with pytest.raises(ValueError) as caught:
        record.from_dict(data).replay()
    assert "damaged" in str(caught.value) and len(str(caught.value)) < 300


def test_a_move_the_rules_refuse_is_named_with_its_number():
    kept, _ = played("quarto", seed=4, limit=6)
    data = kept.to_dict()
    data["moves"] = data["moves"][:3] + data["moves"][2:3]   # the same move twice
    with pytest.raises(ValueError, match="move 4"):
        record.from_dict(data).replay()


# Pictures that no play can make, which the first format's reader took for Kingen and Keezen
IMPOSSIBLE_PICTURES = [
    ("kingen", lambda state: state["hands"].__setitem__(1, None)),             # a seat's view
    ("kingen", lambda state: state.__setitem__("last_deal", 3)),              # a match ending after deal 3
    ("kingen", lambda state: state.__setitem__("points", [5, 0, 0, 0])),      # points no deal gives
    ("kingen", lambda state: state["hands"][0].append(state["hands"][1].pop())),   # a card moved between hands
    ("keezen", lambda state: state["hands"].__setitem__(1, [None] * len(state["hands"][1]))),
    ("keezen", lambda state: state["gave"].__setitem__(0, state["hands"][0][0])),  # exchange is off
    ("keezen", lambda state: state.__setitem__("turns", 10 ** 9)),
    ("kingen", lambda state: None), ("keezen", lambda state: None),            # as saved
]


@pytest.mark.parametrize("game,change", IMPOSSIBLE_PICTURES)
def test_a_first_format_kingen_or_keezen_save_is_never_resumed(game, change):
    """A picture cannot be replayed, so it cannot be proven: every such save is refused with
    its reason, intact or not, and so is a record an earlier version began from one."""
    data = json.loads((DATA / f"{game}.json").read_text())
    change(data["state"])
    assert record.earlier_version(data)
    with pytest.raises(record.EarlierVersion, match="earlier version of Spelavond; this game cannot be continued"):
        record.from_save(data).replay()
    begun = {"format": record.FORMAT, "game": game, "players": 4, "seats": ["human"] + ["hard"] * 3,
             "options": {}, "seed": data["seed"], "moves": [], "notes": {}, "start": data["state"]}
    assert record.earlier_version(begun)
    with pytest.raises(record.EarlierVersion):
        record.from_dict(begun)


@pytest.mark.parametrize("game", PICTURE_ONLY)
@pytest.mark.parametrize("way", ["title", "--continue"])
def test_an_earlier_versions_kingen_or_keezen_save_is_set_aside_with_its_reason(make_app, tmp_path, game, way):
    from game.app import open_scene
    from game.menu.title import problem_lines
    from game.ui.i18n import t
    (tmp_path / "current_game.json").write_text((DATA / f"{game}.json").read_text())
    stats = json.dumps({"played": {"kingen": 7}, "won": {"kingen": 3}})
    (tmp_path / "statistics.json").write_text(stats)
    app = make_app(size=(960, 540), data_dir=tmp_path)
    before = dict(app.store.stats)
    open_scene(app, "title" if way == "title" else None, None, resume=way == "--continue")
    for _ in range(3):
        app.tick(1 / 60)
    assert app.top.name != "game"
    assert not (tmp_path / "current_game.json").exists() and (tmp_path / "current_game.json.bad").exists()
    assert app.store.load_game() is None                  # Continue is not offered
    told = [problem for problem in app.store.problems if problem.get("why") == "earlier_version"]
    assert len(told) == 1
    lines = problem_lines(told)
    assert lines == [t("problem.earlier_version", moved_to="current_game.json.bad")]
    assert "earlier version of Spelavond" in lines[0]
    assert app.store.stats == before                      # the statistics unharmed
    shown = [scene for scene in app.scenes if scene.name == "problems"]
    assert shown and lines[0] in repr(vars(shown[0])), "the player is told why"
    assert not app.notices, "nor told there is nothing to continue"


@pytest.mark.parametrize("game,change", [
    ("keezen", lambda state: state.__setitem__("turn", (state["turn"] + 3) % 4)),  # (a picture: never resumed)
    ("quarto", lambda state: state.__setitem__("turn", 5)),
    ("kings_corners", lambda state: state.__setitem__("seed", None)),        # a view
])
def test_an_impossible_save_of_the_first_format_is_refused(game, change):
    data = json.loads((DATA / f"{game}.json").read_text())
    change(data["state"])
    with pytest.raises(ValueError):
        record.from_save(data).replay()


def test_a_finished_game_is_kept_and_only_the_last_hundred_stay(make_app, tmp_path):
    from game.play import start_game
    from game.store import RECORDS_KEPT
    app = make_app(size=(960, 540), data_dir=tmp_path)
    app.store.settings["computer_pace"] = "instant"
    start_game(app, "quarto", {"players": 2, "seats": ["random", "random"], "options": {}}, 21)
    scene = app.top
    for _ in range(5000):
        if scene.state.is_over():
            break
        app.tick(1 / 60)
    assert scene.state.is_over()
    names = app.store.record_names()
    assert len(names) == 1 and names[0].endswith("-quarto.json")
    kept = app.store.load_record(names[0])
    assert kept["summary"]["winners"] == list(scene.state.winners()) and kept["ended"]
    assert record.from_dict(kept).replay().to_dict() == scene.state.to_dict()
    for number in range(RECORDS_KEPT + 5):
        app.store.keep_record({**kept, "seed": number})
    names = app.store.record_names()
    assert len(names) == RECORDS_KEPT and app.store.load_record(names[-1])["seed"] == RECORDS_KEPT + 4
    assert not list((tmp_path / "records").glob(".*.tmp"))
