"""What UNSAT certificates cost (run on demand: ``python benchmarks/prove_certificates.py``).

Two measurements:

``speed`` (default) — for each ``ID:n`` (default TSD.T15 at n = 20, 40, 67 and TSD.L2,
TSD.L4 at n = 9): build the CNF once, solve it without proof logging, solve it again with
proof logging and write the certificate (:func:`verify.certify.write_certificate`), then
check it with the C checker (``drup_check``; the CNF is not re-derived, that is
:func:`~verify.certify.check_certificate`'s separate step, timed apart as "re-derive").
Prints solve seconds with/without the proof, CNF and proof sizes, lemmas (and how many
the backward check used), check seconds and check/solve.

``depth`` — "certified up to n": for each statement prove n = 3, 4, … with ``--proof``
and check each certificate, until a size is not proved and certified or the statement's
budget is spent (each query gets what is left of it, as ``benchmarks/prove_depth.py``).

``--json FILE`` writes the rows.  Certificates go to a temporary directory (``--keep DIR``
to keep them) and are deleted after each measurement.

Measured 2026-11-24 (2 cores shared with other jobs, load 6–9; glucose4 via PySAT
1.9.dev24; wall s, CPU s in parentheses; the tables are in docs/tools/prove.md):
``speed``: TSD.T15 n = 20: solve 0.37 (0.12) without / 0.27 (0.08) with the proof, 2
lemmas, check 0.09 (0.03); n = 40: 3.8 (0.8) / 2.6 (1.0), check 2.4 (1.0); n = 67: CNF
211 MB, 10,955,839 clauses, build 105, solve 25.7 (7.2) / 19.8 (6.4), write 27, check
33.8 (8.6, parsing 7.9), re-derive 139.  TSD.L2 n = 9: solve 437 (145) / 399 (148), proof
320 MB, 1,474,029 lemmas (1,204,963 used), check 723 (309; before core-first
propagation).  TSD.L4 n = 9: solve 788 (291) / 696 (300), proof 606 MB, 2,200,683 lemmas
(1,141,218 used), check 947 (494).  ``depth`` (every n from 3, --budget 150 for the
dead items, --budget 300 --max-n 8 for the others): T15 42, T14.C1 37, T16 36, T14 35,
T13 34; L2, L4, T8, T14.C2 8 (n = 8: solve/check 20/41, 86/111, 165/533, 81/156 s).
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path

from verify.certify.certificate import check_certificate, dimacs_sha256, write_certificate
from verify.prove.prove import SOLVER, _proof_stream, _solver_info, cnf_query, prove

SPEED = ["TSD.T15:20", "TSD.T15:40", "TSD.T15:67", "TSD.L2:9", "TSD.L4:9"]


def _solve(clauses, proof: bool):
    from pysat.solvers import Solver

    t0, c0 = time.perf_counter(), time.process_time()
    s = Solver(name=SOLVER, bootstrap_with=clauses, with_proof=proof)  # loading the CNF counts as solving
    answer = s.solve()
    return s, answer, time.perf_counter() - t0, time.process_time() - c0


def speed(sid: str, n: int, root: Path) -> dict:
    t0 = time.perf_counter()
    q = cnf_query(sid, n)
    build = time.perf_counter() - t0
    s, answer, plain, plain_cpu = _solve(q.clauses, False)
    conflicts = s.accum_stats().get("conflicts")
    s.delete()
    assert answer is False, f"{sid} n={n} is not UNSAT"
    s, answer, logged, logged_cpu = _solve(q.clauses, True)
    d = root / f"{sid}-n{n:02d}"
    t1 = time.perf_counter()
    m = write_certificate(d, nvars=q.nvars, clauses=q.clauses, proof=_proof_stream(s), claim=q.claim(),
                          solver={**_solver_info(s, SOLVER), "solve_seconds": round(logged, 3)})
    write = time.perf_counter() - t1
    s.delete()
    t2 = time.perf_counter()
    rehash = dimacs_sha256(q.nvars, q.clauses) == m["cnf"]["content_sha256"]
    reder = time.perf_counter() - t2 + build  # re-deriving = building again + hashing
    del q
    o = check_certificate(d, reencode=False)
    assert o.certified, o.reason
    check_cpu = (o.stats.get("parse_s") or 0) + (o.stats.get("check_s") or 0)
    row = {"statement": sid, "n": n, "build_s": round(build, 2), "solve_plain_s": round(plain, 2),
           "solve_proof_s": round(logged, 2), "solve_plain_cpu_s": round(plain_cpu, 2),
           "solve_proof_cpu_s": round(logged_cpu, 2), "write_s": round(write, 2), "conflicts": conflicts,
           "cnf_MB": round(m["cnf"]["bytes"] / 1e6, 2), "clauses": m["cnf"]["clauses"],
           "proof_MB": round(m["proof"]["bytes"] / 1e6, 3), "lemmas": m["proof"]["lemmas"],
           "core_lemmas": o.stats.get("core_lemmas"), "check_s": o.check_seconds,
           "checker_parse_s": o.stats.get("parse_s"), "checker_cpu_s": o.stats.get("check_s"),
           "rederive_s": round(reder, 2), "rederive_identical": rehash,
           "check_cpu_s": round(check_cpu, 3), "check_over_solve_cpu": round(check_cpu / max(logged_cpu, 1e-3), 2)}
    shutil.rmtree(d, ignore_errors=True)
    return row


def depth(sid: str, budget: float, max_n: int, root: Path, start: int = 3) -> dict:
    began = time.perf_counter()
    times, largest, stop = {}, None, "max-n reached"
    for n in range(start, max_n + 1):
        left = budget - (time.perf_counter() - began)
        if left <= 0:
            stop = "budget spent"
            break
        d = root / f"{sid}-n{n:02d}"
        r = prove(sid, n, timeout=left, proof_dir=d)
        c = r.certificate or {}
        times[n] = {"solve_s": round(r.seconds, 2), "write_s": c.get("write_seconds"), "check_s": c.get("check_seconds")}
        print(f"  {sid} n = {n:2d}: {r.verdict:14s} {r.trust:14s} solve {r.seconds:7.2f} s, write "
              f"{c.get('write_seconds', 0) or 0:6.2f} s, check {c.get('check_seconds', 0) or 0:6.2f} s", flush=True)
        shutil.rmtree(d, ignore_errors=True)
        if r.verdict != "proved" or r.trust != "certified":
            stop = f"{r.verdict} at n = {n}" + (f" ({c.get('reason')})" if c.get("reason") else "")
            break
        largest = n
    return {"statement": sid, "certified_up_to": largest, "per_n": times, "stopped": stop,
            "total_seconds": round(time.perf_counter() - began, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", nargs="?", choices=("speed", "depth"), default="speed")
    ap.add_argument("--cases", nargs="*", default=None, help=f"speed: ID:n ... (default {' '.join(SPEED)})")
    ap.add_argument("--ids", nargs="*", default=None, help="depth: statements (default: every SAT-encoded one)")
    ap.add_argument("--budget", type=float, default=300.0, help="depth: seconds per statement (default 300)")
    ap.add_argument("--max-n", type=int, default=100, help="depth: largest n tried")
    ap.add_argument("--keep", metavar="DIR", help="write the certificates under DIR (default: a temporary directory)")
    ap.add_argument("--json", metavar="FILE", help="write the measurements as JSON")
    args = ap.parse_args(argv)
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="sv-certbench-"))
    rows = []
    try:
        if args.mode == "speed":
            for case in args.cases or SPEED:
                sid, _, n = case.partition(":")
                row = speed(sid, int(n), root)
                rows.append(row)
                print(json.dumps(row), flush=True)
        else:
            from verify.prove import describe, encoded_ids

            ids = args.ids or [i for i in encoded_ids() if describe(i)["expect"] == "holds" and i != "TSD.T14.C2"]
            for sid in ids:
                rows.append(depth(sid, args.budget, args.max_n, root))
                print(json.dumps({k: v for k, v in rows[-1].items() if k != "per_n"}), flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
