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
edges of D (one variable per possible edge, ``("edge", u, v)``): a minimal separator
X must connect c1 to c2 in ``D[X ∪ {c1, c2}]``, i.e. every split of X ∪ {c1, c2}
into a c1 side and a c2 side is crossed by an edge of D (one clause per split); a
maximal non-separator must not, which auxiliary "reached from c1" variables encode
(an edge from a reached vertex reaches its other end; c2 is never reached).
``literal=True`` fixes the edges of D among the non-terminals to be those of G (only
the two extra vertices' attachments are free), which is the remark read literally.
:func:`find_dual_brute` tries every graph D and is kept as the independent check for
small games; :func:`is_dual` re-checks any D against the definition on every X.

**Families of vertex sets as bits.**  With the k non-terminals numbered 0..k−1, a set
X is a number below 2^k and a *family* of sets one integer of 2^k bits (bit X set when
X belongs to it).  Both sides of the definition are computed for every X at once by a
breadth-first search over families: the family of the X for which a vertex v is
reached from the source is grown along the edges, each vertex filtering by the family
of the X in which it is present.  The separating family of G, the connecting family of
D, the minimal separators and the maximal non-separators are then a few integer
operations each, and :func:`is_dual` is one comparison.

Shorting and deleting commute with duality: if D is a dual of G, then ``D − Y`` is a
dual of ``G ∗ Y`` and ``D ∗ Z`` one of ``G − Z``.  :func:`shorting_duals` checks the
first for every shorted set Y: it shorts G (the bitmask adjacency of ``G ∗ Y``, built
from that of ``G ∗ (Y − y)``), computes the separating family of ``G ∗ Y``, and compares
it with the connecting family of ``D − Y``, which on the sets X disjoint from Y is that
of D (``(D − Y)[X ∪ {c1, c2}]`` is ``D[X ∪ {c1, c2}]``).

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §3, closing remark.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

import networkx as nx
from pysat.formula import CNF
from pysat.solvers import Solver

from ...backing import used
from ...errors import TooLargeError
from ...dead.common import short_wins
from ...game import Game

__all__ = [
    "C1",
    "C2",
    "separates",
    "separator_family",
    "dual_cnf",
    "find_dual",
    "find_dual_brute",
    "is_dual",
    "shorting_duals",
    "has_outer_terminals",
    "outer_dual_exists",
]

C1, C2 = "c1", "c2"
MAX_FREE = 9  # non-terminals; the SAT encoding has a clause per split of each minimal separator


def separates(game: Game, X) -> bool:
    """True when deleting the vertex set ``X`` disconnects the terminals.

    >>> g = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))
    >>> separates(g, {2}), separates(g, {2, 3})
    (False, True)
    """
    s, t = game.terminal_indices
    return not short_wins(game.adjacency, ((1 << game.n) - 1) & ~game.mask(X), s, t)


# ------------------------------------------------------------------ families of sets
@lru_cache(maxsize=None)
def _families(k: int) -> tuple[int, tuple[int, ...]]:
    """``(ALL, HAS)`` for the subsets of k elements: ALL has every one of the 2^k bits,
    ``HAS[j]`` the bits of the subsets containing j.

    >>> _families(2)
    (15, (10, 12))
    """
    size = 1 << k
    has = []
    for j in range(k):
        period = 1 << (j + 1)
        block = ((1 << (1 << j)) - 1) << (1 << j)  # one period: the sets with bit j
        fam = 0
        for start in range(0, size, period):
            fam |= block << start
        has.append(fam)
    return (1 << size) - 1, tuple(has)


def _reached(adj, source: int, present: list) -> list:
    """Breadth-first search over families: entry v is the family of the sets X for which
    v is reached from ``source`` through the vertices present for X (``present[v]`` is
    the family of the X in which v is present; the source is reached when present)."""
    reach = [0] * len(adj)
    reach[source] = present[source]
    todo = [source]
    while todo:
        v = todo.pop()
        rv = reach[v]
        nb = adj[v]
        while nb:
            low = nb & -nb
            nb ^= low
            u = low.bit_length() - 1
            new = rv & present[u] & ~reach[u]
            if new:
                reach[u] |= new
                todo.append(u)
    return reach


def _separating(adj, s: int, t: int, free_idx: list) -> int:
    """The family of the sets X of non-terminals (X ⊆ range(k), vertex j of X at
    position ``free_idx[j]`` of ``adj``) whose deletion disconnects s from t."""
    all_, has = _families(len(free_idx))
    present = [all_] * len(adj)
    for j, v in enumerate(free_idx):
        present[v] = all_ & ~has[j]
    return all_ & ~_reached(adj, s, present)[t]


def separating_family(game: Game) -> int:
    """The family of the sets X of non-terminals of ``game`` (numbered in the order of
    :meth:`Game.nonterminals`) whose deletion separates the terminals.

    >>> bin(separating_family(Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))))
    '0b1000'
    """
    s, t = game.terminal_indices
    return _separating(game.adjacency, s, t, _free_indices(game))


def _connecting(game: Game, d: nx.Graph) -> int:
    """The family of the sets X of non-terminals of ``game`` (numbered in the order of
    :meth:`Game.nonterminals`) for which c1 and c2 are connected in ``D[X ∪ {c1, c2}]``;
    vertices of X that D lacks are ignored (as in ``D.subgraph``), nodes of D that are
    not non-terminals of the game never enter."""
    free = game.nonterminals()
    k = len(free)
    all_, has = _families(k)
    if C1 not in d or C2 not in d:
        raise KeyError(C1 if C1 not in d else C2)
    pos = {v: j for j, v in enumerate(free)}
    present = list(has)
    for v in d.nodes:
        if v not in pos and v != C1 and v != C2:
            pos[v] = len(present)
            present.append(0)
    pos[C1], pos[C2] = len(present), len(present) + 1
    present += [all_, all_]
    adj = [0] * len(present)
    for u, v in d.edges:
        adj[pos[u]] |= 1 << pos[v]
        adj[pos[v]] |= 1 << pos[u]
    return _reached(adj, pos[C1], present)[pos[C2]]


def _free_indices(game: Game) -> list:
    index = game.index
    return [index(v) for v in game.nonterminals()]


def _extremal(sep: int, k: int) -> tuple[int, int]:
    """(minimal separators, maximal non-separators) of the separating family ``sep``, as families."""
    all_, has = _families(k)
    non = all_ & ~sep
    above = below = 0
    for j in range(k):
        above |= (sep & ~has[j]) << (1 << j)  # X ∋ j with X − j separating
        below |= (non & has[j]) >> (1 << j)  # X ∌ j with X + j not separating
    return sep & ~above, non & ~below


def _members(fam: int):
    """The sets (as bitmasks) of the family ``fam``, in increasing order."""
    while fam:
        low = fam & -fam
        fam ^= low
        yield low.bit_length() - 1


def _check_size(free) -> None:
    if len(free) > MAX_FREE:
        raise TooLargeError(f"Dual graphs are searched for games with at most {MAX_FREE} non-terminals, not {len(free)}.")


def separator_family(game: Game) -> tuple[list[frozenset], list[frozenset]]:
    """(minimal separators, maximal non-separators), as sets of non-terminal labels.

    >>> g = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))
    >>> separator_family(g)
    ([frozenset({2, 3})], [frozenset({2}), frozenset({3})])
    """
    free = game.nonterminals()
    _check_size(free)
    s, t = game.terminal_indices
    minimal, maximal = _extremal(_separating(game.adjacency, s, t, _free_indices(game)), len(free))
    out = ([], [])
    for r in range(len(free) + 1):  # in the order of combinations, ties of the sort key kept so
        for c in combinations(range(len(free)), r):
            X = sum(1 << j for j in c)
            for fam, lst in zip((minimal, maximal), out):
                if fam >> X & 1:
                    lst.append(frozenset(free[j] for j in c))
    key = lambda X: (len(X), sorted(map(str, X)))  # noqa: E731
    return sorted(out[0], key=key), sorted(out[1], key=key)


# ------------------------------------------------------------------ the SAT search
def _edge(u, v):
    return ("edge",) + tuple(sorted((u, v), key=str))


def dual_cnf(game: Game, literal: bool = False) -> tuple[CNF, list]:
    """CNF whose models (restricted to the edge variables) are the duals of ``game``.

    Parameters
    ----------
    game : Game
        At most :data:`MAX_FREE` non-terminals.
    literal : bool
        Fix the edges of D among the non-terminals to those of G.

    Returns
    -------
    cnf : pysat.formula.CNF
        A clause per split of each minimal separator; the reachability clauses of each
        maximal non-separator (and the unit clauses of the literal reading).
    keys : list
        Variable ``i + 1`` is the edge ``keys[i]`` = ``("edge", u, v)`` of D (u, v
        sorted by ``str``); the variables after them are the auxiliary "reached from
        c1" variables.

    >>> cnf, keys = dual_cnf(Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1)))
    >>> len(keys), len(cnf.clauses)
    (6, 10)
    """
    free = game.nonterminals()
    _check_size(free)
    k = len(free)
    c1, c2 = k, k + 1
    nodes = list(free) + [C1, C2]
    var = [[0] * (k + 2) for _ in range(k + 2)]
    keys = []
    for a, b in combinations(range(k + 2), 2):
        keys.append(_edge(nodes[a], nodes[b]))
        var[a][b] = var[b][a] = len(keys)
    top = len(keys)
    clauses = []
    adj = game.adjacency
    fidx = _free_indices(game)
    if literal:
        for a, b in combinations(range(k), 2):
            clauses.append([var[a][b] if adj[fidx[a]] >> fidx[b] & 1 else -var[a][b]])
    s, t = game.terminal_indices
    minimal, maximal = _extremal(_separating(adj, s, t, fidx), k)
    for X in _members(minimal):  # every split of X ∪ {c1, c2} is crossed by an edge
        xs = [j for j in range(k) if X >> j & 1]
        for side in product((0, 1), repeat=len(xs)):
            one = [c1] + [j for j, sd in zip(xs, side) if not sd]
            two = [c2] + [j for j, sd in zip(xs, side) if sd]
            clauses.append([var[a][b] for a in one for b in two])
    for X in _members(maximal):  # reached(j) for j in X: c2 is never reached
        xs = [j for j in range(k) if X >> j & 1]
        r = {}
        for j in xs:
            top += 1
            r[j] = top
        clauses.append([-var[c1][c2]])
        for j in xs:
            clauses.append([-var[c1][j], r[j]])
            clauses.append([-r[j], -var[j][c2]])
            for i in xs:
                if i != j:
                    clauses.append([-r[i], -var[i][j], r[j]])
    cnf = CNF()
    cnf.clauses = clauses
    cnf.nv = top
    return cnf, keys


def _decode(model, keys, game) -> nx.Graph:
    d = nx.Graph()
    d.add_nodes_from(list(game.nonterminals()) + [C1, C2])
    d.add_edges_from(key[1:] for i, key in enumerate(keys) if model[i] > 0)
    return d


def find_dual(game: Game, literal: bool = False) -> nx.Graph | None:
    """A dual graph D of ``game`` (checked by :func:`is_dual`), or None when there is none.

    >>> g = Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))   # the square s–2–t–3
    >>> d = find_dual(g)
    >>> d.has_edge(2, 3), d.has_edge(C1, C2), is_dual(g, d)
    (True, False, True)
    >>> find_dual(g, literal=True) is None     # 2 and 3 are not adjacent in G
    True
    """
    used("dual-sat")
    cnf, keys = dual_cnf(game, literal)
    with Solver(name="minisat22", bootstrap_with=cnf.clauses) as solver:
        if not solver.solve():
            return None
        d = _decode(solver.get_model(), keys, game)
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


# ------------------------------------------------------------------ checking a dual
def is_dual(game: Game, d: nx.Graph) -> bool:
    """Check the definition of a dual on every set X of non-terminals.

    Both sides are computed for all X at once (breadth-first searches over families of
    sets, see the module docstring): c1–c2 inside ``D[X ∪ {c1, c2}]`` (vertices of X
    that D lacks are ignored, as in ``D.subgraph``), s–t in ``G − X``.

    >>> path = Game.from_edges("0-2,2-3,3-1", terminals=(0, 1))
    >>> is_dual(path, nx.Graph([(C1, 2), (2, C2), (C1, 3), (3, C2)]))
    True
    >>> is_dual(path, nx.Graph([(C1, 2), (2, C2), (C1, 3)]))   # {3} separates
    False
    """
    s, t = game.terminal_indices
    return _separating(game.adjacency, s, t, _free_indices(game)) == _connecting(game, d)


def shorting_duals(game: Game, d: nx.Graph) -> list[tuple[tuple, bool]]:
    """For every non-empty set Y of non-terminals, whether ``D − Y`` is a dual of ``G ∗ Y``.

    The adjacency of ``G ∗ Y`` is that of ``G ∗ (Y − y)`` with its last vertex y
    shorted (as :meth:`Game.short` does, in index order); its separating family is
    compared with the connecting family of D on the sets X disjoint from Y.

    Parameters
    ----------
    game : Game
        The game G.
    d : networkx.Graph
        A graph on (some of) G's non-terminals plus :data:`C1` and :data:`C2`.

    Returns
    -------
    list of (tuple, bool)
        ``(Y, is_dual(game.short(Y), d.subgraph(set(d) - set(Y))))`` for the Y in the
        order of ``combinations(game.nonterminals(), r)``, r = 1, 2, ….

    >>> g = Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))
    >>> shorting_duals(g, find_dual(g))
    [((2,), True), ((3,), True), ((2, 3), True)]
    """
    return shorting_family_duals(game, _connecting(game, d))


def shorting_family_duals(game: Game, conn: int) -> list[tuple[tuple, bool]]:
    """:func:`shorting_duals` for a dual given by its connecting family ``conn`` (over the
    sets X of non-terminals, numbered in the order of :meth:`Game.nonterminals`): for
    every non-empty Y, whether the separating family of ``G ∗ Y`` equals ``conn`` on
    the sets X disjoint from Y.

    >>> g = Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))
    >>> shorting_family_duals(g, separating_family(g))
    [((2,), True), ((3,), True), ((2, 3), True)]
    """
    free = game.nonterminals()
    k = len(free)
    all_, has = _families(k)
    fidx = _free_indices(game)
    s, t = game.terminal_indices
    present = [all_] * game.n
    for j, v in enumerate(fidx):
        present[v] = all_ & ~has[j]
    # Y (its positions in ``free``) -> (adjacency of G ∗ Y, or None once s and t are adjacent in it; sets X avoiding Y)
    shorted = {(): (None if game.adjacency[s] >> t & 1 else list(game.adjacency), all_)}
    label = free.__getitem__
    out = []
    for r in range(1, k + 1):
        for c in combinations(range(k), r):  # Y, as positions in ``free``
            # the non-terminals are in internal order, so Y's last vertex in index order is its last position
            last, before = c[-1], c[:-1]
            v = fidx[last]
            adj, avoid = shorted[before]
            avoid &= ~has[last]
            if adj is not None:
                adj = _shorten(adj, v)
                if adj[s] >> t & 1:
                    adj = None
            if r < k:
                shorted[c] = (adj, avoid)
            # s adjacent to t in G ∗ Y (then also in G ∗ Y' for every Y' ⊇ Y built from it: shorting
            # keeps every edge between the vertices left): the search would reach t from s for
            # every X (terminals are never deleted), so no X separates
            sep = 0 if adj is None else all_ & ~_reached(adj, s, present)[t]
            out.append((tuple(map(label, c)), ((sep ^ conn) & avoid) == 0))
    return out


def _shorten(adj: list, v: int) -> list:
    """A copy of the bitmask adjacency ``adj`` with ``v`` shorted: its neighbourhood becomes
    a clique, ``v`` goes (as :meth:`Game.short` does)."""
    adj = list(adj)
    nb = adj[v]
    rest = nb
    while rest:
        low = rest & -rest
        rest ^= low
        u = low.bit_length() - 1
        adj[u] = (adj[u] | (nb & ~low)) & ~(1 << v)
    adj[v] = 0
    return adj


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


# ------------------------------------------------------------------ the hypothesis
@lru_cache(maxsize=4096)
def _planar(adj: tuple) -> bool:
    """Planarity of the graph with bitmask adjacency ``adj`` (cached: the games of one
    graph differ only in their terminals)."""
    return nx.check_planarity(_nx(adj))[0]


@lru_cache(maxsize=4096)
def _faces(adj: tuple) -> tuple[int, ...] | None:
    """The faces of one planar embedding (networkx's) of the connected graph with bitmask
    adjacency ``adj``, each as the mask of the vertices on its boundary; None when the
    graph is not planar (cached: the games of one graph differ only in their terminals)."""
    walks = _face_walks(adj)
    if walks is None:
        return None
    out = []
    for walk in walks:
        m = 0
        for x in walk:
            m |= 1 << x
        out.append(m)
    return tuple(out)


@lru_cache(maxsize=4096)
def _face_walks(adj: tuple) -> tuple[tuple[int, ...], ...] | None:
    """The faces of networkx's planar embedding of the graph with bitmask adjacency
    ``adj``, each as its boundary walk (vertices in order); None when not planar."""
    planar, emb = nx.check_planarity(_nx(adj))
    return None if not planar else _walks(emb)


def _walks(emb) -> tuple[tuple[int, ...], ...]:
    """The boundary walks of the faces of a networkx planar embedding."""
    out = []
    seen: set = set()
    for u, v in emb.edges():
        if (u, v) in seen:
            continue
        out.append(tuple(emb.traverse_face(u, v, mark_half_edges=seen)))
    return tuple(out)


@lru_cache(maxsize=1024)
def _plus_st(adj: tuple, s: int, t: int) -> tuple | None:
    """For G + st (G given by ``adj``): None when not planar, else the boundary walks of
    networkx's embedding of it, the two faces along st first (cached per game, asked
    twice: by :func:`has_outer_terminals` and the dual construction)."""
    g = _nx(adj)
    g.add_edge(s, t)
    planar, emb = nx.check_planarity(g)
    if not planar:
        return None
    sides = (tuple(emb.traverse_face(s, t)), tuple(emb.traverse_face(t, s)))
    return sides + tuple(w for w in _walks(emb) if w not in sides)


def _nx(adj) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(range(len(adj)))
    g.add_edges_from((i, j) for i, a in enumerate(adj) for j in range(i + 1, len(adj)) if a >> j & 1)
    return g


def has_outer_terminals(game: Game) -> bool:
    """G is planar with both terminals on one face (so on the outer face of some embedding).

    That is: G plus the edge st is planar.  Decided without a planarity test of G + st
    when G + st has more than 3n − 6 edges (not planar), when G is not planar (neither is
    G + st), when st is an edge (G + st is G) or when s and t lie on one face of the
    embedding of G found (:func:`_faces`; the edge st can be drawn inside that face).

    >>> has_outer_terminals(Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1)))
    True
    """
    adj = game.adjacency
    n = len(adj)
    s, t = game.terminal_indices
    joined = adj[s] >> t & 1
    if n >= 3 and game.m + (not joined) > 3 * n - 6:
        return False
    faces = _faces(adj)
    if faces is None:
        return False
    both = (1 << s) | (1 << t)
    if joined or any(f & both == both for f in faces):
        return True
    return _plus_st(adj, s, t) is not None


# ------------------------------------------------------------------ a dual from an embedding
def outer_dual_exists(game: Game) -> bool | None:
    """True when a dual of ``game`` is found from a planar embedding with s and t on one
    face, checked against the definition on every X (:func:`_embedding_dual` gives
    D's connecting family); None when none is found so (ask :func:`find_dual`).

    The construction is the planar duality the remark appeals to: draw st into the
    face holding s and t; X separates s from t iff a closed curve through faces and
    vertices of X crosses st once, i.e. iff X holds a chain of vertices, consecutive
    ones sharing a face, from the face on one side of st to the face on the other.
    Whether it is right does not matter here: only a D whose family equals the
    separating family of G (the definition of a dual) is accepted.

    >>> outer_dual_exists(Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1)))
    True
    """
    s, t = game.terminal_indices
    sep = _separating(game.adjacency, s, t, _free_indices(game))
    if game.adjacency[s] >> t & 1:  # no X separates: D without edges
        return True if sep == 0 else None
    faces = _faces_with_st(game)
    if faces is None:
        return None
    return True if _embedding_dual(game, faces) == sep else None


def _faces_with_st(game: Game) -> tuple | None:
    """The faces of a planar embedding of G + st as vertex masks, the two along st first;
    None when none is at hand (a terminal twice on the face split, or G + st not planar)."""
    adj = game.adjacency
    s, t = game.terminal_indices
    walks = _face_walks(adj)
    if walks is None:
        return None
    for i, w in enumerate(walks):
        if w.count(s) == 1 and w.count(t) == 1:  # draw st inside this face: it splits in two
            a, b = w.index(s), w.index(t)
            if a > b:
                a, b = b, a
            sides = (w[a:b + 1], w[b:] + w[:a + 1])
            return tuple(_mask(f) for f in sides + walks[:i] + walks[i + 1:])
    plus = _plus_st(adj, s, t)
    return None if plus is None else tuple(_mask(f) for f in plus)


def _mask(walk) -> int:
    m = 0
    for x in walk:
        m |= 1 << x
    return m


def _embedding_dual(game: Game, faces: tuple) -> int:
    """The connecting family of D built from ``faces`` (masks of the faces of G + st, the
    two along st first): non-terminals adjacent when they share a face, c1 joined to the
    first face's, c2 to the second's; positions are G's indices, then c1, c2."""
    n = game.n
    s, t = game.terminal_indices
    keep = ((1 << n) - 1) & ~(1 << s) & ~(1 << t)
    dadj = [0] * (n + 2)
    for f in faces:
        f &= keep
        rest = f
        while rest:
            low = rest & -rest
            rest ^= low
            dadj[low.bit_length() - 1] |= f & ~low
    c1, c2 = n, n + 1
    for c, f in ((c1, faces[0] & keep), (c2, faces[1] & keep)):
        dadj[c] = f
        rest = f
        while rest:
            low = rest & -rest
            rest ^= low
            dadj[low.bit_length() - 1] |= 1 << c
    all_, has = _families(len(game.nonterminals()))
    present = [0] * (n + 2)
    for j, v in enumerate(_free_indices(game)):
        present[v] = has[j]
    present[c1] = present[c2] = all_
    return _reached(dadj, c1, present)[c2]
