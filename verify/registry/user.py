"""Loading a user's statement from ``FILE.py::NAME`` (for ``hunt`` and its shards).

Library code: the CLI and the sweep workers both call :func:`load_user_statement`.
A user statement may not take a paper's prefix (``TSD.``, ``LNK.``, ...) nor an id
that is already registered: it would shadow that statement.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
from pathlib import Path

from ..errors import InputError
from .statement import Statement

__all__ = ["load_user_statement", "source_hash"]


def source_hash(path: str | Path) -> str:
    """SHA-256 (hex) of the bytes of a statement file; ``--resume`` refuses a changed file."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError as exc:
        raise InputError(f"Cannot read {str(path)!r}: {exc.strerror or exc}.") from None


def _same_origin(a: Statement, b: Statement) -> bool:
    """Whether two statement objects come from the same function of the same file."""
    fa, fb = getattr(a.check, "__code__", None), getattr(b.check, "__code__", None)
    return (fa is not None and fb is not None and a.check.__qualname__ == b.check.__qualname__
            and Path(fa.co_filename).resolve() == Path(fb.co_filename).resolve())


def _check_arity(st: Statement, path: str) -> None:
    fn = st.check
    try:
        inspect.signature(fn).bind(object())
    except TypeError:
        raise InputError(f"{path}: the check of {st.id} ({getattr(fn, '__name__', fn)}) must take exactly one "
                         f"argument, the game; its signature is {inspect.signature(fn)}.") from None
    except ValueError:  # no signature (a builtin): let the first call tell
        pass


def load_user_statement(target: str) -> Statement:
    """The :class:`Statement` named by ``FILE.py::NAME`` (function name or id).

    The paper statements are loaded first, so that a user statement whose id is a
    paper's (or any registered one) is refused instead of replacing it.
    """
    from . import REGISTRY, load_paper_statements
    from .catalogue import paper_prefixes

    if "::" not in target:
        raise InputError("The target must be FILE.py::NAME, e.g. my_conj.py::pendants_dead.")
    path, name = target.rsplit("::", 1)
    p = Path(path)
    if not p.is_file():
        raise InputError(f"{path!r} is not a file.")
    load_paper_statements()
    before = dict(REGISTRY)
    REGISTRY.clear()  # the file registers into an empty registry: nothing of before is replaced
    spec = importlib.util.spec_from_file_location(f"user_statements_{abs(hash(p.resolve()))}", p)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except InputError as exc:
        raise InputError(f"Loading {path} failed: {exc}") from None
    except SystemExit as exc:
        raise InputError(f"Loading {path} failed: it called sys.exit({exc.code!r}) at import.") from None
    except Exception as exc:
        raise InputError(f"Loading {path} failed: {type(exc).__name__}: {exc}") from None
    finally:
        added = dict(REGISTRY)
        REGISTRY.clear()
        REGISTRY.update(before)
    obj = getattr(module, name, None)
    if not isinstance(obj, Statement):
        obj = next((v for v in vars(module).values() if isinstance(v, Statement) and v.id == name), None)
    if obj is None:
        raise InputError(f"{path} has no statement named {name!r} (decorate it with @statement).")
    # an id registered before, by a paper or by another file, must not be replaced
    for i, st in {**added, obj.id: obj}.items():
        old = before.get(i)
        if old is not None and not (old.user and _same_origin(old, st)):
            whose = "a paper statement" if not old.user else "already registered"
            raise InputError(f"{path} defines statement {i}, which is {whose}; give yours another id, such as MY.{i.split('.')[-1]}.")
        prefix = i.split(".")[0]
        if prefix in paper_prefixes():
            raise InputError(f"{path} defines statement {i} with the prefix of a paper ({prefix}); give yours an id "
                             f"of your own, such as MY.{i.split('.', 1)[-1]}.")
    REGISTRY.update(added)
    _check_arity(obj, path)
    obj.meta["target"] = f"{p.resolve()}::{name}"  # what 'hunt' takes again (a counterexample's "reproduce")
    return obj
