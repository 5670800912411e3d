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
