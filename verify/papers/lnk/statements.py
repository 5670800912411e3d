"""LNK statements about minimal links, each checked from the definitions on *every*
minimal link the search reaches (domains of :mod:`.domain`), or on every connected
game where the statement is about games in general (T5, T6, ORRULE, DEF).

No check uses the statement it checks: degrees, borders and the centre are counted,
link types and minimality come from the game solvers, dead edges from the exact
oracle of :mod:`verify.dead`, threat and support from their definitions in
:mod:`verify.concepts` (``G − A ∗ B = G − A − B`` etc.).

Sizes: the weak-link search reaches n = 9 (weight 7) in about half a minute, so the
default tier of most statements is n ≤ 9; n = 10 (weight 8) is out of reach in Python.

References
----------
.. [1] A. M. Steane, "Minimal and irreducible links in the Shannon game" (LNK).
"""

from __future__ import annotations


from ...game import CUT, SHORT, Game
from ...registry import Tally, statement
from ...solve import FastSolver
from .domain import MAXDEG3_STRONG_SETS, MAXDEG3_WEAK_LINKS, MAXDEG3_WEAK_SETS, PLAIN_WEAK_LINKS, STRONG_LINKS, WEAK_LINKS, WEAK_SETS
from .reduce import (
    bridge_reduce,
    bridges,
    has_triangle,
    mutually_surrounding_pairs,
    p_reducible,
    p_reductions,
    short_cuts,
    t_reducible,
    t_reductions,
    terminal_distance,
    transverse_lnk,
)
from . import sieve
from .search import classify_masks, minimal_links

SRC = "Steane, Minimal and irreducible links in the Shannon game"
W_MAX = 9  # largest n the weak-link search reaches in the tier

_SOLVER = FastSolver()


def _solver() -> FastSolver:
    if len(_SOLVER.table) > 2_000_000:
        _SOLVER.table.clear()
    return _SOLVER


def _kind(game: Game) -> str:
    s = _solver()
    if s.short_wins(game, CUT):
        return "strong"
    if s.short_wins(game, SHORT):
        return "weak"
    return "none"


def _is_minimal_weak(game: Game) -> bool:
    """Minimal weak link by the definition (fast solver, every single-edge deletion)."""
    if game.n < 2:
        return False
    g = game.relabel_to_integers()
    s, t = g.terminal_indices
    return classify_masks(_solver(), g.adjacency, s, t, False) == "weak"


def _w1_like(link) -> bool:
    return link.weight == 1


# ------------------------------------------------------------------ DEF
@statement("LNK.DEF", kind="def", source=SRC + " §2", max_n=7, tier_n=6, text=(
    "The search's minimal weak and minimal strong links are exactly the connected games that plain "
    "minimax classifies so (weak: Short wins first, not second; minimal: every single-edge deletion "
    "weakens), and their pivots are the vertices whose shorting makes the link strong."))
def lnk_def(game: Game):
    from ...graphs import canonical_game
    from ...solve import minimax

    memo: dict = {}
    first = minimax.short_wins(game, SHORT, memo)
    second = minimax.short_wins(game, CUT, memo)
    kind = "strong" if second else "weak" if first else "none"
    t = Tally()
    cg, g6 = canonical_game(game)
    key = (cg.n, cg.m, g6, tuple(cg.terminals))
    for k in ("weak", "strong"):
        mm = kind == k and not any(
            minimax.short_wins(game.delete_edges([e]), SHORT if k == "weak" else CUT, memo) for e in game.edges())
        found = {l.key: l for l in minimal_links(game.n, strong=k == "strong")}
        if not t.add(mm == (key in found), kind=k, minimax_minimal=mm, search_found=key in found):
            return t
        if mm and k == "weak":
            piv = [v for v in cg.nonterminals() if minimax.short_wins(cg.short(v), CUT)]
            t.add(tuple(piv) == tuple(found[key].pivots), pivots_minimax=piv, pivots_search=list(found[key].pivots))
    return t


# ------------------------------------------------------------------ L1
@statement("LNK.L1", kind="thm", source=SRC + " Lemma 1", max_n=9, tier_n=8, domain=WEAK_LINKS,
           reading="decided by routes independent of the search's minimality test (single-edge deletions solved by "
                   "the fast solver): dead edges by the exact oracle of verify.dead (induced terminal paths); every "
                   "single-edge and every non-terminal deletion re-solved by plain minimax; every proper spanning "
                   "subgraph solved (no appeal to monotonicity)",
           text="Minimal weak links contain no dead edge and no smaller weak link between the same terminals "
                "(no proper subgraph — fewer edges, or fewer vertices — is a Short first-player win).")
def lnk_l1(link):
    from ...dead import dead_edges
    from ...solve import minimax

    g = link.game
    t = Tally()
    # no dead edge: the TSD definition (no complete colouring's winner depends on the edge),
    # decided by verify.dead, not by solving any game
    dead = dead_edges(g)
    if not t.add(not dead, part="no dead edge", dead_edges=sorted(dead)):
        return t
    # the maximal smaller subgraphs, re-solved by plain minimax (not the search's solver):
    # G − e for every edge, G − v for every non-terminal vertex
    memo: dict = {}
    for e in g.edges():
        if not t.add(not minimax.short_wins(g.delete_edges([e]), SHORT, memo), part="G - e (minimax)", edge=list(e)):
            return t
    for v in g.nonterminals():
        if not t.add(not minimax.short_wins(g.delete(v), SHORT, memo), part="G - v (minimax)", vertex=v):
            return t
    # every proper spanning subgraph, by the fast solver (the lemma as stated)
    edges = g.edges()
    m = len(edges)
    for mask in range((1 << m) - 1):  # every proper subset of the edges kept
        drop = [edges[i] for i in range(m) if not mask >> i & 1]
        h = g.delete_edges(drop)
        if not t.add(not _solver().short_wins(h, SHORT), part="proper spanning subgraph", contained_link_without=drop):
            return t
    return t


# ------------------------------------------------------------------ L2, EQ1, T1, T2
@statement("LNK.L2", kind="thm", source=SRC + " Lemma 2", max_n=8, tier_n=7, domain=PLAIN_WEAK_LINKS,
           reading="on the links of the plain search (every terminal pair of every connected graph, no pruning "
           "rule): the pruned search rejects pendant non-terminals by its rules 3 and 5, which would make the "
           "lemma hold by construction there")
def lnk_l2(link):
    """A minimal weak link of weight > 1 has at most one pendant vertex, and it is a terminal."""
    if link.weight <= 1:
        return None
    g = link.game
    pend = [v for v in g.vertices if g.degree(v) == 1]
    return len(pend) <= 1 and all(g.is_terminal(v) for v in pend)


@statement("LNK.EQ1", kind="thm", source=SRC + " §3 eq. (1)", max_n=8, tier_n=7, domain=PLAIN_WEAK_LINKS,
           reading="on the links of the plain search (no pruning rule): the pruned search rejects adjacent "
           "terminals and terminals with a common neighbour by its rules 1 and 2, which would make the borders "
           "disjoint, and eq. (1) the definition of p, by construction there")
def lnk_eq1(link):
    """In a minimal weak link of weight w > 1 the borders are disjoint and w = d_s + d_t + p."""
    if link.weight <= 1:
        return None
    bs, bt = link.borders
    t = Tally()
    t.add(not (bs & bt), common=sorted(bs & bt))
    t.add(link.weight == link.d_s + link.d_t + link.p, w=link.weight, d_s=link.d_s, d_t=link.d_t, p=link.p)
    return t


@statement("LNK.T1", kind="thm", source=SRC + " Theorem 1", max_n=9, tier_n=9, domain=WEAK_LINKS)
def lnk_t1(link):
    """w > 3 ⇒ p ≥ 1; w > 5 ⇒ p ≥ 2; w ≤ 7 ⇒ d_s + d_t ≤ (w + 3)/2."""
    w, p = link.weight, link.p
    t = Tally()
    if w > 3:
        t.add(p >= 1, part="w>3 => p>=1", p=p)
    if w > 5:
        t.add(p >= 2, part="w>5 => p>=2", p=p)
    if w <= 7:
        t.add(2 * (link.d_s + link.d_t) <= w + 3, part="eq (3)", d_s=link.d_s, d_t=link.d_t)
    return t


@statement("LNK.T2", kind="thm", source=SRC + " Theorem 2", max_n=9, tier_n=9, domain=WEAK_LINKS)
def lnk_t2(link):
    """Every border vertex b has d_b ≤ p + 2 when w > 3 and d_b ≤ p + 1 when w > 5."""
    w, p, g = link.weight, link.p, link.game
    if w <= 3:
        return None
    t = Tally()
    for b in sorted(link.borders[0] | link.borders[1]):
        bound = p + 1 if w > 5 else p + 2
        t.add(g.degree(b) <= bound, vertex=b, degree=g.degree(b), bound=bound)
    return t


# ------------------------------------------------------------------ T3, DEG (the one exception, pinned)
#: The one exception to Theorem 3 and to constraint (10): the minimal weak link of
#: Fig. 2 (weight 7), as its order key ``(n, m, canonical graph6, canonical terminals)``
#: — the link built from the appendix's description (fixture ``FIG2``, checked by
#: LNK.NAMED).  The geng bound ``-D(n−4)`` of the n ≥ 10 search (:mod:`.kernel`) rests
#: on there being no other exception, so both checks fail on any other one, and on its
#: absence.
T3_EXCEPTION = (9, 11, "H??^pJ?", (7, 8))


def expected_exceptions(n: int) -> list[tuple]:
    """The exceptions LNK states on ``n`` vertices: Fig. 2's link at n = 9, none elsewhere.

    >>> from .named import FIXTURES
    >>> from ...graphs import canonical_game
    >>> cg, g6 = canonical_game(FIXTURES["FIG2"])
    >>> expected_exceptions(9) == [(cg.n, cg.m, g6, tuple(cg.terminals))], expected_exceptions(10)
    (True, [])
    """
    return [T3_EXCEPTION] if n == T3_EXCEPTION[0] else []


def _t3_violates(link) -> bool:
    return link.d_max + min(link.d_s, link.d_t) > link.weight - 1


@statement("LNK.T3", kind="thm", source=SRC + " Theorem 3 and appendix", max_n=9, tier_n=9, domain=WEAK_SETS,
           reading="'with one exception': the minimal weak links of weight w > 5 breaking d_max + min(d_s, d_t) ≤ w − 1 "
                   "are exactly the pinned link of Fig. 2 (H??^pJ?, weight 7, fixture FIG2 of LNK.NAMED) — no other, "
                   "and it is found",
           text="A minimal weak link of weight w > 5 satisfies d_max + min(d_s, d_t) ≤ w − 1, with one exception.")
def lnk_t3(links):
    expected = expected_exceptions(links.n)
    if links.weight <= 5 or not (links.links or expected):
        return None
    t = Tally()
    for l in links.links:
        if l.key not in expected and not t.add(not _t3_violates(l), graph6=l.graph6, terminals=list(l.terminals),
                                               d_max=l.d_max, d_s=l.d_s, d_t=l.d_t, weight=l.weight):
            return t
    bad = [l.key for l in links.links if _t3_violates(l)]
    t.add(bad == expected, part="the pinned exception, and no other", exceptions=bad, expected=expected)
    return t


def degree_constraints(n: int, degs: list[int]) -> list[tuple[str, bool]]:
    """The constraints (6)–(11) of LNK §3 that apply at ``n``, each with its truth value,
    on the sorted degree sequence ``d_1 ≤ … ≤ d_n``.

    >>> degree_constraints(9, [1, 2, 2, 2, 3, 3, 3, 3, 3])[:2]
    [('(6)', True), ('(7)', True)]
    """
    d = sorted(degs)
    out = []
    if n <= 9:
        out.append(("(6)", 2 * (d[0] + d[1]) <= n + 1))
    if n > 7:
        out.append(("(7)", d[0] + d[1] <= n - 4))
    if n > 5:
        out.append(("(8)", d[0] + d[1] + d[2] <= n))
    if n > 7:
        out.append(("(9)", d[0] + d[1] + d[2] <= n - 1))
        out.append(("(10)", d[0] + d[-1] <= n - 3))
    if n > 3:
        out.append(("(11)", d[0] + d[1] >= 3))
    return out


@statement("LNK.DEG", kind="thm", source=SRC + " §3 constraints (6)-(11)", max_n=9, tier_n=9, domain=WEAK_SETS,
           reading="'with one exception for the last condition': (10) fails exactly for the pinned link of Fig. 2 "
                   "(H??^pJ?, n = 9, the exception of LNK.T3) — for no other, and it is found",
           text="Constraints (6)-(11) hold for the sorted degree sequence of every graph supporting a minimal weak link.")
def lnk_deg(links):
    expected = expected_exceptions(links.n) if links.n > 7 else []
    if links.n <= 3 or not (links.links or expected):
        return None
    t = Tally()
    tens = []
    for l in links.links:
        g = l.game
        for name, ok in degree_constraints(l.n, [g.degree(v) for v in g.vertices]):
            if name == "(10)":
                if not ok:
                    tens.append(l.key)
                continue
            if not t.add(ok, constraint=name, graph6=l.graph6):
                return t
    if links.n > 7:
        t.add(tens == expected, constraint="(10)", exceptions=tens, expected=expected)
    return t


# ------------------------------------------------------------------ T4, T5
@statement("LNK.T4", kind="thm", source=SRC + " Theorem 4", max_n=9, tier_n=9, domain=WEAK_LINKS)
def lnk_t4(link):
    """A minimal weak link has at most one articulation vertex."""
    return len(link.articulation) <= 1


@statement("LNK.T5", kind="thm", source=SRC + " Theorem 5", max_n=8, tier_n=7, text=(
    "For every connected game with a bridge (two non-adjacent non-terminals of degree 2 with the same "
    "neighbours x, y): the game is a minimal weak link iff its bridge reduction (delete the pair, add xy) "
    "is; when x ~ y already the game is not a minimal weak link."))
def lnk_t5(game: Game):
    bs = bridges(game)
    if not bs:
        return None
    t = Tally()
    mine = _is_minimal_weak(game)
    for br in bs:
        red = bridge_reduce(game, br)
        if red is None:
            t.add(not mine, bridge=list(br), multigraph=True)
        else:
            t.add(mine == _is_minimal_weak(red), bridge=list(br), game_minimal=mine)
    return t


# ------------------------------------------------------------------ L3 .. L7
@statement("LNK.L3", kind="thm", source=SRC + " Lemma 3", max_n=9, tier_n=9, domain=WEAK_LINKS)
def lnk_l3(link):
    """In a graph supporting a minimal weak link other than W1, no vertex is in more than
    one mutually surrounding pair."""
    if _w1_like(link):
        return None
    pairs = mutually_surrounding_pairs(link.game)
    t = Tally()
    for v in link.game.vertices:
        t.add(sum(v in p for p in pairs) <= 1, vertex=v, pairs=pairs)
    return t


@statement("LNK.L4", kind="thm", source=SRC + " Lemma 4", max_n=9, tier_n=9, domain=WEAK_LINKS,
           reading="transverse: one end surrounds the other, Γ(v) ⊆ Γ[u], terminals allowed (the proof's reading)")
def lnk_l4(link):
    """A minimal weak link other than W1 has at most one transverse edge, and only to a pendant terminal."""
    if _w1_like(link):
        return None
    g = link.game
    tr = transverse_lnk(g)
    t = Tally()
    t.add(len(tr) <= 1, transverse=tr)
    for u, v in tr:
        t.add(any(g.is_terminal(x) and g.degree(x) == 1 for x in (u, v)), edge=(u, v))
    return t


def _threatened_by_vertex(g: Game, b) -> list:
    from ...concepts import threatens

    return [a for a in [None] + [x for x in g.nonterminals() if x != b]
            if threatens(g, [] if a is None else [a], [b])]


def _supported_by_vertex(g: Game, b) -> list:
    from ...concepts import supports

    return [a for a in [None] + [x for x in g.nonterminals() if x != b]
            if supports(g, [] if a is None else [a], [b])]


@statement("LNK.L5", kind="thm", source=SRC + " Lemma 5", max_n=9, tier_n=9, domain=WEAK_LINKS,
           reading="threatened/supported by a single non-terminal vertex or the empty set (TSD §4 definitions)")
def lnk_l5(link):
    """Pivots of a minimal weak link are triangle-free, not threatened, not supported, and
    support no non-terminal vertex."""
    from ...concepts import supports

    g = link.game
    t = Tally()
    for b in link.pivots:
        t.add(not has_triangle(g, b), pivot=b, part="triangle-free")
        thr = _threatened_by_vertex(g, b)
        t.add(not thr, pivot=b, part="not threatened", by=thr)
        sup = _supported_by_vertex(g, b)
        t.add(not sup, pivot=b, part="not supported", by=sup)
        supp = [v for v in g.nonterminals() if v != b and supports(g, [b], [v])]
        t.add(not supp, pivot=b, part="supports no non-terminal", supports=supp)
    return t


@statement("LNK.L6", kind="thm", source=SRC + " Lemma 6", max_n=9, tier_n=9, domain=WEAK_LINKS)
def lnk_l6(link):
    """A pivot b in border B_s has no edge between Γ(b) ∖ {s} and B_s ∖ {b}."""
    g = link.game
    t = Tally()
    for b in link.pivots:
        for term, border in zip(g.terminals, link.borders):
            if b not in border:
                continue
            for c in g.neighbours(b) - {term}:
                for x in border - {b}:
                    t.add(not g.has_edge(c, x), pivot=b, edge=(c, x))
            if not (g.neighbours(b) - {term}) or not (border - {b}):
                t.add(True)
    return t if t.hypothesis else None


@statement("LNK.L7", kind="thm", source=SRC + " Lemma 7", max_n=9, tier_n=9, domain=WEAK_LINKS,
           reading="'adjacent to B_t ∖ Γ(b)' read as 'adjacent to at least one vertex of B_t ∖ Γ(b)' (the proof)")
def lnk_l7(link):
    """If b ∈ B_s is adjacent to all the (≥ 1) central vertices then every central vertex is
    adjacent to a vertex of B_t ∖ Γ(b)."""
    g = link.game
    centre = link.centre
    if not centre:
        return None
    t = Tally()
    for border, other in ((link.borders[0], link.borders[1]), (link.borders[1], link.borders[0])):
        for b in border:
            nb = g.neighbours(b)
            if not centre <= nb:
                continue
            targets = other - nb
            for c in centre:
                t.add(bool(g.neighbours(c) & targets), b=b, centre_vertex=c, targets=sorted(targets))
    return t if t.hypothesis else None


# ------------------------------------------------------------------ T6 and its corollary
@statement("LNK.T6", kind="thm", source=SRC + " Theorem 6 and corollary", max_n=8, tier_n=7, text=(
    "For every short-cut (a, b) (d_b = 2, b ~ one terminal, b at distance 2 from the other) of a connected "
    "game: if Short wins moving second, G*a-b is a strong link; if Short loses moving first, he loses G*a-b "
    "moving first; if G is weak, Short wins G*a-b moving first, and if G is a minimal weak link Cut wins "
    "G*a-b moving first; a weak link with a short-cut whose d>2 vertex is a is won by shorting a."))
def lnk_t6(game: Game):
    cuts = short_cuts(game)
    if not cuts:
        return None
    kind = _kind(game)
    t = Tally()
    minimal_weak = kind == "weak" and _is_minimal_weak(game)
    for a, b in cuts:
        if game.degree(a) < game.degree(b):
            continue
        red = game.short(a).delete(b)
        rk = _kind(red)
        if kind == "strong":
            t.add(rk == "strong", case="C", short_cut=(a, b), reduced=rk)
        elif kind == "none":
            t.add(rk == "none", case="A", short_cut=(a, b), reduced=rk)
        else:
            t.add(rk in ("weak", "strong"), case="B Short first", short_cut=(a, b), reduced=rk)
            if minimal_weak:
                t.add(rk == "weak", case="B Cut first (minimal)", short_cut=(a, b), reduced=rk)
            if game.degree(a) > 2:
                t.add(_solver().short_wins(game.short(a), CUT), case="corollary: a is a pivot", short_cut=(a, b))
    return t if t.hypothesis else None


# ------------------------------------------------------------------ OR rule
def _weak_sublink_avoiding(game: Game, u) -> Game | None:
    """A weak link (Short wins first, not second) inside ``G − u``, by greedy edge deletion
    from ``G − u`` while Short still wins first; None if ``G − u`` is not a first-player win."""
    h = game.delete(u)
    if not _solver().short_wins(h, SHORT):
        return None
    changed = True
    while changed:
        changed = False
        for e in h.edges():
            h2 = h.delete_edges([e])
            if _solver().short_wins(h2, SHORT):
                h, changed = h2, True
                break
    return h


@statement("LNK.ORRULE", kind="thm", source=SRC + " §1 (OR rule)", max_n=7, tier_n=6, text=(
    "For a game with non-adjacent terminals: it is a strong link iff there is a family of weak links "
    "(sub-games between the same terminals, Short wins first but not second) whose non-terminal vertex "
    "sets have empty intersection; the family is built explicitly, one weak sub-link avoiding each vertex."))
def lnk_orrule(game: Game):
    s, t_ = game.terminals
    if game.has_edge(s, t_) or game.n < 3:
        return None
    family = []
    ok_family = True
    for u in game.nonterminals():
        h = _weak_sublink_avoiding(game, u)
        if h is None or _kind(h) != "weak":
            ok_family = False
            break
        family.append(h)
    strong = _kind(game) == "strong"
    return strong == ok_family


# ------------------------------------------------------------------ conjectures
def _reductions_pt(g: Game) -> list[Game]:
    return p_reductions(g) + t_reductions(g)


@statement("LNK.C1/a", kind="conj", source=SRC + " §5 (conjecture)", max_n=11, tier_n=9, domain=WEAK_LINKS,
           reading="a: some minimal weak link of weight w − 2 exists")
def lnk_c1a(link):
    """A P- or T-reducible minimal weak link of weight w implies a minimal weak link of weight w − 2."""
    g = link.game
    if not (p_reducible(g) or t_reducible(g)):
        return None
    return link.n - 2 >= 2 and len(minimal_links(link.n - 2)) > 0


@statement("LNK.C1/b", kind="conj", source=SRC + " §5 (conjecture)", max_n=11, tier_n=9, domain=WEAK_LINKS,
           expect="refuted", refuted_by=(7, 9, 'FFwe?', (5, 6)),
           reading="b: some P-reduction (short the pair) or T-reduction (short a, cut b) is itself a minimal weak link "
                   "(refuted at weight 5: the reductions keep an extra edge, as the paper notes for W7A-C)")
def lnk_c1b(link):
    """A P- or T-reducible minimal weak link reduces to a minimal weak link of weight w − 2."""
    g = link.game
    reds = _reductions_pt(g)
    if not reds:
        return None
    t = Tally()
    ok = any(_is_minimal_weak(r) for r in reds)
    t.add(ok, reductions=[{"edges": r.edges(), "terminals": list(r.terminals), "kind": _kind(r)} for r in reds])
    return t


def _set_weight(links) -> int:
    """The weight of a set of links (one place, so that a mutant can shift it)."""
    return links.weight


C2_W15 = (17, 25, "P??H_???WJCKoCc?H?IK?i??", (15, 16))  # the smallest of the 4 (docs/papers/lnk.md)


@statement("LNK.C2", kind="conj", source=SRC + " §5.1", min_n=17, max_n=17, tier_n=17, domain=MAXDEG3_WEAK_LINKS,
           expect="refuted", refuted_by=C2_W15,
           reading="on every minimal weak link of weight 15 (n = 17) of maximum degree ≤ 3, from the complete "
                   "stored class search docs/lnk/maxdeg3/weak_n17.jsonl (it rests on no theorem of the paper); "
                   "refuted: 4 such links have d_max = 3")
def lnk_c2(link):
    """No (minimal) weak link of weight 15 has d_max = 3."""
    if link.weight != 15:
        return None
    return link.d_max != 3


@statement("LNK.C2.dist", kind="conj", source=SRC + " §5.1", min_n=4, max_n=17, tier_n=11, domain=MAXDEG3_WEAK_SETS,
           reading="the paper's w ≤ 9 extended to every weight the class search reaches (w ≤ 15, n ≤ 17, read "
                   "from docs/lnk/maxdeg3 with --full): the largest terminal distance of the minimal weak links "
                   "with d_max = 3 is at most 4, and 4 is reached at weight 9")
def lnk_c2_dist(links):
    """For weak links with w ≤ 9 and d_max = 3 the maximum distance between terminals is 4."""
    w = _set_weight(links)
    d3 = [l for l in links.links if l.d_max == 3]
    t = Tally()
    for l in d3:
        t.add(terminal_distance(l.game) <= 4, part="distance", graph6=l.graph6, distance=terminal_distance(l.game))
    if w == 9:
        t.add(max((terminal_distance(l.game) for l in d3), default=0) == 4, part="4 reached at weight 9")
    return t if t.hypothesis else None


@statement("LNK.C2.adj", kind="conj", source=SRC + " §5.1", max_n=11, tier_n=9, domain=WEAK_LINKS,
           reading="a pair of neighbouring d = 2 vertices read as two adjacent non-terminal vertices of "
                   "degree 2, at every weight ≤ 9 (weight 9 is n = 11, deep); checked on the sieved search, which "
                   "does not use rule R7 of verify/papers/lnk/rules.py (R7 proves it for every weight and degree)")
def lnk_c2_adj(link):
    """A minimal weak link of weight ≤ 9 (the paper: 9) with d_max = 3 has no two adjacent
    non-terminal vertices of degree 2 (counting a terminal of degree 2 as well, 4 of the 25 weight-9 links with
    d_max = 3 have such a pair, all a degree-2 terminal next to a degree-2 vertex — README,
    Findings)."""
    if link.d_max != 3 or link.weight > 9:
        return None
    g = link.game
    inner = set(g.vertices) - set(g.terminals)
    adjacent = [e for e in g.edges() if set(e) <= inner and g.degree(e[0]) == 2 and g.degree(e[1]) == 2]
    t = Tally()
    t.add(not adjacent, edges=adjacent)
    return t


@statement("LNK.C2.strong", kind="conj", source=SRC + " §5.1", max_n=10, tier_n=8, domain=STRONG_LINKS,
           text="No minimal strong link of weight 5 ≤ w ≤ 8 has d_max = 3 and both terminals of degree 2.")
def lnk_c2_strong(link):
    if not 5 <= link.weight <= 8:
        return None
    return not (link.d_max == 3 and link.d_s == 2 and link.d_t == 2)


@statement("LNK.C2.strong.class", kind="conj", source=SRC + " §5.1", min_n=5, max_n=14, tier_n=10,
           domain=MAXDEG3_STRONG_SETS,
           reading="extended past the paper's 5 ≤ w ≤ 8 to every weight the strong class search reaches "
                   "(w ≤ 12, n ≤ 14, read from docs/lnk/maxdeg3 with --full)")
def lnk_c2_strong_class(links):
    """No minimal strong link of weight ≥ 5 has d_max = 3 and both terminals of degree 2."""
    if _set_weight(links) < 5:
        return None
    t = Tally()
    for l in links.links:
        t.add(not (l.d_max == 3 and l.d_s == 2 and l.d_t == 2), graph6=l.graph6, terminals=list(l.terminals))
    return t if t.hypothesis else None


@statement("LNK.C3.class", kind="conj", source=SRC + " §5.1", min_n=4, max_n=17, tier_n=11, domain=MAXDEG3_WEAK_SETS,
           reading="the distance part of C3 on the minimal weak links of maximum degree ≤ 3, to weight 15 "
                   "(n = 17, read from docs/lnk/maxdeg3 with --full)")
def lnk_c3_class(links):
    """A minimal weak link of weight 2k + 1 and maximum degree ≤ 3 has terminal distance ≤ k + 2."""
    w = _set_weight(links)
    if w % 2 == 0:
        return None
    t = Tally()
    for l in links.links:
        d = terminal_distance(l.game)
        t.add(d <= (w - 1) // 2 + 2, graph6=l.graph6, terminals=list(l.terminals), distance=d)
    return t if t.hypothesis else None


@statement("LNK.C3", kind="conj", source=SRC + " §5.1", max_n=11, tier_n=9, domain=WEAK_LINKS)
def lnk_c3(link):
    """Eq. (3) d_s + d_t ≤ (w + 3)/2 for all w; at least (3w + 1)/2 edges; terminal distance of
    weight 2k + 1 at most k + 2."""
    w = link.weight
    t = Tally()
    t.add(2 * (link.d_s + link.d_t) <= w + 3, part="eq (3)", d_s=link.d_s, d_t=link.d_t)
    t.add(2 * link.m >= 3 * w + 1, part="edges", m=link.m)
    if w % 2 == 1:
        t.add(terminal_distance(link.game) <= (w - 1) // 2 + 2, part="distance", distance=terminal_distance(link.game))
    return t


@statement("LNK.C3.p", kind="conj", source=SRC + " §5.1", max_n=11, tier_n=9, domain=WEAK_SETS,
           text="p grows with w: the smallest centre among minimal weak links of weight w is at least that of every "
                "smaller weight that has links.")
def lnk_c3_p(links):
    if not links.links:
        return None
    pmin = min(l.p for l in links.links)
    t = Tally()
    for n in range(3, links.n):
        smaller = minimal_links(n)
        if smaller:
            t.add(pmin >= min(l.p for l in smaller), weight=links.weight, p_min=pmin, other_weight=n - 2)
    return t if t.hypothesis else None


# ------------------------------------------------------------------ LNK.SIEVE
@statement("LNK.SIEVE", kind="thm", source="Steane, Minimal and irreducible links in the Shannon game §3.1", max_n=9,
           tier_n=9, domain=WEAK_LINKS,
           reading="condition 1 without (10) (its exception is a minimal weak link); each condition applied on its "
                   "own to the link's graph, and the link's terminal pair must survive items 10, 13, 14")
def lnk_sieve(link):
    """Each of the 14 sieve conditions of §3.1 is necessary: no graph that supports a minimal
    weak link is rejected by any of them."""
    t = Tally()
    for k in sieve.link_rejections(link):
        t.add(False, rejected_by=k)
        return t
    t.add(True)
    return t


from .domain import register_compiled_routes  # noqa: E402  (after the statements it names)

register_compiled_routes(__name__)
