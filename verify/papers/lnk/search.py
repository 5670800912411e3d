"""Exhaustive search for minimal weak and minimal strong links (LNK §2–§3).

Definitions (LNK §2 [1]_, as in :mod:`verify.links`): a game (G, s, t) is a *strong
link* when Short wins moving second, a *weak link* when Short wins moving first but
not second.  A link is *minimal* when deleting any single edge weakens it: a minimal
weak link stops being a Short first-player win, a minimal strong link stops being a
Short second-player win.  The *weight* is the number of non-terminal vertices; the
*borders* are B_s = Γ(s), B_t = Γ(t); the *centre* is every non-terminal vertex in
neither border and ``p`` is its size (LNK §3, before eq. (1)).

The search runs over every connected graph on ``n`` vertices (nauty's ``geng -c``)
and every terminal pair up to automorphism (pynauty orbits).  Graphs are handled as
bitmask adjacency straight from graph6 and games are solved by
:class:`~verify.solve.fast.FastSolver` (its elementary speed-ups only).  Two searches:

``plain``
    every pair of every graph, solved; minimality by deleting each edge in turn and
    solving again.  Nothing is assumed.
``sieved`` (weak links only)
    only the graphs kept by the fourteen conditions of §3.1 (:mod:`.sieve`) and their
    surviving candidate pairs — the paper's method; it rests on the paper's theorems,
    so it is only ever compared with the other two, never used to check them;
``pruned``
    the same, after rejecting terminal pairs by five conditions, each a consequence of
    the colouring view of the game (the winner of a complete colouring is whether the
    black vertices join s and t) that is proved in the docstring of
    :func:`candidate_pairs`; no theorem of the paper under test is used.  The two
    searches are compared on every ``n`` in ``tests/test_lnk_search.py``
    (n ≤ 8 default, n = 9 deep).

No geng degree or edge bounds are used (no bound is needed below n = 10, and a bound
taken from Theorems 1–3 would be circular for the statements checked on the result).

Every link found can be re-checked by plain minimax (:func:`minimax_discrepancies`),
and for ``n ≤ 7`` the whole search can be redone by minimax (:func:`minimax_search`).

References
----------
.. [1] A. M. Steane, "Minimal and irreducible links in the Shannon game", §2–§3.

Examples
--------
>>> [len(minimal_links(n)) for n in range(2, 8)]
[0, 1, 0, 1, 0, 5]
>>> [len(minimal_links(n, strong=True)) for n in range(2, 7)]
[1, 0, 1, 0, 2]
>>> w1 = minimal_links(3)[0]
>>> w1.weight, w1.p, w1.pivots, w1.graph6
(1, 0, (0,), 'Bo')
"""

from __future__ import annotations

import time
from pathlib import Path

from ...errors import InputError, ShannonVerifyError
from ...game import Game, bits, popcount
from ...graphs import canonical_game, geng_lines, pair_orbit_representatives
from ...solve.fast import FastSolver
from ...backing import remembered
from .link import Link, classify_masks, link_from_game, parse_graph6_masks  # noqa: F401 (re-exported)

__all__ = [
    "Link",
    "parse_graph6_masks",
    "pair_orbits",
    "candidate_pairs",
    "search",
    "minimal_links",
    "link_from_game",
    "derived_strong_links",
    "minimax_discrepancies",
    "minimax_search",
    "SEARCH_MAX_N",
    "STATS",
]

COMPILED_FROM_N = 9  # minimal_links(n) from the compiled searches from here (when a C compiler is present)
COMPILED = "lnk.compiled"  # its switch (verify.registry.routes): forced, the compiled searches answer at any n
SEARCH_MAX_N = 10  # refuse beyond this (n = 10 is 11.7 M graphs: hours in Python)
STATS: dict[tuple, dict] = {}  # (n, kind, method) -> counters of the last run


# --------------------------------------------------------------------- graph6


def pair_orbits(n: int, adj: tuple[int, ...], pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """One representative (the smallest) of each Aut(G)-orbit meeting ``pairs``.

    ``pairs`` must be a union of orbits (a set defined by graph invariants is).

    >>> pair_orbits(4, (2, 5, 10, 4), [(0, 2), (1, 3), (0, 3)])
    [(0, 2), (0, 3)]
    """
    if not pairs:
        return []
    import pynauty

    pg = pynauty.Graph(n, adjacency_dict={i: list(bits(adj[i])) for i in range(n)})
    return pair_orbit_representatives(pynauty.autgrp(pg)[0], pairs)


def candidate_pairs(n: int, adj: tuple[int, ...], strong: bool = False) -> list[tuple[int, int]]:
    """Terminal pairs that can carry a minimal weak (or strong) link, for n ≥ 4 (n ≥ 5).

    A pair ``(s, t)`` is rejected when

    1. ``s ~ t`` — then the game is a strong link, so not weak; and not a *minimal*
       strong link either when n ≥ 3, since deleting any other edge keeps ``s ~ t``;
    2. (weak) ``s`` and ``t`` have a common neighbour ``c`` — then Short wins moving
       first at ``c``, in ``G`` and in ``G − e`` for any edge ``e ∉ {sc, ct}`` (one
       exists: a connected graph on n ≥ 4 vertices has ≥ 3 edges), so ``G`` is not
       minimal; (strong) they have two common neighbours ``c, c'`` — then the 4-cycle
       ``s c t c'`` is a strong link inside ``G`` and for n ≥ 5 some edge lies outside
       it, so ``G`` is not a minimal strong link;
    3. some non-terminal vertex ``v`` has degree 1 — no s–t path passes through
       ``v``, so in every complete colouring the winner is the same with or without
       its edge; the outcome of the game (with either player first) is a function of
       the colouring → winner map, so deleting the edge changes nothing;
    4. two neighbours ``u, v`` of one terminal ``s`` are adjacent — a black s–t path
       using ``uv`` can be shortened to one that does not (jump from ``s`` straight
       to whichever of ``u, v`` it visits last), so again every colouring has the
       same winner without ``uv``;
    5. both terminals have degree 1 — with ``Γ(s) = {a}``, ``Γ(t) = {b}``, ``a ≠ b``
       (by 2; for a strong link ``a = b`` is a cut vertex), Cut answers Short's first
       move by cutting whichever of ``a, b`` is still free (or cuts one of them first),
       so Short wins neither first nor second.

    The proofs use only the rules of the game, not the paper's theorems.

    W3 (s = 0 pendant at 2, 2 bridged to t = 1 through 3 and 4):

    >>> candidate_pairs(5, (0b00100, 0b11000, 0b11001, 0b00110, 0b00110))
    [(0, 1)]
    """
    pendant = [v for v in range(n) if popcount(adj[v]) == 1]
    if len(pendant) > 2:
        return []
    border_ok = [not any(adj[u] & adj[v] for u in bits(adj[v])) for v in range(n)]
    out = []
    for s in range(n):
        if not border_ok[s]:
            continue
        for t in range(s + 1, n):
            if adj[s] >> t & 1 or not border_ok[t]:
                continue
            common = adj[s] & adj[t]
            if (common & (common - 1)) if strong else common:
                continue
            if any(v != s and v != t for v in pendant):
                continue
            if len(pendant) == 2:  # both pendants are the terminals
                continue
            out.append((s, t))
    return out


# ----------------------------------------------------------------------- links












def search(n: int, *, strong: bool = False, method: str = "pruned", progress: bool = False, res: int = 0, mod: int = 1) -> list[Link]:
    """Every minimal weak (or strong) link on a connected ``n``-vertex graph, sorted.

    ``method`` is ``"plain"`` or ``"pruned"`` (for weak links with n ≥ 4 and strong
    links with n ≥ 5; otherwise plain), or ``"sieved"``.  Counters go to
    ``STATS[(n, kind, method)]``.  With ``mod > 1`` only geng's shard ``res`` of ``mod``
    is searched (the shards together hold every graph once).

    >>> [l.graph6 for l in search(5, method="plain")]
    ['DXo']
    """
    if not 2 <= n <= SEARCH_MAX_N:
        raise InputError(f"The link search supports 2 ≤ n ≤ {SEARCH_MAX_N}; got n = {n}.")
    if method not in ("plain", "pruned", "sieved"):
        raise InputError(f"Unknown search method {method!r}; choose plain, pruned or sieved.")
    if method == "sieved" and strong:
        raise InputError("The sieve of §3.1 is for weak links; use plain or pruned for strong links.")
    pruned = method == "pruned" and n >= (5 if strong else 4)
    sieved = method == "sieved"
    if sieved:
        from .sieve import sieve_pairs
    start = time.perf_counter()
    solver = FastSolver()
    graphs = games = solved = 0
    found: dict[tuple, Link] = {}
    lines = geng_lines(n, res=res, mod=mod)
    if progress:
        from tqdm import tqdm

        lines = tqdm(lines, desc=f"links n={n}", unit=" graphs", mininterval=1.0)
    all_pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    for line in lines:
        graphs += 1
        _, adj = parse_graph6_masks(line)
        if sieved:
            pairs = sieve_pairs(n, adj)[0] or []
        else:
            pairs = candidate_pairs(n, adj, strong) if pruned else all_pairs
        reps = pair_orbits(n, adj, pairs)
        games += len(reps)
        for s, t in reps:
            solved += 1
            kind = classify_masks(solver, adj, s, t, strong)
            if kind is not None:
                g = Game._from_masks(tuple(range(n)), adj, (s, t))
                link = link_from_game(g, kind, solver)
                found[link.key] = link
        if len(solver.table) > 3_000_000:
            solver.table.clear()
    STATS[(n, "strong" if strong else "weak", "sieved" if sieved else "pruned" if pruned else "plain")] = {
        "graphs": graphs,
        "games": games,
        "links": len(found),
        "seconds": round(time.perf_counter() - start, 3),
    }
    return [found[k] for k in sorted(found)]


_CACHE: dict[tuple, tuple] = {}


def minimal_links(n: int, strong: bool = False, method: str = "pruned") -> tuple[Link, ...]:
    """Cached :func:`search`: the minimal weak (or strong) links of size ``n``.

    >>> [l.weight for l in minimal_links(7)]
    [5, 5, 5, 5, 5]

    From n = :data:`COMPILED_FROM_N` = 9 on, when a C compiler is present, the default
    (``method="pruned"``) comes from the compiled searches of :mod:`.kernel` instead
    (every link re-solved in Python; the Python searches stay the trusted oracle they are
    compared with, on every n ≤ 8 in the default tests and n = 9 in the deep ones — the
    Python search of n = 9 takes 18 s, the compiled one 0.5 s): weak links at n = 9 and
    10 by the sieve + solver with no geng bound, at n = 11 from the
    complete stored run ``docs/lnk/n11_store.jsonl`` (geng ``-D7``, which rests on
    Theorem 3 — so LNK.T3 and LNK.DEG, which would be checked against their own bound,
    stop at n = 10); strong links at n = 10 by the direct compiled search (no sieve).
    """
    from ...registry.routes import switch, taken

    use = method == "pruned" and taken(switch(COMPILED, COMPILED_FROM_N), n)

    def compute() -> tuple[Link, ...]:
        compiled = _compiled_links(n, strong) if use else None
        return tuple(search(n, strong=strong, method=method) if compiled is None else compiled)

    return remembered(_CACHE, (n, strong, method, use), compute)


N11_STORE = Path(__file__).resolve().parents[3] / "docs" / "lnk" / "n11_store.jsonl"


def _compiled_links(n: int, strong: bool) -> list[Link] | None:
    """The minimal links of size ``n`` from compiled code (``n ≥ 9`` in a default run), or
    None (no C compiler)."""
    from .kernel import c_search, c_strong_search, kernel_exe

    if kernel_exe(required=False) is None:
        return None
    if strong:
        if n > 10:
            raise InputError(f"Minimal strong links are searched up to n = 10; got n = {n}.")
        return c_strong_search(n)[0]
    if n <= 10:  # below COMPILED_FROM_N only when the route is forced (verify.registry.routes)
        return c_search(n, bounds=False)[0]
    if n == 11 and N11_STORE.exists():
        links, stats = c_search(n, mod=256, store=N11_STORE, resume=True)
        if not stats["complete"]:  # pragma: no cover - the committed store is complete
            raise ShannonVerifyError(f"The stored n = 11 run {N11_STORE} is incomplete.")
        return links
    raise InputError(f"Minimal weak links are searched up to n = 10 (n = 11 from a stored run); got n = {n}.")


def derived_strong_links(w: int, method: str = "pruned", links=None) -> list[Link]:
    """Minimal strong links of weight ``w`` obtained as in LNK §3: from each minimal weak
    link of weight ``w + 1`` with a pendant terminal, delete that terminal and make its
    neighbour a terminal; keep one link per isomorphism class.  ``links``: the minimal
    weak links of weight ``w + 1`` (default: :func:`minimal_links` of size ``w + 3``).

    >>> [l.graph6 for l in derived_strong_links(2)]
    ['C]']
    """
    out: dict[tuple, Link] = {}
    for link in minimal_links(w + 3, method=method) if links is None else links:
        g = link.game
        for term in g.terminals:
            if g.degree(term) != 1:
                continue
            other = g.terminals[0] if term == g.terminals[1] else g.terminals[1]
            (nb,) = g.neighbours(term)
            rest = [v for v in g.vertices if v != term]
            h = Game(rest, [e for e in g.edges() if term not in e], (nb, other))
            lk = link_from_game(h, "strong")
            out[lk.key] = lk
    return [out[k] for k in sorted(out)]


# --------------------------------------------------------------- second check
def minimax_discrepancies(link: Link) -> list[str]:
    """Re-check a link with plain minimax (:mod:`verify.solve.minimax`): its kind,
    minimality (every single-edge deletion) and, for a weak link, its pivot set.
    Returns the list of disagreements (empty when minimax agrees).

    >>> minimax_discrepancies(minimal_links(5)[0])
    []
    """
    from ...solve import minimax

    g = link.game
    memo: dict = {}
    sw_first = minimax.short_wins(g, minimax.SHORT, memo)
    sw_second = minimax.short_wins(g, minimax.CUT, memo)
    kind = "strong" if sw_second else "weak" if sw_first else "none"
    bad = []
    if kind != link.kind:
        bad.append(f"kind: search {link.kind}, minimax {kind}")
        return bad
    first = minimax.SHORT if kind == "weak" else minimax.CUT
    for e in g.edges():
        if minimax.short_wins(g.delete_edges([e]), first, memo):
            bad.append(f"deleting {e} keeps the {kind} link")
    if kind == "weak":
        piv = tuple(v for v in g.nonterminals() if minimax.short_wins(g.short(v), minimax.CUT, memo))
        if piv != tuple(link.pivots):
            bad.append(f"pivots: search {list(link.pivots)}, minimax {list(piv)}")
    return bad


def minimax_search(n: int, strong: bool = False) -> list[tuple]:
    """Keys of the minimal links of size ``n`` found by plain minimax on every connected
    game (networkx graphs from geng, pairs up to automorphism): the independent
    search; slow, for n ≤ 7.

    >>> minimax_search(5) == [l.key for l in minimal_links(5)]
    True
    """
    from ...graphs import connected_games
    from ...solve import minimax

    out = set()
    for g in connected_games(n):
        memo: dict = {}
        first = minimax.CUT if strong else minimax.SHORT
        if not minimax.short_wins(g, first, memo):
            continue
        if not strong and minimax.short_wins(g, minimax.CUT, memo):
            continue
        if any(minimax.short_wins(g.delete_edges([e]), first, memo) for e in g.edges()):
            continue
        cg, g6 = canonical_game(g)
        out.add((cg.n, cg.m, g6, tuple(cg.terminals)))
    return sorted(out)
