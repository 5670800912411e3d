"""``check-proof PATH``: verify a ``prove`` UNSAT certificate, or a Hex proof file.

* PATH a directory: an UNSAT certificate written by ``prove ID --n N --proof DIR`` (a
  ``manifest.json`` beside the CNF and the DRUP proof), or a directory of them (``prove
  --up-to N --proof DIR``).  Each is checked by :func:`verify.certify.check_certificate`:
  manifest, size limits, hashes, the CNF re-derived from the encoder, and the
  independent checker.  Exit 0 when every one is certified, 1 when one is rejected (one
  sentence why), 2 on bad input (not a certificate directory, a missing or oversized
  file, a gzip bomb, a malformed manifest, an n above ``prove``'s limit for the
  statement: its CNF would not fit in memory, ``--force`` to try).  A directory of
  ``prove --up-to N`` certificates (``ID-nNN``) must hold every n from 3 to its largest:
  each missing n is reported as rejected.  The certificates of ``dead --proof DIR``
  (family ``dead-item``) are checked the same way, their CNF re-derived from the game
  recorded in the manifest (:func:`verify.certify.dead_items.rederive`).
* PATH anything else that is not a regular file (a FIFO, a device) is refused at once.
* PATH a file: the Hex proof objects saved by ``solve --hex SPEC --proof FILE``,
  re-verified by :func:`verify.papers.hex.proof.check_proof`, which shares no code with
  the solvers; a malformed or invalid proof file gets one sentence and exit status 2.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from ..errors import InputError

_UP_TO_NAME = re.compile(r"^(?P<statement>.+)-n(?P<n>\d{2,})$")


def register(sub) -> None:
    p = sub.add_parser(
        "check-proof",
        help="verify a prove certificate directory (prove --proof DIR) or saved Hex proof objects (solve --hex --proof FILE)",
        description="PATH a directory: check the UNSAT certificate(s) written by 'prove ID --n N --proof DIR' — "
        "manifest, size limits, SHA-256 of both files, the CNF re-derived from the project's encoder, and the "
        "DRUP proof verified by an independent checker (exit 0 certified, 1 rejected, 2 bad input). PATH a file: "
        "re-verify every proof object of a Hex proof file (JSON or gzip JSON).",
    )
    p.add_argument("check_proof", metavar="PATH", help="a certificate directory, or a Hex proof file")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--no-reencode", action="store_true",
                   help="certificates: do not re-derive the CNF from the encoder (then only 'this CNF is unsatisfiable' is checked)")
    p.add_argument("--checker", choices=("c", "python"), default="c",
                   help="certificates: the C backward checker (default) or the pure-Python forward one (small proofs)")
    p.add_argument("--max-gib", type=float, default=4.0, metavar="G",
                   help="certificates: refuse a file larger than G GiB, decompressed (default 4)")
    p.add_argument("--force", action="store_true",
                   help="certificates: re-derive the CNF even when n is above prove's limit for the statement")
    p.set_defaults(run=_run)


def _run(args) -> int:
    path = args.check_proof
    if Path(path).is_dir():
        return _run_certificates(args)
    if os.path.exists(path) and not Path(path).is_file():
        raise InputError(f"{path} is not a regular file (a FIFO or a device), so not a proof file.")
    from .hex import run_check_proof

    return run_check_proof(args)


def bounded_rederive(force: bool = False):
    """:func:`verify.prove.prove.cnf_query`, refusing in one sentence an n above
    ``prove``'s limit for the statement's family (:data:`verify.cli.prove.MAX_N`) unless
    ``force``: a manifest claiming n = 9000 would otherwise fill the memory first."""
    from ..certify.certificate import CertificateError
    from ..prove import describe
    from ..prove.prove import cnf_query
    from .prove import MAX_N

    def rederive(statement, n, **kw):
        family = describe(statement)["family"]
        if n > MAX_N[family] and not force:
            raise CertificateError(f"The manifest's n = {n} is above {MAX_N[family]}, prove's limit for {statement} "
                                   "(its CNF would not fit in memory); add --force to re-derive it anyway.")
        return cnf_query(statement, n, **kw)

    return rederive


def missing_sizes(outcomes) -> list[tuple[str, bool, int, Path]]:
    """``(statement, mutant, n, expected directory)`` for every n from 3 to the largest
    that a directory of ``prove --up-to`` certificates (named ``ID-nNN`` after their
    manifest) lacks."""
    seen: dict[tuple[str, bool], set[int]] = {}
    parent: dict[tuple[str, bool], Path] = {}
    for o in outcomes:
        d = Path(o.dir)
        m = _UP_TO_NAME.match(d.name)
        if o.item or not m or m["statement"] != o.statement or int(m["n"]) != o.n:
            continue
        seen.setdefault((o.statement, o.mutant), set()).add(o.n)
        parent[o.statement, o.mutant] = d.parent
    return [(sid, mutant, n, parent[sid, mutant] / f"{sid}-n{n:02d}")
            for (sid, mutant), ns in sorted(seen.items()) for n in range(3, max(ns)) if n not in ns]


def _run_certificates(args) -> int:
    from ..certify.certificate import CertificateError, Outcome, certificate_dirs, check_certificate, summary
    from ..certify.dead_items import rederive as rederive_dead

    if not args.max_gib > 0:
        raise CertificateError(f"--max-gib must be positive, not {args.max_gib:g}.")
    dirs = certificate_dirs(args.check_proof)
    if not dirs:
        raise CertificateError(f"{args.check_proof} is not a certificate directory (no manifest.json in it or in its "
                               "subdirectories).")
    rederive = bounded_rederive(args.force)
    outcomes = []
    for d in dirs:
        o = check_certificate(d, reencode=not args.no_reencode, method=args.checker, rederive=rederive,
                              rederive_dead=rederive_dead, max_bytes=int(args.max_gib * 2**30))
        outcomes.append(o)
        if not args.json:
            print(summary(o), flush=True)
    for sid, mutant, n, d in missing_sizes(outcomes):
        o = Outcome(str(d), False, f"There is no certificate for n = {n} in {d.parent}, which holds larger n of "
                    f"{sid} (prove --up-to writes one per n from 3).", sid, n, mutant, "")
        outcomes.append(o)
        if not args.json:
            print(f"{sid}{' (mutant)' if mutant else ''}, n = {n}: MISSING ({d}): {o.reason}", flush=True)
    if args.json:
        data = [o.to_json() for o in outcomes]
        print(json.dumps(data[0] if len(data) == 1 and dirs[0] == Path(args.check_proof) else data, indent=2))
    return 0 if all(o.certified for o in outcomes) else 1
