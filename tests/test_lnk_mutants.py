"""Mutants of LNK statements and of the search: each weakened or falsified variant is
refuted with its minimal counterexample (the domain's order: n, m, graph6, terminals)."""


from verify.graphs import canonical_game
from verify.papers.lnk.domain import WEAK_LINKS, WEAK_SETS
from verify.papers.lnk.named import FIXTURES
from verify.papers.lnk.search import minimal_links
from verify.papers.lnk.statements import degree_constraints
from verify.registry import run_statement, statement


def _key(game):
    cg, g6 = canonical_game(game)
    return [cg.n, cg.m, g6, list(cg.terminals)]


def test_no_pendant_at_all_is_refuted_by_w3():
    """L2 weakened from 'at most one pendant, a terminal' to 'no pendant' (w > 1)."""

    @statement("MUT.L2.NONE", kind="thm", max_n=9, domain=WEAK_LINKS, register=False)
    def no_pendant(link):
        if link.weight <= 1:
            return None
        return all(link.game.degree(v) != 1 for v in link.game.vertices)

    r = run_statement(no_pendant, max_n=9, emit=False)
    assert r.verdict == "fails"
    w = r.witness
    assert [w["n"], w["m"], w["graph6"], w["terminals"]] == _key(FIXTURES["W3"])


def test_eq1_off_by_one_is_refuted_at_weight_3():
    @statement("MUT.EQ1", kind="thm", max_n=9, domain=WEAK_LINKS, register=False)
    def eq1(link):
        if link.weight <= 1:
            return None
        return link.weight == link.d_s + link.d_t + link.p + 1

    r = run_statement(eq1, max_n=9, emit=False)
    assert r.verdict == "fails" and r.witness["n"] == 5


def test_t1_strengthened_is_refuted_at_weight_5():
    @statement("MUT.T1", kind="thm", max_n=9, domain=WEAK_LINKS, register=False)
    def t1(link):
        return None if link.weight <= 3 else link.p >= 2

    r = run_statement(t1, max_n=9, emit=False)
    assert r.verdict == "fails" and r.witness["n"] == 7 and r.witness["graph6"] == "F?}R?"


def test_t3_without_its_exception_is_refuted_by_fig2():
    """Theorem 3's inequality with the exception dropped: the counterexample is the link
    built from the appendix's description of Fig. 2."""

    @statement("MUT.T3", kind="thm", max_n=9, domain=WEAK_LINKS, register=False)
    def t3(link):
        if link.weight <= 5:
            return None
        return link.d_max + min(link.d_s, link.d_t) <= link.weight - 1

    r = run_statement(t3, max_n=9, emit=False)
    assert r.verdict == "fails"
    w = r.witness
    assert [w["n"], w["m"], w["graph6"], w["terminals"]] == _key(FIXTURES["FIG2"])


def test_exactly_one_t3_exception_at_weight_7():
    bad = [l for l in minimal_links(9) if l.d_max + min(l.d_s, l.d_t) > l.weight - 1]
    assert [l.graph6 for l in bad] == ["H??^pJ?"]


def test_t3_pins_its_exception_where_at_most_one_did_not():
    """LNK.T3 pins the exception (Fig. 2's link): a search reporting a *different* single
    exception (Fig. 2's graph plus an edge) makes the registered check fail at n = 9, while
    the former reading "at most one exception per weight" let it through."""
    from verify.mutants import Mutant, P, applied
    from verify.mutants.lnk import exception_replaced
    from verify.papers.lnk.statements import T3_EXCEPTION, _t3_violates
    from verify.registry import REGISTRY

    @statement("MUT.T3.ATMOSTONE", kind="thm", max_n=9, domain=WEAK_SETS, register=False)
    def at_most_one(links):
        if links.weight <= 5 or not links.links:
            return None
        return sum(_t3_violates(l) for l in links.links) <= 1

    mutant = Mutant("LNK.T3", "a different exception", [P("papers.lnk.domain", "minimal_links", exception_replaced)], 9, (9,))
    with applied(mutant):
        moved = [l.key for l in next(WEAK_SETS.instances(9)).links if _t3_violates(l)]
        registered = run_statement(REGISTRY["LNK.T3"], max_n=9, emit=False)
        former = run_statement(at_most_one, max_n=9, emit=False)
    assert len(moved) == 1 and moved[0] != T3_EXCEPTION
    assert registered.verdict == "fails" and registered.witness["n"] == 9
    assert former.verdict == "holds"


def test_deg10_without_exception_is_refuted():
    @statement("MUT.DEG10", kind="thm", max_n=9, domain=WEAK_LINKS, register=False)
    def deg10(link):
        g = link.game
        c = dict(degree_constraints(link.n, [g.degree(v) for v in g.vertices]))
        return None if "(10)" not in c else c["(10)"]

    r = run_statement(deg10, max_n=9, emit=False)
    w = r.witness
    assert r.verdict == "fails" and [w["n"], w["m"], w["graph6"], w["terminals"]] == _key(FIXTURES["FIG2"])


def test_no_weak_link_of_even_weight_is_refuted_only_beyond_reach():
    """'No minimal weak link of even weight' holds as far as the search reaches (the paper
    finds 24 of weight 8, at n = 10); a mutant 'none of weight 5' is refuted at n = 7."""

    @statement("MUT.NO_W5", kind="thm", max_n=9, domain=WEAK_SETS, register=False)
    def no_w5(links):
        return None if links.weight != 5 else len(links.links) == 0

    r = run_statement(no_w5, max_n=9, emit=False)
    assert r.verdict == "fails" and r.witness["n"] == 7


def test_search_mutant_dropping_pendant_terminals_loses_links(monkeypatch):
    """A wrong pruning rule (no pendant terminal) is caught by the plain search."""
    import verify.papers.lnk.search as S

    real = S.candidate_pairs

    def wrong(n, adj, strong=False):
        return [(s, t) for s, t in real(n, adj, strong) if bin(adj[s]).count("1") > 1 and bin(adj[t]).count("1") > 1]

    monkeypatch.setattr(S, "candidate_pairs", wrong)
    mutant = [l.key for l in S.search(7, method="pruned")]
    plain = [l.key for l in S.search(7, method="plain")]
    assert mutant != plain and set(mutant) < set(plain)


def test_sieve_with_constraint_10_loses_the_fig2_link():
    """Condition 1 with (10) applied strictly (no exception) rejects the graph of Fig. 2."""
    from verify.papers.lnk import sieve as SV

    def c01_strict(g):
        d = sorted(g.deg)
        return SV.c01_degrees(g) and not (g.n > 7 and d[0] + d[-1] > g.n - 3)

    conds = (c01_strict,) + SV.CONDITIONS[1:]

    @statement("MUT.SIEVE10", kind="thm", max_n=9, domain=WEAK_LINKS, register=False)
    def sieve10(link):
        return not SV.link_rejections(link, conds)

    r = run_statement(sieve10, max_n=9, emit=False)
    assert r.verdict == "fails"
    w = r.witness
    assert [w["n"], w["m"], w["graph6"], w["terminals"]] == _key(FIXTURES["FIG2"])


def test_t6_with_roles_swapped_is_refuted():
    """Theorem 6 mutated: short the degree-2 vertex b of the short-cut and cut a."""
    from verify.papers.lnk.reduce import short_cuts
    from verify.papers.lnk.statements import _kind

    @statement("MUT.T6", kind="thm", max_n=7, register=False)
    def t6_swapped(game):
        cuts = short_cuts(game)
        if not cuts:
            return None
        kind = _kind(game)
        return all(_kind(game.short(b).delete(a)) == kind for a, b in cuts if kind == "strong") if kind == "strong" else None

    r = run_statement(t6_swapped, max_n=7, emit=False)
    assert r.verdict == "fails"


def test_t5_with_bridge_deleted_instead_of_reduced_is_refuted():
    """Theorem 5 mutated: delete the bridge (no edge xy added) instead of reducing it."""
    from verify.papers.lnk.reduce import bridges
    from verify.papers.lnk.statements import _is_minimal_weak

    @statement("MUT.T5", kind="thm", max_n=7, register=False)
    def t5_deleted(game):
        bs = bridges(game)
        if not bs:
            return None
        a, b, x, y = bs[0]
        return _is_minimal_weak(game) == _is_minimal_weak(game.delete([a, b]))

    r = run_statement(t5_deleted, max_n=7, emit=False)
    assert r.verdict == "fails" and r.witness["n"] == 5
