"""The audit of the kept n = 9 run: a deterministic sample of its games re-checked by the plain route.

The n = 9 run (``ci/n9_sweep.py``, store ``docs/n9/results.sqlite``) decided its
7,949,596 games through the statements' fast routes (:mod:`verify.registry.routes`):
the fast passes, the all-paths dead sets, the one-pass group shard.  This script takes the
games of that run's sample — one in 64 (:mod:`verify.sweep.audit`: the CRC-32 of graph6
and terminals divisible by 64, the same sample a sharded run audits) — shard by shard
(geng ``9 res/512``, the run's sharding), checks each sampled game by every statement of
the run in one pass with their routes as a default run takes them, then again by each
statement's plain route, forced, and compares the two per statement and game: the
verdict (holds or fails) and the hypothesis count (for TSD.L1, whose fast route concludes
the positions with moves left by Lemma 1's induction, the positions checked and derived).  Any disagreement is written down
with the game and makes the script exit 1.

``python ci/n9_audit.py run [--shards K] [--rate R] [--part J/K]``
    Audit the next ``K`` shards not yet in ``docs/n9/audit.jsonl`` (default: all), one
    line per shard: games enumerated, games sampled, per statement the hypothesis counts
    by both routes, disagreements, CPU seconds.  Resumable: a shard in the file is not
    done again.  Each session appends its CPU seconds to ``docs/n9/audit_sessions.jsonl``.
    Ctrl-C or SIGTERM ends it after the shard under way is dropped (nothing half-written).
    ``--part J/K`` takes only the shards numbered J-1 modulo K, so that K sessions run side
    by side, one per core (their appends and session lines are written under a file lock).
``python ci/n9_audit.py table [--readme]``
    Print the audit so far: shards, games sampled, statement checks compared,
    disagreements, CPU; ``--readme`` writes it into README.md between its markers
    (``tests/test_audit.py`` checks the README's copy against ``docs/n9/audit.jsonl``).
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from verify.cli.pipes import reader_may_stop  # noqa: E402

AUDIT = ROOT / "docs" / "n9" / "audit.jsonl"
SESSIONS = ROOT / "docs" / "n9" / "audit_sessions.jsonl"
N, MOD = 9, 512


def statements() -> list:
    """The statements of the n = 9 run: every holding TSD game statement."""
    from verify.registry import REGISTRY
    from verify.sweep.onepass import holding_game_statements

    return [REGISTRY[i] for i in holding_game_statements("TSD.")]


def audit_shard(res: int, rate: int, sts) -> dict:
    """One shard's audit record (see the module docstring)."""
    from verify.registry.domain import GAMES
    from verify.registry.routes import forcing
    from verify.registry.runner import counting, describe_instance, evaluate
    from verify.sweep.audit import sampled
    from verify.sweep.sessions import cpu_seconds

    t0 = cpu_seconds(children=False)
    games = sampled_games = 0
    by_route = {st.id: 0 for st in sts}
    by_plain = {st.id: 0 for st in sts}
    disagreements = []
    for game in GAMES.instances(N, res=res, mod=MOD):
        games += 1
        if not sampled(game, rate):
            continue
        sampled_games += 1
        first = []
        for st in sts:  # one pass, the routes a default run takes
            with counting() as c:
                h, f = evaluate(st, game)
            first.append((h + c.count, f))  # what the route checked, and what it concluded by a lemma (TSD.L1)
        for st, (h, f) in zip(sts, first):
            with forcing(st.id, "plain"):
                h2, f2 = evaluate(st, game)
            by_route[st.id] += h
            by_plain[st.id] += h2
            if (h, f is None) != (h2, f2 is None):
                disagreements.append({"statement": st.id, "game": describe_instance(game), "route": [h, f is None],
                                      "plain": [h2, f2 is None]})
    return {"res": res, "mod": MOD, "rate": rate, "games": games, "sampled": sampled_games,
            "hypothesis_route": by_route, "hypothesis_plain": by_plain, "disagreements": disagreements,
            "cpu_s": round(cpu_seconds(children=False) - t0, 2)}


def done() -> dict[int, dict]:
    if not AUDIT.exists():
        return {}
    out = {}
    for line in AUDIT.read_text().splitlines():
        if line.strip():
            rec = json.loads(line)
            out[rec["res"]] = rec
    return out


def todo_shards(have, part: tuple[int, int] = (1, 1), limit: int = MOD) -> list[int]:
    """The next shards (at most ``limit``) not in ``have`` of part ``J/K``: those numbered J-1 modulo K.

    >>> todo_shards({0: {}, 3: {}}, (2, 2), 3)
    [1, 5, 7]
    """
    j, k = part
    return [r for r in range(MOD) if r not in have and r % k == j - 1][:limit]


def run(args) -> int:
    from verify.registry import load_paper_statements
    from verify.sweep.provenance import code_commit
    from verify.sweep.sessions import SessionLog, locked

    load_paper_statements()
    sts = statements()
    have = done()
    j, k = args.part
    todo = todo_shards(have, args.part, args.shards)
    stop = []
    signal.signal(signal.SIGTERM, lambda *a: stop.append(1))
    log = SessionLog(SESSIONS, commit=code_commit()[:12], part=f"{j}/{k}", shards=0, disagreements=0)  # updated after every shard
    finished = bad = 0
    status = "finished"
    try:
        for res in todo:
            if stop:
                break
            rec = audit_shard(res, args.rate, sts)
            if stop:  # stopped inside the shard: its record is not kept
                break
            rec["commit"] = code_commit()
            with locked(AUDIT), AUDIT.open("a") as f:
                f.write(json.dumps(rec) + "\n")
            finished += 1
            bad += len(rec["disagreements"])
            log.update(shards=finished, disagreements=bad)
            print(f"shard {res}/{MOD}: {rec['sampled']} of {rec['games']} games sampled, "
                  f"{len(rec['disagreements'])} disagreements, {rec['cpu_s']} s CPU", flush=True)
        if stop:
            status = "stopped"
    except KeyboardInterrupt:
        status = "stopped"
        print("stopped; the finished shards are kept: run again to continue", file=sys.stderr)
    log.close(status, shards=finished, disagreements=bad)
    all_bad = sum(len(r["disagreements"]) for r in done().values())
    return 1 if all_bad else 0


def summary() -> dict:
    recs = list(done().values())
    return {"shards": len(recs), "of": MOD, "games": sum(r["games"] for r in recs),
            "sampled": sum(r["sampled"] for r in recs),
            "checks": sum(r["sampled"] * len(r["hypothesis_route"]) for r in recs),
            "disagreements": sum(len(r["disagreements"]) for r in recs),
            "cpu_s": round(sum(r["cpu_s"] for r in recs), 1)}


README = ROOT / "README.md"
BEGIN, END = "<!-- n9-audit: python ci/n9_audit.py table --readme -->", "<!-- /n9-audit -->"


def sessions_cpu() -> tuple[int, float]:
    """(sessions logged, their CPU seconds) from ``docs/n9/audit_sessions.jsonl``."""
    from verify.sweep.sessions import read_sessions

    rows = read_sessions(SESSIONS)
    return len(rows), round(sum(r.get("cpu_s", 0.0) for r in rows), 1)


def table_text() -> str:
    """The audit so far, as the README shows it."""
    s = summary()
    if not s["shards"]:
        return "The audit has not started."
    per = s["cpu_s"] / s["shards"]
    k, cpu = sessions_cpu()
    done = s["shards"] == s["of"]
    cost = (f"{s['cpu_s']:,.0f} s of CPU ({s['cpu_s'] / 3600:.1f} CPU hours, {per:.0f} s per shard)" if done else
            f"{s['cpu_s']:,.0f} s of CPU so far ({per:.0f} s per shard, so about {per * s['of'] / 3600:.1f} CPU hours "
            f"for all {s['of']} shards)")
    return (f"Audit of the kept run (`python ci/n9_audit.py run`, resumable; `docs/n9/audit.jsonl`): "
            + (f"all {s['of']} geng shards" if done else f"{s['shards']} of {s['of']} geng shards so far")
            + f", {s['games']:,} games enumerated, {s['sampled']:,} sampled "
            f"(one in 64), {s['checks']:,} statement checks decided both by the routes a default run takes and by "
            f"each statement's plain route: **{s['disagreements']} disagreements**. "
            f"{cost}; {k} session{'s' if k != 1 else ''} logged in `docs/n9/audit_sessions.jsonl` "
            f"({cpu:,.0f} s of CPU in those sessions).")


def write_readme(readme: Path = README) -> None:
    old = readme.read_text()
    a, b = old.find(BEGIN), old.find(END)
    if a < 0 or b < a:
        raise SystemExit(f"{readme} has no '{BEGIN}' ... '{END}' markers.")
    readme.write_text(old[: a + len(BEGIN)] + "\n" + table_text() + "\n" + old[b:])


def _part(text: str) -> tuple[int, int]:
    try:
        j, k = (int(x) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not J/K (e.g. 1/2).") from None
    if not 1 <= j <= k:
        raise argparse.ArgumentTypeError(f"{text!r}: J must be between 1 and K.")
    return j, k


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="audit the next shards (resumable)")
    r.add_argument("--shards", type=int, default=MOD, help="at most this many shards in this session")
    r.add_argument("--rate", type=int, default=64, help="one game in RATE is sampled (default 64)")
    r.add_argument("--part", type=_part, default=(1, 1), metavar="J/K",
                   help="only the shards whose number is J-1 modulo K, so K sessions can run side by side "
                        "(one per core; default 1/1, every shard)")
    t = sub.add_parser("table", help="the audit so far")
    t.add_argument("--readme", action="store_true", help="write it into README.md between its markers")
    args = p.parse_args(argv)
    if args.cmd == "run":
        return run(args)
    if args.readme:
        write_readme()
        return 0
    s = summary()
    with reader_may_stop():
        print(table_text())
        print(f"{s['shards']}/{s['of']} shards: {s['sampled']:,} of {s['games']:,} games sampled, {s['checks']:,} statement "
              f"checks compared by both routes, {s['disagreements']} disagreements, {s['cpu_s']:,} s CPU", flush=True)
    return 1 if s["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
