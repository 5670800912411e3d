"""Pictures of switching games: parallel edges as arcs, two trees in two colours.

>>> import tempfile, os
>>> from verify.papers.ssg.multigraph import SwitchGame
>>> g = SwitchGame.parse("0-1,0-1,1-2", (0, 2))
>>> with tempfile.TemporaryDirectory() as d:
...     draw_switch(g, os.path.join(d, "g.png"), tree1=[0], tree2=[1, 2])
...     os.path.getsize(os.path.join(d, "g.png")) > 0
True
"""

from __future__ import annotations

from collections import Counter

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402

from .multigraph import SwitchGame  # noqa: E402

__all__ = ["draw_switch"]


def _positions(g: SwitchGame) -> dict:
    if g.names and g.names[:2] == ("A", "B"):  # a Gale board: dots on their grid
        k = 1
        while 2 + k * (k - 1) < g.n:
            k += 1
        pos = {0: (0.0, -(k - 1) / 2), 1: (float(k), -(k - 1) / 2)}
        for v in range(2, g.n):
            r, c = map(int, g.names[v].split(","))
            pos[v] = (float(c), -float(r))
        return pos
    h = nx.Graph()
    h.add_nodes_from(range(g.n))
    h.add_edges_from(g.edges)
    return nx.spring_layout(h, seed=1)


def draw_switch(g: SwitchGame, path: str, *, tree1=(), tree2=(), extra_edge: bool = False, title: str = "") -> None:
    """Write a PNG of ``g``: edges of ``tree1`` blue, of ``tree2`` red, others grey.

    ``tree1`` / ``tree2`` are edge indices (``"ab"`` for the extra terminal edge,
    drawn dashed when ``extra_edge``).
    """
    pos = _positions(g)
    fig, ax = plt.subplots(figsize=(6, 5))
    seen: Counter = Counter()
    t1, t2 = set(tree1), set(tree2)
    edges = list(enumerate(g.edges))
    if extra_edge:
        edges.append(("ab", g.terminals))
    mult = Counter(tuple(e) for _, e in edges)
    for i, (u, v) in edges:
        k = seen[(u, v)]
        seen[(u, v)] += 1
        rad = 0.0 if mult[(u, v)] == 1 else 0.25 * (k - (mult[(u, v)] - 1) / 2)
        colour, width = ("tab:blue", 2.5) if i in t1 else ("tab:red", 2.5) if i in t2 else ("0.6", 1.0)
        ax.annotate(
            "", xy=pos[v], xytext=pos[u],
            arrowprops=dict(arrowstyle="-", color=colour, lw=width, linestyle="--" if i == "ab" else "-",
                            connectionstyle=f"arc3,rad={rad}"),
        )
    xs = [pos[v][0] for v in range(g.n)]
    ys = [pos[v][1] for v in range(g.n)]
    ax.scatter(xs, ys, s=60, c=["black" if v in g.terminals else "white" for v in range(g.n)], edgecolors="black", zorder=3)
    if g.n <= 40:
        for v in range(g.n):
            ax.annotate(str(g.name(v)), pos[v], textcoords="offset points", xytext=(5, 5), fontsize=8)
    ax.set_title(title or f"{g.n} vertices, {g.m} edges, terminals {g.terminals}", fontsize=9)
    ax.set_axis_off()
    fig.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(fig)
