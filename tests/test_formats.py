"""graph6, edge strings, JSON files and Hex boards: good input read right, bad input refused."""

import json

import pytest

from verify import Game, HexBoard, InputError
from verify.formats import parse_edge_string, parse_graph6
from verify.game import Game as _Game

game_from_json = _Game.from_json
load_json_game = _Game.from_json_file
from verify.hexboard import cell_name, parse_cell


def test_graph6():
    g = parse_graph6(">>graph6<<CE")
    assert sorted(g.edges()) == [(0, 3), (1, 3)]


@pytest.mark.parametrize(
    "bad, msg",
    [("", "empty"), ("C\x01", "cannot appear in graph6"), ("C", "not valid graph6"), ("D~~~~~~", "not valid graph6"), ("Cé", "ASCII")],
)
def test_graph6_errors(bad, msg):
    with pytest.raises(InputError, match=msg):
        parse_graph6(bad)


def test_edge_string():
    assert parse_edge_string(" 0-2 , a1-top ") == [(0, 2), ("a1", "top")]
    for bad, msg in [("0-2-3", "not of the form"), ("0-", "empty"), ("0-2,,", "not of the form"), ("0-$", "not a vertex name")]:
        with pytest.raises(InputError, match=msg):
            parse_edge_string(bad)


def test_json(tmp_path):
    p = tmp_path / "g.json"
    p.write_text(json.dumps({"n": 6, "edges": [[0, 2], [2, 3], [3, 1]], "terminals": [0, 1]}))
    g = load_json_game(p)
    assert g.n == 6 and g.m == 3 and g.terminals == (0, 1)
    bad = [
        ({"n": 6, "edges": [[0, 9]], "terminals": [0, 1]}, "not a vertex of a 6-vertex graph"),
        ({"n": 6, "edges": [[0, 2]], "terminals": [0, 7]}, "Terminal 7 is not a vertex of a 6-vertex graph"),
        ({"n": 6, "edges": [[2, 2]], "terminals": [0, 1]}, "self-loop"),
        ({"n": 6, "edges": [[0, 2], [2, 0]], "terminals": [0, 1]}, "listed twice"),
        ({"n": 6, "edges": [], "terminals": [1, 1]}, "two different vertices"),
        ({"n": 6, "edges": [[0]], "terminals": [0, 1]}, "pairs"),
        ({"n": 6, "edges": []}, "no 'terminals'"),
        ({"n": 6, "edges": [], "terminals": [0, 1], "colour": 1}, "Unknown key"),
        ([1, 2], "must be an object"),
    ]
    for data, msg in bad:
        with pytest.raises(InputError, match=msg):
            game_from_json(data)
    p.write_text("{not json")
    with pytest.raises(InputError, match="not valid JSON"):
        load_json_game(p)
    with pytest.raises(InputError, match="Cannot read"):
        load_json_game(tmp_path / "missing.json")


def test_hex_naming():
    assert cell_name(0, 0) == "a1" and cell_name(2, 1) == "b3"
    assert parse_cell("b3") == (2, 1)


def test_hex_geometry():
    g = _Game.from_hexboard(HexBoard.parse("3x3"), stones=False)
    # (r, c) touches (r, c±1), (r±1, c), (r-1, c+1), (r+1, c-1)
    assert g.neighbours("b2") == {"a2", "c2", "b1", "b3", "c1", "a3"}
    assert g.neighbours("a1") == {"b1", "a2", "top"}
    assert g.neighbours("top") == {"a1", "b1", "c1"}
    assert g.neighbours("bottom") == {"a3", "b3", "c3"}
    assert g.m == 3 * 2 + 2 * 3 + 2 * 2 + 6  # horizontal + vertical + diagonal + terminal edges


def test_hex_stones():
    g = _Game.from_hexboard(HexBoard.parse("B../.../.W."))
    assert "a1" not in g.vertices and "b3" not in g.vertices
    # a1 shorted: its neighbours top, b1, a2 become a clique
    assert g.has_edge("a2", "top") and g.has_edge("b1", "a2")
    assert g == _Game.from_hexboard(HexBoard.parse("3x3"), stones=False).delete("b3").short("a1")
    full = _Game.from_hexboard(HexBoard.parse("B/B/B"))
    assert full.has_edge("top", "bottom") and full.n == 2


@pytest.mark.parametrize(
    "bad, msg",
    [("", "empty"), ("0x3", "at least one row"), ("..B/..", "not rectangular"), ("..X", "use '.', 'B' or 'W'"), ("../", "Row 2")],
)
def test_hex_errors(bad, msg):
    with pytest.raises(InputError, match=msg):
        Game.from_hex(bad)
