"""Winning strategies that can be replayed, and a referee that checks them.

:class:`Strategy` answers, for any position reached in play, a winning move for its
player (computed by the fast solver and cached).  :func:`check_strategy` plays the
strategy against *every* opponent reply, exhaustively, and reports whether every
line ends in a win for the strategy's player — an independent check that the solver's
claimed win is real.
"""

from __future__ import annotations

from ..errors import InputError
from ..game import Game, reachable
from .fast import FastSolver
from .minimax import CUT, SHORT
from ..backing import used

__all__ = ["Strategy", "StatedStrategy", "check_strategy", "check_multi_strategy"]


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


class StatedStrategy(Strategy):
    """A strategy given by a rule, such as a paper states one, instead of by the solver.

    ``rule(position, history)`` returns the player's move; ``history`` is the list of
    ``(player, vertex)`` moves played so far (so a rule can answer the opponent's last
    move).  Nothing is assumed about who wins: :func:`check_strategy` judges it.

    >>> g = Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))
    >>> reply = lambda pos, hist: {2: 3, 3: 2}[hist[-1][1]]  # short the twin of Cut's vertex
    >>> check_strategy(StatedStrategy(g, "Short", first="Cut", rule=reply))
    (True, 2)
    """

    wants_history = True

    def __init__(self, game: Game, player: str, first: str, rule) -> None:
        self.player, self.game, self.first, self.rule = player, game, first, rule

    def move(self, position: Game, history=()):
        return self.rule(position, list(history))


def _settled(position: Game) -> str | None:
    """:func:`verify.solve.minimax.settled` on bitmasks (the same test, without networkx)."""
    t1, t2 = position.terminal_indices
    adj = position.adjacency
    if adj[t1] >> t2 & 1:
        return SHORT
    if not reachable(adj, t1, (1 << position.n) - 1) >> t2 & 1:
        return CUT
    return None


def check_strategy(strategy: Strategy) -> tuple[bool, int]:
    """Replay ``strategy`` against every opponent reply; (all won, lines played).

    A line ends as soon as the position is settled (terminals adjacent or separated).
    A strategy whose ``wants_history`` is true gets the moves so far as well.

    >>> g = Game.from_hex("2x2")
    >>> check_strategy(Strategy(g, "Short", first="Short"))
    (True, 3)
    """
    used("strategy")
    player = strategy.player
    opponent = CUT if player == SHORT else SHORT
    lines = 0
    with_history = getattr(strategy, "wants_history", False)

    def run(position: Game, to_move: str, history: tuple) -> bool:
        nonlocal lines
        done = _settled(position)
        if done is not None:
            lines += 1
            return done == player
        if to_move == player:
            v = strategy.move(position, history) if with_history else strategy.move(position)
            choices = v if isinstance(v, (set, frozenset)) else {v}
            legal = set(position.nonterminals())
            if not choices or not choices <= legal:
                return False  # no move, or an illegal one (a vertex already played, a terminal), loses
            return all(run(strategy.play(position, c), opponent, history + ((player, c),)) for c in sorted(choices, key=str))
        for v in position.nonterminals():
            nxt = position.delete(v) if opponent == CUT else position.short(v)
            if not run(nxt, player, history + ((opponent, v),)):
                return False
        return True

    ok = run(strategy.game, strategy.first, ())
    return ok, lines


def check_multi_strategy(m, player: str, first: str, rule) -> tuple[bool, int]:
    """Replay a stated strategy in the multi-Shannon game ``m`` (a
    :class:`~verify.solve.multi.MultiShannon`) against every opponent line.

    ``rule(left, history)`` gives ``player``'s move (or a set of moves, each of which is
    then checked): ``left`` is the set of unplayed vertices of S, ``history`` the
    ``(player, vertex)`` moves so far.  Every line is
    played to the end (S used up) and judged by the final graph on Γ(S), as in
    :meth:`MultiShannon.final_result`.  Returns (every line won, lines played).

    >>> from verify.solve.multi import MultiShannon
    >>> g = Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))
    >>> twin = lambda left, hist: {2: 3, 3: 2}[hist[-1][1]]
    >>> check_multi_strategy(MultiShannon(g, {2, 3}), "Short", "Cut", twin)
    (True, 2)
    """
    used("strategy")
    from ..game import delete_adjacency, short_adjacency

    game = m.game
    opponent = CUT if player == SHORT else SHORT
    lines = 0

    def play(adj, who, v):
        i = game.index(v)
        return short_adjacency(adj, i) if who == SHORT else delete_adjacency(adj, i)

    def run(adj, left: frozenset, to_move: str, history: tuple) -> bool:
        nonlocal lines
        if not left:
            lines += 1
            short_win, cut_win = m.final_result(adj)
            return short_win if player == SHORT else cut_win
        nxt = opponent if to_move == player else player
        if to_move == player:
            v = rule(set(left), list(history))
            choices = v if isinstance(v, (set, frozenset)) else {v}
            if not choices or not choices <= left:
                return False
            return all(run(play(adj, player, c), left - {c}, nxt, history + ((player, c),)) for c in sorted(choices, key=str))
        return all(run(play(adj, opponent, v), left - {v}, nxt, history + ((opponent, v),)) for v in sorted(left, key=str))

    ok = run(m.adj, frozenset(m.S), first, ())
    return ok, lines
