"""TSD §2–4's graph checks (``verify/papers/tsd/graph.py``): the bitmask predicates,
families and per-game helpers their fast passes read against the definitions, and the
fast passes against the plain checks where failures occur.

* The bitmask predicates of :mod:`verify.concepts` (:func:`threat_masks`,
  :func:`support_masks`, :func:`short_equals_delete`), the families of sets ``A``
  (threat, supporter, Theorem 7's, connected-and-apart), the packed shorted-edge
  families and the mask helpers agree with threat and support computed by
  :class:`~verify.game.Game` operations straight from the definitions, for every game
  and every admissible ``A``, ``B``; the reduced graphs of :func:`_reduced_colourings`
  are those of ``Game.short`` / ``Game.delete``; :func:`_colourings_agree` (the pruned
  walk over complete colourings) answers what the comparison of every complete
  colouring answers, also under the MODEL and L1 mutants' perturbations; the per-game
  helpers equal what they replace, and their caches are bounded.
* The refuted readings (TSD.L3.support/a, T7.ii/a, EQ1/a, ART/a) fail on games up to
  n = 5: the registered check gives the plain check's tally (count and first failure)
  on every game, the fast pass handing the failing game (or pair) to the plain body;
  TSD.ART's fast pass (``_art_fast``, no registered route) equals the plain check too.
* With the names the mutants patch perturbed (threat / support answers flipped, the
  label predicate and its bitmask or family routine together), the registered check
  gives the plain check's tally and fails somewhere; where only the fast pass reads the
  perturbed name, the routes disagree, and that is an error.

Default tier: games up to n = 5 (n = 6 for the cheap parts, a sample of n = 7 for
TSD.L4's families); ``deep``: n = 6 throughout.  That every route of these statements
equals the plain route on unperturbed games (every game n ≤ 6, and a sample of n = 7
for TSD.L4) is checked in ``tests/test_routes.py``.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from verify import concepts as C
from verify.concepts import short_equals_delete, support_masks, supports, threat_masks, threatens
from verify.dead.common import short_wins
from verify.game import components, delete_adjacency, short_adjacency
from verify.graphs import connected_games
from verify.papers.tsd import graph as G
from verify.registry import REGISTRY, load_paper_statements

load_paper_statements()


def games_up_to(n_max, n_min=2):
    for n in range(n_min, n_max + 1):
        yield from connected_games(n)


def subsets(vs):
    for k in range(len(vs) + 1):
        yield from combinations(vs, k)


def plain_threat(game, A, B):
    """``G − A ∗ B = G − A − B`` by Game operations."""
    h = game.delete(A)
    return h.short(B) == h.delete(B)


def plain_support(game, A, B):
    """``G ∗ A − B = G ∗ A ∗ B`` by Game operations."""
    h = game.short(A)
    return h.short(B) == h.delete(B)


def check_predicates(games):
    pairs = 0
    for game in games:
        adj, alive = game.adjacency, (1 << game.n) - 1
        free = game.nonterminals()
        for B in subsets(free):
            if not B:
                continue
            mb = game.mask(B)
            rest = [v for v in free if v not in B]
            assert short_equals_delete(adj, alive, mb) == (game.short(B) == game.delete(B))
            for A in subsets(rest):
                ma = game.mask(A)
                thr, sup = plain_threat(game, A, B), plain_support(game, A, B)
                assert threat_masks(adj, alive, ma, mb) == thr == threatens(game, A, B), (game, A, B)
                assert support_masks(adj, alive, ma, mb) == sup == supports(game, A, B), (game, A, B)
                pairs += 1
    return pairs


def test_mask_predicates_are_the_definitions(tier):
    assert check_predicates(tier.games()) > tier.least(1000, 50000)


def test_mask_predicates_in_a_smaller_graph():
    """On ``G − X`` / ``G ∗ X`` kept in G's index space (rows and columns of X cleared),
    the bitmask predicates agree with the Game operations on the relabelled game."""
    for game in games_up_to(5):
        free = game.nonterminals()
        for x in free:
            ix = 1 << game.index(x)
            alive = ((1 << game.n) - 1) & ~ix
            rest = [v for v in free if v != x]
            for h, adj in ((game.delete(x), G.delete_adjacency(game.adjacency, game.index(x))),
                           (game.short(x), G.short_adjacency(game.adjacency, game.index(x)))):
                for B in subsets(rest):
                    if not B:
                        continue
                    for A in subsets([v for v in rest if v not in B]):
                        ma, mb = game.mask(A), game.mask(B)
                        assert threat_masks(adj, alive, ma, mb) == plain_threat(h, A, B)
                        assert support_masks(adj, alive, ma, mb) == plain_support(h, A, B)


def test_reduced_colourings_are_the_game_operations():
    for game in games_up_to(6):
        free = [game.index(v) for v in game.nonterminals()]
        reduced = G._reduced_colourings(game, free)
        masks = G._relative_masks(free)
        assert len(reduced) == len(masks) == 1 << len(free)
        for r, adj in enumerate(reduced):
            black = game.labels_of(masks[r])
            white = [v for v in game.nonterminals() if v not in black]
            h = game.short(black).delete(white)
            t1, t2 = game.terminals
            assert bool(adj[game.index(t1)] >> game.index(t2) & 1) == h.has_edge(t1, t2)
            left = [i for i in range(game.n) if not (masks[(1 << len(free)) - 1] >> i & 1)]
            assert all(adj[i] == 0 for i in free)
            assert {(game.label(i), game.label(j)) for i in left for j in left if adj[i] >> j & 1} == \
                {(u, v) for u, v in h.edges()} | {(v, u) for u, v in h.edges()}


# ------------------------------------------------------------ registered checks against plain checks
# statement id -> the plain check (the enumeration as written), a function of the game
PLAIN = {
    "TSD.MODEL": lambda g: G._model_plain(g),
    "TSD.L2": lambda g: G._l2_plain(g),
    "TSD.L3.threat": lambda g: G._l3_plain(g, G.threatens, G._in_g, "threat"),
    "TSD.L3.support/a": lambda g: G._l3_plain(g, G.supports, G._in_g, "support"),
    "TSD.L3.support/b": lambda g: G._l3_plain(g, G.supports, G._in_g_star_a, "support"),
    "TSD.L4": lambda g: G._l4_plain(g),
    "TSD.T7.i": lambda g: G._t7_plain(g, G.threatens, G.threatens_thm7, "i"),
    "TSD.T7.ii/a": lambda g: G._t7_plain(g, G.supports, G.supports_thm7, "ii"),
    "TSD.T7.ii/b": lambda g: G._t7_plain(g, G.supports, G.supports_thm7, "ii", only=G._connected_and_apart),
    "TSD.T7.EX": lambda g: G._t7_ex_plain(g),
    "TSD.T8": lambda g: G._t8_plain(g),
    "TSD.EQ1/a": lambda g: G._eq1_plain(g, connected_b=False),
    "TSD.EQ1/b": lambda g: G._eq1_plain(g, connected_b=True),
    "TSD.ART/a": lambda g: G._art_a_plain(g),
    "TSD.ART/b": lambda g: G._art_b_plain(g),
}


def same_tally(sid, games, plain=None):
    """(games seen, failing tallies): the registered check ``sid`` gives the plain check's
    tally (``plain``, by default ``PLAIN[sid]``) on every game."""
    check, plain = REGISTRY[sid].check, plain or PLAIN[sid]
    seen = failed = 0
    for game in games:
        fast, ref = check(game), plain(game)
        assert (fast.hypothesis, fast.failure) == (ref.hypothesis, ref.failure), (sid, game)
        seen += 1
        failed += ref.failure is not None
    return seen, failed


# the registered checks compared with the plain ones on every game: the refuted readings
# (their fast passes must hand exactly the failing games to the plain body) and TSD.ART,
# whose fast pass is no registered route
COMPARED = ("TSD.ART/a", "TSD.ART/b", "TSD.EQ1/a", "TSD.L3.support/a", "TSD.T7.ii/a")


@pytest.mark.parametrize("sid", COMPARED)
def test_fast_check_equals_plain(sid):
    seen, failed = same_tally(sid, games_up_to(5))
    assert seen > 100 and (failed > 0) == (REGISTRY[sid].expect == "refuted")


@pytest.mark.deep
@pytest.mark.parametrize("sid", COMPARED)
def test_fast_check_equals_plain_n6(sid):
    seen, _ = same_tally(sid, connected_games(6))
    assert seen > 800


@pytest.mark.parametrize("sid,names", [
    ("TSD.L3.threat", ("threatens", "threat_masks", "threat_family")),
    ("TSD.L3.support/b", ("supports", "support_masks", "supporter_family")),
    ("TSD.L4", ("threatens", "threat_masks", "threat_family")),
    ("TSD.L4", ("supports", "support_masks", "supporter_families")),
])
def test_flipped_answers_reach_the_plain_body(sid, names, monkeypatch):
    """With both the label and the bitmask predicate flipped (what the mutants do), the
    fast pass fails and resumes the plain check, which consumes the flipped predicate."""
    flip(monkeypatch, names)
    _, failed = same_tally(sid, games_up_to(5))
    assert failed > 0


def flip(monkeypatch, names):
    """Flip the answers of each of ``names`` in the graph module, as the mutants do."""
    for name in names:
        orig = getattr(G, name)
        if name.endswith("_family"):  # a family of sets: every member flipped
            monkeypatch.setattr(G, name, lambda *a, _o=orig, **k: ~_o(*a, **k))
        elif name.endswith("_families"):  # families by key: every member of each flipped
            monkeypatch.setattr(G, name, lambda *a, _o=orig, **k: {x: ~f for x, f in _o(*a, **k).items()})
        else:
            monkeypatch.setattr(G, name, lambda *a, _o=orig, **k: not _o(*a, **k))


def test_no_draw_with_shorting_as_deleting(monkeypatch):
    """The L1 mutant's perturbation (shorting adds no edges) makes the fast pass fail, and
    the plain enumeration then reports the same first position."""
    monkeypatch.setattr(G, "short_adjacency", G.delete_adjacency)
    bad = 0
    for game in games_up_to(5):
        checked, derived, failed = G._no_draw(game)
        assert (checked + derived, failed) == G._no_draw_plain(game), game
        bad += failed is not None
    assert bad > 0


# ------------------------------------------------------------ families of sets A
def label_sets(game, mask):
    return set(game.labels_of(mask))


def check_families(games):
    """Every family of :mod:`verify.concepts` against its pair-by-pair predicate, for
    every ``A`` over the non-terminals and every ``B`` of at most two vertices."""
    from verify.concepts import support7_family, supports_thm7, threat7_family, threat_family, threatens_thm7

    pairs = 0
    for game in games:
        adj, alive = game.adjacency, (1 << game.n) - 1
        free = G._free_indices(game)
        absm = G._abs_masks(free)
        for mb in G._set_masks(tuple(1 << i for i in free), 2):
            B = label_sets(game, mb)
            thr, t7, s7 = threat_family(adj, alive, mb, free), threat7_family(adj, mb, free), support7_family(adj, mb, free)
            apart = G._connected_and_apart_family(adj, mb, free)
            for r, ma in enumerate(absm):
                if ma & mb:
                    assert not (thr >> r & 1 or t7 >> r & 1 or s7 >> r & 1)
                    continue
                A = label_sets(game, ma)
                assert bool(thr >> r & 1) == threat_masks(adj, alive, ma, mb) == plain_threat(game, A, B), (game, A, B)
                assert bool(t7 >> r & 1) == threatens_thm7(game, A, B), (game, A, B)
                assert bool(s7 >> r & 1) == supports_thm7(game, A, B), (game, A, B)
                if ma.bit_count() <= 2:
                    assert bool(apart >> r & 1) == G._connected_and_apart(game, A, B), (game, A, B)
                pairs += 1
    return pairs


def test_families_are_the_pairwise_predicates(tier):
    assert check_families(tier.games()) > tier.least(1500, 40000)


def test_mask_helpers_are_the_label_concepts():
    """``g_set_mask``, ``g_set_walks_mask``, ``thm8_masks``, ``has_supporting_set_masks``
    and ``_connected_mask`` against straightforward label computations."""
    from verify.concepts import g_set_mask, g_set_walks_mask, has_supporting_set_masks, thm8_masks, triangle_number, walk_count

    for game in games_up_to(6):
        adj, alive = game.adjacency, (1 << game.n) - 1
        free = game.nonterminals()
        fm = game.mask(free)
        for v in free:
            i, nb = game.index(v), game.neighbours(v)
            g = {u for u in nb if all(w == u or game.has_edge(u, w) for w in nb)}
            assert label_sets(game, g_set_mask(adj, 1 << i)) == g
            walks = {u for u in nb if walk_count(game, u, v, 2) == game.degree(v) - 1}
            assert label_sets(game, g_set_walks_mask(adj, i)) == walks
            sup = any(plain_support(game, A, {v}) for A in subsets([u for u in free if u != v]))
            assert has_supporting_set_masks(adj, alive, fm, i) == sup
            for S in subsets(sorted(u for u in nb if not game.is_terminal(u))):
                if len(S) > 3:
                    continue
                d, n = game.degree(v), len(S)
                x_n = triangle_number(game, v) - (d - n) * (d - n - 1) // 2
                m = sum(game.has_edge(a, b) for a, b in combinations(S, 2))
                two = sum(walk_count(game, s, v, 2) for s in S)
                assert thm8_masks(adj, i, game.mask(S)) == (two == x_n + m)
        for S in subsets(free):
            assert G._connected_mask(adj, game.mask(S)) == G._connected(game, set(S))


@pytest.mark.parametrize("sid,patches", [
    ("TSD.T7.i", (("threatens_thm7", "neg"), ("threat7_family", "complement"))),
    ("TSD.T7.EX", (("threatens", "neg"), ("threat_masks", "neg"), ("threat_family", "complement"))),
    ("TSD.T7.ii/b", (("_connected_and_apart", "true"), ("_connected_and_apart_family", "all"))),
    ("TSD.EQ1/b", (("_connected", "true"), ("_connected_mask", "true"))),
    ("TSD.T8", (("threatened_by_thm8", "shift"), ("thm8_masks", "shift"))),
])
def test_perturbed_names_reach_the_plain_body(sid, patches, monkeypatch):
    """The mutants' perturbations (label predicate and its bitmask or family routine
    together) make the fast pass fail, and the plain check, which consumes the perturbed
    label predicate, then gives the tally; it fails somewhere up to n = 5."""
    change = {
        "neg": lambda o: (lambda *a, **k: not o(*a, **k)),
        "complement": lambda o: (lambda *a, **k: ~o(*a, **k)),
        "true": lambda o: (lambda *a, **k: True),
        "all": lambda o: (lambda *a, **k: -1),
        "shift": lambda o: (lambda g, v, s: o(g, v, s, shift=1)),
    }
    for name, how in patches:
        monkeypatch.setattr(G, name, change[how](getattr(G, name)))
    plain = {
        "TSD.T7.i": lambda g: G._t7_plain(g, G.threatens, G.threatens_thm7, "i"),
        "TSD.T7.ii/b": lambda g: G._t7_plain(g, G.supports, G.supports_thm7, "ii", only=G._connected_and_apart),
    }.get(sid)
    _, failed = same_tally(sid, games_up_to(5), plain)
    assert failed > 0


# ------------------------------------------- TSD.L4: families of shorted edges and supporters
def check_support_families(games):
    """:func:`shorted_edge_families` against ``Game.short`` and :func:`supporter_families`
    against support by the definition (``Game`` operations) in G and in every ``G − x``,
    for every ``B`` and every ``A`` over the non-terminals."""
    from verify.concepts import shorted_edge_families, supporter_families

    checked = 0
    for game in games:
        adj, alive, n = game.adjacency, (1 << game.n) - 1, game.n
        free = G._free_indices(game)
        absm = G._abs_masks(free)
        edges = shorted_edge_families(adj, alive, free)
        for r, ms in enumerate(absm):
            h = game.short(game.labels_of(ms))
            for u in range(n):
                for v in range(u + 1, n):
                    if (ms >> u | ms >> v) & 1:
                        assert not edges.get((1 << u) | (1 << v), 0) >> r & 1
                        continue
                    assert bool(edges.get((1 << u) | (1 << v), 0) >> r & 1) == h.has_edge(game.label(u), game.label(v)), (game, ms, u, v)
        for mb in G._set_masks(tuple(1 << i for i in free), len(free)):
            fams = supporter_families(edges, mb, free, n)
            assert set(fams) == {0} | {1 << i for i in free if not mb >> i & 1}
            B = label_sets(game, mb)
            for x, f in fams.items():
                h = game.delete(game.labels_of(x)) if x else game
                for r, ma in enumerate(absm):
                    if ma & (mb | x):
                        assert not f >> r & 1
                        continue
                    assert bool(f >> r & 1) == plain_support(h, label_sets(game, ma), B), (game, x, ma, mb)
                    checked += 1
    return checked


def sample(n, step):
    return [g for k, g in enumerate(connected_games(n)) if k % step == 0]


def test_support_families_are_the_definition(tier):
    assert check_support_families(tier.games()) > tier.least(500)


def test_support_families_on_larger_games():
    """Games with 4–5 non-terminals, where sets of every size occur."""
    assert check_support_families(sample(6, 40) + sample(7, 800)) > 2000


@pytest.mark.parametrize("names", [("threatens", "threat_masks", "threat_family"),
                                   ("supports", "support_masks", "supporter_families")])
def test_l4_flipped_on_larger_games(names, monkeypatch):
    flip(monkeypatch, names)
    _, failed = same_tally("TSD.L4", sample(7, 400))
    assert failed > 0


# --- Lemma 3 by families over A (_l3_family, concepts.supporter_family)
def test_supporter_family_is_the_definition():
    """supporter_family = entry 0 of supporter_families = support_masks for every A
    (every game n <= 5, every B)."""
    from verify.concepts import set_family, shorted_edge_families, supporter_families, supporter_family
    checked = 0
    for game in games_up_to(5):
        adj, alive = game.adjacency, (1 << game.n) - 1
        free = G._free_indices(game)
        fam = set_family(free, game.n)
        edges = shorted_edge_families(adj, alive, free)
        for B in subsets(free):
            if not B:
                continue
            mb = sum(1 << i for i in B)
            f = supporter_family(edges, mb, free, game.n)
            assert f == supporter_families(edges, mb, free, game.n)[0], (game, B)
            for r in range(1 << len(free)):
                ma = sum(1 << free[j] for j in range(len(free)) if r >> j & 1)
                want = not ma & mb and support_masks(adj, alive, ma, mb)
                assert bool(f >> r & 1) == want, (game, B, r)
                checked += 1
            assert fam  # the encoding is the one set_family gives
    assert checked > 1000


def test_l3_family_pass_rejects_exactly_where_the_refuted_reading_fails(fast_vs_plain):
    """_l3_family passes a game of TSD.L3.support/a (refuted) exactly when the plain check
    passes it, with the plain check's count (every game n <= 5)."""
    games = list(games_up_to(5))

    def runs():
        for game in games:
            count = G._l3_family(game, "support", G._in_g)
            yield game, G._l3_plain(game, G.supports, G._in_g, "support"), count, None
    failed = fast_vs_plain(runs())
    assert len(games) - failed > 100 and failed > 0


def test_l3_pairs_count_is_the_number_of_pairs():
    for game in games_up_to(5):
        assert G._l3_pairs_count(len(game.nonterminals())) == len(G._pair_masks(game))


# ------------------------------------------------------------- tallies of several checks (MODEL, L1, ...)
def tally(sid, game):
    """(hypothesis, failure) of the registered check and of the plain check."""
    if sid == "TSD.L1":  # positions checked and derived by Lemma 1's induction, against every position
        checked, derived, bad = G._no_draw(game)
        return (checked + derived, bad), G._no_draw_plain(game)
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
            failed += ref[1] is not None
        seen += 1
    return seen, failed


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


def test_packed_families_equal_the_families(tier):
    assert check_packed(tier.games()) > tier.least(1500, 10000)


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
