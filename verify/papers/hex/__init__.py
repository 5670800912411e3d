"""HEX: Hex and combinatorics (R. B. Hayward, J. van Rijswijck).

Statements register on import; ``PENDING`` names the catalogue ids not encoded yet.
"""

PENDING: dict[str, str] = {
    "HEX.GRAPH": "not encoded yet (issue 13)",
    "HEX.P1": "not encoded yet (issue 13)",
    "HEX.P2": "not encoded yet (issue 13)",
    "HEX.P3": "not encoded yet (issue 13)",
    "HEX.Y": "not encoded yet (issue 13)",
    "HEX.PAIR": "not encoded yet (issue 13)",
    "HEX.OPEN": "not encoded yet (issue 13)",
    "HEX.DEAD": "not encoded yet (issue 13)",
    "HEX.MUSTPLAY": "not encoded yet (issue 13)",
    "HEX.ANDOR": "not encoded yet (issue 13)",
    "HEX.FIG13": "not encoded yet (issue 13)",
}
