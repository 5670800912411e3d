"""The n = 9 sweep kept in the repository (``ci/n9_sweep.py``): its table, its snapshots,
and the README's copy of the table, which must be the script's output on the kept store."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from verify.errors import InputError
from verify.sweep.shards import ShardResult
from verify.sweep.store import Store

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("n9_sweep", ROOT / "ci" / "n9_sweep.py")
n9 = importlib.util.module_from_spec(spec)
spec.loader.exec_module(n9)

PLAN = {"kind": "check", "one_pass": True, "mod": 512, "all": True,
        "statements": [{"id": i, "min_n": 9, "max_n": 9, "source": None} for i in ("TSD.A", "TSD.B", "TSD.C")]}


def _store(path: Path) -> Path:
    with Store(path) as s:
        run = s.new_run("shannon-verify check ...", PLAN, {"git": "abc"})
        s.record_shard(run, ShardResult("TSD.A", 9, 0, 512, instances=10, hypothesis=4, verdict="holds", seconds=2.0))
        s.record_shard(run, ShardResult("TSD.A", 9, 1, 512, instances=12, hypothesis=5, verdict="holds", seconds=3.0))
        s.record_shard(run, ShardResult("TSD.B", 9, 0, 512, instances=10, hypothesis=1, verdict="fails",
                                        failures=[(9, 10, "H??", (0, 1))]))
    return path


def test_table_counts_and_verdicts_so_far(tmp_path):
    text = n9.table(_store(tmp_path / "s.sqlite"))
    assert "Run 1 of `ci/n9_sweep.py` (commit `abc`)" in text
    assert "3 of 1,536 statement shards" in text
    assert "all 3 statements on 0 of 512 geng shards" in text
    assert "| TSD.A | holds so far | 2/512 | 22 | 9 | 5 |" in text
    assert "| TSD.B | fails | 1/512 | 10 | 1 | 0 |" in text
    assert "| TSD.C | not yet | 0/512 | 0 | 0 | 0 |" in text


def test_a_shard_where_the_hypothesis_never_held_does_not_make_the_statement_vacuous(tmp_path):
    with Store(tmp_path / "s.sqlite") as s:
        run = s.new_run("shannon-verify check ...", PLAN, {"git": "abc"})
        s.record_shard(run, ShardResult("TSD.A", 9, 0, 512, instances=10, hypothesis=0, verdict="vacuous", seconds=1.0))
        s.record_shard(run, ShardResult("TSD.A", 9, 1, 512, instances=12, hypothesis=3, verdict="holds", seconds=1.0))
        s.record_shard(run, ShardResult("TSD.B", 9, 0, 512, instances=10, hypothesis=0, verdict="vacuous", seconds=1.0))
    text = n9.table(tmp_path / "s.sqlite")
    assert "| TSD.A | holds so far | 2/512 | 22 | 3 | 2 |" in text
    assert "| TSD.B | vacuous so far | 1/512 | 10 | 0 | 1 |" in text


def test_snapshot_keeps_every_shard_and_marks_the_run_interrupted(tmp_path):
    src = _store(tmp_path / "s.sqlite")
    n9.snapshot(src, tmp_path / "kept" / "copy.sqlite")
    copy = tmp_path / "kept" / "copy.sqlite"
    assert sorted(p.name for p in copy.parent.iterdir()) == ["copy.sqlite"]  # no WAL files beside it
    with Store(copy, readonly=True) as c, Store(src, readonly=True) as s:
        assert c.shard_rows(1) == s.shard_rows(1)
        assert (c.run(1)["status"], s.run(1)["status"]) == ("interrupted", "running")
    assert sorted(p.name for p in copy.parent.iterdir()) == ["copy.sqlite"]  # reading it changed nothing


def test_readonly_store_refuses_what_is_not_a_store(tmp_path):
    with pytest.raises(InputError, match="There is no results store at"):
        Store(tmp_path / "none.sqlite", readonly=True)
    (tmp_path / "empty.sqlite").touch()
    with pytest.raises(InputError, match="is not a results store"):
        Store(tmp_path / "empty.sqlite", readonly=True)


def test_check_command_starts_with_every_holding_tsd_statement_then_resumes(tmp_path):
    start = n9.check_command(tmp_path / "w.sqlite", 2, None)
    assert start[start.index("--min-n") + 1] == "9" and "--one-pass" in start and "TSD.T12" in start
    assert "TSD.DUAL/c" not in start  # refuted at n = 8: decided, no n = 9 run
    again = n9.check_command(tmp_path / "w.sqlite", 2, 1)
    assert again[-2:] == ["--resume", "1"] and "TSD.T12" not in again


def test_readme_shows_the_kept_runs_table():
    readme = (ROOT / "README.md").read_text()
    m = re.search(re.escape(n9.BEGIN) + r"\n(.*?)\n" + re.escape(n9.END), readme, re.S)
    assert m, "README.md has no n = 9 table between its markers"
    assert n9.KEPT.exists(), "docs/n9/results.sqlite (the kept n = 9 run) is missing"
    assert m.group(1).strip() == n9.table(n9.KEPT).strip(), "README's n = 9 table is stale: run 'python ci/n9_sweep.py table --readme'"


def test_write_readme_replaces_only_between_the_markers(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text(f"before\n{n9.BEGIN}\nold\n{n9.END}\nafter\n")
    n9.write_readme("| new |\n", readme)
    assert readme.read_text() == f"before\n{n9.BEGIN}\n| new |\n{n9.END}\nafter\n"


def test_cross_check_of_an_earlier_run_counts_agreeing_and_differing_shards(tmp_path):
    path = _store(tmp_path / "s.sqlite")
    with Store(path) as s:
        run = s.new_run("again", PLAN, {"git": "def"})
        s.record_shard(run, ShardResult("TSD.A", 9, 0, 512, instances=10, hypothesis=4, verdict="holds"))
        s.record_shard(run, ShardResult("TSD.A", 9, 1, 512, instances=12, hypothesis=6, verdict="holds"))
    assert n9.cross_checks(path) == ["Cross-check: run 1 (commit `abc`) computed 2 of these statement shards with its "
                                     "own code; 1 agree on games, hypothesis counts and verdicts, **1 differ**."]
    assert "Run 2 of `ci/n9_sweep.py` (commit `def`)" in n9.table(path)


def test_a_run_continues_with_the_code_of_its_commit(tmp_path):
    path = _store(tmp_path / "s.sqlite")  # run 1 recorded commit 'abc'
    assert n9.code_for(path, None) is None  # a new run: this checkout's code
    assert n9.code_for(path, 1) == "abc"
    head = n9._git("rev-parse", "HEAD")
    with Store(path) as s:
        s.new_run("again", PLAN, {"git": head[:12] + "-dirty"})
    assert n9.code_for(path, 2) is None  # the checkout's own commit


def _session(path: Path, **kw) -> None:
    n9.log_session({"run": 1, "commit": "abc", "started": "2026-11-26T00:00:00+00:00", "jobs": 2, "exit": 0,
                    "wall_s": 1800.0, "cpu_s": 3600.0, "units_before": 0, "units_after": 0, **kw}, path)


def test_measured_cost_comes_from_the_logged_sessions_of_this_run_only(tmp_path):
    log = tmp_path / "sessions.jsonl"
    assert n9.measured(1, "abc", 3, log) is None  # nothing logged: no claim
    _session(log, units_before=0, units_after=1_000)
    _session(log, units_before=1_000, units_after=3_000, cpu_s=7200.0)
    _session(log, units_before=3_000, units_after=3_000, cpu_s=99.0)  # stored nothing: not a measurement
    _session(log, commit="other", units_after=5)  # another run's code
    _session(log, run=2, units_after=5)
    m = n9.measured(1, "abc", 3, log)
    assert (m["sessions"], m["cpu_s"], m["wall_s"], m["units"]) == (2, 10800.0, 3600.0, 3000)
    assert m["whole_run_cpu_h"] == pytest.approx(10800 / 3000 * 3 * n9.GAMES / 3600)
    text = n9.table(_store(tmp_path / "s.sqlite"), log)
    assert "Measured cost (2 sessions logged in `docs/n9/sessions.jsonl`" in text
    assert f"3.00 CPU hours for 3,000 statement-games (1.00 h wall), so about {m['whole_run_cpu_h']:.1f} CPU hours" in text
    assert "Measured cost" not in n9.table(_store(tmp_path / "t.sqlite"), tmp_path / "none.jsonl")


def test_cpu_of_children_counts_a_finished_child_and_the_workers_it_joined():
    burn = ("import multiprocessing as mp, time\n"
            "def spin():\n    t = time.process_time()\n    while time.process_time() - t < 0.3: pass\n"
            "if __name__ == '__main__':\n    p = mp.get_context('fork').Process(target=spin); p.start(); p.join(); spin()\n")
    import subprocess
    import sys
    before = n9._cpu_of_children()
    subprocess.run([sys.executable, "-c", burn], check=True)
    assert n9._cpu_of_children() - before >= 0.55  # the child's 0.3 s and its worker's 0.3 s
