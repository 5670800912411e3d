"""A minimal link of the Shannon game and how one is recognised (LNK §2).

A *weak link* is a game Short wins moving first but not second; a *strong link* one
Short wins moving second; *minimal* when deleting any one edge loses that property.
This module holds what every link search shares — the graph6 reader on bitmasks, the
:class:`Link` record in canonical form, :func:`classify_masks` (straight from the
definitions) and :func:`link_from_game` — below the searches themselves
(:mod:`.search` in Python, :mod:`.kernel` and :mod:`.plain` compiled), so that none of
them imports another to share it.

References
----------
.. [1] A. M. Steane, "Minimal and irreducible links in the Shannon game", §2.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ...backing import used
from ...errors import InputError
from ...game import Game, bits, popcount
from ...game import short_adjacency as _short
from ...graphs import canonical_game
from ...solve.fast import FastSolver

__all__ = ["Link", "parse_graph6_masks", "classify_masks", "link_from_game"]


def parse_graph6_masks(line: str) -> tuple[int, tuple[int, ...]]:
    """``(n, adjacency bitmasks)`` of a graph6 line (n ≤ 62), without networkx.

    >>> parse_graph6_masks("BW")
    (3, (4, 4, 3))
    """
    data = line.strip().encode()
    n = data[0] - 63
    if not 0 <= n <= 62:
        raise InputError(f"graph6 {line!r}: only graphs with up to 62 vertices are supported.")
    adj = [0] * n
    bitstream = 0
    nbits = 0
    k = 0
    for j in range(1, n):
        for i in range(j):
            if nbits == 0:
                k += 1
                bitstream = data[k] - 63
                nbits = 6
            nbits -= 1
            if bitstream >> nbits & 1:
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    return n, tuple(adj)


@dataclass(frozen=True)
class Link:
    """A link found by the search: its canonical game, kind and pivots.

    The game is in nauty's canonical labelling with the terminals as their own colour
    class (:func:`verify.graphs.canonical_game`), so ``(n, m, graph6, terminals)`` is
    a total order on links up to isomorphism.
    """

    game: Game
    kind: str  # "weak" or "strong"
    pivots: tuple = ()
    graph6: str = ""

    @property
    def n(self) -> int:
        return self.game.n

    @property
    def m(self) -> int:
        return self.game.m

    @property
    def weight(self) -> int:
        return self.game.n - 2

    @property
    def terminals(self) -> tuple:
        return self.game.terminals

    @property
    def key(self) -> tuple:
        return (self.n, self.m, self.graph6, tuple(self.terminals))

    @cached_property
    def borders(self) -> tuple[frozenset, frozenset]:
        s, t = self.terminals
        return frozenset(self.game.neighbours(s)), frozenset(self.game.neighbours(t))

    @property
    def d_s(self) -> int:
        return self.game.degree(self.terminals[0])

    @property
    def d_t(self) -> int:
        return self.game.degree(self.terminals[1])

    @property
    def d_max(self) -> int:
        return max((self.game.degree(v) for v in self.game.vertices), default=0)

    @cached_property
    def centre(self) -> frozenset:
        bs, bt = self.borders
        return frozenset(v for v in self.game.nonterminals() if v not in bs and v not in bt)

    @property
    def p(self) -> int:
        """Size of the centre (the paper's ``p``)."""
        return len(self.centre)

    @cached_property
    def articulation(self) -> tuple:
        from ...concepts import articulation_vertices

        return tuple(sorted(articulation_vertices(self.game)))

    def to_json(self) -> dict:
        bs, bt = self.borders
        return {
            "kind": self.kind,
            "graph6": self.graph6,
            "n": self.n,
            "terminals": list(self.terminals),
            "weight": self.weight,
            "p": self.p,
            "d_s": self.d_s,
            "d_t": self.d_t,
            "d_max": self.d_max,
            "m": self.m,
            "edges": [list(e) for e in self.game.edges()],
            "pivots": list(self.pivots),
            "articulation": list(self.articulation),
            "borders": [sorted(bs), sorted(bt)],
        }


def _sw(solver: FastSolver, adj, t1: int, t2: int, short_first: bool) -> bool:
    used("fast")
    free = ((1 << len(adj)) - 1) & ~((1 << t1) | (1 << t2))
    return solver._solve(tuple(adj), free, t1, t2, short_first)


def _without(adj, i: int, j: int) -> tuple:
    out = list(adj)
    out[i] &= ~(1 << j)
    out[j] &= ~(1 << i)
    return tuple(out)


def _edges(adj) -> list[tuple[int, int]]:
    return [(i, j) for i in range(len(adj)) for j in bits(adj[i] >> (i + 1) << (i + 1))]


def classify_masks(solver: FastSolver, adj, s: int, t: int, strong: bool) -> str | None:
    """``"weak"``/``"strong"`` when the game is a minimal link of that kind, else None.

    Straight from the definitions: the link type by solving with each player first,
    minimality by deleting every edge in turn (triangle edges first, an ordering only).
    """
    if strong:
        if not _sw(solver, adj, s, t, False):
            return None
        for i, j in _edges(adj):
            if _sw(solver, _without(adj, i, j), s, t, False):
                return None
        return "strong"
    if not _sw(solver, adj, s, t, True) or _sw(solver, adj, s, t, False):
        return None
    es = sorted(_edges(adj), key=lambda e: -popcount(adj[e[0]] & adj[e[1]]))
    for i, j in es:
        if _sw(solver, _without(adj, i, j), s, t, True):
            return None
    return "weak"


def link_from_game(game: Game, kind: str | None = None, solver: FastSolver | None = None) -> Link:
    """The :class:`Link` of a game (canonically relabelled), its kind and pivots solved.

    ``kind`` is what the game is claimed to be; it is not re-checked here.

    >>> link_from_game(Game.from_edges("0-2,2-1", terminals=(0, 1))).pivots
    (0,)
    """
    solver = solver or FastSolver()
    cg, g6 = canonical_game(game)
    adj = cg.adjacency
    s, t = cg.terminal_indices
    if kind is None:
        kind = "strong" if _sw(solver, adj, s, t, False) else "weak" if _sw(solver, adj, s, t, True) else "none"
    piv: tuple = ()
    if kind == "weak":
        piv = tuple(v for v in range(cg.n) if v not in (s, t) and _sw(solver, _short(adj, v), s, t, False))
    return Link(cg, kind, piv, g6)
