"""``shannon-verify mutants``: runs mutants through the registered checks, scores them per paper."""

from __future__ import annotations

import json
from unittest import mock

import pytest

from verify.cli import main
from verify.registry import REGISTRY, Tally


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_lists_each_mutant_and_the_score(capsys):
    code, out, _ = run(capsys, "mutants", "TSD.T14", "TSD.MODEL", "--json", "--no-progress")
    data = json.loads(out)
    assert code == 0
    ids = [s["id"] for s in data["statements"]]
    assert ids == ["TSD.MODEL", "TSD.T14"]
    model = data["statements"][0]["mutants"][0]
    assert {"name", "refuted", "witness"} <= set(model)
    assert model["refuted"] and model["witness"][:3] == [2, 1, "A_"] and model["pinned"] == [2, 1, "A_"]
    # one run per mutant and route: MODEL plain, fast, one-pass; T14's two mutants over plain, one-pass, paths
    assert data["score"]["TSD"]["refuted"] == data["score"]["TSD"]["scored"] == 6
    assert [r["name"] for r in data["statements"][0]["routes"]] == ["plain", "fast", "one-pass"]
    assert {m["route"] for m in data["statements"][0]["mutants"]} == {"plain", "fast", "one-pass"}


def test_text_output_and_exit_1_when_a_mutant_survives(capsys):
    code, out, _ = run(capsys, "mutants", "TSD.T14", "--no-progress")
    assert code == 0 and "refuted" in out and "TSD   3/3 refuted" in out and "none survived" in out
    with mock.patch.object(REGISTRY["TSD.T14"], "check", lambda game: Tally(1)):  # a check that cannot fail
        code, out, _ = run(capsys, "mutants", "TSD.T14", "--no-progress")
    assert code == 1 and "SURVIVED" in out and "3 survived: TSD.T14:" in out
    assert "routes no mutant refutes (3): TSD.T14 plain, TSD.T14 paths, TSD.T14 one-pass" in out


def test_paper_filter_and_list(capsys):
    code, out, _ = run(capsys, "mutants", "--paper", "tsd", "--list", "--json")
    rows = json.loads(out)
    assert code == 0 and rows and all(r["id"].startswith("TSD.") for r in rows)


def test_progress_lines_on_stderr_with_json(capsys):
    code, _, err = run(capsys, "mutants", "TSD.MODEL", "--json")
    assert code == 0 and "mutants: 3/3 done" in err  # one mutant, through its 3 routes


@pytest.mark.parametrize(
    "argv, message",
    [
        (["TSD.NOPE"], "No statement TSD.NOPE is registered"),
        (["LNK.TAB2"], "Statement LNK.TAB2 has no mutant (a statement recorded as refuted is pinned by its counterexample instead)."),
        (["--paper", "XYZ"], "No paper XYZ; choose from"),
    ],
)
def test_bad_input_is_one_sentence_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, "mutants", *argv)
    assert code == 2 and out == ""
    assert err.startswith("shannon-verify mutants: error: ") and message in err and "Traceback" not in err
