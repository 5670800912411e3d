"""The exact dead-cell map of a Hex position, fast on 11×11 boards.

A vacant cell is dead (HEX §8; TSD §5) iff its vertex in the Shannon game of the
position (``Game.from_hex``: Black stones shorted, White stones deleted) lies on no
*induced* terminal-to-terminal path — the project's lemma ``PROJ.INDUCED_PATH``, on
which the shared oracle ``verify.dead`` (method ``sat``) already relies.  This module
decides the same question with two cheaper steps before the SAT oracle:

1. a vertex of degree < 2 is dead (an inner vertex of a path has two neighbours on it),
   and so is a vertex whose neighbours are pairwise adjacent (its two path neighbours
   would make a chord);
2. *live by construction*: ``P1`` = a shortest path from terminal ``s`` to ``v``;
   ``P2`` = a shortest path from ``v`` to the other terminal ``t`` in the graph without
   the closed neighbourhood of ``P1 − v`` (``v`` kept).  Then ``P1 + P2`` is an induced
   path through ``v``: shortest paths have no chords, and no vertex of ``P2 − v`` touches
   ``P1 − v``.  Every inner vertex of the path is live (one path marks many cells);
   both terminal orders are tried;
3. the vertices left go to the shared SAT oracle (:class:`verify.dead.sat.PathOracle`,
   incremental, UNSAT = dead), whose paths again mark every vertex they carry.

Every live verdict carries an induced path (re-checked in ``tests/test_hex_deadmap.py``),
every dead verdict is a degree argument or an UNSAT answer, so the map is exact; it is
cross-checked against ``verify.dead.dead_vertices`` and the completion definition
(:func:`~verify.papers.hex.statements.hex_dead_mask`) in the tests.

>>> from verify.papers.hex.board import Position
>>> p = Position.parse(".W./W../...")
>>> p.names(dead_cells(p))
['a1']
"""

from __future__ import annotations

from ...game import Game, bits
from .board import Position

__all__ = ["dead_cells", "dead_cells_game", "live_paths"]


def _bfs_path(adj, src: int, dst: int, allowed: int) -> list[int] | None:
    """A shortest path src → dst through vertices of ``allowed`` (src, dst included)."""
    if not (allowed >> src & 1 and allowed >> dst & 1):
        return None
    parent = {src: -1}
    frontier = [src]
    seen = 1 << src
    while frontier:
        nxt = []
        for u in frontier:
            fresh = adj[u] & allowed & ~seen
            seen |= fresh
            while fresh:
                low = fresh & -fresh
                w = low.bit_length() - 1
                fresh ^= low
                parent[w] = u
                if w == dst:
                    path = [w]
                    while parent[path[-1]] != -1:
                        path.append(parent[path[-1]])
                    return path[::-1]
                nxt.append(w)
        frontier = nxt
    return None


def _induced_through(adj, v: int, s: int, t: int, everything: int) -> list[int] | None:
    p1 = _bfs_path(adj, s, v, everything & ~(1 << t))
    if p1 is None:
        return None
    block = 0
    for u in p1[:-1]:
        block |= adj[u] | 1 << u
    p2 = _bfs_path(adj, v, t, (everything & ~block) | 1 << v)
    if p2 is None:
        return None
    return p1 + p2[1:]


def dead_cells_game(game: Game, stats: dict | None = None) -> set:
    """Labels of the dead non-terminal vertices of ``game`` (exact; see the module docstring)."""
    adj = game.adjacency
    s, t = game.terminal_indices
    n = game.n
    everything = (1 << n) - 1
    todo = everything & ~(1 << s | 1 << t)
    live = dead = 0
    for v in bits(todo):
        nv = adj[v]
        if (nv).bit_count() < 2 or all(nv & ~(1 << u) & ~adj[u] == 0 for u in bits(nv)):
            dead |= 1 << v  # fewer than two neighbours, or a clique neighbourhood: never an inner vertex
    todo &= ~dead
    heur = sat_calls = 0
    for v in bits(todo):
        if (live | dead) >> v & 1:
            continue
        path = _induced_through(adj, v, s, t, everything) or _induced_through(adj, v, t, s, everything)
        if path is not None:
            heur += 1
            for u in path[1:-1]:
                live |= 1 << u
    rest = todo & ~live & ~dead
    if rest:
        from ...dead.sat import PathOracle

        with PathOracle(game) as oracle:
            for v in bits(rest):
                if live >> v & 1:
                    continue
                sat_calls += 1
                path = oracle.find(1 << v)
                if path is None:
                    dead |= 1 << v
                else:
                    for u in path[1:-1]:
                        live |= 1 << u
    if stats is not None:
        stats.update(heuristic_paths=heur, sat_calls=sat_calls)
    return {game.label(v) for v in bits(dead)}


def dead_cells(pos: Position, stats: dict | None = None) -> int:
    """Bitmask of the vacant cells of ``pos`` that are dead (exact)."""
    return sum(1 << pos.index(c) for c in dead_cells_game(pos.game(), stats))


def live_paths(game: Game) -> dict:
    """For each live vertex found by construction, the induced path that shows it live
    (vertex indices; for the tests)."""
    adj = game.adjacency
    s, t = game.terminal_indices
    everything = (1 << game.n) - 1
    out = {}
    for v in range(game.n):
        if v in (s, t):
            continue
        path = _induced_through(adj, v, s, t, everything) or _induced_through(adj, v, t, s, everything)
        if path is not None:
            out[v] = path
    return out
