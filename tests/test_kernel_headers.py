"""The compiled kernels as one library (issue 20): one graph6 reader, in the shared header
directory ``verify/include/`` (:data:`verify.tables.kernel.INCLUDE_DIR`); every kernel
compiles with it; an edit of a shared header rebuilds the kernels that include it; the
wheel ships every C source and header."""

import re
import subprocess
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

import verify
from verify.tables import kernel as K

needs_cc = pytest.mark.skipif(K.find_cc() is None, reason="no C compiler")

ROOT = Path(verify.__file__).parent
C_FILES = sorted(p for p in ROOT.rglob("*") if p.suffix in (".c", ".h"))
KERNELS = [p for p in C_FILES if p.suffix == ".c"]
# a function whose name speaks of graph6, defined (a parameter list, then a body)
_G6_DEF = re.compile(r"^[ \t]*(?:static[ \t]+)?(?:inline[ \t]+)?[\w \t\*]+?\b(\w*graph6\w*)[ \t]*\([^;{]*\)[ \s]*\{", re.M)
# the graph6 decoding idiom: a byte minus 63
_G6_DECODE = re.compile(r"\[[^\]]*\][ \t]*-[ \t]*63\b")


def graph6_definitions(text: str) -> list[str]:
    """Names of the functions with ``graph6`` in their name that ``text`` defines.

    >>> graph6_definitions("static int parse_graph6(const char *s, size_t len) {\\n}\\nint x = parse_graph6(s, 1);")
    ['parse_graph6']
    """
    return _G6_DEF.findall(text)


def test_the_files_scanned_are_the_kernels():
    names = {p.name for p in KERNELS}
    assert {"table1_kernel.c", "links_kernel.c", "plain_kernel.c", "strong_kernel.c", "hexsolve.c", "p1_kernel.c",
            "drup_check.c", "shannon_kernel.c"} <= names
    assert K.INCLUDE_DIR == ROOT / "include" and (K.INCLUDE_DIR / "graph6.h").is_file()


def test_one_graph6_reader_in_one_file():
    """No C file but the shared header defines a graph6 function or decodes graph6 bytes."""
    defined = {p.relative_to(ROOT).as_posix(): graph6_definitions(p.read_text()) for p in C_FILES}
    defined = {k: v for k, v in defined.items() if v}
    assert defined == {"include/graph6.h": ["graph6_write", "graph6_parse", "graph6_lines"]}
    decoders = [p.relative_to(ROOT).as_posix() for p in C_FILES if _G6_DECODE.search(p.read_text())]
    assert decoders == ["include/graph6.h"]


def test_the_scan_catches_a_second_reader():
    """The check above can fail: a copy of the reader pasted into a kernel is found."""
    reader = (K.INCLUDE_DIR / "graph6.h").read_text()
    body = reader[reader.index("static int graph6_parse"):reader.index("typedef int (*graph6_line_fn)")]
    pasted = "#include <stdint.h>\n" + body.replace("graph6_parse", "parse_graph6") + "int main(void) { return 0; }\n"
    assert graph6_definitions(pasted) == ["parse_graph6"] and _G6_DECODE.search(pasted)


@pytest.mark.parametrize("name", ["table1_kernel.c", "links_kernel.c", "plain_kernel.c", "strong_kernel.c",
                                  "shannon_kernel.c"])
def test_the_graph_kernels_use_the_shared_reader(name):
    (src,) = [p for p in KERNELS if p.name == name]
    assert K.INCLUDE_DIR / "graph6.h" in K.source_files(src)


@needs_cc
@pytest.mark.parametrize("src", KERNELS, ids=lambda p: p.name)
def test_every_kernel_compiles_with_the_shared_include_dir(src):
    exe = K.compiled(src)
    assert exe is not None and exe.exists()


@needs_cc
def test_an_edited_shared_header_rebuilds_its_kernels(tmp_path, monkeypatch):
    """The cache key hashes the shared headers: a kernel built against a changed
    ``graph6.h`` is a new executable (the shared directory moved to a copy here)."""
    include = tmp_path / "include"
    include.mkdir()
    (include / "graph6.h").write_text((K.INCLUDE_DIR / "graph6.h").read_text())
    monkeypatch.setattr(K, "INCLUDE_DIR", include)
    monkeypatch.setenv("SHANNON_VERIFY_CACHE", str(tmp_path / "cache"))
    src = tmp_path / "count.c"
    src.write_text('#include "graph6.h"\nstatic int count;\n'
                   "static int one(char *s, size_t n) { uint64_t adj[62]; int k = graph6_parse(s, n, 62, adj); "
                   "if (k < 0) return k; count += k; return 0; }\n"
                   'int main(void) { int rc = graph6_lines(one, 62); printf("%d\\n", count); return rc; }\n')
    first = K.compiled(src)
    assert subprocess.run([str(first)], input="Bw\nC~\n", capture_output=True, text=True).stdout == "7\n"
    assert K.source_files(src) == [src, include / "graph6.h"]
    (include / "graph6.h").write_text((include / "graph6.h").read_text() + "/* edited */\n")
    second = K.compiled(src)
    assert second != first and second.exists()


def test_a_missing_header_is_one_sentence(tmp_path):
    from verify.errors import ShannonVerifyError

    (tmp_path / "k.c").write_text('#include "nowhere.h"\nint main(void) { return 0; }\n')
    with pytest.raises(ShannonVerifyError, match=r"k\.c includes nowhere\.h, which is neither beside it nor in"):
        K.source_files(tmp_path / "k.c")


def test_the_wheel_ships_every_c_file():
    """Every .c and .h under verify/ matches a package-data glob of pyproject.toml (so a
    non-editable install can compile every kernel)."""
    project = tomllib.loads((ROOT.parent / "pyproject.toml").read_text())
    data = project["tool"]["setuptools"]["package-data"]
    missing = []
    for p in C_FILES:
        rel = p.relative_to(ROOT.parent)
        shipped = False
        for package, globs in data.items():
            base = Path(*package.split("."))
            if base in rel.parents:
                inner = rel.relative_to(base).as_posix()
                shipped |= any(fnmatch(inner, g) and inner.count("/") == g.count("/") for g in globs)
        if not shipped:
            missing.append(rel.as_posix())
    assert missing == []
