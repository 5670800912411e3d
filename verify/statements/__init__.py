"""The papers' statements, registered on import (one module per group of TSD).

Each module's checks use the definitions and the exact oracles, never the statement
being checked; the registry (``verify.registry``) runs them.
"""

from . import tsd_dead, tsd_dual, tsd_figs, tsd_games, tsd_graph, tsd_links, tsd_table  # noqa: F401  (registration happens on import)
