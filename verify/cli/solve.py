"""``shannon-verify solve`` and ``shannon-verify capture``."""

from __future__ import annotations

import argparse
import json
import time

from ..errors import InputError
from ..solve import CUT, SHORT, FastSolver, MultiShannon, link_type
from .inputs import add_game_arguments, load_game, parse_vertex_arg

__all__ = ["register"]


def register(sub) -> None:
    p = sub.add_parser(
        "solve",
        help="who wins, with either player to move, and the winning first moves",
        description="Solve the Shannon game exactly: the winner with Short to move and with Cut to "
        "move, every winning first move, and the link type (strong: Short wins moving second; weak: "
        "only moving first).",
    )
    add_game_arguments(p)
    p.add_argument("--fill-dead", action="store_true", help="delete dead vertices before searching (assumes TSD.SPEC)")
    p.add_argument("--openings", action="store_true", help="with --hex: the winner after every first move of each colour")
    p.add_argument("--budget", type=float, default=60.0, metavar="S",
                   help="with --hex: refuse (estimate) or report unknown past this many seconds (default 60)")
    p.add_argument("--png", metavar="PATH", help="with --hex --openings: draw Black's opening map")
    p.add_argument("--no-symmetry", action="store_true",
                   help="with --hex: search every query, also those that are 180° turns of another")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run_solve)

    c = sub.add_parser(
        "capture",
        help="is a vertex set captured, lost, dominated (multi-Shannon game)",
        description="Solve the multi-Shannon game on a set S of non-terminal vertices (TSD §3): "
        "captured = Short wins moving second, lost = Cut wins moving second, P-dominated = P wins "
        "moving first (with the dominating first moves).",
    )
    add_game_arguments(c)
    c.add_argument("--set", required=True, metavar="V1,V2,...", help="the vertex set S")
    c.add_argument("--json", action="store_true", help="print JSON")
    c.set_defaults(run=run_capture)


def run_solve(args: argparse.Namespace) -> int:
    if args.hex is not None:  # a Hex board: the board solver of verify.papers.hex
        if args.terminals:
            raise InputError("A Hex board brings its own terminals (top and bottom); drop --terminals.")
        from ..papers.hex.cli import run_hex

        return run_hex(args)
    if args.openings or args.png:
        raise InputError("--openings and --png need a Hex board (--hex).")
    game = load_game(args).game
    solver = FastSolver(fill_dead=args.fill_dead)
    t = time.perf_counter()
    out = {
        "short_first": solver.winner(game, SHORT),
        "cut_first": solver.winner(game, CUT),
        "winning_moves": {SHORT: solver.winning_moves(game, SHORT), CUT: solver.winning_moves(game, CUT)},
        "link": link_type(game, solver),
    }
    seconds = time.perf_counter() - t
    if args.json:
        out["seconds"] = round(seconds, 4)
        out["nodes"] = solver.nodes
        print(json.dumps(out, indent=2))
        return 0
    print(f"Short to move: {out['short_first']} wins.  Cut to move: {out['cut_first']} wins.  Link: {out['link']}.")
    for p in (SHORT, CUT):
        moves = out["winning_moves"][p]
        print(f"Winning first moves for {p} ({len(moves)}): {', '.join(map(str, moves)) or '-'}")
    print(f"({seconds:.3f} s, {solver.nodes} positions searched)")
    return 0


def run_capture(args: argparse.Namespace) -> int:
    game = load_game(args).game
    parts = [x for x in args.set.split(",") if x.strip()]
    if not parts:
        raise InputError("--set needs at least one vertex.")
    S = [parse_vertex_arg(game, x) for x in parts]
    if len(set(S)) != len(S):
        raise InputError("--set names a vertex twice.")
    m = MultiShannon(game, S)
    out = {
        "captured": m.second_player_wins(SHORT),
        "lost": m.second_player_wins(CUT),
        "short_dominated": m.first_player_wins(SHORT),
        "cut_dominated": m.first_player_wins(CUT),
        "short_dominating": m.winning_first_moves(SHORT),
        "cut_dominating": m.winning_first_moves(CUT),
    }
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    yes = {True: "yes", False: "no"}
    print(f"S = {{{', '.join(map(str, S))}}}, terminals of M(G,S): {{{', '.join(map(str, game.labels_of(m.t_mask)))}}}")
    print(f"captured: {yes[out['captured']]}   lost: {yes[out['lost']]}")
    print(f"Short-dominated: {yes[out['short_dominated']]} (by {', '.join(map(str, out['short_dominating'])) or '-'})")
    print(f"Cut-dominated: {yes[out['cut_dominated']]} (by {', '.join(map(str, out['cut_dominating'])) or '-'})")
    return 0
