"""SSG: The Shannon switching game: Chase's two-tree algorithm, Lehman's theorem, Gale/Bridg-It.

Statements register on import; ``PENDING`` names the catalogue ids not encoded yet.
"""

PENDING: dict[str, str] = {
    "SSG.TRI": "not encoded yet (issue 11)",
    "SSG.CHASE.T1": "not encoded yet (issue 11)",
    "SSG.CHASE.ALG": "not encoded yet (issue 11)",
    "SSG.LEHMAN": "not encoded yet (issue 11)",
    "SSG.GALE": "not encoded yet (issue 11)",
    "SSG.MONO": "not encoded yet (issue 11)",
}
