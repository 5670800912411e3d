"""The three Shannon-game solvers side by side (on demand):
``python benchmarks/shannon_solvers.py [--n 7] [--minimax-max-n 7] [--all-pairs]``.

For each n: every connected graph from geng with its terminal pairs (one per orbit of
the automorphism group, or every pair with ``--all-pairs``), the games built first
(not timed).  Two jobs per solver: *winners* (W(G, Short) and W(G, Cut)) and *full*
(both winners and both players' winning first moves, :class:`verify.solve.compiled.Answer`).
Solvers: the compiled kernel (:mod:`verify.solve.compiled`, one process, games streamed),
:class:`verify.solve.fast.FastSolver` (one instance, its table kept across games) and
plain minimax (:mod:`verify.solve.minimax`, a memo per game; up to ``--minimax-max-n``).
With ``--cubic K`` also K seeded random cubic games on 14–20 vertices (larger games,
where the search, not the Python around it, is the cost), compiled and FastSolver.
Each row: games, wall seconds and CPU seconds (this process and its children; the
machine is shared), and whether the answers equal the compiled solver's.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from verify.game import CUT, SHORT  # noqa: E402
from verify.graphs import connected_games  # noqa: E402
from verify.solve import compiled as C  # noqa: E402
from verify.solve import minimax  # noqa: E402
from verify.solve.fast import FastSolver  # noqa: E402


def cpu_now() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(fn):
    w, c = time.perf_counter(), cpu_now()
    out = fn()
    return out, time.perf_counter() - w, cpu_now() - c


def c_winners(games):
    with C.CompiledSolver() as s:
        return [(a.short_first, a.cut_first) for a in s.solve_many(games)]


def c_full(games):
    with C.CompiledSolver() as s:
        return list(s.solve_many(games))


def fast_winners(games):
    s = FastSolver()
    return [(s.winner(g, SHORT), s.winner(g, CUT)) for g in games]


def fast_full(games):
    s = FastSolver()
    return [C.Answer(s.winner(g, SHORT), s.winner(g, CUT), tuple(s.winning_moves(g, SHORT)),
                     tuple(s.winning_moves(g, CUT))) for g in games]


def minimax_winners(games):
    out = []
    for g in games:
        memo: dict = {}
        out.append((SHORT if minimax.short_wins(g, SHORT, memo) else CUT,
                    SHORT if minimax.short_wins(g, CUT, memo) else CUT))
    return out


def minimax_full(games):
    return [C.minimax_answer(g) for g in games]


def cubic_games(count: int, seed: int = 1) -> list:
    import random

    import networkx as nx

    from verify.game import Game

    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.randint(14, 20)
        h = nx.random_regular_graph(3, n + n % 2, seed=rng.randrange(1000))
        out.append(Game.from_networkx(h, tuple(rng.sample(list(h.nodes), 2))))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, nargs="+", default=[7])
    ap.add_argument("--minimax-max-n", type=int, default=7)
    ap.add_argument("--all-pairs", action="store_true")
    ap.add_argument("--cubic", type=int, default=0)
    a = ap.parse_args()
    print(f"{'n':>3} {'solver':<10} {'job':<8} {'games':>7} {'wall s':>9} {'cpu s':>9}  same as C")
    for n in a.n:
        games = list(connected_games(n, all_pairs=a.all_pairs))
        ref = {}
        for name, jobs in (("compiled", (c_winners, c_full)), ("fast", (fast_winners, fast_full)),
                           ("minimax", (minimax_winners, minimax_full))):
            if name == "minimax" and n > a.minimax_max_n:
                continue
            for job, fn in zip(("winners", "full"), jobs):
                out, wall, cpu = timed(lambda: fn(games))
                same = "-" if name == "compiled" else ("yes" if out == ref[job] else "NO")
                ref.setdefault(job, out)
                print(f"{n:>3} {name:<10} {job:<8} {len(games):>7} {wall:9.2f} {cpu:9.2f}  {same}", flush=True)
    if a.cubic:
        games = cubic_games(a.cubic)
        ref = None
        for name, fn in (("compiled", c_full), ("fast", fast_full)):
            out, wall, cpu = timed(lambda: fn(games))
            same = "-" if ref is None else ("yes" if out == ref else "NO")
            ref = out if ref is None else ref
            print(f"{'cub':>3} {name:<10} {'full':<8} {len(games):>7} {wall:9.2f} {cpu:9.2f}  {same}", flush=True)


if __name__ == "__main__":
    main()
