"""The project's own lemma behind the dead-item oracles (PROJ.INDUCED_PATH).

**Lemma (induced paths).**  In a Shannon game G with terminals s, t, a non-terminal
vertex v is live iff some *induced* s–t path passes through v; an edge e is live iff
some induced s–t path uses e.

*Proof sketch.*  (⇐) Colour the path's inner vertices black and every other vertex
white.  The black vertices with the terminals induce exactly the path (it is induced),
so Short wins, and turning v white (deleting e) leaves s, t disconnected in the black
graph: the winner changes, so v (e) is live.  (⇒) Let a complete colouring change
winner with v.  With v black Short wins and with v white Cut wins, so every s–t path
in G[black ∪ {s, t} ∪ {v}] passes through v; a *shortest* such path is induced in
that subgraph, hence in G among black vertices — and an inducing chord to a white vertex
is impossible since the path uses only black vertices and terminals.  A shortest path
has no chords, so it is an induced s–t path of G through v.  The edge case is the same
with "e present / deleted" and a shortest s–t path in the black graph, which must use e.

*Source.*  The characterisation is folklore for Hex and the Shannon game (dead cells
are those on no minimal winning set; cf. Björnsson, Hayward, Johanson, van Rijswijck,
"Dead cell analysis in Hex and the Shannon game", and the NP-completeness proof of
dead-cell recognition cited as [2] in TSD §5).  It is **not** in TSD (§5 defines
deadness through complete colourings only); it is a lemma of this project.  The
``paths`` and ``sat`` oracles of :mod:`verify.dead` decide deadness through it, and the
symbolic proofs of ``shannon-verify prove`` for TSD.T13–T16 encode "live" as "on an
induced terminal path", so they are conditional on this lemma; here it is checked
against the definition (``brute``: every complete colouring) on every game in scope.

>>> from verify import Game
>>> t = induced_path.check(Game.from_edges("0-2,2-1,0-3,3-2", terminals=(0, 1)))
>>> t.hypothesis, t.failure    # 2 vertices and 4 edges, all agree
(6, None)
"""

from __future__ import annotations

from ...dead import classify
from ...registry import Tally, statement

SRC = "project lemma (verify/papers/tsd/lemmas.py; folklore for Hex dead cells)"


def _verdicts(game, method):
    return {it: v.dead for it, v in classify(game, method).verdicts.items()}


@statement(
    "PROJ.INDUCED_PATH",
    kind="thm",
    source=SRC,
    max_n=8,
    tier_n=6,
    reading="every non-terminal vertex and every edge: dead by the definition ('brute', every complete "
    "colouring) iff no induced terminal path goes through it ('paths').",
)
def induced_path(game):
    """A non-terminal vertex (edge) is live iff it lies on an induced terminal-to-terminal path."""
    by_definition = _verdicts(game, "brute")
    by_paths = _verdicts(game, "paths")
    t = Tally()
    for item in sorted(by_definition):
        dead = by_definition[item]
        if not t.add(by_paths.get(item) == dead, item=list(item), dead_by_definition=dead,
                     on_induced_path=not by_paths.get(item)):
            return t
    return t
