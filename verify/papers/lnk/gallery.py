"""A gallery picture of minimal links, one small drawing per link (like LNK Figs. 1 and 3).

Terminals are black squares at the left and right, pivots are filled orange (the
paper's dots), other vertices white; each panel is titled with its graph6 and weight.
Uses matplotlib's Agg backend.

>>> import os, tempfile
>>> from verify.papers.lnk.search import minimal_links
>>> with tempfile.TemporaryDirectory() as d:
...     draw_gallery(minimal_links(7), os.path.join(d, "w5.png"))
...     os.path.getsize(os.path.join(d, "w5.png")) > 0
True
"""

from __future__ import annotations

import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402

__all__ = ["draw_gallery"]


def _layout(link) -> dict:
    g = link.game.to_networkx()
    s, t = link.terminals
    fixed = {s: (-1.0, 0.0), t: (1.0, 0.0)}
    return nx.spring_layout(g, pos=fixed, fixed=[s, t], seed=1, iterations=200)


def draw_gallery(links, path: str, columns: int = 6, title: str = "") -> None:
    """Write a PNG with one panel per link."""
    links = list(links)
    k = max(1, len(links))
    cols = min(columns, k)
    rows = math.ceil(k / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(2.4 * cols, 2.2 * rows), squeeze=False)
    for ax in axes.flat:
        ax.axis("off")
    for ax, link in zip(axes.flat, links):
        pos = _layout(link)
        g = link.game.to_networkx()
        nx.draw_networkx_edges(g, pos, ax=ax, width=1.0)
        terms = list(link.terminals)
        piv = list(link.pivots)
        rest = [v for v in g.nodes if v not in terms and v not in piv]
        nx.draw_networkx_nodes(g, pos, nodelist=terms, node_shape="s", node_color="black", node_size=70, ax=ax)
        nx.draw_networkx_nodes(g, pos, nodelist=piv, node_color="orange", edgecolors="black", node_size=70, ax=ax)
        nx.draw_networkx_nodes(g, pos, nodelist=rest, node_color="white", edgecolors="black", node_size=50, ax=ax)
        ax.set_title(f"{link.graph6}  w={link.weight}", fontsize=7)
    if title:
        fig.suptitle(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
