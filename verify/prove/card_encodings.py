"""TSD.T8 as plain CNF with cardinality constraints (PySAT totalizers).

The second symbolic encoding of Theorem 8, beside the z3 one of
:mod:`verify.prove.arith_encodings`; both are cross-checked against enumeration and
against each other.  The walk-count condition

    ``Σ_{s∈S} A²(s, v) = T(v) − r(r−1)/2 + m``,  ``r = d − |S| = |Γ(v) ∖ S|``

is a count of Boolean products: ``W`` 2-walks ``s–y–v`` (``s ∈ S``), ``T`` triangles at
``v``, ``m`` edges inside ``S``.  It reads ``W + (|T| − T) + (|M| − m) = |T| + |M| −
r(r−1)/2`` over the gate literals of the products, a single cardinality equation for
each value of ``r``; ``r`` itself is the count of neighbours of ``v`` outside ``S``.
Both counts are unary totalizers (:class:`pysat.card.ITotalizer`), whose output
``rhs[k]`` means "at least ``k + 1`` are true".  Violation: two neighbours of ``v``
outside ``S`` are not adjacent, so ``S`` does not threaten ``v``.

References: A. M. Steane, "Threat, support and dead edges in the Shannon game", §4,
Theorem 8.
"""

from __future__ import annotations

from itertools import combinations

from pysat.card import ITotalizer

from .symbolic_sets import SetBuilder

__all__ = ["t8_cnf", "t14c2_cnf"]

V = 2


class _Count:
    """Exact "at least k" literals for a count, from two one-sided totalizers.

    PySAT's totalizer only forces an output *up* (``rhs[k]`` is true when at least
    ``k + 1`` inputs are), so a literal is sound in one polarity only.  ``up(k)`` is a
    literal that can be *false* only if the count is below ``k``; ``down(k)`` one that
    can be *true* only if the count is at least ``k`` (from a totalizer over the
    negated inputs: at most ``len − k`` of them false).
    """

    def __init__(self, lits: list[int], top: int, true: int) -> None:
        self.len, self.t = len(lits), true
        self.pos = ITotalizer(lits=list(lits), ubound=len(lits), top_id=top)
        self.neg = ITotalizer(lits=[-x for x in lits], ubound=len(lits), top_id=self.pos.top_id)
        self.top = self.neg.top_id
        self.clauses = self.pos.cnf.clauses + self.neg.cnf.clauses
        self.pos_rhs, self.neg_rhs = list(self.pos.rhs), list(self.neg.rhs)
        self.pos.delete()
        self.neg.delete()

    def up(self, k: int) -> int:
        if k <= 0:
            return self.t
        return -self.t if k > self.len else self.pos_rhs[k - 1]

    def down(self, k: int) -> int:
        if k <= 0:
            return self.t
        return -self.t if k > self.len else -self.neg_rhs[self.len - k]


def t8_cnf(n: int, mutant: bool = False) -> tuple[list[list[int]], SetBuilder]:
    """Clauses of "some connected game on n vertices violates TSD.T8" and their builder.

    >>> cl, b = t8_cnf(4)
    >>> b.pool.obj(b.named_set("S")[3])
    ('in', 'S', 3)
    """
    b = SetBuilder(n)
    v = V
    S = b.named_set("S", allowed=range(3, n))
    cl = b.nonempty(S) + [[-S[x], b.adj(x, v)] for x in range(3, n)]
    walks = [b.AND(S[x], b.adj(x, y), b.adj(y, v)) for x in range(3, n) for y in range(n) if y not in (x, v)]
    triangles = [b.AND(b.adj(v, x), b.adj(v, y), b.adj(x, y)) for x, y in combinations(range(n), 2) if v not in (x, y)]
    inside = [b.AND(S[x], S[y], b.adj(x, y)) for x, y in combinations(range(3, n), 2)]
    outside = [b.AND(b.adj(v, x), -S[x]) for x in range(n) if x != v]
    cl.append([b.AND(b.adj(v, x), b.adj(v, y), -S[x], -S[y], -b.adj(x, y)) for x, y in combinations(range(n), 2) if v not in (x, y)])
    lhs = walks + [-t for t in triangles] + [-t for t in inside]
    cl += b.clauses + b.connected()
    t = b.true
    count_r = _Count(outside, b.pool.top, t)
    count_e = _Count(lhs, count_r.top, t)
    b.pool.occupy(b.pool.top + 1, count_e.top)
    cl += count_r.clauses + count_e.clauses
    for j in range(len(outside) + 1):
        r = j - 1 if mutant else j
        c = len(triangles) + len(inside) - r * (r - 1) // 2
        guard = [-count_r.up(j), count_r.down(j + 1)]  # false only when the count is exactly j
        cl.append(guard + [count_e.down(c)])
        cl.append(guard + [-count_e.up(c + 1)])
    top = count_e.top
    cl = [[x for x in c if x != -t] for c in cl if t not in c]  # fold the constant
    cl.append([t])
    assert all(abs(x) <= top for c in cl for x in c)
    return cl, b


def t14c2_cnf(n: int, mutant: bool = False) -> tuple[list[list[int]], SetBuilder]:
    """Clauses of "some connected game on n vertices violates TSD.T14.C2" (CNF with
    totalizers, beside the z3 encoding of :mod:`verify.prove.arith_encodings`).

    ``v`` is vertex 2 and ``w`` the one-hot ``("is", "w", u)``.  Eq. (2),
    ``A³(v, w) = Σ_{i≠w} A²(v, i)``, is an equality of two counts of Boolean products:
    the 3-walks ``v–a–i–w`` and the 2-walks ``v–a–i`` with ``i ≠ w`` (``A²(v, v)`` is the
    degree, walks ``v–a–v``).  For each candidate ``w = u`` it reads ``|L_u| + (|R_u| −
    R_u) = |R_u|`` over the gate literals, one totalizer per ``u`` guarded by
    ``is(w, u)``.  Violation, as in the z3 encoding: ``Γ[v]`` terminal-free (not for the
    mutant), and an edge from ``w`` to ``Γ[v]`` on the induced terminal path (live), or a
    vertex of ``Γ(Γ[v] ∖ {w})`` outside ``Γ[w]``.

    >>> cl, b = t14c2_cnf(4)
    >>> b.pool.obj(b.var("is", "w", 3))
    ('is', 'w', 3)
    """
    b = SetBuilder(n)
    v, t = V, b.true
    cand = [u for u in range(n) if u != v]
    W = {u: b.var("is", "w", u) for u in cand}
    cl = [list(W.values())] + [[-W[a], -W[c]] for a, c in combinations(cand, 2)]
    if not mutant:
        cl += [[-b.adj(v, 0)], [-b.adj(v, 1)]]

    def adj(x: int, y: int) -> int:
        return -t if x == y else b.adj(x, y)

    # 2-walks v–a–i, as gate literals, by end vertex i
    two = {i: ([adj(v, a) for a in range(n) if a != v] if i == v else
               [b.AND(adj(v, a), adj(a, i)) for a in range(n) if a not in (v, i)]) for i in range(n)}
    sides = {}
    for u in cand:
        left = [b.AND(g, adj(i, u)) for i in range(n) if i != u for g in two[i]]
        right = [g for i in range(n) if i != u for g in two[i]]
        sides[u] = (left, right)
    on = b.on
    live = [b.AND(W[u], t if x == v else b.adj(v, x), b.adj(u, x), on(u), on(x)) for u in cand for x in range(n) if x != u]
    unsurrounded = [b.AND(W[u], b.adj(v, z), b.adj(z, y), -b.adj(v, y), -b.adj(u, y))
                    for u in cand for z in range(n) for y in range(n) if len({u, z, y, v}) == 4]
    cl.append(live + unsurrounded)
    cl += b.clauses + b.connected() + b.induced_path()
    top = b.pool.top
    for u in cand:
        left, right = sides[u]
        count = _Count(left + [-g for g in right], top, t)
        top = count.top
        cl += count.clauses
        c = len(right)
        cl.append([-W[u], count.down(c)])
        cl.append([-W[u], -count.up(c + 1)])
    b.pool.occupy(b.pool.top + 1, top)
    cl = [[x for x in c if x != -t] for c in cl if t not in c]  # fold the constant
    cl.append([t])
    assert all(abs(x) <= top for c in cl for x in c)
    return cl, b
