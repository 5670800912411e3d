"""Mutants of the registered SSG statements (the Shannon switching game)."""

from __future__ import annotations

from .core import Mutant, P, always, const, negate  # noqa: F401

MUTANTS: list[Mutant] = []
