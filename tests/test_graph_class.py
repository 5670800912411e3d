"""Graph classes (verify.graph_class): specs parse to one canonical form, bad specs are one
sentence, and membership follows the definitions."""

import networkx as nx
import pytest

from verify.errors import InputError
from verify.graph_class import GraphClass, as_graph_class


@pytest.mark.parametrize("spec, canonical, flags", [
    ("", "", []),
    ("all", "", []),
    ("maxdeg=3,mindeg=2", "maxdeg=3,mindeg=2", ["-d2", "-D3"]),
    (" mindeg = 2 , maxdeg=3 ", "maxdeg=3,mindeg=2", ["-d2", "-D3"]),
    ("trianglefree", "trianglefree", ["-t"]),
    ("Triangle-Free", "trianglefree", ["-t"]),
    ("c4free", "c4free", ["-f"]),
    ("bipartite", "bipartite", ["-b"]),
    ("planar", "planar", []),
    ("planar,bipartite,c4free,trianglefree,maxdeg=4,mindeg=1", "bipartite,c4free,maxdeg=4,mindeg=1,planar,trianglefree",
     ["-d1", "-D4", "-t", "-f", "-b"]),
    ("maxdeg=0", "maxdeg=0", ["-D0"]),
])
def test_specs_parse_to_one_canonical_form(spec, canonical, flags):
    c = GraphClass.parse(spec)
    assert c.spec == canonical and c.geng_flags() == flags
    assert GraphClass.parse(c.spec) == c  # the canonical spec reads back as the same class
    assert GraphClass.from_json(c.to_json()) == c
    assert c.is_all == (canonical == "")
    assert as_graph_class(spec) == as_graph_class(c) == c


@pytest.mark.parametrize("spec, match", [
    ("foo", r"^Unknown graph class 'foo'; use maxdeg=D, mindeg=D, trianglefree, c4free, bipartite, planar\.$"),
    ("maxdeg=3,cubic", r"^Unknown graph class 'cubic'"),
    ("mindeg=4,maxdeg=3", r"^Graph class 'maxdeg=3,mindeg=4' is empty: mindeg 4 is above maxdeg 3\.$"),
    ("maxdeg=-1", r"^The bound maxdeg=-1 must be a whole number from 0 to 31\.$"),
    ("mindeg=2.5", r"^The bound mindeg='2.5' must be a whole number from 0 to 31\.$"),
    ("maxdeg=three", r"must be a whole number"),
    ("maxdeg=1_0", r"must be a whole number"),
    ("maxdeg=32", r"from 0 to 31\.$"),
    ("maxdeg", r"^Graph class item 'maxdeg' needs a bound, as in maxdeg=3\.$"),
    ("planar=yes", r"^Graph class item 'planar=yes' takes no value; write planar\.$"),
    ("maxdeg=3,maxdeg=4", r"gives maxdeg twice\.$"),
])
def test_bad_specs_are_one_sentence(spec, match):
    with pytest.raises(InputError, match=match) as info:
        GraphClass.parse(spec)
    assert str(info.value).count(". ") == 0 and "\n" not in str(info.value)


def test_bad_fields_are_refused_as_well():
    with pytest.raises(InputError, match="whole number"):
        GraphClass(max_degree=True)
    with pytest.raises(InputError, match="True or False"):
        GraphClass(planar=1)
    with pytest.raises(InputError, match="Unknown graph class field 'girth'"):
        GraphClass.from_json({"girth": 5})
    with pytest.raises(InputError, match="is a string"):
        GraphClass.parse(3)


def test_intersection():
    a, b = GraphClass.parse("maxdeg=4,mindeg=1,planar"), GraphClass.parse("maxdeg=3,mindeg=2,trianglefree")
    assert (a & b).spec == "maxdeg=3,mindeg=2,planar,trianglefree"
    assert (a & GraphClass()) == a
    with pytest.raises(InputError, match="no graph in common"):
        GraphClass.parse("maxdeg=2") & GraphClass.parse("mindeg=3")


def test_words():
    assert str(GraphClass.parse("maxdeg=3")) == "connected graphs with maximum degree ≤ 3"
    assert str(GraphClass.parse("mindeg=2,maxdeg=3")) == "connected graphs with minimum degree ≥ 2 and maximum degree ≤ 3"
    assert str(GraphClass.parse("planar,mindeg=3,maxdeg=3")) == "connected planar 3-regular graphs"
    assert str(GraphClass.parse("")) == "connected graphs"


@pytest.mark.parametrize("spec, graph, inside", [
    ("", nx.path_graph(4), True),
    ("", nx.empty_graph(2), False),  # not connected
    ("", nx.empty_graph(0), False),
    ("maxdeg=2", nx.cycle_graph(6), True),
    ("maxdeg=2", nx.star_graph(3), False),
    ("mindeg=2", nx.cycle_graph(4), True),
    ("mindeg=2", nx.path_graph(3), False),
    ("trianglefree", nx.cycle_graph(4), True),
    ("trianglefree", nx.complete_graph(3), False),
    ("c4free", nx.complete_graph(3), True),
    ("c4free", nx.cycle_graph(4), False),
    ("c4free", nx.complete_graph(4), False),  # a 4-cycle that is not induced counts
    ("c4free", nx.cycle_graph(5), True),
    ("bipartite", nx.cycle_graph(6), True),
    ("bipartite", nx.cycle_graph(5), False),
    ("planar", nx.complete_graph(4), True),
    ("planar", nx.complete_graph(5), False),
    ("planar", nx.complete_bipartite_graph(3, 3), False),
    ("planar", nx.petersen_graph(), False),
])
def test_contains_follows_the_definitions(spec, graph, inside):
    c = GraphClass.parse(spec)
    assert c.contains(graph) is inside
    adjacency = {v: list(graph.adj[v]) for v in graph}
    assert c.contains(adjacency) is inside
