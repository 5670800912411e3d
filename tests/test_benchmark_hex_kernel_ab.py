"""``benchmarks/hex_kernel_ab.py``: two builds of the Hex kernel side by side on the 4×4
openings — the winners agree between the committed kernel and this checkout's, a kernel with
a deliberate bug is caught by its different winners (exit status 1), and bad arguments are
refused in one sentence with exit status 2."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

from verify.papers.hex.solver import BUG_OR_RULE

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists()
                                or shutil.which("gcc") is None, reason="needs git, a git checkout and gcc")

spec = importlib.util.spec_from_file_location("hex_kernel_ab", ROOT / "benchmarks" / "hex_kernel_ab.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def test_head_and_this_checkout_agree_on_every_4x4_opening(capsys):
    assert bench.main(["--board", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = out["openings"]
    assert [r["cell"] for r in rows] == ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"]
    assert all(r["winner_a"] == r["winner_b"] and r["winner_a"] in "BW" for r in rows)
    assert out["summary"]["differ"] == []
    # on 4x4 Black's winning openings are the short diagonal d1 c2 b3 a4 (the last two are
    # the 180° turns of the first two, not searched again)
    assert {r["cell"] for r in rows if r["winner_a"] == "B"} == {"d1", "c2"}


def test_a_kernel_with_a_deliberate_bug_is_caught(capsys):
    assert bench.main(["--board", "4", "--bits-b", str(BUG_OR_RULE)]) == 1
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert "winners differ: " in last and not last.endswith("none")


@pytest.mark.parametrize("args, message", [
    (["--board", "12"], "Board side 12 is out of range"),
    (["--board", "4", "--only", "a1,z9"], "'z9' is not a cell of the 4x4 board."),
    (["--board", "4", "--base", "no-such-revision"], "Revision 'no-such-revision' has no"),
    (["--board", "4", "--bits-b", "-1"], "Switch bits are a non-negative integer."),
])
def test_bad_arguments_are_refused_in_one_sentence(args, message, capsys):
    assert bench.main(args) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
