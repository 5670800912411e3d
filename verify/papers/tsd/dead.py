"""TSD §5: dead vertices and dead edges (Theorems 12–16, the spectator remark).

Deadness is decided by the exact ``sat`` oracle (:mod:`verify.dead.sat`) up to n = 7
and, from n = 8, by one enumeration of every induced terminal path
(:mod:`verify.dead.allpaths`, recorded as ``dead-paths``); both search induced paths
and assume none of these theorems (TSD.T12 uses the definition itself up to n = 7).
The hypotheses are evaluated from their definitions in :mod:`verify.concepts`.

References: A. M. Steane, "Threat, support and dead edges in the Shannon game", §5.
"""

from __future__ import annotations

from itertools import combinations

from ...backing import used
from ... import concepts as _concepts
from ...concepts import clique_cutset_sets, corollary_ii_pairs, surrounds, surrounds_walks
from ...dead import allpaths, brute, classify
from ...dead import allpaths as _ALLPATHS  # the genuine module: T12's fast pass runs only while ``allpaths`` is it
from ...dead.theorems import surrounded_set
from ...game import bits, popcount, reachable
from ...registry import Tally, statement
from ...registry.routes import add_route, fast_then_plain, switch, taken
from ...solve import CUT, SHORT, FastSolver
from ._memo import PATHS, PATHS_FROM_N, dead_sets

SRC = "TSD §5"


def _dead(game):
    """(dead vertex labels, dead edges as frozensets): by the ``sat`` oracle (this module's
    ``classify``, looked up when called) below ``PATHS_FROM_N`` vertices, from there on by
    one enumeration of every induced terminal path (this module's ``allpaths``, as T12
    beyond its definition range; the same answers, :func:`._memo.dead_sets`)."""
    return dead_sets(classify, game, allpaths)


DEFINITION_MAX_N = 7  # up to here T12 uses the definition itself (``brute``: every complete colouring)
assert DEFINITION_MAX_N + 1 == PATHS_FROM_N  # T12 leaves the definition where the §5 checks take the paths
switch(PATHS, PATHS_FROM_N)
T12_FAST = switch("tsd.t12.fast", DEFINITION_MAX_N + 1)
T13_FAST = switch("tsd.t13.fast", 0)
T14C1_FAST = switch("tsd.t14c1.fast", 0)
SPEC_FAST = switch("tsd.spec.fast", 0)
_PATHS_WHAT = "dead sets from one enumeration of every induced terminal path (verify.dead.allpaths)"
add_route(("TSD.T12",), "paths", "deadness by " + _PATHS_WHAT + ", item by item", (PATHS,), ("verify.dead.allpaths",))
add_route(("TSD.T12",), "paths-fast", "the induced paths as bitmasks, all parts at once (_t12_fast)", (PATHS, T12_FAST),
          ("verify.dead.allpaths",))
add_route(("TSD.T13", "TSD.T13.EX", "TSD.T14", "TSD.T14.C1", "TSD.T14.C2", "TSD.T15", "TSD.T16", "TSD.SPEC"),
          "paths", _PATHS_WHAT, (PATHS,), ("verify.dead.allpaths",))
add_route("TSD.T13", "fast", "clique-cutset sets and simplicial vertices on index masks (_t13_fast)", (T13_FAST,))
add_route("TSD.T13", "paths-fast", "_t13_fast on " + _PATHS_WHAT, (PATHS, T13_FAST), ("verify.dead.allpaths",))
add_route("TSD.T14.C1", "fast", "pairs on index masks (_t14_c1_fast)", (T14C1_FAST,))
add_route("TSD.T14.C1", "paths-fast", "_t14_c1_fast on " + _PATHS_WHAT, (PATHS, T14C1_FAST), ("verify.dead.allpaths",))
add_route("TSD.SPEC", "fast", "no solving where G*v is G-v (_spec_fast)", (SPEC_FAST,))
add_route("TSD.SPEC", "paths-fast", "_spec_fast on " + _PATHS_WHAT, (PATHS, SPEC_FAST), ("verify.dead.allpaths",))


def _dead_by_definition(game, edges=None):
    """Dead vertices and edges of ``game``: by the definitions of §5 (this module's
    ``brute``, every complete colouring) up to ``DEFINITION_MAX_N`` vertices, beyond by
    one enumeration of every induced terminal path (this module's ``allpaths``; an item
    is live iff such a path carries it, PROJ.INDUCED_PATH), which marks all items at
    once and gives the same answers as the ``sat`` oracle used before (it asked one
    query per item; ``tests/test_tsd_dead_fast.py`` compares the two).

    Parameters
    ----------
    game : Game
    edges : list of pairs, optional
        Decide only these edges (default: all edges of ``game``).

    Returns
    -------
    (set, set)
        The dead non-terminal vertex labels, and the dead edges among ``edges`` as
        frozensets of labels.
    """
    t1, t2 = game.terminal_indices
    items = [("vertex", i) for i in range(game.n) if i != t1 and i != t2]  # the vertex items of ``items_of``
    pairs = game.edges() if edges is None else edges
    items += [("edge",) + tuple(sorted((game.index(u), game.index(v)))) for u, v in pairs]
    if not taken(PATHS, game.n):
        out = brute.classify(game, items)
        dead = [it for it, v in out.items() if v.dead]
    else:
        dead = allpaths.dead_items(game, items)
    dv = {game.label(it[1]) for it in dead if it[0] == "vertex"}
    de = {frozenset((game.label(it[1]), game.label(it[2]))) for it in dead if it[0] == "edge"}
    return dv, de


@statement(
    "TSD.T12",
    kind="thm",
    source=SRC + ", Theorem 12 and corollary",
    max_n=9,
    tier_n=6,
    reading="deadness by its definition (every complete colouring, method 'brute') for n ≤ 7, from n = 8 by "
    "enumerating every induced terminal path (an item is live iff one carries it, PROJ.INDUCED_PATH; "
    "'dead-paths', the same answers as the sat oracle). A non-edge uv is dead when uv is dead in G + uv. "
    "Corollary checked both ways: deleting all dead edges at once, and adding each dead non-edge, leaves the "
    "dead vertices unchanged.",
)
def t12(game):
    """A vertex is dead iff all its incident edges are dead; adding or deleting dead edges
    does not change which vertices are dead."""
    return fast_then_plain(T12_FAST, game, _t12_fast, _t12_plain, guard=allpaths is _ALLPATHS)


def _path_masks(adj, t1: int, t2: int) -> list[int]:
    """The vertex sets (bitmasks) of every induced ``t1``–``t2`` path of ``adj``."""
    out = []
    for path in _ALLPATHS.induced_paths(adj, t1, t2):
        m = 0
        for v in path:
            m |= 1 << v
        out.append(m)
    return out


def _union(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _t12_fast(game):
    """:func:`t12` beyond the definition range from the induced terminal paths as bitmasks
    (:mod:`verify.dead.allpaths`, as the plain check, without building games or items):
    a Tally with the plain check's count when every part holds, else None (the caller
    then runs :func:`_t12_plain`, whose failure and count up to it are reported).

    Equivalent: the live vertices are the union of the paths, the live edges their
    consecutive pairs; G minus its dead edges has the same vertices and terminals, so only
    the unions of its paths are compared.  In G + uv an induced path holding both u and v
    uses the edge uv (else uv is a chord), and one holding at most one of them is a path
    of G, induced there, and conversely; so uv is dead in G + uv iff no induced path of
    G + uv holds both (:func:`~verify.dead.allpaths.path_through_added_edge`), and then
    the paths of G + uv are those of G without both.  Records ``dead-paths``, as the
    plain check does.
    """
    used("dead-paths")
    t1, t2 = game.terminal_indices
    adj = list(game.adjacency)
    n = game.n
    nonterm = ((1 << n) - 1) & ~(1 << t1) & ~(1 << t2)
    _, live_e, masks = _ALLPATHS.live_masks(adj, t1, t2)
    live = _union(masks)
    touched = 0  # the vertices on a live edge
    for a, b in live_e:
        touched |= (1 << a) | (1 << b)
    if (live ^ touched) & nonterm:  # a vertex dead but some edge at it live, or the converse
        return None
    count = popcount(nonterm)
    pruned = list(adj)  # G minus its dead edges
    for i in range(n):
        for j in bits(adj[i] >> (i + 1)):
            j += i + 1
            if (i, j) not in live_e:
                pruned[i] &= ~(1 << j)
                pruned[j] &= ~(1 << i)
    if pruned != adj:
        count += 1
        if (_union(_path_masks(pruned, t1, t2)) ^ live) & nonterm:
            return None
    through = _ALLPATHS.path_through_added_edge
    for i in range(n):
        for j in range(i + 1, n):
            if adj[i] >> j & 1 or through(adj, t1, t2, i, j):
                continue  # an edge, or uv live in G + uv: not in the hypothesis
            count += 1
            both = (1 << i) | (1 << j)
            # no path of G + uv uses uv: its paths are those of G without both u and v
            if (_union(m for m in masks if m & both != both) ^ live) & nonterm:
                return None
    return Tally(count)


def _t12_plain(game):
    """:func:`t12` item by item (the trusted check; the definition up to
    ``DEFINITION_MAX_N``, beyond it the all-paths route per game asked)."""
    dv, de = _dead_by_definition(game)
    t = Tally()
    for v in game.nonterminals():
        incident = [frozenset((v, u)) for u in game.neighbours(v)]
        if not t.add((v in dv) == all(e in de for e in incident), vertices=[v], edges=[sorted(e, key=str) for e in incident], part="theorem"):
            return t
    if de:
        dv2, _ = _dead_by_definition(game.delete_edges([tuple(e) for e in de]), edges=[])
        if not t.add(dv2 == dv, edges=[sorted(e, key=str) for e in de], dead_before=sorted(dv, key=str),
                     dead_after=sorted(dv2, key=str), part="deleting dead edges"):
            return t
    for u, v in combinations(game.vertices, 2):
        if game.has_edge(u, v):
            continue
        plus = game.add_edges([(u, v)])
        dv2, de2 = _dead_by_definition(plus, edges=[(u, v)])
        if frozenset((u, v)) in de2:
            if not t.add(dv2 == dv, edges=[[u, v]], dead_before=sorted(dv, key=str), dead_after=sorted(dv2, key=str),
                         part="adding a dead edge"):
                return t
    return t


@statement("TSD.T13", kind="thm", source=SRC + ", Theorem 13 and example", max_n=9)
def t13(game):
    """A terminal-free connected set with a clique neighbourhood (clique cutset) is dead,
    all its vertices and the edges inside it; non-terminal simplicial vertices are dead."""
    if game.n > _concepts.ENUMERATION_MAX_N:
        return _t13_plain(game)
    return fast_then_plain(T13_FAST, game, _t13_fast, _t13_plain, guard=clique_cutset_sets is _concepts.clique_cutset_sets)


def _dead_masks(game, dv, de) -> tuple[int, list[int]]:
    """The dead vertex labels ``dv`` as an index mask, and the live edges (the edges not in
    ``de``) as a bitmask adjacency."""
    index = game.index
    live = list(game.adjacency)
    for e in de:
        i, j = (index(x) for x in e)
        live[i] &= ~(1 << j)
        live[j] &= ~(1 << i)
    return game.mask(dv), live


def _is_clique_mask(adj, c: int) -> bool:
    """The vertex set ``c`` (a mask) is a clique of ``adj``."""
    rest = c
    while rest:
        low = rest & -rest
        rest ^= low
        if (adj[low.bit_length() - 1] | low) & c != c:
            return False
    return True


def _clique_cutset_masks(game) -> list[int]:
    """The sets of :func:`~verify.concepts.clique_cutset_sets` as index masks (in any
    order): every non-empty terminal-free ``U`` (a submask of the free vertices, with its
    neighbourhood grown from that of ``U`` minus its lowest vertex) that is connected
    (reached from its lowest vertex inside ``U``) and has a clique neighbourhood (each
    neighbourhood tested once per game)."""
    adj = game.adjacency
    t1, t2 = game.terminal_indices
    free = ((1 << game.n) - 1) & ~(1 << t1) & ~(1 << t2)
    around = {0: 0}  # U -> the union of the rows of U
    clique: dict = {}
    out = []
    s = free & -free
    while s:
        low = s & -s
        a = around[s] = around[s ^ low] | adj[low.bit_length() - 1]
        nb = a & ~s
        ok = clique.get(nb)
        if ok is None:
            ok = clique[nb] = _is_clique_mask(adj, nb)
        if ok and reachable(adj, low.bit_length() - 1, s) == s:
            out.append(s)
        s = (s - free) & free  # the next submask of ``free``, in increasing order
    return out


def _t13_fast(game):
    """:func:`t13` by index masks: a Tally with the plain check's count when every set and
    vertex passes, else None (the caller then runs :func:`_t13_plain`).  The same sets
    (:func:`_clique_cutset_masks`) and simplicial non-terminals are counted; a set passes
    when it is inside the dead vertices and no live edge joins two of its vertices (the
    edges inside it are dead)."""
    dv, de = _dead(game)
    dead, live = _dead_masks(game, dv, de)
    count = 0
    for s in _clique_cutset_masks(game):
        count += 1
        if s & ~dead or any(live[i] & s for i in bits(s)):
            return None
    adj = game.adjacency
    t1, t2 = game.terminal_indices
    for i in range(game.n):
        if i != t1 and i != t2 and _is_clique_mask(adj, adj[i]):
            count += 1
            if not dead >> i & 1:
                return None
    return Tally(count)


def _t13_plain(game):
    """:func:`t13` set by set (the trusted check)."""
    dv, de = _dead(game)
    t = Tally()
    for U in clique_cutset_sets(game):
        inside = [frozenset(e) for e in combinations(sorted(U, key=str), 2) if game.has_edge(*e)]
        ok = set(U) <= dv and all(e in de for e in inside)
        if not t.add(ok, vertices=sorted(U, key=str), edges=[sorted(e, key=str) for e in inside]):
            return t
    for v in game.nonterminals():
        if game.is_clique(game.neighbours(v)):
            if not t.add(v in dv, vertices=[v], simplicial=True):
                return t
    return t


@statement("TSD.T13.EX", kind="ex", source=SRC + ", Fig. 10(b)", max_n=8)
def t13_ex(game):
    """A dead vertex v with G∗v ≠ G−v exists (Fig. 10b)."""
    dv, _ = _dead(game)
    hits = [v for v in dv if game.short(v) != game.delete(v)]
    return None if not hits else Tally(1, {"vertices": hits})


@statement("TSD.T14", kind="thm", source=SRC + ", Theorem 14", max_n=9)
def t14(game):
    """If w surrounds a terminal-free set containing v, the edge vw is dead (transverse
    edges are dead).  Every such set lies in the largest one, computed as a fixed point."""
    _, de = _dead(game)
    t = Tally()
    for w in game.vertices:
        U = surrounded_set(game, game.index(w))
        for i in bits(U & game.adjacency[game.index(w)]):
            v = game.label(i)
            if not t.add(frozenset((v, w)) in de, vertices=[v, w], surrounded=game.labels_of(U), edges=[[v, w]]):
                return t
    return t


@statement("TSD.T14.C1", kind="thm+def", source=SRC + ", Theorem 14 corollary I", max_n=9)
def t14_c1(game):
    """w surrounds non-terminal v ⇒ vw dead; and "w surrounds v" ⇔ A²(v,w) = d(v) − A(v,w)."""
    return fast_then_plain(T14C1_FAST, game, _t14_c1_fast, _t14_c1_plain,
                           guard=surrounds is _concepts.surrounds and surrounds_walks is _concepts.surrounds_walks)


def _t14_c1_fast(game):
    """:func:`t14_c1` by index masks: a Tally with the plain check's count when every pair
    passes, else None (the caller then runs :func:`_t14_c1_plain`).

    For ``v ≠ w``: ``w`` surrounds ``{v}`` iff ``Γ(v) ⊆ Γ[w]`` (the definition), and
    ``A²(v, w)`` is the number of common neighbours of ``v`` and ``w`` (a 2-walk
    ``v–x–w`` is one common neighbour ``x``); every ordered pair is one instance of the
    characterisation, and a surrounded non-terminal ``v`` adjacent to ``w`` one more,
    which passes when the edge is not live.
    """
    _, de = _dead(game)
    _, live = _dead_masks(game, (), de)
    adj = game.adjacency
    n = game.n
    t1, t2 = game.terminal_indices
    count = 0
    for v in range(n):
        av = adj[v]
        dv = popcount(av)
        for w in range(n):
            if v == w:
                continue
            aw = adj[w]
            sur = av & ~(aw | (1 << w)) == 0
            if sur != (popcount(av & aw) == dv - (av >> w & 1)):
                return None
            count += 1
            if sur and v != t1 and v != t2 and av >> w & 1:
                count += 1
                if live[v] >> w & 1:
                    return None
    return Tally(count)


def _t14_c1_plain(game):
    """:func:`t14_c1` pair by pair (the trusted check)."""
    _, de = _dead(game)
    t = Tally()
    for v in game.vertices:
        for w in game.vertices:
            if v == w:
                continue
            sur = surrounds(game, w, {v})
            if not t.add(sur == surrounds_walks(game, w, v), vertices=[v, w], part="characterisation"):
                return t
            if sur and not game.is_terminal(v) and game.has_edge(v, w):
                if not t.add(frozenset((v, w)) in de, vertices=[v, w], edges=[[v, w]], part="dead edge"):
                    return t
    return t


@statement(
    "TSD.T14.C2",
    kind="thm",
    source=SRC + ", Theorem 14 corollary II, eq. (2)",
    max_n=9,
    reading="'w surrounds Γ[v]' is read as Γ(Γ[v]∖{w}) ⊆ Γ[w] (eq. (2) forces w ∈ Γ(v) when d(v) > 0).",
)
def t14_c2(game):
    """Γ[v] terminal-free and A³(v,w) = Σ_{i≠w} A²(v,i) ⇒ every edge between w and Γ[v]
    is dead, and w surrounds Γ[v]."""
    _, de = _dead(game)
    t = Tally()
    for v, w in corollary_ii_pairs(game):
        closed = game.closed_neighbours(v)
        edges = [frozenset((w, x)) for x in closed if x != w and game.has_edge(w, x)]
        ok = all(e in de for e in edges)
        U = closed - {w}
        ok_sur = game.set_neighbours(U) <= game.closed_neighbours(w)
        if not t.add(ok and ok_sur, vertices=[v, w], edges=[sorted(e, key=str) for e in edges], dead=ok, surrounds=ok_sur):
            return t
    return t


@statement("TSD.T15", kind="thm", source=SRC + ", Theorem 15", max_n=9)
def t15(game):
    """An edge between two neighbours of one terminal is dead."""
    _, de = _dead(game)
    t = Tally()
    for term in game.terminals:
        nb = sorted(game.neighbours(term), key=str)
        for u, v in combinations(nb, 2):
            if game.has_edge(u, v) and not t.add(frozenset((u, v)) in de, vertices=[term, u, v], edges=[[u, v]]):
                return t
    return t


@statement("TSD.T16", kind="thm", source=SRC + ", Theorem 16", max_n=9)
def t16(game):
    """A terminal-free vertex set surrounded by a terminal is dead (every such set lies in
    the largest one for that terminal)."""
    dv, _ = _dead(game)
    t = Tally()
    for term in game.terminals:
        U = game.labels_of(surrounded_set(game, game.index(term)))
        for v in U:
            if not t.add(v in dv, vertices=[term, v], surrounded=U):
                return t
    return t


@statement("TSD.SPEC", kind="thm", source=SRC + ", dead ⇒ spectator", max_n=9)
def spec(game):
    """A dead vertex is a spectator: W(G−v, x) = W(G∗v, x) for both players x."""
    return fast_then_plain(SPEC_FAST, game, _spec_fast, _spec_plain)


def _spec_fast(game):
    """:func:`spec` without solving where G∗v is G−v: a Tally with the plain check's count
    when every dead vertex passes, else None (the caller then runs :func:`_spec_plain`).

    When the neighbourhood of v is a clique, shorting v adds no edge, so G∗v and G−v are
    one game and have the same winners; the other dead vertices are solved as in the
    plain check.  Records ``fast`` whenever the plain check would (some vertex is dead).
    """
    dv, _ = _dead(game)
    if not dv:
        return Tally()
    used("fast")
    adj = game.adjacency
    s = FastSolver()
    for v in dv:
        if _is_clique_mask(adj, adj[game.index(v)]):
            continue
        if not all(s.winner(game.delete(v), x) == s.winner(game.short(v), x) for x in (SHORT, CUT)):
            return None
    return Tally(len(dv))


def _spec_plain(game):
    """:func:`spec` vertex by vertex (the trusted check)."""
    dv, _ = _dead(game)
    s = FastSolver()
    t = Tally()
    for v in dv:
        ok = all(s.winner(game.delete(v), x) == s.winner(game.short(v), x) for x in (SHORT, CUT))
        if not t.add(ok, vertices=[v]):
            return t
    return t
