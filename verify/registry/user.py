"""Loading a user's statement from ``FILE.py::NAME`` (for ``hunt`` and its shards).

Library code: the CLI and the sweep workers both call :func:`load_user_statement`.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from ..errors import InputError
from .statement import Statement

__all__ = ["load_user_statement"]


def load_user_statement(target: str) -> Statement:
    """The :class:`Statement` named by ``FILE.py::NAME`` (function name or id)."""
    if "::" not in target:
        raise InputError("The target must be FILE.py::NAME, e.g. my_conj.py::pendants_dead.")
    path, name = target.rsplit("::", 1)
    p = Path(path)
    if not p.is_file():
        raise InputError(f"{path!r} is not a file.")
    spec = importlib.util.spec_from_file_location(f"user_statements_{abs(hash(p.resolve()))}", p)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise InputError(f"Loading {path} failed: {type(exc).__name__}: {exc}") from None
    obj = getattr(module, name, None)
    if isinstance(obj, Statement):
        return obj
    for v in vars(module).values():
        if isinstance(v, Statement) and v.id == name:
            return v
    raise InputError(f"{path} has no statement named {name!r} (decorate it with @statement).")
