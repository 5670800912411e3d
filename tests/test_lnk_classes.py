"""The class search (verify/papers/lnk/classes.py, class_kernel.c): its rules, its
candidates, its links against the unpruned search, its stores and its command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from verify.errors import InputError
from verify.graphs import find_geng
from verify.papers.lnk import independent
from verify.papers.lnk.classes import (CLASS_KERNEL, stored_links, c2_rows, c2_markdown, class_header, class_links, class_mod, class_search,
                                       stored_shards, store_path, unpruned_search, DEFAULT_STORE)
from verify.papers.lnk.kernel import kernel_exe
from verify.papers.lnk.rules import adjacent_degree_two, class_candidates, every_edge_on_induced_path

pytestmark = pytest.mark.skipif(find_geng() is None or kernel_exe(required=False) is None,
                                reason="needs geng and a C compiler")


def _geng(*args: str) -> list[str]:
    return subprocess.run([find_geng(), "-c", "-q", *args], capture_output=True, text=True, check=True).stdout.split()


def _kernel_candidates(lines: list[str], *args: str) -> set[tuple[str, int, int]]:
    out = subprocess.run([str(kernel_exe(source=CLASS_KERNEL)), "-c", *args], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout
    return {(f[1], int(f[2]), int(f[3])) for f in (line.split() for line in out.splitlines()) if f[0] == "C"}


def _with_pendant(g6: str, a: int) -> tuple[int, list[int]]:
    n, rows = independent.decode_graph6(g6)
    rows = list(rows) + [1 << a]
    rows[a] |= 1 << n
    return n + 1, rows


def _g6(n: int, rows) -> str:
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from((i, j) for i in range(n) for j in range(i + 1, n) if rows[i] >> j & 1)
    return nx.to_graph6_bytes(g, header=False).decode().strip()


@pytest.mark.parametrize("n", range(4, 10))
@pytest.mark.parametrize("strong", [False, True])
def test_kernel_candidates_are_the_python_rules(n, strong):
    lines = _geng("-d2", "-D3", str(n))
    c = _kernel_candidates(lines, *(["-S"] if strong else []))
    py = {(g6, s, t) for g6 in lines for s, t in class_candidates(*independent.decode_graph6(g6), strong)}
    assert c == py
    if not strong:  # the pendant input: graphs on n - 1 vertices, a pendant at each vertex of degree < 3
        small = _geng("-d2", "-D3", str(n - 1))
        c = _kernel_candidates(small, "-p", "3")
        py = set()
        for g6 in small:
            m, rows = independent.decode_graph6(g6)
            for a in range(m):
                if bin(rows[a]).count("1") < 3:
                    k, big = _with_pendant(g6, a)
                    py |= {(_g6(k, big), s, t) for s, t in class_candidates(k, big) if m in (s, t)}
        assert c == py


@pytest.mark.parametrize("n", range(4, 8))
def test_rules_r6_r7_r8_exclude_no_minimal_link(n):
    """On every connected graph of n vertices, every pair the rules reject is decided by
    the second solver: never a minimal weak or strong link."""
    rejected = 0
    for g6 in _geng(str(n)):
        m, rows = independent.decode_graph6(g6)
        for s in range(m):
            for t in range(s + 1, m):
                r6 = not every_edge_on_induced_path(m, rows, s, t)
                r7 = adjacent_degree_two(m, rows, s, t)
                pend = [v for v in (s, t) if bin(rows[v]).count("1") == 1]
                r8 = any(bin(rows[(rows[v] & -rows[v]).bit_length() - 1]).count("1") == 2 for v in pend)
                if r6 or r7:
                    rejected += 1
                    assert independent.decide(rows, s, t, False) != "minimal", (g6, s, t)
                    assert independent.decide(rows, s, t, True) != "minimal", (g6, s, t)
                if r8 and m >= 4 and not rows[s] >> t & 1 and not rows[s] & rows[t]:  # R8 given R1, R2
                    assert independent.decide(rows, s, t, False) == "none", (g6, s, t)
    assert rejected > 0


@pytest.mark.parametrize("n", range(4, 11))
@pytest.mark.parametrize("strong", [False, True])
def test_pruned_search_finds_the_links_of_the_unpruned_one(n, strong):
    if strong and n < 5:
        return
    pruned = class_search(n, 3, strong=strong, jobs=1, independent=not strong)[0]
    assert [l.key for l in pruned] == [l.key for l in unpruned_search(n, 3, strong=strong)]


@pytest.mark.parametrize("n", range(5, 9))
def test_maximum_degree_four_as_well(n):
    for strong in (False, True):
        if strong and n < 5:
            continue
        assert ([l.key for l in class_search(n, 4, strong=strong, jobs=1)[0]]
                == [l.key for l in unpruned_search(n, 4, strong=strong)])


@pytest.mark.deep
@pytest.mark.parametrize("strong", [False, True])
def test_pruned_equals_unpruned_n11(strong):
    assert ([l.key for l in class_search(11, 3, strong=strong, jobs=2)[0]]
            == [l.key for l in unpruned_search(11, 3, strong=strong)])


@pytest.mark.parametrize("n", range(4, 11))
def test_class_links_are_the_general_searchs_links_of_degree_at_most_3(n):
    from verify.papers.lnk.search import minimal_links

    assert [l.key for l in class_search(n, 3, jobs=1, independent=False)[0]] == \
        [l.key for l in minimal_links(n) if l.d_max <= 3]


def test_store_records_the_class_and_refuses_another(tmp_path):
    store = tmp_path / "s.jsonl"
    links, st = class_search(9, 3, jobs=1, mod=2, store=store)
    head = {k: v for k, v in json.loads(store.read_text().splitlines()[0]).items() if k != "sum"}
    assert head["class"] == "maxdeg=3" and head == class_header(9, 3, 2, strong=False, all_pairs=False)
    assert stored_shards(store) == (2, 2)
    again, st2 = class_search(9, 3, jobs=1, mod=2, store=store, resume=True)
    assert [l.key for l in again] == [l.key for l in links] and st2["graphs"] == st["graphs"]
    with pytest.raises(InputError, match=r"belongs to another run \(class maxdeg=3, geng"):
        class_search(9, 4, jobs=1, mod=2, store=store, resume=True)
    with pytest.raises(InputError, match="exists; pass --resume"):
        class_search(9, 3, jobs=1, mod=2, store=store)


def test_bad_input():
    with pytest.raises(InputError, match=r"supports 4 ≤ n ≤ 17; got n = 18"):
        class_search(18, 3)
    with pytest.raises(InputError, match=r"--max-degree must lie in 2\.\.8 for n = 9; got 1"):
        class_search(9, 1)


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "verify", *args], capture_output=True, text=True)


def test_links_max_degree_json():
    p = _cli("links", "--n", "9", "--max-degree", "3", "--json", "--no-progress")
    assert p.returncode == 0, p.stderr
    rows = [json.loads(x) for x in p.stdout.splitlines()]
    links, summary = rows[:-1], rows[-1]["summary"]
    assert len(links) == summary["links"] == 7
    assert all(set(r) >= {"graph6", "terminals", "distance", "s_reducible"} and r["d_max"] <= 3 for r in links)
    assert summary["largest_distance"] == max(r["distance"] for r in links)
    assert summary["second_solver"] == summary["raw_links"] > 0 and summary["complete"]


@pytest.mark.parametrize("args,message", [
    (["--n", "18", "--max-degree", "3"], "supports 4 ≤ n ≤ 17"),
    (["--n", "9", "--max-degree", "1"], "--max-degree must lie in 2..8"),
    (["--n", "9", "--max-degree", "3", "--resume"], "--resume needs --store"),
    (["--n", "9", "--max-degree", "3", "--mod", "0"], "--mod must be at least 1"),
    (["--n", "9", "--max-degree", "3", "--engine", "python"], "drop --engine"),
])
def test_links_max_degree_bad_input(args, message):
    p = _cli("links", *args)
    assert p.returncode == 2 and message in p.stderr and "Traceback" not in p.stderr


def test_kept_stores_match_the_rules_of_today():
    """Every store of the C2 run is of today's rules and class, so a later session resumes it."""
    stores = sorted(DEFAULT_STORE.glob("*_n*.jsonl"))
    assert stores, "the C2 run's stores are missing"
    for path in stores:
        kind, n = path.stem.split("_n")
        head = {k: v for k, v in json.loads(path.read_text().splitlines()[0]).items() if k != "sum"}
        assert head == class_header(int(n), 3, head["mod"], strong=kind == "strong", all_pairs=False)
        assert path == store_path(DEFAULT_STORE, int(n), 3, kind == "strong")
    assert class_mod(17, 2) == 512


def test_class_links_read_the_stores_and_know_what_they_lack(tmp_path):
    assert [l.graph6 for l in class_links(5)] == ["DXo"]
    with pytest.raises(TimeoutError, match="no complete class search of n = 16"):
        class_links(16, folder=tmp_path)


def test_the_papers_w5z_chains_are_minimal_weak_links_the_search_finds():
    """§5.1's construction (W5Z with edges between degree-2 vertices replaced by SC1 or
    SC2) gives minimal weak links with d_max = 3 of weight 7, 9, 11, 13, and the class
    search finds every one of them."""
    from verify.graphs import canonical_game
    from verify.papers.lnk.chains import w5z_chains
    from verify.papers.lnk.link import classify_masks
    from verify.solve import FastSolver

    solver, weights = FastSolver(), set()
    for w, recipe, g in w5z_chains():
        gi = g.relabel_to_integers()
        assert classify_masks(solver, gi.adjacency, *gi.terminal_indices, False) == "weak", recipe
        assert max(g.degree(v) for v in g.vertices) == 3, recipe
        cg, cg6 = canonical_game(g)
        assert (cg.n, cg.m, cg6, tuple(cg.terminals)) in stored_links(g.n), recipe  # the kernel's links
        weights.add(w)
    assert weights == {7, 9, 11, 13}


def test_the_docs_tables_are_the_stores():
    """docs/papers/lnk.md's C2 tables are those `python ci/lnk_c2_run.py --docs` makes
    from the stores (run it after the stores change)."""
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("lnk_c2_run", root / "ci" / "lnk_c2_run.py")
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    text = (root / "docs" / "papers" / "lnk.md").read_text()
    assert "<!-- c2-table weak -->\n| weight |" in text
    assert run.docs_tables(text) == text


def test_benchmark_runs():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    p = subprocess.run([sys.executable, str(root / "benchmarks" / "lnk_class.py"), "--n", "7", "--jobs", "1"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    report = json.loads(p.stdout)
    assert report["cli"]["summary"]["links"] == 3 and report["stores"]["cpu_s"] > 0


def test_the_readmes_c2_finding_is_the_stores():
    """The README's C2 sentence: its counts and its smallest link are the stored run's."""
    from pathlib import Path

    from verify.papers.lnk.statements import C2_W15

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    row = [r for r in c2_rows() if r["n"] == 17][0]
    assert row["complete"] and row["links_dmax"] == row["links"] == 4
    assert "**LNK.C2 is false: 4 minimal weak links of weight 15 have d_max = 3**" in readme
    assert f"({row['graphs']:,} graphs, {row['pairs']:,} terminal pairs\n  solved)" in readme
    keys = sorted(stored_links(17))
    assert keys[0] == C2_W15 and f"`{C2_W15[2]}` with terminals\n  15 and 16" in readme
    assert {k[1] for k in keys} == {25}
    assert max(r["largest_distance"] or 0 for r in c2_rows()) == 4
