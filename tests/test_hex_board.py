"""Hex boards: BFS chains agree with the Shannon-game reduction, parsing, transposition."""

import random

import pytest

from verify import Game
from verify.errors import InputError
from verify.papers.hex.board import BLACK, WHITE, Position, board_value, full_winner, has_chain
from verify.papers.hex.domain import FULL, POSITIONS, shapes


@pytest.mark.parametrize("rows,cols", [(1, 1), (2, 2), (2, 3), (3, 2), (3, 3), (1, 4)])
def test_black_chain_is_terminal_edge_of_reduced_graph(rows, cols):
    # a full board: Black has a chain iff top and bottom are adjacent after shorting Black, deleting White
    for black in range(1 << rows * cols):
        p = Position(rows, cols, black, (1 << rows * cols) - 1 & ~black)
        g = p.game()
        assert has_chain(rows, cols, black, BLACK) == g.has_edge("top", "bottom")
        # White's goal: the transposed board, where White is Black
        t = p.transpose()
        assert has_chain(rows, cols, p.white, WHITE) == t.game().has_edge("top", "bottom")


def test_parse_roundtrip_and_errors():
    p = Position.parse("B.W/.../W.B")
    assert p.spec() == "B.W/.../W.B"
    assert Position.parse(p.spec()) == p
    assert p.transpose().transpose() == p
    with pytest.raises(InputError):
        Position.parse("B./...")
    with pytest.raises(InputError):
        Position.parse("3x3").index("d1")
    with pytest.raises(InputError):
        Position.parse("B../...").play("a1", WHITE)


def test_domains_count_and_order():
    assert sum(1 for _ in POSITIONS.instances(4)) == 3**4  # 2x2 only (single rows are left out)
    assert sum(1 for _ in FULL.instances(4)) == 3 * 2**4
    parts = [list(POSITIONS.instances(4, r, 3)) for r in range(3)]
    assert sum(map(len, parts)) == 3**4
    assert shapes(9) == [(1, 9), (3, 3), (9, 1)]
    keys = [POSITIONS.key(p)[0] for p in POSITIONS.instances(4)]
    assert len(set(keys)) == len(keys)
    w = POSITIONS.witness(Position.parse("B./.W"), POSITIONS.key(Position.parse("B./.W"))[0])
    assert POSITIONS.from_witness(w) == Position.parse("B./.W")


def test_board_value_transpose_symmetry():
    # swapping colours and reflecting the board swaps the winner
    rng = random.Random(1)
    for _ in range(300):
        p = Position(3, 3, 0, 0)
        for i in range(9):
            x = rng.random()
            if x < 0.25:
                p = p.play(i, BLACK)
            elif x < 0.5:
                p = p.play(i, WHITE)
        if p.chain(BLACK) and p.chain(WHITE):
            pytest.fail("both chains on a partial board")
        for to in (BLACK, WHITE):
            v = board_value(p, to)
            vt = board_value(p.transpose(), WHITE if to == BLACK else BLACK)
            assert v != vt


def test_full_winner_four_by_four_exhaustive_matches_game():
    # every full 4x4 colouring: exactly one winner, and it is the Shannon reduction's
    n = 16
    for black in range(0, 1 << n, 97):  # a spread sample; the full sweep is HEX.P1/a
        p = Position(4, 4, black, (1 << n) - 1 & ~black)
        w = full_winner(4, 4, black)
        assert w in (BLACK, WHITE)
        assert (w == BLACK) == Game.from_hex(p.spec()).has_edge("top", "bottom")


def test_compiled_p1_kernel_counts_match_python():
    from verify.papers.hex.statements import p1_compiled

    for rows, cols in ((1, 3), (2, 3), (3, 2), (3, 3), (2, 5)):
        res = p1_compiled(rows, cols)
        if res is None:
            pytest.skip("no C compiler")
        bad = [b for b in range(1 << rows * cols) if full_winner(rows, cols, b) is None]
        assert res[0] == 1 << rows * cols and res[1] + res[2] == len(bad) == 0
