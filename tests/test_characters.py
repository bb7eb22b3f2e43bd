"""The people at the table (issue 24): the cast chosen from a game's seed, their portraits,
the seats named by them with their level in words (in a review too), Continue naming the saved
game, Quarto's plates and the end screen showing each computer's face."""
from __future__ import annotations

import json

import pygame
import pytest

from game import characters, registry
from game import record as records
from game.characters import CAST, LEVELS, seat_names, table_cast
from game.menu.title import game_in_words, named_faces
from game.ui.i18n import keys, set_language, t
from game.ui.portraits import portrait


@pytest.fixture
def language():
    yield set_language
    set_language("en")


def test_the_cast_is_the_same_for_a_game_number_and_nobody_sits_twice():
    tables = {seed: table_cast(seed, 4) for seed in range(500)}
    table_cast.cache_clear()                                   # chosen again from the number, not kept
    for seed, cast in tables.items():
        assert cast == table_cast(seed, 4)                     # a save, its replay and its review agree
        assert len({character.key for character in cast}) == 4
    assert len({tuple(c.key for c in cast) for cast in tables.values()}) > 100   # the game number chooses them
    assert {cast[1].key for cast in tables.values()} == {c.key for c in CAST}   # everyone gets to play
    assert table_cast(7, 2) == table_cast(7, 2) and table_cast(7, 1)[0] in CAST
    with pytest.raises(ValueError):
        table_cast(7, len(CAST) + 1)


def test_the_cast_differs_in_shape_not_only_in_colour():
    looks = [(c.face, c.hair, c.glasses, c.beard, c.hat) for c in CAST]
    assert len(set(looks)) == len(CAST)
    assert len({c.name[0] for c in CAST}) == len(CAST)         # a different initial each
    assert len({c.hair for c in CAST}) >= 6 and len({c.face for c in CAST}) >= 5


SIZES = (24, 32, 48, 64, 96, 128, 200, 256)


def outline(character, image) -> list[bool]:
    """The figure's pixels: inside the disc and not its backdrop (head, hair, hat, shoulders)."""
    size = image.get_width()
    return [image.get_at((x, y)).a > 128 and max(abs(image.get_at((x, y))[i] - character.backdrop[i]) for i in range(3)) > 30
            for y in range(size) for x in range(size)]


def differing(a, b, limit: int = 40) -> int:
    """The pixels where two images' colours differ by more than `limit` in a channel (the
    alpha left out), counted by pygame's blits and masks rather than pixel by pixel."""
    a, b = (pygame.image.frombytes(pygame.image.tobytes(image, "RGB"), image.get_size(), "RGB") for image in (a, b))
    up, down = a.copy(), b.copy()
    up.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)      # a - b where a is the larger, else 0
    down.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)    # b - a likewise
    up.blit(down, (0, 0), special_flags=pygame.BLEND_RGB_ADD)   # |a - b|
    alike = pygame.mask.from_threshold(up, (0, 0, 0), (limit + 1, limit + 1, limit + 1, 255))
    return up.get_width() * up.get_height() - alike.count()


def test_differing_counts_the_pixels_apart_by_more_than_the_limit():
    a, b = pygame.Surface((4, 1)), pygame.Surface((4, 1))
    for x, (left, right) in enumerate([((0, 0, 0), (41, 0, 0)), ((50, 90, 0), (10, 90, 0)),
                                       ((0, 0, 200), (0, 0, 160)), ((9, 9, 9), (9, 9, 9))]):
        a.set_at((x, 0), left)
        b.set_at((x, 0), right)
    assert differing(a, b) == 1 and differing(b, a) == 1 and differing(a, b, 39) == 3


@pytest.mark.parametrize("size", SIZES)
def test_every_portrait_draws_at_every_size_and_differs_from_the_others(size):
    images = [portrait(character, size) for character in CAST]
    for image in images:
        assert image.get_size() == (size, size)
        assert image.get_at((0, 0)).a == 0 and image.get_at((size // 2, size // 2)).a > 245   # a disc
    shapes = [outline(character, image) for character, image in zip(CAST, images)] if size <= 96 else None
    for i in range(len(CAST)):
        for j in range(i + 1, len(CAST)):
            assert differing(images[i], images[j]) / (size * size) > 0.2, (CAST[i].key, CAST[j].key, size)
            if shapes:    # the outlines differ too, not only the colours (measured: 4% at least)
                shaped = sum(x != y for x, y in zip(shapes[i], shapes[j]))
                assert shaped / (size * size) > 0.03, (CAST[i].key, CAST[j].key, size)
    assert portrait(CAST[0], size) is images[0]                # kept per character and size


def test_a_portrait_is_the_same_face_at_every_size():
    """Scaled to one size, a character's small and large portraits agree more with each other
    than with anyone else's: the shapes hold at 24 pixels."""
    def at_48(character, size):
        return pygame.image.tobytes(pygame.transform.smoothscale(portrait(character, size), (48, 48)), "RGB")

    def distance(a, b):
        return sum(abs(x - y) for x, y in zip(a, b))

    for character in CAST:
        small, large = at_48(character, 24), at_48(character, 256)
        others = min(distance(small, at_48(other, 256)) for other in CAST if other is not character)
        assert distance(small, large) < others, character.key


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_names_and_levels_in_both_languages(language, lang):
    language(lang)
    table = keys(lang)
    for character in CAST:
        assert f"character.{character.key}" in table
        assert characters.name_of(character) == character.name     # the same in Dutch and English
    words = [characters.level_words(level) for level in LEVELS]
    assert all(f"level.{level}" in table for level in LEVELS)
    assert len(set(words)) == len(LEVELS) and all(words)
    assert characters.level_words("human") == ""
    assert characters.join_names(["Anna", "Bert", "Carla"]) == ("Anna, Bert and Carla" if lang == "en"
                                                                else "Anna, Bert en Carla")


def test_dutch_levels_say_it_in_dutch(language):
    language("nl")
    assert characters.level_words("normal") == "clubspeler"
    language("en")
    assert [characters.level_words(level) for level in ("easy", "normal", "hard")] == \
        ["beginner", "club player", "expert"]


def test_seats_are_named_by_their_character(language):
    cast = table_cast(30, 4)
    assert seat_names(30, ["human", "hard", "easy", "normal"]) == ["You"] + [c.name for c in cast[1:]]
    assert seat_names(30, ["human", "hard", "human", "normal"]) == ["Player 1", cast[1].name, "Player 3", cast[3].name]
    assert seat_names(30, ["human", "hard", "easy", "normal"], lesson=True) == \
        ["You"] + [c.name for c in cast[1:]]             # Kingen's lesson names them so
    assert seat_names(30, ["human", "easy"], lesson=True) == ["You", "Computer"]     # 'the computer', its words say
    assert seat_names(30, ["hard"]) == ["Computer"]       # 4 Koningen's helper playing, nobody's guest
    colours = ["Blue", "Green", "Yellow", "Red"]            # a game's own names (Keezen's) for the nameless seats
    assert seat_names(30, ["human", "hard", "human", "normal"], own=colours) == ["Blue", cast[1].name, "Yellow", cast[3].name]
    assert seat_names(30, ["human", "hard", "easy", "normal"], lesson=True, own=colours) == ["You"] + colours[1:]
    language("nl")
    assert seat_names(30, ["human", "hard"])[0] == "Jij"


def saved_game(game: str, seed: int, seats: list, moves: int, options=None) -> records.Record:
    info = registry.game(game)
    record = records.Record.new(game, {"players": len(seats), "seats": seats, "options": options or {}}, seed)
    state = info.rules().new_game(seed, len(seats), dict(record.options))
    for _ in range(moves):
        move = state.legal_moves()[0]
        state.play(move)
        record.add(move)
    return record


def words_of(record) -> str:
    return game_in_words(record, record.replay())


def test_continue_names_a_kingen_game_by_its_deal_and_its_people(language):
    seats = ["human", "hard", "normal", "easy"]
    record = saved_game("kingen", 30563, seats, 60)
    state = record.replay()
    a, b, c = (character.name for character in table_cast(30563, 4)[1:])
    assert state.deal_no > 1
    assert words_of(record) == f"Kingen, deal {state.deal_no} of {state.last_deal} against {a}, {b} and {c}"
    language("nl")
    assert words_of(record) == f"Kingen, spel {state.deal_no} van {state.last_deal} tegen {a}, {b} en {c}"


def test_continue_names_every_game_in_its_own_words(language):
    cast = [character.name for character in table_cast(11, 4)]
    quarto = saved_game("quarto", 11, ["human", "hard"], 3)
    assert words_of(quarto) == f"Quarto against {cast[1]}"
    match = saved_game("quarto", 11, ["hard", "human"], 3, {"games": 3})
    assert words_of(match) == f"Quarto, game 1 of 3 against {cast[0]}"
    corners = saved_game("kings_corners", 11, ["human", "easy", "normal"], 4)
    assert words_of(corners).startswith("Kings Corners, hand 1") and \
        words_of(corners).endswith(f"against {cast[1]} and {cast[2]}")
    patience = saved_game("vier_koningen", 11, ["human"], 2)
    assert words_of(patience) == "4 Koningen, round 1"
    keezen = saved_game("keezen", 11, ["human", "hard", "normal", "easy"], 6)
    assert words_of(keezen) == f"Keezen with partner {cast[2]} against {cast[1]} and {cast[3]}"
    watched = saved_game("keezen", 11, ["hard", "hard", "normal", "easy"], 6)
    assert words_of(watched) == f"Keezen: {cast[0]} and {cast[2]} against {cast[1]} and {cast[3]}"
    language("nl")
    assert words_of(keezen) == f"Keezen met partner {cast[2]} tegen {cast[1]} en {cast[3]}"
    assert words_of(patience) == "4 Koningen, ronde 1"
    assert words_of(match) == f"Quarto, partij 1 van 3 tegen {cast[0]}"


def test_continue_on_the_title_screen_says_it_from_the_save(make_app, tmp_path, language):
    from game.app import open_scene
    record = saved_game("kingen", 30563, ["human", "hard", "normal", "easy"], 60)
    (tmp_path / "current_game.json").write_text(json.dumps(record.to_dict()), encoding="utf-8")
    app = make_app(size=(960, 540), data_dir=tmp_path)
    open_scene(app, None, None, False)
    app.tick(1 / 60)
    assert app.top.name == "title" and app.top.saved == words_of(record)
    assert "against" in app.top.saved and t("menu.continue_what", game="Kingen", seed=30563) != app.top.saved
    assert app.top.saved_faces == list(table_cast(30563, 4)[1:])      # their faces on the button, in that order
    keezen = saved_game("keezen", 11, ["normal", "human", "hard", "easy"], 6)
    cast = table_cast(11, 4)
    assert named_faces(keezen) == [cast[3], cast[0], cast[2]]   # the partner (seat 3) first
    lesson = saved_game("kingen", 30563, ["human", "hard", "normal", "easy"], 3)
    lesson.notes["lesson"] = 1
    assert words_of(lesson) == "Kingen: learn to play"


def test_a_scene_names_computers_by_character_and_keezen_keeps_the_colours(make_app):
    from game.play import start_game
    app = make_app(size=(960, 540))
    start_game(app, "keezen", {"players": 4, "seats": ["human", "hard", "normal", "easy"], "options": {}}, 77)
    scene = app.top
    cast = table_cast(77, 4)
    assert [scene.seat_name(seat) for seat in range(4)] == ["You"] + [c.name for c in cast[1:]]
    assert scene.seat_level(0) == "" and scene.seat_level(1) == "expert" and scene.seat_level(3) == "beginner"
    assert scene.seat_character(0) is None and scene.seat_character(2) is cast[2]
    start_game(app, "keezen", {"players": 4, "seats": ["human", "hard", "human", "easy"], "options": {}}, 77)
    assert app.top.seat_name(2) == "Yellow" and app.top.seat_name(1) == cast[1].name


def test_recent_games_name_the_computers_by_their_characters(language):
    from game.menu.recent import record_line
    cast = [character.name for character in table_cast(30563, 4)]
    data = {"game": "kingen", "seats": ["human", "hard", "normal", "easy"], "seed": 30563,
            "ended": "2026-11-25T16:40:00+00:00", "summary": {"outcome": "won"}}
    assert f"against {cast[1]}, {cast[2]} and {cast[3]}" in record_line(data)
    language("nl")
    assert f"tegen {cast[1]}, {cast[2]} en {cast[3]}" in record_line(data)
    language("en")
    assert "against expert, club player, beginner" in record_line({**data, "seed": "damaged"})   # the levels say what they can
    lesson = {**data, "notes": {"lesson": 3}}
    assert f"against {cast[1]}, {cast[2]} and {cast[3]}" in record_line(lesson)     # its words name them so


# ----------------------------------------------------------------------------- faces at Quarto's table and the end

def drawn_portraits(monkeypatch, module) -> list:
    """Record the portraits `module` draws: (character, size) each, the real one drawn."""
    drawn = []
    real = module.portrait

    def recording(character, size):
        drawn.append((character, size))
        return real(character, size)
    monkeypatch.setattr(module, "portrait", recording)
    return drawn


def drawn_plates(monkeypatch) -> list:
    """Record Quarto's plates as drawn: (rect, name, level, detail, lit, character) each."""
    import game.quarto.draw as quarto_draw
    plates = []
    real = quarto_draw.draw_plate

    def recording(surface, rect, u, name, level, detail, active, **kinds):
        plates.append((pygame.Rect(rect), name, level, detail, active, kinds.get("face")))
        real(surface, rect, u, name, level, detail, active, **kinds)
    monkeypatch.setattr(quarto_draw, "draw_plate", recording)
    return plates


@pytest.mark.parametrize("size,couch", [((1920, 1080), False), ((960, 540), False), ((1920, 1080), True)])
def test_quarto_shows_both_players_on_plates_the_computer_with_its_face(make_app, monkeypatch, language, size, couch):
    import game.ui.table.seats as seats
    from game.play import start_game
    from game.quarto import rules
    app = make_app(size=size, couch=couch)
    start_game(app, "quarto", {"players": 2, "seats": ["human", "easy"], "options": {}}, 41)
    scene = app.top
    faces, plates = drawn_portraits(monkeypatch, seats), drawn_plates(monkeypatch)
    app.tick(1 / 60)
    computer = table_cast(41, 2)[1]
    assert [face for face, _ in faces] == [computer], "one face: the computer's, none for the player"
    assert [plate[1:3] for plate in plates] == [("You", ""), (computer.name, "")]
    assert [plate[3] for plate in plates] == ["", "beginner"], "a single game: the level under the name"
    assert [plate[4] for plate in plates] == [seat == scene.state.to_move() for seat in range(2)]
    # the plates lie between the status line and the hand, side by side, inside the window
    layout = scene.layout()
    left, right = layout.plates[0], layout.plates[1]
    assert layout.status.bottom < left.top and right.bottom < layout.hand.top
    assert left.size == right.size and left.right < right.left and right.right <= app.content_rect().right
    assert faces[0][1] <= left.h, "the face fits its plate"
    assert layout.pool[-1].bottom < layout.facts.top <= layout.facts.bottom <= app.content_rect().bottom
    # the lit plate follows the turn
    if not scene.humans_turn:
        scene.state.play(scene.state.random_move())
    scene.apply(next(m for m in scene.state.legal_moves() if isinstance(m, rules.Give) or m.give is not None))
    assert scene.state.to_move() == 1
    plates.clear()
    app.tick(1 / 60)
    assert [plate[4] for plate in plates[:2]] == [False, True], "the computer's turn: its plate is lit"


def test_quarto_plates_of_a_match_say_the_games_won_and_two_humans_have_no_faces(make_app, monkeypatch, language):
    import game.ui.table.seats as seats
    from game.play import start_game
    from test_text_fit import open_screen
    app = make_app()
    assert open_screen(app, "sheet:quarto")         # a match of three, its first game over
    scene = app.top
    plates = drawn_plates(monkeypatch)
    app.tick(1 / 60)
    scores = scene.state.scores()
    assert sum(scores) + scene.state.draws() == 1
    assert [plate[3] for plate in plates[:2]] == [t("quarto.plate.won", n=n) for n in scores]
    assert {t("quarto.plate.won", n=1), t("quarto.plate.won", n=0)} == {"1 game won", "0 games won"}
    assert not any(plate[4] for plate in plates[:2]), "between two games no plate is lit"
    language("nl")
    assert t("quarto.plate.won", n=1) == "1 partij gewonnen" and t("quarto.plate.won", n=2) == "2 partijen gewonnen"
    language("en")
    start_game(app, "quarto", {"players": 2, "seats": ["human", "human"], "options": {}}, 41)
    faces, plates = drawn_portraits(monkeypatch, seats), drawn_plates(monkeypatch)
    app.tick(1 / 60)
    assert faces == [] and [plate[1] for plate in plates] == ["Player 1", "Player 2"]


@pytest.mark.parametrize("game", [info.name for info in registry.playable_games()
                                  if max(info.seats) > 1])     # a game played alone has no computer seat
def test_the_end_screen_shows_each_computer_seat_with_its_face(make_app, monkeypatch, game):
    import game.ui.endings as endings
    from test_text_fit import open_screen
    app = make_app()
    assert open_screen(app, f"result:{game}")
    screen, scene = app.top, app.top.game_scene
    faces = drawn_portraits(monkeypatch, endings)
    app.tick(1 / 60)
    rows = screen.ending.rows
    computers = [scene.seat_character(row[4]) for row in rows if row[4] not in scene.human_seats]
    assert computers and all(computers)
    assert [face for face, _ in faces] == computers, "every computer's row has its face, in the rows' order"
    row_height = screen.layout()["rects"][("row", 0)].h
    assert all(row_height // 2 < size <= row_height for _, size in faces), "sized to the row"
    assert len(rows) - len(computers) == len(scene.human_seats), "a human's row has none"


def test_a_review_names_the_level_the_game_was_played_at(make_app):
    from game.record import random_record
    app = make_app()
    app.review(random_record("quarto", 1).to_dict())      # the player against a "random" seat
    app.tick(1 / 60)
    table = app.top.table
    assert table.seats == ["hard", "hard"], "a review plays every seat itself"
    assert table.seat_level(0) == "" and table.seat_level(1) == "gambler"
