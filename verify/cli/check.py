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
from ..registry import REGISTRY, catalogue, catalogue_id, in_games, load_paper_statements, paper_prefixes, restricted, run_statement
from ..registry.catalogue import paper_files
from ..registry.statement import Result, Statement  # noqa: F401
from ..registry.user import load_user_statement, source_hash  # noqa: F401  (re-exported for callers of cli.check)
from ..sweep import DEFAULT_STORE
from ..sweep.plan import Plan, Session, check_plan, check_source_hash, execute, hunt_plan  # noqa: F401  (check_source_hash: re-exported)
from ..sweep.shards import class_spec
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


def _audit(args: argparse.Namespace) -> int | None:
    """``--audit N``: the audit rate of :mod:`verify.sweep.audit` (None: not given)."""
    if getattr(args, "audit", None) is not None and args.audit < 0:
        raise InputError(f"--audit takes 0 (no audit) or a positive number of games, not {args.audit}.")
    return getattr(args, "audit", None)


def _session(args: argparse.Namespace, audit: int | None) -> dict:
    """This command's session settings of a plan (:class:`verify.sweep.plan.Plan`)."""
    return {"audit": audit, "timeout": getattr(args, "timeout", None),
            "instance_timeout": getattr(args, "instance_timeout", None)}


def _graphs(args: argparse.Namespace) -> str:
    """The spec of ``--graphs`` for a plan (``""``: not given, or all graphs)."""
    gc = _graph_class(args)
    return gc.spec if gc is not None and not gc.is_all else ""


def run_check(args: argparse.Namespace) -> int:
    audit = _audit(args)
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
    started = time.perf_counter()
    if args.resume:
        plan = Plan("check", **_session(args, audit))
    else:
        plan = check_plan([restricted_to[i] for i in ids], max_n=args.max_n, min_n=args.min_n, full=args.full,
                          mod=args.mod, all_n=args.all, graphs=_graphs(args), one_pass=args.one_pass,
                          **_session(args, audit))
    with user_output_to_stderr(args.json):
        session = _run(args, plan)
    return _report(session.results, args.json, started, session.plan.to_dict(), _origin(args, session))


def _check_route(args: argparse.Namespace, ids: list[str], restricted_to: dict) -> int:
    """``check --route NAME``: each statement through that route, forced at every n, here."""
    from ..sweep.onepass import run_route
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
            results.append(run_route(st, args.route, max_n=depth, min_n=args.min_n,
                                     progress=not args.no_progress and not args.json))
    return _report(results, args.json, started, {"route": args.route}, None)


def _source(target: str) -> str:
    path, name = target.rsplit("::", 1)
    return f"{Path(path).resolve()}::{name}"


def _command(args: argparse.Namespace, kind: str) -> str:
    return "shannon-verify " + " ".join(shlex.quote(a) for a in getattr(args, "argv", None) or [kind])


def _origin(args: argparse.Namespace, session: Session) -> dict:
    """Where the verdicts of ``session`` come from, as :func:`_keep_verdicts` keeps it."""
    return {"run": session.run_id, "store": session.store, "finished": _stamp(), "command": _command(args, session.plan.kind)}


def _run(args: argparse.Namespace, plan: Plan) -> Session:
    """Run ``plan`` (or, with ``--resume``, the stored run's) on the backend and store of
    ``args`` (:func:`verify.sweep.plan.execute`), saying on standard error which run it is."""
    if args.jobs is not None and args.jobs < 1:
        raise InputError("--jobs must be at least 1.")
    if args.mod is not None and not 1 <= args.mod <= MAX_MOD:
        raise InputError(f"--mod must be between 1 and {MAX_MOD}.")
    if args.resume and args.no_store:
        raise InputError("--resume reads the store; drop --no-store.")
    if args.no_store and args.store is not None:
        raise InputError("Give --store PATH or --no-store, not both.")

    def accept(run_id: int, stored: Plan) -> None:
        """Refuse to resume ``stored`` with options that contradict it."""
        gc = _graph_class(args)
        if gc is not None and gc.spec != stored.graphs:
            then = stored.graphs
            raise InputError(f"Run {run_id} runs over {GraphClass.parse(then)}, not {gc}; resume it without --graphs"
                             f"{' or with --graphs ' + then if then else ''}.")
        target = getattr(args, "target", None)
        if stored.contradicts(ids=getattr(args, "ids", None), source=None if target is None else _source(target),
                              max_n=args.max_n, min_n=getattr(args, "min_n", None), full=getattr(args, "full", False),
                              mod=args.mod, all_n=args.all, one_pass=getattr(args, "one_pass", False)):
            raise InputError(f"Run {run_id} checks {stored.describe()}; resume it without these options, or with the same ones.")

    def opened(session: Session) -> None:
        if session.store is None:
            return
        if session.changed:
            print(f"warning: run {session.run_id} continues with other versions ({', '.join(session.changed)})", file=sys.stderr)
        if session.resumed:
            note = f"resuming run {session.run_id} ({session.stored_before} shards already stored)"
        else:
            note = f"run {session.run_id}"
        if session.plan.graphs:
            note += f" over {GraphClass.parse(session.plan.graphs)}"
        if not args.json:
            print(f"{note} on {session.backend}, stored in {session.store}; resume with --resume {session.run_id}",
                  file=sys.stderr)

    bars = not args.no_progress and sys.stderr.isatty()
    return execute(plan, store=None if args.no_store else (args.store or DEFAULT_STORE), resume=args.resume,
                   jobs=args.jobs, dask=args.dask, command=_command(args, plan.kind), accept=accept,
                   code_hash=check_source_hash,  # looked up here, so that a test may replace it
                   on_open=opened, overall=lambda p: Overall(len(p.statements), p.kind, enabled=not args.no_progress),
                   progress=bars, pass_progress=lambda: _pass_progress(args, bars))


@contextmanager
def _pass_progress(args: argparse.Namespace, bars: bool):
    """The progress of one pass over the games: a bar on a terminal, else plain shard
    lines (a CI log), nothing with ``--no-progress``; gives its ``on_level``."""
    bar = None
    lines: dict[int, object] = {}  # n -> plain shard lines off a terminal (CI logs)
    if bars:
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
        yield on_level
    finally:
        if bar is not None:
            bar.close()


def run_hunt(args: argparse.Namespace) -> int:
    audit = _audit(args)
    with user_output_to_stderr(args.json):  # the file's code runs from its import on
        r, st, loaded = _hunt(args, audit)
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
    return 1 if flagged([r], loaded) else 0


def _hunt(args: argparse.Namespace, audit: int | None = None) -> tuple[Result, Statement, dict]:
    """The hunt of ``args``, run: its result, its statement and the statements loaded."""
    gc = _graph_class(args)
    plan = Plan("hunt", **_session(args, audit))
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
            plan = hunt_plan(st, _source(args.target), max_n=args.max_n, out=str(Path(args.out or "counterexamples").resolve()),
                             mod=args.mod, all_n=args.all, graphs=_graphs(args), **_session(args, audit))
    else:
        _check_range(args, in_class=True)  # the stored run's range was checked when it started
    session = _run(args, plan)
    r = session.results[0]
    return r, session.loaded.get(r.id, st), session.loaded
