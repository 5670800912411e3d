"""Speed of ``shannon-verify table TSD.TAB1`` against geng alone (run on demand).

``python benchmarks/table_speed.py [--n 10] [--jobs J] [--repeats 2]`` times

1. ``geng -c -u n`` alone (generation without output), sharded ``res/mod`` over the
   same ``J`` processes and shards as the table uses;
2. ``shannon-verify table TSD.TAB1 --min-n n --max-n n --jobs J`` as a whole process
   (geng writing graph6 into the C kernel, plus Python start-up and compilation
   check);

and prints the best wall time of each and their ratio (target ≤ 5×, stretch ≤ 2×).

References
----------
.. [1] A. M. Steane, Threat, support and dead edges in the Shannon game, §6, Table 1.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verify.tables.kernel import default_jobs, default_shards, geng_command  # noqa: E402


def geng_alone(n: int, jobs: int) -> float:
    """Wall seconds of ``geng -c -u n res/mod`` over all shards, ``jobs`` at a time."""
    mod = default_shards(n, jobs)
    cmds = [geng_command(n, r, mod) + ["-u"] for r in range(mod)]
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(lambda c: subprocess.run(c, check=True, capture_output=True), cmds))
    return time.perf_counter() - start


def table_process(n: int, jobs: int) -> tuple[float, dict]:
    """Wall seconds of the whole ``shannon-verify table`` process, and its JSON."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [sys.executable, "-m", "verify", "table", "TSD.TAB1", "--min-n", str(n), "--max-n", str(n),
           "--jobs", str(jobs), "--json", "--no-progress"]
    start = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    if p.returncode not in (0, 1):
        raise SystemExit(p.stderr)
    return wall, json.loads(p.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=default_jobs())
    ap.add_argument("--repeats", type=int, default=2)
    args = ap.parse_args()
    table_process(4, args.jobs)  # compile the kernel outside the timing
    g = min(geng_alone(args.n, args.jobs) for _ in range(args.repeats))
    runs = [table_process(args.n, args.jobs) for _ in range(args.repeats)]
    t, data = min(runs, key=lambda x: x[0])
    row = data["rows"][0]
    print(f"n = {args.n}, jobs = {args.jobs}, shards = {default_shards(args.n, args.jobs)}, best of {args.repeats}")
    print(f"geng -c -u {args.n} alone:          {g:7.2f} s")
    print(f"shannon-verify table TSD.TAB1: {t:7.2f} s  (row computed in {row['seconds']:.2f} s, {row['method']})")
    print(f"ratio table / geng:            {t / g:7.2f}x  (target <= 5x, stretch <= 2x)")
    print(f"row {args.n}: {row['computed']}  published {row['published']}  mismatches {row['mismatches']}")


if __name__ == "__main__":
    main()
