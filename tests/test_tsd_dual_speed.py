"""The fast dual-graph kernels (verify.papers.tsd.dual_graph) against the plain ones they replaced.

The plain implementations are kept here as references, as they were before the
speed-up: the definition of a dual checked set by set (one breadth-first search per
set X on each side), the separator family from a dictionary of all sets, the SAT
encoding enumerating every c1–c2 vertex sequence inside each extremal set, the
shortings built as :class:`Game` and networkx objects one by one, and the planarity of
``G + st`` asked of networkx every time.  The fast versions must give the same answers:

* :func:`is_dual` and :func:`shorting_duals` (families of sets as bits) — on every game
  n ≤ 6 with its dual, with a dual bent by one edge, and on the shortings;
* :func:`separator_family` and :func:`has_outer_terminals` — on every game n ≤ 6;
* :func:`find_dual` (the compact CNF) finds a dual exactly when the path encoding does,
  literal or not, and what it finds is a dual by the plain check;

and the same on a sample of the games with n = 7 (all of them in the deep tier).
"""

from __future__ import annotations

import random
from itertools import combinations, permutations

import networkx as nx
import pytest
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

from verify.game import reachable
from verify.graphs import connected_games
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
    from verify import Game

    g = Game.from_edges("a-x,x-y,y-b,a-z,z-b", terminals=("a", "b"))
    d = find_dual(g)
    got = shorting_duals(g, d)
    free = g.nonterminals()
    assert [Y for Y, _ in got] == [Y for k in range(1, 4) for Y in combinations(free, k)]
    assert all(ok for _, ok in got)
