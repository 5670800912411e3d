"""Who wins: Shannon-game solvers and the multi-Shannon game.

* :mod:`.minimax` — the trusted oracle (plain memoised minimax);
* :mod:`.fast` — the fast solver (transposition table, early exits, optional fill-in);
* :mod:`.multi` — M_{G,S}: captured, lost, dominated, dominating moves, spectators;
* :mod:`.strategy` — replayable winning strategies and an exhaustive referee.
"""

from .fast import FastSolver, short_wins, winner
from .minimax import CUT, SHORT
from .multi import MultiShannon, captured, dominated, dominates, dominating_moves, lost, spectator
from .strategy import Strategy, check_strategy

__all__ = [
    "SHORT",
    "CUT",
    "FastSolver",
    "winner",
    "short_wins",
    "MultiShannon",
    "captured",
    "lost",
    "dominated",
    "dominates",
    "dominating_moves",
    "spectator",
    "Strategy",
    "check_strategy",
    "link_type",
]


def link_type(game, solver: FastSolver | None = None) -> str:
    """``"strong"`` (Short wins moving second), ``"weak"`` (only moving first) or ``"none"``.

    >>> from verify import Game
    >>> link_type(Game.from_edges("0-2,2-1", terminals=(0, 1)))
    'weak'
    """
    s = solver or FastSolver()
    if s.short_wins(game, CUT):
        return "strong"
    if s.short_wins(game, SHORT):
        return "weak"
    return "none"
