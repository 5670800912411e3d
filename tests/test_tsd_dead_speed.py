"""TSD.T12's dead items from one enumeration of every induced path (:mod:`verify.dead.allpaths`).

Two independent ways for the new routine: brute force over colourings (the definition,
:mod:`verify.dead.brute`) on every game n ≤ 6 and every terminal pair, and the ``sat``
oracle (induced paths by PySAT, one query per item) on random games n = 8–10.  The
enumeration itself is compared with networkx's simple paths filtered by chordlessness.
T12's n ≥ 8 route gives the same dead sets as the SAT route it replaced (on G, on G
minus its dead edges, on every G + uv), and a perturbed ``allpaths`` reaches the check.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import networkx as nx
import pytest

from verify.dead import allpaths, brute, check_live_certificate, classify, items_of, sat
from verify.dead.common import path_is_induced
from verify.graphs import connected_games, random_game


def _dead_flags(out):
    return {it: v.dead for it, v in out.items()}


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_allpaths_equals_brute_on_every_game(n):
    count = dead = 0
    for g in connected_games(n, all_pairs=True):
        items = items_of(g)
        reference = _dead_flags(brute.classify(g, items))
        assert {it: it in allpaths.dead_items(g, items) for it in items} == reference, g
        out = allpaths.classify(g, items)
        assert _dead_flags(out) == reference, g
        for v in out.values():
            if not v.dead:
                check_live_certificate(g, v)
        count += 1
        dead += sum(reference.values())
    assert count > 0 and (n < 4 or dead > 0)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_induced_paths_are_exactly_the_chordless_simple_paths(n):
    for g in connected_games(n, all_pairs=n <= 5):
        t1, t2 = g.terminal_indices
        got = allpaths.induced_paths(g.adjacency, t1, t2)
        assert len(got) == len(set(got))
        nxg = nx.Graph()
        nxg.add_nodes_from(range(g.n))
        nxg.add_edges_from((i, j) for i in range(g.n) for j in range(i + 1, g.n) if g.adjacency[i] >> j & 1)
        expected = {tuple(p) for p in nx.all_simple_paths(nxg, t1, t2) if path_is_induced(g.adjacency, p, t1, t2)}
        assert set(got) == expected, g


def _compare_with_sat(seed: int, count: int, sizes=(8, 9, 10)):
    rng = random.Random(seed)
    dead = 0
    for k in range(count):
        g = random_game(rng, sizes[k % len(sizes)])
        items = items_of(g)
        reference = _dead_flags(sat.classify(g, items))
        assert {it: it in allpaths.dead_items(g, items) for it in items} == reference, g
        dead += sum(reference.values())
    assert dead > 0


def test_allpaths_equals_sat_on_random_games():
    _compare_with_sat(seed=12, count=60)


@pytest.mark.deep
def test_allpaths_equals_sat_on_many_random_games():
    _compare_with_sat(seed=1210, count=1500)


def _sat_route(game, edges=None):
    """T12's dead sets as computed before (the ``sat`` oracle via ``classify``)."""
    items = [it for it in items_of(game) if it[0] == "vertex"]
    pairs = game.edges() if edges is None else edges
    items += [("edge",) + tuple(sorted((game.index(u), game.index(v)))) for u, v in pairs]
    c = classify(game, "sat")
    out = {it: c.verdicts[it] for it in items}
    dv = {v.item[1] for it, v in out.items() if it[0] == "vertex" and v.dead}
    de = {frozenset(v.item[1]) for it, v in out.items() if it[0] == "edge" and v.dead}
    return dv, de


def _t12_graphs(game):
    """The (game, edges) pairs T12 asks about: G, G minus its dead edges, each G + uv."""
    from verify.papers.tsd.dead import _dead_by_definition

    _, de = _dead_by_definition(game)
    yield game, None
    if de:
        yield game.delete_edges([tuple(e) for e in de]), []
    for u in game.vertices:
        for v in game.vertices:
            if u < v and not game.has_edge(u, v):
                yield game.add_edges([(u, v)]), [(u, v)]


@pytest.mark.parametrize("seed,count", [(8, 12), pytest.param(88, 150, marks=pytest.mark.deep)])
def test_t12_route_equals_the_sat_route(seed, count):
    from verify.papers.tsd.dead import DEFINITION_MAX_N, _dead_by_definition

    rng = random.Random(seed)
    asked = 0
    for k in range(count):
        g = random_game(rng, 8 + k % 2)
        assert g.n > DEFINITION_MAX_N
        for h, edges in _t12_graphs(g):
            assert _dead_by_definition(h, edges) == _sat_route(h, edges), (h, edges)
            asked += 1
    assert asked > count


def test_t12_beyond_the_definition_is_backed_by_the_path_search():
    from verify.backing import recording
    from verify.papers.tsd.dead import t12
    from verify.registry import REGISTRY, load_paper_statements

    load_paper_statements()
    assert "induced" in REGISTRY["TSD.T12"].reading
    g = random_game(random.Random(3), 8)
    with recording() as r:
        assert not t12.check(g).failure
    assert r.names == {"dead-paths"}


def test_a_perturbed_enumeration_reaches_t12(monkeypatch):
    """Forgetting a dead vertex in ``allpaths`` (the name T12 consumes at n ≥ 8) breaks
    the theorem's first part on a game with a dead vertex."""
    import verify.papers.tsd.dead as D

    def forgetting(game, items):
        out = allpaths.dead_items(game, items)
        first = min((it for it in out if it[0] == "vertex"), default=None)
        return out - {first}

    rng = random.Random(5)
    g = next(h for h in (random_game(rng, 8) for _ in range(200))
             if any(it[0] == "vertex" for it in allpaths.dead_items(h, items_of(h))))
    assert not D.t12.check(g).failure
    monkeypatch.setattr(D, "allpaths", SimpleNamespace(dead_items=forgetting))
    assert D.t12.check(g).failure
