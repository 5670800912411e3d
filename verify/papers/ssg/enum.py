"""All small switching games: connected multigraphs (multiplicity <= 2) x terminal pairs.

A connected multigraph with multiplicity at most 2 is a connected simple graph whose
edges are each single or doubled.  :func:`switch_games` takes every connected simple
graph from nauty's geng, every subset of its edges to double, and every unordered
terminal pair, and keeps one instance per isomorphism class of (multigraph, terminal
pair).  Isomorphism is decided by nauty on the *subdivision graph* (each doubled edge
gets an extra vertex of its own colour joined to both ends; the terminals are a colour
class), and :func:`canonical` relabels an instance to nauty's canonical order.

The total order of the domain (the order that picks the smallest counterexample) is

    (n, m, canonical edge string, canonical terminals)

with ``m`` counting parallel copies.  :func:`canonical_brute` is a second,
independent canonical form (the least relabelling over all ``n!`` permutations) used
by the tests to check the enumeration's counts.

>>> [sum(1 for _ in multigraphs(k)) for k in range(1, 5)]
[1, 2, 7, 53]
>>> sum(1 for _ in switch_games(3))
13
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, permutations

from .multigraph import SwitchGame

__all__ = ["multigraphs", "switch_games", "canonical", "canonical_brute", "edge_string"]


def edge_string(edges) -> str:
    return ",".join(f"{u}-{v}" for u, v in sorted(edges))


def _nauty_graph(n: int, edges, terminals=None):
    import pynauty

    simple = sorted(set(edges))
    doubled = [e for e in simple if edges.count(e) > 1]
    adj: dict[int, set] = {v: set() for v in range(n + len(doubled))}
    for u, v in simple:
        adj[u].add(v)
        adj[v].add(u)
    for k, (u, v) in enumerate(doubled):
        x = n + k
        adj[x] |= {u, v}
        adj[u].add(x)
        adj[v].add(x)
    t = set(terminals or ())
    colours = [{v for v in range(n) if v not in t}]
    if t:
        colours.append(set(t))
    colours.append(set(range(n, n + len(doubled))))
    colours = [c for c in colours if c]
    return pynauty.Graph(n + len(doubled), adjacency_dict={v: sorted(s) for v, s in adj.items()}, vertex_coloring=colours)


def canonical(g: SwitchGame, terminals: bool = True) -> tuple[tuple, SwitchGame]:
    """(order key, canonically relabelled game); isomorphic instances give equal results.

    With ``terminals=False`` the terminal pair is ignored (the multigraph alone is
    canonised; the result keeps the terminals ``(0, 1)``).

    >>> k1, c1 = canonical(SwitchGame.parse("0-1,1-2,1-2", (0, 2)))
    >>> k2, c2 = canonical(SwitchGame.parse("2-1,0-1,0-1", (2, 0)))
    >>> k1 == k2 and c1 == c2
    True
    """
    import pynauty

    edges = list(g.edges)
    lab = pynauty.canon_label(_nauty_graph(g.n, edges, g.terminals if terminals else None))
    pos = {v: i for i, v in enumerate(x for x in lab if x < g.n)}
    new = sorted((min(pos[u], pos[v]), max(pos[u], pos[v])) for u, v in edges)
    t = tuple(sorted(pos[x] for x in g.terminals)) if terminals else (0, 1)
    c = SwitchGame(g.n, new, t)
    return (g.n, g.m, edge_string(new), t), c


def canonical_brute(g: SwitchGame) -> tuple:
    """The least ``(edge list, terminals)`` over all relabellings (independent of nauty)."""
    best = None
    for p in permutations(range(g.n)):
        e = tuple(sorted((min(p[u], p[v]), max(p[u], p[v])) for u, v in g.edges))
        t = tuple(sorted(p[x] for x in g.terminals))
        cand = (e, t)
        if best is None or cand < best:
            best = cand
    return best


def multigraphs(n: int, res: int = 0, mod: int = 1) -> Iterator[tuple[int, tuple]]:
    """Every connected multigraph on ``n`` vertices with multiplicity <= 2, as ``(n, edges)``."""
    import pynauty

    from ...graphs import connected_graphs

    for G in connected_graphs(n, res=res, mod=mod):
        base = sorted((min(u, v), max(u, v)) for u, v in G.edges())
        seen = set()
        for k in range(len(base) + 1):
            for dbl in combinations(base, k):
                edges = sorted(base + list(dbl))
                cert = pynauty.certificate(_nauty_graph(n, edges))
                if cert in seen:
                    continue
                seen.add(cert)
                yield n, tuple(edges)


def switch_games(n: int, res: int = 0, mod: int = 1) -> Iterator[SwitchGame]:
    """Every connected multigraph (multiplicity <= 2) on ``n`` vertices with every
    terminal pair, one per isomorphism class of (multigraph, unordered pair)."""
    import pynauty

    for _, edges in multigraphs(n, res, mod):
        seen = set()
        for a, b in combinations(range(n), 2):
            cert = pynauty.certificate(_nauty_graph(n, list(edges), (a, b)))
            if cert in seen:
                continue
            seen.add(cert)
            yield SwitchGame(n, edges, (a, b))
