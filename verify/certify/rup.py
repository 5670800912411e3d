"""The second, deliberately simple checker: forward RUP in pure Python, for small proofs.

It shares no code with :mod:`verify.certify.drup_check` (the C checker) or any solver,
and trades speed for being easy to read:

* every lemma of the proof, used or not, must be RUP with respect to the formula and
  *all* earlier lemmas: assigning the negation of its literals and unit-propagating
  (from the top-level unit fixpoint, by scanning occurrence lists) gives a conflict;
* deletions are ignored (keeping a clause that is implied by the formula is always
  sound; RUP never needs a deletion);
* the proof is accepted at the first lemma after which unit propagation alone refutes
  the formula (normally the empty clause).

So it accepts a subset of what a RAT checker would.  It may reject a proof the C checker
accepts only when a lemma the refutation never uses is not RUP; it may accept one the C
checker rejects only when the proof deletes a clause a later lemma needs (the C checker
honours deletions).  It is meant for proofs of a few thousand lemmas (the tests
cross-check the two on such cases).

>>> check_text("p cnf 2 4\\n1 2 0\\n-1 2 0\\n1 -2 0\\n-1 -2 0\\n", "2 0\\n0\\n").ok
True
>>> r = check_text("p cnf 2 4\\n1 2 0\\n-1 2 0\\n1 -2 0\\n-1 -2 0\\n", "d 1 2 0\\n")
>>> r.ok, r.reason.startswith("no conflict")
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["RupResult", "ParseError", "parse_dimacs", "parse_drup", "check", "check_text"]


class ParseError(ValueError):
    """A file is not DIMACS CNF / text DRUP."""


@dataclass
class RupResult:
    ok: bool
    reason: str = ""
    stats: dict = field(default_factory=dict)


def _ints(text: str, what: str):
    """(line, int) for every whitespace-separated token, skipping 'c' comment lines."""
    for ln, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s[0] == "c":
            continue
        yield ln, s.split()


def parse_dimacs(text: str) -> tuple[int, list[list[int]]]:
    """``(variables, clauses)`` of a DIMACS CNF; :class:`ParseError` when malformed.

    >>> parse_dimacs("c hi\\np cnf 3 2\\n1 -3 0\\n2 0\\n")
    (3, [[1, -3], [2]])
    """
    nvars = declared = None
    clauses: list[list[int]] = []
    cur: list[int] = []
    for ln, toks in _ints(text, "CNF"):
        if nvars is None:
            if len(toks) != 4 or toks[:2] != ["p", "cnf"]:
                raise ParseError(f"no 'p cnf' header before line {ln}")
            try:
                nvars, declared = int(toks[2]), int(toks[3])
            except ValueError:
                raise ParseError(f"malformed 'p cnf' header at line {ln}") from None
            continue
        for t in toks:
            try:
                x = int(t)
            except ValueError:
                raise ParseError(f"not a literal at line {ln}: {t[:20]!r}") from None
            if x == 0:
                clauses.append(cur)
                cur = []
            elif abs(x) > nvars:
                raise ParseError(f"literal {x} beyond the header's {nvars} variables at line {ln}")
            else:
                cur.append(x)
    if nvars is None:
        raise ParseError("no 'p cnf' header")
    if cur:
        raise ParseError("the file ends inside a clause (truncated?)")
    if len(clauses) != declared:
        raise ParseError(f"{len(clauses)} clauses but the header declares {declared}")
    return nvars, clauses


def parse_drup(text: str) -> list[tuple[bool, list[int], int]]:
    """Proof items ``(is_deletion, literals, line)`` of a text DRUP/DRAT proof.

    >>> parse_drup("1 -2 0\\nd 1 -2 0\\n0\\n")
    [(False, [1, -2], 1), (True, [1, -2], 2), (False, [], 3)]
    """
    items = []
    cur: list[int] = []
    dele, start = False, 0
    for ln, toks in _ints(text, "proof"):
        for t in toks:
            if not cur and not dele and t == "d":
                dele, start = True, ln
                continue
            try:
                x = int(t)
            except ValueError:
                raise ParseError(f"line {ln}: not a literal: {t[:20]!r}") from None
            if not cur and not dele:
                start = ln
            if x == 0:
                items.append((dele, cur, start))
                cur, dele = [], False
            else:
                cur.append(x)
    if cur or dele:
        raise ParseError("the proof ends inside a clause (truncated?)")
    return items


class _DB:
    """Clauses with occurrence lists, and the top-level unit-propagation fixpoint
    (``top``), extended as clauses are added; ``refuted`` once it conflicts."""

    def __init__(self) -> None:
        self.clauses: list[list[int]] = []
        self.occ: dict[int, list[int]] = {}
        self.top: dict[int, bool] = {}  # variable -> value
        self.refuted = False

    def _propagate(self, value: dict, queue: list[int]) -> bool:
        """Unit propagation of the literals in ``queue`` (already set in ``value``);
        True on a conflict."""
        while queue:
            x = queue.pop()
            for i in self.occ.get(-x, ()):  # clauses where x made a literal false
                free = None
                for y in self.clauses[i]:
                    v = value.get(abs(y))
                    if v is None:
                        if free is not None:
                            break  # two unassigned literals: nothing yet
                        free = y
                    elif v == (y > 0):
                        break  # satisfied
                else:
                    if free is None:
                        return True  # every literal false
                    value[abs(free)] = free > 0
                    queue.append(free)
        return False

    def add(self, clause: list[int]) -> None:
        c = sorted(set(clause))
        if any(-x in c for x in c) or self.refuted:
            return  # a tautology never propagates
        i = len(self.clauses)
        self.clauses.append(c)
        for x in c:
            self.occ.setdefault(x, []).append(i)
        free = [y for y in c if abs(y) not in self.top]
        if any(self.top[abs(y)] == (y > 0) for y in c if abs(y) in self.top):
            return  # satisfied at the top level
        if not free:
            self.refuted = True
        elif len(free) == 1:
            self.top[abs(free[0])] = free[0] > 0
            self.refuted = self._propagate(self.top, [free[0]])

    def propagates_to_conflict(self, assumptions: list[int]) -> bool:
        """Does unit propagation from the top-level fixpoint and ``assumptions`` conflict?"""
        if self.refuted:
            return True
        value = dict(self.top)
        queue = []
        for x in assumptions:
            v = value.get(abs(x))
            if v is None:
                value[abs(x)] = x > 0
                queue.append(x)
            elif v != (x > 0):
                return True
        return self._propagate(value, queue)


def check(nvars: int, clauses: list[list[int]], items: list[tuple[bool, list[int], int]]) -> RupResult:
    """Forward RUP check of every lemma of ``items`` against ``clauses``."""
    db = _DB()
    for c in clauses:
        db.add(c)
    if db.refuted:
        return RupResult(True, stats={"lemmas_checked": 0})
    checked = 0
    for dele, lits, line in items:
        if dele:
            continue
        if not db.propagates_to_conflict([-x for x in lits]):
            return RupResult(False, f"the lemma at proof line {line} is not implied by unit propagation (not RUP)",
                             {"lemmas_checked": checked})
        checked += 1
        db.add(lits)
        if db.refuted:
            return RupResult(True, stats={"lemmas_checked": checked})
    return RupResult(False, f"no conflict: after all {checked} lemmas unit propagation does not refute the formula "
                            "(the proof is incomplete or truncated, or is for another formula)", {"lemmas_checked": checked})


def check_text(cnf_text: str, proof_text: str) -> RupResult:
    """Parse and check; a malformed proof is a rejection with its reason."""
    nvars, clauses = parse_dimacs(cnf_text)
    try:
        items = parse_drup(proof_text)
    except ParseError as exc:
        return RupResult(False, f"the proof is malformed: {exc}")
    return check(nvars, clauses, items)
