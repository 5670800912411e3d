"""``shannon-verify list``, ``check`` and ``hunt``: the statement registry from the shell."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

from ..errors import InputError
from ..registry import REGISTRY, load_paper_statements, run_statement
from ..registry.statement import Statement

__all__ = ["register"]

LAST_RUN = Path(".shannon-verify") / "last-run.json"


def register(sub) -> None:
    p = sub.add_parser("list", help="list the registered statements", description="List every registered statement.")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run_list)

    c = sub.add_parser(
        "check",
        help="check statements exhaustively on all small games",
        description="Check statements on every connected game (terminal pairs up to automorphism) "
        "with n up to --max-n (default: the default tier, n ≤ 7, as 'pytest theorems'; --full: each "
        "statement's own maximum); a violation is shrunk to the smallest game and written to counterexamples/.",
    )
    c.add_argument("ids", nargs="*", metavar="ID", help="statement ids (default: all registered)")
    c.add_argument("--max-n", type=int, help="largest number of vertices (default: each statement's default-tier depth, n ≤ 7)")
    c.add_argument("--full", action="store_true", help="check each statement to its own maximum depth (see 'list'; the deep sweep)")
    c.add_argument("--min-n", type=int, help="smallest number of vertices")
    c.add_argument("--json", action="store_true", help="print JSON")
    c.add_argument("--no-progress", action="store_true", help="no progress bars")
    c.set_defaults(run=run_check)

    h = sub.add_parser(
        "hunt",
        help="hunt for a counterexample to your own statement",
        description="Load FILE.py (which uses @statement from verify) and check NAME exhaustively; "
        "the smallest counterexample is reported and written to counterexamples/.",
    )
    h.add_argument("target", metavar="FILE.py::NAME", help="a Python file and the statement's function name or id")
    h.add_argument("--max-n", type=int, default=7, help="largest number of vertices (default 7)")
    h.add_argument("--json", action="store_true", help="print JSON")
    h.set_defaults(run=run_hunt)


def _status() -> dict:
    try:
        return {r["id"]: r["verdict"] for r in json.loads(LAST_RUN.read_text())}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def run_list(args: argparse.Namespace) -> int:
    load_paper_statements()
    status = _status()
    rows = [
        {"id": s.id, "kind": s.kind, "source": s.source, "tier_n": s.tier_depth, "max_n": s.max_n, "expect": s.expect, "last": status.get(s.id, "")}
        for s in sorted(REGISTRY.values(), key=lambda s: s.id)
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    for r in rows:
        print(f"{r['id']:<14} {r['kind']:<8} n≤{r['tier_n']}/{r['max_n']:<3} {r['last'] or '-':<9} {r['source']}")
    return 0


def _report(results, as_json: bool) -> int:
    failed = [r for r in results if r.verdict in ("fails", "unknown")]
    missing_refutation = [r for r in results if REGISTRY[r.id].expect == "refuted" and r.verdict != "refuted"]
    LAST_RUN.parent.mkdir(exist_ok=True)
    LAST_RUN.write_text(json.dumps([r.to_json() for r in results], indent=2))
    if as_json:
        print(json.dumps([r.to_json() for r in results], indent=2))
    else:
        for r in results:
            line = f"{r.id:<14} {r.verdict:<9} n={r.n_min}..{r.n_max:<3} instances {r.instances:>8}  hypothesis {r.hypothesis_true:>9}  {r.seconds:7.1f} s"
            print(line)
            if r.witness_path:
                print(f"{'':14} -> {r.witness_path}")
            if r.reason:
                print(f"{'':14} ({r.reason})")
    return 1 if failed or missing_refutation else 0


def run_check(args: argparse.Namespace) -> int:
    load_paper_statements()
    ids = args.ids or sorted(REGISTRY)
    unknown = [i for i in ids if i not in REGISTRY]
    if unknown:
        raise InputError(f"No statement {unknown[0]} is registered (see 'shannon-verify list').")
    if args.max_n is not None and not 1 <= args.max_n <= 12:
        raise InputError("--max-n must be between 1 and 12.")
    if args.full and args.max_n is not None:
        raise InputError("Give --full or --max-n, not both.")
    results = []
    for i in ids:
        st = REGISTRY[i]
        depth = args.max_n if args.max_n is not None else (st.max_n if args.full else st.tier_depth)
        results.append(run_statement(st, max_n=depth, min_n=args.min_n, progress=not args.no_progress and sys.stderr.isatty()))
        if not args.json:
            r = results[-1]
            print(f"  {r.id}: {r.verdict} ({r.seconds:.1f} s)", file=sys.stderr)
    return _report(results, args.json)


def load_user_statement(target: str) -> Statement:
    """The :class:`Statement` named by ``FILE.py::NAME`` (function name or id)."""
    if "::" not in target:
        raise InputError("The target must be FILE.py::NAME, e.g. my_conj.py::pendants_dead.")
    path, name = target.rsplit("::", 1)
    p = Path(path)
    if not p.is_file():
        raise InputError(f"{path!r} is not a file.")
    spec = importlib.util.spec_from_file_location(f"user_statements_{abs(hash(p.resolve()))}", p)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise InputError(f"Loading {path} failed: {type(exc).__name__}: {exc}") from None
    obj = getattr(module, name, None)
    if isinstance(obj, Statement):
        return obj
    for v in vars(module).values():
        if isinstance(v, Statement) and v.id == name:
            return v
    raise InputError(f"{path} has no statement named {name!r} (decorate it with @statement).")


def run_hunt(args: argparse.Namespace) -> int:
    st = load_user_statement(args.target)
    REGISTRY.setdefault(st.id, st)
    r = run_statement(st, max_n=args.max_n, progress=sys.stderr.isatty())
    if args.json:
        print(json.dumps(r.to_json(), indent=2))
    else:
        print(f"{st.id}: {r.verdict} on n = {r.n_min}..{r.n_max} ({r.instances} games, hypothesis true {r.hypothesis_true} times, {r.seconds:.1f} s)")
        if r.witness:
            w = r.witness
            print(f"smallest counterexample: graph6 {w['graph6']!r}, terminals {w['terminals']}, edges {w['edges']}")
            print(f"details: {w['details']}")
            print(f"written to {r.witness_path}")
    return 1 if r.verdict == "fails" else 0
