"""The sieve of LNK §3.1: fourteen necessary conditions for a graph to support a minimal
weak link, each its own named predicate, applied in the paper's order with a
per-condition rejection count.

A condition takes a :class:`Sieve` context (one graph, n vertices, bitmask adjacency,
``w = n − 2``) and returns True to keep the graph.  Conditions 10, 13 and 14 also narrow
the set of candidate terminal pairs ``ctx.pairs`` (a graph is rejected when none is
left); 11 and 12 read it.  Each docstring names the result it rests on.

Readings where the text leaves a choice:

* condition 1 applies (6)–(9) and (11) but not (10): (10) has "one exception", which is a
  minimal weak link (``H??^pJ?``, Fig. 2), so applying it would sieve out a link;
* "threatens" for single vertices uses TSD Theorem 7(i): ``a`` threatens ``b`` iff
  ``Γ(b) ∖ {a}`` is a clique; "u surrounds v" is ``Γ(v) ⊆ Γ[u]``;
* conditions 3, 4, 7, 8 and 12 are stated for links other than W1 and apply for n > 3.

``LNK.SIEVE`` checks every condition separately against every minimal weak link found
(its graph is kept, and its own terminal pair survives conditions 10, 13 and 14).

References
----------
.. [1] A. M. Steane, "Minimal and irreducible links in the Shannon game", §3.1.

Examples
--------
>>> from verify.papers.lnk.link import parse_graph6_masks
>>> sieve_graph(*parse_graph6_masks("BW"))   # W1's graph, the path on 3 vertices
(True, None)
>>> sieve_graph(*parse_graph6_masks("Bw"))   # the triangle: d_1 + d_2 = 4 > (n + 1)/2
(False, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ...game import bits, popcount

__all__ = ["Sieve", "CONDITIONS", "sieve_graph", "sieve_pairs", "sieve_counts", "pair_candidates"]


def _is_clique(adj, mask: int) -> bool:
    return all((adj[i] | (1 << i)) & mask == mask for i in bits(mask))


@dataclass
class Sieve:
    n: int
    adj: tuple
    pairs: list = field(default_factory=list)

    @property
    def w(self) -> int:
        return self.n - 2

    @cached_property
    def deg(self) -> list[int]:
        return [popcount(a) for a in self.adj]

    @cached_property
    def tri_free(self) -> list[bool]:
        adj = self.adj
        return [not any(adj[v] & adj[u] for u in bits(adj[v])) for v in range(self.n)]

    @cached_property
    def pendants(self) -> list[int]:
        return [v for v in range(self.n) if self.deg[v] == 1]

    def surrounds(self, u: int, v: int) -> bool:
        """Γ(v) ⊆ Γ[u]."""
        return self.adj[v] & ~(self.adj[u] | (1 << u)) == 0

    @cached_property
    def transverse(self) -> list[tuple[int, int]]:
        adj = self.adj
        return [(u, v) for u in range(self.n) for v in bits(adj[u] >> (u + 1) << (u + 1))
                if self.surrounds(u, v) or self.surrounds(v, u)]

    @cached_property
    def mutual_surround(self) -> list[tuple[int, int]]:
        return [(u, v) for u in range(self.n) for v in range(u + 1, self.n) if self.surrounds(u, v) and self.surrounds(v, u)]

    def threatens(self, a: int, b: int) -> bool:
        return _is_clique(self.adj, self.adj[b] & ~(1 << a))

    def mutually_threatening(self, a: int, b: int) -> bool:
        return self.threatens(a, b) and self.threatens(b, a)


# ------------------------------------------------------------------ the fourteen conditions
def c01_degrees(g: Sieve) -> bool:
    """Constraints (6)–(9) and (11) on the sorted degree sequence (Theorems 1–2, Lemma 2)."""
    d = sorted(g.deg)
    n = g.n
    if n <= 9 and 2 * (d[0] + d[1]) > n + 1:
        return False
    if n > 7 and d[0] + d[1] > n - 4:
        return False
    if n > 5 and d[0] + d[1] + d[2] > n:
        return False
    if n > 7 and d[0] + d[1] + d[2] > n - 1:
        return False
    if n > 3 and d[0] + d[1] < 3:
        return False
    return True


def c02_connected(g: Sieve) -> bool:
    """The graph is connected (a minimal link has no edge off the terminals' component)."""
    from ...game import reachable

    return reachable(g.adj, 0, (1 << g.n) - 1) == (1 << g.n) - 1


def c03_one_transverse(g: Sieve) -> bool:
    """At most one transverse edge (Lemma 4)."""
    return g.n <= 3 or len(g.transverse) <= 1


def c04_transverse_pendant(g: Sieve) -> bool:
    """A transverse edge is incident on a pendant (Lemma 4)."""
    return g.n <= 3 or all(g.deg[u] == 1 or g.deg[v] == 1 for u, v in g.transverse)


def c05_three_triangle_free(g: Sieve) -> bool:
    """At least three triangle-free vertices: two terminals and a pivot (TSD.15, Lemma 5)."""
    return sum(g.tri_free) >= 3


def c06_bridge_reduced(g: Sieve) -> bool:
    """The bridge-reduced graph might support a minimal link (Theorem 5); a bridge whose
    ends are already adjacent gives a non-simple graph, not minimal."""
    adj = g.adj
    for a in range(g.n):
        if g.deg[a] != 2:
            continue
        for b in range(a + 1, g.n):
            if g.deg[b] == 2 and adj[a] == adj[b] and not adj[a] >> b & 1:
                x, y = bits(adj[a])
                if adj[x] >> y & 1:
                    return False
                keep = [v for v in range(g.n) if v not in (a, b)]
                pos = {v: k for k, v in enumerate(keep)}
                new = []
                for v in keep:
                    m = 0
                    for u in bits(adj[v] & ~(1 << a) & ~(1 << b)):
                        m |= 1 << pos[u]
                    if v == x:
                        m |= 1 << pos[y]
                    if v == y:
                        m |= 1 << pos[x]
                    new.append(m)
                return sieve_graph(g.n - 2, tuple(new))[0]
    return True


def c07_pendant_neighbour(g: Sieve) -> bool:
    """A pendant's neighbour is triangle-free and of degree > 2 (it is the only pivot)."""
    if g.n <= 3:
        return True
    for p in g.pendants:
        (v,) = bits(g.adj[p])
        if not g.tri_free[v] or g.deg[v] <= 2:
            return False
    return True


def c08_one_mutual_surround(g: Sieve) -> bool:
    """No vertex is in more than one mutually surrounding pair (Lemma 3)."""
    if g.n <= 3:
        return True
    count = [0] * g.n
    for u, v in g.mutual_surround:
        count[u] += 1
        count[v] += 1
    return max(count) <= 1


def c09_mutual_surround_triangle_free(g: Sieve) -> bool:
    """Mutually surrounding vertices are triangle-free (the pair is captured, §3.1 item 9)."""
    return all(g.tri_free[u] and g.tri_free[v] for u, v in g.mutual_surround)


def pair_candidates(g: Sieve) -> list[tuple[int, int]]:
    """Candidate terminal pairs (item 10): triangle-free (TSD.15), surrounding no other
    vertex (TSD.16), every pendant a terminal and not both (Lemma 2), not adjacent, no
    2-walk between them for n > 3 (W1), degree sum within Theorem 1."""
    n, w, adj = g.n, g.w, g.adj
    out = []
    for s in range(n):
        for t in range(s + 1, n):
            if not (g.tri_free[s] and g.tri_free[t]) or adj[s] >> t & 1:
                continue
            if any(g.surrounds(x, v) for x in (s, t) for v in range(n) if v not in (s, t)):
                continue
            if n > 3:
                if any(p not in (s, t) for p in g.pendants) or (g.deg[s] == 1 and g.deg[t] == 1):
                    continue
                if adj[s] & adj[t]:
                    continue
            ds = g.deg[s] + g.deg[t]
            if w <= 7 and 2 * ds > w + 3:
                continue
            p = w - ds
            if (w > 3 and p < 1) or (w > 5 and p < 2):
                continue
            out.append((s, t))
    return out


def c10_candidate_pair(g: Sieve) -> bool:
    """There is at least one candidate terminal pair (item 10)."""
    g.pairs = pair_candidates(g)
    return bool(g.pairs)


def _never_terminal(g: Sieve) -> int:
    inpair = 0
    for s, t in g.pairs:
        inpair |= (1 << s) | (1 << t)
    return ((1 << g.n) - 1) & ~inpair


def c11_no_lost_pair(g: Sieve) -> bool:
    """No two vertices outside every candidate pair threaten each other (they would be
    lost [TSD], so deletable)."""
    vs = list(bits(_never_terminal(g)))
    return not any(g.mutually_threatening(a, b) for i, a in enumerate(vs) for b in vs[i + 1:])


def c12_candidate_pivot(g: Sieve) -> bool:
    """A candidate opening move exists (Lemma 5): not a terminal of every candidate pair,
    triangle-free, degree ≥ 3 (not threatened), not surrounded, surrounding no vertex that
    is in no candidate pair.  Skipped when there is a pendant (condition 7) or n ≤ 3."""
    if g.n <= 3 or g.pendants:
        return True
    always = (1 << g.n) - 1
    for s, t in g.pairs:
        always &= (1 << s) | (1 << t)
    never = _never_terminal(g)
    for v in range(g.n):
        if always >> v & 1 or not g.tri_free[v] or g.deg[v] < 3:
            continue
        if any(g.surrounds(u, v) for u in range(g.n) if u != v):
            continue
        if any(g.surrounds(v, u) for u in bits(never) if u != v):
            continue
        return True
    return False


def _pair_ok_13(g: Sieve, s: int, t: int) -> bool:
    adj, n, w = g.adj, g.n, g.w
    if n > 5:
        for a, b in ((s, t), (t, s)):
            if any(popcount(adj[x] & adj[b]) > 1 for x in bits(adj[a])):
                return False
    if n > 7:
        if any(popcount(adj[v] & adj[s]) > 1 and popcount(adj[v] & adj[t]) > 1 for v in range(n) if v not in (s, t)):
            return False
    p = w - g.deg[s] - g.deg[t]
    if w > 3:
        bound = p + 1 if w > 5 else p + 2
        if any(g.deg[b] > bound for b in bits(adj[s] | adj[t])):
            return False
    return True


def c13_pair_walks(g: Sieve) -> bool:
    """Per candidate pair: no border vertex with two 2-walks to the other terminal (W3),
    for n > 7 no vertex with two 2-walks to both (W5X), border degrees within Theorem 2."""
    g.pairs = [(s, t) for s, t in g.pairs if _pair_ok_13(g, s, t)]
    return bool(g.pairs)


def _pair_ok_14(g: Sieve, s: int, t: int) -> bool:
    vs = [v for v in range(g.n) if v not in (s, t)]
    return not any(g.mutually_threatening(a, b) for i, a in enumerate(vs) for b in vs[i + 1:])


def c14_pair_threats(g: Sieve) -> bool:
    """Per candidate pair: no two other vertices threaten each other (item 14)."""
    g.pairs = [(s, t) for s, t in g.pairs if _pair_ok_14(g, s, t)]
    return bool(g.pairs)


CONDITIONS = (
    c01_degrees, c02_connected, c03_one_transverse, c04_transverse_pendant, c05_three_triangle_free,
    c06_bridge_reduced, c07_pendant_neighbour, c08_one_mutual_surround, c09_mutual_surround_triangle_free,
    c10_candidate_pair, c11_no_lost_pair, c12_candidate_pivot, c13_pair_walks, c14_pair_threats,
)


def sieve_graph(n: int, adj: tuple) -> tuple[bool, int | None]:
    """(kept, number of the first rejecting condition or None)."""
    pairs, k = sieve_pairs(n, adj)
    return pairs is not None, k


def sieve_pairs(n: int, adj: tuple) -> tuple[list | None, int | None]:
    """(the candidate terminal pairs left after all fourteen conditions, or None when the
    graph is rejected; the first rejecting condition)."""
    if n < 3:
        return None, 1
    g = Sieve(n, adj)
    for k, cond in enumerate(CONDITIONS, 1):
        if not cond(g):
            return None, k
    return g.pairs, None


def sieve_counts(n: int) -> dict:
    """Per-condition rejection counts and survivors over every connected graph on n vertices.

    >>> sieve_counts(5)["kept"]
    1
    """
    from ...graphs import geng_lines
    from .link import parse_graph6_masks

    rejected = {k: 0 for k in range(1, len(CONDITIONS) + 1)}
    kept = graphs = 0
    for line in geng_lines(n):
        graphs += 1
        ok, k = sieve_graph(*parse_graph6_masks(line))
        if ok:
            kept += 1
        else:
            rejected[k] += 1
    return {"n": n, "graphs": graphs, "kept": kept, "rejected": rejected}


# ------------------------------------------------------------------ LNK.SIEVE (its statement: statements.py)
def link_rejections(link, conditions=CONDITIONS) -> list:
    """The conditions (1-based) that reject the link's graph, each applied on its own to a
    fresh context whose candidate pairs are those of item 10, plus ``"pair k"`` when
    condition k (10, 13, 14) drops the link's own terminal pair."""
    n, adj = link.n, link.game.adjacency
    s, t = sorted(link.game.terminal_indices)
    out = []
    for k, cond in enumerate(conditions, 1):
        g = Sieve(n, adj)
        g.pairs = pair_candidates(g)
        if not cond(g):
            out.append(k)
        elif cond in (c10_candidate_pair, c13_pair_walks, c14_pair_threats) and (s, t) not in g.pairs:
            out.append(f"pair {k}")
    return out
