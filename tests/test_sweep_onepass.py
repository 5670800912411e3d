"""One pass over the games gives every statement exactly its per-statement answer.

:func:`verify.sweep.onepass.run_group_shard` against :func:`verify.sweep.run_shard`, for
every statement that runs game by game, on every game n ≤ 6 (the deep tier adds shards
of n = 7); :func:`~verify.sweep.onepass.sweep_together` against
:func:`~verify.sweep.sweep` (verdicts, counts, witnesses, stopping at the first failing
n, the store and ``--resume``); and ``check --one-pass`` against ``check``.
"""

from __future__ import annotations

import json

import pytest

from verify.cli import main
from verify.registry import REGISTRY, load_paper_statements
from verify.sweep import Processes, Store, load_statement, run_shard, sweep
from verify.sweep import onepass
from verify.sweep.onepass import groupable, run_group_shard, sweep_together

load_paper_statements()
GROUP = tuple(sorted(i for i, st in REGISTRY.items() if groupable(st)))


def _same(r):
    """Everything of a shard result but its time."""
    return (r.statement, r.n, r.res, r.mod, r.instances, r.hypothesis, r.failures, r.witness, r.verdict, r.oracles)


def _agree(n, res=0, mod=1):
    together = run_group_shard(GROUP, n, res, mod)
    assert [r.statement for r in together] == list(GROUP)
    for got in together:
        assert _same(got) == _same(run_shard(got.statement, n, res, mod)), got.statement
    return together


def test_the_group_holds_the_game_statements_of_every_paper():
    assert {i.split(".")[0] for i in GROUP} >= {"TSD", "LNK", "PROJ"}
    assert not any(REGISTRY[i].kind == "table" for i in GROUP)
    with pytest.raises(ValueError, match="cannot join a one-pass group"):
        run_group_shard(("TSD.TAB1",), 3)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_one_pass_equals_each_statement_alone(n):
    together = _agree(n)
    assert any(r.failures for r in together) or n < 4  # refuted statements fail from n = 4 on: witnesses compared too


@pytest.mark.deep
@pytest.mark.parametrize("res", [0, 5])
def test_one_pass_equals_each_statement_alone_on_shards_of_seven(res):
    _agree(7, res, 8)


def _summary(r):
    return (r.id, r.verdict, r.reason, r.n_min, r.n_max, r.instances, r.hypothesis_true, r.witness, r.oracles)


CASES = ["TSD.T14", "TSD.T15", "TSD.ART/a", "TSD.EQ1/a", "TSD.T13.EX", "TSD.FIG/d", "LNK.DEF", "PROJ.INDUCED_PATH"]


def test_sweep_together_equals_sweep_one_at_a_time(tmp_path):
    sts = [(load_statement(i), load_statement(i).min_n, 6) for i in CASES]
    got = sweep_together(sts, mod=2, emit=False)
    for (st, lo, hi), r in zip(sts, got):
        ref = sweep(st, hi, lo, mod=2, emit=False)
        assert _summary(r) == _summary(ref), st.id
    # ART/a is refuted at n = 4: it left the group after n = 4, as sweep stops there
    art = got[CASES.index("TSD.ART/a")]
    assert art.verdict == "refuted" and art.n_max == 4


def test_store_and_resume_compute_no_shard_again(tmp_path, monkeypatch):
    db = tmp_path / "s.sqlite"
    sts = [(load_statement(i), 2, 5) for i in ("TSD.T14", "TSD.ART/a")]
    with Store(db) as store:
        run = store.new_run("test", {"kind": "check"}, {})
        first = sweep_together(sts, store=store, run_id=run, mod=2, emit=False)

        def boom(*a, **k):  # every shard is stored: nothing may run again
            raise AssertionError("a stored shard was computed again")

        monkeypatch.setattr(onepass, "run_group_shard", boom)
        again = sweep_together(sts, store=store, run_id=run, mod=2, emit=False)
        assert [_summary(a) for a in again] == [_summary(b) for b in first]
        rows = store.shard_rows(run)
    # T14 has n = 2..5 at 2 shards each, ART/a n = 2..4 (it stops at its refutation)
    assert len(rows) == 4 * 2 + 3 * 2


def test_processes_backend_gives_the_same_answer():
    sts = [(load_statement(i), 2, 6) for i in ("TSD.T14", "TSD.EQ1/a", "LNK.DEF")]
    serial = sweep_together(sts, mod=3, emit=False)
    with Processes(2) as backend:
        par = sweep_together(sts, backend=backend, mod=3, emit=False)
    assert [_summary(a) for a in par] == [_summary(b) for b in serial]


def test_check_one_pass_prints_what_check_prints(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ids = ["TSD.T14", "TSD.ART/a", "TSD.TAB1", "TSD.T13.EX"]
    base = ["check", *ids, "--max-n", "5", "--jobs", "1", "--no-progress", "--json"]
    assert main(base + ["--no-store"]) == 0
    plain = json.loads(capsys.readouterr().out)
    db = str(tmp_path / "s.sqlite")
    assert main(base + ["--one-pass", "--store", db]) == 0
    together = json.loads(capsys.readouterr().out)
    keys = ("id", "verdict", "n_range", "instances", "hypothesis_true", "witness")
    assert [{k: r.get(k) for k in keys} for r in together] == [{k: r.get(k) for k in keys} for r in plain]
    # the stored run resumes as a one-pass run; asking it to resume without one pass is not a contradiction
    assert main(["check", "--resume", "last", "--store", db, "--no-progress", "--json"]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert [{k: r.get(k) for k in keys} for r in resumed] == [{k: r.get(k) for k in keys} for r in plain]


def test_one_pass_progress_lines_off_a_terminal(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["check", "TSD.T14", "TSD.T15", "--max-n", "5", "--mod", "2", "--one-pass", "--no-store", "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert "one pass n=5: 2/2 shards done" in err
    assert main(["check", "TSD.T14", "--max-n", "5", "--mod", "2", "--one-pass", "--no-store", "--jobs", "1", "--no-progress"]) == 0
    assert "one pass" not in capsys.readouterr().err


class _StopAfter(onepass.Serial):
    """The serial backend, with Ctrl-C after ``k`` shards of the run."""

    def __init__(self, k: int) -> None:
        self.k = k

    def run(self, fn, tasks):
        for t in tasks:
            if self.k == 0:
                raise KeyboardInterrupt
            self.k -= 1
            yield fn(*t)


@pytest.mark.parametrize("together", [True, False])
def test_an_interrupted_sweep_reports_what_its_finished_shards_checked(together):
    st = load_statement("TSD.T14")
    # the 4 shards of n = 4, then 2 of the 4 shards of n = 5 before Ctrl-C
    if together:
        (r,) = sweep_together([(st, 4, 5)], backend=_StopAfter(6), mod=4, emit=False)
    else:
        r = sweep(st, 5, 4, backend=_StopAfter(6), mod=4, emit=False)
    done = [run_shard("TSD.T14", 4, k, 4) for k in range(4)] + [run_shard("TSD.T14", 5, k, 4) for k in range(2)]
    assert (r.verdict, r.reason) == ("unknown", "interrupted")
    assert (r.instances, r.hypothesis_true) == (sum(d.instances for d in done), sum(d.hypothesis for d in done))
    assert r.instances > sum(d.instances for d in done[:4])  # the finished part of n = 5 is counted
