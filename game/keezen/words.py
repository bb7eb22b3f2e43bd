"""What is said about a game of Keezen: the move log's lines, the status line, a plate's
detail, the line over the move log and the result's lines.

Pure: the rules and `t`, never pygame or a scene, so that a review screen replaying a game
record or a phone page says the same words. Whoever speaks says how seats are called:
`names(seat)` names a seat ("You", "Blue"); `said(key, seat, **params)` is `t(key, **params)`,
in the second person where `seat` is the one reading ("you play").
"""
from __future__ import annotations

from game.base import Announced, HandDealt, PawnSentHome, partner
from game.keezen import rules
from game.keezen.rules import EXCHANGE, SEVEN, Enter, Give, LayAway, Swap, Walk
from game.standings import Ending, ranked_rows
from game.ui.i18n import t

K = "keezen.scene."


def colour_name(colour: int) -> str:
    return t(f"keezen.colour.{rules.COLOUR_NAMES[colour]}")


def steps_left(steps) -> int:
    """What is left of a 7's steps after the parts (pawn, end, steps) chosen so far."""
    return SEVEN - sum(n for _, _, n in steps)


def describe(state, seat, move, names, said) -> list[str]:
    """The move log's lines for `move`, just played by `seat`, and for what it did (the
    `events` of `state`, the state after it); for the log's opening (`move` None), the start."""
    if move is None:
        return [t(K + "log.start")]
    events, name = state.events, names(seat)
    hits = [t(K + "log.hits", colour=colour_name(e.colour), square=rules.square_name(e.square))
            for e in events if type(e) is PawnSentHome]
    hit = (", " + ", ".join(hits)) if hits else ""
    if type(move) is Enter:
        lines = [said(K + "log.enter", seat, name=name, card=rules.RANK_LETTER[move.card],
                      colour=colour_name(move.colour), hit=hit)]
    elif type(move) is Walk:
        parts = [t(K + ("log.back" if n < 0 else "log.step" if n == 1 else "log.steps"), n=abs(n))
                 for _, _, n in move.parts]
        lines = [said(K + "log.walk", seat, name=name, card=rules.RANK_LETTER[move.card],
                      parts=t(K + "log.and").join(parts), hit=hit)]
    elif type(move) is Swap:
        lines = [said(K + "log.swap", seat, name=name, colour=colour_name(move.other_colour),
                      square=rules.square_name(move.other_square))]
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
        return t(K + "status.won", a=colour_name(winners[0]), b=colour_name(winners[1]))
    seat = state.to_move()
    name = names(seat)
    if not human:
        return t(K + ("status.computer_gives" if state.phase == EXCHANGE else "status.computer"), name=name)
    if not may_act:
        return t(K + "status.waiting", name=name)
    if state.phase == EXCHANGE:
        return t(K + ("status.give_chosen" if card else "status.give"))
    if state.legal_moves() == [rules.LAY_AWAY]:
        return t(K + "status.lay_away")
    if card is None:
        playing = state.mover_colour(seat)
        return t(K + ("status.turn_partner" if playing != seat else "status.turn"), colour=colour_name(playing))
    if card == SEVEN and (steps or pawn is not None):
        return t(K + ("status.seven_end" if pawn is not None else "status.seven_next"), n=steps_left(steps))
    if card == rules.JACK:
        return t(K + ("status.jack_other" if pawn is not None else "status.jack"))
    return t(K + ("status.end" if pawn is not None else "status.pawn"), card=rules.RANK_LETTER[card])


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
    return [t(K + "result.team", a=colour_name(team), b=colour_name(team + 2), n=state.scores()[team])
            for team in (0, 1)] + [t(K + "result.turns", n=state.turns)]


def ending(state, played, seat, names, said) -> Ending:
    """The end screen: the team that won, every seat with its own pawns home and its team's,
    and what `seat` did best: the opponents' pawns it hit (from the moves `played`, as
    game/standings.py replays them), else its pawns brought home."""
    E = "endings.keezen."
    scores = state.scores()
    rows = ranked_rows(scores, names, lambda s: [str(state.home_count(s)), str(scores[s])], state.winners())
    winners = state.winners()
    winner_line = (t(E + "team_won", a=colour_name(winners[0]), b=colour_name(winners[1])) if winners
                   else t(E + "no_team"))
    hits = sum(1 for mover, _, events in played for event in events
               if type(event) is PawnSentHome and event.by == seat and (event.colour & 1) != (seat & 1))
    best = (said(E + "hits", seat, name=names(seat), n=hits) if hits else
            said(E + "home", seat, name=names(seat), n=state.home_count(seat)))
    return Ending([t(E + "own"), t(E + "team")], rows, best, [t(K + "result.turns", n=state.turns)], winner_line)
