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

Two solvers decide the type.  :meth:`MultiLinks.type` is the reference: plain minimax
over the positions of one carrier, with a position cache.  :meth:`MultiLinks.families`
answers every carrier inside a vertex list at once.  A position is the set ``S`` that
Short has shorted and the set ``U`` still unplayed; Cut's deletions only shrink ``U``.
Short has won once ``T`` is a clique after shorting ``S``, i.e. every pair of ``T`` is
adjacent or joined by a path with its interior in ``S`` (a monotone family of sets
``S``).  Both solvers share that rule, so the carrier ``U`` with Cut's move at ``v``
is the carrier ``U − v``.  The second solver keeps, for each carrier ``U``, the values
for every ``S`` at once as bits of one integer (bit ``S``), and treats the carriers
by increasing mask, so the sub-carriers ``U − v`` come first.

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

__all__ = ["link_type", "pivots", "is_minimal", "weight", "multi_link_type", "MultiLinks", "KINDS", "member_families"]

KINDS = ("strong", "weak", "none")
"""The multi-link types, the keys of :meth:`MultiLinks.families`."""


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
        self._forces = None  # the position cache of type(), built on first use

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
        if self._forces is None:
            self._forces = lru_cache(maxsize=None)(self._forces_uncached)
        if self._forces(adj, V, False):
            return "strong"
        if self._forces(adj, V, True):
            return "weak"
        return "none"

    def families(self, over, max_size: int | None = None) -> dict:
        """Every carrier inside ``over`` with its type, as families of sets.

        Parameters
        ----------
        over : sequence
            Vertex labels giving the bit positions: a set of them is its relative mask
            ``r`` (bit ``i`` of ``r`` for ``over[i]``), and a family of sets is an
            integer with bit ``r`` set for each member.
        max_size : int, optional
            Only carriers with at most this many vertices (all of them when None).

        Returns
        -------
        dict
            ``{"strong": f, "weak": f, "none": f}`` (keys :data:`KINDS`).  A subset of
            ``over`` with a label that is not a vertex, a terminal of the game or a
            member of ``T`` is in no family.  Agrees with :meth:`type` on every carrier
            (``tests/test_tsd_links_fast.py``).

        Examples
        --------
        >>> g = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))
        >>> f = MultiLinks(g, {0, 1}).families([2, 3])
        >>> [[r for r in range(4) if f[k] >> r & 1] for k in KINDS]
        [[3], [1, 2], [0]]
        """
        game = self.game
        index = game._index
        pos = []  # (bit in over, index in the game) of the vertices a carrier may use
        for i, v in enumerate(over):
            j = index.get(v)
            if j is not None and not game.is_terminal(v) and not self.T >> j & 1:
                pos.append((i, j))
        return _families(game.adjacency, self.T, len(over), tuple(pos), max_size)


@lru_cache(maxsize=None)
def member_families(m: int) -> tuple:
    """Entry ``i``: the family of the subsets of ``range(m)`` that contain ``i`` (the
    families of :meth:`MultiLinks.families` with ``m = len(over)``).

    >>> [bin(f) for f in member_families(2)]
    ['0b1010', '0b1100']
    """
    out = []
    for i in range(m):
        block = ((1 << (1 << i)) - 1) << (1 << i)  # the r with bit i, in runs of 2^(i+1)
        f = 0
        for start in range(0, 1 << m, 1 << (i + 1)):
            f |= block << start
        out.append(f)
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def _plan(m: int, usable: int, max_size) -> tuple:
    """The carriers ``U ⊆ usable`` (relative masks, ``m`` bits) of at most ``max_size``
    vertices in increasing order, each with its moves ``(U − i, family of the S ∋ i,
    1 << i)``; and the family of those carriers."""
    fam = member_families(m)
    plan = []
    valid = 0
    for U in range(usable + 1):
        if U & ~usable or (max_size is not None and U.bit_count() > max_size):
            continue
        valid |= 1 << U
        plan.append((U, tuple((U ^ (1 << i), fam[i], 1 << i) for i in bits(U))))
    return tuple(plan), valid


def _win_family(adj, T: int, m: int, pos: tuple, rounds: int) -> int:
    """The sets ``S`` of ``over`` positions after whose shorting ``T`` is a clique,
    exactly for every ``|S| ≤ rounds`` (a path's interior in ``S`` has at most
    ``|S|`` vertices; larger ``S`` may be missing).

    For each pair ``a, b`` of ``T`` not adjacent: ``reach[p]`` is the family of the
    ``S ∋ p`` with ``p`` joined to ``a`` inside ``S``, grown one step per round; ``a`` and
    ``b`` are joined for the ``S`` in which some neighbour of ``b`` is reached."""
    fam = member_families(m)
    win = (1 << (1 << m)) - 1
    ts = list(bits(T))
    near = None  # (position, index, neighbouring positions), for the rounds after the first
    for n, a in enumerate(ts):
        apart = [b for b in ts[n + 1:] if not adj[a] >> b & 1]
        if not apart:
            continue
        reach = [0] * m
        for p, j in pos:
            if adj[j] >> a & 1:
                reach[p] = fam[p]
        for _ in range(rounds - 1):
            if near is None:
                near = [(p, j, tuple(q for q, k in pos if adj[j] >> k & 1)) for p, j in pos]
            grown = False
            for p, j, nb in near:
                r = reach[p]
                for q in nb:
                    r |= reach[q]
                r &= fam[p]
                if r != reach[p]:
                    reach[p] = r
                    grown = True
            if not grown:
                break
        for b in apart:
            joined = 0
            for p, j in pos:
                if adj[j] >> b & 1:
                    joined |= reach[p]
            win &= joined
    return win


def _families(adj, T: int, m: int, pos: tuple, max_size) -> dict:
    """:meth:`MultiLinks.families` on bitmask adjacency ``adj`` (see there).

    ``first[U]`` / ``second[U]``: the sets ``S`` (bits of one integer) from which
    Short, to move / Cut to move, forces ``T`` into a clique with ``U`` unplayed.
    Short's move at ``i`` leads to ``(S + i, U − i)``, read off ``second[U − i]``
    shifted down by ``1 << i``; Cut's to ``(S, U − i)``.  A carrier's type is bit 0
    (``S = ∅``)."""
    usable = 0
    for p, _ in pos:
        usable |= 1 << p
    plan, valid = _plan(m, usable, max_size)
    k = len(pos) if max_size is None else min(len(pos), max_size)
    win = _win_family(adj, T, m, pos, (k + 1) // 2)  # Short shorts at most ⌈|U|/2⌉
    every = (1 << (1 << m)) - 1
    first = [0] * (1 << m)
    second = [0] * (1 << m)
    strong = weak = 0
    for U, moves in plan:
        f, g = win, every
        for sub, has_i, shift in moves:
            f |= (second[sub] & has_i) >> shift
            g &= first[sub]
        if not moves:  # the empty carrier: nothing to play
            g = win
        g |= win
        first[U], second[U] = f, g
        if g & 1:
            strong |= 1 << U
        elif f & 1:
            weak |= 1 << U
    return {"strong": strong, "weak": weak, "none": valid & ~strong & ~weak}


class ShortedStrong:
    """The strong carriers of ``(G ∗ x, T)`` for every vertex ``x`` of ``over`` at once,
    read from one table of ``G``.

    ``family(p)`` equals ``MultiLinks(game.short(over[p]), T).families(over,
    max_size)["strong"]`` (checked in ``tests/test_tsd_links_fast.py``).  Shorting
    ``x`` first and then ``S`` is shorting ``S ∪ {x}``, and no move of a carrier
    without ``x`` touches ``x``: so the carrier ``U ∌ x`` is strong in ``G ∗ x``
    exactly when bit ``{x} ∪ ∅`` of the second-player values of ``U`` in ``G`` is set.
    One table in ``G`` (the sets ``S`` exact up to one vertex more than a carrier's
    Short moves) replaces one table per ``x``.

    Parameters
    ----------
    game : Game
        The game ``G``.
    terminals : iterable
        The terminal set ``T`` (labels of ``game``).
    over : sequence
        Vertex labels giving the bit positions of the relative masks, as in
        :meth:`MultiLinks.families`.
    max_size : int
        Only carriers with at most this many vertices.

    Examples
    --------
    >>> g = Game.from_edges("0-2,2-3,3-1,0-4,4-1", terminals=(0, 1))
    >>> f = ShortedStrong(g, {0, 1}, [2, 3, 4], 2).family(0)  # in G ∗ 2: paths 0-3-1, 0-4-1
    >>> [r for r in range(8) if f >> r & 1]   # only the carrier {3, 4} (relative mask 6)
    [6]
    """

    def __init__(self, game: Game, terminals, over, max_size: int) -> None:
        index = game._index
        T = game.mask(terminals)
        pos = []
        for i, v in enumerate(over):
            j = index.get(v)
            if j is not None and not game.is_terminal(v) and not T >> j & 1:
                pos.append((i, j))
        self._usable = sum(1 << p for p, _ in pos)
        m = len(over)
        plan, _ = _plan(m, self._usable, max_size)
        k = min(len(pos), max_size)
        win = _win_family(game.adjacency, T, m, tuple(pos), (k + 1) // 2 + 1)  # + the pivot
        every = (1 << (1 << m)) - 1
        first = [0] * (1 << m)
        second = [0] * (1 << m)
        for U, moves in plan:  # as in _families
            if moves and len(moves) == max_size:  # the largest carriers: none larger reads first[U]
                g = every
                for sub, _, _ in moves:
                    g &= first[sub]
                second[U] = g | win
                continue
            f, g = win, every
            for sub, has_i, shift in moves:
                f |= (second[sub] & has_i) >> shift
                g &= first[sub]
            if not moves:
                g = win
            g |= win
            first[U], second[U] = f, g
        self._plan = plan
        self._second = second
        self._seen: dict = {}

    def family(self, p: int) -> int:
        """The strong carriers of ``(G ∗ over[p], T)`` (relative masks); 0 when
        ``over[p]`` is no vertex a carrier may use."""
        out = self._seen.get(p)
        if out is None:
            out = 0
            if self._usable >> p & 1:
                at = 1 << (1 << p)
                second = self._second
                for U, _ in self._plan:
                    if not U >> p & 1 and second[U] & at:
                        out |= 1 << U
            self._seen[p] = out
        return out
