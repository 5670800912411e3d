"""One pass over the games: several game statements checked on each game in turn.

A per-statement sweep (:func:`verify.sweep.sweep`) enumerates every game once per
statement, and each statement asks the decision procedures about the same games again:
the dead vertices and edges that TSD §5's statements share, the multi-Shannon games
of the same sets.  Here a *group shard* ``(ids, n, res, mod)`` enumerates the games of
one geng shard once and hands each game to every statement of ``ids`` in turn, while it
is fresh in the caches that key on the game (:func:`verify.papers.tsd._memo.dead_sets`,
the multi-Shannon solver's shape cache): per-game facts are computed once and shared.

The answer is the per-statement one exactly: :func:`run_group_shard` returns one
:class:`~verify.sweep.shards.ShardResult` per statement, equal to what
:func:`~verify.sweep.shards.run_shard` gives (counts, failing games, the smallest
witness, the verdict, the procedures that decided; only ``seconds`` differs: it is the
statement's own time in the pass plus its share of the enumeration), and
:func:`sweep_together` stores each under its statement, so the store, ``--resume`` and
the merge are those of the per-statement sweep; a statement that fails at some ``n``
leaves the group from the next ``n`` on, as :func:`~verify.registry.runner.run_levels`
stops it there (unless ``all_n``).  Tested equal to the per-statement runs on every game
``n ≤ 6`` and on shards of ``n = 7`` (``tests/test_sweep_onepass.py``).

>>> from verify.sweep import run_shard
>>> a, b = run_group_shard(("TSD.T14", "TSD.T15"), 5)
>>> ref = run_shard("TSD.T15", 5)
>>> (b.statement, b.instances, b.hypothesis, b.verdict) == (ref.statement, ref.instances, ref.hypothesis, ref.verdict)
True
"""

from __future__ import annotations

import time
from pathlib import Path

from ..backing import recording, used
from ..registry.domain import GameDomain
from ..registry.runner import add_derived, counting, evaluate, run_levels, run_statement
from ..registry.statement import Result, Statement
from .audit import add_audits
from .backends import Backend, Serial
from .shards import ShardResult, class_spec, finish_shard, load_statement
from .store import Store
from .sweep import merge, waiting

__all__ = ["groupable", "holding_game_statements", "run_group_shard", "sweep_together", "one_pass_partner", "run_route"]


def groupable(st: Statement) -> bool:
    """Whether ``st`` can join a one-pass group: a statement checked game by game on
    the connected games (not a table, not another domain)."""
    return st.kind != "table" and isinstance(st.domain, GameDomain)


def holding_game_statements(prefix: str = "") -> list[str]:
    """The ids (sorted) of the registered statements starting with ``prefix`` that are
    checked game by game and held where checked: not an example, not recorded as
    refuted — those are decided at their smallest ``n`` and need no deeper run.

    >>> ids = holding_game_statements("TSD.")
    >>> "TSD.T12" in ids, "TSD.DUAL/c" in ids, "TSD.T13.EX" in ids
    (True, False, False)
    """
    from ..registry import REGISTRY, load_paper_statements

    load_paper_statements()
    return [i for i, st in sorted(REGISTRY.items())
            if i.startswith(prefix) and groupable(st) and st.kind != "ex" and st.expect != "refuted"]


def run_group_shard(ids: tuple[str, ...], n: int, res: int = 0, mod: int = 1, graphs: str = "") -> list[ShardResult]:
    """Check every statement of ``ids`` on the games of one geng shard, in one pass.

    Each game is enumerated once and checked by the statements in the order given.
    Returns one :class:`ShardResult` per statement, in that order, each as
    :func:`~verify.sweep.shards.run_shard` would give it; with ``graphs`` (a graph class
    spec) every statement is restricted to that class, and so are the games.
    """
    sts = [load_statement(i, None, graphs or None) for i in ids]
    if len({class_spec(st) for st in sts}) > 1:
        raise ValueError(f"{', '.join(ids)} are checked on different graph classes; they cannot share a pass.")
    for st in sts:
        if not groupable(st):
            raise ValueError(f"{st.id} is not checked game by game; it cannot join a one-pass group.")
    from .audit import Auditor
    from .provenance import code_commit

    start = time.perf_counter()
    recs = [recording() for _ in sts]  # one per statement, entered around each of its checks
    derived = [counting() for _ in sts]
    auditors = [Auditor(st, group=True, counter=c) for st, c in zip(sts, derived)]
    own = [0.0] * len(sts)
    hyp = [0] * len(sts)
    failing: list[list] = [[] for _ in sts]
    instances = 0
    clock = time.perf_counter
    for game in sts[0].domain.instances(n, res=res, mod=mod):
        instances += 1
        for k, st in enumerate(sts):
            t0 = clock()
            with recs[k], derived[k]:
                h, failure = evaluate(st, game)
            auditors[k](game, h, failure)
            own[k] += clock() - t0
            hyp[k] += h
            if failure is not None:
                failing[k].append(game)
    shared = (clock() - start - sum(own)) / len(sts)  # enumeration, split evenly
    out = []
    for k, st in enumerate(sts):
        r = ShardResult(st.id, n, res, mod, instances=instances, hypothesis=hyp[k], audit=auditors[k].record(),
                        commit=code_commit(), derived=derived[k].record())
        r.oracles = sorted(recs[k].names)  # as run_shard: the pass, not the witness's re-check
        finish_shard(st, r, [st.domain.key(g) for g in failing[k]])
        r.seconds = own[k] + shared
        out.append(r)
    return out


def one_pass_partner(st: Statement) -> Statement | None:
    """The statement checked before ``st`` in its one-pass route: the holding game
    statement of the same module (else of the same paper) just before it in id order,
    whose answers the pass caches for ``st``; None when ``st`` stands alone."""
    from ..registry import REGISTRY

    ids = [i for i in holding_game_statements(st.id.split(".")[0] + ".") if i != st.id]
    same = [i for i in ids if REGISTRY[i].check.__module__ == st.check.__module__ and REGISTRY[i].graph_class == st.graph_class]
    pool = same or [i for i in ids if REGISTRY[i].graph_class == st.graph_class]
    before = [i for i in pool if i < st.id]
    pick = (before or pool or [None])[-1 if before else 0]
    return REGISTRY[pick] if pick else None


def _run_one_pass(st: Statement, max_n: int | None, min_n: int | None, emit: bool) -> Result:
    """``st`` through the one-pass group shard (:func:`verify.sweep.onepass.sweep_together`),
    in this process, beside :func:`one_pass_partner`."""
    from ..errors import InputError

    if not groupable(st):
        raise InputError(f"{st.id} is not checked game by game; it has no one-pass route.")
    lo = st.min_n if min_n is None else min_n
    hi = st.max_n if max_n is None else max_n
    partner = one_pass_partner(st)
    group = ([(partner, lo, hi)] if partner is not None else []) + [(st, lo, hi)]
    return sweep_together(group, emit=emit)[-1]


def run_route(st: Statement, route: str | None, max_n: int | None = None, min_n: int | None = None,
              emit: bool = True, progress: bool = False) -> Result:
    """``st`` through ``route`` (:mod:`verify.registry.routes`) at every ``n``: the
    ``one-pass`` route here (:func:`_run_one_pass`), any other by
    :func:`~verify.registry.runner.run_statement` (None: the routes a default run takes)."""
    from ..registry.routes import ONE_PASS

    if route == ONE_PASS:
        return _run_one_pass(st, max_n, min_n, emit)
    return run_statement(st, max_n, min_n, progress=progress, emit=emit, route=route)


def sweep_together(
    statements: list[tuple[Statement, int, int]],
    *,
    backend: Backend | None = None,
    store: Store | None = None,
    run_id: int | None = None,
    mod: int | None = None,
    all_n: bool = False,
    emit: bool = True,
    root: Path | None = None,
    on_level=None,
) -> list[Result]:
    """Check game statements ``(st, min_n, max_n)`` together, one pass per shard; they
    must all be checked on one graph class (their domains' class).

    For each ``n`` in ascending order, the statements whose range holds ``n`` and that
    have not failed at a smaller ``n`` (unless ``all_n``) form the group; each shard of
    ``n`` is sent to ``backend`` as one group shard for the statements that have not
    stored it yet, and each statement's result is stored under that statement as it
    arrives.  Then every statement goes through the runner's loop
    (:func:`~verify.registry.runner.run_levels`) on its merged levels, so verdicts,
    witnesses and counterexample files are those of :func:`~verify.sweep.sweep`.
    ``Result.seconds`` is the statement's summed shard time (the pass is shared).
    ``on_level(n, res, seconds, done, total)`` is called when ``n`` starts (``res`` None)
    and after each group shard (progress: its ``res``, its summed seconds, shards of
    ``n`` done out of ``total``).
    Ctrl-C ends the pass: every statement with a level not computed is ``unknown``
    (interrupted), as in the per-statement sweep.
    """
    backend = backend or Serial()
    for st, _, _ in statements:
        if not groupable(st):
            raise ValueError(f"{st.id} is not checked game by game; it cannot join a one-pass group.")
    classes = {class_spec(st) for st, _, _ in statements}
    if len(classes) > 1:
        raise ValueError("The statements of one pass must be checked on one graph class; give each class its own pass.")
    graphs = classes.pop() if classes else ""
    domain = statements[0][0].domain if statements else GameDomain()
    levels: dict[str, dict[int, tuple]] = {st.id: {} for st, _, _ in statements}
    oracles: dict[str, dict[int, set]] = {st.id: {} for st, _, _ in statements}
    seconds = {st.id: 0.0 for st, _, _ in statements}
    audits: dict[str, dict] = {}
    deriveds: dict[str, dict] = {}
    partial: dict[str, tuple[int, list]] = {}  # the level under way: its finished shards, by statement
    stopped: set[str] = set()
    lo = min((a for _, a, _ in statements), default=1)
    hi = max((b for _, _, b in statements), default=0)
    try:
        for n in range(lo, hi + 1):
            group = [st for st, a, b in statements if a <= n <= b and st.id not in stopped]
            if not group:
                continue
            m = mod or domain.shards(n)
            results: dict[str, list[ShardResult]] = {}
            todo: dict[int, list[str]] = {}
            for st in group:
                done = store.finished_shards(run_id, st.id, n, m) if store is not None else {}
                results[st.id] = list(done.values())
                partial[st.id] = (n, results[st.id])
                for r in range(m):
                    if r not in done:
                        todo.setdefault(r, []).append(st.id)
            tasks = [(tuple(ids), n, r, m, graphs) for r, ids in sorted(todo.items())]
            finished = m - len(tasks)
            if on_level is not None:
                on_level(n, None, 0.0, finished, m)
            with waiting():
                for shard_results in backend.run(run_group_shard, tasks):
                    res = shard_results[0].res
                    for r in shard_results:
                        if store is not None:
                            store.record_shard(run_id, r)
                        results[r.statement].append(r)
                    finished += 1
                    if on_level is not None:
                        on_level(n, res, sum(r.seconds for r in shard_results), finished, m)
            for st in group:
                rs = results[st.id]
                levels[st.id][n] = merge(rs, st.domain)
                oracles[st.id][n] = {name for r in rs for name in r.oracles}
                for r in rs:
                    audits[st.id] = add_audits(audits.get(st.id, {}), r.audit)
                    deriveds[st.id] = add_derived(deriveds.get(st.id, {}), r.derived)
                seconds[st.id] += sum(r.seconds for r in rs)
                if levels[st.id][n][2] and not all_n:
                    stopped.add(st.id)
    except KeyboardInterrupt:  # the levels not computed end their statements as interrupted (below)
        pass
    out = []
    for st, a, b in statements:
        def level(n: int, sid=st.id, dom=st.domain):
            if n not in levels[sid]:  # not reached before Ctrl-C: run_levels reports it interrupted
                at, rs = partial.get(sid, (None, []))
                raise KeyboardInterrupt(merge(rs, dom)[:2] if at == n else (0, 0))
            for name in oracles[sid][n]:
                used(name)
            return levels[sid][n]

        r = run_levels(st, a, b, level, emit=emit, root=root, all_n=all_n)
        r.seconds = seconds[st.id]
        r.audit = audits.get(st.id, {})
        r.derived = deriveds.get(st.id, {})
        out.append(r)
    return out
