"""What the four dead-item methods share: items, winners of colourings, certificates.

An *item* is a non-terminal vertex or an edge of the game.  Internally methods work
on vertex indices and bitmask adjacency (see :class:`verify.game.Game`); an item is
``("vertex", i)`` or ``("edge", i, j)`` with ``i < j``.

A *complete colouring* colours every non-terminal vertex black (Short) or white
(Cut); Short wins it when the terminals are joined inside the black vertices plus the
terminals.  A live item always has two witnesses that anybody can re-check:

* an induced (chordless) ``t1``–``t2`` path through it, and
* a colouring whose winner changes with the item (``v`` black vs. white, ``e``
  present vs. deleted): the path's inner vertices black, all others white.

:func:`check_live_certificate` re-checks both from scratch.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from ..game import Game, bits, reachable

__all__ = [
    "Verdict",
    "short_wins",
    "items_of",
    "item_mask",
    "path_is_induced",
    "shortest_black_path",
    "check_live_certificate",
    "live_verdict_from_path",
    "live_verdict_from_colouring",
]

Item = tuple


def items_of(game: Game) -> list[Item]:
    """Every item of a game: non-terminal vertices, then edges (internal order)."""
    t1, t2 = game.terminal_indices
    out: list[Item] = [("vertex", i) for i in range(game.n) if i not in (t1, t2)]
    adj = game.adjacency
    for i in range(game.n):
        for j in bits(adj[i] >> (i + 1)):
            out.append(("edge", i, i + 1 + j))
    return out


def item_mask(item: Item) -> int:
    """The vertices an induced path must contain for ``item`` to lie on it."""
    if item[0] == "vertex":
        return 1 << item[1]
    return (1 << item[1]) | (1 << item[2])


def short_wins(adj: tuple[int, ...] | list[int], on: int, t1: int, t2: int) -> bool:
    """True when ``t1`` and ``t2`` are joined inside the vertex set ``on`` (a bitmask).

    The definition of the winner of a complete colouring: ``on`` is the black
    vertices plus the terminals.

    >>> short_wins([0b010, 0b101, 0b010], 0b111, 0, 2)
    True
    >>> short_wins([0b010, 0b101, 0b010], 0b101, 0, 2)
    False
    """
    return bool(reachable(adj, t1, on) >> t2 & 1)


def without_edge(adj: tuple[int, ...], i: int, j: int) -> tuple[int, ...]:
    """Adjacency with edge ``ij`` removed."""
    a = list(adj)
    a[i] &= ~(1 << j)
    a[j] &= ~(1 << i)
    return tuple(a)


def path_is_induced(adj, path: list[int], t1: int, t2: int) -> bool:
    """True when ``path`` is a chordless ``t1``–``t2`` path of distinct vertices."""
    if len(path) < 2 or path[0] != t1 or path[-1] != t2 or len(set(path)) != len(path):
        return False
    pos = {v: k for k, v in enumerate(path)}
    for k, v in enumerate(path):
        on_path_nbrs = {pos[u] for u in bits(adj[v]) if u in pos}
        expected = {x for x in (k - 1, k + 1) if 0 <= x < len(path)}
        if on_path_nbrs != expected:
            return False
    return True


def shortest_black_path(adj, on: int, t1: int, t2: int) -> list[int] | None:
    """A shortest ``t1``–``t2`` path inside ``on`` (always induced), or ``None``."""
    prev = {t1: None}
    q = deque([t1])
    while q:
        v = q.popleft()
        if v == t2:
            out = []
            while v is not None:
                out.append(v)
                v = prev[v]
            return out[::-1]
        for u in bits(adj[v] & on):
            if u not in prev:
                prev[u] = v
                q.append(u)
    return None


@dataclass
class Verdict:
    """The answer for one item, with its certificate.

    Attributes
    ----------
    item : tuple
        ``("vertex", v)`` or ``("edge", (u, v))`` in vertex labels.
    dead : bool
    method : str
        The method that decided it (``brute``, ``paths``, ``sat`` or ``smt``).
    path : list or None
        For a live item, an induced terminal-to-terminal path through it.
    colouring : dict or None
        For a live item, ``{"black": [...], "white": [...]}``: a complete colouring of
        the non-terminals whose winner changes with the item (``v`` is black in it;
        for an edge, the winner is Short and becomes Cut when the edge is deleted).
    proof : str
        How the verdict was established (for dead items, the exhaustive search or the
        solver's UNSAT answer).
    theorems : list of str
        Statement ids of TSD §5 whose hypothesis holds for this item (so they
        predict it dead); computed independently of the method.
    note : str
    """

    item: tuple
    dead: bool
    method: str
    path: list | None = None
    colouring: dict | None = None
    proof: str = ""
    theorems: list[str] = field(default_factory=list)
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        kind, what = self.item
        out: dict[str, Any] = {
            "item": {"vertex": what} if kind == "vertex" else {"edge": list(what)},
            "dead": self.dead,
            "method": self.method,
            "proof": self.proof,
        }
        if self.path is not None:
            out["path"] = list(self.path)
        if self.colouring is not None:
            out["colouring"] = self.colouring
        if self.theorems:
            out["theorems"] = list(self.theorems)
        if self.note:
            out["note"] = self.note
        return out


def label_item(game: Game, item: Item) -> tuple:
    if item[0] == "vertex":
        return ("vertex", game.label(item[1]))
    return ("edge", (game.label(item[1]), game.label(item[2])))


def colouring_json(game: Game, black: int) -> dict:
    t1, t2 = game.terminal_indices
    nonterm = [i for i in range(game.n) if i not in (t1, t2)]
    return {
        "black": [game.label(i) for i in nonterm if black >> i & 1],
        "white": [game.label(i) for i in nonterm if not black >> i & 1],
    }


def live_verdict_from_path(game: Game, item: Item, path: list[int], method: str, proof: str) -> Verdict:
    """A live verdict whose colouring is the path's inner vertices black."""
    black = 0
    for v in path[1:-1]:
        black |= 1 << v
    return Verdict(
        item=label_item(game, item),
        dead=False,
        method=method,
        path=[game.label(v) for v in path],
        colouring=colouring_json(game, black),
        proof=proof,
    )


def live_verdict_from_colouring(game: Game, item: Item, black: int, method: str, proof: str) -> Verdict:
    """A live verdict from a flipping colouring; the path is a shortest black path."""
    t1, t2 = game.terminal_indices
    on = black | (1 << t1) | (1 << t2)
    if item[0] == "vertex":
        black |= 1 << item[1]
        on |= 1 << item[1]
    path = shortest_black_path(game.adjacency, on, t1, t2)
    if path is None:  # pragma: no cover - would mean the colouring does not flip
        raise AssertionError(f"colouring {black:b} does not let Short win for {item}")
    return Verdict(
        item=label_item(game, item),
        dead=False,
        method=method,
        path=[game.label(v) for v in path],
        colouring=colouring_json(game, black),
        proof=proof,
    )


def flips(adj, item: Item, black: int, t1: int, t2: int) -> bool:
    """True when the winner of colouring ``black`` changes with the item.

    For a vertex ``v``: Short wins with ``v`` black and Cut with ``v`` white.  For an
    edge: Short wins with the edge and Cut without it.
    """
    term = (1 << t1) | (1 << t2)
    if item[0] == "vertex":
        v = 1 << item[1]
        return short_wins(adj, black | v | term, t1, t2) and not short_wins(adj, (black & ~v) | term, t1, t2)
    return short_wins(adj, black | term, t1, t2) and not short_wins(
        without_edge(adj, item[1], item[2]), black | term, t1, t2
    )


def check_live_certificate(game: Game, verdict: Verdict) -> None:
    """Re-check a live verdict's path and colouring from scratch; raise if either fails."""
    kind, what = verdict.item
    t1, t2 = game.terminal_indices
    adj = game.adjacency
    if kind == "vertex":
        item = ("vertex", game.index(what))
    else:
        i, j = sorted((game.index(what[0]), game.index(what[1])))
        item = ("edge", i, j)
    path = [game.index(v) for v in verdict.path]
    if not path_is_induced(adj, path, t1, t2):
        raise AssertionError(f"{verdict.path} is not an induced terminal path")
    pos = set(path)
    need = [item[1]] if kind == "vertex" else [item[1], item[2]]
    if not all(v in pos for v in need):
        raise AssertionError(f"{verdict.path} does not pass through {what}")
    black = game.mask(verdict.colouring["black"])
    if set(verdict.colouring["black"]) & set(verdict.colouring["white"]):
        raise AssertionError("a vertex is both black and white")
    if set(verdict.colouring["black"]) | set(verdict.colouring["white"]) != set(game.nonterminals()):
        raise AssertionError("the colouring is not complete")
    if not flips(adj, item, black, t1, t2):
        raise AssertionError(f"the colouring does not change the winner with {what}")


def resolve_item(game: Game, kind: str, what) -> Item:
    """Internal item of a vertex label or an edge (pair of labels) of ``game``."""
    if kind == "vertex":
        if game.is_terminal(what):
            raise InputError(f"{what!r} is a terminal; only non-terminal vertices can be dead or live.")
        return ("vertex", game.index(what))
    u, v = what
    i, j = game.index(u), game.index(v)
    if i == j:
        raise InputError(f"Edge {u!r}-{v!r} is a self-loop.")
    if not game.adjacency[i] >> j & 1:
        raise InputError(f"{u!r}-{v!r} is not an edge.")
    return ("edge", min(i, j), max(i, j))
