"""``pytest theorems``: the shared body of the items (one per registered statement), as a fixture.

A statement the paper states as true fails its test when violated, printing the
counterexample; an example (``ex``) passes when its witness is found; a vacuous run
fails (the check never met its hypothesis, so it proved nothing).  A statement
recorded as refuted passes only when its smallest counterexample is exactly the one
stored under ``counterexamples/<ID>/`` (same order key: n, m, graph6, terminals): a
different or a larger witness fails the test.  A refuted statement with no stored
counterexample gets one written, and the test fails until it is reviewed and committed.
"""

from __future__ import annotations

import json

import pytest

from verify.registry import REGISTRY, run_statement
from verify.registry.runner import COUNTEREXAMPLES, emit_counterexample


def stored_witness_keys(st) -> list[tuple]:
    """Order keys of the counterexamples stored for ``st`` (directly in its folder)."""
    folder = COUNTEREXAMPLES / st.id
    keys = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        keys.append(st.domain.witness_key(json.loads(path.read_text())))
    return keys


def check_registered(sid: str, max_n: int | None) -> None:
    st = REGISTRY[sid]
    depth = st.tier_depth if max_n is None else max_n
    refuted = st.kind != "ex" and st.expect == "refuted"
    r = run_statement(st, max_n=depth, emit=not refuted)
    summary = f"{sid}: {r.verdict} on n={r.n_min}..{r.n_max}, {r.instances} instances, hypothesis {r.hypothesis_true}"
    if st.kind == "ex":
        assert r.verdict == "found", summary
    elif refuted:
        assert r.verdict == "refuted", summary + " (recorded as refuted, but no counterexample was found)"
        if st.kind == "table":  # a table's witness is its differing cells, listed in the reason
            return
        got = st.domain.witness_key(r.witness)
        stored = stored_witness_keys(st)
        if not stored:
            smallest = st.domain.from_witness(r.witness)
            path = emit_counterexample(st, smallest, r.witness)
            raise AssertionError(f"{sid}: no stored counterexample to pin; wrote {path}: review and commit it")
        assert stored == [got], f"{sid}: smallest counterexample {got} differs from the stored {stored}"
    else:
        assert r.verdict == "holds", f"{summary}; counterexample: {r.witness_path}\n{r.witness}"
        assert r.hypothesis_true > 0


@pytest.fixture
def check_statement(request):
    """``check_statement(sid, max_n)``: run one registered statement as the tier does
    (``--max-n N``, or the plugin's ``--sv-max-n N``, raises the depth)."""
    sv_max_n = request.config.getoption("--sv-max-n", default=None)
    return lambda sid, max_n: check_registered(sid, max_n if max_n is not None else sv_max_n)
