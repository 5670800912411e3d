"""``solve --hex``: a Hex position's value with either player to move, and its opening map.

Values come from the compiled Fig. 13 kernel (:mod:`.solver`); without a C compiler the
Python WINVALUE runs instead.  Before searching, the running time is estimated from the
number of vacant cells (calibrated on this kind of machine with the df-pn kernel with
H-search and captured-cell fill-in: 0.01 s at 24 vacant cells, ×1.35 per further cell —
a 6×6 opening ≈ 0.3 s, a 7×7 opening ≈ 13 s, the measured means being 0.1 s and 11 s;
an 8×8 opening ≈ 1,200 s, measured with the 128-bit kernel: d1 620 s CPU, a1 and b1 past
430 and 730 s CPU; 9×9 ≈ 2·10^5 s, 11×11 ≈ 3·10^10 s — ``hex-openings`` refuses, under
its default budget, the boards whose estimate per opening exceeds it);
when the estimate exceeds ``--budget``
the command stops and says so, and a search that outlives the budget is reported as
unknown — never a guessed value.
"""

from __future__ import annotations

import json
import sys
import threading
import time

from ...errors import InputError
from .board import BLACK, WHITE, Position, other

__all__ = ["estimate_seconds", "run_hex"]

NAMES = {BLACK: "Black", WHITE: "White"}


def estimate_seconds(vacant: int) -> float:
    """Rough time of one search with ``vacant`` vacant cells (seconds).

    >>> estimate_seconds(24) == 0.01, estimate_seconds(10) < 0.01, estimate_seconds(4000)
    (True, True, inf)
    """
    try:
        return 0.01 * 1.35 ** (vacant - 24)
    except OverflowError:  # a board far beyond any budget (40x40: 1,600 vacant cells)
        return float("inf")


def _legal_note(pos: Position) -> str | None:
    nb, nw = bin(pos.black).count("1"), bin(pos.white).count("1")
    if abs(nb - nw) > 1:
        return f"note: {nb} Black and {nw} White stones cannot arise in play; solved as a puzzle."
    return None


def _solve_all(queries, budget: float, jobs: int, table_bits: int = 22, symmetry: bool = True):
    """Run (position, to_move) queries on ``jobs`` kernels; None for any past the budget.

    With ``symmetry`` a query whose 180° rotation is an earlier query is not searched:
    it takes that query's value (the rotation maps each side to the opposite side of
    the same player, so it preserves the value).
    """
    if symmetry:
        first: dict = {}
        for i, (p, to) in enumerate(queries):
            r = p.rotate()
            k = min((p.black, p.white), (r.black, r.white)), to
            first.setdefault(k, i)
        keys = [(min((p.black, p.white), (p.rotate().black, p.rotate().white)), to) for p, to in queries]
        unique = sorted(set(first.values()))
        res, nodes = _solve_all([queries[i] for i in unique], budget, jobs, table_bits, symmetry=False)
        got = dict(zip(unique, res))
        return [got[first[k]] for k in keys], nodes
    from .solver import CSolver, win_value

    results: list = [None] * len(queries)
    nodes = [0]
    try:
        kernels = [CSolver(table_bits) for _ in range(max(1, min(jobs, len(queries))))]
    except Exception:  # no compiler: Python WINVALUE, one at a time
        for i, (p, to) in enumerate(queries):
            results[i] = win_value(p, to)[0]
        return results, 0
    deadline = time.monotonic() + budget
    lock = threading.Lock()
    todo = list(range(len(queries)))

    def work(k):
        while True:
            with lock:
                if not todo:
                    return
                i = todo.pop(0)
            left = deadline - time.monotonic()
            if left <= 0:
                return
            r = k.value_within(queries[i][0], queries[i][1], left)
            if r is not None:
                results[i] = r[0]
                with lock:
                    nodes[0] += r[2]

    threads = [threading.Thread(target=work, args=(k,)) for k in kernels]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in kernels:
        k.close()
    return results, nodes[0]


def _contract(spec: str, black_first, white_first, black_openings: dict, white_openings: dict) -> dict:
    """The keys every ``solve --json`` prints (``short_first``, ``cut_first``,
    ``winning_moves``, ``link``), in Shannon-game terms: Black is Short, White is Cut.
    Winning moves are listed in the order of the board game's vertices, as for any game."""
    from ...game import Game
    from ...solve import CUT, SHORT

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
    res, nodes = _solve_all(queries, budget, jobs, table_bits=min(22, max(12, vac - 2)),
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


def opening_map_text(pos: Position, m: dict) -> str:
    """The map as a rhombus of letters: the winner after the opening at each cell.

    >>> p = Position(2, 2)
    >>> print(opening_map_text(p, {"a1": "W", "b1": "B", "a2": "B", "b2": "W"}))
    W B
     B W
    """
    lines = []
    for r in range(pos.rows):
        row = []
        for c in range(pos.cols):
            i = r * pos.cols + c
            name = pos.name(i)
            if pos.black >> i & 1:
                row.append("b")
            elif pos.white >> i & 1:
                row.append("w")
            else:
                v = m.get(name, "?")
                row.append(v if v in (BLACK, WHITE) else "?")
        lines.append(" " * r + " ".join(row))
    return "\n".join(lines)


def draw_opening_map(pos: Position, m: dict, path: str, title: str) -> None:
    """PNG of the opening map: a cell is dark where Black wins after opening there, light where White does."""
    from .draw import draw_position

    fill = {c: ("#555555" if v == BLACK else "#ffffff" if v == WHITE else "#ffcc66") for c, v in m.items()}
    draw_position(pos, path, title=title, fill=fill, legend={"Black wins": "#555555", "White wins": "#ffffff"})


# ------------------------------------------------------------------ proof objects
# ``solve --hex SPEC --proof FILE`` and ``check-proof FILE`` (module .proof).

def add_proof_arguments(p) -> None:
    """The proof-object flags of ``solve``."""
    p.add_argument("--proof", metavar="FILE",
                   help="with --hex: write proof objects of both root values (and, with --openings, of every "
                   "opening) to FILE (JSON lines; gzip when FILE ends in .gz), each checked by the independent "
                   "checker; a 180° turn or colour-swapped transpose of an earlier claim is written as its image")
    p.add_argument("--jobs", type=int, metavar="J", help="with --hex: kernels (and proof builders) run at once (default 2)")
    p.add_argument("--exhaust", type=int, metavar="K",
                   help="with --proof: positions with at most K vacant cells are left to the checker's exhaustive "
                   "search (default 10, at most 16; 0: never)")


def run_hex_with_proof(args) -> int:
    """``run_hex``, then (with ``--proof``) the proof objects of the values it printed,
    built, checked and written one at a time (``--jobs`` builders at once)."""
    jobs = getattr(args, "jobs", None)
    if jobs is not None and not 1 <= jobs <= 64:
        raise InputError(f"--jobs must be a whole number from 1 to 64, not {jobs}.")
    path = getattr(args, "proof", None)
    exhaust = getattr(args, "exhaust", None)
    from .proof import EXHAUST, EXHAUST_MAX, prove_all

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
    from ...errors import BudgetExceeded

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
    from .proof import check_file

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
