"""Sweeps: the merged verdict equals run_statement's on every backend; the store
keeps every finished shard, and a killed run resumes without recomputing any."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from verify.cli import main
from verify.errors import InputError
from verify.registry import run_statement
from verify.sweep import Processes, Serial, Store, load_statement, make_backend, run_shard, sweep
from verify.sweep.backends import DASK_HELP
from verify.sweep.shards import ShardResult

ROOT = Path(__file__).resolve().parents[1]

# A user statement that fails first at n = 6, on games spread over geng's shards (geng
# puts every graph with n <= 5 in shard 0), so the smallest counterexample must be
# chosen across shards.
USER = '''
from verify import statement

@statement("TEST.DENSE", kind="conj", register=False)
def dense(game):
    """Every game on six vertices has at most ten edges."""
    return None if game.n < 6 else game.m <= 10
'''

CASES = [("TSD.T12", None), ("TSD.T7.ii/a", None), ("TSD.T13.EX", None), ("TEST.DENSE", "user")]


@pytest.fixture(scope="module")
def user_source(tmp_path_factory):
    f = tmp_path_factory.mktemp("user") / "conj.py"
    f.write_text(USER)
    return f"{f}::dense"


def _summary(r):
    return (r.verdict, r.n_min, r.n_max, r.instances, r.hypothesis_true, r.witness)


def _agrees(backend, mod, user_source):
    for sid, source in CASES:
        source = user_source if source else None
        st = load_statement(sid, source)
        ref = run_statement(st, max_n=6, emit=False)
        got = sweep(st, 6, backend=backend, mod=mod, source=source, emit=False)
        assert _summary(got) == _summary(ref), sid
    return True


def test_serial_agrees_with_run_statement(user_source):
    assert _agrees(Serial(), 8, user_source)


def test_processes_agree_with_run_statement(user_source):
    with Processes(2) as b:
        assert _agrees(b, 4, user_source)


def test_cancelled_processes_leave_no_worker_behind():
    # The workers are forked inside interrupt_on_term, as check's are; they must not keep
    # its SIGTERM handler, or close(cancel=True)'s terminate() becomes a KeyboardInterrupt
    # the worker survives (found as orphaned workers after a test run, holding kernels' pipes).
    from verify.sweep.backends import interrupt_on_term

    with interrupt_on_term():
        b = Processes(2)
        assert b._pool.submit(signal.getsignal, signal.SIGTERM).result() == signal.SIG_DFL
        procs = list(b._pool._processes.values())
        running = [b._pool.submit(time.sleep, 60) for _ in range(2)]
        time.sleep(0.5)
        t0 = time.monotonic()
        b.close(cancel=True)
    assert time.monotonic() - t0 < 15 and not any(f.done() and not f.cancelled() and f.exception() is None for f in running)
    deadline = time.monotonic() + 10  # the pool's own thread may reap a worker first
    while any(p.exitcode is None for p in procs) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [p.exitcode for p in procs] == [-signal.SIGTERM] * 2


def test_a_process_forked_under_interrupt_on_term_dies_on_terminate():
    # hex-sat's and prove's time limits fork a child and terminate() it when the time is up
    import multiprocessing

    from verify.sweep.backends import interrupt_on_term

    with interrupt_on_term():
        child = multiprocessing.get_context("fork").Process(target=time.sleep, args=(60,), daemon=True)
        child.start()
        time.sleep(0.3)
        child.terminate()
        child.join(10)
    assert child.exitcode == -signal.SIGTERM


def test_dask_local_cluster_agrees_with_run_statement(user_source):
    pytest.importorskip("distributed", reason="dask is an optional extra: pip install 'shannon-verify[dask]'")
    with make_backend(2, "local") as b:
        assert b.describe() == "dask local×2"
        assert _agrees(b, 8, user_source)


def test_shards_partition_the_games():
    whole = run_shard("TSD.T12", 6)
    parts = [run_shard("TSD.T12", 6, r, 5) for r in range(5)]
    assert sum(p.instances for p in parts) == whole.instances > 0
    assert sum(p.hypothesis for p in parts) == whole.hypothesis
    assert sum(p.instances > 0 for p in parts) >= 2


def test_failures_are_keys_and_witness_is_smallest(user_source):
    parts = [run_shard("TEST.DENSE", 6, r, 3, user_source) for r in range(3)]
    keys = sorted(k for p in parts for k in p.failures)
    assert len(keys) >= 3 and sum(bool(p.failures) for p in parts) >= 2
    best = min((p for p in parts if p.witness), key=lambda p: p.failures[0])
    assert best.failures[0] == keys[0]
    assert (best.witness["n"], best.witness["m"], best.witness["graph6"], tuple(best.witness["terminals"])) == keys[0]


def test_dask_missing_is_one_sentence(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(InputError, match="pip install"):
        make_backend(2, "local")
    assert main(["check", "TSD.T12", "--max-n", "3", "--dask", "local", "--no-store"]) == 2
    err = capsys.readouterr().err
    assert DASK_HELP in err and "Traceback" not in err


def test_store_records_sessions_and_attempts(tmp_path):
    path = tmp_path / "s.sqlite"
    with Store(path) as s:
        run = s.new_run("check X", {"kind": "check", "statements": [{"id": "X", "source": None, "min_n": 2, "max_n": 7}], "mod": 4, "all": False}, {})
        s.record_shard(run, ShardResult("X", 7, 1, 4, instances=3, failures=[(7, 9, "F???", (0, 1))], witness={"graph6": "F???"}))
        assert s.run_id("last") == run and s.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        s.resume_run(run)
        s.record_shard(run, ShardResult("X", 7, 1, 4, instances=3))
        row = s.shard_rows(run)[0]
        assert (row["session"], row["attempts"]) == (2, 2)
        summary = s.summary(run)
        assert summary["sessions"] == 2 and summary["shards_done"] == 1 and summary["shards_total"] == 6 * 4
        back = s.finished_shards(run, "X", 7, 4)[1]
        assert back.instances == 3 and back.failures == []
        with pytest.raises(InputError, match=f"Run 7 is not in the store {path}."):
            s.run_id("7")
        with pytest.raises(InputError, match="not a run id"):
            s.run_id("first")
    bad = tmp_path / "bad.sqlite"
    bad.write_text("not a database, just text " * 100)
    with pytest.raises(InputError, match="is not a results store"):
        Store(bad)


def test_cli_results_and_bad_input(tmp_path, capsys):
    db = str(tmp_path / "r.sqlite")
    assert main(["check", "TSD.T12", "TSD.T13.EX", "--max-n", "5", "--mod", "2", "--jobs", "1", "--store", db, "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["verdict"] for r in out] == ["holds", "found"]
    assert main(["results", "--store", db, "--json"]) == 0
    runs = json.loads(capsys.readouterr().out)
    assert runs[0]["status"] == "done" and runs[0]["statements"] == ["TSD.T12", "TSD.T13.EX"]
    assert runs[0]["shards_done"] == runs[0]["shards_total"] == 4 * 2 + 3 * 2
    assert main(["results", "--store", db, "last"]) == 0
    text = capsys.readouterr().out
    assert "TSD.T13.EX" in text and "found" in text
    for argv, msg in [
        (["results", "--store", db, "9"], f"Run 9 is not in the store {db}."),
        (["check", "TSD.T12", "--store", db, "--resume", "1", "--max-n", "4"], "Run 1 checks TSD.T12 TSD.T13.EX to n = 5, --mod 2;"),
        (["check", "--store", db, "--resume", "1", "--mod", "4"], "resume it without these options"),
        (["hunt", "--store", db, "--resume", "1"], "is a 'check' run"),
        (["check", "TSD.T12", "--jobs", "0", "--no-store"], "--jobs must be at least 1."),
        (["check", "TSD.T12", "--resume", "last", "--no-store"], "drop --no-store"),
    ]:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert msg in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    con = sqlite3.connect(db)
    con.execute("UPDATE runs SET plan = json_set(plan, '$.split', '-X0')")
    con.commit()
    con.close()
    assert main(["check", "--store", db, "--resume", "1"]) == 2
    assert "split each n with geng -X0, this version with -X2; start a new run." in capsys.readouterr().err


def test_hunt_on_processes(tmp_path, capsys, monkeypatch, user_source):
    import verify.registry.runner as runner

    monkeypatch.setattr(runner, "COUNTEREXAMPLES", tmp_path / "cx")
    monkeypatch.chdir(tmp_path)  # hunt writes under the working folder's counterexamples/
    db = str(tmp_path / "h.sqlite")
    assert main(["hunt", user_source, "--max-n", "6", "--mod", "3", "--jobs", "2", "--store", db, "--json"]) == 1
    assert list((tmp_path / "counterexamples" / "TEST.DENSE").glob("*.json"))
    assert not (tmp_path / "cx").exists()
    got = json.loads(capsys.readouterr().out)
    ref = run_statement(load_statement("TEST.DENSE", user_source), max_n=6, emit=False)
    assert (got["verdict"], got["instances"], got["witness"]) == ("fails", ref.instances, ref.witness)
    assert main(["hunt", "--store", db, "--resume", "last", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["witness"] == ref.witness


def _rows(db):
    con = sqlite3.connect(db, timeout=30)
    try:
        return {(r[0], r[1]): r[2:] for r in con.execute("SELECT n, res, finished, session, attempts FROM shards")}
    except sqlite3.OperationalError:  # the table does not exist yet
        return {}
    finally:
        con.close()


def test_killed_run_resumes_without_recomputing(tmp_path):
    db = str(tmp_path / "tmp.sqlite")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "verify", "check", "TSD.T15", "--max-n", "7", "--mod", "16", "--jobs", "1", "--store", db, "--no-progress"]
    proc = subprocess.Popen(cmd, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while sum(n == 7 for n, _ in _rows(db)) < 3:
            assert proc.poll() is None, "the run finished before it could be killed"
            assert time.monotonic() < deadline
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    before = _rows(db)
    assert 3 <= sum(n == 7 for n, _ in before) < 16 and all(s == 1 for _, s, _ in before.values())

    p = subprocess.run(cmd[:4] + ["--resume", "last", "--store", db, "--jobs", "1", "--json", "--no-progress"],
                       cwd=tmp_path, env=env, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    after = _rows(db)
    assert len(after) == 6 * 16
    assert all(after[k] == v for k, v in before.items())  # same finish time, session 1, written once
    assert all(after[k][1:] == (2, 1) for k in after.keys() - before.keys())  # the rest: once, in session 2
    got = json.loads(p.stdout)[0]
    ref = run_statement(load_statement("TSD.T15"), max_n=7, emit=False)
    assert (got["verdict"], got["instances"], got["hypothesis_true"]) == (ref.verdict, ref.instances, ref.hypothesis_true)
    with Store(db, create=False) as s:
        summary = s.summary(1)
    assert (summary["status"], summary["sessions"], summary["shards_done"], summary["shards_total"]) == ("done", 2, 96, 96)


def test_table_shards_are_stored_and_reused(tmp_path, monkeypatch):
    """TSD.TAB1 through sweep(): every geng shard's histogram goes to the store, and a
    resumed run recomputes no stored shard and gives the same rows."""
    from verify.registry import REGISTRY, load_paper_statements
    from verify.sweep import sweep
    from verify.papers.tsd import table1 as tab1
    from verify.tables import kernel

    load_paper_statements()
    st = REGISTRY["TSD.TAB1"]
    with Store(tmp_path / "r.sqlite") as s:
        run = s.new_run("check TSD.TAB1", {"kind": "check"}, {})
        first = sweep(st, max_n=8, min_n=7, store=s, run_id=run, mod=3)
        rows = s.shard_rows(run)
        assert sorted((r["n"], r["res"]) for r in rows) == [(7, 0), (7, 1), (7, 2), (8, 0), (8, 1), (8, 2)]
        assert sum(r["instances"] for r in rows if r["n"] == 8) == 11117
        assert sum(d["histogram"][0] for d in s.shard_data(run, "TSD.TAB1", 7, 3).values()) >= 0

        def boom(*a, **k):
            raise AssertionError("a stored shard was recomputed")

        monkeypatch.setattr(kernel, "run_pipelines", boom)
        monkeypatch.setattr(tab1, "run_pipelines", boom)
        again = sweep(st, max_n=8, min_n=7, store=s, run_id=run, mod=3)
    assert (again.verdict, again.instances, again.hypothesis_true) == (first.verdict, first.instances, first.hypothesis_true) == ("holds", 11117 + 853, 2)
