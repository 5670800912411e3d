"""The compiled Shannon-game solver: who wins, and the winning first moves, in C.

The *Shannon game* (the vertex version of [1]_, §2) is a graph with two terminals;
Short colours a non-terminal vertex, Cut deletes one, and Short wins when a path of
coloured vertices joins the terminals.  For a game ``G`` this module answers, in one
call, the four things a check usually asks: the winner ``W(G, Short)`` with Short to
move, the winner ``W(G, Cut)`` with Cut to move, Short's winning first moves and Cut's
winning first moves (both empty when the game is settled before any move, as in
:func:`verify.solve.minimax.winning_moves`).

The work is done by ``shannon_kernel.c`` (beside this module; bitmask adjacency, at most
:data:`MAX_N` = 32 vertices, memoised negamax on the shorted and deleted sets; graph6 is
read by the shared ``verify/include/graph6.h``), compiled on first use by
:func:`verify.tables.kernel.compiled` into the kernel cache.  One process answers many
games: :class:`CompiledSolver` keeps it open, and :meth:`CompiledSolver.solve_many`
streams games through it in chunks.  Each answer is recorded in the oracle ledger as
``shannon-kernel`` (:mod:`verify.backing`: a C kernel, cross-checked in tests — against
:mod:`verify.solve.minimax` on every game up to 6 vertices in ``tests/test_solve_compiled.py``,
on every game of 7 and random games of 8–12 vertices in the deep tier, and against
FastSolver on random cubic games of 14–20 vertices).

Without a C compiler every entry point but :func:`winners` raises
:class:`~verify.errors.ShannonVerifyError` in one sentence;
:class:`~verify.solve.fast.FastSolver` answers the same questions in Python (and
:func:`winners`, the route for the winners of many games, falls back to it).

References
----------
.. [1] A. M. Steane, Threat, support and dead edges in the Shannon game, §2.

Examples
--------
>>> from verify.game import Game
>>> g = Game.from_edges("0-2,2-1,0-3,3-1,2-3", terminals=(0, 1))
>>> solve(g)
Answer(short_first='Short', cut_first='Short', short_moves=(2, 3), cut_moves=())
>>> graph6_of((0b0100, 0b0100, 0b0011), 3)
'BW'
"""

from __future__ import annotations

import os
import subprocess
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from ..backing import used
from ..kernel_exit import stop_at_exit
from ..errors import ShannonVerifyError, TooLargeError
from ..game import CUT, SHORT, Game, bits

__all__ = ["KERNEL", "MAX_N", "Answer", "CompiledSolver", "kernel_executable", "graph6_of", "game_line",
           "available", "winners", "solve", "solve_many", "short_wins", "winner", "winning_moves", "minimax_answer", "mismatches"]

KERNEL = Path(__file__).with_name("shannon_kernel.c")
MAX_N = 32
"""The kernel's limit: one 32-bit mask per vertex (an exhaustive search far beyond 20
vertices would not finish anyway)."""

CHUNK = 256
"""Games written to the kernel before their answers are read: the answers of a chunk
(at most 27 bytes each) fit a pipe's buffer, so neither side waits on the other."""

NO_COMPILER = ("The compiled Shannon solver needs a C compiler (gcc, or $SHANNON_VERIFY_CC); "
               "FastSolver answers the same questions without one.")


class Answer(NamedTuple):
    """What the solver says about one game: the winner with Short first and with Cut
    first (``"Short"`` / ``"Cut"``), and each player's winning first moves (labels, in the
    game's vertex order)."""

    short_first: str
    cut_first: str
    short_moves: tuple
    cut_moves: tuple


def kernel_executable() -> Path:
    """The compiled kernel (built on first use); a :class:`ShannonVerifyError` without a
    C compiler."""
    from ..tables.kernel import compiled

    exe = compiled(KERNEL)
    if exe is None:
        raise ShannonVerifyError(NO_COMPILER)
    return exe


def graph6_of(adj: tuple[int, ...] | list[int], n: int) -> str:
    """graph6 of bitmask adjacency on vertices ``0 .. n-1`` (``n`` ≤ 62).

    >>> graph6_of((0b10, 0b01), 2), graph6_of((0, 0, 0, 0), 4)
    ('A_', 'C?')
    """
    out = [chr(63 + n)]
    acc = nb = 0
    for j in range(1, n):  # the upper triangle column by column, six bits a byte
        row = adj[j]
        for i in range(j):
            acc = acc << 1 | (row >> i & 1)
            nb += 1
            if nb == 6:
                out.append(chr(63 + acc))
                acc = nb = 0
    if nb:
        out.append(chr(63 + (acc << (6 - nb))))
    return "".join(out)


def game_line(game: Game) -> str:
    """The kernel's input line for ``game``: ``"<graph6> <t1> <t2>"`` (internal indices).

    >>> game_line(Game.from_edges("0-2,2-1", terminals=(0, 1)))
    'BW 0 1'
    """
    if game.n > MAX_N:
        raise TooLargeError(f"The compiled Shannon solver takes at most {MAX_N} vertices, not {game.n}.")
    t1, t2 = game.terminal_indices
    return f"{graph6_of(game.adjacency, game.n)} {t1} {t2}"


_NAME = {"S": SHORT, "C": CUT}


def _decode(line: str, game: Game) -> Answer:
    try:
        a, b, ms, mc = line.split()
        ms, mc = int(ms), int(mc)
        first, second = _NAME[a], _NAME[b]
        if ms < 0 or mc < 0 or max(ms, mc) >> game.n:
            raise ValueError
    except (KeyError, ValueError):
        raise ShannonVerifyError(f"The compiled Shannon solver answered {line.strip()!r}.") from None
    labels = game.vertices
    return Answer(first, second, tuple(labels[i] for i in bits(ms)) if ms else (),
                  tuple(labels[i] for i in bits(mc)) if mc else ())


class LineKernel:
    """A compiled kernel kept open for many games: one line per game in, one answer line
    per game out, streamed in chunks of :data:`CHUNK` lines.  Subclasses name themselves
    (``WHAT``, for the stop error) and their ledger entry (``LEDGER``); they are context
    managers, and a forked child starts a kernel of its own rather than share the pipes."""

    WHAT = "The compiled kernel"
    LEDGER = ""

    def __init__(self, argv: list[str]) -> None:
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        self.games = 0
        self.pid = os.getpid()  # the process that owns the pipes (a forked child starts its own)
        stop_at_exit(self, "close")  # kernels kept per pool thread are closed at exit

    def __enter__(self) -> "LineKernel":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """End the kernel process (idempotent; in a forked child, only its copies of the pipes)."""
        p = self.proc
        if self.pid != os.getpid():
            for f in (p.stdin, p.stdout, p.stderr):
                if f is not None:
                    f.close()
            return
        if p.poll() is None:
            assert p.stdin is not None
            try:
                p.stdin.close()
            except OSError:
                pass
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        for f in (p.stdout, p.stderr):
            if f is not None:
                f.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def _failed(self) -> ShannonVerifyError:
        self.proc.wait()
        err = self.proc.stderr.read().strip() if self.proc.stderr else ""
        return ShannonVerifyError(f"{self.WHAT} stopped: {err or f'exit status {self.proc.returncode}'}")

    def _stream(self, games: Iterable[Game], line_of, decode) -> Iterator:
        """``decode(answer line, game)`` for every game, in order (``line_of(game)``: its input line)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        chunk: list[Game] = []
        it = iter(games)
        while True:
            chunk.clear()
            for g in it:
                chunk.append(g)
                if len(chunk) == CHUNK:
                    break
            if not chunk:
                return
            text = "".join(line_of(g) + "\n" for g in chunk)
            used(self.LEDGER)
            try:
                self.proc.stdin.write(text)
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError):
                raise self._failed() from None
            answers = []
            for g in chunk:
                line = self.proc.stdout.readline()
                if not line:
                    raise self._failed()
                answers.append(decode(line, g))
            self.games += len(chunk)
            yield from answers


class CompiledSolver(LineKernel):
    """One process of the compiled kernel, kept open for many games.

    Parameters
    ----------
    table_bits : int
        The transposition table holds ``2**table_bits`` entries of 16 bytes (default 20:
        16 MiB); a full table is emptied and the search goes on.

    Examples
    --------
    >>> from verify.game import Game
    >>> with CompiledSolver() as s:
    ...     s.winner(Game.from_edges("0-2,2-1", terminals=(0, 1)), "Cut")
    'Cut'
    """

    WHAT = "The compiled Shannon solver"
    LEDGER = "shannon-kernel"

    def __init__(self, table_bits: int = 20) -> None:
        if not 4 <= table_bits <= 30:
            raise ShannonVerifyError(f"table_bits must be between 4 and 30, not {table_bits}.")
        super().__init__([str(kernel_executable()), "-b", str(table_bits)])

    def solve_many(self, games: Iterable[Game]) -> Iterator[Answer]:
        """The :class:`Answer` of every game, in order, streamed through the one process."""
        return self._stream(games, game_line, _decode)

    def solve(self, game: Game) -> Answer:
        """The :class:`Answer` for one game."""
        return next(self.solve_many([game]))

    def short_wins(self, game: Game, to_move: str) -> bool:
        """True when Short wins ``game`` with ``to_move`` to play."""
        a = self.solve(game)
        return (a.short_first if to_move == SHORT else a.cut_first) == SHORT

    def winner(self, game: Game, first: str = SHORT) -> str:
        """W(G, P) with ``first`` to move."""
        a = self.solve(game)
        return a.short_first if first == SHORT else a.cut_first

    def winning_moves(self, game: Game, player: str) -> list:
        """Every move that wins for ``player`` moving first (empty if the game is settled)."""
        a = self.solve(game)
        return list(a.short_moves if player == SHORT else a.cut_moves)


_local = threading.local()  # one kernel process per thread (and per process): answers never cross


def _default() -> CompiledSolver:
    s = getattr(_local, "solver", None)
    if s is None or s.pid != os.getpid() or s.proc.poll() is not None:
        s = _local.solver = CompiledSolver()
    return s


def available() -> bool:
    """True when a C compiler is found (the kernel can be built).

    >>> isinstance(available(), bool)
    True
    """
    from ..tables.kernel import find_cc

    return find_cc() is not None


def winners(games: Iterable[Game]) -> list[tuple[str, str]]:
    """``(W(G, Short), W(G, Cut))`` of every game: the compiled solver's where a C compiler
    is found, else :class:`~verify.solve.fast.FastSolver`'s (the route a check takes for
    many winners; the ledger records which answered).

    >>> winners([Game.from_edges("0-2,2-1", terminals=(0, 1))])
    [('Short', 'Cut')]
    """
    games = list(games)
    if available():
        return [(a.short_first, a.cut_first) for a in solve_many(games)]
    from .fast import FastSolver

    fs = FastSolver()
    return [(fs.winner(g, SHORT), fs.winner(g, CUT)) for g in games]


def solve(game: Game) -> Answer:
    """The :class:`Answer` for ``game`` from this thread's kernel process.

    >>> solve(Game.from_edges("0-2,2-1", terminals=(0, 1)))
    Answer(short_first='Short', cut_first='Cut', short_moves=(2,), cut_moves=(2,))
    """
    return _default().solve(game)


def solve_many(games: Iterable[Game]) -> Iterator[Answer]:
    """The :class:`Answer` of every game, streamed through this thread's kernel process."""
    return _default().solve_many(games)


def short_wins(game: Game, to_move: str) -> bool:
    """True when Short wins ``game`` with ``to_move`` to play."""
    return _default().short_wins(game, to_move)


def winner(game: Game, first: str = SHORT) -> str:
    """W(G, P) with ``first`` to move."""
    return _default().winner(game, first)


def winning_moves(game: Game, player: str) -> list:
    """Every move that wins for ``player`` moving first."""
    return _default().winning_moves(game, player)


# ------------------------------------------------------------------ cross-checks
def minimax_answer(game: Game) -> Answer:
    """The same :class:`Answer` from the trusted oracle :mod:`verify.solve.minimax`.

    >>> minimax_answer(Game.from_edges("0-2,2-1", terminals=(0, 1)))
    Answer(short_first='Short', cut_first='Cut', short_moves=(2,), cut_moves=(2,))
    """
    from . import minimax

    memo: dict = {}
    return Answer(SHORT if minimax.short_wins(game, SHORT, memo) else CUT,
                  SHORT if minimax.short_wins(game, CUT, memo) else CUT,
                  tuple(minimax.winning_moves(game, SHORT)), tuple(minimax.winning_moves(game, CUT)))


def mismatches(games: Iterable[Game], answers: Iterable[Answer], reference=minimax_answer) -> list[tuple]:
    """``(game, answer, expected)`` for every game whose answer differs from
    ``reference(game)`` (default: :func:`minimax_answer`); a missing or extra answer is a
    mismatch too.

    >>> g = Game.from_edges("0-2,2-1", terminals=(0, 1))
    >>> mismatches([g], [minimax_answer(g)]), len(mismatches([g], [minimax_answer(g)._replace(cut_first="Short")]))
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
