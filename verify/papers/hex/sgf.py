"""Hex game records in SGF, as HexGui writes them and Benzene reads them.

The file is parsed by :mod:`sgfmill`'s SGF grammar (``sgf_grammar.parse_sgf_game``, the
FF[4] rules); this module only interprets the properties of the main line for Hex
(``GM[11]``):

* ``SZ[n]`` (an n×n board) or ``SZ[c:r]`` (c columns, r rows); at most
  :data:`~verify.papers.hex.solver.MAX_CELLS` cells, the compiled kernel's limit;
* setup nodes: ``AB``/``AW`` add stones, ``AE`` clears cells, ``PL[B|W]`` names the
  player to move;
* move nodes: ``B[cell]`` / ``W[cell]``, ``swap-pieces`` (or ``swap``) and ``resign``.

Cells are written as HexGui and Benzene name them (``a1``, ``c10``: the letter is the
column, ``a`` the left one, the number the row, ``1`` the top one), which is the
project's :class:`~verify.papers.hex.board.Position` naming — Benzene's reader
(``SgPropUtil::SgfStringToPoint``, ``SG_PROPPOINTFMT_HEX``, with
``HexSgUtil::SgPointToHexPoint``) maps ``a1`` to its top-left cell, as here.

A swap in a record leaves the stones where they are: the players exchange colours, as in
Benzene's ``StoneBoard`` (after ``B[f2];W[swap-pieces]`` the board still holds the Black
stone at f2 and White moves next, which is how HexGui's game records continue).  A
``resign`` ends the record; nodes after it are ignored.

``move`` is GTP's ``loadsgf`` move number: the position *before* that move is loaded
(``move=1``: the setup alone), counting move nodes (swap and resign included, setup nodes
not).  Benzene's own ``loadsgf`` plays ``move`` moves instead (one more).

Every malformed record raises :class:`~verify.errors.InputError` with one sentence.

>>> rec = parse(b"(;FF[4]GM[11]SZ[3];AB[b2]AW[a1]PL[B];B[c1];W[a3])")
>>> rec.position.spec(), rec.to_move, rec.moves_played, rec.moves_total
('W.B/.B./W..', 'B', 2, 2)
>>> parse(b"(;FF[4]GM[11]SZ[3];AB[b2]AW[a1]PL[B];B[c1];W[a3])", move=2).position.spec()
'W.B/.B./...'
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import InputError
from .board import BLACK, WHITE, Position, other

__all__ = ["HexRecord", "parse", "load", "MAX_SGF_BYTES"]

MAX_SGF_BYTES = 1 << 20
"""The largest SGF file read (1 MiB): a Hex game record of 11×11 is a few kilobytes."""

_CELL = re.compile(r"([a-z])([1-9][0-9]?)")
_SWAP = ("swap-pieces", "swap")


@dataclass
class HexRecord:
    """A Hex position read from an SGF record.

    Attributes
    ----------
    rows, cols : int
        The board: ``rows`` × ``cols`` cells.
    position : Position
        The stones after the setup and the moves replayed.
    to_move : str or None
        ``"B"``/``"W"`` from the last ``PL`` property, or the colour after the last move
        replayed (None when the record says neither).
    moves : list of tuple
        The moves replayed, ``(colour, cell index | "swap" | "resign")``.
    moves_played, moves_total : int
        Move nodes replayed, and in the main line (up to a resign).
    setup : Position
        The stones of the setup nodes met before the first move (the position a game
        history starts from).
    notes : list of str
        Things tolerated (a resign, nodes after it, a non-square size).
    """

    rows: int
    cols: int
    position: Position
    to_move: str | None
    moves: list = field(default_factory=list)
    moves_played: int = 0
    moves_total: int = 0
    setup: Position | None = None
    notes: list = field(default_factory=list)


def _text(raw: bytes) -> str:
    return raw.decode("ascii", "replace").strip()


def _shown(text: str, limit: int = 24) -> str:
    s = text.encode("ascii", "backslashreplace").decode("ascii")
    return s if len(s) <= limit else s[:limit] + "..."


def _size(values: list[bytes], max_cells: int) -> tuple[int, int]:
    """(rows, cols) of an ``SZ`` property: ``n`` or ``cols:rows``."""
    text = _text(values[0]) if values else ""
    m = re.fullmatch(r"([0-9]{1,4})(?:\s*:\s*([0-9]{1,4}))?", text)
    if not m:
        raise InputError(f"The SGF size SZ[{_shown(text)}] is not a board size like SZ[7] or SZ[7:5].")
    cols = int(m.group(1))
    rows = int(m.group(2)) if m.group(2) else cols
    if cols < 1 or rows < 1 or rows * cols > max_cells:
        raise InputError(f"The SGF board {cols}x{rows} is not one the solver takes (at least 1x1, at most "
                         f"{max_cells} cells, 11x11 being the largest square).")
    return rows, cols


def _cell(text: str, rows: int, cols: int, what: str) -> int:
    m = _CELL.fullmatch(text.lower())
    if not m:
        raise InputError(f"The SGF {what} [{_shown(text)}] is not a Hex cell like a1.")
    c, r = ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
    if not (0 <= r < rows and 0 <= c < cols):
        raise InputError(f"The SGF {what} [{_shown(text)}] is off the {cols}x{rows} board.")
    return r * cols + c


def parse(data: bytes, move: int | None = None, max_cells: int | None = None) -> HexRecord:
    """The Hex position of the SGF record ``data`` (its first game, main line).

    Parameters
    ----------
    data : bytes
        The SGF file's contents (at most :data:`MAX_SGF_BYTES`).
    move : int, optional
        Load the position before this move (GTP's ``loadsgf`` move number, from 1);
        default: the end of the record.
    max_cells : int, optional
        The largest board taken (default: the compiled kernel's limit).

    Returns
    -------
    HexRecord

    Raises
    ------
    InputError
        The data is not an SGF game, not Hex, of a size out of range, or replays an
        illegal move (one sentence saying which).
    """
    from sgfmill import sgf_grammar

    if max_cells is None:
        from .solver import MAX_CELLS

        max_cells = MAX_CELLS
    if move is not None and move < 1:
        raise InputError(f"The move number must be 1 or more (the position before that move), not {move}.")
    if len(data) > MAX_SGF_BYTES:
        raise InputError(f"The SGF file has {len(data)} bytes, over the limit of {MAX_SGF_BYTES} for a game record.")
    try:
        tree = sgf_grammar.parse_sgf_game(bytes(data))
        nodes = list(sgf_grammar.main_sequence_iter(tree))
    except ValueError as exc:
        raise InputError(f"The file is not a readable SGF game record ({_shown(str(exc), 80)}).") from None
    except RecursionError:
        raise InputError("The SGF game record nests its variations too deeply to read.") from None
    if not nodes:
        raise InputError("The SGF game record has no nodes.")
    root = nodes[0]
    gm = _text(root["GM"][0]) if root.get("GM") else "11"
    if gm != "11":
        raise InputError(f"The SGF file records game GM[{_shown(gm)}], not Hex (GM[11]).")
    if "SZ" not in root:
        raise InputError("The SGF game record has no board size (SZ).")
    rows, cols = _size(root["SZ"], max_cells)
    rec = HexRecord(rows, cols, Position(rows, cols), None)
    black = white = 0
    played = total = 0
    stop = move - 1 if move is not None else None  # moves to replay
    history: list = []
    setup_done = False
    for k, props in enumerate(nodes):
        if any(p in props for p in ("AB", "AW", "AE", "PL")):
            if stop is None or played < stop:  # past the position asked for, setup is not applied
                for tag, colour in (("AE", None), ("AB", BLACK), ("AW", WHITE)):
                    for raw in props.get(tag, []):
                        for text in _points(_text(raw)):
                            i = _cell(text, rows, cols, f"setup point {tag}")
                            bit = 1 << i
                            if colour is None:
                                black &= ~bit
                                white &= ~bit
                            elif (black | white) & bit:
                                raise InputError(f"The SGF setup {tag}[{text}] is on a cell that already holds a stone.")
                            elif colour == BLACK:
                                black |= bit
                            else:
                                white |= bit
                if props.get("PL"):
                    pl = _text(props["PL"][0]).upper()[:1]
                    if pl not in (BLACK, WHITE):
                        raise InputError(f"The SGF player to move PL[{_shown(_text(props['PL'][0]))}] is not B or W.")
                    rec.to_move = pl
        colour = BLACK if "B" in props else WHITE if "W" in props else None
        if colour is None:
            continue
        if "B" in props and "W" in props:
            raise InputError(f"The SGF node {k} holds both a Black and a White move.")
        if not setup_done:
            rec.setup = Position(rows, cols, black, white)
            setup_done = True
        raw = props[colour]
        text = _text(raw[0]) if raw else ""
        total += 1
        word = text.lower()
        if word == "resign":
            rec.notes.append(f"move {total}: {colour} resigns")
            if stop is None or played < stop:
                history.append((colour, "resign"))
                played += 1
            if k + 1 < len(nodes):
                rec.notes.append(f"{len(nodes) - k - 1} node(s) after the resign ignored")
            break
        if stop is not None and played >= stop:
            # past the position asked for: the rest of the record is still checked for its moves' form
            if word in _SWAP:
                continue
            if word in ("", "tt", "pass"):
                raise InputError(f"The SGF move {total} ({colour}[{_shown(text)}]) is a pass; Hex has no pass.")
            _cell(text, rows, cols, f"move {total}")
            continue
        if word in _SWAP:
            if played != 1 or not isinstance(history[0][1], int) or history[0][0] == colour:
                raise InputError(f"The SGF move {total} ({colour}[{_shown(text)}]) swaps, which only the second "
                                 "move may do, by the other colour.")
            history.append((colour, "swap"))
            played += 1
            rec.to_move = colour  # the swapper's colour moves on: the players exchanged colours
            continue
        if word in ("", "tt", "pass"):
            raise InputError(f"The SGF move {total} ({colour}[{_shown(text)}]) is a pass; Hex has no pass.")
        i = _cell(text, rows, cols, f"move {total} ({colour})")
        if (black | white) >> i & 1:
            raise InputError(f"The SGF move {total} ({colour}[{text}]) is on an occupied cell.")
        if colour == BLACK:
            black |= 1 << i
        else:
            white |= 1 << i
        history.append((colour, i))
        played += 1
        rec.to_move = other(colour)
    if not setup_done:
        rec.setup = Position(rows, cols, black, white)
    rec.position = Position(rows, cols, black, white)
    rec.moves = history
    rec.moves_played = played
    rec.moves_total = total
    if move is not None and move - 1 > total:
        rec.notes.append(f"the record has {total} move(s), fewer than {move - 1}: loaded to its end")
    return rec


def _points(text: str) -> list[str]:
    """The points of one value: ``a1``, or a compressed rectangle ``a1:c3`` (every cell between)."""
    if ":" not in text:
        return [text]
    a, _, b = text.partition(":")
    ma, mb = _CELL.fullmatch(a.strip().lower()), _CELL.fullmatch(b.strip().lower())
    if not (ma and mb):
        return [text]
    c0, c1 = sorted((ord(ma.group(1)), ord(mb.group(1))))
    r0, r1 = sorted((int(ma.group(2)), int(mb.group(2))))
    return [f"{chr(c)}{r}" for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]


def load(path, move: int | None = None, max_cells: int | None = None) -> HexRecord:
    """:func:`parse` of the file at ``path``, read only up to :data:`MAX_SGF_BYTES` (+1 to
    tell a larger file); a missing or unreadable file raises :class:`~verify.errors.InputError`."""
    p = Path(os.fsdecode(path))
    try:
        with open(p, "rb") as f:
            data = f.read(MAX_SGF_BYTES + 1)
    except FileNotFoundError:
        raise InputError(f"No SGF file {_shown(str(p), 200)}.") from None
    except IsADirectoryError:
        raise InputError(f"{_shown(str(p), 200)} is a folder, not an SGF file.") from None
    except OSError as exc:
        raise InputError(f"Cannot read the SGF file {_shown(str(p), 200)} ({exc.strerror or exc}).") from None
    if len(data) > MAX_SGF_BYTES:
        raise InputError(f"The SGF file {_shown(str(p), 120)} is over the limit of {MAX_SGF_BYTES} bytes for a "
                         "game record.")
    return parse(data, move, max_cells)
