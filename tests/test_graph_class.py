"""Graph classes (verify.graph_class): specs parse to one canonical form, bad specs are one
sentence, and membership follows the definitions; geng's enumeration of a class is all
connected graphs filtered by the definition (n ≤ 8, every kind of class); statements,
sweeps (serial, processes, Dask, one pass), ``hunt --graphs`` and the store on a class."""

import functools
import json
from pathlib import Path

import networkx as nx
import pytest

from verify import graphs as graphs_module
from verify.cli import main
from verify.errors import InputError
from verify.graph_class import GraphClass, as_graph_class
from verify.graphs import canonical_graph6, connected_games, connected_graphs, geng_lines, planar_lines
from verify.registry import GameDomain, restricted, run_statement, statement
from verify.registry.domain import GAMES
from verify.sweep import Processes, Serial, Store, load_statement, make_backend, sweep


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


# -- the enumeration of a class equals all connected graphs filtered by the definition ------



N_MAX = 8
CLASSES = ["maxdeg=0", "maxdeg=1", "maxdeg=2", "maxdeg=3", "maxdeg=4", "mindeg=1", "mindeg=2", "mindeg=3", "mindeg=4",
           "trianglefree", "c4free", "bipartite", "planar", "maxdeg=3,mindeg=2", "mindeg=3,maxdeg=3",
           "trianglefree,c4free", "bipartite,planar,maxdeg=3", "planar,mindeg=3"]


@functools.lru_cache(maxsize=None)
def _all_connected(n: int) -> tuple:
    """(graph, canonical graph6) of every connected graph on n vertices, generated once per n."""
    return tuple((g, canonical_graph6(g)) for g in connected_graphs(n))


def _canonical(lines) -> list[str]:
    return [canonical_graph6(nx.from_graph6_bytes(line.encode())) for line in lines]


@pytest.mark.parametrize("spec", CLASSES)
def test_class_enumeration_is_the_filtered_enumeration(spec):
    c = GraphClass.parse(spec)
    for n in range(1, N_MAX + 1):
        got = _canonical(geng_lines(n, graph_class=c))
        assert len(got) == len(set(got)), (spec, n)  # one graph per isomorphism class
        want = {g6 for g, g6 in _all_connected(n) if c.contains(g)}
        assert set(got) == want, (spec, n)


def test_planar_without_planarg_is_the_same(monkeypatch):
    assert graphs_module.find_planarg() is not None, "planarg ships beside geng in the passagemath-nauty wheel"
    with_planarg = {n: sorted(geng_lines(n, graph_class="planar,mindeg=2")) for n in range(1, N_MAX + 1)}
    monkeypatch.setattr(graphs_module, "find_planarg", lambda geng=None: None)
    for n in range(1, N_MAX + 1):
        assert sorted(geng_lines(n, graph_class="planar,mindeg=2")) == with_planarg[n], n
    # the fallback filter on its own: K4 planar, K5 and K3,3 not
    k5, k33 = (nx.to_graph6_bytes(g, header=False).decode().strip() for g in (nx.complete_graph(5), nx.complete_bipartite_graph(3, 3)))
    assert list(planar_lines(["C~", k5, k33])) == ["C~"]


@pytest.mark.parametrize("spec, n, mod", [("maxdeg=3", 8, 5), ("planar", 7, 4), ("trianglefree,mindeg=2", 8, 8)])
def test_shards_split_the_class(spec, n, mod):
    whole = list(geng_lines(n, graph_class=spec))
    parts = [list(geng_lines(n, res=r, mod=mod, graph_class=spec)) for r in range(mod)]
    assert sorted(x for p in parts for x in p) == sorted(whole)
    assert sum(bool(p) for p in parts) >= 2


def test_a_class_with_no_graph_gives_none():
    # geng refuses these as impossible; that is an empty class, not an error
    assert list(geng_lines(3, graph_class="mindeg=3")) == []
    assert list(geng_lines(2, graph_class="maxdeg=0")) == []
    assert list(geng_lines(1, graph_class="mindeg=1")) == []
    assert list(geng_lines(1, graph_class="maxdeg=0")) == ["@"]


def test_without_geng_the_atlas_is_filtered(monkeypatch):
    monkeypatch.setattr(graphs_module, "find_geng", lambda: None)
    for spec in ("maxdeg=3", "bipartite", "planar,mindeg=2"):
        c = GraphClass.parse(spec)
        for n in range(1, 7):
            got = sorted(canonical_graph6(g) for g in connected_graphs(n, graph_class=c))
            assert got == sorted(g6 for g, g6 in _all_connected(n) if c.contains(g)), (spec, n)


# -- statements, the sweep and the CLI on a class ------------------------------------------


# fails first at n = 4 on a graph of maximum degree 3 (the diamond, m = 5), on games spread over shards
USER = '''
from verify import statement

@statement("TEST.SPARSE", kind="conj", register=False)
def sparse(game):
    """Every game has at most as many edges as vertices."""
    return game.m <= game.n

@statement("TEST.SUBCUBIC", kind="conj", graphs="maxdeg=3", register=False)
def subcubic(game):
    """On graphs of maximum degree 3, every game has at most n + 3 edges."""
    return game.m <= game.n + 3
'''


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    f = tmp_path_factory.mktemp("user") / "conj.py"
    f.write_text(USER)
    return f


def _smallest_failure_by_brute_force(check, spec: str, n_max: int):
    """The smallest failing game's order key, over the class's games filtered from all games in Python."""
    c = GraphClass.parse(spec)
    for n in range(2, n_max + 1):
        keys = [GAMES.key(g)[0] for g in connected_games(n) if c.contains(g.induced(g.vertices)) and not check(g)]
        if keys:
            return min(keys)
    return None


def test_statement_on_a_class(user_file):
    st = load_statement("TEST.SPARSE", f"{user_file}::sparse")
    on = restricted(st, "maxdeg=3")
    assert on.domain == GameDomain("maxdeg=3") and st.domain == GAMES  # the registered one is untouched
    ref = run_statement(on, max_n=7, emit=False)
    want = _smallest_failure_by_brute_force(st.check, "maxdeg=3", 7)
    assert ref.verdict == "fails" and GAMES.witness_key(ref.witness) == want
    # declared with graphs=: its domain is the class, and --graphs intersects with it
    sub = load_statement("TEST.SUBCUBIC", f"{user_file}::subcubic")
    assert sub.domain == GameDomain("maxdeg=3") and restricted(sub, "bipartite").domain == GameDomain("bipartite,maxdeg=3")
    with pytest.raises(InputError, match="no graph in common"):
        restricted(sub, "mindeg=4")
    with pytest.raises(InputError, match="gives graphs=, which restricts only statements checked game by game"):
        statement("MY.X", kind="table", meta={"table": object()}, graphs="planar", register=False)
    with pytest.raises(InputError, match="cannot restrict it"):
        restricted(load_statement("TSD.TAB1"), "planar")


def _summary(r):
    return (r.verdict, r.n_min, r.n_max, r.instances, r.hypothesis_true, r.witness)


@pytest.mark.parametrize("spec", ["maxdeg=3", "planar,mindeg=2"])
def test_sweep_on_a_class_agrees_with_run_statement(user_file, spec):
    source = f"{user_file}::sparse"
    st = load_statement("TEST.SPARSE", source, spec)
    ref = run_statement(st, max_n=8, emit=False)
    assert _summary(sweep(st, 8, backend=Serial(), mod=8, source=source, emit=False)) == _summary(ref)
    with Processes(2) as b:
        assert _summary(sweep(st, 8, backend=b, mod=5, source=source, emit=False)) == _summary(ref)


def test_one_pass_on_a_class_agrees_with_one_at_a_time():
    from verify.sweep.onepass import sweep_together

    sts = [load_statement(i, None, "maxdeg=3") for i in ("TSD.T14", "TSD.T15")]
    together = sweep_together([(st, 2, 7) for st in sts], mod=3, emit=False)
    for st, r in zip(sts, together):
        assert _summary(r) == _summary(run_statement(st, max_n=7, emit=False)), st.id
    with pytest.raises(ValueError, match="one graph class"):
        sweep_together([(sts[0], 2, 5), (load_statement("TSD.T15"), 2, 5)], emit=False)


def test_dask_on_a_class(user_file):
    pytest.importorskip("distributed", reason="dask is an optional extra: pip install 'shannon-verify[dask]'")
    source = f"{user_file}::sparse"
    st = load_statement("TEST.SPARSE", source, "bipartite")
    ref = run_statement(st, max_n=8, emit=False)
    with make_backend(2, "local") as b:
        assert _summary(sweep(st, 8, backend=b, mod=4, source=source, emit=False)) == _summary(ref)


EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_hunt_over_a_class_on_the_command_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    store = str(tmp_path / "r.sqlite")
    target = f"{EXAMPLES / 'my_conj.py'}::degree_two_dead"
    # over all graphs the smallest counterexample is the path 'Bo'; with minimum degree 2, the 4-cycle
    assert main(["hunt", target, "--graphs", "maxdeg=3,mindeg=2", "--max-n", "16", "--no-progress", "--store", store]) == 1
    out = capsys.readouterr().out
    assert out.startswith("MY.DEG2: fails on n = 2..4 in connected graphs with minimum degree ≥ 2 and maximum degree ≤ 3 (")
    assert "smallest counterexample: graph6 'C]', terminals [2, 3]" in out
    data = json.loads((tmp_path / "counterexamples" / "MY.DEG2" / "C_5d_t2-3.json").read_text())
    assert data["graphs"] == "maxdeg=3,mindeg=2" and data["reproduce"].endswith("--graphs maxdeg=3,mindeg=2")
    assert data["graph6"] == _smallest_failure_graph6(data)
    # the store records the class
    with Store(store, create=False) as s:
        run = s.run_id("last")
        assert s.run(run)["plan"]["graphs"] == "maxdeg=3,mindeg=2"
        assert s.summary(run)["graphs"] == "maxdeg=3,mindeg=2"
    # resuming it under another class is refused in one sentence; under the same, or none, it resumes
    assert main(["hunt", "--resume", "last", "--graphs", "bipartite", "--store", store]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("shannon-verify hunt: error: Run 1 runs over connected graphs with minimum degree ≥ 2 and maximum "
                   "degree ≤ 3, not connected bipartite graphs; resume it without --graphs or with --graphs maxdeg=3,mindeg=2.")
    assert main(["hunt", "--resume", "last", "--graphs", "mindeg=2,maxdeg=3", "--no-progress", "--store", store]) == 1
    assert "graph6 'C]'" in capsys.readouterr().out
    assert main(["hunt", "--resume", "last", "--no-progress", "--store", store, "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["graphs"] == "maxdeg=3,mindeg=2"


def _smallest_failure_graph6(data) -> str:
    from verify.registry.user import load_user_statement

    st = load_user_statement(f"{EXAMPLES / 'my_conj.py'}::degree_two_dead")
    key = _smallest_failure_by_brute_force(lambda g: st.check(g) is not False, data["graphs"], data["n"])
    return key[2]


@pytest.mark.parametrize("argv, message", [
    (["hunt", "X.py::f", "--graphs", "foo"], "Unknown graph class 'foo'; use maxdeg=D, mindeg=D, trianglefree, c4free, bipartite, planar."),
    (["check", "TSD.T14", "--graphs", "mindeg=4,maxdeg=3"], "Graph class 'maxdeg=3,mindeg=4' is empty: mindeg 4 is above maxdeg 3."),
    (["check", "TSD.TAB1", "--graphs", "planar"], "TSD.TAB1 is not checked game by game on connected graphs, so a graph class cannot restrict it."),
    (["check", "TSD.T14", "--graphs", "planar", "--max-n", "33"], "--max-n must be between 1 and 32 on a graph class (geng's largest n)."),
    (["check", "TSD.T14", "--max-n", "13"], "--max-n must be between 1 and 12."),
])
def test_bad_graphs_on_the_command_line_are_one_sentence_and_exit_2(tmp_path, monkeypatch, capsys, argv, message):
    monkeypatch.chdir(tmp_path)
    assert main([*argv, "--no-store"]) == 2
    err = capsys.readouterr().err
    assert err.strip().endswith("error: " + message) and "Traceback" not in err


def test_the_benchmark_runs_at_a_small_n():
    import subprocess
    import sys

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "hunt_class.py"
    out = subprocess.run([sys.executable, str(script), "--n", "8", "--jobs", "1", "--json"], capture_output=True, text=True,
                         timeout=300, check=True).stdout
    row = json.loads(out)
    assert (row["graphs"], row["verdict"], row["mod"], row["class"]) == (194, "holds", 1, "connected graphs with maximum degree ≤ 3")
    assert row["games"] == sum(1 for _ in connected_games(8, graph_class="maxdeg=3"))
