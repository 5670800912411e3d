"""Side by side with Benzene's df-pn (on demand; Benzene is a benchmark-only peer, never a dependency).

    PYTHONPATH=. python benchmarks/hex_vs_benzene.py --benzene PATH/wolve --tst PATH/dfpn-solve-7x7.tst [--only a3,a4] [--json]

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


def _cpu(cmd: list[str], text: str, timeout: float | None = None, err=None) -> tuple[str, float]:
    """Run ``cmd`` with ``text`` on stdin; (stdout, user + system CPU seconds of the child).
    With ``timeout`` the child is killed after that many seconds (its output so far is kept);
    its stderr goes to the open file ``err``, else nowhere."""
    import threading

    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=err if err is not None else subprocess.DEVNULL, text=True)
    timer = threading.Timer(timeout, p.kill) if timeout is not None else None
    if timer is not None:
        timer.start()
    try:
        p.stdin.write(text)
        p.stdin.close()
    except BrokenPipeError:  # killed, or quit before reading everything
        pass
    out = p.stdout.read()
    p.stdout.close()
    _, status, ru = os.wait4(p.pid, 0)
    if timer is not None:
        timer.cancel()
    p.returncode = os.waitstatus_to_exitcode(status)  # reaped here, so Popen knows it has ended
    return out, ru.ru_utime + ru.ru_stime


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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--benzene", required=True, help="Benzene's wolve or mohex binary")
    ap.add_argument("--tst", required=True, help="a dfpn-solve-NxN.tst regression file")
    ap.add_argument("--only", help="only these positions, by their last move (e.g. a3,a4)")
    ap.add_argument("--ours-store", help="take our side from this hex-openings store instead of solving again")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    n, positions = parse_tst(Path(args.tst).read_text())
    if args.only:
        keep = set(args.only.split(","))
        positions = [p for p in positions if p["moves"] and p["moves"][-1][1] in keep]
    bz = [args.benzene, "--quiet", "--use-logfile=false"]
    bits = openings_table_bits(n)  # as hex-openings
    ours = [str(build_executable(n * n)), str(bits)]
    stored = _stored_openings(Path(args.ours_store), n) if args.ours_store else None
    base_b = statistics.median(_cpu(bz, f"boardsize {n} {n}\nquit\n")[1] for _ in range(3))
    base_o = 0.0 if stored is not None else statistics.median(_cpu(ours, "")[1] for _ in range(3))
    rows, wrong = [], 0
    t0 = time.strftime("%Y-%m-%d %H:%M")
    for pos in positions:
        out_b, cpu_b = _cpu(bz, benzene_solve(n, pos))
        got_b = _answer(out_b)
        cell = pos["moves"][-1][1] if pos["moves"] else "-"
        if stored is not None:
            rec = stored.get(cell) if len(pos["moves"]) == 1 and pos["to_move"] == "w" else None
            rec = rec or {"winner": "not run", "nodes": None, "seconds": 0.0}
            got_o = {"B": "black", "W": "white"}.get(rec["winner"], rec["winner"])
            nodes_o = rec["nodes"]
            cpu_o = rec["cpu"] if rec.get("cpu") is not None else rec["seconds"]  # wall seconds in records before cpu
        else:
            out_o, cpu_o = _cpu(ours, ours_query(n, pos))
            w = out_o.split()
            got_o = {"B": "black", "W": "white"}.get(w[0] if w else "?", "?")
            nodes_o = int(w[2]) if len(w) == 3 else None
        row = {"cell": cell, "expected": pos["expected"], "benzene": got_b, "ours": got_o,
               "benzene_cpu": round(max(0.0, cpu_b - base_b), 3), "ours_cpu": round(max(0.0, cpu_o - base_o), 3),
               "ours_nodes": nodes_o}
        wrong += (got_b != pos["expected"]) + (got_o not in (pos["expected"], "unknown", "not run"))
        rows.append(row)
        if not args.json:
            r = row["ours_cpu"] / row["benzene_cpu"] if row["benzene_cpu"] > 0 else float("nan")
            more = ">" if got_o in ("unknown", "not run") else " "
            print(f"{cell:>4} {pos['expected']:>5}  Benzene {got_b:>5} {row['benzene_cpu']:8.2f} s   "
                  f"ours {got_o:>7} {more}{row['ours_cpu']:8.2f} s  ({row['ours_nodes']} nodes)  ratio {more}{r:5.2f}",
                  flush=True)
    decided = [r for r in rows if r["ours"] in ("black", "white")]  # the ratio compares positions both decided
    tb, to = sum(r["benzene_cpu"] for r in decided), sum(r["ours_cpu"] for r in decided)
    summary = {"board": n, "positions": len(rows), "both_decided": len(decided),
               "benzene_cpu_all": round(sum(r["benzene_cpu"] for r in rows), 2), "started": t0,
               "benzene_cpu": round(tb, 2), "ours_cpu": round(to, 2),
               "ratio": round(to / tb, 3) if tb else None, "wrong_answers": wrong,
               "startup_cpu": {"benzene": round(base_b, 3), "ours": round(base_o, 3)}}
    if args.json:
        print(json.dumps({"summary": summary, "positions": rows}, indent=1))
    else:
        print(f"{n}x{n}, {len(rows)} positions ({len(decided)} decided by both): Benzene {tb:.1f} s CPU, ours {to:.1f} s "
              f"CPU, ratio {summary['ratio']} (Benzene on all {len(rows)}: {summary['benzene_cpu_all']:.1f} s); "
              f"wrong answers {wrong}; start-up subtracted: Benzene {base_b:.2f} s, "
              + (f"ours {base_o:.2f} s" if stored is None else f"ours read from {args.ours_store}"))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
