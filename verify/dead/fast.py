"""The fast exact dead map: constructed induced paths first, the SAT oracle for the rest.

Every answer rests on the project's lemma ``PROJ.INDUCED_PATH`` (an item is live iff it
lies on an induced terminal-to-terminal path), like :mod:`.paths` and :mod:`.sat`; this
module only decides most items without a solver.

*Live by construction.*  One breadth-first search from each terminal (``s`` in ``G − t``,
``t`` in ``G − s``) gives distance layers.  For a vertex ``v``, ``P1`` is a shortest
``s``–``v`` path read off the layers of ``s``, ``P2`` a shortest ``v``–``t`` path read off
the layers of ``t`` that avoids the closed neighbourhood of ``P1 − v`` (or, when no
layer walk does, a breadth-first search in the graph without that neighbourhood).
Then ``P1 + P2`` is an induced path through ``v``: shortest paths have no chords, and no
vertex of ``P2 − v`` touches ``P1 − v``.  Both terminal orders are tried.  Every inner
vertex and every edge of a path found is live, so one path settles many items.  For an
edge ``ab`` the same construction builds ``P1`` to ``a`` outside ``Γ[b]`` and ``P2`` from ``b``.

*Dead by a rule* (each a two-line argument on induced paths, none a theorem of TSD):

* ``v`` is not joined to ``s`` in ``G − t`` (or to ``t`` in ``G − s``): a terminal path
  through ``v`` would contain such a walk;
* the neighbours of ``v`` are pairwise adjacent (degree < 2 included): the two path
  neighbours of an inner vertex would make a chord;
* an endpoint of the edge is dead;
* ``Γ(v) − w ⊆ Γ(w)`` for the edge ``vw``, ``v`` non-terminal: ``v``'s other path
  neighbour would be adjacent to ``w``;
* both ends of the edge are adjacent to one terminal: that terminal, an end of the
  path, would have two path neighbours.

*The rest* goes to the shared incremental SAT oracle (:class:`.sat.PathOracle`, UNSAT =
dead; imported only when needed), whose paths again mark everything they carry.

>>> from verify import Game
>>> g = Game.from_edges("0-2,2-1,0-3,3-2", terminals=(0, 1))
>>> m = dead_map(g.adjacency, 0, 1, 0b1111, edges=True)
>>> sorted(m.dead_vertices), sorted(m.dead_edges)
([3], [(0, 3), (2, 3)])
>>> m.path_of_vertex(2)
[0, 2, 1]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..game import reachable

__all__ = ["DeadMap", "dead_map", "VERTEX_RULES", "EDGE_RULES"]

VERTEX_RULES = {
    "far": "not joined to one terminal without passing the other: no terminal path through it",
    "clique": "its neighbours are pairwise adjacent (or fewer than two): the two path neighbours "
              "of an inner vertex would make a chord",
}
EDGE_RULES = {
    "end": "an end of it is dead",
    "cover": "every other neighbour of one end is adjacent to the other end: the path neighbour "
             "would make a chord",
    "terminal": "both ends are adjacent to one terminal, which would have two path neighbours",
}


def _layers(adj, src: int, allowed: int) -> tuple[list[int], list[int]]:
    """Breadth-first layers from ``src`` inside ``allowed`` and the distance of each vertex
    (-1: not reached)."""
    dist = [-1] * len(adj)
    dist[src] = 0
    layers = [1 << src]
    seen = frontier = 1 << src
    d = 0
    while frontier:
        grow = 0
        f = frontier
        while f:
            low = f & -f
            grow |= adj[low.bit_length() - 1]
            f ^= low
        frontier = grow & allowed & ~seen
        if not frontier:
            break
        d += 1
        seen |= frontier
        layers.append(frontier)
        f = frontier
        while f:
            low = f & -f
            dist[low.bit_length() - 1] = d
            f ^= low
    return layers, dist


def _walk(adj, layers: list[int], v: int, d: int, avoid: int, prefer: int) -> list[int] | None:
    """A shortest path from ``v`` (at distance ``d``) down the layers to their root, outside
    ``avoid`` (``v`` excepted), taking a vertex of ``prefer`` when one fits; None if stuck."""
    path = [v]
    cur = v
    for k in range(d - 1, -1, -1):
        c = adj[cur] & layers[k] & ~avoid
        if not c:
            return None
        p = c & prefer
        if p:
            c = p
        low = c & -c
        cur = low.bit_length() - 1
        path.append(cur)
    return path


def _bfs_path(adj, src: int, dst: int, allowed: int) -> list[int] | None:
    """A shortest path ``src`` → ``dst`` inside ``allowed`` (``src`` need not be in it)."""
    if not allowed >> dst & 1:
        return None
    layers = [1 << src]
    seen = frontier = 1 << src
    while not frontier >> dst & 1:
        grow = 0
        f = frontier
        while f:
            low = f & -f
            grow |= adj[low.bit_length() - 1]
            f ^= low
        frontier = grow & allowed & ~seen
        if not frontier:
            return None
        seen |= frontier
        layers.append(frontier)
    path = [dst]
    cur = dst
    for k in range(len(layers) - 2, -1, -1):
        c = adj[cur] & layers[k]
        low = c & -c
        cur = low.bit_length() - 1
        path.append(cur)
    return path[::-1]


@dataclass
class DeadMap:
    """The answers of :func:`dead_map` (vertex indices).

    ``dead_vertices`` / ``dead_edges`` map each dead item to its proof (a key of
    :data:`VERTEX_RULES` / :data:`EDGE_RULES`, or ``"sat"``); ``paths`` are the induced
    terminal paths found (``s`` first), which make every other asked item live;
    ``by_sat`` says which of them the SAT oracle found; ``sat_calls`` counts the solver's
    queries, ``constructed`` the paths built without it.
    """

    live: int = 0
    dead_vertices: dict = field(default_factory=dict)
    dead_edges: dict = field(default_factory=dict)
    live_edges: set = field(default_factory=set)
    paths: list = field(default_factory=list)
    by_sat: list = field(default_factory=list)
    sat_calls: int = 0
    constructed: int = 0
    _path_masks: list = field(default_factory=list)

    def path_of_vertex(self, v: int) -> list[int]:
        """An induced terminal path found through the live vertex ``v``."""
        for path, mask in zip(self.paths, self._path_masks):
            if mask >> v & 1:
                return path
        raise KeyError(v)

    def path_of_edge(self, a: int, b: int) -> list[int]:
        """An induced terminal path found with the live edge ``ab`` on it."""
        for path, mask in zip(self.paths, self._path_masks):
            if mask >> a & 1 and mask >> b & 1:
                return path  # two adjacent vertices of an induced path are consecutive on it
        raise KeyError((a, b))

    def found_by_sat(self, path: list[int]) -> bool:
        """True when ``path`` (one of :attr:`paths`) came from the SAT oracle."""
        return next(f for p, f in zip(self.paths, self.by_sat) if p is path)


class _Builder:
    def __init__(self, adj, s: int, t: int, allv: int) -> None:
        self.adj = adj
        self.s, self.t = s, t
        self.allv = allv
        self.ls, self.ds = _layers(adj, s, allv & ~(1 << t))
        self.lt, self.dt = _layers(adj, t, allv & ~(1 << s))

    def _close(self, path) -> int:
        adj = self.adj
        block = 0
        for u in path:
            block |= adj[u] | 1 << u
        return block

    def through(self, v: int, prefer: int) -> list[int] | None:
        """An induced ``s``–``t`` path through ``v`` by construction, or None."""
        adj = self.adj
        for l1, d1, l2, d2, r1, r2 in ((self.ls, self.ds, self.lt, self.dt, self.s, self.t),
                                       (self.lt, self.dt, self.ls, self.ds, self.t, self.s)):
            if d1[v] < 0 or d2[v] < 0:
                return None
            p1 = _walk(adj, l1, v, d1[v], 0, prefer)  # v ... r1
            block = self._close(p1[1:])
            p2 = _walk(adj, l2, v, d2[v], block, prefer)  # v ... r2
            if p2 is None:
                p2 = _bfs_path(adj, v, r2, self.allv & ~block & ~(1 << r1))  # v ... r2
            if p2 is not None:
                path = p1[::-1] + p2[1:]
                return path if r1 == self.s else path[::-1]
        return None

    def along(self, a: int, b: int, prefer: int, search: bool) -> list[int] | None:
        """An induced ``s``–``t`` path through the edge ``ab`` by construction (walking down
        the layers; with ``search``, breadth-first searches too), or None."""
        adj = self.adj
        for search in (search,):
            for x, y in ((a, b), (b, a)):
                for l1, d1, l2, d2, r1, r2 in ((self.ls, self.ds, self.lt, self.dt, self.s, self.t),
                                               (self.lt, self.dt, self.ls, self.ds, self.t, self.s)):
                    if x == r2 or y == r1 or d1[x] < 0 or d2[y] < 0:
                        continue
                    near_y = adj[y] | 1 << y
                    if search:  # x ... r1 outside Γ[y] (x excepted)
                        p1 = _bfs_path(adj, x, r1, self.allv & ~near_y & ~(1 << r2))
                    else:
                        p1 = _walk(adj, l1, x, d1[x], near_y, prefer)
                    if p1 is None:
                        continue
                    block = self._close(p1)
                    p2 = _walk(adj, l2, y, d2[y], block, prefer)  # y ... r2
                    if p2 is None and search:
                        p2 = _bfs_path(adj, y, r2, self.allv & ~block & ~(1 << r1))
                    if p2 is None:
                        continue
                    path = p1[::-1] + p2
                    return path if r1 == self.s else path[::-1]
        return None


def _inner(path) -> int:
    m = 0
    for u in path[1:-1]:
        m |= 1 << u
    return m


def dead_map(adj, s: int, t: int, allv: int, vertices: int | None = None, edges=None) -> DeadMap:
    """Decide the vertices of the bitmask ``vertices`` (default: every non-terminal of
    ``allv``) and, with ``edges`` (an iterable of index pairs, or True for every edge), the
    edges, in the graph ``adj`` restricted to ``allv`` with terminals ``s``, ``t``.
    """
    terms = 1 << s | 1 << t
    if vertices is None:
        vertices = allv & ~terms
    if edges is True:
        edges = [(i, j) for i in _bits(allv) for j in _bits(adj[i] & allv) if i < j]
    b = _Builder(adj, s, t, allv)
    out = DeadMap()
    masks = out._path_masks
    on_paths: set = set()

    def add(path, by_sat=False):
        out.paths.append(path)
        m = 0
        for u in path:
            m |= 1 << u
        masks.append(m)
        out.live |= m & ~terms
        for a, c in zip(path, path[1:]):
            on_paths.add((a, c) if a < c else (c, a))
        out.by_sat.append(by_sat)
        out.constructed += not by_sat

    ds, dt = b.ds, b.dt
    need = vertices & ~terms
    if edges is not None:
        edges = [(min(a, c), max(a, c)) for a, c in edges]
        for a, c in edges:  # "an end of it is dead" needs the ends decided
            need |= (1 << a | 1 << c) & ~terms
    undecided = []
    for v in _bits(need):
        if ds[v] < 0 or dt[v] < 0:  # cut off from a terminal
            need &= ~(1 << v)
            out.dead_vertices[v] = "far"
    while True:
        left = need & ~out.live
        if not left:
            break
        v = (left & -left).bit_length() - 1
        path = b.through(v, ~out.live)
        if path is None:
            need &= ~(1 << v)
            undecided.append(v)
        else:
            add(path)
    oracle = None
    try:
        rest = 0
        for v in undecided:
            nv = adj[v] & allv
            if all(nv & ~(1 << u) & ~adj[u] == 0 for u in _bits(nv)):
                out.dead_vertices[v] = "clique"
            else:
                rest |= 1 << v
        if rest:
            rest = _group_rules(adj, s, t, allv, rest, out)
        for v in _bits(rest):
            if out.live >> v & 1:
                continue
            if oracle is None:
                oracle = _oracle(adj, s, t, allv & ~_mask(out.dead_vertices))
            out.sat_calls += 1
            path = oracle.find(1 << v)
            if path is None:
                out.dead_vertices[v] = "sat"
            else:
                add(path, True)
        if edges is not None:
            for a, c in edges:
                if (a, c) in on_paths:
                    out.live_edges.add((a, c))
                    continue
                why = _edge_rule(adj, a, c, s, t, allv, out)
                if why:
                    out.dead_edges[(a, c)] = why
                    continue
                path = b.along(a, c, ~out.live, False)
                if path is None:
                    if _edge_surrounded(adj, a, c, s, t, allv):
                        out.dead_edges[(a, c)] = "surrounded"
                        continue
                    path = b.along(a, c, ~out.live, True)
                if path is None:
                    if oracle is None:
                        oracle = _oracle(adj, s, t, allv & ~_mask(out.dead_vertices))
                    out.sat_calls += 1
                    path = oracle.find(1 << a | 1 << c)
                    if path is None:
                        out.dead_edges[(a, c)] = "sat"
                        continue
                    add(path, True)
                else:
                    add(path)
                out.live_edges.add((a, c))
    finally:
        if oracle is not None:
            oracle.__exit__(None, None, None)
    return out


def _edge_rule(adj, a: int, c: int, s: int, t: int, allv: int, out: DeadMap) -> str:
    terms = 1 << s | 1 << t
    if a in out.dead_vertices or c in out.dead_vertices:
        return "end"
    for x, w in ((a, c), (c, a)):
        if not terms >> x & 1 and (adj[x] & allv) & ~(1 << w) & ~adj[w] == 0:
            return "cover"
    for r in (s, t):
        if a != r and c != r and adj[r] >> a & 1 and adj[r] >> c & 1:
            return "terminal"
    return ""


def _edge_surrounded(adj, a: int, c: int, s: int, t: int, allv: int) -> bool:
    """The edge ``vw`` is dead when a terminal-free set ``U ∋ v`` has ``Γ(U) ⊆ Γ[w]``: the path
    leaves ``U`` through a neighbour of ``w`` that is not next to ``w`` on it."""
    terms = 1 << s | 1 << t
    for v, w in ((a, c), (c, a)):
        if terms >> v & 1:
            continue
        # the largest terminal-free U ∌ w with Γ(U) ⊆ Γ[w]: away from the closed
        # neighbourhood of what the terminals outside Γ[w] reach outside Γ[w]
        near = adj[w] | 1 << w
        reach = 0
        for r in (s, t):
            if not near >> r & 1 and not reach >> r & 1:
                reach |= reachable(adj, r, allv & ~near)
        closed = reach
        for u in _bits(reach):
            closed |= adj[u]
        if not closed >> v & 1:
            return True
    return False


def _group_rules(adj, s: int, t: int, allv: int, rest: int, out: DeadMap) -> int:
    """Mark the vertices of ``rest`` that the set rules prove dead; return the others."""
    terms = 1 << s | 1 << t
    for r, other in ((s, t), (t, s)):
        # the largest terminal-free U with Γ(U) ⊆ Γ[r]: the vertices away from the closed
        # neighbourhood of what ``other`` reaches outside Γ[r]
        near = adj[r] | 1 << r
        if near >> other & 1:
            continue
        reach = reachable(adj, other, allv & ~near)
        closed = reach
        for u in _bits(reach):
            closed |= adj[u]
        hit = rest & ~closed
        for v in _bits(hit):
            out.dead_vertices[v] = "surrounded"
        rest &= ~hit
        if not rest:
            return 0
    pool = allv & ~terms & ~out.live
    left = 0
    while rest:
        v = (rest & -rest).bit_length() - 1
        comp = reachable(adj, v, pool)
        ring = 0
        for u in _bits(comp):
            ring |= adj[u]
        ring &= allv & ~comp
        if all(ring & ~(1 << u) & ~adj[u] == 0 for u in _bits(ring)):
            for u in _bits(comp & rest):
                out.dead_vertices[u] = "cutset"
        else:
            left |= comp & rest
        rest &= ~comp
    return left


def _mask(vs) -> int:
    m = 0
    for v in vs:
        m |= 1 << v
    return m


def _oracle(adj, s: int, t: int, allv: int) -> "_Renamed":
    """The SAT oracle on the graph restricted to ``allv`` (deleting dead vertices keeps
    every induced terminal path, so the oracle may work without the ones known)."""
    from ..game import Game
    from .sat import PathOracle

    keep = list(_bits(allv))
    pos = {v: i for i, v in enumerate(keep)}
    sub = []
    for v in keep:
        m = 0
        for u in _bits(adj[v] & allv):
            m |= 1 << pos[u]
        sub.append(m)
    return _Renamed(PathOracle(Game._from_masks(tuple(range(len(keep))), tuple(sub), (pos[s], pos[t]))), keep, pos)


class _Renamed:
    """A :class:`.sat.PathOracle` on the compacted graph, speaking original indices."""

    def __init__(self, oracle, keep, pos) -> None:
        self.oracle, self.keep, self.pos = oracle, keep, pos

    def find(self, required: int):
        req = 0
        for v in _bits(required):
            req |= 1 << self.pos[v]
        path = self.oracle.find(req)
        return None if path is None else [self.keep[i] for i in path]

    def __exit__(self, *exc) -> None:
        self.oracle.__exit__(*exc)


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
