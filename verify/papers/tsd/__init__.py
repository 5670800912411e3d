"""TSD: Threat, support and dead edges in the Shannon game (A. M. Steane).

Statements register on import; ``PENDING`` names the catalogue ids not encoded yet.
"""

from ... import statements  # noqa: F401  (registration happens on import)

PENDING: dict[str, str] = {}
