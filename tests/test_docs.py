"""The documentation cannot go stale: the site builds without warnings, and every command
and Python example it shows runs and prints what the page says.

Commands live in fenced ``console`` blocks of the Markdown pages (``docs/**/*.md`` and
``README.md``)::

    ```console
    $ shannon-verify dead --graph6 CF --terminals 0 1 --edge 2 3
    Edge 2-3 is DEAD (method paths, ... s).
    ...
    ```

Each ``$`` line is run (``shlex``-split, no shell; ``shannon-verify`` and ``python`` only)
in a temporary folder holding a copy of ``examples/``; the commands of one block run in
order in the same folder, so a block can write a file and read it back (``--store``, then
``--resume``).  The lines after a ``$`` line, up to the next one, are its expected
standard output, compared as doctest does with ``ELLIPSIS`` (``...`` matches anything)
and ``NORMALIZE_WHITESPACE``.  A command ending in ``# exit N`` must exit with status N
(else 0); one that fails and prints nothing on standard output is compared on its
standard error instead (the one sentence it says).  An HTML comment just above a block
marks it: ``<!-- console: deep -->`` runs it only in the deep tier (long commands),
``<!-- console: skip REASON -->`` never (installs, commands that need a checkout).

``shannon-verify`` commands run in a child forked from one interpreter per test process
that has already imported the package (``verify.cli``, what ``python -m verify`` imports
before it parses its arguments), so the import is paid once, not once per command; the
child gets the folder, a fresh standard input (``/dev/null``), output and error files and
the arguments, and exits as ``python -m verify`` would.  ``SHANNON_VERIFY_DOCS_SUBPROCESS=1``
runs each in a new interpreter instead; ``python`` commands always do.

Python examples are fenced ``pycon`` blocks (``>>>`` prompts, as in a docstring); each
block is run on its own with :mod:`doctest` (the same ``ELLIPSIS`` and
``NORMALIZE_WHITESPACE``) in the same kind of temporary folder, so each block makes its
own imports; the same HTML comments mark a block deep or skipped.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import select
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
FENCE = re.compile(r"^(`{3,})(console|pycon)\s*$")
MARK = re.compile(r"^<!--\s*console:\s*(deep|skip)\b(.*?)-->\s*$")
EXIT = re.compile(r"\s+#\s*exit\s+(\d+)\s*$")


@dataclass
class Command:
    line: int
    argv: str
    expected: list[str] = field(default_factory=list)
    status: int = 0


@dataclass
class Block:
    """One fenced block: a ``console`` block's commands, or a ``pycon`` block's text."""

    page: str
    line: int
    kind: str
    mark: str = ""
    commands: list[Command] = field(default_factory=list)
    text: str = ""

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """The page's ``console`` and ``pycon`` blocks, each with the mark of the comment just above it."""
    out: list[Block] = []
    lines = page.read_text().splitlines()
    rel = str(page.relative_to(ROOT))
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
        block = Block(rel, i + 1, f.group(2), mark)
        i += 1
        body: list[str] = []
        current = None
        while i < len(lines) and not lines[i].startswith(f.group(1)):
            text = lines[i]
            body.append(text)
            if block.kind == "console":
                if text.startswith("$ "):
                    cmd, status = text[2:], 0
                    e = EXIT.search(cmd)
                    if e:
                        status, cmd = int(e.group(1)), cmd[: e.start()]
                    current = Command(i + 1, cmd.strip(), status=status)
                    block.commands.append(current)
                elif current is not None:
                    current.expected.append(text)
            i += 1
        block.text = "\n".join(body) + "\n"
        out.append(block)
        mark = ""
        i += 1
    return out


BLOCKS = [b for p in PAGES for b in blocks(p)]
ALL = [c for b in BLOCKS if b.kind == "console" for c in b.commands]


def _params(kind: str) -> list:
    return [pytest.param(b, id=b.id, marks=[pytest.mark.deep] if b.mark == "deep" else [])
            for b in BLOCKS if b.kind == kind and b.mark != "skip"]


def _matches(expected: str, got: str) -> bool:
    checker = doctest.OutputChecker()
    return checker.check_output(expected, got, doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)


@pytest.fixture
def workdir(tmp_path):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    return tmp_path


ENV = {**os.environ, "COLUMNS": "100", "PYTHONPATH": str(ROOT)}
TIMEOUT = 1800  # seconds for one command

# The forking interpreter: reads one JSON request a line (args, cwd, out, err), forks, and
# the child runs the command as ``python -m verify`` does; the parent answers its exit status.
ZYGOTE = r"""
import atexit, json, os, sys, traceback
import verify.cli
reply = os.fdopen(os.dup(1), "w", buffering=1)
print("ready", file=reply)
for line in iter(sys.stdin.readline, ""):
    req = json.loads(line)
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            os.chdir(req["cwd"])
            for fd, path, flags in ((0, os.devnull, os.O_RDONLY), (1, req["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
                                    (2, req["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
                new = os.open(path, flags, 0o644)
                os.dup2(new, fd)
                os.close(new)
            reply.close()
            sys.stdin = open(os.devnull)
            sys.argv = [verify.cli.__file__, *req["args"]]
            try:
                code = verify.cli.main()
            except SystemExit as exc:
                code = exc.code
            if code is None:
                code = 0
            elif not isinstance(code, int):
                print(code, file=sys.stderr)
                code = 1
        except BaseException:
            traceback.print_exc()
        try:
            atexit._run_exitfuncs()
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
    _, status = os.waitpid(pid, 0)
    print(json.dumps(os.waitstatus_to_exitcode(status)), file=reply)
"""


class Zygote:
    """One pre-imported interpreter that forks a child per ``shannon-verify`` command."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", ZYGOTE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, env=ENV, cwd=ROOT)
        assert self._read(120) == "ready", "the forking interpreter did not start"

    def _read(self, timeout: float) -> str:
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            self.close()
            raise TimeoutError(f"no answer within {timeout} s")
        return self.proc.stdout.readline().strip()

    def run(self, args: list[str], cwd: Path) -> subprocess.CompletedProcess:
        out, err = cwd / ".docs-stdout", cwd / ".docs-stderr"
        self.proc.stdin.write(json.dumps({"args": args, "cwd": str(cwd), "out": str(out), "err": str(err)}) + "\n")
        self.proc.stdin.flush()
        status = int(self._read(TIMEOUT))
        r = subprocess.CompletedProcess(args, status, out.read_text(), err.read_text())
        out.unlink()
        err.unlink()
        return r

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture(scope="module")
def zygote():
    if os.environ.get("SHANNON_VERIFY_DOCS_SUBPROCESS"):
        yield None
        return
    z = Zygote()
    yield z
    z.close()


def run(cmd: Command, where: str, cwd: Path, zygote: Zygote | None = None) -> None:
    """Run one documented command in ``cwd``; fail with what it printed unless the page shows it."""
    argv = shlex.split(cmd.argv)
    assert argv and argv[0] in ("shannon-verify", "python"), f"{where}: only shannon-verify and python commands run here"
    if argv[0] == "shannon-verify" and zygote is not None:
        r = zygote.run(argv[1:], cwd)
    else:
        argv = [sys.executable, *(["-m", "verify"] if argv[0] == "shannon-verify" else []), *argv[1:]]
        r = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, env=ENV, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    assert r.returncode == cmd.status, f"{where}: `{cmd.argv}` exited {r.returncode}\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"
    expected = "\n".join(cmd.expected).strip()
    got = r.stdout if r.stdout or cmd.status == 0 else r.stderr
    if expected:
        want = expected + "\n"
        assert _matches(want, got), f"{where}: `{cmd.argv}` printed\n{got}\nnot\n{want}"


@pytest.mark.parametrize("block", _params("console"))
def test_every_command_in_the_docs_runs_as_shown(block, workdir, zygote):
    assert block.commands, f"{block.id}: a console block without a $ command"
    for cmd in block.commands:
        run(cmd, f"{block.page}:{cmd.line}", workdir, zygote)


@pytest.mark.parametrize("block", _params("pycon"))
def test_every_python_example_in_the_docs_runs_as_shown(block, workdir, monkeypatch):
    monkeypatch.chdir(workdir)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block.text, {"__name__": "__docs__"}, block.id, block.page, block.line)
    assert test.examples, f"{block.id}: a pycon block without a >>> example"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    out: list[str] = []
    result = runner.run(test, out=out.append, clear_globs=True)
    assert result.failed == 0, "".join(out)


def test_the_docs_show_commands():
    assert len(ALL) >= 1
    assert any(b.kind == "pycon" for b in BLOCKS)


def test_the_site_builds_without_warnings(tmp_path):
    from sphinx.cmd.build import build_main

    code = build_main(["-W", "--keep-going", "-q", "-b", "html", "-d", str(tmp_path / "doctrees"), str(DOCS),
                       str(tmp_path / "html")])
    assert code == 0
    assert (tmp_path / "html" / "index.html").is_file()
