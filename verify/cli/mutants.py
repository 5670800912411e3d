"""``shannon-verify mutants``: show that each registered check can fail.

Runs the mutants of :mod:`verify.mutants` — each perturbs one oracle or hypothesis switch
that a registered statement's check consumes — through the *registered* check, once per
route of the statement it is declared for (:mod:`verify.registry.routes`: the plain route,
each fast route forced at every n, the one-pass group shard), and prints, per statement,
each mutant and route, its verdict and the smallest counterexample that refuted it
(beside the pinned one), then the mutation score per paper and per route.  Exit status 1
when any scored mutant survives on a route, when a route of a statement run has no
mutant that refutes it (or a documented equivalent mutant is refuted, so it is no
longer equivalent), 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from ..errors import InputError
from ..registry import REGISTRY, load_paper_statements, paper_prefixes

__all__ = ["register"]


def register(sub) -> None:
    p = sub.add_parser(
        "mutants",
        help="run the mutants of the registered checks (mutation score per paper)",
        description="Run each mutant (a perturbed oracle or hypothesis the registered check consumes) through the "
        "registered check: it must be refuted by its pinned smallest counterexample.  Deep-only mutants run with "
        "--deep; documented equivalent mutants must survive and are not scored.  Exit status 1 when a mutant "
        "survives, 2 on bad input.",
    )
    p.add_argument("ids", nargs="*", metavar="ID", help="statement ids (default: every statement with a mutant)")
    p.add_argument("--paper", action="append", metavar="P", help="only this paper's statements (TSD, LNK, HEX, SSG, PROJ); repeatable")
    p.add_argument("--deep", action="store_true", help="also run the deep-only mutants (beyond the default tier)")
    p.add_argument("--route", action="append", metavar="NAME",
                   help="only through this route (plain, fast, paths, paths-fast, one-pass, ...); repeatable")
    p.add_argument("--list", action="store_true", help="list the mutants without running them")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress lines on standard error")
    p.set_defaults(run=run_mutants)


def _select(args: argparse.Namespace):
    from ..mutants import all_mutants, paper_of

    load_paper_statements()
    mutants = all_mutants()
    papers = {p.upper() for p in args.paper or []}
    known = set(paper_prefixes()) | {"PROJ"}
    bad = sorted(papers - known)
    if bad:
        raise InputError(f"No paper {bad[0]}; choose from {', '.join(sorted(known))}.")
    ids = list(dict.fromkeys(args.ids))
    for sid in ids:
        if sid not in REGISTRY:
            raise InputError(f"No statement {sid} is registered (see 'shannon-verify list').")
        if not any(m.sid == sid for m in mutants):
            why = " (a statement recorded as refuted is pinned by its counterexample instead)" if REGISTRY[sid].expect == "refuted" else ""
            raise InputError(f"Statement {sid} has no mutant{why}.")
    chosen = [m for m in mutants if (not ids or m.sid in ids) and (not papers or paper_of(m.sid) in papers)]
    if not chosen:
        raise InputError("No mutant matches the statements and papers asked for.")
    return chosen


def _score(records: list[dict], mutants) -> dict:
    from ..mutants import coverage, paper_of

    covered = coverage()
    score: dict[str, dict] = {}
    for m in mutants:
        s = score.setdefault(paper_of(m.sid), {"scored": 0, "refuted": 0, "survived": 0, "deep": 0, "deep_refuted": 0,
                                               "equivalent": 0, "not_run": 0})
        recs = [r for r in records if r["_name"] == m.name]
        if not recs:
            s["not_run"] += 1
        for rec in recs:
            if m.equivalent:
                s["equivalent"] += 1
            elif m.deep:
                s["deep"] += 1
                s["deep_refuted"] += rec["refuted"]
            else:
                s["scored"] += 1
                s["refuted"] += rec["refuted"]
                s["survived"] += not rec["refuted"]
    for paper, s in score.items():
        holding = [sid for sid in covered if paper_of(sid) == paper]
        s["statements_holding"] = len(holding)
        s["statements_with_default_tier_mutant"] = sum(bool(covered[sid]) for sid in holding)
    return score


def _routes(records: list[dict], sids, only=None) -> tuple[dict, list[str]]:
    """Per statement run: each route with the mutants that refuted through it; and the
    routes (``"ID route"``) of holding statements that no scored mutant refuted."""
    from ..registry.routes import routes_of

    out: dict[str, list] = {}
    bare: list[str] = []
    for sid in sids:
        st = REGISTRY[sid]
        rows = []
        for r in routes_of(sid):
            if only and r.name not in only:
                continue
            by = [rec["name"] for rec in records if rec["_sid"] == sid and rec["route"] == r.name and rec["refuted"]
                  and not rec["equivalent"] and not rec["deep"]]
            rows.append({**r.to_json(), "refuted_by": by})
            if not by and st.expect == "holds":
                bare.append(f"{sid} {r.name}")
        out[sid] = rows
    return out, bare


def _witness(rec: dict) -> str:
    w = rec["witness"]
    if w is None:
        return "no counterexample"
    text = repr(tuple(tuple(x) if isinstance(x, list) else x for x in w))
    return text if len(text) <= 90 else text[:90] + "...)"


def run_mutants(args: argparse.Namespace) -> int:
    from ..mutants import run_mutant

    chosen = _select(args)
    if args.list:
        rows = [{"id": m.sid, "name": m.what, "max_n": m.max_n, "deep": m.deep, "equivalent": m.equivalent,
                 "pinned": list(m.expect) if m.expect is not None else None} for m in chosen]
        if args.json:
            print(json.dumps(rows, indent=2, ensure_ascii=False))
        else:
            for r in rows:
                tag = " (deep)" if r["deep"] else " (equivalent)" if r["equivalent"] else ""
                print(f"{r['id']:<20} n≤{r['max_n']:<3} {r['name']}{tag}")
            print(f"{len(rows)} mutants")
        return 0
    to_run = [m for m in chosen if args.deep or not m.deep]
    skipped = len(chosen) - len(to_run)
    only = set(args.route or [])
    plan = [(m, r) for m in to_run for r in m.route_names() if not only or r in only]
    if only and not plan:
        raise InputError(f"No mutant of the statements asked for runs through route {sorted(only)[0]}.")
    progress = not args.no_progress
    records, start = [], time.perf_counter()
    last = None
    for k, (m, route) in enumerate(plan, 1):
        r = run_mutant(m, route)
        rec = {"_name": m.name, "_sid": m.sid, **r.to_json()}
        records.append(rec)
        if not args.json:
            if m.sid != last:
                print(m.sid)
                last = m.sid
            state = ("survived as documented (equivalent)" if m.equivalent and r.refuted else
                     "refuted" if r.refuted else "SURVIVED")
            tag = " [deep]" if m.deep else ""
            print(f"  {state:<9} {route:<10} {m.what}{tag}: {r.verdict}, n≤{m.max_n}, {_witness(rec)}, {r.seconds:.1f} s"
                  + (f" — {r.problem}" if r.problem else ""), flush=True)
        elif progress:
            print(f"mutants: {k}/{len(plan)} done, {time.perf_counter() - start:.0f} s elapsed", file=sys.stderr, flush=True)
    score = _score(records, chosen)
    sids = list(dict.fromkeys(m.sid for m in to_run))
    routes, bare = _routes(records, sids, only)
    per_route: dict[str, dict] = {}
    for rec in records:
        if rec["equivalent"] or rec["deep"]:
            continue
        pr = per_route.setdefault(rec["route"], {"run": 0, "refuted": 0})
        pr["run"] += 1
        pr["refuted"] += rec["refuted"]
    bad = [r for r in records if not r["refuted"]]
    if args.json:
        stmts: dict[str, list] = {}
        for rec in records:
            stmts.setdefault(rec["_sid"], []).append({k: v for k, v in rec.items() if not k.startswith("_")})
        print(json.dumps({"statements": [{"id": sid, "routes": routes.get(sid, []), "mutants": stmts.get(sid, [])}
                                         for sid in sids],
                          "score": score, "score_by_route": per_route, "routes_without_mutant": bare,
                          "deep_not_run": skipped, "seconds": round(time.perf_counter() - start, 1)},
                         indent=2, ensure_ascii=False))
    else:
        print("\nmutation score (default tier: mutant runs refuted / mutant runs, one run per mutant and route; "
              "statements that hold with a mutant):")
        for paper, s in sorted(score.items()):
            extra = []
            if s["deep"]:
                extra.append(f"deep {s['deep_refuted']}/{s['deep']} (not scored)")
            if s["not_run"]:
                extra.append(f"{s['not_run']} deep not run (--deep)")
            if s["equivalent"]:
                extra.append(f"{s['equivalent']} documented equivalent")
            print(f"  {paper:<5} {s['refuted']}/{s['scored']} refuted; statements {s['statements_with_default_tier_mutant']}"
                  f"/{s['statements_holding']}" + (f"; {', '.join(extra)}" if extra else ""))
        print("by route: " + ", ".join(f"{name} {v['refuted']}/{v['run']}" for name, v in sorted(per_route.items())))
        if bare:
            print(f"routes no mutant refutes ({len(bare)}): {', '.join(bare)}")
        total = time.perf_counter() - start
        print(f"{len(records)} mutant runs in {total:.1f} s; " + (f"{len(bad)} survived: {', '.join(r['_name'] + ' [' + str(r['route']) + ']' for r in bad)}"
                                                                if bad else "none survived"))
    return 1 if bad or bare else 0
