"""TSD §3 closing remark (TSD.DUAL): Cut as a connection player with two terminals of his own.

The conjecture: for planar graphs embeddable with the terminals on the outer face,
and for graphs obtained from them by shorting, two further vertices can be attached
so that Cut's winning cutsets are exactly the paths between them (and Short's winning
paths exactly the cutsets separating them).  See :mod:`verify.papers.tsd.dual_graph` for the
definition of a dual graph D and the SAT search.

Readings encoded (the hypothesis "planar with s and t on the outer face" is decided
as "G + st is planar"):

* ``TSD.DUAL/a`` — a literal reading the remark itself contradicts: the paths are
  paths of G itself with the two vertices attached (D's edges among the non-terminals
  are G's).  The remark speaks of *two* dual graphs, so this is not what it means;
  refuted (as it must be): in the square s–a–t–b the only winning cutset {a, b} is not
  a path of G.
* ``TSD.DUAL/b`` — the dual-graph reading of the remark's last sentence: D is any graph
  on the non-terminals plus the two new vertices.  For every game in scope a dual is
  found by SAT and re-checked on every vertex set; for every set Y of non-terminals,
  ``D − Y`` is checked to be a dual of ``G ∗ Y`` (the "obtained by shorting" clause;
  all the Y at once by :func:`~verify.papers.tsd.dual_graph.shorting_duals`, which
  shorts G one vertex further from the previous Y and compares families of sets as
  bits).

References: A. M. Steane, "Threat, support and dead edges in the Shannon game", §3.
"""

from __future__ import annotations

from .dual_graph import (find_dual, has_outer_terminals, outer_dual_exists, separating_family,
                         shorting_duals, shorting_family_duals)
from ...backing import used
from ...registry import Tally, statement
from ...registry.routes import add_route, fast_then_plain, switch

SRC = "TSD §3, closing remark"



DUAL_FAST = switch("tsd.dual.fast", 0)
add_route("TSD.DUAL/b", "fast", "the dual graph's shorting checks on index masks (_dual_b_fast)", (DUAL_FAST,))

@statement(
    "TSD.DUAL/a",
    kind="conj",
    source=SRC,
    max_n=7,
    expect="refuted", refuted_by=(4, 4, 'C]', (2, 3)),
    reading="literal reading, which the remark itself contradicts (not an error of the paper): Cut's paths "
    "are paths of G itself with two new vertices c1, c2 attached, i.e. a set X of non-terminals contains a "
    "c1–c2 path of G + c1 + c2 iff X separates s from t. The remark goes on to 'maintaining two dual "
    "graphs, in which a short operation in one graph is a deletion in the other', so Cut's graph is not "
    "G's own edges (that is reading /b). Refuted, as it must be, by the square s–a–t–b.",
)
def dual_literal(game):
    """Planar games with the terminals outside: Cut's winning cutsets are the paths of G
    between two attached vertices."""
    if not has_outer_terminals(game):
        return None
    return find_dual(game, literal=True) is not None


@statement(
    "TSD.DUAL/b",
    kind="conj",
    source=SRC,
    max_n=9,
    tier_n=6,
    reading="dual graph: for G planar with s, t on the outer face there is a graph D on the non-terminals "
    "plus c1, c2 with X separating s, t in G iff X connects c1, c2 in D (for every X), and then D − Y is "
    "such a graph for G ∗ Y, for every set Y of non-terminals (the graphs obtained by shorting).",
)
def dual_graph(game):
    """Planar games with the terminals outside, and their shortings, have a dual graph for Cut."""
    if not has_outer_terminals(game):
        return None
    return fast_then_plain(DUAL_FAST, game, _dual_b_fast, _dual_b_tally,
                           guard=find_dual is _FIND and shorting_duals is _SHORTING)  # the genuine checks (a mutant's are asked)


#: The genuine dual search and shorting check; with them :func:`dual_graph` tries
#: :func:`_dual_b_fast` first.
_FIND, _SHORTING = find_dual, shorting_duals


def _dual_b_fast(game) -> int | None:
    """The number of TSD.DUAL/b instances of an in-scope ``game`` when every one holds,
    else None (then the plain check runs).

    * "planar game": a dual exists when one built from the embedding passes the
      definition on every X (:func:`~verify.papers.tsd.dual_graph.outer_dual_exists`) —
      no SAT search, so it is recorded as ``dual-built``, not ``dual-sat``;
    * "shorting", for each of the 2^k − 1 non-empty Y: the separating family of G ∗ Y
      is compared with the dual's connecting family on the X disjoint from Y, as the
      plain check does (:func:`~verify.papers.tsd.dual_graph.shorting_family_duals`);
      the dual's family is G's separating family, which is what accepting it checked.
      (That every Y passes follows from G ∗ Y − X = (G − X) ∗ Y — the remark's own
      argument, so it is computed, not assumed.)"""
    if not outer_dual_exists(game):
        return None
    shorted = shorting_family_duals(game, separating_family(game))
    if not all(ok for _, ok in shorted):
        return None
    used("dual-built")
    return 1 + len(shorted)  # the dual, and every non-empty Y


def _dual_b_tally(game):
    """:func:`dual_graph` as written, for a game in scope (the plain check)."""
    t = Tally()
    d = find_dual(game)
    if not t.add(d is not None, part="planar game"):
        return t
    shorted = shorting_duals(game, d)  # is D − Y a dual of G ∗ Y, for every Y ≠ ∅
    if all(ok for _, ok in shorted):  # every Y counted, none fails: what the loop below would give
        t.hypothesis += len(shorted)
        return t
    for Y, ok in shorted:
        if not t.add(ok, vertices=list(Y), part="shorting"):
            return t
    return t


def _dual_b_plain(game):
    """TSD.DUAL/b without the fast pass (the reference of the tests)."""
    if not has_outer_terminals(game):
        return None
    return _dual_b_tally(game)


@statement(
    "TSD.DUAL/c",
    kind="conj",
    source=SRC,
    max_n=8,
    tier_n=8,
    expect="refuted", refuted_by=(8, 10, 'GDZ@Go', (6, 7)),
    reading="the question the remark leaves open ('it may or may not be possible for other graphs'): "
    "every game that is NOT planar with s, t on one face has a dual graph D as in /b. Holds for every game "
    "up to n = 7; refuted at n = 8 (smallest: 10 edges, G itself planar but G + st not): no graph D has "
    "exactly its separators as connecting sets — PySAT on the minimal separators and z3 on every vertex "
    "set agree (tests/test_tsd_dual_smt.py). So for these games planarity with the terminals on one face "
    "is needed after all; 96 of the 114,783 such games of n = 8 have no dual.",
)
def dual_graph_other(game):
    """Games that are not planar with the terminals outside also have a dual graph for Cut."""
    if has_outer_terminals(game):
        return None
    return find_dual(game) is not None
