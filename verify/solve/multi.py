"""The multi-Shannon game M_{G,S}: capture, loss and domination.

For a set ``S`` of non-terminal vertices, M_{G,S} is played on the induced subgraph
``H = G[S ∪ Γ(S)]`` with ``S`` as the playing area and every vertex of ``Γ(S)`` a
terminal (TSD §3, [1]_, after Björnsson et al.).  Players alternately short (Short)
or delete (Cut) a vertex of ``S`` until ``S`` is used up.  The final reduced graph on
``Γ(S)`` is a **Short win** when it equals ``H ∗ S`` and a **Cut win** when it equals
``H − S``; it may be both (then both players win, e.g. when Γ(S) is a clique) or
neither (a draw).

* ``S`` is **captured** if Short has a second-player win (Cut opens, Short forces a
  Short win) and **lost** if Cut has a second-player win.
* ``S`` is **P-dominated** if P has a first-player win; a first move ``v`` of such a
  win **P-dominates** ``S``.
* A vertex is a **spectator** (TSD §5) if W(G−v, x) = W(G∗v, x) for both players x.

The solver works on bitmasks over the vertices of ``G`` with memoisation on the
position; :func:`outcome_by_enumeration` is an independent brute-force check that
plays out every move order with :class:`~verify.game.Game` operations.

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §3, §5.
"""

from __future__ import annotations

from functools import lru_cache
from ..errors import InputError
from ..game import Game, bits
from ..game import delete_adjacency, short_adjacency

__all__ = [
    "MultiShannon",
    "captured",
    "lost",
    "dominated",
    "dominates",
    "dominating_moves",
    "spectator",
    "outcome_by_enumeration",
]

from ..game import CUT, SHORT  # noqa: E402  (defined once, in the game kernel)


class MultiShannon:
    """M_{G,S} for a set ``S`` of non-terminal vertices of ``game``.

    >>> g = Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))
    >>> m = MultiShannon(g, {2, 3})
    >>> m.second_player_wins("Short"), m.first_player_wins("Cut")
    (True, False)
    """

    def __init__(self, game: Game, S) -> None:
        S = set(S) if not isinstance(S, (int, str)) else {S}
        if not S:
            raise InputError("The set S must not be empty.")
        for v in S:
            game.index(v)
            if game.is_terminal(v):
                raise InputError(f"{v!r} is a terminal; S must consist of non-terminal vertices.")
        self.game = game
        self.S = S
        self.s_mask = game.mask(S)
        self.t_mask = game.mask(game.set_neighbours(S))
        keep = self.s_mask | self.t_mask
        self.adj = tuple(a & keep if keep >> i & 1 else 0 for i, a in enumerate(game.adjacency))
        short_all = self.adj
        for v in bits(self.s_mask):
            short_all = short_adjacency(short_all, v)
        self.short_target = self._among_terminals(short_all)
        self.cut_target = self._among_terminals(self.adj)
        self._wins = lru_cache(maxsize=None)(self._wins_uncached)

    def _among_terminals(self, adj) -> tuple:
        return tuple(adj[i] & self.t_mask for i in bits(self.t_mask))

    def final_result(self, adj) -> tuple[bool, bool]:
        """(Short win, Cut win) of a finished position's adjacency."""
        final = self._among_terminals(adj)
        return final == self.short_target, final == self.cut_target

    def _wins_uncached(self, adj, left: int, to_move_short: bool, player_short: bool) -> bool:
        if not left:
            short_win, cut_win = self.final_result(adj)
            return short_win if player_short else cut_win
        results = (
            self._wins(short_adjacency(adj, v) if to_move_short else delete_adjacency(adj, v), left & ~(1 << v), not to_move_short, player_short)
            for v in bits(left)
        )
        if to_move_short == player_short:
            return any(results)
        return all(results)

    def first_player_wins(self, player: str) -> bool:
        """True when ``player`` moving first forces a ``player`` win (S is P-dominated)."""
        p = _player(player)
        return self._wins(self.adj, self.s_mask, p, p)

    def second_player_wins(self, player: str) -> bool:
        """True when ``player`` moving second forces a ``player`` win."""
        p = _player(player)
        return self._wins(self.adj, self.s_mask, not p, p)

    def restricted_short_first_wins(self, U) -> bool:
        """Short, moving first with play restricted to ``U ⊆ S``, forces the Short win.

        The game is played on ``G[U ∪ Γ(S)]`` (the rest of S is never coloured, which
        for the terminals' final graph is the same as deleting it) and judged against
        the full target ``H ∗ S`` on Γ(S), as in TSD Theorem 5.  ``U`` empty: True
        when the terminals already have their Short-win graph.

        >>> g = Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))
        >>> m = MultiShannon(g, {2, 3})
        >>> m.restricted_short_first_wins({2}), m.restricted_short_first_wins(set())
        (True, False)
        """
        u_mask = self.game.mask(U)
        if u_mask & ~self.s_mask:
            raise InputError("The subset U must lie inside S.")
        adj = self.adj
        for v in bits(self.s_mask & ~u_mask):
            adj = delete_adjacency(adj, v)
        return self._wins(adj, u_mask, True, True)

    def winning_first_moves(self, player: str) -> list:
        """The vertices that ``player``-dominate S (winning first moves for ``player``)."""
        p = _player(player)
        out = []
        for v in bits(self.s_mask):
            nxt = short_adjacency(self.adj, v) if p else delete_adjacency(self.adj, v)
            if self._wins(nxt, self.s_mask & ~(1 << v), not p, p):
                out.append(self.game.label(v))
        return out


def _player(p: str) -> bool:
    if p not in (SHORT, CUT):
        raise InputError(f"A player is 'Short' or 'Cut', not {p!r}.")
    return p == SHORT


def captured(game: Game, S) -> bool:
    """S is captured: Short has a second-player win in M_{G,S}.

    >>> captured(Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1)), {2, 3})
    True
    """
    return MultiShannon(game, S).second_player_wins(SHORT)


def lost(game: Game, S) -> bool:
    """S is lost: Cut has a second-player win in M_{G,S}.

    >>> lost(Game.from_edges("0-2,2-3,3-1", terminals=(0, 1)), {2, 3})
    True
    """
    return MultiShannon(game, S).second_player_wins(CUT)


def dominated(game: Game, S, player: str) -> bool:
    """S is ``player``-dominated: ``player`` has a first-player win in M_{G,S}."""
    return MultiShannon(game, S).first_player_wins(player)


def dominates(game: Game, v, S, player: str) -> bool:
    """``v`` ``player``-dominates S: opening at ``v`` is a first-player win in M_{G,S}.

    >>> g = Game.from_edges("0-2,2-3,3-1", terminals=(0, 1))
    >>> dominates(g, 2, {2, 3}, "Cut"), dominates(g, 2, {2, 3}, "Short")
    (True, False)
    """
    S = set(S) if not isinstance(S, (int, str)) else {S}
    if v not in S:
        raise InputError(f"{v!r} is not in the set S.")
    return v in MultiShannon(game, S).winning_first_moves(player)


def dominating_moves(game: Game, S, player: str) -> list:
    """Every vertex of S that ``player``-dominates S."""
    return MultiShannon(game, S).winning_first_moves(player)


def spectator(game: Game, v, solver=None) -> bool:
    """W(G−v, x) = W(G∗v, x) for both players x to move.

    >>> spectator(Game.from_edges("0-2,2-1,2-3", terminals=(0, 1)), 3)
    True
    """
    from .fast import FastSolver

    s = solver or FastSolver()
    return all(s.winner(game.delete(v), x) == s.winner(game.short(v), x) for x in (SHORT, CUT))


def outcome_by_enumeration(game: Game, S, first: str) -> dict[str, bool]:
    """Brute force: which players can force their win in M_{G,S} with ``first`` opening.

    Every order of the vertices of S is a complete play (players alternate); the game
    tree is evaluated from the leaves, each leaf judged by :class:`Game` operations on
    ``G[S ∪ Γ(S)]``.  Exponential; for small S only.
    """
    S = list(S)
    terminals = game.set_neighbours(S)
    nxh = game.induced(set(S) | terminals)
    # two isolated stand-in terminals: Game needs a pair, and they change nothing here
    h = Game(list(nxh.nodes) + [("pad", 1), ("pad", 2)], list(nxh.edges), (("pad", 1), ("pad", 2)))
    short_target = h.short(S).to_networkx().subgraph(terminals)
    cut_target = h.delete(S).to_networkx().subgraph(terminals)

    def same(a, b):
        return set(a.nodes) == set(b.nodes) and {frozenset(e) for e in a.edges} == {frozenset(e) for e in b.edges}

    def leaf(shorted, cut):
        final = h.short(shorted).delete(cut).to_networkx().subgraph(terminals)
        return same(final, short_target), same(final, cut_target)

    def value(shorted, cut, to_move, player):
        left = [v for v in S if v not in shorted and v not in cut]
        if not left:
            s, c = leaf(shorted, cut)
            return s if player == SHORT else c
        nxt = CUT if to_move == SHORT else SHORT
        vals = [
            value(shorted + [v], cut, nxt, player) if to_move == SHORT else value(shorted, cut + [v], nxt, player)
            for v in left
        ]
        return any(vals) if to_move == player else all(vals)

    return {p: value([], [], first, p) for p in (SHORT, CUT)}
