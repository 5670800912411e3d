"""HEX.P1 by SAT: all 2^(RC) full colourings of an R×C board in one query each.

Variables (named through ``IDPool`` by cell): ``x[c]`` — cell ``c`` is Black (else White).

*No chain* of a colour is encoded by a **closed reachability set**.  For Black,
variables ``rb[c]`` with the clauses

* ``x[c] → rb[c]`` for ``c`` in the top row (Black stones on the start side are reached);
* ``rb[c] ∧ x[d] → rb[d]`` for adjacent ``c, d`` (reach spreads along Black stones);
* ``¬rb[c]`` for ``c`` in the bottom row.

Soundness: in any model, ``rb`` contains every Black stone joined to the top by Black
stones (induction along the chain), so a Black top–bottom chain would force some
bottom ``rb[c]`` — contradiction; hence a model has no Black chain.  Completeness: if
a colouring has no Black chain, ``rb`` = the stones reached from the top satisfies all
clauses.  So the clauses are satisfiable with ``x`` fixed exactly when Black has no
chain.  White is the same with ``¬x``, the left column and the right column.

*A chain* of a colour is encoded by **levels**: ``lb[t][c]`` ("``c`` is reached by a
Black path of at most ``t+1`` cells from the top"), with ``lb[0][c] → x[c]`` and
``lb[0][c]`` false off the top row, ``lb[t+1][c] → x[c] ∧ (lb[t][c] ∨ ⋁_{d~c} lb[t][d])``,
and the clause ``⋁_{c bottom} lb[T][c]`` with ``T = RC − 1``.  Soundness: a true
``lb[t][c]`` has, by induction on ``t``, a Black path from the top to ``c``; so a model
has a Black chain.  Completeness: a Black chain has a simple sub-path of at most
``RC`` cells; setting ``lb`` along it satisfies every clause.

``neither_chain`` asks for a colouring with no Black and no White chain; ``both_chains``
for one with both.  Each returns ``"unsat"``, a Black bitmask (a model: a colouring
contradicting HEX.P1), or ``None`` when the time budget ran out.

>>> neither_chain(3, 3), both_chains(3, 3)
('unsat', 'unsat')
"""

from __future__ import annotations

from .board import geometry
from ...backing import used

__all__ = ["neither_chain", "both_chains", "BUDGET_SECONDS"]

BUDGET_SECONDS = 60.0
SOLVER = "cadical153"  # run in a child process killed at the budget (CaDiCaL has no interrupt)


def _cells(rows: int, cols: int):
    nb, top, bottom, left, right = geometry(rows, cols)
    n = rows * cols
    bits = lambda m: [i for i in range(n) if m >> i & 1]  # noqa: E731
    return n, nb, bits, bits(top), bits(bottom), bits(left), bits(right)


def _no_chain(pool, cnf, rows, cols, black: bool) -> None:
    n, nb, bits, top, bottom, left, right = _cells(rows, cols)
    tag = "rb" if black else "rw"
    lit = (lambda c: pool.id(("x", c))) if black else (lambda c: -pool.id(("x", c)))
    start, goal = (top, bottom) if black else (left, right)
    r = lambda c: pool.id((tag, c))  # noqa: E731
    for c in start:
        cnf.append([-lit(c), r(c)])
    for c in range(n):
        for d in bits(nb[c]):
            cnf.append([-r(c), -lit(d), r(d)])
    for c in goal:
        cnf.append([-r(c)])


def _chain(pool, cnf, rows, cols, black: bool) -> None:
    n, nb, bits, top, bottom, left, right = _cells(rows, cols)
    tag = "lb" if black else "lw"
    lit = (lambda c: pool.id(("x", c))) if black else (lambda c: -pool.id(("x", c)))
    start, goal = (top, bottom) if black else (left, right)
    lv = lambda t, c: pool.id((tag, t, c))  # noqa: E731
    T = n - 1
    for c in range(n):
        if c in start:
            cnf.append([-lv(0, c), lit(c)])
        else:
            cnf.append([-lv(0, c)])
    for t in range(T):
        for c in range(n):
            cnf.append([-lv(t + 1, c), lit(c)])
            cnf.append([-lv(t + 1, c), lv(t, c)] + [lv(t, d) for d in bits(nb[c])])
    cnf.append([lv(T, c) for c in goal])


def _solve_here(rows: int, cols: int, build):
    from pysat.formula import CNF, IDPool
    from pysat.solvers import Solver

    pool = IDPool()
    for c in range(rows * cols):
        pool.id(("x", c))  # the colouring variables get ids 1..RC
    cnf = CNF()
    build(pool, cnf)
    with Solver(name=SOLVER, bootstrap_with=cnf.clauses) as s:
        if not s.solve():
            return "unsat"
        model = set(v for v in s.get_model() if v > 0)
        return sum(1 << c for c in range(rows * cols) if pool.id(("x", c)) in model)


def _child(conn, rows, cols, kind):
    conn.send(_solve_here(rows, cols, _BUILD[kind](rows, cols)))
    conn.close()


def _solve(rows: int, cols: int, kind: str, budget: float):
    """Run the query in a child process; None when it outlives ``budget`` seconds."""
    used("hex-sat")
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    here, there = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(there, rows, cols, kind), daemon=True)
    proc.start()
    there.close()
    try:
        if here.poll(budget):
            return here.recv()
        return None
    finally:
        if proc.is_alive():
            proc.terminate()
        proc.join()


_BUILD = {
    "neither": lambda rows, cols: lambda p, f: (_no_chain(p, f, rows, cols, True), _no_chain(p, f, rows, cols, False)),
    "both": lambda rows, cols: lambda p, f: (_chain(p, f, rows, cols, True), _chain(p, f, rows, cols, False)),
}


def neither_chain(rows: int, cols: int, budget: float = BUDGET_SECONDS):
    """A full colouring with neither chain: ``"unsat"``, a Black bitmask, or None (budget)."""
    return _solve(rows, cols, "neither", budget)


def both_chains(rows: int, cols: int, budget: float = BUDGET_SECONDS):
    """A full colouring with both chains: ``"unsat"``, a Black bitmask, or None (budget)."""
    return _solve(rows, cols, "both", budget)
