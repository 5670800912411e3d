"""The must-play search of HEX Fig. 13 (van Rijswijck), on the reduced graph.

``WINVALUE(G)`` returns the value of a position and the *carrier* of a winning
connection: a set ``X`` of free vertices such that the winner still wins when the
loser is given every free vertex outside ``X`` in advance (Short's free vertices
outside a Short carrier are deleted, Cut's outside a Cut carrier are shorted) [1]_.
If a move ``m`` loses to a win of the opponent with carrier ``S``, every move outside
``S`` loses too, so the must-play region ``M`` shrinks to ``M ∩ S``; when ``M`` runs
out, the union of the carriers met is a carrier of the opponent's win.

:func:`carrier_carries` checks a returned carrier against an independent solver.

References
----------
.. [1] R. B. Hayward, J. van Rijswijck, "Hex and combinatorics", Discrete Math. 306
   (2006), §7, Fig. 13.
"""

from __future__ import annotations

from ..game import Game, reachable
from .fast import FastSolver
from ..game import delete_adjacency, short_adjacency
from .minimax import CUT, SHORT
from ..backing import used

__all__ = ["MustPlaySolver", "win_value", "carrier_carries"]


class MustPlaySolver:
    """WINVALUE with memoisation on the position.

    >>> s = MustPlaySolver()
    >>> s.win_value(Game.from_edges("0-2,0-3,2-1,3-1,0-4", terminals=(0, 1)), CUT)
    ('Short', [2, 3])
    """

    def __init__(self) -> None:
        self.table: dict = {}
        self.nodes = 0

    def win_value(self, game: Game, to_move: str) -> tuple[str, list]:
        """(winner, carrier) of ``game`` with ``to_move`` to play."""
        used("mustplay")
        t1, t2 = game.terminal_indices
        free = ((1 << game.n) - 1) & ~((1 << t1) | (1 << t2))
        short_won, carrier = self._solve(game.adjacency, free, t1, t2, to_move == SHORT)
        return (SHORT if short_won else CUT), game.labels_of(carrier)

    def _solve(self, adj, free, t1, t2, short_to_move: bool) -> tuple[bool, int]:
        self.nodes += 1
        if adj[t1] >> t2 & 1:
            return True, 0
        if not reachable(adj, t1, free | (1 << t2)) >> t2 & 1:
            return False, 0
        key = (adj, free, short_to_move)
        hit = self.table.get(key)
        if hit is not None:
            return hit
        union = 0
        must = free
        result = None
        while must:
            m = (must & -must).bit_length() - 1
            child = short_adjacency(adj, m) if short_to_move else delete_adjacency(adj, m)
            short_won, carrier = self._solve(child, free & ~(1 << m), t1, t2, not short_to_move)
            if short_won == short_to_move:  # the mover wins with m
                result = (short_won, carrier | (1 << m))
                break
            union |= carrier
            must &= carrier
        if result is None:
            result = (not short_to_move, union)
        self.table[key] = result
        return result


def win_value(game: Game, to_move: str) -> tuple[str, list]:
    """(winner, carrier) by the must-play search (a fresh solver each call)."""
    return MustPlaySolver().win_value(game, to_move)


def carrier_carries(game: Game, to_move: str, winner: str, carrier) -> bool:
    """True when ``winner`` still wins after the loser gets every free vertex off the carrier.

    >>> g = Game.from_edges("0-2,0-3,2-1,3-1,0-4", terminals=(0, 1))
    >>> carrier_carries(g, CUT, SHORT, [2, 3]), carrier_carries(g, CUT, SHORT, [2])
    (True, False)
    """
    outside = [v for v in game.nonterminals() if v not in set(carrier)]
    reduced = game.delete(outside) if winner == SHORT else game.short(outside)
    return FastSolver().winner(reduced, to_move) == winner
