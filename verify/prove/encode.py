"""Symbolic encodings: "some connected game on n vertices violates statement X" as CNF.

One CNF per (statement, n) whose models are exactly the counterexamples of that size
(up to relabelling); UNSAT proves the statement for every connected game on ``n``
vertices at once (A. M. Steane, "Threat, support and dead edges in the Shannon game",
§5 [1]_).  Variables are created through PySAT's ``IDPool`` under names that say what
they stand for, so a model decodes straight back into a graph:

``("adj", u, v)``  (``u < v``)
    the edge ``uv`` is present.  Vertices are ``0 .. n-1``; the terminals are ``0``
    and ``1`` (every game is isomorphic to one with these terminals).
``("pos", v, k)``
    vertex ``v`` is the ``k``-th vertex of the witness path (``0`` is at position 0).
``("on_path", v)``, ``("occ", k)``
    ``v`` is on the path; position ``k`` is used.
``("reach", v, k)``, ``("via", u, v, k)``
    ``v`` is within ``k`` steps of terminal ``0`` (connectivity of the game).
``("in", v)``, ``("nb", v)``, ``("except", v)``
    membership of ``v`` in the symbolic vertex set ``U`` of the hypothesis, in an
    over-approximation of ``Γ(U)``, and the mutants' one permitted exception.
``("case", i)``
    selector of the ``i``-th case of the hypothesis (see below).

**Liveness witness.**  TSD §5: a vertex is live iff it lies on an induced ``s``–``t``
path, an edge iff both its ends are consecutive on one.  The path is encoded with
position variables: at most one position per vertex and one vertex per position,
positions used contiguously from 0, vertex ``1`` at the last used position, consecutive
vertices adjacent, and non-consecutive path vertices *not* adjacent (induced).  On an
induced path two path vertices are adjacent iff consecutive, so "the edge ``uv`` is
live" is simply ``adj(u, v) ∧ on(u) ∧ on(v)``.

**Violation.**  "Hypothesis holds and the item is live".  Each statement is split into
cases by which named vertices are terminals (for example T15's edge may end at the
other terminal); the cases share the graph and path variables and are joined by the
selector clause ``case_1 ∨ … ∨ case_k``; every clause of case ``i`` carries ``¬case_i``.
So each (statement, n) is a *single* SAT query.

**Symmetry (sound by relabelling).**  (a) The game is symmetric in its two terminals,
so the terminal a hypothesis names is ``0``.  (b) The named vertices of a case take the
labels ``2, 3, …`` (any counterexample relabels so).  (c) The remaining *free*
vertices are interchangeable (the hypotheses quantify over them uniformly), so we
require the free vertices on the path to be the smallest free labels, in path order:
``on(a+1) ⇒ on(a)`` and ``pos(a, i) ∧ pos(a+1, j) ⇒ i < j``.  Any model is permuted
on the free vertices into one of this form, so (a)–(c) lose no counterexample.

**Why PySAT.**  Every constraint is Boolean and the only cardinality facts are
at-most-one, so plain CNF (pairwise AMO) suffices; the project already uses PySAT
(:mod:`verify.dead.sat`), and CDCL solvers with interrupts give reliable timeouts.

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §5.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from pysat.formula import CNF, IDPool

from ..errors import InputError

__all__ = ["Case", "Encoding", "ENCODINGS", "encode", "encoded_ids", "adj_var"]


def adj_var(pool: IDPool, u: int, v: int) -> int:
    """The variable ``("adj", min, max)`` of the pair ``uv``.

    >>> p = IDPool()
    >>> adj_var(p, 3, 1) == adj_var(p, 1, 3), p.obj(1)
    (True, ('adj', 1, 3))
    """
    if u == v:
        raise InputError(f"Vertex {u} cannot be adjacent to itself.")
    return pool.id(("adj", min(u, v), max(u, v)))


@dataclass
class Case:
    """One case of a violation: its clauses and the vertices it names.

    ``named`` is the number of vertices with fixed roles (``0 .. named-1``); the
    others are free and symmetry-broken.  ``item`` is the vertex ``(v,)`` or the edge
    ``(u, v)`` that the model claims live; ``role`` names the fixed vertices.
    """

    name: str
    named: int
    item: tuple
    clauses: list[list[int]] = field(default_factory=list)
    role: dict = field(default_factory=dict)


class _Builder:
    """Clause helpers over one pool for ``n`` vertices."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.pool = IDPool()
        for u, v in combinations(range(n), 2):
            adj_var(self.pool, u, v)

    def adj(self, u: int, v: int) -> int:
        return adj_var(self.pool, u, v)

    def var(self, *name) -> int:
        return self.pool.id(tuple(name))

    def on(self, v: int) -> int:
        return self.var("on_path", v)

    def pos(self, v: int, k: int) -> int:
        return self.var("pos", v, k)

    # ------------------------------------------------------------ shared blocks
    def induced_path(self) -> list[list[int]]:
        """An induced path from vertex 0 to vertex 1 (position encoding)."""
        n, cl = self.n, []
        P = [[self.pos(v, k) for k in range(n)] for v in range(n)]
        occ = [self.var("occ", k) for k in range(n)]
        cl.append([P[0][0]])
        cl += [[-P[0][k]] for k in range(1, n)]
        cl += [[-P[v][0]] for v in range(1, n)]
        for v in range(n):
            on = self.on(v)
            cl.append([-on] + P[v])  # on ⇒ some position
            for k in range(n):
                cl.append([on, -P[v][k]])
            for i, j in combinations(range(n), 2):
                cl.append([-P[v][i], -P[v][j]])  # at most one position
        for k in range(n):
            cl.append([-occ[k]] + [P[v][k] for v in range(n)])
            for v in range(n):
                cl.append([occ[k], -P[v][k]])
            for u, v in combinations(range(n), 2):
                cl.append([-P[u][k], -P[v][k]])  # at most one vertex
            if k + 1 < n:
                cl.append([-occ[k + 1], occ[k]])  # contiguous
                cl.append([-P[1][k], -occ[k + 1]])  # vertex 1 ends the path
        cl.append([self.on(1)])
        for u, v in combinations(range(n), 2):
            a = self.adj(u, v)
            for i in range(n):
                for j in range(n):
                    if abs(i - j) == 1:
                        cl.append([-P[u][i], -P[v][j], a])  # consecutive ⇒ adjacent
                    elif i != j:
                        cl.append([-P[u][i], -P[v][j], -a])  # induced
        return cl

    def connected(self) -> list[list[int]]:
        """Every vertex is reachable from vertex 0 (the game is connected)."""
        n, cl = self.n, []
        R = [[self.var("reach", v, k) for k in range(n)] for v in range(n)]
        cl.append([R[0][0]])
        cl += [[-R[v][0]] for v in range(1, n)]
        for k in range(n - 1):
            for v in range(n):
                vias = []
                for u in range(n):
                    if u == v:
                        continue
                    z = self.var("via", u, v, k)
                    cl.append([-z, R[u][k]])
                    cl.append([-z, self.adj(u, v)])
                    vias.append(z)
                cl.append([-R[v][k + 1], R[v][k]] + vias)
        cl += [[R[v][n - 1]] for v in range(n)]
        return cl

    def free_order(self, named: int) -> list[list[int]]:
        """Symmetry breaking (c) on the free vertices ``named .. n-1``."""
        n, cl = self.n, []
        for a in range(max(named, 2), n - 1):
            b = a + 1
            cl.append([-self.on(b), self.on(a)])
            for i in range(n):
                for j in range(i + 1):
                    cl.append([-self.pos(a, i), -self.pos(b, j)])
        return cl

    def surrounded(self, w: int, members: list[int], may_be_in=None) -> list[list[int]]:
        """``Γ(U) ⊆ Γ[w]`` for ``U = {x : in(x)}``; ``in`` false outside ``members``."""
        cl = []
        members = set(members)
        for x in range(self.n):
            if x not in members:
                cl.append([-self.var("in", x)])
        for u in members:
            for x in range(self.n):
                if x in (u, w):
                    continue
                # in(u) ∧ adj(u,x) ⇒ in(x) ∨ adj(w,x)
                cl.append([-self.var("in", u), -self.adj(u, x), self.var("in", x), self.adj(w, x)])
        return cl

    def neighbourhood_clique(self, members: list[int], exception: bool) -> list[list[int]]:
        """``Γ(U)`` is a clique (mutant: after removing one ``except`` vertex)."""
        n, cl = self.n, []
        members = set(members)
        for x in range(n):
            if x not in members:
                cl.append([-self.var("in", x)])
        nb = [self.var("nb", x) for x in range(n)]
        for u in members:
            for x in range(n):
                if x != u:
                    cl.append([-self.var("in", u), -self.adj(u, x), self.var("in", x), nb[x]])
        for x, y in combinations(range(n), 2):
            c = [-nb[x], -nb[y], self.adj(x, y)]
            if exception:
                c += [self.var("except", x), self.var("except", y)]
            cl.append(c)
        if exception:
            ex = [self.var("except", x) for x in range(n)]
            cl += [[-a, -b] for a, b in combinations(ex, 2)]
        return cl


# --------------------------------------------------------------------------- cases
def _t15(b: _Builder, mutant: bool) -> list[Case]:
    a = b.adj
    if not mutant:
        # TSD.T15: u, v ∈ Γ(0), uv ∈ E ⇒ uv dead.  Either both non-terminal, or one is 1.
        return [
            Case("u,v non-terminal", 4, (2, 3), [[a(0, 2)], [a(0, 3)], [a(2, 3)], [b.on(2)], [b.on(3)]], {"terminal": 0, "u": 2, "v": 3}),
            Case("v is the other terminal", 3, (1, 2), [[a(0, 1)], [a(0, 2)], [a(1, 2)], [b.on(2)]], {"terminal": 0, "u": 2, "v": 1}),
        ]
    # mutant: u ∈ Γ(0), uv ∈ E, v ≠ 0 ⇒ uv dead.
    return [
        Case("u,v non-terminal", 4, (2, 3), [[a(0, 2)], [a(2, 3)], [b.on(2)], [b.on(3)]], {"terminal": 0, "u": 2, "v": 3}),
        Case("v is the other terminal", 3, (2, 1), [[a(0, 2)], [a(1, 2)], [b.on(2)]], {"terminal": 0, "u": 2, "v": 1}),
        Case("u is the other terminal", 3, (1, 2), [[a(0, 1)], [a(1, 2)], [b.on(2)]], {"terminal": 0, "u": 1, "v": 2}),
    ]


def _surrounds_one(b: _Builder, v: int, w: int) -> list[list[int]]:
    """``vw ∈ E`` and ``Γ(v) ⊆ Γ[w]``."""
    return [[b.adj(v, w)]] + [[-b.adj(v, x), b.adj(w, x)] for x in range(b.n) if x not in (v, w)]


def _t14_c1(b: _Builder, mutant: bool) -> list[Case]:
    # TSD.T14.C1: w surrounds non-terminal v (Γ(v) ⊆ Γ[w]), vw ∈ E ⇒ vw dead.
    cases = [
        Case("w terminal", 3, (0, 2), _surrounds_one(b, 2, 0) + [[b.on(2)]], {"v": 2, "w": 0}),
        Case("w non-terminal", 4, (2, 3), _surrounds_one(b, 2, 3) + [[b.on(2)], [b.on(3)]], {"v": 2, "w": 3}),
    ]
    if mutant:  # v may be a terminal
        cases += [
            Case("v, w terminals", 2, (0, 1), _surrounds_one(b, 1, 0), {"v": 1, "w": 0}),
            Case("v terminal", 3, (1, 2), _surrounds_one(b, 1, 2) + [[b.on(2)]], {"v": 1, "w": 2}),
        ]
    return cases


def _t14(b: _Builder, mutant: bool) -> list[Case]:
    # TSD.T14: w surrounds a terminal-free U ∋ v, vw ∈ E ⇒ vw dead.
    # Mutant: U may contain terminals (other than w).
    out = []
    for w, name in ((0, "w terminal"), (3, "w non-terminal")):
        if w == 3 and b.n < 4:
            continue
        members = [x for x in range(b.n) if x != w and (mutant or x >= 2)]
        cl = [[b.var("in", 2)], [b.adj(2, w)], [b.on(2)], [b.on(w)]] + b.surrounded(w, members)
        out.append(Case(name, 3 if w == 0 else 4, (2, w), cl, {"v": 2, "w": w}))
    return out


def _t16(b: _Builder, mutant: bool) -> list[Case]:
    # TSD.T16: terminal 0 surrounds a terminal-free U ∋ v ⇒ v dead.
    # Mutant: a non-terminal w (= 3) surrounds U.
    w = 3 if mutant else 0
    members = [x for x in range(2, b.n) if x != w]
    cl = [[b.var("in", 2)], [b.on(2)]] + b.surrounded(w, members)
    return [Case("U surrounded", 4 if mutant else 3, (2,), cl, {"v": 2, "w": w})]


def _t13(b: _Builder, mutant: bool) -> list[Case]:
    # TSD.T13: terminal-free U ∋ v with Γ(U) a clique ⇒ v dead (U need not be
    # connected: each component's neighbourhood lies inside Γ(U), so this is stronger).
    # Edges inside U are then dead too: a live edge has both ends live.
    # Mutant: Γ(U) minus one vertex is a clique.
    cl = [[b.var("in", 2)], [b.on(2)]] + b.neighbourhood_clique(list(range(2, b.n)), mutant)
    return [Case("U with clique neighbourhood", 3, (2,), cl, {"v": 2})]


@dataclass(frozen=True)
class Encoding:
    """A statement's symbolic encoding, its mutant, and the smallest sensible n."""

    id: str
    cases: object
    text: str
    mutant_text: str
    min_n: int = 3


ENCODINGS: dict[str, Encoding] = {
    e.id: e
    for e in [
        Encoding("TSD.T15", _t15, "an edge between two neighbours of one terminal is dead",
                 "an edge uv with u a neighbour of terminal t, v ≠ t, is dead"),
        Encoding("TSD.T14.C1", _t14_c1, "w surrounds non-terminal v (Γ(v) ⊆ Γ[w]), vw an edge ⇒ vw dead",
                 "the same with v allowed to be a terminal"),
        Encoding("TSD.T14", _t14, "w surrounds a terminal-free U ∋ v, vw an edge ⇒ vw dead",
                 "the same with terminals allowed in U"),
        Encoding("TSD.T16", _t16, "a terminal-free set surrounded by a terminal is dead",
                 "a terminal-free set surrounded by a non-terminal is dead"),
        Encoding("TSD.T13", _t13, "a terminal-free set U with Γ(U) a clique is dead (simplicial vertices included)",
                 "the same when Γ(U) minus one vertex is a clique"),
    ]
}


def encoded_ids() -> list[str]:
    """Statement ids with a symbolic encoding.

    >>> "TSD.T15" in encoded_ids()
    True
    """
    return sorted(ENCODINGS)


def encode(statement_id: str, n: int, mutant: bool = False, connected: bool = True) -> tuple[CNF, IDPool, list[Case]]:
    """The CNF "some (connected) game on ``n`` vertices violates the statement".

    Returns the formula, its pool, and the cases (selector ``("case", i)`` each).

    >>> cnf, pool, cases = encode("TSD.T15", 4)
    >>> [c.name for c in cases], pool.obj(1)
    (['u,v non-terminal', 'v is the other terminal'], ('adj', 0, 1))
    """
    if statement_id not in ENCODINGS:
        raise InputError(f"{statement_id} has no symbolic encoding; encoded: {', '.join(encoded_ids())}.")
    if n < 2:
        raise InputError(f"A game needs at least 2 vertices, not {n}.")
    b = _Builder(n)
    cnf = CNF()
    cnf.extend(b.induced_path())
    if connected:
        cnf.extend(b.connected())
    cases = [c for c in ENCODINGS[statement_id].cases(b, mutant) if c.named <= n]
    selectors = []
    for i, case in enumerate(cases):
        s = b.var("case", i)
        selectors.append(s)
        for c in case.clauses + b.free_order(case.named):
            cnf.append([-s] + c)
    if not selectors:  # no case fits on n vertices: the formula is UNSAT
        none = b.var("no_case")
        cnf.extend([[none], [-none]])
    else:
        cnf.append(selectors)
    return cnf, b.pool, cases
