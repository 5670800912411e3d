"""Hypothesis strategies for Shannon games, for this project's tests and users' own.

>>> from hypothesis import given
>>> from verify.strategies import games
>>> @given(games(max_n=6))
... def test_terminals_are_vertices(g):
...     assert set(g.terminals) <= set(g.vertices)
>>> test_terminals_are_vertices()
"""

from __future__ import annotations

import networkx as nx
from hypothesis import strategies as st

from .game import Game

__all__ = ["games", "hex_boards"]


@st.composite
def games(draw, min_n: int = 2, max_n: int = 9, connected: bool = True, density: float | None = None) -> Game:
    """A random game on vertices ``0 .. n-1`` with a random terminal pair.

    Parameters
    ----------
    min_n, max_n : int
        Range of the number of vertices (``min_n ≥ 2``).
    connected : bool
        Keep drawing edges until the graph is connected (a spanning tree is added
        first, so every connected graph on ``n`` labelled vertices can be drawn).
    density : float, optional
        Probability of each extra edge; drawn per game when not given.
    """
    n = draw(st.integers(min_value=max(2, min_n), max_value=max_n))
    p = density if density is not None else draw(st.floats(min_value=0.0, max_value=1.0))
    edges = set()
    if connected:
        order = draw(st.permutations(range(n)))
        for k in range(1, n):
            parent = order[draw(st.integers(min_value=0, max_value=k - 1))]
            a, b = order[k], parent
            edges.add((min(a, b), max(a, b)))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    for e in pairs:
        if e not in edges and draw(st.floats(min_value=0.0, max_value=1.0)) < p:
            edges.add(e)
    t = draw(st.sampled_from(pairs))
    g = Game(range(n), sorted(edges), t)
    assert not connected or nx.is_connected(g.to_networkx())
    return g


@st.composite
def hex_boards(draw, max_side: int = 4) -> str:
    """A Hex board spec with random stones, such as ``".B./W../..."``."""
    r = draw(st.integers(min_value=1, max_value=max_side))
    c = draw(st.integers(min_value=1, max_value=max_side))
    rows = ["".join(draw(st.sampled_from(".BW..")) for _ in range(c)) for _ in range(r)]
    return "/".join(rows)
