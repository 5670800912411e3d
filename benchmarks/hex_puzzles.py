"""Benzene's Hex puzzle suite through the HTP engine (on demand; Benzene is a benchmark-only peer).

    PYTHONPATH=. python benchmarks/hex_puzzles.py BENZENE_CHECKOUT [--max-size 7] [--budget 300]
        [--big 8x8-henderson-97,9x9-boll-02 --big-budget 300] [--tst dfpn-puzzle.tst] [--json OUT]

``BENZENE_CHECKOUT`` is a checkout of github.com/cgao3/benzene-vanilla-cmake (or any
Benzene with ``regression/dfpn-puzzle.tst`` and ``regression/sgf/puzzles/``).  Each test of
the file (``dfpn-clear-tt``, ``loadsgf FILE``, then ``ID dfpn-solve-state COLOUR`` or ``ID
dfpn-solver-find-winning COLOUR`` and its ``#? [expected]``) is sent, as written, to one
in-process :class:`~verify.papers.hex.htp.HtpEngine` — boards up to ``--max-size`` only.
The puzzles named by ``--big`` (SGF file stems, any size) are run as well, through the
library (:func:`~verify.papers.hex.winning.find_winning` over the engine's kernel) with
one deadline of ``--big-budget`` seconds for the whole puzzle, to report timings.

A test passes when the answer matches the expected one exactly (gtpregress' rule: the
regular expression in the brackets matches the whole answer).  A find-winning answer
that does not match is classed ``superset`` (every expected move is in ours, and ours has
more: Benzene only tries the moves its inferior-cell analysis keeps, so a winning move it
proves inferior is not in its answer), ``subset``, ``different``, ``error`` or
``unknown`` (past the budget).  CPU is this process's plus its finished children's (the
kernel is closed after each puzzle, so its CPU is counted), per puzzle and per board size.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import resource
import sys
import time
from collections import defaultdict
from pathlib import Path

from verify.papers.hex.htp import HtpEngine, _split_answer
from verify.papers.hex.winning import find_winning


def cpu() -> float:
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


def tests(tst: Path):
    """(setup commands, id, command, expected pattern, sgf stem) per numbered test of ``tst``."""
    setup: list[str] = []
    sgf = None
    pending = None
    for raw in tst.read_text().splitlines():
        line = raw.strip()
        if line.startswith("#?"):
            if pending is not None:
                m = re.fullmatch(r"#\?\s*\[(.*)\]\s*(\*?)", line)
                yield (*pending, m.group(1) if m else None)
                pending = None
            continue
        if not line or line.startswith("#"):
            continue
        words = line.split()
        if words[0].isdigit():
            pending = (list(setup), int(words[0]), " ".join(words[1:]), sgf)
            setup = []
        else:
            if words[0] == "loadsgf" and len(words) > 1:
                sgf = Path(words[1]).stem
            setup.append(line)


def classify(answer: str, error: bool, expected: str) -> str:
    if error:
        return "unknown" if "unknown within budget" in answer else "error"
    try:
        if re.fullmatch(expected, answer, re.S):
            return "pass"
    except re.error:
        pass
    ours, theirs = set(answer.split()), set(expected.split())
    if theirs < ours:
        return "superset"
    if ours < theirs:
        return "subset"
    return "different"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("benzene", help="a Benzene checkout (holding regression/)")
    ap.add_argument("--tst", default="dfpn-puzzle.tst", help="the regression file (default dfpn-puzzle.tst)")
    ap.add_argument("--max-size", type=int, default=7, help="run the puzzles up to this board size (default 7)")
    ap.add_argument("--budget", type=float, default=300.0, help="seconds per solver query (default 300)")
    ap.add_argument("--big", default="", help="comma-separated SGF stems of larger puzzles to time")
    ap.add_argument("--big-budget", type=float, default=300.0, help="seconds for each --big puzzle (default 300)")
    ap.add_argument("--json", metavar="OUT", help="write the per-puzzle results as JSON")
    args = ap.parse_args()
    reg = Path(args.benzene) / "regression"
    tst = reg / args.tst
    if not tst.is_file():
        print(f"No {tst}.", file=sys.stderr)
        return 2
    out = Path(args.json).resolve() if args.json else None
    os.chdir(reg)  # the file's loadsgf names are relative to regression/
    big = {s for s in args.big.split(",") if s}
    log = io.StringIO()
    engine = HtpEngine(budget=args.budget, log=log)
    rows = []
    for setup, ident, command, sgf, expected in tests(tst):
        size = int(re.match(r"(\d+)x", sgf or "0x").group(1)) if sgf else 0
        if size > args.max_size and sgf not in big:
            continue
        engine.close()
        c0, t0 = cpu(), time.monotonic()
        for line in setup:
            engine.handle(line)
        if size > args.max_size:  # one deadline for the whole puzzle, through the library
            deadline = time.monotonic() + args.big_budget
            words = command.split()
            colour = engine._colour(words[1])

            def query(p, to_move, seconds):
                return engine.solve(p, to_move, min(deadline, time.monotonic() + seconds))

            if words[0].endswith("find-winning"):
                res = find_winning(engine.pos, colour, query, args.big_budget)
                error, answer = not res.complete, res.text() if res.complete else "unknown within budget"
            else:
                w = query(engine.pos, colour, args.big_budget)[0]
                error, answer = w is None, {"B": "black", "W": "white"}.get(w, "unknown within budget")
        else:
            error, answer = _split_answer(engine.handle(f"{ident} {command}"))
        engine.close()
        c1, t1 = cpu(), time.monotonic()
        verdict = classify(answer, error, expected or "")
        rows.append({"id": ident, "sgf": sgf, "size": size, "command": command, "expected": expected,
                     "answer": answer, "verdict": verdict, "cpu": round(c1 - c0, 2), "wall": round(t1 - t0, 2)})
        print(f"{ident:>4} {sgf:<24} {command:<32} {verdict:<9} {c1 - c0:8.2f} s  expected [{expected}] got "
              f"[{answer}]", flush=True)
    by = defaultdict(lambda: defaultdict(float))
    for r in rows:
        b = by[f"{r['size']}x{r['size']}"]
        b["tests"] += 1
        b["pass"] += r["verdict"] == "pass"
        b["superset"] += r["verdict"] == "superset"
        b["cpu"] += r["cpu"]
    print("\nsize   tests  pass  superset  other   CPU s")
    for k in sorted(by, key=lambda s: int(s.split("x")[0])):
        b = by[k]
        print(f"{k:<6} {int(b['tests']):>5} {int(b['pass']):>5} {int(b['superset']):>9} "
              f"{int(b['tests'] - b['pass'] - b['superset']):>6} {b['cpu']:>8.1f}")
    if out is not None:
        out.write_text(json.dumps({"file": str(tst), "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
