"""The ``shannon-verify`` command line.

Each sub-command lives in its own module here and registers itself through
``register(subparsers)``; :func:`main` turns every :class:`~verify.errors.ShannonVerifyError`
into one sentence on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import sys

from .. import __version__
from ..errors import ShannonVerifyError
from . import check, dead, prove, report, results, solve, switch, table

__all__ = ["main", "build_parser"]

COMMANDS = [dead, solve, check, table, report, results, prove, switch]


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
    except KeyboardInterrupt:
        print("shannon-verify: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
