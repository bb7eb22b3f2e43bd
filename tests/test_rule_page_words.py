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
