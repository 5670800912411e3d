"""``shannon-verify links``: every minimal weak (or strong) link on n vertices (LNK §3).

Runs the exhaustive search of :mod:`verify.papers.lnk.search` over every connected
graph on ``n`` vertices (geng) and every terminal pair up to isomorphism and prints
each minimal link: one JSON object per line with ``--json`` (graph6 and terminals in
nauty's canonical labelling, weight, p, d_s, d_t, d_max, m, edges, pivots,
articulation vertices, S-/P-/T-reducibility), else one line per link; ``--gallery
PNG`` draws them all (terminals as squares, pivots orange, as in the paper's figures).  ``--minimax``
re-checks every link with plain minimax and fails (exit 1) on any disagreement.

References
----------
.. [1] A. M. Steane, "Minimal and irreducible links in the Shannon game", §3.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import InputError

__all__ = ["register"]


def register(sub) -> None:
    p = sub.add_parser(
        "links",
        help="list every minimal weak (or strong) link on n vertices",
        description="Exhaustive search for minimal weak links (Short wins moving first, not second, and "
        "every single-edge deletion loses that) or, with --strong, minimal strong links, over every "
        "connected graph on N vertices and terminal pair up to isomorphism (LNK §3).",
    )
    p.add_argument("--n", type=int, required=True, help="number of vertices, terminals included (2..10)")
    p.add_argument("--strong", action="store_true", help="minimal strong links instead of weak ones")
    p.add_argument("--method", choices=("pruned", "plain", "sieved"), default="pruned",
                   help="pruned (five elementary conditions first, default), plain (every game solved) or "
                   "sieved (the paper's sieve of §3.1 first; weak links only)")
    p.add_argument("--sieve-counts", action="store_true",
                   help="print only the sieve of §3.1: graphs kept and rejections per condition (JSON)")
    p.add_argument("--minimax", action="store_true", help="re-check every link with plain minimax")
    p.add_argument("--json", action="store_true", help="one JSON object per link and line")
    p.add_argument("--gallery", metavar="PNG", help="also draw every link (terminals squares, pivots orange) into PNG")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..papers.lnk.reduce import p_reducible, s_reducible, t_reducible
    from ..papers.lnk.search import SEARCH_MAX_N, STATS, minimax_discrepancies, search

    if not 2 <= args.n <= SEARCH_MAX_N:
        raise InputError(f"--n must be between 2 and {SEARCH_MAX_N}; got {args.n}.")
    if args.sieve_counts:
        from ..papers.lnk.sieve import sieve_counts

        print(json.dumps(sieve_counts(args.n)))
        return 0
    progress = not args.no_progress and sys.stderr.isatty()
    links = search(args.n, strong=args.strong, method=args.method, progress=progress)
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
    if not args.json:
        used = args.method if args.method != "pruned" or args.n >= (5 if args.strong else 4) else "plain"
        stats = STATS[(args.n, "strong" if args.strong else "weak", used)]
        print(f"{len(links)} minimal {'strong' if args.strong else 'weak'} links on {args.n} vertices "
              f"({stats['graphs']} graphs, {stats['games']} games solved, {stats['seconds']} s)")
    return 1 if bad else 0
