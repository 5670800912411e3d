"""What backs a verdict: the decision procedures a check consulted, recorded as it runs.

A ``holds`` is only as good as what decided each instance.  Every check of
``shannon-verify check`` enumerates its instances exhaustively (the count is in the
result); the *answers* on each instance come from decision procedures of very different
standing.  Each procedure calls :func:`used` with its name when it answers, and the
runner records, per statement, the set of names used (:class:`recording`; shards run in
other processes send theirs back with their results).  The report then says, for every
verdict, what backs it:

``python``
    an exhaustive search written in Python, simple enough to read (the trusted oracles:
    plain minimax, the memoised solver, brute force over colourings);
``kernel``
    a compiled C kernel: its answers are cross-checked against a Python oracle on every
    small case in ``tests/``, but in this run they are the kernel's word;
``sat``
    a SAT solver's answer, not certified here (``prove --proof`` certifies UNSAT answers);
``smt``
    z3's word (no checkable proof).

>>> with recording() as r:
...     used("minimax"); used("dead-sat")
>>> sorted(r.names), describe(r.names)
(['dead-sat', 'minimax'], 'induced-path SAT query (SAT solver, unchecked); plain minimax (Python)')
"""

from __future__ import annotations

__all__ = ["ORACLES", "used", "recording", "apart", "remembered", "describe", "standing"]

ORACLES: dict[str, tuple[str, str]] = {
    "minimax": ("python", "plain minimax"),
    "fast": ("python", "memoised Shannon solver"),
    "multi": ("python", "multi-Shannon solver"),
    "mustplay": ("python", "must-play Shannon solver"),
    "strategy": ("python", "strategy checker"),
    "dead-brute": ("python", "brute force over colourings"),
    "dead-paths": ("python", "induced-path search"),
    "dead-sat": ("sat", "induced-path SAT query"),
    "dead-map": ("python", "induced paths built from shortest paths, dead rules"),
    "dead-smt": ("smt", "flip formula in z3"),
    "dual-sat": ("sat", "dual-graph SAT search"),
    "dual-smt": ("smt", "dual-graph definition in z3"),
    "dual-built": ("python", "dual graph built from a planar embedding and checked on every vertex set"),
    "hex-python": ("python", "Fig. 13 WINVALUE"),
    "hex-kernel": ("kernel", "Hex kernel hexsolve.c"),
    "hex-sat": ("sat", "Hex SAT query"),
    "lnk-kernel": ("kernel", "LNK link kernel"),
    "tsd-kernel": ("kernel", "TSD Table 1 kernel"),
    "shannon-kernel": ("kernel", "compiled Shannon solver shannon_kernel.c"),
    "dead-kernel": ("kernel", "compiled dead-vertex oracle dead_kernel.c"),
}

STANDING = {"python": "Python", "kernel": "C kernel, cross-checked in tests", "sat": "SAT solver, unchecked",
            "smt": "z3's word"}

import threading

_local = threading.local()  # the open recordings of each thread (``check`` runs statements in threads)


def _open() -> list:
    try:
        return _local.active
    except AttributeError:
        _local.active = []
        return _local.active


def used(name: str) -> None:
    """Record that the decision procedure ``name`` (a key of :data:`ORACLES`) answered,
    in every recording open in this thread.  (Code that hands work to threads of its own
    records its procedure in the calling thread as well.)"""
    for r in _open():
        r.names.add(name)


class recording:
    """``with recording() as r:`` — ``r.names`` is the set of procedures used inside
    (recordings nest; each is closed by identity, never by an equal set)."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def __enter__(self) -> "recording":
        _open().append(self)
        return self

    def __exit__(self, *exc) -> None:
        close_last(_open(), self)


def close_last(active: list, obj) -> None:
    """Remove the last entry of the stack ``active`` that *is* ``obj`` (by identity: an
    equal one opened elsewhere stays)."""
    for k in range(len(active) - 1, -1, -1):
        if active[k] is obj:
            del active[k]
            break


class apart:
    """``with apart():`` — the procedures used inside are recorded in no recording opened
    outside it (an audit's re-check by another route is not what decided the run)."""

    def __enter__(self) -> "apart":
        self.saved = _open()
        _local.active = []
        return self

    def __exit__(self, *exc) -> None:
        _local.active = self.saved


def remembered(cache: dict, key, compute):
    """``cache[key]``, computed by ``compute()`` on a miss; the procedures used then are
    remembered beside the value and recorded again on every hit, so a cached answer is
    backed by what computed it.

    >>> cache = {}
    >>> def slow():
    ...     used("minimax"); return 42
    >>> remembered(cache, "k", slow)
    42
    >>> with recording() as r:
    ...     remembered(cache, "k", slow)
    42
    >>> sorted(r.names)
    ['minimax']
    """
    hit = cache.get(key)
    if hit is None:
        with recording() as r:
            value = compute()
        cache[key] = hit = (value, frozenset(r.names))
    for name in hit[1]:
        used(name)
    return hit[0]


def standing(names) -> str:
    """The weakest standing among ``names``: ``smt`` < ``sat`` < ``kernel`` < ``python``;
    ``"python"`` for none (the statement's own Python code decided)."""
    order = ["smt", "sat", "kernel", "python"]
    kinds = {ORACLES.get(n, ("python", n))[0] for n in names}
    return next((k for k in order if k in kinds), "python")


def describe(names) -> str:
    """One line: each procedure and its standing, sorted by name."""
    if not names:
        return "the statement's own Python code"
    out = []
    for n in sorted(names):
        kind, what = ORACLES.get(n, ("python", n))
        out.append(f"{what} ({STANDING[kind]})")
    return "; ".join(out)
