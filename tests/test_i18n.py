"""Translations: both languages hold the same keys with the same placeholders, a count agrees
with its noun (a key's singular form `<key>.one`), and Dutch numbers take the decimal comma."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.ui import i18n
from game.ui.i18n import SINGULAR, fields, set_language, t

ROOT = Path(__file__).resolve().parent.parent / "assets" / "i18n"


def table(language: str) -> dict[str, str]:
    merged = {}
    for path in sorted((ROOT / language).glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


@pytest.fixture
def language():
    yield set_language
    set_language("en")


def test_english_and_dutch_have_the_same_keys_and_placeholders():
    en, nl = table("en"), table("nl")
    assert set(en) == set(nl), sorted(set(en) ^ set(nl))
    different = [key for key in en if fields(en[key]) != fields(nl[key])]
    assert not different, different


def singular_keys(language: str) -> list[str]:
    return sorted(key for key in table(language) if key.endswith(SINGULAR))


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_singular_form_names_its_count(lang):
    """A singular form belongs to a key of its language, uses no placeholder its plain form
    lacks, and either writes the 1 itself (leaving the count out) or keeps `{n}`."""
    texts = table(lang)
    assert singular_keys(lang)
    for key in singular_keys(lang):
        base = key[:-len(SINGULAR)]
        assert base in texts, key
        plain, singular = fields(texts[base]), fields(texts[key])
        assert singular <= plain, key
        assert plain - singular or "n" in singular, f"{key}: no count to choose it by"
        if plain - singular:
            assert "1" in texts[key], f"{key} leaves its count out but does not say 1"


def sample(text: str, count, counts: set[str]) -> dict:
    return {name: (count if name in counts else "X") for name in fields(text)}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_count_of_one_takes_the_singular_and_two_the_plural(language, lang):
    language(lang)
    texts = table(lang)
    for key in singular_keys(lang):
        base = key[:-len(SINGULAR)]
        counts = (fields(texts[base]) - fields(texts[key])) or {"n"}
        assert t(base, **sample(texts[base], 1, counts)) == texts[key].format(**sample(texts[key], 1, counts)), key
        assert t(base, **sample(texts[base], 2, counts)) == texts[base].format(**sample(texts[base], 2, counts)), key
        assert t(base, **sample(texts[base], 0, counts)) == texts[base].format(**sample(texts[base], 0, counts)), key


def test_the_steps_of_a_seven_agree_with_their_number(language):
    language("en")
    assert t("keezen.scene.status.seven_next", n=1) == "7: 1 step left; choose the next pawn"
    assert t("keezen.scene.status.seven_next", n=2) == "7: 2 steps left; choose the next pawn"
    language("nl")
    assert t("keezen.scene.status.seven_end", n=1) == "7: nog 1 stap; waarheen?"
    assert t("keezen.scene.status.seven_end", n=6) == "7: nog 6 stappen; waarheen?"
    assert t("vier_koningen_scene.result.gave_up_line", round=2, turns=1) == "Opgegeven in ronde 2 na 1 beurt."
    assert t("vier_koningen_scene.result.gave_up_line", round=1, turns=2) == "Opgegeven in ronde 1 na 2 beurten."


def test_a_signed_count_keeps_its_sign_and_a_decimal_stays_plural(language):
    language("nl")
    assert t("kings_corners.scene.plate.chips", n="+1") == "+1 fiche"
    assert t("kings_corners.scene.plate.chips", n="-1") == "-1 fiche"
    assert t("kings_corners.scene.plate.chips", n="+11") == "+11 fiches"
    assert t("kings_corners.scene.plate.chips", n="-2") == "-2 fiches"
    assert t("vier_koningen_scene.side.turns", n="1.0") == "1,0 beurten"
    assert t("vier_koningen_scene.side.turns", n=True) == "True beurten"   # not a count of one


def test_a_dutch_number_takes_the_decimal_comma(language):
    params = dict(card="\u2665K", tricks="1.5", deals=400)
    language("en")
    assert t("kingen.hint.card_tricks", **params) == "\u2665K: about 1.5 tricks still to take."
    language("nl")
    assert "nog ongeveer 1,5 slagen" in t("kingen.hint.card_tricks", **params)
    text = t("kingen.hint.game.trump", points="\u221212.4", deals=400, gain=t("kingen.gain.more", n="3.1"))
    assert "\u221212,4 punten" in text and "3,1 meer dan" in text
    assert t("keezen.err.no_pawn", square="a1.5b") == "Er staat geen pion van die kleur a1.5b."   # not a number


# Words the Dutch strings left behind (issue 24): each has a replacement both regions use.
LEFT_BEHIND = {
    r"\b(?:over)?ko(?:op|pen|opt)\b|\bgekocht\b|\boverkopen\b": "troeven, overtroeven (kopen is Flemish only)",
    r"^Geluid uit$": "a setting named by what it turns on",
    r"Bankmodus": "Tv-modus",
    r"H & B|Heren/boeren": "Geen K en J, the rules page's scheme with the cards as the table shows them (issue 32)",
    r"\b(?:maakt|maak) troef\b": "kiest troef, as the rules page and the chooser say",
    r"Spelavond:": "the title screen's subtitle repeating its title",
    r"ongedaan worden": "ongedaan gemaakt worden",
    r"\bvroeger\b": "nu al (vroeger means 'in the past' in the Netherlands)",
    r"\bkaarten elk\b": "elk ... kaarten",
}


def test_no_dutch_string_uses_a_word_it_left_behind():
    found = [f"{key}: {text!r} ({why})" for key, text in table("nl").items()
             for pattern, why in LEFT_BEHIND.items() if re.search(pattern, text)]
    assert not found, "\n".join(found)


def test_undo_is_never_the_word_for_going_back():
    """The undo button says what the legend says, not the menus' word for going back."""
    nl = table("nl")
    buttons = {key: text for key, text in nl.items() if key.endswith("button.undo")}
    assert len(buttons) >= 4
    for key, text in buttons.items():
        assert text.lower() == nl["legend.undo"].lower() != nl["legend.back"].lower(), key


def test_the_fallback_still_names_a_missing_key(language):
    language("nl")
    assert t("no.such.key", n=1) == "no.such.key"
    assert i18n.has("keezen.scene.status.seven_next.one")
