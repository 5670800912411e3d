"""Every session of a long run is logged (verify.sweep.sessions): its line is written when
it starts and kept up to date, so a session killed by SIGKILL still leaves its progress."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

from verify.sweep.sessions import SessionLog, read_sessions

ROOT = Path(__file__).resolve().parents[1]


def test_a_killed_session_is_logged(tmp_path):
    log = tmp_path / "sessions.jsonl"
    code = (f"import os, signal; from verify.sweep.sessions import SessionLog\n"
            f"s = SessionLog({str(log)!r}, commit='c1')\n"
            f"s.update(shards=7)\n"
            f"os.kill(os.getpid(), signal.SIGKILL)\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT)
    assert r.returncode == -9
    done = SessionLog(log, commit="c2")
    done.close("finished", shards=2)
    rows = read_sessions(log)
    assert [(x["commit"], x["status"], x["shards"]) for x in rows] == [("c1", "ended abruptly", 7), ("c2", "finished", 2)]
    assert all(x["cpu_s"] >= 0 and x["wall_s"] >= 0 for x in rows)


def test_older_lines_are_kept(tmp_path):
    log = tmp_path / "sessions.jsonl"
    log.write_text(json.dumps({"run": 3, "cpu_s": 1.0}) + "\n")
    SessionLog(log, commit="x").close("finished")
    rows = read_sessions(log)
    assert rows[0] == {"run": 3, "cpu_s": 1.0} and rows[1]["status"] == "finished"


def test_the_c2_run_logs_its_session(tmp_path):
    spec = importlib.util.spec_from_file_location("lnk_c2_run", ROOT / "ci" / "lnk_c2_run.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["--max-n", "6", "--strong-max-n", "5", "--jobs", "1", "--dir", str(tmp_path)]) == 0
    (row,) = read_sessions(tmp_path / "sessions.jsonl")
    assert row["status"] == "finished" and row["exit"] == 0 and row["shards_after"] > row["shards_before"] == 0
