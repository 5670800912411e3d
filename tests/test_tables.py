"""TSD Table 1: the C kernel against the pure-Python oracle, the rows against the paper,
wrong variants that must not reproduce it, the registry branch and the CLI."""

import dataclasses
import json
import subprocess

import networkx as nx
import pytest

from verify.cli import main
from verify.graphs import connected_graphs, find_geng, geng_lines
from verify.registry import REGISTRY, load_paper_statements, run_statement
from verify.papers.tsd.table1 import TAB1
from verify.tables import get_table
from verify.papers.tsd import table1 as T
from verify.tables.kernel import compiled, find_cc
from verify.papers.tsd.published import TSD_TAB1

load_paper_statements()
needs_tools = pytest.mark.skipif(find_cc() is None or find_geng() is None, reason="needs gcc and geng")


def lines(n):
    return list(geng_lines(n))


# --- kernel against oracle -----------------------------------------------------------


@needs_tools
def test_kernel_agrees_with_oracle_on_every_graph_up_to_7():
    g6 = [line for n in range(1, 8) for line in lines(n)]
    got = T.kernel_flags(g6)
    assert [g for g, _ in got] == g6
    bad = [(g, f, T.graph_flags(nx.from_graph6_bytes(g.encode()))) for g, f in got]
    bad = [b for b in bad if b[1] != b[2]]
    assert not bad, bad[:5]
    assert len(g6) == 1 + 1 + 2 + 6 + 21 + 112 + 853


@needs_tools
def test_kernel_agrees_with_oracle_on_totals_at_8():
    kernel, method = T.histogram(8)
    oracle, pmethod = T.histogram(8, python=True)
    assert (method, pmethod) == ("kernel", "python")
    assert kernel == oracle and sum(kernel) == 11117


@needs_tools
def test_sharding_does_not_change_totals():
    assert T.histogram(7, shards=5, jobs=2)[0] == T.histogram(7, shards=1, jobs=1)[0]


@needs_tools
def test_kernel_rejects_a_bad_line():
    exe = compiled(T.KERNEL_SOURCE)
    p = subprocess.run([str(exe)], input="Bw\nnot graph6\n", capture_output=True, text=True)
    assert p.returncode == 2 and p.stderr.startswith("Line 2 is not a graph6 string")


@needs_tools
def test_kernel_reads_larger_graphs_like_networkx():
    """graph6 decoding across 64-bit word boundaries (n = 12 and 20, random graphs)."""
    gs = [nx.gnp_random_graph(n, 0.4, seed=s) for n in (12, 20) for s in range(10)]
    got = T.kernel_flags(nx.to_graph6_bytes(g, header=False).decode().strip() for g in gs)
    for g, (_, f) in zip(gs, got):
        if g.number_of_nodes() <= 12:
            assert f == T.graph_flags(g)
        assert bool(f & T.S_FREE) == (not any(T.is_simplicial(g, v) for v in g))
        assert bool(f & T.PERP_FREE_R1) == (not any(T.transverse_r1(g, v, w) or T.transverse_r1(g, w, v) for v, w in g.edges))
        assert bool(f & T.PERP_FREE_R2) == (g.number_of_edges() == 0)  # U = V - w is always surrounded
        assert bool(f & T.TF2) == (sum(T.is_triangle_free(g, v) for v in g) >= 2)


def test_python_fallback_warns_and_agrees(monkeypatch):
    monkeypatch.setenv("SHANNON_VERIFY_CC", "/nonexistent/gcc")
    with pytest.warns(RuntimeWarning, match="No C compiler"):
        row = TAB1.compute(6, jobs=1)
    assert row.method == "python" and TAB1.select(row, "R1") == TSD_TAB1[6]


# --- the oracle's definitions ----------------------------------------------------------


def test_definitions_on_small_graphs():
    k1 = nx.empty_graph(1)
    assert T.is_simplicial(k1, 0)  # an isolated vertex is simplicial
    assert T.graph_flags(k1) == T.PERP_FREE_R1 | T.PERP_FREE_R2
    c4 = nx.cycle_graph(4)
    assert T.graph_flags(c4) == T.S_FREE | T.PERP_FREE_R1 | T.TF2
    paw = nx.Graph([(0, 1), (1, 2), (0, 2), (2, 3)])
    assert [T.is_triangle_free(paw, v) for v in range(4)] == [False, False, False, True]
    assert T.transverse_r1(paw, 3, 2) and not T.transverse_r1(paw, 2, 3)


def test_set_reading_makes_every_edge_transverse():
    """Without terminals w surrounds V − w, so under R2 every edge is transverse."""
    for n in range(2, 6):
        for g in connected_graphs(n):
            assert all(T.transverse_r2(g, v, w) and T.transverse_r2(g, w, v) for v, w in g.edges)
            assert all(T.surrounds(g, w, set(g) - {w}) for w in g)


# --- rows against the paper --------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 9))
def test_rows_match_the_paper_under_r1(n):
    row = TAB1.compute(n)
    assert TAB1.mismatches(row, "R1") == []
    assert TAB1.select(row, "R1") == TSD_TAB1[n]


def test_set_reading_does_not_reproduce_the_paper():
    row = TAB1.compute(4)
    assert [m["column"] for m in TAB1.mismatches(row, "R2")] == ["⊥-free", "4 & 5"]
    assert row.columns["perp_free_r2"] == 0


def test_column_6_is_columns_4_and_5():
    rows = [TAB1.compute(n) for n in range(1, 9)]
    got = {label: same for _, label, same, _ in TAB1.alternative_matches(rows)}
    assert sorted(got.values()) == [5, 5, 8]
    assert next(label for label, same in got.items() if same == 8).startswith("⊥-free/R1 and ≥2")


@pytest.mark.deep
def test_row_9_matches_the_paper():
    assert TAB1.mismatches(TAB1.compute(9), "R1") == []


# --- wrong variants must not reproduce the paper -------------------------------------------


def _mutant_rows(flags, max_n=6):
    out = {}
    for n in range(1, max_n + 1):
        hist = [0] * 16
        for g in connected_graphs(n):
            hist[flags(g)] += 1
        out[n] = T.columns(hist)
    return out


def _flags_with(g, simplicial=T.is_simplicial, min_tf=2, transverse=T.transverse_r1):
    f = 0
    f |= T.S_FREE if not any(simplicial(g, v) for v in g) else 0
    f |= T.PERP_FREE_R1 if not any(transverse(g, v, w) or transverse(g, w, v) for v, w in g.edges) else 0
    f |= T.TF2 if sum(T.is_triangle_free(g, v) for v in g) >= min_tf else 0
    return f


MUTANTS = {
    "isolated vertex not simplicial": lambda g: _flags_with(g, simplicial=lambda g, v: g.degree(v) > 0 and T.is_simplicial(g, v)),
    "one triangle-free vertex is enough": lambda g: _flags_with(g, min_tf=1),
    "open neighbourhood of w": lambda g: _flags_with(g, transverse=lambda g, v, w: g.has_edge(v, w) and set(g[v]) <= set(g[w])),
}


def test_unmutated_variant_reproduces_the_paper():
    rows = _mutant_rows(_flags_with)
    assert all(tuple(rows[n][k] for k in TAB1.readings["R1"]) == TSD_TAB1[n] for n in rows)


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_wrong_variant_mismatches(name):
    rows = _mutant_rows(MUTANTS[name])
    assert any(tuple(rows[n][k] for k in TAB1.readings["R1"]) != TSD_TAB1[n] for n in rows), name


# --- registry ----------------------------------------------------------------------------


def test_registered_as_table_and_holds():
    st = REGISTRY["TSD.TAB1"]
    assert st.kind == "table" and st.meta["table"] is TAB1
    r = run_statement(st, max_n=7)
    assert (r.verdict, r.n_min, r.hypothesis_true, r.instances) == ("holds", 1, 7, 996)


def test_registry_reports_mismatching_cells():
    st = REGISTRY["TSD.TAB1"]
    wrong = dict(TSD_TAB1)
    wrong[5] = (21, 4, 3, 10, 2)
    bad = dataclasses.replace(st, meta={"table": dataclasses.replace(TAB1, published=wrong)})
    r = run_statement(bad, max_n=6)
    assert r.verdict == "fails" and r.witness_path is None
    assert r.witness["details"]["mismatches"] == [{"n": 5, "column": "⊥-free", "computed": 2, "published": 3}]
    assert "n=5 ⊥-free: computed 2, published 3" in r.reason
    other = dataclasses.replace(st, meta={"table": TAB1, "reading": "R2"})
    assert run_statement(other, max_n=4).verdict == "fails"


def test_registry_refuses_rows_beyond_the_safe_limit():
    from verify import InputError

    with pytest.raises(InputError, match="above n = 11"):
        run_statement(REGISTRY["TSD.TAB1"], min_n=12, max_n=12)


# --- CLI ---------------------------------------------------------------------------------


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_json(capsys):
    code, out, _ = run(capsys, "table", "TSD.TAB1", "--max-n", "5", "--json", "--no-progress")
    data = json.loads(out)
    assert code == 0 and data["matches"] and data["reading"] == "R1" and data["mismatched_cells"] == 0
    assert [r["n"] for r in data["rows"]] == [1, 2, 3, 4, 5]
    assert data["rows"][3]["computed"] == list(TSD_TAB1[4]) == data["rows"][3]["published"]
    assert data["rows"][3]["readings"]["R2"]["mismatches"][0]["column"] == "⊥-free"
    assert {"n", "graphs", "computed", "published", "mismatches", "columns", "seconds", "method"} <= set(data["rows"][0])


def test_cli_text_flags_mismatching_cells(capsys):
    code, out, _ = run(capsys, "table", "TSD.TAB1", "--min-n", "4", "--max-n", "4", "--reading", "R2", "--no-progress")
    assert code == 0 and "exactly the cells on record" in out  # R2 differs from the paper exactly as recorded
    row = next(line for line in out.splitlines() if line.split()[:1] == ["4"])
    assert row.count("*") == 2
    assert any(line.startswith("paper") and line.split()[1:] == [str(x) for x in TSD_TAB1[4]] for line in out.splitlines())
    code, out, _ = run(capsys, "table", "TSD.TAB1", "--max-n", "4", "--no-progress")
    assert code == 0 and "reading R1: all 20 published cells match" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["TSD.TAB9"], "No table TSD.TAB9; known tables: LNK.TAB1, LNK.TAB2, LNK.TAB3, TSD.TAB1."),
        (["TSD.TAB1", "--max-n", "12"], "Rows above n = 11 would take days; add --force to run them anyway."),
        (["TSD.TAB1", "--max-n", "40", "--force"], "--max-n must be at most 32."),
        (["TSD.TAB1", "--min-n", "5", "--max-n", "4"], "Need 1 ≤ --min-n ≤ --max-n; got 5 and 4."),
        (["TSD.TAB1", "--reading", "R3"], "TSD.TAB1 has no reading 'R3'; choose one of R1, R2."),
        (["TSD.TAB1", "--max-n", "3", "--jobs", "0"], "--jobs must be at least 1."),
    ],
)
def test_cli_errors_are_one_sentence(capsys, argv, message):
    code, _, err = run(capsys, "table", *argv)
    assert code == 2 and err.strip() == f"shannon-verify table: error: {message}"


def test_get_table_unknown():
    from verify import InputError

    with pytest.raises(InputError):
        get_table("LNK.TAB9")


@pytest.mark.parametrize("tid", ["TSD.TAB1", "LNK.TAB1", "LNK.TAB2", "LNK.TAB3"])
def test_the_default_rows_are_never_refused(tid):
    """``table ID`` with no options computes rows up to the safe limit, never refusing its own default."""
    import argparse

    from verify.cli.table import _check_args, get_table

    args = argparse.Namespace(reading=None, max_n=None, min_n=1, force=False, jobs=1, json=True)
    lo, hi, _, _ = _check_args(get_table(tid), args)
    assert lo == 1 and hi == min(max(get_table(tid).published), get_table(tid).safe_max_n)
