"""What 4 Koningen says in words: the status line, the round's rule and the news on the
message line, the hint, the buttons, the names of moves, the result, and the texts the
table writes beside its cards (what a selection adds up to, a pile's values, the lost pile).

Pure: the rules and the translations, never pygame nor a scene, so that a review of a game
record or a phone page can say the same words. What only a scene knows (how many cards are
chosen, whether the helper plays) comes in as arguments. The game has one seat, the
player's, so no seat is named: the texts speak to the player.
"""
from __future__ import annotations

from game.cards import SUIT_SYMBOL, Card
from game.standings import Ending
from game.ui.i18n import t
from game.vier_koningen import rules

ROMAN = ("I", "II", "III")        # the draw piles' names: pile I serves round 1


def key(name: str) -> str:
    """The i18n key of one of the scene's texts."""
    return f"vier_koningen_scene.{name}"


def say(name: str, **params) -> str:
    return t(key(name), **params)


def cards_text(cards) -> str:
    return " ".join(str(card) for card in cards)


def move_words(state, move) -> str:
    """The move named as a sentence names it, for a review ("laying 3♥ 4♥ on 7♥ was better",
    "about as good as drawing"; `state`: before the move)."""
    return move_text(move, state.drawn, "named")


def advice(state, move) -> str:
    """The move as a hint says it, to the player ("lay 3♥ 4♥ on 7♥")."""
    return move_text(move, state.drawn)


def move_text(move, drawn, form: str = "move") -> str:
    """A move in the `form` of its keys: "move" as said to the player ("lay 3♥ 4♥ on 7♥"),
    "named" as a sentence names it ("laying 3♥ 4♥ on 7♥"); `drawn`: the drawn cards it is
    played on."""
    if isinstance(move, rules.ChooseHand):
        return say(f"{form}.hand", cards=cards_text(move.cards))
    if isinstance(move, rules.Cover):
        return say(f"{form}.cover", cards=cards_text(move.cards), card=str(drawn[move.target]))
    if isinstance(move, rules.Uncover):
        return say(f"{form}.uncover", card=str(drawn[move.target]))
    return say(f"{form}.{type(move).__name__.lower()}")


def status_text(state, chosen: int, turns: int, autoplay: bool, humans_turn: bool) -> str:
    """What to do now (`chosen`: the cards selected), or how the game ended."""
    if state.is_over():
        if state.result == "won":
            return say("status.won", turns=turns)
        return say("status.gave_up") if state.result == "gave_up" else say("status.lost", turns=turns)
    if autoplay:
        return say("status.autoplay")
    if not humans_turn:
        return say("status.computer")
    if state.phase == "hand":
        size = state.hand_size()
        return say("status.hand_ready", n=size) if chosen == size else say("status.hand", n=size, k=chosen)
    if state.phase == "draw":
        return say("status.draw", pile=ROMAN[state.round - 1], n=state.cards_to_draw())
    if all(state.covers):
        return say("status.judge")
    return say("status.target") if chosen else say("status.cover", max=state.max_cover())


def round_rule(round_no: int) -> str:
    """The message line's reminder of the round's rule."""
    return say("message.round", n=round_no, hand=rules.HAND_SIZE[round_no], max=rules.MAX_COVER[round_no])


def new_round(round_no: int) -> str:
    """The news of a round begun."""
    return say("say.new_round", n=round_no, pile=ROMAN[round_no - 1], hand=rules.HAND_SIZE[round_no],
               max=rules.MAX_COVER[round_no])


def button_label(name: str, chosen: int, state, autoplay_key: str) -> str:
    """A button's label (`autoplay_key`: what the legend calls autoplay's key)."""
    if name == "take":
        return say("button.take", k=chosen, n=state.hand_size())
    if name == "draw":
        return say("button.draw", n=state.cards_to_draw())
    if name == "autoplay":      # the button names its key, as the legend does
        return f"{say('button.autoplay')} ({autoplay_key})"
    return say(f"button.{name}")


def result_lines(state, turns: int, seed: int, helper_played: bool) -> list[str]:
    """The result's lines: how it ended, the game number, and why it is not counted (the
    helper played) or counted apart (peeking)."""
    if state.result == "won":
        lines = [say("result.won_line", turns=turns)]
    else:
        name = "result.gave_up_line" if state.result == "gave_up" else "result.lost_line"
        lines = [say(name, round=state.end_round or state.round, turns=turns)]
    lines.append(say("result.game_number", seed=seed))
    if helper_played:
        lines.append(say("result.helper"))
    elif state.lost_pile_visible():
        lines.append(say("result.peek"))
    return lines


def selected_sum(cards) -> str:
    """What hand cards of one suit add up to ("♥ 3+4 = 7")."""
    chosen = rules.sort_cards(cards)
    return say("table.selected", suit=SUIT_SYMBOL[chosen[0].suit], terms="+".join(str(c.rank) for c in chosen),
               total=sum(c.rank for c in chosen))


def pile_span(index: int) -> str:
    """The values in draw pile `index` ("4–6")."""
    ranks = rules.PILE_RANKS[index + 1]
    return f"{Card(ranks[0], 'S').label}\u2013{Card(ranks[-1], 'S').label}"


def lost_row(lost, suit: str) -> str:
    """One suit's cards in the lost pile ("♥  3 7 J", or a dash)."""
    ranks = sorted(card.rank for card in lost if card.suit == suit)
    return SUIT_SYMBOL[suit] + "  " + (" ".join(Card(rank, suit).label for rank in ranks) if ranks else "\u2013")


def ending(state, played, seat, names, said) -> Ending:
    """The end screen: the kings conquered (won with all four), and in one line how many
    when the game was lost (a win says it in its title and its result line already)."""
    E = "endings.vier_koningen."
    kings, won = state.kings_controlled(), state.result == "won"
    best = t(E + "kings", n=kings) if kings and not won else ""
    rows = [(None, names(0), [t(E + "of_four", n=kings)], won, 0)]     # a game alone has no places
    return Ending([t(E + "heading")], rows, best, None)
