"""The kernel's H-search (bit 8 of hexsolve.c) against the plain board search: every
virtual connection it reports between a player's sides really wins for that player as
second player inside its carrier, and every semi-connection wins with its key played
first (HEX.ANDOR for the compiled rules; the Python engine is checked in
``test_hex_hsearch``-style tests of ``hsearch.py``)."""

import random

import pytest

from verify.papers.hex.board import BLACK, WHITE, Position, board_value, other
from verify.papers.hex.domain import POSITIONS
from verify.papers.hex.solver import c_solver

C = c_solver()
pytestmark = pytest.mark.skipif(C is None, reason="no C compiler")


OFF = dict(mustplay=False, threats=False, vc=False, fillin=False, ordering=False, orlinks=False, dfpn=False,
           hsearch=False, captured=False, prune=False)


def _plain_c(p: Position, to: str) -> str:
    """The kernel with every reduction off: plain game-tree search (itself checked against
    ``board_value`` on every small position in test_hex_solver.py)."""
    return C.value(p, to, **OFF)[0]


def _check(p: Position, player: str, tally: dict, value=board_value) -> None:
    if p.chain(BLACK) or p.chain(WHITE):
        return
    vc, scs = C.hsearch(p, player)
    opp = other(player)
    if vc is not None:
        assert vc & ~p.empty == 0
        tally["vc"] += 1
        assert value(p.fill(p.empty & ~vc, opp), opp) == player, (p.spec(), player, "VC", bin(vc))
    for key, car in scs:
        assert car >> key & 1 and car & ~p.empty == 0, (p.spec(), player, key, bin(car))
        tally["sc"] += 1
        q = p.play(key, player)
        assert value(q.fill(q.empty & ~car, opp), opp) == player, (p.spec(), player, "SC", key, bin(car))


def _random(rows, cols, rng, stones):
    p = Position(rows, cols)
    for k, i in enumerate(rng.sample(range(rows * cols), stones)):
        p = p.play(i, BLACK if k % 2 == 0 else WHITE)
    return p


def test_kernel_hsearch_connections_hold_on_every_small_position():
    tally = {"vc": 0, "sc": 0}
    for n in range(1, 9):
        for p in POSITIONS.instances(n):
            for player in (BLACK, WHITE):
                _check(p, player, tally)
    assert tally["vc"] > 100 and tally["sc"] > 100, tally


def test_kernel_hsearch_connections_hold_on_random_larger_positions():
    rng = random.Random(8)
    tally = {"vc": 0, "sc": 0}
    for rows, cols, stones, count in ((4, 4, 3, 200), (3, 5, 3, 200), (5, 5, 12, 200), (4, 5, 6, 200), (5, 5, 8, 100), (6, 6, 20, 100)):
        for _ in range(count):
            p = _random(rows, cols, rng, stones)
            for player in (BLACK, WHITE):
                _check(p, player, tally, _plain_c)
    # an edge template appears: a stone on the top row of a 3-row board is joined to the
    # bottom by the ziggurat (8 carrier cells)
    vc, _ = C.hsearch(Position.parse("..B../...../....."), BLACK)
    assert vc is not None and bin(vc).count("1") <= 8
    assert tally["vc"] > 20 and tally["sc"] > 20, tally


def test_kernel_hsearch_dump_is_every_semi_connection_the_read_out_counts():
    # the solver's must-play read-out intersects every semi-connection between the sides
    # the closure meets, kept in its lists or not; the test hook dumps all of them (here
    # repeats, and more distinct ones than the 16 a pair's list keeps), and each is true
    # (the position "...../...B./....W/...B./....." served until the OR rule took three
    # kept semi-connections: it finds Black's virtual connection there now, 17 cells)
    p = Position.parse("...../..B../....W/...B./.....")
    vc, scs = C.hsearch(p, BLACK)
    assert vc is None and len(scs) > len(set(scs)) > 16
    tally = {"vc": 0, "sc": 0}
    _check(p, BLACK, tally, _plain_c)
    assert tally["sc"] == len(scs)



def _column_with_a_gap(n: int, gap: int, white: list[int]) -> Position:
    p = Position(n, n)
    for r in range(n):
        if r != gap:
            p = p.play(r * n + n // 2, BLACK)
    for i in white:
        p = p.play(i, WHITE)
    return p


def _narrow_build_hsearch(p: Position) -> str:
    """The H-search hook's answer of the narrow build itself (64-bit vertex masks)."""
    import subprocess

    from verify.papers.hex.solver import kernel_executable

    line = f"{p.rows} {p.cols} {p.black:x} {p.white:x} B 4096\n"
    return subprocess.run([str(kernel_executable()), "12"], input=line, capture_output=True, text=True).stdout.strip()


def test_kernel_hsearch_runs_past_64_vertices_and_its_connections_hold():
    # past 62 cells the mid and 128-bit builds run the closure on graphs of up to 128
    # vertices, where the narrow build cannot (its hook then answers nothing): the empty 3x22 and 4x16
    # boards (68 and 66 vertices) and 9x9 / 11x11 positions; each connection reported is
    # verified with the loser given every cell off its carrier, by the 64-bit build's df-pn
    # with the H-search off (boards up to 64 cells) or the 128-bit build's with it off
    from verify.papers.hex.solver import CSolver

    rng = random.Random(21)
    checked = {"vc": 0, "sc": 0}
    skipped = 0
    # (position, whether Black must have a connection between its sides: its short way
    # across, or its column's one gap)
    boards = [(Position(3, 22), True), (Position(4, 16), False), (Position(8, 8), False), (Position(8, 8).play(27, BLACK), False), (_random(8, 8, rng, 2), False),
              (_column_with_a_gap(9, 4, [0, 8, 72]), True), (_column_with_a_gap(11, 6, [1, 20, 100, 119]), True),
              (_random(11, 11, rng, 30), False)]
    with CSolver(16, width=64) as narrow, CSolver(16, width=128) as wide:
        for p, black_joined in boards:
            if p.size <= 64:  # CSolver(width=64) sends 63-64 cells to the mid build: as the 128-bit one
                found = wide.hsearch(p, BLACK)
                assert narrow.hsearch(p, BLACK) == found and narrow.proc_mid is not None
                if found != (None, []):  # the narrow build itself finds nothing: more than 64 vertices, not run
                    assert _narrow_build_hsearch(p) == "H 0 0 0"
                    skipped += 1
            oracle = narrow if p.size <= 64 else wide
            for player in (BLACK, WHITE):
                if p.chain(BLACK) or p.chain(WHITE):
                    continue
                vc, scs = wide.hsearch(p, player)
                if player == BLACK and black_joined:
                    assert vc is not None or scs, (p.spec(), player)
                opp = other(player)
                todo = ([("vc", None, vc)] if vc is not None else []) + [("sc", k, c) for k, c in dict.fromkeys(scs)]
                for kind, key, car in todo:
                    assert car & ~p.empty == 0 and (key is None or car >> key & 1), (p.spec(), player, kind, key)
                    if bin(car).count("1") > 14:  # the oracle's search grows with the carrier: the small ones
                        continue
                    q = p if key is None else p.play(key, player)
                    q = q.fill(q.empty & ~car, opp)
                    assert oracle.value(q, opp, hsearch=False, vc=False, value_only=True)[0] == player, (
                        p.spec(), player, kind, key, p.names(car))
                    checked[kind] += 1
    assert checked["sc"] > 10, checked
    assert skipped >= 2
