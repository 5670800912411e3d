"""``shannon-verify list``, ``check`` and ``hunt``: the statement registry from the shell."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from ..errors import InputError
from ..graph_class import GraphClass
from ..graphs import GENG_SPLIT
from ..registry import REGISTRY, catalogue, catalogue_id, in_games, load_paper_statements, paper_prefixes, restricted, run_statement
from ..registry.catalogue import paper_files
from ..registry.statement import Result, Statement  # noqa: F401
from ..registry.user import load_user_statement, source_hash  # noqa: F401  (re-exported for callers of cli.check)
from ..sweep import DEFAULT_STORE, Store, load_statement, make_backend, sweep
from ..sweep.backends import cpu_count, interrupt_on_term
from ..sweep.shards import class_spec
from ..sweep.store import run_graph_class, versions
from .progress import Overall, shard_lines, summary_line

__all__ = ["register"]

LAST_RUN = Path(".shannon-verify") / "last-run.json"
VERDICTS = Path(".shannon-verify") / "verdicts.json"
"""Each statement's latest verdict, whichever run gave it (``list``): a run updates the
statements it checked and keeps the others'.  An interrupted statement keeps its verdict."""
MAX_MOD = 100_000
MAX_N = 12  # the largest --max-n over all connected graphs
MAX_N_CLASS = 32  # over a graph class: geng's largest n
GRAPHS_HELP = ("check on the games of a class of connected graphs only: comma-separated maxdeg=D, mindeg=D, "
               "trianglefree, c4free, bipartite, planar (e.g. maxdeg=3,mindeg=2); a statement declared on a class "
               "(graphs=) is checked on the intersection. With a class --max-n may go up to 32")
VERSION_KEYS = ("shannon-verify", "git", "python", "networkx", "pynauty", "python-sat", "z3-solver")


def register(sub) -> None:
    p = sub.add_parser("list", help="list the registered statements", description="List every registered statement.")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run_list)

    c = sub.add_parser(
        "check",
        help="check statements exhaustively on all small games",
        description="Check statements on every connected game (terminal pairs up to automorphism) "
        "with n up to --max-n (default: the default tier, n ≤ 7, as 'pytest theorems'; --full: each "
        "statement's own maximum); a violation is shrunk to the smallest game and written to counterexamples/. "
        "Exit status 1 when any verdict needs attention (fails, unknown, vacuous, not-found, or a refutation on record "
        "not reached), 2 on bad input.",
    )
    c.add_argument("ids", nargs="*", metavar="ID", help="statement ids (default: all registered)")
    c.add_argument("--max-n", type=int, help="largest number of vertices (default: each statement's default-tier depth, n ≤ 7)")
    c.add_argument("--full", action="store_true", help="check each statement to its own maximum depth (see 'list': every TSD statement checked game by game "
                   "to n = 9; the deep sweep), the game statements in one pass over the games")
    c.add_argument("--min-n", type=int, help="smallest number of vertices")
    c.add_argument("--json", action="store_true", help="print JSON")
    c.add_argument("--no-progress", action="store_true", help="no progress bars")
    c.add_argument("--graphs", metavar="SPEC", help=GRAPHS_HELP + "; without ids, every statement checked game by game")
    c.add_argument("--one-pass", action="store_true",
                   help="check the statements that run game by game in one pass over the games: each game is "
                   "enumerated once and checked by every such statement in turn, sharing what they ask about it "
                   "(same verdicts as one statement at a time; the rest run as usual)")
    c.add_argument("--route", metavar="NAME",
                   help="force one route of each statement at every n (plain, fast, paths, paths-fast, one-pass, ...: "
                   "see 'shannon-verify list --json'), so a deep route runs on small games; runs here, one statement "
                   "at a time, with no store")
    add_sweep_options(c)
    c.set_defaults(run=run_check)

    h = sub.add_parser(
        "hunt",
        help="hunt for a counterexample to your own statement",
        description="Load FILE.py (which uses @statement from verify) and check NAME exhaustively; "
        "the smallest counterexample is reported and written to counterexamples/ of the current folder (or --out DIR). "
        "Exit status 1 on fails, unknown, vacuous or not-found, 2 on bad input.",
    )
    h.add_argument("target", nargs="?", metavar="FILE.py::NAME", help="a Python file and the statement's function name or id")
    h.add_argument("--max-n", type=int, help="largest number of vertices (default 7)")
    h.add_argument("--out", metavar="DIR", help="write the counterexample under DIR/<ID>/ (default: counterexamples/ in the "
                   "current folder)")
    h.add_argument("--json", action="store_true", help="print JSON")
    h.add_argument("--no-progress", action="store_true", help="no progress bars")
    h.add_argument("--graphs", metavar="SPEC", help=GRAPHS_HELP.replace("check on", "hunt over"))
    add_sweep_options(h)
    h.set_defaults(run=run_hunt)


def add_sweep_options(p) -> None:
    """The options of a sweep (backend, shards, store, resumption), shared by ``check`` and ``hunt``."""
    g = p.add_argument_group(
        "execution and results store",
        "Each n is split into geng shards (res/mod) that run on the chosen backend; every finished shard is "
        "written to the store, so a killed run continues with --resume. The answer is the same on every backend.",
    )
    g.add_argument("--jobs", type=int, metavar="J", help="worker processes (default: 1, in this process, for small runs; "
                   "all cores with --mod > 1, n ≥ 7 or --dask)")
    g.add_argument("--mod", type=int, metavar="M", help="geng shards per n (default: 1 up to n = 6, then 8, 64, 512, … at n = 7, 8, 9, …)")
    g.add_argument("--dask", metavar="ADDRESS", help="run the shards on the Dask scheduler at ADDRESS, or 'local' for an embedded "
                   "LocalCluster of J workers (needs pip install 'shannon-verify[dask]')")
    g.add_argument("--all", action="store_true", help="go on past the first n with a counterexample")
    g.add_argument("--store", metavar="PATH", help=f"results store (default {DEFAULT_STORE})")
    g.add_argument("--no-store", action="store_true", help="keep no results (a killed run cannot be resumed)")
    g.add_argument("--resume", metavar="RUN_ID", help="continue stored run RUN_ID (a number, or 'last'): no finished shard is computed again")
    g.add_argument("--timeout", type=float, metavar="SECONDS", help="stop the whole run after SECONDS, as Ctrl-C does: "
                   "what was not finished is unknown, never holds; the finished shards are kept for --resume")
    g.add_argument("--audit", type=int, metavar="N", help="re-check one game in N (a deterministic sample) by each "
                   "statement's plain route and fail on any disagreement with the route that decided it (default 64; "
                   "0: no audit); the sample's counts are stored with each shard and reported under 'audit'")
    g.add_argument("--instance-timeout", type=float, metavar="SECONDS", help="give up on an instance whose check runs "
                   "past SECONDS: its statement is unknown at that n (worker processes and serial runs; not on Dask)")


def _status() -> dict:
    """Each statement's latest verdict with the run it came from (:data:`VERDICTS`; a
    statement only in :data:`LAST_RUN`, written before it existed, comes from there)."""
    out = {}
    try:
        out = {r["id"]: {"verdict": r["verdict"]} for r in json.loads(LAST_RUN.read_text())}
    except (OSError, ValueError, KeyError, TypeError):
        pass
    try:
        kept = json.loads(VERDICTS.read_text())
        out.update({k: v for k, v in kept.items() if isinstance(v, dict) and isinstance(v.get("verdict"), str)})
    except (OSError, ValueError, AttributeError):
        pass
    return out


def _keep_verdicts(results, origin: dict) -> None:
    """Record the verdicts of ``results`` (not the interrupted ones) in :data:`VERDICTS`
    with their ``origin`` (run id, store, command, time); the other statements' stay."""
    try:
        kept = json.loads(VERDICTS.read_text())
        if not isinstance(kept, dict):
            kept = {}
    except (OSError, ValueError):
        kept = {}
    for r in results:
        if r.reason == "interrupted":
            continue
        kept[r.id] = {"verdict": r.verdict, "n_range": [r.n_min, r.n_max], **origin}
    tmp = VERDICTS.with_name(VERDICTS.name + ".part")
    tmp.write_text(json.dumps(kept, indent=2, sort_keys=True))
    tmp.replace(VERDICTS)


def _from(entry: dict) -> str:
    """Which run a kept verdict came from, in words (``""`` when not known).

    >>> _from({"verdict": "holds", "run": 3, "store": "s.db", "finished": "2026-12-04 19:55:01"})
    'run 3 of s.db, 2026-12-04 19:55'
    >>> _from({"verdict": "holds", "run": None, "finished": "2026-12-04 19:55:01"})
    'unstored run, 2026-12-04 19:55'
    """
    when = (entry.get("finished") or "")[:16]
    if entry.get("run") is not None:
        what = f"run {entry['run']}" + (f" of {entry['store']}" if entry.get("store") else "")
    elif when:
        what = "unstored run"
    else:
        return ""
    return what + (f", {when}" if when else "")


def source_name(source: str) -> str:
    """A statement's source with the paper's file name replaced by its short name.

    >>> source_name("000_5ace32d4bebf4a78.txt §5, Theorem 12")  # doctest: +SKIP
    'TSD §5, Theorem 12'
    """
    for f, prefix in paper_files().items():
        source = source.replace(f, prefix)
    return source


def list_rows() -> list[dict]:
    """Every statement of the catalogue and every registered one: the registered with
    their depths, last verdict and routes (:mod:`verify.registry.routes`), the pending
    ones as ``not encoded`` with the reason."""
    from ..papers import pending
    from ..registry.routes import routes_of

    load_paper_statements()
    status = _status()
    rows = [
        {"id": s.id, "kind": s.kind, "source": source_name(s.source), "tier_n": s.tier_depth, "max_n": s.max_n,
         "expect": s.expect, "encoded": True, "last": status.get(s.id, {}).get("verdict", ""),
         "last_run": _from(status.get(s.id, {})) or None,
         "routes": [r.to_json() for r in routes_of(s.id)]}
        for s in REGISTRY.values()
    ]
    entries = catalogue()
    for i, reason in pending().items():
        kind = entries[i].kind if i in entries else "-"
        rows.append({"id": i, "kind": kind, "source": i.split(".")[0], "tier_n": None, "max_n": None,
                     "expect": None, "encoded": False, "last": "not encoded", "reason": reason})
    return sorted(rows, key=lambda r: r["id"])


def run_list(args: argparse.Namespace) -> int:
    rows = list_rows()
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    for r in rows:
        if r["encoded"]:
            came = f"  (from {r['last_run']})" if r.get("last_run") else ""
            print(f"{r['id']:<18} {r['kind']:<8} n≤{r['tier_n']}/{r['max_n']:<3} {r['last'] or '-':<11} {r['source']}{came}")
        else:
            print(f"{r['id']:<18} {r['kind']:<8} {'':<7} {'not encoded':<11} {r['reason']}")
    encoded = sum(r["encoded"] for r in rows)
    paper = [r for r in rows if r["id"].split(".")[0] in paper_prefixes()]
    print(f"{len({catalogue_id(r['id']) or r['id'] for r in paper})} catalogue ids: "
          f"{sum(not r['encoded'] for r in rows)} not encoded; {encoded} registered statements (parts and readings counted apart)")
    return 0


def flagged(results, statements: dict | None = None) -> list:
    """The results the report flags for attention (:func:`verify.report.attention`): fails,
    unknown, vacuous, not-found, and a statement recorded as refuted whose refutation was
    not reached.  ``check`` and ``hunt`` exit with status 1 when there is any."""
    from ..report import attention

    statements = statements or {}
    return [r for r in results if attention(r.to_json(), statements.get(r.id) or REGISTRY.get(r.id))]


def _stamp() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S")


def _report(results, as_json: bool, started: float | None = None, plan: dict | None = None, origin: dict | None = None) -> int:
    started = time.perf_counter() - sum(r.seconds for r in results) if started is None else started
    attention = flagged(results)
    classes = {p["id"]: p["graphs"] for p in (plan or {}).get("statements", []) if p.get("graphs")}
    out = [{**r.to_json(), **({"graphs": classes[r.id]} if r.id in classes else {})} for r in results]
    LAST_RUN.parent.mkdir(exist_ok=True)
    LAST_RUN.write_text(json.dumps(out, indent=2))
    _keep_verdicts(results, origin or {"run": None, "finished": _stamp()})
    if as_json:
        print(json.dumps(out, indent=2))
    else:
        for spec in sorted(set(classes.values())):
            ids = [r.id for r in results if classes.get(r.id) == spec]
            print(f"over {GraphClass.parse(spec)}: {', '.join(ids) if len(ids) < len(results) else 'every statement'}")
        for r in results:
            line = f"{r.id:<14} {r.verdict:<9} n={r.n_min}..{r.n_max:<3} instances {r.instances:>8}  hypothesis {r.hypothesis_true:>9}  {r.seconds:7.1f} s"
            print(line)
            if r.derived:  # concluded by a lemma, not checked (verify.registry.statement.Tally.derived)
                print(f"{'':14} (+{r.derived['count']:,} derived, not checked: {r.derived['by'].split(':')[0]})")
            if r.witness_path:
                print(f"{'':14} -> {r.witness_path}")
            if r.reason:
                print(f"{'':14} ({r.reason})")
        if attention:
            print(f"{len(attention)} of {len(results)} need attention: {', '.join(r.id + ' ' + r.verdict for r in attention)}",
                  file=sys.stderr)
        print(summary_line([r.verdict for r in results], time.perf_counter() - started, len(attention)))
    return 1 if attention else 0


@contextmanager
def user_output_to_stderr(active: bool = True):
    """While a ``--json`` run executes user code, whatever that code prints goes to standard
    error, so standard output holds only the JSON: ``sys.stdout`` is standard error in this
    process, and file descriptor 1 is a copy of descriptor 2 for the worker processes
    started meanwhile (both are put back at the end)."""
    if not active:
        yield
        return
    old = sys.stdout
    try:
        old.flush()
    except (OSError, ValueError):
        pass
    try:
        saved = os.dup(1)
        os.dup2(2, 1)
    except OSError:  # no descriptor 1 or 2: only the Python-level stream is moved
        saved = None
    sys.stdout = sys.stderr
    try:
        yield
    finally:
        try:
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        sys.stdout = old
        if saved is not None:
            os.dup2(saved, 1)
            os.close(saved)


def check_source_hash(st: Statement) -> str | None:
    """SHA-256 of the code a paper statement's check can run: its module, every route and
    oracle it reaches (:func:`verify.sweep.provenance.code_hash`); None when unavailable."""
    from ..sweep.provenance import code_hash

    try:
        return code_hash(st)
    except (OSError, TypeError):
        return None


def _graph_class(args: argparse.Namespace) -> GraphClass | None:
    """The class of ``--graphs`` (None when not given); a bad spec is one sentence."""
    spec = getattr(args, "graphs", None)
    return None if spec is None else GraphClass.parse(spec)


def _check_range(args: argparse.Namespace, in_class: bool = False) -> None:
    """``--max-n`` and ``--min-n`` in range: up to 12 on all connected graphs, up to 32
    (geng's largest n) on a graph class (``in_class``)."""
    top = MAX_N_CLASS if in_class else MAX_N
    why = " on a graph class (geng's largest n)" if in_class else ""
    if args.max_n is not None and not 1 <= args.max_n <= top:
        raise InputError(f"--max-n must be between 1 and {top}{why}.")
    if getattr(args, "min_n", None) is not None:
        if not 1 <= args.min_n <= top:
            raise InputError(f"--min-n must be between 1 and {top}{why}.")
        if args.max_n is not None and args.min_n > args.max_n:
            raise InputError(f"--min-n {args.min_n} is above --max-n {args.max_n}.")


def _set_audit(args: argparse.Namespace) -> None:
    """``--audit N``: the rate of :mod:`verify.sweep.audit`, for this process and its workers."""
    from ..sweep.audit import AUDIT_ENV

    if getattr(args, "audit", None) is not None:
        if args.audit < 0:
            raise InputError(f"--audit takes 0 (no audit) or a positive number of games, not {args.audit}.")
        os.environ[AUDIT_ENV] = str(args.audit)


def run_check(args: argparse.Namespace) -> int:
    _set_audit(args)
    load_paper_statements()
    gc = _graph_class(args)
    ids = list(dict.fromkeys(args.ids)) or sorted(REGISTRY)  # each id once, in the order given
    if args.ids:
        args.ids = ids
    elif gc is not None and not gc.is_all:  # all statements a class can restrict
        ids = [i for i in ids if in_games(REGISTRY[i])]
    unknown = [i for i in ids if i not in REGISTRY]
    if unknown:
        raise InputError(f"No statement {unknown[0]} is registered (see 'shannon-verify list').")
    restricted_to = {i: restricted(REGISTRY[i], gc) for i in ids} if not args.resume else {}
    # a stored run's range was checked when it started; a new one may go past n = 12 when every statement is on a class
    _check_range(args, in_class=bool(args.resume) or (bool(restricted_to) and all(
        st.graph_class is not None and not st.graph_class.is_all for st in restricted_to.values())))
    if args.full and args.max_n is not None:
        raise InputError("Give --full or --max-n, not both.")
    if getattr(args, "route", None):
        return _check_route(args, ids, restricted_to)
    plan = None
    started = time.perf_counter()
    if not args.resume:
        statements = []
        for i in ids:
            st = restricted_to[i]
            depth = args.max_n if args.max_n is not None else (st.max_n if args.full else st.tier_depth)
            lo = st.min_n if args.min_n is None else args.min_n
            if lo > depth:
                raise InputError(f"--min-n {lo} is above the depth {depth} that {i} would be checked to; give --max-n too.")
            statements.append({"id": i, "source": None, "min_n": lo, "max_n": depth, "hash": check_source_hash(st),
                               **({"table": True} if st.kind == "table" else {}),
                               **({"graphs": class_spec(st)} if class_spec(st) else {})})
        plan = _plan("check", statements, args)
    with user_output_to_stderr(args.json):
        results = _run_plan(args, "check", plan)
    return _report(results, args.json, started, getattr(args, "ran", None), getattr(args, "origin", None))


def _check_route(args: argparse.Namespace, ids: list[str], restricted_to: dict) -> int:
    """``check --route NAME``: each statement through that route, forced at every n, here."""
    from ..registry.routes import route_names

    if args.resume or args.dask or args.store:
        raise InputError("--route runs here, with no store: give it without --resume, --store or --dask.")
    lacking = [i for i in ids if args.route not in route_names(i)]
    if lacking:
        raise InputError(f"{lacking[0]} has no route {args.route!r}; its routes are {', '.join(route_names(lacking[0]))}.")
    started = time.perf_counter()
    results = []
    with user_output_to_stderr(args.json):
        for i in ids:
            st = restricted_to[i]
            depth = args.max_n if args.max_n is not None else (st.max_n if args.full else st.tier_depth)
            results.append(run_statement(st, max_n=depth, min_n=args.min_n, progress=not args.no_progress and not args.json,
                                         route=args.route))
    return _report(results, args.json, started, {"route": args.route}, None)


def _plan(kind: str, statements: list[dict], args: argparse.Namespace) -> dict:
    plan = {"kind": kind, "statements": statements, "mod": args.mod, "all": args.all, "split": GENG_SPLIT}
    gc = _graph_class(args)
    if gc is not None and not gc.is_all:
        plan["graphs"] = gc.spec
    if getattr(args, "one_pass", False) or getattr(args, "full", False):  # the deep sweep: one pass over the games
        plan["one_pass"] = True
    return plan


def _describe(plan: dict) -> str:
    ids = [p["id"] for p in plan["statements"]]
    what = " ".join(ids[:3]) + (f" and {len(ids) - 3} more" if len(ids) > 3 else "")
    mod = f", --mod {plan['mod']}" if plan["mod"] else ""
    graphs = f", --graphs {plan['graphs']}" if plan.get("graphs") else ""
    return f"{what} to n = {max((p['max_n'] for p in plan['statements']), default=0)}{mod}{graphs}{', --all' if plan['all'] else ''}"


def _differs(args: argparse.Namespace, plan: dict) -> bool:
    """Whether an option given with ``--resume`` contradicts the stored plan (options not given never do)."""
    sts = plan["statements"]
    return (
        (bool(getattr(args, "ids", None)) and args.ids != [p["id"] for p in sts])
        or (getattr(args, "target", None) is not None and _source(args.target) != sts[0]["source"])
        or (args.max_n is not None and any(p["max_n"] != args.max_n for p in sts))
        or (getattr(args, "min_n", None) is not None and any(p["min_n"] != args.min_n for p in sts))
        or (getattr(args, "full", False) and any(p["max_n"] != load_statement(p["id"], p["source"]).max_n for p in sts))
        or (args.mod is not None and args.mod != plan["mod"])
        or (args.all and not plan["all"])
        or (getattr(args, "one_pass", False) and not plan.get("one_pass"))
    )


def _source(target: str) -> str:
    path, name = target.rsplit("::", 1)
    return f"{Path(path).resolve()}::{name}"


def _run_plan(args: argparse.Namespace, kind: str, plan: dict | None) -> list[Result]:
    """Run ``plan`` (or, with ``--resume``, the stored run's) on the backend and store of ``args``;
    the results in plan order.  SIGTERM (``kill PID``) stops it as Ctrl-C does: the
    finished shards stay stored and the run is marked interrupted, to resume."""
    import os
    import signal
    import threading

    from ..registry.runner import INSTANCE_TIMEOUT_ENV

    if getattr(args, "instance_timeout", None):
        os.environ[INSTANCE_TIMEOUT_ENV] = repr(args.instance_timeout)  # before the workers start: they inherit it
    timer, fired = None, threading.Event()
    if getattr(args, "timeout", None):
        def expire() -> None:
            fired.set()
            os.kill(os.getpid(), signal.SIGTERM)  # stops the run as Ctrl-C does (interrupt_on_term)

        timer = threading.Timer(args.timeout, expire)
        timer.daemon = True
    try:
        with interrupt_on_term():
            if timer is not None:
                timer.start()
            results = _run_plan_here(args, kind, plan)
    finally:
        if timer is not None:
            timer.cancel()
        os.environ.pop(INSTANCE_TIMEOUT_ENV, None)
    if fired.is_set():
        for r in results:
            if r.reason == "interrupted":
                r.reason = (f"the run's time limit of {args.timeout:g} s (--timeout) was reached"
                            + ("" if args.no_store else "; resume it with --resume"))
    return results


def _run_plan_here(args: argparse.Namespace, kind: str, plan: dict | None) -> list[Result]:
    if args.jobs is not None and args.jobs < 1:
        raise InputError("--jobs must be at least 1.")
    if args.mod is not None and not 1 <= args.mod <= MAX_MOD:
        raise InputError(f"--mod must be between 1 and {MAX_MOD}.")
    if args.resume and args.no_store:
        raise InputError("--resume reads the store; drop --no-store.")
    if args.no_store and args.store is not None:
        raise InputError("Give --store PATH or --no-store, not both.")
    store = None if args.no_store else Store(args.store or DEFAULT_STORE, create=not args.resume)
    run_id = None
    try:
        if args.resume:
            run_id = store.run_id(args.resume)
            stored = store.run(run_id)["plan"]
            if stored.get("kind") != kind:
                raise InputError(f"Run {run_id} is a '{stored.get('kind')}' run; resume it with 'shannon-verify {stored.get('kind')} --resume {run_id}'.")
            if stored.get("split") != GENG_SPLIT:
                raise InputError(f"Run {run_id} split each n with geng {stored.get('split')}, this version with {GENG_SPLIT}; start a new run.")
            gc = _graph_class(args)
            if gc is not None and gc.spec != run_graph_class(stored):
                then = run_graph_class(stored)
                raise InputError(f"Run {run_id} runs over {GraphClass.parse(then)}, not {gc}; resume it without --graphs"
                                 f"{' or with --graphs ' + then if then else ''}.")
            if _differs(args, stored):
                raise InputError(f"Run {run_id} checks {_describe(stored)}; resume it without these options, or with the same ones.")
            _same_sources(run_id, stored)
            plan = stored
        jobs = args.jobs
        if jobs is None:
            # n = 7 is the first n split into shards (8): from there the cores pay off
            deep = (plan["mod"] or 1) > 1 or any(p["max_n"] >= 7 for p in plan["statements"])
            jobs = cpu_count() if args.dask or deep else 1
        backend = make_backend(jobs, args.dask)
    except BaseException:
        if store is not None:
            store.close()
        raise
    status = "failed"
    results: list[Result] = []
    try:
        if store is not None:
            if args.resume:
                then, now = store.resume_run(run_id, backend.describe())["versions"], versions()
                changed = [f"{k} {then.get(k)} -> {now.get(k)}" for k in now if k in VERSION_KEYS and then.get(k) != now.get(k)]
                if changed:
                    print(f"warning: run {run_id} continues with other versions ({', '.join(changed)})", file=sys.stderr)
                note = f"resuming run {run_id} ({len(store.shard_rows(run_id))} shards already stored)"
            else:
                command = "shannon-verify " + " ".join(shlex.quote(a) for a in getattr(args, "argv", None) or [kind])
                run_id = store.new_run(command, plan, versions(backend.describe()), backend.describe())
                note = f"run {run_id}"
            if run_graph_class(plan):
                note += f" over {GraphClass.parse(run_graph_class(plan))}"
            if not args.json:
                print(f"{note} on {backend.describe()}, stored in {store.path}; resume with --resume {run_id}", file=sys.stderr)
        progress = not args.no_progress and sys.stderr.isatty()
        root = Path(plan["out"]) if plan.get("out") else None
        args.ran = plan
        with Overall(len(plan["statements"]), kind, enabled=not args.no_progress) as overall:
            if plan.get("one_pass"):
                results, status = _one_pass(args, plan, backend, store, run_id, root, overall, progress)
            elif jobs > 1 and len(plan["statements"]) > 1 and getattr(backend, "name", "") != "serial":
                results, status = _side_by_side(args, plan, backend, store, run_id, root, overall, width=jobs)
            else:
                for p in plan["statements"]:
                    st = _load(p)
                    args.loaded = {**getattr(args, "loaded", {}), st.id: st}
                    r = _sweep_one(st, p, plan, backend, store, run_id, root, overall, progress)
                    results.append(r)
                    if r.reason == "interrupted":
                        status = "interrupted"
                        break
                else:
                    status = "done"
    finally:
        backend.close(cancel=status != "done")
        if store is not None:
            if run_id is not None:
                store.finish_run(run_id, status)
            store.close()
        args.origin = {"run": run_id, "store": None if store is None else str(store.path), "finished": _stamp(),
                       "command": "shannon-verify " + " ".join(shlex.quote(a) for a in getattr(args, "argv", None) or [kind])}
    return results


def _sweep_one(st, p: dict, plan: dict, backend, store, run_id, root, overall, progress: bool) -> Result:
    """One statement of the plan swept alone, shown on the overall line, its result
    stored unless it was interrupted."""
    overall.start(f"{st.id} (n ≤ {p['max_n']})")
    r = sweep(st, p["max_n"], p["min_n"], backend=backend, store=store, run_id=run_id, mod=plan["mod"],
              source=p["source"], all_n=plan["all"], progress=progress, root=root)
    overall.done(r.id, f"{r.verdict} in {r.seconds:.1f} s")
    if r.reason != "interrupted" and store is not None:
        store.record_result(run_id, r)
    return r


def _one_pass(args, plan: dict, backend, store, run_id, root, overall, progress: bool) -> tuple[list[Result], str]:
    """Run the plan with its game-by-game statements in one pass over the games
    (:func:`verify.sweep.onepass.sweep_together`), then the others one at a time; the
    results in plan order."""
    from ..sweep.onepass import groupable, sweep_together

    items = plan["statements"]
    loaded = [_load(p) for p in items]
    args.loaded = {**getattr(args, "loaded", {}), **{st.id: st for st in loaded}}
    passes: dict[str, list[int]] = {}  # one pass per graph class
    for k, st in enumerate(loaded):
        if groupable(st):
            passes.setdefault(class_spec(st), []).append(k)
    results: list[Result | None] = [None] * len(items)
    for together in passes.values():
        for k in together:
            overall.start(f"{loaded[k].id} (n ≤ {items[k]['max_n']})")
        bar = None
        lines: dict[int, object] = {}  # n -> plain shard lines off a terminal (CI logs)
        if progress:
            from tqdm import tqdm

            bar = tqdm(desc="one pass", unit=" shards", leave=False, file=sys.stderr, mininterval=0.5, disable=None)

        def on_level(n: int, res: int, seconds: float, done: int, total: int) -> None:
            if bar is not None:
                bar.set_description(f"one pass n={n}")
                bar.total = total
                bar.n = done
                bar.refresh()
            elif not args.no_progress and total > 1:
                if n not in lines:
                    lines[n] = shard_lines(f"one pass n={n}")
                if res is not None:
                    lines[n](res, {}, seconds, done, total)

        try:
            group = [(loaded[k], items[k]["min_n"] if items[k]["min_n"] is not None else loaded[k].min_n, items[k]["max_n"])
                     for k in together]
            rs = sweep_together(group, backend=backend, store=store, run_id=run_id, mod=plan["mod"], all_n=plan["all"],
                                root=root, on_level=on_level)
        finally:
            if bar is not None:
                bar.close()
        for k, r in zip(together, rs):
            results[k] = r
            overall.done(r.id, f"{r.verdict} in {r.seconds:.1f} s")
            if r.reason != "interrupted" and store is not None:
                store.record_result(run_id, r)
        if any(r.reason == "interrupted" for r in rs):
            return [r for r in results if r is not None], "interrupted"
    for k, (st, p) in enumerate(zip(loaded, items)):
        if results[k] is not None:
            continue
        r = results[k] = _sweep_one(st, p, plan, backend, store, run_id, root, overall, progress)
        if r.reason == "interrupted":
            return [r for r in results if r is not None], "interrupted"
    return [r for r in results if r is not None], "done"


def _side_by_side(args, plan: dict, backend, store, run_id, root, overall, width: int) -> tuple[list[Result], str]:
    """Run the plan's statements ``width`` at a time, each in a thread of this process
    whose shards go to the shared worker pool, so that a statement of one shard (a small
    ``n``, a table, a list of links) never leaves a core idle while another statement
    waits.  Every statement runs exactly as alone (the same sweep, the same shards; the
    decision procedures are recorded per thread); the results come back in plan order.
    Ctrl-C stops the workers: the statements under way are ``unknown`` (interrupted),
    those not started are left out, as in a run one statement at a time."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from ..sweep.sweep import coordinating

    items = plan["statements"]
    loaded = [_load(p) for p in items]  # in this thread: the cache is not shared-safe
    args.loaded = {**getattr(args, "loaded", {}), **{st.id: st for st in loaded}}
    stop = threading.Event()
    results: list[Result | None] = [None] * len(items)
    started = [False] * len(items)

    def one(k: int) -> Result | None:
        if stop.is_set():
            return None
        started[k] = True
        st, p = loaded[k], items[k]
        overall.start(f"{st.id} (n ≤ {p['max_n']})")
        try:
            with coordinating():
                r = sweep(st, p["max_n"], p["min_n"], backend=backend, store=store, run_id=run_id, mod=plan["mod"],
                          source=p["source"], all_n=plan["all"], progress=False, root=root)
        except Exception:
            if stop.is_set():  # the workers were stopped under it
                r = Result(st.id, "unknown", p["min_n"] or st.min_n, p["max_n"], reason="interrupted")
            else:
                raise
        overall.done(r.id, f"{r.verdict} in {r.seconds:.1f} s")
        if r.reason == "interrupted":
            stop.set()
        elif store is not None:
            store.record_result(run_id, r)
        results[k] = r
        return r

    pool = ThreadPoolExecutor(max_workers=width, thread_name_prefix="statement")
    futures = [pool.submit(one, k) for k in range(len(items))]
    try:
        for f in futures:
            f.result()
    except KeyboardInterrupt:
        stop.set()
        backend.close(cancel=True)
        for f in futures:
            f.cancel()
        for f in futures:
            try:
                f.result()
            except BaseException:  # a statement stopped mid-way; marked below
                pass
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    out: list[Result] = []
    for k, r in enumerate(results):
        if r is None:
            if not started[k]:
                break
            r = Result(loaded[k].id, "unknown", items[k]["min_n"] or loaded[k].min_n, items[k]["max_n"],
                       reason="interrupted")
        out.append(r)
        if r.reason == "interrupted":
            break
    return out, ("interrupted" if stop.is_set() else "done")


def _load(p: dict) -> Statement:
    """The statement of plan entry ``p``, restricted to the graph class it runs over."""
    return load_statement(p["id"], p["source"], p.get("graphs") or None)


def _same_sources(run_id: int, plan: dict) -> None:
    """Refuse to resume a run whose statements' source changed since it started."""
    for p in plan["statements"]:
        then = p.get("hash")
        if then is None:
            continue
        if p["source"] is not None:
            now = source_hash(p["source"].rsplit("::", 1)[0])
            what = p["source"].rsplit("::", 1)[0]
        else:
            now = check_source_hash(load_statement(p["id"]))
            what = f"the check of {p['id']}"
        if now != then:
            raise InputError(f"Run {run_id} cannot be resumed: {what} changed since it started; start a new run.")


def run_hunt(args: argparse.Namespace) -> int:
    _set_audit(args)
    with user_output_to_stderr(args.json):  # the file's code runs from its import on
        r, st = _hunt(args)
    graphs = class_spec(st)
    if args.json:
        print(json.dumps({**r.to_json(), **({"graphs": graphs} if graphs else {})}, indent=2))
    else:
        where = f" in {st.graph_class}" if graphs else ""
        print(f"{r.id}: {r.verdict} on n = {r.n_min}..{r.n_max}{where} ({r.instances} games, hypothesis true {r.hypothesis_true} times, {r.seconds:.1f} s)")
        if r.witness:
            w = r.witness
            print(f"smallest {'example' if st.kind == 'ex' else 'counterexample'}: {st.domain.describe(w)}")
            print(f"details: {w['details']}")
            print(f"written to {r.witness_path}")
        elif r.reason:
            print(f"({r.reason})")
    return 1 if flagged([r], getattr(args, "loaded", {})) else 0


def _hunt(args: argparse.Namespace) -> tuple[Result, Statement]:
    """The hunt of ``args``, run: its result and statement."""
    gc = _graph_class(args)
    plan = None
    if args.target is None and not args.resume:
        _check_range(args, in_class=gc is not None and not gc.is_all)
        raise InputError("Give the statement as FILE.py::NAME (or --resume RUN_ID).")
    st = None
    if args.target is not None:
        st = load_user_statement(args.target)
        if gc is not None:
            st = restricted(st, gc)
        _check_range(args, in_class=st.graph_class is not None and not st.graph_class.is_all)
        if not args.resume:
            source = _source(args.target)
            if (args.max_n or 7) < st.min_n:
                raise InputError(f"--max-n {args.max_n} is below the smallest n of {st.id} ({st.min_n}).")
            out = str(Path(args.out or "counterexamples").resolve())
            plan = _plan("hunt", [{"id": st.id, "source": source, "min_n": st.min_n, "max_n": args.max_n or 7,
                                   "hash": source_hash(source.rsplit("::", 1)[0]),
                                   **({"graphs": class_spec(st)} if class_spec(st) else {})}], args)
            plan["out"] = out
    else:
        _check_range(args, in_class=True)  # the stored run's range was checked when it started
    r = _run_plan(args, "hunt", plan)[0]
    return r, getattr(args, "loaded", {}).get(r.id, st)
