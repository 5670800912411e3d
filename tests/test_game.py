"""The reduced-graph model: delete, short, equality, neighbourhoods, networkx interop."""

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from verify import Game, InputError
from verify.strategies import games


def test_short_makes_neighbourhood_a_clique_then_deletes():
    g = Game.from_edges("0-2,2-3,2-4,3-1", terminals=(0, 1))
    h = g.short(2)
    assert set(h.vertices) == {0, 1, 3, 4}
    assert {frozenset(e) for e in h.edges()} == {frozenset(e) for e in [(0, 3), (0, 4), (3, 4), (3, 1)]}
    assert g.delete(2).edges() == [(1, 3)]


def test_equality_is_vertex_set_edge_set_and_terminals():
    a = Game([0, 1, 2], [(0, 2), (2, 1)], (0, 1))
    b = Game([2, 1, 0], [(1, 2), (2, 0)], (1, 0))
    assert a == b and hash(a) == hash(b)
    assert a != Game([0, 1, 2], [(0, 2)], (0, 1))
    assert a != Game([0, 1, 2], [(0, 2), (2, 1)], (0, 2))


@given(games(min_n=4, max_n=8), st.data())
def test_delete_and_short_commute(g, data):
    free = g.nonterminals()
    u, v = data.draw(st.lists(st.sampled_from(free), min_size=2, max_size=2, unique=True))
    assert g.delete(u).short(v) == g.short(v).delete(u)
    assert g.short(u).short(v) == g.short(v).short(u) == g.short([u, v])
    assert g.delete(u).delete(v) == g.delete([u, v])


@given(games(min_n=3, max_n=8, connected=False), st.data())
def test_short_of_a_set_joins_neighbours_of_each_component(g, data):
    s = set(data.draw(st.lists(st.sampled_from(g.nonterminals()), unique=True)))
    nxg = g.to_networkx()
    expected = nxg.copy()
    for comp in nx.connected_components(nxg.subgraph(s)):
        nb = g.set_neighbours(comp)
        expected.add_edges_from((a, b) for a in nb for b in nb if a != b)
    expected.remove_nodes_from(s)
    assert g.short(s) == Game.from_networkx(expected, g.terminals)


def test_neighbourhoods():
    g = Game.from_edges("0-2,2-3,3-1,3-4", terminals=(0, 1))
    assert g.neighbours(3) == {1, 2, 4}
    assert g.closed_neighbours(3) == {1, 2, 3, 4}
    assert g.set_neighbours({2, 3}) == {0, 1, 4}
    assert g.closed_set_neighbours({2, 3}) == {0, 1, 2, 3, 4}
    assert g.is_clique([2, 3]) and not g.is_clique([2, 3, 4])
    assert set(g.induced({2, 3, 4}).edges) == {(2, 3), (3, 4)}


@given(games(max_n=8, connected=False))
def test_networkx_and_graph6_round_trip(g):
    assert Game.from_networkx(g.to_networkx(), g.terminals) == g
    assert Game.from_graph6(g.to_graph6(), g.terminals) == g


def test_errors():
    with pytest.raises(InputError, match="Terminal 7 is not a vertex of a 6-vertex graph"):
        Game(range(6), [], (0, 7))
    with pytest.raises(InputError, match="self-loop"):
        Game(range(3), [(1, 1)], (0, 2))
    with pytest.raises(InputError, match="listed twice"):
        Game(range(3), [(0, 1), (1, 0)], (0, 2))
    with pytest.raises(InputError, match="two different vertices"):
        Game(range(3), [], (1, 1))
    with pytest.raises(InputError, match="cannot be deleted or shorted"):
        Game(range(3), [(0, 2)], (0, 1)).short(0)
    with pytest.raises(InputError, match="not a vertex"):
        Game(range(3), [(0, 2)], (0, 1)).delete(5)
