"""The session log of a long run: one line per session, written when it starts and kept up to date.

A long run (the n = 9 sweep, its audit, the LNK.C2 search) goes on over many sessions,
and each one's cost is part of the result.  A line appended only when a session ends is
lost when the session is killed or the machine goes away.  A :class:`SessionLog` writes
its line when the session starts (``"status": "running"``) and rewrites it in place at
every :meth:`~SessionLog.update` (each finished shard), so a killed session still leaves
its line with the progress and CPU of its last update; :meth:`~SessionLog.close` writes
the final status (``finished``, ``stopped``).  A line still ``running`` whose process is
gone is a session that ended abruptly (:func:`read_sessions` says so).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "sessions.jsonl"
>>> log = SessionLog(path, commit="abc")
>>> log.update(shards=3, cpu_s=1.5)
>>> log.close("finished", shards=4)
>>> [(r["status"], r["shards"], r["commit"]) for r in read_sessions(path)]
[('finished', 4, 'abc')]
"""

from __future__ import annotations

import json
import os
import resource
import time
from datetime import datetime, timezone
import socket
from pathlib import Path

from ..tables.kernel import file_lock
from .store import _alive  # whether a process of this host is still there

__all__ = ["SessionLog", "read_sessions", "cpu_seconds", "locked"]


def cpu_seconds(children: bool = True) -> float:
    """CPU seconds of this process (and of its waited-for children)."""
    who = [resource.RUSAGE_SELF] + ([resource.RUSAGE_CHILDREN] if children else [])
    return sum(r.ru_utime + r.ru_stime for r in map(resource.getrusage, who))


def locked(path: Path) -> file_lock:
    """An exclusive lock on ``path``'s lock file (``PATH.lock``), so that sessions running
    side by side (``--part``) do not lose each other's lines when one rewrites the file."""
    return file_lock(path.with_suffix(path.suffix + ".lock"))


class SessionLog:
    """This session's line in the JSON-lines file ``path`` (see the module docstring)."""

    def __init__(self, path: Path | str, **fields) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.id = f"{datetime.now(timezone.utc).isoformat(timespec='seconds')}/{os.getpid()}"
        self.c0, self.w0 = cpu_seconds(), time.time()
        self.row = {"session": self.id, "started": self.id.split("/")[0], "pid": os.getpid(), "status": "running",
                    **fields, "cpu_s": 0.0, "wall_s": 0.0}
        with locked(self.path), self.path.open("a") as fh:
            fh.write(json.dumps(self.row) + "\n")

    def update(self, **fields) -> None:
        """Rewrite this session's line with ``fields`` and the CPU and wall seconds so far."""
        self.row.update(fields)
        self.row["cpu_s"] = round(cpu_seconds() - self.c0, 1)
        self.row["wall_s"] = round(time.time() - self.w0, 1)
        with locked(self.path):
            self._rewrite()

    def _rewrite(self) -> None:
        lines = self.path.read_text().splitlines() if self.path.exists() else []
        out, found = [], False
        for line in lines:
            try:
                rec = json.loads(line)
            except ValueError:
                out.append(line)
                continue
            if rec.get("session") == self.id:
                line, found = json.dumps(self.row), True
            out.append(line)
        if not found:
            out.append(json.dumps(self.row))
        tmp = self.path.with_suffix(self.path.suffix + ".tmp")
        tmp.write_text("\n".join(out) + "\n")
        os.replace(tmp, self.path)

    def close(self, status: str, **fields) -> None:
        """The session's end: its final status and fields."""
        self.update(status=status, **fields)


def read_sessions(path: Path | str) -> list[dict]:
    """Every session of the log; a ``running`` line whose process is gone reads
    ``ended abruptly``.  Lines of the older format (no ``session``) are kept as they are."""
    path = Path(path)
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        rec = json.loads(line)
        if rec.get("status") == "running" and not _alive(int(rec.get("pid", 0) or 0), socket.gethostname()):
            rec["status"] = "ended abruptly"
        out.append(rec)
    return out
