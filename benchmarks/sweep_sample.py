"""A measured sample of a deep sweep, projected to the whole ``n`` (on demand).

``python benchmarks/sweep_sample.py TSD.T2 TSD.T3 --n 9 --shards 6 [--mod 512] [--dask local] [--jobs 2]``

Runs ``--shards`` shards of ``n`` spread evenly over ``res = 0 .. mod-1`` (geng's
``res/mod``) for each statement on the chosen backend (default: a Dask LocalCluster
of ``--jobs`` workers), and prints per statement the sample's games, summed shard
seconds, wall time and verdict, and two projections of the whole ``n``: by shards
(mean shard time × ``mod``) and by graphs (seconds per graph × the number of
connected graphs on ``n`` vertices, which ``geng -u`` counts in well under a
second).  Wall time on ``J`` workers is the CPU projection divided by ``J``.

Measured 2026-11-21 (shared 2-core machine, load 2-4 from other jobs; Dask
LocalCluster of 2 workers; shards 64, 192, 320, 448 of 512 = 1,923 of 261,080
graphs, 58,590 games): TSD.T2 holds, 109 s in shards, 57 s wall, projecting
≈ 4.1 CPU hours for all of n = 9 (≈ 8.0 million games); TSD.L5 holds, 14 s,
≈ 0.5 CPU hours; TSD.T4 holds, 777 s, ≈ 29 CPU hours.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import time

from verify.graphs import GENG_SPLIT, find_geng
from verify.sweep import make_backend, run_shard


def graph_count(n: int, res: int = 0, mod: int = 1) -> int:
    """Connected graphs on ``n`` vertices in shard ``res/mod`` (``geng -u`` counts them)."""
    args = [find_geng(), "-u", "-c", str(n)] + ([GENG_SPLIT, f"{res}/{mod}"] if mod > 1 else [])
    err = subprocess.run(args, capture_output=True, text=True, check=True).stderr
    return int(re.search(r"(\d+) graphs generated", err).group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ids", nargs="+", metavar="ID")
    ap.add_argument("--n", type=int, default=9)
    ap.add_argument("--mod", type=int, default=512)
    ap.add_argument("--shards", type=int, default=6)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--dask", default="local", help="'local', a scheduler address, or 'none' for local processes")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    step = args.mod // args.shards
    picks = [step // 2 + i * step for i in range(args.shards)]
    total_graphs = graph_count(args.n)
    sample_graphs = sum(graph_count(args.n, r, args.mod) for r in picks)
    rows = []
    with make_backend(args.jobs, None if args.dask == "none" else args.dask) as backend:
        for sid in args.ids:
            start = time.perf_counter()
            shards = list(backend.run(run_shard, [(sid, args.n, r, args.mod) for r in picks]))
            wall = time.perf_counter() - start
            cpu = sum(s.seconds for s in shards)
            by_graphs = cpu / max(1, sample_graphs) * total_graphs
            rows.append({
                "id": sid, "n": args.n, "mod": args.mod, "shards": picks, "backend": backend.describe(),
                "graphs": sample_graphs, "games": sum(s.instances for s in shards),
                "hypothesis_true": sum(s.hypothesis for s in shards),
                "failures": sum(len(s.failures) for s in shards),
                "verdicts": sorted({s.verdict for s in shards}),
                "shard_seconds": round(cpu, 2), "wall_seconds": round(wall, 2),
                "projected_cpu_hours_by_shards": round(cpu / len(shards) * args.mod / 3600, 2),
                "projected_cpu_hours_by_graphs": round(by_graphs / 3600, 2),
                "projected_wall_hours": round(by_graphs / 3600 / backend.jobs, 2),
                "total_graphs": total_graphs,
            })
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for r in rows:
        print(f"{r['id']:<12} n={r['n']} shards {len(r['shards'])}/{r['mod']} ({r['graphs']} of {r['total_graphs']} graphs, "
              f"{r['games']} games) {'/'.join(r['verdicts'])}: {r['shard_seconds']} s in shards, {r['wall_seconds']} s wall "
              f"on {r['backend']}; whole n: {r['projected_cpu_hours_by_graphs']} CPU h by graphs "
              f"({r['projected_cpu_hours_by_shards']} by shards), {r['projected_wall_hours']} h wall")


if __name__ == "__main__":
    main()
