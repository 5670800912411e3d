"""The counts the docs quote in prose that take too long to recompute in the default tests,
each run here and kept as a dated record in ``docs/counts/`` (issue 45 item 8: every
figure in prose is generated or tested).

``python ci/docs_counts.py run PART [PART ...]``
    Run each part and write its record ``docs/counts/<file>.json``: the counts, the date,
    the checkout's commit (and ``uncommitted``: the files of ``verify/`` that differ from it), the
    command, the machine's load, and the wall and CPU seconds (this process and its
    children, ``getrusage``).  ``all`` runs every part, one after the other.
``python ci/docs_counts.py check PART [PART ...]``
    Recompute each part and compare its counts (not its timings) with the stored record;
    exit 1 on a difference.  ``tests/test_docs_counts.py`` does the same in the deep tier
    (``python -m pytest --deep -m deep tests/test_docs_counts.py``) and, in every run,
    checks that the pages say what the records hold.
``python ci/docs_counts.py list``
    The parts, their records and what they run.

The parts (one heavy computation each; run them one at a time on a shared machine; their CPU
seconds as recorded on 2026-12-04/05 on the shared 2-core machine):

* ``hex-default`` — every HEX statement to its default-tier depth (``tier_depth``, as
  ``shannon-verify check HEX.…`` and ``theorems/test_hex.py``), by
  :func:`verify.registry.runner.run_statement`; 20 s of CPU.
* ``hex-deeper`` — the deeper HEX runs of ``docs/papers/hex.md``: HEX.P1/a to 16 cells,
  HEX.PAIR to n = 4, HEX.DEAD to 9 cells, HEX.ANDOR to 8 cells; 78 s of CPU.
* ``ssg-deeper`` — SSG.CHASE.ALG on every game of n = 5 (its ``--full`` depth); 14 s of CPU.
* ``links-n10`` — the minimal weak links on 10 vertices by the C engine
  (:func:`verify.papers.lnk.kernel.c_search`), with the geng bound ``-D6`` and without
  (``links --n 10 [--no-bounds]``); 10 s of CPU.
* ``links-n10-python`` — the same by the Python sieved search
  (``links --n 10 --engine python --method sieved``); 209 s of CPU.

Nothing here returns a number from the docs: the records are what the code computed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "docs" / "counts"
#: keys of a record that are measurements of time, left out when two records' counts are compared
TIMING = frozenset({"seconds", "cpu_seconds", "wall_seconds", "kernel_cpu", "geng_cpu", "shard_seconds"})

HEX_DEEPER = (("HEX.P1/a", 16), ("HEX.PAIR", 4), ("HEX.DEAD", 9), ("HEX.ANDOR", 8))
SSG_DEEPER = (("SSG.CHASE.ALG", 5, 5),)


class _Clock:
    def __enter__(self):
        from verify.sweep.sessions import cpu_seconds  # this process and its waited-for children (geng, kernels)

        self._cpu = cpu_seconds
        self.wall, self.cpu = time.perf_counter(), cpu_seconds()
        return self

    def __exit__(self, *exc):
        self.wall, self.cpu = time.perf_counter() - self.wall, self._cpu() - self.cpu

    def seconds(self) -> dict:
        return {"wall_seconds": round(self.wall, 1), "cpu_seconds": round(self.cpu, 1)}


def _statements(runs) -> dict:
    """``run_statement`` of each ``(id, min_n or None, max_n or None)``: verdict, range,
    instances, hypothesis count and the time of each (None: the statement's default-tier depth)."""
    from verify.registry import REGISTRY, load_paper_statements
    from verify.registry.runner import run_statement

    load_paper_statements()
    out = {}
    for sid, lo, hi in runs:
        st = REGISTRY[sid]
        with _Clock() as c:
            r = run_statement(st, max_n=st.tier_depth if hi is None else hi, min_n=lo, emit=False)
        out[sid] = {"verdict": r.verdict, "n_range": [r.n_min, r.n_max], "instances": r.instances,
                    "hypothesis_true": r.hypothesis_true, **c.seconds()}
        print(f"  {sid}: {r.verdict}, n = {r.n_min}..{r.n_max}, {r.instances:,} instances, "
              f"{r.hypothesis_true:,} hypothesis, {c.cpu:.1f} s CPU", file=sys.stderr, flush=True)
    return out


def hex_default() -> dict:
    from verify.registry import REGISTRY, load_paper_statements

    load_paper_statements()
    return _statements((sid, None, None) for sid in sorted(i for i in REGISTRY if i.startswith("HEX.")))


def hex_deeper() -> dict:
    return _statements((sid, None, n) for sid, n in HEX_DEEPER)


def ssg_deeper() -> dict:
    return _statements(SSG_DEEPER)


def _links(links: list) -> dict:
    from verify.papers.lnk.reduce import s_reducible

    return {"links": len(links), "s_irreducible": sum(not s_reducible(l.game) for l in links),
            "weights": sorted({l.weight for l in links}), "graph6": [l.graph6 for l in links]}


def links_n10() -> dict:
    from verify.papers.lnk.kernel import c_search

    out = {}
    for name, bounds in (("bounds", True), ("no_bounds", False)):
        with _Clock() as c:
            links, st = c_search(10, jobs=2, bounds=bounds)
        out[name] = {"geng": " ".join(["geng", "-c", *st["geng"]]), "graphs": st["graphs"], "kept": st["kept"],
                     "games": st["games"], "raw_links": st["raw_links"], **_links(links),
                     "kernel_cpu": st["kernel_cpu"], "geng_cpu": st["geng_cpu"], **c.seconds()}
        print(f"  {name}: {st['graphs']:,} graphs, {st['kept']:,} kept, {st['games']:,} games, {len(links)} links, "
              f"{c.cpu:.1f} s CPU", file=sys.stderr, flush=True)
    return out


def links_n10_python() -> dict:
    from verify.papers.lnk.search import STATS, search

    with _Clock() as c:
        links = search(10, method="sieved")
    st = STATS[(10, "weak", "sieved")]
    return {"sieved": {"graphs": st["graphs"], "games": st["games"], **_links(links), **c.seconds()}}


#: part -> (record file, function, what it runs, the shannon-verify command it stands for)
PARTS = {
    "hex-default": ("hex_default.json", hex_default, "every HEX statement to its default-tier depth",
                    "shannon-verify check HEX.… --json (each statement to its tier_depth)"),
    "hex-deeper": ("hex_deeper.json", hex_deeper,
                   "HEX.P1/a to 16 cells, HEX.PAIR to n = 4, HEX.DEAD to 9 cells, HEX.ANDOR to 8 cells",
                   "run_statement(REGISTRY[id], max_n=N) for " + ", ".join(f"{s} (N = {n})" for s, n in HEX_DEEPER)),
    "ssg-deeper": ("ssg_deeper.json", ssg_deeper, "SSG.CHASE.ALG on every game of n = 5",
                   "shannon-verify check SSG.CHASE.ALG --min-n 5 --max-n 5 --json"),
    "links-n10": ("links_n10.json", links_n10, "minimal weak links on 10 vertices, C engine, with and without -D6",
                  "shannon-verify links --n 10 [--no-bounds]"),
    "links-n10-python": ("links_n10_python.json", links_n10_python,
                         "minimal weak links on 10 vertices, Python sieved search",
                         "shannon-verify links --n 10 --engine python --method sieved"),
}


def path(part: str) -> Path:
    return RECORDS / PARTS[part][0]


def load(part: str) -> dict:
    """The stored record of ``part``."""
    return json.loads(path(part).read_text())


def counts(obj):
    """``obj`` without its timings (the keys in :data:`TIMING`, at any depth)."""
    if isinstance(obj, dict):
        return {k: counts(v) for k, v in obj.items() if k not in TIMING}
    if isinstance(obj, list):
        return [counts(v) for v in obj]
    return obj


def _git(*args: str) -> str:
    r = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else ""


def compute(part: str) -> dict:
    """Run ``part`` in a temporary working folder (a failing statement's counterexample goes
    there, not into the checkout) and return its results."""
    _, fn, _, _ = PARTS[part]
    from verify.registry import runner

    here, kept = Path.cwd(), runner.COUNTEREXAMPLES
    with tempfile.TemporaryDirectory(prefix="docs-counts-") as tmp:
        os.chdir(tmp)
        runner.COUNTEREXAMPLES = Path(tmp) / "counterexamples"
        try:
            return fn()
        finally:
            runner.COUNTEREXAMPLES = kept
            os.chdir(here)


def record(part: str) -> dict:
    """Compute ``part`` and wrap its results as a dated record."""
    file, _, what, command = PARTS[part]
    load_before = [round(x, 2) for x in os.getloadavg()]
    with _Clock() as c:
        results = compute(part)
    return {
        "part": part,
        "what": what,
        "command": f"python ci/docs_counts.py run {part}",
        "equivalent": command,
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d"),
        "commit": _git("rev-parse", "HEAD"),
        "uncommitted": _git("diff", "--name-only", "HEAD", "--", "verify").splitlines(),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "load_average_before": load_before,
                    "load_average_after": [round(x, 2) for x in os.getloadavg()]},
        **c.seconds(),
        "results": results,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="ci/docs_counts.py", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    for name in ("run", "check"):
        s = sub.add_parser(name)
        s.add_argument("parts", nargs="+", choices=[*PARTS, "all"])
    sub.add_parser("list")
    args = p.parse_args(argv)
    if args.cmd == "list":
        for part, (file, _, what, command) in PARTS.items():
            print(f"{part:18} docs/counts/{file:24} {what}  ({command})")
        return 0
    parts = list(PARTS) if "all" in args.parts else args.parts
    status = 0
    for part in parts:
        print(f"{part}: {PARTS[part][2]}", file=sys.stderr, flush=True)
        if args.cmd == "run":
            rec = record(part)
            RECORDS.mkdir(parents=True, exist_ok=True)
            path(part).write_text(json.dumps(rec, indent=1, ensure_ascii=False) + "\n")
            print(f"{part}: wrote {path(part).relative_to(ROOT)} ({rec['cpu_seconds']} s CPU, {rec['wall_seconds']} s wall)",
                  file=sys.stderr)
        else:
            got, want = counts(compute(part)), counts(load(part)["results"])
            if got != want:
                print(f"{part}: the counts differ from {path(part).relative_to(ROOT)}:\n  now    {json.dumps(got)}\n"
                      f"  stored {json.dumps(want)}", file=sys.stderr)
                status = 1
            else:
                print(f"{part}: the counts equal {path(part).relative_to(ROOT)}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
