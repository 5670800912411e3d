"""``benchmarks/hex_vs_benzene.py``'s readers (the benchmark itself needs Benzene and runs on
demand): Benzene's regression-file format, our side read from a ``hex-openings`` store, and a
run against a stand-in for Benzene's engine stored, stopped and resumed."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from verify import jsonl_store

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("hex_vs_benzene", ROOT / "benchmarks" / "hex_vs_benzene.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

TST = """#---
boardsize 6 6

play b a1
11 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b c3
12 dfpn-solve-state white
#? [black]
"""


def test_one_child_run_keeps_its_output_its_stderr_and_its_cpu(tmp_path):
    """``_cpu`` (one job on ``_Slots``): the child's stdout, its stderr into the file given,
    its CPU; with a timeout the child is killed and its output so far kept."""
    started = time.monotonic()
    out, cpu = bench._cpu(["sh", "-c", "echo start; sleep 30; echo end"], "", timeout=0.5)
    assert out == "start\n" and time.monotonic() - started < 10 and cpu >= 0
    with open(tmp_path / "err", "w+") as err:
        out, _ = bench._cpu(["sh", "-c", "cat; echo oops >&2"], "hi\n", err=err)
        err.seek(0)
        assert (out, err.read()) == ("hi\n", "oops\n")
    _, cpu = bench._cpu([sys.executable, "-c", "sum(range(3 * 10**7))"], "")
    assert cpu > 0.05


def test_parse_tst_reads_each_position_and_its_expected_winner():
    n, positions = bench.parse_tst(TST)
    assert n == 6
    assert positions == [{"moves": [("b", "a1")], "to_move": "w", "expected": "white"},
                         {"moves": [("b", "c3")], "to_move": "w", "expected": "black"}]


def test_stored_openings_give_every_cell_its_own_or_its_turns_record():
    store = ROOT / "docs" / "hex" / "hex_openings_6x6.jsonl"
    got = bench._stored_openings(store, 6)
    assert len(got) == 36
    assert got["f6"] is got["a1"] and got["a1"]["cell"] == "a1" and got["a1"]["winner"] == "W"
    assert got["c3"]["winner"] == "B" and got["d4"]["cell"] == "c3"
    with pytest.raises(SystemExit, match="is not a hex-openings store of the 7x7 board"):
        bench._stored_openings(store, 7)


#: Benzene's regression-file shape for every 4×4 opening; Black wins on the short diagonal
TST4 = "boardsize 4 4\n" + "".join(
    f"play b {c}\n{k} dfpn-solve-state white\n#? [{'black' if c in ('d1', 'c2', 'b3', 'a4') else 'white'}]\n\n"
    "undo\ndfpn-clear-tt\n" for k, c in enumerate((f"{x}{y}" for y in "1234" for x in "abcd"), 11))

#: a stand-in for Benzene's engine: answers each numbered dfpn-solve-state as the file expects
#: (after FAKE_SLEEP seconds, when set, so a run can be stopped while it works)
FAKE = textwrap.dedent("""\
    import os, sys, time
    last = None
    for line in sys.stdin:
        w = line.split()
        if w[:1] == ["play"]:
            last = w[2]
        if len(w) > 1 and w[1] == "dfpn-solve-state":
            time.sleep(float(os.environ.get("FAKE_SLEEP", "0")))
            print(f"={w[0]} {'black' if last in ('d1', 'c2', 'b3', 'a4') else 'white'}\\n", flush=True)
        elif w[:1] == ["quit"]:
            break
    """)


@pytest.fixture
def side_by_side(tmp_path):
    tst, fake = tmp_path / "dfpn-solve-4x4.tst", tmp_path / "mohex"
    tst.write_text(TST4)
    fake.write_text(f"#!{sys.executable}\n" + FAKE)
    fake.chmod(0o755)
    return ["--benzene", str(fake), "--tst", str(tst)]


def test_a_stored_run_resumes_without_solving_a_position_twice(side_by_side, tmp_path, capsys):
    store = tmp_path / "s.jsonl"
    assert bench.main(side_by_side + ["--store", str(store), "--only", "a1,d1", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert [r["cell"] for r in first["positions"]] == ["a1", "d1"]
    with pytest.raises(SystemExit, match="exists; pass --resume"):
        bench.main(side_by_side + ["--store", str(store)])
    assert bench.main(side_by_side + ["--store", str(store), "--resume", "--jobs", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    cells = [r["cell"] for r in out["positions"]]
    assert sorted(cells) == sorted(f"{x}{y}" for x in "abcd" for y in "1234") and len(cells) == 16
    assert all(r["ours"] == r["expected"] == r["benzene"] for r in out["positions"])
    assert out["summary"]["both_decided"] == 16 and out["summary"]["wrong_answers"] == 0
    records = jsonl_store.read_records(store)
    assert records[0]["kind"] == "hex-vs-benzene" and records[0]["tst_sha"]
    sessions = [r for r in records if "session" in r]
    assert [(s["status"], s["positions"]) for s in sessions] == [("done", 2), ("done", 14)]


def test_a_store_made_with_another_kernel_or_file_is_not_continued(side_by_side, tmp_path):
    store = tmp_path / "s.jsonl"
    assert bench.main(side_by_side + ["--store", str(store), "--only", "a1"]) == 0
    header = jsonl_store.read_records(store)[0]
    other = tmp_path / "o.jsonl"
    jsonl_store.start(other, {**header, "kernel": "0" * 16})
    with pytest.raises(SystemExit, match="was made with another kernel; it cannot be continued"):
        bench.main(side_by_side + ["--store", str(other), "--resume"])
    with pytest.raises(SystemExit, match="--resume continues a --store"):
        bench.main(side_by_side + ["--resume"])
    with pytest.raises(SystemExit, match="--ours-store reads ours instead"):
        bench.main(side_by_side + ["--store", str(store), "--ours-store", str(store)])


def test_sigterm_stops_a_stored_run_keeping_its_rows(side_by_side, tmp_path):
    store = tmp_path / "s.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "FAKE_SLEEP": "0.4"}
    proc = subprocess.Popen([sys.executable, str(ROOT / "benchmarks" / "hex_vs_benzene.py"), *side_by_side,
                             "--store", str(store), "--jobs", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not store.exists() or len(jsonl_store.read_records(store)) < 3):
            time.sleep(0.05)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=10)
        time.sleep(0.2)
        with pytest.raises(ProcessLookupError):  # no child of the run outlived it
            os.killpg(proc.pid, 0)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130 and "continue with --resume" in err, err
    records = jsonl_store.read_records(store)
    rows = [r for r in records if "cell" in r]
    assert 2 <= len(rows) < 16 and records[-1]["status"] == "stopped" and records[-1]["positions"] == len(rows)


def test_table_shows_every_stored_row_the_totals_and_each_sitting(side_by_side, tmp_path, capsys):
    store = tmp_path / "s.jsonl"
    assert bench.main(side_by_side + ["--store", str(store), "--only", "a1,d1,b2", "--json"]) == 0
    capsys.readouterr()
    assert bench.main(["--table", str(store)]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert lines[0].startswith("4×4, `dfpn-solve-4x4.tst`: 3 of its 16 positions") and "wrong answers: 0" in lines[0]
    assert [line.split(" | ")[0] for line in lines[4:7]] == ["| a1", "| d1", "| b2"]
    assert "| d1 | black | black |" in text and "**3 decided by both**" in lines[7]
    assert lines[-1].startswith("| ") and "| done | 3 |" in lines[-1]
    with pytest.raises(SystemExit, match="or a store \\(--table\\)"):
        bench.main(["--tst", "x.tst"])


def test_cheapest_first_orders_the_positions_by_a_maps_cpu(side_by_side, tmp_path, capsys):
    costs = {"a1": 5.0, "b1": 1.0, "c1": 3.0, "d1": 2.0}
    store = tmp_path / "map.jsonl"
    jsonl_store.start(store, {"kind": "hex-openings", "n": 4})
    for cell, cpu in costs.items():
        jsonl_store.append(store, {"cell": cell, "winner": "W", "seconds": cpu, "cpu": cpu, "nodes": 1})
    assert bench.main(side_by_side + ["--only", "a1,b1,c1,d1", "--cheapest-first", str(store), "--json"]) == 0
    assert [r["cell"] for r in json.loads(capsys.readouterr().out)["positions"]] == ["b1", "d1", "c1", "a1"]


def test_the_hex_page_shows_the_kept_8x8_run():
    """docs/tools/hex.md's 8×8 side-by-side table is ``--table`` of the kept store, and no
    answer in it is wrong."""
    page = (ROOT / "docs" / "tools" / "hex.md").read_text()
    name = "hex-vs-benzene-8x8"
    a = page.index("\n", page.index(f"<!-- {name}:")) + 1
    records = jsonl_store.read_records(ROOT / "docs" / "hex" / "vs_benzene_8x8.jsonl")
    assert page[a:page.index(f"<!-- /{name} -->")].strip() == bench.table_md(records)
    rows = [r for r in records if "cell" in r]
    assert rows and bench.summarize(8, rows)[1] == 0
    assert records[0]["tst"] == "dfpn-solve-8x8.tst" and records[0]["positions"] == 32
