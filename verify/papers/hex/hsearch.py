"""H-search: Anshelevich's AND- and OR-rules on a fixed board-state (HEX §7).

End points are the player's stone groups, vacant cells and the player's two sides (as
pseudo-groups ``"S0"``, ``"S1"``).  A connection is ``(X, S, Y)`` with ``S`` a set of
vacant cells (the carrier, never holding ``X`` or ``Y``):

* base: ``X`` and ``Y`` adjacent — a virtual connection with empty carrier;
* AND: ``π(X, S, Y)`` and ``π(Y, T, Z)`` virtual, ``X, S`` disjoint from ``T, Z`` (and
  ``Z ∉ S``): ``π(X, S ∪ T, Z)`` is virtual if ``Y`` is a π group, and a
  semi-connection with carrier ``S ∪ T ∪ {Y}`` if ``Y`` is a vacant cell;
* OR: semi-connections ``π(X, S_j, Y)`` whose carriers have empty intersection give
  the virtual connection with carrier ``⋃ S_j`` (here: all subsets of at most
  ``or_limit`` semi-connections are tried).

Rounds repeat until nothing new appears (carriers up to ``max_carrier`` cells).

:func:`verify_connection` decides a connection exactly, independently of the rules: the
Shannon game whose terminals are ``X`` and ``Y`` (a group or side contracted to one
vertex; a vacant end-point cell counts as the player's), whose free vertices are the
carrier cells, the player's other stones and sides (the rules treat a side as a group)
shorted and every other cell given to the opponent; virtual ⇔ the player wins with the opponent moving first, semi ⇔ moving
first.

>>> from verify.papers.hex.board import Position
>>> vcs, scs = h_search(Position.parse("B../.../..."), "B")
>>> all(verify_connection(Position.parse("B../.../..."), "B", x, s, y, True) for x, s, y in vcs)
True
"""

from __future__ import annotations

from itertools import combinations

from ...game import Game
from ...solve import CUT, SHORT, FastSolver
from .board import BLACK, Position, geometry

__all__ = ["h_search", "verify_connection", "endpoints"]


def endpoints(pos: Position, colour: str) -> dict:
    """End points: name -> cell bitmask.  Groups are ``"g<lowest cell>"``, sides ``"S0"``/``"S1"``
    (cells of the side), vacant cells by their cell name."""
    nb, top, bottom, left, right = geometry(pos.rows, pos.cols)
    stones = pos.black if colour == BLACK else pos.white
    out = {}
    seen = 0
    for i in range(pos.size):
        if stones >> i & 1 and not seen >> i & 1:
            grp, todo = 1 << i, [i]
            while todo:
                j = todo.pop()
                for k in range(pos.size):
                    if nb[j] >> k & 1 and stones >> k & 1 and not grp >> k & 1:
                        grp |= 1 << k
                        todo.append(k)
            seen |= grp
            out[f"g{pos.name(i)}"] = grp
    for i in range(pos.size):
        if pos.empty >> i & 1:
            out[pos.name(i)] = 1 << i
    a, b = (top, bottom) if colour == BLACK else (left, right)
    out["S0"], out["S1"] = -a, -b  # negative: a side (the cells bordering it, encoded as -mask)
    return out


def _touch(pos: Position, m: int) -> int:
    """Cells adjacent to the end point ``m`` (a side's cells count as adjacent to it)."""
    nb = geometry(pos.rows, pos.cols)[0]
    if m < 0:
        return -m
    t = 0
    for i in range(pos.size):
        if m >> i & 1:
            t |= nb[i]
    return t


def _adjacent(pos: Position, ma: int, mb: int) -> bool:
    """End points touch: a side touches the end points holding one of its cells."""
    if ma < 0 and mb < 0:
        return False
    if ma < 0:
        return bool(mb & -ma)
    if mb < 0:
        return bool(ma & -mb)
    return bool(_touch(pos, ma) & mb)


def h_search(pos: Position, colour: str, max_carrier: int = 6, or_limit: int = 3, rounds: int = 6,
             or_rule_intersect: bool = True):
    """Virtual and semi-connections of ``colour`` found by the AND/OR rules.

    Returns two lists of ``(X, carrier bitmask, Y)`` with ``X < Y`` by name.
    ``or_rule_intersect=False`` drops the OR-rule's empty-intersection condition (a
    deliberately false variant for the mutation tests).
    """
    ep = endpoints(pos, colour)
    names = sorted(ep)
    group = {n for n in names if n.startswith("g") or n.startswith("S")}
    vc: dict = {}
    sc: dict = {}

    def key(x, y):
        return (x, y) if x < y else (y, x)

    def cell_mask(n):
        return ep[n] if ep[n] > 0 else 0

    for x, y in combinations(names, 2):
        if _adjacent(pos, ep[x], ep[y]):
            vc.setdefault(key(x, y), set()).add(0)
    for _ in range(rounds):
        new = False
        for y in names:
            ends = [(x, s) for (a, b), ss in vc.items() for x in ([b] if a == y else [a] if b == y else []) for s in ss]
            for (x, s), (z, t) in combinations(ends, 2):
                if x == z or s & t:
                    continue
                if cell_mask(x) & t or cell_mask(z) & s or cell_mask(y) & (s | t):
                    continue
                car = s | t
                if y in group:
                    target = vc
                else:
                    car |= ep[y]
                    target = sc
                if bin(car).count("1") > max_carrier:
                    continue
                k = key(x, z)
                if car not in target.setdefault(k, set()):
                    target[k].add(car)
                    new = True
        for k, ss in sc.items():
            lst = sorted(ss)
            for r in range(2, or_limit + 1):
                for combo in combinations(lst, r):
                    inter = combo[0]
                    for c in combo[1:]:
                        inter &= c
                    if or_rule_intersect and inter:
                        continue
                    car = 0
                    for c in combo:
                        car |= c
                    if bin(car).count("1") <= max_carrier and car not in vc.setdefault(k, set()):
                        vc[k].add(car)
                        new = True
        if not new:
            break
    flat = lambda d: [(x, c, y) for (x, y), cs in sorted(d.items()) for c in sorted(cs)]  # noqa: E731
    return flat(vc), flat(sc)


def verify_connection(pos: Position, colour: str, x: str, carrier: int, y: str, virtual: bool,
                      solver: FastSolver | None = None) -> bool:
    """Exactly: can ``colour`` connect ``x`` and ``y`` within ``carrier`` (see the module docstring)?"""
    ep = endpoints(pos, colour)
    nb = geometry(pos.rows, pos.cols)[0]
    stones = pos.black if colour == BLACK else pos.white
    mx, my = ep[x], ep[y]
    cells_x = mx if mx > 0 else 0
    cells_y = my if my > 0 else 0
    free = carrier & ~cells_x & ~cells_y
    others = stones & ~cells_x & ~cells_y
    keep = free | others
    vs = ["X", "Y"] + [i for i in range(pos.size) if keep >> i & 1]
    edges = set()
    tx, ty = _touch(pos, mx), _touch(pos, my)
    for i in range(pos.size):
        if keep >> i & 1:
            if tx >> i & 1:
                edges.add(("X", i))
            if ty >> i & 1:
                edges.add(("Y", i))
            for j in range(i + 1, pos.size):
                if keep >> j & 1 and nb[i] >> j & 1:
                    edges.add((i, j))
    # X, Y adjacent directly: a group/cell touching the other end point's cells or side
    if _adjacent(pos, mx, my):
        edges.add(("X", "Y"))
    # the player's sides act as the player's stones (pseudo-groups): shorted like them
    sides = [n for n in ("S0", "S1") if n not in (x, y)]
    for n in sides:
        side = -ep[n]
        vs.append(n)
        for i in range(pos.size):
            if keep >> i & 1 and side >> i & 1:
                edges.add((n, i))
        if _adjacent(pos, mx, ep[n]):
            edges.add(("X", n))
        if _adjacent(pos, my, ep[n]):
            edges.add(("Y", n))
    g = Game(vs, sorted(edges, key=str), ("X", "Y"))
    shorted = [i for i in range(pos.size) if others >> i & 1] + sides
    if shorted:
        g = g.short(shorted)
    s = solver or FastSolver()
    return s.short_wins(g, CUT if virtual else SHORT)
