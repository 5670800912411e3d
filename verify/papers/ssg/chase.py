"""Chase's two-tree algorithm ([1]_), Steps 1–9, as a classifier and as a player.

Definitions as printed: a (spanning) tree is a set of edges joining every pair of
vertices by exactly one path; for an edge ``b`` with ends ``x, y``, ``P(b, T)`` is the
path in ``T`` between ``x`` and ``y`` (so ``P(b, T) = {b}`` when ``b ∈ T``).  Edges are
named by their index; the two unplayable terminal edges of Step 1 are ``m`` and ``m+1``.

**Theorem 1** (SSG.CHASE.T1, :func:`theorem1_count`): for spanning trees ``T1, T2`` and
``h ∈ T1`` the number of ``m`` with ``m ∈ P(h, T2)`` and ``h ∈ P(m, T1)`` is odd.

**Steps 1–6** (:func:`two_tree_system`) as printed, with ``T_k`` meaning ``T1`` for odd
``k`` and ``T2`` for even ``k``: start from ``T1 = T2 =`` a spanning tree (the greedy
one in edge order), insert the other edges and then the two terminal edges one at a time
through the chain ``B(0) = {e_i}``, ``B(k) = ∪_{b ∈ B(k-1)} P(b, T_k)``; stop the chain
when ``B(k) = B(k-2)``; exchange along ``b_k, b_{k-1}, ..., b_0`` when
``(B(k) - B(k-2)) ∩ T_{k+1}`` is non-empty.  Step 5 stops early once ``T1 ∩ T2 = ∅``.
Step 6 (:func:`step6`): ``e_{j+1} ∈ T2`` → CUT; ``e_{j+1} ∈ T1`` → move first; else CONNECT.
The choices the text leaves open are fixed as the least index (``b_k`` from ``S``,
``b_{k-1}``, the reply ``m``).  After every exchange both trees are checked to be
spanning trees (Theorem 6), so a wrong exchange is reported, not hidden.

**Steps 7–9** (:class:`ChasePlayer`): the machine replies to a move ``h`` lying in
exactly one tree with an ``m ∈ P(h, T') `` such that ``h ∈ P(m, T)`` (``T`` the tree
holding ``h``) and then replaces CUT's edge by CONNECT's edge in the tree that held
CUT's edge.  *Reading of a garbled line*: Step 7 is printed "If ``h ∈ T1 ⊕ T2`` then
[machine passes]", which would make the machine pass on exactly the moves Step 8 is
written for; we read it as ``h ∉ T1 ⊕ T2`` (the slash of ∉ lost in print): the machine
passes when ``h`` is in neither tree or in both.  Passing is allowed in Chase's
program ("the computer is allowed to pass its turn").  A reply ``m`` must be playable
(not one of the two terminal edges, not played); if no candidate is, the player
reports that it is stuck — a failure of the rule, not of the checker.

.. [1] S. M. Chase, "An implemented graph algorithm for winning Shannon switching
   games", CACM 15(4), 1972 (``shared/papers/001_7b6aa461228c292a.txt``).

>>> from verify.papers.ssg.multigraph import SwitchGame
>>> two_tree_system(SwitchGame.parse("0-1,0-1", (0, 1))).cls
'connect'
>>> two_tree_system(SwitchGame.parse("0-2,2-1,0-1", (0, 1))).cls
'first'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ...errors import InputError
from .multigraph import SwitchGame

__all__ = ["tree_path", "spanning_trees", "theorem1_count", "two_tree_system", "step6", "TTS", "ChasePlayer", "referee"]


def _is_spanning_tree(n: int, ends: list, T) -> bool:
    if len(T) != n - 1:
        return False
    p = list(range(n))

    def f(x):
        while p[x] != x:
            x = p[x]
        return x

    for i in T:
        a, b = (f(x) for x in ends[i])
        if a == b:
            return False
        p[a] = b
    return True


def tree_path(ends: list, T, b: int) -> set:
    """``P(b, T)``: the edges of the path in tree ``T`` between the ends of edge ``b``."""
    if b in T:
        return {b}
    x, y = ends[b]
    adj: dict[int, list] = {}
    for i in T:
        u, v = ends[i]
        adj.setdefault(u, []).append((v, i))
        adj.setdefault(v, []).append((u, i))
    prev = {x: None}
    stack = [x]
    while stack:
        u = stack.pop()
        for v, i in adj.get(u, ()):
            if v not in prev:
                prev[v] = (u, i)
                stack.append(v)
    if y not in prev:
        raise InputError("P(b, T) needs a spanning tree T.")
    out = set()
    while prev[y] is not None:
        y, i = prev[y]
        out.add(i)
    return out


def spanning_trees(g: SwitchGame) -> list[frozenset]:
    """Every spanning tree of ``g`` as a set of edge indices (parallel copies distinct)."""
    ends = list(g.edges)
    return [frozenset(T) for T in combinations(range(g.m), g.n - 1) if _is_spanning_tree(g.n, ends, T)]


def theorem1_count(ends: list, T1, T2, h: int) -> int:
    """Number of ``m`` with ``m ∈ P(h, T2)`` and ``h ∈ P(m, T1)``."""
    return sum(1 for m in tree_path(ends, T2, h) if h in tree_path(ends, T1, m))


@dataclass
class TTS:
    """The outcome of Steps 1–6."""

    cls: str  # "connect", "cut", "first" (Step 6)
    T1: set
    T2: set
    ends: list  # edges of G, then the two terminal edges e_{j+1}, e_{j+2}
    m: int
    max_k: int = 0  # the largest k Step 3 reached (Theorem 5: k < number of vertices)
    max_k_exchange: int = 0  # the largest k at which Step 4 was entered


def two_tree_system(g: SwitchGame) -> TTS:
    """Steps 1–6 as printed (see the module docstring); ``g`` must be connected."""
    if not g.is_connected():
        raise InputError("Chase's algorithm needs a connected graph.")
    n, m = g.n, g.m
    ends = list(g.edges) + [g.terminals, g.terminals]
    # Step 1: a spanning tree (greedy in edge order), T2 = T1, the others in order
    p = list(range(n))

    def f(x):
        while p[x] != x:
            x = p[x]
        return x

    T1 = set()
    for i, (u, v) in enumerate(g.edges):
        a, b = f(u), f(v)
        if a != b:
            p[a] = b
            T1.add(i)
    T = {1: T1, 2: set(T1)}
    rest = [i for i in range(m) if i not in T1] + [m, m + 1]

    def tk(k: int) -> set:
        return T[1] if k % 2 else T[2]

    max_k = max_k_exchange = 0
    for idx, e in enumerate(rest):
        # Step 2
        B = {-1: set(), 0: {e}}
        bsel = {0: e}
        k = 1
        while True:  # Step 3
            max_k = max(max_k, k)
            B[k] = set().union(*(tree_path(ends, tk(k), b) for b in B[k - 1]))
            if B[k] == B[k - 2]:
                break  # Step 5 (Theorem 3)
            S = (B[k] - B[k - 2]) & tk(k + 1)
            if S:
                max_k_exchange = max(max_k_exchange, k)
                bsel[k] = min(S)
                while k > 0:  # Step 4
                    cands = [b for b in sorted(B[k - 1]) if bsel[k] in tree_path(ends, tk(k), b)]
                    if k - 1 == 0:
                        cands = [e] if e in cands else []
                    if not cands:
                        raise AssertionError("Step 4 found no b_{k-1} (bug or garbled step)")
                    bsel[k - 1] = cands[0] if k - 1 > 0 else e
                    t = tk(k)
                    t ^= {bsel[k - 1], bsel[k]}
                    if not _is_spanning_tree(n, ends, t):
                        raise AssertionError(f"Step 4 exchange left T{1 if k % 2 else 2} not a spanning tree")
                    k -= 1
                break
            k += 1
            if k > 4 * (n + 2):  # pragma: no cover - Theorem 5 bounds k by the number of vertices
                raise AssertionError("Step 3 did not stop")
        # Step 5
        if not (T[1] & T[2]):
            break
    return TTS(step6(T[1], T[2], m), T[1], T[2], ends, m, max_k, max_k_exchange)


def step6(T1: set, T2: set, m: int) -> str:
    """Step 6: the class read off the first terminal edge ``e_{j+1}`` (index ``m``):
    in ``T2`` → CUT wins, in ``T1`` → the first player wins, else CONNECT wins.

    >>> step6({0, 2}, {1, 2}, 2), step6({0, 2}, {1}, 2), step6({0}, {1}, 2)
    ('cut', 'first', 'connect')
    """
    if m in T2:
        return "cut"
    if m in T1:
        return "first"
    return "connect"


class ChasePlayer:
    """Chase's Steps 7–9 for one game, playing ``role`` ("connect" or "cut").

    :meth:`reply` takes the opponent's edge ``h`` and returns the machine's edge, or
    None for a pass.  :meth:`first_move` is Step 6's first move (``h = e_{j+1}``).
    """

    literal_step7 = False  # True: pass when h IS in T1 ⊕ T2, as printed (a test mutant)

    def __init__(self, tts: TTS, role: str):
        self.tts = tts
        self.T = {1: set(tts.T1), 2: set(tts.T2)}
        self.role = role
        self.played: set[int] = set()
        self.stuck = False

    def copy(self) -> "ChasePlayer":
        c = ChasePlayer.__new__(ChasePlayer)
        c.tts, c.role, c.stuck, c.literal_step7 = self.tts, self.role, self.stuck, self.literal_step7
        c.T = {1: set(self.T[1]), 2: set(self.T[2])}
        c.played = set(self.played)
        return c

    def _find(self, h: int) -> int | None:
        ends = self.tts.ends
        k = 1 if h in self.T[1] else 2
        Tk, To = self.T[k], self.T[3 - k]
        for mm in sorted(tree_path(ends, To, h)):
            if mm >= self.tts.m or mm in self.played:
                continue
            if h in tree_path(ends, Tk, mm):
                return mm
        return None

    def _update(self, cut_move: int, connect_move: int) -> None:
        k = 1 if cut_move in self.T[1] else 2
        self.T[k] ^= {cut_move, connect_move}

    def first_move(self, human_role: str) -> int | None:
        """Step 6 'move first': reply to the virtual ``e_{j+1}`` (needs the human's role)."""
        h = self.tts.m
        mm = self._find(h)
        if mm is None:
            self.stuck = True
            return None
        self.played.add(mm)
        if human_role == "connect":
            self._update(mm, h)
        else:
            self._update(h, mm)
        return mm

    def reply(self, h: int) -> int | None:
        self.played.add(h)
        in_one = (h in self.T[1]) != (h in self.T[2])
        if in_one == self.literal_step7:  # Step 7 as read: h not in T1 ⊕ T2 → pass
            return None
        mm = self._find(h)  # Step 8
        if mm is None:
            self.stuck = True
            return None
        self.played.add(mm)
        if self.role == "connect":  # Step 9: the opponent's h is CUT's move
            self._update(h, mm)
        else:
            self._update(mm, h)
        return mm


def _outcome(g: SwitchGame, claimed: set, deleted: set) -> str | None:
    a, b = g.terminals
    live = [e for i, e in enumerate(g.edges) if i not in deleted]
    own = [e for i, e in enumerate(g.edges) if i in claimed]

    def joined(edges):
        seen, stack = {a}, [a]
        while stack:
            x = stack.pop()
            for u, v in edges:
                y = v if u == x else u if v == x else None
                if y is not None and y not in seen:
                    seen.add(y)
                    stack.append(y)
        return b in seen

    if joined(own):
        return "connect"
    if not joined(live):
        return "cut"
    return None


def referee(g: SwitchGame, max_nodes: int = 2_000_000, literal_step7: bool = False) -> dict:
    """Play Chase's player against every opponent line; report its claim and the result.

    Returns ``{"class": Step 6's class, "roles": {machine role: won every line?}, "nodes": n}``;
    in class ``first`` both roles are checked (the human chooses after the machine's
    first move).  An opponent line ends when the game is decided; the machine may pass.
    """
    tts = two_tree_system(g)
    nodes = 0
    memo: dict = {}

    def player(role: str) -> ChasePlayer:
        p = ChasePlayer(tts, role)
        p.literal_step7 = literal_step7
        return p

    def machine_wins(player: ChasePlayer, claimed: set, deleted: set) -> bool:
        # the player's whole state is its two trees and the played edges
        key = (player.role, frozenset(claimed), frozenset(deleted), frozenset(player.T[1]), frozenset(player.T[2]))
        if key not in memo:
            memo[key] = _machine_wins(player, claimed, deleted)
        return memo[key]

    def _machine_wins(player: ChasePlayer, claimed: set, deleted: set) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes:
            raise TimeoutError("referee node budget exceeded")
        out = _outcome(g, claimed, deleted)
        if out is not None:
            return out == player.role
        free = [i for i in range(g.m) if i not in claimed and i not in deleted]
        human = "cut" if player.role == "connect" else "connect"
        for h in free:
            p = player.copy()
            c2, d2 = set(claimed), set(deleted)
            (c2 if human == "connect" else d2).add(h)
            if _outcome(g, c2, d2) is None:
                mm = p.reply(h)
                if p.stuck:
                    return False
                if mm is not None:
                    (c2 if player.role == "connect" else d2).add(mm)
            if not machine_wins(p, c2, d2):
                return False
        return True

    roles = {}
    if tts.cls in ("connect", "cut"):
        roles[tts.cls] = machine_wins(player(tts.cls), set(), set())
    else:
        for machine in ("connect", "cut"):
            p = player(machine)
            mm = p.first_move("cut" if machine == "connect" else "connect")
            if p.stuck or mm is None:
                roles[machine] = False
                continue
            c, d = set(), set()
            (c if machine == "connect" else d).add(mm)
            roles[machine] = machine_wins(p, c, d)
    return {"class": tts.cls, "roles": roles, "nodes": nodes}
