"""The run plan (verify/sweep/plan.py, issue 43 item 1): built from a command's arguments,
kept by the store as the JSON the CLI has always written, and deciding how a run goes
(one pass, side by side, one statement at a time)."""

import json

import pytest

from verify.errors import InputError
from verify.graphs import GENG_SPLIT
from verify.registry import REGISTRY, load_paper_statements, restricted
from verify.registry.statement import Result
from verify.sweep import Store
from verify.sweep import plan as P
from verify.sweep.backends import Serial
from verify.sweep.plan import ONE_AT_A_TIME, ONE_PASS, SIDE_BY_SIDE, Entry, Plan, check_plan, hunt_plan

load_paper_statements()

USER = '''
from verify import statement


@statement("MYPLAN.EDGE", max_n=5)
def has_an_edge(game):
    return game.m >= 1
'''


def test_a_check_plan_from_the_arguments():
    sts = [REGISTRY["TSD.T12"], REGISTRY["LNK.TAB1"]]
    plan = check_plan(sts, max_n=5, mod=4, all_n=True, audit=8, timeout=30.0)
    assert plan.kind == "check" and plan.mod == 4 and plan.all and plan.split == GENG_SPLIT and not plan.one_pass
    assert [(e.id, e.source, e.min_n, e.max_n, e.table) for e in plan.statements] == [
        ("TSD.T12", None, REGISTRY["TSD.T12"].min_n, 5, False), ("LNK.TAB1", None, REGISTRY["LNK.TAB1"].min_n, 5, True)]
    assert all(e.hash and len(e.hash) == 64 for e in plan.statements)  # the code hash the resume guard compares
    assert (plan.audit, plan.timeout) == (8, 30.0)
    # the depth: --max-n, else the default tier, or with --full each statement's maximum (and one pass)
    tier = check_plan(sts)
    assert [e.max_n for e in tier.statements] == [st.tier_depth for st in sts] and not tier.one_pass
    full = check_plan(sts, full=True)
    assert [e.max_n for e in full.statements] == [st.max_n for st in sts] and full.one_pass
    with pytest.raises(InputError, match="above the depth"):
        check_plan(sts, max_n=3, min_n=4)


def test_a_plan_on_a_graph_class_keeps_it():
    st = restricted(REGISTRY["TSD.T12"], "maxdeg=3")
    plan = check_plan([st], max_n=6, graphs="maxdeg=3")
    assert plan.graphs == "maxdeg=3" and plan.statements[0].graphs == "maxdeg=3"
    assert P.load(plan.statements[0]).domain == st.domain


def test_a_hunt_plan_is_guarded_by_its_file(tmp_path):
    from verify.registry.user import load_user_statement, source_hash

    f = tmp_path / "mine.py"
    f.write_text(USER)
    source = f"{f}::has_an_edge"
    st = load_user_statement(source)
    plan = hunt_plan(st, source, out=str(tmp_path / "out"))
    (e,) = plan.statements
    assert plan.kind == "hunt" and (e.id, e.source, e.max_n, e.hash) == ("MYPLAN.EDGE", source, 7, source_hash(str(f)))
    assert plan.to_dict()["out"] == str(tmp_path / "out")
    plan.same_sources(1)  # unchanged: resumable
    f.write_text(USER.replace(">= 1", ">= 2"))
    with pytest.raises(InputError, match="changed since it started"):
        plan.same_sources(1)


def test_the_stored_plan_is_the_json_the_cli_has_always_written(tmp_path):
    """The dict of the CLI before the plan moved (verify/cli/check.py's ``_plan``), key for key."""
    sts = [REGISTRY["TSD.T12"], REGISTRY["LNK.TAB1"]]
    plan = check_plan(sts, max_n=5, mod=8, graphs="", one_pass=True, audit=2, timeout=9.0, instance_timeout=1.0)
    hashes = [e.hash for e in plan.statements]
    old = {"kind": "check",
           "statements": [{"id": "TSD.T12", "source": None, "min_n": sts[0].min_n, "max_n": 5, "hash": hashes[0]},
                          {"id": "LNK.TAB1", "source": None, "min_n": sts[1].min_n, "max_n": 5, "hash": hashes[1],
                           "table": True}],
           "mod": 8, "all": False, "split": GENG_SPLIT, "one_pass": True}
    assert json.dumps(plan.to_dict()) == json.dumps(old)  # the same keys in the same order; no session settings
    with Store(tmp_path / "r.sqlite") as s:
        run_id = s.new_run("shannon-verify check", plan.to_dict(), {})
        back = Plan.from_dict(s.run(run_id)["plan"], audit=2, timeout=9.0, instance_timeout=1.0)
    assert back == plan


@pytest.mark.parametrize("stored", [
    {"kind": "check", "statements": [{"id": "TSD.T12", "source": None, "min_n": 2, "max_n": 6}], "mod": None,
     "all": False},  # no split, no hash: an early version's
    {"kind": "hunt", "statements": [{"id": "MY.X", "source": "/a/b.py::x", "min_n": 2, "max_n": 7, "hash": "ab",
                                     "graphs": "planar"}], "mod": 2, "all": True, "split": "-X2", "graphs": "planar",
     "out": "/a/counterexamples", "later": {"a": 1}},  # a key of a later version, kept
])
def test_stored_plans_of_other_versions_read_back(stored):
    plan = Plan.from_dict(stored)
    assert plan.statements[0].id == stored["statements"][0]["id"] and plan.mod == stored["mod"]
    again = plan.to_dict()
    if "split" in stored:
        assert again == stored
    else:
        assert "split" not in again and plan.split is None  # so the resume refuses it: split otherwise


def test_resume_refuses_another_kind_and_another_split():
    stored = Plan.from_dict({"kind": "hunt", "statements": [], "mod": None, "all": False, "split": GENG_SPLIT})
    with pytest.raises(InputError, match="'hunt' run; resume it with 'shannon-verify hunt --resume 3'"):
        P._resumable(3, stored, "check")
    with pytest.raises(InputError, match="split each n with geng -X9"):
        P._resumable(3, Plan.from_dict({"kind": "check", "statements": [], "mod": None, "all": False, "split": "-X9"}),
                     "check")


def test_options_given_with_resume_contradict_the_stored_plan_or_not():
    plan = check_plan([REGISTRY["TSD.T12"], REGISTRY["TSD.T13"]], max_n=5, mod=4)
    assert not plan.contradicts()
    assert not plan.contradicts(ids=["TSD.T12", "TSD.T13"], max_n=5, mod=4)
    assert plan.contradicts(ids=["TSD.T12"]) and plan.contradicts(max_n=6) and plan.contradicts(mod=8)
    assert plan.contradicts(all_n=True) and plan.contradicts(one_pass=True) and plan.contradicts(full=True)
    assert plan.describe() == "TSD.T12 TSD.T13 to n = 5, --mod 4"


class _Pool:
    name = "processes"


def test_the_way_a_plan_runs():
    two = check_plan([REGISTRY["TSD.T12"], REGISTRY["TSD.T13"]], max_n=5)
    one = check_plan([REGISTRY["TSD.T12"]], max_n=5)
    assert two.way(jobs=1) == ONE_AT_A_TIME and one.way(jobs=4, backend=_Pool()) == ONE_AT_A_TIME
    assert two.way(jobs=2, backend=_Pool()) == SIDE_BY_SIDE and two.way(jobs=2, backend=Serial()) == ONE_AT_A_TIME
    assert check_plan([REGISTRY["TSD.T12"]], max_n=5, one_pass=True).way(jobs=4, backend=_Pool()) == ONE_PASS
    # the workers: --jobs, else one for a small run and every core from n = 7 or a mod above 1
    assert two.workers(3) == 3 and two.workers() == 1
    assert check_plan([REGISTRY["TSD.T12"]], max_n=7).workers() >= 1
    assert check_plan([REGISTRY["TSD.T12"]], max_n=5, mod=2).workers() == P.cpu_count()


def test_run_plan_goes_the_way_it_decides(monkeypatch):
    calls = []

    def fake_sweep(st, max_n, min_n, **kw):
        calls.append((st.id, kw["progress"]))
        return Result(st.id, "holds", min_n, max_n)

    monkeypatch.setattr(P, "sweep", fake_sweep)
    monkeypatch.setattr(P, "_side_by_side", lambda run, width: (["side", width], "done"))
    plan = check_plan([REGISTRY["TSD.T12"], REGISTRY["TSD.T13"]], max_n=4)
    assert P.run_plan(plan, backend=_Pool(), jobs=3) == (["side", 3], "done")
    loaded = {}
    results, status = P.run_plan(plan, backend=Serial(), jobs=3, progress=True, loaded=loaded)
    assert status == "done" and [r.id for r in results] == ["TSD.T12", "TSD.T13"] and set(loaded) == {"TSD.T12", "TSD.T13"}
    assert calls == [("TSD.T12", True), ("TSD.T13", True)]


def test_one_pass_and_one_at_a_time_agree():
    plan = check_plan([REGISTRY["TSD.T12"], REGISTRY["LNK.TAB1"], REGISTRY["TSD.T13"]], max_n=5)
    together = Plan.from_dict({**plan.to_dict(), "one_pass": True}, emit=False)
    plan.emit = False
    alone, _ = P.run_plan(plan, backend=Serial())
    passed, status = P.run_plan(together, backend=Serial())
    key = lambda r: (r.id, r.verdict, r.instances, r.hypothesis_true)  # noqa: E731
    assert status == "done" and [key(r) for r in passed] == [key(r) for r in alone]


def test_execute_stores_a_run_and_resumes_it(tmp_path):
    store = tmp_path / "r.sqlite"
    plan = check_plan([REGISTRY["TSD.T12"]], max_n=4)
    plan.emit = False
    opened = []
    first = P.execute(plan, store=store, command="shannon-verify check TSD.T12", on_open=opened.append)
    assert first.status == "done" and first.run_id == 1 and first.store == str(store) and not first.resumed
    again = P.execute(Plan("check", emit=False), store=store, resume="last", on_open=opened.append)
    assert again.resumed and again.run_id == 1 and again.stored_before > 0 and again.plan.statements == plan.statements
    assert [r.to_json()["instances"] for r in again.results] == [r.to_json()["instances"] for r in first.results]
    assert opened == [first, again]
    with pytest.raises(InputError, match="'check' run"):
        P.execute(Plan("hunt"), store=store, resume="last")
    with pytest.raises(InputError, match="the check of TSD.T12 changed"):
        P.execute(Plan("check"), store=store, resume="last", code_hash=lambda st: "edited")
    with Store(store, create=False) as s:
        assert s.run(1)["status"] == "done"
