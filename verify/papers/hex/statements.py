"""The HEX statements of Hayward & van Rijswijck, "Hex and combinatorics" (2006).

Each check takes one Hex instance of its domain (:mod:`.domain`): a position, a full
board, or an empty board.  Values come from the plain board search
:func:`~verify.papers.hex.board.board_value` (chains by breadth-first search) unless
said otherwise; the Shannon-game side goes through ``Game.from_hex`` and the shared
solvers, and the compiled Fig. 13 kernel (:mod:`.solver`) decides the boards beyond
the plain search's reach.

>>> from verify.registry import REGISTRY
>>> sorted(i for i in REGISTRY if i.startswith("HEX."))[:3]
['HEX.ANDOR', 'HEX.ANDOR.kernel', 'HEX.DEAD']
"""

from __future__ import annotations

from functools import lru_cache

from ...registry import Tally, statement
from ...solve import CUT, SHORT, FastSolver
from .board import BLACK, WHITE, Position, board_value, full_winner, has_chain, other, winning_moves
from .domain import FULL, NEAR_SQUARE, POSITIONS, SQUARE
from .solver import carrier_carries, solve, win_value
from ...backing import used

SRC = "Hayward & van Rijswijck, Hex and combinatorics (2006)"
_FAST = FastSolver()


def _over(pos: Position) -> bool:
    return pos.chain(BLACK) or pos.chain(WHITE)


# ---------------------------------------------------------------- HEX.GRAPH
@statement(
    "HEX.GRAPH",
    kind="def",
    source=SRC + ", §2, §5",
    domain=POSITIONS,
    min_n=4,
    max_n=12,
    tier_n=9,
    reading="Every board-state with n cells (all shapes R×C with R, C ≥ 2, every stone pattern), both players to move: "
    "the plain board search (BFS chains) equals the Shannon game of Game.from_hex (Black = Short) solved by "
    "FastSolver; White's goal checked through the transposed board (White = Short there).",
)
def hex_graph(pos: Position):
    """A Hex position's winner equals the Shannon game's winner on its cell graph, for both goals."""
    t = Tally()
    g, gt = pos.game(), pos.transpose().game()
    for to in (BLACK, WHITE):
        hv = board_value(pos, to)
        sv = BLACK if _FAST.winner(g, SHORT if to == BLACK else CUT) == SHORT else WHITE
        # on the transposed board White is Short (joins top and bottom of the image)
        tv = WHITE if _FAST.winner(gt, SHORT if to == WHITE else CUT) == SHORT else BLACK
        if not t.add(hv == sv == tv, to_move=to, board=hv, shannon=sv, shannon_white_goal=tv):
            break
    return t


# ---------------------------------------------------------------- HEX.P1
@statement(
    "HEX.P1/a",
    kind="thm",
    source=SRC + ", §5 (1), (5)",
    domain=FULL,
    min_n=1,
    max_n=16,
    tier_n=12,
    reading="Every full colouring of every R×C board with n cells: exactly one colour has a winning chain "
    "(both chains found by breadth-first search).",
)
def hex_p1_full(pos: Position):
    """Every full board has a winning chain for exactly one colour."""
    b = has_chain(pos.rows, pos.cols, pos.black, BLACK)
    w = has_chain(pos.rows, pos.cols, pos.white, WHITE)
    return b != w


def _sat_check(pos: Position, name: str):
    from . import sat

    res = (sat.neither_chain if name == "neither" else sat.both_chains)(pos.rows, pos.cols)
    if res is None:
        raise TimeoutError(f"SAT query '{name}' on {pos.rows}x{pos.cols} ran past {sat.BUDGET_SECONDS:.0f} s")
    t = Tally()
    t.add(res == "unsat", query=name, colouring=None if res == "unsat" else Position(pos.rows, pos.cols, res).spec())
    return t


@statement(
    "HEX.P1/b",
    kind="thm",
    source=SRC + ", §5 (5)",
    domain=SQUARE,
    min_n=1,
    max_n=12,
    tier_n=8,
    reading="For the n×n board, one SAT query over all 2^(n²) colourings at once: 'no Black top–bottom chain "
    "and no White left–right chain' is UNSAT (closed-reachability encoding, verify.papers.hex.sat); a query "
    "past its time budget makes the run unknown, never a pass.",
)
def hex_p1_sat_neither(pos: Position):
    """No full n×n board lacks a winning chain (one SAT query)."""
    return _sat_check(pos, "neither")


@statement(
    "HEX.P1/c",
    kind="thm",
    source=SRC + ", §5 (1)",
    domain=SQUARE,
    min_n=1,
    max_n=7,
    tier_n=4,
    reading="For the n×n board, one SAT query: 'a Black top–bottom chain and a White left–right chain' is UNSAT "
    "(level encoding of a chain, verify.papers.hex.sat); a query past its budget makes the run unknown.",
)
def hex_p1_sat_both(pos: Position):
    """No full n×n board has winning chains of both colours (one SAT query)."""
    return _sat_check(pos, "both")


P1_KERNEL_DEBUG = 0
"""Debug word passed to ``p1_kernel.c`` (mutation testing only; bit 0: the kernel's board
rule loses the (r−1, c+1) / (r+1, c−1) neighbour direction).  0 in every real run."""


def p1_compiled(rows: int, cols: int) -> tuple[int, int, int, int] | None:
    """(colourings, with neither chain, with both, first bad Black mask or −1) from the C
    kernel ``p1_kernel.c`` (with :data:`P1_KERNEL_DEBUG`); None without a C compiler."""
    used("hex-kernel")
    import subprocess
    from pathlib import Path

    from ...tables.kernel import compiled

    exe = compiled(Path(__file__).with_name("p1_kernel.c"))
    if exe is None:
        return None
    out = subprocess.run([str(exe)], input=f"{rows} {cols} {P1_KERNEL_DEBUG}\n", capture_output=True, text=True, check=True).stdout.split()
    return tuple(int(x) for x in out)  # type: ignore[return-value]


@statement(
    "HEX.P1/d",
    kind="thm",
    source=SRC + ", §5 (1), (5)",
    domain=SQUARE,
    min_n=1,
    max_n=5,
    tier_n=5,
    reading="Every one of the 2^(n²) full colourings of the n×n board, enumerated in compiled C (flood fill on "
    "bitmasks, written independently of the Python BFS): none has neither chain, none has both (5×5: 33.5 M "
    "colourings).",
)
def hex_p1_compiled(pos: Position):
    """Every full n×n board has a winning chain for exactly one colour (compiled enumeration)."""
    res = p1_compiled(pos.rows, pos.cols)
    if res is None:
        raise TimeoutError("no C compiler for the HEX.P1 kernel")
    total, neither, both, bad = res
    t = Tally()
    t.add(total == 1 << pos.size and neither == 0 and both == 0, colourings=total, neither=neither, both=both,
          first_bad=None if bad < 0 else Position(pos.rows, pos.cols, bad, pos.full & ~bad).spec())
    return t


# ---------------------------------------------------------------- HEX.P2
def _extra_stone(pos: Position, owner_helped: bool) -> Tally | None:
    if _over(pos) or not pos.empty:
        return None
    t = Tally()
    for to in (BLACK, WHITE):
        v = board_value(pos, to)
        for i in range(pos.size):
            if pos.empty >> i & 1:
                # owner_helped: a stone of the winner's colour keeps the win;
                # the false variant: a stone of the *other* colour keeps it too
                colour = v if owner_helped else other(v)
                after = board_value(pos.play(i, colour), to)
                if not t.add(after == v, to_move=to, winner=v, cell=pos.name(i), stone=colour, after=after):
                    return t
    return t


@statement(
    "HEX.P2",
    kind="thm",
    source=SRC + ", §5 (2)",
    domain=POSITIONS,
    min_n=4,
    max_n=12,
    tier_n=9,
    reading="For every board-state not yet won and every vacant cell, either player to move: adding a stone "
    "of the winner's colour keeps the winner (equivalently a stone never turns a win of its owner into a loss).",
)
def hex_p2(pos: Position):
    """An extra stone never hurts its owner (value monotone in the stones)."""
    return _extra_stone(pos, True)


# ---------------------------------------------------------------- HEX.P3
@statement(
    "HEX.P3",
    kind="thm",
    source=SRC + ", §5 (3)",
    domain=SQUARE,
    min_n=1,
    max_n=7,
    tier_n=7,
    reading="The empty n×n board is won by Black with Black to move and by White with White to move "
    "(compiled Fig. 13 search; cross-checked against FastSolver and the plain search in tests).",
)
def hex_p3(pos: Position):
    """On the n×n board the first player wins."""
    t = Tally()
    for to in (BLACK, WHITE):
        if not t.add(solve(pos, to) == to, first=to):
            break
    return t


# ---------------------------------------------------------------- HEX.PAIR
def pairing(rows: int, cols: int) -> dict[int, int]:
    """The mirror pairing of Fig. 5 on an ``R×(R+1)`` board (Black's sides closer): cell
    ``(r, c)`` with ``c ≤ r`` is paired with ``(c, r+1)``.  On ``(C+1)×C`` boards the
    transposed pairing (White's sides closer).

    >>> sorted(pairing(1, 2).items())
    [(0, 1), (1, 0)]
    """
    out = {}
    if cols == rows + 1:
        for r in range(rows):
            for c in range(r + 1):
                a, b = r * cols + c, c * cols + r + 1
                out[a], out[b] = b, a
    elif rows == cols + 1:
        for a, b in pairing(cols, rows).items():
            ra, ca = divmod(a, rows)
            out[ca * cols + ra] = divmod(b, rows)[1] * cols + divmod(b, rows)[0]
    return out


def pairing_move(pos: Position, player: str, pairs: dict[int, int]) -> int:
    """The pairing strategy's move: the partner of an opponent stone whose partner is
    vacant; otherwise the first vacant cell (row-major)."""
    opp = pos.white if player == BLACK else pos.black
    for a in range(pos.size):
        if opp >> a & 1 and pos.empty >> pairs[a] & 1:
            return pairs[a]
    return (pos.empty & -pos.empty).bit_length() - 1


def referee(pos: Position, player: str, first: str, strategy) -> tuple[bool, int, list]:
    """Play ``strategy`` for ``player`` against every opponent line from ``pos``.

    Returns (every line won, distinct positions met, a losing line if any).  The
    strategy is a function of the position, so positions are memoised.
    """
    seen: dict = {}

    def run(p: Position, to: str):
        key = (p.black, p.white, to)
        if key in seen:
            return seen[key]
        if p.chain(player):
            res = None
        elif p.chain(other(player)) or not p.empty:
            res = []
        elif to == player:
            m = strategy(p)
            r = run(p.play(m, player), other(player))
            res = None if r is None else [p.name(m)] + r
        else:
            res = None
            for i in range(p.size):
                if p.empty >> i & 1:
                    r = run(p.play(i, to), player)
                    if r is not None:
                        res = [p.name(i)] + r
                        break
        seen[key] = res
        return res

    lost = run(pos, first)
    return lost is None, len(seen), lost or []


@statement(
    "HEX.PAIR",
    kind="thm",
    source=SRC + ", §5, Fig. 5",
    domain=NEAR_SQUARE,
    min_n=1,
    max_n=4,
    tier_n=3,
    reading="On the empty n×(n+1) (Black's sides closer) and (n+1)×n (White's) boards the mirror pairing "
    "strategy, played against every opponent line (exhaustive referee), wins for the closer player "
    "whoever starts.",
)
def hex_pair(pos: Position):
    """On n×(n−1) boards the player whose sides are closer wins by the mirror pairing strategy."""
    player = BLACK if pos.rows < pos.cols else WHITE
    pairs = pairing(pos.rows, pos.cols)
    t = Tally()
    for first in (BLACK, WHITE):
        ok, _, line = referee(pos, player, first, lambda p: pairing_move(p, player, pairs))
        if not t.add(ok, player=player, first=first, losing_line=line):
            break
    return t


# ---------------------------------------------------------------- HEX.OPEN
def acute_corners(pos: Position) -> list[int]:
    """Bit indices of the two acute corners (two neighbours each): a1 and the bottom-right."""
    return [0, pos.size - 1]


@statement(
    "HEX.OPEN",
    kind="thm",
    source=SRC + ", §6, Fig. 6, Fig. 7",
    domain=SQUARE,
    min_n=3,
    max_n=7,
    tier_n=6,
    reading="On the empty n×n board an opening in either acute corner loses, for Black and for White opening; "
    "and after White opens at a1, Black's reply b1 (the cell that kills the corner stone, our reading of "
    "Fig. 6 middle) loses.  Values by the compiled Fig. 13 search.",
)
def hex_open(pos: Position):
    """The acute-corner opening loses on n×n, n ≥ 3."""
    t = Tally()
    for colour in (BLACK, WHITE):
        for c in acute_corners(pos):
            v = solve(pos.play(c, colour), other(colour))
            if not t.add(v == other(colour), opening=pos.name(c), opener=colour, winner=v):
                return t
    v = solve(pos.play(0, WHITE).play(1, BLACK), WHITE)
    t.add(v == WHITE, line="W a1, B b1", winner=v)
    return t


# ---------------------------------------------------------------- HEX.DEAD
@lru_cache(maxsize=64)
def full_table(rows: int, cols: int) -> bytes:
    """``table[black mask]`` = 1 when Black wins the full board (BFS), for all 2^(RC) colourings."""
    return bytes(1 if full_winner(rows, cols, b) == BLACK else 0 for b in range(1 << rows * cols))


_DEAD: dict = {}


def hex_dead_mask(pos: Position) -> int:
    """Cells (vacant or occupied) that are dead in the sense of §8: no completion of
    the board-state changes its winner when the colour at the cell changes.

    >>> Position(2, 2).names(hex_dead_mask(Position.parse("B./..")))
    []
    >>> Position(3, 3).names(hex_dead_mask(Position.parse(".W./W../...")))
    ['a1']
    """
    key = (pos.rows, pos.cols, pos.black, pos.white)
    if key in _DEAD:
        return _DEAD[key]
    table = full_table(pos.rows, pos.cols)
    vac = pos.empty
    live = 0
    sub = vac
    while True:  # every completion: the vacant cells of `sub` Black, the rest White
        b = pos.black | sub
        for i in range(pos.size):
            bit = 1 << i
            if not live & bit and table[b] != table[b ^ bit]:
                live |= bit
        if sub == 0:
            break
        sub = (sub - 1) & vac
    res = pos.full & ~live
    if len(_DEAD) > 500_000:
        _DEAD.clear()
    _DEAD[key] = res
    return res


def _captured_pairs(pos: Position, colour: str):
    """Vacant pairs {a, b} where a ``colour`` stone at either kills the other (Fig. 12, third)."""
    vac = [i for i in range(pos.size) if pos.empty >> i & 1]
    for k, a in enumerate(vac):
        da = hex_dead_mask(pos.play(a, colour))
        for b in vac[k + 1:]:
            if da >> b & 1 and hex_dead_mask(pos.play(b, colour)) >> a & 1:
                yield a, b


@statement(
    "HEX.DEAD",
    kind="def",
    source=SRC + ", §8, Fig. 12, footnote 9",
    domain=POSITIONS,
    min_n=4,
    max_n=9,
    tier_n=8,
    reading="On every board-state not yet won: (dead) a vacant cell is dead by the completion definition iff "
    "its vertex is dead in Game.from_hex (exact oracle); recolouring a dead cell (vacant: either stone; "
    "occupied: flip) keeps the value; (vulnerable) if π wins by playing a π-vulnerable cell v, π also wins "
    "with v given to the opponent (so another winning move exists); (captured) filling a π-captured pair "
    "with π stones keeps the value; (dominated) if x π-dominates y (π at x makes y dead or a member of a "
    "π-captured pair), π winning at y implies π winning at x.",
)
def hex_dead(pos: Position):
    """§8's dead, vulnerable, captured and dominated cells behave as stated, against game values."""
    from ...dead import dead_vertices

    if _over(pos) or not pos.empty:
        return None
    t = Tally()
    dead = hex_dead_mask(pos)
    g = pos.game()
    gdead = dead_vertices(g)
    for i in range(pos.size):
        name = pos.name(i)
        if pos.empty >> i & 1:
            if not t.add((name in gdead) == bool(dead >> i & 1), part="dead=shannon", cell=name, hex_dead=bool(dead >> i & 1)):
                return t
        if not dead >> i & 1:
            continue
        for to in (BLACK, WHITE):
            if pos.empty >> i & 1:
                a, b = board_value(pos.play(i, BLACK), to), board_value(pos.play(i, WHITE), to)
            else:
                bit = 1 << i
                flipped = Position(pos.rows, pos.cols, pos.black ^ bit if pos.black & bit else pos.black | bit,
                                   pos.white ^ bit if pos.white & bit else pos.white | bit)
                a, b = board_value(pos, to), board_value(flipped, to)
            if not t.add(a == b, part="dead recolour", cell=name, to_move=to):
                return t
    for pi in (BLACK, WHITE):
        opp = other(pi)
        wins = set(winning_moves(pos, pi))
        vac = [i for i in range(pos.size) if pos.empty >> i & 1]
        for v in vac:
            killers = [r for r in vac if r != v and hex_dead_mask(pos.play(r, opp)) >> v & 1]
            if killers and v in wins:
                ok = board_value(pos.play(v, opp), pi) == pi
                if not t.add(ok, part="vulnerable", cell=pos.name(v), killer=pos.name(killers[0]), player=pi):
                    return t
        for a, b in _captured_pairs(pos, pi):
            filled = pos.play(a, pi).play(b, pi)
            for to in (BLACK, WHITE):
                if not t.add(board_value(filled, to) == board_value(pos, to), part="captured",
                             cells=[pos.name(a), pos.name(b)], player=pi, to_move=to):
                    return t
        for x in vac:
            px = pos.play(x, pi)
            dom = hex_dead_mask(px) & px.empty
            for a, b in _captured_pairs(px, pi):
                dom |= 1 << a | 1 << b
            for y in vac:
                if y != x and dom >> y & 1 and y in wins:
                    if not t.add(x in wins, part="dominated", dominator=pos.name(x), cell=pos.name(y), player=pi):
                        return t
    return t


# ---------------------------------------------------------------- HEX.FIG13
@statement(
    "HEX.FIG13",
    kind="alg",
    source=SRC + ", §9, Fig. 13",
    domain=POSITIONS,
    min_n=4,
    max_n=12,
    tier_n=9,
    reading="On every board-state, both players to move: WINVALUE run on the board (Python) and on the reduced "
    "graph (verify.solve.mustplay) each return the plain search's value, and each carrier carries the win "
    "(the loser given every vacant cell off the carrier in advance still loses).",
)
def hex_fig13(pos: Position):
    """The must-play search returns the game value and a carrier of a winning virtual connection."""
    from ...solve.mustplay import carrier_carries as graph_carries
    from ...solve.mustplay import win_value as graph_win_value

    t = Tally()
    g = pos.game()
    for to in (BLACK, WHITE):
        v = board_value(pos, to)
        w, car = win_value(pos, to)
        if not t.add(w == v and carrier_carries(pos, to, w, car), part="board", to_move=to, value=v, fig13=w,
                     carrier=pos.names(car)):
            return t
        gw, gcar = graph_win_value(g, SHORT if to == BLACK else CUT)
        gw = BLACK if gw == SHORT else WHITE
        ok = gw == v and graph_carries(g, SHORT if to == BLACK else CUT, SHORT if gw == BLACK else CUT, gcar)
        if not t.add(ok, part="graph", to_move=to, value=v, fig13=gw, carrier=list(gcar)):
            return t
    return t


# ---------------------------------------------------------------- HEX.MUSTPLAY
@statement(
    "HEX.MUSTPLAY",
    kind="thm",
    source=SRC + ", §7, footnote 8",
    domain=POSITIONS,
    min_n=4,
    max_n=9,
    tier_n=8,
    reading="On every board-state not yet won, mover π: a semi-connection of the opponent is a set S of vacant "
    "cells such that the opponent, moving first, wins when π is given every vacant cell off S; every winning "
    "move of π lies in the intersection of all such S (the must-play region).",
)
def hex_mustplay(pos: Position):
    """A player must play in the intersection of the carriers of the opponent's winning semi-connections."""
    if _over(pos) or not pos.empty:
        return None
    t = Tally()
    vac = pos.empty
    for pi in (BLACK, WHITE):
        opp = other(pi)
        must = vac
        found = 0
        sub = vac
        while True:
            if board_value(pos.fill(vac & ~sub, pi), opp) == opp:
                must &= sub
                found += 1
            if sub == 0:
                break
            sub = (sub - 1) & vac
        if not found:
            continue
        wins = 0
        for i in winning_moves(pos, pi):
            wins |= 1 << i
        if not t.add(wins & ~must == 0, player=pi, semi_connections=found, must_play=pos.names(must),
                     winning=pos.names(wins)):
            return t
    return t


# ---------------------------------------------------------------- HEX.ANDOR
def _andor(pos: Position, intersect: bool = True):
    from .hsearch import h_search, verify_connection

    if _over(pos):
        return None
    t = Tally()
    for colour in (BLACK, WHITE):
        vcs, scs = h_search(pos, colour, or_rule_intersect=intersect)
        for kind, conns in (("virtual", vcs), ("semi", scs)):
            for x, car, y in conns:
                ok = verify_connection(pos, colour, x, car, y, kind == "virtual", _FAST)
                if not t.add(ok, player=colour, kind=kind, ends=[x, y], carrier=pos.names(car)):
                    return t
    return t


@statement(
    "HEX.ANDOR",
    kind="thm",
    source=SRC + ", §7 (Anshelevich's rules)",
    domain=POSITIONS,
    min_n=4,
    max_n=9,
    tier_n=6,
    reading="On every board-state not yet won, for both players: every virtual and semi-connection produced by "
    "the AND/OR rules (verify.papers.hex.hsearch; carriers ≤ 6 cells, OR over ≤ 3 semi-connections) is true — "
    "the exact Shannon game between its two end points restricted to its carrier is won by the player with "
    "the opponent moving first (virtual) or the player moving first (semi).",
)
def hex_andor(pos: Position):
    """Anshelevich's AND- and OR-rules produce only true virtual and semi-connections."""
    return _andor(pos)


@statement(
    "HEX.ANDOR.kernel",
    kind="thm",
    source=SRC + ", §7 (Anshelevich's rules), as compiled in the solver",
    domain=POSITIONS,
    min_n=4,
    max_n=12,
    tier_n=9,
    reading="On every board-state not yet won, for both players: the compiled solver's H-search (hexsolve.c "
    "bit 8, the closure whose side-to-side read-out prunes every df-pn node) reports only true connections "
    "between the player's two sides — a virtual one is won by the player when the opponent owns every vacant "
    "cell off its carrier and moves first; a semi-connection has its key inside its carrier (the must-play "
    "region is the carriers' common part) and is won the same way after the player takes its key.  Every "
    "semi-connection the solver's read-out counts is checked, before the kernel's de-duplication and the cap "
    "of its kept lists (test hook bit 12). Vacuous without a C compiler.",
)
def hex_andor_kernel(pos: Position):
    """The kernel's AND/OR closure produces only true side-to-side virtual and semi-connections."""
    from .solver import c_solver

    kernel = c_solver()
    if kernel is None or _over(pos):
        return None
    t = Tally()
    for colour in (BLACK, WHITE):
        opp = other(colour)
        vc, scs = kernel.hsearch(pos, colour)
        claims = ([] if vc is None else [(None, vc)]) + list(dict.fromkeys(scs))  # each distinct claim once
        for key, car in claims:
            q = pos if key is None else pos.play(key, colour)
            ok = (not car & ~pos.empty and (key is None or car >> key & 1)
                  and board_value(q.fill(q.empty & ~car, opp), opp) == colour)
            if not t.add(ok, player=colour, kind="virtual" if key is None else "semi",
                         key=None if key is None else pos.name(key), carrier=pos.names(car)):
                return t
    return t
