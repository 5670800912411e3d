"""Cut's dual graph: two extra terminals whose connecting sets are Cut's winning sets.

The closing remark of TSD §3 [1]_ asks when a Shannon game (G, {s, t}) can be seen as
Hex is, with Cut connecting a terminal pair of his own.  Here a **dual** of the game
is a graph ``D`` on the non-terminal vertices of G plus two new vertices ``c1`` and
``c2`` such that, for every set ``X`` of non-terminals,

    X separates s from t in G   ⇔   c1 and c2 are connected in D[X ∪ {c1, c2}].

Then Cut's winning final colourings (the deleted set X separates) are exactly those
in which X contains a c1–c2 path of D, and, taking complements, Short's winning
colourings (the shorted set Y = V ∖ {s, t} ∖ X connects s to t) are exactly those in
which Y separates c1 from c2 in D: the two graphs are duals in the sense that a short
in one is a deletion in the other.

(c1 and c2 are adjacent only when the empty set separates, i.e. G is disconnected.)
Both sides are monotone in X, so it suffices that every *minimal* separator connects
and every *maximal* non-separator does not.  :func:`find_dual` asks PySAT for the
edges of D (one variable per possible edge, ``("edge", u, v)``), enumerating the
c1–c2 paths inside each such set; ``literal=True`` fixes the edges of D among the
non-terminals to be those of G (only the two extra vertices' attachments are free),
which is the remark read literally.  :func:`find_dual_brute` tries every graph D and
is kept as the independent check for small games; :func:`is_dual` re-checks any D
against the definition on every X.

Shorting and deleting commute with duality: if D is a dual of G, then ``D − Y`` is a
dual of ``G ∗ Y`` and ``D ∗ Z`` one of ``G − Z``.

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §3, closing remark.
"""

from __future__ import annotations

from itertools import combinations, permutations, product

import networkx as nx
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

from ...errors import TooLargeError
from ...dead.common import short_wins
from ...game import Game, reachable

__all__ = ["C1", "C2", "separates", "separator_family", "dual_cnf", "find_dual", "find_dual_brute", "is_dual", "has_outer_terminals"]

C1, C2 = "c1", "c2"
MAX_FREE = 9  # non-terminals; paths are enumerated inside each extremal set


def separates(game: Game, X) -> bool:
    """True when deleting the vertex set ``X`` disconnects the terminals.

    >>> g = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))
    >>> separates(g, {2}), separates(g, {2, 3})
    (False, True)
    """
    return _separates_mask(game, game.mask(X))


def _separates_mask(game: Game, x: int) -> bool:
    """:func:`separates` for the bitmask ``x`` of the deleted vertices."""
    s, t = game.terminal_indices
    return not short_wins(game.adjacency, ((1 << game.n) - 1) & ~x, s, t)


def separator_family(game: Game) -> tuple[list[frozenset], list[frozenset]]:
    """(minimal separators, maximal non-separators), as sets of non-terminal labels.

    >>> g = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))
    >>> separator_family(g)
    ([frozenset({2, 3})], [frozenset({2}), frozenset({3})])
    """
    free = game.nonterminals()
    if len(free) > MAX_FREE:
        raise TooLargeError(f"Dual graphs are searched for games with at most {MAX_FREE} non-terminals, not {len(free)}.")
    sep = {frozenset(c): separates(game, c) for k in range(len(free) + 1) for c in combinations(free, k)}
    minimal = [X for X, v in sep.items() if v and not any(sep[X - {x}] for x in X)]
    maximal = [X for X, v in sep.items() if not v and not any(not sep[X | {y}] for y in free if y not in X)]
    key = lambda X: (len(X), sorted(map(str, X)))  # noqa: E731
    return sorted(minimal, key=key), sorted(maximal, key=key)


def _paths(inner):
    """Every c1–c2 vertex sequence whose interior is a sequence of distinct elements of ``inner``."""
    inner = list(inner)
    for k in range(len(inner) + 1):
        for seq in permutations(inner, k):
            yield (C1, *seq, C2)


def _edge(u, v):
    return ("edge",) + tuple(sorted((u, v), key=str))


def dual_cnf(game: Game, literal: bool = False) -> tuple[CNF, IDPool, list]:
    """CNF whose models are the duals of ``game``; returns (cnf, pool, edge keys).

    Variables are ``("edge", u, v)`` for the possible edges of D (u, v sorted by
    ``str``) and ``("path", p)`` for the path p through a minimal separator.
    """
    free = game.nonterminals()
    pool = IDPool()
    cnf = CNF()
    nodes = list(free) + [C1, C2]
    keys = [_edge(u, v) for u, v in combinations(nodes, 2)]
    for k in keys:
        pool.id(k)
    if literal:
        for u, v in combinations(free, 2):
            cnf.append([pool.id(_edge(u, v)) if game.has_edge(u, v) else -pool.id(_edge(u, v))])
    minimal, maximal = separator_family(game)
    for X in minimal:
        options = []
        for p in _paths(X):
            pv = pool.id(("path", p))
            options.append(pv)
            for a, b in zip(p, p[1:]):
                cnf.append([-pv, pool.id(_edge(a, b))])
        cnf.append(options)
    for X in maximal:
        for p in _paths(X):
            cnf.append([-pool.id(_edge(a, b)) for a, b in zip(p, p[1:])])
    return cnf, pool, keys


def _decode(model, pool, keys, game) -> nx.Graph:
    on = {v for v in model if v > 0}
    d = nx.Graph()
    d.add_nodes_from(list(game.nonterminals()) + [C1, C2])
    d.add_edges_from(k[1:] for k in keys if pool.id(k) in on)
    return d


def find_dual(game: Game, literal: bool = False) -> nx.Graph | None:
    """A dual graph D of ``game`` (checked by :func:`is_dual`), or None when there is none.

    >>> g = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))   # the square s–2–t–3
    >>> sorted(find_dual(g).edges, key=str)
    [(2, 'c1'), (2, 3), (3, 'c2')]
    >>> find_dual(g, literal=True) is None     # 2 and 3 are not adjacent in G
    True
    """
    cnf, pool, keys = dual_cnf(game, literal)
    with Solver(name="minisat22", bootstrap_with=cnf.clauses) as solver:
        if not solver.solve():
            return None
        d = _decode(solver.get_model(), pool, keys, game)
    if not is_dual(game, d):  # pragma: no cover - would be a bug in the encoding
        raise AssertionError("the SAT model is not a dual graph")
    return _canonical_sides(d)


def _canonical_sides(d: nx.Graph) -> nx.Graph:
    """Swap c1 and c2 if that makes c1's neighbourhood the smaller in sorted order (cosmetic)."""
    a = sorted(map(str, d[C1]))
    b = sorted(map(str, d[C2]))
    if b < a:
        d = nx.relabel_nodes(d, {C1: C2, C2: C1})
    return d


def is_dual(game: Game, d: nx.Graph) -> bool:
    """Check the definition of a dual on every set X of non-terminals (exponential).

    Both sides are breadth-first searches on bitmasks: c1–c2 inside ``D[X ∪ {c1, c2}]``
    (vertices of X that D lacks are ignored, as in ``D.subgraph``), s–t in ``G − X``."""
    free = game.nonterminals()
    nodes = list(d.nodes)
    pos = {v: i for i, v in enumerate(nodes)}
    dadj = [0] * len(nodes)
    for u, v in d.edges:
        dadj[pos[u]] |= 1 << pos[v]
        dadj[pos[v]] |= 1 << pos[u]
    c1, c2 = pos[C1], pos[C2]
    ends = (1 << c1) | (1 << c2)
    in_d = [1 << pos[v] if v in pos else 0 for v in free]
    in_g = [1 << game.index(v) for v in free]
    for k in range(len(free) + 1):
        for X in combinations(range(len(free)), k):
            dm, gm = ends, 0
            for i in X:
                dm |= in_d[i]
                gm |= in_g[i]
            connects = bool(reachable(dadj, c1, dm) >> c2 & 1)
            if connects != _separates_mask(game, gm):
                return False
    return True


def find_dual_brute(game: Game, literal: bool = False) -> nx.Graph | None:
    """Try every graph D (every edge set); the independent check for small games.

    >>> find_dual_brute(Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))) is not None
    True
    """
    free = game.nonterminals()
    if len(free) > 4:
        raise TooLargeError(f"Brute-force dual search takes at most 4 non-terminals, not {len(free)}.")
    nodes = list(free) + [C1, C2]
    fixed = [(u, v) for u, v in combinations(free, 2) if literal and game.has_edge(u, v)]
    optional = [(u, v) for u, v in combinations(nodes, 2) if not (literal and u in free and v in free)]
    for choice in product((False, True), repeat=len(optional)):
        d = nx.Graph()
        d.add_nodes_from(nodes)
        d.add_edges_from(fixed)
        d.add_edges_from(e for e, on in zip(optional, choice) if on)
        if is_dual(game, d):
            return d
    return None


def has_outer_terminals(game: Game) -> bool:
    """G is planar with both terminals on one face (so on the outer face of some embedding).

    That is: G plus the edge st is planar.

    >>> has_outer_terminals(Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1)))
    True
    """
    g = game.to_networkx()
    g.add_edge(*game.terminals)
    return nx.check_planarity(g)[0]
