"""Mutants of the registered HEX statements (Hex as a Shannon game).

Each perturbs one thing a registered HEX check consumes — the plain board search's or
the Shannon solver's answer, a board rule (the neighbour directions of a chain test, of
a SAT encoding, of the compiled HEX.P1 enumeration), the compiled Fig. 13 kernel (a
deliberate bug it supports behind a debug bit, :data:`verify.papers.hex.solver.DEBUG_BITS`),
the H-search closures, the Y-reduction, the Y embedding, the dead-cell oracle — or a
reading switch of the statement's own module, and pins the smallest counterexample in
the domain's order (positions: cells, rows, stones, ternary code; full boards: cells,
rows, Black stones, Black mask; empty boards: side; Y boards: side, Black stones, mask).

Memoised oracles (``board_value``, ``y_value``, ``win_value``, ``hex_dead_mask``) are
perturbed at their answer, never inside, so no memo hides a patch or keeps a wrong
entry after it.
"""

from __future__ import annotations

from .core import Mutant, P, always, const, negate  # noqa: F401

HEX = "papers.hex."
B, W = "B", "W"


def _other(c: str) -> str:
    return W if c == B else B


# ------------------------------------------------------------------ board rules
def _square_nb(rows: int, cols: int, extra_diagonal: bool = False):
    """Neighbour masks of the R×C board without the (r−1, c+1) / (r+1, c−1) direction of
    Hex; ``extra_diagonal``: Hex's six directions plus (r−1, c−1) / (r+1, c+1) (eight)."""
    from verify.papers.hex.board import geometry

    nb, *_ = geometry(rows, cols)
    out = []
    for i, m in enumerate(nb):
        r, c = divmod(i, cols)
        for dr, dc in ((-1, 1), (1, -1)) if not extra_diagonal else ():
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < cols:
                m &= ~(1 << (rr * cols + cc))
        for dr, dc in ((-1, -1), (1, 1)) if extra_diagonal else ():
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < cols:
                m |= 1 << (rr * cols + cc)
        out.append(m)
    return tuple(out)


def square_chain(orig):
    """``has_chain`` on the four-neighbour grid (Hex's (r−1, c+1) / (r+1, c−1) dropped)."""
    from verify.papers.hex.board import geometry

    def has_chain(rows, cols, stones, colour):
        nb = _square_nb(rows, cols)
        _, top, bottom, left, right = geometry(rows, cols)
        start, goal = (top, bottom) if colour == B else (left, right)
        seen, prev = stones & start, -1
        while seen != prev:
            prev = seen
            for i in range(rows * cols):
                if seen >> i & 1:
                    seen |= nb[i] & stones
        return bool(seen & goal)

    return has_chain


def sat_cells(extra_diagonal: bool):
    """``sat._cells`` (the SAT encodings' board) with one neighbour direction dropped, or
    with the other diagonal added."""

    def make(orig):
        def cells(rows, cols):
            n, nb, bits, top, bottom, left, right = orig(rows, cols)
            return n, _square_nb(rows, cols, extra_diagonal), bits, top, bottom, left, right

        return cells

    return make


def y_nbrs_square(orig):
    """The Y board's neighbours without the (x+1, y−1) / (x−1, y+1) direction."""

    def nbrs(k):
        from verify.papers.hex.y import _index, cells

        idx = _index(k)
        return tuple(tuple(idx[(x + dx, y + dy)] for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                           if (x + dx, y + dy) in idx) for x, y in cells(k))

    return nbrs


def y_minority(orig):
    """Y-reduction by the triangle's minority colour."""

    def reduce_board(k, black):
        from verify.papers.hex.y import cells

        return ((1 << len(cells(k - 1))) - 1) & ~orig(k, black)

    return reduce_board


# ------------------------------------------------------------------ solvers
class _Mover:
    """A FastSolver whose answer is for the other player to move."""

    def __init__(self, fast):
        self.fast = fast

    def winner(self, game, first):
        from verify.solve import CUT, SHORT

        return self.fast.winner(game, CUT if first == SHORT else SHORT)


def pairing_unshifted(orig):
    """The mirror pairing of Fig. 5 without its shift: (r, c) paired with (c, r) — the
    diagonal mirror, which pairs the diagonal cells with themselves."""

    def pairing(rows, cols):
        if cols != rows + 1:
            return orig(rows, cols)
        out = {}
        for r in range(rows):
            for c in range(cols):
                a = r * cols + c
                b = c * cols + r if c < rows else a
                out[a] = b
        return out

    return pairing


def carrier_minus_lowest(orig):
    def win_value(pos, to_move, *a, **k):
        w, car = orig(pos, to_move, *a, **k)
        return w, car & (car - 1)

    return win_value


def dead_forgetting_first(orig):
    """The exact dead-vertex oracle with its first dead vertex reported live."""

    def dead_vertices(game, method="auto"):
        d = orig(game, method)
        return set(sorted(d, key=str)[1:])

    return dead_vertices


def kernel_hsearch(change):
    """``c_solver()`` whose H-search read-out is ``change(vc, scs)``."""

    def make(orig):
        def c_solver():
            k = orig()
            if k is None:
                return None

            class Wrapped:
                def hsearch(self, pos, player):
                    return change(*k.hsearch(pos, player))

                def __getattr__(self, name):
                    return getattr(k, name)

            return Wrapped()

        return c_solver

    return make


def _key_dropped(vc, scs):
    return vc, [(key, car & ~(1 << key)) for key, car in scs]


def _bits(value):
    return lambda orig: orig | value


def _bug(name):
    from verify.papers.hex import solver

    return _bits(getattr(solver, name))


# ------------------------------------------------------------------ the mutants
ST = HEX + "statements"
SOLVER = HEX + "solver"
SWAPPED = [P(HEX + "yembed", "embed", lambda o: (lambda rows, cols, swap=False: o(rows, cols, not swap)))]
MUTANTS: list[Mutant] = [
    # --- HEX.GRAPH: the Shannon side and the board side of the comparison
    Mutant("HEX.GRAPH", "FastSolver answers for the other player to move", [P(ST, "_FAST", lambda o: _Mover(o))],
           4, (4, 2, 0, 0)),
    Mutant("HEX.GRAPH", "board search answers for the other player to move",
           [P(ST, "board_value", lambda o: (lambda pos, to: o(pos, _other(to))))], 4, (4, 2, 0, 0)),
    # --- HEX.P1: the chain test, both SAT encodings' board, the compiled enumeration's board
    Mutant("HEX.P1/a", "chains on the four-neighbour grid", [P(ST, "has_chain", square_chain)], 4, (4, 2, 2, 6)),
    # the SAT encodings can answer SAT: with Hex's (r-1, c+1) direction missing, the 2x2
    # colouring B on a1, b2 has neither chain (a model of 'neither'); with the (r+1, c+1)
    # diagonal added, both chains cross at it (a model of 'both' — on a planar board rule,
    # such as a direction missing, 'both' stays UNSAT, so the board gains one here)
    Mutant("HEX.P1/b", "SAT board rule without the (r-1, c+1) direction",
           [P(HEX + "sat", "_cells", sat_cells(False))], 2, (2,)),
    Mutant("HEX.P1/c", "SAT board rule with the (r+1, c+1) diagonal added",
           [P(HEX + "sat", "_cells", sat_cells(True))], 2, (2,)),
    Mutant("HEX.P1/d", "compiled board rule without the (r-1, c+1) direction (kernel debug bit 0)",
           [P(ST, "P1_KERNEL_DEBUG", lambda o: 1)], 2, (2,)),
    # --- HEX.P2: the reading switch of _extra_stone (a stone of the loser's colour)
    Mutant("HEX.P2", "the extra stone is the loser's", [P(ST, "_extra_stone", lambda o: (lambda pos, owner_helped: o(pos, not owner_helped)))],
           4, (4, 2, 0, 0)),
    # --- HEX.P3, HEX.OPEN: the compiled kernel with a deliberate bug (debug bits 11, 15)
    Mutant("HEX.P3", "kernel H-search OR rule ignores the common part", [P(SOLVER, "DEBUG_BITS", _bug("BUG_OR_RULE"))],
           3, (3,)),
    Mutant("HEX.P3", "solve() answers for the other player to move",
           [P(ST, "solve", lambda o: (lambda pos, to, *a, **k: o(pos, _other(to), *a, **k)))], 1, (1,)),
    Mutant("HEX.OPEN", "kernel fills captured pairs with the wrong colour", [P(SOLVER, "DEBUG_BITS", _bug("BUG_CAPTURED"))],
           3, (3,)),
    Mutant("HEX.OPEN", "kernel H-search OR rule ignores the common part", [P(SOLVER, "DEBUG_BITS", _bug("BUG_OR_RULE"))],
           3, (3,)),
    Mutant("HEX.OPEN", "kernel calls a cell dead from its neighbourhood without the sides tested",
           [P(SOLVER, "DEBUG_BITS", _bug("BUG_CLIQUE_DEAD"))], 3, (3,)),
    # --- HEX.PAIR: the pairing strategy's pairs
    Mutant("HEX.PAIR", "pairing without its shift (diagonal mirror)", [P(ST, "pairing", pairing_unshifted)], 2, (2, 2)),
    # --- HEX.DEAD: the exact Shannon dead-vertex oracle
    Mutant("HEX.DEAD", "dead oracle forgets a dead vertex", [P("dead", "dead_vertices", dead_forgetting_first)],
           4, (4, 2, 1, 3)),
    # --- HEX.FIG13: the board carrier and the graph carrier
    Mutant("HEX.FIG13", "board carrier without its lowest cell", [P(ST, "win_value", carrier_minus_lowest)], 4, (4, 2, 0, 0)),
    Mutant("HEX.FIG13", "graph carrier without its first vertex",
           [P("solve.mustplay", "win_value", lambda o: (lambda g, to: (lambda w, car: (w, list(car)[1:]))(*o(g, to))))],
           4, (4, 2, 0, 0)),
    # --- HEX.MUSTPLAY: the winning-move oracle
    Mutant("HEX.MUSTPLAY", "winning moves of the opponent reported",
           [P(ST, "winning_moves", lambda o: (lambda pos, colour, *a, **k: o(pos, _other(colour), *a, **k)))], 4, (4, 2, 1, 1)),
    # --- HEX.ANDOR: the Python closure, its OR rule without the empty-intersection condition
    Mutant("HEX.ANDOR", "OR rule without the empty common part",
           [P(HEX + "hsearch", "h_search", lambda o: (lambda pos, colour, *a, or_rule_intersect=True, **k:
                                                       o(pos, colour, *a, or_rule_intersect=False, **k)))], 4, (4, 2, 0, 0)),
    # --- HEX.ANDOR.kernel: the compiled closure itself (bug bit 11), and the read-out's key rule
    Mutant("HEX.ANDOR.kernel", "kernel H-search OR rule ignores the common part", [P(SOLVER, "DEBUG_BITS", _bug("BUG_OR_RULE"))],
           4, (4, 2, 0, 0)),
    Mutant("HEX.ANDOR.kernel", "semi-connection carriers without their key", [P(SOLVER, "c_solver", kernel_hsearch(_key_dropped))],
           4, (4, 2, 0, 0)),
    # --- HEX.Y: the Y board's neighbours, the reduction, Meyers' sub-boards
    Mutant("HEX.Y/a", "Y board without the (x+1, y-1) direction", [P(HEX + "y", "_nbrs", y_nbrs_square)], 2, (2, 1, 1)),
    Mutant("HEX.Y/b", "Y-reduction by the minority colour", [P(HEX + "y", "reduce_board", y_minority)], 2, (2, 0, 0)),
    Mutant("HEX.Y/c", "the same side removed three times", [P(HEX + "y", "side_removed", lambda o: (lambda k, b, s: o(k, b, 0)))],
           2, (2, 1, 2)),
    # --- HEX.Y.embed: the pre-coloured regions swapped (embed(swap=True)); the SAT query's Hex board rule
    Mutant("HEX.Y.embed/a", "pre-coloured regions swapped", SWAPPED, 2, (2, 1, 1, 1)),
    Mutant("HEX.Y.embed/b", "pre-coloured regions swapped", SWAPPED, 2, (2,)),
    Mutant("HEX.Y.embed/b", "Hex side's board rule without the (r-1, c+1) direction",
           [P(HEX + "sat", "_cells", sat_cells(False))], 2, (2,)),
    Mutant("HEX.Y.embed/c", "pre-coloured regions swapped", SWAPPED, 4, (4, 2, 2, 5)),
    Mutant("HEX.Y.embed/d", "pre-coloured regions swapped", SWAPPED, 2, (2,)),
]
