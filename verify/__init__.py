"""shannon-verify: a verification harness for the mathematics of the Shannon game.

The public API (stable names):

>>> from verify import Game, dead_vertices, dead_edges
>>> g = Game.from_edges("0-2,2-1,0-3", terminals=(0, 1))
>>> dead_vertices(g)
{3}
"""

from __future__ import annotations

from .concepts import supports, surrounds, threatens
from .dead import (
    Classification,
    Verdict,
    check_live_certificate,
    classify,
    dead_edges,
    dead_vertices,
    is_dead_edge,
    is_dead_vertex,
)
from .errors import BudgetExceeded, InputError, ShannonVerifyError, TooLargeError
from .game import Game
from .hexboard import HexBoard
from .registry import Tally, statement
from .solve import captured, dominated, dominates, link_type, lost, spectator, winner

__version__ = "0.1.0"

__all__ = [
    "Game",
    "HexBoard",
    "dead_vertices",
    "dead_edges",
    "is_dead_vertex",
    "is_dead_edge",
    "classify",
    "Classification",
    "Verdict",
    "check_live_certificate",
    "winner",
    "captured",
    "lost",
    "dominates",
    "dominated",
    "spectator",
    "link_type",
    "statement",
    "Tally",
    "threatens",
    "supports",
    "surrounds",
    "ShannonVerifyError",
    "InputError",
    "TooLargeError",
    "BudgetExceeded",
    "__version__",
]
