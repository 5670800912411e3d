"""The two exact solvers agree (minimax on the edge game vs the vertex-game reduction),
and the enumeration of small multigraphs is checked against independent counts."""

import random
from itertools import combinations, product

import networkx as nx
import pytest

from verify.papers.ssg.brute import connect_wins, reduction_connect_wins, vertex_game
from verify.papers.ssg.enum import canonical, canonical_brute, multigraphs, switch_games
from verify.papers.ssg.multigraph import SwitchGame
from verify.solve import FastSolver


def _agree(ns):
    solver = FastSolver()
    count = 0
    for n in ns:
        for g in switch_games(n):
            for first in (True, False):
                assert connect_wins(g, first) == reduction_connect_wins(g, first, solver), (g, first)
                count += 1
    return count


def test_solvers_agree_n_le_4():
    assert _agree(range(2, 5)) == 2 * (2 + 13 + 203)


@pytest.mark.deep
def test_solvers_agree_n5():
    assert _agree([5]) == 2 * 5394


def random_multigraph(rng, n, m, maxmult=3):
    """A connected multigraph: a random spanning tree plus random extra edges."""
    edges = [(rng.randrange(i), i) for i in range(1, n)]
    m = min(m, maxmult * n * (n - 1) // 2)
    while len(edges) < m:
        u, v = rng.sample(range(n), 2)
        e = (min(u, v), max(u, v))
        if edges.count(e) < maxmult:
            edges.append(e)
    rng.shuffle(edges)
    return SwitchGame(n, edges, tuple(rng.sample(range(n), 2)))


@pytest.mark.parametrize("seed", range(4))
def test_solvers_agree_random_to_n8(seed):
    rng = random.Random(seed)
    solver = FastSolver()
    for _ in range(60):
        n = rng.randint(5, 8)
        g = random_multigraph(rng, n, rng.randint(n - 1, min(13, 2 * n)))
        for first in (True, False):
            assert connect_wins(g, first) == reduction_connect_wins(g, first, solver), (g, first)


def test_reduction_shape():
    g = SwitchGame.parse("0-1,0-1,1-2", (0, 2))
    vg = vertex_game(g)
    # edges 0,1 (parallel 0-1) share the non-terminal 1 with each other and with edge 2
    assert vg.edges() == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 4)]


def _labelled_count(n):
    """Connected multigraphs (multiplicity <= 2) on n vertices up to isomorphism, counted from
    all labelled ones with a canonical form by brute-force permutation (no nauty)."""
    pairs = list(combinations(range(n), 2))
    seen = set()
    for mult in product(range(3), repeat=len(pairs)):
        edges = [p for p, k in zip(pairs, mult) for _ in range(k)]
        h = nx.Graph(edges)
        h.add_nodes_from(range(n))
        if not nx.is_connected(h):
            continue
        seen.add(canonical_brute(SwitchGame(n, edges, (0, 1)))[0])
    return len(seen)


def test_simple_graph_counts_match_the_atlas():
    from networkx.generators.atlas import graph_atlas_g

    for n in range(2, 6):
        atlas = sum(1 for g in graph_atlas_g() if g.number_of_nodes() == n and nx.is_connected(g))
        ours = sum(1 for _, e in multigraphs(n) if len(set(e)) == len(e))
        assert ours == atlas


def test_multigraph_counts_independent_n_le_4():
    for n in range(2, 5):
        assert sum(1 for _ in multigraphs(n)) == _labelled_count(n)


@pytest.mark.deep
def test_multigraph_counts_independent_n5():
    assert sum(1 for _ in multigraphs(5)) == _labelled_count(5) == 712


def test_terminal_pairs_up_to_isomorphism_n_le_4():
    for n in range(2, 5):
        games = list(switch_games(n))
        brute = {canonical_brute(g) for g in games}
        assert len(brute) == len(games)  # no two listed games are isomorphic
        # and every pair of every multigraph is represented
        for _, edges in multigraphs(n):
            for a, b in combinations(range(n), 2):
                assert canonical_brute(SwitchGame(n, edges, (a, b))) in brute


def test_canonical_is_invariant():
    rng = random.Random(5)
    for _ in range(50):
        g = random_multigraph(rng, 6, 9, maxmult=2)
        p = list(range(6))
        rng.shuffle(p)
        h = SwitchGame(6, [(p[u], p[v]) for u, v in g.edges], (p[g.terminals[1]], p[g.terminals[0]]))
        assert canonical(g) == canonical(h)
