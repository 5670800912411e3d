"""Hex solvers cross-checked: plain board search, Fig. 13 in Python and in C (must-play on
and off), and the Shannon-game FastSolver, on every small position and random larger ones."""

import random

import pytest

from verify.papers.hex.board import BLACK, WHITE, Position, board_value, winning_moves
from verify.papers.hex.domain import POSITIONS
from verify.papers.hex.solver import c_solver, carrier_carries, openings, win_value
from verify.solve import CUT, SHORT, FastSolver

C = c_solver()
needs_c = pytest.mark.skipif(C is None, reason="no C compiler")


def _shannon(p, to, s=FastSolver()):
    return BLACK if s.winner(p.game(), SHORT if to == BLACK else CUT) == SHORT else WHITE


SWITCHES = ("mustplay", "threats", "vc", "fillin", "ordering", "orlinks", "dfpn", "captured", "prune", "dominated",
            "hsearch", "proofsets", "lazyfill", "templates")
# every switch on, each one off alone, all off, and the must-play search with only one
# reduction on (so each reduction is also checked without the others' help)
SETTINGS = ([{}] + [{k: False} for k in SWITCHES] + [dict.fromkeys(SWITCHES, False)]
            + [{**dict.fromkeys(SWITCHES, False), "mustplay": True, k: True} for k in ("threats", "vc", "fillin", "captured", "hsearch")]
            # the H-search from edge templates with the must-play rule alone
            + [{**dict.fromkeys(SWITCHES, False), "mustplay": True, "hsearch": True, "templates": True}]
            # the permanently inferior and the clique-neighbourhood dead fills, each off alone (both
            # are on, not in SWITCHES, in every other setting but the plain search)
            + [{"pinf": False}, {"cliquedead": False}]
            + [{"threats": False, "fillin": False}, {"value_only": True},
               {**dict.fromkeys(SWITCHES, False), "mustplay": True, "fillin": True, "captured": True},
               # df-pn's threatened-move pruning alone, its pair-domination pruning alone
               {**dict.fromkeys(SWITCHES, False), "dfpn": True, "prune": True},
               {**dict.fromkeys(SWITCHES, False), "dfpn": True, "dominated": True},
               {**dict.fromkeys(SWITCHES, False), "dfpn": True, "mustplay": True, "dominated": True},
               # df-pn's proof sets, printed as the carrier (value only): with every reduction, with
               # the must-play rule alone, with fill-in (lazy or not), and without threatened-move pruning
               {"value_only": True, "vc": False},
               {**dict.fromkeys(SWITCHES, False), "dfpn": True, "mustplay": True, "proofsets": True, "value_only": True},
               {**dict.fromkeys(SWITCHES, False), "dfpn": True, "mustplay": True, "proofsets": True, "fillin": True,
                "captured": True, "lazyfill": True, "value_only": True},
               {**dict.fromkeys(SWITCHES, False), "dfpn": True, "mustplay": True, "proofsets": True, "fillin": True,
                "captured": True, "value_only": True},
               {"prune": False, "value_only": True}])


def _every_position(n, settings):
    for p in POSITIONS.instances(n):
        for to in (BLACK, WHITE):
            v = board_value(p, to)
            assert C.value_within(p, to, 60)[0] == v
            for sw in settings:
                w, car, _ = C.value(p, to, **sw)
                assert w == v, (p.spec(), to, sw)
                assert carrier_carries(p, to, w, car), (p.spec(), to, sw)


@needs_c
@pytest.mark.parametrize("n", range(1, 9))
def test_c_kernel_equals_plain_search_on_every_position(n):
    _every_position(n, SETTINGS)


@needs_c
def test_c_kernel_equals_plain_search_on_every_9_cell_position():
    _every_position(9, [{}, {"dfpn": False}, dict.fromkeys(SWITCHES, False)])


@needs_c
@pytest.mark.deep
def test_c_kernel_every_setting_on_every_9_cell_position():
    _every_position(9, SETTINGS)


@pytest.mark.parametrize("n", [6, 8])
def test_python_fig13_switch_off_agrees(n):
    for p in POSITIONS.instances(n):
        for to in (BLACK, WHITE):
            assert win_value(p, to, mustplay=False)[0] == win_value(p, to)[0] == board_value(p, to)


def _random(rows, cols, rng, stones):
    p = Position(rows, cols)
    cells = rng.sample(range(rows * cols), stones)
    for k, i in enumerate(cells):
        p = p.play(i, BLACK if k % 2 == 0 else WHITE)
    return p


@needs_c
def test_c_kernel_random_4x4_and_5x5_against_fastsolver():
    rng = random.Random(13)
    for rows, cols, stones, count in ((4, 4, 5, 30), (5, 5, 13, 20), (3, 5, 4, 30)):
        for _ in range(count):
            p = _random(rows, cols, rng, stones)
            for to in (BLACK, WHITE):
                a = C.value(p, to, mustplay=True)
                b = C.value(p, to, mustplay=False)
                c = C.value(p, to, threats=False)
                assert a[0] == b[0] == c[0] == _shannon(p, to), (p.spec(), to)
                for sw in SETTINGS:
                    w, car, _ = C.value(p, to, **sw)
                    assert w == a[0], (p.spec(), to, sw)
                    assert carrier_carries(p, to, w, car, value=lambda q, t: C.value(q, t)[0]), (p.spec(), to, sw)
                assert carrier_carries(p, to, a[0], a[1], value=lambda q, t: C.value(q, t)[0])


@needs_c
def test_first_player_wins_small_square_boards_two_ways():
    for k in (1, 2, 3):
        for to in (BLACK, WHITE):
            assert board_value(Position(k, k), to) == C.value(Position(k, k), to)[0] == to
    s = FastSolver()
    g = Position(4, 4).game()
    assert s.winner(g, SHORT) == SHORT and s.winner(g, CUT) == CUT
    assert C.value(Position(4, 4), BLACK)[0] == BLACK and C.value(Position(4, 4), WHITE)[0] == WHITE


@needs_c
def test_opening_maps_3x3_and_4x4():
    p3 = Position(3, 3)
    plain = {p3.name(i) for i in winning_moves(p3, BLACK)}
    assert {c for c, w in openings(p3, BLACK).items() if w == BLACK} == plain
    o4 = openings(Position(4, 4), BLACK)
    py4 = openings(Position(4, 4), BLACK, value=lambda q, t: win_value(q, t)[0])
    assert o4 == py4
    # published (Fig. 7 / folklore): on 4x4 exactly the short diagonal wins
    assert sorted(c for c, w in o4.items() if w == BLACK) == ["a4", "b3", "c2", "d1"]


@needs_c
def test_white_opening_map_is_the_transposed_black_map():
    p = Position(4, 4)
    ob, ow = openings(p, BLACK), openings(p, WHITE)
    for cell, w in ob.items():
        r, c = divmod(p.index(cell), 4)
        assert ow[p.name(c * 4 + r)] == (WHITE if w == BLACK else BLACK)


@needs_c
@pytest.mark.deep
def test_5x5_opening_map_with_threat_cuts_off():
    p = Position(5, 5)
    on = openings(p, BLACK)
    off = openings(p, BLACK, value=lambda q, t: C.value(q, t, threats=False)[0])
    assert on == off


@needs_c
def test_solve_without_mustplay_is_the_plain_search(monkeypatch):
    """``solve(..., mustplay=False)`` is what its docstring says: the kernel's plain search
    (every reduction off, no must-play update), which searches more nodes than the
    must-play search alone."""
    from verify.papers.hex.solver import PLAIN, CSolver, solve

    seen = []
    orig = CSolver.value
    monkeypatch.setattr(CSolver, "value", lambda self, *a, **k: seen.append(k) or orig(self, *a, **k))
    for n in (4, 6):
        for p in POSITIONS.instances(n):
            for to in (BLACK, WHITE):
                assert solve(p, to, mustplay=False) == board_value(p, to)
    assert seen and all(k == PLAIN for k in seen)
    p = Position(3, 3)
    assert orig(C, p, BLACK, **PLAIN)[2] > orig(C, p, BLACK, **{**PLAIN, "mustplay": True})[2]


# positions where a loss's proof set without the opponent's semi-connection carriers
# (kernel bug bit 25) no longer carries the win (found on random 3x3/4x4 positions; the
# last again with the edge templates on, which hid the bug on "..../...B/...W/B..W", and
# again with the permanently inferior fill's three ways to hold an end, which hid it on
# "..../...W/B.../...B")
PROOF_SET_WITNESSES = [("..../...B/..../.W..", WHITE), ("..../W..B/..../B.W.", WHITE),
                       (".W../B..B/..../.W..", WHITE), ("..W./...W/..../.B.B", BLACK),
                       (".BW./..../..../....", BLACK), ("..BB/..../...B/...W", WHITE)]


@needs_c
def test_proof_sets_carry_and_a_proof_set_bug_is_caught(monkeypatch):
    import verify.papers.hex.solver as S

    for spec, to in PROOF_SET_WITNESSES:
        p = Position.parse(spec)
        w, car, _ = C.value(p, to, value_only=True, vc=False)
        assert w == board_value(p, to) and carrier_carries(p, to, w, car), spec
    monkeypatch.setattr(S, "DEBUG_BITS", S.BUG_PROOF_SET)
    caught = 0
    for spec, to in PROOF_SET_WITNESSES:
        p = Position.parse(spec)
        w, car, _ = C.value(p, to, value_only=True, vc=False)
        caught += w != board_value(p, to) or not carrier_carries(p, to, w, car)
    assert caught == len(PROOF_SET_WITNESSES)


def _rule_sound_and_its_bug_caught(monkeypatch, witnesses, bug: int, switch: str, *others: str) -> None:
    """On each witness (position, to move) the kernel gives the plain search's winner with the
    rule ``switch`` on and off (and with each of ``others`` off); with the deliberate ``bug``
    bit set it gives the wrong winner, and the right one again with ``switch`` off."""
    import verify.papers.hex.solver as S

    for spec, to in witnesses:
        p = Position.parse(spec)
        for sw in ({}, {switch: False}, *({o: False} for o in others)):
            assert C.value(p, to, value_only=True, vc=False, **sw)[0] == board_value(p, to), (spec, sw)
    monkeypatch.setattr(S, "DEBUG_BITS", bug)
    for spec, to in witnesses:
        p = Position.parse(spec)
        assert C.value(p, to, value_only=True, vc=False)[0] != board_value(p, to), spec
        assert C.value(p, to, value_only=True, vc=False, **{switch: False})[0] == board_value(p, to), spec


# 3x3 positions (to move) on which a pair-domination bug (kernel bit 27: only one half of
# the pair tested) answers the wrong winner; found by trying every position of 9 cells
PAIR_DOMINATION_WITNESSES = [("B.W/.../...", BLACK), ("BW./..W/...", BLACK), ("B.W/..W/...", BLACK)]


@needs_c
def test_pair_domination_is_sound_and_a_bug_in_it_is_caught(monkeypatch):
    import verify.papers.hex.solver as S

    _rule_sound_and_its_bug_caught(monkeypatch, PAIR_DOMINATION_WITNESSES, S.BUG_PAIR_DOMINATION, "dominated", "prune")


# 3x4 and 4x3 positions (to move) on which the permanently inferior fill-in without its
# ends' condition (kernel bit 30) answers the wrong winner, found against the plain search on
# random positions (2026-12-05)
PINF_WITNESSES = [("BBW./W.../B...", WHITE), ("..W./..../...B", WHITE), (".../..B/..W/WBB", BLACK)]


@needs_c
def test_permanently_inferior_fill_is_sound_and_a_bug_in_it_is_caught(monkeypatch):
    """The rule's ends' condition is what makes it sound: without it (the mutant, bit 30)
    the kernel's winner is wrong on these positions, with them and without the rule it is
    the plain search's.  And the rule does fill: on random 6x6 positions it fills cells the
    other fills leave vacant, each keeping the value (checked by the kernel without it)."""
    import verify.papers.hex.solver as S

    _rule_sound_and_its_bug_caught(monkeypatch, PINF_WITNESSES, S.BUG_PINF, "pinf")
    monkeypatch.setattr(S, "DEBUG_BITS", 0)
    rng = random.Random(11)
    extra = 0
    for _ in range(300):
        p = Position(6, 6)
        for k, i in enumerate(rng.sample(range(36), rng.randint(4, 14))):
            p = p.play(i, "BW"[k % 2])
        if p.chain(BLACK) or p.chain(WHITE):
            continue
        with_rule, without = C.fill_in(p)[0], C.fill_in(p, pinf=False)[0]
        if with_rule == without:
            continue
        extra += 1
        for to in (BLACK, WHITE):  # the fill keeps the value (the kernel without the rule decides both)
            assert C.value(with_rule, to, value_only=True, vc=False, pinf=False)[0] == \
                C.value(p, to, value_only=True, vc=False, pinf=False)[0], (p.spec(), to)
    assert extra > 20, extra


# One position per way the two ends of the vacant run are held, besides x/x (the outer
# cell between the end and its p is P's): w (the cell between the end and u2 is P's) or
# b (the cell straight beyond the end is the opponent's) -- Benzene's pinf-xb, xw, bb, bw
# and ww.  Each end holds exactly one of the three; found on random 3x4-5x5 positions
# (2026-12-05); (position, cell, P).
PINF_VARIANTS = {"xb": (".W./B../W../..W", "c3", WHITE), "xw": ("B.B./.BBB/B.../....", "b3", BLACK),
                 "bb": ("W..B/..../...W", "a2", WHITE), "bw": ("BW.W/BBB./..W./..W./.W.B", "b4", WHITE),
                 "ww": ("WW.B./WB.../...BW/.BBW.", "c3", BLACK)}


@needs_c
@pytest.mark.parametrize("variant", sorted(PINF_VARIANTS))
def test_permanently_inferior_fill_holds_each_end_three_ways(variant):
    """Each way of holding an end is used: the kernel fills the cell with P's stone (and the
    fill without the rule leaves it vacant), and the value is the plain search's, with
    either player to move, with the rule on and off."""
    spec, cell, colour = PINF_VARIANTS[variant]
    p = Position.parse(spec)
    c = p.index(cell)
    filled = C.fill_in(p)[0]
    assert (filled.black if colour == BLACK else filled.white) >> c & 1, variant
    assert C.fill_in(p, pinf=False)[0].empty >> c & 1, variant
    for to in (BLACK, WHITE):
        for sw in ({}, {"pinf": False}):
            assert C.value(p, to, value_only=True, vc=False, **sw)[0] == board_value(p, to), (variant, to, sw)


# positions (to move) on which the clique-neighbourhood dead fill tested without its
# terminals (kernel bit 32) answers the wrong winner, found against the plain search on
# random positions of at most 12 cells (2026-12-05, eighth session: 968 of them)
CLIQUE_DEAD_WITNESSES = [("B./..", WHITE), ("../.B", WHITE), ("B./W.", BLACK)]


@needs_c
def test_clique_dead_fill_is_sound_and_a_bug_in_it_is_caught(monkeypatch):
    """A cell whose neighbourhood is a clique of either player's Shannon graph is dead. The
    rule alone (repeated, the other fills off) fills only cells that are dead in the given
    position by the exact dead-cell map (induced paths and SAT, no kernel code), and more
    than the run of four finds; tested without the sides (the mutant, bit 32) it fills live
    cells there and gives wrong winners, which the plain search refutes."""
    import verify.papers.hex.solver as S
    from verify.papers.hex.deadmap import dead_cells

    _rule_sound_and_its_bug_caught(monkeypatch, CLIQUE_DEAD_WITNESSES, S.BUG_CLIQUE_DEAD, "cliquedead")
    rng = random.Random(13)
    positions = []
    while len(positions) < 300:
        rows, cols = rng.randint(3, 7), rng.randint(3, 7)
        p = Position(rows, cols)
        for k, i in enumerate(rng.sample(range(rows * cols), rng.randint(2, rows * cols // 2))):
            p = p.play(i, "BW"[k % 2])
        if not (p.chain(BLACK) or p.chain(WHITE)):
            positions.append(p)

    def rule_alone(p):
        f = C.fill_in(p, fillin=False, captured=False, pinf=False)[0]
        return (f.black | f.white) & ~(p.black | p.white)

    monkeypatch.setattr(S, "DEBUG_BITS", 0)
    beyond_run4 = 0
    for p in positions:
        filled = rule_alone(p)
        assert filled & ~dead_cells(p) == 0, (p.spec(), p.names(filled & ~dead_cells(p)))
        run4 = C.fill_in(p, captured=False, pinf=False, cliquedead=False)[0]
        beyond_run4 += bin(filled & run4.empty).count("1")
    assert beyond_run4 > 100, beyond_run4
    monkeypatch.setattr(S, "DEBUG_BITS", S.BUG_CLIQUE_DEAD)
    assert any(rule_alone(p) & ~dead_cells(p) for p in positions)


@needs_c
def test_proof_sets_carry_on_random_5x5_positions():
    rng = random.Random(7)
    for _ in range(150):
        p = Position(5, 5)
        cells = rng.sample(range(25), 25)
        k = rng.randint(7, 9)  # at most 11 vacant cells: the plain board search stays quick
        for c in cells[:k]:
            p = p.play(c, BLACK)
        for c in cells[k:2 * k]:
            p = p.play(c, WHITE)
        for to in (BLACK, WHITE):
            w, car, _ = C.value(p, to, value_only=True, vc=False)
            assert w == board_value(p, to) and carrier_carries(p, to, w, car), (p.spec(), to)


def test_a_kernel_dropped_without_close_stops_its_process_and_pipes():
    import gc
    import warnings

    from verify.papers.hex.solver import CSolver

    if c_solver() is None:
        pytest.skip("no C compiler")
    s = CSolver(table_bits=12)
    assert s.value(Position.parse("3x3"), WHITE)[0] == WHITE
    proc = s.proc
    with warnings.catch_warnings():
        warnings.simplefilter("error", ResourceWarning)
        del s
        gc.collect()
    assert proc.poll() is not None and proc.stdin.closed and proc.stdout.closed
