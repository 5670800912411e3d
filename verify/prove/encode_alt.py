"""A second, independently written CNF encoder for the dead-item statements (TSD.T13–T16).

Written from the statements' definitions (A. M. Steane, "Threat, support and dead edges
in the Shannon game", §5) without reusing :mod:`verify.prove.encode`: no shared helper,
no symmetry breaking, no case split by hand.  Its answers are compared with the first
encoder's in ``tests/test_prove_alt.py`` (same verdict at every tested size, same
counterexample graphs up to relabelling, and the graphs of its models, enumerated with
blocking clauses, equal the brute-force set for the mutants).

What it says, for ``n`` vertices with terminals ``0`` and ``1``:

* **the game**: adjacency variables ``adj(u, v)``; *connected* as "every vertex other
  than ``0`` has a parent, a neighbour of strictly smaller rank" (ranks in order
  encoding, ``rank(0) = 0``), so parent chains end at ``0``;
* **live** (the induced-path characterisation, as in the first encoder: a vertex is live
  iff it lies on an induced ``0``–``1`` path, an edge iff both ends do and they are
  adjacent): a vertex set ``P`` (``on(v)``) with ``0, 1 ∈ P`` whose induced subgraph has
  degree 1 at ``0`` and ``1`` and degree 2 at every other member (a sequential counter
  bounds it), and is connected (parents inside ``G[P]``, ranks as above).  A connected
  graph of maximum degree 2 with exactly two vertices of degree 1 is a path between them;
* **the hypothesis**, with *selectors* over every choice of the named vertices (the
  terminal ``t``, ``u``, ``v``, ``w``): a selected choice forces its conditions, and at
  least one choice is selected.  Sets ``U`` are free variables ``in(x)``.

  - TSD.T15: ``u, v ∈ Γ(t)``, ``uv ∈ E``, edge ``uv`` live.  Mutant: ``u ∈ Γ(t)``,
    ``v ≠ t``, ``uv ∈ E`` live.
  - TSD.T14.C1: ``v`` non-terminal, ``vw ∈ E``, ``Γ(v) ∖ {w} ⊆ Γ(w)``, ``vw`` live.
    Mutant: ``v`` may be a terminal.
  - TSD.T14: ``U`` terminal-free, ``v ∈ U``, ``w ∉ U``, ``Γ(U) ⊆ Γ[w]``, ``vw ∈ E``
    live.  Mutant: ``U`` may contain terminals (``v`` still non-terminal).
  - TSD.T16: a terminal ``t`` with ``Γ(U) ⊆ Γ[t]``, ``U`` terminal-free, ``v ∈ U``
    live.  Mutant: ``t`` replaced by a non-terminal ``w ∉ U``.
  - TSD.T13: ``U`` terminal-free, ``v ∈ U`` live, ``Γ(U)`` a clique (``nb(y)`` holds
    for every ``y ∉ U`` adjacent to ``U``).  Mutant: a clique after removing one vertex.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from ..errors import InputError

__all__ = ["AltQuery", "encode_alt", "ALT_IDS"]

ALT_IDS = ("TSD.T13", "TSD.T14", "TSD.T14.C1", "TSD.T15", "TSD.T16")


@dataclass
class AltQuery:
    """The clauses, the number of variables, and how to read a model back."""

    statement: str
    n: int
    mutant: bool
    clauses: list[list[int]] = field(default_factory=list)
    nvars: int = 0
    adj: dict = field(default_factory=dict)  # (u, v), u < v -> variable
    on: list = field(default_factory=list)
    choices: list = field(default_factory=list)  # (selector, item, description)

    def new(self) -> int:
        self.nvars += 1
        return self.nvars

    def edge(self, u: int, v: int) -> int:
        return self.adj[(u, v) if u < v else (v, u)]

    def decode(self, true: set) -> tuple[list[tuple[int, int]], tuple, str]:
        """``(edges, live item, description)`` of a model given by its true variables."""
        edges = [e for e, x in sorted(self.adj.items()) if x in true]
        for sel, item, desc in self.choices:
            if sel in true:
                return edges, item, desc
        raise AssertionError("a model selects no choice")


# ----------------------------------------------------------------- building blocks
def _at_most(q: AltQuery, xs: list[int], k: int) -> None:
    """At most ``k`` of ``xs`` (sequential counter: ``s[i][j]`` = at least ``j + 1`` of
    the first ``i + 1`` are true)."""
    prev = None
    for i, x in enumerate(xs):
        cur = [q.new() for _ in range(k)]
        q.clauses.append([-x, cur[0]])
        for j in range(k):
            if prev is not None:
                q.clauses.append([-prev[j], cur[j]])
                if j > 0:
                    q.clauses.append([-x, -prev[j - 1], cur[j]])
        if prev is not None:
            q.clauses.append([-x, -prev[k - 1]])  # a (k+1)-th
        prev = cur


def _ranked_tree(q: AltQuery, members: list[int] | None, link) -> None:
    """Every vertex ``v ≠ 0`` (with ``members[v]`` true, if given) has a parent ``u`` with
    ``link(u, v)`` true and rank(u) < rank(v); rank(0) = 0, ranks at most n - 1."""
    n = q.n
    rank = [[q.new() for _ in range(n)] for _ in range(n)]  # rank[v][k]: rank(v) >= k (k >= 1 used)
    for v in range(n):
        for k in range(1, n - 1):
            q.clauses.append([-rank[v][k + 1], rank[v][k]])
    q.clauses.append([-rank[0][1]])
    for v in range(1, n):
        parents = []
        for u in range(n):
            if u == v:
                continue
            p = q.new()
            parents.append(p)
            q.clauses.append([-p, link(u, v)])
            q.clauses.append([-p, rank[v][1]])
            for k in range(1, n - 1):
                q.clauses.append([-p, -rank[u][k], rank[v][k + 1]])
            q.clauses.append([-p, -rank[u][n - 1]])
        guard = [] if members is None else [-members[v]]
        q.clauses.append(guard + parents)


def _game_and_path(q: AltQuery) -> dict:
    """Adjacency, connectivity, and the induced 0–1 path; returns the path-edge variables."""
    n = q.n
    for u, v in combinations(range(n), 2):
        q.adj[(u, v)] = q.new()
    _ranked_tree(q, None, q.edge)
    q.on = [q.new() for _ in range(n)]
    q.clauses += [[q.on[0]], [q.on[1]]]
    pe = {}
    for u, v in combinations(range(n), 2):
        x = q.new()
        pe[(u, v)] = pe[(v, u)] = x
        a, ou, ov = q.edge(u, v), q.on[u], q.on[v]
        q.clauses += [[-x, a], [-x, ou], [-x, ov], [x, -a, -ou, -ov]]
    for v in range(n):
        inc = [pe[(v, u)] for u in range(n) if u != v]
        if v in (0, 1):
            q.clauses.append(inc)  # degree exactly 1 in G[P]
            _at_most(q, inc, 1)
        else:  # on(v) => degree exactly 2 in G[P] (off P every pe is false)
            for drop in range(len(inc)):
                q.clauses.append([-q.on[v]] + inc[:drop] + inc[drop + 1:])
            _at_most(q, inc, 2)
    _ranked_tree(q, q.on, lambda u, v: pe[(u, v)])
    return pe


def _choose(q: AltQuery, options: list[tuple[tuple, str, list[list[int]]]]) -> None:
    """One selector per option ``(item, description, conditions)``; at least one selected."""
    sels = []
    for item, desc, conds in options:
        s = q.new()
        sels.append(s)
        q.choices.append((s, item, desc))
        q.clauses += [[-s] + c for c in conds]
    if sels:
        q.clauses.append(sels)
    else:  # nothing to choose on n vertices: unsatisfiable
        x = q.new()
        q.clauses += [[x], [-x]]


def _live_edge(q: AltQuery, u: int, v: int) -> list[list[int]]:
    return [[q.edge(u, v)], [q.on[u]], [q.on[v]]]


def _surrounded(q: AltQuery, inside: list[int], w: int, guard: int) -> None:
    """``guard ⇒ Γ(U) ⊆ Γ[w]``: a vertex outside ``U`` next to a member is ``w`` or a
    neighbour of ``w``."""
    for x in range(q.n):
        for y in range(q.n):
            if y in (x, w) or x == w:
                continue
            q.clauses.append([-guard, -inside[x], inside[y], -q.edge(x, y), q.edge(w, y)])


# ------------------------------------------------------------------ statements
def _t15(q: AltQuery) -> None:
    n, opts = q.n, []
    for t in (0, 1):
        others = [x for x in range(n) if x != t]
        if not q.mutant:
            for u, v in combinations(others, 2):
                opts.append(((u, v), f"t={t}, u={u}, v={v}", [[q.edge(t, u)], [q.edge(t, v)]] + _live_edge(q, u, v)))
        else:
            for u in others:
                for v in others:
                    if v != u:
                        opts.append(((u, v), f"t={t}, u={u}, v={v}", [[q.edge(t, u)]] + _live_edge(q, u, v)))
    _choose(q, opts)


def _t14_c1(q: AltQuery) -> None:
    n, opts = q.n, []
    for v in range(n):
        if v in (0, 1) and not q.mutant:
            continue
        for w in range(n):
            if w == v:
                continue
            conds = [[-q.edge(v, x), q.edge(w, x)] for x in range(n) if x not in (v, w)]
            opts.append(((v, w), f"v={v}, w={w}", conds + _live_edge(q, v, w)))
    _choose(q, opts)


def _set(q: AltQuery, allowed) -> list[int]:
    """Membership variables ``in(x)``, false outside ``allowed``."""
    inside = [q.new() for _ in range(q.n)]
    q.clauses += [[-inside[x]] for x in range(q.n) if x not in allowed]
    return inside


def _surrounding(q: AltQuery, inside: list[int], ws, vs, extra) -> None:
    """Options "``w`` surrounds ``U ∋ v``, ``w ∉ U``" for ``w`` in ``ws``, ``v`` in ``vs``
    (``extra(v, w)``: the item, its description and its further conditions); the
    surrounding clauses are stated once per ``w``, guarded by "an option naming ``w``
    is selected"."""
    opts, by_w = [], []
    for w in ws:
        for v in vs:
            if v != w:
                item, desc, conds = extra(v, w)
                opts.append((item, desc, [[-inside[w]], [inside[v]]] + conds))
                by_w.append(w)
    _choose(q, opts)
    guards = {w: q.new() for w in ws}
    for (s, _, _), w in zip(q.choices, by_w):
        q.clauses.append([-s, guards[w]])
    for w in ws:
        _surrounded(q, inside, w, guards[w])


def _t14(q: AltQuery) -> None:
    n = q.n
    inside = _set(q, range(n) if q.mutant else range(2, n))
    _surrounding(q, inside, range(n), range(2, n), lambda v, w: ((v, w), f"v={v}, w={w}", _live_edge(q, v, w)))


def _t16(q: AltQuery) -> None:
    n = q.n
    inside = _set(q, range(2, n))
    ws = range(2, n) if q.mutant else (0, 1)
    name = "w" if q.mutant else "t"
    _surrounding(q, inside, ws, range(2, n), lambda v, w: ((v,), f"{name}={w}, v={v}", [[q.on[v]]]))


def _t13(q: AltQuery) -> None:
    n = q.n
    inside = _set(q, range(2, n))
    nb = [q.new() for _ in range(n)]
    for x in range(n):
        for y in range(n):
            if x != y:
                q.clauses.append([-inside[x], -q.edge(x, y), inside[y], nb[y]])
    ex = [q.new() for _ in range(n)] if q.mutant else None
    if ex:
        q.clauses += [[-a, -b] for a, b in combinations(ex, 2)]
    for y, z in combinations(range(n), 2):
        q.clauses.append([-nb[y], -nb[z], q.edge(y, z)] + ([ex[y], ex[z]] if ex else []))
    _choose(q, [((v,), f"v={v}", [[inside[v]], [q.on[v]]]) for v in range(2, n)])


_BUILD = {"TSD.T15": _t15, "TSD.T14.C1": _t14_c1, "TSD.T14": _t14, "TSD.T16": _t16, "TSD.T13": _t13}


def encode_alt(statement_id: str, n: int, mutant: bool = False) -> AltQuery:
    """The second encoder's CNF for ``statement_id`` (or its mutant) on ``n`` vertices.

    >>> q = encode_alt("TSD.T15", 4)
    >>> q.adj[(0, 1)], len(q.on), q.nvars > 6
    (1, 4, True)
    """
    if statement_id not in _BUILD:
        raise InputError(f"The second encoder covers {', '.join(ALT_IDS)}, not {statement_id}.")
    if n < 2:
        raise InputError(f"A game needs at least 2 vertices, not {n}.")
    q = AltQuery(statement_id, n, mutant)
    _game_and_path(q)
    _BUILD[statement_id](q)
    return q
