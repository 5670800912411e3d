"""Hex positions as first-class objects, with chains found by plain breadth-first search.

An ``R×C`` board (R rows, C columns) follows :mod:`verify.hexboard` and [1]_ §2:
Black joins the top and bottom rows, White the left and right columns; cell
``(r, c)`` touches ``(r, c±1)``, ``(r±1, c)``, ``(r−1, c+1)`` and ``(r+1, c−1)``;
``a1`` is the top-left cell (an *acute* corner: two neighbours), ``b1`` its right
neighbour, ``a2`` the cell below it.

A :class:`Position` is the board size plus two bitmasks, the Black and the White
stones (bit ``r·C + c`` is cell ``(r, c)``).  Nothing here goes through the Shannon
game: :func:`has_chain` walks the board itself, and :func:`board_value` is a plain
memoised game-tree search whose leaves are decided by :func:`has_chain` — the
independent side of the HEX.GRAPH cross-check against ``Game.from_hex`` + the
Shannon-game solvers.

References
----------
.. [1] R. B. Hayward, J. van Rijswijck, "Hex and combinatorics", Discrete Math. 306
   (2006) 2515–2528, §2, §4–§5.

Examples
--------
>>> p = Position.parse("B../.W./..B")
>>> p.rows, p.cols, p.stones("B"), p.stones("W")
(3, 3, ['a1', 'c3'], ['b2'])
>>> has_chain(Position.parse("B./B.").rows, 2, 0b0101, "B")
True
>>> board_value(Position.parse("3x3"), "B"), board_value(Position.parse("3x3"), "W")
('B', 'W')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...errors import InputError
from ...game import Game
from ...hexboard import HexBoard, cell_name, parse_cell

__all__ = [
    "BLACK",
    "WHITE",
    "Position",
    "geometry",
    "has_chain",
    "full_winner",
    "board_value",
    "winning_moves",
    "other",
]

BLACK, WHITE = "B", "W"


def other(colour: str) -> str:
    """The other colour.

    >>> other("B")
    'W'
    """
    return WHITE if colour == BLACK else BLACK


@lru_cache(maxsize=None)
def geometry(rows: int, cols: int) -> tuple[tuple[int, ...], int, int, int, int]:
    """(neighbour masks, top row, bottom row, left column, right column) of an R×C board.

    >>> nb, top, bottom, left, right = geometry(2, 2)
    >>> [bin(m) for m in nb], bin(top), bin(bottom), bin(left), bin(right)
    (['0b110', '0b1101', '0b1011', '0b110'], '0b11', '0b1100', '0b101', '0b1010')
    """
    nb = []
    for r in range(rows):
        for c in range(cols):
            m = 0
            for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    m |= 1 << (rr * cols + cc)
            nb.append(m)
    top = (1 << cols) - 1
    bottom = top << ((rows - 1) * cols)
    left = sum(1 << (r * cols) for r in range(rows))
    right = left << (cols - 1)
    return tuple(nb), top, bottom, left, right


def has_chain(rows: int, cols: int, stones: int, colour: str) -> bool:
    """True when ``stones`` (a bitmask) hold a chain joining ``colour``'s two sides.

    Flood fill: the stones on the first side, grown by their six neighbours (bit shifts
    by 1, ``cols`` and ``cols - 1``, masked at the left and right edges) within
    ``stones`` until the far side is reached or nothing is added; Black's sides are the
    top and bottom rows, White's the left and right columns.

    >>> has_chain(2, 2, 0b1001, "B"), has_chain(2, 2, 0b0110, "B"), has_chain(2, 2, 0b0110, "W")
    (False, True, True)
    """
    nb, top, bottom, left, right = geometry(rows, cols)
    start, goal = (top, bottom) if colour == BLACK else (left, right)
    full = (1 << (rows * cols)) - 1
    not_left, not_right, up = full & ~left, full & ~right, cols - 1
    reach = stones & start
    while reach:
        if reach & goal:
            return True
        grow = (reach | (reach & not_right) << 1 | (reach & not_left) >> 1 | reach << cols | reach >> cols
                | (reach & not_right) >> up | (reach & not_left) << up) & stones
        if grow == reach:
            return False
        reach = grow
    return False


def full_winner(rows: int, cols: int, black: int) -> str | None:
    """The colour with a winning chain on a full board whose Black cells are ``black``.

    Returns ``"B"``, ``"W"``, or ``None`` when neither or both colours have one (which
    HEX.P1 says never happens).

    >>> full_winner(2, 2, 0b0110), full_winner(2, 2, 0b1001)
    ('B', 'W')
    """
    full = (1 << (rows * cols)) - 1
    b = has_chain(rows, cols, black, BLACK)
    w = has_chain(rows, cols, full & ~black, WHITE)
    if b == w:
        return None
    return BLACK if b else WHITE


@dataclass(frozen=True)
class Position:
    """A board-state: size and the Black and White stone bitmasks (see the module docstring)."""

    rows: int
    cols: int
    black: int = 0
    white: int = 0

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise InputError("A Hex board needs at least one row and one column.")
        if self.black & self.white:
            raise InputError("A Hex cell holds at most one stone.")
        if (self.black | self.white) >> (self.rows * self.cols):
            raise InputError("A stone lies outside the Hex board.")

    # ---------------------------------------------------------------- I/O
    @classmethod
    def parse(cls, spec: str) -> "Position":
        """Read ``"RxC"`` or rows of ``. B W`` separated by ``/`` (see :mod:`verify.hexboard`)."""
        hb = HexBoard.parse(spec)
        return cls.from_hexboard(hb)

    @classmethod
    def from_hexboard(cls, hb: HexBoard) -> "Position":
        """The position of a :class:`~verify.hexboard.HexBoard`."""
        black = white = 0
        for r, row in enumerate(hb.rows):
            for c, ch in enumerate(row):
                if ch == BLACK:
                    black |= 1 << (r * hb.width + c)
                elif ch == WHITE:
                    white |= 1 << (r * hb.width + c)
        return cls(hb.height, hb.width, black, white)

    def spec(self) -> str:
        """The board as ``/``-separated rows of ``. B W``.

        >>> Position(2, 3, 0b000001, 0b100000).spec()
        'B../..W'
        """
        out = []
        for r in range(self.rows):
            row = ""
            for c in range(self.cols):
                i = r * self.cols + c
                row += BLACK if self.black >> i & 1 else WHITE if self.white >> i & 1 else "."
            out.append(row)
        return "/".join(out)

    def hexboard(self) -> HexBoard:
        """The same position as a :class:`~verify.hexboard.HexBoard`."""
        return HexBoard(tuple(self.spec().split("/")))

    def game(self):
        """The Shannon game of the position (``Game.from_hex``: Black shorted, White deleted)."""
        return Game.from_hexboard(self.hexboard())

    def __str__(self) -> str:
        return self.spec()

    # ---------------------------------------------------------- cells
    @property
    def size(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    @property
    def full(self) -> int:
        return (1 << self.size) - 1

    @property
    def empty(self) -> int:
        """Bitmask of the vacant cells."""
        return self.full & ~(self.black | self.white)

    def index(self, name: str) -> int:
        """Bit index of a cell name such as ``"b2"``.

        >>> Position(3, 3).index("b2")
        4
        """
        r, c = parse_cell(name)
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise InputError(f"Cell {name!r} is not on the {self.rows}x{self.cols} board.")
        return r * self.cols + c

    def name(self, i: int) -> str:
        """Cell name of bit ``i``."""
        return cell_name(*divmod(i, self.cols))

    def names(self, mask: int) -> list[str]:
        """Cell names of the bits of ``mask``, in row-major order."""
        return [self.name(i) for i in range(self.size) if mask >> i & 1]

    def stones(self, colour: str) -> list[str]:
        """Cell names holding ``colour``'s stones."""
        return self.names(self.black if colour == BLACK else self.white)

    def play(self, cell: int | str, colour: str) -> "Position":
        """The position with a ``colour`` stone added at ``cell`` (name or bit index)."""
        i = self.index(cell) if isinstance(cell, str) else cell
        if not self.empty >> i & 1:
            raise InputError(f"Cell {self.name(i)} is not vacant.")
        if colour == BLACK:
            return Position(self.rows, self.cols, self.black | 1 << i, self.white)
        return Position(self.rows, self.cols, self.black, self.white | 1 << i)

    def fill(self, mask: int, colour: str) -> "Position":
        """The position with ``colour`` stones on every vacant cell of ``mask``."""
        mask &= self.empty
        if colour == BLACK:
            return Position(self.rows, self.cols, self.black | mask, self.white)
        return Position(self.rows, self.cols, self.black, self.white | mask)

    def chain(self, colour: str) -> bool:
        """True when ``colour`` already has a winning chain (breadth-first search)."""
        return has_chain(self.rows, self.cols, self.black if colour == BLACK else self.white, colour)

    def rotate(self) -> "Position":
        """The board turned by 180°: (r, c) → (R−1−r, C−1−c).  Each side goes to the
        opposite side of the same player, so the value is unchanged.

        >>> Position.parse("B../.W./...").rotate().spec()
        '.../.W./..B'
        """
        n = self.size
        rev = lambda m: sum(1 << (n - 1 - i) for i in range(n) if m >> i & 1)  # noqa: E731
        return Position(self.rows, self.cols, rev(self.black), rev(self.white))

    def transpose(self) -> "Position":
        """The board reflected in its long diagonal with colours swapped: (r, c) → (c, r),
        Black ↔ White.  Black's goal on the original is White's goal on the image.

        >>> Position.parse("B../.W./...").transpose().spec()
        'W../.B./...'
        """
        b = w = 0
        for r in range(self.rows):
            for c in range(self.cols):
                i, j = r * self.cols + c, c * self.rows + r
                if self.black >> i & 1:
                    w |= 1 << j
                if self.white >> i & 1:
                    b |= 1 << j
        return Position(self.cols, self.rows, b, w)


_VALUES: dict = {}


def board_value(pos: Position, to_move: str) -> str:
    """The winner of ``pos`` with ``to_move`` to play (``"B"`` or ``"W"``).

    Plain game-tree search, memoised on (size, stones, player to move): a position
    where a colour has a chain is won by it; otherwise the mover wins iff some vacant
    cell leads to a position the mover wins.  A full board with no chain raises
    (HEX.P1 says it cannot occur).

    >>> board_value(Position.parse(".B/W."), "W")
    'W'
    """
    key = (pos.rows, pos.cols, pos.black, pos.white, to_move)
    hit = _VALUES.get(key)
    if hit is not None:
        return hit
    if pos.chain(BLACK):
        res = BLACK
    elif pos.chain(WHITE):
        res = WHITE
    else:
        free = pos.empty
        if not free:
            raise InputError(f"The full board {pos.spec()} has no winning chain.")
        res = other(to_move)
        stones = pos.black if to_move == BLACK else pos.white
        for i in range(pos.size):
            if free >> i & 1:
                if to_move == BLACK:
                    child = Position(pos.rows, pos.cols, stones | 1 << i, pos.white)
                else:
                    child = Position(pos.rows, pos.cols, pos.black, stones | 1 << i)
                if board_value(child, other(to_move)) == to_move:
                    res = to_move
                    break
    if len(_VALUES) > 4_000_000:
        _VALUES.clear()
    _VALUES[key] = res
    return res


def winning_moves(pos: Position, colour: str, value=board_value) -> list[int]:
    """Bit indices of the vacant cells where ``colour`` moving wins (by ``value``).

    >>> Position(2, 2).names(sum(1 << i for i in winning_moves(Position(2, 2), "B")))
    ['b1', 'a2']
    """
    if pos.chain(BLACK) or pos.chain(WHITE):
        return []
    return [i for i in range(pos.size) if pos.empty >> i & 1 and value(pos.play(i, colour), other(colour)) == colour]
