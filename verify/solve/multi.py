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

The solver works on bitmasks over the vertices of ``G``.  A position is the pair
(shorted, deleted) of subsets of S (− and ∗ on distinct vertices commute, so the
final graph depends only on which vertices were shorted); for |S| ≤ 6 every position
is solved at once with bit-parallel rounds over the position codes, otherwise positions
are searched from the opening with memoisation.  Answers are shared between games
whose ``G[S ∪ Γ(S)]`` coincide after renumbering (a speed-up only; the checks ask the
same small games over and over).  :func:`outcome_by_enumeration` is an independent
brute-force check that plays out every move order with :class:`~verify.game.Game`
operations (``tests/test_solve.py``, ``tests/test_crosschecks.py``).

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §3, §5.
"""

from __future__ import annotations

from ..errors import InputError
from ..game import Game, bits, popcount
from ..game import short_adjacency

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
from ..backing import used


class MultiShannon:
    """M_{G,S} for a set ``S`` of non-terminal vertices of ``game``.

    >>> g = Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))
    >>> m = MultiShannon(g, {2, 3})
    >>> m.second_player_wins("Short"), m.first_player_wins("Cut")
    (True, False)
    """

    def __init__(self, game: Game, S) -> None:
        used("multi")
        S = set(S) if not isinstance(S, (int, str)) else {S}
        if not S:
            raise InputError("The set S must not be empty.")
        s_mask = 0
        for v in S:
            s_mask |= 1 << game.index(v)
            if game.is_terminal(v):
                raise InputError(f"{v!r} is a terminal; S must consist of non-terminal vertices.")
        self.game = game
        self.S = S
        self.s_mask = s_mask
        full_adj = game.adjacency
        around = 0
        for i in bits(s_mask):
            around |= full_adj[i]
        self.t_mask = around & ~s_mask  # Γ(S)
        self._t_bits = tuple(bits(self.t_mask))
        keep = s_mask | self.t_mask
        self.adj = tuple(a & keep if keep >> i & 1 else 0 for i, a in enumerate(full_adj))
        self._targets = None  # (H ∗ S, H − S) on Γ(S), built when first needed
        self._memo: dict = {}
        self._leaves: dict = {}
        self._shorted_adj: dict = {0: self.adj}
        self._shape = None
        self._kept: tuple = ()

    @property
    def short_target(self) -> tuple:
        """The rows of Γ(S) in ``H ∗ S`` (restricted to Γ(S)): the Short-win final graph."""
        return self._target_pair()[0]

    @property
    def cut_target(self) -> tuple:
        """The rows of Γ(S) in ``H − S`` (restricted to Γ(S)): the Cut-win final graph."""
        return self._target_pair()[1]

    def _target_pair(self) -> tuple:
        if self._targets is None:
            short_all = self.adj
            for v in bits(self.s_mask):
                short_all = short_adjacency(short_all, v)
            self._targets = (self._among_terminals(short_all), self._among_terminals(self.adj))
        return self._targets

    def _among_terminals(self, adj) -> tuple:
        t_mask = self.t_mask
        return tuple(adj[i] & t_mask for i in self._t_bits)

    def final_result(self, adj) -> tuple[bool, bool]:
        """(Short win, Cut win) of a finished position's adjacency."""
        final = self._among_terminals(adj)
        short_target, cut_target = self._target_pair()
        return final == short_target, final == cut_target

    def _leaf(self, shorted: int) -> tuple[bool, bool]:
        """(Short win, Cut win) when play ends with the vertices of ``shorted`` shorted and
        the rest of S deleted: the final graph on Γ(S), computed once per ``shorted``
        (− and ∗ on distinct vertices commute, so it does not depend on the move order).
        The deletions are not carried out: deleting a vertex of S only clears its own row
        and its own bit in the other rows, none of which is part of the graph on Γ(S)."""
        hit = self._leaves.get(shorted)
        if hit is None:
            hit = self._leaves[shorted] = self.final_result(self._after_shorting(shorted))
        return hit

    def _after_shorting(self, shorted: int) -> tuple:
        """``self.adj`` with the vertices of ``shorted`` shorted in increasing index order
        (built from the same set without its highest vertex, remembered per set)."""
        adj = self._shorted_adj.get(shorted)
        if adj is None:
            top = shorted.bit_length() - 1
            adj = self._shorted_adj[shorted] = short_adjacency(self._after_shorting(shorted & ~(1 << top)), top)
        return adj

    def _wins(self, shorted: int, deleted: int, to_move_short: bool, player_short: bool) -> bool:
        """``player`` (Short when ``player_short``) forces a win of theirs from the position
        where ``shorted`` and ``deleted`` (disjoint subsets of S) have been played
        (memoised per instance)."""
        key = (shorted, deleted, to_move_short, player_short)
        memo = self._memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        left = self.s_mask & ~shorted & ~deleted
        if not left:
            result = self._leaf(shorted)[0 if player_short else 1]
        else:
            mover_is_player = to_move_short == player_short
            result = not mover_is_player  # any(...) for the player, all(...) for the opponent
            wins = self._wins
            for v in bits(left):
                bit = 1 << v
                if to_move_short:
                    r = wins(shorted | bit, deleted, False, player_short)
                else:
                    r = wins(shorted, deleted | bit, True, player_short)
                if r == mover_is_player:
                    result = mover_is_player
                    break
        memo[key] = result
        return result

    # ------------------------------------------------ answers shared across games
    def _local(self) -> tuple:
        """The shape of M_{G,S}: the adjacency of ``H = G[S ∪ Γ(S)]`` with its vertices
        renumbered 0, 1, ... in their order in G, and S as a mask of those numbers.  Every
        answer of the solver is a function of it (the solver reads only ``H``, shorts in
        increasing index order and lists moves in that order), so games with the same
        shape share answers (:data:`_SHARED`)."""
        key = self._shape
        if key is None:
            keep = self.s_mask | self.t_mask
            kept = bits(keep) if keep < (1 << 12) else tuple(bits(keep))
            pos = {v: k for k, v in enumerate(kept)}
            rows = []
            for v in kept:
                row = 0
                for u in bits(self.adj[v]):
                    row |= 1 << pos[u]
                rows.append(row)
            local_s = 0
            for v in bits(self.s_mask):
                local_s |= 1 << pos[v]
            key = self._shape = (type(self), local_s, tuple(rows))
            self._kept = kept
        return key

    def _answer(self, question: tuple, compute):
        """``compute()``, or the answer already found for a game of the same shape."""
        key = (self._local(), question)
        hit = _SHARED.get(key)
        if hit is None:
            hit = compute()
            if len(_SHARED) >= SHARED_MAX:
                del _SHARED[next(iter(_SHARED))]  # forget the oldest
            _SHARED[key] = hit
        return hit

    def _table(self):
        """The whole game solved at once (:func:`_solve_all`) when S is small, shared by
        every game of the same shape; None for a larger S (then positions are searched)."""
        k = popcount(self.s_mask)
        if k > ALL_AT_ONCE_MAX:
            return None
        return self._answer(("all",), self._solve_all)

    def _solve_all(self) -> tuple:
        s_bits = bits(self.s_mask)
        k = len(s_bits)
        leaves = []
        for b in range(1 << k):  # b: which vertices of S (by rank) end shorted
            shorted = 0
            for i in bits(b):
                shorted |= 1 << s_bits[i]
            leaves.append(self._leaf(shorted))
        return _solve_all(k, leaves)

    def first_player_wins(self, player: str) -> bool:
        """True when ``player`` moving first forces a ``player`` win (S is P-dominated)."""
        p = _player(player)
        table = self._table()
        if table is not None:  # the opening position, ``player`` to move
            return bool(table[p][0 if p else 1] & 1)
        return self._answer(("first", p), lambda: self._wins(0, 0, p, p))

    def second_player_wins(self, player: str) -> bool:
        """True when ``player`` moving second forces a ``player`` win."""
        p = _player(player)
        table = self._table()
        if table is not None:  # the opening position, the opponent to move
            return bool(table[p][1 if p else 0] & 1)
        return self._answer(("second", p), lambda: self._wins(0, 0, not p, p))

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
        table = self._table()
        if table is not None:  # the position with S ∖ U deleted, Short to move
            code = 0
            for i, v in enumerate(bits(self.s_mask)):
                if not u_mask >> v & 1:
                    code += 2 << (2 * i)
            return bool(table[True][0] >> code & 1)
        self._local()
        local_u = sum(1 << k for k, v in enumerate(self._kept) if u_mask >> v & 1)
        return self._answer(("restricted", local_u), lambda: self._wins(0, self.s_mask & ~u_mask, True, True))

    def winning_first_moves(self, player: str) -> list:
        """The vertices that ``player``-dominate S (winning first moves for ``player``)."""
        p = _player(player)
        table = self._table()
        if table is not None:  # after ``player`` plays the i-th vertex of S, the opponent to move
            after = table[p][1 if p else 0]
            mark = 1 if p else 2
            return [self.game.label(v) for i, v in enumerate(bits(self.s_mask)) if after >> (mark << (2 * i)) & 1]

        def compute() -> tuple:  # the winning moves as positions in self._kept
            out = []
            for v in bits(self.s_mask):
                bit = 1 << v
                if self._wins(bit if p else 0, 0 if p else bit, not p, p):
                    out.append(self._kept.index(v))
            return tuple(out)

        self._local()
        return [self.game.label(self._kept[k]) for k in self._answer(("moves", p), compute)]


#: Largest S solved all at once by :func:`_solve_all` (4**k-bit integers); beyond it
#: positions are searched one by one from the opening (:meth:`MultiShannon._wins`).
ALL_AT_ONCE_MAX = 6


def _codes(k: int) -> tuple:
    """For S of size k, positions are codes Σ a_i·4^i with a_i = 0 (vertex i of S free),
    1 (shorted) or 2 (deleted).  Returns (valid codes, codes with vertex i free for each
    i, codes with some vertex free, the full code of each shorted set b), as bitsets."""
    hit = _CODES.get(k)
    if hit is None:
        valid, free, nonfull = 0, [0] * k, 0
        for code in range(4 ** k):
            digits = [(code >> (2 * i)) & 3 for i in range(k)]
            if 3 in digits:
                continue
            valid |= 1 << code
            for i, d in enumerate(digits):
                if d == 0:
                    free[i] |= 1 << code
            if 0 in digits:
                nonfull |= 1 << code
        full = [sum((1 if b >> i & 1 else 2) << (2 * i) for i in range(k)) for b in range(1 << k)]
        hit = _CODES[k] = (valid, tuple(free), nonfull, tuple(full))
    return hit


_CODES: dict = {}


def _solve_all(k: int, leaves: list) -> dict:
    """Every position of a multi-Shannon game on k vertices solved at once.

    ``leaves[b]`` is (Short win, Cut win) of the end with the vertices in ``b`` (a mask of
    ranks in S) shorted and the rest deleted.  Returns ``{player_short: (short_to_move,
    cut_to_move)}``: bitsets over the position codes of :func:`_codes`, bit ``c`` set when
    that player forces a win of theirs from position ``c`` with that player to move.  The
    value of a position with j free vertices follows from its children's, so k rounds
    of "any child wins" (the player moves) or "every child wins" (the opponent moves),
    evaluated on all positions at once with shifts (playing vertex i adds 4^i or 2·4^i
    to the code), settle every position.
    """
    valid, free, nonfull, full = _codes(k)
    out = {}
    for player_short in (True, False):
        leaf = 0
        for b, (short_win, cut_win) in enumerate(leaves):
            if short_win if player_short else cut_win:
                leaf |= 1 << full[b]
        short_to_move = cut_to_move = leaf
        for _ in range(k):
            win_s = lose_s = win_c = lose_c = 0
            not_c, not_s = valid & ~cut_to_move, valid & ~short_to_move
            for i in range(k):
                f, step = free[i], 1 << (2 * i)
                win_s |= (cut_to_move >> step) & f  # Short plays i, then Cut is to move
                lose_s |= (not_c >> step) & f
                win_c |= (short_to_move >> (2 * step)) & f  # Cut plays i, then Short is to move
                lose_c |= (not_s >> (2 * step)) & f
            short_to_move = leaf | (nonfull & (win_s if player_short else ~lose_s))
            cut_to_move = leaf | (nonfull & (~lose_c if player_short else win_c))
        out[player_short] = (short_to_move, cut_to_move)
    return out


#: Answers of :class:`MultiShannon` by (shape, question), for the last ``SHARED_MAX``
#: questions asked (a speed-up only: the checks ask the same small games over and over).
_SHARED: dict = {}
SHARED_MAX = 1 << 16


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
