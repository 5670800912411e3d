"""The compiled dead-vertex oracle (verify.dead.compiled, dead_kernel.c) against the trusted
oracle verify.dead.brute (every complete colouring: the definition as written): the dead
vertices of every connected game up to 6 vertices with every terminal pair (default
tier), of every game of 7 vertices and of 300 seeded random games of 8–14 vertices
(deep; brute force there too, 2^12 colourings at most); beyond brute force, against the
dead map on 40 random Hex positions of up to 29 vertices and the induced-path search
on 100 random sparse games of 16–28 vertices; the comparison catches a wrong answer and
a wrong kernel; the ledger, the limits and the missing compiler."""

import random
import subprocess

import networkx as nx
import pytest

from verify.backing import ORACLES, STANDING, recording
from verify.dead import compiled as D
from verify.errors import ShannonVerifyError, TooLargeError
from verify.game import Game
from verify.graphs import connected_games
from verify.tables.kernel import find_cc

needs_cc = pytest.mark.skipif(find_cc() is None, reason="no C compiler")

GAMES_ALL_PAIRS = {2: 1, 3: 6, 4: 36, 5: 210, 6: 1680, 7: 17913}  # connected graphs × n(n − 1)/2


def _check(games, kernel=None):
    games = list(games)
    answers = list((kernel or D.CompiledDead()).dead_many(games))
    bad = D.mismatches(games, answers)
    assert bad == [], bad[:3]
    return games, answers


@needs_cc
@pytest.mark.parametrize("n", range(2, 7))
def test_equals_brute_force_on_every_game_up_to_6(n):
    games, answers = _check(connected_games(n, all_pairs=True))
    assert len(games) == GAMES_ALL_PAIRS[n]
    if n == 6:  # games with no, some and only dead vertices occur
        assert any(not a for a in answers) and any(a and len(a) < 4 for a in answers)
        assert any(len(a) == 4 for a in answers)


@needs_cc
def test_equals_brute_force_on_disconnected_graphs_up_to_5():
    """Every graph on 2–5 vertices, connected or not, every terminal pair."""
    from verify.graphs import geng_lines

    games = [Game.from_graph6(line, (s, t)) for n in range(2, 6) for line in geng_lines(n, connected=False)
             for s in range(n) for t in range(s + 1, n)]
    assert len(games) == 2 * 1 + 4 * 3 + 11 * 6 + 34 * 10
    _check(games)


@needs_cc
def test_labels_other_than_integers():
    """Hex positions (labels top, bottom, a1, ...) and a game whose terminals are not its first vertices."""
    games = [Game.from_hex("2x2"), Game.from_hex("3x3").delete("b2"), Game.from_hex(".B./.../..."),
             Game(["x", "s", "y", "t", "z"], [("s", "x"), ("x", "t"), ("s", "y"), ("y", "t"), ("s", "z"), ("z", "y")],
                  ("s", "t"))]
    _, answers = _check(games)
    assert answers[3] == {"z"}


@needs_cc
def test_one_process_streams_many_games_and_answers_single_queries():
    games = list(connected_games(5, all_pairs=True))
    with D.CompiledDead() as k:
        pid = k.proc.pid
        first = list(k.dead_many(games))
        assert k.dead_vertices(games[17]) == first[17]
        assert k.proc.pid == pid and k.games == len(games) + 1
    assert k.proc.poll() is not None  # closed
    assert D.dead_vertices_many(games) == first and D.dead_vertices(games[3]) == first[3]


@needs_cc
def test_agrees_with_the_library_route():
    """verify.dead.dead_vertices (auto: the Python induced-path search) on every game of 6."""
    from verify.dead import dead_vertices

    games = list(connected_games(6))
    assert D.dead_vertices_many(games) == [dead_vertices(g) for g in games]


@needs_cc
def test_equals_the_dead_map_on_random_hex_positions():
    """40 seeded random positions on 5×5, 5×6 and 4×7 boards (up to 29 vertices, beyond brute
    force), against the dead map (``auto`` on a Hex game; itself cross-checked against the
    SAT oracle and the completion definition in tests/test_hex_deadmap.py)."""
    from verify.dead import dead_vertices

    rng = random.Random(5)
    games = []
    for _ in range(40):
        r, c = rng.choice([(5, 5), (5, 6), (4, 7)])
        cells = [rng.choice(".....BW") for _ in range(r * c)]
        games.append(Game.from_hex("/".join("".join(cells[i * c:(i + 1) * c]) for i in range(r))))
    answers = D.dead_vertices_many(games)
    assert answers == [dead_vertices(g) for g in games] and any(answers) and max(g.n for g in games) > 25


@needs_cc
def test_recorded_in_the_ledger():
    assert ORACLES["dead-kernel"][0] == "kernel" and STANDING["kernel"] == "C kernel, cross-checked in tests"
    with recording() as r:
        D.dead_vertices(Game.from_edges("0-2,2-1", terminals=(0, 1)))
    assert r.names == {"dead-kernel"}


# ---------------------------------------------------------------- the comparison can fail
@needs_cc
@pytest.mark.parametrize("how", ["forget", "add"])
def test_a_wrong_answer_is_caught(how):
    games = list(connected_games(5, all_pairs=True))
    answers = D.dead_vertices_many(games)
    k = next(i for i, a in enumerate(answers) if a and len(a) < 3)
    a = answers[k]
    t = set(games[k].terminals)
    answers[k] = set(sorted(a)[1:]) if how == "forget" else a | {next(v for v in games[k].vertices
                                                                    if v not in a and v not in t)}
    bad = D.mismatches(games, answers)
    assert [b[0] for b in bad] == [games[k]] and bad[0][1] == answers[k] and bad[0][2] == a


def test_a_lost_or_extra_answer_is_caught():
    g = Game.from_edges("0-2,2-1,0-3", terminals=(0, 1))
    assert D.mismatches([g, g], [{3}]) == [(g, None, {3})]
    assert D.mismatches([g], [{3}, {3}]) == [(None, {3}, None)]


@needs_cc
def test_a_wrong_kernel_is_caught(tmp_path, monkeypatch):
    """A kernel that never records the last inner vertex of a path fails the cross-check."""
    src = tmp_path / "dead_kernel.c"
    text = D.KERNEL.read_text()
    assert text.count("LIVE |= path & FREE0;") == 1
    src.write_text(text.replace("LIVE |= path & FREE0;", "LIVE |= path & FREE0 & ~BIT(last);"))
    monkeypatch.setattr(D, "KERNEL", src)
    monkeypatch.setenv("SHANNON_VERIFY_CACHE", str(tmp_path / "cache"))
    games = list(connected_games(4, all_pairs=True))
    bad = D.mismatches(games, D.CompiledDead().dead_many(games))
    assert bad and all(got > expect for _, got, expect in bad)


# ---------------------------------------------------------------- limits and errors
@needs_cc
def test_32_vertices_the_full_width():
    """K(2, 30) with the terminals on the small side and a 32-vertex path: nothing dead; a
    clique: everything dead; K16 with a path to the far terminal: the clique's inner vertices."""
    g = Game.from_networkx(nx.complete_bipartite_graph(2, 30), (0, 1))
    assert D.dead_vertices(g) == set()
    h = Game.from_networkx(nx.path_graph(32), (0, 31))
    assert D.dead_vertices(h) == set()
    c = Game.from_networkx(nx.complete_graph(32), (5, 31))
    assert D.dead_vertices(c) == set(range(31)) - {5}
    lollipop = Game.from_networkx(nx.lollipop_graph(16, 16), (0, 31))  # K16, then a path to 31
    assert D.dead_vertices(lollipop) == set(range(1, 15))


def test_more_than_32_vertices_is_refused():
    g = Game.from_networkx(nx.path_graph(33), (0, 32))
    with pytest.raises(TooLargeError, match="at most 32 vertices, not 33"):
        D.game_line(g)


def test_no_compiler_is_one_sentence(monkeypatch):
    monkeypatch.setenv("SHANNON_VERIFY_CC", "/nonexistent/gcc")
    with pytest.raises(ShannonVerifyError) as e:
        D.CompiledDead()
    msg = str(e.value)
    assert msg == D.NO_COMPILER and msg.count(". ") == 0 and msg.endswith(".")


@needs_cc
@pytest.mark.parametrize("line, message", [
    ("BW 0\n", 'Line 1 is not a game "graph6 t1 t2"'),
    ("BW 0 0\n", 'Line 1 is not a game'),
    ("BW 0 3\n", 'Line 1 is not a game'),
    ("B 0 1\n", 'Line 1 is not a game'),
    ("BW 0 1 x\n", 'Line 1 is not a game'),
    ("BW 0 1\n`" + "?" * 90 + " 0 1\n", "Line 2 has more than 32 vertices."),
])
def test_the_kernel_refuses_a_bad_line_in_one_sentence(line, message):
    p = subprocess.run([str(D.kernel_executable())], input=line, capture_output=True, text=True)
    assert p.returncode == 2 and p.stderr.startswith(message) and len(p.stderr.strip().splitlines()) == 1


@needs_cc
def test_an_option_is_refused_in_one_sentence():
    p = subprocess.run([str(D.kernel_executable()), "-b", "8"], input="", capture_output=True, text=True)
    assert p.returncode == 2 and p.stderr == "Unknown option -b (the dead kernel takes none).\n"


@needs_cc
def test_a_stopped_kernel_is_an_error():
    k = D.CompiledDead()
    k.proc.kill()
    k.proc.wait()
    with pytest.raises(ShannonVerifyError, match="The compiled dead-vertex oracle stopped"):
        k.dead_vertices(Game.from_edges("0-2,2-1", terminals=(0, 1)))
    k.close()


@pytest.mark.parametrize("line", ["x", "", "-1", "16", "1", "2", "4 4"])
def test_a_garbled_kernel_answer_is_an_error(line):
    """A mask that is not a number, negative, beyond n or naming a terminal (0, 1 here)."""
    with pytest.raises(ShannonVerifyError, match="The compiled dead-vertex oracle answered"):
        D._decode(line, Game.from_edges("0-2,2-1,0-3", terminals=(0, 1)))


# ---------------------------------------------------------------- deep tier
@pytest.mark.deep
@needs_cc
def test_equals_brute_force_on_every_game_of_7():
    games, _ = _check(connected_games(7, all_pairs=True))
    assert len(games) == GAMES_ALL_PAIRS[7]


def random_games(count: int = 300, seed: int = 20) -> list[Game]:
    """``count`` seeded random games on 8–14 vertices (G(n, p), p in [0.2, 0.5], every
    graph connected, terminals a random pair)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.randint(8, 14)
        g = nx.gnp_random_graph(n, rng.uniform(0.2, 0.5), seed=rng.randrange(2**32))
        if nx.is_connected(g):
            s, t = rng.sample(range(n), 2)
            out.append(Game.from_networkx(g, (s, t)))
    return out


@pytest.mark.deep
@needs_cc
def test_equals_brute_force_on_random_games_of_8_to_14():
    games, answers = _check(random_games())
    assert {g.n for g in games} == set(range(8, 15))
    assert any(not a for a in answers) and any(a for a in answers)


@needs_cc
def test_equals_the_induced_path_search_on_random_games_of_16_to_28():
    """100 seeded random sparse games on 16–28 vertices (beyond brute force), against
    verify.dead.paths (itself equal to brute force wherever PROJ.INDUCED_PATH is checked)."""
    rng = random.Random(7)
    games = []
    while len(games) < 100:
        n = rng.randint(16, 28)
        g = nx.gnp_random_graph(n, rng.uniform(1.5, 3.5) / n, seed=rng.randrange(2**32))
        if nx.is_connected(g):
            games.append(Game.from_networkx(g, tuple(rng.sample(range(n), 2))))
    answers = D.dead_vertices_many(games)
    assert D.mismatches(games, answers, reference=D.paths_dead) == []
    assert any(answers) and not all(answers)
