"""Links and multi-links: strong, weak, pivots, minimality (LNK §2, TSD appendix).

For a Shannon game (G, {s, t}) seen as a link between its terminals [1]_:

* a **strong link** is a Short second-player win, a **weak link** a Short
  first-player win that is not a second-player win;
* a **pivot** of a weak link is a non-terminal vertex whose shorting makes it strong;
* a link is **minimal** when deleting any single edge weakens it (a strong link stops
  being strong, a weak link stops being a link);
* its **weight** is the number of non-terminal vertices.

A **multi-link** (TSD appendix [2]_) is a carrier ``V`` and terminal set ``T``: with
play restricted to ``V``, Short can make ``T`` a clique of the reduced graph moving
first and second (strong) or only first (weak); the empty carrier with ``T`` already
a clique is strong.

References
----------
.. [1] A. M. Steane, "Minimal and irreducible links in the Shannon game", §2.
.. [2] A. M. Steane, "Threat, support and dead edges in the Shannon game", appendix.
"""

from __future__ import annotations

from functools import lru_cache

from .errors import InputError
from .game import Game, bits
from .solve import CUT, FastSolver, link_type
from .game import delete_adjacency, short_adjacency

__all__ = ["link_type", "pivots", "is_minimal", "weight", "multi_link_type", "MultiLinks"]


def weight(game: Game) -> int:
    """Number of non-terminal vertices.

    >>> weight(Game.from_edges("0-2,2-1", terminals=(0, 1)))
    1
    """
    return game.n - 2


def pivots(game: Game, solver: FastSolver | None = None) -> list:
    """Non-terminal vertices whose shorting turns a weak link strong ([] unless weak).

    >>> pivots(Game.from_edges("0-2,2-1,0-3,3-4,4-1", terminals=(0, 1)))
    [2, 3, 4]
    >>> pivots(Game.from_edges("0-2,2-3,3-1", terminals=(0, 1)))
    []
    """
    s = solver or FastSolver()
    if link_type(game, s) != "weak":
        return []
    return [v for v in game.nonterminals() if s.short_wins(game.short(v), CUT)]


def is_minimal(game: Game, solver: FastSolver | None = None) -> bool:
    """True for a link whose every single-edge deletion weakens it.

    >>> is_minimal(Game.from_edges("0-2,2-1", terminals=(0, 1)))
    True
    >>> is_minimal(Game.from_edges("0-2,2-1,0-3", terminals=(0, 1)))
    False
    """
    s = solver or FastSolver()
    kind = link_type(game, s)
    if kind == "none":
        return False
    rank = {"none": 0, "weak": 1, "strong": 2}
    return all(rank[link_type(game.delete_edges([e]), s)] < rank[kind] for e in game.edges())


def multi_link_type(game: Game, carrier, terminals) -> str:
    """``"strong"``, ``"weak"`` or ``"none"`` for the multi-link (carrier V, terminals T).

    >>> g = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))
    >>> multi_link_type(g, {2, 3}, {0, 1}), multi_link_type(g, {2}, {0, 1})
    ('strong', 'weak')
    """
    return MultiLinks(game, terminals).type(carrier)


class MultiLinks:
    """Multi-links of one game towards one terminal set T, sharing one position cache.

    >>> g = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))
    >>> ml = MultiLinks(g, {0, 1})
    >>> [ml.type(V) for V in ({2, 3}, {2}, set())]
    ['strong', 'weak', 'none']
    """

    def __init__(self, game: Game, terminals) -> None:
        self.game = game
        self.T = game.mask(terminals)
        self._forces = lru_cache(maxsize=None)(self._forces_uncached)

    def _clique(self, adj) -> bool:
        T = self.T
        return all((adj[i] | (1 << i)) & T == T for i in bits(T))

    def _forces_uncached(self, adj, left, short_to_move) -> bool:
        if self._clique(adj):
            return True  # edges among T are never removed by later play
        if not left:
            return False
        results = (
            self._forces(short_adjacency(adj, v) if short_to_move else delete_adjacency(adj, v), left & ~(1 << v), not short_to_move)
            for v in bits(left)
        )
        return any(results) if short_to_move else all(results)

    def type(self, carrier) -> str:
        """``"strong"``, ``"weak"`` or ``"none"`` for the carrier ``V``."""
        game = self.game
        V = game.mask(carrier)
        if V & self.T:
            raise InputError("The carrier and the terminals of a multi-link must be disjoint.")
        for v in bits(V):
            if game.is_terminal(game.label(v)):
                raise InputError(f"{game.label(v)!r} is a terminal of the game and cannot be in a carrier.")
        keep = V | self.T  # nothing outside V ∪ T is ever shorted, so nothing else matters
        adj = tuple(a & keep if keep >> i & 1 else 0 for i, a in enumerate(game.adjacency))
        if self._forces(adj, V, False):
            return "strong"
        if self._forces(adj, V, True):
            return "weak"
        return "none"
