"""Domains: where a statement's instances come from, and the order that picks the smallest.

A statement is checked on every instance of its domain of each size ``n``, in
ascending ``n``.  The default domain, :data:`GAMES`, is every connected graph on
``n`` vertices (nauty's geng) with every terminal pair up to automorphism, ordered by

    (n, m, canonical graph6, canonical terminal positions).

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
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..game import Game

__all__ = ["Domain", "GameDomain", "GAMES", "default_mod", "safe_name"]


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


def default_mod(n: int) -> int:
    """Number of geng shards of ``n`` for games (the sweep's default ``--mod``) of ``n`` when ``--mod`` is not given: 1 up to n = 6, then ×8 per vertex."""
    return 1 if n <= 6 else 8 ** (n - 6)


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
    """Connected graphs on ``n`` vertices with a terminal pair, up to isomorphism."""

    name = "games"
    order = "(n, m, canonical graph6, canonical terminals)"

    def instances(self, n: int, res: int = 0, mod: int = 1) -> Iterator[Game]:
        from ..graphs import connected_games

        return connected_games(n, res=res, mod=mod)

    def shards(self, n: int) -> int:
        return default_mod(n)

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

    def reproduce(self, witness: dict) -> str | None:
        t = witness["terminals"]
        return f"shannon-verify dead --graph6 '{witness['graph6']}' --terminals {t[0]} {t[1]}"

    def draw(self, inst: Game, path: str, title: str, details: dict) -> None:
        from ..draw import draw_game

        hv = [v for v in _flatten(details.get("vertices", [])) if v in set(inst.vertices)]
        he = [tuple(e) for e in details.get("edges", []) if len(e) == 2]
        draw_game(inst, path, highlight_vertices=hv, highlight_edges=he, title=title)


GAMES = GameDomain()
