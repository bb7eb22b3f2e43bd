"""Translations: every visible string goes through `t(key)`.

Strings live in `assets/i18n/<language>/*.json` (flat key -> text objects, one file per
area: the shell's own in shell.json, each game's in <game>.json). A missing key falls back
to English, then to the key itself, so a forgotten string shows up plainly instead of
crashing the game.

Counts agree with their nouns: a key may have a singular form `<key>.one` in the same table,
which `t` uses when its count is one, so callers pass their parameters as before. The count is
the placeholder the singular form leaves out, writing the 1 itself ("{n} steps left", "1 step
left"; "after {turns} turns", "after 1 turn"): the form is chosen when that parameter is 1, so
it never says 1 of another number. A singular form that leaves no placeholder out counts `{n}`
and keeps it, for a signed count ("{n} chips", "{n} chip": "+1 chip", "-1 chip"). Decimals
("1.0") stay plural, as both languages say them.

A number given as text to a Dutch string takes the decimal comma ("-12.4" reads "-12,4").

A regional variant (`nl-BE`, Flemish) holds only the strings its players say differently;
every other key comes from its base language (`nl`), then from English. A chance is said as
a player says it ("about 3 games in 4", `odds`), never as a percentage of a search.
"""
from __future__ import annotations

import json
import locale
import os
import re
import string
from contextlib import contextmanager

from game.paths import asset

LANGUAGES = {"nl": "Nederlands", "nl-BE": "Nederlands (België)", "en": "English"}
BASE = {"nl-BE": "nl"}     # a regional variant: only its own strings, the rest from its base
FALLBACK = "en"
SINGULAR = ".one"          # the suffix of a key's singular form
WHY = ".why"               # the suffix of a reason told about the computer who played it
DECIMAL_COMMA = {"nl", "nl-BE"}     # languages writing 12,4 for 12.4
# the fractions a chance is said in ("3 in 4"), a player's words rather than a percentage
FRACTIONS = ((1, 2), (1, 3), (2, 3), (1, 4), (3, 4), (1, 5), (2, 5), (3, 5), (4, 5), (1, 10), (9, 10))
_DECIMAL = re.compile(r"[+\-\u2212]?\d+\.\d+")

_tables: dict[str, dict[str, str]] = {}
_current = FALLBACK
_asked: set[str] | None = None     # the keys `t` is asked for inside `keys_asked`


def _load(language: str) -> dict[str, str]:
    if language not in _tables:
        table: dict[str, str] = dict(_load(BASE[language])) if language in BASE else {}
        folder = asset("i18n", language)
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
            try:
                table.update(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                continue  # a broken translation file must not stop the game; English fills in
        _tables[language] = table
    return _tables[language]


def system_language() -> str:
    """Flemish for a Belgian Dutch locale (nl_BE), Dutch for another Dutch one (nl_NL, ...),
    else English."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(variable, "")
        if value:
            return _from_locale(value)
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return _from_locale(code)


def _from_locale(code: str) -> str:
    code = code.lower().replace("-", "_")
    if code.startswith("nl_be") or code.startswith("dutch_belgium"):
        return "nl-BE"
    return "nl" if code.startswith(("nl", "dutch")) else "en"


def set_language(language: str) -> None:
    global _current
    _current = language if language in LANGUAGES else FALLBACK
    _load(_current)


def language() -> str:
    return _current


@contextmanager
def speaking(language: str):
    """Translate in `language` inside the block, then in the player's language again: the
    words of a phone seat in its phone's language, made on the loop's thread between frames
    (never from another thread: the TV's language is this module's one current language)."""
    global _current
    before = _current
    _current = language if language in LANGUAGES else FALLBACK
    _load(_current)
    try:
        yield
    finally:
        _current = before


@contextmanager
def keys_asked():
    """The keys `t` is asked for inside the block, as a set: which words a screen reads (the
    catalogue's checks read a screen with no Flemish words of its own once for both Dutch)."""
    global _asked
    before, _asked = _asked, set()
    try:
        yield _asked
    finally:
        _asked = before


def has(key: str) -> bool:
    return key in _load(_current) or key in _load(FALLBACK)


def fields(text: str) -> set[str]:
    """The names of the placeholders in a text ("{n} of {of}": n and of)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}
    except ValueError:
        return set()


def is_one(value, signed: bool = False) -> bool:
    """Whether a count is exactly one: 1 or "1" (with `signed`, also -1, "+1", "-1", "\u22121";
    never "1.0")."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return (abs(value) if signed else value) == 1
    if isinstance(value, str):
        value = value.strip()
        return (value.replace("\u2212", "-").lstrip("+-") if signed else value) == "1"
    return False


def _text(table: dict[str, str], key: str, params: dict) -> str | None:
    text = table.get(key)
    if text is None or not params:
        return text
    singular = table.get(key + SINGULAR)
    if singular is not None:
        counts = fields(text) - fields(singular)
        if counts and all(is_one(params.get(name)) for name in counts):
            return singular
        if not counts and "n" in fields(singular) and is_one(params.get("n"), signed=True):
            return singular
    return text


def _localise(value, language: str):
    if language in DECIMAL_COMMA and isinstance(value, str) and _DECIMAL.fullmatch(value):
        return value.replace(".", ",")
    return value


def t(key: str, **params) -> str:
    if _asked is not None:
        _asked.add(key)
    language = _current
    text = _text(_load(language), key, params)
    if text is None:
        language = FALLBACK
        text = _text(_load(language), key, params)
    if text is None:
        return key
    if params:
        try:
            return text.format(**{name: _localise(value, language) for name, value in params.items()})
        except (KeyError, IndexError, ValueError):
            return text
    return text


def explain(reason, adjust=None, about: str | None = None) -> str:
    """A reason (a helper's, or a rules error's) in the player's language: its `key` with its
    `params` (changed by `adjust` first, when given) where the language has that key, else
    its own plain text. With `about`, a computer's name: the reason told about that person
    (the key's `.why` form, "Fien had no card that fitted..."), never as an order to the
    player. A `percent` chance is also given as `odds` ("about 3 games in 4") and `deal_odds`."""
    key = getattr(reason, "key", "")
    if about is not None and key:
        key += WHY
    if not key or not has(key):
        return str(reason)
    params = with_odds(dict(getattr(reason, "params", None) or {}))
    if adjust:
        params = adjust(params)
    if about is not None:
        params["name"] = about
    return t(key, **params)


def with_odds(params: dict) -> dict:
    """A reason's parameters as its words use them: a `percent` chance also as `odds` ("about
    3 games in 4") and `deal_odds` ("about 3 deals in 4"), and the chance against it as
    `taken_odds` (a clean deal's chance said as the taking: "you take a queen in hardly a deal",
    never the double no of "no queen in hardly a deal")."""
    if isinstance(params.get("percent"), (int, float)):
        chance = params["percent"] / 100
        return {**params, "odds": odds(chance), "deal_odds": odds(chance, "deals"), "taken_odds": odds(1 - chance, "deals")}
    return params


def odds(chance: float, noun: str = "games") -> str:
    """A chance (0 to 1) as a player says it, by the keys `odds.<noun>` ("about {k} games in
    {n}"), `odds.<noun>.all` and `odds.<noun>.none` for the ends: the nearest simple fraction."""
    chance = min(1.0, max(0.0, float(chance)))
    if chance >= 0.95:
        return t(f"odds.{noun}.all")
    if chance <= 0.05:
        return t(f"odds.{noun}.none")
    k, n = min(FRACTIONS, key=lambda fraction: (abs(chance - fraction[0] / fraction[1]), fraction[1]))
    return t(f"odds.{noun}", k=k, n=n)


def keys(language: str) -> set[str]:
    return set(_load(language))
