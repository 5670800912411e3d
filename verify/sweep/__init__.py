"""Sweeps: statements checked shard by shard on a backend, with every shard result stored.

* :mod:`~verify.sweep.shards` — a shard ``(statement, n, res, mod)`` and the pure
  function :func:`run_shard` that computes it;
* :mod:`~verify.sweep.backends` — serial, local processes, or a Dask cluster;
* :mod:`~verify.sweep.store` — the SQLite results store that makes runs resumable;
* :mod:`~verify.sweep.sweep` — :func:`sweep`, which submits, stores and merges, and
  returns the same :class:`~verify.registry.Result` as
  :func:`~verify.registry.run_statement`;
* :mod:`~verify.sweep.plan` — the run plan of ``check``, ``hunt`` and the pytest plugin
  (:class:`Plan`: statements, ``n`` ranges, code hashes, shards, one pass or side by side,
  audit, timeout) and :func:`run_plan`/:func:`execute`, which run it.
"""

from .backends import Backend, Dask, Processes, Serial, make_backend
from .shards import Shard, ShardResult, default_mod, load_statement, run_shard
from .store import DEFAULT_STORE, Store
from .sweep import merge, sweep
from .plan import Plan, execute, run_plan

__all__ = [
    "Shard",
    "ShardResult",
    "run_shard",
    "load_statement",
    "default_mod",
    "Backend",
    "Serial",
    "Processes",
    "Dask",
    "make_backend",
    "Store",
    "DEFAULT_STORE",
    "sweep",
    "merge",
    "Plan",
    "run_plan",
    "execute",
]
