"""A second exact solver for the link searches, written apart from the first (LNK §2–§3).

The link searches decide games with the C solver of ``lnk_solver.h`` (a memoised
minimax on the *colouring* of the play area) and re-check the links they report with
:class:`verify.solve.fast.FastSolver`.  A bug in the C solver that turns a link into a
non-link would lose that link without trace, so every candidate pair of the direct
n = 10 strong search (Table 3, w = 8: 2,443,095 pairs) and of the plain n = 10 weak
search (1,359,881 pairs) is decided a second time here (:func:`.plain.independent_search`;
at n = 11, 71.7 M pairs, out of reach in Python: the 953 links and sample shards), by
code that shares nothing with either: its own graph6 decoder, its own move rules, its
own search, on the *reduced-graph* model (TSD §2, as :mod:`verify.game` states it)
rather than on colourings.

Model.  A position is a graph with the terminals ``s, t``.  Short wins when ``s ~ t``;
Cut wins when ``s`` and ``t`` lie in different components.  Short's move on a
non-terminal ``v`` makes Γ(v) a clique and removes ``v``; Cut's move removes ``v``.
This is exactly :func:`verify.solve.minimax.short_wins` (tested on every game with up
to 6 vertices, every terminal pair, in ``tests/test_lnk_plain.py``).

Exact bookkeeping, no game theory.  The only facts used are these, each a statement
about the move rules above, so the value computed is the minimax value itself:

* *Spare vertices.*  A non-terminal outside the component of ``s`` and ``t`` never
  joins it again: shorting a vertex adds edges only between its own neighbours, and
  removing one adds none.  So a move there changes nothing but whose turn it is, and a
  position is held as ``(component of s and t, number k of spare vertices, player to
  move)``: a spare is a move that hands the turn over (both players may make it, and it
  uses one up).  The component is relabelled nowhere; its adjacency rows over the
  original indices (others 0) and ``k`` form the memo key.
* *One-move look-ahead.*  Short to move with a common neighbour of ``s`` and ``t`` wins
  by shorting it.  Cut to move with two common neighbours loses: whatever he removes
  (or spares), one of them is still a common neighbour with Short to move.  Cut to
  move with exactly one common neighbour ``c`` must remove ``c`` (every other move
  leaves Short a winning move), so only that move is searched.  Cut to move wins at
  once if removing one vertex separates ``s`` from ``t``; these moves are looked for
  before any is searched (an order only).

Everything else is plain minimax over every move, memoised per game.

References
----------
.. [1] A. M. Steane, "Minimal and irreducible links in the Shannon game", §2–§3.
.. [2] A. M. Steane, "Threat, support and dead edges in the Shannon game", §2.

Examples
--------
>>> n, adj = decode_graph6("C]")            # the 4-cycle 0-2-1-3-0: strong link on (0, 1)
>>> Solver(adj, 0, 1).short_wins(short_first=False), decide(adj, 0, 1, strong=True)
(True, 'minimal')
>>> decide(decode_graph6("BW")[1], 0, 1, strong=False)   # path 0-2-1: W1, weight 1
'minimal'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

__all__ = ["decode_graph6", "Solver", "decide", "candidates", "decide_lines"]


_MAX_N = 17  # vertex sets are bit masks below 2**17 (the class search reaches n = 17)
_BITS = [tuple(i for i in range(13) if m >> i & 1) for m in range(1 << 13)]  # members of a mask, grown by _grow


def _grow(n: int) -> None:
    """Make :data:`_BITS` cover every mask of ``n`` vertices (2^13 entries are built at
    import, the rest only when a larger graph comes: 2^17 take a tenth of a second)."""
    if len(_BITS) < 1 << n:
        _BITS.extend(tuple(i for i in range(n) if m >> i & 1) for m in range(len(_BITS), 1 << n))
_PAIRS = {n: [(i, j) for j in range(1, n) for i in range(j)] for n in range(_MAX_N + 1)}


def decode_graph6(line: str) -> tuple[int, tuple[int, ...]]:
    """``(n, adjacency rows as bit masks)`` of a graph6 line (n ≤ 17).

    graph6: byte 0 is n + 63; then the upper triangle of the adjacency matrix, column by
    column (j = 1..n−1, i < j), six bits per byte (most significant first), each + 63.

    >>> decode_graph6("BW")      # path 0-2-1 (edges 0-2, 1-2)
    (3, (4, 4, 3))
    """
    data = line.strip().encode("ascii")
    n = data[0] - 63
    pairs = _PAIRS.get(n)
    if pairs is None or len(data) != 1 + (len(pairs) + 5) // 6:
        raise ValueError(f"graph6 {line!r}: not a graph on at most {_MAX_N} vertices")
    _grow(n)  # candidates() and the solver index _BITS by masks of n vertices
    x = 0
    for byte in data[1:]:
        if not 63 <= byte <= 126:
            raise ValueError(f"graph6 {line!r}: bad byte")
        x = x << 6 | (byte - 63)
    top = 6 * (len(data) - 1) - 1  # bit `top - k` of x is entry k of the triangle
    rows = [0] * n
    while x:
        p = x.bit_length() - 1
        x ^= 1 << p
        k = top - p
        if k >= len(pairs):
            raise ValueError(f"graph6 {line!r}: padding bits set")
        i, j = pairs[k]
        rows[i] |= 1 << j
        rows[j] |= 1 << i
    return n, tuple(rows)


def _component(rows, start: int, within: int) -> int:
    """Vertices reachable from ``start`` inside ``within`` (a bit mask)."""
    seen = 1 << start
    todo = seen
    while todo:
        v = (todo & -todo).bit_length() - 1
        todo &= todo - 1
        new = rows[v] & within & ~seen
        seen |= new
        todo |= new
    return seen


def _members(mask: int) -> tuple[int, ...]:
    return _BITS[mask]


class Solver:
    """Exact Shannon-game values of one game ``(rows, s, t)`` (rows: bit-mask adjacency).

    One memo per instance; positions are keyed by the component of the terminals, the
    number of spare vertices and the player to move (see the module docstring).

    >>> Solver((2, 5, 2), 0, 2).short_wins(True), Solver((2, 5, 2), 0, 2).short_wins(False)
    (True, False)
    """

    def __init__(self, rows: Iterable[int], s: int, t: int):
        self.rows = tuple(rows)
        if len(self.rows) > _MAX_N:
            raise ValueError(f"The second solver takes at most {_MAX_N} vertices.")
        _grow(len(self.rows))
        self.s, self.t = s, t
        self.ends = (1 << s) | (1 << t)
        self.memo: dict = {}
        self.nodes = 0

    def short_wins(self, short_first: bool, rows: Iterable[int] | None = None) -> bool:
        """Does Short win with ``short_first`` (else Cut first)?  ``rows`` replaces the
        game's graph (same vertices and terminals), e.g. with an edge deleted."""
        rows = self.rows if rows is None else tuple(rows)
        s, t = self.s, self.t
        everyone = (1 << len(rows)) - 1
        comp = _component(rows, s, everyone)
        if not comp >> t & 1:
            return False
        if rows[s] >> t & 1:
            return True
        spares = bin(everyone & ~comp).count("1")
        start = tuple(r & comp if comp >> v & 1 else 0 for v, r in enumerate(rows))
        return self._value(start, comp, spares, short_first)

    # a position: rows restricted to comp (the component of s and t, which are
    # connected and not adjacent), k spare vertices, whose move
    def _value(self, rows: tuple, comp: int, k: int, short_move: bool) -> bool:
        key = (rows, k, short_move)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        s, t = self.s, self.t
        common = rows[s] & rows[t]
        inner = comp & ~self.ends
        if short_move:
            if common:
                result = True
            else:
                result = False
                near = inner & (rows[s] | rows[t])  # an order only
                for v in _BITS[near] + _BITS[inner & ~near]:
                    if self._after_short(rows, comp, k, v):
                        result = True
                        break
                if not result and k:
                    result = self._value(rows, comp, k - 1, False)
        elif common & (common - 1):
            result = True
        else:
            moves = _BITS[common] if common else _BITS[inner]
            nexts = []
            result = True
            for v in moves:
                nxt = self._cut(rows, comp, k, v)
                if nxt is None:  # removing v separates s from t
                    result = False
                    break
                nexts.append(nxt)
            if result:
                for nrows, ncomp, nk in nexts:
                    if not self._value(nrows, ncomp, nk, True):
                        result = False
                        break
            if result and k and not common:
                result = self._value(rows, comp, k - 1, True)
        self.memo[key] = result
        return result

    def _after_short(self, rows: tuple, comp: int, k: int, v: int) -> bool:
        """Value for Short after he shorts ``v`` (Cut to move)."""
        nb = rows[v]
        bit = 1 << v
        new = list(rows)
        new[v] = 0
        for u in _BITS[nb]:
            new[u] = (rows[u] | nb) & ~(1 << u) & ~bit
        if new[self.s] >> self.t & 1:
            return True
        # the rest stays connected (Γ(v) became a clique): no new spares
        return self._value(tuple(new), comp & ~bit, k, False)

    def _cut(self, rows: tuple, comp: int, k: int, v: int):
        """The position after Cut removes ``v`` (Short to move), or None when that
        separates the terminals."""
        bit = 1 << v
        rest = comp & ~bit
        ncomp = _component(rows, self.s, rest)
        if not ncomp >> self.t & 1:
            return None
        lost = rest & ~ncomp  # split off: now spare vertices
        if not lost:
            new = list(rows)
            new[v] = 0
            for u in _BITS[rows[v]]:
                new[u] &= ~bit
            return tuple(new), ncomp, k
        new2 = tuple(r & ncomp if ncomp >> u & 1 else 0 for u, r in enumerate(rows))
        return new2, ncomp, k + bin(lost).count("1")


def _edges(rows) -> list[tuple[int, int]]:
    return [(i, j) for i in range(len(rows)) for j in _members(rows[i] >> (i + 1) << (i + 1))]


def decide(rows, s: int, t: int, strong: bool) -> str:
    """``"minimal"``, ``"link"`` (a link of the kind, not minimal) or ``"none"``: is
    ``(rows, s, t)`` a minimal weak (``strong=False``) or strong link?

    Weak: Short wins moving first and not second, and after deleting any one edge
    Short no longer wins moving first.  Strong: Short wins moving second, and after
    deleting any one edge no longer does.

    >>> decide((2, 5, 2), 0, 2, strong=True), decide((6, 5, 3), 0, 1, strong=True)   # path; triangle
    ('none', 'link')
    """
    solver = Solver(rows, s, t)
    first = not strong
    if not solver.short_wins(first):
        return "none"
    if not strong and solver.short_wins(False):
        return "none"
    for i, j in _edges(rows):
        cut = list(rows)
        cut[i] &= ~(1 << j)
        cut[j] &= ~(1 << i)
        if solver.short_wins(first, cut):
            return "link"
    return "minimal"


def candidates(n: int, rows, strong: bool) -> list[tuple[int, int]]:
    """Terminal pairs ``s < t`` not excluded by the elementary conditions of
    :func:`verify.papers.lnk.search.candidate_pairs` (proved there from the rules of the
    game; re-implemented here, and applied only for n ≥ 4 weak, n ≥ 5 strong, like
    the searches): ``s ≁ t``; no common neighbour (weak) or at most one (strong); no
    edge inside Γ(s) or Γ(t); no non-terminal of degree 1; not both terminals of degree 1.

    >>> candidates(5, decode_graph6("DXo")[1], strong=False)   # W3: terminal 3 pendant at 2, 2 joined to 4 via 0 and 1
    [(3, 4)]
    """
    if n < (5 if strong else 4):
        return [(s, t) for s in range(n) for t in range(s + 1, n)]
    pendants = [v for v in range(n) if rows[v] and not rows[v] & (rows[v] - 1)]  # degree 1
    if len(pendants) >= 2:
        return []  # a non-terminal pendant, or both terminals pendant
    ok = 0  # vertices with no edge inside their neighbourhood
    for v in range(n):
        r = rows[v]
        if not any(rows[u] & r for u in _BITS[r]):
            ok |= 1 << v
    out = []
    limit = 2 if strong else 1
    for s in _BITS[ok]:
        for t in _BITS[ok >> (s + 1) << (s + 1) & ~rows[s]]:
            if bin(rows[s] & rows[t]).count("1") >= limit:
                continue
            if pendants and pendants[0] not in (s, t):
                continue
            out.append((s, t))
    return out


def decide_lines(lines: Iterable[str], strong: bool) -> Iterator[tuple[str, int, int, str]]:
    """``(graph6, s, t, verdict)`` for every candidate pair of every graph6 line
    (:func:`candidates`, verdict of :func:`decide`)."""
    for line in lines:
        g6 = line.strip()
        if not g6:
            continue
        n, rows = decode_graph6(g6)
        for s, t in candidates(n, rows, strong):
            yield g6, s, t, decide(rows, s, t, strong)
