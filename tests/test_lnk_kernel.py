"""LNK compiled search (links_kernel.c via verify.papers.lnk.kernel): the C sieve against
the Python sieve graph by graph, the C search against the Python sieved, pruned and plain
searches, the Python re-check of what the kernel reports, shards, the store and the
``links --engine c`` command."""

import json

import pytest

from verify.cli import main
from verify.errors import InputError, ShannonVerifyError
from verify.graphs import geng_lines
from verify.papers.lnk.kernel import c_search, c_sieve, geng_options, kernel_exe, recheck
from verify.papers.lnk.search import minimal_links, parse_graph6_masks, search
from verify.papers.lnk.sieve import sieve_counts, sieve_pairs

pytestmark = pytest.mark.skipif(kernel_exe(required=False) is None, reason="no C compiler")


def keys(links):
    return [l.key for l in links]


@pytest.mark.parametrize("n", range(3, 9))
def test_c_sieve_equals_python_sieve_graph_by_graph(n):
    c = c_sieve(n)
    py = {}
    for line in geng_lines(n):
        pairs, _ = sieve_pairs(*parse_graph6_masks(line))
        if pairs is not None:
            py[line.strip()] = pairs
    assert c == py


@pytest.mark.parametrize("n", range(3, 9))
def test_c_rejection_counts_equal_python(n):
    _, st = c_search(n, jobs=1, mod=1)
    py = sieve_counts(n)
    assert (st["graphs"], st["kept"], st["rejected"]) == (py["graphs"], py["kept"], py["rejected"])


@pytest.mark.parametrize("n", range(2, 9))
def test_c_search_equals_python_searches(n):
    links, st = c_search(n)
    assert st["complete"] and st["links"] == len(links)
    assert keys(links) == keys(search(n, method="sieved")) == keys(minimal_links(n))
    if n <= 7:
        assert keys(links) == keys(search(n, method="plain"))


@pytest.mark.deep
def test_c_search_equals_python_searches_n9():
    links, st = c_search(9, jobs=2, mod=4)
    assert len(links) == 36 and st["graphs"] == 261080
    assert keys(links) == keys(search(9, method="sieved")) == keys(search(9)) == keys(minimal_links(9))
    assert [a.to_json() for a in minimal_links(9)] == [b.to_json() for b in search(9)]


@pytest.mark.deep
def test_c_strong_search_equals_python_n9():
    from verify.papers.lnk.kernel import c_strong_search

    assert keys(c_strong_search(9)[0]) == keys(search(9, strong=True)) == keys(minimal_links(9, strong=True))


def test_minimal_links_from_n9_are_the_compiled_searches(monkeypatch):
    """The default route of the domains from n = 9 (the Python search is the deep tests' oracle)."""
    from verify.backing import recording
    from verify.papers.lnk import search as S

    monkeypatch.setattr(S, "_CACHE", {})
    with recording() as r:
        nine = minimal_links(9)
    assert S.COMPILED_FROM_N == 9 and len(nine) == 36 and "lnk-kernel" in r.names
    with recording() as r:
        eight = minimal_links(8)
    assert eight == () and "lnk-kernel" not in r.names


def test_c_pivots_and_fields_match_python():
    for a, b in zip(c_search(7)[0], minimal_links(7)):
        assert a.to_json() == b.to_json()


def test_recheck_rejects_a_false_kernel_link():
    """A kernel bug that reports a non-link is caught: the triangle is not a minimal weak link."""
    with pytest.raises(ShannonVerifyError, match="disagrees"):
        recheck([("Bw", 0, 1)])
    assert [l.graph6 for l in recheck([("BW", 0, 1), ("BW", 1, 0)])] == ["Bo"]


def test_a_lossy_kernel_is_caught_by_the_comparison():
    """Mutant: a kernel that drops the raw links of one graph loses a link class, and the
    comparison with the Python search sees it."""
    from verify.papers.lnk import kernel

    out, _ = kernel.run_shard(7)
    raw, _ = kernel.parse_output(out)
    lossy = [r for r in raw if r[0] != raw[0][0]]
    assert keys(recheck(lossy)) != keys(minimal_links(7))


def test_shards_partition_the_links():
    parts = [c_search(7, jobs=1, mod=3, residues=[r]) for r in range(3)]
    assert not parts[0][1]["complete"] and sum(p[1]["graphs"] for p in parts) == 853
    assert sorted({k for p in parts for k in keys(p[0])}) == keys(minimal_links(7))
    nine = [c_search(9, jobs=2, mod=5, residues=[r])[1] for r in range(5)]
    assert sum(p["graphs"] for p in nine) == 261080 and sum(p["kept"] for p in nine) == 891
    assert all(p["geng_cpu"] >= 0 and p["kernel_cpu"] > 0 for p in nine)


def test_geng_bound_only_from_n10():
    assert geng_options(9) == [] and geng_options(10) == ["-D6"] and geng_options(11) == ["-D7"]
    assert geng_options(11, bounds=False) == []


def test_store_resume_and_refusals(tmp_path):
    store = tmp_path / "s.jsonl"
    links, st = c_search(7, mod=3, residues=[0], store=store)
    assert st["shards_done"] == 1 and not st["complete"]
    with pytest.raises(InputError, match="--resume"):
        c_search(7, mod=3, store=store)
    with pytest.raises(InputError, match="another run"):
        c_search(7, mod=4, store=store, resume=True)
    with store.open("a") as f:  # a line cut short by a killed run is redone
        f.write('{"res": 1, "sec')
    links, st = c_search(7, mod=3, store=store, resume=True)
    assert st["complete"] and keys(links) == keys(minimal_links(7))
    assert len(store.read_text().splitlines()) == 4  # header and shards 0, 1, 2 (the cut line dropped)


def test_cli_engine_c_equals_python(capsys):
    assert main(["links", "--n", "7", "--engine", "c", "--json"]) == 0
    c_rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert main(["links", "--n", "7", "--engine", "python", "--json"]) == 0
    py_rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert c_rows == py_rows and len(c_rows) == 5


def test_cli_engine_c_text_partial_and_store(capsys, tmp_path):
    assert main(["links", "--n", "9", "--engine", "c", "--mod", "4", "--shards", "0-1"]) == 0
    assert "PARTIAL: 2 of 4 shards" in capsys.readouterr().out
    store = str(tmp_path / "s.jsonl")
    assert main(["links", "--n", "7", "--engine", "c", "--store", store]) == 0
    assert "5 minimal weak links on 7 vertices (C engine" in capsys.readouterr().out
    assert main(["links", "--n", "7", "--engine", "c", "--store", store, "--mod", "3", "--resume"]) == 2
    assert "another run" in capsys.readouterr().err


@pytest.mark.parametrize("argv, msg", [
    (["--n", "7", "--engine", "c", "--strong"], "C engine"),
    (["--n", "7", "--engine", "c", "--method", "plain"], "C engine"),
    (["--n", "7", "--engine", "c", "--shards", "x"], "--shards"),
    (["--n", "7", "--engine", "c", "--mod", "3", "--shards", "2-5"], "0..2"),
    (["--n", "7", "--engine", "c", "--resume"], "--store"),
    (["--n", "7", "--engine", "python", "--store", "x"], "C engine"),
    (["--n", "7", "--engine", "c", "--jobs", "0"], "--jobs"),
])
def test_cli_engine_c_bad_input(capsys, argv, msg):
    assert main(["links", *argv]) == 2
    err = capsys.readouterr().err
    assert msg in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("n", range(2, 9))
def test_c_strong_search_equals_python(n):
    from verify.papers.lnk.kernel import c_strong_search

    links, st = c_strong_search(n)
    assert keys(links) == keys(minimal_links(n, strong=True))
    if n <= 7:
        assert keys(links) == keys(search(n, strong=True, method="plain"))


def test_c_strong_search_equals_derived():
    from verify.papers.lnk.kernel import c_strong_search
    from verify.papers.lnk.search import derived_strong_links

    for w in (2, 4, 6):
        assert keys(c_strong_search(w + 2)[0]) == keys(derived_strong_links(w))


def test_recheck_rejects_a_false_strong_link():
    with pytest.raises(ShannonVerifyError, match="minimal strong link"):
        recheck([("BW", 0, 1)], strong=True)


@pytest.mark.deep
def test_domains_from_n10_come_from_the_compiled_searches():
    """minimal_links(10) (no geng bound) and minimal_links(11) (the stored run) give the
    paper's Table 1 counts 24 and 953 (the oracle here); strong n = 10 gives our 272
    (the paper's Table 3 says 304: README, Findings)."""
    ten = minimal_links(10)
    assert len(ten) == 24 and {l.key for l in ten} == {l.key for l in c_search(10)[0]}
    assert len(minimal_links(11)) == 953
    assert len(minimal_links(10, strong=True)) == 272
