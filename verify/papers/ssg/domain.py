"""The switching game's domains: multigraphs with terminals, bare multigraphs, Gale boards.

:data:`SWITCH` — every connected multigraph on ``n`` vertices with multiplicity at most 2
and every terminal pair, up to isomorphism (:func:`~verify.papers.ssg.enum.switch_games`),
in the total order

    (n, m, canonical edge string, canonical terminals)

(``m`` counts parallel copies; the edge string is of nauty's canonical relabelling on
the subdivision graph, see :mod:`verify.papers.ssg.enum`).

:data:`MULTIGRAPHS` — the same multigraphs without terminals (order ``(n, m, canonical
edge string)``), for statements about spanning trees (SSG.CHASE.T1).

:data:`GALE_BOARDS` — one instance per size: ``n = K`` is the ``K x (K+1)`` Bridg-It
board (:func:`~verify.papers.ssg.multigraph.gale`), ordered by ``K``.

>>> SWITCH.key(SwitchGame.parse("0-1,1-2,1-2", (2, 0)))[0]
(3, 3, '0-1,0-1,0-2', (1, 2))
>>> [sum(1 for _ in MULTIGRAPHS.instances(k)) for k in (2, 3)]
[2, 7]
"""

from __future__ import annotations

from ...registry.domain import Domain
from .enum import canonical, edge_string, multigraphs, switch_games
from .multigraph import SwitchGame, gale

__all__ = ["SwitchDomain", "GaleDomain", "SWITCH", "MULTIGRAPHS", "GALE_BOARDS"]


class SwitchDomain(Domain):
    """Connected multigraphs (multiplicity <= 2), with terminal pairs or without."""

    def __init__(self, terminals: bool = True):
        self.terminals = terminals
        self.name = "switching games" if terminals else "multigraphs"
        self.order = "(n, m, canonical edge string" + (", canonical terminals)" if terminals else ")")

    def instances(self, n: int, res: int = 0, mod: int = 1):
        if self.terminals:
            yield from switch_games(n, res, mod)
        elif n >= 2:
            for _, edges in multigraphs(n, res, mod):
                yield SwitchGame(n, edges, (0, 1))

    def key(self, inst: SwitchGame):
        key, c = canonical(inst, self.terminals)
        return (key if self.terminals else key[:3]), c

    def witness(self, inst: SwitchGame, key: tuple) -> dict:
        w = {"n": inst.n, "m": inst.m, "edges": [list(e) for e in inst.edges]}
        if self.terminals:
            w["terminals"] = list(inst.terminals)
        return w

    def from_witness(self, witness: dict) -> SwitchGame:
        return SwitchGame(witness["n"], [tuple(e) for e in witness["edges"]], tuple(witness.get("terminals", (0, 1))))

    def witness_key(self, witness: dict) -> tuple:
        k = (witness["n"], witness["m"], edge_string(tuple(e) for e in witness["edges"]))
        return k + ((tuple(witness["terminals"]),) if self.terminals else ())

    def stem(self, witness: dict) -> str:
        from ...registry.runner import safe_name

        s = f"n{witness['n']}_" + safe_name(edge_string(tuple(e) for e in witness["edges"]))
        return s + ("_t" + "-".join(map(str, witness["terminals"])) if self.terminals else "")

    def describe(self, witness: dict) -> str:
        s = f"multigraph on {witness['n']} vertices, edges {edge_string(tuple(e) for e in witness['edges'])}"
        return s + (f", terminals {witness['terminals']}" if self.terminals else "")

    def reproduce(self, witness: dict) -> str | None:
        if not self.terminals:
            return None
        t = witness["terminals"]
        return f"shannon-verify switch --edges '{edge_string(tuple(e) for e in witness['edges'])}' --terminals {t[0]} {t[1]} --method minimax"

    def draw(self, inst: SwitchGame, path: str, title: str, details: dict) -> None:
        from .draw import draw_switch

        draw_switch(inst, path, title=title)


class GaleDomain(Domain):
    """Gale / Bridg-It boards: instance ``n`` is the ``n x (n+1)`` board."""

    name = "Gale boards"
    order = "(K,)"

    def instances(self, n: int, res: int = 0, mod: int = 1):
        if n >= 1 and res == 0:
            yield gale(n)

    def key(self, inst: SwitchGame):
        k = _gale_k(inst)
        return (k,), inst

    def witness(self, inst: SwitchGame, key: tuple) -> dict:
        return {"n": key[0], "K": key[0], "edges": inst.m}

    def from_witness(self, witness: dict) -> SwitchGame:
        return gale(witness["K"])

    def witness_key(self, witness: dict) -> tuple:
        return (witness["K"],)

    def stem(self, witness: dict) -> str:
        return f"gale{witness['K']}"

    def describe(self, witness: dict) -> str:
        return f"Gale board K = {witness['K']} ({witness['K']} x {witness['K'] + 1}, {witness['edges']} edges)"

    def reproduce(self, witness: dict) -> str | None:
        return f"shannon-verify switch --gale {witness['K']}"

    def draw(self, inst: SwitchGame, path: str, title: str, details: dict) -> None:
        from .draw import draw_switch

        draw_switch(inst, path, title=title)


def _gale_k(g: SwitchGame) -> int:
    k = 1
    while 2 + k * (k - 1) < g.n:
        k += 1
    return k


SWITCH = SwitchDomain(terminals=True)
MULTIGRAPHS = SwitchDomain(terminals=False)
GALE_BOARDS = GaleDomain()
