"""The switching game's value type, its inputs and the Gale boards (SSG, issue 11)."""

import json

import networkx as nx
import pytest

from verify.errors import InputError
from verify.papers.ssg.multigraph import GALE_MAX_K, SwitchGame, gale, load_switch_json


def test_parse_parallel_edges_and_json(tmp_path):
    g = SwitchGame.parse("0-1,0-1,1-2", (0, 2))
    assert g.edges == ((0, 1), (0, 1), (1, 2)) and g.multiplicity() == 2
    p = tmp_path / "g.json"
    p.write_text(json.dumps({"n": 3, "edges": [[1, 0], [0, 1], [2, 1]], "terminals": [0, 2]}))
    assert load_switch_json(str(p)) == g
    assert load_switch_json(str(p), terminals=(2, 0)).terminals == (2, 0)


@pytest.mark.parametrize(
    "text,terms,msg",
    [
        ("0-0", (0, 1), "loop"),
        ("0-1", (0, 0), "two different"),
        ("0-1", (0, 5), "not a vertex"),
        ("0-1-2", (0, 1), "not of the form"),
        ("a-1", (0, 1), "non-negative integer"),
    ],
)
def test_bad_input_is_one_sentence(text, terms, msg):
    with pytest.raises(InputError, match=msg):
        SwitchGame.parse(text, terms)


def test_moves_contract_and_delete():
    g = SwitchGame.parse("0-1,1-2,1-2,2-3", (0, 3))
    c = g.contract(1)  # 1-2 merged: the parallel copy becomes a loop and disappears
    assert sorted(c.edges) == [(0, 1), (1, 3)] and c.terminals == (0, 3)
    assert g.delete(0).terminals_joined() is False
    with pytest.raises(InputError):
        SwitchGame.parse("0-1", (0, 1)).contract(0)


def test_gale_boards():
    for k in range(1, 8):
        g = gale(k)
        assert g.n == 2 + k * (k - 1) and g.m == k * k + (k - 1) ** 2
        assert g.is_connected() and g.multiplicity() == 1
    # Bridg-It as a planar grid: the board without its terminals merged is the K x (K+1) grid
    g = gale(5)
    assert g.m == 41 and g.terminals == (0, 1)
    h = nx.MultiGraph(list(g.edges))
    assert nx.is_connected(h)
    for bad in (0, -3, GALE_MAX_K + 1):
        with pytest.raises(InputError):
            gale(bad)
