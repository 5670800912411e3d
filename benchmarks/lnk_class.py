"""Benchmark of the class search (``links --max-degree 3``; LNK.C2): the CLI at one n, and
the CPU of every stored size of the C2 run.

    python benchmarks/lnk_class.py [--n 13] [--jobs 2] [--stores docs/lnk/maxdeg3]

Prints one JSON object: ``cli`` (wall and CPU seconds of ``shannon-verify links --n N
--max-degree 3 --json`` in a fresh process, from geng to the second solver's re-decision
of every link, and its summary), and ``stores`` (per n: shards done of all, kernel and
geng CPU, shard wall seconds; and the totals of the run).  Targets (issue 42): n = 13 in
≤ 2 min on 2 cores; every n ≤ 17 in ≤ 8 h on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cli(n: int, jobs: int) -> dict:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "verify", "links", "--n", str(n), "--max-degree", "3", "--jobs",
                          str(jobs), "--json", "--no-progress"], capture_output=True, text=True, check=True, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    summary = json.loads(out.stdout.splitlines()[-1])["summary"]
    return {"n": n, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1), "summary": summary}


def stores(folder: Path) -> dict:
    rows = []
    for path in sorted(folder.glob("*_n*.jsonl"), key=lambda p: (p.stem.split("_n")[0], int(p.stem.split("_n")[1]))):
        recs = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        head, shards = recs[0], recs[1:]
        rows.append({"store": path.name, "shards": len(shards), "mod": head["mod"],
                     "kernel_cpu": round(sum(r.get("kernel_cpu", 0) for r in shards), 1),
                     "geng_cpu": round(sum(r.get("geng_cpu", 0) for r in shards), 1),
                     "shard_wall": round(sum(r.get("seconds", 0) for r in shards), 1)})
    cpu = sum(r["kernel_cpu"] + r["geng_cpu"] for r in rows)
    return {"sizes": rows, "cpu_s": round(cpu, 1), "hours_on_2_cores": round(cpu / 2 / 3600, 2)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=13)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--stores", default=str(ROOT / "docs" / "lnk" / "maxdeg3"))
    ap.add_argument("--no-cli", action="store_true", help="only read the stores")
    args = ap.parse_args(argv)
    report = {"stores": stores(Path(args.stores))}
    if not args.no_cli:
        report["cli"] = cli(args.n, args.jobs)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
