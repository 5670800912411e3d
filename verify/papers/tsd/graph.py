"""TSD §2–4: graph statements — the model, Lemmas 1–4, Theorems 7 and 8, eq. (1).

Threat and support are evaluated from their definitions (graph equality after −/∗,
:func:`verify.concepts.threatens`, :func:`~verify.concepts.supports`); the papers'
characterisations are separate functions, so each check compares two computations.
Sets range over terminal-free vertex sets of the sizes given per statement.

Speed (results unchanged): each check first runs a *fast pass* on bitmasks (index
masks instead of labels, per-game tables, whole families of positions at once) that
only decides whether every sub-instance of the game passes; when it does, the tally is
the number of sub-instances.  When anything fails, the *plain* check (the enumeration
as written, in its order) runs on that game, so the counts up to the first failure and
the recorded failure are exactly those of the plain check.  The fast passes consume the
same module-level names as the plain checks (``threatens`` / ``threat_masks``,
``supports`` / ``support_masks``, ``short_wins``, ``short_adjacency``, ...), looked up
at call time, so a mutant that patches them perturbs both.

References: A. M. Steane, "Threat, support and dead edges in the Shannon game".
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ... import concepts as _concepts
from ...concepts import (
    _avoiding,
    articulation_vertices,
    g_set,
    g_set_mask,
    g_set_walks,
    g_set_walks_mask,
    has_supporting_set,
    has_supporting_set_masks,
    packed_meets,
    packed_nonedge_families,
    packed_supporter_family,
    packed_threat_family,
    set_family,
    shorted_edge_families,
    support7_family,
    supporter_families,
    supporter_family,
    support_masks,
    supports,
    supports_thm7,
    surrounds,
    thm8_masks,
    threat7_family,
    threat_family,
    threat_masks,
    threatened_by_thm8,
    threatens,
    threatens_thm7,
    walk_count,
)
from ...dead.common import short_wins
from ...game import Game, bits, components, delete_adjacency, reachable, short_adjacency
from ...registry import Tally, statement
from ...registry.routes import add_route, fast_then_plain, fast_then_resume, switch

SRC = "TSD"


def _sets(vs, max_size, min_size=1):
    vs = sorted(vs, key=str)
    for k in range(min_size, max_size + 1):
        yield from (set(c) for c in combinations(vs, k))


@lru_cache(maxsize=None)
def _set_masks(singles: tuple, max_size: int, min_size: int = 1) -> tuple:
    """The bitmasks of :func:`_sets` (``singles``: one single-bit mask per vertex; the
    order differs from :func:`_sets`, which only the plain checks need)."""
    return tuple(sum(c) for k in range(min_size, max_size + 1) for c in combinations(singles, k))


@lru_cache(maxsize=1 << 12)
def _ordered_pair_masks(free: tuple, max_a: int, max_b: int, min_a: int) -> tuple:
    """The ``(A, B)`` pairs of :func:`_pairs` as bitmasks, in :func:`_pairs`' order
    (``free``: the ``(label, index)`` of each non-terminal)."""
    index = dict(free)
    labels = [v for v, _ in free]
    out = []
    for B in _sets(labels, max_b):
        mb = sum(1 << index[v] for v in B)
        for A in _sets([v for v in labels if v not in B], max_a, min_a):
            out.append((sum(1 << index[v] for v in A), mb))
    return tuple(out)


def _free_singles(game) -> tuple:
    """One single-bit mask per non-terminal vertex."""
    return tuple(1 << game.index(v) for v in game.nonterminals())


def _pair_masks(game, max_a=2, max_b=2, min_a=1) -> tuple:
    """:func:`_pairs` as bitmask pairs, in the same order."""
    return _ordered_pair_masks(tuple((v, game.index(v)) for v in game.nonterminals()), max_a, max_b, min_a)


def _resume(game, plain, count, pairs, rest=()):
    """The tally of a plain check whose fast pass passed ``count`` sub-instances and then
    failed at the bitmask pair ``pairs``: the plain check's body on that pair alone
    (``plain(game, *rest, pairs=[(A, B)])`` with labels), with the count in front.  If
    the plain body passes there after all, the whole plain check runs."""
    ma, mb = pairs
    t = plain(game, *rest, pairs=[(set(game.labels_of(ma)), set(game.labels_of(mb)))])
    if t.failure is None:
        return plain(game, *rest)
    t.hypothesis += count
    return t


def _alive(game) -> int:
    return (1 << game.n) - 1


def _relation(adj, alive, pred):
    """``pred(adj, alive, A, B)`` on bitmasks, remembered per pair (one game's table)."""
    table = {}

    def rel(ma, mb):
        key = (ma, mb)
        out = table.get(key)
        if out is None:
            out = table[key] = pred(adj, alive, ma, mb)
        return out

    return rel


def _index_adjacency(game, h) -> tuple:
    """The adjacency of the game ``h`` (whose vertices are vertices of ``game``) in the
    index space of ``game`` (rows of vertices ``h`` lacks are empty)."""
    if h is game:
        return game.adjacency
    idx = [game.index(v) for v in h.vertices]
    out = [0] * game.n
    for i, row in enumerate(h.adjacency):
        m = 0
        for j in bits(row):
            m |= 1 << idx[j]
        out[idx[i]] = m
    return tuple(out)


def _connected(game: Game, S) -> bool:
    """G[S] is connected (and S non-empty): breadth-first search inside S on bitmasks."""
    if not S:
        return False
    m = game.mask(S)
    return reachable(game.adjacency, (m & -m).bit_length() - 1, m) == m


_CONNECTED = _connected  # this module's own, for the fast passes' check that it is not patched


def _components(game: Game, S):
    return [set(game.labels_of(c)) for c in components(game.adjacency, game.mask(S))]


def _connected_mask(adj, m: int) -> bool:
    """:func:`_connected` on a bitmask: ``G[m]`` is connected (and ``m`` non-empty)."""
    return m != 0 and reachable(adj, (m & -m).bit_length() - 1, m) == m


_CONNECTED_MASK = _connected_mask  # this module's own


def _connected_small(adj, m: int) -> bool:
    """:func:`_connected_mask` for one or two vertices (``m`` non-empty): one vertex, or an edge."""
    low = m & -m
    return m == low or bool(adj[low.bit_length() - 1] & m)


def _free_indices(game) -> tuple:
    """The indices of the non-terminals, in :meth:`Game.nonterminals` order (the
    ``free`` of :func:`~verify.concepts.set_family`)."""
    return tuple(game.index(v) for v in game.nonterminals())


@lru_cache(maxsize=None)
def _small(k: int, lo: int, hi: int) -> int:
    """The family (over ``k`` free vertices) of the sets with ``lo`` to ``hi`` members."""
    return sum(1 << r for r in range(1 << k) if lo <= r.bit_count() <= hi)


@lru_cache(maxsize=1 << 12)
def _abs_masks(free: tuple) -> tuple:
    """:func:`_relative_masks` of ``free``, remembered."""
    return tuple(_relative_masks(list(free)))


def _reduced_colourings(game, free: list[int]) -> list:
    """The reduced graph ``G ∗ black − white`` of every complete colouring of the free
    vertex indices ``free``: a list indexed by the relative mask of ``black`` (bit ``i``
    for ``free[i]``), each entry the bitmask adjacency (rows and columns of the coloured
    vertices cleared).  Built by a depth-first walk that shorts or deletes one free
    vertex at a time with ``short_adjacency`` / ``delete_adjacency`` (looked up at call
    time), ``2^(k+1)`` moves for ``k`` free vertices."""
    level = [game.adjacency]
    for v in free:  # after step i, entry r of level is the colouring r of free[:i+1]
        level = [f(adj, v) for f in (delete_adjacency, short_adjacency) for adj in level]
    return level


def _relative_masks(free: list[int]) -> list[int]:
    """Game bitmask of every relative mask over ``free`` (bit ``i`` stands for ``free[i]``)."""
    out = [0] * (1 << len(free))
    for r in range(1, len(out)):
        low = r & -r
        out[r] = out[r ^ low] | 1 << free[low.bit_length() - 1]
    return out


def _play_order(game) -> list[int]:
    """The free vertex indices in breadth-first order from the first terminal (vertices
    it does not reach last, in :meth:`Game.nonterminals` order): colouring them in this
    order settles the terminal edge of the reduced graph after few moves."""
    t1, t2 = game.terminal_indices
    adj = game.adjacency
    seen = (1 << t1) | (1 << t2)
    front = adj[t1] & ~seen
    out = []
    while front:
        out.extend(bits(front))
        seen |= front
        grow = 0
        for i in bits(front):
            grow |= adj[i]
        front = grow & ~seen
    return out + [i for i in _free_indices(game) if not seen >> i & 1]


def _colourings_agree(game) -> bool:
    """Every complete colouring ``black`` of the free vertices: the reduced graph
    ``G ∗ black − white`` has the terminal edge iff ``short_wins(adj, black ∪ {t1, t2})``
    (both looked up at call time, with ``short_adjacency`` / ``delete_adjacency``).

    A depth-first walk over partial colourings (free vertices in :func:`_play_order`)
    that stops where both models are settled for every completion: once the reduced
    graph has the terminal edge it keeps it (shorting and deleting other vertices never
    remove an edge between two remaining vertices), so the completions agree iff the one
    with the fewest black vertices (the rest white) wins by ``short_wins``, which is
    monotone in its vertex set; once a terminal is isolated it stays isolated (a short
    joins neighbours of the shorted vertex only), so the completions agree iff the one
    with the most black vertices loses.  A leaf compares the two directly.  So the walk
    answers exactly "every complete colouring agrees"."""
    t1, t2 = game.terminal_indices
    adj = game.adjacency
    terms = (1 << t1) | (1 << t2)
    everything = (1 << game.n) - 1
    free = _play_order(game)
    k = len(free)
    wins = short_wins

    def walk(red, i, black, white):
        if red[t1] >> t2 & 1:
            return wins(adj, black | terms, t1, t2)
        if not red[t1] or not red[t2] or i == k:
            return not wins(adj, everything & ~white, t1, t2)
        v = free[i]
        return (walk(delete_adjacency(red, v), i + 1, black, white | 1 << v)
                and walk(short_adjacency(red, v), i + 1, black | 1 << v, white))

    return walk(adj, 0, 0, 0)


def _commute(adj, free) -> bool:
    """``−`` and ``∗`` on every two distinct free vertices commute, on bitmask adjacencies
    (``short_adjacency`` / ``delete_adjacency``, looked up at call time): the three
    equalities of :func:`_model_plain` per pair, with ``G − u`` and ``G ∗ u`` built once
    per ``u``."""
    short, delete = short_adjacency, delete_adjacency
    s = {u: short(adj, u) for u in free}
    d = {u: delete(adj, u) for u in free}
    for u, v in combinations(free, 2):  # the same adjacency either way round (cleared rows included)
        if (
            short(d[u], v) != delete(s[v], u)
            or short(s[u], v) != short(s[v], u)
            or delete(d[u], v) != delete(d[v], u)
        ):
            return False
    return True


def _model_fast(game) -> int | None:
    """The fast pass of :func:`model`: the number of sub-instances when all pass, else
    None (:func:`_colourings_agree`, then :func:`_commute`)."""
    free = _free_indices(game)
    if not _colourings_agree(game) or not _commute(game.adjacency, free):
        return None
    k = len(free)
    return (1 << k) + k * (k - 1) // 2



MODEL_FAST = switch("tsd.model.fast", 0)
L1_FAST = switch("tsd.l1.fast", 0)
L2_FAST = switch("tsd.l2.fast", 0)
L3_FAMILY = switch("tsd.l3.family", 0)
L3_FAST = switch("tsd.l3.fast", 0)
T7_FAST = switch("tsd.t7.fast", 0)
T7_EX_FAST = switch("tsd.t7ex.fast", 0)
T8_FAST = switch("tsd.t8.fast", 0)
L4_FAST = switch("tsd.l4.fast", 0)
EQ1_FAST = switch("tsd.eq1.fast", 0)
ART_FAST = switch("tsd.art.fast", 0)
add_route("TSD.MODEL", "fast", "every colouring at once and commutation on bitmasks (_model_fast)", (MODEL_FAST,))
add_route("TSD.L1", "fast", "every complete colouring; positions by the De Morgan induction (_no_draw_fast)", (L1_FAST,))
add_route("TSD.L2", "fast", "sub-instances on bitmasks (_l2_fast)", (L2_FAST,))
add_route(("TSD.L3.threat", "TSD.L3.support/a", "TSD.L3.support/b"), "family",
          "all sets A at once per B, as families (_l3_family)", (L3_FAMILY,))
add_route(("TSD.L3.threat", "TSD.L3.support/a", "TSD.L3.support/b"), "fast",
          "pair by pair on bitmasks (_l3_fast)", (L3_FAST,))
add_route(("TSD.T7.i", "TSD.T7.ii/a", "TSD.T7.ii/b"), "fast", "per connected B, all A at once (_t7_fast)", (T7_FAST,))
add_route("TSD.T7.EX", "fast", "the examples on bitmasks (_t7_ex_fast)", (T7_EX_FAST,))
add_route("TSD.T8", "fast", "x_n(v) on bitmasks (_t8_fast)", (T8_FAST,))
add_route("TSD.L4", "fast", "pairs on bitmasks, the plain body from the first failing pair (_l4_fast)", (L4_FAST,))
add_route(("TSD.EQ1/a", "TSD.EQ1/b"), "fast", "per B, the threatening sets as families (_eq1_fast)", (EQ1_FAST,))
add_route(("TSD.ART/a", "TSD.ART/b"), "fast", "supporting sets on bitmasks (_art_fast)", (ART_FAST,))

@statement("TSD.MODEL", kind="def", source=SRC + " §2", max_n=9)
def model(game):
    """The colouring model and the reduced-graph model give the same winner for every
    complete colouring (so for every move sequence); − and ∗ on distinct vertices commute."""
    return fast_then_plain(MODEL_FAST, game, _model_fast, _model_plain)


def _model_plain(game):
    """:func:`model` as written: :class:`Game` operations, labels, in enumeration order."""
    t = Tally()
    free = game.nonterminals()
    t1, t2 = game.terminals
    for black in _sets(free, len(free), 0):
        white = [v for v in free if v not in black]
        reduced = game.short(black).delete(white)
        colouring = short_wins(game.adjacency, game.mask(black | {t1, t2}), *game.terminal_indices)
        if not t.add(reduced.has_edge(t1, t2) == colouring, vertices=sorted(black, key=str), part="models"):
            return t
    for u, v in combinations(free, 2):
        ok = (
            game.delete(u).short(v) == game.short(v).delete(u)
            and game.short(u).short(v) == game.short(v).short(u)
            and game.delete(u).delete(v) == game.delete(v).delete(u)
        )
        if not t.add(ok, vertices=[u, v], part="commutation"):
            return t
    return t


def _no_draw_fast(game) -> int | None:
    """The fast pass of :func:`_no_draw`: the number of positions it checks — the
    complete colourings, each with either player to move — when every one has exactly
    one winner, else None.

    Every position has exactly one winner iff every complete colouring has: the
    complete colourings are positions (with no move left), and conversely, by induction
    on the moves left, the two recursions of :func:`_no_draw_plain` are De Morgan duals
    (Short to move: Short forces iff some move leads to a position Short forces with Cut
    to move, Cut forces iff every move does; Cut to move symmetrically), so where every
    position after one more move has exactly one winner, so has this one.  At a complete
    colouring the two models are the reduced graph's terminal edge and Cut's separation
    (``not short_wins(adj, V ∖ white)``, with ``V ∖ white = black ∪ {t1, t2}``), which
    :func:`_colourings_agree` compares for all colourings.  The other positions (of the
    ``3^k`` partial colourings, each with either player to move) are concluded by that
    induction, not checked: :func:`l1` reports them as derived (:data:`LEMMA1`)."""
    if not _colourings_agree(game):
        return None
    return 2 * 2 ** len(game.nonterminals())


LEMMA1 = ("Lemma 1's induction: a position with moves left has exactly one winner when every position one "
          "move later has (the two recursions are De Morgan duals), so from the complete colourings")


def _no_draw(game):
    """(positions checked, positions derived by :data:`LEMMA1`, the failing position or
    None): the fast pass, and the plain enumeration when it finds a position with none or
    two winners (every position checked, none derived)."""
    from ...registry.routes import RouteDisagreement, forced, taken

    if not taken(L1_FAST, game.n):
        return _plain_no_draw(game)
    complete = _no_draw_fast(game)
    if complete is not None:
        return complete, 2 * 3 ** len(game.nonterminals()) - complete, None
    if forced(L1_FAST):
        return 1, 0, {"route": L1_FAST, "failed": "the fast route rejected this game"}
    checked, derived, bad = _plain_no_draw(game)
    if bad is None:
        raise RouteDisagreement(f"the fast route {L1_FAST} rejects a game that the plain check passes; the routes disagree.")
    return checked, derived, bad


def _plain_no_draw(game):
    positions, bad = _no_draw_plain(game)
    return positions, 0, bad


def _no_draw_plain(game):
    """Each position (partial colouring) and player to move: Short can force the terminals
    adjacent in the reduced graph (the −/∗ model) xor Cut can force them separated by
    his deleted vertices in the original graph (breadth-first search, no reduced graph).
    Returns the first position where both or neither hold, else None, and the count."""
    t1, t2 = game.terminal_indices
    free = [game.index(v) for v in game.nonterminals()]
    everything = game.mask(game.vertices)

    @lru_cache(maxsize=None)
    def short_forces(adj, left, short_to_move):
        if not left:
            return bool(adj[t1] >> t2 & 1)  # the reduced graph: are the terminals adjacent?
        moves = (short_forces(short_adjacency(adj, v) if short_to_move else delete_adjacency(adj, v),
                              left & ~(1 << v), not short_to_move) for v in bits(left))
        return any(moves) if short_to_move else all(moves)

    @lru_cache(maxsize=None)
    def cut_forces(white, left, short_to_move):
        if not left:  # the colouring model: the white vertices separate the terminals in G
            return not short_wins(game.adjacency, everything & ~white, t1, t2)
        moves = (cut_forces(white | ((not short_to_move) << v), left & ~(1 << v), not short_to_move) for v in bits(left))
        return all(moves) if short_to_move else any(moves)

    positions = 0
    for black in _sets(free, len(free), 0):
        for white in _sets([v for v in free if v not in black], len(free) - len(black), 0):
            adj = game.adjacency
            for v in black:
                adj = short_adjacency(adj, v)
            for v in white:
                adj = delete_adjacency(adj, v)
            left = game.mask(game.vertices) & ~game.mask(game.terminals)
            for v in black | white:
                left &= ~(1 << v)
            wmask = sum(1 << v for v in white)
            for short_to_move in (True, False):
                positions += 1
                s, c = short_forces(adj, left, short_to_move), cut_forces(wmask, left, short_to_move)
                if s == c:
                    return positions, {"black": game.labels_of(sum(1 << v for v in black)),
                                       "white": game.labels_of(wmask), "to_move": "Short" if short_to_move else "Cut",
                                       "short_forces": s, "cut_forces": c}
    return positions, None


@statement(
    "TSD.L1",
    kind="thm",
    source=SRC + " §2, Lemma 1",
    max_n=9,
    tier_n=6,
    reading="every position (every partial colouring, either player to move) has exactly one winner, "
    "with the two win conditions computed by independent models: Short wins when the terminals end "
    "adjacent in the reduced graph (shorting and deleting), Cut when his deleted vertices separate the "
    "terminals in the original graph. The complete colourings are the positions with no move left. "
    "(With both conditions read in one model the lemma holds by definition; this is the content.)",
)
def l1(game):
    """Every position has exactly one winner, never both or neither (no draw); in particular
    every complete colouring has exactly one winner."""
    checked, derived, bad = _no_draw(game)
    t = Tally(derived=derived, derived_by=LEMMA1 if derived else "")
    t.hypothesis = checked - (bad is not None)
    if bad is not None:
        t.add(False, **bad)
    return t


def _l2_fast(game) -> int | None:
    """The fast pass of :func:`l2`: the number of sub-instances when all pass, else None.

    Everything from the game's shorted-edge families (:func:`_nonedge_packing`): the
    graphs ``G ∗ S`` and ``G − S`` have the same vertices and differ exactly in the pairs
    outside ``S``, not adjacent in G, that a path through ``S`` joins in ``G ∗ S``, so
    ``G ∗ S = G − S`` iff no packed family (the non-edges of G) has the set ``S``.  The
    components of ``G[S]`` by :func:`_small_components`; (ii) for a connected ``S``
    compares ``eq`` with itself and passes.  Connectedness for (i) from the same
    components while ``_connected`` is this module's own (else asked of ``_connected``
    with labels, as the plain check does).  (iii) by :func:`_l2_survives`."""
    adj = game.adjacency
    singles = _free_singles(game)
    free = _free_indices(game)
    pk = _nonedge_packing(game)
    packed, ones = pk[0], pk[3]
    rel = _rel_index(free)
    own = _connected is _CONNECTED
    survives = _l2_survives(game, pk, rel)
    equal = {}
    count = 0
    for ms in _set_masks(singles, 3):
        eq = equal[ms] = not (packed >> rel[ms]) & ones
        comps = _small_components(adj, ms)
        if len(comps) == 1 if own else _connected(game, game.labels_of(ms)):
            nb = 0
            for i in bits(ms):
                nb |= adj[i]
            nb &= ~ms
            if eq != all((adj[i] | 1 << i) & nb == nb for i in bits(nb)):
                return None
            count += 1
        if len(comps) > 1 and eq != all(equal[c] for c in comps):
            return None
        count += 1
        if eq:
            passed = survives(ms)
            if passed is None:
                return None
            count += passed
    return count


@lru_cache(maxsize=1 << 10)
def _rel_index(free: tuple) -> dict:
    """Game bitmask -> relative mask (see :func:`~verify.concepts.set_family`), for every
    subset of ``free``."""
    return {m: r for r, m in enumerate(_abs_masks(free))}


_PACKED_SEEN: dict = {}
_PACKED_SEEN_MAX = 1 << 6


def _nonedge_packing(game) -> tuple:
    """:func:`~verify.concepts.packed_edge_families` of the game's non-edges (pairs not
    adjacent in G; :func:`~verify.concepts.packed_nonedge_families`); the last few
    games' remembered (the one-pass sweep asks for it per statement)."""
    free = _free_indices(game)
    key = (game.adjacency, free)
    pk = _PACKED_SEEN.get(key)
    if pk is None:
        if len(_PACKED_SEEN) >= _PACKED_SEEN_MAX:
            _PACKED_SEEN.clear()
        pk = _PACKED_SEEN[key] = packed_nonedge_families(game.adjacency, _alive(game), free)
    return pk


def _small_components(adj, ms: int) -> list[int]:
    """:func:`~verify.game.components` of ``G[S]`` for ``|S| ≤ 3`` (one or two vertices
    by their edge; three by :func:`~verify.game.components`)."""
    if not ms & (ms - 1):
        return [ms]
    if ms.bit_count() == 2:
        low = ms & -ms
        return [ms] if adj[low.bit_length() - 1] & ms else [low, ms ^ low]
    return components(adj, ms)


def _l2_survives(game, pk, rel):
    """(iii) of :func:`l2` for one set ``S`` with ``G ∗ S = G − S``: a function of ``S``
    giving the number of sets ``V`` (one or two free vertices, ``S − V`` non-empty) when
    for each ``G − V ∗ R = G − V − R`` and ``G ∗ V ∗ R = G ∗ V − R`` (``R = S − V``),
    else None.

    With ``V`` and ``R`` disjoint these are "``V`` threatens ``R``" and "``V`` supports
    ``R``" in G.  Per ``R`` the sets ``V`` with ``V ∩ S = S − R`` form one family, which
    must lie in the threat and the supporter family of ``R``
    (:func:`~verify.concepts.packed_meets` of the pairs shorting ``R`` adds, as
    ``packed_threat_family``; :func:`~verify.concepts.packed_supporter_family`; both
    from ``pk`` = :func:`_nonedge_packing`, ``rel`` = :func:`_rel_index`)."""
    free = _free_indices(game)
    fam = set_family(free, game.n)
    sized = _small(len(free), 1, 2)
    packed, ones = pk[0], pk[3]
    both: dict = {}

    def survives(ms):
        count = 0
        for rest in _submasks(ms):
            dom = sized
            for i in bits(ms):
                dom &= ~fam[i] if rest >> i & 1 else fam[i]  # V ∩ S = S − R
            if not dom:
                continue
            ok = both.get(rest)
            if ok is None:
                rr, avoid = rel[rest], _avoiding(fam, rest)
                ok = both[rest] = (packed_meets(pk, (packed >> rr) & ones, avoid)
                                   & packed_supporter_family(pk, avoid, rr))
            if dom & ~ok:
                return None
            count += dom.bit_count()
        return count

    return survives


def _submasks(m: int) -> list[int]:
    """The non-empty sub-masks of ``m``."""
    out = []
    sub = m
    while sub:
        out.append(sub)
        sub = (sub - 1) & m
    return out


@statement("TSD.L2", kind="thm", source=SRC + " §4, Lemma 2", max_n=9, tier_n=6)
def l2(game):
    """(i) connected S: G∗S = G−S ⇔ Γ(S) is a clique; (ii) G∗S = G−S ⇔ it holds for each
    component of S; (iii) G∗S = G−S survives deleting or shorting any further set V."""
    return fast_then_plain(L2_FAST, game, _l2_fast, _l2_plain)


def _l2_plain(game):
    """:func:`l2` as written: :class:`Game` operations on labels, in enumeration order."""
    t = Tally()
    free = game.nonterminals()
    for S in _sets(free, 3):
        eq = game.short(S) == game.delete(S)
        if _connected(game, S) and not t.add(eq == game.is_clique(game.set_neighbours(S)), vertices=sorted(S, key=str), part="i"):
            return t
        comps = _components(game, S)
        if not t.add(eq == all(game.short(c) == game.delete(c) for c in comps), vertices=sorted(S, key=str), part="ii"):
            return t
        if eq:
            for V in _sets(free, 2):
                rest = S - V
                if not rest:
                    continue
                gd, gs = game.delete(V), game.short(V)
                ok = gd.short(rest) == gd.delete(rest) and gs.short(rest) == gs.delete(rest)
                if not t.add(ok, vertices=sorted(S, key=str), V=sorted(V, key=str), part="iii"):
                    return t
    return t


def _pairs(game, max_a=2, max_b=2, min_a=1):
    free = game.nonterminals()
    for B in _sets(free, max_b):
        for A in _sets([v for v in free if v not in B], max_a, min_a):
            yield A, B


def _l3_fast(game, pred, components_in):
    """The fast pass of :func:`_l3` with the bitmask predicate ``pred``: ``(count, None)``
    when every pair passes, else ``(pairs passed before, the failing pair)``, in
    :func:`_pairs`' order.  A pair whose ``B`` is one component passes without
    evaluating (``rel(A, B) == rel(A, B)``); the components are those in the game
    ``components_in(game, A)`` returns (one call per ``A``)."""
    rel = _relation(game.adjacency, _alive(game), pred)
    pairs = _pair_masks(game)
    where: dict = {}  # A -> adjacency in which the components of B are taken
    for j, (ma, mb) in enumerate(pairs):
        if not mb & (mb - 1):
            continue  # one vertex, one component
        h = where.get(ma)
        if h is None:
            h = where[ma] = _index_adjacency(game, components_in(game, set(game.labels_of(ma))))
        comps = components(h, mb)
        if len(comps) > 1 and rel(ma, mb) != all(rel(ma, c) for c in comps):
            return j, (ma, mb)
    return len(pairs), None


def _l3_family(game, part, components_in) -> int | None:
    """The first fast pass of :func:`_l3`: all sets ``A`` at once, per ``B``; the number
    of pairs when every pair passes, else None (and for ``components_in`` other than
    ``_in_g`` / ``_in_g_star_a``, looked up at call time, None: not decided here).

    Only ``B = {b1, b2}`` with two components can fail (one component:
    ``rel(A, B) == rel(A, B)``), and then the components are ``{b1}`` and ``{b2}``: per
    such ``B`` the family of ``A`` (``1 ≤ |A| ≤ 2``, disjoint from ``B``) where
    ``rel(A, B) != rel(A, b1) and rel(A, b2)`` must be empty.  Threat by
    ``threat_family``, support by ``supporter_family`` (from the game's
    ``shorted_edge_families``), both looked up at call time.  Components in G: ``b1``,
    ``b2`` not adjacent; in ``G ∗ A``: not adjacent in ``G ∗ A``, i.e. ``A`` outside the
    family of ``b1b2`` in ``shorted_edge_families`` (an edge of ``G ∗ A`` iff a
    ``b1``–``b2`` path with inner vertices in ``A``)."""
    if components_in is _in_g:
        star = False
    elif components_in is _in_g_star_a:
        star = True
    else:
        return None
    adj, alive = game.adjacency, _alive(game)
    free = _free_indices(game)
    k, n = len(free), game.n
    fam = set_family(free, n)
    sized = _small(k, 1, 2)
    threat = part == "threat"
    edges = None if threat and not star else shorted_edge_families(adj, alive, free)
    single = {}

    def family(mb):
        if threat:
            return threat_family(adj, alive, mb, free)
        return supporter_family(edges, mb, free, n)

    counted = sum((sized & ~fam[u]).bit_count() for u in free)  # |B| = 1: one component, passes as it stands
    for u, w in combinations(free, 2):
        counted += (sized & ~fam[u] & ~fam[w]).bit_count()  # the pairs (A, {u, w}), compared below or passing
        if adj[u] >> w & 1:
            continue  # one component in G, and so in G ∗ A
        mb = (1 << u) | (1 << w)
        apart = ~edges.get(mb, 0) if star else -1  # the A for which b1, b2 stay apart
        domain = sized & apart & ~fam[u] & ~fam[w]
        if not domain:
            continue
        fu = single.get(u)
        if fu is None:
            fu = single[u] = family(1 << u)
        fw = single.get(w)
        if fw is None:
            fw = single[w] = family(1 << w)
        if (family(mb) ^ (fu & fw)) & domain:
            return None
    # every pair of _pairs (|B| = 1 or 2, |A| = 1 or 2 outside B), counted as enumerated
    return counted


def _l3_pairs_count(k: int) -> int:
    """The number of pairs of :func:`_pairs` (``1 ≤ |A|, |B| ≤ 2``) over ``k`` free vertices."""
    total = 0
    for b in (1, 2):
        nb = k if b == 1 else k * (k - 1) // 2
        r = k - b
        total += nb * (r + r * (r - 1) // 2) if r > 0 else 0
    return total


def _l3(game, rel, pred, components_in, part):
    """Lemma 3 for ``rel`` (labels) / ``pred`` (its bitmask routine): the family pass
    (:func:`_l3_family`), else the pair-by-pair fast pass, and the plain check's body on
    the first failing pair (the whole plain check if the pair passes after all)."""
    def pairs(g):
        return fast_then_resume(L3_FAST, g, lambda h: _l3_fast(h, pred, components_in),
                                lambda h: _l3_plain(h, rel, components_in, part),
                                lambda count, failed: _resume(g, _l3_plain, count, failed, (rel, components_in, part)))

    return fast_then_plain(L3_FAMILY, game, lambda g: _l3_family(g, part, components_in), pairs,
                           guard=components_in is _in_g or components_in is _in_g_star_a)


def _l3_plain(game, rel, components_in, part, pairs=None):
    t = Tally()
    for A, B in _pairs(game) if pairs is None else pairs:
        comps = _components(components_in(game, A), B)
        ok = rel(game, A, B) == all(rel(game, A, c) for c in comps)
        if not t.add(ok, vertices=sorted(A | B, key=str), A=sorted(A, key=str), B=sorted(B, key=str), part=part,
                     components=[sorted(c, key=str) for c in comps]):
            return t
    return t


def _in_g(game, A):
    return game


def _in_g_star_a(game, A):
    return game.short(A)


@statement(
    "TSD.L3.threat",
    kind="thm",
    source=SRC + " §4, Lemma 3",
    max_n=9, tier_n=6,
    reading="the threat half; 'connected component of B' as in §4: a component of the induced subgraph G[B]. "
    "A, B disjoint terminal-free sets, 1 ≤ |A|, |B| ≤ 2.",
)
def l3_threat(game):
    """B is threatened by A iff each connected component of B is."""
    return _l3(game, threatens, threat_masks, _in_g, "threat")


@statement(
    "TSD.L3.support/a",
    kind="thm",
    source=SRC + " §4, Lemma 3",
    max_n=6,
    expect="refuted", refuted_by=(5, 4, 'DWc', (3, 4)),
    reading="the support half with 'connected component of B' as §4 defines it: a component of G[B]. "
    "Refuted: s–t, s–a, a–b1, a–b2, b1–t: {a} supports {b1, b2} but not the component {b1}.",
)
def l3_support_a(game):
    """B is supported by A iff each connected component of G[B] is."""
    return _l3(game, supports, support_masks, _in_g, "support")


@statement(
    "TSD.L3.support/b",
    kind="thm",
    source=SRC + " §4, Lemma 3 (as its proof uses it)",
    max_n=9, tier_n=6,
    reading="the support half with the components of B taken in G ∗ A (shorting A can join parts of B), "
    "which is what the proof of Lemma 3 uses.",
)
def l3_support_b(game):
    """B is supported by A iff each connected component of B in G ∗ A is."""
    return _l3(game, supports, support_masks, _in_g_star_a, "support")


def _t7_fast(game, part, apart=False) -> int | None:
    """The fast pass of :func:`_t7`: the number of pairs when every one passes, else
    None.  Per connected ``B`` (``_connected_mask``), all ``A`` at once as families
    (:func:`~verify.concepts.set_family`): threat by the definition
    (``threat_family``) against Theorem 7(i) (``threat7_family``); support by the
    definition (``support_masks`` pair by pair, or, while it is
    :mod:`verify.concepts`' own, the equal supporter family from the packed
    shorted-edge families, :func:`_nonedge_packing`) against Theorem 7(ii)
    (``support7_family``); ``apart`` restricts ``A`` by ``_connected_and_apart_family``
    (while it is this module's own, by the equal :func:`_apart_families`); ``B`` of one or
    two vertices is connected by :func:`_connected_small` while ``_connected_mask`` is
    this module's own."""
    adj, alive = game.adjacency, _alive(game)
    free = _free_indices(game)
    absm = _abs_masks(free)
    small = _small(len(free), 0, 2)
    fam = set_family(free, game.n)
    packed = apart and part != "i" and support_masks is _concepts.support_masks  # (/a fails early on most games)
    if packed:
        pk, rel = _nonedge_packing(game), _rel_index(free)
        thm7 = (_support7_connected(adj, free) if support7_family is _concepts.support7_family
                else lambda mb: support7_family(adj, mb, free))
    if apart:
        restrict = (_apart_families(adj, free) if _connected_and_apart_family is _CONNECTED_AND_APART_FAMILY
                    else lambda mb: _connected_and_apart_family(adj, mb, free))
    connected = _connected_mask if _connected_mask is not _CONNECTED_MASK else _connected_small
    count = 0
    for mb in _set_masks(tuple(1 << i for i in free), 2):
        if not connected(adj, mb):
            continue
        domain = small
        for i in bits(mb):
            domain &= ~fam[i]
        if apart:
            domain &= restrict(mb)
        if part == "i":
            if (threat_family(adj, alive, mb, free) ^ threat7_family(adj, mb, free)) & domain:
                return None
        elif packed:
            sup = packed_supporter_family(pk, _avoiding(fam, mb), rel[mb])
            if (sup ^ thm7(mb)) & domain:
                return None
        else:
            thm = support7_family(adj, mb, free)
            for r in bits(domain):
                if support_masks(adj, alive, absm[r], mb) != bool(thm >> r & 1):
                    return None
        count += domain.bit_count()
    return count


def _support7_connected(adj, free: tuple):
    """:func:`~verify.concepts.support7_family` as a function of a connected ``B``
    (``mb``) for one game: ``B`` is its own one component, the sets containing a
    neighbour of each vertex ``x`` are found once per ``x``, and ``g(B)`` (as
    ``g_set_mask``) is asked of each neighbour in the same loop."""
    fam = set_family(free, len(adj))
    near = []
    for x in range(len(adj)):
        m = 0
        for a in bits(adj[x]):
            m |= fam[a]
        near.append(m & ~fam[x])
    full = (1 << (1 << len(free))) - 1

    def family(mb):
        out = _avoiding(fam, mb)
        nb = 0
        for i in bits(mb):
            nb |= adj[i]
        nb &= ~mb
        for x in bits(nb):
            if nb & ~(adj[x] | 1 << x):  # x ∉ g(B): not adjacent to every other neighbour
                out &= near[x]
        return out & full

    return family


def _t7(game, rel, thm, part, only=None):
    """Theorem 7: the fast pass (when ``rel``/``thm`` are the module's threat or support
    pair), else or on any failure the plain check :func:`_t7_plain`."""
    return fast_then_plain(T7_FAST, game, lambda g: _t7_fast(g, part, apart=only is not None),
                           lambda g: _t7_plain(g, rel, thm, part, only))


def _t7_plain(game, rel, thm, part, only=None):
    """:func:`_t7` as written: labels, in :func:`_pairs` order."""
    t = Tally()
    for A, B in _pairs(game, min_a=0):
        if not _connected(game, B) or (only is not None and not only(game, A, B)):
            continue
        d, c = rel(game, A, B), thm(game, A, B)
        if not t.add(d == c, vertices=sorted(A | B, key=str), A=sorted(A, key=str), B=sorted(B, key=str), part=part,
                     definition=d, characterisation=c):
            return t
    return t


@statement(
    "TSD.T7.i",
    kind="def",
    source=SRC + " §4, Theorem 7(i)",
    max_n=9, tier_n=6,
    reading="A is any terminal-free set disjoint from connected B (∅ included); |A|, |B| ≤ 2.",
)
def t7_i(game):
    """(i) A threatens connected B ⇔ Γ(B)∖A is a clique."""
    return _t7(game, threatens, threatens_thm7, "i")


@statement(
    "TSD.T7.ii/a",
    kind="def",
    source=SRC + " §4, Theorem 7(ii)",
    max_n=6,
    expect="refuted", refuted_by=(4, 3, 'Cd', (2, 3)),
    reading="literal: A is any terminal-free set disjoint from connected B (the theorem states no further "
    "condition on A). Refuted both ways: '⇒' when A meets Γ(B) (the path a–b–s–t), '⇐' when A is "
    "disconnected (the path a1–s–b–t–a2).",
)
def t7_ii_a(game):
    """(ii) A supports connected B ⇔ Γ(B)∖g(B) ⊆ Γ(A)."""
    return _t7(game, supports, supports_thm7, "ii")


def _connected_and_apart(game, A, B):
    return (not A or _connected(game, A)) and not (game.set_neighbours(B) & A)


def _connected_and_apart_family(adj, mb: int, free: tuple) -> int:
    """:func:`_connected_and_apart` for every ``A ⊆ free`` of at most two vertices, as a
    family (:func:`~verify.concepts.set_family`; larger sets: unspecified): ``A`` empty,
    one vertex or an edge, and no vertex of ``A`` adjacent to ``B``."""
    fam = set_family(free, len(adj))
    out = 1  # A = ∅
    for j, x in enumerate(free):
        out |= 1 << (1 << j)
        for l in range(j):
            if adj[x] >> free[l] & 1:
                out |= 1 << ((1 << j) | (1 << l))
    nb = 0
    for i in bits(mb):
        nb |= adj[i]
    for i in bits(nb & ~mb):
        out &= ~fam[i]
    return out


_CONNECTED_AND_APART_FAMILY = _connected_and_apart_family  # this module's own


def _apart_families(adj, free: tuple):
    """:func:`_connected_and_apart_family` as a function of ``mb`` for one game: the
    sets ``A`` that are empty, one vertex or an edge are found once, then per ``B`` the
    sets meeting ``Γ(B)`` are dropped (the same two steps)."""
    base = _CONNECTED_AND_APART_FAMILY(adj, 0, free)  # B = ∅: nothing dropped
    fam = set_family(free, len(adj))

    def family(mb):
        nb = 0
        for i in bits(mb):
            nb |= adj[i]
        out = base
        for i in bits(nb & ~mb):
            out &= ~fam[i]
        return out

    return family


@statement(
    "TSD.T7.ii/b",
    kind="def",
    source=SRC + " §4, Theorem 7(ii)",
    max_n=9, tier_n=6,
    reading="repaired: A connected (or empty) and not adjacent to B, the case the proof treats; "
    "|A|, |B| ≤ 2.",
)
def t7_ii_b(game):
    """(ii) For connected A not adjacent to connected B: A supports B ⇔ Γ(B)∖g(B) ⊆ Γ(A)."""
    return _t7(game, supports, supports_thm7, "ii", only=_connected_and_apart)


@statement("TSD.T7.EX", kind="thm", source=SRC + " §4, Examples after Theorem 7", max_n=9, tier_n=6)
def t7_ex(game):
    """Every set is threatened by its neighbourhood and by its neighbourhood minus a
    clique; a degree-2 vertex is threatened by each neighbour and supported by any vertex
    with more than one 2-walk to it; w surrounds v ⇒ w supports v; g(b) = Γ(b) ∩ {vertices
    with d(b)−1 2-walks to b}."""
    return fast_then_plain(T7_EX_FAST, game, _t7_ex_fast, _t7_ex_plain)


def _t7_ex_fast(game) -> int | None:
    """The fast pass of :func:`t7_ex`: the number of sub-instances when all pass, else
    None.  The sets ``Γ(B) ∖ K`` (``K`` a clique, the set terminal-free) of each ``B``
    are one family (:func:`~verify.concepts.set_family`: the ``A ⊆ Γ(B)`` meeting every
    non-adjacent pair of ``Γ(B)``), checked against ``threat_family``; the per-vertex
    parts on bitmasks (``threat_masks``, ``support_masks``, 2-walks as common
    neighbours, ``g_set_mask`` / ``g_set_walks_mask``)."""
    adj, alive = game.adjacency, _alive(game)
    free = _free_indices(game)
    fam = set_family(free, game.n)
    full = (1 << (1 << len(free))) - 1
    count = 0
    for mb in _set_masks(tuple(1 << i for i in free), 2):
        nb = 0
        for i in bits(mb):
            nb |= adj[i]
        nb &= ~mb
        domain = full
        for i in free:
            if not nb >> i & 1:
                domain &= ~fam[i]  # A ⊆ Γ(B)
        for u in bits(nb):
            fu = fam[u]
            for w in bits(nb & ~adj[u] & ~(1 << u)):
                domain &= fu | fam[w]  # Γ(B) ∖ A a clique
        if domain & ~threat_family(adj, alive, mb, free):
            return None
        count += domain.bit_count()
    freemask = sum(1 << i for i in free)
    for v in free:
        bv, nbv = 1 << v, adj[v]
        if nbv.bit_count() == 2:
            for u in bits(nbv & freemask):
                if not threat_masks(adj, alive, 1 << u, bv):
                    return None
                count += 1
            for u in free:
                if u != v and (adj[u] & nbv).bit_count() > 1:  # more than one 2-walk u → v
                    if not support_masks(adj, alive, 1 << u, bv):
                        return None
                    count += 1
        for w in free:
            if w != v and nbv & ~(adj[w] | 1 << w) == 0:  # w surrounds v
                if not support_masks(adj, alive, 1 << w, bv):
                    return None
                count += 1
        if g_set_mask(adj, bv) != g_set_walks_mask(adj, v):
            return None
        count += 1
    return count


def _t7_ex_plain(game):
    """:func:`t7_ex` as written: labels and :class:`Game` operations."""
    t = Tally()
    free = game.nonterminals()
    for B in _sets(free, 2):
        nb = game.set_neighbours(B)
        for K in _sets(nb, len(nb), 0):
            A = nb - K
            if game.is_clique(K) and not any(game.is_terminal(x) for x in A):
                if not t.add(threatens(game, A, B), vertices=sorted(B, key=str), A=sorted(A, key=str), part="neighbourhood minus clique"):
                    return t
    for v in free:
        if game.degree(v) == 2:
            for u in game.neighbours(v):
                if not game.is_terminal(u) and not t.add(threatens(game, {u}, {v}), vertices=[u, v], part="degree-2 threat"):
                    return t
            for u in free:
                if u != v and walk_count(game, u, v, 2) > 1:
                    if not t.add(supports(game, {u}, {v}), vertices=[u, v], part="degree-2 support"):
                        return t
        for w in free:
            if w != v and surrounds(game, w, {v}):
                if not t.add(supports(game, {w}, {v}), vertices=[w, v], part="surround => support"):
                    return t
        if not t.add(g_set(game, {v}) == g_set_walks(game, v), vertices=[v], part="g(b)"):
            return t
    return t


@statement("TSD.T8", kind="thm", source=SRC + " §4, Theorem 8 and corollary", max_n=9)
def t8(game):
    """A set of n neighbours of v with x_n(v)+m 2-walks to v in total threatens v
    (x_n(v) = T(v) − (d−n)(d−n−1)/2, m = edges inside the set)."""
    return fast_then_plain(T8_FAST, game, _t8_fast, _t8_plain)


def _t8_fast(game) -> int | None:
    """The fast pass of :func:`t8` on bitmasks (``thm8_masks``, ``threat_masks``): the
    number of sets meeting Theorem 8's condition when each threatens, else None."""
    adj, alive = game.adjacency, _alive(game)
    free = _free_indices(game)
    freemask = sum(1 << i for i in free)
    count = 0
    for v in free:
        for ms in _set_masks(tuple(1 << i for i in bits(adj[v] & freemask)), 3):
            if thm8_masks(adj, v, ms):
                if not threat_masks(adj, alive, ms, 1 << v):
                    return None
                count += 1
    return count


def _t8_plain(game):
    """:func:`t8` as written: labels."""
    t = Tally()
    for v in game.nonterminals():
        nb = [u for u in game.neighbours(v) if not game.is_terminal(u)]
        for S in _sets(nb, 3):
            if threatened_by_thm8(game, v, S):
                if not t.add(threatens(game, S, {v}), vertices=sorted(S | {v}, key=str)):
                    return t
    return t


def _l4_fast(game):
    """The fast pass of :func:`l4`: ``(count, None)`` when every sub-instance passes,
    else ``(count before the failing pair, that pair)``.

    A graph after play is named by what it is: ``G − x − A = G − (A ∪ x)`` (so (i) in
    ``G − x`` and (ii) are threats in G) and ``G ∗ x ∗ A = G ∗ (A ∪ x)`` (shorting is
    order-free, so (iii) in ``G ∗ x`` and (iv) are supports in G); the corollary with
    ``B1 = {x}`` is the first half of (i) / (iii) with ``x ∈ B``.  So per ``B`` every
    sub-instance is a member of a family over ``A``: threat of ``B`` or ``B − x`` in G
    and in ``G ∗ x`` (``threat_family``; ``G ∗ x`` by :func:`short_adjacency`, kept in
    G's index space) and support of ``B`` or ``B − x`` in G and in ``G − x``
    (``supporter_families``, from the game's ``shorted_edge_families``); ``A ∪ x`` is
    ``A`` shifted by ``x``'s relative bit.  Per ``B``, the sets ``A`` with a hypothesis
    whose sub-instances do not all pass must be none; the count is then a sum of
    popcounts.  Otherwise the pairs are walked in order to the first failing one.

    While ``threat_family``, ``supporter_families`` and ``supporter_family`` are
    :mod:`verify.concepts`' own (looked up at call time), the families come from
    their packed forms (:func:`~verify.concepts.packed_threat_family`,
    :func:`~verify.concepts.packed_supporter_family`, equal to them, from one
    :func:`_nonedge_packing`).  Every sub-instance is computed, (iii) in ``G − x`` too,
    although the way the families are built makes it pass whenever ``A`` supports
    ``B``: a check must not lean on the argument of the lemma it checks.
    """
    adj, alive = game.adjacency, _alive(game)
    free = _free_indices(game)
    k, n = len(free), game.n
    fam = set_family(free, n)
    relbit = [0] * n  # game index -> its bit in a relative mask
    for j, i in enumerate(free):
        relbit[i] = 1 << j
    # With concepts' own family routines, the packed forms (equal to them); under a
    # patched routine, the routines themselves.
    own = (threat_family is _concepts.threat_family and supporter_families is _concepts.supporter_families
           and supporter_family is _concepts.supporter_family
           and shorted_edge_families is _concepts.shorted_edge_families)
    # The pairs that are edges of G are left out of the packing (_nonedge_packing): such
    # a family holds every set avoiding the pair, so the pair is never added by shorting
    # (threat) and never joined by A ∪ B but not by A (support).
    edges = None if own else shorted_edge_families(adj, alive, free)
    pk = _nonedge_packing(game) if own else None
    singles = tuple(1 << i for i in free)
    sized = (_small(k, 1, 1), _small(k, 2, 2))
    threats: dict = {}  # (x, B) -> threat_family in G ∗ x (x = 0: in G)
    shorted: dict = {0: adj}  # x -> G ∗ x
    supports: dict = {}  # B -> supporter_families (or, see below, {x: family} as needed)

    relmask: dict = {0: 0}  # B -> its relative mask
    avoiding: dict = {}  # B -> the sets avoiding it

    def rel(m):
        r = relmask.get(m)
        if r is None:
            r = 0
            for i in bits(m):
                r |= relbit[i]
            relmask[m] = r
            avoiding[m] = _avoiding(fam, m)
        return r

    def threat(x, mb):
        f = threats.get((x, mb))
        if f is None:
            if own:
                rb = rel(mb)
                f = threats[x, mb] = packed_threat_family(pk, avoiding[mb], rb, relbit[x.bit_length() - 1] if x else 0)
                return f
            h = shorted.get(x)
            if h is None:
                h = shorted[x] = short_adjacency(adj, x.bit_length() - 1)
            f = threats[x, mb] = threat_family(h, alive & ~x, mb, free)
        return f

    def support(mb, x=0):
        """The supporter family of ``B`` in G (``x = 0``) or in ``G − x``."""
        f = supports.get((mb, x))
        if f is None:
            if own:
                rb = rel(mb)
                f = packed_supporter_family(pk, avoiding[mb] & ~fam[x.bit_length() - 1] if x else avoiding[mb], rb, x)
            else:
                f = supporter_families(edges, mb, free, n)[x]
            supports[mb, x] = f
        return f

    pairs_a = sized[0] | sized[1]

    def per_b(mb):
        """(sets A threatening B, those whose threat sub-instances all pass, the same
        for support), as families; a hypothesis no pair's ``A`` meets is not pursued."""
        t0, s0 = threat(0, mb), support(mb)
        ok_t = ok_s = -1
        live = _avoiding(fam, mb) & pairs_a  # the sets A paired with B
        thr, sup = t0 & live, s0 & live
        for i in free:
            x, rx = 1 << i, relbit[i]
            if mb & x:
                rest = mb & ~x
                if rest:  # (i)/(iii) with x ∈ B, and the corollary with B1 = {x}
                    if thr:
                        ok_t &= (threat(0, rest) >> rx) & threat(x, rest)
                    if sup:
                        ok_s &= support(rest, x) & (support(rest) >> rx)
            else:  # (i)/(iii) with x ∉ A ∪ B (sets A containing x are exempt)
                if thr:
                    ok_t &= (t0 >> rx) & threat(x, mb) | fam[i]
                if sup:
                    ok_s &= support(mb, x) & (s0 >> rx) | fam[i]
        return t0, ok_t, s0, ok_s

    if own:
        packed, ones = pk[0], pk[3]
        col0 = packed & ones  # the pairs that are edges of G (none are packed; kept for the formula)
        colx = {i: (packed >> relbit[i]) & ones for i in free}
        cols: dict = {}
        width_full = (1 << (1 << k)) - 1

        def col(c):
            """The pairs (one bit per block of ``pk``) that are edges of ``G ∗ S``, ``S``
            the relative mask ``c``."""
            v = cols.get(c)
            if v is None:
                v = cols[c] = (packed >> c) & ones
            return v

        def per_b(mb):  # noqa: F811  (the packed form of per_b above)
            """:func:`per_b` from the packed families.  Only the members of ``t0`` (the
            sets threatening ``B``) of the threat families are read, so a threat of
            ``C ⊆ B`` in ``G ∗ x`` is asked only of the pairs that shorting ``C`` adds to
            ``G ∗ x`` and shorting ``B`` does not add to G: ``t0`` is the sets avoiding
            ``B`` that meet every pair of the latter, and the threat family of ``C`` in
            ``G ∗ x`` the sets avoiding ``C`` that meet every pair of the former, so on
            ``t0`` they agree."""
            rb = rel(mb)
            avoid = avoiding[mb]
            cb = col(rb)
            new0 = cb & ~col0
            t0 = threats[0, mb] = packed_meets(pk, new0, avoid) & width_full
            s0 = support(mb)
            live = avoid & pairs_a
            ok_t = ok_s = -1
            if t0 & live:
                other = ~new0
                for i in free:
                    x, rx = 1 << i, relbit[i]
                    if mb & x:
                        rest = mb ^ x
                        if rest:  # (i) with x ∈ B, and the corollary with B1 = {x}
                            extra = cb & ~colx[i] & other
                            ok_t &= (threat(0, rest) >> rx) & (packed_meets(pk, extra) if extra else -1)
                    else:  # (i) with x ∉ A ∪ B
                        extra = col(rb | rx) & ~colx[i] & other
                        ok_t &= (t0 >> rx) & (packed_meets(pk, extra) if extra else -1) | fam[i]
            if s0 & live:
                for i in free:
                    x, rx = 1 << i, relbit[i]
                    if mb & x:
                        rest = mb ^ x
                        if rest:  # (iii) with x ∈ B, and the corollary with B1 = {x}
                            ok_s &= support(rest, x) & (support(rest) >> rx)
                    else:  # (iii) with x ∉ A ∪ B, in G − x and in G ∗ x
                        ok_s &= support(mb, x) & (s0 >> rx) | fam[i]
            return t0, ok_t, s0, ok_s

    table = {}
    bad = False
    for mb in _set_masks(singles, 2):
        t0, ok_t, s0, ok_s = table[mb] = per_b(mb)
        if (t0 & ~ok_t | s0 & ~ok_s) & _avoiding(fam, mb) & pairs_a:
            bad = True
            break

    def weight(a, b):
        """Sub-instances of one hypothesis of a pair with |A| = a, |B| = b: (i)/(iii)
        two per x ∉ A (with B − x non-empty), (ii)/(iv) one per a ∈ A, the corollary
        one per B1."""
        return 2 * (k - a - b + (2 if b == 2 else 0)) + a + (2 if b == 2 else 0)

    if not bad:
        count = 0
        for mb, (t0, _, s0, _) in table.items():
            out = _avoiding(fam, mb)
            b = mb.bit_count()
            for a, size in ((1, sized[0]), (2, sized[1])):
                count += ((t0 & out & size).bit_count() + (s0 & out & size).bit_count()) * weight(a, b)
        return count, None
    count = 0
    for ma, mb in _pair_masks(game):
        t0, ok_t, s0, ok_s = table[mb] if mb in table else table.setdefault(mb, per_b(mb))
        ra = 0
        for i in bits(ma):
            ra |= relbit[i]
        thr, sup = t0 >> ra & 1, s0 >> ra & 1
        if thr and not ok_t >> ra & 1 or sup and not ok_s >> ra & 1:
            return count, (ma, mb)
        count += (thr + sup) * weight(ma.bit_count(), mb.bit_count())
    return count, None


@statement("TSD.L4", kind="thm", source=SRC + " §4, Lemma 4 and corollary", max_n=9, tier_n=6)
def l4(game):
    """Threat and support survive play: (i)/(iii) outside A (B shrinks), (ii) A−a threatens
    B in G−a, (iv) A−a supports B in G∗a; corollary: A threatens (supports) B1∪B2 ⇒ A∪B1
    threatens (supports) B2."""
    return fast_then_resume(L4_FAST, game, _l4_fast, _l4_plain,
                            lambda count, failed: _resume(game, _l4_plain, count, failed))


def _l4_plain(game, pairs=None):
    """:func:`l4` as written: labels and :class:`Game` operations, in enumeration order."""
    t = Tally()
    free = game.nonterminals()
    played: dict = {}  # b -> (G − b, G ∗ b), built once

    def after(b):
        if b not in played:
            played[b] = (game.delete(b), game.short(b))
        return played[b]

    for A, B in _pairs(game) if pairs is None else pairs:
        det = dict(vertices=sorted(A | B, key=str), A=sorted(A, key=str), B=sorted(B, key=str))
        thr, sup = threatens(game, A, B), supports(game, A, B)
        for b in free:
            if b in A or not B - {b}:
                continue
            if not (thr or sup):
                continue  # nothing to check for this b (no hypothesis holds)
            for h in after(b):
                if thr and not t.add(threatens(h, A, B - {b}), b=b, part="i", **det):
                    return t
                if sup and not t.add(supports(h, A, B - {b}), b=b, part="iii", **det):
                    return t
        for a in A:
            if thr and not t.add(threatens(after(a)[0], A - {a}, B), a=a, part="ii", **det):
                return t
            if sup and not t.add(supports(after(a)[1], A - {a}, B), a=a, part="iv", **det):
                return t
        for B1 in _sets(B, len(B) - 1):
            B2 = B - B1
            if thr and not t.add(threatens(game, A | B1, B2), B1=sorted(B1, key=str), part="corollary threat", **det):
                return t
            if sup and not t.add(supports(game, A | B1, B2), B1=sorted(B1, key=str), part="corollary support", **det):
                return t
    return t


def _eq1_fast(game, connected_b: bool) -> int | None:
    """The fast pass of :func:`_eq1`: the number of checked pairs when all pass, else
    None.  Per ``B`` (connected by ``_connected_mask`` when asked), the threatening
    ``A`` from ``threat_family``; ``Γ(A) ∖ B`` threatening ``A ∪ B`` by ``threat_masks``."""
    adj, alive = game.adjacency, _alive(game)
    free = _free_indices(game)
    absm = _abs_masks(free)
    small = _small(len(free), 1, 2)
    t1, t2 = game.terminal_indices
    terms = (1 << t1) | (1 << t2)
    count = 0
    for mb in _set_masks(tuple(1 << i for i in free), 2):
        if connected_b and not _connected_mask(adj, mb):
            continue
        for r in bits(threat_family(adj, alive, mb, free) & small):
            ma = absm[r]
            c = 0
            for i in bits(ma):
                c |= adj[i]
            c &= ~ma & ~mb  # Γ(A) ∖ B
            if c & terms:
                continue
            if not threat_masks(adj, alive, c, ma | mb):
                return None
            count += 1
    return count


def _eq1(game, connected_b: bool):
    """Eq. (1): the fast pass, and the plain check :func:`_eq1_plain` on any failure."""
    return fast_then_plain(EQ1_FAST, game, lambda g: _eq1_fast(g, connected_b), lambda g: _eq1_plain(g, connected_b))


def _eq1_plain(game, connected_b: bool):
    """:func:`_eq1` as written: labels, in :func:`_pairs` order."""
    t = Tally()
    for A, B in _pairs(game):
        if connected_b and not _connected(game, B):
            continue
        C = game.set_neighbours(A) - B
        if any(game.is_terminal(x) for x in C) or not threatens(game, A, B):
            continue
        if not t.add(threatens(game, C, A | B), vertices=sorted(A | B, key=str), A=sorted(A, key=str), B=sorted(B, key=str), C=sorted(C, key=str)):
            return t
    return t


@statement(
    "TSD.EQ1/a",
    kind="thm",
    source=SRC + " §4, eq. (1)",
    max_n=7,
    expect="refuted", refuted_by=(5, 4, 'D[O', (3, 4)),
    reading="any B (1 ≤ |A|, |B| ≤ 2), checked where Γ(A)∖B (in the original G) is terminal-free, so that "
    "it can threaten. Refuted for disconnected B: on the path t1–0–2–1–t2, A = {2} threatens B = {0, 1} "
    "but Γ(A)∖B = ∅ does not threaten {0, 1, 2} (shorting the whole path joins the terminals).",
)
def eq1_a(game):
    """A threatens B ⇒ Γ(A)∖B threatens A∪B (Γ taken in the original G)."""
    return _eq1(game, connected_b=False)


@statement(
    "TSD.EQ1/b",
    kind="thm",
    source=SRC + " §4, eq. (1)",
    max_n=9,
    tier_n=6,
    reading="as /a, but only for connected B (G[B] connected), the case Theorem 7 is stated for.",
)
def eq1_b(game):
    """A threatens connected B ⇒ Γ(A)∖B threatens A∪B (Γ taken in the original G)."""
    return _eq1(game, connected_b=True)


@statement(
    "TSD.ART/a",
    kind="thm",
    source=SRC + " §4, remark after Theorem 9",
    max_n=7,
    expect="refuted", refuted_by=(4, 3, 'Cd', (2, 3)),
    reading="literal: articulation vertex of the whole graph; supporting sets are terminal-free and may be "
    "empty. Refuted when G−v has a terminal-free component: shorting it away leaves v supported.",
)
def art_a(game):
    """A vertex has no supporting set iff it is an articulation (cut) vertex."""
    cut = articulation_vertices(game)
    return fast_then_plain(ART_FAST, game, lambda g: len(g.nonterminals()) if _art_fast(g, lambda v: v in cut) else None,
                           _art_a_plain)


def _art_fast(game, other) -> bool:
    """Every non-terminal ``v``: no supporting set (``has_supporting_set_masks``) ⇔
    ``other(v)`` (a label predicate)."""
    adj, alive = game.adjacency, _alive(game)
    t1, t2 = game.terminal_indices
    free = alive & ~(1 << t1) & ~(1 << t2)
    for v in game.nonterminals():
        if (not has_supporting_set_masks(adj, alive, free, game.index(v))) != other(v):
            return False
    return True


def _art_a_plain(game):
    """:func:`art_a` as written."""
    t = Tally()
    cut = articulation_vertices(game)
    for v in game.nonterminals():
        if not t.add((not has_supporting_set(game, v)) == (v in cut), vertices=[v], articulation=v in cut):
            return t
    return t


def _separates_terminals(game, v) -> bool:
    t1, t2 = game.terminal_indices
    rest = game.mask(game.vertices) & ~(1 << game.index(v))
    return not short_wins(game.adjacency, rest, t1, t2)


@statement(
    "TSD.ART/b",
    kind="thm",
    source=SRC + " §4, remark after Theorem 9",
    max_n=9,
    tier_n=6,
    reading="'articulation vertex' as the Shannon game needs it: v separates the terminals (they lie in "
    "different components of G − v). Supporting sets are terminal-free and may be empty.",
)
def art_b(game):
    """A vertex has no supporting set iff removing it separates the terminals."""
    return fast_then_plain(ART_FAST, game,
                           lambda g: len(g.nonterminals()) if _art_fast(g, lambda v: _separates_terminals(g, v)) else None,
                           _art_b_plain)


def _art_b_plain(game):
    """:func:`art_b` as written."""
    t = Tally()
    for v in game.nonterminals():
        sep = _separates_terminals(game, v)
        if not t.add((not has_supporting_set(game, v)) == sep, vertices=[v], separates=sep):
            return t
    return t
