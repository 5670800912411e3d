"""The results store: every finished shard of every run, in an embedded SQLite file.

A *run* is one ``check`` or ``hunt`` command: its plan (statements, ``n`` range,
shards per ``n``, the graph class given with ``--graphs`` and each statement's own,
as specs; see :func:`run_graph_class`), the versions it ran with, and its status (``running``, ``done``,
``interrupted``, ``failed``; ``results`` shows a ``running`` run whose process is
gone as ``stopped``).  Each shard result is written, in its own transaction, by the
coordinating process as soon as the shard completes; a run that is killed loses at
most the shards still in flight, and ``--resume`` recomputes only the shards that
are not stored.  Each resumption is a new *session* of the run; a shard row records
the session that computed it and how many times it was written (``attempts``,
always 1 unless a shard was recomputed).

Tables: ``runs`` (one row per run), ``shards`` (one row per finished shard, unique
``(run_id, statement, n, res, mod)``; ``statement`` is a statement id or a table
name, ``data`` a free JSON payload such as a table's partial counts) and
``results`` (the merged :class:`~verify.registry.Result` of each statement once it
is finished).  The database is in WAL mode, so ``results`` can read it while a run
writes.

>>> import tempfile, pathlib
>>> from verify.sweep.shards import ShardResult
>>> path = pathlib.Path(tempfile.mkdtemp()) / "r.sqlite"
>>> with Store(path) as s:
...     run = s.new_run("check TSD.T12", {"kind": "check", "statements": []}, {"python": "3"})
...     s.record_shard(run, ShardResult("TSD.T12", 5, 0, 1, instances=7))
...     s.finished_shards(run, "TSD.T12", 5, 1)[0].instances
7
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
from datetime import datetime
from pathlib import Path

from ..errors import InputError
from ..registry.statement import Result
from .shards import ShardResult, default_mod

__all__ = ["Store", "DEFAULT_STORE", "versions", "FAILED_VERDICTS", "run_graph_class"]

DEFAULT_STORE = Path(".shannon-verify") / "results.sqlite"
FAILED_VERDICTS = ("fails", "refuted", "found")
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    run_id   INTEGER PRIMARY KEY AUTOINCREMENT,
    started  TEXT NOT NULL,
    finished TEXT,
    command  TEXT NOT NULL,
    plan     TEXT NOT NULL,
    versions TEXT NOT NULL,
    backend  TEXT,
    status   TEXT NOT NULL,
    sessions INTEGER NOT NULL DEFAULT 1,
    pid      INTEGER,
    host     TEXT
);
CREATE TABLE IF NOT EXISTS shards (
    run_id     INTEGER NOT NULL REFERENCES runs(run_id),
    statement  TEXT NOT NULL,
    n          INTEGER NOT NULL,
    res        INTEGER NOT NULL,
    mod        INTEGER NOT NULL,
    instances  INTEGER NOT NULL,
    hypothesis INTEGER NOT NULL,
    verdict    TEXT NOT NULL,
    failures   TEXT NOT NULL,
    witness    TEXT,
    data       TEXT,
    seconds    REAL NOT NULL,
    finished   TEXT NOT NULL,
    session    INTEGER NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 1,
    UNIQUE (run_id, statement, n, res, mod)
);
CREATE TABLE IF NOT EXISTS results (
    run_id         INTEGER NOT NULL REFERENCES runs(run_id),
    statement      TEXT NOT NULL,
    verdict        TEXT NOT NULL,
    result         TEXT NOT NULL,
    finished       TEXT NOT NULL,
    UNIQUE (run_id, statement)
);
"""


def run_graph_class(plan: dict) -> str:
    """The graph class spec a run's plan was started with (``--graphs``; ``""`` for all
    connected graphs, and for a run stored before graph classes existed).

    >>> run_graph_class({"graphs": "maxdeg=3"}), run_graph_class({"kind": "check"})
    ('maxdeg=3', '')
    """
    return plan.get("graphs") or ""


def _tupled(x):
    """A stored order key as the domain made it: JSON turns tuples into lists, so every
    list (at any depth) becomes a tuple again; keys of any length and nesting round-trip.

    >>> _tupled([7, "W5X"]), _tupled([9, 10, "H??", [0, 1]]), _tupled("ab")
    ((7, 'W5X'), (9, 10, 'H??', (0, 1)), 'ab')
    """
    if isinstance(x, list):
        return tuple(_tupled(y) for y in x)
    return x


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def versions(backend: str = "") -> dict:
    """Versions a run depends on: shannon-verify (and its git commit), Python, the solvers, geng.

    >>> "shannon-verify" in versions()
    True
    """
    import platform
    import subprocess
    from importlib import metadata

    from .. import __version__
    from ..graphs import find_geng

    out = {"shannon-verify": __version__, "python": platform.python_version()}
    for dist in ("networkx", "pynauty", "python-sat", "z3-solver", "passagemath-nauty") + (("dask", "distributed") if "dask" in backend else ()):
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            pass
    out["geng"] = find_geng() or "networkx atlas"
    here = Path(__file__).resolve().parent
    try:
        git = ["git", "-C", str(here)]
        head = subprocess.run(git + ["rev-parse", "--short=12", "HEAD"], capture_output=True, text=True, timeout=10)
        if head.returncode == 0:
            dirty = subprocess.run(git + ["status", "--porcelain", "--", str(here.parent)], capture_output=True, text=True, timeout=10)
            out["git"] = head.stdout.strip() + ("-dirty" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        pass
    return out


def _alive(pid: int | None, host: str | None) -> bool:
    if not pid or host != socket.gethostname():
        return True  # cannot tell; trust the status
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class _Rows:
    """The rows of one statement, read whole while the connection was locked."""

    def __init__(self, cur) -> None:
        self.rows = cur.fetchall() if cur.description is not None else []
        self.lastrowid = cur.lastrowid

    def __iter__(self):
        return iter(self.rows)

    def fetchone(self):
        return self.rows[0] if self.rows else None

    def fetchall(self):
        return list(self.rows)


class _Locked:
    """One SQLite connection shared by the threads of a run (``check`` runs statements
    in threads): every statement runs under a lock and its rows are read at once."""

    def __init__(self, db) -> None:
        import threading

        self._db = db
        self._lock = threading.RLock()

    def execute(self, *args) -> _Rows:
        with self._lock:
            return _Rows(self._db.execute(*args))

    def executescript(self, script: str) -> None:
        with self._lock:
            self._db.executescript(script)

    def backup(self, target) -> None:
        """Copy the database into the connection ``target`` (SQLite's online backup)."""
        with self._lock:
            self._db.backup(target)

    def close(self) -> None:
        with self._lock:
            self._db.close()


def store_failure(exc: sqlite3.Error, path: str | Path | None = None) -> str | None:
    """One sentence for a results store that SQLite could not read or write for a reason
    outside the file (read-only, full or failing disk, locked by another process, a
    folder it cannot open), or None when the file itself is at fault (not a database,
    damaged).

    >>> store_failure(sqlite3.OperationalError("database or disk is full"), "r.db")
    'The results store r.db cannot be written: the disk is full (database or disk is full); free some space and run again.'
    """
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc)
    where = f"The results store {path}" if path is not None else "The results store"
    if name.startswith("SQLITE_FULL") or "disk is full" in text:
        return f"{where} cannot be written: the disk is full ({text}); free some space and run again."
    if name.startswith(("SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH")) or "readonly database" in text:
        return (f"{where} cannot be written: the file, its folder or its file system is read-only ({text}); "
                "give --store a writable path.")
    if name.startswith("SQLITE_CANTOPEN") or "unable to open" in text:
        return (f"{where} cannot be opened ({text}): its folder may be read-only or not allowed to this user; "
                "give --store a writable path.")
    if name.startswith("SQLITE_IOERR") or "disk I/O error" in text:
        return f"{where} cannot be read or written: the disk reports an error ({text})."
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "is locked" in text:
        return f"{where} is locked by another process ({text}); wait for it, or give another --store."
    return None


class Store:
    """A results store at ``path`` (created with its folder unless ``create=False``);
    ``readonly=True`` opens an existing store for reading only, changing nothing in the
    file (a snapshot kept in a repository stays as committed)."""

    def __init__(self, path: str | Path = DEFAULT_STORE, create: bool = True, readonly: bool = False):
        self.path = Path(path)
        if not self.path.exists():
            if not create or readonly:
                raise InputError(f"There is no results store at {self.path}.")
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            if readonly:
                db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=60,
                                     isolation_level=None, check_same_thread=False)
            else:
                db = sqlite3.connect(self.path, timeout=60, isolation_level=None, check_same_thread=False)
            db.row_factory = sqlite3.Row
            self.db = _Locked(db)
            if not readonly:
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            problems = [r[0] for r in self.db.execute("PRAGMA quick_check(1)")]
            if problems != ["ok"]:
                self.db.close()
                lines = [x.strip() for p in problems for x in p.splitlines() if x.strip() and not x.startswith("***")]
                raise InputError(f"The results store {self.path} is damaged ({(lines or ['integrity check failed'])[0]}); "
                                 "move it away, or give another --store.")
            if version == 0 and readonly:
                self.db.close()
                raise InputError(f"{self.path} is not a results store.")
            if version == 0:
                self.db.executescript(SCHEMA)
                self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.DatabaseError as exc:
            why = store_failure(exc, self.path)
            if why is not None:
                raise InputError(why) from None
            raise InputError(f"{self.path} is not a results store, or is damaged ({exc}); move it away, or give "
                             "another --store.") from None
        if version > SCHEMA_VERSION:
            raise InputError(f"{self.path} was written by a newer shannon-verify (store version {version}).")
        self.session = 1

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def close(self) -> None:
        self.db.close()

    # -- runs -------------------------------------------------------------

    def new_run(self, command: str, plan: dict, versions: dict, backend: str = "") -> int:
        """Record a new run; returns its id."""
        cur = self.db.execute(
            "INSERT INTO runs (started, command, plan, versions, backend, status, pid, host) VALUES (?, ?, ?, ?, ?, 'running', ?, ?)",
            (_now(), command, json.dumps(plan), json.dumps(versions), backend, os.getpid(), socket.gethostname()),
        )
        self.session = 1
        return cur.lastrowid

    def run_id(self, ref: str | int) -> int:
        """The id of run ``ref`` (a number or ``'last'``)."""
        if str(ref) == "last":
            row = self.db.execute("SELECT max(run_id) FROM runs").fetchone()
            if row[0] is None:
                raise InputError(f"The store {self.path} has no runs yet.")
            return row[0]
        try:
            run_id = int(ref)
        except ValueError:
            raise InputError(f"{ref!r} is not a run id (a number or 'last').") from None
        if self.db.execute("SELECT 1 FROM runs WHERE run_id = ?", (run_id,)).fetchone() is None:
            raise InputError(f"Run {run_id} is not in the store {self.path}.")
        return run_id

    def run(self, run_id: int) -> dict:
        """The row of run ``run_id`` with ``plan`` and ``versions`` decoded."""
        row = dict(self.db.execute("SELECT * FROM runs WHERE run_id = ?", (run_id,)).fetchone())
        row["plan"] = json.loads(row["plan"])
        row["versions"] = json.loads(row["versions"])
        return row

    def resume_run(self, run_id: int, backend: str = "") -> dict:
        """Start a new session of run ``run_id``; returns its row."""
        self.db.execute(
            "UPDATE runs SET sessions = sessions + 1, status = 'running', finished = NULL, backend = ?, pid = ?, host = ? WHERE run_id = ?",
            (backend, os.getpid(), socket.gethostname(), run_id),
        )
        row = self.run(run_id)
        self.session = row["sessions"]
        return row

    def finish_run(self, run_id: int, status: str) -> None:
        """Set the final status of run ``run_id``."""
        self.db.execute("UPDATE runs SET status = ?, finished = ? WHERE run_id = ?", (status, _now(), run_id))

    # -- shards and results -------------------------------------------------

    def record_shard(self, run_id: int, r: ShardResult, data: dict | None = None) -> None:
        """Store one finished shard (a second write of the same shard counts an attempt)."""
        self.db.execute(
            """INSERT INTO shards (run_id, statement, n, res, mod, instances, hypothesis, verdict, failures, witness, data,
                                   seconds, finished, session)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (run_id, statement, n, res, mod) DO UPDATE SET
                   instances = excluded.instances, hypothesis = excluded.hypothesis, verdict = excluded.verdict,
                   failures = excluded.failures, witness = excluded.witness, data = excluded.data,
                   seconds = excluded.seconds, finished = excluded.finished, session = excluded.session,
                   attempts = attempts + 1""",
            (
                run_id, r.statement, r.n, r.res, r.mod, r.instances, r.hypothesis, r.verdict,
                json.dumps(r.failures), None if r.witness is None else json.dumps(r.witness),
                json.dumps({**(data or {}), "oracles": r.oracles, **({"audit": r.audit} if r.audit else {}),
                            **({"commit": r.commit} if r.commit else {}), **({"derived": r.derived} if r.derived else {})})
                if (data is not None or r.oracles or r.audit or r.commit or r.derived) else None,
                r.seconds, _now(), self.session,
            ),
        )

    def finished_shards(self, run_id: int, statement: str, n: int, mod: int) -> dict[int, ShardResult]:
        """The stored shards of one statement and ``n`` (with this ``mod``), by ``res``."""
        rows = self.db.execute(
            "SELECT * FROM shards WHERE run_id = ? AND statement = ? AND n = ? AND mod = ?", (run_id, statement, n, mod)
        )
        out = {}
        for row in rows:
            data = (json.loads(row["data"]) or {}) if row["data"] else {}
            out[row["res"]] = ShardResult(
                row["statement"], row["n"], row["res"], row["mod"], row["instances"], row["hypothesis"],
                [_tupled(k) for k in json.loads(row["failures"] or "[]")],
                None if row["witness"] is None else json.loads(row["witness"]),
                row["verdict"], row["seconds"], data.get("oracles", []), data.get("audit", {}), data.get("commit", ""),
                data.get("derived", {}),
            )
        return out

    def shard_data(self, run_id: int, statement: str, n: int, mod: int) -> dict[int, dict]:
        """The ``data`` of the stored shards of one statement and ``n`` (e.g. a table's
        per-shard histogram), by ``res``."""
        rows = self.db.execute(
            "SELECT res, data FROM shards WHERE run_id = ? AND statement = ? AND n = ? AND mod = ? AND data IS NOT NULL",
            (run_id, statement, n, mod),
        )
        return {row["res"]: json.loads(row["data"]) for row in rows}

    def shard_rows(self, run_id: int) -> list[dict]:
        """Every stored shard of run ``run_id`` (without failures and witnesses)."""
        return [
            dict(r)
            for r in self.db.execute(
                "SELECT statement, n, res, mod, instances, hypothesis, verdict, seconds, finished, session, attempts "
                "FROM shards WHERE run_id = ? ORDER BY statement, n, res",
                (run_id,),
            )
        ]

    def record_result(self, run_id: int, result: Result) -> None:
        """Store the merged result of one statement of run ``run_id``."""
        self.db.execute(
            "INSERT OR REPLACE INTO results (run_id, statement, verdict, result, finished) VALUES (?, ?, ?, ?, ?)",
            (run_id, result.id, result.verdict, json.dumps(result.to_json()), _now()),
        )

    def results(self, run_id: int) -> dict[str, dict]:
        """The stored merged results of run ``run_id``, by statement."""
        rows = self.db.execute("SELECT statement, result FROM results WHERE run_id = ?", (run_id,))
        return {r["statement"]: json.loads(r["result"]) for r in rows}

    # -- summaries ----------------------------------------------------------

    def summary(self, run_id: int) -> dict:
        """Run ``run_id`` with per-statement verdicts, counts and shards done/total."""
        run = self.run(run_id)
        plan = run["plan"]
        done = self.results(run_id)
        per = {}
        for r in self.db.execute(
            "SELECT statement, count(*) AS shards, sum(instances) AS instances, sum(hypothesis) AS hypothesis, "
            "sum(seconds) AS seconds, max(n) AS n FROM shards WHERE run_id = ? GROUP BY statement",
            (run_id,),
        ):
            per[r["statement"]] = dict(r)
        statements = []
        for p in plan.get("statements", []):
            sid = p["id"]
            res = done.get(sid)
            hi = res["n_range"][1] if res and res["verdict"] in FAILED_VERDICTS and not plan.get("all") else p["max_n"]
            used = dict(self.db.execute("SELECT n, max(mod) FROM shards WHERE run_id = ? AND statement = ? GROUP BY n", (run_id, sid)).fetchall())
            if p.get("table"):  # a table shards geng itself (verify.tables.kernel.default_shards)
                from ..tables.kernel import default_jobs, default_shards

                total = sum(used.get(n) or plan.get("mod") or default_shards(n, default_jobs()) for n in range(p["min_n"], hi + 1))
            else:
                total = sum(used.get(n) or plan.get("mod") or default_mod(n, p.get("graphs")) for n in range(p["min_n"], hi + 1))
            agg = per.get(sid, {})
            statements.append(
                {
                    "id": sid,
                    "verdict": res["verdict"] if res else "",
                    "n_range": [p["min_n"], p["max_n"]],
                    "n_reached": agg.get("n"),
                    "shards_done": agg.get("shards", 0),
                    "shards_total": total,
                    "instances": agg.get("instances") or 0,
                    "hypothesis_true": agg.get("hypothesis") or 0,
                    "shard_seconds": round(agg.get("seconds") or 0.0, 3),
                    **({"graphs": p["graphs"]} if p.get("graphs") else {}),
                    **({"counterexample": res["counterexample"]} if res and res.get("counterexample") else {}),
                }
            )
        status = run["status"]
        if status == "running" and not _alive(run["pid"], run["host"]):
            status = "stopped"
        return {
            "run": run_id,
            "started": run["started"],
            "finished": run["finished"],
            "status": status,
            "command": run["command"],
            **({"graphs": plan["graphs"]} if plan.get("graphs") else {}),
            "backend": run["backend"],
            "sessions": run["sessions"],
            "versions": run["versions"],
            "shards_done": sum(s["shards_done"] for s in statements),
            "shards_total": sum(s["shards_total"] for s in statements),
            "statements": statements,
        }

    def snapshot(self, dst: str | Path) -> Path:
        """Copy the store to ``dst``, consistent even while a run writes to it (SQLite's
        online backup), for keeping a long run's progress elsewhere — in a repository, say.

        A run still ``running`` in the copy is marked ``interrupted`` there (no process
        writes to the copy), so ``results`` shows the same status on every machine, and
        ``check --resume`` continues it from the copy.  ``dst`` is replaced.

        >>> import tempfile, pathlib
        >>> d = pathlib.Path(tempfile.mkdtemp())
        >>> with Store(d / "a.sqlite") as s:
        ...     run = s.new_run("check X", {"kind": "check", "statements": []}, {})
        ...     _ = s.snapshot(d / "b.sqlite")
        ...     s.run(run)["status"]
        'running'
        >>> with Store(d / "b.sqlite", create=False) as c:
        ...     c.run(run)["status"], c.run(run)["pid"]
        ('interrupted', None)
        """
        dst = Path(dst)
        dst.parent.mkdir(parents=True, exist_ok=True)
        tmp = dst.with_name(dst.name + ".part")
        tmp.unlink(missing_ok=True)
        out = sqlite3.connect(tmp)
        try:
            self.db.backup(out)
            out.execute("UPDATE runs SET status = 'interrupted', pid = NULL WHERE status = 'running'")
            out.commit()
            out.execute("PRAGMA journal_mode=DELETE")
            out.execute("VACUUM")
        finally:
            out.close()
        for extra in ("-wal", "-shm"):
            Path(str(dst) + extra).unlink(missing_ok=True)
        tmp.replace(dst)
        return dst

    def run_ids(self) -> list[int]:
        """Every run id, oldest first."""
        return [r[0] for r in self.db.execute("SELECT run_id FROM runs ORDER BY run_id")]
