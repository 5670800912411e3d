"""Mutants of the registered HEX statements (Hex as a Shannon game)."""

from __future__ import annotations

from .core import Mutant, P, always, const, negate  # noqa: F401

MUTANTS: list[Mutant] = []
