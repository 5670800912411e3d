"""LNK: Minimal and irreducible links in the Shannon game (A. M. Steane).

==================  ===========================================================
``search.py``       the exhaustive search for minimal weak and strong links
                    (plain and pruned), the minimax re-check, derived strong links
``reduce.py``       bridges, S-/P-/T-reducibility, transverse edges, surrounding pairs
``domain.py``       the statements' domains: every minimal link found, per size
``statements.py``   L1–L7, EQ1, T1–T6, DEG, DEF, ORRULE, C1–C3
``named.py``        W1, W3, S2, W5A, W5B, W5X, SC1, FIG2 built from the text
``facts.py``        LNK.NAMED and LNK.FACTS checks
``sieve.py``        the fourteen sieve conditions of §3.1 and LNK.SIEVE
``tables.py``       Tables 1–3 (``published.py`` holds the paper's numbers)
==================  ===========================================================

Statements register on import; ``PENDING`` names the catalogue ids not encoded yet.
"""

from . import facts, sieve, statements, tables  # noqa: F401  (registration happens on import)

PENDING: dict[str, str] = {}
