"""The papers' tables, recomputed from scratch and compared cell by cell.

Each table is a :class:`~verify.tables.table.Table`: the published rows (in
the paper package's ``published.py``, e.g. :mod:`verify.papers.tsd.published`, used only to compare), the readings of its column
definitions, and a function computing a row.  ``shannon-verify table ID`` prints
the comparison; the registry runs a table as a statement of kind ``table``.

References
----------
.. [1] A. M. Steane, Threat, support and dead edges in the Shannon game, §6, Table 1.

Examples
--------
>>> sorted(tables())
['LNK.TAB1', 'LNK.TAB2', 'LNK.TAB3', 'TSD.TAB1']
>>> get_table("TSD.TAB1").default_reading
'R1'
"""

from __future__ import annotations

from ..errors import InputError
from .table import Table, TableRow

__all__ = ["tables", "get_table", "Table", "TableRow"]


def tables() -> dict[str, Table]:
    """Every table of the papers: the ``meta["table"]`` of each registered statement of kind ``table``."""
    from ..registry import REGISTRY, load_paper_statements

    load_paper_statements()
    return {st.meta["table"].id: st.meta["table"] for st in REGISTRY.values() if st.kind == "table"}


def get_table(table_id: str) -> Table:
    """The table registered as ``table_id``; an unknown id is an InputError.

    >>> get_table("TSD.TAB9")
    Traceback (most recent call last):
    ...
    verify.errors.InputError: No table TSD.TAB9; known tables: LNK.TAB1, LNK.TAB2, LNK.TAB3, TSD.TAB1.
    """
    known = tables()
    try:
        return known[table_id]
    except KeyError:
        raise InputError(f"No table {table_id}; known tables: {', '.join(sorted(known))}.") from None
