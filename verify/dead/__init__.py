"""Dead vertices and dead edges of a Shannon game, decided exactly, with certificates.

Definitions (TSD §5 [1]_): a non-terminal vertex is *dead* if in every complete
colouring the winner does not depend on its colour; an edge is dead if in every
complete colouring the winner does not change when it is deleted; a non-edge ``e`` is
dead if it is dead in ``G + e``.  Four independent methods decide this:

``brute`` (:mod:`.brute`)
    every complete colouring, the definitions as written (small graphs only);
``paths`` (:mod:`.paths`)
    search for an induced terminal path through the item (live ⇔ one exists);
``sat`` (:mod:`.sat`)
    the same question as a PySAT CNF with lazy cycle cuts;
``smt`` (:mod:`.smt`)
    the definition itself in z3: a colouring whose winner changes with the item.

``map`` (:mod:`.fast`)
    induced paths built from two shortest paths, dead-by-a-rule arguments on induced
    paths, and the ``sat`` oracle only for what is left.

``auto`` picks ``map`` on a game that is a Hex position (built by
:meth:`Game.from_hex <verify.game.Game.from_hex>` / ``from_hexboard`` and not changed
since), else ``paths`` on small graphs and ``sat`` beyond (all exact).  Every verdict
carries a certificate (:class:`Verdict`); dead verdicts also name the TSD §5 theorems
whose hypotheses hold (:mod:`.theorems`).  The methods' modules are imported when first
used, so a Hex query never loads z3 (nor PySAT, unless the map needs the solver).

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §5.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InputError
from ..game import Game
from .common import Verdict, check_live_certificate, items_of, label_item, resolve_item
from .theorems import predicted_dead

__all__ = [
    "METHODS",
    "Classification",
    "Verdict",
    "classify",
    "dead_vertices",
    "dead_edges",
    "is_dead_vertex",
    "is_dead_edge",
    "check_live_certificate",
    "predicted_dead",
]

METHODS = ("auto", "brute", "paths", "sat", "smt", "map")
AUTO_PATHS_MAX_N = 14


def __getattr__(name: str):
    """The method modules (``verify.dead.sat`` and so on), imported on first use."""
    if name in ("brute", "paths", "sat", "smt", "fast"):
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _method_for(game: Game, method: str) -> str:
    if method not in METHODS:
        raise InputError(f"Unknown method {method!r}; choose one of {', '.join(METHODS)}.")
    if method == "auto":
        if game.hex_board is not None:
            return "map"
        return "paths" if game.n <= AUTO_PATHS_MAX_N else "sat"
    return method


def _runner(chosen: str):
    if chosen == "map":
        return _map_classify
    if chosen == "brute":
        from .brute import classify
    elif chosen == "paths":
        from .paths import classify
    elif chosen == "sat":
        from .sat import classify
    else:
        from .smt import classify
    return classify


MAP_PROOFS = {
    "far": "dead: not joined to one terminal without passing the other",
    "clique": "dead: its neighbours are pairwise adjacent (or fewer than two), so the two path neighbours of an "
              "inner vertex would make a chord",
    "surrounded": "dead: a terminal-free set containing it has all its neighbours in the closed neighbourhood of "
                  "one vertex (a terminal, or the edge's other end), which a path leaving the set would chord",
    "cutset": "dead: a connected terminal-free set containing it has a clique for neighbourhood, which a path "
              "entering and leaving the set would chord",
    "end": "dead: an end of the edge is dead",
    "cover": "dead: every other neighbour of one end is adjacent to the other end, so that end's second path "
             "neighbour would make a chord",
    "terminal": "dead: both ends are adjacent to one terminal, which would have two path neighbours",
    "sat": "UNSAT: no induced terminal path contains it (the shared SAT oracle, after the rules above)",
}


def _map_classify(game: Game, items: list[tuple]) -> dict[tuple, Verdict]:
    """Decide ``items`` with the dead map of :mod:`.fast`; each live verdict's path was
    built (or found by SAT) by the map, each dead verdict names its rule or UNSAT."""
    from ..backing import used
    from .fast import dead_map

    adj = game.adjacency
    s, t = game.terminal_indices
    verts = 0
    edges = []
    for it in items:
        if it[0] == "vertex":
            verts |= 1 << it[1]
        else:
            edges.append((it[1], it[2]))
    m = dead_map(adj, s, t, (1 << game.n) - 1, verts, edges or None)
    used("dead-map")
    if m.sat_calls:
        used("dead-sat")
    owner: dict[tuple, int] = {}
    for k, path in enumerate(m.paths):
        for v in path[1:-1]:
            owner.setdefault(("vertex", v), k)
        for a, b in zip(path, path[1:]):
            owner.setdefault(("edge", min(a, b), max(a, b)), k)
    shown: dict[int, tuple] = {}
    nonterm = [(i, game.label(i)) for i in range(game.n) if i != s and i != t]
    out: dict[tuple, Verdict] = {}
    for it in items:
        why = m.dead_vertices.get(it[1]) if it[0] == "vertex" else m.dead_edges.get((it[1], it[2]))
        if why is not None:
            out[it] = Verdict(item=label_item(game, it), dead=True, method="map", proof=MAP_PROOFS[why])
            continue
        k = owner[it]
        if k not in shown:
            path = m.paths[k]
            black = 0
            for v in path[1:-1]:
                black |= 1 << v
            proof = ("SAT: lies on an induced terminal path" if m.by_sat[k] else
                     "lies on an induced terminal path built from two shortest paths")
            colouring = {"black": [x for i, x in nonterm if black >> i & 1],
                         "white": [x for i, x in nonterm if not black >> i & 1]}  # as common.colouring_json
            shown[k] = ([game.label(v) for v in path], colouring, proof)
        labels, colouring, proof = shown[k]
        out[it] = Verdict(item=label_item(game, it), dead=False, method="map", path=list(labels),
                          colouring=colouring, proof=proof)
    return out


def _run(game: Game, items: list[tuple], method: str, theorems: bool = True) -> dict[tuple, Verdict]:
    chosen = _method_for(game, method)
    out = _runner(chosen)(game, items)
    if not theorems:  # the caller wants the answers only
        return out
    predicted = predicted_dead(game)
    for it, verdict in out.items():
        verdict.theorems = predicted.get(it, [])
        if verdict.theorems and not verdict.dead:
            verdict.note = "CONFLICT: " + ", ".join(verdict.theorems) + " predict this item dead"
    return out


@dataclass
class Classification:
    """Every non-terminal vertex and every edge of a game, dead or live."""

    game: Game
    method: str
    verdicts: dict[tuple, Verdict] = field(default_factory=dict)

    def _labels(self, kind: str, dead: bool) -> list:
        return [v.item[1] for it, v in sorted(self.verdicts.items()) if it[0] == kind and v.dead == dead]

    @property
    def dead_vertices(self) -> list:
        return self._labels("vertex", True)

    @property
    def live_vertices(self) -> list:
        return self._labels("vertex", False)

    @property
    def dead_edges(self) -> list[tuple]:
        return self._labels("edge", True)

    @property
    def live_edges(self) -> list[tuple]:
        return self._labels("edge", False)

    def conflicts(self) -> list[Verdict]:
        """Live items that a TSD §5 theorem predicts dead (each a counterexample)."""
        return [v for v in self.verdicts.values() if not v.dead and v.theorems]

    def to_json(self) -> dict:
        def ser(x):
            return list(x) if isinstance(x, tuple) else x

        return {
            "terminals": list(self.game.terminals),
            "method": self.method,
            "dead_vertices": self.dead_vertices,
            "live_vertices": self.live_vertices,
            "dead_edges": [ser(e) for e in self.dead_edges],
            "live_edges": [ser(e) for e in self.live_edges],
            "certificates": [v.to_json() for _, v in sorted(self.verdicts.items())],
        }


def classify(game: Game, method: str = "auto") -> Classification:
    """Decide every non-terminal vertex and every edge of ``game``.

    >>> g = Game.from_edges("0-2,2-1,0-3,3-2", terminals=(0, 1))
    >>> c = classify(g)
    >>> c.dead_vertices, c.dead_edges
    ([3], [(0, 3), (2, 3)])
    """
    items = items_of(game)
    return Classification(game, _method_for(game, method), _run(game, items, method))


def dead_vertices(game: Game, method: str = "auto") -> set:
    """The dead non-terminal vertices of ``game``.

    >>> dead_vertices(Game.from_edges("0-2,2-1,0-3", terminals=(0, 1)))
    {3}
    """
    if _method_for(game, method) == "map":
        from .fast import dead_map

        s, t = game.terminal_indices
        return set(game.labels_of(_mask(dead_map(game.adjacency, s, t, (1 << game.n) - 1).dead_vertices)))
    items = [it for it in items_of(game) if it[0] == "vertex"]
    return {v.item[1] for v in _run(game, items, method, theorems=False).values() if v.dead}


def _mask(vs) -> int:
    m = 0
    for v in vs:
        m |= 1 << v
    return m


def dead_edges(game: Game, method: str = "auto") -> set:
    """The dead edges of ``game`` as pairs in internal (for integers: sorted) order.

    >>> sorted(dead_edges(Game.from_edges("0-2,2-1,0-3,2-3", terminals=(0, 1))))
    [(0, 3), (2, 3)]
    """
    items = [it for it in items_of(game) if it[0] == "edge"]
    return {v.item[1] for v in _run(game, items, method, theorems=False).values() if v.dead}


def is_dead_vertex(game: Game, v, method: str = "auto") -> Verdict:
    """Verdict (with certificate) for one non-terminal vertex.

    >>> is_dead_vertex(Game.from_edges("0-2,2-1,0-3", terminals=(0, 1)), 2).path
    [0, 2, 1]
    """
    item = resolve_item(game, "vertex", v)
    return _run(game, [item], method)[item]


def is_dead_edge(game: Game, u, v, method: str = "auto") -> Verdict:
    """Verdict for the edge ``uv``; for a non-edge, the verdict in ``G + uv``.

    >>> is_dead_edge(Game.from_edges("0-2,2-1,0-3,2-3", terminals=(0, 1)), 2, 3).dead
    True
    """
    note = ""
    if not game.has_edge(u, v):
        if game.index(u) == game.index(v):
            raise InputError(f"Edge {u!r}-{v!r} is a self-loop.")
        game = game.add_edges([(u, v)])
        note = f"{u}-{v} is not an edge; answered in G + {u}-{v} as TSD §5 defines it"
    item = resolve_item(game, "edge", (u, v))
    verdict = _run(game, [item], method)[item]
    if note:
        verdict.note = (verdict.note + "; " if verdict.note else "") + note
    return verdict
