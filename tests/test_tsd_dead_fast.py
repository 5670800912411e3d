"""TSD §5: the dead sets by one enumeration of every induced path, and the fast passes
of TSD.T12, T13, T14.C1 and SPEC under perturbation.

* :mod:`verify.dead.allpaths` — its dead items equal brute force over colourings (the
  definition, :mod:`verify.dead.brute`) on every game n ≤ 6 and every terminal pair, and
  the ``sat`` oracle (induced paths by PySAT, one query per item) on random games
  n = 8–10; its enumeration equals networkx's simple paths filtered by chordlessness;
  :func:`~verify.dead.allpaths.path_through_added_edge` equals the enumeration of
  ``G + uv``.  T12's dead sets beyond its definition range equal the SAT route it
  replaced (on G, on G minus its dead edges, on every G + uv), and a perturbed
  ``allpaths`` reaches the check.
* :func:`verify.papers.tsd._memo.dead_sets` — the all-paths route gives the ``sat``
  oracle's dead sets on every game n ≤ 5 (every terminal pair; ``deep``: n = 6) and on
  random games n = 8, 9; a cached answer is backed by the procedure that computed it, a
  replaced oracle or route is asked itself, and the cache is bounded.
* The fast passes reject exactly the games the plain checks fail, and return the plain
  check's tally on the others, with the dead sets perturbed as the mutants perturb them
  (so that failures occur), on every game n ≤ 5 (``deep``: n = 6).  T12's fast pass runs
  beyond ``DEFINITION_MAX_N``; its plain check is forced onto the all-paths route here
  (:func:`verify.registry.routes.forcing`) so that the two meet on every small game.
  A replaced predicate sends the checks to the plain code, which records the same
  procedures.

That every route of these statements equals the plain route on unperturbed games (every
game n ≤ 6, every terminal pair n ≤ 5, random games n = 8, 9) is checked in
``tests/test_routes.py``.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import networkx as nx
import pytest

from verify.backing import recording
from verify.concepts import clique_cutset_sets
from verify.dead import allpaths, brute, check_live_certificate, classify, items_of, sat
from verify.dead.common import path_is_induced
from verify.game import Game
from verify.graphs import connected_games, random_game
from verify.papers.tsd import _memo as M
from verify.papers.tsd import dead as D


# ---------------------------------------------------------------- allpaths against brute force, networkx, SAT
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


# ---------------------------------------------------------------- the dead sets of the checks (_memo.dead_sets)
def _games(n):
    return connected_games(n, all_pairs=n <= 5)


def _routes_agree(games):
    dead = 0
    for g in games:
        by_sat = M._dead_by_oracle(classify, g)
        assert M._dead_by_paths(allpaths, g) == by_sat, g
        dead += len(by_sat[0]) + len(by_sat[1])
    assert dead > 0


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_paths_route_equals_sat_on_every_game(n):
    if n < 3:
        for g in _games(n):
            assert M._dead_by_paths(allpaths, g) == M._dead_by_oracle(classify, g)
        return
    _routes_agree(_games(n))


@pytest.mark.deep
def test_paths_route_equals_sat_on_every_game_deep():
    _routes_agree(_games(6))


def test_paths_route_equals_sat_on_random_games():
    rng = random.Random(20)
    _routes_agree(random_game(rng, 8 + k % 2) for k in range(40))


def test_dead_sets_route_and_backing(monkeypatch):
    monkeypatch.setattr(M, "_DEAD_SEEN", {})
    small = Game.from_edges("0-2,2-1,0-3,3-2", terminals=(0, 1))
    big = random_game(random.Random(4), 8)
    for g, name in ((small, "dead-sat"), (big, "dead-paths")):
        for _ in range(2):  # computed, then remembered: the same procedure backs both
            with recording() as r:
                dv, de = M.dead_sets(classify, g, allpaths)
            assert r.names == {name}
            assert (dv, de) == tuple(set(x) for x in M._dead_by_oracle(classify, g))
    with recording() as r:  # no route given: the oracle at every n
        M.dead_sets(classify, big)
    assert r.names == {"dead-sat"}


def test_dead_sets_asks_a_replaced_oracle_or_route(monkeypatch):
    monkeypatch.setattr(M, "_DEAD_SEEN", {})
    small = Game.from_edges("0-2,2-1,0-3,3-2", terminals=(0, 1))
    big = random_game(random.Random(4), 8)
    M.dead_sets(classify, small, allpaths)
    M.dead_sets(classify, big, allpaths)
    nothing = type("C", (), {"dead_vertices": [], "dead_edges": []})
    assert M.dead_sets(lambda g, m: nothing, small, allpaths) == (set(), set())
    empty = type("R", (), {"dead_items": staticmethod(lambda g, items: set())})
    assert M.dead_sets(classify, big, empty) == (set(), set())


def test_dead_sets_memory_is_bounded(monkeypatch):
    monkeypatch.setattr(M, "_DEAD_SEEN", {})
    monkeypatch.setattr(M, "DEAD_SEEN_MAX", 3)
    for g in list(_games(4))[:6]:
        M.dead_sets(classify, g, allpaths)
        assert len(M._DEAD_SEEN) <= 3


# ---------------------------------------------------------------- the fast passes, perturbed
CHECKS = {
    "TSD.T12": ("_t12_fast", "_t12_plain"),
    "TSD.T13": ("_t13_fast", "_t13_plain"),
    "TSD.T14.C1": ("_t14_c1_fast", "_t14_c1_plain"),
    "TSD.SPEC": ("_spec_fast", "_spec_plain"),
}


def _forgetting(kind):
    """``_dead`` with the first dead vertex (edge) reported live, or every vertex dead, as
    the mutants do."""
    orig = D._dead

    def dead(game):
        dv, de = orig(game)
        if kind == "all":  # every non-terminal reported dead, as SPEC's mutant does
            return set(game.nonterminals()), de
        if kind == "vertex" and dv:
            dv.discard(min(dv, key=str))
        if kind == "edge" and de:
            de.discard(min(de, key=lambda e: sorted(map(str, e))))
        return dv, de

    return dead


def _forgetting_paths(monkeypatch):
    """The all-paths enumeration forgetting every path with one inner vertex (T12's oracle
    perturbed), and the search for a path through an added edge reading that
    enumeration.  (A perturbation by a property of the path alone, so that the paths of
    G + uv stay those of G without both u and v plus those through uv.)"""
    real = allpaths.induced_paths

    def forgetting(adj, t1, t2):
        return [p for p in real(adj, t1, t2) if len(p) != 3]

    monkeypatch.setattr(allpaths, "induced_paths", forgetting)

    def through(adj, t1, t2, u, v):
        a = list(adj)
        a[u] |= 1 << v
        a[v] |= 1 << u
        return any(u in p and v in p for p in allpaths.induced_paths(a, t1, t2))

    monkeypatch.setattr(allpaths, "path_through_added_edge", through)


# the perturbations each check consumes (unperturbed, every route equals the plain
# route: tests/test_routes.py)
PERTURB = {
    "TSD.T12": ["paths"],
    "TSD.T13": ["vertex", "edge"],
    "TSD.T14.C1": ["edge"],
    "TSD.SPEC": ["all"],
}


def _compare(sid, n, monkeypatch):
    import contextlib

    from verify.registry.routes import forcing

    fast_name, plain_name = CHECKS[sid]
    compared = failing = 0
    for how in PERTURB[sid]:
        with monkeypatch.context() as mp, (forcing("TSD.T12", "paths") if sid == "TSD.T12" else contextlib.nullcontext()):
            mp.setattr(M, "_DEAD_SEEN", {})
            if how == "paths":
                _forgetting_paths(mp)
            else:
                mp.setattr(D, "_dead", _forgetting(how))
            for g in _games(n):
                plain = getattr(D, plain_name)(g)
                fast = getattr(D, fast_name)(g)
                if plain.failure is None:
                    assert fast is not None and fast.hypothesis == plain.hypothesis and fast.failure is None, (sid, how, g)
                else:
                    assert fast is None, (sid, how, g)
                    failing += 1
                compared += 1
    assert compared > 0 and (n < 4 or failing > 0)


@pytest.mark.parametrize("sid", sorted(CHECKS))
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_fast_equals_plain_perturbed(sid, n, monkeypatch):
    _compare(sid, n, monkeypatch)


@pytest.mark.deep
@pytest.mark.parametrize("sid", sorted(CHECKS))
def test_fast_equals_plain_perturbed_deep(sid, monkeypatch):
    _compare(sid, 6, monkeypatch)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_clique_cutset_masks_are_the_sets(n):
    for g in _games(n):
        got = sorted(sorted(g.labels_of(s), key=str) for s in D._clique_cutset_masks(g))
        assert got == sorted(sorted(U, key=str) for U in clique_cutset_sets(g)), g


def test_statements_route_through_the_fast_passes_and_record_the_same(monkeypatch):
    g = random_game(random.Random(3), 8)
    for check, plain in ((D.t12, D._t12_plain), (D.t13, D._t13_plain), (D.t14_c1, D._t14_c1_plain),
                         (D.spec, D._spec_plain)):
        with recording() as r_plain:
            want = plain(g)
        with recording() as r_fast:
            got = check.check(g)
        assert (got.hypothesis, got.failure) == (want.hypothesis, want.failure)
        assert r_fast.names == r_plain.names
        assert r_plain.names == ({"dead-paths", "fast"} if check is D.spec and want.hypothesis else {"dead-paths"})


def test_patched_names_send_the_checks_to_the_plain_code(monkeypatch):
    """A replaced predicate (as the mutants replace them) is consulted: the fast passes
    only run while the names the plain checks read are the genuine ones."""
    g = Game.from_edges("0-2,2-1,2-3", terminals=(0, 1))
    called = []
    monkeypatch.setattr(D, "_t13_fast", lambda game: called.append("t13"))
    monkeypatch.setattr(D, "_t14_c1_fast", lambda game: called.append("t14"))
    monkeypatch.setattr(D, "clique_cutset_sets", lambda game: [])
    monkeypatch.setattr(D, "surrounds_walks", lambda game, w, v: not True)
    assert D.t13.check(g).failure is None
    assert D.t14_c1.check(g).failure is not None
    assert called == []


# ---------------------------------------------------------------- allpaths.path_through_added_edge
def _through_by_enumeration(g, u, v):
    adj = list(g.adjacency)
    adj[u] |= 1 << v
    adj[v] |= 1 << u
    t1, t2 = g.terminal_indices
    return any(u in p and v in p for p in allpaths.induced_paths(adj, t1, t2))


def _through_agrees(games):
    seen = {True: 0, False: 0}
    for g in games:
        t1, t2 = g.terminal_indices
        for u in range(g.n):
            for v in range(u + 1, g.n):
                if g.adjacency[u] >> v & 1:
                    continue
                want = _through_by_enumeration(g, u, v)
                assert allpaths.path_through_added_edge(g.adjacency, t1, t2, u, v) == want, (g, u, v)
                assert allpaths.path_through_added_edge(g.adjacency, t1, t2, v, u) == want, (g, v, u)
                seen[want] += 1
    return seen


@pytest.mark.parametrize("n", [3, 4, 5])
def test_path_through_added_edge_equals_the_enumeration(n):
    seen = _through_agrees(_games(n))
    assert seen[True] > 0 and seen[False] > 0


@pytest.mark.deep
def test_path_through_added_edge_equals_the_enumeration_deep():
    _through_agrees(_games(6))


def test_path_through_added_edge_on_random_games():
    rng = random.Random(31)
    seen = _through_agrees(random_game(rng, 8 + k % 2) for k in range(30))
    assert seen[True] > 0 and seen[False] > 0


