"""The compiled Shannon solver (verify.solve.compiled, shannon_kernel.c) against the trusted
oracle verify.solve.minimax: winners with either player first and both players' winning
first moves, on every connected game up to 6 vertices with every terminal pair (default
tier), on every game of 7 vertices and 300 random games of 8–12 vertices (deep; and
against FastSolver on 20 random cubic games of 14–20 vertices); the
comparison catches a wrong answer; the ledger, the limits and the missing compiler."""

import random
import subprocess

import networkx as nx
import pytest

from verify.backing import ORACLES, recording
from verify.errors import ShannonVerifyError, TooLargeError
from verify.game import CUT, SHORT, Game
from verify.graphs import connected_games
from verify.solve import compiled as C
from verify.solve.fast import FastSolver
from verify.tables.kernel import find_cc

needs_cc = pytest.mark.skipif(find_cc() is None, reason="no C compiler")

GAMES_ALL_PAIRS = {2: 1, 3: 6, 4: 36, 5: 210, 6: 1680, 7: 17913}  # connected graphs × n(n − 1)/2


def _check(games, solver=None):
    games = list(games)
    answers = list((solver or C.CompiledSolver()).solve_many(games))
    bad = C.mismatches(games, answers)
    assert bad == [], bad[:3]
    return games, answers


@needs_cc
@pytest.mark.parametrize("n", range(2, 7))
def test_equals_minimax_on_every_game_up_to_6(n):
    games, answers = _check(connected_games(n, all_pairs=True))
    assert len(games) == GAMES_ALL_PAIRS[n]
    if n == 6:  # both winners and both move sets occur
        assert {(a.short_first, a.cut_first) for a in answers} == {(SHORT, SHORT), (SHORT, CUT), (CUT, CUT)}
        assert any(a.short_moves and a.cut_moves for a in answers)


@needs_cc
def test_equals_minimax_on_disconnected_graphs_up_to_5():
    """Every graph on 2–5 vertices, connected or not, every terminal pair."""
    from verify.graphs import geng_lines

    games = [Game.from_graph6(line, (s, t)) for n in range(2, 6) for line in geng_lines(n, connected=False)
             for s in range(n) for t in range(s + 1, n)]
    assert len(games) == 2 * 1 + 4 * 3 + 11 * 6 + 34 * 10
    _check(games)


@needs_cc
def test_a_tiny_table_renewed_mid_search_gives_the_same_answers():
    """2**4 entries: the table is emptied again and again inside one search."""
    with C.CompiledSolver(table_bits=4) as s:
        _check(connected_games(6, all_pairs=True), s)


@needs_cc
def test_labels_other_than_integers():
    """A Hex position (labels top, bottom, a1, ...) and a game whose terminals are not its first vertices."""
    games = [Game.from_hex("2x2"), Game.from_hex("3x3").delete("b2"), Game.from_hex(".B./.../..."),
             Game(["x", "s", "y", "t"], [("s", "x"), ("x", "t"), ("s", "y"), ("y", "t")], ("s", "t"))]
    _, answers = _check(games)
    assert answers[3] == C.Answer(SHORT, SHORT, ("x", "y"), ())


@needs_cc
def test_one_process_streams_many_games_and_answers_single_queries():
    games = list(connected_games(5, all_pairs=True))
    with C.CompiledSolver() as s:
        pid = s.proc.pid
        first = list(s.solve_many(games))
        g = games[17]
        assert s.solve(g) == first[17]
        assert s.winner(g, SHORT) == first[17].short_first and s.winner(g, CUT) == first[17].cut_first
        assert s.short_wins(g, CUT) == (first[17].cut_first == SHORT)
        assert s.winning_moves(g, SHORT) == list(first[17].short_moves)
        assert s.proc.pid == pid and s.games == len(games) + 5
    assert s.proc.poll() is not None  # closed


@needs_cc
def test_agrees_with_fast_solver_module_functions():
    fs = FastSolver()
    for g in connected_games(6):
        assert C.winner(g, SHORT) == fs.winner(g, SHORT) and C.winner(g, CUT) == fs.winner(g, CUT)
        assert C.winning_moves(g, CUT) == fs.winning_moves(g, CUT)


@needs_cc
def test_recorded_in_the_ledger():
    assert ORACLES["shannon-kernel"][0] == "kernel"
    with recording() as r:
        C.solve(Game.from_edges("0-2,2-1", terminals=(0, 1)))
    assert r.names == {"shannon-kernel"}


# ---------------------------------------------------------------- the comparison can fail
@needs_cc
@pytest.mark.parametrize("field", ["short_first", "cut_first", "short_moves", "cut_moves"])
def test_a_wrong_answer_is_caught(field):
    games = list(connected_games(5, all_pairs=True))
    answers = list(C.solve_many(games))
    k = next(i for i, a in enumerate(answers) if a.short_moves and a.cut_moves)
    a = answers[k]
    wrong = {"short_first": CUT if a.short_first == SHORT else SHORT,
             "cut_first": CUT if a.cut_first == SHORT else SHORT,
             "short_moves": a.short_moves[1:],
             "cut_moves": a.cut_moves[1:]}[field]
    answers[k] = a._replace(**{field: wrong})
    bad = C.mismatches(games, answers)
    assert [b[0] for b in bad] == [games[k]] and bad[0][1] == answers[k]


def test_a_lost_or_extra_answer_is_caught():
    g = Game.from_edges("0-2,2-1", terminals=(0, 1))
    a = C.minimax_answer(g)
    assert C.mismatches([g, g], [a]) == [(g, None, a)]
    assert C.mismatches([g], [a, a]) == [(None, a, None)]


@needs_cc
def test_a_wrong_kernel_is_caught(tmp_path, monkeypatch):
    """A kernel that answers "Short wins" for Cut first too fails the cross-check."""
    src = tmp_path / "shannon_kernel.c"
    text = C.KERNEL.read_text()
    assert text.count("int w_short = short_wins(0, 0, 1), w_cut = short_wins(0, 0, 0);") == 1
    src.write_text(text.replace("w_cut = short_wins(0, 0, 0);", "w_cut = short_wins(0, 0, 1);"))
    monkeypatch.setattr(C, "KERNEL", src)
    monkeypatch.setenv("SHANNON_VERIFY_CACHE", str(tmp_path / "cache"))
    games = list(connected_games(4, all_pairs=True))
    bad = C.mismatches(games, C.CompiledSolver().solve_many(games))
    assert bad and all(got.cut_first == SHORT and expect.cut_first == CUT for _, got, expect in bad)


# ---------------------------------------------------------------- limits and errors
@needs_cc
def test_32_vertices_the_full_width():
    """K(2, 30) with the terminals on the small side: every vertex joins them."""
    g = Game.from_networkx(nx.complete_bipartite_graph(2, 30), (0, 1))
    assert C.solve(g) == C.Answer(SHORT, SHORT, tuple(range(2, 32)), ())
    h = Game.from_networkx(nx.path_graph(32), (0, 31))
    assert C.solve(h) == C.Answer(CUT, CUT, (), tuple(range(1, 31)))


def test_more_than_32_vertices_is_refused():
    g = Game.from_networkx(nx.path_graph(33), (0, 32))
    with pytest.raises(TooLargeError, match="at most 32 vertices, not 33"):
        C.game_line(g)


def test_graph6_of_equals_networkx():
    for n in (2, 7, 12, 32):
        for seed in range(3):
            g = nx.gnp_random_graph(n, 0.4, seed=seed)
            adj = Game.from_networkx(g, (0, 1)).adjacency
            assert C.graph6_of(adj, n) == nx.to_graph6_bytes(g, header=False).decode().strip()


def test_no_compiler_is_one_sentence(monkeypatch):
    monkeypatch.setenv("SHANNON_VERIFY_CC", "/nonexistent/gcc")
    with pytest.raises(ShannonVerifyError) as e:
        C.CompiledSolver()
    msg = str(e.value)
    assert msg == C.NO_COMPILER and msg.count(". ") == 0 and msg.endswith(".")


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
    p = subprocess.run([str(C.kernel_executable())], input=line, capture_output=True, text=True)
    assert p.returncode == 2 and p.stderr.startswith(message) and len(p.stderr.strip().splitlines()) == 1


@needs_cc
def test_a_stopped_kernel_is_an_error():
    s = C.CompiledSolver()
    s.proc.kill()
    s.proc.wait()
    with pytest.raises(ShannonVerifyError, match="The compiled Shannon solver stopped"):
        s.solve(Game.from_edges("0-2,2-1", terminals=(0, 1)))
    s.close()


# ---------------------------------------------------------------- deep tier
@pytest.mark.deep
@needs_cc
def test_equals_minimax_on_every_game_of_7():
    games, _ = _check(connected_games(7, all_pairs=True))
    assert len(games) == GAMES_ALL_PAIRS[7]


def random_games(count: int = 300, seed: int = 20) -> list[Game]:
    """``count`` seeded random games on 8–12 vertices (G(n, p), p in [0.25, 0.6], every
    graph connected, terminals a random pair)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.randint(8, 12)
        g = nx.gnp_random_graph(n, rng.uniform(0.25, 0.6), seed=rng.randrange(2**32))
        if nx.is_connected(g):
            s, t = rng.sample(range(n), 2)
            out.append(Game.from_networkx(g, (s, t)))
    return out


@pytest.mark.deep
@needs_cc
def test_equals_minimax_on_random_games_of_8_to_12():
    games, answers = _check(random_games())
    assert {g.n for g in games} == set(range(8, 13))
    assert {(a.short_first, a.cut_first) for a in answers} == {(SHORT, SHORT), (SHORT, CUT), (CUT, CUT)}


@pytest.mark.deep
@needs_cc
def test_equals_fast_solver_on_larger_cubic_games():
    """20 random cubic games on 14–20 vertices (beyond minimax's reach), against FastSolver
    (itself checked against minimax up to n = 7); about 8 s, nearly all FastSolver's."""
    rng = random.Random(1)
    games = []
    for _ in range(20):
        n = rng.randint(14, 20)
        h = nx.random_regular_graph(3, n + n % 2, seed=rng.randrange(1000))
        games.append(Game.from_networkx(h, tuple(rng.sample(list(h.nodes), 2))))
    fs = FastSolver()

    def fast(g):
        return C.Answer(fs.winner(g, SHORT), fs.winner(g, CUT), tuple(fs.winning_moves(g, SHORT)),
                        tuple(fs.winning_moves(g, CUT)))

    assert C.mismatches(games, C.solve_many(games), reference=fast) == []


# ---------------------------------------------------------------- the route for many winners
def test_winners_falls_back_to_fast_solver_without_a_compiler(monkeypatch):
    games = list(connected_games(5))
    expect = [(a.short_first, a.cut_first) for a in map(C.minimax_answer, games)]
    monkeypatch.setenv("SHANNON_VERIFY_CC", "/nonexistent/gcc")
    with recording() as r:
        assert C.winners(games) == expect
    assert r.names == {"fast"}


@needs_cc
def test_winners_takes_the_compiled_route():
    games = list(connected_games(5))
    with recording() as r:
        got = C.winners(games)
    assert r.names == {"shannon-kernel"} and got == [(a.short_first, a.cut_first) for a in map(C.minimax_answer, games)]


def _child_answers(_):
    return [C.solve(g) for g in connected_games(4)], C._default().proc.pid


@needs_cc
def test_a_forked_worker_starts_its_own_kernel():
    """The parent's kernel process is not shared with a forked child (its answers would cross)."""
    import multiprocessing

    first = C.solve(Game.from_edges("0-2,2-1", terminals=(0, 1)))
    with multiprocessing.get_context("fork").Pool(1) as pool:
        got = pool.map(_child_answers, [0, 1])
    assert got[0][0] == got[1][0] == [C.minimax_answer(g) for g in connected_games(4)]
    assert C._default().proc.pid not in {got[0][1], got[1][1]}
    assert C.solve(Game.from_edges("0-2,2-1", terminals=(0, 1))) == first


@pytest.mark.parametrize("line", ["S C 0", "S X 0 0", "S C 0 x", "S C -1 0", "S C 0 16", "S C 0 0 0", ""])
def test_a_garbled_kernel_answer_is_an_error(line):
    with pytest.raises(ShannonVerifyError, match="The compiled Shannon solver answered"):
        C._decode(line, Game.from_edges("0-2,2-1,0-3", terminals=(0, 1)))
