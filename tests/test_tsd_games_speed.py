"""The fast passes of the TSD game checks (``games.py``, ``links.py``) change no result.

Each registered check first runs a fast pass on index masks that only decides whether
every sub-instance of the game holds (then the tally is their number) and otherwise
runs the plain check, kept as ``_<name>_plain``.  Here, on every game up to n = 5: the
fast pass returns the plain check's hypothesis count when the plain check passes and
None when it fails, also with the solvers' answers perturbed as the mutants perturb
them (so that failures occur).  ``deep``: every game of n = 6.
"""

from __future__ import annotations

import pytest

from verify.graphs import connected_games
from verify.mutants.core import negate
from verify.mutants.tsd import multilinks, multishannon
from verify.papers.tsd import games as GM
from verify.papers.tsd import links as LK

# (module, fast pass, plain check, their keyword arguments)
CHECKS = {
    "TSD.DOM": (GM, "_dom_fast", "_dom_plain", {}),
    "TSD.T10": (LK, "_t10_fast", "_t10_plain", {}),
    "TSD.T17": (LK, "_t17_fast", "_t17_plain", {}),
    "TSD.T18/a": (LK, "_and_rule_fast", "_and_rule_plain", {"literal": True}),
    "TSD.T18/b": (LK, "_and_rule_fast", "_and_rule_plain", {"literal": False}),
}

# perturbations: {name: [(module attribute, replacement maker)]}, as in verify/mutants/tsd.py
PERTURB = {
    "MultiShannon flipped": [("MultiShannon", multishannon(
        second_player_wins=lambda r: not r, first_player_wins=lambda r: not r, winning_first_moves=lambda r: r[:-1]))],
    "threat and support flipped": [("threat_masks", negate), ("threatens", negate),
                                   ("support_masks", negate), ("supports", negate)],
    "MultiLinks strong reported weak": [("MultiLinks", multilinks(lambda k: "weak" if k == "strong" else k))],
    "MultiLinks weak reported strong": [("MultiLinks", multilinks(lambda k: "strong" if k == "weak" else k))],
}
# the perturbations each check consumes
PERTURBED = {
    "TSD.DOM": ["MultiShannon flipped", "threat and support flipped"],
    "TSD.T10": ["MultiShannon flipped", "threat and support flipped"],
    "TSD.T17": ["MultiLinks strong reported weak"],
    "TSD.T18/b": ["MultiLinks weak reported strong"],
}


def games_up_to(n_max, n_min=2):
    for n in range(n_min, n_max + 1):
        yield from connected_games(n)


def agree(sid, games):
    mod, fast, plain, kw = CHECKS[sid]
    failing = 0
    for game in games:
        t = getattr(mod, plain)(game, **kw)
        got = getattr(mod, fast)(game, **kw)
        if t.failure is None:
            assert got == t.hypothesis, (sid, game)
        else:
            failing += 1
            assert got is None, (sid, game)
    return failing


@pytest.mark.parametrize("sid", sorted(CHECKS))
def test_fast_equals_plain(sid):
    failing = agree(sid, games_up_to(5))
    assert failing == 0 or sid == "TSD.T18/a"  # refuted: its fast pass must send those games to the plain check


@pytest.mark.parametrize("sid, what", [(sid, what) for sid, whats in sorted(PERTURBED.items()) for what in whats])
def test_fast_equals_plain_perturbed(sid, what, monkeypatch):
    mod = CHECKS[sid][0]
    for name, make in PERTURB[what]:
        monkeypatch.setattr(mod, name, make(getattr(mod, name)))
    assert agree(sid, games_up_to(5)) > 0  # the perturbation makes some games fail


@pytest.mark.deep
@pytest.mark.parametrize("sid", sorted(CHECKS))
def test_fast_equals_plain_deep(sid):
    agree(sid, connected_games(6))
