"""The two routes to Cut's dual graph agree, and TSD.DUAL/c's counterexample has none.

:func:`verify.papers.tsd.dual_graph.find_dual` (PySAT on minimal separators and maximal
non-separators) against :func:`verify.papers.tsd.dual_smt.dual_exists_z3` (z3 on the
definition for every vertex set X, separation by networkx): they share no code.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest

from verify.game import Game
from verify.graphs import connected_games
from verify.papers.tsd.dual_graph import find_dual, has_outer_terminals
from verify.papers.tsd.dual_smt import dual_exists_z3
from verify.registry import REGISTRY, load_paper_statements


def _agree(games):
    count = 0
    for g in games:
        for literal in (False, True):
            assert dual_exists_z3(g, literal)[0] == (find_dual(g, literal) is not None), (g.to_graph6(), g.terminals, literal)
            count += 1
    return count


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_routes_agree_on_every_small_game(n):
    assert _agree(connected_games(n)) > 0


def test_routes_agree_on_sampled_games_of_seven_and_eight():
    rng = random.Random(20261126)
    for n in (7, 8):
        games = [g for g in connected_games(n, res=rng.randrange(64), mod=64)]
        assert _agree(rng.sample(games, 6)) == 12


@pytest.mark.deep
@pytest.mark.parametrize("n", [6])
def test_routes_agree_on_every_game_of_six(n):
    assert _agree(connected_games(n)) > 0


def test_dual_c_counterexample_has_no_dual_by_either_route():
    """The pinned smallest counterexample of TSD.DUAL/c (n = 8, m = 10): not planar with
    s, t on one face, and no dual graph exists — PySAT and z3 agree."""
    load_paper_statements()
    n, m, g6, terminals = REGISTRY["TSD.DUAL/c"].refuted_by
    game = Game.from_networkx(nx.from_graph6_bytes(g6.encode()), terminals)
    assert (game.n, game.m) == (n, m)
    assert not has_outer_terminals(game)
    assert find_dual(game) is None
    assert dual_exists_z3(game) == (False, None)
    # G itself is planar: only where the terminals sit puts it outside DUAL/b's scope
    assert nx.check_planarity(nx.from_graph6_bytes(g6.encode()))[0]
