"""Every command as robust as ``dead``: the reported bad inputs each give one sentence and exit 2
(or a documented status), never a traceback, a hang or a wrong acceptance.

The shared input layer (:func:`verify.cli.shared_inputs`, :func:`verify.formats.read_json_file`,
:func:`verify.cli.inputs.picture_path`) is what makes a check added once hold everywhere.
"""

from __future__ import annotations

import json
import os

import pytest

from verify.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_sentence(code, err, needle, status=2):
    assert code == status, (code, err)
    assert "Traceback" not in err
    lines = [l for l in err.strip().splitlines() if l.startswith("shannon-verify")]
    assert len(lines) == 1 and needle in lines[0], err
    assert not [l for l in err.strip().splitlines() if l.startswith("shannon-verify") is False and "error" in l], err


@pytest.fixture
def files(tmp_path):
    (tmp_path / "bin.dat").write_bytes(b"\x00\x01\xff\xfe")
    (tmp_path / "deep.json").write_text("[" * 100000)
    (tmp_path / "huge.json").write_text(json.dumps({"n": 10**9, "edges": [[0, 1]], "terminals": [0, 1]}))
    (tmp_path / "exit0.py").write_text("import sys\nsys.exit(0)\n")
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "exitcheck.py").write_text(
        "from verify import statement\n\n@statement('U.X')\ndef x(game):\n    import sys\n    sys.exit(0)\n")
    return tmp_path


CASES = [
    (["switch", "--terminals", "0", "²", "--edges", "0-1"], "Terminal '²' is not a non-negative integer"),
    (["switch", "--edges", "0-²", "--terminals", "0", "1"], "Vertex '²' is not a non-negative integer"),
    (["switch", "--file", "{bin.dat}", "--terminals", "0", "1"], "is a binary file"),
    (["switch", "--file", "/dev/zero", "--terminals", "0", "1"], "is not a regular file"),
    (["switch", "--file", "{deep.json}", "--terminals", "0", "1"], "nested too deeply"),
    (["dead", "--file", "{deep.json}"], "nested too deeply"),
    (["switch", "--file", "{huge.json}"], "at most 10000 are accepted"),
    (["switch", "--edges", "0-99999999999,1-2", "--terminals", "0", "1"], "at most 10000 are accepted"),
    (["switch", "--edges", "0-1", "--terminals", "0", "1", "--png", "out.txt"], "a picture file must end in"),
    (["switch", "--gale", "3", "--png", "{.}"], "is a folder"),
    (["solve", "--hex", "3x3", "--openings", "--png", "out.txt"], "--png 'out.txt': a picture file must end in"),
    (["links", "--n", "5", "--gallery", "out.txt"], "--gallery 'out.txt': a picture file must end in"),
    (["hex-openings", "3", "--png", "out.txt"], "a picture file must end in"),
    (["hex-openings", "3", "--budget-per-opening", "inf"], "finite number of seconds above 0, not inf"),
    (["switch", "--gale", "3", "--timeout", "nan"], "finite number of seconds above 0, not nan"),
    (["check", "TSD.T1", "--max-n", "3", "--store", "/nonexistent-sv/d/x.db"], "does not exist; create it first"),
    (["check", "TSD.T1", "--max-n", "3", "--store", "{.}"], "is a folder"),
    (["check", "TSD.T1", "--max-n", "3", "--jobs", "0"], "--jobs must be at least 1"),
    (["hunt", "{exit0.py}::x"], "called sys.exit(0) at import"),
    (["hunt", "{exitcheck.py}::x", "--max-n", "3", "--no-store"], "called sys.exit(0)"),
    (["links", "--n", "5", "--engine", "c", "--store", "{empty.txt}", "--resume", "--no-progress"],
     "is an empty file, not a lnk-links store"),
    (["links", "--n", "5", "--engine", "c", "--store", "/dev/null", "--no-progress"], "is not a regular file"),
    (["links", "--n", "5", "--mod", "0"], "--mod must be at least 1"),
    (["links", "--n", "5", "--engine", "c", "--mod", "-3"], "--mod must be at least 1"),
    (["hex-openings", "2", "--only", ""], "--only needs at least one cell"),
    (["hex-openings", "2", "--only", " , "], "is not a cell of the 2x2 board"),
    (["hex-openings", "2", "--store", "{empty.txt}", "--resume"], "is an empty file, not a hex-openings store"),
    (["dead", "--graph6", "~~~}", "--terminals", "0", "1"], "is not valid graph6: its header is cut short"),
    (["solve", "--graph6", "~?", "--terminals", "0", "1"], "is not valid graph6: its header is cut short"),
    (["dead", "--graph6", "~??~", "--terminals", "0", "1"], "takes 326 bytes after its header, not 0 (truncated)"),
    (["dead", "--graph6", "CEE", "--terminals", "0", "1"], "takes 1 byte after its header, not 2 (too long)"),
]


@pytest.mark.parametrize("argv, needle", CASES, ids=[" ".join(a) for a, _ in CASES])
def test_bad_input_is_one_sentence(capsys, files, argv, needle):
    names = {"{" + p.name + "}": str(p) for p in files.iterdir()} | {"{.}": str(files)}
    for k, v in names.items():
        argv = [a.replace(k, v) for a in argv]
    code, _, err = run(capsys, *argv)
    one_sentence(code, err, needle)
    assert not os.path.exists("/nonexistent-sv")
    assert (files / "empty.txt").read_text() == ""  # a refused store is left as it was


def test_jobs_are_capped_at_what_helps(capsys):
    code, _, err = run(capsys, "check", "TSD.T1", "--max-n", "3", "--jobs", "1000", "--no-store", "--no-progress")
    assert code == 0 and "capped at" in err


def test_switch_gives_up_at_its_timeout(capsys):
    code, out, _ = run(capsys, "switch", "--gale", "4", "--method", "minimax", "--timeout", "1", "--json")
    assert code == 3 and json.loads(out)["verdict"] == "unknown"


def test_switch_gives_up_even_when_the_timer_signal_is_lost(capsys, monkeypatch):
    """A SIGALRM landing in a finaliser run by the garbage collector has its exception
    swallowed by Python; the plain search checks the deadline itself, so the command still
    gives up (here the timer is never armed at all)."""
    import signal

    monkeypatch.setattr(signal, "setitimer", lambda *a: (0.0, 0.0))
    code, out, _ = run(capsys, "switch", "--gale", "4", "--method", "minimax", "--timeout", "1", "--json")
    assert code == 3 and json.loads(out)["verdict"] == "unknown"


def test_play_refuses_a_non_ascii_digit_and_keeps_asking(capsys, monkeypatch):
    """'²' is a digit to str.isdigit but not to int(): the game says so and asks again."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("connect\n²\n"))
    code, out, err = run(capsys, "switch", "--gale", "2", "--play")
    assert code == 0 and "Traceback" not in err, err
    assert "That is not a free edge index; try again." in out


def test_check_proof_refuses_a_device_at_once(capsys):
    import time

    t0 = time.perf_counter()
    code, _, err = run(capsys, "check-proof", "/dev/zero")
    one_sentence(code, err, "is not a regular file")
    assert time.perf_counter() - t0 < 5


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("command", [["list"], ["table", "TSD.TAB1", "--max-n", "3", "--jobs", "1", "--no-progress"]])
def test_output_survives_a_narrow_encoding(encoding, command):
    """Characters the terminal's encoding lacks (≤, §, Γ) come out as '?', never a UnicodeEncodeError."""
    import subprocess
    import sys

    env = dict(os.environ, PYTHONIOENCODING=encoding)
    p = subprocess.run([sys.executable, "-m", "verify", *command], capture_output=True, env=env, timeout=300)
    assert p.returncode == 0 and b"Traceback" not in p.stderr, p.stderr.decode(encoding, "replace")
    assert b"?" in p.stdout


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_hunted_checks_prints_stay_out_of_json(tmp_path, jobs):
    """Whatever a hunted file prints (at import, in its check, in worker processes) goes to
    standard error in a --json run: standard output is the JSON alone."""
    import subprocess
    import sys

    (tmp_path / "pr.py").write_text("from verify import statement\n\nprint('at import')\n\n\n@statement('U.P')\n"
                                    "def p(game):\n    print('in check', game.n)\n    return True\n")
    p = subprocess.run([sys.executable, "-m", "verify", "hunt", "pr.py::p", "--max-n", "5", "--no-store", "--json",
                        "--jobs", jobs, "--mod", jobs, "--no-progress"],
                       capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["verdict"] == "holds"
    assert "at import" in p.stderr and "in check 5" in p.stderr


@pytest.mark.parametrize("argv, resumable", [
    (["dead", "--graph6", "D~{", "--terminals", "0", "1"], False),
    (["prove", "TSD.T12", "--n", "4", "--proof", "cert"], False),
    (["check", "TSD.T12", "--max-n", "3", "--no-store"], False),
    (["check", "TSD.T12", "--max-n", "3", "--store", "r.db"], True),
    (["links", "--n", "5", "--store", "l.jsonl"], True),
])
def test_a_full_disk_names_resume_only_where_it_helps(capsys, monkeypatch, tmp_path, argv, resumable):
    """A full disk suggests --resume only to a command that has it and keeps a store."""
    import errno
    import importlib

    from verify.cli import MODULE_OF

    def full(args):
        raise OSError(errno.ENOSPC, "No space left on device", "out")

    module = importlib.import_module(f"verify.cli.{MODULE_OF[argv[0]]}")
    for name in ("run", "run_check"):
        if hasattr(module, name):
            monkeypatch.setattr(module, name, full)
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *argv)
    one_sentence(code, err, "free some space and run again")
    assert ("--resume" in err) == resumable, err


@pytest.mark.parametrize("pragma, needle", [
    ("ro", "cannot be written: the file, its folder or its file system is read-only"),
    ("PRAGMA max_page_count=1", "cannot be written: the disk is full"),
])
def test_a_store_that_cannot_be_written_says_why(capsys, monkeypatch, tmp_path, pragma, needle):
    """A read-only or full file system under --store is said to be one, not a damaged store."""
    import sqlite3

    real = sqlite3.connect
    path = tmp_path / "r.db"

    def connect(target, *a, **k):
        if pragma == "ro":  # what a read-only mount gives: every write refused
            path.touch()
            return real(f"{path.as_uri()}?mode=ro", *a, **{**k, "uri": True})
        db = real(target, *a, **k)
        db.execute(pragma)
        return db

    monkeypatch.setattr("verify.sweep.store.sqlite3.connect", connect)
    code, _, err = run(capsys, "check", "TSD.T12", "--max-n", "3", "--store", str(path), "--no-progress")
    one_sentence(code, err, needle)
    assert "damaged" not in err


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero", "broken link"])
def test_a_manifest_that_is_no_regular_file_says_so(capsys, tmp_path, kind):
    """A certificate directory whose manifest.json is a FIFO, a device or a broken link is
    refused as such at once (not read without end, not called 'no manifest.json')."""
    m = tmp_path / "cert" / "manifest.json"
    m.parent.mkdir()
    if kind == "fifo":
        os.mkfifo(m)
    else:
        m.symlink_to("/dev/zero" if kind == "link to /dev/zero" else str(tmp_path / "nowhere"))
    code, _, err = run(capsys, "check-proof", str(m.parent))
    one_sentence(code, err, "manifest.json is not a regular file")


def test_htp_control_characters_are_removed_as_documented():
    """GTP's preprocessing removes control characters but tab (CR of CRLF, NUL) before a
    line is read, and docs/tools/hex.md says so: 'play b a1<NUL>' and 'play b b1<CR>' play."""
    from pathlib import Path

    from verify.papers.hex.htp import HtpEngine

    e = HtpEngine(budget=1)
    assert e.handle("boardsize 2 2") == "="
    assert e.handle("play b a1\x00") == "=" and e.handle("play w b1\r") == "="
    assert e.pos.spec() == "BW/.."
    assert e.handle("play b a2\x1b[31m")[0] == "?"  # the escape's printable rest is still garbage
    docs = " ".join((Path(__file__).resolve().parents[1] / "docs" / "tools" / "hex.md").read_text().split())
    assert "Control characters other than tab (the CR of CRLF line ends, NUL, escape) are removed" in docs
    assert "CRLF, NUL and other binary bytes" not in docs


def test_hex_openings_dask_without_dask_refuses_before_announcing(monkeypatch, capsys, tmp_path):
    """Issue 45 item 8: without Dask, hex-openings --dask said it was searching on Dask
    before it refused."""
    import sys

    from verify.cli import main

    monkeypatch.setitem(sys.modules, "distributed", None)
    monkeypatch.chdir(tmp_path)
    assert main(["hex-openings", "3", "--dask", "local"]) == 2
    err = capsys.readouterr().err
    assert "searching" not in err and "pip install 'shannon-verify[dask]'" in err
