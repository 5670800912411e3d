"""Exhaustive checks of the mutants (weakened statements) of :mod:`verify.prove.encode`.

Each mutant is the statement with one hypothesis dropped or loosened (the texts are in
:data:`verify.prove.encode.ENCODINGS`); it is false, and these checks find where.  They
decide deadness with an exact oracle (:func:`verify.dead.classify`), so they serve both
to re-check a decoded counterexample and to cross-check the symbolic verdicts against
enumeration.  The statements themselves are checked by their registered checks
(:data:`verify.registry.REGISTRY`).

References: A. M. Steane, "Threat, support and dead edges in the Shannon game", §5.
"""

from __future__ import annotations

from itertools import combinations

from ..concepts import surrounds
from ..dead import classify
from ..dead.theorems import surrounded_set
from ..game import Game, bits

__all__ = ["mutant_failure", "statement_failure"]


def _dead(game: Game, method: str):
    c = classify(game, method)
    return set(c.dead_vertices), {frozenset(e) for e in c.dead_edges}


def mutant_failure(statement_id: str, game: Game, method: str = "sat") -> dict | None:
    """The first instance where the mutant of ``statement_id`` fails on ``game``, or None.

    >>> g = Game.from_edges("0-2,2-1", terminals=(0, 1))
    >>> mutant_failure("TSD.T15", g)
    {'terminal': 0, 'edge': [2, 1]}
    """
    dv, de = _dead(game, method)
    lab = game.label
    if statement_id == "TSD.T15":
        for t in game.terminals:
            for u in sorted(game.neighbours(t), key=str):
                for v in sorted(game.neighbours(u) - {t}, key=str):
                    if frozenset((u, v)) not in de:
                        return {"terminal": t, "edge": [u, v]}
    elif statement_id == "TSD.T14.C1":
        for v in game.vertices:
            for w in sorted(game.neighbours(v), key=str):
                if surrounds(game, w, {v}) and frozenset((v, w)) not in de:
                    return {"v": v, "w": w, "edge": [v, w]}
    elif statement_id == "TSD.T14":
        for wi in range(game.n):
            U = surrounded_set(game, wi, terminal_free=False)
            for vi in bits(U & game.adjacency[wi]):
                if not game.is_terminal(lab(vi)) and frozenset((lab(vi), lab(wi))) not in de:
                    return {"w": lab(wi), "surrounded": game.labels_of(U), "edge": [lab(vi), lab(wi)]}
    elif statement_id == "TSD.T16":
        for w in game.nonterminals():
            U = game.labels_of(surrounded_set(game, game.index(w)))
            for v in U:
                if v not in dv:
                    return {"w": w, "surrounded": U, "vertex": v}
    elif statement_id == "TSD.T13":
        free = game.nonterminals()
        for k in range(1, len(free) + 1):
            for U in combinations(free, k):
                nb = sorted(game.set_neighbours(U), key=str)
                ok = game.is_clique(nb) or any(game.is_clique([x for x in nb if x != e]) for e in nb)
                live = [v for v in U if v not in dv]
                if ok and live:
                    return {"set": list(U), "vertex": live[0]}
    else:
        raise KeyError(statement_id)
    return None


def statement_failure(statement_id: str, game: Game) -> dict | None:
    """The registered check's first failure on ``game`` (None when it holds).

    >>> statement_failure("TSD.T15", Game.from_edges("0-2,2-1,0-3,2-3", terminals=(0, 1))) is None
    True
    """
    from ..registry import REGISTRY, load_paper_statements
    from ..registry.runner import evaluate

    load_paper_statements()
    _, failure = evaluate(REGISTRY[statement_id], game)
    return failure
