"""SSG: The Shannon switching game: Chase's two-tree algorithm, Lehman's theorem, Gale/Bridg-It.

Modules: :mod:`.multigraph` (the game on a multigraph, Gale boards), :mod:`.brute`
(plain minimax and the vertex-game reduction), :mod:`.lehman` (Lehman's criterion by
matroid partition, certificates and their checker), :mod:`.chase` (Chase's algorithm
as classifier and player), :mod:`.enum` / :mod:`.domain` (all small multigraphs, the
statements' domains), :mod:`.statements`.

Statements register on import; ``PENDING`` names the catalogue ids not encoded yet.
"""

from . import statements  # noqa: F401  (registration happens on import)

PENDING: dict[str, str] = {}
