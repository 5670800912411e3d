"""``check`` runs statements side by side on 2+ jobs (issue 20): the same results as one
at a time, in plan order, and an interruption ends the run as it did."""

import json

from verify.cli import main
from verify.sweep import plan as P
from verify.cli.progress import Overall
from verify.registry.statement import Result

IDS = ["TSD.T12", "LNK.C2.dist", "LNK.TAB1", "HEX.P2", "TSD.T11/a", "TSD.T13.EX"]


def _results(capsys, jobs):
    assert main(["check", *IDS, "--max-n", "6", "--jobs", str(jobs), "--json", "--no-progress", "--no-store"]) == 0
    rows = json.loads(capsys.readouterr().out)
    for r in rows:
        r.pop("seconds")
        r.pop("counterexample", None)
    return rows


def test_side_by_side_equals_one_at_a_time(capsys):
    alone, together = _results(capsys, 1), _results(capsys, 2)
    assert [r["id"] for r in together] == IDS
    assert together == alone


class _Backend:
    name = "processes"
    closed = False

    def close(self, cancel=False):
        self.closed = True


def test_an_interrupted_statement_ends_the_run_in_plan_order(monkeypatch):
    plan = {"statements": [{"id": i, "source": None, "min_n": 2, "max_n": 4} for i in ("TSD.T12", "TSD.T14", "TSD.T15")],
            "mod": None, "all": False}

    def fake_sweep(st, max_n, min_n, **kw):
        reason = "interrupted" if st.id == "TSD.T14" else ""
        return Result(st.id, "unknown" if reason else "holds", 2, max_n, reason=reason)

    monkeypatch.setattr(P, "sweep", fake_sweep)

    with Overall(3, "check", enabled=False) as overall:
        out, status = P._side_by_side(P._Run(P.Plan.from_dict(plan), _Backend(), overall=overall), width=1)
    assert status == "interrupted" and [(r.id, r.verdict) for r in out] == [("TSD.T12", "holds"), ("TSD.T14", "unknown")]
