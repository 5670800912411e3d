"""The fast exact dead-cell map (verify.papers.hex.deadmap) against the shared SAT oracle
and the completion definition; every live-by-construction path is an induced terminal path."""

import random

import pytest

from verify.dead import dead_vertices
from verify.papers.hex.board import BLACK, WHITE, Position
from verify.papers.hex.deadmap import dead_cells, dead_cells_game, live_paths
from verify.papers.hex.domain import POSITIONS
from verify.papers.hex.statements import hex_dead_mask


@pytest.mark.parametrize("n", [4, 6, 8])
def test_equals_completion_definition_on_every_small_position(n):
    for p in POSITIONS.instances(n):
        if p.chain(BLACK) or p.chain(WHITE):
            continue
        assert dead_cells(p) == hex_dead_mask(p) & p.empty, p.spec()


def _random(rng, n, fill):
    cells = list(range(n * n))
    rng.shuffle(cells)
    m = int(fill * n * n)
    return Position(n, n, sum(1 << c for c in cells[: m // 2]), sum(1 << c for c in cells[m // 2: m]))


def test_equals_shared_oracle_on_random_positions():
    rng = random.Random(11)
    done = 0
    while done < 40:
        n = rng.choice([5, 7, 9, 11])
        p = _random(rng, n, rng.choice([0.1, 0.3, 0.5, 0.6]))
        if p.chain(BLACK) or p.chain(WHITE):
            continue
        g = p.game()
        assert dead_cells_game(g) == dead_vertices(g, method="sat"), p.spec()
        done += 1


def test_live_paths_are_induced_terminal_paths():
    rng = random.Random(5)
    for _ in range(10):
        p = _random(rng, 7, 0.4)
        g = p.game()
        adj = g.adjacency
        s, t = g.terminal_indices
        for v, path in live_paths(g).items():
            assert v in path and {path[0], path[-1]} == {s, t} and len(set(path)) == len(path)
            for i, a in enumerate(path):
                for j, b in enumerate(path):
                    if i < j:
                        assert bool(adj[a] >> b & 1) == (j == i + 1), (p.spec(), path)


# --- the fast route where users ask (issue 21, item 5) -------------------------------------

from verify import Game, classify, is_dead_edge, is_dead_vertex  # noqa: E402
from verify.dead import check_live_certificate  # noqa: E402
from verify.papers.hex.deadmap import position_graph  # noqa: E402


def _random_positions(seed, count, sizes=(5, 6, 7, 8, 9, 10, 11)):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.choice(sizes)
        p = _random(rng, n, rng.uniform(0, 0.6))
        if not (p.chain(BLACK) or p.chain(WHITE)):
            out.append(p)
    return out


def _cross_check(p, edges=False):
    g = Game.from_hex(p.spec())
    assert g.hex_board is not None
    want = dead_vertices(g, method="sat")
    assert dead_vertices(g) == want, p.spec()  # auto = map on a Hex game
    assert set(p.names(dead_cells(p))) == want, p.spec()
    if edges:
        fast, slow = classify(g), classify(g, "sat")
        assert fast.method == "map" and slow.method == "sat"
        assert fast.dead_vertices == slow.dead_vertices and fast.dead_edges == slow.dead_edges, p.spec()
        for k, v in fast.verdicts.items():
            assert v.method == "map" and v.proof and v.item == slow.verdicts[k].item
            assert v.theorems == slow.verdicts[k].theorems  # the TSD predictions, as every method gives them
            if not v.dead:
                check_live_certificate(g, v)


def test_fast_route_equals_sat_and_the_definition_on_the_test_positions():
    for n in (4, 6, 8):
        for p in POSITIONS.instances(n):
            if p.chain(BLACK) or p.chain(WHITE):
                continue
            g = Game.from_hex(p.spec())
            assert dead_vertices(g) == set(p.names(hex_dead_mask(p) & p.empty)), p.spec()


def test_fast_route_equals_sat_on_random_positions():
    for k, p in enumerate(_random_positions(21, 240)):
        _cross_check(p, edges=k < 30)


@pytest.mark.deep
def test_fast_route_equals_sat_on_many_random_positions():
    for k, p in enumerate(_random_positions(2122, 1500)):
        _cross_check(p, edges=k < 300)


def test_position_graph_is_the_game_of_the_position():
    for p in _random_positions(7, 60):
        g = p.game()
        adj, s, t, allv = position_graph(p)
        idx = {g.index(p.name(i)): i for i in range(p.size) if p.empty >> i & 1}
        idx[g.index("top")], idx[g.index("bottom")] = s, t
        for i, a in enumerate(g.adjacency):
            assert sum(1 << idx[j] for j in range(g.n) if a >> j & 1) == adj[idx[i]], p.spec()
        assert allv == sum(1 << x for x in idx.values())


def test_only_an_unchanged_hex_game_takes_the_map_and_explicit_methods_are_kept():
    g = Game.from_hex("B.../..W./..../....")
    assert classify(g).method == "map" and is_dead_vertex(g, "b2").method == "map"
    assert is_dead_edge(g, "a2", "b2").method == "map"
    for derived in (g.delete("d4"), g.short("d4"), g.add_edges([("a2", "d4")]), g.relabel_to_integers()):
        assert derived.hex_board is None and classify(derived).method in ("paths", "sat")
    assert is_dead_edge(g, "a2", "d4").method != "map"  # a non-edge is asked in G + e, a plain game
    for method in ("brute", "paths", "sat", "smt"):
        assert is_dead_vertex(g, "b2", method).method == method
    plain = Game(g.vertices, g.edges(), g.terminals)  # the same graph, not built from a board
    assert plain.hex_board is None and dead_vertices(plain, "map") == dead_vertices(plain, "sat") == dead_vertices(g)
