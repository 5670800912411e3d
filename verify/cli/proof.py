"""``check-proof FILE``: re-verify the Hex proof objects saved by ``solve --hex SPEC --proof FILE``.

The checker (:func:`verify.papers.hex.proof.check_proof`) shares no code with the
solvers; a malformed or invalid proof file gets one sentence and exit status 2.
"""

from __future__ import annotations


def register(sub) -> None:
    p = sub.add_parser(
        "check-proof",
        help="re-verify saved Hex proof objects (solve --hex SPEC --proof FILE)",
        description="Re-verify every proof object of a Hex proof file (JSON or gzip JSON) with the independent "
        "checker; print what each proves and its size.",
    )
    p.add_argument("check_proof", metavar="FILE", help="the proof file")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=_run)


def _run(args) -> int:
    from ..papers.hex.cli import run_check_proof

    return run_check_proof(args)
