"""Proof objects for every opening of the empty N×N board: build, check, write, re-check.

Every Black opening (White to move; ``--all``: also both roots and every White opening,
as ``solve --hex NxN --openings --proof`` does) gets a proof built from the compiled
kernel (``proof.prove_all``: ``--jobs`` worker processes, each proof checked by the
independent checker as soon as it is built, then written to the file and dropped); an
opening that is the 180° turn of an earlier one (or, with ``--all``, the colour-swapped
transpose) is written as an image claim.  The table gives per opening the winner, DAG
nodes, unfolded tree nodes, exhaustive leaves, bytes of its JSON line, build and check
seconds; then the totals, and the file re-checked from disk (``check_file``, one proof at
a time) with its wall time.

    PYTHONPATH=. nice -n 10 python benchmarks/hex_proofs.py 5
    PYTHONPATH=. nice -n 10 python benchmarks/hex_proofs.py 6 --save /tmp/proofs_6x6.jsonl.gz
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

from verify.papers.hex.board import BLACK, WHITE, Position, other
from verify.papers.hex.proof import EXHAUST, check_file, prove_all


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int)
    ap.add_argument("--all", action="store_true", help="both roots and the openings of both colours")
    ap.add_argument("--budget", type=float, default=7200.0, help="seconds in all (default 7200)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--exhaust", type=int, default=EXHAUST)
    ap.add_argument("--no-symmetry", action="store_true")
    ap.add_argument("--save", metavar="FILE", help="keep the proof file (default: a temporary file, removed)")
    a = ap.parse_args()
    board = Position(a.n, a.n)
    queries = [(board, BLACK), (board, WHITE)] if a.all else []
    for colour in ((BLACK, WHITE) if a.all else (BLACK,)):
        queries += [(board.play(i, colour), other(colour)) for i in range(board.size)]
    path = a.save or os.path.join(tempfile.mkdtemp(prefix="hex_proofs_"), f"p{a.n}.jsonl.gz")
    print(f"{a.n}x{a.n}: {len(queries)} claims, exhaustive leaves of at most {a.exhaust} cells, {a.jobs} jobs")
    print("claim                 winner      nodes  tree_nodes  x_leaves     bytes  build_s  check_s")

    def name(i: int) -> str:
        p, to = queries[i]
        stones = [f"{c}{s}" for c in (BLACK, WHITE) for s in p.stones(c)]
        return f"{' '.join(stones) or 'empty'}, {to} to move"

    def each(i: int, d: dict) -> None:
        if "image" in d:
            print(f"{name(i):20}  {d['winner']:6}  {d['image'][1]} image of claim {d['image'][0] + 1}", flush=True)
        else:
            print(f"{name(i):20}  {d['winner']:6}  {d['nodes']:9}  {d['tree_nodes']:10}  {d['xleaves']:8}  "
                  f"{d['bytes']:8}  {d['build_s']:7.1f}  {d['check_s']:7.1f}", flush=True)

    t0 = time.perf_counter()
    tot = prove_all(queries, path, jobs=a.jobs, deadline=time.monotonic() + a.budget, exhaust=a.exhaust,
                    symmetry=not a.no_symmetry, each=each)
    wall = time.perf_counter() - t0
    print(f"total: {tot['proofs']} proofs + {tot['images']} images, {tot['nodes']} nodes, {tot['bytes']} bytes of JSON, "
          f"file {tot['file_bytes']} bytes; build {tot['build_s']:.1f} s + check {tot['check_s']:.1f} s CPU, "
          f"{wall:.1f} s wall")
    t1 = time.perf_counter()
    res = check_file(path)
    print(f"re-checked from {path}: {len(res)} claims valid in {time.perf_counter() - t1:.1f} s")
    if not a.save:
        os.remove(path)
        os.rmdir(os.path.dirname(path))


if __name__ == "__main__":
    main()
