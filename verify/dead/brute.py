"""Dead items by brute force: the definitions of TSD §5 as written.

A non-terminal vertex ``v`` is dead when, for every complete colouring, the winner
does not depend on the colour of ``v``; an edge ``e`` is dead when, for every
complete colouring, the winner does not change if ``e`` is deleted [1]_.  This
module enumerates all ``2^(n-2)`` colourings and compares winners, nothing more, so
that it can be trusted at a glance.  It refuses graphs with more than
:data:`MAX_FREE` non-terminal vertices.

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §5.
"""

from __future__ import annotations

from ..errors import TooLargeError
from ..game import Game
from .common import Verdict, label_item, live_verdict_from_colouring, short_wins, without_edge
from ..backing import used

__all__ = ["classify", "MAX_FREE"]

MAX_FREE = 22


def classify(game: Game, items: list[tuple], max_free: int = MAX_FREE) -> dict[tuple, Verdict]:
    """Decide every item by enumerating all complete colourings.

    >>> from verify import Game
    >>> g = Game.from_edges("0-2,2-1,0-3", terminals=(0, 1))
    >>> out = classify(g, [("vertex", 2), ("vertex", 3)])
    >>> out[("vertex", 2)].dead, out[("vertex", 3)].dead
    (False, True)
    """
    used("dead-brute")
    adj = game.adjacency
    t1, t2 = game.terminal_indices
    free = [i for i in range(game.n) if i not in (t1, t2)]
    if len(free) > max_free:
        raise TooLargeError(
            f"brute force enumerates 2^{len(free)} colourings; it is limited to {max_free} non-terminal vertices."
        )
    terminals = (1 << t1) | (1 << t2)
    edge_adj = {it: without_edge(adj, it[1], it[2]) for it in items if it[0] == "edge"}
    witness: dict[tuple, int] = {}
    for code in range(1 << len(free)):
        black = 0
        for k, v in enumerate(free):
            if code >> k & 1:
                black |= 1 << v
        short = short_wins(adj, black | terminals, t1, t2)
        for it in items:
            if it in witness:
                continue
            if it[0] == "vertex":
                v = 1 << it[1]
                if black & v:
                    continue  # each pair {v black, v white} is looked at once, from v white
                if short_wins(adj, black | v | terminals, t1, t2) != short:
                    witness[it] = black
            elif short != short_wins(edge_adj[it], black | terminals, t1, t2):
                witness[it] = black
        if len(witness) == len(items):
            break
    proof = f"all {1 << len(free)} complete colourings enumerated"
    out = {}
    for it in items:
        if it in witness:
            out[it] = live_verdict_from_colouring(game, it, witness[it], "brute", "a colouring changes the winner")
        else:
            out[it] = Verdict(item=label_item(game, it), dead=True, method="brute", proof=proof)
    return out
