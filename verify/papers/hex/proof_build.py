"""The builder of Hex proof objects, and the writer of proof files.

:func:`build_proof` queries a solver (the compiled Fig. 13 kernel by default); the node
kinds, the file format and the soundness argument are in :mod:`verify.papers.hex.proof`.
Nothing here is trusted: every proof is re-verified by :mod:`.proof_check`.
"""

from __future__ import annotations

import gzip
import json
import time
from pathlib import Path

from ...errors import BudgetExceeded, InputError, ShannonVerifyError
from ...sweep.backends import stops_deferred
from .proof_check import EXHAUST_MAX, FORMAT, VERSION, image_claim
from .solver import NARROW_MAX_CELLS

__all__ = ["EXHAUST", "ProofWriter", "build_proof", "prove_all", "save_proofs", "symmetric_source", "unfolded_size"]

EXHAUST = 8
"""Default: a position whose (shrunk) carrier has at most this many cells becomes an
``"x"`` leaf, left to the checker's exhaustive search."""


def _solver_value(solver=None):
    """(pos, to_move) -> (winner, carrier): the compiled kernel if any, else Python Fig. 13."""
    from .solver import c_solver, win_value

    c = solver if solver is not None else c_solver()
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
    position counted once per path reaching it; an ``"x"`` leaf counts one).

    >>> unfolded_size(["L", ["m", 4, 0], ["r", [[0, 0], [1, 1]]]], 2)
    4
    """
    size: dict[int, int] = {}
    for k, t in enumerate(nodes):  # children precede parents in a built proof
        if t == "L" or t[0] == "x":
            size[k] = 1
        elif t[0] == "r":
            size[k] = 1 + sum(size[c] for _, c in t[1])
        else:
            size[k] = 1 + size[t[2]]
    return size[root]


_BUILDER: list = []


def _builder():
    """The shared :class:`~verify.papers.hex.solver.BuilderKernel` of this process, or None."""
    from .solver import builder_kernel

    if not _BUILDER:
        _BUILDER.append(builder_kernel())
    return _BUILDER[0]


def build_proof(pos, to_move: str, value=None, deadline: float | None = None, exhaust: int = EXHAUST,
                shrink: bool = True, kernel=None) -> dict:
    """A proof object for the value of ``pos`` with ``to_move`` to play.

    ``value(pos, to_move) -> (winner, carrier bitmask)`` is the solver queried (default:
    the compiled Fig. 13 kernel, else the Python one).  At every node the solver's
    carrier shrinks the board (a fill); with ``shrink`` the builder then tries to give
    the loser each remaining vacant cell too, keeping every cell the solver still calls
    a win for ``X`` (one query per cell: the kernel's carriers are not minimal).  A
    position left with at most ``exhaust`` vacant cells (at most
    :data:`~verify.papers.hex.proof_check.EXHAUST_MAX`; 0: never) becomes an ``"x"`` leaf.
    At ``X``'s turn the move with the smallest carrier is kept.  Nodes are listed
    children first; the root is the last node.  Past ``deadline`` (a
    ``time.monotonic()`` value) it raises :class:`~verify.errors.BudgetExceeded`.

    >>> from verify.papers.hex.board import Position
    >>> pr = build_proof(Position.parse("B./.."), "W", exhaust=0, shrink=False)
    >>> pr["winner"], pr["root"], pr["nodes"]
    ('W', 4, ['L', ['m', 3, 0], ['m', 1, 0], ['r', [[1, 1], [3, 2]]], ['m', 2, 3]])
    >>> build_proof(Position.parse("B./.."), "W")["nodes"]
    [['x', [1, 2, 3]]]
    """
    from .board import Position, other

    if not 0 <= exhaust <= EXHAUST_MAX:
        raise InputError(f"The exhaustive leaves take at most {EXHAUST_MAX} vacant cells, not {exhaust}.")
    if kernel is None and value is None and shrink and pos.size <= NARROW_MAX_CELLS:
        kernel = _builder()
    if not shrink:
        kernel = None
    if kernel and value is None:
        value = _solver_value(kernel)
    value = value or _solver_value()
    winner, _carrier = value(pos, to_move)
    loser = other(winner)
    memo: dict = {}
    xleaf: dict = {}
    nodes: list = []

    def add(t) -> int:
        nodes.append(t)
        return len(nodes) - 1

    def win_carrier(q: Position, mover: str) -> int | None:
        w, car = value(q, mover)
        return car if w == winner else None

    def shrunk(q: Position, mover: str, car: int) -> Position:
        """Fill the vacant cells off the carrier, then try every remaining one."""
        rejected = 0
        while True:
            q = q.fill(q.empty & ~car, loser)
            if q.chain(loser):
                raise ShannonVerifyError(f"The solver's carrier hands {loser} a chain on {q.spec()}.")
            if not shrink:
                return q
            for c in _bits(q.empty):
                if not q.empty >> c & 1 or rejected >> c & 1:
                    continue
                q2 = q.fill(1 << c, loser)
                if q2.chain(loser):
                    continue
                car2 = win_carrier(q2, mover)
                if car2 is None:  # the loser's stone there wins: it still does with more loser stones
                    rejected |= 1 << c
                else:
                    q = q2
                    if q.empty & ~car2:
                        car = car2
                        break  # fill the new carrier's complement, then go on trying
            else:
                return q

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
        if kernel:
            w, car, q = kernel.shrink(p, mover, exhaust)
            if w != winner:
                raise ShannonVerifyError(f"The solver calls {p.spec()} ({mover} to move) a loss for {winner}.")
        else:
            car = win_carrier(p, mover)
            if car is None:
                raise ShannonVerifyError(f"The solver calls {p.spec()} ({mover} to move) a loss for {winner}.")
            q = shrunk(p, mover, car) if (car & p.empty).bit_count() > exhaust or not shrink else \
                p.fill(p.empty & ~car, loser)
        if q.chain(loser):
            raise ShannonVerifyError(f"The solver's carrier hands {loser} a chain on {q.spec()}.")
        filled = p.empty & ~q.empty
        qkey = (q.black, q.white, mover)
        if q.empty.bit_count() <= exhaust:
            cells = tuple(_bits(q.empty))
            k = xleaf.get(cells)
            if k is None:
                k = xleaf[cells] = add(["x", list(cells)])
            memo[key] = k
            return k
        if filled and qkey in memo:
            inner = memo[qkey]
        elif mover == winner and kernel:
            m = kernel.best_move(q, winner, exhaust)
            if m is None:
                raise ShannonVerifyError(f"No winning move found on {q.spec()} for {winner}.")
            inner = add(["m", m, node(q.play(m, winner), loser)])
        elif mover == winner:
            best = None
            for m in _bits(q.empty):
                c = q.play(m, winner)
                if c.chain(winner):
                    best = (-1, m)
                    break
                car2 = win_carrier(c, loser)
                if car2 is not None and (best is None or (car2 & c.empty).bit_count() < best[0]):
                    best = ((car2 & c.empty).bit_count(), m)
                    if best[0] <= exhaust:  # the child is an exhaustive leaf: good enough
                        break
            if best is None:
                raise ShannonVerifyError(f"No winning move found on {q.spec()} for {winner}.")
            inner = add(["m", best[1], node(q.play(best[1], winner), loser)])
        else:
            if not q.empty:
                raise ShannonVerifyError(f"Full board {q.spec()} without a {winner} chain.")
            inner = add(["r", [[m, node(q.play(m, loser), winner)] for m in _bits(q.empty)]])
        if filled:
            memo[qkey] = inner
            k = add(["f", _bits(filled), inner])
        else:
            k = inner
        memo[key] = k
        return k

    root = node(pos, to_move)
    t = nodes[root]
    if isinstance(t, list) and t[0] == "f":
        root_fill = set(t[1])
    elif isinstance(t, list) and t[0] == "x":
        root_fill = set(_bits(pos.empty)) - set(t[1])
    else:
        root_fill = set()
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


def symmetric_source(claim: tuple, earlier: dict) -> tuple | None:
    """``(j, map)`` when the claim position ``(rows, cols, board, to_move)`` is the image,
    under a map of :func:`~verify.papers.hex.proof_check.image_claim`, of claim ``j`` of
    ``earlier`` (a dict ``(rows, cols, board, to_move) -> (j, winner)``), else None."""
    for how in ("rot180", "transpose"):  # each map is an involution: the source is the claim's image
        hit = earlier.get(image_claim((*claim[:4], "B"), how)[:4])
        if hit is not None:
            return hit[0], how
    return None


# ======================================================================== files
class ProofWriter:
    """A version-2 proof file written one proof at a time: a header line, one JSON line
    per proof, a closing line ``{"end": count}`` (gzip when the name ends in ``.gz``).

    Use as a context manager; :meth:`write` returns the proof's index; ``bytes`` is the
    size of the file once closed.  On an exception the partial file is removed.
    """

    def __init__(self, path) -> None:
        self.path = Path(path)
        self.count = 0
        self.bytes = 0
        try:
            self._raw = open(self.path, "wb")
            self._f = gzip.GzipFile(fileobj=self._raw, mode="wb", compresslevel=6, mtime=0) \
                if self.path.suffix == ".gz" else self._raw
        except OSError as exc:
            raise InputError(f"Cannot write the proof file {path}: {exc.strerror or exc}.") from None
        self._line({"format": FORMAT, "version": VERSION})

    def _line(self, obj) -> None:
        try:
            self._f.write(json.dumps(obj, separators=(",", ":")).encode() + b"\n")
        except OSError as exc:
            raise InputError(f"Cannot write the proof file {self.path}: {exc.strerror or exc}.") from None

    def write(self, proof: dict) -> int:
        self._line(proof)
        self.count += 1
        return self.count - 1

    def close(self) -> int:
        self._line({"end": self.count})
        try:
            if self._f is not self._raw:
                self._f.close()
            self._raw.close()
        except OSError as exc:
            raise InputError(f"Cannot write the proof file {self.path}: {exc.strerror or exc}.") from None
        self.bytes = self.path.stat().st_size
        return self.bytes

    def __enter__(self) -> "ProofWriter":
        return self

    def __exit__(self, exc_type, *exc) -> None:
        if exc_type is None:
            self.close()
        else:
            try:
                self._raw.close()
                self.path.unlink()
            except OSError:
                pass


def save_proofs(path, proofs) -> int:
    """Write ``proofs`` (any iterable) to ``path`` (gzip when it ends in ``.gz``);
    returns the bytes written."""
    with ProofWriter(path) as w:
        for pr in proofs:
            w.write(pr)
    return w.bytes


# ======================================================================== many proofs, streamed


def _worker_init() -> None:
    _builder()  # started once per worker process


def _build_and_check(spec: str, to_move: str, deadline, exhaust: int):
    """Build one proof and check it (in a worker process or inline): (proof, check, build s, check s)."""
    from .board import Position
    from .proof_check import check_proof

    pos = Position.parse(spec)
    t0 = time.perf_counter()
    pr = build_proof(pos, to_move, deadline=deadline, exhaust=exhaust)
    t1 = time.perf_counter()
    r = check_proof(pr, pos, to_move)
    return pr, r, t1 - t0, time.perf_counter() - t1


def prove_all(queries, path, jobs: int = 1, deadline: float | None = None, exhaust: int = EXHAUST,
              symmetry: bool = True, each=None) -> dict:
    """Proofs of every ``(position, to_move)`` query, each built, checked by the
    independent checker and written to ``path`` (a version-2 file) in the order given —
    at most ``jobs`` (+1 waiting) proofs in memory at once, one per worker process.  With
    ``symmetry`` a query that is the 180° turn or the colour-swapped transpose of an
    earlier one is written as an image claim (the checker verifies the map).  ``each(i,
    line)`` gets a dict per query (``image`` or ``nodes``, ``tree_nodes``, ``xleaves``,
    ``bytes`` (its JSON line), ``build_s``, ``check_s``).  Past ``deadline`` it raises
    :class:`~verify.errors.BudgetExceeded` and removes the partial file.  Returns the
    totals (``proofs``, ``images``, ``nodes``, ``bytes``, ``build_s``, ``check_s``)."""
    import concurrent.futures as cf
    import multiprocessing

    queries = list(queries)
    source: list = []
    earlier: dict = {}
    for i, (p, to) in enumerate(queries):
        key = (p.rows, p.cols, p.spec(), to)
        src = symmetric_source(key, earlier) if symmetry else None
        source.append(src)
        earlier.setdefault(key, (i, None))
    todo = [i for i, s in enumerate(source) if s is None]
    totals = {"proofs": 0, "images": 0, "nodes": 0, "bytes": 0, "build_s": 0.0, "check_s": 0.0}
    claims: list = []
    pool = None
    if jobs > 1 and len(todo) > 1:
        pool = cf.ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"),
                                      initializer=_worker_init)
    futures: dict = {}
    nxt = 0

    def submit_more() -> None:
        nonlocal nxt
        while pool is not None and nxt < len(todo) and len(futures) < jobs + 1:
            i = todo[nxt]
            with stops_deferred():  # a stop while the pool starts a worker comes after
                futures[i] = pool.submit(_build_and_check, queries[i][0].spec(), queries[i][1], deadline, exhaust)
            nxt += 1

    try:
        with ProofWriter(path) as w:
            for i, (p, to) in enumerate(queries):
                if source[i] is not None:
                    j, how = source[i]
                    claim = image_claim(claims[j], how)
                    line = {"rows": claim[0], "cols": claim[1], "board": claim[2], "to_move": claim[3],
                            "winner": claim[4], "image_of": j, "map": how}
                    w.write(line)
                    claims.append(claim)
                    totals["images"] += 1
                    if each is not None:
                        each(i, {"image": (j, how), "winner": claim[4]})
                    continue
                submit_more()
                if pool is not None:
                    pr, r, tb, tc = futures.pop(i).result()
                    submit_more()
                else:
                    pr, r, tb, tc = _build_and_check(p.spec(), to, deadline, exhaust)
                data = json.dumps(pr, separators=(",", ":"))
                w.write(pr)
                claims.append((r.rows, r.cols, r.board, r.to_move, r.winner))
                del pr
                totals["proofs"] += 1
                totals["nodes"] += r.nodes
                totals["bytes"] += len(data) + 1
                totals["build_s"] += tb
                totals["check_s"] += tc
                if each is not None:
                    each(i, {"winner": r.winner, "nodes": r.nodes, "tree_nodes": r.tree_nodes,
                             "xleaves": r.xleaves, "searched": r.searched, "bytes": len(data) + 1,
                             "build_s": tb, "check_s": tc})
    finally:
        if pool is not None:
            for f in futures.values():
                f.cancel()
            pool.shutdown(wait=True, cancel_futures=True)
    totals["file_bytes"] = w.bytes
    return totals
