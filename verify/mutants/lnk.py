"""Mutants of the registered LNK statements (Minimal and irreducible links).

Each perturbs one thing a registered LNK check consumes and runs the registered
statement unchanged:

* the **link search** (:mod:`verify.papers.lnk.search`) — its minimality test skipped
  (every weak link passes as minimal; the search's cache is bypassed so the perturbed
  test really runs), optionally with its pruning off; or its answer, as one consumer
  sees it, with a link too few, a pivot too few, or one parameter of every link
  (``p``, ``d_max``) off by one;
* the **exact solvers** — the statements' fast solver with Short's second-player
  answers flipped, plain minimax with Short's first-player answers flipped, the
  dead-edge oracle of :mod:`verify.dead` reporting an edge dead;
* a **predicate** of :mod:`.reduce` (reducibility, terminal distance) or of the sieve
  (its candidate terminal pairs), negated or off by one;
* a **table cell**, or the table's link source (``P(STATEMENT, "meta", ...)``).

Counterexamples are pinned by the domain's order key: ``(n, m, canonical graph6,
canonical terminals)`` for links and games, ``(n,)`` for the per-size link sets,
``(n, name)`` for the named fixtures, and the tuple of differing cells for a table.

Examples
--------
>>> from verify.papers.lnk.search import minimal_links
>>> [l.p for l in shifted_links("p", -1)(minimal_links)(5)]
[-1]
"""

from __future__ import annotations

import dataclasses

from ..game import CUT, SHORT
from .core import STATEMENT, Mutant, P, negate

LNK = "papers.lnk."
SEARCH = LNK + "search"
STATEMENTS = LNK + "statements"


# ------------------------------------------------------------------ the search
def minimality_skipped(orig):
    """``classify_masks`` that decides the link type only: no single-edge deletion is
    tried, so every weak (strong) link passes as a minimal one."""
    from ..papers.lnk.link import _sw

    def classify_masks(solver, adj, s, t, strong):
        if strong:
            return "strong" if _sw(solver, adj, s, t, False) else None
        if not _sw(solver, adj, s, t, True) or _sw(solver, adj, s, t, False):
            return None
        return "weak"

    return classify_masks


def no_pruning(orig):
    """``candidate_pairs`` that rejects nothing: every terminal pair is searched."""
    return lambda n, adj, strong=False: [(i, j) for i in range(n) for j in range(i + 1, n)]


def fresh_cache(orig):
    """An empty cache for :func:`~verify.papers.lnk.search.minimal_links` (so a perturbed
    search is really run, and the clean cache is left untouched)."""
    return {}


#: the search with its minimality test skipped (pruning on: rules 1–5 of candidate_pairs)
NOT_MINIMAL = [P(SEARCH, "classify_masks", minimality_skipped), P(SEARCH, "_CACHE", fresh_cache)]
#: the same bug planted in the compiled solver (lnk_solver.h's LNK_BUG_MINIMALITY): the
#: route "kernel" (the compiled searches, taken from n = 9) reports every link minimal
KERNEL_NOT_MINIMAL = [P(LNK + "kernel", "DEBUG_BITS", lambda orig: 1), P(SEARCH, "_CACHE", fresh_cache)]
#: the same with the pruning off too: every weak link of every terminal pair
NOT_MINIMAL_UNPRUNED = NOT_MINIMAL + [P(SEARCH, "candidate_pairs", no_pruning)]


def links_changed(change):
    """A factory for ``minimal_links``: its answer passed through ``change(links)``."""

    def make(orig):
        def minimal_links(n, strong=False, method="pruned"):
            return tuple(change(orig(n, strong, method)))

        return minimal_links

    return make


#: the search loses the first (smallest) link of every size and kind
first_link_lost = links_changed(lambda links: links[1:])
#: the search reports every weak link with its first pivot missing
first_pivot_lost = links_changed(lambda links: [dataclasses.replace(l, pivots=l.pivots[1:]) for l in links])


def shifted_links(attr: str, delta: int):
    """A factory for ``minimal_links``: every link's property ``attr`` (``p``, ``d_max``)
    reads ``delta`` off."""

    def make(orig):
        from ..papers.lnk.search import Link

        base = getattr(Link, attr)
        cls = type(f"Link_{attr}_{delta:+d}", (Link,), {attr: property(lambda self: base.fget(self) + delta)})
        return links_changed(lambda links: [cls(l.game, l.kind, l.pivots, l.graph6) for l in links])(orig)

    return make


def class_links_changed(change):
    """A factory for :func:`~verify.papers.lnk.classes.class_links`: its answer passed
    through ``change(links)`` (the class search's links as the class domains see them)."""

    def make(orig):
        def class_links(n, max_degree=3, strong=False, folder=None):
            return tuple(change(orig(n, max_degree, strong, folder)))

        return class_links

    return make


def class_shifted(attr: str, delta: int):
    """A factory for ``class_links``: every link's property ``attr`` reads ``delta`` off."""

    def make(orig):
        from ..papers.lnk.search import Link

        base = getattr(Link, attr)
        cls = type(f"Link_{attr}_{delta:+d}", (Link,), {attr: property(lambda self: base.fget(self) + delta)})
        return class_links_changed(lambda links: [cls(l.game, l.kind, l.pivots, l.graph6) for l in links])(orig)

    return make


def _plus_edge(link):
    """The link's game with one more edge (its first non-adjacent pair of non-terminals)."""
    from ..papers.lnk.search import link_from_game

    g = link.game
    nts = g.nonterminals()
    u, v = next((u, v) for i, u in enumerate(nts) for v in nts[i + 1:] if not g.has_edge(u, v))
    return link_from_game(g.add_edges([(u, v)]), link.kind)


#: every link of weight > 5 breaking Theorem 3's bound replaced by its graph plus one
#: edge: the same number of exceptions, but a different one
exception_replaced = links_changed(
    lambda links: [_plus_edge(l) if l.weight > 5 and l.d_max + min(l.d_s, l.d_t) > l.weight - 1 else l for l in links])


def degrees_changed(change):
    """A factory for ``degree_constraints``: the sorted degree sequence passed through ``change``."""

    def make(orig):
        return lambda n, degs: orig(n, change(sorted(degs)))

    return make


# ------------------------------------------------------------------ the solvers
class _SecondPlayerFlipped:
    """The statements' fast solver with Short's second-player answers flipped."""

    def __init__(self, solver):
        self._solver = solver

    def __getattr__(self, name):
        return getattr(self._solver, name)

    def short_wins(self, game, to_move):
        r = self._solver.short_wins(game, to_move)
        return not r if to_move == CUT else r


def second_player_flipped(orig):
    return _SecondPlayerFlipped(orig)


def minimax_first_player_flipped(orig):
    """Plain minimax whose *top-level* answers for Short moving first are flipped (its own
    recursion, which goes through the module's name, is left exact)."""
    depth = [0]

    def short_wins(game, to_move, memo=None):
        depth[0] += 1
        try:
            r = orig(game, to_move, memo)
        finally:
            depth[0] -= 1
        return not r if depth[0] == 0 and to_move == SHORT else r

    return short_wins


def one_edge_dead(orig):
    """``dead_edges`` that also reports the game's first edge dead."""
    return lambda game, method="auto": set(orig(game, method)) | set(game.edges()[:1])


def plus(delta):
    """A factory: the function's (numeric) answer ``delta`` off."""
    return lambda orig: (lambda *a, **k: orig(*a, **k) + delta)


# ------------------------------------------------------------------ the sieve
def pendant_terminals_rejected(orig):
    """``pair_candidates`` with a wrong rule: no terminal may be pendant."""

    def pair_candidates(g):
        return [(s, t) for s, t in orig(g) if g.deg[s] > 1 and g.deg[t] > 1]

    return pair_candidates


# ------------------------------------------------------------------ tables
def tab1_off_by_one(meta):
    """Table 1 with one computed cell (minimal links at n = 5) off by one."""
    table = meta["table"]

    def compute(n, **kw):
        row = table.compute(n, **kw)
        if n == 5:
            row = dataclasses.replace(row, columns={**row.columns, "minimal": row.columns["minimal"] + 1})
        return row

    return {**meta, "table": dataclasses.replace(table, compute=compute)}


# ------------------------------------------------------------------ the mutants
DOMAIN = LNK + "domain"  # where the statements' domains take their links from
CLASSES = LNK + "classes"  # where the class domains take theirs from
FACTS = LNK + "facts"
TABLES = LNK + "tables"
W1 = (3, 2, "Bo", (1, 2))
W3 = (5, 5, "DXo", (3, 4))
#: the statements with a search-minimality mutant whose route "kernel" a deep run takes
KERNEL_ROUTED = ('LNK.T1', 'LNK.T2', 'LNK.T4', 'LNK.L3', 'LNK.L4', 'LNK.L5', 'LNK.L6', 'LNK.L7', 'LNK.C3', 'LNK.SIEVE', 'LNK.FACTS.even', 'LNK.FACTS.triangles', 'LNK.C2.adj')
KERNEL_CAUGHT = ("The C kernel reports FEhd_ (terminals 1, 4) as a minimal weak link; the Python solver disagrees.",)

MUTANTS: list[Mutant] = [
    # --- DEF: the search against the definition (plain minimax)
    Mutant("LNK.DEF", "search loses its first link", [P(STATEMENTS, "minimal_links", first_link_lost)], 2, (2, 1, "A_", (0, 1))),
    Mutant("LNK.DEF", "search drops a pivot", [P(STATEMENTS, "minimal_links", first_pivot_lost)], 3, W1),
    # --- L1: decided by the dead-edge oracle and by plain minimax, not by the search's test
    Mutant("LNK.L1", "dead-edge oracle reports an edge dead", [P("dead", "dead_edges", one_edge_dead)], 3, W1),
    Mutant("LNK.L1", "minimax: Short's first-player answers flipped",
           [P("solve.minimax", "short_wins", minimax_first_player_flipped)], 3, W1),
    # --- statements implied by the pruned search (rules 1-3, 5): need the pruning off too
    Mutant("LNK.L2", "search: minimality skipped, no pruning", NOT_MINIMAL_UNPRUNED, 4, (4, 3, "CU", (2, 3))),
    Mutant("LNK.EQ1", "search: minimality skipped, no pruning", NOT_MINIMAL_UNPRUNED, 4, (4, 3, "CU", (2, 3))),
    # --- structural theorems on every link: the search's minimality test skipped
    Mutant("LNK.T1", "search: minimality skipped", NOT_MINIMAL, 6, (6, 7, "EFF_", (4, 5)), routes=("plain",)),
    Mutant("LNK.T2", "search: minimality skipped", NOT_MINIMAL, 6, (6, 7, "EFF_", (4, 5)), routes=("plain",)),
    Mutant("LNK.T4", "search: minimality skipped", NOT_MINIMAL, 7, (7, 8, "F`\\CO", (5, 6)), routes=("plain",)),
    Mutant("LNK.L3", "search: minimality skipped", NOT_MINIMAL, 6, (6, 7, "EFF_", (4, 5)), routes=("plain",)),
    Mutant("LNK.L4", "search: minimality skipped", NOT_MINIMAL, 6, (6, 7, "ENF?", (4, 5)), routes=("plain",)),
    Mutant("LNK.L5", "search: minimality skipped", NOT_MINIMAL, 6, (6, 7, "ENF?", (4, 5)), routes=("plain",)),
    Mutant("LNK.L5", "threat answers flipped", [P("concepts", "threatens", negate)], 3, W1),
    Mutant("LNK.L6", "search: minimality skipped", NOT_MINIMAL, 6, (6, 7, "ERd_", (4, 5)), routes=("plain",)),
    Mutant("LNK.L7", "search: minimality skipped", NOT_MINIMAL, 6, (6, 7, "ENF?", (4, 5)), routes=("plain",)),
    Mutant("LNK.C3", "search: minimality skipped", NOT_MINIMAL, 6, (6, 7, "EFF_", (4, 5)), routes=("plain",)),
    Mutant("LNK.SIEVE", "search: minimality skipped", NOT_MINIMAL, 6, (6, 7, "EFF_", (4, 5)), routes=("plain",)),
    Mutant("LNK.SIEVE", "candidate pairs: no pendant terminal", [P(LNK + "sieve", "pair_candidates", pendant_terminals_rejected)], 3, W1),
    Mutant("LNK.FACTS.even", "search: minimality skipped", NOT_MINIMAL, 6, (6,), routes=("plain",)),
    Mutant("LNK.FACTS.triangles", "search: minimality skipped", NOT_MINIMAL, 6, (6,), routes=("plain",)),
    Mutant("LNK.FACTS.w4", "search: minimality skipped", NOT_MINIMAL, 6, (6,), routes=("plain",)),
    # --- T3 and DEG: the one exception (Fig. 2, n = 9) pinned
    Mutant("LNK.T3", "d_max off by one: more exceptions", [P(DOMAIN, "minimal_links", shifted_links("d_max", 1))], 9, (9,)),
    Mutant("LNK.T3", "a different exception (Fig. 2 plus an edge)", [P(DOMAIN, "minimal_links", exception_replaced)], 9, (9,)),
    Mutant("LNK.T3", "search loses its first link (the exception)", [P(DOMAIN, "minimal_links", first_link_lost)], 9, (9,)),
    Mutant("LNK.DEG", "degree sequence off by one", [P(STATEMENTS, "degree_constraints", degrees_changed(lambda d: [x - 1 for x in d]))], 5, (5,)),
    Mutant("LNK.DEG", "d_n off by one: a second exception to (10)",
           [P(STATEMENTS, "degree_constraints", degrees_changed(lambda d: d[:-1] + [d[-1] + 1]))], 9, (9,)),
    Mutant("LNK.DEG", "search loses its first link (the exception)", [P(DOMAIN, "minimal_links", first_link_lost)], 9, (9,)),
    # --- games: T5, T6, ORRULE
    Mutant("LNK.T5", "minimality skipped", [P(STATEMENTS, "classify_masks", minimality_skipped)], 5, (5, 6, "DXw", (3, 4))),
    Mutant("LNK.T6", "minimality skipped", [P(STATEMENTS, "classify_masks", minimality_skipped)], 4, (4, 4, "Cu", (2, 3))),
    Mutant("LNK.T6", "solver: Short's second-player answers flipped", [P(STATEMENTS, "_SOLVER", second_player_flipped)], 4, (4, 4, "Cu", (2, 3))),
    Mutant("LNK.ORRULE", "solver: Short's second-player answers flipped", [P(STATEMENTS, "_SOLVER", second_player_flipped)], 3, W1),
    # --- named links and facts
    Mutant("LNK.NAMED", "search loses its first link", [P(FACTS, "minimal_links", first_link_lost)], 3, (3, "W1")),
    Mutant("LNK.NAMED.w5", "T-reducibility negated", [P(FACTS, "t_reducible", negate)], 7, (7,)),
    Mutant("LNK.NAMED.sc", "terminal distance off by one", [P(FACTS, "terminal_distance", plus(-1))], 8, (8,)),
    Mutant("LNK.FACTS.w7", "S-reducibility negated", [P(FACTS, "s_reducible", negate)], 9, (9,)),
    # --- conjectures
    Mutant("LNK.C1/a", "search loses its first link", [P(STATEMENTS, "minimal_links", first_link_lost)], 5, W3),
    Mutant("LNK.C2.dist", "terminal distance off by one", [P(STATEMENTS, "terminal_distance", plus(1))], 9, (7,)),
    Mutant("LNK.C2.dist", "the weight-9 set read as weight 8: 4 is not reached at weight 9",
           [P(STATEMENTS, "_set_weight", plus(-1))], 12, (12,)),
    Mutant("LNK.C2.adj", "search: minimality skipped", NOT_MINIMAL, 7, (7, 8, "FBgV?", (5, 6)), routes=("plain",)),
    Mutant("LNK.C2.strong.class", "class search: both terminal degrees read one too low",
           [P(CLASSES, "class_links", class_shifted("d_s", -1)), P(CLASSES, "class_links", class_shifted("d_t", -1))],
           10, (8,)),
    Mutant("LNK.C3.class", "terminal distance off by one", [P(STATEMENTS, "terminal_distance", plus(1))], 11, (5,)),
    Mutant("LNK.C2.strong", "d_max off by one", [P(DOMAIN, "minimal_links", shifted_links("d_max", -1))], 8, (8, 11, "G_lsIO", (6, 7))),
    Mutant("LNK.C3.p", "p off by one", [P(DOMAIN, "minimal_links", shifted_links("p", -1))], 5, (5,)),
    # --- the route "kernel": the same bug in the compiled solver; every link it reports is
    # re-solved in Python (kernel.recheck), which refuses the first non-minimal one (n = 7)
    *(Mutant(sid, "kernel: minimality skipped", KERNEL_NOT_MINIMAL, 7, KERNEL_CAUGHT, verdict="error", routes=("kernel",))
      for sid in KERNEL_ROUTED),
    # --- Table 1
    Mutant("LNK.TAB1", "search loses its first link", [P(TABLES, "minimal_links", first_link_lost)], 3,
           ((3, "minimal links", 0, 1), (3, "S-irreducible", 0, 1))),
    Mutant("LNK.TAB1", "Table 1 cell (n = 5) off by one", [P(STATEMENT, "meta", tab1_off_by_one)], 5, ((5, "minimal links", 2, 1),)),
]
