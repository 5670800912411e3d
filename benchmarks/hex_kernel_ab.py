"""Hex kernel A/B (on demand): two builds of the kernel on the same openings, each opening in
fresh processes, interleaved.

    PYTHONPATH=. python benchmarks/hex_kernel_ab.py [--base REV [--base-wide]] [--board N] [--only a3,a4]
                                                     [--bits-a BITS] [--bits-b BITS] [--json]

A is the kernel of the git revision REV (default ``HEAD``: ``hexsolve.c``, ``hexbits.h`` and
``edge_templates.h`` as committed there), B this checkout's, both compiled into the kernel cache. Each of
Black's openings on the empty N×N board (one of each pair of 180° turns, as
``hex-openings`` searches them; ``--only`` picks some) is solved with White to move by A
and by B as ``hex-openings`` runs the kernel (:data:`RUN_SWITCHES`, value only, its table
size), each in a process of its own so that no table is kept from an earlier opening,
A first on odd openings and B first on even ones so that load drifting over the run falls
on both. ``--bits-a`` / ``--bits-b`` OR switch bits into one side's queries (an
experimental switch that is off by default, say). The winners must agree: a different
winner means one kernel is wrong, is reported, and makes the exit status 1. CPU is each
child's user + system time (``os.wait4``) less the median of three start-ups of the same
kernel that solve nothing; node counts are the kernel's, exact whatever the load.

This is how kernel changes are measured in ``docs/tools/hex.md``: edit ``hexsolve.c``,
run this against ``HEAD``, compare nodes (exact) and CPU (on idle cores).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hex_vs_benzene import _cpu  # noqa: E402  (the sibling benchmark's child-CPU runner)

from verify.errors import InputError, ShannonVerifyError  # noqa: E402
from verify.papers.hex.board import BLACK, WHITE, Position  # noqa: E402
from verify.papers.hex.openings_run import openings_table_bits, representatives  # noqa: E402
from verify.papers.hex.solver import MAX_CELLS, RUN_SWITCHES, _flags, build_executable, build_for  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
KERNEL = ("verify/papers/hex/hexsolve.c", "verify/papers/hex/hexbits.h", "verify/papers/hex/edge_templates.h")
OPTIONAL = {"verify/papers/hex/edge_templates.h"}  # revisions before the edge templates have none


def kernel_at(rev: str, wide: bool, mid: bool = False) -> Path:
    """The kernel executable built from ``rev``'s sources (compiled into the kernel cache):
    the narrow build, or ``wide`` or ``mid`` (see ``hexbits.h``; a revision before the mid
    build existed compiles it as its narrow one, which skips the H-search at nodes of more
    than 64 vertices: compare 63–64-cell boards against such a revision with ``--base-wide``)."""
    from verify.tables.kernel import compiled

    with tempfile.TemporaryDirectory() as d:
        for path in KERNEL:
            p = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"], capture_output=True)
            if p.returncode and path in OPTIONAL:
                continue
            if p.returncode:
                raise InputError(f"Revision {rev!r} has no {path} in this repository.")
            (Path(d) / Path(path).name).write_bytes(p.stdout)
        src = Path(d) / "hexsolve.c"
        if wide or mid:
            name, macro = ("wide", "HEX_WIDE") if wide else ("mid", "HEX_VM128")
            src = Path(d) / f"hexsolve_{name}.c"
            src.write_text(f'#define {macro} 1\n#include "hexsolve.c"\n')  # beside it: cached by content
        exe = compiled(src)
    if exe is None:
        raise ShannonVerifyError("No C compiler found for the Hex kernel.")
    return exe


def openings(n: int, only: str | None) -> list[int]:
    """The cells searched: one of each pair of 180° turns, or the ``only`` ones (by name)."""
    board = Position(n, n)
    if not only:
        return sorted(set(representatives(n).values()))
    names = {board.name(i): i for i in range(board.size)}
    cells = []
    for name in only.split(","):
        if name.strip() not in names:
            raise InputError(f"{name.strip()!r} is not a cell of the {n}x{n} board.")
        cells.append(names[name.strip()])
    return cells


def solve(cmd: list[str], query: str, base: float) -> tuple[str, int | None, float]:
    """(winner B/W or ?, nodes, CPU seconds less start-up) of one fresh kernel on one query."""
    out, cpu = _cpu(cmd, query)
    w = out.split()
    winner = w[0] if len(w) == 3 and w[0] in ("B", "W") else "?"
    return winner, int(w[2]) if winner != "?" else None, round(max(0.0, cpu - base), 3)


def ab(n: int, exe_a: Path, exe_b: Path, cells: list[int], bits_a: int = 0, bits_b: int = 0) -> list[dict]:
    """One row per opening: each side's winner, nodes and CPU."""
    bits = str(openings_table_bits(n))  # as hex-openings
    cmd = {"a": [str(exe_a), bits], "b": [str(exe_b), bits]}
    base = {s: statistics.median(_cpu(cmd[s], "")[1] for _ in range(3)) for s in cmd}
    flags = _flags(**RUN_SWITCHES)
    board = Position(n, n)
    rows = []
    for k, i in enumerate(cells):
        p = board.play(i, BLACK)
        row = {"cell": board.name(i)}
        for side in (("a", "b") if k % 2 == 0 else ("b", "a")):
            extra = bits_a if side == "a" else bits_b
            q = f"{n} {n} {p.black:x} {p.white:x} {WHITE} {flags | extra}\n"
            row[f"winner_{side}"], row[f"nodes_{side}"], row[f"cpu_{side}"] = solve(cmd[side], q, base[side])
        rows.append(row)
    return rows


def summary(rows: list[dict]) -> dict:
    """Totals, ratios B / A, and the openings whose winners differ."""
    tot = {f"{k}_{s}": sum(r[f"{k}_{s}"] or 0 for r in rows) for k in ("nodes", "cpu") for s in "ab"}
    return {"openings": len(rows), **{k: round(v, 2) for k, v in tot.items()},
            "nodes_ratio": round(tot["nodes_b"] / tot["nodes_a"], 3) if tot["nodes_a"] else None,
            "cpu_ratio": round(tot["cpu_b"] / tot["cpu_a"], 3) if tot["cpu_a"] else None,
            "differ": [r["cell"] for r in rows if r["winner_a"] != r["winner_b"]]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", default="HEAD", help="git revision of kernel A (default HEAD)")
    ap.add_argument("--board", type=int, default=7, help="board side N (3..11; default 7)")
    ap.add_argument("--only", help="only these openings, by cell name (e.g. a3,a4)")
    ap.add_argument("--base-wide", action="store_true",
                    help="build A with 128-bit bitboards whatever the board (A revisions before the "
                         "mid build of 2026-11-27 ran 8x8 on it)")
    ap.add_argument("--bits-a", type=int, default=0, help="switch bits OR'd into A's queries")
    ap.add_argument("--bits-b", type=int, default=0, help="switch bits OR'd into B's queries")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    n = args.board
    try:
        if not 3 <= n <= 11 or n * n > MAX_CELLS:
            raise InputError(f"Board side {n} is out of range: the kernel takes 3 to 11.")
        if args.bits_a < 0 or args.bits_b < 0:
            raise InputError("Switch bits are a non-negative integer.")
        cells = openings(n, args.only)
        build = build_for(n * n)
        wide, mid = build == "wide", build == "mid"
        exe_a = kernel_at(args.base, wide or args.base_wide, mid and not args.base_wide)
        exe_b = build_executable(n * n)
        if exe_b is None:
            raise ShannonVerifyError("No C compiler found for the Hex kernel.")
    except ShannonVerifyError as exc:  # InputError among them: one sentence, exit status 2
        print(f"hex_kernel_ab: {exc}", file=sys.stderr)
        return 2
    rows = ab(n, exe_a, exe_b, cells, args.bits_a, args.bits_b)
    s = summary(rows)
    if args.json:
        print(json.dumps({"board": n, "base": args.base, "summary": s, "openings": rows}, indent=1))
    else:
        for r in rows:
            print(f"{r['cell']:>4}  A {r['winner_a']} {r['nodes_a'] or 0:>11,} {r['cpu_a']:8.2f} s   "
                  f"B {r['winner_b']} {r['nodes_b'] or 0:>11,} {r['cpu_b']:8.2f} s")
        print(f"{n}x{n}, {s['openings']} openings: A ({args.base}) {s['nodes_a']:,} nodes {s['cpu_a']:.1f} s CPU, "
              f"B (this checkout) {s['nodes_b']:,} nodes {s['cpu_b']:.1f} s CPU; B/A nodes {s['nodes_ratio']}, "
              f"CPU {s['cpu_ratio']}; winners differ: {', '.join(s['differ']) or 'none'}")
    return 1 if s["differ"] else 0


if __name__ == "__main__":
    sys.exit(main())
