"""The compile cache is safe when many threads and processes build the same kernel at
once on an empty cache (issue 22: a race once failed the README's LNK line 4 times of 4)."""

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from verify.tables.kernel import compiled, find_cc

needs_cc = pytest.mark.skipif(find_cc() is None, reason="no C compiler")

SOURCE = """#include <stdio.h>
#include "twice.h"
int main(void) { printf("%d\\n", twice(21)); return 0; }
"""


def _project(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / "twice.h").write_text("static int twice(int x) { return 2 * x; }\n")
    (src / "answer.c").write_text(SOURCE)
    return src / "answer.c"


def _runs(exe) -> str:
    return subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout


@needs_cc
def test_many_threads_and_processes_compile_one_kernel_at_once(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("SHANNON_VERIFY_CACHE", str(cache))
    source = _project(tmp_path)
    code = ("import sys; from pathlib import Path; from verify.tables.kernel import compiled; "
            "print(compiled(Path(sys.argv[1])))")
    procs = [subprocess.Popen([sys.executable, "-c", code, str(source)], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "SHANNON_VERIFY_CACHE": str(cache)}) for _ in range(4)]
    with ThreadPoolExecutor(max_workers=12) as pool:
        from_threads = list(pool.map(lambda _: compiled(source), range(12)))
    from_procs = [Path(p.communicate(timeout=300)[0].strip()) for p in procs]
    assert all(p.returncode == 0 for p in procs)
    exes = set(from_threads) | set(from_procs)
    assert len(exes) == 1, exes
    exe = exes.pop()
    assert _runs(exe) == "42\n"
    # nothing half-written or temporary is left beside it
    assert sorted(p.name for p in cache.iterdir()) == sorted([exe.name, exe.name + ".lock"])


@needs_cc
def test_an_edited_header_is_a_new_kernel(tmp_path, monkeypatch):
    monkeypatch.setenv("SHANNON_VERIFY_CACHE", str(tmp_path / "cache"))
    source = _project(tmp_path)
    first = compiled(source)
    (source.parent / "twice.h").write_text("static int twice(int x) { return 2 * x + 1; }\n")
    second = compiled(source)
    assert first != second and _runs(first) == "42\n" and _runs(second) == "43\n"


@needs_cc
def test_a_compile_error_is_one_sentence(tmp_path, monkeypatch):
    from verify.errors import ShannonVerifyError

    monkeypatch.setenv("SHANNON_VERIFY_CACHE", str(tmp_path / "cache"))
    bad = tmp_path / "bad.c"
    bad.write_text("int main(void) { return nope; }\n")
    with pytest.raises(ShannonVerifyError, match=r"Compiling bad\.c with .* failed: .*nope"):
        compiled(bad)
    assert [p.name for p in (tmp_path / "cache").iterdir() if not p.name.endswith(".lock")] == []
