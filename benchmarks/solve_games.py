"""Solver benchmarks (on demand): ``python benchmarks/solve_games.py [--n 8] [--workers 2]``.

1. Every non-isomorphic Shannon game on n vertices (connected graphs from geng,
   terminal pairs up to automorphism), both players to move, solved by the fast
   solver; geng's ``res/mod`` shards go to worker processes.  With ``--sample K`` only
   the first K shards of ``--mod`` are run and the full time is projected.
2. Empty Hex boards 3×3, 4×4 (and 5×5 with ``--hex5``): winner and winning openings.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import networkx as nx

from verify import Game
from verify.graphs import geng_lines, terminal_pairs
from verify.solve import CUT, SHORT, FastSolver


def shard(args):
    n, res, mod, canonical = args
    solver = FastSolver(canonical=canonical)
    games = short_wins = 0
    t = time.perf_counter()
    for line in geng_lines(n, res=res, mod=mod):
        g = nx.from_graph6_bytes(line.encode())
        for pair in terminal_pairs(g):
            game = Game.from_networkx(g, pair)
            games += 1
            for first in (SHORT, CUT):
                short_wins += solver.short_wins(game, first)
        if not canonical and len(solver.table) > 2_000_000:
            solver.table.clear()
    return games, short_wins, time.perf_counter() - t


def all_games(n, workers, mod, sample, canonical):
    todo = [(n, r, mod, canonical) for r in range(mod if sample is None else sample)]
    t = time.perf_counter()
    with ProcessPoolExecutor(workers) as ex:
        results = list(ex.map(shard, todo))
    wall = time.perf_counter() - t
    games = sum(r[0] for r in results)
    wins = sum(r[1] for r in results)
    label = "canonical TT" if canonical else "labelled TT"
    if sample is None:
        print(f"n={n}: {games} games x 2 players solved in {wall:.1f} s wall ({workers} workers, {label}); Short wins {wins} of {2 * games}")
    else:
        print(f"n={n}: sample {sample}/{mod} shards: {games} games in {wall:.1f} s; projected {wall * mod / sample:.0f} s ({workers} workers, {label})")


def hex_boards(sizes):
    for k in sizes:
        g = Game.from_hex(f"{k}x{k}")
        s = FastSolver()
        t = time.perf_counter()
        w = {p: s.winner(g, p) for p in (SHORT, CUT)}
        moves = s.winning_moves(g, SHORT)
        print(f"hex {k}x{k}: Short first -> {w[SHORT]}, Cut first -> {w[CUT]}; winning openings {moves}; {time.perf_counter() - t:.1f} s, {s.nodes} nodes")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--n", type=int, default=8)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--mod", type=int, default=16)
    ap.add_argument("--sample", type=int)
    ap.add_argument("--canonical", action="store_true")
    ap.add_argument("--hex5", action="store_true")
    ap.add_argument("--skip-games", action="store_true")
    a = ap.parse_args()
    if not a.skip_games:
        all_games(a.n, a.workers, a.mod, a.sample, a.canonical)
    hex_boards([3, 4, 5] if a.hex5 else [3, 4])
