"""Kings Corners computer players: the knowledge, and the three levels.

A bot sees only its seat's view. It plans its whole turn at once (the plan is kept and
followed over the following `choose` calls while the table is as planned) on a light
position: its hand as a tuple of cards and the table as eight entries, None for an empty
place or (bottom card, top card) for a pile — all a move needs to know.

- easy: one-ply greedy play that overlooks each candidate move half of the time;
- normal: one-ply greedy play (`ai.greedy.greedy_plan`): take the move that improves the
  position most until none improves, then end the turn. The position is judged by
  `simple_value`: the points in hand (a king costs 10 under the standard scoring), the
  plays kept in reach, and the stuck cards — a card that fits no top costs more the fewer
  cards could still free it (its parents still unseen or in hand), so the card with the
  fewest ways out is the one it puts on an empty side place;
- hard: a bounded depth-first search over whole sequences of moves within the turn
  (`ai.greedy.best_sequence`), greedy line first, so it finds plays such as moving a pile
  to free a side place for a card in hand; it judges the position it leaves with more
  knowledge (`final_value`): what the table offers the players after it (empty places,
  tops that take unseen cards), weighted by how close they are to going out.

No level holds cards back for later (a reserve card, defence).

Measure: hard against normal with
`python -m ai.arena kings_corners --a hard --b normal --players 4 --games 1000 --seed 1`; a
level's penalty points against random over many seeds, and how often its plan sheds fewer
cards than its turn allows, with `python -m tools.kc_probe [--a normal] [--seeds ...] [--sheds]`.
What the runs gave: docs/benchmark-notes.md (the details: the closing notes of issue 4).

Every level respects the variants: with "kings first" a king in hand that fits an empty
corner is played before anything else, so no bot pays the penalty; with chips a turn
without a card played is charged; draw first / draw two need nothing of the bot.
"""
from __future__ import annotations

import random
import time

from ai import Reason
from ai.greedy import best_sequence, greedy_plan
from game.cards import full_deck
from game.kings_corners.rules import (
    CORNERS,
    HAND_SIZE,
    KING,
    KINGS_FIRST_PENALTY,
    PLACES,
    Deal,
    EndTurn,
    MovePile,
    PlayCard,
    card_points,
)

LEVELS = ("easy", "normal", "hard")
HARD_NODES = 800
HARD_CAP_SECONDS = 0.25  # process time: a safety net only, the node limit decides (a seed replays)
WIN = 1000.0


# ----------------------------------------------------------------------------- light positions
# Cards are small integers here (their index in full_deck()), with their rank, colour and
# "class" (rank and colour: the two cards that are interchangeable for building) in tables.
# A card fits on a top when its class is the top's CHILD class.

DECK = full_deck()
CARD_ID = {card: index for index, card in enumerate(DECK)}
RANK = tuple(card.rank for card in DECK)
CLASS = tuple(card.rank * 2 + card.red for card in DECK)
CHILD = tuple((card.rank - 1) * 2 + (not card.red) for card in DECK)   # the class that fits on it
PARENT = tuple((card.rank + 1) * 2 + (not card.red) for card in DECK)  # the class it fits on
KING_CLASSES = (KING * 2, KING * 2 + 1)
PLAY, PILE = 0, 1


def position_of(view, seat: int):
    """(hand, board): the hand as a sorted tuple of card ids, the board as eight entries,
    None or (bottom id, top id)."""
    hand = tuple(sorted(CARD_ID[card] for card in view.hands[seat] if card is not None))
    board = tuple((CARD_ID[pile[0]], CARD_ID[pile[-1]]) if pile else None for pile in view.piles)
    return hand, board


def position_key(position):
    """Positions that differ only by swapping cards of the same class (say 5♥ and 5♦) play
    the same: one key for all of them."""
    hand, board = position
    return (tuple(sorted(CLASS[card] for card in hand)),
            tuple(None if pile is None else (CLASS[pile[0]], CLASS[pile[1]]) for pile in board))


def to_rules_move(move):
    kind, first, second = move
    return PlayCard(DECK[first], second) if kind == PLAY else MovePile(first, second)


class Context:
    """What the bot knows at the start of its turn, precomputed for fast evaluation."""

    __slots__ = ("scoring", "kings_first", "cost", "unseen", "kings_unseen", "charge_chip",
                 "start_size", "threat", "mean_cost", "stock")

    def __init__(self, view, seat: int):
        scoring = view.scoring
        self.scoring = scoring
        self.kings_first = bool(view.options["kings_first"]) and not view.kings_paid
        self.cost = tuple(card_points(card, scoring) for card in DECK)
        self.mean_cost = sum(self.cost) / 52
        known = {CARD_ID[card] for pile in view.piles for card in pile}
        known.update(CARD_ID[card] for card in view.hands[seat] if card is not None)
        unseen = [0] * 30  # by class; parents of queens are kings (26, 27)
        for card in range(52):
            if card not in known:
                unseen[CLASS[card]] += 1
        self.unseen = unseen
        self.kings_unseen = unseen[KING * 2] + unseen[KING * 2 + 1]
        self.start_size = sum(1 for card in view.hands[seat] if card is not None)
        self.stock = view.stock_count()
        # with chips, a turn that draws without a card played costs a chip
        draws = view.drew > 0 if view.options["draw_first"] else view.stock_count() > 0
        self.charge_chip = scoring == "chips" and draws and not view.played
        others = [len(hand) for index, hand in enumerate(view.hands) if index != seat]
        closest = min(others) if others else HAND_SIZE
        self.threat = 1.0 + (2.0 if closest <= 2 else 0.5 if closest <= 4 else 0.0)


def _king_due(hand, board) -> bool:
    return any(RANK[card] == KING for card in hand) and any(board[place] is None for place in CORNERS)


def candidate_moves(position, context: Context) -> list:
    """The legal moves of the light position worth considering (not ending the turn), as
    (PLAY, card, place) or (PILE, source, target): into empty places only the first empty
    side place and the first empty corner (the others are alike); with kings first due, only
    kings from hand."""
    hand, board = position
    moves = []
    kings_only = context.kings_first and _king_due(hand, board)
    wanted = {}
    empty = []  # the first empty side place and the first empty corner: the others are alike
    side = corner = False
    for place in range(8):
        pile = board[place]
        if pile is None:
            if place < 4 and not side:
                empty.append(place)
                side = True
            elif place >= 4 and not corner:
                empty.append(place)
                corner = True
        else:
            wanted.setdefault(CHILD[pile[1]], []).append(place)
    for card in hand:
        king = RANK[card] == KING
        if kings_only and not king:
            continue
        for place in wanted.get(CLASS[card], ()):
            moves.append((PLAY, card, place))
        for place in empty:
            if place < 4 or king:
                moves.append((PLAY, card, place))
    if kings_only:
        return moves
    for source in range(8):
        pile = board[source]
        if pile is None:
            continue
        bottom = pile[0]
        for target in wanted.get(CLASS[bottom], ()):
            if target != source:
                moves.append((PILE, source, target))
        if source < 4 and RANK[bottom] == KING:
            for target in empty:
                if target >= 4:
                    moves.append((PILE, source, target))
    return moves


def apply_move(position, move):
    hand, board = position
    kind, first, second = move
    table = list(board)
    if kind == PLAY:
        index = hand.index(first)
        hand = hand[:index] + hand[index + 1:]
        pile = table[second]
        table[second] = (first, first) if pile is None else (pile[0], first)
    else:
        moved = table[first]
        goal = table[second]
        table[second] = moved if goal is None else (goal[0], moved[1])
        table[first] = None
    return hand, tuple(table)


# ----------------------------------------------------------------------------- evaluation
# A position is judged by the points in hand (`Context.cost`: a king costs 10 under the
# standard scoring) and by what the hand can still hope for:
# - plays in reach (`_playable_count`): cards that fit a top now, kings while corners are
#   free, one card per empty side place;
# - stuck cards (`_stuck`): a card that fits nowhere costs more the fewer cards could still
#   free it: its parents (one rank up, other colour) still unseen or in my own hand, not
#   buried on the table. So the card with the fewest ways out is the one the greedy player
#   puts on an empty side place (without this, any card went, the first in hand order).

PLAY_WEIGHT = 0.4    # a play kept in reach
STUCK_WEIGHT = 0.3   # a card that fits nowhere, divided by (1 + the ways it can be freed)
OWN_PARENT = 1.5     # a parent in my own hand counts more than an unseen one: I decide when
GIFT_WEIGHT = 0.025  # (hard) per unseen card the tops I leave accept, times the threat


def _playable_count(hand, board) -> int:
    """How many plays the hand has in reach now: a largest matching of cards to the tops they
    fit (cards of one class fit the same tops, so per class the fewer of cards and tops),
    kings while corners are free, and one more card per empty side place. One play lowers
    it by at most two."""
    tops: dict = {}
    empty_sides = free_corners = 0
    for place in range(8):
        pile = board[place]
        if pile is None:
            if place < 4:
                empty_sides += 1
            else:
                free_corners += 1
        elif RANK[pile[1]] > 1:
            child = CHILD[pile[1]]
            tops[child] = tops.get(child, 0) + 1
    cards: dict = {}
    kings = 0
    for card in hand:
        if RANK[card] == KING:
            kings += 1
        else:
            cls = CLASS[card]
            if cls in tops:
                cards[cls] = cards.get(cls, 0) + 1
    playable = min(kings, free_corners)
    for cls, count in cards.items():
        playable += min(count, tops[cls])
    return playable + min(empty_sides, len(hand) - playable)


def _stuck(hand, board, unseen) -> float:
    """The sum over the cards that fit no top of 1 / (1 + the ways to free them): each unseen
    parent counts once (twice when a top already takes that parent, so whoever holds it can
    play it at once), each parent in my hand OWN_PARENT times. Kings never get stuck."""
    takes = set()
    for pile in board:
        if pile is not None and RANK[pile[1]] > 1:
            takes.add(CHILD[pile[1]])
    mine = [0] * 30
    for card in hand:
        mine[CLASS[card]] += 1
    total = 0.0
    for card in hand:
        if RANK[card] == KING or CLASS[card] in takes:
            continue
        parent = PARENT[card]
        ways = unseen[parent] * (2 if parent in takes else 1) + OWN_PARENT * mine[parent]
        total += 1.0 / (1.0 + ways)
    return total


def _rule_terms(hand, board, context: Context) -> float:
    """The variants' charges: kings first still due, a chip for a turn without a card played."""
    value = 0.0
    if context.kings_first and _king_due(hand, board):
        value -= KINGS_FIRST_PENALTY
    if context.charge_chip and len(hand) >= context.start_size:
        value -= 1
    return value


def simple_value(position, context: Context) -> float:
    """The greedy players' judgement: points in hand, plays kept in reach, stuck cards."""
    hand, board = position
    if not hand:
        return WIN
    cost = context.cost
    value = -sum(cost[card] for card in hand)
    value += PLAY_WEIGHT * _playable_count(hand, board)
    value -= STUCK_WEIGHT * _stuck(hand, board, context.unseen)
    return value + _rule_terms(hand, board, context)


def final_value(position, context: Context, greedy: float | None = None) -> float:
    """The hard player's judgement of the position it leaves at the end of its turn: the
    greedy judgement (`simple_value`, passed in as `greedy` when already known) less what the
    table offers the players after it (empty places, tops that take unseen cards), weighted
    by how close they are to going out."""
    hand, board = position
    if not hand:
        return WIN
    if greedy is None:
        greedy = simple_value(position, context)
    unseen = context.unseen
    gift = 0.0
    for place in range(8):
        pile = board[place]
        if pile is None:
            gift += 10.0 if place < 4 else 1.6 * context.kings_unseen
        elif RANK[pile[1]] > 1:
            gift += unseen[CHILD[pile[1]]]
    return greedy - GIFT_WEIGHT * context.threat * context.mean_cost * gift


# ----------------------------------------------------------------------------- planning

def plan_turn(view, seat: int, level: str, rng: random.Random) -> list:
    """The moves this level wants to make from here to the end of the turn, as light moves
    (see `to_rules_move`); EndTurn not included."""
    context = Context(view, seat)
    position = position_of(view, seat)

    def moves(pos):
        return candidate_moves(pos, context)

    if level == "hard":
        # The search orders the children of a position by the greedy judgement (so its first
        # line is normal's) and judges each position it visits by `final_value`, which builds
        # on that same judgement: computed once per position (kept by identity, with the
        # position itself so that an id is never reused).
        judged: dict = {}

        def order(after):
            entry = judged.get(id(after))
            if entry is None or entry[0] is not after:
                entry = judged[id(after)] = (after, simple_value(after, context))
            return entry[1]

        path, _value, _visited = best_sequence(position, moves, apply_move,
                                               lambda pos: final_value(pos, context, order(pos)), position_key,
                                               max_nodes=HARD_NODES, order=order,
                                               deadline=time.process_time() + HARD_CAP_SECONDS)
        return path
    value = lambda pos: simple_value(pos, context)  # noqa: E731
    if level != "easy":
        return greedy_plan(position, moves, apply_move, value)
    plan = []
    if context.kings_first and _king_due(*position):
        # even a beginner knows the kings-first rule: the king goes down before anything else
        kings = sorted(moves(position), key=lambda move: value(apply_move(position, move)), reverse=True)
        plan.append(kings[0])
        position = apply_move(position, kings[0])
    return plan + greedy_plan(position, moves, apply_move, value, rng=rng, miss=0.5)


class KingsCornersBot:
    def __init__(self, level: str = "normal", seed=None):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.rng = random.Random(seed)
        self._plan: list = []   # [(key before the move, move), ...]

    def _key(self, view, seat):
        return view.hand_no, view.turns, position_of(view, seat)

    def choose(self, view):
        return self._decide(view, self.level, use_cache=True)

    def _decide(self, view, level: str, use_cache: bool):
        if view.is_over():
            raise ValueError("the match is over: no move to choose")
        if view.hand_over():
            return Deal()
        seat = view.to_move()
        key = self._key(view, seat)
        if use_cache and self._plan and self._plan[0][0] == key:
            return self._plan.pop(0)[1]
        plan = plan_turn(view, seat, level, self.rng)
        if not use_cache:
            return to_rules_move(plan[0]) if plan else EndTurn()
        self._plan = []
        position = position_of(view, seat)
        for move in plan:
            self._plan.append(((view.hand_no, view.turns, position), to_rules_move(move)))
            position = apply_move(position, move)
        self._plan.append(((view.hand_no, view.turns, position), EndTurn()))
        return self._plan.pop(0)[1]

    def hint(self, view):
        """The hard player's move for this position and a one-line reason."""
        move = self._decide(view, "hard", use_cache=False)
        return move, explain(view, move)


def explain(view, move) -> Reason:
    """Why `move` is a good idea, in a short line (English text with an i18n key)."""
    def reason(code, text, **params):
        return Reason(text, f"kings_corners.hint.{code}", **params)

    if isinstance(move, Deal):
        return reason("deal", "Deal the next hand")
    seat = view.to_move()
    if isinstance(move, EndTurn):
        # the cards the turn's end draws, as the status line counts them ("draw two" draws two)
        drawn = 0 if view.options["draw_first"] else min(2 if view.options["draw_two"] else 1, view.stock_count())
        if any(not isinstance(other, EndTurn) for other in view.legal_moves()):
            kept = _reserved_card(view, seat)
            if kept is not None:
                return reason("keep", f"Keep {kept} for later: only you can still play on its pile", card=str(kept))
            if not drawn:
                return reason("end_keep", "Nothing is worth playing now, so end your turn")
            return reason("draw_keep", "Nothing is worth playing now, so draw to end your turn", n=drawn)
        if not drawn:
            return reason("end", "No move is left, so end your turn")
        return reason("draw", "No card fits anywhere, so draw to end your turn", n=drawn)
    if isinstance(move, PlayCard):
        card, place = str(move.card), PLACES[move.place]
        if sum(1 for held in view.hands[seat] if held is not None) == 1:
            return reason("go_out", f"Play your last card, {card}, and win the hand", card=card, place=place)
        if move.card.rank == KING and view.kings_first_due():
            return reason("kings_first", f"Kings first: play {card} before anything else", card=card, place=place)
        pile = view.piles[move.place]
        if not pile:
            if move.place in CORNERS:
                return reason("king_corner", f"Put {card} in the empty corner {place}", card=card, place=place)
            return reason("fill_side", f"Fill the empty place {place} with {card}", card=card, place=place)
        return reason("play", f"Play {card} on {pile[-1]} ({place})", card=card, place=place, top=str(pile[-1]))
    source, target = PLACES[move.source], PLACES[move.target]
    moved, onto = view.piles[move.source], view.piles[move.target]
    cards = dict(source=source, target=target, bottom=str(moved[0]), last=str(moved[-1]))     # the pile by its cards
    if not onto:
        return reason("king_pile", f"Move the king's pile from {source} into the corner {target} to free {source}",
                      **cards)
    if move.source < 4:
        return reason("free_place", f"Move the pile {source} onto {onto[-1]} to free the place {source}",
                      top=str(onto[-1]), **cards)
    return reason("move_pile", f"Move the pile {source} onto {onto[-1]}", top=str(onto[-1]), **cards)


def _reserved_card(view, seat: int):
    """A card in hand that fits a top no unseen card fits (kept in reserve), or None."""
    context = Context(view, seat)
    hand, board = position_of(view, seat)
    for pile in board:
        if pile is not None and RANK[pile[1]] > 1 and not context.unseen[CHILD[pile[1]]]:
            for card in hand:
                if CLASS[card] == CHILD[pile[1]]:
                    return DECK[card]
    return None


def make(level: str, seed=None):
    return KingsCornersBot(level, seed)
