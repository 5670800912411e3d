"""Symbolic proofs (verify.prove) against exhaustive enumeration of connected games."""

from __future__ import annotations

import functools

import pytest

from verify.errors import InputError
from verify.graphs import connected_games
from verify.prove import describe, encode, encoded_ids, prove
from verify.prove.arith_encodings import ARITH_ENCODINGS
from verify.prove.checks import mutant_failure, statement_failure
from verify.prove.graph_encodings import SET_ENCODINGS

IDS = encoded_ids()
HOLDS = [i for i in IDS if describe(i)["expect"] == "holds"]
REFUTED = {"TSD.T7": 4, "TSD.L3": 5}  # smallest n of the stored counterexamples
DEFAULT_N = [3, 4, 5, 6]
# At n = 8 the brute force over every pair of vertex sets (L2, L4) takes hours.
_SLOW_AT_8 = {"TSD.L2", "TSD.L4"}


def _deep(sid_list):
    out = []
    for sid in sid_list:
        out.append(pytest.param(sid, 7, marks=pytest.mark.deep))
        if sid not in _SLOW_AT_8:
            out.append(pytest.param(sid, 8, marks=pytest.mark.deep))
    return out


def _grid(sid_list):
    return [(sid, n) for sid in sid_list for n in DEFAULT_N] + _deep(sid_list)


@functools.lru_cache(maxsize=None)
def _games(n):
    return list(connected_games(n))


def _enumerated_failure(sid, n, mutant):
    """The first connected game on n vertices (and instance) violating sid or its mutant,
    by brute force: the registered check or mutant check for the dead family, every
    choice of the sets for the others."""
    enc = SET_ENCODINGS.get(sid) or ARITH_ENCODINGS.get(sid)
    if enc is None:
        check = (lambda g: mutant_failure(sid, g)) if mutant else (lambda g: statement_failure(sid, g))
        return next((g for g in _games(n) if check(g) is not None), None)
    for g in _games(n):
        for inst in enc.instances(g):
            if enc.failure(g, inst, mutant):
                return g, inst
    return None


@pytest.mark.parametrize("sid, n", _grid(HOLDS))
def test_statement_proved_and_enumeration_agrees(sid, n):
    r = prove(sid, n, timeout=120)
    assert r.verdict == "proved", r
    assert _enumerated_failure(sid, n, False) is None


@pytest.mark.parametrize("sid, n", _grid(HOLDS))
def test_mutant_sat_iff_enumeration_finds_counterexample(sid, n):
    r = prove(sid, n, timeout=120, mutant=True)
    assert r.verdict in ("proved", "counterexample"), r
    found = _enumerated_failure(sid, n, True)
    assert (r.verdict == "counterexample") == (found is not None), (r, found)
    if r.verdict == "counterexample":
        g = r.graph
        assert g["terminals"] == [0, 1] and g["recheck"]["failure"]
        if "path" in g:
            assert len(g["path"]) >= 2 and g["path"][0] == 0 and g["path"][-1] == 1


@pytest.mark.parametrize("sid, n", _grid(sorted(REFUTED)))
def test_refuted_statement_sat_iff_enumeration_finds_counterexample(sid, n):
    r = prove(sid, n, timeout=120)
    found = _enumerated_failure(sid, n, False)
    assert (r.verdict == "counterexample") == (found is not None) == (n >= REFUTED[sid]), (r, found)
    if found:
        assert r.graph["recheck"]["failure"] and r.graph["sets"]["A"] and r.graph["sets"]["B"]


@pytest.mark.parametrize("sid", HOLDS)
def test_every_mutant_has_a_counterexample_by_n5(sid):
    assert prove(sid, 5, mutant=True).verdict == "counterexample"


def test_refuted_statement_has_no_mutant():
    with pytest.raises(InputError, match="TSD.T7 is refuted; it has no mutant"):
        prove("TSD.T7", 5, mutant=True)


def test_sets_encoding_names_variables():
    from verify.prove.symbolic_sets import SetBuilder

    b = SetBuilder(4)
    A = b.named_set("A")
    assert b.pool.obj(A[3]) == ("in", "A", 3) and A[0] == -b.true
    c = b.closure(A)
    assert c[(0, 1)] != b.adj(0, 1)  # 0 and 1 may be joined through A


def test_encoding_names_variables():
    cnf, pool, cases = encode("TSD.T16", 4)
    names = {pool.obj(v) for v in range(1, pool.top + 1)}
    assert ("adj", 0, 1) in names and ("on_path", 2) in names and ("pos", 3, 2) in names
    assert cases[0].item == (2,)


def test_no_case_fits_is_unsat():
    assert prove("TSD.T16", 3, mutant=True).verdict == "proved"


def test_timeout_gives_unknown_never_proved():
    """T13 at n = 30 needs seconds of search (n = 55 takes ≈ 30 s); 0.01 s must give unknown."""
    r = prove("TSD.T13", 30, timeout=0.01)
    assert r.verdict == "unknown", r
    assert "interrupted" in r.reason


def test_unencoded_id_is_input_error():
    with pytest.raises(InputError, match="no symbolic encoding"):
        prove("TSD.T12", 5)
    with pytest.raises(InputError, match="at least 2 vertices"):
        prove("TSD.L2", 1)


def test_cli_prove_up_to_and_json(capsys):
    import json

    from verify.cli import main

    assert main(["prove", "TSD.T15", "--up-to", "5"]) == 0
    out = capsys.readouterr().out
    assert out.count("PROVED") == 3 and "n = 5" in out
    assert main(["prove", "TSD.T16", "--n", "5", "--mutant", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "counterexample" and data["graph"]["terminals"] == [0, 1]


def test_cli_unencoded_id_one_sentence(capsys):
    from verify.cli import main

    assert main(["prove", "TSD.T12", "--n", "5"]) == 2
    err = capsys.readouterr().err
    assert "TSD.T15" in err and err.count("\n") == 1


@pytest.mark.parametrize("n", [3, 4, 5, 6, pytest.param(7, marks=pytest.mark.deep)])
def test_t8_sat_and_smt_encodings_agree(n):
    """TSD.T8 has two encodings (totalizers in CNF, z3 over integer sums): same verdicts,
    for the statement and for its mutant."""
    for mutant in (False, True):
        a = prove("TSD.T8", n, timeout=120, mutant=mutant, method="sat")
        b = prove("TSD.T8", n, timeout=120, mutant=mutant, method="smt")
        assert a.verdict == b.verdict != "unknown", (a, b)


@pytest.mark.parametrize("sid", ["TSD.T8", "TSD.T14.C2"])
@pytest.mark.parametrize("mutant", [False, True])
def test_walk_counts_sat_and_z3_agree(sid, mutant):
    """The totalizer CNF (default, certifiable) and the z3 encoding give the same verdicts."""
    for n in (3, 4, 5, 6):
        a, b = prove(sid, n, mutant=mutant, timeout=120), prove(sid, n, mutant=mutant, method="smt", timeout=120)
        assert a.verdict == b.verdict, (sid, n, mutant, a, b)
        assert b.verdict != "proved" or b.trust == "z3's word"
        assert a.verdict != "proved" or a.trust == "solver's word"
