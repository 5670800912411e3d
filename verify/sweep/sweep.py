"""A sweep: one statement checked shard by shard, on any backend, into the store.

For each ``n`` in ascending order, every shard of ``n`` (see
:mod:`verify.sweep.shards`) not yet in the store is submitted to the backend; each
result is stored as it arrives; then the shards of ``n`` are merged: counts are
summed, and the smallest failing game over all shards — by the runner's total order
``(n, m, canonical graph6, canonical terminals)`` — is checked again in its canonical
labelling.  As in :func:`verify.registry.run_statement`, the sweep stops at the first
``n`` with a failure (unless ``all_n``), and returns the same
:class:`~verify.registry.Result`, with the counterexample written the same way, so
``sweep`` and ``run_statement`` agree on every backend and every ``mod``.

>>> from verify.registry import run_statement
>>> from verify.sweep.shards import load_statement
>>> st = load_statement("TSD.T12")
>>> r, ref = sweep(st, max_n=5, mod=2, emit=False), run_statement(st, max_n=5, emit=False)
>>> (r.verdict, r.instances, r.hypothesis_true) == (ref.verdict, ref.instances, ref.hypothesis_true)
True
"""

from __future__ import annotations

import sys
import threading
from contextlib import contextmanager
from pathlib import Path

from ..registry.domain import GAMES, Domain
from ..registry.runner import add_derived, run_levels, run_table, witness_game, witness_key
from ..registry.statement import Result, Statement
from .backends import Backend, Serial
from . import shards
from .shards import ShardResult, class_spec, run_shard, shards_of
from .store import Store
from ..backing import used
from .audit import add_audits

__all__ = ["sweep", "merge", "coordinating", "waiting"]

_COORDINATOR = threading.Lock()
_holds = threading.local()


@contextmanager
def coordinating():
    """Run the body as the one thread doing work in this process (``check`` runs
    statements side by side in threads): C extensions such as pynauty and the picture
    code are not thread-safe, so only one statement's thread computes here at a time,
    and a thread lets go only while it waits for its shards (:func:`waiting`)."""
    _COORDINATOR.acquire()
    _holds.on = True
    try:
        yield
    finally:
        _holds.on = False
        _COORDINATOR.release()


@contextmanager
def waiting():
    """Inside :func:`coordinating`: let another thread work while this one waits for the
    worker pool; elsewhere nothing."""
    if not getattr(_holds, "on", False):
        yield
        return
    _holds.on = False
    _COORDINATOR.release()
    try:
        yield
    finally:
        _COORDINATOR.acquire()
        _holds.on = True


def merge(results: list[ShardResult], domain: Domain = GAMES) -> tuple[int, int, list]:
    """The shards of one ``n`` merged: (games, hypothesis-true count, the shards' smallest failures).

    The failures come as (order key, canonical game) pairs, as
    :func:`~verify.registry.runner.check_games` gives them, so that
    :func:`~verify.registry.runner.run_levels` picks the smallest and checks it again
    in the coordinating process.
    """
    keyed = [(witness_key(r.witness, domain), witness_game(r.witness, domain)) for r in results if r.witness is not None]
    return sum(r.instances for r in results), sum(r.hypothesis for r in results), keyed


def _table_shards(st: Statement, store: Store | None, run_id: int | None, mod: int | None):
    """``per_n`` for :func:`run_table`: reuse stored shard histograms, store new ones."""
    from ..tables.kernel import default_jobs, default_shards

    if store is None:
        return None

    def per_n(n: int) -> dict:
        m = mod or default_shards(n, default_jobs())
        done = {res: d["histogram"] for res, d in store.shard_data(run_id, st.id, n, m).items()}

        def on_shard(res: int, hist: list[int], seconds: float) -> None:
            r = ShardResult(st.id, n, res, m, instances=sum(hist), verdict="computed", seconds=seconds)
            store.record_shard(run_id, r, data={"histogram": hist})

        return {"shards": m, "done": done, "on_shard": on_shard}

    return per_n


def sweep(
    st: Statement,
    max_n: int | None = None,
    min_n: int | None = None,
    *,
    backend: Backend | None = None,
    store: Store | None = None,
    run_id: int | None = None,
    mod: int | None = None,
    source: str | None = None,
    all_n: bool = False,
    emit: bool = True,
    root: Path | None = None,
    progress: bool = False,
) -> Result:
    """Check ``st`` from ``min_n`` to ``max_n`` vertices shard by shard; see the module docstring.

    Parameters
    ----------
    st : Statement
        The statement; the workers load it again by ``st.id`` (or from ``source``),
        restricted to the graph class of its domain
        (:func:`~verify.registry.registry.restricted`, ``check``/``hunt --graphs``).
    max_n, min_n : int, optional
        The ``n`` range (default: the statement's own).
    backend : Backend, optional
        Where shards run (default :class:`~verify.sweep.backends.Serial`).
    store, run_id : Store and int, optional
        Shards of run ``run_id`` already in ``store`` are reused; new ones are written.
    mod : int, optional
        Shards per ``n`` (default: the domain's :meth:`~verify.registry.domain.Domain.shards`;
        for games :func:`~verify.sweep.shards.default_mod`).
    source : str, optional
        ``FILE.py::NAME`` of a user statement (``hunt``).
    all_n : bool
        Go on past the first failing ``n`` (the witness stays the first one's).
    emit, root
        Write the counterexample (under ``root``, default ``counterexamples/``).
    progress : bool
        A progress bar per ``n`` on standard error (shards done/total, rate, ETA).

    Returns
    -------
    Result
        As :func:`verify.registry.run_statement`; ``verdict`` is ``unknown`` with reason
        ``interrupted`` after Ctrl-C.
    """
    backend = backend or Serial()
    graphs = class_spec(st)  # the workers load the statement again, restricted to its class

    def level(n: int):
        m = mod or st.domain.shards(n)
        done = store.finished_shards(run_id, st.id, n, m) if store is not None else {}
        results = list(done.values())
        todo = [sh for sh in shards_of(st.id, n, m, source, graphs) if sh.res not in done]
        bar = games = None
        if progress:
            from tqdm import tqdm

            # disable=None: drawn only when standard error is a terminal, never on stdout
            bar = tqdm(total=m, initial=len(done), desc=f"{st.id} n={n}", unit=" shards", leave=False, file=sys.stderr,
                       mininterval=0.5, disable=None)
            if isinstance(backend, Serial) and todo:  # shards run here: count the instances too
                games = tqdm(desc=f"{st.id} n={n} {st.domain.name}", unit="", leave=False, file=sys.stderr,
                             mininterval=0.5, disable=None, position=1)
                shards.TICK = games.update
        try:
            with waiting():  # the shards run elsewhere: another statement's thread may work meanwhile
                for r in backend.run(run_shard, todo):
                    if store is not None:
                        store.record_shard(run_id, r)
                    results.append(r)
                    if bar is not None:
                        bar.update()
        except KeyboardInterrupt:  # report what the finished shards checked
            raise KeyboardInterrupt(merge(results, st.domain)[:2]) from None
        finally:
            shards.TICK = None
            for b in (games, bar):
                if b is not None:
                    b.close()
        for r in results:  # what decided the shards that ran elsewhere (or in an earlier session)
            for name in r.oracles:
                used(name)
            audit[0] = add_audits(audit[0], r.audit)
            audit[1] = add_derived(audit[1], r.derived)
        return merge(results, st.domain)

    lo = st.min_n if min_n is None else min_n
    hi = st.max_n if max_n is None else max_n
    if st.kind == "table":  # tables shard geng themselves (verify.tables); shards still go to the store
        return run_table(st, lo, hi, progress=progress, per_n=_table_shards(st, store, run_id, mod))
    audit = [{}, {}]  # the shards' plain-route re-checks, and their derived counts, summed (verify.sweep.audit)
    out = run_levels(st, lo, hi, level, emit=emit, root=root, all_n=all_n)
    out.audit, out.derived = audit
    return out
