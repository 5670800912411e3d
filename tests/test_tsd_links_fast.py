"""TSD's link checks (``verify/papers/tsd/links.py``: TSD.T5, T10, T17, T18): the
tables their fast passes read against the solvers, and the fast passes against the
plain checks under perturbation, with the procedures they record and the answers they
remember across games.

* The tables: the carrier families of :meth:`~verify.links.MultiLinks.families` (which
  the T17 and T18 fast passes read) agree with :meth:`~verify.links.MultiLinks.type` on
  every carrier, also for the mutants' ``MultiLinks``; T18/b's small strong carriers in
  closed form (:func:`_small_strong`), the carriers of every ``G ∗ x`` from one table
  of ``G`` (:class:`~verify.links.ShortedStrong`, :func:`_pivot_table`) agree with
  :meth:`~verify.links.MultiLinks.families`; T5's restricted wins
  (:func:`_restricted_wins`) and the Short-win ends of M_{G,S} read from the types of
  Γ(S) (:func:`_t5_leaves`, decided by :func:`_t5_decide`) agree with the solver
  (:class:`~verify.solve.MultiShannon`); T10's pairing strategy decided on the ``2^k``
  ends it can reach (:func:`_transversals_win`) equals replaying it with
  :func:`~verify.solve.strategy.check_multi_strategy`.
* The checks: each fast pass returns the plain check's count when the plain check
  passes and None when it fails, on every game up to n = 5 (``deep``: n = 6), with the
  solvers perturbed as the mutants perturb them (so that failures occur); T5's and T10's
  record the plain check's procedures, game by game; the answers T10, T17 and T18/b
  remember across games give the same results when read again.  TSD.T18/a, refuted,
  fails on games up to n = 5: its fast pass rejects exactly those; the older T18/b pass
  (:func:`_and_rule_fast`, which a patched ``MultiLinks`` goes through) equals the plain
  check on the genuine class as well.

That every route of these statements equals the plain route on unperturbed games (every
game n ≤ 6) is checked in ``tests/test_routes.py``.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from verify.backing import recording
from verify.game import bits
from verify.graphs import connected_games
from verify.links import KINDS, MultiLinks, ShortedStrong
from verify.mutants.core import negate
from verify.mutants.tsd import multilinks, multishannon, subsets_flipped
from verify.papers.tsd import links as LK
from verify.solve import CUT, SHORT, MultiShannon
from verify.solve.strategy import check_multi_strategy


def games_up_to(n_max, n_min=2):
    for n in range(n_min, n_max + 1):
        yield from connected_games(n)


def _clear_caches():
    LK._T5_SEEN.clear()
    LK._T17_SEEN.clear()
    LK._PAIRING_SEEN.clear()
    LK._T17_SETS.clear()
    LK._RELATED.clear()
    LK._PIVOT_TABLES.clear()
    LK._DOM_SEEN.clear()


def _outcome(t):
    """A tally's (hypothesis count, failure) for comparing two checks."""
    return t.hypothesis, t.failure


# ---------------------------------------------------------------- T17 / T18: carrier families
def link_tables(game):
    """(game played on, terminal set, largest carrier) of every table of
    :meth:`MultiLinks.families` the T17 and T18 fast passes ask for, and more: every
    terminal set of T17 (all carriers); {s} ∪ X and {t} ∪ X (carriers ≤ 2) and
    {s, t} ∪ Y (carriers ≤ 4) in G; {s, t} ∪ Y in G ∗ x for x ∉ Y (X, Y non-terminal
    sets of size 1–2, Y also empty)."""
    s, t = game.terminals
    free = game.nonterminals()
    for T in LK._terminal_sets(game):
        yield game, T, None
    for X in (c for k in (1, 2) for c in combinations(free, k)):
        yield game, {s, *X}, 2
        yield game, {t, *X}, 2
    for Y in (c for k in (0, 1, 2) for c in combinations(free, k)):
        yield game, {s, t, *Y}, 4
        for x in free:
            if x not in Y:
                yield game.short(x), {s, t, *Y}, 4


def family_cells(games, cls=MultiLinks):
    """``(where, links, V, carrier, kinds)`` for every set V (relative mask over G's
    non-terminals) of every table of :func:`link_tables` read through ``cls``: whether V
    is a carrier there (not: a member of T, a vertex gone in G ∗ x, too large) and the
    kinds whose family holds it."""
    for game in games:
        over = game.nonterminals()
        for g, T, size in link_tables(game):
            links = cls(g, T)
            fams = links.families(over, size)
            for r in range(1 << len(over)):
                V = [over[i] for i in range(len(over)) if r >> i & 1]
                carrier = all(v in g.vertices and v not in T for v in V) and (size is None or len(V) <= size)
                yield (game, g, T, V, size), links, V, carrier, [k for k in KINDS if fams[k] >> r & 1]


def check_families(games):
    """Every carrier of every table of :func:`link_tables`: in the family of its
    :meth:`MultiLinks.type`, and every other set in none."""
    checked = 0
    for where, links, V, carrier, got in family_cells(games):
        assert got == ([links.type(V)] if carrier else []), where
        checked += carrier
    return checked


def test_families_equal_type(tier):
    assert check_families(tier.games()) > tier.least(0)


@pytest.mark.parametrize("change", [lambda k: "weak" if k == "strong" else k, lambda k: "strong" if k == "weak" else k])
def test_mutant_families_follow_type(change):
    """The mutants' ``MultiLinks`` perturbs the families as it perturbs ``type``."""
    for _, links, V, carrier, got in family_cells(games_up_to(4), multilinks(change)(MultiLinks)):
        if carrier:
            assert got == [links.type(V)]


# ---------------------------------------------------------------- T18/b: strong carriers
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


def test_shorted_strong_equals_families_of_shorted_games(tier):
    assert check_shorted_strong(tier.games()) > tier.least(1000)


def test_small_strong_equals_families(tier):
    assert check_small_strong(tier.games()) > tier.least(500)


def test_joined_pairs_counts_disjoint_pairs():
    """:func:`_joined_pairs` against the pairs listed one by one (3 positions)."""
    for side1 in range(0, 1 << 8, 7):
        for side2 in range(0, 1 << 8, 5):
            V1s = [r for r in range(8) if side1 >> r & 1]
            V2s = [r for r in range(8) if side2 >> r & 1]
            pairs = [(a, b) for a in V1s for b in V2s if not a & b]
            assert LK._joined_pairs(3, side1, side2) == (len(pairs), sum({1 << (a | b) for a, b in pairs}))


# ---------------------------------------------------------------- T5: leaves and restricted wins
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


def test_t5_leaves_equal_solver(tier):
    assert check_t5_leaves(tier.games()) > tier.least(700, 13000)


def check_restricted_wins(games):
    """:func:`~verify.papers.tsd.links._restricted_wins` (read from the solver's table)
    against :meth:`MultiShannon.restricted_short_first_wins` asked subset by subset, for
    every terminal-free S of size 1–4."""
    from verify.game import bits
    from verify.solve import MultiShannon

    asked = 0
    for game in games:
        for k in (1, 2, 3, 4):
            for S in combinations(game.nonterminals(), k):
                m = MultiShannon(game, S)
                fam = LK._restricted_wins(m)
                s_bits = list(bits(m.s_mask))
                for u in range(1 << k):
                    U = {game.label(s_bits[i]) for i in bits(u)}
                    assert bool(fam >> u & 1) == m.restricted_short_first_wins(U), (game, S, U)
                    asked += 1
                assert fam >> (1 << k) == 0
    return asked


def test_restricted_wins_equal_the_solver(tier):
    assert check_restricted_wins(tier.games()) > tier.least(1000)


def test_t5_shared_answers_keep_the_oracles():
    """A game answered from :data:`_T5_SEEN` alone records the solver as one answered
    afresh does."""
    from verify.backing import recording

    game = next(g for g in connected_games(5) if LK._t5_fast(g))
    with recording() as first:
        a = LK._t5_fast(game)
    with recording() as again:
        b = LK._t5_fast(game)
    assert a == b and first.names == again.names == {"multi"}


# ---------------------------------------------------------------- the checks
# each ``runs_*``: (game, the plain check's tally, the fast pass's answer, the procedures
# each recorded or None) game by game, for conftest.py's ``fast_vs_plain``
def _recorded(first, then, game):
    """``first(game)`` and ``then(game)``, in that order, each with the procedures it recorded."""
    with recording() as r_first:
        a = first(game)
    with recording() as r_then:
        b = then(game)
    return (a, r_first.names), (b, r_then.names)


def runs_t5(games):
    """The fast pass against the plain check, with the procedures they record."""
    LK._T5_SEEN.clear()
    for game in games:
        (fast, rf), (plain, rp) = _recorded(LK._t5_fast, LK._t5_plain, game)
        yield game, plain, fast, (rf, rp)


def runs_t18b(games):
    """The new fast pass against the plain check; the registered path gives the plain
    check's tally (with a patched ``MultiLinks``, which the new pass does not read, only
    the registered path is compared)."""
    genuine = LK.MultiLinks is LK._GENUINE_MULTILINKS
    for game in games:
        t = LK._and_rule_plain(game, False)
        got = LK._and_rule_b_fast(game) if genuine else LK._and_rule_fast(game, False)
        assert _outcome(LK._and_rule(game, False)) == _outcome(t), game
        yield game, t, got, None


def runs_t17(games):
    for game in games:
        yield game, LK._t17_plain(game), LK._t17_fast(game), None


def runs_t10(games):
    """With the procedures recorded by the fast pass and the plain check on every game
    (answers remembered from earlier games included)."""
    for game in games:
        (t, plain), (got, fast) = _recorded(LK._t10_plain, LK._t10_fast, game)
        yield game, t, got, (fast, plain)


def runs_and_rule_fast(games, literal: bool):
    """:func:`_and_rule_fast` (the T18/a pass, and the T18/b pass for a patched
    ``MultiLinks``) against the plain check, game by game."""
    for game in games:
        yield game, LK._and_rule_plain(game, literal), LK._and_rule_fast(game, literal), None


CHECKS = {"TSD.T5": runs_t5, "TSD.T18/b": runs_t18b, "TSD.T17": runs_t17, "TSD.T10": runs_t10}

# perturbations: (module attribute, replacement maker), as the mutants of verify/mutants/tsd.py
PERTURB = {
    "MultiLinks weak reported strong": [("MultiLinks", multilinks(lambda k: "strong" if k == "weak" else k))],
    "MultiLinks strong reported weak": [("MultiLinks", multilinks(lambda k: "weak" if k == "strong" else k))],
    "MultiShannon flipped": [("MultiShannon", multishannon(
        second_player_wins=lambda r: not r, first_player_wins=lambda r: not r, winning_first_moves=lambda r: r[:-1]))],
    "capture/loss flipped": [("MultiShannon", multishannon(second_player_wins=lambda r: not r))],
    "restricted wins flipped": [("MultiShannon", multishannon(restricted_short_first_wins=lambda r: not r)),
                                ("_restricted_wins", subsets_flipped)],
    "final results flipped": [("MultiShannon", multishannon(final_result=lambda r: (not r[0], not r[1])))],
    "threat and support flipped": [("threat_masks", negate), ("support_masks", negate),
                                   ("threatens", negate), ("supports", negate)],
    "pairing answers anywhere": [("_pairing", lambda o: (lambda pairs: (lambda left, h: set(left))))],
    "strategy check negated": [("check_multi_strategy", lambda o: (lambda *a: (not o(*a)[0], o(*a)[1])))],
}
# the perturbations each check consumes
PERTURBED = {
    "TSD.T5": ["MultiShannon flipped", "capture/loss flipped", "restricted wins flipped"],
    "TSD.T18/b": ["MultiLinks weak reported strong"],
    "TSD.T17": ["MultiLinks strong reported weak"],
    "TSD.T10": ["MultiShannon flipped", "final results flipped", "threat and support flipped",
                "pairing answers anywhere", "strategy check negated"],
}


@pytest.mark.parametrize("sid", sorted(CHECKS))
def test_fast_equals_plain_and_again_from_remembered_answers(sid, fast_vs_plain):
    """The procedures recorded (T5, T10) and the answers remembered across games (read
    again on the second round); the counts themselves are the routes' (test_routes.py)."""
    _clear_caches()
    assert fast_vs_plain(CHECKS[sid](games_up_to(5))) == 0
    assert fast_vs_plain(CHECKS[sid](games_up_to(5))) == 0  # again, with the answers remembered


@pytest.mark.parametrize("sid, what", [(sid, what) for sid, whats in sorted(PERTURBED.items()) for what in whats])
def test_fast_equals_plain_perturbed(sid, what, monkeypatch, fast_vs_plain):
    for name, make in PERTURB[what]:
        monkeypatch.setattr(LK, name, make(getattr(LK, name)))
    failing = fast_vs_plain(CHECKS[sid](games_up_to(5)))
    if what != "pairing answers anywhere":  # its mutant is refuted only at n = 6
        assert failing > 0


@pytest.mark.deep
@pytest.mark.parametrize("sid", sorted(CHECKS))
def test_fast_equals_plain_and_again_from_remembered_answers_deep(sid, fast_vs_plain):
    fast_vs_plain(CHECKS[sid](connected_games(6)))


@pytest.mark.parametrize("n_max", [5, pytest.param(6, marks=pytest.mark.deep)])
def test_refuted_t18a_fast_rejects_exactly_where_plain_fails(n_max, fast_vs_plain):
    """TSD.T18/a is refuted: its fast pass must send exactly the failing games to the
    plain check."""
    assert fast_vs_plain(runs_and_rule_fast(games_up_to(n_max), literal=True)) > 0


@pytest.mark.parametrize("n_max", [5, pytest.param(6, marks=pytest.mark.deep)])
def test_older_t18b_pass_equals_plain(n_max, fast_vs_plain):
    """The T18/b pass a patched ``MultiLinks`` goes through (:func:`_and_rule_fast`),
    with the genuine class: the plain check's counts."""
    assert fast_vs_plain(runs_and_rule_fast(games_up_to(n_max), literal=False)) == 0


# ---------------------------------------------------------------- T10's pairing strategy, T18/b's pivot tables
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
