"""The trusted Shannon-game oracle: plain memoised minimax on the reduced graph.

A position is a :class:`~verify.game.Game` and the player to move.  Short has won
when the terminals are adjacent; Cut has won when they are in different components
(TSD §2, [1]_).  Otherwise the player to move tries every non-terminal vertex:
Short shorts it, Cut deletes it.  Nothing else: no pruning, no symmetry, no theorem.
It is kept this short so that it can be trusted at a glance; the fast solver of
:mod:`verify.solve.fast` is tested against it.

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §2.
"""

from __future__ import annotations

import networkx as nx

from ..game import Game

__all__ = ["SHORT", "CUT", "settled", "short_wins", "winner", "winning_moves"]

from ..game import CUT, SHORT  # noqa: E402  (defined once, in the game kernel)
from ..backing import used


def settled(game: Game) -> str | None:
    """``"Short"`` if the terminals are adjacent, ``"Cut"`` if separated, else None."""
    t1, t2 = game.terminals
    if game.has_edge(t1, t2):
        return SHORT
    if not nx.has_path(game.to_networkx(), t1, t2):
        return CUT
    return None


def short_wins(game: Game, to_move: str, memo: dict | None = None) -> bool:
    """True when Short wins ``game`` with ``to_move`` to play.

    >>> g = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))
    >>> short_wins(g, "Cut"), short_wins(g.delete(2), "Cut")
    (True, False)
    """
    if memo is None:
        used("minimax")
    memo = {} if memo is None else memo
    key = (game, to_move)
    if key in memo:
        return memo[key]
    done = settled(game)
    if done is not None:
        result = done == SHORT
    elif to_move == SHORT:
        result = any(short_wins(game.short(v), CUT, memo) for v in game.nonterminals())
    else:
        result = all(short_wins(game.delete(v), SHORT, memo) for v in game.nonterminals())
    memo[key] = result
    return result


def winner(game: Game, first: str = SHORT) -> str:
    """The winner W(G, P) with ``first`` to move.

    >>> winner(Game.from_edges("0-2,2-1", terminals=(0, 1)), "Cut")
    'Cut'
    """
    return SHORT if short_wins(game, first) else CUT


def winning_moves(game: Game, player: str) -> list:
    """The moves that win for ``player`` moving first (empty if the position is settled)."""
    used("minimax")
    if settled(game) is not None:
        return []
    memo: dict = {}
    if player == SHORT:
        return [v for v in game.nonterminals() if short_wins(game.short(v), CUT, memo)]
    return [v for v in game.nonterminals() if not short_wins(game.delete(v), SHORT, memo)]
