"""Dead items by SAT: "is there an induced terminal path through this item?"

The encoding (:func:`induced_path_cnf`) has one variable ``("on_path", v)`` per
vertex ``v`` (named through PySAT's ``IDPool`` by the vertex label, so a model
decodes straight back into a vertex set ``X``).  Its clauses say: both terminals are
in ``X``; each terminal has exactly one neighbour in ``X``; every other vertex of
``X`` has exactly two (cardinality constraints from ``CardEnc``, each guarded by
``¬on_path(v)``).  Then ``G[X]`` is an *induced* subgraph in which every vertex has
degree 2 except the terminals, which have degree 1: a ``t1``–``t2`` path plus
vertex-disjoint induced cycles.  The path component is an induced path of ``G``.

Degree constraints alone do not make ``X`` connected, so a model may put the wanted
item on a cycle instead of the path.  We use **lazy cycle cuts**: when the item is
not on the component of ``t1``, every other component ``C`` (an induced cycle whose
whole neighbourhood is outside ``X``) is forbidden by the clause ``∨_{c∈C} ¬on(c)``,
and the solver is asked again.  The cut is sound: any model containing all of ``C``
has ``C`` as a separate component, and dropping ``C`` from such a model leaves a
model, so no induced path is lost.  Each round forbids a new cycle, so the loop ends;
UNSAT then proves that no induced path carries the item, i.e. the item is dead.

One solver serves all queries of a game; the item is passed as assumptions.
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

from ..game import Game, bits, components
from .common import Verdict, item_mask, label_item, live_verdict_from_path
from ..backing import used

__all__ = ["induced_path_cnf", "PathOracle", "classify", "SOLVER"]

SOLVER = "minisat22"


def induced_path_cnf(game: Game) -> tuple[CNF, IDPool]:
    """CNF whose models are vertex sets inducing a terminal path plus disjoint cycles.

    >>> from verify import Game
    >>> cnf, pool = induced_path_cnf(Game.from_edges("0-2,2-1", terminals=(0, 1)))
    >>> pool.obj(1)
    ('on_path', 0)
    """
    pool = IDPool()
    adj = game.adjacency
    t1, t2 = game.terminal_indices
    x = [pool.id(("on_path", game.label(v))) for v in range(game.n)]
    cnf = CNF()
    cnf.append([x[t1]])
    cnf.append([x[t2]])
    for v in range(game.n):
        want = 1 if v in (t1, t2) else 2
        lits = [x[u] for u in bits(adj[v])]
        if len(lits) < want:
            cnf.append([-x[v]])
            continue
        card = CardEnc.equals(lits=lits, bound=want, vpool=pool, encoding=EncType.seqcounter)
        for clause in card.clauses:
            cnf.append([-x[v]] + clause)
    return cnf, pool


def _equals_template(k: int, want: int) -> tuple[list[list[int]], int]:
    """``CardEnc.equals`` on the literals ``1..k`` with a pool whose top id is ``k``: the
    clauses and the number of auxiliary variables (ids ``k+1 ..``), computed once per
    ``(k, want)``."""
    hit = _TEMPLATES.get((k, want))
    if hit is None:
        pool = IDPool()
        for i in range(1, k + 1):
            pool.id(i)
        card = CardEnc.equals(lits=list(range(1, k + 1)), bound=want, vpool=pool, encoding=EncType.seqcounter)
        hit = _TEMPLATES[k, want] = ([list(c) for c in card.clauses], pool.top - k)
    return hit


_TEMPLATES: dict = {}


def _induced_path_clauses(game: Game) -> tuple[list[list[int]], IDPool]:
    """The clauses of :func:`induced_path_cnf`, the same list in the same order with the
    same variable ids, built from per-degree templates of the cardinality encoding
    instead of a fresh ``CardEnc`` call per vertex (``tests/test_tsd_speed_equivalence.py``
    compares the two)."""
    pool = IDPool()
    adj = game.adjacency
    t1, t2 = game.terminal_indices
    x = [pool.id(("on_path", game.label(v))) for v in range(game.n)]
    clauses = [[x[t1]], [x[t2]]]
    for v in range(game.n):
        want = 1 if v in (t1, t2) else 2
        lits = [x[u] for u in bits(adj[v])]
        if len(lits) < want:
            clauses.append([-x[v]])
            continue
        k = len(lits)
        template, aux = _equals_template(k, want)
        shift = pool.top - k  # template id j > k becomes pool.top + (j - k)
        guard = -x[v]
        for clause in template:
            out = [guard]
            for lit in clause:
                var = lit if lit > 0 else -lit
                new = lits[var - 1] if var <= k else var + shift
                out.append(new if lit > 0 else -new)
            clauses.append(out)
        pool.top += aux
    return clauses, pool


class PathOracle:
    """Incremental induced-path queries on one game; use it in a ``with`` block.

    >>> from verify import Game
    >>> g = Game.from_edges("0-2,2-1,0-3", terminals=(0, 1))
    >>> with PathOracle(g) as o:
    ...     o.find(1 << g.index(2)), o.find(1 << g.index(3))
    ([0, 2, 1], None)
    """

    def __init__(self, game: Game, solver: str = SOLVER) -> None:
        self.game = game
        clauses, self.pool = _induced_path_clauses(game)
        self.var = [self.pool.id(("on_path", game.label(v))) for v in range(game.n)]
        self._solver = Solver(name=solver, bootstrap_with=clauses)
        self.calls = 0
        self.cuts = 0

    def __enter__(self) -> "PathOracle":
        return self

    def __exit__(self, *exc) -> None:
        self._solver.delete()

    def _decode(self, model: list[int]) -> int:
        on = 0
        for v, var in enumerate(self.var):
            if model[var - 1] > 0:
                on |= 1 << v
        return on

    def find(self, required: int) -> list[int] | None:
        """An induced terminal path (vertex indices) through ``required``, or None."""
        adj = self.game.adjacency
        t1, t2 = self.game.terminal_indices
        assumptions = [self.var[v] for v in bits(required)]
        while True:
            self.calls += 1
            if not self._solver.solve(assumptions=assumptions):
                return None
            on = self._decode(self._solver.get_model())
            comps = components(adj, on)
            main = next(c for c in comps if c >> t1 & 1)
            if required & ~main == 0:
                return _order_path(adj, main, t1, t2)
            for c in comps:
                if c != main:
                    self._solver.add_clause([-self.var[v] for v in bits(c)])
                    self.cuts += 1


def _order_path(adj, comp: int, t1: int, t2: int) -> list[int]:
    path = [t1]
    prev = -1
    while path[-1] != t2:
        cur = path[-1]
        nxt = [u for u in bits(adj[cur] & comp) if u != prev]
        if len(nxt) != 1:  # pragma: no cover - the degree constraints rule this out
            raise AssertionError("the t1 component is not a path")
        prev = cur
        path.append(nxt[0])
    return path


def classify(game: Game, items: list[tuple], solver: str = SOLVER) -> dict[tuple, Verdict]:
    """Decide every item with incremental SAT queries; each path marks all it carries.

    >>> from verify import Game
    >>> g = Game.from_edges("0-2,2-1,0-3,3-2", terminals=(0, 1))
    >>> out = classify(g, [("vertex", 3), ("edge", 0, 2)])
    >>> out[("vertex", 3)].dead, out[("edge", 0, 2)].dead
    (True, False)
    """
    used("dead-sat")
    out: dict[tuple, Verdict] = {}
    wanted = set(items)
    with PathOracle(game, solver) as oracle:
        for it in items:
            if it in out:
                continue
            path = oracle.find(item_mask(it))
            if path is None:
                out[it] = Verdict(
                    item=label_item(game, it),
                    dead=True,
                    method="sat",
                    proof=f"UNSAT: no induced terminal path contains it ({solver}, {oracle.cuts} cycle cuts so far)",
                )
                continue
            carried = [("vertex", v) for v in path[1:-1]]
            carried += [("edge", min(a, b), max(a, b)) for a, b in zip(path, path[1:])]
            for c in carried:
                if c in wanted and c not in out:
                    out[c] = live_verdict_from_path(game, c, path, "sat", "SAT: lies on an induced terminal path")
    return out
