"""Winning strategies that can be replayed, and a referee that checks them.

:class:`Strategy` answers, for any position reached in play, a winning move for its
player (computed by the fast solver and cached).  :func:`check_strategy` plays the
strategy against *every* opponent reply, exhaustively, and reports whether every
line ends in a win for the strategy's player — an independent check that the solver's
claimed win is real.
"""

from __future__ import annotations

from ..errors import InputError
from ..game import Game
from .fast import FastSolver
from .minimax import CUT, SHORT, settled

__all__ = ["Strategy", "check_strategy"]


class Strategy:
    """A winning strategy for ``player`` in ``game`` with ``first`` to move.

    >>> g = Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))
    >>> s = Strategy(g, "Short", first="Cut")
    >>> s.move(g.delete(2))
    3
    """

    def __init__(self, game: Game, player: str, first: str, solver: FastSolver | None = None) -> None:
        self.solver = solver or FastSolver()
        self.player = player
        if self.solver.winner(game, first) != player:
            raise InputError(f"{player} has no winning strategy here with {first} to move.")
        self.game = game
        self.first = first

    def move(self, position: Game):
        """A winning move for the strategy's player in ``position`` (its player to move)."""
        moves = self.solver.winning_moves(position, self.player)
        if not moves:
            raise InputError("The strategy has no winning move in this position.")
        return moves[0]

    def play(self, position: Game, v) -> Game:
        """The position after the strategy's player plays ``v``."""
        return position.short(v) if self.player == SHORT else position.delete(v)


def check_strategy(strategy: Strategy) -> tuple[bool, int]:
    """Replay ``strategy`` against every opponent reply; (all won, lines played).

    >>> g = Game.from_hex("2x2")
    >>> check_strategy(Strategy(g, "Short", first="Short"))
    (True, 3)
    """
    player = strategy.player
    opponent = CUT if player == SHORT else SHORT
    lines = 0

    def run(position: Game, to_move: str) -> bool:
        nonlocal lines
        done = settled(position)
        if done is not None:
            lines += 1
            return done == player
        if to_move == player:
            return run(strategy.play(position, strategy.move(position)), opponent)
        for v in position.nonterminals():
            nxt = position.delete(v) if opponent == CUT else position.short(v)
            if not run(nxt, player):
                return False
        return True

    ok = run(strategy.game, strategy.first)
    return ok, lines
