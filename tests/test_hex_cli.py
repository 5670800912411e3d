"""``solve --hex``: values, opening maps, JSON, refusal with an estimate, bad boards."""

import json

import pytest

from verify.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_openings_3x3_json(capsys):
    code, out, _ = run(capsys, "solve", "--hex", "3x3", "--openings", "--json")
    assert code == 0
    d = json.loads(out)
    assert d["winner_black_to_move"] == "B" and d["winner_white_to_move"] == "W"
    assert d["openings"]["Black"]["a1"] == "W" and d["openings"]["Black"]["b2"] == "B"


def test_refuses_big_board_with_estimate(capsys):
    code, _, err = run(capsys, "solve", "--hex", "7x7", "--openings")
    assert code == 2 and "estimated" in err


def test_impossible_stone_counts_still_solved(capsys):
    code, out, _ = run(capsys, "solve", "--hex", "BB./.../...")
    assert code == 0 and "cannot arise" in out


def test_finished_board(capsys):
    code, out, _ = run(capsys, "solve", "--hex", "B./B.")
    assert code == 0 and "already has a winning chain" in out


@pytest.mark.parametrize("spec,msg", [("../...", "not rectangular"), ("..Q", "use '.'")])
def test_bad_boards(capsys, spec, msg):
    code, _, err = run(capsys, "solve", "--hex", spec)
    assert code == 2 and msg in err


def test_openings_need_hex(capsys):
    code, _, err = run(capsys, "solve", "--edges", "0-2,2-1", "--terminals", "0", "1", "--openings")
    assert code == 2 and "--hex" in err


def test_png(capsys, tmp_path):
    png = tmp_path / "o.png"
    assert run(capsys, "solve", "--hex", "3x3", "--openings", "--png", str(png))[0] == 0
    assert png.stat().st_size > 1000


def test_symmetry_shortcut_gives_the_searched_map(capsys):
    a = json.loads(run(capsys, "solve", "--hex", "4x4", "--openings", "--json")[1])
    b = json.loads(run(capsys, "solve", "--hex", "4x4", "--openings", "--json", "--no-symmetry")[1])
    assert a["openings"] == b["openings"]
    c = json.loads(run(capsys, "solve", "--hex", "B.../..../.W../....", "--openings", "--json")[1])
    d = json.loads(run(capsys, "solve", "--hex", "B.../..../.W../....", "--openings", "--json", "--no-symmetry")[1])
    assert c["openings"] == d["openings"]


def test_solve_all_counts_the_same_nodes_every_time():
    """The kernels keep their tables, and with the clique-dead fill two 3x3 openings meet a
    position (2 nodes first, 1 second): with a shared work queue the node total printed by
    ``solve --hex`` depended on which kernel took which query (17 or 18 nodes in
    docs/tools/hex.md's example, a fresh-clone failure on 2026-12-05). Each kernel now takes
    a fixed share, so the total is the same on every run."""
    from verify.papers.hex.board import BLACK, WHITE, Position, other
    from verify.papers.hex.maps import solve_all

    pos = Position(3, 3)
    queries = [(pos, BLACK), (pos, WHITE)] + [(pos.play(i, c), other(c)) for c in (BLACK, WHITE) for i in range(9)]
    counts = {solve_all(queries, 60, 2, table_bits=12)[1] for _ in range(8)}
    assert len(counts) == 1, counts
