"""Graph concepts of TSD §4–5 (threat, support, surround), straight from the definitions.

Every concept here is computed in two independent ways so that a harness can compare
them: once *from the definition* of [1]_, and once from the *characterisation* the
paper proves for it.  The definitions (vertex sets ``A``, ``B`` terminal-free and
disjoint, ``B`` non-empty):

* ``A`` **threatens** ``B`` when ``G − A ∗ B = G − A − B`` (§4, Definition);
* ``A`` **supports** ``B`` when ``G ∗ A − B = G ∗ A ∗ B`` (§4, Definition);
* ``w`` **surrounds** ``U`` (``w ∉ U``) when ``Γ(U) ⊆ Γ[w]`` (§4, Definition before
  Theorem 7); an edge ``vw`` is **transverse** when ``w`` surrounds a terminal-free
  set containing ``v`` (§5, Definition before Theorem 14);
* ``g(B)`` is the set of neighbours of ``B`` adjacent to all other neighbours of ``B``
  (Theorem 7(ii)); ``T(v)`` is the number of triangles containing ``v`` (§2.1).

Terminals can neither threaten nor support nor be threatened or supported: a terminal
in ``A`` or ``B`` is an :class:`~verify.errors.InputError`, as is ``A ∩ B ≠ ∅``.
Graph equality is :class:`~verify.game.Game` equality (same vertex set, edge set and
terminals).

The characterisations, kept as separate functions:

* :func:`threatens_thm7` — Theorem 7(i): ``A`` threatens a connected ``B`` iff
  ``Γ(B) ∖ A`` is a clique; a disconnected ``B`` per connected component (Lemma 3).
* :func:`supports_thm7` — Theorem 7(ii): ``A`` supports a connected ``B`` iff
  ``Γ(B) ∖ g(B) ⊆ Γ(A)``; a disconnected ``B`` per connected component of ``G[B]``
  (Lemma 3).
* :func:`surrounds_walks` — Corollary I of Theorem 14: ``w`` surrounds ``v`` iff
  ``A²(v, w) = d(v) − A(v, w)``.
* :func:`threatened_by_thm8` — Theorem 8 (a sufficient condition for a threat by a
  set of neighbours, from 2-walks and the triangle number).
* :func:`g_set_walks` — the remark after Theorem 7: ``g(b) = Γ(b) ∩ {u : A²(u, b) =
  d(b) − 1}``.

Vertex sets are given as an iterable of labels or as a single label, as for
:meth:`Game.delete <verify.game.Game.delete>`.  Functions that enumerate vertex sets
(:func:`clique_cutset_sets`, :func:`has_supporting_set`) are exponential and refuse
graphs with more than :data:`ENUMERATION_MAX_N` vertices.

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game",
   arXiv:1210.7985, §2.1, §4 and §5.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from functools import lru_cache
from itertools import combinations

import networkx as nx

from .dead.theorems import surrounded_set
from .errors import InputError
from .game import Game, bits, components, popcount

__all__ = [
    "ENUMERATION_MAX_N",
    "threatens",
    "supports",
    "surrounds",
    "g_set",
    "triangle_number",
    "walks",
    "walk_count",
    "corollary_ii_pairs",
    "simplicial_vertices",
    "clique_cutset_sets",
    "transverse_edges",
    "articulation_vertices",
    "has_supporting_set",
    "threatens_thm7",
    "supports_thm7",
    "surrounds_walks",
    "threatened_by_thm8",
    "g_set_walks",
]

Vertex = Hashable
VertexSet = Vertex | Iterable[Vertex]

#: Largest number of vertices for which vertex sets are enumerated exhaustively.
ENUMERATION_MAX_N = 20


# ----------------------------------------------------------------- helpers
def _as_list(vs: VertexSet) -> list:
    """A single label or an iterable of labels, as a list (strings are single labels)."""
    if type(vs) in (list, tuple, set, frozenset):
        return list(vs)
    if isinstance(vs, (str, bytes)) or not isinstance(vs, Iterable):
        return [vs]
    return list(vs)


def _mask(game: Game, vs: VertexSet) -> int:
    """Bitmask of a vertex set; unknown labels are an :class:`InputError`."""
    return game.mask(_as_list(vs))


def _closed(game: Game, i: int) -> int:
    return game.adjacency[i] | (1 << i)


def _nbhd(game: Game, s: int) -> int:
    """Γ(S) as a bitmask."""
    return _boundary(game.adjacency, s)


def _boundary(adj, s: int) -> int:
    """Γ(S) as a bitmask, for the bitmask adjacency ``adj``: the neighbours of S outside S."""
    out = 0
    for i in bits(s):
        out |= adj[i]
    return out & ~s


def _is_clique(game: Game, s: int) -> bool:
    return all(_closed(game, i) & s == s for i in bits(s))


def _components(game: Game, s: int) -> list[int]:
    """Connected components of the induced subgraph ``G[S]``, as bitmasks."""
    return components(game.adjacency, s)


def _is_connected(game: Game, s: int) -> bool:
    return s != 0 and len(_components(game, s)) == 1


def _terminal_mask(game: Game) -> int:
    t1, t2 = game.terminal_indices
    return (1 << t1) | (1 << t2)


def _check_pair(game: Game, a: VertexSet, b: VertexSet, verb: str) -> tuple[list, list]:
    """Validate ``A``, ``B`` for threat/support; return them as label lists."""
    la, lb = _as_list(a), _as_list(b)
    ma, mb = game.mask(la), game.mask(lb)
    for name, vs in (("A", la), ("B", lb)):
        for v in vs:
            if game.is_terminal(v):
                raise InputError(f"Terminal {v!r} is in {name}; terminals can neither {verb} nor be {verb}ed.")
    if not mb:
        raise InputError(f"B is empty; name at least one vertex to be {verb}ed.")
    common = ma & mb
    if common:
        raise InputError(f"A and B must be disjoint, but both contain {game.labels_of(common)[0]!r}.")
    return la, lb


def _check_masks(game: Game, a: VertexSet, b: VertexSet, verb: str) -> tuple[int, int]:
    """:func:`_check_pair`, returning the bitmasks of ``A`` and ``B`` (the checks on the
    masks; any problem is reported by :func:`_check_pair` itself, with its message)."""
    la, lb = _as_list(a), _as_list(b)
    ma, mb = game.mask(la), game.mask(lb)
    if not mb or ma & mb or (ma | mb) & _terminal_mask(game):
        _check_pair(game, la, lb, verb)  # raises the InputError that names the problem
    return ma, mb


def _short_in_place(adj: list[int], m: int) -> None:
    """Short the vertices of ``m`` one after another in the bitmask adjacency ``adj``
    (each shorted vertex's neighbourhood becomes a clique and it loses every edge), the
    operation :meth:`Game.short <verify.game.Game.short>` performs before relabelling."""
    for v in bits(m):
        nb = adj[v]
        drop = ~(1 << v)
        for u in bits(nb):
            adj[u] = (adj[u] | (nb & ~(1 << u))) & drop
        adj[v] = 0


def _short_equals_delete(adj: list[int], mb: int, keep: int) -> bool:
    """``H ∗ B = H − B`` for the graph ``H`` with bitmask adjacency ``adj`` on the vertices
    ``keep ∪ B`` (``keep`` = the vertices left afterwards): both sides have the vertex set
    ``keep``, so the two graphs are equal exactly when their adjacency rows agree on it.

    Only the rows of ``Γ(B)`` are compared: shorting ``B`` changes no other row of
    ``keep`` (it adds edges inside the neighbourhood of each component of ``B`` and drops
    the columns of ``B``, which ``keep`` masks out on both sides)."""
    if not mb & (mb - 1):  # one vertex v: _short_in_place's update of each row u of Γ(v), inline
        v = mb.bit_length() - 1
        nb = adj[v]
        for u in bits(nb & keep):
            row = adj[u]
            if (row | nb) & ~(1 << u) & keep != row & keep:  # the column of v is outside keep
                return False
        return True
    shorted = list(adj)
    _short_in_place(shorted, mb)
    touched = 0
    for v in bits(mb):
        touched |= adj[v]
    return all(shorted[i] & keep == adj[i] & keep for i in bits(touched & keep))


def short_equals_delete(adj, alive: int, mb: int) -> bool:
    """``H ∗ B = H − B`` for the graph ``H`` with bitmask adjacency ``adj`` on the vertex
    set ``alive`` (``B ⊆ alive`` a bitmask, unchecked; conventions of :func:`threat_masks`,
    of which this is the case ``A = ∅``)."""
    return _short_equals_delete(adj, mb, alive & ~mb)


def threat_masks(adj, alive: int, ma: int, mb: int) -> bool:
    """``A`` threatens ``B`` in the graph ``H`` with bitmask adjacency ``adj`` on the
    vertex set ``alive`` (``H − A ∗ B = H − A − B``), all sets as bitmasks, unchecked.

    The routine behind :func:`threatens`, for harnesses that enumerate many sets: no
    validation and no labels.  ``A`` and ``B`` are disjoint subsets of ``alive`` and
    no row of ``adj`` has a bit outside ``alive`` (a graph ``G − X`` or ``G ∗ X`` kept
    on the index space of ``G``: rows and columns of ``X`` cleared).
    """
    rows = [x & ~ma for x in adj] if ma else adj  # H − A
    return _short_equals_delete(rows, mb, alive & ~ma & ~mb)


def support_masks(adj, alive: int, ma: int, mb: int) -> bool:
    """``A`` supports ``B`` in the graph ``H`` with bitmask adjacency ``adj`` on the vertex
    set ``alive`` (``H ∗ A − B = H ∗ A ∗ B``), all sets as bitmasks, unchecked; the
    routine behind :func:`supports`, with the conventions of :func:`threat_masks`."""
    return _short_equals_delete(_shorted(adj, ma) if ma else adj, mb, alive & ~ma & ~mb)


def _shorted(adj, ma: int):
    """``H ∗ A`` as bitmask rows (remembered for the last few thousand tuple adjacencies)."""
    if type(adj) is tuple:
        return _shorted_cached(adj, ma)
    rows = list(adj)
    _short_in_place(rows, ma)
    return rows


@lru_cache(maxsize=1 << 12)
def _shorted_cached(adj: tuple, ma: int) -> tuple:
    rows = list(adj)
    _short_in_place(rows, ma)
    return tuple(rows)


# ------------------------------------------------- families of sets A at once
@lru_cache(maxsize=1 << 10)
def set_family(free: tuple, n: int) -> tuple:
    """The bitset encoding of "every ``A ⊆ free`` at once", per vertex index.

    A family of vertex sets ``A ⊆ free`` is an integer with bit ``r`` set for each
    member, ``r`` the relative mask of ``A`` (bit ``i`` of ``r`` for ``free[i]``).
    Entry ``x`` of the returned tuple (``x < n``) is the family of the sets that
    contain ``x`` (0 when ``x`` is not in ``free``, e.g. a terminal), so ``f[u] | f[w]``
    is "``A`` meets ``{u, w}``" and ``~f[u]`` is "``u ∉ A``".
    """
    size = 1 << len(free)
    out = [0] * n
    for i, x in enumerate(free):
        block = ((1 << (1 << i)) - 1) << (1 << i)  # the r with bit i in a run of 2^(i+1)
        m = 0
        for start in range(0, size, 1 << (i + 1)):
            m |= block << start
        out[x] = m
    return tuple(out)


def _avoiding(fam: tuple, mb: int) -> int:
    """The sets (a family over ``free``) that contain no vertex of ``mb``."""
    meet = 0
    for i in bits(mb):
        meet |= fam[i]
    return ~meet


def threat_family(adj, alive: int, mb: int, free: tuple) -> int:
    """Every ``A ⊆ free`` disjoint from ``B`` that threatens ``B``, as a family (see
    :func:`set_family`), in the graph ``H`` with bitmask adjacency ``adj`` on ``alive``
    (conventions of :func:`threat_masks`; ``free`` holds vertices of ``alive``).

    The definition ``H − A ∗ B = H − A − B`` for all ``A`` at once: deleting ``A`` and
    shorting ``B`` commute (disjoint sets), and deleting ``A`` removes the rows and
    columns of ``A`` from both sides, so the two graphs agree exactly when every edge
    of ``H ∗ B`` that ``H − B`` lacks has an end in ``A``.  ``H ∗ B`` is built by
    :func:`_short_in_place`, as :func:`threat_masks` does.
    """
    fam = set_family(free, len(adj))
    shorted = list(adj)
    _short_in_place(shorted, mb)  # H ∗ B
    keep = alive & ~mb
    touched = 0
    for v in bits(mb):
        touched |= adj[v]
    out = _avoiding(fam, mb)
    for u in bits(touched & keep):  # no other row changes (see _short_equals_delete)
        fu = fam[u]
        for w in bits((shorted[u] ^ adj[u]) & keep):
            out &= fu | fam[w]
    return out & ((1 << (1 << len(free))) - 1)


def shorted_edge_families(adj, alive: int, free: tuple) -> dict:
    """For every pair ``u < v`` of ``alive``, the sets ``S ⊆ free ∖ {u, v}`` for which
    ``uv`` is an edge of ``H ∗ S``, as families (see :func:`set_family`), in the graph
    ``H`` with bitmask adjacency ``adj`` on ``alive`` (conventions of :func:`threat_masks`).

    Shorting the vertices of ``S`` one by one (:func:`_short_in_place`) joins ``u`` and
    ``v`` exactly when ``H`` has a ``u``–``v`` path whose inner vertices all lie in ``S``
    (each short replaces the paths through a vertex by edges between its neighbours), so
    the families come from one bit-parallel search per ``u``: the sets reaching ``w``
    (``w ∈ S``) grow along edges until nothing changes.

    Returns
    -------
    dict
        ``(1 << u) | (1 << v) -> family`` for the pairs ``u < v`` in ``alive`` whose
        family is not empty (bits of sets meeting ``{u, v}`` are cleared).
    """
    fam = set_family(free, len(adj))
    full = (1 << (1 << len(free))) - 1
    inner = [i for i in free if alive >> i & 1]
    out = {}
    for u in bits(alive):
        reach = {w: (fam[w] if adj[u] >> w & 1 else 0) for w in inner if w != u}  # sets with a u–w path, w ∈ S
        changed = True
        while changed:
            changed = False
            for w, r in reach.items():
                grow = r
                for y in bits(adj[w]):
                    ry = reach.get(y)
                    if ry is not None:
                        grow |= ry
                grow &= fam[w]
                if grow != r:
                    reach[w] = grow
                    changed = True
        for v in bits(alive >> (u + 1) << (u + 1)):
            e = full if adj[u] >> v & 1 else 0
            for w in bits(adj[v]):
                if w != v and w in reach:
                    e |= reach[w]
            e &= ~fam[u] & ~fam[v] & full
            if e:
                out[(1 << u) | (1 << v)] = e
    return out


def supporter_families(edges: dict, mb: int, free: tuple, n: int) -> dict:
    """Every ``A ⊆ free`` disjoint from ``B ∪ X`` that supports ``B`` in ``H − X``, as a
    family (see :func:`set_family`), for ``X = ∅`` and for every single vertex ``X = {x}``,
    ``x ∈ free ∖ B``: ``{0: family in H, 1 << x: family in H − x}``, from the families
    ``edges`` of :func:`shorted_edge_families` of ``H`` (``n`` = len of ``H``'s adjacency).

    The definition ``H ∗ A − B = H ∗ A ∗ B`` with ``H ∗ A ∗ B = H ∗ (A ∪ B)``: both
    graphs live on the vertices outside ``A ∪ B``, and the second has every edge of the
    first, so they agree exactly when no pair ``u, v`` outside ``A ∪ B`` is an edge of
    ``H ∗ (A ∪ B)`` but not of ``H ∗ A``; ``A ∪ B`` is ``A`` shifted by ``B``'s relative
    mask (disjoint sets).  In ``H − x`` a path with inner vertices in ``A ∪ B`` avoids
    ``x`` anyway, so the same families serve, over the pairs without ``x``.

    Parameters
    ----------
    edges : dict
        :func:`shorted_edge_families` of ``H``.
    mb : int
        The supported set ``B`` (non-empty bitmask).
    free : tuple of int
        The vertices the sets ``A`` range over (as in ``edges``).
    n : int
        The number of rows of ``H``'s adjacency.

    Returns
    -------
    dict
        ``0`` and ``1 << x`` (``x ∈ free ∖ B``) -> family.
    """
    fam = set_family(free, n)
    full = (1 << (1 << len(free))) - 1
    rb = _relative(mb, free)
    bad = []  # (the pair as a mask, the sets A for which it breaks support)
    for pair, e in edges.items():
        if not pair & mb:
            b = (e >> rb) & ~e & full
            if b:
                bad.append((pair, b))
    out = {}
    for x in [0] + [1 << i for i in free if not mb >> i & 1]:
        hit = 0
        for pair, b in bad:
            if not pair & x:
                hit |= b
        out[x] = _avoiding(fam, mb | x) & ~hit & full
    return out


def _relative(m: int, free: tuple) -> int:
    """The vertices of the mask ``m`` as positions in ``free`` (bit j for ``free[j]``)."""
    out = 0
    for j, i in enumerate(free):
        if m >> i & 1:
            out |= 1 << j
    return out


def supporter_family(edges: dict, mb: int, free: tuple, n: int) -> int:
    """Every ``A ⊆ free`` disjoint from ``B`` that supports ``B`` in ``H``, as a family
    (see :func:`set_family`): the entry ``0`` of :func:`supporter_families` alone (same
    argument: no pair outside ``A ∪ B`` is an edge of ``H ∗ (A ∪ B)`` but not of
    ``H ∗ A``), without the families in ``H − x``."""
    fam = set_family(free, n)
    full = (1 << (1 << len(free))) - 1
    rb = _relative(mb, free)
    hit = 0
    for pair, e in edges.items():
        if not pair & mb:
            hit |= (e >> rb) & ~e
    return _avoiding(fam, mb) & ~hit & full


def threat7_family(adj, mb: int, free: tuple) -> int:
    """Every ``A ⊆ free`` disjoint from ``B`` that threatens ``B`` by Theorem 7(i)
    (``Γ(Bᵢ) ∖ A`` a clique for each component ``Bᵢ`` of ``G[B]``, as
    :func:`threatens_thm7`), as a family (see :func:`set_family`): ``A`` must meet
    every non-adjacent pair of ``Γ(Bᵢ)``."""
    fam = set_family(free, len(adj))
    out = _avoiding(fam, mb)
    for c in components(adj, mb):
        nb = _boundary(adj, c)
        for u in bits(nb):
            fu = fam[u]
            for w in bits(nb & ~adj[u] & ~(1 << u)):
                out &= fu | fam[w]
    return out & ((1 << (1 << len(free))) - 1)


def g_set_mask(adj, mb: int) -> int:
    """``g(B)`` as a bitmask (see :func:`g_set`): the neighbours of ``B`` adjacent to all
    other neighbours of ``B``."""
    nb = _boundary(adj, mb)
    out = 0
    for i in bits(nb):
        if nb & ~(adj[i] | (1 << i)) == 0:
            out |= 1 << i
    return out


def g_set_walks_mask(adj: tuple, b: int) -> int:
    """``g(b)`` from 2-walks as a bitmask (see :func:`g_set_walks`); ``adj`` a tuple."""
    d = adj[b].bit_count()
    row = _walk_row_cached(adj, b, 2)
    out = 0
    for u in bits(adj[b]):
        if row[u] == d - 1:
            out |= 1 << u
    return out


def support7_family(adj, mb: int, free: tuple) -> int:
    """Every ``A ⊆ free`` disjoint from ``B`` that supports ``B`` by Theorem 7(ii)
    (``Γ(Bᵢ) ∖ g(Bᵢ) ⊆ Γ(A)`` for each component, as :func:`supports_thm7`), as a
    family (see :func:`set_family`): for each such vertex ``x``, ``x ∉ A`` and ``A``
    contains a neighbour of ``x``."""
    fam = set_family(free, len(adj))
    out = _avoiding(fam, mb)
    for c in components(adj, mb):
        nb = _boundary(adj, c)
        for x in bits(nb & ~g_set_mask(adj, c)):
            near = 0
            for a in bits(adj[x]):
                near |= fam[a]
            out &= near & ~fam[x]
    return out & ((1 << (1 << len(free))) - 1)


def thm8_masks(adj: tuple, vi: int, ms: int, shift: int = 0) -> bool:
    """Theorem 8's condition on bitmasks (see :func:`threatened_by_thm8`, which checks
    its arguments and calls this): ``adj`` a tuple, ``vi`` the vertex, ``ms`` the set."""
    d, n = adj[vi].bit_count(), ms.bit_count()
    r = d - n - shift
    triangles = sum((adj[j] & adj[vi]).bit_count() for j in bits(adj[vi])) // 2
    x_n = triangles - r * (r - 1) // 2
    m = sum((adj[i] & ms).bit_count() for i in bits(ms)) // 2
    row = _walk_row_cached(adj, vi, 2)
    return sum(row[i] for i in bits(ms)) == x_n + m


def has_supporting_set_masks(adj, alive: int, free: int, i: int) -> bool:
    """Some ``A ⊆ free ∖ {i}`` supports ``{i}`` (bitmasks, unchecked; the routine behind
    :func:`has_supporting_set`, smallest sets first)."""
    mb = 1 << i
    return any(support_masks(adj, alive, s, mb) for s in _subsets(free & ~mb))


def _walk_row(game: Game, i: int, k: int) -> list[int]:
    """Row ``i`` of ``A^k``: the number of ``k``-walks from vertex ``i`` to each vertex."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise InputError(f"The walk length must be a non-negative integer, not {k!r}.")
    return list(_walk_row_cached(game.adjacency, i, k))


@lru_cache(maxsize=1 << 14)
def _walk_row_cached(adj: tuple, i: int, k: int) -> tuple:
    """Row ``i`` of ``A^k`` for the bitmask adjacency ``adj``: each step sends the walk
    count of every vertex to each of its neighbours (remembered per adjacency)."""
    n = len(adj)
    row = [0] * n
    row[i] = 1
    for _ in range(k):
        new = [0] * n
        for l, count in enumerate(row):
            if count:
                for j in bits(adj[l]):
                    new[j] += count
        row = new
    return tuple(row)


def _subsets(mask: int, max_size: int | None = None) -> Iterator[int]:
    """Every sub-mask of ``mask``, smallest first (at most ``max_size`` bits)."""
    idx = list(bits(mask))
    top = len(idx) if max_size is None else min(max_size, len(idx))
    for r in range(top + 1):
        for combo in combinations(idx, r):
            s = 0
            for i in combo:
                s |= 1 << i
            yield s


def _check_enumerable(game: Game, what: str) -> None:
    if game.n > ENUMERATION_MAX_N:
        raise InputError(
            f"{what} enumerates vertex sets and is limited to {ENUMERATION_MAX_N} vertices; "
            f"this graph has {game.n}."
        )


# -------------------------------------------------------------- definitions
def threatens(game: Game, a: VertexSet, b: VertexSet) -> bool:
    """True when ``A`` threatens ``B``: ``G − A ∗ B = G − A − B`` (TSD §4, Definition).

    ``A`` and ``B`` are terminal-free and disjoint; ``B`` is non-empty, ``A`` may be
    empty (the empty set threatens ``B`` when ``G ∗ B = G − B``).

    Parameters
    ----------
    game : Game
    a, b : label or iterable of labels
        The threatening set ``A`` and the threatened set ``B``.

    Raises
    ------
    InputError
        If ``A`` or ``B`` contains a terminal or an unknown vertex, ``A ∩ B ≠ ∅``, or
        ``B`` is empty.

    Examples
    --------
    A vertex of degree 2 is threatened by each of its neighbours (TSD §4, Examples):

    >>> g = Game.from_edges("0-2,2-3,3-1,2-4,4-1", terminals=(0, 1))
    >>> threatens(g, 2, 4), threatens(g, [], 4)
    (True, False)
    """
    ma, mb = _check_masks(game, a, b, "threaten")
    return threat_masks(game.adjacency, (1 << game.n) - 1, ma, mb)


def supports(game: Game, a: VertexSet, b: VertexSet) -> bool:
    """True when ``A`` supports ``B``: ``G ∗ A − B = G ∗ A ∗ B`` (TSD §4, Definition).

    Same validity rules as :func:`threatens`.

    Examples
    --------
    A vertex of degree 2 is supported by a vertex with two 2-walks to it:

    >>> g = Game.from_edges("0-2,0-3,2-4,3-4,2-5,3-5,5-1", terminals=(0, 1))
    >>> supports(g, 5, 4), supports(g, [], 4), supports(g, 4, 5)
    (True, False, False)
    """
    ma, mb = _check_masks(game, a, b, "support")
    return support_masks(game.adjacency, (1 << game.n) - 1, ma, mb)


def surrounds(game: Game, w: Vertex, u: VertexSet) -> bool:
    """True when ``w`` surrounds ``U``: ``Γ(U) ⊆ Γ[w]`` (TSD §4, Definition).

    ``U`` is a non-empty vertex set not containing ``w``; terminals are allowed on
    either side (Theorem 16 uses a surrounding terminal).

    Examples
    --------
    >>> g = Game.from_edges("0-2,2-3,3-1,2-4,3-4", terminals=(0, 1))
    >>> surrounds(g, 2, 4), surrounds(g, 2, 3), surrounds(g, 4, 2)
    (True, False, False)
    """
    wi = game.index(w)
    mu = _mask(game, u)
    if not mu:
        raise InputError("U is empty; name at least one vertex to be surrounded.")
    if mu >> wi & 1:
        raise InputError(f"{w!r} is in U; a vertex surrounds only sets that do not contain it.")
    return _nbhd(game, mu) & ~_closed(game, wi) == 0


def g_set(game: Game, b: VertexSet) -> set:
    """``g(B)``: the neighbours of ``B`` adjacent to all other neighbours of ``B``.

    Defined in TSD Theorem 7(ii).  ``B`` is a non-empty vertex set (terminals are
    allowed; it is a purely graph-theoretic notion).

    Examples
    --------
    >>> g = Game.from_edges("0-2,2-3,3-1,2-4,3-4", terminals=(0, 1))
    >>> sorted(g_set(g, 4)), sorted(g_set(g, 2))
    ([2, 3], [])
    """
    mb = _mask(game, b)
    if not mb:
        raise InputError("B is empty; g(B) needs at least one vertex.")
    return set(game.labels_of(g_set_mask(game.adjacency, mb)))


def triangle_number(game: Game, v: Vertex) -> int:
    """``T(v)``, the number of triangles containing ``v`` (TSD §2.1).

    Examples
    --------
    >>> triangle_number(Game.from_edges("0-2,0-3,2-3,2-1,3-1", terminals=(0, 1)), 2)
    2
    """
    i = game.index(v)
    adj = game.adjacency
    return sum(popcount(adj[j] & adj[i]) for j in bits(adj[i])) // 2


def walks(game: Game, k: int) -> list[list[int]]:
    """``A^k``: entry ``[i][j]`` is the number of ``k``-walks from vertex ``i`` to ``j``.

    Rows and columns follow :attr:`Game.vertices <verify.game.Game.vertices>` (the
    internal order); plain Python integers, exact for any ``k ≥ 0`` (``A⁰ = I``).

    Examples
    --------
    >>> g = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))  # a 4-cycle
    >>> walks(g, 2)
    [[2, 2, 0, 0], [2, 2, 0, 0], [0, 0, 2, 2], [0, 0, 2, 2]]
    """
    return [_walk_row(game, i, k) for i in range(game.n)]


def walk_count(game: Game, u: Vertex, v: Vertex, k: int) -> int:
    """``A^k(u, v)``, the number of ``k``-walks from ``u`` to ``v``.

    Examples
    --------
    >>> g = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))
    >>> walk_count(g, 0, 1, 2), walk_count(g, 0, 2, 3)
    (2, 4)
    """
    return _walk_row(game, game.index(u), k)[game.index(v)]


def corollary_ii_pairs(game: Game, terminal_free: bool = True) -> list[tuple]:
    """Pairs ``(v, w)`` meeting the condition of Corollary II of TSD Theorem 14, eq. (2).

    ``v`` is a vertex whose closed neighbourhood ``Γ[v]`` is terminal-free, ``w ≠ v``,
    and ``A³(v, w) = Σ_{i≠w} A²(v, i)`` (every 2-walk from ``v`` not ending at ``w``
    ends on a neighbour of ``w``).  Ordered by ``v`` then ``w`` in vertex order.
    ``terminal_free=False`` drops the condition on ``Γ[v]`` (``v`` is still a
    non-terminal); the harness's weakened variant of the corollary uses it.

    Examples
    --------
    >>> g = Game.from_edges("0-2,2-1,2-3,3-4,2-4", terminals=(0, 1))
    >>> corollary_ii_pairs(g)
    [(3, 2), (4, 2)]
    """
    a2, a3 = walks(game, 2), walks(game, 3)
    out = []
    for v in game.nonterminals():
        if terminal_free and any(game.is_terminal(x) for x in game.closed_neighbours(v)):
            continue
        iv = game.index(v)
        for w in game.vertices:
            iw = game.index(w)
            if w != v and a3[iv][iw] == sum(a2[iv]) - a2[iv][iw]:
                out.append((v, w))
    return out


def simplicial_vertices(game: Game) -> set:
    """Every vertex whose open neighbourhood is a clique, terminals included.

    An isolated vertex is simplicial (the empty set is a clique).  TSD §5 (Example
    after Theorem 13) shows the *non-terminal* ones are dead; filter the terminals out
    for that use.

    Examples
    --------
    >>> sorted(simplicial_vertices(Game.from_edges("0-2,2-1,2-3", terminals=(0, 1))))
    [0, 1, 3]
    """
    return {game.label(i) for i in range(game.n) if _is_clique(game, game.adjacency[i])}


def clique_cutset_sets(game: Game) -> list[set]:
    """Every non-empty, connected, terminal-free ``U`` whose neighbourhood ``Γ(U)`` is a clique.

    These are the sets of TSD Theorem 13 (by Lemma 2(i) exactly the connected sets
    with ``G ∗ U = G − U``).  All ``2^(n−2)`` terminal-free sets are enumerated, so
    graphs with more than :data:`ENUMERATION_MAX_N` vertices are refused.  The list
    is ordered by size, then by internal vertex order.

    Examples
    --------
    >>> g = Game.from_edges("0-2,2-1,2-3,3-4", terminals=(0, 1))
    >>> clique_cutset_sets(g)
    [{4}, {3, 4}]
    """
    _check_enumerable(game, "clique_cutset_sets")
    free = ((1 << game.n) - 1) & ~_terminal_mask(game)
    out = [
        s
        for s in _subsets(free)
        if s and _is_connected(game, s) and _is_clique(game, _nbhd(game, s))
    ]
    return [set(game.labels_of(s)) for s in out]


def transverse_edges(game: Game) -> set[tuple]:
    """Edges ``vw`` where ``w`` surrounds a terminal-free set containing ``v`` (TSD §5).

    For each ``w`` (terminal or not) the largest terminal-free ``U ∌ w`` with
    ``Γ(U) ⊆ Γ[w]`` is found as a greatest fixed point
    (:func:`verify.dead.theorems.surrounded_set`; surrounded sets are closed under
    union, so every transverse edge at ``w`` goes to that set).  Pairs are in the
    order of :meth:`Game.edges <verify.game.Game.edges>`.

    Examples
    --------
    >>> g = Game.from_edges("0-2,2-3,3-1,2-4,3-4", terminals=(0, 1))
    >>> sorted(transverse_edges(g))
    [(2, 4), (3, 4)]
    """
    out = set()
    adj = game.adjacency
    for w in range(game.n):
        for v in bits(surrounded_set(game, w) & adj[w]):
            out.add(game.edge_key(game.label(v), game.label(w)))
    return out


def articulation_vertices(game: Game) -> set:
    """The cut vertices of the graph (terminals included), via networkx.

    Examples
    --------
    >>> sorted(articulation_vertices(Game.from_edges("0-2,2-1,2-3", terminals=(0, 1))))
    [2]
    """
    return set(nx.articulation_points(game.to_networkx()))


def has_supporting_set(game: Game, v: Vertex) -> bool:
    """True when some terminal-free ``A ∌ v`` supports ``{v}`` (by the definition).

    The empty set counts (it supports ``{v}`` exactly when ``v`` is simplicial).  All
    terminal-free subsets are tried, smallest first, so graphs with more than
    :data:`ENUMERATION_MAX_N` vertices are refused.

    Examples
    --------
    >>> g = Game.from_edges("0-2,2-1,0-3", terminals=(0, 1))
    >>> has_supporting_set(g, 3), has_supporting_set(g, 2)
    (True, False)
    """
    i = game.index(v)
    if game.is_terminal(v):
        raise InputError(f"Terminal {v!r} cannot be supported.")
    _check_enumerable(game, "has_supporting_set")
    free = ((1 << game.n) - 1) & ~_terminal_mask(game) & ~(1 << i)
    return has_supporting_set_masks(game.adjacency, (1 << game.n) - 1, free, i)


# --------------------------------------------------------- characterisations
def threatens_thm7(game: Game, a: VertexSet, b: VertexSet) -> bool:
    """Theorem 7(i): ``A`` threatens ``B`` iff ``Γ(Bᵢ) ∖ A`` is a clique for each component.

    The theorem is stated for connected ``B``; for a disconnected ``B`` each connected
    component ``Bᵢ`` of ``G[B]`` is tested, as Lemma 3 prescribes.  Same validity rules
    as :func:`threatens`.

    Examples
    --------
    >>> g = Game.from_edges("0-2,2-3,3-1,2-4,4-1", terminals=(0, 1))
    >>> threatens_thm7(g, 2, 4), threatens_thm7(g, [], 4)
    (True, False)
    """
    la, lb = _check_pair(game, a, b, "threaten")
    ma, mb = game.mask(la), game.mask(lb)
    return all(_is_clique(game, _nbhd(game, c) & ~ma) for c in _components(game, mb))


def supports_thm7(game: Game, a: VertexSet, b: VertexSet) -> bool:
    """Theorem 7(ii): ``A`` supports ``B`` iff ``Γ(Bᵢ) ∖ g(Bᵢ) ⊆ Γ(A)`` for each component.

    Implemented exactly as the paper states it: ``Γ(A)`` is the open neighbourhood of
    the set ``A`` (so members of ``A`` are not in it), and a disconnected ``B`` is
    tested per connected component ``Bᵢ`` of ``G[B]`` (Lemma 3).  Same validity rules
    as :func:`supports`.

    Notes
    -----
    This disagrees with :func:`supports` (checked exhaustively for n ≤ 6 in
    ``tests/test_concepts.py``): "⇒" fails when ``A`` meets ``Γ(B)`` (path
    ``a–b–s–t``, terminals ``s, t``: ``{a}`` supports ``{b}``), "⇐" fails when ``A``
    is disconnected (path ``a1–s–b–t–a2``: ``{a1, a2}`` does not support ``{b}``).
    It agrees whenever ``A`` is connected and not adjacent to ``B``.

    Examples
    --------
    >>> g = Game.from_edges("0-2,0-3,2-4,3-4,2-5,3-5,5-1", terminals=(0, 1))
    >>> supports_thm7(g, 5, 4), supports_thm7(g, [], 4), supports_thm7(g, 4, 5)
    (True, False, False)
    """
    la, lb = _check_pair(game, a, b, "support")
    ma, mb = game.mask(la), game.mask(lb)
    gamma_a = _nbhd(game, ma)
    for c in _components(game, mb):
        g = game.mask(g_set(game, game.labels_of(c)))
        if _nbhd(game, c) & ~g & ~gamma_a:
            return False
    return True


def surrounds_walks(game: Game, w: Vertex, v: Vertex) -> bool:
    """Corollary I of Theorem 14: ``w`` surrounds ``v`` iff ``A²(v, w) = d(v) − A(v, w)``.

    ``A`` is the adjacency matrix and ``d`` the degree; ``v ≠ w``.

    Examples
    --------
    >>> g = Game.from_edges("0-2,2-3,3-1,2-4,3-4", terminals=(0, 1))
    >>> surrounds_walks(g, 2, 4), surrounds_walks(g, 2, 3)
    (True, False)
    """
    if game.index(v) == game.index(w):
        raise InputError(f"{w!r} cannot surround itself; give two different vertices.")
    a_vw = int(game.has_edge(v, w))
    return walk_count(game, v, w, 2) == game.degree(v) - a_vw


def threatened_by_thm8(game: Game, v: Vertex, s: VertexSet, shift: int = 0) -> bool:
    """Theorem 8's sufficient condition for the neighbours ``S`` to threaten ``v``.

    With ``d`` the degree of ``v``, ``n = |S|``, ``x_n(v) = T(v) − (d−n)(d−n−1)/2`` and
    ``m`` the number of edges inside ``S``: true when the total number of 2-walks from
    members of ``S`` to ``v`` equals ``x_n(v) + m``.  ``v`` must be a non-terminal and
    ``S`` a terminal-free set of neighbours of ``v`` (possibly empty).  ``shift``
    replaces ``d−n`` by ``d−n−shift`` in ``x_n`` (0 is the theorem; the harness's
    weakened variant of it uses 1).

    Examples
    --------
    >>> g = Game.from_edges("0-2,2-3,3-1,2-4,4-1", terminals=(0, 1))
    >>> threatened_by_thm8(g, 4, 2), threatened_by_thm8(g, 3, [])
    (True, False)
    """
    vi = game.index(v)
    ls = _as_list(s)
    ms = game.mask(ls)
    if game.is_terminal(v):
        raise InputError(f"Terminal {v!r} cannot be threatened.")
    for x in ls:
        if game.is_terminal(x):
            raise InputError(f"Terminal {x!r} is in S; terminals cannot threaten.")
    if ms & ~game.adjacency[vi]:
        x = game.labels_of(ms & ~game.adjacency[vi])[0]
        raise InputError(f"{x!r} is not a neighbour of {v!r}; Theorem 8 is about sets of neighbours.")
    return thm8_masks(game.adjacency, vi, ms, shift)


def g_set_walks(game: Game, b: Vertex) -> set:
    """``g(b)`` from 2-walks: ``Γ(b) ∩ {u : A²(u, b) = d(b) − 1}`` (remark after Theorem 7).

    Examples
    --------
    >>> g = Game.from_edges("0-2,2-3,3-1,2-4,3-4", terminals=(0, 1))
    >>> sorted(g_set_walks(g, 4)), sorted(g_set_walks(g, 2))
    ([2, 3], [])
    """
    return set(game.labels_of(g_set_walks_mask(game.adjacency, game.index(b))))


# ----------------------------------------- shorted-edge families packed in one integer
def packed_edge_families(edges: dict, free: tuple, n: int) -> tuple:
    """The families of :func:`shorted_edge_families` packed into one integer, one block
    of ``2^k`` bits per pair (``k = len(free)``), for :func:`packed_threat_family` and
    :func:`packed_supporter_family`, which then treat every pair at once.

    Returns ``(E, width, blocks, ones, touch, pf)``: ``E`` the packed families (pair
    ``p`` in bits ``[p·width, (p+1)·width)``), ``width = 2^k``, ``blocks`` a power of two
    at least the number of pairs, ``ones`` bit ``p·width`` for every pair, ``touch[v]``
    the blocks of the pairs containing ``v`` (all bits), and ``pf[p]`` the sets meeting
    pair ``p`` (a family, see :func:`set_family`).
    """
    fam = set_family(free, n)
    width = 1 << len(free)
    block = (1 << width) - 1
    packed = ones = 0
    touch = [0] * n
    pf = []
    for p, (pair, e) in enumerate(edges.items()):
        shift = p * width
        packed |= e << shift
        ones |= 1 << shift
        u = (pair & -pair).bit_length() - 1
        v = pair.bit_length() - 1
        touch[u] |= block << shift
        touch[v] |= block << shift
        pf.append(fam[u] | fam[v])
    blocks = 1
    while blocks < len(pf):
        blocks *= 2
    return packed, width, blocks, ones, tuple(touch), tuple(pf)


def packed_threat_family(pk: tuple, avoid: int, rb: int, rx: int = 0) -> int:
    """:func:`threat_family` of ``B`` in ``H`` (``rx = 0``) or in ``H ∗ x`` (``rx`` the
    relative bit of ``x ∉ B``, see :func:`set_family`), from ``pk`` =
    :func:`packed_edge_families` of ``H`` (``avoid``: the family of the sets that avoid
    ``B``, ``_avoiding(set_family(free, n), B)``; ``rb``: the relative mask of ``B``).

    ``H ∗ x ∗ B = H ∗ (B ∪ x)``, so the edges that shorting ``B`` adds to ``H ∗ x`` are
    the pairs whose family has the set ``B ∪ x`` and not the set ``{x}`` (a pair meeting
    ``B ∪ x`` has neither: its family has no set meeting it); ``A`` threatens ``B``
    exactly when it meets each of them (as in :func:`threat_family`)."""
    packed, width, _, ones, _, pf = pk
    new = (packed >> (rb | rx)) & ~(packed >> rx) & ones
    out = avoid
    while new:
        low = new & -new
        out &= pf[(low.bit_length() - 1) // width]
        new ^= low
    return out & ((1 << width) - 1)


def packed_supporter_family(pk: tuple, avoid: int, rb: int, x: int = 0) -> int:
    """:func:`supporter_families` ``(...)[x]`` (``x = 0``: :func:`supporter_family`) of
    ``B`` from ``pk`` = :func:`packed_edge_families` (``avoid``: the family of the sets
    that avoid ``B ∪ x``; ``rb``: the relative mask of ``B``; ``x``: a single-bit mask
    outside ``B``, or 0).

    The sets ``A`` for which some pair outside ``A ∪ B`` (and ``x``) is an edge of
    ``H ∗ (A ∪ B)`` but not of ``H ∗ A``, for all pairs at once: ``(E >> rb) & ~E`` per
    block, the blocks of pairs with ``x`` cleared, then OR-ed into the first block by
    halving shifts.  Bits of sets meeting ``B`` may be wrong in a block (a shift across
    blocks, or a pair meeting ``B``: its family has no set ``A ∪ B``); ``avoid`` drops
    them."""
    packed, width, blocks, _, touch, _ = pk
    hit = (packed >> rb) & ~packed
    if x:
        hit &= ~touch[x.bit_length() - 1]
    half = blocks
    while half > 1:  # block 0 becomes the OR of blocks 0 .. 2·half − 1 (higher blocks: unread)
        half //= 2
        hit |= hit >> (half * width)
    return avoid & ~hit & ((1 << width) - 1)


def shorted_edge_families_at_once(adj, alive: int, free: tuple) -> dict:
    """:func:`shorted_edge_families`, the same dict, with the search of every start
    vertex ``u`` run at once: the families of all starts packed side by side into one
    integer per vertex ``w`` (block ``j`` for the ``j``-th vertex of ``alive``).

    The least fixed point of the same equations (``reach[w]``: the sets ``S ∋ w`` with a
    ``u``–``w`` path whose vertices after ``u`` lie in ``S``; it starts at ``fam[w]`` for
    the neighbours of ``u`` and grows by the ``reach`` of ``w``'s neighbours, within
    ``fam[w]``; ``w ≠ u``), so the same families, whatever the order of the updates.
    """
    fam, width, starts, slot, to = _reach_at_once(adj, alive, free)
    full = (1 << width) - 1
    out = {}
    for u in starts:  # in the order of shorted_edge_families
        shift = slot[u] * width
        other = ~fam[u] & full
        for v in starts:
            if v <= u:
                continue
            e = full if adj[u] >> v & 1 else (to[v] >> shift) & full
            e &= other & ~fam[v]
            if e:
                out[(1 << u) | (1 << v)] = e
    return out


def packed_meets(pk: tuple, pairs: int, out: int = -1) -> int:
    """The sets of the family ``out`` that meet every pair of ``pairs`` (one bit per
    pair, at the start of its block of :func:`packed_edge_families` ``pk``, as in
    ``(E >> c) & ones``)."""
    width, pf = pk[1], pk[5]
    while pairs:
        low = pairs & -pairs
        out &= pf[(low.bit_length() - 1) // width]
        pairs ^= low
    return out


def _reach_at_once(adj, alive: int, free: tuple) -> tuple:
    """The search of :func:`shorted_edge_families_at_once`: ``(fam, width, starts, slot,
    to)`` with ``to[v]`` the families of every start (block ``slot[u]`` for the start
    ``u``) of the sets joining ``u`` to a neighbour of ``v`` inside them."""
    n = len(adj)
    fam = set_family(free, n)
    width = 1 << len(free)
    full = (1 << width) - 1
    starts = list(bits(alive))
    inner = [i for i in free if alive >> i & 1]
    slot = {u: j for j, u in enumerate(starts)}
    ones = 0
    for j in range(len(starts)):
        ones |= 1 << (j * width)
    every = full * ones
    reach = {}
    limit = {}
    for w in inner:
        own = every & ~(full << (slot[w] * width)) if w in slot else every
        limit[w] = fam[w] * ones & own  # fam[w] in every block but w's own
        near = 0
        for u in bits(adj[w] & alive):
            near |= full << (slot[u] * width)
        reach[w] = limit[w] & near
    nbrs = {w: [y for y in bits(adj[w]) if y in reach] for w in inner}
    changed = True
    while changed:
        changed = False
        for w in inner:
            r = reach[w]
            grow = r
            for y in nbrs[w]:
                grow |= reach[y]
            grow &= limit[w]
            if grow != r:
                reach[w] = grow
                changed = True
    to = {}  # v -> the reach of v's neighbours, every start
    for v in starts:
        r = 0
        for w in bits(adj[v]):
            if w in reach:
                r |= reach[w]
        to[v] = r
    return fam, width, starts, slot, to


def packed_nonedge_families(adj, alive: int, free: tuple) -> tuple:
    """:func:`packed_edge_families` of the pairs of :func:`shorted_edge_families` that
    are not edges of ``H`` (whose family lacks the empty set), built straight from the
    search of :func:`shorted_edge_families_at_once` (the same pairs, in the same order)."""
    fam, width, starts, slot, to = _reach_at_once(adj, alive, free)
    full = (1 << width) - 1
    block = full
    packed = ones = 0
    touch = [0] * len(adj)
    pf = []
    shift = 0
    for u in starts:
        at = slot[u] * width
        other = ~fam[u] & full
        for v in starts:
            if v <= u or adj[u] >> v & 1:
                continue
            e = (to[v] >> at) & other & ~fam[v]
            if e:
                packed |= e << shift
                ones |= 1 << shift
                touch[u] |= block << shift
                touch[v] |= block << shift
                pf.append(fam[u] | fam[v])
                shift += width
    blocks = 1
    while blocks < len(pf):
        blocks *= 2
    return packed, width, blocks, ones, tuple(touch), tuple(pf)
