"""Mutants of the registered TSD statements and of the project lemma (``PROJ.INDUCED_PATH``).

Each perturbs one thing a registered check consumes — an answer of the dead-item
oracle, of the multi-Shannon or multi-link solver, of the Shannon solver, of the
threat/support predicates, or a hypothesis/reading switch of the statement's own module
(so that the weakened statement reuses the very same enumeration) — and pins the
smallest counterexample as (n, m, canonical graph6).
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
from types import SimpleNamespace

from ..solve import CUT, SHORT
from .core import STATEMENT, Mutant, P, always, const, negate

TSD = "papers.tsd."

def _shim(c, dead_vertices=None, dead_edges=None):
    return SimpleNamespace(
        dead_vertices=c.dead_vertices if dead_vertices is None else dead_vertices,
        dead_edges=c.dead_edges if dead_edges is None else dead_edges,
        verdicts=c.verdicts,
    )


def classify_forgetting(kind):
    """``classify`` that reports the first dead vertex (edge) of each game live."""

    def make(orig):
        def classify(game, method="auto"):
            c = orig(game, method)
            if kind == "vertex":
                return _shim(c, dead_vertices=c.dead_vertices[1:])
            return _shim(c, dead_edges=c.dead_edges[1:])

        return classify

    return make


def classify_all_dead(orig):
    """``classify`` that reports every non-terminal vertex dead."""

    def classify(game, method="auto"):
        c = orig(game, method)
        return _shim(c, dead_vertices=list(game.nonterminals()))

    return classify


def classify_none_dead(orig):
    def classify(game, method="auto"):
        c = orig(game, method)
        return _shim(c, dead_vertices=[], dead_edges=[])

    return classify


def brute_flipping_first_dead_vertex(orig_module):
    """The brute-force (definition) oracle with the first dead vertex reported live."""

    def classify(game, items, *a, **k):
        out = orig_module.classify(game, items, *a, **k)
        for it in sorted(out):
            if it[0] == "vertex" and out[it].dead:
                out[it] = copy.copy(out[it])
                out[it].dead = False
                break
        return out

    return SimpleNamespace(classify=classify)


def lemma_classify_flipping_paths(orig):
    """``classify`` whose ``paths`` answers have their first dead item reported live."""

    def classify(game, method="auto"):
        c = orig(game, method)
        if method != "paths":
            return c
        verdicts = dict(c.verdicts)
        for it in sorted(verdicts):
            if verdicts[it].dead:
                verdicts[it] = copy.copy(verdicts[it])
                verdicts[it].dead = False
                break
        return SimpleNamespace(verdicts=verdicts)

    return classify


def multishannon(**methods):
    """A :class:`MultiShannon` subclass with some methods perturbed (name → fn(orig_result, *args))."""

    def make(orig):
        ns = {}
        for name, change in methods.items():
            base = getattr(orig, name)

            def method(self, *a, _base=base, _change=change, **k):
                return _change(_base(self, *a, **k))

            ns[name] = method
        return type("MutantMultiShannon", (orig,), ns)

    return make


def fastsolver_flipped(orig):
    class Flipped(orig):
        def winner(self, game, first=SHORT):
            return CUT if super().winner(game, first) == SHORT else SHORT

    return Flipped


def multilinks(change):
    """``MultiLinks`` reporting each carrier's type through ``change``, by
    :meth:`~verify.links.MultiLinks.type` and by ``families`` alike."""

    def make(orig):
        class Mutant(orig):
            def type(self, carrier):
                return change(super().type(carrier))

            def families(self, over, max_size=None):
                out: dict = {}
                for kind, family in super().families(over, max_size).items():
                    out[kind] = out.get(kind, 0)
                    out[change(kind)] = out.get(change(kind), 0) | family
                return out

        return Mutant

    return make


def table_off_by_one(meta):
    """Table 1 with one computed cell (the first published column at n = 5) off by one."""
    table = meta["table"]
    key = table.readings[table.check_reading(meta.get("reading"))][0]

    def compute(n, **kw):
        row = table.compute(n, **kw)
        if n == 5:
            row = dataclasses.replace(row, columns={**row.columns, key: row.columns[key] + 1})
        return row

    return {**meta, "table": dataclasses.replace(table, compute=compute)}


def complement(orig):
    """A family of sets (an integer, one bit per set) with every answer flipped."""
    return lambda *a, **k: ~orig(*a, **k)


def subsets_flipped(orig):
    """A family over the subsets of a multi-Shannon game's ``S`` (``_restricted_wins`` of
    TSD.T5's fast pass) with every subset's answer flipped."""
    return lambda m: orig(m) ^ ((1 << (1 << m.s_mask.bit_count())) - 1)


def each_negated(orig):
    """``shorting_duals`` with every answer flipped (each shorted set's dual check fails)."""

    def shorting_duals(game, d):
        return [(Y, not ok) for Y, ok in orig(game, d)]

    return shorting_duals


# ------------------------------------------------------------ the deep routes' oracles
AP = "dead.allpaths"  # verify.dead.allpaths: TSD §5's dead sets from n = 8 (routes "paths", "paths-fast")


def paths_forgetting(kind):
    """``allpaths.dead_items`` with its first dead vertex (edge) reported live."""

    def make(orig):
        def dead_items(game, items):
            out = set(orig(game, items))
            mine = sorted(it for it in out if it[0] == kind)
            if mine:
                out.discard(mine[0])
            return out

        return dead_items

    return make


def paths_all_dead(orig):
    """``allpaths.dead_items`` reporting every vertex item dead."""
    return lambda game, items: set(orig(game, items)) | {it for it in items if it[0] == "vertex"}


def paths_none_dead(orig):
    return lambda game, items: set()


def induced_paths_dropping_last(orig):
    """``allpaths.induced_paths`` without the last path it finds (when it finds two or more)."""

    def induced_paths(adj, t1, t2):
        out = list(orig(adj, t1, t2))
        return out[:-1] if len(out) > 1 else out

    return induced_paths


def tree_flipped_on(k):
    """The written-out multi-Shannon game tree (``games._wins_after``, which the fast
    passes read their capture / loss / domination answers from) with every answer on
    the sets of ``k`` vertices flipped (the same under every labelling)."""
    return lambda orig: (lambda x, elems, win, short: orig(x, elems, win, short) ^ (len(elems) == k))


# ------------------------------------------------------------------ the mutants
NEG = negate
MS = "MultiShannon"
MUTANTS = [
    # --- games.py: multi-Shannon, Shannon solver, threat/support
    Mutant("TSD.T1", "every set captured and lost", [P(TSD + "games", MS, multishannon(second_player_wins=always(True)))], 3, (3, 2, "Bo")),
    Mutant("TSD.T2", "capture/loss answers flipped", [P(TSD + "games", MS, multishannon(second_player_wins=lambda r: not r))], 4, (4, 3, 'CF')),
    Mutant("TSD.T2.EX", "capture/loss answers flipped", [P(TSD + "games", MS, multishannon(second_player_wins=lambda r: not r))], 4, (4, 3, 'Cq')),
    Mutant("TSD.T2.EX", "dead oracle reports nothing dead", [P(TSD + "games", "classify", classify_none_dead)], 4, (4, 4, 'Cr')),
    Mutant("TSD.T3", "one dominating vertex dropped", [P(TSD + "games", MS, multishannon(winning_first_moves=lambda r: r[:-1]))], 5, (5, 4, 'D?{')),
    Mutant("TSD.T4", "capture/loss answers flipped", [P(TSD + "games", MS, multishannon(second_player_wins=lambda r: not r))], 6, (6, 5, 'E@F_')),
    Mutant("TSD.T6", "one dominating vertex dropped", [P(TSD + "games", MS, multishannon(winning_first_moves=lambda r: r[:-1]))], 4, (4, 3, 'CF')),
    Mutant("TSD.DOM", "no vertex dominates", [P(TSD + "games", MS, multishannon(winning_first_moves=lambda r: []))], 4, (4, 3, 'CF')),
    Mutant("TSD.SIMPLE", "no vertex dominates", [P(TSD + "games", MS, multishannon(winning_first_moves=lambda r: []))], 5, (5, 4, 'D?{')),
    Mutant("TSD.PAIRS", "every pair mutually supporting", [P(TSD + "games", "supports", const(True))], 4, (4, 3, 'CU')),
    Mutant("TSD.L5", "no vertex dominates", [P(TSD + "games", MS, multishannon(winning_first_moves=lambda r: []))], 6, (6, 5, 'EFAG')),
    Mutant("TSD.T9", "capture/loss answers flipped", [P(TSD + "games", MS, multishannon(second_player_wins=lambda r: not r))], 6, (6, 5, 'EFAG')),
    Mutant("TSD.T11/b", "Shannon winners flipped", [P(TSD + "games", "FastSolver", fastsolver_flipped)], 4, (4, 3, 'CU')),
    # equivalent mutant: on every T9 instance up to n = 7 each Cut line wins, so the proof's
    # strategy cannot be told apart from "delete anything" there (recorded, not counted as refuted)
    Mutant("TSD.T9", "stated strategy: delete any vertex", [P(TSD + "games", "_t9_strategy", lambda o: (lambda v: (lambda left, h: set(left))))], 6, None, equivalent=True),
    Mutant("TSD.T11/b", "stated strategy: cut any vertex", [P(TSD + "games", "_t11_strategy", lambda o: (lambda nb, match, first=None: (lambda pos, h: first if not h else set(pos.nonterminals()))))], 5, None),
    Mutant("TSD.T2.NB", "no vertex dominates", [P(TSD + "games", MS, multishannon(winning_first_moves=lambda r: []))], 5, None, verdict="not-found"),
    Mutant("TSD.CAPLOST.EX", "nothing captured", [P(TSD + "games", MS, multishannon(second_player_wins=always(False)))], 4, None, verdict="not-found"),
    # --- graph.py
    Mutant("TSD.MODEL", "colouring model flipped", [P(TSD + "graph", "short_wins", NEG)], 2, (2, 1, "A_")),
    Mutant("TSD.L1", "shorting adds no edges in the reduced model", [P(TSD + "graph", "short_adjacency", lambda o: importlib.import_module("verify.papers.tsd.graph").delete_adjacency)], 3, (3, 2, 'Bo')),
    Mutant("TSD.L2", "'S connected' dropped from (i)", [P(TSD + "graph", "_connected", const(True))], 5, (5, 4, "DDW")),
    Mutant("TSD.L3.threat", "threat answers flipped", [P(TSD + "graph", "threatens", NEG), P(TSD + "graph", "threat_masks", NEG), P(TSD + "graph", "threat_family", complement)], 5, (5, 4, 'DCw')),
    Mutant("TSD.L3.support/b", "components of G[B] instead of G∗A (reading /a)", [P(TSD + "graph", "_in_g_star_a", lambda o: importlib.import_module("verify.papers.tsd.graph")._in_g)], 5, (5, 4, "DWc")),
    Mutant("TSD.T7.i", "characterisation flipped", [P(TSD + "graph", "threatens_thm7", NEG), P(TSD + "graph", "threat7_family", complement)], 3, (3, 2, 'Bg')),
    Mutant("TSD.T7.ii/b", "repair dropped (reading /a)", [P(TSD + "graph", "_connected_and_apart", const(True)), P(TSD + "graph", "_connected_and_apart_family", const(-1))], 4, (4, 3, "Cd")),
    Mutant("TSD.T7.EX", "threat answers flipped", [P(TSD + "graph", "threatens", NEG), P(TSD + "graph", "threat_masks", NEG), P(TSD + "graph", "threat_family", complement)], 3, (3, 2, 'Bg')),
    Mutant("TSD.T8", "x_n(v) with d−n−1 (wrong constant)", [P(TSD + "graph", "threatened_by_thm8", lambda o: (lambda g, v, s: o(g, v, s, shift=1))), P(TSD + "graph", "thm8_masks", lambda o: (lambda adj, v, ms: o(adj, v, ms, shift=1)))], 4, (4, 3, 'Ci')),
    Mutant("TSD.L4", "threat answers flipped", [P(TSD + "graph", "threatens", NEG), P(TSD + "graph", "threat_masks", NEG), P(TSD + "graph", "threat_family", complement)], 5, (5, 4, 'DCw')),
    Mutant("TSD.EQ1/b", "'B connected' dropped (reading /a)", [P(TSD + "graph", "_connected", const(True)), P(TSD + "graph", "_connected_mask", const(True))], 5, (5, 4, "D[O")),
    Mutant("TSD.ART/b", "articulation of the whole graph (reading /a)", [P(TSD + "graph", "_separates_terminals", lambda o: (lambda g, v: v in importlib.import_module("verify.papers.tsd.graph").articulation_vertices(g)))], 4, (4, 3, "Cd")),
    # --- dead.py: the dead-item oracle
    Mutant("TSD.T12", "definition oracle forgets a dead vertex", [P(TSD + "dead", "brute", brute_flipping_first_dead_vertex)], 3, (3, 2, 'Bg'), routes=("plain", "one-pass")),
    Mutant("TSD.T13", "dead oracle forgets a dead vertex", [P(TSD + "dead", "classify", classify_forgetting("vertex"))], 3, (3, 2, 'Bg'), routes=("plain", "fast", "one-pass")),
    Mutant("TSD.T14", "dead oracle forgets a dead edge", [P(TSD + "dead", "classify", classify_forgetting("edge"))], 3, (3, 2, 'Bg'), routes=("plain", "one-pass")),
    Mutant("TSD.T14.C1", "dead oracle forgets a dead edge", [P(TSD + "dead", "classify", classify_forgetting("edge"))], 3, (3, 2, 'Bg'), routes=("plain", "fast", "one-pass")),
    Mutant("TSD.T14.C1", "walk characterisation flipped", [P(TSD + "dead", "surrounds_walks", NEG)], 2, (2, 1, 'A_'), routes=("plain", "paths", "one-pass")),
    Mutant("TSD.T14.C2", "dead oracle forgets a dead edge", [P(TSD + "dead", "classify", classify_forgetting("edge"))], 4, (4, 3, 'Ci'), routes=("plain", "one-pass")),
    Mutant("TSD.T15", "dead oracle forgets a dead edge", [P(TSD + "dead", "classify", classify_forgetting("edge"))], 3, (3, 3, 'Bw'), routes=("plain", "one-pass")),
    Mutant("TSD.T16", "dead oracle forgets a dead vertex", [P(TSD + "dead", "classify", classify_forgetting("vertex"))], 3, (3, 2, 'Bg'), routes=("plain", "one-pass")),
    Mutant("TSD.SPEC", "every vertex reported dead", [P(TSD + "dead", "classify", classify_all_dead)], 3, (3, 2, "Bo"), routes=("plain", "fast", "one-pass")),
    Mutant("TSD.T13.EX", "nothing dead", [P(TSD + "dead", "classify", classify_none_dead)], 4, None, verdict="not-found", routes=("plain",)),
    # --- links.py: Theorems 5, 10, 17, 18
    Mutant("TSD.T5", "restricted first-player wins flipped", [P(TSD + "links", MS, multishannon(restricted_short_first_wins=lambda r: not r)),
                                                              P(TSD + "links", "_restricted_wins", subsets_flipped)], 3, (3, 2, 'Bg')),
    Mutant("TSD.T10", "capture/loss answers flipped", [P(TSD + "links", MS, multishannon(second_player_wins=lambda r: not r))], 4, (4, 3, 'CF')),
    Mutant("TSD.T10", "pairing strategy: answer anywhere", [P(TSD + "links", "_pairing", lambda o: (lambda pairs: (lambda left, h: set(left))))], 6, None),
    Mutant("TSD.T17", "strong links reported weak", [P(TSD + "links", "MultiLinks", multilinks(lambda k: "weak" if k == "strong" else k))], 3, (3, 2, 'Bg')),
    Mutant("TSD.T18/b", "weak links reported strong", [P(TSD + "links", "MultiLinks", multilinks(lambda k: "strong" if k == "weak" else k))], 5, (5, 4, 'D[O')),
    # --- dual.py
    Mutant("TSD.DUAL/b", "dual check flipped", [P(TSD + "dual", "shorting_duals", each_negated)], 3, (3, 2, 'Bg'), routes=("plain", "one-pass")),
    # --- figs.py: the figures' smallest witnesses disappear without threats / supports
    Mutant("TSD.FIG/d", "no threats", [P(TSD + "figs", "threatens", const(False))], 6, None, verdict="not-found"),
    Mutant("TSD.FIG/a", "no threats", [P(TSD + "figs", "threatens", const(False))], 7, None, verdict="not-found"),
    Mutant("TSD.FIG/b", "no threats", [P(TSD + "figs", "threatens", const(False))], 7, None, verdict="not-found"),
    Mutant("TSD.FIG/c", "no supports", [P(TSD + "figs", "supports", const(False))], 7, None, verdict="not-found"),
    # --- the deep routes (verify.registry.routes): TSD §5's dead sets from every induced
    # terminal path (from n = 8), T12's fast pass over them, the fast passes' own oracles
    Mutant("TSD.T12", "all-paths oracle forgets a dead vertex", [P(AP, "dead_items", paths_forgetting("vertex"))], 3, (3, 2, 'Bg'), routes=("paths",)),
    Mutant("TSD.T12", "induced paths: the last one found is lost", [P(AP, "induced_paths", induced_paths_dropping_last)], 5, None,
           routes=("paths", "paths-fast"), expect_by_route={"paths": (5, 5, 'DEw'), "paths-fast": (5, 6, 'DFw')},
           note="on paths-fast the smallest failing game fails in the 'deleting dead edges' part only"),
    Mutant("TSD.T13", "all-paths oracle forgets a dead vertex", [P(AP, "dead_items", paths_forgetting("vertex"))], 3, (3, 2, 'Bg'), routes=("paths", "paths-fast")),
    Mutant("TSD.T14", "all-paths oracle forgets a dead edge", [P(AP, "dead_items", paths_forgetting("edge"))], 3, (3, 2, 'Bg'), routes=("paths",)),
    Mutant("TSD.T14.C1", "all-paths oracle forgets a dead edge", [P(AP, "dead_items", paths_forgetting("edge"))], 3, (3, 2, 'Bg'), routes=("paths", "paths-fast")),
    Mutant("TSD.T14.C2", "all-paths oracle forgets a dead edge", [P(AP, "dead_items", paths_forgetting("edge"))], 4, (4, 3, 'Ci'), routes=("paths",)),
    Mutant("TSD.T15", "all-paths oracle forgets a dead edge", [P(AP, "dead_items", paths_forgetting("edge"))], 3, (3, 3, 'Bw'), routes=("paths",)),
    Mutant("TSD.T16", "all-paths oracle forgets a dead vertex", [P(AP, "dead_items", paths_forgetting("vertex"))], 3, (3, 2, 'Bg'), routes=("paths",)),
    Mutant("TSD.SPEC", "all-paths oracle reports every vertex dead", [P(AP, "dead_items", paths_all_dead)], 3, (3, 2, 'Bo'), routes=("paths", "paths-fast")),
    Mutant("TSD.T13.EX", "all-paths oracle: nothing dead", [P(AP, "dead_items", paths_none_dead)], 4, None, verdict="not-found", routes=("paths",)),
    Mutant("TSD.DUAL/b", "built dual's shorting check flipped", [P(TSD + "dual", "shorting_family_duals", each_negated)], 3, (3, 2, 'Bg'), routes=("fast",)),
    Mutant("TSD.T1", "game tree flipped on single vertices", [P(TSD + "games", "_wins_after", tree_flipped_on(1))], 3, (3, 2, 'Bo'), routes=("fast",)),
    Mutant("TSD.T4", "game tree flipped on 4-sets", [P(TSD + "games", "_wins_after", tree_flipped_on(4))], 6, (6, 5, 'E?bo'), routes=("fast",)),
    Mutant("TSD.T6", "game tree flipped on 2-sets", [P(TSD + "games", "_wins_after", tree_flipped_on(2))], 4, (4, 3, 'CF'), routes=("fast",)),
    Mutant("TSD.DOM", "game tree flipped on 2-sets", [P(TSD + "games", "_wins_after", tree_flipped_on(2))], 4, (4, 3, 'CF'), routes=("fast",)),
    Mutant("TSD.SIMPLE", "game tree flipped on 3-sets", [P(TSD + "games", "_wins_after", tree_flipped_on(3))], 5, (5, 4, 'D?{'), routes=("fast",)),
    # --- the project lemma
    Mutant("PROJ.INDUCED_PATH", "induced-path oracle forgets a dead item", [P(TSD + "lemmas", "classify", lemma_classify_flipping_paths)], 3, (3, 2, 'Bg')),
]
MUTANTS.append(Mutant("TSD.TAB1", "Table 1 cell (n = 5) off by one", [P(STATEMENT, "meta", table_off_by_one)], 6,
                      ((5, "connected", 22, 21),)))


def kernel_counting_one_more(orig):
    """The C kernel's flag histogram with one more graph without a flag at n = 5."""

    def parse(n, text):
        hist = list(orig(n, text))
        if n == 5:
            hist[0] += 1
        return hist

    return parse


MUTANTS += [
    Mutant("TSD.TAB1", "kernel histogram: one more graph at n = 5", [P(TSD + "table1", "_parse_kernel_output", kernel_counting_one_more)],
           6, ((5, "connected", 22, 21),), routes=("kernel",)),
]


