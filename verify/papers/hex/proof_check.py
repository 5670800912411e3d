"""The checker of Hex proof objects, and the reader of proof files.

Everything here is independent of the solvers and of ``board.py``: its own board reader,
neighbour rule, breadth-first chain test, bitmask chain test and exhaustive search (for
``"x"`` leaves), and the rules of :mod:`verify.papers.hex.proof` (whose docstring gives
the node kinds, the file format and why a checked proof proves its value).
"""

from __future__ import annotations

import gzip
import io
import json
from collections import deque
from dataclasses import dataclass

from ...errors import InputError

__all__ = [
    "EXHAUST_MAX",
    "FORMAT",
    "MAX_BYTES",
    "ProofCheck",
    "ProofError",
    "check_file",
    "check_proof",
    "image_claim",
    "iter_proofs",
    "load_proofs",
]

FORMAT = "shannon-verify hex proof"
VERSION = 2
COLOUR_NAMES = {"B": "Black", "W": "White"}
EXHAUST_MAX = 16
"""The most vacant cells an ``"x"`` leaf may leave to the checker's exhaustive search."""
MAX_BYTES = 4 << 30
"""A proof file larger than this, decompressed, is refused (default of ``max_bytes``)."""
MAPS = ("rot180", "transpose")
_SEARCH_MEMO_LIMIT = 1_000_000  # exhaustive-search memo entries kept per proof before a reset


class ProofError(InputError):
    """A proof (or proof file) is malformed or does not prove what it claims."""


@dataclass(frozen=True)
class ProofCheck:
    """What a checked proof establishes, and its size (``nodes``: distinct positions
    stored; ``tree_nodes``: the solution tree they unfold to, an ``"x"`` leaf counted
    once; ``xleaves``: visits to ``"x"`` leaves; ``searched``: positions the checker's
    exhaustive search decided for them; ``image``: for a claim proved as the image of an
    earlier one, ``(index, map)``)."""

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
    xleaves: int = 0
    searched: int = 0
    image: tuple | None = None

    def sentence(self) -> str:
        head = f"{COLOUR_NAMES[self.winner]} wins {self.rows}x{self.cols} {self.board} with {COLOUR_NAMES[self.to_move]} to move"
        if self.image is not None:
            return f"{head}: the {self.image[1]} image of claim {self.image[0] + 1}, checked"
        x = (f", {self.xleaves} exhaustive leaves ({self.searched} positions searched)" if self.xleaves else "")
        return (f"{head}: proof checked, {self.nodes} nodes "
                f"(a solution tree of {self.tree_nodes} nodes){x}, depth {self.depth}, root carrier of "
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
            at_goal = lambda i: i // C == R - 1  # noqa: E731
        else:
            start = [r * C for r in range(R)]
            at_goal = lambda i: i % C == C - 1  # noqa: E731
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

    def mask(self, colour) -> int:
        return sum(1 << i for i, v in enumerate(self.cell) if v == colour)


class _Exhaustive:
    """The checker's own exhaustive search for ``"x"`` leaves: does ``X`` win, with the
    loser holding every cell that is neither ``X``'s nor vacant?  Positions are bitmasks
    (``X``'s stones, the vacant cells); the chain test grows ``X``'s stones from its first
    side by the six neighbour offsets until nothing changes.  Plain minimax, memoised on
    the exact position: ``X`` wins at once with a chain, loses at once when even every
    vacant cell would not give it one (then the loser has, or will have, a chain); ``X``
    to move wins iff some move wins, the loser to move loses iff every move loses."""

    def __init__(self, rows: int, cols: int, X: str) -> None:
        n = self.n = rows * cols
        self.full = (1 << n) - 1
        first_col = sum(1 << (r * cols) for r in range(rows))
        last_col = sum(1 << (r * cols + cols - 1) for r in range(rows))
        self.not_first, self.not_last, self.C = self.full & ~first_col, self.full & ~last_col, cols
        if X == "B":
            self.start, self.goal = (1 << cols) - 1, ((1 << cols) - 1) << (cols * (rows - 1))
        else:
            self.start, self.goal = first_col, last_col
        self.memo: dict = {}
        self.killer: dict = {}
        self.searched = 0

    def chain(self, stones: int) -> bool:
        C, nf, nl, full = self.C, self.not_first, self.not_last, self.full
        reach = stones & self.start
        while reach:
            if reach & self.goal:
                return True
            grow = (reach | (reach & nl) << 1 | (reach & nf) >> 1 | reach << C | reach >> C
                    | (reach & nl) >> (C - 1) | (reach & nf) << (C - 1)) & full & stones
            if grow == reach:
                return False
            reach = grow
        return False

    def wins(self, xs: int, vac: int, x_to_move: bool) -> bool:
        if self.chain(xs):
            return True
        if not self.chain(xs | vac):
            return False
        return self._search(xs, vac, x_to_move)[0]

    def _search(self, xs: int, vac: int, x_to_move: bool) -> tuple[bool, int]:
        """(``X`` wins?, a carrier of that player's win: vacant cells such that the winner
        still wins when the other player is also given every other vacant cell), for a
        position where ``X`` has no chain yet and could still make one with every vacant cell."""
        key = (xs << self.n | vac) << 1 | x_to_move
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        self.searched += 1
        # The mover tries moves; a move that wins for the mover ends the search (carrier:
        # the move and the child's carrier).  A move that loses has a carrier of the
        # opponent's win: every mover's move off that carrier loses too, so only the
        # moves inside every such carrier (the must-play region) are tried; the
        # opponent's carrier is the union of the carriers and moves tried.  A child
        # decided at once: X's move made its chain (X wins, carrier the move) or the
        # loser's move left X no way to one (the loser wins, carrier the move).
        n = vac.bit_count()
        first = self.killer.get(n << 1 | x_to_move, 0) & vac  # last winning move at this depth: tried first
        region = vac
        union = 0
        res = None
        # A child already in the memo is taken from it before any chain test: the memo
        # only holds positions searched, i.e. with no X chain and a possible one.
        shift = self.n
        while region:
            low = first & region or region & -region
            first = 0
            if x_to_move:
                hit = memo.get(((xs | low) << shift | (vac ^ low)) << 1)
                if hit is not None:
                    xw, sub = hit
                elif self.chain(xs | low):  # X's move completes its chain
                    xw, sub = True, 0
                else:  # X's stones plus the vacant cells are unchanged: still a possible chain
                    xw, sub = self._search(xs | low, vac ^ low, False)
            else:
                hit = memo.get((xs << shift | (vac ^ low)) << 1 | 1)
                if hit is not None:
                    xw, sub = hit
                elif not self.chain(xs | (vac ^ low)):  # the loser's move cuts every X chain
                    xw, sub = False, 0
                else:  # X's stones are unchanged: still no chain
                    xw, sub = self._search(xs, vac ^ low, True)
            if xw == x_to_move:  # the mover wins by ``low``
                res = (xw, sub | low)
                self.killer[n << 1 | x_to_move] = low
                break
            union |= sub | low
            region &= (sub | low) & ~low
        if res is None:
            res = (not x_to_move, union)
        if len(memo) >= _SEARCH_MEMO_LIMIT:
            memo.clear()
        memo[key] = res
        return res


def _cell(board: _Board, x, where: str) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < len(board.cell):
        raise ProofError(f"Invalid proof: {where} names {x!r}, not a cell of the {board.rows}x{board.cols} board.")
    return x


def _header(proof) -> tuple:
    if not isinstance(proof, dict):
        raise ProofError("Invalid proof: a proof is a JSON object.")
    for k in ("rows", "cols", "board", "to_move", "winner"):
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
    return rows, cols, board, to, X


def image_claim(claim: tuple, how: str) -> tuple:
    """The image of a claim ``(rows, cols, board, to_move, winner)`` under a symmetry of
    Hex: ``"rot180"`` (the board turned by 180°, colours kept) or ``"transpose"`` (rows
    and columns exchanged, colours swapped).

    >>> image_claim((2, 3, "B../.W.", "W", "B"), "rot180")
    (2, 3, '.W./..B', 'W', 'B')
    >>> image_claim((2, 3, "B../.W.", "W", "B"), "transpose")
    (3, 2, 'W./.B/..', 'B', 'W')
    """
    rows, cols, board, to, X = claim
    if how == "rot180":
        return rows, cols, board[::-1], to, X
    swap = {"B": "W", "W": "B", ".": "."}
    lines = board.split("/")
    t = "/".join("".join(swap[lines[r][c]] for r in range(rows)) for c in range(cols))
    return cols, rows, t, swap[to], swap[X]


def check_proof(proof, pos=None, to_move: str | None = None, claims: list | None = None) -> ProofCheck:
    """Re-verify one proof object; the :class:`ProofCheck` on success, else :class:`ProofError`.

    When ``pos`` (a :class:`~verify.papers.hex.board.Position`) or ``to_move`` is given,
    the proof's root must be that position and that player to move.  ``claims``: the
    claims ``(rows, cols, board, to_move, winner)`` already checked in the same file, in
    order (an *image* proof ``{"image_of": j, "map": M, ...}`` must be the image of claim
    ``j`` under ``M``).

    Checked, walking the graph from the root: the header (size, board, player to move,
    winner ``X``); at every node the loser has no chain; a node reached again is reached
    at the same position and player to move; a leaf has an ``X`` chain; a fill names
    distinct vacant cells; an exhaustive leaf names at most :data:`EXHAUST_MAX` distinct
    vacant cells and ``X`` wins by the checker's own exhaustive search when the loser
    gets every other vacant cell; a move is ``X``'s, at ``X``'s turn, on a vacant cell; a
    reply node is at the loser's turn, on a board with a vacant cell, and has exactly one
    child per vacant cell; the header's carrier is the root's vacant cells minus the
    root fill.
    """
    rows, cols, board, to, X = _header(proof)
    if pos is not None:
        if (pos.rows, pos.cols, pos.spec()) != (rows, cols, proof["board"]):
            raise ProofError(f"Invalid proof: its root {proof['board']} is not the position {pos.spec()}.")
    if to_move is not None and to_move != to:
        raise ProofError(f"Invalid proof: it has {COLOUR_NAMES[to]} to move, not {COLOUR_NAMES.get(to_move, to_move)}.")
    claim = (rows, cols, proof["board"], to, X)
    if "image_of" in proof:
        j, how = proof["image_of"], proof.get("map")
        if how not in MAPS:
            raise ProofError(f"Invalid proof: the map {how!r} is not one of {', '.join(MAPS)}.")
        if (not isinstance(j, int) or isinstance(j, bool) or claims is None or not 0 <= j < len(claims)):
            raise ProofError(f"Invalid proof: image_of {j!r} names no earlier claim of the file.")
        if image_claim(claims[j], how) != claim:
            raise ProofError(f"Invalid proof: the claim is not the {how} image of claim {j + 1}.")
        return ProofCheck(rows, cols, proof["board"], to, X, 0, 0, 0, 0, (), image=(j, how))
    for k in ("root", "nodes"):
        if k not in proof:
            raise ProofError(f"Invalid proof: the field {k!r} is missing.")
    nodes, root = proof["nodes"], proof["root"]
    if not isinstance(nodes, list) or not isinstance(root, int) or isinstance(root, bool) or not 0 <= root < len(nodes):
        raise ProofError("Invalid proof: 'nodes' must be a list and 'root' the index of one of them.")
    L = "W" if X == "B" else "B"
    if board.connected(L):
        raise ProofError(f"Invalid proof: {COLOUR_NAMES[L]} already has a chain at the root.")
    seen: dict[int, tuple] = {}  # node index -> (position, mover) at its first visit
    tree: dict[int, int] = {}
    stats = {"leaves": 0, "depth": 0, "x": 0}
    search = _Exhaustive(rows, cols, X)

    def child_index(k, where: str) -> int:
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(nodes):
            raise ProofError(f"Invalid proof: {where} points to {k!r}, not a node.")
        return k

    def exhaustive(t, mover: str, where: str) -> None:
        if len(t) != 2 or not isinstance(t[1], list):
            raise ProofError(f"Invalid proof: the exhaustive leaf at {where} is not ['x', [cells]].")
        cells = [_cell(board, x, f"the exhaustive leaf at {where}") for x in t[1]]
        if len(set(cells)) != len(cells):
            raise ProofError(f"Invalid proof: the exhaustive leaf at {where} repeats a cell.")
        for i in cells:
            if board.cell[i] is not None:
                raise ProofError(f"Invalid proof: the exhaustive leaf at {where} names {_cell_name(cols, i)}, not vacant.")
        if len(cells) > EXHAUST_MAX:
            raise ProofError(f"Invalid proof: the exhaustive leaf at {where} leaves {len(cells)} vacant cells, "
                             f"more than {EXHAUST_MAX}.")
        vac = sum(1 << i for i in cells)
        if not search.wins(board.mask(X), vac, mover == X):
            raise ProofError(f"Invalid proof: the exhaustive leaf at {where} is not a {COLOUR_NAMES[X]} win "
                             f"({COLOUR_NAMES[mover]} to move, vacant {' '.join(_cell_name(cols, i) for i in cells) or '-'}, "
                             f"{COLOUR_NAMES[L]} on every other cell).")

    def walk(k: int, mover: str, where: str, depth: int) -> int:
        t = nodes[k]
        stats["depth"] = max(stats["depth"], depth)
        if t == "L":  # a leaf may be shared: it is checked at every visit
            if not board.connected(X):
                raise ProofError(f"Invalid proof: the leaf at {where} has no {COLOUR_NAMES[X]} chain.")
            stats["leaves"] += 1
            seen.setdefault(k, ())
            return 1
        if isinstance(t, list) and t and t[0] == "x":  # so is an exhaustive leaf
            exhaustive(t, mover, where)
            stats["leaves"] += 1
            stats["x"] += 1
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
    if isinstance(t, list) and t and t[0] == "x":
        root_fill = set(vac0) - set(t[1])
    carrier = tuple(_cell_name(cols, i) for i in vac0 if i not in root_fill)
    if "carrier" in proof and (not isinstance(proof["carrier"], list) or list(proof["carrier"]) != list(carrier)):
        raise ProofError("Invalid proof: the header's carrier is not the root's vacant cells minus the root fill.")
    return ProofCheck(rows, cols, proof["board"], to, X, len(seen), stats["leaves"], stats["depth"], tree_nodes,
                      carrier, stats["x"], search.searched)


# ======================================================================== files
def _open_stream(path):
    """``path`` opened for reading in binary, through gzip when it starts with gzip's
    magic number; returns (stream, underlying file).  Anything but a regular file (a
    device such as ``/dev/zero``, a FIFO) is refused: it could be read without end."""
    import os
    import stat

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ProofError(f"{path} is not a regular file, so not a proof file.")
        f = open(path, "rb")
        magic = f.read(2)
        f.seek(0)
    except OSError as exc:
        raise ProofError(f"Cannot read the proof file {path}: {exc.strerror or exc}.") from None
    return (gzip.GzipFile(fileobj=f, mode="rb") if magic == b"\x1f\x8b" else f), f


def iter_proofs(path, max_bytes: int = MAX_BYTES):
    """The proofs of a proof file, one at a time (a version-2 file is read line by
    line, never whole; a version-1 file is one JSON object, read whole).  A file whose
    decompressed size passes ``max_bytes`` is refused (a gzip bomb), and so is a
    version-2 file without its closing line (cut short)."""
    stream, raw = _open_stream(path)
    bad = f"{path} is not a proof file (not JSON, or a damaged gzip)."
    try:
        with raw, stream:
            total = 0

            def line() -> bytes:
                nonlocal total
                s = stream.readline(max_bytes - total + 1)
                total += len(s)
                if total > max_bytes:
                    raise ProofError(f"{path} is larger than {max_bytes} bytes decompressed; refused.")
                return s

            first = line()
            try:
                head = json.loads(first.decode("utf-8"))
            except (UnicodeDecodeError, ValueError, RecursionError):
                # a version-1 file: one JSON object, perhaps over several lines
                rest = io.BytesIO()
                rest.write(first)
                while True:
                    s = line()
                    if not s:
                        break
                    rest.write(s)
                try:
                    head = json.loads(rest.getvalue().decode("utf-8"))
                except (UnicodeDecodeError, ValueError, RecursionError):
                    raise ProofError(bad) from None
                if not isinstance(head, dict) or head.get("format") != FORMAT or head.get("version") != 1:
                    raise ProofError(f"{path} is not a proof file (format {FORMAT!r}, version 1 or 2 expected).")
            if not isinstance(head, dict) or head.get("format") != FORMAT or head.get("version") not in (1, 2):
                raise ProofError(f"{path} is not a proof file (format {FORMAT!r}, version 1 or 2 expected).")
            if head["version"] == 1:
                proofs = head.get("proofs")
                if not isinstance(proofs, list) or not proofs:
                    raise ProofError(f"{path} holds no proofs.")
                yield from proofs
                return
            count = 0
            while True:
                s = line()
                if not s:
                    raise ProofError(f"{path} ends before its closing line (cut short?).")
                try:
                    obj = json.loads(s.decode("utf-8"))
                except (UnicodeDecodeError, ValueError, RecursionError):
                    raise ProofError(f"{path}: line {count + 2} is not JSON.") from None
                if isinstance(obj, dict) and "end" in obj:
                    if obj["end"] != count or count == 0:
                        raise ProofError(f"{path} holds no proofs." if count == 0 else
                                         f"{path}: the closing line counts {obj['end']!r} proofs, the file has {count}.")
                    if line():
                        raise ProofError(f"{path} has lines after its closing line.")
                    return
                count += 1
                yield obj
    except (OSError, EOFError):
        raise ProofError(bad) from None


def load_proofs(path, max_bytes: int = MAX_BYTES) -> list[dict]:
    """Every proof of a proof file in a list; :class:`ProofError` when it is not one."""
    return list(iter_proofs(path, max_bytes))


def check_file(path, max_bytes: int = MAX_BYTES, each=None) -> list[ProofCheck]:
    """Check every proof of a proof file, one at a time (only the claims are kept);
    :class:`ProofError` at the first invalid one.  ``each(result)`` is called after each."""
    out: list[ProofCheck] = []
    claims: list[tuple] = []
    for k, pr in enumerate(iter_proofs(path, max_bytes)):
        try:
            r = check_proof(pr, claims=claims)
        except RecursionError:
            raise ProofError(f"Invalid proof: proof {k + 1} of {path} is nested too deeply.") from None
        except ProofError as exc:
            raise ProofError(f"{exc} (proof {k + 1} of {path})".replace(". (proof", " (proof") + ".") from None
        del pr
        claims.append((r.rows, r.cols, r.board, r.to_move, r.winner))
        out.append(r)
        if each is not None:
            each(r)
    return out
