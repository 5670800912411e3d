"""Shards: the unit of work of a sweep.

A *shard* is ``(statement id, n, res, mod)``: the statement checked on the games
(terminal pairs up to automorphism) of those connected ``n``-vertex graphs that
nauty's ``geng`` puts in part ``res`` of ``mod`` (``geng -c n res/mod``).  The ``mod``
parts of one ``n`` are disjoint and together hold every graph once, so shards are
independent: they can run in any order, on any machine, and be merged afterwards.
A shard may name a graph class (``graphs``, a :class:`~verify.graph_class.GraphClass`
spec): the statement is then checked on the class's graphs only (geng with the class's
flags, whose ``mod`` parts split the class).

:func:`run_shard` is a pure function of the shard: it loads the statement by id (a
paper statement, or a user statement ``FILE.py::NAME`` for ``hunt``), so it can be
sent to another process or a Dask worker by name, and it returns a
:class:`ShardResult` with the counts, the order keys of every failing game and the
witness of the smallest one (relabelled canonically and checked again, as
:func:`verify.registry.run_statement` does).

>>> r = run_shard("TSD.T12", 5, 0, 2)
>>> (r.statement, r.n, r.res, r.mod, r.verdict, r.failures)
('TSD.T12', 5, 0, 2, 'holds', [])
>>> default_mod(6), default_mod(7), default_mod(9)
(1, 8, 512)
>>> run_shard("TSD.T12", 6, graphs="maxdeg=2").instances  # the path P6 (9 pairs) and C6 (3)
12
"""

from __future__ import annotations

import functools
import time
from dataclasses import asdict, dataclass, field
from typing import NamedTuple

from ..errors import InputError
from ..registry.runner import check_games, clean_verdict, counting, failure_verdict, smallest_witness
from ..registry.domain import default_mod
from ..registry.statement import Statement
from ..backing import recording

__all__ = ["Shard", "ShardResult", "run_shard", "finish_shard", "load_statement", "default_mod", "shards_of", "class_spec"]


class Shard(NamedTuple):
    """One shard: ``run_shard(*shard)`` computes it."""

    statement: str
    n: int
    res: int = 0
    mod: int = 1
    source: str | None = None  # "FILE.py::NAME" of a user statement; None for a paper statement
    graphs: str = ""  # a graph class spec restricting the statement's games ("": as registered)


@dataclass
class ShardResult:
    """What one shard found.

    ``failures`` holds the order key ``(n, m, canonical graph6, canonical terminals)``
    of every failing game of the shard (for kind ``ex``: every exhibiting game),
    ``witness`` the witness dict of the smallest one (as in
    :attr:`verify.registry.Result.witness`) or None, ``verdict`` the shard's own
    verdict and ``seconds`` the time the shard took where it ran.
    """

    statement: str
    n: int
    res: int
    mod: int
    instances: int = 0
    hypothesis: int = 0
    failures: list = field(default_factory=list)
    witness: dict | None = None
    verdict: str = ""
    seconds: float = 0.0
    oracles: list = field(default_factory=list)
    audit: dict = field(default_factory=dict)  # the plain-route re-check of a sample (verify.sweep.audit)
    commit: str = ""  # the code that computed it (verify.sweep.provenance.code_commit)
    derived: dict = field(default_factory=dict)  # sub-instances concluded by a lemma, not checked

    def to_dict(self) -> dict:
        """A JSON-ready dict."""
        return asdict(self)


def shards_of(statement: str, n: int, mod: int, source: str | None = None, graphs: str = "") -> list[Shard]:
    """The ``mod`` shards of ``n`` for one statement (on the graph class ``graphs``).

    >>> [s.res for s in shards_of("TSD.T12", 7, 3)]
    [0, 1, 2]
    """
    return [Shard(statement, n, r, mod, source, graphs) for r in range(mod)]


@functools.lru_cache(maxsize=None)
def load_statement(statement_id: str, source: str | None = None, graphs: str | None = None) -> Statement:
    """The statement ``statement_id``: a paper statement, or from ``source`` (``FILE.py::NAME``);
    with ``graphs`` (a graph class spec) restricted to that class
    (:func:`~verify.registry.registry.restricted`).

    >>> load_statement("TSD.T12").id
    'TSD.T12'
    >>> load_statement("TSD.T12", graphs="maxdeg=3").domain
    GameDomain('maxdeg=3')
    """
    if graphs:
        from ..registry import restricted

        return restricted(load_statement(statement_id, source), graphs)
    if source is not None:
        from ..registry.user import load_user_statement

        return load_user_statement(source)
    from ..registry import REGISTRY, load_paper_statements

    load_paper_statements()
    if statement_id not in REGISTRY:
        raise InputError(f"No statement {statement_id} is registered (see 'shannon-verify list').")
    return REGISTRY[statement_id]


def class_spec(st: Statement) -> str:
    """The spec of the graph class ``st`` is checked on (``""``: all graphs, or not games).

    >>> class_spec(load_statement("TSD.T12")), class_spec(load_statement("TSD.T12", graphs="planar"))
    ('', 'planar')
    """
    gc = st.graph_class
    return "" if gc is None else gc.spec


TICK = None
"""When set (by :func:`verify.sweep.sweep` for an in-process run with a progress bar),
called once per instance checked by :func:`run_shard` in this process."""


def _ticking(instances):
    tick = TICK
    for inst in instances:
        yield inst
        tick()


def run_shard(statement_id: str, n: int, res: int = 0, mod: int = 1, source: str | None = None, graphs: str = "") -> ShardResult:
    """Check one statement on the games of one geng shard (of the graph class ``graphs``);
    see the module docstring."""
    start = time.perf_counter()
    st = load_statement(statement_id, source, graphs or None)
    from .audit import Auditor
    from .provenance import code_commit

    out = ShardResult(statement_id, n, res, mod, commit=code_commit())
    instances = st.domain.instances(n, res=res, mod=mod)
    derived = counting()
    auditor = Auditor(st, counter=derived)
    with recording() as rec, derived:
        out.instances, out.hypothesis, keyed = check_games(st, instances if TICK is None else _ticking(instances), auditor)
    out.oracles = sorted(rec.names)
    out.derived = derived.record()
    out.audit = auditor.record()
    finish_shard(st, out, keyed)
    out.seconds = time.perf_counter() - start
    return out


def finish_shard(st: Statement, out: ShardResult, keyed: list) -> None:
    """Fill in ``out``'s failures, witness and verdict from the failing games ``keyed``
    ((order key, canonical game) pairs); the smallest is checked again."""
    if keyed:
        out.failures = sorted(k for k, _ in keyed)
        _, out.witness = smallest_witness(st, keyed)
        out.verdict = failure_verdict(st)
    else:
        out.verdict = clean_verdict(st, out.hypothesis)[0]
