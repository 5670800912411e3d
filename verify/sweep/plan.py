"""The run plan: what a ``check`` or ``hunt`` run sweeps, and how it is run.

A *plan* (:class:`Plan`) is

* its **statements** (:class:`Entry`), each with its ``n`` range (``min_n`` to
  ``max_n``), the file it comes from (``source``: ``FILE.py::NAME`` for a hunted
  statement, None for a registered one), the **code hash** its resumption is guarded by
  (:func:`check_source_hash` for a registered statement, the file's hash for a hunted
  one) and the **graph class** it runs over (``--graphs``, or the statement's own);
* the **shard count** per ``n`` (``mod``: geng's ``res/mod`` split; None for
  :func:`~verify.sweep.shards.default_mod`), geng's split level (``split``), whether it
  goes on past the first ``n`` with a counterexample (``all``), the whole run's graph
  class (``graphs``) and where counterexamples are written (``out``);
* **one pass or not** (``one_pass``: the statements checked game by game share one pass
  over the games, :func:`~verify.sweep.onepass.sweep_together`; ``check --one-pass``
  and ``--full``) and, decided from it, the worker count and the backend, **side by side
  or not** (:meth:`Plan.way`): several statements, several workers and no one pass run
  side by side, each in a thread feeding the shared worker pool; otherwise one
  statement at a time;
* the **audit rate** (``audit``: one game in N re-checked by the plain route,
  :mod:`verify.sweep.audit`; None keeps ``$SHANNON_VERIFY_AUDIT`` or its default), the
  run's **timeout** (``timeout``: the whole run stops after that many seconds, as Ctrl-C
  does) and the per-instance timeout (``instance_timeout``).

The store keeps each run's plan as JSON (:meth:`Plan.to_dict`, :meth:`Plan.from_dict`),
in the format the CLI has always written, so ``--resume`` reads the stores of earlier
versions; the audit rate, the timeouts and ``emit`` belong to a session, not to the run,
and are not stored (a resumed run takes them from the command that resumes it).

:func:`run_plan` runs a plan on a backend and a store — one pass, side by side or one
statement at a time — and :func:`execute` is a whole session of it: the store opened,
the run started or resumed (checked against the stored plan and the code it started
with), the backend made, SIGTERM and ``--timeout`` stopping it as Ctrl-C does, the run
marked done or interrupted.  ``shannon-verify check``/``hunt`` build a plan from their
arguments (:func:`check_plan`, :func:`hunt_plan`) and print what comes back; the
``pytest`` plugin (:mod:`verify.pytest_plugin`) runs its one-statement plans with
:func:`run_plan`.

>>> from verify.registry import REGISTRY, load_paper_statements
>>> load_paper_statements()
>>> plan = check_plan([REGISTRY["TSD.T12"], REGISTRY["TSD.T13"]], max_n=6, one_pass=True)
>>> [(e.id, e.min_n, e.max_n) for e in plan.statements], plan.way(jobs=2), plan.describe()
([('TSD.T12', 2, 6), ('TSD.T13', 2, 6)], 'one pass', 'TSD.T12 TSD.T13 to n = 6')
>>> Plan.from_dict(plan.to_dict()) == plan
True
"""

from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, ContextManager, Iterator

from ..errors import InputError
from ..graphs import GENG_SPLIT
from ..registry.statement import Result, Statement
from .backends import cpu_count, interrupt_on_term, make_backend, stops_deferred
from .shards import class_spec, load_statement
from .store import Store, versions
from .sweep import sweep

__all__ = [
    "Entry", "Plan", "Session", "ONE_PASS", "SIDE_BY_SIDE", "ONE_AT_A_TIME",
    "check_source_hash", "check_plan", "hunt_plan", "load", "run_plan", "execute",
]

ONE_PASS, SIDE_BY_SIDE, ONE_AT_A_TIME = "one pass", "side by side", "one at a time"
VERSION_KEYS = ("shannon-verify", "git", "python", "networkx", "pynauty", "python-sat", "z3-solver")
"""The versions whose change a resumed run warns about."""


def check_source_hash(st: Statement) -> str | None:
    """SHA-256 of the code a paper statement's check can run: its module, every route and
    oracle it reaches (:func:`verify.sweep.provenance.code_hash`); None when unavailable."""
    from .provenance import code_hash

    try:
        return code_hash(st)
    except (OSError, TypeError):
        return None


# -- the plan ------------------------------------------------------------------------------


@dataclass
class Entry:
    """One statement of a plan: its id, file (None: registered), ``n`` range, code hash,
    graph class spec (``""``: its own domain) and whether it is a table."""

    id: str
    source: str | None = None
    min_n: int | None = None
    max_n: int = 0
    hash: str | None = None
    graphs: str = ""
    table: bool = False
    extra: dict = field(default_factory=dict)  # keys of another version's plan, kept as they were

    def to_dict(self) -> dict:
        return {"id": self.id, "source": self.source, "min_n": self.min_n, "max_n": self.max_n, "hash": self.hash,
                **({"table": True} if self.table else {}), **({"graphs": self.graphs} if self.graphs else {}),
                **self.extra}

    @classmethod
    def from_dict(cls, d: dict) -> "Entry":
        known = {"id", "source", "min_n", "max_n", "hash", "table", "graphs"}
        return cls(d["id"], d.get("source"), d.get("min_n"), d["max_n"], d.get("hash"), d.get("graphs") or "",
                   bool(d.get("table")), {k: v for k, v in d.items() if k not in known})


_STORED = ("kind", "statements", "mod", "all", "split", "graphs", "one_pass", "out")


@dataclass
class Plan:
    """A run's plan (see the module docstring).  The fields after ``out`` are this
    session's settings and are not stored with the run."""

    kind: str | None = "check"
    statements: list[Entry] = field(default_factory=list)
    mod: int | None = None
    all: bool = False
    split: str | None = GENG_SPLIT
    graphs: str = ""
    one_pass: bool = False
    out: str | None = None
    extra: dict = field(default_factory=dict)  # keys of another version's plan, kept as they were
    # -- not stored: the session's
    audit: int | None = None
    timeout: float | None = None
    instance_timeout: float | None = None
    emit: bool = True

    def to_dict(self) -> dict:
        """The plan as the store keeps it (the JSON ``check`` and ``hunt`` have always written)."""
        d = {**({"kind": self.kind} if self.kind is not None else {}),
             "statements": [e.to_dict() for e in self.statements], "mod": self.mod, "all": self.all,
             **({"split": self.split} if self.split is not None else {})}
        if self.graphs:
            d["graphs"] = self.graphs
        if self.one_pass:
            d["one_pass"] = True
        if self.out:
            d["out"] = self.out
        return {**d, **self.extra}

    @classmethod
    def from_dict(cls, d: dict, **session) -> "Plan":
        """The plan the store keeps as ``d``, with this session's settings ``session``
        (``audit``, ``timeout``, ``instance_timeout``, ``emit``)."""
        return cls(d.get("kind"), [Entry.from_dict(e) for e in d.get("statements", [])], d.get("mod"),
                   bool(d.get("all")), d.get("split"), d.get("graphs") or "", bool(d.get("one_pass")),
                   d.get("out") or None, {k: v for k, v in d.items() if k not in _STORED}, **session)

    def settings(self) -> dict:
        """This session's settings (not stored)."""
        return {"audit": self.audit, "timeout": self.timeout, "instance_timeout": self.instance_timeout, "emit": self.emit}

    @property
    def max_n(self) -> int:
        return max((e.max_n for e in self.statements), default=0)

    def describe(self) -> str:
        """The plan in the words of its options (``TSD.T12 TSD.T13 to n = 9, --mod 512, --all``)."""
        ids = [e.id for e in self.statements]
        what = " ".join(ids[:3]) + (f" and {len(ids) - 3} more" if len(ids) > 3 else "")
        mod = f", --mod {self.mod}" if self.mod else ""
        graphs = f", --graphs {self.graphs}" if self.graphs else ""
        return f"{what} to n = {self.max_n}{mod}{graphs}{', --all' if self.all else ''}"

    def contradicts(self, *, ids: list[str] | None = None, source: str | None = None, max_n: int | None = None,
                    min_n: int | None = None, full: bool = False, mod: int | None = None, all_n: bool = False,
                    one_pass: bool = False) -> bool:
        """Whether options given with ``--resume`` contradict this (stored) plan; an option
        not given (None, False, empty) never does."""
        sts = self.statements
        return (
            (bool(ids) and ids != [e.id for e in sts])
            or (source is not None and source != sts[0].source)
            or (max_n is not None and any(e.max_n != max_n for e in sts))
            or (min_n is not None and any(e.min_n != min_n for e in sts))
            or (full and any(e.max_n != load_statement(e.id, e.source).max_n for e in sts))
            or (mod is not None and mod != self.mod)
            or (all_n and not self.all)
            or (one_pass and not self.one_pass)
        )

    def workers(self, jobs: int | None = None, dask: str | None = None) -> int:
        """The worker processes for ``--jobs`` (None: one, in this process, for a small
        run; every core from ``n = 7``, the first ``n`` split into shards, with a ``mod``
        above 1, or on Dask)."""
        if jobs is not None:
            return jobs
        deep = (self.mod or 1) > 1 or any(e.max_n >= 7 for e in self.statements)
        return cpu_count() if dask or deep else 1

    def way(self, jobs: int = 1, backend=None) -> str:
        """How :func:`run_plan` runs this plan with ``jobs`` workers on ``backend``:
        :data:`ONE_PASS`, :data:`SIDE_BY_SIDE` or :data:`ONE_AT_A_TIME`."""
        if self.one_pass:
            return ONE_PASS
        if jobs > 1 and len(self.statements) > 1 and getattr(backend, "name", "processes") != "serial":
            return SIDE_BY_SIDE
        return ONE_AT_A_TIME

    def same_sources(self, run_id: int, code_hash: Callable[[Statement], str | None] = check_source_hash) -> None:
        """Refuse to resume run ``run_id`` when a statement's code changed since it started
        (its file for a hunted statement, ``code_hash`` of its check for a registered one)."""
        from ..registry.user import source_hash

        for e in self.statements:
            if e.hash is None:
                continue
            if e.source is not None:
                what = e.source.rsplit("::", 1)[0]
                now = source_hash(what)
            else:
                now = code_hash(load_statement(e.id))
                what = f"the check of {e.id}"
            if now != e.hash:
                raise InputError(f"Run {run_id} cannot be resumed: {what} changed since it started; start a new run.")


def check_plan(statements: list[Statement], *, max_n: int | None = None, min_n: int | None = None, full: bool = False,
               mod: int | None = None, all_n: bool = False, graphs: str = "", one_pass: bool = False, **session) -> Plan:
    """The plan of ``check``: each statement (restricted to its class already) from
    ``min_n`` (default its own) to ``max_n`` (default: its own maximum with ``full``, else
    its default-tier depth); ``graphs`` the spec of ``--graphs`` (``""``: not given or all
    graphs).  ``--full`` is the deep sweep: one pass over the games."""
    entries = []
    for st in statements:
        depth = max_n if max_n is not None else (st.max_n if full else st.tier_depth)
        lo = st.min_n if min_n is None else min_n
        if lo > depth:
            raise InputError(f"--min-n {lo} is above the depth {depth} that {st.id} would be checked to; give --max-n too.")
        entries.append(Entry(st.id, None, lo, depth, check_source_hash(st), class_spec(st), st.kind == "table"))
    return Plan("check", entries, mod, all_n, GENG_SPLIT, graphs, one_pass or full, **session)


def hunt_plan(st: Statement, source: str, *, max_n: int | None = None, out: str | None = None, mod: int | None = None,
              all_n: bool = False, graphs: str = "", **session) -> Plan:
    """The plan of ``hunt``: the statement ``st`` of ``source`` (``FILE.py::NAME``, the
    path resolved) from its smallest ``n`` to ``max_n`` (default 7), its counterexample
    written under ``out``; guarded by the hash of its file."""
    from ..registry.user import source_hash

    if (max_n or 7) < st.min_n:
        raise InputError(f"--max-n {max_n} is below the smallest n of {st.id} ({st.min_n}).")
    entry = Entry(st.id, source, st.min_n, max_n or 7, source_hash(source.rsplit("::", 1)[0]), class_spec(st))
    return Plan("hunt", [entry], mod, all_n, GENG_SPLIT, graphs, False, out, **session)


def load(entry: Entry) -> Statement:
    """The statement of plan entry ``entry``, restricted to the graph class it runs over."""
    return load_statement(entry.id, entry.source, entry.graphs or None)


# -- running a plan ----------------------------------------------------------------------------


class _Quiet:
    """Progress that shows nothing (the ``start``/``done`` of :class:`verify.cli.progress.Overall`)."""

    def start(self, label: str) -> None:
        pass

    def done(self, item: str, text: str = "") -> None:
        pass


def _no_levels(*_) -> None:
    pass


@dataclass
class _Run:
    """A plan being run: where, and what it shows."""

    plan: Plan
    backend: object = None
    store: Store | None = None
    run_id: int | None = None
    overall: object = field(default_factory=_Quiet)
    progress: bool = False
    pass_progress: Callable[[], ContextManager[Callable]] | None = None
    loaded: dict = field(default_factory=dict)

    @property
    def root(self) -> Path | None:
        return Path(self.plan.out) if self.plan.out else None

    def statement(self, e: Entry) -> Statement:
        st = self.loaded.get(e.id)
        if st is None:
            st = self.loaded[e.id] = load(e)
        return st

    def sweep_one(self, st: Statement, e: Entry) -> Result:
        """One statement of the plan swept alone, shown on the overall line, its result
        stored unless it was interrupted."""
        self.overall.start(f"{st.id} (n ≤ {e.max_n})")
        r = sweep(st, e.max_n, e.min_n, backend=self.backend, store=self.store, run_id=self.run_id, mod=self.plan.mod,
                  source=e.source, all_n=self.plan.all, emit=self.plan.emit, progress=self.progress, root=self.root)
        self.overall.done(r.id, f"{r.verdict} in {r.seconds:.1f} s")
        if r.reason != "interrupted" and self.store is not None:
            self.store.record_result(self.run_id, r)
        return r


def run_plan(plan: Plan, *, backend, store: Store | None = None, run_id: int | None = None, jobs: int = 1,
             overall=None, progress: bool = False, pass_progress: Callable[[], ContextManager[Callable]] | None = None,
             loaded: dict | None = None) -> tuple[list[Result], str]:
    """Run ``plan`` on ``backend`` (its shards stored in run ``run_id`` of ``store``), with
    ``jobs`` workers: in one pass, side by side or one statement at a time
    (:meth:`Plan.way`).  Returns the results in plan order and the run's status,
    ``"done"`` or ``"interrupted"`` (Ctrl-C: the statements under way are ``unknown``,
    those not started left out).

    ``overall`` shows the run (``start(label)``/``done(id, text)``, as
    :class:`verify.cli.progress.Overall`); ``progress`` turns on each sweep's bars;
    ``pass_progress()`` is entered around each one pass and gives its
    ``on_level(n, res, seconds, done, total)``.  ``loaded`` maps statement ids to their
    statements already loaded (else each is loaded from its entry) and receives those
    this run loads."""
    run = _Run(plan, backend, store, run_id, overall or _Quiet(), progress, pass_progress,
               loaded if loaded is not None else {})
    way = plan.way(jobs, backend)
    if way == ONE_PASS:
        return _one_pass(run)
    if way == SIDE_BY_SIDE:
        return _side_by_side(run, width=jobs)
    results = []
    for e in plan.statements:
        r = run.sweep_one(run.statement(e), e)
        results.append(r)
        if r.reason == "interrupted":
            return results, "interrupted"
    return results, "done"


def _one_pass(run: _Run) -> tuple[list[Result], str]:
    """The plan with its game-by-game statements in one pass over the games
    (:func:`verify.sweep.onepass.sweep_together`), one pass per graph class, then the
    others one at a time; the results in plan order."""
    from .onepass import groupable, sweep_together

    plan, items = run.plan, run.plan.statements
    loaded = [run.statement(e) for e in items]
    passes: dict[str, list[int]] = {}  # one pass per graph class
    for k, st in enumerate(loaded):
        if groupable(st):
            passes.setdefault(class_spec(st), []).append(k)
    results: list[Result | None] = [None] * len(items)
    for together in passes.values():
        for k in together:
            run.overall.start(f"{loaded[k].id} (n ≤ {items[k].max_n})")
        with (run.pass_progress or (lambda: nullcontext(_no_levels)))() as on_level:
            group = [(loaded[k], items[k].min_n if items[k].min_n is not None else loaded[k].min_n, items[k].max_n)
                     for k in together]
            rs = sweep_together(group, backend=run.backend, store=run.store, run_id=run.run_id, mod=plan.mod,
                                all_n=plan.all, emit=plan.emit, root=run.root, on_level=on_level)
        for k, r in zip(together, rs):
            results[k] = r
            run.overall.done(r.id, f"{r.verdict} in {r.seconds:.1f} s")
            if r.reason != "interrupted" and run.store is not None:
                run.store.record_result(run.run_id, r)
        if any(r.reason == "interrupted" for r in rs):
            return [r for r in results if r is not None], "interrupted"
    for k, (st, e) in enumerate(zip(loaded, items)):
        if results[k] is not None:
            continue
        r = results[k] = run.sweep_one(st, e)
        if r.reason == "interrupted":
            return [r for r in results if r is not None], "interrupted"
    return [r for r in results if r is not None], "done"


def _side_by_side(run: _Run, width: int) -> tuple[list[Result], str]:
    """The plan's statements ``width`` at a time, each in a thread of this process whose
    shards go to the shared worker pool, so that a statement of one shard (a small ``n``,
    a table, a list of links) never leaves a core idle while another statement waits.
    Every statement runs exactly as alone (the same sweep, the same shards; the decision
    procedures are recorded per thread); the results come back in plan order.  Ctrl-C
    stops the workers: the statements under way are ``unknown`` (interrupted), those not
    started are left out, as in a run one statement at a time."""
    from concurrent.futures import ThreadPoolExecutor

    from .sweep import coordinating

    plan, items = run.plan, run.plan.statements
    loaded = [run.statement(e) for e in items]  # in this thread: the cache is not shared-safe
    stop = threading.Event()
    results: list[Result | None] = [None] * len(items)
    started = [False] * len(items)

    def one(k: int) -> Result | None:
        if stop.is_set():
            return None
        started[k] = True
        st, e = loaded[k], items[k]
        run.overall.start(f"{st.id} (n ≤ {e.max_n})")
        try:
            with coordinating():
                r = sweep(st, e.max_n, e.min_n, backend=run.backend, store=run.store, run_id=run.run_id, mod=plan.mod,
                          source=e.source, all_n=plan.all, emit=plan.emit, progress=False, root=run.root)
        except Exception:
            if stop.is_set():  # the workers were stopped under it
                r = Result(st.id, "unknown", e.min_n or st.min_n, e.max_n, reason="interrupted")
            else:
                raise
        run.overall.done(r.id, f"{r.verdict} in {r.seconds:.1f} s")
        if r.reason == "interrupted":
            stop.set()
        elif run.store is not None:
            run.store.record_result(run.run_id, r)
        results[k] = r
        return r

    pool = ThreadPoolExecutor(max_workers=width, thread_name_prefix="statement")
    with stops_deferred():  # a stop while the pool starts its threads comes after, in the wait below
        futures = [pool.submit(one, k) for k in range(len(items))]
    try:
        for f in futures:
            f.result()
    except KeyboardInterrupt:
        stop.set()
        run.backend.close(cancel=True)
        for f in futures:
            f.cancel()
        for f in futures:
            try:
                f.result()
            except BaseException:  # a statement stopped mid-way; marked below
                pass
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    out: list[Result] = []
    for k, r in enumerate(results):
        if r is None:
            if not started[k]:
                break
            r = Result(loaded[k].id, "unknown", items[k].min_n or loaded[k].min_n, items[k].max_n, reason="interrupted")
        out.append(r)
        if r.reason == "interrupted":
            break
    return out, ("interrupted" if stop.is_set() else "done")


# -- a session: store, backend, signals --------------------------------------------------------


@dataclass
class Session:
    """One session of a run, as :func:`execute` leaves it: the plan it ran (the stored
    one when resumed), its run in the store, the backend, the results and the status
    (``done``, ``interrupted``, or ``failed`` on an error), the statements it loaded; when
    resumed, the shards stored before it and the versions that changed since the run began."""

    plan: Plan
    store: str | None = None
    run_id: int | None = None
    backend: str = ""
    resumed: bool = False
    stored_before: int = 0
    changed: list[str] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    status: str = "failed"
    loaded: dict = field(default_factory=dict)
    timed_out: bool = False


@contextmanager
def _session_env(plan: Plan) -> Iterator[None]:
    """The audit rate and the instance timeout of ``plan`` in the environment, where this
    process and the workers started meanwhile read them (:mod:`verify.sweep.audit`,
    :data:`verify.registry.runner.INSTANCE_TIMEOUT_ENV`)."""
    from ..registry.runner import INSTANCE_TIMEOUT_ENV
    from .audit import AUDIT_ENV

    if plan.audit is not None:
        os.environ[AUDIT_ENV] = str(plan.audit)
    if plan.instance_timeout:
        os.environ[INSTANCE_TIMEOUT_ENV] = repr(plan.instance_timeout)  # before the workers start: they inherit it
    try:
        yield
    finally:
        os.environ.pop(INSTANCE_TIMEOUT_ENV, None)


def execute(plan: Plan, *, store: str | Path | None, resume: str | int | None = None, jobs: int | None = None,
            dask: str | None = None, command: str = "", accept: Callable[[int, Plan], None] | None = None,
            code_hash: Callable[[Statement], str | None] = check_source_hash,
            on_open: Callable[[Session], None] | None = None, overall: Callable[[Plan], ContextManager] | None = None,
            progress: bool = False, pass_progress: Callable[[], ContextManager[Callable]] | None = None,
            loaded: dict | None = None) -> Session:
    """One session of ``plan``: a new run in the store at ``store`` (None: no store), or
    with ``resume`` (a run id or ``'last'``) the stored run continued — then ``plan``
    gives only the kind and this session's settings, and the stored plan is run.

    A resumed run must be of ``plan.kind``, split as this version splits, accepted by
    ``accept(run_id, stored_plan)`` (which raises :class:`~verify.errors.InputError` for
    options that contradict it) and its statements' code the same (``code_hash``).  The
    backend has ``jobs`` workers (:meth:`Plan.workers`), on Dask at ``dask``.  Once the
    run is in the store ``on_open(session)`` is called; ``overall(plan)`` gives the
    context of the progress shown (see :func:`run_plan` for the rest).

    SIGTERM (``kill PID``) and ``plan.timeout`` stop the session as Ctrl-C does: the
    finished shards stay stored, the run is marked interrupted, to resume; the
    interrupted statements say why.  The backend and the store are closed at the end."""
    timer, fired = None, threading.Event()
    if plan.timeout:
        def expire() -> None:
            fired.set()
            os.kill(os.getpid(), signal.SIGTERM)  # stops the run as Ctrl-C does (interrupt_on_term)

        timer = threading.Timer(plan.timeout, expire)
        timer.daemon = True
    session = Session(plan, None if store is None else str(store), loaded=loaded if loaded is not None else {})
    try:
        with _session_env(plan), interrupt_on_term():
            if timer is not None:
                timer.start()
            _execute(session, resume, jobs, dask, command, accept, code_hash, on_open, overall, progress, pass_progress)
    finally:
        if timer is not None:
            timer.cancel()
    if fired.is_set():
        session.timed_out = True
        for r in session.results:
            if r.reason == "interrupted":
                r.reason = (f"the run's time limit of {plan.timeout:g} s (--timeout) was reached"
                            + ("" if store is None else "; resume it with --resume"))
    return session


def _execute(session: Session, resume, jobs, dask, command, accept, code_hash, on_open, overall, progress,
             pass_progress) -> None:
    plan = session.plan
    db = None if session.store is None else Store(session.store, create=not resume)
    if db is not None:
        session.store = str(db.path)
    try:
        if resume:
            session.run_id = db.run_id(resume)
            stored = Plan.from_dict(db.run(session.run_id)["plan"], **plan.settings())
            _resumable(session.run_id, stored, plan.kind)
            if accept is not None:
                accept(session.run_id, stored)
            stored.same_sources(session.run_id, code_hash)
            plan = session.plan = stored
        jobs = plan.workers(jobs, dask)
        backend = make_backend(jobs, dask)
    except BaseException:
        if db is not None:
            db.close()
        raise
    session.backend = backend.describe()
    try:
        if db is not None:
            if resume:
                then, now = db.resume_run(session.run_id, session.backend)["versions"], versions()
                session.changed = [f"{k} {then.get(k)} -> {now.get(k)}" for k in now
                                   if k in VERSION_KEYS and then.get(k) != now.get(k)]
                session.resumed, session.stored_before = True, len(db.shard_rows(session.run_id))
            else:
                session.run_id = db.new_run(command, plan.to_dict(), versions(session.backend), session.backend)
        if on_open is not None:
            on_open(session)
        with (overall or (lambda p: nullcontext(_Quiet())))(plan) as shown:
            session.results, session.status = run_plan(plan, backend=backend, store=db, run_id=session.run_id, jobs=jobs,
                                                       overall=shown, progress=progress, pass_progress=pass_progress,
                                                       loaded=session.loaded)
    finally:
        backend.close(cancel=session.status != "done")
        if db is not None:
            if session.run_id is not None:
                db.finish_run(session.run_id, session.status)
            db.close()


def _resumable(run_id: int, stored: Plan, kind: str | None) -> None:
    """Refuse to resume a run of another kind, or split otherwise than this version splits."""
    if stored.kind != kind:
        raise InputError(f"Run {run_id} is a '{stored.kind}' run; resume it with 'shannon-verify {stored.kind} --resume {run_id}'.")
    if stored.split != GENG_SPLIT:
        raise InputError(f"Run {run_id} split each n with geng {stored.split}, this version with {GENG_SPLIT}; start a new run.")
