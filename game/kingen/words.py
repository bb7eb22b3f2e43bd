"""What is said about a game of Kingen: the games and suits by name, a move, the move log's
lines, the status line, the rules of the deal in play, the info panel, a seat's points, the
quotas of Dubbelkingen, the score sheet's rows and the result.

Pure: it reads a rules state and never a scene, so that a screen replaying a game record can
say the same words as the playing scene. Seats are named by the caller: `names(seat)` gives
'You' or 'Computer 3', `said(key, seat, **params)` the text in the second person where that
seat is the only human ("You take the trick").
"""
from __future__ import annotations

from game.base import TrickWon
from game.cards import SUIT_SYMBOL
from game.kingen import rules
from game.kingen.rules import BETWEEN, CHOOSE_GAME, CHOOSE_TRUMP, GAMES, ChooseGame, ChooseTrump, NextDeal, PlayCard
from game.standings import Ending, ranked_rows
from game.ui.i18n import has, t
from game.words import about, match_over

K = "kingen.scene."
E = "endings.kingen."
# the cards that cost points in a game of cards (the other games count tricks)
PENALTY = {rules.NO_HEARTS: rules.HEART_MASK, rules.NO_KJ: rules.KJ_MASK, rules.NO_QUEENS: rules.QUEEN_MASK,
           rules.NO_KH: rules.KH_BIT}


def game_name(game: str) -> str:
    return t(f"kingen.game.{game}")


def suit_name(letter: str) -> str:
    return t(K + "suit." + letter)


def move_words(state, move) -> str:
    """The move in words, for "Why?" and a review (`state`: before the move): a game by its
    whole name ("No kings and jacks"), where the chooser's buttons have room for a short one."""
    return game_name(move.game) if isinstance(move, ChooseGame) else move_text(move)


def move_text(move) -> str:
    """The move by name, as the dealer's choices show it: '♠ Spades', 'No queens', '♥10'."""
    if isinstance(move, ChooseTrump):
        return f"{SUIT_SYMBOL[move.suit]} {suit_name(move.suit)}"
    if isinstance(move, ChooseGame):
        return t(K + "short." + move.game)
    if isinstance(move, PlayCard):
        return rules.card_text(rules.ID[move.card])
    return t(K + "button.next")


def reason_params(params: dict) -> dict:
    """A reason's parameters as a player reads them: what a game brings beside an average hand
    (`gain`, "+1.2") in words, "1.2 more than an average hand"; points and tricks without a
    plus sign, and none as 0 ("about 0 points", not "about +0.0 points")."""
    params = {**params, **{name: plain_number(params[name]) for name in ("points", "tricks") if name in params}}
    if "gain" not in params:
        return params
    gain = float(str(params["gain"]).replace("\u2212", "-"))
    key = "kingen.gain.even" if abs(gain) < 0.05 else "kingen.gain.more" if gain > 0 else "kingen.gain.less"
    return {**params, "gain": t(key, n=f"{abs(gain):.1f}")}


def plain_number(number) -> str:
    """'+1.2' as '1.2', '−0.0' as '0' (a reason's numbers come signed, as '−2.1')."""
    text = str(number).lstrip("+")
    return "0" if text.lstrip("\u2212-") in ("0.0", "0") else text


# -- the move log --------------------------------------------------------------------------
def deal_line(state, names, said) -> str:
    """'Deal 3: West deals', the line that opens a deal in the log."""
    return said(K + "log.deal", state.dealer, n=state.deal_no, name=names(state.dealer))


def describe(state, seat, move, names, said) -> list[str]:
    """The log's lines for `move`, just played by `seat` (`state` is the state after it): the
    card, and who took the trick it finished; for the log's opening (`move` None), the deal."""
    if move is None or isinstance(move, NextDeal):
        return [deal_line(state, names, said)]
    name = names(seat)
    if isinstance(move, ChooseGame):
        return [said(K + "log.game", seat, name=name, game=game_name(move.game))]
    if isinstance(move, ChooseTrump):
        return [said(K + "log.trump", seat, name=name, suit=SUIT_SYMBOL[move.suit])]
    lines = [said(K + "log.play", seat, name=name, card=move_text(move))]
    for event in state.events:
        if isinstance(event, TrickWon):
            lines.append(said(K + "log.takes", event.seat, name=names(event.seat)))
    return lines


def last_trick_title(trick, names, said) -> str:
    """'Last trick: North took it', over the last trick (leader, cards, winner)."""
    winner = trick[2]
    return said(K + "last.title", winner, name=names(winner))


# -- the status line -----------------------------------------------------------------------
def status(state, names, said, taker=None, human=False, in_view=True, alone=True) -> str:
    """Who won, why the deal ended, who takes the trick on show (`taker`), or who is to move
    and what to do. `human`: a human decides for the seat to move; `in_view`: their hand is
    shown; `alone`: they are the only human (called 'You')."""
    if state.is_over():
        return match_over(K, state, names, said)
    if state.phase == BETWEEN:
        reason = t(f"kingen.end.{state.end_reason or 'all_tricks'}")
        return t(K + "status.deal_over", n=state.deal_no) + " " + reason
    if taker is not None:
        return said(K + "status.took", taker, name=names(taker))
    name = names(state.to_move())
    if not human:
        key = {CHOOSE_GAME: "status.computer_game", CHOOSE_TRUMP: "status.computer_trump"}.get(state.phase,
                                                                                               "status.computer")
        return about(K + key, name)
    if not in_view:
        return t(K + "status.waiting", name=name)
    who = t(K + "status.you") if alone else name
    if state.phase == CHOOSE_GAME:
        return t(K + "status.choose_game", who=who)
    if state.phase == CHOOSE_TRUMP:
        return t(K + "status.choose_trump", who=who)
    if not state.trick:
        return t(K + "status.lead", who=who)
    return t(K + "status.follow", who=who, suit=SUIT_SYMBOL[state.trick_cards()[0][1].suit])


# -- the info panel and the plates ---------------------------------------------------------
def rule_line(state) -> str:
    """What the deal's game asks of the players, in a sentence."""
    if state.game is None:
        return t(K + "rule.choosing")
    key = f"{K}rule.{state.game}"
    if state.lose_rule and has(key + ".lose"):
        key += ".lose"
    return t(key)


def info_texts(state) -> tuple[str, str, str]:
    """The info panel: the match and its deal, the game and its trump, the rule line."""
    match = t(K + "info.match." + state.kind, n=state.deal_no, of=state.last_deal)
    game = game_name(state.game) if state.game else t(K + "info.choosing")
    if state.trump_suit:        # "Trump: ♦", the game named once
        game = t(K + "info.trump", game=game, suit=SUIT_SYMBOL[state.trump_suit])
    elif state.game == "trump":
        game = t(K + "info.trump", game=game, suit="?")
    return match, game, rule_line(state)


def plate_detail(state, seat: int) -> str:
    """A seat's points in this deal and its total."""
    return t(K + "plate.detail", points=f"{state.points[seat]:+d}", total=f"{state.totals[seat]:+d}")


# -- Dubbelkingen's quotas -----------------------------------------------------------------
def quota_text(state, seat: int) -> str:
    """The source's notation: a filled triangle per negative game chosen, a circle per trump."""
    chosen = state.chosen[seat]
    negative = sum(chosen[game] for game in rules.NEGATIVE)
    trumps = chosen[rules.TRUMP]
    return ("\u25b2" * negative + "\u25b3" * (rules.NEGATIVE_QUOTA - negative) + " "
            + "\u25cf" * trumps + "\u25cb" * (rules.TRUMP_QUOTA - trumps))


def quota_texts(state, names) -> tuple[str, list[str], list[str]]:
    """The choice table's companion: its title, every seat's choices so far, and how often
    each negative game has been chosen."""
    seats = [f"{names(seat)}: {quota_text(state, seat)}" for seat in range(4)]
    games = [t(K + "quota.game", game=t(K + "short." + GAMES[game]), n=sum(chosen[game] for chosen in state.chosen))
             for game in rules.NEGATIVE]
    return t(K + "quota.title"), seats, games


# -- the score sheet and the result --------------------------------------------------------
def sheet(state, names, waiting: bool, said=None) -> dict:
    """The score sheet as data (the fields of the kit's `Sheet`): a row per deal with the
    deal's points and the running total, the totals with the best marked, each seat's choices
    in Dubbelkingen. `waiting`: a human still has to say "next deal"; `said`: the scene's (the
    title says "you win" to the one human)."""
    rows = []
    for entry in state.sheet:
        label = t(K + "sheet.deal", n=entry["deal"], game=t(K + "short." + entry["game"]))
        if entry["trump"]:
            label += " " + SUIT_SYMBOL[entry["trump"]]
        cells = [f"{points:+d} ({total:+d})" for points, total in zip(entry["points"], entry["totals"])]
        rows.append((label, cells, None, entry is state.sheet[-1]))
    totals = state.scores()
    best = max(totals)
    total = (t(K + "sheet.total"), [f"{value:+d}" for value in totals],
             {seat for seat in range(4) if totals[seat] == best})
    extras = []
    if state.phase in (BETWEEN, rules.OVER) and state.tricks:
        extras.append((t(E + "took", n=state.deal_no), took_cells(state)))
    if state.kind == "dubbelkingen":
        extras.append((t(K + "sheet.choices"), [quota_text(state, seat) for seat in range(4)]))
    if state.is_over():
        title = match_over(K, state, names, said)
    elif state.phase == BETWEEN:
        title = t(K + "sheet.after", n=state.deal_no, of=state.last_deal)
    else:
        title = t(K + "sheet.title")
    return dict(title=title, columns=[names(seat) for seat in range(4)], rows=rows, total=total, extras=extras,
                note=t(K + "sheet.press_next") if waiting else "", earlier=lambda n: t(K + "sheet.earlier", n=n),
                subheading=t(E + "columns"))


def took_cells(state) -> list:
    """What each seat took in the deal just played, as far as it scored: the penalty cards
    (a list of cards), the tricks counted, or the seventh and last trick."""
    game, tricks = state.g, state.tricks
    cells = []
    for seat in range(4):
        won = [number for number, (_, _, winner) in enumerate(tricks, 1) if winner == seat]
        if game in PENALTY:
            cards = [rules.CARD[card] for _, trick, winner in tricks if winner == seat for card in trick
                     if PENALTY[game] & rules.BIT[card]]
            cells.append(cards or "\u2014")
        elif game == rules.NO_7_13:
            marked = [t(E + "trick", n=number) for number in won if number in (7, 13)]
            cells.append(", ".join(marked) or "\u2014")
        else:
            cells.append(t(E + "tricks", n=len(won)))
    return cells


def ending(state, played, seat, names, said) -> Ending:
    """The end screen: the seats ranked by their totals, and `seat`'s best deal."""
    totals = state.scores()
    rows = ranked_rows(totals, names, lambda s: [f"{totals[s]:+d}"], state.winners())
    best = ""
    if state.sheet:
        entry = max(state.sheet, key=lambda entry: (entry["points"][seat], -entry["deal"]))
        best = said(E + "best", seat, name=names(seat), game=game_name(entry["game"]), n=entry["points"][seat])
    return Ending([t(E + "total")], rows, best)


def result_lines(state, names) -> list[str]:
    """The seats by their totals, best first."""
    totals = state.scores()
    order = sorted(range(4), key=lambda seat: (-totals[seat], seat))
    return [t(K + "result.line", name=names(seat), n=f"{totals[seat]:+d}") for seat in order]
