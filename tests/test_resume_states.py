"""Issue 45, items 2, 6 and 7: ``--resume`` works on every run state and every domain's
order keys; a hunted counterexample's "reproduce" command runs and reproduces it, and its
picture is legible; ``list`` keeps each statement's latest verdict across runs."""

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from verify.cli import main
from verify.sweep import Store
from verify.sweep.shards import ShardResult
from verify.sweep.store import _tupled

ROOT = Path(__file__).resolve().parents[1]

USER = '''
from verify import dead_vertices, statement


@statement("MYRS.DEG2", kind="conj")
def degree_two_dead(game):
    """Every non-terminal vertex of degree 2 is dead (false)."""
    deg2 = [v for v in game.nonterminals() if game.degree(v) == 2]
    if not deg2:
        return None
    return set(deg2) <= dead_vertices(game)
'''


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    return code, out, err


@pytest.mark.parametrize("key", [(7, "W5X"), (9, 10, "H??", (0, 1)), (3,), ("a", (1, (2, 3)), 4.5), ()])
def test_stored_failure_keys_of_any_domain_round_trip(tmp_path, key):
    with Store(tmp_path / "r.sqlite") as s:
        run_id = s.new_run("check X", {"kind": "check", "statements": []}, {})
        s.record_shard(run_id, ShardResult("X", 7, 0, 1, instances=1, failures=[key, key]))
        assert s.finished_shards(run_id, "X", 7, 1)[0].failures == [key, key]
    assert _tupled([9, 10, "H??", [0, 1]]) == (9, 10, "H??", (0, 1))


def _shards(store):
    with Store(store, create=False) as s:
        return {(r["statement"], r["n"], r["res"]): (r["session"], r["attempts"]) for r in s.shard_rows(1)}


@pytest.mark.parametrize("state", ["done", "failed", "interrupted", "stopped"])
def test_resume_a_short_key_statement_in_every_run_state(capsys, tmp_path, state):
    """LNK.NAMED.pairs's order key is (n, name): two items.  Its run resumes whatever state
    it was left in, recomputes no stored shard and gives the same verdict."""
    store = tmp_path / "r.sqlite"
    code, out, _ = run(capsys, "check", "LNK.NAMED.pairs", "--store", store, "--no-progress", "--json")
    first = json.loads(out)[0]
    assert code == 0 and first["verdict"] == "refuted"
    before = _shards(store)
    with Store(store, create=False) as s:
        if state == "stopped":  # 'running' with its process gone
            dead = subprocess.Popen([sys.executable, "-c", "pass"])
            dead.wait()
            s.db.execute("UPDATE runs SET status = 'running', pid = ? WHERE run_id = 1", (dead.pid,))
        else:
            s.finish_run(1, state)
        assert s.summary(1)["status"] == state
    code, out, err = run(capsys, "check", "--resume", "last", "--store", store, "--no-progress", "--json")
    again = json.loads(out)[0]
    assert code == 0, err
    assert (again["verdict"], again["instances"], again["counterexample"]) == (first["verdict"], first["instances"], first["counterexample"])
    assert _shards(store) == before  # nothing computed again
    with Store(store, create=False) as s:
        assert (s.summary(1)["status"], s.summary(1)["sessions"]) == ("done", 2)


@pytest.fixture(scope="module")
def conj(tmp_path_factory):
    # one file for the module: a second file defining the same id would be refused
    f = tmp_path_factory.mktemp("conj") / "my_conj.py"
    f.write_text(USER)
    return f


def test_resume_after_a_failure_keeps_the_counterexample(capsys, tmp_path, conj):
    """A hunted statement that fails (game keys: (n, m, graph6, terminals)) resumes after
    its finished run and after a run marked failed, with the same counterexample."""
    store = tmp_path / "r.sqlite"
    code, out, _ = run(capsys, "hunt", f"{conj}::degree_two_dead", "--max-n", "5", "--store", store, "--json")
    first = json.loads(out)
    assert code == 1 and first["verdict"] == "fails"
    for state in ("done", "failed"):
        with Store(store, create=False) as s:
            s.finish_run(1, state)
        code, out, err = run(capsys, "hunt", "--resume", "last", "--store", store, "--json")
        again = json.loads(out)
        assert code == 1, err
        assert (again["verdict"], again["witness"]) == (first["verdict"], first["witness"])


