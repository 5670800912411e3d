"""Dead items by SMT (z3): the definition of a dead vertex or edge, encoded directly.

For an item, z3 is asked for a complete colouring whose winner changes with it
(TSD §5 [1]_).  Black is Short's colour; the terminals count as black.

* **Short wins** (the vertex ``v`` black, or the edge ``e`` present) is encoded by
  reachability with integer ranks: ``reach(t1)`` with rank 0, ``reach(t2)``, and
  every reached vertex other than ``t1`` is black and has a reached neighbour of
  smaller rank.  Ranks make the support well-founded, so this is sound and complete.
* **Cut wins** (``v`` white, or ``e`` deleted) is encoded by a side function: a set
  containing ``t1`` and not ``t2`` closed under black–black adjacency (without ``v``,
  or without ``e``) — it exists exactly when the black vertices do not join the
  terminals.

Winners are monotone (a black vertex or an extra edge never hurts Short), so this one
direction of change is the only possible one.  SAT gives a witness colouring; UNSAT
proves the item dead.  Unlike :mod:`verify.dead.sat` this never mentions induced
paths, so the two methods are independent.

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §5.
"""

from __future__ import annotations

import z3

from ..errors import BudgetExceeded
from ..game import Game, bits
from .common import Verdict, flips, label_item, live_verdict_from_colouring
from ..backing import used

__all__ = ["flip_formula", "classify"]


def flip_formula(game: Game, items: list[tuple]) -> tuple[list, dict[int, z3.BoolRef], dict[tuple, z3.BoolRef]]:
    """Constraints satisfied by colourings whose winner changes with the selected item.

    One Boolean selector per item; at most one selector is true, and the query for an
    item assumes its selector.  Returns the constraints, the ``black`` variable of
    each non-terminal vertex index and the selector of each item.
    """
    adj = game.adjacency
    n = game.n
    t1, t2 = game.terminal_indices
    black = {v: z3.Bool(f"black_{v}") for v in range(n) if v not in (t1, t2)}
    select = {it: z3.Bool("select_" + "_".join(map(str, it))) for it in items}
    sel_vertex = {it[1]: sel for it, sel in select.items() if it[0] == "vertex"}
    sel_edge = {(it[1], it[2]): sel for it, sel in select.items() if it[0] == "edge"}
    false = z3.BoolVal(False)

    def on_short(u):  # Short's scenario: the selected vertex black, the selected edge present
        if u in (t1, t2):
            return z3.BoolVal(True)
        return z3.Or(black[u], sel_vertex.get(u, false))

    def on_cut(u):  # Cut's scenario: the selected vertex white, the selected edge deleted
        if u in (t1, t2):
            return z3.BoolVal(True)
        return z3.And(black[u], z3.Not(sel_vertex.get(u, false)))

    reach = {u: z3.Bool(f"reach_{u}") for u in range(n)}
    rank = {u: z3.Int(f"rank_{u}") for u in range(n)}
    side = {u: z3.Bool(f"side_{u}") for u in range(n)}
    cons = [reach[t1], rank[t1] == 0, reach[t2], side[t1], z3.Not(side[t2])]
    if select:
        cons.append(z3.AtMost(*select.values(), 1))
    for u in range(n):
        if u == t1:
            continue
        support = [z3.And(reach[w], rank[w] < rank[u]) for w in bits(adj[u])]
        cons.append(z3.Implies(reach[u], z3.And(on_short(u), z3.Or(support) if support else false)))
    for i in range(n):
        for j in bits(adj[i]):
            if i < j:
                joined = z3.And(on_cut(i), on_cut(j), z3.Not(sel_edge.get((i, j), false)))
                cons.append(z3.Implies(joined, side[i] == side[j]))
    return cons, black, select


def classify(game: Game, items: list[tuple], timeout_ms: int | None = None) -> dict[tuple, Verdict]:
    """Decide every item with one z3 query each on a shared formula.

    A colouring found for one item is also tried on the others (by the definition,
    :func:`~verify.dead.common.flips`), so fewer queries are needed.

    >>> from verify import Game
    >>> g = Game.from_edges("0-2,2-1,0-3,3-2", terminals=(0, 1))
    >>> out = classify(g, [("vertex", 3), ("vertex", 2)])
    >>> out[("vertex", 3)].dead, out[("vertex", 2)].dead
    (True, False)
    """
    used("dead-smt")
    adj = game.adjacency
    t1, t2 = game.terminal_indices
    out: dict[tuple, Verdict] = {}
    cons, black, select = flip_formula(game, items)
    s = z3.Solver()
    if timeout_ms:
        s.set("timeout", timeout_ms)
    s.add(cons)
    for it in items:
        if it in out:
            continue
        res = s.check(select[it])
        if res == z3.unknown:
            raise BudgetExceeded(f"z3 answered unknown for {label_item(game, it)} ({s.reason_unknown()})")
        if res == z3.unsat:
            out[it] = Verdict(
                item=label_item(game, it),
                dead=True,
                method="smt",
                proof="UNSAT: no complete colouring changes the winner (z3)",
            )
            continue
        model = s.model()
        colour = 0
        for v, var in black.items():
            if z3.is_true(model.eval(var, model_completion=True)):
                colour |= 1 << v
        out[it] = live_verdict_from_colouring(game, it, _for(it, colour), "smt", "SAT: z3 found a colouring that changes the winner")
        for other in items:  # the same colouring may witness other items too
            if other not in out and flips(adj, other, _for(other, colour), t1, t2):
                out[other] = live_verdict_from_colouring(
                    game, other, _for(other, colour), "smt", "a colouring found by z3 changes the winner"
                )
    return out


def _for(item: tuple, colour: int) -> int:
    """The colouring as the certificate states it: a vertex item's own colour left out."""
    return colour & ~(1 << item[1]) if item[0] == "vertex" else colour
