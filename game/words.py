"""What the games' words share (each game's `game/<name>/words.py` says the rest): plain
Python, so the review and a phone page say the same as the table."""
from __future__ import annotations

from game.characters import join_names
from game.ui.i18n import t


def match_over(prefix: str, state, names, said=None) -> str:
    """"The match is over: X wins", or the winners sharing it, by the game's keys
    `<prefix>status.match_over` and `<prefix>status.match_shared`; with `said` (the scene's),
    "you win" where the winner is the one human."""
    winners = state.winners()
    if len(winners) == 1:
        if said is not None:
            return said(prefix + "status.match_over", winners[0], name=names(winners[0]))
        return t(prefix + "status.match_over", name=names(winners[0]))
    return t(prefix + "status.match_shared", names=", ".join(names(seat) for seat in winners))


def searched(name: str, move: str, weighed: list[str]) -> str:
    """"Why?" after a computer's search, told about that person: the move played and the
    others weighed against it ("Fien weighed ♣4 against ♥2 and ♠K and played ♣4: that
    looked best"), never the search's own counts."""
    others = [other for other in dict.fromkeys(weighed) if other != move]
    if not others:
        return t("why.searched_alone", name=name, move=move)
    return t("why.searched", name=name, move=move, others=join_names(others))
