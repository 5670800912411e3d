"""An HTP engine (GTP, the Go Text Protocol, as the Hex programs speak it) over the Hex
solver, and a GTP regression runner for ``.tst`` files.

Protocol (GTP version 2 as Benzene and HexGui use it for Hex).  Each input line is one
command ``[id] name [arguments]``; the engine removes control characters but tab and
newline (so CRLF line ends and NUL bytes are harmless), turns tabs into spaces, drops
everything from ``#`` on, and ignores a line left empty (no answer).  Every other line
gets exactly one answer, ``=[id] result`` or ``?[id] message``, ended by an empty line;
a numeric ``id`` is echoed.  The engine stops with exit status 0 at ``quit`` or at the end
of its input (a last line without its newline is still answered).

Cells and colours follow Benzene's HexPoint naming, which is also the project's
:class:`~verify.papers.hex.board.Position` naming: the letter is the column (``a`` the
left one), the number the row (``1`` the top one), ``a1`` the acute top-left corner;
Black (``b``/``black``) joins the top and bottom rows (Benzene's ``VERTICAL_COLOR``),
White (``w``/``white``) the left and right columns.  ``boardsize W H`` is W columns and
H rows (Benzene's order), i.e. ``Position(rows=H, cols=W)``; ``boardsize N`` is N×N.
The board is at most what the compiled kernel takes: W·H ≤ :data:`MAX_CELLS`.

Values come from the compiled df-pn kernel (:class:`~verify.papers.hex.solver.CSolver`,
:data:`~verify.papers.hex.solver.RUN_SWITCHES`, one process, killed and restarted when a
search outlives the budget); without a C compiler, from the Python WINVALUE on positions
with at most :data:`PYTHON_MAX_VACANT` vacant cells, else unknown.  No answer is guessed:
``dfpn-solve-state`` past the budget answers ``? unknown within budget``; ``genmove``
plays a proved winning move, or resigns when the position is proved lost, and otherwise
plays a heuristic move and says so on standard error (and in
``shannon-verify-genmove-status``).

Benzene's regression commands: ``loadsgf FILE [MOVE]`` reads a HexGui SGF record
(:mod:`~verify.papers.hex.sgf`: setup, moves, swap and resign; the position before move
MOVE, GTP's numbering); ``dfpn-solver-find-winning COLOUR`` answers every winning move,
in Benzene's format and order, each decided by a kernel query of the position after it
(:mod:`~verify.papers.hex.winning`; the budget is per move, and one kernel, so one table,
serves every query); ``dfs-solver-find-winning``, ``dfs-solve-state`` and ``dfs-clear-tt``
are the same commands (one solver here); unknown ``param_*`` settings are accepted,
ignored and listed on standard error.  Bad input gets ``?`` and one sentence.

>>> e = HtpEngine(budget=5)
>>> e.handle("boardsize 3 3"), e.handle("play b b2"), e.handle("11 dfpn-solve-state white")
('=', '=', '=11 black')
>>> e.handle("play b b2"), e.handle("frobnicate"), e.handle("   # a comment")
('? illegal move: b b2 (occupied)', '? unknown command', None)
"""

from __future__ import annotations

import io
import math
import re
import shlex
import subprocess
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ...errors import InputError, ShannonVerifyError
from ...hexboard import parse_cell
from . import solver as _solver
from .board import BLACK, WHITE, Position, geometry, other

__all__ = [
    "HtpEngine",
    "HtpError",
    "serve",
    "clean_line",
    "regress",
    "RegressResult",
    "InProcess",
    "Subprocess",
    "MAX_CELLS",
    "DEFAULT_BUDGET",
    "DEFAULT_SIZE",
    "PROTOCOL_VERSION",
]

MAX_CELLS: int = getattr(_solver, "MAX_CELLS", 64)
"""The largest board (R·C cells) the compiled kernel takes: :data:`verify.papers.hex.solver.MAX_CELLS`
(64 for one 64-bit word per colour; 128 with the 128-bit build)."""
DEFAULT_BUDGET = 10.0
"""Seconds per ``genmove`` / ``dfpn-solve-state`` / opening, unless ``--budget`` says otherwise."""
DEFAULT_SIZE = 8
"""The board at start-up: 8×8 (controllers send ``boardsize`` anyway)."""
PYTHON_MAX_VACANT = 12
"""Without a C compiler, positions with at most this many vacant cells are solved in Python."""
PROTOCOL_VERSION = "2"
MAX_LINE = 1 << 16
"""Longest input line read; a longer one is skipped to its end and answered with an error."""

_COLOURS = {"b": BLACK, "black": BLACK, "w": WHITE, "white": WHITE}
_WORD = {BLACK: "black", WHITE: "white"}
_ID = re.compile(r"[0-9]+")
_INT = re.compile(r"[+-]?[0-9]+")


class HtpError(Exception):
    """A command failed: the message becomes the ``? message`` answer."""


def clean_line(line: str) -> str:
    """A raw input line as GTP preprocesses it: control characters (but tab) removed,
    tabs turned into spaces, everything from ``#`` on dropped, outer blanks stripped.

    >>> clean_line("10 play\\tb a1 # the corner\\r\\n"), clean_line("\\x00\\x1b# x"), clean_line("na\\x7fme")
    ('10 play b a1', '', 'name')
    """
    line = "".join(ch for ch in line if ch == "\t" or (" " <= ch and ch != "\x7f"))
    return line.replace("\t", " ").split("#", 1)[0].strip()


def shown(text: str, limit: int = 32) -> str:
    """User text quoted in an answer: ASCII only (others escaped), at most ``limit`` characters.

    >>> shown("a1"), shown("\\u00e9t\\u00e9"), shown("x" * 40)[-4:]
    ('a1', '\\\\xe9t\\\\xe9', 'x...')
    """
    s = text.encode("ascii", "backslashreplace").decode("ascii")
    return s if len(s) <= limit else s[:limit] + "..."


def _format(ok: bool, ident: str, text: str) -> str:
    """``=id result`` / ``?id message``; a result may span lines but never holds an empty one."""
    head = ("=" if ok else "?") + ident
    lines = [ln.rstrip() for ln in text.split("\n")]
    if text.startswith("\n"):
        body = "\n" + "\n".join(ln for ln in lines[1:] if ln.strip())
        return head + body if body.strip() else head
    body = "\n".join(ln for ln in lines if ln.strip())
    return f"{head} {body}" if body else head


# ---------------------------------------------------------------------- heuristics
@lru_cache(maxsize=64)
def _neighbours(rows: int, cols: int):
    """(neighbour lists, top, bottom, left, right) of an R×C board."""
    nb, top, bottom, left, right = geometry(rows, cols)
    return tuple(tuple(j for j in range(rows * cols) if m >> j & 1) for m in nb), top, bottom, left, right


def distance(pos: Position, colour: str) -> int:
    """Vacant cells ``colour`` still needs for a chain between its sides (0: it has one; a
    large number when the opponent has cut every way): a 0-1 breadth-first search.

    >>> distance(Position.parse("3x3"), "B"), distance(Position.parse("B../B../..."), "B")
    (3, 1)
    >>> distance(Position.parse("WWW/.../..."), "B") > 9
    True
    """
    nbrs, top, bottom, left, right = _neighbours(pos.rows, pos.cols)
    own, opp = (pos.black, pos.white) if colour == BLACK else (pos.white, pos.black)
    start, goal = (top, bottom) if colour == BLACK else (left, right)
    inf = pos.size + 1
    dist = [inf] * pos.size
    todo: deque = deque()
    for i in range(pos.size):
        if start >> i & 1 and not opp >> i & 1:
            dist[i] = 0 if own >> i & 1 else 1
            (todo.appendleft if dist[i] == 0 else todo.append)(i)
    while todo:
        i = todo.popleft()
        for j in nbrs[i]:
            if not opp >> j & 1:
                d = dist[i] + (0 if own >> j & 1 else 1)
                if d < dist[j]:
                    dist[j] = d
                    (todo.appendleft if d == dist[i] else todo.append)(j)
    return min([dist[i] for i in range(pos.size) if goal >> i & 1] + [inf])


def ranked_moves(pos: Position, colour: str, skip: int = 0) -> list[int]:
    """Vacant cells (bit indices) best first for ``colour`` by a simple shortest-path
    heuristic: after the move, the opponent's distance minus the mover's (larger first),
    then nearness to the centre; cells of ``skip`` (e.g. dead ones) go last.

    >>> Position(3, 3).names(1 << ranked_moves(Position(3, 3), "B")[0])
    ['b2']
    """
    cr, cc = (pos.rows - 1) / 2, (pos.cols - 1) / 2

    def key(i: int):
        after = pos.play(i, colour)
        r, c = divmod(i, pos.cols)
        return (skip >> i & 1, distance(after, other(colour)) * -1 + distance(after, colour),
                abs(r - cr) + abs(c - cc) + abs((r - cr) + (c - cc)), i)

    return sorted((i for i in range(pos.size) if pos.empty >> i & 1), key=key)


# ---------------------------------------------------------------------- the engine
class HtpEngine:
    """The engine's state (board size, move history) and its commands.

    :meth:`handle` takes one raw input line and returns the whole answer (without the
    empty line that ends it), or None for a line that GTP says to ignore; ``done`` turns
    true at ``quit``.  ``log`` (default: standard error) gets the comment lines.
    """

    def __init__(self, budget: float = DEFAULT_BUDGET, size: tuple[int, int] = (DEFAULT_SIZE, DEFAULT_SIZE),
                 log=None, use_kernel: bool = True, after_fillin: bool = False) -> None:
        self.budget = float(budget)
        self.after_fillin = after_fillin  # find-winning: only the cells the fill-in leaves vacant (Benzene's way)
        self.cols, self.rows = size
        self.moves: list[tuple[str, object]] = []  # (colour, cell index | "swap" | "resign" | (swap from, to))
        self.pos = Position(self.rows, self.cols)
        self.base = self.pos  # the position the move history starts from (an SGF file's setup stones)
        self.player: str | None = None  # the player to move an SGF file names (PL), until the next move
        self.sgf_dir: Path | None = None  # where loadsgf also looks for a relative file name (--regress: the .tst folder)
        self.ignored: list[str] = []  # the unknown Benzene param_* settings met, as sent
        self.done = False
        self.log = log
        self.use_kernel = use_kernel
        self._kernel = None
        self._kernel_error: str | None = None
        self.genmove_status = "none: no genmove yet"
        self.commands = {  # every command, in list_commands order (documented in ``htp --help``)
            "protocol_version": self.cmd_protocol_version,
            "name": self.cmd_name,
            "version": self.cmd_version,
            "known_command": self.cmd_known_command,
            "list_commands": self.cmd_list_commands,
            "quit": self.cmd_quit,
            "boardsize": self.cmd_boardsize,
            "clear_board": self.cmd_clear_board,
            "play": self.cmd_play,
            "undo": self.cmd_undo,
            "showboard": self.cmd_showboard,
            "genmove": self.cmd_genmove,
            "reg_genmove": self.cmd_reg_genmove,
            "final_score": self.cmd_final_score,
            "loadsgf": self.cmd_loadsgf,
            "dfpn-clear-tt": self.cmd_dfpn_clear_tt,
            "dfpn-solve-state": self.cmd_dfpn_solve_state,
            "dfpn-solver-find-winning": self.cmd_find_winning,
            "dfs-clear-tt": self.cmd_dfpn_clear_tt,
            "dfs-solve-state": self.cmd_dfpn_solve_state,
            "dfs-solver-find-winning": self.cmd_find_winning,
            "shannon-verify-dead-cells": self.cmd_dead_cells,
            "shannon-verify-openings": self.cmd_openings,
            "shannon-verify-genmove-status": self.cmd_genmove_status,
            "shannon-verify-budget": self.cmd_budget,
            "shannon-verify-after-fillin": self.cmd_after_fillin,
            "hexgui-analyze_commands": self.cmd_analyze_commands,
        }

    # ------------------------------------------------------------------ plumbing
    def note(self, text: str) -> None:
        """A comment line on the log (standard error by default), never on the protocol stream."""
        out = self.log if self.log is not None else sys.stderr
        try:
            out.write(f"shannon-verify htp: {text}\n")
            out.flush()
        except (OSError, ValueError):
            pass

    def handle(self, raw: str) -> str | None:
        """The answer to one raw input line (see the class docstring)."""
        line = clean_line(raw)
        if not line:
            return None
        words = line.split()
        ident = ""
        if _ID.fullmatch(words[0]):
            ident, words = words[0], words[1:]
            if not words:
                return _format(False, ident, "missing command name after the id")
        name, args = words[0], words[1:]
        command = self.commands.get(name)
        if command is None and name.startswith("param_"):
            # Benzene's settings (param_dfpn, param_solver_ice, ...): accepted, ignored, listed on stderr
            self.ignored.append(" ".join(words))
            self.note(f"ignored Benzene setting: {shown(' '.join(words), 200)}")
            return _format(True, ident, "")
        if command is None:
            return _format(False, ident, "unknown command")
        try:
            return _format(True, ident, command(args) or "")
        except HtpError as exc:
            return _format(False, ident, str(exc))
        except ShannonVerifyError as exc:
            return _format(False, ident, shown(str(exc), 400))
        except Exception as exc:  # a bug of ours: one line, never a traceback on the protocol stream
            self.note(f"internal error in {name}: {type(exc).__name__}: {exc}")
            return _format(False, ident, f"internal error: {shown(type(exc).__name__ + ': ' + str(exc), 200)}")

    def close(self) -> None:
        if self._kernel is not None:
            try:
                self._kernel.close()
            except Exception:
                pass
            self._kernel = None

    # ------------------------------------------------------------------ arguments
    @staticmethod
    def _nargs(args: list[str], lo: int, hi: int, usage: str) -> None:
        if len(args) < lo:
            raise HtpError(f"missing argument: {usage}")
        if len(args) > hi:
            raise HtpError(f"too many arguments: {usage}")

    @staticmethod
    def _colour(word: str) -> str:
        c = _COLOURS.get(word.lower())
        if c is None:
            raise HtpError(f"invalid colour {shown(word)!s}: expected b, w, black or white")
        return c

    def _cell(self, colour: str, word: str) -> int:
        try:
            r, c = parse_cell(word)
        except InputError:
            raise HtpError(f"illegal move: {colour.lower()} {shown(word)} (not a cell name like a1)") from None
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise HtpError(f"illegal move: {colour.lower()} {shown(word)} (off the {self.cols}x{self.rows} board)")
        return r * self.cols + c

    def to_move(self) -> str:
        """Whose turn: the player an SGF file named (``PL``, or after its last move) until
        the next move; else by the stone counts, Black unless Black has more stones."""
        if self.player is not None:
            return self.player
        nb, nw = bin(self.pos.black).count("1"), bin(self.pos.white).count("1")
        return BLACK if nb <= nw else WHITE

    # ------------------------------------------------------------------ solving
    def kernel(self):
        """The engine's kernel process (started on first use), or None without a C compiler."""
        cells = self.rows * self.cols  # 2**bits-entry tables: small boards, small tables, quick to clear
        bits = 12 if cells <= 16 else 16 if cells <= 36 else 20
        if self._kernel is not None and self._kernel.table_bits != bits:
            self.close()
        if self._kernel is None and self.use_kernel and self._kernel_error is None:
            from .solver import CSolver

            try:
                self._kernel = CSolver(table_bits=bits)
            except ShannonVerifyError as exc:
                self._kernel_error = str(exc)
                self.note(f"no compiled kernel ({exc}); solving in Python up to {PYTHON_MAX_VACANT} vacant cells")
        return self._kernel

    def value(self, pos: Position, to_move: str, deadline: float) -> str | None:
        """The winner of ``pos`` with ``to_move`` to move, or None when not decided by ``deadline``."""
        return self.solve(pos, to_move, deadline)[0]

    def solve(self, pos: Position, to_move: str, deadline: float) -> tuple[str | None, int, int]:
        """(winner or None, carrier, nodes) of ``pos`` with ``to_move`` to move, by ``deadline``:
        the kernel's value-only query (the carrier is df-pn's proof set), or the Python
        WINVALUE without a compiler."""
        if pos.chain(BLACK):
            return BLACK, 0, 0
        if pos.chain(WHITE):
            return WHITE, 0, 0
        left = deadline - time.monotonic()
        if left <= 0:
            return None, 0, 0
        k = self.kernel()
        if k is None:
            if bin(pos.empty).count("1") > PYTHON_MAX_VACANT:
                return None, 0, 0
            from .solver import win_value

            w, car = win_value(pos, to_move)
            return w, car, 0
        try:
            r = k.value_within(pos, to_move, left)
        except (ShannonVerifyError, OSError) as exc:  # a kernel that died or answered nonsense: start afresh next time
            self.close()
            raise HtpError(f"the solver kernel failed: {shown(str(exc), 200)}") from None
        return (None, 0, 0) if r is None else (r[0], r[1], r[2])

    # ------------------------------------------------------------------ commands
    def cmd_protocol_version(self, args):
        self._nargs(args, 0, 0, "protocol_version")
        return PROTOCOL_VERSION

    def cmd_name(self, args):
        self._nargs(args, 0, 0, "name")
        return "shannon-verify"

    def cmd_version(self, args):
        from ... import __version__

        self._nargs(args, 0, 0, "version")
        return __version__

    def cmd_known_command(self, args):
        self._nargs(args, 1, 1, "known_command NAME")
        return "true" if args[0] in self.commands else "false"

    def cmd_list_commands(self, args):
        self._nargs(args, 0, 0, "list_commands")
        return "\n".join(self.commands)

    def cmd_quit(self, args):
        self._nargs(args, 0, 0, "quit")
        self.done = True
        return ""

    def cmd_boardsize(self, args):
        self._nargs(args, 1, 2, "boardsize W [H]")
        if not all(_INT.fullmatch(a) for a in args):
            raise HtpError("boardsize needs whole numbers: boardsize W [H]")
        w = int(args[0])
        h = int(args[1]) if len(args) == 2 else w
        if w < 1 or h < 1 or w * h > MAX_CELLS:
            raise HtpError(f"unacceptable size {shown(args[0])}x{shown(args[-1])}: W and H at least 1 and W*H at most "
                           f"{MAX_CELLS} cells (the solver kernel's limit)")
        self.cols, self.rows = w, h
        self._new_game()
        return ""

    def _new_game(self) -> None:
        self.moves = []
        self.pos = self.base = Position(self.rows, self.cols)
        self.player = None

    def cmd_clear_board(self, args):
        self._nargs(args, 0, 0, "clear_board")
        self._new_game()
        return ""

    def cmd_play(self, args):
        self._nargs(args, 2, 2, "play COLOUR CELL")
        colour = self._colour(args[0])
        move = args[1].lower()
        if move == "resign":
            return ""
        if move == "pass":
            raise HtpError(f"illegal move: {colour.lower()} pass (Hex has no pass)")
        if move in ("swap-pieces", "swap"):
            self._swap(colour)
            self.player = None
            return ""
        i = self._cell(colour, move)
        if not self.pos.empty >> i & 1:
            raise HtpError(f"illegal move: {colour.lower()} {self.pos.name(i)} (occupied)")
        self.pos = self.pos.play(i, colour)
        self.moves.append((colour, i))
        self.player = None
        return ""

    def _swap(self, colour: str) -> None:
        """The swap rule: as the second move, the first stone (by the other colour) leaves
        its cell and a stone of ``colour`` takes the mirror cell (r, c) → (c, r)."""
        if len(self.moves) != 1 or not isinstance(self.moves[0][1], int) or self.moves[0][0] == colour \
                or self.base.black | self.base.white:
            raise HtpError(f"illegal move: {colour.lower()} swap-pieces (only as the second move, by the other colour, "
                           "on a board without setup stones)")
        if self.rows != self.cols:
            raise HtpError(f"illegal move: {colour.lower()} swap-pieces (needs a square board)")
        first_colour, i = self.moves[0]
        r, c = divmod(i, self.cols)
        j = c * self.cols + r
        empty = Position(self.rows, self.cols)
        self.pos = empty.play(j, colour)
        self.moves.append((colour, ("swap", i, j)))

    def cmd_undo(self, args):
        self._nargs(args, 0, 0, "undo")
        if not self.moves:
            raise HtpError("cannot undo")
        colour, m = self.moves.pop()
        self.player = None
        if isinstance(m, str):  # an SGF file's swap (the stones stayed) or resign: nothing on the board
            return ""
        if isinstance(m, tuple):  # a swap: the first stone comes back
            _, i, _j = m
            self.pos = Position(self.rows, self.cols).play(i, self.moves[0][0])
        else:
            full = ~(1 << m)
            self.pos = Position(self.rows, self.cols, self.pos.black & full, self.pos.white & full)
        return ""

    def cmd_showboard(self, args):
        self._nargs(args, 0, 0, "showboard")
        n = len(self.moves)
        played = f"{n} move{'' if n == 1 else 's'} played"
        return "\n" + board_text(self.pos) + f"\n{_WORD[self.to_move()]} to move ({played})"

    def cmd_final_score(self, args):
        self._nargs(args, 0, 0, "final_score")
        if self.pos.chain(BLACK):
            return "B+"
        if self.pos.chain(WHITE):
            return "W+"
        return "cannot score"

    def cmd_dfpn_clear_tt(self, args):
        self._nargs(args, 0, 0, "dfpn-clear-tt")
        self.close()  # the next query starts a fresh kernel with empty tables
        return ""

    def cmd_dfpn_solve_state(self, args):
        if len(args) > 1:
            raise HtpError("too many arguments: dfpn-solve-state [COLOUR] (this engine takes no proof-number "
                           "bounds; its limit is the time budget)")
        colour = self._colour(args[0]) if args else self.to_move()
        t0 = time.monotonic()
        v = self.value(self.pos, colour, t0 + self.budget)
        if v is None:
            raise HtpError(f"unknown within budget ({self.budget:g} s; raise --budget or shannon-verify-budget)")
        self.note(f"dfpn-solve-state {_WORD[colour]}: {_WORD[v]} wins ({time.monotonic() - t0:.2f} s)")
        return _WORD[v]

    def cmd_loadsgf(self, args):
        """``loadsgf FILE [MOVE]``: the position of a HexGui SGF record (:mod:`~verify.papers.hex.sgf`),
        before move MOVE (GTP's numbering) or at its end; the board size becomes the file's."""
        self._nargs(args, 1, 2, "loadsgf FILE [MOVE]")
        move = None
        if len(args) == 2:
            if not _INT.fullmatch(args[1]) or int(args[1]) < 1:
                raise HtpError(f"the move number must be a whole number from 1, not {shown(args[1])}")
            move = int(args[1])
        from .sgf import load

        path = Path(args[0])
        if not path.is_absolute() and not path.exists() and self.sgf_dir is not None:
            path = self.sgf_dir / path
        try:
            rec = load(path, move, max_cells=MAX_CELLS)
        except InputError as exc:
            raise HtpError(_sentence(str(exc))) from None
        self.cols, self.rows = rec.cols, rec.rows
        self.base = rec.setup or Position(rec.rows, rec.cols)
        self.pos = rec.position
        self.moves = list(rec.moves)
        self.player = rec.to_move
        for n in rec.notes:
            self.note(f"loadsgf {shown(args[0], 120)}: {n}")
        return ""

    def cmd_find_winning(self, args):
        """``dfpn-solver-find-winning COLOUR``: every winning move of COLOUR, each decided by a
        kernel query of the position after it (:func:`~verify.papers.hex.winning.find_winning`)."""
        self._nargs(args, 1, 1, "dfpn-solver-find-winning COLOUR")
        colour = self._colour(args[0])
        pos = self.pos
        for c in (BLACK, WHITE):
            if pos.chain(c):
                raise HtpError(f"the game is over: {_WORD[c]} already has a winning chain, so there is no move to find")
        from .winning import find_winning, kernel_filled, kernel_threats

        def query(p, to_move, seconds):
            return self.solve(p, to_move, time.monotonic() + seconds)

        kernel = self.kernel()
        skip = kernel_filled(kernel, pos) if self.after_fillin and kernel is not None else 0
        if self.after_fillin and kernel is None:
            self.note(f"find-winning {_WORD[colour]}: after fill-in asked, but the C kernel is not used "
                      f"here ({self._kernel_error or 'turned off'}): every vacant cell is considered (the exact set)")
        try:
            res = find_winning(pos, colour, query, self.budget, threats=kernel_threats(kernel, pos), skip=skip)
        except InputError as exc:
            raise HtpError(_sentence(str(exc))) from None
        if not res.complete:
            u = res.unknown
            raise HtpError(f"unknown within budget: {len(u)} of {len(res.moves)} moves undecided in {self.budget:g} s "
                           f"each ({' '.join(u[:8])}{' ...' if len(u) > 8 else ''}; raise --budget or "
                           "shannon-verify-budget)")
        if skip:
            self.note(f"find-winning {_WORD[colour]}: after fill-in, not considered: {' '.join(res.not_considered)}")
        self.note(f"find-winning {_WORD[colour]}: {len(res.winning)} of {res.considered} "
                  f"moves{' considered' if skip else ''} win "
                  f"({res.seconds:.2f} s, {res.nodes} nodes)")
        return res.text()

    def _genmove(self, colour: str) -> tuple[str, int | None]:
        """(move name or "resign", cell index or None), setting :attr:`genmove_status`."""
        pos, opp = self.pos, other(colour)
        budget = self.budget
        if pos.chain(opp):
            self.genmove_status = f"proved-loss: {_WORD[opp]} already has a chain"
            return "resign", None
        if not pos.empty:
            raise HtpError("the board is full")
        if pos.chain(colour):
            i = ranked_moves(pos, colour)[0]
            self.genmove_status = f"proved-win {pos.name(i)}: {_WORD[colour]} already has a chain"
            return pos.name(i), i
        t0 = time.monotonic()
        deadline = t0 + budget
        root = self.value(pos, colour, deadline)
        if root == opp:
            self.genmove_status = f"proved-loss: {_WORD[opp]} wins with {_WORD[colour]} to move"
            return "resign", None
        try:
            from .deadmap import dead_cells

            dead = dead_cells(pos)
        except Exception:  # the dead cells only order the moves
            dead = 0
        order = ranked_moves(pos, colour, skip=dead)
        why = f"the value is unknown within the budget ({budget:g} s)"
        if root == colour:
            for i in order:
                v = self.value(pos.play(i, colour), opp, deadline)
                if v == colour:
                    self.genmove_status = (f"proved-win {pos.name(i)}: {_WORD[colour]} wins after it "
                                           f"({time.monotonic() - t0:.2f} s)")
                    return pos.name(i), i
                if v is None:
                    break
            else:
                raise HtpError("the solver said the position is won but no move wins")
            why = (f"the position is won for {_WORD[colour]}, but no winning move was found within the budget "
                   f"({budget:g} s)")
        i = order[0]
        self.genmove_status = f"unproved {pos.name(i)}: heuristic move; {why}"
        return pos.name(i), i

    def cmd_genmove(self, args):
        self._nargs(args, 1, 1, "genmove COLOUR")
        colour = self._colour(args[0])
        move, i = self._genmove(colour)
        if i is not None:
            self.pos = self.pos.play(i, colour)
            self.moves.append((colour, i))
            self.player = None
        self.note(f"genmove {_WORD[colour]}: {move} -- {self.genmove_status}")
        return move

    def cmd_reg_genmove(self, args):
        self._nargs(args, 1, 1, "reg_genmove COLOUR")
        colour = self._colour(args[0])
        move, _ = self._genmove(colour)
        self.note(f"reg_genmove {_WORD[colour]}: {move} -- {self.genmove_status}")
        return move

    def cmd_genmove_status(self, args):
        self._nargs(args, 0, 0, "shannon-verify-genmove-status")
        return self.genmove_status

    def cmd_budget(self, args):
        self._nargs(args, 0, 1, "shannon-verify-budget [SECONDS]")
        if args:
            try:
                b = float(args[0])
            except ValueError:
                b = float("nan")
            if not (math.isfinite(b) and b > 0):
                raise HtpError(f"the budget must be a positive number of seconds, not {shown(args[0])}")
            self.budget = b
        return f"{self.budget:g}"

    def cmd_after_fillin(self, args):
        """``shannon-verify-after-fillin [0|1]``: show or set whether find-winning answers
        among the cells the kernel's fill-in leaves vacant (1, Benzene's consider set) or
        over every vacant cell (0, the exact set; the default)."""
        self._nargs(args, 0, 1, "shannon-verify-after-fillin [0|1]")
        if args:
            if args[0] not in ("0", "1"):
                raise HtpError(f"shannon-verify-after-fillin takes 0 or 1, not {shown(args[0])}")
            self.after_fillin = args[0] == "1"
        return "1" if self.after_fillin else "0"

    def cmd_dead_cells(self, args):
        self._nargs(args, 0, 0, "shannon-verify-dead-cells")
        from .deadmap import dead_cells

        return " ".join(self.pos.names(dead_cells(self.pos)))

    def cmd_openings(self, args):
        self._nargs(args, 1, 1, "shannon-verify-openings COLOUR")
        colour = self._colour(args[0])
        pos = self.pos
        if pos.chain(BLACK) or pos.chain(WHITE):
            raise HtpError("the position is already won: no opening to play")
        from .maps import opening_map_text

        t0 = time.monotonic()
        seen: dict = {}
        m: dict[str, str] = {}
        unknown = 0
        for i in range(pos.size):
            if not pos.empty >> i & 1:
                continue
            child = pos.play(i, colour)
            turned = child.rotate()
            key = min((child.black, child.white), (turned.black, turned.white))  # the 180-degree turn keeps the value
            if key not in seen:
                seen[key] = self.value(child, other(colour), time.monotonic() + self.budget)
            v = seen[key]
            m[pos.name(i)] = v or "?"
            unknown += v is None
        self.note(f"openings {_WORD[colour]}: {len(m)} cells, {len(seen)} searched, {unknown} unknown "
                  f"({time.monotonic() - t0:.2f} s; {self.budget:g} s each)")
        return "\n" + opening_map_text(pos, m)

    def cmd_analyze_commands(self, args):
        self._nargs(args, 0, 0, "hexgui-analyze_commands")
        return "\n".join([
            "plist/Dead cells/shannon-verify-dead-cells",
            "string/Opening map/shannon-verify-openings %c",
            "string/Solve state/dfpn-solve-state %c",
            "plist/Winning moves/dfpn-solver-find-winning %c",
            "string/ShowBoard/showboard",
        ])


def _sentence(text: str) -> str:
    """An error sentence as an HTP answer: ASCII, no final full stop, first letter lower-case
    (as the engine's other answers).

    >>> _sentence("No SGF file x.sgf.")
    'no SGF file x.sgf'
    """
    t = shown(text.strip(), 300).rstrip(".")
    if len(t) > 1 and t[0].isupper() and not t[1].isupper():
        t = t[0].lower() + t[1:]
    return t


def board_text(pos: Position) -> str:
    """The board as a rhombus: column letters, row numbers on both sides, ``B``/``W`` stones.

    >>> print(board_text(Position.parse("B../.W./...")))
        a  b  c
     1  B  .  .  1
      2  .  W  .  2
       3  .  .  .  3
          a  b  c
    """
    from ...hexboard import column_name

    letters = "  ".join(f"{column_name(c):<1}" for c in range(pos.cols))
    width = len(str(pos.rows))
    out = [" " * (width + 3) + letters]
    for r in range(pos.rows):
        cells = []
        for c in range(pos.cols):
            i = r * pos.cols + c
            cells.append(BLACK if pos.black >> i & 1 else WHITE if pos.white >> i & 1 else ".")
        out.append(" " * r + f"{r + 1:>{width + 1}}  " + "  ".join(cells) + f"  {r + 1}")
    out.append(" " * (pos.rows + width + 2) + letters)
    return "\n".join(out)


def serve(inp, out, engine: HtpEngine) -> int:
    """Answer the commands of the binary stream ``inp`` on the text stream ``out`` until
    ``quit`` or the end of the input; returns the exit status (0)."""
    try:
        while not engine.done:
            raw = inp.readline(MAX_LINE)
            if not raw:
                break
            if len(raw) >= MAX_LINE and not raw.endswith(b"\n"):
                while True:  # skip the rest of an over-long line
                    more = inp.readline(MAX_LINE)
                    if not more or more.endswith(b"\n"):
                        break
                answer = _format(False, "", f"line too long (over {MAX_LINE} bytes)")
            else:
                answer = engine.handle(raw.decode("utf-8", "replace"))
            if answer is None:
                continue
            out.write(answer + "\n\n")
            out.flush()
    finally:
        engine.close()
    return 0


# ---------------------------------------------------------------------- regression files
@dataclass
class Outcome:
    """One numbered command of a ``.tst`` file and how its answer met the expectation."""

    id: int
    command: str
    expected: str | None  # the pattern inside the brackets (with a leading ! if negated), None if none
    response: str  # the answer after "=id " / "?id " (stripped)
    error: bool  # the engine answered "?"
    fail: bool
    expected_fail: bool  # the pattern was marked with a trailing *
    line: int


@dataclass
class RegressResult:
    """The outcome of one ``.tst`` file."""

    file: str
    tests: list[Outcome] = field(default_factory=list)
    other_errors: list[tuple[int, str, str]] = field(default_factory=list)  # (line, command, answer)
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0
    died: bool = False

    @property
    def unexpected_fails(self) -> list[Outcome]:
        return [t for t in self.tests if t.fail and not t.expected_fail]

    @property
    def unexpected_passes(self) -> list[Outcome]:
        return [t for t in self.tests if not t.fail and t.expected_fail]

    @property
    def ok(self) -> bool:
        """No unexpected failure or pass, no failed unnumbered command, the engine alive."""
        return not (self.unexpected_fails or self.unexpected_passes or self.other_errors or self.died)

    def summary(self) -> str:
        n = len(self.tests)
        passed = sum(not t.fail for t in self.tests)
        s = (f"{self.file}: {n} tests, {passed} passed, {len(self.unexpected_fails)} unexpected failures, "
             f"{len(self.unexpected_passes)} unexpected passes, {len(self.other_errors)} other errors "
             f"({self.seconds:.1f} s)")
        return s + (" -- the engine died" if self.died else "")

    def details(self) -> list[str]:
        out = []
        for t in self.tests:
            if t.fail != t.expected_fail:
                what = "unexpected FAIL" if t.fail else "unexpected PASS"
                out.append(f"  {t.id} {what}: {t.command!r}: expected [{t.expected}], got "
                           f"{'? ' if t.error else ''}{t.response!r}")
        out += [f"  line {ln}: {cmd!r} failed: {ans!r}" for ln, cmd, ans in self.other_errors]
        out += [f"  warning: {w}" for w in self.warnings]
        return out


class InProcess:
    """Send commands to an :class:`HtpEngine` in this process: ``send(line) -> answer``."""

    def __init__(self, engine: HtpEngine) -> None:
        self.engine = engine

    def send(self, line: str) -> str:
        answer = self.engine.handle(line)
        return "" if answer is None else answer

    def close(self) -> None:
        self.engine.close()


class Subprocess:
    """Send commands to an engine program over pipes (``argv``: its command line)."""

    def __init__(self, argv, stderr=None) -> None:
        if isinstance(argv, str):
            argv = shlex.split(argv)
        self.proc = subprocess.Popen(list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=stderr if stderr is not None else subprocess.DEVNULL)

    def send(self, line: str) -> str:
        """The answer's lines (without the ending empty line); raises EOFError when the program died."""
        assert self.proc.stdin and self.proc.stdout
        try:
            self.proc.stdin.write(line.encode() + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EOFError("the engine died") from None
        lines = []
        while True:
            raw = self.proc.stdout.readline()
            if not raw:
                raise EOFError("the engine died")
            text = raw.decode("utf-8", "replace").replace("\r", "").rstrip("\n")
            if not text.strip():
                if lines:
                    return "\n".join(lines)
                continue
            lines.append(text)

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write(b"quit\n")
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _split_answer(answer: str) -> tuple[bool, str]:
    """(error?, the answer after its status and id) — as gtpregress reads it."""
    error = answer.startswith("?")
    k = answer.find(" ")
    k2 = answer.find("\n")
    cut = min(x for x in (k, k2, len(answer)) if x >= 0)
    return error, answer[cut:].strip()


def regress(path, engine, name: str | None = None) -> RegressResult:
    """Run the ``.tst`` file ``path`` through ``engine`` (anything with ``send(line) -> answer``).

    The format is GoGui's ``gtpregress``: every line not blank and not a comment is a
    command, sent as it stands; ``#? [PATTERN]`` after a command with a numeric id is its
    expected answer — a regular expression that must match the whole answer (the text
    after ``=id``, stripped; newlines matched by ``.``); ``[!PATTERN]`` must not match; a
    trailing ``*`` marks an expected failure; an answer ``?`` fails the test.  A numbered
    command without a pattern passes when it succeeds; an unnumbered command that fails
    is an *other error*.  ``#>`` lines are ignored.
    """
    res = RegressResult(file=name or str(path))
    t0 = time.perf_counter()
    pending: tuple[int, str, int, str] | None = None  # (id, command, line number, answer) of a numbered command

    def settle(p) -> None:
        ident, cmd, ln, answer = p
        error, response = _split_answer(answer)
        res.tests.append(Outcome(ident, cmd, None, response, error, error, False, ln))

    text = Path(path).read_text(encoding="utf-8", errors="replace")
    for ln, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("#?"):
            if pending is None:
                res.warnings.append(f"line {ln}: a pattern without a numbered command before it: {line!r}")
                continue
            ident, cmd, cln, answer = pending
            pending = None
            pat = line[2:].strip()
            expected_fail = pat.endswith("*")
            if expected_fail:
                pat = pat[:-1].rstrip()
            if not (pat.startswith("[") and pat.endswith("]")):
                res.warnings.append(f"line {ln}: not a pattern in brackets: {line!r}")
                settle((ident, cmd, cln, answer))
                continue
            pat = pat[1:-1].strip()
            negate = pat.startswith("!")
            regex = pat[1:] if negate else pat
            error, response = _split_answer(answer)
            if error:
                fail = True
            else:
                try:
                    matched = re.fullmatch(regex, response, re.M | re.S) is not None
                except re.error as exc:
                    res.warnings.append(f"line {ln}: bad pattern {regex!r}: {exc}")
                    matched = negate
                fail = matched == negate
            res.tests.append(Outcome(ident, cmd, pat, response, error, fail, expected_fail, cln))
            continue
        if pending is not None:
            settle(pending)
            pending = None
        if not line or line.startswith("#"):
            continue
        line = line.replace("\t", " ")
        first = line.split()[0]
        try:
            answer = engine.send(line)
        except EOFError:
            res.died = True
            res.warnings.append(f"line {ln}: the engine died at {line!r}")
            break
        if _ID.fullmatch(first):
            pending = (int(first), line[len(first):].strip(), ln, answer)
        elif answer.startswith("?"):
            res.other_errors.append((ln, line, answer))
    if pending is not None:
        settle(pending)
    res.seconds = time.perf_counter() - t0
    return res


def self_argv(budget: float) -> list[str]:
    """The command line of this engine as a separate process."""
    return [sys.executable, "-m", "verify", "htp", "--budget", f"{budget:g}"]


def run_files(files, program: str | None, budget: float, out=None, after_fillin: bool = False) -> int:
    """``htp --regress``: run each file on a fresh engine (``program``, or this engine in
    this process); print a summary per file; 0 when every file is :attr:`RegressResult.ok`."""
    out = out or sys.stdout
    bad = 0
    for f in files:
        if not Path(f).is_file():
            raise InputError(f"No regression file {f!r}.")
        if program:
            eng = Subprocess(program)
        else:
            engine = HtpEngine(budget=budget, log=io.StringIO(), after_fillin=after_fillin)
            engine.sgf_dir = Path(f).resolve().parent  # loadsgf's relative names: also from the .tst file's folder
            eng = InProcess(engine)
        try:
            r = regress(f, eng)
        finally:
            eng.close()
        print(r.summary(), file=out)
        for d in r.details():
            print(d, file=out)
        bad += not r.ok
    return 1 if bad else 0
