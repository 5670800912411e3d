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
from . import check, dead, hex_openings, links, mutants, proof, prove, report, results, solve, switch, table

__all__ = ["main", "build_parser"]

COMMANDS = [dead, solve, check, table, report, results, prove, links, switch, proof, hex_openings, mutants]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shannon-verify",
        description="Verify the mathematics of the Shannon game: dead vertices and edges, "
        "winners, and the statements of the papers.",
    )
    parser.add_argument("--version", action="version", version=f"shannon-verify {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for mod in COMMANDS:
        mod.register(sub)
    return parser


def _os_error(exc: OSError) -> str:
    """One sentence for an operating-system error (disk full, permission denied, ...).

    >>> _os_error(OSError(errno.ENOSPC, "No space left on device", "counterexamples/X.json"))
    "No space left on device ('counterexamples/X.json'); free some space and run again (--resume continues a stored run)."
    """
    what = exc.strerror or str(exc) or type(exc).__name__
    where = f" ({str(exc.filename)!r})" if exc.filename else ""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"{what}{where}; free some space and run again (--resume continues a stored run)."
    return f"{what}{where}."


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        return int(args.run(args) or 0)
    except ShannonVerifyError as exc:
        print(f"shannon-verify {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except sqlite3.DatabaseError as exc:  # the results store, damaged or out of space while running
        print(f"shannon-verify {args.command}: error: the results store failed ({exc}); free some space, or move the "
              "store away and start a new run.", file=sys.stderr)
        return 2
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            return 0
        print(f"shannon-verify {args.command}: error: {_os_error(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("shannon-verify: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
