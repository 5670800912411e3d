"""A statement recorded as refuted pins exactly what differs; any other change must fail.

Tables pin their differing cells (``Table.recorded``: n, column, computed, published);
game statements pin their smallest counterexample (``Statement.refuted_by``).  A new
differing cell, a changed value in a pinned cell, a pinned cell that now agrees, or a
different smallest counterexample each make the registered statement *fail* — in
``run_statement``, ``check`` (exit 1) and ``table`` (exit 1).
"""

from __future__ import annotations

import dataclasses
import json
from unittest import mock

import pytest

from verify.cli import main
from verify.registry import REGISTRY, load_paper_statements, run_statement

load_paper_statements()


def shifted(meta, delta=7, only=None):
    """The table's computed rows with every numeric cell (or the cells ``only`` = {(n, key)}) shifted by ``delta``."""
    table = meta["table"]

    def compute(n, **kw):
        row = table.compute(n, **kw)
        cols = {k: (v + delta if isinstance(v, int) and not isinstance(v, bool) and (only is None or (n, k) in only) else v)
                for k, v in row.columns.items()}
        return dataclasses.replace(row, columns=cols)

    return {**meta, "table": dataclasses.replace(table, compute=compute)}


def with_published(meta, n, header, value):
    table = meta["table"]
    i = table.headers.index(header)
    pub = dict(table.published)
    pub[n] = tuple(value if j == i else x for j, x in enumerate(pub[n]))
    return {**meta, "table": dataclasses.replace(table, published=pub)}


def run_tab3(meta=None):
    st = REGISTRY["LNK.TAB3"]
    with mock.patch.object(st, "meta", meta or st.meta):
        return run_statement(st, max_n=8, emit=False)


def test_refuted_tables_are_refuted_exactly_as_recorded():
    for sid, n in (("LNK.TAB2", 5), ("LNK.TAB3", 8)):
        r = run_statement(REGISTRY[sid], max_n=n, emit=False)
        assert r.verdict == "refuted", (sid, r.reason)
        assert "exactly the recorded cells" in r.reason


def test_adding_seven_to_every_computed_cell_fails():
    st = REGISTRY["LNK.TAB3"]
    r = run_tab3(shifted(st.meta))
    assert r.verdict == "fails" and "a new differing cell" in r.reason


def test_a_changed_value_in_a_pinned_cell_fails():
    st = REGISTRY["LNK.TAB3"]
    r = run_tab3(shifted(st.meta, 2, only={(8, "links")}))
    assert r.verdict == "fails"
    assert "n=8 links: computed 15, the recorded refutation has 13 (published 14)" in r.reason
    r = run_tab3(shifted(st.meta, 1, only={(8, "links")}))  # 14: now as the paper says
    assert r.verdict == "fails" and "n=8 links: now agrees with the paper; the recorded refutation had computed 13, published 14" in r.reason


def test_a_pinned_cell_that_now_agrees_fails():
    st = REGISTRY["LNK.TAB3"]
    r = run_tab3(with_published(st.meta, 8, "links", 13))
    assert r.verdict == "fails" and "n=8 links: now agrees with the paper; the recorded refutation had computed 13, published 14" in r.reason
    r = run_tab3(shifted(st.meta, -1, only={(4, "s_irr")}))
    assert r.verdict == "fails" and "n=4 S-irr.: now agrees with the paper; the recorded refutation had computed 1, published 0" in r.reason


def test_a_tampered_published_cell_fails():
    st = REGISTRY["LNK.TAB3"]
    r = run_tab3(with_published(st.meta, 6, "links", 3))
    assert r.verdict == "fails" and "n=6 links" in r.reason


def test_check_and_table_exit_1_on_a_tampered_cell(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    st = REGISTRY["LNK.TAB3"]
    assert main(["check", "LNK.TAB3", "--max-n", "8", "--no-store", "--no-progress"]) == 0
    with mock.patch.object(st, "meta", shifted(st.meta, 7)):
        assert main(["check", "LNK.TAB3", "--max-n", "8", "--no-store", "--no-progress", "--jobs", "1"]) == 1
    capsys.readouterr()
    table = st.meta["table"]
    assert main(["table", "LNK.TAB3", "--max-n", "8", "--no-progress", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "refuted" and data["as_recorded"] and data["problems"] == []
    pub = dict(table.published)
    pub[6] = (3,) + tuple(pub[6][1:])
    with mock.patch("verify.cli.table.get_table", lambda _id: dataclasses.replace(table, published=pub)):
        assert main(["table", "LNK.TAB3", "--max-n", "8", "--no-progress"]) == 1
    assert "not as on record" in capsys.readouterr().out


def test_tsd_table1_reading_r2_is_pinned(capsys):
    assert main(["table", "TSD.TAB1", "--max-n", "6", "--reading", "R2", "--no-progress"]) == 0
    assert "exactly the cells on record" in capsys.readouterr().out
    from verify.papers.tsd.table1 import TAB1

    assert TAB1.judge([], "R2", range(4, 5))[0] == "fails"  # R2 agreeing at n = 4 would be news


def test_a_table_recorded_as_refuted_without_pins_is_an_error():
    from verify.errors import StatementError

    st = REGISTRY["LNK.TAB3"]
    unpinned = {**st.meta, "table": dataclasses.replace(st.meta["table"], recorded={})}
    with pytest.raises(StatementError, match="recorded as refuted but its table pins no differing cells"):
        run_tab3(unpinned)


@pytest.mark.parametrize("sid", sorted(i for i, s in REGISTRY.items() if s.expect == "refuted" and s.kind != "table"))
def test_a_game_statement_refuted_by_another_counterexample_fails(sid):
    st = REGISTRY[sid]
    n = st.refuted_by[0]
    assert run_statement(st, max_n=n, emit=False).verdict == "refuted"
    other = (st.refuted_by[0], "another")
    with mock.patch.object(st, "refuted_by", other):
        r = run_statement(st, max_n=n, emit=False)
    assert r.verdict == "fails" and "not by the recorded counterexample" in r.reason


def test_refuted_by_is_the_stored_counterexample():
    """The pinned key is the counterexample stored under the checkout's counterexamples/<ID>/."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "counterexamples"
    for sid, st in REGISTRY.items():
        if st.expect == "refuted" and st.kind != "table":
            folder = root / sid
            stored = [st.domain.witness_key(json.loads(p.read_text())) for p in sorted(folder.glob("*.json"))]
            assert stored == [st.refuted_by], sid


def test_registering_a_refuted_statement_without_its_counterexample_is_refused():
    from verify import statement
    from verify.errors import InputError

    with pytest.raises(InputError, match="pin its counterexample with refuted_by"):
        statement("MY.X", kind="thm", expect="refuted", register=False)


def test_tests_run_in_a_temporary_folder():
    """``check`` keeps its last run and store under the working folder: in a test that is a temporary one."""
    from pathlib import Path

    from verify.registry import runner

    root = Path(__file__).resolve().parents[1]
    assert Path.cwd().resolve() != root and root not in Path.cwd().resolve().parents
    assert root not in Path(runner.COUNTEREXAMPLES).resolve().parents
