"""Proof objects for the Black openings of the empty N×N board: build, save, re-check.

For each opening searched (one per 180° pair; ``--only`` for a few) the proof of its
value is built from the compiled kernel (``proof.build_proof``), then re-verified by the
independent checker (``proof.check_proof``, no solver code); the table gives DAG nodes,
unfolded tree nodes, build and check seconds. ``--save FILE`` writes every proof
(``save_proofs``; ``check-proof FILE`` re-checks it later).

    PYTHONPATH=. nice -n 10 python benchmarks/hex_proofs.py 5 --save /tmp/proofs_5x5.json.gz
    PYTHONPATH=. nice -n 10 python benchmarks/hex_proofs.py 5 --only c3,a1 --budget 60
"""

from __future__ import annotations

import argparse
import time

from verify.errors import BudgetExceeded
from verify.papers.hex.board import BLACK, WHITE, Position
from verify.papers.hex.openings_run import representatives
from verify.papers.hex.proof import build_proof, check_proof, save_proofs, unfolded_size


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int)
    ap.add_argument("--only", help="openings, comma-separated")
    ap.add_argument("--budget", type=float, default=600.0, help="seconds per proof (default 600)")
    ap.add_argument("--save", metavar="FILE")
    a = ap.parse_args()
    board = Position(a.n, a.n)
    cells = ([board.index(c) for c in a.only.split(",")] if a.only
             else sorted(set(representatives(a.n).values())))
    proofs = []
    print("opening  winner  dag_nodes  tree_nodes  build_s  check_s")
    t_all = time.perf_counter()
    for i in cells:
        pos = board.play(i, BLACK)
        t0 = time.perf_counter()
        try:
            pr = build_proof(pos, WHITE, deadline=time.monotonic() + a.budget)
        except BudgetExceeded as exc:
            print(f"{board.name(i):7}  unknown ({exc})", flush=True)
            continue
        t1 = time.perf_counter()
        r = check_proof(pr)
        t2 = time.perf_counter()
        proofs.append(pr)
        print(f"{board.name(i):7}  {r.winner:6}  {r.nodes:9}  {unfolded_size(pr['nodes'], pr['root']):10}  "
              f"{t1 - t0:7.1f}  {t2 - t1:7.1f}", flush=True)
    print(f"{len(proofs)} of {len(cells)} proofs built and checked in {time.perf_counter() - t_all:.1f} s")
    if a.save:
        save_proofs(a.save, proofs)
        print(f"saved to {a.save}")


if __name__ == "__main__":
    main()
