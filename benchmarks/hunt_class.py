"""A cheap Python check hunted over a graph class at one n: what ``hunt --graphs`` costs.

``python benchmarks/hunt_class.py [--n 14] [--graphs maxdeg=3] [--jobs 2] [--mod M] [--dask local] [--json]``

Sweeps the statement :data:`cheap` below (a few Python operations per game; it holds on
every game of maximum degree 3, so no game stops the sweep) over every game on the
``n``-vertex connected graphs of the class — geng with the class's flags, terminal pairs
up to automorphism — exactly as ``shannon-verify hunt benchmarks/hunt_class.py::cheap
--graphs maxdeg=3`` does at its last ``n``: the shards (``--mod``, default the class's
own, 512 at n ≥ 11) go to ``--jobs`` worker processes (or Dask), which load the
statement from this file by name.  Prints the graphs (``geng -u`` counts them), the
games, the verdict, the wall time, the summed shard seconds and the microseconds per
game, and the seconds geng alone takes to write the class's graphs.

Measured 2026-12-04 (``python benchmarks/hunt_class.py --n 14``; the 2-core machine
shared with another engineer's jobs, load 3 to 5; processes×2, 512 shards): n = 14,
maximum degree 3 — 262,044 graphs, 20,774,792 games, holds; **420 s wall**, 838 s in the
workers (40 µs a game: the game built from geng's graph, its terminal pairs up to
automorphism, the check); geng and the reading of its lines alone 1.5 s.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from verify import statement
from verify.graph_class import GraphClass
from verify.graphs import GENG_SPLIT, geng_lines


@statement("BENCH.CHEAP", kind="conj", register=False)
def cheap(game):
    """The terminals of a game of maximum degree 3 have degree sum at most 6."""
    s, t = game.terminals
    return game.degree(s) + game.degree(t) <= 6


def geng_count(n: int, graph_class: GraphClass) -> tuple[int, float]:
    """(graphs of the class on ``n`` vertices, seconds the enumeration alone takes: geng with
    the class's flags, and planarg for a planar class, read line by line as the sweep reads it)."""
    start = time.perf_counter()
    count = sum(1 for _ in geng_lines(n, graph_class=graph_class))
    return count, time.perf_counter() - start


def main() -> None:
    from verify.sweep import Store, load_statement, make_backend, sweep

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=14)
    ap.add_argument("--graphs", default="maxdeg=3", help="graph class spec (default maxdeg=3)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--mod", type=int, help="geng shards (default: the class's own)")
    ap.add_argument("--dask", help="'local' or a scheduler address (default: local processes)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    gc = GraphClass.parse(args.graphs)
    source = f"{Path(__file__).resolve()}::cheap"
    st = load_statement("BENCH.CHEAP", source, gc.spec or None)
    graphs, geng_seconds = geng_count(args.n, gc)
    with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "bench.sqlite") as store, \
            make_backend(args.jobs, args.dask) as backend:
        run_id = store.new_run("benchmarks/hunt_class.py", {"kind": "hunt", "statements": [], "graphs": gc.spec}, {})
        start = time.perf_counter()
        r = sweep(st, args.n, args.n, backend=backend, store=store, run_id=run_id, mod=args.mod, source=source, emit=False)
        wall = time.perf_counter() - start
        worker = sum(row["seconds"] for row in store.shard_rows(run_id))
        described = backend.describe()
    row = {
        "n": args.n, "graphs_class": gc.spec, "class": str(gc), "backend": described,
        "mod": args.mod or st.domain.shards(args.n), "split": GENG_SPLIT,
        "graphs": graphs, "games": r.instances, "hypothesis_true": r.hypothesis_true, "verdict": r.verdict,
        "wall_seconds": round(wall, 1), "worker_seconds": round(worker, 1),
        "microseconds_per_game_worker": round(worker / max(1, r.instances) * 1e6, 2),
        "enumeration_seconds": round(geng_seconds, 2),
    }
    if args.json:
        print(json.dumps(row, indent=2))
        return
    print(f"{st.id} on {row['class']}, n = {args.n}: {row['verdict']}, {graphs:,} graphs, {r.instances:,} games; "
          f"{row['wall_seconds']} s wall on {described} ({row['mod']} shards), {row['worker_seconds']} s in the workers "
          f"({row['microseconds_per_game_worker']} µs a game); the enumeration alone {row['enumeration_seconds']} s")

if __name__ == "__main__":
    main()
