"""Lehman classification time against the number of edges, and the brute-force reach.

Run from the repository root::

    nice -n 10 python -m benchmarks.lehman_scaling [--max-edges 100000] [--png lehman_scaling.png]

Random connected multigraphs (a random spanning tree plus uniformly random extra edges,
parallel edges allowed) with average degree 3.5, 3.8, 4 (sparse: near the density 2(n-1)
where matroid partition is hardest; 3.8 was the slowest of 3.5-6 at 100,000 edges) and
6 (dense), random 4-regular multigraphs (m = 2n: nothing to peel, the hardest family
we found), terminals 0 and n-1, and the K x (K+1) Gale boards, are classified by
:func:`verify.papers.ssg.lehman.classify`; every certificate is checked by
:func:`check_certificate` (its time reported separately).  Times are wall and CPU
(``time.process_time``) of this process, with the 1-minute load average; the plot shows
CPU time.  A series stops after the first size that takes more than ``--budget`` seconds.  Then the
brute-force reach: the largest Gale board each exact solver (plain minimax on the edge
game, fast solver on the vertex-game reduction) decides within ``--brute-budget`` CPU
seconds (each board in a child process with that CPU limit).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import queue
import random
import sys
import time

from verify.papers.ssg.lehman import check_certificate, classify
from verify.papers.ssg.multigraph import SwitchGame, gale


def random_multigraph(m: int, degree: float, seed: int = 1) -> SwitchGame:
    rng = random.Random(seed)
    n = max(2, int(2 * m / degree))
    edges = [(rng.randrange(i), i) for i in range(1, n)]
    while len(edges) < m:
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            edges.append((u, v))
    return SwitchGame(n, edges, (0, n - 1))


def random_regular(m: int, d: int, seed: int = 1) -> SwitchGame:
    """A random d-regular multigraph (configuration model, loops dropped): no vertex to peel."""
    rng = random.Random(seed)
    n = 2 * m // d
    stubs = [v for v in range(n) for _ in range(d)]
    rng.shuffle(stubs)
    edges = [(stubs[i], stubs[i + 1]) for i in range(0, len(stubs) - 1, 2) if stubs[i] != stubs[i + 1]]
    return SwitchGame(n, edges, (0, n - 1))


def timed(g: SwitchGame) -> tuple[str, float, float, float, int]:
    t, c = time.perf_counter(), time.process_time()
    r = classify(g)
    dt, dcpu = time.perf_counter() - t, time.process_time() - c
    t = time.perf_counter()
    assert check_certificate(g, r.certificate) == r.cls
    return r.cls, dt, dcpu, time.perf_counter() - t, r.stats["augmentations"]


def _brute(k: int, method: str, q, budget: float) -> None:
    import math
    import resource

    from verify.papers.ssg.brute import classify_brute

    lim = math.ceil(budget)
    resource.setrlimit(resource.RLIMIT_CPU, (lim, lim + 5))  # SIGXCPU ends the child at the budget
    cls = classify_brute(gale(k), method)[0]
    q.put((cls, time.process_time()))


def brute_reach(method: str, budget: float) -> list[tuple[int, int, str, float | None]]:
    """Gale boards K = 1, 2, ... until one is not decided within ``budget`` CPU seconds
    (the child's CPU time; a wall limit of 4 x budget guards a machine shared by others)."""
    out = []
    for k in range(1, 8):
        q = mp.Queue()
        p = mp.Process(target=_brute, args=(k, method, q, budget))
        p.start()
        p.join(4 * budget)
        if p.is_alive():
            p.kill()
            p.join()
        try:
            cls, cpu = q.get(timeout=1)
        except queue.Empty:  # killed at the CPU budget (or the size limit refused it)
            out.append((k, gale(k).m, "timeout" if p.exitcode != 1 else "refused", None))
            break
        out.append((k, gale(k).m, cls, cpu))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--max-edges", type=int, default=100_000)
    ap.add_argument("--budget", type=float, default=60.0, help="stop a series after a size slower than this")
    ap.add_argument("--brute-budget", type=float, default=60.0)
    ap.add_argument("--png", default="")
    args = ap.parse_args(argv)
    sizes = [s for s in (300, 1000, 3000, 10_000, 30_000, 100_000) if s <= args.max_edges]
    series: dict[str, list[tuple[int, float]]] = {}
    print(f"{'graph':>22} {'edges':>7} {'vertices':>8} {'class':>7} {'aug':>5} {'wall s':>8} {'cpu s':>8} {'check s':>8} {'load':>5}")

    def row(name: str, g: SwitchGame) -> float:
        cls, dt, dcpu, dc, aug = timed(g)
        series.setdefault(name if not name.startswith("Gale") else "Gale K x (K+1)", []).append((g.m, dcpu))
        print(f"{name:>22} {g.m:>7} {g.n:>8} {cls:>7} {aug:>5} {dt:>8.3f} {dcpu:>8.3f} {dc:>8.3f} {os.getloadavg()[0]:>5.2f}", flush=True)
        return dcpu

    for deg in (3.5, 3.8, 4.0, 6.0):
        for m in sizes:
            if row(f"random, degree {deg:g}", random_multigraph(m, deg)) > args.budget:
                break
    for m in sizes:
        if row("random 4-regular", random_regular(m, 4)) > args.budget:
            break
    for k in (5, 10, 20, 40, 70, 100, 150, 200, 224):
        g = gale(k)
        if g.m > args.max_edges or row(f"Gale K={k}", g) > args.budget:
            break
    for method in ("minimax", "reduction"):
        for k, m, cls, dt in brute_reach(method, args.brute_budget):
            print(f"brute force ({method}) Gale K={k} ({m} edges): {cls}" + (f" in {dt:.2f} s CPU" if dt is not None else f" (over {args.brute_budget:g} s CPU)"), flush=True)
    if args.png:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6, 4.5))
        for name, pts in series.items():
            ax.loglog([p[0] for p in pts], [p[1] for p in pts], "o-", label=name)
        ax.axhline(1.0, color="0.7", ls=":")
        ax.axhline(30.0, color="0.7", ls=":")
        ax.set_xlabel("edges")
        ax.set_ylabel("Lehman classification, CPU s")
        ax.legend(fontsize=8)
        fig.savefig(args.png, dpi=110, bbox_inches="tight")
        print(f"plot: {args.png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
