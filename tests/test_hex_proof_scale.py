"""Hex proofs that scale (issue 19, item 4): exhaustive leaves decided by the checker's own
search, symmetric image claims, streamed version-2 proof files; every opening of 4x4
(default tier) and 5x5 (deep) built and re-checked."""

import gzip
import json
import random

import pytest

from verify.cli import main
from verify.papers.hex.board import BLACK, WHITE, Position, board_value, other
from verify.papers.hex.proof import (
    EXHAUST_MAX,
    ProofError,
    ProofWriter,
    build_proof,
    check_file,
    check_proof,
    image_claim,
    iter_proofs,
    load_proofs,
    prove_all,
    save_proofs,
)
from verify.papers.hex.proof_check import _Exhaustive


def test_checker_search_agrees_with_the_plain_game_tree_search():
    """The checker's exhaustive search (with its must-play pruning) against board.py's
    plain memoised search, on random small positions, both players to move."""
    rng = random.Random(5)
    for _ in range(60):
        rows, cols = rng.choice([(2, 3), (3, 3), (3, 4), (4, 3), (4, 4)])
        cells = list(range(rows * cols))
        rng.shuffle(cells)
        lo = max(0, -(-(rows * cols - 9) // 2))
        k = rng.randint(lo, lo + 1)  # at most 9 vacant cells
        b = sum(1 << c for c in cells[:k])
        w = sum(1 << c for c in cells[k:2 * k])
        p = Position(rows, cols, b, w)
        if p.chain(BLACK) or p.chain(WHITE):
            continue
        for to in (BLACK, WHITE):
            want = board_value(p, to)
            s = _Exhaustive(rows, cols, BLACK)
            assert s.wins(p.black, p.empty, to == BLACK) == (want == BLACK), (p.spec(), to)
            s = _Exhaustive(rows, cols, WHITE)
            assert s.wins(p.white, p.empty, to == WHITE) == (want == WHITE), (p.spec(), to)


@pytest.mark.parametrize("exhaust", [0, 4, 8, 12])
def test_proofs_with_exhaustive_leaves_accepted(exhaust):
    empty = Position(4, 4)
    for p, to in [(empty, BLACK), (empty, WHITE), (empty.play("b2", BLACK), WHITE), (empty.play("a1", WHITE), BLACK)]:
        pr = build_proof(p, to, exhaust=exhaust)
        r = check_proof(pr, p, to)
        assert r.winner == pr["winner"]
        assert (r.xleaves > 0) == (exhaust > 0) and (r.xleaves > 0) == any(t[0] == "x" for t in pr["nodes"] if t != "L")


def test_exhaustive_leaf_that_is_no_win_rejected_in_one_line():
    # White to move after Black a1 on 3x3: giving White every cell but these four loses for Black
    bad = {"rows": 3, "cols": 3, "board": "B../.../...", "to_move": "W", "winner": "B", "root": 0,
           "nodes": [["x", [1, 2, 4, 7]]]}
    with pytest.raises(ProofError, match=r"the exhaustive leaf at the root is not a Black win") as e:
        check_proof(bad)
    assert "\n" not in str(e.value)
    good = dict(bad, nodes=[["x", [1, 2, 3, 4, 5, 6, 7, 8]]], winner="W")
    assert check_proof(good).winner == WHITE


def test_exhaustive_leaf_tampering_rejected():
    p = Position(4, 4).play("b2", BLACK)
    pr = build_proof(p, WHITE, exhaust=8)
    xs = [t for t in pr["nodes"] if isinstance(t, list) and t[0] == "x"]
    assert xs
    for mutate, reason in [(lambda t: t[1].append(t[1][0]), "repeats a cell"),
                           (lambda t: t[1].append(5), "not vacant"),  # b2 holds Black's stone
                           (lambda t: t[1].append(99), "not a cell"),
                           (lambda t: t.append(1), "is not \\['x'"),
                           (lambda t: t[1].__setitem__(slice(None), []), "is not a (Black|White) win")]:
        bad = json.loads(json.dumps(pr))
        t = next(t for t in bad["nodes"] if isinstance(t, list) and t[0] == "x" and len(t[1]) > 1)
        mutate(t)
        with pytest.raises(ProofError, match=reason):
            check_proof(bad)
    # dropping cells from every exhaustive leaf hands the loser too much somewhere
    bad = json.loads(json.dumps(pr))
    for t in bad["nodes"]:
        if isinstance(t, list) and t[0] == "x":
            del t[1][: len(t[1]) // 2 + 1]
    with pytest.raises(ProofError, match="is not a (Black|White) win"):
        check_proof(bad)


def test_exhaustive_leaf_past_the_limit_rejected():
    n = EXHAUST_MAX + 1
    pr = {"rows": 1, "cols": n + 1, "board": "." * (n + 1), "to_move": "B", "winner": "B", "root": 0,
          "nodes": [["x", list(range(n))]]}
    with pytest.raises(ProofError, match=f"leaves {n} vacant cells, more than {EXHAUST_MAX}"):
        check_proof(pr)
    with pytest.raises(Exception, match="at most"):
        build_proof(Position(3, 3), BLACK, exhaust=EXHAUST_MAX + 1)


def test_image_claims_checked():
    assert image_claim(image_claim((3, 4, "B.../..W./....", "W", "B"), "transpose"), "transpose") == \
        (3, 4, "B.../..W./....", "W", "B")
    p = Position(3, 3).play("a1", BLACK)
    pr = build_proof(p, WHITE)
    claims = [(3, 3, p.spec(), WHITE, pr["winner"])]
    rot = {"rows": 3, "cols": 3, "board": ".../.../..B", "to_move": "W", "winner": pr["winner"],
           "image_of": 0, "map": "rot180"}
    assert check_proof(rot, claims=claims).image == (0, "rot180")
    tr = {"rows": 3, "cols": 3, "board": "W../.../...", "to_move": "B", "winner": other(pr["winner"]),
          "image_of": 0, "map": "transpose"}
    assert check_proof(tr, claims=claims).winner == other(pr["winner"])
    for bad, reason in [(dict(rot, winner=other(pr["winner"])), "not the rot180 image"),
                        (dict(rot, board="..B/.../..."), "not the rot180 image"),
                        (dict(tr, to_move="W"), "not the transpose image"),
                        (dict(rot, map="mirror"), "is not one of"),
                        (dict(rot, image_of=1), "names no earlier claim"),
                        (dict(rot, image_of=True), "names no earlier claim")]:
        with pytest.raises(ProofError, match=reason):
            check_proof(bad, claims=claims)
    with pytest.raises(ProofError, match="names no earlier claim"):
        check_proof(rot)  # no file around it


def _openings(n, colour=BLACK):
    board = Position(n, n)
    return [(board.play(i, colour), other(colour)) for i in range(board.size)]


def test_prove_all_streams_and_images(tmp_path):
    path = tmp_path / "p.jsonl.gz"
    seen = []
    tot = prove_all(_openings(3), path, jobs=1, each=lambda i, d: seen.append((i, d)))
    assert tot["proofs"] + tot["images"] == 9 and tot["images"] == 4 and [i for i, _ in seen] == list(range(9))
    lines = gzip.decompress(path.read_bytes()).decode().splitlines()
    assert json.loads(lines[0]) == {"format": "shannon-verify hex proof", "version": 2}
    assert json.loads(lines[-1]) == {"end": 9} and len(lines) == 11
    res = check_file(path)
    assert [r.winner for r in res] == [board_value(p, to) for p, to in _openings(3)]
    assert sum(1 for r in res if r.image) == 4


def test_version_1_files_still_read(tmp_path):
    pr = build_proof(Position(3, 3).play("b2", BLACK), WHITE, exhaust=0)
    path = tmp_path / "v1.json.gz"
    path.write_bytes(gzip.compress(json.dumps({"format": "shannon-verify hex proof", "version": 1,
                                               "proofs": [pr]}).encode()))
    assert load_proofs(path) == [pr] and check_file(path)[0].winner == BLACK
    path = tmp_path / "v1.json"
    path.write_text(json.dumps({"format": "shannon-verify hex proof", "version": 1, "proofs": [pr]}, indent=1))
    assert check_file(path)[0].winner == BLACK


def test_damaged_streams_rejected(tmp_path):
    pr = build_proof(Position(3, 3).play("b2", BLACK), WHITE)
    path = tmp_path / "p.jsonl"
    save_proofs(path, [pr, pr])
    text = path.read_text().splitlines()
    for lines, reason in [(text[:-1], "cut short"), (text[:2] + text[3:], "counts 2 proofs, the file has 1"),
                          (text + ["{}"], "lines after its closing line"), (text[:1] + ["[1,"] + text[1:], "line 2 is not JSON"),
                          ([text[0], '{"end": 0}'], "holds no proofs"),
                          (['{"format": "shannon-verify hex proof", "version": 3}'] + text[1:], "version 1 or 2")]:
        path.write_text("\n".join(lines) + "\n")
        with pytest.raises(ProofError, match=reason):
            check_file(path)
    big = tmp_path / "bomb.jsonl.gz"
    big.write_bytes(gzip.compress(b'{"format": "shannon-verify hex proof", "version": 2}\n' + b" " * 5_000_000 + b"\n"))
    with pytest.raises(ProofError, match="larger than 1000000 bytes decompressed"):
        check_file(big, max_bytes=1_000_000)
    with pytest.raises(ProofError, match="not a proof file"):
        big.write_bytes(gzip.compress(b"x" * 100)[:30])
        check_file(big)


def test_writer_removes_partial_file_on_error(tmp_path):
    path = tmp_path / "w.jsonl"
    with pytest.raises(RuntimeError):
        with ProofWriter(path) as w:
            w.write({"a": 1})
            raise RuntimeError("stop")
    assert not path.exists()


def test_iter_proofs_is_lazy(tmp_path):
    path = tmp_path / "p.jsonl"
    save_proofs(path, [build_proof(Position(3, 3).play("a1", BLACK), WHITE)])
    it = iter_proofs(path)
    assert next(it)["winner"] == WHITE
    with pytest.raises(StopIteration):
        next(it)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_4x4_every_opening_with_images(capsys, tmp_path):
    path = tmp_path / "p4.jsonl.gz"
    code, out, _ = run(capsys, "solve", "--hex", "4x4", "--openings", "--proof", str(path), "--jobs", "1")
    assert code == 0 and "34 proof objects (" in out and "symmetric images" in out
    code, out, _ = run(capsys, "check-proof", str(path))
    assert code == 0 and "34 proofs valid (" in out and "transpose image of claim 1" in out
    code, out, _ = run(capsys, "check-proof", str(path), "--json")
    d = json.loads(out)
    assert d["valid"] and d["proofs"][1]["map"] == "transpose" and d["proofs"][1]["image_of"] == 0


def test_cli_bad_exhaust_and_jobs(capsys, tmp_path):
    for args, reason in [(["--exhaust", "17"], "--exhaust must be"), (["--jobs", "0"], "--jobs must be")]:
        code, _, err = run(capsys, "solve", "--hex", "2x2", "--proof", str(tmp_path / "p.json"), *args)
        assert code == 2 and reason in err and len(err.strip().splitlines()) == 1


@pytest.mark.deep
def test_5x5_every_opening_proved_and_rechecked(tmp_path):
    path = tmp_path / "p5.jsonl.gz"
    tot = prove_all(_openings(5), path, jobs=2)
    assert tot["proofs"] == 13 and tot["images"] == 12
    res = check_file(path)
    assert [r.winner for r in res].count(BLACK) == 13  # the 5x5 opening map: 13 Black wins


def test_kernel_shrink_and_move_choice_build_the_same_proofs_as_the_python_loops():
    """The builder's node preparation and move choice done in the kernel (one query line
    each, ``CSolver.shrink`` and ``CSolver.best_move``) make the same kernel queries in the
    same order as the builder's Python loops: on fresh kernels the proofs are equal, on
    random 3x3-5x5 positions, both players to move, several exhaustive bounds."""
    from verify.papers.hex.proof_build import _solver_value
    from verify.papers.hex.solver import BuilderKernel, CSolver, builder_kernel

    if builder_kernel() is None:
        pytest.skip("no C compiler")
    rng = random.Random(11)
    compared = 0
    for size, trials, bounds in ((3, 8, (0, 5, 8)), (4, 8, (0, 5, 8)), (5, 4, (8,))):
        for _ in range(trials):
            p = Position(size, size)
            for k in range(rng.randrange(0, 4)):
                vacant = [i for i in range(p.size) if p.empty >> i & 1]
                p = p.play(rng.choice(vacant), BLACK if k % 2 == 0 else WHITE)
            if p.chain(BLACK) or p.chain(WHITE):
                continue
            to = rng.choice((BLACK, WHITE))
            for exhaust in bounds:
                k1, k2 = CSolver(), BuilderKernel()
                loops = build_proof(p, to, value=_solver_value(k1), exhaust=exhaust, kernel=False)
                kernel = build_proof(p, to, exhaust=exhaust, kernel=k2)
                assert kernel == loops, (p.spec(), to, exhaust)
                compared += 1
    assert compared >= 30


def test_kernel_builder_queries_refuse_a_bound_out_of_range():
    from verify.errors import InputError
    from verify.papers.hex.solver import builder_kernel

    s = builder_kernel()
    if s is None:
        pytest.skip("no C compiler")
    with pytest.raises(InputError, match="at most 62 cells, not 64"):
        s.shrink(Position(8, 8), BLACK, 8)
    with pytest.raises(InputError, match="exhaustive bound from 0 to 31, not 32"):
        s.shrink(Position(3, 3), BLACK, 32)
    with pytest.raises(InputError, match="exhaustive bound from 0 to 31, not -1"):
        s.best_move(Position(3, 3), BLACK, -1)


def test_solve_help_states_the_exhaustive_bounds_in_force(capsys):
    from verify.papers.hex.proof import EXHAUST

    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"(default {EXHAUST}, at most {EXHAUST_MAX}; 0: never)" in text


def test_the_builder_kernel_leaves_hexsolve_untouched_and_answers_as_it_does():
    """proof_kernel.c includes hexsolve.c (whose hash the stored opening maps name) and
    answers its value queries with the same answers, carriers and node counts."""
    from pathlib import Path

    import verify.papers.hex.solver as S

    if S.builder_kernel() is None:
        pytest.skip("no C compiler")
    src = Path(S.__file__).with_name("proof_kernel.c").read_text()
    assert '#include "hexsolve.c"' in src and "shrink_query" not in Path(S.__file__).with_name("hexsolve.c").read_text()
    rng = random.Random(3)
    a, b = S.CSolver(width=64), S.BuilderKernel()
    for _ in range(60):
        p = Position(5, 5)
        for k in range(rng.randrange(0, 6)):
            vacant = [i for i in range(p.size) if p.empty >> i & 1]
            p = p.play(rng.choice(vacant), BLACK if k % 2 == 0 else WHITE)
        if p.chain(BLACK) or p.chain(WHITE):
            continue
        to = rng.choice((BLACK, WHITE))
        assert a.value(p, to) == b.value(p, to), (p.spec(), to)
