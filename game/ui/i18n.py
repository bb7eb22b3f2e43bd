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
"""
from __future__ import annotations

import json
import locale
import os
import re
import string
from contextlib import contextmanager

from game.paths import asset

LANGUAGES = {"nl": "Nederlands", "en": "English"}
FALLBACK = "en"
SINGULAR = ".one"          # the suffix of a key's singular form
DECIMAL_COMMA = {"nl"}     # languages writing 12,4 for 12.4
_DECIMAL = re.compile(r"[+\-\u2212]?\d+\.\d+")

_tables: dict[str, dict[str, str]] = {}
_current = FALLBACK


def _load(language: str) -> dict[str, str]:
    if language not in _tables:
        table: dict[str, str] = {}
        folder = asset("i18n", language)
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
            try:
                table.update(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                continue  # a broken translation file must not stop the game; English fills in
        _tables[language] = table
    return _tables[language]


def system_language() -> str:
    """Dutch when the system locale is Dutch (nl_NL, nl_BE, ...), else English."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(variable, "")
        if value:
            return "nl" if value.lower().startswith("nl") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "nl" if code.lower().startswith(("nl", "dutch")) else "en"


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


def explain(reason, adjust=None) -> str:
    """A reason (a helper's, or a rules error's) in the player's language: its `key` with its
    `params` (changed by `adjust` first, when given) where the language has that key, else
    its own plain text."""
    key = getattr(reason, "key", "")
    if not key or not has(key):
        return str(reason)
    params = dict(getattr(reason, "params", None) or {})
    return t(key, **(adjust(params) if adjust else params))


def keys(language: str) -> set[str]:
    return set(_load(language))
