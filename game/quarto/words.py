"""What is said about a game of Quarto: a piece's attributes, a move, the game's moves as
the log lists them, the status line, the winning line, the match score and the rules in play.

Pure: it reads a rules state and never a scene, so that a screen replaying a game record can
say the same words as the playing scene. Seats are named by the caller: `names(seat)` gives
'You' or 'Computer', `said(key, seat, **params)` the text in the second person where that
seat is the only human ("You won").
"""
from __future__ import annotations

from game.quarto import rules
from game.standings import Ending, ranked_rows
from game.ui.i18n import t
from game.words import about

DOT = " \u00b7 "       # between attributes: 'light · round · tall · hollow'


def piece_words(piece: int) -> str:
    """'light · round · tall · hollow': the attributes in the player's language."""
    return DOT.join(t(f"quarto.attr.{value}") for value in rules.piece_attributes(piece).values())


def move_words(state, move) -> str:
    """The move named as a person names it in a sentence, for a review and "why?" ("placing it
    on b1 and giving dark · …": "… was better", "… instead of …"; `state`: before the move)."""
    return move_text(move, form="named")


def move_text(move, short: bool = False, form: str = "log") -> str:
    """The move in words, in the `form` of its keys (quarto.<form>.*): "log" as the move log
    lists it ("c2, gives …"), "advice" as a hint says it to the player, "named" as a sentence
    names it; `short` leaves the given piece to an icon beside the text."""
    key = f"quarto.{form}."
    if isinstance(move, rules.Give):
        return t(key + "give", piece="" if short else piece_words(move.piece))
    if isinstance(move, rules.Place):
        square = rules.SQUARE_NAMES[move.square]
        if move.call:
            return t(key + "call", square=square)
        if move.give is not None:
            return t(key + "place_give", square=square, piece="" if short else piece_words(move.give))
        return t(key + "place", square=square)
    return t(key + type(move).__name__.lower())


def advice(state, move) -> str:
    """The move as a hint says it, to the player ("place it on c2 and give dark · …"), where
    the log tells it about whoever played ("c2, gives …")."""
    return move_text(move, form="advice")


def log_lines(state, names) -> list[str]:
    """The moves of the game in play (of a match, the current game), one line each:
    '3. You: a1, gives' (the piece given is drawn as an icon after the line)."""
    return [f"{index + 1}. {names((state.first + index) % 2)}: {move_text(move, short=True)}"
            for index, move in enumerate(state.game_log())]


def status(state, names, said, human: bool, chosen_square, thinking: bool = True) -> str:
    """The status line: who won, or who is to move and what to do. `human`: a human decides
    for the seat to move; `chosen_square`: the square they chose, the piece to give still to
    choose; `thinking`: the computer to move is deciding now (else it waits its turn)."""
    phase = state.phase
    if phase in ("between", "match_over"):
        if state.winner is None:
            return t("quarto.status.draw")
        key = "quarto.status.claimed" if state.claimed else "quarto.status.won"
        return said(key, state.winner, name=names(state.winner))
    name = names(state.to_move())
    if not human:
        return about("quarto.status.thinking" if thinking else "quarto.status.waiting", name)
    if phase == "give":
        return t("quarto.status.give_first", name=name)
    if phase == "pass":
        return t("quarto.status.pass", name=name)
    if chosen_square is not None:
        return t("quarto.status.choose_give" if not state.call_mode else "quarto.status.call_or_give", name=name)
    if state.call_mode:
        return t("quarto.status.claim_or_place", name=name)
    return t("quarto.status.place", name=name)


def winning_words(state) -> str | None:
    """'Quarto on a1 b2 c3 d4: all tall · hollow' for the winning line, or None."""
    line = state.winning_line() if state.game_over() else None
    if line is None:
        return None
    pieces = [state.board[square] for square in line]
    bits = rules.shared(pieces, state.mask)
    values = [t(f"quarto.attr.{rules.piece_attributes(pieces[0])[name]}")
              for bit, name in enumerate(rules.ATTRIBUTES) if bits >> bit & 1]
    return t("quarto.say.win_line", squares=" ".join(rules.SQUARE_NAMES[square] for square in line),
             shared=DOT.join(values))


def result_lines(state, names) -> list[str]:
    """Under the result's title: the winning line, the match score, a line claimed."""
    lines = []
    words = winning_words(state)
    if words:
        lines.append(words)
    if state.games > 1:
        a, b = state.scores()
        lines.append(t("quarto.say.match_score", a=names(0), b=names(1), x=a, y=b, draws=state.draws()))
    if state.claimed:
        lines.append(t("quarto.say.claimed"))
    return lines


def match_score(state, names, levels) -> list[str]:
    """'Game 2 of 3' and a line for each seat, '1  Computer (hard)' (`levels(seat)`: a
    computer's level, '' for a human); nothing for a single game."""
    if state.games <= 1:
        return []
    lines = [t("quarto.info.game", n=state.game_no + 1, of=state.games)]
    for seat, score in enumerate(state.scores()):
        level = levels(seat)
        lines.append(f"{score}  {names(seat)} ({level})" if level else f"{score}  {names(seat)}")
    return lines


def rules_in_play(state) -> list[str]:
    """The options of this game that differ from the plain rules, in words."""
    found = []
    if state.mask != 15:
        found.append(t(f"quarto.opt.attributes.{state.mask}"))
    if state.options["squares"]:
        found.append(t("quarto.info.squares"))
    if state.call_mode:
        found.append(t("quarto.info.call"))
    return found


def game_lengths(state) -> list[tuple]:
    """(winner or None, moves) of every finished game of the match, its moves counted as the
    move log numbers them (the first piece given is move 1)."""
    bounds = list(state.game_starts) + [len(state.log)]
    return [(winner, sum(1 for move in state.log[bounds[index]:bounds[index + 1]]
                         if not isinstance(move, rules.NextGame)))
            for index, winner in enumerate(state.results)]


def turns(state, index: int, seat: int, moves: int) -> int:
    """How many of the `moves` of game `index` were `seat`'s own: the first player of a game
    (alternating from the match's) makes the first gift and every other move after it."""
    first = state.match_first if index % 2 == 0 else 1 - state.match_first
    return (moves + 1) // 2 if seat == first else moves // 2


def game_summary(state, names, said) -> str:
    """Between the games of a match: 'Game 1: you won in 6 turns', or the draw."""
    index = len(state.results) - 1
    winner, moves = game_lengths(state)[-1]
    if winner is None:
        return t("endings.quarto.game_drawn", game=state.game_no + 1)      # (always on a full board)
    return said("endings.quarto.game_won", winner, game=state.game_no + 1, name=names(winner),
                n=turns(state, index, winner, moves))


def ending(state, played, seat, names, said) -> Ending:
    """The end screen: the two seats (by games won in a match), the winning line, and how
    `seat` did best: its quickest win in its own turns; else how long it held out, said
    under the table as a plain fact rather than as praise."""
    E = "endings.quarto."
    scores, match = state.scores(), state.games > 1
    rows = ranked_rows(scores, names, lambda s: [str(scores[s])] if match else [], state.winners())
    games = game_lengths(state)
    won = [turns(state, index, seat, moves) for index, (winner, moves) in enumerate(games) if winner == seat]
    notes = result_lines(state, names)
    best = ""
    if won:
        best = said(E + "won_in", seat, name=names(seat), n=min(won))
    elif any(winner is None for winner, _ in games):
        drawn = next(index for index, (winner, _) in enumerate(games) if winner is None)
        # a draw is always on a full board: its moves are no number to tell; a match says which game
        best = t(E + "game_drawn", game=drawn + 1) if match else t(E + "draw")
    else:
        held = max((turns(state, index, seat, moves) for index, (_, moves) in enumerate(games)), default=0)
        notes = [said(E + "held_out", seat, name=names(seat), n=held)] + notes
    return Ending([t(E + "games")] if match else [], rows, best, notes)
