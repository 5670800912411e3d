"""Cross-check and time the Hex kernel's 64- and 128-bit builds against an earlier kernel
(the mid build of 63–64 cells, 64-bit cells with 128-bit vertex masks, is cross-checked
with the 128-bit one in ``tests/test_hex_big_boards.py``).

``hexsolve.c`` is compiled three times — the earlier 64-bit kernel (``git show
REV:verify/papers/hex/hexsolve.c``, default HEAD), today's source with 64-bit bitboards
(``-DHEX_WIDE=0``) and with 128-bit ones (the default) — and each query is sent to all
three; the answer lines (winner, carrier, nodes; the debug and H-search hooks' lines too)
must be equal, byte for byte, on every board of at most 62 cells, where the widths take the
same steps.  Query sets:

* ``--openings 3-6``: every Black opening of the empty N×N boards (White to move), with
  the switches of ``hex-openings`` (value only) and with every reduction and the carrier;
* ``--random 5-7 --count K``: K random positions per size (stone counts that can arise
  in play, no chain yet; a third to two thirds of the board filled, or with ``--sparse``
  2 stones to a third), both players to move, with several switch words (searches
  without df-pn only up to 16 vacant cells);
* ``--replay DIR``: query logs ``*.in`` / ``*.out`` / ``*.args`` (one kernel process each,
  as recorded by a logging stand-in for the kernel while the test-suite ran); each log is
  replayed in one process with the recorded table size, so the tables hold what they
  held, and compared with the recorded answers.

``--time 7 --cells d4,a1``: user CPU of each kernel on those 7×7 openings (value only).

    PYTHONPATH=. python benchmarks/hex_kernel_width.py --openings 3-6 --random 5-7 --count 200
    PYTHONPATH=. python benchmarks/hex_kernel_width.py --time 7 --cells all
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "verify" / "papers" / "hex"

sys.path.insert(0, str(HERE.parents[2]))
from verify.papers.hex.board import Position  # noqa: E402
from verify.papers.hex.solver import RUN_SWITCHES, _flags  # noqa: E402


def build(tmp: Path, rev: str) -> dict[str, Path]:
    """The three executables: old (REV's source), narrow and wide (today's)."""
    old_src = tmp / "hexsolve_old.c"
    old_src.write_bytes(subprocess.run(["git", "show", f"{rev}:verify/papers/hex/hexsolve.c"], check=True,
                                       capture_output=True, cwd=HERE).stdout)
    out = {}
    for name, src, extra in (("old", old_src, []), ("narrow", HERE / "hexsolve.c", ["-DHEX_WIDE=0"]),
                             ("wide", HERE / "hexsolve.c", ["-DHEX_WIDE=1"])):
        exe = tmp / name
        subprocess.run(["gcc", "-O3", "-std=c99", *extra, "-o", str(exe), str(src)], check=True)
        out[name] = exe
    return out


def answers(exe: Path, lines: list[str], bits: str = "20", timeout: float | None = None) -> tuple[list[str], float]:
    """The kernel's output lines for the query lines, and its user + system CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        p = subprocess.run([str(exe), bits], input="".join(lines), capture_output=True, text=True, timeout=timeout)
        out = p.stdout.splitlines()
    except subprocess.TimeoutExpired as exc:
        out = (exc.stdout or b"").decode().splitlines() if isinstance(exc.stdout, bytes) else (exc.stdout or "").splitlines()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return out, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def q(pos: Position, to_move: str, word: int) -> str:
    return f"{pos.rows} {pos.cols} {pos.black:x} {pos.white:x} {to_move} {word}\n"


RUN = _flags(**RUN_SWITCHES)
WORDS = (RUN, _flags(), _flags(vc=False), _flags(dfpn=False), _flags(hsearch=False, vc=False),
         _flags(captured=False, prune=False, vc=False, value_only=True), _flags(mustplay=False, dfpn=False))


def opening_queries(n: int) -> list[str]:
    b = Position(n, n)
    return [q(b.play(i, "B"), "W", w) for w in (RUN, _flags(vc=False)) for i in range(b.size)]


def random_queries(n: int, count: int, rng: random.Random, sparse: bool = False) -> list[str]:
    out = []
    while len(out) < count:
        pos = Position(n, n)
        if sparse:  # 2 to a third of the board filled
            k = rng.randrange(1, n * n // 6 + 1)
        else:  # about a third to two thirds
            k = rng.randrange(n * n // 6, n * n // 3 + 1)
        cells = rng.sample(range(n * n), 2 * k)
        nb = k + rng.randrange(0, 2)
        p = pos
        for i in cells[:nb]:
            p = p.play(i, "B")
        for i in cells[nb:2 * k]:
            p = p.play(i, "W")
        if p.chain("B") or p.chain("W"):
            continue
        to_move = "W" if nb > k else rng.choice("BW")
        word = rng.choice(WORDS)
        if not word & 64 and n * n - 2 * k > 16:  # without df-pn only small searches
            word = RUN
        out.append(q(p, to_move, word))
    return out


def _groups(lines: list[str], out: list[str]) -> list[tuple[str, list[str]]]:
    """Each query line with its answer lines (two for the threateners hook, bits 13 and 14)."""
    res, k = [], 0
    for line in lines:
        n = 2 if (int(line.split()[5]) >> 13 & 3) == 3 else 1
        res.append((line, out[k:k + n]))
        k += n
    return res


def compare(exes: dict[str, Path], lines: list[str], label: str, bits: str = "20", names=("old", "narrow", "wide"),
            expected: list[str] | None = None, timeout: float | None = None) -> bool:
    """Send ``lines`` to each kernel; every answer must equal the reference (``expected``, or
    the first kernel's) — for the 128-bit build on a board of more than 62 cells, only the
    winner (it runs the H-search where the 64-bit build cannot, so the search differs)."""
    if expected is not None and len(_groups(lines, expected)[-1][1]) < (2 if (int(lines[-1].split()[5]) >> 13 & 3) == 3 else 1):
        lines = lines[:-1]  # the log ends in a query its runner killed (past its budget): no answer to compare
    res = {k: answers(exes[k], lines, bits, timeout) for k in names}
    ref = _groups(lines, expected if expected is not None else res[names[0]][0])
    ok = True
    for k in names:
        got = _groups(lines, res[k][0])
        for i, ((line, want), (_, have)) in enumerate(zip(ref, got)):
            r, c = (int(x) for x in line.split()[:2])
            if k == "wide" and r * c > 62:
                same = [x.split()[:1] for x in want] == [x.split()[:1] for x in have]
            else:
                same = want == have
            if not same:
                ok = False
                print(f"  {label}: {k} differs at query {i} ({line.strip()}): {have} vs {want}")
                break
    print(f"{label}: {len(lines)} queries, " + ", ".join(f"{k} {res[k][1]:.2f} s" for k in names)
          + ("" if ok else "  MISMATCH"), flush=True)
    return ok


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rev", default="HEAD", help="git revision of the earlier kernel (default HEAD)")
    ap.add_argument("--openings", help="board sides A-B: every opening")
    ap.add_argument("--random", help="board sides A-B: random positions")
    ap.add_argument("--count", type=int, default=100, help="random positions per size")
    ap.add_argument("--sparse", action="store_true", help="random positions with fewer stones (2 to n*n/3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--replay", help="a directory of recorded kernel logs")
    ap.add_argument("--time", type=int, help="board side for --cells timing")
    ap.add_argument("--cells", default="d4", help="openings to time (comma-separated, or all)")
    ap.add_argument("--kernels", default="old,narrow,wide")
    a = ap.parse_args(argv)
    ok = True
    with tempfile.TemporaryDirectory() as d:
        exes = build(Path(d), a.rev)
        names = tuple(a.kernels.split(","))
        if a.openings:
            lo, hi = (int(x) for x in a.openings.split("-"))
            for n in range(lo, hi + 1):
                ok &= compare(exes, opening_queries(n), f"openings {n}x{n}", "22", names)
        if a.random:
            lo, hi = (int(x) for x in a.random.split("-"))
            rng = random.Random(a.seed)
            for n in range(lo, hi + 1):
                ok &= compare(exes, random_queries(n, a.count, rng, a.sparse), f"random {n}x{n}"
                              + (" sparse" if a.sparse else ""), "20", names)
        if a.replay:
            logs = sorted(Path(a.replay).glob("*.in"))
            total = 0
            for f in logs:
                lines = f.read_text().splitlines(keepends=True)
                if not lines:
                    continue
                out = f.with_suffix(".out").read_text().splitlines()
                args = f.with_suffix(".args").read_text().split() or ["22"]
                total += len(lines)
                good = compare(exes, lines, f"replay {f.stem}", args[0], tuple(k for k in names if k != "old"),
                               expected=out, timeout=120)
                ok &= good
            print(f"replayed {len(logs)} logs, {total} queries")
        if a.time:
            n = a.time
            b = Position(n, n)
            cells = range(b.size) if a.cells == "all" else [b.index(c) for c in a.cells.split(",")]
            seen = set()
            for i in cells:
                r = min(i, b.size - 1 - i)
                if r in seen:
                    continue
                seen.add(r)
                line = [q(b.play(r, "B"), "W", RUN)]
                row = []
                for k in names:
                    out, cpu = answers(exes[k], line, "22")
                    row.append(f"{k} {cpu:.2f} s CPU ({out[0] if out else '?'})")
                print(f"{b.name(r)}: " + ", ".join(row), flush=True)
    print("all equal" if ok else "MISMATCHES")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
