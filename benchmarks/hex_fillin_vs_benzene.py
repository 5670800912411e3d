"""Our kernel's fill-in against Benzene's on random positions (on demand; Benzene is a
benchmark-only peer, never a dependency).

    PYTHONPATH=. python benchmarks/hex_fillin_vs_benzene.py --benzene PATH/mohex [--n 8] [--positions 40] [--seed 1] [--json]

Each position has 6–16 stones on random cells, Black and White alternately.  Benzene
answers ``compute-fillin white`` (its dead, captured and permanently inferior cells,
filled); ours is the kernel's fill-in (dead cells and captured pairs, repeated; the debug
query of ``CSolver.fill_in``).  Counted: the cells each fills, the cells only one of them
fills, and how many of Benzene's own are dead exactly (``verify.papers.hex.deadmap``) in
the position after our fill-in — the part a stronger dead-cell test alone would reach.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys

from verify.papers.hex.board import BLACK, WHITE, Position
from verify.papers.hex.deadmap import dead_cells
from verify.papers.hex.solver import CSolver


def random_positions(n: int, count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        p = Position(n, n)
        for j, c in enumerate(rng.sample(range(n * n), rng.randint(6, 16))):
            p = p.play(c, BLACK if j % 2 == 0 else WHITE)
        out.append(p)
    return out


def benzene_fillin(binary: str, positions: list[Position]) -> list[dict[str, str]]:
    """Benzene's fill-in of each position: cell → ``fb`` or ``fw``."""
    script = []
    for k, p in enumerate(positions):
        script.append(f"boardsize {p.cols} {p.rows}")
        script += [f"play b {c}" for c in p.names(p.black)] + [f"play w {c}" for c in p.names(p.white)]
        script.append(f"{1000 + k} compute-fillin white")
    out = subprocess.run([binary, "--quiet", "--use-logfile=false"], input="\n".join(script + ["quit"]) + "\n",
                         capture_output=True, text=True, timeout=600).stdout
    answers: dict[int, dict[str, str]] = {}
    for block in out.split("\n\n"):
        head, _, rest = block.strip().partition(" ")
        if head[:2] == "=1" and head[1:].isdigit():
            words = rest.split()
            answers[int(head[1:])] = dict(zip(words[0::2], words[1::2]))
    missing = [k for k in range(len(positions)) if 1000 + k not in answers]
    if missing:
        raise SystemExit(f"Benzene gave no fill-in for {len(missing)} of {len(positions)} positions.")
    return [answers[1000 + k] for k in range(len(positions))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--benzene", required=True, help="Benzene's mohex binary")
    ap.add_argument("--n", type=int, default=8, help="board side (default 8)")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    positions = random_positions(args.n, args.positions, args.seed)
    theirs = benzene_fillin(args.benzene, positions)
    tally = {"positions": len(positions), "benzene": 0, "ours": 0, "benzene_only": 0, "ours_only": 0,
             "benzene_only_dead_after_ours": 0}
    with CSolver(20) as solver:
        for p, bz in zip(positions, theirs):
            filled, _, _ = solver.fill_in(p)
            ours = set(filled.names((filled.black | filled.white) & ~(p.black | p.white)))
            only = [c for c in bz if c not in ours]
            dead = set(filled.names(dead_cells(filled))) if only else set()
            tally["benzene"] += len(bz)
            tally["ours"] += len(ours)
            tally["benzene_only"] += len(only)
            tally["ours_only"] += len(ours - set(bz))
            tally["benzene_only_dead_after_ours"] += sum(c in dead for c in only)
    if args.json:
        print(json.dumps(tally))
    else:
        print(f"{args.n}x{args.n}, {len(positions)} positions (seed {args.seed}): Benzene fills {tally['benzene']} "
              f"cells, ours {tally['ours']}; only Benzene {tally['benzene_only']} (of them dead exactly after our "
              f"fill-in: {tally['benzene_only_dead_after_ours']}), only ours {tally['ours_only']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
