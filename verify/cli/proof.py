"""``check-proof PATH``: verify a ``prove`` UNSAT certificate, or a Hex proof file.

* PATH a directory: an UNSAT certificate written by ``prove ID --n N --proof DIR`` (a
  ``manifest.json`` beside the CNF and the DRUP proof), or a directory of them (``prove
  --up-to N --proof DIR``).  Each is checked by :func:`verify.certify.check_certificate`:
  manifest, size limits, hashes, the CNF re-derived from the encoder, and the
  independent checker.  Exit 0 when every one is certified, 1 when one is rejected (one
  sentence why), 2 on bad input (not a certificate directory, a missing or oversized
  file, a gzip bomb, a malformed manifest).
* PATH a file: the Hex proof objects saved by ``solve --hex SPEC --proof FILE``,
  re-verified by :func:`verify.papers.hex.proof.check_proof`, which shares no code with
  the solvers; a malformed or invalid proof file gets one sentence and exit status 2.
"""

from __future__ import annotations

import json
from pathlib import Path


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
    p.set_defaults(run=_run)


def _run(args) -> int:
    if Path(args.check_proof).is_dir():
        return _run_certificates(args)
    from .hex import run_check_proof

    return run_check_proof(args)


def _run_certificates(args) -> int:
    from ..certify.certificate import CertificateError, certificate_dirs, check_certificate, summary

    if not args.max_gib > 0:
        raise CertificateError(f"--max-gib must be positive, not {args.max_gib:g}.")
    dirs = certificate_dirs(args.check_proof)
    if not dirs:
        raise CertificateError(f"{args.check_proof} is not a certificate directory (no manifest.json in it or in its "
                               "subdirectories).")
    outcomes = []
    for d in dirs:
        from ..prove.prove import cnf_query

        o = check_certificate(d, reencode=not args.no_reencode, method=args.checker, rederive=cnf_query,
                              max_bytes=int(args.max_gib * 2**30))
        outcomes.append(o)
        if not args.json:
            print(summary(o), flush=True)
    if args.json:
        data = [o.to_json() for o in outcomes]
        print(json.dumps(data[0] if len(data) == 1 and dirs[0] == Path(args.check_proof) else data, indent=2))
    return 0 if all(o.certified for o in outcomes) else 1
