"""Append-only JSON-lines stores of resumable runs: a header line, then one record per
finished unit of work (a geng shard of the LNK link search, a Hex opening).

A record is appended and fsynced as soon as its unit finishes, so a killed run loses at
most the units in flight; a last line cut short by the kill is cut off the file when the
store is read again, and its unit is redone.  (The SQLite store of ``check`` runs is
:mod:`verify.sweep.store`.)

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "s.jsonl"
>>> start(p, {"n": 3}); append(p, {"res": 0})
>>> _ = p.open("a").write('{"res": 1')            # a killed run's half-written line
>>> read_records(p), p.read_text()
([{'n': 3}, {'res': 0}], '{"n": 3}\\n{"res": 0}\\n')
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from .errors import InputError

__all__ = ["read_records", "start", "append"]


def read_records(path: str | Path) -> list:
    """Every record of the store at ``path``, header first.  A last line that is not a whole
    JSON record (a killed run) is cut off the file; a damaged line elsewhere raises
    :class:`~verify.errors.InputError`."""
    path = Path(path)
    data = path.read_bytes()
    lines = data.split(b"\n")
    keep = len(data)
    if lines[-1] == b"":
        lines.pop()
    else:  # no final newline: the last record was cut short
        keep -= len(lines[-1])
        lines.pop()
    records = []
    for k, line in enumerate(lines):
        try:
            records.append(json.loads(line))
        except ValueError:
            if k == len(lines) - 1:
                keep = sum(len(x) + 1 for x in lines[:k])
                break
            raise InputError(f"The store {path} has a damaged line {k + 1}; move it away and start a new run.") from None
    if keep != len(data):
        with open(path, "r+b") as f:
            f.truncate(keep)
    return records


def start(path: str | Path, header: dict) -> None:
    """Create the store at ``path`` (and its folder) holding only ``header``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(header) + "\n")


def append(path: str | Path, record: dict) -> None:
    """Append ``record`` as one line and force it to disk."""
    with open(path, "a") as f:
        f.write(json.dumps(record) + "\n")
        f.flush()
        os.fsync(f.fileno())
