"""Checkable UNSAT certificates for ``shannon-verify prove`` and ``shannon-verify dead``.

An UNSAT certificate is a directory holding a CNF, a solver's DRUP refutation of it and a
manifest saying what the CNF claims.  ``prove ID --n N --proof DIR`` writes one for "no
game on n vertices violates ID" (:mod:`verify.certify.certificate`); ``dead --proof DIR``
one per dead item for "no induced terminal path carries it"
(:mod:`verify.certify.dead_items`).  ``check-proof DIR`` re-derives the CNF from the
claim and verifies the proof with a checker that shares no code with the solver: a
backward RUP checker in C (``drup_check.c``, :mod:`verify.certify.checker`) or, for
proofs of at most 2 MiB, a forward RUP checker in pure Python (:mod:`verify.certify.rup`).
The tests cross-check both with a third-party checker, dratify (PyPI), and
``benchmarks/drat_trim.py`` with drat-trim built from its public source.
"""

from .certificate import CertificateError, Outcome, check_certificate, certificate_dirs, read_manifest, write_certificate
from .checker import CheckResult, check_files

__all__ = ["CertificateError", "Outcome", "check_certificate", "certificate_dirs", "read_manifest",
           "write_certificate", "CheckResult", "check_files"]
