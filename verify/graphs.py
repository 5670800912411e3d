"""Enumerating small graphs and Shannon games up to isomorphism.

Connected graphs come from nauty's ``geng`` [1]_ (``geng -c n``), found on ``PATH`` as
``geng`` or Debian's ``nauty-geng``, or inside the ``passagemath-nauty`` wheel.  When
no ``geng`` is found, graphs with ``n ≤ 7`` come from networkx's graph atlas and larger
``n`` raises an error that says how to install it.

Every enumeration takes a ``graph_class`` (a :class:`~verify.graph_class.GraphClass` or
its spec, such as ``"maxdeg=3"``): geng gets the class's flags, and a planar class is
filtered by nauty's ``planarg`` (found beside geng) or, without it, by
:func:`networkx.check_planarity` (:func:`planar_lines`).  Shards ``res/mod`` split the
class's graphs as they split all graphs: disjoint, and together every graph of the
class once.

A Shannon game is a graph plus an unordered terminal pair; two pairs in the same
orbit of the automorphism group (computed by pynauty) give isomorphic games, so
:func:`terminal_pairs` lists one pair per orbit.

References
----------
.. [1] B. D. McKay, A. Piperno, "Practical graph isomorphism, II", J. Symbolic
   Computation 60 (2014); nauty and Traces user's guide (``geng``).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import networkx as nx

from .errors import ShannonVerifyError
from .game import Game
from .graph_class import GraphClass, as_graph_class

__all__ = ["find_geng", "find_planarg", "geng_lines", "planar_lines", "connected_graphs", "terminal_pairs", "pair_orbit_representatives", "connected_games", "random_game", "canonical_graph6"]

ATLAS_MAX_N = 7
GENG_HELP = (
    "nauty's geng was not found: install it with 'pip install passagemath-nauty' "
    "or 'apt-get install nauty' (or put geng on PATH)."
)


def find_geng() -> str | None:
    """Path of a ``geng`` executable, or None.

    >>> p = find_geng()
    >>> p is None or os.path.basename(p) in ("geng", "nauty-geng")
    True
    """
    env = os.environ.get("SHANNON_VERIFY_GENG")
    if env:
        return env
    for name in ("geng", "nauty-geng"):
        found = shutil.which(name)
        if found:
            return found
    spec = importlib.util.find_spec("sage_wheels")
    if spec is not None and spec.submodule_search_locations:
        for loc in spec.submodule_search_locations:
            cand = Path(loc) / "bin" / "geng"
            if cand.exists() and os.access(cand, os.X_OK):
                return str(cand)
    return None


def find_planarg(geng: str | None = None) -> str | None:
    """Path of nauty's ``planarg`` beside ``geng`` (default :func:`find_geng`), or on ``PATH``; or None.

    >>> p = find_planarg()
    >>> p is None or os.path.basename(p) in ("planarg", "nauty-planarg")
    True
    """
    geng = geng or find_geng()
    if geng:
        here = Path(geng)
        name = "nauty-planarg" if here.name.startswith("nauty-") else "planarg"
        cand = here.parent / name
        if cand.is_file() and os.access(cand, os.X_OK):
            return str(cand)
    for name in ("planarg", "nauty-planarg"):
        found = shutil.which(name)
        if found:
            return found
    return None


GENG_SPLIT = "-X2"  # geng's res/mod splitting level; every part of one n must use the same
GENG_EMPTY = "impossible mine,maxe,mindeg,maxdeg values"  # geng's refusal of a class with no graph on n vertices


def planar_lines(lines) -> Iterator[str]:
    """The graph6 lines of ``lines`` whose graphs are planar (:func:`networkx.check_planarity`):
    the filter of a planar class when nauty's ``planarg`` is not found.

    >>> list(planar_lines(["C~", "D~{"]))  # K4 is planar, K5 is not
    ['C~']
    """
    for line in lines:
        if nx.check_planarity(nx.from_graph6_bytes(line.encode()))[0]:
            yield line


def geng_lines(
    n: int,
    *,
    connected: bool = True,
    res: int = 0,
    mod: int = 1,
    edges: tuple[int, int] | None = None,
    graph_class: GraphClass | str | None = None,
) -> Iterator[str]:
    """graph6 lines from ``geng`` for ``n`` vertices (shard ``res/mod``), of ``graph_class``.

    Shards are split with ``GENG_SPLIT`` (``-X2``): geng's default splitting level
    leaves most parts empty and puts a tenth of the graphs on 9 vertices in one part of
    512; with ``-X2`` the largest part is within 1.7 times the mean.  The class's flags
    (:meth:`~verify.graph_class.GraphClass.geng_flags`) go on geng's command line, so
    the shards split the class; a planar class is piped through ``planarg`` (or
    :func:`planar_lines`).  A class with no graph on ``n`` vertices, which geng refuses
    as impossible, gives no line.

    >>> sum(1 for _ in geng_lines(6, graph_class="maxdeg=2"))  # the path and the cycle
    2
    >>> list(geng_lines(3, graph_class="mindeg=3"))
    []
    """
    geng = find_geng()
    if geng is None:
        raise ShannonVerifyError(GENG_HELP)
    gc = as_graph_class(graph_class)
    args = [geng, "-q", *gc.geng_flags()]
    if connected:
        args.append("-c")
    args.append(str(n))
    if edges is not None:
        args.append(f"{edges[0]}:{edges[1]}")
    if mod > 1:
        args += [GENG_SPLIT, f"{res}/{mod}"]
    planarg = find_planarg(geng) if gc.planar else None
    procs: list[subprocess.Popen] = []
    done = False
    try:
        gen = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        procs.append(gen)
        out = gen.stdout
        if planarg is not None:
            filt = subprocess.Popen([planarg, "-q"], stdin=gen.stdout, stdout=subprocess.PIPE, text=True)
            procs.append(filt)
            gen.stdout.close()  # planarg holds it now; geng gets SIGPIPE if planarg stops
            out = filt.stdout
        lines = (line for line in (raw.strip() for raw in out) if line)
        yield from (planar_lines(lines) if gc.planar and planarg is None else lines)
        done = True
    finally:
        for p in reversed(procs):
            if not done and p.poll() is None:
                p.kill()
            for f in (p.stdout, p.stderr):
                if f is not None and not f.closed and (f is not p.stderr or not done):
                    f.close()
            p.wait()
    if not done:
        return
    err = gen.stderr.read() if gen.stderr is not None else ""
    gen.stderr.close()
    if gen.returncode:
        if GENG_EMPTY in err:
            return
        first = next((x.strip() for x in err.splitlines() if x.strip()), "")
        raise ShannonVerifyError(f"geng exited with status {gen.returncode}{': ' + first if first else ''}.")
    if planarg is not None and procs[1].returncode:
        raise ShannonVerifyError(f"planarg exited with status {procs[1].returncode}.")


def connected_graphs(n: int, res: int = 0, mod: int = 1, graph_class: GraphClass | str | None = None) -> Iterator[nx.Graph]:
    """Every connected graph on ``n`` vertices (``0 .. n-1``) of ``graph_class`` (default:
    all), one per isomorphism class.

    With ``mod > 1`` only shard ``res`` of ``mod`` (geng's ``res/mod``; the shards are
    disjoint and together give every graph once).  Without geng, the atlas's graphs
    (``n ≤ 7``) are filtered by :meth:`~verify.graph_class.GraphClass.contains`.

    >>> [sum(1 for _ in connected_graphs(k)) for k in range(1, 6)]
    [1, 1, 2, 6, 21]
    >>> sum(sum(1 for _ in connected_graphs(5, r, 3)) for r in range(3))
    21
    >>> sum(1 for _ in connected_graphs(5, graph_class="trianglefree"))
    6
    """
    gc = as_graph_class(graph_class)
    if find_geng() is not None:
        for line in geng_lines(n, res=res, mod=mod, graph_class=gc):
            yield nx.from_graph6_bytes(line.encode())
        return
    if n > ATLAS_MAX_N:
        raise ShannonVerifyError(GENG_HELP)
    atlas = (g for g in nx.graph_atlas_g() if g.number_of_nodes() == n and (n == 0 or nx.is_connected(g)))
    for i, g in enumerate(g for g in atlas if gc.is_all or gc.contains(g)):
        if i % mod == res:
            yield g


def _automorphism_generators(g: nx.Graph) -> list[list[int]]:
    import pynauty

    n = g.number_of_nodes()
    if n == 0:
        return []
    adjacency = {v: [u for u in g.neighbors(v)] for v in range(n)}
    pg = pynauty.Graph(n, directed=False, adjacency_dict=adjacency)
    gens, *_ = pynauty.autgrp(pg)
    return gens


def terminal_pairs(g: nx.Graph) -> list[tuple[int, int]]:
    """One unordered vertex pair per orbit of Aut(g) on pairs (vertices ``0 .. n-1``).

    >>> terminal_pairs(nx.path_graph(4))
    [(0, 1), (0, 2), (0, 3), (1, 2)]
    """
    n = g.number_of_nodes()
    return pair_orbit_representatives(_automorphism_generators(g), [(i, j) for i in range(n) for j in range(i + 1, n)])


def pair_orbit_representatives(gens, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The smallest pair of each orbit of the group generated by ``gens`` (permutations
    as lists) on unordered pairs, among ``pairs`` (which must be a union of orbits).

    >>> pair_orbit_representatives([[1, 0, 2]], [(0, 1), (0, 2), (1, 2)])
    [(0, 1), (0, 2)]
    """
    parent = {p: p for p in pairs}

    def find(p):
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for perm in gens:
        for i, j in pairs:
            a, b = perm[i], perm[j]
            q = (a, b) if a < b else (b, a)
            ra, rb = find((i, j)), find(q)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
    return sorted({find(p) for p in pairs})


def connected_games(
    n: int, all_pairs: bool = False, res: int = 0, mod: int = 1, graph_class: GraphClass | str | None = None
) -> Iterator[Game]:
    """Every Shannon game on a connected ``n``-vertex graph of ``graph_class`` (default:
    all), terminal pairs up to automorphism.

    With ``all_pairs`` every unordered pair is used instead of one per orbit; with
    ``mod > 1`` only the games of the graphs of shard ``res/mod`` (see
    :func:`connected_graphs`).

    >>> sum(1 for _ in connected_games(4))
    16
    >>> sum(sum(1 for _ in connected_games(4, res=r, mod=2)) for r in range(2))
    16
    >>> sum(1 for _ in connected_games(4, graph_class="maxdeg=2"))  # the path P4 (4 pairs) and C4 (2)
    6
    """
    for g in connected_graphs(n, res, mod, graph_class):
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n)] if all_pairs else terminal_pairs(g)
        for t in pairs:
            yield Game.from_networkx(g, t)


def random_game(rng, n: int) -> Game:
    """A connected random game on the vertices ``0 .. n-1``: a random spanning tree, then
    every other pair joined with one probability drawn at random (so sparse and dense
    games both come), the terminals a random pair; ``rng`` a :class:`random.Random`.

    >>> import random
    >>> g = random_game(random.Random(1), 8)
    >>> len(g.vertices), len(set(g.terminals))
    (8, 2)
    """
    order = list(range(n))
    rng.shuffle(order)
    edges = set()
    for k in range(1, n):
        a, b = order[k], order[rng.randrange(k)]
        edges.add((min(a, b), max(a, b)))
    p = rng.random()
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < p:
                edges.add((i, j))
    return Game(range(n), sorted(edges), tuple(rng.sample(range(n), 2)))


def canonical_graph6(g: nx.Graph) -> str:
    """graph6 of the canonical labelling of ``g`` (pynauty ``certificate`` order).

    >>> canonical_graph6(nx.path_graph(3)) == canonical_graph6(nx.Graph([(1, 0), (0, 2)]))
    True
    """
    import pynauty

    nodes = list(g.nodes)
    idx = {v: i for i, v in enumerate(nodes)}
    n = len(nodes)
    pg = pynauty.Graph(n, directed=False, adjacency_dict={idx[v]: [idx[u] for u in g.neighbors(v)] for v in nodes})
    lab = pynauty.canon_label(pg)  # lab[i] = original vertex placed at position i
    pos = {orig: i for i, orig in enumerate(lab)}
    h = nx.Graph()
    h.add_nodes_from(range(n))
    h.add_edges_from((pos[idx[u]], pos[idx[v]]) for u, v in g.edges)
    return nx.to_graph6_bytes(h, header=False).decode().strip()


def canonical_game(game: Game) -> tuple[Game, str]:
    """The game relabelled canonically (terminals as their own colour class) and its graph6.

    Isomorphic games (graph and terminal pair) get the same result, so
    ``(n, m, graph6, terminals)`` of the canonical game is a total order on games up
    to isomorphism.

    >>> a = Game.from_edges("0-2,2-1,2-3", terminals=(0, 1))
    >>> b = Game.from_edges("3-1,1-0,1-2", terminals=(3, 2))
    >>> canonical_game(a) == canonical_game(b)
    True
    """
    import pynauty

    n = game.n
    idx = {v: i for i, v in enumerate(game.vertices)}
    t = {idx[x] for x in game.terminals}
    pg = pynauty.Graph(
        n,
        adjacency_dict={idx[v]: [idx[u] for u in game.neighbours(v)] for v in game.vertices},
        vertex_coloring=[set(range(n)) - t, t],
    )
    lab = pynauty.canon_label(pg)
    pos = {orig: i for i, orig in enumerate(lab)}
    edges = [(pos[idx[u]], pos[idx[v]]) for u, v in game.edges()]
    terms = tuple(sorted(pos[idx[x]] for x in game.terminals))
    g = Game(range(n), edges, terms)
    return g, g.to_graph6()
