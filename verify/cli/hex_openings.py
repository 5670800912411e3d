"""``shannon-verify hex-openings N``: the Black opening map of the empty N×N Hex board,
one opening per task on ``--jobs`` kernel processes, stored as it goes and resumable
(:mod:`verify.papers.hex.openings_run`)."""

from __future__ import annotations

import json
import sys

from ..errors import InputError

__all__ = ["register"]


def _shards(text: str) -> tuple[int, int]:
    try:
        a, b = (int(x) for x in text.split("-"))
    except ValueError:
        raise InputError(f"--shards must be A-B (task numbers from 0), not {text!r}.") from None
    return a, b


def register(sub) -> None:
    p = sub.add_parser(
        "hex-openings",
        help="the opening map of the empty NxN Hex board, sharded and resumable (HEX Fig. 7)",
        description="For every Black opening of the empty NxN Hex board, the winner (White then moves), "
        "one opening per task on --jobs kernel processes; each finished opening is appended to the "
        "JSON-lines --store at once, and --resume continues a stored run.  An opening past its budget "
        "is unknown ('?').",
    )
    p.add_argument("n", type=int, metavar="N", help="board side (1 to 11; past the estimate per opening, raise --budget-per-opening)")
    p.add_argument("--jobs", type=int, default=2, help="kernel processes (default 2)")
    p.add_argument("--store", metavar="PATH", help="JSON-lines store of finished openings")
    p.add_argument("--resume", action="store_true",
                   help="continue the store: skip decided openings, retry unknown ones if the budget is larger")
    p.add_argument("--mixed-kernels", action="store_true",
                   help="with --resume: continue a store begun by an earlier kernel or with other switches with this "
                   "one (a switch only prunes the search); the openings it decided are kept and each record names the "
                   "kernel and the switches that decided it")
    p.add_argument("--budget-per-opening", type=float, default=None, metavar="S",
                   help="CPU seconds of the kernel per opening, so other work on the machine does not use it up "
                   "(wall seconds where the system does not tell them); default 300, and then a board estimated "
                   "past it is refused; past it the opening is unknown")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--shards", metavar="A-B", help="only the searched tasks number A to B (from 0)")
    g.add_argument("--only", metavar="CELLS", help="only these openings, comma-separated (e.g. a1,b2)")
    p.add_argument("--table-bits", type=int, default=None, metavar="B",
                   help="df-pn's table holds 2^B entries of 64 bytes in each kernel (112 past 64 cells); default "
                   "22 up to 7x7 and 24 (1 GiB) from 8x8; 10 to 28, within the machine's memory; recorded with "
                   "each opening")
    p.add_argument("--order-from", metavar="STORE",
                   help="search the openings costliest first by their node counts in STORE, an earlier run's store "
                   "of the same board (e.g. docs/hex/hex_openings_8x8.jsonl), so that on several --jobs the last "
                   "to finish is a short one; only the order changes")
    p.add_argument("--json", action="store_true", help="print JSON (per-opening winner, wall and kernel CPU seconds, nodes)")
    p.add_argument("--png", metavar="FILE", help="draw the map (dark: Black wins after opening there)")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="run the openings on a Dask cluster (scheduler address, or 'local' for a LocalCluster of "
                   "--jobs workers); the workers need shannon-verify and a C compiler")
    p.add_argument("--without", action="append", default=[], metavar="SWITCH",
                   help="turn a kernel reduction off (repeatable): mustplay (the Fig. 13 update and every "
                   "narrowing of the must-play region, in df-pn too), threats, fillin, ordering, dfpn, "
                   "hsearch, captured, prune, dominated, proofsets, lazyfill, templates, pinf, cliquedead — to re-derive a map as a cross-check of that reduction")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..papers.hex.board import Position
    from ..papers.hex.maps import draw_opening_map, opening_map_text
    from ..papers.hex.openings_run import MAX_N, run_openings

    if not 1 <= args.n <= MAX_N:
        raise InputError(f"The board side must be 1 to {MAX_N} (the kernel takes at most 128 cells), not {args.n}.")
    if args.resume and not args.store:
        raise InputError("--resume needs --store PATH.")
    if args.mixed_kernels and not args.resume:
        raise InputError("--mixed-kernels continues a store: add --resume and --store PATH.")

    # a line on stderr as the run starts and one per finished opening, with --json too
    # (stdout then holds only the JSON)
    jobs = f"{args.jobs} job{'s' * (args.jobs != 1)}"
    count = {"todo": 0, "done": 0}

    def on_start(cells):
        count["todo"] = len(cells)
        if cells:
            print(f"{args.n}x{args.n}: searching {len(cells)} opening{'s' * (len(cells) != 1)} on "
                  f"{'Dask' if args.dask else jobs}; a line as each finishes:", file=sys.stderr, flush=True)

    def progress(cell, rec):
        count["done"] += 1
        cpu = f", {rec['cpu']:.2f} s CPU" if rec.get("cpu") is not None else ""
        print(f"  [{count['done']}/{count['todo']}] {cell}: {rec['winner']} ({rec['seconds']:.2f} s wall{cpu})",
              file=sys.stderr, flush=True)

    from ..sweep.backends import interrupt_on_term

    try:
        with interrupt_on_term():  # SIGTERM stops the run as Ctrl-C does
            r = run_openings(args.n, jobs=args.jobs, store=args.store, resume=args.resume,
                             budget=args.budget_per_opening, only=args.only,
                             shards=_shards(args.shards) if args.shards else None, progress=progress,
                             without=tuple(args.without), dask=args.dask, mixed_kernels=args.mixed_kernels,
                             table_bits=args.table_bits, order_from=args.order_from, on_start=on_start)
    except KeyboardInterrupt:
        if args.store:
            raise KeyboardInterrupt(f"{count['done']} openings of this run are stored in {args.store}; continue "
                                    "with the same command and --resume") from None
        raise
    pos = Position(args.n, args.n)
    m = {c: o["winner"] for c, o in r["openings"].items()}
    if args.json:
        print(json.dumps(r, indent=2))
    else:
        c = r["counts"]
        print(f"{args.n}x{args.n}: winner after each Black opening (B/W, ? unknown or not run)")
        print(opening_map_text(pos, m))
        where = (f"{r['kernel_cpu_seconds']:.2f} s kernel CPU on {jobs}." if r["kernel_cpu_seconds"] is not None
                 else f"on Dask ({args.dask}).")
        print(f"Black wins after {c['B']}, White after {c['W']}, unknown {c['unknown']}, not run {c['not run']} "
              f"(of {pos.size}); searched {len(r['searched'])} now in {r['wall_seconds']:.2f} s wall, " + where)
    if args.png:
        draw_opening_map(pos, m, args.png, f"{args.n}x{args.n}: winner after Black opens")
    return 3 if r["counts"]["unknown"] else 0
