"""The ``shannon-verify`` command line.

Each sub-command lives in its own module here and registers itself through
``register(subparsers)``; :func:`main` turns every :class:`~verify.errors.ShannonVerifyError`
into one sentence on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import errno
import sqlite3
import sys

from .. import __version__
from ..errors import ShannonVerifyError

__all__ = ["main", "build_parser"]

COMMANDS = ["dead", "solve", "check", "table", "report", "results", "prove", "links", "switch", "proof", "hex_openings",
            "mutants", "htp"]
"""The sub-command modules of :mod:`verify.cli`, imported when the parser is built."""

MODULE_OF = {"dead": "dead", "solve": "solve", "capture": "solve", "list": "check", "check": "check", "hunt": "check",
             "table": "table", "report": "report", "results": "results", "prove": "prove", "links": "links",
             "switch": "switch", "check-proof": "proof", "hex-openings": "hex_openings", "mutants": "mutants",
             "htp": "htp"}
"""The module of each command (a command missing here gets the whole parser built)."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or with ``only`` (a module of :data:`COMMANDS`) just its
    sub-commands: what :func:`main` builds when the first argument names a command (the
    same options, help and messages, without importing the other commands, so
    ``shannon-verify dead --hex`` starts in a tenth of a second)."""
    import importlib

    parser = argparse.ArgumentParser(
        prog="shannon-verify",
        description="Verify the mathematics of the Shannon game: dead vertices and edges, "
        "winners, and the statements of the papers.",
    )
    parser.add_argument("--version", action="version", version=f"shannon-verify {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        if only is None or name == only:
            importlib.import_module(f".{name}", __name__).register(sub)
    return parser


RESUME_HINT = " (--resume continues a stored run)"


def _os_error(exc: OSError, resumable: bool = False) -> str:
    """One sentence for an operating-system error (disk full, permission denied, ...);
    ``resumable``: the command has ``--resume``, which a full disk's sentence then names.

    >>> _os_error(OSError(errno.ENOSPC, "No space left on device", "counterexamples/X.json"), resumable=True)
    "No space left on device ('counterexamples/X.json'); free some space and run again (--resume continues a stored run)."
    >>> _os_error(OSError(errno.ENOSPC, "No space left on device", "proof/manifest.json"))
    "No space left on device ('proof/manifest.json'); free some space and run again."
    """
    what = exc.strerror or str(exc) or type(exc).__name__
    where = f" ({str(exc.filename)!r})" if exc.filename else ""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"{what}{where}; free some space and run again{RESUME_HINT if resumable else ''}."
    return f"{what}{where}."


PICTURE_OPTIONS = ("png", "gallery")  # options that name a picture file, in any command
STORE_OPTIONS = ("store",)  # options that name a store file to create or extend
SECONDS_OPTIONS = ("budget", "budget_per_opening", "timeout", "instance_timeout")
JOBS_CAP = 4  # worker processes per core at most: more never helps a CPU-bound search


def shared_inputs(args: argparse.Namespace) -> None:
    """The checks every command shares, applied once to whatever options it has: picture
    paths (:func:`~verify.cli.inputs.picture_path`), store paths (the folder must exist),
    time budgets (finite, positive) and worker counts (at least 1; capped at
    :data:`JOBS_CAP` per core, with a note).  A limit added here holds for every command.

    >>> ns = argparse.Namespace(budget=float("inf"))
    >>> shared_inputs(ns)
    Traceback (most recent call last):
    ...
    verify.errors.InputError: --budget must be a finite number of seconds above 0, not inf.
    """
    import math
    import os
    from pathlib import Path

    from ..errors import InputError
    from .inputs import picture_path

    for name in PICTURE_OPTIONS:
        value = getattr(args, name, None)
        if isinstance(value, str):
            setattr(args, name, picture_path(value, '--' + name))
    for name in STORE_OPTIONS:
        value = getattr(args, name, None)
        if isinstance(value, str):
            p = Path(value)
            if p.is_dir():
                raise InputError(f"--{name} {value!r} is a folder; give a file name inside it.")
            if not p.resolve().parent.is_dir():
                raise InputError(f"--{name} {value!r}: the folder {str(p.parent)!r} does not exist; create it first.")
    for name in SECONDS_OPTIONS:
        value = getattr(args, name, None)
        if isinstance(value, float) and not (math.isfinite(value) and value > 0):
            raise InputError(f"--{name.replace('_', '-')} must be a finite number of seconds above 0, not {value:g}.")
    jobs = getattr(args, "jobs", None)
    if isinstance(jobs, int) and not isinstance(jobs, bool):
        if jobs < 1:
            raise InputError("--jobs must be at least 1.")
        cap = JOBS_CAP * (os.cpu_count() or 1)
        if jobs > cap and not getattr(args, "dask", None):
            print(f"note: --jobs {jobs} capped at {cap} ({JOBS_CAP} per core)", file=sys.stderr)
            args.jobs = cap


def robust_streams() -> None:
    """Standard input, output and error made unable to fail on a character their encoding
    lacks (``PYTHONIOENCODING=ascii``, a latin-1 terminal): such a character is written as
    ``?`` instead of ending the command with a ``UnicodeEncodeError``.  UTF-8 streams, and
    streams that cannot be reconfigured, are left as they are."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
        if encoding not in ("utf8", "utf8sig") and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="replace")
            except (ValueError, OSError, AttributeError):  # a stream already read from, or closed
                pass


def _resumable(args: argparse.Namespace) -> bool:
    """Whether ``--resume`` could continue this run: the command has it and keeps a store
    (``check`` and ``hunt`` keep one unless ``--no-store``; ``links`` and ``hex-openings``
    with ``--store``)."""
    if not hasattr(args, "resume") or getattr(args, "no_store", False):
        return False
    return args.command in ("check", "hunt") or bool(getattr(args, "store", None))


def main(argv: list[str] | None = None) -> int:
    robust_streams()
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(MODULE_OF.get(words[0]) if words else None)
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        shared_inputs(args)
        return int(args.run(args) or 0)
    except ShannonVerifyError as exc:
        print(f"shannon-verify {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except sqlite3.DatabaseError as exc:  # the results store, damaged or out of space while running
        from ..sweep.store import store_failure

        why = store_failure(exc) or (f"the results store failed ({exc}); move the store away and start a new run.")
        if "free some space" in why and _resumable(args):
            why = why[:-1] + RESUME_HINT + "."
        print(f"shannon-verify {args.command}: error: {why}", file=sys.stderr)
        return 2
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            return 0
        print(f"shannon-verify {args.command}: error: {_os_error(exc, _resumable(args))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:
        hint = f"; {exc.args[0]}" if exc.args and isinstance(exc.args[0], str) else ""
        print(f"shannon-verify: interrupted{hint}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
