"""Reading the game a command works on: ``--graph6``, ``--edges``, ``--file`` or ``--hex``."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from ..errors import InputError
from ..formats import check_vertex_count, parse_edge_string, parse_vertex
from ..game import Game, _label_key
from ..hexboard import HexBoard

__all__ = ["add_game_arguments", "load_game", "LoadedGame", "parse_vertex_arg", "picture_path", "write_picture"]


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the graph source options and ``--terminals`` to a sub-command."""
    src = parser.add_argument_group("the game (exactly one source)")
    ex = src.add_mutually_exclusive_group(required=True)
    ex.add_argument("--graph6", metavar="STR", help="graph in graph6 (vertices 0..n-1)")
    ex.add_argument("--edges", metavar="STR", help='edge list such as "0-2,2-3,3-1"')
    ex.add_argument("--file", metavar="PATH", help='JSON file {"n": 6, "edges": [[0,2],...], "terminals": [0,1]}')
    ex.add_argument(
        "--hex",
        metavar="SPEC",
        help='Hex board: "5x5" (empty) or rows like "..B../.W.../....." (B Black = Short, '
        "joins top and bottom; W White = Cut); brings its own terminals top and bottom",
    )
    src.add_argument("--terminals", nargs=2, metavar=("S", "T"), help="the two terminals (required for --graph6, --edges)")


@dataclass
class LoadedGame:
    game: Game
    board: HexBoard | None = None
    source: str = ""


def parse_vertex_arg(game: Game, text: str):
    """A vertex of ``game`` named on the command line (digits are integers)."""
    v = parse_vertex(text)
    if v not in game._index:
        raise InputError(f"{text!r} is not a vertex of this {game.n}-vertex graph.")
    return v


def load_game(args: argparse.Namespace) -> LoadedGame:
    """The game named by the parsed arguments; :class:`InputError` when malformed."""
    terms = tuple(parse_vertex(t) for t in args.terminals) if args.terminals else None
    if args.hex is not None:
        if terms is not None:
            raise InputError("A Hex board brings its own terminals (top and bottom); drop --terminals.")
        board = HexBoard.parse(args.hex)
        check_vertex_count(board.height * board.width + 2, f"A {board.height}x{board.width} Hex board")
        return LoadedGame(Game.from_hexboard(board), board, f"--hex '{board.spec()}'")
    if args.file is not None:
        game = Game.from_json_file(args.file)
        if terms is not None:
            game = Game(game.vertices, game.edges(), terms)
        return LoadedGame(game, None, f"--file {args.file}")
    if terms is None:
        which = "--graph6" if args.graph6 is not None else "--edges"
        raise InputError(f"--terminals S T is required with {which}.")
    if args.graph6 is not None:
        return LoadedGame(Game.from_graph6(args.graph6, terms), None, f"--graph6 '{args.graph6}'")
    pairs = parse_edge_string(args.edges)
    vertices = sorted({x for e in pairs for x in e}, key=_label_key)
    check_vertex_count(len(vertices), "The edge list")
    # the vertices are those the edges name: a terminal on no edge is an error, not an isolated vertex
    return LoadedGame(Game(vertices, pairs, terms), None, f"--edges '{args.edges}'")


PICTURE_SUFFIXES = (".png", ".svg", ".pdf", ".jpg", ".jpeg")


def picture_path(text: str, option: str = "--png") -> str:
    """The file a ``--png`` argument names, checked before any work is done.

    A name without a suffix gets ``.png`` (the file really written, and reported);
    a folder, an unknown suffix, a missing or unwritable folder are refused.

    >>> picture_path("game"), picture_path("game.svg")
    ('game.png', 'game.svg')
    """
    import os
    from pathlib import Path

    p = Path(text)
    if not text or p.is_dir():
        raise InputError(f"{option} {text!r} is a folder; give a file name such as {str(p / 'game.png')!r}.")
    if not p.suffix:
        p = p.with_name(p.name + ".png")
    if p.suffix.lower() not in PICTURE_SUFFIXES:
        raise InputError(f"{option} {text!r}: a picture file must end in {', '.join(PICTURE_SUFFIXES)}.")
    folder = p.parent
    if not folder.is_dir():
        raise InputError(f"Cannot write {str(p)!r}: the folder {str(folder)!r} does not exist.")
    if not os.access(folder, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise InputError(f"Cannot write {str(p)!r}: permission denied.")
    return str(p)


def write_picture(draw, path: str) -> None:
    """Call ``draw(path)``; a failure to write becomes one :class:`InputError` sentence."""
    try:
        draw(path)
    except OSError as exc:
        raise InputError(f"Cannot write {path!r}: {exc.strerror or exc}.") from None
