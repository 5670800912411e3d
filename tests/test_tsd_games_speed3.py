"""The bit-operation route of the TSD.T1 / T4 / SIMPLE / T6 fast passes changes no result.

The fast passes answer the multi-Shannon questions of sets of 1 to 4 non-terminals from
the game's shorted-edge table (:class:`~verify.papers.tsd.games._Leaves`) and TSD.T1
solves G ∗ S and G − S on G's bitmask adjacency.  Here: every answer of ``_Leaves``
equals :class:`~verify.solve.MultiShannon`'s on every set of size 1–4 (every game
n <= 5, ``deep`` n = 6); the fast passes equal the plain checks (hypothesis count when
they hold, None when they fail) and record the same procedures, on every game n <= 5
(T4: n <= 6; ``deep``: n = 6), also with the solver replaced as the mutants replace it.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from verify.backing import recording
from verify.graphs import connected_games
from verify.mutants.tsd import multishannon
from verify.papers.tsd import games as GM
from verify.solve import CUT, SHORT, MultiShannon

CHECKS = {
    "TSD.T1": ("_t1_fast", "_t1_plain"),
    "TSD.T4": ("_t4_fast", "_t4_plain"),
    "TSD.SIMPLE": ("_simple_fast", "_simple_plain"),
    "TSD.T6": ("_t6_fast", "_t6_plain"),
}
N_MAX = {"TSD.T4": 6}


def games_up_to(n_max):
    for n in range(2, n_max + 1):
        yield from connected_games(n)


def agree(sid, games):
    fast, plain = CHECKS[sid]
    failing = 0
    for game in games:
        with recording() as r_plain:
            t = getattr(GM, plain)(game)
        with recording() as r_fast:
            got = getattr(GM, fast)(game)
        if t.failure is None:
            assert got == t.hypothesis, (sid, game)
            assert r_fast.names == r_plain.names, (sid, game, r_fast.names, r_plain.names)
        else:
            failing += 1
            assert got is None, (sid, game)
    return failing


def check_leaves(games):
    asked = 0
    for game in games:
        leaves = GM._Leaves(game)
        free = game.nonterminals()
        for k in (1, 2, 3, 4):
            for S in combinations(free, k):
                m = MultiShannon(game, S)
                r = sum(1 << free.index(v) for v in S)
                for p in (SHORT, CUT):
                    assert leaves.second(r, p) == m.second_player_wins(p), (game, S, p)
                    moves = leaves.index_of[leaves.moves(r, p)]
                    assert moves == game.mask(m.winning_first_moves(p)), (game, S, p)
                    asked += 1
    return asked


def test_leaves_equal_the_solver():
    assert check_leaves(games_up_to(5)) > 1000


@pytest.mark.deep
def test_leaves_equal_the_solver_deep():
    check_leaves(connected_games(6))


def test_leaves_record_the_solver():
    game = next(g for g in connected_games(4) if g.nonterminals())
    with recording() as r:
        GM._Leaves(game).second(1, SHORT)
    assert r.names == {"multi"}


def test_tree_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(GM, "_MASK_SEEN_MAX", 4)
    GM._TREE_SEEN.clear()
    for game in games_up_to(4):
        GM._t1_fast(game)
        assert len(GM._TREE_SEEN) <= 4
    GM._TREE_SEEN.clear()


@pytest.mark.parametrize("sid", sorted(CHECKS))
def test_fast_equals_plain(sid):
    assert agree(sid, games_up_to(N_MAX.get(sid, 5))) == 0


@pytest.mark.parametrize("sid", sorted(CHECKS))
def test_fast_equals_plain_solver_replaced(sid, monkeypatch):
    """A replaced ``MultiShannon`` (as the mutants replace it) is asked itself."""
    monkeypatch.setattr(GM, "MultiShannon", multishannon(
        second_player_wins=lambda r: not r, first_player_wins=lambda r: not r,
        winning_first_moves=lambda r: r[:-1])(MultiShannon))
    assert agree(sid, games_up_to(N_MAX.get(sid, 5))) > 0


@pytest.mark.deep
@pytest.mark.parametrize("sid", sorted(CHECKS))
def test_fast_equals_plain_deep(sid):
    agree(sid, connected_games(6))
