"""Symbolic proofs of TSD §5 statements: one SAT query per statement and size.

``encode`` builds "some connected game on n vertices violates the statement" as CNF
over symbolic adjacency and an induced-path witness; ``prove`` solves it and re-checks
any counterexample exhaustively.  See :mod:`verify.prove.encode` for the encoding.
"""

from .encode import ENCODINGS, encode, encoded_ids
from .prove import ProofResult, prove

__all__ = ["ENCODINGS", "encode", "encoded_ids", "ProofResult", "prove"]
