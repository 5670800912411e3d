"""``shannon-verify results``: the runs in the results store, or one run statement by statement."""

from __future__ import annotations

import argparse
import json

from ..graph_class import GraphClass
from ..sweep import DEFAULT_STORE, Store

__all__ = ["register"]


def register(sub) -> None:
    p = sub.add_parser(
        "results",
        help="list the runs in the results store",
        description="List the stored runs of 'check' and 'hunt' (id, start, status, shards done/total, statements, "
        "command), or, given RUN_ID (a number or 'last'), that run's verdicts and counts statement by statement. "
        "A run whose process is gone before it finished shows as 'stopped'; continue it with 'check --resume RUN_ID'.",
    )
    p.add_argument("run_ref", nargs="?", metavar="RUN_ID", help="one run (a number, or 'last')")
    p.add_argument("--store", metavar="PATH", default=str(DEFAULT_STORE), help=f"results store (default {DEFAULT_STORE})")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run_results)


def _when(stamp: str | None) -> str:
    return (stamp or "-")[:19].replace("T", " ")


def run_results(args: argparse.Namespace) -> int:
    with Store(args.store, create=False, readonly=True) as store:
        if args.run_ref is not None:
            summary = store.summary(store.run_id(args.run_ref))
            print(json.dumps(summary, indent=2) if args.json else _one_run(summary))
            return 0
        runs = [store.summary(i) for i in store.run_ids()]
    if args.json:
        print(json.dumps([{k: v for k, v in r.items() if k != "statements"} | {"statements": [s["id"] for s in r["statements"]]} for r in runs], indent=2))
        return 0
    if not runs:
        print(f"No runs in {args.store} yet.")
        return 0
    print(f"{'run':>4}  {'started':<19}  {'status':<11}  {'shards':>11}  {'statements':<24}  command")
    for r in runs:
        ids = [s["id"] for s in r["statements"]]
        names = ids[0] if len(ids) == 1 else f"{ids[0]} +{len(ids) - 1}" if ids else "-"
        shards = f"{r['shards_done']}/{r['shards_total']}"
        print(f"{r['run']:>4}  {_when(r['started']):<19}  {r['status']:<11}  {shards:>11}  {names:<24}  {r['command']}")
    return 0


def _one_run(s: dict) -> str:
    v = s["versions"]
    lines = [
        f"run {s['run']}: {s['status']} ({s['sessions']} session{'s' if s['sessions'] != 1 else ''}), "
        f"started {_when(s['started'])}, finished {_when(s['finished'])}, on {s['backend'] or '-'}",
        f"command: {s['command']}",
        *([f"graphs: {GraphClass.parse(s['graphs'])} (--graphs {s['graphs']})"] if s.get("graphs") else []),
        "versions: " + ", ".join(f"{k} {val}" for k, val in v.items()),
        f"{'statement':<14} {'verdict':<9} {'n':<6} {'shards':>11} {'instances':>10} {'hypothesis':>11} {'shard s':>9}",
    ]
    for st in s["statements"]:
        lo, hi = st["n_range"]
        shards = f"{st['shards_done']}/{st['shards_total']}"
        lines.append(
            f"{st['id']:<14} {st['verdict'] or '-':<9} {f'{lo}..{hi}':<6} {shards:>11} {st['instances']:>10} "
            f"{st['hypothesis_true']:>11} {st['shard_seconds']:>9.1f}"
        )
        if st.get("counterexample"):
            lines.append(f"{'':14} -> {st['counterexample']}")
    return "\n".join(lines)
