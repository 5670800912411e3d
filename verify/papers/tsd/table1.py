"""TSD Table 1: how often the graph conditions of §5 arise among small connected graphs.

For each ``n`` the table of [1]_ counts the connected graphs on ``n`` vertices, and
among them those that are

* **S-free** — no simplicial vertex, i.e. no vertex whose open neighbourhood ``Γ(v)``
  is a clique (an isolated vertex is simplicial: the empty set is a clique);
* **⊥-free** — no transverse edge.  ``w`` *surrounds* a set ``U ∌ w`` when
  ``Γ(U) ⊆ Γ[w]`` (§4, before Theorem 7), and an edge ``vw`` is *transverse* when
  ``w`` surrounds a set containing ``v`` (§5, before Theorem 14).  Two readings are
  computed in the same pass:

  - ``R1`` — the single vertex: ``Γ(v) ⊆ Γ[w]`` (Corollary I of Theorem 14, which
    the caption of Table 1 names);
  - ``R2`` — any set: ``w`` surrounds some ``U ∋ v``.  Without terminals
    ``U = V − w`` always qualifies (``Γ(V − w) ⊆ {w}``), so every edge of a graph is
    transverse and only ``n = 1`` is ⊥-free;

* **≥2 △-free** — at least two triangle-free vertices (in no triangle, i.e. with an
  independent neighbourhood); only games on such graphs escape Theorem 15;
* **4 & 5** — the conditions of columns 4 and 5 together (⊥-free and ≥2 △-free,
  counting the "size" column as column 1).

Reading ``R1`` with the pairing 4 & 5 reproduces every published cell for
``n = 1 .. 10``; ``R2`` does not (its ⊥-free column is 0 for ``n ≥ 2``).  Every
⊥-free graph under ``R1`` is S-free (a simplicial ``v`` is surrounded by each
neighbour), so "S-free and ⊥-free" equals column 4 and is not column 6.

Two classifiers compute the same four flags per graph (:data:`S_FREE`,
:data:`PERP_FREE_R1`, :data:`PERP_FREE_R2`, :data:`TF2`):

* :func:`graph_flags` — pure Python on a networkx graph, straight from the
  definitions (the set reading enumerates the sets ``U``); the trusted oracle;
* ``table1_kernel.c`` — C on graph6 lines piped from ``geng -c``, compiled on first
  use (:mod:`verify.tables.kernel`); it prints a histogram of the 16 flag values per
  ``n``, or with ``-g`` the flags of each graph, which the tests compare with
  :func:`graph_flags` graph by graph.

Every column is derived from the histogram by :func:`columns`.

Extension to ``n = 11`` (not in the paper; computed with the kernel in 352 s on two
shared cores, and the oracle agrees with the kernel on geng shard 901/1024, 268 279
graphs): 1 006 700 565 connected, 592 458 396 S-free, 68 548 636 ⊥-free (R1),
125 287 538 with ≥2 △-free vertices, 14 166 033 both.

References
----------
.. [1] A. M. Steane, Threat, support and dead edges in the Shannon game, §6, Table 1.

Examples
--------
>>> import networkx as nx
>>> graph_flags(nx.cycle_graph(4)) == S_FREE | PERP_FREE_R1 | TF2
True
>>> TAB1.select(compute_row(4), "R1")
(6, 1, 1, 3, 1)
"""

from __future__ import annotations

import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path

import networkx as nx

from ...errors import ShannonVerifyError
from ...graphs import connected_graphs, find_geng, geng_lines
from ...tables.kernel import compiled, default_jobs, default_shards, run_pipelines
from .published import TSD_TAB1, TSD_TAB1_COLUMNS
from ...tables.table import Table, TableRow
from ...backing import used
from ...registry.routes import add_route, switch, taken

__all__ = [
    "S_FREE",
    "PERP_FREE_R1",
    "PERP_FREE_R2",
    "TF2",
    "is_simplicial",
    "surrounds",
    "transverse_r1",
    "transverse_r2",
    "is_triangle_free",
    "graph_flags",
    "columns",
    "histogram",
    "kernel_flags",
    "compute_row",
    "TAB1",
]

S_FREE, PERP_FREE_R1, PERP_FREE_R2, TF2 = 1, 2, 4, 8
KERNEL_SOURCE = Path(__file__).with_name("table1_kernel.c")
KERNEL = switch("tsd.tab1.kernel", 0)  # the C kernel whenever a compiler is found; forced plain: Python
add_route("TSD.TAB1", "kernel", "the flag histogram per graph in C (table1_kernel.c), graphs piped from geng", (KERNEL,),
          ("verify.papers.tsd.table1",))
NO_CC_WARNING = (
    "No C compiler found (gcc, or $SHANNON_VERIFY_CC): counting with the pure-Python "
    "classifier, about 100 times slower."
)


# --- the oracle: definitions on a networkx graph -----------------------------------


def is_simplicial(g: nx.Graph, v) -> bool:
    """``Γ(v)`` is a clique (true for an isolated vertex).

    >>> is_simplicial(nx.path_graph(3), 0), is_simplicial(nx.path_graph(3), 1)
    (True, False)
    """
    return all(g.has_edge(a, b) for a, b in combinations(g[v], 2))


def surrounds(g: nx.Graph, w, u: set) -> bool:
    """``w ∉ U`` and ``Γ(U) ⊆ Γ[w]``, where ``Γ(U)`` is the neighbours of ``U`` outside ``U``.

    >>> surrounds(nx.path_graph(3), 1, {0}), surrounds(nx.path_graph(4), 1, {2})
    (True, False)
    """
    outside = {x for y in u for x in g[y]} - u
    return w not in u and outside <= set(g[w]) | {w}


def transverse_r1(g: nx.Graph, v, w) -> bool:
    """Reading R1: ``vw`` is an edge and ``w`` surrounds ``{v}``.

    >>> transverse_r1(nx.cycle_graph(4), 0, 1)
    False
    """
    return g.has_edge(v, w) and surrounds(g, w, {v})


def transverse_r2(g: nx.Graph, v, w) -> bool:
    """Reading R2: ``vw`` is an edge and ``w`` surrounds some ``U ∋ v`` (all ``U`` tried).

    >>> transverse_r2(nx.cycle_graph(4), 0, 1)
    True
    """
    if not g.has_edge(v, w):
        return False
    rest = [x for x in g if x not in (v, w)]
    return any(
        surrounds(g, w, {v, *more}) for k in range(len(rest), -1, -1) for more in combinations(rest, k)
    )


def is_triangle_free(g: nx.Graph, v) -> bool:
    """``v`` is in no triangle (``Γ(v)`` is independent).

    >>> is_triangle_free(nx.complete_graph(3), 0), is_triangle_free(nx.path_graph(3), 1)
    (False, True)
    """
    return not any(g.has_edge(a, b) for a, b in combinations(g[v], 2))


def graph_flags(g: nx.Graph) -> int:
    """The four Table 1 flags of ``g``, or-ed: S_FREE | PERP_FREE_R1 | PERP_FREE_R2 | TF2.

    >>> graph_flags(nx.path_graph(2)) == TF2
    True
    """
    flags = 0
    if not any(is_simplicial(g, v) for v in g):
        flags |= S_FREE
    if not any(transverse_r1(g, v, w) or transverse_r1(g, w, v) for v, w in g.edges):
        flags |= PERP_FREE_R1
    if not any(transverse_r2(g, v, w) or transverse_r2(g, w, v) for v, w in g.edges):
        flags |= PERP_FREE_R2
    if sum(is_triangle_free(g, v) for v in g) >= 2:
        flags |= TF2
    return flags


def columns(hist: list[int]) -> dict[str, int]:
    """Every computed column from a histogram of the 16 flag values.

    >>> columns([0] * 11 + [1] + [0] * 4)["both_r1"]
    1
    """

    def count(*need: int) -> int:
        return sum(c for f, c in enumerate(hist) if all(f & b for b in need))

    return {
        "connected": sum(hist),
        "s_free": count(S_FREE),
        "perp_free_r1": count(PERP_FREE_R1),
        "perp_free_r2": count(PERP_FREE_R2),
        "tf2": count(TF2),
        "both_r1": count(PERP_FREE_R1, TF2),
        "both_r2": count(PERP_FREE_R2, TF2),
        "s_free_and_perp_free_r1": count(S_FREE, PERP_FREE_R1),
        "s_free_and_tf2": count(S_FREE, TF2),
    }


# --- counting -----------------------------------------------------------------------


def _python_hist(graphs: Iterable[nx.Graph]) -> list[int]:
    hist = [0] * 16
    for g in graphs:
        hist[graph_flags(g)] += 1
    return hist


def _python_shard(n: int, res: int, mod: int) -> list[int]:
    return _python_hist(nx.from_graph6_bytes(line.encode()) for line in geng_lines(n, res=res, mod=mod))


def _timed_python_shard(n: int, res: int, mod: int) -> tuple[list[int], float]:
    start = time.perf_counter()
    return _python_shard(n, res, mod), time.perf_counter() - start


def _parse_kernel_output(n: int, text: str) -> list[int]:
    hist = [0] * 16
    for line in text.split("\n"):
        if not line.strip():
            continue
        nums = [int(x) for x in line.split()]
        if len(nums) != 18 or nums[0] != n or nums[1] != sum(nums[2:]):
            raise ShannonVerifyError(f"table1_kernel printed an unexpected line for n = {n}: {line!r}")
        hist = [a + b for a, b in zip(hist, nums[2:])]
    return hist


def histogram(
    n: int,
    *,
    jobs: int | None = None,
    shards: int | None = None,
    residues: Iterable[int] | None = None,
    python: bool = False,
    progress: bool = False,
    done: Mapping[int, list[int]] | None = None,
    on_shard: Callable[[int, list[int], float], None] | None = None,
) -> tuple[list[int], str]:
    """(histogram of the 16 flag values over connected ``n``-vertex graphs, method).

    The method is ``"kernel"`` (C, sharded geng pipelines) or ``"python"`` (forced
    with ``python=True``, or when no C compiler is found — with a warning).
    ``residues`` restricts to some of the ``shards`` geng shards.  ``done`` gives the
    histograms of shards already computed (a resumed run: they are not recomputed)
    and ``on_shard(res, histogram, seconds)`` is told of each shard as it finishes (to
    store it).

    >>> histogram(3, python=True)  # K3 has no flag, P3 only TF2
    ([1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0], 'python')
    """
    jobs = jobs or default_jobs()
    mod = shards or default_shards(n, jobs)
    residues = list(range(mod)) if residues is None else list(residues)
    done = dict(done or {})
    known = [done[r] for r in residues if r in done]
    residues = [r for r in residues if r not in done]
    python = python or not taken(KERNEL, n)
    exe = None if python else compiled(KERNEL_SOURCE)
    if exe is not None:
        used("tsd-kernel")
    if exe is None and not python:
        warnings.warn(NO_CC_WARNING, RuntimeWarning, stacklevel=2)
    if find_geng() is None:  # only the atlas (n ≤ 7) is left; connected_graphs says so otherwise
        return _python_hist(connected_graphs(n)), "python"

    def finished(res: int, hist: list[int], seconds: float) -> None:
        if on_shard is not None:
            on_shard(res, hist, seconds)
        if bar is not None:
            bar.update()

    bar = None
    if progress and len(residues) > 1:
        from tqdm import tqdm

        bar = tqdm(total=len(residues), desc=f"TSD.TAB1 n={n}", unit=" shards", leave=False, file=sys.stderr)
    try:
        if not residues:
            hists = []
        elif exe is not None:
            outs = run_pipelines(n, [str(exe)], jobs=jobs, mod=mod, residues=residues,
                                 on_done=lambda r, out, sec: finished(r, _parse_kernel_output(n, out), sec))
            hists = [_parse_kernel_output(n, out) for out in outs]
        elif jobs == 1 or len(residues) == 1:
            hists = []
            for r in residues:
                start = time.perf_counter()
                hists.append(_python_shard(n, r, mod))
                finished(r, hists[-1], time.perf_counter() - start)
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                futures = [pool.submit(_timed_python_shard, n, r, mod) for r in residues]
                hists = []
                for r, fut in zip(residues, futures):
                    hist, sec = fut.result()
                    hists.append(hist)
                    finished(r, hist, sec)
    finally:
        if bar is not None:
            bar.close()
    return [sum(col) for col in zip(*(hists + known))] if hists or known else [0] * 16, ("python" if exe is None else "kernel")


def kernel_flags(lines: Iterable[str]) -> list[tuple[str, int]]:
    """(graph6, flags) per line, from the C kernel's per-graph mode (``-g``)."""
    used("tsd-kernel")
    exe = compiled(KERNEL_SOURCE)
    if exe is None:
        raise ShannonVerifyError(NO_CC_WARNING.split(":")[0] + ".")
    text = "".join(line.strip() + "\n" for line in lines)
    proc = subprocess.run([str(exe), "-g"], input=text, capture_output=True, text=True)
    if proc.returncode:
        raise ShannonVerifyError(f"table1_kernel failed: {proc.stderr.strip()}")
    out = []
    for line in proc.stdout.splitlines():
        g6, f = line.split()
        out.append((g6, int(f)))
    return out


def compute_row(n: int, **kwargs) -> TableRow:
    """Row ``n`` of Table 1, computed (keyword arguments go to :func:`histogram`).

    >>> compute_row(3).columns["connected"]
    2
    """
    start = time.perf_counter()
    hist, method = histogram(n, **kwargs)
    return TableRow(n, columns(hist), graphs=sum(hist), seconds=time.perf_counter() - start, method=method, extra={"histogram": hist})


TAB1 = Table(
    id="TSD.TAB1",
    title="A. M. Steane, Threat, support and dead edges in the Shannon game, §6, Table 1",
    source="TSD §6, Table 1",
    headers=TSD_TAB1_COLUMNS,
    published=TSD_TAB1,
    readings={
        "R1": ("connected", "s_free", "perp_free_r1", "tf2", "both_r1"),
        "R2": ("connected", "s_free", "perp_free_r2", "tf2", "both_r2"),
    },
    reading_notes={
        "R1": "an edge vw is transverse when w surrounds the vertex v, Γ(v) ⊆ Γ[w] (Corollary I of Theorem 14)",
        "R2": "an edge vw is transverse when w surrounds some set U ∋ v, Γ(U) ⊆ Γ[w] (without terminals, U = V − w always does)",
    },
    default_reading="R1",
    compute=compute_row,
    safe_max_n=11,
    # R2 is recorded as differing from the paper (without terminals every edge is transverse
    # under R2, so no graph with an edge is ⊥-free): exactly these cells, nothing else.
    recorded={"R2": (
        (4, "⊥-free", 0, 1),
        (4, "4 & 5", 0, 1),
        (5, "⊥-free", 0, 2),
        (5, "4 & 5", 0, 2),
        (6, "⊥-free", 0, 9),
        (6, "4 & 5", 0, 7),
        (7, "⊥-free", 0, 46),
        (7, "4 & 5", 0, 34),
        (8, "⊥-free", 0, 507),
        (8, "4 & 5", 0, 327),
        (9, "⊥-free", 0, 11800),
        (9, "4 & 5", 0, 5897),
        (10, "⊥-free", 0, 626586),
        (10, "4 & 5", 0, 213064),
    )},
    alternatives={
        "4 & 5": {
            "⊥-free/R1 and ≥2 △-free (columns 4 and 5)": "both_r1",
            "S-free and ⊥-free/R1 (columns 3 and 4)": "s_free_and_perp_free_r1",
            "S-free and ≥2 △-free (columns 3 and 5)": "s_free_and_tf2",
        }
    },
)
