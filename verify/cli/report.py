"""``shannon-verify report``: the last ``check`` run as Markdown and as an HTML page.

Reads the run file (``.shannon-verify/last-run.json`` unless ``--input``) and writes
``report.md``, ``report.html``, ``img/`` (the counterexample pictures) and ``data/``
(the counterexample JSON files) into ``--out`` (``report/``); see :mod:`verify.report`.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..errors import InputError
from ..registry import REGISTRY, load_paper_statements
from ..report import by_verdict, load_run, write_report
from .check import LAST_RUN

__all__ = ["register"]


def register(sub) -> None:
    p = sub.add_parser(
        "report",
        help="write a Markdown and an HTML report of the last check run",
        description="Write report.md and report.html (with the counterexample pictures) of the last "
        "'shannon-verify check' run into --out; the folder can be moved as a whole.",
    )
    p.add_argument("--input", metavar="PATH", default=str(LAST_RUN), help=f"the run file (default {LAST_RUN})")
    p.add_argument("--out", metavar="DIR", default="report", help="the folder to write (default report/)")
    p.add_argument("--self-contained", action="store_true", help="embed the pictures in report.html as data URIs")
    p.add_argument("--json", action="store_true", help="print JSON: the files written and the count by verdict")
    p.set_defaults(run=run_report)


def run_report(args: argparse.Namespace) -> int:
    run_file = Path(args.input)
    if args.input != str(LAST_RUN) and not run_file.exists():
        raise InputError(f"{args.input} does not exist.")
    results = load_run(run_file)
    load_paper_statements()
    md, page = write_report(results, args.out, REGISTRY, self_contained=args.self_contained, run_file=run_file)
    counts = by_verdict(results)
    if args.json:
        print(json.dumps({"markdown": str(md), "html": str(page), "statements": len(results), "by_verdict": counts}, indent=2))
    else:
        summary = ", ".join(f"{k} {v}" for v, k in counts.items()) or "nothing checked"
        print(f"{md} and {page} written ({len(results)} statements: {summary})")
    return 0
