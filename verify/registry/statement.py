"""What a statement is, and what checking one instance returns.

A :class:`Statement` holds the id (exactly as in ``shared/STATEMENTS.md``), its kind
(``thm``, ``def``, ``ex``, ``conj``, ``table``, ``alg``), its source, a paraphrase, its
domain (connected games up to ``max_n`` vertices, terminal pairs up to automorphism),
and the check.  The check is separate from the statement: a function of one
:class:`~verify.game.Game` that returns

* ``None`` — the hypothesis does not hold for this game (nothing to check);
* ``True`` / ``False`` — the hypothesis holds once and the conclusion holds / fails;
* a :class:`Tally` — for statements that quantify over vertices, sets or edges
  inside the game: how many sub-instances met the hypothesis, and the first failure.

For kind ``ex`` the check returns True on a game that *exhibits* the property; the
search then stores the smallest such game as a witness.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Statement", "Tally", "Result", "KINDS", "VERDICTS"]

TIER_MAX_N = 7  # the default tier checks no statement beyond this many vertices
KINDS = ("thm", "def", "ex", "conj", "table", "alg", "thm+def")
VERDICTS = ("holds", "fails", "unknown", "vacuous", "refuted", "found", "not-found")


@dataclass
class Tally:
    """Outcome of a check on one game that quantifies over sub-instances.

    ``hypothesis`` counts the sub-instances *checked*.  A route that concludes further
    sub-instances from a lemma without checking them (TSD.L1's fast pass: the positions
    with moves left, from the complete colourings by the lemma's induction) gives their
    number in ``derived`` and the lemma in ``derived_by``; they are reported apart,
    never as checked.
    """

    hypothesis: int = 0
    failure: dict | None = None
    derived: int = 0
    derived_by: str = ""

    def add(self, holds: bool, **details) -> bool:
        """Count one sub-instance meeting the hypothesis; record it if it fails.

        Returns True when the check may continue (no failure yet).
        """
        self.hypothesis += 1
        if not holds and self.failure is None:
            self.failure = details or {"failed": True}
        return self.failure is None


@dataclass
class Statement:
    """A registered, checkable statement."""

    id: str
    kind: str
    text: str
    check: Callable[[Any], Any]
    source: str = ""
    max_n: int = 7
    min_n: int = 2
    expect: str = "holds"  # "holds", or "refuted" for a statement recorded as false
    reading: str = ""
    tier_n: int | None = None  # depth of the default pytest tier (None: min(max_n, 7))
    user: bool = False
    meta: dict = field(default_factory=dict)
    domain: Any = None  # a verify.registry.domain.Domain; None: connected games (GAMES)
    refuted_by: tuple | None = None  # expect="refuted": the recorded smallest counterexample's order key

    def __post_init__(self) -> None:
        if self.domain is None:
            from .domain import GAMES

            self.domain = GAMES

    @property
    def graph_class(self):
        """The :class:`~verify.graph_class.GraphClass` of a statement checked on connected
        games (all connected graphs unless restricted), None for another domain."""
        return getattr(self.domain, "graph_class", None)

    @property
    def tier_depth(self) -> int:
        """Depth of the default tier (``check`` without ``--full``, ``pytest theorems``)."""
        return self.tier_n or min(self.max_n, TIER_MAX_N)


@dataclass
class Result:
    """The verdict of one run of one statement."""

    id: str
    verdict: str
    n_min: int
    n_max: int
    instances: int = 0
    hypothesis_true: int = 0
    seconds: float = 0.0
    witness: dict | None = None
    witness_path: str | None = None
    reason: str = ""
    oracles: list = field(default_factory=list)  # decision procedures consulted (verify.backing)
    audit: dict = field(default_factory=dict)  # a sharded run's plain-route re-check of a sample (verify.sweep.audit)
    derived: dict = field(default_factory=dict)  # sub-instances concluded by a lemma, not checked: {"count", "by"}

    def to_json(self) -> dict:
        out = {
            "id": self.id,
            "verdict": self.verdict,
            "n_range": [self.n_min, self.n_max],
            "instances": self.instances,
            "hypothesis_true": self.hypothesis_true,
            "seconds": round(self.seconds, 3),
            "oracles": sorted(self.oracles),
        }
        if self.oracles:  # each procedure's standing, not only its name (verify.backing)
            from ..backing import ORACLES, STANDING

            out["oracle_standing"] = {n: {"what": ORACLES.get(n, ("python", n))[1],
                                          "standing": STANDING[ORACLES.get(n, ("python", n))[0]]}
                                      for n in sorted(self.oracles)}
        if self.audit:
            out["audit"] = dict(self.audit)
        if self.derived:
            out["derived"] = dict(self.derived)
        if self.witness is not None:
            out["witness"] = self.witness
        if self.witness_path:
            out["counterexample"] = self.witness_path
        if self.reason:
            out["reason"] = self.reason
        return out
