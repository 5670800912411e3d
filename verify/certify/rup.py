"""The second, deliberately simple checker: forward RUP in pure Python, for small proofs.

It shares no code with :mod:`verify.certify.drup_check` (the C checker) or any solver,
and trades speed for being easy to read:

* every lemma of the proof, used or not, must be RUP with respect to the formula and
  *all* earlier lemmas: assigning the negation of its literals and unit-propagating
  (from the top-level unit fixpoint) gives a conflict;
* deletions are ignored (keeping a clause that is implied by the formula is always
  sound; RUP never needs a deletion);
* the proof is accepted at the first lemma after which unit propagation alone refutes
  the formula (normally the empty clause).

Propagation uses two watched literals per clause (:class:`_DB`), as every CDCL solver
and RUP checker does; the assignment of a lemma's negation is undone after its check, so
only the top-level fixpoint is kept.

So it accepts a subset of what a RAT checker would.  It may reject a proof the C checker
accepts only when a lemma the refutation never uses is not RUP; it may accept one the C
checker rejects only when the proof deletes a clause a later lemma needs (the C checker
honours deletions); and it rejects a lemma naming a variable beyond the formula's
(Glucose never writes one; a DRUP lemma has no use for a fresh variable).  The tests
cross-check the two checkers; :data:`verify.certify.checker.PYTHON_LIMIT_BYTES` is the
size it takes.

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
    """Clauses with two watched literals, and the top-level unit-propagation fixpoint
    (the first ``len(trail)`` assignments, never undone), extended as clauses are added;
    ``refuted`` once it conflicts.

    A clause satisfied at the top level is dropped, and literals false at the top level
    are left out of the stored clause: top-level assignments are permanent, so neither
    can ever matter again.  A stored clause has at least two literals and watches its
    first two; a unit is assigned at once.  ``value`` and ``watches`` are indexed by the
    DIMACS literal itself: a list of ``2 * nvars + 1`` entries, where ``-x`` lands at
    ``2 * nvars + 1 - x`` by Python's negative indexing, apart from every ``x``.
    """

    def __init__(self, nvars: int) -> None:
        self.clauses: list[list[int]] = []
        self.watches: list[list[int]] = [[] for _ in range(2 * nvars + 1)]  # literal -> clauses watching it
        self.value = [0] * (2 * nvars + 1)  # literal -> 1 true, -1 false, 0 unassigned
        self.trail: list[int] = []  # the true literals, in the order assigned
        self.refuted = False

    def _propagate(self, head: int) -> bool:
        """Unit propagation of ``trail[head:]`` (already assigned); True on a conflict."""
        value, trail, watches, clauses = self.value, self.trail, self.watches, self.clauses
        while head < len(trail):
            false = -trail[head]
            head += 1
            ws = watches[false]
            j = 0  # ws[:j] are the clauses that keep watching ``false``
            for i, ci in enumerate(ws):
                c = clauses[ci]
                other = c[0]
                if other == false:  # make c[1] the false watch
                    other = c[0] = c[1]
                    c[1] = false
                v = value[other]
                if v == 1:  # satisfied by the other watch
                    ws[j] = ci
                    j += 1
                    continue
                for k in range(2, len(c)):  # a new watch: any literal not false
                    y = c[k]
                    if value[y] != -1:
                        c[1] = y
                        c[k] = false
                        watches[y].append(ci)
                        break
                else:
                    ws[j] = ci
                    j += 1
                    if v == -1:  # every literal false
                        del ws[j:i + 1]  # the rest keep watching it
                        return True
                    value[other] = 1
                    value[-other] = -1
                    trail.append(other)
            del ws[j:]
        return False

    def add(self, clause: list[int]) -> None:
        if self.refuted:
            return
        c = sorted(set(clause))
        if any(-x in c for x in c):
            return  # a tautology never propagates
        value = self.value
        free = []
        for y in c:
            v = value[y]
            if v == 1:
                return  # satisfied at the top level, for good
            if v == 0:
                free.append(y)
        if not free:
            self.refuted = True
        elif len(free) == 1:
            x = free[0]
            value[x], value[-x] = 1, -1
            self.trail.append(x)
            self.refuted = self._propagate(len(self.trail) - 1)
        else:
            i = len(self.clauses)
            self.clauses.append(free)
            self.watches[free[0]].append(i)
            self.watches[free[1]].append(i)

    def propagates_to_conflict(self, assumptions: list[int]) -> bool:
        """Does unit propagation from the top-level fixpoint and ``assumptions`` conflict?
        (The assumptions and what they imply are undone afterwards.)"""
        if self.refuted:
            return True
        value, trail = self.value, self.trail
        mark = len(trail)
        conflict = False
        for x in assumptions:
            v = value[x]
            if v == -1:
                conflict = True
                break
            if v == 0:
                value[x], value[-x] = 1, -1
                trail.append(x)
        if not conflict:
            conflict = self._propagate(mark)
        for x in trail[mark:]:
            value[x] = value[-x] = 0
        del trail[mark:]
        return conflict


def check(nvars: int, clauses: list[list[int]], items: list[tuple[bool, list[int], int]]) -> RupResult:
    """Forward RUP check of every lemma of ``items`` against ``clauses``."""
    db = _DB(nvars)
    for c in clauses:
        db.add(c)
    if db.refuted:
        return RupResult(True, stats={"lemmas_checked": 0})
    checked = 0
    for dele, lits, line in items:
        if dele:
            continue
        if lits and max(map(abs, lits)) > nvars:
            return RupResult(False, f"the lemma at proof line {line} names variable {max(map(abs, lits))}, beyond the "
                                    f"formula's {nvars}", {"lemmas_checked": checked})
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
