"""Helpers of ``ci/deep-sweep.sh``: estimate its duration, collect its counterexamples.

``python ci/deep_sweep.py estimate [ID...] [--max-n N] [--base B] [--json]``
    How long ``shannon-verify check`` takes for each statement up to its own maximum
    n (or ``--max-n``), measured on a sample: every game with n ≤ 6 is checked, and
    for n ≥ 7 the games of one connected graph in ``B ** (n - 6)`` (every so many in
    geng's order; 16 and 256 by default); games and seconds are scaled up by the
    number of graphs.  Like the run itself, a statement stops at the first n where
    the sample fails.  Prints a table, or JSON.

``python ci/deep_sweep.py collect RUN.json DIR``
    Copy the counterexamples a run found (JSON and PNG) to ``DIR/<ID>/``, the layout
    of the repository's ``counterexamples/``, for a CI artifact.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

import networkx as nx

from verify import Game, ShannonVerifyError
from verify.graphs import geng_lines, terminal_pairs
from verify.registry import GAMES, REGISTRY, evaluate, load_paper_statements
from verify.report import load_run


def sample_games(n: int, stride: int):
    """Games of every ``stride``-th connected graph on n vertices (geng's order).

    Returns the games (terminal pairs up to automorphism) and the factor that scales
    the sample up to all connected graphs on n vertices.
    """
    lines = list(geng_lines(n))
    sample = lines[stride // 2 :: stride] if stride > 1 else lines
    games = []
    for line in sample:
        g = nx.from_graph6_bytes(line.encode())
        games += [Game.from_networkx(g, pair) for pair in terminal_pairs(g)]
    return games, len(lines) / max(1, len(sample))


def sample_instances(st, n: int, stride: int):
    """As :func:`sample_games`, from the statement's own domain (games, multigraphs, boards...)."""
    if st.domain is GAMES:
        return sample_games(n, stride)
    every = list(st.domain.instances(n))
    sample = every[stride // 2 :: stride] if stride > 1 else every
    return sample, len(every) / max(1, len(sample))


def estimate_statement(st, max_n: int, base: int) -> list[dict]:
    """Per n: measured games and seconds, and the projection to all games of that n."""
    rows = []
    if st.kind == "table":  # tables compute whole rows; they are timed by their own benchmarks
        return [{"n": max_n, "stride": 1, "games": 0, "seconds": 0.0, "projected_games": 0, "projected_seconds": 0.0}]
    for n in range(st.min_n, max_n + 1):
        stride = 1 if n <= 6 else base ** (n - 6)
        start = time.perf_counter()
        games, scale = sample_instances(st, n, stride)
        failed = False
        for game in games:
            failed |= evaluate(st, game)[1] is not None
        seconds = time.perf_counter() - start
        rows.append({"n": n, "stride": stride, "games": len(games), "seconds": seconds,
                     "projected_games": round(len(games) * scale), "projected_seconds": seconds * scale})
        if failed:
            break
    return rows


def run_estimate(args) -> int:
    load_paper_statements()
    ids = args.ids or sorted(REGISTRY)
    missing = [i for i in ids if i not in REGISTRY]
    if missing:
        print(f"deep_sweep: error: no statement {missing[0]} is registered.", file=sys.stderr)
        return 2
    out, total, measured = [], 0.0, 0.0
    for i in ids:
        st = REGISTRY[i]
        rows = estimate_statement(st, args.max_n or st.max_n, args.base)
        proj = sum(r["projected_seconds"] for r in rows)
        spent = sum(r["seconds"] for r in rows)
        total, measured = total + proj, measured + spent
        out.append({"id": i, "max_n": rows[-1]["n"], "per_n": rows, "projected_seconds": proj, "measured_seconds": spent})
        if not args.json:
            top = rows[-1]
            print(f"{i:<14} n≤{top['n']:<2} ~{sum(r['projected_games'] for r in rows):>9} games  "
                  f"~{proj:9.1f} s  (measured {spent:.1f} s; 1 graph in {top['stride']} at n={top['n']})", flush=True)
    if args.json:
        print(json.dumps({"statements": out, "projected_seconds": total, "measured_seconds": measured}, indent=2))
    else:
        print(f"total: ~{total / 60:.1f} min projected for one process ({measured:.1f} s measured)")
    return 0


def run_collect(args) -> int:
    results = load_run(args.run_file)
    dest = Path(args.dir)
    copied = 0
    for r in results:
        src = Path(r.get("counterexample") or "")
        if not r.get("counterexample") or not src.is_file():
            continue
        folder = dest / r["id"]
        folder.mkdir(parents=True, exist_ok=True)
        for f in (src, src.with_suffix(".png")):
            if f.is_file():
                shutil.copyfile(f, folder / f.name)
                copied += 1
    print(f"{copied} counterexample files copied to {dest}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="deep_sweep.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    e = sub.add_parser("estimate", help="project the duration of the deep sweep from a sample")
    e.add_argument("ids", nargs="*", metavar="ID")
    e.add_argument("--max-n", type=int, help="depth (default: each statement's own max_n)")
    e.add_argument("--base", type=int, default=16, help="at n ≥ 7 check one graph in base**(n-6) (default 16)")
    e.add_argument("--json", action="store_true")
    e.set_defaults(run=run_estimate)
    c = sub.add_parser("collect", help="copy a run's counterexamples into DIR/<ID>/")
    c.add_argument("run_file", metavar="RUN.json")
    c.add_argument("dir", metavar="DIR")
    c.set_defaults(run=run_collect)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except ShannonVerifyError as exc:
        print(f"deep_sweep: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
