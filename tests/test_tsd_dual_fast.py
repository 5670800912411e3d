"""The TSD dual-graph kernels (:mod:`verify.papers.tsd.dual_graph`) against the plain
ones they replaced, and TSD.DUAL/b's check against references and under perturbation.

The plain implementations are kept here as references, as they were before the
speed-up: the definition of a dual checked set by set (one breadth-first search per
set X on each side), the separator family from a dictionary of all sets, the SAT
encoding enumerating every c1–c2 vertex sequence inside each extremal set, the
shortings built as :class:`Game` and networkx objects one by one, and the planarity of
``G + st`` asked of networkx every time.  The fast versions must give the same answers:

* :func:`is_dual` and :func:`shorting_duals` (families of sets as bits) — on every game
  n ≤ 6 with its dual, with a dual bent by one edge, and on the shortings;
* :func:`separator_family` and :func:`has_outer_terminals` — on every game n ≤ 6 (the
  latter also every terminal pair n ≤ 5 and random games n = 8, 9);
* :func:`find_dual` (the compact CNF) finds a dual exactly when the path encoding does,
  literal or not, and what it finds is a dual by the plain check;

and the same on a sample of the games with n = 7 (all of them in the deep tier).

TSD.DUAL/b: a dual built from the embedding
(:func:`~verify.papers.tsd.dual_graph.outer_dual_exists`) is found exactly when the SAT
search finds one, the shortings compared with the dual's family equal the plain
comparison with the SAT dual, and the check records the procedures of the plain one
(every game n ≤ 5, ``deep``: n = 6); its counts are those of the check as first written
(one count per Y), also with one shorting answer flipped; with the shorting check
flipped as its mutant flips it the fast pass sends the game to the plain check.

That the fast route of TSD.DUAL/b equals its plain route on unperturbed games (every
game n ≤ 6) is checked in ``tests/test_routes.py``.
"""

from __future__ import annotations

import random
from itertools import combinations, permutations

import networkx as nx
import pytest
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

from verify.backing import recording
from verify.game import Game, reachable
from verify.graphs import connected_games, random_game
from verify.mutants.tsd import each_negated
from verify.papers.tsd import dual as DU
from verify.papers.tsd import dual_graph as DG
from verify.papers.tsd.dual_graph import (
    C1,
    C2,
    find_dual,
    has_outer_terminals,
    is_dual,
    separates,
    separator_family,
    shorting_duals,
)


def games_up_to(n_max, n_min=2):
    for n in range(n_min, n_max + 1):
        yield from connected_games(n)


def _games(n):
    """Every game of ``n`` vertices; for n ≤ 5 with every terminal pair."""
    return connected_games(n, all_pairs=n <= 5)


# ------------------------------------------------------------------ plain references
def _is_dual_plain(game, d):
    """The definition on every X, one set at a time (bitmask searches on both sides)."""
    free = game.nonterminals()
    nodes = list(d.nodes)
    pos = {v: i for i, v in enumerate(nodes)}
    dadj = [0] * len(nodes)
    for u, v in d.edges:
        dadj[pos[u]] |= 1 << pos[v]
        dadj[pos[v]] |= 1 << pos[u]
    c1, c2 = pos[C1], pos[C2]
    ends = (1 << c1) | (1 << c2)
    in_d = [1 << pos[v] if v in pos else 0 for v in free]
    for k in range(len(free) + 1):
        for X in combinations(range(len(free)), k):
            dm = ends
            for i in X:
                dm |= in_d[i]
            connects = bool(reachable(dadj, c1, dm) >> c2 & 1)
            if connects != separates(game, [free[i] for i in X]):
                return False
    return True


def _shorting_plain(game, d):
    """``(Y, is D − Y a dual of G ∗ Y)`` for every non-empty Y, with Game and networkx objects."""
    free = game.nonterminals()
    return [
        (Y, _is_dual_plain(game.short(Y), d.subgraph(set(d) - set(Y))))
        for k in range(1, len(free) + 1)
        for Y in combinations(free, k)
    ]


def _separator_family_plain(game):
    free = game.nonterminals()
    sep = {frozenset(c): separates(game, c) for k in range(len(free) + 1) for c in combinations(free, k)}
    minimal = [X for X, v in sep.items() if v and not any(sep[X - {x}] for x in X)]
    maximal = [X for X, v in sep.items() if not v and not any(not sep[X | {y}] for y in free if y not in X)]
    key = lambda X: (len(X), sorted(map(str, X)))  # noqa: E731
    return sorted(minimal, key=key), sorted(maximal, key=key)


def _edge(u, v):
    return ("edge",) + tuple(sorted((u, v), key=str))


def _paths(inner):
    inner = list(inner)
    for k in range(len(inner) + 1):
        for seq in permutations(inner, k):
            yield (C1, *seq, C2)


def _find_dual_plain(game, literal=False):
    """The path encoding: a variable per c1–c2 sequence inside each minimal separator
    (one of them is a path of D), a clause per sequence inside each maximal non-separator."""
    free = game.nonterminals()
    pool, cnf = IDPool(), CNF()
    keys = [_edge(u, v) for u, v in combinations(list(free) + [C1, C2], 2)]
    for k in keys:
        pool.id(k)
    if literal:
        for u, v in combinations(free, 2):
            cnf.append([pool.id(_edge(u, v)) if game.has_edge(u, v) else -pool.id(_edge(u, v))])
    minimal, maximal = _separator_family_plain(game)
    for X in minimal:
        options = []
        for p in _paths(X):
            pv = pool.id(("path", p))
            options.append(pv)
            for a, b in zip(p, p[1:]):
                cnf.append([-pv, pool.id(_edge(a, b))])
        cnf.append(options)
    for X in maximal:
        for p in _paths(X):
            cnf.append([-pool.id(_edge(a, b)) for a, b in zip(p, p[1:])])
    with Solver(name="minisat22", bootstrap_with=cnf.clauses) as solver:
        if not solver.solve():
            return None
        on = {v for v in solver.get_model() if v > 0}
    d = nx.Graph()
    d.add_nodes_from(list(free) + [C1, C2])
    d.add_edges_from(k[1:] for k in keys if pool.id(k) in on)
    return d


def _has_outer_terminals_plain(game):
    g = game.to_networkx()
    g.add_edge(*game.terminals)
    return nx.check_planarity(g)[0]


# ------------------------------------------------------------------ comparisons
def _bent(d, rng):
    """D with one edge flipped (usually not a dual any more)."""
    b = nx.Graph(d)
    u, v = rng.sample(sorted(b.nodes, key=str), 2)
    (b.remove_edge if b.has_edge(u, v) else b.add_edge)(u, v)
    return b


def _compare(games, rng, plain_search=True):
    """Fast == plain on each game; returns (games with a dual, bent duals rejected by some shorting)."""
    duals = caught = 0
    for game in games:
        outer = has_outer_terminals(game)
        assert outer == _has_outer_terminals_plain(game), game
        assert separator_family(game) == _separator_family_plain(game), game
        for literal in (False, True):
            d = find_dual(game, literal)
            if plain_search:
                assert (d is None) == (_find_dual_plain(game, literal) is None), (game, literal)
            if d is None:
                continue
            assert _is_dual_plain(game, d) and is_dual(game, d)
            if literal:
                continue
            duals += 1
            for dd in (d, _bent(d, rng)):
                assert is_dual(game, dd) == _is_dual_plain(game, dd), game
                fast = shorting_duals(game, dd)
                assert fast == _shorting_plain(game, dd), game
                caught += dd is not d and not all(ok for _, ok in fast)
    return duals, caught


def test_fast_dual_kernels_match_plain_up_to_6():
    rng = random.Random(6)
    games = [g for n in range(2, 7) for g in connected_games(n)]
    duals, caught = _compare(games, rng)
    assert duals > 900 and caught > 100  # the comparisons saw duals and failing shortings


def test_fast_dual_kernels_match_plain_sample_of_7():
    rng = random.Random(7)
    games = rng.sample(list(connected_games(7)), 60)
    duals, caught = _compare(games, rng)
    assert duals > 30


@pytest.mark.deep
def test_fast_dual_kernels_match_plain_all_of_7():
    """Every game with n = 7 (the plain path-encoded search included: about 1.5 min)."""
    _compare(list(connected_games(7)), random.Random(77))


def test_shorting_duals_order_and_labels():
    """One entry per non-empty Y, in the order of ``combinations``, labels as in the game."""
    g = Game.from_edges("a-x,x-y,y-b,a-z,z-b", terminals=("a", "b"))
    d = find_dual(g)
    got = shorting_duals(g, d)
    free = g.nonterminals()
    assert [Y for Y, _ in got] == [Y for k in range(1, 4) for Y in combinations(free, k)]
    assert all(ok for _, ok in got)


# ------------------------------------------------------------------ TSD.DUAL/b: the fast pass
def check_dual(games, monkeypatch=None) -> int:
    """The fast DUAL/b against the plain check (tallies and the procedures recorded), and
    for every game in scope: the built dual found iff SAT finds one, every shorting of
    the SAT dual passes."""
    in_scope = 0
    for game in games:
        with recording() as rf:
            fast = DU.dual_graph.check(game)
        with recording() as rp:
            plain = DU._dual_b_plain(game)
        # the fast pass records the built dual (no SAT search) where the plain one asks SAT
        assert rf.names - {"dual-built"} <= rp.names and rf.names <= rp.names | {"dual-built"}, game
        assert ("dual-built" in rf.names) <= ("dual-sat" in rp.names), game
        if plain is None:
            assert fast is None, game
            continue
        in_scope += 1
        assert (fast.hypothesis, fast.failure) == (plain.hypothesis, plain.failure), game
        if monkeypatch is None:
            d = DG.find_dual(game)
            assert (DG.outer_dual_exists(game) is True) == (d is not None), game
            assert all(ok for _, ok in DG.shorting_duals(game, d)), game
            if d is not None:  # the fast pass's comparison, with the dual's family, is the plain one
                assert DG.shorting_family_duals(game, DG.separating_family(game)) == DG.shorting_duals(game, d), game
    return in_scope


def test_dual_fast_equals_plain():
    assert check_dual(games_up_to(5)) == 116


@pytest.mark.deep
def test_dual_fast_equals_plain_deep():
    assert check_dual(games_up_to(6, 6)) == 802


def test_dual_fast_equals_plain_shorting_flipped(monkeypatch):
    monkeypatch.setattr(DU, "shorting_duals", each_negated(DU.shorting_duals))
    assert check_dual(games_up_to(4), monkeypatch) == 20
    game = next(g for g in connected_games(3) if DU._dual_b_plain(g) is not None)
    assert DU.dual_graph.check(game).failure is not None


def test_outer_dual_square_and_joined():
    """The square s–2–t–3 (dual: c1–2–3–c2 or the like) and a game with st an edge."""
    assert DG.outer_dual_exists(Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))) is True
    assert DG.outer_dual_exists(Game.from_edges("0-1,0-2,2-1", terminals=(0, 1))) is True


def test_dual_fast_computes_every_shorting(monkeypatch):
    """The fast pass compares every shorting itself: one flipped answer sends the game to
    the plain check (it is not taken as passing by the remark's argument)."""
    game = next(g for g in connected_games(4) if DU._dual_b_fast(g))
    monkeypatch.setattr(DU, "shorting_family_duals", each_negated(DU.shorting_family_duals))
    assert DU._dual_b_fast(game) is None


# ------------------------------------------------------------------ TSD.DUAL/b: the check as first written
def _dual_b_reference(game):
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
    for perturb in (False, True):
        with monkeypatch.context() as mp:
            if perturb:
                mp.setattr(DU, "shorting_duals", _flip_one(DU.shorting_duals))
            failing = 0
            for g in _games(n):
                want = _dual_b_reference(g)
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
    g = Game.from_edges("0-2,2-3,3-1,0-4,4-1,2-4", terminals=(0, 1))
    d = DG.find_dual(g)
    for Y, ok in DG.shorting_duals(g, d):
        assert ok == DG.is_dual(g.short(list(Y)), d.subgraph(set(d) - set(Y))), Y


# ------------------------------------------------------------------ has_outer_terminals by networkx
def _outer_by_networkx(g):
    h = nx.Graph()
    h.add_nodes_from(range(g.n))
    h.add_edges_from((i, j) for i in range(g.n) for j in range(i + 1, g.n) if g.adjacency[i] >> j & 1)
    h.add_edge(*g.terminal_indices)
    return nx.check_planarity(h)[0]


def _outer_agrees(games):
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
