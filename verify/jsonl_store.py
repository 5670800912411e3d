"""Append-only JSON-lines stores of resumable runs: a header line, then one record per
finished unit of work (a geng shard of the LNK link search, a Hex opening).

A record is appended and fsynced as soon as its unit finishes, so a killed run loses at
most the units in flight; a last line cut short by the kill is cut off the file when the
store is read again, and its unit is redone.  (The SQLite store of ``check`` runs is
:mod:`verify.sweep.store`.)

Every line carries a checksum, ``"sum"``: the first 16 hex digits of the SHA-256 of the
previous line's sum and the line's record in canonical JSON (sorted keys, no spaces) — a
hash chain from the header on.  Reading a store checks the whole chain, so a hand-edited
header (another n), an edited record (a flipped winner, a link removed), a line deleted
or moved in the middle, or a line copied from another store is refused in one sentence
instead of being resumed as if the run had computed it.  (A checksum catches edits and
mix-ups, not forgery: anyone can recompute it.  Whoever wants a result they need not
trust re-runs the units, or reads the proofs of ``check-proof``.)

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "s.jsonl"
>>> start(p, {"n": 3}); append(p, {"res": 0})
>>> _ = p.open("a").write('{"res": 1')            # a killed run's half-written line
>>> read_records(p)
[{'n': 3}, {'res': 0}]
>>> p.write_text(p.read_text().replace('"n": 3', '"n": 4'))  and None   # an edited header
>>> read_records(p)
Traceback (most recent call last):
...
verify.errors.InputError: The store ... was changed after it was written: line 1 does not match its checksum; move it away and start a new run.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from .errors import InputError

__all__ = ["read_records", "start", "append", "seal"]

SUM = "sum"


def _sum(prev: str, record: dict) -> str:
    """The checksum of ``record`` after ``prev``, over the record as it reads back from
    JSON (so integer keys and tuples hash as the strings and lists they become)."""
    record = json.loads(json.dumps({k: v for k, v in record.items() if k != SUM}))
    body = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256((prev + "\n" + body).encode()).hexdigest()[:16]


def _raw_lines(path: Path) -> tuple[list, int, int]:
    """The parsed whole lines of ``path``, the byte length to keep (a cut-short last line
    dropped) and the file's length."""
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
            rec = json.loads(line)
        except (ValueError, RecursionError):
            rec = None
        if not isinstance(rec, dict):
            if k == len(lines) - 1 and rec is None:
                keep = sum(len(x) + 1 for x in lines[:k])
                break
            raise InputError(f"The store {path} has a damaged line {k + 1}; move it away and start a new run.")
        records.append(rec)
    return records, keep, len(data)


def read_records(path: str | Path) -> list:
    """Every record of the store at ``path``, header first, checksums checked and removed.
    A last line that is not a whole JSON record (a killed run) is cut off the file; a
    damaged line elsewhere, or a line that does not match its checksum, raises
    :class:`~verify.errors.InputError`."""
    path = Path(path)
    try:
        records, keep, size = _raw_lines(path)
    except OSError as exc:
        raise InputError(f"Cannot read the store {path}: {exc.strerror or exc}.") from None
    prev = ""
    for k, rec in enumerate(records):
        if SUM not in rec:
            raise InputError(f"The store {path} has no checksum on line {k + 1} (it was written by an older "
                             "version, or edited); move it away and start a new run.")
        if rec[SUM] != _sum(prev, rec):
            raise InputError(f"The store {path} was changed after it was written: line {k + 1} does not match "
                             "its checksum; move it away and start a new run.")
        prev = rec.pop(SUM)
    if keep != size:
        with open(path, "r+b") as f:
            f.truncate(keep)
    return records


def start(path: str | Path, header: dict) -> None:
    """Create the store at ``path`` (and its folder) holding only ``header``.  The header
    is written to a file beside it that then takes its name, so a run killed meanwhile
    never leaves an empty store behind (which ``--resume`` refuses)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    target = path.resolve() if path.is_symlink() else path
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w") as f:
            f.write(json.dumps({**header, SUM: _sum("", header)}) + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    finally:
        if tmp.exists():
            tmp.unlink()


def _last_sum(path: Path) -> str:
    with open(path, "rb") as f:
        f.seek(0, os.SEEK_END)
        size = f.tell()
        back = min(size, 1 << 16)
        while True:
            f.seek(size - back)
            tail = f.read(back)
            lines = tail.rstrip(b"\n").split(b"\n")
            if len(lines) > 1 or back == size:
                break
            back = min(size, back * 4)
    last = json.loads(lines[-1])
    return last[SUM]


def append(path: str | Path, record: dict) -> None:
    """Append ``record`` as one line, chained to the last one, and force it to disk."""
    path = Path(path)
    line = json.dumps({**record, SUM: _sum(_last_sum(path), record)})
    with open(path, "a") as f:
        f.write(line + "\n")
        f.flush()
        os.fsync(f.fileno())


def seal(path: str | Path) -> int:
    """Rewrite a store written before checksums with its chain of sums (a one-off
    migration of a store whose lines are known good); returns the number of lines."""
    path = Path(path)
    records, _, _ = _raw_lines(path)
    prev, out = "", []
    for rec in records:
        rec = {k: v for k, v in rec.items() if k != SUM}
        prev = _sum(prev, rec)
        out.append(json.dumps({**rec, SUM: prev}))
    path.write_text("".join(x + "\n" for x in out))
    return len(out)
