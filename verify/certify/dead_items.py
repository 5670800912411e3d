"""UNSAT certificates for dead items: "no induced terminal path carries this item".

A vertex or an edge of a Shannon game is *dead* (TSD §5) when no complete colouring's
winner depends on it; by the project's induced-path lemma (``PROJ.INDUCED_PATH``, see
``docs/tools/dead.md``) that is the same as lying on no induced terminal path.  The
``sat`` method of :mod:`verify.dead.sat` asks a SAT solver exactly this, and its UNSAT
answer is the solver's word.  A *dead-item certificate* makes it checkable: a
certificate directory (:mod:`verify.certify.certificate`) whose

``formula.cnf``
    is the induced-path CNF of the game (:func:`verify.dead.sat.induced_path_cnf`: both
    terminals on, each terminal with one neighbour on, every other vertex that is on
    with two), the item's vertices as unit clauses, and one *cycle cut* per line of the
    manifest's ``cuts`` (the clause "not all of C");
``proof.drup``
    is Glucose's DRUP refutation of it;
``manifest.json``
    has ``family: "dead-item"`` and records the game (``n``, its edges and terminals as
    vertex indices, the labels), the item and the cuts.

:func:`rederive` rebuilds the CNF from the manifest's game, item and cuts, and first
checks that every cut is sound: a set ``C`` of non-terminal vertices each of which has
exactly two neighbours in ``C``.  Then in any model containing all of ``C``, ``C`` is a
union of whole components (induced cycles) away from the terminals' path, and dropping
it leaves a model with the same path, so the cut loses no induced path.  A certificate
whose cut fails this is rejected (the cut could have removed the item's path).  The
degree constraints without cuts allow a path *plus* disjoint induced cycles; the cuts
are the cycles the solver found, as in :mod:`verify.dead.sat`.

What the certificate does not cover: that the CNF's models are the induced paths (the
encoding, cross-checked against brute force in the tests) and the induced-path lemma.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path

from ..errors import ShannonVerifyError
from .certificate import CertificateError, Rejected, check_certificate, write_certificate

__all__ = ["FAMILY", "ENCODER", "Rejected", "DeadCertificate", "item_query", "find_cuts", "rederive",
           "write_dead_certificate", "certificate_name"]

FAMILY = "dead-item"
ENCODER = "induced-path"
STATEMENT = "dead-item"
SOLVER = "glucose4"
MAX_N = 10_000


@dataclass
class DeadCertificate:
    """What :func:`write_dead_certificate` did for one item.

    Attributes
    ----------
    dir : str
        The certificate directory.
    checked : bool
        Whether the project's checker (:func:`verify.certify.check_certificate`, the CNF
        re-derived from the game) certified it.
    reason : str
        Why not, in one sentence (empty when certified).
    checker, check_seconds, write_seconds, cuts, lemmas :
        The checker's name and time, the writing time, the number of cycle cuts and of
        proof lemmas.
    """

    dir: str
    checked: bool
    reason: str = ""
    checker: str = ""
    check_seconds: float = 0.0
    write_seconds: float = 0.0
    cuts: int = 0
    lemmas: int = 0

    def to_json(self) -> dict:
        out = {"dir": self.dir, "checked": self.checked, "checker": self.checker,
               "check_seconds": self.check_seconds, "write_seconds": self.write_seconds, "cuts": self.cuts,
               "lemmas": self.lemmas}
        if self.reason:
            out["reason"] = self.reason
        return out


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _item_vertices(item: tuple) -> list[int]:
    return [item[1]] if item[0] == "vertex" else [item[1], item[2]]


def item_query(game, item: tuple, cuts: list[list[int]]) -> tuple[int, list[list[int]]]:
    """``(variables, clauses)``: the induced-path CNF of ``game``, the item's vertices on
    (``item`` is ``("vertex", i)`` or ``("edge", i, j)`` in vertex indices), and one clause
    per cut; variable ``v + 1`` is "vertex ``v`` is on".

    >>> from verify import Game
    >>> nv, cl = item_query(Game.from_edges("0-2,2-1,0-3", terminals=(0, 1)), ("vertex", 3), [])
    >>> cl[:2], cl[-1]
    ([[1], [2]], [4])
    """
    from ..dead.sat import induced_path_cnf

    cnf, pool = induced_path_cnf(game)
    on = [pool.id(("on_path", game.label(v))) for v in range(game.n)]
    if on != list(range(1, game.n + 1)):  # pragma: no cover - IDPool numbers the vertices first
        raise AssertionError("the induced-path CNF does not number vertex v as v + 1")
    clauses = [list(c) for c in cnf.clauses]
    clauses += [[on[v]] for v in _item_vertices(item)]
    clauses += [[-on[v] for v in cut] for cut in cuts]
    return pool.top, clauses


def find_cuts(game, item: tuple, solver: str = SOLVER) -> tuple[list[list[int]], list[int] | None]:
    """The cycle cuts that make the item's query UNSAT, found as :mod:`verify.dead.sat`
    finds them: ``(cuts, None)``; or ``(cuts, path)`` when the solver finds an induced
    terminal path (vertex indices) through the item, i.e. the item is live."""
    from pysat.solvers import Solver

    from ..game import components

    adj = game.adjacency
    t1, _ = game.terminal_indices
    need = 0
    for v in _item_vertices(item):
        need |= 1 << v
    cuts: list[list[int]] = []
    _, clauses = item_query(game, item, [])
    with Solver(name=solver, bootstrap_with=clauses) as s:
        while s.solve():
            model = s.get_model()
            on = 0
            for v in range(game.n):
                if model[v] > 0:
                    on |= 1 << v
            comps = components(adj, on)
            main = next(c for c in comps if c >> t1 & 1)
            if need & ~main == 0:
                return cuts, _path(adj, main, *game.terminal_indices)
            for c in comps:
                if c != main:
                    cut = list(_bits(c))
                    cuts.append(cut)
                    s.add_clause([-(v + 1) for v in cut])
    return cuts, None


def _path(adj, comp: int, t1: int, t2: int) -> list[int]:
    path, prev = [t1], -1
    while path[-1] != t2:
        nxt = [u for u in _bits(adj[path[-1]] & comp) if u != prev]
        prev = path[-1]
        path.append(nxt[0])
    return path


def _game_json(game) -> dict:
    adj = game.adjacency
    edges = [[i, j] for i in range(game.n) for j in _bits(adj[i]) if i < j]
    return {"n": game.n, "edges": edges, "terminals": list(game.terminal_indices),
            "labels": [game.label(v) if isinstance(game.label(v), (int, str)) else str(game.label(v))
                       for v in range(game.n)]}


def _item_json(game, item: tuple) -> dict:
    if item[0] == "vertex":
        return {"vertex": item[1], "label": game.label(item[1])}
    return {"edge": [item[1], item[2]], "label": [game.label(item[1]), game.label(item[2])]}


def _int_list(x, what: str) -> list[int]:
    if not isinstance(x, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in x):
        raise CertificateError(f"The manifest's {what} is not a list of vertex indices.")
    return x


def rederive(m: dict) -> tuple[int, list[list[int]]]:
    """The CNF of a dead-item manifest, re-derived from its game, item and cuts.

    :class:`CertificateError` when the manifest does not describe a game and an item (bad
    input); :class:`Rejected` when a cut is not a set of non-terminal vertices each with
    exactly two neighbours in it (then the cut could remove the item's path).
    """
    from ..game import Game

    g = m.get("game")
    if not isinstance(g, dict):
        raise CertificateError("The dead-item manifest has no 'game'.")
    n = g.get("n")
    if not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= MAX_N:
        raise CertificateError(f"The manifest's game has no vertex count between 2 and {MAX_N}.")
    edges = g.get("edges")
    if not isinstance(edges, list) or len(edges) > n * (n - 1) // 2:
        raise CertificateError("The manifest's game has no valid edge list.")
    pairs = []
    for e in edges:
        e = _int_list(e, "edge")
        if len(e) != 2 or not all(0 <= v < n for v in e) or e[0] == e[1]:
            raise CertificateError(f"The manifest's edge {e[:3]} is not a pair of distinct vertices below {n}.")
        pairs.append(tuple(e))
    terms = _int_list(g.get("terminals"), "terminals")
    if len(terms) != 2 or not all(0 <= v < n for v in terms) or terms[0] == terms[1]:
        raise CertificateError("The manifest's terminals are not two distinct vertices of the game.")
    try:
        game = Game.from_edges(pairs, terminals=tuple(terms), n=n)
    except ShannonVerifyError as exc:
        raise CertificateError(f"The manifest's game is not a game: {exc}") from None
    it = m.get("item")
    if not isinstance(it, dict):
        raise CertificateError("The dead-item manifest has no 'item'.")
    if "vertex" in it:
        v = it["vertex"]
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < n or v in terms:
            raise CertificateError("The manifest's item is not a non-terminal vertex of the game.")
        item = ("vertex", v)
    else:
        e = _int_list(it.get("edge"), "item edge")
        if len(e) != 2 or not all(0 <= v < n for v in e) or not game.adjacency[e[0]] >> e[1] & 1:
            raise CertificateError("The manifest's item is not an edge of the game.")
        item = ("edge", min(e), max(e))
    cuts = m.get("cuts", [])
    if not isinstance(cuts, list):
        raise CertificateError("The manifest's cuts are not a list.")
    adj = game.adjacency
    for k, cut in enumerate(cuts):
        cut = _int_list(cut, "cut")
        mask = 0
        for v in cut:
            if not 0 <= v < n:
                raise CertificateError(f"The manifest's cut {k} names vertex {v}, not one of the game's {n}.")
            mask |= 1 << v
        if not cut or any(v in terms for v in cut) or any((adj[v] & mask).bit_count() != 2 for v in cut):
            raise Rejected(f"cut {k} is not a set of non-terminal vertices with two neighbours each inside it "
                           "(a union of induced cycles), so it could remove the item's path")
    return item_query(game, item, cuts)


_SAFE = re.compile(r"[^A-Za-z0-9._-]")


def certificate_name(game, item: tuple) -> str:
    """A plain directory name for an item: ``vertex-a1``, ``edge-0-3``.

    >>> from verify import Game
    >>> certificate_name(Game.from_hex("3x3"), ("edge", 0, 9))
    'edge-a1-top'
    """
    labels = [_SAFE.sub("_", str(game.label(v))) for v in _item_vertices(item)]
    return f"{item[0]}-{'-'.join(labels)}"[:100]


def write_dead_certificate(directory: str | Path, game, item: tuple, method: str = "c") -> DeadCertificate:
    """Write the certificate of one dead item into ``directory`` and check it.

    The cuts are found first (:func:`find_cuts`); the final CNF is then solved afresh by
    Glucose with proof logging, and the certificate written
    (:func:`~verify.certify.certificate.write_certificate`) is checked by the project's
    checker after the CNF has been re-derived from the manifest (:func:`rederive`).
    When the solver finds an induced path through the item (it is live: the method that
    called it dead is wrong) nothing is written and ``checked`` is False with the path in
    ``reason``.
    """
    from pysat.solvers import Solver

    from ..prove.prove import _proof_stream, _solver_info

    t0 = time.perf_counter()
    cuts, path = find_cuts(game, item)
    if path is not None:
        labels = "-".join(str(game.label(v)) for v in path)
        return DeadCertificate(str(directory), False, f"the SAT solver found an induced terminal path through it "
                                                      f"({labels}): it is live", cuts=len(cuts))
    nvars, clauses = item_query(game, item, cuts)
    kind, what = item[0], _item_json(game, item)["label"]
    claim = {"statement": STATEMENT, "n": game.n, "mutant": False, "family": FAMILY, "encoder": ENCODER,
             "query": f"an induced terminal path of the game through {kind} {what} (UNSAT: the {kind} is dead)",
             "game": _game_json(game), "item": _item_json(game, item), "cuts": cuts}
    with Solver(name=SOLVER, bootstrap_with=clauses, with_proof=True) as s:
        t1 = time.perf_counter()
        if s.solve():  # pragma: no cover - find_cuts ended UNSAT on the same clauses
            raise AssertionError("the dead item's query became satisfiable")
        info = {**_solver_info(s, SOLVER), "solve_seconds": round(time.perf_counter() - t1, 3)}
        m = write_certificate(directory, nvars=nvars, clauses=clauses, proof=_proof_stream(s), claim=claim,
                              solver=info)
    written = round(time.perf_counter() - t0, 3)
    o = check_certificate(directory, method=method, rederive_dead=rederive)
    return DeadCertificate(str(directory), o.certified, o.reason, o.checker, o.check_seconds, written, len(cuts),
                           m["proof"]["lemmas"])
