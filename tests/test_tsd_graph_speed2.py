"""The second round of fast passes of TSD.MODEL, L1, L2, L4 and T7.ii/b changes no result.

* :func:`_colourings_agree` (the pruned walk over complete colourings) answers what the
  unpruned comparison of every complete colouring answers, also under the MODEL and L1
  mutants' perturbations;
* the packed shorted-edge families of :mod:`verify.concepts`
  (:func:`shorted_edge_families_at_once`, :func:`packed_nonedge_families`, :func:`packed_threat_family`,
  :func:`packed_supporter_family`, :func:`packed_meets`) equal the families they replace;
* the per-game helpers of :mod:`verify.papers.tsd.graph` (``_apart_families``,
  ``_support7_connected``, ``_small_components``, ``_nonedge_packing``) equal what they
  replace;
* every check returns the same tally as its plain version on every game, also with the
  names the mutants patch perturbed (which sends the fast pass to the routines, or to the
  plain check).

Default tier: games up to n = 5; ``deep``: n = 6.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from verify import concepts as C
from verify.dead.common import short_wins
from verify.game import components, delete_adjacency, short_adjacency
from verify.graphs import connected_games
from verify.papers.tsd import graph as G
from verify.registry import REGISTRY, load_paper_statements

load_paper_statements()

IDS = ("TSD.MODEL", "TSD.L1", "TSD.L2", "TSD.L4", "TSD.T7.i", "TSD.T7.ii/a", "TSD.T7.ii/b")

PLAIN = {
    "TSD.MODEL": lambda g: G._model_plain(g),
    "TSD.L2": lambda g: G._l2_plain(g),
    "TSD.L4": lambda g: G._l4_plain(g),
    "TSD.T7.i": lambda g: G._t7_plain(g, G.threatens, G.threatens_thm7, "i"),
    "TSD.T7.ii/a": lambda g: G._t7_plain(g, G.supports, G.supports_thm7, "ii"),
    "TSD.T7.ii/b": lambda g: G._t7_plain(g, G.supports, G.supports_thm7, "ii", only=G._connected_and_apart),
}


def games_up_to(n_max, n_min=2):
    for n in range(n_min, n_max + 1):
        yield from connected_games(n)


def tally(sid, game):
    """(hypothesis, failure) of the registered check and of the plain check."""
    if sid == "TSD.L1":
        return G._no_draw(game), G._no_draw_plain(game)
    fast, ref = REGISTRY[sid].check(game), PLAIN[sid](game)
    return (fast.hypothesis, fast.failure), (ref.hypothesis, ref.failure)


DISAGREED: list = []  # (sid, game) where the fast pass rejected what the plain check passes


def same_tallies(sids, games):
    """(games seen, failing tallies); a game where the registered check raises
    :class:`~verify.registry.routes.RouteDisagreement` (its fast pass rejects what the
    plain check passes: a perturbation only the fast pass reads) goes to ``DISAGREED``."""
    from verify.registry.routes import RouteDisagreement

    seen = failed = 0
    DISAGREED.clear()
    for game in games:
        for sid in sids:
            try:
                fast, ref = tally(sid, game)
            except RouteDisagreement:
                DISAGREED.append((sid, game))
                continue
            assert fast == ref, (sid, game)
            failed += (ref[1] if sid != "TSD.L1" else ref[1]) is not None
        seen += 1
    return seen, failed


def test_fast_checks_equal_plain():
    seen, _ = same_tallies(IDS, games_up_to(5))
    assert seen > 100


@pytest.mark.deep
def test_fast_checks_equal_plain_n6():
    seen, _ = same_tallies(IDS, connected_games(6))
    assert seen > 800


def test_holding_statements_are_decided_by_the_fast_pass():
    """On the games where the statements hold, the fast passes alone decide (no plain run)."""
    for game in games_up_to(5):
        assert G._model_fast(game) == G._model_plain(game).hypothesis
        assert G._no_draw_fast(game) == G._no_draw_plain(game)[0]
        assert G._l2_fast(game) == G._l2_plain(game).hypothesis
        assert G._l4_fast(game) == (G._l4_plain(game).hypothesis, None)
        assert G._t7_fast(game, "ii", apart=True) == PLAIN["TSD.T7.ii/b"](game).hypothesis


# ------------------------------------------------------------- complete colourings
def every_colouring_agrees(game):
    """The unpruned comparison: every complete colouring, reduced graph against short_wins."""
    t1, t2 = game.terminal_indices
    free = G._free_indices(game)
    masks = G._relative_masks(list(free))
    terms = (1 << t1) | (1 << t2)
    return all(bool(red[t1] >> t2 & 1) == G.short_wins(game.adjacency, masks[r] | terms, t1, t2)
               for r, red in enumerate(G._reduced_colourings(game, list(free))))


@pytest.mark.parametrize("patch", [None, "short_wins", "short_adjacency"])
def test_colourings_agree_is_the_unpruned_comparison(patch, monkeypatch):
    if patch == "short_wins":  # the MODEL mutant
        monkeypatch.setattr(G, "short_wins", lambda *a: not short_wins(*a))
    elif patch == "short_adjacency":  # the L1 mutant
        monkeypatch.setattr(G, "short_adjacency", delete_adjacency)
    agree = seen = 0
    for game in games_up_to(6):
        ok = G._colourings_agree(game)
        assert ok == every_colouring_agrees(game), game
        agree += ok
        seen += 1
    assert (agree == seen) == (patch is None)


@pytest.mark.parametrize("patch", ["short_wins", "short_adjacency"])
def test_model_and_l1_under_the_mutants_perturbations(patch, monkeypatch):
    if patch == "short_wins":
        monkeypatch.setattr(G, "short_wins", lambda *a: not short_wins(*a))
    else:
        monkeypatch.setattr(G, "short_adjacency", delete_adjacency)
    _, failed = same_tallies(("TSD.MODEL", "TSD.L1"), games_up_to(5))
    assert failed > 0
    # MODEL's plain check plays with Game operations, which short_adjacency does not reach:
    # its fast pass (bitmasks) rejects games the plain check passes, and that is an error
    assert all(sid == "TSD.MODEL" for sid, _ in DISAGREED) and (patch == "short_wins" or DISAGREED)


def test_play_order_is_every_free_vertex_once():
    for game in games_up_to(6):
        assert sorted(G._play_order(game)) == sorted(G._free_indices(game))


# ------------------------------------------------------------- packed families
def check_packed(games):
    checked = 0
    for game in games:
        adj, alive, n = game.adjacency, (1 << game.n) - 1, game.n
        free = G._free_indices(game)
        fam = C.set_family(free, n)
        edges = C.shorted_edge_families(adj, alive, free)
        at_once = C.shorted_edge_families_at_once(adj, alive, free)
        assert at_once == edges and list(at_once) == list(edges), game
        for x in free[:2]:  # a smaller vertex set, as in G − x
            left = alive & ~(1 << x)
            h = tuple(row & left if left >> i & 1 else 0 for i, row in enumerate(adj))
            a, b = C.shorted_edge_families(h, left, free), C.shorted_edge_families_at_once(h, left, free)
            assert a == b and list(a) == list(b), (game, x)
        pk = C.packed_edge_families(edges, free, n)
        pk_nonedge = G._nonedge_packing(game)
        assert pk_nonedge == C.packed_nonedge_families(adj, alive, free) == \
            C.packed_edge_families({p: e for p, e in edges.items() if not e & 1}, free, n)
        for mb in G._set_masks(tuple(1 << i for i in free), 3):
            rb, avoid = C._relative(mb, free), C._avoiding(fam, mb)
            t0 = C.threat_family(adj, alive, mb, free)
            sf = C.supporter_families(edges, mb, free, n)
            for p in (pk, pk_nonedge):
                assert C.packed_threat_family(p, avoid, rb) == t0, (game, mb)
                new = (p[0] >> rb) & ~p[0] & p[3]  # the pairs shorting B adds
                assert C.packed_meets(p, new, avoid) & ((1 << (1 << len(free))) - 1) == t0
                assert C.packed_supporter_family(p, avoid, rb) == sf[0] == C.supporter_family(edges, mb, free, n)
                for i in free:
                    if mb >> i & 1:
                        continue
                    x = 1 << i
                    assert C.packed_supporter_family(p, avoid & ~fam[i], rb, x) == sf[x], (game, mb, i)
                    in_x = C.threat_family(short_adjacency(adj, i), alive & ~x, mb, free)
                    assert C.packed_threat_family(p, avoid, rb, C._relative(x, free)) == in_x, (game, mb, i)
                    checked += 1
    return checked


def test_packed_families_equal_the_families():
    assert check_packed(games_up_to(5)) > 1500


@pytest.mark.deep
def test_packed_families_equal_the_families_n6():
    assert check_packed(connected_games(6)) > 10000


def test_nonedge_packing_is_remembered_boundedly():
    G._PACKED_SEEN.clear()
    for game in games_up_to(5):
        G._nonedge_packing(game)
        assert len(G._PACKED_SEEN) <= G._PACKED_SEEN_MAX


# ------------------------------------------------------------- per-game helpers
def test_per_game_helpers_equal_what_they_replace():
    for game in games_up_to(6):
        adj = game.adjacency
        free = G._free_indices(game)
        apart = G._apart_families(adj, free)
        thm7 = G._support7_connected(adj, free)
        for mb in G._set_masks(tuple(1 << i for i in free), 3):
            assert apart(mb) == G._connected_and_apart_family(adj, mb, free), (game, mb)
            assert sorted(G._small_components(adj, mb)) == sorted(components(adj, mb))
            if mb.bit_count() <= 2:
                assert G._connected_small(adj, mb) == G._connected_mask(adj, mb)
            if len(components(adj, mb)) == 1:
                assert thm7(mb) == C.support7_family(adj, mb, free), (game, mb)
        rel = G._rel_index(free)
        for r, m in enumerate(G._abs_masks(free)):
            assert rel[m] == r


def test_commute_is_the_pairwise_equalities():
    for game in games_up_to(5):
        adj, free = game.adjacency, G._free_indices(game)
        expect = all(
            short_adjacency(delete_adjacency(adj, u), v) == delete_adjacency(short_adjacency(adj, v), u)
            and short_adjacency(short_adjacency(adj, u), v) == short_adjacency(short_adjacency(adj, v), u)
            and delete_adjacency(delete_adjacency(adj, u), v) == delete_adjacency(delete_adjacency(adj, v), u)
            for u, v in combinations(free, 2))
        assert G._commute(adj, free) == expect


# ------------------------------------------------------------- perturbed names
@pytest.mark.parametrize("sid,name,how,fails", [
    ("TSD.L2", "_connected", "true", True),  # the L2 mutant
    ("TSD.L4", "shorted_edge_families", "same", False),  # not concepts' own: the routines' path
    ("TSD.L4", "supporter_family", "same", False),
    ("TSD.T7.ii/b", "support_masks", "neg", False),  # the fast pass fails, the plain check (labels) holds: an error
    ("TSD.T7.ii/b", "support_masks", "same", False),
    ("TSD.T7.ii/b", "support7_family", "same", False),
    ("TSD.T7.ii/b", "_connected_mask", "same", False),
    ("TSD.T7.ii/b", "_connected_and_apart_family", "all", True),  # with _connected_and_apart: the mutant
])
def test_perturbed_names(sid, name, how, fails, monkeypatch):
    orig = getattr(G, name)
    change = {
        "true": lambda *a, **k: True,
        "all": lambda *a, **k: -1,
        "neg": lambda *a, **k: not orig(*a, **k),
        "same": lambda *a, **k: orig(*a, **k),  # the same answers under another name
    }
    monkeypatch.setattr(G, name, change[how])
    if name == "_connected_and_apart_family":
        monkeypatch.setattr(G, "_connected_and_apart", lambda *a: True)
    _, failed = same_tallies((sid,), games_up_to(5))
    assert (failed > 0) == fails
    assert bool(DISAGREED) == (how == "neg")
