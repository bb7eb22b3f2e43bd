"""What a phone seat is told: one JSON-ready message made from `state.view(seat)` alone.

Pure (no pygame): the rules' view, the game's words (game/<name>/words.py) and `t`, called
in the phone's language by the caller (`i18n.speaking`). Nothing here reads the full state:
every card, name and line comes from the view, so a phone learns exactly what `view(seat)`
holds (tests/test_phones.py checks every message of whole games against the full state).

The message:
- `hand`: the seat's cards, each {key, rank, suit, red}; `key` is what a move names (the
  card's code; Keezen's moves name a rank, so there it is the rank);
- `moves`: every legal move of the seat now, {code, key, path}: the card it plays (`key`,
  or None for a button) and the choices after the card (`path`, labels): Keezen's pawn,
  then its target, a 7 part by part; Kings Corners' place;
- `table`: public cards in rows ({label, cards}), `info` and `score`: lines of text;
- `status`: whose turn and what to do, `turn`: whether the seat must act now.
"""
from __future__ import annotations

import importlib

from game.base import partner
from game.cards import SUIT_SYMBOL
from game.phones.server import MAX_NAME
from game.ui.i18n import LANGUAGES, has, t

GAMES = ("kingen", "keezen", "kings_corners")   # the games a phone can hold a hand of
P = "phones."


def card_json(card) -> dict:
    return {"rank": card.label, "suit": SUIT_SYMBOL[card.suit], "red": card.red}


def hand_json(cards, key=lambda card: card.code) -> list:
    return [dict(card_json(card), key=key(card)) for card in cards]


def parse_phones(text) -> list[int]:
    """'0,2' -> [0, 2] (the seats noted in a record, or given on the command line)."""
    if type(text) is not str or not text:
        return []
    seats = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) > 7 or int(part) in seats:
            raise ValueError(f"not a list of seats: {text[:40]!r} (such as 0,2)")
        seats.append(int(part))
    return seats


# -- Kingen ----------------------------------------------------------------------------------
def kingen_parts(view, seat, names, said, words, human):
    from game.kingen.rules import PlayCard
    to_move = view.to_move()
    mine = to_move == seat
    status = words.status(view, names, said, human=mine or human, in_view=mine, alone=True)
    moves = [{"code": move.code, "key": move.card.code if isinstance(move, PlayCard) else None,
              "path": [] if isinstance(move, PlayCard) else [words.move_text(move)]}
             for move in (view.legal_moves() if mine else ())]
    trick = view.trick_cards()
    table = [{"label": t(P + "kingen.trick"), "cards": [dict(card_json(card), who=names(who)) for who, card in trick]}]
    last = view.last_trick()
    if last is not None and not trick:
        leader, cards, winner = last
        table.append({"label": words.last_trick_title(last, names, said),
                      "cards": [dict(card_json(card), who=names((leader + n) % 4)) for n, card in enumerate(cards)]})
    info = list(words.info_texts(view)) + others(view, seat, names, lambda other: words.plate_detail(view, other))
    return hand_json(view.hand_cards(seat)), moves, table, info, words.plate_detail(view, seat), status


# -- Kings Corners ---------------------------------------------------------------------------
def kings_corners_parts(view, seat, names, said, words, human):
    from game.kings_corners.rules import PlayCard
    to_move = view.to_move()
    mine = to_move == seat
    status = words.status(view, names, you=seat, human=mine or human, in_view=mine)
    moves = []
    for move in (view.legal_moves() if mine else ()):
        if isinstance(move, PlayCard):
            moves.append({"code": move.code, "key": move.card.code,
                          "path": [words.onto(view, move.place)]})         # as the table says it
        else:
            moves.append({"code": move.code, "key": None, "path": [label_of_kings_corners(view, move, words)]})
    table = []
    for place, pile in enumerate(view.piles):
        cards = [card_json(pile[0])] + ([card_json(pile[-1])] if len(pile) > 1 else []) if pile else []
        table.append({"label": words.where_label(place) + (f" ({len(pile)})" if len(pile) > 2 else ""),
                      "cards": cards})
    hand, target, tags, pot = words.info_texts(view)
    info = [line for line in (hand, target, tags, pot) if line]
    info.append(t(P + "kings_corners.stock", n=view.stock_count()))
    info += others(view, seat, names, lambda other: words.plate_detail(view, other))
    return hand_json(words.hand_order(view.hands[seat])), moves, table, info, words.plate_detail(view, seat), status


def label_of_kings_corners(view, move, words) -> str:
    from game.kings_corners.rules import Deal, MovePile
    if isinstance(move, MovePile):
        return t(P + "kings_corners.move_pile", pile=words.pile_words(view.piles[move.source]),
                 onto=words.onto(view, move.target))
    if isinstance(move, Deal):
        return t(words.K + "button.next")
    return t(words.K + "button." + words.end_key(view))


# -- Keezen ----------------------------------------------------------------------------------
def keezen_parts(view, seat, names, said, words, human):
    from game.keezen import rules
    to_move = view.to_move()
    mine = to_move == seat
    status = words.status(view, names, human=mine or human, may_act=mine)
    def rank(card):     # Keezen's moves name a rank: either card of it plays
        return rules.RANK_LETTER[card.rank]

    moves = []
    for move in (view.legal_moves() if mine else ()):
        kind = type(move)
        key = rules.RANK_LETTER[move.card] if move.card is not None else None
        if kind is rules.Enter:
            path = [t(P + "keezen.enter", colour=words.colour_word(move.colour))]
        elif kind is rules.Walk:
            path = []
            for colour, square, steps in move.parts:
                end = rules.walk_path(colour, square, steps)[-1]
                path += [pawn_label(words, colour, square),
                         t(P + ("keezen.back" if steps < 0 else "keezen.steps"), n=abs(steps),
                           where=words.where(colour, end))]
        elif kind is rules.Swap:
            path = [pawn_label(words, move.colour, move.square),
                    t(P + "keezen.swap_with", pawn=pawn_label(words, move.other_colour, move.other_square))]
        elif kind is rules.Give:
            path = []
        else:
            path = [t(P + "keezen.lay_away")]
        moves.append({"code": move.code, "key": key, "path": path})
    table = [{"label": t(P + "keezen.played"), "cards": [card_json(card) for card in view.played[-4:]]}]
    info = [words.table_info(view)] + others(view, seat, names,
                                             lambda other: words.plate_detail(view, other, seat, names))
    score = words.plate_detail(view, seat, seat, names)
    if view.phase == rules.PLAY and view.mover_colour(seat) != seat:
        score += " \u00b7 " + t(P + "keezen.partner_pawns", colour=words.colour_word(partner(seat)))
    return hand_json(view.hands[seat], rank), moves, table, info, score, status


def pawn_label(words, colour: int, square: int) -> str:
    """A pawn said by where it stands on the board's landmarks (never a square's number)."""
    return t(P + "keezen.pawn", colour=words.colour_word(colour), where=words.where(colour, square))


def others(view, seat: int, names, detail) -> list:
    """A line for each other seat, from what its plate on the TV says (public)."""
    return [f"{names(other)}: {detail(other)}" for other in range(view.players) if other != seat]


PARTS = {"kingen": kingen_parts, "kings_corners": kings_corners_parts, "keezen": keezen_parts}


# -- the message -----------------------------------------------------------------------------
def message(game: str, view, seat: int, names, said, version: int, *, human_to_move: bool,
            may_say_next: bool, away: list, log: list, language: str, tv_name: str = "") -> dict:
    """The message for `seat` (see the module docstring), made from `view` (`state.view(seat)`).
    `names(seat)` and `said(key, seat, **params)` name seats as the phone reads them;
    `human_to_move`: a human decides for the seat to move; `may_say_next`: the table waits for
    a human's "next hand"; `away`: names of phone seats whose phone is gone; `log`: the move
    log's last lines (public); `language`: the phone's; `tv_name`: the seat's name on the TV."""
    words = importlib.import_module(f"game.{game}.words")
    hand, moves, table, info, score, status = PARTS[game](view, seat, names, said, words, human_to_move)
    for choice in moves:        # each part is a button of its own: it starts with a capital, as 'Terug' does
        choice["path"] = [part[:1].upper() + part[1:] for part in choice["path"]]
    return {"type": "state", "version": version, "game": game, "title": t(f"game.{game}"), "seat": seat,
            "name": tv_name or names(seat), "lang": language, "turn": view.to_move() == seat and bool(moves),
            "over": view.is_over(), "status": status, "score": score, "info": info, "table": table,
            "hand": hand, "moves": moves, "next": may_say_next, "away": away, "log": log[-4:],
            "words": page_words(game), "languages": [[code, name] for code, name in LANGUAGES.items()],
            "name_max": MAX_NAME}


PAGE_KEYS = ("hint", "back", "away", "reconnecting", "choose", "seat", "name_ask", "name_ok",
             "name_change", "offline", "your_turn")
REFUSALS = ("flood", "garbage", "size", "not_your_turn", "stale", "bad_move", "no_hint", "not_now")


def page_words(game: str) -> dict:
    """The page's own words in the current language: buttons, headings, refusals; the button
    that starts the next deal is the TV's, in the game's own word ('Next deal' in Kingen, 'Next
    hand' in Kings Corners; Keezen has none)."""
    words = {key: t(P + "page." + key) for key in PAGE_KEYS}
    words["next"] = t(f"{game}.scene.button.next") if has(f"{game}.scene.button.next") else ""
    words.update({"refused_" + key: t(P + "refused." + key) for key in REFUSALS})
    return words
