"""Side by side with Benzene's df-pn (on demand; Benzene is a benchmark-only peer, never a dependency).

    PYTHONPATH=. python benchmarks/hex_vs_benzene.py --benzene PATH/wolve --tst PATH/dfpn-solve-7x7.tst [--only a3,a4] [--json]
    PYTHONPATH=. python benchmarks/hex_vs_benzene.py --benzene PATH/mohex --tst PATH/dfpn-solve-8x8.tst \
        --store docs/hex/vs_benzene_8x8.jsonl [--resume] [--jobs 2]
    PYTHONPATH=. python benchmarks/hex_vs_benzene.py --table docs/hex/vs_benzene_8x8.jsonl

Reads one of Benzene's regression files (``regression/dfpn-solve-NxN.tst`` of
github.com/cgao3/benzene-vanilla-cmake: ``boardsize``, ``play b X``, ``ID dfpn-solve-state
COLOUR`` then ``#? [winner]``, ``undo``, ``dfpn-clear-tt``) and solves each listed
position twice, each in a process of its own so that neither keeps a table from an
earlier position (Benzene's file clears its table between positions for the same reason):

* Benzene: ``boardsize``, the moves, ``dfpn-solve-state`` on its HTP engine (``wolve`` or
  ``mohex`` with ``--quiet --use-logfile=false``; one thread and its default 2^21-entry
  table are its defaults);
* ours: the compiled kernel as ``hex-openings`` runs it (:data:`RUN_SWITCHES`, df-pn,
  value only; the table size ``hex-openings`` uses for that board).

With ``--ours-store STORE`` (a ``hex-openings`` store of the same board, e.g.
``docs/hex/hex_openings_8x8.jsonl``) our side is not run again: each opening's kernel CPU
seconds and winner are read from the store's record for that cell or its 180° turn (an
opening undecided there counts as its CPU so far, a lower bound, shown with ``>``); the
8×8 map takes hours, so this compares Benzene with the run that made the map.

With ``--store FILE`` each position's row is appended to a checksummed JSON-lines store
as it finishes (its header names the regression file, our kernel and its switches, and the
Benzene binary), so a run that takes longer than one sitting is stopped (Ctrl-C, SIGTERM)
and continued with ``--resume``: each position is solved once, both programs back to back
on one core, and the summary covers every stored row.  Each sitting appends a session line
(positions, the children's CPU and wall seconds, the commit).  ``--jobs 2`` runs two
positions at a time, one per core (each child's CPU is its own, measured by ``os.wait4``).

CPU is each child process's user + system time (``os.wait4``), less the median of three
start-ups of the same program that solve nothing, so start-up costs are not counted on
either side.  Every answer is compared with the file's expected winner; a wrong answer
makes the exit status 1.  Wall times are not reported: the machine may be shared.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from verify.papers.hex.board import BLACK, WHITE, Position
from verify.papers.hex.openings_run import openings_table_bits
from verify.papers.hex.solver import RUN_SWITCHES, _flags, build_executable
from verify.sweep.backends import interrupt_on_term
from verify.sweep.provenance import code_commit


def parse_tst(text: str) -> tuple[int, list[dict]]:
    """(board side, positions): each position is its moves, the colour to move and the expected winner."""
    n, moves, out, last = None, [], [], None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#?"):
            if last is not None:
                last["expected"] = line.split("[", 1)[1].split("]", 1)[0]
            continue
        if line.startswith("#"):
            continue
        words = line.split()
        if words[0].isdigit():
            words = words[1:]
        if words[0] == "boardsize":
            n = int(words[1])
        elif words[0] == "play":
            moves.append((words[1][0].lower(), words[2].lower()))
        elif words[0] == "undo":
            moves.pop()
        elif words[0] == "dfpn-solve-state":
            last = {"moves": list(moves), "to_move": words[1][0].lower(), "expected": None}
            out.append(last)
    if n is None:
        raise SystemExit("The regression file sets no boardsize.")
    return n, out


class _Slots:
    """Run each job's commands (argv, stdin text) one after another, up to ``width`` jobs at a
    time, as child processes the main thread waits for with ``os.wait4`` (no threads: a stop
    comes in that wait and kills every child at once).  ``done(job, outputs, cpus)`` is called
    as each job's last command ends, with each command's stdout and user + system CPU."""

    def __init__(self, width: int, err=None) -> None:
        self.width = max(1, width)
        self.err = err  # an open file for the children's stderr, else nowhere
        self.live: dict[int, tuple] = {}  # pid → (Popen, stdout file, job, step, commands, outputs, cpus)

    def _start(self, job, step: int, commands, outputs, cpus) -> None:
        import tempfile

        argv, text = commands[step]
        out = tempfile.TemporaryFile(mode="w+")
        p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=out,
                             stderr=self.err if self.err is not None else subprocess.DEVNULL, text=True)
        self.live[p.pid] = (p, out, job, step, commands, outputs, cpus)
        try:
            p.stdin.write(text)
            p.stdin.close()
        except BrokenPipeError:
            pass

    def run(self, jobs: list, commands_of, done) -> None:
        todo = list(jobs)
        try:
            while todo or self.live:
                while todo and len(self.live) < self.width:
                    job = todo.pop(0)
                    self._start(job, 0, commands_of(job), [], [])
                pid, status, ru = os.wait4(-1, 0)
                if pid not in self.live:
                    continue
                p, out, job, step, commands, outputs, cpus = self.live.pop(pid)
                p.returncode = os.waitstatus_to_exitcode(status)
                out.seek(0)
                outputs.append(out.read())
                out.close()
                cpus.append(ru.ru_utime + ru.ru_stime)
                if step + 1 < len(commands):
                    self._start(job, step + 1, commands, outputs, cpus)
                else:
                    done(job, outputs, cpus)
        finally:
            self.stop()

    def kill(self) -> None:
        """Kill every child still running, without reaping it (safe from another thread:
        the waiting main thread reaps it and keeps its output so far)."""
        for p, *_rest in list(self.live.values()):
            if p.returncode is None:
                p.kill()

    def stop(self) -> None:
        """Kill and reap every child still running."""
        for pid, (p, out, *_rest) in list(self.live.items()):
            if p.returncode is None:
                p.kill()
                p.wait()
            out.close()
        self.live.clear()


def _cpu(cmd: list[str], text: str, timeout: float | None = None, err=None) -> tuple[str, float]:
    """Run ``cmd`` with ``text`` on stdin; (stdout, user + system CPU seconds of the child):
    one job on :class:`_Slots`.  With ``timeout`` the child is killed after that many
    seconds (its output so far is kept); its stderr goes to the open file ``err``, else
    nowhere."""
    import threading

    slots, got = _Slots(1, err=err), {}
    timer = threading.Timer(timeout, slots.kill) if timeout is not None else None
    if timer is not None:
        timer.start()
    try:
        slots.run([0], lambda job: [(cmd, text)], lambda job, outputs, cpus: got.update(out=outputs[0], cpu=cpus[0]))
    finally:
        if timer is not None:
            timer.cancel()
    return got["out"], got["cpu"]


def _sha(path: str | Path) -> str:
    import hashlib

    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


def store_header(n: int, tst: str | Path, benzene: str | Path, bits: int, positions: int) -> dict:
    """What a stored row depends on: the regression file (with its number of positions), our
    kernel with its switches and table, and the Benzene binary (each by a hash of its bytes)."""
    from verify.papers.hex.openings_run import kernel_hash

    return {"kind": "hex-vs-benzene", "n": n, "tst": Path(tst).name, "tst_sha": _sha(tst), "positions": positions,
            "kernel": kernel_hash(),
            "switches": _flags(**RUN_SWITCHES), "table_bits": bits, "benzene": Path(benzene).name,
            "benzene_sha": _sha(benzene)}


def open_store(path: Path, header: dict, resume: bool) -> list[dict]:
    """The rows already in the store at ``path`` (created with ``header`` when new); refuses
    an existing store without ``resume``, and one whose header differs from ``header``."""
    from verify import jsonl_store

    if not path.exists():
        jsonl_store.start(path, header)
        return []
    if not resume:
        raise SystemExit(f"{path} exists; pass --resume to continue it.")
    records = jsonl_store.read_records(path)
    if not records or records[0] != header:
        differ = sorted(k for k in header if not records or records[0].get(k) != header[k])
        raise SystemExit(f"{path} was made with another {', '.join(differ) or 'header'}; it cannot be continued.")
    return [r for r in records[1:] if "cell" in r]


def benzene_solve(n: int, pos: dict) -> str:
    lines = [f"boardsize {n} {n}"] + [f"play {c} {cell}" for c, cell in pos["moves"]]
    return "\n".join(lines + [f"99 dfpn-solve-state {'white' if pos['to_move'] == 'w' else 'black'}", "quit"]) + "\n"


def _answer(out: str) -> str:
    """The answer to the numbered solve command (``=99 white``), or ``?``."""
    for line in out.splitlines():
        if line.startswith("=99"):
            return line[3:].strip()
    return "?"


def ours_query(n: int, pos: dict) -> str:
    p = Position(n, n)
    names = {p.name(i): i for i in range(p.size)}
    for c, cell in pos["moves"]:
        p = p.play(names[cell], BLACK if c == "b" else WHITE)
    to = BLACK if pos["to_move"] == "b" else WHITE
    return f"{n} {n} {p.black:x} {p.white:x} {to} {_flags(**RUN_SWITCHES)}\n"


def _stored_openings(path: Path, n: int) -> dict[str, dict]:
    """Each cell of the n×n board → the store's record deciding Black's opening there (its
    own, or its 180° turn's); the last record per cell, as ``hex-openings --resume`` reads it."""
    from verify import jsonl_store
    from verify.papers.hex.openings_run import _cells, representatives

    records = jsonl_store.read_records(path)
    if not records or records[0].get("n") != n:
        raise SystemExit(f"{path} is not a hex-openings store of the {n}x{n} board.")
    last = _cells(records)
    board = Position(n, n)
    rep = representatives(n)
    return {board.name(i): last[board.name(rep[i])] for i in range(board.size) if board.name(rep[i]) in last}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--benzene", help="Benzene's wolve or mohex binary")
    ap.add_argument("--tst", help="a dfpn-solve-NxN.tst regression file")
    ap.add_argument("--table", metavar="STORE", help="print a --store's rows as a Markdown table and stop")
    ap.add_argument("--only", help="only these positions, by their last move (e.g. a3,a4)")
    ap.add_argument("--ours-store", help="take our side from this hex-openings store instead of solving again")
    ap.add_argument("--store", help="append each position's row to this store as it finishes")
    ap.add_argument("--resume", action="store_true", help="continue --store: the positions stored are not run again")
    ap.add_argument("--jobs", type=int, default=1, help="positions at a time (one core each; default 1)")
    ap.add_argument("--cheapest-first", metavar="MAP", help="run the positions in the order of our CPU on them in "
                    "this hex-openings store (a sitting that ends mid-run then loses the least work)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.table:
        from verify import jsonl_store

        print(table_md(jsonl_store.read_records(args.table)))
        return 0
    if not (args.benzene and args.tst):
        raise SystemExit("Name Benzene's binary (--benzene) and a regression file (--tst), or a store (--table).")
    n, positions = parse_tst(Path(args.tst).read_text())
    if args.only:
        keep = set(args.only.split(","))
        positions = [p for p in positions if p["moves"] and p["moves"][-1][1] in keep]
    if args.jobs < 1:
        raise SystemExit("--jobs is a positive integer.")
    if args.resume and not args.store:
        raise SystemExit("--resume continues a --store; name it.")
    if args.store and args.ours_store:
        raise SystemExit("A --store keeps positions both programs solved in it; --ours-store reads ours instead.")
    if args.cheapest_first:
        costs = _stored_openings(Path(args.cheapest_first), n)

        def cost(pos: dict) -> float:
            rec = costs.get(pos["moves"][-1][1]) if len(pos["moves"]) == 1 else None
            return float("inf") if rec is None else rec.get("cpu") or rec["seconds"]

        positions = sorted(positions, key=cost)
    bz = [args.benzene, "--quiet", "--use-logfile=false"]
    bits = openings_table_bits(n)  # as hex-openings
    ours = [str(build_executable(n * n)), str(bits)]
    stored = _stored_openings(Path(args.ours_store), n) if args.ours_store else None
    store = Path(args.store) if args.store else None
    header = store_header(n, args.tst, args.benzene, bits, len(parse_tst(Path(args.tst).read_text())[1]))
    rows = open_store(store, header, args.resume) if store else []
    have = {r["cell"] for r in rows}
    base_b = statistics.median(_cpu(bz, f"boardsize {n} {n}\nquit\n")[1] for _ in range(3))
    base_o = 0.0 if stored is not None else statistics.median(_cpu(ours, "")[1] for _ in range(3))
    t0, w0, commit = time.strftime("%Y-%m-%d %H:%M"), time.perf_counter(), code_commit() or None  # this sitting's code
    session = {"positions": 0, "cpu_s": 0.0}

    def cell_of(pos: dict) -> str:
        return pos["moves"][-1][1] if pos["moves"] else "-"

    def commands(pos: dict) -> list:
        return [(bz, benzene_solve(n, pos))] + ([] if stored is not None else [(ours, ours_query(n, pos))])

    def done(pos: dict, outs: list, cpus: list) -> None:
        got_b, cpu_b, cell = _answer(outs[0]), cpus[0], cell_of(pos)
        if stored is not None:
            rec = stored.get(cell) if len(pos["moves"]) == 1 and pos["to_move"] == "w" else None
            rec = rec or {"winner": "not run", "nodes": None, "seconds": 0.0}
            got_o = {"B": "black", "W": "white"}.get(rec["winner"], rec["winner"])
            nodes_o = rec["nodes"]
            cpu_o = rec["cpu"] if rec.get("cpu") is not None else rec["seconds"]  # wall seconds in records before cpu
        else:
            cpu_o, w = cpus[1], outs[1].split()
            got_o = {"B": "black", "W": "white"}.get(w[0] if w else "?", "?")
            nodes_o = int(w[2]) if len(w) == 3 else None
        row = {"cell": cell, "expected": pos["expected"], "benzene": got_b, "ours": got_o,
               "benzene_cpu": round(max(0.0, cpu_b - base_b), 3), "ours_cpu": round(max(0.0, cpu_o - base_o), 3),
               "ours_nodes": nodes_o}
        rows.append(row)
        session["positions"] += 1
        session["cpu_s"] += sum(cpus)
        if store is not None:
            from verify import jsonl_store

            jsonl_store.append(store, row)
        if not args.json:
            print(_line(row), flush=True)

    status = "done"
    try:
        with interrupt_on_term():
            _Slots(args.jobs).run([p for p in positions if cell_of(p) not in have], commands, done)
    except KeyboardInterrupt:
        status = "stopped"
    finally:
        if store is not None:
            from verify import jsonl_store

            jsonl_store.append(store, {"session": t0, "status": status, "commit": commit, "jobs": args.jobs,
                                       "positions": session["positions"], "cpu_s": round(session["cpu_s"], 1),
                                       "wall_s": round(time.perf_counter() - w0, 1)})
    if status == "stopped":
        print(f"Stopped: {len(rows)} positions are stored in {store}; continue with --resume."
              if store is not None else "Stopped; nothing was stored (no --store).", file=sys.stderr)
        return 130
    summary, wrong = summarize(n, rows, t0)
    summary["startup_cpu"] = {"benzene": round(base_b, 3), "ours": round(base_o, 3)}
    if args.json:
        print(json.dumps({"summary": summary, "positions": rows}, indent=1))
    else:
        print(f"{n}x{n}, {len(rows)} positions ({summary['both_decided']} decided by both): Benzene "
              f"{summary['benzene_cpu']:.1f} s CPU, ours {summary['ours_cpu']:.1f} s CPU, ratio {summary['ratio']} "
              f"(Benzene on all {len(rows)}: {summary['benzene_cpu_all']:.1f} s); wrong answers {wrong}; start-up "
              f"subtracted: Benzene {base_b:.2f} s, "
              + (f"ours {base_o:.2f} s" if stored is None else f"ours read from {args.ours_store}"))
    return 1 if wrong else 0


def _s(x: float) -> str:
    return f"{x:,.1f} s"


def table_md(records: list) -> str:
    """A store's rows as Markdown: each position, then the totals over the positions both
    programs decided, then each sitting (session line)."""
    head, rows = records[0], [r for r in records[1:] if "cell" in r]
    sessions = [r for r in records[1:] if "session" in r]
    summary, wrong = summarize(head["n"], rows)
    out = [f"{head['n']}×{head['n']}, `{head['tst']}`: {len(rows)} of its {head['positions']} positions, kernel "
           f"`{head['kernel']}`, Benzene's `{head['benzene']}` (sha256 `{head['benzene_sha']}`); wrong answers: {wrong}.",
           "", "| position | winner | Benzene | Benzene CPU | ours | ours CPU | ours nodes | ratio |",
           "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        ratio = f"{r['ours_cpu'] / r['benzene_cpu']:.2f}×" if r["benzene_cpu"] > 0 else "—"
        nodes = f"{r['ours_nodes']:,}" if r["ours_nodes"] is not None else "—"
        out.append(f"| {r['cell']} | {r['expected']} | {r['benzene']} | {_s(r['benzene_cpu'])} | {r['ours']} | "
                   f"{_s(r['ours_cpu'])} | {nodes} | {ratio} |")
    ratio = f"**{summary['ratio']:.2f}×**" if summary["ratio"] is not None else "—"
    out.append(f"| **{summary['both_decided']} decided by both** | | | **{_s(summary['benzene_cpu'])}** | | "
               f"**{_s(summary['ours_cpu'])}** | | {ratio} |")
    out += ["", "| sitting | status | positions | CPU of both | wall | commit |", "|---|---|---|---|---|---|"]
    out += [f"| {x['session']} | {x['status']} | {x['positions']} | {_s(x['cpu_s'])} | {_s(x['wall_s'])} | "
            f"{(x['commit'] or '—')[:12]} |" for x in sessions]
    return "\n".join(out)


def _line(row: dict) -> str:
    more = ">" if row["ours"] in ("unknown", "not run") else " "
    r = f"{more}{row['ours_cpu'] / row['benzene_cpu']:5.2f}" if row["benzene_cpu"] > 0 else "    —"
    return (f"{row['cell']:>4} {row['expected']:>5}  Benzene {row['benzene']:>5} {row['benzene_cpu']:8.2f} s   "
            f"ours {row['ours']:>7} {more}{row['ours_cpu']:8.2f} s  ({row['ours_nodes']} nodes)  ratio {r}")


def summarize(n: int, rows: list[dict], started: str | None = None) -> tuple[dict, int]:
    """(summary, wrong answers) of the rows: the CPU ratio over the positions both decided."""
    wrong = sum((r["benzene"] != r["expected"]) + (r["ours"] not in (r["expected"], "unknown", "not run"))
                for r in rows)
    decided = [r for r in rows if r["ours"] in ("black", "white")]  # the ratio compares positions both decided
    tb, to = sum(r["benzene_cpu"] for r in decided), sum(r["ours_cpu"] for r in decided)
    return {"board": n, "positions": len(rows), "both_decided": len(decided),
            "benzene_cpu_all": round(sum(r["benzene_cpu"] for r in rows), 2), "started": started,
            "benzene_cpu": round(tb, 2), "ours_cpu": round(to, 2),
            "ratio": round(to / tb, 3) if tb else None, "wrong_answers": wrong}, wrong


if __name__ == "__main__":
    sys.exit(main())
