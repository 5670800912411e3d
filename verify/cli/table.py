"""``shannon-verify table``: recompute a published table and compare it cell by cell.

Each row is computed from scratch (for ``TSD.TAB1``: ``geng -c`` piped into a C
kernel, sharded over ``--jobs`` processes), printed beside the published row, and
every cell that differs is marked — never hidden.  Columns whose definition has
another reading are shown for that reading too.  A reading recorded as differing
from the paper pins its differing cells (:attr:`verify.tables.Table.recorded`).
Exit status 1 when the comparison under the chosen reading is not what is on record:
a published cell differs where none is recorded, or a recorded reading differs in
any other cell or value than the pinned ones (a new differing cell, another computed
value, a pinned cell that now agrees).

References
----------
.. [1] A. M. Steane, Threat, support and dead edges in the Shannon game, §6, Table 1.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import InputError
from ..tables import get_table
from ..tables.kernel import default_jobs
from ..tables.table import Table, TableRow

__all__ = ["register"]

GENG_MAX_N = 32
WIDTH = 11


def register(sub) -> None:
    p = sub.add_parser(
        "table",
        help="recompute a table of the papers and compare it with the published one",
        description="Recompute a published table row by row from scratch and compare every cell with "
        "the paper; differing cells are marked with '*'.  Exit status 1 when the comparison under the chosen "
        "reading is not what is on record: a differing cell where the reading is recorded as reproducing the paper, or "
        "any cell or value other than the pinned ones where it is recorded as differing.",
    )
    p.add_argument("table_id", metavar="ID", help="the table, e.g. TSD.TAB1")
    p.add_argument("--max-n", type=int, help="largest number of vertices (default: the last published row)")
    p.add_argument("--min-n", type=int, default=1, help="smallest number of vertices (default 1)")
    p.add_argument("--jobs", type=int, help="worker processes (default: all cores)")
    p.add_argument("--reading", help="reading of the column definitions to compare (default: the table's)")
    p.add_argument("--force", action="store_true", help="allow --max-n beyond the table's safe limit")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bars")
    p.set_defaults(run=run_table)


def _check_args(table: Table, args: argparse.Namespace) -> tuple[int, int, int, str]:
    reading = table.check_reading(args.reading)
    hi = min(max(table.published), max(table.safe_max_n, args.min_n)) if args.max_n is None else args.max_n
    if args.max_n is None and max(table.published) > hi and not args.json:
        print(f"note: rows {hi + 1}..{max(table.published)} are published too; rows above n = {table.safe_max_n} "
              f"{table.beyond} (--max-n {max(table.published)} --force)", file=sys.stderr)
    lo = args.min_n
    if not 1 <= lo <= hi:
        raise InputError(f"Need 1 ≤ --min-n ≤ --max-n; got {lo} and {hi}.")
    if hi > GENG_MAX_N:
        raise InputError(f"--max-n must be at most {GENG_MAX_N}.")
    if hi > table.safe_max_n and not args.force:
        raise InputError(f"Rows above n = {table.safe_max_n} {table.beyond}; add --force to run them anyway.")
    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        raise InputError("--jobs must be at least 1.")
    return lo, hi, jobs, reading


def _row_json(table: Table, row: TableRow, reading: str) -> dict:
    return {
        "n": row.n,
        "graphs": row.graphs,
        "computed": list(table.select(row, reading)),
        "published": list(table.published[row.n]) if row.n in table.published else None,
        "mismatches": table.mismatches(row, reading),
        "readings": {
            r: {"computed": list(table.select(row, r)), "mismatches": table.mismatches(row, r)} for r in table.readings
        },
        "columns": row.columns,
        "seconds": round(row.seconds, 3),
        "method": row.method,
    }


def _extra_columns(table: Table, reading: str) -> list[tuple[str, str, int]]:
    """(other reading, header, column index) for each column where another reading differs."""
    mine = table.readings[reading]
    return [
        (r, h, i)
        for r, keys in table.readings.items()
        if r != reading
        for i, h in enumerate(table.headers)
        if keys[i] != mine[i]
    ]


def _cell(value: int, published: int | None) -> str:
    mark = "*" if published is not None and value != published else " "
    return f"{value:>{WIDTH}}{mark}"


def _print_header(table: Table, reading: str, extra) -> None:
    print(f"{table.id}: {table.title}")
    print(f"reading {reading}: {table.reading_notes[reading]}")
    for r in table.readings:
        if r != reading:
            print(f"reading {r} (extra columns): {table.reading_notes[r]}")
    print("cells marked * differ from the published value; a 'paper' line follows such a row\n")
    head = f"{'n':>5} " + "".join(f"{h:>{WIDTH}} " for h in table.headers)
    if extra:
        head += " |" + "".join(f"{(h + ' ' + r):>{WIDTH}} " for r, h, _ in extra)
    print(head + " |     time")


def _print_row(table: Table, row: TableRow, reading: str, extra) -> None:
    pub = table.published.get(row.n)
    mine = table.select(row, reading)
    line = f"{row.n:>5} " + "".join(_cell(v, pub[i] if pub else None) for i, v in enumerate(mine))
    if extra:
        line += " |" + "".join(_cell(table.select(row, r)[i], pub[i] if pub else None) for r, _, i in extra)
    line += f" | {row.seconds:7.2f} s" + ("" if pub else "  (not in the paper)")
    print(line)
    if pub and table.mismatches(row, reading):
        print("paper " + "".join(f"{v:>{WIDTH}} " for v in pub))
    sys.stdout.flush()


def _cells(table: Table, rows: list[TableRow], reading: str) -> list[dict]:
    return [{"n": row.n, **m} for row in rows for m in table.mismatches(row, reading)]


def _summary(table: Table, rows: list[TableRow], reading: str) -> None:
    compared = [r for r in rows if r.n in table.published]
    cells = len(compared) * len(table.headers)
    total = sum(r.seconds for r in rows)
    graphs = sum(r.graphs for r in rows)
    print(f"\n{graphs} graphs in {total:.1f} s ({rows[0].method}).")
    ns = {row.n for row in rows}
    for r in [reading] + [x for x in table.readings if x != reading]:
        bad = sum(len(table.mismatches(row, r)) for row in compared)
        verdict = f"all {cells} published cells match" if not bad else f"{bad} of {cells} published cells differ"
        judged, problems = table.judge(_cells(table, rows, r), r, ns)
        if judged == "refuted":
            verdict += ", exactly the cells on record"
        elif problems and r in table.recorded:
            verdict += f"; not as on record: {'; '.join(problems)}"
        print(f"reading {r}: {verdict}" + (" (the chosen reading)" if r == reading else ""))
    for header, label, same, n_rows in table.alternative_matches(compared):
        print(f"column {header!r} as {label}: {same} of {n_rows} rows match")


def run_table(args: argparse.Namespace) -> int:
    table = get_table(args.table_id)
    lo, hi, jobs, reading = _check_args(table, args)
    progress = not args.no_progress and sys.stderr.isatty()
    extra = _extra_columns(table, reading)
    rows: list[TableRow] = []
    if not args.json:
        _print_header(table, reading, extra)
    for row in table.rows(lo, hi, jobs=jobs, progress=progress):
        rows.append(row)
        if not args.json:
            _print_row(table, row, reading, extra)
    bad = sum(len(table.mismatches(row, reading)) for row in rows)
    verdict, problems = table.judge(_cells(table, rows, reading), reading, {row.n for row in rows})
    if args.json:
        out = {
            "table": table.id,
            "title": table.title,
            "reading": reading,
            "headers": list(table.headers),
            "jobs": jobs,
            "rows": [_row_json(table, row, reading) for row in rows],
            "mismatched_cells": bad,
            "matches": bad == 0,
            "verdict": verdict,
            "as_recorded": verdict != "fails",
            "problems": problems,
            "recorded": [list(c) for c in table.recorded.get(reading, ()) if c[0] in {row.n for row in rows}],
            "alternatives": [
                {"column": h, "as": label, "rows_matching": same, "rows_compared": k}
                for h, label, same, k in table.alternative_matches(rows)
            ],
            "seconds": round(sum(r.seconds for r in rows), 3),
        }
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        _summary(table, rows, reading)
    return 1 if verdict == "fails" else 0
