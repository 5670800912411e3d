"""LNK: Minimal and irreducible links in the Shannon game (A. M. Steane).

Statements register on import; ``PENDING`` names the catalogue ids not encoded yet.
"""

PENDING: dict[str, str] = {
    "LNK.DEF": "not encoded yet (issue 12)",
    "LNK.NAMED": "not encoded yet (issue 12)",
    "LNK.L1": "not encoded yet (issue 12)",
    "LNK.L2": "not encoded yet (issue 12)",
    "LNK.EQ1": "not encoded yet (issue 12)",
    "LNK.T1": "not encoded yet (issue 12)",
    "LNK.T2": "not encoded yet (issue 12)",
    "LNK.T3": "not encoded yet (issue 12)",
    "LNK.DEG": "not encoded yet (issue 12)",
    "LNK.T4": "not encoded yet (issue 12)",
    "LNK.T5": "not encoded yet (issue 12)",
    "LNK.L3": "not encoded yet (issue 12)",
    "LNK.L4": "not encoded yet (issue 12)",
    "LNK.L5": "not encoded yet (issue 12)",
    "LNK.L6": "not encoded yet (issue 12)",
    "LNK.L7": "not encoded yet (issue 12)",
    "LNK.SIEVE": "not encoded yet (issue 12)",
    "LNK.T6": "not encoded yet (issue 12)",
    "LNK.ORRULE": "not encoded yet (issue 12)",
    "LNK.TAB1": "not encoded yet (issue 12)",
    "LNK.TAB2": "not encoded yet (issue 12)",
    "LNK.TAB3": "not encoded yet (issue 12)",
    "LNK.FACTS": "not encoded yet (issue 12)",
    "LNK.C1": "not encoded yet (issue 12)",
    "LNK.C2": "not encoded yet (issue 12)",
    "LNK.C3": "not encoded yet (issue 12)",
}
