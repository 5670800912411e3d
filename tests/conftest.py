"""Shared fixtures of the harness's own tests.

Every test runs in its own temporary working folder (:func:`_in_a_temporary_folder`), so
the state ``check`` and friends keep under the working folder (``.shannon-verify/``:
the last run and the results store; ``counterexamples/`` of a user statement; reports)
never lands in the checkout or the user's folders.  The root ``conftest.py`` fails the
session if the checkout changed all the same.
"""

import os

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
