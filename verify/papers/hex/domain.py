"""Domains of Hex instances for the HEX statements (see :mod:`verify.registry.domain`).

:data:`POSITIONS` — every board-state with ``n`` cells: every shape ``R×C`` with
``R·C = n`` and both sides at least 2 (R ascending; single rows and columns are left
out as degenerate, so prime ``n`` has no instance), every assignment of vacant / Black / White to the cells.
Order: ``(n, R, number of stones, ternary code)`` where the ternary code reads cell
``i`` (row-major) as digit ``i`` (0 vacant, 1 Black, 2 White) — the smallest
counterexample is on the fewest cells, then the fewest rows, then the fewest stones.

:data:`FULL` — every *full* board (all cells occupied) with ``n`` cells, all shapes
(single rows and columns included);
order ``(n, R, number of Black stones, Black bitmask)``.

:data:`SQUARE` — the empty ``n×n`` board (one instance per ``n``).

:data:`NEAR_SQUARE` — the empty ``n×(n+1)`` and ``(n+1)×n`` boards; order ``(n, R)``.

Positions are never reduced by symmetry, so every instance is its own canonical form.

>>> sum(1 for _ in POSITIONS.instances(4)), sum(1 for _ in FULL.instances(4))
(81, 48)
>>> POSITIONS.key(Position.parse("B./.W"))[0]
(4, 2, 2, 55)
>>> [p.spec() for p in NEAR_SQUARE.instances(2)]
['.../...', '../../..']
"""

from __future__ import annotations

from collections.abc import Iterator

from ...registry import Domain
from .board import Position

__all__ = ["POSITIONS", "FULL", "SQUARE", "NEAR_SQUARE", "HexDomain", "shapes", "ternary"]


def shapes(n: int, min_side: int = 1) -> list[tuple[int, int]]:
    """Board shapes with ``n`` cells and both sides at least ``min_side``, fewest rows first.

    >>> shapes(6), shapes(6, 2)
    ([(1, 6), (2, 3), (3, 2), (6, 1)], [(2, 3), (3, 2)])
    """
    return [(r, n // r) for r in range(1, n + 1) if n % r == 0 and min(r, n // r) >= min_side]


def ternary(p: Position) -> int:
    """The ternary code of a position (digit ``i``: 0 vacant, 1 Black, 2 White)."""
    code = 0
    for i in reversed(range(p.size)):
        code = code * 3 + (1 if p.black >> i & 1 else 2 if p.white >> i & 1 else 0)
    return code


def _decode(rows: int, cols: int, code: int) -> Position:
    b = w = 0
    for i in range(rows * cols):
        code, d = divmod(code, 3)
        if d == 1:
            b |= 1 << i
        elif d == 2:
            w |= 1 << i
    return Position(rows, cols, b, w)


class HexDomain(Domain):
    """Shared witness handling: a position is named by its rows of ``. B W``."""

    name = "hex positions"

    def witness(self, inst: Position, key: tuple) -> dict:
        return {"n": key[0], "rows": inst.rows, "cols": inst.cols, "board": inst.spec(), "key": list(key)}

    def from_witness(self, witness: dict) -> Position:
        return Position.parse(witness["board"])

    def stem(self, witness: dict) -> str:
        return f"{witness['rows']}x{witness['cols']}_" + witness["board"].replace("/", "-")

    def describe(self, witness: dict) -> str:
        return f"{witness['rows']}x{witness['cols']} board {witness['board']}"

    def reproduce(self, witness: dict) -> str | None:
        return f"python -m verify solve --hex '{witness['board']}'"

    def draw(self, inst: Position, path: str, title: str, details: dict) -> None:
        from .draw import draw_position

        marks = {}
        for k in ("cell", "killer", "move", "dominator"):
            v = details.get(k)
            if isinstance(v, str):
                marks[v] = k[0]
        draw_position(inst, path, title=title, marks=marks)


class PositionDomain(HexDomain):
    name = "hex positions"
    order = "(cells, rows, stones, ternary code)"

    def instances(self, n: int, res: int = 0, mod: int = 1) -> Iterator[Position]:
        k = 0
        for rows, cols in shapes(n, 2):
            for code in range(3**n):
                if k % mod == res:
                    yield _decode(rows, cols, code)
                k += 1

    def key(self, inst: Position) -> tuple[tuple, Position]:
        stones = bin(inst.black | inst.white).count("1")
        return (inst.size, inst.rows, stones, ternary(inst)), inst


class FullDomain(HexDomain):
    name = "full hex boards"
    order = "(cells, rows, Black stones, Black bitmask)"

    def instances(self, n: int, res: int = 0, mod: int = 1) -> Iterator[Position]:
        k = 0
        full = (1 << n) - 1
        for rows, cols in shapes(n):
            for black in range(1 << n):
                if k % mod == res:
                    yield Position(rows, cols, black, full & ~black)
                k += 1

    def key(self, inst: Position) -> tuple[tuple, Position]:
        return (inst.size, inst.rows, bin(inst.black).count("1"), inst.black), inst


class SquareDomain(HexDomain):
    name = "empty square boards"
    order = "(side)"

    def instances(self, n: int, res: int = 0, mod: int = 1) -> Iterator[Position]:
        if res == 0:
            yield Position(n, n)

    def key(self, inst: Position) -> tuple[tuple, Position]:
        return (inst.rows,), inst

    def witness(self, inst: Position, key: tuple) -> dict:
        return {**super().witness(inst, key), "n": inst.rows}


class NearSquareDomain(HexDomain):
    name = "empty n×(n+1) boards"
    order = "(n, rows)"

    def instances(self, n: int, res: int = 0, mod: int = 1) -> Iterator[Position]:
        for k, (r, c) in enumerate(((n, n + 1), (n + 1, n))):
            if k % mod == res:
                yield Position(r, c)

    def key(self, inst: Position) -> tuple[tuple, Position]:
        return (min(inst.rows, inst.cols), inst.rows), inst

    def witness(self, inst: Position, key: tuple) -> dict:
        return {**super().witness(inst, key), "n": key[0]}


POSITIONS = PositionDomain()
FULL = FullDomain()
SQUARE = SquareDomain()
NEAR_SQUARE = NearSquareDomain()
