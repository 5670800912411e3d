"""The n = 9 sweep: every TSD statement checked game by game that holds, on all
7,949,596 games of n = 9, in one long resumable run whose store lives in the repository.

``python ci/n9_sweep.py run [--jobs J] [--store WORK] [--every MIN] [--new]``
    Continue the run kept in ``docs/n9/results.sqlite`` (or start it when there is none):
    the kept store is copied to the working store ``WORK`` (default
    ``.shannon-verify/n9.sqlite``, git-ignored) unless that exists already, then
    ``shannon-verify check --resume`` runs on it (``check IDS --min-n 9 --max-n 9
    --one-pass --mod 512 --all`` the first time).  Every ``MIN`` minutes (default 10), and
    when the check ends or is stopped, the working store is copied back to
    ``docs/n9/results.sqlite`` (:meth:`verify.sweep.store.Store.snapshot`), so a session
    that ends loses at most those minutes; commit that file to keep the progress.
    ``--new`` starts a new run in the store (after the checks changed), which the table
    then shows; the earlier runs stay in the store.  Stop it with Ctrl-C, or with
    ``kill -TERM`` on this script's process when it runs in the background: the check
    stops at once, keeps its finished shards, marks the run interrupted, and the store is
    copied back; ``run`` again continues it.  When the check ends, one line is appended to
    ``docs/n9/sessions.jsonl``: the CPU seconds the check and its workers used (from
    ``getrusage(RUSAGE_CHILDREN)``, so other work on the cores does not count), its wall
    seconds, and the statement-shard games stored before and after — the run's measured
    cost, which the table turns into the CPU hours of the whole run.
``python ci/n9_sweep.py snapshot [--store WORK]``
    Copy the working store to ``docs/n9/results.sqlite`` now.
``python ci/n9_sweep.py table [--store PATH] [--readme]``
    Print the Markdown table of the kept run (default ``docs/n9/results.sqlite``): per
    statement the verdict so far, geng shards done, games, games where the hypothesis
    held and worker seconds (each shard's wall seconds in its worker process: its CPU
    seconds on an idle core, more where other jobs shared the cores); ``--readme`` writes
    it into README.md between its markers instead.  ``tests/test_n9_sweep.py`` checks that the README's copy is this table.

A stored run continues only with the code it started with: ``check --resume`` refuses a
run whose statements' checks changed since (a faster check is a new run).  The run
records its commit (``shannon-verify results 2 --store docs/n9/results.sqlite``, line
``versions``); when that is not the checkout's ``HEAD``, ``run`` checks the commit out
into a git worktree under ``.shannon-verify/`` (git-ignored) and runs ``check`` with that
code (``PYTHONPATH``), while the store, its copies and this script stay the checkout's.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEPT = ROOT / "docs" / "n9" / "results.sqlite"
SESSIONS = ROOT / "docs" / "n9" / "sessions.jsonl"
WORK = ROOT / ".shannon-verify" / "n9.sqlite"
N, MOD = 9, 512
GAMES = 7_949_596  # connected games of n = 9, terminal pairs up to automorphism


def _store(path: Path, readonly: bool = False):
    from verify.sweep.store import Store

    return Store(path, create=not readonly, readonly=readonly)


def _own_group_with_sigint() -> None:  # runs in the child before exec
    os.setpgid(0, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def check_command(store: Path, jobs: int | None, resume: int | None) -> list[str]:
    """The ``check`` command that starts (``resume`` None) or continues the sweep."""
    cmd = [sys.executable, "-m", "verify", "check", "--store", str(store), "--no-progress"]
    if jobs:
        cmd += ["--jobs", str(jobs)]
    if resume is not None:
        return cmd + ["--resume", str(resume)]
    from verify.sweep.onepass import holding_game_statements

    return cmd + [*holding_game_statements("TSD."), "--min-n", str(N), "--max-n", str(N), "--one-pass",
                  "--mod", str(MOD), "--all"]


def last_run(path: Path) -> int | None:
    """The id of the last run in the store at ``path`` (None: no store, or no run)."""
    if not path.exists():
        return None
    with _store(path, readonly=True) as s:
        ids = s.run_ids()
    return ids[-1] if ids else None


def _git(*args: str) -> str | None:
    r = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else None


def code_for(path: Path, run_id: int | None) -> str | None:
    """The commit whose code must continue run ``run_id`` of the store at ``path``: None
    when that is the checkout's own (a new run, the same commit, or no commit recorded)."""
    if run_id is None:
        return None
    with _store(path, readonly=True) as s:
        commit = (s.run(run_id)["versions"].get("git") or "").removesuffix("-dirty")
    head = _git("rev-parse", "HEAD") or ""
    return commit if commit and not head.startswith(commit) else None


def code_dir(commit: str) -> Path:
    """A worktree of the checkout at ``commit`` (made on first use), for ``PYTHONPATH``."""
    where = ROOT / ".shannon-verify" / f"n9-code-{commit}"
    if not where.exists():
        if _git("worktree", "add", "--detach", str(where), commit) is None:
            raise SystemExit(f"Cannot check out commit {commit} (the n = 9 run's code) into {where}; fetch it first.")
    return where


def _shards(path: Path) -> int:
    with _store(path, readonly=True) as s:
        return len(s.shard_rows(s.run_ids()[-1])) if s.run_ids() else 0


def _cpu_of_children() -> float:
    """User + system CPU seconds of this process's finished children and their reaped
    descendants (the check and its pool workers, once the check has exited)."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _units(path: Path, run_id: int | None) -> int:
    """Statement-shard games stored in run ``run_id`` of ``path``: the sum over its
    statements of the games their finished shards checked (0 for no run)."""
    if run_id is None:
        return 0
    with _store(path, readonly=True) as s:
        return sum(r["instances"] for r in s.shard_rows(run_id))


def _run_commit(path: Path, run_id: int) -> str:
    with _store(path, readonly=True) as s:
        return s.run(run_id)["versions"].get("git", "?")


def log_session(entry: dict, path: Path = SESSIONS) -> None:
    """Append one measured session of the run to ``path`` (JSON Lines)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as f:
        f.write(json.dumps(entry) + "\n")


def measured(run_id: int, commit: str, statements: int, path: Path = SESSIONS) -> dict | None:
    """The cost of run ``run_id`` (begun at ``commit``) measured by its logged sessions:
    CPU seconds, statement-shard games they stored, and the CPU hours that rate gives the
    whole run (every statement on every game; work lost when a session is stopped counts
    as cost, so this errs high).  None when no session of the run stored anything."""
    if not path.exists():
        return None
    cpu = wall = units = 0.0
    sessions = 0
    for line in path.read_text().splitlines():
        e = json.loads(line)
        if (e.get("run"), e.get("commit")) == (run_id, commit) and e["units_after"] > e["units_before"]:
            sessions += 1
            cpu, wall, units = cpu + e["cpu_s"], wall + e["wall_s"], units + e["units_after"] - e["units_before"]
    if not units:
        return None
    return {"sessions": sessions, "cpu_s": cpu, "wall_s": wall, "units": int(units),
            "whole_run_cpu_h": cpu / units * statements * GAMES / 3600}


def snapshot(work: Path, kept: Path = KEPT) -> None:
    with _store(work, readonly=True) as s:
        s.snapshot(kept)


def run(args: argparse.Namespace) -> int:
    work = Path(args.store)
    if KEPT.exists() and (not work.exists() or _shards(KEPT) > _shards(work)):  # the kept copy is further on
        with _store(KEPT, readonly=True) as s:
            s.snapshot(work)
    resume = None if args.new else last_run(work)
    cmd = check_command(work, args.jobs, resume)
    env = dict(os.environ)
    commit = code_for(work, resume)
    if commit:
        env["PYTHONPATH"] = str(code_dir(commit))
        cmd.insert(1, "-P")  # not this folder first on sys.path: the worktree's package is the one imported
        print(f"run {resume} continues with the code of its commit {commit} ({env['PYTHONPATH']}; a counterexample "
              "found is written to its counterexamples/)", flush=True)
    print("$ " + " ".join(cmd[1:]), flush=True)
    # the check runs in its own process group with Ctrl-C's default action restored (a
    # shell starts background jobs with SIGINT ignored, and Python then never raises
    # KeyboardInterrupt): Ctrl-C or kill -TERM on this script sends it exactly one SIGINT,
    # so it stops at once with its finished shards stored — whatever code the run uses
    from verify.sweep.backends import interrupt_on_term

    before, units_before, previous = _cpu_of_children(), _units(work, resume), last_run(work)
    started, t0 = datetime.now(timezone.utc), time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, preexec_fn=_own_group_with_sigint)
    every = max(1.0, args.every) * 60
    try:
        with interrupt_on_term():
            while True:
                try:
                    proc.wait(timeout=every)
                    break
                except subprocess.TimeoutExpired:
                    snapshot(work)
    except KeyboardInterrupt:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        print("stopping: the check stores its finished shards and marks the run interrupted", flush=True)
        proc.send_signal(signal.SIGINT)
        proc.wait()
    ran = last_run(work)  # the run this session worked on: the resumed one, or the new one it began
    if ran is not None and ran == (resume if resume is not None else ran) and (resume is not None or ran != previous):
        log_session({"run": ran, "commit": _run_commit(work, ran),
                     "started": started.isoformat(timespec="seconds"), "jobs": args.jobs, "exit": proc.returncode,
                     "wall_s": round(time.perf_counter() - t0, 1), "cpu_s": round(_cpu_of_children() - before, 1),
                     "units_before": units_before, "units_after": _units(work, ran)}, args.sessions)
    snapshot(work)
    print(f"kept in {KEPT.relative_to(ROOT)}: {done_line(KEPT)}", flush=True)
    return proc.returncode


def _rows(path: Path) -> tuple[dict, list[dict]]:
    """The kept run's summary and per statement: verdicts of its shards, counts, seconds."""
    from verify.sweep.store import FAILED_VERDICTS

    with _store(path, readonly=True) as s:
        run_id = s.run_ids()[-1]
        summary = s.summary(run_id)
        verdicts: dict[str, set] = {}
        for r in s.db.execute("SELECT statement, verdict FROM shards WHERE run_id = ? AND n = ?", (run_id, N)):
            verdicts.setdefault(r["statement"], set()).add(r["verdict"])
        results = s.results(run_id)
    rows = []
    for st in summary["statements"]:
        seen = verdicts.get(st["id"], set())
        done = st["shards_done"] == st["shards_total"]
        if results.get(st["id"]):
            verdict = results[st["id"]]["verdict"]
        elif seen & set(FAILED_VERDICTS):
            verdict = "fails"
        elif not seen:
            verdict = "not yet"
        elif seen <= {"holds", "vacuous"}:  # as the finished run merges its shards: vacuous only if no game met it
            verdict = ("holds" if st["hypothesis_true"] else "vacuous") + ("" if done else " so far")
        else:
            verdict = "/".join(sorted(seen))
        rows.append({**st, "verdict_so_far": verdict})
    return summary, rows


def cross_checks(path: Path) -> list[str]:
    """For each earlier run of the store: how many statement shards it shares with the
    kept (last) run, and whether they agree on games, hypothesis counts and verdicts."""
    out = []
    with _store(path, readonly=True) as s:
        ids = s.run_ids()
        if len(ids) < 2:
            return out
        last = ids[-1]
        key = lambda r: (r["statement"], r["n"], r["res"], r["mod"])
        mine = {key(r): r for r in s.shard_rows(last)}
        for run in ids[:-1]:
            same = differ = 0
            for r in s.shard_rows(run):
                other = mine.get(key(r))
                if other is None:
                    continue
                agree = all(r[f] == other[f] for f in ("instances", "hypothesis", "verdict"))
                same, differ = same + agree, differ + (not agree)
            if same or differ:
                commit = s.run(run)["versions"].get("git", "?")
                out.append(f"Cross-check: run {run} (commit `{commit}`) computed {same + differ:,} of these statement "
                           f"shards with its own code; {same:,} agree on games, hypothesis counts and verdicts"
                           + (f", **{differ:,} differ**." if differ else ", none differs."))
    return out


def done_line(path: Path) -> str:
    return _done(*_rows(path))


def _done(summary: dict, rows: list[dict]) -> str:
    geng = min((r["shards_done"] for r in rows), default=0)
    games = min((r["instances"] for r in rows), default=0)
    cpu = sum(r["shard_seconds"] for r in rows) / 3600
    # each statement's seconds per game so far, times every game (geng's shards are alike)
    rate = sum(r["shard_seconds"] * GAMES / r["instances"] for r in rows if r["instances"]) / 3600
    ahead = f", about {rate:.0f} for every game at this rate" if games < GAMES and games else ""
    return (f"run {summary['run']} ({summary['status']}): {summary['shards_done']:,} of {summary['shards_total']:,} statement "
            f"shards; all {len(rows)} statements on {geng} of {MOD} geng shards ({games:,} of {GAMES:,} games); "
            f"{cpu:.1f} worker hours {'so far' if games < GAMES else 'in all'}{ahead}")


def cost_line(run_id: int, commit: str, statements: int, sessions: Path = SESSIONS) -> str | None:
    m = measured(run_id, commit, statements, sessions)
    if m is None:
        return None
    s = "session" if m["sessions"] == 1 else "sessions"
    return (f"Measured cost ({m['sessions']} {s} logged in `docs/n9/sessions.jsonl`, CPU seconds of the check and "
            f"its workers): {m['cpu_s'] / 3600:.2f} CPU hours for {m['units']:,} statement-games "
            f"({m['wall_s'] / 3600:.2f} h wall), so about {m['whole_run_cpu_h']:.1f} CPU hours for the whole run, "
            f"{m['whole_run_cpu_h'] / 2:.1f} h on 2 cores.")


def table(path: Path, sessions: Path = SESSIONS) -> str:
    """The Markdown table of the run kept at ``path`` (its measured cost from ``sessions``)."""
    summary, rows = _rows(path)
    commit = summary["versions"].get("git", "?")
    checks = cross_checks(path)
    cost = cost_line(summary["run"], commit, len(rows), sessions)
    lines = [
        f"Run {summary['run']} of `ci/n9_sweep.py` (commit `{commit}`): {_done(summary, rows)}.",
        *(["", cost] if cost else []),
        *(["", *checks] if checks else []),
        "",
        "| statement | verdict at n = 9 | geng shards | games | hypothesis held | worker s |",
        "|---|---|---|---|---|---|",
    ]
    notes = []
    for r in rows:
        mark = ""
        split = derived_split(r)
        if split is not None:
            notes.append(f"¹ Of {r['id']}'s {r['hypothesis_true']:,}, {split[0]:,} positions were checked (the complete "
                         f"colourings, each with either player to move) and {split[1]:,} concluded by Lemma 1's own induction "
                         "(positions with moves left); this run stored them as one count, before counts were counted "
                         "(issue 43: a run now reports them apart, under 'derived').")
            mark = " ¹"
        lines.append(f"| {r['id']} | {r['verdict_so_far']} | {r['shards_done']}/{r['shards_total']} | {r['instances']:,} "
                     f"| {r['hypothesis_true']:,}{mark} | {r['shard_seconds']:,.0f} |")
    return "\n".join(lines + ([""] + notes if notes else []))


def derived_split(row: dict) -> tuple[int, int] | None:
    """(checked, derived) of a TSD.L1 row of a run that stored the positions concluded by
    Lemma 1's induction in its hypothesis count: every game of n = 9 has 7 non-terminals,
    2 * 3**7 positions, of which the fast pass checks the 2 * 2**7 complete colourings."""
    if row["id"] != "TSD.L1" or row["hypothesis_true"] != row["instances"] * 2 * 3 ** (N - 2):
        return None
    checked = row["instances"] * 2 * 2 ** (N - 2)
    return checked, row["hypothesis_true"] - checked


README = ROOT / "README.md"
BEGIN, END = "<!-- n9-table: python ci/n9_sweep.py table -->", "<!-- /n9-table -->"


def write_readme(text: str, readme: Path = README) -> None:
    """Put ``text`` between the README's n = 9 markers."""
    old = readme.read_text()
    a, b = old.find(BEGIN), old.find(END)
    if a < 0 or b < a:
        raise SystemExit(f"{readme} has no '{BEGIN}' ... '{END}' markers.")
    readme.write_text(old[: a + len(BEGIN)] + "\n" + text.strip() + "\n" + old[b:])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="start or continue the sweep, keeping its store in docs/n9")
    r.add_argument("--jobs", type=int, default=None, help="worker processes (default: check's, every core)")
    r.add_argument("--store", default=str(WORK), help=f"working store (default {WORK.relative_to(ROOT)})")
    r.add_argument("--new", action="store_true", help="start a new run even if the store has one")
    r.add_argument("--sessions", type=Path, default=SESSIONS, help=argparse.SUPPRESS)
    r.add_argument("--every", type=float, default=10.0, metavar="MIN", help="minutes between copies to docs/n9 (default 10)")
    s = sub.add_parser("snapshot", help="copy the working store to docs/n9 now")
    s.add_argument("--store", default=str(WORK))
    t = sub.add_parser("table", help="print the Markdown table of the kept run")
    t.add_argument("--store", default=str(KEPT))
    t.add_argument("--json", action="store_true")
    t.add_argument("--readme", action="store_true", help="write the table into README.md between its markers")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from verify.errors import InputError

    from verify.cli.pipes import reader_may_stop

    try:
        if args.cmd == "run":
            return run(args)
        with reader_may_stop():
            if args.cmd == "snapshot":
                snapshot(Path(args.store))
                print(done_line(KEPT))
            elif args.json:
                summary, rows = _rows(Path(args.store))
                print(json.dumps({"run": summary["run"], "versions": summary["versions"], "statements": rows}, indent=2))
            elif args.readme:
                write_readme(table(Path(args.store)))
            else:
                print(table(Path(args.store)))
        return 0
    except InputError as exc:
        print(f"n9_sweep: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
