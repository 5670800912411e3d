"""Every winning move of a Hex position, each one proved by a solver query.

:func:`find_winning` asks the solver for the root (``colour`` to move), then, for each
vacant cell in board order, for the position after ``colour`` plays there (the opponent to
move).  A move is *winning* when that child is won by ``colour``; every other move is
listed with the opponent's value (its refutation).  The root's value is a cross-check: the
root is won exactly when some move wins, and a solver that says otherwise is reported,
not believed.  One solver answers every query, so its transposition table (the compiled
kernel keeps it across queries on one board size) is shared by them.

The answer in Benzene's format (``dfpn-solver-find-winning``): the winning cells
separated by spaces, in Benzene's ``HexPoint`` order — row by row from the top, left to
right in a row (``a1 b1 … a2 …``), which is the bit order of
:class:`~verify.papers.hex.board.Position`.  Benzene itself only tries the moves its
inferior-cell analysis keeps; this module decides every vacant cell, so the set is exact
(a move is skipped only when a refutation's proof set already decides it, an exact rule).

With ``skip`` (:func:`kernel_filled`: the cells the kernel's fill-in fills, dead or
captured for either player), those cells are not considered, as Benzene's consider set
leaves out its own fill-in: the answer is then the winning moves among the cells the
fill-in leaves vacant — a subset of the exact set, never empty when a move wins (the
fill-in keeps the value, with any stone added elsewhere; so a won root has a winning move
in the filled position, and that move wins in the position itself; a fill-in that makes a
chain skips nothing).

>>> from verify.papers.hex.board import Position, board_value
>>> res = find_winning(Position.parse("3x3"), "B", plain_value(board_value))
>>> res.text(), res.root, len(res.moves)
('c1 a2 b2 c2 a3', 'B', 9)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ...errors import InputError
from .board import BLACK, WHITE, Position, other

__all__ = ["MoveValue", "WinningMoves", "find_winning", "kernel_value", "kernel_threats", "kernel_filled", "plain_value",
           "benzene_order"]

NAMES = {BLACK: "black", WHITE: "white"}


@dataclass
class MoveValue:
    """One move and the solver's answer for the position after it.

    Attributes
    ----------
    cell : str
        The cell, ``a1`` naming.
    index : int
        Its bit index (row-major).
    winner : str or None
        ``"B"``/``"W"``: who wins after the move, the opponent to move; None when the
        query ran past its budget.
    carrier : list of str
        The cells the solver's value rests on (its proof set), when it says so.
    nodes : int
        Nodes the query searched.
    seconds : float
        Its wall time.
    pruned_by : str or None
        Not queried: the cell (or ``"root"``) whose refutation's carrier leaves this move
        out, so the same refutation holds after it (see :func:`find_winning`); its
        ``carrier`` is that refutation's.
    """

    cell: str
    index: int
    winner: str | None
    carrier: list = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    pruned_by: str | None = None
    skipped: bool = False  # not considered (``skip``): neither queried nor refuted


@dataclass
class WinningMoves:
    """The answer of :func:`find_winning`.

    Attributes
    ----------
    position : Position
    colour : str
        The player to move, ``"B"`` or ``"W"``.
    root : str or None
        The root's winner as the solver's own query says (None: unknown within budget).
    moves : list of MoveValue
        Every vacant cell, in board order.
    seconds : float
    nodes : int
    """

    position: Position
    colour: str
    root: str | None
    moves: list
    seconds: float = 0.0
    nodes: int = 0

    @property
    def winning(self) -> list[str]:
        """The winning cells, in board (Benzene's) order."""
        return [m.cell for m in self.moves if m.winner == self.colour]

    @property
    def unknown(self) -> list[str]:
        """The cells whose query ran past its budget."""
        return [m.cell for m in self.moves if m.winner is None and not m.skipped]

    @property
    def not_considered(self) -> list[str]:
        """The cells left out by ``skip`` (e.g. filled by the fill-in)."""
        return [m.cell for m in self.moves if m.skipped]

    @property
    def considered(self) -> int:
        """How many moves were searched: every legal move less those left out by ``skip``."""
        return len(self.moves) - len(self.not_considered)

    @property
    def complete(self) -> bool:
        """Every move decided."""
        return not self.unknown

    def text(self) -> str:
        """Benzene's answer line: the winning cells separated by spaces (empty: none wins)."""
        return " ".join(self.winning)

    def to_json(self) -> dict:
        """The answer with its evidence: each winning move with its value (``colour``
        wins after it), each other legal move with the opponent's refutation value."""
        opp = other(self.colour)
        return {
            "board": self.position.spec(), "rows": self.position.rows, "cols": self.position.cols,
            "to_move": self.colour, "winner": self.root or "unknown",
            "answer": self.text(), "complete": self.complete,
            "winning_moves": [_move_json(m) for m in self.moves if m.winner == self.colour],
            "other_moves": [{**_move_json(m), "refuted_by": opp if m.winner == opp else "unknown"}
                            for m in self.moves if m.winner != self.colour and not m.skipped],
            "not_considered": self.not_considered,
            "seconds": round(self.seconds, 3), "nodes": self.nodes,
        }


def _move_json(m: MoveValue) -> dict:
    out = {"cell": m.cell, "winner": m.winner or "unknown", "carrier": m.carrier, "nodes": m.nodes,
           "seconds": round(m.seconds, 3)}
    if m.pruned_by is not None:
        out["pruned_by"] = m.pruned_by
    return out


def benzene_order(cells) -> list[str]:
    """Cell names sorted as Benzene prints a set of cells: by row, then by column.

    >>> benzene_order(["c8", "h5", "e7", "i5", "g7", "i6"])
    ['h5', 'i5', 'i6', 'e7', 'g7', 'c8']
    """
    from ...hexboard import parse_cell

    return sorted(cells, key=parse_cell)


def plain_value(value):
    """A ``find_winning`` solver from a plain ``value(pos, to_move) -> winner`` function
    (no budget, no node count): e.g. :func:`~verify.papers.hex.board.board_value`."""

    def query(pos: Position, to_move: str, seconds: float | None):
        return value(pos, to_move), pos.empty, 0  # no proof set: the value rests on every vacant cell

    return query


def kernel_value(solver, clock: str = "wall"):
    """A ``find_winning`` solver over a :class:`~verify.papers.hex.solver.CSolver`:
    :meth:`~verify.papers.hex.solver.CSolver.value_within` with the run switches (df-pn,
    value only; the carrier is df-pn's proof set), None past the budget."""

    def query(pos: Position, to_move: str, seconds: float | None):
        r = solver.value_within(pos, to_move, 1e9 if seconds is None else seconds, clock=clock)
        if r is None:
            return None, 0, 0
        return r[0], r[1], r[2]

    return query


def kernel_threats(solver, pos: Position) -> dict | None:
    """``find_winning``'s ``threats`` from a :class:`~verify.papers.hex.solver.CSolver`
    (None without one): for each vacant cell, the cells threatening it in Black's or in
    White's Shannon graph (:meth:`~verify.papers.hex.solver.CSolver.threateners`)."""
    if solver is None:
        return None
    return {x: tb | tw for x, (tb, tw) in solver.threateners(pos).items()}


def kernel_filled(solver, pos: Position) -> int:
    """The vacant cells of ``pos`` that the kernel's fill-in fills (dead cells and captured
    pairs of either player, repeated; :meth:`~verify.papers.hex.solver.CSolver.fill_in`):
    ``find_winning``'s ``skip`` for Benzene's way of answering, its consider set after
    fill-in.  When the fill-in already makes a chain (the game is decided: the winner wins
    after any move), nothing is skipped, as Benzene then considers every vacant cell.

    >>> from verify.papers.hex.solver import c_solver
    >>> s = c_solver()
    >>> s is None or Position.parse("..W/B../..B").names(kernel_filled(s, Position.parse("..W/B../..B"))) == []
    True
    """
    filled, _, _ = solver.fill_in(pos)
    if filled.chain(BLACK) or filled.chain(WHITE):
        return 0
    return (filled.black | filled.white) & pos.empty


def find_winning(pos: Position, colour: str, query, seconds: float | None = None, log=None,
                 prune: bool = True, threats: dict | None = None, skip: int = 0) -> WinningMoves:
    """Every winning move of ``colour`` in ``pos``, each decided by a query.

    A query's carrier (its proof set) prunes: when the opponent wins after ``colour``
    plays ``m`` even with every vacant cell off the carrier ``S`` given to ``colour``, then
    after any other move ``m'`` off ``S`` the opponent wins as well — that position has
    fewer of ``colour``'s stones than the filled one (``m'`` among them, ``m`` left
    vacant), and Hex is monotone: a stone more never hurts its owner.  Likewise a root the
    opponent wins, ``colour`` to move, with carrier ``S``: after a move off ``S`` the
    opponent, now to move, plays any vacant cell and is no worse off than in the filled
    root.  Such moves are not queried; each is listed with the refutation it inherits
    (``pruned_by``).  ``threats`` prunes by TSD.PAIRS' third clause: when a vacant cell
    ``a`` threatens ``b`` in either player's Shannon graph, a move at ``b`` wins only if
    the move at ``a`` wins, so once ``a`` is refuted, ``b`` is too.  The pruning is exact,
    so the set of winning moves is unchanged; ``prune=False`` queries every move (the plain
    route ``tests/test_hex_winning.py`` compares it with).

    Parameters
    ----------
    pos : Position
        A position neither colour has won.
    colour : str
        ``"B"`` or ``"W"``, the player to move.
    query : callable
        ``query(position, to_move, seconds) -> (winner | None, carrier bitmask, nodes)``;
        :func:`kernel_value` or :func:`plain_value`.  The carrier must be a proof set:
        the winner still wins when the loser gets every vacant cell off it.
    seconds : float, optional
        The budget of each query (None: none).
    log : callable, optional
        Called with one line per query (progress).
    prune : bool
        Skip the moves a refutation's carrier already decides (default).
    threats : dict, optional
        ``{b: mask}``: for vacant cells ``b``, the vacant cells threatening ``b`` in Black's
        or White's Shannon graph of ``pos`` (e.g. the union of the two masks of
        :meth:`~verify.papers.hex.solver.CSolver.threateners`); with ``prune``, a move
        threatened by a refuted move is refuted without a query.
    skip : int
        A bitmask of vacant cells not considered (neither queried nor listed as winning),
        such that a won root always has a winning move off it — e.g. :func:`kernel_filled`.
        A root won by ``colour`` whose considered moves all lose is an error.

    Returns
    -------
    WinningMoves

    Raises
    ------
    InputError
        The position is already won (no move to find), or the solver contradicts itself
        (the root won but no move winning, or the reverse).
    """
    if colour not in (BLACK, WHITE):
        raise InputError(f"The colour must be B or W, not {colour!r}.")
    for c in (BLACK, WHITE):
        if pos.chain(c):
            raise InputError(f"The game is over: {NAMES[c]} already has a winning chain, so no move is left to find.")
    opp = other(colour)
    t0 = time.monotonic()
    root, root_car, nodes = query(pos, colour, seconds)
    refuters: list[tuple[str, int]] = []  # (who refuted, its carrier): the moves off it are refuted too
    if prune and root == opp:
        refuters.append(("root", root_car & pos.empty))
    moves: list[MoveValue] = []
    refuted = 0  # the moves known to lose so far
    vacant = [i for i in range(pos.size) if pos.empty >> i & 1]
    if prune and threats:  # a cell that threatens others first: its refutation may decide them
        threatens = {a: sum(threats.get(b, 0) >> a & 1 for b in vacant) for a in vacant}
        vacant.sort(key=lambda a: -threatens[a])
    for i in vacant:
        if skip >> i & 1:
            moves.append(MoveValue(pos.name(i), i, None, skipped=True))
            continue
        by = next(((who, car) for who, car in refuters if not car >> i & 1), None)
        if by is not None:
            moves.append(MoveValue(pos.name(i), i, opp, pos.names(by[1]), 0, 0.0, pruned_by=by[0]))
            refuted |= 1 << i
            if log is not None:
                log(f"{pos.name(i)}: {NAMES[opp]} wins (off the carrier of {by[0]}'s refutation)")
            continue
        threat = (threats or {}).get(i, 0) & refuted if prune else 0
        if threat:
            a = (threat & -threat).bit_length() - 1
            moves.append(MoveValue(pos.name(i), i, opp, [], 0, 0.0, pruned_by=f"{pos.name(a)} (threatens it: TSD.PAIRS)"))
            refuted |= 1 << i
            if log is not None:
                log(f"{pos.name(i)}: {NAMES[opp]} wins (threatened by the refuted {pos.name(a)})")
            continue
        child = pos.play(i, colour)
        t1 = time.monotonic()
        if child.chain(colour):
            winner, car, n = colour, 0, 0
        else:
            winner, car, n = query(child, opp, seconds)
        nodes += n
        moves.append(MoveValue(pos.name(i), i, winner, pos.names(car & child.empty) if winner else [], n,
                               time.monotonic() - t1))
        if prune and winner == opp:
            refuters.append((pos.name(i), car & child.empty))
            refuted |= 1 << i
        if log is not None:
            log(f"{pos.name(i)}: {NAMES.get(winner, 'unknown')} wins ({time.monotonic() - t1:.2f} s, {n} nodes)")
    moves.sort(key=lambda m: m.index)  # board order, as Benzene lists them
    res = WinningMoves(pos, colour, root, moves, time.monotonic() - t0, nodes)
    if skip & pos.empty and root == colour and res.complete and not res.winning:
        raise InputError(f"{NAMES[colour].capitalize()} wins {pos.spec()}, but no move off the cells left out "
                         f"({' '.join(pos.names(skip & pos.empty))}) wins: those cells may not be skipped.")
    if root is not None and res.complete and (root == colour) != bool(res.winning):
        raise InputError(f"The solver contradicts itself on {pos.spec()}: it calls the position "
                         f"{'won' if root == colour else 'lost'} for {NAMES[colour]}, yet "
                         f"{len(res.winning)} move(s) win.")
    return res
