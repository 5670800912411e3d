"""``shannon-verify prove``: prove a TSD §4–5 statement for every game of a size at once.

One SAT or SMT query per ``n`` (:mod:`verify.prove`): "some connected game on ``n``
vertices violates the statement" over symbolic adjacency and an induced-path witness,
symbolic vertex sets, or walk counts.  UNSAT is a proof for all games of that size; a
counterexample is printed only after it has been re-checked from the definitions.  ``--up-to N`` proves ``n = 3 .. N`` and stops at the
first size that is not proved.  Exit status 1 on a counterexample, 3 on a timeout, 4 when
a certificate written with ``--proof`` was rejected by the checker.

``--proof DIR`` writes an UNSAT certificate (the CNF as solved, the solver's DRUP proof, a
manifest; :mod:`verify.certify`) into DIR (``--up-to``: one subdirectory per n) and has
the independent checker verify it; each proved n is then reported as "certified", else
as "solver's word" (or "z3's word" for the z3 route, which has no checkable proof).

References: A. M. Steane, "Threat, support and dead edges in the Shannon game", §5.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from ..errors import InputError, ShannonVerifyError
from ..prove import describe, encoded_ids, prove
from ..prove.prove import ENCODERS, ProofResult, certify

__all__ = ["register", "MAX_N"]

MAX_N = {"dead": 80, "sets": 16, "arith": 16}
"""Largest ``n`` per family accepted without ``--force``.  The dead-item encodings grow
as n³ (TSD.T15 at n = 67: 11 million clauses, over a GB in memory); the set and
counting queries stop being decided in 10 minutes near n = 9–10 already."""


def register(sub) -> None:
    p = sub.add_parser(
        "prove",
        help="prove a statement for every connected game on n vertices (one SAT/SMT query)",
        description="Encode 'some connected game on n vertices violates ID' as one SAT query (or, for "
        "the walk-count statements with --method smt, a z3 query) over symbolic adjacency plus an induced-path "
        "witness, symbolic vertex sets or walk counts; UNSAT proves ID for all such games. A refuted statement's query "
        "finds its counterexample. With --proof DIR an UNSAT answer writes a certificate (the CNF, the "
        "solver's DRUP proof, a manifest) that an independent checker verifies: each proved n is reported "
        "as 'certified', 'solver's word' or (--method smt) 'z3's word'. "
        f"Encoded: {', '.join(encoded_ids())}.",
    )
    p.add_argument("statement_id", metavar="ID", help="statement id, e.g. TSD.T15")
    size = p.add_mutually_exclusive_group(required=True)
    size.add_argument("--n", type=int, help="number of vertices")
    size.add_argument("--up-to", type=int, metavar="N", help="prove n = 3 .. N, stop at the first non-proof")
    p.add_argument("--timeout", type=float, default=600.0, metavar="S",
                   help="seconds per query, building the encoding included (default 600)")
    p.add_argument("--force", action="store_true", help="allow n above the family's limit "
                   f"({', '.join(f'{k} {v}' for k, v in MAX_N.items())})")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--mutant", action="store_true", help="the weakened statement instead (must fail)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--proof", metavar="DIR", help="write an UNSAT certificate (CNF, DRUP proof, manifest) into DIR "
                   "and verify it with the independent checker (--up-to: DIR/ID-nNN per n); check again later with "
                   "'shannon-verify check-proof DIR'")
    p.add_argument("--gzip", action="store_true", help="with --proof: gzip the CNF and the proof")
    p.add_argument("--checker", choices=("c", "python"), default="c",
                   help="with --proof: the C backward checker (default) or the small pure-Python one")
    p.add_argument("--method", choices=("sat", "smt"), default=None,
                   help="walk-count statements (TSD.T8, TSD.T14.C2): CNF with totalizers (sat, the default, "
                   "certifiable) or z3 over integer sums (smt: z3's word)")
    p.add_argument("--encoder", choices=ENCODERS, default="primary",
                   help="'alt': the second, independently written encoder (dead-item statements only)")
    p.set_defaults(run=run)


def _trust(r) -> str:
    c = r.certificate
    if c is None:
        return r.trust or "solver's word"
    if c.get("checked"):
        return f"certified: {c['dir']}, proof checked in {c['check_seconds']:.2f} s"
    if c.get("reason"):
        return f"solver's word: the certificate in {c['dir']} was REJECTED: {c['reason']}"
    return f"solver's word: certificate written to {c['dir']}, not checked"


def _line(r) -> str:
    what = f"{r.statement}{' (mutant)' if r.mutant else ''}, n = {r.n}"
    if r.verdict == "proved":
        by = "UNSAT by z3" if r.trust == "z3's word" else "UNSAT"
        return f"{what}: PROVED for every connected game ({by}, {r.seconds:.2f} s; {_trust(r)})"
    if r.verdict == "unknown":
        return f"{what}: UNKNOWN ({r.reason})"
    g = r.graph
    edges = ",".join(f"{u}-{v}" for u, v in g["edges"])
    head = f"{what}: COUNTEREXAMPLE ({r.seconds:.2f} s) edges {edges}, terminals 0,1; {g['case']}"
    if "item" in g:
        return f"{head}, live item {'-'.join(map(str, g['item']))} on induced path {'-'.join(map(str, g['path']))}"
    sets = "; ".join(f"{k} = {v}" for k, v in g["sets"].items())
    return f"{head}; {sets}; {g['recheck']['failure']}"


def prove_within(statement_id: str, n: int, timeout: float, mutant: bool = False, progress: bool = False,
                 **kw) -> ProofResult:
    """:func:`verify.prove.prove` in a child process, stopped when ``timeout`` seconds pass
    before the encoding is built (the solver stops itself at the same deadline).

    A budget spent while building gives verdict ``unknown``, never a proof.
    """
    import multiprocessing

    from tqdm import tqdm

    tqdm.monitor_interval = 0  # no monitor thread in a process that forks
    ctx = multiprocessing.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)

    def child() -> None:
        try:
            r = prove(statement_id, n, timeout=timeout, mutant=mutant, on_built=lambda: send.send(("built", None)), **kw)
            send.send(("done", r))
        except BaseException as exc:  # sent to the parent, which raises it
            send.send(("error", exc))

    started = time.monotonic()
    proc = ctx.Process(target=child, daemon=True)
    proc.start()
    send.close()
    bar = tqdm(total=round(timeout), desc=f"{statement_id} n={n}", unit=" s", file=sys.stderr, leave=False,
               disable=None if progress else True, bar_format="{desc}: {n_fmt}/{total_fmt} s budget")
    built = False
    try:
        while True:
            elapsed = time.monotonic() - started
            bar.update(min(round(elapsed), bar.total) - bar.n)
            if not built and elapsed >= timeout:
                return ProofResult(statement_id, n, "unknown", elapsed, mutant,
                                   reason=f"interrupted: the time limit of {timeout:g} s ran out while building the encoding")
            if not recv.poll(0.5 if built else min(0.5, timeout - elapsed)):
                continue
            try:
                kind, value = recv.recv()
            except EOFError:
                proc.join(1)
                raise ShannonVerifyError(f"The prover process stopped without an answer (exit code {proc.exitcode}; out of memory?).") from None
            if kind == "built":
                built = True
            elif kind == "error":
                raise value
            else:
                return value
    finally:
        bar.close()
        if proc.is_alive():
            proc.terminate()
        proc.join(5)
        recv.close()


def run(args: argparse.Namespace) -> int:
    family = describe(args.statement_id)["family"]  # one-sentence InputError for an unencoded id
    top = args.n if args.n is not None else args.up_to
    if top < 2:
        raise InputError(f"A game needs at least 2 vertices, not {top}.")
    if not args.timeout > 0:
        raise InputError(f"--timeout must be a positive number of seconds, not {args.timeout:g}.")
    if top > MAX_N[family] and not args.force:
        raise InputError(f"prove refuses n above {MAX_N[family]} for {args.statement_id} (its encoding would not fit "
                         "or not finish; add --force to try anyway).")
    sizes = [args.n] if args.n is not None else list(range(3, args.up_to + 1))
    if args.encoder == "alt" and family != "dead":
        raise InputError(f"The second encoder (--encoder alt) covers the dead-item statements only, not {args.statement_id}.")
    if args.method is not None and family != "arith":
        raise InputError(f"--method applies to the walk-count statements (TSD.T8, TSD.T14.C2), not {args.statement_id}.")
    if args.proof is not None and args.method == "smt":
        raise InputError("--method smt asks z3, which gives no checkable proof; --proof needs the SAT route (the default).")
    results = []
    progress = not args.no_progress
    from tqdm import tqdm

    with tqdm(sizes, desc=f"{args.statement_id} n", unit=" n", file=sys.stderr, leave=False,
              disable=None if progress and len(sizes) > 1 else True) as bar:
        for n in bar:
            kw = {"encoder": args.encoder, "method": args.method}
            if args.proof is not None:
                d = args.proof if args.n is not None else f"{args.proof}/{args.statement_id}-n{n:02d}"
                kw.update(proof_dir=d, compress=args.gzip, check=None)  # checked here, after the child has exited
            r = prove_within(args.statement_id, n, args.timeout, args.mutant, progress, **kw)
            if r.certificate is not None:
                certify(r, method=args.checker)
            results.append(r)
            if not args.json:
                bar.write(_line(r), file=sys.stdout)
                sys.stdout.flush()
            elif progress and len(sizes) > 1 and not sys.stderr.isatty():  # a CI log: one plain line per n
                print(f"prove: {len(results)}/{len(sizes)} sizes done, n = {n} {r.verdict} in {r.seconds:.1f} s",
                      file=sys.stderr, flush=True)
            if r.verdict != "proved":
                break
    if args.json:
        out = [r.to_json() for r in results]
        print(json.dumps(out[0] if args.n is not None else out, indent=2, default=str))
    last = results[-1].verdict
    if any(r.certificate is not None and not r.certificate.get("checked") for r in results):
        return 4
    return {"proved": 0, "counterexample": 1, "unknown": 3}[last]
