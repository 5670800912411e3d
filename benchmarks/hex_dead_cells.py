"""Exact dead cells of random Hex positions: the APIs' median / p90 and the CLI process time.

``PYTHONPATH=. python benchmarks/hex_dead_cells.py [--sizes 7 11] [--positions 200] [--cli-runs 10] [--seed 1]``

Positions: random fill 0–60 % of the cells (half Black, half White; boards already won
are skipped), as ``tests/test_hex_deadmap.py`` draws them.  For each size it times, in
process and per position,

* ``dead_cells(Position)`` (``verify.papers.hex.deadmap``: the position's bitboards, no
  ``Game`` built),
* ``dead_vertices(game)`` on a prebuilt ``Game.from_hex(spec)`` (method auto = ``map``),
* ``Game.from_hex(spec)`` itself, and ``dead_vertices(Game.from_hex(spec))`` together,
* ``dead_vertices(game, method="sat")`` (the shared SAT oracle) on the first positions,

checks that all agree, and prints median and 90th percentile (ms) and the mean number of
SAT calls of the map.  Then it runs the whole process ``shannon-verify dead --hex SPEC``
(``python -m verify``; Python start-up included) ``--cli-runs`` times on the empty 11×11
board and on a random half-filled one and prints the median wall time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from verify.dead import dead_vertices
from verify.game import Game
from verify.papers.hex.board import Position
from verify.papers.hex.deadmap import dead_cells


def positions(rng: random.Random, n: int, count: int) -> list[Position]:
    out = []
    while len(out) < count:
        cells = list(range(n * n))
        rng.shuffle(cells)
        m = int(rng.uniform(0, 0.6) * n * n)
        p = Position(n, n, sum(1 << c for c in cells[: m // 2]), sum(1 << c for c in cells[m // 2: m]))
        if not (p.chain("B") or p.chain("W")):
            out.append(p)
    return out


def timed(f, xs) -> list[float]:
    out = []
    for x in xs:
        t0 = time.perf_counter()
        f(x)
        out.append(time.perf_counter() - t0)
    return out


def fmt(ts: list[float]) -> str:
    ts = sorted(ts)
    return f"median {statistics.median(ts) * 1000:7.3f} ms, p90 {ts[int(0.9 * len(ts))] * 1000:7.3f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[7, 11])
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--sat-positions", type=int, default=30)
    ap.add_argument("--cli-runs", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    for n in args.sizes:
        ps = positions(rng, n, args.positions)
        specs = [p.spec() for p in ps]
        games = [Game.from_hex(s) for s in specs]
        for p, g in zip(ps, games):
            if set(p.names(dead_cells(p))) != dead_vertices(g):
                raise SystemExit(f"DISAGREE on {p.spec()}")
        for g in games[: args.sat_positions]:
            if dead_vertices(g, "sat") != dead_vertices(g):
                raise SystemExit(f"DISAGREE with sat on {g.hex_board.spec()}")
        stats: list[int] = []
        for p in ps:
            st: dict = {}
            dead_cells(p, st)
            stats.append(st["sat_calls"])
        print(f"{n}x{n}, {len(ps)} random positions (fill 0-60 %), {sum(stats) / len(ps):.3f} SAT calls per position:")
        print(f"  dead_cells(Position)                      {fmt(timed(dead_cells, ps))}")
        print(f"  dead_vertices(game), game prebuilt        {fmt(timed(dead_vertices, games))}")
        print(f"  Game.from_hex(spec)                       {fmt(timed(Game.from_hex, specs))}")
        print(f"  dead_vertices(Game.from_hex(spec))        {fmt(timed(lambda s: dead_vertices(Game.from_hex(s)), specs))}")
        sat = games[: args.sat_positions]
        print(f"  dead_vertices(game, 'sat'), {len(sat):3d} positions {fmt(timed(lambda g: dead_vertices(g, 'sat'), sat))}")
    if args.cli_runs:
        half = positions(random.Random(args.seed + 1), 11, 50)
        half = next(p for p in half if bin(p.black | p.white).count("1") > 50)
        for spec in ("11x11", half.spec()):
            walls = []
            for _ in range(args.cli_runs):
                t0 = time.perf_counter()
                subprocess.run([sys.executable, "-m", "verify", "dead", "--hex", spec], check=True, capture_output=True)
                walls.append(time.perf_counter() - t0)
            print(f"shannon-verify dead --hex {spec if spec == '11x11' else 'RANDOM-11x11'}: whole process median "
                  f"{statistics.median(walls):.3f} s, min {min(walls):.3f} s ({args.cli_runs} runs)")
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        print(f"(python -c pass: {time.perf_counter() - t0:.3f} s)")


if __name__ == "__main__":
    main()
