"""A kernel switch on and off — captured-pair fill-in (hexsolve.c flag bit 9) or df-pn's
threatened-move pruning (bit 10): nodes and kernel CPU per opening.

Each Black opening of the empty N×N board is solved (White to move, the other switches
at their defaults, value only — the setting of ``hex-openings``) by a fresh kernel
process, once with the switch on and once off; the kernel's user CPU is read from the
child's rusage.

    PYTHONPATH=. nice -n 10 python benchmarks/hex_captured.py 5
    PYTHONPATH=. nice -n 10 python benchmarks/hex_captured.py 6 --only f3,b2,f2,e3
    PYTHONPATH=. nice -n 10 python benchmarks/hex_captured.py 6 --switch prune
"""

from __future__ import annotations

import argparse
import resource

from verify.papers.hex.board import BLACK, WHITE, Position
from verify.papers.hex.solver import CSolver


def run(pos: Position, switch: str, on: bool, bits: int):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    s = CSolver(bits)
    s.value(Position(1, 1), BLACK)
    r = s.value(pos, WHITE, value_only=True, **{switch: on})
    s.close()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r[0], r[2]), after.ru_utime - before.ru_utime


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int)
    ap.add_argument("--only", help="openings, comma-separated")
    ap.add_argument("--switch", default="captured", choices=("captured", "prune"))
    a = ap.parse_args()
    board = Position(a.n, a.n)
    cells = a.only.split(",") if a.only else [board.name(i) for i in range(board.size)]
    bits = min(22, max(12, a.n * a.n - 2))
    tot = {True: [0, 0.0], False: [0, 0.0]}
    print(f"{a.switch}: cell  winner  nodes(on)  cpu(on)  nodes(off)  cpu(off)")
    for c in cells:
        pos = board.play(c, BLACK)
        out = {}
        for cap in (True, False):
            (w, nodes), cpu = run(pos, a.switch, cap, bits)
            out[cap] = (w, nodes, cpu)
            tot[cap][0] += nodes or 0
            tot[cap][1] += cpu
        assert out[True][0] == out[False][0], (c, out)
        print(f"{c:4}  {out[True][0]:6}  {out[True][1]:9}  {out[True][2]:7.2f}  {out[False][1]:10}  {out[False][2]:8.2f}",
              flush=True)
    print(f"total nodes on {tot[True][0]}, off {tot[False][0]}; user CPU on {tot[True][1]:.2f} s, off {tot[False][1]:.2f} s")


if __name__ == "__main__":
    main()
