"""Hex boards as Shannon games.

An ``R×C`` Hex board is read as in [1]_ (§2) and [2]_ (§2): Black (Short) joins the
top and bottom edges, White (Cut) the left and right ones.  The board becomes the
cell graph plus two terminals, ``top`` adjacent to every cell of the first row and
``bottom`` to every cell of the last.  Cell ``(r, c)`` (0-based) touches
``(r, c±1)``, ``(r±1, c)``, ``(r−1, c+1)`` and ``(r+1, c−1)``.  Black stones are
shorted and White stones deleted, so the game is the *reduced graph* of the position
and stones are not vertices of it.

Cells are named by column letter and row number from the top: ``a1`` is the top-left
cell, ``b1`` its right neighbour, ``a2`` the cell below it.

A board is written ``"5x5"`` (empty, rows × columns) or as rows separated by ``/``,
with ``.`` empty, ``B`` a Black stone and ``W`` a White stone, e.g. ``"..B/.W./..."``.

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §2.
.. [2] R. B. Hayward, J. van Rijswijck, "Hex and combinatorics", Discrete Math. 306
   (2006), §2.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import InputError

__all__ = ["HexBoard", "cell_name", "parse_cell"]

TOP, BOTTOM = "top", "bottom"
MAX_SIDE = 26 * 27  # column names go a..z, aa..zz


def column_name(c: int) -> str:
    """Letters of column ``c`` (0-based): a..z, then aa, ab, ...

    >>> column_name(0), column_name(25), column_name(26)
    ('a', 'z', 'aa')
    """
    s = ""
    c += 1
    while c:
        c, r = divmod(c - 1, 26)
        s = chr(ord("a") + r) + s
    return s


def cell_name(r: int, c: int) -> str:
    """Name of cell (row ``r``, column ``c``), both 0-based.

    >>> cell_name(0, 0), cell_name(10, 10)
    ('a1', 'k11')
    """
    return f"{column_name(c)}{r + 1}"


def parse_cell(name: str) -> tuple[int, int]:
    """Row and column (0-based) of a cell name.

    >>> parse_cell("c2")
    (1, 2)
    """
    m = re.fullmatch(r"([a-z]+)([0-9]+)", name.strip().lower())
    if not m:
        raise InputError(f"{name!r} is not a Hex cell name like 'a1'.")
    c = 0
    for ch in m.group(1):
        c = c * 26 + (ord(ch) - ord("a") + 1)
    return int(m.group(2)) - 1, c - 1


@dataclass(frozen=True)
class HexBoard:
    """A Hex position: ``rows[r][c]`` is ``'.'``, ``'B'`` or ``'W'``.

    >>> b = HexBoard.parse("B../.../..W")
    >>> b.width, b.height, b.stones("B")
    (3, 3, ['a1'])
    """

    rows: tuple[str, ...]

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @classmethod
    def parse(cls, spec: str) -> "HexBoard":
        """Read ``"RxC"`` or ``/``-separated rows of ``. B W``."""
        if not isinstance(spec, str) or not spec.strip():
            raise InputError("The Hex board is empty.")
        spec = spec.strip()
        m = re.fullmatch(r"(\d+)\s*[xX×]\s*(\d+)", spec)
        if m:
            r, c = int(m.group(1)), int(m.group(2))
            if r < 1 or c < 1:
                raise InputError(f"A Hex board needs at least one row and one column, not {spec!r}.")
            if c > MAX_SIDE or r > MAX_SIDE:
                raise InputError(f"A Hex board side is at most {MAX_SIDE}.")
            return cls(tuple("." * c for _ in range(r)))
        rows = [row.strip() for row in spec.split("/")]
        for i, row in enumerate(rows, 1):
            if not row:
                raise InputError(f"Row {i} of the Hex board is empty.")
            bad = set(row) - set(".BWbw")
            if bad:
                raise InputError(f"Row {i} of the Hex board has {sorted(bad)[0]!r}; use '.', 'B' or 'W'.")
        widths = {len(r) for r in rows}
        if len(widths) != 1:
            raise InputError(
                "The Hex board is not rectangular: row lengths are " + ", ".join(str(len(r)) for r in rows) + "."
            )
        return cls(tuple(r.upper() for r in rows))

    def cells(self) -> list[tuple[int, int]]:
        """All cells (row, column) in row-major order."""
        return [(r, c) for r in range(self.height) for c in range(self.width)]

    def neighbours(self, r: int, c: int) -> list[tuple[int, int]]:
        """Cells adjacent to ``(r, c)`` on the board."""
        out = []
        for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < self.height and 0 <= cc < self.width:
                out.append((rr, cc))
        return out

    def graph(self) -> tuple[list, list, tuple]:
        """The empty board's graph (stones ignored): ``(vertices, edges, terminals)``,
        every cell a vertex plus ``top`` and ``bottom``.  :meth:`verify.game.Game.from_hexboard`
        builds the game.

        >>> names, edges, terminals = HexBoard.parse("B./..").graph()
        >>> names, len(edges), terminals
        (['a1', 'b1', 'a2', 'b2', 'top', 'bottom'], 9, ('top', 'bottom'))
        """
        names = [cell_name(r, c) for r, c in self.cells()]
        edges = []
        for r, c in self.cells():
            for rr, cc in self.neighbours(r, c):
                if (rr, cc) > (r, c):
                    edges.append((cell_name(r, c), cell_name(rr, cc)))
        for c in range(self.width):
            edges.append((TOP, cell_name(0, c)))
            edges.append((BOTTOM, cell_name(self.height - 1, c)))
        return names + [TOP, BOTTOM], edges, (TOP, BOTTOM)

    def stones(self, colour: str) -> list[str]:
        """Names of the cells holding a stone of ``colour`` ('B' or 'W')."""
        return [cell_name(r, c) for r, c in self.cells() if self.rows[r][c] == colour]

    def spec(self) -> str:
        """The board written back as ``/``-separated rows."""
        return "/".join(self.rows)
