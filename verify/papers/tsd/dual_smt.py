"""Cut's dual graph by SMT (z3): the second route, sharing nothing with the SAT search.

A **dual** of a game (G, {s, t}) is a graph D on the non-terminals of G plus two new
vertices c1, c2 such that for every set X of non-terminals, X separates s from t in G
exactly when c1 and c2 are connected in ``D[X ∪ {c1, c2}]`` (TSD §3, closing remark
[1]_; see :mod:`verify.papers.tsd.dual_graph`, whose PySAT search :func:`find_dual`
encodes only the minimal separators and maximal non-separators).

Here the definition is encoded as it reads, for **every** X (2^k of them for k
non-terminals): one z3 Boolean per possible edge of D, and per X the vertices
reached from c1 inside ``X ∪ {c1, c2}`` after ``i`` steps of a breadth-first search
(``i = 0 .. k + 1``, enough for any path on ``k + 2`` vertices); c2 reached after the
last step must equal "X separates s from t", which is computed here by a plain
breadth-first search of ``G − X`` (networkx).  No minimality, no splits, no PySAT:
the two routes share the definition and nothing else, so their agreement (tested on
every game up to n = 6, and on the counterexample of ``TSD.DUAL/c``) is evidence for
both.

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §3.
"""

from __future__ import annotations

from itertools import combinations

import networkx as nx
import z3

from ...backing import used
from ...errors import TooLargeError
from ...game import Game

__all__ = ["separates_plain", "dual_exists_z3"]

MAX_FREE = 8  # 2^8 sets X, each with (k + 2)^2 reachability terms per step


def separates_plain(game: Game, X) -> bool:
    """True when deleting ``X`` leaves no s–t path (networkx, on the game's own graph).

    >>> g = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))
    >>> separates_plain(g, {2}), separates_plain(g, {2, 3})
    (False, True)
    """
    h = nx.Graph()
    h.add_nodes_from(v for v in game.vertices if v not in X)
    h.add_edges_from((u, v) for u, v in game.edges() if u not in X and v not in X)
    s, t = game.terminals
    return not nx.has_path(h, s, t)


def dual_exists_z3(game: Game, literal: bool = False) -> tuple[bool, nx.Graph | None]:
    """Whether ``game`` has a dual graph, and one when it has (z3 on the whole definition).

    ``literal=True`` fixes D's edges among the non-terminals to G's (reading
    ``TSD.DUAL/a``).  The graph returned is z3's model, checked again against every X
    with :func:`separates_plain` before it is returned.

    >>> square = Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))
    >>> dual_exists_z3(square)[0], dual_exists_z3(square, literal=True)[0]
    (True, False)
    """
    used("dual-smt")
    free = list(game.nonterminals())
    k = len(free)
    if k > MAX_FREE:
        raise TooLargeError(f"The z3 dual search takes at most {MAX_FREE} non-terminals, not {k}.")
    nodes = free + ["c1", "c2"]
    c1, c2 = k, k + 1
    edge = {}
    for a, b in combinations(range(k + 2), 2):
        edge[a, b] = edge[b, a] = z3.Bool(f"edge_{a}_{b}")
    solver = z3.Solver()
    if literal:
        for a, b in combinations(range(k), 2):
            solver.add(edge[a, b] == z3.BoolVal(game.has_edge(free[a], free[b])))
    wanted = {}
    for r in range(k + 1):
        for combo in combinations(range(k), r):
            inside = set(combo) | {c1, c2}
            reached = {v: z3.BoolVal(v == c1) for v in inside}
            for _ in range(k + 1):
                reached = {v: z3.Or(reached[v], *[z3.And(reached[u], edge[u, v]) for u in inside if u != v])
                           for v in inside}
            sep = separates_plain(game, {free[j] for j in combo})
            wanted[combo] = sep
            solver.add(reached[c2] == z3.BoolVal(sep))
    if solver.check() != z3.sat:
        return False, None
    model = solver.model()
    d = nx.Graph()
    d.add_nodes_from(nodes)
    d.add_edges_from((nodes[a], nodes[b]) for a, b in combinations(range(k + 2), 2)
                     if z3.is_true(model.eval(edge[a, b], model_completion=True)))
    for combo, sep in wanted.items():  # the model, re-checked on the definition
        sub = d.subgraph([free[j] for j in combo] + ["c1", "c2"])
        if nx.has_path(sub, "c1", "c2") != sep:  # pragma: no cover - would be a z3 bug
            raise AssertionError("z3's model is not a dual graph")
    return True, d
