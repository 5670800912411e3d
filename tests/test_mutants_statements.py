"""Mutants: weakened or false variants of TSD statements must be refuted.

Each is a paper statement with a hypothesis dropped or loosened, or a wrong constant;
the harness must find a counterexample, and the smallest one (by (n, m, canonical
graph6, terminals)) must have the size asserted here — proof that the checks can
fail and that shrinking works.
"""

from itertools import combinations, permutations

import pytest

from verify import Tally, statement
from verify.concepts import surrounds, threatens, triangle_number, walk_count
from verify.dead import classify
from verify.links import MultiLinks
from verify.registry import run_statement
from verify.solve import CUT, SHORT, FastSolver, MultiShannon


def _dead(game):
    c = classify(game, "sat")
    return set(c.dead_vertices), {frozenset(e) for e in c.dead_edges}


def m_t15_any_neighbour(game):
    """T15 loosened: an edge at a neighbour of a terminal is dead."""
    _, de = _dead(game)
    t = Tally()
    for term in game.terminals:
        for u in game.neighbours(term):
            for v in game.neighbours(u):
                if not t.add(frozenset((u, v)) in de):
                    return t
    return t


def m_t16_any_vertex(game):
    """T16 loosened: a terminal-free vertex surrounded by any vertex is dead."""
    dv, _ = _dead(game)
    t = Tally()
    for v in game.nonterminals():
        for w in game.vertices:
            if w != v and surrounds(game, w, {v}) and not t.add(v in dv):
                return t
    return t


def m_t14c1_constant(game):
    """T14 corollary I with a wrong constant: surround ⇔ A²(v,w) = d(v)."""
    t = Tally()
    for v in game.vertices:
        for w in game.vertices:
            if v != w and not t.add(surrounds(game, w, {v}) == (walk_count(game, v, w, 2) == game.degree(v))):
                return t
    return t


def m_t12_some_edge(game):
    """T12 weakened: a vertex is dead iff SOME incident edge is dead."""
    dv, de = _dead(game)
    t = Tally()
    for v in game.nonterminals():
        if not t.add((v in dv) == any(frozenset((v, u)) in de for u in game.neighbours(v))):
            return t
    return t


def m_t13_with_terminals(game):
    """T13 loosened: any connected set with a clique neighbourhood is dead, terminals allowed
    in the set (its non-terminal vertices dead)."""
    import networkx as nx

    dv, _ = _dead(game)
    t = Tally()
    g = game.to_networkx()
    for k in (1, 2):
        for U in combinations(game.vertices, k):
            if nx.is_connected(g.subgraph(U)) and game.is_clique(game.set_neighbours(U)):
                if not t.add(all(v in dv for v in U if not game.is_terminal(v))):
                    return t
    return t


def m_spec_every_vertex(game):
    """SPEC without its hypothesis: every vertex is a spectator."""
    s = FastSolver()
    t = Tally()
    for v in game.nonterminals():
        if not t.add(all(s.winner(game.delete(v), x) == s.winner(game.short(v), x) for x in (SHORT, CUT))):
            return t
    return t


def m_t8_plus_one(game):
    """T8 with a wrong constant: x_n(v)+m+1 2-walks instead of x_n(v)+m."""
    t = Tally()
    for v in game.nonterminals():
        nb = [u for u in game.neighbours(v) if not game.is_terminal(u)]
        d = game.degree(v)
        for k in (1, 2):
            for S in combinations(nb, k):
                m = sum(1 for a, b in combinations(S, 2) if game.has_edge(a, b))
                x = triangle_number(game, v) - (d - k) * (d - k - 1) // 2
                total = sum(walk_count(game, u, v, 2) for u in S)
                if total == x + m + 1 and not t.add(threatens(game, set(S), {v})):
                    return t
    return t


def m_t2_one_dominates(game):
    """T2 weakened: if ONE vertex of a 2-set P-dominates it, it is captured / lost."""
    t = Tally()
    for S in combinations(game.nonterminals(), 2):
        m = MultiShannon(game, S)
        for p in (SHORT, CUT):
            if m.winning_first_moves(p) and not t.add(m.second_player_wins(p)):
                return t
    return t


def m_t3_one_dominates(game):
    """T3 weakened: if one vertex of a 3-set P-dominates it, so do the other two."""
    t = Tally()
    for S in combinations(game.nonterminals(), 3):
        m = MultiShannon(game, S)
        for p in (SHORT, CUT):
            dom = m.winning_first_moves(p)
            if dom and not t.add(len(dom) == 3):
                return t
    return t


def m_t1_dominated(game):
    """T1 with 'captured' loosened to 'Short-dominated'."""
    s = FastSolver()
    t = Tally()
    for k in (1, 2):
        for S in combinations(game.nonterminals(), k):
            if MultiShannon(game, S).first_player_wins(SHORT):
                if not t.add(all(s.winner(game.short(S), x) == s.winner(game, x) for x in (SHORT, CUT))):
                    return t
    return t


def m_t9_two_neighbours(game):
    """T9 loosened: a degree-3 vertex threatening TWO of its neighbours is in a lost set."""
    t = Tally()
    for v in game.nonterminals():
        nb = game.neighbours(v)
        if len(nb) == 3 and not any(game.is_terminal(x) for x in nb):
            if sum(threatens(game, {v}, {x}) for x in nb) >= 2:
                if not t.add(MultiShannon(game, nb | {v}).second_player_wins(CUT)):
                    return t
    return t


def m_t6_wrong_sides(game):
    """T6 with the wrong equation: v Cut-dominates {v,w} ⇔ G−v−w = G∗v∗w."""
    t = Tally()
    for v in game.nonterminals():
        for w in game.nonterminals():
            if v != w:
                dom = v in MultiShannon(game, {v, w}).winning_first_moves(CUT)
                if not t.add(dom == (game.delete([v, w]) == game.short([v, w]))):
                    return t
    return t


def m_l2_unconnected(game):
    """Lemma 2(i) without 'connected': G∗S = G−S ⇔ Γ(S) is a clique, for every S."""
    t = Tally()
    for k in (1, 2, 3):
        for S in combinations(game.nonterminals(), k):
            if not t.add((game.short(S) == game.delete(S)) == game.is_clique(game.set_neighbours(S))):
                return t
    return t


def m_t5_whole_set(game):
    """T5 weakened: S captured ⇔ Short wins moving first on S itself."""
    t = Tally()
    for k in (1, 2, 3):
        for S in combinations(game.nonterminals(), k):
            m = MultiShannon(game, S)
            if not t.add(m.second_player_wins(SHORT) == m.restricted_short_first_wins(S)):
                return t
    return t


def m_t10_no_threat(game):
    """T10 with 'B threatens A' dropped: a cut-dominated pair (a cut-dominating) is lost."""
    t = Tally()
    for a, b in permutations(game.nonterminals(), 2):
        m = MultiShannon(game, {a, b})
        if a in m.winning_first_moves(CUT) and not t.add(m.second_player_wins(CUT)):
            return t
    return t


def m_t17_any_two(game):
    """T17 without 'empty total intersection': the union of any two weak links is strong."""
    t = Tally()
    links = MultiLinks(game, game.terminals)
    weak = [V for k in (1, 2, 3) for V in combinations(game.nonterminals(), k) if links.type(V) == "weak"]
    for V1, V2 in combinations(weak, 2):
        if not t.add(links.type(set(V1) | set(V2)) == "strong"):
            return t
    return t


def m_t18_shared_carrier(game):
    """T18 without disjoint carriers: strong links s–x on V1 and x–t on V2 give, with x shorted,
    a strong link s–t on V1 ∪ V2 even when V1 and V2 meet."""
    t = Tally()
    s, u = game.terminals
    free = game.nonterminals()
    for x in free:
        rest = [v for v in free if v != x]
        l1, l2, joined = MultiLinks(game, {s, x}), MultiLinks(game, {x, u}), MultiLinks(game.short(x), {s, u})
        sets = [set(c) for k in (1, 2) for c in combinations(rest, k)]
        for V1 in sets:
            if l1.type(V1) != "strong":
                continue
            for V2 in sets:
                if l2.type(V2) == "strong" and not t.add(joined.type(V1 | V2) == "strong"):
                    return t
    return t


MUTANTS = [
    # (function, expected (n, m, canonical graph6) of the smallest counterexample)
    (m_t15_any_neighbour, (2, 1, 'A_')),
    (m_t16_any_vertex, (4, 4, 'C]')),
    (m_t14c1_constant, (2, 1, 'A_')),
    (m_t12_some_edge, (4, 3, 'Ci')),
    (m_t13_with_terminals, (3, 2, 'Bo')),
    (m_spec_every_vertex, (3, 2, 'Bo')),
    (m_t8_plus_one, (4, 3, 'Ci')),
    (m_t2_one_dominates, (4, 3, 'CU')),
    (m_t3_one_dominates, (5, 4, 'DCw')),
    (m_t1_dominated, (3, 2, 'Bo')),
    (m_t9_two_neighbours, (6, 5, 'EFG_')),
    (m_t6_wrong_sides, (4, 3, 'CU')),
    (m_l2_unconnected, (5, 4, 'DDW')),
    (m_t5_whole_set, (3, 2, 'Bo')),
    (m_t10_no_threat, (4, 3, 'CU')),
    (m_t17_any_two, (4, 3, 'CU')),
    (m_t18_shared_carrier, (6, 7, 'EFh_')),
]


@pytest.mark.parametrize("fn, size", MUTANTS, ids=[f.__name__ for f, _ in MUTANTS])
def test_mutant_is_refuted_minimally(fn, size):
    st = statement("MUTANT." + fn.__name__, kind="thm", register=False)(fn)
    r = run_statement(st, max_n=7, emit=False)
    assert r.verdict == "fails", f"{fn.__doc__} was not refuted up to n = 7"
    assert (r.witness["n"], r.witness["m"], r.witness["graph6"]) == size, r.witness
