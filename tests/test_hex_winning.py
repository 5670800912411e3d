"""find_winning's carrier pruning against the plain route (every move queried) and a plain search.

A move off the carrier of a refutation is not queried (:func:`verify.papers.hex.winning.find_winning`);
these tests show the pruned answer equals the unpruned one and the plain minimax on random
positions, that the pruning does skip moves (it is not vacuous), that every skipped move's
inherited refutation is true by the plain search, and that a carrier one cell too small (a
mutant of the kernel's proof sets) is caught by the same comparison.
"""

from __future__ import annotations

import random

import pytest

from verify.errors import InputError

from verify.papers.hex.board import Position, board_value, other, winning_moves
from verify.papers.hex.solver import c_solver, win_value
from verify.papers.hex.winning import find_winning, kernel_filled, kernel_threats, kernel_value, plain_value


def _positions(rows: int, cols: int, count: int, seed: int):
    """Random positions neither colour has won, with 0..cells/2 stones."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pos = Position(rows, cols)
        cells = rng.sample(range(rows * cols), rng.randint(0, rows * cols // 2))
        for k, i in enumerate(cells):
            pos = pos.play(i, "BW"[k % 2])
        if not pos.chain("B") and not pos.chain("W"):
            out.append(pos)
    return out


POSITIONS = [p for rc, n in (((3, 3), 30), ((3, 4), 8), ((4, 3), 4), ((4, 4), 2)) for p in _positions(*rc, n, 7 * n)]
#: the deep tier's: larger boards, the kernel only
DEEP = [p for rc, n in (((4, 4), 30), ((3, 5), 10), ((5, 3), 6)) for p in _positions(*rc, n, 11 * n)]


def _python_query():
    return lambda p, t, s: (*win_value(p, t), 0)


def _kernel_or_skip():
    """The compiled kernel and its ``find_winning`` query, or the test is skipped."""
    solver = c_solver()
    if solver is None:
        pytest.skip("no C compiler for the kernel")
    return solver, kernel_value(solver)


def _queries():
    yield "python", _python_query()
    solver = c_solver()
    if solver is not None:
        yield "kernel", kernel_value(solver)


@pytest.mark.parametrize("name,positions", [("python", "default"), ("kernel", "default"),
                                            pytest.param("kernel", "deep", marks=pytest.mark.deep)])
def test_pruned_equals_unpruned_equals_plain_search(name, positions):
    query = dict(_queries()).get(name)
    if query is None:
        pytest.skip("no C compiler for the kernel")
    pruned = queried = 0
    for pos in POSITIONS if positions == "default" else DEEP:
        for colour in "BW":
            plain = pos.names(sum(1 << i for i in winning_moves(pos, colour, board_value)))
            a = find_winning(pos, colour, query)
            b = find_winning(pos, colour, query, prune=False)
            assert a.winning == b.winning == plain, (pos.spec(), colour)
            assert [m.cell for m in a.moves] == [m.cell for m in b.moves]
            skipped = [m for m in a.moves if m.pruned_by is not None]
            for m in skipped:  # the inherited refutation, by the plain search
                assert board_value(pos.play(m.index, colour), other(colour)) == other(colour), (pos.spec(), m.cell)
            pruned += len(skipped)
            queried += len(a.moves) - len(skipped)
    assert pruned > 0.1 * (pruned + queried), (pruned, queried)  # not vacuous: the pruning skips moves


def test_plain_value_never_prunes():
    """A value without a proof set rests on every vacant cell, so nothing is skipped."""
    for pos in POSITIONS[:20]:
        res = find_winning(pos, "B", plain_value(board_value))
        assert all(m.pruned_by is None for m in res.moves)


def test_a_carrier_one_cell_short_is_caught():
    """The mutant: each refutation's carrier loses its first cell.  The comparison above
    must then fail on some position (the pruning trusts the carrier)."""
    honest = _python_query()

    def short(p, t, s):
        w, car, n = honest(p, t, s)
        return w, car & (car - 1), n

    def differs(pos, c) -> bool:
        try:
            return find_winning(pos, c, short).winning != find_winning(pos, c, honest, prune=False).winning
        except InputError:  # the root's value contradicts the pruned moves: caught as well
            return True

    assert any(differs(pos, c) for pos in POSITIONS for c in "BW")


def test_the_json_names_what_a_pruned_move_inherits():
    pos = Position.parse("4x4").play("b2", "B").play("c3", "W")
    res = find_winning(pos, "B", _python_query())
    j = res.to_json()
    pruned = [m for m in j["other_moves"] if "pruned_by" in m]
    assert pruned and all(m["refuted_by"] == "W" and m["nodes"] == 0 and m["carrier"] for m in pruned)
    cells = {m["cell"] for m in j["winning_moves"] + j["other_moves"]}
    assert all(m["pruned_by"] in cells | {"root"} for m in pruned)


@pytest.mark.parametrize("positions", ["default", pytest.param("deep", marks=pytest.mark.deep)])
def test_threat_pruning_equals_the_plain_search(positions):
    """A move threatened (TSD.PAIRS) by a refuted move is refuted unqueried; the answer is
    still the plain search's, and the rule does fire."""
    solver, query = _kernel_or_skip()
    by_threat = 0
    for pos in POSITIONS if positions == "default" else DEEP:
        threats = kernel_threats(solver, pos)
        for colour in "BW":
            plain = pos.names(sum(1 << i for i in winning_moves(pos, colour, board_value)))
            res = find_winning(pos, colour, query, threats=threats)
            assert res.winning == plain, (pos.spec(), colour)
            for m in res.moves:
                if m.pruned_by and "TSD.PAIRS" in m.pruned_by:
                    by_threat += 1
                    assert board_value(pos.play(m.index, colour), other(colour)) == other(colour)
    assert by_threat > 0


def test_a_false_threat_is_caught():
    """The mutant: every vacant cell threatens every other.  The answer then loses winning
    moves on some position, and the comparison with the plain search says so."""
    solver = c_solver()
    query = kernel_value(solver) if solver is not None else _python_query()

    def differs(pos, c) -> bool:
        every = {i: pos.empty & ~(1 << i) for i in range(pos.size) if pos.empty >> i & 1}
        try:
            return find_winning(pos, c, query, threats=every).winning != \
                pos.names(sum(1 << i for i in winning_moves(pos, c, board_value)))
        except InputError:
            return True

    assert any(differs(pos, c) for pos in POSITIONS for c in "BW")


@pytest.mark.parametrize("positions", ["default", pytest.param("deep", marks=pytest.mark.deep)])
def test_after_fillin_is_the_exact_set_less_the_filled_cells(positions):
    """``skip`` = the kernel's fill-in (Benzene's consider set after fill-in): the answer is
    the plain search's winning set less the filled cells, and — the guarantee, checked by
    the plain search alone — it is empty only when no move wins at all."""
    solver, query = _kernel_or_skip()
    dropped = 0
    for pos in POSITIONS if positions == "default" else DEEP:
        skip = kernel_filled(solver, pos)
        threats = kernel_threats(solver, pos)
        for colour in "BW":
            exact = winning_moves(pos, colour, board_value)
            kept = [i for i in exact if not skip >> i & 1]
            assert bool(kept) == bool(exact), (pos.spec(), colour)  # the guarantee, by the plain search
            res = find_winning(pos, colour, query, threats=threats, skip=skip)
            assert res.winning == pos.names(sum(1 << i for i in kept)), (pos.spec(), colour)
            assert res.not_considered == pos.names(skip) and res.complete
            dropped += len(exact) - len(kept)
    assert dropped > 0  # not vacuous: the fill-in does leave out winning moves


def test_skipping_cells_the_fillin_does_not_fill_is_caught():
    """The mutant: every vacant cell but the last is skipped.  On some won position the one
    move left loses, and ``find_winning`` refuses the answer instead of calling it lost."""
    query = _python_query()
    caught = 0
    for pos in POSITIONS:
        skip = pos.empty & ~(1 << (pos.empty.bit_length() - 1))
        for colour in "BW":
            if not skip or board_value(pos, colour) != colour:
                continue
            try:
                res = find_winning(pos, colour, query, skip=skip)
            except InputError as exc:
                assert "may not be skipped" in str(exc)
                caught += 1
                continue
            assert res.winning  # the one move left wins
    assert caught > 0
