"""The named links of LNK as fixtures, built from the paper's text, and their stated properties.

The figures of the paper are not in its text, so a link is built here only where the
text pins it down:

``W1``   s–c–t (§1: the smallest weak link);
``W3``   pendant s at v, v bridged to t through x, y (§3: S2 is W3 minus its pendant);
``S2``   the 4-cycle s–a–t–b, the bridge (§1);
``W5A``  appendix, proof of Theorem 2 (w > 5): b ∈ B_s adjacent to c1, c2 and v ∈ B_t,
         c1 and c2 both adjacent to w ∈ B_t, s pendant at b;
``W5B``  appendix, proof of Theorem 1 case (i): s pendant at v, Γ(v) = {s, c, b},
         b ∈ B_t, and two more vertices of B_t both adjacent to c;
``W5X``  appendix, case (ii): c adjacent to two degree-2 vertices of B_s and to
         u, v ∈ B_t (two bridges in series);
``SC1``  = S2; ``SC2`` = W5C minus its pendant (§5.1);
``FIG2`` the exception to Theorem 3: W5A with the edge s–b replaced by a bridge
         (appendix, proof of Theorem 3: "the subgraph of Fig. 9 after replacing the edge
         sb by a bridge … namely W5A").

``W5C`` and ``W5Z`` are identified, not built: W5C as the minimal weak link of weight
5 with a pendant terminal other than W5A and W5B, W5Z as the one with more than one
pivot; the statement ``LNK.NAMED`` checks that each identification is unique.  SC_n
for n ≥ 3 is drawn only in a figure ("the extension to higher n is obvious"); it stays
unbuilt, and only the claim it illustrates — a minimal strong link of weight 2n with
d_max ≤ 4 and terminal distance n + 1 — is checked for n = 3.

>>> sorted(FIXTURES)
['FIG2', 'S2', 'SC1', 'W1', 'W3', 'W5A', 'W5B', 'W5X']
>>> FIXTURES["W5A"].n, FIXTURES["FIG2"].n
(7, 9)
"""

from __future__ import annotations

from ...game import Game

__all__ = ["FIXTURES", "fixture"]

_SPECS = {
    # name: (edges, terminals); vertex names are those of the paper where it gives them
    "W1": ("s-c,c-t", ("s", "t")),
    "W3": ("s-v,v-x,v-y,x-t,y-t", ("s", "t")),
    "S2": ("s-a,a-t,s-b,b-t", ("s", "t")),
    "SC1": ("s-a,a-t,s-b,b-t", ("s", "t")),
    "W5A": ("s-b,b-c1,b-c2,b-v,v-t,c1-w,c2-w,w-t", ("s", "t")),
    "W5B": ("s-v,v-c,v-b,b-t,c-x,c-y,x-t,y-t", ("s", "t")),
    "W5X": ("s-b1,s-b2,b1-c,b2-c,c-u,c-v,u-t,v-t", ("s", "t")),
    "FIG2": ("s-x,s-y,x-b,y-b,b-c1,b-c2,b-v,v-t,c1-w,c2-w,w-t", ("s", "t")),
}


def fixture(name: str) -> Game:
    """The fixture ``name`` as a :class:`Game`.

    >>> fixture("W1").edges()
    [('c', 's'), ('c', 't')]
    """
    edges, terms = _SPECS[name]
    return Game.from_edges(edges, terminals=terms)


FIXTURES: dict[str, Game] = {name: fixture(name) for name in _SPECS}


# ------------------------------------------------------------------ the domain
from collections.abc import Iterator  # noqa: E402

from ...registry import Domain  # noqa: E402


class FixtureDomain(Domain):
    """The fixtures above, as ``(name, game)`` pairs of size ``n``, ordered by (n, name)."""

    name = "named links"
    order = "(n, name)"

    def instances(self, n: int, res: int = 0, mod: int = 1) -> Iterator[tuple]:
        for i, (name, g) in enumerate(sorted((k, v) for k, v in FIXTURES.items() if v.n == n)):
            if i % mod == res:
                yield (name, g)

    def key(self, inst: tuple) -> tuple[tuple, tuple]:
        return (inst[1].n, inst[0]), inst

    def witness(self, inst: tuple, key: tuple) -> dict:
        name, g = inst
        return {"n": g.n, "name": name, "edges": [list(e) for e in g.edges()], "terminals": list(g.terminals)}

    def from_witness(self, witness: dict) -> tuple:
        return witness["name"], FIXTURES[witness["name"]]

    def witness_key(self, witness: dict) -> tuple:
        return (witness["n"], witness["name"])

    def stem(self, witness: dict) -> str:
        return witness["name"]

    def describe(self, witness: dict) -> str:
        return f"fixture {witness['name']}: edges {witness['edges']}, terminals {witness['terminals']}"


FIXTURE_DOMAIN = FixtureDomain()
