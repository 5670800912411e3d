"""Compiled counting kernels fed by geng, sharded over local processes.

A *kernel* is a small C program (its source ships beside this module) that reads
graph6 lines on standard input and prints counts.  It is compiled on first use with
``gcc`` (or ``$SHANNON_VERIFY_CC``) into a cache directory — ``$SHANNON_VERIFY_CACHE``,
else ``$XDG_CACHE_HOME/shannon-verify``, else ``~/.cache/shannon-verify``, else a
directory under the system temporary directory — under a name that hashes the
source, every local header it includes (``#include "x.h"``, found beside it or in the
shared header directory :data:`INCLUDE_DIR`, recursively) and the compiler command, so
an edited source or header is recompiled.  Every kernel is compiled with
``-I`` :data:`INCLUDE_DIR` (``verify/include/``: the C headers the kernels share, such as
the one graph6 reader ``graph6.h``), so an edit of a shared header rebuilds every kernel
that includes it.
Each compilation writes a file of its own and renames it into place atomically, so
processes or threads compiling the same kernel at once do not trip over each other.  :func:`compiled`
returns ``None`` when no compiler is found; callers then fall back to Python.

:func:`run_pipelines` runs ``geng -c -q n res/mod | kernel`` for every shard
``res`` of ``mod``, at most ``jobs`` pipelines at a time.  geng writes straight into
the kernel's standard input: no Python sits in the data path.

Examples
--------
>>> default_shards(8, 2), default_shards(10, 2), default_shards(11, 2)
(1, 32, 128)
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import time
import sys
import tempfile
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from ..errors import InputError, ShannonVerifyError
from ..graphs import GENG_HELP, find_geng
from ..sweep.backends import stops_deferred

__all__ = ["INCLUDE_DIR", "cache_dir", "find_cc", "compiled", "file_lock", "source_files", "default_jobs", "default_shards", "geng_command", "run_pipelines"]

CFLAGS = ("-O3", "-std=c99")

INCLUDE_DIR = Path(__file__).resolve().parents[1] / "include"
"""The C headers shared by the kernels (``-I`` of every compilation; shipped in the wheel)."""


def cache_dir() -> Path:
    """A writable directory for compiled kernels (created if needed).

    >>> cache_dir().is_dir()
    True
    """
    env = os.environ.get("SHANNON_VERIFY_CACHE")
    xdg = os.environ.get("XDG_CACHE_HOME")
    candidates = [Path(env)] if env else []
    candidates += [Path(xdg) / "shannon-verify"] if xdg else []
    candidates += [Path.home() / ".cache" / "shannon-verify", Path(tempfile.gettempdir()) / f"shannon-verify-{os.getuid()}"]
    for d in candidates:
        try:
            d.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(d, os.W_OK):
            return d
    raise ShannonVerifyError("No writable cache directory for compiled kernels; set SHANNON_VERIFY_CACHE.")


def find_cc() -> str | None:
    """The C compiler: ``$SHANNON_VERIFY_CC`` if set (None if it does not exist), else gcc or cc."""
    env = os.environ.get("SHANNON_VERIFY_CC")
    if env:
        return shutil.which(env)
    return shutil.which("gcc") or shutil.which("cc")


def compiled(source: Path) -> Path | None:
    """Path of the executable built from ``source``; None when no C compiler is found.

    A failed compilation is a bug, not a missing tool, and raises
    :class:`~verify.errors.ShannonVerifyError`.
    """
    cc = find_cc()
    if cc is None:
        return None
    digest = hashlib.sha256()
    for part in source_files(source):
        digest.update(part.name.encode() + b"\0" + part.read_bytes() + b"\0")
    digest.update(repr((cc, CFLAGS, sys.platform, os.uname().machine)).encode())
    exe = cache_dir() / f"{source.stem}-{digest.hexdigest()[:16]}"
    if exe.exists():
        return exe
    with file_lock(exe.with_name(exe.name + ".lock")):  # one compiler run per kernel; the others wait for it
        if exe.exists():
            return exe
        fd, name = tempfile.mkstemp(prefix=f"{exe.name}.", suffix=".tmp", dir=exe.parent)
        os.close(fd)
        tmp = Path(name)
        try:
            proc = subprocess.run([cc, *CFLAGS, "-I", str(INCLUDE_DIR), "-o", str(tmp), str(source)], capture_output=True, text=True)
            if proc.returncode or not tmp.stat().st_size:
                lines = proc.stderr.strip().splitlines()
                first = next((x for x in lines if " error: " in x), lines[0] if lines else "no message")
                raise ShannonVerifyError(f"Compiling {source.name} with {cc} failed: {first}")
            os.chmod(tmp, 0o755)
            os.replace(tmp, exe)  # atomic: a reader never sees a half-written executable
        finally:
            tmp.unlink(missing_ok=True)
    return exe


_THREAD_LOCK = __import__("threading").Lock()


class file_lock:
    """An exclusive lock on ``path`` across processes (``fcntl.flock``) and threads (a
    lock per process: ``flock`` on separate descriptors of one file does not exclude
    threads of the same process on every system).  Where ``fcntl`` is missing, only the
    thread lock: the unique temporary name and the atomic rename still keep the cache
    whole, at the cost of a duplicate compilation."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd: int | None = None

    def __enter__(self) -> "file_lock":
        _THREAD_LOCK.acquire()
        try:
            import fcntl

            self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            fcntl.flock(self.fd, fcntl.LOCK_EX)
        except ImportError:
            pass
        except OSError:  # a lock file we cannot create: fall back on the atomic rename
            if self.fd is not None:
                os.close(self.fd)
            self.fd = None
        return self

    def __exit__(self, *exc) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing releases the flock
        _THREAD_LOCK.release()


_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.M)


def source_files(source: Path) -> list[Path]:
    """``source`` and the local headers it includes (``#include "name"``, looked up beside
    the including file, then in :data:`INCLUDE_DIR`, as ``gcc -I`` does; recursively), each
    once: what the compile cache key hashes.

    >>> [p.name for p in source_files(Path(__file__).parents[1] / "papers" / "lnk" / "strong_kernel.c")]
    ['strong_kernel.c', 'lnk_graph6.h', 'lnk_pairs.h', 'lnk_solver.h', 'graph6.h']
    """
    out: list[Path] = []
    todo = [Path(source)]
    while todo:
        path = todo.pop(0)
        if path in out:
            continue
        out.append(path)
        for name in _INCLUDE.findall(path.read_bytes()):
            header = path.parent / name.decode()
            if not header.exists():
                header = INCLUDE_DIR / name.decode()
            if not header.exists():
                raise ShannonVerifyError(f"{path.name} includes {name.decode()}, which is neither beside it "
                                         f"nor in {INCLUDE_DIR}.")
            todo.append(header)
    return out


def default_jobs() -> int:
    """Number of cores this process may use.

    >>> default_jobs() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def default_shards(n: int, jobs: int) -> int:
    """How many geng shards (``res/mod``) to cut ``n``-vertex generation into.

    One below 9 vertices (starting processes would cost more than the work);
    above, enough that ``jobs`` workers stay balanced and progress is visible.
    """
    if n <= 8:
        return 1
    return max(jobs, min(256, jobs * 4 ** (n - 8)))


def geng_command(n: int, res: int = 0, mod: int = 1, geng: str | None = None) -> list[str]:
    """The geng command line for connected ``n``-vertex graphs, shard ``res/mod``.

    >>> geng_command(9, 3, 8, geng="geng")
    ['geng', '-c', '-q', '9', '3/8']
    """
    geng = geng or find_geng()
    if geng is None:
        raise ShannonVerifyError(GENG_HELP)
    return [geng, "-c", "-q", str(n)] + ([f"{res}/{mod}"] if mod > 1 else [])


def _pipeline(geng_cmd: list[str], kernel_cmd: list[str]) -> str:
    gen = subprocess.Popen(geng_cmd, stdout=subprocess.PIPE)
    try:
        ker = subprocess.run(kernel_cmd, stdin=gen.stdout, capture_output=True, text=True)
    finally:
        assert gen.stdout is not None
        gen.stdout.close()
        gen.wait()
    if ker.returncode:
        raise ShannonVerifyError(f"{Path(kernel_cmd[0]).name} failed: {ker.stderr.strip() or ker.returncode}")
    if gen.returncode:
        raise ShannonVerifyError(f"geng exited with status {gen.returncode}.")
    return ker.stdout


def _timed_pipeline(geng_cmd: list[str], kernel_cmd: list[str]) -> tuple[str, float]:
    start = time.perf_counter()
    out = _pipeline(geng_cmd, kernel_cmd)
    return out, time.perf_counter() - start


def run_pipelines(
    n: int,
    kernel_cmd: list[str],
    *,
    jobs: int,
    mod: int,
    residues: Iterable[int] | None = None,
    on_done: Callable[[int, str, float], None] | None = None,
) -> list[str]:
    """Run ``geng -c -q n res/mod | kernel`` per shard, ``jobs`` at a time; their outputs.

    ``residues`` (default all of ``0 .. mod-1``) selects shards, e.g. to time a few
    before a long run; ``on_done(res, output, seconds)`` is called after each finished
    shard (in the calling thread).

    >>> sum(int(out) for out in run_pipelines(4, ["wc", "-l"], jobs=2, mod=2))
    6
    """
    if jobs < 1:
        raise InputError("--jobs must be at least 1.")
    residues = list(range(mod)) if residues is None else list(residues)
    outputs: dict[int, str] = {}
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        with stops_deferred():  # a stop while the pool starts its threads comes after
            futures = {pool.submit(_timed_pipeline, geng_command(n, r, mod), kernel_cmd): r for r in residues}
        try:
            for fut in as_completed(futures):
                r = futures[fut]
                outputs[r], seconds = fut.result()
                if on_done is not None:
                    on_done(r, outputs[r], seconds)
        except BaseException:
            for fut in futures:
                fut.cancel()
            raise
    return [outputs[r] for r in residues]
