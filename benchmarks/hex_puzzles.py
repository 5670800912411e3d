"""Benzene's Hex puzzle suite through the HTP engine (on demand; Benzene is a benchmark-only peer).

    PYTHONPATH=. python benchmarks/hex_puzzles.py BENZENE_CHECKOUT [--max-size 7] [--budget 300]
        [--big 8x8-henderson-97,9x9-boll-02 --big-budget 300] [--tst dfpn-puzzle.tst] [--json OUT]
        [--benzene-bin PATH/mohex] [--exact-tst OUT.tst] [--after-fillin]
    PYTHONPATH=. python benchmarks/hex_puzzles.py --table RUN.json [RUN.json ...]

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
``--json`` is rewritten after every test, so a run stopped part-way keeps what finished.
``--after-fillin`` asks our engine Benzene's question: the winning moves among the cells its
fill-in leaves vacant (``htp --after-fillin``; the run records ``"after_fillin": true``).

``--benzene-bin`` runs Benzene itself on the same tests in the same run (side by side):
each test in a fresh process of the given ``mohex`` or ``wolve`` (``--use-logfile=false``,
its log read from stderr), fed the test's own lines (``dfpn-clear-tt``, ``loadsgf``, the
numbered command) after ``param_dfpn timelimit`` set to the budget (on a ``--big`` puzzle
the process is also killed at the budget plus :data:`WHOLE_GRACE`, one deadline for the
whole puzzle as ours has, its answer then unknown; and when a search of its stopped at the
time limit — its log says ``empty wins``, and find-winning then silently leaves that
move out, dfpn-solve-state answers ``empty`` — its answer is unknown too); its CPU is the child's
user + system seconds less a start-up run's (``quit`` alone), its answer classed against
the file's expectation as ours is.  The table then gives both CPUs and their ratio per
board size, over the tests both programs finished.

``--exact-tst OUT`` writes the regression file again with each expectation our engine
answered with a strict superset of replaced by our answer (comment lines before the test
name Benzene's expectation and the proof command), for GoGui's ``gtpregress`` against the
exact sets.

``--confirm RUN.json`` (with ``--benzene-bin``) asks Benzene, a solver sharing no code with
ours, about every move of a superset answer that its file does not expect: after the
puzzle's setup, the move is played and Benzene's ``dfpn-solve-state`` names the winner with
the opponent to move; the answers are written into the run (``"benzene_confirms"``: move →
winner), so the page can say which extra moves two independent solvers call winning.

``--sized-tst OUT`` writes the regression file cut to the boards up to ``--max-size``, and
``--exact-tst OUT --from-run RUN.json`` the same with a stored run's supersets as
expectations, without running anything: the two files ``docs/tools/hex.md`` ran GoGui's
``gtpregress`` on.

``--table RUN.json ...`` prints the Markdown tables of stored runs (``docs/tools/hex.md``
shows them, and ``tests/test_benchmark_hex_puzzles.py`` checks the page against the runs
kept in ``docs/hex/``).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import resource
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from verify.cli.pipes import reader_may_stop
from verify.papers.hex.htp import HtpEngine, _split_answer

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hex_vs_benzene import _cpu  # noqa: E402  (the sibling benchmark's child-CPU runner)
from verify.papers.hex.winning import find_winning, kernel_filled, kernel_threats
from verify.sweep.provenance import code_commit


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


TIMED_OUT = "****** empty wins ******"
"""The line of Benzene's log (stderr) for a search its time limit stopped."""

WHOLE_GRACE = 10.0
"""Seconds past the budget after which Benzene is killed on a ``--big`` puzzle."""


def benzene_run(binary: str, setup: list[str], ident: int, command: str, budget: float,
                whole: bool = False) -> tuple[str, bool, float]:
    """(answer, error?, CPU seconds) of Benzene on one test, in a fresh process with
    ``param_dfpn timelimit`` set to the budget, which bounds each of its searches (a
    find-winning runs one per move it considers).  The process is killed after four times
    the budget plus a minute, or with ``whole`` (the ``--big`` puzzles, where ours has one
    deadline for the whole puzzle) after the budget plus :data:`WHOLE_GRACE`; its answer is
    then unknown, and so is an answer given after a search stopped at the time limit
    (:data:`TIMED_OUT` in its log, or ``empty``)."""
    lines = [f"param_dfpn timelimit {budget:g}", *setup, f"{ident} {command}", "quit"]
    kill = budget + WHOLE_GRACE if whole else budget * 4 + 60
    with tempfile.TemporaryFile("w+") as err:  # its log: a search past the limit says "empty wins"
        out, c = _cpu([binary, "--use-logfile=false"], "\n".join(lines) + "\n", timeout=kill, err=err)
        err.seek(0)
        ran_out = any(TIMED_OUT in line for line in err)
    for line in out.splitlines():
        if line.startswith((f"={ident}", f"?{ident}")):
            answer = line[len(str(ident)) + 1:].strip()
            if line.startswith("=") and (ran_out or answer == "empty"):
                # a search stopped by the time limit has no winner ("empty"), and find-winning
                # then leaves its move out of the answer: not a verdict
                return f"unknown within budget (Benzene's answer: [{answer}])", True, c
            return answer, line.startswith("?"), c
    return "unknown within budget (no answer)", True, c


def benzene_startup(binary: str) -> float:
    """CPU seconds of a Benzene process that only quits."""
    return _cpu([binary, "--use-logfile=false"], "quit\n")[1]


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


def sized_tst(text: str, max_size: int) -> str:
    """``text`` (a regression file) cut to the tests whose SGF board is at most ``max_size``
    on a side: each block from one ``*-clear-tt`` to the next is kept whole or dropped."""
    blocks, cur = [], []
    for line in text.splitlines():
        if line.strip().endswith("clear-tt") and not line.lstrip().startswith("#") and cur:
            blocks.append(cur)
            cur = []
        cur.append(line)
    blocks.append(cur)
    out = []
    for block in blocks:
        sizes = [int(m.group(1)) for line in block if not line.lstrip().startswith("#")
                 for m in [re.search(r"loadsgf\s+\S*?(\d+)x\d+-", line)] if m]
        if sizes and max(sizes) <= max_size:
            out += block
    return "\n".join(out) + "\n"


def exact_tst(text: str, rows: dict[int, dict]) -> str:
    """``text`` (a regression file) with the expectation of each test answered with a strict
    superset replaced by that answer, and comments before its command naming Benzene's
    (gtpregress wants ``#?`` right after the command)."""
    out, ident = [], None
    for line in text.splitlines():
        words = line.split()
        if words and words[0].isdigit():
            ident = int(words[0])
            r = rows.get(ident)
            if r is not None and r["verdict"] == "superset":
                out.append(f"# Benzene's expectation [{r['expected']}]: the winning moves its inferior-cell analysis "
                           "keeps; every move below wins")
                out.append(f"# (shannon-verify solve --sgf {r['sgf']}.sgf --winning-moves --proof DIR).")
        r = rows.get(ident)
        if line.strip().startswith("#?") and r is not None and r["verdict"] == "superset":
            line = f"#? [{r['answer']}]"
            ident = None
        out.append(line)
    return "\n".join(out) + "\n"


def _mark(verdict: str) -> str:
    return {"pass": "as expected", "superset": "superset", "unknown": "unknown", "error": "error"}.get(verdict, verdict)


def _ratio(ours: float, theirs: float) -> str:
    return f"{ours / theirs:.2f}×" if theirs else "—"  # no test both finished


def table_md(runs: list[dict]) -> str:
    """The docs' tables of one or more stored runs (``--json``, with ``--benzene-bin``):
    per board size, then each test where an answer is not the expected one or either
    program took a second or more."""
    rows = [r for run in runs for r in run["rows"]]
    sizes = sorted({r["size"] for r in rows})
    out = ["| board | tests | ours: as expected / superset / unknown | Benzene: as expected / superset / unknown "
           "| both finished | ours CPU | Benzene CPU | ratio |", "|---|---|---|---|---|---|---|---|"]
    tot = defaultdict(float)
    for n in sizes:
        rs = [r for r in rows if r["size"] == n]
        both = [r for r in rs if r["verdict"] in ("pass", "superset") and r["benzene_verdict"] in ("pass", "superset")]
        o, b = sum(r["cpu"] for r in both), sum(r["benzene_cpu"] for r in both)
        count = lambda key, v: sum(r[key] == v for r in rs)  # noqa: E731
        out.append(f"| {n}×{n} | {len(rs)} | {count('verdict', 'pass')} / {count('verdict', 'superset')} / "
                   f"{len(rs) - count('verdict', 'pass') - count('verdict', 'superset')} | "
                   f"{count('benzene_verdict', 'pass')} / {count('benzene_verdict', 'superset')} / "
                   f"{len(rs) - count('benzene_verdict', 'pass') - count('benzene_verdict', 'superset')} | "
                   f"{len(both)} | {o:.1f} s | {b:.1f} s | {_ratio(o, b)} |")
        tot["n"] += len(rs)
        tot["both"] += len(both)
        tot["o"] += o
        tot["b"] += b
    out.append(f"| **all** | **{int(tot['n'])}** | | | **{int(tot['both'])}** | **{tot['o']:.1f} s** | "
               f"**{tot['b']:.1f} s** | **{_ratio(tot['o'], tot['b'])}** |")
    out += ["", "| test | puzzle | expected | ours | CPU | Benzene | CPU |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        if r["verdict"] == "pass" and r["benzene_verdict"] == "pass" and max(r["cpu"], r["benzene_cpu"]) < 1:
            continue
        ours = r["answer"] if r["verdict"] in ("pass", "superset") else "unknown"
        theirs = r["benzene_answer"] if r["benzene_verdict"] in ("pass", "superset", "subset", "different") else "unknown"
        out.append(f"| {r['id']} | {r['sgf']}, {r['command'].split()[-1]} | {r['expected'] or '(none)'} | "
                   f"{ours or '(none)'} ({_mark(r['verdict'])}) | {r['cpu']:.1f} s | "
                   f"{theirs or '(none)'} ({_mark(r['benzene_verdict'])}) | {r['benzene_cpu']:.1f} s |")
    return "\n".join(out)


def confirm(run_path: Path, tst: Path, bz: str, budget: float) -> int:
    """Benzene's value after each extra move of each superset answer of a stored run (see the
    module docstring); exit 1 if it calls any of them lost."""
    run = json.loads(run_path.read_text())
    setups = {ident: setup for setup, ident, *_ in tests(tst)}
    bad = 0
    for r in run["rows"]:
        if r["verdict"] != "superset":
            continue
        words = r["command"].split()
        colour, opp = words[1].lower(), {"black": "white", "white": "black"}[words[1].lower()]
        extra = [m for m in r["answer"].split() if m not in set(r["expected"].split())]
        got = {}
        for move in extra:
            answer, error, _ = benzene_run(bz, [*setups[r["id"]], f"play {colour} {move}"], 99,
                                           f"dfpn-solve-state {opp}", budget)
            got[move] = "unknown" if error else answer
            bad += got[move] == opp
        r["benzene_confirms"] = got
        print(f"{r['id']:>4} {r['sgf']:<24} {colour} extra moves: " + " ".join(f"{m}->{w}" for m, w in got.items()),
              flush=True)
    run_path.write_text(json.dumps(run, indent=1) + "\n")
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("benzene", nargs="?", help="a Benzene checkout (holding regression/)")
    ap.add_argument("--tst", default="dfpn-puzzle.tst", help="the regression file (default dfpn-puzzle.tst)")
    ap.add_argument("--max-size", type=int, default=7, help="run the puzzles up to this board size (default 7)")
    ap.add_argument("--budget", type=float, default=300.0, help="seconds per solver query (default 300)")
    ap.add_argument("--big", default="", help="comma-separated SGF stems of larger puzzles to time")
    ap.add_argument("--big-budget", type=float, default=300.0, help="seconds for each --big puzzle (default 300)")
    ap.add_argument("--json", metavar="OUT", help="write the per-puzzle results as JSON")
    ap.add_argument("--benzene-bin", metavar="PATH", help="Benzene's mohex (or wolve), run on each test side by side")
    ap.add_argument("--exact-tst", metavar="OUT", help="write the file with our proved supersets as expectations")
    ap.add_argument("--table", nargs="+", metavar="RUN.json", help="print the Markdown tables of stored runs, and stop")
    ap.add_argument("--confirm", metavar="RUN.json", help="ask Benzene about each extra move of the run's supersets")
    ap.add_argument("--sized-tst", metavar="OUT", help="write the file cut to the boards up to --max-size, and stop")
    ap.add_argument("--from-run", metavar="RUN.json", help="with --exact-tst: take our answers from this stored run")
    ap.add_argument("--after-fillin", action="store_true",
                    help="our find-winning answers among the cells the fill-in leaves vacant (Benzene's question)")
    args = ap.parse_args()
    if args.table:
        with reader_may_stop():
            print(table_md([json.loads(Path(f).read_text()) for f in args.table]), flush=True)
        return 0
    if not args.benzene:
        ap.error("a Benzene checkout is needed (or --table)")
    reg = Path(args.benzene) / "regression"
    tst = reg / args.tst
    if not tst.is_file():
        print(f"No {tst}.", file=sys.stderr)
        return 2
    out = Path(args.json).resolve() if args.json else None
    exact = Path(args.exact_tst).resolve() if args.exact_tst else None
    to_confirm = Path(args.confirm).resolve() if args.confirm else None
    sized = Path(args.sized_tst).resolve() if args.sized_tst else None
    from_run = Path(args.from_run).resolve() if args.from_run else None
    bz = str(Path(args.benzene_bin).resolve()) if args.benzene_bin else None
    base_b = min(benzene_startup(bz) for _ in range(3)) if bz else 0.0
    os.chdir(reg)  # the file's loadsgf names are relative to regression/
    if sized or from_run:
        text = sized_tst(tst.read_text(), args.max_size)
        if sized:
            sized.write_text(text)
        if from_run:
            if exact is None:
                ap.error("--from-run needs --exact-tst OUT")
            exact.write_text(exact_tst(text, {r["id"]: r for r in json.loads(from_run.read_text())["rows"]}))
        return 0
    if args.confirm:
        if not bz:
            ap.error("--confirm needs --benzene-bin")
        return confirm(to_confirm, tst, bz, args.budget)
    big = {s for s in args.big.split(",") if s}
    log = io.StringIO()
    engine = HtpEngine(budget=args.budget, log=log, after_fillin=args.after_fillin)
    rows = []
    t_start = time.time()
    commit = (code_commit() or "")[:12] or None  # the code this run measured

    def save() -> None:  # after every test, so that a run stopped part-way keeps what finished
        if out is not None:
            tmp = out.with_name(out.name + ".tmp")
            tmp.write_text(json.dumps({"file": str(tst), "benzene_bin": bz, "benzene_startup_cpu": round(base_b, 3),
                                       "budget": args.budget, "big_budget": args.big_budget,
                                       "after_fillin": args.after_fillin,
                                       "benzene_kill": f"budget + {WHOLE_GRACE:g} s for --big puzzles, else 4 × budget + 60 s",
                                       "started": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(t_start)),
                                       "commit": commit,
                                       "rows": rows}, indent=1))
            os.replace(tmp, out)
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
                skip = kernel_filled(engine.kernel(), engine.pos) if args.after_fillin else 0
                res = find_winning(engine.pos, colour, query, args.big_budget,
                                   threats=kernel_threats(engine.kernel(), engine.pos), skip=skip)
                error, answer = not res.complete, res.text() if res.complete else "unknown within budget"
            else:
                w = query(engine.pos, colour, args.big_budget)[0]
                error, answer = w is None, {"B": "black", "W": "white"}.get(w, "unknown within budget")
        else:
            error, answer = _split_answer(engine.handle(f"{ident} {command}"))
        engine.close()
        c1, t1 = cpu(), time.monotonic()
        verdict = classify(answer, error, expected or "")
        row = {"id": ident, "sgf": sgf, "size": size, "command": command, "expected": expected,
               "answer": answer, "verdict": verdict, "cpu": round(c1 - c0, 2), "wall": round(t1 - t0, 2)}
        if bz:
            budget = args.big_budget if size > args.max_size else args.budget
            b_answer, b_error, b_cpu = benzene_run(bz, setup, ident, command, budget, whole=size > args.max_size)
            row.update(benzene_answer=b_answer, benzene_verdict=classify(b_answer, b_error, expected or ""),
                       benzene_cpu=round(max(0.0, b_cpu - base_b), 2))
        rows.append(row)
        save()
        extra = f"  Benzene {row['benzene_verdict']} {row['benzene_cpu']:.2f} s" if bz else ""
        print(f"{ident:>4} {sgf:<24} {command:<32} {verdict:<9} {c1 - c0:8.2f} s{extra}  expected [{expected}] got "
              f"[{answer}]", flush=True)
    by = defaultdict(lambda: defaultdict(float))
    for r in rows:
        b = by[f"{r['size']}x{r['size']}"]
        b["tests"] += 1
        b["pass"] += r["verdict"] == "pass"
        b["superset"] += r["verdict"] == "superset"
        b["cpu"] += r["cpu"]
        if bz and r["verdict"] in ("pass", "superset") and r["benzene_verdict"] == "pass":
            b["both"] += 1
            b["ours_both"] += r["cpu"]
            b["benzene_both"] += r["benzene_cpu"]
    print("\nsize   tests  pass  superset  other   CPU s" + ("   both  ours s  Benzene s  ratio" if bz else ""))
    for k in sorted(by, key=lambda s: int(s.split("x")[0])):
        b = by[k]
        tail = ""
        if bz:
            tail = f" {int(b['both']):>6} {b['ours_both']:>7.1f} {b['benzene_both']:>10.1f} {_ratio(b['ours_both'], b['benzene_both']):>6}"
        print(f"{k:<6} {int(b['tests']):>5} {int(b['pass']):>5} {int(b['superset']):>9} "
              f"{int(b['tests'] - b['pass'] - b['superset']):>6} {b['cpu']:>8.1f}" + tail)
    save()
    if exact is not None:
        exact.write_text(exact_tst(tst.read_text(), {r["id"]: r for r in rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
