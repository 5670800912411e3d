"""Exact dead-cell map of random 11×11 Hex positions: the shared oracle against the Hex map.

``PYTHONPATH=. python benchmarks/hex_dead_cells.py [--size 11] [--per-level 20] [--seed 1]``

For each fill level (fraction of the cells holding stones, half Black, half White; boards
already won are skipped) it times, in process, ``verify.dead.dead_vertices`` on
``Game.from_hex`` (method auto = sat: one incremental SAT query per undecided cell) and
``verify.papers.hex.deadmap.dead_cells_game`` (degree filter, induced paths built from
two shortest paths, SAT only for the rest), checks that both give the same dead cells,
and prints mean and worst times.  The empty board is timed too.
"""

from __future__ import annotations

import argparse
import random
import time

from verify.dead import dead_vertices
from verify.papers.hex.board import Position
from verify.papers.hex.deadmap import dead_cells_game


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=11)
    ap.add_argument("--per-level", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    n = args.size
    rng = random.Random(args.seed)
    print(f"{n}x{n}: fill, positions, dead cells (mean), shared oracle mean/worst s, hex map mean/worst s, "
          "speed-up, SAT calls (mean)")
    for fill in (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6):
        ta, tb, dead, sat_calls, k = [], [], 0, 0, 0
        while k < (1 if fill == 0 else args.per_level):
            cells = list(range(n * n))
            rng.shuffle(cells)
            m = int(fill * n * n)
            p = Position(n, n, sum(1 << c for c in cells[: m // 2]), sum(1 << c for c in cells[m // 2: m]))
            if p.chain("B") or p.chain("W"):
                continue
            g = p.game()
            t0 = time.perf_counter()
            a = dead_vertices(g)
            t1 = time.perf_counter()
            st: dict = {}
            b = dead_cells_game(g, st)
            t2 = time.perf_counter()
            if a != b:
                raise SystemExit(f"DISAGREE on {p.spec()}: {sorted(a ^ b)}")
            ta.append(t1 - t0)
            tb.append(t2 - t1)
            dead += len(a)
            sat_calls += st["sat_calls"]
            k += 1
        ma, mb = sum(ta) / k, sum(tb) / k
        print(f"fill {fill:.1f}: {k:3d} positions, {dead / k:5.1f} dead, shared {ma * 1000:7.1f} / {max(ta) * 1000:7.1f} ms, "
              f"hex map {mb * 1000:6.2f} / {max(tb) * 1000:6.2f} ms, x{ma / mb:5.1f}, SAT calls {sat_calls / k:.1f}")


if __name__ == "__main__":
    main()
