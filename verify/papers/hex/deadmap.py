"""The exact dead-cell map of a Hex position, fast on 11×11 boards.

A vacant cell is dead (HEX §8; TSD §5) iff its vertex in the Shannon game of the
position (``Game.from_hex``: Black stones shorted, White stones deleted) lies on no
*induced* terminal-to-terminal path — the project's lemma ``PROJ.INDUCED_PATH``, on
which the shared oracle ``verify.dead`` (method ``sat``) already relies.  The work is
done by :func:`verify.dead.fast.dead_map` (method ``map`` of ``verify.dead``, which
``auto`` picks for every game built by ``Game.from_hex``):

1. *live by construction*: one breadth-first search from each terminal; for a cell
   ``v``, a shortest path from one terminal to ``v`` and a shortest path from ``v`` to the
   other outside the first one's closed neighbourhood make an induced path through
   ``v`` (shortest paths have no chords); every cell on it is live, so about twenty
   paths settle an 11×11 board;
2. *dead by a rule*, each a two-line argument on induced paths: cut off from a terminal;
   a clique neighbourhood (degree < 2 included); a terminal-free set whose
   neighbourhood lies in a terminal's closed neighbourhood, or is a clique;
3. the shared incremental SAT oracle (:class:`verify.dead.sat.PathOracle`, UNSAT =
   dead) for the few cells left (about 3 in 100 random 11×11 positions need it).

:func:`dead_cells` reads the position's bitboards directly (no :class:`Game` is built),
the fastest way in: about 0.4 ms median on random 11×11 positions
(``benchmarks/hex_dead_cells.py``).  Every live verdict carries an induced path
(re-checked in ``tests/test_hex_deadmap.py``), every dead verdict a rule or an UNSAT
answer, so the map is exact; it is cross-checked against ``verify.dead`` method ``sat``
and the completion definition (:func:`~verify.papers.hex.statements.hex_dead_mask`).

>>> from verify.papers.hex.board import Position
>>> p = Position.parse(".W./W../...")
>>> p.names(dead_cells(p))
['a1']
"""

from __future__ import annotations

from ...dead.fast import dead_map
from ...game import Game, bits
from .board import Position, geometry

__all__ = ["dead_cells", "dead_cells_game", "live_paths", "position_graph"]


def position_graph(pos: Position) -> tuple[list[int], int, int, int]:
    """The reduced graph of ``pos`` on board indices: ``(adjacency, top, bottom, vertices)``,
    cell ``r·C + c`` its own index, ``top`` = R·C, ``bottom`` = R·C + 1, the stones outside
    ``vertices`` (the same graph as ``Game.from_hex``, built from the bitboards).

    >>> adj, s, t, allv = position_graph(Position.parse("B./.."))
    >>> [bin(adj[i]) for i in (1, 2, s)]
    ['0b11100', '0b111010', '0b110']
    """
    rows, cols = pos.rows, pos.cols
    nb, top_row, bottom_row, _, _ = geometry(rows, cols)
    n = rows * cols
    s, t = n, n + 1
    empty = pos.empty
    adj = [0] * (n + 2)
    for i in bits(empty):
        adj[i] = nb[i] & empty
    for i in bits(empty & top_row):
        adj[i] |= 1 << s
        adj[s] |= 1 << i
    for i in bits(empty & bottom_row):
        adj[i] |= 1 << t
        adj[t] |= 1 << i
    black = pos.black
    while black:  # each Black chain shorted: its vacant neighbours (and sides) a clique
        chain = frontier = black & -black
        while frontier:
            grow = 0
            for i in bits(frontier):
                grow |= nb[i]
            frontier = grow & black & ~chain
            chain |= frontier
        black &= ~chain
        ring = 0
        for i in bits(chain):
            ring |= nb[i]
        ring &= empty
        if chain & top_row:
            ring |= 1 << s
        if chain & bottom_row:
            ring |= 1 << t
        for u in bits(ring):
            adj[u] |= ring & ~(1 << u)
    return adj, s, t, empty | 1 << s | 1 << t


def dead_cells(pos: Position, stats: dict | None = None) -> int:
    """Bitmask of the vacant cells of ``pos`` that are dead (exact)."""
    adj, s, t, allv = position_graph(pos)
    m = dead_map(adj, s, t, allv)
    if stats is not None:
        stats.update(heuristic_paths=m.constructed, sat_calls=m.sat_calls)
    out = 0
    for v in m.dead_vertices:
        out |= 1 << v
    return out


def dead_cells_game(game: Game, stats: dict | None = None) -> set:
    """Labels of the dead non-terminal vertices of ``game`` (exact; any game)."""
    s, t = game.terminal_indices
    m = dead_map(game.adjacency, s, t, (1 << game.n) - 1)
    if stats is not None:
        stats.update(heuristic_paths=m.constructed, sat_calls=m.sat_calls)
    return {game.label(v) for v in m.dead_vertices}


def live_paths(game: Game) -> dict:
    """For each live non-terminal vertex, the induced path (vertex indices) the map
    found through it (for the tests)."""
    s, t = game.terminal_indices
    m = dead_map(game.adjacency, s, t, (1 << game.n) - 1)
    out = {}
    for path in m.paths:
        for v in path[1:-1]:
            out.setdefault(v, path)
    return out
