"""Hand-made cases from TSD §5, each decided by all four methods."""

import pytest

from verify import Game, InputError, TooLargeError, classify, dead_edges, dead_vertices, is_dead_edge, is_dead_vertex
from verify.dead import brute, check_live_certificate

METHODS = ["brute", "paths", "sat", "smt"]


@pytest.mark.parametrize("method", METHODS)
def test_pendant_vertex_is_dead(method):
    g = Game.from_edges("0-2,2-1,2-3", terminals=(0, 1))  # 3 is pendant
    assert dead_vertices(g, method) == {3}
    assert dead_edges(g, method) == {(2, 3)}


@pytest.mark.parametrize("method", METHODS)
def test_simplicial_vertex_is_dead(method):
    # 4 is adjacent to the triangle 2,3 (edge 2-3): simplicial, dead (T13 example)
    g = Game.from_edges("0-2,2-3,3-1,2-4,3-4", terminals=(0, 1))
    v = is_dead_vertex(g, 4, method)
    assert v.dead and "TSD.T13" in v.theorems


@pytest.mark.parametrize("method", METHODS)
def test_edge_across_terminal_neighbourhood_is_dead(method):
    # 2 and 3 both neighbour terminal 0 (T15)
    g = Game.from_edges("0-2,0-3,2-3,2-1,3-1", terminals=(0, 1))
    v = is_dead_edge(g, 2, 3, method)
    assert v.dead and "TSD.T15" in v.theorems
    assert dead_vertices(g, method) == set()


@pytest.mark.parametrize("method", METHODS)
def test_fig11_kind_of_transverse_edge(method):
    # Fig. 11's kind: w surrounds Γ[v] (corollary II of T14), so vw is dead although
    # v itself is live.  t1=0 - a - w - b - t2=1 with v adjacent to a, w, b.
    g = Game.from_edges("0-a,a-w,w-b,b-1,v-a,v-w,v-b", terminals=(0, 1))
    assert is_dead_edge(g, "v", "w", method).dead
    assert not is_dead_vertex(g, "v", method).dead
    assert "TSD.T14" in is_dead_edge(g, "v", "w", method).theorems


@pytest.mark.parametrize("method", METHODS)
def test_terminal_surrounded_set_is_dead(method):
    # {3, 4} is surrounded by terminal 0 (T16) although G*3 != G-3
    g = Game.from_edges("0-2,0-5,2-1,5-1,2-3,3-4,4-5", terminals=(0, 1))
    assert dead_vertices(g, method) == {3, 4}
    assert "TSD.T16" in is_dead_vertex(g, 3, method).theorems


@pytest.mark.parametrize("method", METHODS)
def test_adjacent_terminals_kill_everything_but_their_edge(method):
    g = Game.from_edges("0-1,0-2,2-1,2-3", terminals=(0, 1))
    c = classify(g, method)
    assert set(c.dead_vertices) == {2, 3} and c.live_edges == [(0, 1)]


@pytest.mark.parametrize("method", METHODS)
def test_vertices_away_from_the_terminals_are_dead(method):
    g = Game(range(5), [(0, 2), (2, 1), (3, 4)], (0, 1))
    assert dead_vertices(g, method) == {3, 4}


def test_live_certificates_recheck():
    g = Game.from_hex("3x3")
    for v in classify(g, "sat").verdicts.values():
        if not v.dead:
            check_live_certificate(g, v)


def test_non_edge_is_answered_in_g_plus_e():
    g = Game.from_edges("0-2,2-3,3-1", terminals=(0, 1))
    v = is_dead_edge(g, 0, 3)  # adding 0-3 makes it a live shortcut
    assert not v.dead and "not an edge" in v.note
    v = is_dead_edge(g, 2, 3)
    assert not v.dead and not v.note


def test_errors():
    g = Game.from_edges("0-2,2-1", terminals=(0, 1))
    with pytest.raises(InputError, match="is a terminal"):
        is_dead_vertex(g, 0)
    with pytest.raises(InputError, match="not a vertex"):
        is_dead_vertex(g, 9)
    with pytest.raises(InputError, match="Unknown method"):
        dead_vertices(g, "magic")
    with pytest.raises(InputError, match="self-loop"):
        is_dead_edge(g, 2, 2)
    big = Game.from_hex("5x5")
    with pytest.raises(TooLargeError, match="limited to"):
        brute.classify(big, [("vertex", 0)])


def test_empty_hex_board_11x11():
    g = Game.from_hex("11x11")
    c = classify(g)
    assert len(c.live_vertices) == 121 and not c.dead_vertices
    # exactly the edges inside the first and the last row are dead (T15)
    assert len(c.dead_edges) == 20
    assert all({e[0][-1], e[1][-1]} <= {"1"} or (e[0].endswith("11") and e[1].endswith("11")) for e in c.dead_edges)
    assert not c.conflicts()
