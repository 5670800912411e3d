"""Hex-grid pictures: positions, opening maps, marked cells, shaded carriers.

Cell ``(r, c)`` is drawn as a pointy-top hexagon centred at ``(c + r/2, −r·√3/2)``,
so the board is the usual rhombus with ``a1`` at the top left (acute corner).  Black's
sides (top, bottom) are drawn as thick black bars, White's (left, right) as thick grey
bars.
"""

from __future__ import annotations

import math

from .board import Position

__all__ = ["draw_position"]

_S3 = math.sqrt(3)


def _centre(r: int, c: int) -> tuple[float, float]:
    return c + r / 2, -r * _S3 / 2


def draw_position(
    pos: Position,
    path: str,
    *,
    title: str = "",
    fill: dict[str, str] | None = None,
    marks: dict[str, str] | None = None,
    shade: set[str] | frozenset = frozenset(),
    legend: dict[str, str] | None = None,
) -> None:
    """Write a PNG of ``pos``.

    ``fill`` maps cell names to face colours (e.g. an opening map), ``marks`` cell
    names to short labels, ``shade`` cells to hatch (a carrier), ``legend`` labels to
    colours.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch, RegularPolygon

    fill = fill or {}
    marks = marks or {}
    fig, ax = plt.subplots(figsize=(1.0 + 0.75 * (pos.cols + pos.rows / 2), 1.0 + 0.7 * pos.rows))
    rad = 1 / _S3
    for r in range(pos.rows):
        for c in range(pos.cols):
            name = pos.name(r * pos.cols + c)
            x, y = _centre(r, c)
            face = fill.get(name, "#f4efe1")
            ax.add_patch(RegularPolygon((x, y), 6, radius=rad, orientation=0, facecolor=face, edgecolor="#555555",
                                        hatch="///" if name in shade else None, lw=0.8))
            i = r * pos.cols + c
            if pos.black >> i & 1 or pos.white >> i & 1:
                black = bool(pos.black >> i & 1)
                ax.add_patch(plt.Circle((x, y), 0.33, facecolor="black" if black else "white", edgecolor="black", lw=1))
            label = marks.get(name, "")
            ax.text(x, y, label or name, ha="center", va="center", fontsize=8 if not label else 11,
                    color="#999999" if not label and not (pos.black >> i & 1) else ("red" if label else "#bbbbbb"))
    # sides
    x0, y0 = _centre(0, 0)
    x1, _ = _centre(0, pos.cols - 1)
    ax.plot([x0 - 0.5, x1 + 0.5], [y0 + 0.62] * 2, color="black", lw=4)
    xb0, yb = _centre(pos.rows - 1, 0)
    xb1, _ = _centre(pos.rows - 1, pos.cols - 1)
    ax.plot([xb0 - 0.5, xb1 + 0.5], [yb - 0.62] * 2, color="black", lw=4)
    xl0, yl0 = _centre(0, 0)
    xl1, yl1 = _centre(pos.rows - 1, 0)
    ax.plot([xl0 - 0.62, xl1 - 0.62], [yl0, yl1], color="#aaaaaa", lw=4)
    xr0, yr0 = _centre(0, pos.cols - 1)
    xr1, yr1 = _centre(pos.rows - 1, pos.cols - 1)
    ax.plot([xr0 + 0.62, xr1 + 0.62], [yr0, yr1], color="#aaaaaa", lw=4)
    if legend:
        ax.legend(handles=[Patch(facecolor=v, edgecolor="#555555", label=k) for k, v in legend.items()],
                  loc="upper right", fontsize=7, frameon=False)
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
