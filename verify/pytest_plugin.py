"""The pytest plugin: statements defined with ``@statement`` in any test module are test items.

Installed with the package (the ``pytest11`` entry point ``shannon_verify``), so in any
project, after ``pip install shannon-verify``, a test module may write

.. code-block:: python

    from verify import statement, dead_vertices

    @statement("MY.PENDANT", kind="conj", max_n=6)
    def pendant_vertices_are_dead(game):
        pendants = [v for v in game.nonterminals() if game.degree(v) == 1]
        return None if not pendants else set(pendants) <= dead_vertices(game)

and plain ``pytest`` collects ``MY.PENDANT`` as one item, checks it exhaustively on every
connected game (terminal pairs up to automorphism) up to ``--sv-max-n`` vertices
(default 6; never above the statement's own ``max_n``), and

* fails a statement that fails, with its smallest counterexample (graph6, terminals,
  the details its check returned) and the command reproducing it;
* fails a vacuous statement (its hypothesis never held, so nothing was checked);
* fails an example (``kind="ex"``) that is not found, and one recorded as refuted whose
  recorded counterexample is not the smallest one found;
* reports an exhausted budget or Ctrl-C as a failure saying ``unknown`` — never a pass.

``-k MY.PENDANT`` selects it.  ``--sv-jobs J`` runs the shards on J processes,
``--sv-dask ADDRESS`` on a Dask scheduler (``local`` for an embedded cluster);
``--sv-out DIR`` also writes each counterexample (JSON and picture) under ``DIR/<ID>/``.
Only statements *defined* in the collected module are items (one imported from
elsewhere is not collected twice).  The same rules as ``shannon-verify hunt`` apply:
the statement is loaded from its file again in worker processes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

__all__ = ["StatementItem"]


def pytest_addoption(parser) -> None:
    group = parser.getgroup("shannon-verify", "shannon-verify statements")
    group.addoption("--sv-max-n", type=int, default=None, metavar="N",
                    help="check @statement items on every game up to N vertices (default 6; in this project's "
                         "theorems/, the depth of every paper statement)")
    group.addoption("--sv-jobs", type=int, default=1, metavar="J", help="worker processes per statement (default 1)")
    group.addoption("--sv-dask", default=None, metavar="ADDRESS", help="run the shards on this Dask scheduler ('local': embedded)")
    group.addoption("--sv-out", default=None, metavar="DIR", help="write each counterexample (JSON, picture) under DIR/<ID>/")


def pytest_pycollect_makeitem(collector, name, obj):
    from .registry.statement import Statement

    if not isinstance(obj, Statement) or obj.kind == "table":
        return None
    module = getattr(collector, "obj", None)
    check = obj.check
    if module is None or getattr(check, "__module__", None) != module.__name__ or getattr(check, "__name__", None) != name:
        return None  # imported from elsewhere, or bound under another name: not this module's statement
    return StatementItem.from_parent(collector, name=obj.id, statement=obj, function_name=name)


class StatementFailed(Exception):
    """A statement item's failure, shown without a traceback."""


class StatementItem(pytest.Item):
    """One ``@statement`` checked exhaustively as a test item."""

    def __init__(self, *, statement, function_name: str, **kw) -> None:
        super().__init__(**kw)
        self.statement = statement
        self.function_name = function_name
        self.add_marker(pytest.mark.shannon_verify)

    def runtest(self) -> None:
        from .errors import InputError
        from .sweep import make_backend
        from .sweep.plan import Entry, Plan, run_plan

        st = self.statement
        cfg = self.config
        max_n = cfg.getoption("--sv-max-n") or 6
        max_n = min(max_n, st.max_n)
        if max_n < st.min_n:
            raise StatementFailed(f"{st.id}: --sv-max-n {max_n} is below its smallest n ({st.min_n}); nothing to check.")
        jobs, dask, out = cfg.getoption("--sv-jobs"), cfg.getoption("--sv-dask"), cfg.getoption("--sv-out")
        if jobs < 1:
            raise InputError("--sv-jobs must be at least 1.")
        source = f"{Path(str(self.path)).resolve()}::{self.function_name}"
        # the plan of 'check' and 'hunt' (verify.sweep.plan) with this one statement, already loaded, and no store;
        # workers elsewhere load it again from its file
        plan = Plan("check", [Entry(st.id, source if (jobs > 1 or dask) else None, st.min_n, max_n)], out=out,
                    emit=out is not None)
        backend = make_backend(jobs, dask)
        try:
            r = run_plan(plan, backend=backend, jobs=jobs, loaded={st.id: st})[0][0]
        finally:
            backend.close()
        self.user_properties.append(("shannon_verify", r.to_json()))
        summary = (f"{st.id}: {r.verdict} on n = {r.n_min}..{r.n_max} ({r.instances} instances, "
                   f"hypothesis true {r.hypothesis_true} times)")
        if st.kind == "ex":
            if r.verdict != "found":
                raise StatementFailed(f"{summary}: no example found")
            return
        if st.expect == "refuted":
            if r.verdict != "refuted":
                raise StatementFailed(f"{summary}: recorded as refuted" + (f" ({r.reason})" if r.reason else ""))
            return
        if r.verdict == "fails":
            w = r.witness or {}
            lines = [f"{summary}: FAILS", f"smallest counterexample: {st.domain.describe(w)}",
                     f"details: {w.get('details')}"]
            lines.append(f"reproduce: shannon-verify hunt {self.path}::{self.function_name} --max-n {w.get('n', max_n)}")
            if r.witness_path:
                lines.append(f"written to {r.witness_path}")
            raise StatementFailed("\n".join(lines))
        if r.verdict == "vacuous":
            raise StatementFailed(f"{summary}: vacuous — the hypothesis never held, so nothing was checked")
        if r.verdict != "holds":
            raise StatementFailed(f"{summary}" + (f" ({r.reason})" if r.reason else ""))

    def repr_failure(self, excinfo, style=None):
        from .errors import ShannonVerifyError

        if isinstance(excinfo.value, (StatementFailed, ShannonVerifyError)):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, None, f"statement {self.statement.id}"


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "shannon_verify: a @statement checked exhaustively by shannon-verify")
