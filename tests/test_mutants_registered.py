"""Mutants through the *registered* checks: break an oracle, the registered statement must fail.

Each mutant perturbs one thing that a registered TSD (or project) statement consumes —
an answer of the dead-item oracle, of the multi-Shannon or multi-link solver, of the
Shannon solver, of the threat/support predicates, or a hypothesis/reading switch of the
statement's own module (so that the weakened statement reuses the very same
enumeration) — and then runs the **registered** statement through
:func:`verify.registry.run_statement`.  The statement must then be refuted (verdict
``fails``; ``not-found`` for an example) with the smallest counterexample pinned
here as (n, m, canonical graph6).  So replacing a registered check's body by
``return True``, or dropping its conclusion, turns a test here red.

Every registered statement recorded as holding has at least one mutant
(:func:`test_every_holding_statement_has_a_mutant`); the mutation score (mutants
refuted / mutants made) is printed by :func:`test_mutation_score` and by
``python tests/test_mutants_registered.py``.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import os
import sys
import time
from dataclasses import dataclass, field
from types import SimpleNamespace
from unittest import mock

import pytest

from verify.registry import REGISTRY, load_paper_statements, run_statement
from verify.solve import CUT, SHORT

load_paper_statements()

TSD = "verify.papers.tsd."


# ------------------------------------------------------------------ perturbations
def _module(name):
    return sys.modules[TSD + name]


def negate(fn):
    """The predicate with every answer flipped."""
    return lambda *a, **k: not fn(*a, **k)


def always(value):
    return lambda *a, **k: value


def const(value):
    """A factory: replace the function by one that always answers ``value``."""
    return lambda orig: always(value)


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
    def make(orig):
        class Mutant(orig):
            def type(self, carrier):
                return change(super().type(carrier))

        return Mutant

    return make


def table_off_by_one(st):
    """Table 1 with one computed cell (the first published column at n = 5) off by one."""
    table = st.meta["table"]
    key = table.readings[table.check_reading(st.meta.get("reading"))][0]

    def compute(n, **kw):
        row = table.compute(n, **kw)
        if n == 5:
            row = dataclasses.replace(row, columns={**row.columns, key: row.columns[key] + 1})
        return row

    return {**st.meta, "table": dataclasses.replace(table, compute=compute)}


# ------------------------------------------------------------------ the mutants
@dataclass
class Mutant:
    sid: str
    what: str
    patches: list  # (module name under verify.papers.tsd, attribute, factory(original) -> replacement)
    max_n: int
    expect: tuple | None  # (n, m, graph6) of the smallest counterexample; None: not pinned
    verdict: str = "fails"
    marks: list = field(default_factory=list)

    @property
    def name(self):
        return f"{self.sid}:{self.what}"


def P(module, attr, factory):
    return (module, attr, factory)


NEG = negate
MS = "MultiShannon"
MUTANTS = [
    # --- games.py: multi-Shannon, Shannon solver, threat/support
    Mutant("TSD.T1", "every set captured and lost", [P("games", MS, multishannon(second_player_wins=always(True)))], 3, (3, 2, "Bo")),
    Mutant("TSD.T2", "capture/loss answers flipped", [P("games", MS, multishannon(second_player_wins=lambda r: not r))], 4, (4, 3, 'CF')),
    Mutant("TSD.T2.EX", "capture/loss answers flipped", [P("games", MS, multishannon(second_player_wins=lambda r: not r))], 4, (4, 3, 'Cq')),
    Mutant("TSD.T2.EX", "dead oracle reports nothing dead", [P("games", "classify", classify_none_dead)], 4, (4, 4, 'Cr')),
    Mutant("TSD.T3", "one dominating vertex dropped", [P("games", MS, multishannon(winning_first_moves=lambda r: r[:-1]))], 5, (5, 4, 'D?{')),
    Mutant("TSD.T4", "capture/loss answers flipped", [P("games", MS, multishannon(second_player_wins=lambda r: not r))], 6, (6, 5, 'E@F_')),
    Mutant("TSD.T6", "one dominating vertex dropped", [P("games", MS, multishannon(winning_first_moves=lambda r: r[:-1]))], 4, (4, 3, 'CF')),
    Mutant("TSD.DOM", "no vertex dominates", [P("games", MS, multishannon(winning_first_moves=lambda r: []))], 4, (4, 3, 'CF')),
    Mutant("TSD.SIMPLE", "no vertex dominates", [P("games", MS, multishannon(winning_first_moves=lambda r: []))], 5, (5, 4, 'D?{')),
    Mutant("TSD.PAIRS", "every pair mutually supporting", [P("games", "supports", const(True))], 4, (4, 3, 'CU')),
    Mutant("TSD.L5", "no vertex dominates", [P("games", MS, multishannon(winning_first_moves=lambda r: []))], 6, (6, 5, 'EFAG')),
    Mutant("TSD.T9", "capture/loss answers flipped", [P("games", MS, multishannon(second_player_wins=lambda r: not r))], 6, (6, 5, 'EFAG')),
    Mutant("TSD.T11/b", "Shannon winners flipped", [P("games", "FastSolver", fastsolver_flipped)], 4, (4, 3, 'CU')),
    # equivalent mutant: on every T9 instance up to n = 7 each Cut line wins, so the proof's
    # strategy cannot be told apart from "delete anything" there (recorded, not counted as refuted)
    Mutant("TSD.T9", "stated strategy: delete any vertex", [P("games", "_t9_strategy", lambda o: (lambda v: (lambda left, h: set(left))))], 6, None, verdict="holds"),
    Mutant("TSD.T11/b", "stated strategy: cut any vertex", [P("games", "_t11_strategy", lambda o: (lambda nb, match, first=None: (lambda pos, h: first if not h else set(pos.nonterminals()))))], 5, None),
    Mutant("TSD.T2.NB", "no vertex dominates", [P("games", MS, multishannon(winning_first_moves=lambda r: []))], 5, None, verdict="not-found"),
    Mutant("TSD.CAPLOST.EX", "nothing captured", [P("games", MS, multishannon(second_player_wins=always(False)))], 4, None, verdict="not-found"),
    # --- graph.py
    Mutant("TSD.MODEL", "colouring model flipped", [P("graph", "short_wins", NEG)], 2, (2, 1, "A_")),
    Mutant("TSD.L1", "shorting adds no edges in the reduced model", [P("graph", "short_adjacency", lambda o: _module("graph").delete_adjacency)], 3, (3, 2, 'Bo')),
    Mutant("TSD.L2", "'S connected' dropped from (i)", [P("graph", "_connected", const(True))], 5, (5, 4, "DDW")),
    Mutant("TSD.L3.threat", "threat answers flipped", [P("graph", "threatens", NEG)], 5, (5, 4, 'DCw')),
    Mutant("TSD.L3.support/b", "components of G[B] instead of G∗A (reading /a)", [P("graph", "_in_g_star_a", lambda o: _module("graph")._in_g)], 5, (5, 4, "DWc")),
    Mutant("TSD.T7.i", "characterisation flipped", [P("graph", "threatens_thm7", NEG)], 3, (3, 2, 'Bg')),
    Mutant("TSD.T7.ii/b", "repair dropped (reading /a)", [P("graph", "_connected_and_apart", const(True))], 4, (4, 3, "Cd")),
    Mutant("TSD.T7.EX", "threat answers flipped", [P("graph", "threatens", NEG)], 3, (3, 2, 'Bg')),
    Mutant("TSD.T8", "x_n(v) with d−n−1 (wrong constant)", [P("graph", "threatened_by_thm8", lambda o: (lambda g, v, s: o(g, v, s, shift=1)))], 4, (4, 3, 'Ci')),
    Mutant("TSD.L4", "threat answers flipped", [P("graph", "threatens", NEG)], 5, (5, 4, 'DCw')),
    Mutant("TSD.EQ1/b", "'B connected' dropped (reading /a)", [P("graph", "_connected", const(True))], 5, (5, 4, "D[O")),
    Mutant("TSD.ART/b", "articulation of the whole graph (reading /a)", [P("graph", "_separates_terminals", lambda o: (lambda g, v: v in _module("graph").articulation_vertices(g)))], 4, (4, 3, "Cd")),
    # --- dead.py: the dead-item oracle
    Mutant("TSD.T12", "definition oracle forgets a dead vertex", [P("dead", "brute", brute_flipping_first_dead_vertex)], 3, (3, 2, 'Bg')),
    Mutant("TSD.T13", "dead oracle forgets a dead vertex", [P("dead", "classify", classify_forgetting("vertex"))], 3, (3, 2, 'Bg')),
    Mutant("TSD.T14", "dead oracle forgets a dead edge", [P("dead", "classify", classify_forgetting("edge"))], 3, (3, 2, 'Bg')),
    Mutant("TSD.T14.C1", "dead oracle forgets a dead edge", [P("dead", "classify", classify_forgetting("edge"))], 3, (3, 2, 'Bg')),
    Mutant("TSD.T14.C1", "walk characterisation flipped", [P("dead", "surrounds_walks", NEG)], 2, (2, 1, 'A_')),
    Mutant("TSD.T14.C2", "dead oracle forgets a dead edge", [P("dead", "classify", classify_forgetting("edge"))], 4, (4, 3, 'Ci')),
    Mutant("TSD.T15", "dead oracle forgets a dead edge", [P("dead", "classify", classify_forgetting("edge"))], 3, (3, 3, 'Bw')),
    Mutant("TSD.T16", "dead oracle forgets a dead vertex", [P("dead", "classify", classify_forgetting("vertex"))], 3, (3, 2, 'Bg')),
    Mutant("TSD.SPEC", "every vertex reported dead", [P("dead", "classify", classify_all_dead)], 3, (3, 2, "Bo")),
    Mutant("TSD.T13.EX", "nothing dead", [P("dead", "classify", classify_none_dead)], 4, None, verdict="not-found"),
    # --- links.py: Theorems 5, 10, 17, 18
    Mutant("TSD.T5", "restricted first-player wins flipped", [P("links", MS, multishannon(restricted_short_first_wins=lambda r: not r))], 3, (3, 2, 'Bg')),
    Mutant("TSD.T10", "capture/loss answers flipped", [P("links", MS, multishannon(second_player_wins=lambda r: not r))], 4, (4, 3, 'CF')),
    Mutant("TSD.T10", "pairing strategy: answer anywhere", [P("links", "_pairing", lambda o: (lambda pairs: (lambda left, h: set(left))))], 6, None),
    Mutant("TSD.T17", "strong links reported weak", [P("links", "MultiLinks", multilinks(lambda k: "weak" if k == "strong" else k))], 3, (3, 2, 'Bg')),
    Mutant("TSD.T18/b", "weak links reported strong", [P("links", "MultiLinks", multilinks(lambda k: "strong" if k == "weak" else k))], 5, (5, 4, 'D[O')),
    # --- dual.py
    Mutant("TSD.DUAL/b", "dual check flipped", [P("dual", "is_dual", NEG)], 3, (3, 2, 'Bg')),
    Mutant("TSD.DUAL/c", "no dual found", [P("dual", "find_dual", const(None))], 5, (5, 9, 'D~w')),
    # --- figs.py: the figures' smallest witnesses disappear without threats / supports
    Mutant("TSD.FIG/d", "no threats", [P("figs", "threatens", const(False))], 6, None, verdict="not-found"),
    Mutant("TSD.FIG/a", "no threats", [P("figs", "threatens", const(False))], 7, None, verdict="not-found", marks=[pytest.mark.deep]),
    Mutant("TSD.FIG/b", "no threats", [P("figs", "threatens", const(False))], 7, None, verdict="not-found", marks=[pytest.mark.deep]),
    Mutant("TSD.FIG/c", "no supports", [P("figs", "supports", const(False))], 7, None, verdict="not-found", marks=[pytest.mark.deep]),
    # --- the project lemma
    Mutant("PROJ.INDUCED_PATH", "induced-path oracle forgets a dead item", [P("lemmas", "classify", lemma_classify_flipping_paths)], 3, (3, 2, 'Bg')),
]
TABLE_MUTANTS = [("TSD.TAB1", "Table 1 cell (n = 5) off by one", 6)]


@contextlib.contextmanager
def applied(mutant: Mutant):
    with contextlib.ExitStack() as stack:
        for module, attr, factory in mutant.patches:
            mod = _module(module)
            stack.enter_context(mock.patch.object(mod, attr, factory(getattr(mod, attr))))
        yield


def run_mutant(mutant: Mutant):
    with applied(mutant):
        return run_statement(REGISTRY[mutant.sid], max_n=mutant.max_n, emit=False)


def _key(r):
    w = r.witness or {}
    return (w.get("n"), w.get("m"), w.get("graph6"))


SCORE: dict[str, bool] = {}


@pytest.mark.parametrize("mutant", [pytest.param(m, marks=m.marks) for m in MUTANTS], ids=[m.name for m in MUTANTS])
def test_mutant_refutes_registered_statement(mutant):
    assert mutant.sid in REGISTRY, mutant.sid
    r = run_mutant(mutant)
    if mutant.verdict == "holds":  # a documented equivalent mutant: it must survive, it is not scored
        assert r.verdict == "holds", f"{mutant.name}: now {r.verdict}; it is no longer equivalent, score it"
        return
    SCORE[mutant.name] = r.verdict == mutant.verdict
    assert r.verdict == mutant.verdict, f"{mutant.name}: {r.verdict} up to n = {mutant.max_n}"
    if mutant.expect is not None:
        assert _key(r) == mutant.expect, r.witness
    # and without the mutation the registered statement does not fail (is found) on the same range
    clean = run_statement(REGISTRY[mutant.sid], max_n=mutant.max_n, emit=False)
    assert clean.verdict in (("holds", "vacuous") if mutant.verdict == "fails" else ("found",)), clean.verdict


@pytest.mark.parametrize("sid, what, max_n", TABLE_MUTANTS)
def test_table_mutant(sid, what, max_n):
    st = REGISTRY[sid]
    with mock.patch.object(st, "meta", table_off_by_one(st)):
        r = run_statement(st, max_n=max_n, emit=False)
    SCORE[f"{sid}:{what}"] = r.verdict == "fails"
    assert r.verdict == "fails"
    assert [(c["n"], c["computed"] - c["published"]) for c in r.witness["details"]["mismatches"]] == [(5, 1)]


def test_a_broken_registered_check_survives_its_mutant():
    """The point of the exercise: were TSD.T14's body ``return True``-like (count, never
    fail), its mutant would no longer be refuted — so the mutant test above would fail."""
    st = REGISTRY["TSD.T14"]
    from verify.registry import Tally

    mutant = next(m for m in MUTANTS if m.sid == "TSD.T14")
    with mock.patch.object(st, "check", lambda game: Tally(1)):
        assert run_mutant(mutant).verdict == "holds"


def holding_ids():
    return sorted(i for i, s in REGISTRY.items() if (i.startswith("TSD.") or i.startswith("PROJ.")) and s.expect == "holds")


def test_every_holding_statement_has_a_mutant():
    covered = {m.sid for m in MUTANTS} | {sid for sid, _, _ in TABLE_MUTANTS}
    missing = [i for i in holding_ids() if i not in covered]
    assert not missing, f"registered statements with no mutant: {missing}"


def test_mutation_score(capsys):
    """Prints the score of the mutants run in this process (all of them in a one-process run;
    under ``pytest -n`` each worker's share, every mutant still asserted by its own test)."""
    if not SCORE:
        pytest.skip("no mutant ran in this process")
    made, refuted = len(SCORE), sum(SCORE.values())
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    where = f" (worker {worker}'s share)" if worker else ""
    with capsys.disabled():
        print(f"\nmutation score: {refuted}/{made} mutants of registered statements refuted{where}")
    assert refuted == made


if __name__ == "__main__":  # PYTHONPATH=. python tests/test_mutants_registered.py: the score with sizes
    refuted = 0
    for m in [m for m in MUTANTS if m.verdict != "holds"]:
        t = time.perf_counter()
        r = run_mutant(m)
        ok = r.verdict == m.verdict
        refuted += ok
        print(f"{'refuted' if ok else 'SURVIVED':8} {m.name:70} {r.verdict:9} n≤{m.max_n} {_key(r)} "
              f"{r.instances} instances {time.perf_counter() - t:.1f}s", flush=True)
    scored = sum(m.verdict != "holds" for m in MUTANTS)
    print(f"mutation score: {refuted}/{scored} (plus {len(TABLE_MUTANTS)} table mutant(s) in pytest; "
          f"{len(MUTANTS) - scored} documented equivalent mutant(s) not scored)")
