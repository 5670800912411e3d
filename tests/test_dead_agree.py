"""The four dead-item methods agree, and every live certificate re-checks.

Exhaustive: every connected graph with n ≤ 6 and every terminal pair; every connected
graph with n = 7 and every terminal pair up to automorphism (that is, every 7-vertex
game up to isomorphism).  Random: a few hundred Hypothesis games up to n = 9.
Also: whenever a TSD §5 theorem's hypothesis holds for an item, the exact methods
find it dead.
"""

import pytest
from hypothesis import given

from verify.dead import brute, check_live_certificate, items_of, paths, predicted_dead, sat, smt
from verify.graphs import connected_games
from verify.strategies import games

METHODS = {"brute": brute, "paths": paths, "sat": sat, "smt": smt}


def _check_game(g):
    items = items_of(g)
    results = {name: mod.classify(g, items) for name, mod in METHODS.items()}
    reference = {it: v.dead for it, v in results["brute"].items()}
    assert set(reference) == set(items)
    for name, res in results.items():
        got = {it: v.dead for it, v in res.items()}
        assert got == reference, f"{name} disagrees with brute on {g!r}: " + str(
            {it: got[it] for it in got if got[it] != reference[it]}
        )
        for v in res.values():
            if not v.dead:
                check_live_certificate(g, v)
    for it, ids in predicted_dead(g).items():
        assert reference[it], f"{ids} predict {it} dead in {g!r} but it is live"
    return sum(reference.values())


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_methods_agree_all_pairs(n):
    count = dead = 0
    for g in connected_games(n, all_pairs=True):
        dead += _check_game(g)
        count += 1
    assert count > 0 and (n < 4 or dead > 0)  # non-vacuous: dead items do occur


@pytest.mark.deep
def test_methods_agree_n7_up_to_isomorphism():
    count = dead = 0
    for g in connected_games(7):
        dead += _check_game(g)
        count += 1
    assert count == 11260 and dead > 0


@given(games(min_n=2, max_n=9))
def test_methods_agree_random(g):
    _check_game(g)


@given(games(min_n=2, max_n=9, connected=False))
def test_methods_agree_random_disconnected(g):
    _check_game(g)
