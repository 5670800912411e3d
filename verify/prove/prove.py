"""Prove a TSD §5 statement for every connected game on ``n`` vertices with one SAT query.

:func:`prove` builds the CNF of :func:`verify.prove.encode.encode` ("some game on
``n`` vertices violates the statement"), solves it under a time limit, and returns a
:class:`ProofResult`:

``proved``
    UNSAT: no connected game on ``n`` vertices (terminals ``0``, ``1``) violates it;
``counterexample``
    SAT, and the decoded game was re-checked: the item is live by the exhaustive
    oracle (:func:`verify.dead.classify`) and the registered check (or, for a mutant,
    :func:`verify.prove.checks.mutant_failure`) fails on it.  A model that does not
    survive the re-check raises :class:`AssertionError` — it would be an encoding bug;
``unknown``
    the solver was interrupted at the time limit (never reported as proved).

References: A. M. Steane, "Threat, support and dead edges in the Shannon game", §5.
"""

from __future__ import annotations

import threading
import time
from dataclasses import asdict, dataclass, field

from pysat.solvers import Solver

from ..dead import classify
from ..game import Game
from .checks import mutant_failure, statement_failure
from .encode import adj_var, encode

__all__ = ["ProofResult", "prove", "SOLVER"]

SOLVER = "glucose4"  # supports interrupts, so timeouts are exact


@dataclass
class ProofResult:
    """Outcome of one symbolic query."""

    statement: str
    n: int
    verdict: str  # 'proved' | 'counterexample' | 'unknown'
    seconds: float
    mutant: bool = False
    graph: dict | None = None  # {"edges": [...], "terminals": [0, 1], "case": ..., "item": ...}
    reason: str = ""
    stats: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return asdict(self)


def _decode(true: set, pool, n: int) -> Game:
    """The game of a model, given its true variables."""
    edges = [(u, v) for u in range(n) for v in range(u + 1, n) if adj_var(pool, u, v) in true]
    return Game.from_edges(edges, terminals=(0, 1), n=n)


def _verify(statement_id: str, mutant: bool, game: Game, item: tuple) -> dict:
    method = "brute" if game.n <= 8 else "sat"
    c = classify(game, method)
    if len(item) == 1:
        live = item[0] in c.live_vertices
    else:
        live = tuple(sorted(item)) in c.live_edges
    failure = mutant_failure(statement_id, game, method) if mutant else statement_failure(statement_id, game)
    if not live or failure is None:
        raise AssertionError(f"model of {statement_id} (mutant={mutant}) on {game.edges()} did not re-check: live={live}, failure={failure}")
    return {"oracle": method, "failure": failure}


def _solve_cnf(clauses, timeout, solver):
    """``(answer, model, stats)``: answer True/False, or None when interrupted."""
    with Solver(name=solver, bootstrap_with=clauses) as s:
        timer = None
        if timeout is not None:
            timer = threading.Timer(timeout, s.interrupt)
            timer.start()
        try:
            answer = s.solve_limited(expect_interrupt=True)
        finally:
            if timer is not None:
                timer.cancel()
        stats = dict(s.accum_stats() or {})
        return answer, (s.get_model() if answer else None), stats


def _remaining(timeout, started, on_built) -> float | None:
    """The solver's share of the budget: ``timeout`` less the time spent building the
    encoding (0 or less: the budget is spent).  Calls ``on_built()`` first, if given."""
    if on_built is not None:
        on_built()
    return None if timeout is None else timeout - (time.perf_counter() - started)


def _out_of_time(statement_id, n, mutant, timeout, started, stats) -> ProofResult:
    return ProofResult(statement_id, n, "unknown", time.perf_counter() - started, mutant,
                       reason=f"interrupted: the time limit of {timeout} s was spent building the encoding", stats=stats)


def _run_cnf(statement_id, n, clauses, stats, timeout, mutant, solver, started, witness, on_built=None) -> ProofResult:
    """Solve one CNF query; ``witness(true)`` turns a model (its true variables) into the
    re-checked counterexample dict.  Shared by every CNF family.  ``timeout`` counts from
    ``started`` (building the encoding included)."""
    left = _remaining(timeout, started, on_built)
    if left is not None and left <= 0:
        return _out_of_time(statement_id, n, mutant, timeout, started, stats)
    answer, model, more = _solve_cnf(clauses, left, solver)
    stats.update(more)
    seconds = time.perf_counter() - started
    if answer is None:
        return ProofResult(statement_id, n, "unknown", seconds, mutant, reason=f"solver interrupted at the time limit of {timeout} s", stats=stats)
    if not answer:
        return ProofResult(statement_id, n, "proved", seconds, mutant, stats=stats)
    graph = witness({v for v in model if v > 0})
    return ProofResult(statement_id, n, "counterexample", time.perf_counter() - started, mutant, graph=graph, stats=stats)


def _path(true: set, pool, n: int) -> list[int]:
    """The induced path of a model, in position order."""
    return [v for _, v in sorted((k, v) for v in range(n) for k in range(n) if pool.id(("pos", v, k)) in true)]


def _decode_sets(true: set, pool, n: int) -> dict:
    """Named sets ``("in", name, v)`` and single vertices ``("is", name, v)`` of a model."""
    out: dict = {}
    for x in true:
        obj = pool.obj(x)
        if isinstance(obj, tuple) and len(obj) == 3 and obj[0] in ("in", "is"):
            kind, name, v = obj
            if kind == "in":
                out.setdefault(name, set()).add(v)
            else:
                out[name] = v
    return out


def _jsonable(inst: dict) -> dict:
    return {k: sorted(v) if isinstance(v, set) else v for k, v in inst.items()}


def _recheck(enc, game: Game, inst: dict, mutant: bool) -> dict:
    failure = enc.failure(game, inst, mutant)
    if failure is None:
        raise AssertionError(f"model of {enc.id} (mutant={mutant}) on {game.edges()} with {_jsonable(inst)} did not re-check")
    return {"oracle": "definitions", "failure": failure}


def _set_witness(enc, true: set, pool, n: int, case: str, inst: dict, mutant: bool) -> dict:
    """The counterexample dict of a set or counting query, re-checked from the definitions."""
    game = _decode(true, pool, n)
    return {"edges": [list(e) for e in game.edges()], "terminals": [0, 1], "case": case,
            "sets": _jsonable(inst), "recheck": _recheck(enc, game, inst, mutant)}


def _prove_sets(statement_id, n, timeout, mutant, solver, started, on_built=None) -> ProofResult:
    from .graph_encodings import SET_ENCODINGS
    from .symbolic_sets import SetBuilder

    enc = SET_ENCODINGS[statement_id]
    b = SetBuilder(n)
    cases = enc.build(b, mutant)
    clauses = list(b.clauses) + b.connected()
    selectors = []
    for i, (_, case_clauses, _) in enumerate(cases):
        sel = b.var("case", i)
        selectors.append(sel)
        clauses += [[-sel] + c for c in case_clauses]
    clauses.append(selectors)
    stats = {"solver": solver, "variables": b.pool.top, "clauses": len(clauses), "cases": [c[0] for c in cases]}

    def witness(true: set) -> dict:
        name, _, used = next(c for i, c in enumerate(cases) if b.var("case", i) in true)
        sets = _decode_sets(true, b.pool, n)
        return _set_witness(enc, true, b.pool, n, name, {k: sets.get(k, set()) for k in used}, mutant)

    return _run_cnf(statement_id, n, clauses, stats, timeout, mutant, solver, started, witness, on_built)


def _prove_card(statement_id, n, timeout, mutant, solver, started, on_built=None) -> ProofResult:
    from .arith_encodings import ARITH_ENCODINGS, V
    from .card_encodings import t8_cnf

    enc = ARITH_ENCODINGS[statement_id]
    clauses, b = t8_cnf(n, mutant)
    stats = {"solver": f"{solver} (totalizers)", "variables": b.pool.top, "clauses": len(clauses)}

    def witness(true: set) -> dict:
        inst = {"v": V, "S": _decode_sets(true, b.pool, n).get("S", set())}
        return _set_witness(enc, true, b.pool, n, enc.text, inst, mutant)

    return _run_cnf(statement_id, n, clauses, stats, timeout, mutant, solver, started, witness, on_built)


def _prove_arith(statement_id, n, timeout, mutant, started, on_built=None) -> ProofResult:
    import z3

    from .arith_encodings import ARITH_ENCODINGS, V, build_smt

    enc = ARITH_ENCODINGS[statement_id]
    ctx = build_smt(statement_id, n, mutant)
    s = z3.Solver()
    s.add(ctx.constraints)
    stats = {"solver": f"z3 {z3.get_version_string()}", "variables": ctx.b.pool.top, "constraints": len(ctx.constraints)}
    left = _remaining(timeout, started, on_built)
    if left is not None:
        if left <= 0:
            return _out_of_time(statement_id, n, mutant, timeout, started, stats)
        s.set("timeout", max(1, int(left * 1000)))
    answer = s.check()
    seconds = time.perf_counter() - started
    if answer == z3.unknown:
        return ProofResult(statement_id, n, "unknown", seconds, mutant, reason=f"z3: {s.reason_unknown()} (limit {timeout} s)", stats=stats)
    if answer == z3.unsat:
        return ProofResult(statement_id, n, "proved", seconds, mutant, stats=stats)
    m = s.model()
    pool = ctx.b.pool
    true = {x for x in range(1, pool.top + 1) if z3.is_true(m.eval(ctx.lit(x), model_completion=True))}
    sets = _decode_sets(true, pool, n)
    inst = {"v": V, **sets}
    if statement_id == "TSD.T8":
        inst.setdefault("S", set())
    graph = _set_witness(enc, true, pool, n, enc.text, inst, mutant)
    if enc.needs_path:
        graph["path"] = _path(true, pool, n)
    return ProofResult(statement_id, n, "counterexample", time.perf_counter() - started, mutant, graph=graph, stats=stats)


def prove(statement_id: str, n: int, timeout: float | None = 600.0, mutant: bool = False, solver: str = SOLVER,
          method: str | None = None, on_built=None) -> ProofResult:
    """Decide ``statement_id`` (or its mutant) for all connected games on ``n`` vertices.

    ``timeout`` (seconds) covers building the encoding and the solver; the solver gets
    what building left.  ``on_built()`` is called once the encoding is built (the CLI
    uses it to stop a build that overruns the budget, see :mod:`verify.cli.prove`).

    ``method`` picks between the encodings of a statement that has two: for TSD.T8,
    ``"sat"`` (CNF with totalizers, the default) or ``"smt"`` (z3 over integer sums).

    >>> prove("TSD.T15", 5).verdict
    'proved'
    >>> r = prove("TSD.T15", 4, mutant=True)
    >>> r.verdict, r.graph["terminals"]
    ('counterexample', [0, 1])
    >>> prove("TSD.L3", 5).graph["sets"]["A"] != []  # refuted: a counterexample
    True
    """
    from .catalogue import family

    started = time.perf_counter()
    fam = family(statement_id, n, mutant)
    if fam == "sets":
        return _prove_sets(statement_id, n, timeout, mutant, solver, started, on_built)
    if fam == "arith":
        if statement_id == "TSD.T8" and method in (None, "sat"):
            return _prove_card(statement_id, n, timeout, mutant, solver, started, on_built)
        return _prove_arith(statement_id, n, timeout, mutant, started, on_built)
    cnf, pool, cases = encode(statement_id, n, mutant=mutant)
    stats = {"solver": solver, "variables": pool.top, "clauses": len(cnf.clauses), "cases": [c.name for c in cases]}

    def witness(true: set) -> dict:
        case = next(c for i, c in enumerate(cases) if pool.id(("case", i)) in true)
        game = _decode(true, pool, n)
        check = _verify(statement_id, mutant, game, case.item)
        return {"edges": [list(e) for e in game.edges()], "terminals": [0, 1], "case": case.name, "roles": case.role,
                "item": list(case.item), "path": _path(true, pool, n), "recheck": check}

    return _run_cnf(statement_id, n, cnf.clauses, stats, timeout, mutant, solver, started, witness, on_built)
