"""Hex solvers on bitboards: WINVALUE (HEX Fig. 13) in Python and in compiled C.

Both implement van Rijswijck's must-play search [1]_ §9, Fig. 13, directly on the
board (chains found by flood fill, not through the Shannon game):

* a position where a colour has a chain is decided, with the empty carrier;
* otherwise the mover tries the cells of the must-play region ``M`` (initially every
  vacant cell); a move ``m`` whose reply value is a loss for the opponent wins, with
  carrier ``S ∪ {m}``; otherwise ``M ← M ∩ S`` where ``S`` is the opponent's winning
  carrier (a move outside ``S`` cannot stop that win); when ``M`` runs out the mover
  loses, with the union of the carriers met as the opponent's carrier.

In :func:`win_value` (the simple reference) the must-play update is the only
reduction; ``mustplay=False`` replaces ``M ← M ∩ S`` by ``M ← M − {m}`` (plain
game-tree search), and both must agree on every position (``tests/test_hex_solver.py``).

The C kernel (``hexsolve.c``, compiled on first use with gcc, as
:mod:`verify.tables.kernel` does) adds, each behind a switch of :meth:`CSolver.value`
(every switch off alone, all off, and each reduction alone must give the plain search's
value and a carrier that carries the win, on every position with ≤ 9 cells and random
3×5, 4×4, 5×5 positions):

* ``threats`` — one- and two-move wins (rules only);
* ``vc`` — virtual connections: a path of groups joined by bridges / second-row edge
  pairs (and, ``orlinks``, by two disjoint semi-connections through key cells — the OR
  rule of HEX.ANDOR), pairwise disjoint carriers: the opponent's loses at once, a cell
  giving the mover one wins at once, a cell giving the opponent one narrows the
  must-play region to its carrier (HEX.MUSTPLAY); the carrier is the union of the pairs;
* ``fillin`` — dead cells (four consecutive neighbours of one colour, the sides
  counting as their colour) filled in, relying on TSD.SPEC (a dead cell is a spectator:
  either colour keeps the value); dead cells stay dead when stones are added, so the
  carrier found after fill-in, plus the cells that became dead only after an earlier
  fill, carries the win in the original position;
* ``captured`` — pairs of vacant cells mutually supporting in a player's Shannon graph
  (that player's sides as terminals, his stones shorted, the opponent's deleted) are
  filled with his stones, mutually threatening ones with the opponent's (TSD.PAIRS),
  alternating with ``fillin`` until nothing changes; a pair stays captured when stones
  are added elsewhere (an equality of graphs survives the same short / delete on both
  sides), so the filled cells added to the carrier keep it a carrier;
* ``prune`` — df-pn skips a move at b when a cell a threatens b in either graph (TSD.PAIRS,
  third clause: b wins only if a wins) and a is kept or off the must-play region (the
  carrier search tries every move);
* ``ordering`` — cells in most opponent semi-connection carriers first, then by the
  gain in shortest-path distance;
* ``dfpn`` — depth-first proof-number search (Nagai's df-pn, negamax form, 1+ε
  thresholds, must-play children) decides the value; the must-play search then finds
  the carrier trying df-pn's proved moves first (``value_only`` skips it; the carrier
  is then df-pn's proof set, or every vacant cell without ``proofsets``);
* ``proofsets`` — df-pn keeps with each solved position the cells its value rests on
  (its carrier), and a move whose child is lost drops every other move off that child's
  proof set (the must-play update ``M ← M ∩ S`` of Fig. 13 inside df-pn, HEX.MUSTPLAY);
* ``lazyfill`` — df-pn fills a child in only when it searches it, keying its table by
  the position before fill-in (fill-in keeps the value; node counts differ).

Both transposition tables have fixed size (``2**table_bits`` entries of 32 bytes for
the carrier search, always-replace, and 64 for df-pn, two-way: a new entry replaces the
one of its bucket's two that took fewer nodes to find; 64 and 112 bytes in the 128-bit
build), so memory is bounded.

Bitboards (``hexbits.h``): the kernel is compiled three times, with 64-bit bitboards
(boards of at most :data:`NARROW_MAX_CELLS` = 62 cells, where every H-search graph fits
its 64-bit vertex masks), with 64-bit cells and 128-bit vertex masks (boards of 63–64
cells, 8×8 among them: :data:`MID_MAX_CELLS`) and with 128-bit ones (``unsigned
__int128``: boards up to :data:`MAX_CELLS` = 128 cells, 11×11 included); :class:`CSolver`
sends each query to the build for its board.  On a board two builds take, they give the
same answers, carriers and node counts (tested); the narrower is faster (7×7: the wide
build takes 1.25× the CPU; 8×8: the mid build 0.8× the wide one's).

References
----------
.. [1] R. B. Hayward, J. van Rijswijck, "Hex and combinatorics", Discrete Math. 306
   (2006), §7, §9, Fig. 13.

>>> win_value(Position.parse("3x3"), "B")[0], win_value(Position.parse("3x3"), "W")[0]
('B', 'W')
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from ...errors import InputError, ShannonVerifyError
from .board import BLACK, WHITE, Position, geometry, other
from ...backing import used
from ...kernel_exit import stop_at_exit

__all__ = ["win_value", "CSolver", "solve", "openings", "carrier_carries", "c_solver", "kernel_sources",
           "kernel_executable", "build_for", "build_executable", "MAX_CELLS", "NARROW_MAX_CELLS", "MID_MAX_CELLS"]

_TABLE: dict = {}


def _dilate_fn(rows: int, cols: int):
    nb, top, bottom, left, right = geometry(rows, cols)
    full = (1 << rows * cols) - 1
    notleft, notright = full & ~left, full & ~right

    def dilate(m: int) -> int:
        return (m | (m << 1) & notleft | (m >> 1) & notright | m << cols | m >> cols
                | (m >> (cols - 1)) & notleft | (m << (cols - 1)) & notright) & full

    return dilate, top, bottom, left, right


def _chain(dilate, stones: int, start: int, goal: int) -> bool:
    reach, prev = stones & start, -1
    while reach != prev:
        if reach & goal:
            return True
        prev, reach = reach, dilate(reach) & stones
    return False


def win_value(pos: Position, to_move: str, mustplay: bool = True) -> tuple[str, int]:
    """(winner, carrier bitmask) of ``pos`` with ``to_move`` to play — Fig. 13 in Python.

    >>> w, car = win_value(Position.parse(".B/W."), "W")
    >>> w, Position(2, 2).names(car)
    ('W', ['b2'])
    """
    used("hex-python")
    dilate, top, bottom, left, right = _dilate_fn(pos.rows, pos.cols)
    full = pos.full
    table = _TABLE.setdefault((pos.rows, pos.cols, mustplay), {})
    if len(table) > 2_000_000:
        table.clear()

    def wv(b: int, w: int, black: bool) -> tuple[bool, int]:
        if _chain(dilate, w if black else b, left if black else top, right if black else bottom):
            return False, 0
        if _chain(dilate, b if black else w, top if black else left, bottom if black else right):
            return True, 0
        key = (b, w, black)
        hit = table.get(key)
        if hit is not None:
            return hit
        must = full & ~(b | w)
        union = 0
        res = None
        while must:
            m = must & -must
            won, s = wv(b | m, w, False) if black else wv(b, w | m, True)
            if not won:
                res = (True, s | m)
                break
            union |= s
            must = must & s if mustplay else must & ~m
        if res is None:
            res = (False, union)
        table[key] = res
        return res

    won, car = wv(pos.black, pos.white, to_move == BLACK)
    return (to_move if won else other(to_move)), car


def carrier_carries(pos: Position, to_move: str, winner: str, carrier: int, value=None) -> bool:
    """True when ``winner`` still wins after the loser gets every vacant cell off ``carrier``.

    ``value`` (default: the plain search :func:`~verify.papers.hex.board.board_value`)
    decides the filled position.

    >>> p = Position.parse("3x3")
    >>> w, car = win_value(p, "B")
    >>> carrier_carries(p, "B", w, car), carrier_carries(p, "B", w, 0)
    (True, False)
    """
    from .board import board_value

    value = value or board_value
    if carrier & ~pos.empty:
        return False
    filled = pos.fill(pos.empty & ~carrier, other(winner))
    return value(filled, to_move) == winner


def _flags(mustplay: bool = True, threats: bool = True, vc: bool = True, fillin: bool = True,
           ordering: bool = True, orlinks: bool = True, dfpn: bool = True, value_only: bool = False,
           hsearch: bool = True, captured: bool = True, prune: bool = True, proofsets: bool = True,
           lazyfill: bool = True, dominated: bool = True, templates: bool = True, pinf: bool = True,
           cliquedead: bool = True) -> int:
    """The kernel's switch word (bit 0 must-play, 1 threats, 2 virtual connections, 3 fill-in,
    4 move ordering, 5 OR links in the virtual-connection search, 6 df-pn decides the value
    first, 7 value only: with df-pn, the carrier is every vacant cell; 8 H-search; 9
    captured-pair fill-in; 10 df-pn drops moves threatened by another cell; 23 df-pn's proof
    sets; 24 df-pn's lazy fill-in; 26 df-pn drops moves dominated through a pair the
    dominating move leaves lost for the opponent; 28 edge templates as base connections of
    the H-search, :mod:`~verify.papers.hex.edge_templates`; 29 permanently inferior cells
    filled in; 31 dead cells by a clique neighbourhood in either player's Shannon graph filled
    in)."""
    return (int(mustplay) | 2 * int(threats) | 4 * int(vc) | 8 * int(fillin) | 16 * int(ordering)
            | 32 * int(orlinks) | 64 * int(dfpn) | 128 * int(value_only) | 256 * int(hsearch)
            | 512 * int(captured) | 1024 * int(prune) | int(proofsets) << 23 | int(lazyfill) << 24
            | int(dominated) << 26 | int(templates) << 28 | int(pinf) << 29 | int(cliquedead) << 31)


DEBUG_BITS = 0
"""Deliberate kernel bugs OR'd into every query's switch word — for mutation testing only,
0 in every real run: :data:`BUG_OR_RULE` (bit 11: the H-search's OR rule joins two
semi-connections whatever their common part), :data:`BUG_CAPTURED` (bit 15: captured
pairs filled with the wrong colour), :data:`BUG_PROOF_SET` (bit 25: df-pn's proof set of a
loss leaves out the opponent's semi-connection carriers), :data:`BUG_PAIR_DOMINATION`
(bit 27: a move dominates through a pair of which only one half is tested), :data:`BUG_PINF`
(bit 30: a permanently inferior cell filled without its ends' condition tested),
:data:`BUG_CLIQUE_DEAD` (bit 32: a cell's neighbourhood tested for a clique without its
terminals).  Kernel
answers are kept per switch word, so a query with a bug never shares table entries with a
clean one."""
BUG_OR_RULE = 1 << 11
BUG_CAPTURED = 1 << 15
BUG_PROOF_SET = 1 << 25
BUG_PAIR_DOMINATION = 1 << 27
BUG_PINF = 1 << 30
BUG_CLIQUE_DEAD = 1 << 32

PLAIN = dict(mustplay=False, threats=False, vc=False, fillin=False, ordering=False, orlinks=False, dfpn=False,
             hsearch=False, captured=False, prune=False, proofsets=False, lazyfill=False, dominated=False,
             templates=False, pinf=False, cliquedead=False)
"""Every reduction off: the kernel's plain game-tree search (Fig. 13's recursion over every
vacant cell, no must-play update) — the C twin of ``win_value(..., mustplay=False)``."""

RUN_SWITCHES = {"value_only": True, "vc": False}
"""The switch setting of :meth:`CSolver.value_within` and of ``hex-openings`` runs: every
reduction on except the bridge-path virtual connections (bit 2), which the H-search
(bit 8) subsumes in practice and which then only cost time (measured on 6×6)."""


MAX_CELLS = 128
"""The compiled kernel's limit: R·C ≤ 128 cells (11×11 is 121), 128-bit bitboards."""

NARROW_MAX_CELLS = 62
"""Boards of at most this many cells go to the kernel compiled with 64-bit bitboards
(``hexbits.h``, ``HEX_WIDE=0``), larger ones to the mid or the 128-bit build.  Up to 62
cells every H-search graph (two sides + chains + vacant cells ≤ 2 + R·C vertices) fits
the 64-bit vertex masks, and every build takes the same steps there (same carriers and
node counts, tested), the 64-bit one fastest; on 63–64 cells it would skip the H-search
at nodes with more than 64 vertices (every node of a nearly empty 8×8 board)."""

MID_MAX_CELLS = 64
"""Boards of :data:`NARROW_MAX_CELLS` + 1 to this many cells (8×8 among them) go to the
mid build: 64-bit cells, 128-bit H-search vertex masks (``HEX_VM128=1``), the same steps
as the 128-bit build (tested) at 0.8× its CPU (8×8 d1, b7, g2, 2026-11-27)."""


def build_for(cells: int) -> str:
    """The kernel build that takes a board of ``cells`` cells: ``"narrow"`` (64-bit
    bitboards, up to :data:`NARROW_MAX_CELLS`), ``"mid"`` (up to :data:`MID_MAX_CELLS`) or
    ``"wide"`` (128-bit bitboards, up to :data:`MAX_CELLS`) — the one rule the solver and
    the benchmarks share.

    >>> [build_for(c) for c in (49, 62, 63, 64, 65, 121)]
    ['narrow', 'narrow', 'mid', 'mid', 'wide', 'wide']
    """
    if not 1 <= cells <= MAX_CELLS:
        raise InputError(f"The Hex kernel takes boards of 1 to {MAX_CELLS} cells, not {cells}.")
    return "narrow" if cells <= NARROW_MAX_CELLS else "mid" if cells <= MID_MAX_CELLS else "wide"


def build_executable(cells: int) -> Path | None:
    """:func:`kernel_executable` of the build that takes ``cells`` cells (:func:`build_for`)."""
    build = build_for(cells)
    return kernel_executable(wide=build == "wide", mid=build == "mid")


def kernel_sources() -> list[Path]:
    """The kernel's source files: ``hexsolve.c`` and the headers it includes."""
    from ...tables.kernel import source_files

    return source_files(Path(__file__).with_name("hexsolve.c"))


def kernel_executable(wide: bool = False, mid: bool = False) -> Path | None:
    """The compiled kernel (None without a C compiler): ``hexsolve.c`` itself (64-bit
    bitboards), or with ``wide`` (128-bit bitboards) or ``mid`` (64-bit cells, 128-bit
    H-search vertex masks) a two-line source in the kernel cache that defines ``HEX_WIDE
    1`` or ``HEX_VM128 1`` and includes it — the compile cache hashes both files and the
    header, so an edited kernel is rebuilt in every build."""
    import os
    import tempfile

    from ...tables.kernel import cache_dir, compiled

    src = Path(__file__).with_name("hexsolve.c").resolve()
    if not wide and not mid:
        return compiled(src)
    if '"' in str(src) or "\n" in str(src):
        raise ShannonVerifyError(f"The Hex kernel's path {src} cannot be #included.")
    name, macro, what = ("wide", "HEX_WIDE", "128-bit bitboards") if wide else \
        ("mid", "HEX_VM128", "64-bit cells and 128-bit H-search vertex masks")
    text = (f"/* Generated by verify/papers/hex/solver.py: the Hex kernel with {what}. */\n"
            f'#define {macro} 1\n#include "{src}"\n')
    stub = cache_dir() / f"hexsolve_{name}.c"
    if not stub.exists() or stub.read_text() != text:
        fd, tmp = tempfile.mkstemp(prefix=f"hexsolve_{name}.", suffix=".tmp", dir=stub.parent)
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, stub)  # atomic: processes writing it at once agree
    return compiled(stub)


def process_cpu_seconds(pid: int) -> float | None:
    """User plus system CPU seconds of the running process ``pid`` so far, from
    ``/proc/PID/stat`` (None where there is no ``/proc``, or the process is gone).

    >>> import os
    >>> t = process_cpu_seconds(os.getpid())
    >>> t is None or t > 0
    True
    """
    import os

    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
        fields = stat[stat.rindex(")") + 2:].split()  # from field 3 (state) on
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # fields 14 and 15
    except (OSError, ValueError, IndexError):
        return None


class CSolver:
    """The compiled WINVALUE kernel, kept open for many queries: one process of the 64-bit
    build, one of the mid build started on the first board of 63–64 cells and one of the
    128-bit build on the first board of more than :data:`MID_MAX_CELLS` cells (each with its
    own tables of ``2**table_bits`` entries).

    >>> s = c_solver()
    >>> s is None or s.value(Position.parse("4x4"), "W")[0] == "W"
    True
    """

    def __init__(self, table_bits: int = 20, width: int | None = None) -> None:
        """``width``: None picks the build by board size; 64 or 128 sends every board to
        a build of that many bits per cell (a cross-check and test hook; 64 takes at most
        64 cells: the narrow build, or the mid one for 63–64 cells)."""
        if width not in (None, 64, 128):
            raise InputError(f"The Hex kernel is built with 64- or 128-bit bitboards, not {width}.")
        self.table_bits = table_bits
        self.width = width
        self.nodes = 0
        self.last_cpu_seconds: float | None = None  # of the last value_within query
        self.proc_wide = self.proc_mid = None
        self.proc = self._start(False) if width != 128 else None
        stop_at_exit(self, "_shut_down")  # none outlives Python or is reported as still running

    def _popen_kwargs(self) -> dict:
        return {}

    def _start(self, wide: bool, mid: bool = False) -> subprocess.Popen:
        exe = kernel_executable(wide, mid)
        if exe is None:
            raise ShannonVerifyError("No C compiler found for the Hex kernel.")
        return subprocess.Popen([str(exe), str(self.table_bits)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=True, **self._popen_kwargs())

    def _pipe(self, rows: int, cols: int) -> subprocess.Popen:
        """The process for an R×C board (the mid and 128-bit ones started when first needed)."""
        build = "wide" if self.width == 128 else build_for(rows * cols)
        if build == "narrow":
            return self.proc
        if build == "mid":
            if self.proc_mid is None:
                self.proc_mid = self._start(False, mid=True)
            return self.proc_mid
        if self.proc_wide is None:
            self.proc_wide = self._start(True)
        return self.proc_wide

    def _send(self, line: str) -> subprocess.Popen:
        """Send one query line (``R C ...``) to the process for its board; returns that process."""
        used("hex-kernel")
        r, c = (int(x) for x in line.split()[:2])
        p = self._pipe(r, c)
        assert p.stdin and p.stdout
        p.stdin.write(line)
        p.stdin.flush()
        return p

    def _ask(self, line: str) -> list[str]:
        """Send one query line; the first answer line, split."""
        return self._send(line).stdout.readline().split()

    def _check(self, pos: Position) -> None:
        limit = 64 if self.width == 64 else MAX_CELLS
        if pos.size > limit:
            raise InputError(f"The compiled Hex solver takes at most {limit} cells, not {pos.size}.")

    def value(self, pos: Position, to_move: str, mustplay: bool = True, threats: bool = True,
              vc: bool = True, fillin: bool = True, ordering: bool = True,
              orlinks: bool = True, dfpn: bool = True, value_only: bool = False,
              hsearch: bool = True, captured: bool = True, prune: bool = True, proofsets: bool = True,
              lazyfill: bool = True, dominated: bool = True, templates: bool = True,
              pinf: bool = True, cliquedead: bool = True) -> tuple[str, int, int]:
        """(winner, carrier bitmask, nodes searched) with ``to_move`` to play.

        ``mustplay``: the must-play rule — the Fig. 13 update ``M ← M ∩ S`` and every
        narrowing of the must-play region by the reductions (an opponent threat cell, its
        two-move threats, its semi-connections from ``vc`` and ``hsearch``), in df-pn and
        in the carrier search (off: every vacant cell is searched); ``threats``: one- and two-move wins
        decided at once (a cell completing the mover's chain wins; two completing cells of
        the opponent lose, one must be played; a move making two completing cells wins,
        and such an opponent move confines the mover to its three cells — a semi-connection,
        HEX.MUSTPLAY); ``vc``: virtual connections of bridges and second-row edge pairs
        (the opponent's loses at once, the mover's after one stone wins at once, the
        opponent's after one stone narrows the must-play region); ``fillin``: dead cells
        of the four-in-a-row neighbourhood pattern filled in (TSD.SPEC; the filled cells
        are added to the carrier); ``ordering``: moves tried by the history heuristic
        (only the order changes); ``orlinks``: inside the virtual-connection search, two
        semi-connections with disjoint carriers between two groups (the OR rule) join
        them; ``dfpn``: depth-first proof-number search decides the value, then the
        must-play search finds the carrier with df-pn's winning moves tried first
        (``value_only``: skip that, the carrier is df-pn's proof set, every vacant cell with ``proofsets`` off); ``hsearch``:
        Anshelevich's AND/OR closure for the opponent of the mover (HEX.ANDOR):
        its virtual connection between its sides loses at once, its semi-connections
        narrow the must-play region (HEX.MUSTPLAY);
``captured``: pairs of
        vacant cells mutually supporting (or threatening) in either player's Shannon graph
        filled with that player's (the other player's) stones (TSD.PAIRS; the filled cells
        are added to the carrier); ``prune``: df-pn skips a move at b when another cell a
        (kept, or outside the must-play region) threatens b in either graph (TSD.PAIRS'
        third clause: b wins only if a wins); ``dominated``: df-pn skips a move at y when a
        move at x (kept, or outside the must-play region) leaves y in a pair mutually
        threatening in the opponent's graph, which the mover may then fill (TSD.PAIRS; so y
        wins only if x wins, HEX.P2); ``proofsets``: df-pn drops the moves off a lost
        child's proof set (its carrier); ``lazyfill``: df-pn fills a child in only when it
        searches it; ``templates``: the H-search starts from the edge templates of
        :mod:`~verify.papers.hex.edge_templates` as well as the adjacencies; ``pinf``: a cell
        with three consecutive neighbours of one player, the other three vacant and each end
        of the vacant run held (the cell between it and the player's run, or the one between
        it and the middle cell, that player's, or the cell straight beyond it the
        opponent's), is filled with that player's stone (its four vacant cells join the
        carrier); ``cliquedead``: a cell whose neighbourhood is a clique of either player's
        Shannon graph (so on no induced path: dead) is filled with that player's stone —
        all switchable, and switched off the answers must not
        change (see ``hexsolve.c`` for each rule's argument).
        """
        self._check(pos)
        word = _flags(mustplay, threats, vc, fillin, ordering, orlinks, dfpn, value_only, hsearch, captured, prune,
                      proofsets, lazyfill, dominated, templates, pinf, cliquedead)
        line = f"{pos.rows} {pos.cols} {pos.black:x} {pos.white:x} {to_move} {word | DEBUG_BITS}\n"
        out = self._ask(line)
        if len(out) != 3 or out[0] not in (BLACK, WHITE):
            raise ShannonVerifyError(f"The Hex kernel answered {out!r}.")
        nodes = int(out[2])
        self.nodes += nodes
        return out[0], int(out[1], 16), nodes

    def fill_in(self, pos: Position, fillin: bool = True, captured: bool = True, pinf: bool = True,
                cliquedead: bool = True):
        """The kernel's fill-in, no search (debug query, flag bit 14): ``(filled position,
        cells to add to a carrier, pairs)`` where ``pairs`` lists every captured pair of
        ``pos`` as ``(a, b, kind)``: kind 0 mutually supporting in Black's Shannon graph,
        1 mutually threatening there, 2 / 3 the same in White's graph.

        >>> s = c_solver()
        >>> s is None or s.fill_in(Position.parse(".../.../..."))[2] == []
        True
        """
        self._check(pos)
        line = f"{pos.rows} {pos.cols} {pos.black:x} {pos.white:x} B {_flags(fillin=fillin, captured=captured, pinf=pinf, cliquedead=cliquedead) | 1 << 14 | DEBUG_BITS}\n"
        out = self._ask(line)
        if len(out) < 4 or out[0] != "F" or (len(out) - 4) % 3:
            raise ShannonVerifyError(f"The Hex kernel answered {out!r}.")
        nums = [int(x) for x in out[4:]]
        pairs = [tuple(nums[i:i + 3]) for i in range(0, len(nums), 3)]
        return Position(pos.rows, pos.cols, int(out[1], 16), int(out[2], 16)), int(out[3], 16), pairs

    def threateners(self, pos: Position) -> dict:
        """For each vacant cell x, ``(tb, tw)``: the bitmasks of the vacant cells that threaten
        x in Black's and in White's Shannon graph (debug query, flag bits 13 and 14).

        >>> s = c_solver()
        >>> s is None or s.threateners(Position.parse("B./.."))[1] == (0b1000, 0b100)
        True
        """
        self._check(pos)
        line = f"{pos.rows} {pos.cols} {pos.black:x} {pos.white:x} B {_flags() | 3 << 13}\n"
        p = self._send(line)
        first = p.stdout.readline().split()
        out = p.stdout.readline().split()
        if not first or first[0] != "F" or not out or out[0] != "T" or (len(out) - 1) % 3:
            raise ShannonVerifyError(f"The Hex kernel answered {out!r}.")
        return {int(out[i]): (int(out[i + 1], 16), int(out[i + 2], 16)) for i in range(1, len(out), 3)}

    def hsearch(self, pos: Position, player: str, templates: bool = False) -> tuple[int | None, list[tuple[int, int]]]:
        """The kernel's H-search read-out for ``player`` (test hook, bit 12): the carrier of
        its virtual connection between ``player``'s sides (None when none is found) and
        every semi-connection between them that the closure met and the solver's
        must-play read-out counts — before the kernel drops subsumed ones and caps its
        kept lists — as (key cell, carrier), in the order met (repeats possible).  With
        ``templates`` the closure starts from the edge templates as well (switch bit 28,
        as df-pn runs it), else from the adjacencies alone (Anshelevich's rules).

        >>> C = c_solver()
        >>> C is None or C.hsearch(Position.parse("3x3"), "B")[1] != []
        True
        """
        self._check(pos)
        line = f"{pos.rows} {pos.cols} {pos.black:x} {pos.white:x} {player} {4096 | int(templates) << 28 | DEBUG_BITS}\n"
        out = self._ask(line)
        if len(out) < 4 or out[0] != "H":
            raise ShannonVerifyError(f"The Hex kernel answered {out!r}.")
        if int(out[3]) < 0 or len(out) - 4 != int(out[3]):
            raise ShannonVerifyError(f"The Hex kernel's H-search log overflowed or was cut ({out[:4]!r}).")
        vc = int(out[2], 16) if out[1] == "1" else None
        scs = [(int(k), int(c, 16)) for k, c in (x.split(":") for x in out[4:])]
        return vc, scs

    def value_within(self, pos: Position, to_move: str, seconds: float, switches: dict | None = None,
                     clock: str = "wall"):
        """:meth:`value` with :data:`RUN_SWITCHES` updated by ``switches`` (value only: the
        carrier returned is df-pn's proof set, or every vacant cell with ``proofsets`` off), or
        None when the kernel has not answered within ``seconds`` (the kernel is then killed
        and restarted).  ``clock="cpu"`` counts the kernel process's CPU seconds instead of
        wall seconds (where ``/proc`` tells them; elsewhere wall), so other work on the
        machine does not use up the budget; a kernel that gets no CPU at all is still given
        up after ten times the budget in wall seconds, plus a minute.
        :attr:`last_cpu_seconds` is then the query's CPU seconds (None where unknown).
        """
        import select
        import time

        if clock not in ("wall", "cpu"):
            raise InputError(f"The clock must be 'wall' or 'cpu', not {clock!r}.")
        self._check(pos)
        line = f"{pos.rows} {pos.cols} {pos.black:x} {pos.white:x} {to_move} {_flags(**{**RUN_SWITCHES, **(switches or {})}) | DEBUG_BITS}\n"
        p = self._send(line)
        start_wall, start_cpu = time.monotonic(), process_cpu_seconds(p.pid)
        cpu = clock == "cpu" and start_cpu is not None
        cap = 10 * seconds + 60 if cpu else seconds
        self.last_cpu_seconds = None
        while True:  # CPU time grows no faster than wall time: waiting `left` wall seconds never overshoots
            elapsed = time.monotonic() - start_wall
            used = (process_cpu_seconds(p.pid) or 0.0) - start_cpu if cpu else elapsed
            left = min(seconds - used, cap - elapsed)
            if left <= 0 or select.select([p.stdout], [], [], left)[0]:
                break
        if start_cpu is not None:
            now = process_cpu_seconds(p.pid)
            self.last_cpu_seconds = None if now is None else round(now - start_cpu, 2)
        if not select.select([p.stdout], [], [], 0)[0]:  # past the budget: that process is killed and restarted (its tables are lost)
            p.kill()
            p.wait()
            if p is self.proc:
                self.proc = self._start(False)
            elif p is self.proc_mid:
                self.proc_mid = None  # restarted on the next query
            else:
                self.proc_wide = None  # restarted on the next query
            return None
        out = p.stdout.readline().split()
        if len(out) != 3 or out[0] not in (BLACK, WHITE):
            raise ShannonVerifyError(f"The Hex kernel answered {out!r}.")
        self.nodes += int(out[2])
        return out[0], int(out[1], 16), int(out[2])

    def kill(self) -> None:
        """Stop the kernel processes at once (a query under way is lost)."""
        for p in (self.proc, self.proc_mid, self.proc_wide):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait()

    def close(self) -> None:
        for p in (self.proc, self.proc_mid, self.proc_wide):
            if p is not None and p.poll() is None:
                p.stdin.close()
                try:
                    p.wait(timeout=10)
                except subprocess.TimeoutExpired:  # still searching a query: it is lost anyway
                    p.kill()
                    p.wait()

    def _shut_down(self) -> None:
        """:meth:`kill`, then close the pipes. Only where no thread can be reading them (the
        solver is being collected, or Python exits): :meth:`kill` and :meth:`close` leave
        them open, since a thread of ``hex-openings`` may still be waiting on one."""
        self.kill()
        for p in (self.proc, self.proc_mid, self.proc_wide):
            for f in (p.stdin, p.stdout) if p is not None else ():
                if f is not None and not f.closed:
                    try:
                        f.close()
                    except OSError:  # a pipe to a killed process may not flush
                        pass

    def __del__(self) -> None:  # a solver dropped without close(): its processes go with it
        try:
            self._shut_down()
        except Exception:  # noqa: BLE001  (half-built, or at exit the process may already be gone)
            pass

    def __enter__(self) -> "CSolver":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


_C: list = []

class BuilderKernel(CSolver):
    """The proof builder's kernel: ``proof_kernel.c``, which includes ``hexsolve.c``
    unchanged and answers its value queries the same way, plus two commands of the builder
    (:meth:`shrink`, :meth:`best_move`) that replace a loop of queries by one line.  Boards
    of at most :data:`NARROW_MAX_CELLS` cells (the 64-bit build).

    >>> k = builder_kernel()
    >>> k is None or k.value(Position.parse("4x4"), "W")[0] == "W"
    True
    """

    def __init__(self, table_bits: int = 20) -> None:
        super().__init__(table_bits, width=64)

    def _start(self, wide: bool, mid: bool = False) -> subprocess.Popen:
        from ...tables.kernel import compiled

        exe = compiled(Path(__file__).with_name("proof_kernel.c").resolve())
        if exe is None:
            raise ShannonVerifyError("No C compiler found for the Hex proof builder's kernel.")
        return subprocess.Popen([str(exe), str(self.table_bits)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=True, **self._popen_kwargs())

    def _check(self, pos: Position) -> None:
        if pos.size > NARROW_MAX_CELLS:
            raise InputError(f"The proof builder's kernel takes at most {NARROW_MAX_CELLS} cells, not {pos.size}.")

    def shrink(self, pos: Position, to_move: str, exhaust: int) -> tuple[str, int, Position]:
        """The proof builder's node preparation in the kernel (flag bit 16, ``exhaust`` in
        bits 17–21): ``(winner X, carrier, position)`` where the position is ``pos`` with
        the vacant cells off the carrier given to the loser and, when more than
        ``exhaust`` carrier cells are vacant, every further cell the loser can be given
        while the kernel still calls the position a win for X — the loop of
        :func:`~verify.papers.hex.proof_build.build_proof` with ``shrink``, making the
        same kernel queries in the same order, without a pipe round trip per query
        (every switch on, as :meth:`value`).

        >>> s = builder_kernel()
        >>> s is None or s.shrink(Position.parse("4x4").play(5, "B"), "W", 0)[2].spec() == "BBB./BB../..../...."
        True
        """
        self._check(pos)
        if not 0 <= exhaust <= 31:
            raise InputError(f"The kernel's shrink takes an exhaustive bound from 0 to 31, not {exhaust}.")
        line = f"{pos.rows} {pos.cols} {pos.black:x} {pos.white:x} {to_move} {_flags() | 1 << 16 | exhaust << 17 | DEBUG_BITS}\n"
        out = self._ask(line)
        if len(out) != 5 or out[0] not in (BLACK, WHITE):
            raise ShannonVerifyError(f"The Hex kernel answered {out!r} to a shrink query on {pos.spec()}.")
        self.nodes += int(out[2])
        return out[0], int(out[1], 16), Position(pos.rows, pos.cols, int(out[3], 16), int(out[4], 16))

    def best_move(self, pos: Position, to_move: str, exhaust: int) -> int | None:
        """The proof builder's move choice in the kernel (flag bit 22, ``exhaust`` in bits
        17–21): the first vacant cell completing ``to_move``'s chain, else among the
        cells after which the kernel calls the position a win for ``to_move`` the one
        whose carrier has the fewest vacant cells (the first with at most ``exhaust``
        taken at once); None when no move wins — the loop of
        :func:`~verify.papers.hex.proof_build.build_proof`, making the same kernel queries
        in the same order (every switch on, as :meth:`value`).

        >>> s = builder_kernel()
        >>> s is None or s.best_move(Position.parse("B./.."), "B", 0) == 2
        True
        """
        self._check(pos)
        if not 0 <= exhaust <= 31:
            raise InputError(f"The kernel's move choice takes an exhaustive bound from 0 to 31, not {exhaust}.")
        line = f"{pos.rows} {pos.cols} {pos.black:x} {pos.white:x} {to_move} {_flags() | 1 << 22 | exhaust << 17 | DEBUG_BITS}\n"
        out = self._ask(line)
        if len(out) != 3 or out[0] != "M" or int(out[1]) < -2 or int(out[1]) == -2:
            raise ShannonVerifyError(f"The Hex kernel answered {out!r} to a move query on {pos.spec()}.")
        self.nodes += int(out[2])
        m = int(out[1])
        return None if m < 0 else m


def builder_kernel() -> BuilderKernel | None:
    """A new :class:`BuilderKernel` (fresh tables), or None when no C compiler is found."""
    try:
        return BuilderKernel()
    except ShannonVerifyError:
        return None


def c_solver() -> CSolver | None:
    """A shared :class:`CSolver`, or None when no C compiler is found."""
    if not _C:
        try:
            _C.append(CSolver())
        except ShannonVerifyError:
            _C.append(None)
    return _C[0]


def solve(pos: Position, to_move: str, mustplay: bool = True) -> str:
    """The winner of ``pos`` with ``to_move`` to play: the C kernel if compiled (with
    :data:`RUN_SWITCHES`: df-pn, value only; ``mustplay=False``: :data:`PLAIN`, the plain
    search of Fig. 13 without the must-play update and without any other reduction), else
    Python (:func:`win_value`, the same two searches).

    >>> solve(Position.parse("2x2"), "W")
    'W'
    """
    c = c_solver()
    if c is not None:
        if mustplay:
            return c.value(pos, to_move, **RUN_SWITCHES)[0]
        return c.value(pos, to_move, **PLAIN)[0]
    return win_value(pos, to_move, mustplay)[0]


def openings(pos: Position, colour: str, value=solve) -> dict[str, str]:
    """For each vacant cell, the winner after ``colour`` opens there (the opponent then moves).

    >>> openings(Position.parse("2x2"), "B")
    {'a1': 'W', 'b1': 'B', 'a2': 'B', 'b2': 'W'}
    """
    if pos.chain(BLACK) or pos.chain(WHITE):
        raise InputError("The position is already won: no opening to play.")
    return {pos.name(i): value(pos.play(i, colour), other(colour)) for i in range(pos.size) if pos.empty >> i & 1}
