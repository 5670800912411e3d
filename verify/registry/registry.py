"""The registry of statements and the ``@statement`` decorator (the public API).

>>> from verify import statement
>>> @statement("MY.PENDANT", kind="conj", max_n=5, register=False)
... def pendant_vertices_are_dead(game):
...     from verify import dead_vertices
...     pendants = [v for v in game.nonterminals() if game.degree(v) == 1]
...     return None if not pendants else set(pendants) <= dead_vertices(game)
>>> pendant_vertices_are_dead.id
'MY.PENDANT'

A statement about a class of graphs names it with ``graphs=`` (a spec or a
:class:`~verify.graph_class.GraphClass`): its instances are then the games on the
class's connected graphs only.

>>> @statement("MY.SUBCUBIC", graphs="maxdeg=3", register=False)
... def subcubic(game):
...     return max(game.degree(v) for v in game.vertices) <= 3
>>> subcubic.domain
GameDomain('maxdeg=3')
>>> restricted(subcubic, "bipartite").domain
GameDomain('bipartite,maxdeg=3')
"""

from __future__ import annotations

import dataclasses
import re

from ..errors import InputError
from ..graph_class import GraphClass, as_graph_class
from .catalogue import catalogue_path, paper_prefixes, statement_ids_in_catalogue  # noqa: F401  (re-exported)
from .domain import GameDomain
from .statement import KINDS, Statement

__all__ = ["REGISTRY", "statement", "statement_ids_in_catalogue", "catalogue_path", "restricted", "in_games"]

REGISTRY: dict[str, Statement] = {}
_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*(/[a-z])?$")


def statement(
    id: str,
    kind: str = "conj",
    *,
    text: str = "",
    source: str = "",
    max_n: int = 7,
    min_n: int = 2,
    expect: str = "holds",
    reading: str = "",
    tier_n: int | None = None,
    register: bool = True,
    meta: dict | None = None,
    domain=None,
    graphs: GraphClass | str | None = None,
    refuted_by: tuple | None = None,
):
    """Register a check function as statement ``id``; returns the :class:`Statement`.

    The function takes a :class:`~verify.game.Game` and returns ``None`` (hypothesis
    false), a bool, or a :class:`~verify.registry.statement.Tally`.  ``max_n`` is the
    depth ``check --full`` goes to; ``tier_n`` (default ``min(max_n, 7)``) the depth of
    the default tier (``check``, ``pytest theorems``), lowered for the slowest statements.
    A statement of kind ``table`` instead carries ``meta={"table": Table}`` (see
    :mod:`verify.tables`); its function computes one row and the runner compares rows
    with the published ones.  ``domain`` (a :class:`~verify.registry.domain.Domain`)
    replaces the default instances, connected games, by the paper's own (multigraphs,
    Hex boards, ...); the function then takes one such instance.  ``graphs`` (a
    :class:`~verify.graph_class.GraphClass` or its spec, such as ``"maxdeg=3"``) keeps
    the connected games but only on the class's graphs.  A statement recorded as
    false (``expect="refuted"``) pins its smallest counterexample's order key in
    ``refuted_by`` (the domain's ``witness_key``, e.g. ``(n, m, graph6, terminals)``): a run
    refuted by any other instance *fails* (a table pins its differing cells in
    :attr:`verify.tables.Table.recorded` instead).
    """
    if not _ID.match(id):
        raise InputError(f"{id!r} is not a statement id like 'TSD.T14' or 'MY.CONJ'.")
    if kind not in KINDS:
        raise InputError(f"Kind {kind!r} is not one of {', '.join(KINDS)}.")
    if kind == "table" and "table" not in (meta or {}):
        raise InputError(f"Statement {id} of kind table needs meta={{'table': Table}}.")

    if graphs is not None:
        gc = as_graph_class(graphs)
        if kind == "table" or (domain is not None and not isinstance(domain, GameDomain)):
            raise InputError(f"Statement {id} gives graphs=, which restricts only statements checked game by game "
                             "on connected graphs; drop graphs= or domain=.")
        domain = (domain or GameDomain()).restricted(gc)
    if expect == "refuted" and kind not in ("table", "ex") and refuted_by is None:
        raise InputError(f"Statement {id} is recorded as refuted; pin its counterexample with refuted_by=(n, m, graph6, terminals).")

    def wrap(fn) -> Statement:
        doc = (fn.__doc__ or "").strip()
        st = Statement(
            id=id,
            kind=kind,
            text=text or " ".join(doc.split("\n\n")[0].split()),
            check=fn,
            source=source,
            max_n=max_n,
            min_n=min_n,
            expect=expect,
            reading=reading,
            tier_n=tier_n,
            user=id.split(".")[0] not in paper_prefixes(),
            meta=dict(meta or {}),
            domain=domain,
            refuted_by=tuple(refuted_by) if refuted_by is not None else None,
        )
        if register:
            if id in REGISTRY and REGISTRY[id].check.__qualname__ != fn.__qualname__:
                raise InputError(f"Statement {id} is registered twice.")
            REGISTRY[id] = st
        return st

    return wrap


def in_games(st: Statement) -> bool:
    """Whether ``st`` is checked game by game on connected graphs (so a graph class can
    restrict it): not a table, and its domain a :class:`~verify.registry.domain.GameDomain`."""
    return st.kind != "table" and isinstance(st.domain, GameDomain)


def restricted(st: Statement, graphs: GraphClass | str | None) -> Statement:
    """``st`` checked on the games of ``graphs`` only: a copy whose domain is the
    intersection of its own class and ``graphs`` (``st`` itself when that changes nothing).

    Raises :class:`~verify.errors.InputError` when ``st`` is not checked game by game on
    connected graphs (a table; multigraphs, Hex boards, links), or the intersection is
    empty by its degree bounds.
    """
    gc = as_graph_class(graphs)
    if gc.is_all:
        return st
    if not in_games(st):
        raise InputError(f"{st.id} is not checked game by game on connected graphs, so a graph class cannot restrict it.")
    domain = st.domain.restricted(gc)
    return st if domain == st.domain else dataclasses.replace(st, domain=domain)
