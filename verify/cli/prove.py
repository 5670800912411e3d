"""``shannon-verify prove``: prove a TSD §4–5 statement for every game of a size at once.

One SAT or SMT query per ``n`` (:mod:`verify.prove`): "some connected game on ``n``
vertices violates the statement" over symbolic adjacency and an induced-path witness,
symbolic vertex sets, or walk counts.  UNSAT is a proof for all games of that size; a
counterexample is printed only after it has been re-checked from the definitions.  ``--up-to N`` proves ``n = 3 .. N`` and stops at the
first size that is not proved.  Exit status 1 on a counterexample, 3 on a timeout.

References: A. M. Steane, "Threat, support and dead edges in the Shannon game", §5.
"""

from __future__ import annotations

import argparse
import json

from ..errors import InputError
from ..prove import describe, encoded_ids, prove

__all__ = ["register"]


def register(sub) -> None:
    p = sub.add_parser(
        "prove",
        help="prove a statement for every connected game on n vertices (one SAT/SMT query)",
        description="Encode 'some connected game on n vertices violates ID' as one SAT (or, for "
        "walk-count statements, SMT) query over symbolic adjacency plus an induced-path witness or "
        "symbolic vertex sets; UNSAT proves ID for all such games. A refuted statement's query "
        f"finds its counterexample. Encoded: {', '.join(encoded_ids())}.",
    )
    p.add_argument("statement_id", metavar="ID", help="statement id, e.g. TSD.T15")
    size = p.add_mutually_exclusive_group(required=True)
    size.add_argument("--n", type=int, help="number of vertices")
    size.add_argument("--up-to", type=int, metavar="N", help="prove n = 3 .. N, stop at the first non-proof")
    p.add_argument("--timeout", type=float, default=600.0, metavar="S", help="seconds per query (default 600)")
    p.add_argument("--mutant", action="store_true", help="the weakened statement instead (must fail)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run)


def _line(r) -> str:
    what = f"{r.statement}{' (mutant)' if r.mutant else ''}, n = {r.n}"
    if r.verdict == "proved":
        return f"{what}: PROVED for every connected game (UNSAT, {r.seconds:.2f} s)"
    if r.verdict == "unknown":
        return f"{what}: UNKNOWN ({r.reason})"
    g = r.graph
    edges = ",".join(f"{u}-{v}" for u, v in g["edges"])
    head = f"{what}: COUNTEREXAMPLE ({r.seconds:.2f} s) edges {edges}, terminals 0,1; {g['case']}"
    if "item" in g:
        return f"{head}, live item {'-'.join(map(str, g['item']))} on induced path {'-'.join(map(str, g['path']))}"
    sets = "; ".join(f"{k} = {v}" for k, v in g["sets"].items())
    return f"{head}; {sets}; {g['recheck']['failure']}"


def run(args: argparse.Namespace) -> int:
    describe(args.statement_id)  # one-sentence InputError for an unencoded id
    top = args.n if args.n is not None else args.up_to
    if top < 2:
        raise InputError(f"A game needs at least 2 vertices, not {top}.")
    sizes = [args.n] if args.n is not None else list(range(3, args.up_to + 1))
    results = []
    for n in sizes:
        r = prove(args.statement_id, n, timeout=args.timeout, mutant=args.mutant)
        results.append(r)
        if not args.json:
            print(_line(r), flush=True)
        if r.verdict != "proved":
            break
    if args.json:
        out = [r.to_json() for r in results]
        print(json.dumps(out[0] if args.n is not None else out, indent=2, default=str))
    last = results[-1].verdict
    return {"proved": 0, "counterexample": 1, "unknown": 3}[last]
