"""Deep runs audit themselves (verify.sweep.audit): a sharded run re-checks a deterministic
sample of its games by each statement's plain route, stores the sample's counts with
each shard, reports them, and fails on any disagreement; each shard records its commit."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path
from unittest import mock

import pytest

from verify.cli import main
from verify.errors import StatementError
from verify.game import Game
from verify.registry import REGISTRY, Tally, load_paper_statements
from verify.sweep import Store, sweep
from verify.sweep.audit import AUDIT_ENV, Auditor, audit_rate, sampled
from verify.sweep.provenance import code_commit, code_hash, code_modules

load_paper_statements()
ROOT = Path(__file__).resolve().parents[1]


def test_the_sample_is_deterministic_and_about_one_in_rate():
    from verify.registry.domain import GAMES

    games = list(GAMES.instances(6))
    picked = [g for g in games if sampled(g, 8)]
    assert picked == [g for g in games if sampled(g, 8)]
    assert 0.5 * len(games) / 8 < len(picked) < 1.5 * len(games) / 8
    assert not any(sampled(g, 0) for g in games) and all(sampled(g, 1) for g in games)


def test_rate_from_the_environment(monkeypatch):
    monkeypatch.delenv(AUDIT_ENV, raising=False)
    assert audit_rate() == 64
    monkeypatch.setenv(AUDIT_ENV, "5")
    assert audit_rate() == 5
    assert not Auditor(REGISTRY["TSD.T9"], 5).active  # one route: the re-check would run the same code
    assert Auditor(REGISTRY["TSD.T9"], 5, group=True).active and Auditor(REGISTRY["TSD.T13"], 5).active


def test_a_sharded_run_stores_and_reports_its_audit(tmp_path, capsys):
    store = tmp_path / "s.db"
    assert main(["check", "TSD.T13", "TSD.L1", "--max-n", "6", "--store", str(store), "--audit", "4", "--json",
                 "--no-progress"]) == 0
    out = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    for sid in ("TSD.T13", "TSD.L1"):
        a = out[sid]["audit"]
        assert a["rate"] == 4 and 0 < a["games"] < out[sid]["instances"] and a["hypothesis"] > 0
    rows = sqlite3.connect(store).execute("SELECT data FROM shards WHERE statement = 'TSD.T13'").fetchall()
    data = [json.loads(r[0]) for r in rows]
    assert sum(d["audit"]["games"] for d in data) == out["TSD.T13"]["audit"]["games"]
    assert code_commit() and all(d["commit"] == code_commit() for d in data)  # the code that computed each shard


def test_a_disagreeing_fast_route_fails_the_run():
    """A fast pass that counts one instance too many on every game: its shards' audit
    re-checks the sample by the plain route, and the run fails naming the game."""
    import verify.papers.tsd.dead as D

    orig = D._t13_fast

    def off_by_one(game):
        t = orig(game)
        return None if t is None else Tally(t.hypothesis + 1)

    with mock.patch.dict("os.environ", {AUDIT_ENV: "1"}), mock.patch.object(D, "_t13_fast", off_by_one):
        with pytest.raises(StatementError, match="audit: TSD.T13 gives .* plain route gives .*routes disagree"):
            sweep(REGISTRY["TSD.T13"], max_n=4, emit=False)
    with mock.patch.dict("os.environ", {AUDIT_ENV: "0"}), mock.patch.object(D, "_t13_fast", off_by_one):
        assert sweep(REGISTRY["TSD.T13"], max_n=4, emit=False).audit == {}  # no audit: the wrong count goes through


def test_audit_option_is_checked(capsys):
    assert main(["check", "TSD.T13", "--audit", "-1"]) == 2
    assert "--audit takes 0 (no audit) or a positive number" in capsys.readouterr().err


def test_the_resume_guard_hashes_every_module_a_statement_reaches(tmp_path):
    st = REGISTRY["TSD.T12"]
    mods = code_modules(st)
    assert {"verify.papers.tsd.dead", "verify.dead.allpaths", "verify.papers.tsd._memo", "verify.registry.routes"} <= set(mods)
    h = code_hash(st)
    assert len(h) == 64 and h == code_hash(st)
    real = Path.read_bytes

    def edited(self):
        return real(self) + (b"#" if self.name == "allpaths.py" else b"")

    with mock.patch.object(Path, "read_bytes", edited):
        assert code_hash(st) != h  # a change to the all-paths oracle is a change to T12's code
    assert code_hash(REGISTRY["HEX.P1/a"]) != h


def test_n9_audit_script_audits_a_shard(tmp_path, monkeypatch):
    sys.path.insert(0, str(ROOT / "ci"))
    try:
        import n9_audit as A
    finally:
        sys.path.pop(0)
    monkeypatch.setattr(A, "N", 6)
    monkeypatch.setattr(A, "MOD", 4)
    rec = A.audit_shard(1, 2, [REGISTRY["TSD.T12"], REGISTRY["TSD.T13"], REGISTRY["TSD.L1"]])
    assert rec["sampled"] > 0 and rec["disagreements"] == []
    assert rec["hypothesis_route"] == rec["hypothesis_plain"] and rec["hypothesis_route"]["TSD.L1"] > 0


def test_the_readme_shows_the_kept_audit():
    """README.md's audit paragraph is what ``python ci/n9_audit.py table --readme`` writes
    from docs/n9/audit.jsonl, and the audit found no disagreement."""
    sys.path.insert(0, str(ROOT / "ci"))
    try:
        import n9_audit as A
    finally:
        sys.path.pop(0)
    readme = (ROOT / "README.md").read_text()
    block = readme[readme.index(A.BEGIN) + len(A.BEGIN):readme.index(A.END)].strip()
    assert block == A.table_text()
    s = A.summary()
    assert s["disagreements"] == 0
    assert s["shards"] == s["of"] == 512 and s["games"] == 7_949_596  # the whole n = 9 run, audited (2026-12-05)


def test_n9_audit_parts_split_the_shards_and_share_the_session_log(tmp_path):
    """``--part J/K`` sessions take disjoint shards that together are every shard left, and
    two sessions updating one log side by side keep both lines."""
    sys.path.insert(0, str(ROOT / "ci"))
    try:
        import n9_audit as A
    finally:
        sys.path.pop(0)
    have = {r: {} for r in range(0, A.MOD, 5)}
    parts = [set(A.todo_shards(have, (j, 3))) for j in (1, 2, 3)]
    assert sum(map(len, parts)) == len(set().union(*parts)) == A.MOD - len(have)
    assert set().union(*parts) == set(range(A.MOD)) - set(have)
    with pytest.raises(SystemExit):
        A.main(["run", "--part", "0/2"])
    from verify.sweep.sessions import SessionLog, read_sessions

    path = tmp_path / "s.jsonl"
    with mock.patch("os.getpid", return_value=1):
        a = SessionLog(path, part="1/2")
    with mock.patch("os.getpid", return_value=2):  # a second process
        b = SessionLog(path, part="2/2")
    a.update(shards=1)
    b.update(shards=2)
    a.close("finished", shards=3)
    assert sorted((r["part"], r["shards"]) for r in read_sessions(path)) == [("1/2", 3), ("2/2", 2)]


