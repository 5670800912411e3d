"""``benchmarks/hex_fillin_vs_benzene.py`` (on demand, needs Benzene): its reading of
Benzene's ``compute-fillin`` answers and its tally, against a stand-in engine that fills
every vacant cell of the first row with Black."""

from __future__ import annotations

import importlib.util
import json
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("hex_fillin_vs_benzene", ROOT / "benchmarks" / "hex_fillin_vs_benzene.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

FAKE = textwrap.dedent("""\
    import sys
    taken = set()
    for line in sys.stdin:
        w = line.split()
        if w[:1] == ["boardsize"]:
            n, taken = int(w[1]), set()
        elif w[:1] == ["play"]:
            taken.add(w[2])
        elif len(w) > 1 and w[1] == "compute-fillin":
            cells = [f"{chr(97 + c)}1" for c in range(n) if f"{chr(97 + c)}1" not in taken]
            print(f"={w[0]} " + " ".join(f"{c} fb" for c in cells) + "\\n", flush=True)
        elif w[:1] == ["quit"]:
            break
        else:
            print("= \\n", flush=True)
    """)


def test_the_tally_reads_each_answer(tmp_path, capsys):
    fake = tmp_path / "mohex"
    fake.write_text(f"#!{sys.executable}\n" + FAKE)
    fake.chmod(0o755)
    positions = bench.random_positions(6, 5, 3)
    got = bench.benzene_fillin(str(fake), positions)
    assert [set(g) for g in got] == [{c for c in (f"{x}1" for x in "abcdef")
                                      if c not in p.names(p.black | p.white)} for p in positions]
    assert all(set(g.values()) == {"fb"} for g in got)
    assert bench.main(["--benzene", str(fake), "--n", "6", "--positions", "5", "--seed", "3", "--json"]) == 0
    tally = json.loads(capsys.readouterr().out)
    assert tally["positions"] == 5 and tally["benzene"] == sum(len(g) for g in got)
    assert 0 <= tally["benzene_only_dead_after_ours"] <= tally["benzene_only"]


def test_an_engine_that_does_not_answer_is_reported(tmp_path):
    mute = tmp_path / "mohex"
    mute.write_text(f"#!{sys.executable}\nimport sys\nsys.stdin.read()\n")
    mute.chmod(0o755)
    with pytest.raises(SystemExit, match="Benzene gave no fill-in for 2 of 2 positions"):
        bench.benzene_fillin(str(mute), bench.random_positions(5, 2, 1))
