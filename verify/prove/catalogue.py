"""Every statement with a symbolic encoding, by family, and what its query should say.

Three families share :func:`verify.prove.prove`:

``dead``
    dead-vertex and dead-edge statements (TSD.T13–T16): CNF with an induced-path
    witness (:mod:`verify.prove.encode`);
``sets``
    the §4 graph statements (TSD.L2, L3, L4, T7): CNF over symbolic vertex sets and
    shorting closures (:mod:`verify.prove.graph_encodings`);
``arith``
    statements whose hypotheses count walks (TSD.T8, T14.C2): z3 over integer sums
    (:mod:`verify.prove.arith_encodings`); TSD.T8 also, and by default, as CNF with
    totalizers (:mod:`verify.prove.card_encodings`).

Every CNF route can write a checkable UNSAT certificate (:mod:`verify.certify`); the z3
route cannot, and its "proved" is labelled "z3's word".  The dead-item family has a
second, independently written encoder (:mod:`verify.prove.encode_alt`).

References: A. M. Steane, "Threat, support and dead edges in the Shannon game", §4–5.
"""

from __future__ import annotations

from ..errors import InputError
from .arith_encodings import ARITH_ENCODINGS
from .encode import ENCODINGS
from .graph_encodings import SET_ENCODINGS

__all__ = ["all_ids", "family", "describe"]


def all_ids() -> list[str]:
    """Every encoded statement id.

    >>> {"TSD.T15", "TSD.L4", "TSD.T8"} <= set(all_ids())
    True
    """
    return sorted({*ENCODINGS, *SET_ENCODINGS, *ARITH_ENCODINGS})


def describe(statement_id: str) -> dict:
    """Family, statement text, mutant text (None if refuted) and expected verdict."""
    for fam, table in (("dead", ENCODINGS), ("sets", SET_ENCODINGS), ("arith", ARITH_ENCODINGS)):
        if statement_id in table:
            e = table[statement_id]
            return {"family": fam, "text": e.text, "mutant": e.mutant_text, "expect": getattr(e, "expect", "holds")}
    raise InputError(f"{statement_id} has no symbolic encoding; encoded: {', '.join(all_ids())}.")


def family(statement_id: str, n: int, mutant: bool) -> str:
    """Validate a query and return its family.

    >>> family("TSD.L2", 4, False)
    'sets'
    """
    d = describe(statement_id)
    if n < 2:
        raise InputError(f"A game needs at least 2 vertices, not {n}.")
    if mutant and d["mutant"] is None:
        raise InputError(f"{statement_id} is refuted; it has no mutant (its own query must find the counterexample).")
    return d["family"]
