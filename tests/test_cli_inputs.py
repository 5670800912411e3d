"""Bad inputs, size limits, stores and exit codes of the ``shannon-verify`` command (issue 10).

Every bad input ends in one sentence on standard error and exit status 2, never a
traceback; every refusal of a too-large input comes at once; ``check`` and ``hunt``
exit 1 on every verdict the report flags for attention.
"""

import errno
import io
import json
import re
import os
import sys
import textwrap
import time

import pytest

from verify.cli import main
from verify.registry import REGISTRY


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_sentence(code, err, msg):
    """Exit 2 and one error sentence (after at most the run's own status line), no traceback."""
    assert code == 2, err
    # progress lines ("check: 0/1 done, starting ...") may come before it, and the run's status line
    lines = [l for l in err.strip().splitlines() if not PROGRESS.match(l)]
    assert "Traceback" not in err and len(lines) <= 2 and lines[-1].startswith("shannon-verify "), err
    assert len(lines) == 1 or lines[0].startswith("run "), err
    assert msg in lines[-1], err


PROGRESS = re.compile(r"^(check|hunt): \d+/\d+ done, ")


PATH3 = ["--edges", "0-1,1-2", "--terminals", "0", "2"]


# -- --png -------------------------------------------------------------------


def test_png_to_a_missing_folder(capsys, tmp_path):
    code, _, err = run(capsys, "dead", *PATH3, "--png", tmp_path / "no" / "g.png")
    one_sentence(code, err, "does not exist")


def test_png_under_a_file_is_unwritable(capsys, tmp_path):
    (tmp_path / "f").write_text("x")
    code, _, err = run(capsys, "dead", *PATH3, "--png", tmp_path / "f" / "g.png")
    one_sentence(code, err, "Cannot write")


def test_png_write_failure_is_one_sentence(capsys, tmp_path, monkeypatch):
    import verify.draw

    def denied(*a, **k):
        raise PermissionError(errno.EACCES, "Permission denied", str(tmp_path / "g.png"))

    monkeypatch.setattr(verify.draw, "draw_game", denied)
    code, _, err = run(capsys, "dead", *PATH3, "--png", tmp_path / "g.png")
    one_sentence(code, err, "Permission denied")


def test_png_with_a_non_image_extension(capsys, tmp_path):
    code, _, err = run(capsys, "dead", *PATH3, "--png", tmp_path / "g.txt")
    one_sentence(code, err, "must end in .png")
    assert not (tmp_path / "g.txt").exists()


def test_png_to_a_folder_is_refused(capsys, tmp_path):
    code, _, err = run(capsys, "dead", *PATH3, "--png", tmp_path)
    one_sentence(code, err, "is a folder")
    assert not os.path.exists(str(tmp_path) + ".png")


def test_png_without_suffix_reports_the_file_written(capsys, tmp_path):
    code, out, _ = run(capsys, "dead", *PATH3, "--png", tmp_path / "pic")
    assert code == 0
    assert (tmp_path / "pic.png").stat().st_size > 1000
    assert f"Picture written to {tmp_path / 'pic.png'}." in out


# -- files and sizes ---------------------------------------------------------------


def test_file_dev_zero(capsys):
    t = time.monotonic()
    code, _, err = run(capsys, "dead", "--file", "/dev/zero")
    one_sentence(code, err, "is not a regular file")
    assert time.monotonic() - t < 20


def test_binary_file(capsys, tmp_path):
    f = tmp_path / "g.json"
    f.write_bytes(bytes(range(256)) * 4)
    code, _, err = run(capsys, "dead", "--file", f)
    one_sentence(code, err, "binary file")
    f.write_bytes(b"\xd0\xff{}")
    code, _, err = run(capsys, "dead", "--file", f)
    one_sentence(code, err, "not UTF-8")


@pytest.mark.parametrize("n", [10**9, 3_000_000])
def test_json_game_too_many_vertices(capsys, tmp_path, n):
    f = tmp_path / "g.json"
    f.write_text(json.dumps({"n": n, "edges": [[0, 1], [1, 2]], "terminals": [0, 2]}))
    t = time.monotonic()
    code, _, err = run(capsys, "dead", "--file", f)
    one_sentence(code, err, f"has {n} vertices; at most 10000")
    assert time.monotonic() - t < 5


def test_json_game_with_listed_vertices(capsys, tmp_path):
    f = tmp_path / "g.json"
    f.write_text(json.dumps({"vertices": list(range(1_000_000)), "edges": [[0, 1]], "terminals": [0, 1]}))
    code, _, err = run(capsys, "dead", "--file", f)
    one_sentence(code, err, "has 1000000 vertices; at most 10000")
    # 3,000,000 vertices written out are beyond the file limit already
    f.write_text(json.dumps({"vertices": list(range(3_000_000)), "edges": [[0, 1]], "terminals": [0, 1]}))
    code, _, err = run(capsys, "dead", "--file", f)
    one_sentence(code, err, "longer than 16 MiB")


def test_graph6_header_too_many_vertices(capsys):
    code, _, err = run(capsys, "dead", "--graph6", "~~?~?????", "--terminals", "0", "1")
    one_sentence(code, err, "at most 10000")


# -- the hangs: refused at once, or bounded ------------------------------------------


def _quick(capsys, *argv, msg, limit=15):
    t = time.monotonic()
    code, _, err = run(capsys, *argv)
    one_sentence(code, err, msg)
    assert time.monotonic() - t < limit


def test_dead_hex_40x40_refused(capsys):
    _quick(capsys, "dead", "--hex", "40x40", msg="refuses more than 400 (add --force")


def test_solve_hex_40x40_refused(capsys):
    _quick(capsys, "solve", "--hex", "40x40", msg="Solving this 40x40 position is estimated at 3.02e+206 s, over the budget")


def test_dead_smt_on_62_vertices_refused(capsys, tmp_path):
    f = tmp_path / "g.json"
    f.write_text(json.dumps({"n": 62, "edges": [[i, i + 1] for i in range(61)], "terminals": [0, 61]}))
    _quick(capsys, "dead", "--file", f, "--method", "smt", msg="--method smt refuses games of more than 32")


def test_prove_n_1000_refused(capsys):
    _quick(capsys, "prove", "TSD.T15", "--n", "1000", "--timeout", "5", msg="refuses n above 80")


def test_prove_timeout_covers_building_the_encoding(capsys):
    t = time.monotonic()
    code, out, _ = run(capsys, "prove", "TSD.T15", "--n", "60", "--timeout", "0.5", "--json")
    assert code == 3
    r = json.loads(out)
    assert r["verdict"] == "unknown" and "building the encoding" in r["reason"]
    assert time.monotonic() - t < 10


def test_solve_timeout_gives_unknown(capsys):
    # the 5x5 board's cell graph as a plain game: the generic solver needs far longer than 0.5 s
    from verify import Game

    g = Game.from_hex("5x5").relabel_to_integers()
    edges = ",".join(f"{u}-{v}" for u, v in g.edges())
    s, t = g.terminals
    code, out, _ = run(capsys, "solve", "--edges", edges, "--terminals", str(s), str(t), "--timeout", "0.5", "--no-progress", "--json")
    assert code == 3 and json.loads(out)["verdict"] == "unknown"


def test_solve_hex_budget_refuses_or_reports_unknown(capsys):
    code, out, err = run(capsys, "solve", "--hex", "6x6", "--timeout", "0.5", "--json")
    assert code in (2, 3)
    assert ("over the budget" in err) if code == 2 else ("unknown" in out)


# -- accepted but wrong ---------------------------------------------------------


def test_terminal_not_a_vertex_of_the_edge_list(capsys):
    code, _, err = run(capsys, "dead", "--edges", "0-1,1-2", "--terminals", "0", "5")
    one_sentence(code, err, "Terminal 5 is not a vertex of a 3-vertex graph.")


def test_check_min_above_max(capsys):
    code, out, err = run(capsys, "check", "--min-n", "8", "--max-n", "5", "--no-store")
    one_sentence(code, err, "--min-n 8 is above --max-n 5")
    assert out == ""


def test_check_min_above_default_depth(capsys):
    code, _, err = run(capsys, "check", "TSD.T12", "--min-n", "9", "--no-store")
    one_sentence(code, err, "give --max-n too")


def test_check_same_id_twice_runs_once(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "check", "TSD.T12", "TSD.T12", "--max-n", "4", "--no-store", "--json")
    assert code == 0
    assert [r["id"] for r in json.loads(out)] == ["TSD.T12"]


@pytest.mark.parametrize("t", ["0", "-1"])
def test_prove_timeout_must_be_positive(capsys, t):
    code, _, err = run(capsys, "prove", "TSD.T15", "--n", "5", "--timeout", t)
    one_sentence(code, err, "--timeout must be a finite number of seconds above 0")


def test_no_store_and_store(capsys, tmp_path):
    code, _, err = run(capsys, "check", "TSD.T12", "--max-n", "3", "--no-store", "--store", tmp_path / "x.db")
    one_sentence(code, err, "not both")


# -- user statements (hunt) -------------------------------------------------------


def write(tmp_path, name, body):
    f = tmp_path / name
    f.write_text("from verify import statement\n\n" + textwrap.dedent(body))
    return f


def test_hunt_statement_that_raises_names_the_game(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    f = write(tmp_path, "boom.py", """
        @statement("MYIN.BOOM", max_n=4)
        def boom(game):
            return 1 // 0
        """)
    code, _, err = run(capsys, "hunt", f"{f}::boom", "--max-n", "4", "--no-store")
    one_sentence(code, err, "MYIN.BOOM raised ZeroDivisionError")
    assert "graph6 'A_', terminals [0, 1]" in err


def test_hunt_statement_returning_a_non_bool(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    f = write(tmp_path, "num.py", """
        @statement("MYIN.NUM", max_n=4)
        def num(game):
            return game.n
        """)
    code, _, err = run(capsys, "hunt", f"{f}::num", "--max-n", "4", "--no-store")
    one_sentence(code, err, "MYIN.NUM returned int 2 on graph6 'A_', terminals [0, 1]")


def test_hunt_statement_with_the_wrong_arity(capsys, tmp_path):
    f = write(tmp_path, "arity.py", """
        @statement("MYIN.ARITY", max_n=4)
        def two(game, other):
            return True
        """)
    code, _, err = run(capsys, "hunt", f"{f}::two", "--max-n", "4", "--no-store")
    one_sentence(code, err, "must take exactly one argument")


def test_hunt_statement_error_in_worker_processes(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    f = write(tmp_path, "boom2.py", """
        @statement("MYIN.BOOM2", max_n=4)
        def boom2(game):
            raise ValueError("no")
        """)
    code, _, err = run(capsys, "hunt", f"{f}::boom2", "--max-n", "4", "--no-store", "--jobs", "2", "--mod", "2")
    one_sentence(code, err, "MYIN.BOOM2 raised ValueError (no) on graph6")


def test_hunt_cannot_shadow_a_paper_statement(capsys, tmp_path):
    f = write(tmp_path, "shadow.py", """
        @statement("TSD.T1", max_n=4)
        def t1(game):
            return True
        """)
    before = REGISTRY.get("TSD.T1")
    code, _, err = run(capsys, "hunt", f"{f}::t1", "--max-n", "3", "--no-store")
    one_sentence(code, err, "TSD.T1, which is a paper statement")
    assert REGISTRY["TSD.T1"] is before and not before.user


def test_hunt_cannot_take_a_paper_prefix(capsys, tmp_path):
    f = write(tmp_path, "prefix.py", """
        @statement("TSD.MINE", max_n=4)
        def mine(game):
            return True
        """)
    code, _, err = run(capsys, "hunt", f"{f}::mine", "--max-n", "3", "--no-store")
    one_sentence(code, err, "with the prefix of a paper (TSD)")
    assert "TSD.MINE" not in REGISTRY


def test_hunt_cannot_shadow_another_files_statement(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    a = write(tmp_path, "a.py", """
        @statement("MYIN.SAME", max_n=3)
        def same(game):
            return True
        """)
    b = write(tmp_path, "b.py", """
        @statement("MYIN.SAME", max_n=3)
        def same(game):
            return False
        """)
    assert run(capsys, "hunt", f"{a}::same", "--max-n", "3", "--no-store")[0] == 0
    code, _, err = run(capsys, "hunt", f"{b}::same", "--max-n", "3", "--no-store")
    one_sentence(code, err, "MYIN.SAME, which is already registered")


def test_resume_refuses_an_edited_hunted_file(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    body = """
        @statement("MYIN.EDIT", max_n=4)
        def edit(game):
            return game.m >= 1
        """
    f = write(tmp_path, "edit.py", body)
    store = tmp_path / "r.sqlite"
    assert run(capsys, "hunt", f"{f}::edit", "--max-n", "4", "--store", store)[0] == 0
    write(tmp_path, "edit.py", body.replace(">= 1", ">= 2"))
    code, _, err = run(capsys, "hunt", "--resume", "last", "--store", store)
    one_sentence(code, err, "changed since it started")
    code, _, err = run(capsys, "hunt", f"{f}::edit", "--resume", "last", "--store", store)
    one_sentence(code, err, "changed since it started")


def test_resume_refuses_a_changed_paper_check(capsys, tmp_path, monkeypatch):
    import verify.cli.check as check

    monkeypatch.chdir(tmp_path)
    store = tmp_path / "r.sqlite"
    assert run(capsys, "check", "TSD.T12", "--max-n", "3", "--store", store)[0] == 0
    monkeypatch.setattr(check, "check_source_hash", lambda st: "edited")
    code, _, err = run(capsys, "check", "--resume", "last", "--store", store)
    one_sentence(code, err, "the check of TSD.T12 changed since it started")


# -- counterexamples of hunt go to the working folder (or --out) ---------------------------


def test_hunt_writes_counterexamples_under_the_working_folder(capsys, tmp_path, monkeypatch):
    from verify.registry.runner import COUNTEREXAMPLES

    monkeypatch.chdir(tmp_path)
    f = write(tmp_path, "deg.py", """
        @statement("MYIN.PATHLESS", max_n=4)
        def pathless(game):
            return game.m < 2
        """)
    code, out, _ = run(capsys, "hunt", f"{f}::pathless", "--max-n", "4", "--no-store")
    assert code == 1 and "MYIN.PATHLESS: fails" in out
    assert list((tmp_path / "counterexamples" / "MYIN.PATHLESS").glob("*.json"))
    assert not (COUNTEREXAMPLES / "MYIN.PATHLESS").exists()
    code, out, _ = run(capsys, "hunt", f"{f}::pathless", "--max-n", "4", "--no-store", "--out", tmp_path / "elsewhere")
    assert code == 1 and list((tmp_path / "elsewhere" / "MYIN.PATHLESS").glob("*.json"))


# -- exit codes: every verdict flagged for attention is non-zero ---------------------------


@pytest.mark.parametrize("body, verdict", [
    ("return None", "vacuous"),
    ("return True", "holds"),
    ("return False", "fails"),
])
def test_hunt_exit_code_follows_attention(capsys, tmp_path, monkeypatch, body, verdict):
    monkeypatch.chdir(tmp_path)
    name = f"MYIN.EXIT{verdict.upper().replace('-', '')}"
    f = write(tmp_path, f"exit_{verdict}.py", f"""
        @statement("{name}", max_n=3)
        def s(game):
            {body}
        """)
    code, out, _ = run(capsys, "hunt", f"{f}::s", "--max-n", "3", "--no-store", "--json")
    assert json.loads(out)["verdict"] == verdict
    assert code == (0 if verdict == "holds" else 1)


def test_hunt_example_not_found_exits_1(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    f = write(tmp_path, "ex.py", """
        @statement("MYIN.EXNF", kind="ex", max_n=3)
        def s(game):
            return True  # for kind ex, False marks an example: none here
        """)
    code, out, _ = run(capsys, "hunt", f"{f}::s", "--max-n", "3", "--no-store", "--json")
    assert json.loads(out)["verdict"] == "not-found" and code == 1


def test_check_exit_code_on_vacuous_and_unreached_refutation(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # at n <= 2 no game meets TSD.T12's hypothesis: vacuous, flagged, exit 1
    code, out, err = run(capsys, "check", "TSD.T12", "--max-n", "2", "--no-store", "--json")
    assert json.loads(out)[0]["verdict"] == "vacuous" and code == 1
    refuted = sorted(i for i, s in REGISTRY.items() if s.expect == "refuted" and s.kind not in ("table",))
    if refuted:  # a refutation not reached at n <= 2
        code, out, _ = run(capsys, "check", refuted[0], "--max-n", "2", "--min-n", "2", "--no-store", "--json")
        assert json.loads(out)[0]["verdict"] != "refuted" and code == 1
    code, out, _ = run(capsys, "check", "TSD.T12", "--max-n", "4", "--no-store", "--json")
    assert json.loads(out)[0]["verdict"] == "holds" and code == 0


# -- the results store: damaged, or the disk full ---------------------------------------------


@pytest.fixture
def damaged_store(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = tmp_path / "r.sqlite"
    for sid in ("TSD.T12", "TSD.T13"):
        assert run(capsys, "check", sid, "--max-n", "5", "--store", store)[0] == 0
    size = store.stat().st_size
    with open(store, "r+b") as fh:
        fh.seek(size // 2)
        fh.write(b"\xa5garbage" * 300)
    return store


@pytest.mark.parametrize("argv", [
    ["results"], ["results", "1"], ["check", "--resume", "last"], ["check", "TSD.T12", "--max-n", "3"],
])
def test_damaged_store(capsys, damaged_store, argv):
    code, _, err = run(capsys, *argv, "--store", damaged_store)
    one_sentence(code, err, "is damaged")


def test_disk_full_during_a_run(capsys, tmp_path, monkeypatch):
    from verify.sweep.store import Store

    monkeypatch.chdir(tmp_path)

    def full(self, *a, **k):
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "r.sqlite"))

    monkeypatch.setattr(Store, "record_shard", full)
    code, _, err = run(capsys, "check", "TSD.T12", "--max-n", "4", "--store", tmp_path / "r.sqlite")
    one_sentence(code, err, "No space left on device")
    assert "free some space" in err


def test_disk_full_writing_a_counterexample(capsys, tmp_path, monkeypatch):
    import pathlib

    monkeypatch.chdir(tmp_path)
    f = write(tmp_path, "full.py", """
        @statement("MYIN.FULL", max_n=3)
        def s(game):
            return False
        """)
    real = pathlib.Path.write_text

    def full(self, *a, **k):
        if self.suffix == ".json" and "MYIN.FULL" in str(self):
            raise OSError(errno.ENOSPC, "No space left on device", str(self))
        return real(self, *a, **k)

    monkeypatch.setattr(pathlib.Path, "write_text", full)
    code, _, err = run(capsys, "hunt", f"{f}::s", "--max-n", "3", "--no-store")
    one_sentence(code, err, "No space left on device")


# -- progress bars: on a terminal's standard error only, never in --json output ---------------


class FakeTTY(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_on_a_terminal_and_json_stdout_clean(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    tty = FakeTTY()
    monkeypatch.setattr(sys, "stderr", tty)
    code = main(["check", "TSD.T12", "--max-n", "5", "--no-store", "--json"])
    out = capsys.readouterr().out
    assert code == 0 and json.loads(out)[0]["id"] == "TSD.T12"
    assert "TSD.T12 n=" in tty.getvalue()  # the bar was drawn on standard error
    tty2 = FakeTTY()
    monkeypatch.setattr(sys, "stderr", tty2)
    main(["check", "TSD.T12", "--max-n", "5", "--no-store", "--json", "--no-progress"])
    capsys.readouterr()
    assert "TSD.T12 n=" not in tty2.getvalue()


# -- the README's examples are true ------------------------------------------------------------

ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]


def test_docs_game_json_example(capsys):
    assert "--file examples/game.json" in (ROOT / "docs" / "tools" / "dead.md").read_text()
    code, out, _ = run(capsys, "dead", "--file", ROOT / "examples" / "game.json", "--vertex", "4", "--method", "smt")
    assert code == 0 and "Vertex 4 is DEAD" in out


def test_capture_refuses_a_large_game(capsys):
    _quick(capsys, "capture", "--hex", "7x7", "--set", "a1", msg="'capture' refuses more than 36")


def test_hunt_unregistered_statement_with_a_paper_id(capsys, tmp_path):
    f = write(tmp_path, "unreg.py", """
        @statement("TSD.T12", max_n=4, register=False)
        def t12(game):
            return True
        """)
    code, _, err = run(capsys, "hunt", f"{f}::t12", "--max-n", "3", "--no-store")
    one_sentence(code, err, "TSD.T12, which is a paper statement")


def test_hunt_max_n_below_the_statements_smallest_n(capsys, tmp_path):
    f = write(tmp_path, "small.py", """
        @statement("MYIN.SMALL", min_n=3, max_n=4)
        def small(game):
            return True
        """)
    code, _, err = run(capsys, "hunt", f"{f}::small", "--max-n", "2", "--no-store")
    one_sentence(code, err, "--max-n 2 is below the smallest n of MYIN.SMALL (3)")
