"""Translations: every visible string goes through `t(key)`.

Strings live in `assets/i18n/<language>/*.json` (flat key -> text objects, one file per
area: the shell's own in shell.json, each game's in <game>.json). A missing key falls back
to English, then to the key itself, so a forgotten string shows up plainly instead of
crashing the game.
"""
from __future__ import annotations

import json
import locale
import os

from game.paths import asset

LANGUAGES = {"nl": "Nederlands", "en": "English"}
FALLBACK = "en"

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


def has(key: str) -> bool:
    return key in _load(_current) or key in _load(FALLBACK)


def t(key: str, **params) -> str:
    text = _load(_current).get(key)
    if text is None:
        text = _load(FALLBACK).get(key, key)
    if params:
        try:
            return text.format(**params)
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
