"""The Shannon switching game (edge version) on a multigraph with two terminals.

Two players alternately pick an edge that neither has picked yet.  CONNECT (Short)
claims it, CUT deletes it; CONNECT wins when its claimed edges contain a path between
the two terminals, CUT when every terminal path contains a deleted edge ([1]_, [2]_).
Parallel edges are allowed (each copy is its own move); loops are rejected — a loop is
never on a path, so it could only be a pass, and passing is a separate statement
(SSG.MONO).  In the *reduced* view a claimed edge is contracted and a deleted edge
removed, so every position is an opening position on a smaller multigraph, exactly as
the vertex game's reduced-graph model.

:class:`SwitchGame` is an immutable value: vertices ``0 .. n-1``, a tuple of edges
(a pair per edge, repeats allowed; the index of an edge in the tuple is its name) and
the terminal pair.

Gale / Bridg-It ([2]_): :func:`gale` builds the standard ``K x (K+1)`` board as a
switching-game graph.  CONNECT's dots form ``K`` rows of ``K+1`` columns; its goal
is to join the left column to the right column.  The two end columns are merged into
the terminals ``A = 0`` and ``B = 1`` (bridges along an end column are never useful and
are not on the board); the interior dots ``(r, c)``, ``1 <= c <= K-1``, are the other
vertices.  Edges: every horizontal bridge (``K`` per row) and every vertical bridge
between interior dots (``K-1`` per interior column), so ``K^2 + (K-1)^2`` edges; CUT's
bridges are exactly the crossings of these, so deleting an edge is CUT's move.  The
commercial board is ``K = 5`` (41 edges).

References
----------
.. [1] S. M. Chase, "An implemented graph algorithm for winning Shannon switching
   games", CACM 15(4), 1972 (``shared/papers/001_7b6aa461228c292a.txt``).
.. [2] "Shannon switching game" (rules, Lehman's theorem, Gale/Bridg-It),
   ``shared/papers/004_e42d52c966a4492b.txt``.

>>> g = SwitchGame.parse("0-1,0-1,1-2", terminals=(0, 2))
>>> g.n, g.m, g.edges
(3, 3, ((0, 1), (0, 1), (1, 2)))
>>> g.contract(2).edges, g.contract(2).terminals
(((0, 1), (0, 1)), (0, 1))
>>> gale(5).m
41
"""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import InputError

__all__ = ["SwitchGame", "gale", "GALE_MAX_K", "load_switch_json"]

GALE_MAX_K = 300  # 179,401 edges; larger boards are refused


class SwitchGame:
    """An immutable switching game: a loopless multigraph on ``0 .. n-1`` and two terminals.

    Parameters
    ----------
    n : int
        Number of vertices.
    edges : iterable of pairs
        The edges (repeats are parallel edges); stored with the smaller end first.
    terminals : pair of int
        Two different vertices.
    names : tuple, optional
        Display names of the vertices (Gale boards name their dots).

    Examples
    --------
    >>> SwitchGame(3, [(1, 0), (2, 1)], (0, 2)).edges
    ((0, 1), (1, 2))
    >>> SwitchGame(2, [(1, 1)], (0, 1))
    Traceback (most recent call last):
    ...
    verify.errors.InputError: Edge 1-1 is a loop; loops are not allowed.
    """

    __slots__ = ("n", "edges", "terminals", "names", "_hash")

    def __init__(self, n: int, edges: Iterable, terminals, names: tuple | None = None) -> None:
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InputError(f"The number of vertices must be a non-negative integer, not {n!r}.")
        from ...formats import check_vertex_count

        check_vertex_count(n)
        out = []
        for e in edges:
            try:
                u, v = e
            except (TypeError, ValueError):
                raise InputError(f"Edge {e!r} is not a pair of vertices.") from None
            for x in (u, v):
                if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < n:
                    raise InputError(f"Edge {u!r}-{v!r} names {x!r}, which is not a vertex of a {n}-vertex graph.")
            if u == v:
                raise InputError(f"Edge {u}-{v} is a loop; loops are not allowed.")
            out.append((u, v) if u < v else (v, u))
        try:
            a, b = terminals
        except (TypeError, ValueError):
            raise InputError("The terminals must be a pair of vertices.") from None
        for t in (a, b):
            if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < n:
                raise InputError(f"Terminal {t!r} is not a vertex of a {n}-vertex graph.")
        if a == b:
            raise InputError(f"The terminals must be two different vertices, not {a} twice.")
        self.n = n
        self.edges = tuple(out)
        self.terminals = (a, b)
        self.names = names
        self._hash = None

    # ------------------------------------------------------------------ basics
    @property
    def m(self) -> int:
        return len(self.edges)

    def __eq__(self, other) -> bool:
        return (
            isinstance(other, SwitchGame)
            and self.n == other.n
            and self.terminals == other.terminals
            and sorted(self.edges) == sorted(other.edges)
        )

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self.n, self.terminals, tuple(sorted(self.edges))))
        return self._hash

    def __repr__(self) -> str:
        return f"SwitchGame({self.n}, {self.edge_string()!r}, terminals={self.terminals})"

    def edge_string(self) -> str:
        """The edges as ``"0-1,0-1,1-2"``."""
        return ",".join(f"{u}-{v}" for u, v in self.edges)

    def name(self, v: int):
        return self.names[v] if self.names else v

    def multiplicity(self) -> int:
        """Largest number of parallel copies of one edge (0 for no edges)."""
        from collections import Counter

        return max(Counter(self.edges).values(), default=0)

    def component(self, v: int) -> set[int]:
        """Vertices joined to ``v`` by edges."""
        adj: dict[int, list[int]] = {}
        for x, y in self.edges:
            adj.setdefault(x, []).append(y)
            adj.setdefault(y, []).append(x)
        seen, stack = {v}, [v]
        while stack:
            x = stack.pop()
            for y in adj.get(x, ()):
                if y not in seen:
                    seen.add(y)
                    stack.append(y)
        return seen

    def is_connected(self) -> bool:
        return self.n <= 1 or len(self.component(0)) == self.n

    def terminals_joined(self) -> bool:
        """True when some path joins the terminals (otherwise CUT has already won)."""
        return self.terminals[1] in self.component(self.terminals[0])

    # ------------------------------------------------------------------ moves
    def delete(self, i: int) -> "SwitchGame":
        """CUT's move: edge ``i`` removed."""
        return SwitchGame(self.n, self.edges[:i] + self.edges[i + 1:], self.terminals, self.names)

    def contract(self, i: int) -> "SwitchGame":
        """CONNECT's move: edge ``i`` contracted, its larger end merged into the smaller.

        Loops that appear are dropped; the vertex set keeps its size (the merged vertex
        is left isolated), so edge names of other edges shift by one only.
        """
        u, v = self.edges[i]
        keep = u  # u < v

        def f(x: int) -> int:
            return keep if x == v else x

        new = []
        for j, (x, y) in enumerate(self.edges):
            if j == i:
                continue
            x, y = f(x), f(y)
            if x != y:
                new.append((x, y))
        a, b = (f(t) for t in self.terminals)
        if a == b:
            raise InputError("Contracting this edge joins the terminals: CONNECT has already won.")
        return SwitchGame(self.n, new, (a, b), self.names)

    def add_edge(self, u: int, v: int) -> "SwitchGame":
        return SwitchGame(self.n, self.edges + ((u, v),), self.terminals, self.names)

    # ------------------------------------------------------------------ inputs
    @classmethod
    def parse(cls, text: str, terminals, n: int | None = None) -> "SwitchGame":
        """A game from ``"0-1,0-1,1-2"`` (repeated pairs are parallel edges).

        >>> SwitchGame.parse("0-1, 1-2", (0, 2)).m
        2
        >>> SwitchGame.parse("0-1", (0, 5))
        Traceback (most recent call last):
        ...
        verify.errors.InputError: Terminal 5 is not a vertex of a 2-vertex graph.
        >>> SwitchGame.parse("0-x", (0, 1))
        Traceback (most recent call last):
        ...
        verify.errors.InputError: Vertex 'x' is not a non-negative integer.
        """
        pairs = []
        text = text.strip()
        for part in text.split(",") if text else []:
            ends = part.split("-")
            if len(ends) != 2:
                raise InputError(f"Edge {part.strip()!r} is not of the form U-V.")
            pairs.append(tuple(_vertex(x) for x in ends))
        terms = tuple(_vertex(t) if isinstance(t, str) else t for t in terminals)
        if n is None:  # the vertices are those the edges name
            n = 1 + max((x for e in pairs for x in e), default=-1)
        return cls(n, pairs, terms)

    @classmethod
    def from_json(cls, data: dict, terminals=None) -> "SwitchGame":
        """A game from ``{"n": 3, "edges": [[0,1],[0,1],[1,2]], "terminals": [0, 2]}``."""
        if not isinstance(data, dict) or "edges" not in data:
            raise InputError('The JSON must be an object with "edges" (and "terminals", optionally "n").')
        terms = terminals if terminals is not None else data.get("terminals")
        if terms is None:
            raise InputError('The JSON has no "terminals"; give --terminals A B.')
        edges = data["edges"]
        if not isinstance(edges, list):
            raise InputError('"edges" must be a list of pairs.')
        n = data.get("n")
        if n is None:
            n = 1 + max([x for e in edges for x in e if isinstance(x, int)] + [t for t in terms if isinstance(t, int)], default=-1)
        return cls(n, [tuple(e) if isinstance(e, list) else e for e in edges], tuple(terms))

    def to_json(self) -> dict:
        return {"n": self.n, "edges": [list(e) for e in self.edges], "terminals": list(self.terminals)}


def _vertex(tok: str) -> int:
    tok = str(tok).strip()
    if not (tok.isascii() and tok.isdigit()):
        raise InputError(f"Vertex {tok!r} is not a non-negative integer.")
    return int(tok)


def load_switch_json(path: str, terminals=None) -> SwitchGame:
    """Read a JSON file (see :meth:`SwitchGame.from_json`), refusing what
    :func:`verify.formats.read_json_file` refuses (folders, devices, binary, huge or
    deeply nested files)."""
    from ...formats import read_json_file

    return SwitchGame.from_json(read_json_file(path, "a JSON switching game"), terminals)


def gale(k: int) -> SwitchGame:
    """The ``k x (k+1)`` Gale / Bridg-It board as a switching game (see the module docstring).

    Terminals are ``0`` (left column) and ``1`` (right column); dot ``(r, c)`` of an
    interior column is vertex ``2 + r*(k-1) + (c-1)``.

    >>> gale(1).edges
    ((0, 1),)
    >>> g = gale(2); g.n, g.m
    (4, 5)
    >>> gale(0)
    Traceback (most recent call last):
    ...
    verify.errors.InputError: A Gale board needs K >= 1, not 0.
    """
    if not isinstance(k, int) or isinstance(k, bool):
        raise InputError(f"A Gale board size must be an integer, not {k!r}.")
    if k < 1:
        raise InputError(f"A Gale board needs K >= 1, not {k}.")
    if k > GALE_MAX_K:
        raise InputError(f"A Gale board with K = {k} is too large (at most K = {GALE_MAX_K}).")

    def dot(r: int, c: int) -> int:
        if c == 0:
            return 0
        if c == k:
            return 1
        return 2 + r * (k - 1) + (c - 1)

    edges = []
    for r in range(k):
        for c in range(k):
            edges.append((dot(r, c), dot(r, c + 1)))
    for c in range(1, k):
        for r in range(k - 1):
            edges.append((dot(r, c), dot(r + 1, c)))
    names = ("A", "B") + tuple(f"{r},{c}" for r in range(k) for c in range(1, k))
    return SwitchGame(2 + k * (k - 1), edges, (0, 1), names)
