"""The break between deals as a payoff (game/standings.py, game/ui/table/standings.py,
game/ui/between_hands.py): the seats by their places with what the deal changed, and the full
score sheet one key, pad button or click away, in every game with breaks between deals."""
import random

import pygame
import pytest

from game.play import start_game
from game.standings import standings
from game.ui import input as inp
from game.ui.table.layout import watching_floating
from posting import click, key, pad, run_until


def test_the_standings_rank_the_seats_and_say_what_the_deal_changed():
    rows = standings([-4, +6, -1, 0], [8, 10, -6, -19])     # before it: 12, 4, -5, -19
    assert [(row.seat, row.place, row.behind, row.ahead) for row in rows] == [
        (1, 1, 0, 2), (0, 2, 2, 0), (2, 3, 16, 0), (3, 4, 29, 0)]
    assert [row.moved for row in rows] == [1, -1, 0, 0]
    # the fewest points lead (Kings Corners): level seats share a place and the lead
    rows = standings([2, 0, 9], [5, 5, 20], higher_is_better=False)
    assert [(row.seat, row.place, row.behind, row.ahead) for row in rows] == [(0, 1, 0, 0), (1, 1, 0, 0), (2, 3, 15, 0)]
    assert [row.moved for row in rows] == [0, 1, 0]         # before: 3, 5, 11: the second shares the first place now
    # the first deal: all were level before it, nobody rose or fell
    assert [row.moved for row in standings([-2, -6, -3, -2], [-2, -6, -3, -2])] == [0, 0, 0, 0]


SETUPS = {"kingen": {"players": 4, "seats": ["human", "random", "random", "random"], "options": {"match": "kingen"}},
          "kings_corners": {"players": 3, "seats": ["human", "random", "random"], "options": {}}}


def floating(app) -> list[str]:
    """What floats over the table in the next frame; none of it over a plate, the hand or the rule box."""
    with watching_floating() as drawn:
        app.tick(1 / 60)
    kept = app.top.layout().protected()
    assert not [(what, name) for what, rect in drawn for name, other in kept.items() if rect.colliderect(other)]
    return [what for what, _ in drawn]


@pytest.mark.parametrize("game", list(SETUPS))
def test_a_break_shows_the_standings_and_the_sheet_one_key_away(make_app, game):
    app = make_app(size=(960, 540))
    app.store.settings.update(computer_pace="instant", animation_speed="instant")
    from game.app import open_scene
    open_scene(app, "title", None)
    start_game(app, game, SETUPS[game], 2)
    scene, rng = app.top, random.Random(2)
    while not scene.at_break():
        scene.apply(rng.choice(scene.state.legal_moves()))
    assert run_until(app, lambda: not scene.motion.busy(), 600)
    assert floating(app) == ["standings"]
    shown = scene.standings()
    scores = scene.state.scores()
    best_first = sorted(scores, reverse=game == "kingen")
    assert [row.total for row in shown.rows] == best_first and shown.rows[0].behind == 0
    assert [shown.names[row.seat] for row in shown.rows if row.seat == 0] == ["You"]
    assert (inp.NEXT, "standings.legend.sheet") in scene.legend()
    deal = len(scene.state.sheet)
    key(pygame.K_TAB)                                     # the full sheet, by key
    assert floating(app) == ["score sheet"] and (inp.NEXT, "standings.legend.standings") in scene.legend()
    click(scene.layout().sheet.center)                    # back, by a click
    assert floating(app) == ["standings"]
    pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)           # and by the pad
    assert floating(app) == ["score sheet"] and scene.at_break() and len(scene.state.sheet) == deal
    click(scene.layout().buttons["next"].center)          # the Next button goes on from either (Enter too)
    assert run_until(app, lambda: not scene.at_break(), 600)
    while not scene.at_break():                           # the next break opens on the standings again
        scene.apply(rng.choice(scene.state.legal_moves()))
    assert run_until(app, lambda: not scene.motion.busy(), 600)
    assert floating(app) == ["standings"]


def test_the_player_chooses_a_face_in_settings_and_it_shows_beside_their_name(make_app, tmp_path):
    from types import SimpleNamespace

    from game.app import open_scene
    from game.characters import CAST, OWN_FACES
    from game.store import Store
    from game.ui.i18n import t
    from game.ui.portraits import seat_face
    app = make_app(size=(960, 540), data_dir=tmp_path)
    open_scene(app, "settings", None)
    choice = next(widget for widget in app.top.list.widgets if getattr(widget, "label", "") == t("settings.face"))
    assert choice.value == "" and choice.value_label("") == "Your initial"      # a plain initial at first
    choice.adjust(1)
    assert app.store.settings["face"] == OWN_FACES[0].key and Store(tmp_path).settings["face"] == OWN_FACES[0].key
    scene = SimpleNamespace(app=app, human_seats=(0,), seat_character=lambda seat: None if seat == 0 else CAST[seat])
    assert seat_face(scene, 0) is OWN_FACES[0] and seat_face(scene, 2) is CAST[2]    # the end screen's and a break's
    scene.human_seats = (0, 1)                    # two humans at the table: neither is "you", each their initial
    assert seat_face(scene, 0) is None
    (tmp_path / "settings.json").write_text('{"face": "anna"}', encoding="utf-8")    # not a face of one's own
    assert Store(tmp_path).settings["face"] == ""
