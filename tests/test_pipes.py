"""The scripts that print tables end quietly when their reader stops early (``| head``):
exit 0, no traceback (``verify.cli.pipes.reader_may_stop``)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

TABLES = {
    "n9_audit": ["ci/n9_audit.py", "table"],
    "n9_sweep": ["ci/n9_sweep.py", "table"],
    "hex_puzzles": ["benchmarks/hex_puzzles.py", "--table", "docs/hex/puzzles/run_7x7_after_fillin.json"],
    "hex-openings": ["-m", "verify", "hex-openings", "6", "--store", "docs/hex/hex_openings_6x6.jsonl", "--resume"],
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_table_into_a_closed_pipe_is_not_an_error(name, tmp_path):
    """The reader is gone before the first line is written; the command says nothing and
    exits 0 (the store it reads is a copy, so nothing in the checkout is written)."""
    args = [str(ROOT / a) if a.endswith((".py", ".json")) else a for a in TABLES[name]]
    if name == "hex-openings":  # --resume would append a sitting to the store: give it a copy
        copy = tmp_path / "store.jsonl"
        copy.write_bytes((ROOT / args[5]).read_bytes())
        args[5] = str(copy)
    r, w = os.pipe()
    os.close(r)
    try:
        proc = subprocess.run([sys.executable, *args], stdout=w, stderr=subprocess.PIPE, text=True, timeout=300,
                              cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    finally:
        os.close(w)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr, proc.stderr
