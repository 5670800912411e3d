"""Proof objects for solved Hex positions: a solution graph any reader can re-check.

A *proof* that colour ``X`` wins position ``P`` with ``to_move`` to play is a strategy
for ``X`` on ``P``, built from the solver's answers and closed by carriers (HEX §7, §9:
a carrier ``S`` of ``X``'s win is a set of vacant cells such that ``X`` still wins after
the loser is given every vacant cell off ``S``).  It is a solution *tree* stored as a
directed acyclic graph: a list of nodes, a node per distinct position, children named
by their index in the list (so transpositions are stored once).  Node kinds (cells are
bit indices ``r·C + c``, row-major; ``a1`` = 0):

* ``"L"`` — a leaf: ``X`` has a chain joining its two sides (one leaf node may serve
  many positions: it is checked at each);
* ``["x", [cells]]`` — an *exhaustive* leaf: ``X`` wins when these vacant cells stay
  vacant and the loser is given every other vacant cell, the same player to move; the
  checker decides it by its own exhaustive search (at most
  :data:`~verify.papers.hex.proof_check.EXHAUST_MAX` = 16 cells; also shared, checked at
  every visit);
* ``["f", [cells], k]`` — *fill*: the loser is given these vacant cells (the solver's
  carrier at this node is the rest of the vacant cells), same player to move, then node ``k``;
* ``["m", cell, k]`` — ``X`` to move plays ``cell``, then node ``k``;
* ``["r", [[cell, k], ...]]`` — the loser to move: one child for **every** vacant cell,
  the loser's stone there, then node ``k``.

*Why a checked proof proves the value.*  The win condition is monotone: more stones of
``X`` never break ``X``'s chain, more stones of the loser never make one for ``X``.  A
fill step only hands the loser stones, so if ``X`` wins after it, ``X`` wins before it
— ``X`` plays the proof's strategy; a loser move on a filled cell is a move the proof
already granted (``X`` answers it with any extra stone, which cannot hurt), and a proof
move on a cell ``X`` already holds is replaced by any vacant cell.  With fills allowed,
every ``"r"`` node lists all loser replies and every path ends in an ``X`` chain, so
the unfolded tree is a winning strategy; no node is reached where the loser already has
a chain (checked), so the game never ended earlier; a node other than a leaf reached
along two paths must be reached at the same position (checked), and every edge adds a stone, so the graph
has no cycle.  An ``"x"`` leaf is a fill (of every vacant cell it does not name)
followed by a complete game-tree search of what is left: the checker's minimax, over
every move of both players and memoised on the exact position (``X``'s stones and the
vacant cells; the loser holds every other cell), decides the game — ``X`` wins at once
with a chain and loses at once when even all vacant cells would not give it one (the
loser then has, or gets, a chain), ``X`` to move wins iff some move wins, the loser to
move loses iff every move loses.  That search is exactly the definition of the value,
and the fill is sound by monotonicity, so an accepted ``"x"`` leaf is an ``X`` win.

*Symmetric claims.*  A proof line ``{"rows", "cols", "board", "to_move", "winner",
"image_of": j, "map": M}`` claims the image of the ``j``-th claim of the same file
(0-based, already checked) under ``M``: ``"rot180"`` (cell (r, c) → (R−1−r, C−1−c),
colours kept) or ``"transpose"`` ((r, c) → (c, r), R×C → C×R, Black and White swapped,
also the player to move and the winner).  The checker computes the image itself and
demands equality.  Both maps send the six neighbour offsets (0, ±1), (±1, 0), ±(−1, 1)
to themselves, so they are automorphisms of the cell graph; the turn sends the top row
to the bottom row and the left column to the right one (each player's pair of sides to
itself), the transpose sends Black's top and bottom rows to White's left and right
columns and back — so, with the colours swapped for the transpose, the map sends every
game from the source position to a game from the image, chains to chains, and a
winning strategy to a winning strategy.

The checker (:mod:`.proof_check`: :func:`check_proof`, :func:`check_file`) shares no
code with the solvers: its own board reader, neighbour rule, breadth-first and bitmask
chain tests and exhaustive search, and the rules above.  The builder
(:mod:`.proof_build`: :func:`build_proof`) queries a solver (the compiled Fig. 13
kernel by default): at each node the carrier of the current position shrinks the board
(a fill node), shrunk further by giving the loser every cell the solver says ``X`` can
spare (one query each); a position with at most ``exhaust`` vacant cells left
(default 8) becomes an ``"x"`` leaf; at ``X``'s turn it tries the carrier's cells and
keeps a winning move with the smallest carrier.  With a C compiler both loops run in
the builder's kernel (``proof_kernel.c``, which includes ``hexsolve.c`` unchanged), one
query line per node (``BuilderKernel.shrink``, ``BuilderKernel.best_move``), making
the same solver queries as the Python loops (the same proofs, tested).

File format, version 2 (``ProofWriter`` / ``save_proofs``; ``iter_proofs`` /
``check_file`` read and check one proof at a time; gzip when the name ends in ``.gz``,
detected on reading) — JSON lines::

    {"format": "shannon-verify hex proof", "version": 2}
    {"rows": R, "cols": C, "board": "B../.../...", "to_move": "W", "winner": "B",
     "carrier": ["b2", ...], "root": r, "nodes": [...]}
    {"rows": R, "cols": C, "board": "../...", "to_move": "W", "winner": "B", "image_of": 0, "map": "rot180"}
    {"end": 2}

(the closing line counts the proofs: a file cut short is refused).  Version-1 files
(one JSON object ``{"format", "version": 1, "proofs": [...]}``) are still read, whole.
A file whose decompressed size passes ``max_bytes`` (4 GiB) is refused.

References
----------
.. [1] R. B. Hayward, J. van Rijswijck, "Hex and combinatorics", Discrete Math. 306
   (2006), §7 (virtual connections and carriers), §9 (Fig. 13).

Examples
--------
>>> from verify.papers.hex.board import Position
>>> pr = build_proof(Position.parse("3x3"), "B", exhaust=0)
>>> r = check_proof(pr)
>>> r.winner, r.to_move, r.nodes == len(pr["nodes"])
('B', 'B', True)
>>> pr["nodes"][pr["root"]] = "L"
>>> check_proof(pr)
Traceback (most recent call last):
...
verify.papers.hex.proof_check.ProofError: Invalid proof: the leaf at the root has no Black chain.
>>> check_proof(build_proof(Position.parse("3x3"), "B")).xleaves
1
>>> bad = {"rows": 3, "cols": 3, "board": "B../.../...", "to_move": "W", "winner": "B",
...        "root": 0, "nodes": [["x", [1, 2, 4, 7]]]}
>>> check_proof(bad)
Traceback (most recent call last):
...
verify.papers.hex.proof_check.ProofError: Invalid proof: the exhaustive leaf at the root is not a Black win (White to move, vacant b1 c1 b2 b3, White on every other cell).
"""

from .proof_build import EXHAUST, ProofWriter, build_proof, prove_all, save_proofs, symmetric_source, unfolded_size
from .proof_check import (
    EXHAUST_MAX,
    FORMAT,
    MAX_BYTES,
    ProofCheck,
    ProofError,
    check_file,
    check_proof,
    image_claim,
    iter_proofs,
    load_proofs,
)

__all__ = [
    "EXHAUST",
    "EXHAUST_MAX",
    "FORMAT",
    "MAX_BYTES",
    "ProofCheck",
    "ProofError",
    "ProofWriter",
    "build_proof",
    "check_file",
    "check_proof",
    "image_claim",
    "iter_proofs",
    "load_proofs",
    "prove_all",
    "save_proofs",
    "symmetric_source",
    "unfolded_size",
]
