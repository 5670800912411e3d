"""``benchmarks/hex_puzzles.py`` (Benzene's puzzle suite through the HTP engine, on demand):
its reading of the regression file, its side-by-side run against a Benzene binary (here a
stand-in script that answers as Benzene's file expects), and the exact-set regression file
it writes for GoGui's ``gtpregress``."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from .test_docs_numbers import _prose

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "benzene_puzzles"
_spec = importlib.util.spec_from_file_location("hex_puzzles", ROOT / "benchmarks" / "hex_puzzles.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

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
    lines = text.splitlines()
    assert lines[lines.index("#? [c4 a5 a6]") - 1].startswith("79 dfpn-solver-find-winning")  # as gtpregress wants
    # the exact file passes with this engine, through its own gtpregress-format runner
    shutil.copy(exact, reg / "exact.tst")
    from verify.cli import main

    monkeypatch.chdir(reg)
    assert main(["htp", "--budget", "60", "--quiet", "--regress", "exact.tst"]) == 0, capsys.readouterr()


def test_benzene_gets_one_deadline_for_a_big_puzzle(tmp_path, monkeypatch):
    """On a ``--big`` puzzle (``whole``) Benzene is killed at the budget plus a grace, as ours
    has one deadline for the whole puzzle: its answer is then unknown, its CPU counted."""
    import time

    slow = tmp_path / "mohex"
    slow.write_text(f"#!{sys.executable}\nimport time\nwhile True: time.sleep(0.05)\n")
    slow.chmod(0o755)
    monkeypatch.setattr(bench, "WHOLE_GRACE", 0.5)
    t = time.monotonic()
    answer, error, cpu = bench.benzene_run(str(slow), [], 7, "dfpn-solve-state white", 0.5, whole=True)
    assert time.monotonic() - t < 30
    assert error and "unknown within budget" in answer and cpu >= 0
    assert bench.classify(answer, error, "white") == "unknown"


def test_a_benzene_search_stopped_by_its_time_limit_is_no_verdict(tmp_path):
    """Benzene's find-winning leaves out a move whose search ran out of time (its log says
    ``empty wins``), and dfpn-solve-state answers ``empty``: both are unknown, not answers."""
    fake = tmp_path / "mohex"
    fake.write_text(f"#!{sys.executable}\n" + textwrap.dedent("""\
        import sys
        for line in sys.stdin:
            w = line.split()
            if w and w[0] == "7":
                print("7a557 info: ****** empty wins ******", file=sys.stderr, flush=True)
                print("=7 c2\\n", flush=True)
            elif w and w[0] == "8":
                print("=8 empty\\n", flush=True)
            elif w and w[0] == "9":
                print("7a557 info: ****** white wins ******", file=sys.stderr, flush=True)
                print("=9 c2\\n", flush=True)
            elif w and w[0] == "quit":
                break
            else:
                print("=\\n", flush=True)
        """))
    fake.chmod(0o755)
    answer, error, _ = bench.benzene_run(str(fake), [], 7, "dfpn-solver-find-winning white", 60)
    assert error and bench.classify(answer, error, "c2") == "unknown" and "[c2]" in answer
    answer, error, _ = bench.benzene_run(str(fake), [], 8, "dfpn-solve-state white", 60)
    assert error and bench.classify(answer, error, "white") == "unknown"
    assert bench.benzene_run(str(fake), [], 9, "dfpn-solver-find-winning white", 60)[:2] == ("c2", False)


def _block(text: str, name: str) -> str:
    a = text.index(f"<!-- {name}:")
    a = text.index("\n", a) + 1
    return text[a:text.index(f"<!-- /{name} -->")].strip()


def test_the_hex_page_shows_the_kept_puzzle_runs():
    """docs/tools/hex.md's puzzle tables are ``--table`` of the runs kept in docs/hex/puzzles/,
    and its gtpregress table is the kept ``summary.dat`` files."""
    page = (ROOT / "docs" / "tools" / "hex.md").read_text()
    kept = ROOT / "docs" / "hex" / "puzzles"
    for name, run in (("hex-puzzles-7x7", "run_7x7.json"), ("hex-puzzles-big", "run_8x8_to_11x11.json"),
                      ("hex-puzzles-rest", "run_8x8_to_11x11_rest.json"),
                      ("hex-puzzles-7x7-after-fillin", "run_7x7_after_fillin.json"),
                      ("hex-puzzles-big-after-fillin", "run_8x8_to_11x11_after_fillin.json")):
        assert _block(page, name) == bench.table_md([json.loads((kept / run).read_text())]), name
    # the prose quotes the after-fillin runs' totals
    for run, words in (("run_7x7_after_fillin.json", "up to 7×7: {pass_} tests as expected and {sup} superset{s}, **{total}\nBenzene's CPU**"),
                       ("run_8x8_to_11x11_after_fillin.json", "The 24 larger ones, 180 s each as above: **{total}**")):
        kept_run = json.loads((kept / run).read_text())
        last = bench.table_md([kept_run]).splitlines()
        total = next(line for line in last if line.startswith("| **all** |")).split("|")[-2].strip().strip("*")
        sup = sum(r["verdict"] == "superset" for r in kept_run["rows"])
        pass_ = sum(r["verdict"] == "pass" for r in kept_run["rows"])
        text = words.format(total=total, sup=sup, pass_=pass_, s="" if sup == 1 else "s")
        assert text.replace("\n", " ").lower() in " ".join(page.split()).lower(), run
    rows = []
    for label, dat in (("Benzene's `dfpn-puzzle.tst` (≤ 7×7)", "gtpregress_benzene_7x7.dat"),
                       ("the same with our exact sets as expectations (`--exact-tst`)", "gtpregress_exact_7x7.dat"),
                       ("Benzene's file (≤ 7×7) against `htp --after-fillin`", "gtpregress_afterfillin_7x7.dat")):
        head, values = [line.split("\t") for line in (kept / dat).read_text().splitlines()[:2]]
        v = dict(zip(head, values))
        rows.append(f"| {label} | {v['#Tests']} | {v['pass']} | {v['FAIL']} | {v['Error']} |")
    assert _block(page, "hex-gtpregress").splitlines()[2:] == rows
    # the 7x7 run's supersets are exactly the tests the exact-set run passes in place of Benzene's
    run7 = json.loads((kept / "run_7x7.json").read_text())["rows"]
    assert sum(r["verdict"] == "superset" for r in run7) == int(rows[0].split("|")[4])


def test_the_readme_quotes_the_kept_puzzle_runs():
    kept = ROOT / "docs" / "hex" / "puzzles"
    readme = _prose("README.md")
    ratios = []
    for run in ("run_7x7.json", "run_8x8_to_11x11.json"):
        last = bench.table_md([json.loads((kept / run).read_text())]).splitlines()
        total = next(line for line in last if line.startswith("| **all** |"))
        ratios.append(total.split("|")[-2].strip().strip("*"))
    rows7 = json.loads((kept / "run_7x7.json").read_text())["rows"]
    sup = sum(r["verdict"] == "superset" for r in rows7)
    assert (f"passes {len(rows7) - sup} of the {len(rows7)} tests up to 7×7 — the other {sup} answers hold every "
            "move Benzene's file expects") in readme
    assert f"{ratios[0]} Benzene's CPU up to 7×7 and {ratios[1]} on 24 puzzles of 8×8 to 11×11" in readme
    ratios = []
    for run in ("run_7x7_after_fillin.json", "run_8x8_to_11x11_after_fillin.json"):
        last = bench.table_md([json.loads((kept / run).read_text())]).splitlines()
        ratios.append(next(line for line in last if line.startswith("| **all** |")).split("|")[-2].strip().strip("*"))
    assert f"`--after-fillin`: {ratios[0]} and {ratios[1]})" in readme
    rest = json.loads((kept / "run_8x8_to_11x11_rest.json").read_text())
    done = lambda key: sum(r[key] in ("pass", "superset") for r in rest["rows"])  # noqa: E731
    assert (f"on the other {len(rest['rows'])}, with {rest['big_budget']:g} s each, ours decides {done('verdict')} "
            f"and Benzene {done('benzene_verdict')}") in readme
    head, values = [line.split("\t") for line in (kept / "gtpregress_afterfillin_7x7.dat").read_text().splitlines()[:2]]
    v = dict(zip(head, values))
    assert f"{v['pass']} of {v['#Tests']} with `htp --after-fillin`" in readme


def test_benzene_confirms_every_extra_move_the_page_counts():
    """Each superset answer's extra moves, asked of Benzene (``--confirm``, kept in the runs),
    are won by the player who made them, and the page counts them."""
    page = _prose("docs/tools/hex.md")
    kept = ROOT / "docs" / "hex" / "puzzles"
    counts = []
    for run in ("run_7x7.json", "run_8x8_to_11x11.json", "run_8x8_to_11x11_rest.json"):
        rows = [r for r in json.loads((kept / run).read_text())["rows"] if r["verdict"] == "superset"]
        extra = 0
        for r in rows:
            player = r["command"].split()[1].lower()
            moves = [m for m in r["answer"].split() if m not in r["expected"].split()]
            assert sorted(r["benzene_confirms"]) == sorted(moves), r["id"]
            assert set(r["benzene_confirms"].values()) == {player}, r["id"]
            extra += len(moves)
        counts.append(extra)
    assert f"each of the {counts[0]} extra moves (`benchmarks/hex_puzzles.py --confirm`" in page
    assert f"Asked about each of the {counts[1]} extra moves of the six supersets" in page
    assert f"Benzene calls each of its {counts[2]} extra moves a win" in page


def test_sized_tst_keeps_whole_blocks_up_to_the_size(tmp_path):
    text = TST + "\n# 11x11\ndfpn-clear-tt\nloadsgf sgf/puzzles/11x11-boll-03.sgf\n22 dfpn-solver-find-winning white\n#? [d5]\n"
    cut = bench.sized_tst(text, 5)
    assert "65 dfpn" in cut and "63 dfpn" in cut and "79 dfpn" not in cut and "22 dfpn" not in cut
    assert [t[1] for t in bench.tests(_write(tmp_path, cut))] == [65, 63]
    assert [t[1] for t in bench.tests(_write(tmp_path, bench.sized_tst(text, 11)))] == [65, 79, 63, 22]


def _write(tmp_path, text: str):
    p = tmp_path / "cut.tst"
    p.write_text(text)
    return p
