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

``auto`` picks ``paths`` on small graphs and ``sat`` beyond (both exact).  Every
verdict carries a certificate (:class:`Verdict`); dead verdicts also name the TSD §5
theorems whose hypotheses hold (:mod:`.theorems`).

References
----------
.. [1] A. M. Steane, "Threat, support and dead edges in the Shannon game", §5.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InputError
from ..game import Game
from . import brute, paths, sat, smt
from .common import Verdict, check_live_certificate, items_of, resolve_item
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

METHODS = ("auto", "brute", "paths", "sat", "smt")
AUTO_PATHS_MAX_N = 14


def _method_for(game: Game, method: str) -> str:
    if method not in METHODS:
        raise InputError(f"Unknown method {method!r}; choose one of {', '.join(METHODS)}.")
    if method == "auto":
        return "paths" if game.n <= AUTO_PATHS_MAX_N else "sat"
    return method


def _run(game: Game, items: list[tuple], method: str) -> dict[tuple, Verdict]:
    chosen = _method_for(game, method)
    runner = {"brute": brute.classify, "paths": paths.classify, "sat": sat.classify, "smt": smt.classify}[chosen]
    out = runner(game, items)
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
    items = [it for it in items_of(game) if it[0] == "vertex"]
    return {v.item[1] for v in _run(game, items, method).values() if v.dead}


def dead_edges(game: Game, method: str = "auto") -> set:
    """The dead edges of ``game`` as pairs in internal (for integers: sorted) order.

    >>> sorted(dead_edges(Game.from_edges("0-2,2-1,0-3,2-3", terminals=(0, 1))))
    [(0, 3), (2, 3)]
    """
    items = [it for it in items_of(game) if it[0] == "edge"]
    return {v.item[1] for v in _run(game, items, method).values() if v.dead}


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
