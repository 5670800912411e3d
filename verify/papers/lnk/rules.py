"""Pruning rules of the class search, each proved from the rules of the game (LNK §5.1).

The minimal-link search over a degree class (:mod:`.classes`, ``class_kernel.c``)
solves a terminal pair only when it passes the five elementary conditions of
:func:`.search.candidate_pairs` (R1–R5, proved there) and the rules below.  None of
them is a theorem of the paper under test; each is proved here from the rules of the
game and two elementary facts about it:

(F1) *The outcome depends on the colouring → winner map only.*  The game tree (who
     owns which vertex after each sequence of moves) is the same for two graphs on the
     same vertices and terminals; only the winner of each complete colouring can differ.
     So if every complete colouring has the same winner in ``G`` and ``G − e``, the two
     games have the same outcome with either player first, and ``G`` is not a
     *minimal* link (deleting ``e`` does not weaken it).
(F2) *An extra vertex of one's own colour never hurts.*  A player who wins from a
     position also wins when handed one more vertex, or when the opponent passes (he
     plays his strategy and answers a pass with any move, which is again an extra
     vertex of his own colour).

R6 — every edge lies on an induced s–t path.
    Let ``e`` lie on no induced s–t path.  In a colouring where Short's vertices ``B``
    join ``s`` to ``t``, a shortest s–t path of ``G[B ∪ {s, t}]`` is induced in
    ``G[B ∪ {s, t}]`` and so in ``G`` (an induced subgraph's chords are ``G``'s); it
    avoids ``e``, so ``B`` joins ``s`` to ``t`` in ``G − e`` too.  The converse is
    clear (``G − e`` has fewer edges), so by (F1) ``e`` can be deleted.  (R6 implies
    R3, a non-terminal pendant, and R4, an edge inside a border.)
R7 — no two adjacent non-terminal vertices ``u ~ v`` both have degree 2.
    Let ``Γ(u) = {x, v}``, ``Γ(v) = {u, y}``.  An s–t path through ``u`` is through
    ``v`` too (a non-terminal on a path has two path neighbours), and vice versa.
    ``G`` has the outcome of ``G − {u, v}`` with either player first: if Cut wins
    ``G − {u, v}``, he wins ``G`` by that strategy, answering Short's move on ``u``
    (``v``) by ``v`` (``u``) and treating a move on the chain he cannot answer so as a
    pass (F2) — Short never owns both, so no path of his uses them; if Short wins
    ``G − {u, v}``, he wins ``G`` by that strategy, treating Cut's moves on ``u, v`` as
    passes (F2).  In ``G − uv`` no s–t path meets ``u`` or ``v``, so by (F1) it too has
    the outcome of ``G − {u, v}``.  Hence ``G − uv`` has ``G``'s outcome and ``G`` is
    not minimal.
R8 — a pendant terminal's neighbour has degree ≥ 3 (weak links, n ≥ 4).
    Let ``Γ(s) = {a}``.  If Short's first move is not ``a``, Cut takes ``a`` and ``s``
    is cut off.  If ``Γ(a) = {s, b}`` and Short takes ``a``, Cut takes ``b`` (not
    ``t``: by R2 ``s`` and ``t`` have no common neighbour), and every s–t path, which
    runs ``s, a, b, …``, is cut.  So Short does not win moving first: no weak link.

How the class search covers every minimal link of maximum degree ≤ D on n ≥ 4
vertices (weight ≥ 2).  Weak: by R3 no non-terminal is a pendant and by R5 not both
terminals are, so either every degree is ≥ 2 — the graph is one of
``geng -c -d2 -DD n`` — or exactly one vertex, a terminal ``s``, is a pendant; its
neighbour ``a`` has degree ≥ 3 by R8, so ``G − s`` is connected with every degree ≥ 2
(``a`` keeps ≥ 2, ``t ≠ a`` by R1) and ``a`` has degree ≤ D − 1 in it: ``G`` is a
graph of ``geng -c -d2 -DD (n − 1)`` with a pendant joined to a vertex of degree
< D.  Strong: a pendant terminal's neighbour is a winning first move for Cut (n ≥ 4),
so every degree is ≥ 2.

The rules are stated again in C in ``lnk_rules.h``; :func:`class_candidates` (Python)
and the kernel's ``-c`` list are compared in ``tests/test_lnk_classes.py``, and the
pruned search is compared with the unpruned one (every pair of every connected graph
of maximum degree ≤ D) for every n ≤ 10.

References
----------
.. [1] A. M. Steane, "Minimal and irreducible links in the Shannon game", §3, §5.1.

Examples
--------
>>> adj = (0b0100, 0b1000, 0b1001, 0b0110)      # the path 0-2-3-1
>>> every_edge_on_induced_path(4, adj, 0, 1), adjacent_degree_two(4, adj, 0, 1)
(True, True)
>>> class_candidates(5, (0b00100, 0b11000, 0b11001, 0b00110, 0b00110))   # W3
[(0, 1)]
"""

from __future__ import annotations

from .search import candidate_pairs

__all__ = ["every_edge_on_induced_path", "adjacent_degree_two", "class_candidates"]


def _bits(x: int):
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


def every_edge_on_induced_path(n: int, adj, s: int, t: int) -> bool:
    """R6: does every edge of the graph lie on an induced (chordless) s–t path?"""
    cover = [0] * n

    def extend(path: list[int]) -> None:
        last = path[-1]
        for w in _bits(adj[last]):
            if w in path or any(adj[p] >> w & 1 for p in path[:-1]):
                continue  # a repeated vertex or a chord
            if w == t:
                for a, b in zip(path, path[1:] + [t]):
                    cover[a] |= 1 << b
                    cover[b] |= 1 << a
            else:
                extend(path + [w])

    extend([s])
    return all(cover[v] == adj[v] for v in range(n))


def adjacent_degree_two(n: int, adj, s: int, t: int) -> bool:
    """R7 (violated): are two adjacent non-terminal vertices both of degree 2?"""
    two = {v for v in range(n) if v not in (s, t) and bin(adj[v]).count("1") == 2}
    return any(adj[u] >> v & 1 for u in two for v in two)


def class_candidates(n: int, adj, strong: bool = False) -> list[tuple[int, int]]:
    """The pairs the class search solves (rules R1–R7; none below n = 4 weak, 5 strong)."""
    if n < (5 if strong else 4):
        return [(s, t) for s in range(n) for t in range(s + 1, n)]
    return [(s, t) for s, t in candidate_pairs(n, tuple(adj), strong)
            if not adjacent_degree_two(n, adj, s, t) and every_edge_on_induced_path(n, adj, s, t)]
