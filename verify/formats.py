"""Reading games from text: graph6, edge-list strings and JSON files.

Each reader turns malformed input into one :class:`~verify.errors.InputError`
sentence; none lets a traceback through.  Hex boards are read by
:mod:`verify.hexboard`.

The JSON form is ``{"n": 6, "edges": [[0, 2], ...], "terminals": [0, 1]}``; ``n`` is
optional (vertices ``0 .. n-1``), and vertex names may also be strings.

Size limits (an input above them is refused with one sentence, before any work):
a game read from text has at most :data:`MAX_VERTICES` vertices, and a JSON file
is at most :data:`MAX_FILE_BYTES` long.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import InputError

if TYPE_CHECKING:  # imported where graph6 is read: other inputs never need networkx
    import networkx as nx

__all__ = ["parse_graph6", "parse_edge_string", "parse_vertex", "parse_game_json",
           "MAX_VERTICES", "MAX_FILE_BYTES", "check_vertex_count"]

MAX_VERTICES = 10_000
"""Most vertices of a game read from graph6, an edge list, JSON or a Hex board.

(The adjacency is one bitmask per vertex, so memory grows as n²; every exact method
here is far slower than that long before this size.)"""
MAX_FILE_BYTES = 16 * 2**20
"""Longest JSON game file read (16 MiB)."""

_TOKEN = re.compile(r"^[A-Za-z0-9_]+$")


def check_vertex_count(n: int, what: str = "The game") -> None:
    """Refuse a game with more than :data:`MAX_VERTICES` vertices.

    >>> check_vertex_count(10**9)
    Traceback (most recent call last):
    ...
    verify.errors.InputError: The game has 1000000000 vertices; at most 10000 are accepted.
    """
    if n > MAX_VERTICES:
        raise InputError(f"{what} has {n} vertices; at most {MAX_VERTICES} are accepted.")


def parse_vertex(tok: str):
    """A vertex name from text: an int when it is all digits, else the string.

    >>> parse_vertex("12"), parse_vertex("a1")
    (12, 'a1')
    """
    tok = tok.strip()
    if not tok:
        raise InputError("A vertex name is empty.")
    if not _TOKEN.match(tok):
        raise InputError(f"{tok!r} is not a vertex name (use digits, letters or _).")
    return int(tok) if tok.isascii() and tok.isdigit() else tok


def parse_edge_string(s: str) -> list[tuple]:
    """Edges from a string such as ``"0-2,2-3,3-1"`` (spaces allowed).

    >>> parse_edge_string("0-2, 2-3")
    [(0, 2), (2, 3)]
    """
    s = s.strip()
    if not s:
        return []
    out = []
    for part in s.split(","):
        ends = part.split("-")
        if len(ends) != 2:
            raise InputError(f"Edge {part.strip()!r} is not of the form U-V.")
        out.append((parse_vertex(ends[0]), parse_vertex(ends[1])))
    return out


def parse_graph6(s: str | bytes) -> nx.Graph:
    """A networkx graph from a graph6 string (an optional ``>>graph6<<`` header allowed).

    >>> sorted(parse_graph6("CE").edges())
    [(0, 3), (1, 3)]
    """
    if isinstance(s, str):
        try:
            b = s.strip().encode("ascii")
        except UnicodeEncodeError:
            raise InputError("A graph6 string must be plain ASCII.") from None
    else:
        b = s.strip()
    if b.startswith(b">>graph6<<"):
        b = b[10:]
    if not b:
        raise InputError("The graph6 string is empty.")
    for ch in b:
        if not 63 <= ch <= 126:
            raise InputError(f"Byte {chr(ch)!r} cannot appear in graph6 (allowed: '?' to '~').")
    n = _graph6_order(b)
    head = 1 if b[:1] != b"~" else 4 if b[1:2] != b"~" else 8
    if len(b) < head:
        raise InputError(f"{b.decode()!r} is not valid graph6: its header is cut short ({len(b)} of {head} bytes).")
    check_vertex_count(n, "The graph6 graph")
    want = (n * (n - 1) // 2 + 5) // 6
    if len(b) - head != want:
        raise InputError(f"{b.decode()!r} is not valid graph6: a graph on {n} vertices takes {want} byte{'s' * (want != 1)} after its "
                         f"header, not {len(b) - head} ({'truncated' if len(b) - head < want else 'too long'}).")
    import networkx as nx

    try:
        return nx.from_graph6_bytes(b)
    except Exception as exc:  # networkx raises several kinds for bad lengths
        raise InputError(f"{b.decode()!r} is not valid graph6: {exc}.") from None


def _graph6_order(b: bytes) -> int:
    """The number of vertices a graph6 header announces (0 when too short to say).

    >>> _graph6_order(b"CF"), _graph6_order(b"~??~"), _graph6_order(b"~~?~?????")
    (4, 63, 1056964608)
    """
    if b[:1] != b"~":
        digits = b[:1]
    elif b[1:2] != b"~":
        digits = b[1:4]
    else:
        digits = b[2:8]
    n = 0
    for c in digits:
        n = n * 64 + (c - 63)
    return n


def _vertex_from_json(x):
    if isinstance(x, bool) or not isinstance(x, (int, str)):
        raise InputError(f"Vertex {x!r} must be an integer or a string.")
    return x


def parse_game_json(data) -> tuple[list | None, list, tuple, int | None]:
    """The parts of a game in parsed JSON ``{"n", "edges", "terminals"}`` (or
    ``"vertices"`` instead of ``"n"``), checked: ``(vertices or None, edge pairs,
    terminals, n or None)``.  :meth:`verify.game.Game.from_json` builds the game.

    >>> parse_game_json({"n": 3, "edges": [[0, 2], [2, 1]], "terminals": [0, 1]})
    (None, [(0, 2), (2, 1)], (0, 1), 3)
    """
    if not isinstance(data, dict):
        raise InputError("The JSON game must be an object with keys n, edges and terminals.")
    unknown = set(data) - {"n", "edges", "terminals", "vertices", "name", "comment"}
    if unknown:
        raise InputError(f"Unknown key {sorted(unknown)[0]!r} in the JSON game.")
    if "terminals" not in data:
        raise InputError("The JSON game has no 'terminals'.")
    edges = data.get("edges", [])
    if not isinstance(edges, list) or not all(isinstance(e, list) and len(e) == 2 for e in edges):
        raise InputError("'edges' must be a list of [u, v] pairs.")
    pairs = [(_vertex_from_json(u), _vertex_from_json(v)) for u, v in edges]
    check_vertex_count(len({x for e in pairs for x in e}), "The JSON game")
    terms = data["terminals"]
    if not isinstance(terms, list) or len(terms) != 2:
        raise InputError("'terminals' must be a list of two vertices.")
    terms = tuple(_vertex_from_json(t) for t in terms)
    if "vertices" in data:
        vs = data["vertices"]
        if not isinstance(vs, list):
            raise InputError("'vertices' must be a list.")
        check_vertex_count(len(vs), "The JSON game")
        return [_vertex_from_json(v) for v in vs], pairs, terms, None
    n = data.get("n")
    if n is not None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 2:
            raise InputError("'n' must be an integer of at least 2.")
        check_vertex_count(n, "The JSON game")
        for u, v in pairs:
            for x in (u, v):
                if not isinstance(x, int) or not 0 <= x < n:
                    raise InputError(f"Vertex {x!r} is not a vertex of a {n}-vertex graph.")
    return None, pairs, terms, n


def read_json_file(path: str | Path, what: str = "a JSON game", limit: int | None = None):
    """The JSON value of a file, read the one safe way every command shares.

    Refused with one :class:`InputError` sentence: a folder, a device or other special
    file (``/dev/zero``), a file longer than ``limit`` bytes (default
    :data:`MAX_FILE_BYTES`), binary or non-UTF-8 bytes, invalid JSON, and JSON nested
    too deeply to read.

    >>> import tempfile, os
    >>> f = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False); _ = f.write("[" * 100000); f.close()
    >>> read_json_file(f.name)
    Traceback (most recent call last):
    ...
    verify.errors.InputError: ... is nested too deeply to be a JSON game.
    >>> os.unlink(f.name)
    """
    import stat

    limit = MAX_FILE_BYTES if limit is None else limit
    p = Path(path)
    try:
        mode = p.stat().st_mode
    except OSError as exc:
        raise InputError(f"Cannot read {str(p)!r}: {exc.strerror or exc}.") from None
    if stat.S_ISDIR(mode):
        raise InputError(f"{str(p)!r} is a folder, not {what} file.")
    if not stat.S_ISREG(mode) and not stat.S_ISFIFO(mode):
        raise InputError(f"{str(p)!r} is not a regular file, so not {what}.")
    try:
        with open(p, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as exc:
        raise InputError(f"Cannot read {str(p)!r}: {exc.strerror or exc}.") from None
    if len(raw) > limit:
        raise InputError(f"{str(p)!r} is longer than {limit // 2**20} MiB; {what} file is at most that long.")
    if b"\0" in raw:
        raise InputError(f"{str(p)!r} is a binary file, not {what}.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{str(p)!r} is not UTF-8 text, so not {what}.") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{str(p)!r} is not valid JSON (line {exc.lineno}: {exc.msg}).") from None
    except RecursionError:
        raise InputError(f"{str(p)!r} is nested too deeply to be {what}.") from None
