"""Dead items by searching induced paths.

A non-terminal vertex (an edge) is live exactly when it lies on an induced — that is,
chordless — path between the terminals.  (If it lies on such a path ``P``, colour the
inner vertices of ``P`` black and the rest white: Short wins only with the item.
Conversely, if some colouring's winner changes with the item, a shortest black
terminal path in the winning colouring is induced and must use the item.)  This is
the characterisation behind TSD §5's proofs of Theorems 14–16 [1]_.

:func:`find_induced_path` is a depth-first search that grows an induced path from
``t1``: a vertex may be appended when it is adjacent to the last vertex and to no
earlier one.  A branch is cut only when a vertex it still needs (``t2`` or a
required vertex) has become unreachable, so the search is exact; it is exponential
in the worst case (deciding deadness is NP-complete [2]_).

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §5.
.. [2] Y. Björnsson, R. Hayward, M. Johanson, J. van Rijswijck, "Dead cell analysis
   in Hex and the Shannon game", 2007.
"""

from __future__ import annotations

import sys

from ..errors import BudgetExceeded
from ..game import Game, bits, reachable
from .common import Verdict, item_mask, label_item, live_verdict_from_path
from ..backing import used

__all__ = ["find_induced_path", "classify"]


def find_induced_path(adj, t1: int, t2: int, required: int = 0, budget: int | None = None) -> list[int] | None:
    """An induced ``t1``–``t2`` path containing every vertex of ``required``, or None.

    Parameters
    ----------
    adj : sequence of int
        Bitmask adjacency.
    required : int
        Bitmask of vertices the path must contain.
    budget : int, optional
        Maximum number of search nodes; :class:`~verify.errors.BudgetExceeded` past it.

    >>> adj = [0b0100, 0b1000, 0b1001, 0b0110]   # path 0-2-3-1
    >>> find_induced_path(adj, 0, 1, required=0b1000)
    [0, 2, 3, 1]
    """
    n = len(adj)
    closed = [adj[i] | (1 << i) for i in range(n)]
    required &= ~((1 << t1) | (1 << t2))
    if adj[t1] >> t2 & 1:
        return [t1, t2] if not required else None
    full = (1 << n) - 1
    nodes = 0
    path = [t1]

    def extend(blocked: int) -> list[int] | None:
        # ``blocked``: vertices on the path or adjacent to a vertex before the last.
        nonlocal nodes
        nodes += 1
        if budget is not None and nodes > budget:
            raise BudgetExceeded(f"the induced-path search passed its budget of {budget} nodes")
        last = path[-1]
        new_blocked = blocked | closed[last]
        for x in bits(adj[last] & ~blocked):
            if x == t2:
                if not required & ~_path_mask():
                    return path + [t2]
                continue
            if new_blocked >> t2 & 1:
                continue  # t2 is next to a path vertex other than the last: a chord
            still = required & ~_path_mask() & ~(1 << x)
            if still & new_blocked:
                continue
            allowed = (full & ~new_blocked) | (1 << x)
            reach = reachable(adj, x, allowed)
            if not reach >> t2 & 1 or still & ~reach:
                continue
            path.append(x)
            found = extend(new_blocked)
            if found is not None:
                return found
            path.pop()
        return None

    def _path_mask() -> int:
        m = 0
        for v in path:
            m |= 1 << v
        return m

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 4 * n + 100))
    try:
        return extend(0)
    finally:
        sys.setrecursionlimit(old)


def classify(game: Game, items: list[tuple], budget: int | None = None) -> dict[tuple, Verdict]:
    """Decide every item by induced-path search; each path found marks all it carries.

    >>> from verify import Game
    >>> g = Game.from_edges("0-2,2-1,0-3,3-2", terminals=(0, 1))
    >>> sorted(it[1] for it, v in classify(g, [("vertex", 2), ("vertex", 3)]).items() if v.dead)
    [3]
    """
    used("dead-paths")
    adj = game.adjacency
    t1, t2 = game.terminal_indices
    out: dict[tuple, Verdict] = {}
    wanted = set(items)
    for it in items:
        if it in out:
            continue
        path = find_induced_path(adj, t1, t2, item_mask(it), budget)
        if path is None:
            out[it] = Verdict(
                item=label_item(game, it), dead=True, method="paths", proof="no induced terminal path contains it"
            )
            continue
        carried = [("vertex", v) for v in path[1:-1]]
        carried += [("edge", min(a, b), max(a, b)) for a, b in zip(path, path[1:])]
        for c in carried:
            if c in wanted and c not in out:
                out[c] = live_verdict_from_path(game, c, path, "paths", "lies on an induced terminal path")
    return out
