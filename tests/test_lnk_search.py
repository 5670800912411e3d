"""LNK search: the pruned search against the plain one, every link against plain minimax,
the whole search against a minimax-only search, derived strong links against the direct
search, and the ``links`` command."""

import json

import pytest

from verify.cli import main
from verify.papers.lnk.named import FIXTURES
from verify.papers.lnk.search import (
    derived_strong_links,
    minimal_links,
    minimax_discrepancies,
    minimax_search,
    pair_orbits,
    parse_graph6_masks,
    search,
)


def keys(links):
    return [l.key for l in links]


@pytest.mark.parametrize("strong", [False, True])
@pytest.mark.parametrize("n", range(2, 8))
def test_pruned_equals_plain(n, strong):
    assert keys(search(n, strong=strong, method="pruned")) == keys(search(n, strong=strong, method="plain"))


@pytest.mark.deep
@pytest.mark.parametrize("strong", [False, True])
@pytest.mark.parametrize("n", [8, 9])
def test_pruned_equals_plain_deep(n, strong):
    assert keys(search(n, strong=strong, method="pruned")) == keys(search(n, strong=strong, method="plain"))


@pytest.mark.parametrize("strong", [False, True])
@pytest.mark.parametrize("n", range(2, 8))
def test_every_link_agrees_with_minimax(n, strong):
    for link in minimal_links(n, strong=strong):
        assert minimax_discrepancies(link) == [], link.to_json()


@pytest.mark.deep
@pytest.mark.parametrize("strong", [False, True])
@pytest.mark.parametrize("n", [8, 9])
def test_every_link_agrees_with_minimax_deep(n, strong):
    for link in minimal_links(n, strong=strong):
        assert minimax_discrepancies(link) == [], link.to_json()


@pytest.mark.parametrize("strong", [False, True])
@pytest.mark.parametrize("n", range(2, 7))
def test_minimax_only_search(n, strong):
    assert minimax_search(n, strong=strong) == keys(minimal_links(n, strong=strong))


@pytest.mark.deep
@pytest.mark.parametrize("strong", [False, True])
def test_minimax_only_search_n7(strong):
    assert minimax_search(7, strong=strong) == keys(minimal_links(7, strong=strong))


@pytest.mark.parametrize("w", [0, 2, 4])
def test_derived_strong_links_equal_direct(w):
    assert keys(derived_strong_links(w)) == keys(minimal_links(w + 2, strong=True))


@pytest.mark.deep
def test_derived_strong_links_weight6_equal_direct_and_count_13():
    """Table 3 prints 14 minimal strong links of weight 6; both ways give 13 (a finding)."""
    derived, direct = keys(derived_strong_links(6)), keys(minimal_links(8, strong=True, method="plain"))
    assert derived == direct
    assert len(direct) == 13


def test_counts_small():
    assert [len(minimal_links(n)) for n in range(2, 9)] == [0, 1, 0, 1, 0, 5, 0]
    assert [len(minimal_links(n, strong=True)) for n in range(2, 9)] == [1, 0, 1, 0, 2, 0, 13]


def test_graph6_parser_matches_networkx():
    import networkx as nx

    from verify.graphs import geng_lines

    for line in geng_lines(6):
        n, adj = parse_graph6_masks(line)
        g = nx.from_graph6_bytes(line.encode())
        assert all(adj[i] == sum(1 << j for j in g.neighbors(i)) for i in range(n))


def test_pair_orbits_match_terminal_pairs():
    import networkx as nx

    from verify.graphs import geng_lines, terminal_pairs

    for line in geng_lines(6):
        n, adj = parse_graph6_masks(line)
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
        assert pair_orbits(n, adj, pairs) == terminal_pairs(nx.from_graph6_bytes(line.encode()))


def test_fixtures_are_found_by_the_search():
    from verify.graphs import canonical_game

    for name in ("W1", "W3", "W5A", "W5B", "W5X"):
        cg, g6 = canonical_game(FIXTURES[name])
        assert (cg.n, cg.m, g6, tuple(cg.terminals)) in keys(minimal_links(cg.n)), name


def test_cli_links_json(capsys):
    assert main(["links", "--n", "7", "--json", "--minimax"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(rows) == 5 and all(r["minimax"] == "agrees" for r in rows)
    assert sorted(len(r["pivots"]) for r in rows) == [1, 1, 1, 1, 2]
    assert {"graph6", "terminals", "weight", "p", "d_s", "d_t", "d_max", "m", "edges", "pivots", "articulation"} <= set(rows[0])


def test_cli_links_text_and_strong(capsys):
    assert main(["links", "--n", "6", "--strong", "--method", "plain"]) == 0
    out = capsys.readouterr().out
    assert "2 minimal strong links on 6 vertices" in out


@pytest.mark.parametrize("n", ["1", "12", "-3"])
def test_cli_links_bad_n(capsys, n):
    assert main(["links", "--n", n]) == 2
    err = capsys.readouterr().err
    assert "--n must be between 2 and 11" in err and "Traceback" not in err


def test_cli_links_python_engine_stops_at_10(capsys):
    assert main(["links", "--n", "11", "--engine", "python"]) == 2
    err = capsys.readouterr().err
    assert "--engine c" in err and "Traceback" not in err


@pytest.mark.parametrize("n", range(3, 9))
def test_sieved_search_equals_pruned(n):
    """The paper's method (sieve of §3.1, then the surviving pairs) finds the same links."""
    assert keys(search(n, method="sieved")) == keys(minimal_links(n))


@pytest.mark.deep
def test_sieved_search_equals_pruned_n9():
    assert keys(search(9, method="sieved")) == keys(minimal_links(9))


def test_sieve_counts_small():
    from verify.papers.lnk.sieve import sieve_counts

    c = sieve_counts(7)
    assert c["graphs"] == 853 and c["kept"] + sum(c["rejected"].values()) == 853
    assert c["kept"] >= len({l.graph6 for l in minimal_links(7)})


def test_cli_links_gallery(tmp_path, capsys):
    out = tmp_path / "w5.png"
    assert main(["links", "--n", "7", "--gallery", str(out)]) == 0
    assert out.stat().st_size > 0


def test_search_shards_partition_the_links():
    parts = [keys(search(7, res=r, mod=3)) for r in range(3)]
    assert sorted(k for p in parts for k in p) == keys(minimal_links(7))


def test_cli_sieve_counts_and_sieved_method(capsys):
    assert main(["links", "--n", "7", "--sieve-counts"]) == 0
    c = json.loads(capsys.readouterr().out)
    assert c["graphs"] == 853 and c["kept"] == 10
    assert main(["links", "--n", "7", "--method", "sieved", "--strong"]) == 2
    assert "weak links" in capsys.readouterr().err
