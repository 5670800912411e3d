"""Mutants of the registered SSG statements (the Shannon switching game).

Each perturbs one oracle a registered check consults — the plain minimax
(:mod:`verify.papers.ssg.brute`, with or without a pass option), the reduction to the
vertex game, Lehman's classifier and its certificate checker
(:mod:`verify.papers.ssg.lehman`), the Gale-board construction, the tree paths and
Theorem 1's count, Chase's Step 6 and his Steps 7–9 player
(:mod:`verify.papers.ssg.chase`) — and pins the smallest counterexample in the domain's
order: ``(n, m, canonical edge string, terminals)`` for switching games, ``(n, m,
edge string)`` for bare multigraphs, ``(K,)`` for Gale boards.

The memoised minimax bodies (``_mm``, ``_mm_pass``) are perturbed through
:func:`flipped_at`, which wraps the undecorated body in a *fresh* cache: the body's
recursion looks ``_mm`` up in its module, so every position goes through the mutant,
and the original cache is never written to (a clean run after the mutant is clean).
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from .core import Mutant, P, always, const, negate  # noqa: F401

SSG = "papers.ssg."
FIRST, CUT, CONNECT = "first", "cut", "connect"

# a position of the minimax: two parallel terminal edges (CONNECT to move: won at once)
DOUBLE_EDGE = ((0, 1), (0, 1))


# ------------------------------------------------------------ brute force
def mover_swapped(orig):
    """A solver ``f(g, connect_first)`` answering for the other mover."""
    return lambda g, connect_first, *a, **k: orig(g, not connect_first, *a, **k)


def flipped_at(*position):
    """A memoised minimax body with its answer at one ``position`` (its argument tuple)
    flipped, in a fresh cache (see the module docstring)."""

    def make(orig):
        body = orig.__wrapped__

        @lru_cache(maxsize=None)
        def mm(*args):
            r = body(*args)
            return (not r) if args == position else r

        return mm

    return make


def vertex_game_terminal_joined_once(orig):
    """The vertex-game reduction with each terminal joined to only its first incident edge."""
    from ..game import Game

    def vertex_game(g):
        m = g.m
        edges = [e for e in orig(g).edges() if m not in e and m + 1 not in e]
        for t, tv in zip(g.terminals, (m, m + 1)):
            edges.append((min(i for i, e in enumerate(g.edges) if t in e), tv))
        return Game(range(m + 2), sorted(edges), (m, m + 1))

    return vertex_game


# ------------------------------------------------------------ Lehman
def lehman_without_extra_edge(orig):
    """Lehman's classifier deciding CONNECT moving first in ``G`` itself (no extra terminal
    edge): the same test as moving second, so class ``first`` comes out ``cut``.  The
    certificate is left as computed (it proves ``first``)."""

    def classify(g):
        r = orig(g)
        return dataclasses.replace(r, cls=CUT, short_first=CUT) if r.cls == FIRST else r

    return classify


def checker_forgetting_extra_edge(orig):
    """The certificate checker taking two trees of ``G + ab`` for two trees of ``G``
    (answering for the second player when the proof is for the first)."""

    def check_certificate(g, cert):
        c = orig(g, cert)
        return CONNECT if c == FIRST else c

    return check_certificate


# ------------------------------------------------------------ Gale boards
def gale_last_link_missing(orig):
    """The ``K x (K+1)`` board without its last edge (a vertical link for ``K >= 2``)."""
    from ..papers.ssg.multigraph import SwitchGame

    def gale(k):
        g = orig(k)
        return g if g.m < 2 else SwitchGame(g.n, g.edges[:-1], g.terminals, g.names)

    return gale


# ------------------------------------------------------------ Chase
def fundamental_cycle(orig):
    """``P(b, T)`` read as the fundamental cycle of ``b`` (the tree path plus ``b``)."""
    return lambda ends, T, b: orig(ends, T, b) | {b}


def trees_swapped(orig):
    """Theorem 1's count with the roles of ``T1`` and ``T2`` exchanged."""
    return lambda ends, T1, T2, h: orig(ends, T2, T1, h)


def step6_without_cut(orig):
    """Step 6 skipping its first case (``e_{j+1} ∈ T2`` → CUT)."""
    return lambda T1, T2, m: orig(T1, set(), m)


def step7_as_printed(orig):
    """The referee playing Step 7 literally as printed (pass when ``h ∈ T1 ⊕ T2``)."""
    return lambda g, **k: orig(g, **{**k, "literal_step7": True})


def player(**methods):
    """A :class:`~verify.papers.ssg.chase.ChasePlayer` subclass with methods replaced
    (name → fn(self, *args))."""

    def make(orig):
        return type("MutantChasePlayer", (orig,), methods)

    return make


def _reply_anywhere(self, h):
    """Step 8 replaced by 'the least playable edge' (no tree paths)."""
    for mm in range(self.tts.m):
        if mm != h and mm not in self.played:
            return mm
    return None


def _update_other_tree(self, cut_move, connect_move):
    """Step 9 exchanging in the tree that does NOT hold CUT's edge."""
    k = 2 if cut_move in self.T[1] else 1
    self.T[k] ^= {cut_move, connect_move}


# ------------------------------------------------------------------ the mutants
MM = "_mm"
def certificate_second_tree_copied(orig):
    """Lehman's classifier whose trees certificates have tree2 a copy of tree1 (a defective
    certificate: the two trees share every edge)."""

    def classify(g):
        r = orig(g)
        cert = {k: (dict(v, tree2=list(v["tree1"])) if isinstance(v, dict) and v.get("kind") == "trees" else v)
                for k, v in r.certificate.items()}
        return dataclasses.replace(r, certificate=cert)

    return classify


MUTANTS = [
    # --- SSG.TRI: the plain minimax (both movers)
    Mutant("SSG.TRI", "minimax answers for the other mover",
           [P(SSG + "statements", "connect_wins", mover_swapped)], 2, (2, 1, "0-1", (0, 1))),
    Mutant("SSG.TRI", "minimax flipped on one position (double terminal edge, CONNECT to move)",
           [P(SSG + "brute", MM, flipped_at(DOUBLE_EDGE, 0, 1, True))], 2, (2, 2, "0-1,0-1", (0, 1))),
    # --- SSG.MONO: the game with a pass option against the plain minimax
    Mutant("SSG.MONO", "pass-game minimax flipped on one position (no edge left, CONNECT to move)",
           [P(SSG + "brute", "_mm_pass", flipped_at((), 0, 1, True, True))], 2, (2, 1, "0-1", (0, 1))),
    Mutant("SSG.MONO", "plain minimax answers for the other mover",
           [P(SSG + "statements", "connect_wins", mover_swapped)], 2, (2, 1, "0-1", (0, 1))),
    # --- SSG.LEHMAN: Lehman's classifier, its certificate checker, minimax, the reduction
    Mutant("SSG.LEHMAN", "Lehman's first-player case decided without the extra terminal edge",
           [P(SSG + "statements", "classify", lehman_without_extra_edge)], 2, (2, 1, "0-1", (0, 1))),
    Mutant("SSG.LEHMAN", "certificate checker reads trees of G + ab as trees of G",
           [P(SSG + "statements", "check_certificate", checker_forgetting_extra_edge)], 2, (2, 1, "0-1", (0, 1))),
    Mutant("SSG.LEHMAN", "minimax flipped on one position (double terminal edge, CONNECT to move)",
           [P(SSG + "brute", MM, flipped_at(DOUBLE_EDGE, 0, 1, True))], 2, (2, 2, "0-1,0-1", (0, 1))),
    Mutant("SSG.LEHMAN", "vertex-game reduction joins each terminal to one edge only",
           [P(SSG + "brute", "vertex_game", vertex_game_terminal_joined_once)], 2, (2, 2, "0-1,0-1", (0, 1))),
    Mutant("SSG.LEHMAN", "certificate with its second tree a copy of the first",
           [P(SSG + "statements", "classify", certificate_second_tree_copied)], 2, (2, 1, "0-1", (0, 1))),
    # --- SSG.GALE: Lehman's classifier, minimax (K <= 3), the board construction
    Mutant("SSG.GALE", "Lehman's first-player case decided without the extra terminal edge",
           [P(SSG + "statements", "classify", lehman_without_extra_edge)], 1, (1,)),
    Mutant("SSG.GALE", "minimax answers for the other mover",
           [P(SSG + "brute", "connect_wins", mover_swapped)], 1, (1,)),
    Mutant("SSG.GALE", "certificate with its second tree a copy of the first",
           [P(SSG + "statements", "classify", certificate_second_tree_copied)], 1, (1,)),
    Mutant("SSG.GALE", "Gale board built without its last link",
           [P(SSG + "domain", "gale", gale_last_link_missing)], 2, (2,)),
    # --- SSG.CHASE.T1: the tree paths and the count
    Mutant("SSG.CHASE.T1", "P(b, T) read as the fundamental cycle (path plus b)",
           [P(SSG + "chase", "tree_path", fundamental_cycle)], 2, (2, 2, "0-1,0-1")),
    Mutant("SSG.CHASE.T1", "Theorem 1's count with T1 and T2 exchanged",
           [P(SSG + "statements", "theorem1_count", trees_swapped)], 2, (2, 2, "0-1,0-1")),
    # --- SSG.CHASE.ALG: Step 6 (the class) and Steps 7-9 (the player)
    Mutant("SSG.CHASE.ALG", "Step 6 skips its CUT case",
           [P(SSG + "chase", "step6", step6_without_cut)], 3, (3, 2, "0-1,0-2", (1, 2))),
    Mutant("SSG.CHASE.ALG", "Step 7 as printed (pass when h in T1 xor T2)",
           [P(SSG + "statements", "referee", step7_as_printed)], 2, (2, 2, "0-1,0-1", (0, 1))),
    Mutant("SSG.CHASE.ALG", "Step 8 replies with the least free edge",
           [P(SSG + "chase", "ChasePlayer", player(_find=_reply_anywhere))], 3, (3, 3, "0-1,0-1,0-2", (1, 2))),
    Mutant("SSG.CHASE.ALG", "Step 9 exchanges in the other tree",
           [P(SSG + "chase", "ChasePlayer", player(_update=_update_other_tree))], 4,
           (4, 5, "0-1,0-2,0-3,1-2,1-3", (2, 3))),
]
