"""What the games' words share (each game's `game/<name>/words.py` says the rest): plain
Python, so the review and a phone page say the same as the table."""
from __future__ import annotations

from game.characters import join_names
from game.ui.i18n import has, odds, t


def about(key: str, name: str, **params) -> str:
    """`t(key)` about a named seat, in the second person where that name is the player's own
    "You" and the game has such a text (`key` + "_you"): never "You is playing"."""
    if name == t("seat.you") and has(key + "_you"):
        return t(key + "_you", **params)
    return t(key, name=name, **params)


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
    others weighed against it ("To Wim, ♠K looked better than ♥7 and ♣5"; the move may be a
    phrase: "To Joris, playing the 4 for 4 steps back … looked better"), never the search's
    own counts."""
    others = [other for other in dict.fromkeys(weighed) if other != move]
    if not others:
        return t("why.searched_alone", name=name, move=move)
    return t("why.searched", name=name, move=move, others=join_names(others))


# -- a review's verdicts (the review screen and `python -m ai.analysis` say the same) -----------
def verdict_line(judgement: dict, unit: str, named) -> str:
    """The verdict on a judged move (`ai.analysis.Judgement` as a dict): a better move and
    what the move played lost, or (a good move) how soon a won or lost game ends where the
    judge counted it (Quarto), in the mover's own turns. `named(ply, code)`: a move in words."""
    line = t(f"review.verdict.{judgement['verdict']}")
    if judgement["verdict"] != "good":
        return t("review.instead", verdict=line, best=named(judgement["ply"], judgement["best"]),
                 loss=loss_text(judgement, unit))
    if judgement.get("close") and judgement["best"] != judgement["move"]:     # a difference inside the noise
        return t("review.about_as_good", verdict=line, best=named(judgement["ply"], judgement["best"]))
    plies = judgement.get("plies")       # absent in analyses kept before it was counted
    if plies is None:
        return line
    if judgement["value"] > 0:      # counted in the mover's moves, this one the first
        return t("review.wins_now", verdict=line) if plies == 1 else \
            t("review.wins_in", verdict=line, n=(plies + 1) // 2)
    return t("review.loses_next", verdict=line) if plies == 2 else \
        t("review.loses_in", verdict=line, n=plies // 2)              # in the opponent's


def loss_text(judgement: dict, unit: str) -> str:
    """What the move played lost beside the best (`judgement` as in `verdict_line`), in the
    judge's `unit`: a chance as the games each move wins ("that one wins about 3 games in 4,
    this one about 1 game in 4"), never a percentage; an outcome as an estimate where it is one
    (`exact` False: Quarto before its solver's horizon), as certain where it is exact (what each
    move comes to: "that one draws, this one loses"), and how soon the better move wins where
    that is known (`best_plies`, in both players' moves)."""
    if unit == "chance":
        better, played = odds(judgement["best_value"]), odds(judgement["value"])
        if played == t("odds.games.none"):
            return t("review.loss.no_chance", better=better)
        return t("review.loss.chance_small") if played == better else \
            t("review.loss.chance", better=better, played=played)
    if unit == "outcome":
        best_plies = judgement.get("best_plies")
        if best_plies == 1:
            return t("review.loss.win_now")
        if best_plies is not None and best_plies % 2:
            return t("review.loss.win_in", n=(best_plies + 1) // 2)
        if not judgement.get("exact", True):
            return t("review.loss.outcome_estimate")
        return t("review.loss.outcome", better=outcome_word(judgement["best_value"]),
                 played=outcome_word(judgement["value"]))
    return t("review.loss.points", n=f"{judgement['loss']:.1f}")


def outcome_word(value: float) -> str:
    """A solved result as the move's player gets it ("wins", "draws", "loses"): 1, 0 or -1."""
    return t("review.outcome." + ("win" if value > 0.5 else "loss" if value < -0.5 else "draw"))


def decided_line(judgement: dict, unit: str, named, name: str) -> str:
    """Where the game was decided: whose move it was (`name`, the seat's), the better one, and
    what it lost."""
    return about("review.decided", name, n=judgement["ply"], move=named(judgement["ply"], judgement["move"]),
                 best=named(judgement["ply"], judgement["best"]), loss=loss_text(judgement, unit))
