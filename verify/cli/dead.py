"""``shannon-verify dead``: which vertices and edges are dead, with certificates."""

from __future__ import annotations

import argparse
import json
import time

from ..dead import METHODS, classify, is_dead_edge, is_dead_vertex
from ..errors import InputError
from .inputs import add_game_arguments, load_game, parse_vertex_arg, picture_path, write_picture

__all__ = ["register", "MAX_N", "SMT_MAX_N"]

MAX_N = 400
"""Most vertices ``dead`` accepts without ``--force`` (a 19x19 Hex board has 363).  Every
query also evaluates the TSD §5 theorems on the whole game, which grows as n³: about
10 s at n = 400 on a loaded 2-core machine, minutes for a 40x40 board."""
SMT_MAX_N = 32
"""Most vertices ``--method smt`` accepts without ``--force``: z3's time varies wildly
beyond (0.3 s to minutes for random graphs of 28–36 vertices)."""


def register(sub) -> None:
    p = sub.add_parser(
        "dead",
        help="classify vertices and edges as dead or live (or ask about one)",
        description="Decide which non-terminal vertices and which edges are dead (TSD §5): "
        "dead means no complete colouring's winner depends on it. Live answers come with an "
        "induced terminal path and a colouring; dead answers with the method's proof and the "
        "TSD theorems that predict it.",
    )
    add_game_arguments(p)
    one = p.add_mutually_exclusive_group()
    one.add_argument("--edge", nargs=2, metavar=("U", "V"), help="ask about one edge (a non-edge is asked in G+UV)")
    one.add_argument("--vertex", metavar="V", help="ask about one non-terminal vertex")
    p.add_argument("--method", choices=METHODS, default="auto", help="decision method (default: auto)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--png", metavar="FILE", help="draw the game with dead vertices and edges marked (.png, .svg, .pdf or .jpg; "
                   "no suffix: FILE.png)")
    p.add_argument("--force", action="store_true", help=f"run above the size limits (n ≤ {MAX_N}; n ≤ {SMT_MAX_N} for --method smt)")
    p.set_defaults(run=run)


def _fmt(x) -> str:
    return "-".join(map(str, x)) if isinstance(x, tuple) else str(x)


def check_size(game, method: str, force: bool) -> None:
    """Refuse a game above the documented limits (:data:`MAX_N`, :data:`SMT_MAX_N`) unless ``force``."""
    if force:
        return
    if game.n > MAX_N:
        raise InputError(f"The game has {game.n} vertices; 'dead' refuses more than {MAX_N} (add --force to run it anyway).")
    if method == "smt" and game.n > SMT_MAX_N:
        raise InputError(f"--method smt refuses games of more than {SMT_MAX_N} vertices, this one has {game.n} "
                         "(use --method sat, or add --force).")


def run(args: argparse.Namespace) -> int:
    loaded = load_game(args)
    game = loaded.game
    check_size(game, args.method, args.force)
    png = None
    if args.png is not None:
        if args.edge or args.vertex is not None:
            raise InputError("--png draws a whole classification; drop --edge/--vertex to use it.")
        png = picture_path(args.png)
    started = time.perf_counter()
    if args.edge or args.vertex is not None:
        if args.edge:
            u, v = (parse_vertex_arg(game, x) for x in args.edge)
            verdict = is_dead_edge(game, u, v, args.method)
        else:
            v = parse_vertex_arg(game, args.vertex)
            verdict = is_dead_vertex(game, v, args.method)
        seconds = time.perf_counter() - started
        if args.json:
            cert = verdict.to_json()
            print(json.dumps({"dead": verdict.dead, "method": verdict.method, "certificate": cert, "seconds": round(seconds, 4)}, indent=2))
            return 0
        kind, what = verdict.item
        word = "DEAD" if verdict.dead else "LIVE"
        print(f"{kind.capitalize()} {_fmt(what)} is {word} (method {verdict.method}, {seconds:.3f} s).")
        if verdict.dead:
            print(f"  proof: {verdict.proof}")
            if verdict.theorems:
                print(f"  predicted dead by: {', '.join(verdict.theorems)}")
        else:
            print(f"  induced path: {' - '.join(map(str, verdict.path))}")
            print(f"  colouring: black {{{', '.join(map(str, verdict.colouring['black']))}}}, the rest white")
        if verdict.note:
            print(f"  note: {verdict.note}")
        return 0
    result = classify(game, args.method)
    seconds = time.perf_counter() - started
    if png:
        from ..draw import draw_classification

        write_picture(lambda path: draw_classification(result, path, board=loaded.board), png)
    if args.json:
        out = result.to_json()
        out["seconds"] = round(seconds, 4)
        print(json.dumps(out, indent=2))
        return 0
    t1, t2 = game.terminals
    print(f"Game: {game.n} vertices, {game.m} edges, terminals {t1} and {t2}; method {result.method}, {seconds:.3f} s.")
    for title, items in (
        ("Dead vertices", result.dead_vertices),
        ("Live vertices", result.live_vertices),
        ("Dead edges", result.dead_edges),
        ("Live edges", result.live_edges),
    ):
        shown = ", ".join(_fmt(x) for x in items[:40]) + (", ..." if len(items) > 40 else "")
        print(f"{title} ({len(items)}): {shown}")
    conflicts = result.conflicts()
    if conflicts:
        print(f"WARNING: {len(conflicts)} live items are predicted dead by a TSD theorem: a counterexample.")
    if png:
        print(f"Picture written to {png}.")
    return 0
