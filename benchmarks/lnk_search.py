"""Benchmark of the minimal-link search (run on demand: ``python -m benchmarks.lnk_search``
from the checkout root, or ``python benchmarks/lnk_search.py``).

For each n: the time of ``geng -c n`` alone (graphs piped to /dev/null), of the pruned
search for minimal weak links (and strong links), and of the plain search where asked;
wall and CPU seconds (the machine is shared, so CPU is the fairer figure).  Prints a
projection for the next n from the per-graph cost of the last one measured.

Options: ``--max-n`` (default 9), ``--plain-max-n`` (default 8), ``--strong-max-n``
(default 8).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from verify.graphs import find_geng  # noqa: E402
from verify.papers.lnk.search import STATS, search  # noqa: E402

GRAPHS = {8: 11117, 9: 261080, 10: 11716571, 11: 1006700565}


def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def geng_alone(n: int) -> tuple[float, float]:
    t0 = time.perf_counter()
    r0 = os.times()
    subprocess.run([find_geng(), "-cq", str(n)], stdout=subprocess.DEVNULL, check=True)
    r1 = os.times()
    return time.perf_counter() - t0, (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-n", type=int, default=9)
    ap.add_argument("--plain-max-n", type=int, default=8)
    ap.add_argument("--strong-max-n", type=int, default=8)
    a = ap.parse_args()
    print(f"{'n':>3} {'what':<22} {'links':>6} {'games solved':>13} {'wall s':>9} {'cpu s':>9}")
    last = None
    for n in range(5, a.max_n + 1):
        w, c = geng_alone(n)
        print(f"{n:>3} {'geng -c alone':<22} {'':>6} {'':>13} {w:9.2f} {c:9.2f}")
        runs = [("weak, pruned", False, "pruned")]
        if n <= a.strong_max_n:
            runs.append(("strong, pruned", True, "pruned"))
        if n <= a.plain_max_n:
            runs += [("weak, plain", False, "plain"), ("strong, plain", True, "plain")]
        for label, strong, method in runs:
            links, wall, cpu = timed(lambda: search(n, strong=strong, method=method))
            st = STATS[(n, "strong" if strong else "weak", method if n >= 4 else "plain")]
            print(f"{n:>3} {label:<22} {len(links):>6} {st['games']:>13} {wall:9.2f} {cpu:9.2f}", flush=True)
            if label == "weak, pruned":
                last = (n, cpu, st["graphs"])
    if last and last[0] + 1 in GRAPHS:
        n, cpu, graphs = last
        per = cpu / graphs
        print(f"projection n = {n + 1} (weak, pruned, one core): {GRAPHS[n + 1]} graphs × {per * 1e6:.0f} µs "
              f"≈ {GRAPHS[n + 1] * per / 60:.0f} min CPU (lower bound: per-graph cost grows with n)")


if __name__ == "__main__":
    main()
