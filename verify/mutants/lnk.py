"""Mutants of the registered LNK statements (Minimal and irreducible links)."""

from __future__ import annotations

from .core import Mutant, P, always, const, negate  # noqa: F401

MUTANTS: list[Mutant] = []
