"""Provenance of stored results: the commit that computed a shard, and the code a verdict rests on.

* :func:`code_commit` — the git commit of the checkout the library runs from (with
  ``+dirty`` when its ``verify/`` differs from that commit), recorded with every shard a
  sweep stores, so a long run that spans sessions says which code computed what.
* :func:`code_hash` — a SHA-256 over the sources of every module a statement's check can
  run: its own module, every ``verify.*`` module reachable from it through the names it
  holds (functions, classes, modules) and the modules its routes name
  (:mod:`verify.registry.routes`); for a module of a subpackage (``verify/dead/``,
  ``verify/papers/tsd/``, ...) every Python and C source of that folder, since its
  modules also import each other inside functions.
  ``--resume`` refuses a stored run whose statements' code hash changed, so a change to
  any route or oracle the statement uses is noticed, not only a change to its check.

>>> from verify.registry import REGISTRY, load_paper_statements
>>> load_paper_statements()
>>> "verify.dead.allpaths" in code_modules(REGISTRY["TSD.T12"])
True
"""

from __future__ import annotations

import functools
import hashlib
import subprocess
import sys
import types
from pathlib import Path

__all__ = ["code_commit", "code_modules", "code_hash"]

ROOT = Path(__file__).resolve().parents[2]


@functools.lru_cache(maxsize=1)
def code_commit() -> str:
    """The commit of the checkout (``+dirty`` when ``verify/`` has changes), or ``""``
    outside a git checkout."""
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10)
        if head.returncode:
            return ""
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "verify"], capture_output=True,
                               text=True, timeout=10)
        return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return ""


def _module_of(obj) -> str | None:
    if isinstance(obj, types.ModuleType):
        return obj.__name__
    name = getattr(obj, "__module__", None)
    return name if isinstance(name, str) else None


def code_modules(st) -> list[str]:
    """The ``verify.*`` modules the check of ``st`` can reach (sorted)."""
    from ..registry.routes import route_modules

    start = {getattr(st.check, "__module__", None), *route_modules(st.id)}
    seen: set[str] = set()
    todo = [m for m in start if m]
    while todo:
        name = todo.pop()
        if name in seen or not name.startswith("verify.") or name not in sys.modules:
            continue
        seen.add(name)
        for obj in list(vars(sys.modules[name]).values()):
            m = _module_of(obj)
            if m and m.startswith("verify.") and m not in seen:
                todo.append(m)
    return sorted(seen)


def code_hash(st) -> str | None:
    """SHA-256 of the sources of :func:`code_modules` and their folders' C files (None
    for a statement without a module file)."""
    h = hashlib.sha256()
    files: set[Path] = set()
    top = ROOT / "verify"
    for name in code_modules(st):
        f = getattr(sys.modules[name], "__file__", None)
        if not f:
            continue
        p = Path(f).resolve()
        files.add(p)
        if p.parent != top:  # a subpackage: all of its folder (its modules import each other lazily too)
            for pattern in ("*.py", "*.c", "*.h"):
                files.update(p.parent.glob(pattern))
    if not files:
        return None
    for p in sorted(files):
        try:
            h.update(str(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p.name).encode())
            h.update(p.read_bytes())
        except OSError:
            return None
    return h.hexdigest()
