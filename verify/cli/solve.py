"""``shannon-verify solve`` and ``shannon-verify capture``."""

from __future__ import annotations

import argparse
import json
import time

from ..errors import BudgetExceeded, InputError
from ..solve import CUT, SHORT, FastSolver, MultiShannon, link_type
from .inputs import add_game_arguments, load_game, parse_vertex_arg

__all__ = ["register", "MAX_FREE", "CAPTURE_MAX_FREE"]

MAX_FREE = 36
"""Most non-terminal vertices ``solve`` accepts without ``--force`` (an empty 6x6 Hex
board).  The search is exponential: an empty 4x4 board (16) takes seconds, 5x5 (25)
can take hours; ``--timeout`` bounds a run above that."""
CAPTURE_MAX_FREE = 36
"""The same limit for ``capture``."""


class WatchedSolver(FastSolver):
    """:class:`FastSolver` with a wall-clock budget and a positions counter on standard error.

    ``timeout`` (seconds, None for none) raises :class:`~verify.errors.BudgetExceeded`;
    the counter is a tqdm bar shown only when standard error is a terminal.
    """

    CHECK_EVERY = 2048

    def __init__(self, *, timeout: float | None = None, progress: bool = True, **kw):
        super().__init__(**kw)
        self.deadline = None if timeout is None else time.monotonic() + timeout
        self.timeout = timeout
        self.bar = None
        if progress:
            import sys

            from tqdm import tqdm

            self.bar = tqdm(desc="positions searched", unit=" pos", file=sys.stderr, disable=None, leave=False,
                            mininterval=0.5, unit_scale=True)

    def _solve(self, adj, free, t1, t2, short_to_move):
        if self.nodes % self.CHECK_EVERY == 0 and self.nodes:
            if self.bar is not None:
                self.bar.update(self.CHECK_EVERY)
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise BudgetExceeded(f"the search passed its time limit of {self.timeout:g} s after {self.nodes} positions")
        return super()._solve(adj, free, t1, t2, short_to_move)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _check_free(game, limit: int, force: bool, command: str) -> None:
    free = game.n - 2
    if free > limit and not force:
        raise InputError(f"The game has {free} non-terminal vertices; '{command}' refuses more than {limit} "
                         "(the search is exponential; add --force, and --timeout S to bound it).")


def _check_timeout(timeout: float | None) -> None:
    if timeout is not None and not timeout > 0:
        raise InputError(f"--timeout must be a positive number of seconds, not {timeout:g}.")


def register(sub) -> None:
    p = sub.add_parser(
        "solve",
        help="who wins, with either player to move, and the winning first moves",
        description="Solve the Shannon game exactly: the winner with Short to move and with Cut to "
        "move, every winning first move, and the link type (strong: Short wins moving second; weak: "
        "only moving first).",
    )
    add_game_arguments(p)
    # a Hex record is one more source of the game: in the same exactly-one group as --hex
    source = p._mutually_exclusive_groups[0] if p._mutually_exclusive_groups else p
    source.add_argument("--sgf", metavar="FILE",
                        help="Hex board from a HexGui SGF record (GM[11]; AB/AW/PL setup, B/W moves, swap-pieces, "
                        "resign), at its end or before --move N; solved as --hex")
    p.add_argument("--move", type=int, metavar="N", help="with --sgf: the position before move N (GTP's loadsgf)")
    p.add_argument("--winning-moves", action="store_true",
                   help="with --hex or --sgf: every winning move of the player to move, each proved by a solver "
                   "query of the position after it (--budget seconds each); --json lists each other move with the "
                   "opponent's refutation value")
    p.add_argument("--after-fillin", action="store_true",
                   help="with --winning-moves: only the cells the kernel's fill-in leaves vacant, as Benzene's "
                   "dfpn-solver-find-winning answers (a subset of the exact set, never empty when a move wins)")
    p.add_argument("--to-move", choices=["B", "W", "b", "w"], metavar="B|W",
                   help="with --winning-moves: the player to move (default: the SGF record's, else Black unless "
                   "Black has more stones)")
    p.add_argument("--fill-dead", action="store_true", help="delete dead vertices before searching (assumes TSD.SPEC)")
    p.add_argument("--timeout", type=float, metavar="S", help="give up after S seconds (exit status 3, the answer unknown); with --hex the same as --budget")
    p.add_argument("--force", action="store_true", help=f"search games of more than {MAX_FREE} non-terminal vertices")
    p.add_argument("--no-progress", action="store_true", help="no progress counter")
    p.add_argument("--openings", action="store_true", help="with --hex: the winner after every first move of each colour")
    p.add_argument("--budget", type=float, default=60.0, metavar="S",
                   help="with --hex: refuse (estimate) or report unknown past this many seconds (default 60)")
    p.add_argument("--png", metavar="PATH", help="with --hex --openings: draw Black's opening map")
    p.add_argument("--no-symmetry", action="store_true",
                   help="with --hex: search every query, also those that are 180° turns of another")
    p.add_argument("--json", action="store_true", help="print JSON")
    from .hex import add_proof_arguments

    add_proof_arguments(p)  # --proof FILE (Hex proof objects)
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
    c.add_argument("--force", action="store_true", help=f"search games of more than {CAPTURE_MAX_FREE} non-terminal vertices")
    c.add_argument("--json", action="store_true", help="print JSON")
    c.set_defaults(run=run_capture)


def run_solve(args: argparse.Namespace) -> int:
    _check_timeout(args.timeout)
    sgf_to_move = None
    if getattr(args, "move", None) is not None and getattr(args, "sgf", None) is None:
        raise InputError("--move needs --sgf FILE.")
    if getattr(args, "sgf", None) is not None:
        from ..papers.hex.sgf import load

        rec = load(args.sgf, args.move)
        args.hex = rec.position.spec()
        sgf_to_move = rec.to_move
    if getattr(args, "to_move", None) and not getattr(args, "winning_moves", False):
        raise InputError("--to-move needs --winning-moves.")
    if getattr(args, "after_fillin", False) and not getattr(args, "winning_moves", False):
        raise InputError("--after-fillin needs --winning-moves.")
    if getattr(args, "winning_moves", False):
        if args.hex is None:
            raise InputError("--winning-moves needs a Hex board (--hex or --sgf).")
        if args.terminals:
            raise InputError("A Hex board brings its own terminals (top and bottom); drop --terminals.")
        if args.openings or args.png:
            raise InputError("--winning-moves answers for one player to move; drop --openings and --png.")
        return run_winning(args, sgf_to_move)
    if getattr(args, "proof", None) and args.hex is None:
        raise InputError("--proof needs a Hex board (--hex).")
    if args.hex is not None:  # a Hex board: the board solver of verify.papers.hex
        if args.terminals:
            raise InputError("A Hex board brings its own terminals (top and bottom); drop --terminals.")
        from .hex import run_hex_with_proof

        return run_hex_with_proof(args)
    if args.openings or args.png:
        raise InputError("--openings and --png need a Hex board (--hex).")
    game = load_game(args).game
    _check_free(game, MAX_FREE, args.force, "solve")
    solver = WatchedSolver(fill_dead=args.fill_dead, timeout=args.timeout, progress=not args.no_progress)
    t = time.perf_counter()
    try:
        out = {
            "short_first": solver.winner(game, SHORT),
            "cut_first": solver.winner(game, CUT),
            "winning_moves": {SHORT: solver.winning_moves(game, SHORT), CUT: solver.winning_moves(game, CUT)},
            "link": link_type(game, solver),
        }
    except BudgetExceeded as exc:
        solver.close()
        seconds = time.perf_counter() - t
        if args.json:
            print(json.dumps({"verdict": "unknown", "reason": str(exc), "seconds": round(seconds, 4), "nodes": solver.nodes}, indent=2))
        else:
            print(f"Unknown: {exc}.")
        return 3
    solver.close()
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


def run_winning(args: argparse.Namespace, sgf_to_move: str | None = None) -> int:
    """``solve --hex POSITION|--sgf FILE --winning-moves``: every winning move, each with
    the value of the position after it (:func:`verify.papers.hex.winning.find_winning`
    over the compiled kernel, one table for every query); exit 3 when a query ran past
    its budget."""
    import sys

    from ..errors import ShannonVerifyError
    from ..papers.hex.board import BLACK, WHITE, Position, other
    from ..papers.hex.solver import MAX_CELLS, CSolver, win_value
    from ..papers.hex.winning import find_winning, kernel_filled, kernel_threats, kernel_value, plain_value

    pos = Position.parse(args.hex)
    if pos.size > MAX_CELLS:
        raise InputError(f"The Hex solver takes boards of at most {MAX_CELLS} cells, not {pos.rows}x{pos.cols}.")
    if args.to_move:
        colour = args.to_move.upper()
    elif sgf_to_move:
        colour = sgf_to_move
    else:
        nb, nw = bin(pos.black).count("1"), bin(pos.white).count("1")
        colour = BLACK if nb <= nw else WHITE
    budget = args.timeout or args.budget
    if not budget > 0:
        raise InputError(f"--budget must be a positive number of seconds, not {budget:g}.")
    for c in (BLACK, WHITE):
        if pos.chain(c):
            raise InputError(f"The game is over: {'Black' if c == BLACK else 'White'} already has a winning chain, "
                             "so no move is left to find.")
    vac = bin(pos.empty).count("1")
    try:
        solver = CSolver(table_bits=min(22, max(12, vac - 2)))
    except ShannonVerifyError:
        solver = None
        if getattr(args, "after_fillin", False):
            raise InputError("--after-fillin needs the Hex kernel's fill-in, and no C compiler was found.") from None
        if vac > 14:
            raise InputError(f"No C compiler for the Hex kernel, and {vac} vacant cells are too many for the "
                             "Python solver (14 at most).") from None
    try:
        query = kernel_value(solver, clock="cpu") if solver is not None else plain_value(lambda p, t: win_value(p, t)[0])
        skip = kernel_filled(solver, pos) if getattr(args, "after_fillin", False) else 0
        res = find_winning(pos, colour, query, budget, threats=kernel_threats(solver, pos), skip=skip)
    finally:
        if solver is not None:
            solver.close()
    name = {BLACK: "Black", WHITE: "White"}
    if args.json:
        print(json.dumps(res.to_json(), indent=2))
    else:
        print(f"{pos.rows}x{pos.cols} board {pos.spec()}, {name[colour]} to move: "
              f"{name.get(res.root, 'unknown')} wins.")
        print(f"Winning moves for {name[colour]} ({len(res.winning)} of {res.considered}"
              f"{' considered' if res.not_considered else ''}): {res.text() or '-'}")
        refuted = [m.cell for m in res.moves if m.winner == other(colour)]
        print(f"Refuted by {name[other(colour)]} ({len(refuted)}): {' '.join(refuted) or '-'}")
        if res.unknown:
            print(f"Unknown within {budget:g} s each ({len(res.unknown)}): {' '.join(res.unknown)}")
        if res.not_considered:
            print(f"Not considered, filled by the fill-in ({len(res.not_considered)}): {' '.join(res.not_considered)}")
        print(f"({res.seconds:.3f} s, {res.nodes} nodes)")
    if res.unknown:
        print("Some moves are unknown: their queries ran past the budget.", file=sys.stderr)
        return 3
    path = getattr(args, "proof", None)
    if path:
        from ..errors import BudgetExceeded
        from ..papers.hex.proof import EXHAUST, prove_all

        queries = [(pos.play(m.index, colour), other(colour)) for m in res.moves if not m.skipped]
        exhaust = getattr(args, "exhaust", None)
        t0 = time.perf_counter()
        try:
            tot = prove_all(queries, path, jobs=getattr(args, "jobs", None) or 2,
                            deadline=time.monotonic() + budget * max(1, len(queries)),
                            exhaust=EXHAUST if exhaust is None else exhaust)
        except BudgetExceeded as exc:
            print(f"No proof written: {exc}.", file=sys.stderr)
            return 3
        print(f"proof: {len(queries)} proof objects (the position after each move), {tot['nodes']} nodes, written "
              f"to {path}; built and checked in {time.perf_counter() - t0:.2f} s",
              file=sys.stderr if args.json else sys.stdout)
    return 0


def run_capture(args: argparse.Namespace) -> int:
    game = load_game(args).game
    parts = [x for x in args.set.split(",") if x.strip()]
    if not parts:
        raise InputError("--set needs at least one vertex.")
    S = [parse_vertex_arg(game, x) for x in parts]
    _check_free(game, CAPTURE_MAX_FREE, args.force, "capture")
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
