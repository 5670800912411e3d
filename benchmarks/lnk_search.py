"""Benchmark of the minimal-link search (run on demand: ``python -m benchmarks.lnk_search``
from the checkout root, or ``python benchmarks/lnk_search.py``).

For each n: ``geng -c n`` alone (graphs piped to /dev/null), the C engine
(:func:`verify.papers.lnk.kernel.c_search`: compiled sieve + solver fed from geng,
``--jobs`` pipelines, every link re-solved in Python) and, up to the given sizes, the
Python searches (pruned weak and strong, plain).  Each row: links, wall seconds, CPU
seconds (user + system of this process and its children: the machine is shared, so
CPU is the fairer figure) and the 1-minute load average when the row finished.

Options: ``--min-n`` (7), ``--max-n`` (10), ``--jobs`` (2), ``--python-max-n`` (8: pruned
searches), ``--plain-max-n`` (7), ``--no-bounds-n`` (10: also run the C engine there
without geng's ``-D(n−4)``, to show the bound loses nothing), ``--n11-shards K`` (0: also
time the first K of the 256 shards of n = 11 and project the whole run).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from verify.graphs import find_geng  # noqa: E402
from verify.papers.lnk.kernel import c_search  # noqa: E402
from verify.papers.lnk.search import STATS, search  # noqa: E402

GRAPHS = {7: 853, 8: 11117, 9: 261080, 10: 11716571, 11: 1006700565}


def cpu_now() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(fn):
    w, c = time.perf_counter(), cpu_now()
    out = fn()
    return out, time.perf_counter() - w, cpu_now() - c


def row(n, what, links, extra, wall, cpu):
    print(f"{n:>3} {what:<30} {links:>6} {extra:>26} {wall:9.2f} {cpu:9.2f} {os.getloadavg()[0]:6.2f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--min-n", type=int, default=7)
    ap.add_argument("--max-n", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--python-max-n", type=int, default=8)
    ap.add_argument("--plain-max-n", type=int, default=7)
    ap.add_argument("--no-bounds-n", type=int, default=10)
    ap.add_argument("--n11-shards", type=int, default=0)
    a = ap.parse_args()
    print(f"{'n':>3} {'what':<30} {'links':>6} {'graphs / kept / games':>26} {'wall s':>9} {'cpu s':>9} {'load':>6}")
    for n in range(a.min_n, a.max_n + 1):
        _, wall, cpu = timed(lambda: subprocess.run([find_geng(), "-cq", str(n)], stdout=subprocess.DEVNULL, check=True))
        row(n, "geng -c alone", "", GRAPHS.get(n, ""), wall, cpu)
        variants = [(True, f"C engine, {a.jobs} jobs")]
        if n == a.no_bounds_n:
            variants.append((False, f"C engine, {a.jobs} jobs, no -D"))
        for bounds, label in variants:
            (links, st), wall, cpu = timed(lambda: c_search(n, jobs=a.jobs, bounds=bounds))
            geng = " ".join(st["geng"])
            row(n, label + (f" ({geng})" if geng else ""), len(links), f"{st['graphs']}/{st['kept']}/{st['games']}", wall, cpu)
        runs = []
        if n <= a.python_max_n:
            runs += [("Python weak, pruned", False, "pruned"), ("Python weak, sieved", False, "sieved"),
                     ("Python strong, pruned", True, "pruned")]
        if n <= a.plain_max_n:
            runs += [("Python weak, plain", False, "plain"), ("Python strong, plain", True, "plain")]
        for label, strong, method in runs:
            links, wall, cpu = timed(lambda: search(n, strong=strong, method=method))
            st = STATS[(n, "strong" if strong else "weak", method)]
            row(n, label, len(links), f"{st['graphs']}/-/{st['games']}", wall, cpu)
    if a.n11_shards:
        res = list(range(a.n11_shards))
        (links, st), wall, cpu = timed(lambda: c_search(11, jobs=a.jobs, residues=res))
        row(11, f"C engine, shards 0-{res[-1]} of {st['mod']}", len(links), f"{st['graphs']}/{st['kept']}/{st['games']}",
            wall, cpu)
        per = (st["geng_cpu"] + st["kernel_cpu"]) / len(res)
        print(f"projection n = 11: {st['mod']} shards × {per:.1f} CPU s ≈ {st['mod'] * per / 60:.0f} CPU min, "
              f"≈ {st['mod'] * per / 120:.0f} min wall on 2 idle cores (shards vary; links so far are partial)")


if __name__ == "__main__":
    main()
