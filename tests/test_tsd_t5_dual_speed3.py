"""The third fast passes of TSD.T5 (``links.py``) and TSD.DUAL/b (``dual.py``) change no result.

* T5: the Short-win ends of M_{G,S} read from the types of Γ(S)
  (:func:`~verify.papers.tsd.links._t5_leaves`) equal the solver's ends
  (:meth:`MultiShannon._leaf`); the decision from the ends
  (:func:`~verify.papers.tsd.links._t5_decide`) equals the solver's, and the fast pass
  equals the plain check, also when the solver is perturbed (then it asks the solver).

* DUAL/b: a dual built from the embedding
  (:func:`~verify.papers.tsd.dual_graph.outer_dual_exists`) is found exactly when the
  SAT search finds one, the shortings compared with the dual's family equal the plain
  comparison with the SAT dual, and the check equals the plain one, also with the
  shorting check flipped as its mutant flips it (then the plain path runs).

Every game up to n = 5 (``deep``: n = 6).
"""

from __future__ import annotations

from itertools import combinations

import pytest

from verify.backing import recording
from verify.game import bits
from verify.graphs import connected_games
from verify.mutants.tsd import each_negated, multishannon, subsets_flipped
from verify.papers.tsd import dual as DU
from verify.papers.tsd import dual_graph as DG
from verify.papers.tsd import links as LK
from verify.solve import MultiShannon


def games_up_to(n_max, n_min=2):
    for n in range(n_min, n_max + 1):
        yield from connected_games(n)


# ---------------------------------------------------------------- T5
def check_t5_leaves(games) -> int:
    """:func:`_t5_leaves` and :func:`_t5_decide` against the solver on every S (|S| ≤ 4)."""
    checked = 0
    for game in games:
        adj = game.adjacency
        free = [game.index(v) for v in game.nonterminals()]
        for k in (1, 2, 3, 4):
            for S in combinations(free, k):
                m = MultiShannon(game, [game.label(i) for i in S])
                ranks = list(bits(m.s_mask))
                expected = 0
                for b in range(1 << k):
                    shorted = sum(1 << ranks[i] for i in bits(b))
                    if m._leaf(shorted)[0]:
                        expected |= 1 << b
                leaves = LK._t5_leaves(adj, m.s_mask, m.t_mask)
                assert leaves == expected, (game, S)
                assert LK._t5_decide(k, leaves) == LK._t5_holds(m, LK._restricted_wins(m), k), (game, S)
                checked += 1
    return checked


def check_t5_pass(games, perturb=None, monkeypatch=None) -> int:
    """The fast pass against the plain check (count when it holds, None otherwise) and
    the procedures they record."""
    if perturb:
        for name, make in perturb:
            monkeypatch.setattr(LK, name, make(getattr(LK, name)))
    LK._T5_SEEN.clear()
    failing = 0
    for game in games:
        with recording() as rf:
            fast = LK._t5_fast(game)
        with recording() as rp:
            plain = LK._t5_plain(game)
        if plain.failure is None:
            assert fast == plain.hypothesis, game
            assert rf.names == rp.names, game
        else:
            assert fast is None, game
            failing += 1
    return failing


def test_t5_leaves_equal_solver():
    assert check_t5_leaves(games_up_to(5)) > 700


@pytest.mark.deep
def test_t5_leaves_equal_solver_deep():
    assert check_t5_leaves(games_up_to(6, 6)) > 13000


def test_t5_fast_equals_plain():
    assert check_t5_pass(games_up_to(5)) == 0


@pytest.mark.deep
def test_t5_fast_equals_plain_deep():
    assert check_t5_pass(games_up_to(6, 6)) == 0


@pytest.mark.parametrize("perturb", [
    [("MultiShannon", multishannon(restricted_short_first_wins=lambda r: not r)), ("_restricted_wins", subsets_flipped)],
    [("MultiShannon", multishannon(second_player_wins=lambda r: not r))],
])
def test_t5_fast_equals_plain_perturbed(perturb, monkeypatch):
    assert check_t5_pass(games_up_to(4), perturb, monkeypatch) > 0


# ---------------------------------------------------------------- DUAL/b
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
    from verify.game import Game
    assert DG.outer_dual_exists(Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))) is True
    assert DG.outer_dual_exists(Game.from_edges("0-1,0-2,2-1", terminals=(0, 1))) is True


def test_dual_fast_computes_every_shorting(monkeypatch):
    """The fast pass compares every shorting itself: one flipped answer sends the game to
    the plain check (it is not taken as passing by the remark's argument)."""
    game = next(g for g in connected_games(4) if DU._dual_b_fast(g))
    monkeypatch.setattr(DU, "shorting_family_duals", each_negated(DU.shorting_family_duals))
    assert DU._dual_b_fast(game) is None
