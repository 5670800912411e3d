"""Dead items from one enumeration of every induced terminal path.

By the induced-path lemma (``PROJ.INDUCED_PATH``, see :mod:`verify.dead.paths`) a
non-terminal vertex is live iff it lies on an induced (chordless) ``t1``–``t2`` path,
and an edge iff some such path uses it.  :func:`induced_paths` lists *all* induced
terminal paths of a small game by one depth-first search, so one call marks every
live vertex and edge at once; whatever is never marked is dead.  :mod:`.paths` and
:mod:`.sat` instead ask one item at a time (a path through the item, or none), which
costs a search or a SAT call per item.

The search grows an induced path from ``t1``: a vertex ``x`` may be appended to the
path when it is adjacent to the last vertex and neither on the path nor adjacent to
an earlier vertex (so the path stays chordless).  A branch stops as soon as ``t2``
is adjacent to a vertex before the last one (every extension would have a chord to
``t2``) or ``t2`` cannot be reached from ``x`` avoiding the path and the
neighbours of its earlier vertices; no induced path is ever cut, so the list is
complete.  It is exponential in the worst case (the number of induced paths); TSD.T12
uses it from n = 8 on, where games have few induced paths.

Cross-checked against brute force over colourings (:mod:`.brute`, the definition) on
every game n ≤ 6 and against the ``sat`` oracle on random games n = 8–10
(``tests/test_tsd_dead_fast.py``).
"""

from __future__ import annotations

from ..backing import used
from ..game import Game, reachable
from .common import Verdict, label_item, live_verdict_from_path

__all__ = ["induced_paths", "live_masks", "dead_items", "classify", "path_through_added_edge"]


def induced_paths(adj, t1: int, t2: int) -> list[tuple[int, ...]]:
    """Every induced ``t1``–``t2`` path of the graph, as vertex-index tuples.

    Parameters
    ----------
    adj : sequence of int
        Bitmask adjacency (bit ``j`` of ``adj[i]`` set when ``i ~ j``).
    t1, t2 : int
        The terminals (distinct).

    Returns
    -------
    list of tuple of int
        Each induced path once, from ``t1`` to ``t2``, in the order the search finds them.

    Examples
    --------
    >>> adj = [0b01100, 0b10000, 0b10001, 0b10001, 0b01110]   # edges 0-2, 0-3, 2-4, 3-4, 4-1
    >>> sorted(induced_paths(adj, 0, 1))
    [(0, 2, 4, 1), (0, 3, 4, 1)]
    """
    if adj[t1] >> t2 & 1:
        return [(t1, t2)]  # any longer path through both terminals has the chord t1t2
    out: list[tuple[int, ...]] = []
    path = [t1]
    tbit = 1 << t2
    full = (1 << len(adj)) - 1

    def extend(last: int, blocked: int) -> None:
        # ``blocked``: the path and every neighbour of a path vertex before ``last``.
        nb = blocked | adj[last] | (1 << last)
        cand = adj[last] & ~blocked
        while cand:
            low = cand & -cand
            cand ^= low
            x = low.bit_length() - 1
            if x == t2:
                out.append(tuple(path) + (t2,))
                continue
            if nb & tbit:
                continue  # t2 is next to the path already: after x it would be a chord
            if not reachable(adj, x, (full & ~nb) | low) & tbit:
                continue  # t2 unreachable without touching the path
            path.append(x)
            extend(x, nb)
            path.pop()

    extend(t1, 0)
    return out


def live_masks(adj, t1: int, t2: int) -> tuple[int, set[tuple[int, int]], list[int]]:
    """The live vertices and edges, marked by :func:`induced_paths`.

    Returns
    -------
    live_vertices : int
        Bitmask of the vertices on some induced terminal path (terminals included when
        there is one).
    live_edges : set of (int, int)
        The edges ``(i, j)``, ``i < j``, used by some induced terminal path.
    path_masks : list of int
        The vertex set of each induced terminal path, as a bitmask.

    Examples
    --------
    >>> adj = [0b0100, 0b0100, 0b1011, 0b0100]   # 0-2-1 and a pendant 3 on 2
    >>> v, e, p = live_masks(adj, 0, 1)
    >>> bin(v), sorted(e), [bin(m) for m in p]
    ('0b111', [(0, 2), (1, 2)], ['0b111'])
    """
    live_v = 0
    live_e: set[tuple[int, int]] = set()
    masks = []
    for path in induced_paths(adj, t1, t2):
        m = 0
        for v in path:
            m |= 1 << v
        masks.append(m)
        live_v |= m
        for a, b in zip(path, path[1:]):
            live_e.add((a, b) if a < b else (b, a))
    return live_v, live_e, masks


def dead_items(game: Game, items: list[tuple]) -> set[tuple]:
    """The dead ones among ``items`` (``("vertex", i)``, ``("edge", i, j)`` with ``i < j``).

    Examples
    --------
    >>> from verify import Game
    >>> g = Game.from_edges("0-2,2-1,0-3,3-2", terminals=(0, 1))
    >>> sorted(dead_items(g, [("vertex", 2), ("vertex", 3), ("edge", 0, 3), ("edge", 0, 2)]))
    [('edge', 0, 3), ('vertex', 3)]
    """
    used("dead-paths")
    t1, t2 = game.terminal_indices
    live_v, live_e, _ = live_masks(game.adjacency, t1, t2)
    return {it for it in items
            if (not live_v >> it[1] & 1 if it[0] == "vertex" else (it[1], it[2]) not in live_e)}


def classify(game: Game, items: list[tuple]) -> dict[tuple, Verdict]:
    """Decide every item from one enumeration, with certificates like :mod:`.paths`.

    Examples
    --------
    >>> from verify import Game
    >>> g = Game.from_edges("0-2,2-1,0-3,3-2", terminals=(0, 1))
    >>> out = classify(g, [("vertex", 3), ("edge", 0, 2)])
    >>> out[("vertex", 3)].dead, out[("edge", 0, 2)].dead, out[("edge", 0, 2)].path
    (True, False, [0, 2, 1])
    """
    used("dead-paths")
    t1, t2 = game.terminal_indices
    paths = induced_paths(game.adjacency, t1, t2)
    out: dict[tuple, Verdict] = {}
    for it in items:
        if it[0] == "vertex":
            path = next((p for p in paths if it[1] in p[1:-1]), None)
        else:
            pair = {(it[1], it[2]), (it[2], it[1])}
            path = next((p for p in paths if any(e in pair for e in zip(p, p[1:]))), None)
        if path is None:
            out[it] = Verdict(item=label_item(game, it), dead=True, method="paths",
                              proof=f"no induced terminal path contains it (all {len(paths)} enumerated)")
        else:
            out[it] = live_verdict_from_path(game, it, list(path), "paths", "lies on an induced terminal path")
    return out


def path_through_added_edge(adj, t1: int, t2: int, u: int, v: int) -> bool:
    """Whether some induced ``t1``–``t2`` path of the graph plus the edge ``uv`` uses that edge.

    The search of :func:`induced_paths` on ``adj + uv``, stopped at the first path that
    holds both ``u`` and ``v`` (an induced path of ``adj + uv`` holding both uses the edge
    ``uv``, else ``uv`` would be a chord), with one more cut: a branch stops as soon as
    ``u`` or ``v`` is off the path and can no longer be appended (on or next to the path
    before its last vertex, or not reachable avoiding those).

    Parameters
    ----------
    adj : sequence of int
        Bitmask adjacency; ``u`` and ``v`` distinct (adjacent or not).
    t1, t2 : int
        The terminals (distinct).

    Returns
    -------
    bool
        True when ``uv`` is live in ``G + uv`` (``G`` with terminals ``t1``, ``t2``).

    Examples
    --------
    >>> adj = [0b00100, 0b01000, 0b11001, 0b00110, 0b00100]   # the path 0-2-3-1, 4 pendant on 2
    >>> path_through_added_edge(adj, 0, 1, 0, 3), path_through_added_edge(adj, 0, 1, 4, 3)
    (True, False)
    """
    a = list(adj)
    a[u] |= 1 << v
    a[v] |= 1 << u
    need = (1 << u) | (1 << v)
    if a[t1] >> t2 & 1:
        return need == (1 << t1) | (1 << t2)  # the edge t1t2 is the only induced path
    tbit = 1 << t2
    full = (1 << len(a)) - 1

    def extend(last: int, blocked: int, on: int) -> bool:
        # ``blocked``: the path and every neighbour of a path vertex before ``last``; ``on``: the path.
        nb = blocked | a[last] | (1 << last)
        cand = a[last] & ~blocked
        while cand:
            low = cand & -cand
            cand ^= low
            x = low.bit_length() - 1
            if x == t2:
                if need & ~(on | low) == 0:
                    return True
                continue
            if nb & tbit:
                continue  # t2 is next to the path already: after x it would be a chord
            missing = need & ~(on | low)
            if missing & nb:
                continue  # u or v can no longer join the path
            reach = reachable(a, x, (full & ~nb) | low)
            if not reach & tbit or missing & ~reach:
                continue  # t2, u or v unreachable without touching the path
            if extend(x, nb, on | low):
                return True
        return False

    return extend(t1, 0, 1 << t1)
