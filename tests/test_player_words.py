"""The player's words (docs/player-words.md), where a machine can tell: every language holds
the same keys and placeholders (Flemish only what Flemish players say otherwise); a computer's
reason is told about that person, never as an order; no sentence calls a person "it" nor
counts a search's tries; each game's Dutch uses its own terms and not the ones the guide
bans; no composed sentence of a real game shows a move code."""
from __future__ import annotations

import importlib
import json
import random
import re
from pathlib import Path

import pytest

from game import registry
from game.menu.rules_help import rule_text
from game.phones import views as phone_views
from game.ui import i18n
from game.ui.i18n import WHY, explain, fields, set_language, system_language, t
from test_i18n import table


@pytest.fixture
def speak():
    """`set_language`, and English again after the test."""
    yield set_language
    set_language("en")


# -- languages --------------------------------------------------------------------------------
def test_flemish_holds_only_its_own_words_with_the_dutch_placeholders():
    nl, be = table("nl"), table("nl-BE")
    assert be, "no Flemish strings"
    assert set(be) <= set(nl), sorted(set(be) - set(nl))
    assert not [key for key in be if fields(be[key]) != fields(nl[key])]
    assert not [key for key in be if be[key] == nl[key]], "a Flemish string that says what the Dutch one does"


@pytest.mark.parametrize("lang", ["en", "nl", "nl-BE"])
def test_each_string_is_written_once(lang):
    """A key lives in one file of its language: a second file's string of the same key hides
    the first without a word (the later file wins), and the hidden one goes stale."""
    owners: dict[str, list[str]] = {}
    for path in sorted((i18n.asset("i18n", lang)).glob("*.json")):
        for key in json.loads(path.read_text(encoding="utf-8")):
            owners.setdefault(key, []).append(path.name)
    assert not {key: files for key, files in owners.items() if len(files) > 1}


@pytest.mark.parametrize("locale,expected", [("nl_BE.UTF-8", "nl-BE"), ("nl_NL.UTF-8", "nl"), ("en_GB.UTF-8", "en"),
                                             ("nl-BE", "nl-BE"), ("fr_BE.UTF-8", "en")])
def test_the_first_start_follows_the_system_locale(monkeypatch, locale, expected):
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", locale)
    assert system_language() == expected


def test_flemish_says_kingen_as_its_source_sheet_and_the_rest_as_dutch(speak):
    speak("nl-BE")
    assert t("kingen.err.trump", suit="\u2665") == "Je kunt \u2665 niet volgen: je moet kopen."
    assert t("kingen.err.overtrump", card="\u26606") == "De slag is gekocht met de \u26606: je moet overkopen."
    assert t("keezen.err.home_back") == table("nl")["keezen.err.home_back"]        # from the Dutch
    assert t("no.such.key") == "no.such.key"
    assert "volgen" in rule_text("kingen", "nl-BE") and "bekennen" not in rule_text("kingen", "nl-BE")
    assert rule_text("keezen", "nl-BE") == rule_text("keezen", "nl")              # no page of its own: the Dutch
    assert "Nederlands" in i18n.LANGUAGES["nl-BE"]


# -- a computer's reasons ---------------------------------------------------------------------
REASON = re.compile(r"\.hint\.|^vier_koningen\.why\.|^mcts\.")
ORDER = {"en": re.compile(r"\byou(r|rs)?\b", re.I), "nl": re.compile(r"\b(je|jij|jou|jouw)\b", re.I)}


def reason_keys(texts: dict) -> list[str]:
    return sorted(key for key in texts if REASON.search(key) and WHY not in key and not key.endswith(".one"))


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_reason_is_also_told_about_the_computer_who_played_it(lang):
    """'Why?' after a computer's move says its hint's reason about that person, by name and in
    the third person: "Fien had no card that fitted...", never "end your turn"."""
    texts = table(lang)
    keys = reason_keys(texts)
    assert len(keys) > 50
    for key in keys:
        told = texts.get(key + WHY)
        assert told is not None, f"{key} has no {WHY} form"
        assert "name" in fields(told) and fields(told) - {"name"} <= fields(texts[key]) | {"odds", "deal_odds"}, key
        assert not ORDER[lang].search(told), f"{key + WHY} speaks to the player: {told!r}"


def test_why_names_the_person_and_says_a_chance_as_a_player_does(speak):
    from ai import Reason
    speak("en")
    reason = Reason("...", "keezen.hint.give", card="Q", percent=74)
    assert explain(reason) == "give your partner the Q (your team wins about 3 games in 4)"
    assert explain(reason, about="Fien") == "Fien gave the partner the Q: with that the team wins about 3 games in 4"
    assert (i18n.odds(0.5), i18n.odds(0.1, "deals")) == ("about 1 game in 2", "about 1 deal in 10")
    speak("nl")
    assert explain(reason, about="Fien") == \
        "Fien gaf de partner de Q: daarmee wint dat team ongeveer 3 van de 4 spellen"
    assert i18n.odds(0.97) == "bijna elk spel" and i18n.odds(0.5) == "ongeveer 1 van de 2 spellen"


# -- forbidden phrasings ------------------------------------------------------------------------
IT_DOES = r"\bgive it\b|\bit (took|takes|played|plays|wins|won|draws|drew|led|leads|chose|chooses)\b"
PERSON = re.compile(r"\{(name|names|who|a|b)\}|\b[Cc]omputer\b|\b[Hh]elper\b")   # a sentence about a person
FORBIDDEN = {
    "en": {
        r"\bits\b|\bitself\b": "'its' about a person (a key that names one)",
        IT_DOES: "'it' for a person",
        r"\bsimulated\b|\btries\b|\bsamples?\b|\biterations?\b|\bnodes?\b|\bvisits\b": "a search's own counts",
        r"\bon average over\b|own search|judgement of that moment": "the program talking about itself",
        r"\bpress (enter|confirm|(?-i:[A-Z][a-z]*))\b|\benter or back\b":
            "one device's key, or the action's inner name, where a button is named",
        r"\bwent for \{move\}": "'went for' before a move said as a phrase ('went for playing the 4')",
        r"\bswaps with \{colour\} ": "swaps with {colour}'s pawn: a colour names a player, not a pawn",
        r"\b(chose|chosen): \{": "a move as a label after a colon ('Bert chose: placing it on c4')",
        r"\bresult was there\b": "a result 'there', not what each move comes to ('that one draws')",
        r"^the only way to\b": "a sentence without its verb ('The only way to avoid …')",
    },
    "nl": {
        r"gesimuleerd|\bpoging|zoektocht|steekproef": "a search's own counts",
        r"ging verloren|in de eigen\b|beoordeling van dat moment": "the program talking about itself",
        r"\bdruk op (enter|(?-i:[A-Z]))\b|\bmet enter of\b": "one device's key where a button is named",
        r"\bkoos voor \{move\}": "'koos voor' before a move said as an infinitive ('koos voor de 4 spelen')",
        r"\b(koos|gekozen voor): \{": "a move as a label after a colon ('Bert koos: op c4 zetten')",
        r"\bzat (\w+ )?een beter resultaat in\b": "a result 'erin', not what each move comes to ('die speelt remise')",
        r"^de enige manier om\b": "a sentence without its verb ('De enige manier om …')",
    },
}
ONLY_PERSON = {r"\bits\b|\bitself\b", IT_DOES}
# where a percentage is the player's own number: progress, a win rate (and the review graph's
# axis of the chance to win); a chance lost is said in games ("that one wins about 3 games in 4")
PERCENT_ALLOWED = {"review.analysing", "review.analysing_computers", "stats.win_rate"}


@pytest.mark.parametrize("lang", ["en", "nl", "nl-BE"])
def test_no_string_uses_a_phrasing_the_guide_forbids(lang):
    texts = table(lang)
    found = []
    for key, text in texts.items():
        for pattern, why in FORBIDDEN["en" if lang == "en" else "nl"].items():
            if pattern in ONLY_PERSON and not PERSON.search(text):
                continue
            if re.search(pattern, text, re.I):
                found.append(f"{key}: {text!r} ({why})")
        if "%" in text and key not in PERCENT_ALLOWED and not key.startswith(("phones.", "review.axis.")):
            found.append(f"{key}: {text!r} (a percentage where a player's number belongs)")
    assert not found, "\n".join(found)


def test_the_review_and_why_never_call_a_move_or_its_player_it():
    texts = table("en")
    said = {key: text for key, text in texts.items() if key.startswith(("review.", "why.")) or WHY in key}
    assert not [key for key, text in said.items() if re.search(r"\bit\b", text, re.I)]


# -- each game's own words ------------------------------------------------------------------------
def elsewhere(game: str) -> tuple:
    """The keys of a game's words outside its own files: its end screen, rule pictures, phone
    page and title line."""
    return tuple(f"{part}.{game}." for part in ("endings", "rule_pictures", "phones", "game"))


# (the keys of a game, its Dutch words the guide bans, and why)
TERMS = {
    "keezen": (("keezen.", *elsewhere("keezen")), {
        r"\bstartvakje\b": "startpositie (the NK sheet)",
        r"\bhuis\b|huisvak": "honk (the NK sheet)",
        r"\bthuis\b": "binnen (the NK sheet: 'de 8 pionnen binnen')",
        r"\bnest\b": "startvakjes (where the pawns wait)",
        r"\bkoning\b|\bopkom": "heer, opzetten",
        r"\bruilt met \{colour\}": "ruilt met de pion van {colour}: a colour names a player, not a pawn",
    }),
    "kingen": (("kingen.", *elsewhere("kingen")), {
        r"\b(over)?(koop|kopen|kocht)\b|\bgekocht\b": "troeven, overtroeven (kopen is Flemish: nl-BE)",
        r"\bvrouw|\bkoningin": "dame (the rules page)",
        r"\bvolgen\b": "bekennen (volgen is Flemish: nl-BE)",
    }),
    "vier_koningen": (("vier_koningen", *elsewhere("vier_koningen")), {
        r"\bhe(er|ren)\b|\bvrouw": "koning, koningin (the source sheet)",
        r"\bslag": "verloren kaarten: 4 Koningen has no tricks",
        r"beoordeel": "tellen",
        r"\bgedekt\b": "gesloten for face down (the rules page): afdekken is laying cards on a drawn card",
        r"\bverdeling\b": "afdekken (the round's rule: 'dek … af'), not a second word for it",
    }),
    "quarto": (("quarto.", "quarto_scene.", *elsewhere("quarto")), {
        r"\btegenstander|\bvakje\b|massief|gelijkspel": "tegenspeler, vak, vol, remise (the rules page)",
        r"\bdelen\b|\bgedeeld|\bdeler": "Quarto has no deals",
    }),
    "kings_corners": (("kings_corners.", *elsewhere("kings_corners")), {
        r"\bronde\b|\bgever\b|\bbeste hand\b": "spel (one deal), deler",
        r"\b(rode|zwarte) (boer|vrouw|heer|koning|aas)\b": "a card as the table shows it (J♦)",
        r"\bde stapel (is )?op\b|\bvan de stapel\b|\brond de stapel\b|\bde stapel opraakt|\bin de stapel\b":
            "trekstapel: the stock (a stapel is a pile on the table)",
    }),
}
# a rules page may explain a rule by a card's colour ("een rode 10 op een zwarte boer")
PAGE_ALLOWS = {"kings_corners": r"\b(rode|zwarte) (boer|vrouw|heer|koning|aas)\b"}
FLEMISH_NOT = {r"\bbeken(nen|de|den|t|d)?\b|\btroeven\b|\btroefden?\b|\bovertroef|\bgetroefd\b|bijgooi|bijgegooid":
               "volgen, kopen, overkopen, gooien"}


@pytest.mark.parametrize("game", sorted(TERMS))
def test_each_game_speaks_dutch_in_its_own_terms(game):
    prefixes, banned = TERMS[game]
    texts = {key: text for key, text in table("nl").items() if key.startswith(prefixes)}
    assert texts
    page = rule_text(game, "nl")
    found = [f"{key}: {text!r} ({why})" for key, text in texts.items()
             for pattern, why in banned.items() if re.search(pattern, text, re.I)]
    found += [f"rules page: {why}" for pattern, why in banned.items()
              if pattern != PAGE_ALLOWS.get(game) and re.search(pattern, page, re.I)]
    assert not found, "\n".join(found)


# English words that do not fit a game: no deals in Quarto, no tricks in 4 Koningen
UNFIT = {"quarto": (r"\bdeals?\b|\bdealt\b", "Quarto has no deals"),
         "vier_koningen": (r"\btricks?\b", "4 Koningen has no tricks")}


@pytest.mark.parametrize("game", sorted(UNFIT))
def test_english_words_fit_the_game(game):
    pattern, why = UNFIT[game]
    prefixes = TERMS[game][0] + ("review.",)    # the review's words are every game's, but those named for deals
    found = [f"{key}: {text!r}" for key, text in table("en").items() if key.startswith(prefixes)
             and not re.search(r"\.(deal|points)\b", key) and re.search(pattern, text, re.I)]
    assert not found, why + ":\n" + "\n".join(found)
    assert not re.search(pattern, rule_text(game, "en"), re.I), why


def test_flemish_kingen_uses_the_source_sheets_words():
    flemish = {**table("nl"), **table("nl-BE")}
    texts = {key: text for key, text in flemish.items() if key.startswith(("kingen.", "rule_pictures.kingen."))}
    found = [f"{key}: {text!r}" for key, text in texts.items() for pattern in FLEMISH_NOT if re.search(pattern, text)]
    assert not found, "\n".join(found)
    assert not re.search(next(iter(FLEMISH_NOT)), rule_text("kingen", "nl-BE"))


# -- no move codes in a composed sentence -------------------------------------------------------
# the notation's codes that a player never sees: a card ("KH"), a Keezen square ("g16",
# "h2"), Quarto's piece number ("give f"); Quarto's squares (b1) are written on its board.
# Kings Corners labels an empty side place N (O in Dutch), but players name it by where it lies
# ("the empty place on the left"): its letter is a code in a sentence, and so is a corner's NE.
CARD_CODE = r"\b[2-9TJQKA][SHDC]\b"
CODES = {"kingen": CARD_CODE, "vier_koningen": CARD_CODE,
         "kings_corners": CARD_CODE + r"|\b([NESWOZ]|[NZ][EWO]|S[EW])\b",
         # a Keezen card by its corner letter ("Je speelt Q"), where the NK sheet names it (vrouw)
         "keezen": r"\b[bgyr]\d{1,2}\b|\bh[1-4]\b|[+-]\d|\b[JQK]\b|\bA\b(?! [a-z0-9])",
         "quarto": r"\bgive [0-9a-f]\b"}


def reasons_told(game: str, view, move) -> list[str]:
    """The helper's reason for `move`, as a hint and as a computer's "why?", where the game's
    helper explains any move it is given (Kings Corners, and Keezen's search with a chance)."""
    explain_move = getattr(importlib.import_module(f"ai.{game}"), "explain", None)
    if explain_move is None:
        return []
    reason = explain_move(view, move, 60) if game == "keezen" else explain_move(view, move)
    adjust = getattr(importlib.import_module(f"game.{game}.words"), "reason_params", None)
    return [explain(reason, adjust), explain(reason, adjust, about="Fien")]


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("game", list(registry.GAMES))
def test_no_move_code_in_the_sentences_of_a_real_game(speak, lang, game):
    """A random game of every title: each move in words, the move log's lines and the helper's
    reason for it, as a hint and as "why?", and the phone page's choices, never show the
    notation's codes (the move's own, a card's 'KH', a Keezen square 'g16', 'give f', a Kings
    Corners place under its cards)."""
    speak(lang)
    info = registry.game(game)
    words = importlib.import_module(f"game.{game}.words")
    state = info.rules().new_game(7, max(info.seats), {})
    rng = random.Random(7)
    names, said = (lambda seat: f"Anna{seat}"), (lambda key, seat, **params: t(key, **params))
    lines = 0
    code = re.compile(CODES[game])
    for _ in range(400):
        if state.is_over():
            break
        moves = [move for move in state.legal_moves() if move.code != "give_up"] or state.legal_moves()
        move, seat, before = rng.choice(moves), state.to_move(), state.copy()
        state.play(move)
        sentences = [words.move_words(before, move)] + reasons_told(game, before.view(seat), move)
        if game in phone_views.PARTS:           # the phone page's choices, as its player reads them
            page = phone_views.message(game, before.view(seat), seat, names, said, 0, human_to_move=True,
                                       may_say_next=False, away=[], log=[], language=lang)
            sentences += [part for choice in page["moves"] for part in choice["path"]]
            sentences += [row["label"] for row in page["table"]]       # (Kings Corners' piles by where they lie)
        if hasattr(words, "describe"):
            sentences += words.describe(state, seat, move, names, said)
        for sentence in sentences:
            whole = " " in move.code and move.code in sentence       # a code of one word may be a word ("draw")
            assert not whole and not code.search(sentence), f"{move.code!r}: {sentence!r}"
            lines += 1
    assert lines >= 10


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_chosen_kings_corners_pile_is_named_by_its_cards(speak, lang):
    """A side place's label lies under its first card: the status line and the notice for a
    chosen pile name it by its cards ('Choose where the 9♥ goes'), not 'Pile N'."""
    from game.kings_corners import words
    speak(lang)
    state = registry.game("kings_corners").rules().new_game(7, 4, {})
    said = [words.status(state, lambda seat: f"Anna{seat}", 0, True, chosen=("pile", 0), legal=legal)
            for legal in (True, False)] + [words.nowhere(state, ("pile", 0))]
    for sentence in said:
        assert str(state.piles[0][-1]) in sentence and not re.search(CODES["kings_corners"], sentence), sentence


def test_flemish_takes_no_more_room_than_the_dutch_it_replaces():
    """What fits in Dutch (tests/test_text_fit.py measures it) fits in Flemish: no Flemish
    string is wider than its Dutch one, in regular or bold type."""
    from game.ui.text import font
    nl, be = table("nl"), table("nl-BE")
    for bold in (False, True):
        face = font(24, bold)
        wider = [key for key, text in be.items() if face.size(text)[0] > face.size(nl[key])[0]]
        assert not wider, wider


def notice_lines(records, notice: str) -> list:
    """The lines drawn for `notice`: the run of drawn texts that spells it from its start (a
    legend's word elsewhere on screen that also occurs in it is not one of them)."""
    texts = [(text, rect) for _, text, rect, *_ in records]
    for start, (text, _) in enumerate(texts):
        if notice.startswith(text):
            lines, said = [], ""
            for text, rect in texts[start:]:
                joined = f"{said} {text}".strip()
                if not notice.startswith(joined):
                    break
                lines.append((text, rect))
                said = joined
            if said == notice:
                return lines
    return []


@pytest.mark.parametrize("config", ["960x540", "1920x1080", "couch"])
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_longest_why_shows_whole_and_readable(make_app, speak, lang, config):
    """The longest "why?" a computer gives (the longest told reason, with long names for its
    places, and a Keezen search weighing three moves said in words) and the longest hint wrap
    whole in the notice, never below the kit's smallest type."""
    from game.keezen.words import move_words
    from game.ui import text as kit_text
    from game.ui import theme
    from game.words import searched
    from test_text_fit import CONFIGS, open_screen
    size, couch = CONFIGS[config]
    app = make_app(size=size, couch=couch)
    app.store.settings["language"] = lang
    speak(lang)
    open_screen(app, "title")
    long = dict(name="Joris", card="\u2665K", top="\u2660Q", square=t("keezen.scene.where.before", n=7, colour="Geel"),
                place=t("kings_corners.scene.from.corner", corner=t("kings_corners.scene.corner.NE")),
                source="NE", target="SW", steps=12, suit="\u2660", tricks="12.4", points="\u221212.4",
                gain=t("kingen.gain.more", n="3.1"),
                odds=i18n.odds(0.74), deal_odds=i18n.odds(0.9, "deals"), taken_odds=i18n.odds(0.26, "deals"))
    told = max((t(key, **long) for key in table(lang) if key.endswith(WHY)), key=len)
    state, rng = registry.game("keezen").rules().new_game(5, 4, {}), random.Random(5)
    while len({move_words(state, move) for move in state.legal_moves()}) < 3:     # pawns on the board
        state.play(rng.choice(state.legal_moves()))
    walks = sorted(state.legal_moves(), key=lambda move: -len(move_words(state, move)))[:3]
    weighed = searched("Joris", move_words(state, walks[0]), [move_words(state, move) for move in walks])
    hint = t("hint.prefix", move="a1", reason=max((t(key, **long) for key in reason_keys(table(lang))), key=len))
    for notice in (told, weighed, hint):
        app.notify(notice)
        with kit_text.recording() as records:
            app.tick(1 / 60)
        lines = notice_lines(records, notice)
        assert " ".join(text for text, _ in lines) == notice, f"not whole: {notice!r}"
        smallest = kit_text.font(int(theme.SMALL * app.u * kit_text.SHRINK)).get_height()
        assert min(rect.h for _, rect in lines) >= smallest


# -- a hint names its move once -------------------------------------------------------------------
NAME_WORD = re.compile(r"[\w\u2660\u2665\u2666\u2663]+")
SMALL_WORDS = {"with", "from", "onto", "your", "that", "this", "these", "deze", "voor", "naar", "over"}


def named_twice(sentence: str, name: str) -> set:
    """The words of a move's `name` said again in its hint `sentence` beside the name itself
    ('♥6' in 'Hint: ♥6. ♥6: about…', 'hand' in 'Tip: de hand wegleggen. … leg je hand weg'):
    a card, or a word of four letters or more."""
    if name not in sentence:
        return set()          # the reason names the move itself, once
    words = {word.lower() for word in NAME_WORD.findall(name)
             if (len(word) >= 4 or not word.isalpha()) and word.lower() not in SMALL_WORDS}
    rest = sentence.replace(name, "", 1).lower()
    return {word for word in words if re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", rest)}


def scene_without_app(game: str):
    """The game's scene class with only its words: enough to say a hint as the TV and a phone do."""
    from game.ui.game_scene import GameScene
    module = importlib.import_module(f"game.{game}.scene")
    kind = next(kind for kind in vars(module).values()
                if isinstance(kind, type) and issubclass(kind, GameScene) and kind is not GameScene)
    scene = kind.__new__(kind)
    scene.words = importlib.import_module(f"game.{game}.words")
    return scene


HINTS_PER_GAME = {"kingen": 4, "keezen": 3}       # their hints search for seconds: fewer positions
# a move told about whoever played it, as a log says it ("c2, gives …"): a hint says what you could do
TOLD = {"en": re.compile(r"\b(gives|places|claims|passes|lays|takes|draws|plays|counts|calls)\b"),
        "nl": re.compile(r"\b(geeft|eist|legt|neemt|speelt|trekt|telt|roept|past)\b")}


@pytest.mark.parametrize("game", list(registry.GAMES))
def test_a_hint_names_its_move_once(speak, monkeypatch, game):
    """Hints from the hard helper on real positions of a random game, said as the TV and a phone
    say them (GameScene.hint_words) in English, Dutch and Flemish: one sentence that never names
    its move twice, and names it as something the player could do ("place it on c2 and give …",
    never the log's "c2, gives …")."""
    from ai import make_bot
    monkeypatch.setattr("ai.kingen.HINT_DEALS", 30)     # the same sentences, sooner
    monkeypatch.setattr("ai.kingen.CHOICE_DEALS", {"hard": 30})
    info, scene = registry.game(game), scene_without_app(game)
    state, rng = info.rules().new_game(3, max(info.seats), {}), random.Random(3)
    helper, hints, step = make_bot(game, "hard", 3), [], 0
    while not state.is_over() and len(hints) < HINTS_PER_GAME.get(game, 12) and step < 800:
        move = rng.choice([move for move in state.legal_moves() if move.code != "give_up"] or state.legal_moves())
        if step % 5 == 0 or game == "vier_koningen":
            view = state.view(state.to_move())
            hints.append((view, *helper.hint(view)))
            if game == "vier_koningen" and step % 2:      # its helper's moves reach the count
                move = hints[-1][1]
        state.play(move)
        step += 1
    assert len(hints) >= 3
    for lang in ("en", "nl", "nl-BE"):
        speak(lang)
        for view, move, reason in hints:
            sentence, name = scene.hint_words(view, move, reason), scene.advice(view, move)
            assert not named_twice(sentence, name), f"{sentence!r} names {named_twice(sentence, name)} twice"
            assert not TOLD[lang[:2]].search(name), f"{sentence!r} tells the move about someone else"
            assert sentence.startswith(t("hint.move", move="")) and "  " not in sentence, sentence


def longest_4_koningen_hints(scene) -> list[str]:
    """Every hint 4 Koningen's helper gives, each with the widest cards its round allows: a
    hand of the round's size, a cover of the most cards on a drawn card (the message line
    shows it whole only if these do)."""
    from types import SimpleNamespace

    from ai import Reason
    from game.cards import SUITS, Card
    from game.ui.text import font
    from game.vier_koningen import rules
    face = font(24)

    def widest(ranks, n):
        return sorted((Card(rank, suit) for rank in ranks for suit in SUITS), key=lambda c: -face.size(str(c))[0])[:n]

    said = []
    for round_no in (1, 2, 3):
        ranks = range(1, rules.ROUND_TOP[round_no] + 1)
        drawn = widest(rules.PILE_RANKS[round_no], 2)
        state = SimpleNamespace(drawn=drawn)
        hand, cover = rules.ChooseHand(widest(ranks, rules.HAND_SIZE[round_no])), \
            rules.Cover(0, widest(ranks, rules.MAX_COVER[round_no]))
        for move, key in [(hand, "hand"), (hand, "hand_easy"), (hand, "all_cards"), (cover, "win"),
                          (cover, "sacrifice"), (rules.Uncover(0), "uncover"), (rules.Draw(), "draw"),
                          (rules.Judge(), "judge")]:
            said.append(scene.hint_words(state, move, Reason(key, f"vier_koningen.why.{key}", card=str(drawn[0]))))
    return said


@pytest.mark.parametrize("config", ["960x540", "1920x1080", "couch"])
def test_every_4_koningen_hint_shows_whole_and_readable_on_its_line(make_app, speak, config):
    """4 Koningen says its hint on the one message line under the status: the longest of each
    kind, in English, Dutch and Flemish, is drawn there whole and never below the kit's
    smallest type (a hand of five cards once shrank to 24 px in couch mode, under the 27 the
    kit allows there)."""
    from game.ui import text as kit_text
    from game.ui import theme
    from game.vier_koningen import draw
    from test_text_fit import CONFIGS, open_screen
    size, couch = CONFIGS[config]
    app = make_app(size=size, couch=couch)
    open_screen(app, "game:vier_koningen")
    scene = app.top
    frame = scene.frame(scene.layout(), set())
    smallest = kit_text.font(int(theme.SMALL * app.u * kit_text.SHRINK)).get_height()
    found = []
    for lang in ("en", "nl", "nl-BE"):
        speak(lang)
        for hint in longest_4_koningen_hints(scene):
            with kit_text.recording() as records:
                draw.lines(app.screen, frame, "", hint, theme.GOOD)
            text, rect = [(text, rect) for _, text, rect, *_ in records][-1]
            if text != hint or rect.h < smallest:
                found.append(f"{lang}: {text!r} ({rect.h} px high, {smallest} the least)")
    assert not found, "\n".join(found)


# -- a move named in a sentence, a chance lost, a place, a game's name ---------------------------
# the first word of a move named in an English sentence, the last of a Dutch one: a gerund
# ("laying A♠ on 4♥ was better"), an infinitive ("A♠ op 4♥ leggen was beter"), never an order
NAMED = {"en": lambda words: words.split()[0].endswith("ing"), "nl": lambda words: words.split()[-1].endswith("en")}


@pytest.mark.parametrize("lang,game", [("en", "kings_corners"), ("nl", "kings_corners"), ("en", "vier_koningen"),
                                       ("nl", "vier_koningen"), ("en", "keezen")])
def test_a_review_names_a_move_as_a_person_says_it(speak, lang, game):
    """The review's verdicts and "why?" use a move as a noun ("… was better", "about as good as
    …", "went for …"): in these games' words a move is a phrase, said as one ("laying A♠ on 4♥
    was better", "about as good as drawing a card and ending the turn", "bringing out a pawn with
    the ace"), never as an order nor a label ("Ace: a pawn onto the board"). (Keezen's Dutch
    names the pawn after the verb: "de 7 spelen voor 4 stappen met de pion …".)"""
    from game.words import verdict_line
    speak(lang)
    info = registry.game(game)
    words = importlib.import_module(f"game.{game}.words")
    state, rng, kinds = info.rules().new_game(5, max(info.seats), {}), random.Random(5), set()
    for _ in range(150 if game != "keezen" else 60):
        if state.is_over():
            break
        for move in state.legal_moves()[:12]:
            assert NAMED[lang](words.move_words(state, move)), words.move_words(state, move)
            kinds.add(type(move).__name__)
        state.play(rng.choice(state.legal_moves()))
    assert len(kinds) >= 3
    move = state.legal_moves()[0] if not state.is_over() else None
    if move is not None:
        judged = {"verdict": "mistake", "ply": 1, "move": move.code, "best": move.code, "loss": 2.0, "value": 0.2,
                  "best_value": 0.9}
        line = verdict_line(judged, "points", lambda ply, code: words.move_words(state, move))
        assert words.move_words(state, move) in line


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_lost_chance_is_said_in_games_never_in_percent(speak, lang):
    """A chance lost says what each move wins, as a player counts it ("that one wins about 3
    games in 4, this one about 1 game in 4"), "almost no chance" where nothing is left, never
    "about 99% less chance to win"."""
    from game.words import verdict_line
    speak(lang)
    def said(value, best_value):
        judged = {"verdict": "blunder", "ply": 1, "move": "a", "best": "b", "loss": best_value - value,
                  "value": value, "best_value": best_value}
        return verdict_line(judged, "chance", lambda ply, code: "\u2660K")
    lines = [said(0.0, 0.99), said(0.25, 0.75), said(0.97, 0.99)]
    assert not [line for line in lines if "%" in line], lines
    assert t("review.loss.no_chance", better=i18n.odds(0.99)) in lines[0]
    assert i18n.odds(0.75) in lines[1] and i18n.odds(0.25) in lines[1]
    assert t("review.loss.chance_small") in lines[2]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_kings_corners_names_a_side_place_by_where_it_lies(speak, lang):
    """Players name an empty side place by where it lies ("the empty place on the left"), as
    they name a corner ("the top right corner"), not by the table's letter (W)."""
    from ai import Reason
    from game.kings_corners import words
    speak(lang)
    fill = explain(Reason("", "kings_corners.hint.fill_side", place="W", card="9\u2663"), words.reason_params)
    left, top = t("kings_corners.scene.side.W"), t("kings_corners.scene.side.N")
    assert left in fill and not re.search(r"\bW\b", fill), fill
    state = registry.game("kings_corners").rules().new_game(7, 4, {})
    state.piles[0] = []         # the place at the top emptied
    assert words.onto(state, 0) == t("kings_corners.scene.onto.empty_side", side=top)



@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_kings_corners_rules_page_names_a_place_by_where_it_lies(lang):
    """The rules page names the places as the table and the game's sentences do: a side pile
    by where it lies, a corner as a corner; the letters the table draws in an empty side place
    (N, E, S, W; in Dutch N, O, Z, W) are told once, where the page says what they mean, and
    a corner, which the table marks K, never by its compass letters (NE, ZO)."""
    texts = table(lang)
    sides = [texts[f"kings_corners.scene.place.{place}"] for place in ("N", "E", "S", "W")]
    corners = [texts[f"kings_corners.scene.place.{place}"] for place in ("NE", "SE", "SW", "NW")]
    found = re.findall(r"\b(" + "|".join(sides + corners) + r")\b", rule_text("kings_corners", lang))
    assert found == sides, found

@pytest.mark.parametrize("lang", ["en", "nl", "nl-BE"])
def test_kingen_names_its_game_once_and_a_games_worth_in_words(speak, lang):
    """The info panel says "Trump: ♦", not "Trump · trump ♦"; the dealer's hint says what a
    game brings beside an average hand in words ("1.2 more than an average hand"), not "+1.2"."""
    from ai import Reason
    from game.kingen import rules, words
    speak(lang)
    state = registry.game("kingen").rules().new_game(3, 4, {}, deal="trump")
    _, before, _ = words.info_texts(state)
    state.play(rules.ChooseTrump("D"))
    _, game, _ = words.info_texts(state)
    name = words.game_name("trump")
    assert game.lower().count(name.lower()) == 1 and before.lower().count(name.lower()) == 1, (before, game)
    assert "\u2666" in game
    hint = explain(Reason("", "kingen.hint.game.no_hearts", points="\u22122.1", gain="+1.2"), words.reason_params)
    assert "+1" not in hint and t("kingen.gain.more", n="1.2") in hint, hint
    worse = explain(Reason("", "kingen.hint.game.no_hearts", points="\u22122.1", gain="\u22120.4"), words.reason_params)
    assert t("kingen.gain.less", n="0.4") in worse, worse


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_keezen_writes_a_colour_small_inside_a_sentence(speak, lang):
    """A colour is written small inside a sentence ("green's start square", "de pion van
    groen"), as the lessons and rule pictures write it, and with a capital only where it
    starts one or stands alone ("Blue" on a plate)."""
    from game.keezen import words
    from game.keezen.rules import HOME, NEST
    speak(lang)
    capital = re.compile(r"(?<=.)\b(" + "|".join(t(f"keezen.colour.{name}") for name in
                                                 ("blue", "green", "yellow", "red")) + r")\b")
    state, rng = registry.game("keezen").rules().new_game(5, 4, {}), random.Random(5)
    said = [words.where(colour, square) for colour in range(4) for square in (NEST, 0, 5, 13, HOME)]
    for _ in range(80):
        if state.is_over():
            break
        seat, moves = state.to_move(), state.legal_moves()
        said += [words.move_words(state, move) for move in moves[:6]]
        move = rng.choice(moves)
        state.play(move)
        said += words.describe(state, seat, move, lambda s: f"Anna{s}", lambda key, s, **params: t(key, **params))
    found = [sentence for sentence in said if capital.search(sentence)]
    assert not found, found[:5]
    assert words.colour_name(0) == t("keezen.colour.blue") and words.colour_name(0)[0].isupper()


def test_the_catalogues_longest_hint_is_the_hint_kingen_says(speak):
    """The catalogue shows the longest hint to see it wrap: it is the one Kingen's dealer hears
    now, word for word, and names the same game in every language."""
    from ai import Reason
    from game.catalogue import long_hint
    from game.kingen import words
    for lang in ("en", "nl", "nl-BE"):
        speak(lang)
        reason = Reason("", "kingen.hint.game.no_kings_jacks", points="\u22125.6", gain="\u22123.1")
        assert long_hint() == t("kingen.scene.say.hint", reason=explain(reason, words.reason_params))
        assert words.game_name("no_kings_jacks") in long_hint()


def test_the_review_graph_counts_points_in_the_games_own_part(speak):
    """The review's graph of points says what the position line counts: "Points of the hand"
    beside "Hand 2" in Kings Corners, "Points of the deal" beside "Deal 2" in Kingen."""
    from types import SimpleNamespace

    from ai.analysis import judge_module
    from game.menu.review import PARTS, ReviewScene
    counted = 0
    for game, (_, part) in PARTS.items():
        if judge_module(game).SCALE.unit == "points":
            scene = SimpleNamespace(judge=judge_module(game), record=SimpleNamespace(game=game))
            assert t(part, n=2).split()[0].lower() in ReviewScene.axis_title(scene).lower(), game
            counted += 1
    assert counted == 2


@pytest.mark.parametrize("lang", ["en", "nl", "nl-BE"])
def test_a_kingen_deal_that_ends_says_so_once(speak, lang):
    """'Deal 1 is over. The king of hearts is taken.', not '… is over. … : the deal ends.'"""
    from types import SimpleNamespace

    from game.kingen import rules, words
    speak(lang)
    ending = {"en": r"\b(over|ends?|ended)\b", "nl": r"\b(uit|stopt|gestopt)\b"}[lang[:2]]
    for reason in (None, "hearts", "kings_jacks", "queens", "king_of_hearts"):
        state = SimpleNamespace(is_over=lambda: False, phase=rules.BETWEEN, end_reason=reason, deal_no=1)
        said = words.status(state, str, None)
        assert len(re.findall(ending, said, re.I)) == 1, said


# -- issue 32's last pass ---------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "nl", "nl-BE"])
def test_kingen_names_each_game_one_way(speak, lang):
    """A game's short name (the dealer's chooser, the score sheet) is its name as the rules
    page says it, shortened at most: "Geen K en J" beside "Geen harten" and "Geen ♥K", never
    "Heren/boeren"; a sentence ("why?", the review) says the whole name."""
    from game.kingen import rules, words
    speak(lang)
    for game in rules.GAMES:
        name, short = words.game_name(game), t("kingen.scene.short." + game)
        assert short.split()[0] == name.split()[0], (name, short)
        assert words.move_words(None, rules.ChooseGame(game)) == name


@pytest.mark.parametrize("lang,drawn,pile", [("en", "drawn cards", "draw pile"), ("nl", "geraapte kaarten", "raapstapel")])
def test_a_4_koningen_review_says_what_was_counted_and_drawn(speak, lang, drawn, pile):
    """The review's line for a count or a draw says what was done with which cards ("You:
    counting whether the drawn cards are won"), not a bare "You: counting" that reads as what
    is going on now."""
    from game.vier_koningen import rules, words
    speak(lang)
    state = registry.game("vier_koningen").rules().new_game(3, 1, {})
    assert drawn in words.move_words(state, rules.Judge()) and pile in words.move_words(state, rules.Draw())


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_keezen_phone_choices_start_as_buttons_do(speak, lang):
    """Every choice on a Keezen phone is a button of its own and starts with a capital, as
    'Lay the hand away' does ('Bring out a pawn of green', 'Green's pawn …'), never in mixed case."""
    speak(lang)
    state, rng, labels = registry.game("keezen").rules().new_game(4, 4, {}), random.Random(4), set()
    for _ in range(20):
        seat = state.to_move()
        page = phone_views.message("keezen", state.view(seat), seat, lambda s: f"Anna{s}",
                                   lambda key, s, **params: t(key, **params), 0, human_to_move=True,
                                   may_say_next=False, away=[], log=[], language=lang)
        labels |= {part for choice in page["moves"] for part in choice["path"]}
        state.play(rng.choice(state.legal_moves()))
    assert len(labels) >= 5 and not [label for label in labels if label[0].islower()], sorted(labels)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_file_problem_says_what_it_means_for_the_player(speak, lang):
    """A file the store could not read, write or keep is said as what the player keeps in it
    (their statistics, the game they were playing) and what still works, never by its name:
    a player does not know statistics.json."""
    from game.menu.title import problem_lines
    speak(lang)
    problems = [{"file": "settings.json", "moved_to": "settings.json.bad"},
                {"file": "statistics.json", "moved_to": ""},
                {"file": "current_game.json", "moved_to": "current_game.json.bad", "why": "earlier_version"},
                {"file": "records/20261124-150501.json", "moved_to": "", "writing": True},
                {"file": "20261124-150501.json", "moved_to": "20261124-150501.json.bad"},
                {"file": str(Path.home() / ".local" / "share" / "Spelavond"), "moved_to": ""}]   # the folder
    lines = problem_lines(problems)
    assert len(lines) == len(problems)
    assert not [line for line in lines if re.search(r"\.json|\.bad|/|\{", line)], lines
    assert t("problem.what.statistics") in lines[1] and t("problem.then.statistics") in lines[1]


@pytest.mark.parametrize("lang", ["en", "nl", "nl-BE"])
def test_no_rules_page_uses_a_phrasing_the_guide_forbids(lang):
    """The rules pages a player reads follow the guide as the strings do ("the reason from
    simulated deals" was the program talking about itself)."""
    found = [f"{game}: {why}" for game in registry.GAMES
             for pattern, why in FORBIDDEN["en" if lang == "en" else "nl"].items()
             if pattern not in ONLY_PERSON and re.search(pattern, rule_text(game, lang), re.I)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", ["kingen", "kings_corners"])
def test_a_dutch_rules_page_names_the_ranks_as_the_cards_show_them(game):
    """The table's cards say K, Q, J: a Dutch rules page names the ranks in words (heer, dame,
    boer) and the letters on the cards, never the Dutch letters H, V, B that no card shows."""
    for lang in ("nl", "nl-BE"):
        assert not re.search(r"\b[HVB] [HVB]\b", rule_text(game, lang)), (game, lang)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_hint_goes_on_after_its_colon_in_small_letters(lang):
    """A Kings Corners or Keezen reason is said after "Hint:" ("Tip: leg J♠ op de Q♥"): in
    Dutch no capital follows a colon, and the English reads as Quarto's ("Hint: give …")."""
    texts = table(lang)
    found = [key for key in reason_keys(texts) if key.startswith(("kings_corners.", "keezen."))
             and texts[key][:1].isupper()]
    assert not found, found


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_kings_corners_hint_to_end_the_turn_says_the_cards_drawn(speak, lang):
    """The hint for a player whose turn is over says what the status line says: draw to end
    the turn, as many cards as the turn's end draws ('no card fits anywhere, so draw 2 cards to
    end your turn' with "draw two"), not 'no card fits anywhere: end your turn and draw'."""
    from ai.kings_corners import explain as reason_for
    from game.kings_corners import rules
    speak(lang)
    state, rng = registry.game("kings_corners").rules().new_game(7, 2, {"draw_two": True}), random.Random(7)
    for _ in range(300):
        if state.legal_moves() == [rules.EndTurn()] and state.stock_count() >= 2:
            break
        state.play(rng.choice(state.legal_moves()))
    said = explain(reason_for(state.view(state.to_move()), rules.EndTurn()))
    assert re.search({"en": r"\bdraw 2 cards to end your turn$", "nl": r"\btrek 2 kaarten om je beurt te beëindigen$"}[lang],
                     said), said


# a whole Quarto game two computers played to a draw (seed 5)
QUARTO_DRAW = "give 7; b1 give 8; c4 give 1; c1 give 2; a1 give d; b4 give 9; c2 give f; d1 give e; d2 give 6; " \
              "c3 give b; d4 give 4; d3 give 5; b2 give 0; a4 give a; b3 give 3; a3 give c; a2"


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_quarto_draw_is_told_without_a_count_of_moves(speak, lang):
    """A Quarto game is drawn only on a full board: its end screen says so ('The board is full
    without a Quarto'), not 'A draw after 17 moves', a number that is the same in every draw."""
    from game.quarto import words
    speak(lang)
    info = registry.game("quarto")
    state = info.rules().new_game(5, 2, {})
    for code in QUARTO_DRAW.split("; "):
        state.play(info.rules().parse_move(code))
    assert state.is_over() and not state.winners()
    ending = words.ending(state, [], 0, lambda seat: f"Anna{seat}", lambda key, seat, **params: t(key, **params))
    said = " ".join([ending.best, *ending.notes])
    assert ending.best and not re.search(r"\d", said), said


@pytest.mark.parametrize("lang", ["en", "nl", "nl-BE"])
def test_kingen_says_its_points_and_tricks_without_a_plus_sign(speak, lang):
    """A Kingen hint's points and tricks come signed from the helper ('+0.0', '+2.5'): said as
    a player says them, 'about 0 points', 'about 2.5 points', never 'about +0.0 points'."""
    from ai import Reason
    from game.kingen import words
    speak(lang)
    said = [explain(Reason("", "kingen.hint.card.no_hearts", card="\u26654", percent=99, points=points),
                    words.reason_params, about=about) for points in ("+0.0", "\u22120.0", "+2.5") for about in (None, "Fien")]
    said.append(explain(Reason("", "kingen.hint.card_tricks", card="\u26654", tricks="0.0"), words.reason_params))
    assert not [line for line in said if re.search(r"\+|\b0[.,]0\b", line)], said


@pytest.mark.parametrize("lang", ["en", "nl", "nl-BE"])
def test_kingen_end_says_the_best_deal_by_its_games_name_and_in_points(speak, lang):
    """The end screen's line under the table is a sentence: it names the deal's game whole, as
    'why?' and the review do ('Your best deal: No kings and jacks, 2 points'), never by the
    chooser's short name ('No K & J') nor as a bare '+2'."""
    from types import SimpleNamespace

    from game.kingen import words
    speak(lang)
    state = SimpleNamespace(sheet=[{"deal": 1, "game": "no_kings_jacks", "points": [2, -1, -1, 0]},
                                   {"deal": 2, "game": "no_hearts", "points": [-3, 0, 0, 3]}],
                            scores=lambda: [-1, -1, -1, 3], winners=lambda: (3,))
    best = words.ending(state, [], 0, lambda seat: f"Anna{seat}", lambda key, seat, **params: t(key, **params)).best
    assert words.game_name("no_kings_jacks") in best and t("kingen.scene.short.no_kings_jacks") not in best, best
    assert "+" not in best and re.search(r"\b2 (points|punten)$", best), best


# what a status line asks of the player to move says the action, not a label ("Jack: the pawn to swap with")
ASKS = {"en": r"\b(choose|play|lay|give|where to)\b", "nl": r"\b(kies|speel|speelt|leg|geef|geven|waarheen)\b"}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_keezen_status_says_what_the_player_does_next(lang):
    """Each status line for a Keezen player's choice says what to do ('Jack: choose the pawn to
    swap with', 'Your turn: you play green's pawns', '7: 1 step left; choose the next pawn'),
    never a bare label ('Jack: the pawn to swap with', '7: 1 step left; next pawn')."""
    texts = table(lang)
    keys = [f"keezen.scene.status.{name}" for name in ("give", "give_chosen", "lay_away", "turn", "turn_partner",
                                                      "pawn", "end", "jack", "jack_other", "seven_next",
                                                      "seven_next.one", "seven_end", "seven_end.one")]
    assert not [texts[key] for key in keys if not re.search(ASKS[lang], texts[key], re.I)]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_verdict_in_points_says_what_the_move_cost_in_either_way_of_counting(speak, lang):
    """Points lost are said as what the move cost ('this one costs about 2.1 points'), which
    reads right where the most points win (Kingen) and where the fewest do (Kings Corners'
    penalty points), never 'about 2.1 points less', which praises a Kings Corners slip."""
    from game.words import verdict_line
    speak(lang)
    judged = {"verdict": "inaccuracy", "ply": 15, "move": "a", "best": "b", "loss": 2.1, "value": -6.0,
              "best_value": -3.9}
    line = verdict_line(judged, "points", lambda ply, code: "3\u2660")
    assert re.search(r"\b2[.,]1\b", line) and not re.search(r"\b(less|more|minder|meer)\b", line), line


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_kings_corners_why_says_more_than_the_move(speak, lang):
    """'Why?' after a computer laid a card from the hand gives a reason a player uses ('Daan
    played Q♠ on the K♦: one card fewer in the hand'), not the move told again ('Daan played Q♠
    on the K♦'), which the log already says."""
    from ai import Reason
    from game.kings_corners import words
    speak(lang)
    for key, params in (("play", {"card": "Q\u2660", "top": "K\u2666"}), ("fill_side", {"card": "8\u2663", "place": "E"}),
                        ("king_corner", {"card": "K\u2666", "place": "SW"})):
        told = explain(Reason("", f"kings_corners.hint.{key}", **params), words.reason_params, about="Daan")
        assert re.search({"en": r": one card fewer\b", "nl": r": weer een kaart minder\b"}[lang], told), told


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_keezen_says_playing_the_partners_pawns_one_way_on_tv_and_phone(lang):
    """Once a player's pawns are all home, the TV's status line and the phone's line under the
    hand say it in the same words ('Your turn: you play green's pawns' and 'you play green's
    pawns'; 'je speelt voor groen'), not two phrasings of one thing."""
    texts = table(lang)
    phone = texts["phones.keezen.partner_pawns"].format(colour="groen")
    assert phone in texts["keezen.scene.status.turn_partner"].format(colour="groen")


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_phones_next_deal_button_says_what_the_tv_says(speak, lang):
    """A phone's button for the next deal names it as that game's TV button does: 'Next deal'
    in Kingen, 'Next hand' in Kings Corners, not one 'Next hand' for every game."""
    speak(lang)
    for game in ("kingen", "kings_corners"):
        state = registry.game(game).rules().new_game(3, 4, {})
        page = phone_views.message(game, state.view(0), 0, lambda seat: f"Anna{seat}",
                                   lambda key, seat, **params: t(key, **params), 0, human_to_move=True,
                                   may_say_next=True, away=[], log=[], language=lang)
        assert page["words"]["next"] == t(f"{game}.scene.button.next"), (game, page["words"]["next"])


def test_english_keezen_brings_out_a_pawn_as_its_rules_page_says():
    """A pawn leaving the nest is 'brought out' in every English Keezen sentence, as the rules
    page and the review say it ('Anna brings out a pawn with the ace', 'Hint: bring out a new
    pawn'), not 'enters' in the log and 'put a new pawn on the board' in the hint beside it."""
    prefixes = TERMS["keezen"][0]
    unfit = r"\benters? with\b|\bputs? a (new )?pawn on the board\b"
    found = [f"{key}: {text!r}" for key, text in table("en").items() if key.startswith(prefixes)
             and re.search(unfit, text, re.I)]
    assert not found, "\n".join(found)
    assert "bring out" in rule_text("keezen", "en")


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_keezen_says_a_hand_to_lay_away_one_way(lang):
    """The status line, the refusal and the hint for a hand with no card to play say it in the
    same words ('Je kunt geen kaart spelen: leg je hand weg'), not 'Geen kaart speelbaar' on
    the status line beside 'je kunt geen kaart spelen' in the hint."""
    texts = table(lang)
    said = {texts[key].lower() for key in ("keezen.scene.status.lay_away", "keezen.scene.say.none_playable",
                                             "keezen.hint.lay_away")}
    assert len(said) == 1, said


def test_4_koningen_dutch_strings_cover_a_drawn_card_one_way():
    """The game's Dutch strings and its rules page call laying cards on a drawn card
    'afdekken', as the round's line on the table does ('dek daarmee elke geraapte kaart af'),
    not 'beleggen' in a refusal beside it or as the name of the turn's step."""
    from game.menu.rules_help import rule_text
    prefixes = TERMS["vier_koningen"][0]
    found = [f"{key}: {text!r}" for key, text in table("nl").items()
             if key.startswith(prefixes) and re.search(r"\bbeleg", text, re.I)]
    found += [f"rules page: {line!r}" for line in rule_text("vier_koningen", "nl").splitlines()
              if re.search(r"\bbeleg", line, re.I)]
    assert not found, "\n".join(found)
    assert re.search(r"\bdek\b.*\baf\b", table("nl")["vier_koningen_scene.message.round"])


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_kings_corners_end_says_what_a_best_hand_cost(speak, lang):
    """A player who never went out reads what their best hand cost, in the match's own count:
    'Your best hand: 2 penalty points' (or '2 chips paid' with chips), not '2 points left', which
    reads as points still to come and says points where chips were paid."""
    from types import SimpleNamespace

    from game.kings_corners import words
    speak(lang)
    for scoring, word in (("standard", {"en": "penalty points", "nl": "strafpunten"}),
                          ("chips", {"en": "chips paid", "nl": "fiches betaald"})):
        state = SimpleNamespace(scoring=scoring, players=2, scores=lambda: [9, 3], winners=lambda: (1,),
                                sheet=[{"winner": 1, "points": [7, 0]}, {"winner": 1, "points": [2, 0]}])
        best = words.ending(state, [], 0, lambda seat: f"Anna{seat}", lambda key, seat, **params: t(key, **params)).best
        assert best.endswith(f"2 {word[lang]}"), best


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_phone_choice_starts_as_a_button_does(speak, lang):
    """A phone's choices are buttons beside 'Back' and 'Hint': each starts with a capital in
    every phone game ('Onto the 7♥', 'Op de 7♥', 'Into the top right corner'), as Keezen's do."""
    speak(lang)
    for game in phone_views.PARTS:
        state, rng, labels = registry.game(game).rules().new_game(4, 4, {}), random.Random(4), set()
        for _ in range(30):
            if state.is_over():
                break
            seat = state.to_move()
            page = phone_views.message(game, state.view(seat), seat, lambda s: f"Anna{s}",
                                       lambda key, s, **params: t(key, **params), 0, human_to_move=True,
                                       may_say_next=True, away=[], log=[], language=lang)
            labels |= {part for choice in page["moves"] for part in choice["path"]}
            state.play(rng.choice(state.legal_moves()))
        assert labels or game == "kingen", game          # (a Kingen card is chosen at once: no choices)
        assert not [label for label in labels if label[0].islower()], (game, sorted(labels)[:5])


@pytest.mark.parametrize("lang", ["en", "nl", "nl-BE"])
def test_a_kingen_card_hint_never_says_a_double_no(speak, lang):
    """A card's chance in a game of penalty cards is said as the chance of taking one ('you take
    a queen in hardly a deal', 'in nearly every deal'), so that no chance reads as a double no
    ('you take no queen in hardly a deal')."""
    from ai import Reason
    from game.kingen import rules, words
    speak(lang)
    no = {"en": r"\b(no|not|neither)\b", "nl": r"\b(geen|niet|noch)\b"}[lang[:2]]
    for game in rules.GAMES[1:6]:
        for percent in (1, 50, 99):
            for about in (None, "Fien"):
                said = explain(Reason("", f"kingen.hint.card.{game}", card="\u26654", percent=percent, points="\u22120.4"),
                               words.reason_params, about=about)
                rest = said.replace(i18n.odds(1 - percent / 100, "deals"), "")
                assert i18n.odds(1 - percent / 100, "deals") in said and not re.search(no, rest), said


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_end_screens_buttons_name_the_game_one_way(lang):
    """The end screen offers a new game and a look back at this one in the same word ('Nieuwe
    partij' beside 'Deze partij terugkijken'), not 'Nieuw spel' beside it, where a 'spel' is
    one deal of Kingen, Kings Corners and Keezen."""
    texts = table(lang)
    noun = {"en": "game", "nl": "partij"}[lang]
    assert noun in texts["result.review"] and noun in texts["result.again"].lower(), (texts["result.again"],
                                                                                      texts["result.review"])


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_4_koningen_names_a_draw_pile_whole_where_it_is_numbered(lang):
    """A numbered draw pile is named whole in the game's strings, as the round's news and the
    side panel do ('Draw 2 from draw pile I', 'Raap 2 van raapstapel I'), not 'pile I' beside
    'draw pile I'."""
    short = {"en": r"(?<!draw )\bpile \{pile\}", "nl": r"(?<!raap)\bstapel \{pile\}"}[lang]
    found = [f"{key}: {text!r}" for key, text in table(lang).items()
             if key.startswith(TERMS["vier_koningen"][0]) and re.search(short, text)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_no_hint_is_said_one_way_on_tv_and_phone(lang):
    """When the helper has no hint, the TV says what a phone says ('No hint right now.', 'Nu geen
    tip.'), not 'No hint available', the program's word, beside it."""
    texts = table(lang)
    assert texts["hint.none"] == texts["phones.refused.no_hint"], (texts["hint.none"], texts["phones.refused.no_hint"])


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_4_koningen_side_panel_heads_its_game_and_turn_alike(lang):
    """The side panel's first line holds the game's number on the left and the turn's on the
    right: both begin with a capital ('Spel 1 … Beurt 2', not 'Spel 1 … beurt 2')."""
    texts = table(lang)
    game, turn = texts["vier_koningen_scene.side.game"], texts["vier_koningen_scene.side.turn"]
    assert game[0].isupper() and turn[0].isupper(), (game, turn)
