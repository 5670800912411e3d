"""Edge templates: a cell joined to its player's side through a fixed set of vacant cells.

An *edge template* of row ``k`` for Black is an anchor cell ``k`` rows from Black's
bottom side (the anchor's row counted, so row ``k = 2`` is the bridge to the edge), a
set of Black stones and a *carrier* of cells, such that when the stones are Black and
the carrier is vacant, Black joins the anchor to the bottom side using carrier cells
only, whatever White does, White moving first: a virtual connection between the
anchor and the side with that carrier.  Cells are named by their offset ``(dr, dc)``
from the anchor (``dr`` rows towards the side, ``dc`` columns; ``dr = k - 1`` is the
side's row).  The H-search of the kernel (``hexsolve.c``, switch bit 28) adds each
template that matches a position, turned onto each of the four sides, as a base
connection beside the adjacencies: AND and OR rules alone do not find every template —
edge templates are the Hex example of the S-irreducible links of [2]_ (W5Z and
beyond), which H-search cannot build (HEX.ANDOR's rules are sound, not complete).

The templates are the file ``edge_templates.json`` beside this module, found by
:func:`derive` and compiled into the kernel from ``edge_templates.h``, which
:func:`render_header` writes from it (tested equal).  Each is proved twice over: the
kernel finds it a win while deriving it, and the test suite builds a proof object of
its strip (:func:`strip_position`) and checks it with the independent proof checker
(:mod:`verify.papers.hex.proof_check`).

Why a win on the strip gives a connection on any board.  The strip has rows ``0..k``:
Black's connector stone in row 0 above the anchor (row 1), the template's stones Black,
its carrier vacant, every other cell White; Black's sides are row 0 and row ``k``.  Row
0 is White but for the connector, whose neighbours are the anchor and the cell left of
it, itself the anchor's neighbour; so a Black chain between the sides passes through the
anchor or a neighbour of it, and every cell of it below row 0 is a carrier cell or a
stone.  A Black win with White to move is therefore Black's strategy joining the anchor
to row ``k`` inside the carrier, against White holding every other cell.  On a board
where the anchor is Black's (or is the vacant end of a connection, taken as Black's as
H-search does), the stones are Black's and the carrier is vacant, every cell off the
carrier is at worst White's (an extra stone never hurts its owner, HEX.P2), and the
offsets map cells to cells with the same adjacency and the side's row to the side: the
same strategy joins the anchor to the side.  The kernel turns a template by the board's
symmetries (the 180° turn to Black's top side; the transpose, which swaps the colours,
to White's sides); its mirror image in the anchor's row (``dc -> -dc - dr``, an
adjacency-preserving map fixing each row) is a template of its own in the file, proved
by its own strip.

Derivation (:func:`derive`): for rows 4 and 5, each strip with a region of cells around
the anchor's shadow vacant and no stone or one Black stone in it; where the kernel finds
Black wins, the carrier is shrunk twice — from the whole region and from the carrier the
kernel's search gives — each cell given to White in turn and kept given while Black still
wins (measured: the two shrinks together save more than either, 8×8 d1, f3, d5, b7, g2,
e4 -21 % CPU against -13 % from the region alone), templates whose stone is not needed or whose stones and carrier hold
another's are dropped, and mirror images added.  Templates of row 3 and two-stone
templates were measured and left out (``docs/tools/hex.md``: they cost more than they
save); templates whose strip or whose mirror image's strip has more than 62 cells (the proof
builder's limit; all of them wider than an 8×8 board) are left out.

References
----------
.. [1] R. B. Hayward, J. van Rijswijck, Hex and combinatorics, Discrete Math. 306
   (2006) — HEX.P2, HEX.ANDOR.
.. [2] A. M. Steane, Minimal and irreducible links in the Shannon game — edge templates
   from irreducible links.

>>> t = load()[0]
>>> t.k, len(t.carrier) >= 1, strip_position(t).rows == t.k + 1
(4, True, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ...errors import ShannonVerifyError
from .board import BLACK, WHITE, Position

__all__ = ["HEADER", "JSON", "Template", "derive", "load", "mirror", "render_header", "render_json", "strip_cell", "strip_position"]

JSON = Path(__file__).with_name("edge_templates.json")
HEADER = Path(__file__).with_name("edge_templates.h")
MAX_STRIP_CELLS = 62
"""The proof builder's board limit; a template whose strip is larger is not kept."""
REGIONS = {4: (2, 3, 4), 5: (3, 4)}
"""Rows searched by :func:`derive`, each with the widths of the regions tried (cells up
to that many columns beyond the anchor's shadow on each side)."""

Cell = tuple[int, int]


@dataclass(frozen=True, order=True)
class Template:
    """An edge template of row ``k``: Black ``stones`` and a vacant ``carrier``, as
    offsets ``(dr, dc)`` from the anchor (sorted tuples)."""

    k: int
    stones: tuple[Cell, ...]
    carrier: tuple[Cell, ...]

    def as_json(self) -> dict:
        return {"k": self.k, "stones": [list(c) for c in self.stones], "carrier": [list(c) for c in self.carrier]}


def _template(k: int, stones, carrier) -> Template:
    return Template(k, tuple(sorted(map(tuple, stones))), tuple(sorted(map(tuple, carrier))))


def mirror(t: Template) -> Template:
    """The mirror image in the anchor's row: ``(dr, dc) -> (dr, -dc - dr)``.

    >>> mirror(Template(2, (), ((1, -1), (1, 0)))).carrier
    ((1, -1), (1, 0))
    """
    f = lambda cells: [(dr, -dc - dr) for dr, dc in cells]  # noqa: E731
    return _template(t.k, f(t.stones), f(t.carrier))


def strip_position(t: Template) -> Position:
    """The strip that proves ``t`` (see the module docstring): rows ``0..k``, as narrow
    as its cells allow; Black wins it with White to move exactly when ``t`` is a template.

    >>> print(strip_position(Template(2, (), ((1, -1), (1, 0)))))  # the bridge to the edge
    WB/WB/..
    """
    cells = [(0, 0), *t.stones, *t.carrier]
    width = max(dc for _, dc in cells) - min(dc for _, dc in cells) + 1
    rows = t.k + 1
    if any(not 0 <= dr < t.k for dr, _ in cells):
        raise ShannonVerifyError(f"A row-{t.k} template has a cell off rows 0..{t.k - 1} of the anchor.")
    at = lambda dr, dc: strip_cell(t, (dr, dc))  # noqa: E731
    full = (1 << (rows * width)) - 1
    black = 1 << at(-1, 0) | 1 << at(0, 0)
    for c in t.stones:
        black |= 1 << at(*c)
    vacant = 0
    for c in t.carrier:
        vacant |= 1 << at(*c)
    return Position(rows, width, black, full & ~black & ~vacant)


def strip_cell(t: Template, cell: Cell) -> int:
    """The index on ``t``'s strip (:func:`strip_position`) of ``cell``, an offset ``(dr, dc)``
    from the anchor (``dr = -1``: the connector's row).

    >>> strip_cell(Template(2, (), ((1, -1), (1, 0))), (1, -1))
    4
    """
    cells = [(0, 0), *t.stones, *t.carrier]
    lo = min(dc for _, dc in cells)
    width = max(dc for _, dc in cells) - lo + 1
    return (cell[0] + 1) * width + cell[1] - lo


def load(path: Path = JSON) -> list[Template]:
    """The templates of ``edge_templates.json``."""
    data = json.loads(Path(path).read_text())
    return [_template(d["k"], d["stones"], d["carrier"]) for d in data["templates"]]


def render_json(templates: list[Template]) -> str:
    """The text of ``edge_templates.json`` for ``templates``: one template a line."""
    rows = ",\n".join("  " + json.dumps(t.as_json(), separators=(", ", ": ")) for t in templates)
    return '{"format": "shannon-verify edge templates",\n "templates": [\n' + rows + "\n ]}\n"


def render_header(templates: list[Template]) -> str:
    """The C header the kernel includes (``edge_templates.h``), from ``templates``."""
    width = max(len(t.carrier) + len(t.stones) for t in templates)
    lines = []
    for t in templates:
        cells = ", ".join(f"{{{dr}, {dc}}}" for dr, dc in (*t.carrier, *t.stones))
        lines.append(f"    {{{t.k}, {len(t.carrier)}, {len(t.stones)}, {{{cells}}}}},")
    return (
        "/* Generated by verify/papers/hex/edge_templates.py from edge_templates.json: do not edit.\n"
        " * Edge templates (see that module): row k, carrier cells, stones, then the offsets\n"
        " * (dr, dc) from the anchor of the carrier and of the stones; dr = k - 1 is the side's row. */\n"
        f"typedef struct {{ signed char k, nc, ns; signed char d[{width}][2]; }} ETpl;\n"
        "static const ETpl ETPL[] = {\n" + "\n".join(lines) + "\n};\n"
        "#define N_ETPL ((int)(sizeof ETPL / sizeof ETPL[0]))\n"
    )


def _offsets(t_k: int, width: int, a: int, mask: int) -> list[Cell]:
    return [((x // width) - 1, (x % width) - a) for x in range((t_k + 1) * width) if mask >> x & 1]


def derive(solver=None, progress=None) -> list[Template]:
    """Find the templates (see the module docstring) with the kernel, switch bit 28 off:
    the list :func:`load` reads, in its order.  Takes minutes."""
    from .solver import c_solver

    solver = solver or c_solver()
    if solver is None:
        raise ShannonVerifyError("Deriving edge templates needs the compiled Hex kernel (no C compiler).")
    # the kernel as the file was derived with (before the permanently inferior fill-in, whose
    # carriers would start the second shrink elsewhere): the same file on every run
    win = lambda p: solver.value(p, WHITE, value_only=True, templates=False, pinf=False)[0] == BLACK  # noqa: E731
    found: list[Template] = []
    for k, widths in REGIONS.items():
        for e in widths:
            width, a = k + 2 * e, k - 1 + e
            rows = k + 1
            full = (1 << (rows * width)) - 1
            anchor = 1 << a | 1 << (width + a)
            region = [(i + 1) * width + c for i in range(k) for c in range(a - i - e, a + e + 1)
                      if 0 <= c < width and (i, c) != (0, a)]
            rmask = sum(1 << x for x in region)
            for stone in [None, *region]:
                black = anchor | (1 << stone if stone is not None else 0)
                vacant = rmask & ~black
                pos = Position(rows, width, black, full & ~black & ~vacant)
                w, carrier, _ = solver.value(pos, WHITE, templates=False, pinf=False)
                if w != BLACK:
                    continue
                # shrink twice: from the whole region and from the kernel's carrier
                for start in (vacant, vacant & carrier):
                    car = start
                    for x in region:  # give White each cell it can take while Black still wins
                        if car >> x & 1 and win(Position(rows, width, black, full & ~black & ~(car & ~(1 << x)))):
                            car &= ~(1 << x)
                    if stone is not None and win(Position(rows, width, anchor, full & ~anchor & ~car)):
                        continue  # the stone is not needed
                    stones = _offsets(k, width, a, black & ~anchor)
                    found.append(_template(k, stones, _offsets(k, width, a, car)))
                    if progress:
                        progress(found[-1])
    found += [mirror(t) for t in found]
    found = [t for t in found if max(strip_position(t).size, strip_position(mirror(t)).size) <= MAX_STRIP_CELLS]
    unique = sorted(set(found), key=lambda t: (t.k, len(t.stones), len(t.carrier), t))
    return [t for t in unique
            if not any(u != t and u.k == t.k and set(u.stones) <= set(t.stones) and set(u.carrier) <= set(t.carrier)
                       for u in unique)]


def main(argv: list[str] | None = None) -> int:
    """Derive the templates and write ``edge_templates.json`` and ``edge_templates.h``:
    ``python -m verify.papers.hex.edge_templates``."""
    import sys

    templates = derive(progress=lambda t: print(f"row {t.k}: {len(t.stones)} stone(s), carrier {len(t.carrier)}",
                                                file=sys.stderr))
    JSON.write_text(render_json(templates))
    HEADER.write_text(render_header(templates))
    print(f"{len(templates)} templates written to {JSON.name} and {HEADER.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
