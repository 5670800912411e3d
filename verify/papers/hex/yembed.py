"""Hex embeds in Y (HEX §5, Fig. 2 right): ``HEX.Y.embed/a``, ``/b``, ``/c``.

The paper: "playing Y from the state shown in the right diagram is equivalent to playing
Hex in the vacant cells of this state, since a chain wins for Y if and only if the chain
restricted to the originally vacant cells wins for Hex."  Our reading of Fig. 2 (right),
in the coordinates of :mod:`.y` (Y cell ``(x, y)``, sides ``x = 0``, ``y = 0``,
``x + y = k − 1``; the neighbour rule of Y cells and of Hex cells is the same):

* the R×C Hex board sits in the Y board of side ``k = R + C − 1`` as ``(r, c) → (x, y) = (c, r)``
  — its top row on the Y side ``y = 0``, its left column on ``x = 0``, its corner
  ``(R−1, C−1)`` the only Hex cell on the third side;
* the cells below the rhombus (``y ≥ R``) are pre-coloured Black, the cells to its right
  (``x ≥ C``) White.  The Black triangle touches the sides ``x = 0`` and ``x + y = k − 1``
  and lies along Black's bottom row; the White one touches ``y = 0`` and the third side
  and lies along White's right column.

Checked: (a) every full colouring of every R×C board (exhaustive): Black has a Hex
(top–bottom) chain iff Black has a Y chain on the embedded board, and the same for
White — so the winners agree; (b) for the n×n board one SAT query over all 2^(n²)
colourings: "some colour's Hex chain and Y chain disagree" is UNSAT; (c) game values:
every Hex position, both players to move, has the same winner as the Y game played from
the embedded position (plain minimax on Y boards, a chain through all three sides wins).

>>> k, b, w = embed(2, 2)
>>> k, cells_of(k, b), cells_of(k, w)
(3, [(0, 2)], [(2, 0)])
>>> y_black(2, 2, 0b0110)
True
"""

from __future__ import annotations

from functools import cache

from ...registry import Tally, statement
from .board import BLACK, WHITE, Position, board_value, has_chain, other
from .domain import FULL, POSITIONS, SQUARE
from .y import _index, cells, y_chain

__all__ = ["cells_of", "embed", "embed_disagree_sat", "embed_escape_sat", "embed_position", "y_black", "y_value"]

SRC = "Hayward & van Rijswijck, Hex and combinatorics (2006), §5, Fig. 2 (right)"


def cells_of(k: int, mask: int) -> list[tuple[int, int]]:
    """The Y cells of a bitmask (order of :func:`verify.papers.hex.y.cells`)."""
    return [c for i, c in enumerate(cells(k)) if mask >> i & 1]


@cache
def embed(rows: int, cols: int, swap: bool = False) -> tuple[int, int, int]:
    """(k, pre-coloured Black Y cells, pre-coloured White Y cells) for an R×C Hex board.

    ``swap`` exchanges the two pre-coloured regions (a deliberately wrong embedding, for
    the mutant test).
    """
    k = rows + cols - 1
    black = white = 0
    for i, (x, y) in enumerate(cells(k)):
        if y >= rows:
            black |= 1 << i
        elif x >= cols:
            white |= 1 << i
    return (k, white, black) if swap else (k, black, white)


@cache
def _cellmap(rows: int, cols: int) -> tuple[int, ...]:
    idx = _index(rows + cols - 1)
    return tuple(idx[(c, r)] for r in range(rows) for c in range(cols))


def embed_position(pos: Position, swap: bool = False) -> tuple[int, int, int]:
    """(k, Black Y stones, White Y stones) of the Hex position in the pre-coloured Y board."""
    k, b, w = embed(pos.rows, pos.cols, swap)
    for i, j in enumerate(_cellmap(pos.rows, pos.cols)):
        if pos.black >> i & 1:
            b |= 1 << j
        if pos.white >> i & 1:
            w |= 1 << j
    return k, b, w


def y_black(rows: int, cols: int, black: int, swap: bool = False) -> bool:
    """True when Black has a Y chain on the embedded full board whose Hex Black cells are ``black``."""
    full = (1 << rows * cols) - 1
    k, b, _ = embed_position(Position(rows, cols, black, full & ~black), swap)
    return y_chain(k, b)


_YV: dict = {}


def y_value(k: int, black: int, white: int, to_move: str) -> str:
    """Winner of the game of Y on the k-board from stones ``black``, ``white`` (plain memoised
    minimax: a colour with a chain touching all three sides has won; else the mover wins iff
    some vacant cell wins)."""
    key = (k, black, white, to_move)
    hit = _YV.get(key)
    if hit is not None:
        return hit
    if y_chain(k, black):
        res = BLACK
    elif y_chain(k, white):
        res = WHITE
    else:
        free = ((1 << len(cells(k))) - 1) & ~(black | white)
        if not free:
            raise ValueError("A full Y board without a winner.")
        res = other(to_move)
        for i in range(len(cells(k))):
            if free >> i & 1:
                b2, w2 = (black | 1 << i, white) if to_move == BLACK else (black, white | 1 << i)
                if y_value(k, b2, w2, other(to_move)) == to_move:
                    res = to_move
                    break
    if len(_YV) > 2_000_000:
        _YV.clear()
    _YV[key] = res
    return res


# ------------------------------------------------------------------ SAT
def _y_no_chain(pool, cnf, k: int, lit, tag: str, sel: int) -> None:
    """No chain of the colour ``lit`` touches all three sides: each stone gets a side its
    component misses (``m[c][j]``: cell c's component avoids side j), equal along edges."""
    cs = cells(k)
    idx = _index(k)
    on = lambda x, y: (x == 0, y == 0, x + y == k - 1)
    m = lambda i, j: pool.id((tag, i, j))
    for i, (x, y) in enumerate(cs):
        cnf.append([-sel, -lit(i), m(i, 0), m(i, 1), m(i, 2)])
        for j, s in enumerate(on(x, y)):
            if s:
                cnf.append([-sel, -m(i, j)])
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
            n = idx.get((x + dx, y + dy))
            if n is not None:
                for j in range(3):
                    cnf.append([-sel, -m(i, j), -lit(i), -lit(n), m(n, j)])


def _y_chain(pool, cnf, k: int, lit, tag: str, sel: int) -> None:
    """A chain of the colour ``lit`` touches all three sides: one root stone on side x = 0,
    level reachability from it (``l[t][c]``: c reached in ≤ t steps), a reached stone on
    each of the other two sides."""
    cs = cells(k)
    idx = _index(k)
    n = len(cs)
    root = lambda i: pool.id((tag, "root", i))
    lv = lambda t, i: pool.id((tag, t, i))
    side0 = [i for i, (x, y) in enumerate(cs) if x == 0]
    cnf.append([-sel] + [root(i) for i in side0])
    for a in range(len(side0)):
        for b in range(a + 1, len(side0)):
            cnf.append([-sel, -root(side0[a]), -root(side0[b])])
    for i in range(n):
        cnf.append([-sel, -lv(0, i), root(i)] if i in side0 else [-sel, -lv(0, i)])
        cnf.append([-sel, -lv(0, i), lit(i)])
    T = n - 1
    for t in range(T):
        for i, (x, y) in enumerate(cs):
            nb = [idx[(x + dx, y + dy)] for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
                  if (x + dx, y + dy) in idx]
            cnf.append([-sel, -lv(t + 1, i), lit(i)])
            cnf.append([-sel, -lv(t + 1, i), lv(t, i)] + [lv(t, d) for d in nb])
    for side in (lambda x, y: y == 0, lambda x, y: x + y == k - 1):
        cnf.append([-sel] + [lv(T, i) for i, (x, y) in enumerate(cs) if side(x, y)])
    for i in side0:
        cnf.append([-sel, -root(i), lv(0, i)])


def _y_literals(pool, cnf, rows: int, cols: int, swap: bool):
    """(k, ylit): the Y board's side and the literal "Y cell j is Black" — the Hex cell's
    colouring variable ("x", c) inside the embedded board, a variable fixed by a unit
    clause to the pre-colouring outside it."""
    k, pb, _pw = embed(rows, cols, swap)
    hex_of = {j: i for i, j in enumerate(_cellmap(rows, cols))}
    fixed = {}
    for j in range(len(cells(k))):
        if j not in hex_of:
            fixed[j] = pool.id(("y", j))
            cnf.append([fixed[j]] if pb >> j & 1 else [-fixed[j]])
    return k, lambda j: pool.id(("x", hex_of[j])) if j in hex_of else fixed[j]


def _build_disagree(rows: int, cols: int, swap: bool):
    from . import sat

    def build(pool, cnf):
        k, ylit = _y_literals(pool, cnf, rows, cols, swap)
        sels = [pool.id(("sel", s)) for s in range(4)]
        cnf.append(sels)  # one of the four disagreements
        for s, (black, hex_has) in enumerate(((True, True), (True, False), (False, True), (False, False))):
            sub_pool_clauses = []
            # Hex side, from sat.py (chain: level encoding; no chain: closed reachability)
            from pysat.formula import CNF

            sub = CNF()
            (sat._chain if hex_has else sat._no_chain)(_Tagged(pool, s), sub, rows, cols, black)
            for cl in sub.clauses:
                sub_pool_clauses.append([-sels[s]] + cl)
            cnf.extend(sub_pool_clauses)
            lit = ylit if black else (lambda j: -ylit(j))
            (_y_no_chain if hex_has else _y_chain)(pool, cnf, k, lit, f"y{s}", sels[s])

    return build


class _Tagged:
    """An IDPool view keeping the shared colouring variables ("x", c) and giving every
    other variable of one disjunct its own name."""

    def __init__(self, pool, tag) -> None:
        self.pool, self.tag = pool, tag

    def id(self, key):
        if key[0] == "x":
            return self.pool.id(key)
        return self.pool.id(("d", self.tag) + tuple(key))


def _build_escape(rows: int, cols: int, swap: bool):
    from . import sat

    def build(pool, cnf):
        k, ylit = _y_literals(pool, cnf, rows, cols, swap)
        sels = [pool.id(("sel", s)) for s in range(2)]
        cnf.append(sels)
        from pysat.formula import CNF

        for s, y_black_side in enumerate((True, False)):
            # disjunct s: no Y chain of one colour and no Hex chain of the other
            sub = CNF()
            sat._no_chain(_Tagged(pool, s), sub, rows, cols, not y_black_side)
            cnf.extend([[-sels[s]] + cl for cl in sub.clauses])
            lit = ylit if y_black_side else (lambda j: -ylit(j))
            _y_no_chain(pool, cnf, k, lit, f"y{s}", sels[s])

    return build


def embed_escape_sat(rows: int, cols: int, budget: float = 60.0, swap: bool = False):
    """One SAT query: a full R×C colouring with no Black Y chain and no White Hex chain, or
    no White Y chain and no Black Hex chain (closed-set encodings only).  ``"unsat"``, a
    Black bitmask, or None past ``budget`` seconds.

    UNSAT means: every colouring has a Black Y chain or a White Hex chain, and a White Y
    chain or a Black Hex chain.  With HEX.P1 (exactly one Hex chain) and HEX.Y/a (at most
    one Y chain) the Y winner is then the Hex winner.

    >>> embed_escape_sat(3, 3)
    'unsat'
    """
    from . import sat

    key = ("escape", rows, cols, swap)
    sat._BUILD[key] = lambda r, c: _build_escape(r, c, swap)
    return sat._solve(rows, cols, key, budget)


def embed_disagree_sat(rows: int, cols: int, budget: float = 60.0, swap: bool = False):
    """One SAT query: a full R×C colouring where some colour has a Hex chain but no Y chain
    on the embedded board, or a Y chain but no Hex chain.  ``"unsat"``, a Black bitmask
    (a colouring where they disagree), or None past ``budget`` seconds.

    >>> embed_disagree_sat(3, 3)
    'unsat'
    """
    from . import sat

    key = ("embed", rows, cols, swap)
    sat._BUILD[key] = lambda r, c: _build_disagree(r, c, swap)
    return sat._solve(rows, cols, key, budget)


# ------------------------------------------------------------------ statements
@statement("HEX.Y.embed/a", kind="thm", source=SRC, domain=FULL, min_n=1, max_n=16, tier_n=12,
           reading="Every full colouring of every R×C Hex board with n cells, embedded in the Y board of side "
           "R+C−1 (Hex (r, c) at Y (c, r); Y cells below the rhombus pre-coloured Black, right of it White): "
           "Black has a top–bottom Hex chain iff Black has a Y chain, and White a left–right Hex chain iff White "
           "has a Y chain (both by BFS) — so the Y winner is the Hex winner.")
def hex_y_embed_full(pos: Position):
    """A full Hex board and its Y embedding have the same winner, chain by chain."""
    k, b, w = embed_position(pos)
    t = Tally()
    for colour, hs, ys in ((BLACK, pos.black, b), (WHITE, pos.white, w)):
        hx, yx = has_chain(pos.rows, pos.cols, hs, colour), y_chain(k, ys)
        if not t.add(hx == yx, colour=colour, hex_chain=hx, y_chain=yx):
            break
    return t


def _embed_sat(pos: Position, query=None):
    from . import sat

    res = (query or embed_disagree_sat)(pos.rows, pos.cols, sat.BUDGET_SECONDS)
    if res is None:
        raise TimeoutError(f"SAT query 'Hex and Y disagree' on {pos.rows}x{pos.cols} ran past {sat.BUDGET_SECONDS:.0f} s")
    t = Tally()
    t.add(res == "unsat", colouring=None if res == "unsat" else Position(pos.rows, pos.cols, res).spec())
    return t


@statement("HEX.Y.embed/b", kind="thm", source=SRC, domain=SQUARE, min_n=1, max_n=6, tier_n=4,
           reading="For the n×n board, one SAT query over all 2^(n²) colourings at once: 'some colour has a Hex "
           "chain but no Y chain on the embedded board, or a Y chain but no Hex chain' is UNSAT (Hex side: the "
           "encodings of sat.py; Y side: a chain as levels from one root on a side, no chain as a side label per "
           "stone, equal along edges, never the label of a side the stone lies on); a query past its budget makes "
           "the run unknown.")
def hex_y_embed_sat(pos: Position):
    """No full n×n colouring where Hex and its Y embedding disagree (one SAT query)."""
    return _embed_sat(pos)


@statement("HEX.Y.embed/d", kind="thm", source=SRC, domain=SQUARE, min_n=1, max_n=12, tier_n=7,
           reading="For the n×n board, one SAT query over all colourings, closed-set (no-chain) encodings only: "
           "'no Black Y chain and no White Hex chain, or no White Y chain and no Black Hex chain' is UNSAT; with "
           "HEX.P1 (exactly one Hex chain) and HEX.Y/a (at most one Y chain) this gives Y winner = Hex winner on "
           "every full n×n board; a query past its budget makes the run unknown.")
def hex_y_embed_escape(pos: Position):
    """Every full n×n colouring: a Y chain of each colour unless the other has a Hex chain (one SAT query)."""
    return _embed_sat(pos, embed_escape_sat)


@statement("HEX.Y.embed/c", kind="thm", source=SRC, domain=POSITIONS, min_n=4, max_n=9, tier_n=8,
           reading="Every Hex board-state with n cells (R, C ≥ 2), both players to move: the plain board search's "
           "winner equals the winner of the game of Y (plain minimax, a chain through all three sides wins) played "
           "from the embedded pre-coloured Y position.")
def hex_y_embed_value(pos: Position):
    """The game of Y from the embedded position has the Hex position's value."""
    k, b, w = embed_position(pos)
    t = Tally()
    for to in (BLACK, WHITE):
        hv, yv = board_value(pos, to), y_value(k, b, w, to)
        if not t.add(hv == yv, to_move=to, hex=hv, y=yv):
            break
    return t
