"""The compiled Hex kernel's captured-pair fill-in (flag bit 9) against the definitions.

The kernel's pairs (debug query ``CSolver.fill_in``) must equal the pairs found by
``verify.concepts.supports`` / ``threatens`` straight from TSD's definitions
(``G∗a−b = G∗a∗b``, ``G−a∗b = G−a−b``) on the Shannon game of the position
(``Position.game()``: Black's graph) and of the transposed board (White's graph); each
pair filled as TSD.PAIRS says must keep the plain board search's value for both movers;
and the whole fill-in (dead cells and pairs, repeated) must keep the value, with the
filled cells it reports making any carrier of the filled position a carrier of the
original one (the carrier argument in ``hexsolve.c``).
"""

import random

import pytest

from verify.concepts import supports, threatens
from verify.papers.hex.board import BLACK, WHITE, Position, board_value, other
from verify.papers.hex.domain import POSITIONS
from verify.papers.hex.solver import c_solver, carrier_carries, win_value

C = c_solver()
pytestmark = pytest.mark.skipif(C is None, reason="no C compiler")

#: fill colour of a pair kind: 0 supporting in Black's graph, 1 threatening there, 2 / 3 White's
FILL = {0: BLACK, 1: WHITE, 2: WHITE, 3: BLACK}


def reference_pairs(pos: Position) -> set:
    """Every (a, b, kind) with a < b mutually supporting / threatening, from the definitions."""
    out = set()
    for view, q in ((0, pos), (1, pos.transpose())):
        g = q.game()
        vac = [i for i in range(q.size) if q.empty >> i & 1]
        for k, a in enumerate(vac):
            for b in vac[k + 1:]:
                na, nb = q.name(a), q.name(b)
                if view == 0:
                    oa, ob = a, b
                else:  # transposed cell (r, c) is the original (c, r)
                    oa, ob = sorted((a % q.cols) * pos.cols + a // q.cols for a in (a, b))
                if supports(g, na, nb) and supports(g, nb, na):
                    out.add((oa, ob, 2 * view))
                if threatens(g, na, nb) and threatens(g, nb, na):
                    out.add((oa, ob, 2 * view + 1))
    return out


def fill_pair(pos: Position, a: int, b: int, kind: int) -> Position:
    return pos.fill(1 << a | 1 << b, FILL[kind])


def _random_positions(rng, shapes):
    for rows, cols, count in shapes:
        for _ in range(count):
            cells = rng.sample(range(rows * cols), rng.randrange(0, rows * cols // 2 + 3))
            b = w = 0
            for i in cells:
                if rng.random() < 0.5:
                    b |= 1 << i
                else:
                    w |= 1 << i
            yield Position(rows, cols, b, w)


@pytest.mark.parametrize("n", [4, 6])
def test_kernel_pairs_equal_the_definitions_on_every_position(n):
    found = 0
    for p in POSITIONS.instances(n):
        got = C.fill_in(p)[2]
        assert len(got) == len(set(got))
        assert set(got) == reference_pairs(p), p.spec()
        found += len(got)
    assert found > 0


def test_kernel_pairs_equal_the_definitions_on_sampled_8_cell_and_random_positions():
    rng = random.Random(9)
    every8 = list(POSITIONS.instances(8))
    sample = rng.sample(every8, 1500) + list(_random_positions(rng, ((3, 4, 60), (4, 4, 60), (5, 5, 30))))
    kinds = set()
    for p in sample:
        got = C.fill_in(p)[2]
        assert set(got) == reference_pairs(p), p.spec()
        kinds |= {k for _, _, k in got}
    assert kinds == {0, 1, 2, 3}


@pytest.mark.deep
@pytest.mark.parametrize("n", [8, 9])
def test_kernel_pairs_equal_the_definitions_on_every_8_and_9_cell_position(n):
    for p in POSITIONS.instances(n):
        assert set(C.fill_in(p)[2]) == reference_pairs(p), p.spec()


def _fill_keeps_value(p):
    """Each pair filled alone, and the kernel's whole fill-in, keep the value; the
    reported cells extend a carrier of the filled position to one of ``p``."""
    filled, later, pairs = C.fill_in(p, fillin=True, captured=True)
    for a, b, k in pairs:
        q = fill_pair(p, a, b, k)
        for to in (BLACK, WHITE):
            assert board_value(q, to) == board_value(p, to), (p.spec(), a, b, k, to)
    added = (filled.black | filled.white) & ~(p.black | p.white)
    assert filled.black & p.white == 0 and filled.white & p.black == 0
    assert later & ~p.empty == 0  # filled cells, and the vacant ones a permanently inferior fill reads
    for to in (BLACK, WHITE):
        v = board_value(p, to)
        assert board_value(filled, to) == v, (p.spec(), to)
        if not filled.empty or filled.chain(BLACK) or filled.chain(WHITE):
            continue
        w, car = win_value(filled, to)
        assert w == v
        assert carrier_carries(p, to, w, car | later), (p.spec(), to)
    return bool(added), bool(pairs)


@pytest.mark.parametrize("n", [4, 6, 8])
def test_fill_in_keeps_the_value_and_the_carrier_on_every_position(n):
    changed = with_pairs = 0
    for p in POSITIONS.instances(n):
        if p.chain(BLACK) or p.chain(WHITE):
            continue
        a, b = _fill_keeps_value(p)
        changed += a
        with_pairs += b
    assert changed > 0 and with_pairs > 0


def test_captured_only_fills_cells_dead_fill_in_does_not():
    # non-vacuity of the switch: positions where the pairs fill cells the dead-cell
    # pattern leaves vacant (and never unfill one)
    more = 0
    for p in POSITIONS.instances(6):
        dead_only = C.fill_in(p, fillin=True, captured=False)[0]
        both = C.fill_in(p, fillin=True, captured=True)[0]
        assert dead_only.black & ~both.black == 0 and dead_only.white & ~both.white == 0
        more += both.empty != dead_only.empty
    assert more > 0


def test_random_5x5_fill_in_keeps_the_value_by_the_kernel_without_fill_in():
    rng = random.Random(21)
    n = 0
    for p in _random_positions(rng, ((5, 5, 40), (4, 5, 40))):
        if p.chain(BLACK) or p.chain(WHITE):
            continue
        filled, later, pairs = C.fill_in(p)
        for to in (BLACK, WHITE):
            plain = C.value(p, to, fillin=False, captured=False)[0]
            assert C.value(filled, to, fillin=False, captured=False)[0] == plain, (p.spec(), to)
            for a, b, k in pairs:
                q = fill_pair(p, a, b, k)
                assert C.value(q, to, fillin=False, captured=False)[0] == plain, (p.spec(), a, b, k)
                n += 1
    assert n > 0


def test_one_example_by_hand():
    # 3x3, Black at a2, White at c1: a1 and b1 both join a2 to the top side and are
    # adjacent, with the same closed neighbourhood {top, a1, b1, b2, a3} in Black's graph
    # (twins): each supports the other, so they are Black-captured (White takes one,
    # Black the other)
    p = Position.parse("..W/B../...")
    got = C.fill_in(p, fillin=False)[2]
    assert (p.index("a1"), p.index("b1"), 0) in got
    assert set(got) == reference_pairs(p)
    q = fill_pair(p, p.index("a1"), p.index("b1"), 0)
    assert q.spec() == "BBW/B../..."
    for to in (BLACK, WHITE):
        assert board_value(q, to) == board_value(p, to)
    assert other(FILL[0]) == FILL[1] and other(FILL[2]) == FILL[3]


def reference_threateners(pos: Position) -> dict:
    """For each vacant x: (cells threatening x in Black's graph, in White's), from the definition."""
    out = {}
    for view, q in ((0, pos), (1, pos.transpose())):
        g = q.game()
        vac = [i for i in range(q.size) if q.empty >> i & 1]
        for x in vac:
            m = 0
            for a in vac:
                if a != x and threatens(g, q.name(a), q.name(x)):
                    m |= 1 << (a if view == 0 else (a % q.cols) * pos.cols + a // q.cols)
            ox = x if view == 0 else (x % q.cols) * pos.cols + x // q.cols
            out.setdefault(ox, [0, 0])[view] = m
    return {x: tuple(v) for x, v in out.items()}


@pytest.mark.parametrize("n", [4, 6])
def test_kernel_threateners_equal_the_definition_on_every_position(n):
    some = 0
    for p in POSITIONS.instances(n):
        got = C.threateners(p)
        assert got == reference_threateners(p), p.spec()
        some += sum(bool(a or b) for a, b in got.values())
    assert some > 0


def test_kernel_threateners_equal_the_definition_on_random_positions():
    rng = random.Random(17)
    for p in _random_positions(rng, ((3, 4, 60), (4, 4, 60), (5, 5, 30))):
        assert C.threateners(p) == reference_threateners(p), p.spec()


@pytest.mark.parametrize("n", [4, 6])
def test_a_threatened_move_wins_only_if_its_threatener_wins(n):
    # TSD.PAIRS' third clause read on Hex through either graph, against the plain search
    from verify.papers.hex.board import winning_moves

    checked = 0
    for p in POSITIONS.instances(n):
        if p.chain(BLACK) or p.chain(WHITE):
            continue
        wins = {to: set(winning_moves(p, to)) for to in (BLACK, WHITE)}
        for x, (tb, tw) in C.threateners(p).items():
            for a in range(p.size):
                if (tb | tw) >> a & 1:
                    for to in (BLACK, WHITE):
                        assert x not in wins[to] or a in wins[to], (p.spec(), a, x, to)
                        checked += x in wins[to]
    assert checked > 0
