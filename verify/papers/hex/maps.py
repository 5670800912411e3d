"""Opening maps of Hex boards: every opening solved, the time estimated, the map printed and drawn.

Values come from the compiled Fig. 13 kernel (:mod:`.solver`); without a C compiler the
Python WINVALUE runs instead.  Before searching, the running time is estimated from the
number of vacant cells (:func:`estimate_seconds`: calibrated on this kind of machine with
the df-pn kernel with H-search and captured-cell fill-in: 0.01 s at 24 vacant cells,
×1.35 per further cell — a 6×6 opening ≈ 0.3 s, a 7×7 opening ≈ 13 s, the measured means
being 0.1 s and 11 s; an 8×8 opening ≈ 1,200 s, measured with the 128-bit kernel: d1 620 s
CPU, a1 and b1 past 430 and 730 s CPU; 9×9 ≈ 2·10^5 s, 11×11 ≈ 3·10^10 s).  The commands
(``solve --hex``, ``hex-openings``, ``htp``) refuse what the estimate puts past their
budget, and a search that outlives the budget is reported as unknown — never a guessed
value.
"""

from __future__ import annotations

import threading
import time

from .board import BLACK, WHITE, Position

__all__ = ["estimate_seconds", "solve_all", "opening_map_text", "draw_opening_map"]

NAMES = {BLACK: "Black", WHITE: "White"}


def estimate_seconds(vacant: int) -> float:
    """Rough time of one search with ``vacant`` vacant cells (seconds).

    >>> estimate_seconds(24) == 0.01, estimate_seconds(10) < 0.01, estimate_seconds(4000)
    (True, True, inf)
    """
    try:
        return 0.01 * 1.35 ** (vacant - 24)
    except OverflowError:  # a board far beyond any budget (40x40: 1,600 vacant cells)
        return float("inf")


def solve_all(queries, budget: float, jobs: int, table_bits: int = 22, symmetry: bool = True):
    """Run (position, to_move) queries on ``jobs`` kernels; None for any past the budget.

    With ``symmetry`` a query whose 180° rotation is an earlier query is not searched:
    it takes that query's value (the rotation maps each side to the opposite side of
    the same player, so it preserves the value).
    """
    if symmetry:
        first: dict = {}
        for i, (p, to) in enumerate(queries):
            r = p.rotate()
            k = min((p.black, p.white), (r.black, r.white)), to
            first.setdefault(k, i)
        keys = [(min((p.black, p.white), (p.rotate().black, p.rotate().white)), to) for p, to in queries]
        unique = sorted(set(first.values()))
        res, nodes = solve_all([queries[i] for i in unique], budget, jobs, table_bits, symmetry=False)
        got = dict(zip(unique, res))
        return [got[first[k]] for k in keys], nodes
    from .solver import CSolver, win_value

    results: list = [None] * len(queries)
    nodes = [0]
    try:
        kernels = [CSolver(table_bits) for _ in range(max(1, min(jobs, len(queries))))]
    except Exception:  # no compiler: Python WINVALUE, one at a time
        for i, (p, to) in enumerate(queries):
            results[i] = win_value(p, to)[0]
        return results, 0
    deadline = time.monotonic() + budget
    lock = threading.Lock()
    # each kernel its own share, in order (query i on kernel i mod jobs): the kernels keep
    # their tables, and queries can meet a position an earlier one stored, so a shared
    # queue would make the node count depend on timing; this way it does not

    def work(k, share):
        for i in share:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            r = k.value_within(queries[i][0], queries[i][1], left)
            if r is not None:
                results[i] = r[0]
                with lock:
                    nodes[0] += r[2]

    threads = [threading.Thread(target=work, args=(k, range(j, len(queries), len(kernels))))
               for j, k in enumerate(kernels)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in kernels:
        k.close()
    return results, nodes[0]


def opening_map_text(pos: Position, m: dict) -> str:
    """The map as a rhombus of letters: the winner after the opening at each cell.

    >>> p = Position(2, 2)
    >>> print(opening_map_text(p, {"a1": "W", "b1": "B", "a2": "B", "b2": "W"}))
    W B
     B W
    """
    lines = []
    for r in range(pos.rows):
        row = []
        for c in range(pos.cols):
            i = r * pos.cols + c
            name = pos.name(i)
            if pos.black >> i & 1:
                row.append("b")
            elif pos.white >> i & 1:
                row.append("w")
            else:
                v = m.get(name, "?")
                row.append(v if v in (BLACK, WHITE) else "?")
        lines.append(" " * r + " ".join(row))
    return "\n".join(lines)


def draw_opening_map(pos: Position, m: dict, path: str, title: str) -> None:
    """PNG of the opening map: a cell is dark where Black wins after opening there, light where White does."""
    from .draw import draw_position

    fill = {c: ("#555555" if v == BLACK else "#ffffff" if v == WHITE else "#ffcc66") for c, v in m.items()}
    draw_position(pos, path, title=title, fill=fill, legend={"Black wins": "#555555", "White wins": "#ffffff"})
