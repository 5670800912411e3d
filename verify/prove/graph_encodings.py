"""Symbolic encodings of the TSD §4 graph statements: Lemmas 2–4 and Theorem 7.

Each statement becomes "some connected game on ``n`` vertices, and some choice of its
vertex sets, violates it" as CNF over the adjacency variables and named symbolic sets
(:mod:`verify.prove.symbolic_sets`): ``("in", "A", v)`` etc., and single vertices
``("is", "b", v)``.  The readings are those of the registered checks in
:mod:`verify.papers.tsd.graph` — sets are terminal-free, ``A`` and ``B`` disjoint
and non-empty — except that the sets have **no size bound** (the registered checks
enumerate sets of at most 2 or 3 vertices).

Each encoding carries, beside its clauses, a brute-force oracle written from the
definitions (:func:`verify.concepts.threatens`, :func:`~verify.concepts.supports`,
:meth:`Game.short <verify.game.Game.short>`): ``instances(game)`` enumerates every
choice of the sets and ``failure(game, inst, mutant)`` says whether that choice
violates the statement.  A decoded model is accepted only if ``failure`` confirms it;
the tests compare the SAT verdict with the enumeration for every connected game of
each small size.

TSD.T7 and TSD.L3 are refuted statements (their registered verdict): their queries
must come back satisfiable, at the same smallest ``n`` as the enumeration.

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §4.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations

from ..concepts import supports, supports_thm7, threatens, threatens_thm7
from ..game import Game, components
from .symbolic_sets import SetBuilder

__all__ = ["SetEncoding", "SET_ENCODINGS"]


@dataclass(frozen=True)
class SetEncoding:
    """A graph statement's encoding, its brute-force oracle and its mutant."""

    id: str
    text: str
    mutant_text: str | None  # None: a refuted statement has no mutant
    build: Callable[[SetBuilder, bool], list[tuple[str, list[list[int]], tuple[str, ...]]]]  # (case, clauses, sets it names)
    instances: Callable[[Game], Iterator[dict]]
    failure: Callable[[Game, dict, bool], dict | None]
    expect: str = "holds"  # or 'refuted'
    min_n: int = 3


# ----------------------------------------------------------------- helpers
def _subsets(vs, min_size=1) -> Iterator[set]:
    vs = sorted(vs, key=str)
    for k in range(min_size, len(vs) + 1):
        yield from (set(c) for c in combinations(vs, k))


def _pairs(game: Game) -> Iterator[dict]:
    free = game.nonterminals()
    for B in _subsets(free):
        for A in _subsets([v for v in free if v not in B]):
            yield {"A": A, "B": B}


def _comps(game: Game, S) -> list[set]:
    return [set(game.labels_of(c)) for c in components(game.adjacency, game.mask(S))]


def _connected(game: Game, S) -> bool:
    return len(_comps(game, S)) == 1


AB = ("A", "B")


def _xor(b: SetBuilder, p: int, q: int) -> int:
    return b.OR(b.AND(p, -q), b.AND(-p, q))


def _pair_sets(b: SetBuilder) -> tuple[tuple, tuple, list[list[int]]]:
    A, B = b.named_set("A"), b.named_set("B")
    return A, B, b.nonempty(A) + b.nonempty(B) + b.disjoint(A, B)


def _eq(game: Game, S) -> bool:
    return game.short(S) == game.delete(S)


# ------------------------------------------------------------------ TSD.T7
def _t7_build(b: SetBuilder, mutant: bool):
    A, B, base = _pair_sets(b)
    base += b.set_connected(B)
    nbB, nbA = b.neighbourhood(B), b.neighbourhood(A)
    clique = b.is_clique(b.minus(nbB, A))
    # g(B): neighbours of B adjacent to every other neighbour of B
    g = tuple(
        b.AND(nbB[x], *(b.OR(-nbB[y], b.adj(x, y)) for y in range(b.n) if y != x)) for x in range(b.n)
    )
    cond = b.AND(*(b.OR(-nbB[x], g[x], nbA[x]) for x in range(b.n)))
    return [
        ("(i) threat", base + [[_xor(b, b.threatens(A, B), clique)]], AB),
        ("(ii) support", base + [[_xor(b, b.supports(A, B), cond)]], AB),
    ]


def _t7_instances(game):
    return (p for p in _pairs(game) if _connected(game, p["B"]))


def _t7_failure(game, inst, mutant):
    A, B = inst["A"], inst["B"]
    if not _connected(game, B):
        return None
    for part, rel, thm in (("i", threatens, threatens_thm7), ("ii", supports, supports_thm7)):
        d, c = rel(game, A, B), thm(game, A, B)
        if d != c:
            return {"part": part, "definition": d, "characterisation": c}
    return None


# ------------------------------------------------------------------ TSD.L3
def _l3_build(b: SetBuilder, mutant: bool):
    A, B, base = _pair_sets(b)
    classes, cl = b.components(B, "B")
    base += cl
    out = []
    for name, rel in (("threat", b.threatens), ("support", b.supports)):
        whole = rel(A, B)
        each = b.AND(*(rel(A, C) for C in classes))
        out.append((name, base + [[_xor(b, whole, each)]], AB))
    return out


def _l3_failure(game, inst, mutant):
    A, B = inst["A"], inst["B"]
    for name, rel in (("threat", threatens), ("support", supports)):
        whole = rel(game, A, B)
        each = all(rel(game, A, c) for c in _comps(game, B))
        if whole != each:
            return {"part": name, "B": whole, "each component": each}
    return None


# ------------------------------------------------------------------ TSD.L2
def _l2_build(b: SetBuilder, mutant: bool):
    S = b.named_set("S")
    base = b.nonempty(S)
    eq = b.short_is_delete(S)
    clique = b.is_clique(b.neighbourhood(S))
    if mutant:  # (i) without "S connected"
        return [("(i) for any S", base + [[_xor(b, eq, clique)]], ("S",))]
    classes, cl = b.components(S, "S")
    each = b.AND(*(b.short_is_delete(C) for C in classes))
    V = b.named_set("V")
    rest = b.minus(S, V)
    after_cut = b.short_is_delete(rest, D=V)
    after_short = b.short_is_delete(rest, Z=V)
    return [
        ("(i) connected S", base + b.set_connected(S) + [[_xor(b, eq, clique)]], ("S",)),
        ("(ii) components", base + cl + [[_xor(b, eq, each)]], ("S",)),
        ("(iii) further play", base + b.nonempty(V) + b.nonempty(rest) + [[eq], [b.OR(-after_cut, -after_short)]], ("S", "V")),
    ]


def _l2_instances(game):
    free = game.nonterminals()
    for S in _subsets(free):
        yield {"S": S, "V": set()}
        for V in _subsets(free):
            if S - V:
                yield {"S": S, "V": V}


def _l2_failure(game, inst, mutant):
    S, V = inst["S"], inst.get("V", set())
    eq = _eq(game, S)
    clique = game.is_clique(game.set_neighbours(S))
    if mutant:
        return {"part": "i (any S)", "short=delete": eq, "clique": clique} if eq != clique and not V else None
    if not V:
        if _connected(game, S) and eq != clique:
            return {"part": "i", "short=delete": eq, "clique": clique}
        each = all(_eq(game, c) for c in _comps(game, S))
        if eq != each:
            return {"part": "ii", "short=delete": eq, "each component": each}
        return None
    rest = S - V
    if eq and not (_eq(game.delete(V), rest) and _eq(game.short(V), rest)):
        return {"part": "iii"}
    return None


# ------------------------------------------------------------------ TSD.L4
def _l4_build(b: SetBuilder, mutant: bool):
    A, B, base = _pair_sets(b)
    thr, sup = b.threatens(A, B), b.supports(A, B)
    bb, cb = b.one_hot("b", b.minus(b.nonterminal_set(), A))
    aa, ca = b.one_hot("a", A)
    B_b = b.minus(B, bb)  # B ∖ {b}
    D_b = bb  # b is deleted (G − b) or shorted (G ∗ b)
    A_a = b.minus(A, aa)
    if mutant:  # (iv') support survives *cutting* a member of A
        return [("(iv') A−a supports B in G−a", base + ca + [[sup], [-b.supports(A_a, B, D=aa)]], AB)]
    B1 = b.named_set("B1")
    B2 = b.minus(B, B1)
    cor = base + b.subset(B1, B) + b.nonempty(B1) + b.nonempty(B2)
    AB1 = b.union(A, B1)
    return [
        ("(i) threat, b cut or shorted", base + cb + b.nonempty(B_b) + [[thr], [b.OR(-b.threatens(A, B_b, D=D_b), -b.threatens(A, B_b, Z=D_b))]], AB),
        ("(ii) threat, a ∈ A cut", base + ca + [[thr], [-b.threatens(A_a, B, D=aa)]], AB),
        ("(iii) support, b cut or shorted", base + cb + b.nonempty(B_b) + [[sup], [b.OR(-b.supports(A, B_b, D=D_b), -b.supports(A, B_b, Z=D_b))]], AB),
        ("(iv) support, a ∈ A shorted", base + ca + [[sup], [-b.supports(A_a, B, Z=aa)]], AB),
        ("corollary, threat", cor + [[thr], [-b.threatens(AB1, B2)]], AB),
        ("corollary, support", cor + [[sup], [-b.supports(AB1, B2)]], AB),
    ]


def _l4_failure(game, inst, mutant):
    A, B = inst["A"], inst["B"]
    thr, sup = threatens(game, A, B), supports(game, A, B)
    if mutant:
        for a in sorted(A, key=str):
            if sup and not supports(game.delete(a), A - {a}, B):
                return {"part": "iv'", "a": a}
        return None
    for bv in game.nonterminals():
        if bv in A or not B - {bv}:
            continue
        for move, h in (("cut", game.delete(bv)), ("short", game.short(bv))):
            if thr and not threatens(h, A, B - {bv}):
                return {"part": "i", "b": bv, "move": move}
            if sup and not supports(h, A, B - {bv}):
                return {"part": "iii", "b": bv, "move": move}
    for a in sorted(A, key=str):
        if thr and not threatens(game.delete(a), A - {a}, B):
            return {"part": "ii", "a": a}
        if sup and not supports(game.short(a), A - {a}, B):
            return {"part": "iv", "a": a}
    for B1 in _subsets(B):
        B2 = B - B1
        if not B2:
            continue
        if thr and not threatens(game, A | B1, B2):
            return {"part": "corollary threat", "B1": sorted(B1, key=str)}
        if sup and not supports(game, A | B1, B2):
            return {"part": "corollary support", "B1": sorted(B1, key=str)}
    return None


SET_ENCODINGS: dict[str, SetEncoding] = {
    e.id: e
    for e in [
        SetEncoding("TSD.L2", "(i) connected S: G∗S = G−S ⇔ Γ(S) clique; (ii) ⇔ each component; (iii) survives further play",
                    "(i) without 'S connected'", _l2_build, _l2_instances, _l2_failure),
        SetEncoding("TSD.L4", "threat and support survive play (i)–(iv) and the corollary",
                    "(iv') A supports B ⇒ A−a supports B in G−a (cut instead of short)", _l4_build, _pairs, _l4_failure),
        SetEncoding("TSD.T7", "Theorem 7 read literally (A any terminal-free set disjoint from connected B): refuted",
                    None, _t7_build, _t7_instances, _t7_failure, expect="refuted"),
        SetEncoding("TSD.L3", "Lemma 3 with components of G[B]: refuted",
                    None, _l3_build, _pairs, _l3_failure, expect="refuted"),
    ]
}
