"""Lehman's criterion by matroid partition: against brute force, against the partition
formula, certificates checked (and tampered certificates rejected), optional SageMath oracle."""

import copy
import random
from itertools import combinations

import pytest

from verify.errors import InputError
from verify.papers.ssg.brute import classify_brute
from verify.papers.ssg.enum import switch_games
from verify.papers.ssg.lehman import (
    TwoForests,
    check_certificate,
    classify,
    winning_moves,
)
from verify.papers.ssg.multigraph import SwitchGame, gale

from .test_ssg_solvers import random_multigraph


def test_lehman_equals_minimax_n_le_4():
    seen = {"connect": 0, "cut": 0, "first": 0}
    for n in range(2, 5):
        for g in switch_games(n):
            r = classify(g)
            assert r.cls == classify_brute(g)[0] == check_certificate(g, r.certificate), g
            seen[r.cls] += 1
    assert min(seen.values()) > 0


@pytest.mark.parametrize("seed", range(3))
def test_lehman_equals_minimax_random_to_n8(seed):
    rng = random.Random(100 + seed)
    for _ in range(80):
        n = rng.randint(4, 8)
        g = random_multigraph(rng, n, rng.randint(n - 1, min(14, 2 * n + 1)))
        r = classify(g)
        assert r.cls == classify_brute(g)[0] == check_certificate(g, r.certificate), g


def _set_partitions(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for p in _set_partitions(rest):
        for i in range(len(p)):
            yield p[:i] + [[first] + p[i]] + p[i + 1:]
        yield [[first]] + p


def test_max_two_forests_equals_partition_formula():
    """r2 = min over vertex partitions P of cross(P) + 2 (n - |P|) (Nash-Williams / Tutte)."""
    rng = random.Random(7)
    for _ in range(150):
        n = rng.randint(2, 6)
        g = random_multigraph(rng, n, rng.randint(n - 1, 3 * n), maxmult=4)
        best = min(
            sum(1 for u, v in g.edges if not any(u in c and v in c for c in P)) + 2 * (n - len(P))
            for P in _set_partitions(list(range(n)))
        )
        assert TwoForests(n, g.edges).size == best


def test_tampered_certificates_are_rejected():
    g = SwitchGame.parse("0-1,0-1,1-2,1-2,0-2", (0, 2))
    cert = classify(g).certificate
    assert check_certificate(g, cert) == "connect"
    bad = copy.deepcopy(cert)
    bad["second"]["tree2"] = bad["second"]["tree1"]  # the same tree twice
    with pytest.raises(InputError):
        check_certificate(g, bad)
    bad = copy.deepcopy(cert)
    bad["second"]["tree1"] = bad["second"]["tree1"][:-1]  # no longer spanning
    with pytest.raises(InputError):
        check_certificate(g, bad)
    h = SwitchGame.parse("0-1,1-2,2-3", (0, 3))
    cert = classify(h).certificate
    assert check_certificate(h, cert) == "cut"
    bad = copy.deepcopy(cert)
    bad["second"]["partition"] = [[0, 1, 2, 3]]  # a partition that bounds nothing
    with pytest.raises(InputError):
        check_certificate(h, bad)
    bad = copy.deepcopy(cert)
    bad["first"]["forest1"].append([0, 3, 1])  # edge 1 is 1-2, not 0-3
    with pytest.raises(InputError):
        check_certificate(h, bad)


def test_winning_moves_equal_minimax_n_le_4():
    from verify.papers.ssg.brute import connect_wins

    for n in range(2, 5):
        for g in switch_games(n):
            wm = winning_moves(g)
            a, b = g.terminals
            for i, (u, v) in enumerate(g.edges):
                c_wins = {u, v} == {a, b} or connect_wins(g.contract(i), False)
                h = g.delete(i)
                cut_wins = not h.terminals_joined() or not connect_wins(h, True)
                assert (i in wm["connect"]) == c_wins and (i in wm["cut"]) == cut_wins, (g, i)


def test_large_random_certificates_check():
    rng = random.Random(3)
    for m, n in [(2000, 800), (3000, 1500), (3000, 1000)]:
        edges = [(rng.randrange(i), i) for i in range(1, n)]
        while len(edges) < m:
            u, v = rng.sample(range(n), 2)
            edges.append((u, v))
        g = SwitchGame(n, edges, (0, n - 1))
        r = classify(g)
        assert check_certificate(g, r.certificate) == r.cls
    r = classify(gale(30))
    assert r.cls == "first" and check_certificate(gale(30), r.certificate) == "first"


def test_sage_edge_disjoint_spanning_trees_oracle():
    """SageMath (passagemath-graphs, optional) decides two edge-disjoint spanning trees of simple graphs."""
    pytest.importorskip("sage.graphs.graph")
    spanning = pytest.importorskip("sage.graphs.spanning_tree")  # Roskind–Tarjan, called directly
    from sage.categories.sets_cat import EmptySetError
    from sage.graphs.graph import Graph

    rng = random.Random(11)
    for _ in range(2000):
        n = rng.randint(3, 12)
        pairs = list(combinations(range(n), 2))
        edges = rng.sample(pairs, rng.randint(n - 1, min(len(pairs), 3 * n)))
        sage = Graph([list(range(n)), edges], format="vertices_and_edges")
        try:
            spanning.edge_disjoint_spanning_trees(sage, 2)
            has = True
        except EmptySetError:
            has = False
        assert (TwoForests(n, edges).size == 2 * (n - 1)) == has, (n, edges)
    for _ in range(15):  # larger ones (two random trees plus extra edges): the multi-source phase runs
        n = rng.randint(150, 400)
        pairs = set()
        for _tree in range(2):
            perm = rng.sample(range(n), n)
            for i in range(1, n):
                u, v = perm[i], perm[rng.randrange(i)]
                pairs.add((min(u, v), max(u, v)))
        for _extra in range(rng.randint(100, 300)):
            u, v = rng.sample(range(n), 2)
            pairs.add((min(u, v), max(u, v)))
        edges = sorted(pairs)
        sage = Graph([list(range(n)), edges], format="vertices_and_edges")
        try:
            spanning.edge_disjoint_spanning_trees(sage, 2)
            has = True
        except EmptySetError:
            has = False
        assert (TwoForests(n, edges).size == 2 * (n - 1)) == has, (n, edges)


def test_vectorised_rebuild_equals_plain():
    rng = random.Random(9)
    for _ in range(20):
        n = rng.randint(2, 60)
        g = random_multigraph(rng, n, rng.randint(n - 1, 3 * n))
        tf = TwoForests(n, g.edges)
        tf._rebuild_py()
        plain = (tf.par, tf.dep, tf.tree)
        tf._rebuild_np()
        assert tf.par[1:] == plain[0][1:] and tf.dep[1:] == plain[1][1:]
        for k in (1, 2):
            same = {(tf.tree[k][v] == tf.tree[k][w], plain[2][k][v] == plain[2][k][w]) for v in range(n) for w in range(n)}
            assert all(x == y for x, y in same)


@pytest.mark.parametrize("multi_after", [-1, 0, 2])
def test_multi_source_phase_equals_minimax(monkeypatch, multi_after):
    """The multi-source phase (normally after 50 failed searches) on small graphs."""
    monkeypatch.setattr(TwoForests, "MULTI_AFTER_FAILS", multi_after)
    for n in range(2, 5):
        for g in switch_games(n):
            r = classify(g)
            assert r.cls == classify_brute(g)[0] == check_certificate(g, r.certificate), g
    rng = random.Random(multi_after + 50)
    for _ in range(150):
        n = rng.randint(2, 6)
        g = random_multigraph(rng, n, rng.randint(n - 1, 3 * n), maxmult=4)
        best = min(
            sum(1 for u, v in g.edges if not any(u in c and v in c for c in P)) + 2 * (n - len(P))
            for P in _set_partitions(list(range(n)))
        )
        assert TwoForests(n, g.edges).size == best


def test_gale_boards_first_player_wins_to_k60():
    """SSG.GALE beyond its registered depth (K <= 8): Lehman with checked certificates, K <= 60,
    and Chase's Step 6 for K <= 10."""
    from verify.papers.ssg.chase import two_tree_system

    for k in list(range(1, 31)) + [40, 50, 60]:
        g = gale(k)
        r = classify(g)
        assert r.cls == "first" and check_certificate(g, r.certificate) == "first", k
        if k <= 10:
            assert two_tree_system(g).cls == "first", k


def test_peel_keeps_r2_and_class():
    """classify runs on the core left by peel: its r2 (core + peeled edges) equals the
    full matroid partition's, and its class equals brute force, on graphs with many
    vertices of degree <= 2 (paths hung between the terminals, pendant trees)."""
    from verify.papers.ssg.lehman import peel

    rng = random.Random(21)
    hit = 0
    for _ in range(300):
        n = rng.randint(3, 9)
        g = random_multigraph(rng, n, rng.randint(n - 1, n + 4), maxmult=3)
        peeled, gone_v, gone_e = peel(g.n, g.edges, set(g.terminals))
        assert not any(gone_v[t] for t in g.terminals)
        assert all(len(mine) <= 2 for _v, mine in peeled)
        assert sorted(i for _v, mine in peeled for i in mine) == [i for i in range(g.m) if gone_e[i]]
        hit += bool(peeled)
        r = classify(g)
        assert r.stats["r2"] == TwoForests(g.n, g.edges).size, g
        if g.m <= 14:
            assert r.cls == classify_brute(g)[0] == check_certificate(g, r.certificate), g
        else:
            assert check_certificate(g, r.certificate) == r.cls
    assert hit > 100


@pytest.mark.parametrize("seed", range(3))
def test_incremental_rerooting_is_a_rooting(monkeypatch, seed):
    """After every augmentation the incrementally re-rooted forests are rooted correctly,
    and the result equals the one with a full rebuild after every augmentation."""
    calls = []
    orig = TwoForests._augment

    def checked(self, label, y, k):
        orig(self, label, y, k)
        self.check_rooting()
        calls.append(1)

    monkeypatch.setattr(TwoForests, "_augment", checked)
    rng = random.Random(seed)
    for _ in range(40):
        n = rng.randint(3, 80)
        g = random_multigraph(rng, n, rng.randint(n - 1, 3 * n), maxmult=3)
        tf = TwoForests(n, g.edges, greedy=rng.random() < 0.5)
        tf.check_rooting()
        monkeypatch.setattr(TwoForests, "INCREMENTAL", False)
        full = TwoForests(n, g.edges, greedy=False)
        monkeypatch.setattr(TwoForests, "INCREMENTAL", True)
        assert tf.size == full.size
        r = classify(g)
        assert check_certificate(g, r.certificate) == r.cls
    assert len(calls) > 100


@pytest.mark.parametrize("balanced", [False, True])
def test_either_greedy_start_reaches_the_partition_formula(monkeypatch, balanced):
    """Both greedy starts of classify's order (forced) end at the Nash-Williams-Tutte value."""
    from verify.papers.ssg.lehman import greedy_order

    orig = TwoForests._greedy
    monkeypatch.setattr(TwoForests, "_greedy", lambda self, order, _b: orig(self, order, balanced))
    rng = random.Random(40 + balanced)
    for _ in range(150):
        n = rng.randint(2, 6)
        g = random_multigraph(rng, n, rng.randint(n - 1, 3 * n), maxmult=4)
        best = min(
            sum(1 for u, v in g.edges if not any(u in c and v in c for c in P)) + 2 * (n - len(P))
            for P in _set_partitions(list(range(n)))
        )
        tf = TwoForests(n, g.edges, order=greedy_order(n, g.edges, set()))
        tf.check_rooting()
        assert tf.size == best
    for n in range(2, 5):
        for g in switch_games(n):
            r = classify(g)
            assert r.cls == classify_brute(g)[0] == check_certificate(g, r.certificate), g


def test_fast_route_equals_plain_route_mid_size(monkeypatch):
    """classify (peeling, degeneracy-order greedy, incremental re-rooting) against the plain
    route (no peeling, no greedy start, both forests rebuilt after every augmentation) on
    mid-size sparse multigraphs near the density 2(n - 1), 4-regular ones included."""
    rng = random.Random(5)
    seen = {}
    for _ in range(80):
        n = rng.randint(20, 200)
        if rng.random() < 0.3:
            stubs = [v for v in range(n) for _ in range(4)]
            rng.shuffle(stubs)
            edges = [(stubs[i], stubs[i + 1]) for i in range(0, len(stubs) - 1, 2) if stubs[i] != stubs[i + 1]]
        else:
            m = int(rng.choice([3.0, 3.5, 3.8, 4.0, 4.2, 5.0]) * n / 2)
            edges = [(rng.randrange(i), i) for i in range(1, n)]
            while len(edges) < m:
                u, v = rng.randrange(n), rng.randrange(n)
                if u != v:
                    edges.append((u, v))
        rng.shuffle(edges)
        a, b = rng.sample(range(n), 2)
        g = SwitchGame(n, edges, (a, b))
        r = classify(g)
        assert check_certificate(g, r.certificate) == r.cls
        monkeypatch.setattr(TwoForests, "INCREMENTAL", False)
        ref = TwoForests(n, g.edges, greedy=False)
        assert ref.size == r.stats["r2"]
        plain = "connect" if ref.insert((a, b)) is not None else "first" if ref.insert((a, b)) is not None else "cut"
        monkeypatch.setattr(TwoForests, "INCREMENTAL", True)
        assert plain == r.cls
        seen[r.cls] = seen.get(r.cls, 0) + 1
    assert len(seen) == 3
