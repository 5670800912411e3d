"""The Hex kernel past 64 cells (issue 21): 128-bit bitboards (``hexbits.h``, the build
with ``HEX_WIDE=1``) for boards up to 128 cells, 11×11 included.

* both builds give the same answers — winner, carrier and node count — and the same
  debug read-outs (fill-in, captured pairs, threateners, H-search) on boards of at most 62
  cells, where they take the same steps; so do the mid build (64-bit cells, 128-bit
  H-search vertex masks) and the 128-bit one on 63–64 cells, 8×8 among them;
* on 63–128-cell boards every value of the full kernel (every reduction, carrier search)
  equals the plain board search ``board_value`` (Python, no kernel code), and the
  carrier carries the win; cells past bit 63 are read, searched and written back;
* the kernel's captured pairs on big boards equal the definitions (``concepts``);
* the limits: more than 128 cells refused, a stone off the board answered ``?``.
"""

import random
import subprocess

import pytest

from verify.errors import InputError
from verify.papers.hex.board import BLACK, WHITE, Position, board_value
from verify.papers.hex.solver import (MAX_CELLS, MID_MAX_CELLS, NARROW_MAX_CELLS, PLAIN, RUN_SWITCHES, CSolver, c_solver,
                                      carrier_carries, kernel_executable)

pytestmark = pytest.mark.skipif(c_solver() is None, reason="no C compiler")

SWITCHES = [{}, RUN_SWITCHES, {"vc": False}, {"dfpn": False, "vc": False}, {"hsearch": False},
            {"captured": False, "prune": False}, {"mustplay": False, "dfpn": False}, PLAIN]


@pytest.fixture(scope="module")
def both():
    with CSolver(16, width=64) as narrow, CSolver(16, width=128) as wide:
        yield narrow, wide


def _random(rng, rows, cols, stones):
    p = Position(rows, cols)
    for k, i in enumerate(rng.sample(range(rows * cols), stones)):
        p = p.play(i, BLACK if k % 2 == 0 else WHITE)
    return p


def _endgame(rng, rows, cols, vacant):
    """A random position with ``vacant`` vacant cells and no chain: a random full board with
    that many of the winner's stones taken off (so the loser has no chain either)."""
    while True:
        cells = list(range(rows * cols))
        b = sum(1 << i for i in cells if rng.random() < 0.5)
        full = Position(rows, cols, b, ((1 << rows * cols) - 1) & ~b)
        win = BLACK if full.chain(BLACK) else WHITE
        mine = [i for i in cells if (full.black if win == BLACK else full.white) >> i & 1]
        if len(mine) < vacant:
            continue
        off = sum(1 << i for i in rng.sample(mine, vacant))
        p = Position(rows, cols, full.black & ~off, full.white & ~off)
        if not p.chain(BLACK) and not p.chain(WHITE):
            return p


def test_both_builds_answer_alike_up_to_62_cells(both):
    narrow, wide = both
    rng = random.Random(21)
    shapes = [(3, 3, 2), (4, 4, 4), (5, 5, 9), (6, 6, 14), (7, 7, 24), (4, 9, 12), (6, 10, 30), (2, 31, 20)]
    n = 0
    for rows, cols, stones in shapes:
        for _ in range(6):
            p = _random(rng, rows, cols, stones)
            if p.chain(BLACK) or p.chain(WHITE):
                continue
            for to in (BLACK, WHITE):
                sw = rng.choice(SWITCHES)
                if (not sw.get("dfpn", True)) and bin(p.empty).count("1") > 14:
                    sw = RUN_SWITCHES
                assert narrow.value(p, to, **sw) == wide.value(p, to, **sw), (p.spec(), to, sw)
                n += 1
            assert narrow.fill_in(p) == wide.fill_in(p), p.spec()
            assert narrow.threateners(p) == wide.threateners(p), p.spec()
            for player in (BLACK, WHITE):
                assert narrow.hsearch(p, player) == wide.hsearch(p, player), (p.spec(), player)
    assert n > 60
    assert narrow.proc_wide is None and wide.proc is None  # each really used one build


def test_the_mid_and_the_128_bit_builds_are_used_past_62_and_64_cells():
    rng = random.Random(3)
    with CSolver(12) as k:
        p = _endgame(rng, 2, 31, 6)  # 62 cells
        assert k.value(p, BLACK)[0] == board_value(p, BLACK)
        assert k.proc_mid is None and k.proc_wide is None
        p = _endgame(rng, 7, 9, 6)  # 63 cells
        assert k.value(p, BLACK)[0] == board_value(p, BLACK)
        assert k.proc_mid is not None and k.proc_wide is None and NARROW_MAX_CELLS == 62
        p = _endgame(rng, 8, 8, 6)  # 64 cells
        assert k.value(p, BLACK)[0] == board_value(p, BLACK)
        assert k.proc_wide is None and MID_MAX_CELLS == 64
        p = _endgame(rng, 5, 13, 6)  # 65 cells
        assert k.value(p, BLACK)[0] == board_value(p, BLACK)
        assert k.proc_wide is not None


def test_the_mid_build_answers_as_the_128_bit_one_on_63_and_64_cells(both):
    """8×8 and 7×9: the H-search of a nearly empty board (more than 64 vertices, which only
    the mid and wide builds hold) read out alike, and values, carriers and node counts alike."""
    mid, wide = both
    rng = random.Random(64)
    n = 0
    for rows, cols in ((8, 8), (7, 9), (9, 7)):
        for stones in (0, 1, 2, 3, 5, 8):
            p = _random(rng, rows, cols, stones)
            for player in (BLACK, WHITE):
                h = mid.hsearch(p, player)
                assert h == wide.hsearch(p, player), (p.spec(), player)
                n += bool(h[1])
            assert mid.fill_in(p) == wide.fill_in(p), p.spec()
        for stones in (22, 26, 30):
            p = _random(rng, rows, cols, stones)
            if p.chain(BLACK) or p.chain(WHITE):
                continue
            for to in (BLACK, WHITE):
                assert mid.value(p, to, **RUN_SWITCHES) == wide.value(p, to, **RUN_SWITCHES), (p.spec(), to)
    assert n > 5  # semi-connections between the sides were met: the H-search ran
    # one Black stone on 8x8: 2 sides + 1 chain + 63 vacant cells = 66 vertices, past the narrow build
    assert len(mid.hsearch(Position(8, 8).play(27, BLACK), BLACK)[1]) == 4
    assert mid.proc_mid is not None and mid.proc_wide is None and wide.proc_mid is None


@pytest.mark.parametrize("rows,cols", [(8, 8), (7, 9), (9, 9), (10, 10), (11, 11), (12, 10), (8, 16)])
def test_big_endgames_equal_the_plain_search_and_carriers_carry(rows, cols):
    rng = random.Random(rows * 100 + cols)
    C = c_solver()
    for _ in range(4):
        p = _endgame(rng, rows, cols, rng.randrange(4, 9))
        for to in (BLACK, WHITE):
            want = board_value(p, to)
            for sw in ({}, {"vc": False, "dfpn": False}, PLAIN):
                w, car, _ = C.value(p, to, **sw)
                assert w == want, (p.spec(), to, sw)
                assert carrier_carries(p, to, w, car), (p.spec(), to, sw, p.names(car))
            assert C.value_within(p, to, 60)[0] == want


def test_cells_past_bit_63_are_read_searched_and_written():
    # 11x11, every cell filled but k10 and k11 (bits 109 and 120): Black owns k1..k9, White
    # the ten other columns; Black needs both vacant cells, White either, so White wins
    # with either player to move and its carrier is made of those two cells
    p = Position(11, 11)
    for r in range(11):
        for c in range(10):
            p = p.play(r * 11 + c, WHITE)
    for r in range(9):
        p = p.play(r * 11 + 10, BLACK)
    assert not p.chain(BLACK) and not p.chain(WHITE) and p.empty == 1 << 109 | 1 << 120
    C = c_solver()
    for to in (BLACK, WHITE):
        w, car, _ = C.value(p, to)
        assert w == WHITE == board_value(p, to)
        assert car >> 64 and car & ~p.empty == 0 and carrier_carries(p, to, w, car), (p.names(car), to)
    assert C.value(p, BLACK)[1] == p.empty  # Black to move: either cell wins for White
    filled, later, pairs = C.fill_in(p)
    assert filled.black & p.black == p.black and filled.white & p.white == p.white


def reference_pairs(pos: Position) -> set:
    """Every (a, b, kind) with a < b mutually supporting (kind 0 / 2) or threatening (1 / 3)
    in Black's (White's) Shannon graph, from TSD's definitions (as in test_hex_captured)."""
    from verify.concepts import supports, threatens

    out = set()
    for view, q in ((0, pos), (1, pos.transpose())):
        g = q.game()
        vac = [i for i in range(q.size) if q.empty >> i & 1]
        for k, a in enumerate(vac):
            for b in vac[k + 1:]:
                na, nb = q.name(a), q.name(b)
                oa, ob = (a, b) if view == 0 else sorted((x % q.cols) * pos.cols + x // q.cols for x in (a, b))
                if supports(g, na, nb) and supports(g, nb, na):
                    out.add((oa, ob, 2 * view))
                if threatens(g, na, nb) and threatens(g, nb, na):
                    out.add((oa, ob, 2 * view + 1))
    return out


def test_big_board_captured_pairs_equal_the_definitions():
    rng = random.Random(5)
    C = c_solver()
    found = 0
    for rows, cols in ((8, 8), (9, 8), (11, 11)):
        for _ in range(3):
            p = _endgame(rng, rows, cols, 6)
            got = C.fill_in(p)[2]
            assert set(got) == reference_pairs(p), p.spec()
            found += len(got)
    assert found > 0


def test_limits():
    C = c_solver()
    assert MAX_CELLS == 128
    with pytest.raises(InputError, match="at most 128 cells"):
        C.value(Position(3, 43), BLACK)
    with CSolver(12, width=64) as k, pytest.raises(InputError, match="at most 64 cells"):
        k.value(Position(9, 9), BLACK)
    # the kernel itself: too many cells, a stone off the board, a number too wide
    wide = "3 43 0 0 B 127\n2 2 10 0 B 127\n2 2 1" + "0" * 32 + " 0 B 127\n2 2 1 0 B 127\n1 65 0 0 B 127\n"
    out = subprocess.run([str(kernel_executable(True)), "12"], input=wide, capture_output=True, text=True).stdout
    assert out.splitlines()[:3] == ["? 0 0"] * 3 and out.splitlines()[3][0] in "BW" and out.splitlines()[4][0] in "BW"
    narrow = "1 65 0 0 B 127\n2 2 1" + "0" * 16 + " 0 B 127\n2 2 1 0 B 127\n"
    out = subprocess.run([str(kernel_executable(False)), "12"], input=narrow, capture_output=True, text=True).stdout
    assert out.splitlines()[:2] == ["? 0 0"] * 2 and out.splitlines()[2][0] in "BW"


@pytest.mark.parametrize("rows", [6, 7])
def test_proof_sets_and_lazy_fill_in_against_the_switch_off_on_random_positions(rows):
    """df-pn with proof sets and lazy fill-in (the hex-openings setting) against the same
    search with both off, on random 6x6 and 7x7 middle games: the same winner, and the
    proof set printed as the carrier carries (judged by the search with both off)."""
    rng = random.Random(rows)
    C = c_solver()
    off = {"proofsets": False, "lazyfill": False}

    def value_off(q, t):
        return C.value_within(q, t, 120, off)[0]

    n = nodes = 0
    while n < 20:
        p = _random(rng, rows, rows, 4 if rows == 6 else 6)  # early middle games: up to ~50k nodes each
        if p.chain(BLACK) or p.chain(WHITE):
            continue
        for to in (BLACK, WHITE):
            w, car, k = C.value_within(p, to, 120)
            nodes += k
            assert w == value_off(p, to), (p.spec(), to)
            assert carrier_carries(p, to, w, car, value=value_off), (p.spec(), to, p.names(car))
        n += 1
    assert nodes > 1000  # not only positions decided at the root
