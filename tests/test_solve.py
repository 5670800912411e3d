"""The fast solver against plain minimax; multi-Shannon outcomes against enumeration;
strategies replayed against every reply; the solve/capture CLI contract."""

import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from verify import Game, InputError
from verify.cli import main
from verify.graphs import connected_games
from verify.solve import (
    CUT,
    SHORT,
    FastSolver,
    MultiShannon,
    Strategy,
    captured,
    check_strategy,
    dominates,
    lost,
    spectator,
)
from verify.solve import minimax
from verify.solve.multi import outcome_by_enumeration
from verify.strategies import games

CONFIGS = {
    "default": dict(),
    "canonical": dict(canonical=True),
    "fill_dead": dict(fill_dead=True),
    "fill_pairs": dict(fill_pairs=True),
    "bare": dict(immediate=False, order=False),
}


@pytest.mark.parametrize("n", range(2, 8))
def test_fast_equals_minimax_exhaustive(n):
    solvers = {k: FastSolver(**v) for k, v in CONFIGS.items()}
    seen = {SHORT: 0, CUT: 0}
    for g in connected_games(n):
        for first in (SHORT, CUT):
            truth = minimax.winner(g, first)
            seen[truth] += 1
            for name, s in solvers.items():
                assert s.winner(g, first) == truth, (name, g, first)
    assert n < 3 or (seen[SHORT] and seen[CUT])


@given(games(min_n=2, max_n=9), st.sampled_from([SHORT, CUT]))
def test_fast_equals_minimax_random(g, first):
    assert FastSolver().winner(g, first) == minimax.winner(g, first)
    assert FastSolver(canonical=True, fill_dead=True).winner(g, first) == minimax.winner(g, first)
    assert FastSolver(fill_pairs=True).winner(g, first) == minimax.winner(g, first)


@given(games(min_n=3, max_n=8), st.sampled_from([SHORT, CUT]))
def test_winning_moves_equal_minimax(g, player):
    assert FastSolver().winning_moves(g, player) == minimax.winning_moves(g, player)


@given(games(min_n=3, max_n=8), st.sampled_from([SHORT, CUT]))
def test_strategies_win_against_every_reply(g, first):
    w = FastSolver().winner(g, first)
    ok, lines = check_strategy(Strategy(g, w, first))
    assert ok and lines >= 1


def test_hex_3x3_against_minimax():
    g = Game.from_hex("3x3")
    assert FastSolver().winning_moves(g, SHORT) == minimax.winning_moves(g, SHORT)
    assert FastSolver().winner(g, CUT) == minimax.winner(g, CUT) == CUT


@given(games(min_n=3, max_n=8), st.data())
def test_multi_shannon_equals_enumeration(g, data):
    free = g.nonterminals()
    S = data.draw(st.lists(st.sampled_from(free), min_size=1, max_size=min(4, len(free)), unique=True))
    m = MultiShannon(g, S)
    for first in (SHORT, CUT):
        brute = outcome_by_enumeration(g, S, first)
        for p in (SHORT, CUT):
            fast = m.first_player_wins(p) if first == p else m.second_player_wins(p)
            assert fast == brute[p], (g, S, first, p)


@pytest.mark.parametrize("n", [3, 4, 5, pytest.param(6, marks=pytest.mark.deep)])
def test_multi_shannon_exhaustive_small_sets(n):
    """All games on n vertices (n = 6 deep), all sets |S| ≤ 3: fast multi-Shannon = enumeration."""
    count = 0
    for g in connected_games(n):
        free = g.nonterminals()
        for k in (1, 2, 3):
            for S in itertools.combinations(free, k):
                m = MultiShannon(g, S)
                for first in (SHORT, CUT):
                    brute = outcome_by_enumeration(g, S, first)
                    for p in (SHORT, CUT):
                        fast = m.first_player_wins(p) if first == p else m.second_player_wins(p)
                        assert fast == brute[p]
                count += 1
    assert count > 0


def test_capture_examples():
    # TSD Fig. 3: two non-terminal degree-2 vertices with the same neighbours: captured
    g = Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))
    assert captured(g, {2, 3}) and not lost(g, {2, 3})
    # two adjacent degree-2 vertices: lost
    g = Game.from_edges("0-2,2-3,3-1,0-4,4-1", terminals=(0, 1))
    assert lost(g, {2, 3}) and dominates(g, 2, {2, 3}, CUT)
    # a pendant vertex is a spectator
    assert spectator(Game.from_edges("0-2,2-1,2-3", terminals=(0, 1)), 3)


def test_multi_errors():
    g = Game.from_edges("0-2,2-1", terminals=(0, 1))
    with pytest.raises(InputError, match="terminal"):
        MultiShannon(g, {0})
    with pytest.raises(InputError, match="must not be empty"):
        MultiShannon(g, set())
    with pytest.raises(InputError, match="not in the set"):
        dominates(g, 3, {2}, CUT)


def test_strategy_refuses_a_lost_side():
    with pytest.raises(InputError, match="no winning strategy"):
        Strategy(Game.from_edges("0-2,2-1", terminals=(0, 1)), SHORT, first=CUT)


def test_cli_solve_json(capsys):
    assert main(["solve", "--hex", "2x2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"short_first", "cut_first", "winning_moves", "link"}
    assert data["short_first"] == SHORT and data["cut_first"] == CUT and data["link"] == "weak"
    assert data["winning_moves"][SHORT] == minimax.winning_moves(Game.from_hex("2x2"), SHORT)
    assert main(["solve", "--edges", "0-2,0-3,2-1,3-1", "--terminals", "0", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["link"] == "strong" and data["winning_moves"][CUT] == []


def test_cli_capture_json(capsys):
    assert main(["capture", "--edges", "0-2,2-3,3-1,0-4,4-1", "--terminals", "0", "1", "--set", "2,3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {
        "captured": False,
        "lost": True,
        "short_dominated": False,
        "cut_dominated": True,
        "short_dominating": [],
        "cut_dominating": [2, 3],
    }


@pytest.mark.parametrize(
    "argv, msg",
    [
        (["capture", "--edges", "0-2,2-1", "--terminals", "0", "1", "--set", "0"], "terminal"),
        (["capture", "--edges", "0-2,2-1", "--terminals", "0", "1", "--set", "9"], "not a vertex"),
        (["capture", "--edges", "0-2,2-1", "--terminals", "0", "1", "--set", ","], "at least one vertex"),
        (["capture", "--edges", "0-2,2-1", "--terminals", "0", "1", "--set", "2,2"], "twice"),
        (["solve", "--graph6", "C~", "--terminals", "0", "4"], "Terminal 4 is not a vertex"),
    ],
)
def test_cli_errors(capsys, argv, msg):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert msg in err and len(err.strip().splitlines()) == 1


# ---- the must-play search (HEX Fig. 13) -------------------------------------------
from verify.solve.mustplay import MustPlaySolver, carrier_carries  # noqa: E402


@pytest.mark.parametrize("n", range(2, 8))
def test_mustplay_value_and_carrier_exhaustive(n):
    s = MustPlaySolver()
    smaller = 0
    for g in connected_games(n):
        for first in (SHORT, CUT):
            w, carrier = s.win_value(g, first)
            assert w == minimax.winner(g, first), (g, first)
            assert carrier_carries(g, first, w, carrier), (g, first, w, carrier)
            smaller += len(carrier) < len(g.nonterminals())
    assert n < 4 or smaller > 0  # the carriers are not just "everything"


@given(games(min_n=2, max_n=9), st.sampled_from([SHORT, CUT]))
def test_mustplay_random(g, first):
    w, carrier = MustPlaySolver().win_value(g, first)
    assert w == minimax.winner(g, first) and carrier_carries(g, first, w, carrier)


def test_carrier_check_can_fail():
    g = Game.from_edges("0-2,0-3,2-1,3-1", terminals=(0, 1))
    assert not carrier_carries(g, CUT, SHORT, [2])
