"""The numbers LNK prints, transcribed for comparison only (never returned by the code).

``TAB1``: Table 1, n -> (connected graphs, non-isomorphic games, sieved graphs, minimal
weak links, S-irreducible).  ``TAB2``: Table 2 (minimal weak links), ``TAB3``: Table 3
(minimal strong links), weight w -> (links, p_min, E_min, E_max, d_max min, d_max max,
S-irr., P-irr., T-irr., SPT-irr.); a blank p_min is ``"-"``.  ``FACTS``: numbers stated
in the text (§5).  Rows the paper gives only approximately (games at n = 10, 11) are
``None`` in that cell.

>>> TAB1[9], TAB2[7][0], TAB3[6][0]
((261080, 7949596, 737, 36, 8), 36, 14)
"""

TAB1_COLUMNS = ("connected graphs", "games", "sieved graphs", "minimal links", "S-irreducible")
TAB1 = {
    2: (1, 1, 0, 0, 0),
    3: (2, 3, 1, 1, 1),
    4: (6, 16, 0, 0, 0),
    5: (21, 98, 1, 1, 0),
    6: (112, 879, 0, 0, 0),
    7: (853, 11260, 9, 5, 1),
    8: (11117, 230505, 35, 0, 0),
    9: (261080, 7949596, 737, 36, 8),
    10: (11716571, None, 21523, 24, 7),
    11: (1006700565, None, None, 953, 312),
}

TAB23_COLUMNS = ("links", "p_min", "E min", "E max", "d_max min", "d_max max", "S-irred.", "P-irred.", "T-irred.", "SPT-irred.")
TAB2 = {
    1: (1, "-", 2, 2, 2, 2, 0, 1, 1, 0),
    3: (1, 0, 5, 5, 3, 3, 0, 0, 0, 0),
    5: (5, 1, 8, 9, 3, 4, 1, 1, 2, 0),
    7: (36, 2, 11, 13, 3, 5, 8, 8, 20, 2),
    8: (24, 3, 14, 16, 4, 5, 7, 24, 24, 7),
    9: (953, 3, 14, 21, 3, 6, 312, 544, 766, 208),
}
TAB3 = {
    0: (1, "-", 1, 1, 1, 1, 1, 1, 1, 1),
    2: (1, "-", 4, 4, 2, 2, 0, 0, 1, 0),
    4: (2, 0, 7, 8, 3, 3, 1, 0, 1, 0),
    6: (14, 0, 10, 12, 3, 4, 4, 2, 6, 0),
    7: (10, 1, 13, 15, 4, 5, 10, 10, 5, 5),
    8: (304, 1, 13, 20, 3, 6, 196, 163, 204, 120),
}

FACTS = {
    "w7": {
        "links": 36,
        "S-reducible": 28,
        "S-irreducible": 8,
        "P only": 2,
        "T only": 3,
        "PT": 1,
        "SPT-irreducible": 2,
        "graphs with two links": 1,
    },
}
