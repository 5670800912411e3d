"""Routes (verify.registry.routes): every route of every statement equals its plain route,
every route of every statement that holds has a mutant it refutes, and a fast route made
unable to fail is caught.

The equivalence runs each statement with more than one route through every route, forced
at every n (:func:`verify.registry.run_statement` with ``route=``), on every game up to
n = 6 (and n = 7 in the deep tier), and on a seeded sample of the games of n = 7–9 in
the deep tier; the verdict, the instance count and the hypothesis count must be the
plain route's.  Some statements' routes are compared on more games as well
(:data:`MORE_GAMES`: every terminal pair up to n = 5, random games of n = 8 and 9, a
sample of n = 7).  The fast passes under perturbation (where failures occur), and the
tables and helpers they read, are tested in ``tests/test_tsd_*_fast.py``.
"""

from __future__ import annotations

import inspect
import json
import random
import textwrap
from unittest import mock

import pytest

from verify.cli import main
from verify.errors import InputError
from verify.mutants import all_mutants, coverage
from verify.registry import REGISTRY, Tally, load_paper_statements, run_statement
from verify.registry import routes as R
from verify.registry.domain import GameDomain
from verify.registry.runner import evaluate
from verify.sweep.onepass import run_route

load_paper_statements()
MUTANTS = all_mutants()
MULTI = sorted(sid for sid in REGISTRY if len(R.routes_of(sid)) > 1)


def test_registry_is_consistent():
    for sid, rs in R.ROUTES.items():
        assert sid in REGISTRY, sid
        for r in rs:
            assert r.switches and all(s in R.SWITCHES for s in r.switches), r
            assert r.from_n == max(R.SWITCHES[s] for s in r.switches)
    used = {s for rs in R.ROUTES.values() for r in rs for s in r.switches}
    assert used == set(R.SWITCHES), set(R.SWITCHES) - used
    names = [r.name for r in R.routes_of("TSD.T12")]
    assert names == ["plain", "paths", "paths-fast", "one-pass"]
    assert {r.name: r.from_n for r in R.routes_of("TSD.T12")}["paths-fast"] == 8


def test_forcing_is_scoped_and_checked():
    assert not R.taken("tsd.dead.paths", 7) and R.taken("tsd.dead.paths", 8)
    with R.forcing("TSD.T13", "paths-fast"):
        assert R.taken("tsd.dead.paths", 2) and R.taken("tsd.t13.fast", 2)
        assert R.forced_route() == ("TSD.T13", "paths-fast")
    with R.forcing("TSD.T13", "plain"):
        assert not R.taken("tsd.t13.fast", 9) and not R.taken("tsd.dead.paths", 9)
    assert R.forced_route() is None and R.taken("tsd.t13.fast", 2)
    with pytest.raises(InputError, match="TSD.T13 has no route 'warp'"):
        with R.forcing("TSD.T13", "warp"):
            pass


def _game():
    from verify.game import Game

    return Game.from_edges("0-2,2-1", terminals=(0, 1))


def test_a_fast_pass_that_rejects_what_plain_passes_is_an_error():
    R.switch("test.fast", 0)
    with pytest.raises(R.RouteDisagreement, match="routes disagree"):
        R.fast_then_plain("test.fast", _game(), lambda g: None, lambda g: Tally(3))
    assert R.fast_then_plain("test.fast", _game(), lambda g: 5, lambda g: Tally(3)).hypothesis == 5
    failing = Tally(2, {"x": 1})
    assert R.fast_then_plain("test.fast", _game(), lambda g: None, lambda g: failing) is failing


def test_a_forced_fast_pass_decides_alone():
    R.switch("test.fast2", 0)
    R.ROUTES.setdefault("TEST.ROUTED", []).append(R.Route("TEST.ROUTED", "fast", 0, "test", ("test.fast2",)))
    try:
        with R.forcing("TEST.ROUTED", "fast"):
            t = R.fast_then_plain("test.fast2", _game(), lambda g: None, lambda g: Tally(3))
            assert t.failure and t.failure["route"] == "test.fast2"
            with pytest.raises(R.RouteNotApplicable):
                R.fast_then_plain("test.fast2", _game(), lambda g: 1, lambda g: Tally(3), guard=False)
        with R.forcing("TEST.ROUTED", "plain"):
            assert R.fast_then_plain("test.fast2", _game(), lambda g: None, lambda g: Tally(3)).hypothesis == 3
    finally:
        del R.ROUTES["TEST.ROUTED"]


def _same(sid: str, n_max: int):
    st = REGISTRY[sid]
    hi = min(n_max, st.max_n)
    out = {r.name: run_route(st, r.name, max_n=hi, emit=False) for r in R.routes_of(sid)}
    plain = out["plain"]
    for name, res in out.items():
        if plain.witness is not None or res.witness is not None:  # a failing run: the same verdict and witness
            key = lambda r: st.domain.witness_key(r.witness) if r.witness is not None else None  # noqa: E731
            assert (res.verdict, key(res)) == (plain.verdict, key(plain)), name
        else:
            total = res.hypothesis_true + res.derived.get("count", 0)  # checked, and concluded by a lemma
            assert (res.verdict, res.instances, total) == (plain.verdict, plain.instances, plain.hypothesis_true), name
            assert not plain.derived  # the plain route checks every instance it counts


@pytest.mark.parametrize("sid", [s for s in MULTI if REGISTRY[s].kind != "table"])
def test_every_route_equals_plain_on_every_game_to_6(sid):
    _same(sid, 6)


@pytest.mark.deep
@pytest.mark.parametrize("sid", [s for s in MULTI if REGISTRY[s].kind != "table" and REGISTRY[s].expect == "holds"])
def test_every_route_equals_plain_on_every_game_of_7(sid):
    _same(sid, 7)


def test_table_routes_agree():
    st = REGISTRY["TSD.TAB1"]
    a, b = (run_statement(st, max_n=7, emit=False, route=r) for r in ("plain", "kernel"))
    assert (a.verdict, a.instances, a.hypothesis_true) == (b.verdict, b.instances, b.hypothesis_true)
    assert a.verdict == "holds" and "tsd-kernel" in b.oracles and "tsd-kernel" not in a.oracles


def _evaluated(sid: str, route: str, st, game) -> tuple:
    """(checked + derived instances, holds) of ``game`` by ``route``, forced."""
    from verify.registry.runner import counting

    with R.forcing(sid, route), counting(alone=True) as c:
        h, failure = evaluate(st, game)
    return h + c.count, failure is None


def _routes_agree(sid: str, st, game) -> None:
    """Every route of ``sid`` but the one-pass shard gives ``game`` the same count and verdict."""
    got = {r.name: _evaluated(sid, r.name, st, game) for r in R.routes_of(sid) if r.name != R.ONE_PASS}
    assert len(set(got.values())) == 1, (sid, game.to_graph6(), got)


def _sample(n: int, seed: int, count: int):
    """``count`` games of ``n`` vertices from a seeded geng shard."""
    from verify.registry.domain import GAMES

    rng = random.Random(seed * 1000 + n)
    mod = {7: 64, 8: 512, 9: 8192}[n]
    res = rng.randrange(mod)
    games = list(GAMES.instances(n, res=res, mod=mod))
    return rng.sample(games, min(count, len(games)))


@pytest.mark.deep
@pytest.mark.parametrize("n", [7, 8, 9])
def test_every_route_equals_plain_on_sampled_games(n):
    games = _sample(n, 20261204, {7: 60, 8: 30, 9: 12}[n])
    for sid in MULTI:
        st = REGISTRY[sid]
        if st.kind == "table" or st.expect != "holds" or n > st.max_n or st.kind == "ex" or not isinstance(st.domain, GameDomain):
            continue
        for game in games:
            _routes_agree(sid, st, game)


def _every_terminal_pair(n_max: int):
    from verify.graphs import connected_games

    return [g for n in range(2, n_max + 1) for g in connected_games(n, all_pairs=True)]


def _random_games(seed: int, count: int, sizes: tuple):
    from verify.graphs import random_game

    return [random_game(random.Random(seed + k), sizes[k % len(sizes)]) for k in range(count)]


def _every_nth(n: int, step: int):
    from verify.graphs import connected_games

    return [g for k, g in enumerate(connected_games(n)) if k % step == 0]


#: more games, beyond every game up to n = 6 (terminal pairs up to automorphism), on
#: which some statements' routes are compared as well (as on the sampled games): every
#: terminal pair up to n = 5 (the dead sets' index masks with the terminals anywhere),
#: random games of n = 8 and 9 (where a default run takes the all-paths route), every
#: 400th game of n = 7 (TSD.L4: up to 5 non-terminals, every size of A and B)
MORE_GAMES = {
    "every terminal pair to 5": lambda: _every_terminal_pair(5),
    "random of 8 and 9": lambda: _random_games(900, 30, (8, 9)),
    "every 400th of 7": lambda: _every_nth(7, 400),
}
MORE = [(sid, games) for games in ("every terminal pair to 5", "random of 8 and 9")
        for sid in ("TSD.SPEC", "TSD.T12", "TSD.T13", "TSD.T14.C1")] + [("TSD.L4", "every 400th of 7")]


@pytest.mark.parametrize("sid,games", MORE)
def test_every_route_equals_plain_on_more_games(sid, games):
    st = REGISTRY[sid]
    for game in MORE_GAMES[games]():
        _routes_agree(sid, st, game)


# ------------------------------------------------------------------ mutants per route
def _holding_routes():
    cov = coverage(MUTANTS)
    return [(sid, r.name) for sid in sorted(cov) for r in R.routes_of(sid)]


@pytest.mark.parametrize("sid,route", _holding_routes())
def test_every_route_of_a_holding_statement_has_a_mutant(sid, route):
    mine = [m for m in MUTANTS if m.sid == sid and m.scored and route in m.route_names()]
    assert mine, f"no default-tier mutant runs {sid} through route {route}"


def _patched_t12_fast():
    """The referee's patch: T12's fast pass unable to fail in its 'deleting dead edges' part."""
    import verify.papers.tsd.dead as D

    src = textwrap.dedent(inspect.getsource(D._t12_fast))
    old = "        if (_union(_path_masks(pruned, t1, t2)) ^ live) & nonterm:\n            return None\n"
    assert old in src
    ns = dict(vars(D))
    exec(src.replace(old, old.replace("return None", "pass")), ns)
    return mock.patch.object(D, "_t12_fast", ns["_t12_fast"])


def test_the_t12_patch_fails_mutants(capsys):
    assert main(["mutants", "TSD.T12", "--no-progress"]) == 0
    capsys.readouterr()
    with _patched_t12_fast():
        assert main(["mutants", "TSD.T12", "--json", "--no-progress"]) == 1
    out = json.loads(capsys.readouterr().out)
    survived = [(m["name"], m["route"]) for s in out["statements"] for m in s["mutants"] if not m["refuted"]]
    assert survived == [("induced paths: the last one found is lost", "paths-fast")]


def test_mutants_json_gives_routes(capsys):
    assert main(["mutants", "TSD.T13", "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    (st,) = out["statements"]
    assert [r["name"] for r in st["routes"]] == ["plain", "fast", "paths", "paths-fast", "one-pass"]
    assert all(r["refuted_by"] for r in st["routes"]) and all("from_n" in r for r in st["routes"])
    assert {m["route"] for m in st["mutants"]} == {r["name"] for r in st["routes"]}
    assert out["routes_without_mutant"] == []


def test_a_route_without_a_refuting_mutant_exits_1(capsys):
    """Were T13's fast pass unable to fail, its route would have no mutant that refutes it."""
    import verify.papers.tsd.dead as D

    with mock.patch.object(D, "_t13_fast", lambda game: Tally(1)):
        assert main(["mutants", "TSD.T13", "--route", "fast", "--no-progress"]) == 1
    assert "routes no mutant refutes" in capsys.readouterr().out


def test_counts_are_counted():
    """TSD.L1's fast pass checks the complete colourings and concludes the other
    positions by Lemma 1's own induction: those are reported as derived, never as
    checked; the plain route checks every position."""
    st = REGISTRY["TSD.L1"]
    fast = run_statement(st, max_n=5, emit=False, route="fast")
    plain = run_statement(st, max_n=5, emit=False, route="plain")
    assert fast.hypothesis_true < plain.hypothesis_true == fast.hypothesis_true + fast.derived["count"]
    assert "Lemma 1's induction" in fast.derived["by"] and not plain.derived
    assert fast.to_json()["derived"] == fast.derived and "derived" not in plain.to_json()
    from verify.papers.tsd import graph as G
    from verify.graphs import connected_games

    for g in connected_games(5):  # the family pass counts the pairs it enumerates: all of them
        if G._l3_family(g, "threat", G._in_g) is not None:
            assert G._l3_family(g, "threat", G._in_g) == G._l3_pairs_count(len(g.nonterminals()))


def test_derived_counts_survive_the_store(tmp_path, capsys):
    assert main(["check", "TSD.L1", "--max-n", "6", "--store", str(tmp_path / "s.db"), "--json", "--no-progress"]) == 0
    (r,) = json.loads(capsys.readouterr().out)
    plain = run_statement(REGISTRY["TSD.L1"], max_n=6, emit=False, route="plain")
    assert r["hypothesis_true"] + r["derived"]["count"] == plain.hypothesis_true


def test_a_planted_kernel_bug_stays_in_its_mutant():
    """The LNK kernel mutants' debug bit goes to the kernels they start, never into
    os.environ, where another thread's or a later run's kernels would inherit it."""
    import os

    from verify.mutants import run_mutant
    from verify.papers.lnk.kernel import c_search

    m = next(m for m in MUTANTS if m.sid == "LNK.T1" and m.what == "kernel: minimality skipped")
    assert run_mutant(m, "kernel").refuted
    assert "SHANNON_VERIFY_LNK_DEBUG" not in os.environ
    assert len(c_search(7, bounds=False, jobs=2)[0]) == 5  # the genuine kernel again
