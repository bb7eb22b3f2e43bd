"""The move log part: its lines are the game's words for every entry kept, in the language of
the moment, and each entry is said once (not all forty again after every move)."""
from __future__ import annotations

from types import SimpleNamespace

from game.ui.i18n import set_language, t
from game.ui.move_log import LOG_SIZE, MoveLog


class Position:
    def __init__(self, number):
        self.number = number

    def copy(self):
        return Position(self.number)


def fake_scene(calls):
    def describe(state, seat, move, names, said):
        calls.append(move)
        return [] if move is None else [f"{t('seat.you')} {move} ({state.number})"]
    return SimpleNamespace(words=SimpleNamespace(describe=describe), seat_name=str, said=t, phone_plates=tuple)


def test_each_entry_is_said_once_and_again_in_another_language():
    calls = []
    log = MoveLog(fake_scene(calls), Position(0))
    try:
        for number in range(1, 60):
            log.add(0, f"m{number}", Position(number))
            assert log.lines[-1] == f"You m{number} ({number})"
        assert len(log.lines) == LOG_SIZE and log.lines[0] == f"You m{60 - LOG_SIZE} ({60 - LOG_SIZE})"
        assert calls.count("m59") == 1 and calls.count("m30") == 1      # said once, read many times
        assert len(calls) == 60                                          # the opening and 59 moves
        set_language("nl")
        assert log.lines[-1] == "Jij m59 (59)"                            # a language change says them again
        assert calls.count("m59") == 2 and len(calls) == 60 + LOG_SIZE
        log.entries = log.entries[:5]                                     # a review shows an earlier moment
        assert log.lines == [f"Jij m{number} ({number})" for number in range(20, 25)]
    finally:
        set_language("en")


def test_a_resumed_game_shows_the_log_it_had(make_app):
    """After Continue the log is the one the game showed when it was left (it began empty: Keezen
    said 'The game begins' in its second deal), told again from the record."""
    import random

    from game.app import open_scene
    app = make_app(size=(1280, 720))
    open_scene(app, "game:keezen", 5)
    scene, rng = app.top, random.Random(5)
    while len(scene.record.moves) < 70:
        scene.apply(rng.choice(scene.state.legal_moves()))
    app.tick(1 / 60)
    before = list(scene.log.lines)
    open_scene(app, None, None, resume=True)
    resumed = app.top
    assert resumed is not scene and resumed.record.moves == scene.record.moves
    assert resumed.log.lines == before and len(before) > 10
