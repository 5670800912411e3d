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

Every ``proved`` carries ``trust``: ``"certified"`` when ``proof_dir`` was given and the
independent checker (:mod:`verify.certify`) verified the certificate written there (the
CNF exactly as solved, the solver's DRUP proof, a manifest); ``"solver's word"`` for a
SAT answer without one; ``"z3's word"`` for the z3 route (TSD.T8 and TSD.T14.C2 with
``method="smt"``), which gives no checkable proof.

:func:`cnf_query` builds the CNF of a query without solving it (the certificate
checker re-derives a certificate's CNF with it); ``encoder="alt"`` selects the second,
independently written encoder of the dead-item family (:mod:`verify.prove.encode_alt`).

References: A. M. Steane, "Threat, support and dead edges in the Shannon game", §5.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from pysat.solvers import Solver

from ..dead import classify
from ..errors import InputError
from ..game import Game
from .checks import mutant_failure, statement_failure
from .encode import adj_var, encode

__all__ = ["ProofResult", "prove", "SOLVER", "CnfQuery", "cnf_query", "ENCODERS"]

SOLVER = "glucose4"  # supports interrupts, so timeouts are exact; writes DRUP proofs
ENCODERS = ("primary", "alt")


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
    trust: str = ""  # for 'proved': 'certified' | "solver's word" | "z3's word"
    certificate: dict | None = None  # {"dir", "checked", "check_seconds", ...} with proof_dir

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


def _solver_info(s, solver: str) -> dict:
    import pysat

    doc = (type(s.solver).__doc__ or "").strip().splitlines()
    return {"name": solver, "description": doc[0].rstrip(".") if doc else solver, "pysat": pysat.__version__}


def _proof_stream(s):
    """The solver's proof: PySAT's temporary proof file when it keeps one (no copy in
    memory), else the lines of ``get_proof()``."""
    f = getattr(s.solver, "prfile", None)
    if f is not None and hasattr(f, "read"):
        f.flush()
        return f
    return s.get_proof() or []


def _solve_cnf(clauses, timeout, solver, on_unsat=None):
    """``(answer, model, stats)``: answer True/False, or None when interrupted.
    ``on_unsat(s)`` is called with the solver (proof logging on) when the answer is UNSAT."""
    with Solver(name=solver, bootstrap_with=clauses, with_proof=on_unsat is not None) as s:
        timer = None
        if timeout is not None:
            timer = threading.Timer(timeout, s.interrupt)
            timer.start()
        t0 = time.perf_counter()
        try:
            answer = s.solve_limited(expect_interrupt=True)
        finally:
            if timer is not None:
                timer.cancel()
        stats = dict(s.accum_stats() or {})
        stats["solve_seconds"] = round(time.perf_counter() - t0, 3)
        if answer is False and on_unsat is not None:
            on_unsat(s)
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


@dataclass
class CnfQuery:
    """A query as CNF: its clauses (exactly what the solver gets), the number of
    variables, the solver-independent facts, and how a model becomes a re-checked
    counterexample (``witness(true_variables)``)."""

    statement: str
    n: int
    mutant: bool
    family: str
    encoder: str
    method: str | None
    clauses: list
    nvars: int
    stats: dict
    witness: Callable[[set], dict]

    def claim(self) -> dict:
        what = f"some connected game on {self.n} vertices (terminals 0, 1) violates {self.statement}" + \
            (" (its mutant)" if self.mutant else "")
        return {"statement": self.statement, "n": self.n, "mutant": self.mutant, "family": self.family,
                "encoder": self.encoder, "method": self.method,
                "encoder_module": _ENCODER_MODULES[(self.family, self.encoder)],
                "query": f"formula.cnf is the query '{what}'; unsatisfiable means no such game exists",
                "conditional_on": ["PROJ.INDUCED_PATH"] if self.family == "dead" else []}


_ENCODER_MODULES = {
    ("dead", "primary"): "verify/prove/encode.py",
    ("dead", "alt"): "verify/prove/encode_alt.py",
    ("sets", "primary"): "verify/prove/graph_encodings.py + symbolic_sets.py",
    ("arith", "primary"): "verify/prove/card_encodings.py (walk counts with totalizers)",
}


def _run_cnf(q: CnfQuery, timeout, solver, started, on_built=None, proof_dir=None, compress=False,
             check="c") -> ProofResult:
    """Solve one CNF query; a model becomes the re-checked counterexample of
    ``q.witness``.  ``timeout`` counts from ``started`` (building the encoding
    included).  With ``proof_dir``, an UNSAT answer writes a certificate there and (unless
    ``check`` is None) has it verified by the independent checker."""
    statement_id, n, mutant, stats = q.statement, q.n, q.mutant, q.stats
    left = _remaining(timeout, started, on_built)
    if left is not None and left <= 0:
        return _out_of_time(statement_id, n, mutant, timeout, started, stats)
    written: dict = {}

    def on_unsat(s) -> None:
        from ..certify.certificate import write_certificate

        info = {**_solver_info(s, solver), "solve_seconds": round(time.perf_counter() - t_solve, 3),
                "conflicts": (s.accum_stats() or {}).get("conflicts")}
        written["manifest"] = write_certificate(proof_dir, nvars=q.nvars, clauses=q.clauses, proof=_proof_stream(s),
                                                claim=q.claim(), solver=info, compress=compress)

    t_solve = time.perf_counter()
    answer, model, more = _solve_cnf(q.clauses, left, solver, on_unsat if proof_dir is not None else None)
    stats.update(more)
    stats["build_seconds"] = round(t_solve - started, 3)
    seconds = (t_solve - started) + more["solve_seconds"]  # writing a certificate not included
    if answer is None:
        return ProofResult(statement_id, n, "unknown", seconds, mutant, reason=f"solver interrupted at the time limit of {timeout} s", stats=stats)
    if not answer:
        r = ProofResult(statement_id, n, "proved", seconds, mutant, stats=stats, trust="solver's word")
        if proof_dir is not None:
            m = written["manifest"]
            r.certificate = {"dir": str(proof_dir), "checked": False, "check_seconds": None,
                             "write_seconds": m["write_seconds"], "cnf_bytes": m["cnf"]["bytes"],
                             "proof_bytes": m["proof"]["bytes"], "lemmas": m["proof"]["lemmas"]}
            if check is not None:
                certify(r, method=check)
        return r
    graph = q.witness({v for v in model if v > 0})
    return ProofResult(statement_id, n, "counterexample", time.perf_counter() - started, mutant, graph=graph, stats=stats)


def certify(r: ProofResult, method: str = "c") -> ProofResult:
    """Run the independent checker on ``r``'s certificate (written by ``prove(...,
    proof_dir=...)``); set ``r.trust`` to ``"certified"`` when it verifies.  The CNF is
    not re-derived here (it is the list just solved); ``check-proof`` does that."""
    from ..certify.certificate import check_certificate

    c = r.certificate
    o = check_certificate(c["dir"], reencode=False, method=method)
    c.update(checked=o.certified, check_seconds=o.check_seconds, checker=o.checker)
    if o.certified:
        r.trust = "certified"
        c["core_lemmas"] = o.stats.get("core_lemmas")
    else:
        c["reason"] = o.reason
    return r


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


def _sets_query(statement_id, n, mutant) -> CnfQuery:
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
    stats = {"variables": b.pool.top, "clauses": len(clauses), "cases": [c[0] for c in cases]}

    def witness(true: set) -> dict:
        name, _, used = next(c for i, c in enumerate(cases) if b.var("case", i) in true)
        sets = _decode_sets(true, b.pool, n)
        return _set_witness(enc, true, b.pool, n, name, {k: sets.get(k, set()) for k in used}, mutant)

    return CnfQuery(statement_id, n, mutant, "sets", "primary", None, clauses, b.pool.top, stats, witness)


def _card_query(statement_id, n, mutant) -> CnfQuery:
    from .arith_encodings import ARITH_ENCODINGS, V
    from .card_encodings import t8_cnf, t14c2_cnf

    enc = ARITH_ENCODINGS[statement_id]
    clauses, b = (t8_cnf if statement_id == "TSD.T8" else t14c2_cnf)(n, mutant)
    nvars = max([b.pool.top] + [abs(x) for c in clauses for x in c])
    stats = {"variables": nvars, "clauses": len(clauses), "encoding": "totalizers"}

    def witness(true: set) -> dict:
        sets = _decode_sets(true, b.pool, n)
        if statement_id == "TSD.T8":
            inst = {"v": V, "S": sets.get("S", set())}
            return _set_witness(enc, true, b.pool, n, enc.text, inst, mutant)
        graph = _set_witness(enc, true, b.pool, n, enc.text, {"v": V, "w": sets["w"]}, mutant)
        graph["path"] = _path(true, b.pool, n)
        return graph

    return CnfQuery(statement_id, n, mutant, "arith", "primary", "sat", clauses, nvars, stats, witness)


def _dead_query(statement_id, n, mutant) -> CnfQuery:
    cnf, pool, cases = encode(statement_id, n, mutant=mutant)
    stats = {"variables": pool.top, "clauses": len(cnf.clauses), "cases": [c.name for c in cases]}

    def witness(true: set) -> dict:
        case = next(c for i, c in enumerate(cases) if pool.id(("case", i)) in true)
        game = _decode(true, pool, n)
        check = _verify(statement_id, mutant, game, case.item)
        return {"edges": [list(e) for e in game.edges()], "terminals": [0, 1], "case": case.name, "roles": case.role,
                "item": list(case.item), "path": _path(true, pool, n), "recheck": check}

    return CnfQuery(statement_id, n, mutant, "dead", "primary", None, cnf.clauses, pool.top, stats, witness)


def _alt_query(statement_id, n, mutant) -> CnfQuery:
    from .encode_alt import encode_alt

    q = encode_alt(statement_id, n, mutant)
    stats = {"variables": q.nvars, "clauses": len(q.clauses), "encoder": "alt"}

    def witness(true: set) -> dict:
        edges, item, desc = q.decode(true)
        game = Game.from_edges(edges, terminals=(0, 1), n=n)
        check = _verify(statement_id, mutant, game, item)
        path = [v for v in range(n) if q.on[v] in true]
        return {"edges": [list(e) for e in game.edges()], "terminals": [0, 1], "case": desc, "item": list(item),
                "path": path, "recheck": check}

    return CnfQuery(statement_id, n, mutant, "dead", "alt", None, q.clauses, q.nvars, stats, witness)


def cnf_query(statement_id: str, n: int, mutant: bool = False, encoder: str = "primary",
              method: str | None = None) -> CnfQuery | None:
    """The CNF of a query (None for the z3 route, which has none).

    >>> q = cnf_query("TSD.T15", 5)
    >>> q.family, q.encoder, len(q.clauses) == q.stats["clauses"]
    ('dead', 'primary', True)
    """
    from .catalogue import family

    fam = family(statement_id, n, mutant)
    if encoder not in ENCODERS:
        raise InputError(f"Unknown encoder {encoder!r}; choose one of {', '.join(ENCODERS)}.")
    if encoder == "alt" and fam != "dead":
        raise InputError(f"The second encoder covers the dead-item statements only, not {statement_id}.")
    if fam == "sets":
        return _sets_query(statement_id, n, mutant)
    if fam == "arith":
        if method in (None, "sat"):
            return _card_query(statement_id, n, mutant)
        return None
    return _alt_query(statement_id, n, mutant) if encoder == "alt" else _dead_query(statement_id, n, mutant)


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
        return ProofResult(statement_id, n, "proved", seconds, mutant, stats=stats, trust="z3's word")
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
          method: str | None = None, on_built=None, encoder: str = "primary", proof_dir: str | Path | None = None,
          compress: bool = False, check: str | None = "c") -> ProofResult:
    """Decide ``statement_id`` (or its mutant) for all connected games on ``n`` vertices.

    ``timeout`` (seconds) covers building the encoding and the solver; the solver gets
    what building left.  ``on_built()`` is called once the encoding is built (the CLI
    uses it to stop a build that overruns the budget, see :mod:`verify.cli.prove`).

    ``method`` picks between the two encodings of the walk-count statements (TSD.T8,
    TSD.T14.C2): ``"sat"`` (CNF with totalizers, the default) or ``"smt"`` (z3 over
    integer sums, labelled "z3's word").
    ``encoder="alt"``: the second encoder of the dead-item family.

    ``proof_dir``: on UNSAT, write a certificate there (``compress``: gzip its files) and
    check it with the ``check`` checker (``"c"``, ``"python"``, or None to skip);
    refused for the z3 route.

    >>> prove("TSD.T15", 5).verdict
    'proved'
    >>> r = prove("TSD.T15", 4, mutant=True)
    >>> r.verdict, r.graph["terminals"]
    ('counterexample', [0, 1])
    >>> prove("TSD.L3", 5).graph["sets"]["A"] != []  # refuted: a counterexample
    True
    """
    started = time.perf_counter()
    q = cnf_query(statement_id, n, mutant, encoder, method)
    if q is None:
        if proof_dir is not None:
            raise InputError(f"{statement_id} with method 'smt' is decided by z3, which gives no checkable proof; "
                             "certificates need the SAT route (the default).")
        return _prove_arith(statement_id, n, timeout, mutant, started, on_built)
    q.stats["solver"] = solver if q.stats.get("encoding") != "totalizers" else f"{solver} (totalizers)"
    return _run_cnf(q, timeout, solver, started, on_built, proof_dir, compress, check)
