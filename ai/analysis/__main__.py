"""The analysis from the command line: a table in the review's words, or JSON for other
programs (which keeps the move codes).

    python -m ai.analysis RECORD.json [--json] [--seats all|0,2] [--work N] [--analysis-seed S]
                          [--language en|nl|nl-BE]
    python -m ai.analysis --game GAME --seed N [--players P] [--option NAME=VALUE ...]
                          --moves "CODE; CODE; ..." [--json]
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import sys

from ai.analysis import Judgement, analyse, decisive, judge_module, losers
from game import record as records
from game import registry
from game.characters import seat_names
from game.ui.i18n import LANGUAGES, set_language, system_language, t
from game.words import decided_line, verdict_line

JSON_FIELDS = """JSON: {"game", "unit", "moves": [one object per judged move], "decisive": the move that turned
the game for the side that lost (of the moves judged, a losing seat's: where results are solved
the last that let a better result go, else the one that lost most; null in a game not finished)
or null}; each move: ply (its number in the record, from 1),
seat, move (its code), best (the best move's code; the move itself when it was as good), value
and best_value (for the mover, higher is better, in the unit: outcome 1 win / 0 draw / -1 loss,
points of the deal, or chance to win), loss (best_value - value), verdict (good, inaccuracy,
mistake, blunder), close (true where the loss stays inside the estimate's noise: about as good
as the best), exact (true where the value is solved, not estimated), plies and best_plies
(Quarto: where the move played or the best wins or loses, how many moves of both players it
takes with best play, counted from that move, itself the first, to the one that wins: 1 it wins
at once, 2 the opponent wins with its next move; null where unknown, and absent in analyses kept
before they were counted)."""


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python -m ai.analysis", description=__doc__.splitlines()[0],
                                     epilog=JSON_FIELDS, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("record", nargs="?", help="a game record (.json), as kept in the data folder's records/")
    parser.add_argument("--game", choices=sorted(registry.GAMES), help="with --moves: the game")
    parser.add_argument("--seed", type=int, default=None, help="with --moves: the game number")
    parser.add_argument("--players", type=int, default=None, help="with --moves: the number of seats")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="with --moves: a game option (JSON value, or text)")
    parser.add_argument("--moves", help='with --game: the move codes, separated by ";"')
    parser.add_argument("--seats", default=None, help='"all", or seat numbers such as 0,2 (default: the humans)')
    parser.add_argument("--work", type=float, default=1.0, help="the judges' budget, times their default")
    parser.add_argument("--analysis-seed", type=int, default=0, help="the judges' randomness")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--language", choices=sorted(LANGUAGES), default=None,
                        help="the table's language (default: the system's, as the game's first start)")
    args = parser.parse_args(argv)
    if (args.record is None) == (args.moves is None):
        parser.error("give a record file, or --game, --seed and --moves")
    if args.moves is not None and (args.game is None or args.seed is None):
        parser.error("--moves needs --game and --seed")
    if args.record is not None and (args.seed is not None or args.game is not None):
        parser.error("--game and --seed go with --moves (a record file has its own); "
                     "the analysis' own seed is --analysis-seed")
    return parser, args


def option_value(text: str):
    try:
        return json.loads(text)
    except ValueError:
        return text


def load(parser, args) -> records.Record:
    if args.record is not None:
        try:
            with open(args.record, encoding="utf-8") as file:
                return records.from_dict(json.load(file))
        except (OSError, ValueError) as error:
            parser.error(f"cannot read {args.record}: {error}")
    info = registry.game(args.game)
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = option_value(value)
    players = args.players or info.seats[0]
    record = records.Record(args.game, players, ["human"] * players, options, args.seed,
                            [code.strip() for code in args.moves.split(";") if code.strip()])
    try:
        record.replay()
    except ValueError as error:
        parser.error(str(error))
    return record


class Table:
    """The table's lines: each judged move by its player's name and in the game's words, with
    the review's verdict ("12. Anna: ♥K. A blunder: ♠2 was better (about 0.4 points less)")."""

    def __init__(self, record: records.Record):
        self.words = importlib.import_module(f"game.{record.game}.words")
        self.rules = registry.game(record.game).rules()
        self.unit = judge_module(record.game).SCALE.unit
        self.names = seat_names(record.seed, record.seats)
        self.record = record
        self.states = {}

    def state(self, ply: int):
        """The position before move `ply`."""
        if ply not in self.states:
            self.states[ply] = self.record.replay(ply - 1)
        return self.states[ply]

    def named(self, ply: int, code: str) -> str:
        return self.words.move_words(self.state(ply), self.rules.parse_move(code))

    def line(self, judgement: Judgement) -> str:
        said = t("review.move", name=self.names[judgement.seat], move=self.named(judgement.ply, judgement.move))
        return f"{judgement.ply:4d}. {said}. {verdict_line(judgement.to_dict(), self.unit, self.named)}"


def main(argv=None) -> int:
    try:
        return run(argv)
    except BrokenPipeError:
        # the reader left (`| head`): the rest goes nowhere, and Python's own flush at exit
        # must not fail on the closed pipe either
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def run(argv) -> int:
    parser, args = parse_args(sys.argv[1:] if argv is None else argv)
    record = load(parser, args)
    if judge_module(record.game) is None:
        parser.error(f"{record.game} has no analysis yet")
    seats = None
    if args.seats == "all":
        seats = range(record.players)
    elif args.seats:
        seats = [int(seat) for seat in args.seats.split(",")]
    judgements: list[Judgement] = []
    set_language(args.language or system_language())
    table = Table(record)
    for judgement in analyse(record, seats, args.work, args.analysis_seed):
        judgements.append(judgement)
        if not args.json:
            print(table.line(judgement), flush=True)
    worst = decisive(judgements, losers(record.replay()))
    if args.json:
        print(json.dumps({"game": record.game, "unit": judge_module(record.game).SCALE.unit,
                          "moves": [j.to_dict() for j in judgements],
                          "decisive": worst.to_dict() if worst else None}))
    elif worst:
        print(decided_line(worst.to_dict(), table.unit, table.named, table.names[worst.seat]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
