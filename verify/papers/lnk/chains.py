"""The paper's chain construction of d_max = 3 weak links from W5Z (LNK §5.1).

§5.1: "By replacing one or more edges between d = 2 vertices in W5Z by a short chain
(SC1 or SC2), one can construct weak links with d_max = 3 of weight 7, 9, 11, 13."
:func:`w5z_chains` builds every such link: W5Z is the minimal weak link of weight 5
with more than one pivot (as :mod:`.named` identifies it); its edges between two
vertices of degree 2 are the two edges at its terminals; SC1 is the bridge S2 and SC2
the minimal strong link of weight 4 with d_max = 3 whose terminals have degree 2 (W5C
minus its pendant); an edge ``uv`` is replaced by a chain by deleting it and gluing the
chain's terminals to ``u`` and ``v`` (either way round).  ``tests/test_lnk_classes.py``
decides each by the definitions (minimal weak link, d_max = 3) and finds each among the
class search's links of its weight.

References
----------
.. [1] A. M. Steane, "Minimal and irreducible links in the Shannon game", §5.1.

Examples
--------
>>> sorted({w for w, name, g in w5z_chains()})
[7, 9, 11, 13]
"""

from __future__ import annotations

import itertools

from ...game import Game

__all__ = ["w5z", "short_chains", "w5z_chains"]


def w5z() -> Game:
    """W5Z: the minimal weak link of weight 5 with more than one pivot."""
    from .search import minimal_links

    (z,) = [l.game for l in minimal_links(7) if len(l.pivots) > 1]
    return z


def short_chains() -> dict[str, tuple[list[tuple], tuple]]:
    """SC1 (the bridge) and SC2 (the minimal strong link of weight 4, d_max = 3, both
    terminals of degree 2), as (edges, terminals)."""
    from .search import minimal_links

    (sc2,) = [l.game for l in minimal_links(6, strong=True)
              if l.d_max == 3 and l.d_s == 2 and l.d_t == 2]
    return {"SC1": ([(0, 2), (2, 1), (0, 3), (3, 1)], (0, 1)), "SC2": (sc2.edges(), sc2.terminals)}


def _replace(game: Game, edge: tuple, chain: tuple[list[tuple], tuple]) -> Game:
    u, v = edge
    cedges, (a, b) = chain
    name, nxt = {a: u, b: v}, max(game.vertices) + 1
    for x in sorted({x for e in cedges for x in e} - {a, b}):
        name[x], nxt = nxt, nxt + 1
    edges = [e for e in game.edges() if set(e) != {u, v}] + [(name[x], name[y]) for x, y in cedges]
    return Game(range(nxt), edges, game.terminals)


def w5z_chains() -> list[tuple[int, str, Game]]:
    """Every link of the construction: ``(weight, recipe, game)``, one or both of W5Z's
    edges between degree-2 vertices replaced by SC1 or SC2, each chain either way round."""
    z = w5z()
    z = Game(range(z.n), z.edges(), z.terminals)
    twos = [e for e in z.edges() if z.degree(e[0]) == 2 and z.degree(e[1]) == 2]
    chains = short_chains()
    out = []
    for k in range(1, len(twos) + 1):
        for edges in itertools.combinations(twos, k):
            for names in itertools.product(sorted(chains), repeat=k):
                for flips in itertools.product((False, True), repeat=k):
                    g = z
                    for e, name, flip in zip(edges, names, flips):
                        g = _replace(g, e[::-1] if flip else e, chains[name])
                    recipe = ", ".join(f"{e[0]}-{e[1]} by {name}{' reversed' if f else ''}"
                                       for e, name, f in zip(edges, names, flips))
                    out.append((g.n - 2, recipe, g))
    return out
