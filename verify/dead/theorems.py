"""Sufficient conditions for deadness from TSD §5, evaluated from the graph alone.

These are the hypotheses of Theorems 13–16 of [1]_ (and the corollary-I form of
Theorem 14).  They are *not* used to decide anything: the exact methods decide, and
these only name, in a dead item's certificate, which theorem predicts it.  A theorem
that predicts an item dead which an exact method finds live would be a
counterexample to the paper; :func:`predicted_dead` is therefore also what the tests
compare against the exact methods.

* ``TSD.T13`` — a terminal-free set ``U`` whose neighbourhood is a clique (a clique
  cutset) is dead, with all its edges.  Found here as the terminal-free components of
  ``G − K`` for each maximal clique ``K``, and as simplicial vertices (``TSD.T13``'s
  example: non-terminal simplicial vertices are dead).
* ``TSD.T14`` — if ``w`` surrounds a terminal-free set containing ``v``
  (``Γ(U) ⊆ Γ[w]``), the edge ``vw`` is dead.  The largest such ``U`` for each ``w``
  is computed as a greatest fixed point, so every transverse edge is found;
  ``TSD.T14.C1`` marks the single-vertex case ``Γ(v) ⊆ Γ[w]``.
* ``TSD.T15`` — an edge between two neighbours of one terminal is dead.
* ``TSD.T16`` — a terminal-free set surrounded by a terminal is dead (greatest such
  set per terminal).
* ``TSD.T12`` — an edge at a vertex that one of the above proves dead is dead
  (Theorem 12, "⇒").

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §5.
"""

from __future__ import annotations

from ..game import Game, bits, components, reachable

__all__ = ["predicted_dead", "surrounded_set"]


def surrounded_set(game: Game, w: int, terminal_free: bool = True) -> int:
    """The largest terminal-free set ``U ∌ w`` with ``Γ(U) ⊆ Γ[w]`` (a bitmask).

    With ``terminal_free=False`` terminals may belong to ``U`` (used by the mutants of
    :mod:`verify.prove`).

    >>> from verify import Game
    >>> g = Game.from_edges("0-2,2-3,3-1,2-4,3-4", terminals=(0, 1))
    >>> g.labels_of(surrounded_set(g, g.index(2)))
    [4]
    """
    adj = game.adjacency
    t1, t2 = game.terminal_indices
    closed_w = adj[w] | (1 << w)
    if terminal_free:
        # the same greatest fixed point in one search: U is everything (but w and the
        # terminals) away from the closed neighbourhood of what the terminals outside
        # Γ[w] reach outside Γ[w]
        everything = (1 << game.n) - 1
        outside = everything & ~closed_w
        reach = 0
        for t in (t1, t2):
            if outside >> t & 1 and not reach >> t & 1:
                reach |= reachable(adj, t, outside)
        closed = reach
        r = reach
        while r:
            low = r & -r
            closed |= adj[low.bit_length() - 1]
            r ^= low
        return everything & ~closed & ~(1 << w) & ~((1 << t1) | (1 << t2))
    u = ((1 << game.n) - 1) & ~(1 << w)
    if terminal_free:
        u &= ~((1 << t1) | (1 << t2))
    changed = True
    while changed:
        changed = False
        for v in bits(u):
            if adj[v] & ~u & ~closed_w:
                u &= ~(1 << v)
                changed = True
    return u


def _is_clique_mask(adj, s: int) -> bool:
    """The vertices of the bitmask ``s`` are pairwise adjacent."""
    return all((adj[i] | (1 << i)) & s == s for i in bits(s))


def _maximal_cliques(adj, n: int) -> list[int]:
    """Every maximal clique of the graph (bitmasks; Bron–Kerbosch with pivoting), the
    same family as ``networkx.find_cliques`` (an isolated vertex is a maximal clique).

    >>> sorted(_maximal_cliques((0b0110, 0b0101, 0b0011, 0b0000), 4))
    [7, 8]
    """
    out: list[int] = []

    def extend(r: int, p: int, x: int) -> None:
        if not p:
            if not x:
                out.append(r)
            return
        pivot = max(bits(p | x), key=lambda u: (p & adj[u]).bit_count())
        for v in bits(p & ~adj[pivot]):
            extend(r | (1 << v), p & adj[v], x & adj[v])
            p &= ~(1 << v)
            x |= 1 << v

    if n:
        extend(0, (1 << n) - 1, 0)
    return out


def predicted_dead(game: Game) -> dict[tuple, list[str]]:
    """Map each item predicted dead by TSD §5 to the ids of the theorems predicting it.

    Items are ``("vertex", i)`` and ``("edge", i, j)`` with internal indices.

    >>> from verify import Game
    >>> g = Game.from_edges("0-2,2-1,0-3,2-3", terminals=(0, 1))
    >>> sorted(predicted_dead(g).items())
    [(('edge', 0, 3), ['TSD.T12', 'TSD.T13', 'TSD.T14', 'TSD.T14.C1', 'TSD.T16']), (('edge', 2, 3), ['TSD.T12', 'TSD.T13', 'TSD.T14', 'TSD.T14.C1', 'TSD.T15', 'TSD.T16']), (('vertex', 3), ['TSD.T13', 'TSD.T16'])]
    """
    adj = game.adjacency
    n = game.n
    t1, t2 = game.terminal_indices
    terms = (1 << t1) | (1 << t2)
    out: dict[tuple, set[str]] = {}

    def mark(item, tid):
        out.setdefault(item, set()).add(tid)

    def edge(i, j):
        return ("edge", min(i, j), max(i, j))

    dead_vertices: dict[int, set[str]] = {}
    # T13: simplicial non-terminals, and terminal-free components behind a clique.
    for v in range(n):
        if not terms >> v & 1 and _is_clique_mask(adj, adj[v]):
            dead_vertices.setdefault(v, set()).add("TSD.T13")
    everything = (1 << n) - 1
    for clique in _maximal_cliques(adj, n):
        for comp in components(adj, everything & ~clique):
            if not comp & terms:
                for c in bits(comp):
                    dead_vertices.setdefault(c, set()).add("TSD.T13")
    # T16: sets surrounded by a terminal.
    for t in (t1, t2):
        for v in bits(surrounded_set(game, t)):
            dead_vertices.setdefault(v, set()).add("TSD.T16")
    for v, ids in dead_vertices.items():
        for tid in ids:
            mark(("vertex", v), tid)
        for u in bits(adj[v]):
            mark(edge(u, v), "TSD.T12")
            for tid in ids:
                mark(edge(u, v), tid)
    # T14: transverse edges.
    for w in range(n):
        for v in bits(surrounded_set(game, w) & adj[w]):
            mark(edge(v, w), "TSD.T14")
            if adj[v] & ~(adj[w] | (1 << w)) == 0:
                mark(edge(v, w), "TSD.T14.C1")
    # T15: edges inside a terminal's neighbourhood.
    for t in (t1, t2):
        for i in bits(adj[t]):
            for j in bits(adj[i] & adj[t]):
                if i < j:
                    mark(edge(i, j), "TSD.T15")
    return {k: sorted(v) for k, v in out.items()}
