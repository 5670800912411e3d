"""TSD §2–4: graph statements — the model, Lemmas 1–4, Theorems 7 and 8, eq. (1).

Threat and support are evaluated from their definitions (graph equality after −/∗,
:func:`verify.concepts.threatens`, :func:`~verify.concepts.supports`); the papers'
characterisations are separate functions, so each check compares two computations.
Sets range over terminal-free vertex sets of the sizes given per statement.

References: A. M. Steane, "Threat, support and dead edges in the Shannon game".
"""

from __future__ import annotations

from itertools import combinations

import networkx as nx

from ...concepts import (
    articulation_vertices,
    g_set,
    g_set_walks,
    has_supporting_set,
    supports,
    supports_thm7,
    surrounds,
    threatened_by_thm8,
    threatens,
    threatens_thm7,
    walk_count,
)
from ...dead.common import short_wins
from ...game import Game, components
from ...registry import Tally, statement
from ...solve import minimax

SRC = "000_5ace32d4bebf4a78.txt"


def _sets(vs, max_size, min_size=1):
    vs = sorted(vs, key=str)
    for k in range(min_size, max_size + 1):
        yield from (set(c) for c in combinations(vs, k))


def _connected(game: Game, S) -> bool:
    return bool(S) and nx.is_connected(game.induced(S))


def _components(game: Game, S):
    return [set(game.labels_of(c)) for c in components(game.adjacency, game.mask(S))]


@statement("TSD.MODEL", kind="def", source=SRC + " §2", max_n=7)
def model(game):
    """The colouring model and the reduced-graph model give the same winner for every
    complete colouring (so for every move sequence); − and ∗ on distinct vertices commute."""
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


@statement("TSD.L1", kind="thm", source=SRC + " §2, Lemma 1", max_n=7)
def l1(game):
    """Every complete colouring has exactly one winner: a black terminal path or a white
    terminal cutset, never both or neither; every position has a winner."""
    t = Tally()
    free = game.nonterminals()
    t1, t2 = game.terminals
    paths = [set(p[1:-1]) for p in nx.all_simple_paths(game.to_networkx(), t1, t2)]
    for black in _sets(free, len(free), 0):
        short = any(p <= black for p in paths)  # a path of black vertices
        white = set(free) - black
        cut = all(p & white for p in paths)  # every terminal path meets a white vertex
        if not t.add(short != cut, vertices=sorted(black, key=str)):
            return t
    for first in ("Short", "Cut"):
        t.add(minimax.winner(game, first) in ("Short", "Cut"))
    return t


@statement("TSD.L2", kind="thm", source=SRC + " §4, Lemma 2", max_n=6)
def l2(game):
    """(i) connected S: G∗S = G−S ⇔ Γ(S) is a clique; (ii) G∗S = G−S ⇔ it holds for each
    component of S; (iii) G∗S = G−S survives deleting or shorting any further set V."""
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


@statement(
    "TSD.L3",
    kind="thm",
    source=SRC + " §4, Lemma 3",
    max_n=6,
    expect="refuted",
    reading="'connected component of B' as in §4: a component of the induced subgraph G[B].",
)
def l3(game):
    """B is threatened (supported) by A iff each connected component of B is."""
    t = Tally()
    for A, B in _pairs(game):
        comps = _components(game, B)
        for name, rel in (("threat", threatens), ("support", supports)):
            ok = rel(game, A, B) == all(rel(game, A, c) for c in comps)
            if not t.add(ok, vertices=sorted(A | B, key=str), A=sorted(A, key=str), B=sorted(B, key=str), part=name):
                return t
    return t


@statement(
    "TSD.T7",
    kind="def",
    source=SRC + " §4, Theorem 7",
    max_n=6,
    expect="refuted",
    reading="A is any terminal-free set disjoint from B (the theorem states no further condition on A).",
)
def t7(game):
    """(i) A threatens connected B ⇔ Γ(B)∖A is a clique; (ii) A supports connected B ⇔
    Γ(B)∖g(B) ⊆ Γ(A)."""
    t = Tally()
    for A, B in _pairs(game):
        if not _connected(game, B):
            continue
        for name, rel, thm in (("i", threatens, threatens_thm7), ("ii", supports, supports_thm7)):
            d, c = rel(game, A, B), thm(game, A, B)
            if not t.add(d == c, vertices=sorted(A | B, key=str), A=sorted(A, key=str), B=sorted(B, key=str), part=name, definition=d, characterisation=c):
                return t
    return t


@statement("TSD.T7.EX", kind="thm", source=SRC + " §4, Examples after Theorem 7", max_n=6)
def t7_ex(game):
    """Every set is threatened by its neighbourhood and by its neighbourhood minus a
    clique; a degree-2 vertex is threatened by each neighbour and supported by any vertex
    with more than one 2-walk to it; w surrounds v ⇒ w supports v; g(b) = Γ(b) ∩ {vertices
    with d(b)−1 2-walks to b}."""
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


@statement("TSD.T8", kind="thm", source=SRC + " §4, Theorem 8 and corollary", max_n=7)
def t8(game):
    """A set of n neighbours of v with x_n(v)+m 2-walks to v in total threatens v
    (x_n(v) = T(v) − (d−n)(d−n−1)/2, m = edges inside the set)."""
    t = Tally()
    for v in game.nonterminals():
        nb = [u for u in game.neighbours(v) if not game.is_terminal(u)]
        for S in _sets(nb, 3):
            if threatened_by_thm8(game, v, S):
                if not t.add(threatens(game, S, {v}), vertices=sorted(S | {v}, key=str)):
                    return t
    return t


@statement("TSD.L4", kind="thm", source=SRC + " §4, Lemma 4 and corollary", max_n=6)
def l4(game):
    """Threat and support survive play: (i)/(iii) outside A (B shrinks), (ii) A−a threatens
    B in G−a, (iv) A−a supports B in G∗a; corollary: A threatens (supports) B1∪B2 ⇒ A∪B1
    threatens (supports) B2."""
    t = Tally()
    free = game.nonterminals()
    for A, B in _pairs(game):
        det = dict(vertices=sorted(A | B, key=str), A=sorted(A, key=str), B=sorted(B, key=str))
        thr, sup = threatens(game, A, B), supports(game, A, B)
        for b in free:
            if b in A or not B - {b}:
                continue
            for h in (game.delete(b), game.short(b)):
                if thr and not t.add(threatens(h, A, B - {b}), b=b, part="i", **det):
                    return t
                if sup and not t.add(supports(h, A, B - {b}), b=b, part="iii", **det):
                    return t
        for a in A:
            if thr and not t.add(threatens(game.delete(a), A - {a}, B), a=a, part="ii", **det):
                return t
            if sup and not t.add(supports(game.short(a), A - {a}, B), a=a, part="iv", **det):
                return t
        for B1 in _sets(B, len(B) - 1):
            B2 = B - B1
            if thr and not t.add(threatens(game, A | B1, B2), B1=sorted(B1, key=str), part="corollary threat", **det):
                return t
            if sup and not t.add(supports(game, A | B1, B2), B1=sorted(B1, key=str), part="corollary support", **det):
                return t
    return t


@statement(
    "TSD.EQ1",
    kind="thm",
    source=SRC + " §4, eq. (1)",
    max_n=7,
    expect="refuted",
    reading="checked where Γ(A)∖B (in the original G) is terminal-free, so that it can threaten. "
    "Refuted: on the path t1–0–2–1–t2, A = {2} threatens B = {0, 1} but Γ(A)∖B = ∅ does not "
    "threaten {0, 1, 2} (shorting the whole path joins the terminals).",
)
def eq1(game):
    """A threatens B ⇒ Γ(A)∖B threatens A∪B (Γ taken in the original G)."""
    t = Tally()
    for A, B in _pairs(game):
        C = game.set_neighbours(A) - B
        if any(game.is_terminal(x) for x in C) or not threatens(game, A, B):
            continue
        if not t.add(threatens(game, C, A | B), vertices=sorted(A | B, key=str), A=sorted(A, key=str), B=sorted(B, key=str), C=sorted(C, key=str)):
            return t
    return t


@statement(
    "TSD.ART",
    kind="thm",
    source=SRC + " §4, remark after Theorem 9",
    max_n=7,
    expect="refuted",
    reading="articulation vertex of the whole graph; supporting sets are terminal-free and may be empty. "
    "Refuted when G−v has a terminal-free component: shorting it away leaves v supported.",
)
def art(game):
    """A vertex has no supporting set iff it is an articulation (cut) vertex."""
    t = Tally()
    cut = articulation_vertices(game)
    for v in game.nonterminals():
        if not t.add((not has_supporting_set(game, v)) == (v in cut), vertices=[v], articulation=v in cut):
            return t
    return t
