"""HTP ``loadsgf`` and ``dfpn-solver-find-winning`` (issue 44, items 1 and 2), and
``solve --sgf/--hex --winning-moves``.

The winning-move sets are cross-checked against an exhaustive minimax written here (its
own neighbour rule and chain test, nothing from the solver) on 3×3 and 4×4 positions; the
SGF fixtures are Benzene's (``tests/data/benzene_puzzles/README.md``).
"""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from verify.papers.hex.board import Position, winning_moves
from verify.papers.hex.htp import HtpEngine, InProcess, regress
from verify.papers.hex.sgf import MAX_SGF_BYTES, load, parse
from verify.papers.hex.winning import benzene_order

DATA = Path(__file__).parent / "data" / "benzene_puzzles"
ONE_SENTENCE = re.compile(r"\?[0-9]* [^\n]+")


def engine(**kw) -> HtpEngine:
    return HtpEngine(budget=kw.pop("budget", 60), log=kw.pop("log", io.StringIO()), **kw)


def write(tmp_path: Path, name: str, data: bytes | str) -> str:
    p = tmp_path / name
    p.write_bytes(data.encode() if isinstance(data, str) else data)
    return str(p)


# ---------------------------------------------------------------- an independent minimax
def _neighbours(rows: int, cols: int, i: int) -> list[int]:
    r, c = divmod(i, cols)
    out = []
    for dr, dc in ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < rows and 0 <= cc < cols:
            out.append(rr * cols + cc)
    return out


def _joined(rows: int, cols: int, stones: frozenset, black: bool) -> bool:
    """A chain of ``stones`` between Black's rows (top, bottom) or White's columns."""
    start = [i for i in stones if (i // cols == 0 if black else i % cols == 0)]
    seen, todo = set(start), list(start)
    while todo:
        i = todo.pop()
        if (i // cols == rows - 1) if black else (i % cols == cols - 1):
            return True
        for j in _neighbours(rows, cols, i):
            if j in stones and j not in seen:
                seen.add(j)
                todo.append(j)
    return False


def minimax_winning(rows: int, cols: int, black: frozenset, white: frozenset, to_move: str) -> list[str]:
    """The cells where ``to_move`` moving wins, by plain exhaustive search."""

    @lru_cache(maxsize=None)
    def wins(b: frozenset, w: frozenset, btm: bool) -> bool:  # the mover wins
        if _joined(rows, cols, b, True):
            return btm
        if _joined(rows, cols, w, False):
            return not btm
        for i in range(rows * cols):
            if i in b or i in w:
                continue
            if not (wins(b | {i}, w, False) if btm else wins(b, w | {i}, True)):
                return True
        return False

    btm = to_move == "B"
    out = []
    for i in range(rows * cols):
        if i in black or i in white:
            continue
        if not (wins(black | {i}, white, False) if btm else wins(black, white | {i}, True)):
            out.append(f"{chr(97 + i % cols)}{i // cols + 1}")
    return out


def _random_positions(rows: int, cols: int, stones: int, count: int, seed: int):
    rng = random.Random(seed)
    got = 0
    while got < count:
        cells = rng.sample(range(rows * cols), stones)
        b = frozenset(cells[: (stones + 1) // 2])
        w = frozenset(cells[(stones + 1) // 2:])
        if _joined(rows, cols, b, True) or _joined(rows, cols, w, False):
            continue
        got += 1
        yield b, w


def _load_cmds(rows, cols, b, w) -> list[str]:
    cmds = [f"boardsize {cols} {rows}"]
    cmds += [f"play b {chr(97 + i % cols)}{i // cols + 1}" for i in sorted(b)]
    cmds += [f"play w {chr(97 + i % cols)}{i // cols + 1}" for i in sorted(w)]
    return cmds


@pytest.mark.parametrize("rows,cols,stones,count", [(3, 3, 0, 1), (3, 3, 2, 6), (3, 3, 3, 6), (4, 4, 4, 4),
                                                    (4, 4, 5, 3), (3, 4, 2, 3)])
def test_find_winning_matches_an_exhaustive_minimax(rows, cols, stones, count):
    e = engine()
    try:
        for b, w in _random_positions(rows, cols, stones, count, seed=rows * 100 + cols * 10 + stones):
            for cmd in _load_cmds(rows, cols, b, w):
                assert e.handle(cmd) == "="
            for colour in "BW":
                expected = minimax_winning(rows, cols, b, w, colour)
                for name in ("dfpn-solver-find-winning", "dfs-solver-find-winning"):
                    answer = e.handle(f"7 {name} {colour.lower()}")
                    assert answer.startswith("=7"), answer
                    got = answer[2:].split()
                    assert got == expected, (rows, cols, sorted(b), sorted(w), colour, got, expected)
                    assert got == benzene_order(got)  # Benzene's order: row by row
    finally:
        e.close()


def test_find_winning_in_the_library_and_its_json():
    from verify.papers.hex.board import board_value
    from verify.papers.hex.winning import find_winning, plain_value

    pos = Position.parse("4x4").play("b2", "B").play("c3", "W")
    res = find_winning(pos, "B", plain_value(board_value))
    expected = minimax_winning(4, 4, frozenset({5}), frozenset({10}), "B")
    assert res.winning == expected
    j = res.to_json()
    assert [m["cell"] for m in j["winning_moves"]] == expected
    assert all(m["winner"] == "B" for m in j["winning_moves"])
    assert all(m["refuted_by"] == "W" and m["winner"] == "W" for m in j["other_moves"])
    assert len(j["winning_moves"]) + len(j["other_moves"]) == 14


# ---------------------------------------------------------------- loadsgf on Benzene's files
def test_loadsgf_reads_benzene_puzzles():
    e = engine()
    try:
        assert e.handle(f"loadsgf {DATA / '7x7-enderton-01.sgf'}") == "="
        assert (e.rows, e.cols) == (7, 7)
        assert sorted(e.pos.stones("B")) == ["d2", "d3", "d4"] and sorted(e.pos.stones("W")) == ["c2", "f2"]
        assert e.to_move() == "W"  # PL[W]
        assert "white to move" in e.handle("showboard")
        assert e.handle("40 dfpn-solver-find-winning white") == "=40 d1 e1 d5"  # Benzene lists d5 alone
        # a move sequence (Berge): W a1, B b2, ..., B a5; GTP's move numbers
        assert e.handle(f"loadsgf {DATA / '5x5-berge-1.sgf'}") == "="
        assert len(e.moves) == 10 and e.to_move() == "W"
        assert e.handle(f"loadsgf {DATA / '5x5-berge-1.sgf'} 3") == "="
        assert e.pos.stones("W") == ["a1"] and e.pos.stones("B") == ["b2"] and e.to_move() == "W"
        assert e.handle("undo") == "=" and e.pos.stones("B") == [] and e.to_move() == "B"
        assert e.handle("10 dfpn-solve-state white") == "=10 white"
    finally:
        e.close()


def test_the_small_benzene_regression_file_passes():
    e = engine()
    e.sgf_dir = DATA
    try:
        res = regress(DATA / "dfpn-puzzle-small.tst", InProcess(e))
    finally:
        e.close()
    assert len(res.tests) == 7 and res.ok, res.details()


def test_after_fillin_answers_as_benzene_among_the_cells_left_vacant(tmp_path):
    """7x7-enderton-01 (Benzene's test 40, expecting d5): the exact set is d1 e1 d5; d1 and e1
    are filled by the kernel's fill-in (White's captured pair in Black's edge template), so
    with ``shannon-verify-after-fillin 1`` (or ``htp --after-fillin``) the answer is Benzene's."""
    e = engine()
    try:
        assert e.handle(f"loadsgf {DATA / '7x7-enderton-01.sgf'}") == "="
        assert e.handle("40 dfpn-solver-find-winning white") == "=40 d1 e1 d5"
        assert e.handle("shannon-verify-after-fillin") == "= 0"
        assert e.handle("shannon-verify-after-fillin 1") == "= 1"
        assert e.handle("40 dfpn-solver-find-winning white") == "=40 d5"
        assert e.handle("shannon-verify-after-fillin yes").startswith("? shannon-verify-after-fillin takes 0 or 1")
        assert e.handle("shannon-verify-after-fillin 0") == "= 0"
        assert e.handle("40 dfpn-solver-find-winning white") == "=40 d1 e1 d5"
    finally:
        e.close()
    session = f"loadsgf {DATA / '7x7-enderton-01.sgf'}\n40 dfpn-solver-find-winning white\n"
    r = subprocess.run([sys.executable, "-m", "verify", "htp", "--quiet", "--after-fillin"], input=session,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "=40 d5" in r.stdout, r.stdout + r.stderr
    r = _cli("solve", "--sgf", str(DATA / "7x7-enderton-01.sgf"), "--winning-moves", "--after-fillin", "--json",
             cwd=tmp_path)
    j = json.loads(r.stdout)
    assert j["answer"] == "d5" and set(j["not_considered"]) >= {"d1", "e1"}, r.stdout
    assert not {"d1", "e1"} & {m["cell"] for m in j["winning_moves"] + j["other_moves"]}
    r = _cli("htp", "--regress", str(DATA / "dfpn-puzzle-small.tst"), "--program", "x", "--after-fillin",
             cwd=tmp_path)
    assert r.returncode == 2 and "--after-fillin sets this engine" in r.stderr


def test_after_fillin_without_the_kernel_says_it_answers_the_exact_set():
    """Without the C kernel there is no fill-in to leave out: the engine answers the exact
    set, and says so on its log, rather than silently answering another question."""
    log = io.StringIO()
    e = HtpEngine(budget=60, log=log, use_kernel=False, after_fillin=True)
    try:
        for cmd in ("boardsize 3 3", "play b a1"):
            assert e.handle(cmd) == "="
        answer = e.handle("dfpn-solver-find-winning white")
    finally:
        e.close()
    p = Position.parse("B../.../...")
    exact = benzene_order(p.names(sum(1 << i for i in winning_moves(p, "W"))))
    assert exact and answer == "= " + " ".join(exact)
    assert "after fill-in asked, but the C kernel is not used here (turned off)" in log.getvalue()


def test_sgf_coordinates_swap_resign_and_setup(tmp_path):
    rec = parse(b"(;FF[4]GM[11]SZ[4];B[b3];W[swap-pieces];W[a1];B[c2];W[resign];B[d4])")
    # the swap leaves the stones (Benzene's StoneBoard): White moves on after it
    assert rec.position.stones("B") == ["c2", "b3"] and rec.position.stones("W") == ["a1"]
    assert [m[1] for m in rec.moves][-1] == "resign" and rec.moves_total == 5
    assert any("after the resign" in n for n in rec.notes)
    rec = parse(b"(;FF[4]GM[11]SZ[5:3];AB[a1:b2]AW[e3]PL[W])")  # SZ[cols:rows], a compressed point list
    assert (rec.rows, rec.cols) == (3, 5) and rec.position.stones("B") == ["a1", "b1", "a2", "b2"]
    assert rec.to_move == "W"
    e = engine()
    try:
        path = write(tmp_path, "g.sgf", "(;FF[4]GM[11]SZ[4];B[b3];W[swap-pieces];W[a1];B[resign])")
        assert e.handle(f"loadsgf {path}") == "="
        assert e.pos.stones("B") == ["b3"] and e.pos.stones("W") == ["a1"]
        assert e.handle("undo") == "=" and e.handle("undo") == "=" and e.pos.stones("W") == []
        assert e.handle("undo") == "=" and e.pos.stones("B") == ["b3"]
    finally:
        e.close()


# ---------------------------------------------------------------- bad input
BAD = {
    "GM[1]": ("go.sgf", "(;FF[4]GM[1]SZ[9];B[cc];W[dd])", "not Hex"),
    "SZ[12]": ("big.sgf", "(;FF[4]GM[11]SZ[12];B[a1])", "not one the solver takes"),
    "SZ[0]": ("zero.sgf", "(;FF[4]GM[11]SZ[0])", "not one the solver takes"),
    "SZ[x]": ("sz.sgf", "(;FF[4]GM[11]SZ[seven])", "not a board size"),
    "no SZ": ("nosz.sgf", "(;FF[4]GM[11];B[a1])", "no board size"),
    "occupied": ("occ.sgf", "(;FF[4]GM[11]SZ[5];B[c3];W[c3])", "occupied"),
    "setup on a stone": ("occ2.sgf", "(;FF[4]GM[11]SZ[5];AB[c3]AW[c3])", "already holds a stone"),
    "truncated": ("cut.sgf", "(;FF[4]GM[11]SZ[5];B[c3];W[d", "not a readable SGF"),
    "not SGF": ("junk.sgf", "hello, world", "not a readable SGF"),
    "empty": ("empty.sgf", "", "not a readable SGF"),
    "binary": ("bin.sgf", bytes(range(256)) * 4, "not a readable SGF"),
    "off the board": ("off.sgf", "(;FF[4]GM[11]SZ[5];B[f1])", "off the 5x5 board"),
    "go point": ("gopt.sgf", "(;FF[4]GM[11]SZ[5];B[cc])", "not a Hex cell"),
    "pass": ("pass.sgf", "(;FF[4]GM[11]SZ[5];B[c3];W[])", "no pass"),
    "late swap": ("swap.sgf", "(;FF[4]GM[11]SZ[5];B[c3];W[a1];B[swap-pieces])", "swaps"),
    "bad PL": ("pl.sgf", "(;FF[4]GM[11]SZ[5];AB[c3]PL[X])", "not B or W"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_sgf_gets_one_sentence_and_the_engine_keeps_serving(case, tmp_path):
    name, data, words = BAD[case]
    path = write(tmp_path, name, data)
    e = engine()
    try:
        assert e.handle("boardsize 4 4") == "=" and e.handle("play b b2") == "="
        answer = e.handle(f"5 loadsgf {path}")
        assert ONE_SENTENCE.fullmatch(answer), answer
        assert answer.startswith("?5 ") and words in answer and "Traceback" not in answer
        # the engine keeps serving, its position untouched by the failed load
        assert e.handle("name") == "= shannon-verify"
        assert (e.rows, e.cols) == (4, 4) and e.pos.stones("B") == ["b2"]
    finally:
        e.close()


def test_missing_folder_huge_and_bad_move_number(tmp_path):
    e = engine()
    try:
        for cmd, words in ((f"loadsgf {tmp_path / 'nope.sgf'}", "no SGF file"),
                           (f"loadsgf {tmp_path}", "a folder"),
                           (f"loadsgf {DATA / '5x5-berge-1.sgf'} 0", "move number"),
                           (f"loadsgf {DATA / '5x5-berge-1.sgf'} x", "move number"),
                           ("loadsgf", "missing argument"),
                           (f"loadsgf {DATA / '5x5-berge-1.sgf'} 1 2", "too many")):
            answer = e.handle(cmd)
            assert ONE_SENTENCE.fullmatch(answer) and words in answer, (cmd, answer)
        big = tmp_path / "huge.sgf"
        with open(big, "wb") as f:  # 10 MB: a comment that never ends in time
            f.write(b"(;FF[4]GM[11]SZ[5]C[" + b"x" * (10 << 20) + b"];B[a1])")
        answer = e.handle(f"loadsgf {big}")
        assert ONE_SENTENCE.fullmatch(answer) and str(MAX_SGF_BYTES) in answer, answer
        assert e.handle("name") == "= shannon-verify"
        with pytest.raises(Exception, match="over the limit"):
            load(big)
    finally:
        e.close()


def test_find_winning_on_a_finished_position_and_bad_colour():
    e = engine()
    try:
        for cmd in ("boardsize 3 3", "play b a1", "play b a2", "play b a3"):
            assert e.handle(cmd) == "="
        for name in ("dfpn-solver-find-winning", "dfs-solver-find-winning"):
            answer = e.handle(f"3 {name} white")
            assert ONE_SENTENCE.fullmatch(answer) and "game is over" in answer, answer
        assert ONE_SENTENCE.fullmatch(e.handle("dfpn-solver-find-winning purple"))
        assert ONE_SENTENCE.fullmatch(e.handle("dfpn-solver-find-winning"))
        assert e.handle("dfs-solve-state white") == "= black"
        assert e.handle("dfs-clear-tt") == "="
    finally:
        e.close()


def test_unknown_param_commands_are_accepted_and_listed_on_stderr():
    log = io.StringIO()
    e = engine(log=log)
    try:
        assert e.handle("param_solver_ice find_permanently_inferior 0") == "="
        assert e.handle("12 param_dfpn") == "=12"
        assert e.handle("param") == "? unknown command"
        assert e.ignored == ["param_solver_ice find_permanently_inferior 0", "param_dfpn"]
        assert "ignored Benzene setting: param_solver_ice find_permanently_inferior 0" in log.getvalue()
        for c in ("loadsgf", "dfpn-solver-find-winning", "dfs-solver-find-winning", "dfs-solve-state", "dfs-clear-tt"):
            assert e.handle(f"known_command {c}") == "= true"
    finally:
        e.close()


def test_find_winning_past_the_budget_is_unknown_not_guessed():
    e = engine(budget=0.001)
    try:
        assert e.handle(f"loadsgf {DATA / '7x7-enderton-01.sgf'}") == "="
        answer = e.handle("dfpn-solver-find-winning white")
        assert answer.startswith("?") and "unknown within budget" in answer and "\n" not in answer
        assert e.handle("shannon-verify-budget 60") == "= 60"
        assert e.handle("dfpn-solver-find-winning white") == "= d1 e1 d5"
    finally:
        e.close()


# ---------------------------------------------------------------- the CLI
def _cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "verify", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


def test_cli_winning_moves_from_sgf_and_hex(tmp_path):
    r = _cli("solve", "--sgf", str(DATA / "5x5-hein-06.sgf"), "--winning-moves", "--to-move", "w", "--json",
             cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    j = json.loads(r.stdout)
    assert j["to_move"] == "W" and j["answer"] == "c2" and j["complete"]  # Benzene's test 65
    assert [m["cell"] for m in j["winning_moves"]] == ["c2"]
    assert all(m["refuted_by"] == "B" for m in j["other_moves"]) and len(j["other_moves"]) == 18
    r = _cli("solve", "--sgf", str(DATA / "5x5-hein-06.sgf"), "--winning-moves", cwd=tmp_path)
    assert r.returncode == 0 and "Black to move" in r.stdout  # the record's PL[B]
    # the same answer as HTP and as the minimax on a 4x4 position
    r = _cli("solve", "--hex", "..../.B../..W./....", "--winning-moves", "--to-move", "B", "--json", cwd=tmp_path)
    assert json.loads(r.stdout)["answer"].split() == minimax_winning(4, 4, frozenset({5}), frozenset({10}), "B")
    r = _cli("solve", "--sgf", str(DATA / "5x5-berge-1.sgf"), "--move", "3", "--json", cwd=tmp_path)
    assert r.returncode == 0 and json.loads(r.stdout)["board"] == "W..../.B.../...../...../....."


@pytest.mark.parametrize("args,words", [
    (["--sgf", "missing.sgf", "--winning-moves"], "No SGF file"),
    (["--sgf", "go.sgf", "--winning-moves"], "not Hex"),
    (["--hex", "BBB/.../...", "--winning-moves", "--to-move", "W"], None),
    (["--hex", "B../B../B..", "--winning-moves"], "game is over"),
    (["--hex", "3x3", "--move", "2"], "--move needs --sgf"),
    (["--hex", "3x3", "--to-move", "B"], "--to-move needs --winning-moves"),
    (["--hex", "3x3", "--after-fillin"], "--after-fillin needs --winning-moves"),
])
def test_cli_bad_input_is_one_sentence(args, words, tmp_path):
    write(tmp_path, "go.sgf", "(;FF[4]GM[1]SZ[9];B[cc])")
    r = _cli("solve", *args, cwd=tmp_path)
    if words is None:  # a legal position: Black's full top row is no chain
        assert r.returncode == 0 and "Winning moves for White" in r.stdout
        return
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert words in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_cli_winning_moves_proof_objects_are_checked(tmp_path):
    r = _cli("solve", "--hex", "3x3", "--winning-moves", "--proof", "moves.jsonl", "--jobs", "1", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Winning moves for Black (5 of 9): c1 a2 b2 c2 a3" in r.stdout and "9 proof objects" in r.stdout
    r = _cli("check-proof", "moves.jsonl", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    proofs = json.loads(r.stdout)["proofs"]
    # one proof per move, White to move after it; Black wins exactly after the five listed moves
    assert [p["winner"] for p in proofs].count("B") == 5 and all(p["to_move"] == "W" for p in proofs)
