"""Symbolic vertex sets, shorting and deleting, threat and support, as CNF.

The graph statements of TSD §4 (Lemmas 2–4, Theorem 7) compare graphs obtained by
shorting and deleting vertex sets.  Here those graphs are built *symbolically* over the
adjacency variables ``("adj", u, v)`` of :mod:`verify.prove.encode`, so one SAT query
ranges over every graph and every choice of the sets at once.

**Sets.**  A symbolic set is a tuple of ``n`` literals, one per vertex ("``v`` is a
member").  Named sets have variables ``("in", name, v)``; unions, differences and
constants are built with :meth:`SetBuilder.AND` / :meth:`SetBuilder.OR` (Tseitin, with
constant folding, so a constant-false member costs nothing).

**Shorting is reachability.**  In ``G ∗ Z − D`` two surviving vertices ``x, y`` are
adjacent iff ``G`` has an ``x``–``y`` path whose interior vertices all lie in ``Z``
(shorting a vertex joins its neighbours; shorting ``Z`` vertex by vertex joins exactly
the pairs linked through ``Z``).  :meth:`SetBuilder.closure` defines this relation
exactly, in both directions, by the Floyd–Warshall recursion over intermediate
vertices restricted to ``Z``:

    ``c_k(x, y) ⇔ c_{k-1}(x, y) ∨ (k ∈ Z ∧ c_{k-1}(x, k) ∧ c_{k-1}(k, y))``,
    ``c_{-1}(x, y) = adj(x, y)``.

This is deliberately *not* the characterisation the paper proves (shorting a connected
set makes its neighbourhood a clique, Lemma 2), so the encodings check that lemma
rather than assume it.

**Threat and support** (TSD §4, Definition) inside a derived graph ``H = G ∗ Z − D``:

* ``A`` threatens ``B`` in ``H``  ⇔  ``H − A ∗ B = H − A − B``  ⇔  for all surviving
  ``x, y ∉ Z ∪ D ∪ A ∪ B``: ``c_{Z∪B}(x, y) ⇒ c_Z(x, y)``;
* ``A`` supports ``B`` in ``H``  ⇔  ``H ∗ A − B = H ∗ A ∗ B``  ⇔  for all surviving
  ``x, y``: ``c_{Z∪A∪B}(x, y) ⇒ c_{Z∪A}(x, y)``.

(The reverse implications hold because closure is monotone in the set, so each
equality of graphs is one implication per pair.)  :meth:`SetBuilder.same_graph`
returns a literal *equivalent* to such an equality, so it can stand on either side of
an "iff".

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §4.
"""

from __future__ import annotations

from itertools import combinations

from .encode import _Builder

__all__ = ["SetBuilder"]


class SetBuilder(_Builder):
    """Clause builder for symbolic sets over ``n`` vertices (terminals ``0``, ``1``).

    Clauses accumulate in :attr:`clauses` (definitions, always satisfiable on their
    own); constraints of a case are returned to the caller instead.

    >>> b = SetBuilder(3)
    >>> S = b.named_set("S")
    >>> b.pool.obj(S[2]), S[0] == -b.true
    (('in', 'S', 2), True)
    """

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.clauses: list[list[int]] = []
        self.true = self.var("true")
        self.clauses.append([self.true])
        self._and: dict = {}
        self._closure: dict = {}
        self._fresh = 0

    # ------------------------------------------------------------ gates
    def AND(self, *lits: int) -> int:
        """A literal equivalent to the conjunction (constants folded)."""
        t = self.true
        if any(x == -t for x in lits):
            return -t
        lits = tuple(sorted({x for x in lits if x != t}))
        if not lits:
            return t
        if len(lits) == 1:
            return lits[0]
        if any(-x in lits for x in lits):
            return -t
        if lits not in self._and:
            g = self.var("and", len(self._and))
            self.clauses += [[-g, x] for x in lits]
            self.clauses.append([g] + [-x for x in lits])
            self._and[lits] = g
        return self._and[lits]

    def OR(self, *lits: int) -> int:
        """A literal equivalent to the disjunction (constants folded)."""
        return -self.AND(*(-x for x in lits))

    # ------------------------------------------------------------- sets
    def named_set(self, name: str, allowed=None) -> tuple[int, ...]:
        """Variables ``("in", name, v)``; false on terminals and outside ``allowed``."""
        allowed = set(range(2, self.n)) if allowed is None else set(allowed) - {0, 1}
        return tuple(self.var("in", name, v) if v in allowed else -self.true for v in range(self.n))

    def one_hot(self, name: str, within: tuple[int, ...]) -> tuple[tuple[int, ...], list[list[int]]]:
        """A single vertex ``("is", name, v)`` of the symbolic set ``within``.

        Returns the singleton set and the clauses choosing it (exactly one, inside).
        """
        xs = [self.var("is", name, v) if within[v] != -self.true else -self.true for v in range(self.n)]
        live = [x for x in xs if x != -self.true]
        cl = [live] + [[-a, -b] for a, b in combinations(live, 2)]
        cl += [[-xs[v], within[v]] for v in range(self.n) if xs[v] != -self.true]
        return tuple(xs), cl

    def union(self, *sets) -> tuple[int, ...]:
        return tuple(self.OR(*(s[v] for s in sets)) for v in range(self.n))

    def minus(self, a, b) -> tuple[int, ...]:
        return tuple(self.AND(a[v], -b[v]) for v in range(self.n))

    def nonterminal_set(self) -> tuple[int, ...]:
        """The constant set of all non-terminals ``2 .. n-1``."""
        return tuple(self.true if v >= 2 else -self.true for v in range(self.n))

    def empty(self) -> tuple[int, ...]:
        return tuple(-self.true for _ in range(self.n))

    def nonempty(self, s) -> list[list[int]]:
        return [[x for x in s if x != -self.true]]

    def disjoint(self, a, b) -> list[list[int]]:
        return [[-a[v], -b[v]] for v in range(self.n)]

    def subset(self, a, b) -> list[list[int]]:
        return [[-a[v], b[v]] for v in range(self.n)]

    # --------------------------------------------------------- closure
    def closure(self, Z) -> dict:
        """``c[x, y]`` (``x < y``): ``G`` has an ``x``–``y`` path with interior in ``Z``."""
        key = tuple(Z)
        if key in self._closure:
            return self._closure[key]
        n = self.n
        c = {(x, y): self.adj(x, y) for x, y in combinations(range(n), 2)}

        def get(x, y):
            return c[(x, y) if x < y else (y, x)]

        for k in range(n):
            if Z[k] == -self.true:
                continue
            new = dict(c)
            for x, y in combinations(range(n), 2):
                if k in (x, y):
                    continue
                new[(x, y)] = self.OR(get(x, y), self.AND(Z[k], get(x, k), get(k, y)))
            c = new
        self._closure[key] = c
        return c

    def same_graph(self, big, small, out) -> int:
        """Literal ⇔ ``c_big(x, y) ⇒ c_small(x, y)`` for all ``x, y`` outside ``out``.

        ``small ⊆ big`` is the caller's promise (closure is then monotone, so this is
        equality of the two derived graphs on the surviving vertices).
        """
        cb, cs = self.closure(big), self.closure(small)
        bad = [self.AND(-out[x], -out[y], cb[(x, y)], -cs[(x, y)]) for x, y in combinations(range(self.n), 2)]
        return -self.OR(*bad)

    def threatens(self, A, B, Z=None, D=None) -> int:
        """Literal ⇔ ``A`` threatens ``B`` in ``G ∗ Z − D`` (sets disjoint, caller's promise)."""
        Z = self.empty() if Z is None else Z
        D = self.empty() if D is None else D
        return self.same_graph(self.union(Z, B), Z, self.union(Z, D, A, B))

    def supports(self, A, B, Z=None, D=None) -> int:
        """Literal ⇔ ``A`` supports ``B`` in ``G ∗ Z − D``."""
        Z = self.empty() if Z is None else Z
        D = self.empty() if D is None else D
        return self.same_graph(self.union(Z, A, B), self.union(Z, A), self.union(Z, D, A, B))

    def short_is_delete(self, S, Z=None, D=None) -> int:
        """Literal ⇔ ``H ∗ S = H − S`` for ``H = G ∗ Z − D``."""
        Z = self.empty() if Z is None else Z
        D = self.empty() if D is None else D
        return self.same_graph(self.union(Z, S), Z, self.union(Z, D, S))

    # ---------------------------------------------------- neighbourhoods
    def neighbourhood(self, S) -> tuple[int, ...]:
        """``Γ(S)``: vertices outside ``S`` adjacent to a member (exact literals)."""
        return tuple(
            self.AND(-S[x], self.OR(*(self.AND(S[u], self.adj(u, x)) for u in range(self.n) if u != x)))
            for x in range(self.n)
        )

    def is_clique(self, S) -> int:
        """Literal ⇔ the members of ``S`` are pairwise adjacent."""
        return self.AND(*(self.OR(-S[x], -S[y], self.adj(x, y)) for x, y in combinations(range(self.n), 2)))

    def _reach_inside(self, tag, root, S, vertices) -> list[list[int]]:
        """Every member of ``S`` among ``vertices`` reaches a vertex ``v`` with ``root[v]``
        through members of ``S`` (variables ``("reach_in", tag, v, k)``: within ``k``
        steps, and ``("via_in", tag, u, v, k)``)."""
        n, cl = self.n, []
        R = [[self.var("reach_in", tag, v, k) for k in range(n)] for v in range(n)]
        for v in vertices:
            cl.append([-R[v][0], root[v]])
            for k in range(n - 1):
                vias = []
                for u in vertices:
                    if u == v:
                        continue
                    z = self.var("via_in", tag, u, v, k)
                    cl += [[-z, R[u][k]], [-z, S[u]], [-z, self.adj(u, v)]]
                    vias.append(z)
                cl.append([-R[v][k + 1], R[v][k]] + vias)
            cl.append([-S[v], R[v][n - 1]])
        return cl

    def set_connected(self, S) -> list[list[int]]:
        """Clauses asserting that ``S`` is non-empty and ``G[S]`` is connected (one root,
        every member reaches it through members)."""
        n, cl = self.n, []
        self._fresh += 1
        tag = self._fresh
        root = [self.var("root", tag, v) for v in range(n)]
        cl.append(root)
        cl += [[-a, -b] for a, b in combinations(root, 2)]
        cl += [[-root[v], S[v]] for v in range(n)]
        return cl + self._reach_inside(("set", tag), root, S, range(n))

    def components(self, S, name: str) -> tuple[list[tuple[int, ...]], list[list[int]]]:
        """The connected components of ``G[S]`` as symbolic sets ``C_2 … C_{n-1}``.

        Vertex ``v ∈ S`` gets the label ``("comp", name, v, c)`` of the smallest vertex
        ``c`` of its component: adjacent members share a label, every class reaches its
        label vertex inside ``S``, and a label ``c`` is used only if ``c`` carries it.
        Returns the classes (empty ones included) and the clauses.
        """
        n, cl = self.n, []
        lab = {(v, c): self.var("comp", name, v, c) for v in range(2, n) for c in range(2, v + 1)}
        for v in range(2, n):
            ls = [lab[(v, c)] for c in range(2, v + 1)]
            cl.append([-S[v]] + ls)
            cl += [[S[v], -x] for x in ls]
            cl += [[-a, -b] for a, b in combinations(ls, 2)]
            for c in range(2, v):
                cl.append([-lab[(v, c)], lab[(c, c)]])
        for u, v in combinations(range(2, n), 2):
            for c in range(2, v + 1):
                # u, v ∈ S adjacent ⇒ same label
                lu = lab.get((u, c), -self.true)
                cl.append([-S[u], -S[v], -self.adj(u, v), -lab[(v, c)], lu])
                if (u, c) in lab:
                    cl.append([-S[u], -S[v], -self.adj(u, v), -lab[(u, c)], lab[(v, c)]])
        # each class is connected: reach its label vertex through members
        cl += self._reach_inside(("components", name), {v: lab[(v, v)] for v in range(2, n)}, S, range(2, n))
        classes = [tuple(lab.get((v, c), -self.true) for v in range(n)) for c in range(2, n)]
        return classes, cl
