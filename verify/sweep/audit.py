"""The audit of a sharded run: a deterministic sample of its games re-checked by the plain route.

A sharded run (``check`` over a store, ``ci/n9_sweep.py``) decides most games by fast
routes (:mod:`verify.registry.routes`): fast passes, the all-paths dead sets from n = 8,
the one-pass group shard.  Each shard re-checks the games of a deterministic sample — one
game in :func:`audit_rate` (64 by default; ``--audit N`` or ``$SHANNON_VERIFY_AUDIT``;
0 turns it off) — by the statement's *plain* route, forced, and compares the verdict
and the hypothesis count of each.  A disagreement is an error
(:class:`~verify.registry.routes.RouteDisagreement`) naming the statement, the route and
the game; the counts of the sample are stored with the shard (``audit``).

A game is in the sample when the CRC-32 of its graph6 string and terminals is divisible
by the rate: the same games whatever the sharding, the machine or the order.

>>> from verify.game import Game
>>> sampled(Game.from_edges("0-2,2-1", terminals=(0, 1)), 1)
True
"""

from __future__ import annotations

import os
import zlib

from ..backing import apart
from ..registry.domain import describe_instance
from ..registry.routes import ONE_PASS, RouteDisagreement, forcing, routes_of

__all__ = ["AUDIT_ENV", "DEFAULT_RATE", "audit_rate", "sampled", "Auditor"]

AUDIT_ENV = "SHANNON_VERIFY_AUDIT"
DEFAULT_RATE = 64


def audit_rate() -> int:
    """One game in this many is re-checked by the plain route (0: no audit)."""
    text = os.environ.get(AUDIT_ENV, "")
    try:
        rate = int(text) if text else DEFAULT_RATE
    except ValueError:
        rate = DEFAULT_RATE
    return max(rate, 0)


def sampled(game, rate: int) -> bool:
    """Whether ``game`` is in the audit sample of rate ``rate``."""
    if rate <= 0:
        return False
    try:
        key = f"{game.to_graph6()} {list(game.terminals)}"
    except Exception:  # labels graph6 cannot carry: the repr is as deterministic
        key = repr(game)
    return zlib.crc32(key.encode()) % rate == 0


class Auditor:
    """The audit of one statement in one shard: ``auditor(game, hyp, failure)`` after
    each game re-checks the sampled ones by the plain route; :meth:`record` is what is
    stored.  A statement with no route but its plain one (and not in a one-pass group)
    is not audited: the re-check would run the same code.  ``counter``, the
    :class:`~verify.registry.runner.counting` open around the shard's checks, gives each
    game's sub-instances derived by a lemma (:attr:`Tally.derived`), which the plain
    route checks."""

    def __init__(self, st, rate: int | None = None, group: bool = False, counter=None):
        from ..registry.runner import evaluate

        self.st = st
        self.rate = audit_rate() if rate is None else rate
        names = [r.name for r in routes_of(st.id) if r.name != ONE_PASS]
        self.active = self.rate > 0 and (group or len(names) > 1) and st.kind not in ("table",)
        self.games = self.hypothesis = 0
        self.counter, self._derived_before = counter, 0
        self._evaluate = evaluate

    def __call__(self, game, hyp: int, failure) -> None:
        derived = 0
        if self.counter is not None:  # what this game's check derived: the counter's growth since the last game
            derived, self._derived_before = self.counter.count - self._derived_before, self.counter.count
        if not self.active or not sampled(game, self.rate):
            return
        from ..registry.runner import counting

        with forcing(self.st.id, "plain"), apart(), counting(alone=True):  # the re-check did not decide the run
            h2, f2 = self._evaluate(self.st, game)
        self.games += 1
        self.hypothesis += h2
        hyp += derived  # the plain route checks what the route checked and what it derived
        if (h2, f2 is None) != (hyp, failure is None):
            raise RouteDisagreement(
                f"audit: {self.st.id} gives {hyp} instances, {'holding' if failure is None else 'failing'}, on "
                f"{describe_instance(game)}, but its plain route gives {h2}, {'holding' if f2 is None else 'failing'}; "
                "the routes disagree.")

    def record(self) -> dict:
        """The stored counts: the rate, the games re-checked and their hypothesis count."""
        if not self.active:
            return {}
        return {"rate": self.rate, "games": self.games, "hypothesis": self.hypothesis}


def add_audits(total: dict, part: dict) -> dict:
    """Two audit records summed (empty records are no audit)."""
    if not part:
        return total
    if not total:
        return dict(part)
    return {"rate": part["rate"], "games": total["games"] + part["games"],
            "hypothesis": total["hypothesis"] + part["hypothesis"]}
