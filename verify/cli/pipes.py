"""Printing into a pipe whose reader may stop early.

``python ci/n9_audit.py table | head -1`` closes the pipe after one line; the next write
raises ``BrokenPipeError``.  That is the reader's choice, not an error: the scripts that
print tables end quietly (exit 0, no traceback), and standard output is pointed at
``/dev/null`` so that the interpreter's last flush at exit is quiet as well.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def reader_may_stop() -> Iterator[None]:
    """Run the block; a ``BrokenPipeError`` from it ends the block quietly.

    Examples
    --------
    >>> with reader_may_stop():
    ...     print("a table")
    a table
    """
    try:
        yield
    except BrokenPipeError:  # the reader stopped early (| head): not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
