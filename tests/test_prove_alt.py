"""The second dead-item encoder (verify/prove/encode_alt.py) against the first and against
brute force.

* the same verdict as the first encoder for every dead-item statement and its mutant;
* for the mutants (satisfiable), the graphs of *all* its models — enumerated with
  blocking clauses on the adjacency variables — are exactly the labelled connected
  games (terminals 0, 1) on which the mutant fails by the exact oracle
  (:func:`verify.prove.checks.mutant_failure`); the first encoder's graphs are a subset
  (it breaks symmetry) that meets every isomorphism class of them;
* for the statements, both are unsatisfiable and the oracle finds no failure.
"""

from __future__ import annotations

import functools
from itertools import combinations, permutations

import pytest
from pysat.solvers import Solver

from verify.game import Game
from verify.prove import encode, prove
from verify.prove.checks import mutant_failure, statement_failure
from verify.prove.encode import adj_var
from verify.prove.encode_alt import ALT_IDS, encode_alt


@pytest.mark.parametrize("sid", ALT_IDS)
@pytest.mark.parametrize("mutant", [False, True])
def test_same_verdict_as_first_encoder(sid, mutant):
    for n in (3, 4, 5, 6, 7):
        a = prove(sid, n, mutant=mutant, encoder="alt", timeout=60)
        b = prove(sid, n, mutant=mutant, timeout=60)
        assert a.verdict == b.verdict, (sid, mutant, n, a, b)
        assert a.verdict == ("counterexample" if mutant and n >= (4 if sid == "TSD.T16" else 3) else "proved")
        if a.verdict == "counterexample":  # decoded and re-checked by the exact oracle
            assert a.graph["recheck"]["failure"] and a.graph["path"][:1] == [0]


def _connected(n, edges):
    nb = {v: set() for v in range(n)}
    for u, v in edges:
        nb[u].add(v)
        nb[v].add(u)
    seen, todo = {0}, [0]
    while todo:
        for w in nb[todo.pop()] - seen:
            seen.add(w)
            todo.append(w)
    return len(seen) == n


@functools.lru_cache(maxsize=None)
def _labelled(n):
    pairs = list(combinations(range(n), 2))
    out = []
    for mask in range(1 << len(pairs)):
        edges = frozenset(p for i, p in enumerate(pairs) if mask >> i & 1)
        if _connected(n, edges):
            out.append(edges)
    return out


def _brute(sid, n, mutant):
    fail = (lambda g: mutant_failure(sid, g, "brute")) if mutant else (lambda g: statement_failure(sid, g))
    return {e for e in _labelled(n) if fail(Game.from_edges(sorted(e), terminals=(0, 1), n=n)) is not None}


def _graphs(clauses, adj: dict, limit=5000):
    """Every graph (edge set) of a model, by enumeration with blocking clauses."""
    found = set()
    with Solver(name="glucose4", bootstrap_with=clauses) as s:
        while s.solve():
            true = {x for x in s.get_model() if x > 0}
            edges = frozenset(e for e, x in adj.items() if x in true)
            found.add(edges)
            s.add_clause([-x if x in true else x for x in adj.values()])
            assert len(found) < limit
    return found


def _relabel(edges, perm):
    return frozenset(tuple(sorted((perm[u], perm[v]))) for u, v in edges)


def _cross_check(sid, n, mutant):
    q = encode_alt(sid, n, mutant)
    alt = _graphs(q.clauses, q.adj)
    cnf, pool, _ = encode(sid, n, mutant=mutant)
    first = _graphs(cnf.clauses, {(u, v): adj_var(pool, u, v) for u, v in combinations(range(n), 2)})
    brute = _brute(sid, n, mutant)
    assert alt == brute, (sid, n, mutant, len(alt), len(brute))
    assert first <= brute
    perms = [p for p in permutations(range(n)) if {p[0], p[1]} == {0, 1}]
    for e in brute:  # every failing game is, up to relabelling, one of the first encoder's
        assert any(_relabel(e, p) in first for p in perms), (sid, n, sorted(e))
    return len(brute), len(first)


@pytest.mark.parametrize("sid", ALT_IDS)
def test_models_equal_brute_force_n4(sid):
    assert _cross_check(sid, 4, True)[0] > 0
    assert _cross_check(sid, 4, False) == (0, 0)


def test_models_equal_brute_force_t15_n5():
    assert _cross_check("TSD.T15", 5, True)[0] > 0


@pytest.mark.deep
@pytest.mark.parametrize("sid", ALT_IDS)
def test_models_equal_brute_force_n5(sid):
    assert _cross_check(sid, 5, True)[0] > 0
    assert _cross_check(sid, 5, False) == (0, 0)


def test_cli_encoder_alt(capsys):
    from verify.cli import main

    assert main(["prove", "TSD.T16", "--n", "6", "--encoder", "alt"]) == 0
    assert "PROVED" in capsys.readouterr().out
    assert main(["prove", "TSD.L2", "--n", "4", "--encoder", "alt"]) == 2
    err = capsys.readouterr().err
    assert "dead-item statements only" in err and err.count("\n") == 1
