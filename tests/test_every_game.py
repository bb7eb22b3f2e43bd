"""What every game on the title screen must provide (docs/adding-a-game.md, "Required"): each
check runs over the registry's playable games, so a sixth game is held to it by existing, and
a failure names the part the game lacks and the file it belongs in."""
import json
import random

import pytest

from ai import make_bot
from game import registry
from game.lesson import check, lesson_of
from game.menu.rules_help import pictures_of, rule_text
from game.paths import asset
from game.ui.i18n import WHY
from lessons import check_words

GAMES = [info.name for info in registry.playable_games()]
LANGUAGES = ("en", "nl")
LEAST_PICTURES = 2      # a rule page shows the rules at work at least twice


@pytest.mark.parametrize("game", GAMES)
def test_a_title_and_a_tagline_in_both_languages(game):
    info = registry.game(game)
    for language in LANGUAGES:
        shell = json.loads(asset("i18n", language, "shell.json").read_text(encoding="utf-8"))
        missing = [key for key in (info.title, f"{info.title}.tagline") if not shell.get(key, "").strip()]
        assert not missing, f"{game}: the title screen's {missing} are missing from assets/i18n/{language}/shell.json"


def missing_pages(game: str) -> list[str]:
    """The game's rule pages that are not there (the rules screen would show another language's)."""
    pages = [f"{game}.{language}.md" for language in LANGUAGES]
    return [f"assets/rules/{page}" for page in pages if not asset("rules", page).is_file()]


@pytest.mark.parametrize("game", GAMES)
def test_a_rule_page_in_both_languages(game):
    assert not missing_pages(game), f"{game}: no rule page {missing_pages(game)}"
    assert all(rule_text(game, language).strip() for language in LANGUAGES), f"{game}: an empty rule page"


def test_a_missing_rule_page_is_named():
    """The rules screen falls back to the English page: the check looks at the files."""
    assert missing_pages("no_such_game") == ["assets/rules/no_such_game.en.md", "assets/rules/no_such_game.nl.md"]


@pytest.mark.parametrize("game", GAMES)
def test_rule_pictures(game):
    found = len(pictures_of(game))
    assert found >= LEAST_PICTURES, \
        f"{game}: {found} rule pictures; game/{game}/rule_pictures.py shows the rules at work " \
        f"at least {LEAST_PICTURES} times"


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_that_its_rules_play_through(game):
    lesson = lesson_of(game)
    assert lesson is not None, f"{game}: no guided first game (LESSON in game/{game}/lesson.py)"
    check(lesson, registry.game(game).rules())
    check_words(lesson, game)      # assets/i18n/*/<game>_lesson.json


@pytest.mark.parametrize("game", GAMES)
def test_computer_players_at_every_level(game):
    info = registry.game(game)
    state = info.rules().new_game(7, max(info.seats), {})
    seat = state.to_move()
    for level in ("easy", "normal", "hard"):
        try:
            bot = make_bot(game, level, random.Random(level).randrange(10**6))
        except ValueError as error:
            raise AssertionError(f"{game}: no computer player at {level} (make in ai/{game}.py): {error}") from None
        assert bot.choose(state.view(seat)) in state.legal_moves(), f"{game}: the {level} player chose an illegal move"


def words_of(language: str) -> dict:
    table = {}
    for path in sorted(asset("i18n", language).glob("*.json")):
        table.update(json.loads(path.read_text(encoding="utf-8")))
    return table


@pytest.mark.parametrize("game", [name for name in GAMES if max(registry.game(name).seats) > 1])   # a computer plays
def test_a_hint_in_words_and_told_about_the_computer_who_played_it(game):
    """A hint's reason is the key `<game>.hint.<what>`, said in both languages, with its `.why`
    form: "Why?" after a computer's move tells the same reason about that person."""
    info = registry.game(game)
    state = info.rules().new_game(7, max(info.seats), {})
    _move, reason = make_bot(game, "normal", 1).hint(state.view(state.to_move()))
    key = getattr(reason, "key", "")
    assert key.startswith(f"{game}.hint."), f"{game}: the hint's reason has no key {game}.hint.<what> ({reason!r})"
    for language in LANGUAGES:
        table = words_of(language)
        hints = [name for name in table if name.startswith(f"{game}.hint.") and not name.endswith((WHY, ".one"))]
        missing = [name + WHY for name in dict.fromkeys(hints + [key]) if name + WHY not in table]
        assert not missing, f"{game}: assets/i18n/{language}/ lacks the reasons told about a computer, {missing}"
