"""Domains: where a statement's instances come from, and the order that picks the smallest.

A statement is checked on every instance of its domain of each size ``n``, in
ascending ``n``.  The default domain, :data:`GAMES`, is every connected graph on
``n`` vertices (nauty's geng) with every terminal pair up to automorphism, ordered by

    (n, m, canonical graph6, canonical terminal positions).

``GameDomain(graph_class)`` is the same on the graphs of a
:class:`~verify.graph_class.GraphClass` only (``@statement(..., graphs="maxdeg=3")``,
``check``/``hunt --graphs``), in the same order: a smallest counterexample within the
class is the smallest of all the class's failing games.

A paper whose statements live elsewhere — multigraphs for the switching game, Hex
boards, minimal links — defines a :class:`Domain` subclass and passes it to
``@statement(..., domain=...)``.  The runner, the shards and the results store only
ever call the methods below, so any domain runs on every backend and resumes from
the store.  A subclass must give

* :meth:`Domain.instances` — the instances of size ``n`` (shard ``res`` of ``mod``:
  disjoint parts that together hold every instance once);
* :meth:`Domain.key` — the instance's place in the domain's documented total order
  (a tuple whose first entry is ``n``) and the instance relabelled canonically, so
  that the reported witness reproduces;
* :meth:`Domain.witness` / :meth:`Domain.from_witness` — a JSON-able dict naming the
  instance (it must hold ``"n"``; the runner adds ``"details"``) and back;
* :meth:`Domain.stem` — a file name for the witness; :meth:`Domain.draw` a picture.

>>> GAMES.name, GAMES.order
('games', '(n, m, canonical graph6, canonical terminals)')
>>> key, g = GAMES.key(Game.from_edges("0-2,2-1", terminals=(1, 2)))
>>> key
(3, 2, 'Bg', (1, 2))
>>> GAMES.witness_key(GAMES.witness(g, key)) == key
True
>>> GameDomain("maxdeg=2").graph_class.spec, sum(1 for _ in GameDomain("maxdeg=2").instances(4))
('maxdeg=2', 6)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..game import Game
from ..graph_class import GraphClass, as_graph_class

__all__ = ["Domain", "GameDomain", "GAMES", "default_mod", "safe_name", "CLASS_MAX_MOD", "describe_instance"]


def safe_name(g6: str) -> str:
    """A file name for a graph6 string: letters and digits kept, others as _XX.

    >>> safe_name("C~?")
    'C_7e_3f'
    """
    return "".join(c if c.isalnum() else f"_{ord(c):02x}" for c in g6)


def _flatten(x):
    if isinstance(x, (list, tuple)):
        for y in x:
            yield from _flatten(y)
    else:
        yield x


CLASS_MAX_MOD = 512
"""The most geng shards of one ``n`` a graph class gets by default."""


def default_mod(n: int, graph_class: GraphClass | str | None = None) -> int:
    """Number of geng shards of ``n`` for games (the sweep's default ``--mod``) of ``n`` when ``--mod`` is not given: 1 up to n = 6, then ×8 per vertex.

    A graph class (not all graphs) holds far fewer graphs of each ``n`` (at ``n = 12``,
    19,430 of maximum degree 3 and 1,144,061 triangle-free, of 164,059,830,476), so it
    gets 1 shard up to n = 8, then ×8 per vertex up to :data:`CLASS_MAX_MOD`.

    >>> [default_mod(n) for n in (6, 7, 9)], [default_mod(n, "maxdeg=3") for n in (8, 9, 10, 11, 14)]
    ([1, 8, 512], [1, 8, 64, 512, 512])
    """
    if graph_class is None or as_graph_class(graph_class).is_all:
        return 1 if n <= 6 else 8 ** (n - 6)
    return 1 if n <= 8 else min(8 ** (n - 8), CLASS_MAX_MOD)


def describe_instance(inst) -> str:
    """An instance as the user can reproduce it: graph6 and terminals for a game.

    >>> describe_instance(Game.from_edges("0-2,2-1", terminals=(0, 1)))
    "graph6 'BW', terminals [0, 1]"
    """
    if isinstance(inst, Game):
        try:
            return f"graph6 {inst.to_graph6()!r}, terminals {list(inst.terminals)}"
        except Exception:  # labels that graph6 cannot carry
            return f"edges {inst.edges()}, terminals {list(inst.terminals)}"
    text = repr(inst)
    return text if len(text) <= 200 else text[:200] + "..."


class Domain:
    """The instances of a statement and their total order (see the module docstring)."""

    name: str = "instances"
    order: str = ""

    def instances(self, n: int, res: int = 0, mod: int = 1) -> Iterator[Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def key(self, inst: Any) -> tuple[tuple, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def witness(self, inst: Any, key: tuple) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def from_witness(self, witness: dict) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def shards(self, n: int) -> int:
        """How many shards a sweep splits size ``n`` into when ``--mod`` is not given (default 1)."""
        return 1

    def witness_key(self, witness: dict) -> tuple:
        """The order key of a stored witness (default: recomputed from the instance)."""
        return self.key(self.from_witness(witness))[0]

    def stem(self, witness: dict) -> str:
        """A file name (no suffix) for the witness."""
        return safe_name("_".join(str(x) for x in self.witness_key(witness)))

    def describe(self, witness: dict) -> str:
        """One line naming the witness for a person (used by ``check``)."""
        return ", ".join(f"{k} {v}" for k, v in witness.items() if k != "details")

    def reproduce(self, witness: dict) -> str | None:
        """A command that inspects the witness, if there is one."""
        return None

    def draw(self, inst: Any, path: str, title: str, details: dict) -> None:
        """Write a PNG picture of the instance (default: none)."""


class GameDomain(Domain):
    """Connected graphs on ``n`` vertices (of ``graph_class``, default all) with a terminal
    pair, up to isomorphism."""

    name = "games"
    order = "(n, m, canonical graph6, canonical terminals)"

    def __init__(self, graph_class: GraphClass | str | None = None) -> None:
        self.graph_class = as_graph_class(graph_class)

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other.graph_class == self.graph_class

    def __hash__(self) -> int:
        return hash((type(self), self.graph_class))

    def __repr__(self) -> str:
        return f"GameDomain({self.graph_class.spec!r})"

    def instances(self, n: int, res: int = 0, mod: int = 1) -> Iterator[Game]:
        from ..graphs import connected_games

        return connected_games(n, res=res, mod=mod, graph_class=self.graph_class)

    def shards(self, n: int) -> int:
        return default_mod(n, self.graph_class)

    def key(self, inst: Game) -> tuple[tuple, Game]:
        from ..graphs import canonical_game

        cg, g6 = canonical_game(inst)
        return (cg.n, cg.m, g6, cg.terminals), cg

    def witness(self, inst: Game, key: tuple) -> dict:
        return {
            "graph6": key[2],
            "n": inst.n,
            "m": inst.m,
            "edges": [list(e) for e in inst.edges()],
            "terminals": list(inst.terminals),
        }

    def from_witness(self, witness: dict) -> Game:
        return Game(range(witness["n"]), [tuple(e) for e in witness["edges"]], tuple(witness["terminals"]))

    def witness_key(self, witness: dict) -> tuple:
        return (witness["n"], witness["m"], witness["graph6"], tuple(witness["terminals"]))

    def stem(self, witness: dict) -> str:
        return safe_name(witness["graph6"]) + "_t" + "-".join(map(str, witness["terminals"]))

    def describe(self, witness: dict) -> str:
        return f"graph6 {witness['graph6']!r}, terminals {witness['terminals']}, edges {witness['edges']}"

    def restricted(self, graph_class: GraphClass | str | None) -> GameDomain:
        """This domain on the graphs that are also in ``graph_class`` (the intersection).

        >>> GameDomain("maxdeg=3").restricted("bipartite")
        GameDomain('bipartite,maxdeg=3')
        """
        gc = self.graph_class & as_graph_class(graph_class)
        return self if gc == self.graph_class else GameDomain(gc)

    def reproduce(self, witness: dict) -> str | None:
        t = witness["terminals"]
        return f"shannon-verify dead --graph6 '{witness['graph6']}' --terminals {t[0]} {t[1]}"

    def draw(self, inst: Game, path: str, title: str, details: dict) -> None:
        from ..draw import draw_game

        hv = [v for v in _flatten(details.get("vertices", [])) if v in set(inst.vertices)]
        he = [tuple(e) for e in details.get("edges", []) if len(e) == 2]
        draw_game(inst, path, highlight_vertices=hv, highlight_edges=he, title=title)


GAMES = GameDomain()
