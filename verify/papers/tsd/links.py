"""TSD §3–4 and appendix: sub-game decompositions (Theorems 5, 10, 17, 18).

* Theorem 5 breaks a capture into Short first-player wins on subsets;
* Theorem 10 solves multi-Shannon games by *pair-sets*;
* Theorems 17 and 18 are the or- and and-rules for multi-links.

Outcomes come from :class:`verify.solve.MultiShannon` and
:func:`verify.links.multi_link_type` (both plain minimax over the colourings of the
playing area, checked against brute-force enumeration in ``tests/``); the fast passes
of T17 and T18 read every carrier's type at once from
:meth:`verify.links.MultiLinks.families` (checked against ``MultiLinks.type`` in
``tests/test_tsd_links_fast.py``), T18/b with the genuine ``MultiLinks`` from
:class:`verify.links.ShortedStrong` and a closed form for carriers of at most two
vertices (checked against ``families`` in ``tests/test_tsd_links_fast.py``); threat
and support from their definitions in :mod:`verify.concepts`.

References: A. M. Steane, "Threat, support and dead edges in the Shannon game",
§3 (Theorem 5), §4 (Theorem 10) and the appendix (Theorems 17, 18).
"""

from __future__ import annotations

from functools import lru_cache, reduce
from itertools import combinations

from ...concepts import support_masks, supports, threat_masks, threatens
from ...backing import recording, used
from ...game import bits
from ...links import MultiLinks, ShortedStrong, member_families
from ...registry import Tally, statement
from ...registry.routes import add_route, fast_then_plain, switch
from ...solve import CUT, SHORT, MultiShannon
from ...solve.multi import _solve_all
from ...solve.strategy import check_multi_strategy
from ._memo import _local_key, _mask_sets, _Msgs, _shared, _SharedMaskMsgs

SRC = "TSD"


def _s(x):
    return sorted(x, key=str)


def _subsets(items, max_size):
    for k in range(max_size + 1):
        for c in combinations(items, k):
            yield frozenset(c)



T5_FAST, T10_FAST, T17_FAST, T18_FAST = (switch(f"tsd.{x}.fast", 0) for x in ("t5", "t10", "t17", "t18"))
add_route("TSD.T5", "fast", "restricted wins of all subsets as families (_t5_fast)", (T5_FAST,))
add_route("TSD.T10", "fast", "pairings on index masks (_t10_fast)", (T10_FAST,))
add_route("TSD.T17", "fast", "weak carriers per terminal set, shared across games (_t17_fast)", (T17_FAST,))
add_route(("TSD.T18/a", "TSD.T18/b"), "fast", "the AND rule on families (_and_rule_fast, _and_rule_b_fast)", (T18_FAST,))

@statement(
    "TSD.T5",
    kind="thm",
    source=SRC + " §3, Theorem 5",
    max_n=9,
    tier_n=6,
    reading="a Short first-player win 'on a subset U ⊆ S' is play restricted to U on G[U ∪ Γ(S)], judged "
    "against the Short-win graph of M_{G,S} on Γ(S); U ranges over every subset of S, ∅ and S included. "
    "Both directions are checked: S captured ⇔ the subsets with such a win have empty total intersection. "
    "S ranges over terminal-free sets of size 1–4.",
)
def t5(game):
    """S is captured iff Short has first-player wins on subsets of S (play restricted to
    each subset, terminals Γ(S)) whose total intersection is empty."""
    return fast_then_plain(T5_FAST, game, _t5_fast, _t5_plain)


@lru_cache(maxsize=None)
def _restricted_codes(k: int) -> tuple:
    """Per subset ``U`` of an ``S`` of ``k`` vertices (``U`` a mask of ranks in S), the
    position of :func:`verify.solve.multi._solve_all` with ``S ∖ U`` deleted and nothing
    else played (the position :meth:`MultiShannon.restricted_short_first_wins` reads)."""
    return tuple(sum(2 << (2 * i) for i in range(k) if not u >> i & 1) for u in range(1 << k))


def _restricted_wins(m) -> int:
    """The subsets ``U ⊆ S`` on which Short, moving first with play restricted to ``U``,
    forces the Short win of ``m`` (a :class:`MultiShannon`), as a family: bit ``u`` set
    for the ``U`` with rank mask ``u`` (bit ``i`` for the ``i``-th vertex of S by index).

    Read from the whole-game table of ``m`` (every position solved at once, shared by
    games of one shape) as :meth:`MultiShannon.restricted_short_first_wins` reads it,
    one position per ``U``; asked one by one when S is too large for a table."""
    table = m._table()
    k = m.s_mask.bit_count()
    if table is None:
        s_bits = list(bits(m.s_mask))
        return sum(1 << u for u in range(1 << k)
                   if m.restricted_short_first_wins({m.game.label(s_bits[i]) for i in bits(u)}))
    short_first = table[True][0]
    out = 0
    for u, code in enumerate(_restricted_codes(k)):
        if short_first >> code & 1:
            out |= 1 << u
    return out


#: The genuine solver and family reader: with these :func:`_t5_fast` reads the ends of
#: M_{G,S} directly (:func:`_t5_leaves`); a perturbed one (a mutant's) is asked itself.
_MULTI, _READER = MultiShannon, _restricted_wins

#: Answers of :func:`_t5_fast` per S shared across games: (solver class, family reader,
#: S, the rows of G[S ∪ Γ(S)] in G's index space) -> (the theorem holds for S, the
#: decision procedures that answered, recorded again on every reuse).
_T5_SEEN: dict = {}
_T5_SEEN_MAX = 1 << 16


def _t5_fast(game) -> int | None:
    """The number of TSD.T5 instances of ``game`` when every one holds, else None: S by S
    (:func:`_t5_fast_sets`), each S's Short-win ends read off this game.  (No size of S
    is taken as safe in advance: that every possible M_{G,S} satisfies the theorem is
    an argument, and a check must look at its games.)"""
    return _t5_fast_sets(game)


def _t5_fast_sets(game) -> int | None:
    """:func:`_t5_fast` S by S.

    Per S the winning subsets as one family (:func:`_restricted_wins`) instead of a
    solver question per subset: their total intersection is the AND of their rank masks.
    The answer for S depends only on S and ``G[S ∪ Γ(S)]`` (all the solver reads), so it
    is remembered per those rows in G's index space, for the classes ``MultiShannon``
    and ``_restricted_wins`` looked up when called (a perturbed one answers afresh),
    with the procedures that answered (:func:`~verify.backing.used` again on reuse)."""
    adj = game.adjacency
    free = [game.index(v) for v in game.nonterminals()]
    solver, reader = MultiShannon, _restricted_wins
    seen = _T5_SEEN
    names: set = set()
    count = 0
    for k in (1, 2, 3, 4):
        for S in combinations(free, k):
            s = around = 0
            for i in S:
                s |= 1 << i
                around |= adj[i]
            keep = around | s
            key = (solver, reader, s, tuple([adj[i] & keep for i in bits(keep)]))
            hit = seen.get(key)
            if hit is None:
                with recording() as rec:
                    if solver is _MULTI and reader is _READER:  # the genuine solver: read its leaves directly
                        used("multi")  # what MultiShannon(game, S) records
                        holds = _t5_decide(k, _t5_leaves(adj, s, around & ~s))
                    else:
                        m = solver(game, [game.label(i) for i in S])
                        holds = _t5_holds(m, reader(m), k)
                if len(seen) >= _T5_SEEN_MAX:
                    seen.clear()
                hit = seen[key] = (holds, frozenset(rec.names))
            names |= hit[1]
            if not hit[0]:
                return None
            count += 1
    for name in names:
        used(name)
    return count


def _t5_holds(m, fam: int, k: int) -> bool:
    """Theorem 5 for one S: captured (``m`` a :class:`MultiShannon`) iff the winning
    subsets ``fam`` (a family over rank masks) are non-empty with empty intersection."""
    meet = (1 << k) - 1
    for u in bits(fam):
        meet &= u
    return m.second_player_wins(SHORT) == (fam != 0 and meet == 0)


@lru_cache(maxsize=1 << 16)
def _t5_decide(k: int, leaves: int) -> bool:
    """Theorem 5 for an S of ``k`` vertices whose Short-win ends are ``leaves`` (bit ``b``
    set when shorting the ranks ``b`` and deleting the rest of S gives ``H ∗ S`` on
    Γ(S)).  Every answer :func:`_t5_holds` reads (Short's side of the whole-game table
    of :func:`verify.solve.multi._solve_all`) is a function of these ends alone — the Cut
    wins only enter Cut's side — so the table is built from them (at most 2^16 keys)."""
    table = _solve_all(k, [(bool(leaves >> b & 1), False) for b in range(1 << k)])
    short_first, cut_first = table[True]
    fam = 0
    for u, code in enumerate(_restricted_codes(k)):
        if short_first >> code & 1:
            fam |= 1 << u
    meet = (1 << k) - 1
    for u in bits(fam):
        meet &= u
    return bool(cut_first & 1) == (fam != 0 and meet == 0)


def _t5_leaves(adj, s: int, t: int) -> int:
    """The Short-win ends of M_{G,S} (``s`` = S, ``t`` = Γ(S) as masks) as a family over
    rank masks ``b`` of S (bit ``i`` of ``b`` for the ``i``-th vertex of S by index).

    Shorting ``b`` and deleting the rest joins two vertices x, y of Γ(S) iff they are
    adjacent or both touch one component of G[b]; the end is H ∗ S iff every
    non-adjacent pair of Γ(S) joined through a component of G[S] is joined through one of
    G[b].  That depends only on the ranks of S each of x, y touches (their types) and on
    G[S]: :func:`_t5_cover` gives, per pair of types, the ends that keep it right."""
    ranks = list(bits(s))
    inner = tuple(sum(1 << r for r, j in enumerate(ranks) if adj[i] >> j & 1) for i in ranks)
    cover = _t5_cover(inner)
    types = {}
    for x in bits(t):
        types[x] = sum(1 << r for r, j in enumerate(ranks) if adj[j] >> x & 1)
    out = (1 << (1 << len(ranks))) - 1
    for x, a in types.items():
        row = cover[a]
        for y in bits(t & ~adj[x] & ~((2 << x) - 1)):  # each non-adjacent pair once
            out &= row[types[y]]
    return out


def _rank_components(inner: tuple, b: int) -> list:
    """The components of G[b] (``b`` a rank mask, ``inner`` the rank rows of G[S])."""
    out = []
    left = b
    while left:
        comp = frontier = left & -left
        while frontier:
            nxt = 0
            for r in bits(frontier):
                nxt |= inner[r]
            frontier = nxt & b & ~comp
            comp |= frontier
        out.append(comp)
        left &= ~comp
    return out


@lru_cache(maxsize=1 << 10)
def _t5_cover(inner: tuple) -> tuple:
    """Per pair of types ``a``, ``c`` (non-empty rank masks of S; G[S] given by the rank
    rows ``inner``) the family of ends ``b`` under which a non-adjacent pair of Γ(S) of
    those types ends as in H ∗ S: every ``b`` when no component of G[S] meets both,
    else the ``b`` with a component of G[b] meeting both."""
    k = len(inner)
    comps = [_rank_components(inner, b) for b in range(1 << k)]
    full = (1 << (1 << k)) - 1
    table = []
    for a in range(1 << k):
        row = []
        for c in range(1 << k):
            if not any(d & a and d & c for d in comps[-1]):
                row.append(full)
                continue
            row.append(sum(1 << b for b in range(1 << k) if any(d & a and d & c for d in comps[b])))
        table.append(tuple(row))
    return tuple(table)


def _t5_plain(game):
    """:func:`t5` as written (the reference of :func:`_t5_fast`; the failing games')."""
    t = Tally()
    free = game.nonterminals()
    for k in (1, 2, 3, 4):
        for S in combinations(free, k):
            m = MultiShannon(game, S)
            winners = [U for U in _subsets(S, k) if m.restricted_short_first_wins(U)]
            empty = bool(winners) and not reduce(frozenset.intersection, winners)
            captured = m.second_player_wins(SHORT)
            if not t.add(captured == empty, vertices=_s(S), captured=captured, winning_subsets=[_s(u) for u in winners]):
                return t
    return t


def _pair_sets(free, k):
    """Sets of k disjoint ordered pairs (a_i, b_i) of distinct vertices, each set once."""
    for chosen in combinations(free, 2 * k):
        first, rest = chosen[0], chosen[1:]
        if k == 1:
            yield [(chosen[0], chosen[1])]
            yield [(chosen[1], chosen[0])]
            continue
        for partner in rest:  # pair the first vertex with each other one, then recurse
            others = [x for x in rest if x != partner]
            for tail in _pair_sets(others, k - 1):
                yield [(first, partner)] + tail
                yield [(partner, first)] + tail


@statement(
    "TSD.T10",
    kind="thm",
    source=SRC + " §4, Theorem 10",
    max_n=9,
    tier_n=6,
    reading="the pairs {a_i, b_i} are disjoint; 'a_i P-dominates {a_i, b_i}' is a first-player P win in "
    "M_{G,{a_i,b_i}} opening at a_i; one or two pairs (sets of size 2 or 4). The proof's strategy is "
    "checked too: P, moving second in M_{G,A∪B}, answers each move on a pair with the other vertex of it.",
)
def t10(game):
    """For disjoint pairs {a_i,b_i} with a_i P-dominating its pair, A = {a_i}, B = {b_i}:
    Cut case, B threatens A ⇒ A ∪ B lost; Short case, B supports A ⇒ A ∪ B captured."""
    return fast_then_plain(T10_FAST, game, _t10_fast, _t10_plain)


def _t10_fast(game):
    """The number of TSD.T10 instances of ``game`` when every one holds, else None.

    The plain check on index masks: the multi-Shannon answers (domination once per pair
    and player, also per graph by :func:`_dominating_pairs`; capture / loss)
    remembered across games per the rows of
    ``G[S ∪ Γ(S)]`` (:class:`_SharedMaskMsgs`, this module's ``MultiShannon`` looked
    up when called); threat and support with :func:`threat_masks` /
    :func:`support_masks` only for pair-sets whose pairs all dominate, remembered per
    graph (:data:`_RELATED`); the pairing strategy by :func:`_pairing_holds`.  Every
    name is looked up when called."""
    adj = game.adjacency
    full = (1 << game.n) - 1
    free = [game.index(v) for v in game.nonterminals()]
    msgs = _SharedMaskMsgs(game, MultiShannon)
    count = 0
    for p, related in ((CUT, threat_masks), (SHORT, support_masks)):
        other = CUT if p == SHORT else SHORT
        dom = _dominating_pairs(msgs, free, p)  # ordered pairs (a, b) with a P-dominating {a, b}
        seen = _per_graph(_RELATED, (related, adj))
        for pairs, ma, mb in _pair_families(dom):
            holds = seen.get((mb, ma))
            if holds is None:
                holds = seen[(mb, ma)] = related(adj, full, mb, ma)
            if not holds:
                continue
            count += 2
            if not msgs.second(ma | mb, p):
                return None
            if not _pairing_holds(msgs, game, pairs, p, other):
                return None
    return count


def _pair_families(dom: list) -> list:
    """The sets of one pair and of two disjoint pairs of ``dom`` (each once, in the
    order of the fast pass before), each with the masks of its ``a`` and ``b`` vertices."""
    single = [([x], 1 << x[0], 1 << x[1]) for x in dom]
    out = list(single)
    for i, (x, ax, bx) in enumerate(single):
        both = ax | bx
        for y, ay, by in single[i + 1:]:
            if not both & (ay | by):  # four distinct vertices
                out.append((x + y, ax | ay, bx | by))
    return out


#: The dominating moves of T10's pairs across games: (solver class, adjacency of G,
#: player) -> {the pair's mask: (winning first moves as a mask, the procedures that
#: answered)} (see :func:`_per_graph`).
_DOM_SEEN: dict = {}


def _per_graph(store: dict, key) -> dict:
    """The answers in ``store`` for ``key`` (a tuple holding the adjacency of one graph),
    a dict made on first use; ``store`` keeps those of at most :data:`_GRAPHS_MAX` keys
    (the games of one graph come one after another in a shard) and forgets all of them
    when full.  One lookup per game hashes the adjacency once for all its answers."""
    inner = store.get(key)
    if inner is None:
        if len(store) >= _GRAPHS_MAX:
            store.clear()
        inner = store[key] = {}
    return inner


_GRAPHS_MAX = 1 << 6


def _dominating_pairs(msgs, free: list, p) -> list:
    """The ordered pairs ``(a, b)`` of the indices ``free`` with ``a`` P-dominating
    ``{a, b}``, in the order of the plain check, from ``msgs.moves`` (a
    :class:`_SharedMaskMsgs`).

    The answers are remembered per (``MultiShannon`` looked up when called, adjacency,
    pair, player) (:data:`_DOM_SEEN`): the games of one graph with different terminal
    pairs (consecutive in a shard) ask the same pairs, and this skips the per-game key
    of :class:`_SharedMaskMsgs`.  The procedures that answered are recorded once per
    call, as the plain check records them."""
    seen = _per_graph(_DOM_SEEN, (MultiShannon, msgs.game.adjacency, p))
    names: set = set()
    out = []
    for a in free:
        for b in free:
            if a == b:
                continue
            s = 1 << a | 1 << b
            hit = seen.get(s)
            if hit is None:
                moves = msgs.moves(s, p)
                hit = seen[s] = (moves, frozenset(msgs._entry(s)["names"]))
            names |= hit[1]
            if hit[0] >> a & 1:
                out.append((a, b))
    for name in names:
        used(name)
    return out


#: Answers of "B threatens A" / "B supports A" in T10's fast pass across games:
#: (the function asked, looked up when called; adjacency of G) -> {(B, A): answer}
#: (see :func:`_per_graph`).  Both read only the adjacency and the two sets, so the
#: games of one graph with different terminal pairs (consecutive in a shard) share them.
_RELATED: dict = {}


#: Answers of :func:`_pairing_holds` across games: (solver class, the rows of
#: G[S ∪ Γ(S)] as :func:`_local_key`, the pairs, the player) -> (the pairing strategy
#: wins, the procedures that answered).
_PAIRING_SEEN: dict = {}


def _pairing_holds(msgs, game, pairs, p, other) -> bool:
    """Theorem 10's pairing strategy wins for ``p`` (moving second) in the multi-Shannon
    game on the pairs (index pairs): :func:`check_multi_strategy` with
    :func:`_pairing`, as in the plain check, unless both are this module's own.

    Then every line ends with one vertex of each pair shorted (the opponent's choice
    of vertex, or its partner), every choice occurs, and the final graph on Γ(S)
    depends only on the shorted set (− and ∗ on distinct vertices commute;
    ``MultiShannon._leaf``): the strategy wins exactly when ``p`` wins at each of the
    ``2^k`` sets with one vertex per pair shorted.  That answer is a function of the
    rows of ``G[S ∪ Γ(S)]``, remembered across games (bounded, with the procedures
    that answered: ``strategy`` recorded as :func:`check_multi_strategy` records it)."""
    s = sum((1 << a) | (1 << b) for a, b in pairs)
    if check_multi_strategy is not _GENUINE_CHECK or _pairing is not _GENUINE_PAIRING:
        labelled = [(game.label(a), game.label(b)) for a, b in pairs]
        return check_multi_strategy(msgs(s), p, other, _pairing(labelled))[0]
    key = (MultiShannon, _local_key(game.adjacency, s), tuple(pairs), p)
    return _shared(_PAIRING_SEEN, key, lambda: _transversals_win(msgs(s), pairs, p))


def _transversals_win(m, pairs, p) -> bool:
    """``p`` wins the multi-Shannon game ``m`` at every end with one vertex of each pair
    shorted and the other deleted (see :func:`_pairing_holds`)."""
    used("strategy")
    side = 0 if p == SHORT else 1
    for choice in range(1 << len(pairs)):
        shorted = 0
        for i, (a, b) in enumerate(pairs):
            shorted |= 1 << (b if choice >> i & 1 else a)
        if not m._leaf(shorted)[side]:
            return False
    return True


def _t10_plain(game):
    """TSD.T10 as written (the reference of :func:`_t10_fast`; the failing games')."""
    t = Tally()
    free = game.nonterminals()
    msgs = _Msgs(game, lambda g, S: MultiShannon(g, S))  # this module's MultiShannon, looked up at call time

    def dominates(a, b, p):
        return a in msgs.moves({a, b}, p)

    for k in (1, 2):
        for pairs in _pair_sets(free, k):
            A = {a for a, _ in pairs}
            B = {b for _, b in pairs}
            for p, relation, wins in ((CUT, threatens, "lost"), (SHORT, supports, "captured")):
                if all(dominates(a, b, p) for a, b in pairs) and relation(game, B, A):
                    m = msgs(A | B)
                    ok = m.second_player_wins(p)
                    if not t.add(ok, vertices=_s(A | B), pairs=[list(x) for x in pairs], player=p, expected=wins, part="theorem"):
                        return t
                    other = CUT if p == SHORT else SHORT
                    stated, lines = check_multi_strategy(m, p, other, _pairing(pairs))
                    if not t.add(stated, vertices=_s(A | B), pairs=[list(x) for x in pairs], player=p, lines=lines,
                                 part="the proof's pairing strategy"):
                        return t
    return t


def _pairing(pairs):
    """Theorem 10's strategy: answer a move on a pair by playing the other vertex of that pair."""
    partner = {a: b for a, b in pairs} | {b: a for a, b in pairs}
    return lambda left, history: partner[history[-1][1]]


#: The strategy checker and rule this module defined, for :func:`_pairing_holds`'s dispatch.
_GENUINE_CHECK, _GENUINE_PAIRING = check_multi_strategy, _pairing


def _terminal_sets(game):
    """The multi-link terminal sets used for T17: {s, t} and {s, t, x} for non-terminal x."""
    s, t = game.terminals
    yield frozenset((s, t))
    for x in game.nonterminals():
        yield frozenset((s, t, x))


@statement(
    "TSD.T17",
    kind="thm",
    source=SRC + " appendix, Theorem 17 (or-rule)",
    max_n=9,
    tier_n=6,
    reading="terminal sets T = {s, t} and {s, t, x} (x non-terminal); carriers are terminal-free sets "
    "of size ≤ 4 disjoint from T; families of two or three weak multi-links (first-player but not "
    "second-player Short wins) with empty total intersection.",
)
def t17(game):
    """Weak multi-links between the same terminals with empty total intersection ⇒ the
    union of their carriers is a strong multi-link."""
    return fast_then_plain(T17_FAST, game, _t17_fast, _t17_plain)


#: Answers of :func:`_t17_terminal_set` across games: (positions, weak carriers of at
#: most four vertices, strong carriers) -> the number of instances when all hold, else -1.
_T17_SEEN: dict = {}
_T17_SEEN_MAX = 1 << 16


def _t17_fast(game):
    """The number of TSD.T17 instances of ``game`` when every one holds, else None.

    The plain check on families of carriers (relative masks over the non-terminals,
    see :meth:`~verify.links.MultiLinks.families`; this module's ``MultiLinks``, looked
    up when called): per terminal set the strong and the weak carriers at once, decided
    by :func:`_t17_terminal_set` (with the genuine ``MultiLinks``, a terminal set that
    is already a clique is skipped: all its carriers are strong, so it has no weak
    carrier and no instance).  That answer is a function of the two families only,
    so it is remembered across games per (positions, weak carriers of at most four
    vertices, strong carriers) (games share them often: 599 pairs for the 7,888
    terminal sets of the n = 9 sample shard), and with the genuine ``MultiLinks`` also
    per graph and terminal set (:data:`_T17_SETS`), before its families are built."""
    over = game.nonterminals()
    m = len(over)
    small = _small_sets(m)
    seen = _T17_SEEN
    genuine = MultiLinks is _GENUINE_MULTILINKS
    adj = game.adjacency
    sets = _T17_SETS
    count = 0
    for T in _terminal_sets(game):
        if genuine:
            t_mask = game.mask(T)
            if _is_clique(adj, t_mask):
                continue  # every carrier strong (T is won before any move), none weak: no instance
            hit = sets.get((adj, t_mask))
            if hit is not None:
                if hit < 0:
                    return None
                count += hit
                continue
        fams = MultiLinks(game, T).families(over)
        key = (m, fams["weak"] & small, fams["strong"])
        hit = seen.get(key)
        if hit is None:
            if len(seen) >= _T17_SEEN_MAX:
                seen.clear()
            got = _t17_terminal_set(m, key[1], key[2])
            hit = seen[key] = -1 if got is None else got
        if genuine:
            if len(sets) >= _T17_SEEN_MAX:
                sets.clear()
            sets[(adj, t_mask)] = hit
        if hit < 0:
            return None
        count += hit
    return count


#: Answers of :func:`_t17_terminal_set` per (adjacency of G, terminal set as an index
#: mask), for the genuine ``MultiLinks`` only: its families read only the adjacency,
#: ``T`` and the vertices outside ``T`` (the terminals are in ``T``), and the answer
#: does not depend on how those vertices are numbered, so the games of one graph with
#: different terminal pairs (consecutive in a shard) share the terminal sets they have
#: in common ({s, t, x} for three terminal pairs).
_T17_SETS: dict = {}


def _is_clique(adj, T: int) -> bool:
    """The vertices of the index mask ``T`` are pairwise adjacent."""
    return all((adj[i] | 1 << i) & T == T for i in bits(T))


@lru_cache(maxsize=None)
def _small_sets(m: int) -> int:
    """The family of the subsets of ``range(m)`` with at most four members."""
    return sum(1 << r for r in range(1 << m) if r.bit_count() <= 4)


def _t17_terminal_set(m: int, weak_family: int, strong: int):
    """TSD.T17's instances for one terminal set, from the families of its weak carriers
    (at most four vertices) and its strong carriers over ``m`` positions: their number
    when every one holds, else None.

    For each pair of weak carriers ``a, b`` (in one order) the third ones ``c`` after
    ``b`` with ``a ∩ b ∩ c = ∅`` as one family, checked against the carriers ``r``
    with ``a ∪ b ∪ r`` strong (one family per union ``a ∪ b``)."""
    member = member_families(m)
    every = (1 << (1 << m)) - 1
    weak = list(_members_of(weak_family))
    after = [0] * len(weak)  # after[j]: the family of weak[j + 1:]
    for j in range(len(weak) - 2, -1, -1):
        after[j] = after[j + 1] | 1 << weak[j + 1]
    avoid: dict = {}  # c -> the carriers disjoint from c
    upward: dict = {}  # u -> the carriers r with u ∪ r strong
    count = 0
    for i, a in enumerate(weak):
        for j in range(i + 1, len(weak)):
            b = weak[j]
            both, u = a & b, a | b
            if not both:
                count += 1
                if not strong >> u & 1:
                    return None
            third = avoid.get(both)
            if third is None:
                third = avoid[both] = _avoiding(member, both, every)
            third &= after[j]
            if third:
                count += third.bit_count()
                ok = upward.get(u)
                if ok is None:
                    ok = upward[u] = _joined_with(member, strong, u)
                if third & ~ok:
                    return None
    return count


def _members_of(family: int):
    """The sets (relative masks) of a family, in increasing order."""
    while family:
        low = family & -family
        yield low.bit_length() - 1
        family ^= low


def _avoiding(member: tuple, c: int, every: int) -> int:
    """The family of the sets disjoint from ``c`` (``member``: :func:`member_families`)."""
    meet = 0
    for i in bits(c):
        meet |= member[i]
    return every & ~meet


def _joined_with(member: tuple, family: int, u: int) -> int:
    """The sets ``r`` with ``r ∪ u`` in ``family``: bit ``r`` takes the value of bit
    ``r | {i}``, one member ``i`` of ``u`` at a time."""
    for i in bits(u):
        has = family & member[i]
        family = has | has >> (1 << i)
    return family


def _t17_plain(game):
    """TSD.T17 as written (the reference of :func:`_t17_fast`; the failing games')."""
    t = Tally()
    for T in _terminal_sets(game):
        free = [v for v in game.nonterminals() if v not in T]
        links = MultiLinks(game, T)
        kinds = {V: links.type(V) for V in _subsets(free, 4)}
        weak = [V for V, kind in kinds.items() if kind == "weak"]
        for size in (2, 3):
            for family in combinations(weak, size):
                if reduce(frozenset.intersection, family):
                    continue
                union = frozenset().union(*family)
                kind = kinds[union] if union in kinds else links.type(union)
                if not t.add(kind == "strong", terminals=_s(T), carriers=[_s(V) for V in family], union=kind):
                    return t
    return t


def _and_rule(game, literal: bool):
    """TSD.T18 (reading /a when ``literal``, else /b): the fast pass, and the plain check
    on a game where anything fails.  Reading /b with this module's ``MultiLinks`` the
    genuine class takes :func:`_and_rule_b_fast` (a patched class, e.g. a mutant's, is
    asked through its ``families`` by :func:`_and_rule_fast`)."""
    def fast(g):
        if not literal and MultiLinks is _GENUINE_MULTILINKS:
            return _and_rule_b_fast(g)
        return _and_rule_fast(g, literal)

    return fast_then_plain(T18_FAST, game, fast, lambda g: _and_rule_plain(g, literal))


def _and_rule_fast(game, literal: bool):
    """The number of TSD.T18 instances of ``game`` when every one holds, else None.

    The plain check on families of carriers (relative masks over the non-terminals,
    see :meth:`~verify.links.MultiLinks.families`; this module's ``MultiLinks``, looked
    up when called): one table per terminal set in G (carriers of size ≤ 2 for ``T1``,
    ``T2``; ≤ 4 for ``T1 ⊕ T2``) and in each G ∗ x (``T1 ⊕ T2``).  For each ``(X1, X2)``
    the carriers ``V1 ∪ V2`` of all disjoint pairs form one family (the strong ``V2``
    disjoint from ``V1``, shifted by ``V1``: adding a disjoint set to a relative mask
    adds the masks), which must lie inside the strong carriers of each G ∗ x (and,
    for /a, the weak ones of G)."""
    s, tt = game.terminals
    over = game.nonterminals()  # bit i of a relative mask: over[i]
    member = member_families(len(over))
    every = (1 << (1 << len(over))) - 1
    shorted_games: dict = {}
    tables: dict = {}

    def family(kind, ends, X, x=-1):
        """The carriers of type ``kind`` towards the terminal set with ``s`` (bit 0 of
        ``ends``), ``t`` (bit 1) and ``X`` (a relative mask), in G or in G ∗ over[x]."""
        key = (ends, X, x)
        fams = tables.get(key)
        if fams is None:
            g = game
            if x >= 0:
                g = shorted_games.get(x)
                if g is None:
                    g = shorted_games[x] = game.short(over[x])
            T = [s] * (ends & 1) + [tt] * (ends >> 1) + [over[i] for i in bits(X)]
            fams = tables[key] = MultiLinks(g, T).families(over, 4 if ends == 3 else 2)
        return fams[kind]

    avoid: dict = {}

    def avoiding(c):
        hit = avoid.get(c)
        if hit is None:
            hit = avoid[c] = _avoiding(member, c, every)
        return hit

    count = 0
    xs = _mask_sets(tuple(1 << i for i in range(len(over))), (1, 2))
    for X1 in xs:
        for X2 in xs:
            common = X1 & X2
            if not common:
                continue
            # the strong carriers of each side, disjoint from T1 ∪ T2
            side1 = family("strong", 1, X1) & avoiding(X2)
            if not side1:
                continue
            side2 = family("strong", 2, X2) & avoiding(X1)
            unions = 0
            for V1 in _members_of(side1):
                V2s = side2 & avoiding(V1)
                count += V2s.bit_count()
                unions |= V2s << V1
            if not unions:
                continue
            target = X1 ^ X2
            for x in bits(common):
                if unions & ~family("strong", 3, target, x):
                    return None
            if literal and unions & ~family("weak", 3, target):
                return None
    return count


#: The class ``MultiLinks`` this module imported, for :func:`_and_rule`'s dispatch.
_GENUINE_MULTILINKS = MultiLinks


def _small_strong(adj, T: int, idx: tuple) -> tuple:
    """The strong multi-links of at most two vertices towards ``T`` (an index mask, with
    ``idx[i]`` the index of position ``i``): ``(T is a clique, the positions p outside
    T after whose shorting T is a clique)``.

    With play restricted to a carrier ``U`` of at most two vertices, Short (second)
    moves at most once: the empty carrier and a single vertex are strong when ``T`` is
    already a clique, and ``{u, w}`` is strong when it is or when shorting either one
    alone makes it one (Cut takes the other).  Shorting ``v`` joins the non-adjacent
    pairs of ``T`` exactly when ``v`` is adjacent to every vertex of such a pair."""
    apart = 0
    for a in bits(T):
        miss = T & ~adj[a] & ~(1 << a)
        if miss:
            apart |= miss | 1 << a
    if not apart:
        return True, 0
    pivots = 0
    for p, j in enumerate(idx):
        if not T >> j & 1 and adj[j] & apart == apart:
            pivots |= 1 << p
    return False, pivots


@lru_cache(maxsize=1 << 11)
def _small_family(m: int, clique: bool, mask: int) -> int:
    """The family of the strong carriers of :func:`_small_strong` inside the relative
    mask ``mask`` (``m`` positions): every set of at most two of ``mask`` when ``T`` is
    a clique, else the pairs of ``mask`` (then ``mask``: the pivots inside the range)."""
    ps = list(bits(mask))
    out = 0
    for a, b in combinations(ps, 2):
        out |= 1 << ((1 << a) | (1 << b))
    if clique:
        out |= 1
        for a in ps:
            out |= 1 << (1 << a)
    return out


@lru_cache(maxsize=1 << 14)
def _joined_pairs(m: int, side1: int, side2: int) -> tuple:
    """``(the number of disjoint pairs (V1, V2), the family of their unions V1 ∪ V2)``
    for ``V1`` in the family ``side1`` and ``V2`` in ``side2`` (``m`` positions)."""
    member = member_families(m)
    every = (1 << (1 << m)) - 1
    count = unions = 0
    for V1 in _members_of(side1):
        V2s = side2 & _avoiding(member, V1, every)
        count += V2s.bit_count()
        unions |= V2s << V1  # a set disjoint from V1 plus V1: the masks add
    return count, unions


def _and_rule_b_fast(game):
    """:func:`_and_rule_fast` for reading /b with the genuine ``MultiLinks``: the same
    families, computed directly.

    Per ``(X1, X2)`` the carriers lie outside ``T = T1 ⊕ T2`` (which holds ``s``, ``t``
    and ``X1 ⊕ X2``) and are numbered as the vertices outside ``T`` in index order
    (:func:`_squeeze`; a relabelling of the relative masks over the non-terminals: the
    same sets, counts and answers).  The strong carriers (at most two vertices)
    towards ``T1`` and ``T2`` from :func:`_small_strong` (equal to
    ``MultiLinks(G, T).families(over, 2)["strong"]``, tested); the disjoint pairs and
    their unions per pair of sides by :func:`_joined_pairs`; the strong carriers of
    ``G ∗ x`` towards ``T`` for every pivot ``x`` from one table of ``G`` per ``T``
    (:func:`_pivot_table`, equal to the per-``x`` families; it reads only the adjacency
    and ``T``, so the games of one graph share it)."""
    s, tt = game.terminal_indices
    n = game.n
    adj = game.adjacency
    ends = 1 << s | 1 << tt
    nonterm = ((1 << n) - 1) & ~ends
    meeting = _meeting_sets(nonterm)
    small2 = {X: _small_strong_shared(adj, 1 << tt | X) for X, _ in meeting}  # X -> towards {t} ∪ X
    count = 0
    # a side has no strong small carrier exactly when T is no clique and fewer than
    # two pivots are left: such pairs (X1, X2) have no instance and are skipped
    for X1, partners in meeting:
        clique1, piv1 = _small_strong_shared(adj, 1 << s | X1)  # towards {s} ∪ X1
        if not clique1 and (piv1 & nonterm & ~X1).bit_count() < 2:
            continue
        for X2, common, rest, sym in partners:
            a1 = rest if clique1 else piv1 & rest
            if not clique1 and a1.bit_count() < 2:
                continue
            clique2, piv2 = small2[X2]
            a2 = rest if clique2 else piv2 & rest
            if not clique2 and a2.bit_count() < 2:
                continue
            T = ends | sym
            k, unions = _sides_joined(n, T, clique1, a1, clique2, a2)
            count += k
            if not unions:
                continue
            table = _pivot_table(game, T)
            for x in bits(common):
                if unions & ~table.family((((1 << x) - 1) & ~T).bit_count()):  # x's position
                    return None
    return count


@lru_cache(maxsize=1 << 10)
def _meeting_sets(free: int) -> tuple:
    """The sets ``X1`` of one or two vertices of ``free`` (an index mask), each with the
    sets ``X2`` of one or two that meet it, as ``(X2, X1 ∩ X2, free ∖ (X1 ∪ X2),
    X1 ⊕ X2)``, in the order of the plain check."""
    xs = _mask_sets(tuple(1 << i for i in bits(free)), (1, 2))
    return tuple((X1, tuple((X2, X1 & X2, free & ~(X1 | X2), X1 ^ X2) for X2 in xs if X1 & X2)) for X1 in xs)


@lru_cache(maxsize=1 << 14)
def _sides_joined(n: int, T: int, clique1: bool, mask1: int, clique2: bool, mask2: int) -> tuple:
    """:func:`_joined_pairs` of the two sides' small strong carriers (:func:`_small_family`
    of the index masks ``mask1``, ``mask2``, renumbered by :func:`_squeeze` as the
    vertices outside ``T`` among ``n``), one call per pair of sides."""
    m = n - T.bit_count()
    side1 = _small_family(m, clique1, _squeeze(mask1, T))
    if not side1:
        return 0, 0
    return _joined_pairs(m, side1, _small_family(m, clique2, _squeeze(mask2, T)))


@lru_cache(maxsize=1 << 15)
def _squeeze(mask: int, T: int) -> int:
    """The index mask ``mask`` (outside ``T``) renumbered as the vertices outside ``T``
    in index order: bit ``i`` for the ``i``-th of them."""
    out = pos = 0
    i = 0
    while mask >> i:
        if not T >> i & 1:
            if mask >> i & 1:
                out |= 1 << pos
            pos += 1
        i += 1
    return out


@lru_cache(maxsize=1 << 14)
def _small_strong_shared(adj: tuple, T: int) -> tuple:
    """:func:`_small_strong` with the positions the indices of G (remembered per
    adjacency and ``T``: the games of one graph ask the same sets)."""
    return _small_strong(adj, T, tuple(range(len(adj))))


#: The tables of :func:`_pivot_table`: (adjacency of G, T) -> :class:`ShortedStrong`.
_PIVOT_TABLES: dict = {}
_PIVOT_TABLES_MAX = 1 << 10


def _pivot_table(game, T: int):
    """The :class:`~verify.links.ShortedStrong` of ``G`` towards the index mask ``T``
    (which holds both terminals), carriers of at most four vertices, positions the
    vertices outside ``T`` in index order (as :func:`_squeeze` numbers them).

    It reads only the adjacency and ``T`` (the terminals are in ``T``, so which two
    vertices are the terminals does not matter), so it is shared by the games of one
    graph with different terminal pairs (consecutive in a shard); at most
    :data:`_PIVOT_TABLES_MAX` kept, all forgotten when full."""
    key = (game.adjacency, T)
    table = _PIVOT_TABLES.get(key)
    if table is None:
        if len(_PIVOT_TABLES) >= _PIVOT_TABLES_MAX:
            _PIVOT_TABLES.clear()
        outside = game.labels_of(((1 << game.n) - 1) & ~T)
        table = _PIVOT_TABLES[key] = ShortedStrong(game, game.labels_of(T), outside, 4)
    return table


def _and_rule_plain(game, literal: bool):
    """TSD.T18 as written (the reference of :func:`_and_rule_fast`; the failing games')."""
    t = Tally()
    s, tt = game.terminals
    free = game.nonterminals()
    cache: dict = {}

    def links(T, shorted=None):
        """One :class:`MultiLinks` (and its position cache) per terminal set, in G or G ∗ x."""
        key = (shorted, frozenset(T))
        if key not in cache:
            cache[key] = MultiLinks(game if shorted is None else game.short(shorted), T)
        return cache[key]

    kinds: dict = {}

    def kind(T, V, shorted=None):
        """``links(T, shorted).type(V)``, asked once per (T, shorted, V)."""
        key = (shorted, frozenset(T), V)
        if key not in kinds:
            kinds[key] = links(T, shorted).type(V)
        return kinds[key]

    for X1 in (set(c) for k in (1, 2) for c in combinations(free, k)):
        for X2 in (set(c) for k in (1, 2) for c in combinations(free, k)):
            common = X1 & X2
            if not common:
                continue
            T1, T2 = {s} | X1, {tt} | X2
            target = T1 ^ T2
            rest = [v for v in free if v not in T1 | T2]
            strong1 = [V for V in _subsets(rest, 2) if kind(T1, V) == "strong"]
            strong2 = [V for V in _subsets(rest, 2) if kind(T2, V) == "strong"]
            for V1 in strong1:
                for V2 in strong2:
                    if V1 & V2:
                        continue
                    carrier = V1 | V2
                    pivoted = all(kind(target, carrier, shorted=x) == "strong" for x in common)
                    if literal:
                        ok = pivoted and kind(target, carrier) == "weak"
                    else:
                        ok = pivoted
                    info = {"T1": _s(T1), "T2": _s(T2), "V1": _s(V1), "V2": _s(V2), "pivots": _s(common)}
                    if not t.add(ok, vertices=_s(carrier | common), **info):
                        return t
    return t


@statement(
    "TSD.T18/a",
    kind="thm",
    source=SRC + " appendix, Theorem 18 (and-rule)",
    max_n=6,
    expect="refuted", refuted_by=(3, 2, 'Bo', (1, 2)),
    reading="literal reading, which the paper's own text contradicts (not an error of the paper): "
    "(V1 ∪ V2, T1 ⊕ T2) is itself a weak multi-link, the pivot x ∈ T1 ∩ T2 left out of the carrier. The "
    "paper's worked example after Theorem 18 puts the pivot in the carrier ('{h, g, f} is the carrier of a "
    "weak multi-link ... pivoted by f'), which is reading /b. Refuted, as it must be: with play restricted "
    "to V1 ∪ V2 Short cannot use the pivot (empty carriers and T1 = {s, x}, T2 = {x, t} on the path s–x–t). "
    "Domain: T1 = {s} ∪ X1, T2 = {t} ∪ X2 with X1, X2 non-terminal sets of size ≤ 2 that meet, "
    "carriers of size ≤ 2 disjoint from T1 ∪ T2 and from each other.",
)
def t18_a(game):
    """Strong multi-links (V1,T1), (V2,T2) with T1 ∩ T2 ≠ ∅ and V1 ∩ V2 = ∅ ⇒
    (V1 ∪ V2, T1 ⊕ T2) is a weak multi-link pivoted by any vertex of T1 ∩ T2."""
    return _and_rule(game, literal=True)


@statement(
    "TSD.T18/b",
    kind="thm",
    source=SRC + " appendix, Theorem 18 (and-rule)",
    max_n=9, tier_n=6,
    reading="as the proof and the worked example use it (the pivot belongs to the carrier): after shorting "
    "any pivot x ∈ T1 ∩ T2, (V1 ∪ V2, T1 ⊕ T2) is a strong multi-link (equivalently, with x added to the "
    "carrier, Short wins moving first by opening at x). "
    "Same domain as /a.",
)
def t18_b(game):
    """Strong multi-links with meeting terminals and disjoint carriers: shorting any common
    terminal makes (V1 ∪ V2, T1 ⊕ T2) a strong multi-link."""
    return _and_rule(game, literal=False)
