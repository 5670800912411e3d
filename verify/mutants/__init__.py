"""Mutation testing of the registered checks: every statement that holds can be shown to fail.

For each registered statement that holds (or exhibits an example) in any of the four
papers there is at least one :class:`Mutant` — a perturbation of an oracle the
registered check consults, or of a hypothesis/reading switch of its own module so that
the weakened statement reuses the same enumeration — under which the **registered**
check, run exactly as ``check`` runs it, is refuted with a pinned smallest
counterexample.  ``shannon-verify mutants`` runs them; ``tests/test_mutants_registered.py``
runs each one and enforces the coverage.

The mutants of each paper live in the module named after it: :mod:`.tsd` (and the
project lemma), :mod:`.lnk`, :mod:`.hex`, :mod:`.ssg`.

>>> from verify.mutants import all_mutants
>>> any(m.sid == "TSD.T14" for m in all_mutants())
True
"""

from __future__ import annotations

from .core import Mutant, MutantResult, P, always, applied, const, negate, run_mutant

__all__ = ["Mutant", "MutantResult", "P", "always", "const", "negate", "applied", "run_mutant",
           "all_mutants", "PAPER_MODULES", "paper_of", "coverage"]

PAPER_MODULES = ("tsd", "lnk", "hex", "ssg")


def paper_of(sid: str) -> str:
    """The paper prefix of a statement id (``PROJ`` statements go with TSD's mutants).

    >>> paper_of("HEX.P1/b"), paper_of("PROJ.INDUCED_PATH")
    ('HEX', 'PROJ')
    """
    return sid.split(".")[0]


def all_mutants() -> list[Mutant]:
    """Every mutant of every paper (loads the papers' statements)."""
    import importlib

    from ..registry import load_paper_statements

    load_paper_statements()
    out: list[Mutant] = []
    for name in PAPER_MODULES:
        out += importlib.import_module(f"{__name__}.{name}").MUTANTS
    return out


def coverage(mutants: list[Mutant] | None = None) -> dict[str, list[Mutant]]:
    """Registered paper statements that hold or exhibit → their default-tier (scored) mutants."""
    from ..registry import REGISTRY, paper_prefixes

    mutants = all_mutants() if mutants is None else mutants
    papers = set(paper_prefixes())
    out = {sid: [] for sid, st in REGISTRY.items()  # the papers' statements and the project's lemmas
           if st.expect == "holds" and ((not st.user and sid.split(".")[0] in papers) or sid.startswith("PROJ."))}
    for m in mutants:
        if m.sid in out and m.scored:
            out[m.sid].append(m)
    return out
