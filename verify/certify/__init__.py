"""Checkable UNSAT certificates for ``shannon-verify prove``.

``prove ID --n N --proof DIR`` writes the query as DIMACS, the solver's DRUP proof and a
manifest (:mod:`verify.certify.certificate`); ``check-proof DIR`` verifies them with a
checker that shares no code with the solver: a backward RUP checker in C
(``drup_check.c``, :mod:`verify.certify.checker`) or, for small proofs, a forward RUP
checker in pure Python (:mod:`verify.certify.rup`).
"""

from .certificate import CertificateError, Outcome, check_certificate, certificate_dirs, read_manifest, write_certificate
from .checker import CheckResult, check_files

__all__ = ["CertificateError", "Outcome", "check_certificate", "certificate_dirs", "read_manifest",
           "write_certificate", "CheckResult", "check_files"]
