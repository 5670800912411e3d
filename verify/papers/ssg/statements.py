"""The SSG statements, registered on import (domains in :mod:`verify.papers.ssg.domain`).

Every check compares two independent computations; the plain minimax of
:mod:`verify.papers.ssg.brute` is the reference wherever a game value is needed.
"""

from __future__ import annotations

from ...registry import Tally, statement
from .brute import classify_brute, connect_wins, connect_wins_with_pass, reduction_connect_wins
from .chase import referee, spanning_trees, theorem1_count, two_tree_system
from .domain import GALE_BOARDS, MULTIGRAPHS, SWITCH
from .lehman import check_certificate, classify

CHASE_PAPER = "Chase 1972 (001_7b6aa461228c292a)"
WIKI = "Shannon switching game (004_e42d52c966a4492b)"
GALE_BRUTE_MAX_K = 3  # boards solved by minimax as well as by Lehman
CHASE_PLAY_MAX_EDGES = 10  # the exhaustive referee plays every line up to this many edges


@statement(
    "SSG.TRI",
    kind="thm",
    source=f"{CHASE_PAPER}, 'How the game is played'; {WIKI}, Rules",
    max_n=5,
    domain=SWITCH,
    reading="The three classes are CONNECT wins moving second, CUT wins moving second, the first "
    "player wins. Exactly one holds iff the fourth combination (CONNECT wins moving second but loses "
    "moving first) never occurs; checked with plain minimax for both movers.",
)
def tri(g):
    """On every multigraph exactly one holds: CONNECT wins whoever starts, CUT wins whoever starts,
    or the first player wins."""
    first, second = connect_wins(g, True), connect_wins(g, False)
    return not (second and not first)


@statement(
    "SSG.MONO",
    kind="thm",
    source=f"{CHASE_PAPER}, 'How the game is played' (it never hurts to have to move)",
    max_n=5,
    tier_n=4,
    domain=SWITCH,
    reading="The game with a pass option (either player may pass instead of moving, never twice in a "
    "row, so the game ends) has the same winner as the game without, for either player moving first "
    "(plain minimax for both games).",
)
def mono(g):
    """Passing is never needed to win: the value with a pass option equals the value without."""
    return all(connect_wins_with_pass(g, f) == connect_wins(g, f) for f in (True, False))


@statement(
    "SSG.LEHMAN",
    kind="thm",
    source=f"{WIKI}, Computational complexity (Lehman 1964)",
    max_n=5,
    domain=SWITCH,
    reading="Lehman's class (two edge-disjoint trees spanning a set with both terminals, in G for "
    "CONNECT moving second and in G + ab for CONNECT moving first; by matroid partition) equals the "
    "minimax class and the vertex-game reduction's class, and the certificate checker confirms it.",
)
def lehman(g):
    """CONNECT wins moving second iff some vertex set containing both terminals is spanned by two
    edge-disjoint trees; with an extra terminal edge for moving first."""
    r = classify(g)
    brute = classify_brute(g, "minimax")[0]
    reduction = classify_brute(g, "reduction")[0]
    checked = _checked_certificate(g, r.certificate)
    if not isinstance(checked, str):
        return False if checked is None else checked
    return r.cls == brute == reduction == checked


def _checked_certificate(g, certificate):
    """The class the independent checker confirms, or a failure: a defective certificate
    (trees sharing an edge, a tree that does not span, ...) is Lehman's solver being wrong,
    so the statement fails on this game with the defect as details — not an error."""
    from ...errors import InputError

    try:
        return check_certificate(g, certificate)
    except InputError as exc:
        t = Tally()
        t.add(False, defective_certificate=str(exc))
        return t


@statement(
    "SSG.GALE",
    kind="thm",
    source=f"{WIKI}, Gale",
    min_n=1,
    max_n=8,  # the sweep splits n > 6 into 8^(n-6) shards (geng's), so boards beyond K = 8 are in tests/
    tier_n=6,
    domain=GALE_BOARDS,
    reading=f"Board K is the K x (K+1) Bridg-It board as a switching-game graph (verify.papers.ssg."
    f"multigraph.gale); the first player wins iff the class is 'first'. K <= {GALE_BRUTE_MAX_K}: "
    "minimax and Lehman; larger K (the commercial 5 x 6 board is K = 5): Lehman with its certificate checked.",
)
def gale_first(g):
    """Gale/Bridg-It: the first player wins on every board."""
    r = classify(g)
    checked = _checked_certificate(g, r.certificate)
    if not isinstance(checked, str):
        return checked
    ok = r.cls == "first" and checked == "first"
    if g.m <= GALE_BRUTE_MAX_K ** 2 + (GALE_BRUTE_MAX_K - 1) ** 2:
        ok = ok and classify_brute(g, "minimax")[0] == "first"
    return ok


@statement(
    "SSG.CHASE.T1",
    kind="thm",
    source=f"{CHASE_PAPER}, Theorem 1",
    max_n=4,
    domain=MULTIGRAPHS,
    reading="P(b, T) is the path in the spanning tree T between the ends of edge b ({b} when b is in "
    "T). For every ordered pair of spanning trees (parallel copies are different edges) and every h "
    "in T1, the number of m in P(h, T2) with h in P(m, T1) is odd.",
)
def chase_t1(g):
    """For spanning trees T1, T2 and h in T1 there is an odd number of m with m in P(h,T2) and h in P(m,T1)."""
    t = Tally()
    trees = spanning_trees(g)
    ends = list(g.edges)
    for T1 in trees:
        for T2 in trees:
            for h in sorted(T1):
                c = theorem1_count(ends, T1, T2, h)
                if not t.add(c % 2 == 1, T1=sorted(T1), T2=sorted(T2), h=h, count=c):
                    return t
    return t


@statement(
    "SSG.CHASE.ALG",
    kind="alg",
    source=f"{CHASE_PAPER}, Steps 1-9, Theorem 7",
    max_n=5,
    tier_n=4,
    domain=SWITCH,
    reading="Steps 1-6 as printed (least-index choices) give the class; it must equal minimax. Steps "
    "7-9 (Step 7 read as 'h not in T1 xor T2: pass') must win every line of every opponent, in every "
    f"role Step 6 claims, on graphs with at most {CHASE_PLAY_MAX_EDGES} edges (exhaustive game tree).",
)
def chase_alg(g):
    """Chase's two-tree algorithm: its classification equals brute force and its reply rule wins every
    game it claims."""
    t = Tally()
    tts = two_tree_system(g)
    brute = classify_brute(g, "minimax")[0]
    if not t.add(tts.cls == brute, step6=tts.cls, minimax=brute):
        return t
    if g.m <= CHASE_PLAY_MAX_EDGES:
        r = referee(g)
        t.add(all(r["roles"].values()), play=r["roles"], cls=r["class"])
    return t


__all__ = ["tri", "mono", "lehman", "gale_first", "chase_t1", "chase_alg", "reduction_connect_wins"]
