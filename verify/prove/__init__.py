"""Symbolic proofs of TSD §4–5 statements: one SAT or SMT query per statement and size.

Each query says "some connected game on n vertices violates the statement" over
symbolic adjacency (plus an induced-path witness, symbolic vertex sets, or walk
counts); ``prove`` solves it and re-checks any counterexample from the definitions.
:mod:`verify.prove.catalogue` lists the encodings by family.  With ``proof_dir``, an
UNSAT answer of a CNF query writes a certificate that an independent checker verifies
(:mod:`verify.certify`).
"""

from .catalogue import all_ids as encoded_ids
from .catalogue import describe
from .encode import ENCODINGS, encode
from .prove import ProofResult, prove

__all__ = ["ENCODINGS", "describe", "encode", "encoded_ids", "ProofResult", "prove"]
