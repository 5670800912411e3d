"""``shannon-verify htp``: an HTP (GTP for Hex) engine on standard input and output, over
the Hex solver (:mod:`verify.papers.hex.htp`); ``--regress FILE.tst`` runs GTP regression
files instead."""

from __future__ import annotations

import argparse
import sys

from ..errors import InputError

__all__ = ["register"]

EPILOG = """\
protocol: one command a line, "[id] name [arguments]"; each answer is "=[id] result" or
"?[id] message" followed by an empty line (a numeric id is echoed).  Blank lines and
everything from '#' on are ignored; control characters (CR of CRLF line ends, NUL, ...)
are removed.  Bad input (unknown commands, malformed or illegal moves, sizes out of
range, missing arguments, garbage) gets a "? message" answer; the engine ends with exit
status 0 at 'quit' or at the end of its input.

cells and colours (Benzene's and HexGui's names): letter = column (a is the left one),
number = row (1 is the top one); b/black joins the top and bottom rows, w/white the left
and right columns.  boardsize W H is W columns by H rows; at most {max_cells} cells (the
solver kernel's limit); 8x8 at start-up.

commands:
  protocol_version, name, version, known_command NAME, list_commands, quit
  boardsize W [H], clear_board, play COLOUR CELL (swap-pieces as the 2nd move), undo,
  showboard, final_score
  genmove COLOUR      a proved winning move if found within the budget; 'resign' only
                      when the position is proved lost; otherwise a heuristic move, and
                      standard error says which (so does shannon-verify-genmove-status)
  reg_genmove COLOUR  the same move, not played
  loadsgf FILE [MOVE] a HexGui SGF record (GM[11]; AB/AW/AE/PL setup, B/W moves,
                      swap-pieces, resign): its end, or the position before move MOVE;
                      a relative FILE is also looked up beside the .tst file (--regress)
  dfpn-clear-tt       empty the solver's tables (dfs-clear-tt: the same)
  dfpn-solve-state [COLOUR]   the winner, black or white, with COLOUR to move (default:
                      whose turn): exact, or "? unknown within budget" (dfs-solve-state:
                      the same solver)
  dfpn-solver-find-winning COLOUR   every winning move of COLOUR, in Benzene's format and
                      order ("c4 e4 f4"; empty: none wins), each proved by a solver query
                      of the position after it, --budget seconds each; a finished position
                      gets "?" (dfs-solver-find-winning: the same)
  param_*             Benzene's settings: accepted, ignored, listed on standard error
  shannon-verify-dead-cells   the exact dead-cell set of the position
  shannon-verify-openings COLOUR   the opening map: winner after COLOUR opens at each
                      vacant cell (B/W, ? past the budget), a rhombus as in docs/hex/
  shannon-verify-genmove-status    proved-win / proved-loss / unproved, for the last genmove
  shannon-verify-budget [SECONDS]  show or set the budget
  shannon-verify-after-fillin [0|1]  show or set --after-fillin
  hexgui-analyze_commands

example:
  printf 'boardsize 6 6\\nplay b c3\\n11 dfpn-solve-state white\\n' | shannon-verify htp
  printf 'loadsgf puzzle.sgf\\n12 dfpn-solver-find-winning white\\n' | shannon-verify htp
  shannon-verify htp --regress tests/data/htp/dfpn-solve-6x6.tst
"""


def register(sub) -> None:
    from ..papers.hex.htp import DEFAULT_BUDGET, MAX_CELLS

    p = sub.add_parser(
        "htp",
        help="an HTP (GTP for Hex) engine on stdin/stdout over the Hex solver; --regress runs .tst files",
        description="Speak HTP, the Go Text Protocol as Hex programs (Benzene, HexGui) use it, on standard "
        "input and output: play, genmove, loadsgf, Benzene's dfpn-solve-state, dfpn-solver-find-winning and "
        "dfpn-clear-tt (and their dfs- twins), and the exact "
        "dead cells and opening map of the position, answered by the compiled df-pn kernel within "
        "--budget seconds -- exact values or 'unknown', never a guess.",
        epilog=EPILOG.replace("{max_cells}", str(MAX_CELLS)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--budget", type=float, default=DEFAULT_BUDGET, metavar="SECONDS",
                   help=f"time per genmove, per dfpn-solve-state, per opening and per move of find-winning (default {DEFAULT_BUDGET:g}; "
                   "finite, above 0)")
    p.add_argument("--regress", nargs="+", metavar="FILE.tst",
                   help="run GTP regression files (GoGui gtpregress format: '#? [regex]' after a numbered "
                   "command, '*' marks an expected failure) and report; exit 1 on any unexpected result")
    p.add_argument("--program", metavar="COMMAND",
                   help="with --regress: the engine to test, as a command line (default: this engine)")
    p.add_argument("--after-fillin", action="store_true",
                   help="find-winning answers among the cells the kernel's fill-in leaves vacant, as Benzene "
                   "answers among its consider set (a subset of the exact set, never empty when a move wins); "
                   "default: every vacant cell, the exact set")
    p.add_argument("--quiet", action="store_true", help="no comment lines on standard error")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..papers.hex import htp

    if args.program and not args.regress:
        raise InputError("--program needs --regress FILE.tst.")
    if args.regress:
        if args.program and args.after_fillin:
            raise InputError("--after-fillin sets this engine; with --program, pass it in the program's command line.")
        return htp.run_files(args.regress, args.program, args.budget, after_fillin=args.after_fillin)
    log = None
    if args.quiet:
        import io

        log = io.StringIO()
    engine = htp.HtpEngine(budget=args.budget, log=log, after_fillin=args.after_fillin)
    try:
        return htp.serve(sys.stdin.buffer, sys.stdout, engine)
    except KeyboardInterrupt:
        return 0
