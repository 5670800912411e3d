"""A fast Shannon-game solver: bitmasks, a transposition table, early exits.

Positions are kept as bitmask adjacency over the original vertex indices (a played
vertex loses all its edges), so a position's key is its adjacency tuple; with
``canonical=True`` the key is instead nauty's canonical form of the remaining graph
with the terminals as one colour class, so isomorphic positions — also across
different games solved with the same :class:`FastSolver` — share one entry.

Speed-ups, each switchable so that no statement is checked only by a solver that
assumes it:

``immediate`` (sound by elementary play, not by a theorem under test)
    Short to move wins at once with a common neighbour of the terminals; with two
    common neighbours Short wins whoever moves; Cut to move wins at once when one
    vertex separates the terminals.
``fill_dead`` (relies on TSD.SPEC / TSD.T1: dead vertices are spectators)
    Dead vertices — decided exactly by :mod:`verify.dead.paths` — are deleted
    before a position is searched.  Off by default.
``fill_pairs`` (relies on TSD.PAIRS / TSD.T6: a mutually supporting pair is captured,
    a mutually threatening pair lost)
    Such pairs, found from the definitions (``G∗a−b = G∗a∗b`` and ``G∗b−a = G∗b∗a``;
    ``G−a∗b = G−a−b`` and ``G−b∗a = G−b−a``), are shorted or deleted before a
    position is searched.  Off by default.
``order``
    Moves are tried on shortest terminal paths first.
"""

from __future__ import annotations

from ..game import Game, bits, delete_adjacency, reachable, short_adjacency
from ..dead.paths import find_induced_path

__all__ = ["FastSolver", "short_wins", "winner"]

from ..game import CUT, SHORT  # noqa: E402  (defined once, in the game kernel)
from ..backing import used


class FastSolver:
    """Solve Shannon games; one instance keeps its transposition table across calls.

    >>> s = FastSolver()
    >>> g = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))
    >>> s.winner(g, "Cut"), s.winner(g.delete(2), "Cut")
    ('Short', 'Cut')
    """

    def __init__(
        self,
        *,
        canonical: bool = False,
        immediate: bool = True,
        fill_dead: bool = False,
        fill_pairs: bool = False,
        order: bool = True,
    ):
        self.canonical = canonical
        self.immediate = immediate
        self.fill_dead = fill_dead
        self.fill_pairs = fill_pairs
        self.order = order
        self.table: dict = {}
        self.nodes = 0

    # -------------------------------------------------------------- public
    def short_wins(self, game: Game, to_move: str) -> bool:
        """True when Short wins ``game`` with ``to_move`` to play."""
        used("fast")
        t1, t2 = game.terminal_indices
        free = ((1 << game.n) - 1) & ~((1 << t1) | (1 << t2))
        return self._solve(game.adjacency, free, t1, t2, to_move == SHORT)

    def winner(self, game: Game, first: str = SHORT) -> str:
        """W(G, P) with ``first`` to move."""
        return SHORT if self.short_wins(game, first) else CUT

    def winning_moves(self, game: Game, player: str) -> list:
        """Every move that wins for ``player`` moving first."""
        used("fast")
        t1, t2 = game.terminal_indices
        adj = game.adjacency
        if adj[t1] >> t2 & 1 or not reachable(adj, t1, (1 << game.n) - 1) >> t2 & 1:
            return []
        free = ((1 << game.n) - 1) & ~((1 << t1) | (1 << t2))
        out = []
        for v in bits(free):
            if player == SHORT:
                if self._solve(short_adjacency(adj, v), free & ~(1 << v), t1, t2, False):
                    out.append(game.label(v))
            elif not self._solve(delete_adjacency(adj, v), free & ~(1 << v), t1, t2, True):
                out.append(game.label(v))
        return out

    # ------------------------------------------------------------ internals
    def _key(self, adj, free, t1, t2, short_to_move):
        if not self.canonical:
            return (adj, t1, t2, short_to_move)
        import pynauty

        active = [i for i in range(len(adj)) if free >> i & 1] + [t1, t2]
        pos = {v: k for k, v in enumerate(active)}
        d = {pos[v]: [pos[u] for u in bits(adj[v])] for v in active}
        g = pynauty.Graph(len(active), adjacency_dict=d, vertex_coloring=[set(range(len(active) - 2)), {len(active) - 2, len(active) - 1}])
        return (len(active), pynauty.certificate(g), short_to_move)

    def _solve(self, adj, free, t1, t2, short_to_move: bool) -> bool:
        self.nodes += 1
        if adj[t1] >> t2 & 1:
            return True
        live = reachable(adj, t1, free | (1 << t2))
        if not live >> t2 & 1:
            return False
        # vertices not reachable from t1 cannot matter: delete them (plain graph fact)
        free &= live
        if self.fill_dead:
            free, adj = self._drop_dead(adj, free, t1, t2)
        else:
            adj = tuple(a & (free | (1 << t1) | (1 << t2)) if (free | (1 << t1) | (1 << t2)) >> i & 1 else 0
                        for i, a in enumerate(adj))
        if self.fill_pairs:
            filled = self._fill_pairs(adj, free)
            if filled is not None:
                adj, free = filled
                return self._solve(adj, free, t1, t2, short_to_move)
        if self.immediate:
            common = adj[t1] & adj[t2]
            if common and (short_to_move or common & (common - 1)):
                return True
        key = self._key(adj, free, t1, t2, short_to_move)
        hit = self.table.get(key)
        if hit is not None:
            return hit
        if self.immediate and not short_to_move:
            for v in bits(free):
                if not reachable(adj, t1, (free & ~(1 << v)) | (1 << t2)) >> t2 & 1:
                    self.table[key] = False
                    return False
        moves = self._ordered(adj, free, t1, t2)
        if short_to_move:
            result = any(self._solve(short_adjacency(adj, v), free & ~(1 << v), t1, t2, False) for v in moves)
        else:
            result = all(self._solve(delete_adjacency(adj, v), free & ~(1 << v), t1, t2, True) for v in moves)
        self.table[key] = result
        return result

    def _drop_dead(self, adj, free, t1, t2):
        for v in list(bits(free)):
            if find_induced_path(adj, t1, t2, 1 << v) is None:
                adj = delete_adjacency(adj, v)
                free &= ~(1 << v)
        return free, adj

    @staticmethod
    def _fill_pairs(adj, free):
        """Short a mutually supporting pair or delete a mutually threatening one (first found)."""
        vs = list(bits(free))
        for k, a in enumerate(vs):
            sa, da = short_adjacency(adj, a), delete_adjacency(adj, a)
            for b in vs[k + 1:]:
                sb, db = short_adjacency(adj, b), delete_adjacency(adj, b)
                both_short = short_adjacency(sa, b)
                if delete_adjacency(sa, b) == both_short and delete_adjacency(sb, a) == both_short:
                    return both_short, free & ~(1 << a) & ~(1 << b)
                both_cut = delete_adjacency(da, b)
                if short_adjacency(da, b) == both_cut and short_adjacency(db, a) == both_cut:
                    return both_cut, free & ~(1 << a) & ~(1 << b)
        return None

    def _ordered(self, adj, free, t1, t2) -> list[int]:
        if not self.order:
            return list(bits(free))
        # breadth-first distance sums: vertices on short terminal paths first
        def dist(start):
            d = {start: 0}
            frontier = [start]
            while frontier:
                nxt = []
                for x in frontier:
                    for y in bits(adj[x] & (free | (1 << t1) | (1 << t2))):
                        if y not in d:
                            d[y] = d[x] + 1
                            nxt.append(y)
                frontier = nxt
            return d

        d1, d2 = dist(t1), dist(t2)
        big = 1 << 20
        return sorted(bits(free), key=lambda v: d1.get(v, big) + d2.get(v, big))


_DEFAULT = FastSolver()


def short_wins(game: Game, to_move: str) -> bool:
    """True when Short wins ``game`` with ``to_move`` to play (shared default solver)."""
    return _DEFAULT.short_wins(game, to_move)


def winner(game: Game, first: str = SHORT) -> str:
    """W(G, P) with ``first`` to move (shared default solver).

    >>> winner(Game.from_hex("3x3"), "Short"), winner(Game.from_hex("3x3"), "Cut")
    ('Short', 'Cut')
    """
    return _DEFAULT.winner(game, first)
