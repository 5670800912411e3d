"""``benchmarks/hex_vs_benzene.py``'s readers (the benchmark itself needs Benzene and runs on
demand): Benzene's regression-file format, and our side read from a ``hex-openings`` store."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

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
