"""Symbolic proofs (verify.prove) against exhaustive enumeration of connected games."""

from __future__ import annotations

import functools

import pytest

from verify.errors import InputError
from verify.graphs import connected_games
from verify.prove import encode, encoded_ids, prove
from verify.prove.checks import mutant_failure, statement_failure

IDS = encoded_ids()
DEFAULT_N = [3, 4, 5, 6]
DEEP_N = [pytest.param(7, marks=pytest.mark.deep), pytest.param(8, marks=pytest.mark.deep)]


@functools.lru_cache(maxsize=None)
def _games(n):
    return list(connected_games(n))


def _enumerated_failure(sid, n, mutant):
    check = (lambda g: mutant_failure(sid, g)) if mutant else (lambda g: statement_failure(sid, g))
    return next((g for g in _games(n) if check(g) is not None), None)


@pytest.mark.parametrize("n", DEFAULT_N + DEEP_N)
@pytest.mark.parametrize("sid", IDS)
def test_statement_proved_and_enumeration_agrees(sid, n):
    r = prove(sid, n, timeout=60)
    assert r.verdict == "proved", r
    assert _enumerated_failure(sid, n, False) is None


@pytest.mark.parametrize("n", DEFAULT_N + DEEP_N)
@pytest.mark.parametrize("sid", IDS)
def test_mutant_sat_iff_enumeration_finds_counterexample(sid, n):
    r = prove(sid, n, timeout=60, mutant=True)
    assert r.verdict in ("proved", "counterexample"), r
    found = _enumerated_failure(sid, n, True)
    assert (r.verdict == "counterexample") == (found is not None), (r, found)
    if r.verdict == "counterexample":
        g = r.graph
        assert g["terminals"] == [0, 1] and g["recheck"]["failure"]
        assert len(g["path"]) >= 2 and g["path"][0] == 0 and g["path"][-1] == 1


@pytest.mark.parametrize("sid", IDS)
def test_every_mutant_has_a_counterexample_by_n5(sid):
    assert prove(sid, 5, mutant=True).verdict == "counterexample"


def test_encoding_names_variables():
    cnf, pool, cases = encode("TSD.T16", 4)
    names = {pool.obj(v) for v in range(1, pool.top + 1)}
    assert ("adj", 0, 1) in names and ("on_path", 2) in names and ("pos", 3, 2) in names
    assert cases[0].item == (2,)


def test_no_case_fits_is_unsat():
    assert prove("TSD.T16", 3, mutant=True).verdict == "proved"


def test_timeout_gives_unknown_never_proved():
    r = prove("TSD.T13", 9, timeout=0.0)
    assert r.verdict in ("unknown", "proved")
    if r.verdict == "unknown":
        assert "interrupted" in r.reason


def test_unencoded_id_is_input_error():
    with pytest.raises(InputError, match="no symbolic encoding"):
        prove("TSD.T12", 5)


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
