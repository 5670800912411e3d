"""Proof objects for solved Hex positions: a solution graph any reader can re-check.

A *proof* that colour ``X`` wins position ``P`` with ``to_move`` to play is a strategy
for ``X`` on ``P``, built from the solver's answers and closed by carriers (HEX §7, §9:
a carrier ``S`` of ``X``'s win is a set of vacant cells such that ``X`` still wins after
the loser is given every vacant cell off ``S``).  It is a solution *tree* stored as a
directed acyclic graph: a list of nodes, a node per distinct position, children named
by their index in the list (so transpositions are stored once).  Node kinds (cells are
bit indices ``r·C + c``, row-major; ``a1`` = 0):

* ``"L"`` — a leaf: ``X`` has a chain joining its two sides (one leaf node may serve
  many positions: it is checked at each);
* ``["f", [cells], k]`` — *fill*: the loser is given these vacant cells (the solver's
  carrier at this node is the rest of the vacant cells), same player to move, then node ``k``;
* ``["m", cell, k]`` — ``X`` to move plays ``cell``, then node ``k``;
* ``["r", [[cell, k], ...]]`` — the loser to move: one child for **every** vacant cell,
  the loser's stone there, then node ``k``.

*Why a checked proof proves the value.*  The win condition is monotone: more stones of
``X`` never break ``X``'s chain, more stones of the loser never make one for ``X``.  A
fill step only hands the loser stones, so if ``X`` wins after it, ``X`` wins before it
— ``X`` plays the proof's strategy; a loser move on a filled cell is a move the proof
already granted (``X`` answers it with any extra stone, which cannot hurt), and a proof
move on a cell ``X`` already holds is replaced by any vacant cell.  With fills allowed,
every ``"r"`` node lists all loser replies and every path ends in an ``X`` chain, so
the unfolded tree is a winning strategy; no node is reached where the loser already has
a chain (checked), so the game never ended earlier; a node other than a leaf reached
along two paths must be reached at the same position (checked), and every edge adds a stone, so the graph
has no cycle.

The checker :func:`check_proof` shares no code with the solvers: its own board reader,
neighbour rule and breadth-first chain test, and the rules above.  The builder
:func:`build_proof` queries a solver (the compiled Fig. 13 kernel by default): at each
node the carrier of the current position shrinks the board (a fill node), at ``X``'s
turn it tries the carrier's cells and keeps a winning move with the smallest carrier.

File format (``save_proofs`` / ``load_proofs``; gzip when the name ends in ``.gz``,
detected on reading)::

    {"format": "shannon-verify hex proof", "version": 1,
     "proofs": [{"rows": R, "cols": C, "board": "B../.../...", "to_move": "W",
                 "winner": "B", "carrier": ["b2", ...], "root": r, "nodes": [...]}, ...]}

References
----------
.. [1] R. B. Hayward, J. van Rijswijck, "Hex and combinatorics", Discrete Math. 306
   (2006), §7 (virtual connections and carriers), §9 (Fig. 13).

Examples
--------
>>> from verify.papers.hex.board import Position
>>> pr = build_proof(Position.parse("3x3"), "B")
>>> r = check_proof(pr)
>>> r.winner, r.to_move, r.nodes == len(pr["nodes"])
('B', 'B', True)
>>> pr["nodes"][pr["root"]] = "L"
>>> check_proof(pr)
Traceback (most recent call last):
...
verify.papers.hex.proof.ProofError: Invalid proof: the leaf at the root has no Black chain.
"""

from __future__ import annotations

import gzip
import json
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from ...errors import BudgetExceeded, InputError, ShannonVerifyError

__all__ = [
    "FORMAT",
    "ProofCheck",
    "ProofError",
    "build_proof",
    "check_file",
    "check_proof",
    "load_proofs",
    "save_proofs",
    "unfolded_size",
]

FORMAT = "shannon-verify hex proof"
VERSION = 1
COLOUR_NAMES = {"B": "Black", "W": "White"}


class ProofError(InputError):
    """A proof (or proof file) is malformed or does not prove what it claims."""


# ======================================================================== builder
def _solver_value():
    """(pos, to_move) -> (winner, carrier): the compiled kernel if any, else Python Fig. 13."""
    from .solver import c_solver, win_value

    c = c_solver()
    if c is not None:
        return lambda p, to: c.value(p, to)[:2]
    return lambda p, to: win_value(p, to)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def unfolded_size(nodes: list, root: int) -> int:
    """Number of nodes of the solution *tree* a proof's graph unfolds to (every
    position counted once per path reaching it).

    >>> unfolded_size(["L", ["m", 4, 0], ["r", [[0, 0], [1, 1]]]], 2)
    4
    """
    size: dict[int, int] = {}
    for k, t in enumerate(nodes):  # children precede parents in a built proof
        if t == "L":
            size[k] = 1
        elif t[0] == "r":
            size[k] = 1 + sum(size[c] for _, c in t[1])
        else:
            size[k] = 1 + size[t[2]]
    return size[root]


def build_proof(pos, to_move: str, value=None, deadline: float | None = None) -> dict:
    """A proof object for the value of ``pos`` with ``to_move`` to play.

    ``value(pos, to_move) -> (winner, carrier bitmask)`` is the solver queried (default:
    the compiled Fig. 13 kernel, else the Python one).  Nodes are listed children first;
    the root is the last node.  Past ``deadline`` (a ``time.monotonic()`` value) it raises
    :class:`~verify.errors.BudgetExceeded`.

    >>> from verify.papers.hex.board import Position
    >>> pr = build_proof(Position.parse("B./.."), "W")
    >>> pr["winner"], pr["root"], pr["nodes"]
    ('W', 4, ['L', ['m', 3, 0], ['m', 1, 0], ['r', [[1, 1], [3, 2]]], ['m', 2, 3]])
    """
    from .board import Position, other

    value = value or _solver_value()
    winner, _carrier = value(pos, to_move)
    loser = other(winner)
    memo: dict = {}
    nodes: list = []

    def add(t) -> int:
        nodes.append(t)
        return len(nodes) - 1

    def node(p: Position, mover: str) -> int:
        key = (p.black, p.white, mover)
        hit = memo.get(key)
        if hit is not None:
            return hit
        if deadline is not None and time.monotonic() > deadline:
            raise BudgetExceeded(f"building the proof ran past its budget after {len(nodes)} nodes")
        if p.chain(winner):
            k = memo.get("L")
            if k is None:
                k = memo["L"] = add("L")
            memo[key] = k
            return k
        filled = 0
        q = p
        while True:  # shrink to the carrier until it is the whole vacant set
            w, car = value(q, mover)
            if w != winner:
                raise ShannonVerifyError(f"The solver's carrier fails on {q.spec()} ({mover} to move).")
            extra = q.empty & ~car
            if not extra:
                break
            filled |= extra
            q = q.fill(extra, loser)
            if q.chain(loser):
                raise ShannonVerifyError(f"The solver's carrier hands {loser} a chain on {q.spec()}.")
        if filled and (q.black, q.white, mover) in memo:
            inner = memo[(q.black, q.white, mover)]
        elif mover == winner:
            best = None
            for m in _bits(q.empty):
                c = q.play(m, winner)
                if c.chain(winner):
                    best = (-1, m)
                    break
                w2, car2 = value(c, loser)
                if w2 == winner and (best is None or (car2).bit_count() < best[0]):
                    best = ((car2).bit_count(), m)
            if best is None:
                raise ShannonVerifyError(f"No winning move found on {q.spec()} for {winner}.")
            inner = add(["m", best[1], node(q.play(best[1], winner), loser)])
        else:
            if not q.empty:
                raise ShannonVerifyError(f"Full board {q.spec()} without a {winner} chain.")
            inner = add(["r", [[m, node(q.play(m, loser), winner)] for m in _bits(q.empty)]])
        if filled:
            memo[(q.black, q.white, mover)] = inner
            k = add(["f", _bits(filled), inner])
        else:
            k = inner
        memo[key] = k
        return k

    root = node(pos, to_move)
    t = nodes[root]
    root_fill = set(t[1]) if isinstance(t, list) and t[0] == "f" else set()
    return {
        "rows": pos.rows,
        "cols": pos.cols,
        "board": pos.spec(),
        "to_move": to_move,
        "winner": winner,
        "carrier": [pos.name(i) for i in _bits(pos.empty) if i not in root_fill],
        "root": root,
        "nodes": nodes,
    }


# ======================================================================== checker
# Everything below is independent of the solvers and of board.py: its own board
# reader, neighbour rule and breadth-first chain test.

@dataclass(frozen=True)
class ProofCheck:
    """What a checked proof establishes, and its size (``nodes``: distinct positions
    stored; ``tree_nodes``: the solution tree they unfold to)."""

    rows: int
    cols: int
    board: str
    to_move: str
    winner: str
    nodes: int
    leaves: int
    depth: int
    tree_nodes: int
    carrier: tuple[str, ...]

    def sentence(self) -> str:
        return (f"{COLOUR_NAMES[self.winner]} wins {self.rows}x{self.cols} {self.board} with "
                f"{COLOUR_NAMES[self.to_move]} to move: proof checked, {self.nodes} nodes "
                f"(a solution tree of {self.tree_nodes} nodes), depth {self.depth}, root carrier of "
                f"{len(self.carrier)} cells")


def _cell_name(cols: int, i: int) -> str:
    r, c = divmod(i, cols)
    return f"{chr(ord('a') + c)}{r + 1}"


class _Board:
    """Cells 0..R·C−1 (row-major); colour per cell in a list (None = vacant)."""

    def __init__(self, rows: int, cols: int, board: str) -> None:
        lines = board.split("/")
        if len(lines) != rows or any(len(line) != cols for line in lines):
            raise ProofError(f"Invalid proof: the board {board!r} is not {rows}x{cols}.")
        self.rows, self.cols = rows, cols
        self.cell: list = []
        for line in lines:
            for ch in line:
                if ch not in ".BW":
                    raise ProofError(f"Invalid proof: the board {board!r} has a character other than '.', 'B', 'W'.")
                self.cell.append(None if ch == "." else ch)
        self.nbrs = []
        for i in range(rows * cols):
            r, c = divmod(i, cols)
            self.nbrs.append([rr * cols + cc for rr, cc in ((r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c),
                                                             (r - 1, c + 1), (r + 1, c - 1))
                              if 0 <= rr < rows and 0 <= cc < cols])

    def connected(self, colour: str) -> bool:
        """Black: a chain of Black stones from the top row to the bottom row; White: from
        the left column to the right column (breadth-first search)."""
        R, C = self.rows, self.cols
        if colour == "B":
            start = [c for c in range(C)]
            at_goal = lambda i: i // C == R - 1
        else:
            start = [r * C for r in range(R)]
            at_goal = lambda i: i % C == C - 1
        seen = {i for i in start if self.cell[i] == colour}
        queue = deque(seen)
        while queue:
            i = queue.popleft()
            if at_goal(i):
                return True
            for j in self.nbrs[i]:
                if j not in seen and self.cell[j] == colour:
                    seen.add(j)
                    queue.append(j)
        return False

    def vacant(self) -> list[int]:
        return [i for i, v in enumerate(self.cell) if v is None]


def _cell(board: _Board, x, where: str) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < len(board.cell):
        raise ProofError(f"Invalid proof: {where} names {x!r}, not a cell of the {board.rows}x{board.cols} board.")
    return x


def check_proof(proof, pos=None, to_move: str | None = None) -> ProofCheck:
    """Re-verify one proof object; the :class:`ProofCheck` on success, else :class:`ProofError`.

    When ``pos`` (a :class:`~verify.papers.hex.board.Position`) or ``to_move`` is given,
    the proof's root must be that position and that player to move.

    Checked, walking the graph from the root: the header (size, board, player to move,
    winner ``X``); at every node the loser has no chain; a node reached again is reached
    at the same position and player to move; a leaf has an ``X`` chain; a fill names
    distinct vacant cells; a move is ``X``'s, at ``X``'s turn, on a vacant cell; a reply
    node is at the loser's turn, on a board with a vacant cell, and has exactly one child
    per vacant cell; the header's carrier is the root's vacant cells minus the root fill.
    """
    if not isinstance(proof, dict):
        raise ProofError("Invalid proof: a proof is a JSON object.")
    for k in ("rows", "cols", "board", "to_move", "winner", "root", "nodes"):
        if k not in proof:
            raise ProofError(f"Invalid proof: the field {k!r} is missing.")
    rows, cols = proof["rows"], proof["cols"]
    if not (isinstance(rows, int) and isinstance(cols, int) and 1 <= rows <= 26 and 1 <= cols <= 26):
        raise ProofError("Invalid proof: rows and cols must be whole numbers from 1 to 26.")
    if not isinstance(proof["board"], str):
        raise ProofError("Invalid proof: the board must be a string of rows.")
    board = _Board(rows, cols, proof["board"])
    to, X = proof["to_move"], proof["winner"]
    if to not in ("B", "W") or X not in ("B", "W"):
        raise ProofError("Invalid proof: to_move and winner must be 'B' or 'W'.")
    if pos is not None:
        if (pos.rows, pos.cols, pos.spec()) != (rows, cols, proof["board"]):
            raise ProofError(f"Invalid proof: its root {proof['board']} is not the position {pos.spec()}.")
    if to_move is not None and to_move != to:
        raise ProofError(f"Invalid proof: it has {COLOUR_NAMES[to]} to move, not {COLOUR_NAMES.get(to_move, to_move)}.")
    nodes, root = proof["nodes"], proof["root"]
    if not isinstance(nodes, list) or not isinstance(root, int) or isinstance(root, bool) or not 0 <= root < len(nodes):
        raise ProofError("Invalid proof: 'nodes' must be a list and 'root' the index of one of them.")
    L = "W" if X == "B" else "B"
    if board.connected(L):
        raise ProofError(f"Invalid proof: {COLOUR_NAMES[L]} already has a chain at the root.")
    seen: dict[int, tuple] = {}  # node index -> (position, mover) at its first visit
    tree: dict[int, int] = {}
    stats = {"leaves": 0, "depth": 0}

    def child_index(k, where: str) -> int:
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(nodes):
            raise ProofError(f"Invalid proof: {where} points to {k!r}, not a node.")
        return k

    def walk(k: int, mover: str, where: str, depth: int) -> int:
        t = nodes[k]
        stats["depth"] = max(stats["depth"], depth)
        if t == "L":  # a leaf may be shared: it is checked at every visit
            if not board.connected(X):
                raise ProofError(f"Invalid proof: the leaf at {where} has no {COLOUR_NAMES[X]} chain.")
            stats["leaves"] += 1
            seen.setdefault(k, ())
            return 1
        state = (tuple(board.cell), mover)
        if k in seen:
            if seen[k] != state:
                raise ProofError(f"Invalid proof: node {k} is reached at {where} in another position than before.")
            return tree[k]
        seen[k] = state
        if not isinstance(t, list) or not t or t[0] not in ("f", "m", "r"):
            raise ProofError(f"Invalid proof: the node at {where} is not a leaf, fill, move or reply node.")
        kind = t[0]
        if kind in ("f", "m") and len(t) != 3 or kind == "r" and len(t) != 2:
            raise ProofError(f"Invalid proof: the {kind!r} node at {where} has the wrong number of fields.")
        if kind == "f":
            cells = t[1]
            if not isinstance(cells, list) or not cells:
                raise ProofError(f"Invalid proof: the fill at {where} names no cells.")
            done = []
            try:
                for x in cells:
                    i = _cell(board, x, f"the fill at {where}")
                    if board.cell[i] is not None:
                        raise ProofError(f"Invalid proof: the fill at {where} names {_cell_name(cols, i)}, not vacant.")
                    board.cell[i] = L
                    done.append(i)
                if board.connected(L):
                    raise ProofError(f"Invalid proof: the fill at {where} gives {COLOUR_NAMES[L]} a chain.")
                size = 1 + walk(child_index(t[2], f"the fill at {where}"), mover, where + " (after a fill)", depth)
            finally:
                for i in done:
                    board.cell[i] = None
            tree[k] = size
            return size
        if kind == "m":
            if mover != X:
                raise ProofError(f"Invalid proof: a move of {COLOUR_NAMES[X]} at {where}, where {COLOUR_NAMES[L]} is to move.")
            i = _cell(board, t[1], f"the move at {where}")
            if board.cell[i] is not None:
                raise ProofError(f"Invalid proof: the move at {where} plays {_cell_name(cols, i)}, not vacant.")
            board.cell[i] = X
            try:
                size = 1 + walk(child_index(t[2], f"the move at {where}"), L, f"{where} {X}{_cell_name(cols, i)}",
                                depth + 1)
            finally:
                board.cell[i] = None
            tree[k] = size
            return size
        # kind == "r": every loser reply
        if mover != L:
            raise ProofError(f"Invalid proof: a reply node at {where}, where {COLOUR_NAMES[X]} is to move.")
        replies = t[1]
        if not isinstance(replies, list) or not all(isinstance(p, list) and len(p) == 2 for p in replies):
            raise ProofError(f"Invalid proof: the reply node at {where} is not a list of [cell, child] pairs.")
        vac = board.vacant()
        if not vac:
            raise ProofError(f"Invalid proof: the reply node at {where} is on a full board.")
        got = [_cell(board, p[0], f"the reply node at {where}") for p in replies]
        if len(set(got)) != len(got):
            raise ProofError(f"Invalid proof: the reply node at {where} repeats a cell.")
        missing = sorted(set(vac) - set(got))
        if missing:
            raise ProofError(f"Invalid proof: the reply {L}{_cell_name(cols, missing[0])} at {where} is missing.")
        extra = sorted(set(got) - set(vac))
        if extra:
            raise ProofError(f"Invalid proof: the reply node at {where} answers {_cell_name(cols, extra[0])}, not vacant.")
        size = 1
        for i, (_, child) in zip(got, replies):
            board.cell[i] = L
            try:
                here = f"{where} {L}{_cell_name(cols, i)}"
                if board.connected(L):
                    raise ProofError(f"Invalid proof: the reply at {here} gives {COLOUR_NAMES[L]} a chain.")
                size += walk(child_index(child, f"the reply at {here}"), X, here, depth + 1)
            finally:
                board.cell[i] = None
        tree[k] = size
        return size

    vac0 = board.vacant()
    tree_nodes = walk(root, to, "the root", 0)
    t = nodes[root]
    root_fill = set(t[1]) if isinstance(t, list) and t and t[0] == "f" else set()
    carrier = tuple(_cell_name(cols, i) for i in vac0 if i not in root_fill)
    if "carrier" in proof and list(proof["carrier"]) != list(carrier):
        raise ProofError("Invalid proof: the header's carrier is not the root's vacant cells minus the root fill.")
    return ProofCheck(rows, cols, proof["board"], to, X, len(seen), stats["leaves"], stats["depth"], tree_nodes, carrier)


# ======================================================================== files
def save_proofs(path, proofs: list[dict]) -> int:
    """Write ``proofs`` to ``path`` (gzip when it ends in ``.gz``); returns the bytes written."""
    data = json.dumps({"format": FORMAT, "version": VERSION, "proofs": proofs}, separators=(",", ":")).encode()
    p = Path(path)
    try:
        if p.suffix == ".gz":
            data = gzip.compress(data, 6)
        p.write_bytes(data)
    except OSError as exc:
        raise InputError(f"Cannot write the proof file {path}: {exc.strerror or exc}.") from None
    return len(data)


def load_proofs(path) -> list[dict]:
    """Read a proof file (plain or gzip JSON); :class:`ProofError` when it is not one."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise ProofError(f"Cannot read the proof file {path}: {exc.strerror or exc}.") from None
    try:
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        data = json.loads(raw.decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, ValueError, RecursionError):
        raise ProofError(f"{path} is not a proof file (not JSON, or a damaged gzip).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ProofError(f"{path} is not a proof file (format {FORMAT!r}, version {VERSION} expected).")
    proofs = data.get("proofs")
    if not isinstance(proofs, list) or not proofs:
        raise ProofError(f"{path} holds no proofs.")
    return proofs


def check_file(path) -> list[ProofCheck]:
    """Check every proof of a proof file; :class:`ProofError` at the first invalid one."""
    out = []
    for k, pr in enumerate(load_proofs(path)):
        try:
            out.append(check_proof(pr))
        except RecursionError:
            raise ProofError(f"Invalid proof: proof {k + 1} of {path} is nested too deeply.") from None
        except ProofError as exc:
            raise ProofError(f"{exc} (proof {k + 1} of {path})".replace(". (proof", " (proof") + ".") from None
    return out
