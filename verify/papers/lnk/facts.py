"""LNK.NAMED and LNK.FACTS: the named links' stated properties and the numeric facts of §3–§5.

Every number the paper states is kept in :mod:`.published` and used only as the
comparison oracle; every check here recomputes its side from the search and the
definitions.

Facts the search cannot reach in Python (weight 8 is n = 10, weight 9 is n = 11:
the 24 W8 and their triangles, reducibility classes and P/T-irreducibility; the two
weight-9 links with more than three pivots) are not registered; the README lists them.

References
----------
.. [1] A. M. Steane, "Minimal and irreducible links in the Shannon game", §3–§5.
"""

from __future__ import annotations

from collections import Counter

from ...game import Game
from ...graphs import canonical_game, canonical_graph6
from ...registry import Tally, statement
from .domain import STRONG_SETS, WEAK_SETS
from .named import FIXTURE_DOMAIN, FIXTURES
from .published import FACTS
from .reduce import (
    p_reducible,
    s_reducible,
    t_reducible,
    terminal_distance,
    triangle_count,
)
from .search import link_from_game, minimal_links, search

SRC = "Steane, Minimal and irreducible links in the Shannon game"


def _key(game: Game) -> tuple:
    cg, g6 = canonical_game(game)
    return (cg.n, cg.m, g6, tuple(cg.terminals))


def _in_search(game: Game, strong: bool = False) -> bool:
    return _key(game) in {l.key for l in minimal_links(game.n, strong=strong)}


def _common_neighbour(game: Game) -> bool:
    s, t = game.terminals
    return bool(game.neighbours(s) & game.neighbours(t))


def strong_after_pendant(game: Game) -> Game | None:
    """Delete a pendant terminal and make its neighbour a terminal (LNK §3); None if none."""
    for term in game.terminals:
        if game.degree(term) == 1:
            other = [x for x in game.terminals if x != term][0]
            (nb,) = game.neighbours(term)
            return Game([v for v in game.vertices if v != term], [e for e in game.edges() if term not in e], (nb, other))
    return None


def add_pendant(game: Game, at) -> Game:
    """Add a new pendant terminal ``"p"`` at the terminal ``at`` (which stops being one)."""
    other = [x for x in game.terminals if x != at][0]
    return Game(list(game.vertices) + ["p"], game.edges() + [("p", at)], ("p", other))


def minimal_pairs(game: Game) -> list[tuple]:
    """Every unordered vertex pair of the graph that makes it a minimal weak link (by the definition)."""
    from .statements import _is_minimal_weak

    h = game.relabel_to_integers()
    return [(i, j) for i in range(h.n) for j in range(i + 1, h.n) if _is_minimal_weak(Game(range(h.n), h.edges(), (i, j)))]


def _pair_orbit_reps(game: Game, pairs: list[tuple]) -> list[tuple]:
    from .search import pair_orbits

    h = game.relabel_to_integers()
    return pair_orbits(h.n, h.adjacency, pairs)


def _d_max(game: Game) -> int:
    return max(game.degree(v) for v in game.vertices)


@statement("LNK.NAMED", kind="thm", source=SRC + " §1, §3, §5, appendix", min_n=3, max_n=9, tier_n=9, domain=FIXTURE_DOMAIN,
           text="Each named link built from the text is what the text says: W1 the smallest weak link; W3 minimal weak, "
                "not containing W1, minus its pendant = S2; S2 strong minimal, contains W1; W5A, W5B, W5X minimal weak, "
                "W5B minus pendant ≅ W5A minus pendant; W5X S- and P- but not T-reducible with two isomorphic minimal "
                "terminal pairs; SC1 = S2 with d_max 2, distance 2, plus a pendant a weak link at distance 3; FIG2 a "
                "minimal weak link breaking Theorem 3's bound with p > 2.")
def lnk_named(inst):
    from .statements import _kind

    name, g = inst
    t = Tally()
    if name == "W1":
        t.add(_in_search(g), part="minimal weak")
        smaller = [Game([0, 1], [(0, 1)], (0, 1)), Game([0, 1], [], (0, 1))]
        t.add(all(_kind(h) != "weak" for h in smaller), part="smallest weak link")
    elif name == "W3":
        t.add(_in_search(g), part="minimal weak")
        t.add(not _common_neighbour(g), part="does not contain W1")
        t.add(_key(strong_after_pendant(g)) == _key(FIXTURES["S2"]), part="minus pendant = S2")
    elif name in ("S2", "SC1"):
        t.add(_in_search(g, strong=True), part="minimal strong")
        if name == "S2":
            t.add(_common_neighbour(g), part="contains W1")
        else:
            t.add(_d_max(g) == 2 and terminal_distance(g) == 2, part="d_max 2, distance 2")
            w = add_pendant(g, g.terminals[0])
            t.add(_kind(w) == "weak" and w.n - 2 == 3 and terminal_distance(w) == 3, part="plus pendant: weak, w=3, distance 3")
    elif name in ("W5A", "W5B"):
        t.add(_in_search(g), part="minimal weak")
        if name == "W5B":
            t.add(_key(strong_after_pendant(g)) == _key(strong_after_pendant(FIXTURES["W5A"])), part="minus pendant ≅ W5A's")
        else:
            t.add(_in_search(strong_after_pendant(g), strong=True), part="minus pendant: minimal strong")
    elif name == "W5X":
        t.add(_in_search(g), part="minimal weak")
        t.add(s_reducible(g) and p_reducible(g) and not t_reducible(g), part="SP-reducible, not T")
    elif name == "FIG2":
        link = link_from_game(g, "weak")
        t.add(_in_search(g), part="minimal weak")
        t.add(link.weight > 5 and link.d_max + min(link.d_s, link.d_t) > link.weight - 1 and link.p > 2,
              part="breaks Theorem 3 with p > 2", d_max=link.d_max, p=link.p)
    return t


@statement("LNK.NAMED.w5", kind="thm", source=SRC + " Fig. 1, §3, §4, §5", min_n=7, max_n=7, tier_n=7, domain=WEAK_SETS,
           text="The weight-5 minimal weak links: W5A, W5B, W5X are among them; exactly three have a pendant terminal "
                "(W5A, W5B and so W5C); the two minimal strong links of weight 4 are W5A and W5C minus pendant and W5B's "
                "is W5A's; exactly one (W5Z) has more than one pivot, it is T- but not S- or P-reducible and the only "
                "S-irreducible minimal weak link of weight 3..5; SC2 = W5C minus pendant has d_max 3 and distance 3 and "
                "W5C has distance 4.")
def lnk_named_w5(links):
    if links.n != 7:
        return None
    t = Tally()
    keys = {l.key: l for l in links.links}
    for name in ("W5A", "W5B", "W5X"):
        t.add(_key(FIXTURES[name]) in keys, part=f"{name} found")
    pend = [l for l in links.links if min(l.d_s, l.d_t) == 1]
    known = {_key(FIXTURES["W5A"]), _key(FIXTURES["W5B"])}
    rest = [l for l in pend if l.key not in known]
    if not t.add(len(pend) == 3 and len(rest) == 1, part="W5C identified", pendant=[l.graph6 for l in pend]):
        return t
    w5c = rest[0].game
    sa, sb, sc = (strong_after_pendant(x) for x in (FIXTURES["W5A"], FIXTURES["W5B"], w5c))
    strong4 = {l.key for l in minimal_links(6, strong=True)}
    t.add({_key(sa), _key(sc)} == strong4 and len(strong4) == 2, part="strong links of weight 4 = W5A, W5C minus pendant")
    t.add(_key(sb) == _key(sa), part="W5B's = W5A's")
    multi = [l for l in links.links if len(l.pivots) > 1]
    smaller_multi = [l for n in (3, 5) for l in minimal_links(n) if len(l.pivots) > 1]
    if t.add(len(multi) == 1 and not smaller_multi, part="W5Z: the only one with > 1 pivot"):
        z = multi[0].game
        t.add(t_reducible(z) and not s_reducible(z) and not p_reducible(z), part="W5Z T-, not S-/P-reducible")
        s_irr = [l for n in (5, 7) for l in minimal_links(n) if not s_reducible(l.game)]
        t.add([l.key for l in s_irr] == [multi[0].key], part="W5Z the smallest S-irreducible (weight ≥ 3)")
    t.add(_d_max(sc) == 3 and terminal_distance(sc) == 3, part="SC2: d_max 3, distance 3")
    if multi:
        zpairs = minimal_pairs(multi[0].game)
        t.add(len(zpairs) == 2 and len(_pair_orbit_reps(multi[0].game, zpairs)) == 1,
              part="W5Z's graph: two isomorphic minimal terminal pairs (the §5 remark, there said of W5X)", pairs=zpairs)
    t.add(terminal_distance(w5c) == 4, part="W5C: distance 4 = n + 2")
    return t


@statement("LNK.NAMED.pairs", kind="thm", source=SRC + " §5 (the weight-7 graph with two links)", min_n=7, max_n=7,
           tier_n=7, domain=FIXTURE_DOMAIN, expect="refuted", refuted_by=(7, 'W5X'),
           text="In the graph of W5X two different terminal pairs give a minimal weak link, and they are isomorphic.")
def lnk_named_pairs(inst):
    name, g = inst
    if name != "W5X":
        return None
    pairs = minimal_pairs(g)
    return len(pairs) == 2 and len(_pair_orbit_reps(g, pairs)) == 1


@statement("LNK.NAMED.sc", kind="thm", source=SRC + " §5.1 (chains SC_n)", min_n=8, max_n=8, tier_n=8, domain=STRONG_SETS,
           text="A minimal strong link of weight 6 with d_max 4 and terminal distance 4 exists (what SC3 illustrates).")
def lnk_named_sc(links):
    if links.n != 8:
        return None
    return any(l.d_max == 4 and terminal_distance(l.game) == 4 for l in links.links)


# ------------------------------------------------------------------ FACTS
@statement("LNK.FACTS.even", kind="thm", source=SRC + " §3", min_n=3, max_n=9, tier_n=9, domain=WEAK_SETS,
           text="There are no minimal weak links of weight 2, 4 or 6.")
def facts_even(links):
    if links.weight not in (2, 4, 6):
        return None
    return len(links.links) == 0


@statement("LNK.FACTS.w4", kind="thm", source=SRC + " appendix (no minimal weak link of weight 4)", min_n=6, max_n=6, tier_n=6,
           domain=WEAK_SETS, text="No minimal weak link of weight 4: the plain search (no pruning) on all 879 games of size 6 finds none.")
def facts_w4(links):
    if links.n != 6:
        return None
    return len(search(6, method="plain")) == 0


@statement("LNK.FACTS.triangles", kind="thm", source=SRC + " §3", min_n=3, max_n=9, tier_n=9, domain=WEAK_SETS,
           text="Minimal weak links of weight below 8 have no triangle (the smallest with triangles has weight 8; "
                "weight 8 itself is beyond the search).")
def facts_triangles(links):
    if not links.links or links.weight >= 8:
        return None
    t = Tally()
    for l in links.links:
        t.add(triangle_count(l.game) == 0, graph6=l.graph6)
    return t


@statement("LNK.FACTS.w7", kind="thm", source=SRC + " §5", min_n=9, max_n=9, tier_n=9, domain=WEAK_SETS,
           text="Weight 7: 36 minimal weak links, 28 S-reducible and 8 S-irreducible, of which 2 are P- but not "
                "T-reducible, 3 T- but not P-reducible, 1 PT-reducible and 2 SPT-irreducible; exactly one weight-7 "
                "graph supports two minimal weak links.")
def facts_w7(links):
    if links.n != 9:
        return None
    pub = FACTS["w7"]
    ls = links.links
    s_irr = [l for l in ls if not s_reducible(l.game)]
    p = {l.key: p_reducible(l.game) for l in s_irr}
    tt = {l.key: t_reducible(l.game) for l in s_irr}
    got = {
        "links": len(ls),
        "S-reducible": len(ls) - len(s_irr),
        "S-irreducible": len(s_irr),
        "P only": sum(p[k] and not tt[k] for k in p),
        "T only": sum(tt[k] and not p[k] for k in p),
        "PT": sum(p[k] and tt[k] for k in p),
        "SPT-irreducible": sum(not p[k] and not tt[k] for k in p),
        "graphs with two links": sum(1 for c in Counter(canonical_graph6(l.game.to_networkx()) for l in ls).values() if c >= 2),
    }
    t = Tally()
    for k, v in pub.items():
        t.add(got[k] == v, fact=k, computed=got[k], published=v)
    return t


from .domain import register_compiled_routes  # noqa: E402  (after the statements it names)

register_compiled_routes(__name__)
