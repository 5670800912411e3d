"""``benchmarks/hex_puzzles.py`` (Benzene's puzzle suite through the HTP engine, on demand):
its reading of the regression file, its side-by-side run against a Benzene binary (here a
stand-in script that answers as Benzene's file expects), and the exact-set regression file
it writes for GoGui's ``gtpregress``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "benzene_puzzles"

TST = """\
dfpn-clear-tt
loadsgf sgf/puzzles/5x5-hein-06.sgf
65 dfpn-solver-find-winning white
#? [c2]

dfpn-clear-tt
loadsgf sgf/puzzles/6x6-henderson-10.sgf
79 dfpn-solver-find-winning black
#? [c4]

dfpn-clear-tt
loadsgf sgf/puzzles/4x4-hein-04.sgf
63 dfpn-solve-state white
#? [white]
"""

#: a stand-in for Benzene's mohex: answers each numbered command with the file's expectation
FAKE = textwrap.dedent("""\
    import sys
    want = {"65": "c2", "79": "c4", "63": "white"}
    for line in sys.stdin:
        w = line.split()
        if w and w[0] in want:
            print(f"={w[0]} {want[w[0]]}\\n", flush=True)
        elif w and w[0] == "quit":
            break
        else:
            print("=\\n", flush=True)
    """)


def test_side_by_side_run_and_the_exact_file(tmp_path, monkeypatch, capsys):
    reg = tmp_path / "benzene" / "regression"
    (reg / "sgf" / "puzzles").mkdir(parents=True)
    for f in ("5x5-hein-06.sgf", "6x6-henderson-10.sgf", "4x4-hein-04.sgf"):
        shutil.copy(DATA / f, reg / "sgf" / "puzzles" / f)
    (reg / "mini.tst").write_text(TST)
    fake = tmp_path / "mohex"
    fake.write_text(f"#!{sys.executable}\n" + FAKE)
    fake.chmod(0o755)
    out, exact = tmp_path / "run.json", tmp_path / "exact.tst"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "hex_puzzles.py"), str(tmp_path / "benzene"),
                        "--tst", "mini.tst", "--budget", "60", "--benzene-bin", str(fake), "--json", str(out),
                        "--exact-tst", str(exact)], capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    rows = {row["id"]: row for row in json.loads(out.read_text())["rows"]}
    assert [rows[i]["verdict"] for i in (65, 79, 63)] == ["pass", "superset", "pass"]
    assert rows[79]["answer"] == "c4 a5 a6"
    assert all(rows[i]["benzene_verdict"] == "pass" and rows[i]["benzene_cpu"] >= 0 for i in rows)
    assert "ratio" in r.stdout and "6x6" in r.stdout
    text = exact.read_text()
    assert "#? [c4 a5 a6]" in text and "#? [c2]" in text and "#? [c4]" not in text
    assert "Benzene's expectation [c4]" in text
    # the exact file passes with this engine, through its own gtpregress-format runner
    shutil.copy(exact, reg / "exact.tst")
    from verify.cli import main

    monkeypatch.chdir(reg)
    assert main(["htp", "--budget", "60", "--quiet", "--regress", "exact.tst"]) == 0, capsys.readouterr()
