"""The rules pages a player reads (assets/rules/) and the lessons, held to the player's words
(docs/player-words.md) where a machine can tell: a page names what the screen shows by the
name the screen gives it. Each page is a short text read from disk: these checks take
milliseconds."""
from __future__ import annotations

import importlib
import re

import pytest

from game import registry
from game.menu.rules_help import rule_text
from test_i18n import table
from test_player_words import ONLY_PERSON, PERSON


def switches(game: str) -> list:
    """The game's options that are switched on or off in the setup (a page explains each)."""
    return [option for option in importlib.import_module(f"game.{game}.rules").OPTIONS
            if option.choices == (False, True)]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_rules_page_names_each_switch_as_the_setup_does(lang):
    """A rule the setup switches on or off is named on its page by the setup's name for it
    ("Exchange a card", not "Card exchange"), so a player finds it there."""
    texts = table(lang)
    missing = [f"{game}: {texts[option.label]}" for game in registry.GAMES for option in switches(game)
               if texts[option.label] not in rule_text(game, lang)]
    assert not missing, missing


# the keys as the bar at the bottom of the screen writes them, or as a page spelt them out
# (Home, End, Start and Back are also words a page uses): a page names the button or the
# action, and that bar shows the keys of the device in use
KEY_NAMES = ("Enter", "Esc", "PgUp", "PgDn", "Tab", "Backspace", "\u232b", "LB", "RB", "arrows", "pijltjes")


@pytest.mark.parametrize("lang", ["en", "nl", "nl-BE"])
def test_no_rules_page_names_a_key(lang):
    """"Last trick (PgUp, LB or the button)" was one keyboard's and one gamepad's keys in a
    sentence; the bar at the bottom shows each device's own, mouse and couch included."""
    from game.ui.input import GAMEPAD, KEYBOARD, LEGEND_NAMES
    assert {"Enter", "PgUp", "Tab"} <= set(LEGEND_NAMES[KEYBOARD].values())
    assert {"LB", "RB"} <= set(LEGEND_NAMES[GAMEPAD].values())
    found = [f"{game}: {key}" for game in registry.GAMES for key in KEY_NAMES
             if re.search(rf"(?<!\w){re.escape(key)}(?!\w)", rule_text(game, lang))]
    assert not found, found


def test_no_rules_page_calls_a_person_it():
    """A sentence of an English page about a computer player or the helper says they, their
    or a name ("Computer players always call their own lines"), never "its", as the game's
    strings do (test_player_words' ONLY_PERSON)."""
    found = [f"{game}: {sentence}" for game in registry.GAMES
             for sentence in re.split(r"(?<=[.;:!?])\s+|\n", rule_text(game, "en")) if PERSON.search(sentence)
             for pattern in ONLY_PERSON if re.search(pattern, sentence, re.I)]
    assert not found, found


def lesson_lines(lang: str) -> tuple[dict, dict]:
    """(the lessons' lines, every string) in `lang` (Flemish over the Dutch it replaces)."""
    texts = {**table("nl"), **table("nl-BE")} if lang == "nl-BE" else table(lang)
    return {key: text for key, text in texts.items() if key.startswith("lesson.") or ".lesson." in key}, texts


@pytest.mark.parametrize("lang", ["en", "nl", "nl-BE"])
def test_a_lesson_names_a_button_or_option_as_the_screen_shows_it(lang):
    """A lesson line names a button or an option in quotes, in the words the screen shows
    (‘Next deal’, ‘Attributes that count’), as a choice: never "press Next deal", nor in
    straight quotes beside the curly ones of the other lines."""
    lines, texts = lesson_lines(lang)
    shown = {re.sub(r"\s*\(\{\w+\}/\{\w+\}\)$", "", text) for text in texts.values()}   # 'Take in hand (2/5)'
    found = [f"{key}: ‘{name}’" for key, text in lines.items() for name in re.findall(r"‘([^’]+)’", text)
             if name not in shown]
    found += [f"{key}: {text!r}" for key, text in lines.items() if re.search(r"(?<![\w}])'\w|\bpress\b|\bdruk", text, re.I)]
    assert not found, found


@pytest.mark.parametrize("lang", ["en", "nl", "nl-BE"])
def test_the_lessons_name_the_keys_that_go_on_and_stop(lang):
    """The lessons name keys on purpose ("Go on: Enter, A or a click here"): the keys named
    are the ones that do it, on the keyboard and on a gamepad (couch mode): Confirm goes on,
    Menu (Esc, Start) opens the pause menu with its way out."""
    import pygame

    from game.ui.input import BUTTONS, CONFIRM, GAMEPAD, KEYBOARD, KEYS, LEGEND_NAMES, MENU
    lines, texts = lesson_lines(lang)
    # the keys so named do it (the legend's names are the bar's, the maps what a key does)
    assert (KEYS[pygame.K_RETURN], KEYS[pygame.K_ESCAPE]) == (CONFIRM, MENU)
    assert (BUTTONS[pygame.CONTROLLER_BUTTON_A], BUTTONS[pygame.CONTROLLER_BUTTON_START]) == (CONFIRM, MENU)
    assert [LEGEND_NAMES[device][action] for device in (KEYBOARD, GAMEPAD) for action in (CONFIRM, MENU)] == \
        ["Enter", "Esc", "A", "Start"]
    for device in (KEYBOARD, GAMEPAD):
        confirm, menu = LEGEND_NAMES[device][CONFIRM], LEGEND_NAMES[device][MENU]
        for key in ("lesson.go_on", "lesson.play_on"):
            assert re.search(rf"\b{confirm}\b", lines[key]), (device, key, lines[key])
        assert re.search(rf"\b{menu}\b", lines["lesson.play_on"]), (device, lines["lesson.play_on"])
    assert texts["pause.quit"] in lines["lesson.play_on"]


# each game's English words that another word of the same game names already (the Dutch ones
# are in test_player_words' TERMS), on its rules page and in its lesson
ENGLISH_TERMS = {
    "keezen": {r"\bput a new pawn\b|\benter(s|ing)? (while|from)\b|\bEntering\b":
               "bring out a pawn, as the lessons, hints and review say ('enter' is for the home)"},
    "kings_corners": {r"\bboard\b": "the table (Kings Corners has no board)",
                      r"\bdraw pile\b": "the stock"},
    "quarto": {r"\bsheet\b": "the rules (the player has no sheet)"},
}


@pytest.mark.parametrize("game", sorted(ENGLISH_TERMS))
def test_each_english_page_and_lesson_uses_the_games_own_terms(game):
    lines, _ = lesson_lines("en")
    said = [rule_text(game, "en")] + [text for key, text in lines.items() if key.startswith(f"{game}.")]
    found = [f"{why}: {text[:80]!r}" for text in said for pattern, why in ENGLISH_TERMS[game].items()
             if re.search(pattern, text)]
    assert not found, found
