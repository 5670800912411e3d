"""``shannon-verify dead``: which vertices and edges are dead, with certificates.

A *live* answer carries its witnesses (an induced terminal path through the item and a
colouring whose winner flips with it), which anybody can re-check.  A *dead* answer is
as good as what decided it, and the output says which (``"trust"`` in ``--json``):

``Python``
    an exhaustive search or a two-line rule written in Python (``brute``, ``paths``, the
    dead map's rules);
``solver's word``
    the SAT solver's UNSAT answer (``sat``, and the dead map's SAT oracle), unchecked;
``z3's word``
    z3's UNSAT answer (``smt``), which gives no checkable proof;
``certified``
    ``--proof DIR`` wrote a certificate for the item (:mod:`verify.certify.dead_items`:
    the induced-path CNF re-derived from the game, Glucose's DRUP refutation) and the
    project's checker verified it, so the answer no longer rests on any solver
    (``shannon-verify check-proof DIR`` checks it again later).

The same words as ``prove`` uses for its UNSAT answers.
"""

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
    p.add_argument("--proof", metavar="DIR", help="write a certificate for each dead item (the induced-path CNF "
                   "re-derived from the game, a DRUP proof from Glucose) into DIR (one subdirectory per item; "
                   "--vertex/--edge: DIR itself) and check it with the project's checker; again later with "
                   "'shannon-verify check-proof DIR'")
    p.add_argument("--checker", choices=("c", "python"), default="c",
                   help="with --proof: the C backward checker (default) or the small pure-Python one")
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


def trust(verdict, cert=None) -> str | None:
    """What a dead verdict rests on (see the module docstring); None for a live one.

    >>> from verify.dead import Verdict
    >>> trust(Verdict(("vertex", 3), True, "smt", proof="UNSAT: ..."))
    "z3's word"
    """
    if not verdict.dead:
        return None
    if cert is not None and cert.checked:
        return "certified"
    if verdict.method == "smt":
        return "z3's word"
    if verdict.proof.startswith("UNSAT"):
        return "solver's word"
    return "Python"


def _verdict_json(verdict, cert=None) -> dict:
    out = verdict.to_json()
    t = trust(verdict, cert)
    if t is not None:
        out["trust"] = t
    if cert is not None:
        out["proof_certificate"] = cert.to_json()
    return out


def _trust_line(verdict, cert) -> str:
    t = trust(verdict, cert)
    if t == "certified":
        return (f"certified: {cert.dir}, proof checked in {cert.check_seconds:.2f} s "
                f"(the method's answer: {verdict.proof})")
    if cert is not None:
        return f"{t}: {verdict.proof}; the certificate in {cert.dir} was REJECTED: {cert.reason}"
    return f"{'proof' if t == 'Python' else t}: {verdict.proof}"


def _internal(game, verdict) -> tuple:
    kind, what = verdict.item
    if kind == "vertex":
        return ("vertex", game.index(what))
    i, j = sorted((game.index(what[0]), game.index(what[1])))
    return ("edge", i, j)


def _certify(game, items: list[tuple], root, single: bool, checker: str) -> dict:
    """Write and check a certificate for each dead item; ``{item: DeadCertificate}``."""
    from pathlib import Path

    from ..certify.dead_items import certificate_name, write_dead_certificate

    root = Path(root)
    if root.exists() and not root.is_dir():
        raise InputError(f"--proof {root}: it exists and is not a directory.")
    out, names = {}, set()
    for it in items:
        name = certificate_name(game, it)
        while name in names:
            name += "_"
        names.add(name)
        out[it] = write_dead_certificate(root if single else root / name, game, it, method=checker)
    return out


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
        asked = game
        if args.edge:
            u, v = (parse_vertex_arg(game, x) for x in args.edge)
            verdict = is_dead_edge(game, u, v, args.method)
            if not game.has_edge(u, v):
                asked = game.add_edges([(u, v)])  # answered in G + uv
        else:
            v = parse_vertex_arg(game, args.vertex)
            verdict = is_dead_vertex(game, v, args.method)
        seconds = time.perf_counter() - started
        cert = None
        if args.proof is not None and verdict.dead:
            it = _internal(asked, verdict)
            cert = _certify(asked, [it], args.proof, True, args.checker)[it]
        code = 4 if cert is not None and not cert.checked else 0
        if args.json:
            out = {"dead": verdict.dead, "method": verdict.method}
            if verdict.dead:
                out["trust"] = trust(verdict, cert)
            out.update(certificate=_verdict_json(verdict, cert), seconds=round(seconds, 4))
            print(json.dumps(out, indent=2))
            return code
        kind, what = verdict.item
        word = "DEAD" if verdict.dead else "LIVE"
        print(f"{kind.capitalize()} {_fmt(what)} is {word} (method {verdict.method}, {seconds:.3f} s).")
        if verdict.dead:
            print(f"  {_trust_line(verdict, cert)}")
            if verdict.theorems:
                print(f"  predicted dead by: {', '.join(verdict.theorems)}")
        else:
            print(f"  induced path: {' - '.join(map(str, verdict.path))}")
            print(f"  colouring: black {{{', '.join(map(str, verdict.colouring['black']))}}}, the rest white")
        if verdict.note:
            print(f"  note: {verdict.note}")
        if args.proof is not None and not verdict.dead:
            print("  (live: no certificate written; the path and the colouring are its certificate)")
        return code
    result = classify(game, args.method)
    seconds = time.perf_counter() - started
    certs = {}
    if args.proof is not None:
        certs = _certify(game, [it for it, v in sorted(result.verdicts.items()) if v.dead], args.proof, False,
                         args.checker)
    code = 4 if any(not c.checked for c in certs.values()) else 0
    if png:
        from ..draw import draw_classification

        write_picture(lambda path: draw_classification(result, path, board=loaded.board), png)
    if args.json:
        out = result.to_json()
        out["certificates"] = [_verdict_json(v, certs.get(it)) for it, v in sorted(result.verdicts.items())]
        if args.proof is not None:
            out["proof_dir"] = args.proof
            out["certified"] = sum(c.checked for c in certs.values())
        out["seconds"] = round(seconds, 4)
        print(json.dumps(out, indent=2))
        return code
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
    dead = [(it, v) for it, v in sorted(result.verdicts.items()) if v.dead]
    words: dict[str, int] = {}
    for it, v in dead:
        t = trust(v, certs.get(it))
        words[t] = words.get(t, 0) + 1
    if set(words) - {"Python"}:  # a solver's answer among them: say so
        print("Dead answers rest on: " + ", ".join(f"{k} ({words[k]})" for k in sorted(words)) + ".")
    if args.proof is not None:
        print(f"Certificates: {sum(c.checked for c in certs.values())} of {len(certs)} dead items certified in "
              f"{args.proof} (check again with 'shannon-verify check-proof {args.proof}').")
        for it, c in certs.items():
            if not c.checked:
                print(f"REJECTED: {result.verdicts[it].item[0]} {_fmt(result.verdicts[it].item[1])}: {c.reason}")
    if png:
        print(f"Picture written to {png}.")
    return code
