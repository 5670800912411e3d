"""The documentation cannot go stale: the site builds without warnings, and every command
it shows runs and prints what the page says.

Commands live in fenced ``console`` blocks of the Markdown pages (``docs/**/*.md`` and
``README.md``)::

    ```console
    $ shannon-verify dead --graph6 'CF' --terminals 0 1
    dead vertices: 2
    ...
    ```

Each ``$`` line is run (``shlex``-split, no shell) in a temporary folder holding a copy of
``examples/``; the lines after it, up to the next ``$``, are its expected standard output,
compared as doctest does with ``ELLIPSIS`` (``...`` matches anything) and
``NORMALIZE_WHITESPACE``.  A command ending in ``# exit N`` must exit with status N (else
0).  An HTML comment just above a block marks it: ``<!-- console: deep -->`` runs it only
in the deep tier (long commands), ``<!-- console: skip REASON -->`` never (installs).
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.parts)]
FENCE = re.compile(r"^(`{3,})console\s*$")
MARK = re.compile(r"^<!--\s*console:\s*(deep|skip)\b(.*?)-->\s*$")
EXIT = re.compile(r"\s+#\s*exit\s+(\d+)\s*$")


@dataclass
class Command:
    page: str
    line: int
    argv: str
    expected: list[str] = field(default_factory=list)
    status: int = 0
    mark: str = ""

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


def commands(page: Path) -> list[Command]:
    out: list[Command] = []
    lines = page.read_text().splitlines()
    i, mark = 0, ""
    while i < len(lines):
        m = MARK.match(lines[i])
        if m:
            mark = m.group(1)
            i += 1
            continue
        f = FENCE.match(lines[i])
        if not f:
            if lines[i].strip():
                mark = ""
            i += 1
            continue
        i += 1
        current = None
        while i < len(lines) and not lines[i].startswith(f.group(1)):
            text = lines[i]
            if text.startswith("$ "):
                cmd = text[2:]
                status = 0
                e = EXIT.search(cmd)
                if e:
                    status, cmd = int(e.group(1)), cmd[: e.start()]
                current = Command(str(page.relative_to(ROOT)), i + 1, cmd.strip(), status=status, mark=mark)
                out.append(current)
            elif current is not None:
                current.expected.append(text)
            i += 1
        mark = ""
        i += 1
    return out


ALL = [c for p in PAGES for c in commands(p)]
RUN = [pytest.param(c, id=c.id, marks=[pytest.mark.deep] if c.mark == "deep" else []) for c in ALL if c.mark != "skip"]


def _matches(expected: str, got: str) -> bool:
    checker = doctest.OutputChecker()
    return checker.check_output(expected, got, doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)


@pytest.fixture
def workdir(tmp_path):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    return tmp_path


@pytest.mark.parametrize("cmd", RUN)
def test_every_command_in_the_docs_runs_as_shown(cmd, workdir):
    argv = shlex.split(cmd.argv)
    assert argv and argv[0] in ("shannon-verify", "python"), f"{cmd.id}: only shannon-verify and python commands run here"
    if argv[0] == "shannon-verify":
        argv = [sys.executable, "-m", "verify", *argv[1:]]
    else:
        argv = [sys.executable, *argv[1:]]
    env = {**os.environ, "COLUMNS": "100", "PYTHONPATH": str(ROOT)}
    r = subprocess.run(argv, cwd=workdir, capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == cmd.status, f"{cmd.id}: `{cmd.argv}` exited {r.returncode}\n{r.stderr[-2000:]}"
    expected = "\n".join(cmd.expected).strip()
    if expected:
        want = expected + "\n"
        assert _matches(want, r.stdout), f"{cmd.id}: `{cmd.argv}` printed\n{r.stdout}\nnot\n{want}"


def test_the_docs_show_commands():
    assert len(ALL) >= 1


def test_the_site_builds_without_warnings(tmp_path):
    from sphinx.cmd.build import build_main

    code = build_main(["-W", "--keep-going", "-q", "-b", "html", "-d", str(tmp_path / "doctrees"), str(DOCS),
                       str(tmp_path / "html")])
    assert code == 0
    assert (tmp_path / "html" / "index.html").is_file()
