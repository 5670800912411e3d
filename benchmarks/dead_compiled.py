"""The compiled dead-vertex oracle against the Python induced-path search (on demand):
``python benchmarks/dead_compiled.py [--n 7 8] [--all-pairs] [--brute-max-n 7]``.

For each n: every connected graph from geng with its terminal pairs (one per orbit of
the automorphism group, or every pair with ``--all-pairs``), the games built first (not
timed).  The job: the dead vertices of every game.  Oracles: the compiled kernel
(:mod:`verify.dead.compiled`, one process, games streamed), the induced-path search
:mod:`verify.dead.paths` (one ``classify`` per game on its non-terminal vertices) and,
up to ``--brute-max-n``, brute force over colourings (:mod:`verify.dead.brute`).  Each
row: games, wall seconds and CPU seconds (this process and its children; the machine is
shared), and whether the answers equal the compiled oracle's.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from verify.dead import compiled as D  # noqa: E402
from verify.graphs import connected_games  # noqa: E402


def cpu_now() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(fn):
    w, c = time.perf_counter(), cpu_now()
    out = fn()
    return out, time.perf_counter() - w, cpu_now() - c


def compiled(games):
    with D.CompiledDead() as k:
        return list(k.dead_many(games))


def paths(games):
    return [D.paths_dead(g) for g in games]


def brute(games):
    return [D.brute_dead(g) for g in games]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, nargs="+", default=[7])
    ap.add_argument("--all-pairs", action="store_true")
    ap.add_argument("--brute-max-n", type=int, default=0)
    a = ap.parse_args()
    print(f"{'n':>3} {'oracle':<10} {'games':>7} {'wall s':>9} {'cpu s':>9}  same as C")
    for n in a.n:
        games = list(connected_games(n, all_pairs=a.all_pairs))
        ref = None
        for name, fn in (("compiled", compiled), ("paths", paths), ("brute", brute)):
            if name == "brute" and n > a.brute_max_n:
                continue
            out, wall, cpu = timed(lambda: fn(games))
            same = "-" if ref is None else ("yes" if out == ref else "NO")
            ref = out if ref is None else ref
            print(f"{n:>3} {name:<10} {len(games):>7} {wall:9.2f} {cpu:9.2f}  {same}", flush=True)


if __name__ == "__main__":
    main()
