"""The analysis judges of Quarto and 4 Koningen (ai/analysis/quarto.py, vier_koningen.py).

Quarto: the verdicts equal those of a brute-force minimax written here (independent of the
solver in ai/quarto.py) on small positions, the judge is exact at 11 empty squares and tries
the solver only within its reach, and
crafted records with a blunder (a winning piece given away, a Quarto! not called, a claim
missed) are flagged. 4 Koningen: a crafted cover that gives away a won card is flagged, the
hard helper's own moves are rarely flagged, and a deal's outlook. Budgets are work counts:
no assertion depends on the machine's speed."""
from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest

from ai.analysis import Judgement, analyse, judged, judged_plies, verdict
from ai.analysis import quarto as AQ
from ai.analysis import vier_koningen as AV
from ai.quarto import BITS
from ai.quarto_bench import random_position
from ai.vier_koningen import Player
from game import record as records
from game.cards import SUITS, Card
from game.quarto import rules as R
from game.vier_koningen import rules as VR

# --- Quarto: an independent brute force ---------------------------------------------------------


@lru_cache(maxsize=None)
def groups(squares: bool) -> tuple:
    """The winning groups, written out anew: rows, columns, diagonals (and the 2x2 blocks)."""
    found = [[4 * r + c for c in range(4)] for r in range(4)]
    found += [[4 * r + c for r in range(4)] for c in range(4)]
    found += [[0, 5, 10, 15], [3, 6, 9, 12]]
    if squares:
        found += [[4 * r + c, 4 * r + c + 1, 4 * r + c + 4, 4 * r + c + 5] for r in range(3) for c in range(3)]
    return tuple(tuple(group) for group in found)


def makes_line(board, square: int, piece: int, mask: int, squares: bool) -> bool:
    """Does `piece` on `square` fill a group whose four pieces agree on a counted attribute?"""
    for group in groups(squares):
        if square not in group:
            continue
        pieces = [piece if s == square else board[s] for s in group]
        if None in pieces:
            continue
        for bit in range(4):
            if mask >> bit & 1 and len({p >> bit & 1 for p in pieces}) == 1:
                return True
    return False


def brute_moves(board: tuple, hand: int, mask: int, squares: bool) -> dict:
    """(square, give) -> value for the mover, by plain minimax (give None: the game ends)."""
    return dict(_brute_moves(board, hand, mask, squares))


@lru_cache(maxsize=None)
def _brute_moves(board: tuple, hand: int, mask: int, squares: bool) -> tuple:
    empties = [s for s in range(16) if board[s] is None]
    left = [p for p in range(16) if p not in board and p != hand]
    out = []
    for s in empties:
        if makes_line(board, s, hand, mask, squares):
            out.append(((s, None), 1))
            continue
        after = board[:s] + (hand,) + board[s + 1:]
        if len(empties) == 1:
            out.append(((s, None), 0))
            continue
        for q in left:
            out.append(((s, q), -_brute_value(after, q, mask, squares)))
    return tuple(out)


@lru_cache(maxsize=None)
def _brute_value(board: tuple, hand: int, mask: int, squares: bool) -> int:
    return max(value for _, value in _brute_moves(board, hand, mask, squares))


def brute_of(state, move) -> int:
    """The brute-force value of a rules move (auto mode) for the player to move."""
    table = brute_moves(tuple(state.board), state.hand, state.mask, bool(state.options["squares"]))
    return table[(move.square, move.give)]


def random_play_position(rng: random.Random, empties: int, options: dict):
    """A position reached by random legal play (a winning square or a winning piece in hand
    allowed), or None when the game ended first."""
    state = R.new_game(rng.randrange(10 ** 6), 2, options)
    state.play(R.Give(rng.randrange(16)))
    while state.board.count(None) > empties and not state.game_done:
        state.play(rng.choice(state.legal_moves()))
    return None if state.game_done else state


OPTIONS = [{}, {"squares": True}, {"attributes": 5}, {"attributes": 1, "squares": True}]


def small_position(rng, options):
    """A position with 3 to 6 empty squares (3 to 5 with fewer attributes), set up or played
    at random; None when the random play ended the game first."""
    empties = rng.choice([3, 4, 5, 6] if options.get("attributes", 15) == 15 else [3, 4, 5])
    return random_position(rng, empties, options) if rng.random() < 0.6 \
        else random_play_position(rng, empties, options)


@pytest.mark.parametrize("index,options", list(enumerate(OPTIONS)))
def test_quarto_verdicts_equal_brute_force(index, options):
    rng = random.Random(100 + index)
    verdicts = set()
    checked = 0
    while checked < 12:
        state = small_position(rng, options)
        if state is None:
            continue
        legal = state.legal_moves()
        if len(legal) < 2:
            continue
        table = {move: brute_of(state, move) for move in legal}
        best_value = max(table.values())
        # the best move half of the time, else any legal move (giving a winning piece too)
        played = rng.choice([m for m in legal if table[m] == best_value] if rng.random() < 0.3 else legal)
        values = AQ.values(state.view(state.turn), state.turn, random.Random(0), 1.0, played)
        assert values.exact, state.to_notation()
        judgement = judged(values, played, AQ.SCALE, 1, state.turn)
        expected = verdict(best_value - table[played], 0.0, AQ.SCALE)
        assert judgement.value == table[played], (state.to_notation(), played)
        assert judgement.best_value == best_value, (state.to_notation(), played)
        assert judgement.verdict == expected, (state.to_notation(), played)
        assert table[R.parse_move(judgement.best)] == best_value    # the move named best is
        verdicts.add(judgement.verdict)
        checked += 1
    assert {"good", "blunder"} <= verdicts       # the sample holds both kinds


@lru_cache(maxsize=None)
def brute_end(board: tuple, hand: int, mask: int, squares: bool) -> tuple:
    """(value, plies) for the player to move by plain minimax with the distance: the winner
    takes the fastest win, the loser the longest resistance; plies are the placements of both
    players from this one to the one that wins (0 for a draw)."""
    empties = [s for s in range(16) if board[s] is None]
    left = [p for p in range(16) if p not in board and p != hand]
    best = None
    for s in empties:
        if makes_line(board, s, hand, mask, squares):
            return 1, 1
        if len(empties) == 1:
            found = [(0, 0)]
        else:
            after = board[:s] + (hand,) + board[s + 1:]
            found = [brute_end(after, q, mask, squares) for q in left]
        for value, plies in found:
            mine = (-value, plies + 1 if value else 0)
            if best is None or preference(mine) > preference(best):
                best = mine
    return best


def preference(result) -> int:
    value, plies = result
    return value * (100 - plies)       # a sooner win, a later loss; a draw between


def brute_plies(state, move) -> int | None:
    """The brute-force distance of a rules move (auto mode): the placements of both players
    from it to the one that wins; None for a draw."""
    squares = bool(state.options["squares"])
    if makes_line(tuple(state.board), move.square, state.hand, state.mask, squares):
        return 1
    after = state.board[:]
    after[move.square] = state.hand
    value, plies = brute_end(tuple(after), move.give, state.mask, squares)
    return plies + 1 if value else None


@pytest.mark.parametrize("index,options", list(enumerate(OPTIONS)))
def test_quarto_distances_equal_brute_force(index, options):
    """Where the move played or the best wins or loses, the judgement's moves to the end
    (`plies`) equal the brute force's: the winner's fastest win against the longest
    resistance."""
    rng = random.Random(200 + index)
    counted = set()
    checked = 0
    while checked < 40:
        state = small_position(rng, options)
        if state is None or len(state.legal_moves()) < 2:
            continue
        played = rng.choice(state.legal_moves())
        values = AQ.values(state.view(state.turn), state.turn, random.Random(0), 1.0, played)
        judgement = judged(values, played, AQ.SCALE, 1, state.turn)
        best = R.parse_move(judgement.best)
        for move, value, plies in ((played, judgement.value, judgement.plies),
                                   (best, judgement.best_value, judgement.best_plies)):
            expected = brute_plies(state, move)
            assert (expected is None) == (value == 0), (state.to_notation(), move)
            assert plies == expected, (state.to_notation(), move)
            counted.add(plies)
        checked += 1
    assert {1, 2, 3} <= counted          # wins at once, lost at once and longer ones


def test_quarto_crafted_distances():
    """Counted moves on known positions: a line made wins at once (1), handing over a piece
    that wins loses to the opponent's next move (2); and on a position solved by the brute
    force, the move played lets the opponent win with its second move (4: the mover's next
    placement cannot stop it) where a2 giving e wins with the mover's second (3)."""
    won = quarto_record(["give 0", "a1 give 1", "b1 give 2", "c1 give 3", "d1"])
    plies = judged_plies(won, [0])        # the last one alone (the others are estimates, costly)
    [last] = analyse(won, seats=[0], share=(plies.index(5), len(plies)))
    assert last.ply == 5 and last.value == 1.0 and last.plies == last.best_plies == 1
    state, played, values = piece_given_away()
    judgement = judged(values, played, AQ.SCALE, 5, 0)
    assert judgement.value == -1.0 and judgement.plies == 2
    state = R.from_notation("5.d2.a1...4c96b. f")
    played = R.parse_move("d2 give 7")
    judgement = judged(AQ.values(state.view(state.turn), state.turn, random.Random(0), 1.0, played),
                       played, AQ.SCALE, 1, state.turn)
    assert (judgement.best, judgement.verdict) == ("a2 give e", "blunder")
    assert (judgement.value, judgement.plies, judgement.best_value, judgement.best_plies) == (-1.0, 4, 1.0, 3)
    assert (brute_plies(state, played), brute_plies(state, R.parse_move("a2 give e"))) == (4, 3)


def test_quarto_no_distance_when_its_budget_runs_out(monkeypatch):
    """The distance search has a budget of its own: when it runs out the verdict stays and
    no distance is given."""
    state = R.from_notation(".4.7f.a0..e2...8 3")      # won: b3 giving d wins at the last square
    played = R.parse_move("b3 give d")
    full = AQ.values(state.view(state.turn), state.turn, random.Random(0), 1.0, played)
    assert full.plies == {played: 7} == {played: brute_plies(state, played)}
    monkeypatch.setattr(AQ, "DISTANCE_NODES", 10)
    starved = AQ.values(state.view(state.turn), state.turn, random.Random(0), 1.0, played)
    assert starved.values == full.values == {played: 1.0} and starved.plies == {}


def test_quarto_an_analysis_kept_before_distances_loads():
    """A judgement kept without `plies` (before they were counted) reads as unknown, and one
    with them goes through JSON unchanged."""
    old = {"ply": 5, "seat": 0, "move": "a4 give 3", "best": "a4 give 5", "value": -1.0, "best_value": 0.0,
           "loss": 1.0, "verdict": "blunder", "exact": True}
    judgement = Judgement(**old)
    assert judgement.plies is None and judgement.best_plies is None
    kept = judgement._replace(plies=2).to_dict()
    assert Judgement(**json.loads(json.dumps(kept))) == judgement._replace(plies=2)


def test_quarto_brute_force_checks_itself():
    """The brute force on hand-made positions: a piece that makes a line wins, a full board
    draws, and handing over a piece that wins somewhere loses."""
    board = (0, 1, 2, None) + (None,) * 12
    assert makes_line(board, 3, 3, 15, False)             # 0 1 2 3: short and solid all four
    assert not makes_line(board, 3, 12, 15, False)        # 12 is tall and hollow
    assert makes_line(board, 3, 8, 4, False)              # only the height counts: 8 is short too
    assert not makes_line(board, 3, 8, 8, False)          # only the top counts: 8 is hollow
    full = tuple(range(15)) + (None,)
    assert brute_moves(full, 15, 15, False)[(15, None)] in (0, 1)
    # four empty squares, and the hand piece wins nowhere: giving 3 (it wins on d1) loses
    board = (0, 1, 2, None, None, None, None, 4, 5, 6, 7, 8, 9, 10, 11, None)
    table = brute_moves(board, 14, 15, False)
    assert all(value == -1 for (s, q), value in table.items() if q == 3 and s != 3)


def test_quarto_exact_at_eleven_empty_squares():
    """Within its node budget at work 1 the judge solves positions with 11 empty squares,
    and the move it names best is worth the best value (checked by the solver's own answer:
    the position after it is lost for the opponent when the position was won)."""
    rng = random.Random(11)
    for _ in range(1):
        state = random_position(rng, 11)
        legal = state.legal_moves()
        played = legal[rng.randrange(len(legal))]
        values = AQ.values(state.view(state.turn), state.turn, random.Random(0), 1.0, played)
        assert values.exact, state.to_notation()
        assert set(values.values.values()) <= {-1.0, 0.0, 1.0}


def test_quarto_the_judge_solves_only_within_the_solvers_reach():
    """Twelve empty squares are beyond the solver's reach under the lines alone (a complete
    solve takes 200,000 nodes and more there): the judge spends no solver nodes on them and
    estimates. With the 2x2 squares they are within it: this won position (14,597 nodes) is
    judged exactly (the move played is a winning one, the solver's own: the root's solve is
    all the judge needs)."""
    for notation, exact in (("..........75..3f 2", False), (".7..........60.1 8 s", True)):
        state = R.from_notation(notation)
        geo = AQ.geometry_of(state)
        assert AQ.exact_reach(geo) == (12 if exact else 11)
        pos = geo.position(state.board, state.hand)
        s, safe = next((s, safe) for s, safe in geo.safe_sets(pos) if safe)
        played = R.parse_move("d3 give 9") if exact else R.Place(s, BITS[safe][0])
        judge = AQ._Judge(state.view(state.turn), state.legal_moves(), 1.0)
        values = judge.values(played)
        assert (judge.spent > 0) == exact, notation
        if exact:
            assert values.exact and values.values == {played: 1.0}


def quarto_record(moves, options=None, seed=3) -> records.Record:
    record = records.Record("quarto", 2, ["human", "human"], dict(options or {}), seed, list(moves))
    record.replay()       # the moves are legal
    return record


@lru_cache(maxsize=None)
def piece_given_away():
    """a1 b1 c1 hold 0, 1 and 2 and the tall hollow 12 is in hand: placed on a4, giving 3
    hands over the game (3 wins on d1). The position, the move, and their judge's values at
    the full budget (an estimate at 13 empty squares: two tests read them, computed once)."""
    state = quarto_record(["give 0", "a1 give 1", "b1 give 2", "c1 give c"]).replay()
    played = R.parse_move("a4 give 3")
    return state, played, AQ.values(state.view(0), 0, random.Random(0), 1.0, played)


def test_quarto_giving_away_a_winning_piece_is_a_blunder():
    # a1 b1 c1 hold 0, 1 and 2, all short and solid: on d1 every short or solid piece wins,
    # and after placing the tall hollow 12 on a4, giving 3 (short, solid) hands over the game
    record = quarto_record(["give 0", "a1 give 1", "b1 give 2", "c1 give c", "a4 give 3"])
    judgements = {j.ply: j for j in analyse(record, seats=[0], work=0.25)}
    assert judgements[5].verdict == "blunder" and judgements[5].value == -1.0
    assert judgements[1].verdict == judgements[3].verdict == "good"
    # at the full budget: the loss is proven, and the best named is a nearest move (the
    # same square or the same piece) that hands over nothing that wins
    state, played, values = piece_given_away()
    assert state.to_dict() == record.replay(4).to_dict()
    judgement = judged(values, played, AQ.SCALE, 5, 0)
    assert judgement.verdict == "blunder" and judgement.value == -1.0 and judgement.loss >= 0.85
    best = R.parse_move(judgement.best)
    assert best.square == played.square or best.give == played.give
    after = state.copy()
    after.play(best)
    assert not after.game_done and not any(after._wins_at(s, after.hand) for s in after.empty_squares())


def test_quarto_a_quarto_not_called_and_a_claim_missed_are_blunders():
    # call mode: d1 makes the line but is not called; the opponent then does not claim it
    record = quarto_record(["give 0", "a1 give 1", "b1 give 2", "c1 give 3", "d1 give 4", "a2 give 5"],
                           {"call": "call"})
    judgements = {j.ply: j for j in analyse(record, seats=[0, 1], work=0.05)}
    uncalled, unclaimed = judgements[5], judgements[6]
    assert uncalled.verdict == "blunder" and uncalled.best == "d1 Quarto!"
    assert uncalled.value == -1.0 and uncalled.exact
    assert unclaimed.verdict == "blunder" and unclaimed.best == "claim Quarto!"
    # the claim itself, and passing on a full board with nothing to claim, are good
    state = record.replay(5)
    seat = state.to_move()
    values = AQ.values(state.view(seat), seat, random.Random(0), 0.05, R.Claim())
    assert judged(values, R.Claim(), AQ.SCALE, 6, seat).verdict == "good"


def test_quarto_the_opening_give_and_a_finished_game():
    state = R.new_game(1, 2, {"call": "call"})
    values = AQ.values(state.view(state.turn), state.turn, random.Random(0), 1.0, R.Give(5))
    assert len(values.values) == 16 and len(set(values.values.values())) == 1   # every piece is as good
    over = quarto_record(["give 0", "a1 give 1", "b1 give 2", "c1 give 3", "d1"]).replay()
    assert over.is_over() and AQ.values(over.view(0), 0, random.Random(0), 1.0, None) is None


# --- 4 Koningen --------------------------------------------------------------------------------


def vk_cards(text: str) -> list:
    return [Card.parse(word) for word in text.split()]


def vk_position(seed: int = 5):
    """Round 1, covering: nine cards owned (3♠ 2♠ A♠ 3♥ 2♥ in hand), 5♠ and 6♦ drawn. 3♠
    and 2♠ win the 5♠ (the helper's cover); 6♦ cannot be won. Laying the 3♠ alone on the 5♠
    gives away a won card: the game then owns seven cards, and four spades and three
    diamonds it cannot win."""
    state = VR.new_game(seed)
    hand, controlled, drawn = vk_cards("3S 2S AS 3H 2H"), vk_cards("3C 2C AC AH"), vk_cards("5S 6D")
    used = set(hand + controlled + drawn)
    rest = [Card(rank, suit) for suit in SUITS for rank in range(1, 7) if Card(rank, suit) not in used]
    random.Random(seed).shuffle(rest)
    state.controlled, state.hand, state.drawn = VR.sort_cards(controlled), VR.sort_cards(hand), drawn
    state.covers, state.piles[0], state.lost, state.phase = [(), ()], rest, [], "cover"
    return state


def vk_judged(state, move, work=1.0, seed=1):
    values = AV.values(state.view(0), 0, random.Random(seed), work, move)
    return judged(values, move, AV.SCALE, 1, 0)


def test_vier_koningen_a_cover_that_gives_away_a_won_card_is_flagged():
    state = vk_position()
    assert Player("hard").choose(state.view(0)) == VR.Cover(0, tuple(vk_cards("3S 2S")))
    bad = vk_judged(state, VR.Cover(0, tuple(vk_cards("3S"))))
    assert bad.verdict in ("mistake", "blunder"), bad
    assert bad.best == VR.Cover(0, tuple(vk_cards("3S 2S"))).code and bad.loss >= 0.1
    assert vk_judged(state, VR.Cover(0, tuple(vk_cards("2S 3S")))).verdict == "good"
    assert vk_judged(state, VR.Cover(1, tuple(vk_cards("AS")))).verdict == "good"   # the other half of the plan
    given_up = vk_judged(state, VR.GiveUp(), work=0.25)
    assert given_up.verdict == "blunder" and given_up.value == 0.0


def test_vier_koningen_calm_turns_and_their_chance():
    start = VR.new_game(3)
    assert AV.calm(start) and AV.play_on(start.copy()) == (AV.CALM[1], 0)
    state = vk_position()
    state.play(VR.Cover(0, tuple(vk_cards("3S"))))
    state.play(VR.Cover(1, tuple(vk_cards("AS"))))
    state.play(VR.Judge())
    assert not AV.calm(state)        # seven cards, and 3♠ to 6♠, 3♦ to 6♦ cannot be won alone
    assert AV.owned(state) == 7 and AV.unwinnable(state) == 8
    chance, hands = AV.play_on(state.copy())
    assert chance in (0.0, 1.0, AV.CALM[1]) and hands >= 1


def test_vier_koningen_hard_moves_are_rarely_flagged():
    """Every decision of the hard helper in the first three turns of two games, at a quarter
    of the budget: at most one in twenty is flagged (whole games at the full budget: the
    docstring of ai/analysis/vier_koningen.py)."""
    judged_moves, flagged = 0, 0
    for seed in (1, 2):
        state = VR.new_game(seed)
        player = Player("hard")
        ply = 0
        while state.turn <= 3:
            view = state.view(0)
            move = player.choose(view)
            ply += 1
            if len(state.legal_moves()) > 1:
                values = AV.values(view, 0, random.Random(ply), 0.25, move)
                judgement = judged(values, move, AV.SCALE, ply, 0)
                judged_moves += 1
                flagged += judgement.verdict != "good"
            state.play(move)
    assert judged_moves >= 25
    assert flagged <= judged_moves // 20


def test_vier_koningen_deal_outlook_agrees_with_the_hard_helpers_own_game():
    state = VR.new_game(4)
    record = records.Record("vier_koningen", 1, ["hard"], {}, 4)
    player = Player("hard")
    while not state.is_over():
        move = player.choose(state.view(0))
        state.play(move)
        record.add(move)
    outlook = AV.deal_outlook(record, plays=1)
    assert outlook.hard_wins == (state.result == "won")
    assert outlook.plays == 1 and outlook.chance in (0.0, 1.0)
