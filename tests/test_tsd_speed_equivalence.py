"""The speed-ups of the TSD checks change no result (issue 20).

* every TSD statement (and PROJ.INDUCED_PATH) keeps its verdict and its instance and
  hypothesis counts at small n (pinned below, recorded before the speed-ups; TSD.L1's
  count is the positions its fast route checks plus those it derives by Lemma 1's
  induction);
* the fast kernels agree with the plain implementations they replaced, kept here as
  references: :class:`Game` restriction and equality, threat and support by
  :class:`Game` operations, the multi-Shannon solver keyed on the adjacency, the TSD §5
  theorem predictions with networkx, and the SAT oracle's CNF.

That every route of every statement equals its plain route is checked in
``tests/test_routes.py``; the fast passes under perturbation in ``tests/test_tsd_*_fast.py``.
"""

from __future__ import annotations

import random
from itertools import combinations

import networkx as nx
import pytest

from verify.game import Game, _bits_gen, bits, delete_adjacency, short_adjacency
from verify.graphs import connected_games

# statement id -> {n: (verdict, instances, hypothesis_true)}, recorded before the speed-ups
PINNED = {
    "TSD.T12": {5: ("holds", 118, 754)},
    "TSD.T13": {5: ("holds", 118, 411), 6: ("holds", 997, 4252)},
    "TSD.T13.EX": {5: ("found", 20, 4)},
    "TSD.T14": {5: ("holds", 118, 447), 6: ("holds", 997, 5749)},
    "TSD.T14.C1": {5: ("holds", 118, 2498), 6: ("holds", 997, 32029)},
    "TSD.T14.C2": {5: ("holds", 118, 54), 6: ("holds", 997, 718)},
    "TSD.T15": {5: ("holds", 118, 234), 6: ("holds", 997, 2931)},
    "TSD.T16": {5: ("holds", 118, 445), 6: ("holds", 997, 5065)},
    "TSD.SPEC": {5: ("holds", 118, 243), 6: ("holds", 997, 2849)},
    "TSD.DUAL/a": {5: ("refuted", 20, 20)},
    "TSD.DUAL/b": {5: ("holds", 118, 839)},
    "TSD.DUAL/c": {5: ("holds", 118, 2), 6: ("holds", 997, 79)},
    "TSD.FIG/a": {5: ("not-found", 118, 0), 6: ("not-found", 997, 0)},
    "TSD.FIG/b": {5: ("not-found", 118, 0), 6: ("not-found", 997, 0)},
    "TSD.FIG/c": {5: ("not-found", 118, 0), 6: ("not-found", 997, 0)},
    "TSD.FIG/d": {5: ("not-found", 118, 0), 6: ("found", 997, 2)},
    "TSD.T1": {5: ("holds", 118, 739), 6: ("holds", 997, 8941)},
    "TSD.T2": {5: ("holds", 118, 298), 6: ("holds", 997, 3374)},
    "TSD.T2.EX": {5: ("holds", 118, 62), 6: ("holds", 997, 422)},
    "TSD.T3": {5: ("holds", 118, 136), 6: ("holds", 997, 3036)},
    "TSD.T4": {5: ("vacuous", 118, 0), 6: ("holds", 997, 153)},
    "TSD.T6": {5: ("holds", 118, 1836), 6: ("holds", 997, 29084)},
    "TSD.DOM": {5: ("holds", 118, 2937)},
    "TSD.SIMPLE": {5: ("holds", 118, 449), 6: ("holds", 997, 11774)},
    "TSD.PAIRS": {5: ("holds", 118, 347), 6: ("holds", 997, 4366)},
    "TSD.L5": {5: ("vacuous", 118, 0), 6: ("holds", 997, 126)},
    "TSD.T9": {5: ("vacuous", 118, 0), 6: ("holds", 997, 52)},
    "TSD.T11/a": {5: ("refuted", 4, 1)},
    "TSD.T11/b": {5: ("holds", 118, 93), 6: ("holds", 997, 752)},
    "TSD.T2.NB": {5: ("found", 118, 38)},
    "TSD.CAPLOST.EX": {5: ("found", 20, 9)},
    "TSD.MODEL": {5: ("holds", 118, 1165), 6: ("holds", 997, 20503)},
    "TSD.L1": {5: ("holds", 118, 5600)},
    "TSD.L2": {5: ("holds", 118, 2663)},
    "TSD.L3.threat": {5: ("holds", 118, 1208)},
    "TSD.L3.support/a": {5: ("refuted", 118, 1202)},
    "TSD.L3.support/b": {5: ("holds", 118, 1208)},
    "TSD.T7.i": {5: ("holds", 118, 1595)},
    "TSD.T7.ii/a": {5: ("refuted", 20, 71)},
    "TSD.T7.ii/b": {5: ("holds", 118, 820)},
    "TSD.T7.EX": {5: ("holds", 118, 1530), 6: ("holds", 997, 23628)},
    "TSD.T8": {5: ("holds", 118, 321), 6: ("holds", 997, 5833)},
    "TSD.L4": {5: ("holds", 118, 6337)},
    "TSD.EQ1/a": {5: ("refuted", 118, 96)},
    "TSD.EQ1/b": {5: ("holds", 118, 84), 6: ("holds", 997, 1950)},
    "TSD.ART/a": {5: ("refuted", 20, 35)},
    "TSD.ART/b": {5: ("holds", 118, 329), 6: ("holds", 997, 3845)},
    "PROJ.INDUCED_PATH": {5: ("holds", 118, 978), 6: ("holds", 997, 11716)},
    "TSD.T5": {5: ("holds", 118, 737), 6: ("holds", 997, 13922)},
    "TSD.T10": {5: ("holds", 118, 1192)},
    "TSD.T17": {5: ("holds", 118, 113), 6: ("holds", 997, 9616)},
    "TSD.T18/a": {5: ("refuted", 4, 2)},
    "TSD.T18/b": {5: ("holds", 118, 1506)},
}


def _games(max_n):
    for n in range(2, max_n + 1):
        yield from connected_games(n)


# ------------------------------------------------------------------ pinned results
@pytest.mark.parametrize("sid", sorted(PINNED))
def test_pinned_counts(sid):
    from verify.registry import REGISTRY, load_paper_statements, run_statement

    load_paper_statements()
    for n, (verdict, instances, hyp) in sorted(PINNED[sid].items()):
        r = run_statement(REGISTRY[sid], max_n=n, emit=False)
        counted = r.hypothesis_true + r.derived.get("count", 0)  # checked, and concluded by a lemma (TSD.L1)
        assert (r.verdict, r.instances, counted) == (verdict, instances, hyp), (sid, n)


# ------------------------------------------------------------------ game kernel
def test_bits_table_matches_generator():
    for m in range(1 << 13):
        assert tuple(bits(m)) == tuple(_bits_gen(m))
    big = (1 << 40) | (1 << 12) | 5
    assert list(bits(big)) == [0, 2, 12, 40]


def _restrict_reference(game, adj, removed):
    keep = [i for i in range(game.n) if not removed >> i & 1]
    pos = {old: new for new, old in enumerate(keep)}
    new_adj = []
    for old in keep:
        a = 0
        for j in bits(adj[old] & ~removed):
            a |= 1 << pos[j]
        new_adj.append(a)
    return tuple(game.vertices[i] for i in keep), tuple(new_adj)


def _key_equal(g, h):
    return g._key() == h._key()


def test_restrict_and_equality_match_reference():
    rng = random.Random(20)
    for _ in range(1500):
        n = rng.randint(2, 14)
        es = [(i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.4]
        labels = rng.sample(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n"], n)
        g = Game(labels, [(labels[i], labels[j]) for i, j in es], (labels[0], labels[1]))
        removed = rng.randint(0, (1 << n) - 1) & ~3
        h = g._restrict(list(g.adjacency), removed)
        assert (h.vertices, h.adjacency) == _restrict_reference(g, list(g.adjacency), removed)
        assert h.index(labels[0]) == 0 and h.terminal_indices == (0, 1)
        S = g.labels_of(removed)
        a, b = g.short(S), g.delete(S)
        assert (a == b) == _key_equal(a, b)
        assert (a == a.relabel_to_integers()) == _key_equal(a, a.relabel_to_integers())
    # same vertex set in another order, terminals swapped: still equal
    g = Game([0, 1, 2], [(0, 2), (2, 1)], (0, 1))
    h = Game([2, 1, 0], [(1, 2), (2, 0)], (1, 0))
    assert g == h and hash(g) == hash(h)
    assert g != Game([0, 1, 2], [(0, 2)], (0, 1))


# ------------------------------------------------------------------ threat / support
def _threatens_reference(game, A, B):
    h = game.delete(list(A))
    return h.short(list(B)) == h.delete(list(B))


def _supports_reference(game, A, B):
    h = game.short(list(A))
    return h.delete(list(B)) == h.short(list(B))


def test_threat_support_match_game_operations():
    from verify.concepts import supports, threatens

    for game in _games(5):
        free = game.nonterminals()
        for kb in (1, 2, 3):
            for B in combinations(free, kb):
                rest = [x for x in free if x not in B]
                for ka in range(len(rest) + 1):
                    for A in combinations(rest, ka):
                        assert threatens(game, A, B) == _threatens_reference(game, A, B)
                        assert supports(game, A, B) == _supports_reference(game, A, B)


# ------------------------------------------------------------------ multi-Shannon
class _MultiReference:
    """The multi-Shannon solver as it was: positions keyed on the whole adjacency."""

    def __init__(self, game, S):
        self.s_mask = game.mask(S)
        self.t_mask = game.mask(game.set_neighbours(S))
        keep = self.s_mask | self.t_mask
        self.adj = tuple(a & keep if keep >> i & 1 else 0 for i, a in enumerate(game.adjacency))
        short_all = self.adj
        for v in bits(self.s_mask):
            short_all = short_adjacency(short_all, v)
        self.short_target = self._fin(short_all)
        self.cut_target = self._fin(self.adj)
        self.memo = {}

    def _fin(self, adj):
        return tuple(adj[i] & self.t_mask for i in bits(self.t_mask))

    def wins(self, adj, left, ts, ps):
        key = (adj, left, ts, ps)
        if key not in self.memo:
            if not left:
                r = self._fin(adj) == (self.short_target if ps else self.cut_target)
            else:
                res = [self.wins(short_adjacency(adj, v) if ts else delete_adjacency(adj, v), left & ~(1 << v), not ts, ps)
                       for v in bits(left)]
                r = any(res) if ts == ps else all(res)
            self.memo[key] = r
        return self.memo[key]


def test_multishannon_matches_adjacency_keyed_reference():
    from verify.solve import MultiShannon

    for game in _games(6):
        free = game.nonterminals()
        for k in (1, 2, 3, 4) if game.n <= 5 else (3, 4):
            for S in combinations(free, k):
                m, ref = MultiShannon(game, S), _MultiReference(game, S)
                for p in (True, False):
                    name = "Short" if p else "Cut"
                    assert m.first_player_wins(name) == ref.wins(ref.adj, ref.s_mask, p, p)
                    assert m.second_player_wins(name) == ref.wins(ref.adj, ref.s_mask, not p, p)
                    moves = [game.label(v) for v in bits(ref.s_mask)
                             if ref.wins(short_adjacency(ref.adj, v) if p else delete_adjacency(ref.adj, v),
                                         ref.s_mask & ~(1 << v), not p, p)]
                    assert m.winning_first_moves(name) == moves
                for r in range(k + 1):
                    for U in combinations(S, r):
                        adj = ref.adj
                        for v in bits(ref.s_mask & ~game.mask(U)):
                            adj = delete_adjacency(adj, v)
                        assert m.restricted_short_first_wins(U) == ref.wins(adj, game.mask(U), True, True)


# ------------------------------------------------------------------ TSD §5 predictions
def _predicted_dead_reference(game):
    """``predicted_dead`` as it was, with networkx for the cliques and components."""
    from verify.dead.theorems import surrounded_set

    adj, n = game.adjacency, game.n
    t1, t2 = game.terminal_indices
    terms = (1 << t1) | (1 << t2)
    out = {}

    def mark(item, tid):
        out.setdefault(item, set()).add(tid)

    def edge(i, j):
        return ("edge", min(i, j), max(i, j))

    dead_vertices = {}
    for v in range(n):
        if not terms >> v & 1 and game.is_clique(game.labels_of(adj[v])):
            dead_vertices.setdefault(v, set()).add("TSD.T13")
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from((i, j) for i in range(n) for j in bits(adj[i]) if i < j)
    for clique in nx.find_cliques(g):
        rest = g.subgraph(set(range(n)) - set(clique))
        for comp in nx.connected_components(rest):
            if not any(terms >> c & 1 for c in comp):
                for c in comp:
                    dead_vertices.setdefault(c, set()).add("TSD.T13")
    for t in (t1, t2):
        for v in bits(surrounded_set(game, t)):
            dead_vertices.setdefault(v, set()).add("TSD.T16")
    for v, ids in dead_vertices.items():
        for tid in ids:
            mark(("vertex", v), tid)
        for u in bits(adj[v]):
            mark(edge(u, v), "TSD.T12")
            for tid in ids:
                mark(edge(u, v), tid)
    for w in range(n):
        for v in bits(surrounded_set(game, w) & adj[w]):
            mark(edge(v, w), "TSD.T14")
            if adj[v] & ~(adj[w] | (1 << w)) == 0:
                mark(edge(v, w), "TSD.T14.C1")
    for t in (t1, t2):
        for i in bits(adj[t]):
            for j in bits(adj[i] & adj[t]):
                if i < j:
                    mark(edge(i, j), "TSD.T15")
    return {k: sorted(v) for k, v in out.items()}


def test_predicted_dead_matches_networkx_reference():
    from verify.dead.theorems import _maximal_cliques, predicted_dead

    for game in _games(6):
        assert predicted_dead(game) == _predicted_dead_reference(game)
    rng = random.Random(14)
    for _ in range(300):
        n = rng.randint(1, 11)
        es = [(i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < rng.random()]
        g = nx.Graph()
        g.add_nodes_from(range(n))
        g.add_edges_from(es)
        adj = [0] * n
        for i, j in es:
            adj[i] |= 1 << j
            adj[j] |= 1 << i
        assert sorted(_maximal_cliques(adj, n)) == sorted(sum(1 << v for v in c) for c in nx.find_cliques(g))


def test_sat_clauses_match_cardenc_encoding():
    from verify.dead.sat import _induced_path_clauses, induced_path_cnf

    games = list(_games(6))
    rng = random.Random(9)
    for _ in range(100):
        n = rng.randint(7, 14)
        es = [(i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < rng.random()]
        games.append(Game(list(range(n)), es, (0, 1)))
    for game in games:
        cnf, pool = induced_path_cnf(game)
        clauses, pool2 = _induced_path_clauses(game)
        assert clauses == cnf.clauses and pool2.top == pool.top


# ------------------------------------------------------------------ walks
def test_walk_rows_match_reference():
    from verify.concepts import _walk_row

    for game in _games(5):
        adj = game.adjacency
        for i in range(game.n):
            row = [0] * game.n
            row[i] = 1
            for k in range(5):
                assert _walk_row(game, i, k) == row
                row = [sum(row[l] for l in bits(adj[j])) for j in range(game.n)]


# ------------------------------------------------------------------ dual graphs
def _is_dual_reference(game, d):
    from verify.papers.tsd.dual_graph import C1, C2, separates

    free = game.nonterminals()
    for k in range(len(free) + 1):
        for X in combinations(free, k):
            if nx.has_path(d.subgraph(set(X) | {C1, C2}), C1, C2) != separates(game, X):
                return False
    return True


def test_is_dual_matches_networkx_reference():
    from verify.papers.tsd.dual_graph import find_dual, has_outer_terminals, is_dual

    rng = random.Random(3)
    checked = 0
    for game in _games(5):
        if not has_outer_terminals(game):
            continue
        d = find_dual(game)
        free = game.nonterminals()
        for k in range(len(free) + 1):
            for Y in combinations(free, k):
                sub = d.subgraph(set(d) - set(Y))
                h = game.short(Y) if Y else game
                assert is_dual(h, sub) == _is_dual_reference(h, sub)
                bent = nx.Graph(sub)  # one edge flipped: usually not a dual
                u, v = rng.sample(list(bent.nodes), 2)
                (bent.remove_edge if bent.has_edge(u, v) else bent.add_edge)(u, v)
                assert is_dual(h, bent) == _is_dual_reference(h, bent)
                checked += 1
    assert checked > 100


def test_multishannon_whole_game_table_matches_search(monkeypatch):
    """Larger S (5–7 vertices) on random games: the all-at-once table against the
    position search the solver falls back to beyond ``ALL_AT_ONCE_MAX``, and both against
    the adjacency-keyed reference."""
    import verify.solve.multi as multi

    rng = random.Random(11)
    cases = []
    for _ in range(40):
        n = rng.randint(8, 10)
        es = [(i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.45]
        g = Game(list(range(n)), es, (0, 1))
        S = rng.sample(range(2, n), rng.randint(5, min(7, n - 2)))
        cases.append((g, S))

    def answers(g, S):
        m = multi.MultiShannon(g, S)
        out = []
        for p in ("Short", "Cut"):
            out += [m.first_player_wins(p), m.second_player_wins(p), m.winning_first_moves(p)]
        out += [m.restricted_short_first_wins(S[:r]) for r in range(len(S) + 1)]
        return out

    table = [answers(g, S) for g, S in cases]
    monkeypatch.setattr(multi, "ALL_AT_ONCE_MAX", 0)
    monkeypatch.setattr(multi, "_SHARED", {})
    assert [answers(g, S) for g, S in cases] == table
    for (g, S), got in zip(cases[:8], table):
        ref = _MultiReference(g, S)
        assert got[1] == ref.wins(ref.adj, ref.s_mask, False, True)
        assert got[0] == ref.wins(ref.adj, ref.s_mask, True, True)
        assert got[4] == ref.wins(ref.adj, ref.s_mask, True, False)
        assert got[3] == ref.wins(ref.adj, ref.s_mask, False, False)
