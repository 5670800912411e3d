"""What every TSD game statement would cost at n = 9, measured on sample shards (on demand).

``python benchmarks/n9_projection.py [--n 9] [--res 200 ...] [--mod 512] [--each] [--json] [ID ...]``

Runs the sample geng shards ``res/mod`` of ``n`` (default: shard 200 of 512, 8,029 of
the 7,949,596 games of n = 9) for the statements given — by default every TSD
statement checked game by game that holds (not an example, not recorded as refuted:
those are decided at their smallest n and need no n = 9 run) — in **one pass**
(:func:`verify.sweep.onepass.run_group_shard`, each statement's own seconds in the
pass), or with ``--each`` one :func:`~verify.sweep.run_shard` per statement, and
prints per statement the sample's games, hypothesis count, verdict and seconds, and
the projection to every game of ``n`` (seconds × games of ``n`` / games sampled; the
games of ``n`` counted by ``geng -u`` and the terminal-pair orbits).  One process, one
core: the projection is CPU time.
"""

from __future__ import annotations

import argparse
import json
import time

from verify.sweep import run_shard
from verify.sweep.onepass import holding_game_statements, run_group_shard

GAMES = {7: 11_260, 8: 230_505, 9: 7_949_596}  # connected games, terminal pairs up to automorphism


def default_ids() -> list[str]:
    return holding_game_statements("TSD.")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ids", nargs="*", metavar="ID")
    ap.add_argument("--n", type=int, default=9, choices=sorted(GAMES))
    ap.add_argument("--res", type=int, nargs="+", default=[200])
    ap.add_argument("--mod", type=int, default=512)
    ap.add_argument("--each", action="store_true", help="one run_shard per statement instead of one pass")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    ids = tuple(args.ids or default_ids())
    rows: dict[str, dict] = {i: {"id": i, "games": 0, "hypothesis": 0, "seconds": 0.0, "verdicts": set()} for i in ids}
    start = time.perf_counter()
    for res in args.res:
        results = [run_shard(i, args.n, res, args.mod) for i in ids] if args.each else run_group_shard(ids, args.n, res, args.mod)
        for r in results:
            row = rows[r.statement]
            row["games"] += r.instances
            row["hypothesis"] += r.hypothesis
            row["seconds"] += r.seconds
            row["verdicts"].add(r.verdict)
    wall = time.perf_counter() - start
    out = []
    for row in rows.values():
        scale = GAMES[args.n] / max(1, row["games"])
        out.append({**row, "verdicts": sorted(row["verdicts"]), "seconds": round(row["seconds"], 2),
                    "projected_cpu_hours": round(row["seconds"] * scale / 3600, 2)})
    total = sum(r["projected_cpu_hours"] for r in out)
    if args.json:
        print(json.dumps({"n": args.n, "res": args.res, "mod": args.mod, "one_pass": not args.each,
                          "wall_seconds": round(wall, 1), "projected_cpu_hours": round(total, 1), "rows": out}, indent=2))
        return
    for r in sorted(out, key=lambda r: -r["seconds"]):
        print(f"{r['id']:<18} {'/'.join(r['verdicts']):<8} games {r['games']:>7}  hypothesis {r['hypothesis']:>10}  "
              f"{r['seconds']:8.2f} s  -> {r['projected_cpu_hours']:7.2f} CPU h at n = {args.n}")
    print(f"{len(out)} statements, {'one run_shard each' if args.each else 'one pass'}: {wall:.1f} s wall; "
          f"projected {total:.1f} CPU h for every game of n = {args.n} ({total / 2:.1f} h on 2 cores)")


if __name__ == "__main__":
    main()
