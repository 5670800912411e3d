"""TSD §6: Table 1 as a statement of kind ``table``.

The statement is that the published rows of Table 1 are what counting gives: the
rows are recomputed from scratch (:mod:`verify.papers.tsd.table1`, a C kernel fed by
geng, checked against a pure-Python oracle) and compared cell by cell.  Reading R1
of "transverse" (``Γ(v) ⊆ Γ[w]``, Corollary I of Theorem 14) with column 6 =
columns 4 and 5 reproduces every published cell; ``shannon-verify table TSD.TAB1
--reading R2`` shows the set reading, which does not.

References
----------
.. [1] A. M. Steane, Threat, support and dead edges in the Shannon game, §6, Table 1.
"""

from __future__ import annotations

from ...registry import statement
from .table1 import TAB1

SRC = "TSD"


@statement(
    "TSD.TAB1",
    kind="table",
    source=SRC + " §6, Table 1",
    min_n=1,
    max_n=10,
    tier_n=10,  # n = 10 takes seconds (C kernel)
    reading="R1: vw transverse when Γ(v) ⊆ Γ[w]; column 6 = columns 4 and 5 (⊥-free and ≥2 triangle-free)",
    meta={"table": TAB1, "reading": "R1"},
)
def tab1(n):
    """Table 1: per n, the connected graphs, S-free ones (no simplicial vertex), ⊥-free ones
    (no transverse edge), those with ≥2 triangle-free vertices, and those both ⊥-free and
    with ≥2 triangle-free vertices, equal the published counts."""
    return TAB1.compute(n)
