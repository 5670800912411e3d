"""``shannon-verify switch``: the Shannon switching game (edge version) on a multigraph.

Classifies the game as ``connect`` (CONNECT wins moving second), ``cut`` (CUT wins
moving second) or ``first`` (whoever moves first wins), by Lehman's criterion with a
checkable certificate (default), or by plain minimax / the vertex-game reduction.
See :mod:`verify.papers.ssg.lehman` for the certificate format.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time

from ..errors import BudgetExceeded, InputError

__all__ = ["register"]

WINNING_MOVES_MAX_EDGES = 400  # winning moves need one classification per edge


def register(sub) -> None:
    p = sub.add_parser(
        "switch",
        help="the Shannon switching game: class, winning moves, Lehman certificate",
        description="Solve the Shannon switching game on a multigraph (parallel edges allowed): CONNECT "
        "claims edges and wants a terminal path, CUT deletes edges. Class: connect (CONNECT wins moving "
        "second), cut (CUT wins moving second), first (the first player wins).",
    )
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--edges", metavar="STR", help='edge list with repeats for parallel edges, e.g. "0-1,0-1,1-2"')
    src.add_argument("--file", metavar="PATH", help='JSON {"n": 3, "edges": [[0,1],[0,1],[1,2]], "terminals": [0, 2]}')
    src.add_argument("--gale", metavar="K", type=int, help="the K x (K+1) Gale / Bridg-It board (K = 5: the commercial board)")
    p.add_argument("--terminals", nargs=2, type=str, metavar=("A", "B"), help="the two terminals")
    p.add_argument("--method", choices=("lehman", "minimax", "reduction"), default="lehman",
                   help="lehman (polynomial, with certificate; default), minimax (plain search on the edge game), "
                   "reduction (vertex Shannon game, fast solver)")
    p.add_argument("--timeout", type=float, default=60.0, metavar="S",
                   help="give up after S seconds (default 60; exit status 3, the answer unknown)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--png", metavar="FILE", help="draw the graph with the certificate's two trees in two colours")
    p.add_argument("--play", action="store_true",
                   help="play against Chase's two-tree algorithm in the terminal (type an edge index per move)")
    p.set_defaults(run=run_switch)


def load_switch(args: argparse.Namespace):
    from ..papers.ssg.multigraph import SwitchGame, gale, load_switch_json

    terms = None
    if args.terminals:
        terms = []
        for t in args.terminals:
            if not (t.strip().isascii() and t.strip().isdigit()):
                raise InputError(f"Terminal {t!r} is not a non-negative integer.")
            terms.append(int(t))
    if args.gale is not None:
        if terms is not None:
            raise InputError("A Gale board brings its own terminals (0 = left, 1 = right); drop --terminals.")
        return gale(args.gale)
    if args.file is not None:
        return load_switch_json(args.file, terms)
    if terms is None:
        raise InputError("--terminals A B is required with --edges.")
    return SwitchGame.parse(args.edges, tuple(terms))


def _moves_brute(g, method: str) -> dict:
    from ..papers.ssg.brute import connect_wins, reduction_connect_wins

    f = connect_wins if method == "minimax" else reduction_connect_wins
    out = {"connect": [], "cut": []}
    a, b = g.terminals
    for i, (u, v) in enumerate(g.edges):
        if {u, v} == {a, b} or f(g.contract(i), False):
            out["connect"].append(i)
        h = g.delete(i)
        if not h.terminals_joined() or not f(h, True):
            out["cut"].append(i)
    return out


def run_switch(args: argparse.Namespace) -> int:

    g = load_switch(args)
    a, b = g.terminals
    if not g.terminals_joined():
        raise InputError(f"No path joins the terminals {a} and {b}, so CUT has already won whoever moves (class cut).")
    if args.play:
        return play(g)
    t = time.perf_counter()
    try:
        with _time_limit(args.timeout):
            return _solve(args, g, t)
    except BudgetExceeded as exc:
        if args.json:
            print(json.dumps({"class": None, "verdict": "unknown", "reason": str(exc), "method": args.method}))
        else:
            print(f"unknown: {exc}")
        return 3


@contextlib.contextmanager
def _time_limit(seconds: float):
    """Raise :class:`~verify.errors.BudgetExceeded` in this (main) thread after ``seconds``."""
    import signal
    import threading

    from ..papers.ssg.brute import DEADLINE

    if threading.current_thread() is not threading.main_thread():  # no signals here: the searches' own check
        DEADLINE[:] = [time.monotonic() + seconds]
        try:
            yield
        finally:
            DEADLINE.clear()
        return

    def alarm(signum, frame):
        raise BudgetExceeded(f"the {seconds:g} s limit passed before the game was decided (--timeout S raises it)")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    DEADLINE[:] = [time.monotonic() + seconds]  # the plain searches also check it themselves
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        DEADLINE.clear()


def _solve(args: argparse.Namespace, g, t: float) -> int:
    from ..papers.ssg.brute import classify_brute
    from ..papers.ssg.lehman import check_certificate, classify, winning_moves

    a, b = g.terminals
    cert = None
    if args.method == "lehman":
        r = classify(g)
        cls, short_first, cut_first, cert = r.cls, r.short_first, r.cut_first, r.certificate
        if check_certificate(g, cert) != cls:  # pragma: no cover - would be a bug
            raise AssertionError("certificate does not check")
        moves = winning_moves(g) if g.m <= WINNING_MOVES_MAX_EDGES else None
    else:
        cls, first, second = classify_brute(g, args.method)
        short_first = "connect" if first else "cut"
        cut_first = "connect" if second else "cut"
        moves = _moves_brute(g, args.method)
    seconds = time.perf_counter() - t
    out = {
        "class": cls,
        "short_first": short_first,
        "cut_first": cut_first,
        "winning_moves": None if moves is None else {
            p: [[g.edges[i][0], g.edges[i][1], i] for i in sorted(set(ms))] for p, ms in moves.items()
        },
        "certificate": cert,
    }
    if args.png:
        _draw(g, cert, args.png, cls)
    if args.json:
        out["method"] = args.method
        out["seconds"] = round(seconds, 4)
        print(json.dumps(out))
        return 0
    say = {
        "connect": "CONNECT wins whoever moves first",
        "cut": "CUT wins whoever moves first",
        "first": "the first player wins",
        "none": "CONNECT wins moving second but not moving first (contradicts SSG.TRI)",
    }[cls]
    print(f"{g.n} vertices, {g.m} edges, terminals {a} and {b}: class {cls} — {say} ({args.method}, {seconds:.3f} s).")
    print(f"CONNECT moving first: {short_first} wins.  CUT moving first: {cut_first} wins.")
    if moves is None:
        print(f"(winning moves are listed only up to {WINNING_MOVES_MAX_EDGES} edges)")
    else:
        for p in ("connect", "cut"):
            ms = sorted(set(moves[p]))
            shown = ", ".join(f"{i}:{g.edges[i][0]}-{g.edges[i][1]}" for i in ms[:30]) + (" ..." if len(ms) > 30 else "")
            print(f"Winning first moves for {p.upper()} ({len(ms)}): {shown or '-'}")
    if cert:
        for part in ("second", "first"):
            c = cert[part]
            who = "CONNECT moving second" if part == "second" else "CONNECT moving first"
            if c["kind"] == "trees":
                print(f"{who}: two edge-disjoint trees of {c['graph']} span {len(c['vertices'])} vertices including both terminals.")
            else:
                s = len(c["forest1"]) + len(c["forest2"])
                print(f"{who}: loses — forests of {c['graph']}+ab with {s} edges against a partition into "
                      f"{len(c['partition'])} classes bounding {c['graph']} by {s - 1}.")
        print("(--json prints the certificate in full; it is checked before it is printed)")
    return 0


def _draw(g, cert, path: str, cls: str) -> None:
    from ..papers.ssg.draw import draw_switch

    t1 = t2 = ()
    extra = False
    if cert:
        c = cert["second"] if cert["second"]["kind"] == "trees" else cert["first"]
        k1, k2 = ("tree1", "tree2") if c["kind"] == "trees" else ("forest1", "forest2")
        t1 = [e[2] for e in c[k1] if isinstance(e[2], int) or e[2] == "ab"]
        t2 = [e[2] for e in c[k2] if isinstance(e[2], int) or e[2] == "ab"]
        extra = c["graph"] == "G+ab" or c["kind"] == "rank"
    try:
        draw_switch(g, path, tree1=t1, tree2=t2, extra_edge=extra, title=f"class {cls}")
    except OSError as exc:
        raise InputError(f"Cannot write {path}: {exc.strerror or exc}.") from None


def play(g, read=input, write=print) -> int:
    """Play against Chase's algorithm (Steps 6-9); the human types edge indices."""
    from ..papers.ssg.chase import ChasePlayer, _outcome, two_tree_system

    if not g.is_connected():
        raise InputError("Play needs a connected graph (Chase's algorithm spans every vertex).")
    tts = two_tree_system(g)
    write("Edges: " + ", ".join(f"{i}:{u}-{v}" for i, (u, v) in enumerate(g.edges)))
    claimed: set[int] = set()
    deleted: set[int] = set()
    if tts.cls == "first":
        write("SEE MY FIRST MOVE, YOU CHOOSE WHICH PLAYER YOU WANT TO BE.")
        probe = ChasePlayer(tts, "connect")
        mm = probe.first_move("cut")
        write(f"My first move is edge {mm}. Type connect or cut:")
        try:
            human = read().strip().lower()
        except EOFError:
            return 0
        if human not in ("connect", "cut"):
            raise InputError("Answer connect or cut.")
        machine = "cut" if human == "connect" else "connect"
        player = ChasePlayer(tts, machine)
        player.first_move(human)
        (claimed if machine == "connect" else deleted).add(mm)
    else:
        machine = tts.cls
        human = "cut" if machine == "connect" else "connect"
        player = ChasePlayer(tts, machine)
        write(f"I AM THE {machine.upper()} PLAYER, YOU MOVE FIRST.")
    mine = claimed if machine == "connect" else deleted
    theirs = deleted if machine == "connect" else claimed
    while _outcome(g, claimed, deleted) is None:
        write(f"Your move ({human}), an edge index:")
        try:
            text = read().strip()
        except EOFError:
            return 0
        if not (text.isascii() and text.isdigit()) or int(text) >= g.m or int(text) in claimed | deleted:
            write("That is not a free edge index; try again.")
            continue
        h = int(text)
        theirs.add(h)
        if _outcome(g, claimed, deleted) is not None:
            break
        mm = player.reply(h)
        if mm is None:
            write("I pass.")
        else:
            mine.add(mm)
            write(f"I take edge {mm}.")
    winner = _outcome(g, claimed, deleted)
    write(f"{winner.upper()} wins." + (" I win." if winner == machine else " You win."))
    return 0
