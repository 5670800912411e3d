"""The ``shannon-verify`` contract: commands, JSON keys, and one-sentence errors (exit 2)."""

import json
import subprocess
import sys

import pytest

from verify.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version_and_help(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0 and "shannon-verify" in capsys.readouterr().out
    with pytest.raises(SystemExit) as e:
        main(["dead", "--help"])
    assert e.value.code == 0 and "--method" in capsys.readouterr().out


def test_python_dash_m():
    p = subprocess.run([sys.executable, "-m", "verify", "--version"], capture_output=True, text=True)
    assert p.returncode == 0 and "shannon-verify" in p.stdout


def test_classify_json(capsys):
    code, out, _ = run(capsys, "dead", "--edges", "0-2,2-1,0-3,2-3", "--terminals", "0", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["dead_vertices"] == [3] and data["live_vertices"] == [2]
    assert data["dead_edges"] == [[0, 3], [2, 3]] and data["live_edges"] == [[0, 2], [1, 2]]
    assert {"dead_vertices", "live_vertices", "dead_edges", "live_edges", "certificates"} <= set(data)
    assert len(data["certificates"]) == 6


@pytest.mark.parametrize("method", ["brute", "paths", "sat", "smt", "auto"])
def test_single_edge_json(capsys, method):
    code, out, _ = run(capsys, "dead", "--graph6", "CF", "--terminals", "0", "1", "--edge", "3", "2", "--method", method, "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"dead", "method", "certificate"}
    assert data["method"] == (method if method != "auto" else "paths")


def test_single_vertex_text(capsys):
    code, out, _ = run(capsys, "dead", "--edges", "0-2,2-1,0-3", "--terminals", "0", "1", "--vertex", "2")
    assert code == 0 and "LIVE" in out and "0 - 2 - 1" in out
    code, out, _ = run(capsys, "dead", "--edges", "0-2,2-1,0-3", "--terminals", "0", "1", "--vertex", "3")
    assert code == 0 and "DEAD" in out and "TSD.T13" in out


def test_hex_json_names_cells(capsys):
    code, out, _ = run(capsys, "dead", "--hex", "B../.../..W", "--json")
    data = json.loads(out)
    assert code == 0 and "a1" not in data["live_vertices"] and "c3" not in data["live_vertices"]
    assert all(isinstance(v, str) for v in data["live_vertices"])
    assert any("top" in e for e in data["live_edges"])
    code, out, _ = run(capsys, "dead", "--hex", "3x3", "--edge", "a1", "b1", "--json")
    assert json.loads(out)["dead"] is True


def test_file_and_png(capsys, tmp_path):
    f = tmp_path / "g.json"
    f.write_text(json.dumps({"n": 5, "edges": [[0, 2], [2, 1], [2, 3], [3, 4]], "terminals": [0, 1]}))
    png = tmp_path / "g.png"
    code, out, _ = run(capsys, "dead", "--file", str(f), "--png", str(png))
    assert code == 0 and png.stat().st_size > 1000 and "Dead vertices (2): 3, 4" in out
    png2 = tmp_path / "b.png"
    assert run(capsys, "dead", "--hex", "3x4", "--png", str(png2))[0] == 0 and png2.stat().st_size > 1000


BAD = [
    (["dead", "--graph6", "C~", "--terminals", "0", "7"], "Terminal 7 is not a vertex of a 4-vertex graph"),
    (["dead", "--edges", "0-2,2-2", "--terminals", "0", "1"], "self-loop"),
    (["dead", "--edges", "0-2,2-0", "--terminals", "0", "1"], "listed twice"),
    (["dead", "--graph6", "C!", "--terminals", "0", "1"], "cannot appear in graph6"),
    (["dead", "--graph6", "D~", "--terminals", "0", "1"], "not valid graph6"),
    (["dead", "--hex", "../...", ], "not rectangular"),
    (["dead", "--hex", "..Q"], "use '.', 'B' or 'W'"),
    (["dead", "--edges", "0-2,2-1", "--terminals", "1", "1"], "two different vertices"),
    (["dead", "--edges", "0-2,2-1"], "--terminals S T is required"),
    (["dead", "--hex", "3x3", "--terminals", "0", "1"], "brings its own terminals"),
    (["dead", "--edges", "0-2,2-1", "--terminals", "0", "1", "--vertex", "0"], "is a terminal"),
    (["dead", "--edges", "0-2,2-1", "--terminals", "0", "1", "--vertex", "9"], "not a vertex"),
    (["dead", "--edges", "0-2,2-1", "--terminals", "0", "1", "--edge", "2", "2"], "self-loop"),
    (["dead", "--hex", "5x5", "--method", "brute"], "limited to"),
    (["dead", "--file", "/nonexistent.json"], "Cannot read"),
    (["dead", "--edges", "0-2-1", "--terminals", "0", "1"], "not of the form"),
]


@pytest.mark.parametrize("argv, msg", BAD)
def test_bad_input_is_one_sentence_and_exit_2(capsys, argv, msg):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert msg in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_bad_input_in_a_real_process():
    p = subprocess.run(
        [sys.executable, "-m", "verify", "dead", "--graph6", "C\x7f", "--terminals", "0", "1"],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 2 and "Traceback" not in p.stderr and "graph6" in p.stderr


def test_argparse_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as e:
        main(["dead", "--graph6", "C~", "--edges", "0-1", "--terminals", "0", "1"])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        main(["dead", "--hex", "3x3", "--method", "magic"])
    assert e.value.code == 2
