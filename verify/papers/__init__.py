"""The four papers, one package each, above the shared kernels.

=======  ==========================================================  =========
package  paper                                                       id prefix
=======  ==========================================================  =========
``tsd``  A. M. Steane, *Threat, support and dead edges in the        ``TSD``
         Shannon game*
``lnk``  A. M. Steane, *Minimal and irreducible links in the         ``LNK``
         Shannon game*
``hex``  R. B. Hayward, J. van Rijswijck, *Hex and combinatorics*    ``HEX``
``ssg``  S. M. Chase, *An implemented graph algorithm for winning    ``SSG``
         Shannon switching games*; Lehman's theorem, Gale/Bridg-It
=======  ==========================================================  =========

Each package holds its statements (registered on import), its paper-specific concepts
and its tables, and a ``PENDING`` dict naming every catalogue id of its paper that is
not encoded yet, with the reason.  The shared kernels (game model, solvers, dead-item
oracle, enumeration, registry, sweep) live beside this package in :mod:`verify`.

>>> from verify.papers import PAPERS, pending
>>> PAPERS
('tsd', 'lnk', 'hex', 'ssg')
>>> all(i.split('.')[0] in {'TSD', 'LNK', 'HEX', 'SSG'} for i in pending())
True
"""

from __future__ import annotations

import importlib

__all__ = ["PAPERS", "load", "pending"]

PAPERS = ("tsd", "lnk", "hex", "ssg")


def load() -> None:
    """Import every paper package, so that its statements register themselves."""
    for p in PAPERS:
        importlib.import_module(f"{__name__}.{p}")


def pending() -> dict[str, str]:
    """Catalogue ids not encoded yet, each with the reason, over all papers."""
    out: dict[str, str] = {}
    for p in PAPERS:
        out.update(getattr(importlib.import_module(f"{__name__}.{p}"), "PENDING", {}))
    return out
