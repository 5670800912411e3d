"""How far the symbolic proofs reach (run on demand: ``python benchmarks/prove_depth.py``).

For each statement with a symbolic encoding (:mod:`verify.prove`), prove ``n = 3, 4, …``
one SAT/SMT query each, within a per-statement budget (default 600 s = the issue's
10 minutes); each query gets the budget that is left as its timeout.  Prints the time
per ``n`` and the largest ``n`` proved, so a row reads "proved for every connected game
on up to N vertices".  ``--budget`` and ``--max-n`` keep a run short; ``--json`` dumps
the measurements.

Measured 2026-11-21 (2 cores, two runs of this script side by side; glucose4 / z3 5.4;
largest n with every n from 3 proved, and that query's time incl. encoding):
``--budget 300``: T15 67 (21.7 s), T14.C1 61 (26.4 s), T16 57 (27.6 s; n = 58 ran out),
T14 55 (25.1 s), T13 55 (29.2 s; n = 56 ran out).  ``--budget 600``: L2 9 (62.8 s),
L4 9 (130.5 s), T8 8 (38.3 s), T14.C2 8 (60.8 s); T7 and L3 stop at their counterexamples
(n = 4, 5), as registered.
"""

from __future__ import annotations

import argparse
import json
import time

from verify.prove import describe, encoded_ids, prove


def depth(sid: str, budget: float, max_n: int, start: int = 3) -> dict:
    began = time.perf_counter()
    times, largest, stop = {}, None, "max-n reached"
    for n in range(start, max_n + 1):
        left = budget - (time.perf_counter() - began)
        if left <= 0:
            stop = "budget spent"
            break
        r = prove(sid, n, timeout=left)
        times[n] = round(r.seconds, 3)
        size = r.stats.get("clauses") or r.stats.get("constraints")
        print(f"  {sid} n = {n:2d}: {r.verdict:14s} {r.seconds:8.2f} s  ({r.stats.get('variables')} vars, "
              f"{size} clauses/constraints, {r.stats.get('conflicts', '-')} conflicts)", flush=True)
        if r.verdict != "proved":
            if r.verdict == "counterexample":
                stop = f"counterexample at n = {n}" + (" (refuted, as registered)" if describe(sid)["expect"] == "refuted" else "")
            else:
                stop = "timeout at n = %d" % n
            break
        largest = n
    return {"statement": sid, "largest_n_proved": largest, "seconds": times, "stopped": stop,
            "total_seconds": round(time.perf_counter() - began, 2)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=600.0, help="seconds per statement (default 600)")
    ap.add_argument("--max-n", type=int, default=100, help="largest n tried (default 100)")
    ap.add_argument("--ids", nargs="*", default=None, help="statements (default: all encoded)")
    ap.add_argument("--json", metavar="FILE", help="write the measurements as JSON")
    args = ap.parse_args(argv)
    rows = []
    for sid in args.ids or encoded_ids():
        rows.append(depth(sid, args.budget, args.max_n))
    print("\n| statement | largest n proved | time at that n (s) | stopped |")
    print("|---|---|---|---|")
    for r in rows:
        t = r["seconds"].get(r["largest_n_proved"], "-")
        print(f"| {r['statement']} | {r['largest_n_proved']} | {t} | {r['stopped']} |")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(rows, fh, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
