"""Mutants of the HEX statements: each false variant must be refuted, with the minimal
counterexample in the domain's order (cells, rows, stones, ternary code) asserted."""

import pytest

from verify import Tally, statement
from verify.papers.hex import statements as S
from verify.papers.hex.board import BLACK, WHITE, board_value, geometry, other, winning_moves
from verify.papers.hex.domain import FULL, NEAR_SQUARE, POSITIONS, SQUARE
from verify.papers.hex.solver import carrier_carries, solve, win_value
from verify.registry import run_statement
from verify.solve import CUT, SHORT, FastSolver


def refute(fn, domain, max_n, min_n=1):
    st = statement("MUT.HEX", kind="thm", domain=domain, max_n=max_n, min_n=min_n, register=False)(fn)
    r = run_statement(st, emit=False)
    assert r.verdict == "fails", (fn.__name__, r.verdict)
    return r.witness


def test_second_player_wins_square_is_refuted():
    w = refute(lambda pos: solve(pos, BLACK) == WHITE, SQUARE, 3)
    assert w["n"] == 1 and w["board"] == "."


def test_second_player_wins_3x3_is_refuted():
    w = refute(lambda pos: None if pos.rows != 3 else solve(pos, BLACK) == WHITE, SQUARE, 4)
    assert w["n"] == 3


def test_extra_stone_never_hurts_the_opponent_is_refuted():
    w = refute(lambda pos: S._extra_stone(pos, False), POSITIONS, 6, 4)
    assert w["rows"] == 2 and w["cols"] == 2 and w["board"] == "../.."
    assert w["details"]["stone"] != w["details"]["winner"]


def _square_chain(rows, cols, stones, colour):
    # 4-neighbour grid: the (r-1, c+1) / (r+1, c-1) adjacency dropped
    nb, top, bottom, left, right = geometry(rows, cols)
    start, goal = (top, bottom) if colour == BLACK else (left, right)
    seen = stones & start
    todo = [i for i in range(rows * cols) if seen >> i & 1]
    while todo:
        i = todo.pop()
        r, c = divmod(i, cols)
        for rr, cc in ((r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c)):
            j = rr * cols + cc
            if 0 <= rr < rows and 0 <= cc < cols and stones >> j & 1 and not seen >> j & 1:
                seen |= 1 << j
                todo.append(j)
    return bool(seen & goal)


def test_p1_on_the_square_grid_is_refuted():
    def m(pos):
        return _square_chain(pos.rows, pos.cols, pos.black, BLACK) != _square_chain(pos.rows, pos.cols, pos.white, WHITE)

    w = refute(m, FULL, 6)
    assert w["n"] == 4 and w["board"] == ".B/B.".replace(".", "W")


def test_graph_with_colours_swapped_is_refuted():
    s = FastSolver()

    def m(pos):  # wrong reduction: White read as Short on the untransposed board
        g = pos.game()
        return all((board_value(pos, to) == WHITE) == (s.winner(g, SHORT if to == BLACK else CUT) == SHORT)
                   for to in (BLACK, WHITE))

    w = refute(m, POSITIONS, 6, 4)
    assert w["n"] == 4 and w["board"] == "../.."


def test_pairing_for_the_farther_player_is_refuted():
    def m(pos):
        player = WHITE if pos.rows < pos.cols else BLACK
        pairs = S.pairing(pos.rows, pos.cols)
        t = Tally()
        for first in (BLACK, WHITE):
            ok, _, line = S.referee(pos, player, first, lambda p: S.pairing_move(p, player, pairs))
            if not t.add(ok, first=first, line=line):
                break
        return t

    w = refute(m, NEAR_SQUARE, 3)
    assert w["n"] == 1


def test_obtuse_corner_opening_loses_is_refuted():
    def m(pos):
        c = pos.cols - 1  # c1: the obtuse corner of the top row
        return solve(pos.play(c, BLACK), WHITE) == WHITE

    w = refute(m, SQUARE, 5, 3)
    assert w["n"] == 3


def test_captured_pair_filled_by_the_opponent_is_refuted():
    def m(pos):
        if S._over(pos) or not pos.empty:
            return None
        t = Tally()
        for pi in (BLACK, WHITE):
            for a, b in S._captured_pairs(pos, pi):
                filled = pos.play(a, other(pi)).play(b, other(pi))
                for to in (BLACK, WHITE):
                    if not t.add(board_value(filled, to) == board_value(pos, to), cells=[a, b], player=pi):
                        return t
        return t

    w = refute(m, POSITIONS, 8, 4)
    assert w["n"] <= 6


def test_must_play_with_the_wrong_filler_is_refuted():
    def m(pos):  # semi-connections computed with the *opponent* given the cells off S
        if S._over(pos) or not pos.empty:
            return None
        t = Tally()
        vac = pos.empty
        for pi in (BLACK, WHITE):
            opp, must, sub = other(pi), vac, vac
            while True:
                if board_value(pos.fill(vac & ~sub, opp), opp) == opp:
                    must &= sub
                if sub == 0:
                    break
                sub = (sub - 1) & vac
            wins = sum(1 << i for i in winning_moves(pos, pi))
            if not t.add(wins & ~must == 0, player=pi):
                return t
        return t

    w = refute(m, POSITIONS, 6, 4)
    assert w["rows"] == 2 and w["cols"] == 2


def test_fig13_carrier_minus_a_cell_is_refuted():
    def m(pos):
        t = Tally()
        for to in (BLACK, WHITE):
            w, car = win_value(pos, to)
            if car:
                car &= car - 1  # drop the lowest cell
                if not t.add(carrier_carries(pos, to, w, car), to_move=to):
                    return t
        return t

    w = refute(m, POSITIONS, 6, 4)
    assert w["rows"] == 2 and w["cols"] == 2


def test_y_reduction_by_minority_is_refuted():
    from verify.papers.hex.y import Y_FULL, cells, reduce_board, y_chain

    def m(inst):
        k, b = inst
        if k < 2:
            return None
        small = (1 << len(cells(k - 1))) - 1
        r = small & ~reduce_board(k, b)  # minority colour of each triangle
        return y_chain(k, b) == y_chain(k - 1, r)

    w = refute(m, Y_FULL, 4, 2)
    assert w["n"] == 2


def test_meyers_with_one_of_three_is_refuted():
    from verify.papers.hex.y import Y_FULL, side_removed, y_chain

    def m(inst):
        k, b = inst
        if k < 2:
            return None
        return y_chain(k, b) == any(y_chain(k - 1, side_removed(k, b, s)) for s in range(3))

    w = refute(m, Y_FULL, 4, 2)
    assert w["n"] == 2


def test_or_rule_without_disjoint_carriers_is_refuted():
    w = refute(lambda pos: S._andor(pos, intersect=False), POSITIONS, 6, 4)
    assert w["rows"] == 2


def test_kernel_semi_connection_read_as_virtual_is_refuted():
    # HEX.ANDOR.kernel with the key never played: a semi-connection would then be a
    # virtual connection (the opponent moving first)
    from verify.papers.hex.solver import c_solver

    kernel = c_solver()
    if kernel is None:
        pytest.skip("no C compiler")

    def m(pos):
        if pos.chain(BLACK) or pos.chain(WHITE):
            return None
        t = Tally()
        for colour in (BLACK, WHITE):
            for _key, car in kernel.hsearch(pos, colour)[1]:
                t.add(board_value(pos.fill(pos.empty & ~car, other(colour)), other(colour)) == colour, carrier=car)
        return t

    w = refute(m, POSITIONS, 6, 4)
    assert w["n"] == 4 and w["rows"] == 2 and w["board"] == "../.."


def _kernel_capture_mutant(wrong_colour):
    from verify.papers.hex.solver import c_solver

    c = c_solver()
    fill = {0: BLACK, 1: WHITE, 2: WHITE, 3: BLACK}

    def m(pos):  # the kernel's captured pairs (flag bit 9), each filled with the given colour
        if S._over(pos) or not pos.empty:
            return None
        t = Tally()
        for a, b, k in c.fill_in(pos, fillin=False)[2]:
            colour = other(fill[k]) if wrong_colour else fill[k]
            q = pos.fill(1 << a | 1 << b, colour)
            for to in (BLACK, WHITE):
                if not t.add(board_value(q, to) == board_value(pos, to), cells=[pos.name(a), pos.name(b)], kind=k, to_move=to):
                    return t
        return t

    return m


def test_kernel_captured_pairs_filled_with_the_wrong_colour_are_refuted():
    from verify.papers.hex.solver import c_solver

    if c_solver() is None:
        pytest.skip("no C compiler")
    # the right colours hold on every position up to 6 cells ...
    r = run_statement(statement("MUT.HEX.ok", kind="thm", domain=POSITIONS, max_n=6, min_n=4, register=False)(
        _kernel_capture_mutant(False)), emit=False)
    assert r.verdict == "holds"
    # ... the swapped colours fail on a 2x2 board
    w = refute(_kernel_capture_mutant(True), POSITIONS, 6, 4)
    # b1, b2 mutually threatening in Black's graph (kind 1), filled Black instead of White
    assert w["board"] == "B./.." and w["details"]["cells"] == ["b1", "b2"] and w["details"]["kind"] == 1


def test_one_way_support_filled_as_captured_is_refuted():
    from verify.concepts import supports

    def m(pos):  # a supports b in Black's graph (b need not support a): fill both Black
        if S._over(pos) or not pos.empty:
            return None
        g = pos.game()
        t = Tally()
        vac = [i for i in range(pos.size) if pos.empty >> i & 1]
        for a in vac:
            for b in vac:
                if a != b and supports(g, pos.name(a), pos.name(b)):
                    q = pos.fill(1 << a | 1 << b, BLACK)
                    for to in (BLACK, WHITE):
                        if not t.add(board_value(q, to) == board_value(pos, to), cells=[pos.name(a), pos.name(b)]):
                            return t
        return t

    w = refute(m, POSITIONS, 8, 4)
    assert w["board"] == "../.." and sorted(w["details"]["cells"]) == ["a1", "b1"]


def test_threat_pruning_the_wrong_way_round_is_refuted():
    from verify.papers.hex.solver import c_solver

    c = c_solver()
    if c is None:
        pytest.skip("no C compiler")

    def m(pos):  # a threatens b (kernel, either graph) read as "a wins only if b wins"
        if S._over(pos) or not pos.empty:
            return None
        t = Tally()
        wins = {to: set(winning_moves(pos, to)) for to in (BLACK, WHITE)}
        for x, (tb, tw) in c.threateners(pos).items():
            for a in range(pos.size):
                if (tb | tw) >> a & 1:
                    for to in (BLACK, WHITE):
                        if not t.add(a not in wins[to] or x in wins[to], a=pos.name(a), b=pos.name(x), to_move=to):
                            return t
        return t

    w = refute(m, POSITIONS, 6, 4)
    # empty 2x2: b1 threatens the acute corner a1; Black wins at b1, not at a1
    assert w["board"] == "../.." and w["details"] == {"a": "b1", "b": "a1", "to_move": "B"}
