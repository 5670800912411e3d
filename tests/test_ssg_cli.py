"""``shannon-verify switch``: classes, JSON keys, pictures, and bad input as one sentence."""

import json

import pytest

from verify.cli import main
from verify.papers.ssg.lehman import check_certificate


def run(capsys, *argv):
    code = main(["switch", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("method", ["lehman", "minimax", "reduction"])
def test_json_keys_and_methods_agree(capsys, method):
    code, out, _ = run(capsys, "--edges", "0-1,0-1,1-2,1-2,0-2", "--terminals", "0", "2", "--json", "--method", method)
    d = json.loads(out)
    assert code == 0 and {"class", "short_first", "cut_first", "winning_moves", "certificate"} <= set(d)
    assert d["class"] == "connect" and d["short_first"] == d["cut_first"] == "connect"
    assert [e[2] for e in d["winning_moves"]["connect"]] == [0, 1, 2, 3, 4] and d["winning_moves"]["cut"] == []


def test_gale_and_picture(capsys, tmp_path):
    png = tmp_path / "g.png"
    code, out, _ = run(capsys, "--gale", "5", "--json", "--png", str(png))
    d = json.loads(out)
    assert code == 0 and d["class"] == "first" and png.stat().st_size > 0
    from verify.papers.ssg.multigraph import gale

    assert check_certificate(gale(5), d["certificate"]) == "first"


def test_file_input_and_text(capsys, tmp_path):
    p = tmp_path / "g.json"
    p.write_text(json.dumps({"n": 4, "edges": [[0, 1], [1, 2], [2, 3]], "terminals": [0, 3]}))
    code, out, _ = run(capsys, "--file", str(p))
    assert code == 0 and "class cut" in out


@pytest.mark.parametrize(
    "argv,msg",
    [
        (["--edges", "0-0,0-1", "--terminals", "0", "1"], "loop"),
        (["--edges", "0-1", "--terminals", "0", "7"], "not a vertex"),
        (["--edges", "0-1", "--terminals", "1", "1"], "two different"),
        (["--edges", "0-1,2-3", "--terminals", "0", "3"], "class cut"),
        (["--gale", "0"], "K >= 1"),
        (["--gale", "100000"], "too large"),
        (["--gale", "6", "--method", "minimax"], "limited to"),
        (["--gale", "3", "--terminals", "0", "1"], "own terminals"),
        (["--edges", "0-1"], "required"),
    ],
)
def test_bad_input_one_sentence_exit_2(capsys, argv, msg):
    code, out, err = run(capsys, *argv)
    assert code == 2 and msg in err and err.count("\n") == 1 and "Traceback" not in err


def test_play_against_chase():
    from verify.cli.switch import play
    from verify.papers.ssg.multigraph import gale

    for k, answers in [(2, ["cut", "1", "2", "3", "4"]), (3, ["connect"] + [str(i) for i in range(13)])]:
        out = []
        feed = iter(answers)

        def read():
            try:
                return next(feed)
            except StopIteration:
                raise EOFError from None

        play(gale(k), read=read, write=out.append)
        assert out[-1].endswith("I win."), out
