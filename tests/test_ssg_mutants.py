"""False variants of the SSG statements, as separate (unregistered) statements: each must be
refuted, with the smallest counterexample in the domain's order (n, m, canonical edge
string, terminals).  They say that the statements are not weaker than they look (the
extra terminal edge, the terminals' joins, the mover, the parity all matter).

The mutants through the *registered* checks (an oracle perturbed, the registered
statement run unchanged) are in :mod:`verify.mutants.ssg` and run in
``tests/test_mutants_registered.py``; among them the reduction joining each terminal to
one edge only, and Chase's Step 7 as printed, which used to be here."""

import pytest

from verify import Tally, statement
from verify.game import Game
from verify.papers.ssg.brute import connect_wins, connect_wins_with_pass, vertex_game
from verify.papers.ssg.chase import spanning_trees, theorem1_count, two_tree_system
from verify.papers.ssg.domain import GALE_BOARDS, MULTIGRAPHS, SWITCH
from verify.papers.ssg.lehman import TwoForests
from verify.registry import run_statement
from verify.solve import FastSolver


def _lehman_second(g):
    """Lehman's test for CONNECT moving second: ab can not be added to a maximum pair of forests."""
    tf = TwoForests(g.n, g.edges)
    return tf.insert(g.terminals) is not None


def m_lehman_first_without_extra_edge(g):
    """Lehman mutant: the first-player case decided WITHOUT the extra terminal edge."""
    return _lehman_second(g) == connect_wins(g, True)


def m_reduction_terminals_not_joined(g):
    """Reduction mutant: the terminals are not joined to their incident edges."""
    m = g.m
    vg = Game(range(m + 2), [e for e in vertex_game(g).edges() if m not in e and m + 1 not in e], (m, m + 1))
    return all(FastSolver().short_wins(vg, "Short" if f else "Cut") == connect_wins(g, f) for f in (True, False))


def m_tri_first_implies_second(g):
    """TRI mutant (reversed monotonicity): CONNECT winning moving first implies winning moving second."""
    return not connect_wins(g, True) or connect_wins(g, False)


def m_mono_mover_irrelevant(g):
    """MONO mutant: with a pass option it does not matter who moves first."""
    return connect_wins_with_pass(g, True) == connect_wins_with_pass(g, False)


def m_chase_t1_exactly_one(g):
    """CHASE.T1 mutant: the number of such m is exactly one (Chase's Figure 2 has three)."""
    t = Tally()
    trees = spanning_trees(g)
    for T1 in trees:
        for T2 in trees:
            for h in sorted(T1):
                if not t.add(theorem1_count(list(g.edges), T1, T2, h) == 1, T1=sorted(T1), T2=sorted(T2), h=h):
                    return t
    return t


def m_gale_connect_second(g):
    """GALE mutant: CONNECT wins every board even moving second."""
    return connect_wins(g, False) if g.m <= 13 else True


MUTANTS = [
    # (check, domain, max_n, expected smallest witness: (n, m, edge string[, terminals]))
    (m_lehman_first_without_extra_edge, SWITCH, 4, (2, 1, "0-1", (0, 1))),
    (m_reduction_terminals_not_joined, SWITCH, 4, (2, 1, "0-1", (0, 1))),
    (m_tri_first_implies_second, SWITCH, 4, (2, 1, "0-1", (0, 1))),
    (m_mono_mover_irrelevant, SWITCH, 4, (2, 1, "0-1", (0, 1))),
    (m_chase_t1_exactly_one, MULTIGRAPHS, 4, (4, 6, "0-1,0-2,0-3,1-2,1-3,2-3")),  # K4: a count of 3
]


@pytest.mark.parametrize("fn,domain,max_n,smallest", MUTANTS, ids=[m[0].__name__ for m in MUTANTS])
def test_ssg_mutant_is_refuted_minimally(fn, domain, max_n, smallest):
    st = statement("MUTANT.SSG." + fn.__name__, kind="thm", register=False, domain=domain)(fn)
    r = run_statement(st, max_n=max_n, emit=False)
    assert r.verdict == "fails", f"{fn.__doc__} was not refuted up to n = {max_n}"
    key = domain.witness_key(r.witness)
    if smallest is not None:
        assert key == smallest, r.witness
    # the witness is the least failing instance: nothing smaller in the order fails
    for n in range(2, key[0] + 1):
        for g in domain.instances(n):
            k, c = domain.key(g)
            if k < key:
                out = fn(c)
                assert out is None or out is True or (isinstance(out, Tally) and out.failure is None), (k, key)


def test_gale_mutant_refuted_at_k1():
    st = statement("MUTANT.SSG.gale", kind="thm", register=False, domain=GALE_BOARDS, min_n=1)(m_gale_connect_second)
    r = run_statement(st, max_n=3, emit=False)
    assert r.verdict == "fails" and r.witness["K"] == 1


def test_step6_classes_all_occur():
    seen = {two_tree_system(g).cls for n in (2, 3) for g in SWITCH.instances(n)}
    assert seen == {"connect", "cut", "first"}


def test_flipped_minimax_mutant_leaves_the_solver_cache_clean():
    """The registered mutants flip the memoised minimax in a fresh cache: after one has run,
    the solver answers as before (CONNECT wins the double terminal edge moving first)."""
    from verify.mutants import run_mutant
    from verify.mutants.ssg import MUTANTS as REGISTERED
    from verify.papers.ssg.multigraph import SwitchGame

    g = SwitchGame.parse("0-1,0-1", (0, 1))
    for m in (m for m in REGISTERED if "flipped on one position" in m.what):
        assert run_mutant(m).refuted, m.name
        assert connect_wins(g, True) and connect_wins(g, False)
        assert connect_wins_with_pass(g, True) and not connect_wins_with_pass(SwitchGame.parse("0-1", (0, 1)), False)
