"""Pictures of games: dead vertices and edges marked, Hex boards as hex grids.

Terminals are drawn as squares, dead vertices grey with a cross, dead edges dashed
red, live ones solid; vertices and edges to highlight (those a counterexample
involves) are orange.  A Hex board is drawn as its grid of cells (stones black or
white, dead cells crossed) with the reduced graph's edges between cell centres.
Uses matplotlib's Agg backend, so no display is needed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402
from matplotlib.patches import RegularPolygon  # noqa: E402

from .game import Game  # noqa: E402
from .hexboard import BOTTOM, TOP, HexBoard, cell_name  # noqa: E402

__all__ = ["draw_game", "draw_classification"]

SQRT3 = math.sqrt(3)


def _cell_xy(r: int, c: int) -> tuple[float, float]:
    return c + r * 0.5, -r * SQRT3 / 2


def _hex_positions(board: HexBoard) -> dict:
    pos = {cell_name(r, c): _cell_xy(r, c) for r, c in board.cells()}
    mid = (board.width - 1) / 2 + (board.height - 1) * 0.25
    pos[TOP] = (mid, 1.2)
    pos[BOTTOM] = (mid, -(board.height - 1) * SQRT3 / 2 - 1.2)
    return pos


def _layout(g: nx.Graph) -> dict:
    """Positions of a game's vertices in the plane.

    Kamada-Kawai for a connected graph (spring otherwise).  Kamada-Kawai puts a path
    on one line, where a vertex hides the edges that pass it; a layout that is (nearly)
    a line is replaced by the vertices in its order around a circle, so a path shows as
    an open polygon whose every edge and vertex can be seen.

    >>> pos = _layout(nx.path_graph(3))
    >>> len({round(y, 3) for _, y in pos.values()}) > 1 and len({round(x, 3) for x, _ in pos.values()}) > 1
    True
    """
    n = g.number_of_nodes()
    if n == 0:
        return {}
    if n == 1:
        return {v: (0.0, 0.0) for v in g.nodes}
    if n == 2:
        a, b = list(g.nodes)
        return {a: (-1.0, 0.0), b: (1.0, 0.0)}
    pos = nx.kamada_kawai_layout(g) if nx.is_connected(g) else nx.spring_layout(g, seed=7)
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs) / n
    syy = sum((y - my) ** 2 for y in ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / n
    tr, det = sxx + syy, sxx * syy - sxy * sxy
    gap = math.sqrt(max(tr * tr / 4 - det, 0.0))
    small, big = tr / 2 - gap, tr / 2 + gap  # the variances along the layout's two principal axes
    if big > 0 and small < 0.01 * big:  # (nearly) collinear
        angle = 0.5 * math.atan2(2 * sxy, sxx - syy)
        ux, uy = math.cos(angle), math.sin(angle)
        order = sorted(g.nodes, key=lambda v: (pos[v][0] - mx) * ux + (pos[v][1] - my) * uy)
        # around a circle, leaving a gap between the two ends
        step = 2 * math.pi / (n + 1)
        pos = {v: (math.cos(math.pi / 2 + step * (i + 1)), math.sin(math.pi / 2 + step * (i + 1))) for i, v in enumerate(order)}
    return {v: (float(x), float(y)) for v, (x, y) in pos.items()}


def draw_game(
    game: Game,
    path: str,
    *,
    board: HexBoard | None = None,
    dead_vertices: Iterable = (),
    dead_edges: Iterable = (),
    highlight_vertices: Iterable = (),
    highlight_edges: Iterable = (),
    title: str = "",
) -> None:
    """Write a PNG of ``game`` to ``path``.

    >>> import tempfile, os
    >>> g = Game.from_edges("0-2,2-1,0-3", terminals=(0, 1))
    >>> with tempfile.TemporaryDirectory() as d:
    ...     draw_game(g, os.path.join(d, "g.png"), dead_vertices=[3], dead_edges=[(0, 3)])
    ...     os.path.getsize(os.path.join(d, "g.png")) > 0
    True
    """
    dead_v = set(dead_vertices)
    dead_e = {frozenset(e) for e in dead_edges}
    hi_v = set(highlight_vertices)
    hi_e = {frozenset(e) for e in highlight_edges}
    g = game.to_networkx()
    if board is not None:
        pos = _hex_positions(board)
        width = max(5.0, 0.8 * (board.width + board.height / 2) + 1)
        height = max(4.0, 0.75 * board.height + 2.5)
    else:
        pos = _layout(g)
        width = height = max(4.0, 1.2 * math.sqrt(game.n) + 3)
    fig, ax = plt.subplots(figsize=(width, height))
    ax.set_aspect("equal")
    ax.axis("off")
    if board is not None:
        for r, c in board.cells():
            stone = board.rows[r][c]
            face = {"B": "#202020", "W": "#fafafa"}.get(stone, "#eadcb9")
            ax.add_patch(RegularPolygon(_cell_xy(r, c), 6, radius=1 / SQRT3, orientation=0, facecolor=face,
                                        edgecolor="#8a7a5a", linewidth=0.8, zorder=0))
        xs = [p[0] for p in pos.values()]
        ys = [p[1] for p in pos.values()]
        ax.set_xlim(min(xs) - 1, max(xs) + 1)
        ax.set_ylim(min(ys) - 0.6, max(ys) + 0.6)
    else:  # a square window around the layout with a margin, so no marker is cut off
        xs = [p[0] for p in pos.values()] or [0.0]
        ys = [p[1] for p in pos.values()] or [0.0]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        half = max(max(xs) - min(xs), max(ys) - min(ys), 1.0) * 0.62
        ax.set_xlim(cx - half, cx + half)
        ax.set_ylim(cy - half, cy + half)
    for u, v in g.edges:
        key = frozenset((u, v))
        style = dict(color="#333333", linewidth=1.2, linestyle="-", zorder=1)
        if key in dead_e:
            style.update(color="#d62728", linestyle="--", linewidth=1.0)
        if key in hi_e:
            style.update(color="#ff7f0e", linewidth=3.0, zorder=2)
        (x1, y1), (x2, y2) = pos[u], pos[v]
        ax.plot([x1, x2], [y1, y2], **style)
    terminals = set(game.terminals)
    for v in g.nodes:
        x, y = pos[v]
        if v in terminals:
            marker, face, size = "s", "#1f77b4", 320
        else:
            marker, face, size = "o", "#ffffff", 260
        if v in dead_v:
            face = "#bbbbbb"
        edge = "#ff7f0e" if v in hi_v else "#222222"
        # marker sizes are in points: a terminal is the same square whatever the layout's scale
        ax.scatter([x], [y], s=size, marker=marker, facecolor=face, edgecolor=edge,
                   linewidth=2.5 if v in hi_v else 1.2, zorder=3, clip_on=False)
        if v in dead_v:
            ax.scatter([x], [y], s=size * 0.5, marker="x", color="#444444", zorder=4, clip_on=False)
        ax.annotate(str(v), (x, y), xytext=(0, 11), textcoords="offset points", ha="center", fontsize=8, zorder=5,
                    annotation_clip=False)
    if title:
        ax.set_title(title, fontsize=9)
    legend = "squares: terminals; grey ×: dead vertex; red dashed: dead edge"
    if hi_v or hi_e:
        legend += "; orange: involved"
    fig.text(0.5, 0.01, legend, ha="center", fontsize=7, color="#555555")
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def draw_classification(result, path: str, board: HexBoard | None = None) -> None:
    """Draw a :class:`~verify.dead.Classification` (dead items marked)."""
    game = result.game
    draw_game(
        game,
        path,
        board=board,
        dead_vertices=result.dead_vertices,
        dead_edges=result.dead_edges,
        title=f"dead: {len(result.dead_vertices)} vertices, {len(result.dead_edges)} edges (method {result.method})",
    )
