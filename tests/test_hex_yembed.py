"""HEX.Y.embed (Fig. 2 right): the embedding cross-checked, and a wrong pre-colouring refuted."""

import pytest

from verify import statement
from verify.papers.hex.board import BLACK, Position, full_winner, has_chain
from verify.papers.hex.domain import FULL, POSITIONS
from verify.papers.hex.y import y_chain, y_winner
from verify.papers.hex.yembed import (
    embed,
    embed_disagree_sat,
    embed_escape_sat,
    embed_position,
    y_black,
)
from verify.registry import run_statement


def refute(fn, domain, max_n, min_n=1):
    st = statement("MUT.HEX", kind="thm", domain=domain, max_n=max_n, min_n=min_n, register=False)(fn)
    r = run_statement(st, emit=False)
    assert r.verdict == "fails", (fn.__name__, r.verdict)
    return r.witness


def test_embedding_picture_3x3():
    k, b, w = embed(3, 3)
    assert k == 5 and (b).bit_count() == 3 and (w).bit_count() == 3 and not b & w


@pytest.mark.parametrize("rows,cols", [(2, 3), (3, 3), (3, 4)])
def test_full_colourings_same_winner(rows, cols):
    full = (1 << rows * cols) - 1
    for black in range(1 << rows * cols):
        k, yb, _ = embed_position(Position(rows, cols, black, full & ~black))
        assert y_winner(k, yb) == full_winner(rows, cols, black)


def test_wrong_precolouring_is_refuted():
    def m(pos):  # the Black and White regions exchanged
        k, b, _w = embed_position(pos, swap=True)
        return has_chain(pos.rows, pos.cols, pos.black, BLACK) == y_chain(k, b)

    w = refute(m, FULL, 6)
    assert w["n"] == 2  # smallest: a 1x2 or 2x1 board


def test_wrong_precolouring_refuted_by_sat_with_a_real_counterexample():
    for query in (embed_disagree_sat, embed_escape_sat):
        black = query(3, 3, swap=True)
        assert isinstance(black, int)
        full = (1 << 9) - 1
        hex_b = has_chain(3, 3, black, BLACK)
        k, yb, yw = embed_position(Position(3, 3, black, full & ~black), swap=True)
        assert hex_b != y_chain(k, yb) or (not hex_b) != y_chain(k, yw)
    assert y_black(3, 3, 0b010010010) is True  # a Black column: a Hex chain, and a Y chain


def test_game_value_mutant_refuted():
    from verify.papers.hex.board import board_value
    from verify.papers.hex.yembed import y_value

    def m(pos):
        k, b, w = embed_position(pos, swap=True)
        return board_value(pos, BLACK) == y_value(k, b, w, BLACK)

    w = refute(m, POSITIONS, 6, 4)
    assert w["n"] == 4
