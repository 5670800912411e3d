"""Mutants through the *registered* checks, in all four papers: break an oracle, the registered statement must fail.

The mutants live in :mod:`verify.mutants` (one module per paper); each perturbs one thing
a registered check consumes and runs the **registered** statement through
:func:`verify.registry.run_statement` (as ``check`` does).  The statement must then be
refuted (verdict ``fails``; ``not-found`` for an example) by the pinned smallest
counterexample.  So replacing a registered check's body by ``return True``, or dropping
its conclusion, turns a test here red.

:func:`test_every_holding_statement_has_a_default_tier_mutant` enforces that every
registered statement of every paper that holds (or exhibits) has at least one mutant
that runs in the default tier and is scored — deep-only and documented-equivalent
mutants are reported by ``shannon-verify mutants`` but do not count.
"""

from __future__ import annotations

import os
from unittest import mock

import pytest

from verify.mutants import all_mutants, coverage, run_mutant
from verify.registry import REGISTRY, Tally, run_statement

MUTANTS = all_mutants()
SCORE: dict[str, bool] = {}


def _param(m):
    return pytest.param(m, marks=[pytest.mark.deep] if m.deep else [], id=m.name)


@pytest.mark.parametrize("mutant,route", [pytest.param(m, route, marks=[pytest.mark.deep] if m.deep else [],
                                                         id=f"{m.name}[{route}]")
                                            for m in MUTANTS for route in m.route_names()])
def test_mutant_refutes_registered_statement(mutant, route):
    """Each mutant through each route it is declared for (verify.registry.routes: the
    plain route, each fast route forced at every n, the one-pass group shard)."""
    assert mutant.sid in REGISTRY, mutant.sid
    r = run_mutant(mutant, route)
    if mutant.scored:
        SCORE[f"{mutant.name}[{route}]"] = r.refuted
    assert r.refuted, f"{mutant.name}: {r.problem}"
    if mutant.equivalent:
        return
    # and without the mutation the registered statement does not fail (is found) on the same range;
    # skipped where the default tier's own run of the statement (theorems/) already implies it
    st = REGISTRY[mutant.sid]
    failing = mutant.verdict in ("fails", "error")  # "error": the route's own re-check refused the planted bug
    if (failing and mutant.max_n <= st.tier_depth) or (mutant.verdict == "not-found" and mutant.max_n >= st.tier_depth):
        return
    clean = run_statement(st, max_n=mutant.max_n, emit=False)
    assert clean.verdict in (("holds", "vacuous") if failing else ("found",)), clean.verdict


def test_a_broken_registered_check_survives_its_mutant():
    """The point of the exercise: were TSD.T14's body ``return True``-like (count, never
    fail), its mutant would no longer be refuted — so the mutant test above would fail."""
    st = REGISTRY["TSD.T14"]
    mutant = next(m for m in MUTANTS if m.sid == "TSD.T14")
    with mock.patch.object(st, "check", lambda game: Tally(1)):
        r = run_mutant(mutant, "plain")
    assert not r.refuted and r.verdict == "holds" and "survived" in r.problem


def test_every_holding_statement_has_a_default_tier_mutant():
    missing = sorted(sid for sid, ms in coverage(MUTANTS).items() if not ms)
    assert not missing, f"registered statements with no default-tier mutant: {missing}"


def test_every_mutant_names_a_registered_statement_once():
    assert all(m.sid in REGISTRY for m in MUTANTS)
    names = [m.name for m in MUTANTS]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


def test_mutation_score(capsys):
    """Prints the score of the mutants run in this process (all of them in a one-process run;
    under ``pytest -n`` each worker's share, every mutant still asserted by its own test)."""
    if not SCORE:
        pytest.skip("no mutant ran in this process")
    made, refuted = len(SCORE), sum(SCORE.values())
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    where = f" (worker {worker}'s share)" if worker else ""
    with capsys.disabled():
        print(f"\nmutation score: {refuted}/{made} default-tier mutants of registered statements refuted{where}")
    assert refuted == made
