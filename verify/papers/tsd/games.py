"""TSD §3–4: capture, loss, domination and winners (Theorems 1–6, 9–11, pairs).

Winners come from :class:`verify.solve.FastSolver` with every theorem-based fill-in
off; multi-Shannon outcomes from :class:`verify.solve.MultiShannon` (checked against
brute-force enumeration in ``tests/test_solve.py``).  Sets range over terminal-free
sets of the sizes given per statement.

References: A. M. Steane, "Threat, support and dead edges in the Shannon game".
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, permutations

import networkx as nx

from ...concepts import (set_family, shorted_edge_families, shorted_edge_families_at_once, support_masks,
                         supporter_family, supports, threat_family, threat_masks, threatens, walk_count)
from ...dead import classify
from ...backing import used
from ...registry import Tally, statement
from ...registry.routes import add_route, fast_then_plain, switch
from ...solve import CUT, SHORT, FastSolver, MultiShannon
from ...solve.strategy import StatedStrategy, check_multi_strategy, check_strategy
from ...game import bits, delete_adjacency, popcount, reachable, short_adjacency
from ._memo import (_MASK_SEEN_MAX, _agree, _cached, _local_key, _mask_sets, _Msgs, _shared, _SharedMaskFamilies,
                    _SharedMaskMsgs)

SRC = "TSD"
PLAYERS = (SHORT, CUT)


def _sets(game, k):
    return [set(c) for c in combinations(game.nonterminals(), k)]


def _msg(game, S):
    return MultiShannon(game, S)


def _s(x):
    return sorted(x, key=str)


class _Leaves:
    """The multi-Shannon answers of the sets of 1 to 4 non-terminals of one game, by bit
    operations on its shorted-edge table (:func:`_joined_pairs`), as
    :class:`MultiShannon` gives them; sets are relative masks over the non-terminals
    (bit ``j`` for the ``j``-th).  Each answer records the solver's name, as building
    the solver's game does.

    The ends of play (``T ⊆ S`` shorted) that are Short / Cut wins are read as in
    :func:`_answers_by_leaves`; the game tree is :func:`_wins_after`.  P moving second
    wins when no first move of the opponent wins the opponent's goal "no P win": the
    same tree with the complement of P's family, the opponent moving first."""

    def __init__(self, game):
        self.free = tuple(game.index(v) for v in game.nonterminals())
        self.index_of = _index_masks(self.free)
        self.pairs = _joined_pairs(game, self.free, set_family(self.free, game.n))[1]
        key = (game.adjacency, self.free)
        self._ends = _ENDS_SEEN.get(key)
        if self._ends is None:  # the checks of one game run one after another
            if len(_ENDS_SEEN) >= 8:
                _ENDS_SEEN.clear()
            self._ends = _ENDS_SEEN[key] = {}
        self._recorded = False

    def ends(self, r: int) -> tuple:
        """(Short's, Cut's) families of the shorted sets ``T ⊆ r`` ending in their win."""
        if not self._recorded:  # once per check: every answer is the solver's
            used("multi")
            self._recorded = True
        hit = self._ends.get(r)
        if hit is None:
            short_win, cut_win = -1, -1
            for e, meet in self.pairs:
                if not meet >> r & 1:
                    cut_win &= ~e
                    if e >> r & 1:  # e holds no set meeting P: only for r avoiding P
                        short_win &= e
            hit = self._ends[r] = (short_win, cut_win)
        return hit

    def moves(self, r: int, player) -> int:
        """The winning first moves of ``player`` on ``r`` (a relative mask)."""
        short = player == SHORT
        return _tree(r, self.ends(r)[0 if short else 1] & _subsets(r), short)[0]

    def second(self, r: int, player) -> bool:
        """``second_player_wins(player)`` on ``r``."""
        short = player == SHORT
        return _tree(r, self.ends(r)[0 if short else 1] & _subsets(r), short)[1]


#: :func:`_tree` answers across games: (r, win, short) -> answer; emptied when full.
_TREE_SEEN: dict = {}


def _tree(r: int, win: int, short: bool) -> tuple:
    """(the winning first moves of the player (Short when ``short``) moving first on the
    set ``r``, whether that player wins moving second), the player's winning ends being
    the family ``win`` of subsets of ``r`` (only those bits read: remembered per them).
    Moving second, the player wins when no first move of the opponent reaches the
    opponent's goal "no win of the player": the tree of :func:`_wins_after` for the
    opponent with the complement family."""
    key = (r, win, short)
    hit = _TREE_SEEN.get(key)
    if hit is None:
        elems = _ones(r)
        moves = 0
        for x in elems:
            if _wins_after(x, elems, win, short):
                moves |= x
        second = not any(_wins_after(x, elems, ~win, not short) for x in elems)
        if len(_TREE_SEEN) >= _MASK_SEEN_MAX:
            _TREE_SEEN.clear()
        hit = _TREE_SEEN[key] = (moves, second)
    return hit


@lru_cache(maxsize=1 << 12)
def _subsets(r: int) -> int:
    """The family of the subsets of the relative mask ``r`` (bit ``t`` for each ``t ⊆ r``)."""
    out, t = 0, r
    while True:
        out |= 1 << t
        if not t:
            return out
        t = (t - 1) & r


#: :meth:`_Leaves.ends` of the last few games: (adjacency, non-terminal indices) -> {r: ends}.
_ENDS_SEEN: dict = {}


@lru_cache(maxsize=1 << 12)
def _ones(r: int) -> tuple:
    """The one-bit masks of ``r``, lowest first."""
    return tuple(1 << j for j in bits(r))


@lru_cache(maxsize=64)
def _rel_sets(k: int, size: int) -> tuple:
    """The relative masks of the ``size``-sets of ``k`` vertices (combinations order)."""
    return tuple(sum(1 << j for j in c) for c in combinations(range(k), size))


def _leaves_for(game):
    """:class:`_Leaves` of ``game`` when the module's ``MultiShannon`` is the library's
    (a replaced solver, a mutant's, is asked itself: None)."""
    return _Leaves(game) if MultiShannon is _MULTI_SHANNON else None


_FAST_SOLVER = FastSolver  # the library's solver, whose positions _t1_leaves hands over


def _short_wins_after(s, adj, free: int, t1: int, t2: int, x) -> bool:
    """Short wins, ``x`` to move, the game with bitmask adjacency ``adj`` (played
    vertices' rows cleared) and playable vertices ``free``, by the FastSolver ``s``: the
    same graph as the reduced :class:`Game` (vertices kept in G's numbering), so the
    same winner."""
    return s._solve(adj, free, t1, t2, x == SHORT)



T1_FAST, T2_FAST, T3_FAST, T4_FAST = (switch(f"tsd.{x}.fast", 0) for x in ("t1", "t2", "t3", "t4"))
T6_FAST, DOM_FAST, SIMPLE_FAST, PAIRS_FAST = (switch(f"tsd.{x}.fast", 0) for x in ("t6", "dom", "simple", "pairs"))
for _sid, _sw, _fn in (("TSD.T1", T1_FAST, "_t1_fast"), ("TSD.T2", T2_FAST, "_t2_fast"), ("TSD.T3", T3_FAST, "_t3_fast"),
                       ("TSD.T4", T4_FAST, "_t4_fast"), ("TSD.T6", T6_FAST, "_t6_fast"), ("TSD.DOM", DOM_FAST, "_dom_fast"),
                       ("TSD.SIMPLE", SIMPLE_FAST, "_simple_fast"), ("TSD.PAIRS", PAIRS_FAST, "_pairs_fast")):
    add_route(_sid, "fast", f"index masks, multi-Shannon answers from the shorted-edge leaves or shared across games ({_fn})",
              (_sw,))

@statement("TSD.T1", kind="thm", source=SRC + " §3, Theorem 1 (Björnsson et al.)", max_n=9)
def t1(game):
    """S captured ⇒ W(G,x) = W(G∗S,x) for both x; S lost ⇒ W(G,x) = W(G−S,x)."""
    return fast_then_plain(T1_FAST, game, _t1_fast, _t1_plain)


def _t1_fast(game):
    """The number of TSD.T1 instances of ``game`` when every one holds, else None: the
    plain check with the capture / loss answers on index masks, by bit operations
    (:func:`_t1_leaves`) when the solvers are the library's, else remembered across games
    (:class:`_SharedMaskMsgs`, ``MultiShannon`` looked up when called)."""
    leaves = _leaves_for(game)
    if leaves is not None and FastSolver is _FAST_SOLVER:
        return _t1_leaves(game, leaves)
    s = FastSolver()
    w = {x: s.winner(game, x) for x in PLAYERS}
    msgs = _SharedMaskMsgs(game, MultiShannon)
    free = [game.index(v) for v in game.nonterminals()]
    count = 0
    for k in (1, 2, 3):
        for S in combinations(free, k):
            ms = sum(1 << i for i in S)
            if msgs.second(ms, SHORT):
                count += 1
                h = game.short(set(game.labels_of(ms)))
                if not all(s.winner(h, x) == w[x] for x in PLAYERS):
                    return None
            if msgs.second(ms, CUT):
                count += 1
                h = game.delete(set(game.labels_of(ms)))
                if not all(s.winner(h, x) == w[x] for x in PLAYERS):
                    return None
    return count


class _LeafMoves:
    """``moves`` / ``second`` of :class:`_SharedMaskMsgs` (index masks in, index masks
    out) answered by :class:`_Leaves`, each (set, player) once per game."""

    def __init__(self, leaves):
        self.leaves = leaves
        self.rel = _relative_of(leaves.free)
        self._moves: dict = {}

    def _r(self, s: int) -> int:
        rel = self.rel
        r = 0
        for i in bits(s):
            r |= rel[i]
        return r

    def moves(self, s: int, player) -> int:
        key = (s, player)
        out = self._moves.get(key)
        if out is None:
            r = self._r(s)
            out = self._moves[key] = self.leaves.index_of[self.leaves.moves(r, player)]
        return out

    def second(self, s: int, player) -> bool:
        return self.leaves.second(self._r(s), player)


@lru_cache(maxsize=128)
def _relative_of(free: tuple) -> dict:
    """Index -> its one-bit relative mask over ``free``."""
    return {i: 1 << j for j, i in enumerate(free)}


def _t1_leaves(game, leaves):
    """:func:`_t1_fast` with capture / loss from ``leaves`` (:class:`_Leaves`) and the
    winners of G ∗ S and G − S solved on G's bitmask adjacency (one FastSolver per game,
    its positions shared with G's own)."""
    s = FastSolver()
    w = {x: s.winner(game, x) == SHORT for x in PLAYERS}
    adj = game.adjacency
    t1, t2 = game.terminal_indices
    full = ((1 << game.n) - 1) & ~(1 << t1) & ~(1 << t2)
    index_of = leaves.index_of
    count = 0
    for k in (1, 2, 3):
        for r in _rel_sets(len(leaves.free), k):
            ms = index_of[r]
            for player, play in ((SHORT, short_adjacency), (CUT, delete_adjacency)):  # captured / lost
                if leaves.second(r, player):
                    count += 1
                    h = adj
                    for i in bits(ms):
                        h = play(h, i)
                    if not all(_short_wins_after(s, h, full & ~ms, t1, t2, x) == w[x] for x in PLAYERS):
                        return None
    return count


def _t1_plain(game):
    """:func:`t1` as written (the reference of :func:`_t1_fast`; the failing games')."""
    s = FastSolver()
    t = Tally()
    w = {x: s.winner(game, x) for x in PLAYERS}
    for k in (1, 2, 3):
        for S in _sets(game, k):
            m = _msg(game, S)
            if m.second_player_wins(SHORT):
                h = game.short(S)
                if not t.add(all(s.winner(h, x) == w[x] for x in PLAYERS), vertices=_s(S), part="captured"):
                    return t
            if m.second_player_wins(CUT):
                h = game.delete(S)
                if not t.add(all(s.winner(h, x) == w[x] for x in PLAYERS), vertices=_s(S), part="lost"):
                    return t
    return t


@statement("TSD.T2", kind="thm", source=SRC + " §3, Theorem 2", max_n=9)
def t2(game):
    """If both vertices of a 2-set P-dominate it, it is captured (P = Short) / lost (P = Cut)."""
    return fast_then_plain(T2_FAST, game, _t2_fast, _t2_plain)


def _t2_fast(game):
    """The number of TSD.T2 instances of ``game`` when every one holds, else None: the
    plain check on index masks, multi-Shannon answers remembered across games
    (:class:`_SharedMaskFamilies`, ``MultiShannon`` looked up when called), by bit
    operations when the game's shorted-edge table is at hand (:func:`_leaf_answers`)."""
    solver = MultiShannon
    msgs = _SharedMaskFamilies(game, solver, _leaf_answers(game, solver, build=False))
    free = [1 << game.index(v) for v in game.nonterminals()]
    count = 0
    for a, b in combinations(free, 2):
        s = a | b
        for p in PLAYERS:
            if msgs.moves(s, p) == s:  # both vertices P-dominate S
                count += 1
                if not msgs.second(s, p):
                    return None
    return count


def _t2_plain(game):
    """:func:`t2` as written (the reference of :func:`_t2_fast`; the failing games')."""
    t = Tally()
    for S in _sets(game, 2):
        m = _msg(game, S)
        for p in PLAYERS:
            if len(m.winning_first_moves(p)) == 2:
                if not t.add(m.second_player_wins(p), vertices=_s(S), player=p):
                    return t
    return t


@statement("TSD.T2.EX", kind="thm", source=SRC + " §3, simple examples after Theorem 2", max_n=9)
def t2_ex(game):
    """Two adjacent non-terminal degree-2 vertices are lost; two non-terminal degree-2
    vertices with the same neighbours are captured; if one of them is a terminal the other
    is dead; if both are terminals Short wins."""
    t = Tally()
    dead = None
    for u, v in combinations(game.vertices, 2):
        if game.degree(u) != 2 or game.degree(v) != 2:
            continue
        term = [x for x in (u, v) if game.is_terminal(x)]
        if game.has_edge(u, v) and not term:
            if not t.add(_msg(game, {u, v}).second_player_wins(CUT), vertices=[u, v], part="adjacent: lost"):
                return t
        if game.neighbours(u) == game.neighbours(v):
            if not term:
                if not t.add(_msg(game, {u, v}).second_player_wins(SHORT), vertices=[u, v], part="twins: captured"):
                    return t
            elif len(term) == 1:
                other = v if term[0] == u else u
                dead = dead or set(classify(game, "sat").dead_vertices)
                if not t.add(other in dead, vertices=[u, v], part="twin of a terminal: dead"):
                    return t
            else:
                s = FastSolver()
                if not t.add(all(s.winner(game, x) == SHORT for x in PLAYERS), vertices=[u, v], part="twin terminals: Short wins"):
                    return t
    return t


@statement("TSD.T3", kind="thm", source=SRC + " §3, Theorem 3", max_n=9)
def t3(game):
    """If two vertices of a 3-set P-dominate it, so does the third."""
    return fast_then_plain(T3_FAST, game, _t3_fast, _t3_plain)


def _t3_fast(game):
    """The number of TSD.T3 instances of ``game`` when every one holds, else None: the
    plain check on index masks (an instance: at least two of the three vertices in the
    mask of dominating moves; it holds when all three are), multi-Shannon answers
    remembered across games (:class:`_SharedMaskFamilies`, ``MultiShannon`` looked up
    when called), by bit operations when the game's shorted-edge table is at hand
    (:func:`_leaf_answers`)."""
    solver = MultiShannon
    msgs = _SharedMaskFamilies(game, solver, _leaf_answers(game, solver, build=False))
    free = [1 << game.index(v) for v in game.nonterminals()]
    count = 0
    for a, b, c in combinations(free, 3):
        s = a | b | c
        for p in PLAYERS:
            dom = msgs.moves(s, p)
            if dom & (dom - 1):  # two or more
                count += 1
                if dom != s:
                    return None
    return count


def _t3_plain(game):
    """:func:`t3` as written (the reference of :func:`_t3_fast`; the failing games')."""
    t = Tally()
    for S in _sets(game, 3):
        m = _msg(game, S)
        for p in PLAYERS:
            dom = m.winning_first_moves(p)
            if len(dom) >= 2 and not t.add(len(dom) == 3, vertices=_s(S), player=p, dominating=dom):
                return t
    return t


@statement("TSD.T4", kind="thm", source=SRC + " §3, Theorem 4", max_n=9)
def t4(game):
    """If two vertices a, b of a 4-set P-dominate it but P occupying both (¬P the other
    two) is not a P-win, P has a second-player win on the set."""
    return fast_then_plain(T4_FAST, game, _t4_fast, _t4_plain)


#: Answers of :func:`_t4_fast` per 4-set across games: (MultiShannon class, S, S ∪ Γ(S),
#: rows of G[S ∪ Γ(S)]) -> ((instances, all hold), procedures that answered).
_T4_SEEN: dict = {}


def _t4_fast(game):
    """The number of TSD.T4 instances of ``game`` when every one holds, else None.

    Per 4-set ``S`` the plain check's instances depend only on ``S`` and ``G[S ∪ Γ(S)]``
    (all the multi-Shannon solver reads), so (their number, all hold) is remembered per
    those rows in G's index space and the class ``MultiShannon`` looked up when called."""
    leaves = _leaves_for(game)
    if leaves is not None:
        return _t4_leaves(leaves)
    adj = game.adjacency
    free = [game.index(v) for v in game.nonterminals()]
    solver = MultiShannon
    count = 0
    for S in combinations(free, 4):
        ms = (1 << S[0]) | (1 << S[1]) | (1 << S[2]) | (1 << S[3])
        n_s, ok = _shared(_T4_SEEN, (solver,) + _local_key(adj, ms), lambda: _t4_set(game, solver, S))
        if not ok:
            return None
        count += n_s
    return count


def _t4_leaves(leaves):
    """:func:`_t4_fast` by bit operations (:class:`_Leaves`): "P occupying a and b, ¬P the
    other two" ends with ``T = {a, b}`` shorted (P = Short) or ``S ∖ {a, b}`` shorted
    (P = Cut), a P win when ``T`` is in P's family of :meth:`_Leaves.ends`."""
    count = 0
    for r in _rel_sets(len(leaves.free), 4):
        ends = leaves.ends(r)
        for p in PLAYERS:
            short = p == SHORT
            win = ends[0 if short else 1]
            dom = _ones(leaves.moves(r, p))
            for a, b in combinations(dom, 2):
                if win >> (a | b if short else r ^ a ^ b) & 1:
                    continue
                count += 1
                if not leaves.second(r, p):
                    return None
    return count


def _t4_set(game, solver, S):
    """(instances, all hold) of TSD.T4 on the 4-set of indices ``S``."""
    m = solver(game, [game.label(i) for i in S])
    count = 0
    for p in PLAYERS:
        dom = m.winning_first_moves(p)
        for a, b in combinations(dom, 2):
            adj = m.adj
            for i in S:
                mine = game.label(i) in (a, b)
                adj = short_adjacency(adj, i) if mine == (p == SHORT) else delete_adjacency(adj, i)
            short_win, cut_win = m.final_result(adj)
            if (short_win if p == SHORT else cut_win):
                continue
            count += 1
            if not m.second_player_wins(p):
                return count, False
    return count, True


def _t4_plain(game):
    """:func:`t4` as written (the reference of :func:`_t4_fast`; the failing games')."""
    t = Tally()
    for S in _sets(game, 4):
        m = _msg(game, S)
        for p in PLAYERS:
            dom = m.winning_first_moves(p)
            for a, b in combinations(dom, 2):
                adj = m.adj
                for x in S:
                    i = game.index(x)
                    mine = x in (a, b)
                    adj = short_adjacency(adj, i) if mine == (p == SHORT) else delete_adjacency(adj, i)
                short_win, cut_win = m.final_result(adj)
                if (short_win if p == SHORT else cut_win):
                    continue
                if not t.add(m.second_player_wins(p), vertices=_s(S), player=p, a=a, b=b):
                    return t
    return t


@statement("TSD.T6", kind="def", source=SRC + " §4, Theorem 6 and corollary", max_n=9)
def t6(game):
    """v Cut-dominates {v,w} ⇔ G−v∗w = G−v−w; v Short-dominates {v,w} ⇔ G∗v−w = G∗v∗w;
    a mutually supporting pair is captured, a mutually threatening pair lost."""
    return fast_then_plain(T6_FAST, game, _t6_fast, _t6_plain)


def _t6_fast(game):
    """The number of TSD.T6 instances of ``game`` when every one holds, else None: the
    plain check on index masks, the graph equalities per ``v`` for every ``w`` at once
    (:func:`_clique_neighbourhoods`), multi-Shannon answers by bit operations
    (:class:`_Leaves`) or, for a replaced solver, remembered across games
    (:class:`_SharedMaskMsgs`), all names looked up when called.

    "v threatens w" is ``G − v ∗ w = G − v − w`` and "v supports w" is
    ``G ∗ v − w = G ∗ v ∗ w``: the two equalities of the first part, so with the
    library's :func:`threat_masks` / :func:`support_masks` they are read from the same
    masks; replaced ones are asked once per ordered pair."""
    adj = game.adjacency
    full = (1 << game.n) - 1
    leaves = _leaves_for(game)
    msgs = _SharedMaskMsgs(game, MultiShannon) if leaves is None else _LeafMoves(leaves)
    thr_m, sup_m = threat_masks, support_masks
    free = [game.index(v) for v in game.nonterminals()]
    free_mask = sum(1 << i for i in free)
    cut_eq, short_eq = {}, {}
    for iv in free:
        # G−v∗w = G−v−w (G∗v−w = G∗v∗w): shorting w in G − v (G ∗ v) adds no edge
        among = free_mask & ~(1 << iv)
        cut_eq[iv] = _clique_neighbourhoods(delete_adjacency(adj, iv), among)
        short_eq[iv] = _clique_neighbourhoods(short_adjacency(adj, iv), among)
    if thr_m is _THREAT_MASKS and sup_m is _SUPPORT_MASKS:
        thr, sup = cut_eq, short_eq
    else:
        thr = {iv: sum(1 << iw for iw in free if iw != iv and thr_m(adj, full, 1 << iv, 1 << iw)) for iv in free}
        sup = {iv: sum(1 << iw for iw in free if iw != iv and sup_m(adj, full, 1 << iv, 1 << iw)) for iv in free}
    count = 0
    for iv in free:
        for iw in free:
            if iw == iv:
                continue
            sv = (1 << iv) | (1 << iw)
            cut_dom = msgs.moves(sv, CUT) >> iv & 1
            short_dom = msgs.moves(sv, SHORT) >> iv & 1
            count += 2
            if cut_dom != cut_eq[iv] >> iw & 1 or short_dom != short_eq[iv] >> iw & 1:
                return None
            if sup[iv] >> iw & 1 and sup[iw] >> iv & 1:
                count += 1
                if not msgs.second(sv, SHORT):
                    return None
            if thr[iv] >> iw & 1 and thr[iw] >> iv & 1:
                count += 1
                if not msgs.second(sv, CUT):
                    return None
    return count


#: The library's threat and support tests, which :func:`_t6_fast` reads from its masks.
_THREAT_MASKS, _SUPPORT_MASKS = threat_masks, support_masks


def _t6_plain(game):
    """:func:`t6` as written (the reference of :func:`_t6_fast`; the failing games')."""
    t = Tally()
    msgs = _Msgs(game, lambda g, S: _msg(g, S))
    sup = _cached(lambda: supports)
    thr = _cached(lambda: threatens)
    adj = game.adjacency
    full = (1 << game.n) - 1
    moved = {}  # v -> (G − v, G ∗ v) as bitmask adjacency on the original indices
    for v, w in permutations(game.nonterminals(), 2):
        m = msgs({v, w})
        cut_dom = v in msgs.moves({v, w}, CUT)
        short_dom = v in msgs.moves({v, w}, SHORT)
        iv, iw = game.index(v), game.index(w)
        if v not in moved:
            moved[v] = (delete_adjacency(adj, iv), short_adjacency(adj, iv))
        gd, gs = moved[v]
        keep = full & ~(1 << iv) & ~(1 << iw)
        # G−v∗w = G−v−w and G∗v−w = G∗v∗w: graphs on the same vertices V∖{v, w}
        if not t.add(cut_dom == _agree(short_adjacency(gd, iw), gd, keep), vertices=[v, w], part="cut"):
            return t
        if not t.add(short_dom == _agree(gs, short_adjacency(gs, iw), keep), vertices=[v, w], part="short"):
            return t
        if sup(game, {v}, {w}) and sup(game, {w}, {v}):
            if not t.add(m.second_player_wins(SHORT), vertices=[v, w], part="mutual support: captured"):
                return t
        if thr(game, {v}, {w}) and thr(game, {w}, {v}):
            if not t.add(m.second_player_wins(CUT), vertices=[v, w], part="mutual threat: lost"):
                return t
    return t


@statement("TSD.DOM", kind="thm", source=SRC + " §4, after the definition of threat and support", max_n=9, tier_n=6)
def dom(game):
    """v threatens (supports) B ⇒ v Cut- (Short-) dominates {v}∪B; A cut-dominated and A
    threatens B ⇒ A∪B cut-dominated (the Short analogue with support)."""
    return fast_then_plain(DOM_FAST, game, _dom_fast, _dom_plain)


def _dom_fast(game):
    """The number of TSD.DOM instances of ``game`` when every one holds, else None.

    Per ``B`` the sets ``A`` of the plain check's sub-instances are read as families over
    the non-terminals (:func:`set_family`): every threatening and every supporting ``A``
    at once (:func:`_dom_relations`, from one table of the shorted edges of the game).
    Their number is a
    popcount: each single ``A = {v}`` is one instance ("v dominates {v} ∪ B"), each
    P-dominated ``A`` one more.  The P-dominated sets and the sets ``A ∪ B`` (the family
    shifted by ``B``: disjoint sets) are families too, filled in with one multi-Shannon
    answer per set (:class:`_SharedMaskFamilies`, also across games) only where the
    plain check asks; all names are looked up when called.  The library's
    ``MultiShannon`` is answered by bit operations on the same shorted-edge table
    (:func:`_answers_by_leaves`); a replaced one is asked itself."""
    n = game.n
    free = tuple(game.index(v) for v in game.nonterminals())
    ones, twos = _small_sets(len(free))
    index_of = _index_masks(free)
    fam = set_family(free, n)
    relations, _ = _dom_relations(game, free, fam)
    solver = MultiShannon
    msgs = _SharedMaskFamilies(game, solver, _leaf_answers(game, solver))
    first = (_Known(msgs, CUT, index_of), _Known(msgs, SHORT, index_of))
    moves: dict = {CUT: {}, SHORT: {}}  # player -> {S: its P-dominating moves}, asked once
    count = 0
    for rb in _mask_sets(tuple(1 << j for j in range(len(free))), (1, 2)):
        mb = index_of[rb]
        meet = 0
        for i in bits(mb):
            meet |= fam[i]
        small = (ones | twos) & ~meet  # the sets A of size 1 or 2 outside B
        thr, sup = relations(rb, mb, small)
        for p, f, known in ((CUT, thr, first[0]), (SHORT, sup, first[1])):
            f &= small
            if not f:
                continue
            single = f & ones
            count += single.bit_count()
            seen = moves[p]
            for r in bits(single):  # A = {v}: v P-dominates {v} ∪ B
                ma = index_of[r]
                s = ma | mb
                dom = seen.get(s)
                if dom is None:
                    dom = seen[s] = msgs.moves(s, p)
                if not dom & ma:
                    return None
            dominated = f & known.family(f)
            count += dominated.bit_count()
            if dominated and known.family(dominated << rb) != dominated << rb:
                return None  # some A ∪ B (A shifted by B) not P-dominated
    return count


#: The library's threat and support families: :func:`_dom_relations` computes both at once
#: when the module's names still hold them (a replaced name is asked itself).
_FAMILIES = (threat_family, supporter_family)


def _dom_relations(game, free: tuple, fam: tuple):
    """(``relations``, ``pairs``): ``relations(rb, mb, small)`` is (the sets of the family
    ``small`` that threaten the set ``B`` (relative mask ``rb``, index mask ``mb``), those
    that support it) in ``game``; ``pairs`` are the game's non-adjacent pairs of
    :func:`_joined_pairs`.

    From :func:`threat_family` and :func:`_supporters` as looked up now when either was
    replaced; otherwise both from one pass over the game's non-adjacent pairs ``P`` with
    their families ``e_P`` of :func:`shorted_edge_families` (``S`` with ``P`` an edge of
    ``G ∗ S``), ``small`` holding only sets disjoint from ``B``:

    * ``A`` threatens ``B`` iff every edge of ``G ∗ B`` missing from ``G`` (a
      non-adjacent ``P`` with ``B`` in ``e_P``) has an end in ``A`` (paths through ``B``
      avoid ``A``: ``G − A ∗ B`` has them too), as :func:`threat_family` reads it;
    * ``A`` supports ``B`` iff no ``P`` has ``A ∪ B`` in ``e_P`` but not ``A``
      (:func:`supporter_family`; an adjacent ``P`` has every set avoiding it in
      ``e_P``, a ``P`` meeting ``B`` no set containing ``B``, so neither counts)."""
    adj = game.adjacency
    n = game.n
    full = (1 << n) - 1
    threat_of, supporters_of = threat_family, _supporters
    edges, pairs = _joined_pairs(game, free, fam)
    if (threat_of, supporters_of) != _FAMILIES:
        def asked(rb, mb, small):
            return threat_of(adj, full, mb, free) & small, supporters_of(edges, mb, free, n) & small

        return asked, pairs

    def relations(rb, mb, small):
        thr, hit = small, 0
        for e, cover in pairs:
            x = e >> rb
            if x & 1:  # P an edge of G ∗ B, not of G
                thr &= cover
            hit |= x & ~e
        return thr, small & ~hit

    return relations, pairs


_MULTI_SHANNON = MultiShannon  # the library's solver, which _answers_by_leaves reproduces

#: The non-adjacent pairs' families of the last few games (:func:`_joined_pairs`).
_PAIRS_SEEN: dict = {}


def _joined_pairs(game, free: tuple, fam: tuple) -> list:
    """(``e_P``, the sets meeting ``P``) for every non-adjacent pair ``P`` of ``game``
    joined through some set (``e_P``: the sets ``S ⊆ free`` with ``P`` an edge of
    ``G ∗ S``, :func:`shorted_edge_families`), remembered for the last few games (the
    checks of one game run one after another)."""
    key = (shorted_edge_families, game.adjacency, free)
    hit = _PAIRS_SEEN.get(key)
    if hit is None:
        edges = shorted_edge_families_at_once(game.adjacency, (1 << game.n) - 1, free)  # the same dict, faster
        pairs = [(e, fam[p.bit_length() - 1] | fam[(p & -p).bit_length() - 1]) for p, e in edges.items() if not e & 1]
        hit = (edges, pairs)
        if len(_PAIRS_SEEN) >= 8:
            _PAIRS_SEEN.clear()
        _PAIRS_SEEN[key] = hit
    return hit


def _leaf_answers(game, solver, build: bool = True):
    """``answers_by`` of :func:`_answers_by_leaves` for ``game`` when ``solver`` is the
    library's ``MultiShannon``, else None (a replaced solver is asked itself).  With
    ``build`` false, also None unless the game's table is at hand (:func:`_joined_pairs`
    ran on it, e.g. for TSD.DOM): for a check asking few sets, building it costs more
    than the solver's shared answers."""
    if solver is not _MULTI_SHANNON:
        return None
    free = tuple(game.index(v) for v in game.nonterminals())
    if not build and (shorted_edge_families, game.adjacency, free) not in _PAIRS_SEEN:
        return None
    return _answers_by_leaves(free, _index_masks(free), _joined_pairs(game, free, set_family(free, game.n))[1])


def _answers_by_leaves(free: tuple, index_of: tuple, pairs: list):
    """``answers_by(s)``: the first-player wins and the winning first moves (index masks)
    of both players in the multi-Shannon game of the set ``s`` (index mask; None for
    more than 4 vertices) of a game whose non-adjacent pairs ``P`` have the families ``e_P``
    (``pairs``: (``e_P``, sets meeting ``P``), from :func:`shorted_edge_families`), as
    :class:`MultiShannon` answers them; it records the solver's name.

    The end of play with ``T ⊆ S`` shorted (the rest deleted) leaves on ``Γ(S)`` the
    pairs joined by a path through ``T``: a Short win when it is the graph of ``S``
    shorted (every ``P`` with ``S`` in ``e_P`` has ``T`` in it: ``T ⊆ S``, so no pair
    joined through ``T`` is missing through ``S``), a Cut win when it is the graph with
    ``S`` deleted (no ``P`` outside ``S`` has ``T`` in ``e_P``); a pair with an end
    outside ``S ∪ Γ(S)`` is joined through ``T`` exactly when it is an edge, so every
    pair outside ``S`` may be read.  Play is then the game tree of :func:`_winning_moves`.
    """
    rel = {m: r for r, m in enumerate(index_of)}

    def answers_by(s):
        rs = rel[s]
        if rs.bit_count() > 4:
            return None  # beyond the game trees written out: the solver answers
        used("multi")
        short_win, cut_win = -1, -1
        for e, meet in pairs:
            if e >> rs & 1:
                short_win &= e
            if not meet >> rs & 1:
                cut_win &= ~e
        elems = tuple(1 << j for j in bits(rs))
        out = {}
        for p, win in ((CUT, cut_win), (SHORT, short_win)):
            moves = 0
            for x in _winning_moves(elems, win, p == SHORT):
                moves |= index_of[x]
            out[("first", p)] = bool(moves)
            out[("moves", p)] = moves
        return out

    return answers_by


def _winning_moves(elems: tuple, win: int, short: bool) -> list:
    """The winning first moves (one-bit relative masks) of the player moving first in the
    multi-Shannon game on the vertices ``elems`` (one-bit relative masks, 1 to 4 of
    them): ``win`` is the family of the shorted sets ``T`` that end in a win of that
    player (Short when ``short``); see :func:`_wins_after`."""
    return [x for x in elems if _wins_after(x, elems, win, short)]


def _wins_after(x: int, elems: tuple, win: int, short: bool) -> bool:
    """Whether the first move ``x`` wins (:func:`_winning_moves`): the game tree written
    out per size, the shorted vertices being Short's moves.  Short first shorts ``x``,
    Cut deletes ``y``, Short shorts ``z``, Cut deletes the last; Cut first deletes ``x``,
    Short shorts ``y``, Cut deletes ``z``, Short shorts the last."""
    s = sum(elems)
    k = len(elems)
    rest = [y for y in elems if y != x]
    if short:
        if k == 1:
            return bool(win >> s & 1)  # T = {x}
        if k == 2:
            return bool(win >> x & 1)  # T = {x}
        if k == 3:
            return all(win >> (s ^ y) & 1 for y in rest)  # T = S ∖ {y}
        return all(any(win >> (x | z) & 1 for z in rest if z != y) for y in rest)  # T = {x, z}
    if k == 1:
        return bool(win & 1)  # T = ∅
    if k == 2:
        return bool(win >> (s ^ x) & 1)  # T = S ∖ {x}
    if k == 3:
        return all(win >> y & 1 for y in rest)  # T = {y}
    return all(any(win >> (s ^ x ^ z) & 1 for z in rest if z != y) for y in rest)  # T = S ∖ {x, z}


class _Known:
    """The sets (relative masks over a game's non-terminals) that ``player`` moving first
    wins in their multi-Shannon game, as a family filled in on demand: each set's answer
    is asked of ``msgs`` once, when a family first includes it."""

    def __init__(self, msgs, player, index_of):
        self.msgs, self.player, self.index_of = msgs, player, index_of
        self.asked = 0
        self.wins = 0

    def family(self, need: int) -> int:
        """The members of the family ``need`` that are first-player wins."""
        new = need & ~self.asked
        if new:
            self.wins |= self.msgs.first_family(new, self.player, self.index_of)
            self.asked |= new
        return need & self.wins


@lru_cache(maxsize=64)
def _small_sets(k: int) -> tuple:
    """(the family of the 1-sets, the family of the 2-sets) over ``k`` vertices (bit
    ``r`` for the set with relative mask ``r``, as in :func:`set_family`)."""
    ones = sum(1 << (1 << j) for j in range(k))
    twos = sum(1 << ((1 << i) | (1 << j)) for i, j in combinations(range(k), 2))
    return ones, twos


@lru_cache(maxsize=128)
def _index_masks(free: tuple) -> tuple:
    """For every relative mask ``r`` over ``free`` (bit ``j`` for ``free[j]``), the index
    mask of the same set."""
    out = [0] * (1 << len(free))
    for r in range(1, 1 << len(free)):
        low = r & -r
        out[r] = out[r ^ low] | (1 << free[low.bit_length() - 1])
    return tuple(out)


# DOM's support families: every A that supports B, as a family (entry 0 of
# supporter_families); a name of this module, so a perturbation can replace it here
_supporters = supporter_family


def _dom_plain(game):
    """TSD.DOM as written (the reference of :func:`_dom_fast`; the failing games')."""
    t = Tally()
    free = game.nonterminals()
    msgs = _Msgs(game, lambda g, S: _msg(g, S))
    thr = _cached(lambda: threatens)
    sup = _cached(lambda: supports)
    first: dict = {}  # (S, player) -> first_player_wins, asked once

    def first_wins(S, p):
        key = (frozenset(S), p)
        if key not in first:
            first[key] = msgs(S).first_player_wins(p)
        return first[key]

    for kb in (1, 2):
        for B in _sets(game, kb):
            rest = [x for x in free if x not in B]
            for v in rest:
                if thr(game, {v}, B):
                    if not t.add(v in msgs.moves(B | {v}, CUT), vertices=_s(B | {v}), part="threat => cut-dominates"):
                        return t
                if sup(game, {v}, B):
                    if not t.add(v in msgs.moves(B | {v}, SHORT), vertices=_s(B | {v}), part="support => short-dominates"):
                        return t
            for ka in (1, 2):
                for A in (set(c) for c in combinations(rest, ka)):
                    if thr(game, A, B) and first_wins(A, CUT):
                        if not t.add(first_wins(A | B, CUT), vertices=_s(A | B), A=_s(A), part="cut-dominated A threatens B"):
                            return t
                    if sup(game, A, B) and first_wins(A, SHORT):
                        if not t.add(first_wins(A | B, SHORT), vertices=_s(A | B), A=_s(A), part="short-dominated A supports B"):
                            return t
    return t


@statement("TSD.SIMPLE", kind="thm", source=SRC + " §3, simple examples before Theorem 2's figure", max_n=9)
def simple(game):
    """G−a∗b−c = G−a−b∗c = G−a−b−c ⇒ a cut-dominates {a,b,c}; G∗a∗b−c = G∗a−b∗c = G∗a∗b∗c
    ⇒ a short-dominates {a,b,c}."""
    return fast_then_plain(SIMPLE_FAST, game, _simple_fast, _simple_plain)


def _cover(x, y, keep: int) -> int:
    """The vertices ``c`` for which the bitmask adjacencies ``x`` and ``y`` induce the
    same graph on ``keep ∖ {c}``: those on every pair where they differ (every vertex
    when they agree on ``keep``)."""
    out = -1
    for i in bits(keep):
        d = (x[i] ^ y[i]) & keep
        if d:  # the pairs {i, j}, j in d: one pair, or pairs sharing only i
            out &= (1 << i) | d if not d & (d - 1) else 1 << i
    return out


def _simple_fast(game):
    """The number of TSD.SIMPLE instances of ``game`` when every one holds, else None:
    the plain check with its graph equalities read per (a, b) for every c at once,
    dominating moves by bit operations (:class:`_Leaves`) or, for a replaced solver,
    remembered across games (:class:`_SharedMaskMsgs`, ``MultiShannon`` looked up when
    called).

    ``−`` and ``∗`` on distinct vertices commute, so with ``X = G − a`` the cut side
    "X ∗ b − c = X − b − c and X − b ∗ c = X − b − c" is "``c`` in :func:`_cover` of
    (a, b) and ``b`` in that of (a, c)"; with ``K = G ∗ a`` the short side
    "K ∗ b − c = K ∗ b ∗ c = K − b ∗ c" is "shorting ``c`` in ``K ∗ b`` and shorting
    ``b`` in ``K ∗ c`` add no edge" (:func:`_clique_neighbourhoods`)."""
    adj = game.adjacency
    full = (1 << game.n) - 1
    leaves = _leaves_for(game)
    msgs = _SharedMaskMsgs(game, MultiShannon) if leaves is None else _LeafMoves(leaves)
    free = [game.index(v) for v in game.nonterminals()]
    free_mask = sum(1 << i for i in free)
    count = 0
    for ia in free:
        gd, gs = delete_adjacency(adj, ia), short_adjacency(adj, ia)
        cut_ok, short_ok = {}, {}
        for ib in free:
            if ib != ia:
                keep_ab = full & ~(1 << ia) & ~(1 << ib)
                # G−a∗b−c = G−a−b−c
                cut_ok[ib] = _cover(short_adjacency(gd, ib), delete_adjacency(gd, ib), keep_ab)
                short_ok[ib] = _clique_neighbourhoods(short_adjacency(gs, ib), keep_ab & free_mask)
        for ib in free:
            if ib == ia:
                continue
            for ic in free:
                if ic <= ib or ic == ia:
                    continue  # the condition is symmetric in b and c
                sabc = (1 << ia) | (1 << ib) | (1 << ic)
                if cut_ok[ib] >> ic & 1 and cut_ok[ic] >> ib & 1:
                    count += 1
                    if not msgs.moves(sabc, CUT) >> ia & 1:
                        return None
                if short_ok[ib] >> ic & 1 and short_ok[ic] >> ib & 1:
                    count += 1
                    if not msgs.moves(sabc, SHORT) >> ia & 1:
                        return None
    return count


def _clique_neighbourhoods(x, among: int) -> int:
    """The vertices ``c`` of ``among`` whose neighbourhood is a clique in the bitmask
    adjacency ``x`` (rows of played vertices cleared): those with ``x ∗ c = x − c``."""
    out = 0
    for c in bits(among):
        nb = x[c]
        for u in bits(nb):
            if nb & ~x[u] & ~(1 << u):
                break
        else:
            out |= 1 << c
    return out


def _simple_plain(game):
    """:func:`simple` as written (the reference of :func:`_simple_fast`; the failing games')."""
    t = Tally()
    msgs = _Msgs(game, lambda g, S: _msg(g, S))
    adj = game.adjacency
    full = (1 << game.n) - 1
    moved = {}  # a -> (G − a, G ∗ a) as bitmask adjacency on the original indices
    for a, b, c in permutations(game.nonterminals(), 3):
        ib, ic = game.index(b), game.index(c)
        if ib > ic:
            continue  # the condition is symmetric in b and c
        ia = game.index(a)
        if a not in moved:
            moved[a] = (delete_adjacency(adj, ia), short_adjacency(adj, ia))
        gd, gs = moved[a]
        keep = full & ~(1 << ia) & ~(1 << ib) & ~(1 << ic)
        # every side is a graph on V∖{a, b, c}: equal graphs are equal adjacency there
        gd_b = delete_adjacency(gd, ib)
        if _agree(short_adjacency(gd, ib), gd_b, keep) and _agree(short_adjacency(gd_b, ic), gd_b, keep):
            if not t.add(a in msgs.moves({a, b, c}, CUT), vertices=[a, b, c], part="cut"):
                return t
        gs_b = short_adjacency(gs, ib)
        gs_bc = short_adjacency(gs_b, ic)
        if _agree(gs_b, gs_bc, keep) and _agree(short_adjacency(delete_adjacency(gs, ib), ic), gs_bc, keep):
            if not t.add(a in msgs.moves({a, b, c}, SHORT), vertices=[a, b, c], part="short"):
                return t
    return t


@statement(
    "TSD.PAIRS",
    kind="thm",
    source=SRC + " §4.1",
    max_n=9,
    reading="'a threatens b ⇒ a move at b wins only if the move at a wins, for the mover' is checked "
    "for both movers: Short shorting b wins ⇒ Short shorting a wins; Cut deleting b wins ⇒ Cut deleting a wins.",
)
def pairs(game):
    """a, b mutually supporting ⇒ W(G,x) = W(G∗a∗b,x); mutually threatening ⇒ W(G,x) =
    W(G−a−b,x); a threatens b ⇒ neither player gains by playing b."""
    return fast_then_plain(PAIRS_FAST, game, _pairs_fast, _pairs_plain)


def _pairs_fast(game):
    """The number of TSD.PAIRS instances of ``game`` when every one holds, else None.

    The plain check with "a threatens b" read for every ``a`` at once per ``b``
    (:func:`threat_family`, its one-vertex sets), support asked as the plain check asks
    it (:func:`_support_pair`), and the winning moves found only when some vertex
    threatens another (the plain check reads them only then); all names looked up when
    called."""
    s = FastSolver()
    w = {x: s.winner(game, x) for x in PLAYERS}
    adj = game.adjacency
    full = (1 << game.n) - 1
    labels = game.nonterminals()
    free = tuple(game.index(v) for v in labels)
    threat_of = threat_family
    # threat[i][j]: free[j] threatens free[i] (bit 1 << j of the family is the set {free[j]})
    threat = [_singles(threat_of(adj, full, 1 << ib, free), len(free)) for ib in free]
    support = _support_pair(game)
    count = 0
    for i, j in combinations(range(len(free)), 2):
        a, b = labels[i], labels[j]
        if free[i] > free[j]:
            a, b = b, a
        if support(a, b) and support(b, a):
            count += 1
            h = game.short([a, b])
            if not all(s.winner(h, x) == w[x] for x in PLAYERS):
                return None
        if threat[i][j] and threat[j][i]:
            count += 1
            h = game.delete([a, b])
            if not all(s.winner(h, x) == w[x] for x in PLAYERS):
                return None
    pairs_ = [(i, j) for j in range(len(free)) for i in range(len(free)) if i != j and threat[j][i]]  # i threatens j
    if pairs_:
        wins = _move_wins(s, game, w)
        for i, j in pairs_:
            for p in PLAYERS:
                if wins(p, free[j]):
                    count += 1
                    if not wins(p, free[i]):
                        return None
    return count


_FAST_SOLVER = FastSolver  # the library's solver, whose winning moves _move_wins reads one by one


def _move_wins(s, game, w=None):
    """``wins(p, v)``: whether ``v`` (an index) is among ``s.winning_moves(game, p)``,
    asked only for the vertices a check reads.  For the library's :class:`FastSolver`
    each vertex is solved as :meth:`~FastSolver.winning_moves` solves it (the same
    position searched, the same exact answer), and none when ``w[p]`` (``p``'s winner
    moving first, from ``s``) is not ``p``: a player who loses moving first has no
    winning first move.  Another solver class is asked for its whole list."""
    if type(s) is not _FAST_SOLVER:
        moves = {p: game.mask(s.winning_moves(game, p)) for p in PLAYERS}
        return lambda p, v: bool(moves[p] >> v & 1)
    t1, t2 = game.terminal_indices
    adj = game.adjacency
    full = (1 << game.n) - 1
    if adj[t1] >> t2 & 1 or not reachable(adj, t1, full) >> t2 & 1:
        return lambda p, v: False  # no winning move at all (winning_moves returns [])
    free = full & ~(1 << t1) & ~(1 << t2)
    seen: dict = {}

    def wins(p, v):
        hit = seen.get((p, v))
        if hit is None:
            if w is not None and w[p] != p:
                hit = False
            elif p == SHORT:
                hit = s._solve(short_adjacency(adj, v), free & ~(1 << v), t1, t2, False)
            else:
                hit = not s._solve(delete_adjacency(adj, v), free & ~(1 << v), t1, t2, True)
            seen[(p, v)] = hit
        return hit

    return wins


_SUPPORTS = supports  # the library's, for _support_pair


def _support_pair(game):
    """``support(a, b)``: ``supports(game, {a}, {b})`` for non-terminal labels ``a != b``,
    with :func:`supports` looked up now; the library's is answered by its routine on
    masks, :func:`support_masks` (what it returns once the labels are validated)."""
    sup = supports
    if sup is not _SUPPORTS:
        return lambda a, b: sup(game, {a}, {b})
    adj, full, index = game.adjacency, (1 << game.n) - 1, game.index
    return lambda a, b: support_masks(adj, full, 1 << index(a), 1 << index(b))


def _singles(fam: int, k: int) -> list:
    """Whether each one-vertex set ``{free[j]}`` (``j < k``) is in the family ``fam``
    (:func:`set_family`: bit ``1 << j``)."""
    return [fam >> (1 << j) & 1 for j in range(k)]


def _pairs_plain(game):
    """:func:`pairs` as written (the reference of :func:`_pairs_fast`; the failing games')."""
    s = FastSolver()
    t = Tally()
    w = {x: s.winner(game, x) for x in PLAYERS}
    moves = {p: set(s.winning_moves(game, p)) for p in PLAYERS}
    for a, b in permutations(game.nonterminals(), 2):
        ab, ba = threatens(game, {a}, {b}), threatens(game, {b}, {a})
        if game.index(a) < game.index(b):
            if supports(game, {a}, {b}) and supports(game, {b}, {a}):
                h = game.short([a, b])
                if not t.add(all(s.winner(h, x) == w[x] for x in PLAYERS), vertices=[a, b], part="mutual support"):
                    return t
            if ab and ba:
                h = game.delete([a, b])
                if not t.add(all(s.winner(h, x) == w[x] for x in PLAYERS), vertices=[a, b], part="mutual threat"):
                    return t
        if ab:
            for p in PLAYERS:
                if b in moves[p] and not t.add(a in moves[p], vertices=[a, b], player=p, part="a threatens b"):
                    return t
    return t


@statement("TSD.L5", kind="thm", source=SRC + " §4, Lemma 5", max_n=9)
def l5(game):
    """A degree-3 vertex v threatening two of its neighbours a, b is in a set cut-dominated
    by the third neighbour w: w cut-dominates {v, a, b, w}."""
    t = Tally()
    for v in game.nonterminals():
        nb = game.neighbours(v)
        if len(nb) != 3 or any(game.is_terminal(x) for x in nb):
            continue
        for a, b in combinations(_s(nb), 2):
            if threatens(game, {v}, {a}) and threatens(game, {v}, {b}):
                (w,) = nb - {a, b}
                if not t.add(w in _msg(game, {v, a, b, w}).winning_first_moves(CUT), vertices=[v, a, b, w]):
                    return t
    return t


@statement(
    "TSD.T9",
    kind="thm",
    source=SRC + " §4, Theorem 9",
    max_n=9,
    reading="the lost set is S = {v} ∪ Γ(v); the proof's strategy is checked too: Cut, moving second in "
    "M_{G,S}, deletes v unless Short shorted it, and otherwise deletes any vertex (every choice checked).",
)
def t9(game):
    """A degree-3 vertex that threatens each of its neighbours is in a lost set (with them),
    won by the proof's strategy."""
    t = Tally()
    for v in game.nonterminals():
        nb = game.neighbours(v)
        if len(nb) != 3 or any(game.is_terminal(x) for x in nb):
            continue
        if all(threatens(game, {v}, {x}) for x in nb):
            m = _msg(game, nb | {v})
            if not t.add(m.second_player_wins(CUT), vertices=_s(nb | {v}), part="lost"):
                return t
            stated, lines = check_multi_strategy(m, CUT, SHORT, _t9_strategy(v))
            if not t.add(stated, vertices=_s(nb | {v}), part="the proof's strategy", lines=lines):
                return t
    return t


def _t9_strategy(v):
    """Theorem 9's proof: Cut (second) deletes v if Short did not short it; otherwise any vertex."""
    return lambda left, history: v if v in left else set(left)


def _distinct_threateners(game, targets, threat=None):
    """A matching target → distinct non-terminal vertex threatening it, or None.
    ``threat(x, u)``: a cached ``threatens(game, {x}, {u})``."""
    threat = threat or (lambda x, u: threatens(game, {x}, {u}))
    g = nx.Graph()
    tops = [("t", u) for u in targets]
    g.add_nodes_from(tops)
    for u in targets:
        for x in game.nonterminals():
            if x != u and threat(x, u):
                g.add_edge(("t", u), ("x", x))
    match = nx.bipartite.maximum_matching(g, top_nodes=tops)
    if all(tp in match for tp in tops):
        return {u: match[("t", u)][1] for _, u in tops}
    return None


def _t11_strategy(nb, match, first=None):
    """Theorem 11's strategy for Cut (moving second), for the neighbours ``nb`` of t and the
    matching u → distinct threatener of u: if Short shorts a vertex u of Γ(t), cut its
    threatener; if Short shorts the threatener of u, cut u; otherwise cut any remaining
    vertex of Γ(t) (every choice is checked) — or any vertex when none remains.  With
    ``first`` (the corollary), Cut opens by cutting ``first`` and then plays the same."""
    threatener_of = dict(match)
    threatened_by = {x: u for u, x in match.items()}

    def rule(position, history):
        free = set(position.nonterminals())
        if not history:
            return first
        last = history[-1][1]
        if last in threatener_of and threatener_of[last] in free:
            return threatener_of[last]
        if last in threatened_by and threatened_by[last] in free:
            return threatened_by[last]
        left = free & set(nb)
        return left or free

    return rule


def _t11(game, literal_example: bool):
    if _t11_none(game):
        return Tally()
    return _t11_plain(game, literal_example)


def _t11_none(game) -> bool:
    """True when ``game`` has no TSD.T11 instance under either reading (then the plain
    check counts none and records nothing): no terminal whose neighbours are non-terminal
    has all of them, or all but one, matched to distinct threateners, nor only degree-2
    neighbours (the example, whose further conditions are left to the plain check).

    "x threatens u" for every x at once per u (:func:`threat_family`, its one-vertex
    sets); a matching into distinct threateners exists exactly when
    :func:`_matches_all` finds one (augmenting paths, as the maximum matching of the
    plain check)."""
    adj = game.adjacency
    full = (1 << game.n) - 1
    free = tuple(game.index(v) for v in game.nonterminals())
    terminals = full & ~sum(1 << i for i in free)
    threat_of = threat_family
    by: dict = {}  # u -> mask of the vertices threatening u

    def threateners(u):
        hit = by.get(u)
        if hit is None:
            f = threat_of(adj, full, 1 << u, free)
            hit = by[u] = sum(1 << x for j, x in enumerate(free) if f >> (1 << j) & 1)
        return hit

    for t in bits(terminals):
        nb = adj[t]
        if not nb or nb & terminals:
            continue
        us = tuple(bits(nb))
        if all(popcount(adj[u]) == 2 for u in us):
            return False  # the example may apply
        cands = [threateners(u) for u in us]
        if _matches_all(cands):
            return False
        if len(us) > 1 and any(_matches_all(cands[:k] + cands[k + 1:]) for k in range(len(us))):
            return False
    return True


def _matches_all(cands: list) -> bool:
    """Whether the targets, target ``k`` allowed the vertices of the mask ``cands[k]``,
    can be matched to distinct vertices (Kuhn's augmenting paths)."""
    owner: dict = {}  # vertex -> target matched to it

    def augment(k, seen):
        for x in bits(cands[k] & ~seen[0]):
            seen[0] |= 1 << x
            if x not in owner or augment(owner[x], seen):
                owner[x] = k
                return True
        return False

    return all(augment(k, [0]) for k in range(len(cands)))


def _t11_plain(game, literal_example: bool):
    """:func:`_t11` as written (the plain check; every game with a candidate instance)."""
    s = FastSolver()
    t = Tally()
    cache: dict = {}

    def threat(x, u):
        if (x, u) not in cache:
            cache[x, u] = threatens(game, {x}, {u})
        return cache[x, u]

    for term in game.terminals:
        nb = _s(game.neighbours(term))
        if not nb or any(game.is_terminal(x) for x in nb):
            continue
        match = _distinct_threateners(game, nb, threat)
        if match is not None:
            if not t.add(s.winner(game, SHORT) == CUT, vertices=[term] + nb, part="theorem"):
                return t
            ok, lines = check_strategy(StatedStrategy(game, CUT, SHORT, _t11_strategy(nb, match)))
            if not t.add(ok, vertices=[term] + nb, threateners=match, part="theorem's strategy", lines=lines):
                return t
        for other in nb:
            rest = [u for u in nb if u != other]
            match = _distinct_threateners(game, rest, threat) if len(nb) > 1 else None
            if match is not None:
                ok = s.winner(game, CUT) == CUT and other in s.winning_moves(game, CUT)
                if not t.add(ok, vertices=[term] + nb, cut=other, part="corollary"):
                    return t
                ok, lines = check_strategy(StatedStrategy(game, CUT, CUT, _t11_strategy(rest, match, first=other)))
                if not t.add(ok, vertices=[term] + nb, cut=other, threateners=match, part="corollary's strategy", lines=lines):
                    return t
        if all(game.degree(u) == 2 for u in nb) and all(walk_count(game, x, term, 2) <= 1 for x in game.vertices if x != term):
            far = {x for u in nb for x in game.neighbours(u)} - {term}
            if literal_example or not any(game.is_terminal(x) for x in far):
                if not t.add(s.winner(game, SHORT) == CUT, vertices=[term] + nb, part="example"):
                    return t
    return t


@statement(
    "TSD.T11/a",
    kind="thm",
    source=SRC + " §4, Theorem 11, corollary and example",
    max_n=7,
    expect="refuted", refuted_by=(3, 2, 'Bo', (1, 2)),
    reading="the example as stated: every neighbour of t has degree 2 and no vertex has two 2-walks to t. "
    "Refuted by the path t1–v–t2 (Short wins moving first); the threats the example rests on need the "
    "neighbours' other neighbours to be non-terminal.",
)
def t11_a(game):
    """Neighbours of a terminal all threatened by distinct vertices ⇒ Cut wins moving second;
    all but one so threatened ⇒ Cut wins moving first by cutting the other; a terminal whose
    neighbours all have degree 2, with no vertex having two 2-walks to it ⇒ Cut wins (moving second)."""
    return _t11(game, literal_example=True)


@statement(
    "TSD.T11/b",
    kind="thm",
    source=SRC + " §4, Theorem 11, corollary and example",
    max_n=9,
    reading="the example only where the other neighbour of each degree-2 neighbour of t is non-terminal "
    "(so that it can threaten it, as the derivation from Theorem 11 needs).",
)
def t11_b(game):
    """Theorem 11 and its corollary; the example with non-terminal second neighbours."""
    return _t11(game, literal_example=False)


@statement("TSD.T2.NB", kind="ex", source=SRC + " §3, N.B. after Theorem 2, Fig. 2", max_n=7)
def t2_nb(game):
    """a cut-dominates {a,b,c} and b cut-dominates {a,b}, but {a,b} is not lost."""
    for a, b, c in permutations(game.nonterminals(), 3):
        pair = _msg(game, {a, b})
        if b in pair.winning_first_moves(CUT) and not pair.second_player_wins(CUT):
            if a in _msg(game, {a, b, c}).winning_first_moves(CUT):
                return Tally(1, {"vertices": [a, b, c], "a": a, "b": b, "c": c})
    return None


@statement("TSD.CAPLOST.EX", kind="ex", source=SRC + " §3, Fig. 1 and Fig. 2", max_n=7)
def caplost_ex(game):
    """A captured set inside a lost set (Fig. 1: {b,c} captured, {a,b,c,d} lost)."""
    free = game.nonterminals()
    for k in (1, 2, 3):
        for S in (set(c) for c in combinations(free, k)):
            if not _msg(game, S).second_player_wins(SHORT):
                continue
            rest = [x for x in free if x not in S]
            for j in range(1, min(2, len(rest)) + 1):
                for extra in combinations(rest, j):
                    T = S | set(extra)
                    if _msg(game, T).second_player_wins(CUT):
                        return Tally(1, {"vertices": _s(T), "captured": _s(S), "lost": _s(T)})
    return None
