"""The pytest plugin (``pytest11`` entry point): ``@statement`` in any project's test module is a test item.

Run from a temporary folder outside the checkout, in a new pytest process, exactly as a
user's project would.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

CONJ = textwrap.dedent('''
    from verify import statement, dead_vertices


    @statement("MY.PENDANT", kind="conj", max_n=7)
    def pendants_dead(game):
        """A non-terminal pendant vertex is dead."""
        pendants = [v for v in game.nonterminals() if game.degree(v) == 1]
        return None if not pendants else set(pendants) <= dead_vertices(game)


    @statement("MY.FALSE", kind="conj", max_n=7)
    def every_vertex_dead(game):
        """Every non-terminal vertex is dead (false)."""
        return set(game.nonterminals()) <= dead_vertices(game)


    @statement("MY.NEVER", kind="conj", max_n=7)
    def never(game):
        """A hypothesis that never holds."""
        return None


    @statement("MY.EX", kind="ex", max_n=7)
    def has_dead(game):
        """Some game has a dead vertex."""
        return bool(dead_vertices(game))


    def test_plain():
        assert True
''')


def _pytest(folder, *args):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    # other plugins that write beside the tests (pytest-benchmark's .benchmarks) are kept out: what is asserted is ours
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:benchmark", "-q", *args], cwd=folder,
                          capture_output=True, text=True, env=env, timeout=300)


def test_statements_are_items_outside_the_checkout(tmp_path):
    (tmp_path / "test_conj.py").write_text(CONJ)
    r = _pytest(tmp_path, "-rA", "--sv-max-n", "5")
    out = r.stdout + r.stderr
    assert r.returncode == 1, out
    assert "PASSED test_conj.py::MY.PENDANT" in out and "PASSED test_conj.py::MY.EX" in out
    assert "PASSED test_conj.py::test_plain" in out
    assert "FAILED test_conj.py::MY.FALSE" in out and "FAILED test_conj.py::MY.NEVER" in out
    assert "smallest counterexample: graph6 'Bg', terminals [1, 2]" in out or "smallest counterexample: graph6" in out
    assert "reproduce: shannon-verify hunt" in out and "vacuous" in out
    assert "Traceback" not in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["test_conj.py"]  # nothing written beside it


def test_k_selects_a_statement_and_jobs_run_on_processes(tmp_path):
    (tmp_path / "test_conj.py").write_text(CONJ)
    r = _pytest(tmp_path, "-k", "MY.PENDANT", "--sv-max-n", "6", "--sv-jobs", "2")
    assert r.returncode == 0 and "1 passed" in r.stdout, r.stdout + r.stderr


def test_sv_out_writes_the_counterexample(tmp_path):
    (tmp_path / "test_conj.py").write_text(CONJ)
    r = _pytest(tmp_path, "-k", "MY.FALSE", "--sv-max-n", "4", "--sv-out", str(tmp_path / "cx"))
    assert r.returncode == 1
    assert list((tmp_path / "cx" / "MY.FALSE").glob("*.json"))
