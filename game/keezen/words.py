"""What is said about a game of Keezen: where a square is, in words (`where`), a move in
words (`move_words`), the move log's lines, the status line, a plate's detail, the line over
the move log and the result's lines.

Pure: the rules and `t`, never pygame or a scene, so that a review screen replaying a game
record or a phone page says the same words. Whoever speaks says how seats are called:
`names(seat)` names a seat ("You", "Blue"); `said(key, seat, **params)` is `t(key, **params)`,
in the second person where `seat` is the one reading ("you play").
"""
from __future__ import annotations

from game.base import Announced, HandDealt, PawnSentHome, partner
from game.keezen import rules
from game.keezen.rules import EXCHANGE, HOME, NEST, SEVEN, TRACK, Enter, Give, LayAway, Swap, Walk
from game.standings import Ending, ranked_rows
from game.ui.i18n import t
from game.words import about

K = "keezen.scene."


def colour_name(colour: int) -> str:
    """A colour as the name of its players, where it stands alone or starts a sentence: 'Blue'
    on a plate, 'Blue and yellow win!'."""
    return t(f"keezen.colour.{rules.COLOUR_NAMES[colour]}")


def colour_word(colour: int) -> str:
    """A colour inside a sentence, written small: "green's start square", "de pion van groen"."""
    return colour_name(colour).lower()


QUARTER = TRACK // 4     # the squares from one start square to the next
PAST = 8                 # up to so many squares after a start square are said from it, further ones from the next


def where(colour: int, square: int) -> str:
    """Where a pawn of `colour` on `square` stands, said from the board's landmarks (the
    square numbers of the notation mean nothing to a player): 'on green's start square',
    '3 squares past green's start', '1 square before red's start', 'in yellow's home', 'in
    yellow's nest'."""
    if square == NEST:
        return t(K + "where.nest", colour=colour_word(colour))
    if square >= HOME:
        return t(K + "where.home", colour=colour_word(colour))
    owner, offset = divmod(square % TRACK, QUARTER)
    if offset == 0:
        return t(K + "where.start", colour=colour_word(owner))
    if offset <= PAST:
        return t(K + "where.past", n=offset, colour=colour_word(owner))
    return t(K + "where.before", n=QUARTER - offset, colour=colour_word((owner + 1) % 4))


def named_squares(params: dict) -> dict:
    """A hint's or a refusal's reason names a square by its number ("34", "h2"): here in words
    (`where`; a track square is anyone's, a home or nest square the colour's given)."""
    if "square" not in params:
        return params
    square = params["square"]
    try:
        square = rules.parse_square(str(square))
    except ValueError:
        return params
    colour = params.get("colour")      # a refusal names the pawn's colour ("blue")
    colour = rules.COLOUR_NAMES.index(colour) if colour in rules.COLOUR_NAMES else 0
    return {**params, "square": where(colour, square)}


def reason_params(params: dict) -> dict:
    """A hint's or a refusal's parameters as said: its square in words, its card by name
    ("Give your partner the queen", not "the Q")."""
    params = named_squares(params)
    card = params.get("card")
    return {**params, "card": card_word(rules.LETTER_RANK[card])} if card in rules.LETTER_RANK else params
     # what "Why?" and the hint use to say a reason's parameters


def card_name(rank: int) -> str:
    """'Ace', 'King', '7'."""
    return t(K + f"card.{rank}")


def card_word(rank: int) -> str:
    """'ace', 'queen', '7': a card inside a sentence, by the NK sheet's names (aas, heer,
    vrouw, boer), never by the letter in its corner."""
    return card_name(rank).lower()


def move_words(state, move) -> str:
    """The move named as a sentence names it, for "Why?" and a review (`state`: before the
    move): 'bringing out a pawn with the ace', 'playing the 7 for 4 steps with the pawn on
    blue's start square, 3 with the pawn in blue's home', 'swapping blue's pawn 1 square past
    red's start with green's, 2 squares before red's start'."""
    mover = state.mover_colour(state.to_move()) if state.to_move() is not None else None
    if type(move) is Enter:
        if move.colour == mover:
            return t(K + "move.enter", card=card_word(move.card))
        return t(K + "move.enter_other", card=card_word(move.card), colour=colour_word(move.colour))
    if type(move) is Walk:
        if len(move.parts) == 1 and 2 <= move.card <= 10 and move.card == move.parts[0][2]:
            colour, square, _ = move.parts[0]       # a card that walks its own number: "10 with the pawn ..."
            return t(K + "move.card_with", card=card_word(move.card), pawn=pawn_words(colour, square, mover))
        parts = []
        for number, (colour, square, steps) in enumerate(move.parts):
            key = "move.back" if steps < 0 else "move.steps" if number == 0 else "move.more"
            parts.append(t(K + key, n=abs(steps), pawn=pawn_words(colour, square, mover)))
        return t(K + "move.walk", card=card_word(move.card), parts=t(K + "move.list").join(parts))
    if type(move) is Swap:
        return t(K + "move.swap", colour=colour_word(move.colour), where=where(move.colour, move.square),
                 other=colour_word(move.other_colour), other_where=where(move.other_colour, move.other_square))
    if type(move) is LayAway:
        return t(K + "move.lay_away")
    if type(move) is Give:
        return t(K + "move.give", card=card_word(move.card))
    return str(move)


def pawn_words(colour: int, square: int, mover) -> str:
    """'the pawn 2 squares past green's start', or 'yellow's pawn ...' when it is not the
    mover's own colour (a partner's pawn)."""
    return t(K + ("move.pawn" if colour == mover else "move.pawn_of"), colour=colour_word(colour),
             where=where(colour, square))


def steps_left(steps) -> int:
    """What is left of a 7's steps after the parts (pawn, end, steps) chosen so far."""
    return SEVEN - sum(n for _, _, n in steps)


def describe(state, seat, move, names, said) -> list[str]:
    """The move log's lines for `move`, just played by `seat`, and for what it did (the
    `events` of `state`, the state after it); for the log's opening (`move` None), the start."""
    if move is None:
        return [t(K + "log.start")]
    events, name = state.events, names(seat)
    hits = [t(K + "log.hits", colour=colour_word(e.colour), square=where(e.colour, e.square))
            for e in events if type(e) is PawnSentHome]
    hit = (", " + ", ".join(hits)) if hits else ""
    if type(move) is Enter:
        lines = [said(K + "log.enter", seat, name=name, card=card_word(move.card),
                      colour=colour_word(move.colour), hit=hit)]
    elif type(move) is Walk:
        parts = [t(K + ("log.back" if n < 0 else "log.step" if n == 1 else "log.steps"), n=abs(n))
                 for _, _, n in move.parts]
        lines = [said(K + "log.walk", seat, name=name, card=card_word(move.card),
                      parts=t(K + "log.and").join(parts), hit=hit)]
    elif type(move) is Swap:
        lines = [said(K + "log.swap", seat, name=name, colour=colour_word(move.other_colour),
                      square=where(move.other_colour, move.other_square))]
    elif type(move) is LayAway:
        lines = [said(K + "log.lay_away", seat, name=name)]
    elif type(move) is Give:
        lines = [said(K + "log.give", seat, name=name)]
    else:
        lines = []
    for event in events:
        if type(event) is Announced and event.what == "finished":
            lines.append(t(K + "log.finished", colour=colour_name(event.seat)))
        elif type(event) is HandDealt:
            lines.append(said(K + "log.deal", event.dealer, name=names(event.dealer), n=event.counts[0]))
        elif type(event) is Announced and event.what == "time_up":
            lines.append(t(K + "log.time_up"))
    return lines


def status(state, names, human: bool, may_act: bool, card=None, pawn=None, steps=()) -> str:
    """The status line: the result, or whose turn it is, or what the human to move chooses
    next. `human`: a human decides for the seat to move; `may_act`: they may act now (their
    hand in view). Their choice so far: `card` the rank chosen, `steps` the parts (pawn, end,
    steps) of a 7 chosen, `pawn` the pawn chosen, its end still to choose."""
    if state.is_over():
        winners = state.winners()
        if not winners:
            return t(K + "status.draw")
        return t(K + "status.won", a=colour_name(winners[0]), b=colour_word(winners[1]))
    seat = state.to_move()
    name = names(seat)
    if not human:
        return about(K + ("status.computer_gives" if state.phase == EXCHANGE else "status.computer"), name)
    if not may_act:
        return t(K + "status.waiting", name=name)
    if state.phase == EXCHANGE:
        return t(K + ("status.give_chosen" if card else "status.give"))
    if state.legal_moves() == [rules.LAY_AWAY]:
        return t(K + "status.lay_away")
    if card is None:
        playing = state.mover_colour(seat)
        return t(K + ("status.turn_partner" if playing != seat else "status.turn"), colour=colour_word(playing))
    if card == SEVEN and (steps or pawn is not None):
        return t(K + ("status.seven_end" if pawn is not None else "status.seven_next"), n=steps_left(steps))
    if card == rules.JACK:
        return t(K + ("status.jack_other" if pawn is not None else "status.jack"))
    return t(K + ("status.end" if pawn is not None else "status.pawn"), card=card_name(card))


def plate_detail(state, seat: int, viewer: int, names) -> str:
    """A plate's second line: partner or opponent of `viewer` and the pawns home; on the
    viewer's own plate "You" says whose it is and the colour's name which pawns, so it says
    the other. (The cards in hand show as backs under the plate.)"""
    if seat == viewer:
        role = colour_name(seat) if names(seat) != colour_name(seat) else t(K + "plate.you")
    else:
        role = t(K + ("plate.partner" if seat == partner(viewer) else "plate.opponent"))
    return f"{role} \u00b7 " + t(K + "plate.home", n=state.home_count(seat))


def table_info(state) -> str:
    """The line over the move log: the deck and the hand, and the turns left in a timed game."""
    info = t(K + "info.deck", deck=state.deck_no + 1, hand=state.hand_no + 1)
    if state.options["time_limit"]:
        info += " \u00b7 " + t(K + "info.turns", n=max(0, rules.TURN_LIMIT - state.turns))
    return info


def result_lines(state) -> list[str]:
    """The result's lines: each team's score, then the turns played."""
    return [t(K + "result.team", a=colour_name(team), b=colour_word(team + 2), n=state.scores()[team])
            for team in (0, 1)] + [t(K + "result.turns", n=state.turns)]


def ending(state, played, seat, names, said) -> Ending:
    """The end screen: the team that won, every seat with its own pawns home and its team's,
    and what `seat` did best: the opponents' pawns it hit (from the moves `played`, as
    game/standings.py replays them), else its pawns brought home."""
    E = "endings.keezen."
    scores = state.scores()
    def named(seat):            # the colour too, where the seat has a name of its own: the teams are colours
        name, colour = names(seat), colour_name(seat)
        return name if name == colour else f"{name} \u00b7 {colour}"
    rows = ranked_rows(scores, named, lambda s: [str(state.home_count(s)), str(scores[s])], state.winners())
    winners = state.winners()
    winner_line = (t(E + "team_won", a=colour_name(winners[0]), b=colour_word(winners[1])) if winners
                   else t(E + "no_team"))
    hits = sum(1 for mover, _, events in played for event in events
               if type(event) is PawnSentHome and event.by == seat and (event.colour & 1) != (seat & 1))
    best = (said(E + "hits", seat, name=names(seat), n=hits) if hits else
            said(E + "home", seat, name=names(seat), n=state.home_count(seat)))
    return Ending([t(E + "own"), t(E + "team")], rows, best, [t(K + "result.turns", n=state.turns)], winner_line)
