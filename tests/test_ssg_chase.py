"""Chase's algorithm beyond the registered statements: the bracketed Theorems 5 and 6,
the two-tree system's minimality, and play against random opponents on larger graphs."""

import random
from itertools import combinations

from verify.papers.ssg.chase import ChasePlayer, _is_spanning_tree, _outcome, two_tree_system
from verify.papers.ssg.domain import SWITCH
from verify.papers.ssg.lehman import classify
from verify.papers.ssg.multigraph import SwitchGame

from .test_ssg_solvers import random_multigraph


def _min_intersection(g):
    ends = list(g.edges) + [g.terminals, g.terminals]
    trees = [set(T) for T in combinations(range(len(ends)), g.n - 1) if _is_spanning_tree(g.n, ends, T)]
    return min(len(a & b) for a in trees for b in trees)


def test_theorems_5_6_and_minimal_intersection_n_le_4():
    """Theorem 6 (exchanges keep spanning trees) is asserted inside two_tree_system; Theorem 5
    read as 'the k at which Step 4 exchanges is < number of vertices'; and Steps 1-5 reach the
    least |T1 ∩ T2| over all pairs of spanning trees of G + two terminal edges (Chase's
    definition of a two-tree system)."""
    for n in range(2, 5):
        for g in SWITCH.instances(n):
            tts = two_tree_system(g)
            assert tts.max_k_exchange < g.n, (g, tts.max_k_exchange)
            assert len(tts.T1 & tts.T2) == _min_intersection(g), g


def test_theorem5_fails_for_the_k_that_only_detects_the_stop():
    """Theorem 5 read literally ('k < N' after every increment of k in Step 3) fails: on three
    vertices, edges 0-2, 1-2, terminals 0 and 2, Step 3 reaches k = 3 = N before B(3) = B(1)."""
    g = SwitchGame.parse("0-2,1-2", (0, 2))
    tts = two_tree_system(g)
    assert tts.max_k == 3 == g.n and tts.max_k_exchange == 1


def _play(g, rng, greedy: bool):
    """Chase against a random (or greedy: shortest-path-minded) opponent; the machine's result."""
    tts = two_tree_system(g)
    roles = [tts.cls] if tts.cls in ("connect", "cut") else ["connect", "cut"]
    results = []
    for role in roles:
        p = ChasePlayer(tts, role)
        claimed, deleted = set(), set()
        mine = claimed if role == "connect" else deleted
        theirs = deleted if role == "connect" else claimed
        if tts.cls == "first":
            mm = p.first_move("cut" if role == "connect" else "connect")
            mine.add(mm)
        while _outcome(g, claimed, deleted) is None:
            free = [i for i in range(g.m) if i not in claimed and i not in deleted]
            if greedy:  # prefer edges at a terminal, then low index
                a, b = g.terminals
                free.sort(key=lambda i: (not ({a, b} & set(g.edges[i])), i))
                h = free[0] if rng.random() < 0.7 else rng.choice(free)
            else:
                h = rng.choice(free)
            theirs.add(h)
            if _outcome(g, claimed, deleted) is not None:
                break
            mm = p.reply(h)
            assert not p.stuck, g
            if mm is not None:
                mine.add(mm)
        results.append(_outcome(g, claimed, deleted) == role)
    return tts.cls, all(results)


def test_chase_wins_against_random_and_greedy_opponents():
    rng = random.Random(21)
    for _ in range(120):
        n = rng.randint(5, 12)
        g = random_multigraph(rng, n, rng.randint(n, 3 * n))
        cls, won = _play(g, rng, greedy=rng.random() < 0.5)
        assert cls == classify(g).cls and won, g
