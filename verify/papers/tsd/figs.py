"""TSD figures: the smallest games with the property each caption states (TSD.FIG).

The figures themselves are lost in the text version of the paper; their captions
state properties, and for each one the harness finds the smallest game that has it
(order (n, m, canonical graph6, terminals)) among games whose terminals are not
adjacent (with adjacent terminals everything is dead and the game is trivial) and whose
named vertices are all live (a set of dead vertices is trivially lost), and stores it under
``counterexamples/TSD.FIG/<x>/`` as a witness.  One reading per figure:

* ``/a`` Fig. 6 — a lost 4-set solved by pair-sets, with no mutually dominating pair;
* ``/b`` Fig. 8 — the same with a dead edge (Theorem 14) whose deletion creates a threat;
* ``/c`` Fig. 9 — a captured 4-set with no mutually dominating pair, the supports of the
  caption, and a live edge that is a spectator;
* ``/d`` Fig. 11 — an edge dead by Corollary II of Theorem 14 whose deletion creates two
  mutually threatening pairs.

"Mutually dominating pair" (both vertices P-dominate the pair, for P = Short or Cut)
is decided by :class:`verify.solve.MultiShannon`; threat and support by their
definitions; deadness by the ``sat`` oracle; the predicted-dead theorem ids by
:func:`verify.dead.theorems.predicted_dead`.

References: A. M. Steane, "Threat, support and dead edges in the Shannon game",
Figs. 6, 8, 9 (§4.1) and 11 (§5).
"""

from __future__ import annotations

from itertools import combinations, permutations

from ...concepts import corollary_ii_pairs, supports, threatens
from ...dead import classify
from ...dead.theorems import predicted_dead
from ...registry import Tally, statement
from ...solve import CUT, SHORT, MultiShannon
from ._memo import _cached, dead_sets

SRC = "TSD"


def _s(x):
    return sorted(x, key=str)


def _mutual_pair(game, S) -> bool:
    """Some 2-subset of S is mutually P-dominating, for P = Short or Cut."""
    for pair in combinations(_s(S), 2):
        m = MultiShannon(game, pair)
        if any(len(m.winning_first_moves(p)) == 2 for p in (SHORT, CUT)):
            return True
    return False


class _Dead:
    """The dead vertices and edges of a game by the ``sat`` oracle, computed once, when first needed."""

    def __init__(self, game):
        self.game, self._cls = game, None

    def _get(self):
        if self._cls is None:
            self._cls = dead_sets(classify, self.game)  # this module's classify, looked up now
        return self._cls

    def live(self, vs) -> bool:
        """Every vertex of ``vs`` is live."""
        return not self._get()[0] & set(vs)

    def edge(self, u, v) -> bool:
        """The edge ``uv`` is dead."""
        return frozenset((u, v)) in self._get()[1]


def _found(**details) -> Tally:
    return Tally(1, details)


@statement(
    "TSD.FIG/a",
    kind="ex",
    source=SRC + " §4, Fig. 6 (Theorem 10)",
    max_n=8,
    reading="distinct live non-terminals a, b, c, d with a threatening c, b threatening d and {c, d} "
    "threatening {a, b}; S = {a, b, c, d} is lost and no 2-subset of S is mutually dominating.",
)
def fig6(game):
    """A multi-Shannon game not reducible by mutually dominating pairs but solved by
    pair-sets: a threatens c, b threatens d, {c,d} threatens {a,b}, so {a,b,c,d} is lost."""
    if game.has_edge(*game.terminals):
        return None  # adjacent terminals: a trivial game, every item dead
    dead = _Dead(game)
    thr = _cached(lambda: threatens)
    for a, b, c, d in permutations(game.nonterminals(), 4):
        if game.index(a) > game.index(b):
            continue  # the roles (a, c) and (b, d) are interchangeable
        if thr(game, {a}, {c}) and thr(game, {b}, {d}) and thr(game, {c, d}, {a, b}):
            S = {a, b, c, d}
            if dead.live(S) and MultiShannon(game, S).second_player_wins(CUT) and not _mutual_pair(game, S):
                return _found(vertices=[a, b, c, d], a=a, b=b, c=c, d=d)
    return None


@statement(
    "TSD.FIG/b",
    kind="ex",
    source=SRC + " §4.1, Fig. 8",
    max_n=8,
    reading="distinct live non-terminals a, b, c, d with a threatening c; an edge cd that is dead and "
    "predicted dead by Theorem 14; b threatens d in G − cd but not in G; {c, d} threatens {a, b}; "
    "S = {a, b, c, d} is lost and no 2-subset of S is mutually dominating. ('Can arise in Hex' is "
    "not checked.)",
)
def fig8(game):
    """A lost 4-set solved by pair-sets after deleting a dead edge cd (Theorem 14) that
    hides the threat of b to d."""
    if game.has_edge(*game.terminals):
        return None  # adjacent terminals: a trivial game, every item dead
    dead = _Dead(game)
    pred = None
    thr = _cached(lambda: threatens)
    minus_cd: dict = {}  # (c, d) -> (G − cd, its threat memo)
    for a, b, c, d in permutations(game.nonterminals(), 4):
        if not game.has_edge(c, d) or not thr(game, {a}, {c}) or thr(game, {b}, {d}):
            continue
        if not thr(game, {c, d}, {a, b}):
            continue
        if (c, d) not in minus_cd:
            minus_cd[c, d] = (game.delete_edges([(c, d)]), _cached(lambda: threatens))
        h, thr_h = minus_cd[c, d]
        if not thr_h(h, {b}, {d}):
            continue
        pred = pred if pred is not None else predicted_dead(game)
        ic, id_ = sorted((game.index(c), game.index(d)))
        if "TSD.T14" not in pred.get(("edge", ic, id_), []):
            continue
        S = {a, b, c, d}
        if not dead.edge(c, d) or not dead.live(S):
            continue
        if MultiShannon(game, S).second_player_wins(CUT) and not _mutual_pair(game, S):
            return _found(vertices=[a, b, c, d], edges=[[c, d]], a=a, b=b, c=c, d=d)
    return None


@statement(
    "TSD.FIG/c",
    kind="ex",
    source=SRC + " §4.1, Fig. 9",
    max_n=8,
    reading="distinct live non-terminals e, f, g, h: S = {e, f, g, h} is captured; no 2-subset of S is "
    "mutually dominating; e supports each of f, g, h; f Short-dominates {f, g, h}; {f, g, h} supports e; "
    "and some edge gx with x ∈ Γ(S) is live in the Shannon game yet a spectator of M_{G,S} "
    "(S is still captured in G − gx), and in G − gx S contains a mutually supporting pair.",
)
def fig9(game):
    """A captured 4-set not reducible by mutually dominating pairs, solved by supports, with a
    live edge that is a spectator and whose deletion makes the set reducible by support pairs."""
    if game.has_edge(*game.terminals):
        return None  # adjacent terminals: a trivial game, every item dead
    dead = _Dead(game)
    sup = _cached(lambda: supports)
    mutual: dict = {}  # S -> _mutual_pair(game, S)
    for e, f, g, h in permutations(game.nonterminals(), 4):
        if game.index(g) > game.index(h):
            continue  # g and h play the same role
        S = {e, f, g, h}
        if not (all(sup(game, {e}, {x}) for x in (f, g, h)) and sup(game, {f, g, h}, {e})):
            continue
        if f not in MultiShannon(game, {f, g, h}).winning_first_moves(SHORT):
            continue
        m = MultiShannon(game, S)
        if not m.second_player_wins(SHORT):
            continue
        key = frozenset(S)
        if key not in mutual:
            mutual[key] = _mutual_pair(game, S)
        if mutual[key]:
            continue
        if not dead.live(S):
            continue
        for x in _s(game.neighbours(g) - S):
            if dead.edge(g, x):
                continue
            h2 = game.delete_edges([(g, x)])
            if not MultiShannon(h2, S).second_player_wins(SHORT):
                continue
            if any(supports(h2, {p}, {q}) and supports(h2, {q}, {p}) for p, q in combinations(_s(S), 2)):
                return _found(vertices=[e, f, g, h], edges=[[g, x]], e=e, f=f, g=g, h=h, spectator_edge=[g, x])
    return None


@statement(
    "TSD.FIG/d",
    kind="ex",
    source=SRC + " §5, Fig. 11",
    max_n=8,
    reading="an edge vw with Γ[v] terminal-free and A³(v,w) = Σ_{i≠w} A²(v,i) (Corollary II of "
    "Theorem 14), dead by the oracle; live non-terminals a, b (other than w), v live too, with {a, v} and {v, b} mutually threatening "
    "in G − vw, but not both already in G.",
)
def fig11(game):
    """An edge vw dead by Corollary II of Theorem 14 whose deletion makes {a,v} and {v,b}
    mutually threatening (hence lost) pairs."""
    if game.has_edge(*game.terminals):
        return None  # adjacent terminals: a trivial game, every item dead
    dead = _Dead(game)
    for v, w in corollary_ii_pairs(game):
        if not game.has_edge(v, w):
            continue
        h = game.delete_edges([(v, w)])
        mutual = [x for x in h.nonterminals() if x not in (v, w) and threatens(h, {x}, {v}) and threatens(h, {v}, {x})]
        for a, b in combinations(_s(mutual), 2):
            before = all(threatens(game, {x}, {v}) and threatens(game, {v}, {x}) for x in (a, b))
            if before or not dead.live((a, v, b)):
                continue
            if dead.edge(v, w):
                return _found(vertices=[v, w, a, b], edges=[[v, w]], v=v, w=w, a=a, b=b)
    return None
