"""The game of Y (HEX §5, Figs. 2–4): full boards, Schensted's Y-reduction, Meyers' criterion.

A Y *k-board* has the cells ``(x, y)`` with ``x, y ≥ 0`` and ``x + y ≤ k − 1``; cell
``(x, y)`` touches ``(x±1, y)``, ``(x, y±1)``, ``(x+1, y−1)`` and ``(x−1, y+1)``.  Its
three sides are ``x = 0``, ``y = 0`` and ``x + y = k − 1`` (a corner cell lies on two).
A colour wins a full board when one of its chains (connected set of its stones, found
by breadth-first search) touches all three sides.

*Y-reduction* (Schensted, Fig. 3): the full k-board becomes a full (k−1)-board whose
cell ``(x, y)`` takes the majority colour of the triangle ``{(x, y), (x+1, y), (x, y+1)}``.
*Meyers*: a k-board is won by ``c`` iff at least two of the three (k−1)-boards left
after removing the ``k`` cells along one side are won by ``c``.

A full board is a bitmask of its Black cells, in the cell order of :func:`cells`.

>>> y_winner(2, 0b001), y_winner(2, 0b011), reduce_board(2, 0b011)
('W', 'B', 1)
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ...registry import Domain, Tally, statement

__all__ = ["cells", "y_chain", "y_winner", "reduce_board", "side_removed", "Y_FULL"]


@lru_cache(maxsize=None)
def cells(k: int) -> tuple[tuple[int, int], ...]:
    """Cells of the k-board, by rows of ``y`` then ``x``.

    >>> cells(2)
    ((0, 0), (1, 0), (0, 1))
    """
    return tuple((x, y) for y in range(k) for x in range(k - y))


@lru_cache(maxsize=None)
def _index(k: int) -> dict:
    return {c: i for i, c in enumerate(cells(k))}


@lru_cache(maxsize=None)
def _nbrs(k: int) -> tuple[tuple[int, ...], ...]:
    idx = _index(k)
    out = []
    for x, y in cells(k):
        out.append(tuple(idx[(x + dx, y + dy)] for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
                         if (x + dx, y + dy) in idx))
    return tuple(out)


def y_chain(k: int, stones: int) -> bool:
    """True when ``stones`` (bitmask) hold a chain touching all three sides (BFS)."""
    cs, nb = cells(k), _nbrs(k)
    seen = 0
    for s in range(len(cs)):
        if not stones >> s & 1 or seen >> s & 1:
            continue
        seen |= 1 << s
        queue, sides = [s], 0
        while queue:
            i = queue.pop()
            x, y = cs[i]
            sides |= (x == 0) | (y == 0) << 1 | (x + y == k - 1) << 2
            for j in nb[i]:
                if stones >> j & 1 and not seen >> j & 1:
                    seen |= 1 << j
                    queue.append(j)
        if sides == 7:
            return True
    return False


def y_winner(k: int, black: int) -> str | None:
    """``"B"`` or ``"W"`` when exactly that colour wins the full board, else None."""
    full = (1 << len(cells(k))) - 1
    b, w = y_chain(k, black), y_chain(k, full & ~black)
    return None if b == w else ("B" if b else "W")


def reduce_board(k: int, black: int) -> int:
    """Schensted's Y-reduction of a full k-board (k ≥ 2): the (k−1)-board of triangle majorities."""
    idx, small = _index(k), _index(k - 1)
    out = 0
    for (x, y), i in small.items():
        votes = (black >> idx[(x, y)] & 1) + (black >> idx[(x + 1, y)] & 1) + (black >> idx[(x, y + 1)] & 1)
        if votes >= 2:
            out |= 1 << i
    return out


def side_removed(k: int, black: int, side: int) -> int:
    """The (k−1)-board left when the k cells of ``side`` (0: x=0, 1: y=0, 2: x+y=k−1) are removed."""
    idx, small = _index(k), _index(k - 1)
    out = 0
    for (x, y), i in small.items():
        src = (x + 1, y) if side == 0 else (x, y + 1) if side == 1 else (x, y)
        if black >> idx[src] & 1:
            out |= 1 << i
    return out


class YFullDomain(Domain):
    """Every full Y k-board (all 2^(k(k+1)/2) colourings); order (k, Black stones, Black bitmask)."""

    name = "full Y boards"
    order = "(side k, Black stones, Black bitmask)"

    def instances(self, n: int, res: int = 0, mod: int = 1) -> Iterator[tuple[int, int]]:
        for b in range(res, 1 << len(cells(n)), mod):
            yield (n, b)

    def key(self, inst):
        return (inst[0], bin(inst[1]).count("1"), inst[1]), inst

    def witness(self, inst, key):
        k, b = inst
        return {"n": k, "black": [list(c) for i, c in enumerate(cells(k)) if b >> i & 1]}

    def from_witness(self, witness):
        idx = _index(witness["n"])
        return (witness["n"], sum(1 << idx[tuple(c)] for c in witness["black"]))


Y_FULL = YFullDomain()
SRC = "Hayward & van Rijswijck, Hex and combinatorics (2006), §5"


@statement("HEX.Y/a", kind="thm", source=SRC + " (6), Fig. 2", domain=Y_FULL, min_n=1, max_n=6, tier_n=5,
           reading="Every full Y k-board has a chain touching all three sides for exactly one colour (BFS).")
def y_one_winner(inst):
    """A full Y board has a winning chain for exactly one colour."""
    k, b = inst
    return y_winner(k, b) is not None


@statement("HEX.Y/b", kind="thm", source=SRC + ", Figs. 3–4", domain=Y_FULL, min_n=2, max_n=6, tier_n=5,
           reading="For every full Y k-board (k ≥ 2), one Y-reduction step (triangle majority) keeps the winner: "
           "the k-board has a winning chain of colour c iff its reduction does, for both colours.")
def y_reduction(inst):
    """Schensted's Y-reduction preserves the winner at each step."""
    k, b = inst
    r = reduce_board(k, b)
    full, small = (1 << len(cells(k))) - 1, (1 << len(cells(k - 1))) - 1
    return y_chain(k, b) == y_chain(k - 1, r) and y_chain(k, full & ~b) == y_chain(k - 1, small & ~r)


@statement("HEX.Y/c", kind="thm", source=SRC + ", footnote 5 (Meyers)", domain=Y_FULL, min_n=2, max_n=6, tier_n=5,
           reading="For every full Y k-board (k ≥ 2) and both colours c: c has a winning chain iff c has one on at "
           "least two of the three (k−1)-boards left by removing the cells along one side.")
def y_meyers(inst):
    """Meyers: a k-board is won by c iff at least two of its three side-removed (k−1)-boards are."""
    k, b = inst
    full, small = (1 << len(cells(k))) - 1, (1 << len(cells(k - 1))) - 1
    t = Tally()
    for colour, stones in (("B", b), ("W", full & ~b)):
        subs = [side_removed(k, b, s) for s in range(3)]
        wins = sum(y_chain(k - 1, s if colour == "B" else small & ~s) for s in subs)
        if not t.add(y_chain(k, stones) == (wins >= 2), colour=colour, sub_wins=wins):
            break
    return t
