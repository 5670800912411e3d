"""``shannon-verify links``: every minimal weak (or strong) link on n vertices (LNK §3).

Runs the exhaustive search of :mod:`verify.papers.lnk.search` over every connected
graph on ``n`` vertices (geng) and every terminal pair up to isomorphism and prints
each minimal link: one JSON object per line with ``--json`` (graph6 and terminals in
nauty's canonical labelling, weight, p, d_s, d_t, d_max, m, edges, pivots,
articulation vertices, S-/P-/T-reducibility), else one line per link; ``--gallery
PNG`` draws them all (terminals as squares, pivots orange, as in the paper's figures).  ``--minimax``
re-checks every link with plain minimax and fails (exit 1) on any disagreement.

``--engine c`` (the default for weak links when gcc is present) runs the compiled
sieve and solver of :mod:`verify.papers.lnk.kernel` straight from geng in ``--jobs``
processes (geng shards ``res/mod``), every link re-solved in Python; it reaches n = 11
with ``--store PATH`` (one line per finished shard), ``--resume`` and ``--shards A-B``
(run part of the shards: the links are then reported as partial).

``--engine plain`` runs the plain compiled search of :mod:`verify.papers.lnk.plain`
(every connected graph, no geng bound, every terminal pair but for the elementary
conditions of ``candidate_pairs``, or none with ``--all-pairs``; weak or ``--strong``),
with the same ``--jobs``/``--mod``/``--shards``/``--store``/``--resume``;
``--engine independent`` decides the same candidates with the second solver
(:mod:`verify.papers.lnk.independent`, Python, no code shared with the C solver).
``--max-degree D`` runs the class search of :mod:`verify.papers.lnk.classes` (n ≤ 17): every
minimal link on n vertices of maximum degree ≤ D, from ``geng -c -d2 -DD`` (and, for weak
links, the graphs on n − 1 vertices with a pendant terminal added), pruned only by rules
proved from the rules of the game (:mod:`verify.papers.lnk.rules`), every link re-solved in
Python and re-decided by the second solver; ``--json`` lists each link (canonical graph6,
terminals, terminal distance, S-, P-, T-reducibility) and ends with a summary object.  The
C2 run's stores are ``docs/lnk/maxdeg3/{weak,strong}_n<N>.jsonl`` (``--store … --resume``
reads them).

``--compare`` then sets the links found beside the sieved run (weak; n = 11: the stored
run ``docs/lnk/n11_store.jsonl``) or the direct C strong search, link by link, and
exits 1 on a difference (a partial run: on a link the reference lacks).

References
----------
.. [1] A. M. Steane, "Minimal and irreducible links in the Shannon game", §3.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import InputError
from .progress import shard_lines

__all__ = ["register"]


def register(sub) -> None:
    p = sub.add_parser(
        "links",
        help="list every minimal weak (or strong) link on n vertices",
        description="Exhaustive search for minimal weak links (Short wins moving first, not second, and "
        "every single-edge deletion loses that) or, with --strong, minimal strong links, over every "
        "connected graph on N vertices and terminal pair up to isomorphism (LNK §3).",
    )
    p.add_argument("--n", type=int, required=True, help="number of vertices, terminals included (2..10; 11 with the C engine)")
    p.add_argument("--strong", action="store_true", help="minimal strong links instead of weak ones")
    p.add_argument("--max-degree", type=int, default=None, metavar="D",
                   help="only links of maximum degree ≤ D, by the class search (n up to 17; rules proved from the "
                   "game's rules, no theorem of the paper; every link re-decided by the second solver)")
    p.add_argument("--method", choices=("pruned", "plain", "sieved"), default=None,
                   help="Python engine: pruned (five elementary conditions first, default), plain (every game "
                   "solved) or sieved (the paper's sieve of §3.1 first; weak links only)")
    p.add_argument("--engine", choices=("auto", "c", "python", "plain", "independent"), default="auto",
                   help="c: compiled sieve of §3.1 + exact solver fed from geng, links re-checked in Python "
                   "(weak links); python: the searches of --method; plain: compiled search with no sieve and no "
                   "geng bound (weak or --strong); independent: the same candidates decided by the second, Python "
                   "solver; auto (default): c for weak links when gcc is present and no --method is given")
    p.add_argument("--all-pairs", action="store_true", help="plain/independent: no elementary pair condition")
    p.add_argument("--compare", action="store_true",
                   help="plain/independent: compare the links with the sieved run (weak) or the direct strong search")
    p.add_argument("--jobs", type=int, default=2, help="C engine: pipelines run at once (default 2)")
    p.add_argument("--mod", type=int, default=None, help="C engine: number of geng shards (default: --jobs, 256 at n = 11)")
    p.add_argument("--shards", metavar="A-B", default=None, help="C engine: run only shards A..B (a partial run)")
    p.add_argument("--store", metavar="PATH", default=None, help="C engine: record each finished shard in PATH (JSON lines)")
    p.add_argument("--resume", action="store_true", help="C engine: continue the run recorded in --store")
    p.add_argument("--no-bounds", action="store_true", help="C engine: no geng degree bound (-D(n-4) from Theorem 3, n >= 10)")
    p.add_argument("--sieve-counts", action="store_true",
                   help="print only the sieve of §3.1: graphs kept and rejections per condition (JSON)")
    p.add_argument("--minimax", action="store_true", help="re-check every link with plain minimax")
    p.add_argument("--json", action="store_true", help="one JSON object per link and line")
    p.add_argument("--gallery", metavar="PNG", help="also draw every link (terminals squares, pivots orange) into PNG")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(run=run)


def _engine(args: argparse.Namespace) -> str:
    if args.engine in ("plain", "independent"):
        if args.method is not None:
            raise InputError(f"--method belongs to the Python engine, not to --engine {args.engine}.")
        return args.engine
    if args.all_pairs or args.compare:
        raise InputError("--all-pairs and --compare belong to --engine plain or independent.")
    if args.engine == "python":
        return "python"
    c_ok = not args.strong and args.method in (None, "sieved")
    if args.engine == "c":
        if not c_ok:
            raise InputError("The C engine searches minimal weak links by the sieve; drop --strong/--method or use --engine python.")
        return "c"
    from ..papers.lnk.kernel import kernel_exe

    return "c" if c_ok and args.method is None and kernel_exe(required=False) is not None else "python"


def _shards(text: str | None) -> list[int] | None:
    if text is None:
        return None
    try:
        a, _, b = text.partition("-")
        lo, hi = int(a), int(b or a)
    except ValueError:
        raise InputError(f"--shards takes A-B (shard numbers); got {text!r}.") from None
    if lo > hi:
        raise InputError(f"--shards {text}: the first shard is after the last.")
    return list(range(lo, hi + 1))


def run(args: argparse.Namespace) -> int:
    from ..papers.lnk.kernel import C_MAX_N
    from ..papers.lnk.reduce import p_reducible, s_reducible, t_reducible
    from ..papers.lnk.search import SEARCH_MAX_N, STATS, minimax_discrepancies, search

    if args.mod is not None and args.mod < 1:
        raise InputError("--mod must be at least 1.")
    if args.max_degree is not None:
        return _run_class(args)
    if not 2 <= args.n <= C_MAX_N:
        raise InputError(f"--n must be between 2 and {C_MAX_N}; got {args.n} (up to 17 with --max-degree).")
    engine = _engine(args)
    if engine == "python" and args.n > SEARCH_MAX_N:
        raise InputError(f"The Python engine supports n ≤ {SEARCH_MAX_N}; use --engine c for n = {args.n}.")
    if engine == "python" and (args.store or args.resume or args.shards):
        raise InputError("--store, --resume and --shards belong to the C engine.")
    if args.resume and not args.store:
        raise InputError("--resume needs --store PATH.")
    if args.sieve_counts:
        if engine == "c":
            from ..papers.lnk.kernel import c_search

            _, st = c_search(args.n, jobs=args.jobs, mod=args.mod, bounds=not args.no_bounds)
            print(json.dumps({"n": args.n, "graphs": st["graphs"], "kept": st["kept"], "rejected": st["rejected"],
                              "geng": st["geng"]}))
            return 0
        from ..papers.lnk.sieve import sieve_counts

        print(json.dumps(sieve_counts(args.n)))
        return 0
    progress = not args.no_progress and sys.stderr.isatty()
    if engine in ("plain", "independent"):
        return _run_plain(args, engine, progress)
    cstats = None
    if engine == "c":
        from ..papers.lnk.kernel import c_search

        shard_done = shard_lines("links", enabled=not args.no_progress)
        links, cstats = c_search(args.n, jobs=args.jobs, mod=args.mod, residues=_shards(args.shards),
                                 bounds=not args.no_bounds, store=args.store, resume=args.resume, on_shard=shard_done)
    else:
        links = search(args.n, strong=args.strong, method=args.method or "pruned", progress=progress)
    bad = 0
    for link in links:
        row = link.to_json()
        row.update(s_reducible=s_reducible(link.game), p_reducible=p_reducible(link.game), t_reducible=t_reducible(link.game))
        if args.minimax:
            row["minimax"] = minimax_discrepancies(link) or "agrees"
            bad += row["minimax"] != "agrees"
        if args.json:
            print(json.dumps(row))
        else:
            red = "".join(x for x, k in (("S", "s_reducible"), ("P", "p_reducible"), ("T", "t_reducible")) if row[k]) or "-"
            print(f"{row['graph6']:<12} t={row['terminals']} w={row['weight']} p={row['p']} d_s={row['d_s']} "
                  f"d_t={row['d_t']} d_max={row['d_max']} m={row['m']} pivots={row['pivots']} "
                  f"art={row['articulation']} reducible={red}" + (f" minimax={row['minimax']}" if args.minimax else ""))
    if args.gallery:
        from ..papers.lnk.gallery import draw_gallery

        draw_gallery(links, args.gallery, title=f"minimal {'strong' if args.strong else 'weak'} links, n = {args.n}")
    if cstats is not None:
        if not args.json or not cstats["complete"]:
            part = "" if cstats["complete"] else f" PARTIAL: {cstats['shards_done']} of {cstats['mod']} shards"
            print(f"{len(links)} minimal weak links on {args.n} vertices{part} (C engine: {cstats['graphs']} graphs "
                  f"from geng -c {' '.join(cstats['geng'])}, {cstats['kept']} kept by the sieve, {cstats['games']} "
                  f"games solved, {cstats['seconds']} s)", file=sys.stderr if args.json else sys.stdout)
    elif not args.json:
        method = args.method or "pruned"
        used = method if method != "pruned" or args.n >= (5 if args.strong else 4) else "plain"
        stats = STATS[(args.n, "strong" if args.strong else "weak", used)]
        print(f"{len(links)} minimal {'strong' if args.strong else 'weak'} links on {args.n} vertices "
              f"({stats['graphs']} graphs, {stats['games']} games solved, {stats['seconds']} s)")
    return 1 if bad else 0


def _run_plain(args: argparse.Namespace, engine: str, progress: bool) -> int:
    from ..papers.lnk.plain import compare, independent_search, plain_search, sieved_reference

    if args.sieve_counts or args.gallery or args.minimax:
        raise InputError(f"--sieve-counts, --gallery and --minimax do not apply to --engine {engine}.")

    shard_done = shard_lines(f"links ({engine})", enabled=not args.no_progress)
    kw = dict(strong=args.strong, all_pairs=args.all_pairs, jobs=args.jobs, mod=args.mod, residues=_shards(args.shards),
              store=args.store, resume=args.resume, on_shard=shard_done)
    kind = "strong" if args.strong else "weak"
    if engine == "plain":
        links, st = plain_search(args.n, **kw)
        keys = [l.key for l in links]
        for link in links:
            print(json.dumps(link.to_json()) if args.json else
                  f"{link.graph6:<12} t={list(link.terminals)} w={link.weight} p={link.p} m={link.m} pivots={list(link.pivots)}")
    else:
        keys, st = independent_search(args.n, **kw)
        for n, m, g6, terms in keys:
            print(json.dumps({"graph6": g6, "terminals": list(terms), "n": n, "m": m}) if args.json else
                  f"{g6:<12} t={list(terms)} m={m}")
    part = "" if st["complete"] else f" PARTIAL: {st['shards_done']} of {st['mod']} shards"
    summary = (f"{len(keys)} minimal {kind} links on {args.n} vertices{part} ({engine} search: {st['graphs']} graphs "
               f"from geng -c, {st['games']} pairs solved, {st['wins']} {kind} links, {st['raw_links']} raw minimal, "
               f"{st['seconds']} s)")
    out = sys.stderr if args.json else sys.stdout
    print(summary, file=out)
    if not args.compare:
        return 0
    ref, what = sieved_reference(args.n, args.strong, args.jobs)
    cmp = compare(keys, ref)
    if st["complete"]:
        ok = cmp["agree"]
        print(f"compared with the {what}: {cmp['a']} and {cmp['b']} links, "
              + ("the same links" if ok else f"{len(cmp['only_a'])} only here, {len(cmp['only_b'])} only there"), file=out)
    else:
        ok = not cmp["only_a"]
        print(f"compared with the {what}: all {cmp['a']} links of these shards are among its {cmp['b']}" if ok else
              f"compared with the {what}: {len(cmp['only_a'])} links of these shards are not among its {cmp['b']}",
              file=out)
    for k in cmp["only_a"] + (cmp["only_b"] if st["complete"] else []):
        where = "only here" if k in cmp["only_a"] else "only there"
        print(f"  {where}: {k[2]} terminals {list(k[3])}", file=out)
    return 0 if ok else 1


def _run_class(args: argparse.Namespace) -> int:
    from ..papers.lnk.classes import class_search, link_row

    if args.engine not in ("auto", "c") or args.method or args.sieve_counts or args.compare or args.minimax:
        raise InputError("--max-degree runs the class search; drop --engine, --method, --sieve-counts, --compare "
                         "and --minimax.")
    if args.resume and not args.store:
        raise InputError("--resume needs --store PATH.")
    if args.mod is not None and args.mod < 1:
        raise InputError("--mod must be at least 1.")
    kind = "strong" if args.strong else "weak"
    shard_done = shard_lines(f"links (maxdeg={args.max_degree})", enabled=not args.no_progress)
    links, st = class_search(args.n, args.max_degree, strong=args.strong, all_pairs=args.all_pairs, jobs=args.jobs,
                             mod=args.mod, residues=_shards(args.shards), store=args.store, resume=args.resume,
                             on_shard=shard_done)
    rows = [link_row(link) for link in links]
    part = "" if st["complete"] else f" PARTIAL: {st['shards_done']} of {st['mod']} shards"
    dist = max((r["distance"] for r in rows), default=None)
    summary = {"n": args.n, "weight": args.n - 2, "kind": kind, "max_degree": args.max_degree, "links": len(rows),
               "complete": st["complete"], "shards_done": st["shards_done"], "mod": st["mod"],
               "d_max_counts": {str(d): sum(r["d_max"] == d for r in rows) for d in sorted({r["d_max"] for r in rows})},
               "largest_distance": dist, "graphs": st["graphs"], "pairs_solved": st["games"],
               "rejected": st["rejected"], "links_of_the_kind": st.get("wins"), "raw_links": st["raw_links"],
               "second_solver": st["second_solver"], "kernel_cpu": st["kernel_cpu"], "geng_cpu": st["geng_cpu"]}
    if args.json:
        for r in rows:
            print(json.dumps(r))
        print(json.dumps({"summary": summary}))
    else:
        for r in rows:
            red = "".join(x for x, k in (("S", "s_reducible"), ("P", "p_reducible"), ("T", "t_reducible")) if r[k]) or "-"
            print(f"{r['graph6']:<18} t={r['terminals']} w={r['weight']} d_s={r['d_s']} d_t={r['d_t']} "
                  f"d_max={r['d_max']} m={r['m']} distance={r['distance']} pivots={r['pivots']} reducible={red}")
        print(f"{len(rows)} minimal {kind} links on {args.n} vertices with maximum degree ≤ {args.max_degree}{part} "
              f"(class search: {st['graphs']} graphs, {st['games']} pairs solved, largest terminal distance "
              f"{dist if dist is not None else '-'}, every link re-decided by the second solver; "
              f"{st['kernel_cpu']} s kernel CPU)")
    return 0
