"""Hex opening benchmark (on demand): ``PYTHONPATH=. python benchmarks/hex_openings.py [--max 5] [--jobs 2]``.

For each empty k×k board (k = 3 .. --max): the value with either colour to move and
the winner after every Black opening, by the compiled kernel (``verify.papers.hex.solver``:
df-pn with the must-play, virtual-connection and fill-in reductions, value only) on
``--jobs`` kernel processes; prints wall time and nodes per board; an opening past
``--budget`` seconds (the whole board's) is printed ``?``.  Run it from the worktree
root with ``PYTHONPATH=.`` so that ``verify`` is this checkout.  Openings that are 180° turns of each other are searched once unless
``--no-symmetry``.
"""

from __future__ import annotations

import argparse
import time

from verify.papers.hex.board import BLACK, WHITE, Position
from verify.papers.hex.maps import solve_all, opening_map_text


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--min", type=int, default=3)
    ap.add_argument("--max", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--budget", type=float, default=600.0)
    ap.add_argument("--no-symmetry", action="store_true", help="search 180-degree turns too")
    args = ap.parse_args()
    for k in range(args.min, args.max + 1):
        p = Position(k, k)
        queries = [(p, BLACK), (p, WHITE)] + [(p.play(i, BLACK), WHITE) for i in range(p.size)]
        t = time.perf_counter()
        res, nodes = solve_all(queries, args.budget, args.jobs, table_bits=min(22, max(12, k * k - 2)),
                                symmetry=not args.no_symmetry)
        wall = time.perf_counter() - t
        m = {p.name(i): res[2 + i] for i in range(p.size)}
        print(f"{k}x{k}: Black first {res[0]}, White first {res[1]}; {sum(v == BLACK for v in m.values())} of "
              f"{p.size} Black openings win; {wall:.2f} s wall on {args.jobs} kernels, {nodes} nodes")
        print(opening_map_text(p, m))


if __name__ == "__main__":
    main()
