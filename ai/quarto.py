"""Quarto knowledge for the computer players: a fast position, an exact endgame solver,
a heuristic search for the opening and middle game, symmetries, and the three levels.

Internal position (independent of the rules State, for speed) - a tuple
`(p, avail, empt, gs, winat, key)`:
- `p`: the piece the player to move must place;
- `avail`: 16-bit set of the pieces still beside the board (not counting p);
- `empt`: 16-bit set of the empty squares;
- `gs`: per winning group, `code | count << 8`, where `code` has bit i set while every
  piece in the group has attribute i = 1 and bit 4+i while they all have it = 0 (only the
  attributes that count); a group whose code is 0 can no longer win;
- `winat`: per square, the 16-bit set of pieces that would complete a winning group there;
- `key`: the board as an int, 5 bits a square (the transposition key with p).

A move is `(square, give)`; `give` is None when the placement wins or fills the board.
The value of a position is from the point of view of the player to move: 1 a forced win,
0 a draw, -1 a forced loss (the exact solver); the heuristic search uses ai.negamax.

The exact solver (class Exact; `python -m ai.quarto_bench` times complete solves, and its
docstring says how to measure):
- move ordering is what makes it fast enough: placements that leave the fewest safe pieces
  to give come first, and from 8 empty squares up every (square, piece) is ordered by how
  many replies it leaves the opponent (a move that leaves none wins at once);
- a piece that wins at once is never handed over while a safe piece exists (such moves
  are not even generated: they lose);
- exact equivalences: pieces that agree on every attribute a live group still uses are
  interchangeable gives, and empty squares whose groups are all dead are interchangeable;
- safe gives come from one pass over the groups (board()): per square the codes of the live
  groups with two pieces, which the piece in hand would bring to three, and the pieces that
  win on a square other than s as (w1 & ~winat[s]) | w2 (w1: pieces winning somewhere, w2: on
  two squares or more). The pass depends on the board only, so it is made once per placement
  and shared by every piece that may be given after it, and handed down to the children;
- the last plies have dedicated code without the table: five empty squares (neg5, which
  counts its nodes), four (neg4) and three (neg3, a closed form over its three squares);
- the transposition table keeps bounds (lo, hi) and a best move for positions with six or
  more empty squares (and the root), and lives as long as the solver: the hard level's second
  search and a later move reuse an earlier search (inside one solve it rarely hits: the
  positions of one search tree are nearly all distinct). Symmetric keys (board symmetries and
  attribute maps) are used only at the root of the opening, where they merge most moves
  (`python -m ai.quarto_bench --symmetry` measures what they would merge inside the search);
- budgets are node counts (`max_nodes`, an int), so a seed replays on any machine; the
  `deadline` (a process_time() value) is only a safety net;
- its reach (`exact_reach`): the most empty squares at which a complete solve takes about a
  second (median), 11 under the lines alone and 12 with the 2x2 squares. The positions of one
  search tree are nearly all distinct, even by their live groups alone, so neither a table,
  symmetric keys nor killer or history ordering shrinks it (measured: docs/benchmark-notes.md).
The hard level first proves a move that does not lose (a null-window search, cheap), then
spends the rest of its budget looking for a win. What the measurements behind these choices
gave: docs/benchmark-notes.md.
"""
from __future__ import annotations

import functools
import random
import time

from ai import Reason
from ai.negamax import WIN, Negamax, SearchTimeout
from game.quarto import rules as R

# --- tables ---------------------------------------------------------------------------------

BITS: list = [()] * (1 << 16)
POP: list = [0] * (1 << 16)
for _m in range(1, 1 << 16):
    _low = _m & -_m
    BITS[_m] = (_low.bit_length() - 1,) + BITS[_m ^ _low]
    POP[_m] = POP[_m ^ _low] + 1
del _m, _low

PM = tuple(p | ((15 ^ p) << 4) for p in range(16))   # the code bits a piece keeps


class Geometry:
    """Tables for one rule set: which groups win (lines, plus blocks) and which attributes count."""

    def __init__(self, squares: bool, mask: int):
        self.squares = squares
        self.mask = mask
        self.groups = tuple(R.GROUPS[g] for g in R.groups_in_play(squares))
        self.G = len(self.groups)
        self.gof = tuple(tuple(g for g in range(self.G) if s in self.groups[g]) for s in range(16))
        self.gmask = tuple(sum(1 << s for s in grp) for grp in self.groups)
        self.MM = mask | (mask << 4)
        has = [sum(1 << p for p in range(16) if p >> i & 1) for i in range(4)]
        hasnot = [sum(1 << p for p in range(16) if not p >> i & 1) for i in range(4)]
        self.HASV = tuple(has + hasnot)          # pieces having the value of code bit i
        winset = [0] * 256
        for c in range(256):
            w = 0
            for i in range(8):
                if c >> i & 1:
                    w |= self.HASV[i]
            winset[c] = w
        self.WINSET = tuple(winset)
        self.CODEBITS = tuple(tuple(i for i in range(8) if c >> i & 1) for c in range(256))
        self.common = tuple(tuple(g for g in self.gof[a] if g in self.gof[b])
                            for a in range(16) for b in range(16))
        self.symmetries = board_symmetries(self.groups)
        self.attribute_maps = attribute_maps(mask)

    @functools.cached_property
    def triples(self) -> dict:
        """Three empty squares (a mask) -> per square s: (s, a, b, the groups through a and b
        as (group, whether it holds s)), for the solver's last plies."""
        triples = {}
        for s0 in range(16):
            for s1 in range(s0 + 1, 16):
                for s2 in range(s1 + 1, 16):
                    triples[1 << s0 | 1 << s1 | 1 << s2] = tuple(
                        (s, a, b, tuple((g, g in self.gof[s]) for g in self.common[a << 4 | b]))
                        for s, a, b in ((s0, s1, s2), (s1, s0, s2), (s2, s0, s1)))
        return triples

    # -- positions -------------------------------------------------------------------------
    def position(self, board, hand):
        """The internal position of a rules board (list of piece or None) and hand piece."""
        MM = self.MM
        gs = []
        for grp in self.groups:
            c = MM
            n = 0
            for s in grp:
                if board[s] is not None:
                    c &= PM[board[s]]
                    n += 1
            gs.append(c | (n << 8))
        empt = 0
        for s in range(16):
            if board[s] is None:
                empt |= 1 << s
        winat = [0] * 16
        for g in range(self.G):
            v = gs[g]
            if v >> 8 == 3 and v & 255:
                e = (empt & self.gmask[g]).bit_length() - 1
                winat[e] |= self.WINSET[v & 255]
        avail = 0xFFFF
        key = 0
        for s in range(16):
            if board[s] is not None:
                avail &= ~(1 << board[s])
                key |= (board[s] + 1) << (5 * s)
        if hand is not None:
            avail &= ~(1 << hand)
        return (hand, avail, empt, gs, winat, key)

    def place(self, pos, s):
        """(gs, winat, empt, key) after placing the piece in hand on s."""
        p, avail, empt, gs, winat, key = pos
        pm = PM[p]
        ngs = gs[:]
        nw = winat[:]
        ne = empt ^ (1 << s)
        gmask = self.gmask
        WINSET = self.WINSET
        for g in self.gof[s]:
            v = (ngs[g] & (pm | 0xF00)) + 0x100
            ngs[g] = v
            if v >> 8 == 3 and v & 255:
                nw[(ne & gmask[g]).bit_length() - 1] |= WINSET[v & 255]
        return ngs, nw, ne, key | (p + 1) << (5 * s)

    def child(self, pos, s, q):
        ngs, nw, ne, nk = self.place(pos, s)
        return (q, pos[1] ^ (1 << q), ne, ngs, nw, nk)

    def wins_at(self, pos, s) -> bool:
        return bool(pos[4][s] >> pos[0] & 1)

    def winning_squares(self, pos) -> list:
        p, _, empt, _, winat, _ = pos
        return [s for s in BITS[empt] if winat[s] >> p & 1]

    def safe_sets(self, pos) -> list:
        """[(square, set of safe pieces to give after placing there)] for non-winning squares."""
        p, avail, empt, gs, winat, _ = pos
        sq = BITS[empt]
        pm = PM[p]
        gof = self.gof
        WINSET = self.WINSET
        out = []
        for s in sq:
            t = 0
            for e in sq:
                if e != s:
                    t |= winat[e]
            for g in gof[s]:
                v = gs[g]
                if v >> 8 == 2:
                    c = v & pm & 255
                    if c:
                        t |= WINSET[c]
            out.append((s, avail & ~t))
        return out

    def reply_count(self, pos) -> int:
        """How many (square, safe piece) moves the player to move has (mobility)."""
        if pos[1] == 0:
            return 1
        return sum(POP[safe] for _, safe in self.safe_sets(pos))

    def live(self, pos) -> bool:
        """Can any group still be completed with a shared attribute by the pieces left?"""
        p, avail, _, gs, _, _ = pos
        rem = avail | (1 << p)
        for v in gs:
            c = v & 255
            if c and v < 0x400:
                need = 4 - (v >> 8)
                for i in self.CODEBITS[c]:
                    if POP[rem & self.HASV[i]] >= need:
                        return True
        return False


@functools.lru_cache(maxsize=None)
def geometry(squares: bool, mask: int) -> Geometry:
    return Geometry(squares, mask)


def geometry_of(state) -> Geometry:
    return geometry(bool(state.options["squares"]), state.options["attributes"])


# --- symmetries -------------------------------------------------------------------------------

def board_symmetries(groups) -> tuple:
    """Square permutations (as tuples: new square -> old square) that map the winning groups
    onto themselves: 32 for the ten lines (the 8 of the square, times swapping the inner and
    outer rows and columns, times the 'mid-flip'), 8 when the 2x2 blocks count too."""
    import itertools

    wanted = {frozenset(g) for g in groups}
    found = []
    for rows in itertools.permutations(range(4)):
        for cols in itertools.permutations(range(4)):
            for transpose in (False, True):
                perm = []
                for s in range(16):
                    r, c = divmod(s, 4)
                    if transpose:
                        r, c = c, r
                    perm.append(4 * rows[r] + cols[c])
                if all(frozenset(perm[s] for s in g) in wanted for g in groups):
                    found.append(tuple(perm))
    return tuple(sorted(set(found)))


def attribute_maps(mask: int) -> tuple:
    """Piece maps (as 16-tuples) from permuting the attributes (keeping the counted set) and
    complementing any of them: these keep every line's shared attributes counted or not."""
    import itertools

    maps = set()
    for perm in itertools.permutations(range(4)):
        if any(((mask >> i) & 1) != ((mask >> perm[i]) & 1) for i in range(4)):
            continue
        for flip in range(16):
            table = []
            for p in range(16):
                q = 0
                for i in range(4):
                    if p >> i & 1:
                        q |= 1 << perm[i]
                table.append(q ^ flip)
            maps.add(tuple(table))
    return tuple(sorted(maps))


def stabilizer(geo: Geometry, board, hand) -> list:
    """(square map, piece map) pairs that leave this board and hand piece unchanged.
    Used at the root: symmetric moves need to be searched only once."""
    found = []
    placed = [(s, board[s]) for s in range(16) if board[s] is not None]
    for perm in geo.symmetries:
        inverse = [0] * 16
        for new, old in enumerate(perm):
            inverse[old] = new
        for amap in geo.attribute_maps:
            if hand is not None and amap[hand] != hand:
                continue
            # the piece on s moves to perm[s] and becomes amap[piece]
            if all(board[perm[s]] == amap[piece] for s, piece in placed):
                found.append((perm, amap))
    return found


def distinct_moves(geo: Geometry, board, hand, moves) -> list:
    """One representative of each class of (square, give) moves under the position's own
    symmetries (the empty board has many; a board with a few pieces usually none)."""
    if sum(1 for p in board if p is not None) > 4:
        return list(moves)
    stab = stabilizer(geo, board, hand)
    if len(stab) <= 1:
        return list(moves)
    seen = set()
    out = []
    for move in moves:
        if move in seen:
            continue
        out.append(move)
        s, q = move
        for perm, amap in stab:
            seen.add((perm[s], None if q is None else amap[q]))
    return out


def canonical_key(geo: Geometry, board, hand):
    """The smallest (board, hand) image under every board symmetry and attribute map: a key
    shared by all symmetric positions; the solver uses plain keys
    (`python -m ai.quarto_bench --symmetry`; docs/benchmark-notes.md)."""
    best = None
    for perm in geo.symmetries:
        seq = [board[perm[s]] for s in range(16)]
        for amap in geo.attribute_maps:
            image = tuple(-1 if p is None else amap[p] for p in seq) + ((-1 if hand is None else amap[hand]),)
            if best is None or image < best:
                best = image
    return best


# --- the exact solver -------------------------------------------------------------------------

class Exact:
    """Exact alpha-beta negamax (values -1, 0, 1) with a transposition table that lives as
    long as the solver (entries are exact bounds, valid in any later search)."""

    LOOKAHEAD = 8        # from this many empty squares on, order (square, piece) by replies left
    LIVE = 0             # at most this many empty squares: check that a group can still win
                         # (off: why, in docs/benchmark-notes.md)
    TT_MIN = 4           # at least this many empty squares: use the transposition table (below
                         # six empty squares only the root does: neg5 and neg4 have no table)
    TT_LIMIT = 300_000

    def __init__(self, geo: Geometry):
        self.geo = geo
        self.tt: dict = {}
        self.nodes = 0
        self.stop_at = None          # the node count at which the search gives up
        self.deadline = None         # a time.process_time() value: only a safety cap
        self._neg = self._build()

    def solve(self, pos, max_nodes: int | None = None, deadline: float | None = None):
        """(value, (square, give)) for the player to move; raises SearchTimeout when the node
        budget is spent or at the deadline. Among equally good moves the first in move order
        (the most forcing) is returned."""
        return self.search(pos, -1, 1, max_nodes, deadline)

    def search(self, pos, alpha: int, beta: int, max_nodes: int | None = None, deadline: float | None = None):
        """Like solve() within the window (alpha, beta): (-1, 0) finds a move that does not lose
        (value >= 0) or proves the loss; (0, 1) finds a winning move or proves there is none.
        A value <= alpha is an upper bound, >= beta a lower bound. `max_nodes` counts nodes
        (an int); a clock value there is refused, since it would stop the search at once."""
        if max_nodes is not None and not isinstance(max_nodes, int):
            raise TypeError(f"max_nodes is a node count, not {max_nodes!r}; pass a process "
                            f"time as deadline=")
        geo = self.geo
        p, avail, empt = pos[0], pos[1], pos[2]
        for s in BITS[empt]:
            if geo.wins_at(pos, s):
                return 1, (s, None)
        if not avail:
            return 0, (BITS[empt][0], None)
        if len(self.tt) > self.TT_LIMIT:
            self.tt.clear()
        start = self._count()
        self.stop_at = None if max_nodes is None else start + max_nodes
        self.deadline = deadline
        try:
            value, move = self._neg(p, avail, empt, pos[3], pos[4], pos[5], alpha, beta, None, True)
        finally:
            self.stop_at = self.deadline = None
            self.nodes = self._count() - start
        return value, move

    def _build(self):
        geo = self.geo
        gof, gmask, WINSET, G = geo.gof, geo.gmask, geo.WINSET, geo.G
        HASV, CODEBITS = geo.HASV, geo.CODEBITS
        rangeG = range(G)
        LOOK, LIVE, TT_MIN = self.LOOKAHEAD, self.LIVE, self.TT_MIN
        REPS = _REPS
        COMMON = geo.common
        solver = self
        process_time = time.process_time
        tt = self.tt
        nodes = 0

        def count():
            return nodes

        self._count = count

        TRIPLES = geo.triples

        def neg3(p, avail, empt, gs, winat):
            # three empty squares, two pieces beside the board, p wins nowhere: the value
            # without the generic machinery (most nodes of a search are these)
            pm = PM[p]
            pmc = pm & 255
            lost = True
            for s, a, b, common in TRIPLES[empt]:
                wa = winat[a]
                wb = winat[b]
                t = wa | wb
                # a live group through s with two pieces: p brings it to three, and the
                # pieces its code wins with then win on its other empty square, a or b
                for g in gof[s]:
                    v = gs[g]
                    if v >> 8 == 2:
                        c = v & pmc
                        if c:
                            w = WINSET[c]
                            t |= w
                            if gmask[g] >> a & 1:
                                wa |= w
                            else:
                                wb |= w
                safe = avail & ~t
                if not safe:
                    continue
                lost = False
                # the opponent places q on a or b and must give the last piece r
                for q in BITS[safe]:
                    r = (avail ^ (1 << q)).bit_length() - 1
                    if (wa >> r & 1) and (wb >> r & 1):
                        return 1            # r wins wherever the opponent puts q
                    pq = PM[q] & PM[r]
                    for g, through_s in common:
                        c = gs[g] & pq
                        if through_s:
                            c &= pm
                        if c & 255:
                            return 1        # q and r complete the group through a and b
            return -1 if lost else 0

        def board(empt, gs, winat):
            # what every piece in hand shares on a board, from one pass over the groups: per
            # square the codes of the live groups with two pieces through it (c2), the
            # attributes live groups still use, the squares on a live group, and the pieces
            # that win on some empty square (w1) or on two or more (w2); a piece wins on a
            # square other than s iff it is in (w1 & ~winat[s]) | w2
            used = 0
            livesq = 0
            c2 = [0] * 16
            for g in rangeG:
                v = gs[g]
                c = v & 255
                if c:
                    used |= c
                    livesq |= gmask[g]
                    if v >> 8 == 2:
                        a, b = BITS[empt & gmask[g]]
                        c2[a] |= c
                        c2[b] |= c
            w1 = w2 = 0
            for s in BITS[empt]:
                w = winat[s]
                w2 |= w1 & w
                w1 |= w
            return c2, (used | used >> 4) & 15, livesq, w1, w2

        def classes(avail, used):
            # one piece of each class: pieces that agree on every attribute a live group
            # still uses are interchangeable gives
            if used == 15:
                return avail
            rk = avail << 4 | used
            reps = REPS.get(rk)
            if reps is None:
                reps = 0
                seen = 0
                for q in BITS[avail]:
                    c = 1 << (q & used)
                    if not seen & c:
                        seen |= c
                        reps |= 1 << q
                REPS[rk] = reps
            return reps

        def check():
            # every 256 nodes: the budget and the deadline
            stop_at, deadline = solver.stop_at, solver.deadline
            if (stop_at is not None and nodes >= stop_at
                    or deadline is not None and process_time() > deadline):
                raise SearchTimeout

        def placements(pm, empt, winat, pieces, bd):
            # (how many safe gives, square, the safe gives among `pieces`) for every square
            # where the piece in hand (code bits pm) leaves something safe to give, fewest
            # safe gives first (then by square); one square stands for all those no live
            # group goes through (they are interchangeable). `bd` is board() of this board
            c2, _, livesq, w1, w2 = bd
            children = []
            dead_seen = False
            for s in BITS[empt]:
                if not livesq >> s & 1:
                    if dead_seen:
                        continue
                    dead_seen = True
                safe = pieces & ~((w1 & ~winat[s]) | w2 | WINSET[c2[s] & pm])
                if safe:
                    children.append((POP[safe], s, safe))
            children.sort()
            return children

        def place(pmf, s, empt, gs, winat):
            # the groups, the winning pieces per square and the empty squares once the piece
            # in hand (pmf: its code bits and 0xF00, which keeps the counts) is on s
            ngs = gs[:]
            nw = winat[:]
            ne = empt ^ (1 << s)
            for g in gof[s]:
                v = (ngs[g] & pmf) + 0x100
                ngs[g] = v
                if v >> 8 == 3 and v & 255:
                    nw[(ne & gmask[g]).bit_length() - 1] |= WINSET[v & 255]
            return ngs, nw, ne

        def neg4(p, avail, empt, gs, winat, beta, bd):
            # four empty squares, three pieces beside the board, p wins nowhere: the value
            # (or a value >= beta) without the table, the node count or piece classes;
            # `bd` is board() of this board; -1 too when every placement hands over a win
            pm = PM[p]
            best = -1
            for _, s, safe in placements(pm, empt, winat, avail, bd):
                ngs, nw, ne = place(pm | 0xF00, s, empt, gs, winat)
                for q in BITS[safe]:
                    v = -neg3(q, avail ^ (1 << q), ne, ngs, nw)
                    if v > best:
                        if v >= beta or v == 1:
                            return v
                        best = v
            return best

        def neg5(p, avail, empt, gs, winat, alpha, beta, bd):
            # five empty squares: the value (fail-soft) without the table; the board after
            # each placement is analysed once (board()) for every piece that may be given;
            # -1 too when every placement hands over a win (alpha is never below -1)
            nonlocal nodes
            nodes += 1
            if not nodes & 255:
                check()
            used = bd[1]
            pm = PM[p]
            best = -1
            for _, s, safe in placements(pm, empt, winat, avail if used == 15 else classes(avail, used), bd):
                ngs, nw, ne = place(pm | 0xF00, s, empt, gs, winat)
                nbd = board(ne, ngs, nw)
                for q in BITS[safe]:
                    v = -neg4(q, avail ^ (1 << q), ne, ngs, nw, -alpha, nbd)
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                return best
            return best

        def neg(p, avail, empt, gs, winat, key, alpha, beta, bd=None, root=False):
            # the player to move holds p, which wins nowhere; at least two squares are empty
            nonlocal nodes
            nodes += 1
            if not nodes & 255:
                check()
            n = POP[empt]
            e = None
            first = None
            k = key << 4 | p
            if n >= TT_MIN:
                e = tt.get(k)
                if e is not None:
                    lo, hi, first = e
                    if not root:
                        if lo >= beta:
                            return lo
                        if hi <= alpha:
                            return hi
                        if lo > alpha:
                            alpha = lo
                        if hi < beta:
                            beta = hi
                        if alpha >= beta:
                            # only an exact entry closes the window; an empty window would
                            # make a fail-soft 0 ambiguous (upper or lower bound?)
                            return lo
                if n <= LIVE:
                    rem = avail | (1 << p)
                    for g in rangeG:
                        v = gs[g]
                        c = v & 255
                        if c and v < 0x400:
                            need = 4 - (v >> 8)
                            for i in CODEBITS[c]:
                                if POP[rem & HASV[i]] >= need:
                                    break
                            else:
                                continue
                            break
                    else:
                        # nobody can ever complete a group: a draw
                        tt[k] = (0, 0, None)
                        return (0, None) if root else 0
            pm = PM[p]
            pmf = pm | 0xF00
            if bd is None:
                bd = board(empt, gs, winat)
            used = bd[1]
            children = placements(pm, empt, winat, avail if used == 15 else classes(avail, used), bd)
            if not children:
                # every placement hands over a winning piece (or fills nothing safely)
                return (-1, None) if root else -1
            if n == 2:
                if not root:
                    return 0              # the opponent places the last piece: no win
                s, safe = children[0][1], children[0][2]
                return 0, (s, BITS[safe][0])
            if n == 3 and not root:
                # the last two plies inline: after p on s and q given, the opponent places q
                # on a or b and must give the last piece r; r must not win on the other square
                for _, s, safe in children:
                    ngs, nw, ne = place(pmf, s, empt, gs, winat)
                    a, b = BITS[ne]
                    wa, wb = nw[a], nw[b]
                    common = COMMON[a << 4 | b]
                    for q in BITS[safe]:
                        r = (avail ^ (1 << q)).bit_length() - 1
                        if (wa >> r & 1) and (wb >> r & 1):
                            return 1
                        pq = PM[q] & PM[r]
                        for g in common:
                            if ngs[g] & pq & 255:
                                return 1
                return 0
            a0, b0 = alpha, beta
            best = -2
            best_move = None
            if n >= LOOK or root:
                # one-ply look-ahead: order every (square, piece) by the replies it leaves
                moves = []
                for _, s, safe in children:
                    ngs, nw, ne = place(pmf, s, empt, gs, winat)
                    nbd = board(ne, ngs, nw)
                    d2, _, _, x1, x2 = nbd
                    others = [((x1 & ~nw[s2]) | x2, d2[s2]) for s2 in BITS[ne]]
                    for q in BITS[safe]:
                        av2 = avail ^ (1 << q)
                        pq = PM[q]
                        cnt = 0
                        if av2:
                            for t, c in others:
                                cnt += POP[av2 & ~(t | WINSET[c & pq])]
                            if cnt == 0:
                                # the opponent can place q only by handing over a win
                                tt[k] = (1, 1, (s, q))
                                return (1, (s, q)) if root else 1
                        else:
                            cnt = 1
                        if first is not None and first == (s, q):
                            cnt = -1
                        moves.append((cnt, s, 1 << q, (ngs, nw, ne, nbd)))
                moves.sort(key=_first)
            else:
                # square by square; a square's placement is made when it comes up, so a
                # cut-off leaves the rest unmade
                moves = [(0, s, safe, None) for _, s, safe in children]
            for _, s, pieces, made in moves:
                if made is None:
                    ngs, nw, ne = place(pmf, s, empt, gs, winat)
                    nbd = board(ne, ngs, nw)
                else:
                    ngs, nw, ne, nbd = made
                nk = key | (p + 1) << (5 * s)
                for q in BITS[pieces]:
                    if n == 6:
                        v = -neg5(q, avail ^ (1 << q), ne, ngs, nw, -beta, -alpha, nbd)
                    elif n == 5:
                        v = -neg4(q, avail ^ (1 << q), ne, ngs, nw, -alpha, nbd)
                    else:
                        v = -neg(q, avail ^ (1 << q), ne, ngs, nw, nk, -beta, -alpha, nbd)
                    if v > best:
                        best = v
                        best_move = (s, q)
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                if alpha >= beta:
                    break
            if e is None:
                lo, hi = -1, 1
            else:
                lo, hi = e[0], e[1]
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            if n >= TT_MIN:
                tt[k] = (lo, hi, best_move)
            if root:
                return best, best_move
            return best

        return neg


_REPS: dict = {}     # (available pieces, attributes in use) -> one piece of each class


def _first(item):
    return item[0]


# --- the heuristic search (opening and middle game) -------------------------------------------

class Heuristic:
    """Adapter for ai.negamax: positions are the internal tuples, moves (square, give).
    A leaf is scored by the mobility of the player to move (safe moves left), a proven win
    or loss by WIN or -WIN (sooner wins score higher)."""

    def __init__(self, geo: Geometry):
        self.geo = geo

    def key(self, pos):
        return pos[5] << 4 | pos[0]

    def expand(self, pos):
        geo = self.geo
        p, avail, empt = pos[0], pos[1], pos[2]
        depth_left = POP[empt]
        for s in BITS[empt]:
            if pos[4][s] >> p & 1:
                return WIN + depth_left, None
        if not avail:
            return 0, None
        children = []
        sets = geo.safe_sets(pos)
        sets.sort(key=lambda item: POP[item[1]])
        for s, safe in sets:
            if not safe:
                continue
            ngs, nw, ne, nk = geo.place(pos, s)
            for q in BITS[safe]:
                children.append(((s, q), (q, avail ^ (1 << q), ne, ngs, nw, nk)))
        if not children:
            return -WIN - depth_left, None
        return None, children

    def evaluate(self, pos):
        # more safe moves for the player to move is better; a position with no live group
        # left is a dead draw
        if not self.geo.live(pos):
            return 0
        return min(self.geo.reply_count(pos), 300) // 3 - 20


# --- levels -------------------------------------------------------------------------------------

REASONS = {
    "win": "This wins at once: it completes a line.",
    "claim": "Your opponent made a line and did not call Quarto!",
    "pass": "There is no line to claim.",
    "next": "This game is over.",
    "first": "On the empty board every piece is as good as another.",
    "forced_win": "A forced win: your opponent cannot escape.",
    "draw": "With this you draw at worst, however well your opponent plays, and you keep the pressure on.",
    "lost": "If your opponent plays perfectly, you lose whatever you do; this move makes winning hardest for them.",
    "safe": "That piece cannot win at once, and this keeps the most options open.",
    "only_safe": "This is the only way not to hand over a winning piece.",
    "no_safe": "Every piece you can give wins for your opponent.",
    "random": "A move chosen at random.",
}


def reason(code: str) -> Reason:
    return Reason(REASONS[code], f"quarto.hint.{code}")


# The exact solver's reach: the most empty squares at which the median complete solve of the
# positions a game reaches takes about a second or less of process time, per rule set (by
# whether the 2x2 squares count; `python -m ai.quarto_bench`, docs/benchmark-notes.md, 2026-11-28:
# at 12 empty squares 6.7 s and 408,000 nodes under the lines alone, 0.5 s and 31,000 nodes
# with the squares, whose threats end the game sooner). The review judges exactly within it;
# the hard player asks one square further, since its first question (a move that does not
# lose) costs a small part of a complete solve (12 empty squares: 13,000 nodes).
EXACT_REACH = {False: 11, True: 12}


def exact_reach(geo: Geometry) -> int:
    """How many empty squares the exact solver takes on in about a second (median) under
    this rule set."""
    return EXACT_REACH[geo.squares]


# Work budgets per move, so that the same position always gets the same answer however busy
# the machine is (how they were calibrated: docs/benchmark-notes.md).
NORMAL_EXACT_NODES = 32_000
NORMAL_HEURISTIC_NODES = 13_000
HARD_EXACT_NODES = 60_000
HARD_HEURISTIC_NODES = 28_000


class QuartoBot:
    """The computer player. `choose(view)` returns a rules move; `hint(view)` (move, Reason)."""

    # per level: (exact search up to this many empty squares, None: one beyond the solver's
    #             reach (exact_reach), heuristic depth, exact solver nodes, heuristic nodes)
    #             for one move
    LEVELS = {
        "easy": (0, 0, 0, 0),
        "normal": (8, 1, NORMAL_EXACT_NODES, NORMAL_HEURISTIC_NODES),
        "hard": (None, 3, HARD_EXACT_NODES, HARD_HEURISTIC_NODES),
    }
    CAP_SECONDS = 3.0   # process time a move may never exceed (a safety net: the nodes decide)

    def __init__(self, level: str = "hard", seed=None, scale: float = 1.0):
        """`scale` multiplies the level's node budgets (the tests think less)."""
        if level not in self.LEVELS:
            raise ValueError(f"unknown Quarto level {level!r}")
        self.level = level
        self.rng = random.Random(seed)
        self.exact_max, self.depth, exact_nodes, heuristic_nodes = self.LEVELS[level]
        self.exact_nodes, self.heuristic_nodes = int(exact_nodes * scale), int(heuristic_nodes * scale)
        self._solvers: dict = {}
        self.last_info: dict = {}

    def solver(self, geo: Geometry) -> Exact:
        key = (geo.squares, geo.mask)
        if key not in self._solvers:
            self._solvers[key] = Exact(geo)
        return self._solvers[key]

    # -- the rules surface ---------------------------------------------------------------
    def choose(self, state):
        return self.hint(state)[0]

    def hint(self, state):
        legal = state.legal_moves()
        if not legal:
            raise ValueError("no legal move")
        phase = state.phase
        if R.Claim() in legal:
            return R.Claim(), reason("claim")      # always claim a missed line
        if phase == "between":
            return R.NextGame(), reason("next")
        if phase == "pass":
            return R.Pass(), reason("pass")
        geo = geometry_of(state)
        if phase == "give":
            return R.Give(self._opening_piece(geo, state)), reason("first")
        pos = geo.position(state.board, state.hand)
        (s, q), why = self.think(geo, pos, state)
        return self._to_rules(state, geo, pos, s, q), why

    def _to_rules(self, state, geo, pos, s, q):
        if geo.wins_at(pos, s):
            return R.Place(s, None, True) if state.call_mode else R.Place(s)
        if state.board.count(None) == 1:
            return R.Place(s)
        return R.Place(s, q)

    def _opening_piece(self, geo, state) -> int:
        # every piece is equivalent on the empty board under the attribute complements
        return self.rng.randrange(16)

    # -- thinking ------------------------------------------------------------------------
    def think(self, geo: Geometry, pos, state=None):
        """((square, give), Reason) for the internal position."""
        started = time.perf_counter()
        wins = geo.winning_squares(pos)
        empties = POP[pos[2]]
        if self.level == "easy":
            return self._easy(geo, pos, wins)
        if wins:
            return (self.rng.choice(wins), None), reason("win")
        if not pos[1]:
            return (BITS[pos[2]][0], None), reason("safe")
        sets = geo.safe_sets(pos)
        moves = [(s, q) for s, safe in sets for q in BITS[safe]]
        if not moves:
            return self._least_bad(geo, pos), reason("no_safe")
        if len(moves) == 1:
            return moves[0], reason("only_safe")
        cap = time.process_time() + self.CAP_SECONDS
        self.last_info = {"empties": empties}
        result = None
        exact_max = exact_reach(geo) + 1 if self.exact_max is None else self.exact_max
        if empties <= exact_max:
            if self.level == "hard" and empties > 10:
                # a quick heuristic answer first, in case the exact search runs out of budget
                result = self._heuristic(geo, pos, state, 2, self.heuristic_nodes // 4, cap)
            solver = self.solver(geo)
            left = self.exact_nodes
            try:
                if self.level != "hard":
                    value, move = solver.solve(pos, left, cap)
                    return self._exact_answer(geo, pos, moves, value, move, started)
                # first a move proven not to lose (cheap), then the search for a win
                value, move = solver.search(pos, -1, 0, left, cap)
                if value != 0:
                    return self._exact_answer(geo, pos, moves, value, move, started)
                left -= solver.nodes
                try:
                    won, winning = solver.search(pos, 0, 1, max(left, 1), cap)
                    if won >= 1:
                        return self._exact_answer(geo, pos, moves, won, winning, started)
                    self.last_info.update(proof="draw")
                except SearchTimeout:
                    self.last_info.update(proof="not lost")
                return self._exact_answer(geo, pos, moves, 0, move, started)
            except SearchTimeout:
                self.last_info.update(exact=False)
        if result is None:
            result = self._heuristic(geo, pos, state, self.depth, self.heuristic_nodes, cap)
        self.last_info.update(time=time.perf_counter() - started)
        return result

    def _exact_answer(self, geo, pos, moves, value, move, started):
        self.last_info.update(exact=True, value=value, time=time.perf_counter() - started)
        code = {1: "forced_win", 0: "draw", -1: "lost"}[value]
        if move is None:
            # no group can be completed any more (any safe move draws), or every move loses
            move = moves[0] if value >= 0 else self._least_bad(geo, pos)
        return move, reason(code)

    def _heuristic(self, geo, pos, state, depth, max_nodes, cap):
        adapter = Heuristic(geo)
        search = Negamax(adapter)
        board = state.board if state is not None else None
        if board is not None and sum(1 for x in board if x is not None) <= 4:
            # the position's own symmetries: search each class of moves once
            value, children = adapter.expand(pos)
            if children is not None:
                keep = set(distinct_moves(geo, board, pos[0], [m for m, _ in children]))
                if len(keep) < len(children):
                    adapter = _Restricted(adapter, pos, keep)
                    search = Negamax(adapter)
        result = search.best_move(pos, depth, max_nodes, cap, keep_scores=self.level == "normal")
        move = result.move
        if self.level == "normal" and result.scores:
            best = max(result.scores.values())
            near = [m for m, v in result.scores.items() if v >= best - 3]
            move = self.rng.choice(near)
        self.last_info.update(depth=result.depth, heuristic_value=result.value)
        if result.value >= WIN:
            return move, reason("forced_win")
        if result.value <= -WIN:
            return move, reason("lost")
        return move, reason("safe")

    def _least_bad(self, geo, pos):
        """Every give wins for the opponent: give the piece with the fewest winning squares."""
        p, avail, empt, _, _, _ = pos
        best = None
        for s in BITS[empt]:
            child_gs, child_w, ne, _ = geo.place(pos, s)
            for q in BITS[avail]:
                wins = sum(1 for e in BITS[ne] if child_w[e] >> q & 1)
                if best is None or wins < best[0]:
                    best = (wins, s, q)
        if best is None:
            return BITS[empt][0], None
        return best[1], best[2]

    def _easy(self, geo, pos, wins):
        """A beginner: sees a win most of the time and nearly always avoids handing over a
        winning piece, but looks no further: otherwise it plays at random."""
        rng = self.rng
        if wins and rng.random() < 0.75:
            return (rng.choice(wins), None), reason("win")
        if not pos[1]:
            s = BITS[pos[2]][0]
            return (s, None), reason("win" if wins else "random")
        sets = [(s, safe) for s, safe in geo.safe_sets(pos) if s not in wins]
        good = [(s, q) for s, safe in sets for q in BITS[safe]]
        if good and rng.random() < 0.95:
            return rng.choice(good), reason("safe")
        s = rng.choice([s for s, _ in sets] or list(BITS[pos[2]]))
        if geo.wins_at(pos, s):
            return (s, None), reason("win")
        return (s, rng.choice(BITS[pos[1]])), reason("random")


class _Restricted:
    """An adapter that searches only some root moves (symmetry classes) and passes the rest."""

    def __init__(self, inner, root, keep):
        self.inner = inner
        self.root = root
        self.keep = keep

    def key(self, pos):
        return self.inner.key(pos)

    def evaluate(self, pos):
        return self.inner.evaluate(pos)

    def expand(self, pos):
        value, children = self.inner.expand(pos)
        if children is not None and pos is self.root:
            children = [c for c in children if c[0] in self.keep]
        return value, children


def make(level: str, seed=None):
    return QuartoBot(level, seed)
