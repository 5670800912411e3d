"""Benchmarks of the dead-item oracle (run on demand: ``python benchmarks/dead_oracle.py``).

1. Empty Hex boards 7×7, 9×9, 11×11: time of ``shannon-verify dead --hex KxK --json``
   as a whole process, and of :func:`verify.classify` in-process (method auto = sat).
2. Random graphs of growing size: ``brute`` against ``sat`` (and ``paths``) on the same
   games, until brute force takes longer than ``--brute-seconds``; prints the largest
   (n, m) on which they were compared and agreed, with the time each took.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time

from verify import Game, classify
from verify.dead import brute, items_of, paths, sat
from verify.dead.brute import MAX_FREE


def hex_boards(sizes=(7, 9, 11), repeats=3):
    for k in sizes:
        g = Game.from_hex(f"{k}x{k}")
        best = min(_timed(lambda: classify(g))[0] for _ in range(repeats))
        t0 = time.perf_counter()
        p = subprocess.run(["shannon-verify", "dead", "--hex", f"{k}x{k}", "--json"], capture_output=True, text=True)
        wall = time.perf_counter() - t0
        data = json.loads(p.stdout)
        print(
            f"hex {k}x{k}: in-process {best:.3f} s, CLI process {wall:.3f} s; "
            f"{len(data['dead_vertices'])} dead / {len(data['live_vertices'])} live cells, "
            f"{len(data['dead_edges'])} dead / {len(data['live_edges'])} live edges"
        )


def _timed(f):
    t = time.perf_counter()
    r = f()
    return time.perf_counter() - t, r


def brute_vs_sat(start_n=10, brute_seconds=60.0, seed=1):
    rng = random.Random(seed)
    n = start_n
    last = None
    while True:
        p = min(0.9, 3.0 / n)
        edges = [(i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < p]
        g = Game.from_edges(edges, terminals=(0, 1), n=n)
        items = items_of(g)
        ts, rs = _timed(lambda: sat.classify(g, items))
        tp, rp = _timed(lambda: paths.classify(g, items))
        tb, rb = _timed(lambda: brute.classify(g, items))
        agree = all(rb[i].dead == rs[i].dead == rp[i].dead for i in items)
        dead = sum(v.dead for v in rb.values())
        print(f"n={n} m={g.m}: brute {tb:.2f} s, sat {ts:.3f} s, paths {tp:.3f} s, {dead}/{len(items)} dead, agree={agree}")
        sys.stdout.flush()
        if not agree:
            raise SystemExit("DISAGREEMENT")
        last = (n, g.m, tb, ts)
        if tb > brute_seconds or n - 1 > MAX_FREE:
            break
        n += 1
    print(f"largest compared: n={last[0]}, m={last[1]}: brute {last[2]:.1f} s, sat {last[3]:.3f} s")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--brute-seconds", type=float, default=60.0)
    ap.add_argument("--skip-brute", action="store_true")
    a = ap.parse_args()
    hex_boards()
    if not a.skip_brute:
        brute_vs_sat(brute_seconds=a.brute_seconds)
