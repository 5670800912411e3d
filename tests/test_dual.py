"""Dual graphs for Cut (verify.papers.tsd.dual_graph): SAT search against brute force, certificates, errors."""

from itertools import combinations

import networkx as nx
import pytest

from verify import Game
from verify.papers.tsd.dual_graph import C1, C2, find_dual, find_dual_brute, has_outer_terminals, is_dual, separator_family
from verify.errors import TooLargeError
from verify.graphs import connected_games


@pytest.mark.parametrize("n", [3, 4, 5])
def test_sat_and_brute_force_agree(n):
    for g in connected_games(n):
        for literal in (False, True):
            d = find_dual(g, literal)
            assert (d is None) == (find_dual_brute(g, literal) is None), (g.edges(), g.terminals, literal)
            if d is not None:
                assert is_dual(g, d)
                if literal:
                    inner = {frozenset(e) for e in d.edges if C1 not in e and C2 not in e}
                    assert inner == {frozenset(e) for e in g.to_networkx().subgraph(g.nonterminals()).edges}


def test_square_has_a_dual_but_no_literal_one():
    square = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))
    assert has_outer_terminals(square)
    assert find_dual(square, literal=True) is None
    d = find_dual(square)
    assert d.has_edge(2, 3) and not d.has_edge(C1, C2)


def _short_nx(d, z):
    h = d.copy()
    nb = list(h[z])
    h.remove_node(z)
    h.add_edges_from(combinations(nb, 2))
    return h


def test_short_and_delete_commute_with_duality():
    """D − Y is a dual of G ∗ Y and D ∗ Z one of G − Z (on every game n ≤ 6, single vertices)."""
    for g in connected_games(6):
        d = find_dual(g)
        for v in g.nonterminals():
            assert is_dual(g.short(v), d.subgraph(set(d) - {v}))
            assert is_dual(g.delete(v), _short_nx(d, v))


def test_wrong_dual_is_rejected():
    path = Game.from_edges("0-2,2-3,3-1", terminals=(0, 1))  # separators {2} and {3}
    d = nx.Graph([(C1, 2), (2, C2)])
    d.add_node(3)
    assert not is_dual(path, d)  # {3} separates but does not connect c1 to c2
    d.add_edges_from([(C1, 3), (3, C2)])
    assert is_dual(path, d)


def test_separator_family_of_a_path():
    path = Game.from_edges("0-2,2-3,3-1", terminals=(0, 1))
    assert separator_family(path) == ([frozenset({2}), frozenset({3})], [frozenset()])


def test_too_large_is_refused():
    big = Game.from_edges(",".join(f"0-{i},{i}-1" for i in range(2, 12)), terminals=(0, 1))
    with pytest.raises(TooLargeError, match="at most 9 non-terminals"):
        find_dual(big)
    with pytest.raises(TooLargeError, match="at most 4 non-terminals"):
        find_dual_brute(Game.from_edges("0-2,2-3,3-4,4-5,5-6,6-1", terminals=(0, 1)))


def test_k5_minus_edge_terminals_is_not_outer_planar_case():
    """K5 with the terminals non-adjacent: G + st = K5 is not planar."""
    g = Game.from_edges("0-2,0-3,0-4,1-2,1-3,1-4,2-3,2-4,3-4", terminals=(0, 1))
    assert not has_outer_terminals(g)
