"""The pictures on the rules screens: every game's page places its pictures in both languages,
each picture shows a position its rules allow (and the rule its caption names), renders
something and differs from the others, and no text on the page lies over a picture."""
from __future__ import annotations

import json

import pygame
import pytest

from game import registry
from game.menu.rules_help import RulesOverlay, layout_page, markers, picture_image, pictures_of, rule_text
from game.paths import asset
from game.ui import text as kit_text
from game.ui.i18n import set_language
from game.ui.rule_picture import render

GAMES = [info.name for info in registry.playable_games()]
CONFIGS = {"960x540": ((960, 540), False), "1920x1080": ((1920, 1080), False), "couch": ((1920, 1080), True)}


@pytest.mark.parametrize("game", GAMES)
def test_the_pages_place_every_picture_once_in_the_same_order(game):
    english, dutch = markers(rule_text(game, "en")), markers(rule_text(game, "nl"))
    assert english == dutch, "the Dutch page places the same pictures, in the same order"
    assert sorted(english) == sorted(pictures_of(game)), "every picture once, and only known ones"


def test_every_picture_has_a_caption_in_both_languages():
    tables = {lang: json.loads(asset("i18n", lang, "rule_pictures.json").read_text(encoding="utf-8"))
              for lang in ("en", "nl")}
    wanted = {f"rule_pictures.{game}.{name}" for game in GAMES for name in pictures_of(game)}
    for lang, table in tables.items():
        assert set(table) == wanted, lang
        assert all(text.strip() for text in table.values())


@pytest.mark.parametrize("game", GAMES)
def test_every_position_is_legal_and_shows_its_rule(game):
    for picture in pictures_of(game).values():
        picture.check()


def test_a_position_that_breaks_the_rules_is_caught():
    """The checks can fail: a move taken from another picture is refused where it is not legal."""
    from game.keezen import rule_pictures as keezen
    saved = keezen.POSITIONS["hit"]
    keezen.POSITIONS["hit"] = (saved[0], "5 b13+5", saved[2])      # no blue pawn stands on 13 there
    try:
        with pytest.raises((AssertionError, ValueError)):
            keezen.check("hit")
    finally:
        keezen.POSITIONS["hit"] = saved
    from game.kingen import rule_pictures as kingen
    saved = kingen.POSITIONS["overtrump"]
    kingen.POSITIONS["overtrump"] = (saved[0], ("9S", "4S"))       # the 4 does not over-trump the 6
    try:
        with pytest.raises(AssertionError):
            kingen.check("overtrump")
    finally:
        kingen.POSITIONS["overtrump"] = saved


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("width", [260, 520])
def test_every_picture_renders_and_differs_from_the_others(make_app, width):
    make_app(size=(960, 540))
    seen = {}
    for game in GAMES:
        for name, picture in pictures_of(game).items():
            image = render(picture, width)
            assert image.get_width() == width and image.get_height() == round(width / picture.aspect)
            colours = {image.get_at((x, y))[:3] for x in range(0, width, 7) for y in range(0, image.get_height(), 7)}
            assert len(colours) > 20, f"{game} {name} is nearly blank"
            pixels = _pixels(image)
            assert pixels not in seen, f"{game} {name} looks like {seen.get(pixels)}"
            seen[pixels] = f"{game} {name}"


@pytest.mark.parametrize("config", list(CONFIGS))
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_rules_screen_shows_its_pictures_and_no_text_over_them(make_app, language, config):
    size, couch = CONFIGS[config]
    for game in GAMES:
        app = make_app(size=size, couch=couch)
        app.store.settings["language"] = language
        set_language(language)
        overlay = RulesOverlay(app, game)
        app.push(overlay)
        with kit_text.recording() as records:
            app.tick(1 / 60)
        inner = overlay._inner()
        page = overlay._page(inner.w, inner.h)
        assert sorted(name for name, _ in page.pictures) == sorted(pictures_of(game)), game
        image = overlay._image
        texts = [(text, rect) for surface, text, rect, *_ in records if surface is image]
        assert texts, "the page's text was drawn on its image"
        for name, rect in page.pictures:
            assert image.get_rect().contains(rect), f"{game} {name} lies on the page"
            assert rect.h <= inner.h, f"{game} {name} fits in the view"
            over = [text for text, box in texts if box.colliderect(rect)]
            assert not over, f"{game} {name} ({language}, {config}) lies under {over}"
        for (_, one), (_, other) in zip(page.pictures, page.pictures[1:]):
            assert not one.colliderect(other)
        for name, rect in page.pictures:      # scrolled into view, each shows where the page places it
            overlay.scroll = float(rect.y)
            app.tick(1 / 60)
            kept = picture_image(game, name, rect.w, False)
            middle = (inner.x + rect.centerx, inner.y + rect.centery - int(overlay.scroll))
            assert app.screen.get_at(middle) == kept.get_at((rect.w // 2, rect.h // 2)), f"{game} {name} in view"


def test_a_wide_page_sets_pictures_beside_the_text_and_a_narrow_one_between_it():
    set_language("en")
    text = rule_text("quarto", "en")
    wide = layout_page("quarto", text, 1220, 1.0, 990)
    narrow = layout_page("quarto", text, 610, 0.5, 453)
    for _, rect in wide.pictures:
        assert rect.x > 500, "beside the paragraph, on the right"
    for _, rect in narrow.pictures:
        beside = [line for line in narrow.lines if line[4][1] >= rect.y and line[4][1] < rect.bottom]
        assert not beside, "nothing beside a picture on a narrow page"


@pytest.mark.parametrize("action", ["keys", "wheel"])
def test_scrolling_reaches_the_last_picture(make_app, action):
    from game.ui import input as inp
    app = make_app(size=(960, 540))
    overlay = RulesOverlay(app, "keezen")
    app.push(overlay)
    app.tick(1 / 60)
    inner = overlay._inner()
    page = overlay._page(inner.w, inner.h)
    last = page.pictures[-1][1]
    for _ in range(200):
        if action == "keys":
            overlay.handle(inp.Action(inp.DOWN, inp.KEYBOARD))
        else:
            overlay.handle(inp.Action(inp.SCROLL, inp.MOUSE, amount=-1))
    assert overlay.scroll + inner.h >= last.bottom, "the last picture comes into view"
    assert overlay.scroll == max(0.0, page.height - inner.h), "and no further than the page's end"


def test_the_first_frame_makes_only_the_pictures_in_view_and_the_next_frames_the_rest(make_app, monkeypatch):
    """(issue 34) All of Keezen's pictures in the first frame took it 120 ms at 1920x1080: it makes
    those in view, each frame after with time to spare one more, so a scroll finds every one made."""
    from game.menu import rules_help
    monkeypatch.setattr(rules_help, "_pictures", {})
    app = make_app(size=(960, 540))
    overlay = RulesOverlay(app, "keezen")
    app.push(overlay)
    app.draw(0.0)
    inner = overlay._inner()
    pictures = overlay._page(inner.w, inner.h).pictures
    in_view = {name for name, rect in pictures if rect.colliderect(pygame.Rect(0, 0, inner.w, inner.h))}

    def made():
        return {name for name, rect in pictures if rules_help.picture_made("keezen", name, rect.w, False)}
    assert made() == in_view and len(in_view) < len(pictures)
    monkeypatch.setattr(app, "spare", lambda: 0.0)
    app.tick(1 / 60)
    assert made() == in_view, "a frame with no time to spare makes none"
    monkeypatch.setattr(app, "spare", lambda: 1.0)
    for _ in pictures:
        app.tick(1 / 60)
    assert made() == {name for name, _ in pictures}


def test_the_text_in_view_is_the_page_s_text_at_every_scroll(make_app):
    """(issue 34) A page draws the lines in view, again as it scrolls (its whole text took Keezen's
    first frame 35 ms): the same pixels as the whole page's text, lines cut at either edge too."""
    app = make_app(size=(960, 540))
    overlay = RulesOverlay(app, "kings_corners")
    app.push(overlay)
    inner = overlay._inner()
    with kit_text.recording():      # (a recorder is told the whole page)
        whole = overlay._page_image(inner)[0].copy()
    assert whole.get_height() > 2 * inner.h
    for scroll in (0.0, 37.6, whole.get_height() - inner.h - 1.0):
        overlay.scroll = scroll
        image, top = overlay._page_image(inner)
        assert (top, image.get_size()) == (int(scroll), inner.size)
        assert pygame.image.tobytes(image, "RGBA") == \
            pygame.image.tobytes(whole.subsurface((0, top, inner.w, inner.h)), "RGBA"), scroll
