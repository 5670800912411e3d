"""shannon-verify: a verification harness for the mathematics of the Shannon game.

The public API (stable names):

>>> from verify import Game, dead_vertices, dead_edges
>>> g = Game.from_edges("0-2,2-1,0-3", terminals=(0, 1))
>>> dead_vertices(g)
{3}
"""

from __future__ import annotations

from .errors import BudgetExceeded, InputError, ShannonVerifyError, TooLargeError

# The public names are imported on first use (PEP 562), so ``shannon-verify dead --hex``
# and ``from verify.game import Game`` do not load networkx, PySAT, z3 or the registry.
_LAZY = {
    "supports": "concepts", "surrounds": "concepts", "threatens": "concepts",
    "Classification": "dead", "Verdict": "dead", "check_live_certificate": "dead", "classify": "dead",
    "dead_edges": "dead", "dead_vertices": "dead", "is_dead_edge": "dead", "is_dead_vertex": "dead",
    "Game": "game", "HexBoard": "hexboard", "Tally": "registry", "statement": "registry",
    "captured": "solve", "dominated": "solve", "dominates": "solve", "link_type": "solve", "lost": "solve",
    "spectator": "solve", "winner": "solve",
}


def __getattr__(name: str):
    mod = _LAZY.get(name)
    if mod is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{mod}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__version__ = "0.1.0"

__all__ = [
    "Game",
    "HexBoard",
    "dead_vertices",
    "dead_edges",
    "is_dead_vertex",
    "is_dead_edge",
    "classify",
    "Classification",
    "Verdict",
    "check_live_certificate",
    "winner",
    "captured",
    "lost",
    "dominates",
    "dominated",
    "spectator",
    "link_type",
    "statement",
    "Tally",
    "threatens",
    "supports",
    "surrounds",
    "ShannonVerifyError",
    "InputError",
    "TooLargeError",
    "BudgetExceeded",
    "__version__",
]
