"""Routes: the ways a registered check reaches its verdict, named, and forced on demand.

Every statement's check has a *plain* route, written from the definitions of the paper
(``_t12_plain``, ``_t1_plain``, ...), the reference every other route is compared with.
Some checks also have *fast* routes, each engaging from some ``n`` on in a default run:

* a fast pass over index masks (``_t1_fast`` and its kind), which returns the plain
  route's count when every instance holds and None when one fails;
* an oracle route, where the answers the check consumes come from another procedure at
  depth (TSD §5's dead sets from one enumeration of every induced terminal path,
  :mod:`verify.dead.allpaths`, from n = 8);
* the one-pass group shard (:func:`verify.sweep.onepass.run_group_shard`), in which
  several statements share each game and its caches;
* a compiled kernel, where the check's answers come from C.

A route is taken by a *switch* the check consults, :func:`taken`, which answers
``n >= from_n`` in a default run.  :func:`forcing` forces one route of one statement at
every ``n`` — its switches on, the statement's other switches off; the plain route is
every switch off — so the deep route runs on small games (a parameter, not a patch:
``run_statement(st, route="fast")``, ``shannon-verify check --route fast``; the one-pass
route through :func:`verify.sweep.onepass.run_route`).

Under a forced fast pass the fast pass alone decides: a game it rejects fails, with no
fall-back to the plain route (:func:`fast_then_plain`).  In a default run a game the fast
pass rejects is re-checked by the plain route, which reports the failing instance; if the
plain route passes it, the two routes disagree, and that is an error, never a pass.

The mutants (:mod:`verify.mutants`) are run through every route of their statement,
and every route of every statement that holds has a mutant it refutes
(``tests/test_routes.py``).

Examples
--------
>>> [r.name for r in routes_of("TSD.T12")]
['plain', 'paths', 'paths-fast', 'one-pass']
>>> taken("tsd.dead.paths", 7), taken("tsd.dead.paths", 8)
(False, True)
>>> with forcing("TSD.T12", "paths"):
...     taken("tsd.dead.paths", 3), taken("tsd.t12.fast", 9)
(True, False)
"""

from __future__ import annotations

import contextlib
import contextvars
from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import InputError, StatementError
from .domain import describe_instance

__all__ = [
    "Route",
    "SWITCHES",
    "ROUTES",
    "ONE_PASS",
    "switch",
    "add_route",
    "routes_of",
    "route_names",
    "taken",
    "forced",
    "forcing",
    "forced_route",
    "fast_then_plain",
    "RouteDisagreement",
    "RouteNotApplicable",
    "fast_then_resume",
    "route_modules",
]

ONE_PASS = "one-pass"


@dataclass(frozen=True)
class Route:
    """One way a statement's check reaches its verdict.

    Attributes
    ----------
    statement : str
        The statement's id.
    name : str
        ``plain``, or the fast route's name (``fast``, ``paths``, ``one-pass``, ...).
    from_n : int
        The smallest ``n`` at which a default run takes it (0: every ``n``).
    what : str
        What the route computes, in words.
    switches : tuple of str
        The switches (:data:`SWITCHES`) it turns on.
    modules : tuple of str
        The modules whose code it runs, beyond the statement's own (for provenance).
    """

    statement: str
    name: str
    from_n: int
    what: str
    switches: tuple[str, ...] = ()
    modules: tuple[str, ...] = field(default=())

    def to_json(self) -> dict:
        return {"name": self.name, "from_n": self.from_n, "what": self.what}


#: switch name -> the n from which a default run turns it on
SWITCHES: dict[str, int] = {}
#: statement id -> its fast routes (the plain route and the one-pass route are implied)
ROUTES: dict[str, list[Route]] = {}
#: the switches forced now (switch -> on), and the (statement, route) forced
_FORCED: contextvars.ContextVar[dict | None] = contextvars.ContextVar("shannon_verify_forced_routes", default=None)
_ROUTE: contextvars.ContextVar[tuple | None] = contextvars.ContextVar("shannon_verify_forced_route", default=None)


class RouteDisagreement(StatementError):
    """A fast route rejected a game that the plain route accepts (or the converse)."""


class RouteNotApplicable(StatementError):
    """A forced route cannot run: a procedure it does not consult was replaced (a
    mutant's), so the run would say nothing about the route."""


def switch(name: str, from_n: int) -> str:
    """Register the switch ``name``, on from ``from_n`` in a default run; returns ``name``."""
    if SWITCHES.get(name, from_n) != from_n:
        raise ValueError(f"switch {name} registered twice with different depths")
    SWITCHES[name] = from_n
    return name


def add_route(statements, name: str, what: str, switches: tuple[str, ...], modules: tuple[str, ...] = ()) -> None:
    """Register the fast route ``name`` of each statement id in ``statements``; it engages
    where its last switch does (``from_n`` = the largest of its switches' depths)."""
    if isinstance(statements, str):
        statements = (statements,)
    for sw in switches:
        if sw not in SWITCHES:
            raise ValueError(f"route {name}: unknown switch {sw}")
    from_n = max(SWITCHES[s] for s in switches)
    for sid in statements:
        have = ROUTES.setdefault(sid, [])
        if any(r.name == name for r in have):
            raise ValueError(f"{sid} has two routes named {name}")
        have.append(Route(sid, name, from_n, what, tuple(switches), tuple(modules)))
        have.sort(key=lambda r: (r.from_n, r.name))


def _one_pass_ok(sid: str) -> bool:
    """Whether a multi-statement run checks ``sid`` in a one-pass group: a holding
    statement checked game by game (as :func:`verify.sweep.onepass.holding_game_statements`)."""
    from .domain import GameDomain
    from .registry import REGISTRY

    st = REGISTRY.get(sid)
    if st is None:
        return False
    return (st.kind not in ("table", "ex") and isinstance(st.domain, GameDomain) and st.expect != "refuted"
            and not st.user)


def routes_of(sid: str) -> list[Route]:
    """Every route of the statement ``sid``: ``plain``, its fast routes (by depth), and
    ``one-pass`` when a multi-statement run can check it in a group shard."""
    out = [Route(sid, "plain", 0, "the check as written from the paper's definitions")]
    out += ROUTES.get(sid, [])
    if _one_pass_ok(sid):
        out.append(Route(sid, ONE_PASS, 0, "checked in one pass with other statements over each game "
                         "(verify.sweep.onepass.run_group_shard), sharing its caches",
                         modules=("verify.sweep.onepass",)))
    return out


def route_names(sid: str) -> list[str]:
    return [r.name for r in routes_of(sid)]


def taken(name: str, n: int) -> bool:
    """Whether the switch ``name`` is on for a game of ``n`` vertices: as forced, else
    from its registered depth on."""
    f = _FORCED.get()
    if f is not None and name in f:
        return f[name]
    return n >= SWITCHES[name]


def forced(name: str) -> bool:
    """Whether the switch ``name`` is forced on (a forced route is running)."""
    f = _FORCED.get()
    return bool(f and f.get(name))


def forced_route() -> tuple | None:
    """(statement, route) forced now, or None."""
    return _ROUTE.get()


@contextlib.contextmanager
def forcing(sid: str, name: str):
    """Inside the block the statement ``sid`` takes the route ``name`` at every ``n``:
    its switches on and the statement's other switches off (``plain``: all off).  The
    one-pass route forces nothing here (the caller runs the group shard)."""
    routes = routes_of(sid)
    chosen = next((r for r in routes if r.name == name), None)
    if chosen is None:
        raise InputError(f"{sid} has no route {name!r}; its routes are {', '.join(r.name for r in routes)}.")
    sw = {s: False for r in routes for s in r.switches}
    for s in chosen.switches:
        sw[s] = True
    tok = _FORCED.set({**(_FORCED.get() or {}), **sw})
    tok2 = _ROUTE.set((sid, name))
    try:
        yield chosen
    finally:
        _ROUTE.reset(tok2)
        _FORCED.reset(tok)


def _holds(out) -> bool:
    if out is None or out is True:
        return True
    if out is False:
        return False
    return getattr(out, "failure", None) is None


def _use(name: str, n: int, guard: bool) -> bool:
    """Whether the fast pass of switch ``name`` runs: taken, and (not forced) ``guard``;
    forced with ``guard`` False raises :class:`RouteNotApplicable`."""
    if not taken(name, n):
        return False
    if guard:
        return True
    if forced(name):
        raise RouteNotApplicable(f"the forced route {name} does not consult the replaced procedure")
    return False


def fast_then_plain(name: str, game, fast: Callable[[Any], Any], plain: Callable[[Any], Any], guard: bool = True):
    """The check of ``game`` by the fast pass of switch ``name`` when it is taken, else by
    ``plain``.

    ``fast(game)`` returns a :class:`~verify.registry.statement.Tally` (or a count of
    instances, wrapped in one) when every instance holds, None when one fails.
    ``guard`` False (a replaced procedure that the fast pass does not consult) sends the
    game to ``plain`` in a default run, and raises :class:`RouteNotApplicable` when the
    route is forced.  Forced, the fast pass decides alone: a rejected game fails.  Not
    forced, a rejected game is re-checked by ``plain`` for the failing instance; if
    ``plain`` passes it, :class:`RouteDisagreement` is raised.
    """
    from .statement import Tally

    if not _use(name, game.n, guard):
        return plain(game)
    out = fast(game)
    if out is not None:
        return out if isinstance(out, Tally) else Tally(hypothesis=out)
    if forced(name):
        return Tally(hypothesis=1, failure={"route": name, "failed": f"the fast route {name} rejected this game"})
    return _agreeing(name, game, plain(game))


def fast_then_resume(name: str, game, fast, plain, resume, guard: bool = True):
    """:func:`fast_then_plain` for a fast pass that returns ``(count, failed)``: the
    instances passed and None, or the instances passed before the failing one and it;
    ``resume(count, failed)`` then gives the plain check's tally from that instance on."""
    from .statement import Tally

    if not _use(name, game.n, guard):
        return plain(game)
    count, failed = fast(game)
    if failed is None:
        return Tally(hypothesis=count)
    if forced(name):
        return Tally(hypothesis=count + 1, failure={"route": name, "failed": f"the fast route {name} rejected this game"})
    return _agreeing(name, game, resume(count, failed))


def _agreeing(name: str, game, t):
    if _holds(t):
        raise RouteDisagreement(f"the fast route {name} rejects a game that the plain check passes "
                                f"({describe_instance(game)}); the routes disagree.")
    return t


def route_modules(sid: str) -> list[str]:
    """The modules whose code the routes of ``sid`` run (for the resume guard)."""
    out: set[str] = set()
    for r in routes_of(sid):
        out.update(r.modules)
    return sorted(out)
