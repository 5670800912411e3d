"""A published table, how to recompute its rows, and the cell-by-cell comparison.

A :class:`Table` names the published columns, holds the published rows (data for
comparison only, see the paper package's ``published.py``, e.g. :mod:`verify.papers.tsd.published`) and a ``compute`` function
that returns every computed column of one row from scratch.  A *reading* maps each
published column to one computed column: where the paper's definition admits more
than one reading, all are computed in the same pass and each is compared.

Examples
--------
>>> t = Table("X.T", "toy", "", ("graphs", "even"), {2: (1, 0)},
...           {"A": ("graphs", "even"), "B": ("graphs", "odd")}, {"A": "", "B": ""}, "A",
...           lambda n, **kw: TableRow(n, {"graphs": 1, "even": 0, "odd": 1}, graphs=1))
>>> row = t.compute(2)
>>> t.mismatches(row, "A"), t.mismatches(row, "B")
([], [{'column': 'even', 'computed': 1, 'published': 0}])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from ..errors import InputError

__all__ = ["Table", "TableRow"]


@dataclass
class TableRow:
    """One computed row: every computed column, graphs examined, seconds, method."""

    n: int
    columns: dict[str, int]
    graphs: int = 0
    seconds: float = 0.0
    method: str = ""
    extra: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Table:
    """A published table and the means to recompute and compare it."""

    id: str
    title: str
    source: str
    headers: tuple[str, ...]
    published: Mapping[int, tuple[int, ...]]
    readings: Mapping[str, tuple[str, ...]]
    reading_notes: Mapping[str, str]
    default_reading: str
    compute: Callable[..., TableRow]
    safe_max_n: int = 11
    beyond: str = "would take days"  # what rows above safe_max_n cost, measured (shown when refused)
    alternatives: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    recorded: Mapping[str, tuple[tuple[int, str, object, object], ...]] = field(default_factory=dict)

    def check_reading(self, reading: str | None) -> str:
        """``reading``, or the default one; an unknown reading is an InputError."""
        reading = reading or self.default_reading
        if reading not in self.readings:
            raise InputError(f"{self.id} has no reading {reading!r}; choose one of {', '.join(self.readings)}.")
        return reading

    def select(self, row: TableRow, reading: str) -> tuple[int, ...]:
        """The computed values of the published columns under ``reading``."""
        return tuple(row.columns[key] for key in self.readings[reading])

    def mismatches(self, row: TableRow, reading: str) -> list[dict]:
        """Every cell of ``row`` that differs from the published row (none if unpublished)."""
        pub = self.published.get(row.n)
        if pub is None:
            return []
        return [
            {"column": h, "computed": c, "published": p}
            for h, c, p in zip(self.headers, self.select(row, reading), pub)
            if c != p
        ]

    def judge(self, cells: list[dict], reading: str, rows: set[int] | range) -> tuple[str, list[str]]:
        """The verdict of the differing ``cells`` (dicts with n, column, computed,
        published) of the computed ``rows`` under ``reading``, and what is wrong.

        A reading not in :attr:`recorded` must reproduce every published cell: verdict
        ``holds``, else ``fails``.  A reading recorded as differing from the paper pins
        its differing cells exactly, as ``(n, column, computed, published)``: the verdict
        is ``refuted`` when the cells of ``rows`` are exactly the pinned ones (``holds``
        when none is pinned there), and ``fails`` on a new differing cell, a pinned cell
        with another computed or published value, or a pinned cell that now agrees.

        >>> t = Table("X.T", "toy", "", ("a",), {2: (1,), 3: (2,)}, {"R": ("a",)}, {"R": ""}, "R",
        ...           lambda n, **kw: None, recorded={"R": ((3, "a", 5, 2),)})
        >>> t.judge([{"n": 3, "column": "a", "computed": 5, "published": 2}], "R", range(2, 4))
        ('refuted', [])
        >>> t.judge([{"n": 3, "column": "a", "computed": 6, "published": 2}], "R", range(2, 4))[1]
        ['n=3 a: computed 6, the recorded refutation has 5 (published 2)']
        >>> t.judge([], "R", range(2, 4))[1]
        ['n=3 a: now agrees with the paper; the recorded refutation had computed 5, published 2']
        """
        pinned = {(c[0], c[1]): (c[2], c[3]) for c in self.recorded.get(reading, ()) if c[0] in rows}
        found = {(c["n"], c["column"]): (c["computed"], c["published"]) for c in cells}
        problems = []
        for (n, col), (comp, pub) in sorted(found.items()):
            if (n, col) not in pinned:
                problems.append(f"n={n} {col}: computed {comp}, published {pub}" +
                                (" (a new differing cell)" if reading in self.recorded else ""))
            elif pinned[(n, col)] != (comp, pub):
                rc, rp = pinned[(n, col)]
                problems.append(f"n={n} {col}: computed {comp}, the recorded refutation has {rc}"
                                + (f" (published {pub})" if pub == rp else f" (published {pub}, recorded {rp})"))
        for (n, col), (rc, rp) in sorted(pinned.items()):
            if (n, col) not in found:
                problems.append(f"n={n} {col}: now agrees with the paper; the recorded refutation had computed {rc}, published {rp}")
        if problems:
            return "fails", problems
        return ("refuted" if found else "holds"), []

    def alternative_matches(self, rows: list[TableRow]) -> list[tuple[str, str, int, int]]:
        """(header, alternative, rows matching, rows compared) for each alternative column.

        An alternative is another computed column that could be meant by a header
        (for example another pairing of conditions); it is compared, never chosen.
        """
        out = []
        for header, alts in self.alternatives.items():
            i = self.headers.index(header)
            compared = [r for r in rows if r.n in self.published]
            for label, key in alts.items():
                same = sum(r.columns[key] == self.published[r.n][i] for r in compared)
                out.append((header, label, same, len(compared)))
        return out

    def rows(self, min_n: int, max_n: int, per_n: Callable[[int], dict] | None = None, **kwargs) -> Iterator[TableRow]:
        """Computed rows for ``n = min_n .. max_n`` (keyword arguments go to ``compute``;
        ``per_n(n)`` adds keyword arguments for one ``n``, e.g. its stored shards)."""
        if not 1 <= min_n <= max_n:
            raise InputError(f"Need 1 ≤ --min-n ≤ --max-n; got {min_n} and {max_n}.")
        for n in range(min_n, max_n + 1):
            yield self.compute(n, **kwargs, **(per_n(n) if per_n else {}))
