"""The Shannon game in the reduced-graph model.

A Shannon game is a simple graph with two designated vertices, the *terminals*.
Short colours (shorts) a vertex, Cut deletes one; Short wins when the terminals are
joined by a path of coloured vertices.  In the *reduced-graph model* of [1]_ (§2),
shorting ``v`` makes its neighbourhood a clique and deletes ``v`` (``G∗v``), cutting
deletes it (``G−v``); every position of the game is then an opening position on a
smaller graph.  Terminals are never deleted or shorted.

:class:`Game` is an immutable value: a vertex set of hashable labels, an edge set and
the terminal pair.  Two games are equal when they have the same vertex set, edge set
and terminal set, which is the notion of graph equality used in "G−A∗B = G−A−B".
Adjacency is held as one bitmask per vertex (bit ``i`` is the ``i``-th vertex of
:attr:`Game.vertices`), the representation the oracles work on.

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game",
   arXiv:1210.7985, §2.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from typing import TYPE_CHECKING

from .errors import InputError

if TYPE_CHECKING:  # networkx is imported where it is used: a Hex or edge-list query never needs it
    import networkx as nx

SHORT, CUT = "Short", "Cut"  # the two players, named once for every solver

__all__ = ["SHORT", "CUT", "Game", "bits", "popcount", "reachable", "components", "short_adjacency", "delete_adjacency"]

Vertex = Hashable


def _bits_gen(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _bits_table(width: int) -> tuple:
    table = [()]
    for m in range(1, 1 << width):
        low = m & -m
        table.append((low.bit_length() - 1,) + table[m ^ low])
    return tuple(table)


_BITS_WIDTH = 12
_BITS = _bits_table(_BITS_WIDTH)  # the set bits of every small mask, looked up (a speed-up only)
_BITS_LIMIT = 1 << _BITS_WIDTH


def bits(mask: int) -> Iterable[int]:
    """The indices of the set bits of ``mask`` in increasing order (an iterable: a tuple
    for masks below ``2**12``, a generator beyond).

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    if 0 <= mask < _BITS_LIMIT:
        return _BITS[mask]
    return _bits_gen(mask)


def popcount(mask: int) -> int:
    """Number of set bits of ``mask``.

    >>> popcount(0b1011)
    3
    """
    return mask.bit_count()


def short_adjacency(adj: tuple, v: int) -> tuple:
    """Bitmask adjacency after shorting vertex index ``v`` (``G∗v``): Γ(v) becomes a
    clique and ``v`` is removed (its row cleared).  The move kernel the solvers share.

    >>> short_adjacency((0b010, 0b101, 0b010), 1)   # path 0-1-2, short 1
    (4, 0, 1)
    """
    nb = adj[v]
    out = list(adj)
    for u in bits(nb):
        out[u] = (out[u] | nb) & ~(1 << u) & ~(1 << v)
    out[v] = 0
    return tuple(out)


def delete_adjacency(adj: tuple, v: int) -> tuple:
    """Bitmask adjacency after deleting vertex index ``v`` (``G−v``).

    >>> delete_adjacency((0b010, 0b101, 0b010), 1)
    (0, 0, 0)
    """
    nb = adj[v]
    out = list(adj)
    for u in bits(nb):
        out[u] &= ~(1 << v)
    out[v] = 0
    return tuple(out)


def reachable(adj, start: int, allowed: int) -> int:
    """Bitmask of the vertices reachable from ``start`` through ``allowed`` (``start`` included).

    >>> bin(reachable([0b010, 0b101, 0b010], 0, 0b111))
    '0b111'
    """
    seen = 1 << start
    frontier = seen
    while frontier:
        grow = 0
        while frontier:  # the set bits, lowest first (inline: this loop is the hot spot of many oracles)
            low = frontier & -frontier
            grow |= adj[low.bit_length() - 1]
            frontier ^= low
        frontier = grow & allowed & ~seen
        seen |= frontier
    return seen


def components(adj, mask: int) -> list[int]:
    """Connected components of the subgraph induced by ``mask``, as bitmasks.

    >>> components([0b010, 0b001, 0b000], 0b111)
    [3, 4]
    """
    out = []
    while mask:
        comp = reachable(adj, (mask & -mask).bit_length() - 1, mask)
        out.append(comp)
        mask &= ~comp
    return out


def _label_key(v: Vertex) -> tuple:
    """Sort key that orders ints numerically and everything else by its text."""
    if isinstance(v, bool):
        return (1, str(v))
    if isinstance(v, int):
        return (0, v)
    return (1, str(v))


_PLAIN_COLLECTIONS = (list, tuple, set, frozenset)  # vertex sets that need no further test


class Game:
    """An immutable Shannon game: a simple graph plus a terminal pair.

    Parameters
    ----------
    vertices : iterable of hashable
        The vertex labels.  Their order is kept and defines the internal index of
        each vertex (and the order of listings); duplicates are an error.
    edges : iterable of pairs
        Undirected edges between labels.  Self-loops and repeated edges are errors.
    terminals : pair of labels
        The two distinct terminals ``(t1, t2)``.

    Examples
    --------
    >>> g = Game([0, 1, 2, 3], [(0, 2), (2, 3), (3, 1)], terminals=(0, 1))
    >>> g.n, g.m, g.terminals
    (4, 3, (0, 1))
    >>> sorted(g.short(2).edges())
    [(0, 3), (1, 3)]
    >>> g.short(2) == g.delete(2)
    False
    """

    __slots__ = ("_labels", "_idx", "_adj", "_t", "_hash", "_edges", "_ti", "_hex")

    def __init__(
        self,
        vertices: Iterable[Vertex],
        edges: Iterable[tuple[Vertex, Vertex]],
        terminals: tuple[Vertex, Vertex],
    ) -> None:
        labels = tuple(vertices)
        index: dict[Vertex, int] = {}
        for i, v in enumerate(labels):
            if v in index:
                raise InputError(f"Vertex {v!r} is listed twice.")
            index[v] = i
        n = len(labels)
        adj = [0] * n
        for e in edges:
            try:
                u, v = e
            except (TypeError, ValueError):
                raise InputError(f"Edge {e!r} is not a pair of vertices.") from None
            for x in (u, v):
                if x not in index:
                    raise InputError(f"Edge {u!r}-{v!r} names {x!r}, which is not a vertex of a {n}-vertex graph.")
            if u == v:
                raise InputError(f"Edge {u!r}-{v!r} is a self-loop.")
            i, j = index[u], index[v]
            if adj[i] >> j & 1:
                raise InputError(f"Edge {u!r}-{v!r} is listed twice.")
            adj[i] |= 1 << j
            adj[j] |= 1 << i
        try:
            t1, t2 = terminals
        except (TypeError, ValueError):
            raise InputError("The terminals must be a pair of vertices.") from None
        for t in (t1, t2):
            if t not in index:
                raise InputError(f"Terminal {t!r} is not a vertex of a {n}-vertex graph.")
        if t1 == t2:
            raise InputError(f"The terminals must be two different vertices, not {t1!r} twice.")
        self._labels = labels
        self._idx = index
        self._adj = tuple(adj)
        self._t = (t1, t2)
        self._hash = None
        self._edges = None
        self._ti = None
        self._hex = None

    # ------------------------------------------------------------------ basics
    @classmethod
    def _from_masks(cls, labels: tuple, adj: tuple[int, ...], terminals: tuple, index: dict | None = None) -> "Game":
        """Build a game from trusted parts without validation (internal).  ``index``
        (label → position in ``labels``) is built when first needed unless given."""
        g = object.__new__(cls)
        g._labels = labels
        g._idx = index
        g._adj = adj
        g._t = terminals
        g._hash = None
        g._edges = None
        g._ti = None
        g._hex = None
        return g

    @property
    def _index(self) -> dict:
        """Label → internal index (built on first use)."""
        idx = self._idx
        if idx is None:
            idx = self._idx = {v: i for i, v in enumerate(self._labels)}
        return idx

    @property
    def n(self) -> int:
        """Number of vertices, terminals included."""
        return len(self._labels)

    @property
    def m(self) -> int:
        """Number of edges."""
        return sum(popcount(a) for a in self._adj) // 2

    @property
    def vertices(self) -> tuple:
        """The vertex labels in internal order."""
        return self._labels

    @property
    def terminals(self) -> tuple:
        """The terminal pair ``(t1, t2)``."""
        return self._t

    @property
    def hex_board(self):
        """The :class:`~verify.hexboard.HexBoard` this game was built from by
        :meth:`from_hexboard` / :meth:`from_hex`, or None (also for every game derived
        from it)."""
        return self._hex

    @property
    def adjacency(self) -> tuple[int, ...]:
        """Bitmask adjacency: bit ``j`` of entry ``i`` is set when vertex ``i`` ~ ``j``."""
        return self._adj

    @property
    def terminal_indices(self) -> tuple[int, int]:
        """Internal indices of the two terminals."""
        ti = self._ti
        if ti is None:
            index = self._index
            ti = self._ti = (index[self._t[0]], index[self._t[1]])
        return ti

    def index(self, v: Vertex) -> int:
        """Internal index of vertex ``v``; an :class:`InputError` if it is not a vertex."""
        idx = self._idx
        if idx is None:
            idx = self._index
        try:
            return idx[v]
        except (KeyError, TypeError):
            raise InputError(f"{v!r} is not a vertex of this {self.n}-vertex graph.") from None

    def label(self, i: int) -> Vertex:
        """Label of the vertex with internal index ``i``."""
        return self._labels[i]

    def mask(self, vs: Iterable[Vertex]) -> int:
        """Bitmask of a set of vertex labels."""
        out = 0
        for v in vs:
            out |= 1 << self.index(v)
        return out

    def labels_of(self, mask: int) -> list:
        """Labels of the vertices in a bitmask, in internal order."""
        return [self._labels[i] for i in bits(mask)]

    def is_terminal(self, v: Vertex) -> bool:
        """True when ``v`` is one of the two terminals."""
        return v in self._t

    def nonterminals(self) -> list:
        """The non-terminal vertices, in internal order."""
        return [v for v in self._labels if v not in self._t]

    def has_edge(self, u: Vertex, v: Vertex) -> bool:
        """True when ``uv`` is an edge."""
        return bool(self._adj[self.index(u)] >> self.index(v) & 1)

    def edges(self) -> list[tuple]:
        """The edges as pairs ``(u, v)`` with ``u`` before ``v`` in internal order."""
        if self._edges is None:
            out = []
            for i, a in enumerate(self._adj):
                for j in bits(a >> (i + 1)):
                    out.append((self._labels[i], self._labels[i + 1 + j]))
            self._edges = tuple(out)
        return list(self._edges)

    def edge_key(self, u: Vertex, v: Vertex) -> tuple:
        """The pair ``(u, v)`` put in internal order, the form :meth:`edges` uses."""
        return (u, v) if self.index(u) < self.index(v) else (v, u)

    def degree(self, v: Vertex) -> int:
        """Degree of ``v``."""
        return popcount(self._adj[self.index(v)])

    # ------------------------------------------------------------ neighbourhoods
    def neighbours(self, v: Vertex) -> set:
        """Open neighbourhood Γ(v).

        >>> Game.from_edges("0-2,2-3,3-1", terminals=(0, 1)).neighbours(2)
        {0, 3}
        """
        return set(self.labels_of(self._adj[self.index(v)]))

    def closed_neighbours(self, v: Vertex) -> set:
        """Closed neighbourhood Γ[v] = Γ(v) ∪ {v}."""
        return self.neighbours(v) | {v}

    def set_neighbours(self, vs: Iterable[Vertex]) -> set:
        """Open neighbourhood Γ(S) of a set: vertices outside S adjacent to a member of S."""
        s = self.mask(vs)
        out = 0
        for i in bits(s):
            out |= self._adj[i]
        return set(self.labels_of(out & ~s))

    def closed_set_neighbours(self, vs: Iterable[Vertex]) -> set:
        """Closed neighbourhood Γ[S] = Γ(S) ∪ S."""
        vs = set(vs)
        return self.set_neighbours(vs) | vs

    def is_clique(self, vs: Iterable[Vertex]) -> bool:
        """True when the vertices are pairwise adjacent (the empty set is a clique)."""
        s = self.mask(vs)
        return all((self._adj[i] | (1 << i)) & s == s for i in bits(s))

    # ------------------------------------------------------------------ moves
    def _as_set(self, vs: Vertex | Iterable[Vertex]) -> list:
        if type(vs) in _PLAIN_COLLECTIONS:
            return list(vs)
        if isinstance(vs, (str, bytes)) or not isinstance(vs, Iterable):
            return [vs]
        return list(vs)

    def _check_playable(self, vs: list) -> int:
        m = 0
        index = self.index
        t = self._t
        for v in vs:
            i = index(v)
            if v in t:
                raise InputError(f"Terminal {v!r} cannot be deleted or shorted.")
            m |= 1 << i
        return m

    def _restrict(self, adj: list[int], removed: int) -> "Game":
        """The game on the vertices outside ``removed`` with adjacency ``adj`` (rows and
        columns of ``removed`` dropped; the remaining vertices keep their order)."""
        if not removed:
            return Game._from_masks(self._labels, tuple(adj), self._t, self._idx)
        labels = list(self._labels)
        rows = list(adj)
        gone = bits(removed) if removed < _BITS_LIMIT else tuple(bits(removed))
        for r in reversed(gone):  # highest first, so the lower indices stay put
            low = (1 << r) - 1
            del labels[r], rows[r]
            # squeeze column r out: bits below r stay, bits above move down by one
            rows = [(a & low) | ((a >> 1) & ~low) for a in rows]
        return Game._from_masks(tuple(labels), tuple(rows), self._t)

    def delete(self, vs: Vertex | Iterable[Vertex]) -> "Game":
        """Cut: ``G − S``, the game with the vertices of ``S`` deleted.

        ``vs`` is a single vertex or an iterable of vertices; terminals cannot be cut.

        >>> g = Game.from_edges("0-2,2-3,3-1", terminals=(0, 1))
        >>> g.delete([2, 3]).vertices
        (0, 1)
        """
        removed = self._check_playable(self._as_set(vs))
        return self._restrict(list(self._adj), removed)

    def short(self, vs: Vertex | Iterable[Vertex]) -> "Game":
        """Short: ``G ∗ S``, each vertex of ``S`` shorted (order does not matter).

        Shorting a set makes the neighbourhood of each connected component of ``S`` a
        clique and then deletes ``S``; this is the same as shorting its vertices one
        after another.

        >>> g = Game.from_edges("0-2,2-3,3-1", terminals=(0, 1))
        >>> g.short([2, 3]).edges()
        [(0, 1)]
        """
        removed = self._check_playable(self._as_set(vs))
        adj = list(self._adj)
        for v in bits(removed):
            nb = adj[v]
            for u in bits(nb):
                adj[u] |= nb & ~(1 << u)
                adj[u] &= ~(1 << v)
            adj[v] = 0
        return self._restrict(adj, removed)

    def delete_edges(self, edges: Iterable[tuple]) -> "Game":
        """The game with the given edges removed (``G − e``)."""
        adj = list(self._adj)
        for u, v in edges:
            if not self.has_edge(u, v):
                raise InputError(f"{u!r}-{v!r} is not an edge.")
            i, j = self.index(u), self.index(v)
            adj[i] &= ~(1 << j)
            adj[j] &= ~(1 << i)
        return Game._from_masks(self._labels, tuple(adj), self._t, self._idx)

    def add_edges(self, edges: Iterable[tuple]) -> "Game":
        """The game with the given edges added (``G + e``); existing edges are kept."""
        adj = list(self._adj)
        for u, v in edges:
            i, j = self.index(u), self.index(v)
            if i == j:
                raise InputError(f"Edge {u!r}-{v!r} is a self-loop.")
            adj[i] |= 1 << j
            adj[j] |= 1 << i
        return Game._from_masks(self._labels, tuple(adj), self._t, self._idx)

    def induced(self, vs: Iterable[Vertex]) -> nx.Graph:
        """The induced subgraph G[S] as a networkx graph (terminals need not be in S)."""
        keep = set(vs)
        return self.to_networkx().subgraph(keep).copy()

    # ------------------------------------------------------------- equality
    def _key(self):
        vs = frozenset(self._labels)
        es = frozenset(frozenset(e) for e in self.edges())
        return vs, es, frozenset(self._t)

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        if self._labels == other._labels:
            # the same labels in the same order: equal edge sets are equal adjacency masks
            return self._adj == other._adj and (self._t == other._t or set(self._t) == set(other._t))
        return self._key() == other._key()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def __repr__(self) -> str:
        es = ",".join(f"{u}-{v}" for u, v in self.edges())
        return f"Game(n={self.n}, edges='{es}', terminals={self._t!r})"

    # ---------------------------------------------------------- constructors
    @classmethod
    def from_edges(
        cls,
        edges: str | Iterable[tuple],
        terminals: tuple,
        n: int | None = None,
    ) -> "Game":
        """A game from an edge list, either pairs or a string ``"0-2,2-3,3-1"``.

        Vertices are the integers ``0 .. n-1`` when ``n`` is given (isolated vertices
        allowed), otherwise every vertex named by an edge or a terminal.

        >>> Game.from_edges("0-2,2-3,3-1", terminals=(0, 1)).n
        4
        """
        from .formats import parse_edge_string

        if isinstance(edges, str):
            pairs = parse_edge_string(edges)
        else:
            pairs = [tuple(e) for e in edges]
        if n is not None:
            vs = list(range(n))
        else:
            seen = set()
            for e in pairs:
                seen.update(x for x in e if isinstance(x, Hashable))
            seen.update(x for x in terminals if isinstance(x, Hashable))
            vs = sorted(seen, key=_label_key)
        return cls(vs, pairs, terminals)

    @classmethod
    def from_graph6(cls, s: str | bytes, terminals: tuple[int, int]) -> "Game":
        """A game from a graph6 string; vertices are ``0 .. n-1``.

        >>> Game.from_graph6("CE", terminals=(0, 1)).edges()
        [(0, 3), (1, 3)]
        """
        from .formats import parse_graph6

        g = parse_graph6(s)
        return cls.from_networkx(g, terminals)

    @classmethod
    def from_hex(cls, spec: str) -> "Game":
        """A game from a Hex board (``"5x5"`` or rows like ``"..B/.W./..."``).

        See :mod:`verify.hexboard` for the conventions.
        """
        from .hexboard import HexBoard

        return cls.from_hexboard(HexBoard.parse(spec))

    @classmethod
    def from_hexboard(cls, board, stones: bool = True) -> "Game":
        """The game of a :class:`~verify.hexboard.HexBoard`: every cell a vertex, and the
        terminals ``top`` and ``bottom``; with ``stones``, Black's stones shorted and
        White's deleted (the reduced graph), else the empty board's graph.

        The game remembers the board (:attr:`hex_board`) until it is changed: a game
        derived from it (``short``, ``delete``, ``add_edges``, ...) is a plain game, so
        ``verify.dead`` answers Hex queries with its Hex dead-cell map only on games that
        really are Hex positions.

        >>> from verify.hexboard import HexBoard
        >>> g = Game.from_hexboard(HexBoard.parse("3x3"))
        >>> g.n, sorted(g.neighbours("top"))
        (11, ['a1', 'b1', 'c1'])
        >>> g.hex_board.spec(), g.delete("a1").hex_board
        ('.../.../...', None)
        """
        names, edges, terminals = board.graph()
        g = cls(names, edges, terminals)
        if stones:
            black, white = board.stones("B"), board.stones("W")
            if white:
                g = g.delete(white)
            if black:
                g = g.short(black)
        g._hex = board
        return g

    @classmethod
    def from_json(cls, data) -> "Game":
        """A game from parsed JSON ``{"n", "edges", "terminals"}`` (or ``"vertices"``
        instead of ``"n"``), checked by :func:`verify.formats.parse_game_json`.

        >>> Game.from_json({"n": 3, "edges": [[0, 2], [2, 1]], "terminals": [0, 1]}).edges()
        [(0, 2), (1, 2)]
        """
        from .formats import parse_game_json

        vertices, pairs, terms, n = parse_game_json(data)
        if vertices is not None:
            return cls(vertices, pairs, terms)
        return cls.from_edges(pairs, terminals=terms, n=n)

    @classmethod
    def from_json_file(cls, path) -> "Game":
        """A game from a JSON file (read by :func:`verify.formats.read_json_file`: every
        bad file refused in one sentence)."""
        from .formats import read_json_file

        return cls.from_json(read_json_file(path))

    @classmethod
    def from_networkx(cls, g: nx.Graph, terminals: tuple) -> "Game":
        """A game from a networkx graph (its nodes in sorted order when sortable)."""
        if g.is_directed() or g.is_multigraph():
            raise InputError("The graph must be simple and undirected.")
        nodes = list(g.nodes)
        try:
            nodes = sorted(nodes, key=_label_key)
        except TypeError:
            pass
        for u, v in g.edges:
            if u == v:
                raise InputError(f"Edge {u!r}-{v!r} is a self-loop.")
        return cls(nodes, list(g.edges), terminals)

    def to_networkx(self) -> nx.Graph:
        """The graph as a networkx ``Graph`` with ``graph['terminals']`` set.

        >>> Game.from_edges("0-1", terminals=(0, 1)).to_networkx().graph["terminals"]
        (0, 1)
        """
        import networkx as nx

        g = nx.Graph(terminals=self._t)
        g.add_nodes_from(self._labels)
        g.add_edges_from(self.edges())
        return g

    def to_graph6(self) -> str:
        """graph6 of the graph, vertices in internal order (terminals not encoded)."""
        import networkx as nx

        g = nx.Graph()
        g.add_nodes_from(range(self.n))
        g.add_edges_from((self.index(u), self.index(v)) for u, v in self.edges())
        return nx.to_graph6_bytes(g, header=False).decode().strip()

    def relabel_to_integers(self) -> "Game":
        """The same game with vertices renamed ``0 .. n-1`` in internal order."""
        return Game._from_masks(tuple(range(self.n)), self._adj, tuple(self.index(t) for t in self._t))
