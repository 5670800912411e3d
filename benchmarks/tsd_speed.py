"""CPU time of every registered TSD statement at its default-tier depth (issue 20).

Run on demand (not in the tests)::

    python benchmarks/tsd_speed.py                 # every TSD statement and PROJ.INDUCED_PATH
    python benchmarks/tsd_speed.py TSD.SIMPLE TSD.T6
    python benchmarks/tsd_speed.py --depth 6       # another depth than the default tier's
    python benchmarks/tsd_speed.py --json out.json

Each statement runs through :func:`verify.registry.run_statement` (the call ``check``
makes, in this process, one statement after another) and is timed in CPU seconds of
this process (user + system, :func:`time.process_time`), not wall time, so that a
loaded machine changes the numbers little.  The table shows the CPU seconds recorded
before the speed-ups of issue 20 (``BEFORE``, same measurement, default tier) next to
the run's, with the verdict and the instance and hypothesis counts, which the
speed-ups must not change (``tests/test_tsd_speed_equivalence.py`` pins them at small n).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

# CPU seconds per statement at its default-tier depth before issue 20's speed-ups
# (n = 7 unless the statement's tier is 6), measured with this script's method.
BEFORE = {
    "TSD.T12": 2.06,
    "TSD.T13": 17.96,
    "TSD.T13.EX": 0.02,
    "TSD.T14": 16.78,
    "TSD.T14.C1": 32.78,
    "TSD.T14.C2": 23.43,
    "TSD.T15": 18.31,
    "TSD.T16": 17.94,
    "TSD.SPEC": 23.0,
    "TSD.DUAL/a": 0.03,
    "TSD.DUAL/b": 5.77,
    "TSD.DUAL/c": 0.82,
    "TSD.FIG/a": 28.55,
    "TSD.FIG/b": 33.53,
    "TSD.FIG/c": 38.27,
    "TSD.FIG/d": 0.25,
    "TSD.T1": 28.53,
    "TSD.T2": 9.63,
    "TSD.T2.EX": 1.29,
    "TSD.T3": 16.66,
    "TSD.T4": 23.55,
    "TSD.T6": 87.98,
    "TSD.DOM": 12.24,
    "TSD.SIMPLE": 77.71,
    "TSD.PAIRS": 35.47,
    "TSD.L5": 1.96,
    "TSD.T9": 1.0,
    "TSD.T11/a": 0.0,
    "TSD.T11/b": 8.33,
    "TSD.T2.NB": 0.04,
    "TSD.CAPLOST.EX": 0.01,
    "TSD.MODEL": 33.61,
    "TSD.L1": 1.57,
    "TSD.L2": 5.48,
    "TSD.L3.threat": 3.69,
    "TSD.L3.support/a": 0.12,
    "TSD.L3.support/b": 4.51,
    "TSD.T7.i": 6.15,
    "TSD.T7.ii/a": 0.01,
    "TSD.T7.ii/b": 6.01,
    "TSD.T7.EX": 1.48,
    "TSD.T8": 17.88,
    "TSD.L4": 16.71,
    "TSD.EQ1/a": 0.03,
    "TSD.EQ1/b": 3.41,
    "TSD.ART/a": 0.01,
    "TSD.ART/b": 0.64,
    "PROJ.INDUCED_PATH": 1.28,
    "TSD.T5": 1.59,
    "TSD.T10": 3.76,
    "TSD.T17": 1.02,
    "TSD.T18/a": 0.01,
    "TSD.T18/b": 5.28,
}


def _ids(wanted):
    from verify.registry import REGISTRY, load_paper_statements

    load_paper_statements()
    every = [i for i in REGISTRY if (i.startswith("TSD.") or i.startswith("PROJ.")) and REGISTRY[i].kind != "table"]
    if not wanted:
        return every
    unknown = [i for i in wanted if i not in REGISTRY]
    if unknown:
        sys.exit(f"unknown statement(s): {', '.join(unknown)}")
    return wanted


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ids", nargs="*", help="statement ids (default: every TSD statement and PROJ.INDUCED_PATH)")
    ap.add_argument("--depth", type=int, help="largest n (default: each statement's default-tier depth)")
    ap.add_argument("--json", metavar="PATH", help="also write the rows as JSON")
    args = ap.parse_args(argv)

    from verify.registry import REGISTRY, run_statement

    rows = []
    print(f"{'statement':20s} {'n':>2s} {'verdict':>9s} {'instances':>9s} {'hypothesis':>10s} {'before s':>9s} {'after s':>8s} {'x':>6s}")
    for sid in _ids(args.ids):
        st = REGISTRY[sid]
        depth = args.depth or st.tier_depth
        c0 = time.process_time()
        r = run_statement(st, max_n=depth, emit=False)
        cpu = time.process_time() - c0
        before = BEFORE.get(sid) if depth == st.tier_depth else None
        ratio = f"{before / cpu:6.1f}" if before and cpu > 0 else ""
        print(f"{sid:20s} {depth:2d} {r.verdict:>9s} {r.instances:9d} {r.hypothesis_true:10d} "
              f"{before if before is not None else '':>9} {cpu:8.2f} {ratio}", flush=True)
        rows.append({"id": sid, "n": depth, "verdict": r.verdict, "instances": r.instances,
                     "hypothesis_true": r.hypothesis_true, "cpu_before": before, "cpu": round(cpu, 2)})
    total = sum(r["cpu"] for r in rows)
    total_before = sum(r["cpu_before"] for r in rows if r["cpu_before"] is not None)
    timed_before = [r for r in rows if r["cpu_before"] is not None]
    print(f"{'total':20s} {'':2s} {'':9s} {'':9s} {'':10s} {total_before:9.2f} {total:8.2f}"
          + (f"   (before covers {len(timed_before)} of {len(rows)} rows)" if len(timed_before) != len(rows) else ""))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
