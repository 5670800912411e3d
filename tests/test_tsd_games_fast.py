"""TSD's game checks (``verify/papers/tsd/games.py``: TSD.DOM, PAIRS, SIMPLE, T1, T2, T3,
T4, T6, T11): the tables and helpers their fast passes read against the solver and the
definitions, and the fast passes against the plain checks under perturbation.

* The helpers: the shorted-edge table's answers (:class:`~verify.papers.tsd.games._Leaves`,
  ``_answers_by_leaves``, ``_SharedMaskFamilies``) equal
  :class:`~verify.solve.MultiShannon`'s on every set of 1–4 non-terminals (every game
  n ≤ 5, ``deep`` n = 6, a sample of n = 9) and record the solver; ``_move_wins``
  answers as ``winning_moves``; ``_dom_relations``, ``_supporters``, ``_cover``,
  ``_matches_all``, ``_small_sets``, ``_index_masks`` and ``_Known`` equal their
  definitions; the caches are bounded.
* The checks: each fast pass returns the plain check's hypothesis count when the plain
  check passes and None when it fails, on every game up to n = 5 (T4: n ≤ 6), with the
  solvers' or the threat / support answers perturbed as the mutants perturb them (so
  that failures occur), and records the procedures the plain check records (T1, T4,
  SIMPLE, T6, also unperturbed: ``deep`` n = 6); T2 and T3 also with the shorted-edge
  table already at hand (as after TSD.DOM in one pass); a replaced solver is asked
  itself.  TSD.T11's pass, which only recognises games without any instance, is checked
  against the plain check's count of zero.

That every route of these statements equals the plain route on unperturbed games (every
game n ≤ 6) is checked in ``tests/test_routes.py``.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from verify.backing import recording
from verify.concepts import set_family, threatens
from verify.graphs import connected_games
from verify.mutants.core import negate
from verify.mutants.tsd import complement, multishannon
from verify.papers.tsd import games as GM
from verify.solve import CUT, SHORT, MultiShannon

# fast pass, plain check
CHECKS = {
    "TSD.DOM": ("_dom_fast", "_dom_plain"),
    "TSD.PAIRS": ("_pairs_fast", "_pairs_plain"),
    "TSD.SIMPLE": ("_simple_fast", "_simple_plain"),
    "TSD.T1": ("_t1_fast", "_t1_plain"),
    "TSD.T2": ("_t2_fast", "_t2_plain"),
    "TSD.T3": ("_t3_fast", "_t3_plain"),
    "TSD.T4": ("_t4_fast", "_t4_plain"),
    "TSD.T6": ("_t6_fast", "_t6_plain"),
}
# the checks whose fast pass records the plain check's procedures (compared game by game)
RECORDED = ("TSD.SIMPLE", "TSD.T1", "TSD.T4", "TSD.T6")
# checks compared on every game up to n = 6: a 4-set of non-terminals (TSD.T4) needs n = 6
N_MAX = {"TSD.T4": 6}

# perturbations: {name: [(module attribute, replacement maker)]}, as in verify/mutants/tsd.py
PERTURB = {
    "MultiShannon flipped": [("MultiShannon", multishannon(
        second_player_wins=lambda r: not r, first_player_wins=lambda r: not r, winning_first_moves=lambda r: r[:-1]))],
    "capture/loss flipped": [("MultiShannon", multishannon(second_player_wins=lambda r: not r))],
    "no vertex dominates": [("MultiShannon", multishannon(winning_first_moves=lambda r: []))],
    "threat and support flipped": [("threat_masks", negate), ("threatens", negate),
                                   ("support_masks", negate), ("supports", negate)],
    # TSD.DOM's fast pass reads threat / support as families over A (the plain check by name)
    "threat and support families flipped": [("threatens", negate), ("threat_family", complement),
                                            ("supports", negate), ("_supporters", complement)],
    "every pair mutually supporting": [("supports", lambda o: (lambda *a: True))],
}
# the perturbations each check consumes (a replaced MultiShannon: the mutants' solver, asked itself)
PERTURBED = {
    "TSD.DOM": ["MultiShannon flipped", "no vertex dominates", "threat and support families flipped"],
    "TSD.PAIRS": ["threat and support families flipped", "every pair mutually supporting"],
    "TSD.SIMPLE": ["MultiShannon flipped"],
    "TSD.T1": ["MultiShannon flipped"],
    "TSD.T2": ["capture/loss flipped"],
    "TSD.T3": ["MultiShannon flipped"],
    "TSD.T4": ["MultiShannon flipped"],
    "TSD.T6": ["MultiShannon flipped", "threat and support flipped"],
}


def games_up_to(n_max, n_min=2):
    for n in range(n_min, n_max + 1):
        yield from connected_games(n)


def runs(sid, games):
    """Fast pass against plain check, game by game (and the procedures recorded, for the
    checks in ``RECORDED``), for conftest.py's ``fast_vs_plain``."""
    fast, plain = CHECKS[sid]
    for game in games:
        with recording() as r_plain:
            t = getattr(GM, plain)(game)
        with recording() as r_fast:
            got = getattr(GM, fast)(game)
        yield (sid, game), t, got, (r_fast.names, r_plain.names) if sid in RECORDED else None


# ---------------------------------------------------------------- the checks
@pytest.mark.parametrize("sid", RECORDED)
def test_fast_records_what_plain_records(sid, fast_vs_plain):
    assert fast_vs_plain(runs(sid, games_up_to(N_MAX.get(sid, 5)))) == 0


@pytest.mark.deep
@pytest.mark.parametrize("sid", RECORDED)
def test_fast_records_what_plain_records_deep(sid, fast_vs_plain):
    fast_vs_plain(runs(sid, connected_games(6)))


@pytest.mark.parametrize("sid, what", [(sid, what) for sid, whats in sorted(PERTURBED.items()) for what in whats])
def test_fast_equals_plain_perturbed(sid, what, monkeypatch, fast_vs_plain):
    for name, make in PERTURB[what]:
        monkeypatch.setattr(GM, name, make(getattr(GM, name)))
    assert fast_vs_plain(runs(sid, games_up_to(N_MAX.get(sid, 5)))) > 0  # the perturbation makes some games fail


@pytest.mark.parametrize("sid", ["TSD.T2", "TSD.T3"])
def test_fast_equals_plain_with_the_table_at_hand(sid, monkeypatch, fast_vs_plain):
    """T2 and T3 answer by bit operations when the game's shorted-edge table is at hand
    (as after TSD.DOM in one pass): still the plain check's counts."""
    from verify.papers.tsd import _memo
    monkeypatch.setattr(_memo, "_MASK_SEEN", {})  # no answer remembered from other checks

    def primed(games):
        for game in games:
            GM._leaf_answers(game, GM.MultiShannon)  # builds the table
            yield game
    assert fast_vs_plain(runs(sid, primed(games_up_to(5)))) == 0


# ---------------------------------------------------------------- TSD.T11
def check_t11_none(games):
    """:func:`_t11_none` only for games where both readings' plain checks count nothing;
    returns how many games it recognised."""
    none = 0
    for game in games:
        if GM._t11_none(game):
            none += 1
            for literal in (True, False):
                t = GM._t11_plain(game, literal)
                assert t.hypothesis == 0 and t.failure is None, (game, literal)
    return none


def test_t11_none_only_without_instances(tier):
    assert check_t11_none(tier.games()) > tier.least(0)


def test_t11_none_with_threat_flipped(monkeypatch):
    """With threat answers flipped (by name, as families too) the pass still only skips
    games the plain check counts nothing on."""
    monkeypatch.setattr(GM, "threatens", negate(GM.threatens))
    monkeypatch.setattr(GM, "threat_family", complement(GM.threat_family))
    check_t11_none(games_up_to(5))


# ---------------------------------------------------------------- helpers
def test_matches_all_is_a_maximum_matching():
    """``_matches_all`` agrees with networkx's maximum matching on every target set of
    every game up to n = 5 (targets: the neighbours of a terminal, candidates: their
    threateners) and on small hand-made cases."""
    assert GM._matches_all([0b1, 0b10])
    assert not GM._matches_all([0b1, 0b1])
    assert GM._matches_all([0b11, 0b1])
    assert not GM._matches_all([0b11, 0b11, 0b11])
    assert GM._matches_all([])
    for game in games_up_to(5):
        free = game.nonterminals()
        for term in game.terminals:
            nb = sorted(game.neighbours(term), key=str)
            if not nb or any(game.is_terminal(u) for u in nb):
                continue
            cands = [game.mask([x for x in free if x != u and threatens(game, {x}, {u})]) for u in nb]
            want = GM._distinct_threateners(game, nb) is not None
            assert GM._matches_all(cands) == want, (game, term)


def test_small_sets_and_index_masks():
    """``_small_sets`` holds the families of the 1- and 2-sets; ``_index_masks`` maps a
    relative mask to the index mask of the same set."""
    for k in range(8):
        ones, twos = GM._small_sets(k)
        assert [r for r in range(1 << k) if ones >> r & 1] == [r for r in range(1 << k) if r.bit_count() == 1]
        assert [r for r in range(1 << k) if twos >> r & 1] == [r for r in range(1 << k) if r.bit_count() == 2]
    free = (1, 3, 4, 7)
    masks = GM._index_masks(free)
    for r in range(16):
        assert masks[r] == sum(1 << free[j] for j in range(4) if r >> j & 1)


def test_known_family_asks_each_set_once():
    """``_Known`` answers a family by the first-player wins of its members, asking each
    set once."""
    asked = []

    class Msgs:
        def first_family(self, need, player, index_of):
            asked.extend(index_of[r] for r in range(need.bit_length()) if need >> r & 1)
            return sum(1 << r for r in range(need.bit_length()) if need >> r & 1 and r.bit_count() % 2)

    free = (0, 2, 5)
    known = GM._Known(Msgs(), GM.CUT, GM._index_masks(free))
    assert known.family(0b1111_0110) == 0b1001_0110  # r = 1, 2, 4, 7 (odd sizes) of r = 1, 2, 4, 5, 6, 7
    assert known.family(0b0000_0110) == 0b0000_0110
    assert sorted(asked) == sorted(GM._index_masks(free)[r] for r in (1, 2, 4, 5, 6, 7))


def check_relations(games):
    """``_dom_relations`` (one pass over the non-adjacent pairs) gives, for every B of
    size 1-2, the 1- and 2-sets outside B that :func:`threat_family` and
    :func:`supporter_family` give."""
    from verify.concepts import shorted_edge_families, supporter_family, threat_family
    checked = 0
    for game in games:
        adj, n = game.adjacency, game.n
        full = (1 << n) - 1
        free = tuple(game.index(v) for v in game.nonterminals())
        fam = set_family(free, n)
        ones, twos = GM._small_sets(len(free))
        index_of = GM._index_masks(free)
        edges = shorted_edge_families(adj, full, free)
        relations, _ = GM._dom_relations(game, free, fam)
        for rb in range(1, 1 << len(free)):
            if rb.bit_count() > 2:
                continue
            mb = index_of[rb]
            small = (ones | twos) & ~(fam[free[(rb & -rb).bit_length() - 1]] | fam[free[rb.bit_length() - 1]])
            thr, sup = relations(rb, mb, small)
            assert thr == threat_family(adj, full, mb, free) & small, (game, mb)
            assert sup == supporter_family(edges, mb, free, n) & small, (game, mb)
            checked += 1
    return checked


def test_dom_relations_equal_the_families(tier):
    assert check_relations(tier.games()) > tier.least(100)


def check_answers_by_leaves(games):
    """``_answers_by_leaves`` (bit operations on the shorted-edge table) answers as
    ``MultiShannon``: first-player wins and winning first moves of both players, on every
    set of size 1-4."""
    asked = 0
    for game in games:
        free = tuple(game.index(v) for v in game.nonterminals())
        index_of = GM._index_masks(free)
        _, pairs = GM._dom_relations(game, free, set_family(free, game.n))
        answers_by = GM._answers_by_leaves(free, index_of, pairs)
        for r in range(1, 1 << len(free)):
            if r.bit_count() <= 4:
                s = index_of[r]
                m = MultiShannon(game, game.labels_of(s))
                got = answers_by(s)
                for p in GM.PLAYERS:
                    assert got[("first", p)] == m.first_player_wins(p), (game, s, p)
                    assert got[("moves", p)] == game.mask(m.winning_first_moves(p)), (game, s, p)
                asked += 1
    return asked


def test_answers_by_leaves_equal_the_solver(tier):
    assert check_answers_by_leaves(tier.games()) > tier.least(500)


def test_answers_by_leaves_equal_the_solver_n9_sample():
    """The same on a few games of n = 9 (every set of size 1-4 of 7 non-terminals)."""
    from verify.registry.domain import GAMES
    assert check_answers_by_leaves(list(GAMES.instances(9, res=5, mod=4096))[:40]) > 0


def test_dom_asks_a_replaced_solver():
    """With ``MultiShannon`` replaced, TSD.DOM's fast pass asks the replacement (no
    answers by leaves), and with the library's it records the solver as the plain check."""
    game = next(g for g in connected_games(5) if GM._dom_plain(g).hypothesis > 0)
    with recording() as fast:
        GM._dom_fast(game)
    with recording() as plain:
        GM._dom_plain(game)
    assert fast.names == plain.names == {"multi"}
    called = []
    orig = GM.MultiShannon
    GM.MultiShannon = multishannon(first_player_wins=lambda r: called.append(r) or r)(orig)
    try:
        GM._dom_fast(game)
    finally:
        GM.MultiShannon = orig
    assert called


def test_shared_mask_families_equal_the_solver():
    """``_SharedMaskFamilies`` answers as ``MultiShannon`` (first-player wins of every set
    of size 1-4 as families, dominating moves), also from entries another game filled,
    and records the solver on every game that reads it."""
    from verify.papers.tsd._memo import _SharedMaskFamilies

    for game in list(games_up_to(5)) * 2:  # the second round reads shared entries
        free = tuple(game.index(v) for v in game.nonterminals())
        index_of = GM._index_masks(free)
        need = sum(1 << r for r in range(1, 1 << len(free)) if r.bit_count() <= 4)
        with recording() as rec:
            msgs = _SharedMaskFamilies(game, MultiShannon)
            for p in GM.PLAYERS:
                wins = msgs.first_family(need, p, index_of)
                for r in range(1, 1 << len(free)):
                    if need >> r & 1:
                        m = MultiShannon(game, game.labels_of(index_of[r]))
                        assert bool(wins >> r & 1) == m.first_player_wins(p), (game, r, p)
                        assert msgs.moves(index_of[r], p) == game.mask(m.winning_first_moves(p))
                        assert msgs.first(index_of[r], p) == m.first_player_wins(p)
        assert rec.names == ({"multi"} if free else set())
        with recording() as again:
            msgs = _SharedMaskFamilies(game, MultiShannon)
            for p in GM.PLAYERS:
                msgs.first_family(need, p, index_of)
        assert again.names == ({"multi"} if free else set())


def check_move_wins(games, solver_class=None):
    """``_move_wins`` answers, vertex by vertex, as ``winning_moves`` lists."""
    from verify.solve import FastSolver

    cls = solver_class or FastSolver
    asked = 0
    for game in games:
        s, ref = cls(), cls()
        w = {p: s.winner(game, p) for p in GM.PLAYERS}
        for wins in (GM._move_wins(s, game), GM._move_wins(s, game, w)):
            for p in GM.PLAYERS:
                moves = set(ref.winning_moves(game, p))
                for v in game.nonterminals():
                    assert wins(p, game.index(v)) == (v in moves), (game, p, v)
                    asked += 1
    return asked


def test_move_wins_equal_winning_moves(tier):
    assert check_move_wins(tier.games()) > tier.least(500)


def test_move_wins_of_another_solver_class():
    from verify.mutants.tsd import fastsolver_flipped
    from verify.solve import FastSolver

    assert check_move_wins(games_up_to(4), fastsolver_flipped(FastSolver)) > 0  # another class: its list


# ---------------------------------------------------------------- the shorted-edge table (_Leaves)
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


def test_leaves_equal_the_solver(tier):
    assert check_leaves(tier.games()) > tier.least(1000)


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


def test_dom_supporters_equal_supporter_families():
    """TSD.DOM's ``_supporters`` is ``supporter_families(...)[0]`` (every B, n <= 5)."""
    from verify.concepts import shorted_edge_families, supporter_families
    for game in games_up_to(5):
        adj, n = game.adjacency, game.n
        free = tuple(game.index(v) for v in game.nonterminals())
        edges = shorted_edge_families(adj, (1 << n) - 1, free)
        for k in (1, 2):
            for c in combinations(free, k):
                mb = sum(1 << i for i in c)
                assert GM._supporters(edges, mb, free, n) == supporter_families(edges, mb, free, n)[0], (game, c)


def test_simple_cover():
    """``_cover(x, y, keep)`` has ``c`` exactly when ``x`` and ``y`` agree on ``keep ∖ {c}``
    (every (a, b) graph pair of TSD.SIMPLE, n <= 5)."""
    from verify.game import delete_adjacency, short_adjacency
    from verify.papers.tsd._memo import _agree
    for game in games_up_to(5):
        adj, full = game.adjacency, (1 << game.n) - 1
        for ia in range(game.n):
            gd = delete_adjacency(adj, ia)
            for ib in range(game.n):
                if ib != ia:
                    keep = full & ~(1 << ia) & ~(1 << ib)
                    x, y = short_adjacency(gd, ib), delete_adjacency(gd, ib)
                    cover = GM._cover(x, y, keep)
                    for ic in range(game.n):
                        assert bool(cover >> ic & 1) == _agree(x, y, keep & ~(1 << ic)) or not keep >> ic & 1
