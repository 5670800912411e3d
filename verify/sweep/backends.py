"""Execution backends: where the shards of a sweep run.

A backend takes a function and a list of argument tuples (shards) and yields the
results *as they complete*, in any order; the sweep merges them, so every backend
gives the same answer.

* :class:`Serial` — in this process, one shard after the other (``--jobs 1``);
* :class:`Processes` — local worker processes (``concurrent.futures``; ``--jobs J``);
* :class:`Dask` — a Dask cluster: ``--dask ADDRESS`` connects to a running scheduler,
  ``--dask local`` starts an embedded ``LocalCluster`` with ``J`` single-threaded
  worker processes.  Dask is an optional extra (``pip install 'shannon-verify[dask]'``);
  the workers of a remote cluster need shannon-verify installed.

Only the coordinating process (the caller of :meth:`Backend.run`) sees the results,
so only it writes to the results store.

>>> with make_backend(jobs=1) as b:
...     sorted(b.run(pow, [(2, 3), (3, 2)]))
[8, 9]
>>> make_backend(jobs=1).describe()
'serial'
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import InputError

__all__ = ["Backend", "Serial", "Processes", "Dask", "make_backend", "cpu_count", "interrupt_on_term", "stops_deferred", "DASK_HELP"]

DASK_HELP = "--dask needs the optional packages dask and distributed: pip install 'shannon-verify[dask]'."


def cpu_count() -> int:
    """Cores this process may use (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


class Backend:
    """Base class; use as a context manager so workers are stopped on the way out."""

    name = "serial"
    jobs = 1

    def run(self, fn: Callable, tasks: Iterable[tuple]) -> Iterator[Any]:
        """Yield ``fn(*t)`` for every ``t`` in ``tasks``, in order of completion."""
        raise NotImplementedError

    def describe(self) -> str:
        """A short description for the store, e.g. ``'processes×2'``."""
        return self.name if self.jobs == 1 and self.name == "serial" else f"{self.name}×{self.jobs}"

    def close(self, cancel: bool = False) -> None:
        """Stop the workers; with ``cancel`` do not wait for running tasks."""

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self.close(cancel=exc_type is not None)
        return False


class Serial(Backend):
    """Every task in this process, in the given order."""

    def run(self, fn, tasks):
        for t in tasks:
            yield fn(*t)


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt


def _term_kills_forked_children() -> None:  # pragma: no cover - runs in a forked child
    # A child forked under interrupt_on_term (a pool worker, a solver process with a time
    # limit) must die on terminate(), not raise KeyboardInterrupt: a Python handler waits
    # for C code (a SAT call) to return, and a worker that survives is left behind.
    if signal.getsignal(signal.SIGTERM) is _raise_interrupt:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


os.register_at_fork(after_in_child=_term_kills_forked_children)


@contextmanager
def interrupt_on_term() -> Iterator[None]:
    """Inside: SIGTERM stops the run as Ctrl-C does (a ``KeyboardInterrupt`` in the
    coordinating process), so ``kill PID`` ends a run started in the background — where
    the shell has SIGINT ignored — with its finished shards stored and the run marked
    interrupted, resumable.  Outside the main thread nothing changes.  Processes forked
    inside keep SIGTERM's default, so terminating them still ends them at once.

    >>> with interrupt_on_term():
    ...     signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    True
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


@contextmanager
def stops_deferred() -> Iterator[None]:
    """Inside: a Ctrl-C or SIGTERM is noted, not acted on; on leaving, the first one is raised
    again with the handlers restored, so it does what it would have done (a
    ``KeyboardInterrupt``, or the default end of the process).  For starting threads:
    ``Thread.start`` (a ``ThreadPoolExecutor``'s ``submit``) waits on a Condition, and a
    ``KeyboardInterrupt`` raised between its release and its ``try`` leaves the run with
    "RuntimeError: release unlocked lock" instead of a stop (CI of 2026-12-05).  A signal
    ignored stays ignored.  Outside the main thread nothing changes.  Never around a fork
    without exec (a ``fork`` process pool starting its workers): the child would keep the
    noting handler and ignore the SIGTERM that ends it.

    >>> before = signal.signal(signal.SIGINT, signal.default_int_handler)  # not ignored (a job started with &)
    >>> with stops_deferred():
    ...     signal.getsignal(signal.SIGINT).__name__
    '_note'
    >>> signal.getsignal(signal.SIGINT) is signal.default_int_handler
    True
    >>> _ = signal.signal(signal.SIGINT, before)
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []

    def _note(signum, frame):
        came.append(signum)

    before = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(sig) not in (signal.SIG_IGN, None):  # None: a handler not set from Python
            before[sig] = signal.signal(sig, _note)
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
        if came:
            signal.raise_signal(came[0])


def _ignore_sigint() -> None:  # pragma: no cover - runs in the workers
    # Ctrl-C goes to the coordinator, which cancels the run and stops the workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()


def _die_with_parent() -> None:  # pragma: no cover - runs in the workers
    """Linux: the kernel kills this worker when its coordinator dies, even by SIGKILL
    (``prctl(PR_SET_PDEATHSIG, SIGKILL)``); elsewhere nothing."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
        if os.getppid() == 1:  # the coordinator died before the call
            os._exit(1)
    except (OSError, AttributeError):
        pass


class WorkersStopped(RuntimeError):
    """A task's worker was stopped under it (the run was interrupted)."""


class Processes(Backend):
    """Local worker processes (a ``ProcessPoolExecutor`` with ``jobs`` workers)."""

    name = "processes"

    def __init__(self, jobs: int):
        from concurrent.futures import ProcessPoolExecutor

        self.jobs = jobs
        self._pending: set = set()  # futures of run() not yet done: close(cancel=True) ends them
        self._pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_sigint)
        # Start the workers now, before progress bars start threads in this process
        # (forking a process with threads may deadlock the child).
        self._pool.submit(int).result()

    def run(self, fn, tasks):
        from concurrent.futures import as_completed

        futures = [self._pool.submit(fn, *t) for t in tasks]
        self._pending.update(futures)
        try:
            for f in as_completed(futures):
                yield f.result()
        finally:
            for f in futures:
                f.cancel()
            self._pending.difference_update(futures)

    def close(self, cancel=False):
        if cancel:
            procs = list((getattr(self._pool, "_processes", None) or {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for p in procs:  # a shard may take minutes; do not wait for it
                p.terminate()
            for p in procs:  # but do not leave one behind either
                p.join(timeout=5)
                if p.is_alive():
                    p.kill()
                    p.join(timeout=5)
            # a task that was running is never finished by the stopped pool: end it here, so
            # that no thread of this process waits for it (a statement run side by side)
            from concurrent.futures import InvalidStateError

            for f in list(self._pending):
                try:
                    if f.cancelled():  # cancelled by the shutdown, but no waiter was told
                        f.set_running_or_notify_cancel()
                    elif not f.done():
                        f.set_exception(WorkersStopped("the workers were stopped"))
                except (InvalidStateError, RuntimeError):  # finished, or told, meanwhile
                    pass
        else:
            self._pool.shutdown(wait=True)


class Dask(Backend):
    """A Dask cluster: ``address`` of a scheduler, or ``'local'`` for a LocalCluster of ``jobs`` workers."""

    name = "dask"

    def __init__(self, address: str, jobs: int):
        try:
            import logging

            from distributed import Client, LocalCluster
        except ImportError:
            raise InputError(DASK_HELP) from None
        self.address = address
        self._cluster = None
        if address == "local":
            self.jobs = jobs
            self._cluster = LocalCluster(
                n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR
            )
            self._client = Client(self._cluster)
        else:
            try:
                self._client = Client(address, timeout="10s")
            except (OSError, TimeoutError, ValueError):
                raise InputError(f"Cannot reach the Dask scheduler at {address}.") from None
            self.jobs = max(1, sum(w.get("nthreads", 1) for w in self._client.scheduler_info()["workers"].values()))

    def describe(self):
        return f"dask local×{self.jobs}" if self.address == "local" else f"dask {self.address}"

    def run(self, fn, tasks):
        from distributed import as_completed

        futures = [self._client.submit(fn, *t, pure=False) for t in tasks]
        try:
            for f in as_completed(futures):
                yield f.result()
        finally:
            self._client.cancel([f for f in futures if not f.done()])

    def close(self, cancel=False):
        self._client.close()
        if self._cluster is not None:
            self._cluster.close()


def make_backend(jobs: int | None = None, dask: str | None = None) -> Backend:
    """The backend for ``--jobs`` and ``--dask``: Dask if ``dask`` is given, else
    processes when ``jobs > 1``, else serial.  ``jobs=None`` means all cores."""
    jobs = cpu_count() if jobs is None else jobs
    if jobs < 1:
        raise InputError("--jobs must be at least 1.")
    if dask:
        return Dask(dask, jobs)
    return Processes(jobs) if jobs > 1 else Serial()
