"""HEX: Hex and combinatorics (R. B. Hayward, J. van Rijswijck).

Modules: :mod:`.board` (positions, BFS chains, plain board search), :mod:`.domain`
(instance domains), :mod:`.solver` (Fig. 13 on boards, Python and compiled C),
:mod:`.sat` (HEX.P1 by SAT), :mod:`.draw` (hex-grid pictures), :mod:`.statements`.

Statements register on import; ``PENDING`` names the catalogue ids not encoded yet.
"""

from . import statements, y, yembed  # noqa: F401  (register the HEX statements)

PENDING: dict[str, str] = {
}
