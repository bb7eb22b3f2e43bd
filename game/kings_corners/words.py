"""What is said about a game of Kings Corners: the places by where they lie, a move in words
(`move_words`), what ending a turn does
(`end_key`, which also names its button and legend), the move log's lines, the notices, the
status line, the info panel, a seat's plate, the score sheet's rows, the result, and the
order a hand is shown and listed in.

Pure: it reads a rules state and never a scene, so that a screen replaying a game record can
say the same words as the playing scene. Seats are named by the caller: `names(seat)` gives
'You' or 'Computer 3', `said(key, seat, **params)` the text in the second person where that
seat is the only human ("You draw a card").
"""
from __future__ import annotations

from collections import Counter

from game.base import CardMoved, Scored
from game.cards import Card
from game.kings_corners.rules import CORNERS, KINGS_FIRST_PENALTY, PLACES, Deal, EndTurn, MovePile, PlayCard
from game.standings import Ending, ranked_rows
from game.ui.i18n import t
from game.words import about, match_over

K = "kings_corners.scene."           # the prefix of the table's i18n keys
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}   # black, red, black, red: neighbours differ in colour
DOT = " \u00b7 "     # between the pieces of a line


def hand_order(hand) -> list:
    """The hand as shown: by suit (♠ ♥ ♣ ♦, colours alternating), king down to ace."""
    return sorted(hand, key=lambda card: (SUIT_ORDER[card.suit], -card.rank))


def place_name(place: int) -> str:
    """The label the table writes on an empty place ('N', 'K' for a corner is the table's own)."""
    return t(K + "place." + PLACES[place])


def named_places(params: dict) -> dict:
    """A hint's reasons name places by code ("NE"): here as players name them, by where they
    lie ("on the left", "the top right corner"); a pile moved (`bottom`, `last`: its cards) by
    its cards."""
    said = {name: where_place(PLACES.index(value)) if name in ("place", "source", "target") and value in PLACES
            else value for name, value in params.items()}
    if "bottom" in params:
        said["pile"] = pile_words([params["bottom"], params["last"]])
    return said


def where_place(place: int) -> str:
    """Where a place lies, as players say it: 'on the left' for a side place (seen only while
    it is empty: a pile is named by its cards), 'the top right corner' for a corner."""
    if place in CORNERS:
        return t(K + "from.corner", corner=t(K + "corner." + PLACES[place]))
    return t(K + "side." + PLACES[place])


def where_label(place: int) -> str:
    """A place as a label names it (a row of the phone's table), by where it lies: 'top left',
    'right'; the table's letters (N, K) are drawn in an empty place, never said."""
    return t(K + ("corner." if place in CORNERS else "label.") + PLACES[place])


reason_params = named_places     # what "Why?" uses to say a reason's parameters


def pile_words(cards) -> str:
    """A pile by the cards the table shows of it: 'the 9♥', 'the pile 9♥–7♣' (bottom to top);
    a side place's label lies under its first card."""
    if len(cards) == 1 or cards[0] == cards[-1]:
        return t(K + "pile.single", card=str(cards[0]))
    return t(K + "pile.run", bottom=str(cards[0]), top=str(cards[-1]))


def onto(state, place: int) -> str:
    """Where a card or a pile goes on the table as it is now."""
    return onto_pile(state.piles[place], place)


def onto_pile(pile, place: int) -> str:
    """Where a card or a pile goes, as the table shows it (`pile`: what lies there): 'onto the
    Q♣' (its top card names it), 'onto the empty place on the left', 'into the top right corner'."""
    if pile:
        return t(K + "onto.pile", top=str(pile[-1]))
    if place in CORNERS:
        return t(K + "onto.empty_corner", corner=t(K + "corner." + PLACES[place]))
    return t(K + "onto.empty_side", side=where_place(place))


def move_words(state, move) -> str:
    """The move named as a sentence names it, for "Why?" and a review (`state`: before the
    move): 'playing J♦ onto the Q♣' (was better), 'moving the pile Q♥–J♣ onto the K♦',
    'drawing a card and ending the turn'."""
    if isinstance(move, PlayCard):
        return t(K + "move.card", card=str(move.card), onto=onto(state, move.place))
    if isinstance(move, MovePile):
        return t(K + "move.pile", pile=pile_words(state.piles[move.source]), onto=onto(state, move.target))
    if isinstance(move, EndTurn):
        return t(K + "move." + end_key(state))
    if isinstance(move, Deal):
        return t(K + "move.deal")
    return str(move)


def unit(state) -> str:
    return t(K + ("unit.chips" if state.scoring == "chips" else "unit.points"))


def end_key(state) -> str:
    """What ending the turn does now: draw one, draw two, or just end (draw first, empty stock)."""
    if state.options["draw_first"] or not state.stock:
        return "end"
    return "draw_two" if state.options["draw_two"] and len(state.stock) >= 2 else "draw"


def from_stock(event) -> bool:
    """Whether `event` is a card drawn from the stock into a hand."""
    return type(event) is CardMoved and event.source == "stock" and event.target.startswith("hand:")


def kings_first(event) -> bool:
    """Whether `event` is the payment for not playing a king first."""
    return type(event) is Scored and event.reason == "kings_first"


def kings_first_paid(state, event, names, said) -> str:
    """The notice of a kings-first payment: who paid how much for keeping the king."""
    payer = next(index for index, points in enumerate(event.points) if points)
    return said(K + "say.kings_first_paid", payer, name=names(payer), n=abs(event.points[payer]), unit=unit(state))


# -- the move log --------------------------------------------------------------------------
def deal_line(state, names, said) -> str:
    """'Computer 2 deals hand 3', the line that opens a hand in the log."""
    return said(K + "log.deal", state.dealer, name=names(state.dealer), n=state.hand_no)


def draw_line(seat, count: int, names, said) -> str:
    return said(K + ("log.draw" if count == 1 else "log.draw_n"), seat, name=names(seat), n=count)


def describe(state, seat, move, names, said) -> list[str]:
    """The log's lines for `move`, just played by `seat` (`state` is the state after it): a
    kings-first payment, the move, the cards drawn, how the hand and the match ended; for the
    log's opening (`move` None), the deal."""
    if move is None:
        return [deal_line(state, names, said)]
    events, name = state.events, names(seat)
    lines = [said(K + "log.kings_first", seat, name=name, n=max(map(abs, event.points)), unit=unit(state))
             for event in events if kings_first(event)]
    draws = Counter(event.seat for event in events if from_stock(event))
    if isinstance(move, Deal):
        lines.append(deal_line(state, names, said))
    elif isinstance(move, PlayCard):      # (the table after the move: the card on top)
        lines.append(said(K + "log.play", seat, name=name, card=str(move.card),
                          onto=onto_pile(state.piles[move.place][:-1], move.place)))
    elif isinstance(move, MovePile):
        moved = [event.card for event in events if type(event) is CardMoved and event.source == f"pile:{PLACES[move.source]}"]
        lines.append(said(K + "log.pile", seat, name=name, pile=pile_words(moved),
                          onto=onto_pile(state.piles[move.target][:-len(moved)], move.target)))
    elif isinstance(move, EndTurn):
        lines.append(draw_line(seat, draws.pop(seat), names, said) if draws[seat] else
                     said(K + ("log.pass" if state.passes else "log.end"), seat, name=name))
        if any(type(event) is Scored and event.reason == "no_play" for event in events):
            lines.append(said(K + "log.chip", seat, name=name))
    lines += [draw_line(drawer, count, names, said) for drawer, count in draws.items() if count]  # "draw first"
    if state.hand_over():
        winner = state.sheet[-1].get("winner")
        lines.append(t(K + "log.deadlock") if winner is None else said(K + "log.out", winner, name=names(winner)))
        if state.is_over():
            lines.append(t(K + "log.match_over"))
    return lines


# -- the status line -----------------------------------------------------------------------
def status(state, names, you=None, human=False, in_view=True, chosen=None, legal=False) -> str:
    """Who won the match or the hand, or who is to move and what they may do. `you`: the only
    human's seat (None with none or several); `human`: a human decides for the seat to move;
    `in_view`: they may act now; `chosen`: what they chose, ("card", card) or ("pile", place),
    and `legal` whether it may go anywhere."""
    if state.is_over():
        return match_over(K, state, names, lambda key, seat, **params: t(key + "_you" if seat == you else key, **params))
    if state.hand_over():
        entry = state.sheet[-1]
        winner, hand = entry.get("winner"), entry.get("hand", state.hand_no)
        if winner is None:
            return t(K + "status.deadlock", n=hand)
        if winner == you:
            return t(K + "status.you_out", n=hand)
        return t(K + "status.out", name=names(winner), n=hand)
    name = names(state.turn)
    if not human:
        return about(K + "status.computer", name)
    if not in_view:
        return t(K + "status.waiting", name=name)
    who = t(K + "status.you") if you is not None else t(K + "status.named", name=name)
    if chosen:
        kind, value = chosen
        if kind == "card":
            return t(K + ("status.card" if legal else "status.card_nowhere"), card=str(value))
        return t(K + ("status.pile" if legal else "status.pile_nowhere"), pile=pile_words(state.piles[value]))
    if state.kings_first_due():
        return t(K + "status.kings_first", who=who, n=KINGS_FIRST_PENALTY, unit=unit(state))
    if state.options["draw_first"] and state.drew:
        return t(K + "status.turn_drawn", who=who, n=state.drew)
    return t(K + "status.turn_" + end_key(state), who=who)


def nowhere(state, chosen) -> str:
    """The notice for a card or pile chosen that may go nowhere now."""
    kind, value = chosen
    if kind == "card":
        return t(K + "say.card_nowhere", card=str(value))
    return t(K + "say.pile_nowhere", pile=pile_words(state.piles[value]))


# -- the info panel and the plates ---------------------------------------------------------
def info_texts(state) -> tuple:
    """The info panel: the hand (of how many), the match's target (None in a match of so many
    hands), the rules in play, the pot (None without chips)."""
    options = state.options
    if options["match_length"] == "hands":
        hand, target = t(K + "info.hand_of", n=state.hand_no, of=options["hands"]), None
    else:
        hand = t(K + "info.hand", n=state.hand_no)
        target = t(K + ("info.chips_target" if state.scoring == "chips" else "info.target"), n=options["target"])
    tags = [t(K + "tag." + state.scoring)] + [t(K + "tag." + flag) for flag in ("kings_first", "draw_first",
                                                                                "draw_two") if options[flag]]
    pot = t(K + "info.pot", n=state.pot) if state.scoring == "chips" else None
    return hand, target, DOT.join(tags), pot


def plate_detail(state, seat: int) -> str:
    """A seat's cards in hand and its points or chips."""
    count = len(state.hands[seat])
    cards = t(K + ("plate.card" if count == 1 else "plate.cards"), n=count)
    if state.scoring == "chips":
        return cards + DOT + t(K + "plate.chips", n=f"{state.chips[seat]:+d}")
    return cards + DOT + t(K + ("plate.point" if state.totals[seat] == 1 else "plate.points"), n=state.totals[seat])


# -- the score sheet and the result --------------------------------------------------------
def sheet(state, names, said, note: str) -> dict:
    """The score sheet as data (the fields of the kit's `Sheet`): a column per seat, a row per
    hand, the totals with the best marked, this hand's cards left, its kings-first penalties
    (a penalty paid is the cell (text, "bad")) and the pot. `note`: what happens next."""
    chips, entry, players = state.scoring == "chips", state.sheet[-1] if state.sheet else None, state.players
    if state.is_over():
        title = match_over(K, state, names, said)
    elif entry is None:
        title = ""
    elif entry.get("winner") is None:
        title = t(K + "sheet.deadlock", n=entry["hand"])
    else:
        title = said(K + "sheet.won", entry["winner"], name=names(entry["winner"]), n=entry["hand"])
    rows = []
    for row in state.sheet:
        values = (row.get("chips") if chips else row.get("points")) or []
        cells = ["?" if seat >= len(values) or values[seat] is None else
                 (f"{values[seat]:+d}" if chips else str(values[seat])) for seat in range(players)]
        rows.append((t(K + "sheet.hand", n=row["hand"]), cells, row.get("winner"), row is entry))
    scores = state.scores()
    best = (max(scores) if chips else min(scores)) if scores else None
    total = (t(K + ("sheet.balance" if chips else "sheet.total")), [f"{score:+d}" if chips else str(score)
                                                                     for score in scores],
             {seat for seat in range(players) if scores[seat] == best})
    extras = []
    if entry is not None:
        left = entry.get("left", [])
        extras.append((t(K + "sheet.left"), [hand_order([Card.parse(code) for code in left[seat] if code])
                                             if seat < len(left) else [] for seat in range(players)]))
        penalties = entry.get("penalties") or []
        if any(penalties):
            extras.append((t(K + "sheet.kings_first"), [(f"+{value}", "bad") if value else "\u2014"
                                                        for value in penalties]))
        if chips:
            extras.append((t(K + "sheet.pot", n=entry.get("pot", state.pot), won=entry.get("pot_won", 0)), []))
    return dict(title=title, columns=[names(seat) for seat in range(players)], rows=rows, total=total, extras=extras,
                note=note, earlier=lambda n: t(K + "sheet.earlier", n=n))


def sheet_note(state, names, said, human_deals: bool, waiting: bool) -> str:
    """Who deals the next hand, and whether a human has to say "Next hand" first
    (`human_deals`: a human deals; `waiting`: the table waits for a human)."""
    if state.is_over():
        return ""
    dealer = state.to_move()
    name = names(dealer)
    if waiting and not human_deals:
        return t(K + "sheet.press_next", name=name)
    if human_deals:
        return said(K + "sheet.human_deals", dealer, name=name)
    return t(K + "sheet.dealing", name=name)


def result_lines(state, names) -> list[str]:
    """Why the winner won, the players ranked (the same score shares a place), the hands played."""
    chips = state.scoring == "chips"
    scores = state.scores()

    def standing(seat):
        return -scores[seat] if chips else scores[seat]
    order = sorted(range(state.players), key=lambda seat: (standing(seat), seat))
    lines = [t(K + ("result.rule_chips" if chips else "result.rule"))]
    for seat in order:
        rank = 1 + sum(1 for other in order if standing(other) < standing(seat))
        lines.append(t(K + ("result.line_chips" if chips else "result.line"), rank=rank, name=names(seat),
                       n=f"{scores[seat]:+d}" if chips else scores[seat]))
    return lines + [t(K + "result.hands", n=len(state.sheet))]


def ending(state, played, seat, names, said) -> Ending:
    """The end screen: the seats ranked (the fewest points, or the most chips, first), with
    how often each went out, and how `seat` did best: the hands it went out, else its best hand."""
    E = "endings.kings_corners."
    chips = state.scoring == "chips"
    scores = state.scores()
    out = [sum(1 for entry in state.sheet if entry.get("winner") == s) for s in range(state.players)]
    rows = ranked_rows(scores, names, lambda s: [f"{scores[s]:+d}" if chips else str(scores[s]), str(out[s])],
                       state.winners(), higher_is_better=chips)
    if out[seat]:
        best = said(E + "went_out", seat, name=names(seat), n=out[seat], of=len(state.sheet))
    else:
        left = [entry["points"][seat] for entry in state.sheet
                if entry.get("points") and entry["points"][seat] is not None]
        # a hand's points are what the cards left cost: penalty points, or the chips paid for them
        best = said(E + ("best_hand_chips" if chips else "best_hand"), seat, name=names(seat), n=min(left)) if left else ""
    notes = [t(K + ("result.rule_chips" if chips else "result.rule")), t(K + "result.hands", n=len(state.sheet))]
    return Ending([t(K + ("sheet.balance" if chips else "sheet.total")), t(E + "out")], rows, best, notes)
