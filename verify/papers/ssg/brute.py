"""Two exact solvers of the switching game, independent of each other and of Lehman.

(a) :func:`connect_wins` — plain memoised minimax on the edge game itself, in the
    reduced view: CONNECT's move contracts an edge, CUT's deletes it; CONNECT has won
    when the terminals are one vertex, CUT when no path joins them.  Parallel copies of
    an edge are the same move, so each distinct pair is tried once.  Nothing else.
(b) :func:`vertex_game` + :func:`reduction_connect_wins` — the reduction to the vertex
    Shannon game: one vertex per edge of ``G``, two of them adjacent when the edges
    share a *non-terminal* endpoint, and two terminal vertices, each joined to the
    edges at its terminal.  A set of edges of ``G`` contains a terminal path exactly
    when the corresponding vertices contain a path between the new terminals, and
    claiming / deleting an edge is shorting / cutting its vertex, so the two games have
    the same winner; the fast vertex solver :class:`verify.solve.FastSolver` decides it.

Through (b) every vertex-game notion speaks about edges: a *dead* edge of ``G`` is one
whose vertex is dead (no minimal terminal path of ``G`` uses it, since induced paths
of the vertex game are exactly the edge sets of simple terminal paths), and a
*captured* edge set one that CONNECT can claim entirely moving second.

:func:`connect_wins_with_pass` is (a) with a pass option (no two passes in a row, so
the game still ends), the oracle of SSG.MONO.

>>> from verify.papers.ssg.multigraph import SwitchGame
>>> g = SwitchGame.parse("0-1,0-1", (0, 1))
>>> connect_wins(g, connect_first=False), reduction_connect_wins(g, connect_first=False)
(True, True)
>>> h = SwitchGame.parse("0-2,2-1", (0, 1))
>>> connect_wins(h, True), connect_wins(h, False)
(False, False)
"""

from __future__ import annotations

import time
from functools import lru_cache

from ...errors import BudgetExceeded, TooLargeError
from ...game import Game
from ...solve import FastSolver
from .multigraph import SwitchGame

__all__ = [
    "connect_wins",
    "connect_wins_with_pass",
    "vertex_game",
    "reduction_connect_wins",
    "classify_brute",
    "MINIMAX_MAX_EDGES",
    "REDUCTION_MAX_EDGES",
]

MINIMAX_MAX_EDGES = 30
REDUCTION_MAX_EDGES = 60


# --------------------------------------------------------------- (a) minimax
def _joined(edges: tuple, a: int, b: int) -> bool:
    seen, stack = {a}, [a]
    while stack:
        x = stack.pop()
        for u, v in edges:
            y = v if u == x else u if v == x else None
            if y is not None and y not in seen:
                if y == b:
                    return True
                seen.add(y)
                stack.append(y)
    return False


def _contract(edges: tuple, e: tuple, a: int, b: int):
    u, v = e  # merge v into u
    out = []
    removed = False
    for x, y in edges:
        if (x, y) == e and not removed:
            removed = True
            continue
        x = u if x == v else x
        y = u if y == v else y
        if x != y:
            out.append((min(x, y), max(x, y)))
    return tuple(sorted(out)), (u if a == v else a), (u if b == v else b)


def _delete(edges: tuple, e: tuple) -> tuple:
    i = edges.index(e)
    return edges[:i] + edges[i + 1:]


DEADLINE: list[float] = []
"""A ``time.monotonic()`` value past which the plain searches raise
:class:`~verify.errors.BudgetExceeded` (``switch --timeout``); empty: no limit.  Checked
in the search itself, so the limit holds even when a timer signal lands where Python
swallows its exception (a finaliser run by the garbage collector)."""


def _past_deadline() -> None:
    if DEADLINE and time.monotonic() > DEADLINE[0]:
        raise BudgetExceeded("the time limit passed before the game was decided (--timeout S raises it)")


@lru_cache(maxsize=2_000_000)
def _mm(edges: tuple, a: int, b: int, connect_to_move: bool) -> bool:
    _past_deadline()
    if a == b:
        return True
    if not _joined(edges, a, b):
        return False
    moves = sorted(set(edges))
    if connect_to_move:
        return any(_mm(*_contract(edges, e, a, b), False) for e in moves)
    return all(_mm(_delete(edges, e), a, b, True) for e in moves)


def _check_size(g: SwitchGame, limit: int, what: str) -> None:
    if g.m > limit:
        raise TooLargeError(f"The {what} solver is limited to {limit} edges; this graph has {g.m}.")


def connect_wins(g: SwitchGame, connect_first: bool) -> bool:
    """True when CONNECT wins ``g`` (plain minimax) with CONNECT moving first or not."""
    _check_size(g, MINIMAX_MAX_EDGES, "minimax")
    return _mm(tuple(sorted(g.edges)), g.terminals[0], g.terminals[1], connect_first)


@lru_cache(maxsize=2_000_000)
def _mm_pass(edges: tuple, a: int, b: int, connect_to_move: bool, may_pass: bool) -> bool:
    _past_deadline()
    if a == b:
        return True
    if not _joined(edges, a, b):
        return False
    moves = sorted(set(edges))
    if connect_to_move:
        if may_pass and _mm_pass(edges, a, b, False, False):
            return True
        return any(_mm_pass(*_contract(edges, e, a, b), False, True) for e in moves)
    if may_pass and not _mm_pass(edges, a, b, True, False):
        return False
    return all(_mm_pass(_delete(edges, e), a, b, True, True) for e in moves)


def connect_wins_with_pass(g: SwitchGame, connect_first: bool) -> bool:
    """Minimax where the player to move may pass instead (never twice in a row)."""
    _check_size(g, MINIMAX_MAX_EDGES, "minimax")
    return _mm_pass(tuple(sorted(g.edges)), g.terminals[0], g.terminals[1], connect_first, True)


# ------------------------------------------------------------- (b) reduction
def vertex_game(g: SwitchGame) -> Game:
    """The vertex Shannon game of ``g``: vertex ``i`` is edge ``i``; terminals ``m``, ``m+1``.

    >>> vertex_game(SwitchGame.parse("0-2,2-1,0-1", (0, 1))).edges()
    [(0, 1), (0, 3), (1, 4), (2, 3), (2, 4)]
    """
    m = g.m
    a, b = g.terminals
    at: dict[int, list[int]] = {}
    for i, (u, v) in enumerate(g.edges):
        at.setdefault(u, []).append(i)
        at.setdefault(v, []).append(i)
    pairs = set()
    for x, inc in at.items():
        if x in (a, b):
            continue
        for p in range(len(inc)):
            for q in range(p + 1, len(inc)):
                pairs.add((min(inc[p], inc[q]), max(inc[p], inc[q])))
    for i in at.get(a, []):
        pairs.add((i, m))
    for i in at.get(b, []):
        pairs.add((i, m + 1))
    return Game(range(m + 2), sorted(pairs), (m, m + 1))


def reduction_connect_wins(g: SwitchGame, connect_first: bool, solver: FastSolver | None = None) -> bool:
    """True when Short wins the vertex game of ``g`` (fast solver) with the same mover."""
    _check_size(g, REDUCTION_MAX_EDGES, "reduction")
    s = solver or FastSolver()
    return s.short_wins(vertex_game(g), "Short" if connect_first else "Cut")


def classify_brute(g: SwitchGame, method: str = "minimax") -> tuple[str, bool, bool]:
    """(class, CONNECT wins moving first, CONNECT wins moving second) by brute force.

    The class is ``"connect"`` (CONNECT wins moving second), ``"cut"`` (CONNECT loses
    even moving first), ``"first"`` (the first player wins) — or ``"none"`` if CONNECT
    would win moving second but lose moving first (SSG.TRI says it never happens).

    >>> classify_brute(SwitchGame.parse("0-1", (0, 1)))
    ('first', True, False)
    """
    f = connect_wins if method == "minimax" else reduction_connect_wins
    first, second = f(g, True), f(g, False)
    if second and first:
        return "connect", first, second
    if not first and not second:
        return "cut", first, second
    if first and not second:
        return "first", first, second
    return "none", first, second
