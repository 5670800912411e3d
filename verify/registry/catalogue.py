"""The statement catalogue, ``shared/STATEMENTS.md``: every checkable statement of the papers.

The catalogue is a Markdown file with one section per paper (``## TSD — Title (file.txt)``)
and one table row per statement (``| TSD.T14 | thm | paraphrase |``).  The registry reads
the paper prefixes from it instead of hard-coding them, and the consistency test
demands that each id is registered (possibly as parts ``TSD.T7.i`` or readings
``TSD.T7.ii/a``) or listed as pending by its paper package.

Without the catalogue beside the checkout (an installed package), the prefixes are
those of :data:`verify.papers.PAPERS`.

>>> catalogue_id("TSD.T7.ii/b", ["TSD.T7", "TSD.T7.EX"])
'TSD.T7'
>>> catalogue_id("TSD.T7.EX", ["TSD.T7", "TSD.T7.EX"])
'TSD.T7.EX'
>>> catalogue_id("MY.CONJ", ["TSD.T7"]) is None
True
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "CatalogueEntry",
    "catalogue_path",
    "catalogue",
    "statement_ids_in_catalogue",
    "paper_prefixes",
    "catalogue_id",
    "paper_files",
]

_SECTION = re.compile(r"^## ([A-Z]+) — (.+?) \(([^)]*)\)\s*$", re.M)
_ROW = re.compile(r"^\| ([A-Z]+\.[A-Z0-9.]+) \| ([a-z+]+) \| (.*) \|\s*$", re.M)


@dataclass(frozen=True)
class CatalogueEntry:
    """One row of the catalogue."""

    id: str
    kind: str
    text: str
    paper: str  # the id prefix, e.g. "TSD"


def catalogue_path() -> Path | None:
    """``shared/STATEMENTS.md`` beside the checkout, if present."""
    here = Path(__file__).resolve()
    for up in here.parents:
        cand = up.parent / "shared" / "STATEMENTS.md"
        if cand.exists():
            return cand
    return None


@functools.cache
def _read() -> tuple[tuple[CatalogueEntry, ...], dict[str, str], dict[str, str]]:
    p = catalogue_path()
    if p is None:
        return (), {}, {}
    text = p.read_text()
    entries, titles, files = [], {}, {}
    sections = list(_SECTION.finditer(text))
    for i, sec in enumerate(sections):
        prefix, title, filenames = sec.group(1), sec.group(2), sec.group(3)
        titles[prefix] = title
        for f in re.split(r",\s*", filenames):
            files[f.strip()] = prefix
        end = sections[i + 1].start() if i + 1 < len(sections) else len(text)
        for row in _ROW.finditer(text, sec.end(), end):
            if row.group(1).split(".")[0] == prefix:
                entries.append(CatalogueEntry(row.group(1), row.group(2), row.group(3).strip(), prefix))
    return tuple(entries), titles, files


def catalogue() -> dict[str, CatalogueEntry]:
    """Every catalogue row by id (empty without the catalogue)."""
    return {e.id: e for e in _read()[0]}


def statement_ids_in_catalogue(prefix: str = "") -> list[str]:
    """Every id listed in STATEMENTS.md (optionally only those starting with ``prefix``)."""
    return [e.id for e in _read()[0] if e.id.startswith(prefix)]


def paper_prefixes() -> tuple[str, ...]:
    """The papers' id prefixes: the catalogue's sections, else :data:`verify.papers.PAPERS`."""
    titles = _read()[1]
    if titles:
        return tuple(titles)
    from ..papers import PAPERS

    return tuple(p.upper() for p in PAPERS)


def paper_files() -> dict[str, str]:
    """Paper file name → id prefix (``"000_5ace32d4bebf4a78.txt" → "TSD"``)."""
    return dict(_read()[2])


def catalogue_id(sid: str, ids: list[str] | None = None) -> str | None:
    """The catalogue id a registered id stands for: readings (``/a``) and parts
    (``.i``, ``.ii``, lower-case suffixes) are stripped; None for a user's id."""
    ids = statement_ids_in_catalogue() if ids is None else ids
    base = sid.split("/")[0]
    known = set(ids)
    while base:
        if base in known:
            return base
        head, _, tail = base.rpartition(".")
        if not head or tail != tail.lower():  # only lower-case parts are stripped
            return None
        base = head
    return None
