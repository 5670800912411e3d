"""Shared fixtures of the harness's own tests.

Every test runs in its own temporary working folder (:func:`_in_a_temporary_folder`), so
the state ``check`` and friends keep under the working folder (``.shannon-verify/``:
the last run and the results store; ``counterexamples/`` of a user statement; reports)
never lands in the checkout or the user's folders.  The root ``conftest.py`` fails the
session if the checkout changed all the same.
"""

import os
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, settings

# database=None: Hypothesis keeps no example database in the checkout's .hypothesis/
settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
settings.register_profile("dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _in_a_temporary_folder(tmp_path_factory, monkeypatch):
    monkeypatch.chdir(tmp_path_factory.mktemp("cwd"))
    from verify.registry import runner

    # a paper statement's counterexamples go to the checkout's counterexamples/ by default
    monkeypatch.setattr(runner, "COUNTEREXAMPLES", tmp_path_factory.mktemp("counterexamples"))


def _processes() -> dict[int, list[str]]:
    """Every process's fields of ``/proc/<pid>/stat`` after its command name (state,
    parent, process group, ...), by process id (Linux)."""
    out = {}
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                out[int(p.name)] = (p / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:  # it ended meanwhile
                pass
    return out


@pytest.fixture
def processes():
    """:func:`_processes`, for the tests that look for the processes a stopped run left."""
    return _processes


def _fast_vs_plain(runs) -> int:
    """The failing games of ``runs``, each ``(where, tally, got, procedures)``: a game's
    plain-check tally and what its fast pass returned, which must be the tally's count
    where the plain check passes (with the same procedures recorded, ``procedures`` being
    the fast pass's and the plain check's, unless None) and None where it fails."""
    failing = 0
    for where, t, got, procedures in runs:
        if t.failure is None:
            assert got == t.hypothesis, where
            assert procedures is None or procedures[0] == procedures[1], (where, *procedures)
        else:
            failing += 1
            assert got is None, where
    return failing


@pytest.fixture
def fast_vs_plain():
    """:func:`_fast_vs_plain`, for the tests of the TSD fast passes."""
    return _fast_vs_plain


class _Tier(NamedTuple):
    """The games of a tier of a test: every game n <= 5, or (``deep``) every game of n = 6."""
    n_min: int
    n_max: int

    def games(self):
        from verify.graphs import connected_games

        for n in range(self.n_min, self.n_max + 1):
            yield from connected_games(n)

    def least(self, default: int, deep: int = -1) -> int:
        """The count a check must pass: ``default`` at n <= 5, ``deep`` at n = 6 (-1: any)."""
        return deep if self.n_min == 6 else default


@pytest.fixture(params=[pytest.param(_Tier(2, 5), id="n<=5"),
                        pytest.param(_Tier(6, 6), id="n=6", marks=pytest.mark.deep)])
def tier(request):
    """A test of every game n <= 5, and in the deep tier of every game of n = 6."""
    return request.param
