"""Local structures of links and the three reductions of LNK §4, from their definitions.

* a **bridge** (LNK Theorem 5) is a pair of non-adjacent non-terminal vertices ``a, b``
  of degree 2 with the same neighbours ``x, y``; its *reduction* deletes ``a, b`` and
  adds the edge ``xy`` (when ``x ~ y`` already the result is a multigraph: ``None``);
  the *bridge-reduced form* reduces bridges until none is left;
* ``U`` **induces a Shannon game** when ``|Γ(U)| = 2`` (LNK §2).  A link is
  **S-reducible** when it induces a smaller Shannon game of weight > 1: a set ``U`` of
  non-terminal vertices with ``2 ≤ |U|`` and ``|Γ(U)| = 2``, ``U`` not the whole
  play area (reading R1; the whole play area would make every link of weight ≥ 2
  reducible);
* a link is **P-reducible** when a two-vertex set ``{a, b}`` of non-terminals induces
  a multi-Shannon game (terminals ``Γ({a, b})``) that Short wins moving second,
  decided by :class:`verify.links.MultiLinks` (plain game search, not the paper's
  mutual-support shortcut); its *P-reduction* shorts both;
* a **short-cut** is a pair of adjacent non-terminals ``a, b`` with ``d_b = 2``, ``b``
  adjacent to one terminal and at distance 2 from the other; a link with one is
  **T-reducible** and its *T-reduction* is ``G ∗ a − b`` (Theorem 6);
* an edge ``uv`` is **transverse** in the reading of the proof of LNK Lemma 4 when one
  end surrounds the other, ``Γ(v) ⊆ Γ[u]`` (terminals allowed); ``u, v`` are
  **mutually surrounding** when each surrounds the other (LNK Lemma 3).

References
----------
.. [1] A. M. Steane, "Minimal and irreducible links in the Shannon game", §3–§4.

Examples
--------
>>> from verify import Game
>>> w3 = Game.from_edges("0-2,2-3,2-4,3-1,4-1", terminals=(0, 1))
>>> bridges(w3), s_reducible(w3), p_reducible(w3), t_reducible(w3)
([(3, 4, 1, 2)], True, True, True)
>>> bridge_reduced_form(w3).edges()
[(0, 2), (1, 2)]
"""

from __future__ import annotations

from itertools import combinations

from ...game import Game, bits, popcount

__all__ = [
    "bridges",
    "bridge_reduce",
    "bridge_reduced_form",
    "induced_shannon_sets",
    "s_reducible",
    "p_pairs",
    "p_reducible",
    "short_cuts",
    "t_reducible",
    "p_reductions",
    "t_reductions",
    "transverse_lnk",
    "mutually_surrounding_pairs",
    "terminal_distance",
    "has_triangle",
    "triangle_count",
]


def _nb(game: Game, v) -> set:
    return game.neighbours(v)


def bridges(game: Game) -> list[tuple]:
    """Bridges ``(a, b, x, y)``: non-adjacent non-terminals of degree 2 with Γ = {x, y}."""
    out = []
    nts = game.nonterminals()
    for a, b in combinations(nts, 2):
        if game.has_edge(a, b) or game.degree(a) != 2:
            continue
        na = _nb(game, a)
        if na == _nb(game, b):
            x, y = sorted(na, key=game.index)
            out.append((a, b, x, y))
    return out


def bridge_reduce(game: Game, bridge: tuple) -> Game | None:
    """``G − a − b + xy`` for the bridge ``(a, b, x, y)``; None when ``x ~ y`` (a multigraph)."""
    a, b, x, y = bridge
    if game.has_edge(x, y):
        return None
    return game.delete([a, b]).add_edges([(x, y)])


def bridge_reduced_form(game: Game) -> Game | None:
    """Reduce bridges until none is left (None if a reduction would double an edge)."""
    g = game
    while True:
        bs = bridges(g)
        if not bs:
            return g
        g = bridge_reduce(g, bs[0])
        if g is None:
            return None


def induced_shannon_sets(game: Game, min_size: int = 2, proper: bool = True) -> list[set]:
    """Sets ``U`` of non-terminals with ``|Γ(U)| = 2`` and ``|U| ≥ min_size`` (``U`` not
    the whole play area when ``proper``)."""
    nts = game.nonterminals()
    adj = game.adjacency
    idx = [game.index(v) for v in nts]
    out = []
    full = len(nts)
    for mask in range(1, 1 << full):
        size = popcount(mask)
        if size < min_size or (proper and size == full):
            continue
        u = 0
        for k in bits(mask):
            u |= 1 << idx[k]
        nb = 0
        for i in bits(u):
            nb |= adj[i]
        if popcount(nb & ~u) == 2:
            out.append(set(game.labels_of(u)))
    return out


def s_reducible(game: Game) -> bool:
    """Induces a smaller Shannon game of weight > 1 (reading R1, see the module docstring)."""
    return bool(induced_shannon_sets(game))


def p_pairs(game: Game) -> list[tuple]:
    """Pairs ``{a, b}`` of non-terminals whose induced multi-Shannon game (terminals
    ``Γ({a, b})``, at least two of them) Short wins moving second."""
    from ...links import multi_link_type

    out = []
    for a, b in combinations(game.nonterminals(), 2):
        t = game.set_neighbours([a, b])
        if len(t) >= 2 and multi_link_type(game, {a, b}, t) == "strong":
            out.append((a, b))
    return out


def p_reducible(game: Game) -> bool:
    return bool(p_pairs(game))


def short_cuts(game: Game) -> list[tuple]:
    """Short-cuts ``(a, b)``: ``b`` non-terminal of degree 2 adjacent to one terminal,
    its other neighbour ``a`` non-terminal, and ``b`` at distance 2 from the other terminal."""
    out = []
    s, t = game.terminals
    for b in game.nonterminals():
        if game.degree(b) != 2:
            continue
        nb = _nb(game, b)
        for term, other in ((s, t), (t, s)):
            if term in nb and other not in nb:
                (a,) = nb - {term}
                if not game.is_terminal(a) and game.has_edge(a, other):
                    out.append((a, b))
    return out


def t_reducible(game: Game) -> bool:
    return bool(short_cuts(game))


def p_reductions(game: Game) -> list[Game]:
    """``G ∗ a ∗ b`` for each P-pair."""
    return [game.short([a, b]) for a, b in p_pairs(game)]


def t_reductions(game: Game) -> list[Game]:
    """``G ∗ a − b`` for each short-cut ``(a, b)``."""
    return [game.short(a).delete(b) for a, b in short_cuts(game)]


def _surrounds(game: Game, u, v) -> bool:
    return _nb(game, v) <= game.closed_neighbours(u)


def transverse_lnk(game: Game) -> list[tuple]:
    """Edges ``uv`` where one end surrounds the other (terminals allowed)."""
    return [(u, v) for u, v in game.edges() if _surrounds(game, u, v) or _surrounds(game, v, u)]


def mutually_surrounding_pairs(game: Game) -> list[tuple]:
    """Unordered pairs ``{u, v}`` with ``Γ(v) ⊆ Γ[u]`` and ``Γ(u) ⊆ Γ[v]``."""
    return [(u, v) for u, v in combinations(game.vertices, 2) if _surrounds(game, u, v) and _surrounds(game, v, u)]


def terminal_distance(game: Game) -> int | None:
    """Length of a shortest path between the terminals (None if disconnected)."""
    import networkx as nx

    try:
        return nx.shortest_path_length(game.to_networkx(), *game.terminals)
    except nx.NetworkXNoPath:
        return None


def triangle_count(game: Game) -> int:
    """Number of triangles of the graph."""
    adj = game.adjacency
    return sum(popcount(adj[i] & adj[j] & ~((1 << (j + 1)) - 1)) for i in range(game.n) for j in bits(adj[i] >> (i + 1) << (i + 1)))


def has_triangle(game: Game, v) -> bool:
    """True when ``v`` lies in a triangle."""
    i = game.index(v)
    adj = game.adjacency
    return any(adj[i] & adj[j] for j in bits(adj[i]))
