"""Links and multi-links, cross-checked against the Shannon-game solvers."""

from hypothesis import given

from verify import Game
from verify.graphs import connected_games
from verify.links import is_minimal, multi_link_type, pivots
from verify.solve import CUT, SHORT, link_type
from verify.solve import minimax
from verify.strategies import games


def _minimax_link(g):
    if minimax.short_wins(g, CUT):
        return "strong"
    return "weak" if minimax.short_wins(g, SHORT) else "none"


@given(games(min_n=2, max_n=8))
def test_multi_link_on_the_terminals_is_the_shannon_link(g):
    """Carrier = all non-terminals, T = the terminal pair: the multi-link is the game's link."""
    expected = _minimax_link(g)
    assert link_type(g) == expected
    assert multi_link_type(g, g.nonterminals(), g.terminals) == expected


def test_pivots_and_minimality_small():
    counts = {"weak": 0, "minimal": 0, "pivots": 0}
    for n in range(3, 7):
        for g in connected_games(n):
            kind = _minimax_link(g)
            ps = pivots(g)
            if kind == "weak":
                counts["weak"] += 1
                # a pivot makes the link strong; no other vertex does
                for v in g.nonterminals():
                    assert (v in ps) == minimax.short_wins(g.short(v), CUT)
                counts["pivots"] += bool(ps)
            else:
                assert ps == []
            if is_minimal(g):
                counts["minimal"] += 1
                for e in g.edges():
                    assert _minimax_link(g.delete_edges([e])) != kind
    assert all(counts.values())


def test_w1_and_s2():
    w1 = Game.from_edges("0-2,2-1", terminals=(0, 1))
    assert link_type(w1) == "weak" and is_minimal(w1) and pivots(w1) == [2]
    s2 = Game.from_edges("0-2,2-1,0-3,3-1", terminals=(0, 1))
    assert link_type(s2) == "strong" and is_minimal(s2)
