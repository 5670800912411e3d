"""The second fast passes of TSD.T10, T17 and T18/b (``verify/papers/tsd/links.py``) change no result.

* T18/b with the genuine ``MultiLinks``: :func:`~verify.papers.tsd.links._and_rule_b_fast`
  reads the small strong carriers in closed form (:func:`_small_strong`) and the
  carriers of every ``G ∗ x`` from one table of ``G``
  (:class:`~verify.links.ShortedStrong`); both agree with
  :meth:`~verify.links.MultiLinks.families`, and the pass with the plain check; a
  patched ``MultiLinks`` goes through the older fast pass.
* T17 remembers each terminal set's answer per its pair of families across games.
* T10 remembers the multi-Shannon answers across games and decides the pairing
  strategy on the ``2^k`` ends it can reach (:func:`_transversals_win`), equal to
  replaying it with :func:`~verify.solve.strategy.check_multi_strategy`; the procedures
  recorded are the plain check's, game by game.

Every game up to n = 5 (``deep``: n = 6), also with the solvers perturbed as the
mutants perturb them.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from verify.backing import recording
from verify.graphs import connected_games
from verify.links import MultiLinks, ShortedStrong
from verify.mutants.core import negate
from verify.mutants.tsd import multilinks, multishannon
from verify.papers.tsd import links as LK
from verify.solve import CUT, SHORT, MultiShannon
from verify.solve.strategy import check_multi_strategy


def games_up_to(n_max, n_min=2):
    for n in range(n_min, n_max + 1):
        yield from connected_games(n)


def _clear_caches():
    LK._T17_SEEN.clear()
    LK._PAIRING_SEEN.clear()
    LK._T17_SETS.clear()
    LK._RELATED.clear()
    LK._PIVOT_TABLES.clear()
    LK._DOM_SEEN.clear()


def _outcome(t):
    """A tally's (hypothesis count, failure) for comparing two checks."""
    return t.hypothesis, t.failure


# ---------------------------------------------------------------- T18/b helpers


def check_shorted_strong(games) -> int:
    """:class:`ShortedStrong` against the families of ``G ∗ x`` for every terminal set
    ``{s, t} ∪ Y`` (``|Y| ≤ 2``) and pivot ``x ∉ Y``, carriers of at most 0, 1, 2 and 4."""
    checked = 0
    for g in games:
        s, t = g.terminals
        over = g.nonterminals()
        for k in (0, 1, 2):
            for Y in combinations(over, k):
                T = {s, t, *Y}
                for size in (0, 1, 2, 4):
                    table = ShortedStrong(g, T, over, size)
                    for p, x in enumerate(over):
                        want = 0 if x in Y else MultiLinks(g.short(x), T).families(over, size)["strong"]
                        assert table.family(p) == want, (g, T, x, size)
                        checked += 1
    return checked


def check_small_strong(games) -> int:
    """:func:`_small_strong` / :func:`_small_family` against ``MultiLinks(G, T).families
    (over, 2)["strong"]`` for ``T = {s} ∪ X`` and ``{t} ∪ X`` (``|X| ≤ 2``)."""
    checked = 0
    for g in games:
        over = g.nonterminals()
        m = len(over)
        idx = tuple(g.index(v) for v in over)
        for end in g.terminals:
            for k in (1, 2):
                for X in combinations(range(m), k):
                    T = {end, *(over[i] for i in X)}
                    rest = ((1 << m) - 1) & ~sum(1 << i for i in X)
                    clique, pivots = LK._small_strong(g.adjacency, g.mask(T), idx)
                    got = LK._small_family(m, clique, rest if clique else pivots & rest)
                    assert got == MultiLinks(g, T).families(over, 2)["strong"], (g, T)
                    checked += 1
    return checked


def test_shorted_strong_equals_families_of_shorted_games():
    assert check_shorted_strong(games_up_to(5)) > 1000


def test_small_strong_equals_families():
    assert check_small_strong(games_up_to(5)) > 500


@pytest.mark.deep
def test_shorted_and_small_strong_deep():
    check_shorted_strong(connected_games(6))
    check_small_strong(connected_games(6))


def test_joined_pairs_counts_disjoint_pairs():
    """:func:`_joined_pairs` against the pairs listed one by one (3 positions)."""
    for side1 in range(0, 1 << 8, 7):
        for side2 in range(0, 1 << 8, 5):
            V1s = [r for r in range(8) if side1 >> r & 1]
            V2s = [r for r in range(8) if side2 >> r & 1]
            pairs = [(a, b) for a in V1s for b in V2s if not a & b]
            assert LK._joined_pairs(3, side1, side2) == (len(pairs), sum({1 << (a | b) for a, b in pairs}))


# ---------------------------------------------------------------- the checks


def check_t18b(games) -> int:
    """The new fast pass returns the plain check's count, or None where it fails; the
    registered path gives the plain check's tally (with a patched ``MultiLinks``, which
    the new pass does not read, only the registered path is compared)."""
    failing = 0
    genuine = LK.MultiLinks is LK._GENUINE_MULTILINKS
    for game in games:
        t = LK._and_rule_plain(game, False)
        got = LK._and_rule_b_fast(game) if genuine else LK._and_rule_fast(game, False)
        if t.failure is None:
            assert got == t.hypothesis, game
        else:
            failing += 1
            assert got is None, game
        assert _outcome(LK._and_rule(game, False)) == _outcome(t), game
    return failing


def check_t17(games) -> int:
    failing = 0
    for game in games:
        t = LK._t17_plain(game)
        got = LK._t17_fast(game)
        if t.failure is None:
            assert got == t.hypothesis, game
        else:
            failing += 1
            assert got is None, game
    return failing


def check_t10(games) -> int:
    """As :func:`check_t18b`, and the procedures recorded by the fast pass are the plain
    check's on every game (answers remembered from earlier games included)."""
    failing = 0
    for game in games:
        with recording() as plain:
            t = LK._t10_plain(game)
        with recording() as fast:
            got = LK._t10_fast(game)
        if t.failure is None:
            assert got == t.hypothesis, game
            assert fast.names == plain.names, (game, fast.names, plain.names)
        else:
            failing += 1
            assert got is None, game
    return failing


CHECKS = {"TSD.T18/b": check_t18b, "TSD.T17": check_t17, "TSD.T10": check_t10}

# perturbations: (module attribute, replacement maker), as the mutants of verify/mutants/tsd.py
PERTURB = {
    "MultiLinks weak reported strong": [("MultiLinks", multilinks(lambda k: "strong" if k == "weak" else k))],
    "MultiLinks strong reported weak": [("MultiLinks", multilinks(lambda k: "weak" if k == "strong" else k))],
    "MultiShannon flipped": [("MultiShannon", multishannon(
        second_player_wins=lambda r: not r, first_player_wins=lambda r: not r, winning_first_moves=lambda r: r[:-1]))],
    "final results flipped": [("MultiShannon", multishannon(final_result=lambda r: (not r[0], not r[1])))],
    "threat and support flipped": [("threat_masks", negate), ("support_masks", negate),
                                   ("threatens", negate), ("supports", negate)],
    "pairing answers anywhere": [("_pairing", lambda o: (lambda pairs: (lambda left, h: set(left))))],
    "strategy check negated": [("check_multi_strategy", lambda o: (lambda *a: (not o(*a)[0], o(*a)[1])))],
}
PERTURBED = {
    "TSD.T18/b": ["MultiLinks weak reported strong"],
    "TSD.T17": ["MultiLinks strong reported weak"],
    "TSD.T10": ["MultiShannon flipped", "final results flipped", "threat and support flipped",
                "pairing answers anywhere", "strategy check negated"],
}


@pytest.mark.parametrize("sid", sorted(CHECKS))
def test_fast_equals_plain(sid):
    _clear_caches()
    assert CHECKS[sid](games_up_to(5)) == 0
    assert CHECKS[sid](games_up_to(5)) == 0  # again, with the answers remembered


@pytest.mark.parametrize("sid, what", [(sid, what) for sid, whats in sorted(PERTURBED.items()) for what in whats])
def test_fast_equals_plain_perturbed(sid, what, monkeypatch):
    for name, make in PERTURB[what]:
        monkeypatch.setattr(LK, name, make(getattr(LK, name)))
    failing = CHECKS[sid](games_up_to(5))
    if what != "pairing answers anywhere":  # its mutant is refuted only at n = 6
        assert failing > 0


@pytest.mark.deep
@pytest.mark.parametrize("sid", sorted(CHECKS))
def test_fast_equals_plain_deep(sid):
    CHECKS[sid](connected_games(6))


def check_transversals(games) -> int:
    """:func:`_transversals_win` against replaying the pairing strategy with
    :func:`check_multi_strategy`, for every set of one or two disjoint ordered pairs."""
    checked = 0
    for game in games:
        free = [game.index(v) for v in game.nonterminals()]
        pairs1 = [[(a, b)] for a in free for b in free if a != b]
        pairs2 = [x + y for i, x in enumerate(pairs1) for y in pairs1[i + 1:] if len({*x[0], *y[0]}) == 4]
        for pairs in pairs1 + pairs2:
            labelled = [(game.label(a), game.label(b)) for a, b in pairs]
            m = MultiShannon(game, {v for pair in labelled for v in pair})
            for p, other in ((CUT, SHORT), (SHORT, CUT)):
                want = check_multi_strategy(m, p, other, LK._pairing(labelled))[0]
                assert LK._transversals_win(m, pairs, p) == want, (game, pairs, p)
                checked += 1
    return checked


def test_transversals_equal_replayed_strategy():
    assert check_transversals(games_up_to(5)) > 1000


def test_squeeze_numbers_the_vertices_outside_T():
    for T in range(1 << 6):
        outside = [i for i in range(6) if not T >> i & 1]
        for mask in range(1 << 6):
            if mask & T:
                continue
            want = sum(1 << k for k, i in enumerate(outside) if mask >> i & 1)
            assert LK._squeeze(mask, T) == want


def test_pivot_tables_shared_by_the_games_of_one_graph():
    """:func:`_pivot_table` (remembered per adjacency and T, so asked by one game and read
    by another with other terminals) against the families of ``G ∗ x`` over the
    vertices outside T."""
    LK._PIVOT_TABLES.clear()
    LK._DOM_SEEN.clear()
    checked = 0
    for game in games_up_to(5):
        s, t = game.terminal_indices
        free = [i for i in range(game.n) if i not in (s, t)]
        for k in (0, 1, 2):
            for Y in combinations(free, k):
                T = 1 << s | 1 << t | sum(1 << i for i in Y)
                outside = game.labels_of(((1 << game.n) - 1) & ~T)
                labels = game.labels_of(T)
                table = LK._pivot_table(game, T)
                for p, x in enumerate(outside):
                    want = MultiLinks(game.short(x), labels).families(outside, 4)["strong"]
                    assert table.family(p) == want, (game, labels, x)
                    checked += 1
    assert checked > 1000
