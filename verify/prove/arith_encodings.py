"""SMT encodings (z3) of the TSD statements whose hypotheses count walks.

Theorem 8 and Corollary II of Theorem 14 are stated with walk counts and the triangle
number; here they are encoded *as stated*, with integer sums over the Boolean
adjacency variables, and z3 decides "some connected game on ``n`` vertices violates
it".  The Boolean part (connectivity of the game, and for TSD.T14.C2 the induced
``s``–``t`` path that makes an edge live) is the CNF of :mod:`verify.prove.encode`,
passed to z3 clause by clause, so a model decodes through the same ``IDPool`` names.

* **TSD.T8**: ``v`` (label ``2``) and a non-empty terminal-free set ``S ⊆ Γ(v)``
  (``("in", "S", x)``) with ``Σ_{s∈S} A²(s, v) = T(v) − (d−n)(d−n−1)/2 + m``, and
  ``S`` does *not* threaten ``v``: two neighbours of ``v`` outside ``S`` are not
  adjacent (shorting ``v`` in ``G − S`` would join them — the definition of
  shorting one vertex).  Mutant: ``(d−n−1)(d−n−2)/2`` in place of ``(d−n)(d−n−1)/2``.
* **TSD.T14.C2**: ``v`` (label ``2``) with ``Γ[v]`` terminal-free, ``w`` (one-hot
  ``("is", "w", u)``) with ``A³(v, w) = Σ_{i≠w} A²(v, i)``, and either an edge from
  ``w`` to ``Γ[v]`` on the induced path (live), or a vertex of ``Γ(Γ[v]∖{w})``
  outside ``Γ[w]``.  Mutant: without "``Γ[v]`` terminal-free".

The brute-force oracles (``failure``) take the hypotheses from
:func:`verify.concepts.threatened_by_thm8` and :func:`~verify.concepts.corollary_ii_pairs`
(matrix walk counts) and deadness from :func:`verify.dead.classify`.

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §4
   (Theorem 8) and §5 (Theorem 14, Corollary II).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import z3

from ..concepts import corollary_ii_pairs, threatened_by_thm8, threatens
from ..dead import classify
from ..game import Game
from .encode import _Builder

__all__ = ["ArithEncoding", "ARITH_ENCODINGS", "build_smt"]

V = 2  # the vertex v of both statements (any non-terminal relabels to 2)


@dataclass(frozen=True)
class ArithEncoding:
    id: str
    text: str
    mutant_text: str
    build: Callable  # (ctx, mutant) -> list of z3 constraints
    instances: Callable[[Game], Iterator[dict]]
    failure: Callable[[Game, dict, bool], dict | None]
    needs_path: bool = False
    expect: str = "holds"
    min_n: int = 3


class _Ctx:
    """z3 Booleans for the pool variables of a :class:`_Builder`, and integer helpers."""

    def __init__(self, n: int, needs_path: bool) -> None:
        self.n = n
        self.b = _Builder(n)
        clauses = self.b.connected() + (self.b.induced_path() if needs_path else [])
        self.cnf = clauses
        self._vars: dict[int, z3.BoolRef] = {}
        self.constraints = [z3.Or([self.lit(x) for x in c]) for c in clauses]

    def lit(self, x: int):
        v = self._vars.setdefault(abs(x), z3.Bool(f"x{abs(x)}"))
        return v if x > 0 else z3.Not(v)

    def named(self, *name):
        return self.lit(self.b.var(*name))

    def adj(self, u: int, v: int):
        return z3.BoolVal(False) if u == v else self.lit(self.b.adj(u, v))

    def on(self, v: int):
        return self.lit(self.b.on(v))

    @staticmethod
    def i(p) -> z3.ArithRef:
        return z3.If(p, 1, 0)

    def a2(self, u: int, x: int) -> z3.ArithRef:
        """``A²(u, x)``."""
        return z3.Sum([self.i(z3.And(self.adj(u, j), self.adj(j, x))) for j in range(self.n) if j not in (u, x)] or [z3.IntVal(0)]) if u != x \
            else z3.Sum([self.i(self.adj(u, j)) for j in range(self.n) if j != u])


# ------------------------------------------------------------------ TSD.T8
def _t8_build(c: _Ctx, mutant: bool):
    n, v = c.n, V
    S = {x: c.named("in", "S", x) for x in range(2, n) if x != v}
    cons = [z3.Or(list(S.values()))] + [z3.Implies(S[x], c.adj(x, v)) for x in S]
    d = z3.Sum([c.i(c.adj(v, x)) for x in range(n) if x != v])
    k = z3.Sum([c.i(s) for s in S.values()])
    T = z3.Sum([c.i(z3.And(c.adj(v, x), c.adj(v, y), c.adj(x, y))) for x, y in combinations(range(n), 2) if v not in (x, y)])
    m = z3.Sum([c.i(z3.And(S[x], S[y], c.adj(x, y))) for x, y in combinations(S, 2)] or [z3.IntVal(0)])
    W = z3.Sum([z3.If(S[x], c.a2(x, v), 0) for x in S])
    r = d - k - 1 if mutant else d - k
    # Σ A²(s, v) = T(v) − r(r−1)/2 + m, doubled to stay in the integers; r(r−1) is split
    # over the values r can take, so the arithmetic stays linear (z3 is weak at NIA)
    cons.append(z3.Or([z3.And(r == j, 2 * W == 2 * T - j * (j - 1) + 2 * m) for j in range(-1, n)]))
    # S does not threaten v: two neighbours of v outside S are not adjacent
    out = lambda x: z3.BoolVal(True) if x not in S else z3.Not(S[x])  # noqa: E731
    cons.append(z3.Or([z3.And(c.adj(v, x), c.adj(v, y), out(x), out(y), z3.Not(c.adj(x, y)))
                       for x, y in combinations(range(n), 2) if v not in (x, y)]))
    return cons


def _t8_instances(game: Game):
    for v in game.nonterminals():
        nb = [u for u in game.neighbours(v) if not game.is_terminal(u)]
        for size in range(1, len(nb) + 1):
            for S in combinations(sorted(nb, key=str), size):
                yield {"v": v, "S": set(S)}


def _t8_failure(game: Game, inst: dict, mutant: bool):
    v, S = inst["v"], inst["S"]
    if threatened_by_thm8(game, v, S, shift=int(mutant)) and not threatens(game, S, {v}):
        return {"v": v, "S": sorted(S, key=str), "threatens": False}
    return None


# -------------------------------------------------------------- TSD.T14.C2
def _t14c2_build(c: _Ctx, mutant: bool):
    n, v = c.n, V
    W = {u: c.named("is", "w", u) for u in range(n) if u != v}
    cons = [z3.PbEq([(x, 1) for x in W.values()], 1)]
    if not mutant:
        cons += [z3.Not(c.adj(v, 0)), z3.Not(c.adj(v, 1))]
    row = {i: c.a2(v, i) for i in range(n)}
    for u, wu in W.items():
        a3 = z3.Sum([z3.If(c.adj(i, u), row[i], 0) for i in range(n)])
        cons.append(z3.Implies(wu, a3 == z3.Sum([row[i] for i in range(n) if i != u])))
    closed = lambda x: z3.BoolVal(True) if x == v else c.adj(v, x)  # noqa: E731
    live = [z3.And(wu, closed(x), c.adj(u, x), c.on(u), c.on(x)) for u, wu in W.items() for x in range(n) if x != u]
    unsurrounded = [
        z3.And(wu, c.adj(v, z), c.adj(z, y), z3.Not(c.adj(v, y)), z3.Not(c.adj(u, y)))
        for u, wu in W.items() for z in range(n) for y in range(n)
        if len({u, z, y, v}) == 4
    ]
    cons.append(z3.Or(live + unsurrounded))
    return cons


@lru_cache(maxsize=4)
def _eq2_pairs(game: Game, terminal_free: bool) -> frozenset:
    """eq. (2) pairs of one game, kept while its instances are checked one by one."""
    return frozenset(corollary_ii_pairs(game, terminal_free=terminal_free))


def _t14c2_instances(game: Game):
    for v in game.nonterminals():
        for w in game.vertices:
            if w != v:
                yield {"v": v, "w": w}


def _t14c2_failure(game: Game, inst: dict, mutant: bool):
    v, w = inst["v"], inst["w"]
    if (v, w) not in _eq2_pairs(game, not mutant):
        return None
    closed = game.closed_neighbours(v)
    dead = {frozenset(e) for e in classify(game, "brute" if game.n <= 10 else "sat").dead_edges}
    live = [[w, x] for x in closed if x != w and game.has_edge(w, x) and frozenset((w, x)) not in dead]
    U = closed - {w}
    outside = sorted(game.set_neighbours(U) - game.closed_neighbours(w), key=str)
    if live or outside:
        return {"v": v, "w": w, "live edges": live, "Γ(Γ[v]∖w) outside Γ[w]": outside}
    return None


ARITH_ENCODINGS: dict[str, ArithEncoding] = {
    e.id: e
    for e in [
        ArithEncoding("TSD.T8", "n neighbours of v with x_n(v)+m 2-walks to v threaten v",
                      "x_n(v) with (d−n−1)(d−n−2)/2 in place of (d−n)(d−n−1)/2",
                      _t8_build, _t8_instances, _t8_failure),
        ArithEncoding("TSD.T14.C2", "Γ[v] terminal-free and eq. (2) ⇒ edges from w to Γ[v] dead, w surrounds Γ[v]∖{w}",
                      "without 'Γ[v] terminal-free'", _t14c2_build, _t14c2_instances, _t14c2_failure, needs_path=True),
    ]
}


def build_smt(statement_id: str, n: int, mutant: bool) -> _Ctx:
    """The z3 constraints of a query, in a context that names its variables.

    >>> ctx = build_smt("TSD.T8", 4, False)
    >>> len(ctx.constraints) > 0
    True
    """
    enc = ARITH_ENCODINGS[statement_id]
    ctx = _Ctx(n, enc.needs_path)
    ctx.constraints += enc.build(ctx, mutant)
    return ctx
