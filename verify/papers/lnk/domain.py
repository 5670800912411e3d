"""Domains of the LNK statements: every minimal link the search reaches, not a sample.

* :data:`WEAK_LINKS` / :data:`STRONG_LINKS` — one instance per minimal weak (strong)
  link on a connected graph of ``n`` vertices (:func:`.search.minimal_links`),
  ordered by ``(n, m, canonical graph6, canonical terminals)``;
* :data:`PLAIN_WEAK_LINKS` — the minimal weak links of the *plain* search (every terminal
  pair of every connected graph, no pruning rule), for statements that the pruning rules
  would imply by construction (LNK.L2, LNK.EQ1);
* :data:`MAXDEG3_WEAK_LINKS` — one instance per minimal weak link of maximum degree ≤ 3
  (the class search below), ordered as the links above;
* :data:`MAXDEG3_WEAK_SETS` / :data:`MAXDEG3_STRONG_SETS` — one instance per size ``n``:
  every minimal weak (strong) link of maximum degree ≤ 3, from the class search of
  :mod:`.classes` (n ≤ 17: its complete stores under ``docs/lnk/maxdeg3``, computed to
  n = 13; past a store that is missing or incomplete the verdict is unknown);
* :data:`WEAK_SETS` / :data:`STRONG_SETS` — one instance per size ``n``: the whole
  list of minimal links of that size, for statements about counts and extremes
  ("no minimal weak link of weight 4", "exactly one exception").

>>> [WEAK_LINKS.key(l)[0] for l in WEAK_LINKS.instances(3)]
[(3, 2, 'Bo', (1, 2))]
>>> [len(s.links) for s in WEAK_SETS.instances(5)]
[1]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...game import Game
from ...registry import Domain
from .search import Link, link_from_game, minimal_links

__all__ = ["LinkDomain", "LinkSet", "LinkSetDomain", "ClassLinkSetDomain", "WEAK_LINKS", "PLAIN_WEAK_LINKS",
           "STRONG_LINKS", "WEAK_SETS", "STRONG_SETS", "ClassLinkDomain", "MAXDEG3_WEAK_LINKS", "MAXDEG3_WEAK_SETS",
           "MAXDEG3_STRONG_SETS"]


class LinkDomain(Domain):
    """Minimal weak (or strong) links of size ``n`` found by the search."""

    order = "(n, m, canonical graph6, canonical terminals)"

    def __init__(self, kind: str, method: str = "pruned") -> None:
        self.kind = kind
        self.method = method
        self.name = f"minimal {kind} links" + (f" ({method} search)" if method != "pruned" else "")

    def instances(self, n: int, res: int = 0, mod: int = 1) -> Iterator[Link]:
        for i, link in enumerate(minimal_links(n, strong=self.kind == "strong", method=self.method)):
            if i % mod == res:
                yield link

    def key(self, inst: Link) -> tuple[tuple, Link]:
        return inst.key, inst

    def witness(self, inst: Link, key: tuple) -> dict:
        return {
            "kind": inst.kind,
            "graph6": inst.graph6,
            "n": inst.n,
            "m": inst.m,
            "edges": [list(e) for e in inst.game.edges()],
            "terminals": list(inst.terminals),
            "pivots": list(inst.pivots),
        }

    def from_witness(self, witness: dict) -> Link:
        g = Game(range(witness["n"]), [tuple(e) for e in witness["edges"]], tuple(witness["terminals"]))
        return link_from_game(g, witness.get("kind", self.kind))

    def witness_key(self, witness: dict) -> tuple:
        return (witness["n"], witness["m"], witness["graph6"], tuple(witness["terminals"]))

    def stem(self, witness: dict) -> str:
        from ...registry.runner import safe_name

        return safe_name(witness["graph6"]) + "_t" + "-".join(map(str, witness["terminals"]))

    def describe(self, witness: dict) -> str:
        return (f"minimal {witness.get('kind', self.kind)} link graph6 {witness['graph6']!r}, terminals "
                f"{witness['terminals']}, edges {witness['edges']}, pivots {witness.get('pivots', [])}")

    def draw(self, inst: Link, path: str, title: str, details: dict) -> None:
        from ...draw import draw_game

        draw_game(inst.game, path, highlight_vertices=list(inst.pivots), title=title)


@dataclass(frozen=True)
class LinkSet:
    """All minimal links of one kind and size."""

    n: int
    kind: str
    links: tuple

    @property
    def weight(self) -> int:
        return self.n - 2


class LinkSetDomain(Domain):
    """One instance per size ``n``: the list of all minimal links of that size."""

    order = "(n,)"

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.name = f"sets of minimal {kind} links"

    def _make(self, n: int) -> LinkSet:
        return LinkSet(n, self.kind, minimal_links(n, strong=self.kind == "strong"))

    def instances(self, n: int, res: int = 0, mod: int = 1) -> Iterator[LinkSet]:
        if res == 0:
            yield self._make(n)

    def key(self, inst: LinkSet) -> tuple[tuple, LinkSet]:
        return (inst.n,), inst

    def witness(self, inst: LinkSet, key: tuple) -> dict:
        return {"n": inst.n, "kind": inst.kind, "weight": inst.weight, "links": [l.graph6 + f" t={list(l.terminals)}" for l in inst.links]}

    def from_witness(self, witness: dict) -> LinkSet:
        return self._make(witness["n"])

    def witness_key(self, witness: dict) -> tuple:
        return (witness["n"],)

    def stem(self, witness: dict) -> str:
        return f"{self.kind}_n{witness['n']}"

    def describe(self, witness: dict) -> str:
        return f"the {len(witness['links'])} minimal {self.kind} links on {witness['n']} vertices"


class ClassLinkDomain(LinkDomain):
    """One instance per minimal weak (strong) link of maximum degree ≤ ``max_degree``
    (:func:`.classes.class_links`), in the order of :class:`LinkDomain`."""

    def __init__(self, kind: str, max_degree: int) -> None:
        super().__init__(kind)
        self.max_degree = max_degree
        self.name = f"minimal {kind} links of maximum degree ≤ {max_degree}"

    def instances(self, n: int, res: int = 0, mod: int = 1) -> Iterator[Link]:
        from .classes import class_links

        for i, link in enumerate(class_links(n, self.max_degree, strong=self.kind == "strong")):
            if i % mod == res:
                yield link


class ClassLinkSetDomain(LinkSetDomain):
    """One instance per size ``n``: the minimal links of maximum degree ≤ ``max_degree``
    (:func:`.classes.class_links`)."""

    def __init__(self, kind: str, max_degree: int) -> None:
        super().__init__(kind)
        self.max_degree = max_degree
        self.name = f"sets of minimal {kind} links of maximum degree ≤ {max_degree}"

    def _make(self, n: int) -> LinkSet:
        from .classes import class_links

        return LinkSet(n, self.kind, class_links(n, self.max_degree, strong=self.kind == "strong"))

    def stem(self, witness: dict) -> str:
        return f"{self.kind}_maxdeg{self.max_degree}_n{witness['n']}"

    def describe(self, witness: dict) -> str:
        return (f"the {len(witness['links'])} minimal {self.kind} links of maximum degree ≤ {self.max_degree} "
                f"on {witness['n']} vertices")


WEAK_LINKS = LinkDomain("weak")
PLAIN_WEAK_LINKS = LinkDomain("weak", method="plain")  # no pruning rule: for statements the rules would imply
STRONG_LINKS = LinkDomain("strong")
WEAK_SETS = LinkSetDomain("weak")
STRONG_SETS = LinkSetDomain("strong")
MAXDEG3_WEAK_LINKS = ClassLinkDomain("weak", 3)
MAXDEG3_WEAK_SETS = ClassLinkSetDomain("weak", 3)
MAXDEG3_STRONG_SETS = ClassLinkSetDomain("strong", 3)


def register_compiled_routes(module_name: str) -> None:
    """Register the route ``kernel`` (:mod:`verify.registry.routes`) of each statement of
    ``module_name`` checked on the minimal links the pruned search finds, up to
    n ≥ :data:`~.search.COMPILED_FROM_N`: from
    n = :data:`~.search.COMPILED_FROM_N` those come from the compiled searches of
    :mod:`.kernel` (every link re-solved in Python) instead of the Python search."""
    from ...registry import REGISTRY
    from ...registry.routes import ROUTES, add_route, switch
    from .search import COMPILED, COMPILED_FROM_N

    switch(COMPILED, COMPILED_FROM_N)
    for sid, st in REGISTRY.items():
        if st.check.__module__ != module_name or any(r.name == "kernel" for r in ROUTES.get(sid, [])):
            continue
        if st.max_n < COMPILED_FROM_N:  # a run of it never takes the route
            continue
        if (type(st.domain) is LinkDomain and st.domain.method == "pruned") or type(st.domain) is LinkSetDomain:
            add_route(sid, "kernel", "the minimal links from the compiled sieve + solver search (lnk_solver.h), "
                      "each re-solved in Python", (COMPILED,), ("verify.papers.lnk.kernel",))
