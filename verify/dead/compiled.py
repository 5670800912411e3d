"""The compiled dead-vertex oracle: the dead vertices of many games, in C.

A non-terminal vertex ``v`` of a Shannon game is *dead* when, for every complete
colouring, the winner does not depend on the colour of ``v`` ([1]_, §5).  By the
project's induced-path lemma (``PROJ.INDUCED_PATH``, ``docs/tools/dead.md``) ``v`` is dead
exactly when it lies on no induced (chordless) path between the two terminals, and
that is what the kernel decides.

The work is done by ``dead_kernel.c`` (beside this module; bitmask adjacency, at most
:data:`MAX_N` = 32 vertices; graph6 is read by the shared ``verify/include/graph6.h``):
a depth-first search that grows an induced path from the first terminal (a new vertex
must be adjacent to the path's last vertex only) and records every vertex of each path
that reaches the second terminal, cutting a branch only when it can no longer reach the
second terminal or can find no vertex not yet known live.  It is compiled on first use
by :func:`verify.tables.kernel.compiled` into the kernel cache.  One process answers
many games: :class:`CompiledDead` keeps it open and :meth:`CompiledDead.dead_many`
streams games through it in chunks.  Each answer is recorded in the oracle ledger as
``dead-kernel`` (:mod:`verify.backing`: a C kernel, cross-checked in tests — against
:mod:`verify.dead.brute`, the definition by colourings, on every connected game up to 7
vertices with every terminal pair and on random games of 8–14 vertices, and beyond
brute force against the dead map and :mod:`verify.dead.paths` on random games of up to
29 vertices, in ``tests/test_dead_compiled.py``).

Without a C compiler every entry point raises
:class:`~verify.errors.ShannonVerifyError` in one sentence;
:func:`verify.dead.dead_vertices` answers the same question in Python.  The statements'
checks do not call this module.

References
----------
.. [1] A. M. Steane, Threat, support and dead edges in the Shannon game, §5.

Examples
--------
>>> from verify.game import Game
>>> dead_vertices(Game.from_edges("0-2,2-1,0-3,2-3", terminals=(0, 1)))
{3}
>>> dead_vertices_many([Game.from_hex("2x2"), Game.from_edges("0-1,0-2", terminals=(0, 1))])
[set(), {2}]
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..errors import ShannonVerifyError, TooLargeError
from ..game import Game, bits
from ..solve.compiled import LineKernel

__all__ = ["KERNEL", "MAX_N", "CompiledDead", "kernel_executable", "game_line", "dead_vertices",
           "dead_vertices_many", "brute_dead", "paths_dead", "mismatches"]

KERNEL = Path(__file__).with_name("dead_kernel.c")
MAX_N = 32
"""The kernel's limit: one 32-bit mask per vertex."""


NO_COMPILER = ("The compiled dead-vertex oracle needs a C compiler (gcc, or $SHANNON_VERIFY_CC); "
               "verify.dead.dead_vertices answers the same question without one.")


def kernel_executable() -> Path:
    """The compiled kernel (built on first use); a :class:`ShannonVerifyError` without a
    C compiler."""
    from ..tables.kernel import compiled

    exe = compiled(KERNEL)
    if exe is None:
        raise ShannonVerifyError(NO_COMPILER)
    return exe


def game_line(game: Game) -> str:
    """The kernel's input line for ``game``: ``"<graph6> <t1> <t2>"`` (internal indices).

    >>> game_line(Game.from_edges("0-2,2-1", terminals=(0, 1)))
    'BW 0 1'
    """
    from ..solve.compiled import graph6_of

    if game.n > MAX_N:
        raise TooLargeError(f"The compiled dead-vertex oracle takes at most {MAX_N} vertices, not {game.n}.")
    t1, t2 = game.terminal_indices
    return f"{graph6_of(game.adjacency, game.n)} {t1} {t2}"


def _decode(line: str, game: Game) -> set:
    """The labels of the dead vertices in the kernel's answer ``line`` (a decimal mask of
    non-terminals); a garbled line is a :class:`ShannonVerifyError`."""
    t1, t2 = game.terminal_indices
    try:
        mask = int(line.strip())
        if mask < 0 or mask >> game.n or mask >> t1 & 1 or mask >> t2 & 1:
            raise ValueError
    except ValueError:
        raise ShannonVerifyError(f"The compiled dead-vertex oracle answered {line.strip()!r}.") from None
    labels = game.vertices
    return {labels[i] for i in bits(mask)}


class CompiledDead(LineKernel):
    """One process of the compiled dead-vertex kernel, kept open for many games.

    Examples
    --------
    >>> from verify.game import Game
    >>> with CompiledDead() as k:
    ...     k.dead_vertices(Game.from_edges("0-2,2-1,0-3", terminals=(0, 1)))
    {3}
    """

    WHAT = "The compiled dead-vertex oracle"
    LEDGER = "dead-kernel"

    def __init__(self) -> None:
        super().__init__([str(kernel_executable())])

    def dead_many(self, games: Iterable[Game]) -> Iterator[set]:
        """The set of dead vertices (labels) of every game, in order, streamed through the one process."""
        return self._stream(games, game_line, _decode)

    def dead_vertices(self, game: Game) -> set:
        """The dead vertices (labels) of one game."""
        return next(self.dead_many([game]))


_local = threading.local()  # one kernel process per thread (and per process): answers never cross


def _default() -> CompiledDead:
    k = getattr(_local, "kernel", None)
    if k is None or k.pid != os.getpid() or k.proc.poll() is not None:
        k = _local.kernel = CompiledDead()
    return k


def dead_vertices(game: Game) -> set:
    """The dead non-terminal vertices of ``game`` (labels), from this thread's kernel process.

    >>> dead_vertices(Game.from_edges("0-2,2-1,0-3", terminals=(0, 1)))
    {3}
    """
    return _default().dead_vertices(game)


def dead_vertices_many(games: Iterable[Game]) -> list[set]:
    """The dead vertices of every game, streamed through this thread's kernel process.

    >>> dead_vertices_many([Game.from_edges("0-2,2-1", terminals=(0, 1))] * 2)
    [set(), set()]
    """
    return list(_default().dead_many(games))


# ------------------------------------------------------------------ cross-checks
def brute_dead(game: Game) -> set:
    """The dead vertices from the trusted oracle :mod:`verify.dead.brute` (every complete
    colouring; at most 22 non-terminals).

    >>> brute_dead(Game.from_edges("0-2,2-1,0-3", terminals=(0, 1)))
    {3}
    """
    from .brute import classify

    t1, t2 = game.terminal_indices
    items = [("vertex", i) for i in range(game.n) if i not in (t1, t2)]
    return {v.item[1] for v in classify(game, items).values() if v.dead}


def paths_dead(game: Game) -> set:
    """The dead vertices from the induced-path search :mod:`verify.dead.paths`.

    >>> paths_dead(Game.from_edges("0-2,2-1,0-3", terminals=(0, 1)))
    {3}
    """
    from .paths import classify

    t1, t2 = game.terminal_indices
    items = [("vertex", i) for i in range(game.n) if i not in (t1, t2)]
    return {v.item[1] for v in classify(game, items).values() if v.dead}


def mismatches(games: Iterable[Game], answers: Iterable[set], reference=brute_dead) -> list[tuple]:
    """``(game, answer, expected)`` for every game whose answer differs from
    ``reference(game)`` (default: :func:`brute_dead`); a missing or extra answer is a
    mismatch too.

    >>> g = Game.from_edges("0-2,2-1,0-3", terminals=(0, 1))
    >>> mismatches([g], [{3}]), len(mismatches([g], [set()]))
    ([], 1)
    """
    out = []
    games, answers = list(games), list(answers)
    for k in range(max(len(games), len(answers))):
        g = games[k] if k < len(games) else None
        a = answers[k] if k < len(answers) else None
        expect = reference(g) if g is not None else None
        if a != expect:
            out.append((g, a, expect))
    return out
