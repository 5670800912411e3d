"""``solve --hex``: a Hex position's value with either player to move, and its opening
map; ``solve --hex --proof`` and ``check-proof`` for Hex proof objects.

The library underneath: :mod:`verify.papers.hex.maps` (every opening solved, the time
estimate, the map printed and drawn) and :mod:`verify.papers.hex.proof` (proof objects).
"""

from __future__ import annotations

import json
import sys
import time

from ..errors import InputError
from ..papers.hex.board import BLACK, WHITE, Position, other
from ..papers.hex.maps import NAMES, solve_all, draw_opening_map, estimate_seconds, opening_map_text

__all__ = ["run_hex", "add_proof_arguments", "run_hex_with_proof", "run_check_proof"]


def _legal_note(pos: Position) -> str | None:
    nb, nw = bin(pos.black).count("1"), bin(pos.white).count("1")
    if abs(nb - nw) > 1:
        return f"note: {nb} Black and {nw} White stones cannot arise in play; solved as a puzzle."
    return None


def _contract(spec: str, black_first, white_first, black_openings: dict, white_openings: dict) -> dict:
    """The keys every ``solve --json`` prints (``short_first``, ``cut_first``,
    ``winning_moves``, ``link``), in Shannon-game terms: Black is Short, White is Cut.
    Winning moves are listed in the order of the board game's vertices, as for any game."""
    from ..game import Game
    from ..solve import CUT, SHORT

    role = {BLACK: SHORT, WHITE: CUT}
    short_first, cut_first = role.get(black_first, "unknown"), role.get(white_first, "unknown")
    order = [v for v in Game.from_hex(spec).nonterminals()]
    wins = {SHORT: [v for v in order if black_openings.get(v) == BLACK],
            CUT: [v for v in order if white_openings.get(v) == WHITE]}
    if "unknown" in (short_first, cut_first):
        link = "unknown"
    else:
        link = "strong" if cut_first == SHORT else "weak" if short_first == SHORT else "none"
    return {"short_first": short_first, "cut_first": cut_first, "winning_moves": wins, "link": link}


def run_hex(args) -> int:
    pos = Position.parse(args.hex)
    note = _legal_note(pos)
    over = BLACK if pos.chain(BLACK) else WHITE if pos.chain(WHITE) else None
    vac = bin(pos.empty).count("1")
    budget = getattr(args, "timeout", None) or args.budget  # --timeout S is the budget too
    jobs = getattr(args, "jobs", None) or 2
    if over:
        out = {"board": pos.spec(), "winner_black_to_move": over, "winner_white_to_move": over, "over": True,
               **_contract(args.hex, over, over, {}, {})}
        if args.json:
            print(json.dumps(out, indent=2))
        else:
            print(f"{NAMES[over]} already has a winning chain.")
        return 0
    # the openings are always solved: the winning moves of solve's JSON contract come from them
    queries = [(pos, BLACK), (pos, WHITE)]
    for colour in (BLACK, WHITE):
        queries += [(pos.play(i, colour), other(colour)) for i in range(pos.size) if pos.empty >> i & 1]
    est = (1 if pos.rotate() == pos else 2) * estimate_seconds(vac) + 2 * vac * estimate_seconds(vac - 1)
    if est / jobs > budget:
        raise InputError(
            f"Solving this {pos.rows}x{pos.cols} position{' and its openings' if args.openings else ''} is estimated "
            f"at {est / jobs:.3g} s, over the budget of {budget:g} s; raise --budget to try."
        )
    t0 = time.perf_counter()
    res, nodes = solve_all(queries, budget, jobs, table_bits=min(22, max(12, vac - 2)),
                            symmetry=not getattr(args, "no_symmetry", False))
    seconds = time.perf_counter() - t0
    cells = pos.names(pos.empty)
    k = len(cells)
    openings = {
        "Black": {c: res[2 + i] or "unknown" for i, c in enumerate(cells)},
        "White": {c: res[2 + k + i] or "unknown" for i, c in enumerate(cells)},
    }
    out = {"board": pos.spec(), "rows": pos.rows, "cols": pos.cols,
           "winner_black_to_move": res[0] or "unknown", "winner_white_to_move": res[1] or "unknown",
           **_contract(args.hex, res[0], res[1], openings["Black"], openings["White"])}
    if args.openings:
        out["openings"] = openings
    out["seconds"] = round(seconds, 3)
    out["nodes"] = nodes
    if note:
        out["note"] = note
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        if note:
            print(note)
        print(f"{pos.rows}x{pos.cols} board {pos.spec()}")
        print(f"Black to move: {res[0] or 'unknown'} wins.  White to move: {res[1] or 'unknown'} wins.")
        if args.openings:
            for colour in (BLACK, WHITE):
                m = out["openings"][NAMES[colour]]
                print(f"Openings by {NAMES[colour]} (winner after the opening; B/W, ? unknown, stones as b/w):")
                print(opening_map_text(pos, m))
        print(f"({seconds:.3f} s, {nodes} nodes)")
    if args.openings and getattr(args, "png", None):
        draw_opening_map(pos, out["openings"]["Black"], args.png, f"{pos.rows}x{pos.cols}: winner after Black opens")
    if any(r is None for r in res):
        print("Some values are unknown: the search ran past the budget.", file=sys.stderr)
        return 3
    return 0


def add_proof_arguments(p) -> None:
    """The proof-object flags of ``solve``."""
    p.add_argument("--proof", metavar="FILE",
                   help="with --hex: write proof objects of both root values (and, with --openings, of every "
                   "opening) to FILE (JSON lines; gzip when FILE ends in .gz), each checked by the independent "
                   "checker; a 180° turn or colour-swapped transpose of an earlier claim is written as its image")
    p.add_argument("--jobs", type=int, metavar="J", help="with --hex: kernels (and proof builders) run at once (default 2)")
    p.add_argument("--exhaust", type=int, metavar="K",
                   help="with --proof: positions with at most K vacant cells are left to the checker's exhaustive "
                   "search (default 8, at most 16; 0: never)")


def run_hex_with_proof(args) -> int:
    """``run_hex``, then (with ``--proof``) the proof objects of the values it printed,
    built, checked and written one at a time (``--jobs`` builders at once)."""
    jobs = getattr(args, "jobs", None)
    if jobs is not None and not 1 <= jobs <= 64:
        raise InputError(f"--jobs must be a whole number from 1 to 64, not {jobs}.")
    path = getattr(args, "proof", None)
    exhaust = getattr(args, "exhaust", None)
    from ..papers.hex.proof import EXHAUST, EXHAUST_MAX, prove_all

    if exhaust is not None and not 0 <= exhaust <= EXHAUST_MAX:
        raise InputError(f"--exhaust must be a whole number from 0 to {EXHAUST_MAX}, not {exhaust}.")
    code = run_hex(args)
    if not path or code != 0:
        return code
    pos = Position.parse(args.hex)
    queries = [(pos, BLACK), (pos, WHITE)]
    if args.openings and not (pos.chain(BLACK) or pos.chain(WHITE)):
        for colour in (BLACK, WHITE):
            queries += [(pos.play(i, colour), other(colour)) for i in range(pos.size) if pos.empty >> i & 1]
    from ..errors import BudgetExceeded

    budget = getattr(args, "timeout", None) or args.budget
    t0 = time.perf_counter()
    try:
        tot = prove_all(queries, path, jobs=jobs or 2, deadline=time.monotonic() + budget,
                        exhaust=EXHAUST if exhaust is None else exhaust, symmetry=not getattr(args, "no_symmetry", False))
    except BudgetExceeded as exc:
        print(f"No proof written: {exc} ({budget:g} s; raise --budget).", file=sys.stderr)
        return 3
    images = f" ({tot['proofs']} proofs, {tot['images']} symmetric images)" if tot["images"] else ""
    print(f"proof: {len(queries)} proof objects{images}, {tot['nodes']} nodes, written to {path} "
          f"({tot['file_bytes']} bytes); built in {tot['build_s']:.2f} s, checked in {tot['check_s']:.2f} s "
          f"({time.perf_counter() - t0:.2f} s)",
          file=sys.stderr if args.json else sys.stdout)
    return 0


def run_check_proof(args) -> int:
    """``check-proof FILE``: every proof of FILE re-verified, one at a time; one line each."""
    from ..papers.hex.proof import check_file

    t0 = time.perf_counter()
    max_bytes = int(getattr(args, "max_gib", 4.0) * (1 << 30))
    each = None if args.json else (lambda r: print(r.sentence() + ".", flush=True))
    res = check_file(args.check_proof, max_bytes=max_bytes, each=each)
    seconds = time.perf_counter() - t0
    if args.json:
        print(json.dumps({"file": args.check_proof, "valid": True, "seconds": round(seconds, 3),
                          "proofs": [{"board": r.board, "to_move": r.to_move, "winner": r.winner, "nodes": r.nodes,
                                      "tree_nodes": r.tree_nodes, "leaves": r.leaves, "xleaves": r.xleaves,
                                      "depth": r.depth, "carrier": list(r.carrier),
                                      **({"image_of": r.image[0], "map": r.image[1]} if r.image else {})}
                                     for r in res]},
                         indent=2))
    else:
        images = sum(1 for r in res if r.image)
        print(f"{len(res)} proof{'s' if len(res) != 1 else ''} valid{f' ({images} as symmetric images)' if images else ''}, "
              f"{sum(r.nodes for r in res)} nodes, checked in {seconds:.2f} s.")
    return 0

