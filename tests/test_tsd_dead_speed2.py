"""TSD §5 speed-ups (issue 20): the dead sets from n = 8 by the all-paths route, and the
fast passes of TSD.T12 (beyond its definition range), T13, T14.C1 and SPEC change no result
(and TSD.DUAL/b's counting, and :func:`verify.dead.allpaths.path_through_added_edge`).

* :func:`verify.papers.tsd._memo.dead_sets` — the all-paths route gives the ``sat``
  oracle's dead sets on every game n ≤ 5 (every terminal pair; ``deep``: n = 6) and on
  random games n = 8, 9; a cached answer is backed by the procedure that computed it;
  a replaced oracle or route is asked itself.
* Each fast pass returns the plain check's tally when the plain check passes and None
  when it fails, on every game n ≤ 5 (``deep``: n = 6), also with the dead sets
  perturbed as the mutants perturb them (so that failures occur).  T12's fast pass runs
  beyond ``DEFINITION_MAX_N``; its plain check is forced onto the all-paths route here
  (:func:`verify.registry.routes.forcing`) so that the two meet on every small game.
"""

from __future__ import annotations

import random

import pytest

from verify.backing import recording
from verify.concepts import clique_cutset_sets
from verify.dead import allpaths, classify
from verify.game import Game
from verify.graphs import connected_games, random_game
from verify.papers.tsd import _memo as M
from verify.papers.tsd import dead as D


def _games(n):
    return connected_games(n, all_pairs=n <= 5)


# ---------------------------------------------------------------- the dead sets
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


# ---------------------------------------------------------------- the fast passes
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


PERTURB = {
    "TSD.T12": [None, "paths"],
    "TSD.T13": [None, "vertex", "edge"],
    "TSD.T14.C1": [None, "edge"],
    "TSD.SPEC": [None, "all"],
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
            elif how is not None:
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
def test_fast_equals_plain(sid, n, monkeypatch):
    _compare(sid, n, monkeypatch)


@pytest.mark.deep
@pytest.mark.parametrize("sid", sorted(CHECKS))
def test_fast_equals_plain_deep(sid, monkeypatch):
    _compare(sid, 6, monkeypatch)


def test_fast_equals_plain_on_random_games_of_8_and_9():
    for k in range(30):
        g = random_game(random.Random(900 + k), 8 + k % 2)
        for sid, (fast_name, plain_name) in CHECKS.items():
            plain = getattr(D, plain_name)(g)
            fast = getattr(D, fast_name)(g)
            assert plain.failure is None and fast.hypothesis == plain.hypothesis, (sid, g)


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


# ---------------------------------------------------------------- TSD.DUAL/b
def _dual_b_reference(game, DU):
    """TSD.DUAL/b's check as it was: one count per Y, stopping at the first failing Y."""
    from verify.registry import Tally

    if not DU.has_outer_terminals(game):
        return None
    t = Tally()
    d = DU.find_dual(game)
    if not t.add(d is not None, part="planar game"):
        return t
    for Y, ok in DU.shorting_duals(game, d):
        if not t.add(ok, vertices=list(Y), part="shorting"):
            return t
    return t


def _flip_one(orig):
    """``shorting_duals`` with the answer of its second-largest Y flipped."""

    def shorting_duals(game, d):
        out = list(orig(game, d))
        if len(out) > 1:
            Y, ok = out[-2]
            out[-2] = (Y, not ok)
        return out

    return shorting_duals


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_dual_b_counts_as_before(n, monkeypatch):
    from verify.papers.tsd import dual as DU

    for perturb in (False, True):
        with monkeypatch.context() as mp:
            if perturb:
                mp.setattr(DU, "shorting_duals", _flip_one(DU.shorting_duals))
            failing = 0
            for g in _games(n):
                want = _dual_b_reference(g, DU)
                got = DU.dual_graph.check(g)
                if want is None:
                    assert got is None
                    continue
                assert (got.hypothesis, got.failure) == (want.hypothesis, want.failure), g
                failing += want.failure is not None
            assert failing == 0 or perturb
            assert not perturb or n < 4 or failing > 0


def test_shorting_duals_stops_searching_once_the_terminals_are_joined():
    """The families for G ∗ Y with s ~ t are not searched (no X separates), and agree with a
    search on the shorted game itself."""
    from verify.papers.tsd import dual_graph as DG

    g = Game.from_edges("0-2,2-3,3-1,0-4,4-1,2-4", terminals=(0, 1))
    d = DG.find_dual(g)
    for Y, ok in DG.shorting_duals(g, d):
        assert ok == DG.is_dual(g.short(list(Y)), d.subgraph(set(d) - set(Y))), Y


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


# ---------------------------------------------------------------- dual_graph.has_outer_terminals
def _outer_by_networkx(g):
    import networkx as nx

    h = nx.Graph()
    h.add_nodes_from(range(g.n))
    h.add_edges_from((i, j) for i in range(g.n) for j in range(i + 1, g.n) if g.adjacency[i] >> j & 1)
    h.add_edge(*g.terminal_indices)
    return nx.check_planarity(h)[0]


def _outer_agrees(games):
    from verify.papers.tsd.dual_graph import has_outer_terminals

    seen = {True: 0, False: 0}
    for g in games:
        want = _outer_by_networkx(g)
        assert has_outer_terminals(g) == want, g
        seen[want] += 1
    return seen


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_has_outer_terminals_is_planarity_of_g_plus_st(n):
    seen = _outer_agrees(_games(n))
    assert seen[True] > 0 and (n < 5 or seen[False] > 0)


@pytest.mark.deep
def test_has_outer_terminals_is_planarity_of_g_plus_st_deep():
    _outer_agrees(connected_games(7))


def test_has_outer_terminals_on_random_games():
    rng = random.Random(41)
    games = [random_game(rng, 8 + k % 2) for k in range(150)]
    seen = _outer_agrees(games)
    assert seen[True] > 0 and seen[False] > 0
