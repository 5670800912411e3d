"""The published rows of the papers' tables, transcribed for comparison only.

Nothing is ever computed from these numbers: :mod:`verify.tables` computes every
row from scratch and then compares it, cell by cell, with the row printed here.

``TSD_TAB1`` is Table 1 of [1]_: per number of vertices ``n``, the numbers of
connected graphs, of S-free ones (no simplicial vertex), of ⊥-free ones (no
transverse edge), of those with at least two triangle-free vertices, and of those
satisfying the conditions of both columns 4 and 5.

References
----------
.. [1] A. M. Steane, Threat, support and dead edges in the Shannon game, §6, Table 1.

Examples
--------
>>> TSD_TAB1_COLUMNS
('connected', 'S-free', '⊥-free', '≥2 △-free', '4 & 5')
>>> TSD_TAB1[4]
(6, 1, 1, 3, 1)
"""

from __future__ import annotations

__all__ = ["TSD_TAB1", "TSD_TAB1_COLUMNS"]

#: Column headers of Table 1 after "size" (columns 2–6 of the paper).
TSD_TAB1_COLUMNS = ("connected", "S-free", "⊥-free", "≥2 △-free", "4 & 5")

#: n -> (connected, S-free, ⊥-free, ≥2 △-free, 4 & 5), as printed.
TSD_TAB1: dict[int, tuple[int, int, int, int, int]] = {
    1: (1, 0, 1, 0, 0),
    2: (1, 0, 0, 1, 0),
    3: (2, 0, 0, 1, 0),
    4: (6, 1, 1, 3, 1),
    5: (21, 4, 2, 10, 2),
    6: (112, 24, 9, 52, 7),
    7: (853, 191, 46, 363, 34),
    8: (11117, 3094, 507, 4022, 327),
    9: (261080, 95204, 11800, 72594, 5897),
    10: (11716571, 5561965, 626586, 2276219, 213064),
}
