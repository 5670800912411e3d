"""Hex proof objects (verify.papers.hex.proof): built from the solver, re-verified by the
independent checker, saved and reloaded; tampered proofs are rejected with a reason."""

import copy
import gzip
import json
import random

import pytest

from verify.cli import main
from verify.papers.hex.board import BLACK, WHITE, Position, board_value, other
from verify.papers.hex.proof import (
    ProofError,
    build_proof,
    check_file,
    check_proof,
    load_proofs,
    save_proofs,
)
from verify.papers.hex.solver import solve, win_value


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_opening_and_root_of_small_boards_proved(n):
    value = board_value if n <= 3 else solve  # the plain search is too slow on 4x4 openings
    p = Position(n, n)
    for to in (BLACK, WHITE):
        pr = build_proof(p, to)
        r = check_proof(pr, p, to)
        assert r.winner == value(p, to) == to
    for i in range(p.size):
        for colour in (BLACK, WHITE):
            q = p.play(i, colour)
            pr = build_proof(q, other(colour))
            r = check_proof(pr, q, other(colour))
            assert r.winner == pr["winner"] == value(q, other(colour))


def test_random_positions_proved_and_python_solver_too():
    rng = random.Random(13)
    for _ in range(30):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 3), (4, 4)])
        cells = list(range(rows * cols))
        rng.shuffle(cells)
        k = rng.randrange(0, 6)
        b = sum(1 << c for c in cells[:k])
        w = sum(1 << c for c in cells[k:2 * k - rng.randrange(0, 2) if k else 0])
        p = Position(rows, cols, b, w & ~b)
        for to in (BLACK, WHITE):
            pr = build_proof(p, to)
            assert check_proof(pr, p, to).winner == board_value(p, to)
            if rows * cols - (p.black | p.white).bit_count() <= 10:  # the Python Fig. 13 is slow
                pr2 = build_proof(p, to, value=lambda q, t: win_value(q, t))
                assert check_proof(pr2).winner == pr["winner"]


def test_finished_position_is_a_leaf():
    p = Position.parse("B./B.")
    pr = build_proof(p, WHITE)
    assert pr["nodes"][pr["root"]] == "L" and check_proof(pr).winner == BLACK


def _proof():  # no exhaustive leaves: every node kind appears
    return build_proof(Position.parse("3x3").play("a1", BLACK), WHITE, exhaust=0)


def _first(pr, kind):
    for k, t in enumerate(pr["nodes"]):
        if isinstance(t, list) and t[0] == kind:
            return k, t
    raise AssertionError(kind)


def test_mutant_missing_reply():
    pr = _proof()
    _k, t = _first(pr, "r")
    t[1].pop()
    with pytest.raises(ProofError, match="is missing"):
        check_proof(pr)


def test_mutant_wrong_leaf():
    pr = _proof()
    leaf = pr["nodes"].index("L")
    t = next(t for t in pr["nodes"] if isinstance(t, list) and t[0] == "m" and t[2] != leaf)
    t[2] = leaf  # a winner's move that does not complete the chain now leads to a leaf
    with pytest.raises(ProofError, match="has no (Black|White) chain"):
        check_proof(pr)


def test_mutant_wrong_root_and_wrong_player():
    pr = _proof()
    with pytest.raises(ProofError, match="is not the position"):
        check_proof(pr, Position.parse("3x3"), WHITE)
    with pytest.raises(ProofError, match="to move"):
        check_proof(pr, Position.parse("3x3").play("a1", BLACK), BLACK)
    bad = copy.deepcopy(pr)
    bad["to_move"] = other(pr["to_move"])  # the claimed player to move is not the one the tree plays for
    with pytest.raises(ProofError):
        check_proof(bad)


def test_mutant_wrong_winner_claimed():
    pr = _proof()
    pr["winner"] = other(pr["winner"])
    with pytest.raises(ProofError):
        check_proof(pr)


def test_mutant_move_on_occupied_cell_and_illegal_fill():
    pr = _proof()
    k, t = _first(pr, "m")
    t[1] = 0  # a1 holds Black's stone
    with pytest.raises(ProofError, match="not vacant"):
        check_proof(pr)
    pr = _proof()
    _k, t = _first(pr, "f")
    t[1] = t[1] + [0]
    with pytest.raises(ProofError, match="not vacant"):
        check_proof(pr)


def test_mutant_node_reached_in_two_positions():
    pr = build_proof(Position(3, 3), BLACK, exhaust=0)
    _k, t = _first(pr, "r")
    a, b = t[1][0][1], t[1][1][1]
    if a == b:
        pytest.skip("replies share a child")
    t[1][1][1] = a
    with pytest.raises(ProofError):
        check_proof(pr)


def test_mutant_full_board_reply_node():
    pr = {"rows": 1, "cols": 1, "board": "B", "to_move": "W", "winner": "B", "root": 0, "nodes": [["r", []]]}
    with pytest.raises(ProofError, match="on a full board"):
        check_proof(pr)


def test_mutant_header_carrier():
    pr = _proof()
    pr["carrier"] = pr["carrier"][:-1]
    with pytest.raises(ProofError, match="carrier"):
        check_proof(pr)


def test_save_load_plain_and_gzip(tmp_path):
    prs = [_proof(), build_proof(Position(4, 4), WHITE)]
    for name in ("p.json", "p.json.gz"):
        path = tmp_path / name
        save_proofs(path, prs)
        assert load_proofs(path) == json.loads(json.dumps(prs))
        assert [r.winner for r in check_file(path)] == [prs[0]["winner"], WHITE]
    assert gzip.decompress((tmp_path / "p.json.gz").read_bytes())[:1] == b"{"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_writes_and_checks(capsys, tmp_path):
    path = tmp_path / "h.json.gz"
    code, out, _ = run(capsys, "solve", "--hex", "3x3", "--openings", "--proof", str(path))
    assert code == 0 and "20 proof objects" in out
    code, out, _ = run(capsys, "check-proof", str(path))
    assert code == 0 and "20 proofs valid" in out
    code, out, _ = run(capsys, "check-proof", str(path), "--json")
    d = json.loads(out)
    assert d["valid"] and d["proofs"][0]["winner"] == "B" and d["proofs"][1]["winner"] == "W"


def test_cli_bad_proof_files(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, _, err = run(capsys, "check-proof", str(bad))
    assert code == 2 and "not a proof file" in err and "Traceback" not in err
    bad.write_text(json.dumps({"format": "x"}))
    assert run(capsys, "check-proof", str(bad))[0] == 2
    pr = _proof()
    _first(pr, "r")[1][1].pop()
    save_proofs(bad, [pr])
    code, _, err = run(capsys, "check-proof", str(bad))
    assert code == 2 and "is missing" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "check-proof", str(tmp_path / "none.json"))
    assert code == 2 and "Cannot read" in err
    code, _, err = run(capsys, "solve", "--edges", "0-2,2-1", "--terminals", "0", "1", "--proof", str(bad))
    assert code == 2 and "--hex" in err


def test_proof_past_deadline_raises():
    import time

    from verify.errors import BudgetExceeded

    with pytest.raises(BudgetExceeded, match="budget"):
        build_proof(Position(4, 4), BLACK, deadline=time.monotonic() - 1)


@pytest.mark.deep
def test_5x5_opening_proof():
    q = Position(5, 5).play("c1", BLACK)
    pr = build_proof(q, WHITE)
    r = check_proof(pr, q, WHITE)
    assert r.winner == solve(q, WHITE) == WHITE and r.nodes > 1000


def test_cli_json_stays_json_with_proof(capsys, tmp_path):
    path = tmp_path / "j.json"
    code, out, err = run(capsys, "solve", "--hex", "3x3", "--json", "--proof", str(path))
    assert code == 0 and json.loads(out)["winner_black_to_move"] == "B" and "2 proof objects" in err
    assert [r.winner for r in check_file(path)] == ["B", "W"]
