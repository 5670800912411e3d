"""Proof that the cross-check can fail: wrong oracles are caught on small graphs.

Each mutant is a plausible but wrong characterisation of live items; the test asserts
the brute-force oracle refutes it and that the smallest refuting game has the size we
expect (smallest by (n, m, canonical graph6), over games with terminals (0, 1) up to
isomorphism).
"""

from verify.dead import brute, items_of
from verify.game import reachable as _reachable
from verify.graphs import connected_games


def live_if_on_any_path(g, it):
    """Mutant: 'live ⇔ on some simple terminal path' (induced-ness dropped)."""
    adj = g.adjacency
    t1, t2 = g.terminal_indices
    need = [it[1]] if it[0] == "vertex" else [it[1], it[2]]
    full = (1 << g.n) - 1
    if it[0] == "vertex":
        v = it[1]
        # v on a simple t1-t2 path iff t1 and t2 reach v by vertex-disjoint routes;
        # approximated by reachability from both sides, which is what makes it wrong.
        return bool(_reachable(adj, t1, full & ~(1 << t2)) >> v & 1) and bool(_reachable(adj, t2, full & ~(1 << t1)) >> v & 1)
    return all(_reachable(adj, t1, full) >> x & 1 for x in need)


def live_unless_simplicial(g, it):
    """Mutant: 'dead ⇔ simplicial' (T13's example taken as a characterisation)."""
    if it[0] != "vertex":
        return True
    return not g.is_clique(g.labels_of(g.adjacency[it[1]]))


def smallest_refutation(mutant):
    for n in range(2, 8):
        found = []
        for g in connected_games(n):
            items = items_of(g)
            truth = brute.classify(g, items)
            if any((not truth[it].dead) != mutant(g, it) for it in items):
                found.append((g.m, g.to_graph6(), g))
        if found:
            return min(found, key=lambda x: x[:2])[2]
    return None


def test_dropping_inducedness_is_refuted():
    g = smallest_refutation(live_if_on_any_path)
    assert g is not None and g.n == 3


def test_simplicial_as_characterisation_is_refuted():
    g = smallest_refutation(live_unless_simplicial)
    assert g is not None and g.n == 3
