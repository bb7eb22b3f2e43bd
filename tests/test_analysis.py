"""The analysis of a game record (ai/analysis): crafted blunders are flagged, the computer's
own moves at hard are rarely flagged, two analysis seeds agree, the command line's JSON, no
judgement reads a hidden card, and the Runner that spreads the work over processes.

Budgets are the judges' own work counts (`work`), so every figure here replays exactly.
"""
import dataclasses
import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from ai.analysis import VERDICTS, analyse, decisive, judge_module, judged_plies, losers
from ai.analysis import __main__ as cli
from ai.analysis.runner import Runner
from game import registry
from game.base import PawnSentHome
from game.characters import seat_names
from game.kingen.words import move_words
from game.record import Record, random_record
from game.ui.i18n import t

ROOT = Path(__file__).resolve().parent.parent
FIELDS = {"ply", "seat", "move", "best", "value", "best_value", "loss", "verdict", "exact", "plies", "best_plies",
          "close"}


def at_least(verdict: str, floor: str) -> bool:
    return VERDICTS.index(verdict) >= VERDICTS.index(floor)


def judgement_at(record: Record, ply: int, seats=None, work: float = 1.0, seed: int = 0):
    """The analysis' judgement of move `ply` alone: `analyse` with a share of one judged turn
    (a judgement depends on the seed and its move's number only, so it is the one a whole
    analysis gives)."""
    plies = judged_plies(record, seats)
    assert ply in plies, f"move {ply} is not judged"
    found = list(analyse(record, seats, work, seed, share=(plies.index(ply), len(plies))))
    assert [judgement.ply for judgement in found] == [ply]
    return found[0]


def with_moves(record: Record, moves: list) -> Record:
    return dataclasses.replace(record, moves=list(moves))


# -- crafted blunders ------------------------------------------------------------------------

def king_of_hearts_deal(seed: int = 167):
    """Dubbelkingen: the dealer (seat 1) chooses "no king of hearts"; then random cards, the
    ♥K held back while another card may be played, until seat 0 is to lead with the ♥K in a
    hand of hearts only, the ♥A gone: the ♥K led there surely wins its trick (the deal's 5
    penalty points), a low heart most likely not."""
    from game.kingen import rules as R
    options = {"match": "dubbelkingen"}
    state = R.new_game(seed, 4, options)
    moves = ["game:no_king_of_hearts"]
    state.play(R.parse_move(moves[0]))
    king, ace = R.parse_move("KH"), R.parse_card("AH")
    rng = random.Random(seed)
    while True:
        assert state.phase == R.PLAY, "the ♥K fell before seat 0 could lead it"
        legal = state.legal_moves()
        ace_gone = any(ace in cards for _, cards, _ in state.tricks)
        if state.to_move() == 0 and not state.trick and king in legal and len(legal) > 1 and ace_gone:
            break
        move = rng.choice([move for move in legal if move != king] or legal)
        state.play(move)
        moves.append(move.code)
    assert all(card.suit == "H" for card in state.hand_cards(0)), "hearts may be led only from a hand of hearts"
    return Record("kingen", 4, ["human", "random", "random", "random"], options, seed, moves), state


def test_leading_the_king_of_hearts_into_a_sure_trick_is_a_blunder():
    prefix, state = king_of_hearts_deal()
    ply = len(prefix.moves) + 1
    scale = judge_module("kingen").SCALE
    blunder = judgement_at(with_moves(prefix, prefix.moves + ["KH"]), ply)
    assert blunder.seat == 0 and blunder.move == "KH"
    assert blunder.value == -5.0, "the ♥K wins its trick in every deal: the 5 points are sure"
    assert blunder.best != "KH" and blunder.loss >= scale.blunder
    assert blunder.verdict == "blunder"
    assert decisive([blunder], {0}) == blunder and decisive([blunder], None) is None
    better = judgement_at(with_moves(prefix, prefix.moves + [blunder.best]), ply)
    assert better.verdict == "good" and better.loss == 0.0 and better.best == blunder.best
    assert better.value == blunder.best_value


def test_the_dealers_choice_of_game_is_judged_too():
    prefix, _ = king_of_hearts_deal()
    dealer = dataclasses.replace(prefix, seats=["random", "human", "random", "random"], moves=prefix.moves[:1])
    judgement = judgement_at(dealer, 1, work=0.1)
    assert judgement.seat == 1 and judgement.move == "game:no_king_of_hearts"
    assert judgement.verdict in VERDICTS and judgement.best.startswith("game:")


def keezen_walk_past():
    """Keezen, random moves of game 1 (`random_record`): after 99 moves blue (seat 0) may hit
    red's pawn on square 42 with a 5 from square 37, or walk past it with the 10."""
    prefix = random_record("keezen", 1, moves=99)
    state = prefix.replay()
    assert state.to_move() == 0
    assert sorted(move.code for move in state.legal_moves()) == ["5 b37+5", "T b37+10"]
    return prefix, state


def test_keezen_walking_past_a_sure_hit_is_at_least_a_mistake():
    from game.keezen import rules as KR
    prefix, state = keezen_walk_past()
    hit, past = state.copy(), state.copy()
    hit.play(KR.parse_move("5 b37+5"))
    past.play(KR.parse_move("T b37+10"))
    assert [(event.colour, event.square) for event in hit.events if type(event) is PawnSentHome] == [(3, 42)]
    assert not any(type(event) is PawnSentHome for event in past.events)
    ply = len(prefix.moves) + 1
    walked = judgement_at(with_moves(prefix, prefix.moves + ["T b37+10"]), ply)
    assert walked.best == "5 b37+5"
    assert at_least(walked.verdict, "mistake"), walked
    took = judgement_at(with_moves(prefix, prefix.moves + ["5 b37+5"]), ply)
    assert took.verdict == "good" and took.best == "5 b37+5" and took.loss == 0.0


def kings_corners_last_card(scoring: str):
    """Kings Corners, four seats, random moves from game 16 until seat 0 holds one card, the
    ♥Q, and may lay it on the south-east corner: laid, the hand is out and costs nothing;
    ending the turn keeps it (and draws another)."""
    options = {"scoring": scoring}
    from game.kings_corners import rules as KR
    state = KR.new_game(16, 4, options)
    record = Record("kings_corners", 4, ["human", "random", "random", "random"], options, 16)
    rng = random.Random(16)
    while not (state.to_move() == 0 and [card.code for card in state.hands[0]] == ["QH"]
               and "play QH SE" in [move.code for move in state.legal_moves()]):
        assert not state.hand_over(), "the hand ended before the position came"
        move = rng.choice(state.legal_moves())
        state.play(move)
        record.add(move)
    return record


@pytest.mark.parametrize("scoring, floor", [("card_values", "blunder"), ("fifty_ten_five", "blunder"),
                                            ("standard", "inaccuracy")])
def test_kings_corners_ending_the_turn_while_the_last_card_could_be_laid(scoring, floor):
    prefix = kings_corners_last_card(scoring)
    ply = len(prefix.moves) + 1
    ended = judgement_at(with_moves(prefix, prefix.moves + ["end"]), ply)
    assert ended.value < 0.0 and ended.best_value == 0.0, "laid, the last card ends the hand at no cost"
    assert ended.best.startswith("play") or ended.best.startswith("move")
    # the scoring decides how costly: a card's worth (a queen: 10), or one point a card
    assert ended.verdict == floor
    laid = judgement_at(with_moves(prefix, prefix.moves + ["play QH SE"]), ply)
    assert laid.verdict == "good" and laid.loss == 0.0


# -- what a judgement may know -----------------------------------------------------------------

def first_judged(game: str, seed: int, after: int):
    """A record of random moves and the first move of its human seat (0) after move `after`
    that has a choice, while the other seats hold cards seat 0 cannot see."""
    record = random_record(game, seed, moves=after + 40)
    ply = next(ply for ply in judged_plies(record) if ply > after)
    return record, ply


@pytest.mark.parametrize("game, seed, after, work", [("kingen", 4, 20, 0.1), ("keezen", 4, 60, 0.25),
                                                     ("kings_corners", 4, 20, 0.5)])
def test_a_judgement_never_reads_hidden_cards(game, seed, after, work):
    """The real position and one whose hidden cards (the other hands, the stock or deck) are
    dealt otherwise, consistently with what seat 0 has seen, get the same values from the same
    randomness: the judge sees `state.view(seat)` only."""
    judge = judge_module(game)
    record, ply = first_judged(game, seed, after)
    real = record.replay(ply - 1)
    seat = real.to_move()
    other = real.view(seat).sample(seat, random.Random(99))     # a whole state: every card somewhere
    assert other.view(seat).to_dict() == real.view(seat).to_dict()
    assert other.to_dict() != real.to_dict()
    assert [other.zones()[f"hand:{s}"] for s in range(4) if s != seat] != \
        [real.zones()[f"hand:{s}"] for s in range(4) if s != seat], "the other hands must differ"
    values = [judge.values(state.view(seat), seat, random.Random(5), work) for state in (real, other)]
    assert values[0] == values[1]
    assert len(values[0].values) == len(real.legal_moves()) > 1


@pytest.mark.parametrize("game", [game for game in registry.GAMES if judge_module(game) is not None])
def test_the_analysis_hands_each_judge_the_movers_view_only(game, monkeypatch):
    judge = judge_module(game)
    record = random_record(game, 6, moves=60)
    seen = []

    def spy(view, seat, rng, work, played=None):
        seen.append((view.to_dict(), seat))
        return None          # nothing judged: only what the judge was given counts here

    monkeypatch.setattr(judge, "values", spy)
    assert list(analyse(record, range(record.players))) == []
    plies = judged_plies(record, range(record.players))
    assert len(seen) == len(plies) > 5
    for (view, seat), ply in zip(seen, plies):
        state = record.replay(ply - 1)
        assert seat == state.to_move()
        assert view == state.view(seat).to_dict(), f"move {ply}: the judge was given more than the view"


# -- the command line ----------------------------------------------------------------------------

def check_json(out: dict, record: Record, seats) -> list:
    assert set(out) == {"game", "unit", "moves", "decisive"}
    assert out["game"] == record.game and out["unit"] == judge_module(record.game).SCALE.unit
    moves = out["moves"]
    assert [move["ply"] for move in moves] == judged_plies(record, seats)
    for move in moves:
        assert set(move) == FIELDS
        assert type(move["ply"]) is int and type(move["seat"]) is int and type(move["exact"]) is bool
        assert all(move[name] is None or type(move[name]) is int and move[name] >= 1 for name in ("plies", "best_plies"))
        assert isinstance(move["move"], str) and isinstance(move["best"], str)
        assert move["move"] == record.moves[move["ply"] - 1]
        assert move["verdict"] in VERDICTS
        assert move["loss"] == pytest.approx(max(0.0, move["best_value"] - move["value"]))
        assert (move["best"] == move["move"]) == (move["loss"] == 0.0)
    worst = out["decisive"]
    lost = losers(record.replay())
    flagged = [move for move in moves if move["verdict"] != "good" and lost is not None and move["seat"] in lost]
    assert worst == (max(flagged, key=lambda move: move["loss"]) if flagged else None)     # (none solved here)
    return moves


def test_the_json_of_a_record_file_has_the_documented_fields(tmp_path, capsys):
    record = random_record("kingen", 8, moves=16)
    path = tmp_path / "record.json"
    path.write_text(json.dumps({**record.to_dict(), "ended": "2025-01-01T10:00:00+00:00", "summary": {}}))
    assert cli.main([str(path), "--json", "--seats", "all", "--work", "0.1"]) == 0
    moves = check_json(json.loads(capsys.readouterr().out), record, range(4))
    assert {move["seat"] for move in moves} == {0, 1, 2, 3}
    # the same moves as a table in the review's words, one line a judged move (and where the
    # game was decided, once it is over): each player by name, each move as the table names
    # it, never its code
    assert cli.main([str(path), "--seats", "all", "--work", "0.1", "--language", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(moves), "the match goes on: nothing decided yet"
    names = seat_names(record.seed, record.seats)
    rules = registry.game("kingen").rules()
    for move, line in zip(moves, lines):
        said = move_words(record.replay(move["ply"] - 1), rules.parse_move(move["move"]))
        assert line.startswith(f"{move['ply']:4d}. {names[move['seat']]}: {said}. ")
        assert t(f"review.verdict.{move['verdict']}") in line and f" {move['move']} " not in f" {line} "
    # the default seats are the humans'; another analysis seed gives other (sampled) values
    assert cli.main([str(path), "--json", "--work", "0.1", "--analysis-seed", "1"]) == 0
    humans = json.loads(capsys.readouterr().out)["moves"]
    assert [move["ply"] for move in humans] == judged_plies(record) == [m["ply"] for m in moves if m["seat"] == 0]
    assert [move["value"] for move in humans] != [m["value"] for m in moves if m["seat"] == 0]


def test_the_command_line_takes_a_game_by_its_moves():
    """`--game --seed --option --moves` as a program calls it: the ♥K led into a sure trick."""
    prefix, _ = king_of_hearts_deal()
    moves = prefix.moves + ["KH"]
    result = subprocess.run([sys.executable, "-m", "ai.analysis", "--game", "kingen", "--seed", "167",
                             "--option", "match=dubbelkingen", "--seats", "0", "--work", "0.25", "--json",
                             "--moves", "; ".join(moves)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    record = Record("kingen", 4, ["human"] * 4, {"match": "dubbelkingen"}, 167, moves)
    judged_moves = check_json(out, record, [0])
    assert judged_moves[-1]["move"] == "KH" and judged_moves[-1]["verdict"] == "blunder"
    assert out["decisive"] is None, "the deal goes on: nothing decided yet"


def test_the_command_line_help_and_its_errors(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    assert done.value.code == 0
    help_text = capsys.readouterr().out
    assert all(field in help_text for field in FIELDS | {"decisive", "unit"})
    for argv, words in ((["--moves", "KH"], "--moves needs --game and --seed"),
                        ([], "give a record file"),
                        (["--game", "kingen", "--seed", "1", "--moves", "KH; QQ"], "move"),
                        (["/nonexistent/record.json"], "cannot read"),
                        (["record.json", "--seed", "3"], "--analysis-seed")):
        with pytest.raises(SystemExit) as done:
            cli.main(argv)
        assert done.value.code == 2
        assert words in capsys.readouterr().err


# -- the Runner ---------------------------------------------------------------------------------

def wait_for(runner: Runner, condition, seconds: float = 240.0) -> list:
    """Poll the runner (as the review does every frame) until `condition()`; the judgements in
    the order they came. The clock only keeps a broken runner from hanging the test run."""
    arrived = []
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the runner never got there"
        arrived += runner.poll()
        time.sleep(0.01)
    return arrived


def new_threads(before: set) -> list:
    return [thread for thread in threading.enumerate() if thread not in before and thread.name == "spelavond-analysis"]


def test_two_processes_judge_as_one_thread_and_as_the_analysis_itself():
    record = random_record("kingen", 21, moves=60)
    data = record.to_dict()
    expected = {judgement.ply: judgement for judgement in analyse(record, None, 0.1, 3)}
    assert len(expected) >= 8
    two = Runner(data, None, 0.1, 3, processes=2)
    try:
        assert len(two._workers) == 2 and two.total == len(expected)
        arrived = wait_for(two, two.finished) + two.poll()
    finally:
        two.cancel()
    assert not two.failed and two.progress() == 1.0
    assert two.judgements == expected
    assert sorted(judgement.ply for judgement in arrived) == sorted(expected)   # each once, in whatever order
    one = Runner(data, None, 0.1, 3, processes=1, use_process=False)
    assert not one._workers
    wait_for(one, one.finished)
    assert not one.failed and one.judgements == expected


def test_cancel_ends_the_processes_and_the_thread():
    from processes import running, wait_until_gone
    record = random_record("kingen", 22)        # a whole match: far more work than the test waits for
    runner = Runner(record.to_dict(), processes=2)
    pids = [worker.pid for worker in runner._workers]
    wait_for(runner, lambda: runner.judgements)
    runner.cancel()
    assert wait_until_gone(pids) == []
    assert not any(running(pid) for pid in pids)
    kept = dict(runner.judgements)
    runner.poll()
    assert not runner.failed and len(runner.judgements) < runner.total
    assert all(runner.judgements[ply] == judgement for ply, judgement in kept.items())

    before = set(threading.enumerate())
    threaded = Runner(record.to_dict(), use_process=False)
    [thread] = new_threads(before)
    wait_for(threaded, lambda: threaded.judgements)
    threaded.cancel()
    thread.join(timeout=120)
    assert not thread.is_alive(), "the thread stops at the next judgement"
    threaded.poll()
    assert len(threaded.judgements) < threaded.total and not threaded.finished()


def test_a_dying_process_is_reported_and_the_judgements_sent_stay():
    record = random_record("kingen", 23, moves=120)
    plies = judged_plies(record)
    first_share = set(plies[0::2])               # process 0 of 2 judges every other judged move
    runner = Runner(record.to_dict(), None, 0.25, 0, processes=2)
    try:
        victim = runner._workers[0]
        wait_for(runner, lambda: first_share & set(runner.judgements))
        # stopped, it sends nothing more: once the queue is read, what it sent is all there (the
        # other process may well have finished its share by now: on a busy machine process 0
        # can start late)
        os.kill(victim.pid, signal.SIGSTOP)
        runner.poll()
        assert not first_share <= set(runner.judgements), "process 0 judged its whole share before it was stopped"
        os.kill(victim.pid, signal.SIGKILL)
        sent = dict(runner.judgements)
        wait_for(runner, runner.finished)
        runner.poll()
    finally:
        runner.cancel()
    assert runner.failed
    assert all(runner.judgements[ply] == judgement for ply, judgement in sent.items())
    assert set(plies[1::2]) <= set(runner.judgements), "the other process finished its share"
    assert not first_share <= set(runner.judgements)


class LateQueue:
    """The runner's queue as one poll may find it: empty at its first look, while the processes
    send their last judgements and end."""

    def __init__(self, real, workers):
        self.real, self.workers, self.looked = real, list(workers), False

    def get_nowait(self):
        if not self.looked:
            self.looked = True
            for worker in self.workers:
                worker.join()
            raise queue.Empty
        return self.real.get_nowait()


def test_processes_that_end_while_a_poll_reads_are_not_taken_for_dead():
    record = random_record("kingen", 24, moves=40)
    runner = Runner(record.to_dict(), None, 0.1, 0, processes=2)
    try:
        runner._out = LateQueue(runner._out, runner._workers)
        runner.poll()
        assert not runner.failed, "a finished analysis was reported as stopped"
        wait_for(runner, runner.finished)
    finally:
        runner.cancel()
    assert not runner.failed and len(runner.judgements) == runner.total == len(judged_plies(record)) > 0


# -- the computer's own moves at hard, and two analysis seeds --------------------------------------
# Played by ai.kingen / ai.keezen make("hard", seed * 1000 + ply): a fresh hard player for every
# move, so that any one move can be checked alone.
HARD_DUBBELKINGEN = Record("kingen", 4, ["hard"] * 4, {"match": "dubbelkingen"}, 12, (
    "game:no_kings_jacks 9D 5D 7D AD 9H 3H 7H 6H TH QH JH 2H TC AC JC 8C AS TS KS JS 3D 2D TD QC 4S 6S KC 2S 5C "
    "6C 4C 9C 4D 7S KH QD 2C 3C 4H 7C 5H KD JD 8S").split())
HARD_KEEZEN = Record("keezen", 4, ["hard"] * 4, {}, 13, (
    "away; away; away; A enter b; 4 b0-4; A enter b; 9 b0+9; away; A enter g; K enter y; A enter r; 5 b60+5; "
    "2 g16+2; J y32 g18; 3 r48+3; T b9+10; 6 g32+6; 7 y18+7; 4 r51-4; K enter b; 3 g38+3; 8 y25+8; 3 r47+3; "
    "Q b19+12; 9 g41+9; K enter y; away; 5 b0+5; T g50+10; 8 y32+8; T b5+10; 7 g60+7; K enter y; J b31 y40; "
    "6 g3+6; J y32 g9; 6 b15+6; 5 y9+5; K enter r; 9 b21+9; K enter g; J y31 b30; 3 r48+3; K enter b; "
    "J g32 y30; 9 y32+9; 8 r51+8; T b40+10; 4 g16-4; 6 y14+6").split("; "))
HARD_SHARE = 0.10        # of the hard player's judged moves at most flagged (measured: 0 to 2 in 100)
AGREE = 0.85             # of the verdicts at least the same with another analysis seed


def hard_move_is_replayed(record: Record, ply: int) -> None:
    from ai import keezen, kingen
    bot = {"kingen": kingen, "keezen": keezen}[record.game].make("hard", record.seed * 1000 + ply)
    state = record.replay(ply - 1)
    assert len(state.legal_moves()) > 1
    assert bot.choose(state.view(state.to_move())).code == record.moves[ply - 1]


# The work: a quarter or half of the review's. At these and at twice as much (measured) the seeds
# agreed on 35 of 35, 34 of 34 and 10 of 11 verdicts, the hard Kingen player's moves had 0 flagged
# and the hard Keezen player's 1. (Less work, noisier values: a value's difference between seeds
# is a harder test, while a verdict turns "good" sooner, as a loss within two errors is good.)
CASES = {"hard kingen": (HARD_DUBBELKINGEN, 0.25), "hard keezen": (HARD_KEEZEN, 0.25),
         "random kingen": (random_record("kingen", 3, moves=52), 0.5)}


@pytest.mark.parametrize("name", list(CASES))
def test_two_analysis_seeds_judge_alike(name):
    """Each record analysed with analysis seeds 0 and 1 (all seats judged for the hard
    players' records), once: the analyses are the costly part, and both checks read them."""
    record, work = CASES[name]
    analyses = [list(analyse(record, range(4) if name.startswith("hard") else None, work, seed))
                for seed in (0, 1)]
    if name.startswith("hard"):
        the_hard_computers_own_moves_are_rarely_flagged(record, analyses)
    two_analysis_seeds_agree(record, *analyses)


def the_hard_computers_own_moves_are_rarely_flagged(record, analyses):
    hard_move_is_replayed(record, {"kingen": 40, "keezen": 24}[record.game])
    for judgements in analyses:
        assert [judgement.ply for judgement in judgements] == judged_plies(record, range(4))
        flagged = [judgement for judgement in judgements if judgement.verdict != "good"]
        assert len(flagged) <= HARD_SHARE * len(judgements), flagged
    if record.game == "kingen":
        # the dealer's choice of a negative game while trump was open is weighed as the hard
        # dealer weighs it (the gain over an average hand), not against trump's points
        assert [(j.move, j.verdict) for j in analyses[0] if j.ply == 1] == [("game:no_kings_jacks", "good")]


def two_analysis_seeds_agree(record, first, second):
    """The same record analysed with two seeds (other sampled deals): the verdicts agree on most
    moves and never by more than one step; a value moves less than a blunder's loss, and a
    loss (the same deals for every move: sharper) less than a mistake's."""
    assert [judgement.ply for judgement in first] == [judgement.ply for judgement in second]
    pairs = list(zip(first, second))
    same = sum(a.verdict == b.verdict for a, b in pairs)
    assert same >= AGREE * len(pairs)
    assert all(abs(VERDICTS.index(a.verdict) - VERDICTS.index(b.verdict)) <= 1 for a, b in pairs)
    scale = judge_module(record.game).SCALE
    assert max(abs(a.value - b.value) for a, b in pairs) < scale.blunder
    assert max(abs(a.loss - b.loss) for a, b in pairs) < scale.mistake
    assert any(a.value != b.value for a, b in pairs), "two seeds, two samples"


def test_the_analysis_benchmark_times_a_whole_game(capsys):
    """`python -m ai.analysis.bench` analyses a game as the review does and prints its row."""
    from ai.analysis import bench
    bench.main(["--games", "quarto", "--seed", "3"])
    row = [line for line in capsys.readouterr().out.splitlines() if line.startswith("quarto")]
    assert len(row) == 1
    moves, judged = (int(field) for field in row[0].split()[1:3])
    assert moves > 0 and 0 < judged <= moves


# -- stable verdicts, the decisive move, a closed pipe ---------------------------------------------

def swinging(offset: float, wobble: float = 0.0, deals: int = 40) -> list:
    """A move's results over the same deals: they swing by up to 10 points with the deal, plus
    `offset`, plus `wobble` up and down from deal to deal."""
    return [10 * ((number * 7) % 5 - 2) / 2 + offset + (wobble if number % 2 else -wobble)
            for number in range(deals)]


def test_a_verdict_weighs_the_difference_deal_by_deal():
    """Common random numbers: a card always 1 point worse on the same deals loses a clear point
    (a mistake), though each value alone swings far more than that; a difference that swings
    around a little is 'about as good' (close), not a verdict."""
    from ai.analysis import Values, judged
    from game.kingen import rules as R
    scale = judge_module("kingen").SCALE
    king, ace = R.parse_move("KH"), R.parse_move("AH")

    def values(samples):
        means = {move: sum(found) / len(found) for move, found in samples.items()}
        spread = {move: (sum((v - means[move]) ** 2 for v in found) / (len(found) - 1) / len(found)) ** 0.5
                  for move, found in samples.items()}
        assert min(spread.values()) > 0.5, "each value alone is uncertain by more than half a point"
        return Values(means, spread, False, None, samples)

    worse = judged(values({ace: swinging(0.0), king: swinging(-1.0)}), king, scale, 5, 0)
    assert worse.verdict == "mistake" and worse.loss == pytest.approx(1.0) and not worse.close
    near = judged(values({ace: swinging(0.0), king: swinging(-0.3, wobble=2.0)}), king, scale, 5, 0)
    assert near.verdict == "good" and near.close and near.best == "AH"
    from game.words import verdict_line
    assert verdict_line(near.to_dict(), "points", lambda ply, code: code) == \
        t("review.about_as_good", verdict=t("review.verdict.good"), best="AH")


def test_a_close_call_is_judged_again_on_new_deals_of_the_two_moves():
    """Where a threshold lies within the noise, the move and the best are judged again on new
    deals (the judge is asked for those two only), up to ROUNDS times; a clear call once."""
    from types import SimpleNamespace

    from ai.analysis import ROUNDS, Values, judge_position
    from game.kingen import rules as R
    king, ace, two = R.parse_move("KH"), R.parse_move("AH"), R.parse_move("2H")
    asked = []

    def judge_with(loss, wobble):
        def values(view, seat, rng, work, played=None, moves=None):
            asked.append(moves)
            samples = {ace: swinging(0.0), king: swinging(-loss, wobble), two: swinging(-5.0)}
            samples = {move: found for move, found in samples.items() if moves is None or move in moves}
            return Values({m: sum(f) / len(f) for m, f in samples.items()}, {m: 1.0 for m in samples}, False, None,
                          samples)
        return SimpleNamespace(SCALE=judge_module("kingen").SCALE, values=values)

    clear = judge_position(judge_with(1.5, 0.1), None, 0, king, random.Random(1), 1.0, 7)
    assert asked == [None] and clear.verdict == "mistake"
    asked.clear()
    close = judge_position(judge_with(1.0, 3.0), None, 0, king, random.Random(1), 1.0, 7)
    assert asked == [None] + [[king, ace]] * (ROUNDS - 1)
    assert close.loss == pytest.approx(1.0)


def test_second_looks_pair_each_move_only_with_the_deals_it_met():
    """After a second look (the move and the best on new deals) a third look may find another
    best: each candidate is weighed against the move on the deals both were played on, never
    a deal of one look against a deal of another."""
    from ai.analysis import Values, best_of, merged
    from game.kingen import rules as R
    king, ace, two = R.parse_move("KH"), R.parse_move("AH"), R.parse_move("2H")

    def look(samples):
        return Values({m: sum(f) / len(f) for m, f in samples.items()}, {m: 1.0 for m in samples}, False, None,
                      samples)

    first = look({king: swinging(0.0), ace: swinging(2.0), two: swinging(1.9)})
    second = look({king: swinging(0.0, deals=30), ace: swinging(1.0, deals=30)})     # the ace was lucky
    third = look({king: [-value for value in swinging(0.0, deals=20)], two: [1.9 - value for value in
                                                                            swinging(0.0, deals=20)]})
    both = merged(merged(first, second), third)
    assert [len(found) for found in both.samples.values()] == [90, 90, 90]
    best, loss, error = best_of(both, king)
    assert best == two and loss == pytest.approx(1.9) and error == pytest.approx(0.0, abs=1e-9)
    assert best_of(merged(first, second), king)[:2] == (two, pytest.approx(1.9))


def test_the_decisive_move_is_the_one_that_turned_the_game_for_the_side_that_lost():
    """A Quarto game the player (seat 0) won: the opponent's mistake decided it, not the
    player's own worse slip before it; a game not finished is not decided yet; where results
    are solved, the last move that let a better result go decided it, not a bigger slip
    before it that the other side gave back."""
    from ai.analysis import Judgement
    record = next(record for record in (random_record("quarto", seed) for seed in range(40))
                  if record.replay().winners() == (0,))
    final = record.replay()
    assert losers(final) == {1}
    own = Judgement(3, 0, "a", "b", -1.0, 1.0, 2.0, "blunder", True)
    theirs = Judgement(8, 1, "c", "d", 0.0, 1.0, 1.0, "mistake", True)
    assert decisive([own, theirs], losers(final)) == theirs
    assert decisive([own], losers(final)) is None
    assert decisive([own, theirs], losers(record.replay(len(record.moves) - 1))) is None
    # seat 1 let a win go to a draw at move 4, then the draw go to a loss at move 10 (a loss
    # of one result each); its blunder at move 2 (a win given away) seat 0 gave back at move 3
    given = Judgement(2, 1, "e", "f", -1.0, 1.0, 2.0, "blunder", True)
    drawn = Judgement(4, 1, "g", "h", 0.0, 1.0, 1.0, "blunder", True)
    lost = Judgement(10, 1, "i", "j", -1.0, 0.0, 1.0, "blunder", True)
    assert decisive([given, drawn, lost, own], losers(final)) == lost
    estimated = theirs._replace(exact=False, loss=1.5)
    assert decisive([estimated, theirs._replace(ply=9, exact=False)], losers(final)) == estimated
    from game.words import decided_line
    line = decided_line(theirs.to_dict(), "outcome", lambda ply, code: code, "Anna")
    drew = t("review.loss.outcome", better=t("review.outcome.win"), played=t("review.outcome.draw"))
    assert line == t("review.decided", n=8, name="Anna", move="c", best="d", loss=drew)
    assert decided_line(own.to_dict(), "outcome", lambda ply, code: code, t("seat.you")) == \
        t("review.decided_you", n=3, move="a", best="b",
          loss=t("review.loss.outcome", better=t("review.outcome.win"), played=t("review.outcome.loss")))


def test_the_command_line_ends_quietly_when_its_reader_leaves(tmp_path):
    """`python -m ai.analysis RECORD | head -1`: status 0 and no traceback once the pipe closes."""
    record = random_record("kingen", 8, moves=40)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record.to_dict()))
    process = subprocess.Popen([sys.executable, "-m", "ai.analysis", str(path), "--seats", "all", "--work", "0.1",
                                "--language", "en"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout.readline()
    process.stdout.close()           # the reader leaves while the analysis goes on printing
    assert process.wait(timeout=300) == 0
    with process.stderr:
        errors = process.stderr.read().decode()
    assert "Traceback" not in errors and "BrokenPipe" not in errors, errors


def test_an_estimated_result_is_said_as_an_estimate_and_a_solved_one_as_certain():
    """Quarto before its solver's horizon: 'probably; how much is not yet clear'; solved, what
    each move comes to: 'that one wins, this one draws'."""
    from game.words import verdict_line
    judgement = {"ply": 5, "seat": 0, "move": "a1 give 3", "best": "b2 give 4", "value": 0.0, "best_value": 0.1,
                 "loss": 0.1, "verdict": "inaccuracy", "exact": False, "plies": None, "best_plies": None}
    estimated = verdict_line(judgement, "outcome", lambda ply, code: code)
    assert estimated.endswith(f"({t('review.loss.outcome_estimate')})")
    solved = verdict_line({**judgement, "exact": True, "best_value": 1.0, "loss": 1.0}, "outcome",
                          lambda ply, code: code)
    assert solved.endswith(f"({t('review.loss.outcome', better=t('review.outcome.win'), played=t('review.outcome.draw'))})")


def test_the_stability_benchmark_compares_the_verdicts_of_seeds(capsys):
    """`python -m ai.analysis.stability` prints a row per record and the share of verdicts the
    seeds agree on (Quarto's judge draws no random numbers: every one; at a quarter of the work,
    its estimates before the solver's reach cost less)."""
    from ai.analysis import stability
    stability.main(["--games", "quarto", "--records", "1", "--seeds", "0,1", "--processes", "1", "--work", "0.25"])
    lines = capsys.readouterr().out.splitlines()
    row = [line.split() for line in lines if line.startswith("quarto")]
    assert len(row) == 1 and row[0][2] == row[0][3] and row[0][4] == "0"
    assert lines[-1].startswith(f"all: {row[0][3]} of {row[0][2]} verdicts the same") and "(100.0%)" in lines[-1]
