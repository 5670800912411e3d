"""Mutants: one perturbation of what a *registered* check consumes, and its expected refutation.

A :class:`Mutant` names a registered statement, a perturbation (a list of patches, each
replacing one attribute of one module — an oracle's answer, a predicate, a hypothesis
switch of the statement's own module — or one field of the registered
:class:`~verify.registry.Statement` itself, such as a table's computed cells) and a depth.
:func:`run_mutant` applies the patches and runs the **registered** statement through
:func:`verify.registry.run_statement`, the same call ``check`` makes.  The mutant is
*refuted* (killed) when the statement then fails — verdict ``fails``, or ``not-found``
for an example — with the smallest counterexample pinned in :attr:`Mutant.expect`.

So a registered check whose body cannot fail (``return True``, a conclusion dropped, a
count that never compares) lets its mutants survive, and ``shannon-verify mutants`` and
the test suite turn red.

Two kinds of mutants are reported but not scored:

* ``deep`` mutants need more than the default tier's depth (run with ``--deep``);
* ``equivalent`` mutants are documented perturbations that cannot change the verdict in
  scope (they must *survive*; if one is refuted it is no longer equivalent).

Examples
--------
>>> m = Mutant("TSD.MODEL", "colouring model flipped",
...            [P("papers.tsd.graph", "short_wins", negate)], 2, (2, 1, "A_"))
>>> m.name
'TSD.MODEL:colouring model flipped'
"""

from __future__ import annotations

import contextlib
import importlib
from dataclasses import dataclass
from typing import Any, Callable
from unittest import mock

__all__ = ["Mutant", "MutantResult", "P", "negate", "always", "const", "applied", "run_mutant", "patch_target"]


def negate(fn):
    """The predicate with every answer flipped.

    >>> negate(lambda x: x > 1)(2)
    False
    """
    return lambda *a, **k: not fn(*a, **k)


def always(value):
    """A function of anything that answers ``value``."""
    return lambda *a, **k: value


def const(value):
    """A factory: replace the function by one that always answers ``value``."""
    return lambda orig: always(value)


STATEMENT = "@statement"  # patch target: a field of the registered Statement object


def P(module: str, attr: str, factory: Callable[[Any], Any]) -> tuple:
    """One patch: ``module`` (dotted, under ``verify.``; or :data:`STATEMENT`), the
    attribute, and ``factory(original) -> replacement``."""
    return (module, attr, factory)


@dataclass
class Mutant:
    """A perturbation of what one registered statement's check consumes.

    Attributes
    ----------
    sid : str
        The registered statement.
    what : str
        The perturbation, in words.
    patches : list
        ``(module, attribute, factory)`` triples (see :func:`P`).
    max_n : int
        Depth of the run (the statement's domain size).
    expect : tuple or None
        The smallest counterexample's order key (a prefix of the domain's
        ``witness_key``, e.g. ``(n, m, graph6)``); None: not pinned.
    verdict : str
        The verdict that refutes the mutant: ``fails``, ``not-found`` for an example, or
        ``error`` when the route's own re-check refuses the planted bug (``expect`` then
        pins the start of the error's sentence).
    deep : bool
        Needs more than the default tier (not run or scored without ``--deep``).
    equivalent : bool
        A documented equivalent mutant: it must survive; reported, never scored.
    """

    sid: str
    what: str
    patches: list
    max_n: int
    expect: tuple | None
    verdict: str = "fails"
    deep: bool = False
    equivalent: bool = False
    note: str = ""
    routes: tuple | None = None
    expect_by_route: dict | None = None

    def route_names(self) -> list[str]:
        """The routes of its statement this mutant is run through (and must be refuted
        on): ``routes`` if given, else every route of the statement
        (:func:`verify.registry.routes.routes_of`)."""
        from ..registry.routes import route_names

        have = route_names(self.sid)
        if self.routes is None:
            return have
        bad = [r for r in self.routes if r not in have]
        if bad:
            raise ValueError(f"mutant {self.name}: {self.sid} has no route {bad[0]}")
        return list(self.routes)

    def expected(self, route: str | None) -> tuple | None:
        """The pinned smallest counterexample on ``route``."""
        if self.expect_by_route and route in self.expect_by_route:
            return self.expect_by_route[route]
        return self.expect

    @property
    def name(self) -> str:
        return f"{self.sid}:{self.what}"

    @property
    def scored(self) -> bool:
        """Counted in the default-tier mutation score."""
        return not self.deep and not self.equivalent


@dataclass
class MutantResult:
    """What one mutant run gave."""

    mutant: Mutant
    verdict: str
    witness_key: tuple | None
    instances: int
    seconds: float
    refuted: bool
    problem: str = ""
    route: str | None = None

    def to_json(self) -> dict:
        m = self.mutant
        return {
            "name": m.what,
            "route": self.route,
            "refuted": self.refuted,
            "verdict": self.verdict,
            "expected_verdict": m.verdict,
            "witness": list(self.witness_key) if self.witness_key is not None else None,
            "pinned": list(m.expected(self.route)) if m.expected(self.route) is not None else None,
            "max_n": m.max_n,
            "deep": m.deep,
            "equivalent": m.equivalent,
            "instances": self.instances,
            "seconds": round(self.seconds, 3),
            **({"problem": self.problem} if self.problem else {}),
        }


def patch_target(module: str, statement=None):
    """The object a patch's ``module`` names: a module under ``verify.``, or the statement."""
    if module == STATEMENT:
        return statement
    name = module if module.startswith("verify.") else "verify." + module
    return importlib.import_module(name)


def forget_caches() -> int:
    """Empty every answer cache of the library's loaded modules: the module-level dicts
    whose names hold ``SEEN`` (and ``_RELATED``) and every ``functools.lru_cache``.
    A cache keyed on a module or on a genuine function would otherwise hand a mutant
    the genuine answers (so it survives), or hand later genuine checks a mutant's
    answers.  Returns how many caches were emptied."""
    import sys

    emptied = 0
    for name, mod in list(sys.modules.items()):
        if not name.startswith("verify.") or mod is None:
            continue
        for attr, obj in list(vars(mod).items()):
            if isinstance(obj, dict) and attr.startswith("_") and ("SEEN" in attr or attr == "_RELATED"):
                obj.clear()
                emptied += 1
            elif callable(getattr(obj, "cache_clear", None)) and getattr(obj, "__module__", None) == name:
                obj.cache_clear()
                emptied += 1
    return emptied


@contextlib.contextmanager
def applied(mutant: Mutant):
    """Apply the mutant's patches for the duration of the block (the answer caches
    emptied on the way in and out, :func:`forget_caches`)."""
    from ..registry import REGISTRY

    st = REGISTRY[mutant.sid]
    forget_caches()
    try:
        with contextlib.ExitStack() as stack:
            for module, attr, factory in mutant.patches:
                target = patch_target(module, st)
                stack.enter_context(mock.patch.object(target, attr, factory(getattr(target, attr))))
            yield
    finally:
        forget_caches()


def _witness_key(st, witness) -> tuple | None:
    if not witness:
        return None
    if "mismatches" in (witness.get("details") or {}):  # a table: its differing cells
        return tuple((c["n"], c["column"], c["computed"], c["published"]) for c in witness["details"]["mismatches"])
    try:
        return tuple(st.domain.witness_key(witness))
    except Exception:  # a domain that cannot key its own witness: show what is there
        return tuple(witness.get(k) for k in ("n", "m", "graph6") if k in witness)


def run_mutant(mutant: Mutant, route: str | None = None) -> MutantResult:
    """Run the registered statement with the mutant applied; refuted when its verdict
    is ``mutant.verdict`` and (if pinned) its smallest witness starts with the pinned key.
    ``route`` forces one route of the statement (:mod:`verify.registry.routes`; None:
    the routes a default run takes at each ``n``).
    An equivalent mutant is "refuted" in the returned record when it was *not* told
    apart (it survived), so a passing record always means "as documented"."""
    import time

    from ..registry import REGISTRY
    from ..registry.routes import RouteNotApplicable
    from ..sweep.onepass import run_route

    st = REGISTRY[mutant.sid]
    start = time.perf_counter()
    from ..errors import ShannonVerifyError

    expect = mutant.expected(route)
    try:
        with applied(mutant):
            r = run_route(st, route, max_n=mutant.max_n, emit=False)
    except RouteNotApplicable as exc:
        return MutantResult(mutant, "not-applicable", None, 0, time.perf_counter() - start, False,
                            f"route {route} does not consult what this mutant replaces ({exc})", route)
    except ShannonVerifyError as exc:  # the check (or its route's own re-check) raised under the mutant
        text = str(exc)
        if mutant.verdict == "error":  # refuted by the route's re-check refusing the planted bug, as pinned
            ok = expect is None or str(expect[0]) in text
            return MutantResult(mutant, "error", (text,), 0, time.perf_counter() - start, ok,
                                "" if ok else f"raised {text!r}, not the pinned {expect[0]!r}", route)
        return MutantResult(mutant, "error", None, 0, time.perf_counter() - start, False,
                            f"the registered check raised instead of failing: {exc}", route)
    key = _witness_key(st, r.witness)
    problem = ""
    if mutant.equivalent:
        ok = r.verdict == "holds"
        if not ok:
            problem = f"documented as equivalent, but now {r.verdict}: score it"
    else:
        ok = r.verdict == mutant.verdict
        if not ok:
            problem = f"survived: {r.verdict} up to n = {mutant.max_n}" + (f" ({r.reason})" if r.reason else "")
        elif expect is not None and (key is None or tuple(key[: len(expect)]) != tuple(expect)):
            ok = False
            problem = f"refuted by {key}, not by the pinned {tuple(expect)}"
    return MutantResult(mutant, r.verdict, key, r.instances, time.perf_counter() - start, ok, problem, route)
