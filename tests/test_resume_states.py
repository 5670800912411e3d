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


def _reproduce(folder: Path) -> str:
    (path,) = folder.glob("MYRS.DEG2/*.json")
    return json.loads(path.read_text())["reproduce"]


@pytest.mark.parametrize("graphs", [None, "maxdeg=2"])
def test_a_hunted_counterexample_reproduces_with_its_command(capsys, monkeypatch, conj, graphs):
    """The "reproduce" line of a hunted statement names its file (and its class): run as
    written, in the working folder, it finds the counterexample again (exit 1)."""
    monkeypatch.chdir(conj.parent)
    extra = ["--graphs", graphs] if graphs else []
    out = f"first-{graphs}"
    code, _, _ = run(capsys, "hunt", f"{conj.name}::degree_two_dead", "--max-n", "6", "--no-store", "--out", out, *extra)
    assert code == 1
    cmd = _reproduce(Path(out))
    assert cmd.startswith("shannon-verify hunt my_conj.py::degree_two_dead --max-n 3"), cmd
    assert cmd.endswith(f" --graphs {graphs}") == bool(graphs), cmd
    argv = shlex.split(cmd)
    assert argv[0] == "shannon-verify"
    p = subprocess.run([sys.executable, "-m", "verify", *argv[1:], "--no-store", "--no-progress", "--out", f"again-{graphs}"],
                       env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120)
    assert p.returncode == 1, p.stderr
    assert "MYRS.DEG2: fails on n = 2..3" in p.stdout
    assert _reproduce(Path(f"again-{graphs}")) == cmd


def test_a_small_counterexample_is_drawn_off_a_line():
    """A path (Kamada-Kawai lays it on one line) is drawn with its vertices off a line,
    and the picture keeps its markers whole (a square window, nothing clipped)."""
    import networkx as nx

    from verify.draw import _layout, draw_game
    from verify.game import Game

    for n in (3, 4, 6):
        pos = _layout(nx.path_graph(n))
        xs, ys = zip(*pos.values())
        assert max(xs) - min(xs) > 0.5 and max(ys) - min(ys) > 0.5
    draw_game(Game.from_edges("0-1,0-2", terminals=(1, 2)), "p.png")
    from matplotlib.image import imread

    h, w = imread("p.png").shape[:2]
    assert 0.7 < w / h < 1.4  # not a tall thin strip


def test_list_keeps_each_statements_latest_verdict_and_its_run(capsys, tmp_path):
    from verify.cli.check import list_rows

    store = tmp_path / "r.sqlite"
    assert run(capsys, "check", "TSD.T12", "--max-n", "4", "--store", store, "--no-progress")[0] == 0
    assert run(capsys, "check", "TSD.T14", "--max-n", "4", "--no-store", "--no-progress")[0] == 0
    assert run(capsys, "check", "LNK.NAMED.pairs", "--store", store, "--no-progress")[0] == 0
    rows = {r["id"]: r for r in list_rows()}
    assert rows["TSD.T12"]["last"] == "holds" and rows["TSD.T12"]["last_run"].startswith(f"run 1 of {store}, ")
    assert rows["TSD.T14"]["last"] == "holds" and rows["TSD.T14"]["last_run"].startswith("unstored run, ")
    assert rows["LNK.NAMED.pairs"]["last"] == "refuted" and rows["LNK.NAMED.pairs"]["last_run"].startswith("run 2 of ")
    assert rows["TSD.T15"]["last"] == "" and rows["TSD.T15"]["last_run"] is None
    # a later run of one statement replaces its verdict only
    assert run(capsys, "check", "TSD.T12", "--max-n", "3", "--store", store, "--no-progress")[0] == 0
    rows = {r["id"]: r for r in list_rows()}
    assert rows["TSD.T12"]["last_run"].startswith("run 3 of ") and rows["TSD.T14"]["last"] == "holds"
    code, out, _ = run(capsys, "list")
    line = next(l for l in out.splitlines() if l.startswith("TSD.T12 "))
    assert " holds " in line and "(from run 3 of " in line
    assert next(l for l in out.splitlines() if l.startswith("TSD.T15 ")).split()[3] == "-"
